/* Scoring every task against what the request says: phrases weighted by how rare their words are,
 * intents, the apps named and their roles, then the preferences between tasks that tie (rs_score_tasks,
 * best and runner-up); the words that support the task chosen (rs_mark_support); and the reads of the
 * request the decision shares (rs_copy_named, rs_order_caps). */

#include "planner/resolve_int.h"

#include <limits.h>

/* Score weights: a task phrase counts per word, a capability phrase and an intent once per task that
 * has the capability; named apps move a task up or down (docs/planner.md has the table). */
enum { W_SUBJECT = 3, W_TASK_PHRASE = 4, W_CAP_PHRASE = 3, W_INTENT_MAIN = 10, W_INTENT_PART = 3, W_INTENT_NONE = -3, W_OWN_APP = 6, W_RIVAL_APP = -4, W_KIND_STEP = 2,
	W_UNRELATED_APP = -2, W_ROLE_AGREES = 2, W_ROLE_CONTRADICTS = -3, W_UNNAMED = -2, W_TARGET_WRITE = 4 };

/* ---- scoring ---- */

/* The role ("source"/"target") of the task's first step bound to app, or PR_NONE. */
static enum plan_role task_app_role(const struct cat_ptask *p, uint32_t app)
{
	if (!((p->apps >> app) & 1)) return PR_NONE;
	return (p->target_apps >> app) & 1 ? PR_TARGET : PR_SOURCE;
}

/* How one named app, of kind `kind`, fits the task; role counts when the query names two apps of the kind (a copy). */
static inline int app_mention_fit(const struct cat_ptask *p, uint32_t a, uint32_t kind, enum plan_role role)
{
	bool own = (p->apps >> a) & 1, rival = p->kind_apps[kind] & ~(1ull << a), kind_step = (p->kinds >> kind) & 1;
	int fit = own ? W_OWN_APP : rival ? W_RIVAL_APP : kind_step ? W_KIND_STEP : W_UNRELATED_APP;
	/* two fixed apps of the kind: a copy between them */
	if (own && role != PR_NONE && two_or_more(p->kind_apps[kind]))
		fit += task_app_role(p, a) == role ? W_ROLE_AGREES : W_ROLE_CONTRADICTS;
	return fit;
}

/* What the query names, the same for every task: read once, not once per task. */
struct named {
	enum plan_role role[PLAN_MAX_APPS];  /* an app's role where the query names two of its kind, else none */
	unsigned kinds_said;                 /* generic words and the kinds of apps named */
	uint64_t apps;                       /* bit per app named */
	uint64_t caps;                       /* bit per capability some app named documents */
	uint64_t triggered;                  /* bit per app named inside a trigger's clause */
	bool copy;                           /* a verb of copying is asked (roles.arrow_means) */
	uint64_t later;                      /* apps only a further action's clause names (further_clause) */
	uint32_t kind[PLAN_MAX_APPS];        /* each app's kind */
	unsigned char ends[PLAN_MAX_APPS];   /* each app's NE_* bits: read once, tested per task */
	/* per app named, a bit per task: a step bound to it, to another app of its kind, of its kind; two apps or
	 * more of its kind; writing into it */
	uint64_t own[PLAN_MAX_APPS], rival[PLAN_MAX_APPS], kind_step[PLAN_MAX_APPS], two_of_kind[PLAN_MAX_APPS], into[PLAN_MAX_APPS];
};

/* An app named as the target by a strong marker; as the source by one, or inside a trigger's clause; as the
 * source of a copy a verb of copying asks. */
enum { NE_TARGET = 1, NE_SOURCE = 2, NE_COPY_SOURCE = 4 };

static void read_named(const struct catalog *c, const struct plan_resolution *r, struct named *nm)
{
	nm->kinds_said = r->kinds;
	nm->apps = nm->caps = 0;
	nm->copy = copy_asked(c, r);
	nm->triggered = triggered_apps(c, r);
	/* a family with a generic word for a kind names its app of that kind ("an Outlook message") */
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT; kind++) {
			uint32_t a = c->families[r->families[f]].apps[kind];
			if (a != CAT_NONE && (r->kinds >> kind & 1)) nm->caps |= c->apps[a].caps;
		}
	for (int m = 0; m < r->napps; m++) {
		uint32_t a = (uint32_t)r->apps[m];
		bool strong_source = r->app_role[m] == PR_SOURCE && r->app_strong[m];
		nm->kind[m] = c->apps[a].kind;
		uint32_t kind = nm->kind[m];
		nm->own[m] = a < 64 ? c->app_tasks[a] : 0;
		nm->rival[m] = 0;
		for (uint32_t b = 0; b < c->napps && b < 64; b++)
			if (b != a && c->apps[b].kind == kind) nm->rival[m] |= c->app_tasks[b];
		nm->kind_step[m] = c->kind_tasks[kind];
		nm->two_of_kind[m] = c->copy_tasks[kind];
		nm->into[m] = (a < 64 ? c->write_app_tasks[a] : 0) | c->write_kind_tasks[kind];
		nm->ends[m] = (unsigned char)((r->app_role[m] == PR_TARGET && r->app_strong[m] ? NE_TARGET : 0) |
			(strong_source || (nm->triggered >> a & 1) ? NE_SOURCE : 0) | (nm->copy && strong_source ? NE_COPY_SOURCE : 0));
		if (nm->later >> r->apps[m] & 1) continue;
		nm->caps |= c->apps[r->apps[m]].caps;
		int same_kind = 0;
		for (int q = 0; q < r->napps; q++) same_kind += c->apps[r->apps[q]].kind == c->apps[r->apps[m]].kind;
		nm->role[m] = same_kind >= 2 ? r->app_role[m] : PR_NONE;
		nm->kinds_said |= 1u << c->apps[r->apps[m]].kind;
		nm->apps |= 1ull << r->apps[m];
	}
}

/* Index of the task's first step bound to app a. */
static int first_step_of(const struct catalog *c, const struct cat_task *tk, uint32_t a)
{
	for (uint32_t k = 0; k < tk->step_count; k++) if (c->steps[tk->step_first + k].app == a) return (int)k;
	return -1;
}

