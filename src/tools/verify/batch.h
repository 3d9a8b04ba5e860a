/* Batch verification of the directory (autoplan-verify --directory): every chosen entry whose package
 * this machine can run is installed into the npm cache, started in the sandbox and verified, several at
 * once; each run writes a dated report. Entries it cannot run (PyPI, OCI, remote endpoints, no package)
 * are "not attempted" with the reason. The summary names each entry's outcome, seconds and peak memory.
 * Errors are returned as text; only the progress line and the summary are printed, to the streams given. */
#ifndef AUTOPLAN_VERIFY_BATCH_H
#define AUTOPLAN_VERIFY_BATCH_H

#include "tools/verify/sandbox.h"

#include <stdio.h>

struct batch_opts {
	const char *catalog;        /* the compiled catalog */
	const char *reports;        /* directory the reports are written to (and read for --max-age) */
	const char *cache;          /* the npm cache directory */
	const char *plans;          /* directory of verification plans, <slug>.json, or NULL */
	char *const *keys;          /* entry keys or slugs to verify; nkeys 0: every MCP entry */
	int nkeys;
	int jobs;                   /* entries verified at once, 1..32 */
	int max_age_days;           /* skip an entry with a report this recent; -1: never skip */
	const char *date;           /* YYYY-MM-DD of the reports */
	int timeout_ms;             /* deadline of each request */
	struct sandbox_limits lim;  /* the sandbox's limits for each server */
	const char *bwrap;          /* bubblewrap program, or NULL */
	FILE *progress;             /* a terminal for the progress line, or NULL */
	FILE *summary;              /* where the summary goes */
};

/* Returns 0 when every attempted entry passed, 3 when one failed or could not be installed, or -1 with
 * err when the batch could not run at all (bad options, unknown key, no catalog, no sandbox). */
int batch_run(const struct batch_opts *o, char *err, size_t errlen);

#endif
