/* Reading a free-text query against the compiled vocabulary. Every query word is looked up once in
 * the sorted word index (exact, then by stem through a prefix range, then one typo through the
 * deletion index); phrases are only tried where a word that starts them was found.
 *
 * This file keeps the order of the reading (plan_resolve_query) and the decision (decide: a task, a tie,
 * a capability chain or nothing; alternatives; both ways); words.c, mentions.c, intents.c, score.c and
 * chain.c do the reading (resolve_int.h says what crosses them). */

#include "planner/resolve_int.h"

#include <stddef.h>

/* The best-scoring task whose purpose is one of caps and whose own apps are among the apps named, or -1. */
static int task_for(const struct catalog *c, const int *scores, uint64_t caps, uint64_t named)
{
	int best = -1;
	for (int t = 0; t < (int)c->ntasks && t < 64; t++)
		if ((c->ptasks[t].main_caps & caps) && (c->ptasks[t].apps & named) && !(c->ptasks[t].apps & ~named) && (best < 0 || scores[t] > scores[best])) best = t;
	return best;
}

/* Whether tasks a and b work in one and the same app and neither has a capability the other is for. */
static bool siblings_apart(const struct catalog *c, int a, int b)
{
	const struct cat_ptask *pa = &c->ptasks[a], *pb = &c->ptasks[b];
	return pa->apps == pb->apps && !two_or_more(pa->apps) && !(pa->caps & pb->main_caps) && !(pb->caps & pa->main_caps);
}

/* A real tie between the tasks of the apps in reach whose purposes are among ca and cb (either: joined by "or"):
 * made when both exist, differ, one is the task found (if any), and, for "and", the one app in reach has both
 * as siblings apart. Returns whether it made it. */
static bool tie_between(const struct catalog *c, struct plan_resolution *r, const int *scores, uint64_t named,
	const uint64_t *app_caps, int na, uint64_t ca, uint64_t cb, bool either)
{
	if (!ca || !cb) return false;
	int able = 0; /* the apps in reach that can do any of it (a family's mail is no party to its calendar's tie) */
	for (int m = 0; m < na; m++) able += (app_caps[m] & (ca | cb)) != 0;
	int ta = task_for(c, scores, ca, named), tb = task_for(c, scores, cb, named);
	if (ta < 0 || tb < 0 || ta == tb || (r->task >= 0 && ta != r->task && tb != r->task)) return false;
	/* "read and update cells", "availability & new events": both asked at once of the one app in reach, a
	 * tie only between two of its tasks where neither has what the other is for */
	if (!either && (able != 1 || !siblings_apart(c, ta, tb))) return false;
	r->by = BY_QUERY_AMBIGUOUS;
	r->candidates[0] = ta;
	r->candidates[1] = tb;
	r->ncandidates = 2;
	r->confidence = 0;
	r->settled_confidence = 0;
	return true;
}

/* "updating or appending rows", "read/write the cells": two verbs joined by "or" (a slash reads as "or"),
 * each the purpose of another task of the apps named: the request asks for either, a real tie between
 * them (the task found, or the chain, is one of them). A bare word for a kind of app ending the request after
 * "and" asks for a list of those things (roles.format_means): "Outlook calendar availability & events". */
