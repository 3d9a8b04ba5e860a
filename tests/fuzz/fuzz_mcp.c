/* libFuzzer harness for the MCP endpoint's JSON-RPC envelope: any body POSTed to /mcp, with headers chosen by
 * the first byte (Origin loopback or foreign, MCP-Protocol-Version absent, not served, 2025-06-18 or 2026-07-28
 * with Mcp-Method and Mcp-Name, Accept with or without JSON),
 * through the request model, the router and the mcp module. Every answer must be 202 without a body, or one
 * strict JSON-RPC response object ({"jsonrpc":"2.0","id":...,"result"|"error":...}) in valid UTF-8 of the
 * announced length, with a status the transport names. */
#include "fuzz_catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "mcp/mcp.h"
#include "util/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct post {
	const char *env[10][2];
	int nenv;
	const uint8_t *in;
	size_t inlen, inpos;
	char *out;
	size_t outlen;
};

static ssize_t in_read(void *ctx, char *buf, size_t n)
{
	struct post *p = ctx;
	size_t left = p->inlen - p->inpos;
	if (n > left) n = left;
	memcpy(buf, p->in + p->inpos, n);
	p->inpos += n;
	return (ssize_t)n;
}

static int out_write(void *ctx, const struct iovec *iov, int niov)
{
	struct post *p = ctx;
	for (int i = 0; i < niov; i++) {
		p->out = realloc(p->out, p->outlen + iov[i].iov_len + 1);
		memcpy(p->out + p->outlen, iov[i].iov_base, iov[i].iov_len);
		p->outlen += iov[i].iov_len;
		p->out[p->outlen] = '\0';
	}
	return 0;
}

static const char *env_get(void *ctx, const char *name)
{
	struct post *p = ctx;
	for (int i = 0; i < p->nenv; i++)
		if (strcmp(p->env[i][0], name) == 0) return p->env[i][1];
	return NULL;
}

static void set(struct post *p, const char *name, const char *value)
{
	p->env[p->nenv][0] = name;
	p->env[p->nenv][1] = value;
	p->nenv++;
}

/* The body of a non-202 answer: one JSON-RPC response object. */
static void check_body(const char *body, size_t len)
{
	if (utf8_invalid_at(body, len) >= 0) abort();
	struct json_tokener *tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	struct json_object *o = json_tokener_parse_ex(tok, body, (int)len), *v = NULL, *e = NULL;
	if (!o || !json_object_is_type(o, json_type_object)) abort();
	if (!json_object_object_get_ex(o, "jsonrpc", &v) || strcmp(json_object_get_string(v), "2.0") != 0) abort();
	if (!json_object_object_get_ex(o, "id", NULL)) abort();
	bool result = json_object_object_get_ex(o, "result", NULL), error = json_object_object_get_ex(o, "error", &e);
	if (result == error) abort();
	if (error && (!json_object_object_get_ex(e, "code", &v) || !json_object_is_type(v, json_type_int))) abort();
	json_object_put(o);
	json_tokener_free(tok);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mcp_config cfg = { .origins = "https://agents.example.org" };
	static bool raw_set;
	if (!raw_set) {
		router_set_raw(&rt, mcp_serve, &cfg);
		raw_set = true;
	}
	if (size == 0) return 0;
	unsigned sel = data[0];
	struct post p = { .in = data + 1, .inlen = size - 1 };
	char clen[24];
	snprintf(clen, sizeof clen, "%zu", size - 1);
	set(&p, "REQUEST_METHOD", sel & 0x80 ? "GET" : "POST");
	set(&p, "REQUEST_URI", "/mcp");
	set(&p, "CONTENT_LENGTH", clen);
	if (sel & 1) set(&p, "HTTP_ORIGIN", sel & 2 ? "http://localhost:8080" : "https://elsewhere.example");
	static const char *const versions[] = { NULL, "2024-11-05", "2025-06-18", "2026-07-28" };
	if (sel & 12) set(&p, "HTTP_MCP_PROTOCOL_VERSION", versions[(sel >> 2) & 3]);
	if ((sel & 12) == 12) { /* 2026-07-28 mirrors the body in headers: right for the seeds' tool calls */
		set(&p, "HTTP_MCP_METHOD", "tools/call");
		set(&p, "HTTP_MCP_NAME", "get_capability_gaps");
	}
	if (sel & 16) set(&p, "HTTP_ACCEPT", sel & 32 ? "application/json, text/event-stream" : "text/event-stream");
	if (sel & 64) set(&p, "HTTP_ACCEPT_LANGUAGE", "de");
	struct io io = { &p, in_read, out_write, env_get };
	struct request req;
	struct reply rep = { 0 };
	if (request_read(&req, &io, 4096) < 0) abort();
	router_dispatch(&rt, &req, &rep);
	if (response_write(&io, &rep) < 0) abort();
	static const int statuses[] = { 200, 202, 400, 403, 404, 405, 406, 413, 415 };
	bool known = false;
	for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++) known |= rep.status == statuses[i];
	if (!known) abort();
	char *end = p.out ? strstr(p.out, "\r\n\r\n") : NULL;
	if (!end || strncmp(p.out, "Status: ", 8) != 0) abort();
	size_t body_len = p.outlen - (size_t)(end + 4 - p.out);
	const char *cl = strstr(p.out, "Content-Length: ");
	if (rep.status == 202) {
		if (body_len != 0 || (cl && cl < end)) abort();
	} else {
		if (!cl || cl > end || strtoul(cl + 16, NULL, 10) != body_len) abort();
		check_body(end + 4, body_len - 1); /* the final newline */
	}
	reply_free(&rep);
	request_free(&req);
	free(p.out);
	return 0;
}
