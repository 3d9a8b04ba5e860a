/* Strict text at every edge, HEAD wherever GET works, and the front server's own errors as JSON. */
#include "http.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The answer must be JSON in strict UTF-8 whatever the request held. */
static void expect_clean_json(const char *body, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	struct json_object *o = json_tokener_parse_ex(tok, body, (int)len);
	cr_assert_not_null(o, "not strict JSON: %s", body);
	json_object_put(o);
	json_tokener_free(tok);
}

/* Sends raw bytes to nginx and returns the whole response (HTTP/1.0 style, closed by the server). */
static char *raw(const char *req, size_t len)
{
	const char *base = getenv("AUTOPLAN_BASE_URL");
	cr_assert_not_null(base);
	int port = atoi(strrchr(base, ':') + 1);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
	cr_assert_eq(write(fd, req, len), (ssize_t)len);
	size_t cap = 1 << 16, n = 0;
	char *out = malloc(cap);
	ssize_t k;
	while (n < cap - 1 && (k = read(fd, out + n, cap - 1 - n)) > 0) n += (size_t)k;
	out[n] = '\0';
	close(fd);
	return out;
}

struct strict_case {
	const char *method, *path, *body;
	const char *error, *in, *pointer;
};

static const struct strict_case strict_cases[] = {
	{ "GET", "/v2/capabilities?query=%FF%FE", NULL, "invalid_request", "query", "/query" },
	{ "GET", "/v2/capabilities?query=%C0%AF", NULL, "invalid_request", "query", "/query" },
	{ "GET", "/v2/capabilities?query=%ED%A0%80", NULL, "invalid_request", "query", "/query" },
	{ "GET", "/v2/capabilities?limit=2&query=a%F4%90%80%80", NULL, "invalid_request", "query", "/query" },
	{ "GET", "/v2/connections/mcp/%FFx", NULL, "invalid_request", "path", NULL },
	{ "GET", "/v2/%C0%AF", NULL, "invalid_request", "path", NULL },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"\xc0\xaf\"}", "invalid_json", "body", "/query" },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"\xed\xa0\x80\"}", "invalid_json", "body", "/query" },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"\\ud800\"}", "invalid_json", "body", "/query" },
	{ "POST", "/v2/workflows/plan", "{\"apps\":[\"mailA\",\"\\udfff\"]}", "invalid_json", "body", "/apps/1" },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"a\",\"query\":\"b\"}", "invalid_json", "body", NULL },
	{ "POST", "/v2/compatibility/check", "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"client\":\"zed\"}", "invalid_json", "body", NULL },
	{ "POST", "/v2/config/validate", "{\"client\":\"cursor\",\"config\":{\"mcpServers\":{\"a\":{},\"a\":{}}}}", "invalid_json", "body", "/config/mcpServers" },
};

#define NSTRICT (sizeof strict_cases / sizeof strict_cases[0])
static size_t strict_index[NSTRICT];

ParameterizedTestParameters(strict, invalid_text_is_refused_with_its_place)
{
	for (size_t i = 0; i < NSTRICT; i++) strict_index[i] = i;
	return cr_make_param_array(size_t, strict_index, NSTRICT);
}

ParameterizedTest(size_t *idx, strict, invalid_text_is_refused_with_its_place)
{
	const struct strict_case *c = &strict_cases[*idx];
	struct http_resp r = http_req(c->method, c->path, c->body, c->body ? strlen(c->body) : 0);
	expect_error(&r, 400, c->error);
	expect_clean_json(r.body, r.len);
	cr_assert_str_eq(jstr(r.json, "in"), c->in, "%s", r.body);
	if (c->pointer) cr_assert_str_eq(jstr(r.json, "pointer"), c->pointer, "%s", r.body);
	if (c->body && strstr(c->body, "\",\""))
		cr_assert(strstr(jstr(r.json, "message"), "duplicate member") || !strstr(c->body + 1, "\":\"b\""), "%s", r.body);
	http_free(&r);
}

Test(strict, duplicate_member_is_named)
{
	struct http_resp r = http_post("/v2/workflows/plan", "{\"read_only\":true,\"read_only\":false}");
	expect_error(&r, 400, "invalid_json");
	cr_assert(strstr(jstr(r.json, "message"), "duplicate member \"read_only\""), "%s", r.body);
	http_free(&r);
}

Test(strict, raw_bytes_in_the_request_line_are_never_echoed)
{
	static const char *reqs[] = {
		"GET /v2/capabilities?query=\xff\xfe HTTP/1.0\r\n\r\n",
		"GET /v2/nothing-\xff\xc0\xaf HTTP/1.0\r\n\r\n",
		"GET /v2/connections/mcp/\xed\xa0\x80 HTTP/1.0\r\n\r\n",
	};
	for (size_t i = 0; i < sizeof reqs / sizeof reqs[0]; i++) {
		char *out = raw(reqs[i], strlen(reqs[i]));
		cr_assert(strncmp(out, "HTTP/1.1 400 ", 13) == 0, "%s", out);
		char *body = strstr(out, "\r\n\r\n");
		cr_assert_not_null(body);
		expect_clean_json(body + 4, strlen(body + 4));
		cr_assert(strstr(body, "\"error\":\"invalid_request\""), "%s", body);
		free(out);
	}
}

