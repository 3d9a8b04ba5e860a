/* The private monitoring interface through nginx, against the store tests/monitor/run.sh chose (SQLite,
 * then PostgreSQL): keys, project isolation, every input rule, the watch limit under concurrent
 * creators (suites api_*); alerts after catalog swaps with webhook deliveries (swap); responders and
 * evaluators killed with SIGKILL in the middle of writes (kill). */
#include "mon.h"
#include "monitor/apikey.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

static void expect_401(const struct http_resp *r, const char *message_part)
{
	expect_error(r, 401, "unauthorized");
	char h[300];
	cr_assert_eq(http_header(r, "WWW-Authenticate", h, sizeof h), 0, "no WWW-Authenticate: %s", r->headers);
	cr_assert(strncmp(h, "Bearer", 6) == 0, "%s", h);
	if (message_part) cr_assert(strstr(jstr(r->json, "message"), message_part), "%s", r->body);
}

static long long count_of(const char *key, const char *member)
{
	struct http_resp r = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	long long n = json_object_get_int64(jreq(r.json, member));
	http_free(&r);
	return n;
}

/* A request that must answer an error. */
static void expect_answer(const char *key, const char *method, const char *path, const char *body, long status,
	const char *error)
{
	struct http_resp r = mreq(key, method, path, body);
	expect_error(&r, status, error);
	http_free(&r);
}

/* ---- keys ---- */

Test(api_keys, every_route_needs_a_key)
{
	static const char *const routes[][2] = { { "GET", "/v2/monitoring/status" }, { "GET", "/v2/monitoring/watches" },
		{ "POST", "/v2/monitoring/watches" }, { "GET", "/v2/monitoring/watches/wat_aaaaaaaaaaaaaaaa" },
		{ "DELETE", "/v2/monitoring/watches/wat_aaaaaaaaaaaaaaaa" }, { "GET", "/v2/monitoring/alerts" },
		{ "POST", "/v2/monitoring/alerts/alr_aaaaaaaaaaaaaaaa/ack" } };
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
		struct http_resp r = mreq(NULL, routes[i][0], routes[i][1], strcmp(routes[i][0], "POST") == 0 ? "{}" : NULL);
		expect_401(&r, "Bearer");
		char h[300];
		http_header(&r, "WWW-Authenticate", h, sizeof h);
		cr_assert(!strstr(h, "error="), "no error code when no credentials were sent: %s", h);
		http_free(&r);
	}
	struct http_resp r = http_get("/v2/monitoring/openapi.json");
	cr_assert_eq(r.status, 200, "the description is public");
	http_free(&r);
}

Test(api_keys, malformed_unknown_and_other_schemes)
{
	char project[64], key[128];
	new_project(project, sizeof project, "keys");
	new_key(key, sizeof key, project, NULL, NULL);
	struct http_resp r = http_req_header("GET", "/v2/monitoring/status", NULL, 0, "Authorization: Basic dXNlcjpwdw==");
	expect_401(&r, "Bearer scheme");
	http_free(&r);
	char h[300];
	snprintf(h, sizeof h, "Authorization: Bearer %s extra", key);
	r = http_req_header("GET", "/v2/monitoring/status", NULL, 0, h);
	expect_401(&r, "malformed");
	http_free(&r);
	char broken[128];
	snprintf(broken, sizeof broken, "%s", key);
	broken[30] = broken[30] == 'A' ? 'B' : 'A'; /* the checksum catches it */
	r = mreq(broken, "GET", "/v2/monitoring/status", NULL);
	expect_401(&r, "malformed");
	http_header(&r, "WWW-Authenticate", h, sizeof h);
	cr_assert(strstr(h, "error=\"invalid_token\""), "%s", h);
	cr_assert(!strstr(r.body, broken), "the key is never echoed");
	http_free(&r);
	char unknown[APIKEY_LEN + 1], id[APIKEY_ID_LEN + 1];
	cr_assert_eq(apikey_generate(unknown, id), 0);
	r = mreq(unknown, "GET", "/v2/monitoring/status", NULL);
	expect_401(&r, "not known");
	http_free(&r);
	/* the scheme name is case-insensitive */
	snprintf(h, sizeof h, "Authorization: bearer %s", key);
	r = http_req_header("GET", "/v2/monitoring/status", NULL, 0, h);
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
}

Test(api_keys, revocation_and_expiry_stop_a_key_at_once)
{
	char project[64], key[128], expired[128], last[300];
	new_project(project, sizeof project, "revoke");
	new_key(key, sizeof key, project, NULL, NULL);
	new_key(expired, sizeof expired, project, "--expires-at", "2020-01-01");
	struct http_resp r = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(jreq(r.json, "project"), "id"), project);
	http_free(&r);
	char kid[APIKEY_ID_LEN + 1];
	memcpy(kid, key, APIKEY_ID_LEN);
	kid[APIKEY_ID_LEN] = '\0';
	cr_assert_eq(admin(last, sizeof last, "key", "revoke", kid, NULL), 0, "%s", last);
	cr_assert(strstr(last, "revoked"), "%s", last);
	r = mreq(key, "GET", "/v2/monitoring/status", NULL);
	expect_401(&r, "revoked");
	http_free(&r);
	r = mreq(expired, "GET", "/v2/monitoring/watches", NULL);
	expect_401(&r, "expired at 2020-01-01T00:00:00Z");
	http_free(&r);
	cr_assert_eq(admin(last, sizeof last, "key", "list", project, NULL), 0);
	cr_assert(strstr(last, "0 active, 1 expired, 1 revoked"), "%s", last);
	cr_assert_eq(admin(last, sizeof last, "key", "revoke", "apk_aaaaaaaaaaaa", NULL), 1, "an unknown key");
}

Test(api_keys, a_key_with_an_expiry_works_until_then_and_use_is_recorded)
{
	char project[64], key[128], last[300];
	new_project(project, sizeof project, "expiry");
	new_key(key, sizeof key, project, "--expires-in", "30");
	struct http_resp r = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert(json_object_is_type(jreq(jreq(r.json, "key"), "expires_at"), json_type_string));
	http_free(&r);
	/* key list: the key's id, never the key; last used is recorded */
	char kid[APIKEY_ID_LEN + 1];
	memcpy(kid, key, APIKEY_ID_LEN);
	kid[APIKEY_ID_LEN] = '\0';
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "'%s/src/autoplan-admin' --db '%s' key list '%s'", getenv("AUTOPLAN_BUILDDIR"),
		getenv("AUTOPLAN_MONITOR_DB"), project);
	FILE *f = popen(cmd, "r");
	char line[512], all[4096] = "";
	while (fgets(line, sizeof line, f)) strncat(all, line, sizeof all - strlen(all) - 1);
	cr_assert_eq(pclose(f), 0);
	cr_assert(!strstr(all, key), "the key itself is never listed");
	char *row = strstr(all, kid);
	cr_assert_not_null(row, "%s", all);
	char id[64], access[32], created[32], expires[32], used[32], revoked[32], state[32];
	cr_assert_eq(sscanf(row, "%63s %31s %31s %31s %31s %31s %31s", id, access, created, expires, used, revoked, state), 7);
	cr_assert_str_eq(access, "read-write");
	cr_assert_neq(strcmp(expires, "never"), 0, "%s", row);
	cr_assert_eq(strlen(used), 20, "last used is a time: %s", row);
	cr_assert_str_eq(revoked, "-");
	cr_assert_str_eq(state, "active");
	cr_assert_eq(admin(last, sizeof last, "key", "list", project, NULL), 0);
	cr_assert(strstr(last, "1 active"), "%s", last);
}

