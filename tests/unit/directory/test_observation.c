/* An entry's observed tools and their latest changes from its reports (src/directory/observation.c), and
 * the compiler storing them per entry. */
#include "compiler/catalogc_dir.h"
#include "directory/observation.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#define ENTRY_ID "mcp/a-example-z"
#define SANDBOX "{\"kind\":\"bubblewrap\",\"limits\":{\"wall_clock_seconds\":60}}"
#define PASS(level) "{\"id\":\"" level "\",\"result\":\"pass\",\"level\":\"" level "\"}"
#define T(name, props, req) "{\"tool\":\"" name "\",\"input_schema\":{\"type\":\"object\",\"properties\":{" props \
	"},\"required\":[" req "]}}"

/* A report on entry ENTRY_ID over connection conn: env the environment's extra members, assertions, tools. */
static char *report(char *buf, size_t n, const char *id, const char *date, const char *conn, const char *env,
	const char *assertions, const char *tools)
{
	snprintf(buf, n, "{\"id\":\"%s\",\"date\":\"%s\",\"subject\":{\"kind\":\"mcp_server\",\"entry\":\"" ENTRY_ID "\","
		"\"connection\":\"%s\",\"package\":\"npm:z@1\"},\"environment\":{%s},\"assertions\":[%s],"
		"\"observed_tool_input_schemas\":%s}", id, date, conn, env, assertions, tools);
	return buf;
}

static struct json_object *reports_of(const char *const list[], int n)
{
	struct json_object *a = json_object_new_array();
	for (int i = 0; i < n; i++) {
		struct json_object *r = json_tokener_parse(list[i]);
		cr_assert_not_null(r, "bad test JSON: %s", list[i]);
		json_object_array_add(a, r);
	}
	return a;
}

static void observe(struct json_object *reports, struct dir_observation *o)
{
	dir_observation(reports, ENTRY_ID, o);
	cr_assert_not_null(o->json);
}

static bool is_null(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;
	return json_object_object_get_ex(o, key, &v) && v == NULL;
}

Test(observation, never_observed_says_so_with_no_tool_list)
{
	struct json_object *reports = json_object_new_array();
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "state"), "never_observed");
	cr_assert(is_null(o.json, "tools"), "an unknown tool list is null, not []");
	cr_assert(is_null(o.json, "tool_count"));
	cr_assert(is_null(o.json, "report"));
	cr_assert(is_null(o.json, "sandboxed"));
	cr_assert_str_eq(jget_str(jget(o.json, "changes"), "state"), "no_observation");
	cr_assert(strstr(o.note_en, "Never observed"), "%s", o.note_en);
	cr_assert(strstr(o.note_de, "Nie beobachtet"), "%s", o.note_de);
	json_object_put(o.json);
	json_object_put(reports);
}

Test(observation, a_report_that_read_no_tools_is_not_an_observation)
{
	char r1[2000];
	const char *const list[] = { report(r1, sizeof r1, "z-1", "2026-03-04", "npx", "", PASS("package_resolved") ","
		"{\"id\":\"initialize\",\"result\":\"fail\",\"level\":\"started\",\"detail\":\"The server exited with status 1.\"}",
		"[]") };
	struct json_object *reports = reports_of(list, 1);
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "state"), "not_observed");
	cr_assert_str_eq(jget_str(o.json, "report"), "z-1");
	cr_assert_str_eq(jget_str(o.json, "reason"), "The server exited with status 1.");
	cr_assert(is_null(o.json, "tools"), "an empty observed list of a failed run is no tool list");
	cr_assert_not(jget_bool(o.json, "sandboxed", 1));
	cr_assert(strstr(o.note_en, "not read: The server exited"), "%s", o.note_en);
	json_object_put(o.json);
	json_object_put(reports);
}

