/* YAML configuration files through libyaml, turned into a json-c tree (YAML 1.2 core schema for plain
 * scalars: null, booleans, integers, floats; everything else a string). Anchors and aliases, tags
 * and more than one document are rejected with a clear message. */
#ifndef AUTOPLAN_CFG_YAML_H
#define AUTOPLAN_CFG_YAML_H

#include "formats/cfg_syntax.h"

#include <json-c/json.h>
#include <stddef.h>

/* w (may be NULL) receives where each key stands. NULL with err set on a syntax error (a key given twice
 * in one mapping is one), or when libyaml cannot be loaded (it is loaded on first use;
 * behind a seccomp filter that fails, so a process about to install one calls yaml_load first). */
struct json_object *yaml_parse_tree(const char *text, size_t len, struct cfg_syntax *err, struct cfg_where *w);

/* Loads libyaml now. 0, or -1 with the reason in err. */
int yaml_load(char *err, size_t errlen);

#endif
