/* The /v2 contract through nginx: endpoints of the foundation, every error rule, 413 from both
 * layers, and CGI answering byte-identically to FastCGI. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

Test(core, index_lists_every_endpoint)
{
	struct http_resp r = http_get("/v2/");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	struct json_object *eps = jreq(r.json, "endpoints");
	cr_assert_geq(json_object_array_length(eps), 14);
	http_free(&r);
}

/* The web front is served from htdocs/: every page, and its scripts with a JavaScript type (a module script
 * served as anything else is refused by browsers, which would leave the pages empty). */
Test(core, static_pages)
{
	static const char *pages[] = { "/", "/directory.html", "/entry.html", "/config.html", "/changes.html" };
	char type[128];
	for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
		struct http_resp r = http_get(pages[i]);
		cr_assert_eq(r.status, 200, "%s", pages[i]);
		cr_assert(http_header(&r, "Content-Type", type, sizeof type) == 0 && strncmp(type, "text/html", 9) == 0, "%s", pages[i]);
		cr_assert(strstr(r.body, "<script type=\"module\" src=\"/assets/"), "%s", pages[i]);
		http_free(&r);
	}
	static const char *assets[] = { "/assets/common.js", "/assets/planner.js", "/assets/i18n.js", "/assets/style.css" };
	for (size_t i = 0; i < sizeof assets / sizeof *assets; i++) {
		struct http_resp r = http_get(assets[i]);
		cr_assert_eq(r.status, 200, "%s", assets[i]);
		cr_assert(http_header(&r, "Content-Type", type, sizeof type) == 0, "%s", assets[i]);
		cr_assert(strstr(type, strstr(assets[i], ".css") ? "text/css" : "text/javascript"), "%s: %s", assets[i], type);
		http_free(&r);
	}
}

Test(core, capabilities_default_page)
{
	struct http_resp r = http_get("/v2/capabilities");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_eq(json_object_get_int(jreq(r.json, "total")), 38);
	cr_assert_eq(json_object_array_length(jreq(r.json, "capabilities")), 20);
	cr_assert_eq(json_object_get_int(jreq(r.json, "next_offset")), 20);
	http_free(&r);
	r = http_get("/v2/capabilities?offset=20");
	cr_assert_eq(json_object_array_length(jreq(r.json, "capabilities")), 18);
	cr_assert(json_object_is_type(jreq(r.json, "next_offset"), json_type_null));
	http_free(&r);
}

Test(core, capabilities_filters_and_query)
{
	struct http_resp r = http_get("/v2/capabilities?apps=sheetsB&query=zeilen");
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *caps = jreq(r.json, "capabilities");
	cr_assert_gt(json_object_array_length(caps), 0);
	for (size_t i = 0; i < json_object_array_length(caps); i++) {
		struct json_object *c = json_object_array_get_idx(caps, i);
		cr_assert(strncmp(jstr(c, "id"), "spreadsheet.", 12) == 0, "%s", jstr(c, "id"));
		struct json_object *by = jreq(c, "documented_by");
		for (size_t k = 0; k < json_object_array_length(by); k++)
			cr_assert_str_eq(jstr(json_object_array_get_idx(by, k), "app"), "sheetsB");
	}
	http_free(&r);
	/* umlaut and its ae spelling find the same capabilities */
	struct http_resp a = http_get("/v2/capabilities?query=anh%C3%A4nge&limit=100");
	struct http_resp b = http_get("/v2/capabilities?query=ANHAENGE&limit=100");
	cr_assert_eq(a.status, 200);
	cr_assert_gt(json_object_get_int(jreq(a.json, "total")), 0);
	cr_assert_str_eq(json_object_to_json_string(jreq(a.json, "capabilities")),
		json_object_to_json_string(jreq(b.json, "capabilities")));
	http_free(&a);
	http_free(&b);
}

