#include "planner/plan.h"
#include "util/jsonutil.h"
#include "util/text.h"

#include <string.h>

const char *const PLAN_STATUS[] = { "unresolved", "ambiguous", "read_only_conflict", "needs_apps", "partial", "needs_scopes",
	"scopes_unknown", "caller_side_steps", "ready", NULL };

/* ---- word matching ---- */

enum { LV_NONE = 0, LV_TYPO = 1, LV_STEM = 2, LV_EXACT = 3 };

/* Optimal string alignment distance, capped: returns 0, 1 or 2 (2 meaning "2 or more"). */
static int near_distance(const char *a, size_t la, const char *b, size_t lb)
{
	if (la > 40 || lb > 40 || (la > lb ? la - lb : lb - la) > 1) return 2;
	/* one edit cannot change both the first and the last letter of words this long */
	if (a[0] != b[0] && a[la - 1] != b[lb - 1]) return 2;
	int d[42][42];
	for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int rowmin = 99;
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v) v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < rowmin) rowmin = v;
		}
		if (rowmin > 1) return 2;
	}
	return d[la][lb] > 2 ? 2 : d[la][lb];
}

/* How well query word q (length lq) matches haystack word h (length lh). */
static int word_level(const char *q, size_t lq, const char *h, size_t lh, bool typo)
{
	if (q[0] != h[0] && !typo) return LV_NONE;  /* exact and stem matches share the first letter */
	if (lq == lh && memcmp(q, h, lq) == 0) return LV_EXACT;
	size_t p = 0, min = lq < lh ? lq : lh;
	while (p < min && q[p] == h[p]) p++;
	/* inflections share all but the ending: rechnung/rechnungen, email/emails, find/finden */
	if (p >= 4 && p + 1 >= min) return LV_STEM;
	if (typo && lq >= 5 && lh >= 5 && near_distance(q, lq, h, lh) <= 1) return LV_TYPO;
	return LV_NONE;
}

/* Does phrase (folded, space-separated) start at word i of r? Returns the number of query words it
 * spans, or 0. loose: stop words and app names may sit between the phrase's words ("Datei in Drive C
 * loschen" holds "datei loschen"), and a word nothing else matches may carry one typo. */
static int phrase_at(const struct plan_resolution *r, int i, const char *phrase, bool loose)
{
	if (i >= r->nwords || (phrase[0] != r->words[i][0] && !(loose && r->fuzzy[i]))) return 0;
	int k = i;
	bool one_word = !strchr(phrase, ' ');
	for (const char *w = phrase; *w;) {
		const char *end = strchr(w, ' ');
		size_t lw = end ? (size_t)(end - w) : strlen(w);
		for (;;) {
			if (k >= r->nwords) return 0;
			int lv = word_level(r->words[k], strlen(r->words[k]), w, lw, loose && r->fuzzy[k]);
			/* a one-word phrase must match exactly: anhangen (append) is not anhange (attachments) */
			int need = one_word ? LV_EXACT : loose ? LV_TYPO : LV_STEM;
			if (lv >= need) break;
			if (!loose || k == i || !(r->stop[k] || r->app_word[k])) return 0;
			k++;
		}
		k++;
		w += lw;
		while (*w == ' ') w++;
	}
	return k - i;
}

/* ---- query resolution ---- */

static void split_words(struct plan_resolution *r, const char *query)
{
	text_fold(query, r->folded, sizeof r->folded);
	memcpy(r->wordbuf, r->folded, sizeof r->wordbuf);
	r->nwords = 0;
	for (char *w = r->wordbuf; *w && r->nwords < PLAN_MAX_WORDS;) {
		char *end = strchr(w, ' ');
		r->words[r->nwords++] = w;
		if (!end) break;
		*end = '\0';
		w = end + 1;
	}
}

