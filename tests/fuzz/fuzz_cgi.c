/* libFuzzer harness for the request path under classic CGI: the environment and standard input a web
 * server hands the program, through the request model, router, handlers and response writer. Input:
 * NAME=VALUE lines (REQUEST_METHOD, REQUEST_URI, QUERY_STRING, CONTENT_LENGTH, SCRIPT_NAME, PATH_INFO),
 * an empty line, then the body. Every answer must be a Status line, headers and, but for HEAD, one
 * strict JSON body in valid UTF-8 of the announced length. */
#include "fuzz_catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "api/routes.h"
#include "http/router.h"
#include "util/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct cgi {
	char *env[16][2];
	int nenv;
	const uint8_t *in;
	size_t inlen, inpos;
	char *out;
	size_t outlen;
};

static ssize_t in_read(void *ctx, char *buf, size_t n)
{
	struct cgi *c = ctx;
	size_t left = c->inlen - c->inpos;
	if (n > left) n = left;
	memcpy(buf, c->in + c->inpos, n);
	c->inpos += n;
	return (ssize_t)n;
}

static int out_write(void *ctx, const struct iovec *iov, int niov)
{
	struct cgi *c = ctx;
	for (int i = 0; i < niov; i++) {
		size_t n = iov[i].iov_len;
		c->out = realloc(c->out, c->outlen + n + 1);
		memcpy(c->out + c->outlen, iov[i].iov_base, n);
		c->outlen += n;
		c->out[c->outlen] = '\0';
	}
	return 0;
}

static const char *env_get(void *ctx, const char *name)
{
	struct cgi *c = ctx;
	for (int i = 0; i < c->nenv; i++)
		if (strcmp(c->env[i][0], name) == 0) return c->env[i][1];
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cgi c = { .nenv = 0 };
	size_t i = 0;
	while (i < size && c.nenv < 16) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
		if (len == 0) { i++; break; }
		const uint8_t *eq = memchr(data + i, '=', len);
		if (eq) {
			c.env[c.nenv][0] = strndup((const char *)data + i, (size_t)(eq - (data + i)));
			c.env[c.nenv][1] = strndup((const char *)eq + 1, len - (size_t)(eq - (data + i)) - 1);
			c.nenv++;
		}
		i += len + (nl ? 1 : 0);
	}
	c.in = data + i;
	c.inlen = size - i;
	struct io io = { &c, in_read, out_write, env_get };
	struct request req;
	struct reply rep = { 0 };
	if (request_read(&req, &io, 4096) < 0) abort();
	router_dispatch(&rt, &req, &rep);
	if (response_write(&io, &rep) < 0) abort();
	char *end = c.out ? strstr(c.out, "\r\n\r\n") : NULL;
	if (!end || strncmp(c.out, "Status: ", 8) != 0) abort();
	const char *cl = strstr(c.out, "Content-Length: ");
	size_t body_len = c.outlen - (size_t)(end + 4 - c.out);
	if (!cl || cl > end) abort();
	size_t announced = strtoul(cl + 16, NULL, 10);
	if (rep.head ? body_len != 0 : body_len != announced) abort();
	if (!rep.head) {
		if (utf8_invalid_at(end + 4, body_len) >= 0) abort(); /* nothing invalid is echoed */
		struct json_tokener *tok = json_tokener_new();
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
		struct json_object *o = json_tokener_parse_ex(tok, end + 4, (int)body_len);
		if (!o) abort();
		json_object_put(o);
		json_tokener_free(tok);
	}
	reply_free(&rep);
	request_free(&req);
	for (int k = 0; k < c.nenv; k++) {
		free(c.env[k][0]);
		free(c.env[k][1]);
	}
	free(c.out);
	return 0;
}
