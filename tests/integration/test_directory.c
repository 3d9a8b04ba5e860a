/* The directory through nginx: /v1 entry and listing page, row 3 (connections) and row 4
 * (verifications), with every validation and 404 rule. Assertions hold with or without the
 * imported registry compiled in (imports add only mcp entries, none discontinued). */
#define _GNU_SOURCE /* strcasestr */
#include "http.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GH "io-github-github-github-mcp-server"
#define FS "io-github-modelcontextprotocol-server-filesystem"

static struct json_object *item(struct json_object *arr, size_t i) { return json_object_array_get_idx(arr, i); }
static size_t len_of(struct json_object *o, const char *key) { return json_object_array_length(jreq(o, key)); }

static bool has_str(struct json_object *arr, const char *s)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++)
		if (strcmp(json_object_get_string(item(arr, i)), s) == 0) return true;
	return false;
}

Test(v1, entry_has_the_spec_fields)
{
	struct http_resp r = http_get("/v1/eintrag/mcp/" FS);
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *e = r.json;
	cr_assert_str_eq(jstr(e, "art"), "mcp_server");
	cr_assert_str_eq(jstr(e, "schluessel"), "io.github.modelcontextprotocol/server-filesystem");
	cr_assert_str_eq(jstr(e, "slug"), FS);
	cr_assert_str_eq(jstr(e, "status"), "aktiv");
	cr_assert_str_eq(jstr(e, "paket_koordinate"), "npm:@modelcontextprotocol/server-filesystem");
	cr_assert_str_eq(jstr(e, "adresse"), "/v1/eintrag/mcp/" FS);
	cr_assert(strncmp(jstr(e, "homepage"), "https://", 8) == 0);
	cr_assert(json_object_is_type(jreq(e, "indexierbar"), json_type_boolean));
	cr_assert(strlen(jstr(e, "name")) > 0);
	struct json_object *t = jreq(e, "anbietertext");
	cr_assert(strlen(jstr(t, "text")) > 0);
	cr_assert_str_eq(jstr(t, "sprache"), "en");
	cr_assert(json_object_is_type(jreq(t, "uebersetzt"), json_type_boolean));
	cr_assert(json_object_is_type(jreq(t, "geprueft"), json_type_boolean));
	cr_assert(strlen(jstr(t, "quelle")) > 0);
	http_free(&r);
}

Test(v1, discontinued_agent_entry)
{
	struct http_resp r = http_get("/v1/eintrag/agenten/com-openai-swarm");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "art"), "agent");
	cr_assert_str_eq(jstr(r.json, "status"), "eingestellt");
	cr_assert_str_eq(jstr(r.json, "paket_koordinate"), "name:com.openai/swarm");
	cr_assert_str_eq(jstr(r.json, "adresse"), "/v1/eintrag/agenten/com-openai-swarm");
	http_free(&r);
}

struct case_ {
	const char *path;
	long status;
	const char *error;
};

