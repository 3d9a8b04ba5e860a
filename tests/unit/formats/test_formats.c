/* The configuration format readers (JSON, JSONC, TOML, YAML) and the emitter. */
#include "formats/cfg_emit.h"
#include "formats/cfg_parse.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <string.h>

static struct json_object *parse(enum cfg_format f, const char *text, struct cfg_syntax *e)
{
	return cfg_parse(f, text, strlen(text), e);
}

Test(jsonc, comments_and_trailing_commas_keep_positions)
{
	struct cfg_syntax e;
	const char *t = "{ // c\n \"a\": \"x//y\", /* b\n */ \"b\": [1, 2,], }";
	struct json_object *o = parse(CFG_JSONC, t, &e);
	cr_assert(o, "%s", e.message);
	cr_assert_str_eq(jget_str(o, "a"), "x//y");
	cr_assert_eq(json_object_array_length(jget(o, "b")), 2);
	json_object_put(o);
	cr_assert_null(parse(CFG_JSON, t, &e));
	cr_assert_eq(e.line, 1);
	cr_assert_eq(e.column, 3);
	cr_assert(strstr(e.message, "comment"), "%s", e.message);
	cr_assert_null(parse(CFG_JSONC, "{\"a\": 1 /* open", &e));
	cr_assert(strstr(e.message, "unterminated"));
	cr_assert_null(parse(CFG_JSON, "{\"a\": 1,\n \"b\": }", &e));
	cr_assert_eq(e.line, 2, "line %d", e.line);
	cr_assert_null(parse(CFG_JSON, "{} x", &e));
	cr_assert_eq(e.column, 4);
}

Test(toml, accepts_the_subset)
{
	struct cfg_syntax e;
	const char *t = "# top\n[mcp_servers.a]\ncommand = \"npx\" # c\nargs = [\"-y\",\n  'lit\\eral', # x\n]\n"
		"env = { K = \"v\", n.m = 2 }\n\"quoted key\".x = true\nf = -1.5e3\ns = \"\"\"\nab\\\n   cd\"\"\"\n"
		"[mcp_servers.a.sub]\nu = \"\\u00e9\"\n";
	struct json_object *o = parse(CFG_TOML, t, &e);
	cr_assert(o, "%d:%d %s", e.line, e.column, e.message);
	struct json_object *a = jget(jget(o, "mcp_servers"), "a");
	cr_assert_str_eq(jget_str(a, "command"), "npx");
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(jget(a, "args"), 1)), "lit\\eral");
	cr_assert_eq(json_object_get_int(jget(jget(jget(a, "env"), "n"), "m")), 2);
	cr_assert(json_object_get_boolean(jget(jget(a, "quoted key"), "x")));
	cr_assert_float_eq(json_object_get_double(jget(a, "f")), -1500.0, 1e-9);
	cr_assert_str_eq(jget_str(a, "s"), "abcd");
	cr_assert_str_eq(jget_str(jget(a, "sub"), "u"), "\xc3\xa9");
	json_object_put(o);
}

Test(toml, arrays_of_tables_as_mistral_vibe_writes_them)
{
	struct cfg_syntax e;
	const char *t = "[[mcp_servers]]\nname = \"a\"\ntransport = \"stdio\"\n[mcp_servers.env]\nK = \"1\"\n"
		"[[mcp_servers]]\nname = \"b\"\n[mcp_servers.env]\nK = \"2\"\n[tools.read]\nx = 1\n";
	struct json_object *o = parse(CFG_TOML, t, &e);
	cr_assert(o, "%d:%d %s", e.line, e.column, e.message);
	struct json_object *l = jget(o, "mcp_servers");
	cr_assert_eq(json_object_array_length(l), 2);
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(l, 1), "env"), "K"), "2");
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(l, 0), "env"), "K"), "1");
	char *back = cfg_emit(CFG_TOML, o);
	cr_assert(back);
	cr_assert(strstr(back, "[[mcp_servers]]"), "%s", back);
	struct json_object *again = parse(CFG_TOML, back, &e);
	cr_assert(again, "%s: %s", back, e.message);
	cr_assert(json_object_equal(o, again), "%s", back);
	json_object_put(again);
	free(back);
	json_object_put(o);
}

