#include "http/request.h"
#include "util/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int hexval(char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

int percent_decode(char *s, int plus)
{
	char *o = s;
	for (char *p = s; *p; p++) {
		if (*p == '%') {
			int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);
			if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) return -1;
			*o++ = (char)(hi * 16 + lo);
			p += 2;
		} else if (*p == '+' && plus) {
			*o++ = ' ';
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return 0;
}

static const char *env(const struct io *io, const char *name)
{
	const char *v = io->getenv(io->ctx, name);
	return v ? v : "";
}

/* The path is SCRIPT_NAME + PATH_INFO (Apache, CGI) or else the path part of REQUEST_URI (nginx). */
static char *request_path(const struct io *io, enum request_flaw *flaw)
{
	const char *sn = env(io, "SCRIPT_NAME"), *pi = env(io, "PATH_INFO");
	char *path;
	if (*sn || *pi) {
		size_t a = strlen(sn), b = strlen(pi);
		path = malloc(a + b + 1);
		if (!path) return NULL;
		memcpy(path, sn, a);
		memcpy(path + a, pi, b + 1);
		return path; /* already decoded by the server */
	}
	const char *uri = env(io, "REQUEST_URI");
	size_t n = strcspn(uri, "?#");
	path = strndup(uri, n);
	if (path && percent_decode(path, 0) < 0) {
		path[0] = '\0'; /* an undecodable path matches no route */
		*flaw = REQ_PATH_ESCAPE;
	}
	return path;
}

char *request_peek_path(const struct io *io)
{
	enum request_flaw flaw = REQ_OK;
	return request_path(io, &flaw);
}

/* The bounds and the text checks of the path and query, before anything parses them. */
static void check_text(struct request *r, const struct io *io)
{
	if (r->flaw) return;
	if (strnlen(env(io, "QUERY_STRING"), REQUEST_MAX_QUERY + 1) > REQUEST_MAX_QUERY ||
	    strnlen(r->path, REQUEST_MAX_PATH + 1) > REQUEST_MAX_PATH) {
		r->flaw = REQ_URI_TOO_LONG;
		return;
	}
	long bad = utf8_invalid_at(r->path, strlen(r->path));
	if (bad >= 0) {
		r->flaw = REQ_PATH_NOT_UTF8;
		r->flaw_at = (size_t)bad;
	}
}

/* Reads and discards up to n bytes (to the end of the input when n is SIZE_MAX), at most
 * REQUEST_DRAIN_MAX: a front that still writes the body must not find a closed pipe. */
static void drain(const struct io *io, size_t n)
{
	char sink[16384];
	if (n > REQUEST_DRAIN_MAX) n = REQUEST_DRAIN_MAX;
	while (n > 0) {
		ssize_t got = io->read(io->ctx, sink, n < sizeof sink ? n : sizeof sink);
		if (got <= 0) break;
		n -= (size_t)got;
	}
}

/* A chunked body under classic CGI comes without CONTENT_LENGTH: it ends where the input ends. */
static int chunked(const struct io *io)
{
	return strstr(env(io, "HTTP_TRANSFER_ENCODING"), "chunked") != NULL;
}

/* Reads up to want bytes (at most cap+1 are kept) into r->body; returns the count, or -1 without memory. */
static ssize_t read_upto(struct request *r, const struct io *io, size_t want, size_t cap)
{
	size_t keep = want < cap + 1 ? want : cap + 1, got = 0;
	r->body = malloc(keep + 1);
	if (!r->body) return -1;
	while (got < keep) {
		ssize_t n = io->read(io->ctx, r->body + got, keep - got);
		if (n <= 0) break;
		got += (size_t)n;
	}
	r->body[got] = '\0';
	r->body_len = got;
	return (ssize_t)got;
}

static int read_body(struct request *r, const struct io *io, size_t cap)
{
	const char *cl = env(io, "CONTENT_LENGTH");
	size_t announced = 0;
	int have_length = *cl != '\0', overflow = 0;
	for (const char *p = cl; *p; p++) {
		if (*p < '0' || *p > '9') {
			r->body_state = BODY_BAD_LENGTH;
			return 0;
		}
		if (announced > REQUEST_DRAIN_MAX) overflow = 1;
		else announced = announced * 10 + (size_t)(*p - '0');
	}
	if (overflow || announced > cap) {
		r->body_state = BODY_TOO_LARGE;
		drain(io, overflow ? SIZE_MAX : announced);
		return 0;
	}
	if (!have_length && chunked(io)) {
		ssize_t got = read_upto(r, io, SIZE_MAX, cap);
		if (got < 0) return -1;
		if ((size_t)got > cap) {
			r->body_state = BODY_TOO_LARGE;
			free(r->body);
			r->body = NULL;
			r->body_len = 0;
			drain(io, SIZE_MAX);
		}
		return 0;
	}
	if (!have_length || announced == 0)
		return 0; /* no body; a server that sends one without a length is not read from */
	ssize_t got = read_upto(r, io, announced, cap);
	if (got < 0) return -1;
	if ((size_t)got < announced)
		r->body_state = BODY_SHORT;
	return 0;
}