/* Marks app names (longest phrase first) and stop words. */
static void mark_apps_and_stops(const struct catalog *c, struct plan_resolution *r)
{
	int pos[PLAN_MAX_APPS];
	for (int words = 3; words >= 1; words--)
		for (uint32_t s = 0; s < c->nsyns; s++) {
			const struct cat_syn *sy = &c->syns[s];
			if (sy->kind != SYN_APP || (int)sy->words != words) continue;
			for (int i = 0; i < r->nwords; i++) {
				if (phrase_at(r, i, cat_s(c, sy->phrase), false) != words) continue;  /* strict: span = words */
				if (strcmp(r->words[i], cat_s(c, sy->phrase)) != 0 && words == 1) continue; /* exact for one word */
				bool free = true;
				for (int k = i; k < i + words; k++) free = free && !r->app_word[k];
				if (!free) continue;
				for (int k = i; k < i + words; k++) r->app_word[k] = true;
				int a = (int)sy->target, dup = 0;
				for (int k = 0; k < r->napps; k++) dup |= r->apps[k] == a;
				if (dup || r->napps == PLAN_MAX_APPS) continue;
				/* keep mention order */
				int k = r->napps++;
				while (k > 0 && pos[k - 1] > i) { r->apps[k] = r->apps[k - 1]; pos[k] = pos[k - 1]; k--; }
				r->apps[k] = a;
				pos[k] = i;
			}
		}
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = &c->syns[s];
		for (int i = 0; i < r->nwords; i++) {
			if (r->app_word[i]) continue;
			if (sy->kind == SYN_STOP && strcmp(r->words[i], cat_s(c, sy->phrase)) == 0) r->stop[i] = true;
			if (sy->kind == SYN_APP_KIND && phrase_at(r, i, cat_s(c, sy->phrase), false)) r->kinds |= 1u << sy->target;
		}
	}
	r->content = 0;
	for (int i = 0; i < r->nwords; i++) if (!r->stop[i] && !r->app_word[i]) r->content++;
}

static bool task_has_cap(const struct catalog *c, uint32_t t, uint32_t cap)
{
	const struct cat_task *tk = &c->tasks[t];
	for (uint32_t k = 0; k < tk->step_count; k++) if (c->steps[tk->step_first + k].cap == cap) return true;
	return false;
}

/* Adjustment for the apps the query names: the task's own apps count, competing apps of the same kind
 * count against, and a two-app task gains when the mention order is its step order. */
static int app_fit(const struct catalog *c, uint32_t t, const struct plan_resolution *r)
{
	const struct cat_task *tk = &c->tasks[t];
	int fit = 0, last = -1, ordered = 1, fixed_seen = 0;
	for (int m = 0; m < r->napps; m++) {
		uint32_t a = (uint32_t)r->apps[m], kind = c->apps[a].kind;
		int own = 0, rival = 0, kind_step = 0;
		for (uint32_t k = 0; k < tk->step_count; k++) {
			const struct cat_step *st = &c->steps[tk->step_first + k];
			if (st->app == a) { own = 1; if ((int)k < last) ordered = 0; last = (int)k; }
			else if (st->app != CAT_NONE && st->app_kind == kind) rival = 1;
			if (st->app_kind == kind) kind_step = 1;
		}
		fixed_seen += own;
		fit += own ? 6 : rival ? -6 : kind_step ? 2 : -2;
	}
	if (fixed_seen >= 2 && ordered) fit += 1;
	/* a task asks for more than was said when it needs a kind, or a fixed app, the query never names */
	unsigned kinds_said = r->kinds, kinds_needed = 0;
	for (int m = 0; m < r->napps; m++) kinds_said |= 1u << c->apps[r->apps[m]].kind;
	for (uint32_t k = 0; k < tk->step_count; k++) {
		const struct cat_step *st = &c->steps[tk->step_first + k];
		if (st->app_kind != AK_CALLER) kinds_needed |= 1u << st->app_kind;
		bool named = false, first = true;
		for (int m = 0; m < r->napps; m++) named |= st->app != CAT_NONE && (int)st->app == r->apps[m];
		for (uint32_t q = 0; q < k; q++) first &= c->steps[tk->step_first + q].app != st->app;
		if (r->napps && st->app != CAT_NONE && !named && first) fit -= 2;
	}
	for (int k = 0; k < AK_COUNT; k++)
		if ((kinds_needed >> k) & 1 && !((kinds_said >> k) & 1)) fit -= 2;
	return fit;
}

/* Best level of word q per task, over the catalog's task vocabulary (search texts and synonyms). */
static void word_levels(const struct catalog *c, const char *q, bool typo, int *lv)
{
	size_t lq = strlen(q);
	for (uint32_t t = 0; t < c->ntasks && t < 64; t++) lv[t] = LV_NONE;
	for (uint32_t k = 0; k < c->nwords; k++) {
		const struct cat_word *w = &c->words[k];
		int l = word_level(q, lq, cat_s(c, w->word), w->len, typo);
		if (!l) continue;
		for (uint32_t t = 0; t < c->ntasks && t < 64; t++)
			if ((w->tasks >> t) & 1 && l > lv[t]) lv[t] = l;
	}
}

