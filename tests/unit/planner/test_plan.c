/* The planner in process, through the router (same validation and serialisation as over HTTP):
 * properties over every task, golden answers, query resolution hit rate, and a snapshot -> change
 * impact round trip against a second catalog compiled from a modified copy of catalog/. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "util/jsonutil.h"
#include "planner/plan.h"
#include "api/routes.h"
#include "http/router.h"
#include "catalog/vocab.h"

#include "inproc.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct catalog cat;
static struct router rt;

static void open_catalog(const char *path)
{
	char err[512];
	cr_assert_eq(catalog_open(&cat, path, err, sizeof err), 0, "%s", err);
	cr_assert_eq(router_init(&rt, &cat, ROUTES, NROUTES), 0);
}

static void setup(void)
{
	const char *p = getenv("AUTOPLAN_CATALOG");
	cr_assert(p, "AUTOPLAN_CATALOG is not set");
	open_catalog(p);
}

static void teardown(void)
{
	router_free(&rt);
	catalog_close(&cat);
}

static struct json_object *post(const char *path, const char *body, int *status, char **text)
{
	return inproc_post(&rt, path, body, status, text);
}

static struct json_object *post_ok(const char *path, const char *body)
{
	int st;
	char *text;
	struct json_object *o = post(path, body, &st, &text);
	cr_assert_eq(st, 200, "%s %s -> %d %s", path, body, st, text);
	free(text);
	return o;
}

/* POSTs {"query": q} to path and expects 200. */
static struct json_object *post_query(const char *path, const char *q)
{
	struct json_object *b = json_object_new_object();
	json_object_object_add(b, "query", json_object_new_string(q));
	struct json_object *o = post_ok(path, json_object_to_json_string(b));
	json_object_put(b);
	return o;
}

static struct json_object *at(struct json_object *o, const char *k)
{
	struct json_object *v;
	cr_assert(json_object_object_get_ex(o, k, &v), "member %s missing in %s", k, json_object_to_json_string(o));
	return v;
}

static const char *sat(struct json_object *o, const char *k)
{
	return json_object_get_string(at(o, k));
}

static bool is_null(struct json_object *o, const char *k)
{
	return at(o, k) == NULL;
}

static bool arr_has(struct json_object *a, const char *s)
{
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(a, i)), s) == 0) return true;
	return false;
}

/* Apps that bind generic tasks in the table: one app per kind. */
static const char *GENERIC_APPS = "\"mailA\",\"driveB\",\"calendarB\",\"sheetsA\"";

enum grant { G_NONE = 0, G_LEAST, G_BROAD };

/* Every scope any operation of the catalog accepts, as a JSON array text (broad grant). */
static char *all_scopes(void)
{
	struct json_object *a = json_object_new_array();
	for (uint32_t i = 0; i < cat.nops; i++) {
		const struct cat_op *op = &cat.ops[i];
		for (uint32_t k = 0; op->scope_count != CAT_NONE && k < op->scope_count; k++) {
			const char *s = cat_s(&cat, cat.lists[op->scope_first + k]);
			if (!arr_has(a, s) && json_object_array_length(a) < 50) json_object_array_add(a, json_object_new_string(s));
		}
	}
	char *r = strdup(json_object_to_json_string_ext(a, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(a);
	return r;
}

/* A step's inputs come from an earlier step that does the finding capability on the same app, a fixed
 * value, or the caller; an added step is there because a later step takes an input from it. */
static void check_inputs(struct json_object *s, size_t i, struct json_object *steps, const char *label)
{
	struct json_object *inputs = at(s, "inputs");
	for (size_t k = 0; k < json_object_array_length(inputs); k++) {
		struct json_object *in = json_object_array_get_idx(inputs, k);
		const char *by = sat(in, "supplied_by");
		if (strcmp(by, "step") == 0) {
			int from = json_object_get_int(at(in, "from_step"));
			cr_assert_lt(from, (int)i, "%s: step %zu takes %s from a later step", label, i, sat(in, "name"));
			cr_assert_str_eq(sat(json_object_array_get_idx(steps, (size_t)from), "app"), sat(s, "app"), "%s", label);
		} else if (strcmp(by, "fixed_value") == 0) {
			cr_assert(!is_null(in, "value"), "%s", label);
		} else {
			cr_assert_str_eq(by, "caller", "%s", label);
		}
	}
	if (is_null(s, "added")) return;
	bool used = false;
	for (size_t q = i + 1; q < json_object_array_length(steps); q++) {
		struct json_object *later = at(json_object_array_get_idx(steps, q), "inputs");
		for (size_t k = 0; k < json_object_array_length(later); k++) {
			struct json_object *from = at(json_object_array_get_idx(later, k), "from_step");
			used |= from && json_object_get_int(from) == (int)i;
		}
	}
	cr_assert(used, "%s: step %zu was added but no later step takes anything from it", label, i);
	cr_assert(!json_object_get_boolean(at(s, "write")), "%s: an added step writes", label);
}

/* A step on data the user already has never gets, nor counts, a scope that only sees app-created data. */
static void check_reach(struct json_object *s, const char *label)
{
	if (is_null(s, "operation")) return;
	int app = cat_app_find(&cat, sat(s, "app"));
	int k = cat_op_find(&cat, (uint32_t)app, sat(at(s, "operation"), "id"));
	if (!cat.caps[cat.ops[k].cap].existing) return;
	static const char *const keys[] = { "ask_for", "granted_scope" };
	for (int i = 0; i < 2; i++) {
		struct json_object *v = at(s, keys[i]);
		const struct cat_scope *r = v ? cat_scope_find(&cat, (uint32_t)app, json_object_get_string(v)) : NULL;
		cr_assert(!r || !r->app_created, "%s: %s %s only sees app-created data", label, keys[i], json_object_get_string(v));
	}
}

static void check_plan(uint32_t t, bool ro, enum grant g, const char *scopes_json)
{
	const struct cat_task *tk = &cat.tasks[t];
	const char *id = cat_s(&cat, tk->id);
	char body[8192], label[160];
	snprintf(body, sizeof body, "{\"task_id\":\"%s\",\"read_only\":%s,\"apps\":[%s],\"granted_scopes\":%s}",
		id, ro ? "true" : "false", tk->generic ? GENERIC_APPS : "", scopes_json);
	snprintf(label, sizeof label, "%s read_only=%d grant=%d", id, ro, g);
	int st;
	char *t1, *t2;
	struct json_object *p = post("/v2/workflows/plan", body, &st, &t1);
	cr_assert_eq(st, 200, "%s: %s", label, t1);
	json_object_put(post("/v2/workflows/plan", body, &st, &t2));
	cr_assert_str_eq(t1, t2, "%s: same request, different answer", label);
	free(t2);
	const char *status = sat(p, "status");
	cr_assert(vocab_index(PLAN_STATUS, status) >= 0, "%s: status %s", label, status);
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(at(p, "rules"), 0)), status, "%s", label);
	cr_assert_str_eq(sat(at(p, "task"), "id"), id);
	cr_assert_str_eq(sat(at(p, "task"), "resolved_by"), "task_id");
	struct json_object *steps = at(p, "steps"), *left = at(p, "left_out"), *cov = at(p, "coverage");
	size_t n = json_object_array_length(steps), nl = json_object_array_length(left), added = 0;
	for (size_t i = 0; i < n; i++) added += !is_null(json_object_array_get_idx(steps, i), "added");
	/* every step of the task is either planned or left out, in order, and none is dropped; the steps
	 * added to find identifiers come on top */
	cr_assert_eq(n - added + nl, tk->step_count, "%s: %zu planned (%zu added) + %zu left out != %u", label, n, added,
		nl, tk->step_count);
	int documented = 0, writes = 0, callers = 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(steps, i);
		const char *state = sat(s, "state");
		check_inputs(s, i, steps, label);
		bool documented_step = !is_null(s, "operation");
		documented += documented_step;
		cr_assert_eq(json_object_get_boolean(at(s, "documented")), documented_step, "%s", label);
		writes += json_object_get_boolean(at(s, "write"));
		if (strcmp(sat(s, "done_by"), "caller") == 0) {
			callers++;
			cr_assert_str_eq(state, "caller_side", "%s", label);
			cr_assert(!documented_step, "%s", label);
		}
		struct json_object *alts = at(s, "scope_alternatives");
		if (documented_step && alts) {
			if (g == G_NONE) {
				cr_assert_str_eq(state, "missing_scope", "%s step %zu", label, i);
				cr_assert(arr_has(alts, sat(s, "ask_for")), "%s: ask_for is not an alternative", label);
			} else {
				cr_assert_str_eq(state, "satisfied", "%s step %zu: %s", label, i, json_object_to_json_string(s));
				cr_assert(arr_has(alts, sat(s, "granted_scope")), "%s", label);
			}
		}
		if (documented_step && !alts) cr_assert_str_eq(state, "scopes_unknown", "%s", label);
		check_reach(s, label);
	}
	uint32_t task_writes = 0, task_callers = 0;
	for (uint32_t k = 0; k < tk->step_count; k++) {
		const struct cat_step *cs = &cat.steps[tk->step_first + k];
		task_writes += cat.caps[cs->cap].write;
		task_callers += cat.caps[cs->cap].caller && !(ro && cat.caps[cs->cap].write);
	}
	cr_assert_eq((uint32_t)callers, task_callers, "%s: caller-side steps dropped", label);
	if (ro) {
		cr_assert_eq(writes, 0, "%s: read_only planned a write step", label);
		cr_assert_eq(nl, task_writes, "%s", label);
		cr_assert_eq(strcmp(status, "read_only_conflict") == 0, task_writes > 0, "%s: %s", label, status);
	} else {
		cr_assert_eq(nl, 0, "%s", label);
	}
	cr_assert_eq(json_object_get_int(at(cov, "required")), (int)n, "%s", label);
	cr_assert_eq(json_object_get_int(at(cov, "documented")), documented, "%s", label);
	cr_assert_eq(json_object_get_int(at(cov, "practically_tested")), 0, "%s: no report tests an operation", label);
	if (g != G_NONE) cr_assert(strcmp(status, "needs_scopes") != 0, "%s", label);
	if (g == G_NONE && documented && strcmp(status, "read_only_conflict") != 0 && !strstr(id, "codehost"))
		cr_assert_str_eq(status, "needs_scopes", "%s", label);
	/* snapshot and a round trip through change impact against the same catalog: no changes */
	struct json_object *snap = post_ok("/v2/workflows/snapshot", body);
	struct json_object *s = at(snap, "snapshot");
	cr_assert_str_eq(sat(s, "format"), SNAPSHOT_FORMAT);
	struct json_object *ops = at(s, "operations");
	cr_assert_eq((int)json_object_array_length(ops), documented, "%s", label);
	for (size_t i = 0; i < json_object_array_length(ops); i++) {
		struct json_object *o = json_object_array_get_idx(ops, i);
		int a = cat_app_find(&cat, sat(o, "app"));
		int k = cat_op_find(&cat, (uint32_t)a, sat(o, "operation"));
		cr_assert_geq(k, 0, "%s", label);
		cr_assert_str_eq(sat(o, "source_hash"), cat_s(&cat, cat.ops[k].semantic_sha256), "%s", label);
	}
	char *ib = malloc(strlen(json_object_to_json_string(s)) + 32);
	sprintf(ib, "{\"snapshot\":%s}", json_object_to_json_string_ext(s, JSON_C_TO_STRING_PLAIN));
	struct json_object *imp = post_ok("/v2/changes/impact", ib);
	cr_assert_str_eq(sat(imp, "status"), "unchanged", "%s: %s", label, json_object_to_json_string(imp));
	cr_assert_eq(json_object_array_length(at(imp, "changes")), 0, "%s", label);
	cr_assert_eq(json_object_get_int(at(imp, "checked_operations")), documented, "%s", label);
	free(ib);
	json_object_put(imp);
	json_object_put(snap);
	free(t1);
	json_object_put(p);
}

