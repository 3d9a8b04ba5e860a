#include "formats/cfg_parse.h"
#include "formats/cfg_jsonc.h"
#include "formats/cfg_toml.h"
#include "formats/cfg_yaml.h"

struct json_object *cfg_parse(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err)
{
	switch (f) {
	case CFG_JSON: return jsonc_parse(text, len, false, err);
	case CFG_JSONC: return jsonc_parse(text, len, true, err);
	case CFG_TOML: return toml_parse(text, len, err);
	case CFG_YAML: return yaml_parse_tree(text, len, err);
	}
	return NULL;
}