/* Adjustment for the apps and families the query names; see docs/planner.md. */
static inline __attribute__((always_inline)) int app_fit(const struct catalog *c, uint32_t t, const struct plan_resolution *r,
	const struct named *nm)
{
	const struct cat_ptask *p = &c->ptasks[t];
	int fit = 0, last = -1, ordered = 1, fixed_seen = 0;
	bool roles = false;
	uint64_t bit = 1ull << t;
	for (int m = 0; m < r->napps; m++) {
		uint32_t a = (uint32_t)r->apps[m];
		if (nm->later >> a & 1) continue;
		enum plan_role role = nm->role[m];
		/* app_mention_fit, read from the masks of the apps named */
		bool own = nm->own[m] & bit;
		fit += own ? W_OWN_APP : nm->rival[m] & bit ? W_RIVAL_APP : nm->kind_step[m] & bit ? W_KIND_STEP : W_UNRELATED_APP;
		if (own && role != PR_NONE && (nm->two_of_kind[m] & bit))
			fit += task_app_role(p, a) == role ? W_ROLE_AGREES : W_ROLE_CONTRADICTS;
		unsigned ends = nm->ends[m];
		bool into = ends && (nm->into[m] & bit); /* writes_into */
		/* "get this PDF into Dropbox": an app named as the target is where the task should write */
		if ((ends & NE_TARGET) && into) fit += W_TARGET_WRITE;
		/* "upload files from Google Drive to GitHub", "when a file is uploaded to Google Drive, ...": a
		 * task that only writes into the app named as the source, or as the trigger's, does the opposite */
		if ((ends & NE_SOURCE) && into && task_app_role(p, a) == PR_TARGET && !(nm->two_of_kind[m] & bit))
			fit -= W_TARGET_WRITE;
		/* "copy my files out of Dropbox into another drive": a copy between two apps of the kind, asked by a verb
		 * of copying, reads the app named as the source */
		if ((ends & NE_COPY_SOURCE) && (nm->two_of_kind[m] & bit) && own && task_app_role(p, a) == PR_SOURCE)
			fit += W_TARGET_WRITE;
		roles |= role != PR_NONE;
		if (!own) continue;
		fixed_seen++;
		int k = first_step_of(c, &c->tasks[t], a);
		if (k < last) ordered = 0;
		last = k;
	}
	if (fixed_seen >= 2 && ordered && !roles) fit += 1;
	unsigned kinds_said = nm->kinds_said, kinds_needed = p->kinds & ~(1u << AK_CALLER);
	uint64_t named = nm->apps;
	/* a family names, for each kind the task needs and no app names, its app of that kind; it is one
	 * name, so it counts once (the mean over those kinds), and it says nothing about which kinds */
	for (int f = 0; f < r->nfamilies; f++) {
		const struct cat_family *fam = &c->families[r->families[f]];
		int covered = 0, sum = 0;
		for (uint32_t kind = 1; kind < AK_COUNT; kind++) {
			if (fam->apps[kind] == CAT_NONE || (nm->later >> fam->apps[kind] & 1)) continue;
			if (!((kinds_needed >> kind) & 1) || kind_named_explicitly(c, r, kind)) continue;
			covered++;
			named |= 1ull << fam->apps[kind];
			sum += app_mention_fit(p, fam->apps[kind], kind, PR_NONE);
		}
		fit += covered ? sum / covered : W_UNRELATED_APP;
	}
	/* a task asks for more than was said when it needs a fixed app, or a kind, the query never names */
	if (r->napps || r->nfamilies) fit += W_UNNAMED * bits(p->apps & ~named);
	fit += W_UNNAMED * bits(kinds_needed & ~kinds_said & ((1u << AK_COUNT) - 1));
	return fit;
}

static int idf_mult(int df)
{
	return df == 0 ? 1 : df <= 2 ? 3 : df <= 6 ? 2 : 1;
}

/* Level of each task for word i (task vocabulary: titles, descriptions, keywords, phrases, subjects);
 * returns the tasks it matches, a bit each. */
static uint64_t word_levels(const struct catalog *c, const struct plan_resolution *r, int i, int *lv, int nt)
{
	uint64_t all = nt == 64 ? ~0ull : (1ull << nt) - 1, any = 0;
	for (int t = 0; t < nt; t++) lv[t] = LV_NONE;
	for (int m = 0; m < r->nwm[i]; m++) {
		int level = r->wm[i][m].level;
		uint64_t tasks = level > LV_NONE ? c->words[r->wm[i][m].word].tasks & all : 0;
		any |= tasks;
		for (; tasks; tasks &= tasks - 1) {
			int t = __builtin_ctzll(tasks);
			if (level > lv[t]) lv[t] = level;
		}
	}
	return any;
}

struct phrase_ctx {
	int *scores, nt;
	unsigned char seen[1024];         /* bit per syn already scored: a phrase counts once */
};

/* Whether cap is one of an intent the query negates ("but don't send it"): named or not, it is never planned. */
static bool declined(const struct catalog *c, const struct plan_resolution *r, uint32_t cap)
{
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].negated && (c->intents[r->intents[k].intent].caps >> cap) & 1) return true;
	return false;
}

/* Whether a verb the request does not negate writes. */
static bool writes_any(const struct catalog *c, const struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) if (!r->intents[k].negated && writing_intent(c, &r->intents[k])) return true;
	return false;
}

/* Whether word i follows "with"/"mit" (an article between allowed) in a request with a verb that writes (before
 * it, or at the end as German puts it: "Mail mit Anhang über Outlook senden"). */
static bool goes_along(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = i - 1;
	if (j >= 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	if (j < 0 || !has_role_word(c, r, j, ROLE_RECORD_WITH)) return false;
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].first != i && !r->intents[k].negated && writing_intent(c, &r->intents[k])) return true;
	return false;
}

/* "Find emails with attachments in Gmail", "Mails mit Anhang": where no verb writes, a thing read after "with"/"mit"
 * (an article between) right after a word for things says which things are found; it asks for nothing. */
static bool says_which_things(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = i - 1;
	if (j >= 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	if (j < 1 || !r->word_kinds[j - 1] || !has_role_word(c, r, j, ROLE_RECORD_WITH)) return false;
	return !writes_any(c, r);
}

/* Whether the thing named by its number at word at is what intent in acts on: no other thing is named between
 * them ("find issues mentioning bug 4711" finds issues). */
static bool names_numbered(const struct plan_resolution *r, const struct plan_intent *in, int at)
{
	int from = in->first + in->nwords, to = at;
	if (from > to) { from = at + 2; to = in->first; }
	for (int w = from; w < to; w++) if (r->word_kinds[w]) return false;
	return true;
}

/* Whether a thing named by its number at word at is some verb's object, or no verb is asked. */
static bool numbered_object(const struct plan_resolution *r, int at)
{
	for (int k = 0; k < r->nintents; k++) if (names_numbered(r, &r->intents[k], at)) return true;
	return r->nintents == 0;
}

/* Whether phrase sy ends in a German infinitive (SYNF_CLOSING_VERB) that is the last word of the clause word i stands
 * in (a test before a gap read). */
static bool ends_clause_with(const struct catalog *c, const struct plan_resolution *r, int i, const struct cat_syn *sy)
{
	if (!(sy->flags & SYNF_CLOSING_VERB)) return false;
	const char *w = strrchr(cat_s(c, sy->phrase), ' ') + 1;
	int last = rs_clause_last(r, i);
	return last > i && rs_word_level(r->words[last], r->wordlen[last], w, strlen(w), false) >= LV_STEM;
}

/* Whether the verb nearest before word i makes something new (a capability that acts on no data the user has:
 * save, upload), and not by capability cap: what it makes goes where the words at i say ("trage die Nummer in die
 * Zeile ein" changes the row). */
static bool written_there_before(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t cap)
{
	int near = -1;
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].first < i && (near < 0 || r->intents[k].first > r->intents[near].first)) near = k;
	if (near < 0 || r->intents[near].negated) return false;
	uint64_t caps = c->intents[r->intents[near].intent].caps;
	return !(caps >> cap & 1) && (caps & c->new_caps);
}

/* The words a two-word phrase spans from its thing at i to its verb closing the clause (a passive's auxiliary after
 * it), only small words, quoted names, words the vocabulary does not know and the thing's own app or kind (and the
 * drive that app is kept in) between, and after "mit" (roles.record_with) what the thing comes with, no app ("eine
 * Zeile mit Versionsnummer und Datum angelegt"); or 0. */
