/* Rows 2, 6, 12 and 10: plan a workflow, explain its permissions, snapshot it, and the impact of
 * catalog changes on a snapshot. The planning itself is plan.c; this file renders it. */
#include "api/handlers.h"
#include "util/jsonutil.h"
#include "planner/plan.h"
#include "api/views.h"
#include "catalog/vocab.h"

#include <stdio.h>
#include <string.h>

static const char *const STATE_NAMES[] = { [SS_SATISFIED] = "satisfied", [SS_MISSING_SCOPE] = "missing_scope",
	[SS_SCOPES_UNKNOWN] = "scopes_unknown", [SS_CALLER] = "caller_side", [SS_NO_APP] = "no_app",
	[SS_NOT_DOCUMENTED] = "not_documented" };
static const char *const SOURCE_NAMES[] = { [AS_NONE] = NULL, [AS_TASK] = "task", [AS_REQUEST] = "request",
	[AS_QUERY] = "query" };

static struct json_object *jstr_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static const char *op_scope(const struct catalog *c, const struct cat_op *op, int i)
{
	return i < 0 ? NULL : cat_s(c, c->lists[op->scope_first + (uint32_t)i]);
}

/* One sentence per status: what it means for the caller. */
static const char *const STATUS_TEXT[] = {
	[PS_UNRESOLVED] = "Nothing to plan: no task_id was given and the query matched no task or capability. Name a task_id (see /v2/tasks) or rephrase.",
	[PS_AMBIGUOUS] = "The query fits several tasks equally well (task.query.candidates): nothing is guessed; name a task_id or add words that tell them apart.",
	[PS_READ_ONLY_CONFLICT] = "read_only removed write steps (see left_out): the task cannot be completed read-only; the remaining steps are planned.",
	[PS_NEEDS_APPS] = "A step needs an app of its kind: add one to apps (each such step lists candidates).",
	[PS_PARTIAL] = "A bound app documents no operation for a step's capability: choose another app for it (see candidates).",
	[PS_NEEDS_SCOPES] = "Some steps are not authorised by the granted scopes: ask for each step's ask_for (minimal_scopes covers the whole task).",
	[PS_SCOPES_UNKNOWN] = "The catalog records no scopes for some operations: whether the grant suffices is unknown.",
	[PS_CALLER_SIDE_STEPS] = "Every provider step is authorised; some steps are done on the caller's side and are not documented by any provider.",
	[PS_READY] = "Every step is a documented provider operation that the granted scopes authorise.",
};

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

