/* The request model: query parsing, %-decoding and the body cap against lying CONTENT_LENGTH. */
#include "http/request.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fake {
	const char *const *env; /* name, value pairs, NULL-terminated */
	const char *body;
	size_t len, pos, reads;
};

static ssize_t fake_read(void *ctx, char *buf, size_t n)
{
	struct fake *f = ctx;
	size_t left = f->len - f->pos;
	if (n > left) n = left;
	memcpy(buf, f->body + f->pos, n);
	f->pos += n;
	f->reads += n;
	return (ssize_t)n;
}
static int fake_write(void *ctx, const struct iovec *iov, int n) { (void)ctx; (void)iov; (void)n; return 0; }
static const char *fake_getenv(void *ctx, const char *name)
{
	struct fake *f = ctx;
	for (int i = 0; f->env[i]; i += 2)
		if (strcmp(f->env[i], name) == 0) return f->env[i + 1];
	return NULL;
}

static struct request read_with(struct fake *f, size_t cap)
{
	struct io io = { f, fake_read, fake_write, fake_getenv };
	struct request r;
	cr_assert_eq(request_read(&r, &io, cap), 0);
	return r;
}

Test(request, path_from_request_uri_or_script_name)
{
	const char *e1[] = { "REQUEST_METHOD", "GET", "REQUEST_URI", "/v2/a%20b?x=1", NULL };
	struct fake f = { e1, "", 0, 0, 0 };
	struct request r = read_with(&f, 10);
	cr_assert_str_eq(r.method, "GET");
	cr_assert_str_eq(r.path, "/v2/a b");
	request_free(&r);
	const char *e2[] = { "REQUEST_METHOD", "GET", "SCRIPT_NAME", "/v2", "PATH_INFO", "/tasks", "REQUEST_URI", "/x", NULL };
	struct fake g = { e2, "", 0, 0, 0 };
	r = read_with(&g, 10);
	cr_assert_str_eq(r.path, "/v2/tasks");
	request_free(&r);
}

Test(request, body_within_cap)
{
	const char *e[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "5", NULL };
	struct fake f = { e, "hello", 5, 0, 0 };
	struct request r = read_with(&f, 5);
	cr_assert_eq(r.body_state, BODY_OK);
	cr_assert_str_eq(r.body, "hello");
	request_free(&r);
}

Test(request, announced_over_cap_is_drained_not_kept)
{
	const char *e[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "6", NULL };
	struct fake f = { e, "hello!", 6, 0, 0 };
	struct request r = read_with(&f, 5);
	cr_assert_eq(r.body_state, BODY_TOO_LARGE);
	cr_assert_null(r.body);
	cr_assert_eq(f.reads, 6, "the announced body is read to its end and discarded");
	request_free(&r);
	/* a length past any sane body: drained to the end of the input, never buffered */
	const char *huge[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "99999999999999999999999999", NULL };
	struct fake g = { huge, "x", 1, 0, 0 };
	r = read_with(&g, 5);
	cr_assert_eq(r.body_state, BODY_TOO_LARGE);
	cr_assert_null(r.body);
	cr_assert_eq(g.reads, 1);
	request_free(&r);
}

