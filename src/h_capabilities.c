/* Rows 1, 9 and 11: capability search, capability gaps of an app, replacement apps. */
#include "handlers.h"
#include "jsonutil.h"
#include "text.h"
#include "views.h"
#include "vocab.h"

#include <string.h>

/* Operations of cap, restricted to the apps in app_set (all apps when the set is empty). */
static struct json_object *documented_by(const struct catalog *c, const struct cat_cap *cap,
	unsigned long long app_set)
{
	struct json_object *arr = json_object_new_array();
	for (uint32_t k = 0; k < cap->op_count; k++) {
		const struct cat_op *op = &c->ops[c->lists[cap->op_first + k]];
		if (app_set && !(app_set & (1ull << op->app))) continue;
		json_object_array_add(arr, view_operation(c, op));
	}
	return arr;
}

static struct json_object *capability_item(const struct catalog *c, const struct cat_cap *cap,
	unsigned long long app_set)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "id", json_object_new_string(cat_s(c, cap->id)));
	json_object_object_add(o, "title", view_text(c, cap->title_en, cap->title_de));
	json_object_object_add(o, "description", view_text(c, cap->desc_en, cap->desc_de));
	json_object_object_add(o, "write", json_object_new_boolean((int)cap->write));
	json_object_object_add(o, "kind", json_object_new_string(cap->caller ? "caller" : "provider"));
	json_object_object_add(o, "documented_by", documented_by(c, cap, app_set));
	if (cap->caller)
		json_object_object_add(o, "note", json_object_new_string(
			"No provider operation in the catalog documents this capability: it is done on the caller's side "
			"and nothing here has tested it."));
	return o;
}

static bool cap_has_app(const struct catalog *c, const struct cat_cap *cap, unsigned long long app_set)
{
	for (uint32_t k = 0; k < cap->op_count; k++)
		if (app_set & (1ull << c->ops[c->lists[cap->op_first + k]].app)) return true;
	return false;
}

void h_capabilities(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	char q[1024];
	text_fold(jget_str(in, "query"), q, sizeof q);
	unsigned long long caps = view_set(jget(in, "capabilities"), VOCAB_CAPABILITIES);
	unsigned long long apps = view_set(jget(in, "apps"), VOCAB_APPS);
	int64_t limit = json_object_get_int64(jget(in, "limit")), offset = json_object_get_int64(jget(in, "offset"));
	struct json_object *items = json_object_new_array();
	int64_t total = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		const struct cat_cap *cap = &c->caps[i];
		if (caps && !(caps & (1ull << i))) continue;
		if (apps && !cap_has_app(c, cap, apps)) continue;
		if (!text_match_words(q, cat_s(c, cap->search), NULL)) continue;
		if (total >= offset && total < offset + limit)
			json_object_array_add(items, capability_item(c, cap, apps));
		total++;
	}
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "capabilities", items);
	json_object_object_add(o, "total", json_object_new_int64(total));
	json_object_object_add(o, "offset", json_object_new_int64(offset));
	json_object_object_add(o, "limit", json_object_new_int64(limit));
	json_object_object_add(o, "next_offset", offset + limit < total ? json_object_new_int64(offset + limit) : NULL);
	reply_ok(out, o);
}

/* The first operation of app documenting cap, or NULL. */
static const struct cat_op *app_op(const struct catalog *c, uint32_t app, uint32_t cap)
{
	const struct cat_app *a = &c->apps[app];
	for (uint32_t i = a->op_first; i < a->op_first + a->op_count; i++)
		if (c->ops[i].cap == cap) return &c->ops[i];
	return NULL;
}

