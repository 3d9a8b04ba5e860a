/* The catalog compiler: validates the JSON sources under a catalog directory and writes one compiled
 * file (see catalog_format.h) atomically (temporary file + rename). */
#ifndef AUTOPLAN_CATALOGC_H
#define AUTOPLAN_CATALOGC_H

#include <stddef.h>

/* Returns 0, or -1 with "file: /json/pointer: message" in err. Nothing is written on failure. */
int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen);

/* evidence.semantic_sha256 of one operation record: sha256 of the canonical JSON of app, base_url and the
 * operation's id, capability, method, path, input, output, parameters, scope_alternatives and write.
 * base_url is the operation's own or else the app's. Returns 0, or -1 on failure. */
struct json_object;
int catalog_semantic_hash(const char *app, struct json_object *op, const char *base_url, char out[65]);

#endif