Test(api_keys, read_only_keys_read_but_never_write)
{
	char project[64], rw[128], ro[128];
	new_project(project, sizeof project, "readonly");
	new_key(rw, sizeof rw, project, NULL, NULL);
	new_key(ro, sizeof ro, project, "--read-only", NULL);
	char *snap = snapshot_of("driveB-search");
	struct http_resp r = create_watch(rw, "ro-test", snap, NULL, NULL);
	cr_assert_eq(r.status, 201, "%s", r.body);
	char path[128];
	snprintf(path, sizeof path, "/v2/monitoring/watches/%s", jstr(r.json, "id"));
	http_free(&r);
	r = mreq(ro, "GET", path, NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
	r = create_watch(ro, "nope", snap, NULL, NULL);
	expect_error(&r, 403, "forbidden");
	char h[300];
	cr_assert_eq(http_header(&r, "WWW-Authenticate", h, sizeof h), 0);
	cr_assert(strstr(h, "insufficient_scope"), "%s", h);
	http_free(&r);
	expect_answer(ro, "DELETE", path, NULL, 403, "forbidden");
	expect_answer(ro, "POST", "/v2/monitoring/alerts/alr_aaaaaaaaaaaaaaaa/ack", NULL, 403, "forbidden");
	r = mreq(rw, "GET", path, NULL);
	cr_assert_eq(r.status, 200, "the refused delete changed nothing");
	http_free(&r);
	free(snap);
}

/* ---- watches ---- */

/* The changes of an impact without what a watch adds, for comparison with row 10. */
static struct json_object *bare_changes(struct json_object *changes)
{
	struct json_object *out = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		struct json_object *c = NULL;
		json_object_deep_copy(json_object_array_get_idx(changes, i), &c, NULL);
		json_object_object_del(c, "fingerprint");
		json_object_object_del(c, "acknowledged");
		json_object_array_add(out, c);
	}
	return out;
}

Test(api_watches, create_list_get_delete)
{
	char project[64], key[128];
	new_project(project, sizeof project, "watches");
	new_key(key, sizeof key, project, NULL, NULL);
	char *snap = snapshot_of("mailA-attachments-driveA");
	/* a snapshot taken at an older catalog: its impact shows the versions moved */
	char *old = strdup(snap), *v = strstr(old, "\"catalog_version\":\"");
	cr_assert_not_null(v);
	memcpy(v + 19, "2000", 4);
	struct http_resp r = create_watch(key, "Invoices from mailA", old, NULL, NULL);
	cr_assert_eq(r.status, 201, "%s", r.body);
	const char *id = jstr(r.json, "id");
	cr_assert(strncmp(id, "wat_", 4) == 0);
	cr_assert_str_eq(jstr(r.json, "name"), "Invoices from mailA");
	cr_assert(json_object_is_type(jreq(r.json, "webhook"), json_type_null));
	struct json_object *impact = jreq(r.json, "impact");
	expect_versions(impact);
	/* the same answer as /v2/changes/impact for the snapshot */
	char *body = malloc(strlen(old) + 32);
	sprintf(body, "{\"snapshot\":%s}", old);
	struct http_resp row10 = http_post("/v2/changes/impact", body);
	cr_assert_eq(row10.status, 200);
	cr_assert_str_eq(jstr(impact, "status"), jstr(row10.json, "status"));
	struct json_object *mine = bare_changes(jreq(impact, "changes"));
	cr_assert(json_object_equal(mine, jreq(row10.json, "changes")), "%s\nvs\n%s", json_object_to_json_string(mine),
		json_object_to_json_string(jreq(row10.json, "changes")));
	json_object_put(mine);
	struct json_object *first = json_object_array_get_idx(jreq(impact, "changes"), 0);
	cr_assert_eq(strlen(jstr(first, "fingerprint")), 32);
	cr_assert(!json_object_get_boolean(jreq(first, "acknowledged")));
	http_free(&row10);
	free(body);
	char path[128];
	snprintf(path, sizeof path, "/v2/monitoring/watches/%s", id);
	struct http_resp g = mreq(key, "GET", path, NULL);
	cr_assert_eq(g.status, 200, "%s", g.body);
	cr_assert_str_eq(jstr(g.json, "id"), id);
	cr_assert_str_eq(jstr(jreq(g.json, "impact"), "status"), jstr(impact, "status"));
	cr_assert_str_eq(jstr(jreq(g.json, "evaluated"), "catalog_version"), jstr(impact, "catalog_version"));
	jreq(g.json, "snapshot");
	http_free(&g);
	for (int i = 0; i < 4; i++) {
		char name[32];
		snprintf(name, sizeof name, "more %d", i);
		struct http_resp m = create_watch(key, name, snap, "[\"Files.Read\"]", NULL);
		cr_assert_eq(m.status, 201, "%s", m.body);
		http_free(&m);
	}
	struct http_resp l = mreq(key, "GET", "/v2/monitoring/watches?limit=2", NULL);
	cr_assert_eq(l.status, 200, "%s", l.body);
	cr_assert_eq(json_object_get_int(jreq(l.json, "total")), 5);
	cr_assert_eq(json_object_array_length(jreq(l.json, "watches")), 2);
	cr_assert_eq(json_object_get_int(jreq(l.json, "next_offset")), 2);
	cr_assert_str_eq(jstr(json_object_array_get_idx(jreq(l.json, "watches"), 0), "id"), id, "oldest first");
	http_free(&l);
	l = mreq(key, "GET", "/v2/monitoring/watches?limit=2&offset=4", NULL);
	cr_assert_eq(json_object_array_length(jreq(l.json, "watches")), 1);
	cr_assert(json_object_is_type(jreq(l.json, "next_offset"), json_type_null));
	http_free(&l);
	cr_assert_eq(count_of(key, "watches"), 5);
	struct http_resp d = mreq(key, "DELETE", path, NULL);
	cr_assert_eq(d.status, 204, "%s", d.body);
	cr_assert_eq(d.len, 0, "204 has no body");
	http_free(&d);
	expect_answer(key, "DELETE", path, NULL, 404, "watch_not_found");
	expect_answer(key, "GET", path, NULL, 404, "watch_not_found");
	cr_assert_eq(count_of(key, "watches"), 4);
	http_free(&r);
	free(old);
	free(snap);
}

Test(api_watches, another_project_sees_nothing)
{
	char pa[64], pb[64], ka[128], kb[128];
	new_project(pa, sizeof pa, "isolation a");
	new_project(pb, sizeof pb, "isolation b");
	new_key(ka, sizeof ka, pa, NULL, NULL);
	new_key(kb, sizeof kb, pb, NULL, NULL);
	char *snap = snapshot_of("calA-events");
	struct http_resp r = create_watch(ka, "private", snap, NULL, NULL);
	cr_assert_eq(r.status, 201, "%s", r.body);
	char path[128];
	snprintf(path, sizeof path, "/v2/monitoring/watches/%s", jstr(r.json, "id"));
	http_free(&r);
	struct http_resp g = mreq(kb, "GET", path, NULL);
	expect_error(&g, 404, "watch_not_found");
	char gone[128];
	snprintf(gone, sizeof gone, "/v2/monitoring/watches/wat_%s", "aaaaaaaaaaaaaaaa");
	expect_answer(kb, "GET", gone, NULL, 404, "watch_not_found");
	http_free(&g);
	expect_answer(kb, "DELETE", path, NULL, 404, "watch_not_found");
	g = mreq(kb, "GET", "/v2/monitoring/watches", NULL);
	cr_assert_eq(json_object_get_int(jreq(g.json, "total")), 0);
	http_free(&g);
	expect_answer(kb, "POST", "/v2/monitoring/alerts/alr_aaaaaaaaaaaaaaaa/ack", NULL, 404, "alert_not_found");
	g = mreq(ka, "GET", path, NULL);
	cr_assert_eq(g.status, 200, "still there for its own project");
	http_free(&g);
	free(snap);
}

Test(api_watches, webhook_secret_is_shown_once)
{
	char project[64], key[128], url[300];
	new_project(project, sizeof project, "secret");
	new_key(key, sizeof key, project, NULL, NULL);
	receiver_url(url, sizeof url, "/hook/secret-once");
	char *snap = snapshot_of("driveB-search");
	struct http_resp r = create_watch(key, "hooked", snap, NULL, url);
	cr_assert_eq(r.status, 201, "%s", r.body);
	const char *secret = jstr(jreq(r.json, "webhook"), "secret");
	cr_assert(strncmp(secret, "whsec_", 6) == 0, "%s", secret);
	char path[128];
	snprintf(path, sizeof path, "/v2/monitoring/watches/%s", jstr(r.json, "id"));
	struct http_resp g = mreq(key, "GET", path, NULL);
	cr_assert_str_eq(jstr(jreq(g.json, "webhook"), "url"), url);
	cr_assert(!strstr(g.body, secret + 6), "never again");
	http_free(&g);
	g = mreq(key, "GET", "/v2/monitoring/watches", NULL);
	cr_assert(!strstr(g.body, secret + 6), "never again");
	http_free(&g);
	http_free(&r);
	free(snap);
}