void h_capability_gaps(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const char *app_id = jget_str(in, "app");
	int app = cat_app_find(c, app_id);
	if (app < 0) {
		reply_error(out, 404, "entry_not_found", "query", "/app", "app %s is not in the catalog", app_id);
		return;
	}
	unsigned long long want = view_set(jget(in, "capabilities"), VOCAB_CAPABILITIES);
	struct json_object *arr = json_object_new_array();
	int documented = 0, gaps = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		if (want && !(want & (1ull << i))) continue;
		const struct cat_cap *cap = &c->caps[i];
		const struct cat_op *op = app_op(c, (uint32_t)app, i);
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "capability", json_object_new_string(cat_s(c, cap->id)));
		json_object_object_add(o, "documented", json_object_new_boolean(op != NULL));
		json_object_object_add(o, "operation", op ? view_operation(c, op) : NULL);
		json_object_object_add(o, "gap", op ? NULL : json_object_new_string(cap->caller
			? "caller_side: no provider operation documents this capability for any app"
			: "not_documented: this app documents no operation for it"));
		json_object_array_add(arr, o);
		if (op) documented++; else gaps++;
	}
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "app", json_object_new_string(app_id));
	json_object_object_add(o, "capabilities", arr);
	struct json_object *sum = json_object_new_object();
	json_object_object_add(sum, "documented", json_object_new_int(documented));
	json_object_object_add(sum, "gaps", json_object_new_int(gaps));
	json_object_object_add(o, "summary", sum);
	json_object_object_add(o, "connector_inventory",
		json_tokener_parse(cat_s(c, c->apps[app].connector_inventory)));
	reply_ok(out, o);
}

void h_replacements(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const char *app_id = jget_str(in, "app");
	int src = cat_app_find(c, app_id);
	if (src < 0) {
		reply_error(out, 404, "entry_not_found", "query", "/app", "app %s is not in the catalog", app_id);
		return;
	}
	bool read_only = jget_bool(in, "read_only", 0);
	unsigned long long req = view_set(jget(in, "capabilities"), VOCAB_CAPABILITIES);
	if (!req)
		for (uint32_t i = 0; i < c->ncaps; i++)
			if (app_op(c, (uint32_t)src, i)) req |= 1ull << i;
	struct json_object *required = json_object_new_array(), *left_out = json_object_new_array();
	for (uint32_t i = 0; i < c->ncaps; i++) {
		if (!(req & (1ull << i))) continue;
		if (read_only && c->caps[i].write) {
			req &= ~(1ull << i);
			json_object_array_add(left_out, json_object_new_string(cat_s(c, c->caps[i].id)));
			continue;
		}
		json_object_array_add(required, json_object_new_string(cat_s(c, c->caps[i].id)));
	}
	/* rank: most capabilities covered first, then catalog order */
	int covered[64] = { 0 }, order[64], n = 0;
	for (uint32_t a = 0; a < c->napps; a++) {
		if ((int)a == src) continue;
		for (uint32_t i = 0; i < c->ncaps; i++)
			if ((req & (1ull << i)) && app_op(c, a, i)) covered[a]++;
		if (covered[a] > 0) order[n++] = (int)a;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && covered[order[j]] > covered[order[j - 1]]; j--) {
			int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	int nreq = (int)json_object_array_length(required);
	struct json_object *alts = json_object_new_array();
	for (int k = 0; k < n; k++) {
		uint32_t a = (uint32_t)order[k];
		struct json_object *o = json_object_new_object(), *covers = json_object_new_array(),
			*lacks = json_object_new_array();
		for (uint32_t i = 0; i < c->ncaps; i++) {
			if (!(req & (1ull << i))) continue;
			const struct cat_op *op = app_op(c, a, i);
			json_object_array_add(op ? covers : lacks, op ? view_operation(c, op)
				: json_object_new_string(cat_s(c, c->caps[i].id)));
		}
		json_object_object_add(o, "app", json_object_new_string(cat_s(c, c->apps[a].id)));
		json_object_object_add(o, "name", json_object_new_string(cat_s(c, c->apps[a].name)));
		json_object_object_add(o, "provider", json_object_new_string(cat_s(c, c->apps[a].provider)));
		json_object_object_add(o, "covered", json_object_new_int(covered[a]));
		json_object_object_add(o, "required", json_object_new_int(nreq));
		json_object_object_add(o, "complete", json_object_new_boolean(covered[a] == nreq));
		json_object_object_add(o, "covers", covers);
		json_object_object_add(o, "lacks", lacks);
		json_object_array_add(alts, o);
	}
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "source", json_object_new_string(app_id));
	json_object_object_add(o, "required", required);
	json_object_object_add(o, "read_only", json_object_new_boolean(read_only));
	json_object_object_add(o, "left_out_as_write", left_out);
	json_object_object_add(o, "alternatives", alts);
	reply_ok(out, o);
}
