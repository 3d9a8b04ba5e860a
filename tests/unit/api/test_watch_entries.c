/* Watches on directory entries (src/api/watch_entries.c): the baseline kept on creation, and the impact of
 * a catalog whose newer report changed the tools followed, judged and fingerprinted as the evaluator does. */
#include "api/monitoring.h"
#include "api/watch_entries.h"
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "monitor/impact.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MEMORY "mcp/io-github-modelcontextprotocol-server-memory"
#define MEMORY_REPORT "io-github-modelcontextprotocol-server-memory-2026-11-27"

static char dir[] = "/tmp/apwatch.XXXXXX";
static struct catalog before, after;

static void sh(const char *cmd)
{
	cr_assert_eq(system(cmd), 0, "%s", cmd);
}

static void build(const char *src, const char *name, struct catalog *c)
{
	char out[300], err[1024];
	snprintf(out, sizeof out, "%s/%s.bin", dir, name);
	cr_assert_eq(catalogc_build(src, out, err, sizeof err), 0, "%s", err);
	cr_assert_eq(catalog_open(c, out, err, sizeof err), 0, "%s", err);
}

/* The shipped catalog, and a copy with a newer report of the memory server: read_graph needs a new
 * required input, create_entities is gone, a tool is added. */
static void setup(void)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert_not_null(src);
	cr_assert_not_null(mkdtemp(dir));
	char cat[600], cmd[2000], file[700];
	snprintf(cat, sizeof cat, "%s/catalog", src);
	build(cat, "before", &before);
	snprintf(cmd, sizeof cmd, "cp -r '%s' '%s/catalog'", cat, dir);
	sh(cmd);
	snprintf(file, sizeof file, "%s/catalog/reports/" MEMORY_REPORT ".json", dir);
	struct json_object *r = json_object_from_file(file), *tools = jget(r, "observed_tool_input_schemas"), *kept = json_object_new_array();
	cr_assert_not_null(r);
	for (size_t i = 0; i < json_object_array_length(tools); i++) {
		struct json_object *t = json_object_array_get_idx(tools, i);
		if (strcmp(jget_str(t, "tool"), "create_entities") == 0) continue;
		if (strcmp(jget_str(t, "tool"), "read_graph") == 0)
			json_object_object_add(t, "input_schema", json_tokener_parse("{\"type\":\"object\",\"properties\":"
				"{\"depth\":{\"type\":\"integer\"}},\"required\":[\"depth\"]}"));
		json_object_array_add(kept, json_object_get(t));
	}
	json_object_array_add(kept, json_tokener_parse("{\"tool\":\"zz_new\",\"input_schema\":{\"type\":\"object\"}}"));
	json_object_object_add(r, "observed_tool_input_schemas", kept);
	json_object_object_add(r, "id", json_object_new_string("io-github-modelcontextprotocol-server-memory-2026-11-30"));
	json_object_object_add(r, "date", json_object_new_string("2026-11-30"));
	snprintf(file, sizeof file, "%s/catalog/reports/io-github-modelcontextprotocol-server-memory-2026-11-30.json", dir);
	cr_assert_eq(json_object_to_file(file, r), 0);
	json_object_put(r);
	snprintf(cat, sizeof cat, "%s/catalog", dir);
	build(cat, "after", &after);
}

