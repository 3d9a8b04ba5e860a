#include "util/cli.h"

#include <stdio.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

int cli_help_version(int argc, char **argv, const char *program, const char *usage)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			fputs(usage, stdout);
			return fflush(stdout) == 0 ? 0 : 1;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("%s (autoplan) %s\n", program, PACKAGE_VERSION);
			return fflush(stdout) == 0 ? 0 : 1;
		}
	}
	return -1;
}
