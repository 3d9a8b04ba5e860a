/* The validator: every rule kind, with boundary values on both sides. */
#include "schema/schema.h"
#include "api/shapes.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static struct json_object *run(const struct schema *s, const char *json, struct schema_error *e)
{
	struct json_object *in = json_tokener_parse(json);
	struct json_object *out = schema_validate(s, in, NULL, "body", e);
	if (in) json_object_put(in);
	return out;
}

static void ok(const struct schema *s, const char *json)
{
	struct schema_error e;
	struct json_object *o = run(s, json, &e);
	cr_assert_not_null(o, "%s rejected: %s", json, e.message);
	json_object_put(o);
}

static void bad(const struct schema *s, const char *json, const char *pointer)
{
	struct schema_error e;
	struct json_object *o = run(s, json, &e);
	cr_assert_null(o, "%s accepted", json);
	cr_assert_str_eq(e.pointer, pointer, "%s: pointer %s (%s)", json, e.pointer, e.message);
	cr_assert_str_eq(e.where, "body");
	cr_assert(strlen(e.message) > 0);
}

Test(schema, defaults_are_filled_in)
{
	struct schema_error e;
	struct json_object *o = run(&B_TASK, "{}", &e);
	cr_assert_not_null(o);
	cr_assert_str_eq(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN),
		"{\"query\":\"\",\"apps\":[],\"read_only\":false,\"runtime\":\"any\",\"granted_scopes\":[],\"evidence\":false}");
	json_object_put(o);
}

Test(schema, enumerations)
{
	ok(&B_TASK, "{\"task_id\":\"mailA-find\",\"apps\":[\"driveC\"],\"runtime\":\"local\"}");
	bad(&B_TASK, "{\"task_id\":\"mailA-lose\"}", "/task_id");
	bad(&B_TASK, "{\"apps\":[\"driveA\",\"driveD\"]}", "/apps/1");
	bad(&B_TASK, "{\"runtime\":\"Local\"}", "/runtime");
}

Test(schema, types)
{
	bad(&B_TASK, "{\"read_only\":1}", "/read_only");
	bad(&B_TASK, "{\"apps\":\"mailA\"}", "/apps");
	bad(&B_TASK, "{\"query\":null}", "/query");
	bad(&B_TASK, "{\"granted_scopes\":[1]}", "/granted_scopes/0");
	ok(&B_CONFIG_VALIDATE, "{\"config\":\"text\",\"client\":\"cursor\"}");
	ok(&B_CONFIG_VALIDATE, "{\"config\":{\"any\":[1,2]},\"client\":\"cursor\"}");
	bad(&B_CONFIG_VALIDATE, "{\"config\":[],\"client\":\"cursor\"}", "/config");
	bad(&B_CONFIG_VALIDATE, "{\"config\":3,\"client\":\"cursor\"}", "/config");
}

Test(schema, string_bounds_count_characters)
{
	char body[1200];
	char s[1100];
	memset(s, 'q', 500);
	s[500] = '\0';
	snprintf(body, sizeof body, "{\"query\":\"%s\"}", s);
	ok(&B_TASK, body);
	strcat(s, "q");
	snprintf(body, sizeof body, "{\"query\":\"%s\"}", s);
	bad(&B_TASK, body, "/query");
	/* 500 two-byte characters are 500 characters */
	s[0] = '\0';
	for (int i = 0; i < 500; i++) strcat(s, "\xc3\xbc");
	snprintf(body, sizeof body, "{\"query\":\"%s\"}", s);
	ok(&B_TASK, body);
}

Test(schema, array_bounds)
{
	ok(&B_TASK, "{\"apps\":[\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\"]}");
	bad(&B_TASK, "{\"apps\":[\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\",\"mailA\"]}", "/apps");
}

Test(schema, patterns_and_constants)
{
	ok(&B_ENTRY, "{\"id\":\"mcp/a-b-1\",\"client\":\"cursor\"}");
	ok(&B_ENTRY, "{\"id\":\"agenten/x\",\"client\":\"cursor\"}");
	bad(&B_ENTRY, "{\"id\":\"mcp/-a\",\"client\":\"cursor\"}", "/id");
	bad(&B_ENTRY, "{\"id\":\"mcp/A\",\"client\":\"cursor\"}", "/id");
	bad(&B_ENTRY, "{\"id\":\"tools/a\",\"client\":\"cursor\"}", "/id");
	bad(&B_IMPACT, "{\"snapshot\":{\"format\":\"x\",\"catalog_version\":\"\",\"rule_version\":\"\",\"task_id\":null,"
		"\"apps\":[],\"operations\":[]}}", "/snapshot/format");
}