static void teardown(void)
{
	catalog_close(&before);
	catalog_close(&after);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

TestSuite(watch_entries, .init = setup, .fini = teardown);

static struct json_object *baseline(const struct catalog *c, const char *entries, char *err, int *at)
{
	struct json_object *in = json_tokener_parse(entries);
	cr_assert_not_null(in, "bad test JSON: %s", entries);
	struct json_object *doc = watch_entries_baseline(c, in, err, 600, at);
	json_object_put(in);
	return doc;
}

Test(watch_entries, bad_entries_are_refused_with_the_item)
{
	char err[600];
	int at = -1;
	cr_assert_null(baseline(&before, "[{\"id\":\"" MEMORY "\"},{\"id\":\"mcp/no-such-entry\"}]", err, &at));
	cr_assert_eq(at, 1);
	cr_assert(strstr(err, "no directory entry mcp/no-such-entry"), "%s", err);
	cr_assert_null(baseline(&before, "[{\"id\":\"" MEMORY "\",\"tools\":[\"read_graph\",\"nope\"]}]", err, &at));
	cr_assert_eq(at, 0);
	cr_assert(strstr(err, "not observed with a tool named nope"), "%s", err);
	cr_assert_null(baseline(&before, "[{\"id\":\"" MEMORY "\"},{\"id\":\"" MEMORY "\"}]", err, &at));
	cr_assert(strstr(err, "named twice"), "%s", err);
}

Test(watch_entries, the_same_catalog_changes_nothing)
{
	char err[600];
	int at;
	struct json_object *doc = baseline(&before, "[{\"id\":\"" MEMORY "\"}]", err, &at);
	cr_assert_not_null(doc, "%s", err);
	cr_assert(watch_entries_is(doc));
	struct json_object *b = jget(json_object_array_get_idx(jget(doc, "entries"), 0), "baseline");
	cr_assert_str_eq(jget_str(b, "id"), MEMORY_REPORT);
	cr_assert_eq(json_object_array_length(jget(b, "observed_tool_input_schemas")), 9);
	struct json_object *impact = watch_impact(&before, doc, NULL);
	cr_assert_str_eq(jget_str(impact, "status"), "unchanged");
	cr_assert_eq(json_object_array_length(jget(impact, "changes")), 0);
	json_object_put(impact);
	json_object_put(doc);
}

/* "tool/property:change:severity" per change. */
static void summary(struct json_object *impact, char *out, size_t n)
{
	struct json_object *cs = jget(impact, "changes");
	out[0] = 0;
	for (size_t i = 0; i < json_object_array_length(cs); i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		size_t o = strlen(out);
		snprintf(out + o, n - o, "%s%s/%s:%s:%s", i ? " " : "", jget_str(c, "tool"),
			jget_str(c, "property") ? jget_str(c, "property") : "", jget_str(c, "change"), jget_str(c, "severity"));
		cr_assert_str_eq(jget_str(c, "entry"), MEMORY);
		cr_assert_not_null(jget_str(c, "fingerprint"));
	}
}

Test(watch_entries, a_newer_report_that_changes_the_tools_followed_is_an_alert)
{
	char err[600], got[1000];
	int at;
	struct json_object *all = baseline(&before, "[{\"id\":\"" MEMORY "\"}]", err, &at),
		*used = baseline(&before, "[{\"id\":\"" MEMORY "\",\"tools\":[\"read_graph\"]}]", err, &at),
		*other = baseline(&before, "[{\"id\":\"" MEMORY "\",\"tools\":[\"search_nodes\"]}]", err, &at);
	cr_assert(all && used && other, "%s", err);
	struct json_object *was = watch_impact(&before, all, NULL), *now = watch_impact(&after, all, NULL);
	summary(now, got, sizeof got);
	cr_assert_str_eq(got, "create_entities/:tool_removed:breaking read_graph/depth:required_parameter_added:breaking "
		"zz_new/:tool_added:compatible");
	cr_assert_str_eq(jget_str(now, "status"), "breaking");
	struct json_object *detail = jget(json_object_array_get_idx(jget(now, "changes"), 0), "detail");
	cr_assert(strstr(jget_str(detail, "en"), "observed on 2026-11-30"), "%s", jget_str(detail, "en"));
	cr_assert(strstr(jget_str(detail, "de"), "beobachtet am 2026-11-30"), "%s", jget_str(detail, "de"));
	cr_assert(impact_differs(was, now), "the evaluator records an alert");
	json_object_put(was);
	json_object_put(now);
	/* only the tools a workflow uses */
	now = watch_impact(&after, used, NULL);
	summary(now, got, sizeof got);
	cr_assert_str_eq(got, "read_graph/depth:required_parameter_added:breaking");
	json_object_put(now);
	/* a followed tool the new report leaves as it was: no alert */
	was = watch_impact(&before, other, NULL);
	now = watch_impact(&after, other, NULL);
	cr_assert_str_eq(jget_str(now, "status"), "unchanged");
	cr_assert_not(impact_differs(was, now));
	json_object_put(was);
	json_object_put(now);
	json_object_put(all);
	json_object_put(used);
	json_object_put(other);
}

Test(watch_entries, an_entry_never_observed_is_followed_until_it_is)
{
	char err[600];
	int at;
	struct json_object *doc = baseline(&before, "[{\"id\":\"mcp/io-github-modelcontextprotocol-server-puppeteer\"}]", err, &at);
	cr_assert_not_null(doc, "%s", err);
	struct json_object *b = jget(json_object_array_get_idx(jget(doc, "entries"), 0), "baseline");
	cr_assert_str_eq(jget_str(b, "state"), "never_observed");
	cr_assert_null(jget(b, "observed_tool_input_schemas"), "unknown tools are kept as unknown");
	struct json_object *impact = watch_impact(&after, doc, NULL);
	cr_assert_str_eq(jget_str(impact, "status"), "unchanged");
	json_object_put(impact);
	json_object_put(doc);
}
