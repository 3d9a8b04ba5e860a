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

/* sha256 (hex) of the call's shape apart from its address and scopes: id, capability, input, output,
 * parameters, write. Change impact compares it with an operation's recorded earlier shape. */
int catalogc_shape_hash(struct json_object *op, char out[65]);

/* The request address as the provider documents it: base joined with path, where a path starting
 * with neutral_prefix ("mailA/") gets the provider's real_prefix ("gmail/") back. Either prefix may be
 * NULL. Caller frees; NULL when memory ran out. */
char *catalogc_request_url(const char *base, const char *path, const char *real_prefix, const char *neutral_prefix);

/* Returns 0, or -1 with "file: /json/pointer: message" in err. Nothing is written on failure. */
int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen);

/* The same, also compiling the imported directory sources (*.json) under extra_dir when not NULL. */
int catalogc_build_ex(const char *srcdir, const char *extra_dir, const char *outpath, char *err, size_t errlen);

/* The same, also compiling the ordinary words of the word lists named by the NULL-terminated wordlists (one word a
 * line, as /usr/share/dict/ holds them; NULL: none, and the planner reads no name by the word lists). */
int catalogc_build_words(const char *srcdir, const char *extra_dir, const char *const *wordlists, const char *outpath,
	char *err, size_t errlen);

#endif
