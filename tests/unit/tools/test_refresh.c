/* Catalog refresh and change detection against the real provider documents next to the source tree. */
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

static char *path_of(const char *rel)
{
	static char buf[8][4096];
	static int n;
	const char *src = getenv("AUTOPLAN_SRCDIR");
	char *b = buf[n++ % 8];
	snprintf(b, 4096, "%s/%s", src ? src : ".", rel);
	return b;
}

#define CUR(api) path_of("../shared/providers/google-" api ".discovery.json")
#define HIST(f) path_of("../shared/providers/history/google-" f ".discovery.json")

static struct json_object *diff(const char *old_path, const char *new_path)
{
	char err[1024] = "";
	struct json_object *d = refresh_diff(path_of("catalog"), old_path, new_path, err, sizeof err);
	cr_assert_not_null(d, "diff failed: %s", err);
	return d;
}

/* How many changes of this kind on this operation (NULL: document level) and subject. */
static int count(struct json_object *d, const char *list, const char *op, const char *kind, const char *subject,
	const char *cls)
{
	struct json_object *l = jget(d, list);
	int n = 0;
	for (size_t i = 0; i < json_object_array_length(l); i++) {
		struct json_object *c = json_object_array_get_idx(l, i);
		if (op && (!jget_str(c, "operation") || strcmp(jget_str(c, "operation"), op) != 0)) continue;
		if (strcmp(jget_str(c, "kind"), kind) != 0) continue;
		if (subject && (!jget_str(c, "subject") || strcmp(jget_str(c, "subject"), subject) != 0)) continue;
		if (cls) cr_expect_str_eq(jget_str(c, "class"), cls, "%s %s on %s", kind, subject ? subject : "", op ? op : "doc");
		n++;
	}
	return n;
}

static size_t total(struct json_object *d, const char *list)
{
	return json_object_array_length(jget(d, list));
}

#define G "https://www.googleapis.com/auth/"

Test(refresh_diff, gmail_20240422_to_current)
{
	struct json_object *d = diff(HIST("gmail-v1.r20240422"), CUR("gmail-v1"));
	static const char *const ops[] = { "mailA.users.messages.list", "mailA.users.messages.get",
		"mailA.users.messages.attachments.get" };
	for (int i = 0; i < 3; i++)
		cr_assert_eq(count(d, "changes", ops[i], "parameter_removed", "temporaryEeccBypass", "breaking"), 1);
	cr_assert_eq(total(d, "changes"), 3);
	cr_assert_eq(total(d, "document_changes"), 0);
	cr_assert_str_eq(jget_str(jget(d, "from"), "revision"), "20240422");
	json_object_put(d);
}

Test(refresh_diff, drive_20240521_to_current)
{
	struct json_object *d = diff(HIST("drive-v3.r20240521"), CUR("drive-v3"));
	cr_assert_eq(count(d, "changes", "drive.files.create", "parameter_deprecated", "enforceSingleParent", "info"), 1);
	cr_assert_eq(total(d, "changes"), 1);
	cr_assert_eq(total(d, "document_changes"), 0);
	json_object_put(d);
}