Test(observation, first_observation_in_the_sandbox)
{
	char r1[2000];
	const char *const list[] = { report(r1, sizeof r1, "z-1", "2026-03-04", "npx", "\"sandbox\":" SANDBOX,
		PASS("started") "," PASS("schema_read"), "[" T("a", "\"x\":{\"type\":\"string\"}", "\"x\"") "]") };
	struct json_object *reports = reports_of(list, 1);
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "state"), "observed");
	cr_assert_str_eq(jget_str(o.json, "date"), "2026-03-04");
	cr_assert_str_eq(jget_str(o.json, "connection"), "npx");
	cr_assert(jget_bool(o.json, "sandboxed", 0));
	cr_assert_str_eq(jget_str(jget(o.json, "sandbox"), "kind"), "bubblewrap");
	cr_assert_eq(jget_int64(o.json, "tool_count", -1), 1);
	struct json_object *t = json_object_array_get_idx(jget(o.json, "tools"), 0);
	cr_assert_str_eq(jget_str(t, "name"), "a");
	cr_assert_str_eq(jget_str(jget(jget(jget(t, "input_schema"), "properties"), "x"), "type"), "string");
	struct json_object *ch = jget(o.json, "changes");
	cr_assert_str_eq(jget_str(ch, "state"), "first_observation");
	cr_assert(is_null(ch, "status") && is_null(ch, "changes") && is_null(ch, "previous_report"));
	cr_assert(strstr(o.note_en, "1 tools observed on 2026-03-04 (report z-1) in the sandbox. First observation"),
		"%s", o.note_en);
	json_object_put(o.json);
	json_object_put(reports);
}

/* The newest observation is compared with the previous one of its connection: not with another connection's,
 * and a later run that read no tools neither replaces it nor counts as the previous one. */
Test(observation, changes_since_the_previous_observation_of_the_connection)
{
	char r1[2000], r2[2000], r3[2000], r4[2000];
	const char *const list[] = {
		report(r1, sizeof r1, "z-2", "2026-03-05", "npx", "", PASS("schema_read"),
			"[" T("a", "\"x\":{\"type\":\"string\"}", "") "," T("b", "", "") "]"),
		report(r2, sizeof r2, "z-3", "2026-03-06", "docker", "", PASS("schema_read"), "[]"),
		report(r3, sizeof r3, "z-4", "2026-03-07", "npx", "\"sandbox\":" SANDBOX, PASS("schema_read"),
			"[" T("a", "\"x\":{\"type\":\"string\"},\"y\":{\"type\":\"integer\"}", "\"x\",\"y\"") "," T("c", "", "") "]"),
		report(r4, sizeof r4, "z-5", "2026-03-08", "npx", "",
			"{\"id\":\"initialize\",\"result\":\"fail\",\"level\":\"started\",\"detail\":\"timeout\"}", "[]"),
	};
	struct json_object *reports = reports_of(list, 4);
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "state"), "observed");
	cr_assert_str_eq(jget_str(o.json, "report"), "z-4");
	struct json_object *ch = jget(o.json, "changes");
	cr_assert_str_eq(jget_str(ch, "state"), "compared");
	cr_assert_str_eq(jget_str(ch, "previous_report"), "z-2");
	cr_assert_str_eq(jget_str(ch, "previous_date"), "2026-03-05");
	cr_assert_str_eq(jget_str(ch, "status"), "breaking");
	cr_assert_eq(jget_int64(jget(ch, "counts"), "breaking", -1), 3, "x made required, y required added, b removed");
	cr_assert_eq(jget_int64(jget(ch, "counts"), "compatible", -1), 1, "c added");
	char got[600] = "";
	struct json_object *cs = jget(ch, "changes");
	for (size_t i = 0; i < json_object_array_length(cs); i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s/%s:%s:%s", i ? " " : "", jget_str(c, "tool"),
			jget_str(c, "property") ? jget_str(c, "property") : "", jget_str(c, "kind"), jget_str(c, "class"));
	}
	cr_assert_str_eq(got, "a/x:parameter_became_required:breaking a/y:required_parameter_added:breaking "
		"b/:tool_removed:breaking c/:tool_added:compatible");
	cr_assert(strstr(o.note_en, "Since the previous observation on 2026-03-05: 3 breaking, 1 compatible changes."),
		"%s", o.note_en);
	cr_assert(strstr(o.note_de, "3 brechende, 1 verträgliche"), "%s", o.note_de);
	json_object_put(o.json);
	json_object_put(reports);
}

