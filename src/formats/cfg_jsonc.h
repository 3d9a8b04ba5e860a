/* Strict JSON and JSON with comments (JSONC: // and block comments, trailing commas). A small scanner
 * blanks comments and trailing commas with spaces, so byte positions survive, then json-c parses. */
#ifndef AUTOPLAN_CFG_JSONC_H
#define AUTOPLAN_CFG_JSONC_H

#include "formats/cfg_syntax.h"

#include <json-c/json.h>
#include <stddef.h>

#include <stdbool.h>

/* Copies text to out (len bytes + NUL, caller allocates len+1) with comments and trailing commas
 * replaced by spaces (newlines kept). Returns 0, or -1 with err filled (unterminated comment). When
 * found is not NULL it receives the offset of the first comment or trailing comma, or -1. */
int jsonc_blank(const char *text, size_t len, char *out, long *found, struct cfg_syntax *err);

/* Offset of the first trailing comma outside strings and comments, or -1. */
long jsonc_trailing_comma(const char *text, size_t len);

/* Parses text as strict JSON (jsonc false: a comment or trailing comma is a syntax error) or as JSONC.
 * The whole text must be one value. Returns a new tree, or NULL with err filled. */
struct json_object *jsonc_parse(const char *text, size_t len, bool jsonc, struct cfg_syntax *err);
/* The same, recording in w (when not NULL) where each key stands and which keys one object holds twice. */
struct json_object *jsonc_parse_where(const char *text, size_t len, bool jsonc, struct cfg_syntax *err, struct cfg_where *w);

#endif
