/* Helpers of the monitoring integration tests: keys from autoplan-admin, authenticated requests through
 * nginx, snapshots, the webhook receiver (receiver.js) and catalog swaps. Environment (tests/monitor/run.sh):
 * AUTOPLAN_BASE_URL, AUTOPLAN_BUILDDIR, AUTOPLAN_SRCDIR, AUTOPLAN_RUNDIR, AUTOPLAN_MONITOR_DB,
 * AUTOPLAN_SERVED_CATALOG (the file the stack serves), AUTOPLAN_RECEIVER_DIR. */
#ifndef AUTOPLAN_TEST_MON_H
#define AUTOPLAN_TEST_MON_H

#include "../integration/http.h"

#include <stdbool.h>

/* autoplan-admin ARGS... (NULL-terminated) against the stack's store; the last line of its output goes to
 * last. Returns the exit status. */
int admin(char *last, size_t n, ...);
/* A new project with a name unique to this run; its id goes to id. */
void new_project(char *id, size_t n, const char *name);
/* A new key of project (extra: NULL, "--read-only", ...); the key goes to key. */
void new_key(char *key, size_t n, const char *project, const char *extra1, const char *extra2);

/* Requests with "Authorization: Bearer key" (key NULL: no header). */
struct http_resp mreq(const char *key, const char *method, const char *path, const char *body);

/* The snapshot of a task (POST /v2/workflows/snapshot), as JSON text; caller frees. */
char *snapshot_of(const char *task_id);
/* POST /v2/monitoring/watches; granted and webhook_url may be NULL. */
struct http_resp create_watch(const char *key, const char *name, const char *snapshot, const char *granted,
	const char *webhook_url);

/* The receiver: the address of a path on it, registering the watch's secret and how many first deliveries
 * it answers 503; and the log lines for a path (a new array). */
void receiver_url(char *out, size_t n, const char *path);
void receiver_expect(const char *path, const char *secret, int failures);
struct json_object *receiver_log(const char *path);

/* Builds a catalog from the sources with every operation's scope alternative named in drop[] removed
 * ("app/operation/scope", NULL-terminated) and catalog_version set to version, and renames it over the
 * served catalog: a deployment. */
void swap_catalog(const char *version, const char *const *drop);
/* The same with one more verification report, report (its id report_id), in catalog/reports. */
void swap_catalog_with(const char *version, const char *const *drop, const char *report_id, struct json_object *report);

/* Polls cond(arg) every 200 ms for up to seconds; returns whether it held. */
bool wait_for(bool (*cond)(void *), void *arg, int seconds);

#endif
