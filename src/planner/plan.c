/* Building a plan: the task's steps (or a capability chain), apps bound by kind and role, steps that
 * find the identifiers later steps need, scopes chosen for the whole task, and the status. Reading the
 * query is resolve.c. */
#include "planner/plan.h"
#include "util/jsonutil.h"

#include <stddef.h>
#include <string.h>

const char *const PLAN_STATUS[] = { "unresolved", "ambiguous", "outside_catalog", "read_only_conflict", "needs_apps", "partial", "needs_scopes",
	"scopes_unknown", "caller_side_steps", "ready", NULL };
const char *const PLAN_ROLES[] = { NULL, "source", "target" };

/* ---- scopes ---- */

const struct cat_scope *plan_scope_rec(const struct catalog *c, const struct cat_op *op, int i)
{
	uint32_t k = c->lists[c->opx[op - c->ops].scope_rec_first + (uint32_t)i];
	return k == CAT_NONE ? NULL : &c->scopes[k];
}

int plan_scope_rank(const struct catalog *c, const struct cat_op *op, int i)
{
	const struct cat_scope *r = plan_scope_rec(c, op, i);
	return r ? (int)r->rank : 1000 + i;
}

static const struct cat_scope *scope_rec(const struct catalog *c, const struct cat_op *op, int i)
{
	return plan_scope_rec(c, op, i);
}

static bool scope_suggested(const struct catalog *c, const struct cat_op *op, int i)
{
	const struct cat_scope *r = scope_rec(c, op, i);
	return r && r->suggest;
}

/* A scope that only sees what the app created cannot serve a step on the user's existing data. */
static bool scope_usable(const struct catalog *c, const struct plan_step *st, int i)
{
	const struct cat_scope *r = scope_rec(c, st->op, i);
	return !(st->existing && r && r->app_created);
}

/* Index of the op alternative equal to the n bytes at scope, or -1. */
static int op_scope_index_n(const struct catalog *c, const struct cat_op *op, const char *scope, size_t n)
{
	if (op->scope_count == CAT_NONE) return -1;
	for (uint32_t i = 0; i < op->scope_count; i++)
		if (cat_equal(c, c->lists[op->scope_first + i], scope, n)) return (int)i;
	return -1;
}

int plan_op_scope_index(const struct catalog *c, const struct cat_op *op, const char *scope)
{
	return op_scope_index_n(c, op, scope, strlen(scope));
}

const struct cat_implied *plan_implied(const struct catalog *c, uint32_t app, const char *broader, const char *narrower)
{
	size_t nb = strlen(broader), nn = strlen(narrower);
	for (uint32_t i = 0; i < c->nimplied; i++) {
		const struct cat_implied *m = &c->implied[i];
		if (m->app == app && cat_equal(c, m->broader, broader, nb) && cat_equal(c, m->narrower, narrower, nn))
			return m;
	}
	return NULL;
}


/* ---- apps ---- */

static void add_app(struct plan *p, int a, enum app_source src, enum plan_role role)
{
	for (int k = 0; k < p->napps; k++) if (p->apps[k] == a) return;
	if (p->napps == PLAN_MAX_APPS) return;
	p->app_src[p->napps] = src;
	p->app_role[p->napps] = role;
	p->apps[p->napps++] = a;
}

static bool given_app(const struct plan *p, int a)
{
	for (int k = 0; k < p->napps; k++) if (p->apps[k] == a) return true;
	return false;
}

/* Apps a family names stand in only for kinds no app was named for. */
static void add_family_apps(struct plan *p)
{
	const struct catalog *c = p->cat;
	unsigned named_kinds = 0;
	for (int k = 0; k < p->napps; k++) named_kinds |= 1u << c->apps[p->apps[k]].kind;
	for (int f = 0; f < p->res.nfamilies; f++) {
		const struct cat_family *fam = &c->families[p->res.families[f]];
		for (uint32_t kind = 1; kind < AK_COUNT; kind++)
			if (fam->apps[kind] != CAT_NONE && !((named_kinds >> kind) & 1))
				add_app(p, (int)fam->apps[kind], AS_FAMILY, PR_NONE);
	}
}

static enum plan_role step_role(const struct plan_step *st)
{
	return strcmp(st->role, "target") == 0 ? PR_TARGET : PR_SOURCE;
}

/* Rebinds a task's default app that was not given: the i-th such default of a kind (in step order)
 * takes the i-th given app of that kind that is not itself one of the task's defaults. */
