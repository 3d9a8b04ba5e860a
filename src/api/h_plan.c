/* Rows 2, 6, 12 and 10: plan a workflow, explain its permissions, snapshot it, and the impact of
 * catalog changes on a snapshot. The planning itself is src/planner; this file renders it. Every text
 * is an object with the languages of Accept-Language, most wanted first (docs/planner.md). */
#include "api/handlers.h"
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
};

static struct json_object *jstr_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static const char *op_scope(const struct catalog *c, const struct cat_op *op, int i)
{
	return i < 0 ? NULL : cat_s(c, c->lists[op->scope_first + (uint32_t)i]);
}

/* {"en": .., "de": ..} with the wanted languages only, most wanted first. */
static struct json_object *ltext(const struct out *o, const char *en, const char *de)
{
	struct json_object *t = json_object_new_object();
	for (int k = 0; k < o->hc->nlangs; k++) {
		if (o->hc->langs[k] == LANG_DE) jadd(t, "de", json_object_new_string(de));
		else jadd(t, "en", json_object_new_string(en));
	}
	return t;
}

static struct json_object *ptext(const struct out *o, enum ptext k)
{
	return ltext(o, cat_s(o->c, o->c->texts[k].en), cat_s(o->c, o->c->texts[k].de));
}

static struct json_object *ctext(const struct out *o, cat_str en, cat_str de)
{
	return ltext(o, cat_s(o->c, en), cat_s(o->c, de));
}

/* The answer's language, for Content-Language (and Vary: Accept-Language). */
static void reply_lang(const struct hctx *hc, struct reply *r, struct json_object *body)
{
	reply_ok(r, body);
	snprintf(r->language, sizeof r->language, "%s", LANG_CODES[hc->langs[0]]);
}

static struct json_object *rules_array(unsigned rules)
{
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < PS_COUNT; k++)
		if (rules & (1u << k)) json_object_array_add(a, json_object_new_string(PLAN_STATUS[k]));
	return a;
}

/* 0..100 as a JSON number with two decimals, serialised identically every time. */
static struct json_object *percent(int v)
{
	char buf[24];
	if (v < 0) v = 0;
	if (v > 100) v = 100;
	snprintf(buf, sizeof buf, "%d.%02d", v / 100, v % 100);
	return json_object_new_double_s(v / 100.0, buf);
}

/* The query's words [first, first + n) joined by spaces. */
static struct json_object *span_words(const struct plan_resolution *r, int first, int n)
{
	char buf[256];
	size_t o = 0;
	buf[0] = '\0';
	for (int i = first; i < first + n && i < r->nwords; i++)
		o += (size_t)snprintf(buf + o, o < sizeof buf ? sizeof buf - o : 0, "%s%s", i > first ? " " : "", r->words[i]);
	return json_object_new_string(buf);
}

/* Which words bound which app: explicit names, and a family's app for a step of its kind. */
static struct json_object *apps_named(const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		for (int q = 0; q < p->napps; q++) {
			int app = p->apps[q];
			bool named = m->app == app && p->app_src[q] == AS_QUERY;
			bool by_family = m->family >= 0 && p->app_src[q] == AS_FAMILY &&
				c->families[m->family].apps[c->apps[app].kind] == (uint32_t)app && ((p->apps_used >> app) & 1);
			if (!named && !by_family) continue;
			struct json_object *e = json_object_new_object();
			jadd(e, "app", json_object_new_string(cat_s(c, c->apps[app].id)));
			jadd(e, "words", span_words(r, m->first, m->nwords));
			jadd(e, "via", json_object_new_string(by_family ? "family" : "name"));
			jadd(e, "family", by_family ? json_object_new_string(cat_s(c, c->families[m->family].id)) : NULL);
			jadd(e, "role", jstr_or_null(PLAN_ROLES[m->role]));
			jadd(e, "typo", json_object_new_boolean(m->typo));
			json_object_array_add(a, e);
		}
	}
	return a;
}