static void alternatives(const struct catalog *c, struct plan_resolution *r, const int *scores)
{
	int apps[PLAN_MAX_APPS + 16], na = rs_apps_in_reach(c, r, apps, (int)(sizeof apps / sizeof *apps));
	if ((r->by != BY_QUERY_TASK && r->by != BY_QUERY_CAPABILITIES) || r->nproducts || !na) return;
	uint64_t named = 0, can = 0, app_caps[PLAN_MAX_APPS + 16];
	for (int m = 0; m < na; m++) {
		named |= 1ull << apps[m];
		can |= app_caps[m] = c->apps[apps[m]].caps;
	}
	for (int x = 0; x < r->nintents; x++) {
		const struct plan_intent *a = &r->intents[x];
		if (a->negated) continue;
		uint64_t ca = c->intents[a->intent].caps & can;
		bool either;
		for (int y = 0; y < r->nintents; y++) {
			const struct plan_intent *b = &r->intents[y];
			int gap = b->first - (a->first + a->nwords);
			if (b->negated || gap != 1 || !joins(r, b->first - 1, &either)) continue;
			if (tie_between(c, r, scores, named, app_caps, na, ca, c->intents[b->intent].caps & can, either)) return;
		}
		int k = a->first + a->nwords + 1;
		if (k + 1 != r->nwords || !joins(r, k - 1, &either) || either || !r->word_kinds[k] || r->intent_word[k] ||
		    c->meta->format_intent == CAT_NONE)
			continue;
		uint64_t of_kind = 0; /* what the apps of the word's kind can do */
		for (int m = 0; m < na; m++) if (r->word_kinds[k] >> c->apps[apps[m]].kind & 1) of_kind |= app_caps[m];
		if (tie_between(c, r, scores, named, app_caps, na, ca, c->intents[c->meta->format_intent].caps & of_kind, false))
			return;
	}
}

/* "two-way sync between Google Sheets and Excel": a transfer task asked in both directions, where the
 * other direction is a task too (the same apps, the same steps), is a real tie between the two. */
static void both_ways(const struct catalog *c, struct plan_resolution *r)
{
	if (!r->both_ways || r->by != BY_QUERY_TASK || r->task < 0) return;
	const struct cat_task *tk = &c->tasks[r->task];
	for (int u = 0; u < (int)c->ntasks && u < 64; u++) {
		const struct cat_task *o = &c->tasks[u];
		if (u == r->task || c->ptasks[u].apps != c->ptasks[r->task].apps || o->step_count != tk->step_count) continue;
		bool same = true, reversed = false;
		for (uint32_t k = 0; k < tk->step_count && same; k++) {
			const struct cat_step *a = &c->steps[tk->step_first + k], *b = &c->steps[o->step_first + k];
			same = a->cap == b->cap;
			reversed |= a->app != b->app;
		}
		if (!same || !reversed) continue;
		r->by = BY_QUERY_AMBIGUOUS;
		r->candidates[0] = r->task;
		r->candidates[1] = u;
		r->ncandidates = 2;
		r->confidence = r->settled_confidence = 0;
		return;
	}
}

/* Whether every product outside the catalog the request names is a source of the one app named, a target a
 * strong marker names: marked so ("from Typeform"), or named before it with no marker ("Typeform to Google Sheets",
 * "Shopify -> Google Sheets"; not "an assistant that reads files in Google Drive"). A code host keeps no copy of
 * other things than its own ("Jira issues to GitHub"): what goes there is a commit (commit_into_codehost). */
static bool products_into_app(const struct catalog *c, const struct plan_resolution *r)
{
	if (!r->nproducts || !r->app_strong[0] || (c->apps[r->apps[0]].kind == AK_CODEHOST && !(r->kinds >> AK_CODEHOST & 1)))
		return false;
	int app_first = -1;
	for (int k = 0; k < r->nmentions && app_first < 0; k++) if (r->mentions[k].app >= 0) app_first = r->mentions[k].first;
	for (int q = 0; q < r->nproducts; q++)
		if (r->products[q].role != PR_SOURCE && !(r->products[q].role == PR_NONE && r->products[q].first < app_first))
			return false;
	return true;
}

/* "Schichtplan -> Outlook-Kalender", "Webhook -> Google Sheets row": an arrow from something the catalog does not
 * hold into the one app named puts it there: the target writes what it keeps records of, else what a copy writes
 * (the source is the caller's); so where nothing was found, a tie, or a task that does not write there. So do
 * products outside the catalog named as its sources, arrow or not ("Typeform to Google Sheets": the product's
 * step reads on the caller's side, then the rows are appended). */