Test(refresh_diff, drive_20220508_to_20240521)
{
	struct json_object *d = diff(HIST("drive-v3.r20220508"), HIST("drive-v3.r20240521"));
	const char *L = "drive.files.list", *GT = "drive.files.get", *C = "drive.files.create",
		*U = "drive.files.update", *D = "drive.files.delete";
	cr_assert_eq(count(d, "changes", L, "scope_added", G "drive.meet.readonly", "compatible"), 1);
	cr_assert_eq(count(d, "changes", GT, "scope_added", G "drive.meet.readonly", "compatible"), 1);
	cr_assert_eq(count(d, "changes", NULL, "scope_added", NULL, NULL), 2);
	const char *with_labels[] = { L, GT, C, U };
	for (int i = 0; i < 4; i++)
		cr_assert_eq(count(d, "changes", with_labels[i], "parameter_added", "includeLabels", "compatible"), 1);
	static const char *const dep[][2] = { { "drive.files.list", "corpus" }, { "drive.files.list", "includeTeamDriveItems" },
		{ "drive.files.list", "supportsTeamDrives" }, { "drive.files.list", "teamDriveId" },
		{ "drive.files.get", "supportsTeamDrives" }, { "drive.files.create", "supportsTeamDrives" },
		{ "drive.files.update", "enforceSingleParent" }, { "drive.files.update", "supportsTeamDrives" },
		{ "drive.files.delete", "enforceSingleParent" }, { "drive.files.delete", "supportsTeamDrives" } };
	for (size_t i = 0; i < sizeof dep / sizeof dep[0]; i++)
		cr_assert_eq(count(d, "changes", dep[i][0], "parameter_deprecated", dep[i][1], "info"), 1, "%s %s", dep[i][0], dep[i][1]);
	cr_assert_eq(count(d, "changes", C, "media_upload_changed", NULL, "info"), 1);
	cr_assert_eq(count(d, "changes", U, "media_upload_changed", NULL, "info"), 1);
	const char *all[] = { L, GT, C, U, D };
	for (int i = 0; i < 5; i++) cr_assert_eq(count(d, "changes", all[i], "flat_path_changed", NULL, "minor"), 1);
	cr_assert_eq(count(d, "changes", L, "parameter_order_changed", NULL, "minor"), 1);
	cr_assert_eq(count(d, "changes", C, "parameter_order_changed", NULL, "minor"), 1);
	/* 2 scopes + 4 parameters + 10 deprecations + 2 uploads + 7 minor: nothing else. */
	cr_assert_eq(total(d, "changes"), 25);
	cr_assert_eq(count(d, "document_changes", NULL, "declared_scope_added", G "drive.apps.readonly", "info"), 1);
	cr_assert_eq(count(d, "document_changes", NULL, "declared_scope_added", G "drive.meet.readonly", "info"), 1);
	cr_assert_eq(count(d, "document_changes", NULL, "mtls_root_url_changed", NULL, "info"), 1);
	cr_assert_eq(total(d, "document_changes"), 3);
	json_object_put(d);
}

Test(refresh_diff, calendar_20240517_to_current)
{
	struct json_object *d = diff(HIST("calendar-v3.r20240517"), CUR("calendar-v3"));
	static const char *const five[] = { G "calendar.app.created", G "calendar.events.freebusy", G "calendar.events.owned",
		G "calendar.events.owned.readonly", G "calendar.events.public.readonly" };
	for (int i = 0; i < 5; i++) {
		cr_assert_eq(count(d, "changes", "calendar.events.list", "scope_added", five[i], "compatible"), 1);
		cr_assert_eq(count(d, "changes", "calendar.events.get", "scope_added", five[i], "compatible"), 1);
	}
	static const char *const two[] = { G "calendar.app.created", G "calendar.events.owned" };
	for (int i = 0; i < 2; i++) {
		cr_assert_eq(count(d, "changes", "calendar.events.insert", "scope_added", two[i], "compatible"), 1);
		cr_assert_eq(count(d, "changes", "calendar.events.update", "scope_added", two[i], "compatible"), 1);
	}
	cr_assert_eq(count(d, "changes", "calendar.freebusy.query", "scope_added", G "calendar.events.freebusy", "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.freebusy.query", "scope_added", G "calendar.freebusy", "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.list", "parameter_enum_value_added", "eventTypes", "compatible"), 1);
	cr_assert_eq(total(d, "changes"), 17);
	cr_assert_eq(count(d, "changes", NULL, "scope_removed", NULL, NULL), 0);
	cr_assert_eq(count(d, "document_changes", NULL, "declared_scope_added", NULL, "info"), 12);
	cr_assert_eq(total(d, "document_changes"), 12);
	json_object_put(d);
}

