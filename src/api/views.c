#include "api/views.h"
#include "util/jsonutil.h"
#include "catalog/vocab.h"

struct json_object *view_operation(const struct catalog *c, const struct cat_op *op)
{
	return json_raw(cat_s(c, op->view));
}

struct json_object *view_text(const struct catalog *c, cat_str en, cat_str de)
{
	struct json_object *o = json_object_new_object();
	jadd(o, "en", json_object_new_string(cat_s(c, en)));
	jadd(o, "de", json_object_new_string(cat_s(c, de)));
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