static bool arrow_into(const struct catalog *c, struct plan_resolution *r)
{
	if (r->napps != 1 || r->nactions || r->app_role[0] != PR_TARGET) return false;
	bool products = products_into_app(c, r);
	if (r->nproducts && !products) return false;
	/* a task writing there stays, unless it reads another app where a product is the source ("Shopify to Google
	 * Sheets Product Sync" is no copy between two spreadsheets) */
	if (r->by == BY_QUERY_CAPABILITIES ||
	    (r->by == BY_QUERY_TASK && r->task >= 0 && writes_into(c, &c->ptasks[r->task], (uint32_t)r->apps[0]) &&
	     !(products && (c->ptasks[r->task].apps & ~(1ull << r->apps[0])))))
		return false;
	int arrow = -1;
	for (int i = 0; i < r->nwords && arrow < 0; i++) if (r->arrow[i]) arrow = i;
	for (int k = 0; arrow >= 0 && !products && k < r->nmentions; k++) if (r->mentions[k].first < arrow) return false;
	int write = arrow < 0 && !products ? -1 : moved_in_write(c, r->apps[0]);
	if (write < 0) return false;
	r->caps[0] = write;
	r->ncaps = 1;
	r->by = BY_QUERY_CAPABILITIES;
	r->task = -1;
	r->ncandidates = 0;
	return true;
}

/* Names the action outside.json links to capability cap (its `capability`) by the words [first, first + n), as
 * an action no task performs; false where none is linked or no room is left. */
static bool add_linked_action(const struct catalog *c, struct plan_resolution *r, int cap, int first, int n)
{
	int o = linked_action(c, (uint32_t)cap);
	if (o < 0 || r->nactions == PLAN_MAX_OUTSIDE) return false;
	r->actions[r->nactions++] = (struct plan_outside){ .first = first, .nwords = n, .item = o };
	return true;
}

/* No task is chosen: the best task and the runner-up become the nearest where an action outside the catalog
 * was read (named), and nothing is planned. */
static void choose_nothing(struct plan_resolution *r, bool name_nearest)
{
	if (name_nearest) {
		r->nnearest = 0;
		if (r->task >= 0 && r->score > 0) r->nearest[r->nnearest++] = r->task;
		if (r->runner_up >= 0 && r->runner_up_score > 0) r->nearest[r->nnearest++] = r->runner_up;
	}
	r->by = BY_NONE;
	r->task = r->runner_up = -1;
	r->score = r->runner_up_score = 0;
	r->confidence = 0;
	for (int i = 0; i < r->nwords; i++) r->matched[i] = false;
}

/* The first capability asked by a phrase that no task plans, where a named app (or, with none named, any app)
 * documents it and no transfer between two apps of a kind is asked ("move my files from OneDrive to Dropbox"
 * copies): "delete old files in Dropbox" asks file.delete, in no task. Its index in r->caps, or -1. */
static int untested_asked(const struct catalog *c, const struct plan_resolution *r, bool transfer)
{
	for (int k = 0; !transfer && k < r->ncaps; k++)
		if (!(c->planned_caps >> r->caps[k] & 1) && named_app_can(c, r, (uint32_t)r->caps[k])) return k;
	return -1;
}

/* A capability no task plans is asked by the words of its phrase: where no action was read, the action
 * outside.json links to it ("move the invoice to another folder": organise); an action read says what is asked
 * ("move old files to the trash" deletes). */
static void name_untested(const struct catalog *c, struct plan_resolution *r, int k)
{
	if (!r->nactions && add_linked_action(c, r, r->caps[k], r->cap_first[k], r->cap_words[k]))
		for (int w = r->cap_first[k]; w < r->cap_first[k] + r->cap_words[k]; w++) r->action_word[w] = true;
}

/* An action the catalog performs after all ("upload to GitHub" is no commit) is no action outside it: its
 * words are those of a capability phrase (the only words marked matched before the support is). A
 * capability no task plans covers nothing: "delete a file" asks an action no task performs. */
