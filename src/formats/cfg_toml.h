/* A strict parser for the TOML that MCP client configurations use: tables ([a.b."c"]), arrays of
 * tables ([[a.b]], Mistral Vibe's server list), dotted keys, basic, literal and multi-line strings,
 * decimal integers and floats, booleans, arrays and inline tables. Everything else (dates and times,
 * hex/octal/binary numbers, inf/nan) is rejected with a message naming the construct and its line and
 * column. No global state. */
#ifndef AUTOPLAN_CFG_TOML_H
#define AUTOPLAN_CFG_TOML_H

#include "formats/cfg_syntax.h"

#include <json-c/json.h>
#include <stddef.h>

/* Returns a new json-c object tree (tables as objects), or NULL with err filled; w (may be NULL)
 * receives where each key stands. */
struct json_object *toml_parse(const char *text, size_t len, struct cfg_syntax *err, struct cfg_where *w);

#endif
