#include "http/response.h"
#include "util/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* An answer's buffer starts with room for most answers whole: each doubling copies the text and, in a
 * fresh classic CGI process, touches its pages again. */
#define REPLY_FIRST_ROOM 65536

const char *status_text(int status)
{
	switch (status) {
	case 200: return "OK";
	case 304: return "Not Modified";
	case 201: return "Created";
	case 202: return "Accepted";
	case 204: return "No Content";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 406: return "Not Acceptable";
	case 409: return "Conflict";
	case 413: return "Content Too Large";
	case 415: return "Unsupported Media Type";
	case 414: return "URI Too Long";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 501: return "Not Implemented";
	case 503: return "Service Unavailable";
	default: return "Unknown";
	}
}

/* Drops whatever body the reply had; keeps the writer's memory for the next one. */
static void drop_body(struct reply *r)
{
	if (r->body) json_object_put(r->body);
	r->body = NULL;
	jw_reset(&r->out);
	if (r->keep && r->out.p) r->out.len = r->keep; /* the caller's head stays; memory that ran out took it */
	else r->keep = 0;
	r->open = false;
	r->raw = NULL;
	r->raw_len = 0;
}

void reply_error(struct reply *r, int status, const char *name, const char *where, const char *pointer,
	const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* messages quote what the client sent: nothing invalid is echoed, the answer stays valid JSON */
	char clean[sizeof msg + 256], cptr[256];
	utf8_sanitize(msg, clean, sizeof clean);
	if (pointer) pointer = utf8_sanitize(pointer, cptr, sizeof cptr) ? cptr : NULL;
	drop_body(r);
	struct jw *w = &r->out;
	jw_obj(w);
	jw_key(w, "error");
	jw_str(w, name);
	jw_key(w, "message");
	jw_str(w, clean);
	jw_key(w, "status");
	jw_int(w, status);
	if (where && *where) {
		jw_key(w, "in");
		jw_str(w, where);
	}
	if (pointer && *pointer) {
		jw_key(w, "pointer");
		jw_str(w, pointer);
	}
	jw_obj_end(w);
	r->status = status;
	r->etag[0] = '\0';
	r->cache = NULL;
}

struct jw *reply_object(struct reply *r)
{
	drop_body(r);
	r->status = 200;
	r->open = true;
	jw_reserve(&r->out, REPLY_FIRST_ROOM - (r->keep < REPLY_FIRST_ROOM ? r->keep : 0));
	jw_obj(&r->out);
	return &r->out;
}

void reply_raw(struct reply *r, const char *json)
{
	drop_body(r);
	r->status = 200;
	r->raw = json;
	r->raw_len = strlen(json);
}

void reply_ok(struct reply *r, struct json_object *body)
{
	drop_body(r);
	r->status = 200;
	r->body = body;
}

void reply_status(struct reply *r, int status, struct json_object *body)
{
	drop_body(r);
	r->status = status;
	r->body = body;
}

void reply_close(struct reply *r)
{
	if (!r->open) return;
	jw_obj_end(&r->out);
	jw_terminate(&r->out);
	r->open = false;
}

const char *reply_text(const struct reply *r, size_t *len)
{
	if (r->raw) {
		*len = r->raw_len;
		return r->raw;
	}
	if (r->body)
		return json_object_to_json_string_length(r->body, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, len);
	if (r->out.len > r->keep && !r->out.failed) {
		*len = r->out.len - r->keep;
		return r->out.p + r->keep;
	}
	*len = 2;
	return "{}";
}

/* Header text built by appending: snprintf per header line costs more than the rest of a small answer. */
struct head {
	char p[1024];
	size_t n;
	bool full;
};

static void add(struct head *h, const char *s)
{
	size_t k = strlen(s);
	if (h->full || h->n + k >= sizeof h->p) {
		h->full = true;
		return;
	}
	memcpy(h->p + h->n, s, k);
	h->n += k;
}

static void add_num(struct head *h, size_t v)
{
	char b[24], *p = b + sizeof b;
	*--p = '\0';
	do *--p = (char)('0' + v % 10); while (v /= 10);
	add(h, p);
}

/* "name: value" and its line end, where value is set. */
static void add_header(struct head *h, const char *name, const char *value)
{
	if (!value || !*value) return;
	add(h, name);
	add(h, ": ");
	add(h, value);
	add(h, "\r\n");
}

/* CORS for a page of an allowed origin (the MCP endpoint's): the origin echoed, and a preflight's answer. */
static void add_cors(struct head *h, const struct reply *r)
{
	if (!r->cors_origin) return;
	add(h, "Access-Control-Allow-Origin: ");
	add(h, r->cors_origin);
	add(h, "\r\nVary: Origin\r\n");
	if (!r->cors_headers) return;
	add(h, "Access-Control-Allow-Methods: ");
	add(h, r->allow);
	add(h, "\r\nAccess-Control-Allow-Headers: ");
	add(h, r->cors_headers);
	add(h, "\r\nAccess-Control-Max-Age: 600\r\n");
}

/* The headers any answer may end with, and the blank line after them. */
static void end_head(struct head *h, const struct reply *r)
{
	add_header(h, "Allow", r->allow);
	add_cors(h, r);
	add(h, "\r\n");
}

int response_write(const struct io *io, const struct reply *r)
{
	if (r->status == 204 || r->status == 202) { /* 202: a notification the MCP endpoint accepted */
		struct head h = { .n = 0 };
		add(&h, r->status == 204 ? "Status: 204 No Content" : "Status: 202 Accepted");
		add(&h, "\r\nCache-Control: no-store\r\n");
		end_head(&h, r);
		if (h.full) return -1;
		return io->write(io->ctx, &(struct iovec){ h.p, h.n }, 1);
	}
	size_t blen = 0;
	const char *body = reply_text(r, &blen);
	bool not_modified = r->status == 304, cacheable = r->status < 400;
	struct head h = { .n = 0 };
	add(&h, "Status: ");
	add_num(&h, (size_t)r->status);
	add(&h, " ");
	add(&h, status_text(r->status));
	if (!not_modified) {
		add(&h, "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ");
		add_num(&h, blen + 1);
	}
	add(&h, "\r\nCache-Control: ");
	add(&h, cacheable && r->cache ? r->cache : "no-store");
	if (cacheable && r->etag[0]) {
		add(&h, "\r\nETag: ");
		add(&h, r->etag);
	}
	add(&h, "\r\nX-Content-Type-Options: nosniff\r\n");
	if (r->language[0]) {
		add(&h, "Content-Language: ");
		add(&h, r->language);
		add(&h, "\r\nVary: Accept-Language\r\n");
	}
	add_header(&h, "WWW-Authenticate", r->www_authenticate);
	end_head(&h, r);
	if (h.full) return -1;
	struct iovec iov[] = { { h.p, h.n }, { (void *)body, blen }, { "\n", 1 } };
	return io->write(io->ctx, iov, not_modified || r->head ? 1 : 3);
}

void reply_free(struct reply *r)
{
	drop_body(r);
	jw_free(&r->out);
}
