#include "formats/cfg_toml.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOML_MAX_DEPTH 32
#define TOML_MAX_KEYS 16

struct tp {
	const char *s;
	size_t len, i;
	struct cfg_syntax *err;
	struct json_object *root, *cur;
	struct json_object *headers;  /* pointers of the tables a header defined, and of arrays of tables ("[]" + pointer) */
	struct cfg_where *w;          /* where each key stands, when asked */
	char cur_ptr[1024];           /* JSON Pointer of the current table */
	bool failed;
};

static int fail(struct tp *t, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct tp *t, size_t at, const char *fmt, ...)
{
	if (t->failed) return -1;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cfg_syntax_at(t->err, t->s, t->len, at, "%s", msg);
	t->failed = true;
	return -1;
}

static int peek(const struct tp *t, size_t k) { return t->i + k < t->len ? (unsigned char)t->s[t->i + k] : -1; }
static bool at_str(const struct tp *t, const char *lit) {
	size_t n = strlen(lit);
	return t->i + n <= t->len && memcmp(t->s + t->i, lit, n) == 0;
}
static void skip_ws(struct tp *t) { while (peek(t, 0) == ' ' || peek(t, 0) == '\t') t->i++; }

/* Skips a comment up to (not including) the newline; control characters other than tab are errors. */
static int skip_comment(struct tp *t)
{
	if (peek(t, 0) != '#') return 0;
	for (; t->i < t->len && t->s[t->i] != '\n'; t->i++) {
		unsigned char c = (unsigned char)t->s[t->i];
		if ((c < 0x20 && c != '\t' && !(c == '\r' && peek(t, 1) == '\n')) || c == 0x7f)
			return fail(t, t->i, "control character in a comment");
	}
	return 0;
}

static bool at_newline(const struct tp *t) { return peek(t, 0) == '\n' || (peek(t, 0) == '\r' && peek(t, 1) == '\n'); }
static void eat_newline(struct tp *t) { t->i += peek(t, 0) == '\r' ? 2 : 1; }

/* White space, newlines and comments (inside arrays). */
static int skip_ws_nl(struct tp *t)
{
	for (;;) {
		skip_ws(t);
		if (peek(t, 0) == '#') { if (skip_comment(t) < 0) return -1; continue; }
		if (at_newline(t)) { eat_newline(t); continue; }
		return 0;
	}
}

static void put_utf8(struct printbuf *pb, unsigned long cp)
{
	char b[4];
	int n;
	if (cp < 0x80) { b[0] = (char)cp; n = 1; }
	else if (cp < 0x800) { b[0] = (char)(0xc0 | (cp >> 6)); b[1] = (char)(0x80 | (cp & 0x3f)); n = 2; }
	else if (cp < 0x10000) { b[0] = (char)(0xe0 | (cp >> 12)); b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f)); n = 3; }
	else { b[0] = (char)(0xf0 | (cp >> 18)); b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); b[3] = (char)(0x80 | (cp & 0x3f)); n = 4; }
	printbuf_memappend(pb, b, n);
}

static int escape(struct tp *t, struct printbuf *pb)
{
	size_t at = t->i;
	int c = peek(t, 1);
	static const char from[] = "btnfr\"\\", to[] = "\b\t\n\f\r\"\\";
	const char *p = c > 0 ? strchr(from, c) : NULL;
	if (p) { printbuf_memappend(pb, &to[p - from], 1); t->i += 2; return 0; }
	if (c != 'u' && c != 'U') return fail(t, at, "invalid escape sequence in a string");
	int n = c == 'u' ? 4 : 8;
	unsigned long cp = 0;
	for (int k = 0; k < n; k++) {
		int h = peek(t, 2 + (size_t)k);
		if (h < 0 || !strchr("0123456789abcdefABCDEF", h)) return fail(t, at, "invalid \\%c escape", c);
		cp = cp * 16 + (unsigned long)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
	}
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return fail(t, at, "escape is not a Unicode scalar value");
	put_utf8(pb, cp);
	t->i += 2 + (size_t)n;
	return 0;
}

static bool bad_char(int c) { return (c < 0x20 && c != '\t') || c == 0x7f; }

