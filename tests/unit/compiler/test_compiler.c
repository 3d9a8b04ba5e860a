/* The compiler's errors and the reader's refusal of damaged files. Each test compiles a copy of the
 * real catalog sources with one fault injected. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "clientconfig/compat.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256], out[300];

static void copy_sources(void)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert_not_null(src, "AUTOPLAN_SRCDIR is not set");
	snprintf(dir, sizeof dir, "%s/autoplan-cat.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	cr_assert_not_null(mkdtemp(dir));
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "cp -R '%s/catalog/.' '%s/'", src, dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(out, sizeof out, "%s/out.bin", dir);
}

static void cleanup(void)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0) cr_log_warn("could not remove %s", dir);
}

/* Rewrites file with a json-c edit. */
static void edit(const char *file, void (*fn)(struct json_object *))
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	struct json_object *o = json_object_from_file(path);
	cr_assert_not_null(o, "%s", path);
	fn(o);
	cr_assert_eq(json_object_to_file_ext(path, o, JSON_C_TO_STRING_PRETTY), 0);
	json_object_put(o);
}

static void expect_compile_error(const char *needle)
{
	char err[1024];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), -1, "compiled although broken");
	cr_assert(strstr(err, needle), "error \"%s\" does not name \"%s\"", err, needle);
	cr_assert_neq(access(out, F_OK), 0, "an output file was written on failure");
}

TestSuite(compiler, .init = copy_sources, .fini = cleanup);

Test(compiler, real_sources_compile_and_open)
{
	char err[1024];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), 0, "%s", err);
	struct catalog c;
	cr_assert_eq(catalog_open(&c, out, err, sizeof err), 0, "%s", err);
	cr_assert_eq(c.napps, 10);
	cr_assert_eq(c.nops, 49);
	cr_assert_eq(c.ncaps, 38);
	cr_assert_eq(c.ntasks, 50);
	int app = cat_app_find(&c, "driveA");
	cr_assert_geq(cat_op_find(&c, (uint32_t)app, "drive.files.create"), 0);
	cr_assert_eq(cat_op_find(&c, (uint32_t)app, "drive.files.nope"), -1);
	cr_assert_not_null(cat_doc(&c, DOC_PROVIDER_CATALOG));
	catalog_close(&c);
}

Test(compiler, deterministic_output)
{
	char err[1024], out2[320], cmd[800];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), 0, "%s", err);
	snprintf(out2, sizeof out2, "%s/out2.bin", dir);
	cr_assert_eq(catalogc_build(dir, out2, err, sizeof err), 0, "%s", err);
	snprintf(cmd, sizeof cmd, "cmp -s '%s' '%s'", out, out2);
	cr_assert_eq(system(cmd), 0, "two builds differ");
}

static void bad_capability(struct json_object *o)
{
	struct json_object *op = json_object_array_get_idx(jget(o, "operations"), 1);
	json_object_object_add(op, "capability", json_object_new_string("email.teleport"));
}
Test(compiler, unknown_capability) { edit("apps/mailA.json", bad_capability); expect_compile_error("apps/mailA.json: /operations/1/capability"); }

static void bad_app(struct json_object *o) { json_object_object_add(o, "id", json_object_new_string("mailZ")); }
Test(compiler, unknown_app) { edit("apps/mailB.json", bad_app); expect_compile_error("apps/mailB.json: /id"); }

/* The action a verb the vocabulary lacks asks for alone has no phrases. */
static struct json_object *action_named(struct json_object *o, const char *name)
{
	struct json_object *actions = jget(o, "actions");
	for (size_t i = 0; i < json_object_array_length(actions); i++)
		if (strcmp(json_object_get_string(jget(json_object_array_get_idx(actions, i), "action")), name) == 0)
			return json_object_array_get_idx(actions, i);
	cr_assert_fail("outside.json has no action %s", name);
	return NULL;
}
static void unknown_action_with_phrases(struct json_object *o)
{
	struct json_object *phrases = json_object_new_array();
	json_object_array_add(phrases, json_object_new_string("teleport"));
	json_object_object_add(action_named(o, "unknown"), "phrases", phrases);
}
Test(compiler, unknown_action_has_no_phrases) { edit("outside.json", unknown_action_with_phrases); expect_compile_error("the unknown_action has no phrases"); }
static void no_such_action(struct json_object *o) { json_object_object_add(o, "copy_in_place", json_object_new_string("teleport")); }
Test(compiler, named_actions_exist) { edit("outside.json", no_such_action); expect_compile_error("outside.json: /copy_in_place: \"teleport\" is no action"); }
static void action_without_phrases(struct json_object *o) { json_object_object_del(action_named(o, "rename"), "phrases"); }
Test(compiler, only_the_unknown_action_lacks_phrases) { edit("outside.json", action_without_phrases); expect_compile_error("an action needs phrases"); }

