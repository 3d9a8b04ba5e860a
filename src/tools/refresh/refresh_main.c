/* autoplan-refresh: regenerate the documented fields of the catalog sources from local provider
 * documents, or compare two revisions of one document (--diff). See docs/evidence.md. */
#include "tools/refresh/refresh.h"
#include "util/cli.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char USAGE[] =
	"usage: autoplan-refresh [--docs DIR] [--facts FILE] [--doc KEY=FILE]... [--source-date KEY=TIME]...\n"
	"                        [--check] [--summary] CATALOG_DIR\n"
	"       autoplan-refresh --diff [--json] [--catalog DIR] OLD_DOCUMENT NEW_DOCUMENT\n"
	"       autoplan-refresh --list-documents CATALOG_DIR\n"
	"       autoplan-refresh --help | --version\n"
	"  See autoplan-refresh(1).\n";

static int usage(void)
{
	fputs(USAGE, stderr);
	return 2;
}

static int run_diff(const char *catalog, int as_json, const char *old_path, const char *new_path)
{
	char err[1024];
	struct json_object *d = refresh_diff(catalog, old_path, new_path, err, sizeof err);
	if (!d) { fprintf(stderr, "autoplan-refresh: %s\n", err); return 1; }
	char *text = as_json ? json_pretty(d) : refresh_diff_text(d);
	if (text) fputs(text, stdout);
	free(text);
	json_object_put(d);
	return text ? 0 : 1;
}

/* "key document url" per source with a description document, for `make refresh` to download. */
static int list_documents(const char *dir)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/sources.json", dir);
	struct json_object *s = json_object_from_file(path), *list = json_object_object_get(s, "sources");
	if (!list) { fprintf(stderr, "autoplan-refresh: %s: no sources\n", path); json_object_put(s); return 1; }
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *src = json_object_array_get_idx(list, i);
		const char *key = json_object_get_string(json_object_object_get(src, "key"));
		const char *doc = json_object_get_string(json_object_object_get(src, "document"));
		const char *url = json_object_get_string(json_object_object_get(src, "url"));
		if (key && doc && url && !strchr(doc, '/')) printf("%s %s %s\n", key, doc, url);
	}
	json_object_put(s);
	return 0;
}

int main(int argc, char **argv)
{
	struct refresh_opts o = { 0 };
	const char *docs[64], *dates[64], *catalog = "catalog";
	int diff = 0, as_json = 0, check = 0, show = 0, i;
	int hv = cli_help_version(argc, argv, "autoplan-refresh", USAGE);
	if (hv >= 0) return hv;
	for (i = 1; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		const char *a = argv[i];
		int more = i + 1 < argc;
		if (strcmp(a, "--diff") == 0) diff = 1;
		else if (strcmp(a, "--list-documents") == 0 && more && i + 2 == argc) return list_documents(argv[i + 1]);
		else if (strcmp(a, "--json") == 0) as_json = 1;
		else if (strcmp(a, "--check") == 0) check = 1;
		else if (strcmp(a, "--summary") == 0) show = 1;
		else if (strcmp(a, "--catalog") == 0 && more) catalog = argv[++i];
		else if (strcmp(a, "--docs") == 0 && more) o.docs_dir = argv[++i];
		else if (strcmp(a, "--facts") == 0 && more) o.facts_path = argv[++i];
		else if (strcmp(a, "--doc") == 0 && more && o.ndocs < 64) docs[o.ndocs++] = argv[++i];
		else if (strcmp(a, "--source-date") == 0 && more && o.ndates < 64) dates[o.ndates++] = argv[++i];
		else return usage();
	}
	if (diff) return argc - i == 2 ? run_diff(catalog, as_json, argv[i], argv[i + 1]) : usage();
	if (argc - i != 1) return usage();
	o.catalog_dir = argv[i];
	o.docs = docs;
	o.dates = dates;
	o.dry_run = check;
	char err[1024];
	struct json_object *sum;
	if (refresh_run(&o, &sum, err, sizeof err) < 0) { fprintf(stderr, "autoplan-refresh: %s\n", err); return 1; }
	int changed = 0;
	struct json_object *files = json_object_object_get(sum, "files");
	for (size_t k = 0; k < json_object_array_length(files); k++) {
		struct json_object *f = json_object_array_get_idx(files, k);
		if (json_object_get_boolean(json_object_object_get(f, "changed"))) {
			changed = 1;
			fprintf(stderr, "%s %s\n", check ? "would change" : "changed", json_object_get_string(json_object_object_get(f, "file")));
		}
	}
	static const char *const notes[][2] = {
		{ "scopes_not_ranked", "scope %s of %s is not ranked in scope_order.json: curate its place (the compiler refuses it until then)" },
		{ "ranked_scopes_unused", "scope_order.json ranks %s for %s, but no operation accepts it now" } };
	for (int n = 0; n < 2; n++) {
		struct json_object *l = json_object_object_get(sum, notes[n][0]);
		for (size_t k = 0; l && k < json_object_array_length(l); k++) {
			struct json_object *e = json_object_array_get_idx(l, k);
			fprintf(stderr, "autoplan-refresh: ");
			fprintf(stderr, notes[n][1], json_object_get_string(json_object_object_get(e, "scope")),
				json_object_get_string(json_object_object_get(e, "app")));
			fputc('\n', stderr);
		}
	}
	if (show) {
		char *t = json_pretty(sum);
		if (t) fputs(t, stdout);
		free(t);
	}
	json_object_put(sum);
	return check && changed ? 3 : 0;
}