Test(refresh_diff, calendar_20180906_to_20240517)
{
	struct json_object *d = diff(HIST("calendar-v3.r20180906"), HIST("calendar-v3.r20240517"));
	const char *ev = G "calendar.events", *evr = G "calendar.events.readonly";
	cr_assert_eq(count(d, "changes", "calendar.events.list", "scope_added", ev, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.list", "scope_added", evr, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.get", "scope_added", ev, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.get", "scope_added", evr, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.insert", "scope_added", ev, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.update", "scope_added", ev, "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.list", "parameter_added", "eventTypes", "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.insert", "parameter_added", "sendUpdates", "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.events.update", "parameter_added", "sendUpdates", "compatible"), 1);
	cr_assert_eq(count(d, "changes", "calendar.freebusy.query", "scope_added", NULL, NULL), 0);
	cr_assert_eq(total(d, "changes"), 9);
	cr_assert_eq(total(d, "document_changes"), 3);
	json_object_put(d);
}

Test(refresh_diff, sheets_20240514_to_current_is_a_no_change_control)
{
	struct json_object *d = diff(HIST("sheets-v4.r20240514"), CUR("sheets-v4"));
	cr_assert_eq(total(d, "changes"), 0);
	cr_assert_eq(total(d, "document_changes"), 0);
	cr_assert_str_neq(jget_str(jget(d, "from"), "sha256"), jget_str(jget(d, "to"), "sha256"));
	char *text = refresh_diff_text(d);
	cr_assert_not_null(strstr(text, "changes to mapped methods: 0"));
	free(text);
	json_object_put(d);
}

Test(refresh_diff, sheets_20170421_to_20240514)
{
	struct json_object *d = diff(HIST("sheets-v4.r20170421"), HIST("sheets-v4.r20240514"));
	static const char *const ops[] = { "sheets.spreadsheets.create", "sheets.spreadsheets.values.get",
		"sheets.spreadsheets.values.append", "sheets.spreadsheets.values.update", "sheets.spreadsheets.values.clear" };
	for (int i = 0; i < 5; i++) cr_assert_eq(count(d, "changes", ops[i], "scope_added", G "drive.file", "compatible"), 1);
	cr_assert_eq(total(d, "changes"), 5);
	json_object_put(d);
}

Test(refresh_diff, reverse_direction_is_breaking)
{
	struct json_object *d = diff(CUR("calendar-v3"), HIST("calendar-v3.r20240517"));
	cr_assert_eq(count(d, "changes", NULL, "scope_removed", NULL, "breaking"), 16);
	cr_assert_eq(count(d, "changes", "calendar.events.list", "parameter_enum_value_removed", "eventTypes", "breaking"), 1);
	cr_assert_eq(json_object_get_int(jget(jget(d, "summary"), "breaking")), 17);
	json_object_put(d);
}

/* A copy of the current sheets document where one optional parameter became required. */
Test(refresh_diff, parameter_became_required_is_breaking)
{
	struct json_object *doc = json_object_from_file(CUR("sheets-v4"));
	cr_assert_not_null(doc);
	struct json_object *p = jget(jget(jget(jget(jget(jget(jget(jget(doc, "resources"), "spreadsheets"), "resources"),
		"values"), "methods"), "get"), "parameters"), "majorDimension");
	cr_assert_not_null(p);
	json_object_object_add(p, "required", json_object_new_boolean(1));
	char tmp[] = "/tmp/autoplan-sheets-XXXXXX";
	int fd = mkstemp(tmp);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(json_object_to_file(tmp, doc), 0);
	struct json_object *d = diff(CUR("sheets-v4"), tmp);
	cr_assert_eq(count(d, "changes", "sheets.spreadsheets.values.get", "parameter_became_required", "majorDimension", "breaking"), 1);
	cr_assert_eq(total(d, "changes"), 1);
	json_object_put(d);
	unlink(tmp);
	json_object_put(doc);
}

/* Rewrites the paths of every method under node: the prefix moves into the service path. */
static void strip_paths(struct json_object *node, const char *prefix)
{
	struct json_object *methods = jget(node, "methods"), *resources = jget(node, "resources");
	if (methods) {
		json_object_object_foreach(methods, name, m) {
			(void)name;
			static const char *const keys[] = { "path", "flatPath" };
			for (int k = 0; k < 2; k++) {
				const char *p = jget_str(m, keys[k]);
				if (p && strncmp(p, prefix, strlen(prefix)) == 0)
					json_object_object_add(m, keys[k], json_object_new_string(p + strlen(prefix)));
			}
		}
	}
	if (resources) {
		json_object_object_foreach(resources, rname, r) { (void)rname; strip_paths(r, prefix); }
	}
}

/* The current mail document with its root address and the split between service path and method path
 * changed as given; written to a temporary file (returned, caller unlinks). */
static char *gmail_variant(const char *root, const char *service, const char *moved_prefix)
{
	struct json_object *doc = json_object_from_file(CUR("gmail-v1"));
	cr_assert_not_null(doc);
	json_object_object_add(doc, "rootUrl", json_object_new_string(root));
	json_object_object_add(doc, "servicePath", json_object_new_string(service));
	if (moved_prefix) strip_paths(doc, moved_prefix);
	static char tmp[64];
	snprintf(tmp, sizeof tmp, "/tmp/autoplan-gmail-XXXXXX");
	int fd = mkstemp(tmp);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(json_object_to_file(tmp, doc), 0);
	json_object_put(doc);
	return tmp;
}

/* Only the host moved (and the service path took the first path segments, as older mail documents
 * had it): every mapped method reports a host change, none a path change. */
Test(refresh_diff, moved_host_is_no_path_change)
{
	char *tmp = gmail_variant("https://www.googleapis.com/", "gmail/v1/users/", "gmail/v1/users/");
	struct json_object *d = diff(CUR("gmail-v1"), tmp);
	static const char *const ops[] = { "mailA.users.messages.list", "mailA.users.messages.get",
		"mailA.users.messages.attachments.get", "mailA.users.drafts.create", "mailA.users.messages.send" };
	for (int i = 0; i < 5; i++) {
		cr_assert_eq(count(d, "changes", ops[i], "host_changed", NULL, "breaking"), 1, "%s", ops[i]);
		cr_assert_eq(count(d, "changes", ops[i], "path_changed", NULL, NULL), 0, "%s", ops[i]);
		cr_assert_eq(count(d, "changes", ops[i], "path_split_changed", NULL, "minor"), 1, "%s", ops[i]);
	}
	struct json_object *c = jget(d, "changes");
	for (size_t i = 0; i < json_object_array_length(c); i++) {
		struct json_object *e = json_object_array_get_idx(c, i);
		if (strcmp(jget_str(e, "kind"), "host_changed") != 0) continue;
		cr_assert_str_eq(json_object_get_string(jget(e, "from")), "https://gmail.googleapis.com");
		cr_assert_str_eq(json_object_get_string(jget(e, "to")), "https://www.googleapis.com");
	}
	cr_assert_eq(count(d, "document_changes", NULL, "root_url_changed", NULL, "info"), 1);
	cr_assert_eq(count(d, "document_changes", NULL, "service_path_changed", NULL, "info"), 1);
	json_object_put(d);
	unlink(tmp);
}

/* The same address split differently between service path and method path is nothing a caller sees;
 * a real path move is a path change, not a host change. */
Test(refresh_diff, split_is_no_change_and_a_moved_path_is_a_path_change)
{
	static const struct { const char *service; int split, paths, breaking; } V[] = {
		{ "gmail/v1/", 5, 0, 0 }, { "mail/v2/", 0, 5, 5 } };
	for (size_t v = 0; v < 2; v++) {
		char *tmp = gmail_variant("https://gmail.googleapis.com/", V[v].service, "gmail/v1/");
		struct json_object *d = diff(CUR("gmail-v1"), tmp);
		cr_assert_eq(count(d, "changes", NULL, "host_changed", NULL, NULL), 0, "%s", V[v].service);
		cr_assert_eq(count(d, "changes", NULL, "path_changed", NULL, "breaking"), V[v].paths, "%s", V[v].service);
		cr_assert_eq(count(d, "changes", NULL, "path_split_changed", NULL, "minor"), V[v].split, "%s", V[v].service);
		cr_assert_eq(json_object_get_int(jget(jget(d, "summary"), "breaking")), V[v].breaking, "%s", V[v].service);
		json_object_put(d);
		unlink(tmp);
	}
}

Test(refresh_diff, rejects_unrelated_documents)
{
	char err[1024] = "";
	cr_assert_null(refresh_diff(path_of("catalog"), CUR("sheets-v4"), CUR("drive-v3"), err, sizeof err));
	cr_assert_not_null(strstr(err, "not revisions of one document"));
	cr_assert_null(refresh_diff(path_of("catalog"), CUR("sheets-v4"), path_of("catalog/versions.json"), err, sizeof err));
	cr_assert_not_null(strstr(err, "not a discovery document"));
}

/* ---- refresh into a temporary copy of the catalog ---- */

static char tmpdir[64];

static void copy_catalog(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/autoplan-refresh-XXXXXX");
	cr_assert_not_null(mkdtemp(tmpdir));
	char cmd[8400];
	snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s/'", path_of("catalog"), tmpdir);
	cr_assert_eq(system(cmd), 0);
}

static void drop_copy(void)
{
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0) cr_log_warn("cannot remove %s", tmpdir);
}

static int run(const char *const *docs, size_t ndocs, const char *const *dates, size_t ndates, struct json_object **sum)
{
	struct refresh_opts o = { .catalog_dir = tmpdir, .docs_dir = path_of("../shared/providers"),
		.facts_path = path_of("../shared/providers/facts.json"), .docs = docs, .ndocs = ndocs,
		.dates = dates, .ndates = ndates };
	char err[1024] = "";
	int rc = refresh_run(&o, sum, err, sizeof err);
	if (rc < 0) cr_log_info("refresh: %s", err);
	return rc;
}

static struct json_object *op_of(const char *app, const char *id)
{
	char p[600];
	snprintf(p, sizeof p, "%s/apps/%s.json", tmpdir, app);
	struct json_object *a = json_object_from_file(p), *ops = jget(a, "operations");
	for (size_t i = 0; i < json_object_array_length(ops); i++) {
		struct json_object *op = json_object_array_get_idx(ops, i);
		if (strcmp(jget_str(op, "id"), id) == 0) {
			struct json_object *r = json_object_get(op);
			json_object_put(a);
			return r;
		}
	}
	json_object_put(a);
	return NULL;
}

static int has_scope(struct json_object *op, const char *s)
{
	struct json_object *l = jget(op, "scope_alternatives");
	for (size_t i = 0; l && i < json_object_array_length(l); i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(l, i)), s) == 0) return 1;
	return 0;
}