int request_read(struct request *r, const struct io *io, size_t cap)
{
	memset(r, 0, sizeof *r);
	r->io = io;
	const char *m = env(io, "REQUEST_METHOD");
	size_t ml = strlen(m);
	if (ml >= sizeof r->method) ml = sizeof r->method - 1;
	memcpy(r->method, m, ml);
	r->path = request_path(io, &r->flaw);
	if (!r->path) return -1;
	check_text(r, io);
	/* an over-long query string is answered 414 without being copied */
	r->query = strdup(r->flaw == REQ_URI_TOO_LONG ? "" : env(io, "QUERY_STRING"));
	if (!r->query) return -1;
	const char *lang = env(io, "HTTP_ACCEPT_LANGUAGE");
	if (*lang && !(r->accept_language = strndup(lang, 256))) return -1;
	const char *inm = env(io, "HTTP_IF_NONE_MATCH");
	if (*inm && strlen(inm) <= 4096 && !(r->if_none_match = strdup(inm))) return -1;
	const char *auth = env(io, "HTTP_AUTHORIZATION");
	if (*auth && !(r->authorization = strdup(auth))) return -1;
	return read_body(r, io, cap);
}

const char *request_header(const struct request *r, const char *cgi_name)
{
	if (!r->io) return NULL;
	const char *v = r->io->getenv(r->io->ctx, cgi_name);
	return v && *v ? v : NULL;
}

/* A host as a Host header or SERVER_NAME may carry it: a name or IPv4 address, or a bracketed IPv6 address,
 * then an optional :port. Anything else (spaces, userinfo, a path) is not echoed into a configuration. */
static bool host_ok(const char *h)
{
	size_t n = strlen(h), i = 0;
	if (!n || n > 255) return false;
	if (h[0] == '[') {
		while (++i < n && h[i] != ']')
			if (!strchr("0123456789abcdefABCDEF:.", h[i])) return false;
		if (i >= n || i < 3) return false;
		i++;
	} else {
		for (; i < n && h[i] != ':'; i++)
			if (!((h[i] >= 'a' && h[i] <= 'z') || (h[i] >= 'A' && h[i] <= 'Z') || (h[i] >= '0' && h[i] <= '9') ||
				h[i] == '.' || h[i] == '-')) return false;
		if (!i) return false;
	}
	if (i == n) return true;
	if (h[i] != ':' || n - i < 2 || n - i > 6) return false;
	for (i++; i < n; i++)
		if (h[i] < '0' || h[i] > '9') return false;
	return true;
}

static bool is_https(const struct request *r)
{
	const char *on = request_header(r, "HTTPS"), *scheme = request_header(r, "REQUEST_SCHEME");
	return (on && (!strcasecmp(on, "on") || !strcmp(on, "1"))) || (scheme && !strcasecmp(scheme, "https"));
}

const char *request_origin(const struct request *r, char *out, size_t cap)
{
	const char *scheme = is_https(r) ? "https" : "http", *host = request_header(r, "HTTP_HOST");
	*out = 0;
	if (host && host_ok(host)) {
		snprintf(out, cap, "%s://%s", scheme, host);
		return "host_header";
	}
	const char *name = request_header(r, "SERVER_NAME"), *port = request_header(r, "SERVER_PORT");
	if (!name || strchr(name, ':') || !host_ok(name)) return NULL;
	bool plain = !port || !strcmp(port, is_https(r) ? "443" : "80");
	char hp[300];
	snprintf(hp, sizeof hp, "%s%s%s", name, plain ? "" : ":", plain ? "" : port);
	if (!host_ok(hp)) return NULL;
	snprintf(out, cap, "%s://%s", scheme, hp);
	return "server_name";
}

void request_free(struct request *r)
{
	free(r->path);
	free(r->query);
	free(r->body);
	free(r->accept_language);
	free(r->if_none_match);
	free(r->authorization);
	memset(r, 0, sizeof *r);
}

void query_free(struct qparam *q, int n)
{
	for (int i = 0; i < n; i++) {
		free(q[i].name);
		free(q[i].value);
	}
	free(q);
}

int query_parse(const char *qs, struct qparam **out, int max, int *bad)
{
	*out = NULL;
	int n = 0;
	for (const char *p = qs; *p; p++)
		if (*p == '&') n++;
	if (*qs) n++;
	if (n > max) return -1;
	struct qparam *q = calloc((size_t)(n ? n : 1), sizeof *q);
	if (!q) return -2;
	int k = 0;
	for (const char *p = qs; *p;) {
		size_t len = strcspn(p, "&");
		if (len > 0) {
			const char *eq = memchr(p, '=', len);
			size_t nl = eq ? (size_t)(eq - p) : len;
			q[k].name = strndup(p, nl);
			q[k].value = eq ? strndup(eq + 1, len - nl - 1) : strdup("");
			k++;
			if (!q[k - 1].name || !q[k - 1].value || percent_decode(q[k - 1].name, 1) < 0 ||
			    percent_decode(q[k - 1].value, 1) < 0) {
				query_free(q, k);
				return -2;
			}
			if (utf8_invalid_at(q[k - 1].name, strlen(q[k - 1].name)) >= 0 ||
			    utf8_invalid_at(q[k - 1].value, strlen(q[k - 1].value)) >= 0) {
				if (!bad) {
					query_free(q, k);
					return -3;
				}
				*bad = k;
				*out = q;
				return -3;
			}
		}
		p += len;
		if (*p == '&') p++;
	}
	*out = q;
	return k;
}
