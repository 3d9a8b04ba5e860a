#define _GNU_SOURCE /* strptime, timegm */
#include "tools/admin/admin.h"
#include "monitor/apikey.h"
#include "store/store.h"
#include "util/jsonutil.h"
#include "util/text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_NAME 100
#define MAX_DAYS 3650

static const char USAGE[] =
	"usage: autoplan-admin [--db CONN] COMMAND\n"
	"  project create NAME                 create a project; prints its id\n"
	"  project list                        every project with its watch and active key counts\n"
	"  key create PROJECT [--expires-in DAYS | --expires-at TIME] [--read-only]\n"
	"                                      issue a key (PROJECT: id or name); prints the key, shown this once\n"
	"  key list PROJECT                    the project's keys: id, created, expires, last used, revoked\n"
	"  key revoke KEY_ID                   stop a key at once (KEY_ID: apk_ and 12 characters)\n"
	"  migrate                             bring the store's schema up to date; prints its version\n"
	"  check                               check the store's consistency; prints ok or the problems\n"
	"CONN is a SQLite file path or a PostgreSQL URI (postgresql://...); default: AUTOPLAN_MONITOR_DB, else the\n"
	"install's state directory. TIME is YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ (UTC).\n";

static void time_text(long long t, char *out, size_t n)
{
	if (t <= 0) { snprintf(out, n, "-"); return; }
	time_t tt = (time_t)t;
	struct tm tm;
	gmtime_r(&tt, &tm);
	strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int parse_time(const char *s, long long *out)
{
	struct tm tm = { 0 };
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!end || *end) {
		memset(&tm, 0, sizeof tm);
		end = strptime(s, "%Y-%m-%d", &tm);
		if (!end || *end) return -1;
	}
	*out = (long long)timegm(&tm);
	return 0;
}

static int store_fail(struct store *st, FILE *err, const char *what)
{
	fprintf(err, "autoplan-admin: %s: %s\n", what, store_error(st));
	return 1;
}

static bool name_ok(const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f) return false;
	size_t chars = utf8_length(name, n);
	return chars >= 1 && chars <= MAX_NAME && name[0] != ' ' && name[n - 1] != ' ';
}

/* The project named by id or name; prints why not and returns NULL. */
static struct json_object *project(struct store *st, const char *which, FILE *err)
{
	struct json_object *row = NULL;
	if (store_project_find(st, which, &row) != DB_OK) { store_fail(st, err, "reading projects"); return NULL; }
	if (!row) fprintf(err, "autoplan-admin: no project with id or name \"%s\"\n", which);
	return row;
}

static int project_create(struct store *st, const char *name, FILE *out, FILE *err)
{
	if (!name_ok(name)) {
		fprintf(err, "autoplan-admin: a project name has 1 to %d characters, no control characters and no "
			"surrounding spaces\n", MAX_NAME);
		return 1;
	}
	char id[24];
	int rc = DB_CONSTRAINT;
	for (int tries = 0; rc == DB_CONSTRAINT && tries < 3; tries++) {
		if (random_id("prj_", 16, id, sizeof id) < 0) { fprintf(err, "autoplan-admin: no randomness\n"); return 1; }
		struct json_object *clash = NULL;
		if (store_project_find(st, name, &clash) == DB_OK && clash && strcmp(jget_str(clash, "name"), name) == 0) {
			fprintf(err, "autoplan-admin: a project named \"%s\" exists already (%s)\n", name, jget_str(clash, "id"));
			json_object_put(clash);
			return 1;
		}
		json_object_put(clash);
		rc = store_project_create(st, id, name, (long long)time(NULL));
	}
	if (rc != DB_OK) return store_fail(st, err, "creating the project");
	fprintf(out, "created project \"%s\"\n%s\n", name, id);
	return 0;
}

static int project_list(struct store *st, FILE *out, FILE *err)
{
	struct json_object *rows = NULL;
	if (store_project_list(st, &rows) != DB_OK) return store_fail(st, err, "reading projects");
	size_t n = json_object_array_length(rows);
	if (n) fprintf(out, "%-20s %-20s %8s %12s  %s\n", "ID", "CREATED", "WATCHES", "ACTIVE KEYS", "NAME");
	for (size_t i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);
		char created[32];
		time_text(jget_int64(r, "created_at", 0), created, sizeof created);
		fprintf(out, "%-20s %-20s %8lld %12lld  %s\n", jget_str(r, "id"), created, jget_int64(r, "watch_count", 0),
			jget_int64(r, "active_keys", 0), jget_str(r, "name"));
	}
	fprintf(out, "%zu project%s\n", n, n == 1 ? "" : "s");
	json_object_put(rows);
	return 0;
}

