/* The store test suite, one for both backends: SQLite by default, PostgreSQL when AUTOPLAN_TEST_PG holds
 * a libpq connection string (tests/monitor/run.sh starts a server and runs this suite against each).
 * Every test gets a fresh store: a new file, or a new database on the server. */
#include "store/store.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <libpq-fe.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char conn[1024];
static char tmpdir[512];

static void fresh_store(void)
{
	const char *pg = getenv("AUTOPLAN_TEST_PG");
	static int n;
	if (pg && *pg) {
		char name[64], sql[128];
		snprintf(name, sizeof name, "t_%d_%d", (int)getpid(), n++);
		PGconn *c = PQconnectdb(pg);
		cr_assert_eq(PQstatus(c), CONNECTION_OK, "%s", PQerrorMessage(c));
		snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
		PGresult *r = PQexec(c, sql);
		cr_assert_eq(PQresultStatus(r), PGRES_COMMAND_OK, "%s", PQresultErrorMessage(r));
		PQclear(r);
		PQfinish(c);
		snprintf(conn, sizeof conn, "%s dbname=%s", pg, name);
	} else {
		snprintf(tmpdir, sizeof tmpdir, "%s/store-test.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		cr_assert_not_null(mkdtemp(tmpdir));
		snprintf(conn, sizeof conn, "%s/monitor.db", tmpdir);
	}
}

static void cleanup(void)
{
	if (tmpdir[0]) {
		char cmd[600];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
		cr_assert_eq(system(cmd), 0);
	}
}

TestSuite(store, .init = fresh_store, .fini = cleanup);

static struct store *open_store(void)
{
	struct store *st = NULL;
	char err[600];
	cr_assert_eq(store_open(&st, conn, err, sizeof err), 0, "%s", err);
	return st;
}

static void ok(int rc, struct store *st)
{
	cr_assert_eq(rc, DB_OK, "rc %d: %s", rc, store_error(st));
}

static void project(struct store *st, const char *id, const char *name)
{
	ok(store_project_create(st, id, name, 1000), st);
}

static long long catalog(struct store *st, const char *sha, const char *version)
{
	long long seq = 0;
	ok(store_catalog_register(st, sha, version, "d1", "r1", 1000, &seq), st);
	return seq;
}

static int watch(struct store *st, const char *project_id, const char *id, const char *cat, long long seq, long long max)
{
	struct store_watch_new w = { .id = id, .name = "w", .snapshot = "{\"format\":\"x\"}", .catalog_sha = cat,
		.catalog_seq = seq, .status = "unchanged", .impact = "{\"status\":\"unchanged\",\"changes\":[]}" };
	return store_watch_create(st, project_id, &w, max, 1000);
}

static void expect_consistent(struct store *st)
{
	struct json_object *problems = NULL;
	ok(store_check(st, &problems), st);
	cr_assert_eq(json_object_array_length(problems), 0, "%s", json_object_to_json_string(problems));
	json_object_put(problems);
}

Test(store, migrations_are_versioned_and_idempotent)
{
	struct store *st = open_store();
	long long v = 0;
	ok(store_schema_version(st, &v), st);
	cr_assert_eq(v, STORE_SCHEMA_VERSION);
	store_close(st);
	st = open_store(); /* a second open finds the schema current */
	struct json_object *rows = NULL;
	ok(db_exec(store_db(st), "SELECT version FROM schema_migrations", DB_NOARGS, &rows), st);
	cr_assert_eq(json_object_array_length(rows), STORE_SCHEMA_VERSION);
	json_object_put(rows);
	expect_consistent(st);
	store_close(st);
}

Test(store, concurrent_first_opens_migrate_once)
{
	pid_t kids[6];
	for (int i = 0; i < 6; i++) {
		if ((kids[i] = fork()) == 0) {
			struct store *st = NULL;
			char err[600];
			_exit(store_open(&st, conn, err, sizeof err) == 0 ? (store_close(st), 0) : 1);
		}
	}
	for (int i = 0; i < 6; i++) {
		int status;
		waitpid(kids[i], &status, 0);
		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "an opener failed");
	}
	struct store *st = open_store();
	struct json_object *rows = NULL;
	ok(db_exec(store_db(st), "SELECT version FROM schema_migrations", DB_NOARGS, &rows), st);
	cr_assert_eq(json_object_array_length(rows), STORE_SCHEMA_VERSION);
	json_object_put(rows);
	store_close(st);
}

