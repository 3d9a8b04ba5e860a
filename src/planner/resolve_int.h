/* Internal to the free-text resolver: resolve.c (the order of the reading and the decision) and the parts it
 * calls, words.c (words and phrases), mentions.c (apps, families and products named, their roles), intents.c
 * (kinds, intents, actions, triggers), score.c (scoring the tasks) and chain.c (chains and a second action).
 * Not installed; included by these files only. It declares what crosses them, each under the file that owns
 * it: a function one file defines and another calls carries the rs_ prefix, everything else stays static in
 * its file. Nothing here allocates: every function works on the caller's struct plan_resolution and the
 * mapped catalog. */
#ifndef PLANNER_RESOLVE_INT_H
#define PLANNER_RESOLVE_INT_H

#include "planner/plan.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { LV_NONE = 0, LV_TYPO = 1, LV_STEM = 2, LV_EXACT = 3 };

/* PH_WIDE: a PH_GAP phrase's small words count for nothing in its gap ("mark all Gmail messages older than a week as
 * read") */
/* PH_SMALL: as PH_LOOSE, but an app's name only right before the phrase's next word ("to another Dropbox folder" is
 * "to another folder"; "in row" is not "in my Outlook calendar as a row") */
/* PH_NAME: a quoted name's words may match (only a subject's phrase reads them: r->quoted) */
/* PH_NOUN: as PH_STRICT, but no -ing form of a one-word phrase ("a mock driving test" names no drive) */
enum { PH_STRICT = 0, PH_LOOSE = 1, PH_STEM = 2, PH_GAP = 4, PH_PAST = 8, PH_WIDE = 16, PH_SMALL = 32, PH_NAME = 64, PH_NOUN = 128 };

/* The last word of the clause word k stands in: before a comma, an arrow, a word joining two things (joins) or the
 * end. */
int rs_clause_last(const struct plan_resolution *r, int k);
/* Whether word at is the particle w[0..lw) of a German separable verb (roles.particles), as written. */
bool rs_particle_at(const struct catalog *c, const struct plan_resolution *r, int at, const char *w, size_t lw);
/* words.c */
int rs_word_level(const char *q, size_t lq, const char *h, size_t lh, bool typo);
void rs_split_words(const struct catalog *c, struct plan_resolution *r, const char *query);
void rs_match_words(const struct catalog *c, struct plan_resolution *r);
/* Whether capability phrase k reads files a place marker puts in a mail app the task chosen takes: its attachments
 * (resolve.c). */
bool rs_files_in_mail(const struct catalog *c, const struct plan_resolution *r, int k);
int rs_phrase_at(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase, unsigned flags);

/* mentions.c */
void rs_find_mentions(const struct catalog *c, struct plan_resolution *r);
enum cat_role rs_role_before(const struct catalog *c, const struct plan_resolution *r, int before);
uint64_t rs_role_words_of(const struct catalog *c, const struct plan_resolution *r, int i, uint64_t wanted);
/* Marks the words of a message's text after "saying" (roles.says) quoted. */
void rs_said_text(const struct catalog *c, struct plan_resolution *r);
int rs_understood_role(const struct catalog *c, struct plan_resolution *r, int i, enum cat_role role);
bool rs_stored_noun(const struct catalog *c, const struct plan_resolution *r, int i);
bool rs_noun_modifier(const struct catalog *c, const struct plan_resolution *r, int i);
/* The subject of verb in read as a passive's participle after its auxiliaries (roles.auxiliaries, roles.modals,
 * roles.passive_asks: "a row should be created", "a row is added"), where it is a word for things; else -1. */
int rs_passive_subject(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in);
/* Whether word i is the only verb of a title: one sentence of twelve words at most, no question, no trigger word and no
 * other verb ("Excel Online table rows appended to a Google Sheet"). */
bool rs_title_verb(const struct catalog *c, const struct plan_resolution *r, int i);
void rs_find_roles(const struct catalog *c, struct plan_resolution *r);
void rs_list_mentions(const struct catalog *c, struct plan_resolution *r);
/* Family mention m is its app a: the app is named (role as the mention's), the family no longer where no other
 * mention names it. */
