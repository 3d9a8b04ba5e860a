/* Rows 2, 6, 12 and 10: plan a workflow, explain its permissions, snapshot it, and the impact of
 * catalog changes on a snapshot. The planning itself is src/planner; this file renders it. Every text
 * is an object with the languages of Accept-Language, most wanted first (docs/planner.md). */
#include "api/handlers.h"
#include "jsonw/jsonw.h"
#include "util/jsonutil.h"
#include "planner/plan.h"
#include "api/views.h"
#include "catalog/vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const STATE_NAMES[] = { [SS_SATISFIED] = "satisfied", [SS_MISSING_SCOPE] = "missing_scope",
	[SS_SCOPES_UNKNOWN] = "scopes_unknown", [SS_CALLER] = "caller_side", [SS_NO_APP] = "no_app",
	[SS_NOT_DOCUMENTED] = "not_documented" };
static const char *const SOURCE_NAMES[] = { [AS_NONE] = NULL, [AS_TASK] = "task", [AS_REQUEST] = "request",
	[AS_QUERY] = "query", [AS_FAMILY] = "family" };

/* What one answer needs besides the plan: the catalog and the languages to write in. */
struct out {
	const struct catalog *c;
	const struct hctx *hc;
	struct jw *w;  /* the answer being written */
	enum cat_lang_order lo;  /* which pre-serialised form of a text the wanted languages pick */
};

static const char *op_scope(const struct catalog *c, const struct cat_op *op, int i)
{
	return i < 0 ? NULL : cat_s(c, c->lists[op->scope_first + (uint32_t)i]);
}

/* Accept-Language gives one language or both (router.c), most wanted first. */
static struct out out_for(const struct hctx *hc, struct jw *w)
{
	bool de_first = hc->langs[0] == LANG_DE;
	enum cat_lang_order lo = hc->nlangs > 1 ? (de_first ? LO_DE_EN : LO_EN_DE) : de_first ? LO_DE : LO_EN;
	return (struct out){ .c = hc->cat, .hc = hc, .w = w, .lo = lo };
}

/* {"en": .., "de": ..} with the wanted languages only, most wanted first: written by the compiler. */
static void ctext(const struct out *o, uint32_t text)
{
	cat_str s = o->c->langtexts[text].json[o->lo];
	jw_rawn(o->w, cat_s(o->c, s), cat_len(o->c, s));
}

static void ptext(const struct out *o, enum ptext k)
{
	ctext(o, o->c->texts[k].text);
}

/* A planner text followed by words of the request's own, in the wanted languages: one product's name
 * (product >= 0), or the titles of the actions outside the catalog the request named, then a full stop. */
static void text_then(const struct out *o, enum ptext k, const struct plan_resolution *r, int product)
{
	const struct catalog *c = o->c;
	const struct cat_text *t = &c->texts[k];
	jw_obj(o->w);
	for (int l = 0; l < o->hc->nlangs; l++) {
		bool de = o->hc->langs[l] == LANG_DE;
		char buf[1024];
		size_t n = (size_t)snprintf(buf, sizeof buf, "%s", cat_s(c, de ? t->de : t->en));
		for (int i = 0; i < (product >= 0 ? 1 : r->nactions) && n < sizeof buf; i++) {
			const struct cat_outside *x = &c->outside[product >= 0 ? product : r->actions[i].item];
			const char *word = cat_s(c, product >= 0 ? x->name : de ? x->title_de : x->title_en);
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : " ", word);
		}
		if (product < 0 && n + 1 < sizeof buf) buf[n++] = '.';
		jw_key_str(o->w, de ? "de" : "en");
		jw_strn(o->w, buf, n < sizeof buf ? n : sizeof buf - 1);
	}
	jw_obj_end(o->w);
}

/* Starts the answer object and sets its language, for Content-Language (and Vary: Accept-Language). */
static struct jw *answer(const struct hctx *hc, struct reply *r)
{
	struct jw *w = reply_object(r);
	snprintf(r->language, sizeof r->language, "%s", LANG_CODES[hc->langs[0]]);
	return w;
}

