/* The bench's instruction counter: answers requests in this process, the whole path after the transport
 * (request from a CGI-like environment, router, handler, response written to memory). Under callgrind
 * (--collect-atstart=no) every request is answered N times between a toggle of collection and a dump of
 * the counts labelled "request K", so one run measures many requests against one mapped catalog.
 *   inst CATALOG N METHOD TARGET BODY [METHOD TARGET BODY ...]     (BODY "" for none)
 * POST /mcp is answered by the MCP endpoint, as the responder routes it. With N = 0 it prints each answer
 * instead (to check the bench asks what it means to). INST_ACCEPT_LANGUAGE, when set, is sent as the
 * Accept-Language header of every request. */
#include "catalog/catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "api/routes.h"
#include "http/router.h"
#include "api/prebuilt_answers.h" /* the build's (BUILT_SOURCES): answered as the responder answers */
#include "mcp/mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(s) ((void)(s))
#endif

struct mem_io {
	const char *method, *uri, *query, *body, *clen, *lang;
	size_t body_len, pos;
	size_t out;
	FILE *echo;
};

static ssize_t mem_read(void *ctx, char *buf, size_t n)
{
	struct mem_io *m = ctx;
	size_t k = m->body_len - m->pos < n ? m->body_len - m->pos : n;
	memcpy(buf, m->body + m->pos, k);
	m->pos += k;
	return (ssize_t)k;
}

static int mem_write(void *ctx, const struct iovec *iov, int n)
{
	struct mem_io *m = ctx;
	for (int i = 0; i < n; i++) {
		m->out += iov[i].iov_len;
		if (m->echo) fwrite(iov[i].iov_base, 1, iov[i].iov_len, m->echo);
	}
	return 0;
}

static const char *mem_getenv(void *ctx, const char *name)
{
	struct mem_io *m = ctx;
	if (!strcmp(name, "REQUEST_METHOD")) return m->method;
	if (!strcmp(name, "REQUEST_URI")) return m->uri;
	if (!strcmp(name, "QUERY_STRING")) return m->query;
	if (!strcmp(name, "CONTENT_LENGTH")) return m->clen;
	if (!strcmp(name, "CONTENT_TYPE")) return *m->clen ? "application/json" : NULL;
	if (!strcmp(name, "HTTP_ACCEPT_LANGUAGE")) return m->lang;
	return NULL;
}

/* One request as the server loop answers it. */
static void one(const struct router *rt, struct mem_io *m)
{
	struct io io = { m, mem_read, mem_write, mem_getenv };
	struct request req;
	struct reply rep = { 0 };
	m->pos = 0;
	if (request_read(&req, &io, 1024 * 1024) == 0) router_dispatch(rt, &req, &rep);
	response_write(&io, &rep);
	reply_free(&rep);
	request_free(&req);
}

int main(int argc, char **argv)
{
	if (argc < 6 || (argc - 3) % 3) {
		fprintf(stderr, "usage: %s CATALOG N METHOD TARGET BODY [METHOD TARGET BODY ...]\n", argv[0]);
		return 2;
	}
	struct catalog cat;
	struct router rt;
	char err[512];
	if (catalog_open(&cat, argv[1], err, sizeof err) < 0 || router_init(&rt, &cat, ROUTES, NROUTES) < 0) {
		fprintf(stderr, "inst: %s\n", err);
		return 1;
	}
	router_set_prebuilt(&rt, prebuilt_answers, PREBUILT_ROUTES);
	router_set_raw(&rt, mcp_serve, NULL); /* POST /mcp, no origin allow-list: the bench sends no Origin */
	long n = atol(argv[2]);
	for (int a = 3, k = 0; a + 2 < argc; a += 3, k++) {
		char clen[32], label[32];
		const char *q = strchr(argv[a + 1], '?');
		struct mem_io m = { .method = argv[a], .uri = argv[a + 1], .query = q ? q + 1 : "", .body = argv[a + 2],
			.body_len = strlen(argv[a + 2]), .lang = getenv("INST_ACCEPT_LANGUAGE") };
		snprintf(clen, sizeof clen, "%zu", m.body_len);
		m.clen = m.body_len ? clen : "";
		if (n == 0) {
			m.echo = stdout;
			one(&rt, &m);
			printf("\n");
			continue;
		}
		one(&rt, &m); /* warm: first-use costs are not per request */
		snprintf(label, sizeof label, "request %d", k);
		CALLGRIND_ZERO_STATS;
		CALLGRIND_TOGGLE_COLLECT;
		for (long i = 0; i < n; i++) one(&rt, &m);
		CALLGRIND_TOGGLE_COLLECT;
		CALLGRIND_DUMP_STATS_AT(label);
	}
	router_free(&rt);
	catalog_close(&cat);
	return 0;
}