void rs_family_is_app(struct plan_resolution *r, int m, int a);

/* intents.c */
void rs_find_kinds_and_intents(const struct catalog *c, struct plan_resolution *r);
void rs_find_product_role(const struct catalog *c, struct plan_resolution *r);
void rs_workbook_location(const struct catalog *c, struct plan_resolution *r);
/* "We had a Gmail account until last year, now ... Microsoft 365. Just write a draft in Outlook": an app named only in
 * clauses before the last sentence that say what was (roles.former), where another app is named elsewhere, is one
 * used before, no app of the plan; its mentions are set aside. */
void rs_former_apps(const struct catalog *c, struct plan_resolution *r);
/* Of two apps of one kind, one the firm target, the other only named in a sentence before it is read (intents.c). */
void rs_context_source(const struct catalog *c, struct plan_resolution *r);

/* score.c */
void rs_score_tasks(const struct catalog *c, struct plan_resolution *r, int *scores, int *lvbuf);
void rs_mark_support(const struct catalog *c, struct plan_resolution *r, const int *lvbuf, int t);
bool rs_copy_named(const struct catalog *c, const struct plan_resolution *r, int t);
void rs_order_caps(struct plan_resolution *r);

/* intents.c */
bool rs_says_which(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase, bool writing);

/* chain.c */
int rs_copy_write(const struct catalog *c, int a);
bool rs_trigger_chain(const struct catalog *c, struct plan_resolution *r);
bool rs_object_of_planned(const struct catalog *c, const struct plan_resolution *r, int k, uint64_t have);
bool rs_self_trigger(const struct catalog *c, struct plan_resolution *r);
/* "Reply automatically to every Gmail email": a reply (roles.replies) reads what it answers, then sends. */
bool rs_reply_chain(const struct catalog *c, struct plan_resolution *r);
bool rs_product_chain(const struct catalog *c, struct plan_resolution *r);
bool rs_read_for_tie(const struct catalog *c, struct plan_resolution *r);
void rs_name_chain(const struct catalog *c, struct plan_resolution *r);
void rs_name_task_with_also(const struct catalog *c, struct plan_resolution *r);
bool rs_two_writes(const struct catalog *c, struct plan_resolution *r);
int rs_apps_in_reach(const struct catalog *c, const struct plan_resolution *r, int *out, int cap);
void rs_second_action(const struct catalog *c, struct plan_resolution *r);

/* Small helpers more than one file uses, inline here so that none becomes a call across files. */

/* The roles among wanted (bits of enum cat_role) whose phrases start at word i; the words' role masks first, inline:
 * most words start no phrase of a role asked. */
static inline uint64_t rs_role_words(const struct catalog *c, const struct plan_resolution *r, int i, uint64_t wanted)
{
	uint64_t any = 0;
	for (int m = 0; m < r->nwm[i]; m++) any |= c->words[r->wm[i][m].word].roles;
	return any & wanted ? rs_role_words_of(c, r, i, wanted) : 0;
}

static inline bool has_role_word(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role)
{
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		/* (the word's role mask first: most words start no phrase of the role asked) */
		for (uint32_t k = 0; (w->roles >> role & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == SYN_ROLE && sy->target == (uint32_t)role && rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT))
				return true;
		}
	}
	return false;
}

/* Whether a causative (have, let, lassen; get, roles.receive) stands up to four words before word i in its clause,
 * a word for things or a pronoun between ("have my Outlook emails translated", "have them translated"), or a causative
 * up to ten words before it where no verb stands between ("I want all my client meetings from the Outlook calendar
 * logged into ..."). */