static void drop_covered_actions(const struct catalog *c, struct plan_resolution *r)
{
	int u = untested_asked(c, r, transfer_named(c, r));
	r->untested = u >= 0 ? r->caps[u] : -1;
	int keep = 0;
	for (int k = 0; k < r->nactions; k++) {
		const struct plan_outside *a = &r->actions[k];
		/* every word of the action a capability phrase's too ("upload to GitHub" is no upload) */
		bool covered = r->untested < 0 || c->outside[a->item].capability != (uint32_t)r->untested, any = false;
		/* (small words the phrase holds count with it: "sorted by supplier" covers "sort by") */
		for (int w = a->first; w < a->first + a->nwords; w++) {
			covered &= !r->action_word[w] || r->matched[w] || r->stop[w];
			any |= r->action_word[w] && r->matched[w];
		}
		covered &= any;
		if (!covered) r->actions[keep++] = *a;
		else for (int w = a->first; w < a->first + a->nwords; w++) r->action_word[w] = false;
	}
	r->nactions = keep;
	if (u >= 0) name_untested(c, r, u);
}

/* "Find the budget file in OneDrive and update it": a further verb asking a capability no task plans asks an action
 * no task performs, as its phrase would ("rename files in OneDrive"): the request is unresolved, the action linked to
 * the capability named by the verb's words, the task it would have followed the nearest. */
static void untested_further(const struct catalog *c, struct plan_resolution *r)
{
	if (r->also_cap < 0 || r->also_intent < 0 || (c->planned_caps >> r->also_cap & 1)) return;
	const struct plan_intent *in = &r->intents[r->also_intent];
	if (!add_linked_action(c, r, r->also_cap, in->first, in->nwords)) return;
	r->untested = r->also_cap;
	choose_nothing(r, true);
	r->ncaps = 0;
	r->also_intent = r->also_cap = r->also_app = r->also_mention = -1;
}

/* Whether a verb asks an app the query names, and task t uses, for something it can do, reading where the
 * task reads that app and writing where it writes into it ("dass die Informationen aus dem Google Kalender
 * bezogen werden": reading the calendar). */
static bool verb_for_app(const struct catalog *c, const struct plan_resolution *r, int t)
{
	int apps[PLAN_MAX_APPS + PLAN_MAX_MENTIONS * AK_COUNT], na = 0;
	for (int m = 0; m < r->napps; m++) apps[na++] = r->apps[m];
	/* (a family's apps too: "sämtliche E-Mails im Exchange-Online-Postfach ... ermitteln") */
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE) apps[na++] = (int)c->families[r->families[f]].apps[kind];
	for (int k = 0; k < r->nintents; k++) {
		uint64_t caps = c->intents[r->intents[k].intent].caps;
		for (int m = 0; !r->intents[k].negated && m < na; m++) {
			int a = apps[m];
			bool writes = writes_into(c, &c->ptasks[t], (uint32_t)a);
			if (task_takes(c, t, a) && first_cap_in(c, caps & (writes ? c->write_caps : ~c->write_caps), a) >= 0) return true;
			/* (a storing verb into an app that keeps no files asks what roles.store_means says there: "Put deep clean
			 * at Dr Yilmaz's practice, Sat 7-11am, in Google Calendar" adds the event) */
			int st = writes && stores_files(c, caps) ? store_cap(c, a) : -1;
			if (st >= 0 && task_takes(c, t, a) && task_has_cap(c, (uint32_t)t, (uint32_t)st)) return true;
		}
	}
	return false;
}

/* "Send the wholesaler a quick follow-up email about the late pallet delivery": a verb opening the request whose
 * clause holds a word for things of a kind task t's main capability it asks works in supports t as an app would. */
static bool verb_for_kind(const struct catalog *c, const struct plan_resolution *r, int t)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps & c->ptasks[t].main_caps;
		if (in->negated || in->first != 0 || !caps) continue;
		unsigned kinds = caps_kinds(c, caps);
		for (int j = in->first + in->nwords, last = rs_clause_last(r, in->first); j <= last; j++)
			if (r->word_kinds[j] & kinds) return true;
	}
	return false;
}

/* "Save Gmail emails into a Google Doc", "Store Outlook emails in Evernote": in a chain whose target is a product
 * outside the catalog, a writing capability of a kind no app named has is the product's part, done there (its
 * caller-side step), no write into an app the request never named. */