/* The minimal scopes of the plan without grants: granting exactly them must satisfy every step. */
static char *least_scopes(uint32_t t, bool ro)
{
	const struct cat_task *tk = &cat.tasks[t];
	char body[1024];
	snprintf(body, sizeof body, "{\"task_id\":\"%s\",\"read_only\":%s,\"apps\":[%s]}", cat_s(&cat, tk->id),
		ro ? "true" : "false", tk->generic ? GENERIC_APPS : "");
	struct json_object *p = post_ok("/v2/permissions/explain", body);
	char *r = strdup(json_object_to_json_string_ext(at(p, "minimal_scopes"), JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(p);
	return r;
}

Test(plan, every_task_read_only_and_grant, .init = setup, .fini = teardown)
{
	cr_assert_eq(cat.ntasks, 50);
	char *broad = all_scopes();
	for (uint32_t t = 0; t < cat.ntasks; t++)
		for (int ro = 0; ro < 2; ro++) {
			char *least = least_scopes(t, ro);
			check_plan(t, ro, G_NONE, "[]");
			check_plan(t, ro, G_LEAST, least);
			check_plan(t, ro, G_BROAD, broad);
			free(least);
		}
	free(broad);
}

Test(plan, permissions_least_and_broader, .init = setup, .fini = teardown)
{
	struct json_object *p = post_ok("/v2/permissions/explain",
		"{\"task_id\":\"mailA-attachments-driveA\",\"granted_scopes\":[\"https://mail.google.com/\",\"https://www.googleapis.com/auth/drive.file\",\"x.unrelated\"]}");
	cr_assert_str_eq(sat(p, "status"), "granted");
	struct json_object *min = at(p, "minimal_scopes");
	cr_assert_eq(json_object_array_length(min), 2);
	cr_assert(arr_has(min, "https://www.googleapis.com/auth/gmail.readonly"));
	cr_assert(arr_has(min, "https://www.googleapis.com/auth/drive.file"));
	struct json_object *br = at(p, "broader_than_needed");
	cr_assert_eq(json_object_array_length(br), 1);
	cr_assert_str_eq(sat(json_object_array_get_idx(br, 0), "scope"), "https://mail.google.com/");
	cr_assert_str_eq(sat(json_object_array_get_idx(br, 0), "enough"), "https://www.googleapis.com/auth/gmail.readonly");
	cr_assert(arr_has(at(p, "not_needed"), "x.unrelated"));
	json_object_put(p);
	p = post_ok("/v2/permissions/explain", "{\"task_id\":\"mailA-attachments-driveA\",\"granted_scopes\":[\"https://www.googleapis.com/auth/drive\"]}");
	cr_assert_str_eq(sat(p, "status"), "needs_scopes");
	struct json_object *miss = at(p, "missing_scopes");
	cr_assert_eq(json_object_array_length(miss), 1);
	cr_assert(arr_has(miss, "https://www.googleapis.com/auth/gmail.readonly"));
	cr_assert_str_eq(sat(json_object_array_get_idx(at(p, "broader_than_needed"), 0), "enough"),
		"https://www.googleapis.com/auth/drive.file");
	/* alternatives come least privileged first, each with its reason */
	struct json_object *alts = at(json_object_array_get_idx(at(p, "steps"), 0), "alternatives");
	int last = -1;
	for (size_t i = 0; i < json_object_array_length(alts); i++) {
		struct json_object *a = json_object_array_get_idx(alts, i);
		int r = json_object_get_int(at(a, "privilege_rank"));
		cr_assert_gt(r, last);
		last = r;
		cr_assert(strlen(sat(a, "reason")) > 0);
	}
	json_object_put(p);
}

/* The planned step with this capability. */
static struct json_object *step_of(struct json_object *plan, const char *cap)
{
	struct json_object *steps = at(plan, "steps");
	for (size_t i = 0; i < json_object_array_length(steps); i++)
		if (strcmp(sat(json_object_array_get_idx(steps, i), "capability"), cap) == 0) return json_object_array_get_idx(steps, i);
	cr_assert_fail("no %s step in %s", cap, json_object_to_json_string(steps));
	return NULL;
}

/* Whether apps_named (objects: app, words, ...) names app. */
static bool named(struct json_object *apps_named, const char *app)
{
	for (size_t i = 0; i < json_object_array_length(apps_named); i++)
		if (strcmp(sat(json_object_array_get_idx(apps_named, i), "app"), app) == 0) return true;
	return false;
}

Test(plan, generic_task_without_apps_needs_apps, .init = setup, .fini = teardown)
{
	struct json_object *p = post_ok("/v2/workflows/plan", "{\"task_id\":\"file-invoices\"}");
	cr_assert_str_eq(sat(p, "status"), "needs_apps");
	struct json_object *s0 = json_object_array_get_idx(at(p, "steps"), 0);
	cr_assert_str_eq(sat(s0, "state"), "no_app");
	cr_assert(arr_has(at(s0, "candidates"), "mailB"));
	json_object_put(p);
	/* an app that cannot serve the step is reported: sheetsB documents no spreadsheet.create */
	p = post_ok("/v2/workflows/plan", "{\"task_id\":\"sheetsA-create\",\"apps\":[\"sheetsB\"]}");
	cr_assert_str_eq(sat(p, "status"), "partial");
	cr_assert_str_eq(sat(json_object_array_get_idx(at(p, "steps"), 0), "state"), "not_documented");
	json_object_put(p);
	/* apps override a task's default app of the same kind, and unused apps are reported */
	p = post_ok("/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\",\"apps\":[\"driveC\",\"calendarA\"]}");
	cr_assert_str_eq(sat(step_of(p, "file.upload"), "app"), "driveC");
	struct json_object *nu = at(at(p, "apps"), "not_used");
	cr_assert_eq(json_object_array_length(nu), 1);
	cr_assert_str_eq(sat(json_object_array_get_idx(nu, 0), "app"), "calendarA");
	json_object_put(p);
	/* the unbound end of a copy lists the other apps of its kind, never the one the other end is bound to */
	p = post_query("/v2/workflows/plan", "copy files to Google Drive");
	cr_assert_str_eq(sat(p, "status"), "needs_apps");
	struct json_object *from = step_of(p, "file.read");
	cr_assert_str_eq(sat(from, "state"), "no_app");
	cr_assert(arr_has(at(from, "candidates"), "driveB") && arr_has(at(from, "candidates"), "driveC"));
	cr_assert(!arr_has(at(from, "candidates"), "driveA"), "%s", json_object_to_json_string(at(from, "candidates")));
	json_object_put(p);
}

/* ---- golden answers ---- */

static const struct { const char *name, *path, *body, *lang; } GOLDEN[] = {
	{ "plan-mailA-attachments-driveA", "/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}", NULL },
	{ "plan-mailB-attachments-driveB-granted", "/v2/workflows/plan", "{\"task_id\":\"mailB-attachments-driveB\",\"granted_scopes\":[\"Mail.Read\",\"Files.ReadWrite\"]}", NULL },
	{ "plan-file-invoices-apps", "/v2/workflows/plan", "{\"task_id\":\"file-invoices\",\"apps\":[\"mailB\",\"driveC\"]}", NULL },
	{ "plan-invoice-amounts-read-only", "/v2/workflows/plan", "{\"task_id\":\"invoice-amounts\",\"apps\":[\"mailA\",\"sheetsA\"],\"read_only\":true}", NULL },
	{ "plan-meeting-tasks", "/v2/workflows/plan", "{\"task_id\":\"meeting-tasks\",\"apps\":[\"calendarB\"],\"granted_scopes\":[\"Calendars.Read\"]}", NULL },
	{ "plan-orders-erp", "/v2/workflows/plan", "{\"task_id\":\"orders-erp\",\"apps\":[\"mailA\"]}", NULL },
	{ "plan-calB-availability", "/v2/workflows/plan", "{\"task_id\":\"calB-availability\",\"granted_scopes\":[\"Calendars.ReadWrite\"]}", NULL },
	{ "plan-sheetsB-append", "/v2/workflows/plan", "{\"task_id\":\"sheetsB-append\",\"runtime\":\"remote\"}", NULL },
	{ "plan-driveA-to-driveC-evidence", "/v2/workflows/plan", "{\"task_id\":\"driveA-to-driveC\",\"evidence\":true,\"runtime\":\"local\"}", NULL },
	{ "plan-codehost-issues-sheetsA", "/v2/workflows/plan", "{\"task_id\":\"codehost-issues-sheetsA\",\"granted_scopes\":[\"https://www.googleapis.com/auth/spreadsheets\"]}", NULL },
	{ "plan-query-de-rechnungen", "/v2/workflows/plan", "{\"query\":\"Rechnungen aus Mail B in Drive C ablegen\"}", NULL },
	{ "plan-query-unresolved", "/v2/workflows/plan", "{\"query\":\"bake a chocolate cake\"}", NULL },
	/* real requests: products outside the catalog, actions no task performs, a trigger and an action */
	{ "plan-outside-gmail-slack", "/v2/workflows/plan", "{\"query\":\"Send new Gmail emails to a Slack channel\"}", "en" },
	{ "plan-outside-trello-gmail", "/v2/workflows/plan", "{\"query\":\"Create Trello cards from new Gmail emails\"}", "en" },
	{ "plan-outside-doc-from-sheet", "/v2/workflows/plan", "{\"query\":\"Create a Google Doc from a Google Sheets row\"}", "en" },
	{ "plan-outside-typeform-to-sheet", "/v2/workflows/plan", "{\"query\":\"Typeform to Google Sheets\"}", "en" },
	{ "plan-action-label", "/v2/workflows/plan", "{\"query\":\"Label incoming Gmail messages from my boss\"}", "en" },
	{ "plan-trigger-sheet-event", "/v2/workflows/plan", "{\"query\":\"When a new row is added in Google Sheets, create a Google Calendar event\"}", "en" },
	{ "plan-outside-de-slack", "/v2/workflows/plan", "{\"query\":\"Neue Gmail-Nachrichten an einen Slack-Kanal senden\"}", "de" },
	{ "plan-action-de-translate", "/v2/workflows/plan", "{\"query\":\"E-Mails in Gmail automatisch \\u00fcbersetzen\"}", "de" },
	{ "plan-unknown-verb", "/v2/workflows/plan", "{\"query\":\"Pin important Gmail emails\"}", "en" },
	{ "plan-trigger-de-sheet-event", "/v2/workflows/plan", "{\"query\":\"Wenn eine neue Zeile in Google Sheets hinzugef\\u00fcgt wird, einen Termin im Google Kalender anlegen\"}", "de" },
	/* a schedule: no step of its own, the caller runs the steps on it */
	{ "plan-schedule-de", "/v2/workflows/plan", "{\"query\":\"Jeden Morgen neue Outlook-Mails in Excel eintragen\"}", "de" },
	/* a transfer no task makes, and a further action after a task's */
	{ "plan-transfer-calendars", "/v2/workflows/plan", "{\"query\":\"Google Calendar to Outlook\"}", "en" },
	{ "plan-second-action", "/v2/workflows/plan", "{\"query\":\"save Outlook attachments to OneDrive and then email the sender a confirmation\"}", "en" },
	{ "plan-de-second-action", "/v2/workflows/plan", "{\"query\":\"Gmail-Anh\\u00e4nge in Google Drive speichern und dann dem Absender eine Best\\u00e4tigung schicken\"}", "de" },
	{ "plan-query-ambiguous", "/v2/workflows/plan", "{\"query\":\"find emails\"}", NULL },
	{ "permissions-mailA-send", "/v2/permissions/explain", "{\"task_id\":\"mailA-send\",\"granted_scopes\":[\"https://mail.google.com/\"]}", NULL },
	{ "snapshot-driveB-to-driveC", "/v2/workflows/snapshot", "{\"task_id\":\"driveB-to-driveC\"}", NULL },
	/* issue 9: least privilege that sees the user's data, find before act, implied scopes, German */
	{ "plan-driveA-search-existing-data", "/v2/workflows/plan", "{\"task_id\":\"driveA-search\",\"granted_scopes\":[\"https://www.googleapis.com/auth/drive.file\"]}", NULL },
	{ "permissions-sheetsA-append-existing-data", "/v2/permissions/explain", "{\"task_id\":\"sheetsA-append\"}", NULL },
	{ "plan-calA-event-update-find-first", "/v2/workflows/plan", "{\"task_id\":\"calA-event-update\",\"granted_scopes\":[\"https://www.googleapis.com/auth/calendar.events\"]}", NULL },
	{ "plan-mailB-read-implied", "/v2/workflows/plan", "{\"task_id\":\"mailB-read\",\"granted_scopes\":[\"Mail.ReadWrite\"]}", NULL },
	{ "permissions-mailB-attachments-implied", "/v2/permissions/explain", "{\"task_id\":\"mailB-attachments-driveB\",\"granted_scopes\":[\"Mail.ReadWrite\",\"Files.ReadWrite.All\"]}", NULL },
	{ "plan-query-de-gmail-dropbox", "/v2/workflows/plan", "{\"query\":\"Anhänge aus Gmail in Dropbox ablegen\"}", "de" },
	{ "plan-query-outlook-free", "/v2/workflows/plan", "{\"query\":\"what's free on my Outlook calendar tomorrow\"}", "en" },
	{ "plan-query-generic-outlook-excel", "/v2/workflows/plan", "{\"query\":\"track invoice totals from Outlook emails in Excel\"}", "de;q=0.5, en" },
	{ "plan-query-onedrive-to-gdrive", "/v2/workflows/plan", "{\"query\":\"copy files from OneDrive to Google Drive\"}", NULL },
	{ "impact-de", "/v2/changes/impact", "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"old\",\"rule_version\":\"old\",\"task_id\":null,\"apps\":[\"mailA\"],\"operations\":[{\"app\":\"mailA\",\"operation\":\"gone\",\"capability\":\"email.read\",\"scope_alternatives\":null,\"source_hash\":null}]}}", "de" },
};

static char *golden_text(struct json_object *o)
{
	/* the version triple changes with every catalog build; tests assert it separately */
	json_object_object_del(o, "dataset_version");
	json_object_object_del(o, "catalog_version");
	json_object_object_del(o, "rule_version");
	const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		JSON_C_TO_STRING_NOSLASHESCAPE);
	size_t n = strlen(s);
	char *r = malloc(n + 2);
	memcpy(r, s, n);
	r[n] = '\n';
	r[n + 1] = '\0';
	return r;
}

Test(plan, golden_answers, .init = setup, .fini = teardown)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	bool update = getenv("AUTOPLAN_GOLDEN_UPDATE") && *getenv("AUTOPLAN_GOLDEN_UPDATE") == '1';
	cr_assert(src);
	for (size_t i = 0; i < sizeof GOLDEN / sizeof *GOLDEN; i++) {
		int st;
		struct json_object *o = inproc_post_lang(&rt, GOLDEN[i].path, GOLDEN[i].body, GOLDEN[i].lang, &st, NULL);
		cr_assert_eq(st, 200, "%s", GOLDEN[i].name);
		char *got = golden_text(o);
		json_object_put(o);
		char path[4096];
		snprintf(path, sizeof path, "%s/tests/golden/%s.json", src, GOLDEN[i].name);
		if (update) {
			FILE *f = fopen(path, "w");
			cr_assert(f, "cannot write %s", path);
			fputs(got, f);
			fclose(f);
		}
		FILE *f = fopen(path, "r");
		cr_assert(f, "golden file %s is missing: run make golden, read it, commit it", path);
		static char want[1 << 20];
		size_t n = fread(want, 1, sizeof want - 1, f);
		want[n] = '\0';
		fclose(f);
		cr_assert_str_eq(got, want, "%s differs from %s (make golden regenerates it deliberately)", GOLDEN[i].name, path);
		free(got);
	}
}

/* ---- query resolution ---- */

/* The corpus (tests/unit/planner/corpus.txt): requests as users type them, by group, each with the
 * task (or tie, or nothing) the planner must make of it. Each is planned through the router, the way
 * a caller sees it; the hit rate is printed per group. */
#define HIT_RATE_MIN 95
/* The frozen group is never tuned on: its floor is at or below its rate when each sitting was written (20
 * of 22, then 37 of 40 with the second, 48 of 55 with the third: 11 of its 15), and a rule that loses its
 * lines fails here even where others gain. */