static int idf_mult(int df)
{
	return df == 0 ? 1 : df <= 2 ? 3 : df <= 6 ? 2 : 1;
}

/* Scores every task; fills best and runner-up. */
static void score_tasks(const struct catalog *c, struct plan_resolution *r, int *scores)
{
	int lv[PLAN_MAX_WORDS][64];
	int nt = c->ntasks < 64 ? (int)c->ntasks : 64;
	for (int t = 0; t < nt; t++) scores[t] = 0;
	for (int i = 0; i < r->nwords; i++) {
		if (r->stop[i] || r->app_word[i]) continue;
		int df = 0;
		/* typos are only considered for a word that matches no task exactly or by stem */
		for (int pass = 0; pass < 2 && df == 0; pass++) {
			r->fuzzy[i] = pass == 1;
			word_levels(c, r->words[i], r->fuzzy[i], lv[i]);
			for (int t = 0; t < nt; t++) df += lv[i][t] > LV_NONE;
		}
		for (int t = 0; t < nt; t++) scores[t] += lv[i][t] * idf_mult(df);
	}
	/* phrases: task phrases point at one task, capability phrases at every task using the capability */
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = &c->syns[s];
		if (sy->kind != SYN_TASK && sy->kind != SYN_CAP) continue;
		for (int i = 0; i < r->nwords; i++) {
			int n = phrase_at(r, i, cat_s(c, sy->phrase), true);
			if (!n) continue;
			if (sy->kind == SYN_TASK) scores[sy->target] += 4 * (int)sy->words;
			else {
				for (int t = 0; t < nt; t++) if (task_has_cap(c, (uint32_t)t, sy->target)) scores[t] += 3;
				int dup = 0;
				for (int k = 0; k < r->ncaps; k++) dup |= r->caps[k] == (int)sy->target;
				if (!dup && r->ncaps < PLAN_MAX_CAPS) r->caps[r->ncaps++] = (int)sy->target;
			}
			break;
		}
	}
	for (int t = 0; t < nt; t++) scores[t] += app_fit(c, (uint32_t)t, r);
	r->task = -1;
	r->runner_up = -1;
	for (int t = 0; t < nt; t++) {
		if (r->task < 0 || scores[t] > scores[r->task]) { r->runner_up = r->task; r->task = t; }
		else if (r->runner_up < 0 || scores[t] > scores[r->runner_up]) r->runner_up = t;
	}
	r->score = r->task >= 0 ? scores[r->task] : 0;
	r->runner_up_score = r->runner_up >= 0 ? scores[r->runner_up] : 0;
	/* words that support the chosen task */
	for (int i = 0; r->task >= 0 && i < r->nwords; i++)
		if (!r->stop[i] && !r->app_word[i] && lv[i][r->task] > LV_NONE) r->matched[i] = true;
}

/* Orders the capabilities named by phrases by where they first occur in the query. */
static void order_caps(const struct catalog *c, struct plan_resolution *r)
{
	int first[PLAN_MAX_CAPS];
	for (int k = 0; k < r->ncaps; k++) {
		first[k] = PLAN_MAX_WORDS;
		for (uint32_t s = 0; s < c->nsyns; s++) {
			const struct cat_syn *sy = &c->syns[s];
			if (sy->kind != SYN_CAP || (int)sy->target != r->caps[k]) continue;
			for (int i = 0; i < r->nwords && i < first[k]; i++)
				{
					int span = phrase_at(r, i, cat_s(c, sy->phrase), true);
					if (!span) continue;
					first[k] = i;
					for (int w = i; w < i + span; w++) r->matched[w] |= !r->stop[w] && !r->app_word[w];
				}
		}
	}
	for (int i = 1; i < r->ncaps; i++)
		for (int j = i; j > 0 && (first[j] < first[j - 1] || (first[j] == first[j - 1] && r->caps[j] < r->caps[j - 1])); j--) {
			int t = first[j]; first[j] = first[j - 1]; first[j - 1] = t;
			t = r->caps[j]; r->caps[j] = r->caps[j - 1]; r->caps[j - 1] = t;
		}
}