static void writes_in_product(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_CAPABILITIES) return;
	bool into_product = false;
	for (int q = 0; q < r->nproducts; q++) into_product |= r->products[q].role == PR_TARGET;
	if (!into_product) return;
	unsigned named = named_app_kinds(c, r);
	int keep = 0;
	for (int k = 0; k < r->ncaps; k++) {
		/* a write only apps of kinds nobody named document ("save" uploads: no drive named) */
		if (c->caps[r->caps[k]].write && !c->caps[r->caps[k]].caller &&
		    !(caps_kinds(c, 1ull << r->caps[k]) & (named | 1u << AK_CALLER)))
			continue;
		r->caps[keep] = r->caps[k];
		r->cap_first[keep] = r->cap_first[k];
		r->cap_words[keep++] = r->cap_words[k];
	}
	r->ncaps = keep;
	if (!keep) choose_nothing(r, false);
}

/* "Back up my n8n workflows to GitHub", "copy the Google Drive files to GitHub": things that are no code host's own
 * (no word for issues or releases) moved into a code host the request names as the target are committed, an
 * action no task performs (outside.json copy_into_codehost), unless a verb asks the code host to write its own
 * ("create a GitHub issue"). */
static void commit_into_codehost(const struct catalog *c, struct plan_resolution *r)
{
	/* an action already read says what is asked ("add a comment to a GitHub pull request") */
	if (c->meta->copy_into_codehost == CAT_NONE || r->nactions || (r->kinds >> AK_CODEHOST & 1)) return;
	bool target = false;
	for (int m = 0; m < r->napps; m++) target |= c->apps[r->apps[m]].kind == AK_CODEHOST && r->app_role[m] == PR_TARGET;
	if (!target) return;
	int mover = -1;
	for (int k = 0; k < r->nintents; k++) {
		uint64_t caps = c->intents[r->intents[k].intent].caps;
		if (r->intents[k].negated) continue;
		if (caps_kinds(c, caps & c->write_caps) >> AK_CODEHOST & 1) return;
		if (mover < 0) mover = k;
	}
	if (mover < 0) return;
	const struct plan_intent *in = &r->intents[mover];
	r->actions[r->nactions++] = (struct plan_outside){ .first = in->first, .nwords = in->nwords,
		.item = (int)c->meta->copy_into_codehost };
	for (int w = in->first; w < in->first + in->nwords; w++) r->action_word[w] = true;
}

/* "Save email attachments to Dropbox": a task chosen for an app it writes, reading an app of a kind the request
 * names no app of, where the catalog has another app of that kind, would guess the provider read from (the only
 * attachments-to-Dropbox task reads Gmail): it ties with the tasks doing the same from the other apps of that
 * kind, as "save email attachments to Google Drive" does. */
static void provider_unsaid(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_TASK || r->task < 0 || !r->napps) return;
	const struct cat_ptask *p = &c->ptasks[r->task];
	uint64_t read_only = p->apps & ~p->write_apps;
	unsigned named = named_app_kinds(c, r);
	for (uint64_t b = read_only; b; b &= b - 1) {
		int a = __builtin_ctzll(b);
		uint32_t k = c->apps[a].kind;
		if ((named >> k & 1) || bits(p->kind_apps[k]) != 1) continue;
		int n = 0;
		r->candidates[n++] = r->task;
		for (int t = 0; t < (int)c->ntasks && t < 64 && n < PLAN_MAX_CANDIDATES; t++) {
			const struct cat_ptask *q = &c->ptasks[t];
			bool listed = false;  /* one task per app read */
			for (int j = 0; j < n; j++) listed |= (c->ptasks[r->candidates[j]].kind_apps[k] & q->kind_apps[k]) != 0;
			if (t != r->task && !listed && q->caps == p->caps && q->kinds == p->kinds && q->kind_apps[k] &&
			    !(q->write_apps & p->kind_apps[k]))
				r->candidates[n++] = t;
		}
		if (n < 2) continue;
		r->ncandidates = n;
		r->by = BY_QUERY_AMBIGUOUS;
		r->confidence = 0;
		r->settled_confidence = 0;
		return;
	}
}