static int key_create(struct store *st, int argc, char **argv, FILE *out, FILE *err)
{
	if (argc < 1) { fputs(USAGE, err); return 2; }
	long long now = (long long)time(NULL), expires = 0;
	int read_only = 0;
	for (int i = 1; i < argc; i++) {
		char *end;
		if (strcmp(argv[i], "--read-only") == 0) { read_only = 1; continue; }
		if (i + 1 >= argc) { fputs(USAGE, err); return 2; }
		if (strcmp(argv[i], "--expires-in") == 0) {
			errno = 0;
			long days = strtol(argv[++i], &end, 10);
			if (*end || errno || days < 1 || days > MAX_DAYS) {
				fprintf(err, "autoplan-admin: --expires-in takes whole days from 1 to %d\n", MAX_DAYS);
				return 2;
			}
			expires = now + days * 86400LL;
		} else if (strcmp(argv[i], "--expires-at") == 0) {
			if (parse_time(argv[++i], &expires) < 0) {
				fprintf(err, "autoplan-admin: --expires-at takes YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ\n");
				return 2;
			}
		} else {
			fputs(USAGE, err);
			return 2;
		}
	}
	struct json_object *p = project(st, argv[0], err);
	if (!p) return 1;
	char key[APIKEY_LEN + 1], id[APIKEY_ID_LEN + 1], hash[65];
	int rc = DB_CONSTRAINT;
	for (int tries = 0; rc == DB_CONSTRAINT && tries < 3; tries++) {
		if (apikey_generate(key, id) < 0 || apikey_hash(key, APIKEY_LEN, hash) < 0) {
			fprintf(err, "autoplan-admin: no randomness\n");
			json_object_put(p);
			return 1;
		}
		rc = store_key_insert(st, id, jget_str(p, "id"), hash, read_only, now, expires);
	}
	if (rc != DB_OK) { json_object_put(p); return store_fail(st, err, "storing the key"); }
	char when[32];
	time_text(expires, when, sizeof when);
	fprintf(out, "key %s for project \"%s\" (%s), %s, expires %s\n", id, jget_str(p, "name"), jget_str(p, "id"),
		read_only ? "read-only" : "read-write", expires ? when : "never");
	if (expires && expires <= now) fprintf(out, "note: this key has expired already and will be refused\n");
	fprintf(out, "shown this once: only its hash is stored\n%s\n", key);
	memset(key, 0, sizeof key);
	json_object_put(p);
	return 0;
}

static int key_list(struct store *st, const char *which, FILE *out, FILE *err)
{
	struct json_object *p = project(st, which, err), *rows = NULL;
	if (!p) return 1;
	if (store_key_list(st, jget_str(p, "id"), &rows) != DB_OK) { json_object_put(p); return store_fail(st, err, "reading keys"); }
	long long now = (long long)time(NULL);
	int active = 0, expired = 0, revoked = 0;
	size_t n = json_object_array_length(rows);
	if (n) fprintf(out, "%-17s %-10s %-20s %-20s %-20s %-20s %s\n", "KEY ID", "ACCESS", "CREATED", "EXPIRES", "LAST USED",
		"REVOKED", "STATE");
	for (size_t i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);
		char c[32], e[32], u[32], v[32];
		time_text(jget_int64(r, "created_at", 0), c, sizeof c);
		time_text(jget_int64(r, "expires_at", 0), e, sizeof e);
		time_text(jget_int64(r, "last_used_at", 0), u, sizeof u);
		time_text(jget_int64(r, "revoked_at", 0), v, sizeof v);
		const char *state = jget_int64(r, "revoked_at", 0) ? "revoked"
			: jget_int64(r, "expires_at", 0) && jget_int64(r, "expires_at", 0) <= now ? "expired" : "active";
		active += state[0] == 'a';
		expired += state[0] == 'e';
		revoked += state[0] == 'r';
		fprintf(out, "%-17s %-10s %-20s %-20s %-20s %-20s %s\n", jget_str(r, "id"),
			jget_int64(r, "read_only", 0) ? "read-only" : "read-write", c, jget_int64(r, "expires_at", 0) ? e : "never", u, v, state);
	}
	fprintf(out, "%zu key%s for \"%s\": %d active, %d expired, %d revoked\n", n, n == 1 ? "" : "s",
		jget_str(p, "name"), active, expired, revoked);
	json_object_put(rows);
	json_object_put(p);
	return 0;
}

