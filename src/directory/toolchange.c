/* Tool changes between two verification reports; see toolchange.h. */
#include "directory/toolchange.h"
#include "planner/change.h"
#include "util/jsonutil.h"

#include <stdlib.h>
#include <string.h>

struct diff {
	struct json_object *list;
	int count[CHANGE_CLASSES];
};

static void add(struct diff *d, const char *tool, const char *prop, enum change_kind k, struct json_object *before,
	struct json_object *after)
{
	struct json_object *c = json_object_new_object();
	jadd(c, "tool", json_object_new_string(tool));
	if (prop) jadd(c, "property", json_object_new_string(prop));
	jadd(c, "kind", json_object_new_string(change_kind_name(k)));
	jadd(c, "class", json_object_new_string(CHANGE_CLASS_NAMES[change_kind_class(k)]));
	jadd(c, "before", before ? json_object_get(before) : NULL);
	jadd(c, "after", after ? json_object_get(after) : NULL);
	json_object_array_add(d->list, c);
	d->count[change_kind_class(k)]++;
}

/* The input schema of each tool of a report, by name. */
static struct json_object *by_name(const struct json_object *report)
{
	struct json_object *m = json_object_new_object(), *list = jget(report, "observed_tool_input_schemas");
	for (size_t i = 0; list && i < json_object_array_length(list); i++) {
		struct json_object *t = json_object_array_get_idx(list, i);
		if (jget_str(t, "tool")) json_object_object_add(m, jget_str(t, "tool"), json_object_get(jget(t, "input_schema")));
	}
	return m;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The keys of a and b together, sorted, without repeats; *n of them (caller frees the array). */
static const char **keys(struct json_object *a, struct json_object *b, size_t *n)
{
	size_t cap = (a ? (size_t)json_object_object_length(a) : 0) + (b ? (size_t)json_object_object_length(b) : 0), k = 0;
	const char **v = calloc(cap + 1, sizeof *v);
	struct json_object *both[2] = { a, b };
	for (int s = 0; v && s < 2; s++) {
		if (!both[s] || !json_object_is_type(both[s], json_type_object)) continue;
		json_object_object_foreach(both[s], key, val) {
			(void)val;
			int seen = 0;
			for (size_t i = 0; i < k && !seen; i++) seen = strcmp(v[i], key) == 0;
			if (!seen) v[k++] = key;
		}
	}
	if (v) qsort(v, k, sizeof *v, cmp_str);
	*n = v ? k : 0;
	return v;
}

static int required(struct json_object *schema, const char *prop)
{
	return jarr_has_str(jget(schema, "required"), prop);
}

static int in_array(struct json_object *a, struct json_object *v)
{
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		if (json_object_equal(json_object_array_get_idx(a, i), v)) return 1;
	return 0;
}

/* One enum against another: introduced, dropped, values removed (narrowed) or added (widened). */
static int enum_changes(struct diff *d, const char *tool, const char *p, struct json_object *x, struct json_object *y)
{
	struct json_object *ex = jget(x, "enum"), *ey = jget(y, "enum");
	if (json_object_equal(ex, ey)) return 0;
	if (!ex || !ey) { add(d, tool, p, ex ? CK_PARAM_ENUM_REMOVED : CK_PARAM_ENUM_ADDED, ex, ey); return 1; }
	for (size_t i = 0; i < json_object_array_length(ex); i++)
		if (!in_array(ey, json_object_array_get_idx(ex, i)))
			add(d, tool, p, CK_PARAM_ENUM_VALUE_REMOVED, json_object_array_get_idx(ex, i), NULL);
	for (size_t i = 0; i < json_object_array_length(ey); i++)
		if (!in_array(ex, json_object_array_get_idx(ey, i)))
			add(d, tool, p, CK_PARAM_ENUM_VALUE_ADDED, NULL, json_object_array_get_idx(ey, i));
	return 1;
}

/* Whether x and y differ in anything but type, enum and description. */
static int other_difference(struct json_object *x, struct json_object *y)
{
	size_t n;
	const char **k = keys(x, y, &n);
	int diff = 0;
	for (size_t i = 0; i < n && !diff; i++)
		if (strcmp(k[i], "type") && strcmp(k[i], "enum") && strcmp(k[i], "description"))
			diff = !json_object_equal(jget(x, k[i]), jget(y, k[i]));
	free(k);
	return diff;
}

static void property(struct diff *d, const char *tool, const char *p, struct json_object *sa, struct json_object *sb)
{
	struct json_object *x = jget(jget(sa, "properties"), p), *y = jget(jget(sb, "properties"), p);
	int ra = required(sa, p), rb = required(sb, p);
	if (!y) { add(d, tool, p, CK_PARAM_REMOVED, x, NULL); return; }
	if (!x) { add(d, tool, p, rb ? CK_REQUIRED_PARAM_ADDED : CK_PARAM_ADDED, NULL, y); return; }
	if (ra != rb) add(d, tool, p, rb ? CK_PARAM_BECAME_REQUIRED : CK_PARAM_BECAME_OPTIONAL, NULL, NULL);
	if (!json_object_equal(jget(x, "type"), jget(y, "type"))) add(d, tool, p, CK_PARAM_TYPE, jget(x, "type"), jget(y, "type"));
	enum_changes(d, tool, p, x, y);
	if (other_difference(x, y)) add(d, tool, p, CK_PARAM_SCHEMA, x, y);
}

static void tool(struct diff *d, const char *name, struct json_object *sa, struct json_object *sb)
{
	if (!sb) { add(d, name, NULL, CK_TOOL_REMOVED, NULL, NULL); return; }
	if (!sa) { add(d, name, NULL, CK_TOOL_ADDED, NULL, sb); return; }
	size_t n;
	const char **k = keys(jget(sa, "properties"), jget(sb, "properties"), &n);
	for (size_t i = 0; i < n; i++) property(d, name, k[i], sa, sb);
	free(k);
}

struct json_object *toolchange_diff(const struct json_object *before, const struct json_object *after)
{
	struct diff d = { .list = json_object_new_array() };
	struct json_object *a = by_name(before), *b = by_name(after), *r = json_object_new_object(), *counts = json_object_new_object();
	size_t n;
	const char **k = keys(a, b, &n);
	for (size_t i = 0; i < n; i++) tool(&d, k[i], jget(a, k[i]), jget(b, k[i]));
	free(k);
	jadd(r, "from", json_object_new_string(jget_str(before, "id") ? jget_str(before, "id") : ""));
	jadd(r, "to", json_object_new_string(jget_str(after, "id") ? jget_str(after, "id") : ""));
	const char *status = d.count[CHANGE_BREAKING] ? "breaking" : json_object_array_length(d.list) ? "compatible" : "unchanged";
	jadd(r, "status", json_object_new_string(status));
	for (int c = 0; c < CHANGE_CLASSES; c++)
		json_object_object_add(counts, CHANGE_CLASS_NAMES[c], json_object_new_int(d.count[c]));
	jadd(r, "counts", counts);
	jadd(r, "changes", d.list);
	json_object_put(a);
	json_object_put(b);
	return r;
}
