/* A tools/call request read without building its envelope: the two outer levels read here, the arguments
 * and _meta parsed by json_strict_parse as the whole body's parse would build them. Anything else is left to
 * the whole body's parse, which also gives every flaw its words. */
#include "mcp/mcp.h"
#include "util/jsonstrict.h"

#include <stddef.h>
#include <string.h>

/* The envelope's members, each read at most once. */
enum {
	SEEN_JSONRPC = 1, SEEN_ID = 2, SEEN_METHOD = 4, SEEN_PARAMS = 8,
	SEEN_NAME = 16, SEEN_ARGS = 32, SEEN_META = 64,
	SEEN_NEEDED = SEEN_JSONRPC | SEEN_ID | SEEN_METHOD | SEEN_PARAMS | SEEN_NAME,
};

struct cursor {
	const char *s, *e;
	unsigned seen;
};

static void skip_ws(struct cursor *c)
{
	while (c->s < c->e && (*c->s == ' ' || *c->s == '\n' || *c->s == '\t' || *c->s == '\r')) c->s++;
}

/* The byte ch next, after white space: consumed. */
static bool eat(struct cursor *c, char ch)
{
	skip_ws(c);
	if (c->s >= c->e || *c->s != ch) return false;
	c->s++;
	return true;
}

/* A string of printable ASCII without escapes: its bytes, as the strict parse decodes them. */
static bool plain_string(struct cursor *c, const char **p, size_t *n)
{
	if (!eat(c, '"')) return false;
	const char *q = c->s;
	while (q < c->e && (unsigned char)*q >= 0x20 && (unsigned char)*q < 0x80 && *q != '"' && *q != '\\') q++;
	if (q >= c->e || *q != '"') return false;
	*p = c->s;
	*n = (size_t)(q - c->s);
	c->s = q + 1;
	return true;
}

/* The n bytes of text next, after white space: consumed. Inlined with a constant n, memcmp is a few compares. */
static inline bool text_is(struct cursor *c, const char *text, size_t n)
{
	skip_ws(c);
	if ((size_t)(c->e - c->s) < n || memcmp(c->s, text, n) != 0) return false;
	c->s += n;
	return true;
}

/* A string literal's JSON text next (a member name with its quotes, say): no escapes, so no other spelling. */
#define TEXT_IS(c, text) text_is((c), (text), sizeof(text) - 1)

/* An integer of at most 18 digits, what the strict parse makes an int64 of without question. */
static bool integer(struct cursor *c, long long *v)
{
	skip_ws(c);
	bool neg = c->s < c->e && *c->s == '-';
	const char *d = c->s + neg, *p = d;
	long long x = 0;
	for (; p < c->e && *p >= '0' && *p <= '9' && p - d < 18; p++) x = x * 10 + (*p - '0');
	size_t n = (size_t)(p - d);
	if (n == 0 || (p < c->e && *p >= '0' && *p <= '9') || (n > 1 && *d == '0')) return false; /* 19 digits or more */
	if (p < c->e && (*p == '.' || *p == 'e' || *p == 'E')) return false; /* a fraction: json-c's double */
	*v = neg ? -x : x;
	c->s = p;
	return true;
}

/* The closing quote of the string opened at s: the first quote after it that an odd run of backslashes does not
 * escape (found by memchr, most of an argument being text); NULL when the text ends first. */
static const char *string_end(const char *s, const char *e)
{
	const char *q = s;
	for (;;) {
		if (!(q = memchr(q + 1, '"', (size_t)(e - q - 1)))) return NULL;
		size_t run = 0; /* backslashes just before q: the opening quote at s ends the run */
		while (q[-1 - (ptrdiff_t)run] == '\\') run++;
		if (run % 2 == 0) return q;
	}
}

/* The end of the object or array starting at s, by its brackets outside strings; NULL when the text ends first.
 * Only a guess for flawed text: the strict parse of the span decides. */
