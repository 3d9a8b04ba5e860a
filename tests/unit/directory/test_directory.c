#define _GNU_SOURCE /* nftw */
/* Directory rules (slug, status, language, usage areas) and the directory compiler: connection
 * derivation, verification levels, source checks, and lookups in a compiled catalog. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "compiler/catalogc_dir.h"
#include "directory/directory.h"
#include "util/jsonutil.h"
#include "catalog/vocab.h"

#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void slug_is(const char *key, const char *want)
{
	char out[256];
	int n = dir_slug(key, out, sizeof out);
	cr_assert_geq(n, 0, "%s gave no slug", key);
	cr_assert_str_eq(out, want, "%s", key);
	cr_assert_eq((size_t)n, strlen(want));
}

Test(slug, lower_case_and_runs_become_one_dash)
{
	slug_is("io.github.github/github-mcp-server", "io-github-github-github-mcp-server");
	slug_is("ai.smithery/Foo_Bar", "ai-smithery-foo-bar");
	slug_is("a..b//c", "a-b-c");
	slug_is("com.example/x.-_y", "com-example-x-y");
	slug_is("ABC/DEF", "abc-def");
}

Test(slug, trailing_run_is_kept_as_one_dash)
{
	slug_is("com.example/tool_", "com-example-tool-");
	slug_is("com.example/tool.-", "com-example-tool-");
}

Test(slug, leading_run_or_nothing_alphanumeric_is_refused)
{
	char out[64];
	cr_assert_lt(dir_slug(".hidden/x", out, sizeof out), 0);
	cr_assert_lt(dir_slug("-x/y", out, sizeof out), 0);
	cr_assert_lt(dir_slug("", out, sizeof out), 0);
	cr_assert_lt(dir_slug("/", out, sizeof out), 0);
}

Test(slug, non_ascii_letters_count_as_separators)
{
	slug_is("de.m\xC3\xBCller/tool", "de-m-ller-tool");
}

Test(slug, too_small_buffer_is_an_error)
{
	char out[5];
	cr_assert_lt(dir_slug("abcdef", out, sizeof out), 0);
	cr_assert_eq(dir_slug("abcd", out, sizeof out), 4);
}

Test(status, registry_status_mapping)
{
	cr_assert_str_eq(dir_status_from_registry("active"), "aktiv");
	cr_assert_str_eq(dir_status_from_registry("deprecated"), "eingestellt");
	cr_assert_str_eq(dir_status_from_registry("deleted"), "eingestellt");
	cr_assert_null(dir_status_from_registry("Active"));
	cr_assert_null(dir_status_from_registry("archived"));
	cr_assert_null(dir_status_from_registry(NULL));
}

Test(language, scripts_decide_first)
{
	cr_assert_str_eq(dir_detect_language("\xE6\x90\x9C\xE7\xB4\xA2\xE7\xAC\x94\xE8\xAE\xB0 MCP"), "zh");
	cr_assert_str_eq(dir_detect_language("\xEB\xAC\xB8\xEC\x84\x9C \xED\x8E\xB8\xEC\xA7\x91 HWPX"), "ko");
	cr_assert_str_eq(dir_detect_language("\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88 \xE6\xBC\xA2"), "ja");
	cr_assert_str_eq(dir_detect_language("\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 MCP"), "ru");
}

Test(language, stop_words_for_latin_script)
{
	cr_assert_str_eq(dir_detect_language("Search the web and fetch pages for your agent"), "en");
	cr_assert_str_eq(dir_detect_language("Lädt Webseiten und gibt ihren Inhalt als Markdown zurück"), "de");
	cr_assert_str_eq(dir_detect_language("MCP Server für Forterro ERP"), "de");
	cr_assert_str_eq(dir_detect_language("Serveur MCP pour les tâches avec une file"), "fr");
	cr_assert_str_eq(dir_detect_language("Servidor para los datos con una API"), "es");
	cr_assert_str_eq(dir_detect_language("1234 5678"), "und");
	cr_assert_str_eq(dir_detect_language("GitHub MCP"), "en");
}

Test(areas, keywords_and_fallback)
{
	uint32_t m = dir_classify("GitHub", "Manage repositories and issues");
	cr_assert(m & (1u << vocab_index(VOCAB_EINSATZGEBIETE, "entwicklung")));
	m = dir_classify("x", "Query a PostgreSQL database");
	cr_assert(m & (1u << vocab_index(VOCAB_EINSATZGEBIETE, "daten")));
	cr_assert_eq(dir_classify("zzz", "qqq"), 1u << vocab_index(VOCAB_EINSATZGEBIETE, "sonstiges"));
}

Test(art, path_type_to_entry_art)
{
	cr_assert_str_eq(dir_art_of_type("mcp"), "mcp_server");
	cr_assert_str_eq(dir_art_of_type("agenten"), "agent");
}

/* ---- connection derivation ---- */

