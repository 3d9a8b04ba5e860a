/* The registry importer: the whole shared dump with its counts, compiled into a catalog; and
 * synthetic dumps with every kind of bad record, which are reported with their position and skipped. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "tools/import/importer.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *dump_path(void)
{
	static char path[1024];
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert_not_null(src, "AUTOPLAN_SRCDIR is not set");
	snprintf(path, sizeof path, "%s/../shared/registry/official-registry-servers-2025-12-18.json", src);
	return path;
}

static struct json_object *entry_named(struct json_object *out, const char *key)
{
	struct json_object *es = jget(out, "entries");
	for (size_t i = 0; i < json_object_array_length(es); i++)
		if (strcmp(jget_str(json_object_array_get_idx(es, i), "schluessel"), key) == 0)
			return json_object_array_get_idx(es, i);
	return NULL;
}

Test(import, whole_shared_dump)
{
	const char *path = dump_path();
	if (access(path, R_OK) != 0) cr_skip_test("the shared registry dump is not next to the source tree");
	struct import_stats st;
	char err[256];
	char *rep = NULL;
	size_t replen = 0;
	FILE *report = open_memstream(&rep, &replen);
	struct json_object *out = registry_import_file(path, report, &st, err, sizeof err);
	fclose(report);
	cr_assert_not_null(out, "%s", err);
	/* README of the dump: 2,794 versions of 1,108 names, all active */
	cr_assert_eq(st.records, 2794);
	cr_assert_eq(st.names, 1108);
	cr_assert_eq(st.entries, 1108);
	cr_assert_eq(json_object_array_length(jget(out, "entries")), 1108);
	cr_assert_eq(st.aktiv, 1108);
	cr_assert_eq(st.eingestellt, 0);
	cr_assert_eq(st.malformed, 0, "%s", rep);
	cr_assert_eq(st.duplicates, 0, "%s", rep);
	/* first npm/pypi/mcpb package, else name: (remote-only, OCI- and NuGet-only, neither) */
	cr_assert_eq(st.coord[0], 354);
	cr_assert_eq(st.coord[1], 166);
	cr_assert_eq(st.coord[2], 19);
	cr_assert_eq(st.coord[3], 569);
	/* 5 Chinese and 2 Korean descriptions, plus a few German and French ones in Latin script */
	size_t zh = 0, ko = 0, de = 0;
	struct json_object *es = jget(out, "entries");
	for (size_t i = 0; i < json_object_array_length(es); i++) {
		const char *l = jget_str(jget(json_object_array_get_idx(es, i), "anbietertext"), "sprache");
		zh += strcmp(l, "zh") == 0;
		ko += strcmp(l, "ko") == 0;
		de += strcmp(l, "de") == 0;
	}
	cr_assert_eq(zh, 5);
	cr_assert_eq(ko, 2);
	cr_assert_geq(de, 1);
	/* the counts autoplan-import prints per language are the entries' languages, English 1,097 of them */
	size_t total = 0;
	for (size_t k = 0; k < st.nlang; k++) {
		size_t n = 0;
		for (size_t i = 0; i < json_object_array_length(es); i++)
			n += strcmp(jget_str(jget(json_object_array_get_idx(es, i), "anbietertext"), "sprache"), st.lang[k].code) == 0;
		cr_assert_eq(n, st.lang[k].n, "language %s", st.lang[k].code);
		if (strcmp(st.lang[k].code, "en") == 0) cr_assert_eq(n, 1097);
		total += n;
	}
	cr_assert_eq(total, st.entries);
	/* every skipped part is reported with its record position */
	cr_assert_eq(st.overlong, 1, "%s", rep);
	cr_assert(strstr(rep, "record 326 (line 13452): com.cloudflare.mcp/mcp: more than 20 connections"), "%s", rep);
	cr_assert_eq(st.dropped_parts, 2, "%s", rep);
	/* a remote-only server keeps its real connection behind a name: coordinate */
	struct json_object *gh = entry_named(out, "io.github.github/github-mcp-server");
	cr_assert_not_null(gh);
	cr_assert_str_eq(jget_str(gh, "paket_koordinate"), "name:io.github.github/github-mcp-server");
	cr_assert_str_eq(jget_str(gh, "homepage"), "https://github.com/github/github-mcp-server");
	cr_assert_str_eq(jget_str(gh, "version"), "0.26.0-rc.3");
	struct json_object *c0 = json_object_array_get_idx(jget(gh, "connections"), 0);
	cr_assert_str_eq(jget_str(c0, "url"), "https://api.githubcopilot.com/mcp/");
	cr_assert(jget_bool(json_object_array_get_idx(jget(c0, "headers"), 0), "secret", 0));
	struct json_object *d = entry_named(out, "app.getdialer/dialer");
	cr_assert_str_eq(jget_str(d, "version"), "1.0.1");
	cr_assert_str_eq(jget_str(d, "gelistet_seit"), "2025-09-08");
	cr_assert(json_object_is_type(jget(d, "homepage"), json_type_null));

	/* and it compiles into a catalog the way the built-in directory does */
	char dir[] = "/tmp/apimp.XXXXXX", file[128], bin[128];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/registry.json", dir);
	snprintf(bin, sizeof bin, "%s/catalog.bin", dir);
	cr_assert_eq(json_object_to_file(file, out), 0);
	char cat[1024], cerr[1024];
	snprintf(cat, sizeof cat, "%s/catalog", getenv("AUTOPLAN_SRCDIR"));
	cr_assert_eq(catalogc_build_ex(cat, dir, bin, cerr, sizeof cerr), 0, "%s", cerr);
	struct catalog c;
	cr_assert_eq(catalog_open(&c, bin, cerr, sizeof cerr), 0, "%s", cerr);
	cr_assert_eq(c.meta->imported_entries + c.meta->shadowed_entries, 1108);
	cr_assert_not_null(cat_entry_find(&c, "mcp", "app-getdialer-dialer"));
	catalog_close(&c);
	unlink(file);
	unlink(bin);
	rmdir(dir);
	json_object_put(out);
	free(rep);
}