/* Every reader records where each key stands, so an issue can name its line and column. */
Test(where, every_format_places_keys)
{
	struct { enum cfg_format f; const char *text, *ptr; int line, col; } c[] = {
		{ CFG_JSON, "{\n  \"mcpServers\": {\n    \"a/b\": {\"args\": [\"x\", \"y\"]}}}", "/mcpServers/a~1b/args/1", 3, 27 },
		{ CFG_JSONC, "{ // c\n \"s\": {\"k\": 1,}}", "/s/k", 2, 8 },
		{ CFG_TOML, "[mcp_servers.a]\ncommand = \"x\"\nenv = { K = \"v\" }\n", "/mcp_servers/a/env/K", 3, 9 },
		{ CFG_TOML, "[[mcp_servers]]\nname = \"a\"\n[[mcp_servers]]\nname = \"b\"\n", "/mcp_servers/1/name", 4, 1 },
		{ CFG_YAML, "mcpServers:\n  - name: a\n    args: [x, y]\n", "/mcpServers/0/args/1", 3, 15 },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct cfg_syntax e;
		struct cfg_where w;
		cfg_where_init(&w);
		struct json_object *o = cfg_parse_where(c[i].f, c[i].text, strlen(c[i].text), &e, &w);
		cr_assert(o, "%zu: %s", i, e.message);
		long off = cfg_where_find(&w, c[i].ptr);
		cr_assert_geq(off, 0, "%zu: %s not placed", i, c[i].ptr);
		int line, col;
		cfg_line_col(c[i].text, strlen(c[i].text), (size_t)off, &line, &col);
		cr_assert(line == c[i].line && col == c[i].col, "%zu: %s at %d:%d", i, c[i].ptr, line, col);
		json_object_put(o);
		cfg_where_free(&w);
	}
}

Test(where, json_keys_given_twice)
{
	struct cfg_syntax e;
	struct cfg_where w;
	cfg_where_init(&w);
	const char *t = "{\"s\": {\"a\": {\"command\": \"x\"},\n \"a\": {\"command\": \"y\"}}}";
	struct json_object *o = cfg_parse_where(CFG_JSON, t, strlen(t), &e, &w);
	cr_assert(o);
	cr_assert_str_eq(jget_str(jget(jget(o, "s"), "a"), "command"), "y", "the later value wins, as in the clients");
	struct json_object *at;
	cr_assert(json_object_object_get_ex(w.twice, "/s/a", &at));
	cr_assert_eq(json_object_get_int(at), 31);
	cr_assert_eq(json_object_object_length(w.twice), 1);
	json_object_put(o);
	cfg_where_free(&w);
	struct json_object *y = parse(CFG_YAML, "a: 1\nb: 2\na: 3\n", &e);
	cr_assert_null(y);
	cr_assert(e.line == 3 && strstr(e.message, "duplicate key"), "%d %s", e.line, e.message);
}