Test(store, a_newer_schema_is_refused)
{
	struct store *st = open_store();
	ok(db_exec(store_db(st), "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 1)",
		DB_NOARGS, NULL), st);
	store_close(st);
	char err[600];
	cr_assert_lt(store_open(&st, conn, err, sizeof err), 0);
	cr_assert(strstr(err, "newer"), "%s", err);
}

Test(store, projects)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	project(st, "prj_b", "Beta");
	cr_assert_eq(store_project_create(st, "prj_c", "Alpha", 1), DB_CONSTRAINT, "names are unique");
	cr_assert_eq(store_project_create(st, "prj_a", "Gamma", 1), DB_CONSTRAINT, "ids are unique");
	struct json_object *row = NULL, *rows = NULL;
	ok(store_project_find(st, "Beta", &row), st);
	cr_assert_str_eq(jget_str(row, "id"), "prj_b");
	json_object_put(row);
	ok(store_project_find(st, "prj_a", &row), st);
	cr_assert_str_eq(jget_str(row, "name"), "Alpha");
	json_object_put(row);
	ok(store_project_find(st, "nobody", &row), st);
	cr_assert_null(row);
	ok(store_project_list(st, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 2);
	json_object_put(rows);
	store_close(st);
}

Test(store, keys_use_revocation_and_listing)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	ok(store_key_insert(st, "apk_aaaaaaaaaaaa", "prj_a", "h1", 0, 1000, 0), st);
	ok(store_key_insert(st, "apk_bbbbbbbbbbbb", "prj_a", "h2", 1, 1000, 5000), st);
	cr_assert_eq(store_key_insert(st, "apk_cccccccccccc", "prj_none", "h3", 0, 1000, 0), DB_CONSTRAINT,
		"a key needs its project");
	struct json_object *row = NULL;
	ok(store_key_get(st, "apk_bbbbbbbbbbbb", &row), st);
	cr_assert_str_eq(jget_str(row, "project_name"), "Alpha");
	cr_assert_eq(json_object_get_int(jget(row, "read_only")), 1);
	cr_assert_eq(json_object_get_int64(jget(row, "expires_at")), 5000);
	cr_assert_null(jget(row, "last_used_at"));
	json_object_put(row);
	ok(store_key_touch(st, "apk_aaaaaaaaaaaa", 2000), st);
	ok(store_key_touch(st, "apk_aaaaaaaaaaaa", 2030), st); /* within the minute: not written */
	ok(store_key_get(st, "apk_aaaaaaaaaaaa", &row), st);
	cr_assert_eq(json_object_get_int64(jget(row, "last_used_at")), 2000);
	json_object_put(row);
	ok(store_key_touch(st, "apk_aaaaaaaaaaaa", 2061), st);
	ok(store_key_get(st, "apk_aaaaaaaaaaaa", &row), st);
	cr_assert_eq(json_object_get_int64(jget(row, "last_used_at")), 2061);
	json_object_put(row);
	int was = -1;
	ok(store_key_revoke(st, "apk_aaaaaaaaaaaa", 3000, &was), st);
	cr_assert_eq(was, 0);
	ok(store_key_revoke(st, "apk_aaaaaaaaaaaa", 4000, &was), st);
	cr_assert_eq(was, 1);
	ok(store_key_get(st, "apk_aaaaaaaaaaaa", &row), st);
	cr_assert_eq(json_object_get_int64(jget(row, "revoked_at")), 3000, "the first revocation counts");
	json_object_put(row);
	cr_assert_eq(store_key_revoke(st, "apk_zzzzzzzzzzzz", 1, &was), STORE_NOT_FOUND);
	struct json_object *rows = NULL;
	ok(store_key_list(st, "prj_a", &rows), st);
	cr_assert_eq(json_object_array_length(rows), 2);
	cr_assert_null(jget(json_object_array_get_idx(rows, 0), "key_hash"), "lists never carry the hash");
	json_object_put(rows);
	store_close(st);
}