Test(api_watches, status_reports_versions_counts_and_the_evaluator)
{
	char project[64], key[128];
	new_project(project, sizeof project, "status");
	new_key(key, sizeof key, project, "--read-only", NULL);
	struct http_resp r = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert(json_object_get_boolean(jreq(jreq(r.json, "key"), "read_only")));
	cr_assert_eq(json_object_get_int(jreq(r.json, "watches")), 0);
	cr_assert_eq(json_object_get_int(jreq(jreq(r.json, "alerts"), "unacknowledged")), 0);
	cr_assert_gt(json_object_get_int(jreq(r.json, "watch_limit")), 0);
	const char *state = jstr(jreq(r.json, "evaluator"), "state");
	cr_assert(strcmp(state, "running") == 0 || strcmp(state, "never_ran") == 0, "%s", state);
	http_free(&r);
}

/* ---- input ---- */

static const char *ikey(void)
{
	static char key[128];
	if (!key[0]) {
		char project[64];
		new_project(project, sizeof project, "input");
		new_key(key, sizeof key, project, NULL, NULL);
	}
	return key;
}

static void bad_body(const char *body, const char *error, const char *pointer)
{
	struct http_resp r = mreq(ikey(), "POST", "/v2/monitoring/watches", body);
	expect_error(&r, 400, error);
	if (pointer) cr_assert_str_eq(jstr(r.json, "pointer"), pointer, "%s -> %s", body, r.body);
	http_free(&r);
}

/* A valid body with one member replaced: field is the member's text inside the snapshot or the body. */
static char *with(const char *snap, const char *name, const char *granted, const char *webhook)
{
	char *b = malloc(strlen(snap) + 8000);
	sprintf(b, "{%s%s%s\"snapshot\":%s%s%s%s%s}", name ? "\"name\":" : "", name ? name : "", name ? "," : "", snap,
		granted ? ",\"granted_scopes\":" : "", granted ? granted : "", webhook ? ",\"webhook\":" : "",
		webhook ? webhook : "");
	return b;
}

static char *snap_with(const char *snap, const char *from, const char *to)
{
	const char *at = strstr(snap, from);
	cr_assert_not_null(at, "%s not in the snapshot", from);
	char *s = malloc(strlen(snap) + strlen(to) + 1);
	sprintf(s, "%.*s%s%s", (int)(at - snap), snap, to, at + strlen(from));
	return s;
}

Test(api_input, every_field_of_a_watch_is_checked_and_nothing_changes)
{
	char *snap = snapshot_of("mailA-attachments-driveA"), *b, *s;
	long long before = count_of(ikey(), "watches");
	bad_body("{\"name\":\"x\"", "invalid_json", NULL);
	bad_body("", "invalid_json", NULL);
	bad_body("[]", "invalid_request", NULL);
	b = with(snap, NULL, NULL, NULL); bad_body(b, "invalid_request", "/name"); free(b);
	b = with(snap, "\"\"", NULL, NULL); bad_body(b, "invalid_request", "/name"); free(b);
	b = with(snap, "42", NULL, NULL); bad_body(b, "invalid_request", "/name"); free(b);
	char *longname = repeat('n', 101), quoted[200];
	snprintf(quoted, sizeof quoted, "\"%s\"", longname);
	b = with(snap, quoted, NULL, NULL); bad_body(b, "invalid_request", "/name"); free(b);
	bad_body("{\"name\":\"x\"}", "invalid_request", "/snapshot");
	b = with("{}", "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/format"); free(b);
	s = snap_with(snap, "autoplan-workflow/1", "other/1");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/format"); free(b); free(s);
	char *v81 = repeat('9', 81), big[200];
	snprintf(big, sizeof big, "\"catalog_version\":\"%s", v81);
	s = snap_with(snap, "\"catalog_version\":\"", big);
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/catalog_version"); free(b); free(s);
	s = snap_with(snap, "\"read_only\":false", "\"read_only\":\"no\"");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/read_only"); free(b); free(s);
	s = snap_with(snap, "\"runtime\":\"any\"", "\"runtime\":\"cloud\"");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/runtime"); free(b); free(s);
	s = snap_with(snap, "\"format\"", "\"extra\":1,\"format\"");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/extra"); free(b); free(s);
	s = snap_with(snap, "\"capability\":\"email.search\"", "\"capability\":\"email.search\",\"x\":1");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", "/snapshot/operations/0/x"); free(b); free(s);
	s = snap_with(snap, "\"source_hash\":", "\"source_hashes\":");
	b = with(s, "\"x\"", NULL, NULL); bad_body(b, "invalid_request", NULL); free(b); free(s);
	b = with(snap, "\"x\"", "\"Files.Read\"", NULL); bad_body(b, "invalid_request", "/granted_scopes"); free(b);
	b = with(snap, "\"x\"", "[1]", NULL); bad_body(b, "invalid_request", "/granted_scopes/0"); free(b);
	char many[4000] = "[";
	for (int i = 0; i < 51; i++) strcat(many, i ? ",\"s\"" : "\"s\"");
	strcat(many, "]");
	b = with(snap, "\"x\"", many, NULL); bad_body(b, "invalid_request", "/granted_scopes"); free(b);
	char *long_scope = repeat('s', 201), one[300];
	snprintf(one, sizeof one, "[\"%s\"]", long_scope);
	b = with(snap, "\"x\"", one, NULL); bad_body(b, "invalid_request", "/granted_scopes/0"); free(b);
	b = with(snap, "\"x\"", NULL, "\"https://example.com/\""); bad_body(b, "invalid_request", "/webhook"); free(b);
	b = with(snap, "\"x\"", NULL, "{}"); bad_body(b, "invalid_request", "/webhook/url"); free(b);
	b = with(snap, "\"x\"", NULL, "{\"url\":\"https://example.com/\",\"secret\":\"mine\"}");
	bad_body(b, "invalid_request", "/webhook/secret"); free(b);
	static const char *const refused[] = { "ftp://example.com/", "https://user@example.com/", "http://10.0.0.1/h",
		"http://169.254.169.254/latest/meta-data", "http://192.168.1.1/", "http://[::1]/", "http://[fd00::1]/",
		"http://127.0.0.2/", "http://0.0.0.0/", "http://2130706433/", "https://example.com/#x", "http://[::ffff:10.0.0.1]/" };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char hook[300];
		snprintf(hook, sizeof hook, "{\"url\":\"%s\"}", refused[i]);
		b = with(snap, "\"x\"", NULL, hook);
		bad_body(b, "invalid_request", "/webhook/url");
		free(b);
	}
	b = with(snap, "\"x\"", NULL, NULL);
	char *extra = malloc(strlen(b) + 32);
	sprintf(extra, "%.*s,\"color\":\"red\"}", (int)strlen(b) - 1, b);
	bad_body(extra, "invalid_request", "/color");
	free(extra);
	free(b);
	cr_assert_eq(count_of(ikey(), "watches"), before, "no bad request created anything");
	/* nulls mean absent for the optional members */
	b = with(snap, "\"nulls\"", "null", "null");
	struct http_resp r = mreq(ikey(), "POST", "/v2/monitoring/watches", b);
	cr_assert_eq(r.status, 201, "%s", r.body);
	cr_assert(json_object_is_type(jreq(r.json, "granted_scopes"), json_type_null));
	http_free(&r);
	free(b);
	free(longname);
	free(v81);
	free(long_scope);
	free(snap);
}

Test(api_input, snapshot_bounds_at_and_over)
{
	char *snap = snapshot_of("driveB-search");
	/* 200 operations are accepted, 201 are not */
	const char *ops = strstr(snap, "\"operations\":[") + 14;
	const char *end = strrchr(snap, ']');
	size_t oplen = (size_t)(end - ops);
	for (int n = 200; n <= 201; n++) {
		char *s = malloc(strlen(snap) + (oplen + 1) * (size_t)n + 16), *o = s;
		o += sprintf(o, "%.*s", (int)(ops - snap), snap);
		for (int i = 0; i < n; i++) o += sprintf(o, "%s%.*s", i ? "," : "", (int)oplen, ops);
		sprintf(o, "%s", end);
		char *b = with(s, "\"ops\"", NULL, NULL);
		struct http_resp r = mreq(ikey(), "POST", "/v2/monitoring/watches", b);
		if (n == 200) cr_assert_eq(r.status, 201, "%s", r.body);
		else expect_error(&r, 400, "invalid_request");
		http_free(&r);
		free(b);
		free(s);
	}
	/* name at 100 characters, counted as characters */
	char name[400] = "\"";
	for (int i = 0; i < 100; i++) strcat(name, "\xc3\xa4");
	strcat(name, "\"");
	char *b = with(snap, name, NULL, NULL);
	struct http_resp r = mreq(ikey(), "POST", "/v2/monitoring/watches", b);
	cr_assert_eq(r.status, 201, "%s", r.body);
	http_free(&r);
	free(b);
	free(snap);
}

