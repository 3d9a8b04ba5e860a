/* The monitoring store: projects, keys, the catalogs seen, watches, alerts, acknowledgements, webhook
 * deliveries and the evaluators' heartbeats, with versioned migrations (schema_migrations). The same
 * schema and statements run on SQLite and PostgreSQL (db.h). Reads return JSON rows (column names as
 * in the statements; times are Unix seconds; JSON documents are text); the caller puts them.
 * Identifiers are made by the callers (monitor/apikey.h random_id) and passed in. */
#ifndef AUTOPLAN_STORE_H
#define AUTOPLAN_STORE_H

#include "store/db.h"

#include <json-c/json.h>

#define STORE_SCHEMA_VERSION 1

/* Outcomes beside enum db_rc. */
enum { STORE_NOT_FOUND = -10, STORE_LIMIT = -11, STORE_NEWER_SCHEMA = -12 };

struct store;

/* The connection string to use: given when not NULL or empty, else AUTOPLAN_MONITOR_DB, else the
 * built-in default (a SQLite file under the install's state directory). "off" switches monitoring off. */
const char *store_conn(const char *given);

/* Started as root with a SQLite store whose directory another account owns (the account the responder
 * serves as: it needs to create the journal files there), becomes that account, so that every file
 * the store gets stays usable by the responder. Does nothing otherwise. Returns 0, or -1 with the
 * reason in err. */
int store_run_as_owner(const char *conn, char *err, size_t errlen);

/* Opens conn (db.h) and brings the schema up to STORE_SCHEMA_VERSION; concurrent openers serialise.
 * Returns 0, or -1 with the reason in err. */
int store_open(struct store **out, const char *conn, char *err, size_t errlen);
void store_close(struct store *st);
struct db *store_db(struct store *st);
const char *store_error(const struct store *st);
/* The schema version recorded in the store. */
int store_schema_version(struct store *st, long long *version);

/* ---- projects and keys (autoplan-admin; the responder reads) ---- */
/* DB_CONSTRAINT when the name is taken. */
int store_project_create(struct store *st, const char *id, const char *name, long long now);
/* A project by id, or else by name; *row NULL when none. */
int store_project_find(struct store *st, const char *id_or_name, struct json_object **row);
int store_project_list(struct store *st, struct json_object **rows);

/* expires_at 0: never. */
int store_key_insert(struct store *st, const char *id, const char *project_id, const char *hash, int read_only,
	long long now, long long expires_at);
/* A key with its project: id, project_id, project_name, key_hash, read_only, created_at, expires_at,
 * revoked_at, last_used_at. *row NULL when none. */
int store_key_get(struct store *st, const char *id, struct json_object **row);
/* Records use, at most once a minute per key (so reads do not turn into a write each). */
int store_key_touch(struct store *st, const char *id, long long now);
int store_key_list(struct store *st, const char *project_id, struct json_object **rows);
/* STORE_NOT_FOUND when no such key; *was_revoked when it had been revoked before (nothing changes). */
int store_key_revoke(struct store *st, const char *id, long long now, int *was_revoked);

/* ---- catalogs ---- */
/* A deployed catalog, known by the sha256 of its compiled file. Registering it the first time gives it
 * the next sequence number: evaluators move watches only forward along that order. */
int store_catalog_register(struct store *st, const char *sha256, const char *catalog_version,
	const char *dataset_version, const char *rule_version, long long now, long long *seq);

/* ---- watches ---- */
struct store_watch_new {
	const char *id, *name, *snapshot, *granted_scopes, *webhook_url, *webhook_secret; /* JSON text or NULL */
	const char *catalog_sha;  /* the catalog it was evaluated with */
	long long catalog_seq;
	const char *status, *impact;
};
/* STORE_LIMIT when the project holds max_watches already (checked atomically). */
int store_watch_create(struct store *st, const char *project_id, const struct store_watch_new *w, long long max_watches,
	long long now);