static int thing_then_verb(const struct catalog *c, const struct plan_resolution *r, int i, const struct cat_syn *sy)
{
	int last = rs_clause_last(r, i);
	/* (what the thing comes with may be words "und" joins: "mit Versionsnummer und Datum") */
	for (int k = i + 1; k <= last && last + 2 < r->nwords; k++) {
		bool either;
		if (!has_role_word(c, r, k, ROLE_RECORD_WITH) || !joins(r, last + 1, &either) || r->after_comma[last + 1]) continue;
		last = rs_clause_last(r, last + 1);
	}
	if (last > i + 1 && has_role_word(c, r, last, ROLE_AUX)) last--;
	const char *verb = strrchr(cat_s(c, sy->phrase), ' ') + 1;
	if (last <= i + 1 || rs_word_level(r->words[last], r->wordlen[last], verb, strlen(verb), false) < LV_STEM) return 0;
	unsigned kind = r->word_kinds[i];
	bool app_seen = false;  /* (after the thing's app, the drive it is kept in: "in unserer Excel-Tabelle in OneDrive") */
	bool with = false;
	for (int k = i + 1; k < last; k++) {
		if (r->intent_word[k] || r->after_comma[k]) return 0;
		with |= has_role_word(c, r, k, ROLE_RECORD_WITH);
		int a = -1;
		for (int m = 0; r->app_word[k] && m < r->nmentions; m++)
			if (k >= r->mentions[m].first && k < r->mentions[m].first + r->mentions[m].nwords) a = r->mentions[m].app;
		bool own = (a >= 0 && ((kind >> c->apps[a].kind & 1) || (app_seen && c->apps[a].kind == AK_DRIVE))) || (r->word_kinds[k] & kind);
		app_seen |= a >= 0 && (kind >> c->apps[a].kind & 1);
		/* (a quoted name read as a subject is a name still: "in der Excel-Tabelle "Protokolle" angelegt") */
		if (!r->stop[k] && !r->quoted[k] && !r->named_subject[k] && !own && r->nwm[k] && (!with || r->app_word[k])) return 0;
	}
	return last - i + 1;
}

/* Whether words i+1 .. i+n-1 hold "and" right before a verb's word ("free/busy" is read as "free or busy"). */
static bool joined_verb_within(const struct plan_resolution *r, int i, int n)
{
	bool either;
	for (int k = i + 1; k + 1 < i + n; k++)
		if (joins(r, k, &either) && !either && r->intent_word[k + 1]) return true;
	return false;
}

/* Whether an intent of more than one word that does not ask capability cap starts at word i. */
static bool longer_verb_without(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t cap)
{
	int k = intent_over(r, i);
	return k >= 0 && r->intents[k].first == i && r->intents[k].nwords > 1 && !(c->intents[r->intents[k].intent].caps >> cap & 1);
}

static bool score_phrase(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *v)
{
	struct phrase_ctx *x = v;
	uint32_t id = (uint32_t)(sy - c->syns);
	if (id / 8 >= sizeof x->seen || (x->seen[id / 8] >> (id % 8)) & 1) return false;
	/* (a word for things that only says what another kind's thing is about names no capability: "upload the release
	 * checksums file") */
	if (sy->kind == SYN_CAP && sy->words == 1 && r->modifier[i]) return false;
	/* (nor a verb the person does first: "before I reschedule the offsite, ...") */
	if (sy->kind == SYN_CAP && r->done_first[i]) return false;
	/* a number right after its thing, where no verb writes: "create an issue for bug 42" makes a new one */
	int last = i + (int)sy->words - 1;
	bool numbered = r->digits && (sy->flags & SYNF_NUMBERED) && sy->kind == SYN_CAP && last < r->nwords &&
		r->words[last][0] >= '0' && r->words[last][0] <= '9';
	if (numbered && (writes_any(c, r) || !numbered_object(r, i))) return false;
	/* (a phrase opening with a small word holds only small words between its own) */
	int n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), numbered ? PH_STRICT : r->stop[i] ? PH_SMALL : PH_LOOSE);
	/* (a loose phrase skips no word of a verb of several words it opens, unless that verb asks its capability: "show
	 * up in my Outlook calendar" shows no calendar; "send me an email" sends one) */
	if (n > (int)sy->words && sy->kind == SYN_CAP && r->intent_word[i] && longer_verb_without(c, r, i, sy->target)) n = 0;
	/* (nor reaches over "and" to a verb opening the next clause: "find a free hour ... and block it" blocks a slot) */
	if (n > (int)sy->words && sy->kind == SYN_CAP && joined_verb_within(r, i, n)) n = 0;
	/* a separable verb holds its object between its two words where a verb was read there, its particle closing
	 * the clause ("lade die Rechnung in Dropbox hoch") */
	if (!n && sy->words == 2 && r->intent_word[i]) {
		n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_GAP);
		if (n && (rs_clause_last(r, i + n - 1) != i + n - 1 || !has_role_word(c, r, i + n - 1, ROLE_PARTICLE))) n = 0;
	}
	/* "in den Ordner Archiv 2024 verschieben": a thing's name, words read as no verb, app, kind or action, stands
	 * between the thing and the verb that closes the clause */
	if (!n && sy->words == 2 && !r->intent_word[i] && ends_clause_with(c, r, i, sy)) {
		n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_GAP);
		for (int k = i + 1; n && k < i + n - 1; k++)
			if (r->intent_word[k] || r->word_kinds[k] || r->app_word[k] || r->action_word[k] || r->after_comma[k]) n = 0;
		if (n && rs_clause_last(r, i + n - 1) != i + n - 1) n = 0;
	}
	/* "soll eine Zeile in der Excel-Tabelle zur Abrechnung angelegt werden": the thing, its own place (its app or
	 * words of its kind) and a verb closing the clause, a passive's auxiliary after it */
	if (!n && sy->words == 2 && !r->intent_word[i] && r->word_kinds[i]) n = thing_then_verb(c, r, i, sy);
	if (!n) return false;
	x->seen[id / 8] |= (unsigned char)(1u << (id % 8));
	if (numbered && !r->numbered) r->numbered_at = i;
	if (numbered) r->numbered |= 1ull << sy->target;
	/* (a capability's phrase in a sentence of context asks nothing: "Tenants email maintenance requests to our Outlook
	 * mailbox, and the handyman reads the open jobs from a Google Sheet every morning.") */
	if (sy->kind != SYN_TASK && r->context[i]) return false;
	if (sy->kind == SYN_TASK) {
		x->scores[sy->target] += W_TASK_PHRASE * (int)sy->words;
		if (sy->target < 64) r->task_phrases |= 1ull << sy->target;
		return false;
	}
	/* "neue Zeilen in Excel als Termine ...": a phrase of writing that starts at a trigger word is the event; one
	 * that starts at a "new" describing another verb's object ("read every new row") is that object */
	if (c->caps[sy->target].write && (r->trigger[i] || r->describes[i])) return false;
	/* "upload the latest draft to ...": one writing word an article opens after a storing verb is the thing stored;
	 * one between an article and a plain noun says what the noun is ("as a draft episode") */
	if (c->caps[sy->target].write && sy->words == 1 && (rs_stored_noun(c, r, i) || rs_noun_modifier(c, r, i))) return false;
	/* "No new rows, just update existing ones": a writing phrase right after a negation is declined */
	if (c->caps[sy->target].write && i > 0 && r->negation_from && has_role_word(c, r, i - 1, ROLE_NEGATION)) return false;
	/* "rename files uploaded to Dropbox", "which files did I upload": the upload says which files */
	if (c->caps[sy->target].write && rs_says_which(c, r, i, cat_s(c, sy->phrase), true)) return false;
	/* "from new rows in Google Sheets": a phrase of writing after a source marker names what is read */
	if (c->caps[sy->target].write && i > 0 && rs_role_words(c, r, i - 1, 1ull << ROLE_SOURCE)) return false;
	/* "save the findings into our shared drive": a phrase of writing at a target marker is where an earlier verb
	 * writing something else puts things, not a capability of its own ("move files into a shared drive" moves) */
	if (c->caps[sy->target].write && rs_role_words(c, r, i, 1ull << ROLE_TARGET) && written_there_before(c, r, i, sy->target))
		return false;
	/* "orders that customers send us by email": a phrase of writing that starts at a person's verb is what the
	 * person did, what came of it is read */
	int by = r->intent_word[i] ? intent_over(r, i) : -1;
	if (c->caps[sy->target].write && by >= 0 && r->intents[by].by_person) return false;
	/* "send an email with an attachment": after a writing verb, a thing read that comes "with" it goes along; one
	 * added to what is written ("add an attachment": along[], intents.c) too */
	if (!c->caps[sy->target].write && (goes_along(c, r, i) || r->along[i])) return false;
	if (!c->caps[sy->target].write && says_which_things(c, r, i)) {
		for (int w = i; w < i + n; w++) r->matched[w] |= !r->stop[w] && !r->app_word[w];
		return false;
	}
	bool no = declined(c, r, sy->target); /* understood (its words match), never scored nor planned */
	for (uint64_t o = no || sy->target >= 64 ? 0 : c->cap_tasks[sy->target]; o; o &= o - 1) x->scores[__builtin_ctzll(o)] += W_CAP_PHRASE;
	for (int k = 0; k < r->ncaps; k++) if (r->caps[k] == (int)sy->target) return false;
	if (!no && r->ncaps < PLAN_MAX_CAPS) {
		r->cap_first[r->ncaps] = i;
		r->cap_words[r->ncaps] = n;
		r->caps[r->ncaps++] = (int)sy->target;
	}
	for (int w = i; w < i + n; w++) r->matched[w] |= !r->stop[w] && !r->app_word[w];
	return false;
}