#define FROZEN_MIN 87
/* The fourth and fifth sittings, frozen too, each kept apart: the fourth was written at 16 of 26, its floor
 * the rate its lines reached with the rules of the stop they were written in (24 of 26; never tuned on them);
 * the fifth was written at 30 of 33, its floor that rate; the sixth at 32 of 35 (its two corrected expectations
 * counted as written), its floor that rate. The eighth was written at 32 of 40, the ninth at 36 of 40 and the
 * tenth at 14 of 20 (two expectations corrected on reading, counted as written), the eleventh at 23 of 26 and
 * the twelfth at 24 of 26, the thirteenth at 17 of 20, the fourteenth at 18 of 20, the fifteenth at 15 of 20 (one
 * expectation corrected on reading, counted as written), the sixteenth at 15 of 20 (three corrected to what the
 * corpus's own rules plan: a reply sends to each email found, printing reads); as the fourth's, their floors are
 * the rates the rules of their own stop reached (39 of 40, 39 of 40, 20 of 20, 26 of 26, 26 of 26, 20 of 20, 20
 * of 20, 20 of 20, 20 of 20); the seventeenth was written at 17 of 20, its three misses answered by shorthand
 * added to the vocabulary after reading them (srch, upd8, wats on, tmrw), its floor 20 of 20. Sittings 18 to 22
 * reached all their lines with the rules of their stop. The twenty-third was written at 38 of 47 (two expectations
 * corrected on reading, counted as written: a rebound attachment task is the chain it plans, and no task reads
 * invoice amounts out of a drive); its floor is the 46 of 47 its rules reached. The twenty-fourth was written at
 * 40 of 44 (two corrected: an inbox names no mail app, a reply finds the mail first), its floor 44 of 44; the
 * twenty-fifth at 24 of 30, its floor 29 of 30; the twenty-sixth at 27 of 30, its floor 30 of 30;
 * the twenty-seventh at 26 of 30, its floor 30 of 30; the twenty-eighth at 26 of 30, its floor 29 of 30;
 * the twenty-ninth at 26 of 30, its floor 30 of 30; the thirtieth at 19 of 20, its floor 20 of 20;
 * the thirty-first at 13 of 15, its floor 14 of 15; the thirty-second at 19 of 20 and the thirty-third at 18 of
 * 20, their floors 20 of 20; the thirty-fourth at 13 of 15, its floor 15 of 15; the thirty-fifth at 20 of 20;
 * the thirty-sixth at 10 of 12, its floor 12 of 12; the thirty-seventh at 26 of 28, its floor 28 of 28;
 * the thirty-eighth at 24 of 27, its floor 27 of 27; the thirty-ninth at 23 of 25, its floor 25 of 25;
 * the fortieth at 28 of 29 (one corrected on reading, counted as written: printing attachments is done by the
 * caller after the download, as the indirect group says), its floor 29 of 29. The forty-first and forty-second
 * were written by a second author who saw neither the rules nor the development set: 39 of 40 and 27 of 30 as
 * written, their floors 39 of 40 and 30 of 30; so were the forty-third to forty-fifth, 38, 39 and 37 of 40 as
 * written, their floors 40 of 40; and the forty-sixth to forty-eighth, 27 of 36, 37 and 38 of 40 as written,
 * their floors 35 of 36, 40 of 40 and 39 of 40; and the forty-ninth to fifty-first, 32 of 36, 36 and 25 of 40 as
 * written, their floors 32 of 36, 36 and 32 of 40 (forum questions with context sentences are left, the note says);
 * the fifty-second to fifty-fourth, 32, 39 of 40 and 29 of 32 as written, their floors 36, 40 of 40 and 32 of 32;
 * the fifty-fifth to fifty-seventh, in the development set's proportions of kinds, 49 of 50 each as written,
 * their floors 50 of 50; the fifty-eighth and fifty-ninth, the same proportions, 43 of 50 and 37 of 40 as
 * written, their floors 45 of 50 and 39 of 40; the sixtieth to sixty-third, the same proportions in four sources'
 * styles, 50, 46, 39 of 40 and 47 as written, their floors 50, 50, 39 of 40 and 50 (the one left: an automatic
 * reply is labelled an action no task performs, where the corpus reads it as reading and sending since the sixteenth);
 * the sixty-fourth to sixty-sixth (terse workflow names, triggers and two steps, forum questions half in German),
 * 44 of 50 each as written, their floors 49, 47 and 45; the sixty-seventh to sixty-ninth (AI-agent templates,
 * actions no task performs with contrasts, one task in developers' wording), 41 of 50, 33 of 40 and 43 of 50 as
 * written, their floors 43, 36 of 40 and 47 (five of the seven left in the sixty-seventh name Claude "anthropic" and
 * Mistral "mistral", where the development set's labels say "mistral ai" and products are named as commonly called);
 * the seventieth to seventy-second (integration-platform titles, long German descriptions, issue sentences with
 * scopes), 45 of 50, 36 of 40 and 49 of 50 as written, their floors 49, 37 of 40 and 50 (the one left in the
 * seventieth names Kafka "kafka", the catalog "apache kafka"; "aus jeder" as a trigger phrase made every "aus" a
 * trigger's candidate, at a cost beyond the instruction budget, and was withdrawn); the seventy-third (every source
 * mixed) and seventy-fourth (details that mislead: negations, quoted names, senders, context), 48 of 50 and 30 of 40
 * as written, their floors 48 and 39 of 40; the seventy-fifth to seventy-seventh (German from every source, an event
 * and an action in platforms' phrasings, generic tasks and unnamed apps), 38, 34 and 38 of 40 as written, their floors
 * 38, 39 and 38 of 40; the seventy-eighth and seventy-ninth (every source mixed; jobs' own wording), 47 and 45 of 50
 * as written, their floors 48 and 46; the eightieth and eighty-first (every source mixed; many people's own wording),
 * 46 and 47 of 50 as written, their floors 50 and 48; the eighty-second and eighty-third (topics not used before;
 * German users of clubs, practices, trades, shops), 44 of 50 and 37 of 40 as written, their floors 47 and 39; the
 * eighty-fourth (every source mixed, new topics), 47 of 50 as written; the eighty-fifth and eighty-sixth (every source
 * mixed; chat and search-box wording), 48 of 50 and 35 of 40 as written, their floors 50 and 36. The floors of the
 * sixtieth to eighty-sixth are their figures at the end of the stop that wrote them. */
static const struct { const char *group; int floor; } FLOORS[] = {
	{ "frozen", FROZEN_MIN }, { "sitting4", 96 }, { "sitting5", 100 }, { "sitting6", 100 }, { "sitting7", 100 },
	{ "sitting8", 97 }, { "sitting9", 100 }, { "sitting10", 100 }, { "sitting11", 100 }, { "sitting12", 100 },
	{ "sitting13", 100 }, { "sitting14", 100 }, { "sitting15", 100 }, { "sitting16", 100 }, { "sitting17", 100 },
	{ "sitting18", 100 }, { "sitting19", 100 }, { "sitting20", 100 }, { "sitting21", 100 }, { "sitting22", 100 },
	{ "sitting23", 97 }, { "sitting24", 100 }, { "sitting25", 100 }, { "sitting26", 100 }, { "sitting27", 100 },
	{ "sitting28", 96 }, { "sitting29", 100 }, { "sitting30", 100 }, { "sitting31", 93 }, { "sitting32", 100 },
	{ "sitting33", 100 }, { "sitting34", 100 }, { "sitting35", 100 }, { "sitting36", 100 }, { "sitting37", 100 },
	{ "sitting38", 100 }, { "sitting39", 100 }, { "sitting40", 100 }, { "sitting41", 97 }, { "sitting42", 100 },
	{ "sitting43", 100 }, { "sitting44", 100 }, { "sitting45", 100 }, { "sitting46", 97 }, { "sitting47", 100 },
	{ "sitting48", 97 }, { "sitting49", 94 }, { "sitting50", 95 }, { "sitting51", 90 }, { "sitting52", 97 },
	{ "sitting53", 100 }, { "sitting54", 100 }, { "sitting55", 100 }, { "sitting56", 100 }, { "sitting57", 100 },
	{ "sitting58", 94 }, { "sitting59", 100 }, { "sitting60", 100 }, { "sitting61", 100 }, { "sitting62", 100 },
	{ "sitting63", 100 }, { "sitting64", 100 }, { "sitting65", 94 }, { "sitting66", 100 },
	{ "sitting67", 86 }, { "sitting68", 92 }, { "sitting69", 96 },
	{ "sitting70", 98 }, { "sitting71", 95 }, { "sitting72", 100 }, { "sitting73", 100 }, { "sitting74", 97 },
	{ "sitting75", 97 }, { "sitting76", 97 }, { "sitting77", 100 }, { "sitting78", 98 }, { "sitting79", 94 },
	{ "sitting80", 100 }, { "sitting81", 98 }, { "sitting82", 98 }, { "sitting83", 100 }, { "sitting84", 98 },
	{ "sitting85", 100 }, { "sitting86", 92 }, { "sitting87", 98 }, { "sitting88", 100 }, { "sitting89", 94 }, { "sitting90", 95 }, { "sitting91", 96 }, { "sitting92", 92 }, { "sitting93", 100 }, { "sitting94", 100 }, { "sitting95", 98 }, { "sitting96", 97 }, { "sitting97", 100 }, { "sitting98", 100 }, { "sitting99", 92 }, { "sitting100", 95 }, { "sitting101", 97 }, { "sitting102", 100 }, { "sitting103", 95 }, { "sitting104", 90 }, { "sitting105", 100 }, { "sitting106", 80 }, { "sitting107", 95 }, { "sitting108", 92 }, { "sitting109", 95 }, { "sitting110", 87 }, { "sitting111", 95 }, { "sitting112", 100 }, { "sitting113", 97 }, { "sitting114", 97 }, { "sitting115", 95 }, { "sitting116", 92 }, { "sitting117", 100 }, { "sitting118", 95 }, { "sitting119", 97 }, { "sitting120", 97 }, { "sitting121", 95 }, { "sitting122", 95 }, { "sitting123", 97 }, { "sitting124", 97 }, { "sitting125", 95 }, { "sitting126", 87 }, { "sitting127", 90 }, { "sitting128", 97 }, { "sitting129", 92 }, { "sitting130", 97 }, { "sitting131", 100 }, { "sitting132", 95 }, { "sitting133", 100 }, { "sitting134", 92 }, { "sitting135", 90 }, { "sitting136", 97 }, { "sitting137", 95 }, { "sitting138", 97 }, { "sitting139", 95 }, { "sitting140", 97 }, { "sitting141", 100 }, { "sitting142", 97 }, { "sitting143", 97 }, { "sitting144", 90 }, { "sitting145", 95 }, { "sitting146", 82 }, { "sitting147", 100 }, { "sitting148", 92 }, { "sitting149", 90 }, { "sitting150", 95 }, { "sitting151", 97 }, { "sitting152", 97 }, { "sitting153", 82 }, { "sitting154", 100 }, { "sitting155", 92 }, { "sitting156", 100 }, { "sitting157", 97 }, { "sitting158", 97 }, { "sitting159", 100 }, { "sitting160", 85 }, { "sitting161", 97 }, { "sitting162", 92 }, { "sitting163", 95 }, { "sitting164", 100 }, { "sitting165", 95 }, { "sitting166", 87 }, { "sitting167", 85 }, { "sitting168", 97 }, { "sitting169", 97 }, { "sitting170", 97 }, { "sitting171", 97 }, { "sitting172", 100 }, { "sitting173", 97 }, { "sitting174", 97 }, { "sitting175", 97 }, { "sitting176", 92 }, { "sitting177", 97 }, { "sitting178", 97 }, { "sitting179", 100 }, { "sitting180", 100 }, { "sitting181", 97 }, { "sitting182", 100 }, { "sitting183", 87 }, { "sitting184", 97 }, { "sitting185", 97 }, { "sitting186", 95 }, { "sitting187", 100 }, { "sitting188", 97 }, { "sitting189", 97 }, { "sitting190", 95 }, { "sitting191", 97 }, { "sitting192", 90 }, { "sitting193", 97 }, { "sitting194", 95 }, { "sitting195", 100 }, { "sitting196", 100 }, { "sitting197", 97 }, { "sitting198", 100 }, { "sitting199", 97 }, { "sitting200", 100 }, { "sitting201", 97 }, { "sitting202", 95 }, { "sitting203", 92 }, { "sitting204", 100 }, { "sitting205", 95 }, { "sitting206", 97 }, { "sitting207", 100 }, { "sitting208", 90 }, { "sitting209", 87 }, { "sitting210", 97 }, { "sitting211", 92 }, { "sitting212", 90 }, { "sitting213", 85 }, { "sitting214", 97 }, { "sitting215", 95 }, { "sitting216", 95 }, { "sitting217", 97 }, { "sitting218", 97 }, { "sitting219", 90 }, { "sitting220", 97 }, { "sitting221", 95 }, { "sitting222", 100 }, { "sitting223", 97 }, { "sitting224", 92 }, { "sitting225", 100 }, { "sitting226", 87 }, { "sitting227", 87 }, { "sitting228", 95 }, { "sitting229", 90 }, { "sitting230", 82 }, { "sitting231", 87 }, { "sitting232", 95 }, { "sitting233", 90 }, { "sitting234", 100 }, { "sitting235", 97 }, { "sitting236", 77 }, { "sitting237", 97 }, { "sitting238", 87 }, { "sitting239", 95 }, { "sitting240", 92 }, { "sitting241", 97 }, { "sitting242", 90 }, { "sitting243", 97 }, { "sitting244", 92 }, { "sitting245", 95 }, { "sitting246", 90 }, { "sitting247", 95 }, { "sitting248", 97 }, { "sitting249", 90 }, { "sitting250", 100 }, { "sitting251", 97 }, { "sitting252", 87 }, { "sitting253", 100 }, { "sitting254", 100 }, { "sitting255", 100 }, { "sitting256", 90 }, { "sitting257", 92 }, { "sitting258", 92 }, { "sitting259", 87 }, { "sitting260", 100 }, { "sitting261", 100 }, { "sitting262", 100 }, { "sitting263", 97 }, { "sitting264", 100 }, { "sitting265", 92 }, { "sitting266", 95 }, { "sitting267", 97 }, { "sitting268", 100 }, { "sitting269", 97 }, { "sitting270", 92 }, { "sitting271", 95 }, { "sitting272", 97 }, { "sitting273", 100 }, { "sitting274", 97 }, { "sitting275", 97 }, { "sitting276", 92 }, { "sitting277", 95 }, { "sitting278", 92 }, { "sitting279", 100 }, { "sitting280", 95 }, { "sitting281", 90 }, { "sitting282", 97 }, { "sitting283", 100 }, { "sitting284", 87 }, { "sitting285", 95 }, { "sitting286", 100 }, { "sitting287", 95 }, { "sitting288", 100 }, { "sitting289", 97 }, { "sitting290", 100 }, { "sitting291", 97 }, { "sitting292", 100 }, { "sitting293", 97 }, { "sitting294", 87 }, { "sitting295", 92 }, { "sitting296", 95 }, { "sitting297", 97 }, { "sitting298", 92 }, { "sitting299", 100 }, { "sitting300", 100 }, { "sitting303", 97 }, { "sitting304", 95 }, { "sitting305", 100 }, { "sitting306", 80 }, { "sitting307", 87 }, { "sitting308", 97 }, { "sitting309", 97 }, { "sitting310", 100 }, { "sitting302", 92 }, { "sitting301", 100 }, { "sitting311", 95 }, { "sitting312", 100 }, { "sitting313", 100 }, { "sitting314", 100 }, { "sitting315", 97 }, { "sitting316", 97 }, { "sitting317", 95 }, { "sitting318", 92 }, { "sitting319", 97 }, { "sitting320", 97 }, { "sitting321", 100 }, { "sitting322", 100 }, { "sitting323", 97 }, { "sitting324", 100 }, { "sitting325", 95 }, { "sitting326", 92 }, { "sitting327", 95 }, { "sitting328", 95 }, { "sitting329", 100 }, { "sitting330", 97 }, { "sitting331", 100 }, { "sitting332", 97 }, { "sitting333", 95 }, { "sitting334", 97 }, { "sitting335", 100 }, { "sitting336", 87 }, { "sitting337", 97 }, { "sitting338", 100 }, { "sitting339", 100 }, { "sitting340", 100 }, { "sitting341", 100 }, { "sitting342", 100 }, { "sitting343", 97 }, { "sitting344", 100 }, { "sitting345", 100 }, { "sitting346", 95 }, { "sitting347", 100 }, { "sitting348", 100 }, { "sitting349", 100 }, { "sitting350", 97 }, { "sitting351", 100 }, { "sitting352", 100 }, { "sitting353", 100 }, { "sitting354", 100 }, { "sitting355", 97 }, { "sitting356", 100 }, { "sitting357", 100 }, { "sitting358", 100 }, { "sitting359", 95 }, { "sitting360", 100 }, { "sitting361", 97 }, { "sitting362", 92 }, { "sitting363", 100 }, { "sitting364", 92 }, { "sitting365", 97 }, { "sitting366", 100 }, { "sitting367", 95 }, { "sitting368", 100 }, { "sitting369", 100 }, { "sitting370", 95 }, { "sitting371", 100 }, { "sitting372", 100 }, { "sitting373", 100 }, { "sitting374", 92 }, { "sitting375", 95 }, { "sitting376", 97 }, { "sitting377", 97 }, { "sitting378", 95 }, { "sitting379", 97 }, { "sitting380", 95 }, { "sitting381", 97 }, { "sitting382", 97 }, { "sitting383", 97 }, { "sitting384", 100 }, { "sitting385", 97 }, { "sitting386", 100 }, { "sitting387", 100 }, { "sitting388", 95 }, { "sitting389", 97 }, { "sitting390", 97 }, { "sitting391", 95 }, { "sitting392", 100 }, { "sitting393", 90 }, { "sitting394", 95 }, { "sitting395", 97 }, { "sitting396", 100 }, { "sitting397", 87 }, { "sitting398", 97 }, { "sitting399", 95 }, { "sitting400", 97 }, { "sitting401", 92 }, { "sitting402", 97 }, { "sitting403", 100 }, { "sitting404", 100 }, { "sitting405", 90 }, { "sitting406", 95 }, { "sitting407", 100 }, { "sitting408", 100 }, { "sitting409", 97 }, { "sitting410", 90 }, { "sitting411", 100 }, { "sitting412", 100 }, { "sitting413", 95 }, { "sitting414", 95 }, { "sitting415", 97 }, { "sitting416", 100 }, { "sitting417", 95 }, { "sitting418", 97 }, { "sitting419", 95 }, { "sitting420", 100 }, { "sitting421", 92 }, { "sitting422", 100 }, { "sitting423", 97 }, { "sitting424", 100 }, { "sitting425", 92 }, { "sitting426", 95 }, { "sitting427", 100 }, { "sitting428", 97 }, { "sitting429", 92 }, { "sitting430", 100 }, { "sitting431", 97 }, { "sitting432", 100 }, { "sitting433", 97 }, { "sitting434", 97 }, { "sitting435", 100 }, { "sitting436", 100 }, { "sitting437", 97 }, { "sitting438", 97 }, { "sitting439", 100 }, { "sitting440", 100 }, { "sitting441", 90 }, { "sitting442", 97 }, { "sitting443", 100 }, { "sitting444", 97 }, { "sitting445", 95 }, { "sitting446", 100 }, { "sitting447", 95 }, { "sitting448", 100 }, { "sitting449", 97 }, { "sitting450", 92 }, { "sitting451", 97 }, { "sitting452", 100 }, { "sitting453", 87 }, { "sitting454", 97 },
};