Test(refresh, idempotent_on_the_committed_catalog, .init = copy_catalog, .fini = drop_copy)
{
	struct json_object *sum;
	cr_assert_eq(run(NULL, 0, NULL, 0, &sum), 0);
	cr_assert_eq(json_object_array_length(jget(sum, "scopes_not_ranked")), 0);
	cr_assert_eq(json_object_array_length(jget(sum, "ranked_scopes_unused")), 0);
	struct json_object *files = jget(sum, "files");
	cr_assert_eq(json_object_array_length(files), 12);  /* ten apps, sources.json, history.json */
	for (size_t i = 0; i < json_object_array_length(files); i++) {
		struct json_object *f = json_object_array_get_idx(files, i);
		cr_expect_not(jget_bool(f, "changed", 1), "%s changed", jget_str(f, "file"));
		char cmd[9000];
		snprintf(cmd, sizeof cmd, "cmp -s '%s/%s' '%s/%s'", path_of("catalog"), jget_str(f, "file"), tmpdir, jget_str(f, "file"));
		cr_expect_eq(system(cmd), 0, "%s differs byte for byte", jget_str(f, "file"));
	}
	json_object_put(sum);
}

Test(refresh, older_revision_gives_older_facts_and_keeps_curated_fields, .init = copy_catalog, .fini = drop_copy)
{
	const char *docs[] = { NULL }, *dates[] = { "google-drive=2022-05-11T18:42:11+00:00" };
	char d[4200];
	snprintf(d, sizeof d, "google-drive=%s", HIST("drive-v3.r20220508"));
	docs[0] = d;
	struct json_object *sum;
	/* A document no facts describe needs its date from the caller: the wall clock is never used. */
	cr_assert_eq(run(docs, 1, NULL, 0, &sum), -1);
	cr_assert_eq(run(docs, 1, dates, 1, &sum), 0);
	json_object_put(sum);
	struct json_object *list = op_of("driveA", "drive.files.list"), *create = op_of("driveA", "drive.files.create");
	cr_assert_not(has_scope(list, G "drive.meet.readonly"));
	cr_assert(has_scope(list, G "drive.readonly"));
	cr_assert_null(jget(jget(list, "parameters"), "includeLabels"));
	struct json_object *ev = jget(list, "evidence");
	cr_assert_str_eq(jget_str(ev, "revision"), "20220508");
	cr_assert_str_eq(jget_str(ev, "sha256"), "6066d51340d90945148ec5580726563efa497fe181ce474dd99262a43e8f5385");
	cr_assert_str_eq(jget_str(ev, "last_confirmed"), "2022-05-11T18:42:11Z");
	cr_assert_str_eq(jget_str(ev, "first_seen"), "2022-05-11T18:42:11Z");
	cr_assert_null(jget(ev, "retrieval_url"));
	/* Curated: capability, write, the upload path and the pinned uploadType with its contradiction. */
	cr_assert_str_eq(jget_str(create, "capability"), "file.upload");
	cr_assert_str_eq(jget_str(create, "path"), "/upload/drive/v3/files");
	cr_assert_str_eq(jget_str(jget(jget(create, "parameters"), "uploadType"), "value"), "multipart");
	cr_assert_eq(json_object_array_length(jget(jget(create, "evidence"), "contradictions")), 2);
	/* (test_history compiles such an older catalog and takes a snapshot with it.) */
	/* Refreshing back from the current documents restores the committed catalog except first_seen,
	 * which keeps the earliest revision seen. */
	cr_assert_eq(run(NULL, 0, NULL, 0, &sum), 0);
	json_object_put(sum);
	struct json_object *back = op_of("driveA", "drive.files.list");
	cr_assert_str_eq(jget_str(jget(back, "evidence"), "first_seen"), "2022-05-11T18:42:11Z");
	cr_assert(has_scope(back, G "drive.meet.readonly"));
	char cmd[9000];
	snprintf(cmd, sizeof cmd, "diff -r -x history.json -I '\"first_seen\"' '%s' '%s' >/dev/null", path_of("catalog"), tmpdir);
	cr_assert_eq(system(cmd), 0);
	/* history.json now remembers both states the operations left: the committed one, then the older */
	snprintf(cmd, sizeof cmd, "%s/history.json", tmpdir);
	struct json_object *h = json_object_from_file(cmd), *entries = jget(h, "entries");
	int committed = 0, older = 0;
	for (size_t i = 0; i < json_object_array_length(entries); i++) {
		struct json_object *e = json_object_array_get_idx(entries, i);
		if (strcmp(jget_str(e, "operation"), "drive.files.list") != 0) continue;
		committed += strcmp(jget_str(e, "semantic_sha256"), jget_str(jget(back, "evidence"), "semantic_sha256")) == 0;
		older += strcmp(jget_str(e, "semantic_sha256"), jget_str(jget(list, "evidence"), "semantic_sha256")) == 0 &&
			strcmp(jget_str(e, "revision"), "20220508") == 0;
	}
	cr_assert_eq(committed, 1, "%s", json_object_to_json_string(entries));
	cr_assert_eq(older, 1, "%s", json_object_to_json_string(entries));
	json_object_put(h);
	json_object_put(back);
	json_object_put(list);
	json_object_put(create);
}