Test(core, capability_gaps_all_and_some)
{
	struct http_resp r = http_get("/v2/capability-gaps?app=sheetsB");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_str_eq(jstr(r.json, "app"), "sheetsB");
	cr_assert_eq(json_object_array_length(jreq(r.json, "capabilities")), 38);
	jreq(r.json, "connector_inventory");
	http_free(&r);
	r = http_get("/v2/capability-gaps?app=codehost&capabilities=issue.create,email.send");
	struct json_object *caps = jreq(r.json, "capabilities");
	cr_assert_eq(json_object_array_length(caps), 2);
	/* answers come in vocabulary order: email.send before issue.create */
	cr_assert_str_eq(jstr(json_object_array_get_idx(caps, 0), "capability"), "email.send");
	cr_assert(json_object_get_boolean(jreq(json_object_array_get_idx(caps, 0), "documented")) == 0);
	cr_assert(json_object_get_boolean(jreq(json_object_array_get_idx(caps, 1), "documented")) == 1);
	cr_assert_str_eq(jstr(jreq(r.json, "connector_inventory"), "status"), "schema_read");
	http_free(&r);
}

Test(core, replacements_rank_and_read_only)
{
	struct http_resp r = http_get("/v2/replacements?app=driveA");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_str_eq(jstr(r.json, "source"), "driveA");
	cr_assert_eq(json_object_array_length(jreq(r.json, "required")), 5);
	struct json_object *alts = jreq(r.json, "alternatives");
	cr_assert_geq(json_object_array_length(alts), 2);
	/* driveB and driveC document all five file capabilities */
	cr_assert_eq(json_object_get_int(jreq(json_object_array_get_idx(alts, 0), "covered")), 5);
	http_free(&r);
	r = http_get("/v2/replacements?app=driveA&read_only=true");
	cr_assert_eq(json_object_array_length(jreq(r.json, "required")), 2);
	http_free(&r);
}

Test(core, public_catalog_views)
{
	const char *paths[] = { "/v2/tasks", "/v2/apps", "/v2/guides", "/v2/catalog" };
	for (int i = 0; i < 4; i++) {
		struct http_resp r = http_get(paths[i]);
		cr_assert_eq(r.status, 200, "%s: %s", paths[i], r.body);
		expect_versions(r.json);
		http_free(&r);
	}
	struct http_resp r = http_get("/v2/tasks");
	cr_assert_eq(json_object_array_length(jreq(r.json, "tasks")), 50);
	http_free(&r);
	r = http_get("/v2/catalog");
	struct json_object *apps = jreq(r.json, "apps");
	cr_assert_eq(json_object_array_length(apps), 10);
	size_t ops = 0;
	for (size_t i = 0; i < 10; i++) {
		struct json_object *list = jreq(json_object_array_get_idx(apps, i), "operations");
		ops += json_object_array_length(list);
		for (size_t k = 0; k < json_object_array_length(list); k++) {
			struct json_object *ev = jreq(json_object_array_get_idx(list, k), "evidence");
			cr_assert_eq(strlen(jstr(ev, "semantic_sha256")), 64);
		}
	}
	cr_assert_eq(ops, 49);
	http_free(&r);
}

/* Each item of GET /v2/tasks and GET /v2/apps at its own path: the same object after the version triple. */
static void items_at_own_path(const char *list_path, const char *list)
{
	struct http_resp r = http_get(list_path);
	struct json_object *items = jreq(r.json, list);
	for (size_t i = 0; i < json_object_array_length(items); i++) {
		struct json_object *it = json_object_array_get_idx(items, i);
		char path[200];
		snprintf(path, sizeof path, "%s/%s", list_path, jstr(it, "id"));
		struct http_resp one = http_get(path);
		cr_assert_eq(one.status, 200, "%s: %s", path, one.body);
		expect_versions(one.json);
		cr_assert_str_eq(jstr(one.json, "dataset_version"), jstr(r.json, "dataset_version"));
		json_object_object_foreach(it, k, v)
			cr_assert(json_object_equal(v, jreq(one.json, k)), "%s: %s differs", path, k);
		cr_assert_eq(json_object_object_length(one.json), json_object_object_length(it) + 3, "%s", path);
		http_free(&one);
	}
	http_free(&r);
}

