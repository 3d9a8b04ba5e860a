/* json-c helpers shared by the responder and the compiler. */
#ifndef AUTOPLAN_JSONUTIL_H
#define AUTOPLAN_JSONUTIL_H

#include <json-c/json.h>
#include <stddef.h>

/* A node that serialises as the given pre-serialised JSON text, verbatim. The text is not copied:
 * it must outlive the node (the mapped catalog does). Caller owns the returned node. */
struct json_object *json_raw(const char *text);

/* Canonical JSON (object keys sorted bytewise, no white space) appended to a new string.
 * Caller frees the result with free(). NULL on allocation failure. */
char *json_canonical(const struct json_object *o);

/* Lower-case hex sha256 of len bytes into out[65]. Returns 0, or -1 on a libcrypto failure. */
int sha256_hex(const void *data, size_t len, char out[65]);

/* Rejects what json-c accepts even in strict mode but RFC 8259 does not: single-quoted strings,
 * NaN/Infinity and raw control characters inside strings. Returns the offending byte offset, or -1. */
long json_rfc_violation(const char *text, size_t len);

/* Adds member key (a string literal, kept by reference rather than copied) to o, taking v.
 * Most replies are built member by member, so the copies json-c would make add up. */
#define jadd(o, key, v) json_object_object_add_ex((o), "" key "", (v), JSON_C_OBJECT_ADD_CONSTANT_KEY)

/* Pretty JSON as the catalog sources and reports are written: 2-space indent, "key": value, unescaped
 * slashes, empty containers as [] and {}, final newline. Caller frees; NULL on allocation failure. */
char *json_pretty(struct json_object *o);

/* Convenience getters that tolerate absent members: NULL / fallback when missing or mistyped. */
const char *jget_str(const struct json_object *o, const char *key);
struct json_object *jget(const struct json_object *o, const char *key);
int jget_bool(const struct json_object *o, const char *key, int fallback);
/* An integer member (database rows), or fallback when missing or null. */
long long jget_int64(const struct json_object *o, const char *key, long long fallback);
/* A new string node with the text of member key, or NULL (JSON null) when it is missing or no string. */
struct json_object *jcopy_str(const struct json_object *o, const char *key);
/* Whether arr is an array holding the string s (false for a NULL s or arr, no array, or no such string element). */
int jarr_has_str(const struct json_object *arr, const char *s);

#endif