void plan_resolve_query(const struct catalog *c, const char *query, struct plan_resolution *r)
{
	memset(r, 0, sizeof *r);
	r->task = r->runner_up = -1;
	split_words(r, query);
	if (r->nwords == 0) return;
	mark_apps_and_stops(c, r);
	int scores[64];
	score_tasks(c, r, scores);
	order_caps(c, r);
	int matched = 0;
	for (int i = 0; i < r->nwords; i++) matched += r->matched[i];
	int coverage = r->content ? matched * 100 / r->content : (r->napps ? 50 : 0);
	/* a task needs real support: some matched word and a score above what app names alone give */
	bool task_ok = r->task >= 0 && matched > 0 && r->score >= 6 && coverage >= 30;
	bool caps_outside = false;
	for (int k = 0; task_ok && k < r->ncaps; k++)
		if (!task_has_cap(c, (uint32_t)r->task, (uint32_t)r->caps[k])) caps_outside = true;
	if (task_ok && !caps_outside && r->runner_up_score == r->score) {
		/* a tie is not a choice: name the candidates instead of guessing */
		r->by = BY_QUERY_AMBIGUOUS;
		for (int t = 0; t < (int)c->ntasks && t < 64 && r->ncandidates < 8; t++)
			if (scores[t] == r->score) r->candidates[r->ncandidates++] = t;
		r->task = r->runner_up = -1;
		r->confidence = 0;
	} else if (task_ok && !caps_outside) {
		r->by = BY_QUERY_TASK;
		int conf = coverage;
		if (r->runner_up_score * 10 > r->score * 8) conf = conf * 3 / 4;
		r->confidence = conf;
	} else if (r->ncaps > 0) {
		r->by = BY_QUERY_CAPABILITIES;
		r->task = -1;
		r->confidence = coverage / 2;
	} else {
		r->task = r->runner_up = -1;
		r->score = r->runner_up_score = 0;
		r->confidence = 0;
	}
}

/* ---- app binding and scopes ---- */

int plan_scope_rank(const struct catalog *c, const struct cat_op *op, int i)
{
	const char *s = cat_s(c, c->lists[op->scope_first + (uint32_t)i]);
	const struct cat_scope *r = cat_scope_find(c, op->app, s);
	return r ? (int)r->rank : 1000 + i;
}

static bool scope_suggested(const struct catalog *c, const struct cat_op *op, int i)
{
	const struct cat_scope *r = cat_scope_find(c, op->app, cat_s(c, c->lists[op->scope_first + (uint32_t)i]));
	return r && r->suggest;
}

int plan_op_scope_index(const struct catalog *c, const struct cat_op *op, const char *scope)
{
	if (op->scope_count == CAT_NONE) return -1;
	for (uint32_t i = 0; i < op->scope_count; i++)
		if (strcmp(cat_s(c, c->lists[op->scope_first + i]), scope) == 0) return (int)i;
	return -1;
}

static const struct cat_op *app_op(const struct catalog *c, uint32_t app, uint32_t cap)
{
	const struct cat_app *a = &c->apps[app];
	for (uint32_t i = a->op_first; i < a->op_first + a->op_count; i++)
		if (c->ops[i].cap == cap) return &c->ops[i];
	return NULL;
}

static void add_app(struct plan *p, int a, enum app_source src, enum app_source *srcs)
{
	for (int k = 0; k < p->napps; k++) if (p->apps[k] == a) return;
	if (p->napps == PLAN_MAX_APPS) return;
	srcs[p->napps] = src;
	p->apps[p->napps++] = a;
}

static bool given_app(const struct plan *p, int a)
{
	for (int k = 0; k < p->napps; k++) if (p->apps[k] == a) return true;
	return false;
}

/* Rebinds a task's default app that was not given: the i-th such default of a kind (in step order)
 * takes the i-th given app of that kind that is not itself one of the task's defaults. */
static void rebind_default(struct plan *p, int s, const int *defaults, const enum app_source *srcs)
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
		bool is_default = false;
		for (int q = 0; q < p->nsteps; q++) is_default |= defaults[q] == a;
		if (c->apps[a].kind != st->kind || is_default) continue;
		if (seen++ == nth) { st->app = a; st->app_source = srcs[k]; return; }
	}
}