/* The families named one of whose apps the task takes, each counted as an app named and used. */
static int family_apps_used(const struct catalog *c, const struct plan_resolution *r)
{
	int used = 0;
	for (int f = 0; r->task >= 0 && f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT; kind++) {
			uint32_t a = c->families[r->families[f]].apps[kind];
			if (a != CAT_NONE && task_takes(c, r->task, (int)a)) { used++; break; }
		}
	return used;
}

/* "Go through the invoice emails in my Gmail and put each invoice total into the Google Sheet": a reading capability
 * in a kind of app a generic task whose subject is named reads already is how that task reads, nothing beyond it. */
static bool read_where_generic_reads(const struct catalog *c, const struct plan_resolution *r, int cap)
{
	if (!c->tasks[r->task].generic || !(r->subjects >> r->task & 1) || c->caps[cap].write) return false;
	return (caps_kinds(c, 1ull << cap) & ~c->ptasks[r->task].written_kinds & c->ptasks[r->task].kinds) != 0;
}

/* "find the PDFs in our Gmail and save them to Dropbox": a reading capability of files whose phrase a place marker and
 * a mail app follow (small words between) reads the mail's attachments, which a task taking that mail app reads. */
bool rs_files_in_mail(const struct catalog *c, const struct plan_resolution *r, int k)
{
	int cap = r->caps[k];
	if (c->caps[cap].write || !(caps_kinds(c, 1ull << cap) >> AK_DRIVE & 1)) return false;
	int j = r->cap_first[k] + r->cap_words[k];
	for (int n = 0; j < r->nwords && n < 4 && r->stop[j] && !r->app_word[j] && !r->after_comma[j]; j++, n++)
		if (rs_role_words(c, r, j, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_SOURCE)) {
			for (int m = 0; m < r->nmentions; m++) {
				const struct plan_mention *x = &r->mentions[m];
				if (x->first > j && x->first <= j + 3 && x->app >= 0)
					return c->apps[x->app].kind == AK_MAIL && r->task >= 0 && task_takes(c, r->task, x->app);
			}
			return false;
		}
	return false;
}

/* The decision: a task needs real support (some matched word, a score above what app names alone
 * give, a third of the words); a tie names the candidates; phrases of capabilities no chosen task has
 * make a capability chain. */