Test(refresh, gmail_older_revision_adds_the_parameter_then_current_removes_it, .init = copy_catalog, .fini = drop_copy)
{
	char d[4200];
	snprintf(d, sizeof d, "google-gmail=%s", HIST("gmail-v1.r20240422"));
	const char *docs[] = { d }, *dates[] = { "google-gmail=2024-04-24T06:54:17+00:00" };
	struct json_object *sum;
	cr_assert_eq(run(docs, 1, dates, 1, &sum), 0);
	json_object_put(sum);
	struct json_object *op = op_of("mailA", "mailA.users.messages.list");
	cr_assert_str_eq(jget_str(jget(jget(op, "parameters"), "temporaryEeccBypass"), "type"), "boolean");
	cr_assert_str_eq(jget_str(op, "path"), "mailA/v1/users/{userId}/messages");
	cr_assert_str_eq(jget_str(jget(op, "evidence"), "revision"), "20240422");
	json_object_put(op);
}

/* Providers without a description document: method and scope alternatives follow the facts file given,
 * a path the facts do not name becomes a contradiction, and scopes the catalog keeps null on purpose stay. */
Test(refresh, facts_file_drives_providers_without_a_document, .init = copy_catalog, .fini = drop_copy)
{
	struct json_object *facts = json_object_from_file(path_of("../shared/providers/facts.json"));
	cr_assert_not_null(facts);
	struct json_object *ops = jget(facts, "operations");
	for (size_t i = 0; i < json_object_array_length(ops); i++) {
		struct json_object *f = json_object_array_get_idx(ops, i);
		const char *id = jget_str(f, "operation_id");
		if (strcmp(jget_str(f, "app"), "mailB") == 0 && strcmp(id, "user-sendmail") == 0)
			json_object_array_add(jget(f, "scopes"), json_object_new_string("Mail.Send.Shared"));
		if (strcmp(jget_str(f, "app"), "calendarB") == 0 && strcmp(id, "event-get") == 0) {
			json_object_object_add(f, "path", json_object_new_string("/me/calendar/events/{id}"));
			struct json_object *all = json_object_new_array();
			json_object_array_add(all, json_object_new_string("/me/calendar/events/{id}"));
			json_object_object_add(f, "all_paths_on_page", all);
		}
	}
	char fpath[200];
	snprintf(fpath, sizeof fpath, "%s/facts-modified.json", tmpdir);
	cr_assert_eq(json_object_to_file(fpath, facts), 0);
	json_object_put(facts);
	struct refresh_opts o = { .catalog_dir = tmpdir, .docs_dir = path_of("../shared/providers"), .facts_path = fpath };
	char err[1024];
	struct json_object *sum;
	cr_assert_eq(refresh_run(&o, &sum, err, sizeof err), 0, "%s", err);
	/* The new scope has no place in the curated privilege order yet: reported, not invented. */
	struct json_object *nr = jget(sum, "scopes_not_ranked");
	cr_assert_eq(json_object_array_length(nr), 1, "%s", json_object_to_json_string(nr));
	cr_assert_str_eq(jget_str(json_object_array_get_idx(nr, 0), "scope"), "Mail.Send.Shared");
	cr_assert_str_eq(jget_str(json_object_array_get_idx(nr, 0), "app"), "mailB");
	cr_assert_eq(json_object_array_length(jget(sum, "ranked_scopes_unused")), 0);
	json_object_put(sum);
	struct json_object *send = op_of("mailB", "user-sendmail"), *get = op_of("calendarB", "event-get");
	struct json_object *issues = op_of("codehost", "issues/get");
	cr_assert(has_scope(send, "Mail.Send.Shared"));
	cr_assert(has_scope(send, "Mail.Send"));
	struct json_object *c = jget(jget(get, "evidence"), "contradictions");
	int found = 0;
	for (size_t i = 0; i < json_object_array_length(c); i++) {
		struct json_object *x = json_object_array_get_idx(c, i);
		if (strcmp(jget_str(x, "field"), "path") == 0 && strcmp(jget_str(x, "source"), "/me/calendar/events/{id}") == 0 &&
			strcmp(jget_str(x, "catalog"), "/me/events/{id}") == 0)
			found = 1;
	}
	cr_assert(found, "no path contradiction in %s", json_object_to_json_string(c));
	cr_assert_str_eq(jget_str(get, "path"), "/me/events/{id}");
	cr_assert_null(jget(issues, "scope_alternatives"));
	/* The compiler refuses the unranked scope until it is curated, and nothing else. */
	char out[200];
	snprintf(out, sizeof out, "%s.bin", tmpdir);
	cr_assert_neq(catalogc_build(tmpdir, out, err, sizeof err), 0);
	cr_assert_not_null(strstr(err, "Mail.Send.Shared"), "%s", err);
	cr_assert_not_null(strstr(err, "scope_order"), "%s", err);
	json_object_put(send);
	json_object_put(get);
	json_object_put(issues);
}

