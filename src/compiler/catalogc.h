/* The catalog compiler: validates the JSON sources under a catalog directory and writes one compiled
 * file (see catalog_format.h) atomically (temporary file + rename). */
#ifndef AUTOPLAN_CATALOGC_H
#define AUTOPLAN_CATALOGC_H

#include <json-c/json.h>
#include <stddef.h>

/* sha256 (hex) of the canonical form of the parts of an operation record the planner relies on:
 * app, base_url (resolved), id, capability, method, path, input, output, parameters,
 * scope_alternatives, write. Key order and white space do not matter. Returns 0 or -1. */
int catalogc_semantic_hash(const char *app, struct json_object *op, const char *base_url, char out[65]);

/* Returns 0, or -1 with "file: /json/pointer: message" in err. Nothing is written on failure. */
int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen);

/* The same, also compiling the imported directory sources (*.json) under extra_dir when not NULL. */
int catalogc_build_ex(const char *srcdir, const char *extra_dir, const char *outpath, char *err, size_t errlen);

#endif
