/* The catalog's evidence recomputes: document hashes against the provider documents in ../shared,
 * semantic hashes against the served operation records. The same checks back the shipped
 * self-check report: every assertion it claims is re-run here, and with AUTOPLAN_SELFCHECK_WRITE=path
 * this test writes a fresh report from the results instead. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "util/jsonutil.h"
#include "util/buf.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct result {
	char id[96], check[200], detail[300];
	int pass;
};

static struct result results[64];
static int nresults;

static void record(const char *id, int pass, const char *check, const char *detail)
{
	cr_assert_lt(nresults, 64);
	struct result *r = &results[nresults++];
	snprintf(r->id, sizeof r->id, "%s", id);
	snprintf(r->check, sizeof r->check, "%s", check);
	snprintf(r->detail, sizeof r->detail, "%s", detail);
	r->pass = pass;
}

/* The whole file (NUL-terminated), or NULL; the caller frees. */
static char *slurp(const char *path, size_t *len)
{
	size_t n = 0;
	char *b = buf_read_file(path, &n);
	if (len) *len = b ? n : 0;
	return b;
}

static struct json_object *served_catalog(struct catalog *c)
{
	char err[512];
	cr_assert_eq(catalog_open(c, getenv("AUTOPLAN_CATALOG"), err, sizeof err), 0, "%s", err);
	return json_tokener_parse(cat_doc(c, DOC_PROVIDER_CATALOG));
}

static struct json_object *app_of(struct json_object *doc, const char *id)
{
	struct json_object *apps = jget(doc, "apps");
	for (size_t i = 0; i < json_object_array_length(apps); i++)
		if (strcmp(jget_str(json_object_array_get_idx(apps, i), "id"), id) == 0)
			return json_object_array_get_idx(apps, i);
	return NULL;
}

/* Document hashes: the shared copy of each document hashes to what sources.json and every
 * operation's evidence record. */
static void check_documents(struct json_object *doc)
{
	char path[4096];
	const char *src = getenv("AUTOPLAN_SRCDIR");
	snprintf(path, sizeof path, "%s/catalog/sources.json", src);
	struct json_object *sources = json_object_from_file(path);
	cr_assert_not_null(sources);
	struct json_object *list = jget(sources, "sources");
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *s = json_object_array_get_idx(list, i);
		const char *file = jget_str(s, "document"), *want = jget_str(s, "sha256"), *key = jget_str(s, "key");
		if (!file) continue;
		snprintf(path, sizeof path, "%s/../shared/providers/%s", src, file);
		size_t len;
		char *bytes = slurp(path, &len), got[65] = "", id[96], detail[300];
		cr_assert_not_null(bytes, "provider document %s is not readable", path);
		sha256_hex(bytes, len, got);
		free(bytes);
		int pass = want && strcmp(got, want) == 0, ops = 0;
		struct json_object *apps = jget(s, "apps");
		for (size_t a = 0; a < json_object_array_length(apps); a++) {
			struct json_object *app = app_of(doc, json_object_get_string(json_object_array_get_idx(apps, a)));
			struct json_object *opl = jget(app, "operations");
			for (size_t k = 0; k < json_object_array_length(opl); k++, ops++) {
				const char *ev = jget_str(jget(json_object_array_get_idx(opl, k), "evidence"), "sha256");
				if (!ev || strcmp(ev, got) != 0) pass = 0;
			}
		}
		snprintf(id, sizeof id, "document-sha256-%s", key);
		snprintf(detail, sizeof detail, "sha256 %s over %zu bytes; %d operations cite it", got, len, ops);
		record(id, pass, "the provider document hashes to the value in sources.json and in every citing operation's evidence", detail);
	}
	json_object_put(sources);
}

/* Semantic hashes: each served operation record hashes to its evidence.semantic_sha256. */
static void check_semantic(struct json_object *doc)
{
	struct json_object *apps = jget(doc, "apps");
	for (size_t i = 0; i < json_object_array_length(apps); i++) {
		struct json_object *app = json_object_array_get_idx(apps, i), *ops = jget(app, "operations");
		int pass = 1;
		size_t n = json_object_array_length(ops);
		for (size_t k = 0; k < n; k++) {
			struct json_object *op = json_object_array_get_idx(ops, k);
			const char *base = jget_str(op, "base_url") ? jget_str(op, "base_url") : jget_str(app, "base_url");
			char h[65];
			cr_assert_eq(catalogc_semantic_hash(jget_str(app, "id"), op, base, h), 0);
			if (strcmp(h, jget_str(jget(op, "evidence"), "semantic_sha256")) != 0) pass = 0;
		}
		char id[96], detail[128];
		snprintf(id, sizeof id, "semantic-sha256-%s", jget_str(app, "id"));
		snprintf(detail, sizeof detail, "%zu operations recomputed", n);
		record(id, pass, "every operation's semantic_sha256 recomputes from the served record", detail);
	}
}