/* The `task` member: what was planned and how the request was read. */
static struct json_object *view_task(const struct plan *p)
{
	const struct catalog *c = p->cat;
	const struct plan_resolution *r = &p->res;
	struct json_object *o = json_object_new_object();
	const struct cat_task *t = p->task >= 0 ? &c->tasks[p->task] : NULL;
	jadd(o, "id", t ? json_object_new_string(cat_s(c, t->id)) : NULL);
	jadd(o, "title", t ? view_text(c, t->title_en, t->title_de) : NULL);
	jadd(o, "generic", t ? json_object_new_boolean((int)t->generic) : NULL);
	jadd(o, "kind", json_object_new_string(t ? "task"
		: r->by == BY_QUERY_CAPABILITIES ? "capability_chain" : r->by == BY_QUERY_AMBIGUOUS ? "ambiguous" : "none"));
	jadd(o, "resolved_by", json_object_new_string(r->by == BY_TASK_ID ? "task_id"
		: r->by == BY_NONE ? "none" : "query"));
	jadd(o, "confidence", percent(r->confidence));
	if (r->nwords) {
		struct json_object *q = json_object_new_object(), *mw = json_object_new_array(),
			*an = json_object_new_array(), *kn = json_object_new_array(), *cn = json_object_new_array(),
			*ig = json_object_new_array();
		for (int i = 0; i < r->nwords; i++) {
			if (r->matched[i]) json_object_array_add(mw, json_object_new_string(r->words[i]));
			else if (!r->stop[i] && !r->app_word[i]) json_object_array_add(ig, json_object_new_string(r->words[i]));
		}
		for (int k = 0; k < r->napps; k++) json_object_array_add(an, json_object_new_string(cat_s(c, c->apps[r->apps[k]].id)));
		for (int k = 0; k < AK_COUNT; k++)
			if (r->kinds & (1u << k)) json_object_array_add(kn, json_object_new_string(VOCAB_APP_KINDS[k]));
		for (int k = 0; k < r->ncaps; k++) json_object_array_add(cn, json_object_new_string(cat_s(c, c->caps[r->caps[k]].id)));
		jadd(q, "folded", json_object_new_string(r->folded));
		jadd(q, "matched_words", mw);
		jadd(q, "unmatched_words", ig);
		jadd(q, "apps_named", an);
		jadd(q, "app_kinds_named", kn);
		jadd(q, "capabilities_named", cn);
		jadd(q, "best_task", r->task >= 0 ? json_object_new_string(cat_s(c, c->tasks[r->task].id)) : NULL);
		jadd(q, "score", json_object_new_int(r->score));
		jadd(q, "runner_up", r->runner_up >= 0 ? json_object_new_string(cat_s(c, c->tasks[r->runner_up].id)) : NULL);
		jadd(q, "runner_up_score", json_object_new_int(r->runner_up_score));
		struct json_object *cand = json_object_new_array();
		for (int k = 0; k < r->ncandidates; k++)
			json_object_array_add(cand, json_object_new_string(cat_s(c, c->tasks[r->candidates[k]].id)));
		jadd(q, "candidates", cand);
		jadd(q, "used", json_object_new_boolean(r->by == BY_QUERY_TASK || r->by == BY_QUERY_CAPABILITIES));
		jadd(o, "query", q);
	}
	return o;
}