Test(strict, valid_text_still_passes)
{
	struct http_resp r = http_get("/v2/capabilities?query=anh%C3%A4nge%20%F0%9F%93%8E");
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
	r = http_post("/v2/workflows/plan", "{\"query\":\"Anh\\u00e4nge \\ud83d\\udcce speichern\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	http_free(&r);
}

Test(head, answers_like_get_without_a_body)
{
	static const char *paths[] = { "/v2/", "/v2/capabilities?limit=3", "/v2/tasks", "/v2/openapi.json",
		"/v2/capability-gaps?app=mailA", "/v2/verification-reports/none", "/v2/capabilities?limit=0" };
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		struct http_resp g = http_get(paths[i]);
		struct http_resp h = http_req("HEAD", paths[i], NULL, 0);
		cr_assert_eq(h.status, g.status, "%s: HEAD %ld, GET %ld", paths[i], h.status, g.status);
		cr_assert_eq(h.len, 0, "%s: HEAD sent a body", paths[i]);
		char gl[32], hl[32], ct[128];
		/* Apache running the responder as CGI may send GET answers chunked and HEAD answers without a length
		 * (RFC 9110 allows both): lengths are compared where both have one */
		const char *f = getenv("AUTOPLAN_FRONT");
		bool cgi = f && strcmp(f, "cgi") == 0;
		bool gh = http_header(&g, "Content-Length", gl, sizeof gl) == 0, hh = http_header(&h, "Content-Length", hl, sizeof hl) == 0;
		cr_assert(cgi || (gh && hh), "%s: a length is missing: GET %s\nHEAD %s", paths[i], g.headers, h.headers);
		if (gh && hh) cr_assert_str_eq(hl, gl, "%s", paths[i]);
		cr_assert_eq(http_header(&h, "Content-Type", ct, sizeof ct), 0);
		cr_assert(strstr(ct, "application/json"));
		http_free(&g);
		http_free(&h);
	}
	struct http_resp r = http_req("HEAD", "/v2/workflows/plan", NULL, 0);
	cr_assert_eq(r.status, 405);
	char allow[64];
	cr_assert_eq(http_header(&r, "Allow", allow, sizeof allow), 0);
	cr_assert_str_eq(allow, "POST");
	http_free(&r);
}

Test(head, cgi_head_has_no_body)
{
	size_t len;
	char *out = cgi_run("HEAD", "/v2/tasks", NULL, &len);
	cr_assert(strncmp(out, "Status: 200 ", 12) == 0, "%.60s", out);
	char *end = strstr(out, "\r\n\r\n");
	cr_assert_not_null(end);
	cr_assert_eq((size_t)(end + 4 - out), len, "a body followed the headers");
	cr_assert(strstr(out, "Content-Length: "));
	free(out);
}

Test(bounds, over_long_query_is_414_before_parsing)
{
	size_t n = 120 * 1024; /* under the kernel's bound on one environment string, far over the query's */
	char *uri = malloc(n + 64);
	int o = snprintf(uri, 64, "/v2/capabilities?query=");
	memset(uri + o, 'a', n);
	uri[o + n] = '\0';
	size_t len;
	char *out = cgi_run("GET", uri, NULL, &len);
	cr_assert(strncmp(out, "Status: 414 ", 12) == 0, "%.80s", out);
	cr_assert(strstr(out, "\"error\":\"uri_too_long\""));
	free(out);
	free(uri);
}

struct front_case {
	const char *request;
	const char *status, *error;
};

static const struct front_case front_cases[] = {
	{ "GET / HTTP/1.1 x\r\nHost: a\r\n\r\n", "400", "bad_request" },
	{ "CONNECT example.org:443 HTTP/1.1\r\nHost: a\r\n\r\n", "400", "bad_request" },
	{ "TRACE / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", "405", "method_not_allowed" },
	{ "TRACE /v2/tasks HTTP/1.0\r\n\r\n", "405", "method_not_allowed" },
	{ "POST /index.html HTTP/1.0\r\nContent-Length: 1\r\n\r\nx", "405", "method_not_allowed" },
	{ "GET /no-such-page HTTP/1.0\r\n\r\n", "404", "not_found" },
	{ "GET /no-such-page.html HTTP/1.0\r\n\r\n", "404", "not_found" },
	{ "GET /.error/404.json HTTP/1.0\r\n\r\n", "404", "not_found" },
	{ "GET /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", "501", "not_implemented" },
	{ NULL, "414", "uri_too_long" },    /* a 9 KB request line */
	{ NULL, "431", "headers_too_large" }, /* a 9 KB header */
};

/* Run behind nginx only (tests/integration/run.sh leaves it out behind Apache, whose own errors
 * tests/integration/test_edges.c covers). */
Test(front, nginx_errors_are_json)
{
	char big[9300];
	for (size_t i = 0; i < sizeof front_cases / sizeof front_cases[0]; i++) {
		const struct front_case *c = &front_cases[i];
		const char *req = c->request;
		if (!req) {
			char pad[9001];
			memset(pad, 'a', 9000);
			pad[9000] = '\0';
			if (strcmp(c->status, "414") == 0) snprintf(big, sizeof big, "GET /v2/%s HTTP/1.0\r\n\r\n", pad);
			else snprintf(big, sizeof big, "GET /v2/ HTTP/1.0\r\nX-Big: %s\r\n\r\n", pad);
			req = big;
		}
		char *out = raw(req, strlen(req));
		char want[32];
		snprintf(want, sizeof want, "HTTP/1.1 %s", c->status);
		cr_assert(strncmp(out, want, strlen(want)) == 0, "case %zu: %.200s", i, out);
		cr_assert(strstr(out, "Content-Type: application/json"), "case %zu: %.300s", i, out);
		char *body = strstr(out, "\r\n\r\n");
		cr_assert_not_null(body);
		expect_clean_json(body + 4, strlen(body + 4));
		char name[64];
		snprintf(name, sizeof name, "\"error\":\"%s\"", c->error);
		cr_assert(strstr(body, name), "case %zu: %s", i, body);
		free(out);
	}
}