static struct json_object *intents_named(const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < r->nintents; k++) {
		struct json_object *e = json_object_new_object(), *caps = json_object_new_array();
		uint64_t set = c->intents[r->intents[k].intent].caps;
		for (uint32_t cap = 0; cap < c->ncaps; cap++)
			if ((set >> cap) & 1) json_object_array_add(caps, json_object_new_string(cat_s(c, c->caps[cap].id)));
		jadd(e, "words", span_words(r, r->intents[k].first, r->intents[k].nwords));
		jadd(e, "capabilities", caps);
		jadd(e, "negated", json_object_new_boolean(r->intents[k].negated));
		json_object_array_add(a, e);
	}
	return a;
}

static struct json_object *task_list(const struct catalog *c, const int *tasks, int n)
{
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < n; k++) json_object_array_add(a, json_object_new_string(cat_s(c, c->tasks[tasks[k]].id)));
	return a;
}

/* The `query` member of `task`: how the free text was read. */
static struct json_object *view_query(const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	struct json_object *q = json_object_new_object(), *mw = json_object_new_array(), *kn = json_object_new_array(),
		*cn = json_object_new_array(), *ig = json_object_new_array();
	for (int i = 0; i < r->nwords; i++) {
		if (r->matched[i]) json_object_array_add(mw, json_object_new_string(r->words[i]));
		else if (!r->stop[i] && !r->app_word[i] && !r->arrow[i]) json_object_array_add(ig, json_object_new_string(r->words[i]));
	}
	for (int k = 0; k < AK_COUNT; k++)
		if (r->kinds & (1u << k)) json_object_array_add(kn, json_object_new_string(VOCAB_APP_KINDS[k]));
	for (int k = 0; k < r->ncaps; k++) json_object_array_add(cn, json_object_new_string(cat_s(c, c->caps[r->caps[k]].id)));
	jadd(q, "folded", json_object_new_string(r->folded));
	jadd(q, "matched_words", mw);
	jadd(q, "unmatched_words", ig);
	jadd(q, "apps_named", apps_named(p));
	jadd(q, "app_kinds_named", kn);
	jadd(q, "intents_named", intents_named(p));
	jadd(q, "capabilities_named", cn);
	jadd(q, "best_task", r->task >= 0 ? json_object_new_string(cat_s(c, c->tasks[r->task].id)) : NULL);
	jadd(q, "score", json_object_new_int(r->score));
	jadd(q, "runner_up", r->runner_up >= 0 ? json_object_new_string(cat_s(c, c->tasks[r->runner_up].id)) : NULL);
	jadd(q, "runner_up_score", json_object_new_int(r->runner_up_score));
	jadd(q, "candidates", task_list(c, r->candidates, r->equivalent ? 0 : r->ncandidates));
	jadd(q, "equivalent_tasks", task_list(c, r->candidates, r->equivalent ? r->ncandidates : 0));
	jadd(q, "used", json_object_new_boolean(r->by == BY_QUERY_TASK || r->by == BY_QUERY_CAPABILITIES));
	return q;
}

/* The `task` member: what was planned and how the request was read. */
static struct json_object *view_task(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	struct json_object *t = json_object_new_object();
	const struct cat_task *tk = p->task >= 0 ? &c->tasks[p->task] : NULL;
	jadd(t, "id", tk ? json_object_new_string(cat_s(c, tk->id)) : NULL);
	jadd(t, "title", tk ? ctext(o, tk->title_en, tk->title_de) : NULL);
	jadd(t, "generic", tk ? json_object_new_boolean((int)tk->generic) : NULL);
	jadd(t, "kind", json_object_new_string(tk ? "task"
		: r->by == BY_QUERY_CAPABILITIES ? "capability_chain" : r->by == BY_QUERY_AMBIGUOUS ? "ambiguous" : "none"));
	jadd(t, "resolved_by", json_object_new_string(r->by == BY_TASK_ID ? "task_id"
		: r->by == BY_NONE ? "none" : "query"));
	jadd(t, "confidence", percent(r->confidence));
	jadd(t, "apps_rebound", json_object_new_boolean(p->rebound));
	if (p->rebound) jadd(t, "apps_rebound_note", ptext(o, PT_QUERY_REBOUND));
	if (r->equivalent) jadd(t, "equivalent_note", ptext(o, PT_QUERY_EQUIVALENT));
	if (r->nwords) jadd(t, "query", view_query(p));
	return t;
}

