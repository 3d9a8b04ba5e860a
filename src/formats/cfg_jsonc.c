#include "formats/cfg_jsonc.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blanks one comment starting at i; returns the index after it, or 0 when unterminated. */
static size_t blank_comment(const char *t, size_t len, char *out, size_t i)
{
	if (t[i + 1] == '/') {
		while (i < len && t[i] != '\n') out[i++] = ' ';
		return i;
	}
	size_t start = i;
	out[i] = out[i + 1] = ' ';
	for (i += 2; i + 1 < len; i++) {
		if (t[i] == '*' && t[i + 1] == '/') {
			out[i] = out[i + 1] = ' ';
			return i + 2;
		}
		if (t[i] != '\n') out[i] = ' ';
	}
	(void)start;
	return 0;
}

/* Pass 1: comments. Strings are skipped with their escapes so "//" inside a string survives. */
static int blank_comments(const char *t, size_t len, char *out, long *found, struct cfg_syntax *err)
{
	bool in_str = false;
	for (size_t i = 0; i < len;) {
		char ch = t[i];
		if (in_str) {
			if (ch == '\\' && i + 1 < len) { i += 2; continue; }
			if (ch == '"' || ch == '\n') in_str = false;
			i++;
		} else if (ch == '"') {
			in_str = true;
			i++;
		} else if (ch == '/' && i + 1 < len && (t[i + 1] == '/' || t[i + 1] == '*')) {
			if (*found < 0) *found = (long)i;
			size_t next = blank_comment(t, len, out, i);
			if (next == 0) {
				cfg_syntax_at(err, t, len, i, "unterminated /* comment");
				return -1;
			}
			i = next;
		} else {
			i++;
		}
	}
	return 0;
}

/* Pass 2: a comma followed (after white space) by } or ] is blanked. */
static void blank_trailing_commas(char *out, size_t len, long *found)
{
	bool in_str = false;
	for (size_t i = 0; i < len; i++) {
		char ch = out[i];
		if (in_str) {
			if (ch == '\\') i++;
			else if (ch == '"' || ch == '\n') in_str = false;
			continue;
		}
		if (ch == '"') { in_str = true; continue; }
		if (ch != ',') continue;
		size_t j = i + 1;
		while (j < len && strchr(" \t\r\n", out[j])) j++;
		if (j < len && (out[j] == '}' || out[j] == ']')) {
			if (*found < 0 || (long)i < *found) *found = (long)i;
			out[i] = ' ';
		}
	}
}

long jsonc_trailing_comma(const char *text, size_t len)
{
	char *b = malloc(len + 1);
	long c = -1, t = -1;
	struct cfg_syntax e;
	if (!b) return -1;
	memcpy(b, text, len);
	b[len] = '\0';
	if (blank_comments(text, len, b, &c, &e) == 0) blank_trailing_commas(b, len, &t);
	free(b);
	return t;
}

int jsonc_blank(const char *text, size_t len, char *out, long *found, struct cfg_syntax *err)
{
	long f = -1;
	memcpy(out, text, len);
	out[len] = '\0';
	int rc = blank_comments(text, len, out, &f, err);
	if (rc == 0) blank_trailing_commas(out, len, &f);
	if (found) *found = f;
	return rc;
}

/* A hint for the most common copy-paste damage: typographic quotes. */
static const char *quote_hint(const char *t, size_t len, size_t off)
{
	static const char *const smart[] = { "\xe2\x80\x9c", "\xe2\x80\x9d", "\xe2\x80\x98", "\xe2\x80\x99", NULL };
	for (int k = 0; smart[k]; k++)
		if (off + 3 <= len && memcmp(t + off, smart[k], 3) == 0)
			return " (typographic quote: JSON needs plain \" quotes)";
	return "";
}

static struct json_object *parse_blanked(const char *orig, const char *b, size_t len, struct cfg_syntax *err)
{
	long bad = json_rfc_violation(b, len);
	if (bad >= 0) {
		cfg_syntax_at(err, orig, len, (size_t)bad, "not valid JSON here%s", quote_hint(orig, len, (size_t)bad));
		return NULL;
	}
	struct json_tokener *tok = json_tokener_new_ex(64);
	if (!tok) return NULL;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	size_t skip = 0;
	while (skip < len && strchr(" \t\r\n", b[skip])) skip++;
	struct json_object *o = skip < len ? json_tokener_parse_ex(tok, b + skip, (int)(len - skip)) : NULL;
	enum json_tokener_error e = json_tokener_get_error(tok);
	size_t end = skip + json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (skip == len) {
		cfg_syntax_at(err, orig, len, len, "the text is empty");
		return NULL;
	}
	if (!o || e != json_tokener_success) {
		if (o) json_object_put(o);
		size_t at = end > 0 && e != json_tokener_continue ? end - 1 : end;
		if (e == json_tokener_continue) at = len;
		cfg_syntax_at(err, orig, len, at, "%s%s", e == json_tokener_continue ? "unexpected end of text" :
			json_tokener_error_desc(e), quote_hint(orig, len, at));
		return NULL;
	}
	while (end < len && strchr(" \t\r\n", b[end])) end++;
	if (end < len) {
		json_object_put(o);
		cfg_syntax_at(err, orig, len, end, "unexpected text after the end of the JSON value%s",
			quote_hint(orig, len, end));
		return NULL;
	}
	return o;
}