static const char *step_note(const struct plan *p, const struct plan_step *st)
{
	switch (st->state) {
	case SS_CALLER: return "Not documented by any provider operation in the catalog: the caller does this step itself, and nothing here has tested it.";
	case SS_NO_APP: return "No app of this kind was given: add one to apps (see candidates).";
	case SS_NOT_DOCUMENTED: return "The bound app documents no operation for this capability.";
	case SS_SCOPES_UNKNOWN: return "The catalog records no scope list for this operation; which grant suffices is unknown.";
	case SS_MISSING_SCOPE: return "None of the granted scopes authorises this operation: ask for ask_for.";
	case SS_SATISFIED: return NULL;
	}
	(void)p;
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

static struct json_object *scope_list(const struct catalog *c, const struct cat_op *op)
{
	if (!op || op->scope_count == CAT_NONE) return NULL;
	struct json_object *a = json_object_new_array();
	for (uint32_t i = 0; i < op->scope_count; i++)
		json_object_array_add(a, json_object_new_string(cat_s(c, c->lists[op->scope_first + i])));
	return a;
}

static struct json_object *account_notes(const struct catalog *c, const struct plan_step *st)
{
	struct json_object *a = json_object_new_array();
	if (st->op && cat_has(st->op->permission_context))
		json_object_array_add(a, json_object_new_string(cat_s(c, st->op->permission_context)));
	return a;
}

static struct json_object *view_step(const struct plan *p, int idx, int prev)
{
	const struct catalog *c = p->cat;
	const struct plan_step *st = &p->steps[idx];
	const struct cat_cap *cap = &c->caps[st->cap];
	struct json_object *o = json_object_new_object();
	jadd(o, "capability", json_object_new_string(cat_s(c, cap->id)));
	const struct cat_opx *x = st->op ? &c->opx[st->op - c->ops] : NULL;
	jadd(o, "title", x ? json_raw(cat_s(c, x->cap_title)) : view_text(c, cap->title_en, cap->title_de));
	jadd(o, "role", json_object_new_string(st->role));
	jadd(o, "app_kind", json_object_new_string(VOCAB_APP_KINDS[st->kind]));
	jadd(o, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
	jadd(o, "app_source", jstr_or_null(SOURCE_NAMES[st->app_source]));
	jadd(o, "write", json_object_new_boolean(st->write));
	jadd(o, "documented", json_object_new_boolean(st->op != NULL));
	jadd(o, "done_by", json_object_new_string(st->state == SS_CALLER ? "caller" : "provider_operation"));
	jadd(o, "state", json_object_new_string(STATE_NAMES[st->state]));
	jadd(o, "operation", x ? json_raw(cat_s(c, x->plan_view)) : NULL);
	jadd(o, "scope_alternatives", x ? json_raw(cat_s(c, x->scopes)) : NULL);
	jadd(o, "granted_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->granted)) : NULL);
	bool ask = st->state == SS_MISSING_SCOPE && st->ask_for >= 0;
	const struct cat_scope *ar = ask ? cat_scope_find(c, st->op->app, op_scope(c, st->op, st->ask_for)) : NULL;
	jadd(o, "ask_for", ask ? json_object_new_string(op_scope(c, st->op, st->ask_for)) : NULL);
	jadd(o, "ask_for_reason", ar ? json_object_new_string(cat_s(c, ar->reason)) : NULL);
	jadd(o, "permission_context", x ? json_raw(cat_s(c, x->app_context))
		: st->app >= 0 && st->kind != AK_CALLER ? json_object_new_string(cat_s(c, c->apps[st->app].permission_context)) : NULL);
	jadd(o, "operation_notes", x ? json_raw(cat_s(c, x->notes)) : json_object_new_array());
	jadd(o, "transformations", x && cat_has(x->transformations)
		? json_raw(cat_s(c, x->transformations)) : json_object_new_array());
	jadd(o, "input_from_step", prev >= 0 ? json_object_new_int(prev) : NULL);
	if (st->state == SS_NO_APP || st->state == SS_NOT_DOCUMENTED) jadd(o, "candidates", candidates(c, st));
	jadd(o, "note", jstr_or_null(step_note(p, st)));
	if (p->evidence) jadd(o, "evidence", st->op ? json_raw(cat_s(c, st->op->evidence)) : NULL);
	return o;
}

static struct json_object *view_left_out(const struct plan *p, const struct plan_step *st)
{
	const struct catalog *c = p->cat;
	struct json_object *o = json_object_new_object();
	jadd(o, "capability", json_object_new_string(cat_s(c, c->caps[st->cap].id)));
	jadd(o, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
	jadd(o, "operation", st->op ? json_object_new_string(cat_s(c, st->op->id)) : NULL);
	jadd(o, "role", json_object_new_string(st->role));
	jadd(o, "reason", json_object_new_string("write step; read_only is true"));
	return o;
}

static struct json_object *view_runtime(const struct plan *p)
{
	struct json_object *o = json_object_new_object();
	const char *status, *note;
	if (strcmp(p->runtime, "local") == 0) {
		status = "satisfied";
		note = "Every documented step is an HTTP call the caller makes itself; the service never calls providers.";
	} else if (strcmp(p->runtime, "remote") == 0) {
		status = "unknown";
		note = "The catalog records no remote runner for these provider operations: whether they can run remotely is unknown.";
	} else {
		status = "not_constrained";
		note = "Provider operations are calls the caller makes from wherever it runs.";
	}
	jadd(o, "requested", json_object_new_string(p->runtime));
	jadd(o, "status", json_object_new_string(status));
	jadd(o, "note", json_object_new_string(note));
	return o;
}

static struct json_object *view_apps(const struct plan *p)
{
	const struct catalog *c = p->cat;
	struct json_object *o = json_object_new_object(), *bound = json_object_new_array(), *unused = json_object_new_array();
	for (uint32_t a = 0; a < c->napps; a++)
		if (p->apps_used & (1ull << a)) json_object_array_add(bound, json_object_new_string(cat_s(c, c->apps[a].id)));
	for (int k = 0; k < p->napps; k++) {
		int a = p->apps[k];
		bool bound_somewhere = false;
		for (int s = 0; s < p->nsteps; s++) bound_somewhere |= p->steps[s].app == a;
		if (bound_somewhere) continue;
		struct json_object *u = json_object_new_object();
		jadd(u, "app", json_object_new_string(cat_s(c, c->apps[a].id)));
		jadd(u, "reason", json_object_new_string(p->nsteps == 0 ? "nothing was planned"
			: "no step of the plan needs an app of this kind, or another app of the kind was bound first"));
		json_object_array_add(unused, u);
	}
	jadd(o, "bound", bound);
	jadd(o, "not_used", unused);
	return o;
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
	struct json_object *o = json_object_new_object(), *steps = json_object_new_array(),
		*left = json_object_new_array(), *cov = json_object_new_object();
	int documented = 0, tested = 0, required = 0, prev = -1;
	for (int s = 0; s < p.nsteps; s++) {
		const struct plan_step *st = &p.steps[s];
		if (st->left_out) { json_object_array_add(left, view_left_out(&p, st)); continue; }
		json_object_array_add(steps, view_step(&p, s, prev));
		prev = required++;
		if (st->op) {
			documented++;
			tested += (int)hc->cat->opx[st->op - hc->cat->ops].tested;
		}
	}
	jadd(cov, "documented", json_object_new_int(documented));
	jadd(cov, "required", json_object_new_int(required));
	jadd(cov, "practically_tested", json_object_new_int(tested));
	jadd(o, "status", json_object_new_string(PLAN_STATUS[p.status]));
	jadd(o, "status_text", json_object_new_string(STATUS_TEXT[p.status]));
	jadd(o, "rules", rules_array(p.rules));
	jadd(o, "task", view_task(&p));
	jadd(o, "read_only", json_object_new_boolean(p.read_only));
	jadd(o, "steps", steps);
	jadd(o, "left_out", left);
	jadd(o, "coverage", cov);
	jadd(o, "minimal_scopes", cover_array(&p));
	jadd(o, "apps", view_apps(&p));
	jadd(o, "runtime", view_runtime(&p));
	reply_ok(out, o);
}

/* ---- row 6 ---- */

static const char *permission_status(const struct plan *p)
{
	if (p->status == PS_UNRESOLVED) return "unresolved";
	if (p->status == PS_AMBIGUOUS) return "ambiguous";
	if (p->rules & (1u << PS_NEEDS_APPS)) return "needs_apps";
	if (p->rules & (1u << PS_NEEDS_SCOPES)) return "needs_scopes";
	if (p->rules & (1u << PS_SCOPES_UNKNOWN)) return "scopes_unknown";
	return p->ncover ? "granted" : "no_scopes_needed";
}

static struct json_object *alternatives(const struct plan *p, const struct plan_step *st)
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
		const struct cat_scope *r = cat_scope_find(c, st->op->app, sc);
		bool granted = false;
		for (int g = 0; g < p->ngranted; g++) granted |= strcmp(p->granted[g], sc) == 0;
		struct json_object *o = json_object_new_object();
		jadd(o, "scope", json_object_new_string(sc));
		jadd(o, "privilege_rank", json_object_new_int(r ? (int)r->rank : -1));
		jadd(o, "reason", r ? json_object_new_string(cat_s(c, r->reason)) : NULL);
		jadd(o, "suggested", json_object_new_boolean(r && r->suggest));
		jadd(o, "granted", json_object_new_boolean(granted));
		json_object_array_add(a, o);
	}
	return a;
}

/* Granted scopes against the minimal cover: broader than needed, or needed by no step at all. */
static void granted_review(const struct plan *p, struct json_object *broader, struct json_object *unneeded)
{
	const struct catalog *c = p->cat;
	for (int g = 0; g < p->ngranted; g++) {
		const char *sc = p->granted[g];
		bool used = false, in_cover = false;
		const char *instead = NULL;
		for (int k = 0; k < p->ncover; k++) in_cover |= strcmp(p->cover[k], sc) == 0;
		for (int s = 0; s < p->nsteps; s++) {
			const struct plan_step *st = &p->steps[s];
			if (st->left_out || !st->op) continue;
			int i = plan_op_scope_index(c, st->op, sc);
			if (i < 0) continue;
			used = true;
			if (!in_cover && st->ask_for >= 0 && plan_scope_rank(c, st->op, i) > plan_scope_rank(c, st->op, st->ask_for))
				instead = op_scope(c, st->op, st->ask_for);
		}
		if (!used) {
			json_object_array_add(unneeded, json_object_new_string(sc));
		} else if (instead) {
			struct json_object *o = json_object_new_object();
			jadd(o, "scope", json_object_new_string(sc));
			jadd(o, "enough", json_object_new_string(instead));
			json_object_array_add(broader, o);
		}
	}
}

void h_permissions(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	const struct catalog *c = hc->cat;
	struct json_object *o = json_object_new_object(), *steps = json_object_new_array();
	for (int s = 0; s < p.nsteps; s++) {
		const struct plan_step *st = &p.steps[s];
		if (st->left_out) continue;
		struct json_object *e = json_object_new_object();
		jadd(e, "capability", json_object_new_string(cat_s(c, c->caps[st->cap].id)));
		jadd(e, "app", st->app >= 0 ? json_object_new_string(cat_s(c, c->apps[st->app].id)) : NULL);
		jadd(e, "operation", st->op ? json_object_new_string(cat_s(c, st->op->id)) : NULL);
		jadd(e, "write", json_object_new_boolean(st->write));
		jadd(e, "state", json_object_new_string(STATE_NAMES[st->state]));
		jadd(e, "alternatives", alternatives(&p, st));
		jadd(e, "granted_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->granted)) : NULL);
		jadd(e, "needed_scope", st->op ? jstr_or_null(op_scope(c, st->op, st->ask_for)) : NULL);
		jadd(e, "missing", json_object_new_boolean(st->state == SS_MISSING_SCOPE));
		jadd(e, "permission_context", st->app >= 0 && st->kind != AK_CALLER
			? json_object_new_string(cat_s(c, c->apps[st->app].permission_context)) : NULL);
		jadd(e, "operation_notes", account_notes(c, st));
		jadd(e, "note", jstr_or_null(step_note(&p, st)));
		json_object_array_add(steps, e);
	}
	struct json_object *broader = json_object_new_array(), *unneeded = json_object_new_array(),
		*missing = json_object_new_array();
	granted_review(&p, broader, unneeded);
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
	jadd(o, "status", json_object_new_string(permission_status(&p)));
	jadd(o, "plan_status", json_object_new_string(PLAN_STATUS[p.status]));
	jadd(o, "task", view_task(&p));
	jadd(o, "read_only", json_object_new_boolean(p.read_only));
	jadd(o, "steps", steps);
	jadd(o, "minimal_scopes", cover_array(&p));
	jadd(o, "missing_scopes", missing);
	jadd(o, "broader_than_needed", broader);
	jadd(o, "not_needed", unneeded);
	reply_ok(out, o);
}

/* ---- row 12 ---- */

void h_snapshot(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	struct plan p;
	plan_build(&p, hc->cat, in);
	const struct catalog *c = hc->cat;
	struct json_object *o = json_object_new_object();
	jadd(o, "status", json_object_new_string(PLAN_STATUS[p.status]));
	jadd(o, "task", view_task(&p));
	if (p.status == PS_UNRESOLVED || p.status == PS_AMBIGUOUS) {
		jadd(o, "snapshot", NULL);
		reply_ok(out, o);
		return;
	}
	struct json_object *s = json_object_new_object(), *apps = json_object_new_array(), *ops = json_object_new_array();
	unsigned long long seen = 0;
	for (int k = 0; k < p.nsteps; k++) {
		const struct plan_step *st = &p.steps[k];
		if (st->left_out || !st->op) continue;
		if (!(seen & (1ull << st->app))) {
			seen |= 1ull << st->app;
			json_object_array_add(apps, json_object_new_string(cat_s(c, c->apps[st->app].id)));
		}
		struct json_object *e = json_object_new_object();
		jadd(e, "app", json_object_new_string(cat_s(c, c->apps[st->app].id)));
		jadd(e, "operation", json_object_new_string(cat_s(c, st->op->id)));
		jadd(e, "capability", json_object_new_string(cat_s(c, c->caps[st->cap].id)));
		jadd(e, "scope_alternatives", json_raw(cat_s(c, c->opx[st->op - c->ops].scopes)));
		if (cat_has(st->op->revision))
			jadd(e, "source_revision", json_object_new_string(cat_s(c, st->op->revision)));
		jadd(e, "source_hash", json_object_new_string(cat_s(c, st->op->semantic_sha256)));
		json_object_array_add(ops, e);
	}
	jadd(s, "format", json_object_new_string(SNAPSHOT_FORMAT));
	jadd(s, "read_only", json_object_new_boolean(p.read_only));
	jadd(s, "runtime", json_object_new_string(p.runtime));
	jadd(s, "catalog_version", json_object_new_string(cat_s(c, c->meta->catalog_version)));
	jadd(s, "rule_version", json_object_new_string(cat_s(c, c->meta->rule_version)));
	jadd(s, "task_id", p.task >= 0 ? json_object_new_string(cat_s(c, c->tasks[p.task].id)) : NULL);
	jadd(s, "apps", apps);
	jadd(s, "operations", ops);
	jadd(o, "snapshot", s);
	reply_ok(out, o);
}

/* ---- row 10 ---- */

static void add_change(struct json_object *changes, const char *app, const char *op, const char *kind,
	const char *severity, struct json_object *before, struct json_object *after, const char *detail)
{
	struct json_object *o = json_object_new_object();
	jadd(o, "app", jstr_or_null(app));
	jadd(o, "operation", jstr_or_null(op));
	jadd(o, "change", json_object_new_string(kind));
	jadd(o, "severity", json_object_new_string(severity));
	jadd(o, "before", before);
	jadd(o, "after", after);
	jadd(o, "detail", json_object_new_string(detail));
	json_object_array_add(changes, o);
}

static bool in_list(struct json_object *arr, const char *s)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++)
		if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s) == 0) return true;
	return false;
}

