/* Row 2: plan a workflow. The planning itself is src/planner; this file renders the plan: its steps with
 * their operations, inputs and grants, what was left out, and the apps. Every text is an object with
 * the languages of Accept-Language, most wanted first (docs/planner.md). */
#include "api/plan_view.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A planner text followed by words of the request's own, in the wanted languages: one product's name
 * (product not NULL), or the titles of the actions outside the catalog the request named, then a full stop. */
static void text_then(const struct out *o, enum ptext k, const struct plan_resolution *r, const struct plan_outside *product)
{
	const struct catalog *c = o->c;
	const struct cat_text *t = &c->texts[k];
	jw_obj(o->w);
	for (int l = 0; l < o->hc->nlangs; l++) {
		bool de = o->hc->langs[l] == LANG_DE;
		char buf[1024];
		size_t n = (size_t)snprintf(buf, sizeof buf, "%s", cat_s(c, de ? t->de : t->en));
		for (int i = 0; i < (product ? 1 : r->nactions) && n < sizeof buf; i++) {
			const struct cat_outside *x = &c->outside[product ? product->item : r->actions[i].item];
			/* an unknown verb is named by the request's own word */
			bool own = !product && r->actions[i].item == (int)c->meta->unknown_action;
			const char *word = product ? pv_product_name(c, r, product)
				: own ? r->words[r->actions[i].first] : cat_s(c, de ? x->title_de : x->title_en);
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : " ", word);
		}
		if (!product && n + 1 < sizeof buf) buf[n++] = '.';
		jw_key_str(o->w, de ? "de" : "en");
		jw_strn(o->w, buf, n < sizeof buf ? n : sizeof buf - 1);
	}
	jw_obj_end(o->w);
}

static void rules_array(struct jw *w, unsigned rules)
{
	jw_arr(w);
	for (int k = 0; k < PS_COUNT; k++)
		if (rules & (1u << k)) jw_str(w, PLAN_STATUS[k]);
	jw_arr_end(w);
}

/* Whether another step of the plan is bound to app a (the other end of a copy between two apps of a kind). */
static bool bound_elsewhere(const struct plan *p, const struct plan_step *st, uint32_t a)
{
	for (int s = 0; s < p->nsteps; s++)
		if (&p->steps[s] != st && p->steps[s].app == (int)a) return true;
	return false;
}

/* Apps of the step's kind that document its capability; for a step without an app, not one another step is
 * bound to ("copy files to Google Drive": the source is some other drive). */
static void candidates(struct jw *w, const struct catalog *c, const struct plan *p, const struct plan_step *st)
{
	const struct cat_cap *cap = &c->caps[st->cap];
	jw_arr(w);
	for (uint32_t k = 0; k < cap->op_count; k++) {
		uint32_t a = c->ops[c->lists[cap->op_first + k]].app;
		if (st->state != SS_NO_APP || !bound_elsewhere(p, st, a)) view_str(w, c, c->apps[a].id);
	}
	jw_arr_end(w);
}

/* Index among planned steps (left-out ones do not count) of every step; first: the steps before them. */
static void planned_indices(const struct plan *p, int *planned, int first)
{
	for (int s = 0, n = first; s < p->nsteps; s++) planned[s] = p->steps[s].left_out ? -1 : n++;
}

static void step_input(const struct out *o, const struct cat_input *in, int from)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	bool fixed = cat_has(in->fixed);
	jw_obj(w);
	jw_key(w, "name");
	view_str(w, c, in->name);
	if (in->occurrence > 1) {
		jw_key(w, "occurrence");
		jw_int(w, in->occurrence);
	}
	jw_key(w, "what");
	pv_ctext(o, in->what_text);
	jw_key(w, "supplied_by");
	jw_str(w, from >= 0 ? "step" : fixed ? "fixed_value" : "caller");
	jw_key(w, "from_step");
	if (from >= 0) jw_int(w, from);
	else jw_null(w);
	jw_key(w, "value");
	pv_id_or_null(w, c, fixed, in->fixed);
	jw_key(w, "where");
	pv_ctext(o, in->where_text);
	jw_key(w, "note");
	pv_ptext(o, from >= 0 ? PT_INPUT_FROM_STEP : fixed ? PT_INPUT_FIXED : PT_INPUT_CALLER);
	jw_obj_end(w);
}