static int group_floor(const char *group)
{
	for (size_t i = 0; i < sizeof FLOORS / sizeof FLOORS[0]; i++)
		if (strcmp(group, FLOORS[i].group) == 0) return FLOORS[i].floor;
	return HIT_RATE_MIN;
}

struct corpus_line {
	char group[32], expected[256], apps[96], query[512];
	int line;
};

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t') s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
	return s;
}

static size_t read_corpus(struct corpus_line *out, size_t max)
{
	char path[4096], buf[1024];
	snprintf(path, sizeof path, "%s/tests/unit/planner/corpus.txt", getenv("AUTOPLAN_SRCDIR"));
	FILE *f = fopen(path, "r");
	cr_assert(f, "cannot read %s", path);
	size_t n = 0;
	for (int line = 1; fgets(buf, sizeof buf, f); line++) {
		char *s = trim(buf);
		if (!*s || *s == '#') continue;
		char *a = strchr(s, '|'), *b = a ? strchr(a + 1, '|') : NULL;
		cr_assert(a && b, "corpus line %d: want group | expected | request", line);
		*a = *b = '\0';
		cr_assert_lt(n, max, "corpus: more than %zu lines", max);
		struct corpus_line *c = &out[n++];
		memset(c, 0, sizeof *c);
		c->line = line;
		snprintf(c->group, sizeof c->group, "%s", trim(s));
		char *exp = trim(a + 1), *at = strncmp(exp, "chain:", 6) == 0 ? NULL : strchr(exp, '@');
		if (at) { *at = '\0'; snprintf(c->apps, sizeof c->apps, "%s", at + 1); }
		cr_assert_lt(strlen(exp), sizeof c->expected, "corpus line %d: the expected answer is too long", line);
		snprintf(c->expected, sizeof c->expected, "%s", exp);
		snprintf(c->query, sizeof c->query, "%s", trim(b + 1));
		cr_assert(strcmp(c->expected, "ambiguous") == 0 || strcmp(c->expected, "unresolved") == 0 ||
			strncmp(c->expected, "chain:", 6) == 0 || strncmp(c->expected, "unknown:", 8) == 0 || cat_task_find(&cat, c->expected) >= 0,
			"corpus line %d: unknown task %s", line, c->expected);
	}
	fclose(f);
	return n;
}

/* Two tasks plan the same chain when their steps have the same capabilities in the same order. */
static bool same_chain(int a, int b)
{
	const struct cat_task *x = &cat.tasks[a], *y = &cat.tasks[b];
	if (x->step_count != y->step_count) return false;
	for (uint32_t k = 0; k < x->step_count; k++)
		if (cat.steps[x->step_first + k].cap != cat.steps[y->step_first + k].cap) return false;
	return true;
}

/* The apps bound to the planned steps, each once, in step order: "mailA,driveB". */
static void bound_apps(struct json_object *plan, char *out, size_t cap)
{
	struct json_object *steps = at(plan, "steps");
	out[0] = '\0';
	for (size_t i = 0; i < json_object_array_length(steps); i++) {
		const char *a = jget_str(json_object_array_get_idx(steps, i), "app");
		if (!a) continue;
		char probe[32];
		snprintf(probe, sizeof probe, ",%s,", a);
		char have[128];
		snprintf(have, sizeof have, ",%s,", out);
		if (strstr(have, probe)) continue;
		size_t n = strlen(out);
		snprintf(out + n, cap - n, "%s%s", n ? "," : "", a);
	}
}

/* Whether the planned steps hold the chain "cap@app>cap@app..." in its order (other steps between). */
static bool plans_chain(struct json_object *plan, const char *chain)
{
	struct json_object *steps = at(plan, "steps");
	size_t i = 0, n = json_object_array_length(steps);
	char buf[512];
	snprintf(buf, sizeof buf, "%s", chain);
	for (char *save = NULL, *link = strtok_r(buf, ">", &save); link; link = strtok_r(NULL, ">", &save)) {
		char *app = strchr(link, '@');
		cr_assert(app, "chain link %s has no app", link);
		*app++ = '\0';
		for (; i < n; i++) {
			struct json_object *st = json_object_array_get_idx(steps, i);
			const char *cap = jget_str(st, "capability"), *a = jget_str(st, "app"), *kind = jget_str(st, "app_kind");
			/* "email.read@mail": a step of that kind no app was named for */
			if (cap && strcmp(cap, link) == 0 && (a ? strcmp(a, app) == 0 : kind && strcmp(kind, app) == 0)) break;
		}
		if (i++ >= n) return false;
	}
	return true;
}

static bool names_products(struct json_object *plan, const char *want);

/* What the planner made of c, and whether that is what the corpus expects. */
static bool corpus_hit(const struct corpus_line *c, char *got, size_t cap)
{
	struct json_object *q = json_object_new_object();
	json_object_object_add(q, "query", json_object_new_string(c->query));
	struct json_object *p = post_ok("/v2/workflows/plan", json_object_to_json_string(q));
	json_object_put(q);
	const char *status = sat(p, "status"), *task = jget_str(at(p, "task"), "id");
	char apps[128];
	bound_apps(p, apps, sizeof apps);
	bool hit;
	if (strncmp(c->expected, "chain:", 6) == 0) {
		hit = plans_chain(p, c->expected + 6);
		snprintf(got, cap, "%s%s%s", task ? task : status, *apps ? "@" : "", apps);
	} else if (strncmp(c->expected, "unknown:", 8) == 0) {
		hit = names_products(p, c->expected + 8);
		snprintf(got, cap, "%s%s%s", task ? task : status, *apps ? "@" : "", apps);
	} else if (strcmp(c->expected, "ambiguous") == 0 || strcmp(c->expected, "unresolved") == 0) {
		hit = strcmp(status, c->expected) == 0;
		snprintf(got, cap, "%s%s%s", task ? task : status, *apps ? "@" : "", apps);
	} else {
		int want = cat_task_find(&cat, c->expected), have = task ? cat_task_find(&cat, task) : -1;
		hit = have == want || (*c->apps && have >= 0 && same_chain(want, have));
		if (*c->apps) hit = hit && strcmp(apps, c->apps) == 0;
		snprintf(got, cap, "%s%s%s", task ? task : status, *apps ? "@" : "", apps);
	}
	json_object_put(p);
	return hit;
}

Test(plan, query_corpus_hit_rate, .init = setup, .fini = teardown)
{
	static struct corpus_line lines[24000];  /* (room to grow: the corpus holds about 16,200 lines in 520 groups) */
	size_t n = read_corpus(lines, sizeof lines / sizeof *lines), hits = 0;
	cr_assert_geq(n, 400, "the corpus holds %zu requests, fewer than 400", n);
	enum { MAX_GROUPS = 1024 };
	char groups[MAX_GROUPS][32];
	size_t ng = 0, gn[MAX_GROUPS] = { 0 }, gh[MAX_GROUPS] = { 0 };
	for (size_t i = 0; i < n; i++) {
		size_t g;
		for (g = 0; g < ng; g++) if (strcmp(groups[g], lines[i].group) == 0) break;
		if (g == ng) { cr_assert_lt(ng, MAX_GROUPS); memcpy(groups[ng++], lines[i].group, sizeof groups[0]); }
		char got[256];
		bool hit = corpus_hit(&lines[i], got, sizeof got);
		gn[g]++;
		gh[g] += hit;
		hits += hit;
		if (!hit)
			fprintf(stderr, "corpus miss (line %d, %s): \"%s\" -> %s, expected %s%s%s\n", lines[i].line,
				lines[i].group, lines[i].query, got, lines[i].expected, *lines[i].apps ? "@" : "", lines[i].apps);
	}
	for (size_t g = 0; g < ng; g++)
		fprintf(stderr, "corpus %-13s %3zu of %3zu  %5.1f%% (minimum %d%%)\n", groups[g], gh[g], gn[g],
			100.0 * (double)gh[g] / (double)gn[g], group_floor(groups[g]));
	fprintf(stderr, "corpus %-13s %3zu of %3zu  %5.1f%% (minimum %d%%)\n", "all", hits, n,
		100.0 * (double)hits / (double)n, HIT_RATE_MIN);
	cr_assert_geq(hits * 100, n * HIT_RATE_MIN, "corpus hit rate below %d%%", HIT_RATE_MIN);
	for (size_t g = 0; g < ng; g++)
		cr_assert_geq(gh[g] * 100, gn[g] * (size_t)group_floor(groups[g]), "corpus group %s below %d%%", groups[g],
			group_floor(groups[g]));
}

/* ---- real requests (the development set in ../shared/requests, read at test time, never copied) ---- */

/* Whether the plan lists every product of want ("a,b") in task.query.products_unknown. */
static bool names_products(struct json_object *plan, const char *want)
{
	struct json_object *q, *list;
	if (!json_object_object_get_ex(at(plan, "task"), "query", &q) || !json_object_object_get_ex(q, "products_unknown", &list))
		return false;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", want);
	for (char *save = NULL, *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		bool found = false;
		for (size_t i = 0; i < json_object_array_length(list) && !found; i++)
			found = strcmp(jget_str(json_object_array_get_idx(list, i), "name"), name) == 0;
		if (!found) return false;
	}
	return true;
}

/* How many products the plan names outside the catalog that labelled ("a,b", or "") does not: a
 * product read where the request names none is a wrong answer too. */
static int products_unlabelled(struct json_object *plan, const char *labelled)
{
	struct json_object *q, *list;
	if (!json_object_object_get_ex(at(plan, "task"), "query", &q) || !json_object_object_get_ex(q, "products_unknown", &list))
		return 0;
	int extra = 0;
	size_t n = strlen(labelled);
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		const char *name = jget_str(json_object_array_get_idx(list, i), "name");
		size_t len = strlen(name);
		bool found = false;
		for (const char *s = labelled; !found && (s = strstr(s, name)); s++)
			found = (s == labelled || s[-1] == ',') && (s + len == labelled + n || s[len] == ',');
		extra += !found;
	}
	return extra;
}

/* One labelled request: a task id, ambiguous, unresolved, chain:..., or unknown:products. */
static bool request_hit(const char *query, const char *expected, int *extra)
{
	struct json_object *p = post_query("/v2/workflows/plan", query);
	*extra = products_unlabelled(p, strncmp(expected, "unknown:", 8) == 0 ? expected + 8 : "");
	const char *status = sat(p, "status"), *task = jget_str(at(p, "task"), "id");
	bool hit;
	if (strcmp(expected, "ambiguous") == 0 || strcmp(expected, "unresolved") == 0) hit = strcmp(status, expected) == 0;
	else if (strncmp(expected, "chain:", 6) == 0) hit = plans_chain(p, expected + 6);
	else if (strncmp(expected, "unknown:", 8) == 0) hit = names_products(p, expected + 8);
	else {
		hit = task && strcmp(task, expected) == 0;
		struct json_object *q, *eq;
		if (!hit && json_object_object_get_ex(at(p, "task"), "query", &q) && json_object_object_get_ex(q, "equivalent_tasks", &eq))
			for (size_t i = 0; i < json_object_array_length(eq) && !hit; i++)
				hit = strcmp(json_object_get_string(json_object_array_get_idx(eq, i)), expected) == 0;
	}
	json_object_put(p);
	return hit;
}

/* The rate reached so far per kind, in percent: a drop below it fails. The goal is 95 in every kind;
 * the figures printed say how far each kind is from it. */
static const struct { const char *kind; int floor; } REAL_FLOORS[] = {
	{ "task", 97 }, { "product_outside", 99 }, { "action_outside", 96 }, { "trigger_action", 88 } };
#define REAL_GOAL 95
/* Lines where a product the label does not name is read (at most this many, as reached so far:
 * "Word-Dokument"; "n8n-Workflow", the runtime a workflow runs in, is no product since roles.runtime). */
#define REAL_UNLABELLED_MAX 1

Test(plan, real_requests_development_set, .init = setup, .fini = teardown)
{
	char path[4096], line[2048];
	snprintf(path, sizeof path, "%s/../shared/requests/templates.tsv", getenv("AUTOPLAN_SRCDIR"));
	FILE *f = fopen(path, "r");
	if (!f) cr_skip_test("%s is absent: the development set of real requests lives beside the source tree", path);
	enum { NK = sizeof REAL_FLOORS / sizeof *REAL_FLOORS };
	size_t n[NK] = { 0 }, h[NK] = { 0 }, de_n = 0, de_h = 0, unlabelled = 0;
	cr_assert(fgets(line, sizeof line, f), "empty %s", path);
	cr_assert(strncmp(line, "phrasing\texpected\tkind\t", 23) == 0, "%s: unexpected header", path);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		char *save = NULL, *query = strtok_r(line, "\t", &save), *expected = strtok_r(NULL, "\t", &save);
		char *kind = strtok_r(NULL, "\t", &save), *source = strtok_r(NULL, "\t", &save), *notes = strtok_r(NULL, "\t", &save);
		cr_assert(query && expected && kind && source, "%s: a line without its columns", path);
		size_t k = 0;
		while (k < NK && strcmp(REAL_FLOORS[k].kind, kind) != 0) k++;
		cr_assert_lt(k, NK, "%s: unknown kind %s", path, kind);
		int extra;
		bool hit = request_hit(query, expected, &extra), de = notes && strncmp(notes, "lang=de", 7) == 0;
		if (extra) fprintf(stderr, "real requests: a product the label does not name is read in \"%s\"\n", query);
		unlabelled += extra > 0;
		n[k]++;
		h[k] += hit;
		de_n += de;
		de_h += de && hit;
	}
	fclose(f);
	size_t all = 0, all_h = 0;
	for (size_t k = 0; k < NK; k++) {
		all += n[k];
		all_h += h[k];
		fprintf(stderr, "real requests %-16s %3zu of %3zu  %5.1f%% (floor %d%%, goal %d%%)\n", REAL_FLOORS[k].kind, h[k], n[k],
			n[k] ? 100.0 * (double)h[k] / (double)n[k] : 0.0, REAL_FLOORS[k].floor, REAL_GOAL);
	}
	fprintf(stderr, "real requests %-16s %3zu of %3zu  %5.1f%%\n", "german", de_h, de_n, de_n ? 100.0 * (double)de_h / (double)de_n : 0.0);
	fprintf(stderr, "real requests %-16s %3zu of %3zu  %5.1f%%\n", "all", all_h, all, all ? 100.0 * (double)all_h / (double)all : 0.0);
	fprintf(stderr, "real requests %-16s %3zu lines (at most %d)\n", "unlabelled product", unlabelled, REAL_UNLABELLED_MAX);
	cr_assert_gt(all, 200, "the development set holds %zu requests", all);
	cr_assert_leq(unlabelled, (size_t)REAL_UNLABELLED_MAX, "products read that no label names, in %zu lines", unlabelled);
	for (size_t k = 0; k < NK; k++)
		cr_assert_geq(h[k] * 100, n[k] * (size_t)REAL_FLOORS[k].floor, "real requests of kind %s below their floor of %d%%",
			REAL_FLOORS[k].kind, REAL_FLOORS[k].floor);
}

