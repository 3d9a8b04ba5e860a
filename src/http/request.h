/* The request model: method, path, query string and a body read up to a cap. Built from either a
 * FastCGI request or a classic CGI environment through struct io; nothing here interprets content. */
#ifndef AUTOPLAN_REQUEST_H
#define AUTOPLAN_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/uio.h>

/* The transport a request arrived on: FastCGI streams or CGI stdio. */
struct io {
	void *ctx;
	ssize_t (*read)(void *ctx, char *buf, size_t n);        /* 0 at end, -1 on error */
	/* the pieces in order, all of them (an answer's head, body and newline: one system call on CGI); 0 or -1 */
	int (*write)(void *ctx, const struct iovec *iov, int n);
	const char *(*getenv)(void *ctx, const char *name);
};

enum body_state {
	BODY_OK = 0,
	BODY_TOO_LARGE,   /* more than the cap was sent or announced */
	BODY_SHORT,       /* fewer bytes than CONTENT_LENGTH announced */
	BODY_BAD_LENGTH,  /* CONTENT_LENGTH is not a decimal number */
};

/* Text the request model refuses before any parsing (the router answers it). */
enum request_flaw {
	REQ_OK = 0,
	REQ_URI_TOO_LONG,    /* path or query string over its bound: 414 */
	REQ_PATH_ESCAPE,     /* a malformed or NUL %-escape in the path */
	REQ_PATH_NOT_UTF8,   /* the decoded path is not strict UTF-8 */
};

/* Bounds checked before any work proportional to the input. The longest valid query (a 500-character
 * query fully %-encoded, 40 capabilities, 10 apps) stays far below REQUEST_MAX_QUERY. */
#define REQUEST_MAX_PATH 2048
#define REQUEST_MAX_QUERY 16384

struct request {
	char method[16];
	char *path;        /* percent-decoded path, owned */
	char *query;       /* raw query string (may be ""), owned */
	char *body;        /* NUL-terminated, owned; NULL when no body was sent */
	size_t body_len;
	enum body_state body_state;
	enum request_flaw flaw;
	size_t flaw_at;    /* byte offset in the decoded path for REQ_PATH_NOT_UTF8 */
	char *accept_language; /* the Accept-Language header (at most 256 bytes), owned; NULL when absent */
	char *if_none_match; /* the If-None-Match header, owned; NULL when absent or longer than 4 KiB */
	char *authorization; /* the Authorization header (HTTP_AUTHORIZATION), owned; NULL when absent */
	const struct io *io; /* the transport it came on (not owned), for headers read only where needed; may be NULL */
};

/* A header of r by its CGI name ("HTTP_ORIGIN"), read from the transport when asked: the routes that need
 * more headers than the request model keeps (the MCP endpoint) pay for them alone. NULL when absent or
 * empty, or when r has no transport (a request built in a test). Valid while the transport's request is. */
const char *request_header(const struct request *r, const char *cgi_name);

/* The scheme and host r came to ("https://plan.example.org:8443"), for answers naming this service's own
 * address: the Host header when it is a well-formed host[:port], else SERVER_NAME with SERVER_PORT; https
 * when the front says so (HTTPS on, or REQUEST_SCHEME https). X-Forwarded-Proto is never read: no front
 * server is configured as trusted, and any client can send it. Returns "host_header" or "server_name", or
 * NULL (out then "") when neither is usable or r has no transport. */
const char *request_origin(const struct request *r, char *out, size_t cap);

/* Beyond this many bytes an over-cap body is no longer read and discarded: the front closes the connection. */
#define REQUEST_DRAIN_MAX ((size_t)64 * 1024 * 1024)

/* Fills r from io. Keeps at most cap body bytes, whatever CONTENT_LENGTH says; the rest of a larger
 * body is read and discarded (up to REQUEST_DRAIN_MAX) so a CGI runner writing it never finds a broken
 * pipe. Without CONTENT_LENGTH a chunked body (HTTP_TRANSFER_ENCODING, classic CGI) is read to the end
 * of the input. Returns 0, or -1 when memory ran out. The caller frees with request_free. */
int request_read(struct request *r, const struct io *io, size_t cap);
void request_free(struct request *r);

/* The request's path as request_read derives it, without reading the rest: a classic CGI process looks
 * before its seccomp filter, to load what only some routes need. NULL when memory runs out; the caller
 * frees it. */
char *request_peek_path(const struct io *io);

/* One decoded query parameter. */
struct qparam {
	char *name, *value;
};

/* Splits a query string into at most max decoded pairs (owned by *out; free with query_free).
 * Returns the count, -1 when there are more than max, -2 on a malformed %-escape or no memory, -3 when
 * a decoded name or value is not strict UTF-8 (*out then holds the pairs up to and including it, the
 * count in *bad; free with query_free(*out, *bad)). bad may be NULL. */
int query_parse(const char *qs, struct qparam **out, int max, int *bad);
void query_free(struct qparam *q, int n);

/* The offered languages (e.g. {"en", "de"}) an answer carries, most wanted first, by the Accept-Language
 * header (NULL: absent): primary subtags with q-values, "*" for the rest; a language at q=0 or not
 * named (without "*") is left out. No header, or none acceptable: all, in offered order. Fills order
 * with indices into offered; returns how many. (language.c) */
int accept_language_order(const char *header, const char *const *offered, int noffered, int *order);

/* Decodes %XX escapes (and '+' as space when plus is set) in place. Returns -1 on a bad escape or an
 * encoded NUL. */
int percent_decode(char *s, int plus);

#endif
