#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

struct sink {
	char *p;
	size_t len;
};

static size_t collect(char *data, size_t size, size_t n, void *ud)
{
	struct sink *s = ud;
	size_t add = size * n;
	char *p = realloc(s->p, s->len + add + 1);
	cr_assert_not_null(p);
	memcpy(p + s->len, data, add);
	s->p = p;
	s->len += add;
	s->p[s->len] = '\0';
	return add;
}

/* The one request routine: base URL, and extra headers (a NULL-terminated list, or NULL). */
static struct http_resp request_at(const char *base, const char *method, const char *path, const char *body,
	size_t len, const char *const *headers);

struct http_resp http_req(const char *method, const char *path, const char *body, size_t len)
{
	return http_req_headers(method, path, body, len, NULL);
}

struct http_resp http_req_header(const char *method, const char *path, const char *body, size_t len, const char *header)
{
	const char *const one[] = { header, NULL };
	return http_req_headers(method, path, body, len, header ? one : NULL);
}

struct http_resp http_req_headers(const char *method, const char *path, const char *body, size_t len,
	const char *const *headers)
{
	const char *base = getenv("AUTOPLAN_BASE_URL");
	cr_assert_not_null(base, "AUTOPLAN_BASE_URL is not set (run through tests/integration/run.sh)");
	return request_at(base, method, path, body, len, headers);
}

struct http_resp http_req_at(const char *base, const char *method, const char *path, const char *body, size_t len,
	const char *header)
{
	const char *const one[] = { header, NULL };
	return request_at(base, method, path, body, len, header ? one : NULL);
}

static struct http_resp request_at(const char *base, const char *method, const char *path, const char *body,
	size_t len, const char *const *headers)
{
	char url[8192];
	snprintf(url, sizeof url, "%s%s", base, path);
	CURL *c = curl_easy_init();
	cr_assert_not_null(c);
	struct sink b = { 0 }, h = { 0 };
	struct curl_slist *hdrs = NULL;
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	if (strcmp(method, "HEAD") == 0) curl_easy_setopt(c, CURLOPT_NOBODY, 1L); /* no body follows the headers */
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, collect);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, &h);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 20L);
	curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
	for (int i = 0; headers && headers[i]; i++) hdrs = curl_slist_append(hdrs, headers[i]);
	if (body) {
		if (len == 0) len = strlen(body);
		hdrs = curl_slist_append(hdrs, "Content-Type: application/json");
		hdrs = curl_slist_append(hdrs, "Expect:");
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	}
	if (hdrs) curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdrs);
	CURLcode rc = curl_easy_perform(c);
	cr_assert_eq(rc, CURLE_OK, "%s %s: %s", method, path, curl_easy_strerror(rc));
	struct http_resp r = { 0 };
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
	curl_slist_free_all(hdrs);
	curl_easy_cleanup(c);
	r.body = b.p ? b.p : strdup("");
	r.len = b.len;
	r.headers = h.p ? h.p : strdup("");
	r.json = json_tokener_parse(r.body);
	return r;
}

struct http_resp http_get(const char *path) { return http_req("GET", path, NULL, 0); }
struct http_resp http_post(const char *path, const char *json) { return http_req("POST", path, json, 0); }

void http_free(struct http_resp *r)
{
	free(r->body);
	free(r->headers);
	if (r->json) json_object_put(r->json);
	memset(r, 0, sizeof *r);
}

int http_header(const struct http_resp *r, const char *name, char *out, size_t cap)
{
	size_t n = strlen(name);
	for (const char *p = r->headers; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncasecmp(p, name, n) == 0 && p[n] == ':') {
			p += n + 1;
			while (*p == ' ') p++;
			size_t l = strcspn(p, "\r\n");
			snprintf(out, cap, "%.*s", (int)l, p);
			return 0;
		}
	}
	return -1;
}

char *cgi_run(const char *method, const char *uri, const char *body, size_t *outlen)
{
	return cgi_run_env(method, uri, body, NULL, outlen);
}

char *cgi_run_env(const char *method, const char *uri, const char *body, const char *const *env, size_t *outlen)
{
	int in[2], out[2];
	cr_assert_eq(pipe(in), 0);
	cr_assert_eq(pipe(out), 0);
	size_t blen = body ? strlen(body) : 0;
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		char exe[4096], cl[32], cat[4096];
		const char *q = strchr(uri, '?');
		snprintf(exe, sizeof exe, "%s/src/autoplan", getenv("AUTOPLAN_BUILDDIR"));
		snprintf(cl, sizeof cl, "%zu", blen);
		snprintf(cat, sizeof cat, "%s", getenv("AUTOPLAN_CATALOG") ? getenv("AUTOPLAN_CATALOG") : "");
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		clearenv();
		setenv("AUTOPLAN_CATALOG", cat, 1);
		setenv("GATEWAY_INTERFACE", "CGI/1.1", 1);
		setenv("REQUEST_METHOD", method, 1);
		setenv("REQUEST_URI", uri, 1);
		setenv("QUERY_STRING", q ? q + 1 : "", 1);
		if (body) setenv("CONTENT_LENGTH", cl, 1);
		for (int i = 0; env && env[i] && env[i + 1]; i += 2) setenv(env[i], env[i + 1], 1);
		execl(exe, exe, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (blen) cr_assert_eq(write(in[1], body, blen), (ssize_t)blen);
	close(in[1]);
	struct sink s = { 0 };
	char buf[65536];
	ssize_t n;
	while ((n = read(out[0], buf, sizeof buf)) > 0) collect(buf, 1, (size_t)n, &s);
	close(out[0]);
	int st;
	waitpid(pid, &st, 0);
	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "CGI run of %s failed", uri);
	*outlen = s.len;
	return s.p ? s.p : strdup("");
}

struct json_object *jreq(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;
	cr_assert(o && json_object_object_get_ex(o, key, &v), "member \"%s\" missing in %s", key,
		o ? json_object_to_json_string(o) : "(not JSON)");
	return v;
}

const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *v = jreq(o, key);
	cr_assert(json_object_is_type(v, json_type_string), "member \"%s\" is not a string", key);
	return json_object_get_string(v);
}

void expect_error(const struct http_resp *r, long status, const char *name)
{
	cr_assert_eq(r->status, status, "expected %ld, got %ld: %s", status, r->status, r->body);
	cr_assert_not_null(r->json, "error body is not JSON: %s", r->body);
	cr_assert_str_eq(jstr(r->json, "error"), name, "body: %s", r->body);
	cr_assert(json_object_get_string_len(jreq(r->json, "message")) > 0);
}

void expect_versions(struct json_object *o)
{
	cr_assert(strlen(jstr(o, "dataset_version")) > 0);
	cr_assert(strlen(jstr(o, "catalog_version")) > 0);
	cr_assert(strlen(jstr(o, "rule_version")) > 0);
}