#define META(status, latest, pub) "\"_meta\":{\"io.modelcontextprotocol.registry/official\":{\"status\":\"" status \
	"\",\"isLatest\":" latest ",\"publishedAt\":\"" pub "\"}}"
#define SERVER(name, version, extra) "{\"server\":{\"name\":\"" name "\",\"description\":\"A test server\"," \
	"\"version\":\"" version "\"" extra "},"

static struct json_object *import_text(const char *text, struct import_stats *st, char **rep)
{
	size_t len;
	FILE *report = open_memstream(rep, &len);
	char err[256];
	struct json_object *o = registry_import(text, strlen(text), NULL, report, st, err, sizeof err);
	fclose(report);
	cr_assert_not_null(o, "%s", err);
	return o;
}

Test(import, statuses_latest_versions_and_bad_records)
{
	static const char long_desc[] = "\"" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" "\"";
	char text[8192];
	snprintf(text, sizeof text, "\xEF\xBB\xBF[\n"
		SERVER("com.example/old", "1.0.0", "") META("deprecated", "true", "2025-10-01T00:00:00Z") "},\n"
		SERVER("com.example/gone", "1.0.0", "") META("deleted", "true", "2025-10-01T00:00:00Z") "},\n"
		SERVER("com.example/multi", "1.0.0", "") META("active", "false", "2025-09-01T00:00:00Z") "},\n"
		SERVER("com.example/multi", "2.0.0", ",\"websiteUrl\":\"https://example.com\",\"repository\":{\"url\":\"https://r\"}")
			META("active", "true", "2025-11-01T00:00:00Z") "},\n"
		SERVER("com.example/multi", "2.0.0", "") META("active", "false", "2025-11-02T00:00:00Z") "},\n"
		"{\"server\": {\"name\": \"broken\" \"x\"}},\n"
		"{\"server\":{\"name\":\"com.example/long\",\"description\":%s,\"version\":\"1\"}," META("active", "true", "2025-10-01T00:00:00Z") "},\n"
		SERVER("com.example/weird", "1", "") META("paused", "true", "2025-10-01T00:00:00Z") "},\n"
		SERVER("not a name", "1", "") META("active", "true", "2025-10-01T00:00:00Z") "},\n"
		"42,\n"
		SERVER("com.example/Pkg", "1", ",\"packages\":[{\"registryType\":\"cargo\",\"identifier\":\"c\",\"transport\":{\"type\":\"stdio\"}},"
			"{\"registryType\":\"oci\",\"identifier\":\"docker.io/a/b:1\",\"transport\":{\"type\":\"stdio\"}},"
			"{\"registryType\":\"pypi\",\"identifier\":\"p\",\"version\":\"1\",\"transport\":{\"type\":\"stdio\"},"
			"\"packageArguments\":[{\"type\":\"named\",\"name\":\"--port\",\"value\":\"1\"},{\"type\":\"positional\",\"valueHint\":\"dir\",\"isRequired\":true},"
			"{\"type\":\"positional\",\"valueHint\":\"opt\"}]}]") META("active", "true", "2025-10-01T00:00:00Z") "},\n"
		SERVER("com.example/pkg", "1", "") META("active", "true", "2025-10-01T00:00:00Z") "}\n"
		"]\n", long_desc);
	struct import_stats st;
	char *rep;
	struct json_object *out = import_text(text, &st, &rep);
	cr_assert_eq(st.records, 12, "%s", rep);
	cr_assert_str_eq(jget_str(entry_named(out, "com.example/old"), "status"), "eingestellt");
	cr_assert_not(jget_bool(entry_named(out, "com.example/old"), "indexierbar", 1));
	cr_assert_str_eq(jget_str(entry_named(out, "com.example/gone"), "status"), "eingestellt");
	struct json_object *m = entry_named(out, "com.example/multi");
	cr_assert_str_eq(jget_str(m, "version"), "2.0.0");
	cr_assert_str_eq(jget_str(m, "homepage"), "https://example.com");
	cr_assert_str_eq(jget_str(m, "gelistet_seit"), "2025-09-01");
	cr_assert_str_eq(jget_str(m, "status"), "aktiv");
	cr_assert(jget_bool(m, "indexierbar", 0));
	cr_assert_eq(st.duplicates, 2, "%s", rep); /* multi 2.0.0 twice; com.example/pkg takes Pkg's slug */
	cr_assert(strstr(rep, "record 4 (line 6): com.example/multi 2.0.0: duplicate of record 3"), "%s", rep);
	cr_assert(strstr(rep, "record 5 (line 7): not valid JSON"), "%s", rep);
	cr_assert(strstr(rep, "record 6 (line 8): com.example/long: name, version or description longer"), "%s", rep);
	cr_assert(strstr(rep, "record 7 (line 9): com.example/weird: unknown status"), "%s", rep);
	cr_assert(strstr(rep, "record 8 (line 10): \"not a name\""), "%s", rep);
	cr_assert(strstr(rep, "record 9 (line 11): not a {server, _meta} item"), "%s", rep);
	cr_assert(strstr(rep, "registry type \"cargo\" is not supported"), "%s", rep);
	cr_assert(strstr(rep, "slug com-example-pkg is taken by com.example/Pkg"), "%s", rep);
	cr_assert_eq(st.overlong, 1);
	cr_assert_eq(st.malformed, 4, "%s", rep);
	cr_assert_eq(st.names, 5);
	cr_assert_eq(st.entries, 4);
	cr_assert_eq(st.aktiv, 2);
	cr_assert_eq(st.eingestellt, 2);
	struct json_object *p = entry_named(out, "com.example/Pkg");
	cr_assert_str_eq(jget_str(p, "paket_koordinate"), "pypi:p");
	struct json_object *cs = jget(p, "connections");
	cr_assert_eq(json_object_array_length(cs), 2);
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(cs, 0), "package"), "registry"), "oci");
	cr_assert_str_eq(json_object_to_json_string_ext(jget(json_object_array_get_idx(cs, 1), "package_args"), JSON_C_TO_STRING_PLAIN),
		"[\"--port\",\"1\",\"<dir>\"]");
	cr_assert_str_eq(jget_str(entry_named(out, "com.example/old"), "paket_koordinate"), "name:com.example/old");
	json_object_put(out);
	free(rep);
}

Test(import, truncated_and_non_array_input)
{
	struct import_stats st;
	char *rep;
	struct json_object *out = import_text("[" SERVER("com.example/a", "1", "") META("active", "true", "2025-10-01T00:00:00Z")
		"}, {\"server\": {\"name\": ", &st, &rep);
	cr_assert_eq(st.entries, 1);
	cr_assert_eq(st.malformed, 1);
	cr_assert(strstr(rep, "record 1 (line 1): unterminated"), "%s", rep);
	json_object_put(out);
	free(rep);
	out = import_text("[]", &st, &rep);
	cr_assert_eq(st.records, 0);
	cr_assert_eq(json_object_array_length(jget(out, "entries")), 0);
	json_object_put(out);
	free(rep);
	char err[128];
	cr_assert_null(registry_import("{\"a\":1}", 7, NULL, NULL, &st, err, sizeof err));
	cr_assert(strstr(err, "not a JSON array"));
	cr_assert_null(registry_import("", 0, NULL, NULL, &st, err, sizeof err));
}