static struct json_object *conns_of(const char *entry_json)
{
	struct json_object *e = json_tokener_parse(entry_json);
	cr_assert_not_null(e);
	struct json_object *c = dirc_connections(e);
	json_object_put(e);
	return c;
}

static struct json_object *at(struct json_object *a, size_t i) { return json_object_array_get_idx(a, i); }

static const char *args_text(struct json_object *c)
{
	return json_object_to_json_string_ext(jget(c, "args"), JSON_C_TO_STRING_PLAIN);
}

Test(connections, runners_ids_and_suffixes)
{
	struct json_object *c = conns_of("{\"connections\":["
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"npm\",\"name\":\"@a/b\",\"version\":\"1.2.3\"},\"package_args\":[\"--x\"]},"
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"pypi\",\"name\":\"pkg\",\"version\":\"0.1\"}},"
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"oci\",\"name\":\"ghcr.io/o/i\",\"version\":\"2\"},"
		"  \"env\":[{\"name\":\"TOKEN\",\"required\":true,\"secret\":true,\"description\":\"t\"}]},"
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"nuget\",\"name\":\"N.Pkg\",\"version\":\"1.0.0\"}},"
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"mcpb\",\"name\":\"https://x/b.mcpb\",\"version\":null,"
		"  \"sha256\":\"" "0000000000000000000000000000000000000000000000000000000000000000" "\"}},"
		"{\"transport\":\"streamable-http\",\"url\":\"https://h/mcp\",\"headers\":[{\"name\":\"Authorization\",\"required\":true,\"secret\":true,\"description\":\"\"}]},"
		"{\"transport\":\"sse\",\"url\":\"https://h/sse\"},"
		"{\"transport\":\"streamable-http\",\"url\":\"https://h2/mcp\"},"
		"{\"transport\":\"stdio\",\"package\":{\"registry\":\"npm\",\"name\":\"other\",\"version\":null}}]}");
	cr_assert_eq(json_object_array_length(c), 9);
	static const char *const ids[] = { "npx", "uvx", "docker", "dnx", "mcpb", "remote-http", "remote-sse",
		"remote-http-2", "npx-2" };
	for (size_t i = 0; i < 9; i++) cr_assert_str_eq(jget_str(at(c, i), "id"), ids[i]);
	cr_assert_str_eq(args_text(at(c, 0)), "[\"-y\",\"@a\\/b@1.2.3\",\"--x\"]");
	cr_assert_str_eq(args_text(at(c, 1)), "[\"pkg==0.1\"]");
	cr_assert_str_eq(args_text(at(c, 2)), "[\"run\",\"-i\",\"--rm\",\"-e\",\"TOKEN\",\"ghcr.io\\/o\\/i:2\"]");
	cr_assert_str_eq(args_text(at(c, 3)), "[\"N.Pkg@1.0.0\",\"--yes\"]");
	cr_assert(json_object_is_type(jget(at(c, 4), "command"), json_type_null));
	cr_assert_str_eq(jget_str(jget(at(c, 4), "package"), "sha256"), "0000000000000000000000000000000000000000000000000000000000000000");
	cr_assert_str_eq(args_text(at(c, 8)), "[\"-y\",\"other\"]");
	for (size_t i = 0; i < 9; i++) {
		bool remote = i >= 5 && i <= 7;
		cr_assert_str_eq(jget_str(at(c, i), "runtime"), remote ? "remote" : "local");
		cr_assert_eq(json_object_array_length(jget(at(c, i), "requires")), remote ? 0u : 1u);
		cr_assert_not_null(jget_str(jget(at(c, i), "text"), "en"));
		cr_assert_not_null(jget_str(jget(at(c, i), "text"), "de"));
	}
	cr_assert_str_eq(jget_str(at(c, 0), "command"), "npx");
	cr_assert_str_eq(json_object_get_string(at(jget(at(c, 0), "requires"), 0)), "node");
	cr_assert_str_eq(json_object_get_string(at(jget(at(c, 1), "requires"), 0)), "uv");
	cr_assert_str_eq(json_object_get_string(at(jget(at(c, 2), "requires"), 0)), "docker");
	cr_assert_str_eq(jget_str(at(c, 6), "transport"), "sse");
	cr_assert_str_eq(jget_str(at(c, 5), "url"), "https://h/mcp");
	struct json_object *h = at(jget(at(c, 5), "headers"), 0);
	cr_assert(jget_bool(h, "secret", 0));
	cr_assert(strstr(jget_str(jget(at(c, 5), "text"), "en"), "Authorization (required, secret)"));
	cr_assert(strstr(jget_str(jget(at(c, 2), "text"), "de"), "TOKEN (Pflicht, geheim)"));
	json_object_put(c);
}