/* Names capability cap as a phrase from word first over n words would, where it is not named yet. */
static void name_cap(const struct catalog *c, struct plan_resolution *r, int *scores, int cap, int first, int n)
{
	for (int q = 0; q < r->ncaps; q++) if (r->caps[q] == cap) return;
	if (r->ncaps == PLAN_MAX_CAPS) return;
	for (uint64_t o = cap < 64 ? c->cap_tasks[cap] : 0; o; o &= o - 1) scores[__builtin_ctzll(o)] += W_CAP_PHRASE;
	r->cap_first[r->ncaps] = first;
	r->cap_words[r->ncaps] = n;
	r->caps[r->ncaps++] = cap;
}

struct passive_ctx { int *scores, thing; };

/* A writing phrase "VERB [article] THING" whose verb the participle at i is and whose thing word ctx->thing is. */
static bool passive_phrase(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *v)
{
	struct passive_ctx *x = v;
	const char *ph = cat_s(c, sy->phrase), *last = strrchr(ph, ' ');
	if (sy->kind != SYN_CAP || !c->caps[sy->target].write || sy->words < 2 || sy->words > 3 || !last ||
	    rs_word_level(r->words[x->thing], r->wordlen[x->thing], last + 1, strlen(last + 1), false) < LV_STEM)
		return false;
	name_cap(c, r, x->scores, (int)sy->target, x->thing, i - x->thing + 1);
	r->matched[x->thing] = r->matched[i] = true;
	return true;
}

/* "For every event in Google Calendar a row should be created in Excel": a verb's participle after a passive's
 * auxiliaries whose subject is a word for things (rs_passive_subject) names what the phrase "create a row" would. */
static void passive_caps(const struct catalog *c, struct plan_resolution *r, int *scores)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		int j = rs_passive_subject(c, r, in);
		if (j < 0) continue;
		struct passive_ctx x = { .scores = scores, .thing = j };
		/* (the phrases open with the verb's plain form: "created", "added" are "create", "add") */
		const char *w = r->words[in->first];
		size_t n = r->wordlen[in->first];
		for (size_t cut = 1; cut <= 2 && n > cut + 2 && w[n - 1] == 'd'; cut++) {
			int e = cat_word_find(c, w, n - cut);
			bool found = false;
			for (uint32_t q = 0; e >= 0 && !found && (c->words[e].starts & 1u << SYN_CAP) && q < c->words[e].syn_count; q++)
				found = passive_phrase(c, r, in->first, &c->syns[c->lists[c->words[e].syn_first + q]], &x);
			if (found) break;
		}
	}
}

/* The one app named whose kind word kinds says, or -1. */
static int app_of_kinds(const struct catalog *c, const struct plan_resolution *r, unsigned kinds)
{
	int app = -1, n = 0;
	for (int m = 0; m < r->napps; m++)
		if (kinds >> c->apps[r->apps[m]].kind & 1) { app = r->apps[m]; n++; }
	return n == 1 ? app : -1;
}

/* Whether another verb, of the other direction (reading or writing), stands before (before) or after word i. */
static bool other_verb(const struct catalog *c, const struct plan_resolution *r, int i, bool writing, bool before)
{
	for (int q = 0; q < r->nintents; q++) {
		const struct plan_intent *o = &r->intents[q];
		if (!o->negated && !o->by_person && writes(c, o->intent) != writing && (before ? o->first < i : o->first > i)) return true;
	}
	return false;
}

/* Whether word i is a word of a writing verb's phrase. */
static bool writing_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int k = r->intent_word[i] ? intent_over(r, i) : -1;
	return k >= 0 && writes(c, r->intents[k].intent);
}

/* Of reading capabilities caps of app a, those whose tasks the thing's word supports (lv: its task levels; "issues"
 * is no release), then those reading without an identifier first ("the open GitHub issues" are listed), or, of one
 * thing named by its number, those reading one ("issue #42"). */
static uint64_t read_of_thing(const struct catalog *c, int a, uint64_t caps, const int *lv, int nt, bool one)
{
	uint64_t said = 0, listing = 0;
	for (int t = 0; t < nt; t++) if (lv[t] > 0) said |= c->ptasks[t].main_caps & caps;
	if (said) caps = said;
	for (uint64_t b = caps; b; b &= b - 1)
		if ((rs_finder_of(c, a, (uint32_t)__builtin_ctzll(b)) < 0) != one) listing |= b & -b;
	return listing ? listing : caps;
}

/* Two actions in one request, each verb with its own object ("Go through the rows of my Google Sheet and create a
 * GitHub issue for each row", "Hol die offenen GitHub-Issues, trag sie in eine Excel-Tabelle ein und ..."): a
 * reading verb whose object (articles, an app's name and one more word before it) is a word for one kind of things
 * of an app named, before a writing verb, and a writing verb whose clause names one app, after a reading verb,
 * name the one capability of that app the verb asks, as a capability phrase would. */
