/* A JSON writer that appends to one growable text. Separators are the writer's business: call the
 * functions in document order (a key, then its value) and commas fall where they belong. Strings are
 * escaped exactly as json-c escapes them with JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE.
 * Out of memory sticks: later calls do nothing and jw_failed() says so; the caller checks once, at the end. */
#ifndef AUTOPLAN_JSONW_H
#define AUTOPLAN_JSONW_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Zero-initialise to start empty. The writer owns p; jw_free releases it. */
struct jw {
	char *p;
	size_t len, cap;
	bool comma;   /* a value ended last: the next member or item needs a comma first */
	bool failed;  /* memory ran out; the text is incomplete (cap is then 0, so the fast paths stay off) */
};

/* The slow paths of the inline functions below: growing the text. */
void jw_put_slow(struct jw *w, bool sep, const char *s, size_t n, bool comma_after);

/* Appends s[0..n), preceded by a comma when sep and one is due; comma_after says whether a value ended. */
static inline void jw_put(struct jw *w, bool sep, const char *s, size_t n, bool comma_after)
{
	if (w->len + n + 1 <= w->cap) {
		if (sep && w->comma) w->p[w->len++] = ',';
		memcpy(w->p + w->len, s, n);
		w->len += n;
		w->comma = comma_after;
		return;
	}
	jw_put_slow(w, sep, s, n, comma_after);
}

void jw_free(struct jw *w);
/* Room for n more bytes at once (false when memory ran out): a writer that knows its size grows once
 * instead of copying its text at every doubling. */
bool jw_reserve(struct jw *w, size_t n);
/* Empties the text, keeping the memory for the next document. */
void jw_reset(struct jw *w);
static inline bool jw_failed(const struct jw *w) { return w->failed; }
/* Puts a NUL after the text (not counted in len), for readers that want a C string. */
void jw_terminate(struct jw *w);

static inline void jw_obj(struct jw *w) { jw_put(w, true, "{", 1, false); }
static inline void jw_obj_end(struct jw *w) { jw_put(w, false, "}", 1, true); }
static inline void jw_arr(struct jw *w) { jw_put(w, true, "[", 1, false); }
static inline void jw_arr_end(struct jw *w) { jw_put(w, false, "]", 1, true); }

/* A member key given as a string literal: its quoting is done at compile time (the literal must need
 * no escaping). */
#define jw_key(w, lit) jw_key_text((w), "\"" lit "\":", sizeof("\"" lit "\":") - 1)
/* A member key already written as JSON text with its colon: "\"name\":". */
static inline void jw_key_text(struct jw *w, const char *text, size_t n) { jw_put(w, true, text, n, false); }
/* Any member key, escaped. */
void jw_key_str(struct jw *w, const char *key);

void jw_strn(struct jw *w, const char *s, size_t n);
/* A value already serialised as JSON written twice in one pass: verbatim, then `between` verbatim (the members
 * in between, ending with the next member's key and colon), then the same text as a string value (an MCP tool
 * result's structuredContent and its text block). */
void jw_rawn_and_str(struct jw *w, const char *json, size_t n, const char *between);
/* The same where the value is w's own text already, at [from, from + n): `between` verbatim, then that text again
 * as a string value (nothing copied but the escaped text; the text's members and commas are the caller's). The
 * buffer past the text may be read, so its last bytes are escaped as a whole block, not one at a time. */
void jw_str_again(struct jw *w, size_t from, size_t n, const char *between);
void jw_int(struct jw *w, long long v);
void jw_bool(struct jw *w, bool v);
static inline void jw_null(struct jw *w) { jw_put(w, true, "null", 4, true); }
/* A string value; NULL writes null. Inline, so that a literal's length is known when compiling. */
static inline void jw_str(struct jw *w, const char *s)
{
	if (!s) jw_null(w);
	else jw_strn(w, s, strlen(s));
}
/* A value already serialised as JSON (a catalog piece), appended verbatim. */
static inline void jw_rawn(struct jw *w, const char *json, size_t n) { jw_put(w, true, json, n, true); }
static inline void jw_raw(struct jw *w, const char *json) { jw_rawn(w, json, strlen(json)); }
/* A value split in two pre-serialised pieces around members written in between: the head opens an object
 * and holds at least one member ({"a":1), the tail ends it (} or ,"z":2}). */
static inline void jw_raw_head(struct jw *w, const char *head, size_t n) { jw_put(w, true, head, n, true); }
static inline void jw_raw_tail(struct jw *w, const char *tail, size_t n) { jw_put(w, false, tail, n, true); }
/* Members already serialised ("a":1,"b":2, no braces), appended verbatim inside the open object. */
static inline void jw_members(struct jw *w, const char *json, size_t n) { if (n) jw_put(w, true, json, n, true); }
/* A json-c value, written as json-c writes it (plain, slashes unescaped, custom serialisers honoured). */
void jw_json(struct jw *w, struct json_object *o);

#endif
