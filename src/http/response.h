/* Replies: a status, a JSON body and the few headers a handler may ask for. The one error helper
 * lives here, so every error in the service has the same shape:
 *   {"error": name, "message": text, "status": code, "in": "body|query|path|header"?, "pointer": "/json/pointer"?} */
#ifndef AUTOPLAN_RESPONSE_H
#define AUTOPLAN_RESPONSE_H

#include "http/request.h"

#include <json-c/json.h>

struct reply {
	int status;
	struct json_object *body;  /* owned by the reply */
	char allow[64];            /* Allow header for 405, empty otherwise */
	char www_authenticate[160]; /* WWW-Authenticate header for 401 and 403, empty otherwise */
};

/* Replaces any body with an error object. where and pointer may be NULL. */
void reply_error(struct reply *r, int status, const char *name, const char *where, const char *pointer,
	const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Sets status 200 and takes ownership of body. */
void reply_ok(struct reply *r, struct json_object *body);

/* Sets status (201, 204, ...) and takes ownership of body (NULL for 204 No Content). */
void reply_status(struct reply *r, int status, struct json_object *body);

/* Serialises the reply as CGI/FastCGI output (Status line, headers, body). Frees nothing. */
int response_write(const struct io *io, const struct reply *r);

void reply_free(struct reply *r);

const char *status_text(int status);

#endif
