/* Row 10: the impact of catalog changes on a snapshot: every change with its severity, and a status. */
#include "api/plan_view.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One side of a change: the scope list of an operation, a value of the input, n bytes of text, or null. */
struct side {
	const struct cat_op *scopes;
	struct json_object *j;
	const char *s;
	size_t n;
};

struct change {
	const char *app, *op, *kind, *severity;
	struct side before, after;
	enum ptext detail;
};

/* Changes are collected first: the answer's status, written before them, depends on their severities. */
struct changes {
	struct change *v;
	int n, cap;
};

/* At most this many changes per operation: capability, scopes, four of history, hash, revision. */
#define CHANGES_PER_OP 8

static struct side text_side(const char *s)
{
	return (struct side){ .s = s, .n = s ? strlen(s) : 0 };
}

static struct side textn_side(const char *s, size_t n)
{
	return (struct side){ .s = s, .n = n };
}

static void add_change(struct changes *cs, struct change ch)
{
	if (cs->n < cs->cap) cs->v[cs->n++] = ch;
}

static void write_side(const struct out *o, const struct side *s)
{
	if (s->scopes) pv_scope_array(o->w, o->c, s->scopes);
	else if (s->j) jw_json(o->w, s->j);
	else if (s->s) jw_strn(o->w, s->s, s->n);
	else jw_null(o->w);
}

static void write_change(const struct out *o, const struct change *ch)
{
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "app");
	jw_str(w, ch->app);
	jw_key(w, "operation");
	jw_str(w, ch->op);
	jw_key(w, "change");
	jw_str(w, ch->kind);
	jw_key(w, "severity");
	jw_str(w, ch->severity);
	jw_key(w, "before");
	write_side(o, &ch->before);
	jw_key(w, "after");
	write_side(o, &ch->after);
	jw_key(w, "detail");
	pv_ptext(o, ch->detail);
	jw_obj_end(w);
}

static bool in_input(struct json_object *arr, const char *s)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s) == 0) return true;
	return false;
}

static bool in_scopes(const struct catalog *c, const struct cat_op *op, const char *s)
{
	for (uint32_t i = 0; i < op->scope_count; i++)
		if (strcmp(cat_s(c, c->lists[op->scope_first + i]), s) == 0) return true;
	return false;
}

/* Scope alternatives of the snapshot versus the catalog; returns the number of changes added. */
static int compare_scopes(const struct out *o, const struct cat_op *op, struct json_object *was,
	struct changes *cs, const char *app, const char *id)
{
	const struct catalog *c = o->c;
	bool now = op->scope_count != CAT_NONE;
	struct side before = { .j = was }, after = { .scopes = now ? op : NULL };
	if (!was && !now) return 0;
	if (!was || !now) {
		add_change(cs, (struct change){ app, id, now ? "scopes_now_documented" : "scopes_no_longer_documented",
			"info", before, after, now ? PT_CHANGE_SCOPES_NOW_DOCUMENTED : PT_CHANGE_SCOPES_NO_LONGER_DOCUMENTED });
		return 1;
	}
	int removed = 0, added = 0;
	for (size_t i = 0; i < json_object_array_length(was); i++)
		removed += !in_scopes(c, op, json_object_get_string(json_object_array_get_idx(was, i)));
	for (uint32_t i = 0; i < op->scope_count; i++)
		added += !in_input(was, cat_s(c, c->lists[op->scope_first + i]));
	if (!removed && !added) return 0;
	if (removed && added)
		add_change(cs, (struct change){ app, id, "scopes_changed", "breaking", before, after, PT_CHANGE_SCOPES_CHANGED });
	else if (removed)
		add_change(cs, (struct change){ app, id, "scopes_narrowed", "breaking", before, after, PT_CHANGE_SCOPES_NARROWED });
	else
		add_change(cs, (struct change){ app, id, "scopes_widened", "compatible", before, after, PT_CHANGE_SCOPES_WIDENED });
	return 1;
}