/* A watch of the project (never its webhook secret) with the versions it was evaluated at and its
 * alert counts. *row NULL when none (or another project's). */
int store_watch_get(struct store *st, const char *project_id, const char *id, struct json_object **row);
int store_watch_list(struct store *st, const char *project_id, long long limit, long long offset,
	struct json_object **rows, long long *total);
/* STORE_NOT_FOUND when the project has no such watch. Its alerts, acknowledgements and deliveries go too. */
int store_watch_delete(struct store *st, const char *project_id, const char *id);
/* Counts for the status: watches, unacknowledged alerts, watches not yet evaluated with catalog_sha. */
int store_project_counts(struct store *st, const char *project_id, const char *catalog_sha, struct json_object **row);

/* ---- evaluation (autoplan-monitor) ---- */
/* Watches evaluated with a catalog older than seq, with ids after after_id ("" from the first), in id
 * order: id, project_id, name, snapshot, granted_scopes, webhook_url, eval_seq, eval_catalog, eval_status,
 * eval_impact, and the versions of the catalog they were evaluated with (before_catalog_version,
 * before_dataset_version, before_rule_version). */
int store_watches_stale(struct store *st, long long seq, const char *after_id, int limit, struct json_object **rows);
/* Fingerprints acknowledged on a watch: rows {fingerprint}. */
int store_acks(struct store *st, const char *watch_id, struct json_object **rows);

struct store_alert_new {
	const char *id;
	const char *status_before, *changes, *resolved;  /* changes and resolved: JSON arrays */
	int born_acknowledged;                          /* every change acknowledged before: carried over */
	const char *payload;                            /* webhook body, or NULL for no delivery */
	const char *webhook_url;
};
/* Moves a watch from old_seq to the catalog (sha, seq) with its new status and impact, and records the
 * alert when one is given, with its delivery: one transaction. STORE_NOT_FOUND when the watch was
 * moved by someone else meanwhile, or deleted (nothing is written). */
int store_watch_advance(struct store *st, const char *watch_id, long long old_seq, const char *catalog_sha,
	long long seq, const char *status, const char *impact, const struct store_alert_new *alert, long long now);

/* ---- alerts ---- */
/* Alerts of the project with seq > since, oldest first, joined with their watch's name, the versions
 * before and after and their delivery. */
int store_alert_list(struct store *st, const char *project_id, long long since, long long limit,
	struct json_object **rows);
int store_alert_get(struct store *st, const char *project_id, const char *id, struct json_object **row);
/* Acknowledges the alert and every fingerprint it lists (changes and resolved) on its watch.
 * STORE_NOT_FOUND when the project has no such alert; acknowledging twice changes nothing. */
int store_alert_ack(struct store *st, const char *project_id, const char *id, const char *by, long long now);

/* ---- webhook deliveries (autoplan-monitor) ---- */
/* Pending deliveries due at now and not leased: alert_id, url, payload, attempts, secret. */
int store_deliveries_due(struct store *st, long long now, int limit, struct json_object **rows);
/* Leases a due delivery until now + lease; STORE_NOT_FOUND when another worker has it or it is done. */
int store_delivery_claim(struct store *st, const char *alert_id, long long now, long long lease);
/* Records an attempt: state "pending" (retry at next_at), "delivered" or "failed"; ends the lease. */
int store_delivery_result(struct store *st, const char *alert_id, long long now, const char *state, long long next_at,
	int http_status, const char *error);

/* ---- evaluators ---- */
int store_worker_beat(struct store *st, const char *worker_id, const char *catalog_sha, long long now);
/* The evaluator seen last, with its catalog's versions; *row NULL when none ever ran. */
int store_worker_latest(struct store *st, struct json_object **row);

/* ---- consistency ---- */
/* Checks the store: the engine's own integrity check (SQLite), foreign keys, and the invariants the
 * statements above keep (watch counts, alert sequence, evaluation order, JSON documents). *problems
 * gets an array of sentences, empty when all holds. */
int store_check(struct store *st, struct json_object **problems);

#endif