/* A catalog string, or null for a missing record (index < 0). */
static void id_or_null(struct jw *w, const struct catalog *c, bool has, cat_str s)
{
	if (has) view_str(w, c, s);
	else jw_null(w);
}

static void rules_array(struct jw *w, unsigned rules)
{
	jw_arr(w);
	for (int k = 0; k < PS_COUNT; k++)
		if (rules & (1u << k)) jw_str(w, PLAN_STATUS[k]);
	jw_arr_end(w);
}

/* 0..100 as a JSON number with two decimals, serialised identically every time. */
static void percent(struct jw *w, int v)
{
	char buf[24];
	if (v < 0) v = 0;
	if (v > 100) v = 100;
	int n = snprintf(buf, sizeof buf, "%d.%02d", v / 100, v % 100);
	jw_rawn(w, buf, (size_t)n);
}

/* The query's words [first, first + n) joined by spaces. */
static void span_words(struct jw *w, const struct plan_resolution *r, int first, int n)
{
	char buf[256];
	size_t o = 0;
	for (int i = first; i < first + n && i < r->nwords && o < sizeof buf - 1; i++) {
		if (i > first) buf[o++] = ' ';
		size_t len = strlen(r->words[i]), room = sizeof buf - 1 - o;
		if (len > room) len = room;  /* cut at the buffer's end, as snprintf would */
		memcpy(buf + o, r->words[i], len);
		o += len;
	}
	jw_strn(w, buf, o);
}

static void app_named(struct jw *w, const struct plan *p, const struct plan_mention *m, int app, bool by_family)
{
	const struct catalog *c = p->cat;
	jw_obj(w);
	jw_key(w, "app");
	view_str(w, c, c->apps[app].id);
	jw_key(w, "words");
	span_words(w, &p->res, m->first, m->nwords);
	jw_key(w, "via");
	jw_str(w, by_family ? "family" : "name");
	jw_key(w, "family");
	id_or_null(w, c, by_family, by_family ? c->families[m->family].id : CAT_NONE);
	jw_key(w, "role");
	jw_str(w, PLAN_ROLES[m->role]);
	jw_key(w, "typo");
	jw_bool(w, m->typo);
	jw_obj_end(w);
}

/* Which words bound which app: explicit names, and a family's app for a step of its kind. */
static void apps_named(struct jw *w, const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	jw_arr(w);
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		for (int q = 0; q < p->napps; q++) {
			int app = p->apps[q];
			bool named = m->app == app && p->app_src[q] == AS_QUERY;
			bool by_family = m->family >= 0 && p->app_src[q] == AS_FAMILY &&
				c->families[m->family].apps[c->apps[app].kind] == (uint32_t)app && ((p->apps_used >> app) & 1);
			if (named || by_family) app_named(w, p, m, app, by_family);
		}
	}
	jw_arr_end(w);
}