static const struct case_ cases[] = {
	/* 404 entry_not_found: unknown slug, or a slug under the other type */
	{ "/v1/eintrag/mcp/no-such-entry", 404, "entry_not_found" },
	{ "/v1/eintrag/agenten/" GH, 404, "entry_not_found" },
	{ "/v2/connections/mcp/no-such-entry", 404, "entry_not_found" },
	{ "/v2/connections/agenten/" GH "?locale=de", 404, "entry_not_found" },
	{ "/v2/verifications/mcp/no-such-entry", 404, "entry_not_found" },
	{ "/v2/verifications/agenten/" FS, 404, "entry_not_found" },
	/* path: type enumeration, slug pattern */
	{ "/v1/eintrag/other/" FS, 400, "invalid_request" },
	{ "/v1/eintrag/mcp_server/" FS, 400, "invalid_request" },
	{ "/v1/eintrag/mcp/Bad_Slug", 400, "invalid_request" },
	{ "/v1/eintrag/mcp/-lead", 400, "invalid_request" },
	{ "/v2/connections/mcp/UPPER", 400, "invalid_request" },
	{ "/v2/verifications/agenten/a.b", 400, "invalid_request" },
	/* query of rows 3 and 4: locale enumeration, unknown and repeated parameters */
	{ "/v2/connections/mcp/" GH "?locale=fr", 400, "invalid_request" },
	{ "/v2/verifications/mcp/" GH "?locale=", 400, "invalid_request" },
	{ "/v2/connections/mcp/" GH "?lang=de", 400, "invalid_request" },
	{ "/v2/verifications/mcp/" GH "?locale=de&locale=en", 400, "invalid_request" },
	{ "/v1/eintrag/mcp/" FS "?x=1", 400, "invalid_request" },
	/* listing: enumerations, bounds, types, unknown and repeated parameters, bad escapes */
	{ "/v1/eintraege?art=mcp_server", 400, "invalid_request" },
	{ "/v1/eintraege?einsatzgebiet=gaming", 400, "invalid_request" },
	{ "/v1/eintraege?status=active", 400, "invalid_request" },
	{ "/v1/eintraege?suchebene=beschreibung", 400, "invalid_request" },
	{ "/v1/eintraege?grenze=0", 400, "invalid_request" },
	{ "/v1/eintraege?grenze=101", 400, "invalid_request" },
	{ "/v1/eintraege?grenze=zehn", 400, "invalid_request" },
	{ "/v1/eintraege?versatz=-1", 400, "invalid_request" },
	{ "/v1/eintraege?versatz=100001", 400, "invalid_request" },
	{ "/v1/eintraege?limit=5", 400, "invalid_request" },
	{ "/v1/eintraege?suche=a&suche=b", 400, "invalid_request" },
	{ "/v1/eintraege?suche=%zz", 400, "invalid_request" },
	/* unknown paths and methods */
	{ "/v1/eintrag/mcp", 404, "not_found" },
	{ "/v1/eintraege/x", 404, "not_found" },
};

#define NCASES (sizeof cases / sizeof cases[0])
static size_t case_index[NCASES];

ParameterizedTestParameters(dir_rules, each_rule)
{
	for (size_t i = 0; i < NCASES; i++) case_index[i] = i;
	return cr_make_param_array(size_t, case_index, NCASES);
}

ParameterizedTest(size_t *idx, dir_rules, each_rule)
{
	const struct case_ *c = &cases[*idx];
	struct http_resp r = http_get(c->path);
	expect_error(&r, c->status, c->error);
	if (c->status == 404 && strcmp(c->error, "entry_not_found") == 0)
		cr_assert_str_eq(jstr(r.json, "pointer"), "/slug");
	if (c->status == 400) cr_assert(json_object_object_get_ex(r.json, "in", NULL), "no location in %s", r.body);
	http_free(&r);
}

Test(dir_rules, post_is_not_allowed)
{
	struct http_resp r = http_post("/v1/eintraege", "{}");
	expect_error(&r, 405, "method_not_allowed");
	http_free(&r);
}

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

Test(dir_rules, bounds_on_both_sides)
{
	char *s240 = repeat('a', 240), *s241 = repeat('a', 241), *q500 = repeat('q', 500), *q501 = repeat('q', 501);
	char path[1200];
	snprintf(path, sizeof path, "/v2/connections/mcp/%s", s240);
	struct http_resp r = http_get(path);
	expect_error(&r, 404, "entry_not_found");
	http_free(&r);
	snprintf(path, sizeof path, "/v2/verifications/mcp/%s", s241);
	r = http_get(path);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	snprintf(path, sizeof path, "/v1/eintraege?suche=%s", q500);
	r = http_get(path);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_eq(json_object_get_int(jreq(r.json, "gesamt")), 0);
	http_free(&r);
	snprintf(path, sizeof path, "/v1/eintraege?suche=%s", q501);
	r = http_get(path);
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
	r = http_get("/v1/eintraege?grenze=1&versatz=0");
	cr_assert_eq(r.status, 200);
	cr_assert_eq(len_of(r.json, "eintraege"), 1);
	http_free(&r);
	r = http_get("/v1/eintraege?grenze=100&versatz=100000");
	cr_assert_eq(r.status, 200);
	cr_assert_eq(len_of(r.json, "eintraege"), 0);
	cr_assert(json_object_is_type(jreq(r.json, "naechster_versatz"), json_type_null));
	http_free(&r);
	free(s240); free(s241); free(q500); free(q501);
}

