#include "formats/cfg_emit.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* printbuf_strappend only takes literals. */
static void pbs(struct printbuf *pb, const char *s) { printbuf_memappend(pb, s, (int)strlen(s)); }

static bool bare_key(const char *k)
{
	if (!*k) return false;
	for (const char *p = k; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	return true;
}

/* A JSON string literal is also a valid TOML basic string and YAML double-quoted scalar once '/' is
 * left unescaped and control characters use \uXXXX (json-c does both). */
static void quoted(struct printbuf *pb, const char *s)
{
	struct json_object *o = json_object_new_string(s);
	pbs(pb, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
}

/* A string value as a literal; json-c keeps embedded NUL bytes (as \u0000). */
static void quoted_value(struct printbuf *pb, struct json_object *v)
{
	pbs(pb, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
}

static void toml_key(struct printbuf *pb, const char *k)
{
	if (bare_key(k)) pbs(pb, k);
	else quoted(pb, k);
}

static int toml_value(struct printbuf *pb, struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_string: quoted_value(pb, v); return 0;
	case json_type_boolean: pbs(pb, json_object_get_boolean(v) ? "true" : "false"); return 0;
	case json_type_int: sprintbuf(pb, "%lld", (long long)json_object_get_int64(v)); return 0;
	case json_type_double: {
		char b[64];
		snprintf(b, sizeof b, "%.17g", json_object_get_double(v));
		if (!strpbrk(b, ".eE")) strcat(b, ".0");
		if (strpbrk(b, "ni")) return -1; /* inf, nan */
		pbs(pb, b);
		return 0;
	}
	case json_type_array:
		pbs(pb, "[");
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			if (i) pbs(pb, ", ");
			if (toml_value(pb, json_object_array_get_idx(v, i)) < 0) return -1;
		}
		pbs(pb, "]");
		return 0;
	case json_type_object: {
		pbs(pb, "{");
		bool first = true;
		json_object_object_foreach(v, k, m) {
			pbs(pb, first ? " " : ", ");
			first = false;
			toml_key(pb, k);
			pbs(pb, " = ");
			if (toml_value(pb, m) < 0) return -1;
		}
		pbs(pb, first ? "}" : " }");
		return 0;
	}
	default: return -1;
	}
}

static void toml_path(struct printbuf *pb, const char *path, const char *k)
{
	if (*path) sprintbuf(pb, "%s.", path);
	toml_key(pb, k);
}

/* A top-level list of tables ([[name]] blocks, Mistral Vibe's mcp_servers): an array of objects. */
static bool table_array(struct json_object *v, int depth)
{
	if (depth > 0 || !json_object_is_type(v, json_type_array) || !json_object_array_length(v)) return false;
	for (size_t i = 0; i < json_object_array_length(v); i++)
		if (!json_object_is_type(json_object_array_get_idx(v, i), json_type_object)) return false;
	return true;
}

static bool sub_table(struct json_object *v, int depth)
{
	return (json_object_is_type(v, json_type_object) && depth < 2) || table_array(v, depth);
}

/* Each item as a [[path]] block; objects inside an item are inline tables. */
static int toml_blocks(struct printbuf *pb, const char *path, struct json_object *a)
{
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		sprintbuf(pb, "%s[[%s]]\n", pb->bpos ? "\n" : "", path);
		json_object_object_foreach(json_object_array_get_idx(a, i), k, v) {
			toml_key(pb, k);
			pbs(pb, " = ");
			if (toml_value(pb, v) < 0) return -1;
			pbs(pb, "\n");
		}
	}
	return 0;
}

/* Objects at depth 0 and 1 become tables, a top-level list of objects [[...]] blocks; deeper objects
 * are inline tables. */
static int toml_table(struct printbuf *pb, const char *path, struct json_object *t, int depth)
{
	bool has_plain = false, has_sub = false;
	json_object_object_foreach(t, k0, v0) {
		(void)k0;
		if (sub_table(v0, depth)) has_sub = true;
		else has_plain = true;
	}
	if (*path && (has_plain || !has_sub)) sprintbuf(pb, "%s[%s]\n", pb->bpos ? "\n" : "", path);
	json_object_object_foreach(t, k, v) {
		if (sub_table(v, depth)) continue;
		toml_key(pb, k);
		pbs(pb, " = ");
		if (toml_value(pb, v) < 0) return -1;
		pbs(pb, "\n");
	}
	json_object_object_foreach(t, k2, v2) {
		if (!sub_table(v2, depth)) continue;
		struct printbuf *sub = printbuf_new();
		toml_path(sub, path, k2);
		int rc = table_array(v2, depth) ? toml_blocks(pb, sub->buf, v2) : toml_table(pb, sub->buf, v2, depth + 1);
		printbuf_free(sub);
		if (rc < 0) return -1;
	}
	return 0;
}