static void verb_object_caps(const struct catalog *c, struct plan_resolution *r, int *scores, int nt)
{
	if (r->nintents < 2 || r->nproducts) return;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		bool w = writes(c, in->intent);
		if (in->negated || in->by_person || !other_verb(c, r, in->first, w, w)) continue;
		int end = in->first + in->nwords, app = -1, j = end, family = -1;
		if (!w) {
			bool either;
			for (int extra = 0; j < r->nwords && !r->word_kinds[j] && !r->after_comma[j] && !joins(r, j, &either) &&
			     !writing_at(c, r, j) && (r->stop[j] || r->app_word[j] || extra++ < 1); j++) {}
			if (j < r->nwords && !r->after_comma[j] && bits(r->word_kinds[j]) == 1) app = app_of_kinds(c, r, r->word_kinds[j]);
		} else {
			int last = rs_clause_last(r, in->first + in->nwords - 1), n = 0;
			/* a family: its app the verb writes in ("email the list ... from Outlook"), where the verb writes in one
			 * kind only ("new" describes as much as it asks) */
			bool one_kind = bits(caps_kinds(c, c->intents[in->intent].caps & c->write_caps)) == 1;
			for (int m = 0; m < r->nmentions; m++) {
				const struct plan_mention *x = &r->mentions[m];
				if (x->first <= in->first || x->first > last) continue;
				int a = x->app >= 0 ? x->app : one_kind ? family_app_written(c, x->family, in->intent) : -1;
				if (a >= 0) { app = a; n++; family = x->app < 0 ? m : -1; }
			}
			if (n != 1) app = -1;
			if (app >= 0 && family >= 0) rs_family_is_app(r, family, app);
		}
		uint64_t caps = app >= 0 ? c->intents[in->intent].caps & c->apps[app].caps & (w ? c->write_caps : ~c->write_caps) : 0;
		if (!w && bits(caps) > 1) {
			int lv[64]; /* (the thing's own levels: an app's name may hold it, "GitHub-Issues") */
			word_levels(c, r, j, lv, nt);
			caps = read_of_thing(c, app, caps, lv, nt, j + 1 < r->nwords && word_has_digit(r, j + 1));
		}
		/* (a verb inside a capability's phrase named already is that phrase's: "new row in Google Sheets"; so is a
		 * thing: "issue #42" is read) */
		for (int q = 0; q < r->ncaps; q++) {
			int from = r->cap_first[q], to = from + r->cap_words[q];
			if ((in->first >= from && in->first < to) || (!w && j >= from && j < to)) caps = 0;
		}
		if (bits(caps) != 1) continue;
		name_cap(c, r, scores, __builtin_ctzll(caps), in->first, (w ? end : j + 1) - in->first);
		if (!w) r->matched[j] = true;
	}
}

/* The tasks tied at the top score. */
static uint64_t tied_top(const int *scores, int nt)
{
	int top = INT_MIN;
	uint64_t tied = 0;
	for (int t = 0; t < nt; t++) {
		if (scores[t] > top) {
			top = scores[t];
			tied = 0;
		}
		if (scores[t] == top) tied |= 1ull << t;
	}
	return tied;
}

/* Of the tasks tied at the top, those in ahead stay there, the others drop by one (a tie only among them).
 * Returns the tasks tied at the top after it: one pass over the scores serves every preference. */
static uint64_t ahead_of_tie(int *scores, uint64_t tied, uint64_t ahead)
{
	if (!(ahead & tied) || !(tied & ~ahead)) return tied;
	for (uint64_t o = tied & ~ahead; o; o &= o - 1) scores[__builtin_ctzll(o)]--;
	return tied & ahead;
}

/* A bit per kind some family named has an app of; an umbrella's name (three kinds or more: Microsoft Graph,
 * Microsoft 365, Google Workspace) says whose apps, not which kind ("upload a file to OneDrive with Microsoft
 * Graph" names no mail). */
static unsigned family_kinds(const struct catalog *c, const struct plan_resolution *r)
{
	unsigned kinds = 0;
	for (int f = 0; f < r->nfamilies; f++) {
		unsigned own = 0;
		for (uint32_t kind = 1; kind < AK_COUNT; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE) own |= 1u << kind;
		if (bits(own) < 3) kinds |= own;
	}
	return kinds;
}

/* "write values at the last row of a google sheet": of tasks tied at the top, one working only in kinds of
 * app the query names (by an app or a family; a task's apps are rebound within a kind) fits better than
 * one needing a kind of app it never names. */
static uint64_t prefer_named(const struct catalog *c, const struct plan_resolution *r, const struct named *nm, int *scores,
	uint64_t tied)
{
	if (!r->napps && !r->nfamilies) return tied;
	unsigned kinds = 1u << AK_CALLER | family_kinds(c, r);
	for (uint64_t a = nm->apps; a; a &= a - 1) kinds |= 1u << c->apps[__builtin_ctzll(a)].kind;
	uint64_t all_named = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (!(c->ptasks[__builtin_ctzll(o)].kinds & ~kinds)) all_named |= 1ull << __builtin_ctzll(o);
	return ahead_of_tie(scores, tied, all_named);
}

/* "alle offenen github issues in einer Google Tabelle": of tasks tied at the top, those with a step of every kind of
 * app named go ahead of one leaving an app named out (codehost-issues-sheetsA, not codehost-issues). */
static uint64_t prefer_every_app(const struct catalog *c, const struct named *nm, int *scores, uint64_t tied)
{
	unsigned kinds = 0;
	for (uint64_t a = nm->apps; a; a &= a - 1) kinds |= 1u << c->apps[__builtin_ctzll(a)].kind;
	uint64_t every = 0;
	for (uint64_t o = tied; kinds && o; o &= o - 1)
		if (!(kinds & ~c->ptasks[__builtin_ctzll(o)].kinds)) every |= 1ull << __builtin_ctzll(o);
	return ahead_of_tie(scores, tied, every);
}

/* "Upload PDF invoices from Gmail to Dropbox": of tasks tied at the top, a generic task whose subject the query
 * names is the answer (it keeps the apps named), ahead of a task of those apps that saves everything. */
static uint64_t prefer_subject(const struct catalog *c, const struct plan_resolution *r, int *scores, uint64_t tied)
{
	uint64_t about = 0;
	for (uint64_t o = tied & r->subjects; o; o &= o - 1)
		if (c->tasks[__builtin_ctzll(o)].subject) about |= 1ull << __builtin_ctzll(o);
	return ahead_of_tie(scores, tied, about);
}

/* Whether a person (synonyms.json persons) follows a source marker, a determiner between at most ("from suppliers",
 * "von unseren Lieferanten"): someone sent the things. */
static bool sender_named(const struct catalog *c, const struct plan_resolution *r)
{
	for (int i = 1; i < r->nwords; i++) {
		if (exact_word(c, r, i, SYN_STOP, STOP_PERSON) < 0) continue;
		int j = i - 1;
		if (j > 0 && rs_role_words(c, r, j, 1ull << ROLE_DETERMINER | 1ull << ROLE_ARTICLE)) j--;
		if (!r->after_comma[j + 1] && rs_role_words(c, r, j, 1ull << ROLE_SOURCE)) return true;
	}
	return false;
}

/* "Such mir in Outlook alle Mahnungen von Lieferanten raus": of tasks tied at the top in the apps of a family, things
 * sent by people are mail: the tasks of mail go ahead. */
static uint64_t prefer_sent(const struct catalog *c, const struct plan_resolution *r, int *scores, uint64_t tied)
{
	if (bits(tied) < 2 || !sender_named(c, r)) return tied;
	uint64_t mail = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (c->ptasks[__builtin_ctzll(o)].kinds == 1u << AK_MAIL) mail |= 1ull << __builtin_ctzll(o);
	return ahead_of_tie(scores, tied, mail);
}

/* "Anhänge aus Outlook in Dropbox speichern": of tasks tied at the top, those having every capability a phrase names
 * (attachments: attachment.download) go ahead of one lacking some (upload a file to Dropbox). */
