/* Test-side HTTP client (libcurl) and helpers for the integration tests. The base URL of the
 * running nginx comes from AUTOPLAN_BASE_URL (set by run.sh). */
#ifndef AUTOPLAN_TEST_HTTP_H
#define AUTOPLAN_TEST_HTTP_H

#include <json-c/json.h>
#include <stddef.h>

struct http_resp {
	long status;
	char *body;              /* NUL-terminated */
	size_t len;
	char *headers;           /* raw response headers */
	struct json_object *json; /* parsed body, NULL when not JSON */
};

/* Sends method path (relative to the base URL, e.g. "/v2/capabilities?limit=1") with an optional
 * body of len bytes (len 0 and body non-NULL: strlen). Aborts the test on a transport failure. */
struct http_resp http_req(const char *method, const char *path, const char *body, size_t len);
/* The same with one more request header ("Accept-Language: de"), or NULL. */
struct http_resp http_req_header(const char *method, const char *path, const char *body, size_t len, const char *header);
/* The same with extra request headers ("Name: value", NULL-terminated list). */
struct http_resp http_req_headers(const char *method, const char *path, const char *body, size_t len,
	const char *const *headers);
struct http_resp http_get(const char *path);
/* The same against another base URL, with one extra request header (or NULL) sent along with a body. */
struct http_resp http_req_at(const char *base, const char *method, const char *path, const char *body, size_t len,
	const char *header);
struct http_resp http_post(const char *path, const char *json);
void http_free(struct http_resp *r);

/* Value of header name in r (case-insensitive), copied into out; 0 when found. */
int http_header(const struct http_resp *r, const char *name, char *out, size_t cap);

/* Runs the responder binary as classic CGI with this request; returns its whole stdout. */
char *cgi_run(const char *method, const char *uri, const char *body, size_t *outlen);
/* The same with extra environment variables: name, value, name, value, ..., NULL. */
char *cgi_run_env(const char *method, const char *uri, const char *body, const char *const *env, size_t *outlen);

/* Member lookups that fail the test when absent. */
struct json_object *jreq(struct json_object *o, const char *key);
const char *jstr(struct json_object *o, const char *key);

/* Asserts status and, for errors, the error name. */
void expect_error(const struct http_resp *r, long status, const char *name);
void expect_versions(struct json_object *o);

#endif
