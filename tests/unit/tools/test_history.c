/* End to end on real provider revisions: a catalog refreshed from older discovery documents, a workflow
 * snapshot (row 12) taken with it, and change impact (row 10) asked of the catalog built from the
 * current documents: the answer lists the real changes the history README records. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "util/jsonutil.h"
#include "tools/refresh/refresh.h"
#include "api/routes.h"
#include "http/router.h"

#include "inproc.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define G "https://www.googleapis.com/auth/"

static char dir[64], bin[128];
static struct catalog cat;
static struct router rt;

static const char *src_path(const char *rel, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", getenv("AUTOPLAN_SRCDIR") ? getenv("AUTOPLAN_SRCDIR") : ".", rel);
	return buf;
}

/* The curated scope order names scopes that only later revisions accept; an older catalog state
 * cannot rank what its documents do not have yet, so those entries leave the temporary copy. */
static void prune_scope_order(void)
{
	char p[200];
	snprintf(p, sizeof p, "%s/scope_order.json", dir);
	struct json_object *so = json_object_from_file(p);
	if (!so) return; /* no scope order in this catalog */
	json_object_object_foreach(jget(so, "apps"), app, list) {
		if (!json_object_is_type(list, json_type_array)) continue; /* null: the app has no scopes */
		char ap[300];
		snprintf(ap, sizeof ap, "%s/apps/%s.json", dir, app);
		struct json_object *a = json_object_from_file(ap), *ops = jget(a, "operations"), *keep = json_object_new_array();
		for (size_t i = 0; i < json_object_array_length(list); i++) {
			struct json_object *e = json_object_array_get_idx(list, i);
			int used = 0;
			for (size_t k = 0; !used && k < json_object_array_length(ops); k++) {
				struct json_object *sc = jget(json_object_array_get_idx(ops, k), "scope_alternatives");
				for (size_t m = 0; sc && m < json_object_array_length(sc); m++)
					if (strcmp(json_object_get_string(json_object_array_get_idx(sc, m)), jget_str(e, "scope")) == 0) used = 1;
			}
			if (used) json_object_array_add(keep, json_object_get(e));
		}
		json_object_object_add(jget(so, "apps"), app, keep);
		json_object_put(a);
	}
	cr_assert_eq(json_object_to_file_ext(p, so, JSON_C_TO_STRING_PRETTY), 0);
	json_object_put(so);
}

/* catalog/ refreshed from the older gmail, drive, calendar and sheets revisions, compiled to bin. */
static void build_old(void)
{
	char b[4200], cmd[8400], d[4][4400];
	snprintf(dir, sizeof dir, "/tmp/autoplan-history-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	snprintf(bin, sizeof bin, "%s.bin", dir);
	snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s/'", src_path("catalog", b, sizeof b), dir);
	cr_assert_eq(system(cmd), 0);
	static const char *const docs[4][2] = {
		{ "google-gmail", "google-gmail-v1.r20240422" }, { "google-drive", "google-drive-v3.r20220508" },
		{ "google-calendar", "google-calendar-v3.r20240517" }, { "google-sheets", "google-sheets-v4.r20240514" } };
	const char *dv[4];
	for (int i = 0; i < 4; i++) {
		char rel[300];
		snprintf(rel, sizeof rel, "../shared/providers/history/%s.discovery.json", docs[i][1]);
		snprintf(d[i], sizeof d[i], "%s=%s", docs[i][0], src_path(rel, b, sizeof b));
		dv[i] = d[i];
	}
	/* Commit dates from the history README (the mid-2024 files give only the day). */
	static const char *const dates[] = { "google-gmail=2024-04-24T06:54:17+00:00", "google-drive=2022-05-11T18:42:11+00:00",
		"google-calendar=2024-07-01T00:00:00Z", "google-sheets=2024-07-01T00:00:00Z" };
	char facts[4200], provs[4200];
	struct refresh_opts o = { .catalog_dir = dir, .docs_dir = src_path("../shared/providers", provs, sizeof provs),
		.facts_path = src_path("../shared/providers/facts.json", facts, sizeof facts), .docs = dv, .ndocs = 4,
		.dates = dates, .ndates = 4 };
	char err[1024];
	struct json_object *sum;
	cr_assert_eq(refresh_run(&o, &sum, err, sizeof err), 0, "%s", err);
	json_object_put(sum);
	prune_scope_order();
	cr_assert_eq(catalogc_build(dir, bin, err, sizeof err), 0, "%s", err);
}

static void open_cat(const char *path)
{
	char err[512];
	cr_assert_eq(catalog_open(&cat, path, err, sizeof err), 0, "%s", err);
	cr_assert_eq(router_init(&rt, &cat, ROUTES, NROUTES), 0);
}

static void close_cat(void)
{
	router_free(&rt);
	catalog_close(&cat);
}

static void teardown(void)
{
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", dir, bin);
	if (system(cmd) != 0) cr_log_warn("cannot remove %s", dir);
}

static struct json_object *post_ok(const char *path, const char *body)
{
	int status;
	char *text;
	struct json_object *o = inproc_post(&rt, path, body, &status, &text);
	cr_assert_eq(status, 200, "%s -> %d %s", path, status, text);
	free(text);
	return o;
}

static struct json_object *find(struct json_object *changes, const char *op, const char *kind)
{
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		struct json_object *c = json_object_array_get_idx(changes, i);
		if (jget_str(c, "operation") && strcmp(jget_str(c, "operation"), op) == 0 && strcmp(jget_str(c, "change"), kind) == 0)
			return c;
	}
	return NULL;
}

