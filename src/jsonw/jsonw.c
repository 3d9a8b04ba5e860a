#include "jsonw/jsonw.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes; false (and failed set) when memory ran out. */
static bool room(struct jw *w, size_t n)
{
	if (w->failed) return false;
	if (w->len + n <= w->cap) return true;
	size_t cap = w->cap ? w->cap : 16384;
	while (cap < w->len + n) cap *= 2;
	char *p = realloc(w->p, cap);
	if (!p) {
		w->failed = true;
		w->cap = 0;
		return false;
	}
	w->p = p;
	w->cap = cap;
	return true;
}

bool jw_reserve(struct jw *w, size_t n)
{
	return room(w, n);
}

void jw_terminate(struct jw *w)
{
	if (room(w, 1)) w->p[w->len] = '\0';
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

void jw_put_slow(struct jw *w, bool sep, const char *s, size_t n, bool comma_after)
{
	if (!room(w, n + 1)) return;
	if (sep && w->comma) w->p[w->len++] = ',';
	memcpy(w->p + w->len, s, n);
	w->len += n;
	w->comma = comma_after;
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
	if (w->failed) {
		free(w->p);
		w->p = NULL;
	}
	w->len = 0;
	w->comma = false;
	w->failed = false;
}

/* What json-c writes for each byte: 0 as is, else the escape (its length is 2, or 6 for \u00XX). */
static const char *const ESC[32] = {
	"\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
	"\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f",
	"\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
	"\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
};

/* Whether any of the eight bytes at s is one json-c escapes: below 0x20, '"' or '\\' (word-wise tests
 * for a zero or a small byte; bytes from 0x80 up never count). */
static inline bool word_escapes(const char *s)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t v, q, b;
	memcpy(&v, s, sizeof v);
	q = v ^ (ones * '"');
	b = v ^ (ones * '\\');
	return (((v - ones * 0x20) & ~v) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high;
}

#if defined(__SSE2__)
#include <emmintrin.h>
/* Whether any of the sixteen bytes at s is one json-c escapes (unsigned: bytes from 0x80 up never count). */
static inline bool block_escapes(const char *s)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i low = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v);  /* 0xff where v >= 0x20 */
	__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
	return (_mm_movemask_epi8(bad) | (_mm_movemask_epi8(low) ^ 0xffff)) != 0;
}
#endif

/* Whether any byte of s[0..n) needs an escape: whole blocks, the last one overlapping the one before,
 * so that most strings are checked without a loop over single bytes. */
static bool needs_escape(const char *s, size_t n)
{
	if (n < 8) {
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)s[i] < 0x20 || s[i] == '"' || s[i] == '\\') return true;
		return false;
	}
	size_t i = 0;
#if defined(__SSE2__)
	for (; i + 16 <= n; i += 16) if (block_escapes(s + i)) return true;
#endif
	for (; i + 8 <= n; i += 8) if (word_escapes(s + i)) return true;
	return i < n && word_escapes(s + n - 8);
}

/* The quoted, escaped text of s[0..n). */
static void quoted(struct jw *w, const char *s, size_t n)
{
	if (!room(w, n + 2)) return;
	char *o = w->p + w->len;
	*o++ = '"';
	if (!needs_escape(s, n)) {
		memcpy(o, s, n);
		o[n] = '"';
		w->len += n + 2;
		return;
	}
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		/* most text needs no escape: skip it eight bytes at a time */
		while (i + 8 <= n && !word_escapes(s + i)) i += 8;
		if (i >= n) break;
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\') continue;
		w->len = (size_t)(o - w->p);
		put(w, s + start, i - start);
		if (c == '"') put(w, "\\\"", 2);
		else if (c == '\\') put(w, "\\\\", 2);
		else put(w, ESC[c], strlen(ESC[c]));
		start = i + 1;
		if (!room(w, n - start + 1)) return;
		o = w->p + w->len;
	}
	memcpy(o, s + start, n - start);
	o += n - start;
	*o++ = '"';
	w->len = (size_t)(o - w->p);
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
	char b[24], *e = b + sizeof b, *p = e;
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	do *--p = (char)('0' + u % 10); while (u /= 10);
	if (v < 0) *--p = '-';
	jw_put(w, true, p, (size_t)(e - p), true);
}

void jw_bool(struct jw *w, bool v)
{
	if (v) jw_put(w, true, "true", 4, true);
	else jw_put(w, true, "false", 5, true);
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