Test(api_input, bodies_at_and_over_the_cap)
{
	size_t cap = 1048576; /* the responder's default cap; nginx allows 2 MiB */
	char *snap = snapshot_of("driveB-search");
	char *b = with(snap, "\"padded\"", NULL, NULL);
	size_t n = strlen(b);
	char *at = malloc(cap + 2);
	memcpy(at, b, n - 1);
	memset(at + n - 1, ' ', cap - n);
	at[cap - 1] = '}';
	at[cap] = '\0';
	struct http_resp r = mreq(ikey(), "POST", "/v2/monitoring/watches", at);
	cr_assert_eq(r.status, 201, "a body of exactly the cap is read: %.300s", r.body);
	http_free(&r);
	at[cap - 1] = ' ';
	at[cap] = '}';
	at[cap + 1] = '\0';
	expect_answer(ikey(), "POST", "/v2/monitoring/watches", at, 413, "request_too_large");
	/* without a key, the same body gets 401, and nginx's own cap answers 413 */
	expect_answer(NULL, "POST", "/v2/monitoring/watches", at, 401, "unauthorized");
	char *huge = repeat(' ', 3 * cap);
	huge[0] = '{';
	huge[3 * cap - 1] = '}';
	expect_answer(ikey(), "POST", "/v2/monitoring/watches", huge, 413, "request_too_large");
	free(huge);
	free(at);
	free(b);
	free(snap);
}

Test(api_input, query_and_path_rules)
{
	static const char *const bad[] = { "/v2/monitoring/watches?limit=0", "/v2/monitoring/watches?limit=101",
		"/v2/monitoring/watches?offset=-1", "/v2/monitoring/watches?offset=100001", "/v2/monitoring/watches?page=2",
		"/v2/monitoring/watches?limit=1&limit=2", "/v2/monitoring/alerts?since=-1", "/v2/monitoring/alerts?since=x",
		"/v2/monitoring/alerts?limit=500", "/v2/monitoring/watches/12", "/v2/monitoring/watches/wat_AAAAAAAAAAAAAAAA",
		"/v2/monitoring/alerts/nope/ack" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct http_resp r = mreq(ikey(), strstr(bad[i], "/ack") ? "POST" : "GET", bad[i], NULL);
		expect_error(&r, 400, "invalid_request");
		http_free(&r);
	}
	expect_answer(ikey(), "PUT", "/v2/monitoring/watches", "{}", 405, "method_not_allowed");
	expect_answer(ikey(), "GET", "/v2/monitoring/nothing", NULL, 404, "not_found");
}

/* ---- limits ---- */

static const char *racer_key;
static char *racer_snap;

static void racer(int fd)
{
	for (int i = 0; i < 10; i++) {
		char name[32];
		snprintf(name, sizeof name, "race %d-%d", (int)getpid(), i);
		struct http_resp r = create_watch(racer_key, name, racer_snap, NULL, NULL);
		char line[64];
		int n = snprintf(line, sizeof line, "%ld %s\n", r.status, r.status == 201 ? jstr(r.json, "id") : "-");
		if (write(fd, line, (size_t)n) != n) _exit(2);
		http_free(&r);
	}
	_exit(0);
}