static inline bool after_causative(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool verb = false;  /* (a verb between, past the first four words back) */
	for (int k = i - 2; k >= 0 && k >= i - 11 && !r->after_comma[k + 1] && !r->sentence_start[k + 1]; k--) {
		if (k < i - 5 && (verb || r->intent_word[k])) return false;
		if (rs_role_words(c, r, k, 1ull << ROLE_CAUSATIVE | (k >= i - 5 ? 1ull << ROLE_RECEIVE : 0))) return true;
		verb |= k < i - 3 && r->intent_word[k];
	}
	return false;
}

/* The words of the longest phrase of the role that starts at word i, matched as rs_phrase_at's flags say; 0: none. */
static inline int role_phrase_words(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role,
	unsigned flags)
{
	int longest = 0;
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->roles >> role & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			int n = sy->kind == SYN_ROLE && sy->target == (uint32_t)role ?
				rs_phrase_at(c, r, i, cat_s(c, sy->phrase), flags) : 0;
			if (n > longest) longest = n;
		}
	}
	return longest;
}

/* After an article or a possessive a verb form is a noun or an adjective: "the booking confirmation",
 * "a recording", "my scheduled posts". */

/* Whether word k stands where a noun does: after an article, or after an article and one small word or
 * adverb-like word ("a weekly reporting", "the daily sending"). */
static inline int exact_word(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t kind, int target);

static inline bool after_determiner(const struct catalog *c, const struct plan_resolution *r, int k)
{
	if (r->after_comma[k]) return false; /* "Every Monday, email me the list": a comma ends the article's phrase */
	/* "a step that creates an event": an -s form right after a relative pronoun (roles.relatives) is its verb */
	if (k > 0 && r->wordlen[k] > 3 && r->words[k][r->wordlen[k] - 1] == 's' && has_role_word(c, r, k - 1, ROLE_RELATIVE))
		return false;
	if (k > 0 && has_role_word(c, r, k - 1, ROLE_DETERMINER)) return true;
	/* (so does a possessive: "this week's shift", "Tom's upload"; not a small word's "'s", "it's", "what's", but a
	 * day's: "tomorrow's") */
	if (k > 0 && r->possessive[k - 1] && (!r->stop[k - 1] || exact_word(c, r, k - 1, SYN_STOP, STOP_DAY) >= 0) &&
	    !rs_role_words(c, r, k - 1, 1ull << ROLE_PRONOUN | 1ull << ROLE_OBJECT_PRONOUN | 1ull << ROLE_RELATIVE | 1ull << ROLE_QUESTION))
		return true;
	if (k < 2 || !has_role_word(c, r, k - 2, ROLE_DETERMINER)) return false;
	/* ("every month delete all newsletters": a schedule's words close before the verb) */
	if (r->schedule_words && k - 1 >= r->schedule_first && k - 1 < r->schedule_first + r->schedule_words) return false;
	size_t n = r->wordlen[k - 1];
	/* "a Gmail label": an app's name between the article and the word */
	return r->stop[k - 1] || r->app_word[k - 1] || (n > 3 && strcmp(r->words[k - 1] + n - 2, "ly") == 0);
}

/* Calls fn for every phrase of kind (SYN_* bit set) that the vocabulary words matched by word i start.
 * Stops at the first call that returns true. */
static inline bool each_phrase(const struct catalog *c, const struct plan_resolution *r, int i, unsigned kinds,
	bool (*fn)(const struct catalog *, struct plan_resolution *, int, const struct cat_syn *, void *), void *ctx)
{
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->starts & kinds) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			/* (a phrase of n words needs n words of the query: none is ever shorter) */
			if (((kinds >> sy->kind) & 1) && i + (int)sy->words <= r->nwords && fn(c, (struct plan_resolution *)r, i, sy, ctx))
				return true;
		}
	}
	return false;
}

/* Whether app a is family f's app of its kind. */
static inline bool in_family(const struct catalog *c, uint32_t f, int a)
{
	return c->families[f].apps[c->apps[a].kind] == (uint32_t)a;
}