static int lists(struct json_object *arr, const char *s)
{
	for (size_t i = 0; arr && i < json_object_array_length(arr); i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s) == 0) return 1;
	return 0;
}

/* The scopes the change's "after" has and its "before" lacks are exactly want (n of them). */
static void expect_widened(struct json_object *changes, const char *op, const char *const *want, size_t n)
{
	struct json_object *c = find(changes, op, "scopes_widened");
	cr_assert_not_null(c, "%s: no scopes_widened in %s", op, json_object_to_json_string(changes));
	cr_assert_str_eq(jget_str(c, "severity"), "compatible");
	struct json_object *before = jget(c, "before"), *after = jget(c, "after");
	size_t added = 0;
	for (size_t i = 0; i < json_object_array_length(after); i++)
		if (!lists(before, json_object_get_string(json_object_array_get_idx(after, i)))) added++;
	cr_assert_eq(added, n, "%s: %zu scopes added", op, added);
	for (size_t i = 0; i < n; i++) cr_assert(lists(after, want[i]) && !lists(before, want[i]), "%s: %s", op, want[i]);
}

Test(history, snapshot_on_older_revisions_then_impact_on_current, .fini = teardown)
{
	build_old();
	static const char *const tasks[] = { "driveA-search", "calA-events", "calA-event-create", "calA-availability",
		"mailA-attachments-driveA", "sheetsA-append" };
	enum { N = sizeof tasks / sizeof tasks[0] };
	struct json_object *snaps[N], *res[N];
	open_cat(bin);
	for (int i = 0; i < N; i++) {
		char body[200];
		snprintf(body, sizeof body, "{\"task_id\":\"%s\"}", tasks[i]);
		struct json_object *o = post_ok("/v2/workflows/snapshot", body);
		snaps[i] = json_object_get(jget(o, "snapshot"));
		cr_assert_not_null(snaps[i]);
		json_object_put(o);
	}
	close_cat();
	const char *current = getenv("AUTOPLAN_CATALOG");
	cr_assert(current, "AUTOPLAN_CATALOG is not set");
	open_cat(current);
	for (int i = 0; i < N; i++) {
		const char *s = json_object_to_json_string_ext(snaps[i], JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
		char *b = malloc(strlen(s) + 20);
		sprintf(b, "{\"snapshot\":%s}", s);
		res[i] = post_ok("/v2/changes/impact", b);
		free(b);
	}
	close_cat();
	for (int i = 0; getenv("HISTORY_DEBUG") && i < N; i++) fprintf(stderr, "%s: %s\n", tasks[i], json_object_to_json_string(res[i]));
	/* drive 20220508 -> current: drive.meet.readonly added on files.list; includeLabels added moves the hash. */
	struct json_object *ch = jget(res[0], "changes");
	static const char *const meet[] = { G "drive.meet.readonly" };
	expect_widened(ch, "drive.files.list", meet, 1);
	cr_assert_not_null(find(ch, "drive.files.list", "source_hash_changed"));
	cr_assert_not_null(find(ch, "drive.files.list", "source_revision_changed"));
	cr_assert_str_eq(jget_str(res[0], "status"), "compatible");
	/* calendar 20240517 -> 20251028: five scopes on events.list, two on insert, two on freebusy.query. */
	static const char *const five[] = { G "calendar.app.created", G "calendar.events.freebusy", G "calendar.events.owned",
		G "calendar.events.owned.readonly", G "calendar.events.public.readonly" };
	expect_widened(jget(res[1], "changes"), "calendar.events.list", five, 5);
	static const char *const two[] = { G "calendar.app.created", G "calendar.events.owned" };
	expect_widened(jget(res[2], "changes"), "calendar.events.insert", two, 2);
	static const char *const fb[] = { G "calendar.events.freebusy", G "calendar.freebusy" };
	expect_widened(jget(res[3], "changes"), "calendar.freebusy.query", fb, 2);
	cr_assert_null(find(jget(res[3], "changes"), "calendar.freebusy.query", "scopes_narrowed"));
	/* gmail 20240422 -> 20240520: temporaryEeccBypass removed from list and attachments.get (hash moves,
	 * scopes do not); drive files.create gained includeLabels. */
	ch = jget(res[4], "changes");
	cr_assert_not_null(find(ch, "mailA.users.messages.list", "source_hash_changed"));
	cr_assert_not_null(find(ch, "mailA.users.messages.attachments.get", "source_hash_changed"));
	cr_assert_null(find(ch, "mailA.users.messages.list", "scopes_widened"));
	cr_assert_null(find(ch, "mailA.users.messages.list", "scopes_narrowed"));
	cr_assert_not_null(find(ch, "drive.files.create", "source_hash_changed"));
	/* sheets 20240514 -> 20250616 is the no-change control: a new revision, the same operation. */
	ch = jget(res[5], "changes");
	cr_assert_not_null(find(ch, "sheets.spreadsheets.values.append", "source_revision_changed"));
	cr_assert_null(find(ch, "sheets.spreadsheets.values.append", "source_hash_changed"));
	cr_assert_null(find(ch, "sheets.spreadsheets.values.append", "scopes_widened"));
	cr_assert_null(find(ch, "sheets.spreadsheets.values.append", "scopes_narrowed"));
	for (int i = 0; i < N; i++) { json_object_put(snaps[i]); json_object_put(res[i]); }
}
