/* Writing a configuration tree in a client's file format: JSON (2-space indented), TOML (tables for
 * the root key and each server, inline tables below) and YAML (block style, strings double-quoted).
 * Used for corrected configurations and configure snippets; the validator parses the output back. */
#ifndef AUTOPLAN_CFG_EMIT_H
#define AUTOPLAN_CFG_EMIT_H

#include "formats/cfg_parse.h"

/* Returns a new NUL-terminated text the caller frees, or NULL when the tree cannot be written in that
 * format (e.g. null values or a non-object root in TOML) or memory ran out. */
char *cfg_emit(enum cfg_format f, const struct json_object *tree);

#endif