Test(schema, required_and_additional)
{
	bad(&B_ENTRY, "{\"client\":\"cursor\"}", "/id");
	bad(&B_ENTRY, "{\"id\":\"mcp/a\"}", "/client");
	bad(&B_ENTRY, "{\"id\":\"mcp/a\",\"client\":\"cursor\",\"extra\":true}", "/extra");
	bad(&B_IMPACT, "{}", "/snapshot");
	bad(&B_IMPACT, "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"\",\"rule_version\":\"\","
		"\"task_id\":null,\"apps\":[],\"operations\":[{\"app\":\"a\",\"operation\":\"o\",\"capability\":\"c\","
		"\"scope_alternatives\":null,\"source_hash\":null,\"x\":1}]}}", "/snapshot/operations/0/x");
	/* nullable members accept null, but stay required */
	ok(&B_IMPACT, "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"\",\"rule_version\":\"\","
		"\"task_id\":null,\"apps\":[],\"operations\":[{\"app\":\"a\",\"operation\":\"o\",\"capability\":\"c\","
		"\"scope_alternatives\":null,\"source_hash\":null}]}}");
	bad(&B_IMPACT, "{\"snapshot\":{\"format\":\"autoplan-workflow/1\",\"catalog_version\":\"\",\"rule_version\":\"\","
		"\"apps\":[],\"operations\":[]}}", "/snapshot/task_id");
}

Test(schema, pointer_escapes_special_characters)
{
	bad(&B_TASK, "{\"a/b~c\":1}", "/a~1b~0c");
}

Test(schema, integers_from_text)
{
	struct schema_error e;
	const struct schema_prop *limit = schema_prop_find(&Q_CAPABILITIES, "limit");
	struct json_object *v = schema_from_text(limit->s, "100", "limit", "query", &e);
	cr_assert_eq(json_object_get_int(v), 100);
	json_object_put(v);
	cr_assert_null(schema_from_text(limit->s, "1e2", "limit", "query", &e));
	cr_assert_null(schema_from_text(limit->s, "", "limit", "query", &e));
	cr_assert_null(schema_from_text(limit->s, "99999999999999999999999", "limit", "query", &e));
	struct json_object *in = json_tokener_parse("{\"limit\":0}");
	cr_assert_null(schema_validate(&Q_CAPABILITIES, in, NULL, "query", &e));
	json_object_put(in);
	in = json_tokener_parse("{\"limit\":1,\"offset\":100000}");
	struct json_object *o = schema_validate(&Q_CAPABILITIES, in, NULL, "query", &e);
	cr_assert_not_null(o, "%s", e.message);
	json_object_put(o);
	json_object_put(in);
	in = json_tokener_parse("{\"offset\":100001}");
	cr_assert_null(schema_validate(&Q_CAPABILITIES, in, NULL, "query", &e));
	cr_assert_str_eq(e.pointer, "/offset");
	json_object_put(in);
}

Test(schema, comma_separated_arrays)
{
	struct schema_error e;
	const struct schema_prop *caps = schema_prop_find(&Q_CAPABILITIES, "capabilities");
	struct json_object *v = schema_from_text(caps->s, "email.search,file.read", "capabilities", "query", &e);
	cr_assert_eq(json_object_array_length(v), 2);
	json_object_put(v);
	v = schema_from_text(caps->s, "", "capabilities", "query", &e);
	cr_assert_eq(json_object_array_length(v), 0);
	json_object_put(v);
	const struct schema_prop *ro = schema_prop_find(&Q_REPLACEMENTS, "read_only");
	cr_assert_null(schema_from_text(ro->s, "1", "read_only", "query", &e));
	v = schema_from_text(ro->s, "true", "read_only", "query", &e);
	cr_assert(json_object_get_boolean(v));
	json_object_put(v);
}

/* check_object marks the members given in two 64-bit masks: a table declaring more fields is refused by name, not
 * read past its masks; one declaring 128 is read, members on both sides of the masks' boundary too. */
Test(schema, a_table_of_more_fields_than_the_mask_is_refused)
{
	static char names[129][8];
	static struct schema_prop props[130];
	static const struct schema field = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 0, .max = 10 };
	for (int i = 0; i < 129; i++) {
		snprintf(names[i], sizeof names[i], "f%d", i);
		props[i] = (struct schema_prop){ names[i], &field, false };
	}
	const struct schema wide = { .kind = SK_OBJECT, .props = props };
	struct schema_error e;
	struct json_object *o = run(&wide, "{\"f1\":\"x\"}", &e);
	cr_assert_null(o);
	cr_assert(strstr(e.message, "declares 129 fields") != NULL, "%s", e.message);
	props[128] = (struct schema_prop){ NULL, NULL, false };  /* 128 fields: read, the last one too */
	o = run(&wide, "{\"f127\":\"x\",\"f63\":\"y\",\"f64\":\"z\",\"f0\":null}", &e);
	cr_assert_not_null(o, "%s", e.message);
	struct json_object *v = NULL;
	cr_assert(json_object_object_get_ex(o, "f127", &v) && strcmp(json_object_get_string(v), "x") == 0);
	cr_assert(json_object_object_get_ex(o, "f63", &v) && strcmp(json_object_get_string(v), "y") == 0);
	cr_assert(json_object_object_get_ex(o, "f64", &v) && strcmp(json_object_get_string(v), "z") == 0);
	cr_assert(!json_object_object_get_ex(o, "f65", &v), "a member not given stays absent");
	cr_assert(json_object_object_get_ex(o, "f0", &v) && v == NULL, "a member given as null stays present, null");
	json_object_put(o);
}