static void intents_named(struct jw *w, const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	jw_arr(w);
	for (int k = 0; k < r->nintents; k++) {
		uint64_t set = c->intents[r->intents[k].intent].caps;
		jw_obj(w);
		jw_key(w, "words");
		span_words(w, r, r->intents[k].first, r->intents[k].nwords);
		jw_key(w, "capabilities");
		jw_arr(w);
		for (uint32_t cap = 0; cap < c->ncaps; cap++)
			if ((set >> cap) & 1) view_str(w, c, c->caps[cap].id);
		jw_arr_end(w);
		jw_key(w, "negated");
		jw_bool(w, r->intents[k].negated);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void task_list(struct jw *w, const struct catalog *c, const int *tasks, int n)
{
	jw_arr(w);
	for (int k = 0; k < n; k++) view_str(w, c, c->tasks[tasks[k]].id);
	jw_arr_end(w);
}

/* The query's words that matched (matched) or that were read as nothing at all (!matched). */
static void query_words(struct jw *w, const struct plan_resolution *r, bool matched)
{
	jw_arr(w);
	for (int i = 0; i < r->nwords; i++) {
		bool ignored = !r->matched[i] && !r->stop[i] && !r->app_word[i] && !r->arrow[i] && !r->action_word[i];
		if (matched ? r->matched[i] : ignored) jw_str(w, r->words[i]);
	}
	jw_arr_end(w);
}

/* Products outside the catalog ({name, kind, words, role}) or actions no task performs ({action, title,
 * words}) that the query named. */
static void outside_named(const struct out *o, const struct plan_resolution *r, const struct plan_outside *v, int n)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	jw_arr(w);
	for (int k = 0; k < n; k++) {
		const struct cat_outside *x = &c->outside[v[k].item];
		jw_obj(w);
		jw_key_str(w, x->action ? "action" : "name");
		view_str(w, c, x->name);
		if (x->action) {
			jw_key(w, "title");
			ctext(o, x->title_text);
		} else {
			jw_key(w, "kind");
			view_str(w, c, x->kind);
		}
		jw_key(w, "words");
		span_words(w, r, v[k].first, v[k].nwords);
		if (!x->action) {
			jw_key(w, "role");
			jw_str(w, PLAN_ROLES[v[k].role]);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The `query` member of `task`: how the free text was read. */
static void view_query(const struct out *o, const struct plan *p)
{
	struct jw *w = o->w;
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	jw_obj(w);
	jw_key(w, "folded");
	jw_str(w, r->folded);
	jw_key(w, "matched_words");
	query_words(w, r, true);
	jw_key(w, "unmatched_words");
	query_words(w, r, false);
	jw_key(w, "apps_named");
	apps_named(w, p);
	jw_key(w, "app_kinds_named");
	jw_arr(w);
	for (int k = 0; k < AK_COUNT; k++)
		if (r->kinds & (1u << k)) jw_str(w, VOCAB_APP_KINDS[k]);
	jw_arr_end(w);
	jw_key(w, "intents_named");
	intents_named(w, p);
	jw_key(w, "capabilities_named");
	jw_arr(w);
	for (int k = 0; k < r->ncaps; k++) view_str(w, c, c->caps[r->caps[k]].id);
	jw_arr_end(w);
	jw_key(w, "best_task");
	id_or_null(w, c, r->task >= 0, r->task >= 0 ? c->tasks[r->task].id : CAT_NONE);
	jw_key(w, "score");
	jw_int(w, r->score);
	jw_key(w, "runner_up");
	id_or_null(w, c, r->runner_up >= 0, r->runner_up >= 0 ? c->tasks[r->runner_up].id : CAT_NONE);
	jw_key(w, "runner_up_score");
	jw_int(w, r->runner_up_score);
	jw_key(w, "candidates");
	task_list(w, c, r->candidates, r->equivalent ? 0 : r->ncandidates);
	jw_key(w, "equivalent_tasks");
	task_list(w, c, r->candidates, r->equivalent ? r->ncandidates : 0);
	jw_key(w, "used");
	jw_bool(w, r->by == BY_QUERY_TASK || r->by == BY_QUERY_CAPABILITIES);
	jw_key(w, "products_unknown");
	outside_named(o, r, r->products, r->nproducts);
	jw_key(w, "actions_outside");
	outside_named(o, r, r->actions, r->nactions);
	jw_key(w, "nearest_tasks");
	task_list(w, c, r->nearest, r->nnearest);
	jw_obj_end(w);
}

/* The `task` member: what was planned and how the request was read. */
static void view_task(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	const struct cat_task *tk = p->task >= 0 ? &c->tasks[p->task] : NULL;
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "id");
	id_or_null(w, c, tk, tk ? tk->id : CAT_NONE);
	jw_key(w, "title");
	if (tk) ctext(o, tk->title_text);
	else jw_null(w);
	jw_key(w, "generic");
	if (tk) jw_bool(w, tk->generic);
	else jw_null(w);
	jw_key(w, "kind");
	jw_str(w, tk ? "task"
		: r->by == BY_QUERY_CAPABILITIES ? "capability_chain" : r->by == BY_QUERY_AMBIGUOUS ? "ambiguous" : "none");
	jw_key(w, "resolved_by");
	jw_str(w, r->by == BY_TASK_ID ? "task_id" : r->by == BY_NONE ? "none" : "query");
	jw_key(w, "confidence");
	percent(w, r->confidence);
	jw_key(w, "apps_rebound");
	jw_bool(w, p->rebound);
	if (p->rebound) {
		jw_key(w, "apps_rebound_note");
		ptext(o, PT_QUERY_REBOUND);
	}
	if (r->equivalent) {
		jw_key(w, "equivalent_note");
		ptext(o, PT_QUERY_EQUIVALENT);
	}
	if (r->nwords) {
		jw_key(w, "query");
		view_query(o, p);
	}
	jw_obj_end(w);
}

static void step_note(const struct out *o, const struct plan_step *st)
{
	switch (st->state) {
	case SS_CALLER: ptext(o, PT_NOTE_CALLER_SIDE); return;
	case SS_NO_APP: ptext(o, PT_NOTE_NO_APP); return;
	case SS_NOT_DOCUMENTED: ptext(o, PT_NOTE_NOT_DOCUMENTED); return;
	case SS_SCOPES_UNKNOWN: ptext(o, PT_NOTE_SCOPES_UNKNOWN); return;
	case SS_MISSING_SCOPE: ptext(o, st->app_created_grant ? PT_NOTE_APP_CREATED_GRANT : PT_NOTE_MISSING_SCOPE); return;
	case SS_SATISFIED:
		if (st->granted_via) ptext(o, PT_NOTE_IMPLIED);
		else jw_null(o->w);
		return;
	}
	jw_null(o->w);
}

/* Apps of the step's kind that document its capability. */
static void candidates(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	const struct cat_cap *cap = &c->caps[st->cap];
	jw_arr(w);
	for (uint32_t k = 0; k < cap->op_count; k++)
		view_str(w, c, c->apps[c->ops[c->lists[cap->op_first + k]].app].id);
	jw_arr_end(w);
}

static void account_notes(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	jw_arr(w);
	if (st->op && cat_has(st->op->permission_context)) view_str(w, c, st->op->permission_context);
	jw_arr_end(w);
}

/* {url, statement}: where the catalog documents an implication. */
static void implied_source(const struct out *o, const struct cat_implied *m)
{
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "url");
	view_str(w, o->c, m->url);
	jw_key(w, "statement");
	ctext(o, m->statement_text);
	jw_obj_end(w);
}

/* {scope, includes, source: {url, statement}}: a grant that authorises by including an alternative. */
static void granted_via(const struct out *o, const struct plan_step *st)
{
	struct jw *w = o->w;
	if (!st->granted_via) {
		jw_null(w);
		return;
	}
	const struct cat_implied *m = &o->c->implied[st->implied];
	jw_obj(w);
	jw_key(w, "scope");
	jw_str(w, st->granted_via);
	jw_key(w, "includes");
	view_str(w, o->c, m->narrower);
	jw_key(w, "source");
	implied_source(o, m);
	jw_obj_end(w);
}

/* The granted scope of a step (its index among the operation's alternatives), or null. */
static void step_scope(struct jw *w, const struct catalog *c, const struct plan_step *st, int i)
{
	jw_str(w, st->op ? op_scope(c, st->op, i) : NULL);
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
	ctext(o, in->what_text);
	jw_key(w, "supplied_by");
	jw_str(w, from >= 0 ? "step" : fixed ? "fixed_value" : "caller");
	jw_key(w, "from_step");
	if (from >= 0) jw_int(w, from);
	else jw_null(w);
	jw_key(w, "value");
	id_or_null(w, c, fixed, in->fixed);
	jw_key(w, "where");
	ctext(o, in->where_text);
	jw_key(w, "note");
	ptext(o, from >= 0 ? PT_INPUT_FROM_STEP : fixed ? PT_INPUT_FIXED : PT_INPUT_CALLER);
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
	step_scope(w, c, st, st->granted);
	jw_key(w, "granted_via");
	granted_via(o, st);
	bool ask = st->state == SS_MISSING_SCOPE && st->ask_for >= 0;
	const struct cat_scope *ar = ask ? plan_scope_rec(c, st->op, st->ask_for) : NULL;
	jw_key(w, "ask_for");
	jw_str(w, ask ? op_scope(c, st->op, st->ask_for) : NULL);
	jw_key(w, "ask_for_reason");
	if (ar) ctext(o, ar->reason_text);
	else jw_null(w);
	if (st->app_created_skipped) {
		jw_key(w, "least_privilege_note");
		ptext(o, PT_REASON_EXISTING_DATA);
	}
}

/* An app's own permission context, for a step without an operation; null for none or the caller. */
static void app_context(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	id_or_null(w, c, st->app >= 0 && st->kind != AK_CALLER, st->app >= 0 ? c->apps[st->app].permission_context : CAT_NONE);
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
	ctext(o, cap->title_text);
	jw_key(w, "role");
	jw_str(w, st->role);
	jw_key(w, "added");
	jw_str(w, st->added ? "find_before_act" : NULL);
	if (st->added) {
		jw_key(w, "added_note");
		ptext(o, PT_NOTE_ADDED_FIND);
	}
	jw_key(w, "app_kind");
	jw_str(w, VOCAB_APP_KINDS[st->kind]);
	jw_key(w, "app");
	id_or_null(w, c, st->app >= 0, st->app >= 0 ? c->apps[st->app].id : CAT_NONE);
	jw_key(w, "app_source");
	jw_str(w, SOURCE_NAMES[st->app_source]);
	jw_key(w, "write");
	jw_bool(w, st->write);
	jw_key(w, "documented");
	jw_bool(w, st->op != NULL);
	jw_key(w, "done_by");
	jw_str(w, st->state == SS_CALLER ? "caller" : "provider_operation");
	jw_key(w, "state");
	jw_str(w, STATE_NAMES[st->state]);
	jw_key(w, "operation");
	raw_or(w, c, x, x ? x->plan_view : CAT_NONE, "null");
	jw_key(w, "inputs");
	step_inputs(o, p, idx, planned);
	jw_key(w, "scope_alternatives");
	raw_or(w, c, x, x ? x->scopes : CAT_NONE, "null");
	step_grant(o, st);
	jw_key(w, "permission_context");
	if (x) view_raw(w, c, x->app_context);
	else app_context(w, c, st);
	jw_key(w, "operation_notes");
	raw_or(w, c, x, x ? x->notes : CAT_NONE, "[]");
	jw_key(w, "transformations");
	raw_or(w, c, x && cat_has(x->transformations), x ? x->transformations : CAT_NONE, "[]");
	jw_key(w, "input_from_step");
	if (prev >= 0) jw_int(w, prev);
	else jw_null(w);
	if (st->state == SS_NO_APP || st->state == SS_NOT_DOCUMENTED) {
		jw_key(w, "candidates");
		candidates(w, c, st);
	}
	jw_key(w, "note");
	step_note(o, st);
	if (p->evidence) {
		jw_key(w, "evidence");
		raw_or(w, c, st->op, st->op ? st->op->evidence : CAT_NONE, "null");
	}
	jw_obj_end(w);
}

/* The members that name a step: its capability, app and operation ids (null where there is none). */
static void step_ids(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	jw_key(w, "capability");
	view_str(w, c, c->caps[st->cap].id);
	jw_key(w, "app");
	id_or_null(w, c, st->app >= 0, st->app >= 0 ? c->apps[st->app].id : CAT_NONE);
	jw_key(w, "operation");
	id_or_null(w, c, st->op, st->op ? st->op->id : CAT_NONE);
}

/* {name, kind} of a product outside the catalog. */
static void product_ref(struct jw *w, const struct catalog *c, const struct cat_outside *x)
{
	jw_obj(w);
	jw_key(w, "name");
	view_str(w, c, x->name);
	jw_key(w, "kind");
	view_str(w, c, x->kind);
	jw_obj_end(w);
}

static void view_left_out(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	struct jw *w = o->w;
	jw_obj(w);
	step_ids(w, c, st);
	jw_key(w, "role");
	jw_str(w, st->role);
	jw_key(w, "reason");
	ptext(o, PT_LEFT_OUT_READ_ONLY);
	jw_obj_end(w);
}

/* A product step read_only leaves out: it writes into the product. */
static void product_left_out(const struct out *o, const struct plan_outside *pr)
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
	product_ref(w, c, &c->outside[pr->item]);
	jw_key(w, "role");
	jw_str(w, "target");
	jw_key(w, "reason");
	ptext(o, PT_LEFT_OUT_READ_ONLY);
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
	ptext(o, note);
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
		ptext(o, p->nsteps == 0 ? PT_NOT_USED_NOTHING_PLANNED : PT_NOT_USED_NO_STEP);
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

static void cover_array(struct jw *w, const struct plan *p)
{
	jw_arr(w);
	for (int k = 0; k < p->ncover; k++) jw_str(w, p->cover[k]);
	jw_arr_end(w);
}

/* The step a product outside the catalog stands for: done by the caller with the product's own interface,
 * documented by nothing here; the same members as every step. */
static void product_step(const struct out *o, const struct plan_outside *pr, int prev)
{
	const struct catalog *c = o->c;
	const struct cat_outside *x = &c->outside[pr->item];
	bool source = !plan_product_writes(pr);
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "capability");
	jw_null(w);
	jw_key(w, "title");
	text_then(o, source ? PT_STEP_PRODUCT_SOURCE : PT_STEP_PRODUCT_TARGET, NULL, (int)pr->item);
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
	product_ref(w, c, x);
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
	ptext(o, PT_NOTE_PRODUCT);
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
		if (!plan_product_writes(&r->products[k])) { product_step(o, &r->products[k], prev); prev = required++; }
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
			product_step(o, &r->products[k], prev);
			prev = required++;
		}
	jw_arr_end(o->w);
	return required;
}