/* A string that opens with quote at t->i: basic ('"', with escapes) or literal ('\'', verbatim), each
 * single-line or multi-line (tripled quotes). */
static int quoted_string(struct tp *t, struct printbuf *pb, char quote, bool multi)
{
	const char triple[4] = { quote, quote, quote, '\0' }, pair[3] = { quote, quote, '\0' };
	bool basic = quote == '"';
	size_t start = t->i;
	t->i += multi ? 3 : 1;
	if (multi && at_newline(t)) eat_newline(t);
	for (;;) {
		int c = peek(t, 0);
		if (c < 0) return fail(t, start, "unterminated string");
		if (!multi && c == quote) { t->i++; return 0; }
		if (multi && at_str(t, triple)) {
			size_t extra = 0;
			while (extra < 2 && peek(t, 3 + extra) == quote) extra++;
			printbuf_memappend(pb, pair, (int)extra);
			t->i += 3 + extra;
			return 0;
		}
		if (basic && c == '\\' && multi) { /* line-ending backslash: skip the newline and leading blanks */
			size_t j = t->i + 1;
			while (j < t->len && (t->s[j] == ' ' || t->s[j] == '\t')) j++;
			if (j < t->len && (t->s[j] == '\n' || (t->s[j] == '\r' && j + 1 < t->len && t->s[j + 1] == '\n'))) {
				t->i = j;
				while (peek(t, 0) == ' ' || peek(t, 0) == '\t' || at_newline(t)) {
					if (at_newline(t)) eat_newline(t); else t->i++;
				}
				continue;
			}
		}
		if (basic && c == '\\') { if (escape(t, pb) < 0) return -1; continue; }
		if (multi && at_newline(t)) { printbuf_memappend(pb, "\n", 1); eat_newline(t); continue; }
		if (bad_char(c)) return fail(t, t->i, c == '\n' ? "newline inside a single-line string" :
			"control character inside a string");
		printbuf_memappend(pb, t->s + t->i, 1);
		t->i++;
	}
}

static int string_value(struct tp *t, struct json_object **out, bool allow_multi)
{
	struct printbuf *pb = printbuf_new();
	bool multi = at_str(t, "\"\"\"") || at_str(t, "'''");
	if (multi && !allow_multi) { printbuf_free(pb); return fail(t, t->i, "a key cannot be a multi-line string"); }
	int rc = quoted_string(t, pb, (char)peek(t, 0), multi);
	if (rc == 0) *out = json_object_new_string_len(pb->buf, pb->bpos);
	printbuf_free(pb);
	return rc;
}

