/* Row 6: explain a plan's permissions: per step the scope alternatives least privilege first, what is
 * granted and what is missing, and granted scopes broader than needed or not needed at all. */
#include "api/plan_view.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum ptext permission_status(const struct plan *p, const char **name)
{
	static const struct { const char *name; enum ptext text; } S[] = {
		{ "unresolved", PT_PERM_UNRESOLVED }, { "ambiguous", PT_PERM_AMBIGUOUS }, { "needs_apps", PT_PERM_NEEDS_APPS },
		{ "needs_scopes", PT_PERM_NEEDS_SCOPES }, { "scopes_unknown", PT_PERM_SCOPES_UNKNOWN },
		{ "granted", PT_PERM_GRANTED }, { "no_scopes_needed", PT_PERM_NO_SCOPES_NEEDED } };
	int k = p->status == PS_UNRESOLVED ? 0 : p->status == PS_AMBIGUOUS ? 1
		: p->rules & (1u << PS_NEEDS_APPS) ? 2 : p->rules & (1u << PS_NEEDS_SCOPES) ? 3
		: p->rules & (1u << PS_SCOPES_UNKNOWN) ? 4 : p->ncover ? 5 : 6;
	*name = S[k].name;
	return S[k].text;
}

static void alternative(const struct out *o, const struct plan *p, const struct plan_step *st, int i)
{
	const struct catalog *c = p->cat;
	struct jw *w = o->w;
	const char *sc = pv_op_scope(c, st->op, i);
	const struct cat_scope *r = plan_scope_rec(c, st->op, i);
	bool granted = false;
	for (int g = 0; g < p->ngranted; g++) granted |= strcmp(p->granted[g], sc) == 0;
	jw_obj(w);
	jw_key(w, "scope");
	jw_str(w, sc);
	jw_key(w, "privilege_rank");
	jw_int(w, r ? (int)r->rank : -1);
	jw_key(w, "reason");
	if (r) pv_ctext(o, r->reason_text);
	else jw_null(w);
	jw_key(w, "suggested");
	jw_bool(w, r && r->suggest);
	jw_key(w, "sees_existing_data");
	jw_bool(w, !(r && r->app_created));
	jw_key(w, "granted");
	jw_bool(w, granted);
	jw_obj_end(w);
}

/* The step's scope alternatives, least privilege first; null when the catalog documents none. */
static void alternatives(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	if (!st->op || st->op->scope_count == CAT_NONE) {
		jw_null(o->w);
		return;
	}
	int order[64], n = (int)st->op->scope_count < 64 ? (int)st->op->scope_count : 64;
	for (int i = 0; i < n; i++) order[i] = i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && plan_scope_rank(c, st->op, order[j]) < plan_scope_rank(c, st->op, order[j - 1]); j--) {
			int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	jw_arr(o->w);
	for (int k = 0; k < n; k++) alternative(o, p, st, order[k]);
	jw_arr_end(o->w);
}

/* The implication that documents granted scope sc as including what step st needs, or NULL. */
static const struct cat_implied *includes_needed(const struct catalog *c, const struct plan_step *st, const char *sc)
{
	return st->ask_for >= 0 ? plan_implied(c, st->op->app, sc, pv_op_scope(c, st->op, st->ask_for)) : NULL;
}

/* A granted scope against the minimal cover: whether any step uses it, and when it is broader than
 * needed, the scope that would be enough (*instead) and the implication that says so (*m). */
static bool review_grant(const struct plan *p, const char *sc, const char **instead, const struct cat_implied **m)
{
	const struct catalog *c = p->cat;
	bool used = false, in_cover = false;
	*instead = NULL;
	*m = NULL;
	for (int k = 0; k < p->ncover; k++) in_cover |= strcmp(p->cover[k], sc) == 0;
	for (int s = 0; s < p->nsteps; s++) {
		const struct plan_step *st = &p->steps[s];
		if (st->left_out || !st->op) continue;
		int i = plan_op_scope_index(c, st->op, sc);
		bool via = st->granted_via && strcmp(st->granted_via, sc) == 0;
		if (i < 0 && !via) continue;
		used = true;
		if (!in_cover && st->ask_for >= 0 && (via || plan_scope_rank(c, st->op, i) > plan_scope_rank(c, st->op, st->ask_for))) {
			*instead = pv_op_scope(c, st->op, st->ask_for);
			*m = includes_needed(c, st, sc);
		}
	}
	return used;
}