static void rebind_default(struct plan *p, int s, const int *defaults)
{
	const struct catalog *c = p->cat;
	struct plan_step *st = &p->steps[s];
	int d = defaults[s], nth = 0;
	for (int q = 0; q < p->nsteps; q++) {
		int o = defaults[q];
		if (o < 0 || o == d || given_app(p, o) || c->apps[o].kind != st->kind) continue;
		bool first = true;
		for (int z = 0; z < q; z++) first &= defaults[z] != o;
		bool before = true;
		for (int z = 0; z <= q && before; z++) before = defaults[z] != d;
		if (first && before) nth++;
	}
	int seen = 0;
	for (int k = 0; k < p->napps; k++) {
		int a = p->apps[k];
		/* the further action's app is the request's, no default of the task ("and notify sender via Outlook":
		 * Outlook is also the mail the attachments come from) */
		bool is_default = false;
		for (int q = 0; q < p->nloaded; q++) is_default |= defaults[q] == a;
		if (c->apps[a].kind != st->kind || is_default) continue;
		if (seen++ == nth) { st->app = a; st->app_source = p->app_src[k]; return; }
	}
}

/* The given app of the step's kind that the request puts in the step's role (the source of a copy
 * is the app named after "from"), or -1. */
static int app_in_role(const struct plan *p, const struct plan_step *st)
{
	int found = -1, n = 0;
	for (int k = 0; k < p->napps; k++) {
		if (p->cat->apps[p->apps[k]].kind != st->kind) continue;
		n++;
		if (found < 0 && p->app_role[k] == step_role(st)) found = k;
	}
	return n >= 2 ? found : -1;
}

/* Binds every step of the task (or of the capability chain) to an app. */
/* "Copy files to Google Drive": a task read from a query that copies between two apps of a kind, one of them
 * named and the other not: the other end is the request's to say, so its steps are left without an app
 * (needs_apps, with candidates), never the task's own app taken as a guess. */
static void unbind_other_end(struct plan *p, const int *defaults)
{
	const struct catalog *c = p->cat;
	if (p->res.by != BY_QUERY_TASK) return;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		if (defaults[s] < 0 || st->app != defaults[s] || given_app(p, st->app)) continue;
		int named = 0, others = 0;
		for (int k = 0; k < p->napps; k++) named += c->apps[p->apps[k]].kind == st->kind && p->app_src[k] == AS_QUERY;
		for (int q = 0; q < p->nsteps; q++) others += defaults[q] >= 0 && defaults[q] != st->app && c->apps[defaults[q]].kind == st->kind;
		if (named != 1 || !others) continue;
		st->app = -1;
		st->app_source = AS_NONE;
	}
}

/* A copy between two apps of a kind (two default apps) never ends where it starts: a target step bound to the app a
 * source step of its kind reads takes another app of that kind named and unused, else none ("Wir wechseln von
 * Dropbox zu OneDrive. Alle Dateien aus der Dropbox kopieren" named Dropbox twice and copied it onto itself). */
static void two_ends_apart(struct plan *p, const int *defaults)
{
	const struct catalog *c = p->cat;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		int from = -1;
		for (int q = 0; q < s && from < 0 && s < p->nloaded && defaults[s] >= 0; q++)
			if (p->steps[q].kind == st->kind && p->steps[q].app == st->app && defaults[q] >= 0 && defaults[q] != defaults[s] &&
			    step_role(&p->steps[q]) != PR_TARGET)
				from = q;
		if (st->app < 0 || step_role(st) != PR_TARGET || from < 0) continue;
		int other = -1;
		for (int k = 0; k < p->napps && other < 0; k++)
			if (c->apps[p->apps[k]].kind == st->kind && p->apps[k] != st->app) other = k;
		st->app = other >= 0 ? p->apps[other] : -1;
		st->app_source = other >= 0 ? p->app_src[other] : AS_NONE;
	}
}

