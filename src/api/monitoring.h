/* The private monitoring interface on the responder's side: its settings, the store it opens once per
 * process (after fork), the bearer-key step the router runs on R_AUTH routes, and what both the
 * handlers and the evaluator (autoplan-monitor) need: a watch's impact (row 10's answer, judged against
 * the watch's granted scopes, with change fingerprints) and the public views of watches and alerts. */
#ifndef AUTOPLAN_MONITORING_H
#define AUTOPLAN_MONITORING_H

#include "http/router.h"
#include "monitor/webhook.h"
#include "store/store.h"

#include <json-c/json.h>
#include <sys/types.h>

#define MONITOR_DEFAULT_MAX_WATCHES 100
#define MONITOR_REALM "autoplan monitoring"
#define MONITORING_PREFIX "/v2/monitoring"  /* every path of the interface begins so */

struct monitoring {
	char conn[1024];          /* the store's connection string; empty: the interface is switched off */
	struct store *st;         /* opened on first use in this process */
	pid_t pid;                /* the process st was opened in */
	long long max_watches;    /* per project */
	struct net_allow allow;   /* webhook addresses the operator allows beyond public ones */
	char catalog_sha[65];     /* the catalog registered last in this process, and its sequence */
	long long catalog_seq;
};

/* Settings from conn (NULL: AUTOPLAN_MONITOR_DB, else the built-in default path; "off" switches the
 * interface off), AUTOPLAN_MAX_WATCHES and AUTOPLAN_WEBHOOK_ALLOW. Opens nothing. Returns 0, or -1 with
 * the reason in err. */
int monitoring_init(struct monitoring *m, const char *conn, char *err, size_t errlen);
void monitoring_free(struct monitoring *m);

/* The store of this process, opened (and migrated) on first use; NULL when it cannot be, with the
 * reason on stderr (never a password of the connection string). */
struct store *monitoring_store(struct monitoring *m);

/* The router's auth step (auth_fn) for env = struct monitoring. */
int monitoring_auth(void *env, const struct request *req, bool write, struct principal *who, struct reply *out);

/* The hex sha256 of the compiled catalog file: the identity of a deployed catalog. */
void catalog_sha_hex(const struct catalog *cat, char out[65]);

/* Registers cat in the store once per process and catalog; *seq gets its sequence. Returns an enum db_rc. */
int monitoring_catalog(struct monitoring *m, struct store *st, const struct catalog *cat, long long *seq);

/* Row 10's answer for snapshot on cat, with the version triple, judged against granted (an array, or
 * NULL to keep row 10's judgement) and with a fingerprint on every change. NULL when the snapshot
 * does not have the declared shape. A watch on directory entries (its stored document, api/watch_entries.h)
 * gets their tool changes since its baseline instead. The caller owns the result. */
struct json_object *watch_impact(const struct catalog *cat, const struct json_object *snapshot,
	const struct json_object *granted);

/* RFC 3339 UTC time of Unix seconds t, or null for 0. */
struct json_object *json_time(long long t);

/* The public view of an alert row (store_alert_list's columns); acked: array of acknowledged
 * fingerprints of its watch (rows {fingerprint}) or NULL. A row without seq or delivery columns
 * gives a view without them (a webhook payload). The caller owns the result. */
struct json_object *alert_view(const struct json_object *row, const struct json_object *acked);

/* Whether acked (rows {fingerprint}, or NULL) holds fp. */
bool fingerprint_acked(const struct json_object *acked, const char *fp);

/* Marks every change of list (an array of changes) "acknowledged" when acked holds its fingerprint. */
void mark_acknowledged(struct json_object *list, const struct json_object *acked);

#endif