static void check_counts(struct json_object *doc)
{
	struct json_object *apps = jget(doc, "apps");
	size_t ops = 0;
	int scopes_ok = 1;
	for (size_t i = 0; i < json_object_array_length(apps); i++) {
		struct json_object *app = json_object_array_get_idx(apps, i), *opl = jget(app, "operations");
		ops += json_object_array_length(opl);
		if (strcmp(jget_str(app, "provider"), "Google") != 0) continue;
		for (size_t k = 0; k < json_object_array_length(opl); k++) {
			size_t n = json_object_array_length(jget(json_object_array_get_idx(opl, k), "scope_alternatives"));
			if (n < 3 || n > 9) scopes_ok = 0;
		}
	}
	char detail[128];
	snprintf(detail, sizeof detail, "%zu apps, %zu operations", json_object_array_length(apps), ops);
	record("catalog-counts", json_object_array_length(apps) == 10 && ops == 49,
		"the catalog holds the specification's 10 apps and 49 operations", detail);
	record("google-scope-counts", scopes_ok, "every mailA, driveA, calendarA and sheetsA operation lists 3 to 9 scope alternatives",
		scopes_ok ? "all within 3..9" : "some outside 3..9");
}

static void write_report(const char *path)
{
	char date[16];
	time_t now = time(NULL);
	strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
	struct json_object *r = json_object_new_object(), *as = json_object_new_array();
	char id[64];
	snprintf(id, sizeof id, "selfcheck-%s", date);
	json_object_object_add(r, "id", json_object_new_string(id));
	json_object_object_add(r, "date", json_object_new_string(date));
	json_object_object_add(r, "title", json_tokener_parse("{\"en\":\"Catalog evidence recomputed by the service's own test suite\","
		"\"de\":\"Belege des Katalogs, von der eigenen Testsuite des Dienstes nachgerechnet\"}"));
	json_object_object_add(r, "subject", json_tokener_parse("{\"kind\":\"service\"}"));
	json_object_object_add(r, "environment", json_tokener_parse("{\"runner\":\"make check (tests/unit/test_evidence)\","
		"\"inputs\":\"compiled catalog, catalog/sources.json, provider documents of the shared data set\"}"));
	for (int i = 0; i < nresults; i++) {
		struct json_object *a = json_object_new_object();
		json_object_object_add(a, "id", json_object_new_string(results[i].id));
		json_object_object_add(a, "check", json_object_new_string(results[i].check));
		json_object_object_add(a, "result", json_object_new_string(results[i].pass ? "pass" : "fail"));
		json_object_object_add(a, "detail", json_object_new_string(results[i].detail));
		json_object_array_add(as, a);
	}
	json_object_object_add(r, "assertions", as);
	json_object_object_add(r, "limitations", json_tokener_parse("[{\"en\":\"Only documents available as exact bytes are "
		"rehashed (the four discovery documents); sources read in fragments carry a null hash and are not checked. No provider "
		"was called.\",\"de\":\"Nur als exakte Bytes vorliegende Dokumente werden neu gehasht (die vier Discovery-Dokumente); "
		"nur in Auszügen gelesene Quellen tragen einen leeren Hash und werden nicht geprüft. Kein Anbieter wurde aufgerufen.\"}]"));
	json_object_object_add(r, "observed_tool_input_schemas", json_object_new_array());
	json_object_object_add(r, "generated_by", json_object_new_string("make check"));
	cr_assert_eq(json_object_to_file_ext(path, r, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE), 0);
	json_object_put(r);
}

/* Every assertion of every shipped self-check report must still hold, with the same result. */
static void compare_with_shipped(void)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/catalog/reports", getenv("AUTOPLAN_SRCDIR"));
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "no catalog/reports directory");
	int reports = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "selfcheck-", 10) != 0) continue;
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct json_object *r = json_object_from_file(path), *as = jget(r, "assertions");
		cr_assert_not_null(r, "%s", path);
		reports++;
		for (size_t i = 0; i < json_object_array_length(as); i++) {
			struct json_object *a = json_object_array_get_idx(as, i);
			int found = 0;
			for (int k = 0; k < nresults; k++) {
				if (strcmp(results[k].id, jget_str(a, "id")) != 0) continue;
				found = 1;
				cr_assert_str_eq(jget_str(a, "result"), results[k].pass ? "pass" : "fail",
					"%s claims %s for %s, the check now says otherwise", e->d_name, jget_str(a, "result"), results[k].id);
			}
			cr_assert(found, "%s claims an assertion %s that no check produces", e->d_name, jget_str(a, "id"));
		}
		json_object_put(r);
	}
	closedir(d);
	cr_assert_gt(reports, 0, "no self-check report is shipped");
}

Test(evidence, recomputes_and_backs_the_shipped_report)
{
	struct catalog c;
	struct json_object *doc = served_catalog(&c);
	check_documents(doc);
	check_semantic(doc);
	check_counts(doc);
	for (int i = 0; i < nresults; i++)
		cr_expect(results[i].pass, "%s failed: %s", results[i].id, results[i].detail);
	const char *out = getenv("AUTOPLAN_SELFCHECK_WRITE");
	if (out && *out) write_report(out);
	else compare_with_shipped();
	json_object_put(doc);
	catalog_close(&c);
}