/* A product outside the catalog is a caller-side step of the plan, after the catalog's steps when the
 * request acts in it, before them when it is the source; read_only leaves the writing one out. */
/* An address whose first label names an app ("Outlook.com"), a file name ("report.pdf", "Node.js") and a mail
 * address are no website. */
Test(plan, addresses_that_are_no_website, .init = setup, .fini = teardown)
{
	static const char *const queries[] = { "search my Outlook.com inbox for the booking confirmation",
		"save report.pdf to Google Drive", "a Node.js script that sends Gmail emails",
		"email bob@example.com from Gmail" };
	for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
		struct json_object *b = json_object_new_object();
		json_object_object_add(b, "query", json_object_new_string(queries[i]));
		struct json_object *p = post_ok("/v2/workflows/plan", json_object_to_json_string(b));
		json_object_put(b);
		cr_assert_eq(json_object_array_length(at(at(at(p, "task"), "query"), "products_unknown")), 0u, "%s", queries[i]);
		json_object_put(p);
	}
}

/* Whether some step of the plan has member key equal to value. */
static bool some_step(struct json_object *plan, const char *key, const char *value)
{
	struct json_object *steps = at(plan, "steps"), *v;
	for (size_t s = 0; s < json_object_array_length(steps); s++)
		if (json_object_object_get_ex(json_object_array_get_idx(steps, s), key, &v) && json_object_is_type(v, json_type_string) &&
		    strcmp(json_object_get_string(v), value) == 0)
			return true;
	return false;
}

/* A phrase read across a gap opening with "of" is none: "a summary of all the complaint emails" is no "summary email",
 * nothing is sent. */
Test(plan, a_gap_opening_with_of_holds_an_object, .init = setup, .fini = teardown)
{
	static const char *const queries[] = { "every friday give me a summary of all the tenant complaint emails in the Outlook shared inbox",
		"a ChatGPT summary of each long Outlook email, three bullet points max" };
	for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", queries[i]);
		cr_assert(!some_step(p, "capability", "email.send"), "%s: %s", queries[i], json_object_to_json_string(at(p, "steps")));
		json_object_put(p);
	}
}

/* A verb making the thing a task writes on the caller's side is that task's step, no further action in an app of the
 * calendar or mail named: "make tasks" creates no calendar event, "create the order in our ERP" no Outlook event. */
Test(plan, the_callers_own_writing_is_no_further_action, .init = setup, .fini = teardown)
{
	static const char *const queries[] = {
		"After each weekly standup in Google Calendar, pull out the action items, figure out who owns each one and make tasks for them",
		"Orders arrive by mail in Outlook. Read the items and create the order in our ERP" };
	for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", queries[i]);
		cr_assert(!some_step(p, "capability", "calendar.event.create"), "%s: %s", queries[i], json_object_to_json_string(at(p, "steps")));
		cr_assert(!some_step(p, "capability", "email.send"), "%s", queries[i]);
		json_object_put(p);
	}
}

/* Messages from a product whose kind holds messages are its own: the product is named, as a source; e-mails from
 * it are mail it sent, read from the mail app. */
Test(plan, messages_from_a_messenger_are_its_own, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan", "can tenant messages from WhatsApp land in my Gmail so everything is in one place?");
	cr_assert(names_products(p, "whatsapp"), "%s", json_object_to_json_string(at(p, "task")));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "save Gmail emails from Slack to Google Drive");
	cr_assert_eq(json_object_array_length(at(at(at(p, "task"), "query"), "products_unknown")), 0u, "%s",
		json_object_to_json_string(at(p, "task")));
	cr_assert(some_step(p, "capability", "email.search"));
	json_object_put(p);
}

/* "a Slack message" is Slack's, no e-mail; "for each new GitHub issue" reads the issues the product acts on. */
Test(plan, product_things_and_their_triggers, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan", "Send a Slack message when a new file is uploaded to OneDrive");
	cr_assert(!some_step(p, "app_kind", "mail"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "capability", "file.read"));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "Create a Trello card for each new GitHub issue");
	cr_assert(!some_step(p, "capability", "issue.create"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "capability", "issue.read"));
	json_object_put(p);
}

/* Whether the array holds the string. */
static bool has_str(struct json_object *arr, const char *s)
{
	for (size_t k = 0; k < json_object_array_length(arr); k++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(arr, k)), s) == 0) return true;
	return false;
}

/* The words a chain's steps answer are matched, whatever chose the steps: its verbs (also one writing into a product
 * outside the catalog), its trigger and the words of a trigger's clause; a word nothing reads stays unmatched. */
Test(plan, words_the_steps_answer_are_matched, .init = setup, .fini = teardown)
{
	static const struct { const char *q, *matched, *unmatched; } cases[] = {
		{ "Send new Gmail emails to a Slack channel", "send", NULL },
		{ "Send new Gmail emails to a Slack channel", "new", NULL },
		{ "When a new row is added in Google Sheets, frobnicate a Google Calendar event", "added", "frobnicate" },
		{ "Wenn eine neue Zeile in Google Sheets hinzugefügt wird, einen Termin im Google Kalender anlegen", "hinzugefugt", NULL },
		{ "When a new GitHub issue is created, send a Gmail message to the team", "created", NULL },
		{ "save Outlook attachments to OneDrive and then email the sender a confirmation", "email", "confirmation" } };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", cases[i].q), *q = at(at(p, "task"), "query");
		cr_assert(has_str(at(q, "matched_words"), cases[i].matched), "%s: %s", cases[i].q, json_object_to_json_string(q));
		cr_assert(!has_str(at(q, "unmatched_words"), cases[i].matched), "%s", cases[i].q);
		cr_assert(!has_str(at(q, "matched_words"), "the"), "%s: a small word is no match", cases[i].q);
		if (cases[i].unmatched)
			cr_assert(has_str(at(q, "unmatched_words"), cases[i].unmatched), "%s: %s", cases[i].q, json_object_to_json_string(q));
		json_object_put(p);
	}
}

/* A schedule changes no step: the steps are those of the request without it; the schedule is named with its note. */
Test(plan, a_schedule_is_named_and_changes_no_step, .init = setup, .fini = teardown)
{
	static const struct { const char *with, *without, *words; } cases[] = {
		{ "Every day, save new Gmail attachments to Google Drive", "save new Gmail attachments to Google Drive", "every day" },
		{ "Daily email summary of my Google Calendar events via Gmail", "email summary of my Google Calendar events via Gmail", "daily" },
		{ "Jeden Morgen neue Outlook-Mails in Excel eintragen", "neue Outlook-Mails in Excel eintragen", "jeden morgen" },
		{ "Copy new Dropbox files to OneDrive once a week", "Copy new Dropbox files to OneDrive", "once a week" } };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct json_object *a = post_query("/v2/workflows/plan", cases[i].with), *b = post_query("/v2/workflows/plan", cases[i].without);
		struct json_object *s = at(at(at(a, "task"), "query"), "schedule");
		cr_assert_str_eq(sat(s, "words"), cases[i].words, "%s", cases[i].with);
		cr_assert(strstr(sat(at(s, "note"), "en"), "schedule"), "%s", cases[i].with);
		cr_assert_str_eq(json_object_to_json_string(at(a, "steps")), json_object_to_json_string(at(b, "steps")), "%s", cases[i].with);
		cr_assert_str_eq(json_object_to_json_string(at(at(at(a, "task"), "query"), "unmatched_words")),
			json_object_to_json_string(at(at(at(b, "task"), "query"), "unmatched_words")), "%s", cases[i].with);
		cr_assert(json_object_is_type(at(at(at(b, "task"), "query"), "schedule"), json_type_null), "%s", cases[i].without);
		json_object_put(a);
		json_object_put(b);
	}
}

/* A chain's first verb is its write, no further action of its own; a task's first verb it does nothing of is one. */
Test(plan, first_verb_of_a_chain_or_a_task, .init = setup, .fini = teardown)
{
	static const struct { const char *q; const char *last; size_t steps; } cases[] = {
		{ "Save new Google Calendar events to Excel", "spreadsheet.rows.append", 3 },
		{ "Create an Excel row for every new GitHub issue", "spreadsheet.rows.append", 3 },
		{ "email me a list of my Outlook meetings", "email.send", 2 } };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", cases[i].q), *steps = at(p, "steps");
		size_t n = json_object_array_length(steps);
		cr_assert_eq(n, cases[i].steps, "%s: %s", cases[i].q, json_object_to_json_string(steps));
		cr_assert_str_eq(sat(json_object_array_get_idx(steps, n - 1), "capability"), cases[i].last, "%s", cases[i].q);
		cr_assert_str_eq(sat(p, "status"), "needs_scopes", "%s", cases[i].q);
		json_object_put(p);
	}
}

/* A calendar's reminder made by a verb making events is the event's own: no mail is sent, no mail app asked for. */
Test(plan, a_calendar_reminder_is_no_mail, .init = setup, .fini = teardown)
{
	static const char *const cases[] = { "When a file is added to a Google Drive folder, create an Outlook calendar reminder",
		"Read the payments from the Excel workbook and create a Google Calendar reminder for each due date",
		"For every row in our Google Sheet of due dates, add a Google Calendar reminder" };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", cases[i]), *steps = at(p, "steps");
		cr_assert_str_eq(sat(p, "status"), "needs_scopes", "%s", cases[i]);
		size_t n = json_object_array_length(steps);
		cr_assert_str_eq(sat(json_object_array_get_idx(steps, n - 1), "capability"), "calendar.event.create", "%s", cases[i]);
		for (size_t k = 0; k < n; k++)
			cr_assert_str_neq(sat(json_object_array_get_idx(steps, k), "capability"), "email.send", "%s", cases[i]);
		json_object_put(p);
	}
}

Test(plan, products_outside_are_caller_steps, .init = setup, .fini = teardown)
{
	static const struct { const char *q; const char *product; bool first; } cases[] = {
		{ "Send new Gmail emails to a Slack channel", "slack", false },
		{ "record Jira issues in Google Sheets", "jira", true },
		/* a product named before the one app a strong marker or an arrow names is its source, verb or none */
		{ "Typeform to Google Sheets", "typeform", true },
		{ "Shopify -> Google Sheets", "shopify", true },
		{ "Notion to Google Calendar", "notion", true },
		/* a website named by its address is a product too, named as written */
		{ "post new GitHub releases to News.YCombinator.com", "news.ycombinator.com", false } };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		for (int ro = 0; ro < 2; ro++) {
			struct json_object *b = json_object_new_object();
			json_object_object_add(b, "query", json_object_new_string(cases[i].q));
			json_object_object_add(b, "read_only", json_object_new_boolean(ro));
			struct json_object *p = post_ok("/v2/workflows/plan", json_object_to_json_string(b));
			json_object_put(b);
			struct json_object *steps = at(p, "steps"), *left = at(p, "left_out");
			size_t n = json_object_array_length(steps);
			cr_assert_gt(n, ro ? 0u : 1u, "%s: no catalog step planned", cases[i].q);
			cr_assert_str_eq(sat(p, "status"), "outside_catalog", "%s", cases[i].q);
			int at_product = -1;
			for (size_t s = 0; s < n; s++) {
				struct json_object *st = json_object_array_get_idx(steps, s), *pr;
				if (ro) cr_assert(!json_object_get_boolean(at(st, "write")), "%s: read_only planned a write step", cases[i].q);
				if (!json_object_object_get_ex(st, "product", &pr)) continue;
				cr_assert_str_eq(jget_str(pr, "name"), cases[i].product);
				cr_assert_str_eq(sat(st, "state"), "outside_catalog");
				cr_assert_str_eq(sat(st, "done_by"), "caller");
				cr_assert(is_null(st, "capability"));
				at_product = (int)s;
			}
			bool left_out = false;
			for (size_t s = 0; s < json_object_array_length(left); s++) {
				struct json_object *pr;
				if (json_object_object_get_ex(json_object_array_get_idx(left, s), "product", &pr))
					left_out |= strcmp(jget_str(pr, "name"), cases[i].product) == 0;
			}
			if (ro && !cases[i].first) {
				cr_assert_eq(at_product, -1, "%s: read_only kept the product step", cases[i].q);
				cr_assert(left_out, "%s: the product step is not in left_out", cases[i].q);
			} else {
				cr_assert_eq(at_product, cases[i].first ? 0 : (int)n - 1, "%s: the product step at %d", cases[i].q, at_product);
			}
			json_object_put(p);
		}
	}
}

Test(plan, unrelated_queries_stay_unresolved, .init = setup, .fini = teardown)
{
	static const char *const q[] = { "bake a chocolate cake", "wie wird das Wetter morgen", "zzzz qqqq", "the", "" };
	for (size_t i = 0; i < sizeof q / sizeof *q; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", q[i]);
		cr_assert_str_eq(sat(p, "status"), "unresolved", "\"%s\"", q[i]);
		cr_assert_eq(json_object_array_length(at(p, "steps")), 0);
		cr_assert_str_eq(sat(at(p, "task"), "kind"), "none");
		json_object_put(p);
		p = post_query("/v2/workflows/snapshot", q[i]);
		cr_assert(is_null(p, "snapshot"));
		json_object_put(p);
	}
}

Test(plan, ties_are_ambiguous_not_guessed, .init = setup, .fini = teardown)
{
	static const char *const q[] = { "find emails", "Kalender" };
	for (size_t i = 0; i < 2; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", q[i]);
		cr_assert_str_eq(sat(p, "status"), "ambiguous", "%s", q[i]);
		cr_assert_eq(json_object_array_length(at(p, "steps")), 0);
		cr_assert_geq(json_object_array_length(at(at(at(p, "task"), "query"), "candidates")), 2);
		json_object_put(p);
		p = post_query("/v2/workflows/snapshot", q[i]);
		cr_assert(is_null(p, "snapshot"));
		json_object_put(p);
	}
	struct json_object *p = post_ok("/v2/workflows/plan", "{\"query\":\"find emails\"}");
	struct json_object *cand = at(at(at(p, "task"), "query"), "candidates");
	cr_assert(arr_has(cand, "mailA-find") && arr_has(cand, "mailB-find"));
	json_object_put(p);
	/* naming the app settles it */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"find emails in mail b\"}");
	cr_assert_str_eq(sat(at(p, "task"), "id"), "mailB-find");
	json_object_put(p);
}

