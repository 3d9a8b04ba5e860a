/* What the four views of a plan share (POST /v2/workflows/plan, /permissions, /snapshot and
 * /impact): the answer's languages, catalog texts, the task with what the query named, and the members
 * that name and explain a step. Each function writes into o->w (or w); nothing here allocates. */
#ifndef AUTOPLAN_API_PLAN_VIEW_H
#define AUTOPLAN_API_PLAN_VIEW_H

#include "api/handlers.h"
#include "api/views.h"
#include "catalog/vocab.h"
#include "jsonw/jsonw.h"
#include "planner/plan.h"

#include <stdbool.h>

/* What one answer needs besides the plan: the catalog and the languages to write in. */
struct out {
	const struct catalog *c;
	const struct hctx *hc;
	struct jw *w;  /* the answer being written */
	enum cat_lang_order lo;  /* which pre-serialised form of a text the wanted languages pick */
};

/* A step's state and where its app came from, as the answers name them. */
extern const char *const PV_STATE_NAMES[];
extern const char *const PV_SOURCE_NAMES[];

/* Starts the answer object and sets its language, for Content-Language (and Vary: Accept-Language). */
struct jw *pv_answer(const struct hctx *hc, struct reply *r);

/* The `task` member: what was planned and how the request was read. */
void pv_task(const struct out *o, const struct plan *p);

/* The step's note: why it is in the state it is in; null for a plain granted step. */
void pv_step_note(const struct out *o, const struct plan_step *st);

/* What the operation's permission context adds (account policy, admin consent), as an array. */
void pv_account_notes(struct jw *w, const struct catalog *c, const struct plan_step *st);

/* {url, statement}: where the catalog documents an implication. */
void pv_implied_source(const struct out *o, const struct cat_implied *m);

/* {scope, includes, source: {url, statement}}: a grant that authorises by including an alternative. */
void pv_granted_via(const struct out *o, const struct plan_step *st);

/* An app's own permission context, for a step without an operation; null for none or the caller. */
void pv_app_context(struct jw *w, const struct catalog *c, const struct plan_step *st);

/* The members that name a step: its capability, app and operation ids (null where there is none). */
void pv_step_ids(struct jw *w, const struct catalog *c, const struct plan_step *st);

/* The minimal scope set that authorises every planned step. */
void pv_cover_array(struct jw *w, const struct plan *p);

/* The scope list of an operation as a JSON array, null when the catalog documents none. */
void pv_scope_array(struct jw *w, const struct catalog *c, const struct cat_op *op);

/* The name of a product outside the catalog: the catalog's, or the address a website was named by. */
static inline const char *pv_product_name(const struct catalog *c, const struct plan_resolution *r,
	const struct plan_outside *pr)
{
	return pr->site ? r->sites[pr->site - 1] : cat_s(c, c->outside[pr->item].name);
}

/* Small and called for every member: inline, so that a view pays no call for them. */

static inline const char *pv_op_scope(const struct catalog *c, const struct cat_op *op, int i)
{
	return i < 0 ? NULL : cat_s(c, c->lists[op->scope_first + (uint32_t)i]);
}

/* Accept-Language gives one language or both (router.c), most wanted first. */
static inline struct out pv_out(const struct hctx *hc, struct jw *w)
{
	bool de_first = hc->langs[0] == LANG_DE;
	enum cat_lang_order lo = hc->nlangs > 1 ? (de_first ? LO_DE_EN : LO_EN_DE) : de_first ? LO_DE : LO_EN;
	return (struct out){ .c = hc->cat, .hc = hc, .w = w, .lo = lo };
}

/* {"en": .., "de": ..} with the wanted languages only, most wanted first: written by the compiler. */
static inline void pv_ctext(const struct out *o, uint32_t text)
{
	cat_str s = o->c->langtexts[text].json[o->lo];
	jw_rawn(o->w, cat_s(o->c, s), cat_len(o->c, s));
}

static inline void pv_ptext(const struct out *o, enum ptext k)
{
	pv_ctext(o, o->c->texts[k].text);
}

/* A catalog string, or null for a missing record (index < 0). */
static inline void pv_id_or_null(struct jw *w, const struct catalog *c, bool has, cat_str s)
{
	if (has) view_str(w, c, s);
	else jw_null(w);
}

/* The granted scope of a step (its index among the operation's alternatives), or null. */
static inline void pv_step_scope(struct jw *w, const struct catalog *c, const struct plan_step *st, int i)
{
	jw_str(w, st->op ? pv_op_scope(c, st->op, i) : NULL);
}

#endif
