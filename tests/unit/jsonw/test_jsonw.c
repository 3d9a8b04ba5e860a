/* The JSON writer against json-c: every string, number and nesting written here must be byte-identical
 * to what json-c writes for the same tree (plain, slashes unescaped), since answers moved from json-c
 * trees to the writer must not change by a byte. */
#include "jsonw/jsonw.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

static char *text(struct jw *w)
{
	cr_assert(!jw_failed(w));
	char *s = strndup(w->p ? w->p : "", w->len);
	jw_free(w);
	return s;
}

/* The writer's text equals what json-c writes for o; both are released. */
static void same_as_json_c(struct jw *w, struct json_object *o, const char *what)
{
	char *got = text(w);
	cr_assert_str_eq(got, json_object_to_json_string_ext(o, FLAGS), "%s", what);
	free(got);
	json_object_put(o);
}

static void same_string(const char *s, size_t n)
{
	struct json_object *o = json_object_new_string_len(s, (int)n);
	struct jw w = { 0 };
	jw_strn(&w, s, n);
	same_as_json_c(&w, o, "a string");
}

Test(jsonw, every_byte_escapes_like_json_c)
{
	for (int c = 0; c < 256; c++) {
		char s[3] = { 'a', (char)c, 'z' };
		same_string(s, 3);
		same_string(s + 1, 1);
	}
	same_string("", 0);
	same_string("a/b\\c\"d\xc3\xbc\xe2\x80\x94\xf0\x9f\x98\x80\x7f", 17);
}

/* Short strings take their own path once the writer has room: one byte of each kind at every place of every
 * length up to past that path's end, after a comma and not. */
Test(jsonw, short_strings_with_room_escape_like_json_c)
{
	const unsigned char kinds[] = { 0, 0x1f, '"', '\\', ' ', 0x7f, 0x80, 0xff, 'a' };
	for (size_t n = 0; n <= 18; n++) {
		for (size_t at = 0; at < (n ? n : 1); at++) {
			for (size_t k = 0; k < sizeof kinds; k++) {
				char s[20];
				for (size_t i = 0; i < n; i++) s[i] = (char)('b' + i);
				if (n) s[at] = (char)kinds[k];
				struct jw w = { 0 };
				cr_assert(jw_reserve(&w, 64));
				jw_arr(&w);
				jw_strn(&w, "x", 1);
				jw_strn(&w, s, n);
				jw_arr_end(&w);
				struct json_object *o = json_object_new_array();
				json_object_array_add(o, json_object_new_string("x"));
				json_object_array_add(o, json_object_new_string_len(s, (int)n));
				same_as_json_c(&w, o, "a short string after another");
			}
		}
	}
}

Test(jsonw, random_strings_escape_like_json_c)
{
	srand(12);
	char s[300];
	for (int k = 0; k < 5000; k++) {
		size_t n = (size_t)(rand() % 300);
		for (size_t i = 0; i < n; i++) {
			int r = rand() % 10;
			s[i] = r < 6 ? (char)(' ' + rand() % 95) : r < 8 ? (char)(rand() % 32) : (char)(128 + rand() % 128);
		}
		same_string(s, n);
	}
}

/* Long texts escaped in steps and blocks (a JSON answer quoted as text): quotes every few bytes, and escapes
 * at every place of a block and across the steps' boundaries. */
Test(jsonw, long_texts_escape_like_json_c)
{
	srand(23);
	static char s[20000];
	for (int k = 0; k < 60; k++) {
		size_t n = k < 3 ? (size_t)(4090 + k * 4093) : (size_t)(rand() % (int)sizeof s);
		for (size_t i = 0; i < n; i++) {
			int r = rand() % 16;
			s[i] = r < 2 ? '"' : r == 2 ? '\\' : r == 3 && k % 2 ? (char)(rand() % 32) : r < 12 ? (char)('a' + r) :
				(char)(128 + rand() % 128);
		}
		same_string(s, n);
	}
	memset(s, '"', sizeof s);
	same_string(s, sizeof s);
	memset(s, '\x01', sizeof s);
	same_string(s, sizeof s);
}