/* Binds every step of the task (or of the capability chain) to an app. */
static void bind_steps(struct plan *p, const enum app_source *srcs)
{
	const struct catalog *c = p->cat;
	int defaults[PLAN_MAX_STEPS];
	for (int s = 0; s < p->nsteps; s++) defaults[s] = p->steps[s].app;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		if (st->kind == AK_CALLER) continue;
		if (defaults[s] >= 0) {
			if (!given_app(p, defaults[s])) rebind_default(p, s, defaults, srcs);
			continue;
		}
		int pick = -1;
		for (int k = 0; k < p->napps && pick < 0; k++)
			if (c->apps[p->apps[k]].kind == st->kind && app_op(c, (uint32_t)p->apps[k], st->cap)) pick = k;
		for (int k = 0; k < p->napps && pick < 0; k++)
			if (c->apps[p->apps[k]].kind == st->kind) pick = k;
		if (pick >= 0) { st->app = p->apps[pick]; st->app_source = srcs[pick]; }
	}
}

static void load_steps(struct plan *p)
{
	const struct catalog *c = p->cat;
	if (p->task >= 0) {
		const struct cat_task *tk = &c->tasks[p->task];
		for (uint32_t k = 0; k < tk->step_count && p->nsteps < PLAN_MAX_STEPS; k++) {
			const struct cat_step *cs = &c->steps[tk->step_first + k];
			struct plan_step *st = &p->steps[p->nsteps++];
			st->cap = cs->cap;
			st->kind = cs->app_kind;
			st->app = cs->app == CAT_NONE ? -1 : (int)cs->app;
			st->app_source = cs->app == CAT_NONE ? AS_NONE : AS_TASK;
			st->role = cat_s(c, cs->role);
		}
		return;
	}
	for (int k = 0; k < p->res.ncaps && p->nsteps < PLAN_MAX_STEPS; k++) {
		const struct cat_cap *cap = &c->caps[p->res.caps[k]];
		struct plan_step *st = &p->steps[p->nsteps++];
		st->cap = (uint32_t)p->res.caps[k];
		st->kind = cap->caller || !cap->op_count ? AK_CALLER : c->apps[c->ops[c->lists[cap->op_first]].app].kind;
		st->app = -1;
		st->role = k == 0 ? "source" : k + 1 == p->res.ncaps ? "target" : "transform";
	}
}

/* The least privileged alternative among granted scopes, or -1. */
static int granted_index(const struct plan *p, const struct cat_op *op)
{
	int best = -1, best_rank = 1 << 30;
	for (int g = 0; g < p->ngranted; g++) {
		int i = plan_op_scope_index(p->cat, op, p->granted[g]);
		if (i < 0) continue;
		int r = plan_scope_rank(p->cat, op, i);
		if (r < best_rank || (r == best_rank && i < best)) { best = i; best_rank = r; }
	}
	return best;
}

/* Steps whose scopes take part in the minimal cover. */
static bool in_cover(const struct plan_step *st)
{
	return !st->left_out && st->op && st->op->scope_count != CAT_NONE;
}