Test(connections, oci_reference_with_tag_is_kept)
{
	struct json_object *c = conns_of("{\"connections\":[{\"transport\":\"stdio\","
		"\"package\":{\"registry\":\"oci\",\"name\":\"docker.io/o/i:1.0\",\"version\":\"9\"}}]}");
	cr_assert_str_eq(args_text(at(c, 0)), "[\"run\",\"-i\",\"--rm\",\"docker.io\\/o\\/i:1.0\"]");
	json_object_put(c);
}

Test(connections, package_serving_http_locally)
{
	struct json_object *c = conns_of("{\"connections\":[{\"transport\":\"streamable-http\",\"url\":\"http://localhost:{port}/mcp\","
		"\"package\":{\"registry\":\"npm\",\"name\":\"srv\",\"version\":\"1\"}}]}");
	struct json_object *x = at(c, 0);
	cr_assert_str_eq(jget_str(x, "id"), "npx");
	cr_assert_str_eq(jget_str(x, "runtime"), "local");
	cr_assert_str_eq(jget_str(x, "transport"), "streamable-http");
	cr_assert_str_eq(jget_str(x, "url"), "http://localhost:{port}/mcp");
	cr_assert(strstr(jget_str(jget(x, "text"), "en"), "placeholders"));
	cr_assert(strstr(jget_str(jget(x, "text"), "de"), "Platzhalter"));
	json_object_put(c);
}

/* ---- the compiler over small source trees ---- */

