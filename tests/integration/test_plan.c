/* Rows 2, 6, 12 and 10 through nginx: every task plans, explains and snapshots, the snapshot comes
 * back unchanged from change impact, and CGI answers a plan byte-identically to FastCGI. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct json_object *tasks(void)
{
	struct http_resp r = http_get("/v2/tasks");
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *t = json_object_get(jreq(r.json, "tasks"));
	http_free(&r);
	return t;
}

Test(plan_http, every_task_plans_explains_and_snapshots)
{
	struct json_object *list = tasks();
	cr_assert_eq(json_object_array_length(list), 50);
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		const char *id = jstr(json_object_array_get_idx(list, i), "id");
		char body[256];
		snprintf(body, sizeof body, "{\"task_id\":\"%s\",\"apps\":[\"mailB\",\"driveC\",\"calendarA\",\"sheetsB\"]}", id);
		struct http_resp r = http_post("/v2/workflows/plan", body);
		cr_assert_eq(r.status, 200, "%s: %s", id, r.body);
		expect_versions(r.json);
		cr_assert_str_eq(jstr(jreq(r.json, "task"), "id"), id);
		cr_assert(strlen(jstr(r.json, "status")) > 0);
		jreq(jreq(r.json, "coverage"), "practically_tested");
		http_free(&r);
		r = http_post("/v2/permissions/explain", body);
		cr_assert_eq(r.status, 200, "%s: %s", id, r.body);
		expect_versions(r.json);
		jreq(r.json, "steps");
		http_free(&r);
		r = http_post("/v2/workflows/snapshot", body);
		cr_assert_eq(r.status, 200, "%s: %s", id, r.body);
		expect_versions(r.json);
		struct json_object *snap = jreq(r.json, "snapshot");
		cr_assert_str_eq(jstr(snap, "format"), "autoplan-workflow/1");
		const char *s = json_object_to_json_string_ext(snap, JSON_C_TO_STRING_PLAIN);
		char *ib = malloc(strlen(s) + 32);
		sprintf(ib, "{\"snapshot\":%s}", s);
		struct http_resp imp = http_post("/v2/changes/impact", ib);
		cr_assert_eq(imp.status, 200, "%s: %s", id, imp.body);
		expect_versions(imp.json);
		cr_assert_str_eq(jstr(imp.json, "status"), "unchanged", "%s: %s", id, imp.body);
		cr_assert_eq(json_object_get_int(jreq(imp.json, "checked_operations")),
			(int)json_object_array_length(jreq(snap, "operations")));
		http_free(&imp);
		free(ib);
		http_free(&r);
	}
	json_object_put(list);
}

Test(plan_http, query_plan_is_byte_identical_over_cgi)
{
	const char *body = "{\"query\":\"Anhänge aus Mail B in Drive A speichern\",\"granted_scopes\":[\"Mail.Read\"]}";
	struct http_resp a = http_post("/v2/workflows/plan", body), b = http_post("/v2/workflows/plan", body);
	cr_assert_eq(a.status, 200, "%s", a.body);
	cr_assert_str_eq(a.body, b.body);
	cr_assert_str_eq(jstr(jreq(a.json, "task"), "id"), "mailB-attachments-driveA");
	size_t n;
	char *cgi = cgi_run("POST", "/v2/workflows/plan", body, &n);
	const char *sep = strstr(cgi, "\r\n\r\n");
	cr_assert(sep, "%s", cgi);
	cr_assert_str_eq(sep + 4, a.body);
	free(cgi);
	http_free(&a);
	http_free(&b);
}

Test(plan_http, unknown_snapshot_operations_are_changes_not_errors)
{
	const char *body = "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"old\",\"rule_version\":\"old\","
		"\"task_id\":null,\"apps\":[\"mailA\"],\"operations\":[{\"app\":\"mailA\",\"operation\":\"gone\",\"capability\":\"email.read\","
		"\"scope_alternatives\":null,\"source_hash\":null},{\"app\":\"nope\",\"operation\":\"x\",\"capability\":\"y\","
		"\"scope_alternatives\":[],\"source_hash\":\"h\"}]}}";
	struct http_resp r = http_post("/v2/changes/impact", body);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "breaking");
	cr_assert_eq(json_object_get_int(jreq(r.json, "checked_operations")), 2);
	struct json_object *ch = jreq(r.json, "changes");
	int removed = 0, moved = 0;
	for (size_t i = 0; i < json_object_array_length(ch); i++) {
		struct json_object *c = json_object_array_get_idx(ch, i);
		removed += strcmp(jstr(c, "change"), "removed") == 0 && strcmp(jstr(c, "severity"), "breaking") == 0;
		moved += strstr(jstr(c, "change"), "_version_moved") != NULL;
	}
	cr_assert_eq(removed, 2);
	cr_assert_eq(moved, 2);
	http_free(&r);
}