/* Scope alternatives of the snapshot versus the catalog; returns the number of changes added. */
static int compare_scopes(const struct catalog *c, const struct cat_op *op, struct json_object *was,
	struct json_object *changes, const char *app, const char *id)
{
	struct json_object *now = scope_list(c, op);
	if (!was && !now) return 0;
	if (!was || !now) {
		add_change(changes, app, id, now ? "scopes_now_documented" : "scopes_no_longer_documented", "info",
			json_object_get(was), now, now ? "the catalog now lists scope alternatives where the snapshot had none"
			: "the catalog no longer lists scope alternatives for this operation");
		return 1;
	}
	int removed = 0, added = 0;
	for (size_t i = 0; i < json_object_array_length(was); i++)
		removed += !in_list(now, json_object_get_string(json_object_array_get_idx(was, i)));
	for (size_t i = 0; i < json_object_array_length(now); i++)
		added += !in_list(was, json_object_get_string(json_object_array_get_idx(now, i)));
	if (!removed && !added) { json_object_put(now); return 0; }
	if (removed && added)
		add_change(changes, app, id, "scopes_changed", "breaking", json_object_get(was), now,
			"alternatives were removed and others added: a grant that matched a removed one no longer authorises the call");
	else if (removed)
		add_change(changes, app, id, "scopes_narrowed", "breaking", json_object_get(was), now,
			"alternatives were removed: a grant that matched a removed one no longer authorises the call");
	else
		add_change(changes, app, id, "scopes_widened", "compatible", json_object_get(was), now,
			"alternatives were added: every grant that worked still works");
	return 1;
}