/* The capability whose answer holds what app a's operation for cap needs (its finding step), or -1. */
static inline int rs_finder_of(const struct catalog *c, int a, uint32_t cap)
{
	const struct cat_op *op = cat_app_op(c, (uint32_t)a, cap);
	if (!op) return -1;
	const struct cat_opx *x = &c->opx[op - c->ops];
	for (uint32_t k = 0; k < x->input_count; k++)
		if (c->inputs[x->input_first + k].found_by != CAT_NONE) return (int)c->inputs[x->input_first + k].found_by;
	return -1;
}

/* Whether an intent asks for a capability that writes. */
static inline bool writes(const struct catalog *c, int intent)
{
	return intent >= 0 && (c->intents[intent].caps & c->write_caps);
}

/* Whether app a documents capability cap (the planner's own lookup of an app's operation). */
static inline bool app_can(const struct catalog *c, int a, uint32_t cap)
{
	return cat_app_can(c, (uint32_t)a, cap);
}

/* The first of the capabilities caps (bit per capability) that app a documents, or -1. */
static inline int first_cap_in(const struct catalog *c, uint64_t caps, int a)
{
	uint64_t can = caps & c->apps[a].caps;
	return can ? __builtin_ctzll(can) : -1;
}

/* Whether an intent asks app a for a capability that writes and that a documents. */
static inline bool writes_in(const struct catalog *c, int intent, int a)
{
	return first_cap_in(c, c->intents[intent].caps & c->write_caps, a) >= 0;
}

/* The app of family f (CS_FAMILIES) that intent writes in, the first by kind, or -1 ("email Tom from Outlook": its
 * mail). */
static inline int family_app_written(const struct catalog *c, int f, int intent)
{
	for (uint32_t kind = 1; f >= 0 && kind < AK_COUNT; kind++) {
		uint32_t a = c->families[f].apps[kind];
		if (a != CAT_NONE && writes_in(c, intent, (int)a)) return (int)a;
	}
	return -1;
}

/* The kinds of the apps named and of every app of the families named ("Outlook" says mail and calendar; an
 * umbrella family too: whose apps, for every kind it has). */
static inline unsigned named_app_kinds(const struct catalog *c, const struct plan_resolution *r)
{
	unsigned named = 0;
	for (int m = 0; m < r->napps; m++) named |= 1u << c->apps[r->apps[m]].kind;
	for (int f = 0; f < r->nfamilies; f++)
		for (int k = 0; k < AK_COUNT; k++) named |= (unsigned)(c->families[r->families[f]].apps[k] != CAT_NONE) << k;
	return named;
}

/* The first family app a belongs to (its app of a's kind), or -1. */
static inline int family_of(const struct catalog *c, int a)
{
	for (uint32_t f = 0; f < c->nfamilies; f++) if (in_family(c, f, a)) return (int)f;
	return -1;
}

/* The target of a one-word phrase of kind (enum cat_syn_kind) that word i matches at level or closer (LV_STEM: its
 * singular or an inflection; target: that one only, or -1 for any), or -1. */
static inline int word_at_level(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t kind, int target,
	int level)
{
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; r->wm[i][m].level >= level && (w->starts >> kind & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == kind && sy->words == 1 && (target < 0 || sy->target == (uint32_t)target)) return (int)sy->target;
		}
	}
	return -1;
}

/* The same, the word as written, exactly. */
static inline int exact_word(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t kind, int target)
{
	return word_at_level(c, r, i, kind, target, LV_EXACT);
}

/* The intent a one-word verb phrase at word i names, or -1. */
static inline int verb_of(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return exact_word(c, r, i, SYN_INTENT, -1);
}

/* Whether word i, a German separable verb's stem before its particle, stands right after an article
 * (roles.articles), an app's name between or none: a noun before a preposition ("den Raum auf Saal 3", "in einer
 * Excel-Liste auf SharePoint"), no verb. */
static inline bool particle_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int a = i > 1 && r->app_word[i - 1] && !r->app_word[i - 2] ? i - 2 : i - 1;
	return a >= 0 && i + 1 < r->nwords && !r->after_comma[i] && has_role_word(c, r, a, ROLE_ARTICLE) &&
		has_role_word(c, r, i + 1, ROLE_PARTICLE);
}