static void prefer_caps(const struct catalog *c, const struct plan_resolution *r, int *scores, uint64_t tied)
{
	uint64_t named = 0;
	for (int k = 0; k < r->ncaps; k++) named |= 1ull << r->caps[k];
	if (!named) return;
	uint64_t all = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (!(named & ~c->ptasks[__builtin_ctzll(o)].caps)) all |= 1ull << __builtin_ctzll(o);
	ahead_of_tie(scores, tied, all);
}

/* "download every file in a Dropbox folder": a task copying between two apps of one kind writes into one
 * nobody asked for where no verb writes or copies, no arrow stands and the query names one app of that kind. */
static bool copy_unasked(const struct catalog *c, const struct plan_resolution *r)
{
	if (r->nproducts || !r->nintents || copy_asked(c, r)) return false;
	for (int k = 0; k < r->nintents; k++) if (!r->intents[k].negated && writes(c, r->intents[k].intent)) return false;
	return true;
}

static unsigned named_kinds(const struct catalog *c, const struct plan_resolution *r)
{
	/* a family names the kinds it has apps of ("from Outlook": mail and calendar, no drive) */
	unsigned named = r->kinds | family_kinds(c, r);
	for (int m = 0; m < r->napps; m++) named |= 1u << c->apps[r->apps[m]].kind;
	return named;
}

/* Whether task t, where no verb writes or copies (copy_unasked), writes where nobody asked: into a kind of app
 * the query never names ("Download all attachments from a Gmail label" saves them in no drive), or copying
 * between two apps of a kind the query names one app of. */
static bool copies_unasked(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	if (p->written_kinds & ~named_kinds(c, r) & ~(1u << AK_CALLER)) return true;
	uint32_t kind = AK_COUNT;
	for (uint32_t k = 1; k < AK_COUNT && kind == AK_COUNT; k++) if (two_or_more(p->kind_apps[k])) kind = k;
	if (kind == AK_COUNT) return false;
	int of_kind = 0;
	for (int m = 0; m < r->napps; m++) of_kind += c->apps[r->apps[m]].kind == kind;
	return of_kind == 1;
}

/* Takes 1000 from the score of every task in the set. */
static void penalise(int *scores, uint64_t tasks)
{
	for (; tasks; tasks &= tasks - 1) scores[__builtin_ctzll(tasks)] -= 1000;
}

/* "Save Stripe invoices to Google Drive": where a product outside the catalog is the source, a task reading
 * from a kind of app nothing names (the invoices of its e-mail) reads the wrong thing. */
static bool reads_unnamed(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	return (p->kinds & ~p->written_kinds & ~named_kinds(c, r) & ~(1u << AK_CALLER)) != 0;
}


/* Whether verb in puts its object into app a: a mention of a follows it with no other verb or participle between
 * ("email me the files added to Google Drive" puts nothing into the drive). */
static bool puts_into(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, int a)
{
	int at = -1;
	for (int q = 0; q < r->nmentions && at < 0; q++) if (r->mentions[q].app == a) at = r->mentions[q].first;
	if (at < in->first) return false;
	for (int w = in->first + in->nwords; w < at; w++) if (r->intent_word[w] || participle_form(c, r, w)) return false;
	return true;
}

/* "Neue Typeform-Antworten in Google Sheets speichern": what a writing verb asks where the apps named cannot do it
 * and one app is named as the target: its record capability where it keeps records (roles.record_means) and the
 * query speaks of no files; else, where a strong marker names it and the verb puts its object into it ("send the
 * report to OneDrive"), what a copy writes there; else -1. */
/* The kind of app a word for it says right after a target marker (determiners between) in the clause of a verb,
 * or -1 ("put them in the calendar"). */
static int kind_target_after(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	int last = rs_clause_last(r, in->first);
	for (int j = in->first + in->nwords; j < last; j++) {
		if (!rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) continue;
		int k = j + 1;
		while (k < last && has_role_word(c, r, k, ROLE_DETERMINER)) k++;
		return r->said_kind[k] != AK_COUNT ? r->said_kind[k] : -1;
	}
	return -1;
}

/* What a storing verb asks where no app is named and its target is a kind of app that keeps no files
 * (roles.store_means: "put them in the calendar" adds an event), or -1. */
static int kind_store_cap(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	int kind = r->napps || !stores_files(c, c->intents[in->intent].caps) ? -1 : kind_target_after(c, r, in);
	for (uint64_t a = kind >= 0 ? c->kind_apps[kind] : 0; a; a &= a - 1) {
		int st = store_cap(c, __builtin_ctzll(a));
		if (st >= 0) return st;
	}
	return -1;
}

static int target_record(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	if (!writing_intent(c, in)) return -1;
	int found = kind_store_cap(c, r, in);
	if (found >= 0) return found;
	for (int m = 0; m < r->napps; m++) {
		if (r->app_role[m] != PR_TARGET) continue;
		if (found >= 0) return -1;
		found = record_cap(c, r->apps[m]);
		if (found >= 0 && (r->kinds >> AK_DRIVE & 1)) return -1;
		/* (a verb that stores files: "put the audition in Google Calendar"; "email me about events in ..." is no storing) */
		if (found < 0 && stores_files(c, c->intents[in->intent].caps)) found = store_cap(c, r->apps[m]);
		if (found < 0 && r->app_strong[m] && puts_into(c, r, in, r->apps[m])) found = rs_copy_write(c, r->apps[m]);
		if (found < 0) return -1;
	}
	return found;
}

/* "Upload scanned receipts to OneDrive": a capability phrase for making something new out of what the caller
 * holds (an upload), where nothing is named as the source: the caller supplies it, so a task reading it from a
 * kind of app nothing names (the invoices of an e-mail account) reads the wrong thing (reads_unnamed). */
static bool caller_supplies(const struct catalog *c, const struct plan_resolution *r)
{
	for (int m = 0; m < r->nmentions; m++) if (r->mentions[m].role == PR_SOURCE) return false;
	for (int q = 0; q < r->nproducts; q++) if (r->products[q].role == PR_SOURCE) return false;
	/* ("Add these three expenses as rows in my spreadsheet: taxi 23.50, ...": the values are the caller's) */
	if (r->values_given) return true;
	for (int k = 0; k < r->ncaps; k++) {
		const struct cat_cap *cp = &c->caps[r->caps[k]];
		if (cp->write && !cp->existing && !cp->caller) return true;
	}
	return false;
}

/* Whether the one app in the bit set named is the target the verb lead writes in, named in its clause before the
 * verb at word end ("Create an event in Google Calendar and then ..."). */
static bool made_in(const struct catalog *c, const struct plan_resolution *r, uint64_t named, const struct plan_intent *lead, int end)
{
	if (bits(named) != 1) return false;
	int a = __builtin_ctzll(named);
	uint64_t caps = c->intents[lead->intent].caps & c->write_caps & c->apps[a].caps;
	for (int q = 0; q < r->nintents; q++) if (r->intents[q].first > lead->first && r->intents[q].first < end) end = r->intents[q].first;
	for (int m = 0; caps && m < r->nmentions; m++)
		if (r->mentions[m].app == a && r->mentions[m].first > lead->first && r->mentions[m].first < end)
			for (int q = 0; q < r->napps; q++) if (r->apps[q] == a) return r->app_role[q] == PR_TARGET;
	return false;
}

/* "Copy new Dropbox files to OneDrive and log them in Excel": a verb after "and" (or a comma, "then" between)
 * whose object, the first app named after it, is of a kind nothing before it says, where what comes before names
 * two apps or kinds of app, is a further action (rs_second_action plans it after the task): neither the verb, its words
 * nor that app choose the task, nor is that app an end of a chain. Bits over intents and apps. */
