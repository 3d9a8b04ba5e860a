#include "util/jsonutil.h"
#include "util/crypto.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int raw_serialize(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	(void)level;
	(void)flags;
	const char *text = json_object_get_userdata(jso);
	return printbuf_memappend(pb, text, (int)strlen(text));
}

struct json_object *json_raw(const char *text)
{
	/* A small scalar node carries the text; its own value is never serialised. An int is the cheapest
	 * node json-c allocates (an object would allocate a hash table). */
	struct json_object *o = json_object_new_int(0);
	if (o)
		json_object_set_serializer(o, raw_serialize, (void *)text, NULL);
	return o;
}

static int cmp_keys(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int canon(const struct json_object *o, struct printbuf *pb)
{
	switch (json_object_get_type(o)) {
	case json_type_object: {
		size_t n = (size_t)json_object_object_length(o), i = 0;
		const char **keys = calloc(n ? n : 1, sizeof *keys);
		if (!keys) return -1;
		json_object_object_foreach((struct json_object *)o, k, v) { (void)v; keys[i++] = k; }
		qsort(keys, n, sizeof *keys, cmp_keys);
		printbuf_strappend(pb, "{");
		for (i = 0; i < n; i++) {
			struct json_object *ks = json_object_new_string(keys[i]);
			if (i) printbuf_strappend(pb, ",");
			const char *kt = json_object_to_json_string_ext(ks, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
			printbuf_memappend(pb, kt, (int)strlen(kt));
			json_object_put(ks);
			printbuf_strappend(pb, ":");
			if (canon(json_object_object_get(o, keys[i]), pb) < 0) { free(keys); return -1; }
		}
		printbuf_strappend(pb, "}");
		free(keys);
		return 0;
	}
	case json_type_array: {
		size_t n = json_object_array_length(o);
		printbuf_strappend(pb, "[");
		for (size_t i = 0; i < n; i++) {
			if (i) printbuf_strappend(pb, ",");
			if (canon(json_object_array_get_idx(o, i), pb) < 0) return -1;
		}
		printbuf_strappend(pb, "]");
		return 0;
	}
	default: {
		const char *t = json_object_to_json_string_ext((struct json_object *)o,
			JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
		return printbuf_memappend(pb, t, (int)strlen(t)) < 0 ? -1 : 0;
	}
	}
}

char *json_canonical(const struct json_object *o)
{
	struct printbuf *pb = printbuf_new();
	if (!pb) return NULL;
	char *out = NULL;
	if (canon(o, pb) == 0)
		out = strdup(pb->buf);
	printbuf_free(pb);
	return out;
}

int sha256_hex(const void *data, size_t len, char out[65])
{
	unsigned char md[32];
	if (crypto_sha256(data, len, md) < 0) return -1;
	for (unsigned i = 0; i < 32; i++) {
		static const char hex[] = "0123456789abcdef";
		out[2 * i] = hex[md[i] >> 4];
		out[2 * i + 1] = hex[md[i] & 15];
	}
	out[64] = '\0';
	return 0;
}

struct json_object *jget(const struct json_object *o, const char *key)
{
	struct json_object *v = NULL;
	if (o && json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, key, &v))
		return v;
	return NULL;
}

const char *jget_str(const struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);
	return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

int jarr_has_str(const struct json_object *arr, const char *s)
{
	size_t n = s && arr && json_object_is_type(arr, json_type_array) ? json_object_array_length(arr) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *v = json_object_array_get_idx(arr, i);
		if (json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), s) == 0) return 1;
	}
	return 0;
}

int jget_bool(const struct json_object *o, const char *key, int fallback)
{
	struct json_object *v = jget(o, key);
	return v && json_object_is_type(v, json_type_boolean) ? json_object_get_boolean(v) : fallback;
}

long long jget_int64(const struct json_object *o, const char *key, long long fallback)
{
	struct json_object *v = jget(o, key);
	return v ? (long long)json_object_get_int64(v) : fallback;
}

struct json_object *jcopy_str(const struct json_object *o, const char *key)
{
	const char *s = jget_str(o, key);
	return s ? json_object_new_string(s) : NULL;
}

long json_rfc_violation(const char *text, size_t len)
{
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)text[i];
		if (in_string) {
			if (ch == '\\') i++;
			else if (ch == '"') in_string = false;
			else if (ch < 0x20) return (long)i;
			continue;
		}
		if (ch == '"') in_string = true;
		else if (!strchr(" \t\r\n{}[],:.-+0123456789eEtrufalsn", ch) || ch == '\0') return (long)i;
	}
	return -1;
}

/* Collapses json-c's "[\n   ]" and "{\n   }" (an empty container) to "[]" and "{}". */
char *json_pretty(struct json_object *o)
{
	const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
		JSON_C_TO_STRING_NOSLASHESCAPE);
	size_t n = strlen(s);
	char *out = malloc(n + 2);
	if (!out) return NULL;
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		out[w++] = s[i];
		if ((s[i] == '[' || s[i] == '{') && s[i + 1] == '\n') {
			size_t j = i + 1;
			while (s[j] == '\n' || s[j] == ' ') j++;
			if (s[j] == (s[i] == '[' ? ']' : '}')) { out[w++] = s[j]; i = j; }
		}
	}
	out[w++] = '\n';
	out[w] = 0;
	return out;
}