static void compare_op(const struct catalog *c, struct json_object *e, struct json_object *changes)
{
	const char *app = jget_str(e, "app"), *id = jget_str(e, "operation"), *capid = jget_str(e, "capability");
	int a = cat_app_find(c, app);
	int k = a >= 0 ? cat_op_find(c, (uint32_t)a, id) : -1;
	if (k < 0) {
		add_change(changes, app, id, "removed", "breaking", json_object_new_string(id), NULL, a < 0
			? "the app is not in the current catalog" : "the operation is not in the current catalog");
		return;
	}
	const struct cat_op *op = &c->ops[k];
	int n = 0;
	const char *cap_now = cat_s(c, c->caps[op->cap].id);
	if (strcmp(cap_now, capid) != 0) {
		add_change(changes, app, id, "capability_remapped", "breaking", json_object_new_string(capid),
			json_object_new_string(cap_now), "the operation now serves another capability");
		n++;
	}
	n += compare_scopes(c, op, jget(e, "scope_alternatives"), changes, app, id);
	const char *hash = jget_str(e, "source_hash"), *hash_now = cat_s(c, op->semantic_sha256);
	if (!hash || strcmp(hash, hash_now) != 0)
		add_change(changes, app, id, "source_hash_changed", n ? "info" : "breaking", jstr_or_null(hash),
			json_object_new_string(hash_now), n ? "explained by the changes above"
			: "the operation's method, address, parameters, types or write flag changed: review the call");
	const char *rev = jget_str(e, "source_revision");
	const char *rev_now = cat_has(op->revision) ? cat_s(c, op->revision) : NULL;
	if ((rev || rev_now) && (!rev || !rev_now || strcmp(rev, rev_now) != 0))
		add_change(changes, app, id, "source_revision_changed", "info", jstr_or_null(rev), jstr_or_null(rev_now),
			"the provider documentation was read at another revision");
}

