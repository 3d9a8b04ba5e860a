/* Rows 1, 9 and 11: capability search, capability gaps of an app, replacement apps. */
#include "api/handlers.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "api/views.h"
#include "catalog/vocab.h"

#include <stdlib.h>
#include <string.h>

/* A row 1 item: the compiler's head and tail around the operations of the apps in the filter. */
struct cap_item {
	const struct catalog *c;
	const struct cat_cap *cap;
	unsigned long long app_set; /* empty: every app */
};

static int cap_item_serialize(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	(void)level;
	(void)flags;
	const struct cap_item *it = json_object_get_userdata(jso);
	const struct catalog *c = it->c;
	const char *head = cat_s(c, it->cap->item_head), *tail = cat_s(c, it->cap->item_tail);
	printbuf_memappend(pb, head, (int)strlen(head));
	printbuf_strappend(pb, ",\"documented_by\":[");
	int n = 0;
	for (uint32_t k = 0; k < it->cap->op_count; k++) {
		const struct cat_op *op = &c->ops[c->lists[it->cap->op_first + k]];
		if (it->app_set && !(it->app_set & (1ull << op->app))) continue;
		const char *v = cat_s(c, op->view);
		if (n++) printbuf_strappend(pb, ",");
		printbuf_memappend(pb, v, (int)strlen(v));
	}
	printbuf_strappend(pb, "]");
	return printbuf_memappend(pb, tail, (int)strlen(tail));
}

static void cap_item_free(struct json_object *jso, void *ud)
{
	(void)jso;
	free(ud);
}

static struct json_object *capability_item(const struct catalog *c, const struct cat_cap *cap,
	unsigned long long app_set)
{
	struct cap_item *it = malloc(sizeof *it);
	struct json_object *o = json_object_new_int(0);
	if (!it || !o) {
		free(it);
		return o;
	}
	*it = (struct cap_item){ c, cap, app_set };
	json_object_set_serializer(o, cap_item_serialize, it, cap_item_free);
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
	jadd(o, "capabilities", items);
	jadd(o, "total", json_object_new_int64(total));
	jadd(o, "offset", json_object_new_int64(offset));
	jadd(o, "limit", json_object_new_int64(limit));
	jadd(o, "next_offset", offset + limit < total ? json_object_new_int64(offset + limit) : NULL);
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
	const struct cat_app *a = &c->apps[app];
	unsigned long long want = view_set(jget(in, "capabilities"), VOCAB_CAPABILITIES);
	struct json_object *arr = json_object_new_array();
	int documented = 0, gaps = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		if (want && !(want & (1ull << i))) continue;
		json_object_array_add(arr, json_raw(cat_s(c, c->lists[a->gap_first + i])));
		if (app_op(c, (uint32_t)app, i)) documented++; else gaps++;
	}
	struct json_object *o = json_object_new_object();
	jadd(o, "app", json_object_new_string(app_id));
	jadd(o, "capabilities", arr);
	struct json_object *sum = json_object_new_object();
	jadd(sum, "documented", json_object_new_int(documented));
	jadd(sum, "gaps", json_object_new_int(gaps));
	jadd(o, "summary", sum);
	jadd(o, "connector_inventory", json_raw(cat_s(c, a->connector_inventory)));
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
		jadd(o, "app", json_object_new_string(cat_s(c, c->apps[a].id)));
		jadd(o, "name", json_object_new_string(cat_s(c, c->apps[a].name)));
		jadd(o, "provider", json_object_new_string(cat_s(c, c->apps[a].provider)));
		jadd(o, "covered", json_object_new_int(covered[a]));
		jadd(o, "required", json_object_new_int(nreq));
		jadd(o, "complete", json_object_new_boolean(covered[a] == nreq));
		jadd(o, "covers", covers);
		jadd(o, "lacks", lacks);
		json_object_array_add(alts, o);
	}
	struct json_object *o = json_object_new_object();
	jadd(o, "source", json_object_new_string(app_id));
	jadd(o, "required", required);
	jadd(o, "read_only", json_object_new_boolean(read_only));
	jadd(o, "left_out_as_write", left_out);
	jadd(o, "alternatives", alts);
	reply_ok(out, o);
}