static void further_clause(const struct catalog *c, const struct plan_resolution *r, uint32_t *verbs, uint64_t *apps)
{
	*verbs = 0;
	*apps = 0;
	int first = PLAN_MAX_WORDS, lead = -1;
	for (int k = 0; k < r->nintents; k++) if (r->intents[k].first < first) first = r->intents[lead = k].first;
	/* the first clause writes ("pull attachments out of Gmail and drop them into Dropbox" is one transfer, its
	 * second verb the writing half) */
	if (lead < 0 || (!writes(c, r->intents[lead].intent) && r->intents[lead].intent != (int)c->meta->copy_intent)) return;
	bool made = !r->triggers && r->intents[lead].intent != (int)c->meta->copy_intent && !r->intents[lead].negated;
	for (int k = 0; k < r->nintents && k < 32; k++) {
		const struct plan_intent *in = &r->intents[k];
		/* "and", "and then", ", then" before it ("and" is an opener too) */
		bool either = false, joined = false;
		for (int j = in->first - 1; j > first && !joined; j--) {
			joined = (joins(r, j, &either) && !either) || r->after_comma[j];
			if (!joined && !has_role_word(c, r, j, ROLE_OPENER)) break;
		}
		if (in->negated || in->first == first || (!joined && !r->after_comma[in->first])) continue;
		int next = r->nwords; /* the next verb ends the clause */
		for (int q = 0; q < r->nintents; q++) if (r->intents[q].first > in->first && r->intents[q].first < next) next = r->intents[q].first;
		/* the kinds the clauses before it say: an app of one of them binds what the task needs ("Save email
		 * attachments to Google Drive, and notify sender via Gmail": Gmail is the mail the attachments come from) */
		unsigned said = 0;
		uint64_t named = 0;
		for (int w = 0; w < in->first; w++) said |= r->word_kinds[w];
		for (int q = 0; q < r->nmentions; q++)
			if (r->mentions[q].first < in->first && r->mentions[q].app >= 0) {
				said |= 1u << c->apps[r->mentions[q].app].kind;
				named |= 1ull << r->mentions[q].app;
			}
		/* ... and they are a whole transfer, two apps or two kinds ("Receive new attachments in Gmail, create draft
		 * email, and save files to Google Drive" names one: the drive is the transfer's end; "if new emails arrive
		 * in Gmail, log them in Excel" too) */
		/* (or a thing made in one app: "Create an event in Google Calendar for Tuesday and then send Tom a mail via
		 * Gmail" makes the event, then mails: no transfer from the mail) */
		if (bits(said & ~(1u << AK_CALLER)) < 2 && !two_or_more(named) && !(made && made_in(c, r, named, &r->intents[lead], in->first))) continue;
		for (int m = 0; m < r->nmentions; m++) {
			const struct plan_mention *x = &r->mentions[m];
			if (x->first <= in->first || x->first >= next) continue;
			/* a family named there ("email Tom from Outlook") is its app the verb writes in */
			int a = x->app >= 0 ? x->app : family_app_written(c, x->family, in->intent);
			if (a >= 0 && !(said >> c->apps[a].kind & 1)) {
				*verbs |= 1u << k;
				*apps |= 1ull << a;
			}
			break;
		}
	}
}

/* Whether word i is in the clause of one of the intents in the bit set verbs: from the verb to the next verb. */
static bool in_clauses(const struct plan_resolution *r, uint32_t verbs, int i)
{
	for (; verbs; verbs &= verbs - 1) {
		const struct plan_intent *in = &r->intents[__builtin_ctz(verbs)];
		if (i < in->first) continue;
		int next = r->nwords;
		for (int q = 0; q < r->nintents; q++) if (r->intents[q].first > in->first && r->intents[q].first < next) next = r->intents[q].first;
		if (i < next) return true;
	}
	return false;
}

/* "Extract invoice totals from PDFs in my Dropbox": the kinds of apps named as the source and of no app named
 * otherwise; a generic task writing into one writes where the things come from. */
static unsigned source_kinds(const struct catalog *c, const struct plan_resolution *r)
{
	unsigned source = 0, other = 0;
	for (int m = 0; m < r->napps; m++) {
		unsigned kind = 1u << c->apps[r->apps[m]].kind;
		if (r->app_role[m] == PR_SOURCE) source |= kind;
		else other |= kind;
	}
	return source & ~other;
}

