/* Row 10: the impact of catalog changes on a snapshot: every change with its severity, and a status. */
#include "api/plan_view.h"
#include "planner/change.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_side(const struct out *o, const struct change_side *s)
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
	jw_str(w, change_kind_name(ch->kind));
	jw_key(w, "severity");
	jw_str(w, CHANGE_CLASS_NAMES[change_kind_class(ch->kind)]);
	jw_key(w, "before");
	write_side(o, &ch->before);
	jw_key(w, "after");
	write_side(o, &ch->after);
	jw_key(w, "detail");
	pv_ptext(o, ch->detail);
	jw_obj_end(w);
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
	change_snapshot(hc->cat, snap, &cs);
	int count[CHANGE_CLASSES] = { 0 };
	for (int i = 0; i < cs.n; i++) count[change_kind_class(cs.v[i].kind)]++;
	struct jw *w = o.w = pv_answer(hc, out);
	jw_key(w, "status");
	jw_str(w, change_impact_status(count));
	jw_key(w, "status_text");
	pv_ptext(&o, count[CHANGE_BREAKING] ? PT_IMPACT_BREAKING : count[CHANGE_COMPATIBLE] ? PT_IMPACT_COMPATIBLE
		: count[CHANGE_INFO] ? PT_IMPACT_INFO_ONLY : PT_IMPACT_UNCHANGED);
	jw_key(w, "changes");
	jw_arr(w);
	for (int i = 0; i < cs.n; i++) write_change(&o, &cs.v[i]);
	jw_arr_end(w);
	free(cs.v);
	jw_key(w, "checked_operations");
	jw_int(w, (long long)n);
	jw_key(w, "summary");
	jw_obj(w);
	for (int k = CHANGE_BREAKING; k <= CHANGE_INFO; k++) {
		jw_key_str(w, CHANGE_CLASS_NAMES[k]);
		jw_int(w, count[k]);
	}
	jw_obj_end(w);
	jw_key(w, "task_id");
	jw_json(w, jget(snap, "task_id"));
}