/* Whether no word outside [from, to) is a one-word verb as written (small words aside): the words there are the
 * request's only verb, as in a title. */
static inline bool no_verb_outside(const struct catalog *c, const struct plan_resolution *r, int from, int to)
{
	for (int k = 0; k < r->nwords; k++) if ((k < from || k >= to) && !r->stop[k] && verb_of(c, r, k) >= 0) return false;
	return true;
}

/* Whether word i ends in end (and is longer). */
static inline bool ends_in(const struct plan_resolution *r, int i, const char *end)
{
	size_t n = strlen(end);
	return r->wordlen[i] > n && strcmp(r->words[i] + r->wordlen[i] - n, end) == 0;
}

/* Whether word i holds a digit: a number, a time or an id ("42", "10am") says which one, not what to do. */
static inline bool word_has_digit(const struct plan_resolution *r, int i)
{
	return strpbrk(r->words[i], "0123456789") != NULL;
}

/* Whether word i is an English participle: an -ed form (four letters or more: "red" is none) or one the vocabulary
 * lists (roles.participles: "sent"). */
static inline bool participle_form(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return (r->wordlen[i] > 3 && ends_in(r, i, "ed")) || has_role_word(c, r, i, ROLE_PARTICIPLE);
}

/* Whether a passive's auxiliary (roles.auxiliaries, a small word) stands right before or after word i: "is added",
 * "hochgeladen wird". */
static inline bool passive_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return (i > 0 && r->stop[i - 1] && has_role_word(c, r, i - 1, ROLE_AUX)) ||
		(i + 1 < r->nwords && r->stop[i + 1] && has_role_word(c, r, i + 1, ROLE_AUX));
}

/* "emails tagged urgent", "files uploaded to Dropbox": a participle right after a word for a kind of things says which
 * things. */
static inline bool participle_after_thing(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!participle_form(c, r, i)) return false;
	/* "an issue is labeled bug": a passive's auxiliary (roles.auxiliaries) may stand between */
	/* a kind's word an app's name took in ("Outlook emails") says the things too */
	/* ("the issues of kubernetes/minikube labelled ...": a quoted name of them, a small word before it, too) */
	int j = i - 1;
	if (j >= 0 && r->quoted[j]) {
		while (j >= 0 && r->quoted[j]) j--;
		if (j >= 0 && r->stop[j] && !r->word_kinds[j]) j--;
		return j >= 0 && (r->word_kinds[j] || r->said_kind[j] != AK_COUNT);
	}
	return (i > 0 && (r->word_kinds[i - 1] || r->said_kind[i - 1] != AK_COUNT)) ||
		(i > 1 && r->word_kinds[i - 2] && has_role_word(c, r, i - 1, ROLE_AUX));
}

/* The first word of the sentence word i stands in (r->sentence_start: ". ", "? ", "! " before a word). */
static inline int sentence_of(const struct plan_resolution *r, int i)
{
	while (i > 0 && !r->sentence_start[i]) i--;
	return i;
}

/* The intent noted over word i, or -1. */
static inline int intent_over(const struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nintents; k++)
		if (i >= r->intents[k].first && i < r->intents[k].first + r->intents[k].nwords) return k;
	return -1;
}

/* Whether word i joins two things ("and", "or", in English and German); *either: it is "or". */
static inline bool joins(const struct plan_resolution *r, int i, bool *either)
{
	/* (by length first: asked of most words of a clause, few of them two to four letters long) */
	const char *w = r->words[i];
	size_t n = r->wordlen[i];
	*either = (n == 2 && w[0] == 'o' && w[1] == 'r') || (n == 4 && memcmp(w, "oder", 4) == 0);
	return *either || (n == 3 && w[1] == 'n' && w[2] == 'd' && (w[0] == 'a' || w[0] == 'u'));
}