static void bind_steps(struct plan *p)
{
	const struct catalog *c = p->cat;
	int defaults[PLAN_MAX_STEPS];
	for (int s = 0; s < p->nsteps; s++) defaults[s] = p->steps[s].app;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		if (st->kind == AK_CALLER) continue;
		int role = app_in_role(p, st);
		if (role >= 0) {
			if (st->app != p->apps[role]) { st->app = p->apps[role]; st->app_source = p->app_src[role]; }
			continue;
		}
		if (defaults[s] >= 0) {
			if (!given_app(p, defaults[s])) rebind_default(p, s, defaults);
			continue;
		}
		int pick = -1;
		for (int k = 0; k < p->napps && pick < 0; k++)
			if (c->apps[p->apps[k]].kind == st->kind && cat_app_can(c, (uint32_t)p->apps[k], st->cap)) pick = k;
		for (int k = 0; k < p->napps && pick < 0; k++)
			if (c->apps[p->apps[k]].kind == st->kind) pick = k;
		if (pick >= 0) { st->app = p->apps[pick]; st->app_source = p->app_src[pick]; }
	}
	two_ends_apart(p, defaults);
	for (int s = 0; s < p->nsteps; s++) p->rebound |= defaults[s] >= 0 && p->steps[s].app != defaults[s];
	unbind_other_end(p, defaults);
}

static void load_task(struct plan *p, int task)
{
	const struct catalog *c = p->cat;
	const struct cat_task *tk = &c->tasks[task];
	p->nsteps = 0;
	for (uint32_t k = 0; k < tk->step_count && p->nsteps < PLAN_MAX_STEPS; k++) {
		const struct cat_step *cs = &c->steps[tk->step_first + k];
		struct plan_step *st = &p->steps[p->nsteps++];
		memset(st, 0, sizeof *st);
		st->cap = cs->cap;
		st->kind = cs->app_kind;
		st->app = cs->app == CAT_NONE ? -1 : (int)cs->app;
		st->app_source = cs->app == CAT_NONE ? AS_NONE : AS_TASK;
		st->role = cat_s(c, cs->role);
	}
	p->nloaded = p->nsteps;
}

/* The further action the request asks beyond the task (plan_resolution.also_cap), after its steps. */
static void add_also(struct plan *p)
{
	if (p->nsteps == PLAN_MAX_STEPS) return;
	const struct catalog *c = p->cat;
	struct plan_step *st = &p->steps[p->nsteps++];
	memset(st, 0, sizeof *st);
	st->cap = (uint32_t)p->res.also_cap;
	const struct cat_cap *cap = &c->caps[st->cap];
	/* no app in reach can do it: a step of the kind that can, no app bound (needs_apps names the candidates) */
	st->kind = p->res.also_app >= 0 ? c->apps[p->res.also_app].kind : c->apps[c->ops[c->lists[cap->op_first]].app].kind;
	st->app = p->res.also_app;
	st->app_source = p->res.also_app >= 0 ? AS_QUERY : AS_NONE;
	st->role = cap->write ? "target" : "source"; /* a further reading reads each item found (further_read) */
}

static void load_chain(struct plan *p)
{
	const struct catalog *c = p->cat;
	p->nsteps = 0;
	for (int k = 0; k < p->res.ncaps && p->nsteps < PLAN_MAX_STEPS; k++) {
		const struct cat_cap *cap = &c->caps[p->res.caps[k]];
		struct plan_step *st = &p->steps[p->nsteps++];
		memset(st, 0, sizeof *st);
		st->cap = (uint32_t)p->res.caps[k];
		st->kind = cap->caller || !cap->op_count ? AK_CALLER : c->apps[c->ops[c->lists[cap->op_first]].app].kind;
		st->app = -1;
		st->role = k == 0 ? "source" : k + 1 == p->res.ncaps ? "target" : "transform";
	}
	p->nloaded = p->nsteps;
}

/* The steps as planned, each capability and the app bound to it, into sig (two per step); returns how many. */
static int step_signature(const struct plan *p, uint32_t *sig)
{
	for (int s = 0; s < p->nsteps; s++) { sig[2 * s] = p->steps[s].cap; sig[2 * s + 1] = (uint32_t)p->steps[s].app; }
	return p->nsteps;
}

/* Whether task t, loaded and bound to the apps named (p's steps after it), plans the steps sig holds. */
static bool plans_as(struct plan *p, int t, const uint32_t *sig, int n)
{
	p->rebound = false;
	load_task(p, t);
	bind_steps(p);
	bool same = p->nsteps == n;
	for (int s = 0; same && s < n; s++) same = sig[2 * s] == p->steps[s].cap && sig[2 * s + 1] == (uint32_t)p->steps[s].app;
	return same;
}

/* A tie is real only when the tied tasks plan different steps for the apps named: "save Gmail
 * attachments to OneDrive" fits two attachment tasks that both become mailA -> driveB. */