Test(core, one_task_and_one_app)
{
	items_at_own_path("/v2/tasks", "tasks");
	items_at_own_path("/v2/apps", "apps");
	/* ids outside the declared enumeration: 400 in the path; a trailing slash: no route */
	const char *bad[] = { "/v2/tasks/no-such-task", "/v2/apps/mailC", "/v2/apps/MailA" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct http_resp r = http_get(bad[i]);
		expect_error(&r, 400, "invalid_request");
		cr_assert_str_eq(jstr(r.json, "in"), "path", "%s", bad[i]);
		http_free(&r);
	}
	struct http_resp r = http_get("/v2/tasks/mailA-send?x=1");
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	r = http_get("/v2/apps/");
	expect_error(&r, 404, "not_found");
	http_free(&r);
	r = http_post("/v2/tasks/mailA-send", "{}");
	expect_error(&r, 405, "method_not_allowed");
	http_free(&r);
}

Test(core, openapi_documents)
{
	struct http_resp r = http_get("/v2/openapi.json");
	cr_assert_eq(r.status, 200);
	cr_assert_str_eq(jstr(r.json, "openapi"), "3.1.0");
	const char *v = jstr(jreq(r.json, "info"), "version");
	cr_assert(strlen(v) >= 12 && v[4] == '-' && v[7] == '-' && v[10] == '.', "%s", v);
	struct json_object *paths = jreq(r.json, "paths");
	jreq(jreq(paths, "/capabilities"), "get");
	jreq(jreq(paths, "/workflows/plan"), "post");
	jreq(jreq(jreq(jreq(paths, "/tasks/{task_id}"), "get"), "responses"), "404");
	jreq(jreq(jreq(jreq(paths, "/apps/{app}"), "get"), "responses"), "304");
	http_free(&r);
	r = http_get("/v2/monitoring/openapi.json");
	cr_assert_eq(r.status, 200);
	jreq(jreq(jreq(r.json, "components"), "securitySchemes"), "projectKey");
	http_free(&r);
}

Test(core, shipped_reports_are_served)
{
	struct http_resp r = http_get("/v2/verification-reports");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	struct json_object *list = jreq(r.json, "reports");
	cr_assert_gt(json_object_array_length(list), 0);
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct http_resp one = http_get(jstr(json_object_array_get_idx(list, i), "href"));
		cr_assert_eq(one.status, 200, "%s", one.body);
		cr_assert_str_eq(jstr(one.json, "id"), jstr(json_object_array_get_idx(list, i), "id"));
		jreq(one.json, "environment");
		jreq(one.json, "assertions");
		jreq(one.json, "limitations");
		jreq(one.json, "observed_tool_input_schemas");
		http_free(&one);
	}
	http_free(&r);
}

Test(core, report_not_found)
{
	struct http_resp r = http_get("/v2/verification-reports/no-such-report");
	expect_error(&r, 404, "report_not_found");
	http_free(&r);
}

Test(core, unknown_path_and_method)
{
	struct http_resp r = http_get("/v2/nothing-here");
	expect_error(&r, 404, "not_found");
	http_free(&r);
	r = http_req("DELETE", "/v2/capabilities", NULL, 0);
	expect_error(&r, 405, "method_not_allowed");
	char allow[64];
	cr_assert_eq(http_header(&r, "Allow", allow, sizeof allow), 0);
	cr_assert_str_eq(allow, "GET, HEAD");
	http_free(&r);
	r = http_get("/v2/workflows/plan");
	expect_error(&r, 405, "method_not_allowed");
	http_free(&r);
}

/* One row per rule: method, path, body, expected status and error. */
struct case_ {
	const char *method, *path, *body;
	long status;
	const char *error;
};

