/* Caching the way the web does it, through nginx: GET answers carry an ETag derived from the catalog and
 * the normalised request and a Cache-Control per kind of answer; If-None-Match gets 304 without a body;
 * errors and POST answers are never cached. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static void header(const struct http_resp *r, const char *name, char *out, size_t cap)
{
	cr_assert_eq(http_header(r, name, out, cap), 0, "no %s header in:\n%s", name, r->headers);
}

static struct http_resp get_if(const char *path, const char *inm)
{
	char h[512];
	snprintf(h, sizeof h, "If-None-Match: %s", inm);
	const char *hs[] = { h, NULL };
	return http_req_headers("GET", path, NULL, 0, hs);
}

/* The ETag of a 200 answer to path. */
static void etag_of(const char *path, char *out, size_t cap)
{
	struct http_resp r = http_get(path);
	cr_assert_eq(r.status, 200, "%s: %s", path, r.body);
	header(&r, "ETag", out, cap);
	http_free(&r);
}

Test(cache, get_answers_carry_etag_and_cache_control)
{
	const char *paths[] = { "/v2/capabilities", "/v2/capability-gaps?app=mailA", "/v2/replacements?app=driveA",
		"/v2/tasks", "/v2/tasks/mailA-send", "/v2/apps/driveA", "/v2/catalog", "/v2/", "/v2/verification-reports",
		"/v2/connections/mcp/io-github-modelcontextprotocol-server-memory", "/v1/eintraege?suche=git",
		"/v1/eintrag/mcp/io-github-modelcontextprotocol-server-memory" };
	for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
		struct http_resp r = http_get(paths[i]);
		char etag[64], cc[128];
		cr_assert_eq(r.status, 200, "%s", paths[i]);
		header(&r, "ETag", etag, sizeof etag);
		header(&r, "Cache-Control", cc, sizeof cc);
		cr_assert(etag[0] == '"' && etag[strlen(etag) - 1] == '"' && strlen(etag) == 34, "%s: ETag %s", paths[i], etag);
		cr_assert_str_eq(cc, "public, max-age=300", "%s", paths[i]);
		http_free(&r);
	}
	struct http_resp r = http_get("/v2/openapi.json");
	char cc[128];
	header(&r, "Cache-Control", cc, sizeof cc);
	cr_assert_str_eq(cc, "public, max-age=86400", "the interface description changes only with a release");
	http_free(&r);
}

Test(cache, etag_follows_the_normalised_request)
{
	char a[64], b[64], c[64], d[64], e[64];
	etag_of("/v2/capabilities", a, sizeof a);
	etag_of("/v2/capabilities?limit=20&offset=0", b, sizeof b);   /* the defaults spelt out */
	etag_of("/v2/capabilities?offset=0&query=&limit=20", c, sizeof c); /* in another order */
	etag_of("/v2/capabilities?limit=3", d, sizeof d);
	etag_of("/v2/capability-gaps?app=mailA", e, sizeof e);
	cr_assert_str_eq(a, b);
	cr_assert_str_eq(a, c);
	cr_assert_str_neq(a, d);
	cr_assert_str_neq(a, e);
	char x[64], y[64];
	etag_of("/v2/connections/mcp/io-github-modelcontextprotocol-server-memory", x, sizeof x);
	etag_of("/v2/connections/mcp/io-github-modelcontextprotocol-server-memory?locale=de", y, sizeof y);
	cr_assert_str_neq(x, y, "a locale changes the answer, so the tag");
	/* the same request asked again, maybe of another worker, has the same tag */
	etag_of("/v2/capabilities", b, sizeof b);
	cr_assert_str_eq(a, b);
}