/* Tied tasks that become the same steps once the named apps are bound are one answer: planned, listed as
 * equivalent, and as sure as a resolution with a lead, never 0 (which says "undecided"). */
Test(plan, settled_ties_are_as_sure_as_a_lead, .init = setup, .fini = teardown)
{
	static const char *const q[] = { "copy files from Dropbox to OneDrive", "Gmail Anh\u00e4nge in OneDrive speichern" };
	for (size_t i = 0; i < 2; i++) {
		struct json_object *p = post_query("/v2/workflows/plan", q[i]);
		struct json_object *t = at(p, "task"), *query = at(t, "query");
		cr_assert_neq(strcmp(sat(p, "status"), "ambiguous"), 0, "%s", q[i]);
		cr_assert_geq(json_object_array_length(at(query, "equivalent_tasks")), 2, "%s: no settled tie", q[i]);
		cr_assert_eq(json_object_get_int(at(query, "score")), json_object_get_int(at(query, "runner_up_score")));
		double conf = json_object_get_double(at(t, "confidence"));
		cr_assert_gt(conf, 0.0, "%s: confidence %.2f", q[i], conf);
		cr_assert_leq(conf, 1.0);
		json_object_put(p);
	}
	/* a real tie stays at 0 */
	struct json_object *p = post_ok("/v2/workflows/plan", "{\"query\":\"find emails\"}");
	cr_assert_eq(json_object_get_double(at(at(p, "task"), "confidence")), 0.0);
	json_object_put(p);
}

Test(plan, query_binds_apps_and_reports_how, .init = setup, .fini = teardown)
{
	struct json_object *p = post_ok("/v2/workflows/plan", "{\"query\":\"Rechnungen aus Mail B in Drive C ablegen\"}");
	struct json_object *t = at(p, "task");
	cr_assert_str_eq(sat(t, "id"), "file-invoices");
	cr_assert_str_eq(sat(t, "resolved_by"), "query");
	cr_assert(named(at(at(t, "query"), "apps_named"), "mailB"));
	cr_assert(arr_has(at(at(t, "query"), "matched_words"), "rechnungen"));
	struct json_object *steps = at(p, "steps");
	cr_assert_str_eq(sat(json_object_array_get_idx(steps, 0), "app"), "mailB");
	cr_assert_str_eq(sat(json_object_array_get_idx(steps, 0), "app_source"), "query");
	cr_assert_str_eq(sat(step_of(p, "file.upload"), "app"), "driveC");
	json_object_put(p);
	/* task_id wins over query */
	p = post_ok("/v2/workflows/plan", "{\"task_id\":\"mailA-send\",\"query\":\"Rechnungen ablegen\"}");
	cr_assert_str_eq(sat(at(p, "task"), "id"), "mailA-send");
	cr_assert_str_eq(sat(at(p, "task"), "resolved_by"), "task_id");
	json_object_put(p);
	/* a phrase may have stop words and app names between its words; no task plans file.delete, so deleting is an
	 * action no task performs: unresolved, the documented capability named beside the action */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"Datei in Drive C löschen\"}");
	cr_assert_str_eq(sat(p, "status"), "unresolved");
	cr_assert_str_eq(sat(at(p, "task"), "kind"), "none");
	cr_assert(arr_has(at(at(at(p, "task"), "query"), "capabilities_named"), "file.delete"));
	struct json_object *a0 = json_object_array_get_idx(at(at(at(p, "task"), "query"), "actions_outside"), 0);
	cr_assert_str_eq(sat(a0, "action"), "delete");
	cr_assert_str_eq(sat(a0, "capability"), "file.delete");
	cr_assert_eq(json_object_array_length(at(p, "steps")), 0);
	cr_assert(strstr(sat(at(p, "status_text"), "en"), "documents the capability"));
	json_object_put(p);
	/* without an action word, the action linked to the capability is named by the phrase's words */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"move the invoice to another folder in drive C\"}");
	cr_assert_str_eq(sat(p, "status"), "unresolved");
	a0 = json_object_array_get_idx(at(at(at(p, "task"), "query"), "actions_outside"), 0);
	cr_assert_str_eq(sat(a0, "action"), "update_file");
	cr_assert_str_eq(sat(a0, "capability"), "file.update");
	json_object_put(p);
	/* a further verb asking it is no step after the task: the task is the nearest, nothing is planned */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"find the budget file in drive B and update it\"}");
	cr_assert_str_eq(sat(p, "status"), "unresolved");
	cr_assert_eq(json_object_array_length(at(p, "steps")), 0);
	cr_assert_eq(json_object_array_length(at(at(at(p, "task"), "query"), "also_asked")), 0);
	a0 = json_object_array_get_idx(at(at(at(p, "task"), "query"), "actions_outside"), 0);
	cr_assert_str_eq(sat(a0, "capability"), "file.update");
	cr_assert_str_eq(sat(a0, "words"), "update");
	cr_assert(arr_has(at(at(at(p, "task"), "query"), "nearest_tasks"), "driveB-search"));
	json_object_put(p);
	/* an action no capability documents names none */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"archive old emails in Mail A\"}");
	a0 = json_object_array_get_idx(at(at(at(p, "task"), "query"), "actions_outside"), 0);
	cr_assert_str_eq(sat(a0, "action"), "archive");
	cr_assert(is_null(a0, "capability"));
	cr_assert(!strstr(sat(at(p, "status_text"), "en"), "documents the capability"));
	json_object_put(p);
	/* a transfer between two drives asks no file.update: the copy task */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"move my files from Drive B to Drive C\"}");
	cr_assert_str_eq(sat(at(p, "task"), "id"), "driveB-to-driveC");
	json_object_put(p);
	/* sending a file needs its path: the search that finds it comes first */
	p = post_ok("/v2/workflows/plan", "{\"query\":\"download the Drive C file and email it with Mail A\"}");
	cr_assert_str_eq(sat(at(p, "task"), "kind"), "capability_chain");
	cr_assert(is_null(at(p, "task"), "id"));
	cr_assert_str_eq(sat(json_object_array_get_idx(at(p, "steps"), 0), "capability"), "file.search");
	cr_assert_str_eq(sat(json_object_array_get_idx(at(p, "steps"), 0), "added"), "find_before_act");
	cr_assert_str_eq(sat(json_object_array_get_idx(at(p, "steps"), 1), "capability"), "file.read");
	cr_assert_str_eq(sat(step_of(p, "email.send"), "app"), "mailA");
	json_object_put(p);
}

/* ---- snapshot -> change impact against a second, modified catalog ---- */

static struct json_object *read_json(const char *dir, const char *file)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	struct json_object *o = json_object_from_file(path);
	cr_assert(o, "cannot read %s", path);
	return o;
}

static void write_json(const char *dir, const char *file, struct json_object *o)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	cr_assert_eq(json_object_to_file_ext(path, o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE), 0);
	json_object_put(o);
}

static struct json_object *find_op(struct json_object *app, const char *id, size_t *idx)
{
	struct json_object *ops = jget(app, "operations");
	for (size_t i = 0; i < json_object_array_length(ops); i++)
		if (strcmp(jget_str(json_object_array_get_idx(ops, i), "id"), id) == 0) {
			if (idx) *idx = i;
			return json_object_array_get_idx(ops, i);
		}
	cr_assert_fail("operation %s not found", id);
	return NULL;
}

/* The compiler recomputes the semantic hash when the stored one is absent. */
static void drop_hash(struct json_object *op)
{
	json_object_object_del(jget(op, "evidence"), "semantic_sha256");
}

/* Copies catalog/ to dir and changes: driveB upload scopes narrowed, sheetsA append scopes widened,
 * mailA attachment download renamed (so the snapshot's one is removed), calendarA insert path altered
 * (hash only), driveA list revision moved, catalog_version moved. */
static void build_modified(const char *dir, const char *out)
{
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cp -R '%s/catalog/.' '%s/'", getenv("AUTOPLAN_SRCDIR"), dir);
	cr_assert_eq(system(cmd), 0);
	struct json_object *a = read_json(dir, "apps/driveB.json"), *op = find_op(a, "driveitem-put-content", NULL);
	struct json_object *sc = json_object_new_array();
	json_object_array_add(sc, json_object_new_string("Files.ReadWrite"));
	json_object_array_add(sc, json_object_new_string("Files.ReadWrite.All"));
	json_object_object_add(op, "scope_alternatives", sc);
	drop_hash(op);
	write_json(dir, "apps/driveB.json", a);
	a = read_json(dir, "apps/sheetsA.json");
	op = find_op(a, "sheets.spreadsheets.values.append", NULL);
	json_object_array_add(jget(op, "scope_alternatives"), json_object_new_string("https://www.googleapis.com/auth/drive.readonly"));
	drop_hash(op);
	write_json(dir, "apps/sheetsA.json", a);
	a = read_json(dir, "apps/mailA.json");
	op = find_op(a, "mailA.users.messages.attachments.get", NULL);
	json_object_object_add(op, "id", json_object_new_string("mailA.users.messages.attachments.fetch"));
	drop_hash(op);
	write_json(dir, "apps/mailA.json", a);
	a = read_json(dir, "operation_inputs.json");
	struct json_object *ins = jget(a, "operations");
	for (size_t i = 0; i < json_object_array_length(ins); i++)
		if (strcmp(jget_str(json_object_array_get_idx(ins, i), "operation"), "mailA.users.messages.attachments.get") == 0)
			json_object_object_add(json_object_array_get_idx(ins, i), "operation",
				json_object_new_string("mailA.users.messages.attachments.fetch"));
	write_json(dir, "operation_inputs.json", a);
	a = read_json(dir, "apps/calendarA.json");
	op = find_op(a, "calendar.events.insert", NULL);
	json_object_object_add(op, "path", json_object_new_string("calendars/{calendarId}/events/import"));
	drop_hash(op);
	write_json(dir, "apps/calendarA.json", a);
	a = read_json(dir, "apps/driveA.json");
	op = find_op(a, "drive.files.list", NULL);
	json_object_object_add(jget(op, "evidence"), "revision", json_object_new_string("29991231"));
	write_json(dir, "apps/driveA.json", a);
	a = read_json(dir, "versions.json");
	json_object_object_add(a, "catalog_version", json_object_new_string("2999-01-01.1"));
	write_json(dir, "versions.json", a);
	char err[1024];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), 0, "second catalog: %s", err);
}

static struct json_object *snapshot_of(const char *body)
{
	struct json_object *o = post_ok("/v2/workflows/snapshot", body);
	struct json_object *s = json_object_get(at(o, "snapshot"));
	json_object_put(o);
	return s;
}

static struct json_object *find_change(struct json_object *changes, const char *op, const char *kind)
{
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		struct json_object *c = json_object_array_get_idx(changes, i);
		const char *o = jget_str(c, "operation");
		if (((!op && !o) || (op && o && strcmp(o, op) == 0)) && strcmp(jget_str(c, "change"), kind) == 0) return c;
	}
	return NULL;
}

static void expect_change(struct json_object *changes, const char *op, const char *kind, const char *severity)
{
	struct json_object *c = find_change(changes, op, kind);
	cr_assert(c, "no %s change for %s in %s", kind, op ? op : "(workflow)", json_object_to_json_string(changes));
	cr_assert_str_eq(jget_str(c, "severity"), severity, "%s %s", kind, op ? op : "");
}

Test(plan, snapshot_impact_round_trip, .init = setup, .fini = teardown)
{
	char dir[] = "/tmp/autoplan-cat2.XXXXXX";
	cr_assert(mkdtemp(dir));
	char out[4200];
	snprintf(out, sizeof out, "%s.bin", dir);
	build_modified(dir, out);
	/* snapshots from the current catalog */
	static const char *const bodies[] = {
		"{\"task_id\":\"mailB-attachments-driveB\"}", "{\"task_id\":\"sheetsB-to-sheetsA\"}",
		"{\"task_id\":\"mailA-attachments-driveA\"}", "{\"task_id\":\"calA-event-create\"}",
		"{\"task_id\":\"driveA-search\"}", "{\"task_id\":\"mailB-read\"}",
	};
	struct json_object *snaps[6];
	for (int i = 0; i < 6; i++) snaps[i] = snapshot_of(bodies[i]);
	/* a snapshot claiming another capability, and one naming an app the catalog does not have */
	struct json_object *forged = json_object_get(snaps[5]);
	struct json_object *fops = jget(forged, "operations"), *fop = NULL;
	for (size_t i = 0; i < json_object_array_length(fops); i++)
		if (strcmp(jget_str(json_object_array_get_idx(fops, i), "operation"), "message-get") == 0)
			fop = json_object_array_get_idx(fops, i);
	cr_assert(fop, "the mailB-read snapshot has no message-get");
	teardown();
	open_catalog(out);
	struct json_object *changes[6], *res[6];
	for (int i = 0; i < 6; i++) {
		if (i == 5) {
			json_object_object_add(fop, "capability", json_object_new_string("email.search"));
			struct json_object *ghost = json_object_new_object();
			json_object_object_add(ghost, "app", json_object_new_string("faxA"));
			json_object_object_add(ghost, "operation", json_object_new_string("fax.send"));
			json_object_object_add(ghost, "capability", json_object_new_string("email.send"));
			json_object_object_add(ghost, "scope_alternatives", NULL);
			json_object_object_add(ghost, "source_hash", NULL);
			json_object_array_add(jget(forged, "operations"), ghost);
		}
		char *b = malloc(strlen(json_object_to_json_string(snaps[i])) + 32);
		sprintf(b, "{\"snapshot\":%s}", json_object_to_json_string_ext(snaps[i], JSON_C_TO_STRING_PLAIN));
		res[i] = post_ok("/v2/changes/impact", b);
		changes[i] = at(res[i], "changes");
		free(b);
		expect_change(changes[i], NULL, "catalog_version_moved", "info");
		cr_assert_eq(json_object_get_int(at(res[i], "checked_operations")),
			(int)json_object_array_length(jget(snaps[i], "operations")));
	}
	expect_change(changes[0], "driveitem-put-content", "scopes_narrowed", "breaking");
	expect_change(changes[0], "driveitem-put-content", "source_hash_changed", "info");
	cr_assert_str_eq(sat(res[0], "status"), "breaking");
	cr_assert_null(find_change(changes[0], "user-list-messages", "source_hash_changed"));
	expect_change(changes[1], "sheets.spreadsheets.values.append", "scopes_widened", "compatible");
	cr_assert_null(find_change(changes[1], "range-get", "source_hash_changed"));
	cr_assert_str_eq(sat(res[1], "status"), "compatible");
	expect_change(changes[2], "mailA.users.messages.attachments.get", "removed", "breaking");
	cr_assert_str_eq(sat(res[2], "status"), "breaking");
	expect_change(changes[3], "calendar.events.insert", "source_hash_changed", "breaking");
	expect_change(changes[4], "drive.files.list", "source_revision_changed", "info");
	cr_assert_null(find_change(changes[4], "drive.files.list", "source_hash_changed"));
	cr_assert_str_eq(sat(res[4], "status"), "info_only");
	expect_change(changes[5], "message-get", "capability_remapped", "breaking");
	expect_change(changes[5], "fax.send", "removed", "breaking");
	cr_assert_eq(json_object_get_int(at(res[5], "checked_operations")), 3);  /* list, get, the ghost */
	for (int i = 0; i < 6; i++) { json_object_put(res[i]); json_object_put(snaps[i]); }
	json_object_put(forged);
	unlink(out);
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* ---- the compiler validates the planner's sources ---- */

static void compile_expect(void (*mutate)(const char *dir), const char *want)
{
	char dir[] = "/tmp/autoplan-cat3.XXXXXX";
	cr_assert(mkdtemp(dir));
	char cmd[8192], out[4200], err[1024];
	snprintf(cmd, sizeof cmd, "cp -R '%s/catalog/.' '%s/'", getenv("AUTOPLAN_SRCDIR"), dir);
	cr_assert_eq(system(cmd), 0);
	mutate(dir);
	snprintf(out, sizeof out, "%s.bin", dir);
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), -1, "compiled although it should not: %s", want);
	cr_assert(strstr(err, want), "error \"%s\" does not name \"%s\"", err, want);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

