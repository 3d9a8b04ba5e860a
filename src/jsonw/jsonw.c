#include "jsonw/jsonw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes; false (and failed set) when memory ran out. */
static bool room(struct jw *w, size_t n)
{
	if (w->failed) return false;
	if (w->len + n <= w->cap) return true;
	size_t cap = w->cap ? w->cap : 4096;
	while (cap < w->len + n) cap *= 2;
	char *p = realloc(w->p, cap);
	if (!p) {
		w->failed = true;
		return false;
	}
	w->p = p;
	w->cap = cap;
	return true;
}

static void put(struct jw *w, const char *s, size_t n)
{
	if (!room(w, n)) return;
	memcpy(w->p + w->len, s, n);
	w->len += n;
}

static void put1(struct jw *w, char c)
{
	if (!room(w, 1)) return;
	w->p[w->len++] = c;
}

/* Before a value or a key: the comma that separates it from the one before. */
static void sep(struct jw *w)
{
	if (w->comma) put1(w, ',');
}

void jw_free(struct jw *w)
{
	free(w->p);
	memset(w, 0, sizeof *w);
}

void jw_reset(struct jw *w)
{
	w->len = 0;
	w->comma = false;
	w->failed = false;
}

void jw_obj(struct jw *w) { sep(w); put1(w, '{'); w->comma = false; }
void jw_obj_end(struct jw *w) { put1(w, '}'); w->comma = true; }
void jw_arr(struct jw *w) { sep(w); put1(w, '['); w->comma = false; }
void jw_arr_end(struct jw *w) { put1(w, ']'); w->comma = true; }

void jw_key_text(struct jw *w, const char *text, size_t n)
{
	sep(w);
	put(w, text, n);
	w->comma = false;
}

/* What json-c writes for each byte: 0 as is, else the escape (its length is 2, or 6 for \u00XX). */
static const char *const ESC[32] = {
	"\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
	"\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f",
	"\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
	"\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
};

/* The quoted, escaped text of s[0..n). */
static void quoted(struct jw *w, const char *s, size_t n)
{
	if (!room(w, n + 2)) return;
	w->p[w->len++] = '"';
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\') continue;
		put(w, s + start, i - start);
		if (c == '"') put(w, "\\\"", 2);
		else if (c == '\\') put(w, "\\\\", 2);
		else put(w, ESC[c], strlen(ESC[c]));
		start = i + 1;
	}
	put(w, s + start, n - start);
	put1(w, '"');
}

void jw_key_str(struct jw *w, const char *key)
{
	sep(w);
	quoted(w, key, strlen(key));
	put1(w, ':');
	w->comma = false;
}

void jw_strn(struct jw *w, const char *s, size_t n)
{
	sep(w);
	quoted(w, s, n);
	w->comma = true;
}

void jw_str(struct jw *w, const char *s)
{
	if (!s) jw_null(w);
	else jw_strn(w, s, strlen(s));
}

void jw_int(struct jw *w, long long v)
{
	char b[24];
	int n = snprintf(b, sizeof b, "%lld", v);
	sep(w);
	put(w, b, (size_t)n);
	w->comma = true;
}

void jw_bool(struct jw *w, bool v)
{
	sep(w);
	if (v) put(w, "true", 4);
	else put(w, "false", 5);
	w->comma = true;
}

void jw_null(struct jw *w)
{
	sep(w);
	put(w, "null", 4);
	w->comma = true;
}

void jw_rawn(struct jw *w, const char *json, size_t n)
{
	sep(w);
	put(w, json, n);
	w->comma = true;
}

void jw_raw(struct jw *w, const char *json) { jw_rawn(w, json, strlen(json)); }

void jw_raw_head(struct jw *w, const char *head) { jw_raw(w, head); }

void jw_raw_tail(struct jw *w, const char *tail)
{
	put(w, tail, strlen(tail));
	w->comma = true;
}

void jw_members(struct jw *w, const char *json)
{
	size_t n = strlen(json);
	if (n == 0) return;
	sep(w);
	put(w, json, n);
	w->comma = true;
}

void jw_json(struct jw *w, struct json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		jw_null(w);
		return;
	case json_type_object:
		jw_obj(w);
		json_object_object_foreach(o, k, v) {
			jw_key_str(w, k);
			jw_json(w, v);
		}
		jw_obj_end(w);
		return;
	case json_type_array: {
		size_t n = json_object_array_length(o);
		jw_arr(w);
		for (size_t i = 0; i < n; i++) jw_json(w, json_object_array_get_idx(o, i));
		jw_arr_end(w);
		return;
	}
	case json_type_string:
		jw_strn(w, json_object_get_string(o), (size_t)json_object_get_string_len(o));
		return;
	default: {
		/* numbers and booleans as json-c formats them, custom serialisers (raw pieces) included */
		size_t n = 0;
		const char *t = json_object_to_json_string_length(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
		jw_rawn(w, t, n);
		return;
	}
	}
}
