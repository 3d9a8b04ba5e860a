/* The parts of a plan's answer that its four views share: languages and texts, the task and what the
 * query named, the members that name a step and explain its grant (docs/planner.md). */
#include "api/plan_view.h"
#include "api/views.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const PV_STATE_NAMES[] = { [SS_SATISFIED] = "satisfied", [SS_MISSING_SCOPE] = "missing_scope",
	[SS_SCOPES_UNKNOWN] = "scopes_unknown", [SS_CALLER] = "caller_side", [SS_NO_APP] = "no_app",
	[SS_NOT_DOCUMENTED] = "not_documented" };
const char *const PV_SOURCE_NAMES[] = { [AS_NONE] = NULL, [AS_TASK] = "task", [AS_REQUEST] = "request",
	[AS_QUERY] = "query", [AS_FAMILY] = "family" };

/* Starts the answer object and sets its language, for Content-Language (and Vary: Accept-Language). */
struct jw *pv_answer(const struct hctx *hc, struct reply *r)
{
	struct jw *w = reply_object(r);
	/* a copy, not snprintf: formatting two letters cost a thousand instructions a plan */
	const char *code = LANG_CODES[hc->langs[0]];
	size_t n = strlen(code) < sizeof r->language ? strlen(code) : sizeof r->language - 1;
	memcpy(r->language, code, n);
	r->language[n] = '\0';
	return w;
}

/* 0..100 as a JSON number with two decimals, serialised identically every time. */
static void percent(struct jw *w, int v)
{
	if (v < 0) v = 0;
	if (v > 100) v = 100;
	const char buf[4] = { (char)('0' + v / 100), '.', (char)('0' + v / 10 % 10), (char)('0' + v % 10) };
	jw_rawn(w, buf, sizeof buf);
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
	pv_id_or_null(w, c, by_family, by_family ? c->families[m->family].id : CAT_NONE);
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
		/* (a quoted name is understood: a name, no word of the request to report) */
		bool ignored = !r->matched[i] && !r->stop[i] && !r->app_word[i] && !r->arrow[i] && !r->action_word[i] && !r->quoted[i];
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
		if (x->action) view_str(w, c, x->name);
		else jw_str(w, pv_product_name(c, r, &v[k]));
		if (x->action) {
			jw_key(w, "title");
			pv_ctext(o, x->title_text);
		} else {
			jw_key(w, "kind");
			view_str(w, c, x->kind);
		}
		jw_key(w, "words");
		if (v[k].site) jw_str(w, r->sites[v[k].site - 1]);
		else span_words(w, r, v[k].first, v[k].nwords);
		if (!x->action) {
			jw_key(w, "role");
			jw_str(w, PLAN_ROLES[v[k].role]);
		} else {
			/* the capability the catalog documents for the action asked, which no task plans */
			jw_key(w, "capability");
			if (plan_action_untested(c, r, v[k].item)) view_str(w, c, c->caps[r->untested].id);
			else jw_null(w);
		}
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The `query` member of `task`: how the free text was read. */
/* The further action planned after the task's steps: [{words, capability, app}], or []. */
static void also_asked(const struct out *o, const struct plan_resolution *r)
{
	const struct catalog *c = o->c;
	struct jw *w = o->w;
	jw_arr(w);
	if (r->also_cap >= 0 && (r->by == BY_QUERY_TASK || r->by == BY_QUERY_CAPABILITIES)) {
		/* the verb that asks it, or the app written with no verb of its own ("to Google Drive and Google Sheets") */
		const struct plan_intent *in = r->also_intent >= 0 ? &r->intents[r->also_intent] : NULL;
		const struct plan_mention *m = in ? NULL : &r->mentions[r->also_mention];
		jw_obj(w);
		jw_key(w, "words");
		span_words(w, r, in ? in->first : m->first, in ? in->nwords : m->nwords);
		jw_key(w, "capability");
		view_str(w, c, c->caps[r->also_cap].id);
		jw_key(w, "app");
		pv_id_or_null(w, c, r->also_app >= 0, r->also_app >= 0 ? c->apps[r->also_app].id : CAT_NONE);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* The schedule the request names ("every day", "täglich"): {words, note}, or null. It changes no step: the
 * note says the caller runs the steps on it. */
static void schedule(const struct out *o, const struct plan_resolution *r)
{
	struct jw *w = o->w;
	if (!r->schedule_words) {
		jw_null(w);
		return;
	}
	jw_obj(w);
	jw_key(w, "words");
	span_words(w, r, r->schedule_first, r->schedule_words);
	jw_key(w, "note");
	pv_ptext(o, PT_QUERY_SCHEDULE);
	jw_obj_end(w);
}

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
	pv_id_or_null(w, c, r->task >= 0, r->task >= 0 ? c->tasks[r->task].id : CAT_NONE);
	jw_key(w, "score");
	jw_int(w, r->score);
	jw_key(w, "runner_up");
	pv_id_or_null(w, c, r->runner_up >= 0, r->runner_up >= 0 ? c->tasks[r->runner_up].id : CAT_NONE);
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
	jw_key(w, "also_asked");
	also_asked(o, r);
	jw_key(w, "schedule");
	schedule(o, r);
	jw_obj_end(w);
}

/* The `task` member: what was planned and how the request was read. */
void pv_task(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	const struct cat_task *tk = p->task >= 0 ? &c->tasks[p->task] : NULL;
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "id");
	pv_id_or_null(w, c, tk, tk ? tk->id : CAT_NONE);
	jw_key(w, "title");
	if (tk) pv_ctext(o, tk->title_text);
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
		pv_ptext(o, PT_QUERY_REBOUND);
	}
	if (r->equivalent) {
		jw_key(w, "equivalent_note");
		pv_ptext(o, PT_QUERY_EQUIVALENT);
	}
	if (r->nwords) {
		jw_key(w, "query");
		view_query(o, p);
	}
	jw_obj_end(w);
}