Test(store, catalogs_are_numbered_once)
{
	struct store *st = open_store();
	long long a = catalog(st, "sha-a", "1"), b = catalog(st, "sha-b", "2"), again = catalog(st, "sha-a", "1");
	cr_assert_gt(b, a);
	cr_assert_eq(again, a);
	store_close(st);
}

Test(store, watches_belong_to_their_project)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	project(st, "prj_b", "Beta");
	long long seq = catalog(st, "sha-a", "1");
	ok(watch(st, "prj_a", "wat_1", "sha-a", seq, 2), st);
	ok(watch(st, "prj_a", "wat_2", "sha-a", seq, 2), st);
	cr_assert_eq(watch(st, "prj_a", "wat_3", "sha-a", seq, 2), STORE_LIMIT);
	ok(watch(st, "prj_b", "wat_4", "sha-a", seq, 2), st);
	cr_assert_eq(watch(st, "prj_b", "wat_1", "sha-a", seq, 2), DB_CONSTRAINT, "ids are unique");
	struct json_object *row = NULL, *rows = NULL;
	ok(store_watch_get(st, "prj_a", "wat_1", &row), st);
	cr_assert_str_eq(jget_str(row, "eval_catalog_version"), "1");
	cr_assert_null(jget(row, "webhook_secret"), "never the secret");
	json_object_put(row);
	ok(store_watch_get(st, "prj_b", "wat_1", &row), st);
	cr_assert_null(row, "another project's watch is not found");
	long long total = 0;
	ok(store_watch_list(st, "prj_a", 1, 1, &rows, &total), st);
	cr_assert_eq(total, 2);
	cr_assert_eq(json_object_array_length(rows), 1);
	cr_assert_str_eq(jget_str(json_object_array_get_idx(rows, 0), "id"), "wat_2");
	json_object_put(rows);
	cr_assert_eq(store_watch_delete(st, "prj_b", "wat_1"), STORE_NOT_FOUND);
	ok(store_watch_delete(st, "prj_a", "wat_1"), st);
	cr_assert_eq(store_watch_delete(st, "prj_a", "wat_1"), STORE_NOT_FOUND);
	ok(watch(st, "prj_a", "wat_5", "sha-a", seq, 2), st); /* room again */
	expect_consistent(st);
	store_close(st);
}

static struct store_alert_new alert(const char *id, const char *url)
{
	return (struct store_alert_new){ .id = id, .status_before = "unchanged",
		.changes = "[{\"change\":\"scopes_narrowed\",\"fingerprint\":\"f1\"}]", .resolved = "[]",
		.payload = url ? "{\"type\":\"watch.alert\"}" : NULL, .webhook_url = url };
}

