/* The strict JSON check: each flaw json-c lets through is refused with its place; valid text passes. And one helper of
 * util/jsonutil.h the check sits beside. */
#include "util/jsonstrict.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(const char *s, struct json_flaw *f)
{
	return json_strict_check(s, strlen(s), 32, f);
}

Test(jsonstrict, valid_documents_pass)
{
	static const char *ok[] = {
		"{}", "[]", "0", "-0.5e+10", "\"\"", "true", " null ", "{\"a\":[1,{\"b\":\"c\"}],\"b\":false}",
		"\"\\ud83d\\ude00 \\u00e4 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"", "\"\xc3\xa4\xf0\x9f\x98\x80\"",
		"{\"a\":{\"x\":1},\"b\":{\"x\":1}}",       /* the same name in two objects */
		"{\"a\":1,\"\\u0061b\":2}",                 /* "ab" differs from "a" */
	};
	struct json_flaw f;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		cr_assert_eq(check(ok[i], &f), 0, "%s: %s at %zu", ok[i], f.what, f.offset);
}

struct bad { const char *text, *what, *pointer; size_t at; };

Test(jsonstrict, each_flaw_is_named_with_its_place)
{
	static const struct bad rows[] = {
		{ "{\"a\":1,\"a\":2}", "duplicate member \"a\"", "", 7 },
		{ "{\"a\":1,\"\\u0061\":2}", "duplicate member \"a\"", "", 7 },   /* the same name, escaped */
		{ "{\"x\":{\"k\":1,\"j\":2,\"k\":3}}", "duplicate member \"k\"", "/x", 18 },
		{ "{\"\":1,\"\":2}", "duplicate member \"\"", "", 6 },   /* two empty names: no bytes of names at all */
		{ "[{\"a\":1},{\"b\":1,\"b\":1}]", "duplicate member \"b\"", "/1", 16 },
		{ "{\"q\":\"\xc0\xaf\"}", "invalid UTF-8", "/q", 6 },
		{ "{\"q\":\"\xed\xa0\x80\"}", "invalid UTF-8", "/q", 6 },
		{ "{\"q\":[\"ok\",\"\xff\"]}", "invalid UTF-8", "/q/1", 12 },
		{ "{\"\xff\":1}", "invalid UTF-8", "", 2 },
		{ "{\"q\":\"\\ud800\"}", "lone surrogate", "/q", 6 },
		{ "{\"q\":\"\\udc00\\ud800\"}", "lone surrogate", "/q", 6 },
		{ "{\"q\":\"\\ud800\\u0041\"}", "lone surrogate", "/q", 6 },
		{ "{\"q\":\"a\\u0000\"}", "U+0000", "/q", 7 },
		{ "{\"q\":\"tab\there\"}", "control character", "/q", 9 },
		{ "{'q':1}", "member name", "", 1 },
		{ "{\"q\":NaN}", "not a JSON value", "/q", 5 },
		{ "{\"q\":01}", "expected ','", "", 6 },
		{ "{\"q\":1.}", "decimal point", "/q", 5 },
		{ "{\"q\":\"\\x\"}", "unknown escape", "/q", 6 },
		{ "{} x", "trailing data", "", 3 },
		{ "{\"a/b~\":[\"\xff\"]}", "invalid UTF-8", "/a~1b~0/0", 10 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct json_flaw f;
		cr_assert_eq(check(rows[i].text, &f), -1, "row %zu passed", i);
		cr_assert(strstr(f.what, rows[i].what), "row %zu: %s", i, f.what);
		cr_assert_str_eq(f.pointer, rows[i].pointer, "row %zu", i);
		cr_assert_eq(f.offset, rows[i].at, "row %zu: at %zu", i, f.offset);
	}
}

Test(jsonstrict, depth_is_bounded)
{
	char deep[80];
	memset(deep, '[', 40);
	memset(deep + 40, ']', 40);
	struct json_flaw f;
	cr_assert_eq(json_strict_check(deep, 80, 32, &f), -1);
	cr_assert(strstr(f.what, "nested deeper"));
	cr_assert_eq(json_strict_check(deep + 10, 60, 32, &f), 0);
}

/* Many names in one object: found in n log n, not n squared (a 1 MiB body has ~100k names). */
Test(jsonstrict, many_members_and_a_late_duplicate)
{
	size_t n = 100000, cap = n * 16 + 32, o = 0;
	char *s = malloc(cap);
	s[o++] = '{';
	for (size_t i = 0; i < n; i++) o += (size_t)snprintf(s + o, cap - o, "%s\"k%zu\":1", i ? "," : "", i);
	size_t dup_at = o + 1;
	o += (size_t)snprintf(s + o, cap - o, ",\"k5\":2}");
	struct json_flaw f;
	cr_assert_eq(json_strict_check(s, o, 32, &f), -1);
	cr_assert_str_eq(f.what, "duplicate member \"k5\"");
	cr_assert_eq(f.offset, dup_at);
	free(s);
}

/* json_strict_parse reads most texts in the strict check's one pass and builds the tree there; it must give
 * exactly what json-c's strict tokener followed by the check gives: the same tree with the same types, or the
 * same flaw in the same words at the same place (json_strict_parse_tokener). Mutated request bodies, read both
 * ways. */
Test(jsonstrict, one_pass_parse_equals_tokener_and_check)
{
	static const char *const seeds[] = {
		"{\"query\":\"save Gmail attachments to Google Drive\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\",\"arguments\":"
		"{\"query\":\"Anh\\u00e4nge \\\"x\\\" \\n\",\"read_only\":true,\"apps\":[\"mailA\",\"driveA\"],\"limit\":20,\"x\":null}}}",
		"[1,-2,0,-0,123456789012345678,1234567890123456789,1.5,1e5,-1E-2,true,false,null,\"\\ud83d\\ude00\",\"\xc3\xbc\",{},[]]",
		"{\"a\":{\"b\":{\"c\":[[[[{\"d\":1}]]]]}},\"e\":\"\\/\\b\\f\\r\\t\"}",
		"  {\"s\":{\"f\":\"x/1\",\"t\":null,\"apps\":[],\"ops\":[{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,"
		"\"i\":9,\"j\":10}]}}  ",
		"\"just a string\"", "42", "null", "true", "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":{\"a\":1,\"a\":2}}",
	};
	static const char pick[] = "{}[]\",:\\u0123456789-.eE tnfalsrux\x01\x7f\xc3\xbc\xed\xa0\x80\xf0";
	srand(23);
	char buf[512];
	int accepted = 0;
	for (int it = 0; it < 40000; it++) {
		const char *seed = seeds[rand() % (int)(sizeof seeds / sizeof *seeds)];
		size_t n = strlen(seed);
		memcpy(buf, seed, n);
		for (int e = rand() % 4; e > 0 && n > 0; e--) {
			size_t at = (size_t)rand() % n;
			char c = rand() % 4 ? pick[rand() % (int)(sizeof pick - 1)] : (char)(rand() % 256);
			int kind = rand() % 3;
			if (kind == 0) buf[at] = c;
			else if (kind == 1 && n + 1 < sizeof buf) { memmove(buf + at + 1, buf + at, n - at); buf[at] = c; n++; }
			else { memmove(buf + at, buf + at + 1, n - at - 1); n--; }
		}
		int depth = rand() % 4 == 0 ? 3 + rand() % 5 : 32;
		struct json_flaw f1, f2;
		memset(&f1, 0, sizeof f1);
		memset(&f2, 0, sizeof f2);
		struct json_object *a = json_strict_parse(buf, n, depth, &f1), *b = json_strict_parse_tokener(buf, n, depth, &f2);
		cr_assert_eq(!a, !b, "%.*s: one pass %s, tokener %s", (int)n, buf, a ? "accepts" : f1.what, b ? "accepts" : f2.what);
		if (a) {
			accepted++;
			cr_assert(json_object_equal(a, b), "%.*s", (int)n, buf);
			cr_assert_str_eq(json_object_to_json_string_ext(a, JSON_C_TO_STRING_PLAIN),
				json_object_to_json_string_ext(b, JSON_C_TO_STRING_PLAIN));
		} else {
			cr_assert_eq(f1.offset, f2.offset, "%.*s", (int)n, buf);
			cr_assert_str_eq(f1.what, f2.what);
			cr_assert_str_eq(f1.pointer, f2.pointer);
		}
		json_object_put(a);
		json_object_put(b);
	}
	cr_assert_gt(accepted, 5000, "enough of the mutated texts are valid to compare trees");
}

/* jarr_has_str (util/jsonutil.h): a string element only, no other type's text, nothing for a missing array. */
Test(jsonutil, array_holds_a_string)
{
	struct json_object *a = json_tokener_parse("[\"a\", 1, null, \"bc\", {\"x\":\"bc\"}]");
	cr_assert(jarr_has_str(a, "a"));
	cr_assert(jarr_has_str(a, "bc"));
	cr_assert(!jarr_has_str(a, "1"), "a number's text is no string element");
	cr_assert(!jarr_has_str(a, "b"));
	cr_assert(!jarr_has_str(a, NULL));
	cr_assert(!jarr_has_str(NULL, "a"));
	struct json_object *o = json_tokener_parse("{\"a\": \"a\"}");
	cr_assert(!jarr_has_str(o, "a"), "an object is no array");
	json_object_put(o);
	json_object_put(a);
}
