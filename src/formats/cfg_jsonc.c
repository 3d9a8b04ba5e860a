#include "formats/cfg_jsonc.h"
#include "util/jsonutil.h"

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

struct json_object *jsonc_parse(const char *text, size_t len, bool jsonc, struct cfg_syntax *err)
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
	free(b);
	return o;
}