Test(api_limits, concurrent_creators_get_exactly_the_limit)
{
	char project[64], key[128];
	new_project(project, sizeof project, "race");
	new_key(key, sizeof key, project, NULL, NULL);
	racer_key = key;
	racer_snap = snapshot_of("sheetsA-read");
	struct http_resp st = mreq(key, "GET", "/v2/monitoring/status", NULL);
	int limit = json_object_get_int(jreq(st.json, "watch_limit"));
	http_free(&st);
	cr_assert_leq(limit, 50, "run.sh sets a small AUTOPLAN_MAX_WATCHES for this test");
	char tmp[512];
	snprintf(tmp, sizeof tmp, "%s/race.XXXXXX", getenv("AUTOPLAN_RUNDIR"));
	int fd = mkstemp(tmp);
	pid_t kids[6];
	for (int i = 0; i < 6; i++)
		if ((kids[i] = fork()) == 0) racer(fd);
	for (int i = 0; i < 6; i++) {
		int status;
		waitpid(kids[i], &status, 0);
		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	FILE *f = fdopen(fd, "r");
	rewind(f);
	int created = 0, refused = 0;
	long status;
	char id[64];
	struct json_object *ids = json_object_new_object();
	while (fscanf(f, "%ld %63s", &status, id) == 2) {
		cr_assert(status == 201 || status == 409, "status %ld", status);
		if (status == 201) {
			created++;
			cr_assert(!json_object_object_get_ex(ids, id, NULL), "id %s given twice", id);
			json_object_object_add(ids, id, NULL);
		} else {
			refused++;
		}
	}
	fclose(f);
	unlink(tmp);
	cr_assert_eq(created, limit, "created %d of %d", created, limit);
	cr_assert_eq(refused, 60 - limit);
	struct http_resp l = mreq(key, "GET", "/v2/monitoring/watches?limit=100", NULL);
	cr_assert_eq(json_object_get_int(jreq(l.json, "total")), limit);
	struct json_object *list = jreq(l.json, "watches");
	for (size_t i = 0; i < json_object_array_length(list); i++)
		cr_assert(json_object_object_get_ex(ids, jstr(json_object_array_get_idx(list, i), "id"), NULL),
			"every listed watch was answered 201");
	http_free(&l);
	struct http_resp over = create_watch(key, "one more", racer_snap, NULL, NULL);
	expect_error(&over, 409, "watch_limit_reached");
	http_free(&over);
	json_object_put(ids);
	free(racer_snap);
	char last[200];
	cr_assert_eq(admin(last, sizeof last, "check", NULL), 0, "%s", last);
	cr_assert_str_eq(last, "ok");
}

/* ---- swap: deployments lead to alerts and deliveries without anyone calling an endpoint ---- */

#define GMAIL_RO "https://www.googleapis.com/auth/gmail.readonly"
#define LIST_RO "mailA/mailA.users.messages.list/" GMAIL_RO
#define ATTACH_RO "mailA/mailA.users.messages.attachments.get/" GMAIL_RO

static bool delivered_to(void *path)
{
	struct json_object *log = receiver_log(path);
	bool done = false;
	for (size_t i = 0; i < json_object_array_length(log); i++)
		done |= json_object_get_int(jget(json_object_array_get_idx(log, i), "status")) == 204;
	json_object_put(log);
	return done;
}

struct evaluated { const char *key, *path, *version; };

static bool is_evaluated(void *arg)
{
	struct evaluated *e = arg;
	struct http_resp r = mreq(e->key, "GET", e->path, NULL);
	bool done = r.status == 200 && strcmp(jstr(jreq(r.json, "evaluated"), "catalog_version"), e->version) == 0;
	http_free(&r);
	return done;
}

static void wait_evaluated(const char *key, const char *watch_id, const char *version)
{
	char path[128];
	snprintf(path, sizeof path, "/v2/monitoring/watches/%s", watch_id);
	struct evaluated e = { key, path, version };
	cr_assert(wait_for(is_evaluated, &e, 120), "watch %s was not evaluated with catalog %s", watch_id, version);
}

/* The alerts of key's project for a watch, oldest first (a new array). */
static struct json_object *alerts_of(const char *key, const char *watch_id)
{
	struct http_resp r = mreq(key, "GET", "/v2/monitoring/alerts?limit=100", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *out = json_object_new_array(), *all = jreq(r.json, "alerts");
	for (size_t i = 0; i < json_object_array_length(all); i++) {
		struct json_object *a = json_object_array_get_idx(all, i);
		if (strcmp(jstr(jreq(a, "watch"), "id"), watch_id) == 0) json_object_array_add(out, json_object_get(a));
	}
	http_free(&r);
	return out;
}

static struct json_object *change_of(struct json_object *list, const char *kind, const char *op)
{
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *c = json_object_array_get_idx(list, i);
		if (strcmp(jstr(c, "change"), kind) == 0 && (!op || (jget_str(c, "operation") &&
			strcmp(jget_str(c, "operation"), op) == 0)))
			return c;
	}
	cr_assert_fail("no %s change of %s in %s", kind, op ? op : "-", json_object_to_json_string(list));
	return NULL;
}

struct delivery_wait { const char *key, *watch, *state; };

static bool delivery_in(void *arg)
{
	struct delivery_wait *d = arg;
	struct json_object *list = alerts_of(d->key, d->watch);
	size_t n = json_object_array_length(list);
	struct json_object *dl = n ? jget(json_object_array_get_idx(list, n - 1), "delivery") : NULL;
	bool ok = dl && strcmp(jget_str(dl, "state"), d->state) == 0;
	json_object_put(list);
	return ok;
}

/* Deploys a catalog; answers the watch's alerts once the watch was evaluated with it. */
static struct json_object *deploy(const char *version, const char *const *drop, const char *key, const char *watch)
{
	swap_catalog(version, drop);
	wait_evaluated(key, watch, version);
	return alerts_of(key, watch);
}

static char *watch_id(struct http_resp *r)
{
	cr_assert_eq(r->status, 201, "%s", r->body);
	char *id = strdup(jstr(r->json, "id"));
	return id;
}

Test(swap, deployments_lead_to_alerts_deliveries_and_carried_acknowledgements)
{
	char project[64], other[64], key[128], ro[128], okey[128], url_a[300], url_c[300], url_d[300];
	new_project(project, sizeof project, "swap");
	new_project(other, sizeof other, "swap other");
	new_key(key, sizeof key, project, NULL, NULL);
	new_key(ro, sizeof ro, project, "--read-only", NULL);
	new_key(okey, sizeof okey, other, NULL, NULL);
	receiver_url(url_a, sizeof url_a, "/hook/a");
	receiver_url(url_c, sizeof url_c, "/hook/c");
	receiver_url(url_d, sizeof url_d, "/hook/d");
	char *mail = snapshot_of("mailA-attachments-driveA"), *drive = snapshot_of("driveB-search");
	struct http_resp r = create_watch(key, "relies on readonly", mail, "[\"" GMAIL_RO "\"]", url_a);
	char *a = watch_id(&r);
	receiver_expect("/hook/a", jstr(jreq(r.json, "webhook"), "secret"), 2);
	http_free(&r);
	r = create_watch(key, "holds full access", mail, "[\"https://mail.google.com/\"]", NULL);
	char *b = watch_id(&r);
	http_free(&r);
	r = create_watch(key, "unaffected", drive, NULL, url_c);
	char *c = watch_id(&r);
	receiver_expect("/hook/c", jstr(jreq(r.json, "webhook"), "secret"), 0);
	http_free(&r);
	r = create_watch(key, "receiver down", mail, NULL, url_d);
	char *d = watch_id(&r);
	receiver_expect("/hook/d", jstr(jreq(r.json, "webhook"), "secret"), 1000);
	const char *before_version = jstr(jreq(r.json, "evaluated"), "catalog_version");
	char before[64];
	snprintf(before, sizeof before, "%s", before_version);
	http_free(&r);
	r = create_watch(okey, "another project's", mail, NULL, NULL);
	char *e = watch_id(&r);
	http_free(&r);

	/* 1: scopes narrowed. The delivery arrives with no endpoint called meanwhile. */
	const char *drop1[] = { LIST_RO, NULL };
	swap_catalog("2026-12-01.1", drop1);
	cr_assert(wait_for(delivered_to, "/hook/a", 120), "no webhook delivery after the catalog swap");
	wait_evaluated(key, c, "2026-12-01.1");
	struct json_object *la = alerts_of(key, a), *lb = alerts_of(key, b), *lc = alerts_of(key, c), *ld = alerts_of(key, d);
	cr_assert_eq(json_object_array_length(la), 1, "one alert per watch and catalog, with two evaluators");
	cr_assert_eq(json_object_array_length(lb), 1);
	cr_assert_eq(json_object_array_length(lc), 0, "an unaffected watch gets no alert");
	cr_assert_eq(json_object_array_length(ld), 1);
	struct json_object *alert_a = json_object_array_get_idx(la, 0);
	cr_assert_str_eq(jstr(alert_a, "status"), "breaking");
	cr_assert_str_eq(jstr(jreq(alert_a, "before"), "catalog_version"), before);
	cr_assert_str_eq(jstr(jreq(alert_a, "after"), "catalog_version"), "2026-12-01.1");
	cr_assert_str_eq(jstr(jreq(alert_a, "before"), "status"), "unchanged");
	struct json_object *narrow = change_of(jreq(alert_a, "changes"), "scopes_narrowed", "mailA.users.messages.list");
	cr_assert_str_eq(jstr(narrow, "severity"), "breaking");
	cr_assert_str_eq(jstr(jreq(narrow, "judged"), "verdict"), "relied_on_removed");
	cr_assert(json_object_get_boolean(jreq(narrow, "new")));
	cr_assert(!json_object_get_boolean(jreq(narrow, "acknowledged")));
	char fingerprint[40];
	snprintf(fingerprint, sizeof fingerprint, "%s", jstr(narrow, "fingerprint"));
	struct json_object *alert_b = json_object_array_get_idx(lb, 0);
	cr_assert_str_eq(jstr(alert_b, "status"), "info_only", "a holder of another alternative is only informed");
	cr_assert_str_eq(jstr(jreq(change_of(jreq(alert_b, "changes"), "scopes_narrowed", NULL), "judged"), "verdict"),
		"still_authorised");
	cr_assert_str_eq(jstr(change_of(jreq(alert_b, "changes"), "scopes_narrowed", NULL), "fingerprint"), fingerprint,
		"the same change has the same fingerprint in every watch");
	cr_assert_str_eq(jstr(json_object_array_get_idx(ld, 0), "status"), "breaking", "without granted scopes: row 10's judgement");
	/* the webhook: two refusals, then delivered; every attempt signed and carrying the same id */
	struct json_object *log = receiver_log("/hook/a");
	cr_assert_eq(json_object_array_length(log), 3, "%s", json_object_to_json_string(log));
	for (size_t i = 0; i < 3; i++) {
		struct json_object *en = json_object_array_get_idx(log, i);
		cr_assert(json_object_get_boolean(jreq(en, "valid")), "attempt %zu: bad signature", i + 1);
		cr_assert(json_object_get_boolean(jreq(en, "fresh")));
		cr_assert_str_eq(jstr(en, "method"), "POST");
		cr_assert_str_eq(jstr(en, "content_type"), "application/json");
		cr_assert_str_eq(jstr(en, "id"), jstr(alert_a, "id"));
		cr_assert_eq(json_object_get_int(jreq(en, "status")), i < 2 ? 503 : 204);
		struct json_object *body = jreq(en, "body");
		cr_assert_str_eq(jstr(body, "type"), "watch.alert");
		cr_assert_str_eq(jstr(jreq(body, "data"), "id"), jstr(alert_a, "id"));
		cr_assert_str_eq(jstr(jreq(jreq(body, "data"), "watch"), "id"), a);
		change_of(jreq(jreq(body, "data"), "changes"), "scopes_narrowed", "mailA.users.messages.list");
	}
	json_object_put(log);
	struct delivery_wait dw = { key, a, "delivered" };
	cr_assert(wait_for(delivery_in, &dw, 30));
	struct json_object *again = alerts_of(key, a), *dl = jreq(json_object_array_get_idx(again, 0), "delivery");
	cr_assert_eq(json_object_get_int(jreq(dl, "attempts")), 3);
	cr_assert_eq(json_object_get_int(jreq(dl, "last_status")), 204);
	cr_assert_str_eq(jstr(dl, "url"), url_a);
	json_object_put(again);
	struct delivery_wait df = { key, d, "failed" };
	cr_assert(wait_for(delivery_in, &df, 60), "the delivery to a receiver that keeps failing ends as failed");
	again = alerts_of(key, d);
	dl = jreq(json_object_array_get_idx(again, 0), "delivery");
	cr_assert_eq(json_object_get_int(jreq(dl, "attempts")), 3, "MONITOR_ARGS sets --max-attempts 3");
	cr_assert_eq(json_object_get_int(jreq(dl, "last_status")), 503);
	json_object_put(again);
	log = receiver_log("/hook/c");
	cr_assert_eq(json_object_array_length(log), 0);
	json_object_put(log);
	/* projects see only their own alerts */
	struct json_object *le = alerts_of(okey, e), *cross = alerts_of(okey, a);
	cr_assert_eq(json_object_array_length(le), 1);
	cr_assert_eq(json_object_array_length(cross), 0);
	json_object_put(cross);
	cross = alerts_of(key, e);
	cr_assert_eq(json_object_array_length(cross), 0);
	json_object_put(cross);
	json_object_put(le);
	struct http_resp s = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(json_object_get_int(jreq(jreq(s.json, "alerts"), "unacknowledged")), 3);
	http_free(&s);
	/* paging by sequence number */
	struct http_resp p1 = mreq(key, "GET", "/v2/monitoring/alerts?limit=1", NULL);
	cr_assert(json_object_get_boolean(jreq(p1.json, "has_more")));
	char next[64];
	snprintf(next, sizeof next, "/v2/monitoring/alerts?limit=1&since=%lld",
		(long long)json_object_get_int64(jreq(p1.json, "next_since")));
	struct http_resp p2 = mreq(key, "GET", next, NULL);
	cr_assert_eq(json_object_array_length(jreq(p2.json, "alerts")), 1);
	cr_assert_gt(json_object_get_int64(jreq(json_object_array_get_idx(jreq(p2.json, "alerts"), 0), "seq")),
		json_object_get_int64(jreq(json_object_array_get_idx(jreq(p1.json, "alerts"), 0), "seq")));
	http_free(&p1);
	http_free(&p2);

	/* acknowledge A's alert */
	char ack[128];
	snprintf(ack, sizeof ack, "/v2/monitoring/alerts/%s/ack", jstr(alert_a, "id"));
	expect_answer(ro, "POST", ack, NULL, 403, "forbidden");
	expect_answer(okey, "POST", ack, NULL, 404, "alert_not_found");
	struct http_resp k = mreq(key, "POST", ack, NULL);
	cr_assert_eq(k.status, 200, "%s", k.body);
	cr_assert(json_object_get_boolean(jreq(k.json, "acknowledged")));
	cr_assert(strncmp(jstr(k.json, "acknowledged_by"), "key apk_", 8) == 0);
	cr_assert(json_object_get_boolean(jreq(change_of(jreq(k.json, "changes"), "scopes_narrowed", NULL), "acknowledged")));
	char acked_at[40];
	snprintf(acked_at, sizeof acked_at, "%s", jstr(k.json, "acknowledged_at"));
	http_free(&k);
	k = mreq(key, "POST", ack, NULL);
	cr_assert_eq(k.status, 200);
	cr_assert_str_eq(jstr(k.json, "acknowledged_at"), acked_at, "acknowledging twice changes nothing");
	http_free(&k);
	s = mreq(key, "GET", "/v2/monitoring/status", NULL);
	cr_assert_eq(json_object_get_int(jreq(jreq(s.json, "alerts"), "unacknowledged")), 2);
	http_free(&s);
	json_object_put(la);
	json_object_put(lb);
	json_object_put(lc);
	json_object_put(ld);

	/* 2: the narrowing is reverted: an alert with it resolved, acknowledged already (carried over), not sent */
	la = deploy("2026-12-02.1", NULL, key, a);
	cr_assert_eq(json_object_array_length(la), 2);
	struct json_object *revert = json_object_array_get_idx(la, 1);
	cr_assert_str_eq(jstr(change_of(jreq(revert, "resolved"), "scopes_narrowed", NULL), "fingerprint"), fingerprint);
	cr_assert(json_object_get_boolean(jreq(revert, "acknowledged")));
	cr_assert_str_eq(jstr(revert, "acknowledged_by"), "carried_over");
	cr_assert(json_object_is_type(jreq(revert, "delivery"), json_type_null), "an acknowledged alert is not sent");
	json_object_put(la);
	wait_evaluated(key, b, "2026-12-02.1");
	lb = alerts_of(key, b);
	cr_assert(!json_object_get_boolean(jreq(json_object_array_get_idx(lb, 1), "acknowledged")),
		"B's alerts were never acknowledged");
	json_object_put(lb);

	/* 3: the same narrowing comes back: the acknowledgement carries over */
	la = deploy("2026-12-03.1", drop1, key, a);
	cr_assert_eq(json_object_array_length(la), 3);
	struct json_object *back = json_object_array_get_idx(la, 2);
	narrow = change_of(jreq(back, "changes"), "scopes_narrowed", "mailA.users.messages.list");
	cr_assert_str_eq(jstr(narrow, "fingerprint"), fingerprint, "a stable fingerprint across catalogs");
	cr_assert(json_object_get_boolean(jreq(narrow, "acknowledged")));
	cr_assert(json_object_get_boolean(jreq(back, "acknowledged")));
	cr_assert_str_eq(jstr(back, "acknowledged_by"), "carried_over");
	json_object_put(la);

	/* 4: one more operation narrowed: a new, unacknowledged change next to the acknowledged one; sent at once */
	const char *drop2[] = { LIST_RO, ATTACH_RO, NULL };
	la = deploy("2026-12-04.1", drop2, key, a);
	cr_assert_eq(json_object_array_length(la), 4);
	struct json_object *more = json_object_array_get_idx(la, 3);
	narrow = change_of(jreq(more, "changes"), "scopes_narrowed", "mailA.users.messages.list");
	cr_assert(json_object_get_boolean(jreq(narrow, "acknowledged")));
	cr_assert(!json_object_get_boolean(jreq(narrow, "new")));
	struct json_object *attach = change_of(jreq(more, "changes"), "scopes_narrowed", "mailA.users.messages.attachments.get");
	cr_assert(!json_object_get_boolean(jreq(attach, "acknowledged")));
	cr_assert(json_object_get_boolean(jreq(attach, "new")));
	cr_assert(!json_object_get_boolean(jreq(more, "acknowledged")));
	char more_id[40];
	snprintf(more_id, sizeof more_id, "%s", jstr(more, "id"));
	json_object_put(la);
	dw = (struct delivery_wait){ key, a, "delivered" };
	cr_assert(wait_for(delivery_in, &dw, 60));
	log = receiver_log("/hook/a");
	struct json_object *last = json_object_array_get_idx(log, json_object_array_length(log) - 1);
	cr_assert_str_eq(jstr(last, "id"), more_id);
	cr_assert(json_object_get_boolean(jreq(last, "valid")));
	cr_assert_eq(json_object_array_length(log), 4, "alerts 2 and 3 were not sent: %s", json_object_to_json_string(log));
	json_object_put(log);
	char out[200];
	cr_assert_eq(admin(out, sizeof out, "check", NULL), 0, "%s", out);
	free(a); free(b); free(c); free(d); free(e);
	free(mail);
	free(drive);
}

/* ---- swap: a watch on directory entries ---- */

#define MEMORY "mcp/io-github-modelcontextprotocol-server-memory"

/* The shipped memory report as a newer one: read_graph needs a new required input. */
static struct json_object *memory_report_changed(const char *id)
{
	char file[1200];
	snprintf(file, sizeof file, "%s/catalog/reports/io-github-modelcontextprotocol-server-memory-2026-11-22.json",
		getenv("AUTOPLAN_SRCDIR"));
	struct json_object *r = json_object_from_file(file), *tools = jget(r, "observed_tool_input_schemas");
	cr_assert_not_null(r, "%s", file);
	for (size_t i = 0; i < json_object_array_length(tools); i++) {
		struct json_object *t = json_object_array_get_idx(tools, i);
		if (strcmp(jget_str(t, "tool"), "read_graph") == 0)
			json_object_object_add(t, "input_schema", json_tokener_parse("{\"type\":\"object\",\"properties\":"
				"{\"depth\":{\"type\":\"integer\"}},\"required\":[\"depth\"]}"));
	}
	json_object_object_add(r, "id", json_object_new_string(id));
	json_object_object_add(r, "date", json_object_new_string("2026-12-09"));
	return r;
}

static bool signed_delivery(void *path)
{
	struct json_object *log = receiver_log(path);
	bool done = false;
	for (size_t i = 0; i < json_object_array_length(log); i++) {
		struct json_object *e = json_object_array_get_idx(log, i);
		done |= json_object_get_int(jget(e, "status")) == 204 && jget_bool(e, "valid", 0);
	}
	json_object_put(log);
	return done;
}

/* Named to run after deployments_... (Criterion runs a suite's tests by name): that test takes the version its
 * watches were created under from the answer, and after a swap the responder's workers re-map the new catalog
 * one at a time, so a catalog this test leaves deployed could still be the old one to a worker answering there. */
Test(swap, watches_on_directory_entries_alert_when_a_new_report_changes_their_tools)
{
	char project[64], key[128], url[300];
	new_project(project, sizeof project, "entries");
	new_key(key, sizeof key, project, NULL, NULL);
	receiver_url(url, sizeof url, "/hook/entries");
	char body[1200];
	snprintf(body, sizeof body, "{\"name\":\"memory tools\",\"entries\":[{\"id\":\"" MEMORY "\",\"tools\":"
		"[\"read_graph\"]}],\"webhook\":{\"url\":\"%s\"}}", url);
	struct http_resp r = mreq(key, "POST", "/v2/monitoring/watches", body);
	char *w = watch_id(&r);
	cr_assert(json_object_is_type(jreq(r.json, "snapshot"), json_type_null));
	struct json_object *base = jreq(json_object_array_get_idx(jreq(r.json, "entries"), 0), "baseline");
	cr_assert_eq(json_object_array_length(jreq(base, "observed_tool_input_schemas")), 1, "the one tool followed");
	cr_assert_str_eq(jstr(jreq(r.json, "impact"), "status"), "unchanged");
	receiver_expect("/hook/entries", jstr(jreq(r.json, "webhook"), "secret"), 0);
	http_free(&r);
	/* a tool the workflow does not use is refused by name */
	snprintf(body, sizeof body, "{\"name\":\"x\",\"entries\":[{\"id\":\"" MEMORY "\",\"tools\":[\"nope\"]}]}");
	r = mreq(key, "POST", "/v2/monitoring/watches", body);
	cr_assert_eq(r.status, 400, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "pointer"), "/entries/0");
	http_free(&r);
	r = mreq(key, "POST", "/v2/monitoring/watches", "{\"name\":\"x\",\"entries\":[{\"id\":\"" MEMORY "\"}],"
		"\"snapshot\":{}}");
	cr_assert_eq(r.status, 400, "%s", r.body);
	http_free(&r);

	const char *id = "io-github-modelcontextprotocol-server-memory-2026-12-09";
	struct json_object *rep = memory_report_changed(id);
	swap_catalog_with("2026-12-09.1", NULL, id, rep);
	json_object_put(rep);
	wait_evaluated(key, w, "2026-12-09.1");
	struct json_object *alerts = alerts_of(key, w);
	cr_assert_eq(json_object_array_length(alerts), 1, "%s", json_object_to_json_string(alerts));
	struct json_object *a = json_object_array_get_idx(alerts, 0), *ch = json_object_array_get_idx(jreq(a, "changes"), 0);
	cr_assert_str_eq(jstr(a, "status"), "breaking");
	cr_assert_eq(json_object_array_length(jreq(a, "changes")), 1);
	cr_assert_str_eq(jstr(ch, "entry"), MEMORY);
	cr_assert_str_eq(jstr(ch, "tool"), "read_graph");
	cr_assert_str_eq(jstr(ch, "property"), "depth");
	cr_assert_str_eq(jstr(ch, "change"), "required_parameter_added");
	cr_assert(strstr(jstr(jreq(ch, "detail"), "en"), id), "%s", jstr(jreq(ch, "detail"), "en"));
	cr_assert(wait_for(signed_delivery, "/hook/entries", 120), "no signed webhook delivery for the entry's change");
	json_object_put(alerts);
	free(w);
}