static void settle_tie(struct plan *p)
{
	struct plan_resolution *r = &p->res;
	uint32_t sig[PLAN_MAX_STEPS * 2];
	p->rebound = false;
	load_task(p, r->candidates[0]);
	bind_steps(p);
	int n = step_signature(p, sig);
	for (int k = 1; k < r->ncandidates; k++)
		if (!plans_as(p, r->candidates[k], sig, n)) { p->nsteps = 0; p->rebound = false; return; }
	r->equivalent = true;
	r->by = BY_QUERY_TASK;
	r->confidence = r->settled_confidence;
	r->task = r->candidates[0];
	p->nsteps = 0;
	p->rebound = false;
}

/* A task planned in other apps than its own is one of the tasks whose steps, bound to the apps named, are the
 * same: the first of them in catalog order is shown and all are equivalent_tasks ("Upload Outlook email
 * attachments to Dropbox": each attachment task becomes mailB -> driveC). The steps stay those of p->task. */
static void settle_rebound(struct plan *p)
{
	const struct catalog *c = p->cat;
	struct plan_resolution *r = &p->res;
	if (!p->rebound || r->by != BY_QUERY_TASK || r->also_cap >= 0 || c->tasks[p->task].generic) return;
	uint32_t sig[PLAN_MAX_STEPS * 2], kinds = c->ptasks[p->task].kinds;
	int n = step_signature(p, sig), chosen = p->task, own = -1, same[PLAN_MAX_CANDIDATES], nsame = 0;
	for (int t = 0; t < (int)c->ntasks && t < 64 && nsame < PLAN_MAX_CANDIDATES; t++) {
		if (t != chosen && (c->tasks[t].generic || c->tasks[t].step_count != (uint32_t)n || c->ptasks[t].kinds != kinds)) continue;
		if (!plans_as(p, t, sig, n)) continue;
		if (!p->rebound) own = t; /* a task in its own apps is the answer itself */
		same[nsame++] = t;
	}
	p->rebound = false;
	load_task(p, own >= 0 ? own : chosen);
	bind_steps(p);
	if (own >= 0) { p->task = r->task = own; return; }
	if (nsame < 2) return;
	for (int k = 0; k < nsame; k++) r->candidates[k] = same[k];
	r->ncandidates = nsame;
	r->equivalent = true;
	p->task = r->task = same[0];
}

/* ---- steps that find what later steps need ---- */

/* Index of the latest step before s on step s's app (or, unbound, of its kind) that does cap, or -1. */
static int earlier_step(const struct plan *p, int s, uint32_t cap)
{
	const struct plan_step *st = &p->steps[s];
	for (int q = s - 1; q >= 0; q--)
		if (p->steps[q].app == st->app && (st->app >= 0 || p->steps[q].kind == st->kind) && p->steps[q].cap == cap &&
		    !p->steps[q].left_out)
			return q;
	return -1;
}

/* Whether app a's operation for cap needs what a step of capability `need` finds, and a documents it. */
static bool app_needs(const struct catalog *c, uint32_t a, uint32_t cap, uint32_t need)
{
	const struct cat_op *op = cat_app_op(c, a, cap);
	if (!op || !cat_app_can(c, a, need)) return false;
	const struct cat_opx *x = &c->opx[op - c->ops];
	for (uint32_t k = 0; k < x->input_count; k++)
		if (c->inputs[x->input_first + k].found_by == need) return true;
	return false;
}

/* The app whose operation says what a step needs found: its own, or for a step no app is bound to, the
 * first app of its kind documenting the capability; -1 when none. */
static int needs_of(const struct catalog *c, const struct plan_step *st)
{
	if (st->app >= 0) return st->app;
	for (uint32_t a = 0; st->kind != AK_CALLER && a < c->napps; a++)
		if (c->apps[a].kind == st->kind && cat_app_can(c, a, st->cap)) return (int)a;
	return -1;
}

/* Whether every app of a kind that documents cap needs `need` found first ("a new email", whichever mail
 * app: a message is read by an id a search finds). */
static bool kind_needs(const struct catalog *c, uint32_t kind, uint32_t cap, uint32_t need)
{
	for (uint32_t a = 0; a < c->napps; a++)
		if (c->apps[a].kind == kind && cat_app_can(c, a, cap) && !app_needs(c, a, cap, need)) return false;
	return true;
}

