/* Parsing a client configuration file as that client reads it (strict JSON, JSONC, TOML, YAML) into
 * a json-c tree. Each format has its own module (cfg_jsonc, cfg_toml, cfg_yaml); this header holds the
 * shared syntax-error record and the dispatcher. */
#ifndef AUTOPLAN_CFG_PARSE_H
#define AUTOPLAN_CFG_PARSE_H

#include <json-c/json.h>
#include <stddef.h>

/* Where and why a text failed to parse. line and column are 1-based; column counts characters. */
struct cfg_syntax {
	int line, column;
	char message[300];
};

/* Format ids match enum cat_cfg_format: 0 json, 1 jsonc, 2 toml, 3 yaml. */
enum cfg_format { CFG_JSON = 0, CFG_JSONC, CFG_TOML, CFG_YAML };

/* Parses text (len bytes, NUL not required) in format. Returns a new tree the caller owns, or NULL
 * with err filled. */
struct json_object *cfg_parse(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err);

/* Fills err with the line and column of byte offset off in text and the formatted message. */
void cfg_syntax_at(struct cfg_syntax *err, const char *text, size_t len, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
