/* Shared by the harnesses that answer requests: the compiled catalog named by AUTOPLAN_CATALOG and a
 * router over it, opened once per fuzzing process. */
#ifndef AUTOPLAN_FUZZ_CATALOG_H
#define AUTOPLAN_FUZZ_CATALOG_H

#include "catalog/catalog.h"
#include "api/routes.h"
#include "http/router.h"

#include <stdio.h>
#include <stdlib.h>

static struct catalog cat;
static struct router rt;

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	char err[512];
	const char *path = getenv("AUTOPLAN_CATALOG");
	if (!path || catalog_open(&cat, path, err, sizeof err) < 0 || router_init(&rt, &cat, ROUTES, NROUTES) < 0) {
		fprintf(stderr, "%s: set AUTOPLAN_CATALOG to a compiled catalog (%s)\n", (*argv)[0], path ? err : "unset");
		exit(1);
	}
	return 0;
}

#endif