void h_impact(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	struct json_object *snap = jget(in, "snapshot"), *ops = jget(snap, "operations");
	struct json_object *changes = json_object_new_array();
	static const char *const vkeys[] = { "catalog_version", "rule_version" };
	const char *vnow[] = { cat_s(c, c->meta->catalog_version), cat_s(c, c->meta->rule_version) };
	for (int v = 0; v < 2; v++)
		if (strcmp(jget_str(snap, vkeys[v]), vnow[v]) != 0)
			add_change(changes, NULL, NULL, v ? "rule_version_moved" : "catalog_version_moved", "info",
				json_object_new_string(jget_str(snap, vkeys[v])), json_object_new_string(vnow[v]),
				v ? "the planning rules changed since the snapshot: plan again to see their effect"
				: "the catalog changed since the snapshot; operation changes are listed separately");
	size_t n = json_object_array_length(ops);
	for (size_t i = 0; i < n; i++) compare_op(c, json_object_array_get_idx(ops, i), changes);
	int breaking = 0, compatible = 0, info = 0;
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		const char *sev = jget_str(json_object_array_get_idx(changes, i), "severity");
		breaking += strcmp(sev, "breaking") == 0;
		compatible += strcmp(sev, "compatible") == 0;
		info += strcmp(sev, "info") == 0;
	}
	struct json_object *o = json_object_new_object(), *sum = json_object_new_object();
	jadd(o, "status", json_object_new_string(breaking ? "breaking" : compatible ? "compatible"
		: info ? "info_only" : "unchanged"));
	jadd(o, "changes", changes);
	jadd(o, "checked_operations", json_object_new_int((int)n));
	jadd(sum, "breaking", json_object_new_int(breaking));
	jadd(sum, "compatible", json_object_new_int(compatible));
	jadd(sum, "info", json_object_new_int(info));
	jadd(o, "summary", sum);
	jadd(o, "task_id", json_object_get(jget(snap, "task_id")));
	reply_ok(out, o);
}