/* Row 13: each report's own changes, against the observation before it of its entry and connection. */
Test(observation, each_report_against_the_one_before_it)
{
	char r1[2000], r2[2000], r3[2000];
	const char *const list[] = {
		report(r1, sizeof r1, "z-2", "2026-03-05", "npx", "", PASS("schema_read"), "[" T("a", "", "") "]"),
		report(r2, sizeof r2, "z-3", "2026-03-06", "npx", "", PASS("schema_read"), "[" T("a", "", "") "," T("b", "", "") "]"),
		report(r3, sizeof r3, "z-4", "2026-03-07", "npx", "",
			"{\"id\":\"initialize\",\"result\":\"fail\",\"level\":\"started\",\"detail\":\"timeout\"}", "[]"),
		"{\"id\":\"selfcheck\",\"date\":\"2026-03-07\",\"subject\":{\"kind\":\"provider_api\"}}",
	};
	struct json_object *reports = reports_of(list, 4);
	static const char *const want[] = { "first_observation", "compared", "no_observation" };
	for (int i = 0; i < 3; i++) {
		struct json_object *c = dir_report_changes(reports, json_object_array_get_idx(reports, (size_t)i));
		cr_assert_not_null(c, "report %d", i);
		cr_assert_str_eq(jget_str(c, "state"), want[i], "report %d", i);
		if (i == 1) {
			cr_assert_str_eq(jget_str(c, "previous_report"), "z-2");
			cr_assert_str_eq(jget_str(c, "status"), "compatible");
			cr_assert_eq(json_object_array_length(jget(c, "changes")), 1);
		} else {
			cr_assert(is_null(c, "status") && is_null(c, "changes"), "report %d", i);
		}
		json_object_put(c);
	}
	cr_assert_null(dir_report_changes(reports, json_object_array_get_idx(reports, 3)), "not a server: nothing added");
	json_object_put(reports);
}

Test(observation, unchanged_when_the_tools_are_the_same)
{
	char r1[2000], r2[2000];
	const char *const list[] = {
		report(r1, sizeof r1, "z-2", "2026-03-05", "npx", "", PASS("schema_read"), "[" T("a", "", "") "]"),
		report(r2, sizeof r2, "z-1", "2026-03-05", "npx", "", PASS("schema_read"), "[" T("a", "", "") "]"),
	};
	struct json_object *reports = reports_of(list, 2);
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "report"), "z-2", "the same day: the later id is the newer");
	cr_assert_str_eq(jget_str(jget(o.json, "changes"), "status"), "unchanged");
	cr_assert_eq(json_object_array_length(jget(jget(o.json, "changes"), "changes")), 0);
	cr_assert(strstr(o.note_en, "Unchanged since the previous observation on 2026-03-05."), "%s", o.note_en);
	json_object_put(o.json);
	json_object_put(reports);
}

Test(observation, reports_on_other_entries_are_not_read)
{
	char r1[2000];
	report(r1, sizeof r1, "y-1", "2026-03-05", "npx", "", PASS("schema_read"), "[" T("a", "", "") "]");
	char *at = strstr(r1, ENTRY_ID);
	cr_assert_not_null(at);
	at[strlen(ENTRY_ID) - 1] = 'y';
	const char *const list[] = { r1 };
	struct json_object *reports = reports_of(list, 1);
	struct dir_observation o;
	observe(reports, &o);
	cr_assert_str_eq(jget_str(o.json, "state"), "never_observed");
	json_object_put(o.json);
	json_object_put(reports);
}