/* An action's capability is one the catalog documents and no task plans; every such capability with phrases is
 * some action's, so that a request asking it is told which action no task performs. */
static void action_with_planned_capability(struct json_object *o)
{
	json_object_object_add(action_named(o, "rename"), "capability", json_object_new_string("file.upload"));
}
Test(compiler, action_capability_is_planned_by_no_task)
{
	edit("outside.json", action_with_planned_capability);
	expect_compile_error("outside.json: /actions/");
	expect_compile_error("a task plans file.upload");
}
static void action_with_unknown_capability(struct json_object *o)
{
	json_object_object_add(action_named(o, "rename"), "capability", json_object_new_string("file.teleport"));
}
Test(compiler, action_capability_exists)
{
	edit("outside.json", action_with_unknown_capability);
	expect_compile_error("capability: \"file.teleport\" is not one of the");
}
static void untested_capability_unnamed(struct json_object *o) { json_object_object_del(action_named(o, "delete"), "capability"); }
Test(compiler, untested_capability_has_an_action)
{
	edit("outside.json", untested_capability_unnamed);
	expect_compile_error("no action names the capability file.delete");
}

/* An app's kind comes from app_kinds.json, never from its id: one missing, given twice or unknown is refused. */
static void kind_missing(struct json_object *o) { json_object_array_del_idx(jget(o, "apps"), 9, 1); }
Test(compiler, app_without_kind) { edit("app_kinds.json", kind_missing); expect_compile_error("app_kinds.json: /apps: app \"codehost\" has no kind"); }
static void kind_twice(struct json_object *o)
{
	struct json_object *apps = jget(o, "apps");
	json_object_array_add(apps, json_object_get(json_object_array_get_idx(apps, 0)));
}
Test(compiler, app_with_two_kinds) { edit("app_kinds.json", kind_twice); expect_compile_error("app_kinds.json: /apps/10: app \"mailA\" is given a kind twice"); }
static void kind_caller(struct json_object *o)
{
	json_object_object_add(json_object_array_get_idx(jget(o, "apps"), 2), "kind", json_object_new_string("caller"));
}
Test(compiler, app_of_no_kind_known) { edit("app_kinds.json", kind_caller); expect_compile_error("app_kinds.json: /apps/2/kind"); }
static void kind_swapped(struct json_object *o)
{
	json_object_object_add(json_object_array_get_idx(jget(o, "apps"), 0), "kind", json_object_new_string("drive"));
}
Test(compiler, task_step_checks_the_kind_given) { edit("app_kinds.json", kind_swapped); expect_compile_error("step app \"mailA\" is not of kind \"mail\""); }

static void dup_op(struct json_object *o)
{
	struct json_object *ops = jget(o, "operations");
	json_object_array_add(ops, json_object_get(json_object_array_get_idx(ops, 0)));
}
Test(compiler, duplicate_operation) { edit("apps/driveC.json", dup_op); expect_compile_error("duplicate operation id"); }

static void missing_field(struct json_object *o)
{
	json_object_object_del(json_object_array_get_idx(jget(o, "operations"), 2), "method");
}
Test(compiler, missing_field) { edit("apps/sheetsA.json", missing_field); expect_compile_error("apps/sheetsA.json: /operations/2/method"); }

static void mistyped(struct json_object *o)
{
	json_object_object_add(json_object_array_get_idx(jget(o, "operations"), 0), "write", json_object_new_string("no"));
}
Test(compiler, mistyped_field) { edit("apps/calendarB.json", mistyped); expect_compile_error("/operations/0/write"); }

static void no_capability(struct json_object *o)
{
	struct json_object *t = json_object_array_get_idx(jget(o, "tasks"), 7);
	json_object_object_del(json_object_array_get_idx(jget(t, "steps"), 0), "capability");
}
Test(compiler, task_step_without_capability) { edit("tasks.json", no_capability); expect_compile_error("tasks.json: /tasks/7/steps/0/capability"); }

static void wrong_app_for_step(struct json_object *o)
{
	struct json_object *t = json_object_array_get_idx(jget(o, "tasks"), 6); /* mailA-attachments-driveA */
	json_object_object_add(json_object_array_get_idx(jget(t, "steps"), 0), "app", json_object_new_string("mailB"));
	json_object_object_add(json_object_array_get_idx(jget(t, "steps"), 2), "app", json_object_new_string("sheetsB"));
	json_object_object_add(json_object_array_get_idx(jget(t, "steps"), 2), "app_kind", json_object_new_string("sheets"));
}
Test(compiler, step_app_without_operation) { edit("tasks.json", wrong_app_for_step); expect_compile_error("documents no operation"); }