static bool bare_char(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'; }

/* A dotted key into parts (new strings in a json array). */
static int key_path(struct tp *t, struct json_object *parts)
{
	for (;;) {
		skip_ws(t);
		int c = peek(t, 0);
		struct json_object *k = NULL;
		if (c == '"' || c == '\'') {
			if (string_value(t, &k, false) < 0) return -1;
		} else if (c >= 0 && bare_char(c)) {
			size_t s = t->i;
			while (peek(t, 0) >= 0 && bare_char(peek(t, 0))) t->i++;
			k = json_object_new_string_len(t->s + s, (int)(t->i - s));
		} else {
			return fail(t, t->i, "expected a key");
		}
		if (json_object_array_length(parts) >= TOML_MAX_KEYS) { json_object_put(k); return fail(t, t->i, "key has too many parts"); }
		json_object_array_add(parts, k);
		skip_ws(t);
		if (peek(t, 0) != '.') return 0;
		t->i++;
	}
}

static int value(struct tp *t, struct json_object **out, int depth, char *ptr);

static int array_value(struct tp *t, struct json_object **out, int depth, char *ptr)
{
	struct json_object *a = json_object_new_array();
	char idx[24];
	t->i++;
	for (;;) {
		if (skip_ws_nl(t) < 0) break;
		if (peek(t, 0) == ']') { t->i++; *out = a; return 0; }
		struct json_object *v = NULL;
		snprintf(idx, sizeof idx, "%zu", json_object_array_length(a));
		size_t old = cfg_ptr_push(ptr, 1024, idx);
		cfg_where_note(t->w, ptr, t->i);
		int rc = value(t, &v, depth + 1, ptr);
		ptr[old] = '\0';
		if (rc < 0) break;
		json_object_array_add(a, v);
		if (skip_ws_nl(t) < 0) break;
		if (peek(t, 0) == ',') { t->i++; continue; }
		if (peek(t, 0) == ']') { t->i++; *out = a; return 0; }
		fail(t, t->i, peek(t, 0) < 0 ? "unterminated array" : "expected , or ] in an array");
		break;
	}
	json_object_put(a);
	return -1;
}

/* The one walk from tbl down a key path (parts[0..n)), creating tables that do not exist yet and
 * entering the last table of an array of tables; ptr follows the walk. Table headers and dotted keys
 * both use it. Returns the table reached, or NULL (failed) when a part is a plain value. */
static struct json_object *descend(struct tp *t, struct json_object *tbl, struct json_object *parts, size_t n,
	size_t at, char *ptr)
{
	char aot[1100], idx[24];
	for (size_t k = 0; k < n; k++) {
		const char *name = json_object_get_string(json_object_array_get_idx(parts, k));
		struct json_object *sub = NULL;
		cfg_ptr_push(ptr, 1024, name);
		cfg_where_note(t->w, ptr, at);
		if (!json_object_object_get_ex(tbl, name, &sub)) {
			sub = json_object_new_object();
			json_object_object_add(tbl, name, sub);
		}
		snprintf(aot, sizeof aot, "[]%s", ptr);
		if (json_object_is_type(sub, json_type_array) && json_object_object_get_ex(t->headers, aot, NULL)) {
			snprintf(idx, sizeof idx, "%zu", json_object_array_length(sub) - 1);
			cfg_ptr_push(ptr, 1024, idx);
			sub = json_object_array_get_idx(sub, json_object_array_length(sub) - 1);
		} else if (!json_object_is_type(sub, json_type_object)) {
			fail(t, at, "key \"%s\" is already a value, not a table", name);
			return NULL;
		}
		tbl = sub;
	}
	return tbl;
}

/* Sets parts (dotted) = v below tbl (whose pointer is base). Takes v. */
static int assign(struct tp *t, struct json_object *tbl, const char *base, struct json_object *parts,
	struct json_object *v, size_t at)
{
	size_t n = json_object_array_length(parts);
	char ptr[1024];
	snprintf(ptr, sizeof ptr, "%s", base);
	tbl = descend(t, tbl, parts, n - 1, at, ptr);
	if (!tbl) { json_object_put(v); return -1; }
	const char *last = json_object_get_string(json_object_array_get_idx(parts, n - 1));
	if (json_object_object_get_ex(tbl, last, NULL)) {
		json_object_put(v);
		return fail(t, at, "key \"%s\" is defined twice", last);
	}
	json_object_object_add(tbl, last, v);
	cfg_ptr_push(ptr, sizeof ptr, last);
	cfg_where_note(t->w, ptr, at);
	return 0;
}

/* The pointer of a key path below base, for the positions of values nested in it. */
static void path_ptr(char *out, const char *base, struct json_object *parts)
{
	snprintf(out, 1024, "%s", base);
	for (size_t k = 0; k < json_object_array_length(parts); k++)
		cfg_ptr_push(out, 1024, json_object_get_string(json_object_array_get_idx(parts, k)));
}

static int inline_table(struct tp *t, struct json_object **out, int depth, const char *ptr)
{
	struct json_object *o = json_object_new_object();
	char sub[1024];
	t->i++;
	skip_ws(t);
	if (peek(t, 0) == '}') { t->i++; *out = o; return 0; }
	for (;;) {
		size_t at = t->i;
		struct json_object *parts = json_object_new_array(), *v = NULL;
		int rc = key_path(t, parts);
		if (rc == 0 && peek(t, 0) != '=') rc = fail(t, t->i, "expected = after a key");
		if (rc == 0) { t->i++; skip_ws(t); path_ptr(sub, ptr, parts); rc = value(t, &v, depth + 1, sub); }
		if (rc == 0) rc = assign(t, o, ptr, parts, v, at);
		json_object_put(parts);
		if (rc < 0) break;
		skip_ws(t);
		if (peek(t, 0) == ',') {
			t->i++;
			skip_ws(t);
			if (peek(t, 0) == '}') { fail(t, t->i, "trailing comma in an inline table"); break; }
			continue;
		}
		if (peek(t, 0) == '}') { t->i++; *out = o; return 0; }
		fail(t, t->i, at_newline(t) ? "an inline table must stay on one line" : "expected , or } in an inline table");
		break;
	}
	json_object_put(o);
	return -1;
}

static bool digit(int c) { return c >= '0' && c <= '9'; }

/* Decimal integer or float with optional underscores between digits. */
static int number_value(struct tp *t, struct json_object **out)
{
	size_t s = t->i, j = t->i;
	char buf[80];
	size_t n = 0;
	bool is_float = false;
	if (j < t->len && (t->s[j] == '+' || t->s[j] == '-')) buf[n++] = t->s[j++];
	if (j + 1 < t->len && t->s[j] == '0' && strchr("xob", t->s[j + 1]))
		return fail(t, s, "hexadecimal, octal and binary numbers are not supported here");
	if (j + 3 <= t->len && (!strncmp(t->s + j, "inf", 3) || !strncmp(t->s + j, "nan", 3)))
		return fail(t, s, "inf and nan are not supported here");
	for (; j < t->len && n + 1 < sizeof buf; j++) {
		char c = t->s[j];
		if (digit(c)) buf[n++] = c;
		else if (c == '_' && j > s && digit(t->s[j - 1]) && j + 1 < t->len && digit(t->s[j + 1])) continue;
		else if (c == '.' || c == 'e' || c == 'E' || ((c == '+' || c == '-') && (t->s[j - 1] | 0x20) == 'e')) {
			is_float = true;
			buf[n++] = c;
		} else break;
	}
	buf[n] = '\0';
	if (j < t->len && (t->s[j] == '-' || t->s[j] == ':' || t->s[j] == 'T'))
		return fail(t, s, "dates and times are not supported here");
	size_t d = (buf[0] == '+' || buf[0] == '-') ? 1 : 0;
	if (n == d || !digit(buf[d])) return fail(t, s, "invalid value");
	if (buf[d] == '0' && n > d + 1 && digit(buf[d + 1])) return fail(t, s, "leading zeros are not allowed");
	char *end;
	errno = 0;
	if (is_float) {
		const char *dot = strchr(buf, '.');
		if (dot && (!digit(dot[1]) || !digit(dot[-1]))) return fail(t, s, "a decimal point needs digits on both sides");
		double v = strtod(buf, &end);
		if (*end || errno) return fail(t, s, "invalid number");
		*out = json_object_new_double(v);
	} else {
		long long v = strtoll(buf, &end, 10);
		if (*end || errno) return fail(t, s, "integer out of range");
		*out = json_object_new_int64(v);
	}
	t->i = j;
	return 0;
}

static int value(struct tp *t, struct json_object **out, int depth, char *ptr)
{
	if (depth > TOML_MAX_DEPTH) return fail(t, t->i, "nesting is too deep");
	int c = peek(t, 0);
	if (c == '"' || c == '\'') return string_value(t, out, true);
	if (c == '[') return array_value(t, out, depth, ptr);
	if (c == '{') return inline_table(t, out, depth, ptr);
	if (at_str(t, "true") && !bare_char(peek(t, 4))) { t->i += 4; *out = json_object_new_boolean(1); return 0; }
	if (at_str(t, "false") && !bare_char(peek(t, 5))) { t->i += 5; *out = json_object_new_boolean(0); return 0; }
	if (c == '+' || c == '-' || digit(c) || c == 'i' || c == 'n') return number_value(t, out);
	if (c < 0 || at_newline(t)) return fail(t, t->i, "a value is missing after =");
	return fail(t, t->i, "invalid value (strings need quotes)");
}

/* After a statement: optional white space and comment, then end of line or text. */
static int end_of_line(struct tp *t)
{
	skip_ws(t);
	if (skip_comment(t) < 0) return -1;
	if (peek(t, 0) < 0) return 0;
	if (at_newline(t)) { eat_newline(t); return 0; }
	return fail(t, t->i, "unexpected text at the end of the line");
}

/* [a.b] or [[a.b]] (a new table appended to the array of tables a.b). */
static int table_header(struct tp *t)
{
	size_t at = t->i;
	bool array = peek(t, 1) == '[';
	t->i += array ? 2 : 1;
	struct json_object *parts = json_object_new_array();
	int rc = key_path(t, parts);
	if (rc == 0 && (peek(t, 0) != ']' || (array && peek(t, 1) != ']')))
		rc = fail(t, t->i, array ? "expected ]] to close the array-of-tables header" : "expected ] to close the table header");
	if (rc < 0) { json_object_put(parts); return -1; }
	t->i += array ? 2 : 1;
	size_t n = json_object_array_length(parts);
	char ptr[1024] = "", aot[1100];
	struct json_object *tbl = descend(t, t->root, parts, n - 1, at, ptr);
	const char *last = json_object_get_string(json_object_array_get_idx(parts, n - 1));
	struct json_object *sub = NULL;
	if (tbl) {
		json_object_object_get_ex(tbl, last, &sub);
		cfg_ptr_push(ptr, sizeof ptr, last);
		cfg_where_note(t->w, ptr, at);
		snprintf(aot, sizeof aot, "[]%s", ptr);
	}
	if (!tbl) {
		rc = -1;
	} else if (array) {
		if (!sub) { sub = json_object_new_array(); json_object_object_add(tbl, last, sub); json_object_object_add(t->headers, aot, NULL); }
		if (!json_object_object_get_ex(t->headers, aot, NULL)) {
			rc = fail(t, at, "\"%s\" is already a value, not an array of tables", last);
		} else {
			char idx[24];
			snprintf(idx, sizeof idx, "%zu", json_object_array_length(sub));
			json_object_array_add(sub, json_object_new_object());
			cfg_ptr_push(ptr, sizeof ptr, idx);
			cfg_where_note(t->w, ptr, at);
			tbl = json_object_array_get_idx(sub, json_object_array_length(sub) - 1);
		}
	} else if (json_object_object_get_ex(t->headers, ptr, NULL) || json_object_object_get_ex(t->headers, aot, NULL)) {
		rc = fail(t, at, "table defined twice");
	} else {
		if (!sub) { sub = json_object_new_object(); json_object_object_add(tbl, last, sub); }
		if (!json_object_is_type(sub, json_type_object)) rc = fail(t, at, "\"%s\" is already a value, not a table", last);
		json_object_object_add(t->headers, ptr, NULL);
		tbl = sub;
	}
	json_object_put(parts);
	if (rc == 0) { t->cur = tbl; snprintf(t->cur_ptr, sizeof t->cur_ptr, "%s", ptr); }
	return rc;
}

static int key_value(struct tp *t)
{
	size_t at = t->i;
	struct json_object *parts = json_object_new_array(), *v = NULL;
	char ptr[1024];
	int rc = key_path(t, parts);
	if (rc == 0 && peek(t, 0) != '=') rc = fail(t, t->i, "expected = after a key");
	if (rc == 0) { t->i++; skip_ws(t); path_ptr(ptr, t->cur_ptr, parts); rc = value(t, &v, 0, ptr); }
	if (rc == 0) rc = assign(t, t->cur, t->cur_ptr, parts, v, at);
	json_object_put(parts);
	return rc;
}

struct json_object *toml_parse(const char *text, size_t len, struct cfg_syntax *err, struct cfg_where *w)
{
	struct tp t = { .s = text, .len = len, .err = err, .root = json_object_new_object(),
		.headers = json_object_new_object(), .w = w };
	cfg_where_note(w, "", 0);
	t.cur = t.root;
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) t.i = 3; /* UTF-8 byte order mark */
	int rc = 0;
	while (rc == 0 && t.i < t.len) {
		skip_ws(&t);
		int c = peek(&t, 0);
		if (c < 0) break;
		if (c == '#') rc = skip_comment(&t);
		else if (at_newline(&t)) eat_newline(&t);
		else if (c == '[') rc = table_header(&t) == 0 ? end_of_line(&t) : -1;
		else rc = key_value(&t) == 0 ? end_of_line(&t) : -1;
	}
	json_object_put(t.headers);
	if (rc < 0) {
		json_object_put(t.root);
		return NULL;
	}
	return t.root;
}