/* The identifiers and other inputs the step's operation needs, and where each comes from. */
static void step_inputs(const struct out *o, const struct plan *p, int s, const int *planned)
{
	const struct catalog *c = o->c;
	const struct plan_step *st = &p->steps[s];
	jw_arr(o->w);
	const struct cat_opx *x = st->op ? &c->opx[st->op - c->ops] : NULL;
	for (uint32_t k = 0; x && k < x->input_count; k++) {
		const struct cat_input *in = &c->inputs[x->input_first + k];
		int from = -1;
		for (int q = s - 1; q >= 0 && from < 0 && in->found_by != CAT_NONE; q--)
			if (p->steps[q].app == st->app && p->steps[q].cap == in->found_by && planned[q] >= 0) from = planned[q];
		step_input(o, in, from);
	}
	jw_arr_end(o->w);
}

/* A pre-serialised catalog piece of an operation, or `absent` (null, or [] written as text). */
static void raw_or(struct jw *w, const struct catalog *c, bool has, cat_str s, const char *absent)
{
	if (has) view_raw(w, c, s);
	else jw_raw(w, absent);
}

/* The scopes of the step: granted, implied, asked for and why. */
static void step_grant(const struct out *o, const struct plan_step *st)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	jw_key(w, "granted_scope");
	pv_step_scope(w, c, st, st->granted);
	jw_key(w, "granted_via");
	pv_granted_via(o, st);
	bool ask = st->state == SS_MISSING_SCOPE && st->ask_for >= 0;
	const struct cat_scope *ar = ask ? plan_scope_rec(c, st->op, st->ask_for) : NULL;
	jw_key(w, "ask_for");
	jw_str(w, ask ? pv_op_scope(c, st->op, st->ask_for) : NULL);
	jw_key(w, "ask_for_reason");
	if (ar) pv_ctext(o, ar->reason_text);
	else jw_null(w);
	if (st->app_created_skipped) {
		jw_key(w, "least_privilege_note");
		pv_ptext(o, PT_REASON_EXISTING_DATA);
	}
}

static void view_step(const struct out *o, const struct plan *p, int idx, int prev, const int *planned)
{
	const struct catalog *c = p->cat;
	const struct plan_step *st = &p->steps[idx];
	const struct cat_cap *cap = &c->caps[st->cap];
	const struct cat_opx *x = st->op ? &c->opx[st->op - c->ops] : NULL;
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "capability");
	view_str(w, c, cap->id);
	jw_key(w, "title");
	pv_ctext(o, cap->title_text);
	jw_key(w, "role");
	jw_str(w, st->role);
	jw_key(w, "added");
	jw_str(w, st->added ? "find_before_act" : NULL);
	if (st->added) {
		jw_key(w, "added_note");
		pv_ptext(o, PT_NOTE_ADDED_FIND);
	}
	jw_key(w, "app_kind");
	jw_str(w, VOCAB_APP_KINDS[st->kind]);
	jw_key(w, "app");
	pv_id_or_null(w, c, st->app >= 0, st->app >= 0 ? c->apps[st->app].id : CAT_NONE);
	jw_key(w, "app_source");
	jw_str(w, PV_SOURCE_NAMES[st->app_source]);
	jw_key(w, "write");
	jw_bool(w, st->write);
	jw_key(w, "documented");
	jw_bool(w, st->op != NULL);
	jw_key(w, "done_by");
	jw_str(w, st->state == SS_CALLER ? "caller" : "provider_operation");
	jw_key(w, "state");
	jw_str(w, PV_STATE_NAMES[st->state]);
	jw_key(w, "operation");
	raw_or(w, c, x, x ? x->plan_view : CAT_NONE, "null");
	jw_key(w, "inputs");
	step_inputs(o, p, idx, planned);
	jw_key(w, "scope_alternatives");
	raw_or(w, c, x, x ? x->scopes : CAT_NONE, "null");
	step_grant(o, st);
	jw_key(w, "permission_context");
	if (x) view_raw(w, c, x->app_context);
	else pv_app_context(w, c, st);
	jw_key(w, "operation_notes");
	raw_or(w, c, x, x ? x->notes : CAT_NONE, "[]");
	jw_key(w, "transformations");
	raw_or(w, c, x && cat_has(x->transformations), x ? x->transformations : CAT_NONE, "[]");
	jw_key(w, "input_from_step");
	if (prev >= 0) jw_int(w, prev);
	else jw_null(w);
	if (st->state == SS_NO_APP || st->state == SS_NOT_DOCUMENTED) {
		jw_key(w, "candidates");
		candidates(w, c, p, st);
	}
	jw_key(w, "note");
	pv_step_note(o, st);
	if (p->evidence) {
		jw_key(w, "evidence");
		raw_or(w, c, st->op, st->op ? st->op->evidence : CAT_NONE, "null");
	}
	jw_obj_end(w);
}