void pv_step_note(const struct out *o, const struct plan_step *st)
{
	switch (st->state) {
	case SS_CALLER: pv_ptext(o, PT_NOTE_CALLER_SIDE); return;
	case SS_NO_APP: pv_ptext(o, PT_NOTE_NO_APP); return;
	case SS_NOT_DOCUMENTED: pv_ptext(o, PT_NOTE_NOT_DOCUMENTED); return;
	case SS_SCOPES_UNKNOWN: pv_ptext(o, PT_NOTE_SCOPES_UNKNOWN); return;
	case SS_MISSING_SCOPE: pv_ptext(o, st->app_created_grant ? PT_NOTE_APP_CREATED_GRANT : PT_NOTE_MISSING_SCOPE); return;
	case SS_SATISFIED:
		if (st->granted_via) pv_ptext(o, PT_NOTE_IMPLIED);
		else jw_null(o->w);
		return;
	}
	jw_null(o->w);
}

void pv_account_notes(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	jw_arr(w);
	if (st->op && cat_has(st->op->permission_context)) view_str(w, c, st->op->permission_context);
	jw_arr_end(w);
}

/* {url, statement}: where the catalog documents an implication. */
void pv_implied_source(const struct out *o, const struct cat_implied *m)
{
	struct jw *w = o->w;
	jw_obj(w);
	jw_key(w, "url");
	view_str(w, o->c, m->url);
	jw_key(w, "statement");
	pv_ctext(o, m->statement_text);
	jw_obj_end(w);
}

/* {scope, includes, source: {url, statement}}: a grant that authorises by including an alternative. */
void pv_granted_via(const struct out *o, const struct plan_step *st)
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
	pv_implied_source(o, m);
	jw_obj_end(w);
}

/* An app's own permission context, for a step without an operation; null for none or the caller. */
void pv_app_context(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	pv_id_or_null(w, c, st->app >= 0 && st->kind != AK_CALLER, st->app >= 0 ? c->apps[st->app].permission_context : CAT_NONE);
}

/* The members that name a step: its capability, app and operation ids (null where there is none). */
void pv_step_ids(struct jw *w, const struct catalog *c, const struct plan_step *st)
{
	jw_key(w, "capability");
	view_str(w, c, c->caps[st->cap].id);
	jw_key(w, "app");
	pv_id_or_null(w, c, st->app >= 0, st->app >= 0 ? c->apps[st->app].id : CAT_NONE);
	jw_key(w, "operation");
	pv_id_or_null(w, c, st->op, st->op ? st->op->id : CAT_NONE);
}

void pv_cover_array(struct jw *w, const struct plan *p)
{
	jw_arr(w);
	for (int k = 0; k < p->ncover; k++) jw_str(w, p->cover[k]);
	jw_arr_end(w);
}

/* The scope list of an operation as a JSON array, null when the catalog documents none. */
void pv_scope_array(struct jw *w, const struct catalog *c, const struct cat_op *op)
{
	if (!op || op->scope_count == CAT_NONE) {
		jw_null(w);
		return;
	}
	jw_arr(w);
	for (uint32_t i = 0; i < op->scope_count; i++) view_str(w, c, c->lists[op->scope_first + i]);
	jw_arr_end(w);
}