/* A step whose operation needs an identifier (an event id, a message id) that no earlier step finds
 * gets the app's finding operation put before it, when the app documents one; otherwise the step's
 * inputs say the caller supplies it. A step no app is bound to gets it when every app of its kind would. */
static void insert_finders(struct plan *p)
{
	const struct catalog *c = p->cat;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		int by = st->left_out ? -1 : needs_of(c, st);
		if (by < 0) continue;
		const struct cat_op *op = cat_app_op(c, (uint32_t)by, st->cap);
		if (!op) continue;
		const struct cat_opx *x = &c->opx[op - c->ops];
		for (uint32_t k = 0; k < x->input_count; k++) {
			uint32_t need = c->inputs[x->input_first + k].found_by;
			if (need == CAT_NONE || earlier_step(p, s, need) >= 0) continue;
			if (!cat_app_can(c, (uint32_t)by, need) || p->nsteps == PLAN_MAX_STEPS) continue;
			if (st->app < 0 && !kind_needs(c, st->kind, st->cap, need)) continue;
			memmove(&p->steps[s + 1], &p->steps[s], (size_t)(p->nsteps - s) * sizeof *p->steps);
			p->nsteps++;
			struct plan_step *f = &p->steps[s];
			*f = (struct plan_step){ .cap = need, .kind = st[1].kind, .app = st[1].app, .app_source = st[1].app_source,
				.role = "source", .added = true };
			s--;  /* the new step may need something found before it in turn */
			break;
		}
	}
}

/* ---- grants ---- */

/* The least privileged usable alternative among granted scopes, or -1. */
static int granted_index(const struct plan *p, struct plan_step *st)
{
	int best = -1, best_rank = 1 << 30;
	for (int g = 0; g < p->ngranted; g++) {
		int i = plan_op_scope_index(p->cat, st->op, p->granted[g]);
		if (i < 0) continue;
		if (!scope_usable(p->cat, st, i)) { st->app_created_grant = true; continue; }
		int r = plan_scope_rank(p->cat, st->op, i);
		if (r < best_rank || (r == best_rank && i < best)) { best = i; best_rank = r; }
	}
	return best;
}

/* A granted scope that the provider documents as including one of the alternatives: the most
 * capable alternative it includes is the one it authorises. */
static bool granted_by_implication(const struct plan *p, struct plan_step *st)
{
	const struct catalog *c = p->cat;
	for (int g = 0; g < p->ngranted; g++)
		for (uint32_t i = st->op->scope_count; i-- > 0;) {
			int ir = (int)i;
			const struct cat_implied *m = plan_implied(c, st->op->app, p->granted[g],
				cat_s(c, c->lists[st->op->scope_first + i]));
			if (!m || !scope_usable(c, st, ir)) continue;
			if (st->granted >= 0 && plan_scope_rank(c, st->op, ir) <= plan_scope_rank(c, st->op, st->granted)) continue;
			st->granted = ir;
			st->granted_via = p->granted[g];
			st->implied = (int)(m - c->implied);
		}
	return st->granted >= 0;
}

/* Steps whose scopes take part in the minimal cover. */
static bool in_cover(const struct plan_step *st)
{
	return !st->left_out && st->op && st->op->scope_count != CAT_NONE;
}

/* Whether any alternative of the step is suggested and can see its data. */
static bool any_suggested(const struct catalog *c, const struct plan_step *st)
{
	for (uint32_t k = 0; k < st->op->scope_count; k++)
		if (scope_suggested(c, st->op, (int)k) && scope_usable(c, st, (int)k)) return true;
	return false;
}

/* Scopes a step may be given: suggested ones when any is, never one that cannot see its data. */
static bool cover_candidate(const struct catalog *c, const struct plan_step *st, int i, bool any)
{
	return scope_usable(c, st, i) && (!any || scope_suggested(c, st->op, i));
}

static bool accepts(const struct catalog *c, const struct plan_step *st, const char *scope, size_t n)
{
	int i = op_scope_index_n(c, st->op, scope, n);
	return i >= 0 && scope_usable(c, st, i);
}