Test(cache, if_none_match_gets_304_without_a_body)
{
	char etag[64], weak[80], list[200];
	etag_of("/v2/replacements?app=mailB&capabilities=email.send", etag, sizeof etag);
	snprintf(weak, sizeof weak, "W/%s", etag);
	snprintf(list, sizeof list, "\"0000000000000000ffffffffffffffff\", %s ,W/\"x\"", etag);
	const char *forms[] = { etag, weak, list, "*" };
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		struct http_resp r = get_if("/v2/replacements?capabilities=email.send&app=mailB", forms[i]);
		cr_assert_eq(r.status, 304, "If-None-Match: %s -> %ld", forms[i], r.status);
		cr_assert_eq(r.len, 0, "a 304 has no body: %s", r.body);
		char got[64], cc[128];
		header(&r, "ETag", got, sizeof got);
		header(&r, "Cache-Control", cc, sizeof cc);
		cr_assert_str_eq(got, etag);
		cr_assert_str_eq(cc, "public, max-age=300");
		http_free(&r);
	}
	/* another tag, or the tag of another answer: the full answer */
	struct http_resp r = get_if("/v2/replacements?app=mailB", etag);
	cr_assert_eq(r.status, 200);
	cr_assert(r.json);
	http_free(&r);
	r = get_if("/v2/replacements?app=mailB&capabilities=email.send", "\"0123\"");
	cr_assert_eq(r.status, 200);
	http_free(&r);
}

/* One task and one app: their own tags, and 304 to them */
Test(cache, one_item_gets_304)
{
	char t[64], a[64], l[64];
	etag_of("/v2/tasks/mailA-send", t, sizeof t);
	etag_of("/v2/apps/mailA", a, sizeof a);
	etag_of("/v2/tasks", l, sizeof l);
	cr_assert_str_neq(t, a);
	cr_assert_str_neq(t, l);
	struct http_resp r = get_if("/v2/tasks/mailA-send", t);
	cr_assert_eq(r.status, 304, "%s", r.body);
	cr_assert_eq(r.len, 0);
	http_free(&r);
	r = get_if("/v2/apps/mailA", a);
	cr_assert_eq(r.status, 304, "%s", r.body);
	http_free(&r);
	r = get_if("/v2/tasks/mailA-read", t);
	cr_assert_eq(r.status, 200, "another task's tag: the full answer");
	http_free(&r);
}

Test(cache, errors_and_posts_are_never_cached)
{
	struct { const char *method, *path, *body; long status; } cases[] = {
		{ "GET", "/v2/capabilities?limit=0", NULL, 400 },
		{ "GET", "/v2/connections/mcp/does-not-exist", NULL, 404 },
		{ "GET", "/v2/verification-reports/none", NULL, 404 },
		{ "GET", "/v2/tasks/none", NULL, 400 },
		{ "GET", "/v2/nowhere", NULL, 404 },
		{ "DELETE", "/v2/tasks", NULL, 405 },
		{ "POST", "/v2/workflows/plan", "{\"task_id\":\"mailA-send\"}", 200 },
		{ "POST", "/v2/configure", "{\"id\":\"mcp/io-github-modelcontextprotocol-server-memory\",\"client\":\"codex\"}", 200 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *hs[] = { "If-None-Match: *", NULL };
		struct http_resp r = http_req_headers(cases[i].method, cases[i].path, cases[i].body, 0, hs);
		char cc[128], etag[64];
		cr_assert_eq(r.status, cases[i].status, "%s %s: %ld", cases[i].method, cases[i].path, r.status);
		header(&r, "Cache-Control", cc, sizeof cc);
		cr_assert_str_eq(cc, "no-store", "%s %s", cases[i].method, cases[i].path);
		cr_assert_neq(http_header(&r, "ETag", etag, sizeof etag), 0, "%s %s has an ETag", cases[i].method, cases[i].path);
		http_free(&r);
	}
}

/* Classic CGI and FastCGI serve the same binary and catalog: the same tag, and the same 304. */
Test(cache, cgi_tags_like_fastcgi)
{
	char etag[64];
	etag_of("/v2/capability-gaps?app=driveC", etag, sizeof etag);
	size_t n;
	char *out = cgi_run("GET", "/v2/capability-gaps?app=driveC", NULL, &n);
	char want[100];
	snprintf(want, sizeof want, "ETag: %s\r\n", etag);
	cr_assert(strstr(out, want), "%s", out);
	free(out);
	const char *env[] = { "HTTP_IF_NONE_MATCH", etag, NULL };
	out = cgi_run_env("GET", "/v2/capability-gaps?app=driveC", NULL, env, &n);
	cr_assert(strncmp(out, "Status: 304 Not Modified\r\n", 26) == 0, "%s", out);
	cr_assert(strstr(out, "\r\n\r\n") && strstr(out, "\r\n\r\n")[4] == '\0', "a 304 has no body: %s", out);
	free(out);
}