static const struct case_ cases[] = {
	/* rule 1: not JSON */
	{ "POST", "/v2/workflows/plan", "{\"task_id\":", 400, "invalid_json" },
	{ "POST", "/v2/workflows/plan", "", 400, "invalid_json" },
	{ "POST", "/v2/workflows/plan", "{} trailing", 400, "invalid_json" },
	{ "POST", "/v2/permissions/explain", "[1,2", 400, "invalid_json" },
	{ "POST", "/v2/workflows/snapshot", "nope", 400, "invalid_json" },
	{ "POST", "/v2/compatibility/check", "{'id':1}", 400, "invalid_json" },
	{ "POST", "/v2/config/validate", "{\"config\":\"x\",}", 400, "invalid_json" },
	{ "POST", "/v2/configure", "{", 400, "invalid_json" },
	{ "POST", "/v2/changes/impact", "\"\\ud800\"x", 400, "invalid_json" },
	{ "POST", "/v2/workflows/plan", "{\"query\":NaN}", 400, "invalid_json" },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"tab\there\"}", 400, "invalid_json" },
	{ "POST", "/v2/workflows/plan", "{\"read_only\":true,\"query\":-Infinity}", 400, "invalid_json" },
	/* body must be an object */
	{ "POST", "/v2/workflows/plan", "[]", 400, "invalid_request" },
	/* additional properties, rows 2, 5, 6, 7, 8, 10, 12 */
	{ "POST", "/v2/workflows/plan", "{\"extra\":1}", 400, "invalid_request" },
	{ "POST", "/v2/permissions/explain", "{\"task\":\"x\"}", 400, "invalid_request" },
	{ "POST", "/v2/workflows/snapshot", "{\"apps\":[],\"x\":null}", 400, "invalid_request" },
	{ "POST", "/v2/compatibility/check", "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"x\":1}", 400, "invalid_request" },
	{ "POST", "/v2/configure", "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"x\":1}", 400, "invalid_request" },
	{ "POST", "/v2/config/validate", "{\"config\":{},\"client\":\"cursor\",\"x\":1}", 400, "invalid_request" },
	{ "POST", "/v2/changes/impact", "{\"snapshot\":{},\"x\":1}", 400, "invalid_request" },
	/* enumerations */
	{ "POST", "/v2/workflows/plan", "{\"task_id\":\"nope\"}", 400, "invalid_request" },
	{ "POST", "/v2/workflows/plan", "{\"apps\":[\"mailC\"]}", 400, "invalid_request" },
	{ "POST", "/v2/workflows/plan", "{\"runtime\":\"cloud\"}", 400, "invalid_request" },
	{ "POST", "/v2/configure", "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"locale\":\"fr\"}", 400, "invalid_request" },
	{ "GET", "/v2/capabilities?capabilities=email.search,email.fly", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?apps=mailA,mailZ", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capability-gaps?app=mailZ", NULL, 400, "invalid_request" },
	{ "GET", "/v2/connections/other/some-slug", NULL, 400, "invalid_request" },
	{ "GET", "/v2/verifications/mcp/some-slug?locale=fr", NULL, 400, "invalid_request" },
	/* types */
	{ "POST", "/v2/workflows/plan", "{\"read_only\":\"yes\"}", 400, "invalid_request" },
	{ "POST", "/v2/workflows/plan", "{\"granted_scopes\":\"a\"}", 400, "invalid_request" },
	{ "POST", "/v2/workflows/plan", "{\"query\":5}", 400, "invalid_request" },
	{ "GET", "/v2/replacements?app=mailA&read_only=yes", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?limit=ten", NULL, 400, "invalid_request" },
	/* bounds (rule 3 and Limits) */
	{ "GET", "/v2/capabilities?limit=0", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?limit=101", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?offset=-1", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?offset=100001", NULL, 400, "invalid_request" },
	/* patterns */
	{ "GET", "/v2/connections/mcp/Bad_Slug", NULL, 400, "invalid_request" },
	{ "GET", "/v2/verifications/mcp/-lead", NULL, 400, "invalid_request" },
	{ "POST", "/v2/compatibility/check", "{\"id\":\"mcp/Bad\",\"client\":\"cursor\"}", 400, "invalid_request" },
	{ "POST", "/v2/configure", "{\"id\":\"other/a\",\"client\":\"cursor\"}", 400, "invalid_request" },
	/* required */
	{ "GET", "/v2/capability-gaps", NULL, 400, "invalid_request" },
	{ "GET", "/v2/replacements?read_only=true", NULL, 400, "invalid_request" },
	{ "POST", "/v2/compatibility/check", "{\"client\":\"cursor\"}", 400, "invalid_request" },
	{ "POST", "/v2/configure", "{\"id\":\"mcp/a\"}", 400, "invalid_request" },
	{ "POST", "/v2/config/validate", "{\"client\":\"cursor\"}", 400, "invalid_request" },
	{ "POST", "/v2/config/validate", "{\"config\":{}}", 400, "invalid_request" },
	{ "POST", "/v2/config/validate", "{\"config\":[],\"client\":\"cursor\"}", 400, "invalid_request" },
	{ "POST", "/v2/changes/impact", "{}", 400, "invalid_request" },
	/* query strings: unknown, repeated, malformed */
	{ "GET", "/v2/capabilities?limt=5", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?limit=5&limit=6", NULL, 400, "invalid_request" },
	{ "GET", "/v2/capabilities?query=%zz", NULL, 400, "invalid_request" },
	{ "POST", "/v2/workflows/plan?x=1", "{}", 400, "invalid_request" },
};

/* Parameters are indices: test workers may be fresh processes where static pointers differ. */
#define NCASES (sizeof cases / sizeof cases[0])
static size_t case_index[NCASES];

ParameterizedTestParameters(rules, each_error_rule)
{
	for (size_t i = 0; i < NCASES; i++) case_index[i] = i;
	return cr_make_param_array(size_t, case_index, NCASES);
}

ParameterizedTest(size_t *idx, rules, each_error_rule)
{
	const struct case_ *c = &cases[*idx];
	struct http_resp r = http_req(c->method, c->path, c->body, c->body ? strlen(c->body) : 0);
	expect_error(&r, c->status, c->error);
	if (c->status == 400 && strcmp(c->error, "invalid_request") == 0)
		cr_assert(json_object_object_get_ex(r.json, "in", NULL), "no location in %s", r.body);
	http_free(&r);
}

/* Limits on both sides of each bound. */
Test(limits, query_length)
{
	char *ok = repeat('a', 500), *bad = repeat('a', 501), path[700];
	snprintf(path, sizeof path, "/v2/capabilities?query=%s", ok);
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
	snprintf(path, sizeof path, "/v2/capabilities?query=%s", bad);
	r = http_get(path);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	free(ok);
	free(bad);
}

Test(limits, limit_offset_edges)
{
	struct http_resp r = http_get("/v2/capabilities?limit=1&offset=0");
	cr_assert_eq(r.status, 200);
	cr_assert_eq(json_object_array_length(jreq(r.json, "capabilities")), 1);
	cr_assert_eq(json_object_get_int(jreq(r.json, "next_offset")), 1);
	http_free(&r);
	r = http_get("/v2/capabilities?limit=100&offset=100000");
	cr_assert_eq(r.status, 200);
	cr_assert_eq(json_object_array_length(jreq(r.json, "capabilities")), 0);
	cr_assert(json_object_is_type(jreq(r.json, "next_offset"), json_type_null));
	http_free(&r);
}

static char *list_of(const char *item, int n, char sep, int quote)
{
	size_t cap = (strlen(item) + 4) * (size_t)n + 2;
	char *s = malloc(cap);
	size_t o = 0;
	for (int i = 0; i < n; i++)
		o += (size_t)snprintf(s + o, cap - o, "%s%s%s%s", i ? (char[]){ sep, 0 } : "", quote ? "\"" : "", item,
			quote ? "\"" : "");
	return s;
}

Test(limits, array_sizes)
{
	char *caps40 = list_of("email.search", 40, ',', 0), *caps41 = list_of("email.search", 41, ',', 0);
	char path[4096];
	snprintf(path, sizeof path, "/v2/capabilities?capabilities=%s", caps40);
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
	snprintf(path, sizeof path, "/v2/capabilities?capabilities=%s", caps41);
	r = http_get(path);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	char *apps10 = list_of("mailA", 10, ',', 1), *apps11 = list_of("mailA", 11, ',', 1), body[4096];
	snprintf(body, sizeof body, "{\"apps\":[%s]}", apps11);
	r = http_post("/v2/workflows/plan", body);
	expect_error(&r, 400, "invalid_request");
	cr_assert_str_eq(jstr(r.json, "pointer"), "/apps");
	http_free(&r);
	snprintf(body, sizeof body, "{\"apps\":[%s]}", apps10);
	r = http_post("/v2/workflows/plan", body);
	cr_assert_neq(r.status, 400, "%s", r.body);
	http_free(&r);
	char *sc50 = list_of("s", 50, ',', 1), *sc51 = list_of("s", 51, ',', 1);
	snprintf(body, sizeof body, "{\"granted_scopes\":[%s]}", sc51);
	r = http_post("/v2/permissions/explain", body);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	snprintf(body, sizeof body, "{\"granted_scopes\":[%s]}", sc50);
	r = http_post("/v2/permissions/explain", body);
	cr_assert_neq(r.status, 400, "%s", r.body);
	http_free(&r);
	free(caps40); free(caps41); free(apps10); free(apps11); free(sc50); free(sc51);
}

Test(limits, string_lengths)
{
	struct { const char *fmt; size_t ok; const char *path; } s[] = {
		{ "{\"granted_scopes\":[\"%s\"]}", 200, "/v2/workflows/plan" },
		{ "{\"query\":\"%s\"}", 500, "/v2/workflows/snapshot" },
		{ "{\"config\":\"%s\",\"client\":\"cursor\"}", 24000, "/v2/config/validate" },
		{ "{\"config\":{},\"client\":\"%s\"}", 40, "/v2/config/validate" },
		{ "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"connection\":\"%s\"}", 40, "/v2/configure" },
		{ "{\"id\":\"mcp/a\",\"client\":\"%s\"}", 40, "/v2/compatibility/check" },
	};
	for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
		for (int over = 0; over < 2; over++) {
			char *v = repeat('x', s[i].ok + (size_t)over);
			size_t cap = strlen(v) + 200;
			char *body = malloc(cap);
			snprintf(body, cap, s[i].fmt, v);
			struct http_resp r = http_post(s[i].path, body);
			if (over) expect_error(&r, 400, "invalid_request");
			else cr_assert_neq(r.status, 400, "%s at %zu: %s", s[i].path, s[i].ok, r.body);
			http_free(&r);
			free(body);
			free(v);
		}
	}
	/* multi-byte characters count as characters, not bytes */
	char body[2048] = "{\"query\":\"";
	for (int i = 0; i < 500; i++) strcat(body, "\xc3\xa4");
	strcat(body, "\"}");
	struct http_resp r = http_post("/v2/workflows/plan", body);
	cr_assert_neq(r.status, 400, "%s", r.body);
	http_free(&r);
}

Test(limits, entry_id_length)
{
	char *slug = repeat('a', 236), body[512];
	snprintf(body, sizeof body, "{\"id\":\"mcp/%s\",\"client\":\"cursor\"}", slug); /* 240 chars */
	struct http_resp r = http_post("/v2/compatibility/check", body);
	cr_assert_neq(r.status, 400, "%s", r.body);
	http_free(&r);
	snprintf(body, sizeof body, "{\"id\":\"mcp/%sa\",\"client\":\"cursor\"}", slug);
	r = http_post("/v2/compatibility/check", body);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	free(slug);
}

Test(limits, snapshot_bounds)
{
	const char *good = "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\","
			   "\"task_id\":null,\"apps\":[],\"operations\":[{\"app\":\"mailA\",\"operation\":\"o\",\"capability\":\"c\","
			   "\"scope_alternatives\":null,\"source_hash\":null}]}}";
	struct http_resp r = http_post("/v2/changes/impact", good);
	cr_assert_neq(r.status, 400, "%s", r.body);
	http_free(&r);
	const char *bad[] = {
		"{\"snapshot\":{\"format\":\"other/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\",\"task_id\":null,\"apps\":[],\"operations\":[]}}",
		"{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\",\"apps\":[],\"operations\":[]}}",
		"{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\",\"task_id\":null,\"apps\":[],\"operations\":[{\"app\":\"a\"}]}}",
		"{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\",\"task_id\":null,\"apps\":[],\"operations\":[],\"extra\":1}}",
		"{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\",\"rule_version\":\"r\",\"task_id\":null,\"apps\":[],\"runtime\":\"cloud\",\"operations\":[]}}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		r = http_post("/v2/changes/impact", bad[i]);
		expect_error(&r, 400, "invalid_request");
		http_free(&r);
	}
	/* 201 operations */
	size_t cap = 64 * 1024;
	char *body = malloc(cap);
	size_t o = (size_t)snprintf(body, cap, "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"c\","
		"\"rule_version\":\"r\",\"task_id\":null,\"apps\":[],\"operations\":[");
	for (int i = 0; i < 201; i++)
		o += (size_t)snprintf(body + o, cap - o, "%s{\"app\":\"a\",\"operation\":\"o\",\"capability\":\"c\","
			"\"scope_alternatives\":null,\"source_hash\":null}", i ? "," : "");
	snprintf(body + o, cap - o, "]}}");
	r = http_post("/v2/changes/impact", body);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	free(body);
}

Test(limits, json_depth_is_bounded)
{
	char body[400] = "{\"config\":";
	for (int i = 0; i < 100; i++) strcat(body, "[");
	struct http_resp r = http_post("/v2/config/validate", body);
	expect_error(&r, 400, "invalid_json");
	http_free(&r);
}

Test(limits, too_many_query_parameters)
{
	char path[2048] = "/v2/capabilities?";
	for (int i = 0; i < 40; i++) strcat(path, "limit=1&");
	struct http_resp r = http_get(path);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
}

Test(size, nginx_answers_413_as_json)
{
	size_t n = 3 * 1024 * 1024;
	char *big = repeat(' ', n);
	struct http_resp r = http_req("POST", "/v2/workflows/plan", big, n);
	expect_error(&r, 413, "request_too_large");
	http_free(&r);
	free(big);
}

Test(size, responder_answers_413_below_nginx_cap)
{
	size_t n = 1536 * 1024; /* over the responder's 1 MiB, under nginx's 2 MiB */
	char *big = repeat(' ', n);
	struct http_resp r = http_req("POST", "/v2/workflows/plan", big, n);
	expect_error(&r, 413, "request_too_large");
	char ct[128];
	cr_assert_eq(http_header(&r, "Content-Type", ct, sizeof ct), 0);
	cr_assert(strstr(ct, "application/json"));
	http_free(&r);
	free(big);
}

Test(modes, cgi_answers_like_fastcgi)
{
	struct { const char *method, *uri, *body; } reqs[] = {
		{ "GET", "/v2/capabilities?query=datei&limit=3", NULL },
		{ "GET", "/v2/capability-gaps?app=mailB", NULL },
		{ "GET", "/v2/replacements?app=mailA&read_only=true", NULL },
		{ "GET", "/v2/tasks", NULL },
		{ "GET", "/v2/verification-reports/none", NULL },
		{ "POST", "/v2/workflows/plan", "{\"runtime\":\"cloud\"}" },
		{ "POST", "/v2/workflows/plan", "{\"task_id\":" },
	};
	for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++) {
		struct http_resp r = http_req(reqs[i].method, reqs[i].uri, reqs[i].body, 0);
		size_t len;
		char *cgi = cgi_run(reqs[i].method, reqs[i].uri, reqs[i].body, &len);
		char status[32];
		snprintf(status, sizeof status, "Status: %ld ", r.status);
		cr_assert(strncmp(cgi, status, strlen(status)) == 0, "%s: %.60s", reqs[i].uri, cgi);
		char *body = strstr(cgi, "\r\n\r\n");
		cr_assert_not_null(body);
		body += 4;
		cr_assert_eq(len - (size_t)(body - cgi), r.len, "%s: body length differs", reqs[i].uri);
		cr_assert(memcmp(body, r.body, r.len) == 0, "%s: body differs", reqs[i].uri);
		free(cgi);
		http_free(&r);
	}
}