/* Smallest set of scopes (then least summed rank) such that every covered step accepts one of them. */
static void minimal_cover(struct plan *p)
{
	const struct catalog *c = p->cat;
	const char *cand[64];
	int rank[64], nc = 0, need = 0;
	for (int s = 0; s < p->nsteps; s++) {
		const struct plan_step *st = &p->steps[s];
		if (!in_cover(st)) continue;
		need++;
		bool any = false;
		for (uint32_t i = 0; i < st->op->scope_count; i++) any |= scope_suggested(c, st->op, (int)i);
		for (uint32_t i = 0; i < st->op->scope_count && nc < 64; i++) {
			if (any && !scope_suggested(c, st->op, (int)i)) continue;
			const char *sc = cat_s(c, c->lists[st->op->scope_first + i]);
			int r = plan_scope_rank(c, st->op, (int)i), k;
			for (k = 0; k < nc; k++) if (strcmp(cand[k], sc) == 0) break;
			if (k == nc) { cand[nc] = sc; rank[nc++] = r; }
			else if (r < rank[k]) rank[k] = r;
		}
	}
	p->ncover = 0;
	if (!need) return;
	int best[4], best_cost = 1 << 30, best_k = 0;
	for (int k = 1; k <= 4 && k <= need && !best_k; k++) {
		int idx[4];
		for (int i = 0; i < k; i++) idx[i] = i;
		while (idx[0] <= nc - k) {
			int cost = 0;
			for (int i = 0; i < k; i++) cost += rank[idx[i]];
			bool ok = cost < best_cost;
			for (int s = 0; ok && s < p->nsteps; s++) {
				if (!in_cover(&p->steps[s])) continue;
				bool hit = false;
				for (int i = 0; i < k && !hit; i++) hit = plan_op_scope_index(c, p->steps[s].op, cand[idx[i]]) >= 0;
				ok = hit;
			}
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
	} else {
		/* more than four distinct scopes needed: each step's least privileged suggested alternative */
		for (int s = 0; s < p->nsteps && p->ncover < PLAN_MAX_STEPS; s++) {
			const struct plan_step *st = &p->steps[s];
			if (!in_cover(st)) continue;
			int bi = -1;
			for (uint32_t i = 0; i < st->op->scope_count; i++)
				if (bi < 0 || plan_scope_rank(c, st->op, (int)i) < plan_scope_rank(c, st->op, bi)) bi = (int)i;
			const char *sc = cat_s(c, c->lists[st->op->scope_first + (uint32_t)bi]);
			bool dup = false;
			for (int k = 0; k < p->ncover; k++) dup |= strcmp(p->cover[k], sc) == 0;
			if (!dup) p->cover[p->ncover++] = sc;
		}
	}
}

static void assess_steps(struct plan *p)
{
	const struct catalog *c = p->cat;
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		st->write = c->caps[st->cap].write;
		st->left_out = p->read_only && st->write;
		st->granted = st->ask_for = -1;
		if (st->kind == AK_CALLER) { st->state = SS_CALLER; continue; }
		if (st->app < 0) { st->state = SS_NO_APP; continue; }
		st->op = app_op(c, (uint32_t)st->app, st->cap);
		if (!st->op) { st->state = SS_NOT_DOCUMENTED; continue; }
		if (!st->left_out) p->apps_used |= 1ull << st->app;
		if (st->op->scope_count == CAT_NONE) { st->state = SS_SCOPES_UNKNOWN; continue; }
		st->granted = granted_index(p, st->op);
		st->state = st->granted >= 0 ? SS_SATISFIED : SS_MISSING_SCOPE;
	}
	minimal_cover(p);
	for (int s = 0; s < p->nsteps; s++) {
		struct plan_step *st = &p->steps[s];
		if (!in_cover(st)) continue;
		int best = -1;
		for (int k = 0; k < p->ncover; k++) {
			int i = plan_op_scope_index(c, st->op, p->cover[k]);
			if (i >= 0 && (best < 0 || plan_scope_rank(c, st->op, i) < plan_scope_rank(c, st->op, best))) best = i;
		}
		st->ask_for = best;
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
	if (!r) r = 1u << PS_READY;
	p->rules = r;
	for (int k = 0; k < PS_COUNT; k++)
		if (r & (1u << k)) { p->status = (enum plan_rule)k; break; }
}

void plan_build(struct plan *p, const struct catalog *c, const struct json_object *in)
{
	memset(p, 0, sizeof *p);
	p->cat = c;
	p->task = -1;
	p->res.task = p->res.runner_up = -1;
	p->read_only = jget_bool(in, "read_only", 0);
	p->evidence = jget_bool(in, "evidence", 0);
	p->runtime = jget_str(in, "runtime") ? jget_str(in, "runtime") : "any";
	struct json_object *gs = jget(in, "granted_scopes");
	for (size_t i = 0; gs && i < json_object_array_length(gs) && p->ngranted < PLAN_MAX_SCOPES; i++)
		p->granted[p->ngranted++] = json_object_get_string(json_object_array_get_idx(gs, i));
	enum app_source srcs[PLAN_MAX_APPS];
	struct json_object *apps = jget(in, "apps");
	for (size_t i = 0; apps && i < json_object_array_length(apps); i++) {
		int a = cat_app_find(c, json_object_get_string(json_object_array_get_idx(apps, i)));
		if (a >= 0) add_app(p, a, AS_REQUEST, srcs);
	}
	const char *task_id = jget_str(in, "task_id"), *query = jget_str(in, "query");
	/* task_id wins: the query is then not read at all */
	if (!task_id && query && *query) plan_resolve_query(c, query, &p->res);
	if (task_id) {
		p->task = cat_task_find(c, task_id);
		p->res.by = p->task >= 0 ? BY_TASK_ID : BY_NONE;
		p->res.confidence = p->task >= 0 ? 100 : 0;
	} else {
		p->task = p->res.by == BY_QUERY_TASK ? p->res.task : -1;
	}
	for (int k = 0; k < p->res.napps; k++) add_app(p, p->res.apps[k], AS_QUERY, srcs);
	if (p->task >= 0 || p->res.by == BY_QUERY_CAPABILITIES) {
		load_steps(p);
		bind_steps(p, srcs);
	}
	assess_steps(p);
	decide(p);
}