/* Candidate scopes of the cover with their least rank; returns how many. */
static int cover_candidates(const struct plan *p, const char **cand, size_t *clen, int *rank, int *need)
{
	const struct catalog *c = p->cat;
	int nc = 0;
	*need = 0;
	for (int s = 0; s < p->nsteps; s++) {
		const struct plan_step *st = &p->steps[s];
		if (!in_cover(st)) continue;
		(*need)++;
		bool any = any_suggested(c, st);
		for (uint32_t i = 0; i < st->op->scope_count && nc < 64; i++) {
			if (!cover_candidate(c, st, (int)i, any)) continue;
			cat_str str = c->lists[st->op->scope_first + i];
			const char *sc = cat_s(c, str);
			size_t n = cat_len(c, str);
			int r = plan_scope_rank(c, st->op, (int)i), k;
			for (k = 0; k < nc; k++) if (clen[k] == n && memcmp(cand[k], sc, n) == 0) break;
			if (k == nc) { cand[nc] = sc; clen[nc] = n; rank[nc++] = r; }
			else if (r < rank[k]) rank[k] = r;
		}
	}
	return nc;
}

_Static_assert(PLAN_MAX_STEPS <= 32, "a step is a bit of a uint32_t");

/* Per candidate, a bit per covered step that accepts it; returns the bits of all covered steps. */
static uint32_t accepting_steps(const struct plan *p, const char *const *cand, const size_t *clen, int nc, uint32_t *mask)
{
	uint32_t all = 0;
	for (int k = 0; k < nc; k++) mask[k] = 0;
	for (int s = 0; s < p->nsteps; s++) {
		if (!in_cover(&p->steps[s])) continue;
		all |= 1u << s;
		for (int k = 0; k < nc; k++)
			if (accepts(p->cat, &p->steps[s], cand[k], clen[k])) mask[k] |= 1u << s;
	}
	return all;
}

/* Smallest set of scopes (then least summed rank) such that every covered step accepts one of them. */
static void minimal_cover(struct plan *p)
{
	const struct catalog *c = p->cat;
	const char *cand[64];
	size_t clen[64];
	int rank[64], need, nc = cover_candidates(p, cand, clen, rank, &need);
	p->ncover = 0;
	if (!need) return;
	/* which step accepts which candidate, decided once rather than for every combination */
	uint32_t mask[64], all = accepting_steps(p, cand, clen, nc, mask);
	int best[4], best_cost = 1 << 30, best_k = 0;
	for (int k = 1; k <= 4 && k <= need && !best_k; k++) {
		int idx[4];
		for (int i = 0; i < k; i++) idx[i] = i;
		while (idx[0] <= nc - k) {
			int cost = 0;
			uint32_t hit = 0;
			for (int i = 0; i < k; i++) { cost += rank[idx[i]]; hit |= mask[idx[i]]; }
			bool ok = cost < best_cost && hit == all;
			if (ok) { best_cost = cost; best_k = k; memcpy(best, idx, sizeof idx); }
			int j = k - 1;
			while (j >= 0 && idx[j] == nc - k + j) j--;
			if (j < 0) break;
			idx[j]++;
			for (int i = j + 1; i < k; i++) idx[i] = idx[i - 1] + 1;
		}
	}
	if (best_k) {
		for (int i = 0; i < best_k; i++) p->cover[p->ncover++] = cand[best[i]];
		return;
	}
	/* more than four distinct scopes needed: each step's least privileged candidate */
	for (int s = 0; s < p->nsteps && p->ncover < PLAN_MAX_STEPS; s++) {
		const struct plan_step *st = &p->steps[s];
		if (!in_cover(st)) continue;
		int bi = -1;
		bool any = any_suggested(c, st);
		for (uint32_t i = 0; i < st->op->scope_count; i++)
			if (cover_candidate(c, st, (int)i, any) && (bi < 0 || plan_scope_rank(c, st->op, (int)i) < plan_scope_rank(c, st->op, bi)))
				bi = (int)i;
		if (bi < 0) continue;
		const char *sc = cat_s(c, c->lists[st->op->scope_first + (uint32_t)bi]);
		bool dup = false;
		for (int k = 0; k < p->ncover; k++) dup |= strcmp(p->cover[k], sc) == 0;
		if (!dup) p->cover[p->ncover++] = sc;
	}
}

/* Whether a less privileged suggested alternative was passed over because it sees only app data. */
static bool skipped_app_created(const struct catalog *c, const struct plan_step *st)
{
	for (uint32_t i = 0; st->ask_for >= 0 && i < st->op->scope_count; i++)
		if (scope_suggested(c, st->op, (int)i) && !scope_usable(c, st, (int)i) &&
		    plan_scope_rank(c, st->op, (int)i) < plan_scope_rank(c, st->op, st->ask_for))
			return true;
	return false;
}