/* Refreshing from a document that only moved its host changes the base address, keeps every request
 * path, and records each operation's earlier state for change impact. */
Test(refresh, moved_host_keeps_paths_and_records_history, .init = copy_catalog, .fini = drop_copy)
{
	char *tmp = gmail_variant("https://www.googleapis.com/", "gmail/v1/users/", "gmail/v1/users/");
	char d[4200];
	snprintf(d, sizeof d, "google-gmail=%s", tmp);
	const char *docs[] = { d }, *dates[] = { "google-gmail=2026-01-01T00:00:00Z" };
	struct json_object *before = op_of("mailA", "mailA.users.messages.get"), *sum;
	cr_assert_eq(run(docs, 1, dates, 1, &sum), 0);
	json_object_put(sum);
	char p[600];
	snprintf(p, sizeof p, "%s/apps/mailA.json", tmpdir);
	struct json_object *app = json_object_from_file(p), *after = op_of("mailA", "mailA.users.messages.get");
	cr_assert_str_eq(jget_str(app, "base_url"), "https://www.googleapis.com/");
	cr_assert_str_eq(jget_str(after, "path"), jget_str(before, "path"));
	cr_assert_str_eq(jget_str(after, "path"), "mailA/v1/users/{userId}/messages/{id}");
	/* the neutral-rewrite contradiction is the one it was: no curated-path contradiction appears */
	cr_assert(json_object_equal(jget(jget(after, "evidence"), "contradictions"), jget(jget(before, "evidence"), "contradictions")));
	snprintf(p, sizeof p, "%s/history.json", tmpdir);
	struct json_object *h = json_object_from_file(p), *entries = jget(h, "entries");
	cr_assert_eq(json_object_array_length(entries), 5);
	struct json_object *e = NULL;
	for (size_t i = 0; i < 5; i++)
		if (strcmp(jget_str(json_object_array_get_idx(entries, i), "operation"), "mailA.users.messages.get") == 0)
			e = json_object_array_get_idx(entries, i);
	cr_assert_not_null(e);
	cr_assert_str_eq(jget_str(e, "request_url"), "https://gmail.googleapis.com/gmail/v1/users/{userId}/messages/{id}");
	cr_assert_str_eq(jget_str(e, "semantic_sha256"), jget_str(jget(before, "evidence"), "semantic_sha256"));
	cr_assert_str_eq(jget_str(e, "revision"), "20240520");
	json_object_put(h);
	json_object_put(app);
	json_object_put(before);
	json_object_put(after);
	unlink(tmp);
}

