/* YAML configuration files through libyaml, turned into a json-c tree (YAML 1.2 core schema for plain
 * scalars: null, booleans, integers, floats; everything else a string). Anchors and aliases, tags
 * and more than one document are rejected with a clear message. */
#ifndef AUTOPLAN_CFG_YAML_H
#define AUTOPLAN_CFG_YAML_H

#include "formats/cfg_syntax.h"

#include <json-c/json.h>
#include <stddef.h>

struct json_object *yaml_parse_tree(const char *text, size_t len, struct cfg_syntax *err);

#endif