static void assess_steps(struct plan *p)
{
	const struct catalog *c = p->cat;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		st->granted = st->ask_for = st->implied = -1;
		if (st->kind == AK_CALLER) { st->state = SS_CALLER; continue; }
		if (st->app < 0) { st->state = SS_NO_APP; continue; }
		st->op = cat_app_op(c, (uint32_t)st->app, st->cap);
		if (!st->op) { st->state = SS_NOT_DOCUMENTED; continue; }
		if (!st->left_out) p->apps_used |= 1ull << st->app;
		if (st->op->scope_count == CAT_NONE) { st->state = SS_SCOPES_UNKNOWN; continue; }
		st->granted = granted_index(p, st);
		st->state = st->granted >= 0 || granted_by_implication(p, st) ? SS_SATISFIED : SS_MISSING_SCOPE;
	}
	minimal_cover(p);
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		if (!in_cover(st)) continue;
		int best = -1;
		for (int k = 0; k < p->ncover; k++) {
			int i = plan_op_scope_index(c, st->op, p->cover[k]);
			if (i >= 0 && scope_usable(c, st, i) &&
			    (best < 0 || plan_scope_rank(c, st->op, i) < plan_scope_rank(c, st->op, best)))
				best = i;
		}
		st->ask_for = best;
		st->app_created_skipped = skipped_app_created(c, st);
	}
}

static void decide(struct plan *p)
{
	unsigned r = 0;
	if (p->res.by == BY_QUERY_AMBIGUOUS) r |= 1u << PS_AMBIGUOUS;
	else if (p->task < 0 && p->res.by != BY_QUERY_CAPABILITIES) r |= 1u << PS_UNRESOLVED;
	for (int s = 0; s < p->nsteps; s++) {
		const struct plan_step *st = &p->steps[s];
		if (st->left_out) { r |= 1u << PS_READ_ONLY_CONFLICT; continue; }
		static const enum plan_rule by_state[] = { [SS_SATISFIED] = PS_READY, [SS_MISSING_SCOPE] = PS_NEEDS_SCOPES,
			[SS_SCOPES_UNKNOWN] = PS_SCOPES_UNKNOWN, [SS_CALLER] = PS_CALLER_SIDE_STEPS,
			[SS_NO_APP] = PS_NEEDS_APPS, [SS_NOT_DOCUMENTED] = PS_PARTIAL };
		if (st->state != SS_SATISFIED) r |= 1u << by_state[st->state];
	}
	/* products outside the catalog: their part is the caller's, a step of its own where a plan is given */
	if (p->res.nproducts) r |= 1u << PS_OUTSIDE_CATALOG | (p->nsteps ? 1u << PS_CALLER_SIDE_STEPS : 0);
	for (int k = 0; p->nsteps && k < p->res.nproducts; k++)
		if (plan_product_left_out(p, &p->res.products[k])) r |= 1u << PS_READ_ONLY_CONFLICT;
	if (!r) r = 1u << PS_READY;
	p->rules = r;
	for (int k = 0; k < PS_COUNT; k++)
		if (r & (1u << k)) { p->status = (enum plan_rule)k; break; }
}

static void read_request(struct plan *p, const struct json_object *in)
{
	const struct catalog *c = p->cat;
	p->read_only = jget_bool(in, "read_only", 0);
	p->evidence = jget_bool(in, "evidence", 0);
	p->runtime = jget_str(in, "runtime") ? jget_str(in, "runtime") : "any";
	struct json_object *gs = jget(in, "granted_scopes");
	for (size_t i = 0; gs && i < json_object_array_length(gs) && p->ngranted < PLAN_MAX_SCOPES; i++)
		p->granted[p->ngranted++] = json_object_get_string(json_object_array_get_idx(gs, i));
	struct json_object *apps = jget(in, "apps");
	for (size_t i = 0; apps && i < json_object_array_length(apps); i++) {
		int a = cat_app_find(c, json_object_get_string(json_object_array_get_idx(apps, i)));
		if (a >= 0) add_app(p, a, AS_REQUEST, PR_NONE);
	}
}