/* What the status means; an unresolved request says why when it names what the catalog lacks. */
static void plan_status_text(const struct out *o, const struct plan *p)
{
	if (p->status == PS_UNRESOLVED && p->res.nactions) text_then(o, PT_STATUS_ACTION_OUTSIDE, &p->res, -1);
	else if (p->status == PS_UNRESOLVED && p->res.nproducts) ptext(o, PT_STATUS_UNRESOLVED_OUTSIDE);
	else ptext(o, (enum ptext)(PT_STATUS_UNRESOLVED + p->status));
}

void h_plan(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	struct jw *w = answer(hc, out);
	struct out o = out_for(hc, w);
	jw_key(w, "status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "status_text");
	plan_status_text(&o, &p);
	jw_key(w, "rules");
	rules_array(w, p.rules);
	jw_key(w, "task");
	view_task(&o, &p);
	jw_key(w, "read_only");
	jw_bool(w, p.read_only);
	jw_key(w, "steps");
	int documented = 0, tested = 0, required = plan_steps(&o, &p, &documented, &tested);
	jw_key(w, "left_out");
	jw_arr(w);
	for (int s = 0; s < p.nsteps; s++)
		if (p.steps[s].left_out) view_left_out(&o, &p, &p.steps[s]);
	for (int k = 0; p.nsteps && k < p.res.nproducts; k++)
		if (plan_product_left_out(&p, &p.res.products[k])) product_left_out(&o, &p.res.products[k]);
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
	cover_array(w, &p);
	jw_key(w, "apps");
	view_apps(&o, &p);
	jw_key(w, "runtime");
	view_runtime(&o, &p);
}

/* ---- row 6 ---- */

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
	const char *sc = op_scope(c, st->op, i);
	const struct cat_scope *r = plan_scope_rec(c, st->op, i);
	bool granted = false;
	for (int g = 0; g < p->ngranted; g++) granted |= strcmp(p->granted[g], sc) == 0;
	jw_obj(w);
	jw_key(w, "scope");
	jw_str(w, sc);
	jw_key(w, "privilege_rank");
	jw_int(w, r ? (int)r->rank : -1);
	jw_key(w, "reason");
	if (r) ctext(o, r->reason_text);
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
	return st->ask_for >= 0 ? plan_implied(c, st->op->app, sc, op_scope(c, st->op, st->ask_for)) : NULL;
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
			*instead = op_scope(c, st->op, st->ask_for);
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
			implied_source(o, m);
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
				strcmp(op_scope(c, st->op, st->ask_for), p->cover[k]) == 0;
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
	step_ids(w, c, st);
	jw_key(w, "added");
	jw_str(w, st->added ? "find_before_act" : NULL);
	jw_key(w, "write");
	jw_bool(w, st->write);
	jw_key(w, "works_on_existing_data");
	jw_bool(w, st->existing);
	jw_key(w, "state");
	jw_str(w, STATE_NAMES[st->state]);
	jw_key(w, "alternatives");
	alternatives(o, p, st);
	jw_key(w, "granted_scope");
	step_scope(w, c, st, st->granted);
	jw_key(w, "granted_via");
	granted_via(o, st);
	jw_key(w, "needed_scope");
	step_scope(w, c, st, st->ask_for);
	jw_key(w, "missing");
	jw_bool(w, st->state == SS_MISSING_SCOPE);
	if (st->app_created_skipped) {
		jw_key(w, "least_privilege_note");
		ptext(o, PT_REASON_EXISTING_DATA);
	}
	jw_key(w, "permission_context");
	app_context(w, c, st);
	jw_key(w, "operation_notes");
	account_notes(w, c, st);
	jw_key(w, "note");
	step_note(o, st);
	jw_obj_end(w);
}

