/* The strict JSON check: what json-c accepts but RFC 8259 and this service refuse. Text that is not
 * shortest-form UTF-8, a \u escape naming a lone surrogate or U+0000, raw control characters,
 * single quotes, NaN/Infinity, trailing data, nesting past a bound, and an object naming a member
 * twice (two readers of such a body can disagree about what it says). Runs in time linear in the
 * input (duplicates are found by comparing the names of a small object pairwise, sorting a larger one's once). */
#ifndef AUTOPLAN_JSONSTRICT_H
#define AUTOPLAN_JSONSTRICT_H

#include <stddef.h>

struct json_flaw {
	size_t offset;       /* byte where the flaw was found */
	char what[128];      /* what is wrong, in words ("duplicate member \"a\"") */
	char pointer[256];   /* JSON Pointer of the value concerned; "" for the whole document */
};

/* 0 when the len bytes of text are one strict JSON value nested at most max_depth deep; otherwise -1
 * with *flaw filled (allocation failure is reported as a flaw too, never as valid). */
int json_strict_check(const char *text, size_t len, int max_depth, struct json_flaw *flaw);

struct json_object;
/* The len bytes of text parsed as one strict JSON value: a new object the caller puts, or NULL with *flaw
 * filled ("trailing data", "unexpected end of input", json-c's own words, or the strict check's). Exactly what
 * json-c's strict tokener followed by json_strict_check gives; most texts (an object, an array or a string
 * whose numbers are integers of up to 18 digits) are read and built in the check's one pass, the others, and
 * every flawed text, by the tokener and the check. Every request body is read through here. */
struct json_object *json_strict_parse(const char *text, size_t len, int max_depth, struct json_flaw *flaw);

/* The same answer by json-c's strict tokener followed by json_strict_check alone: json_strict_parse's path
 * for the texts its one pass leaves, and the reference its tests compare the one pass with. Same ownership. */
struct json_object *json_strict_parse_tokener(const char *text, size_t len, int max_depth, struct json_flaw *flaw);

#endif