/* Scores every task; fills best and runner-up. */
void rs_score_tasks(const struct catalog *c, struct plan_resolution *r, int *scores, int *lvbuf)
{
	uint32_t later_verbs;
	struct named nm;
	further_clause(c, r, &later_verbs, &nm.later);
	r->later_apps = nm.later;
	int nt = c->ntasks < 64 ? (int)c->ntasks : 64;
	for (int t = 0; t < nt; t++) scores[t] = 0;
	for (int i = 0; i < r->nwords; i++) {
		int *lv = lvbuf + i * 64;
		/* a letter alone names nothing: "sheets b" names an app, "column B" none */
		bool letter = r->wordlen[i] == 1 && !word_has_digit(r, i);
		/* (nor does a quoted name's word: "the folder 'upload log'") */
		if (r->stop[i] || r->app_word[i] || r->arrow[i] || r->describes[i] || letter || r->quoted[i]) {
			for (int t = 0; t < nt; t++) lv[t] = 0;
			continue;
		}
		uint64_t tasks = word_levels(c, r, i, lv, nt);
		if (later_verbs && in_clauses(r, later_verbs, i)) continue; /* it supports, it chooses nothing */
		/* ("what's on the release calendar?": a word before another kind's head chooses no task outside that kind) */
		if (r->modifier[i]) {
			uint64_t in_kinds = 0;
			for (unsigned k = r->kinds; k; k &= k - 1) in_kinds |= c->kind_tasks[__builtin_ctz(k)];
			tasks &= in_kinds;
		}
		/* only the tasks the word matches gain: the others' level is none */
		int mult = idf_mult(bits(tasks));
		for (; tasks; tasks &= tasks - 1) scores[__builtin_ctzll(tasks)] += lv[__builtin_ctzll(tasks)] * mult;
	}
	struct phrase_ctx x = { .scores = scores, .nt = nt, .seen = { 0 } };
	for (int i = 0; i < r->nwords; i++)
		each_phrase(c, r, i, 1u << SYN_TASK | 1u << SYN_CAP, score_phrase, &x);
	verb_object_caps(c, r, scores, nt);
	passive_caps(c, r, scores);
	read_named(c, r, &nm);
	for (int k = 0, record; k < r->nintents; k++) {
		if (later_verbs >> k & 1) continue;
		uint64_t caps = c->intents[r->intents[k].intent].caps;
		/* "open issue #128", "show issue 42": a verb that reads, of one thing named by its number, reads that one */
		if (r->numbered && !writes(c, r->intents[k].intent) && names_numbered(r, &r->intents[k], r->numbered_at)) caps = r->numbered;
		/* "read" an Outlook message reads the message, not the calendar: a verb means what the apps
		 * named can do, where they can do any of it */
		if (caps & nm.caps) caps &= nm.caps;
		/* a writing verb none of the apps named can do keeps a record in the target that keeps records */
		else if ((record = target_record(c, r, &r->intents[k])) >= 0) caps = 1ull << record;
		/* nothing the apps named can do, in no kind the query says ("download issues from GitHub"): the verb
		 * points at no other app's task ("whenever someone emails me" says mail) */
		else if (nm.caps && !r->nproducts && !(caps_kinds(c, caps) & nm.kinds_said)) caps = 0;
		for (int t = 0; t < nt; t++) {
			const struct cat_ptask *p = &c->ptasks[t];
			int w = p->main_caps & caps ? W_INTENT_MAIN : p->caps & caps ? W_INTENT_PART : W_INTENT_NONE;
			scores[t] += r->intents[k].negated ? (w > 0 ? -w : 0) : w;
		}
	}
	/* "für jede neue E-Mail in Outlook einen Termin anlegen": a kind the trigger's clause names by a
	 * generic word is where the event happens; a task without a step of that kind drops the trigger */
	unsigned trig_kinds = 0;
	bool unasked = copy_unasked(c, r), product_source = false;
	for (int q = 0; q < r->nproducts; q++) product_source |= r->products[q].role == PR_SOURCE;
	bool elsewhere = product_source || caller_supplies(c, r); /* what is written comes from outside the apps named */
	unsigned named = r->napps ? named_kinds(c, r) : 0, from_kinds = source_kinds(c, r);
	for (int i = 0, seen = 0; r->triggers && i < r->nwords; i++) {
		if (seen && r->word_kinds[i]) trig_kinds |= r->word_kinds[i];
		seen |= r->trigger[i];
	}
	for (int t = 0; t < nt; t++) {
		if (trig_kinds) scores[t] += W_UNRELATED_APP * bits(trig_kinds & ~c->ptasks[t].kinds);
		scores[t] += app_fit(c, (uint32_t)t, r, &nm);
		if (unasked && copies_unasked(c, r, t)) scores[t] -= 1000;
		if (elsewhere && reads_unnamed(c, r, t)) scores[t] -= 1000;
	}
	/* the rules that hold for whole sets of tasks, read from the catalog's task masks */
	uint64_t all = nt == 64 ? ~0ull : (1ull << nt) - 1, from_writers = 0, unsaid = 0;
	/* a generic task is about something: without its subject it is never the answer, and naming
	 * it (invoice attachments) says more than naming the apps of a task that saves them all */
	for (uint64_t o = c->subject_tasks & all; o; o &= o - 1) scores[__builtin_ctzll(o)] += (r->subjects >> __builtin_ctzll(o)) & 1 ? W_SUBJECT : -1000;
	for (uint32_t kind = 0; kind < AK_COUNT; kind++) {
		if (from_kinds >> kind & 1) from_writers |= c->write_kind_tasks[kind];
		/* "Load Prompts from Github Repo and auto populate n8n expressions", "Create Excel table rows for new Gmail
		 * messages" (email-calendar would create events and leave Excel aside): a task writing into a kind of app
		 * the request never says (no app, family or word of it) writes where nobody asked */
		if (r->napps && kind != AK_CALLER && !(named >> kind & 1)) unsaid |= c->written_kind_tasks[kind];
	}
	penalise(scores, c->generic_tasks & from_writers & all);
	penalise(scores, unsaid & all);
	if (r->caller_file) penalise(scores, c->writing_tasks & all);
	/* the action happens in a product outside the catalog: a task writing into the catalog is not it */
	if (r->product_acts) penalise(scores, c->writing_tasks & all);
	uint64_t tied = prefer_every_app(c, &nm, scores, prefer_named(c, r, &nm, scores, tied_top(scores, nt)));
	prefer_caps(c, r, scores, prefer_sent(c, r, scores, prefer_subject(c, r, scores, tied)));
	r->task = r->runner_up = -1;
	for (int t = 0; t < nt; t++) {
		if (r->task < 0 || scores[t] > scores[r->task]) { r->runner_up = r->task; r->task = t; }
		else if (r->runner_up < 0 || scores[t] > scores[r->runner_up]) r->runner_up = t;
	}
	r->score = r->task >= 0 ? scores[r->task] : 0;
	r->runner_up_score = r->runner_up >= 0 ? scores[r->runner_up] : 0;
}

/* Words that support task t: its vocabulary, a generic word for a kind of app it uses ("pdf" for a
 * file task), or an intent asking for one of its capabilities. */
void rs_mark_support(const struct catalog *c, struct plan_resolution *r, const int *lvbuf, int t)
{
	uint64_t caps = c->ptasks[t].caps;
	unsigned kinds = c->ptasks[t].kinds;
	for (int i = 0; i < r->nwords; i++)
		if (!r->stop[i] && !r->app_word[i] && !r->arrow[i] && (lvbuf[i * 64 + t] > LV_NONE || (r->word_kinds[i] & kinds)))
			r->matched[i] = true;
	for (int k = 0, rec; k < r->nintents; k++)
		if ((c->intents[r->intents[k].intent].caps & caps) ||
		    ((rec = target_record(c, r, &r->intents[k])) >= 0 && (caps >> rec & 1)))
			for (int w = r->intents[k].first; w < r->intents[k].first + r->intents[k].nwords; w++)
				r->matched[w] = true;
}

void plan_mark_answered(const struct catalog *c, struct plan_resolution *r, uint64_t caps, unsigned kinds,
	bool product_writes, bool reads_first)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		/* (or the thing such a verb writes: "draft a reminder") */
		if (in->negated || !((c->intents[in->intent].caps & caps) || (product_writes && writes(c, in->intent)) ||
		    rs_object_of_planned(c, r, k, caps)))
			continue;
		for (int w = in->first; w < in->first + in->nwords; w++) r->matched[w] |= r->intent_word[w] && !r->stop[w];
	}
	for (int i = 0, clause_end = -1; i < r->nwords; i++) {
		if (reads_first && r->trigger[i] && clause_end < i && verb_of(c, r, i) < 0) clause_end = rs_clause_last(r, i);
		if (r->matched[i] || r->stop[i] || r->app_word[i] || r->arrow[i]) continue;
		/* in the clause: a vocabulary word, or a participle ("uploaded", a passive's: "is added", "hinzugefügt wird") */
		r->matched[i] = (r->word_kinds[i] & kinds) || (reads_first && (r->trigger[i] || (i <= clause_end &&
			((r->nwm[i] && !r->fuzzy[i]) || participle_form(c, r, i) || passive_at(c, r, i)))));
	}
}

/* "from Google Sheets into Excel": the query names both apps of a copy task, each in its role. */
bool rs_copy_named(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	int agree = 0;
	for (int m = 0; m < r->napps; m++) {
		uint32_t a = (uint32_t)r->apps[m];
		if (r->app_role[m] != PR_NONE && two_or_more(p->kind_apps[c->apps[a].kind]) && task_app_role(p, a) == r->app_role[m])
			agree++;
	}
	return agree >= 2;
}

/* Orders the capabilities named by phrases by where they first occur in the query (words are read in
 * order, so a capability's first phrase found is its first). */
void rs_order_caps(struct plan_resolution *r)
{
	for (int i = 1; i < r->ncaps; i++)
		for (int j = i; j > 0 && (r->cap_first[j] < r->cap_first[j - 1] ||
			(r->cap_first[j] == r->cap_first[j - 1] && r->caps[j] < r->caps[j - 1])); j--) {
			int t = r->cap_first[j]; r->cap_first[j] = r->cap_first[j - 1]; r->cap_first[j - 1] = t;
			t = r->caps[j]; r->caps[j] = r->caps[j - 1]; r->caps[j - 1] = t;
			t = r->cap_words[j]; r->cap_words[j] = r->cap_words[j - 1]; r->cap_words[j - 1] = t;
		}
}
