/* A tools/call request read without building its envelope: the two outer levels read here, the arguments
 * and _meta parsed by json_strict_parse as the whole body's parse would build them. Anything else is left to
 * the whole body's parse, which also gives every flaw its words. */
#include "mcp/mcp.h"
#include "util/jsonstrict.h"

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

/* A plain string equal to lit. */
static bool string_is(struct cursor *c, const char *lit)
{
	const char *p;
	size_t n;
	return plain_string(c, &p, &n) && n == strlen(lit) && memcmp(p, lit, n) == 0;
}

/* An integer of at most 18 digits, what the strict parse makes an int64 of without question. */
static bool integer(struct cursor *c, long long *v)
{
	skip_ws(c);
	bool neg = c->s < c->e && *c->s == '-';
	const char *d = c->s + neg, *p = d;
	long long x = 0;
	for (; p < c->e && *p >= '0' && *p <= '9' && p - d < 19; p++) x = x * 10 + (*p - '0');
	size_t n = (size_t)(p - d);
	if (n == 0 || n > 18 || (n > 1 && *d == '0')) return false;
	if (p < c->e && (*p == '.' || *p == 'e' || *p == 'E')) return false; /* a fraction: json-c's double */
	*v = neg ? -x : x;
	c->s = p;
	return true;
}

/* The end of the object or array starting at s, by its brackets outside strings; NULL when the text ends first.
 * Only a guess for flawed text: the strict parse of the span decides. */
static const char *container_end(const char *s, const char *e)
{
	int depth = 0;
	for (; s < e; s++) {
		if (*s == '"') {
			for (s++; s < e && *s != '"'; s++)
				if (*s == '\\' && ++s == e) return NULL;
			if (s == e) return NULL;
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

/* Whether member name (n bytes) is lit and has not been read yet (marked read). */
static bool first(struct cursor *c, const char *name, size_t n, const char *lit, unsigned bit)
{
	if (n != strlen(lit) || memcmp(name, lit, n) != 0 || (c->seen & bit)) return false;
	c->seen |= bit;
	return true;
}

/* One member of params: name, arguments or _meta. */
static bool param(struct cursor *c, struct mcp_call *call)
{
	const char *k, *v;
	size_t kn, vn;
	if (!plain_string(c, &k, &kn) || !eat(c, ':')) return false;
	if (first(c, k, kn, "name", SEEN_NAME)) {
		if (!plain_string(c, &v, &vn) || vn >= sizeof call->name) return false;
		memcpy(call->name, v, vn);
		call->name[vn] = '\0';
		return true;
	}
	if (first(c, k, kn, "arguments", SEEN_ARGS)) return (call->args = inner_object(c)) != NULL;
	if (first(c, k, kn, "_meta", SEEN_META)) return (call->meta = inner_object(c)) != NULL;
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
	const char *k;
	size_t kn;
	if (!plain_string(c, &k, &kn) || !eat(c, ':')) return false;
	if (first(c, k, kn, "jsonrpc", SEEN_JSONRPC)) return string_is(c, "2.0");
	if (first(c, k, kn, "id", SEEN_ID)) return id(c, call);
	if (first(c, k, kn, "method", SEEN_METHOD)) return string_is(c, "tools/call");
	if (!first(c, k, kn, "params", SEEN_PARAMS) || !eat(c, '{')) return false;
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
