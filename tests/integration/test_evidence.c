/* Verification reports produced by autoplan-verify against real npm servers, served through nginx
 * as committed (with the compiler's tool changes); the provider catalog carries recomputable evidence.
 * The newest report of each reference server was written by ./dev.sh verify in the sandbox; the earlier
 * one, written before servers ran in a sandbox, stays as the observation it is compared with. */
#include "http.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *id, *previous, *entry, *package, *tool; } reports[] = {
	{ "io-github-modelcontextprotocol-server-filesystem-2026-11-27", "io-github-modelcontextprotocol-server-filesystem-2026-11-22",
	  "mcp/io-github-modelcontextprotocol-server-filesystem", "npm:@modelcontextprotocol/server-filesystem@2026.8.31",
	  "get_file_info" },
	{ "io-github-modelcontextprotocol-server-memory-2026-11-27", "io-github-modelcontextprotocol-server-memory-2026-11-22",
	  "mcp/io-github-modelcontextprotocol-server-memory", "npm:@modelcontextprotocol/server-memory@2026.8.31",
	  "read_graph" },
};

ParameterizedTestParameters(evidence, served_report)
{
	static int idx[] = { 0, 1 };
	return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *i, evidence, served_report)
{
	char path[300], file[4200];
	snprintf(path, sizeof path, "/v2/verification-reports/%s", reports[*i].id);
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "id"), reports[*i].id);
	struct json_object *subj = jreq(r.json, "subject");
	cr_assert_str_eq(jstr(subj, "kind"), "mcp_server");
	cr_assert_str_eq(jstr(subj, "entry"), reports[*i].entry);
	cr_assert_str_eq(jstr(subj, "package"), reports[*i].package);
	cr_assert_str_eq(jstr(r.json, "generated_by"), "autoplan-verify 1.0");
	/* Run in the sandbox: no network, its limits recorded, install scripts disabled. */
	struct json_object *env = jreq(r.json, "environment"), *sb = jreq(env, "sandbox");
	cr_assert_str_eq(jstr(sb, "kind"), "bubblewrap");
	cr_assert(strncmp(jstr(sb, "network"), "none", 4) == 0, "%s", jstr(sb, "network"));
	cr_assert_gt(json_object_get_int(jreq(jreq(sb, "limits"), "wall_clock_seconds")), 0);
	cr_assert_str_eq(jstr(env, "install_scripts"), "disabled");
	/* Every level from package_resolved to execution_tested passed, in that order. */
	static const char *const levels[] = { "package_resolved", "started", "schema_read", "execution_tested" };
	struct json_object *as = jreq(r.json, "assertions");
	cr_assert_eq(json_object_array_length(as), 4);
	for (size_t k = 0; k < 4; k++) {
		struct json_object *a = json_object_array_get_idx(as, k);
		cr_assert_str_eq(jstr(a, "level"), levels[k]);
		cr_assert_str_eq(jstr(a, "result"), "pass", "%s: %s", jstr(a, "id"), jstr(a, "detail"));
	}
	/* The called tool is among the observed schemas, and the served body is the committed file with the tool
	 * changes the compiler adds: compared with the earlier observation, the same tools with the same schemas. */
	struct json_object *schemas = jreq(r.json, "observed_tool_input_schemas");
	int found = 0;
	for (size_t k = 0; k < json_object_array_length(schemas); k++)
		if (strcmp(jstr(json_object_array_get_idx(schemas, k), "tool"), reports[*i].tool) == 0) found = 1;
	cr_assert(found);
	snprintf(file, sizeof file, "%s/catalog/reports/%s.json", getenv("AUTOPLAN_SRCDIR"), reports[*i].id);
	struct json_object *committed = json_object_from_file(file);
	cr_assert_not_null(committed);
	struct json_object *changes = jreq(r.json, "tool_changes_since_previous");
	cr_assert_str_eq(jstr(changes, "state"), "compared");
	cr_assert_str_eq(jstr(changes, "previous_report"), reports[*i].previous);
	cr_assert_str_eq(jstr(changes, "status"), "unchanged");
	cr_assert_eq(json_object_array_length(jreq(changes, "changes")), 0);
	json_object_object_del(r.json, "tool_changes_since_previous");
	cr_assert(json_object_equal(committed, r.json));
	json_object_put(committed);
	http_free(&r);
}

Test(evidence, report_list_names_both_runs)
{
	struct http_resp r = http_get("/v2/verification-reports");
	cr_assert_eq(r.status, 200, "%s", r.body);
	const char *body = r.body;
	for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
		cr_assert(strstr(body, reports[i].id));
		cr_assert(strstr(body, reports[i].previous), "the earlier report stays: %s", reports[i].previous);
	}
	http_free(&r);
}

/* The earlier report, written before the sandbox, is served as committed: the first observation. */
ParameterizedTestParameters(evidence, earlier_report_is_the_first_observation)
{
	static int idx[] = { 0, 1 };
	return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *i, evidence, earlier_report_is_the_first_observation)
{
	char path[300];
	snprintf(path, sizeof path, "/v2/verification-reports/%s", reports[*i].previous);
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_null(json_object_object_get(jreq(r.json, "environment"), "sandbox"));
	cr_assert_str_eq(jstr(jreq(r.json, "tool_changes_since_previous"), "state"), "first_observation");
	http_free(&r);
}

/* Row 4: the directory entries the reports name reach every level, each backed by that report. */
ParameterizedTestParameters(evidence, entry_levels_come_from_the_report)
{
	static int idx[] = { 0, 1 };
	return cr_make_param_array(int, idx, sizeof idx / sizeof idx[0]);
}

ParameterizedTest(int *i, evidence, entry_levels_come_from_the_report)
{
	char path[300];
	snprintf(path, sizeof path, "/v2/verifications/%s", reports[*i].entry);
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *levels = jreq(r.json, "levels");
	cr_assert_eq(json_object_array_length(levels), 5);
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(levels, 4)), "execution_tested");
	struct json_object *details = jreq(r.json, "details");
	for (size_t k = 1; k < json_object_array_length(details); k++)
		cr_assert_str_eq(jstr(json_object_array_get_idx(details, k), "report"), reports[*i].id);
	http_free(&r);
}

/* Row 5: execution_tested follows the reports; an entry without a report says false. Coverage: no report
 * tests a provider operation, so practically_tested stays 0. */
Test(evidence, compatibility_and_coverage_follow_the_reports)
{
	for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"id\":\"%s\",\"client\":\"cursor\"}", reports[i].entry);
		struct http_resp r = http_post("/v2/compatibility/check", body);
		cr_assert_eq(r.status, 200, "%s", r.body);
		cr_assert(json_object_get_boolean(jreq(r.json, "execution_tested")), "%s", r.body);
		http_free(&r);
	}
	struct http_resp r = http_post("/v2/compatibility/check",
		"{\"id\":\"mcp/io-github-modelcontextprotocol-server-fetch\",\"client\":\"cursor\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_not(json_object_get_boolean(jreq(r.json, "execution_tested")));
	http_free(&r);
	r = http_post("/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_eq(json_object_get_int(jreq(jreq(r.json, "coverage"), "practically_tested")), 0);
	http_free(&r);
}