/* The recorded earlier state of (app, operation) with this semantic hash, or NULL. */
static const struct cat_history *history_find(const struct catalog *c, int app, const char *op, const char *hash)
{
	for (uint32_t i = 0; hash && i < c->nhistory; i++) {
		const struct cat_history *h = &c->history[i];
		if ((int)h->app == app && strcmp(cat_s(c, h->operation), op) == 0 && strcmp(cat_s(c, h->semantic_sha256), hash) == 0)
			return h;
	}
	return NULL;
}

/* Length of "scheme://host[:port]" at the start of url. */
static size_t host_len(const char *url)
{
	const char *p = strstr(url, "://");
	p = p ? p + 3 : url;
	return (size_t)(p - url) + strcspn(p, "/");
}

/* What moved between a recorded earlier state and the operation now: the host, the path (the address
 * without its host), the method, the shape of the call. Returns the number of changes added. */
static int compare_history(const struct out *o, const struct cat_history *h, const struct cat_op *op,
	struct changes *cs, const char *app, const char *id)
{
	const struct catalog *c = o->c;
	const struct cat_opx *x = &c->opx[op - c->ops];
	const char *was = cat_s(c, h->request_url), *now = cat_s(c, x->request_url);
	size_t hw = host_len(was), hn = host_len(now);
	int n = 0;
	if (strcmp(cat_s(c, h->method), cat_s(c, op->method)) != 0) {
		add_change(cs, (struct change){ app, id, "method_changed", "breaking",
			text_side(cat_s(c, h->method)), text_side(cat_s(c, op->method)), PT_CHANGE_METHOD });
		n++;
	}
	if (hw != hn || strncmp(was, now, hw) != 0) {
		add_change(cs, (struct change){ app, id, "host_changed", "breaking",
			textn_side(was, hw), textn_side(now, hn), PT_CHANGE_HOST });
		n++;
	}
	if (strcmp(was + hw, now + hn) != 0) {
		add_change(cs, (struct change){ app, id, "path_changed", "breaking",
			text_side(was + hw), text_side(now + hn), PT_CHANGE_PATH });
		n++;
	}
	if (strcmp(cat_s(c, h->shape_sha256), cat_s(c, x->shape_sha256)) != 0) {
		add_change(cs, (struct change){ app, id, "shape_changed", "breaking",
			text_side(cat_s(c, h->shape_sha256)), text_side(cat_s(c, x->shape_sha256)), PT_CHANGE_SHAPE });
		n++;
	}
	return n;
}

static void compare_op(const struct out *o, struct json_object *e, struct changes *cs)
{
	const struct catalog *c = o->c;
	const char *app = jget_str(e, "app"), *id = jget_str(e, "operation"), *capid = jget_str(e, "capability");
	int a = cat_app_find(c, app);
	int k = a >= 0 ? cat_op_find(c, (uint32_t)a, id) : -1;
	if (k < 0) {
		add_change(cs, (struct change){ app, id, "removed", "breaking", text_side(id), text_side(NULL),
			a < 0 ? PT_CHANGE_REMOVED_APP : PT_CHANGE_REMOVED_OPERATION });
		return;
	}
	const struct cat_op *op = &c->ops[k];
	int n = 0;
	const char *cap_now = cat_s(c, c->caps[op->cap].id);
	if (strcmp(cap_now, capid) != 0) {
		add_change(cs, (struct change){ app, id, "capability_remapped", "breaking", text_side(capid),
			text_side(cap_now), PT_CHANGE_CAPABILITY_REMAPPED });
		n++;
	}
	n += compare_scopes(o, op, jget(e, "scope_alternatives"), cs, app, id);
	const char *hash = jget_str(e, "source_hash"), *hash_now = cat_s(c, op->semantic_sha256);
	if (!hash || strcmp(hash, hash_now) != 0) {
		const struct cat_history *h = history_find(c, a, id, hash);
		if (h) n += compare_history(o, h, op, cs, app, id);
		add_change(cs, (struct change){ app, id, "source_hash_changed", n ? "info" : "breaking", text_side(hash),
			text_side(hash_now), n ? PT_CHANGE_HASH_EXPLAINED : PT_CHANGE_HASH_UNEXPLAINED });
	}
	const char *rev = jget_str(e, "source_revision");
	const char *rev_now = cat_has(op->revision) ? cat_s(c, op->revision) : NULL;
	if ((rev || rev_now) && (!rev || !rev_now || strcmp(rev, rev_now) != 0))
		add_change(cs, (struct change){ app, id, "source_revision_changed", "info", text_side(rev),
			text_side(rev_now), PT_CHANGE_REVISION });
}