static void unknown_scope(const char *dir)
{
	struct json_object *o = read_json(dir, "scope_order.json"), *e = json_object_new_object();
	json_object_object_add(e, "scope", json_object_new_string("Mail.Everything"));
	json_object_object_add(e, "suggest", json_object_new_boolean(1));
	struct json_object *reason = json_object_new_object();
	json_object_object_add(reason, "en", json_object_new_string("made up"));
	json_object_object_add(reason, "de", json_object_new_string("erfunden"));
	json_object_object_add(e, "reason", reason);
	json_object_array_add(jget(jget(o, "apps"), "mailB"), e);
	write_json(dir, "scope_order.json", o);
}

static void unordered_scope(const char *dir)
{
	struct json_object *o = read_json(dir, "scope_order.json");
	json_object_array_del_idx(jget(jget(o, "apps"), "driveC"), 0, 1);
	write_json(dir, "scope_order.json", o);
}

static void unknown_task_synonym(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_object_add(json_object_array_get_idx(jget(o, "tasks"), 1), "task", json_object_new_string("bake-cake"));
	write_json(dir, "synonyms.json", o);
}

static void unknown_capability_synonym(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_object_add(json_object_array_get_idx(jget(o, "capabilities"), 2), "capability", json_object_new_string("fax.send"));
	write_json(dir, "synonyms.json", o);
}

/* The entry of list (an array member of file's top object) whose member key is value. */
static struct json_object *entry_of(struct json_object *file, const char *list, const char *key, const char *value)
{
	struct json_object *l = jget(file, list);
	for (size_t i = 0; i < json_object_array_length(l); i++)
		if (jget_str(json_object_array_get_idx(l, i), key) && strcmp(jget_str(json_object_array_get_idx(l, i), key), value) == 0)
			return json_object_array_get_idx(l, i);
	cr_assert_fail("no %s %s in %s", key, value, list);
	return NULL;
}

static void app_name_twice(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_array_add(jget(entry_of(o, "apps", "app", "mailB"), "phrases"), json_object_new_string("Gmail"));
	write_json(dir, "synonyms.json", o);
}

static void family_with_two_drives(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_array_add(jget(entry_of(o, "families", "family", "google"), "apps"), json_object_new_string("driveC"));
	write_json(dir, "synonyms.json", o);
}

static void intent_as_stop_word(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_array_add(jget(o, "stopwords"), json_object_new_string("draft"));
	write_json(dir, "synonyms.json", o);
}

static void subject_on_fixed_task(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json"), *subj = json_object_new_array();
	json_object_array_add(subj, json_object_new_string("bugs"));
	json_object_object_add(entry_of(o, "tasks", "task", "codehost-issues"), "subject", subj);
	write_json(dir, "synonyms.json", o);
}

static void arrow_with_letters(const char *dir)
{
	struct json_object *o = read_json(dir, "synonyms.json");
	json_object_array_add(jget(jget(o, "roles"), "arrows"), json_object_new_string("to>"));
	write_json(dir, "synonyms.json", o);
}

static void implied_unknown_scope(const char *dir)
{
	struct json_object *o = read_json(dir, "scope_implications.json");
	json_object_array_add(jget(json_object_array_get_idx(jget(o, "implications"), 0), "includes"),
		json_object_new_string("Mail.Everything"));
	write_json(dir, "scope_implications.json", o);
}

static void input_not_in_path(const char *dir)
{
	struct json_object *o = read_json(dir, "operation_inputs.json");
	struct json_object *in = json_object_array_get_idx(jget(entry_of(o, "operations", "operation", "calendar.events.update"), "inputs"), 1);
	json_object_object_add(in, "name", json_object_new_string("{eventIdd}"));
	write_json(dir, "operation_inputs.json", o);
}

static void placeholder_without_input(const char *dir)
{
	struct json_object *o = read_json(dir, "operation_inputs.json");
	json_object_array_del_idx(jget(entry_of(o, "operations", "operation", "calendar.events.get"), "inputs"), 1, 1);
	write_json(dir, "operation_inputs.json", o);
}

static void finder_of_another_app(const char *dir)
{
	struct json_object *o = read_json(dir, "operation_inputs.json");
	struct json_object *in = json_object_array_get_idx(jget(entry_of(o, "operations", "operation", "message-get"), "inputs"), 0);
	json_object_object_add(in, "found_by", json_object_new_string("file.search"));
	write_json(dir, "operation_inputs.json", o);
}

static void text_missing(const char *dir)
{
	struct json_object *o = read_json(dir, "planner_texts.json");
	json_object_object_del(jget(o, "texts"), "note.added_find");
	write_json(dir, "planner_texts.json", o);
}

static void text_without_german(const char *dir)
{
	struct json_object *o = read_json(dir, "planner_texts.json");
	json_object_object_del(jget(jget(o, "texts"), "status.ready"), "de");
	write_json(dir, "planner_texts.json", o);
}

static void capability_without_acts_on(const char *dir)
{
	struct json_object *o = read_json(dir, "capabilities.json");
	json_object_object_del(json_object_array_get_idx(jget(o, "capabilities"), 3), "acts_on");
	write_json(dir, "capabilities.json", o);
}

/* Adds phrase to the phrases of outside.json's first entry of list. */
static void outside_phrase(const char *dir, const char *list, const char *phrase)
{
	struct json_object *o = read_json(dir, "outside.json");
	json_object_array_add(jget(json_object_array_get_idx(jget(o, list), 0), "phrases"), json_object_new_string(phrase));
	write_json(dir, "outside.json", o);
}

static void product_named_like_an_app(const char *dir)
{
	outside_phrase(dir, "products", "Gmail");
}

static void product_named_like_a_kind(const char *dir)
{
	outside_phrase(dir, "products", "spreadsheet");
}

static void action_that_is_a_catalog_verb(const char *dir)
{
	outside_phrase(dir, "actions", "draft");
}

static void product_of_unknown_kind(const char *dir)
{
	struct json_object *o = read_json(dir, "outside.json");
	json_object_object_add(json_object_array_get_idx(jget(o, "products"), 1), "kind", json_object_new_string("fax"));
	write_json(dir, "outside.json", o);
}

static void message_kind_unknown(const char *dir)
{
	struct json_object *o = read_json(dir, "outside.json"), *kinds = json_object_new_array();
	json_object_array_add(kinds, json_object_new_string("pager"));  /* (the only one: its place does not move) */
	json_object_object_add(o, "message_kinds", kinds);
	write_json(dir, "outside.json", o);
}

static void product_listed_twice(const char *dir)
{
	struct json_object *o = read_json(dir, "outside.json"), *products = jget(o, "products");
	json_object_array_add(products, json_object_get(json_object_array_get_idx(products, 0)));
	write_json(dir, "outside.json", o);
}

Test(plan, compiler_rejects_bad_planner_sources)
{
	compile_expect(unknown_scope, "scope_order.json: /apps/mailB/4/scope");
	compile_expect(unordered_scope, "apps/driveC.json: /operations/0/scope_alternatives/0");
	compile_expect(unknown_task_synonym, "synonyms.json: /tasks/1/task");
	compile_expect(unknown_capability_synonym, "synonyms.json: /capabilities/2/capability");
	compile_expect(app_name_twice, "\"gmail\" names two apps");
	compile_expect(family_with_two_drives, "family \"google\" has two drive apps");
	compile_expect(intent_as_stop_word, "\"draft\" is a stop word and a phrase");
	compile_expect(subject_on_fixed_task, "only a generic task has a subject");
	compile_expect(arrow_with_letters, "has letters or digits");
	compile_expect(implied_unknown_scope, "\"Mail.Everything\" is not a scope of mailB");
	compile_expect(input_not_in_path, "{eventIdd} does not occur");
	compile_expect(placeholder_without_input, "path placeholder {eventId} has no input");
	compile_expect(finder_of_another_app, "found_by \"file.search\": mailB documents no other operation");
	compile_expect(text_missing, "/texts/note.added_find: missing");
	compile_expect(text_without_german, "/texts/status.ready/de");
	compile_expect(capability_without_acts_on, "needs acts_on");
	compile_expect(product_named_like_an_app, "outside.json: /products/0/phrases: \"gmail\" names two apps");
	compile_expect(product_named_like_a_kind, "outside.json: /products/0/phrases: \"spreadsheet\" names an app and a kind of app");
	compile_expect(action_that_is_a_catalog_verb, "outside.json: /actions/0/phrases: \"draft\" is an action outside the catalog");
	compile_expect(product_of_unknown_kind, "outside.json: /products/1/kind: kind \"fax\" is not in product_kinds");
	compile_expect(product_listed_twice, "is listed twice");
	compile_expect(message_kind_unknown, "outside.json: /message_kinds/0: kind \"pager\" is not in product_kinds");
}

/* ---- reports feed practically_tested ---- */

/* A report with a passing assertion on one operation and a failing one on another: only the passing
 * one counts, in the step and in coverage. The shipped catalog has no such report (nothing here
 * calls a provider), so this builds one in a copy. */