/* ---- kill: SIGKILL in the middle of writes ---- */

/* The pids of the children of parent (the responder's workers). */
static int children_of(pid_t parent, pid_t *out, int max)
{
	int n = 0;
	DIR *d = opendir("/proc");
	struct dirent *e;
	while (d && (e = readdir(d)) && n < max) {
		char path[300], buf[512];
		if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		FILE *f = fopen(path, "r");
		if (!f) continue;
		size_t len = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[len] = '\0';
		char *close = strrchr(buf, ')');
		int ppid = 0;
		if (close && sscanf(close + 2, "%*c %d", &ppid) == 1 && ppid == parent) out[n++] = atoi(e->d_name);
	}
	if (d) closedir(d);
	return n;
}

static pid_t pid_in(const char *file)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", getenv("AUTOPLAN_RUNDIR"), file);
	FILE *f = fopen(path, "r");
	int pid = 0;
	if (f) { cr_assert_eq(fscanf(f, "%d", &pid), 1); fclose(f); }
	cr_assert_gt(pid, 0, "no pid in %s", path);
	return pid;
}

/* Creates watches and deletes every third; reports each outcome on fd: C id (201), D id (204), U (a
 * create cut off: committed or not), ? id (a delete cut off). */
static void writer(const char *key, const char *snap, int fd)
{
	for (int i = 0; i < 30; i++) {
		char name[40], line[80];
		int n;
		snprintf(name, sizeof name, "kill %d-%d", (int)getpid(), i);
		struct http_resp r = create_watch(key, name, snap, NULL, NULL);
		if (r.status == 201) {
			n = snprintf(line, sizeof line, "C %s\n", jstr(r.json, "id"));
			if (write(fd, line, (size_t)n) != n) _exit(2);
			if (i % 3 == 0) {
				char path[80];
				snprintf(path, sizeof path, "/v2/monitoring/watches/%s", jstr(r.json, "id"));
				struct http_resp d = mreq(key, "DELETE", path, NULL);
				n = snprintf(line, sizeof line, "%c %s\n", d.status == 204 ? 'D' : '?', jstr(r.json, "id"));
				if (write(fd, line, (size_t)n) != n) _exit(2);
				http_free(&d);
			}
		} else {
			n = snprintf(line, sizeof line, "U %ld\n", r.status);
			if (write(fd, line, (size_t)n) != n) _exit(2);
		}
		http_free(&r);
	}
	_exit(0);
}