/* Granted scopes broader than needed, each with the scope that would be enough. */
static void broader_than_needed(const struct out *o, const struct plan *p)
{
	struct jw *w = o->w;
	jw_arr(w);
	for (int g = 0; g < p->ngranted; g++) {
		const char *instead;
		const struct cat_implied *m;
		if (!review_grant(p, p->granted[g], &instead, &m) || !instead) continue;
		jw_obj(w);
		jw_key(w, "scope");
		jw_str(w, p->granted[g]);
		jw_key(w, "enough");
		jw_str(w, instead);
		if (m) {
			jw_key(w, "includes_source");
			pv_implied_source(o, m);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* Granted scopes no step needs at all. */
static void not_needed(struct jw *w, const struct plan *p)
{
	jw_arr(w);
	for (int g = 0; g < p->ngranted; g++) {
		const char *instead;
		const struct cat_implied *m;
		if (!review_grant(p, p->granted[g], &instead, &m)) jw_str(w, p->granted[g]);
	}
	jw_arr_end(w);
}

/* Scopes of the minimal set that some unauthorised step is waiting for. */
static void missing_scopes(struct jw *w, const struct plan *p)
{
	const struct catalog *c = p->cat;
	jw_arr(w);
	for (int k = 0; k < p->ncover; k++) {
		bool needed = false;
		for (int s = 0; s < p->nsteps && !needed; s++) {
			const struct plan_step *st = &p->steps[s];
			needed = !st->left_out && st->state == SS_MISSING_SCOPE && st->ask_for >= 0 &&
				strcmp(pv_op_scope(c, st->op, st->ask_for), p->cover[k]) == 0;
		}
		if (needed) jw_str(w, p->cover[k]);
	}
	jw_arr_end(w);
}

static void permission_step(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	jw_obj(w);
	pv_step_ids(w, c, st);
	jw_key(w, "added");
	jw_str(w, st->added ? "find_before_act" : NULL);
	jw_key(w, "write");
	jw_bool(w, st->write);
	jw_key(w, "works_on_existing_data");
	jw_bool(w, st->existing);
	jw_key(w, "state");
	jw_str(w, PV_STATE_NAMES[st->state]);
	jw_key(w, "alternatives");
	alternatives(o, p, st);
	jw_key(w, "granted_scope");
	pv_step_scope(w, c, st, st->granted);
	jw_key(w, "granted_via");
	pv_granted_via(o, st);
	jw_key(w, "needed_scope");
	pv_step_scope(w, c, st, st->ask_for);
	jw_key(w, "missing");
	jw_bool(w, st->state == SS_MISSING_SCOPE);
	if (st->app_created_skipped) {
		jw_key(w, "least_privilege_note");
		pv_ptext(o, PT_REASON_EXISTING_DATA);
	}
	jw_key(w, "permission_context");
	pv_app_context(w, c, st);
	jw_key(w, "operation_notes");
	pv_account_notes(w, c, st);
	jw_key(w, "note");
	pv_step_note(o, st);
	jw_obj_end(w);
}

void h_permissions(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	struct jw *w = pv_answer(hc, out);
	struct out o = pv_out(hc, w);
	const char *status;
	enum ptext text = permission_status(&p, &status);
	jw_key(w, "status");
	jw_str(w, status);
	jw_key(w, "status_text");
	pv_ptext(&o, text);
	jw_key(w, "plan_status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "task");
	pv_task(&o, &p);
	jw_key(w, "read_only");
	jw_bool(w, p.read_only);
	jw_key(w, "steps");
	jw_arr(w);
	for (int s = 0; s < p.nsteps; s++)
		if (!p.steps[s].left_out) permission_step(&o, &p, &p.steps[s]);
	jw_arr_end(w);
	jw_key(w, "minimal_scopes");
	pv_cover_array(w, &p);
	jw_key(w, "missing_scopes");
	missing_scopes(w, &p);
	jw_key(w, "broader_than_needed");
	broader_than_needed(&o, &p);
	jw_key(w, "not_needed");
	not_needed(w, &p);
}