/* {name, kind} of a product outside the catalog. */
static void product_ref(struct jw *w, const struct catalog *c, const struct plan_resolution *r, const struct plan_outside *pr)
{
	jw_obj(w);
	jw_key(w, "name");
	jw_str(w, pv_product_name(c, r, pr));
	jw_key(w, "kind");
	view_str(w, c, c->outside[pr->item].kind);
	jw_obj_end(w);
}

static void view_left_out(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	struct jw *w = o->w;
	jw_obj(w);
	pv_step_ids(w, c, st);
	jw_key(w, "role");
	jw_str(w, st->role);
	jw_key(w, "reason");
	pv_ptext(o, PT_LEFT_OUT_READ_ONLY);
	jw_obj_end(w);
}

/* A product step read_only leaves out: it writes into the product. */
static void product_left_out(const struct out *o, const struct plan_resolution *r, const struct plan_outside *pr)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "capability");
	jw_null(w);
	jw_key(w, "app");
	jw_null(w);
	jw_key(w, "operation");
	jw_null(w);
	jw_key(w, "product");
	product_ref(w, c, r, pr);
	jw_key(w, "role");
	jw_str(w, "target");
	jw_key(w, "reason");
	pv_ptext(o, PT_LEFT_OUT_READ_ONLY);
	jw_obj_end(w);
}

static void view_runtime(const struct out *o, const struct plan *p)
{
	struct jw *w = o->w;
	const char *status;
	enum ptext note;
	if (strcmp(p->runtime, "local") == 0) { status = "satisfied"; note = PT_RUNTIME_LOCAL; }
	else if (strcmp(p->runtime, "remote") == 0) { status = "unknown"; note = PT_RUNTIME_REMOTE; }
	else { status = "not_constrained"; note = PT_RUNTIME_ANY; }
	jw_obj(w);
	jw_key(w, "requested");
	jw_str(w, p->runtime);
	jw_key(w, "status");
	jw_str(w, status);
	jw_key(w, "note");
	pv_ptext(o, note);
	jw_obj_end(w);
}

/* Apps named in the request that no step uses, and why. */
static void apps_not_used(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	struct jw *w = o->w;
	jw_arr(w);
	for (int k = 0; k < p->napps; k++) {
		int app = p->apps[k];
		bool bound_somewhere = false;
		for (int s = 0; s < p->nsteps; s++) bound_somewhere |= p->steps[s].app == app;
		/* a family's apps of kinds no step needs were never asked for */
		if (bound_somewhere || p->app_src[k] == AS_FAMILY) continue;
		jw_obj(w);
		jw_key(w, "app");
		view_str(w, c, c->apps[app].id);
		jw_key(w, "reason");
		pv_ptext(o, p->nsteps == 0 ? PT_NOT_USED_NOTHING_PLANNED : PT_NOT_USED_NO_STEP);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void view_apps(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "bound");
	jw_arr(w);
	for (uint32_t k = 0; k < c->napps; k++)
		if (p->apps_used & (1ull << k)) view_str(w, c, c->apps[k].id);
	jw_arr_end(w);
	jw_key(w, "not_used");
	apps_not_used(o, p);
	jw_obj_end(w);
}

/* The step a product outside the catalog stands for: done by the caller with the product's own interface,
 * documented by nothing here; the same members as every step. */
static void product_step(const struct out *o, const struct plan_resolution *r, const struct plan_outside *pr, int prev)
{
	const struct catalog *c = o->c;
	bool source = !plan_product_writes(pr);
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "capability");
	jw_null(w);
	jw_key(w, "title");
	text_then(o, source ? PT_STEP_PRODUCT_SOURCE : PT_STEP_PRODUCT_TARGET, r, pr);
	jw_key(w, "role");
	jw_str(w, source ? "source" : "target");
	jw_key(w, "added");
	jw_null(w);
	jw_key(w, "app_kind");
	jw_str(w, VOCAB_APP_KINDS[AK_CALLER]);
	jw_key(w, "app");
	jw_null(w);
	jw_key(w, "app_source");
	jw_null(w);
	jw_key(w, "product");
	product_ref(w, c, r, pr);
	jw_key(w, "write");
	jw_bool(w, !source);
	jw_key(w, "documented");
	jw_bool(w, false);
	jw_key(w, "done_by");
	jw_str(w, "caller");
	jw_key(w, "state");
	jw_str(w, "outside_catalog");
	static const char *const none[] = { "operation", "scope_alternatives", "granted_scope", "granted_via", "ask_for",
		"ask_for_reason", "permission_context" };
	for (size_t k = 0; k < sizeof none / sizeof *none; k++) { jw_key_str(w, none[k]); jw_null(w); }
	static const char *const empty[] = { "inputs", "operation_notes", "transformations" };
	for (size_t k = 0; k < sizeof empty / sizeof *empty; k++) { jw_key_str(w, empty[k]); jw_arr(w); jw_arr_end(w); }
	jw_key(w, "input_from_step");
	if (prev >= 0) jw_int(w, prev);
	else jw_null(w);
	jw_key(w, "note");
	pv_ptext(o, PT_NOTE_PRODUCT);
	jw_obj_end(w);
}