static struct json_object *step_note(const struct out *o, const struct plan_step *st)
{
	switch (st->state) {
	case SS_CALLER: return ptext(o, PT_NOTE_CALLER_SIDE);
	case SS_NO_APP: return ptext(o, PT_NOTE_NO_APP);
	case SS_NOT_DOCUMENTED: return ptext(o, PT_NOTE_NOT_DOCUMENTED);
	case SS_SCOPES_UNKNOWN: return ptext(o, PT_NOTE_SCOPES_UNKNOWN);
	case SS_MISSING_SCOPE: return ptext(o, st->app_created_grant ? PT_NOTE_APP_CREATED_GRANT : PT_NOTE_MISSING_SCOPE);
	case SS_SATISFIED: return st->granted_via ? ptext(o, PT_NOTE_IMPLIED) : NULL;
	}
	return NULL;
}

/* Apps of the step's kind that document its capability. */
static struct json_object *candidates(const struct catalog *c, const struct plan_step *st)
{
	struct json_object *a = json_object_new_array();
	const struct cat_cap *cap = &c->caps[st->cap];
	for (uint32_t k = 0; k < cap->op_count; k++)
		json_object_array_add(a, json_object_new_string(cat_s(c, c->apps[c->ops[c->lists[cap->op_first + k]].app].id)));
	return a;
}

static struct json_object *account_notes(const struct catalog *c, const struct plan_step *st)
{
	struct json_object *a = json_object_new_array();
	if (st->op && cat_has(st->op->permission_context))
		json_object_array_add(a, json_object_new_string(cat_s(c, st->op->permission_context)));
	return a;
}

/* {scope, includes, source: {url, statement}}: a grant that authorises by including an alternative. */
static struct json_object *granted_via(const struct out *o, const struct plan_step *st)
{
	if (!st->granted_via) return NULL;
	const struct cat_implied *m = &o->c->implied[st->implied];
	struct json_object *g = json_object_new_object(), *src = json_object_new_object();
	jadd(g, "scope", json_object_new_string(st->granted_via));
	jadd(g, "includes", json_object_new_string(cat_s(o->c, m->narrower)));
	jadd(src, "url", json_object_new_string(cat_s(o->c, m->url)));
	jadd(src, "statement", ctext(o, m->statement_en, m->statement_de));
	jadd(g, "source", src);
	return g;
}

/* Index among planned steps (left-out ones do not count) of every step. */
static void planned_indices(const struct plan *p, int *planned)
{
	for (int s = 0, n = 0; s < p->nsteps; s++) planned[s] = p->steps[s].left_out ? -1 : n++;
}

/* The identifiers and other inputs the step's operation needs, and where each comes from. */
static struct json_object *step_inputs(const struct out *o, const struct plan *p, int s, const int *planned)
{
	const struct catalog *c = o->c;
	const struct plan_step *st = &p->steps[s];
	struct json_object *a = json_object_new_array();
	if (!st->op) return a;
	const struct cat_opx *x = &c->opx[st->op - c->ops];
	for (uint32_t k = 0; k < x->input_count; k++) {
		const struct cat_input *in = &c->inputs[x->input_first + k];
		int from = -1;
		for (int q = s - 1; q >= 0 && from < 0 && in->found_by != CAT_NONE; q--)
			if (p->steps[q].app == st->app && p->steps[q].cap == in->found_by && planned[q] >= 0) from = planned[q];
		const char *by = from >= 0 ? "step" : cat_has(in->fixed) ? "fixed_value" : "caller";
		struct json_object *e = json_object_new_object();
		jadd(e, "name", json_object_new_string(cat_s(c, in->name)));
		if (in->occurrence > 1) jadd(e, "occurrence", json_object_new_int((int)in->occurrence));
		jadd(e, "what", ctext(o, in->what_en, in->what_de));
		jadd(e, "supplied_by", json_object_new_string(by));
		jadd(e, "from_step", from >= 0 ? json_object_new_int(from) : NULL);
		jadd(e, "value", cat_has(in->fixed) ? json_object_new_string(cat_s(c, in->fixed)) : NULL);
		jadd(e, "where", ctext(o, in->where_en, in->where_de));
		jadd(e, "note", ptext(o, from >= 0 ? PT_INPUT_FROM_STEP : cat_has(in->fixed) ? PT_INPUT_FIXED : PT_INPUT_CALLER));
		json_object_array_add(a, e);
	}
	return a;
}