/* The version moves, then every operation of the snapshot against the catalog. */
static void collect_changes(const struct out *o, struct json_object *snap, struct changes *cs)
{
	const struct catalog *c = o->c;
	static const char *const vkeys[] = { "catalog_version", "rule_version" };
	const char *vnow[] = { cat_s(c, c->meta->catalog_version), cat_s(c, c->meta->rule_version) };
	for (int v = 0; v < 2; v++)
		if (strcmp(jget_str(snap, vkeys[v]), vnow[v]) != 0)
			add_change(cs, (struct change){ NULL, NULL, v ? "rule_version_moved" : "catalog_version_moved", "info",
				text_side(jget_str(snap, vkeys[v])), text_side(vnow[v]),
				v ? PT_CHANGE_RULE_VERSION : PT_CHANGE_CATALOG_VERSION });
	struct json_object *ops = jget(snap, "operations");
	for (size_t i = 0; i < json_object_array_length(ops); i++) compare_op(o, json_object_array_get_idx(ops, i), cs);
}

void h_impact(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct json_object *snap = jget(in, "snapshot");
	size_t n = json_object_array_length(jget(snap, "operations"));
	/* the schema bounds the operations (200), so the array is bounded too */
	struct changes cs = { .cap = 2 + CHANGES_PER_OP * (int)n };
	cs.v = malloc((size_t)cs.cap * sizeof *cs.v);
	if (!cs.v) {
		reply_error(out, 500, "internal_error", NULL, NULL, "out of memory");
		return;
	}
	struct out o = pv_out(hc, NULL);
	collect_changes(&o, snap, &cs);
	int breaking = 0, compatible = 0, info = 0;
	for (int i = 0; i < cs.n; i++) {
		breaking += strcmp(cs.v[i].severity, "breaking") == 0;
		compatible += strcmp(cs.v[i].severity, "compatible") == 0;
		info += strcmp(cs.v[i].severity, "info") == 0;
	}
	struct jw *w = o.w = pv_answer(hc, out);
	jw_key(w, "status");
	jw_str(w, breaking ? "breaking" : compatible ? "compatible" : info ? "info_only" : "unchanged");
	jw_key(w, "status_text");
	pv_ptext(&o, breaking ? PT_IMPACT_BREAKING : compatible ? PT_IMPACT_COMPATIBLE
		: info ? PT_IMPACT_INFO_ONLY : PT_IMPACT_UNCHANGED);
	jw_key(w, "changes");
	jw_arr(w);
	for (int i = 0; i < cs.n; i++) write_change(&o, &cs.v[i]);
	jw_arr_end(w);
	free(cs.v);
	jw_key(w, "checked_operations");
	jw_int(w, (long long)n);
	jw_key(w, "summary");
	jw_obj(w);
	jw_key(w, "breaking");
	jw_int(w, breaking);
	jw_key(w, "compatible");
	jw_int(w, compatible);
	jw_key(w, "info");
	jw_int(w, info);
	jw_obj_end(w);
	jw_key(w, "task_id");
	jw_json(w, jget(snap, "task_id"));
}