/* The planned steps; returns their coverage counts (documented, practically tested) through the pointers. */
static int plan_steps(const struct out *o, const struct plan *p, int *documented, int *tested)
{
	const struct catalog *c = o->c;
	const struct plan_resolution *r = &p->res;
	int required = 0, prev = -1, planned[PLAN_MAX_STEPS], before = 0;
	for (int k = 0; p->nsteps && k < r->nproducts; k++) before += !plan_product_writes(&r->products[k]);
	planned_indices(p, planned, before);
	jw_arr(o->w);
	for (int k = 0; p->nsteps && k < r->nproducts; k++)
		if (!plan_product_writes(&r->products[k])) { product_step(o, r, &r->products[k], prev); prev = required++; }
	for (int s = 0; s < p->nsteps; s++) {
		const struct plan_step *st = &p->steps[s];
		if (st->left_out) continue;
		view_step(o, p, s, prev, planned);
		prev = required++;
		if (st->op) {
			(*documented)++;
			*tested += (int)c->opx[st->op - c->ops].tested;
		}
	}
	for (int k = 0; p->nsteps && k < r->nproducts; k++)
		if (plan_product_writes(&r->products[k]) && !plan_product_left_out(p, &r->products[k])) {
			product_step(o, r, &r->products[k], prev);
			prev = required++;
		}
	jw_arr_end(o->w);
	return required;
}

/* Whether an action named has the capability asked that the catalog documents and no task plans. */
static bool action_untested(const struct catalog *c, const struct plan_resolution *r)
{
	for (int k = 0; k < r->nactions; k++)
		if (plan_action_untested(c, r, r->actions[k].item)) return true;
	return false;
}

/* What the status means; an unresolved request says why when it names what the catalog lacks. */
static void plan_status_text(const struct out *o, const struct plan *p)
{
	if (p->status == PS_UNRESOLVED && p->res.nactions)
		text_then(o, action_untested(p->cat, &p->res) ? PT_STATUS_ACTION_UNTESTED : PT_STATUS_ACTION_OUTSIDE, &p->res,
			NULL);
	else if (p->status == PS_UNRESOLVED && p->res.nproducts) pv_ptext(o, PT_STATUS_UNRESOLVED_OUTSIDE);
	else pv_ptext(o, (enum ptext)(PT_STATUS_UNRESOLVED + p->status));
}

void h_plan(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	struct jw *w = pv_answer(hc, out);
	struct out o = pv_out(hc, w);
	jw_key(w, "status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "status_text");
	plan_status_text(&o, &p);
	jw_key(w, "rules");
	rules_array(w, p.rules);
	jw_key(w, "task");
	pv_task(&o, &p);
	jw_key(w, "read_only");
	jw_bool(w, p.read_only);
	jw_key(w, "steps");
	int documented = 0, tested = 0, required = plan_steps(&o, &p, &documented, &tested);
	jw_key(w, "left_out");
	jw_arr(w);
	for (int s = 0; s < p.nsteps; s++)
		if (p.steps[s].left_out) view_left_out(&o, &p, &p.steps[s]);
	for (int k = 0; p.nsteps && k < p.res.nproducts; k++)
		if (plan_product_left_out(&p, &p.res.products[k])) product_left_out(&o, &p.res, &p.res.products[k]);
	jw_arr_end(w);
	jw_key(w, "coverage");
	jw_obj(w);
	jw_key(w, "documented");
	jw_int(w, documented);
	jw_key(w, "required");
	jw_int(w, required);
	jw_key(w, "practically_tested");
	jw_int(w, tested);
	jw_obj_end(w);
	jw_key(w, "minimal_scopes");
	pv_cover_array(w, &p);
	jw_key(w, "apps");
	view_apps(&o, &p);
	jw_key(w, "runtime");
	view_runtime(&o, &p);
}