/* Whether an intent asks for a capability that writes ("create", "send", "post"). */
static inline bool writing_intent(const struct catalog *c, const struct plan_intent *in)
{
	return writes(c, in->intent);
}

/* Bits set in v: few here, so clearing them one by one beats the library's popcount call. */
static inline int bits(uint64_t v)
{
	int n = 0;
	for (; v; v &= v - 1) n++;
	return n;
}

static inline bool two_or_more(uint64_t v)
{
	return (v & (v - 1)) != 0;
}

static inline bool task_has_cap(const struct catalog *c, uint32_t t, uint32_t cap)
{
	return (c->ptasks[t].caps >> cap) & 1;
}

/* Whether the task has steps of a kind of app and writes nothing there (generic steps included). */
static inline bool task_reads_kind(const struct cat_ptask *p, uint32_t kind)
{
	return (p->kinds >> kind & 1) && !(p->write_kinds >> kind & 1) && !(p->write_apps & p->kind_apps[kind]);
}

/* Whether the task's target step writes into app (its own app, or a generic step of app's kind). */
static inline bool writes_into(const struct catalog *c, const struct cat_ptask *p, uint32_t a)
{
	return ((p->write_apps >> a) & 1) || ((p->write_kinds >> c->apps[a].kind) & 1);
}

static inline bool kind_named_explicitly(const struct catalog *c, const struct plan_resolution *r, uint32_t kind)
{
	for (int m = 0; m < r->napps; m++) if (c->apps[r->apps[m]].kind == kind) return true;
	return false;
}

/* Whether a verb of copying (roles.arrow_means, an arrow too) is asked and not declined. */
static inline bool copy_asked(const struct catalog *c, const struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && r->intents[k].intent == (int)c->meta->copy_intent) return true;
	return false;
}

/* The kinds of app (bit per enum cat_app_kind) that document any of caps. */
static inline unsigned caps_kinds(const struct catalog *c, uint64_t caps)
{
	unsigned kinds = 0;
	for (uint32_t a = 0; a < c->napps; a++) if (c->apps[a].caps & caps) kinds |= 1u << c->apps[a].kind;
	return kinds;
}

/* Whether a capability named by a phrase could be meant: no app is named, or a named one documents it
 * ("read the Excel file" names file.read, which the workbook app has not: the file is the workbook). */
static inline bool named_app_can(const struct catalog *c, const struct plan_resolution *r, uint32_t cap)
{
	if (!r->napps) return true;
	for (int m = 0; m < r->napps; m++) if (app_can(c, r->apps[m], cap)) return true;
	return false;
}

/* Two apps of one kind named as source and target: a transfer between them ("move my Dropbox files
 * to OneDrive" moves across apps, whatever "move file" means inside one). */
static inline bool transfer_named(const struct catalog *c, const struct plan_resolution *r)
{
	for (int a = 0; a < r->napps; a++)
		for (int b = 0; b < r->napps; b++)
			if (c->apps[r->apps[a]].kind == c->apps[r->apps[b]].kind && r->app_role[a] == PR_SOURCE &&
			    r->app_role[b] == PR_TARGET)
				return true;
	return false;
}

/* A resolution's confidence: the share of supporting words, less when the next task scores within 80%. */
static inline int lead_confidence(int coverage, int score, int next)
{
	int conf = coverage > 100 ? 100 : coverage;
	return next * 10 > score * 8 ? conf * 3 / 4 : conf;
}

/* Whether task t has a step app a can be bound to: one of a's kind (its own app, a generic step, or a
 * default the request's app replaces). */
static inline bool task_takes(const struct catalog *c, int t, int a)
{
	return c->ptasks[t].kinds >> c->apps[a].kind & 1;
}

/* Whether the clause of "for each" at word j (a trigger word that is roles.made_for's) ends before word i: after its
 * thing's words a verb that is no participle, or an indefinite article, opens the main clause ("read the deposits from
 * Excel and for each guest create a draft in Outlook", "für jeden Gast eine Erinnerung als Entwurf in Outlook anlegen":
 * Outlook is no event's place; "for each row added to Google Sheets" still is). */