/* A serialised value written verbatim and as a string in one pass equals json-c's object holding both. */
Test(jsonw, raw_and_string_in_one_pass_like_json_c)
{
	srand(7);
	static char s[12000];
	for (int k = 0; k < 40; k++) {
		size_t n = k == 0 ? 0 : k < 3 ? (size_t)(4096 * k + 5) : (size_t)(rand() % (int)sizeof s);
		for (size_t i = 0; i < n; i++) {
			int r = rand() % 12;
			s[i] = r < 2 ? '"' : r == 2 ? '\\' : r == 3 ? (char)(rand() % 32) : (char)('a' + r);
		}
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "a", json_object_new_int(1));
		json_object_object_add(o, "raw", json_object_new_string_len(s, (int)n));
		json_object_object_add(o, "text", json_object_new_string_len(s, (int)n));
		json_object_object_add(o, "z", json_object_new_boolean(0));
		/* the raw value: the string's own JSON text, so that both members hold the same string */
		struct json_object *str = json_object_new_string_len(s, (int)n);
		size_t len;
		const char *json = json_object_to_json_string_length(str, FLAGS, &len);
		struct jw w = { 0 };
		jw_obj(&w);
		jw_key(&w, "a");
		jw_int(&w, 1);
		jw_key(&w, "raw");
		jw_rawn_and_str(&w, json, len, ",\"text\":");
		jw_key(&w, "z");
		jw_bool(&w, false);
		jw_obj_end(&w);
		/* the text member holds the raw value's JSON text: compare with json-c writing that */
		json_object_object_add(o, "text", json_object_new_string_len(json, (int)len));
		json_object_put(str);
		same_as_json_c(&w, o, "raw and text");
	}
}

/* An object of n members whose keys hold a quote and whose every k-th value a backslash. */
static struct json_object *quoting_object(int n, int k)
{
	struct json_object *v = json_object_new_object();
	for (int i = 0; i < n; i++) {
		char key[16];
		snprintf(key, sizeof key, "k\"%d", i);
		json_object_object_add(v, key, json_object_new_string(i % k ? "a \\ b" : "plain text"));
	}
	return v;
}

/* JSON text with whitespace between its tokens (pretty, with newlines and tabs) written verbatim and as a string:
 * its control characters are escaped in the string wherever they fall, before, inside and after whole blocks. */
Test(jsonw, raw_and_string_of_pretty_text)
{
	for (int members = 1; members < 40; members += 3) {
		struct json_object *v = quoting_object(members, 2);
		for (int flags = 0; flags < 2; flags++) {
			size_t len;
			const char *json = json_object_to_json_string_length(v, flags ? JSON_C_TO_STRING_PRETTY |
				JSON_C_TO_STRING_PRETTY_TAB : JSON_C_TO_STRING_PRETTY, &len);
			struct jw w = { 0 };
			jw_obj(&w);
			jw_key(&w, "raw");
			jw_rawn_and_str(&w, json, len, ",\"text\":");
			jw_obj_end(&w);
			jw_terminate(&w);
			struct json_object *back = json_tokener_parse(w.p);
			cr_assert_not_null(back, "%d members: the document parses: %s", members, w.p);
			struct json_object *raw, *text;
			cr_assert(json_object_object_get_ex(back, "raw", &raw) && json_object_equal(raw, v));
			cr_assert(json_object_object_get_ex(back, "text", &text) && json_object_is_type(text, json_type_string));
			cr_assert_eq((size_t)json_object_get_string_len(text), len, "%d members: the text's length", members);
			cr_assert(!memcmp(json_object_get_string(text), json, len), "%d members: the text is the JSON text",
				members);
			const char *str = strstr(w.p, ",\"text\":");
			cr_assert_not_null(memchr(w.p, '\n', (size_t)(str - w.p)), "%d members: the verbatim copy keeps its newlines",
				members);
			for (const char *c = str; *c; c++) /* json-c's reader takes them raw; JSON does not */
				cr_assert_geq((unsigned char)*c, 0x20, "%d members: a control character unescaped at %td", members,
					c - w.p);
			json_object_put(back);
			jw_free(&w);
		}
		json_object_put(v);
	}
}

/* A writer's own text escaped again in place, the buffer past it holding quotes, backslashes and control
 * characters (stale bytes the escape reads as it reads the text's last bytes as one block): the result is the same
 * as the text copied and escaped from a buffer of its own, at every length around the blocks' and pairs' edges,
 * and with a control character among the text's last bytes. */