Test(request, drain_stops_at_its_bound)
{
	size_t n = REQUEST_DRAIN_MAX + 100000;
	char *big = calloc(1, n), len[32];
	snprintf(len, sizeof len, "%zu", n);
	const char *e[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", len, NULL };
	struct fake f = { e, big, n, 0, 0 };
	struct request r = read_with(&f, 5);
	cr_assert_eq(r.body_state, BODY_TOO_LARGE);
	cr_assert_eq(f.reads, REQUEST_DRAIN_MAX);
	request_free(&r);
	free(big);
}

Test(request, chunked_body_without_length)
{
	const char *e[] = { "REQUEST_METHOD", "POST", "HTTP_TRANSFER_ENCODING", "chunked", NULL };
	struct fake f = { e, "{\"a\":1}", 7, 0, 0 };
	struct request r = read_with(&f, 100);
	cr_assert_eq(r.body_state, BODY_OK);
	cr_assert_str_eq(r.body, "{\"a\":1}");
	cr_assert_eq(r.body_len, 7);
	request_free(&r);
	/* over the cap: flagged, nothing kept, the rest drained */
	struct fake g = { e, "0123456789", 10, 0, 0 };
	r = read_with(&g, 4);
	cr_assert_eq(r.body_state, BODY_TOO_LARGE);
	cr_assert_null(r.body);
	cr_assert_eq(g.reads, 10);
	request_free(&r);
	/* exactly the cap is fine */
	struct fake h = { e, "0123", 4, 0, 0 };
	r = read_with(&h, 4);
	cr_assert_eq(r.body_state, BODY_OK);
	cr_assert_str_eq(r.body, "0123");
	request_free(&r);
	/* without the chunked marker, no length means no body */
	const char *plain[] = { "REQUEST_METHOD", "POST", NULL };
	struct fake k = { plain, "{}", 2, 0, 0 };
	r = read_with(&k, 100);
	cr_assert_null(r.body);
	cr_assert_eq(k.reads, 0);
	request_free(&r);
}

Test(request, lying_length_never_reads_past_it)
{
	/* more bytes than announced: only the announced ones are read */
	const char *e[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "3", NULL };
	struct fake f = { e, "abcdef", 6, 0, 0 };
	struct request r = read_with(&f, 100);
	cr_assert_str_eq(r.body, "abc");
	cr_assert_eq(f.reads, 3);
	request_free(&r);
	/* fewer bytes than announced: flagged */
	const char *s[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "10", NULL };
	struct fake g = { s, "abc", 3, 0, 0 };
	r = read_with(&g, 100);
	cr_assert_eq(r.body_state, BODY_SHORT);
	request_free(&r);
	const char *b[] = { "REQUEST_METHOD", "POST", "CONTENT_LENGTH", "1x", NULL };
	struct fake h = { b, "abc", 3, 0, 0 };
	r = read_with(&h, 100);
	cr_assert_eq(r.body_state, BODY_BAD_LENGTH);
	request_free(&r);
}

Test(request, query_parse_decodes_and_bounds)
{
	struct qparam *q;
	int n = query_parse("a=1&b=x%2Cy+z&&c", &q, 8, NULL);
	cr_assert_eq(n, 3);
	cr_assert_str_eq(q[0].name, "a");
	cr_assert_str_eq(q[1].value, "x,y z");
	cr_assert_str_eq(q[2].name, "c");
	cr_assert_str_eq(q[2].value, "");
	query_free(q, n);
	cr_assert_eq(query_parse("a=1&b=2&c=3", &q, 2, NULL), -1);
	cr_assert_eq(query_parse("a=%G1", &q, 8, NULL), -2);
	cr_assert_eq(query_parse("a=%00", &q, 8, NULL), -2);
	cr_assert_eq(query_parse("", &q, 8, NULL), 0);
	query_free(q, 0);
}

Test(request, text_refused_before_parsing)
{
	const char *e1[] = { "REQUEST_METHOD", "GET", "REQUEST_URI", "/v2/%FFx", NULL };
	struct fake f = { e1, "", 0, 0, 0 };
	struct request r = read_with(&f, 10);
	cr_assert_eq(r.flaw, REQ_PATH_NOT_UTF8);
	cr_assert_eq(r.flaw_at, 4);
	request_free(&r);
	const char *e2[] = { "REQUEST_METHOD", "GET", "REQUEST_URI", "/v2/%C0%AF", NULL };
	struct fake g = { e2, "", 0, 0, 0 };
	r = read_with(&g, 10);
	cr_assert_eq(r.flaw, REQ_PATH_NOT_UTF8);
	request_free(&r);
	const char *e3[] = { "REQUEST_METHOD", "GET", "REQUEST_URI", "/v2/a%0", NULL };
	struct fake h = { e3, "", 0, 0, 0 };
	r = read_with(&h, 10);
	cr_assert_eq(r.flaw, REQ_PATH_ESCAPE);
	request_free(&r);
	const char *e4[] = { "REQUEST_METHOD", "GET", "SCRIPT_NAME", "/v2", "PATH_INFO", "/\xed\xa0\x80", NULL };
	struct fake k = { e4, "", 0, 0, 0 };
	r = read_with(&k, 10);
	cr_assert_eq(r.flaw, REQ_PATH_NOT_UTF8);
	request_free(&r);
}

Test(request, over_long_query_is_not_copied)
{
	char *qs = malloc(REQUEST_MAX_QUERY + 2);
	memset(qs, 'a', REQUEST_MAX_QUERY + 1);
	qs[REQUEST_MAX_QUERY + 1] = '\0';
	const char *e[] = { "REQUEST_METHOD", "GET", "REQUEST_URI", "/v2/capabilities", "QUERY_STRING", qs, NULL };
	struct fake f = { e, "", 0, 0, 0 };
	struct request r = read_with(&f, 10);
	cr_assert_eq(r.flaw, REQ_URI_TOO_LONG);
	cr_assert_str_eq(r.query, "");
	request_free(&r);
	qs[REQUEST_MAX_QUERY] = '\0'; /* exactly at the bound: accepted */
	f.pos = 0;
	r = read_with(&f, 10);
	cr_assert_eq(r.flaw, REQ_OK);
	cr_assert_eq(strlen(r.query), REQUEST_MAX_QUERY);
	request_free(&r);
	free(qs);
}

Test(request, query_values_must_be_utf8)
{
	struct qparam *q;
	int bad = 0;
	cr_assert_eq(query_parse("limit=1&query=%FF%FE", &q, 8, &bad), -3);
	cr_assert_eq(bad, 2);
	cr_assert_str_eq(q[1].name, "query");
	query_free(q, bad);
	cr_assert_eq(query_parse("query=%C0%AF", &q, 8, NULL), -3);
	cr_assert_eq(query_parse("query=\xff", &q, 8, NULL), -3);
	cr_assert_eq(query_parse("q%ED%A0%80=1", &q, 8, NULL), -3);
	cr_assert_eq(query_parse("query=%C3%A4", &q, 8, NULL), 1);
	cr_assert_str_eq(q[0].value, "\xc3\xa4");
	query_free(q, 1);
}

/* Which of en and de an answer carries, in order, as "en,de". */
static void langs_are(const char *header, const char *want)
{
	static const char *const offered[] = { "en", "de", NULL };
	int order[2], n = accept_language_order(header, offered, 2, order);
	char got[16] = "";
	for (int i = 0; i < n; i++) {
		if (i) strcat(got, ",");
		strcat(got, offered[order[i]]);
	}
	cr_assert_str_eq(got, want, "Accept-Language: %s", header ? header : "(none)");
}

Test(request, accept_language_orders_the_offered_languages)
{
	langs_are(NULL, "en,de");
	langs_are("", "en,de");
	langs_are("de", "de");
	langs_are("de-DE", "de");
	langs_are("en-US,en;q=0.9", "en");
	langs_are("de, en;q=0.5", "de,en");
	langs_are("en;q=0.5, de", "de,en");
	langs_are("de;q=0.8, en;q=0.8", "de,en");       /* equal weight: as listed */
	langs_are("fr, *;q=0.1", "en,de");              /* the rest, equally */
	langs_are("fr, de;q=0.5, *;q=0.1", "de,en");
	langs_are("de;q=0, *", "en");
	langs_are("fr", "en,de");                       /* nothing offered is acceptable: all rather than none */
	langs_are("DE;Q=1.0", "de");
	langs_are("de;q=1.5, en", "en");                /* a malformed item is skipped */
	langs_are(";;,,", "en,de");
}

Test(request, accept_language_is_read_and_capped)
{
	char big[400];
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	const char *e[] = { "REQUEST_METHOD", "GET", "HTTP_ACCEPT_LANGUAGE", big, NULL };
	struct fake f = { e, "", 0, 0, 0 };
	struct request r = read_with(&f, 10);
	cr_assert_not_null(r.accept_language);
	cr_assert_eq(strlen(r.accept_language), 256);
	request_free(&r);
	const char *n[] = { "REQUEST_METHOD", "GET", NULL };
	struct fake g = { n, "", 0, 0, 0 };
	r = read_with(&g, 10);
	cr_assert_null(r.accept_language);
	request_free(&r);
}