static int key_revoke(struct store *st, const char *id, FILE *out, FILE *err)
{
	if (!apikey_id_valid(id)) {
		fprintf(err, "autoplan-admin: \"%s\" is not a key id (apk_ and 12 characters, as key list shows)\n", id);
		return 1;
	}
	int was = 0, rc = store_key_revoke(st, id, (long long)time(NULL), &was);
	if (rc == STORE_NOT_FOUND) { fprintf(err, "autoplan-admin: no key %s\n", id); return 1; }
	if (rc != DB_OK) return store_fail(st, err, "revoking the key");
	fprintf(out, "%s %s\n", id, was ? "was revoked already" : "revoked");
	return 0;
}

static int check(struct store *st, FILE *out, FILE *err)
{
	struct json_object *problems = NULL;
	if (store_check(st, &problems) != DB_OK) return store_fail(st, err, "checking");
	size_t n = json_object_array_length(problems);
	for (size_t i = 0; i < n; i++) fprintf(out, "%s\n", json_object_get_string(json_object_array_get_idx(problems, i)));
	if (n) fprintf(out, "%zu problem%s\n", n, n == 1 ? "" : "s");
	else fprintf(out, "ok\n");
	json_object_put(problems);
	return n ? 1 : 0;
}

int admin_run(int argc, char **argv, FILE *out, FILE *err)
{
	const char *db = NULL;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--help") == 0) { fputs(USAGE, out); return 0; }
		if (strcmp(argv[i], "--version") == 0) { fprintf(out, "autoplan-admin (autoplan) " PACKAGE_VERSION "\n"); return 0; }
		if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) db = argv[++i];
		else { fputs(USAGE, err); return 2; }
	}
	int n = argc - i;
	char **a = argv + i;
	if (n < 1) { fputs(USAGE, err); return 2; }
	bool known = (n == 3 && strcmp(a[0], "project") == 0 && strcmp(a[1], "create") == 0) ||
		(n == 2 && strcmp(a[0], "project") == 0 && strcmp(a[1], "list") == 0) ||
		(n >= 3 && strcmp(a[0], "key") == 0 && strcmp(a[1], "create") == 0) ||
		(n == 3 && strcmp(a[0], "key") == 0 && (strcmp(a[1], "list") == 0 || strcmp(a[1], "revoke") == 0)) ||
		(n == 1 && (strcmp(a[0], "migrate") == 0 || strcmp(a[0], "check") == 0));
	if (!known) { fputs(USAGE, err); return 2; }
	const char *conn = store_conn(db);
	if (strcmp(conn, "off") == 0) { fprintf(err, "autoplan-admin: the monitoring store is switched off\n"); return 1; }
	struct store *st = NULL;
	char msg[600];
	if (store_run_as_owner(conn, msg, sizeof msg) < 0 || store_open(&st, conn, msg, sizeof msg) < 0) {
		fprintf(err, "autoplan-admin: %s\n", msg);
		return 1;
	}
	int rc;
	if (strcmp(a[0], "project") == 0)
		rc = strcmp(a[1], "create") == 0 ? project_create(st, a[2], out, err) : project_list(st, out, err);
	else if (strcmp(a[0], "key") == 0)
		rc = strcmp(a[1], "create") == 0 ? key_create(st, n - 2, a + 2, out, err)
			: strcmp(a[1], "list") == 0 ? key_list(st, a[2], out, err) : key_revoke(st, a[2], out, err);
	else if (strcmp(a[0], "check") == 0)
		rc = check(st, out, err);
	else {
		long long v = 0;
		rc = store_schema_version(st, &v) == DB_OK ? (fprintf(out, "schema version %lld\n", v), 0)
			: store_fail(st, err, "reading the schema version");
	}
	store_close(st);
	return rc;
}