/* ---- where each key stands: one walk over the blanked text json-c has already accepted ---- */

struct jw { const char *b; size_t len, i; struct cfg_where *w; char ptr[1024]; };

static void jw_space(struct jw *j) { while (j->i < j->len && strchr(" \t\r\n", j->b[j->i])) j->i++; }

/* A string at j->i into out (escapes decoded as far as keys need: \uXXXX below U+0800 and the simple ones). */
static void jw_string(struct jw *j, char *out, size_t cap)
{
	size_t n = 0;
	for (j->i++; j->i < j->len && j->b[j->i] != '"'; j->i++) {
		char c = j->b[j->i];
		if (c == '\\' && j->i + 1 < j->len) {
			char e = j->b[++j->i];
			if (e == 'u' && j->i + 4 < j->len) {
				unsigned v = (unsigned)strtoul((char[5]){ j->b[j->i + 1], j->b[j->i + 2], j->b[j->i + 3], j->b[j->i + 4], 0 }, NULL, 16);
				j->i += 4;
				if (v < 0x80 && n + 1 < cap) out[n++] = (char)v;
				else if (v < 0x800 && n + 2 < cap) { out[n++] = (char)(0xc0 | (v >> 6)); out[n++] = (char)(0x80 | (v & 0x3f)); }
				continue;
			}
			c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
		}
		if (n + 1 < cap) out[n++] = c;
	}
	j->i++;
	out[n] = '\0';
}

static void jw_value(struct jw *j, int depth);

static void jw_object(struct jw *j, int depth)
{
	struct json_object *seen = json_object_new_object();
	char key[512];
	for (j->i++, jw_space(j); j->i < j->len && j->b[j->i] != '}';) {
		size_t at = j->i;
		jw_string(j, key, sizeof key);
		size_t old = cfg_ptr_push(j->ptr, sizeof j->ptr, key);
		if (json_object_object_get_ex(seen, key, NULL) && !json_object_object_get_ex(j->w->twice, j->ptr, NULL))
			json_object_object_add(j->w->twice, j->ptr, json_object_new_int64((int64_t)at));
		json_object_object_add(seen, key, NULL);
		cfg_where_note(j->w, j->ptr, at);
		jw_space(j);
		j->i++; /* : */
		jw_space(j);
		jw_value(j, depth + 1);
		j->ptr[old] = '\0';
		jw_space(j);
		if (j->i < j->len && j->b[j->i] == ',') { j->i++; jw_space(j); }
	}
	j->i++;
	json_object_put(seen);
}

static void jw_array(struct jw *j, int depth)
{
	char idx[24];
	size_t n = 0;
	for (j->i++, jw_space(j); j->i < j->len && j->b[j->i] != ']'; n++) {
		snprintf(idx, sizeof idx, "%zu", n);
		size_t old = cfg_ptr_push(j->ptr, sizeof j->ptr, idx);
		cfg_where_note(j->w, j->ptr, j->i);
		jw_value(j, depth + 1);
		j->ptr[old] = '\0';
		jw_space(j);
		if (j->i < j->len && j->b[j->i] == ',') { j->i++; jw_space(j); }
	}
	j->i++;
}

static void jw_value(struct jw *j, int depth)
{
	char skip[8];
	if (depth > 200 || j->i >= j->len) { j->i = j->len; return; }
	if (j->b[j->i] == '{') jw_object(j, depth);
	else if (j->b[j->i] == '[') jw_array(j, depth);
	else if (j->b[j->i] == '"') jw_string(j, skip, sizeof skip);
	else while (j->i < j->len && !strchr(",]} \t\r\n", j->b[j->i])) j->i++;
}

struct json_object *jsonc_parse(const char *text, size_t len, bool jsonc, struct cfg_syntax *err)
{
	return jsonc_parse_where(text, len, jsonc, err, NULL);
}

struct json_object *jsonc_parse_where(const char *text, size_t len, bool jsonc, struct cfg_syntax *err, struct cfg_where *w)
{
	char *b = malloc(len + 1);
	if (!b) return NULL;
	long found = -1;
	struct json_object *o = NULL;
	if (jsonc_blank(text, len, b, &found, err) == 0) {
		o = parse_blanked(text, jsonc ? b : text, len, err);
		/* strict JSON that only fails for a comment or trailing comma: say exactly that */
		struct cfg_syntax e2;
		struct json_object *as_jsonc = !o && !jsonc && found >= 0 ? parse_blanked(text, b, len, &e2) : NULL;
		if (as_jsonc) {
			json_object_put(as_jsonc);
			cfg_syntax_at(err, text, len, (size_t)found, "%s is not allowed in strict JSON (this client does not read JSONC)",
				text[found] == ',' ? "a trailing comma" : "a comment");
		}
	}
	if (o && w) {
		struct jw j = { .b = b, .len = len, .w = w };
		cfg_where_note(w, "", 0);
		jw_space(&j);
		jw_value(&j, 0);
	}
	free(b);
	return o;
}
