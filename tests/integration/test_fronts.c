/* One service behind three fronts: the same request answered through nginx (FastCGI), Apache with
 * mod_fcgid and Apache with mod_cgid (classic CGI) gets the same status, media type, Allow header and
 * body bytes. Headers a front adds itself (Date, Server, ETag, ...) are not compared, nor the charset
 * parameter of application/json (RFC 8259: JSON is UTF-8 and the parameter means nothing): a body over
 * every cap may be refused by the front itself ("application/json") or by the responder behind it. The base URLs come
 * from tests/integration/fronts.sh: AUTOPLAN_URL_NGINX, AUTOPLAN_URL_APACHE, AUTOPLAN_URL_CGI. */
#include "http.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNKED "Transfer-Encoding: chunked"
#define BIG_RESPONDER ((size_t)1536 * 1024) /* over the responder's cap, under the fronts' */
#define BIG_FRONT ((size_t)3 * 1024 * 1024)  /* over every front's cap */

struct row {
	const char *method, *path, *body;
	size_t big;          /* a body of this many spaces instead of body */
	const char *header;  /* sent with the body */
};

static const struct row rows[] = {
	{ "GET", "/", NULL, 0, NULL },
	{ "GET", "/index.html", NULL, 0, NULL },
	{ "GET", "/v2/", NULL, 0, NULL },
	{ "GET", "/v2/tasks", NULL, 0, NULL },
	{ "GET", "/v2/apps", NULL, 0, NULL },
	{ "GET", "/v2/guides", NULL, 0, NULL },
	{ "GET", "/v2/catalog", NULL, 0, NULL },
	{ "GET", "/v2/clients", NULL, 0, NULL },
	{ "GET", "/v2/openapi.json", NULL, 0, NULL },
	{ "GET", "/v2/monitoring/openapi.json", NULL, 0, NULL },
	{ "GET", "/v2/capabilities?query=anh%C3%A4nge&limit=5&offset=1", NULL, 0, NULL },
	{ "GET", "/v2/capabilities?apps=mailA,driveB&capabilities=email.search,file.upload", NULL, 0, NULL },
	{ "GET", "/v2/capabilities?query=%zz", NULL, 0, NULL },
	{ "GET", "/v2/capabilities?limit=101", NULL, 0, NULL },
	{ "GET", "/v2/capability-gaps?app=codehost&capabilities=issue.create,email.send", NULL, 0, NULL },
	{ "GET", "/v2/replacements?app=driveA&read_only=true", NULL, 0, NULL },
	{ "GET", "/v2/verification-reports", NULL, 0, NULL },
	{ "GET", "/v2/verification-reports/no-such-report", NULL, 0, NULL },
	{ "GET", "/v2/connections/mcp/Bad_Slug", NULL, 0, NULL },
	{ "GET", "/v2/connections/mcp/no-such-entry", NULL, 0, NULL },
	{ "GET", "/v1/eintraege?art=mcp&grenze=3", NULL, 0, NULL },
	{ "GET", "/v2/no/such/thing", NULL, 0, NULL },
	{ "DELETE", "/v2/capabilities", NULL, 0, NULL },
	{ "GET", "/v2/workflows/plan", NULL, 0, NULL },
	{ "POST", "/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\",\"read_only\":true}", 0, NULL },
	{ "POST", "/v2/workflows/plan", "{\"query\":\"Gmail-Anhänge in Google Drive speichern\"}", 0, CHUNKED },
	{ "POST", "/v2/permissions/explain", "{\"task_id\":\"mailB-send\",\"granted_scopes\":[\"Mail.Read\"]}", 0, NULL },
	{ "POST", "/v2/workflows/snapshot", "{\"task_id\":\"driveB-to-driveC\"}", 0, NULL },
	{ "POST", "/v2/config/validate", "{\"config\":{\"mcpServers\":{}},\"client\":\"cursor\"}", 0, NULL },
	{ "POST", "/v2/workflows/plan", "{\"task_id\":", 0, NULL },
	{ "POST", "/v2/workflows/plan", "{\"extra\":1}", 0, NULL },
	{ "POST", "/v2/workflows/plan", "", 0, NULL },
	{ "POST", "/v2/workflows/plan", NULL, BIG_RESPONDER, NULL },
	{ "POST", "/v2/workflows/plan", NULL, BIG_RESPONDER, CHUNKED },
	{ "POST", "/v2/workflows/plan", NULL, BIG_FRONT, NULL },
	{ "POST", "/v2/workflows/plan", NULL, BIG_FRONT, CHUNKED },
};

#define NROWS (sizeof rows / sizeof rows[0])
static size_t row_index[NROWS];

static const char *url(const char *front)
{
	char name[64];
	snprintf(name, sizeof name, "AUTOPLAN_URL_%s", front);
	const char *u = getenv(name);
	cr_assert(u && *u, "%s is not set (run through tests/integration/fronts.sh)", name);
	return u;
}

static struct http_resp fetch(const char *front, const struct row *r)
{
	char *big = NULL;
	if (r->big) {
		big = malloc(r->big);
		cr_assert_not_null(big);
		memset(big, ' ', r->big);
	}
	struct http_resp resp = http_req_at(url(front), r->method, r->path, big ? big : r->body,
		big ? r->big : (r->body ? strlen(r->body) : 0), r->header);
	free(big);
	return resp;
}

static void same_header(const struct http_resp *a, const struct http_resp *b, const char *name, const char *front,
	const struct row *r)
{
	char x[256] = "", y[256] = "";
	int ha = http_header(a, name, x, sizeof x), hb = http_header(b, name, y, sizeof y);
	if (strcmp(name, "Content-Type") == 0 && strncmp(x, "application/json", 16) == 0) {
		x[strcspn(x, ";")] = '\0';
		y[strcspn(y, ";")] = '\0';
	}
	cr_assert(ha == hb && strcmp(x, y) == 0, "%s %s%s: %s \"%s\" through nginx, \"%s\" through %s", r->method, r->path,
		r->header ? " (chunked)" : "", name, x, y, front);
}

ParameterizedTestParameters(fronts, same_answer)
{
	for (size_t i = 0; i < NROWS; i++) row_index[i] = i;
	return cr_make_param_array(size_t, row_index, NROWS);
}

ParameterizedTest(size_t *idx, fronts, same_answer)
{
	const struct row *r = &rows[*idx];
	struct http_resp ref = fetch("NGINX", r);
	const char *others[] = { "APACHE", "CGI" };
	for (int f = 0; f < 2; f++) {
		struct http_resp o = fetch(others[f], r);
		cr_assert_eq(o.status, ref.status, "%s %s%s: %ld through nginx, %ld through %s: %.300s", r->method, r->path,
			r->header ? " (chunked)" : "", ref.status, o.status, others[f], o.body);
		same_header(&ref, &o, "Content-Type", others[f], r);
		same_header(&ref, &o, "Allow", others[f], r);
		cr_assert(o.len == ref.len && memcmp(o.body, ref.body, ref.len) == 0,
			"%s %s%s: the body through %s differs from nginx's:\n%.400s\n---\n%.400s", r->method, r->path,
			r->header ? " (chunked)" : "", others[f], ref.body, o.body);
		http_free(&o);
	}
	http_free(&ref);
}