Test(listing, start_page)
{
	struct http_resp r = http_get("/v1/eintraege");
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *p = r.json;
	cr_assert_str_eq(jstr(p, "art"), "mcp_server");
	cr_assert(json_object_is_type(jreq(p, "filter"), json_type_object));
	cr_assert_eq(json_object_object_length(jreq(p, "filter")), 0);
	cr_assert(json_object_is_type(jreq(p, "suche"), json_type_null));
	cr_assert(json_object_is_type(jreq(p, "suchebene"), json_type_null));
	cr_assert(json_object_get_boolean(jreq(p, "startvorlage")));
	cr_assert_eq(json_object_get_int(jreq(p, "grenze")), 20);
	cr_assert_eq(json_object_get_int(jreq(p, "versatz")), 0);
	int total = json_object_get_int(jreq(p, "gesamt"));
	cr_assert_geq(total, 7);
	struct json_object *es = jreq(p, "eintraege");
	cr_assert_eq(json_object_array_length(es), (size_t)(total < 20 ? total : 20));
	for (size_t i = 0; i < json_object_array_length(es); i++)
		cr_assert_str_eq(jstr(item(es, i), "art"), "mcp_server");
	http_free(&r);
}

Test(listing, paging_is_consistent)
{
	struct http_resp a = http_get("/v1/eintraege?art=agenten&grenze=3");
	cr_assert_eq(a.status, 200, "%s", a.body);
	cr_assert_str_eq(jstr(a.json, "art"), "agent");
	int total = json_object_get_int(jreq(a.json, "gesamt"));
	cr_assert_eq(total, 4);
	cr_assert_eq(len_of(a.json, "eintraege"), 3);
	cr_assert_eq(json_object_get_int(jreq(a.json, "naechster_versatz")), 3);
	struct http_resp b = http_get("/v1/eintraege?art=agenten&grenze=3&versatz=3");
	cr_assert_eq(len_of(b.json, "eintraege"), 1);
	cr_assert(json_object_is_type(jreq(b.json, "naechster_versatz"), json_type_null));
	cr_assert_not(json_object_get_boolean(jreq(b.json, "startvorlage")));
	const char *last = jstr(item(jreq(b.json, "eintraege"), 0), "slug");
	for (size_t i = 0; i < 3; i++) cr_assert_str_neq(jstr(item(jreq(a.json, "eintraege"), i), "slug"), last);
	http_free(&a);
	http_free(&b);
}

Test(listing, status_and_area_filters)
{
	static const char *const types[] = { "mcp", "agenten" };
	for (int t = 0; t < 2; t++) {
		char path[200];
		snprintf(path, sizeof path, "/v1/eintraege?art=%s&status=eingestellt&grenze=100", types[t]);
		struct http_resp r = http_get(path);
		cr_assert_eq(r.status, 200, "%s", r.body);
		cr_assert_str_eq(jstr(jreq(r.json, "filter"), "status"), "eingestellt");
		struct json_object *es = jreq(r.json, "eintraege");
		cr_assert_geq(json_object_array_length(es), 1, "no discontinued %s entry", types[t]);
		for (size_t i = 0; i < json_object_array_length(es); i++)
			cr_assert_str_eq(jstr(item(es, i), "status"), "eingestellt");
		http_free(&r);
	}
	struct http_resp r = http_get("/v1/eintraege?einsatzgebiet=web&grenze=100");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(jreq(r.json, "filter"), "einsatzgebiet"), "web");
	cr_assert_not(json_object_get_boolean(jreq(r.json, "startvorlage")));
	struct json_object *es = jreq(r.json, "eintraege");
	cr_assert_geq(json_object_array_length(es), 1);
	for (size_t i = 0; i < json_object_array_length(es); i++)
		cr_assert(has_str(jreq(item(es, i), "einsatzgebiete"), "web"), "%s", jstr(item(es, i), "slug"));
	http_free(&r);
}