static void decide(const struct catalog *c, struct plan_resolution *r, const int *scores, const int *lvbuf)
{
	drop_covered_actions(c, r);
	if (r->task >= 0) rs_mark_support(c, r, lvbuf, r->task);
	rs_order_caps(r);
	int matched = 0;
	for (int i = 0; i < r->nwords; i++) matched += r->matched[i];
	int coverage = r->content ? matched * 100 / r->content : (r->nmentions ? 50 : 0), what = r->ncaps;
	for (int i = 0; r->task >= 0 && i < r->nwords; i++)
		what += r->matched[i] && (!r->intent_word[i] || lvbuf[i * 64 + r->task] > 0);
	/* an app the task works in is a word for it ("Import CSV to GoogleSheet": three words of noise around
	 * one app and one verb); the confidence stays the share of words */
	int apps_used = 0;
	for (int m = 0; r->task >= 0 && m < r->napps; m++) apps_used += task_takes(c, r->task, r->apps[m]);
	/* so is a family one of whose apps the task takes ("ob neue Mails in Outlook angekommen sind") */
	int fams = family_apps_used(c, r);
	int support = (r->content + r->napps + fams) ? (matched + apps_used + fams) * 100 / (r->content + r->napps + fams) : coverage;
	/* a verb alone is no task ("book a flight"): something must say what, or which app; a long story around
	 * an app named and a verb asking it for what the task is for needs no third of the words, nor one holding the
	 * task's own phrase ("... pull the action items out of those meetings ...") */
	bool task_ok = r->task >= 0 && (what > 0 || r->nmentions > 0) && (matched > 0 || rs_copy_named(c, r, r->task)) &&
		r->score >= 6 && (support >= 30 || verb_for_app(c, r, r->task) || verb_for_kind(c, r, r->task) ||
		(r->task_phrases >> r->task & 1));
	/* a generic task with no app named needs two words of support, not one ("order a pizza") */
	if (task_ok && c->tasks[r->task].generic && !r->nmentions && matched < 2) task_ok = false;
	bool caps_outside = false, transfer = transfer_named(c, r);
	for (int k = 0; task_ok && k < r->ncaps; k++)
		if (!task_has_cap(c, (uint32_t)r->task, (uint32_t)r->caps[k]) && named_app_can(c, r, (uint32_t)r->caps[k]) && !transfer &&
		    !read_where_generic_reads(c, r, r->caps[k]) && !rs_files_in_mail(c, r, k))
			caps_outside = true;
	/* a query with more noise than words for it still names this task when the capabilities it names are
	 * this task's own: the plan is the same, and it has a name */
	if (!task_ok && r->task >= 0 && r->ncaps && r->score >= 6 && matched > 0 && (what > 0 || r->nmentions > 0)) {
		bool inside = true;
		for (int k = 0; k < r->ncaps; k++) inside &= task_has_cap(c, (uint32_t)r->task, (uint32_t)r->caps[k]);
		task_ok = inside;
	}
	/* only products outside the catalog named, no catalog app nor family: a task would guess the apps */
	if (r->nproducts && !r->napps && !r->nfamilies) task_ok = false;
	commit_into_codehost(c, r);
	/* an action no task performs is never replaced by a sibling that does something else: the nearest
	 * tasks are named, none is planned */
	if (r->nactions) task_ok = false;
	if (task_ok && !caps_outside && r->runner_up_score == r->score) {
		r->by = BY_QUERY_AMBIGUOUS;
		int next = 0; /* the best score outside the tie */
		for (int t = 0; t < (int)c->ntasks && t < 64; t++)
			if (scores[t] == r->score && r->ncandidates < PLAN_MAX_CANDIDATES) r->candidates[r->ncandidates++] = t;
			else if (scores[t] < r->score && scores[t] > next) next = scores[t];
		r->confidence = 0;
		/* tied tasks that plan the same steps are one answer: as sure as a lead over the next task */
		r->settled_confidence = lead_confidence(coverage, r->score, next);
	} else if (task_ok && !caps_outside) {
		r->by = BY_QUERY_TASK;
		r->confidence = lead_confidence(coverage, r->score, r->runner_up_score);
		provider_unsaid(c, r);
	} else if (r->ncaps > 0 && !r->nactions) {
		r->by = BY_QUERY_CAPABILITIES;
		r->task = -1;
		r->confidence = coverage / 2;
	} else {
		choose_nothing(r, r->nactions > 0);
	}
	if (rs_reply_chain(c, r) || rs_trigger_chain(c, r) || rs_self_trigger(c, r) || rs_product_chain(c, r) || arrow_into(c, r) || rs_read_for_tie(c, r) ||
	    rs_two_writes(c, r))
		r->confidence = coverage / 2;
	writes_in_product(c, r);
	rs_name_chain(c, r);
	alternatives(c, r, scores);
	both_ways(c, r);
	rs_second_action(c, r);
	rs_name_task_with_also(c, r);
	untested_further(c, r);
}

void plan_resolution_init(struct plan_resolution *r)
{
	memset(r, 0, offsetof(struct plan_resolution, folded));
	r->task = r->runner_up = -1;
	r->also_intent = r->also_cap = r->also_app = r->also_mention = r->untested = -1;
	r->folded[0] = '\0';
}

void plan_resolve_query(const struct catalog *c, const char *query, struct plan_resolution *r)
{
	plan_resolution_init(r);
	rs_split_words(c, r, query);
	if (r->nwords == 0) return;
	rs_match_words(c, r);
	rs_said_text(c, r);
	rs_find_mentions(c, r);
	rs_find_roles(c, r);
	rs_list_mentions(c, r);
	rs_find_kinds_and_intents(c, r);
	rs_find_product_role(c, r);
	rs_workbook_location(c, r);
	rs_former_apps(c, r);
	rs_context_source(c, r);
	int scores[64], lvbuf[PLAN_MAX_WORDS * 64];
	rs_score_tasks(c, r, scores, lvbuf);
	decide(c, r, scores, lvbuf);
}
