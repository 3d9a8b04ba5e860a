/* The directory part of the catalog compiler: validates directory sources (built-in and imported),
 * derives connections (rules versioned by connection_rule_version) and verification levels, and
 * returns one draft per entry for catalogc.c to write as struct cat_entry records. */
#ifndef AUTOPLAN_CATALOGC_DIR_H
#define AUTOPLAN_CATALOGC_DIR_H

#include <json-c/json.h>
#include <stddef.h>

/* Reads every *.json under catdir/directory and, when extra is not NULL, every *.json under the
 * directory extra (imported sources). reports: array of validated report objects (may be empty).
 * On success returns 0 and *out = a new array (caller puts) of drafts sorted by (type, slug), each
 * an object whose string members are named like the fields of struct cat_entry plus "einsatz" (int)
 * and "discontinued" (bool). On failure returns -1 with "file: /pointer: message" in err.
 * A built-in entry wins over an imported one with the same type and slug; *shadowed counts those. */
int dirc_compile(const char *catdir, const char *extra, const struct json_object *reports,
	struct json_object **out, int *shadowed, char *err, size_t errlen);

/* The connections of one validated source entry, in the agreed shape with text {en, de}. New array. */
struct json_object *dirc_connections(const struct json_object *entry);

#endif
