#define _GNU_SOURCE /* qsort_r */
#include "util/jsonstrict.h"
#include "util/text.h"

#include <json-c/json.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A member name of an open object: decoded bytes in names.bytes, its place in the text. */
struct name {
	size_t off, len, at;
};

/* One step of the path from the document to the current value. */
struct step {
	bool member;
	size_t name;  /* index into names when member */
	size_t index; /* array index otherwise */
};

struct scan {
	const char *s;
	size_t len, i;
	int depth, max_depth;
	char *bytes;
	size_t nbytes, cbytes;
	struct name *names;
	size_t nnames, cnames;
	struct step *path;
	struct json_flaw *flaw;
	bool failed;
	bool build;              /* json_strict_parse's one pass: each value read is made as a json-c object */
	struct json_object *made; /* build: the value value() just read, the caller's to take */
};

static void pointer_append(char *out, size_t cap, size_t *o, const char *s, size_t n)
{
	for (size_t k = 0; k < n && *o + 3 < cap; k++) {
		if (s[k] == '~' || s[k] == '/') {
			out[(*o)++] = '~';
			out[(*o)++] = s[k] == '~' ? '0' : '1';
		} else {
			out[(*o)++] = s[k];
		}
	}
	out[*o] = '\0';
}

/* The pointer of the value at the current depth, bounded; a cut never splits a character. */
static void build_pointer(const struct scan *st, char *out, size_t cap)
{
	size_t o = 0;
	out[0] = '\0';
	for (int d = 0; d < st->depth; d++) {
		if (o + 2 >= cap) break;
		out[o++] = '/';
		out[o] = '\0';
		if (st->path[d].member) {
			const struct name *nm = &st->names[st->path[d].name];
			pointer_append(out, cap, &o, st->bytes + nm->off, nm->len);
		} else {
			char num[24];
			int n = snprintf(num, sizeof num, "%zu", st->path[d].index);
			pointer_append(out, cap, &o, num, (size_t)n);
		}
	}
	char clean[256];
	utf8_sanitize(out, clean, sizeof clean < cap ? sizeof clean : cap);
	snprintf(out, cap, "%s", clean);
}

static int fail(struct scan *st, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct scan *st, size_t at, const char *fmt, ...)
{
	if (st->failed) return -1;
	st->failed = true;
	st->flaw->offset = at;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(st->flaw->what, sizeof st->flaw->what, fmt, ap);
	va_end(ap);
	build_pointer(st, st->flaw->pointer, sizeof st->flaw->pointer);
	return -1;
}

/* A flaw in the punctuation of the container being read: its pointer is the container's. */
static int fail_container(struct scan *st, const char *what)
{
	st->depth--;
	fail(st, st->i, "%s", what);
	st->depth++;
	return -1;
}

static void skip_ws(struct scan *st)
{
	while (st->i < st->len && (st->s[st->i] == ' ' || st->s[st->i] == '\n' || st->s[st->i] == '\t' || st->s[st->i] == '\r'))
		st->i++;
}

static int put_bytes(struct scan *st, const char *b, size_t n)
{
	/* allocated even for an empty name, so that the names' bytes are never a null pointer */
	if (!st->bytes || st->nbytes + n > st->cbytes) {
		size_t c = st->cbytes ? st->cbytes * 2 : 256;
		while (c < st->nbytes + n) c *= 2;
		char *p = realloc(st->bytes, c);
		if (!p) return fail(st, st->i, "out of memory");
		st->bytes = p;
		st->cbytes = c;
	}
	memcpy(st->bytes + st->nbytes, b, n);
	st->nbytes += n;
	return 0;
}

static int hex4(const char *s, unsigned *out)
{
	unsigned v = 0;
	for (int k = 0; k < 4; k++) {
		char c = s[k];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0) return -1;
		v = v * 16 + (unsigned)d;
	}
	*out = v;
	return 0;
}