static void stale_hash(struct json_object *o)
{
	struct json_object *ev = jget(json_object_array_get_idx(jget(o, "operations"), 0), "evidence");
	json_object_object_add(ev, "semantic_sha256", json_object_new_string(
		"0000000000000000000000000000000000000000000000000000000000000000"));
}
Test(compiler, stale_semantic_hash) { edit("apps/mailA.json", stale_hash); expect_compile_error("refresh the source"); }

static void bad_version(struct json_object *o) { json_object_object_add(o, "rule_version", json_object_new_string("v2")); }
Test(compiler, version_format) { edit("versions.json", bad_version); expect_compile_error("versions.json: /rule_version"); }

Test(compiler, unparsable_file)
{
	char path[512];
	snprintf(path, sizeof path, "%s/guides.json", dir);
	FILE *f = fopen(path, "w");
	fputs("{ not json", f);
	fclose(f);
	expect_compile_error("guides.json");
}

/* The reader refuses damaged files. */
static void compile_ok(void)
{
	char err[1024];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), 0, "%s", err);
}

static void expect_refused(const char *needle)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, out, err, sizeof err), -1, "damaged catalog accepted");
	cr_assert(strstr(err, needle), "message \"%s\" lacks \"%s\"", err, needle);
}

static void patch(long off, int whence, const void *bytes, size_t n)
{
	FILE *f = fopen(out, "r+b");
	cr_assert_not_null(f);
	fseek(f, off, whence);
	fwrite(bytes, 1, n, f);
	fclose(f);
}

Test(compiler, reader_refuses_flipped_byte)
{
	compile_ok();
	patch(-10, SEEK_END, "X", 1);
	expect_refused("checksum");
}

Test(compiler, reader_refuses_other_format)
{
	compile_ok();
	uint32_t v = CAT_FORMAT + 1;
	patch(8, SEEK_SET, &v, 4);
	expect_refused("recompile");
}

Test(compiler, reader_refuses_truncated_and_foreign)
{
	compile_ok();
	cr_assert_eq(truncate(out, 1000), 0);
	expect_refused("truncated");
	patch(0, SEEK_SET, "NOTACATL", 8);
	expect_refused("magic");
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, "/nonexistent/catalog.bin", err, sizeof err), -1);
	cr_assert(strstr(err, "cannot open"));
}

/* Row 5's execution_tested is derived by the compiler: an assertion naming a client counts for that
 * client only; a failing one for none. */
Test(compiler, execution_tested_per_client)
{
	char path[512];
	snprintf(path, sizeof path, "%s/reports/exec-check.json", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("{\"id\":\"exec-check\",\"date\":\"2026-01-01\",\"title\":{\"en\":\"t\",\"de\":\"t\"},"
		"\"subject\":{\"kind\":\"mcp_server\",\"entry\":\"mcp/io-github-modelcontextprotocol-server-fetch\"},"
		"\"environment\":{},\"limitations\":[],\"observed_tool_input_schemas\":[],\"assertions\":["
		"{\"id\":\"a\",\"check\":\"call\",\"result\":\"pass\",\"detail\":\"\",\"level\":\"execution_tested\",\"client\":\"cursor\"},"
		"{\"id\":\"b\",\"check\":\"call\",\"result\":\"fail\",\"detail\":\"\",\"level\":\"execution_tested\",\"client\":\"zed\"}]}", f);
	fclose(f);
	compile_ok();
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, out, err, sizeof err), 0, "%s", err);
	cr_assert(compat_execution_tested(&c, "mcp/io-github-modelcontextprotocol-server-fetch", "cursor"));
	cr_assert_not(compat_execution_tested(&c, "mcp/io-github-modelcontextprotocol-server-fetch", "zed"));
	cr_assert_not(compat_execution_tested(&c, "mcp/io-github-modelcontextprotocol-server-fetch", "cursorx"));
	cr_assert(compat_execution_tested(&c, "mcp/io-github-modelcontextprotocol-server-memory", "zed"));
	cr_assert_not(compat_execution_tested(&c, "mcp/no-such-entry", "cursor"));
	catalog_close(&c);
}

static void swapped_tasks(struct json_object *o)
{
	struct json_object *list = jget(o, "tasks");
	struct json_object *first = json_object_get(json_object_array_get_idx(list, 0));
	json_object_array_put_idx(list, 0, json_object_get(json_object_array_get_idx(list, 1)));
	json_object_array_put_idx(list, 1, first);
}
Test(compiler, vocabulary_order) { edit("tasks.json", swapped_tasks); expect_compile_error("tasks.json: /tasks/0/id: expected \"file-invoices\""); }