Test(toml, rejects_the_rest_with_line_and_column)
{
	struct { const char *text; int line, col; const char *says; } bad[] = {
		{ "a = 1979-05-27\n", 1, 5, "dates" },
		{ "x = 1\n[[x]]\n", 2, 1, "not an array of tables" },
		{ "x = []\n[[x]]\n", 2, 1, "not an array of tables" },
		{ "[[x]]\n[x]\n", 2, 1, "twice" },
		{ "[[x]\n", 1, 4, "]]" },
		{ "a = 0x1F\n", 1, 5, "hexadecimal" },
		{ "a = 1\na = 2\n", 2, 1, "twice" },
		{ "[t]\n[t]\n", 2, 1, "twice" },
		{ "a = \"x\n", 1, 7, "newline" },
		{ "a = {b = 1,}\n", 1, 12, "trailing comma" },
		{ "a = b\n", 1, 5, "quotes" },
		{ "a = 1 b\n", 1, 7, "unexpected" },
		{ "a = nan\n", 1, 5, "nan" },
		{ "a = 01\n", 1, 5, "leading zeros" },
		{ "a.b = 1\na.b.c = 2\n", 2, 1, "already a value" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct cfg_syntax e;
		struct json_object *o = parse(CFG_TOML, bad[i].text, &e);
		cr_assert_null(o, "accepted: %s", bad[i].text);
		cr_assert_eq(e.line, bad[i].line, "%s: line %d", bad[i].text, e.line);
		cr_assert_eq(e.column, bad[i].col, "%s: column %d (%s)", bad[i].text, e.column, e.message);
		cr_assert(strstr(e.message, bad[i].says), "%s: %s", bad[i].text, e.message);
	}
}

Test(yaml, core_schema_and_rejections)
{
	struct cfg_syntax e;
	struct json_object *o = parse(CFG_YAML, "a: true\nb: 3\nc: \"3\"\nd: ~\ne: [x y, z]\n", &e);
	cr_assert(o, "%s", e.message);
	cr_assert(json_object_is_type(jget(o, "a"), json_type_boolean));
	cr_assert(json_object_is_type(jget(o, "b"), json_type_int));
	cr_assert(json_object_is_type(jget(o, "c"), json_type_string));
	cr_assert(json_object_object_get_ex(o, "d", NULL) && !jget(o, "d"));
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(jget(o, "e"), 0)), "x y");
	json_object_put(o);
	o = parse(CFG_YAML, "a: 1.5e3\nb: .5\nc: 1e\nd: -7\ne: 1e999\nf: +\n", &e);
	cr_assert(o, "%s", e.message);
	cr_assert_float_eq(json_object_get_double(jget(o, "a")), 1500.0, 1e-9);
	cr_assert_float_eq(json_object_get_double(jget(o, "b")), 0.5, 1e-9);
	cr_assert_str_eq(jget_str(o, "c"), "1e");
	cr_assert_eq(json_object_get_int(jget(o, "d")), -7);
	cr_assert_str_eq(jget_str(o, "e"), "1e999");
	cr_assert_str_eq(jget_str(o, "f"), "+");
	json_object_put(o);
	cr_assert_null(parse(CFG_YAML, "a: &x 1\nb: *x\n", &e));
	cr_assert(strstr(e.message, "anchors"));
	cr_assert_null(parse(CFG_YAML, "a: 1\n---\nb: 2\n", &e));
	cr_assert_null(parse(CFG_YAML, "a: 1\na: 2\n", &e));
	cr_assert_eq(e.line, 2);
	cr_assert_null(parse(CFG_YAML, "a: [1\n", &e));
	cr_assert_eq(e.line, 2);
}

Test(emit, toml_and_yaml_parse_back_to_the_same_tree)
{
	const char *j = "{\"mcp_servers\":{\"a b\":{\"command\":\"npx\",\"args\":[\"-y\",\"p\\\"q\"],\"env\":{\"K\":\"v\\n\\u0000x\"},"
		"\"n\":3,\"t\":true,\"f\":1.5}},\"x\":{\"y\":{\"z\":[]}}}";
	struct json_object *tree = json_tokener_parse(j);
	for (int f = CFG_JSON; f <= CFG_YAML; f++) {
		char *text = cfg_emit((enum cfg_format)f, tree);
		cr_assert(text);
		struct cfg_syntax e;
		struct json_object *back = cfg_parse((enum cfg_format)f, text, strlen(text), &e);
		cr_assert(back, "format %d: %d:%d %s\n%s", f, e.line, e.column, e.message, text);
		cr_assert(json_object_equal(tree, back), "format %d:\n%s", f, text);
		json_object_put(back);
		free(text);
	}
	json_object_put(tree);
}