Test(kill, responders_killed_in_the_middle_of_writes_lose_and_duplicate_nothing)
{
	char projects[4][64], keys[4][128], out[200];
	for (int i = 0; i < 4; i++) {
		new_project(projects[i], sizeof projects[i], "kill responders");
		new_key(keys[i], sizeof keys[i], projects[i], NULL, NULL);
	}
	char *snap = snapshot_of("codehost-issues");
	char tmp[512];
	snprintf(tmp, sizeof tmp, "%s/kill.XXXXXX", getenv("AUTOPLAN_RUNDIR"));
	int fds[4];
	pid_t kids[4];
	for (int i = 0; i < 4; i++) {
		char t[600];
		strcpy(t, tmp);
		fds[i] = mkstemp(t);
		if ((kids[i] = fork()) == 0) writer(keys[i], snap, fds[i]);
	}
	pid_t master = pid_in("responder.pid");
	int killed = 0;
	for (int round = 0; round < 40; round++) {
		pid_t w[64];
		int n = children_of(master, w, 64);
		if (n > 0) killed += kill(w[round % n], SIGKILL) == 0;
		struct timespec ts = { 0, 60 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	for (int i = 0; i < 4; i++) {
		int status;
		waitpid(kids[i], &status, 0);
		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	cr_assert_gt(killed, 10, "workers were killed");
	cr_assert_eq(admin(out, sizeof out, "check", NULL), 0, "%s", out);
	cr_assert_str_eq(out, "ok");
	int created = 0;
	for (int p = 0; p < 4; p++) {
		/* every watch answered 201 exists unless answered 204 for its deletion */
		FILE *f = fdopen(fds[p], "r");
		rewind(f);
		char kind, id[64];
		struct json_object *alive = json_object_new_object();
		int unknown = 0;
		while (fscanf(f, " %c %63s", &kind, id) == 2) {
			if (kind == 'C') { json_object_object_add(alive, id, json_object_new_boolean(1)); created++; }
			if (kind == 'D') json_object_object_add(alive, id, json_object_new_boolean(0));
			if (kind == '?') { json_object_object_del(alive, id); unknown++; }
			if (kind == 'U') unknown++;
		}
		fclose(f);
		int expected = 0;
		json_object_object_foreach(alive, wid, v) {
			char path[80];
			snprintf(path, sizeof path, "/v2/monitoring/watches/%s", wid);
			struct http_resp g = mreq(keys[p], "GET", path, NULL);
			cr_assert_eq(g.status, json_object_get_boolean(v) ? 200 : 404, "%s: %s", wid, g.body);
			expected += json_object_get_boolean(v);
			http_free(&g);
		}
		struct http_resp l = mreq(keys[p], "GET", "/v2/monitoring/watches?limit=100", NULL);
		int total = json_object_get_int(jreq(l.json, "total"));
		cr_assert_geq(total, expected, "nothing lost");
		cr_assert_leq(total, expected + unknown, "nothing beyond the requests cut off by a kill");
		cr_assert_eq((int)json_object_array_length(jreq(l.json, "watches")), total, "the count matches the rows");
		http_free(&l);
		json_object_put(alive);
	}
	cr_assert_gt(created, 40);
	free(snap);
}

static pid_t start_monitor(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		char exe[1024], logf[1024];
		snprintf(exe, sizeof exe, "%s/src/autoplan-monitor", getenv("AUTOPLAN_BUILDDIR"));
		snprintf(logf, sizeof logf, "%s/monitor.log", getenv("AUTOPLAN_RUNDIR"));
		FILE *l = freopen(logf, "a", stderr);
		(void)l;
		execl(exe, exe, "--catalog", getenv("AUTOPLAN_SERVED_CATALOG"), "--interval", "1", (char *)NULL);
		_exit(127);
	}
	return pid;
}

/* Keeps the pid file of the stack's evaluators current, so that stopping the stack stops them. */
static void record_monitors(const pid_t *pids, int n)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/monitor.pids", getenv("AUTOPLAN_RUNDIR"));
	FILE *f = fopen(path, "w");
	for (int i = 0; f && i < n; i++) fprintf(f, "%d\n", (int)pids[i]);
	if (f) fclose(f);
}

struct all_evaluated { const char *key; const char *version; int n; };

static bool all_evaluated(void *arg)
{
	struct all_evaluated *a = arg;
	struct http_resp l = mreq(a->key, "GET", "/v2/monitoring/watches?limit=100", NULL);
	struct json_object *list = jreq(l.json, "watches");
	int done = 0;
	for (size_t i = 0; i < json_object_array_length(list); i++)
		done += strcmp(jstr(jreq(json_object_array_get_idx(list, i), "evaluated"), "catalog_version"), a->version) == 0;
	http_free(&l);
	return done == a->n;
}

Test(kill, evaluators_killed_in_the_middle_of_evaluation_record_each_alert_once)
{
	char pa[64], pb[64], ka[128], kb[128], out[200];
	new_project(pa, sizeof pa, "kill evaluators a");
	new_project(pb, sizeof pb, "kill evaluators b");
	new_key(ka, sizeof ka, pa, NULL, NULL);
	new_key(kb, sizeof kb, pb, NULL, NULL);
	char *snap = snapshot_of("mailA-read");
	for (int i = 0; i < 30; i++) {
		struct http_resp r = create_watch(i % 2 ? ka : kb, "many", snap, NULL, NULL);
		cr_assert_eq(r.status, 201, "%s", r.body);
		http_free(&r);
	}
	/* the stack's evaluators give way to ours, which are killed over and over */
	char path[1024];
	snprintf(path, sizeof path, "%s/monitor.pids", getenv("AUTOPLAN_RUNDIR"));
	FILE *f = fopen(path, "r");
	int old;
	while (f && fscanf(f, "%d", &old) == 1) kill(old, SIGKILL);
	if (f) fclose(f);
	pid_t mons[3];
	for (int i = 0; i < 3; i++) mons[i] = start_monitor();
	record_monitors(mons, 3);
	const char *drop[] = { "mailA/mailA.users.messages.get/" GMAIL_RO, NULL };
	swap_catalog("2026-12-10.1", drop);
	for (int round = 0; round < 30; round++) {
		int i = round % 3;
		kill(mons[i], SIGKILL);
		waitpid(mons[i], NULL, 0);
		mons[i] = start_monitor();
		record_monitors(mons, 3);
		struct timespec ts = { 0, 100 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	struct all_evaluated wa = { ka, "2026-12-10.1", 15 }, wb = { kb, "2026-12-10.1", 15 };
	cr_assert(wait_for(all_evaluated, &wa, 120) && wait_for(all_evaluated, &wb, 120), "not every watch was evaluated");
	const char *keys[] = { ka, kb };
	for (int k = 0; k < 2; k++) {
		struct http_resp l = mreq(keys[k], "GET", "/v2/monitoring/alerts?limit=100", NULL);
		struct json_object *list = jreq(l.json, "alerts"), *per = json_object_new_object();
		int n = 0;
		for (size_t i = 0; i < json_object_array_length(list); i++) {
			struct json_object *al = json_object_array_get_idx(list, i);
			if (strcmp(jstr(jreq(al, "after"), "catalog_version"), "2026-12-10.1") != 0) continue;
			const char *w = jstr(jreq(al, "watch"), "id");
			cr_assert(!json_object_object_get_ex(per, w, NULL), "two alerts for watch %s", w);
			json_object_object_add(per, w, NULL);
			n++;
		}
		cr_assert_eq(n, 15, "one alert for each watch of the project");
		json_object_put(per);
		http_free(&l);
	}
	cr_assert_eq(admin(out, sizeof out, "check", NULL), 0, "%s", out);
	free(snap);
}

/* ---- the description ---- */

Test(api_keys, the_description_lists_exactly_what_is_served)
{
	char project[64], key[128];
	new_project(project, sizeof project, "openapi");
	new_key(key, sizeof key, project, NULL, NULL);
	struct http_resp d = http_get("/v2/monitoring/openapi.json");
	cr_assert_eq(d.status, 200);
	cr_assert_str_eq(jstr(json_object_array_get_idx(jreq(d.json, "servers"), 0), "url"), "/v2/monitoring");
	jreq(jreq(jreq(d.json, "components"), "securitySchemes"), "projectKey");
	int ops = 0;
	static const char *const methods[] = { "get", "post", "put", "patch", "delete" };
	json_object_object_foreach(jreq(d.json, "paths"), path, item) {
		char real[256], *brace = strchr(path, '{');
		snprintf(real, sizeof real, "/v2/monitoring%.*s%s%s", brace ? (int)(brace - path) : (int)strlen(path), path,
			brace ? (strstr(path, "alerts") ? "alr_aaaaaaaaaaaaaaaa" : "wat_aaaaaaaaaaaaaaaa") : "",
			brace ? strchr(brace, '}') + 1 : "");
		for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++) {
			char upper[8];
			for (size_t k = 0; k <= strlen(methods[m]); k++) upper[k] = (char)(methods[m][k] & ~0x20);
			struct json_object *op = NULL;
			bool documented = json_object_object_get_ex(item, methods[m], &op);
			struct http_resp r = mreq(key, upper, real, strcmp(upper, "POST") == 0 || strcmp(upper, "PUT") == 0 ? "{}" : NULL);
			if (!documented) {
				cr_assert_eq(r.status, 405, "%s %s is not described, so not served: %s", upper, real, r.body);
			} else {
				ops++;
				cr_assert(json_object_get_boolean(jreq(op, "x-implemented")), "%s %s", upper, path);
				char code[8];
				snprintf(code, sizeof code, "%ld", r.status);
				cr_assert(json_object_object_get_ex(jreq(op, "responses"), code, NULL),
					"%s %s answered %ld, which its description does not list: %s", upper, real, r.status, r.body);
				cr_assert(r.status != 501 && !(r.status == 404 && strcmp(jstr(r.json, "error"), "not_found") == 0),
					"%s %s is described but not served", upper, real);
			}
			http_free(&r);
		}
	}
	cr_assert_eq(ops, 8, "status, watches (list, create), a watch (get, delete), alerts, ack, the description");
	http_free(&d);
	struct http_resp pub = http_get("/v2/openapi.json");
	json_object_object_foreach(jreq(pub.json, "paths"), p, v) {
		(void)v;
		cr_assert(strncmp(p, "/monitoring/", 12) != 0 || strcmp(p, "/monitoring/openapi.json") == 0,
			"the private interface is described in its own document only: %s", p);
	}
	http_free(&pub);
}
