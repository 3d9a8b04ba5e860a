/* Tool changes between two verification reports (src/directory/toolchange.c), classified by
 * planner/change.c. */
#include "directory/toolchange.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static struct json_object *report(const char *id, const char *tools)
{
	char text[4000];
	snprintf(text, sizeof text, "{\"id\":\"%s\",\"observed_tool_input_schemas\":%s}", id, tools);
	struct json_object *r = json_tokener_parse(text);
	cr_assert_not_null(r, "bad test JSON: %s", text);
	return r;
}

/* "tool/property:kind:class" per change, joined by spaces. */
static void summary(struct json_object *d, char *out, size_t n)
{
	struct json_object *cs = jget(d, "changes");
	size_t off = 0;
	out[0] = 0;
	for (size_t i = 0; i < json_object_array_length(cs) && off < n; i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		off += (size_t)snprintf(out + off, n - off, "%s%s%s%s:%s:%s", i ? " " : "", jget_str(c, "tool"),
			jget_str(c, "property") ? "/" : "", jget_str(c, "property") ? jget_str(c, "property") : "",
			jget_str(c, "kind"), jget_str(c, "class"));
	}
}

static void check(const char *before, const char *after, const char *want, const char *status)
{
	struct json_object *a = report("r-1", before), *b = report("r-2", after), *d = toolchange_diff(a, b);
	char got[4000];
	summary(d, got, sizeof got);
	cr_assert_str_eq(got, want);
	cr_assert_str_eq(jget_str(d, "status"), status);
	cr_assert_str_eq(jget_str(d, "from"), "r-1");
	json_object_put(a);
	json_object_put(b);
	json_object_put(d);
}

#define T(name, props, req) "{\"tool\":\"" name "\",\"input_schema\":{\"type\":\"object\",\"properties\":{" props "},\"required\":[" req "]}}"

Test(toolchange, unchanged_and_description_only)
{
	check("[" T("a", "\"x\":{\"type\":\"string\"}", "\"x\"") "]", "[" T("a", "\"x\":{\"type\":\"string\"}", "\"x\"") "]", "", "unchanged");
	check("[" T("a", "\"x\":{\"type\":\"string\",\"description\":\"old\"}", "") "]",
		"[" T("a", "\"x\":{\"type\":\"string\",\"description\":\"new\"}", "") "]", "", "unchanged");
}

Test(toolchange, tools_added_and_removed)
{
	check("[" T("a", "", "") "," T("b", "", "") "]", "[" T("b", "", "") "," T("c", "", "") "]",
		"a:tool_removed:breaking c:tool_added:compatible", "breaking");
	check("[" T("a", "", "") "]", "[" T("a", "", "") "," T("b", "", "") "]", "b:tool_added:compatible", "compatible");
}

Test(toolchange, properties)
{
	check("[" T("t", "\"keep\":{\"type\":\"string\"},\"gone\":{\"type\":\"string\"}", "") "]",
		"[" T("t", "\"keep\":{\"type\":\"string\"},\"opt\":{\"type\":\"string\"},\"req\":{\"type\":\"string\"}", "\"req\"") "]",
		"t/gone:parameter_removed:breaking t/opt:parameter_added:compatible t/req:required_parameter_added:breaking", "breaking");
	check("[" T("t", "\"x\":{\"type\":\"string\"},\"y\":{\"type\":\"string\"}", "\"y\"") "]",
		"[" T("t", "\"x\":{\"type\":\"string\"},\"y\":{\"type\":\"string\"}", "\"x\"") "]",
		"t/x:parameter_became_required:breaking t/y:parameter_became_optional:compatible", "breaking");
	check("[" T("t", "\"n\":{\"type\":\"string\"}", "") "]", "[" T("t", "\"n\":{\"type\":\"number\"}", "") "]",
		"t/n:parameter_type_changed:breaking", "breaking");
	check("[" T("t", "\"n\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}", "") "]",
		"[" T("t", "\"n\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}}}", "") "]",
		"t/n:parameter_schema_changed:breaking", "breaking");
}

Test(toolchange, enums)
{
	check("[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"]}", "") "]",
		"[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\",\"c\"]}", "") "]",
		"t/e:parameter_enum_value_removed:breaking t/e:parameter_enum_value_added:compatible", "breaking");
	check("[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\"]}", "") "]",
		"[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"]}", "") "]",
		"t/e:parameter_enum_value_added:compatible", "compatible");
	check("[" T("t", "\"e\":{\"type\":\"string\"}", "") "]", "[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\"]}", "") "]",
		"t/e:parameter_enum_added:breaking", "breaking");
	check("[" T("t", "\"e\":{\"type\":\"string\",\"enum\":[\"a\"]}", "") "]", "[" T("t", "\"e\":{\"type\":\"string\"}", "") "]",
		"t/e:parameter_enum_removed:compatible", "compatible");
}
