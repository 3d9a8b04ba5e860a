/* Row 12: a snapshot of a plan: the operations it rests on, with their scopes and source hashes, for a
 * later change impact. */
#include "api/plan_view.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The operations the snapshot records: the planned steps that have one. */
static void snapshot_ops(struct jw *w, const struct catalog *c, const struct plan *p)
{
	jw_arr(w);
	for (int k = 0; k < p->nsteps; k++) {
		const struct plan_step *st = &p->steps[k];
		if (st->left_out || !st->op) continue;
		jw_obj(w);
		jw_key(w, "app");
		view_str(w, c, c->apps[st->app].id);
		jw_key(w, "operation");
		view_str(w, c, st->op->id);
		jw_key(w, "capability");
		view_str(w, c, c->caps[st->cap].id);
		jw_key(w, "scope_alternatives");
		view_raw(w, c, c->opx[st->op - c->ops].scopes);
		if (cat_has(st->op->revision)) {
			jw_key(w, "source_revision");
			view_str(w, c, st->op->revision);
		}
		jw_key(w, "source_hash");
		view_str(w, c, st->op->semantic_sha256);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The apps of the snapshot's operations, each once, in step order. */
static void snapshot_apps(struct jw *w, const struct catalog *c, const struct plan *p)
{
	unsigned long long seen = 0;
	jw_arr(w);
	for (int k = 0; k < p->nsteps; k++) {
		const struct plan_step *st = &p->steps[k];
		if (st->left_out || !st->op || (seen & (1ull << st->app))) continue;
		seen |= 1ull << st->app;
		view_str(w, c, c->apps[st->app].id);
	}
	jw_arr_end(w);
}

void h_snapshot(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	const struct catalog *c = hc->cat;
	struct jw *w = pv_answer(hc, out);
	struct out o = pv_out(hc, w);
	jw_key(w, "status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "task");
	pv_task(&o, &p);
	jw_key(w, "snapshot");
	if (p.status == PS_UNRESOLVED || p.status == PS_AMBIGUOUS) {
		jw_null(w);
		return;
	}
	jw_obj(w);
	jw_key(w, "format");
	jw_str(w, SNAPSHOT_FORMAT);
	jw_key(w, "read_only");
	jw_bool(w, p.read_only);
	jw_key(w, "runtime");
	jw_str(w, p.runtime);
	jw_key(w, "catalog_version");
	view_str(w, c, c->meta->catalog_version);
	jw_key(w, "rule_version");
	view_str(w, c, c->meta->rule_version);
	jw_key(w, "task_id");
	pv_id_or_null(w, c, p.task >= 0, p.task >= 0 ? c->tasks[p.task].id : CAT_NONE);
	jw_key(w, "apps");
	snapshot_apps(w, c, &p);
	jw_key(w, "operations");
	snapshot_ops(w, c, &p);
	jw_obj_end(w);
}
