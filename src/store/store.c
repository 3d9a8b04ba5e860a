#define _GNU_SOURCE /* setresuid */
#include "store/store.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <grp.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct store {
	struct db *db;
};

int store_run_as_owner(const char *conn, char *err, size_t errlen)
{
	if (geteuid() != 0 || db_kind_of(conn) != DB_SQLITE) return 0;
	char path[4096];
	snprintf(path, sizeof path, "%s", strncmp(conn, "sqlite:", 7) == 0 ? conn + 7 : conn);
	struct stat st;
	if (stat(dirname(path), &st) < 0 || st.st_uid == 0) return 0; /* opening reports a missing directory */
	if (setgroups(1, &st.st_gid) < 0 || setresgid(st.st_gid, st.st_gid, st.st_gid) < 0 ||
	    setresuid(st.st_uid, st.st_uid, st.st_uid) < 0) {
		snprintf(err, errlen, "cannot become uid %d, the owner of the store's directory: %s", (int)st.st_uid,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* Every migration is portable SQL that both backends run unchanged. Append; never edit a shipped one. */
static const char MIGRATION_1[] =
	"CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);"
	"INSERT INTO counters (name, value) VALUES ('catalog', 0), ('alert', 0), ('watch', 0);"
	"CREATE TABLE projects ("
	" id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at BIGINT NOT NULL,"
	" watch_count INTEGER NOT NULL DEFAULT 0 CHECK (watch_count >= 0));"
	"CREATE TABLE api_keys ("
	" id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,"
	" key_hash TEXT NOT NULL, read_only INTEGER NOT NULL CHECK (read_only IN (0, 1)),"
	" created_at BIGINT NOT NULL, expires_at BIGINT, revoked_at BIGINT, last_used_at BIGINT);"
	"CREATE INDEX api_keys_project ON api_keys(project_id);"
	"CREATE TABLE catalogs ("
	" sha256 TEXT PRIMARY KEY, seq BIGINT NOT NULL UNIQUE, catalog_version TEXT NOT NULL,"
	" dataset_version TEXT NOT NULL, rule_version TEXT NOT NULL, first_seen BIGINT NOT NULL);"
	"CREATE TABLE watches ("
	" id TEXT PRIMARY KEY, seq BIGINT NOT NULL UNIQUE,"
	" project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,"
	" name TEXT NOT NULL, snapshot TEXT NOT NULL, granted_scopes TEXT, webhook_url TEXT, webhook_secret TEXT,"
	" created_at BIGINT NOT NULL, eval_catalog TEXT NOT NULL REFERENCES catalogs(sha256),"
	" eval_seq BIGINT NOT NULL, eval_at BIGINT NOT NULL, eval_status TEXT NOT NULL, eval_impact TEXT NOT NULL,"
	" CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL)));"
	"CREATE INDEX watches_project ON watches(project_id, seq);"
	"CREATE INDEX watches_eval ON watches(eval_seq);"
	"CREATE TABLE alerts ("
	" id TEXT PRIMARY KEY, seq BIGINT NOT NULL UNIQUE,"
	" project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,"
	" watch_id TEXT NOT NULL REFERENCES watches(id) ON DELETE CASCADE,"
	" catalog TEXT NOT NULL REFERENCES catalogs(sha256), before_catalog TEXT NOT NULL REFERENCES catalogs(sha256),"
	" created_at BIGINT NOT NULL, status_before TEXT NOT NULL, status_after TEXT NOT NULL,"
	" changes TEXT NOT NULL, resolved TEXT NOT NULL, acknowledged_at BIGINT, acknowledged_by TEXT,"
	" UNIQUE (watch_id, catalog));"
	"CREATE INDEX alerts_project ON alerts(project_id, seq);"
	"CREATE INDEX alerts_watch ON alerts(watch_id);"
	"CREATE TABLE acks ("
	" watch_id TEXT NOT NULL REFERENCES watches(id) ON DELETE CASCADE, fingerprint TEXT NOT NULL,"
	" alert_id TEXT NOT NULL, acknowledged_at BIGINT NOT NULL, PRIMARY KEY (watch_id, fingerprint));"
	"CREATE TABLE deliveries ("
	" alert_id TEXT PRIMARY KEY REFERENCES alerts(id) ON DELETE CASCADE, url TEXT NOT NULL, payload TEXT NOT NULL,"
	" state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),"
	" attempts INTEGER NOT NULL DEFAULT 0, next_at BIGINT NOT NULL, lease_until BIGINT NOT NULL DEFAULT 0,"
	" last_at BIGINT, last_status INTEGER, last_error TEXT, delivered_at BIGINT);"
	"CREATE INDEX deliveries_due ON deliveries(state, next_at);"
	"CREATE TABLE workers ("
	" id TEXT PRIMARY KEY, catalog TEXT REFERENCES catalogs(sha256), seen_at BIGINT NOT NULL);";

static const struct {
	int version;
	const char *name;
	const char *sql;
} MIGRATIONS[] = {
	{ 1, "projects, keys, catalogs, watches, alerts, acknowledgements, deliveries, workers", MIGRATION_1 },
};
#define NMIGRATIONS ((int)(sizeof MIGRATIONS / sizeof MIGRATIONS[0]))

#ifndef AUTOPLAN_DEFAULT_MONITOR_DB
#define AUTOPLAN_DEFAULT_MONITOR_DB "/var/lib/autoplan/monitor.db"
#endif

const char *store_conn(const char *given)
{
	if (given && *given) return given;
	const char *env = getenv("AUTOPLAN_MONITOR_DB");
	return env && *env ? env : AUTOPLAN_DEFAULT_MONITOR_DB;
}

struct db *store_db(struct store *st) { return st->db; }
const char *store_error(const struct store *st) { return db_error(st->db); }

/* The first row of rows, taken out (or NULL); rows is put. */
static struct json_object *first_row(struct json_object *rows)
{
	struct json_object *r = NULL;
	if (rows && json_object_array_length(rows) > 0) r = json_object_get(json_object_array_get_idx(rows, 0));
	json_object_put(rows);
	return r;
}

static int one(struct store *st, const char *sql, const struct db_arg *a, int n, struct json_object **row)
{
	struct json_object *rows = NULL;
	int rc = db_exec(st->db, sql, a, n, &rows);
	*row = rc == DB_OK ? first_row(rows) : NULL;
	return rc;
}

int store_schema_version(struct store *st, long long *version)
{
	struct json_object *row = NULL;
	int rc = one(st, "SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations", DB_NOARGS, &row);
	*version = rc == DB_OK ? jget_int64(row, "v", 0) : 0;
	json_object_put(row);
	return rc;
}

static int migrate(struct store *st)
{
	long long v = 0;
	if (store_schema_version(st, &v) == DB_OK && v == MIGRATIONS[NMIGRATIONS - 1].version) return DB_OK;
	int rc = db_begin(st->db);
	if (rc != DB_OK) return rc;
	/* PostgreSQL: serialise concurrent migrators (SQLite's BEGIN IMMEDIATE already has). */
	if (db_kind(st->db) == DB_POSTGRES) rc = db_exec(st->db, "SELECT pg_advisory_xact_lock(7270110)", DB_NOARGS, NULL);
	if (rc == DB_OK)
		rc = db_script(st->db, "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
			" name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
	if (rc == DB_OK) rc = store_schema_version(st, &v);
	if (rc == DB_OK && v > MIGRATIONS[NMIGRATIONS - 1].version) rc = STORE_NEWER_SCHEMA;
	for (int i = 0; rc == DB_OK && i < NMIGRATIONS; i++) {
		if (MIGRATIONS[i].version <= v) continue;
		rc = db_script(st->db, MIGRATIONS[i].sql);
		if (rc == DB_OK)
			rc = db_exec(st->db, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				DB_ARGS(DA_I(MIGRATIONS[i].version), DA_S(MIGRATIONS[i].name), DA_I((long long)time(NULL))), NULL);
	}
	if (rc != DB_OK) {
		db_rollback(st->db);
		return rc;
	}
	return db_commit(st->db);
}

int store_open(struct store **out, const char *conn, char *err, size_t errlen)
{
	*out = NULL;
	struct store *st = calloc(1, sizeof *st);
	if (!st) { snprintf(err, errlen, "out of memory"); return -1; }
	if (db_open(&st->db, conn, err, errlen) < 0) { free(st); return -1; }
	int rc = migrate(st);
	if (rc != DB_OK) {
		if (rc == STORE_NEWER_SCHEMA)
			snprintf(err, errlen, "the store's schema is newer than this program knows (version %d): upgrade the program",
				STORE_SCHEMA_VERSION);
		else
			snprintf(err, errlen, "cannot bring the store's schema up to date: %s", db_error(st->db));
		store_close(st);
		return -1;
	}
	*out = st;
	return 0;
}

void store_close(struct store *st)
{
	if (!st) return;
	db_close(st->db);
	free(st);
}

/* Runs fn inside a write transaction; commits when it returns DB_OK, rolls back otherwise. */
#define IN_TX(st, body) do { \
	int rc_ = db_begin((st)->db); \
	if (rc_ != DB_OK) return rc_; \
	rc_ = (body); \
	if (rc_ != DB_OK) { db_rollback((st)->db); return rc_; } \
	return db_commit((st)->db); \
} while (0)

/* ---- projects and keys ---- */

int store_project_create(struct store *st, const char *id, const char *name, long long now)
{
	return db_exec(st->db, "INSERT INTO projects (id, name, created_at) VALUES (?, ?, ?)",
		DB_ARGS(DA_S(id), DA_S(name), DA_I(now)), NULL);
}

int store_project_find(struct store *st, const char *id_or_name, struct json_object **row)
{
	return one(st, "SELECT id, name, created_at, watch_count FROM projects WHERE id = ? "
		"UNION ALL SELECT id, name, created_at, watch_count FROM projects WHERE name = ? AND id <> ?",
		DB_ARGS(DA_S(id_or_name), DA_S(id_or_name), DA_S(id_or_name)), row);
}

int store_project_list(struct store *st, struct json_object **rows)
{
	return db_exec(st->db, "SELECT p.id, p.name, p.created_at, p.watch_count,"
		" (SELECT COUNT(*) FROM api_keys k WHERE k.project_id = p.id AND k.revoked_at IS NULL) AS active_keys"
		" FROM projects p ORDER BY p.created_at, p.id", DB_NOARGS, rows);
}

int store_key_insert(struct store *st, const char *id, const char *project_id, const char *hash, int read_only,
	long long now, long long expires_at)
{
	return db_exec(st->db, "INSERT INTO api_keys (id, project_id, key_hash, read_only, created_at, expires_at)"
		" VALUES (?, ?, ?, ?, ?, ?)", DB_ARGS(DA_S(id), DA_S(project_id), DA_S(hash), DA_I(read_only ? 1 : 0),
		DA_I(now), expires_at ? DA_I(expires_at) : DA_N), NULL);
}

int store_key_get(struct store *st, const char *id, struct json_object **row)
{
	return one(st, "SELECT k.id, k.project_id, p.name AS project_name, k.key_hash, k.read_only, k.created_at,"
		" k.expires_at, k.revoked_at, k.last_used_at FROM api_keys k JOIN projects p ON p.id = k.project_id"
		" WHERE k.id = ?", DB_ARGS(DA_S(id)), row);
}

int store_key_touch(struct store *st, const char *id, long long now)
{
	return db_exec(st->db, "UPDATE api_keys SET last_used_at = ? WHERE id = ?"
		" AND (last_used_at IS NULL OR last_used_at < ?)", DB_ARGS(DA_I(now), DA_S(id), DA_I(now - 60)), NULL);
}

int store_key_list(struct store *st, const char *project_id, struct json_object **rows)
{
	return db_exec(st->db, "SELECT id, read_only, created_at, expires_at, revoked_at, last_used_at FROM api_keys"
		" WHERE project_id = ? ORDER BY created_at, id", DB_ARGS(DA_S(project_id)), rows);
}

int store_key_revoke(struct store *st, const char *id, long long now, int *was_revoked)
{
	struct json_object *row = NULL;
	*was_revoked = 0;
	int rc = one(st, "SELECT revoked_at FROM api_keys WHERE id = ?", DB_ARGS(DA_S(id)), &row);
	if (rc != DB_OK) return rc;
	if (!row) return STORE_NOT_FOUND;
	*was_revoked = jget(row, "revoked_at") != NULL;
	json_object_put(row);
	if (*was_revoked) return DB_OK;
	return db_exec(st->db, "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
		DB_ARGS(DA_I(now), DA_S(id)), NULL);
}

/* ---- catalogs ---- */

/* The next value of a counter. The row lock it takes orders concurrent transactions, so numbers
 * become visible in the order they were drawn: a reader paging by number never skips one. */
static int next_counter(struct store *st, const char *name, long long *value)
{
	struct json_object *row = NULL;
	int rc = one(st, "UPDATE counters SET value = value + 1 WHERE name = ? RETURNING value", DB_ARGS(DA_S(name)), &row);
	if (rc == DB_OK && !row) rc = STORE_NOT_FOUND;
	*value = jget_int64(row, "value", 0);
	json_object_put(row);
	return rc;
}

static int catalog_lookup(struct store *st, const char *sha256, long long *seq)
{
	struct json_object *row = NULL;
	int rc = one(st, "SELECT seq FROM catalogs WHERE sha256 = ?", DB_ARGS(DA_S(sha256)), &row);
	*seq = row ? jget_int64(row, "seq", 0) : 0;
	json_object_put(row);
	return rc;
}

static int catalog_insert(struct store *st, const char *sha256, const char *cv, const char *dv, const char *rv,
	long long now)
{
	long long seq = 0;
	int rc = next_counter(st, "catalog", &seq);
	if (rc == DB_OK)
		rc = db_exec(st->db, "INSERT INTO catalogs (sha256, seq, catalog_version, dataset_version, rule_version, first_seen)"
			" VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING",
			DB_ARGS(DA_S(sha256), DA_I(seq), DA_S(cv), DA_S(dv), DA_S(rv), DA_I(now)), NULL);
	return rc;
}

int store_catalog_register(struct store *st, const char *sha256, const char *catalog_version,
	const char *dataset_version, const char *rule_version, long long now, long long *seq)
{
	int rc = catalog_lookup(st, sha256, seq);
	if (rc != DB_OK || *seq) return rc;
	rc = db_begin(st->db);
	if (rc == DB_OK) rc = catalog_insert(st, sha256, catalog_version, dataset_version, rule_version, now);
	if (rc == DB_OK) rc = db_commit(st->db);
	else db_rollback(st->db);
	if (rc != DB_OK) return rc;
	return catalog_lookup(st, sha256, seq);
}

/* ---- watches ---- */

static int watch_insert(struct store *st, const char *project_id, const struct store_watch_new *w, long long max,
	long long now)
{
	int rc = db_exec(st->db, "UPDATE projects SET watch_count = watch_count + 1 WHERE id = ? AND watch_count < ?",
		DB_ARGS(DA_S(project_id), DA_I(max)), NULL);
	if (rc != DB_OK) return rc;
	if (db_changes(st->db) != 1) return STORE_LIMIT;
	long long seq = 0;
	if ((rc = next_counter(st, "watch", &seq)) != DB_OK) return rc;
	return db_exec(st->db, "INSERT INTO watches (id, seq, project_id, name, snapshot, granted_scopes, webhook_url,"
		" webhook_secret, created_at, eval_catalog, eval_seq, eval_at, eval_status, eval_impact)"
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		DB_ARGS(DA_S(w->id), DA_I(seq), DA_S(project_id), DA_S(w->name), DA_S(w->snapshot), DA_S(w->granted_scopes),
			DA_S(w->webhook_url), DA_S(w->webhook_secret), DA_I(now), DA_S(w->catalog_sha), DA_I(w->catalog_seq),
			DA_I(now), DA_S(w->status), DA_S(w->impact)), NULL);
}

int store_watch_create(struct store *st, const char *project_id, const struct store_watch_new *w, long long max_watches,
	long long now)
{
	IN_TX(st, watch_insert(st, project_id, w, max_watches, now));
}

#define WATCH_COLUMNS \
	"w.id, w.name, w.snapshot, w.granted_scopes, w.webhook_url, w.created_at, w.eval_at, w.eval_status," \
	" w.eval_impact, c.catalog_version AS eval_catalog_version, c.dataset_version AS eval_dataset_version," \
	" c.rule_version AS eval_rule_version," \
	" (SELECT COUNT(*) FROM alerts a WHERE a.watch_id = w.id) AS alerts_total," \
	" (SELECT COUNT(*) FROM alerts a WHERE a.watch_id = w.id AND a.acknowledged_at IS NULL) AS alerts_unacknowledged" \
	" FROM watches w JOIN catalogs c ON c.sha256 = w.eval_catalog"

int store_watch_get(struct store *st, const char *project_id, const char *id, struct json_object **row)
{
	return one(st, "SELECT " WATCH_COLUMNS " WHERE w.id = ? AND w.project_id = ?",
		DB_ARGS(DA_S(id), DA_S(project_id)), row);
}

int store_watch_list(struct store *st, const char *project_id, long long limit, long long offset,
	struct json_object **rows, long long *total)
{
	struct json_object *row = NULL;
	int rc = one(st, "SELECT COUNT(*) AS n FROM watches WHERE project_id = ?", DB_ARGS(DA_S(project_id)), &row);
	*total = jget_int64(row, "n", 0);
	json_object_put(row);
	if (rc != DB_OK) { *rows = NULL; return rc; }
	return db_exec(st->db, "SELECT " WATCH_COLUMNS " WHERE w.project_id = ? ORDER BY w.seq"
		" LIMIT ? OFFSET ?", DB_ARGS(DA_S(project_id), DA_I(limit), DA_I(offset)), rows);
}

static int watch_remove(struct store *st, const char *project_id, const char *id)
{
	int rc = db_exec(st->db, "DELETE FROM watches WHERE id = ? AND project_id = ?", DB_ARGS(DA_S(id), DA_S(project_id)), NULL);
	if (rc != DB_OK) return rc;
	if (db_changes(st->db) != 1) return STORE_NOT_FOUND;
	return db_exec(st->db, "UPDATE projects SET watch_count = watch_count - 1 WHERE id = ?", DB_ARGS(DA_S(project_id)), NULL);
}

int store_watch_delete(struct store *st, const char *project_id, const char *id)
{
	IN_TX(st, watch_remove(st, project_id, id));
}

int store_project_counts(struct store *st, const char *project_id, const char *catalog_sha, struct json_object **row)
{
	return one(st, "SELECT"
		" (SELECT COUNT(*) FROM watches WHERE project_id = ?) AS watches,"
		" (SELECT COUNT(*) FROM alerts WHERE project_id = ?) AS alerts,"
		" (SELECT COUNT(*) FROM alerts WHERE project_id = ? AND acknowledged_at IS NULL) AS unacknowledged,"
		" (SELECT COUNT(*) FROM watches WHERE project_id = ? AND eval_catalog <> ?) AS pending_evaluation",
		DB_ARGS(DA_S(project_id), DA_S(project_id), DA_S(project_id), DA_S(project_id), DA_S(catalog_sha)), row);
}

/* ---- evaluation ---- */

int store_watches_stale(struct store *st, long long seq, const char *after_id, int limit, struct json_object **rows)
{
	return db_exec(st->db, "SELECT w.id, w.project_id, w.name, w.snapshot, w.granted_scopes, w.webhook_url, w.eval_seq,"
		" w.eval_catalog, w.eval_status, w.eval_impact, c.catalog_version AS before_catalog_version,"
		" c.dataset_version AS before_dataset_version, c.rule_version AS before_rule_version"
		" FROM watches w JOIN catalogs c ON c.sha256 = w.eval_catalog WHERE w.eval_seq < ? AND w.id > ?"
		" ORDER BY w.id LIMIT ?", DB_ARGS(DA_I(seq), DA_S(after_id), DA_I(limit)), rows);
}

int store_acks(struct store *st, const char *watch_id, struct json_object **rows)
{
	return db_exec(st->db, "SELECT fingerprint FROM acks WHERE watch_id = ?", DB_ARGS(DA_S(watch_id)), rows);
}

static int alert_insert(struct store *st, const char *project_id, const char *watch_id, const char *before_catalog,
	const char *catalog_sha, const char *status, const struct store_alert_new *a, long long now)
{
	long long seq = 0;
	int rc = next_counter(st, "alert", &seq);
	if (rc != DB_OK) return rc;
	rc = db_exec(st->db, "INSERT INTO alerts (id, seq, project_id, watch_id, catalog, before_catalog, created_at,"
		" status_before, status_after, changes, resolved, acknowledged_at, acknowledged_by)"
		" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		DB_ARGS(DA_S(a->id), DA_I(seq), DA_S(project_id), DA_S(watch_id), DA_S(catalog_sha), DA_S(before_catalog),
			DA_I(now), DA_S(a->status_before), DA_S(status), DA_S(a->changes), DA_S(a->resolved),
			a->born_acknowledged ? DA_I(now) : DA_N, DA_S(a->born_acknowledged ? "carried_over" : NULL)), NULL);
	if (rc != DB_OK || !a->payload || !a->webhook_url) return rc;
	return db_exec(st->db, "INSERT INTO deliveries (alert_id, url, payload, state, next_at) VALUES (?, ?, ?, 'pending', ?)",
		DB_ARGS(DA_S(a->id), DA_S(a->webhook_url), DA_S(a->payload), DA_I(now)), NULL);
}

static int advance(struct store *st, const char *watch_id, long long old_seq, const char *catalog_sha, long long seq,
	const char *status, const char *impact, const struct store_alert_new *alert, long long now)
{
	struct json_object *row = NULL;
	/* Compare-and-set on the evaluated sequence: of several evaluators, one moves the watch. */
	int rc = one(st, "SELECT project_id, eval_catalog FROM watches WHERE id = ? AND eval_seq = ?",
		DB_ARGS(DA_S(watch_id), DA_I(old_seq)), &row);
	if (rc != DB_OK) return rc;
	if (!row) return STORE_NOT_FOUND;
	char before[80], project[80];
	snprintf(before, sizeof before, "%s", jget_str(row, "eval_catalog") ? jget_str(row, "eval_catalog") : "");
	snprintf(project, sizeof project, "%s", jget_str(row, "project_id") ? jget_str(row, "project_id") : "");
	json_object_put(row);
	rc = db_exec(st->db, "UPDATE watches SET eval_catalog = ?, eval_seq = ?, eval_at = ?, eval_status = ?,"
		" eval_impact = ? WHERE id = ? AND eval_seq = ?", DB_ARGS(DA_S(catalog_sha), DA_I(seq), DA_I(now), DA_S(status),
		DA_S(impact), DA_S(watch_id), DA_I(old_seq)), NULL);
	if (rc != DB_OK) return rc;
	if (db_changes(st->db) != 1) return STORE_NOT_FOUND;
	return alert ? alert_insert(st, project, watch_id, before, catalog_sha, status, alert, now) : DB_OK;
}

int store_watch_advance(struct store *st, const char *watch_id, long long old_seq, const char *catalog_sha,
	long long seq, const char *status, const char *impact, const struct store_alert_new *alert, long long now)
{
	IN_TX(st, advance(st, watch_id, old_seq, catalog_sha, seq, status, impact, alert, now));
}

/* ---- alerts ---- */

#define ALERT_COLUMNS \
	"a.id, a.seq, a.watch_id, w.name AS watch_name, a.created_at, a.status_before, a.status_after, a.changes," \
	" a.resolved, a.acknowledged_at, a.acknowledged_by," \
	" cb.catalog_version AS before_catalog_version, cb.dataset_version AS before_dataset_version," \
	" cb.rule_version AS before_rule_version," \
	" ca.catalog_version AS after_catalog_version, ca.dataset_version AS after_dataset_version," \
	" ca.rule_version AS after_rule_version," \
	" d.url AS delivery_url, d.state AS delivery_state, d.attempts AS delivery_attempts, d.next_at AS delivery_next_at," \
	" d.last_at AS delivery_last_at, d.last_status AS delivery_last_status, d.last_error AS delivery_last_error," \
	" d.delivered_at AS delivery_delivered_at" \
	" FROM alerts a JOIN watches w ON w.id = a.watch_id JOIN catalogs ca ON ca.sha256 = a.catalog" \
	" JOIN catalogs cb ON cb.sha256 = a.before_catalog LEFT JOIN deliveries d ON d.alert_id = a.id"

int store_alert_list(struct store *st, const char *project_id, long long since, long long limit,
	struct json_object **rows)
{
	return db_exec(st->db, "SELECT " ALERT_COLUMNS " WHERE a.project_id = ? AND a.seq > ? ORDER BY a.seq LIMIT ?",
		DB_ARGS(DA_S(project_id), DA_I(since), DA_I(limit)), rows);
}

int store_alert_get(struct store *st, const char *project_id, const char *id, struct json_object **row)
{
	return one(st, "SELECT " ALERT_COLUMNS " WHERE a.id = ? AND a.project_id = ?", DB_ARGS(DA_S(id), DA_S(project_id)), row);
}

/* Records an acknowledgement of every fingerprint in list (a JSON array of changes as text). */
static int ack_list(struct store *st, const char *watch_id, const char *alert_id, const char *list, long long now)
{
	struct json_object *a = json_tokener_parse(list);
	int rc = DB_OK;
	for (size_t i = 0; rc == DB_OK && json_object_is_type(a, json_type_array) && i < json_object_array_length(a); i++) {
		const char *fp = jget_str(json_object_array_get_idx(a, i), "fingerprint");
		if (fp)
			rc = db_exec(st->db, "INSERT INTO acks (watch_id, fingerprint, alert_id, acknowledged_at) VALUES (?, ?, ?, ?)"
				" ON CONFLICT (watch_id, fingerprint) DO NOTHING", DB_ARGS(DA_S(watch_id), DA_S(fp), DA_S(alert_id),
				DA_I(now)), NULL);
	}
	json_object_put(a);
	return rc;
}

static int ack(struct store *st, const char *project_id, const char *id, const char *by, long long now)
{
	struct json_object *row = NULL;
	int rc = one(st, "SELECT watch_id, changes, resolved, acknowledged_at FROM alerts WHERE id = ? AND project_id = ?",
		DB_ARGS(DA_S(id), DA_S(project_id)), &row);
	if (rc != DB_OK) return rc;
	if (!row) return STORE_NOT_FOUND;
	if (!jget(row, "acknowledged_at"))
		rc = db_exec(st->db, "UPDATE alerts SET acknowledged_at = ?, acknowledged_by = ? WHERE id = ?"
			" AND acknowledged_at IS NULL", DB_ARGS(DA_I(now), DA_S(by), DA_S(id)), NULL);
	if (rc == DB_OK) rc = ack_list(st, jget_str(row, "watch_id"), id, jget_str(row, "changes"), now);
	if (rc == DB_OK) rc = ack_list(st, jget_str(row, "watch_id"), id, jget_str(row, "resolved"), now);
	json_object_put(row);
	return rc;
}

int store_alert_ack(struct store *st, const char *project_id, const char *id, const char *by, long long now)
{
	IN_TX(st, ack(st, project_id, id, by, now));
}

/* ---- deliveries ---- */

int store_deliveries_due(struct store *st, long long now, int limit, struct json_object **rows)
{
	return db_exec(st->db, "SELECT d.alert_id, d.url, d.payload, d.attempts, w.webhook_secret AS secret"
		" FROM deliveries d JOIN alerts a ON a.id = d.alert_id JOIN watches w ON w.id = a.watch_id"
		" WHERE d.state = 'pending' AND d.next_at <= ? AND d.lease_until < ? ORDER BY d.next_at, d.alert_id LIMIT ?",
		DB_ARGS(DA_I(now), DA_I(now), DA_I(limit)), rows);
}

int store_delivery_claim(struct store *st, const char *alert_id, long long now, long long lease)
{
	int rc = db_exec(st->db, "UPDATE deliveries SET lease_until = ? WHERE alert_id = ? AND state = 'pending'"
		" AND next_at <= ? AND lease_until < ?", DB_ARGS(DA_I(now + lease), DA_S(alert_id), DA_I(now), DA_I(now)), NULL);
	return rc != DB_OK ? rc : db_changes(st->db) == 1 ? DB_OK : STORE_NOT_FOUND;
}

int store_delivery_result(struct store *st, const char *alert_id, long long now, const char *state, long long next_at,
	int http_status, const char *error)
{
	int delivered = strcmp(state, "delivered") == 0;
	return db_exec(st->db, "UPDATE deliveries SET state = ?, attempts = attempts + 1, next_at = ?, lease_until = 0,"
		" last_at = ?, last_status = ?, last_error = ?, delivered_at = ? WHERE alert_id = ?",
		DB_ARGS(DA_S(state), DA_I(next_at), DA_I(now), http_status > 0 ? DA_I(http_status) : DA_N, DA_S(error),
			delivered ? DA_I(now) : DA_N, DA_S(alert_id)), NULL);
}

/* ---- evaluators ---- */

int store_worker_beat(struct store *st, const char *worker_id, const char *catalog_sha, long long now)
{
	return db_exec(st->db, "INSERT INTO workers (id, catalog, seen_at) VALUES (?, ?, ?)"
		" ON CONFLICT (id) DO UPDATE SET catalog = excluded.catalog, seen_at = excluded.seen_at",
		DB_ARGS(DA_S(worker_id), DA_S(catalog_sha), DA_I(now)), NULL);
}

int store_worker_latest(struct store *st, struct json_object **row)
{
	return one(st, "SELECT w.id, w.seen_at, w.catalog, c.catalog_version, c.dataset_version, c.rule_version"
		" FROM workers w LEFT JOIN catalogs c ON c.sha256 = w.catalog ORDER BY w.seen_at DESC, w.id LIMIT 1",
		DB_NOARGS, row);
}

/* ---- consistency ---- */

static const struct {
	const char *sql, *problem;
} INVARIANTS[] = {
	{ "SELECT id FROM projects p WHERE watch_count <> (SELECT COUNT(*) FROM watches w WHERE w.project_id = p.id)",
		"a project's watch count differs from its watches" },
	{ "SELECT a.id FROM alerts a JOIN watches w ON w.id = a.watch_id WHERE a.project_id <> w.project_id",
		"an alert belongs to another project than its watch" },
	{ "SELECT id FROM alerts WHERE seq > (SELECT value FROM counters WHERE name = 'alert')",
		"an alert's sequence number is above the alert counter" },
	{ "SELECT id FROM watches WHERE seq > (SELECT value FROM counters WHERE name = 'watch')",
		"a watch's sequence number is above the watch counter" },
	{ "SELECT sha256 AS id FROM catalogs WHERE seq > (SELECT value FROM counters WHERE name = 'catalog')",
		"a catalog's sequence number is above the catalog counter" },
	{ "SELECT w.id FROM watches w JOIN catalogs c ON c.sha256 = w.eval_catalog WHERE c.seq <> w.eval_seq",
		"a watch's evaluated sequence differs from its catalog's" },
	{ "SELECT a.id FROM alerts a JOIN catalogs ca ON ca.sha256 = a.catalog JOIN catalogs cb ON cb.sha256 = a.before_catalog"
		" WHERE ca.seq <= cb.seq", "an alert does not move its watch forward" },
	{ "SELECT a.id FROM alerts a JOIN watches w ON w.id = a.watch_id JOIN catalogs ca ON ca.sha256 = a.catalog"
		" WHERE ca.seq > w.eval_seq", "an alert is newer than its watch's evaluation" },
	{ "SELECT alert_id AS id FROM deliveries WHERE state = 'delivered' AND delivered_at IS NULL",
		"a delivery is marked delivered without a time" },
};

static void problem(struct json_object *list, const char *fmt, const char *a, const char *b)
{
	char msg[512];
	snprintf(msg, sizeof msg, fmt, a, b);
	json_object_array_add(list, json_object_new_string(msg));
}

/* Every text column that holds JSON must parse. */
static int check_documents(struct store *st, struct json_object *out)
{
	static const char *const sql[] = {
		"SELECT id, snapshot AS doc FROM watches", "SELECT id, eval_impact AS doc FROM watches",
		"SELECT id, granted_scopes AS doc FROM watches WHERE granted_scopes IS NOT NULL",
		"SELECT id, changes AS doc FROM alerts", "SELECT id, resolved AS doc FROM alerts",
		"SELECT alert_id AS id, payload AS doc FROM deliveries" };
	for (size_t i = 0; i < sizeof sql / sizeof sql[0]; i++) {
		struct json_object *rows = NULL;
		int rc = db_exec(st->db, sql[i], DB_NOARGS, &rows);
		if (rc != DB_OK) return rc;
		for (size_t r = 0; r < json_object_array_length(rows); r++) {
			struct json_object *row = json_object_array_get_idx(rows, r), *doc = json_tokener_parse(jget_str(row, "doc"));
			if (!doc) problem(out, "%s: a stored JSON document does not parse (%s)", jget_str(row, "id"), sql[i]);
			json_object_put(doc);
		}
		json_object_put(rows);
	}
	return DB_OK;
}

int store_check(struct store *st, struct json_object **problems)
{
	struct json_object *out = json_object_new_array(), *rows = NULL;
	int rc = DB_OK;
	*problems = NULL;
	if (db_kind(st->db) == DB_SQLITE) {
		rc = db_exec(st->db, "PRAGMA integrity_check", DB_NOARGS, &rows);
		for (size_t i = 0; rc == DB_OK && i < json_object_array_length(rows); i++) {
			const char *s = jget_str(json_object_array_get_idx(rows, i), "integrity_check");
			if (!s || strcmp(s, "ok") != 0) problem(out, "integrity: %s%s", s ? s : "?", "");
		}
		json_object_put(rows);
		if (rc == DB_OK) rc = db_exec(st->db, "PRAGMA foreign_key_check", DB_NOARGS, &rows);
		for (size_t i = 0; rc == DB_OK && i < json_object_array_length(rows); i++)
			problem(out, "foreign key: a row of %s points to a missing %s",
				jget_str(json_object_array_get_idx(rows, i), "table"), jget_str(json_object_array_get_idx(rows, i), "parent"));
		json_object_put(rows);
	}
	for (size_t k = 0; rc == DB_OK && k < sizeof INVARIANTS / sizeof INVARIANTS[0]; k++) {
		rc = db_exec(st->db, INVARIANTS[k].sql, DB_NOARGS, &rows);
		for (size_t i = 0; rc == DB_OK && i < json_object_array_length(rows); i++)
			problem(out, "%s: %s", jget_str(json_object_array_get_idx(rows, i), "id"), INVARIANTS[k].problem);
		json_object_put(rows);
	}
	if (rc == DB_OK) rc = check_documents(st, out);
	if (rc != DB_OK) { json_object_put(out); return rc; }
	*problems = out;
	return DB_OK;
}
