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

/* The requests of issue 9 through nginx: product names, German, direction; texts by Accept-Language. */
Test(plan_http, people_words_plan_through_nginx_in_both_languages)
{
	static const struct { const char *query, *task, *lang, *first; } Q[] = {
		{ "save Gmail attachments to Google Drive", "mailA-attachments-driveA", NULL, "en" },
		{ "copy outlook attachments into onedrive", "mailB-attachments-driveB", "en", "en" },
		{ "Anhänge aus Gmail in Dropbox ablegen", "mailA-attachments-driveC", "de", "de" },
		{ "what's free on my Outlook calendar tomorrow", "calB-availability", "de, en;q=0.8", "de" },
		{ "Verfuegbarkeit im Outlook-Kalender pruefen", "calB-availability", "de-DE,de;q=0.9", "de" },
		{ "copy files to Dropbox from Google Drive", "driveA-to-driveC", "fr", "en" },
	};
	for (size_t i = 0; i < sizeof Q / sizeof *Q; i++) {
		char body[512], hdr[64];
		snprintf(body, sizeof body, "{\"query\":\"%s\"}", Q[i].query);
		snprintf(hdr, sizeof hdr, "Accept-Language: %s", Q[i].lang ? Q[i].lang : "");
		struct http_resp r = http_req_header("POST", "/v2/workflows/plan", body, 0, Q[i].lang ? hdr : NULL);
		cr_assert_eq(r.status, 200, "%s: %s", Q[i].query, r.body);
		cr_assert_str_eq(jstr(jreq(r.json, "task"), "id"), Q[i].task, "%s", Q[i].query);
		char lang[16], vary[64];
		cr_assert_eq(http_header(&r, "Content-Language", lang, sizeof lang), 0, "%s", r.headers);
		cr_assert_str_eq(lang, Q[i].first, "%s", Q[i].query);
		cr_assert_eq(http_header(&r, "Vary", vary, sizeof vary), 0);
		cr_assert(strstr(vary, "Accept-Language"), "%s", vary);
		/* the first key of status_text is the answer's language */
		struct lh_entry *e = json_object_get_object(jreq(r.json, "status_text"))->head;
		cr_assert_str_eq((const char *)lh_entry_k(e), Q[i].first);
		/* every step says where it calls: the provider's own address */
		struct json_object *steps = jreq(r.json, "steps");
		for (size_t k = 0; k < json_object_array_length(steps); k++) {
			struct json_object *op = jreq(json_object_array_get_idx(steps, k), "operation");
			if (op) cr_assert(strncmp(jstr(op, "request_url"), "https://", 8) == 0);
		}
		http_free(&r);
	}
	/* German alone: no English text in the answer */
	struct http_resp r = http_req_header("POST", "/v2/permissions/explain", "{\"task_id\":\"calA-event-update\"}", 0,
		"Accept-Language: de");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_null(strstr(r.body, "\"en\":"), "%s", r.body);
	http_free(&r);
}