Test(store, advance_records_one_alert_per_catalog)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	long long s1 = catalog(st, "sha-1", "1"), s2 = catalog(st, "sha-2", "2");
	ok(watch(st, "prj_a", "wat_1", "sha-1", s1, 10), st);
	struct json_object *rows = NULL;
	ok(store_watches_stale(st, s2, "", 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 1);
	cr_assert_str_eq(jget_str(json_object_array_get_idx(rows, 0), "before_catalog_version"), "1");
	json_object_put(rows);
	struct store_alert_new a = alert("alr_1", NULL);
	ok(store_watch_advance(st, "wat_1", s1, "sha-2", s2, "breaking", "{\"status\":\"breaking\"}", &a, 1100), st);
	a.id = "alr_2";
	cr_assert_eq(store_watch_advance(st, "wat_1", s1, "sha-2", s2, "breaking", "{}", &a, 1100), STORE_NOT_FOUND,
		"a second evaluator loses the compare-and-set");
	ok(store_watches_stale(st, s2, "", 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 0);
	json_object_put(rows);
	cr_assert_eq(db_exec(store_db(st), "INSERT INTO alerts (id, seq, project_id, watch_id, catalog, before_catalog,"
		" created_at, status_before, status_after, changes, resolved) VALUES ('alr_x', 99, 'prj_a', 'wat_1', 'sha-2',"
		" 'sha-1', 1, 'a', 'b', '[]', '[]')", DB_NOARGS, NULL), DB_CONSTRAINT, "one alert per watch and catalog");
	ok(store_alert_list(st, "prj_a", 0, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 1);
	struct json_object *r = json_object_array_get_idx(rows, 0);
	cr_assert_str_eq(jget_str(r, "before_catalog_version"), "1");
	cr_assert_str_eq(jget_str(r, "after_catalog_version"), "2");
	cr_assert_str_eq(jget_str(r, "status_after"), "breaking");
	cr_assert_null(jget(r, "delivery_state"), "no webhook, no delivery");
	long long seq = json_object_get_int64(jget(r, "seq"));
	json_object_put(rows);
	ok(store_alert_list(st, "prj_a", seq, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 0, "since is exclusive");
	json_object_put(rows);
	expect_consistent(st);
	store_close(st);
}

Test(store, acknowledgements_carry_fingerprints)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	project(st, "prj_b", "Beta");
	long long s1 = catalog(st, "sha-1", "1"), s2 = catalog(st, "sha-2", "2");
	ok(watch(st, "prj_a", "wat_1", "sha-1", s1, 10), st);
	struct store_alert_new a = alert("alr_1", NULL);
	ok(store_watch_advance(st, "wat_1", s1, "sha-2", s2, "breaking", "{}", &a, 1100), st);
	cr_assert_eq(store_alert_ack(st, "prj_b", "alr_1", "key b", 1200), STORE_NOT_FOUND, "not another project's");
	ok(store_alert_ack(st, "prj_a", "alr_1", "key a", 1200), st);
	ok(store_alert_ack(st, "prj_a", "alr_1", "key a2", 1300), st);
	struct json_object *row = NULL, *acks = NULL;
	ok(store_alert_get(st, "prj_a", "alr_1", &row), st);
	cr_assert_eq(json_object_get_int64(jget(row, "acknowledged_at")), 1200, "the first acknowledgement counts");
	cr_assert_str_eq(jget_str(row, "acknowledged_by"), "key a");
	json_object_put(row);
	ok(store_acks(st, "wat_1", &acks), st);
	cr_assert_eq(json_object_array_length(acks), 1);
	cr_assert_str_eq(jget_str(json_object_array_get_idx(acks, 0), "fingerprint"), "f1");
	json_object_put(acks);
	ok(store_watch_delete(st, "prj_a", "wat_1"), st);
	ok(store_alert_get(st, "prj_a", "alr_1", &row), st);
	cr_assert_null(row, "a watch's alerts go with it");
	expect_consistent(st);
	store_close(st);
}

Test(store, deliveries_are_leased_and_retried)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	long long s1 = catalog(st, "sha-1", "1"), s2 = catalog(st, "sha-2", "2");
	struct store_watch_new w = { .id = "wat_1", .name = "w", .snapshot = "{}", .webhook_url = "https://h.example/x",
		.webhook_secret = "whsec_abc", .catalog_sha = "sha-1", .catalog_seq = s1, .status = "unchanged", .impact = "{}" };
	ok(store_watch_create(st, "prj_a", &w, 10, 1000), st);
	struct store_alert_new a = alert("alr_1", "https://h.example/x");
	ok(store_watch_advance(st, "wat_1", s1, "sha-2", s2, "breaking", "{}", &a, 1100), st);
	struct json_object *rows = NULL;
	ok(store_deliveries_due(st, 1100, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 1);
	cr_assert_str_eq(jget_str(json_object_array_get_idx(rows, 0), "secret"), "whsec_abc");
	json_object_put(rows);
	ok(store_delivery_claim(st, "alr_1", 1100, 60), st);
	cr_assert_eq(store_delivery_claim(st, "alr_1", 1100, 60), STORE_NOT_FOUND, "leased to one sender");
	ok(store_deliveries_due(st, 1120, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 0, "not due while leased");
	json_object_put(rows);
	ok(store_delivery_result(st, "alr_1", 1101, "pending", 1200, 503, "the receiver answered 503"), st);
	ok(store_deliveries_due(st, 1150, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 0, "not due before its retry time");
	json_object_put(rows);
	ok(store_deliveries_due(st, 1200, 10, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 1);
	cr_assert_eq(json_object_get_int(jget(json_object_array_get_idx(rows, 0), "attempts")), 1);
	json_object_put(rows);
	ok(store_delivery_claim(st, "alr_1", 1200, 60), st);
	ok(store_delivery_result(st, "alr_1", 1201, "delivered", 1201, 204, NULL), st);
	struct json_object *row = NULL;
	ok(store_alert_get(st, "prj_a", "alr_1", &row), st);
	cr_assert_str_eq(jget_str(row, "delivery_state"), "delivered");
	cr_assert_eq(json_object_get_int(jget(row, "delivery_attempts")), 2);
	cr_assert_eq(json_object_get_int(jget(row, "delivery_last_status")), 204);
	json_object_put(row);
	expect_consistent(st);
	store_close(st);
}

Test(store, the_check_finds_broken_invariants)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	long long s1 = catalog(st, "sha-1", "1");
	ok(watch(st, "prj_a", "wat_1", "sha-1", s1, 10), st);
	ok(db_exec(store_db(st), "UPDATE projects SET watch_count = 5", DB_NOARGS, NULL), st);
	ok(db_exec(store_db(st), "UPDATE watches SET eval_impact = '{broken'", DB_NOARGS, NULL), st);
	struct json_object *problems = NULL;
	ok(store_check(st, &problems), st);
	cr_assert_eq(json_object_array_length(problems), 2, "%s", json_object_to_json_string(problems));
	json_object_put(problems);
	store_close(st);
}

/* Runs fn in n processes at once (each with its own connection); all must exit 0. */
static void in_parallel(int n, void (*fn)(int i))
{
	pid_t kids[16];
	for (int i = 0; i < n; i++)
		if ((kids[i] = fork()) == 0) { fn(i); _exit(0); }
	for (int i = 0; i < n; i++) {
		int status;
		waitpid(kids[i], &status, 0);
		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "worker %d failed", i);
	}
}

static void create_many(int i)
{
	struct store *st = NULL;
	char err[600], id[32];
	if (store_open(&st, conn, err, sizeof err) < 0) _exit(2);
	for (int k = 0; k < 12; k++) {
		snprintf(id, sizeof id, "wat_%d_%d", i, k);
		int rc = watch(st, "prj_a", id, "sha-1", 1, 40);
		if (rc != DB_OK && rc != STORE_LIMIT) _exit(3);
	}
	store_close(st);
}

Test(store, concurrent_creators_respect_the_limit)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	cr_assert_eq(catalog(st, "sha-1", "1"), 1);
	in_parallel(6, create_many); /* 72 attempts for 40 places */
	struct json_object *rows = NULL;
	long long total = 0;
	ok(store_watch_list(st, "prj_a", 100, 0, &rows, &total), st);
	cr_assert_eq(total, 40);
	json_object_put(rows);
	expect_consistent(st);
	store_close(st);
}

static void advance_all(int i)
{
	(void)i;
	struct store *st = NULL;
	char err[600], id[32], aid[32];
	if (store_open(&st, conn, err, sizeof err) < 0) _exit(2);
	for (int k = 0; k < 20; k++) {
		snprintf(id, sizeof id, "wat_%d", k);
		snprintf(aid, sizeof aid, "alr_%d_%d", i, k);
		struct store_alert_new a = alert(aid, "https://h.example/");
		int rc = store_watch_advance(st, id, 1, "sha-2", 2, "breaking", "{}", &a, 1100);
		if (rc != DB_OK && rc != STORE_NOT_FOUND) _exit(3);
	}
	store_close(st);
}

Test(store, concurrent_evaluators_record_each_alert_once)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	cr_assert_eq(catalog(st, "sha-1", "1"), 1);
	cr_assert_eq(catalog(st, "sha-2", "2"), 2);
	for (int k = 0; k < 20; k++) {
		char id[32];
		snprintf(id, sizeof id, "wat_%d", k);
		struct store_watch_new w = { .id = id, .name = "w", .snapshot = "{}", .webhook_url = "https://h.example/",
			.webhook_secret = "whsec_abc", .catalog_sha = "sha-1", .catalog_seq = 1, .status = "unchanged", .impact = "{}" };
		ok(store_watch_create(st, "prj_a", &w, 100, 1000), st);
	}
	in_parallel(5, advance_all);
	struct json_object *rows = NULL;
	ok(store_alert_list(st, "prj_a", 0, 100, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 20, "one alert per watch");
	for (size_t i = 0; i < json_object_array_length(rows); i++)
		cr_assert_eq(json_object_get_int64(jget(json_object_array_get_idx(rows, i), "seq")), (long long)i + 1,
			"alert numbers are dense and ordered");
	json_object_put(rows);
	ok(store_deliveries_due(st, 2000, 100, &rows), st);
	cr_assert_eq(json_object_array_length(rows), 20, "one delivery per alert");
	json_object_put(rows);
	expect_consistent(st);
	store_close(st);
}

/* Writes without end: watches created, moved with alerts and deliveries, acknowledged, deleted; reports
 * progress on fd so the parent can kill it in the middle. */
static void writer(int fd)
{
	struct store *st = NULL;
	char err[600];
	if (store_open(&st, conn, err, sizeof err) < 0) _exit(2);
	char id[32], aid[32];
	for (unsigned k = 0;; k++) {
		snprintf(id, sizeof id, "wat_%d_%u", (int)getpid(), k);
		snprintf(aid, sizeof aid, "alr_%d_%u", (int)getpid(), k);
		struct store_watch_new w = { .id = id, .name = "w", .snapshot = "{}", .webhook_url = "https://h.example/",
			.webhook_secret = "whsec_abc", .catalog_sha = "sha-1", .catalog_seq = 1, .status = "unchanged", .impact = "{}" };
		struct store_alert_new a = alert(aid, "https://h.example/");
		if (store_watch_create(st, "prj_a", &w, 100000, 1000) != DB_OK) _exit(3);
		if (store_watch_advance(st, id, 1, "sha-2", 2, "breaking", "{}", &a, 1100) != DB_OK) _exit(4);
		if (store_alert_ack(st, "prj_a", aid, "key", 1200) != DB_OK) _exit(5);
		if (k % 3 == 0 && store_watch_delete(st, "prj_a", id) != DB_OK) _exit(6);
		if (write(fd, "x", 1) != 1) _exit(7);
	}
}

Test(store, sigkill_in_the_middle_of_writes_leaves_it_consistent)
{
	struct store *st = open_store();
	project(st, "prj_a", "Alpha");
	cr_assert_eq(catalog(st, "sha-1", "1"), 1);
	cr_assert_eq(catalog(st, "sha-2", "2"), 2);
	store_close(st);
	for (int round = 0; round < 8; round++) {
		int p[2];
		cr_assert_eq(pipe(p), 0);
		pid_t kids[3];
		for (int i = 0; i < 3; i++)
			if ((kids[i] = fork()) == 0) { close(p[0]); writer(p[1]); }
		close(p[1]);
		char buf[16];
		/* kill once every writer has had time for some rounds, wherever each is then */
		for (int got = 0; got < 10 + round * 3;) {
			ssize_t n = read(p[0], buf, sizeof buf);
			cr_assert_gt(n, 0, "a writer stopped by itself");
			got += (int)n;
		}
		for (int i = 0; i < 3; i++) kill(kids[i], SIGKILL);
		for (int i = 0; i < 3; i++) {
			int status;
			waitpid(kids[i], &status, 0);
			cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "writer %d ended otherwise", i);
		}
		close(p[0]);
	}
	st = open_store();
	expect_consistent(st);
	struct json_object *rows = NULL;
	ok(db_exec(store_db(st), "SELECT COUNT(*) AS n FROM watches w WHERE w.eval_seq = 2 AND NOT EXISTS"
		" (SELECT 1 FROM alerts a WHERE a.watch_id = w.id)", DB_NOARGS, &rows), st);
	cr_assert_eq(json_object_get_int(jget(json_object_array_get_idx(rows, 0), "n")), 0,
		"no watch moved without its alert");
	json_object_put(rows);
	ok(db_exec(store_db(st), "SELECT COUNT(*) AS n FROM alerts a WHERE NOT EXISTS"
		" (SELECT 1 FROM deliveries d WHERE d.alert_id = a.id)", DB_NOARGS, &rows), st);
	cr_assert_eq(json_object_get_int(jget(json_object_array_get_idx(rows, 0), "n")), 0,
		"no alert without its delivery");
	json_object_put(rows);
	store_close(st);
}