static inline bool each_clause_ended(const struct catalog *c, const struct plan_resolution *r, int j, int i)
{
	for (int k = j + 1, nouns = 0; k < i; k++) {
		bool verb = !r->stop[k] && !r->trigger[k] && verb_of(c, r, k) >= 0;
		/* (a person is a noun: "für jeden neuen Mitarbeiter in der Excel-Liste ..."; "jeden" is none, roles.checked) */
		bool noun = !verb && (!r->stop[k] || exact_word(c, r, k, SYN_STOP, STOP_PERSON) >= 0) && !r->trigger[k] &&
			!has_role_word(c, r, k, ROLE_DETERMINER) && !has_role_word(c, r, k, ROLE_CHECKED);
		if (nouns && !noun) return (verb && !participle_form(c, r, k)) || has_role_word(c, r, k, ROLE_INDEFINITE);
		nouns += noun;
	}
	return false;
}

/* Whether a trigger word ("when", "for each new", "sobald") stands in the clause before word i, an app's first word:
 * after the previous app named; or right after the app where it opens the request or a part after an arrow or a
 * comma ("Dropbox new file -> notify me by Gmail"). */
static inline bool triggered(const struct catalog *c, const struct plan_resolution *r, int i, int from)
{
	if (!r->triggers) return false;
	/* (a comma ends the trigger's clause: "Whenever a new row is added, I'd like a Google Calendar event") */
	for (int j = i - 1; j >= 0 && j >= from && !r->after_comma[j + 1]; j--)
		if (r->trigger[j]) return !(has_role_word(c, r, j, ROLE_MADE_FOR) && each_clause_ended(c, r, j, i));
	int k = i;
	while (k < r->nwords && r->app_word[k]) k++;
	return k > i && k < r->nwords && r->trigger[k] && (i == 0 || r->arrow[i - 1] || r->after_comma[i]);
}

/* A bit per app named first in a trigger's clause (after a trigger word, the previous app named before it): where
 * the event happens. */
static inline uint64_t triggered_apps(const struct catalog *c, const struct plan_resolution *r)
{
	uint64_t apps = 0;
	for (int k = 0, prev = 0; r->triggers && k < r->nmentions; k++) {
		if (r->mentions[k].app >= 0 && triggered(c, r, r->mentions[k].first, prev)) apps |= 1ull << r->mentions[k].app;
		prev = r->mentions[k].first + r->mentions[k].nwords;
	}
	return apps;
}

/* The capability of roles.record_means that app a can do (a row appended), or -1. */
static inline int record_cap(const struct catalog *c, int a)
{
	return c->meta->record_intent == CAT_NONE ? -1 : first_cap_in(c, c->intents[c->meta->record_intent].caps, a);
}

/* The first action outside the catalog linked to capability cap (cat_outside.capability), or -1 (joined at open). */
static inline int linked_action(const struct catalog *c, uint32_t cap)
{
	return cap < 64 ? c->cap_action[cap] : -1;
}

/* Whether capabilities caps write only files: a storing verb's ("put", "save", "ablegen"), which store_cap reads
 * where the target keeps none. */
static inline bool stores_files(const struct catalog *c, uint64_t caps)
{
	return caps_kinds(c, caps & c->write_caps) == 1u << AK_DRIVE;
}

/* What a storing verb asks of app a, its target, where it keeps no files (roles.store_means: "put the audition in
 * Google Calendar" adds an event), or -1. */
static inline int store_cap(const struct catalog *c, int a)
{
	return c->meta->store_intent == CAT_NONE ? -1 : first_cap_in(c, c->intents[c->meta->store_intent].caps, a);
}

/* What app a writes for things moved into it with no verb saying how: a record where it keeps records, else what a
 * copy writes (rs_copy_write), or -1. */
static inline int moved_in_write(const struct catalog *c, int a)
{
	int record = record_cap(c, a);
	return record >= 0 ? record : rs_copy_write(c, a);
}

#endif