Test(jsonw, raw_and_string_read_past_the_text_the_same)
{
	static const char junk[] = "\"\\\x01\n\x00";
	for (size_t n = 0; n < 400; n++) {
		for (int pretty = 0; pretty < 2; pretty++) {
			char *buf = malloc(n + 1);
			cr_assert_not_null(buf);
			for (size_t i = 0; i < n; i++) buf[i] = i % 7 == 0 ? '"' : i % 13 == 0 ? '\\' : (char)('a' + i % 26);
			if (pretty && n) buf[n - 1 - n / 3] = '\n';
			struct jw a = { 0 }, b = { 0 };
			jw_obj(&a);
			jw_key(&a, "raw");
			jw_rawn_and_str(&a, buf, n, ",\"text\":");
			jw_obj_end(&a);
			jw_obj(&b);
			jw_key(&b, "raw");
			size_t from = b.len;
			jw_rawn(&b, buf, n);
			cr_assert_gt(b.cap, b.len + 96, "the buffer goes on past the text");
			for (size_t i = b.len; i < b.cap; i++) b.p[i] = junk[i % (sizeof junk - 1)];
			jw_str_again(&b, from, n, ",\"text\":");
			jw_obj_end(&b);
			cr_assert_eq(b.len, a.len, "%zu bytes%s: the length", n, pretty ? ", a newline" : "");
			cr_assert(!memcmp(a.p, b.p, a.len), "%zu bytes%s: the same text", n, pretty ? ", a newline" : "");
			jw_free(&a);
			jw_free(&b);
			free(buf);
		}
	}
}

/* A value already written into the writer, escaped again after it in place (a tool result's text block after its
 * structuredContent): the string holds the same JSON text, compact or pretty, at every length around the blocks. */
Test(jsonw, own_text_again_as_a_string)
{
	for (int members = 0; members < 60; members++) {
		struct json_object *v = quoting_object(members, 3);
		for (int pretty = 0; pretty < 2; pretty++) {
			size_t len;
			const char *json = json_object_to_json_string_length(v, pretty ? JSON_C_TO_STRING_PRETTY : FLAGS, &len);
			struct jw w = { 0 };
			jw_obj(&w);
			jw_key(&w, "raw");
			size_t from = w.len;
			jw_rawn(&w, json, len);
			jw_str_again(&w, from, len, ",\"text\":");
			jw_obj_end(&w);
			jw_terminate(&w);
			struct json_object *back = json_tokener_parse(w.p), *raw, *text;
			cr_assert_not_null(back, "%d members: the document parses", members);
			cr_assert(json_object_object_get_ex(back, "raw", &raw) && json_object_equal(raw, v));
			cr_assert(json_object_object_get_ex(back, "text", &text));
			cr_assert_eq((size_t)json_object_get_string_len(text), len, "%d members: the text's length", members);
			cr_assert(!memcmp(json_object_get_string(text), json, len), "%d members: the text is the JSON text", members);
			json_object_put(back);
			jw_free(&w);
		}
		json_object_put(v);
	}
}

Test(jsonw, keys_escape_like_json_c)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "a\"b\x01/c", json_object_new_int(1));
	json_object_object_add(o, "plain", json_object_new_int(2));
	struct jw w = { 0 };
	jw_obj(&w);
	jw_key_str(&w, "a\"b\x01/c");
	jw_int(&w, 1);
	jw_key(&w, "plain");
	jw_int(&w, 2);
	jw_obj_end(&w);
	same_as_json_c(&w, o, "the document");
}

Test(jsonw, integers_and_literals_like_json_c)
{
	const int64_t v[] = { 0, 1, -1, 42, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, 100000 };
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		struct json_object *o = json_object_new_int64(v[i]);
		struct jw w = { 0 };
		jw_int(&w, v[i]);
		same_as_json_c(&w, o, "an integer");
	}
	struct jw w = { 0 };
	jw_arr(&w);
	jw_bool(&w, true);
	jw_bool(&w, false);
	jw_null(&w);
	jw_str(&w, NULL);
	jw_arr_end(&w);
	char *got = text(&w);
	cr_assert_str_eq(got, "[true,false,null,null]");
	free(got);
}