/* The words the steps answer are matched words, whatever chose them (a task, a chain, a tie settled). */
static void mark_answered(struct plan *p)
{
	if (!p->nsteps || p->res.by == BY_TASK_ID) return;
	uint64_t caps = 0;
	unsigned kinds = 0;
	for (int s = 0; s < p->nsteps; s++) {
		if (p->steps[s].cap < 64) caps |= 1ull << p->steps[s].cap;
		kinds |= 1u << p->steps[s].kind;
	}
	bool product_writes = false, product_reads = false;
	for (int k = 0; k < p->res.nproducts; k++) {
		product_writes |= plan_product_writes(&p->res.products[k]);
		product_reads |= !plan_product_writes(&p->res.products[k]);  /* its caller-side step comes first */
	}
	plan_mark_answered(p->cat, &p->res, caps, kinds, product_writes, product_reads || !p->cat->caps[p->steps[0].cap].write);
}

/* The one-step task that makes a file in the drive of app a's family (driveB-upload for Sheets B: a workbook is
 * created by uploading one), or -1. */
static int drive_maker(const struct catalog *c, int a)
{
	uint32_t drive = CAT_NONE;
	for (uint32_t f = 0; f < c->nfamilies && drive == CAT_NONE; f++)
		if (c->families[f].apps[c->apps[a].kind] == (uint32_t)a) drive = c->families[f].apps[AK_DRIVE];
	for (uint32_t t = 0; drive < c->napps && t < c->ntasks; t++) {
		const struct cat_task *tk = &c->tasks[t];
		if (!tk->generic && tk->step_count == 1 && c->steps[tk->step_first].app == drive &&
		    (c->new_caps >> c->steps[tk->step_first].cap & 1))
			return (int)t;
	}
	return -1;
}

/* "I want a new Excel workbook": one step making something new in an app that documents no way to; or, whatever
 * the other words say, a verb making a new document of such an app (plan_resolution.new_thing: "create a fresh Excel
 * workbook for next month's expenses"): the drive's task that makes a file there. */
static void new_file_in_drive(struct plan *p, bool outside)
{
	const struct catalog *c = p->cat;
	const struct plan_step *st = &p->steps[0];
	int a = outside ? -1 : p->res.new_thing - 1;  /* (not beside an action or a product outside the catalog) */
	if (a < 0 && p->task >= 0 && p->nsteps == 1 && p->res.by == BY_QUERY_TASK && st->app >= 0 &&
	    (c->new_caps >> st->cap & 1) && !cat_app_can(c, (uint32_t)st->app, st->cap))
		a = st->app;
	int t = a >= 0 ? drive_maker(c, a) : -1;
	if (t < 0) return;
	p->res.by = BY_QUERY_TASK;
	p->task = p->res.task = t;
	p->rebound = false;
	load_task(p, p->task);
	bind_steps(p);
}

void plan_build(struct plan *p, const struct catalog *c, const struct json_object *in)
{
	memset(p, 0, offsetof(struct plan, res));
	plan_resolution_init(&p->res);
	p->cat = c;
	p->task = -1;
	read_request(p, in);
	const char *task_id = jget_str(in, "task_id"), *query = jget_str(in, "query");
	/* task_id wins: the query is then not read at all */
	if (!task_id && query && *query) plan_resolve_query(c, query, &p->res);
	for (int k = 0; k < p->res.napps; k++) add_app(p, p->res.apps[k], AS_QUERY, p->res.app_role[k]);
	add_family_apps(p);
	if (task_id) {
		p->task = cat_task_find(c, task_id);
		p->res.by = p->task >= 0 ? BY_TASK_ID : BY_NONE;
		p->res.confidence = p->task >= 0 ? 100 : 0;
	} else {
		/* both directions asked: the two tasks bind the same apps by role, and are still two answers */
		if (p->res.by == BY_QUERY_AMBIGUOUS && !p->res.both_ways) settle_tie(p);
		p->task = p->res.by == BY_QUERY_TASK ? p->res.task : -1;
	}
	if (p->task >= 0) load_task(p, p->task);
	else if (p->res.by == BY_QUERY_CAPABILITIES) load_chain(p);
	if (p->nsteps && p->res.also_cap >= 0) add_also(p);
	bind_steps(p);
	if (p->task >= 0 && !task_id) settle_rebound(p);
	if (!task_id) new_file_in_drive(p, p->res.nactions || p->res.nproducts);
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		st->write = c->caps[st->cap].write;
		st->existing = c->caps[st->cap].existing;
		st->left_out = p->read_only && st->write;
	}
	insert_finders(p);
	mark_answered(p);
	for (int s = 0; s < p->nsteps; s++) p->steps[s].existing = c->caps[p->steps[s].cap].existing;
	assess_steps(p);
	decide(p);
}