static const char *container_end(const char *s, const char *e)
{
	int depth = 0;
	for (; s < e; s++) {
		if (*s == '"') {
			if (!(s = string_end(s, e))) return NULL;
		} else if (*s == '{' || *s == '[') {
			depth++;
		} else if ((*s == '}' || *s == ']') && --depth == 0) {
			return s + 1;
		}
	}
	return NULL;
}

/* An object two levels below the top, parsed strictly with the depth it has in the body (a new object). */
static struct json_object *inner_object(struct cursor *c)
{
	skip_ws(c);
	if (c->s >= c->e || *c->s != '{') return NULL;
	const char *end = container_end(c->s, c->e);
	struct json_flaw flaw;
	struct json_object *o = end ? json_strict_parse(c->s, (size_t)(end - c->s), MAX_JSON_DEPTH - 2, &flaw) : NULL;
	if (o) c->s = end;
	return o;
}

/* A member named once, then its colon: false for a name read before. */
static bool first(struct cursor *c, unsigned bit)
{
	if (c->seen & bit) return false;
	c->seen |= bit;
	return eat(c, ':');
}

/* One member of params: name, arguments or _meta. */
static bool param(struct cursor *c, struct mcp_call *call)
{
	const char *v;
	size_t n;
	if (TEXT_IS(c, "\"name\"")) {
		if (!first(c, SEEN_NAME) || !plain_string(c, &v, &n) || n >= sizeof call->name) return false;
		memcpy(call->name, v, n);
		call->name[n] = '\0';
		return true;
	}
	if (TEXT_IS(c, "\"arguments\"")) return first(c, SEEN_ARGS) && (call->args = inner_object(c)) != NULL;
	if (TEXT_IS(c, "\"_meta\"")) return first(c, SEEN_META) && (call->meta = inner_object(c)) != NULL;
	return false;
}

/* The id: an integer or a plain string, as the strict parse builds it. */
static bool id(struct cursor *c, struct mcp_call *call)
{
	const char *p;
	size_t n;
	long long v;
	skip_ws(c);
	if (c->s < c->e && *c->s == '"') {
		if (!plain_string(c, &p, &n)) return false;
		call->id = json_object_new_string_len(p, (int)n);
	} else {
		if (!integer(c, &v)) return false;
		call->id = json_object_new_int64(v);
	}
	return call->id != NULL;
}

/* One member of the message: jsonrpc "2.0", id, method "tools/call" or params. */
static bool member(struct cursor *c, struct mcp_call *call)
{
	if (TEXT_IS(c, "\"jsonrpc\"")) return first(c, SEEN_JSONRPC) && TEXT_IS(c, "\"2.0\"");
	if (TEXT_IS(c, "\"id\"")) return first(c, SEEN_ID) && id(c, call);
	if (TEXT_IS(c, "\"method\"")) return first(c, SEEN_METHOD) && TEXT_IS(c, "\"tools/call\"");
	if (!TEXT_IS(c, "\"params\"") || !first(c, SEEN_PARAMS) || !eat(c, '{')) return false;
	do
		if (!param(c, call)) return false;
	while (eat(c, ','));
	return eat(c, '}');
}

int mcp_call_read(const char *body, size_t len, struct mcp_call *call)
{
	memset(call, 0, sizeof *call);
	struct cursor c = { body, body + len, 0 };
	bool ok = eat(&c, '{');
	if (ok) {
		do
			ok = member(&c, call);
		while (ok && eat(&c, ','));
	}
	ok = ok && eat(&c, '}') && (c.seen & SEEN_NEEDED) == SEEN_NEEDED;
	skip_ws(&c);
	if (ok && c.s == c.e) return 0;
	mcp_call_free(call);
	return -1;
}

void mcp_call_free(struct mcp_call *call)
{
	json_object_put(call->id);
	json_object_put(call->args);
	json_object_put(call->meta);
	memset(call, 0, sizeof *call);
}