/* The same document built both ways: separators at every depth, empty containers, raw pieces. */
Test(jsonw, nesting_and_separators_like_json_c)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array(), *e = json_object_new_object(),
		*in = json_object_new_object();
	json_object_object_add(o, "empty_obj", e);
	json_object_object_add(o, "empty_arr", json_object_new_array());
	for (int i = 0; i < 3; i++) {
		struct json_object *x = json_object_new_object();
		json_object_object_add(x, "i", json_object_new_int(i));
		json_object_object_add(x, "l", json_object_new_array());
		json_object_array_add(a, x);
	}
	json_object_array_add(a, NULL);
	json_object_object_add(o, "items", a);
	json_object_object_add(in, "deep", json_object_new_string("x"));
	json_object_object_add(o, "in", in);
	json_object_object_add(o, "last", NULL);

	struct jw w = { 0 };
	jw_obj(&w);
	jw_key(&w, "empty_obj");
	jw_obj(&w);
	jw_obj_end(&w);
	jw_key(&w, "empty_arr");
	jw_arr(&w);
	jw_arr_end(&w);
	jw_key(&w, "items");
	jw_arr(&w);
	for (int i = 0; i < 3; i++) {
		jw_obj(&w);
		jw_key(&w, "i");
		jw_int(&w, i);
		jw_key(&w, "l");
		jw_raw(&w, "[]");
		jw_obj_end(&w);
	}
	jw_null(&w);
	jw_arr_end(&w);
	jw_key(&w, "in");
	jw_obj(&w);
	jw_members(&w, "", strlen(""));
	jw_members(&w, "\"deep\":\"x\"", strlen("\"deep\":\"x\""));
	jw_obj_end(&w);
	jw_key(&w, "last");
	jw_null(&w);
	jw_obj_end(&w);
	same_as_json_c(&w, o, "the document");
}

Test(jsonw, members_join_with_a_comma_only_between)
{
	struct jw w = { 0 };
	jw_obj(&w);
	jw_members(&w, "\"a\":1", strlen("\"a\":1"));
	jw_members(&w, "\"b\":2", strlen("\"b\":2"));
	jw_key(&w, "c");
	jw_int(&w, 3);
	jw_members(&w, "\"d\":4", strlen("\"d\":4"));
	jw_obj_end(&w);
	char *got = text(&w);
	cr_assert_str_eq(got, "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}");
	free(got);
}

Test(jsonw, a_value_in_two_pieces_around_members)
{
	struct jw w = { 0 };
	jw_arr(&w);
	for (int i = 0; i < 2; i++) {
		jw_raw_head(&w, "{\"id\":1", strlen("{\"id\":1"));
		jw_key(&w, "list");
		jw_arr(&w);
		jw_int(&w, i);
		jw_arr_end(&w);
		{ const char *t = i ? ",\"z\":2}" : "}"; jw_raw_tail(&w, t, strlen(t)); }
	}
	jw_arr_end(&w);
	char *got = text(&w);
	cr_assert_str_eq(got, "[{\"id\":1,\"list\":[0]},{\"id\":1,\"list\":[1],\"z\":2}]");
	free(got);
}

/* json-c trees written through the writer: parsed documents (doubles included) and custom serialisers. */
Test(jsonw, json_c_trees_written_like_json_c)
{
	const char *docs[] = {
		"{\"a\":[1,2.5,-0.0,1e300,3.14159,\"x/y\",{\"k\":null,\"t\":true}],\"b\":{},\"c\":[],\"\\u00fc\":\"\\u0001\"}",
		"[[],[[]],{\"a\":{\"b\":{\"c\":[false]}}}]", "\"just a string\"", "12", "-7.25", "null", "true",
	};
	for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
		struct json_object *o = json_tokener_parse(docs[i]);
		struct jw w = { 0 };
		jw_json(&w, o);
		same_as_json_c(&w, o, docs[i]);
	}
	struct json_object *d = json_object_new_double_s(0.5, "0.50"), *arr = json_object_new_array();
	json_object_array_add(arr, d);
	struct jw w = { 0 };
	jw_json(&w, arr);
	char *got = text(&w);
	cr_assert_str_eq(got, "[0.50]");
	free(got);
	json_object_put(arr);
}

Test(jsonw, reset_keeps_memory_and_starts_over)
{
	struct jw w = { 0 };
	jw_obj(&w);
	jw_key(&w, "a");
	jw_int(&w, 1);
	jw_obj_end(&w);
	char *p = w.p;
	jw_reset(&w);
	jw_arr(&w);
	jw_int(&w, 2);
	jw_arr_end(&w);
	cr_assert_eq(w.p, p);
	char *got = text(&w);
	cr_assert_str_eq(got, "[2]");
	free(got);
}

Test(jsonw, long_text_grows)
{
	static char big[100000];
	memset(big, 'x', sizeof big - 1);
	struct jw w = { 0 };
	jw_arr(&w);
	for (int i = 0; i < 5; i++) jw_str(&w, big);
	jw_arr_end(&w);
	cr_assert_eq(w.len, 2 + 5 * (sizeof big - 1 + 2) + 4);
	jw_free(&w);
}
