/* Rows 1, 9 and 11: capability search, capability gaps of an app, replacement apps. */
#include "api/handlers.h"
#include "jsonw/jsonw.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "api/views.h"
#include "catalog/vocab.h"


/* A row 1 item: the compiler's head and tail around the operations of the apps in the filter (all: 0). */
static void capability_item(struct jw *w, const struct catalog *c, const struct cat_cap *cap,
	unsigned long long app_set)
{
	jw_raw_head(w, cat_s(c, cap->item_head), cat_len(c, cap->item_head));
	jw_key(w, "documented_by");
	jw_arr(w);
	for (uint32_t k = 0; k < cap->op_count; k++) {
		const struct cat_op *op = &c->ops[c->lists[cap->op_first + k]];
		if (app_set && !(app_set & (1ull << op->app))) continue;
		view_raw(w, c, op->view);
	}
	jw_arr_end(w);
	jw_raw_tail(w, cat_s(c, cap->item_tail), cat_len(c, cap->item_tail));
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
	struct jw *w = reply_object(out);
	jw_key(w, "capabilities");
	jw_arr(w);
	int64_t total = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		const struct cat_cap *cap = &c->caps[i];
		if (caps && !(caps & (1ull << i))) continue;
		if (apps && !cap_has_app(c, cap, apps)) continue;
		if (q[0] && !text_match_words(q, cat_s(c, cap->search), NULL)) continue;
		if (total >= offset && total < offset + limit)
			capability_item(w, c, cap, apps);
		total++;
	}
	jw_arr_end(w);
	jw_key(w, "total");
	jw_int(w, total);
	jw_key(w, "offset");
	jw_int(w, offset);
	jw_key(w, "limit");
	jw_int(w, limit);
	jw_key(w, "next_offset");
	if (offset + limit < total) jw_int(w, offset + limit);
	else jw_null(w);
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
	struct jw *w = reply_object(out);
	jw_key(w, "app");
	jw_str(w, app_id);
	jw_key(w, "capabilities");
	jw_arr(w);
	int documented = 0, gaps = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		if (want && !(want & (1ull << i))) continue;
		view_raw(w, c, c->lists[a->gap_first + i]);
		if (cat_app_can(c, (uint32_t)app, i)) documented++; else gaps++;
	}
	jw_arr_end(w);
	jw_key(w, "summary");
	jw_obj(w);
	jw_key(w, "documented");
	jw_int(w, documented);
	jw_key(w, "gaps");
	jw_int(w, gaps);
	jw_obj_end(w);
	jw_key(w, "connector_inventory");
	view_raw(w, c, a->connector_inventory);
}

/* The ids of the capabilities in set, in vocabulary order. */
static void cap_ids(struct jw *w, const struct catalog *c, unsigned long long set)
{
	jw_arr(w);
	for (uint32_t i = 0; i < c->ncaps; i++)
		if (set & (1ull << i)) view_str(w, c, c->caps[i].id);
	jw_arr_end(w);
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
	if (!req) req = c->apps[src].caps;
	unsigned long long left_out = 0;
	int nreq = 0;
	for (uint32_t i = 0; i < c->ncaps; i++) {
		if (!(req & (1ull << i))) continue;
		if (read_only && c->caps[i].write) {
			req &= ~(1ull << i);
			left_out |= 1ull << i;
			continue;
		}
		nreq++;
	}
	/* rank: most capabilities covered first, then catalog order */
	int covered[64] = { 0 }, order[64], n = 0;
	for (uint32_t a = 0; a < c->napps; a++) {
		if ((int)a == src) continue;
		for (uint32_t i = 0; i < c->ncaps; i++)
			if ((req & (1ull << i)) && cat_app_can(c, a, i)) covered[a]++;
		if (covered[a] > 0) order[n++] = (int)a;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && covered[order[j]] > covered[order[j - 1]]; j--) {
			int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	struct jw *w = reply_object(out);
	jw_key(w, "source");
	jw_str(w, app_id);
	jw_key(w, "required");
	cap_ids(w, c, req);
	jw_key(w, "read_only");
	jw_bool(w, read_only);
	jw_key(w, "left_out_as_write");
	cap_ids(w, c, left_out);
	jw_key(w, "alternatives");
	jw_arr(w);
	for (int k = 0; k < n; k++) {
		uint32_t a = (uint32_t)order[k];
		jw_obj(w);
		jw_key(w, "app");
		view_str(w, c, c->apps[a].id);
		jw_key(w, "name");
		view_str(w, c, c->apps[a].name);
		jw_key(w, "provider");
		view_str(w, c, c->apps[a].provider);
		jw_key(w, "covered");
		jw_int(w, covered[a]);
		jw_key(w, "required");
		jw_int(w, nreq);
		jw_key(w, "complete");
		jw_bool(w, covered[a] == nreq);
		jw_key(w, "covers");
		jw_arr(w);
		for (uint32_t i = 0; i < c->ncaps; i++) {
			const struct cat_op *op = (req & (1ull << i)) ? cat_app_op(c, a, i) : NULL;
			if (op) view_raw(w, c, op->view);
		}
		jw_arr_end(w);
		jw_key(w, "lacks");
		jw_arr(w);
		for (uint32_t i = 0; i < c->ncaps; i++)
			if ((req & (1ull << i)) && !cat_app_can(c, a, i)) view_str(w, c, c->caps[i].id);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