static size_t encode(unsigned cp, char *o)
{
	if (cp < 0x80) { o[0] = (char)cp; return 1; }
	if (cp < 0x800) { o[0] = (char)(0xc0 | cp >> 6); o[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* One \u escape (with its low half when it starts a surrogate pair) at st->i, just past the "\u". */
static int unicode_escape(struct scan *st, size_t at, bool keep)
{
	unsigned cp, lo;
	if (st->len - st->i < 4 || hex4(st->s + st->i, &cp) < 0) return fail(st, at, "a \\u escape needs four hex digits");
	st->i += 4;
	if (cp >= 0xdc00 && cp <= 0xdfff) return fail(st, at, "a \\u escape names a lone surrogate");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (st->len - st->i < 6 || st->s[st->i] != '\\' || st->s[st->i + 1] != 'u' ||
		    hex4(st->s + st->i + 2, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
			return fail(st, at, "a \\u escape names a lone surrogate");
		st->i += 6;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0) return fail(st, at, "U+0000 is not accepted in text");
	char enc[4];
	return keep ? put_bytes(st, enc, encode(cp, enc)) : 0;
}

/* A byte of a string that needs no check of its own: ASCII, printable, not a quote or an escape. */
static inline bool plain(unsigned char c)
{
	return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* A string at st->i (on the opening quote). keep: append the decoded text to st->bytes. */
static int string(struct scan *st, bool keep)
{
	st->i++;
	while (st->i < st->len) {
		/* a run of plain ASCII, most of any text: read in one step, appended in one piece */
		size_t run = st->i;
		while (run < st->len && plain((unsigned char)st->s[run])) run++;
		if (run > st->i) {
			if (keep && put_bytes(st, st->s + st->i, run - st->i) < 0) return -1;
			st->i = run;
			continue;
		}
		size_t at = st->i;
		unsigned char c = (unsigned char)st->s[st->i];
		if (c == '"') { st->i++; return 0; }
		if (c < 0x20) return fail(st, at, "a control character inside a string must be escaped");
		if (c == '\\') {
			if (st->i + 1 >= st->len) break;
			char e = st->s[st->i + 1];
			st->i += 2;
			static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
			const char *k = e ? strchr(from, e) : NULL;
			if (e == 'u') {
				if (unicode_escape(st, at, keep) < 0) return -1;
			} else if (!k) {
				return fail(st, at, "unknown escape \\%c", e >= 0x20 && e < 0x7f ? e : '?');
			} else if (keep && put_bytes(st, &to[k - from], 1) < 0) {
				return -1;
			}
			continue;
		}
		size_t n = c < 0x80 ? 1 : utf8_char_len(st->s + st->i, st->len - st->i);
		if (!n) return fail(st, at, "invalid UTF-8 (not shortest form, a surrogate, or a broken sequence)");
		if (keep && put_bytes(st, st->s + st->i, n) < 0) return -1;
		st->i += n;
	}
	return fail(st, st->len, "unexpected end of input inside a string");
}

static bool digits(struct scan *st)
{
	size_t from = st->i;
	while (st->i < st->len && st->s[st->i] >= '0' && st->s[st->i] <= '9') st->i++;
	return st->i > from;
}

static int number(struct scan *st)
{
	size_t at = st->i;
	if (st->s[st->i] == '-') st->i++;
	if (st->i < st->len && st->s[st->i] == '0') st->i++;
	else if (!digits(st)) return fail(st, at, "not a JSON value");
	if (st->i < st->len && st->s[st->i] == '.') {
		st->i++;
		if (!digits(st)) return fail(st, at, "a number needs digits after its decimal point");
	}
	if (st->i < st->len && (st->s[st->i] == 'e' || st->s[st->i] == 'E')) {
		st->i++;
		if (st->i < st->len && (st->s[st->i] == '+' || st->s[st->i] == '-')) st->i++;
		if (!digits(st)) return fail(st, at, "a number needs digits in its exponent");
	}
	return 0;
}

static int cmp_name(const void *a, const void *b, void *ctx)
{
	const struct name *x = a, *y = b;
	const char *bytes = ctx;
	size_t n = x->len < y->len ? x->len : y->len;
	int r = memcmp(bytes + x->off, bytes + y->off, n);
	if (r) return r;
	if (x->len != y->len) return x->len < y->len ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* The names of the object just closed are names[from..]: the earliest repeated one is the flaw. */
static int duplicates(struct scan *st, size_t from)
{
	size_t n = st->nnames - from;
	if (n < 2) return 0;
	struct name *seg = st->names + from;
	const struct name *dup = NULL;
	if (n <= 8) { /* most objects are small: comparing every pair costs less than sorting */
		for (size_t k = 1; k < n; k++)
			for (size_t j = 0; j < k; j++)
				if (seg[k].len == seg[j].len && memcmp(st->bytes + seg[k].off, st->bytes + seg[j].off, seg[k].len) == 0 &&
				    (!dup || seg[k].at < dup->at))
					dup = &seg[k];
	} else {
		qsort_r(seg, n, sizeof *seg, cmp_name, st->bytes);
		for (size_t k = 1; k < n; k++)
			if (seg[k].len == seg[k - 1].len &&
			    memcmp(st->bytes + seg[k].off, st->bytes + seg[k - 1].off, seg[k].len) == 0 && (!dup || seg[k].at < dup->at))
				dup = &seg[k];
	}
	if (!dup) return 0;
	char shown[64];
	size_t len = dup->len < sizeof shown - 1 ? dup->len : sizeof shown - 1;
	memcpy(shown, st->bytes + dup->off, len);
	shown[len] = '\0';
	char clean[96];
	utf8_sanitize(shown, clean, sizeof clean);
	return fail(st, dup->at, "duplicate member \"%s\"", clean);
}

static int value(struct scan *st);

static int object_(struct scan *st, struct json_object *obj);

/* An object at st->i; built as a json-c object when st->build. */
static int object(struct scan *st)
{
	struct json_object *obj = NULL;
	if (st->build && !(obj = json_object_new_object())) return fail(st, st->i, "out of memory");
	if (object_(st, obj) < 0) {
		json_object_put(obj);
		return -1;
	}
	st->made = obj;
	return 0;
}

static int object_(struct scan *st, struct json_object *obj)
{
	size_t names_from = st->nnames, bytes_from = st->nbytes;
	st->i++;
	skip_ws(st);
	if (st->i < st->len && st->s[st->i] == '}') { st->i++; return 0; }
	for (;;) {
		skip_ws(st);
		if (st->i >= st->len || st->s[st->i] != '"') return fail_container(st, "expected a member name in double quotes");
		if (st->nnames == st->cnames) {
			size_t c = st->cnames ? st->cnames * 2 : 16;
			struct name *p = realloc(st->names, c * sizeof *p);
			if (!p) return fail(st, st->i, "out of memory");
			st->names = p;
			st->cnames = c;
		}
		if (put_bytes(st, "", 0) < 0) return -1; /* the names' bytes exist even when every name is empty */
		struct name nm = { st->nbytes, 0, st->i };
		st->depth--; /* a flaw inside a name belongs to the object */
		int r = string(st, true);
		st->depth++;
		if (r < 0) return -1;
		nm.len = st->nbytes - nm.off;
		st->names[st->nnames++] = nm;
		if (obj && put_bytes(st, "", 1) < 0) return -1; /* the name as a C string for json-c */
		skip_ws(st);
		if (st->i >= st->len || st->s[st->i] != ':') return fail_container(st, "expected ':' after a member name");
		st->i++;
		st->path[st->depth - 1] = (struct step){ .member = true, .name = st->nnames - 1 };
		if (value(st) < 0) return -1;
		if (obj) {
			/* no lookup first: a name given twice fails the object when it closes, and the object is put */
			json_object_object_add_ex(obj, st->bytes + nm.off, st->made, JSON_C_OBJECT_ADD_KEY_IS_NEW);
			st->made = NULL;
		}
		skip_ws(st);
		if (st->i < st->len && st->s[st->i] == ',') { st->i++; continue; }
		if (st->i < st->len && st->s[st->i] == '}') break;
		return fail_container(st, "expected ',' or '}' in an object");
	}
	st->i++;
	st->depth--; /* the duplicate belongs to this object, not to its last member */
	int r = duplicates(st, names_from);
	st->depth++;
	st->nnames = names_from;
	st->nbytes = bytes_from;
	return r;
}

static int array_(struct scan *st, struct json_object *arr)
{
	st->i++;
	skip_ws(st);
	if (st->i < st->len && st->s[st->i] == ']') { st->i++; return 0; }
	for (size_t idx = 0;; idx++) {
		st->path[st->depth - 1] = (struct step){ .member = false, .index = idx };
		if (value(st) < 0) return -1;
		if (arr) {
			json_object_array_add(arr, st->made);
			st->made = NULL;
		}
		skip_ws(st);
		if (st->i < st->len && st->s[st->i] == ',') { st->i++; continue; }
		if (st->i < st->len && st->s[st->i] == ']') { st->i++; return 0; }
		return fail_container(st, "expected ',' or ']' in an array");
	}
}

/* An array at st->i; built as a json-c array when st->build. */
static int array(struct scan *st)
{
	struct json_object *arr = NULL;
	if (st->build && !(arr = json_object_new_array())) return fail(st, st->i, "out of memory");
	if (array_(st, arr) < 0) {
		json_object_put(arr);
		return -1;
	}
	st->made = arr;
	return 0;
}

/* A string value, built as a json-c string: decoded after the bytes in use, which are then given back. */
static int string_value(struct scan *st)
{
	size_t from = st->nbytes;
	if (put_bytes(st, "", 0) < 0 || string(st, true) < 0) return -1;
	st->made = json_object_new_string_len(st->bytes + from, (int)(st->nbytes - from));
	st->nbytes = from;
	return st->made ? 0 : fail(st, st->i, "out of memory");
}

/* A number just read (s[at..i)) built as json-c builds it: an integer of at most 18 digits only, as int64; any
 * other number is left to json-c's tokener (-1 without a flaw: json_strict_parse reads the text again). */
static int number_value(struct scan *st, size_t at)
{
	const char *p = st->s + at, *e = st->s + st->i;
	bool neg = *p == '-';
	if (neg) p++;
	if (e - p > 18) return -1;
	long long v = 0;
	for (; p < e; p++) {
		if (*p < '0' || *p > '9') return -1;
		v = v * 10 + (*p - '0');
	}
	st->made = json_object_new_int64(neg ? -v : v);
	return st->made ? 0 : fail(st, st->i, "out of memory");
}

static int literal(struct scan *st, const char *word)
{
	size_t n = strlen(word);
	if (st->len - st->i < n || memcmp(st->s + st->i, word, n) != 0) return fail(st, st->i, "not a JSON value");
	st->i += n;
	return 0;
}

static int value(struct scan *st)
{
	skip_ws(st);
	if (st->i >= st->len) return fail(st, st->i, "unexpected end of input");
	char c = st->s[st->i];
	if (c == '{' || c == '[') {
		if (st->depth >= st->max_depth) return fail(st, st->i, "nested deeper than %d levels", st->max_depth);
		if (st->build && st->depth + 2 >= st->max_depth) return -1; /* near the bound: json-c's tokener decides */
		st->depth++;
		int r = c == '{' ? object(st) : array(st);
		st->depth--;
		return r;
	}
	if (c == '"') return st->build ? string_value(st) : string(st, false);
	int r;
	size_t at = st->i;
	if (c == 't' || c == 'f') {
		if ((r = literal(st, c == 't' ? "true" : "false")) == 0 && st->build &&
		    !(st->made = json_object_new_boolean(c == 't')))
			return fail(st, st->i, "out of memory");
		return r;
	}
	if (c == 'n') return literal(st, "null"); /* json-c's null is no object: made stays NULL */
	if (c == '-' || (c >= '0' && c <= '9')) return (r = number(st)) == 0 && st->build ? number_value(st, at) : r;
	return fail(st, st->i, "not a JSON value");
}

int json_strict_check(const char *text, size_t len, int max_depth, struct json_flaw *flaw)
{
	struct scan st = { .s = text, .len = len, .max_depth = max_depth > 0 ? max_depth : 1, .flaw = flaw };
	memset(flaw, 0, sizeof *flaw);
	st.path = calloc((size_t)st.max_depth + 1, sizeof *st.path);
	int r = st.path ? value(&st) : fail(&st, 0, "out of memory");
	if (r == 0) {
		skip_ws(&st);
		if (st.i < st.len) r = fail(&st, st.i, "trailing data after the JSON value");
	}
	free(st.path);
	free(st.names);
	free(st.bytes);
	return r;
}

/* The text read and built in one pass (0 with *out set), when it is strict JSON that json-c would read the same
 * way: else -1, and json_strict_parse reads it again with json-c's tokener and the check, whose words its
 * flaws are given in. A document that is null is left to that too (no object). */
static int one_pass(const char *text, size_t len, int max_depth, struct json_object **out)
{
	struct json_flaw scratch;
	struct scan st = { .s = text, .len = len, .max_depth = max_depth > 0 ? max_depth : 1, .flaw = &scratch,
		.build = true };
	skip_ws(&st);
	/* a number or a literal alone is a text json-c's tokener has not seen the end of: left to it */
	if (st.i >= len || (text[st.i] != '{' && text[st.i] != '[' && text[st.i] != '"')) return -1;
	st.path = calloc((size_t)st.max_depth + 1, sizeof *st.path);
	int r = st.path ? value(&st) : -1;
	if (r == 0) {
		skip_ws(&st);
		if (st.i < st.len || !st.made) r = -1;
	}
	free(st.path);
	free(st.names);
	free(st.bytes);
	if (r == 0) *out = st.made;
	else json_object_put(st.made);
	return r;
}

struct json_object *json_strict_parse(const char *text, size_t len, int max_depth, struct json_flaw *flaw)
{
	struct json_object *doc = NULL;
	if (one_pass(text, len, max_depth, &doc) == 0) return doc;
	return json_strict_parse_tokener(text, len, max_depth, flaw);
}

struct json_object *json_strict_parse_tokener(const char *text, size_t len, int max_depth, struct json_flaw *flaw)
{
	struct json_object *doc;
	struct json_tokener *tok = json_tokener_new_ex(max_depth);
	if (!tok) {
		*flaw = (struct json_flaw){ .offset = 0, .what = "out of memory", .pointer = "" };
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	doc = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	size_t used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr != json_tokener_success || used != len) {
		json_object_put(doc);
		*flaw = (struct json_flaw){ .offset = used, .pointer = "" };
		snprintf(flaw->what, sizeof flaw->what, "%s", jerr == json_tokener_success ? "trailing data"
			: jerr == json_tokener_continue ? "unexpected end of input" : json_tokener_error_desc(jerr));
		return NULL;
	}
	if (json_strict_check(text, len, max_depth, flaw) < 0) {
		json_object_put(doc);
		return NULL;
	}
	return doc;
}