Test(listing, search_over_name_key_and_text)
{
	struct http_resp r = http_get("/v1/eintraege?suche=Filesystem&grenze=100");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "suche"), "Filesystem");
	cr_assert_str_eq(jstr(r.json, "suchebene"), "alle");
	cr_assert_not(json_object_get_boolean(jreq(r.json, "startvorlage")));
	cr_assert_geq(json_object_get_int(jreq(r.json, "gesamt")), 1);
	/* entries matching by name come before those matching only by key or text */
	bool in_name = true, fs = false;
	struct json_object *es = jreq(r.json, "eintraege");
	for (size_t i = 0; i < json_object_array_length(es); i++) {
		bool n = strcasestr(jstr(item(es, i), "name"), "filesystem") != NULL;
		cr_assert(in_name || !n, "name match %s after a non-name match", jstr(item(es, i), "slug"));
		in_name = n;
		fs |= strcmp(jstr(item(es, i), "slug"), FS) == 0 && n;
	}
	cr_assert(fs);
	http_free(&r);
	/* German provider text of the fetch server, folded: "lädt" finds "Lädt", "laedt" too */
	r = http_get("/v1/eintraege?suche=l%C3%A4dt%20markdown&suchebene=anbietertext");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_geq(json_object_get_int(jreq(r.json, "gesamt")), 1);
	bool found = false;
	es = jreq(r.json, "eintraege");
	for (size_t i = 0; i < json_object_array_length(es); i++)
		found |= strcmp(jstr(item(es, i), "slug"), "io-github-modelcontextprotocol-server-fetch") == 0;
	cr_assert(found);
	http_free(&r);
	r = http_get("/v1/eintraege?suche=l%C3%A4dt%20markdown&suchebene=name");
	cr_assert_eq(json_object_get_int(jreq(r.json, "gesamt")), 0);
	cr_assert_eq(len_of(r.json, "eintraege"), 0);
	http_free(&r);
	r = http_get("/v1/eintraege?suche=io.github.modelcontextprotocol&suchebene=schluessel&grenze=100");
	cr_assert_geq(json_object_get_int(jreq(r.json, "gesamt")), 6);
	es = jreq(r.json, "eintraege");
	for (size_t i = 0; i < json_object_array_length(es); i++)
		cr_assert(strstr(jstr(item(es, i), "schluessel"), "modelcontextprotocol"));
	http_free(&r);
	/* blank search is no search */
	r = http_get("/v1/eintraege?suche=%20%20");
	cr_assert(json_object_is_type(jreq(r.json, "suche"), json_type_null));
	cr_assert(json_object_get_boolean(jreq(r.json, "startvorlage")));
	http_free(&r);
}

static void check_connection(struct json_object *c, const char *locale_word)
{
	cr_assert(strlen(jstr(c, "id")) > 0);
	const char *tr = jstr(c, "transport"), *rt = jstr(c, "runtime");
	cr_assert(!strcmp(tr, "stdio") || !strcmp(tr, "streamable-http") || !strcmp(tr, "sse"), "%s", tr);
	cr_assert(!strcmp(rt, "local") || !strcmp(rt, "remote"), "%s", rt);
	if (!strcmp(rt, "remote")) {
		cr_assert(strncmp(jstr(c, "url"), "https://", 8) == 0);
		cr_assert_eq(len_of(c, "requires"), 0);
	} else {
		cr_assert_geq(len_of(c, "requires"), 1);
		cr_assert(json_object_is_type(jreq(c, "package"), json_type_object));
	}
	cr_assert(json_object_is_type(jreq(c, "env"), json_type_array));
	cr_assert(json_object_is_type(jreq(c, "headers"), json_type_array));
	cr_assert(strstr(jstr(c, "text"), locale_word), "%s", jstr(c, "text"));
}