/* The answer of one POST through the router against the compiled catalog at path. */
static struct json_object *post_to(const char *catalog_path, const char *path, const char *body)
{
	struct catalog cat;
	struct router rt;
	char err[512];
	cr_assert_eq(catalog_open(&cat, catalog_path, err, sizeof err), 0, "%s", err);
	cr_assert_eq(router_init(&rt, &cat, ROUTES, NROUTES), 0);
	int status;
	char *text;
	struct json_object *o = inproc_post(&rt, path, body, &status, &text);
	cr_assert_eq(status, 200, "%s -> %d %s", path, status, text);
	free(text);
	router_free(&rt);
	catalog_close(&cat);
	return o;
}

/* End to end: a workflow snapshot taken now; the mail document then moves its host; the refreshed and
 * recompiled catalog's change impact says the host changed, and no path. */
Test(refresh, change_impact_tells_a_host_move_from_a_path_change, .init = copy_catalog, .fini = drop_copy)
{
	struct json_object *snap = post_to(getenv("AUTOPLAN_CATALOG"), "/v2/workflows/snapshot",
		"{\"task_id\":\"mailA-attachments-driveA\"}");
	char *tmp = gmail_variant("https://www.googleapis.com/", "gmail/v1/users/", "gmail/v1/users/");
	char d[4200], bin[128], err[1024];
	snprintf(d, sizeof d, "google-gmail=%s", tmp);
	const char *docs[] = { d }, *dates[] = { "google-gmail=2026-01-01T00:00:00Z" };
	struct json_object *sum;
	cr_assert_eq(run(docs, 1, dates, 1, &sum), 0);
	json_object_put(sum);
	snprintf(bin, sizeof bin, "%s.bin", tmpdir);
	cr_assert_eq(catalogc_build(tmpdir, bin, err, sizeof err), 0, "%s", err);
	const char *s = json_object_to_json_string_ext(jget(snap, "snapshot"), JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	char *body = malloc(strlen(s) + 20);
	sprintf(body, "{\"snapshot\":%s}", s);
	struct json_object *imp = post_to(bin, "/v2/changes/impact", body), *changes = jget(imp, "changes");
	int hosts = 0, paths = 0, explained = 0, unexplained = 0;
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		struct json_object *c = json_object_array_get_idx(changes, i);
		const char *kind = jget_str(c, "change"), *op = jget_str(c, "operation");
		if (strcmp(kind, "host_changed") == 0) {
			cr_assert(strncmp(op, "mailA.", 6) == 0, "%s", op);
			cr_assert_str_eq(jget_str(c, "severity"), "breaking");
			cr_assert_str_eq(json_object_get_string(jget(c, "before")), "https://gmail.googleapis.com");
			cr_assert_str_eq(json_object_get_string(jget(c, "after")), "https://www.googleapis.com");
			hosts++;
		}
		paths += strcmp(kind, "path_changed") == 0;
		if (strcmp(kind, "source_hash_changed") == 0) {
			explained += strcmp(jget_str(c, "severity"), "info") == 0;
			unexplained += strcmp(jget_str(c, "severity"), "breaking") == 0;
		}
	}
	/* search, read (found before the download), download: the three mail operations of the plan */
	cr_assert_eq(hosts, 3, "%s", json_object_to_json_string(changes));
	cr_assert_eq(paths, 0, "%s", json_object_to_json_string(changes));
	cr_assert_eq(explained, 3);
	cr_assert_eq(unexplained, 0);
	cr_assert_str_eq(jget_str(imp, "status"), "breaking");
	json_object_put(imp);
	json_object_put(snap);
	free(body);
	unlink(bin);
	unlink(tmp);
}
