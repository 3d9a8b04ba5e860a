/* Declared shapes and the validator. Shapes are static tables (see shapes.c); the validator turns
 * untrusted input into a new, normalised json object (defaults filled in) or one error. The same
 * tables feed the OpenAPI emitter. */
#ifndef AUTOPLAN_SCHEMA_H
#define AUTOPLAN_SCHEMA_H

#include <json-c/json.h>
#include <regex.h>
#include <stdbool.h>

enum schema_kind {
	SK_ANY = 0,
	SK_STRING,
	SK_INTEGER,
	SK_NUMBER,
	SK_BOOLEAN,
	SK_ARRAY,
	SK_OBJECT,
	SK_STRING_OR_OBJECT, /* a string (bounded by max) or an object with arbitrary members */
};

enum { SF_NULLABLE = 1u << 0 };

#define SCHEMA_NO_BOUND (-1L)

struct schema_prop;

struct schema {
	enum schema_kind kind;
	unsigned flags;
	long min, max;                    /* chars, items or value; SCHEMA_NO_BOUND when unbounded */
	const char *const *enumv;         /* NULL-terminated allowed strings, or NULL */
	const char *pattern;              /* POSIX extended regex the whole string must match */
	const char *constant;             /* exact value of a string, or NULL */
	const struct schema *items;       /* arrays */
	const struct schema_prop *props;  /* objects: terminated by a NULL name */
	bool additional;                  /* objects: members beyond props allowed */
	const char *dflt;                 /* default as JSON text, filled in when absent */
	const char *doc;                  /* one-line description for OpenAPI */
};

struct schema_prop {
	const char *name;                 /* a string that outlives every validated value: validated objects keep it as a key, uncopied */
	const struct schema *s;
	bool required;
};

/* Where a fault is: "body", "query", "path" or a file name (compiler) and a JSON Pointer. */
struct schema_error {
	char where[32];
	char pointer[256];
	char message[512];
};

/* Compiled patterns, owned by the caller (one per process, built once, then read-only). */
struct schema_patterns {
	const char *src[16];
	regex_t re[16];
	int n;
};

/* Compiles every pattern reachable from s into p. Returns 0, or -1 on a bad pattern or overflow. */
int schema_patterns_add(struct schema_patterns *p, const struct schema *s);
void schema_patterns_free(struct schema_patterns *p);

/* Validates in (may be NULL for "absent") against s. On success returns a new object the caller
 * owns (json_object_put), with defaults filled in; on failure returns NULL and fills err.
 * p may be NULL, in which case patterns are compiled on the fly. */
struct json_object *schema_validate(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, struct schema_error *err);

/* Converts a query or path string to the type s declares (integer, boolean, comma-separated array,
 * string). Returns a new object, or NULL with err filled. name names the parameter in messages. */
struct json_object *schema_from_text(const struct schema *s, const char *text, const char *name,
	const char *where, struct schema_error *err);

/* Looks a property up by name in an object schema; NULL when not declared. */
const struct schema_prop *schema_prop_find(const struct schema *obj, const char *name);

#endif