static bool rule_version_ok(const char *v)
{
	regex_t re;
	regcomp(&re, "^[0-9]{4}-[0-9]{2}-[0-9]{2}\\.[0-9]+$", REG_EXTENDED | REG_NOSUB);
	bool ok = regexec(&re, v, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

Test(connections, remote_and_docker_with_secrets_in_both_locales)
{
	struct http_resp en = http_get("/v2/connections/mcp/" GH);
	struct http_resp de = http_get("/v2/connections/mcp/" GH "?locale=de");
	cr_assert_eq(en.status, 200, "%s", en.body);
	cr_assert_eq(de.status, 200, "%s", de.body);
	expect_versions(en.json);
	cr_assert_str_eq(jstr(en.json, "id"), "mcp/" GH);
	cr_assert(rule_version_ok(jstr(en.json, "connection_rule_version")));
	struct json_object *ce = jreq(en.json, "connections"), *cd = jreq(de.json, "connections");
	cr_assert_eq(json_object_array_length(ce), 2);
	cr_assert_str_eq(jstr(item(ce, 0), "id"), "remote-http");
	cr_assert_str_eq(jstr(item(ce, 0), "runtime"), "remote");
	struct json_object *h = item(jreq(item(ce, 0), "headers"), 0);
	cr_assert_str_eq(jstr(h, "name"), "Authorization");
	cr_assert(json_object_get_boolean(jreq(h, "secret")));
	cr_assert(json_object_get_boolean(jreq(h, "required")));
	cr_assert_str_eq(jstr(item(ce, 1), "id"), "docker");
	cr_assert_str_eq(jstr(item(ce, 1), "command"), "docker");
	struct json_object *env = item(jreq(item(ce, 1), "env"), 0);
	cr_assert_str_eq(jstr(env, "name"), "GITHUB_PERSONAL_ACCESS_TOKEN");
	cr_assert(json_object_get_boolean(jreq(env, "secret")));
	cr_assert(has_str(jreq(item(ce, 1), "args"), "GITHUB_PERSONAL_ACCESS_TOKEN"));
	cr_assert(has_str(jreq(item(ce, 1), "requires"), "docker"));
	check_connection(item(ce, 0), "nothing to install");
	check_connection(item(cd, 0), "keine Installation");
	check_connection(item(ce, 1), "Needs Docker");
	check_connection(item(cd, 1), "Benötigt Docker");
	http_free(&en);
	http_free(&de);
}

Test(connections, stdio_runners)
{
	struct http_resp r = http_get("/v2/connections/mcp/io-github-modelcontextprotocol-server-fetch");
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *c = jreq(r.json, "connections");
	cr_assert_str_eq(jstr(item(c, 0), "id"), "uvx");
	cr_assert_str_eq(jstr(item(c, 0), "command"), "uvx");
	cr_assert_str_eq(jstr(item(c, 0), "transport"), "stdio");
	cr_assert(has_str(jreq(item(c, 0), "requires"), "uv"));
	cr_assert_str_eq(jstr(jreq(item(c, 0), "package"), "registry"), "pypi");
	http_free(&r);
	r = http_get("/v2/connections/agenten/com-openai-codex");
	cr_assert_eq(r.status, 200, "%s", r.body);
	c = jreq(r.json, "connections");
	cr_assert_str_eq(jstr(item(c, 0), "id"), "npx");
	struct json_object *args = jreq(item(c, 0), "args");
	cr_assert_str_eq(json_object_get_string(item(args, 0)), "-y");
	cr_assert_str_eq(json_object_get_string(item(args, 1)), "@openai/codex");
	cr_assert_str_eq(json_object_get_string(item(args, 2)), "mcp-server");
	cr_assert(json_object_is_type(jreq(r.json, "note"), json_type_null));
	http_free(&r);
}

Test(connections, library_and_discontinued_entries_say_so)
{
	struct http_resp r = http_get("/v2/connections/agenten/com-openai-openai-agents-python?locale=de");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_eq(len_of(r.json, "connections"), 0);
	cr_assert(strstr(jstr(r.json, "note"), "keine Verbindung"));
	http_free(&r);
	r = http_get("/v2/connections/mcp/io-github-modelcontextprotocol-server-puppeteer");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "eingestellt");
	cr_assert(strstr(jstr(r.json, "note"), "discontinued"));
	http_free(&r);
}

Test(verifications, only_listed_is_reached_without_reports)
{
	struct http_resp r = http_get("/v2/verifications/mcp/" GH "?locale=de");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_str_eq(jstr(r.json, "id"), "mcp/" GH);
	struct json_object *lv = jreq(r.json, "levels");
	cr_assert_eq(json_object_array_length(lv), 1);
	cr_assert_str_eq(json_object_get_string(item(lv, 0)), "listed");
	struct json_object *d = jreq(r.json, "details");
	cr_assert_eq(json_object_array_length(d), 5);
	static const char *const order[] = { "listed", "package_resolved", "started", "schema_read", "execution_tested" };
	for (size_t i = 0; i < 5; i++) {
		struct json_object *x = item(d, i);
		cr_assert_str_eq(jstr(x, "level"), order[i]);
		cr_assert_eq(json_object_get_boolean(jreq(x, "reached")), i == 0);
		cr_assert(json_object_is_type(jreq(x, "report"), json_type_null));
		if (i) cr_assert(json_object_is_type(jreq(x, "date"), json_type_null));
	}
	cr_assert(strlen(jstr(item(d, 0), "date")) == 10);
	struct json_object *c = jreq(r.json, "connections");
	cr_assert_eq(json_object_array_length(c), 2);
	cr_assert_str_eq(jstr(item(c, 0), "id"), "remote-http");
	cr_assert_eq(len_of(item(c, 0), "levels"), 1);
	cr_assert(strstr(jstr(r.json, "summary"), "Stufe"));
	http_free(&r);
}

/* Every entry the listing names answers on its address and on rows 3 and 4. */
Test(listing, every_listed_entry_resolves)
{
	static const char *const types[] = { "mcp", "agenten" };
	for (int t = 0; t < 2; t++) {
		char path[200];
		snprintf(path, sizeof path, "/v1/eintraege?art=%s&grenze=100&suche=&status=eingestellt", types[t]);
		for (int pass = 0; pass < 2; pass++) {
			if (pass) snprintf(path, sizeof path, "/v1/eintraege?art=%s&grenze=12", types[t]);
			struct http_resp l = http_get(path);
			cr_assert_eq(l.status, 200, "%s", l.body);
			struct json_object *es = jreq(l.json, "eintraege");
			for (size_t i = 0; i < json_object_array_length(es); i++) {
				const char *slug = jstr(item(es, i), "slug");
				struct http_resp e = http_get(jstr(item(es, i), "adresse"));
				cr_assert_eq(e.status, 200, "%s", jstr(item(es, i), "adresse"));
				cr_assert_str_eq(jstr(e.json, "slug"), slug);
				http_free(&e);
				snprintf(path, sizeof path, "/v2/connections/%s/%s", types[t], slug);
				e = http_get(path);
				cr_assert_eq(e.status, 200, "%s: %s", path, e.body);
				http_free(&e);
				snprintf(path, sizeof path, "/v2/verifications/%s/%s", types[t], slug);
				e = http_get(path);
				cr_assert_eq(e.status, 200, "%s: %s", path, e.body);
				cr_assert_str_eq(json_object_get_string(item(jreq(e.json, "levels"), 0)), "listed");
				http_free(&e);
			}
			http_free(&l);
			snprintf(path, sizeof path, "/v1/eintraege?art=%s&grenze=12", types[t]);
		}
	}
}

Test(index, rows_3_and_4_are_implemented)
{
	struct http_resp r = http_get("/v2/");
	struct json_object *eps = jreq(r.json, "endpoints");
	int seen = 0;
	for (size_t i = 0; i < json_object_array_length(eps); i++) {
		const char *p = jstr(item(eps, i), "path");
		if (!strcmp(p, "/v2/connections/{type}/{slug}") || !strcmp(p, "/v2/verifications/{type}/{slug}")) {
			cr_assert(json_object_get_boolean(jreq(item(eps, i), "implemented")), "%s", p);
			seen++;
		}
	}
	cr_assert_eq(seen, 2);
	http_free(&r);
}