static char tmpl[256];

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(void)
{
	nftw(tmpl, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* A scratch source tree under TMPDIR, removed when the test's process ends. */
static const char *tree(void)
{
	const char *t = getenv("TMPDIR");
	snprintf(tmpl, sizeof tmpl, "%s/apdir.XXXXXX", t && *t ? t : "/tmp");
	cr_assert_not_null(mkdtemp(tmpl));
	atexit(remove_tree);
	char d[300];
	snprintf(d, sizeof d, "%s/directory", tmpl);
	mkdir(d, 0700);
	return tmpl;
}

#define ENTRY(key, extra) "{\"art\":\"mcp\",\"schluessel\":\"" key "\",\"name\":\"N\",\"status\":\"aktiv\"," \
	"\"homepage\":null,\"paket_koordinate\":\"name:x\",\"indexierbar\":true,\"anbietertext\":{\"text\":\"t\"," \
	"\"sprache\":\"en\",\"uebersetzt\":false,\"geprueft\":false,\"quelle\":\"Anbieter\"},\"einsatzgebiete\":[\"web\"]," \
	"\"version\":null,\"gelistet_seit\":\"2026-01-02\",\"connections\":[]" extra "}"
#define FILE_OF(origin, entries) "{\"source\":{\"origin\":\"" origin "\",\"description\":\"d\"},\"entries\":[" entries "]}"

static int compile(const char *root, const char *extra, struct json_object **out, char *err)
{
	struct json_object *reports = json_object_new_array();
	int sh = 0;
	int rc = dirc_compile(root, extra, reports, out, &sh, err, 512);
	json_object_put(reports);
	return rc;
}

Test(compiler, sorted_drafts_and_bad_sources)
{
	const char *root = tree();
	char d[300], err[512];
	snprintf(d, sizeof d, "%s/directory", root);
	write_file(d, "a.json", FILE_OF("builtin", ENTRY("b.example/z", "") "," ENTRY("a.example/y", "")));
	struct json_object *out;
	cr_assert_eq(compile(root, NULL, &out, err), 0, "%s", err);
	cr_assert_eq(json_object_array_length(out), 2);
	cr_assert_str_eq(jget_str(at(out, 0), "slug"), "a-example-y");
	cr_assert_str_eq(jget_str(at(out, 0), "levels"), "[\"listed\"]");
	json_object_put(out);

	write_file(d, "b.json", FILE_OF("builtin", ENTRY("a.example/y", "")));
	cr_assert_eq(compile(root, NULL, &out, err), -1);
	cr_assert(strstr(err, "defined twice"), "%s", err);
	unlink(strcat(strcpy((char[200]){ 0 }, d), "/b.json"));

	write_file(d, "b.json", FILE_OF("builtin", ENTRY("c.example/q", ",\"slug\":\"wrong\"")));
	cr_assert_eq(compile(root, NULL, &out, err), -1);
	cr_assert(strstr(err, "does not follow the rule"), "%s", err);

	write_file(d, "b.json", FILE_OF("builtin", "{\"art\":\"mcp\"}"));
	cr_assert_eq(compile(root, NULL, &out, err), -1);
	cr_assert(strstr(err, "directory/b.json: /entries/0"), "%s", err);

	write_file(d, "b.json", FILE_OF("registry", ENTRY("c.example/q", "")));
	cr_assert_eq(compile(root, NULL, &out, err), -1);
	cr_assert(strstr(err, "/source/origin"), "%s", err);
	unlink(strcat(strcpy((char[200]){ 0 }, d), "/b.json"));
}

Test(compiler, connection_consistency_is_checked)
{
	const char *root = tree();
	char d[300], err[512];
	snprintf(d, sizeof d, "%s/directory", root);
	struct json_object *out;
	static const char *const bad[] = {
		FILE_OF("builtin", "{\"art\":\"mcp\",\"schluessel\":\"a.b/c\",\"name\":\"N\",\"status\":\"aktiv\",\"homepage\":null,"
			"\"paket_koordinate\":\"name:x\",\"indexierbar\":true,\"anbietertext\":{\"text\":\"t\",\"sprache\":\"en\","
			"\"uebersetzt\":false,\"geprueft\":false,\"quelle\":\"A\"},\"einsatzgebiete\":[\"web\"],\"version\":null,"
			"\"gelistet_seit\":\"2026-01-02\",\"connections\":[{\"transport\":\"stdio\"}]}"),
		FILE_OF("builtin", "{\"art\":\"mcp\",\"schluessel\":\"a.b/c\",\"name\":\"N\",\"status\":\"aktiv\",\"homepage\":null,"
			"\"paket_koordinate\":\"name:x\",\"indexierbar\":true,\"anbietertext\":{\"text\":\"t\",\"sprache\":\"en\","
			"\"uebersetzt\":false,\"geprueft\":false,\"quelle\":\"A\"},\"einsatzgebiete\":[\"web\"],\"version\":null,"
			"\"gelistet_seit\":\"2026-01-02\",\"connections\":[{\"transport\":\"sse\"}]}"),
		FILE_OF("builtin", "{\"art\":\"mcp\",\"schluessel\":\"a.b/c\",\"name\":\"N\",\"status\":\"aktiv\",\"homepage\":null,"
			"\"paket_koordinate\":\"name:x\",\"indexierbar\":true,\"anbietertext\":{\"text\":\"t\",\"sprache\":\"en\","
			"\"uebersetzt\":false,\"geprueft\":false,\"quelle\":\"A\"},\"einsatzgebiete\":[\"web\"],\"version\":null,"
			"\"gelistet_seit\":\"2026-01-02\",\"connections\":[{\"transport\":\"stdio\",\"package\":{\"registry\":\"mcpb\","
			"\"name\":\"https://x/y.mcpb\",\"version\":null}}]}"),
	};
	static const char *const why[] = { "needs a package", "needs a url", "needs its sha256" };
	for (int i = 0; i < 3; i++) {
		write_file(d, "x.json", bad[i]);
		cr_assert_eq(compile(root, NULL, &out, err), -1, "case %d", i);
		cr_assert(strstr(err, why[i]), "case %d: %s", i, err);
		cr_assert(strstr(err, "/entries/0/connections/0"), "case %d: %s", i, err);
	}
}

Test(compiler, builtin_wins_over_imported_and_reports_give_levels)
{
	const char *root = tree();
	char d[160], imp[160], err[512];
	snprintf(d, sizeof d, "%s/directory", root);
	snprintf(imp, sizeof imp, "%s/imported", root);
	mkdir(imp, 0700);
	write_file(d, "a.json", FILE_OF("builtin", ENTRY("a.example/y", "")));
	write_file(imp, "r.json", FILE_OF("registry", ENTRY("a.example/y", "") "," ENTRY("a.example/z", "")));
	struct json_object *reports = json_tokener_parse("[{\"id\":\"r1\",\"date\":\"2026-03-04\","
		"\"subject\":{\"kind\":\"mcp_server\",\"entry\":\"mcp/a-example-z\",\"connection\":\"npx\"},"
		"\"assertions\":[{\"id\":\"a\",\"result\":\"pass\",\"level\":\"package_resolved\"},"
		"{\"id\":\"b\",\"result\":\"fail\",\"level\":\"started\"}]}]");
	struct json_object *out;
	int sh = -1;
	cr_assert_eq(dirc_compile(root, imp, reports, &out, &sh, err, sizeof err), 0, "%s", err);
	cr_assert_eq(sh, 1);
	cr_assert_eq(json_object_array_length(out), 2);
	cr_assert_str_eq(jget_str(at(out, 0), "origin"), "builtin");
	cr_assert_str_eq(jget_str(at(out, 1), "levels"), "[\"listed\",\"package_resolved\"]");
	struct json_object *det = json_tokener_parse(jget_str(at(out, 1), "verifications"));
	cr_assert_str_eq(jget_str(at(det, 1), "report"), "r1");
	cr_assert_str_eq(jget_str(at(det, 1), "date"), "2026-03-04");
	cr_assert_not(jget_bool(at(det, 2), "reached", 1));
	cr_assert(json_object_is_type(jget(at(det, 2), "report"), json_type_null));
	json_object_put(det);
	/* the observation is compiled in: a report that read no tools, and no report at all, each said */
	struct json_object *obs = json_tokener_parse(jget_str(at(out, 1), "observation"));
	cr_assert_str_eq(jget_str(obs, "state"), "not_observed");
	cr_assert_str_eq(jget_str(obs, "report"), "r1");
	json_object_put(obs);
	obs = json_tokener_parse(jget_str(at(out, 0), "observation"));
	cr_assert_str_eq(jget_str(obs, "state"), "never_observed");
	json_object_put(obs);
	cr_assert(strstr(jget_str(at(out, 0), "observation_de"), "Nie beobachtet"));
	json_object_put(out);
	json_object_put(reports);
}

/* ---- the shipped catalog ---- */

Test(catalog, builtin_entries_compile_and_are_found)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert_not_null(src);
	char cat[512], out[] = "/tmp/apcat.XXXXXX", err[1024];
	snprintf(cat, sizeof cat, "%s/catalog", src);
	int fd = mkstemp(out);
	close(fd);
	cr_assert_eq(catalogc_build(cat, out, err, sizeof err), 0, "%s", err);
	struct catalog c;
	cr_assert_eq(catalog_open(&c, out, err, sizeof err), 0, "%s", err);
	unsigned types[2] = { 0, 0 }, discontinued[2] = { 0, 0 };
	for (uint32_t i = 0; i < c.nentries; i++) {
		int t = strcmp(cat_s(&c, c.entries[i].type), "agenten") == 0;
		types[t]++;
		discontinued[t] += c.entries[i].discontinued;
		const struct cat_entry *e = cat_entry_find(&c, cat_s(&c, c.entries[i].type), cat_s(&c, c.entries[i].slug));
		cr_assert_eq(e, &c.entries[i]);
	}
	cr_assert_geq(types[0], 1);
	cr_assert_geq(types[1], 1);
	cr_assert_geq(discontinued[0], 1);
	cr_assert_geq(discontinued[1], 1);
	cr_assert_null(cat_entry_find(&c, "mcp", "no-such-entry"));
	cr_assert_eq(cat_entry_find_id(&c, "mcp/io-github-github-github-mcp-server"),
		cat_entry_find(&c, "mcp", "io-github-github-github-mcp-server"));
	cr_assert_null(cat_entry_find_id(&c, "mcp"));
	cr_assert_null(cat_entry_find_id(&c, "averyveryverylongtype/x"));
	cr_assert_null(cat_entry_find_id(&c, "agenten/io-github-github-github-mcp-server"));
	cr_assert_null(cat_entry_find(&c, "agenten", "io-github-github-github-mcp-server"));
	const struct cat_entry *g = cat_entry_find(&c, "mcp", "io-github-github-github-mcp-server");
	cr_assert_not_null(g);
	struct json_object *conns = json_tokener_parse(cat_s(&c, g->connections));
	cr_assert_str_eq(jget_str(at(conns, 0), "id"), "remote-http");
	cr_assert_str_eq(jget_str(at(conns, 1), "id"), "docker");
	json_object_put(conns);
	struct json_object *j = json_tokener_parse(cat_s(&c, g->json));
	cr_assert_str_eq(jget_str(j, "adresse"), "/v1/eintrag/mcp/io-github-github-github-mcp-server");
	cr_assert_str_eq(jget_str(j, "art"), "mcp_server");
	json_object_put(j);
	cr_assert_str_eq(cat_s(&c, c.meta->connection_rule_version), "2026-11-22.1");
	catalog_close(&c);
	unlink(out);
}

/* The reader trusts entry order for its binary search, so it refuses a file where it does not hold
 * (even with a valid checksum), and an entry string offset outside the pool. */
static void rewrite_and_rehash(const char *path, void (*edit)(unsigned char *base, struct cat_header *h))
{
	FILE *f = fopen(path, "r+b");
	cr_assert_not_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	unsigned char *b = malloc((size_t)n);
	fseek(f, 0, SEEK_SET);
	cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
	struct cat_header *h = (struct cat_header *)b;
	edit(b, h);
	cr_assert_eq(catalog_seal(b, (size_t)n), 0);
	fseek(f, 0, SEEK_SET);
	cr_assert_eq(fwrite(b, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	free(b);
}

static void swap_first_entries(unsigned char *b, struct cat_header *h)
{
	struct cat_entry *e = (struct cat_entry *)(b + h->sections[CS_ENTRIES].off), t = e[0];
	cr_assert_geq(h->sections[CS_ENTRIES].count, 2);
	e[0] = e[1];
	e[1] = t;
}

static void bad_entry_offset(unsigned char *b, struct cat_header *h)
{
	struct cat_entry *e = (struct cat_entry *)(b + h->sections[CS_ENTRIES].off);
	e[0].connections = (cat_str)h->sections[CS_STRINGS].size + 10;
}

Test(catalog, reader_refuses_unordered_or_dangling_entries)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert_not_null(src);
	char cat[512], out[] = "/tmp/apcat.XXXXXX", err[1024];
	snprintf(cat, sizeof cat, "%s/catalog", src);
	close(mkstemp(out));
	void (*edits[])(unsigned char *, struct cat_header *) = { swap_first_entries, bad_entry_offset };
	for (int i = 0; i < 2; i++) {
		cr_assert_eq(catalogc_build(cat, out, err, sizeof err), 0, "%s", err);
		rewrite_and_rehash(out, edits[i]);
		struct catalog c;
		cr_assert_eq(catalog_open(&c, out, err, sizeof err), -1, "edit %d accepted", i);
		cr_assert(strstr(err, "damaged section or reference"), "%s", err);
	}
	unlink(out);
}