static const char *const yaml_reserved[] = { "true", "false", "null", "yes", "no", "on", "off", "y", "n", "~", NULL };

static void yaml_key(struct printbuf *pb, const char *k)
{
	bool plain = bare_key(k) && !(k[0] >= '0' && k[0] <= '9') && k[0] != '-';
	for (int i = 0; plain && yaml_reserved[i]; i++) if (!strcasecmp(k, yaml_reserved[i])) plain = false;
	if (plain) pbs(pb, k);
	else quoted(pb, k);
}

static bool yaml_scalar(struct json_object *v)
{
	if (json_object_is_type(v, json_type_object)) return json_object_object_length(v) == 0;
	if (json_object_is_type(v, json_type_array)) return json_object_array_length(v) == 0;
	return true;
}

static void yaml_scalar_text(struct printbuf *pb, struct json_object *v)
{
	if (json_object_is_type(v, json_type_string)) quoted_value(pb, v);
	else if (!v) pbs(pb, "null");
	else pbs(pb, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
}

static void yaml_node(struct printbuf *pb, struct json_object *v, int indent, bool inline_first);

static void yaml_object(struct printbuf *pb, struct json_object *o, int indent, bool inline_first)
{
	bool first = true;
	json_object_object_foreach(o, k, v) {
		if (!(first && inline_first)) sprintbuf(pb, "%*s", indent, "");
		first = false;
		yaml_key(pb, k);
		pbs(pb, ":");
		if (yaml_scalar(v)) {
			pbs(pb, " ");
			yaml_scalar_text(pb, v);
			pbs(pb, "\n");
		} else {
			pbs(pb, "\n");
			yaml_node(pb, v, indent + 2, false);
		}
	}
}

static void yaml_node(struct printbuf *pb, struct json_object *v, int indent, bool inline_first)
{
	if (json_object_is_type(v, json_type_object)) {
		yaml_object(pb, v, indent, inline_first);
		return;
	}
	for (size_t i = 0; i < json_object_array_length(v); i++) {
		struct json_object *e = json_object_array_get_idx(v, i);
		sprintbuf(pb, "%*s- ", indent, "");
		if (yaml_scalar(e)) {
			yaml_scalar_text(pb, e);
			pbs(pb, "\n");
		} else if (json_object_is_type(e, json_type_object)) {
			yaml_object(pb, e, indent + 2, true);
		} else {
			pbs(pb, "\n");
			yaml_node(pb, e, indent + 2, false);
		}
	}
}

/* Infinite or NaN numbers have no spelling in any of the three formats. */
static bool writable(struct json_object *v, int depth)
{
	if (depth > 64) return false;
	if (json_object_is_type(v, json_type_double)) return isfinite(json_object_get_double(v));
	if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++)
			if (!writable(json_object_array_get_idx(v, i), depth + 1)) return false;
	} else if (json_object_is_type(v, json_type_object)) {
		json_object_object_foreach(v, k, m) { (void)k; if (!writable(m, depth + 1)) return false; }
	}
	return true;
}

char *cfg_emit(enum cfg_format f, const struct json_object *tree)
{
	struct json_object *t = (struct json_object *)tree;
	if (!writable(t, 0)) return NULL;
	if (f == CFG_JSON || f == CFG_JSONC) {
		const char *s = json_object_to_json_string_ext(t, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE);
		size_t n = strlen(s);
		char *r = malloc(n + 2);
		if (r) { memcpy(r, s, n); r[n] = '\n'; r[n + 1] = '\0'; }
		return r;
	}
	if (!json_object_is_type(t, json_type_object) && f == CFG_TOML) return NULL;
	struct printbuf *pb = printbuf_new();
	int rc = 0;
	if (f == CFG_TOML) rc = toml_table(pb, "", t, 0);
	else if (yaml_scalar(t)) { yaml_scalar_text(pb, t); pbs(pb, "\n"); }
	else yaml_node(pb, t, 0, false);
	char *r = rc == 0 ? strdup(pb->buf ? pb->buf : "") : NULL;
	printbuf_free(pb);
	return r;
}
