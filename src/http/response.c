#include "http/response.h"
#include "util/jsonutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *status_text(int status)
{
	switch (status) {
	case 200: return "OK";
	case 201: return "Created";
	case 204: return "No Content";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 409: return "Conflict";
	case 413: return "Content Too Large";
	case 500: return "Internal Server Error";
	case 501: return "Not Implemented";
	case 503: return "Service Unavailable";
	default: return "Unknown";
	}
}

void reply_error(struct reply *r, int status, const char *name, const char *where, const char *pointer,
	const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->body) json_object_put(r->body);
	struct json_object *o = json_object_new_object();
	jadd(o, "error", json_object_new_string(name));
	jadd(o, "message", json_object_new_string(msg));
	jadd(o, "status", json_object_new_int(status));
	if (where && *where) jadd(o, "in", json_object_new_string(where));
	if (pointer && *pointer) jadd(o, "pointer", json_object_new_string(pointer));
	r->status = status;
	r->body = o;
}

void reply_ok(struct reply *r, struct json_object *body)
{
	if (r->body) json_object_put(r->body);
	r->status = 200;
	r->body = body;
}

void reply_status(struct reply *r, int status, struct json_object *body)
{
	if (r->body) json_object_put(r->body);
	r->status = status;
	r->body = body;
}

int response_write(const struct io *io, const struct reply *r)
{
	if (r->status == 204) {
		char head[128];
		int n = snprintf(head, sizeof head, "Status: 204 No Content\r\nCache-Control: no-store\r\n\r\n");
		return io->write(io->ctx, head, (size_t)n);
	}
	size_t blen = 0;
	const char *body = r->body ? json_object_to_json_string_length(r->body,
		JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &blen) : "{}";
	if (!r->body) blen = 2;
	char head[512];
	int n = snprintf(head, sizeof head,
		"Status: %d %s\r\n"
		"Content-Type: application/json; charset=utf-8\r\n"
		"Content-Length: %zu\r\n"
		"Cache-Control: no-store\r\n"
		"X-Content-Type-Options: nosniff\r\n"
		"%s%s%s"
		"%s%s%s"
		"\r\n",
		r->status, status_text(r->status), blen + 1,
		r->allow[0] ? "Allow: " : "", r->allow, r->allow[0] ? "\r\n" : "",
		r->www_authenticate[0] ? "WWW-Authenticate: " : "", r->www_authenticate, r->www_authenticate[0] ? "\r\n" : "");
	if (n < 0 || (size_t)n >= sizeof head) return -1;
	if (io->write(io->ctx, head, (size_t)n) < 0) return -1;
	if (io->write(io->ctx, body, blen) < 0) return -1;
	return io->write(io->ctx, "\n", 1);
}

void reply_free(struct reply *r)
{
	if (r->body) json_object_put(r->body);
	r->body = NULL;
}
