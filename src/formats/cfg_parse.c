#include "formats/cfg_parse.h"
#include "formats/cfg_jsonc.h"
#include "formats/cfg_toml.h"
#include "formats/cfg_yaml.h"

struct json_object *cfg_parse(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err)
{
	return cfg_parse_where(f, text, len, err, NULL);
}

struct json_object *cfg_parse_where(enum cfg_format f, const char *text, size_t len, struct cfg_syntax *err,
	struct cfg_where *w)
{
	switch (f) {
	case CFG_JSON: return jsonc_parse_where(text, len, false, err, w);
	case CFG_JSONC: return jsonc_parse_where(text, len, true, err, w);
	case CFG_TOML: return toml_parse(text, len, err, w);
	case CFG_YAML: return yaml_parse_tree(text, len, err, w);
	}
	return NULL;
}
