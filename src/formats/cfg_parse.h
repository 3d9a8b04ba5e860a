/* Parsing a client configuration file as that client reads it (strict JSON, JSONC, TOML, YAML) into
 * a json-c tree: the dispatcher over the format readers (cfg_jsonc, cfg_toml, cfg_yaml), which share
 * their syntax-error record through cfg_syntax.h. */
#ifndef AUTOPLAN_CFG_PARSE_H
#define AUTOPLAN_CFG_PARSE_H

#include "formats/cfg_syntax.h"

#include <json-c/json.h>
#include <stddef.h>

/* Format ids match enum cat_cfg_format: 0 json, 1 jsonc, 2 toml, 3 yaml. */
enum cfg_format { CFG_JSON = 0, CFG_JSONC, CFG_TOML, CFG_YAML };

/* Parses text (len bytes, NUL not required) in format. Returns a new tree the caller owns, or NULL
 * with err filled. */
struct json_object *cfg_parse(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err);

/* The same, filling w (initialised by the caller, may be NULL) with where each key stands and, for
 * JSON, the keys one object holds twice. */
struct json_object *cfg_parse_where(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err,
	struct cfg_where *w);

#endif
