#include "views.h"
#include "vocab.h"

struct json_object *view_operation(const struct catalog *c, const struct cat_op *op)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "app", json_object_new_string(cat_s(c, c->apps[op->app].id)));
	json_object_object_add(o, "operation", json_object_new_string(cat_s(c, op->id)));
	json_object_object_add(o, "method", json_object_new_string(cat_s(c, op->method)));
	json_object_object_add(o, "base_url", json_object_new_string(cat_s(c, op->base_url)));
	json_object_object_add(o, "path", json_object_new_string(cat_s(c, op->path)));
	json_object_object_add(o, "write", json_object_new_boolean((int)op->write));
	struct json_object *sc = NULL;
	if (op->scope_count != CAT_NONE) {
		sc = json_object_new_array_ext((int)op->scope_count);
		for (uint32_t i = 0; i < op->scope_count; i++)
			json_object_array_add(sc, json_object_new_string(cat_s(c, c->lists[op->scope_first + i])));
	}
	json_object_object_add(o, "scope_alternatives", sc);
	return o;
}

struct json_object *view_text(const struct catalog *c, cat_str en, cat_str de)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "en", json_object_new_string(cat_s(c, en)));
	json_object_object_add(o, "de", json_object_new_string(cat_s(c, de)));
	return o;
}

unsigned long long view_set(struct json_object *arr, const char *const *v)
{
	unsigned long long set = 0;
	for (size_t i = 0; arr && i < json_object_array_length(arr); i++) {
		int k = vocab_index(v, json_object_get_string(json_object_array_get_idx(arr, i)));
		if (k >= 0 && k < 64) set |= 1ull << k;
	}
	return set;
}