static struct json_object *view_step(const struct out *o, const struct plan *p, int idx, int prev, const int *planned)
{
	const struct catalog *c = p->cat;
	const struct plan_step *st = &p->steps[idx];
	const struct cat_cap *cap = &c->caps[st->cap];
	struct json_object *s = json_object_new_object();
	jadd(s, "capability", json_object_new_string(cat_s(c, cap->id)));
	const struct cat_opx *x = st->op ? &c->opx[st->op - c->ops] : NULL;
	jadd(s, "title", ctext(o, cap->title_en, cap->title_de));
	jadd(s, "role", json_object_new_string(st->role));
	jadd(s, "added", st->added ? json_object_new_string("find_before_act") : NULL);
	if (st->added) jadd(s, "added_note", ptext(o, PT_NOTE_ADDED_FIND));
	jadd(s, "app_kind", json_object_new_string(VOCAB_APP_KINDS[st->kind]));
	jadd(s, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
	jadd(s, "app_source", jstr_or_null(SOURCE_NAMES[st->app_source]));
	jadd(s, "write", json_object_new_boolean(st->write));
	jadd(s, "documented", json_object_new_boolean(st->op != NULL));
	jadd(s, "done_by", json_object_new_string(st->state == SS_CALLER ? "caller" : "provider_operation"));
	jadd(s, "state", json_object_new_string(STATE_NAMES[st->state]));
	jadd(s, "operation", x ? json_raw(cat_s(c, x->plan_view)) : NULL);
	jadd(s, "inputs", step_inputs(o, p, idx, planned));
	jadd(s, "scope_alternatives", x ? json_raw(cat_s(c, x->scopes)) : NULL);
	jadd(s, "granted_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->granted)) : NULL);
	jadd(s, "granted_via", granted_via(o, st));
	bool ask = st->state == SS_MISSING_SCOPE && st->ask_for >= 0;
	const struct cat_scope *ar = ask ? plan_scope_rec(c, st->op, st->ask_for) : NULL;
	jadd(s, "ask_for", ask ? json_object_new_string(op_scope(c, st->op, st->ask_for)) : NULL);
	jadd(s, "ask_for_reason", ar ? ctext(o, ar->reason, ar->reason_de) : NULL);
	if (st->app_created_skipped) jadd(s, "least_privilege_note", ptext(o, PT_REASON_EXISTING_DATA));
	jadd(s, "permission_context", x ? json_raw(cat_s(c, x->app_context))
		: st->app >= 0 && st->kind != AK_CALLER ? json_object_new_string(cat_s(c, c->apps[st->app].permission_context)) : NULL);
	jadd(s, "operation_notes", x ? json_raw(cat_s(c, x->notes)) : json_object_new_array());
	jadd(s, "transformations", x && cat_has(x->transformations)
		? json_raw(cat_s(c, x->transformations)) : json_object_new_array());
	jadd(s, "input_from_step", prev >= 0 ? json_object_new_int(prev) : NULL);
	if (st->state == SS_NO_APP || st->state == SS_NOT_DOCUMENTED) jadd(s, "candidates", candidates(c, st));
	jadd(s, "note", step_note(o, st));
	if (p->evidence) jadd(s, "evidence", st->op ? json_raw(cat_s(c, st->op->evidence)) : NULL);
	return s;
}

static struct json_object *view_left_out(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	struct json_object *l = json_object_new_object();
	jadd(l, "capability", json_object_new_string(cat_s(c, c->caps[st->cap].id)));
	jadd(l, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
	jadd(l, "operation", st->op ? json_object_new_string(cat_s(c, st->op->id)) : NULL);
	jadd(l, "role", json_object_new_string(st->role));
	jadd(l, "reason", ptext(o, PT_LEFT_OUT_READ_ONLY));
	return l;
}

static struct json_object *view_runtime(const struct out *o, const struct plan *p)
{
	struct json_object *r = json_object_new_object();
	const char *status;
	enum ptext note;
	if (strcmp(p->runtime, "local") == 0) { status = "satisfied"; note = PT_RUNTIME_LOCAL; }
	else if (strcmp(p->runtime, "remote") == 0) { status = "unknown"; note = PT_RUNTIME_REMOTE; }
	else { status = "not_constrained"; note = PT_RUNTIME_ANY; }
	jadd(r, "requested", json_object_new_string(p->runtime));
	jadd(r, "status", json_object_new_string(status));
	jadd(r, "note", ptext(o, note));
	return r;
}

static struct json_object *view_apps(const struct out *o, const struct plan *p)
{
	const struct catalog *c = p->cat;
	struct json_object *a = json_object_new_object(), *bound = json_object_new_array(), *unused = json_object_new_array();
	for (uint32_t k = 0; k < c->napps; k++)
		if (p->apps_used & (1ull << k)) json_object_array_add(bound, json_object_new_string(cat_s(c, c->apps[k].id)));
	for (int k = 0; k < p->napps; k++) {
		int app = p->apps[k];
		bool bound_somewhere = false;
		for (int s = 0; s < p->nsteps; s++) bound_somewhere |= p->steps[s].app == app;
		/* a family's apps of kinds no step needs were never asked for */
		if (bound_somewhere || p->app_src[k] == AS_FAMILY) continue;
		struct json_object *u = json_object_new_object();
		jadd(u, "app", json_object_new_string(cat_s(c, c->apps[app].id)));
		jadd(u, "reason", ptext(o, p->nsteps == 0 ? PT_NOT_USED_NOTHING_PLANNED : PT_NOT_USED_NO_STEP));
		json_object_array_add(unused, u);
	}
	jadd(a, "bound", bound);
	jadd(a, "not_used", unused);
	return a;
}

static struct json_object *cover_array(const struct plan *p)
{
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < p->ncover; k++) json_object_array_add(a, json_object_new_string(p->cover[k]));
	return a;
}

void h_plan(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	struct out o = { .c = hc->cat, .hc = hc };
	struct json_object *r = json_object_new_object(), *steps = json_object_new_array(),
		*left = json_object_new_array(), *cov = json_object_new_object();
	int documented = 0, tested = 0, required = 0, prev = -1, planned[PLAN_MAX_STEPS];
	planned_indices(&p, planned);
	for (int s = 0; s < p.nsteps; s++) {
		const struct plan_step *st = &p.steps[s];
		if (st->left_out) { json_object_array_add(left, view_left_out(&o, &p, st)); continue; }
		json_object_array_add(steps, view_step(&o, &p, s, prev, planned));
		prev = required++;
		if (st->op) {
			documented++;
			tested += (int)hc->cat->opx[st->op - hc->cat->ops].tested;
		}
	}
	jadd(cov, "documented", json_object_new_int(documented));
	jadd(cov, "required", json_object_new_int(required));
	jadd(cov, "practically_tested", json_object_new_int(tested));
	jadd(r, "status", json_object_new_string(PLAN_STATUS[p.status]));
	jadd(r, "status_text", ptext(&o, (enum ptext)(PT_STATUS_UNRESOLVED + p.status)));
	jadd(r, "rules", rules_array(p.rules));
	jadd(r, "task", view_task(&o, &p));
	jadd(r, "read_only", json_object_new_boolean(p.read_only));
	jadd(r, "steps", steps);
	jadd(r, "left_out", left);
	jadd(r, "coverage", cov);
	jadd(r, "minimal_scopes", cover_array(&p));
	jadd(r, "apps", view_apps(&o, &p));
	jadd(r, "runtime", view_runtime(&o, &p));
	reply_lang(hc, out, r);
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

static struct json_object *alternatives(const struct out *o, const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	if (!st->op || st->op->scope_count == CAT_NONE) return NULL;
	int order[64], n = (int)st->op->scope_count < 64 ? (int)st->op->scope_count : 64;
	for (int i = 0; i < n; i++) order[i] = i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && plan_scope_rank(c, st->op, order[j]) < plan_scope_rank(c, st->op, order[j - 1]); j--) {
			int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	struct json_object *a = json_object_new_array();
	for (int k = 0; k < n; k++) {
		const char *sc = op_scope(c, st->op, order[k]);
		const struct cat_scope *r = plan_scope_rec(c, st->op, order[k]);
		bool granted = false;
		for (int g = 0; g < p->ngranted; g++) granted |= strcmp(p->granted[g], sc) == 0;
		struct json_object *e = json_object_new_object();
		jadd(e, "scope", json_object_new_string(sc));
		jadd(e, "privilege_rank", json_object_new_int(r ? (int)r->rank : -1));
		jadd(e, "reason", r ? ctext(o, r->reason, r->reason_de) : NULL);
		jadd(e, "suggested", json_object_new_boolean(r && r->suggest));
		jadd(e, "sees_existing_data", json_object_new_boolean(!(r && r->app_created)));
		jadd(e, "granted", json_object_new_boolean(granted));
		json_object_array_add(a, e);
	}
	return a;
}

/* The implication that documents granted scope sc as including what step st needs, or NULL. */
static const struct cat_implied *includes_needed(const struct catalog *c, const struct plan_step *st, const char *sc)
{
	return st->ask_for >= 0 ? plan_implied(c, st->op->app, sc, op_scope(c, st->op, st->ask_for)) : NULL;
}

static void add_broader(const struct out *o, struct json_object *broader, const char *sc, const char *instead,
	const struct cat_implied *m)
{
	struct json_object *e = json_object_new_object();
	jadd(e, "scope", json_object_new_string(sc));
	jadd(e, "enough", json_object_new_string(instead));
	if (m) {
		struct json_object *src = json_object_new_object();
		jadd(src, "url", json_object_new_string(cat_s(o->c, m->url)));
		jadd(src, "statement", ctext(o, m->statement_en, m->statement_de));
		jadd(e, "includes_source", src);
	}
	json_object_array_add(broader, e);
}

/* Granted scopes against the minimal cover: broader than needed, or needed by no step at all. */
static void granted_review(const struct out *o, const struct plan *p, struct json_object *broader, struct json_object *unneeded)
{
	const struct catalog *c = p->cat;
	for (int g = 0; g < p->ngranted; g++) {
		const char *sc = p->granted[g], *instead = NULL;
		const struct cat_implied *m = NULL;
		bool used = false, in_cover = false;
		for (int k = 0; k < p->ncover; k++) in_cover |= strcmp(p->cover[k], sc) == 0;
		for (int s = 0; s < p->nsteps; s++) {
			const struct plan_step *st = &p->steps[s];
			if (st->left_out || !st->op) continue;
			int i = plan_op_scope_index(c, st->op, sc);
			bool via = st->granted_via && strcmp(st->granted_via, sc) == 0;
			if (i < 0 && !via) continue;
			used = true;
			if (!in_cover && st->ask_for >= 0 && (via || plan_scope_rank(c, st->op, i) > plan_scope_rank(c, st->op, st->ask_for))) {
				instead = op_scope(c, st->op, st->ask_for);
				m = includes_needed(c, st, sc);
			}
		}
		if (!used) json_object_array_add(unneeded, json_object_new_string(sc));
		else if (instead) add_broader(o, broader, sc, instead, m);
	}
}

void h_permissions(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	const struct catalog *c = hc->cat;
	struct out o = { .c = c, .hc = hc };
	struct json_object *r = json_object_new_object(), *steps = json_object_new_array();
	for (int s = 0; s < p.nsteps; s++) {
		const struct plan_step *st = &p.steps[s];
		if (st->left_out) continue;
		struct json_object *e = json_object_new_object();
		jadd(e, "capability", json_object_new_string(cat_s(c, c->caps[st->cap].id)));
		jadd(e, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
		jadd(e, "operation", st->op ? json_object_new_string(cat_s(c, st->op->id)) : NULL);
		jadd(e, "added", st->added ? json_object_new_string("find_before_act") : NULL);
		jadd(e, "write", json_object_new_boolean(st->write));
		jadd(e, "works_on_existing_data", json_object_new_boolean(st->existing));
		jadd(e, "state", json_object_new_string(STATE_NAMES[st->state]));
		jadd(e, "alternatives", alternatives(&o, &p, st));
		jadd(e, "granted_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->granted)) : NULL);
		jadd(e, "granted_via", granted_via(&o, st));
		jadd(e, "needed_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->ask_for)) : NULL);
		jadd(e, "missing", json_object_new_boolean(st->state == SS_MISSING_SCOPE));
		if (st->app_created_skipped) jadd(e, "least_privilege_note", ptext(&o, PT_REASON_EXISTING_DATA));
		jadd(e, "permission_context", st->app >= 0 && st->kind != AK_CALLER
			? json_object_new_string(cat_s(c, c->apps[st->app].permission_context)) : NULL);
		jadd(e, "operation_notes", account_notes(c, st));
		jadd(e, "note", step_note(&o, st));
		json_object_array_add(steps, e);
	}
	struct json_object *broader = json_object_new_array(), *unneeded = json_object_new_array(),
		*missing = json_object_new_array();
	granted_review(&o, &p, broader, unneeded);
	/* scopes of the minimal set that some unauthorised step is waiting for */
	for (int k = 0; k < p.ncover; k++) {
		bool needed = false;
		for (int s = 0; s < p.nsteps && !needed; s++) {
			const struct plan_step *st = &p.steps[s];
			needed = !st->left_out && st->state == SS_MISSING_SCOPE && st->ask_for >= 0 &&
				strcmp(op_scope(c, st->op, st->ask_for), p.cover[k]) == 0;
		}
		if (needed) json_object_array_add(missing, json_object_new_string(p.cover[k]));
	}
	const char *status;
	enum ptext text = permission_status(&p, &status);
	jadd(r, "status", json_object_new_string(status));
	jadd(r, "status_text", ptext(&o, text));
	jadd(r, "plan_status", json_object_new_string(PLAN_STATUS[p.status]));
	jadd(r, "task", view_task(&o, &p));
	jadd(r, "read_only", json_object_new_boolean(p.read_only));
	jadd(r, "steps", steps);
	jadd(r, "minimal_scopes", cover_array(&p));
	jadd(r, "missing_scopes", missing);
	jadd(r, "broader_than_needed", broader);
	jadd(r, "not_needed", unneeded);
	reply_lang(hc, out, r);
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

/* The writer's counterpart of ltext: texts in the wanted languages, most wanted first. */
static void w_ctext(const struct out *o, cat_str en, cat_str de)
{
	struct jw *w = o->w;
	jw_obj(w);
	for (int k = 0; k < o->hc->nlangs; k++) {
		if (o->hc->langs[k] == LANG_DE) {
			jw_key(w, "de");
			view_str(w, o->c, de);
		} else {
			jw_key(w, "en");
			view_str(w, o->c, en);
		}
	}
	jw_obj_end(w);
}

static void w_ptext(const struct out *o, enum ptext k)
{
	w_ctext(o, o->c->texts[k].en, o->c->texts[k].de);
}

/* Starts the answer object and sets its language, for Content-Language (and Vary: Accept-Language). */
static struct jw *answer(const struct hctx *hc, struct reply *r)
{
	struct jw *w = reply_object(r);
	snprintf(r->language, sizeof r->language, "%s", LANG_CODES[hc->langs[0]]);
	return w;
}

/* The `task` member written from its json-c view. */
static void w_task(const struct out *o, const struct plan *p)
{
	struct json_object *t = view_task(o, p);
	jw_json(o->w, t);
	json_object_put(t);
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
	struct out o = { .c = c, .hc = hc, .w = w };
	jw_key(w, "status");
	jw_str(w, PLAN_STATUS[p.status]);
	jw_key(w, "task");
	w_task(&o, &p);
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
	if (p.task >= 0) view_str(w, c, c->tasks[p.task].id);
	else jw_null(w);
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
	w_ptext(o, ch->detail);
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
	const struct catalog *c = hc->cat;
	struct json_object *snap = jget(in, "snapshot");
	size_t n = json_object_array_length(jget(snap, "operations"));
	/* the schema bounds the operations (200), so the array is bounded too */
	struct changes cs = { .cap = 2 + CHANGES_PER_OP * (int)n };
	cs.v = malloc((size_t)cs.cap * sizeof *cs.v);
	if (!cs.v) {
		reply_error(out, 500, "internal_error", NULL, NULL, "out of memory");
		return;
	}
	struct out o = { .c = c, .hc = hc };
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
	w_ptext(&o, breaking ? PT_IMPACT_BREAKING : compatible ? PT_IMPACT_COMPATIBLE
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