void h_permissions(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	struct jw *w = answer(hc, out);
	struct out o = out_for(hc, w);
	const char *status;
	enum ptext text = permission_status(&p, &status);
	jw_key(w, "status");
	jw_str(w, status);
	jw_key(w, "status_text");
	ptext(&o, text);
	jw_key(w, "plan_status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "task");
	view_task(&o, &p);
	jw_key(w, "read_only");
	jw_bool(w, p.read_only);
	jw_key(w, "steps");
	jw_arr(w);
	for (int s = 0; s < p.nsteps; s++)
		if (!p.steps[s].left_out) permission_step(&o, &p, &p.steps[s]);
	jw_arr_end(w);
	jw_key(w, "minimal_scopes");
	cover_array(w, &p);
	jw_key(w, "missing_scopes");
	missing_scopes(w, &p);
	jw_key(w, "broader_than_needed");
	broader_than_needed(&o, &p);
	jw_key(w, "not_needed");
	not_needed(w, &p);
}

/* ---- row 12 ---- */

/* The scope list of an operation as a JSON array, null when the catalog documents none. */
static void scope_array(struct jw *w, const struct catalog *c, const struct cat_op *op)
{
	if (!op || op->scope_count == CAT_NONE) {
		jw_null(w);
		return;
	}
	jw_arr(w);
	for (uint32_t i = 0; i < op->scope_count; i++) view_str(w, c, c->lists[op->scope_first + i]);
	jw_arr_end(w);
}

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
	struct jw *w = answer(hc, out);
	struct out o = out_for(hc, w);
	jw_key(w, "status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "task");
	view_task(&o, &p);
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
	id_or_null(w, c, p.task >= 0, p.task >= 0 ? c->tasks[p.task].id : CAT_NONE);
	jw_key(w, "apps");
	snapshot_apps(w, c, &p);
	jw_key(w, "operations");
	snapshot_ops(w, c, &p);
	jw_obj_end(w);
}

/* ---- row 10 ---- */

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
	if (s->scopes) scope_array(o->w, o->c, s->scopes);
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
	ptext(o, ch->detail);
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
	struct out o = out_for(hc, NULL);
	collect_changes(&o, snap, &cs);
	int breaking = 0, compatible = 0, info = 0;
	for (int i = 0; i < cs.n; i++) {
		breaking += strcmp(cs.v[i].severity, "breaking") == 0;
		compatible += strcmp(cs.v[i].severity, "compatible") == 0;
		info += strcmp(cs.v[i].severity, "info") == 0;
	}
	struct jw *w = o.w = answer(hc, out);
	jw_key(w, "status");
	jw_str(w, breaking ? "breaking" : compatible ? "compatible" : info ? "info_only" : "unchanged");
	jw_key(w, "status_text");
	ptext(&o, breaking ? PT_IMPACT_BREAKING : compatible ? PT_IMPACT_COMPATIBLE
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
