/* Replies: a status, a JSON body and the few headers a handler may ask for. The one error helper
 * lives here, so every error in the service has the same shape:
 *   {"error": name, "message": text, "status": code, "in": "body|query|path|header"?, "pointer": "/json/pointer"?}
 * A body is one of: an object written with the JSON writer (reply_object), a pre-serialised text that
 * outlives the reply (reply_raw: a document of the mapped catalog), or a json-c tree (reply_ok). */
#ifndef AUTOPLAN_RESPONSE_H
#define AUTOPLAN_RESPONSE_H

#include "http/request.h"
#include "jsonw/jsonw.h"

#include <json-c/json.h>
#include <stdbool.h>

struct reply {
	int status;
	struct json_object *body;  /* json-c tree, owned by the reply */
	struct jw out;             /* the written body, owned by the reply */
	size_t keep;               /* bytes at the start of out before the body: the caller's text (an envelope's head
	                            * around the body), kept when the body is replaced; 0 for most replies */
	bool open;                 /* out holds an object still to be closed (reply_close) */
	const char *raw;           /* pre-serialised body, not owned */
	size_t raw_len;
	char allow[64];            /* Allow header for 405, empty otherwise */
	bool head;                 /* a HEAD request: headers as for GET, no body */
	char language[8];          /* answer language: Content-Language, and Vary: Accept-Language; empty: none */
	char etag[40];             /* ETag header (quotes included), empty for none */
	const char *cache;         /* Cache-Control value; NULL means no-store */
	char www_authenticate[160]; /* WWW-Authenticate header for 401 and 403, empty otherwise */
	const char *cors_origin;   /* an allowed Origin to echo in Access-Control-Allow-Origin (the request's, not
	                            * owned), with Vary: Origin; NULL: no CORS headers */
	const char *cors_headers;  /* a preflight's answer: the request headers a page may send (a static text, not
	                            * owned), with the Allow methods and a max age; NULL: not a preflight */
};

/* Replaces any body with an error object. where and pointer may be NULL. */
void reply_error(struct reply *r, int status, const char *name, const char *where, const char *pointer,
	const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Sets status 200 and starts the body as an object: the caller writes its members into the returned
 * writer (owned by the reply) and leaves it open; the router closes it after adding what it adds. */
struct jw *reply_object(struct reply *r);

/* Sets status 200 with a complete pre-serialised body; json must outlive the reply. */
void reply_raw(struct reply *r, const char *json);

/* Sets status 200 and takes ownership of body. */
void reply_ok(struct reply *r, struct json_object *body);

/* Sets status (201, 204, ...) and takes ownership of body (NULL for 204 No Content). */
void reply_status(struct reply *r, int status, struct json_object *body);

/* Closes an object begun with reply_object; nothing otherwise. */
void reply_close(struct reply *r);

/* The body as sent (without the final newline), NUL-terminated once closed (reply_close); "{}" when there
 * is none. Valid until the reply changes. */
const char *reply_text(const struct reply *r, size_t *len);

/* Serialises the reply as CGI/FastCGI output (Status line, headers, body). Frees nothing. A 304 has
 * headers only. */
int response_write(const struct io *io, const struct reply *r);

void reply_free(struct reply *r);

const char *status_text(int status);

#endif