Test(plan, passing_operation_assertions_count_as_practically_tested, .init = setup, .fini = teardown)
{
	char dir[] = "/tmp/autoplan-cat3.XXXXXX", out[64], cmd[256], path[128];
	cr_assert(mkdtemp(dir));
	snprintf(out, sizeof out, "%s.bin", dir);
	snprintf(cmd, sizeof cmd, "cp -R '%s/catalog/.' '%s/' && mkdir -p '%s/reports'", getenv("AUTOPLAN_SRCDIR"), dir, dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(path, sizeof path, "%s/reports/op-check.json", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("{\"id\":\"op-check\",\"date\":\"2026-01-01\",\"title\":{\"en\":\"t\",\"de\":\"t\"},"
		"\"subject\":{\"kind\":\"service\"},\"environment\":{},\"limitations\":[],\"observed_tool_input_schemas\":[],"
		"\"assertions\":[{\"id\":\"a\",\"check\":\"list\",\"result\":\"pass\",\"detail\":\"\","
		"\"operation\":{\"app\":\"mailA\",\"operation\":\"mailA.users.messages.list\"}},"
		"{\"id\":\"b\",\"check\":\"get\",\"result\":\"fail\",\"detail\":\"\","
		"\"operation\":{\"app\":\"mailA\",\"operation\":\"mailA.users.messages.get\"}}]}", f);
	fclose(f);
	char err[1024];
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), 0, "%s", err);
	teardown();
	open_catalog(out);
	struct json_object *p = post_ok("/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}");
	int tested = 0;
	struct json_object *steps = at(p, "steps");
	for (size_t i = 0; i < json_object_array_length(steps); i++) {
		struct json_object *op = jget(json_object_array_get_idx(steps, i), "operation");
		if (!op) continue;
		bool t = json_object_get_boolean(at(op, "practically_tested"));
		cr_assert_eq(t, strcmp(sat(op, "id"), "mailA.users.messages.list") == 0, "%s", sat(op, "id"));
		tested += t;
	}
	cr_assert_eq(tested, 1);
	cr_assert_eq(json_object_get_int(at(at(p, "coverage"), "practically_tested")), 1);
	json_object_put(p);
	p = post_ok("/v2/workflows/plan", "{\"task_id\":\"mailA-read\"}");
	steps = at(p, "steps");
	for (size_t i = 0; i < json_object_array_length(steps); i++) {
		struct json_object *op = jget(json_object_array_get_idx(steps, i), "operation");
		if (op && strcmp(sat(op, "id"), "mailA.users.messages.get") == 0)
			cr_assert_not(json_object_get_boolean(at(op, "practically_tested")), "a failed assertion counted");
	}
	json_object_put(p);
	unlink(out);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* ---- texts in English and German ---- */

/* The keys of a text object, in order: "en,de". */
static void keys_are(struct json_object *text, const char *want, const char *what)
{
	char got[16] = "";
	json_object_object_foreach(text, k, v) {
		(void)v;
		if (*got) strcat(got, ",");
		strcat(got, k);
	}
	cr_assert_str_eq(got, want, "%s: %s", what, json_object_to_json_string(text));
}

Test(plan, texts_follow_accept_language, .init = setup, .fini = teardown)
{
	static const struct { const char *lang, *want; } L[] = {
		{ NULL, "en,de" }, { "de", "de" }, { "en-GB", "en" }, { "de, en;q=0.5", "de,en" }, { "fr", "en,de" } };
	const char *body = "{\"query\":\"Termin im Google Kalender verschieben\"}",
		*ro = "{\"query\":\"Termin im Google Kalender verschieben\",\"read_only\":true}";
	for (size_t i = 0; i < sizeof L / sizeof *L; i++) {
		int st;
		struct json_object *p = inproc_post_lang(&rt, "/v2/workflows/plan", body, L[i].lang, &st, NULL);
		cr_assert_eq(st, 200);
		keys_are(at(p, "status_text"), L[i].want, "status_text");
		keys_are(at(at(p, "task"), "title"), L[i].want, "task title");
		struct json_object *s0 = json_object_array_get_idx(at(p, "steps"), 0);
		keys_are(at(s0, "title"), L[i].want, "step title");
		keys_are(at(s0, "added_note"), L[i].want, "added_note");
		keys_are(at(s0, "note"), L[i].want, "step note");
		keys_are(at(s0, "ask_for_reason"), L[i].want, "ask_for_reason");
		keys_are(at(at(p, "runtime"), "note"), L[i].want, "runtime note");
		json_object_put(p);
		p = inproc_post_lang(&rt, "/v2/workflows/plan", ro, L[i].lang, &st, NULL);
		keys_are(at(json_object_array_get_idx(at(p, "left_out"), 0), "reason"), L[i].want, "left_out reason");
		json_object_put(p);
		p = inproc_post_lang(&rt, "/v2/permissions/explain", body, L[i].lang, &st, NULL);
		keys_are(at(p, "status_text"), L[i].want, "permissions status_text");
		struct json_object *alt = json_object_array_get_idx(at(json_object_array_get_idx(at(p, "steps"), 0), "alternatives"), 0);
		keys_are(at(alt, "reason"), L[i].want, "alternative reason");
		json_object_put(p);
	}
	/* German words throughout: the texts are translated, not copied */
	int st;
	struct json_object *p = inproc_post_lang(&rt, "/v2/workflows/plan", ro, "de", &st, NULL);
	cr_assert(strstr(sat(at(p, "status_text"), "de"), "read_only"));
	cr_assert(strstr(sat(at(p, "status_text"), "de"), "Schritte"));
	json_object_put(p);
	/* the request body stays the specification's: no language field there */
	struct json_object *e = post("/v2/workflows/plan", "{\"query\":\"x\",\"locale\":\"de\"}", &st, NULL);
	cr_assert_eq(st, 400);
	json_object_put(e);
}

/* ---- ordinary words: the word lists compiled into the catalog ---- */

/* Whether the plan for q names product among the products outside the catalog. */
static bool plan_names(const char *q, const char *product)
{
	struct json_object *p = post_query("/v2/workflows/plan", q);
	bool named = names_products(p, product);
	json_object_put(p);
	return named;
}

/* A catalog compiled from the shipped sources with the word lists given as text (NULL: none), opened in place of
 * the shipped one; the caller removes out. */
static void open_with_words(char *out, size_t cap, const char *const *texts, int ntexts)
{
	char dir[] = "/tmp/autoplan-words.XXXXXX", src[256], err[1024];
	cr_assert(mkdtemp(dir));
	char paths[4][64];
	const char *lists[5] = { NULL };
	for (int i = 0; i < ntexts; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/list%d", dir, i);
		FILE *f = fopen(paths[i], "w");
		cr_assert_not_null(f);
		fputs(texts[i], f);
		fclose(f);
		lists[i] = paths[i];
	}
	snprintf(out, cap, "%s.bin", dir);
	snprintf(src, sizeof src, "%s/catalog", getenv("AUTOPLAN_SRCDIR"));
	cr_assert_eq(catalogc_build_words(src, NULL, ntexts ? lists : NULL, out, err, sizeof err), 0, "%s", err);
	for (int i = 0; i < ntexts; i++) unlink(paths[i]);
	rmdir(dir);
	teardown();
	open_catalog(out);
}

/* A lower-case word no word list knows, where a name stands, names a product the catalog does not list; the same
 * word in a word list, or a catalog compiled without word lists, names none (nothing is known either way). */
Test(plan, a_word_no_list_knows_names_a_product_where_a_name_stands, .init = setup, .fini = teardown)
{
	static const char *const places[] = { "quillora records -> google sheets", "we run everything on quillora, copy orders to google sheets",
		"pull the hours out of quillora into an excel online workbook", "we use quillora, can new records land in dropbox",
		"our orders are in quillora. put each new one in google sheets", "copy the records from quillora into google sheets",
		"quillora handles our orders. put each new one in google sheets", "sync quillora records into google sheets",
		"Our shop is small. Quillora is where the orders live; put each new one in google sheets",
		"the shop is running on quillora, copy orders to google sheets" };
	char out[80];
	const char *without[] = { "records\nrecord\nhours\ntoday\n" }, *with[] = { "records\n", "Quillora's\n" };
	open_with_words(out, sizeof out, without, 1);
	cr_assert_eq(cat_ordinary_word(&cat, "records", 7), 1);
	cr_assert_eq(cat_ordinary_word(&cat, "quillora", 8), 0);
	cr_assert_eq(cat_ordinary_word(&cat, "signup", 6), 1, "the catalog's own list is compiled in too");
	for (size_t i = 0; i < sizeof places / sizeof *places; i++) cr_assert(plan_names(places[i], "quillora"), "%s", places[i]);
	/* (a misspelt verb opening a request is no name; nor is a word before an article) */
	cr_assert_not(plan_names("uplaod a file to google drive", "uplaod"));
	cr_assert_not(plan_names("copy the plans from gogle to dropbox", "gogle"));
	cr_assert_not(plan_names("upload todays slips to dropbox", "todays"), "an ordinary word with an s is ordinary");
	/* (near a verb is no misspelt verb where a name stands: "blocko" is no "block", which asks to create) */
	cr_assert(plan_names("all our bookings are in blocko, put them in google calendar", "blocko"));
	cr_assert_not(plan_names("quillora a record to google sheets", "quillora"));
	unlink(out);
	open_with_words(out, sizeof out, with, 2);
	cr_assert_eq(cat_ordinary_word(&cat, "quillora", 8), 1, "a possessive folds to its word");
	for (size_t i = 0; i < sizeof places / sizeof *places; i++) cr_assert_not(plan_names(places[i], "quillora"), "%s", places[i]);
	unlink(out);
	open_with_words(out, sizeof out, NULL, 0);
	cr_assert_eq(cat_ordinary_word(&cat, "records", 7), -1);
	for (size_t i = 0; i < sizeof places / sizeof *places; i++) cr_assert_not(plan_names(places[i], "quillora"), "%s", places[i]);
	/* (a capital and a verb of using say software without any list) */
	cr_assert(plan_names("we use Quillora, can new records land in dropbox", "quillora"));
	unlink(out);
}

/* The catalog's own list of ordinary words holds single words of letters: anything else is refused by name. */
Test(plan, an_ordinary_entry_of_two_words_is_refused, .init = setup, .fini = teardown)
{
	char dir[] = "/tmp/autoplan-ord.XXXXXX", cmd[512], out[80], err[1024];
	cr_assert(mkdtemp(dir));
	snprintf(out, sizeof out, "%s.bin", dir);
	snprintf(cmd, sizeof cmd, "cp -R '%s/catalog/.' '%s/'", getenv("AUTOPLAN_SRCDIR"), dir);
	cr_assert_eq(system(cmd), 0);
	char path[128];
	snprintf(path, sizeof path, "%s/synonyms.json", dir);
	struct json_object *s = json_object_from_file(path);
	cr_assert_not_null(s);
	json_object_array_add(jget(s, "ordinary"), json_object_new_string("sign up"));
	cr_assert_eq(json_object_to_file(path, s), 0);
	json_object_put(s);
	cr_assert_eq(catalogc_build(dir, out, err, sizeof err), -1);
	cr_assert(strstr(err, "synonyms.json: /ordinary/") && strstr(err, "\"sign up\" is not one word of letters"), "%s", err);
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", dir, out);
	cr_assert_eq(system(cmd), 0);
}

/* Whether the plan for q names app among the apps named. */
static bool plan_binds(const char *q, const char *app)
{
	struct json_object *p = post_query("/v2/workflows/plan", q), *list = at(at(at(p, "task"), "query"), "apps_named");
	bool named = false;
	for (size_t i = 0; i < json_object_array_length(list) && !named; i++)
		named = strcmp(jget_str(json_object_array_get_idx(list, i), "app"), app) == 0;
	json_object_put(p);
	return named;
}

/* An app's neutral id is written as it is: a word one letter from it is another word ("driver", "mailbag"), while the
 * id itself, in any case, still names its app. */
Test(plan, a_neutral_id_is_never_read_through_a_typo, .init = setup, .fini = teardown)
{
	cr_assert_not(plan_binds("send a telegram message to the delivery driver", "driveA"));
	cr_assert_not(plan_binds("Orders are in a google sheet. Make a google calendar event for each row so the driver knows", "driveA"));
	cr_assert(plan_binds("save MailA attachments to DriveA", "driveA"));
	cr_assert(plan_binds("save MailA attachments to DriveA", "mailA"));
	cr_assert(plan_binds("copy files from googel drive to dropbox", "driveA"), "a misspelt product name is still read");
}

/* The task the plan for q chose, or "" (the caller frees nothing: a static copy). */
static const char *plan_task(const char *q)
{
	static char id[64];
	struct json_object *p = post_query("/v2/workflows/plan", q);
	const char *t = jget_str(at(p, "task"), "id");
	snprintf(id, sizeof id, "%s", t ? t : "");
	json_object_put(p);
	return id;
}

/* A pronoun a storing verb takes as its object goes where the target marker says: into a calendar it is an event,
 * into a spreadsheet a row; the app after the marker is no object read first. */
Test(plan, a_pronoun_put_into_an_app_that_keeps_no_files_is_its_record, .init = setup, .fini = teardown)
{
	cr_assert_str_eq(plan_task("dentist friday 10am, put it in my google calendar"), "calA-event-create");
	cr_assert_str_eq(plan_task("put it in my outlook calendar"), "calB-event-create");
	cr_assert_str_eq(plan_task("put them in google sheets"), "sheetsA-append");
	cr_assert_str_eq(plan_task("put the slot in my google calendar"), "calA-event-create");
}

/* "Can you set that up?" asks for what the request describes: no spreadsheet is created beside the rows appended;
 * after a wish a participle is what is asked ("a GitHub issue opened" opens one; "issues copied to a Google Sheet"
 * copies them, the sheet no place they are kept). */
Test(plan, asking_for_the_request_and_participles_after_a_wish, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan",
		"Our team lead wants the open GitHub issues in a Google Sheet every week. Can you set that up?");
	cr_assert(!some_step(p, "capability", "spreadsheet.create"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "capability", "spreadsheet.rows.append"));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "For every row of the Excel bug list I'd like a GitHub issue opened");
	cr_assert(some_step(p, "capability", "spreadsheet.rows.read"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "capability", "issue.create"));
	cr_assert(!some_step(p, "capability", "issue.read"));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "I want the open GitHub issues copied to a Google Sheet");
	cr_assert(some_step(p, "capability", "spreadsheet.rows.append"), "%s", json_object_to_json_string(at(p, "steps")));
	json_object_put(p);
}

/* "any time" opens a trigger's clause; "a new doc lands in ..." there is the event, no file stored. */
Test(plan, any_time_a_doc_lands_is_the_event, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan",
		"any time a new doc lands in the \"Contracts\" folder on my Google Drive, notify our lawyer by mail from outlook");
	cr_assert(some_step(p, "capability", "file.search"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "capability", "email.send"));
	cr_assert(!some_step(p, "capability", "file.upload"));
	cr_assert(!some_step(p, "capability", "attachment.download"));
	json_object_put(p);
}

/* Whether the plan for q has exactly the capabilities caps (space-separated), in order (the caller frees nothing). */
static bool plan_caps_are(const char *q, const char *caps)
{
	struct json_object *p = post_query("/v2/workflows/plan", q), *steps = at(p, "steps");
	char got[512] = "";
	for (size_t s = 0; s < json_object_array_length(steps); s++) {
		const char *cap = jget_str(json_object_array_get_idx(steps, s), "capability");
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", s ? " " : "", cap ? cap : "-");
	}
	bool same = strcmp(got, caps) == 0;
	if (!same) cr_log_error("%s: %s", q, got);
	json_object_put(p);
	return same;
}

/* A tie between finding and reading in the one app named, where a product outside the catalog acts and no verb writes
 * in that app, is the product's source: the app's things are read ("create a Zendesk ticket from each mail ...");
 * a verb writing in the app named keeps the tie ("email the link from Gmail" sends, it reads nothing). */
Test(plan, a_tie_before_a_product_acting_reads_the_app_named, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan", "create a zendesk ticket from each mail that comes into support@ in outlook");
	cr_assert_str_eq(jget_str(p, "status"), "outside_catalog", "%s", json_object_to_json_string(p));
	cr_assert(some_step(p, "capability", "email.read"), "%s", json_object_to_json_string(at(p, "steps")));
	cr_assert(some_step(p, "app", "mailB"));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "Gmail starred emails to Trello cards");
	cr_assert(some_step(p, "capability", "email.read"), "%s", json_object_to_json_string(at(p, "steps")));
	json_object_put(p);
	p = post_query("/v2/workflows/plan", "start a google meet and email the link to the design team from gmail");
	cr_assert(!some_step(p, "capability", "email.read"), "%s", json_object_to_json_string(at(p, "steps")));
	json_object_put(p);
}

/* "comes into" marks where mail arrives, a source; a family's name right before an app of that family passes the
 * marker to the app ("into our Google Workspace Gmail": Gmail is read, OneDrive written). */
Test(plan, mail_that_comes_into_an_app_is_read_there, .init = setup, .fini = teardown)
{
	struct json_object *p = post_query("/v2/workflows/plan",
		"Save the attachments that come into our Google Workspace Gmail accounts to OneDrive for Business.");
	cr_assert_str_eq(jget_str(at(p, "task"), "id"), "mailA-attachments-driveA", "%s", json_object_to_json_string(at(p, "task")));
	struct json_object *apps = at(at(at(p, "task"), "query"), "apps_named");
	bool gmail_read = false;
	for (size_t k = 0; k < json_object_array_length(apps); k++) {
		struct json_object *a = json_object_array_get_idx(apps, k);
		gmail_read |= strcmp(jget_str(a, "app"), "mailA") == 0 && jget_str(a, "role") && strcmp(jget_str(a, "role"), "source") == 0;
	}
	cr_assert(gmail_read, "%s", json_object_to_json_string(apps));
	json_object_put(p);
	cr_assert(plan_caps_are("Log each donor email that comes into Gmail in the donor log sheet in Google Sheets",
		"email.search email.read spreadsheet.rows.append"));
}

/* A German possessive opens a noun as an article does (roles.articles): "in unserer Excel-Liste auf SharePoint" lists
 * nothing and uploads nothing, the rows go into the workbook kept there. */
Test(plan, a_possessive_opens_a_noun_as_an_article_does, .init = setup, .fini = teardown)
{
	cr_assert(plan_caps_are("Jeder neue Kurstermin im Outlook-Kalender soll als Zeile in unserer Excel-Liste auf SharePoint landen.",
		"calendar.event.search calendar.event.read spreadsheet.rows.append"));
}

/* A family named right after a verb that reads one kind of app only is its app of that kind, alone too; where a word
 * outside an app's name says another kind the family has, the family keeps its apps. */
Test(plan, a_family_after_a_verb_of_receiving_is_its_app_of_that_kind, .init = setup, .fini = teardown)
{
	cr_assert(plan_caps_are("Turn bug reports that arrive in Outlook into GitHub issues", "email.search email.read issue.create"));
	struct json_object *p = post_query("/v2/workflows/plan", "Turn bug reports that arrive in Outlook into GitHub issues");
	struct json_object *steps = at(p, "steps");
	cr_assert_str_eq(jget_str(json_object_array_get_idx(steps, 0), "app"), "mailB", "%s", json_object_to_json_string(steps));
	json_object_put(p);
}

/* An English passive names what its verb and its subject would: the subject is what is made, the app after the
 * participle where ("the Excel sheet" is no new workbook). */
Test(plan, an_english_passive_names_what_its_verb_and_subject_would, .init = setup, .fini = teardown)
{
	cr_assert(plan_caps_are("For every viewing in Google Calendar a row should be created in the Excel sheet",
		"calendar.event.search calendar.event.read spreadsheet.rows.append"));
	cr_assert(plan_caps_are("A new spreadsheet should be created in Google Sheets", "spreadsheet.create"));
}

/* Apps named alone before the first colon head the request and take no role there: the roles come from where the
 * request names them again (the heading's Excel was read as the first of two apps of its kind). */
Test(plan, apps_heading_the_request_take_no_role, .init = setup, .fini = teardown)
{
	cr_assert(plan_caps_are("Outlook + Excel: the valuation firms send their invoices to my Outlook inbox, read the amounts "
		"off the PDFs and add one line per invoice to the cost sheet in Excel",
		"email.search email.read attachment.download document.amount.extract spreadsheet.rows.append"));
}

/* Words two intents share mean the one the apps named can do ("move": copy or update in a calendar), and a verb's
 * word inside a copying verb's object adds no one to a thing people join. */
Test(plan, a_shared_verb_means_what_the_apps_named_can_do, .init = setup, .fini = teardown)
{
	cr_assert(plan_caps_are("move Mrs Keller's mock driving test on Friday from 10am to 3pm in my Outlook calendar",
		"calendar.event.search calendar.event.update"));
	cr_assert(plan_caps_are("turn booking requests from Gmail into events in Google Calendar",
		"email.search email.read datetime.extract calendar.event.create"));
	cr_assert(plan_caps_are("add Priya into the team meeting in google calendar", "calendar.event.search calendar.event.update"));
}
