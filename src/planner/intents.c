/* What the request asks, read after the names: kinds of app, intents and capability phrases, trigger
 * words, actions outside the catalog and an unknown verb (rs_find_kinds_and_intents); where a product
 * outside the catalog stands (rs_find_product_role); a drive named only as where a workbook is kept
 * (rs_workbook_location). */

#include "catalog/vocab.h"
#include "planner/resolve_int.h"

#include <ctype.h>

/* ---- kinds, intents, subjects ---- */

/* Whether word i is a one-word verb of an intent or of an action outside the catalog, as written. */
static bool verb_or_action(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return verb_of(c, r, i) >= 0 || exact_word(c, r, i, SYN_ACTION, -1) >= 0;
}

static bool negated_at(const struct catalog *c, const struct plan_resolution *r, int i);

/* "don't open, archive or delete anything": a verb opening a list's item, right after a declined verb and its comma,
 * and before the list's joiner or next comma, is declined too. */
static bool declined_list_item(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool either;
	return i > 1 && i + 1 < r->nwords && r->after_comma[i] && (r->after_comma[i + 1] || joins(r, i + 1, &either)) &&
		verb_or_action(c, r, i) && verb_or_action(c, r, i - 1) && negated_at(c, r, i - 1);
}

static bool negated_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	/* (in its own clause: "never send anything: find the emails" finds them) */
	for (int j = i - 1; j >= 0 && j >= i - 3 && !r->after_comma[j + 1]; j--)
		if (has_role_word(c, r, j, ROLE_NEGATION)) return true;
	/* "right now I forward them by hand": a verb its clause says is done by hand (roles.by_hand) is how it is done
	 * today, not what is asked; a light verb ("machen wir das manuell") stands for the asked one */
	for (int j = i + 1, last = rs_clause_last(r, i); j <= last && j <= i + 6 && !has_role_word(c, r, i, ROLE_LIGHT); j++)
		if (has_role_word(c, r, j, ROLE_BY_HAND)) return true;
	/* "don't close or delete anything": a verb joined by or/and to a declined one is declined too ("ohne etwas zu
	 * verschieben oder zu löschen": its particle between) */
	bool either;
	int k = i - 1;
	if (k > 0 && r->stop[k] && has_role_word(c, r, k, ROLE_PARTICLE) && !joins(r, k, &either)) k--;
	if (k < 1 || r->after_comma[k] || !joins(r, k, &either)) return declined_list_item(c, r, i);
	if (r->after_comma[i]) return false;
	if (negated_at(c, r, k - 1)) return true;
	/* ("don't comment on the issue or close it": after "or", the declined verb before its object) */
	for (int v = k - 2; either && v >= 0 && v >= k - 5 && !r->after_comma[v + 1]; v--)
		if (verb_or_action(c, r, v)) return negated_at(c, r, v);
	return false;
}

/* "when a new event is added to Eventbrite", "wenn ein neuer Termin in Eventbrite angelegt wird": a word for a kind
 * of things said to be made in a product outside the catalog (a passive's auxiliary before the place marker, or
 * after the product where German puts it) is the product's thing. */
static bool made_in_product(const struct catalog *c, const struct plan_resolution *r, int after)
{
	bool aux = false;
	for (int j = after; j < r->nwords && j < after + 5 && !r->after_comma[j]; j++) {
		aux |= has_role_word(c, r, j, ROLE_AUX);
		if (r->app_word[j] && !r->product_word[j]) return false;
		if (!r->product_word[j]) continue;
		if (rs_role_before(c, r, j) == ROLE_NONE) return false;
		for (int k = j + 1; !aux && k < r->nwords && k < j + 4 && !r->after_comma[k]; k++) aux |= has_role_word(c, r, k, ROLE_AUX);
		return aux;
	}
	return false;
}

/* Whether word i, as written a verb's word (an intent's), opens its clause and has its object right after it: an
 * e-mail address, a person (synonyms.json persons), an addressee (roles.addressees) or a determiner opening one
 * ("invite the whole office"). */
static bool verb_before_object(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 1 >= r->nwords || r->after_comma[i + 1] || !(i == 0 || r->after_comma[i] || r->sentence_start[i]) ||
	    exact_word(c, r, i, SYN_INTENT, -1) < 0)
		return false;
	return (r->no_subject[i + 1] && r->quoted[i + 1]) || exact_word(c, r, i + 1, SYN_STOP, STOP_PERSON) >= 0 ||
		rs_role_words(c, r, i + 1, 1ull << ROLE_ADDRESSEE | 1ull << ROLE_DETERMINER) != 0;
}

/* Whether word i is in a quoted name right after a folder's word (roles.folders: 'Ordner "Belege"'). */
static bool folder_name(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!r->quoted[i]) return false;
	while (i > 0 && r->quoted[i - 1]) i--;
	return i > 0 && has_role_word(c, r, i - 1, ROLE_FOLDER);
}

static bool note_kind(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	/* "a Slack message", "a Teams meeting": a kind word right after a product's name is the product's thing */
	/* ("Terminzeilen", "Dateiname": a compound's first part only says what its head is about, no kind of its own) */
	/* ("a test drive", "the food drive", roles.other_things: a kind's word inside an understood phrase is none) */
	if (sy->kind == SYN_APP_KIND && !(i > 0 && r->product_word[i - 1]) && !(r->compound[i] && sy->words == 1) && !r->other_thing[i] &&
	    rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_NOUN) == (int)sy->words &&
	    !(r->nproducts && made_in_product(c, r, i + (int)sy->words))) {
		r->kinds |= 1u << sy->target;
		for (int k = i; k < i + (int)sy->words; k++) r->word_kinds[k] |= (unsigned char)(1u << sy->target);
	}
	/* "but don't invite anyone": a subject under a negation is declined, not asked; nor is a verb's word before its
	 * object, an address or a person ("..., invite dana@northwind.com" invites her, it reads no invitations) */
	/* (not a folder's quoted name: 'in OneDrive speichern, Ordner "Belege"' says where, not what) */
	if (sy->kind == SYN_SUBJECT && !r->no_subject[i] && rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STEM | PH_NAME) == (int)sy->words &&
	    !negated_at(c, r, i) && !(sy->words == 1 && verb_before_object(c, r, i)) && !folder_name(c, r, i)) {
		r->subjects |= 1ull << sy->target;
		/* a quoted name that is a subject says what the things are, as written bare (label "Rechnungen") */
		for (int k = i; k < i + (int)sy->words; k++) {
			r->named_subject[k] |= r->quoted[k];
			r->quoted[k] = false;
		}
	}
	return false;
}

/* The w-th word of a phrase, and its length. */
static const char *phrase_word(const char *p, int w)
{
	while (w-- > 0 && (p = strchr(p, ' '))) p++;
	return p ? p : "";
}

static size_t phrase_word_len(const char *p, int w)
{
	const char *s = phrase_word(p, w);
	return strcspn(s, " ");
}

/* Whether a phrase ends in the first word of an English object, an article, a pronoun or a date ("email the",
 * "email them", "email tomorrow's events"): a verb and its object read as written, never across a gap ("snooze an
 * email in Outlook until tomorrow" emails nothing). ("an" is left out: it is the German particle of "steht an".) */
static bool ends_in_object(const char *phrase)
{
	static const char *const objects[] = { "the", "a", "my", "our", "your", "its", "their", "him", "her", "them", "everyone", "tomorrow",
		"today", "yesterday", "upcoming", "open", "pending", NULL };
	const char *last = strrchr(phrase, ' ');
	for (int k = 0; last && objects[k]; k++) if (strcmp(last + 1, objects[k]) == 0) return true;
	return false;
}

/* "..., send me a Gmail notification": a verb and "me" opening a clause (the request's start, right after an
 * app's name, after please/then/and) is the imperative, the verb alone; "the files people send me" is mail
 * that arrives. */

static bool ends_in_me(const char *phrase)
{
	const char *sp = strchr(phrase, ' ');
	return sp && strcmp(sp + 1, "me") == 0;
}

/* Whether word i opens a clause: the request's start, right after an app's name, after please/then/and. */
static bool opens_clause(const struct catalog *c, const struct plan_resolution *r, int i)
{
	/* (a schedule's words close before it too: "every monday morning email me the list") */
	return i == 0 || r->after_comma[i] || r->app_word[i - 1] || has_role_word(c, r, i - 1, ROLE_OPENER) ||
		(r->schedule_words && i == r->schedule_first + r->schedule_words);
}

static bool imperative_to_me(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase)
{
	/* only a verb that writes alone ("send"; "tell me" stays a way of asking to read) */
	return ends_in_me(phrase) && writes(c, verb_of(c, r, i)) && opens_clause(c, r, i);
}

/* "I was looking for a way to ...", "is there a way to ...": a verb of finding or reading whose object is a
 * small word after an article, followed by another small word (a way to, a solution for), asks for nothing; it
 * is how the request is posed ("looking for an old email" still looks for one, "free this week" is free). */
static bool asks_for_a_way(const struct catalog *c, const struct plan_resolution *r, int j)
{
	if (j < r->nwords && r->stop[j] && !has_role_word(c, r, j, ROLE_DETERMINER)) j++;
	if (j + 1 >= r->nwords || !has_role_word(c, r, j, ROLE_DETERMINER)) return false;
	int noun = j + 1;
	/* (a place after the small word says where a thing is: "free that day in my Outlook calendar" is free) */
	return r->stop[noun] && !r->app_word[noun] && !has_role_word(c, r, noun, ROLE_DETERMINER) &&
		noun + 1 < r->nwords && r->stop[noun + 1] && !r->app_word[noun + 1] &&
		!rs_role_words(c, r, noun + 1, 1ull << ROLE_WEAK_TARGET);
}

/* Removes intent k, the others keeping their order; understood: its words become stop words (read, asking
 * nothing), else they are only no verb's words any more. */
static void drop_intent(struct plan_resolution *r, int k, bool understood)
{
	const struct plan_intent *in = &r->intents[k];
	for (int w = in->first; w < in->first + in->nwords; w++) {
		r->intent_word[w] = false;
		r->stop[w] |= understood;
	}
	memmove(&r->intents[k], &r->intents[k + 1], (size_t)(r->nintents - k - 1) * sizeof *r->intents);
	r->nintents--;
}

/* Removes action k, the others keeping their order; its words are no action's any more. */
static void drop_action(struct plan_resolution *r, int k)
{
	const struct plan_outside *a = &r->actions[k];
	for (int w = a->first; w < a->first + a->nwords; w++) r->action_word[w] = false;
	memmove(&r->actions[k], &r->actions[k + 1], (size_t)(r->nactions - k - 1) * sizeof *r->actions);
	r->nactions--;
}

/* Whether word k, after a comma, opens a relative clause about the noun before the comma: a relative pronoun
 * (roles.relatives: "Jeder neue Termin, der im Outlook-Kalender ..."). */
static bool relative_at(const struct catalog *c, const struct plan_resolution *r, int k)
{
	return k >= 1 && k + 1 < r->nwords && !r->stop[k - 1] && !r->app_word[k - 1] && !r->intent_word[k - 1] &&
		has_role_word(c, r, k, ROLE_RELATIVE);
}

/* Whether word i stands in a trigger's clause: a trigger word that is no verb ("when", "each time") before it, no
 * comma between. */
static bool in_trigger_clause_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	/* (a comma right before word i ends the clause too: "Whenever a new person joins the team, share ..."; not one
	 * opening a relative clause: "Für jede neue Datei, die im Dropbox-Ordner abgelegt wird, ...") */
	for (int j = i - 1; j >= 0; j--) {
		if (r->after_comma[j + 1] && !relative_at(c, r, j + 1)) return false;
		if (r->trigger[j] && verb_of(c, r, j) < 0) return true;
	}
	return false;
}

/* Whether word i follows a pronoun (roles.pronouns) after a thing: a word for things or an app, small words between
 * ("every Gmail email I send", "which files did I upload"); with any_noun, also any noun right before the pronoun
 * ("every Google Calendar invitation I accept": a mark a search finds; a verb there stays one: "Before I accept a
 * meeting I want to check whether I have time"). */
static bool pronoun_after_thing(const struct catalog *c, const struct plan_resolution *r, int i, bool any_noun)
{
	if (i < 2 || !r->stop[i - 1] || !has_role_word(c, r, i - 1, ROLE_PRONOUN)) return false;
	int j = i - 2;
	if (r->sentence_start[i - 1]) return false;  /* (the pronoun opens its sentence: "... Outlook calendar. You list ...") */
	if (any_noun && (r->said_kind[j] != AK_COUNT || (!r->stop[j] && !r->intent_word[j] && !r->app_word[j]))) return true;
	/* (in its sentence: "The dates are in our Outlook calendar. Can you list it?" lists; and past a comma only right
	 * before the pronoun: "When a new event shows up in my Google Calendar, could you send ..." sends, "... to the team
	 * spreadsheet; we keep it in Google Sheets" keeps nothing) */
	while (j > 0 && j > i - 4 && r->stop[j] && !r->word_kinds[j] && !r->app_word[j] && !r->sentence_start[j]) j--;
	for (int k = j + 1; k < i - 1; k++) if (r->after_comma[k]) return false;
	return !r->sentence_start[j + 1] && (r->word_kinds[j] || r->app_word[j]);
}

/* Whether word i is a noun an article opens (one word between at most, no small word or app's) in a relative clause
 * about things, the relative up to five words before it and a word for things up to three words before the relative
 * (a quoted name's count as none), in one clause ("the open issues in acme/api that carry the bug label", "mails that
 * have the 'Invoice' label"): the mark says which things. */
static bool mark_in_relative(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int det = i - 1;
	if (det > 0 && !has_role_word(c, r, det, ROLE_DETERMINER) && !r->stop[det] && !r->app_word[det]) det--;
	if (det < 2 || !has_role_word(c, r, det, ROLE_DETERMINER)) return false;
	for (int k = det - 1; k >= 1 && k >= i - 6; k--) {
		if (r->after_comma[k + 1] || r->intent_word[k]) return false;
		if (!has_role_word(c, r, k, ROLE_RELATIVE)) continue;
		for (int j = k - 1, n = 0; j >= 0 && n < 3 && !r->after_comma[j + 1]; j--) {
			if (r->word_kinds[j]) return true;
			n += !r->quoted[j];  /* (a name's words count as none: "issues in acme/billing-service that") */
		}
		return false;
	}
	return false;
}

/* "Für jede Zeile soll eine Mail über Outlook verschickt werden": a participle a passive's auxiliary follows, after a
 * modal (roles.modals: soll, should) earlier in its clause and sentence, is the action asked. */
static bool passive_asked(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 1 >= r->nwords || !has_role_word(c, r, i + 1, ROLE_AUX)) return false;
	for (int k = i - 1; k >= 0; k--) {
		if (has_role_word(c, r, k, ROLE_MODAL)) return true;
		if (r->after_comma[k] || r->sentence_start[k]) break;  /* (the modal may open the clause) */
	}
	return false;
}

/* "Excel Online table rows appended to a Google Sheet": in a title a participle after the things is what is asked,
 * where a target marker and an app follow it, or "for" and what the thing is for ("blank Google spreadsheet created
 * for project tracking"). */
static bool titled_participle(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!rs_title_verb(c, r, i)) return false;
	int j = i + 1;
	if (j < r->nwords && has_role_word(c, r, j, ROLE_MADE_FOR)) return true;
	if (j >= r->nwords || !rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) return false;
	while (++j < r->nwords && r->stop[j] && !r->app_word[j]) {}
	return j < r->nwords && r->app_word[j];
}

bool rs_title_verb(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (r->question || r->nwords > 12 || sentence_of(r, r->nwords - 1) != 0 || !no_verb_outside(c, r, i, i + 1)) return false;
	for (int k = 0; k < r->nwords; k++) if (k != i && has_role_word(c, r, k, ROLE_TRIGGER)) return false;
	return true;
}

static int determiner_before(const struct catalog *c, const struct plan_resolution *r, int i, int n);

/* "list the unit inspections booked for the week": a participle right after a noun a definite determiner opens, of one
 * to three plain words, says which things, as after a word for things; not before a place
 * ("have every candidate who replies to my InMails logged in a Google Sheet" asks it) nor after an indefinite article
 * ("and a confirmation sent from gmail" asks it), nor after a wish or a causative. */
static bool participle_after_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!participle_form(c, r, i)) return false;
	if (i + 1 < r->nwords && rs_role_words(c, r, i + 1, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) return false;
	int j = determiner_before(c, r, i, 3);
	if (j < 0 || j == i - 1 || has_role_word(c, r, j, ROLE_INDEFINITE)) return false;
	/* (nor after a wish or a causative in its sentence: "I'd love them pushed through DeepL and the output saved") */
	for (int k = j - 1; k >= 0 && sentence_of(r, k) == sentence_of(r, j); k--)
		if (rs_role_words(c, r, k, 1ull << ROLE_WISH | 1ull << ROLE_CAUSATIVE)) return false;
	return true;
}

/* Whether the verb phrase at word i says which things are meant rather than asking anything: after a pronoun after
 * a thing, small words between ("every Gmail email I send", "which files did I upload"), or, writing, in its -ed
 * form right after a word for a kind of things, a clause cut short ("files uploaded to Dropbox"; a passive's
 * auxiliary between only in a trigger's clause: "An Outlook email is sent each time ..." sends). */
bool rs_says_which(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase, bool writing)
{
	if (pronoun_after_thing(c, r, i, false)) return true;
	if (!writing || strchr(phrase, ' ')) return false;
	/* (a passive a modal asks is the action, whatever stands before it: "soll ein Termin für die Entladung angelegt
	 * werden") */
	if (passive_asked(c, r, i)) return false;
	/* ("do i have anything scheduled friday morning?": a participle right after a word that alone is a reading verb) */
	/* (not "get", a passive's auxiliary there: "can they get saved to Dropbox") */
	int v = i > 0 && !r->stop[i - 1] && !r->app_word[i - 1] && !rs_role_words(c, r, i - 1, 1ull << ROLE_RECEIVE | 1ull << ROLE_AUX) ?
		verb_of(c, r, i - 1) : -1;
	if (v >= 0 && !writes(c, v) && participle_form(c, r, i)) return true;
	/* a passive in a trigger's clause is the event ("wenn eine Datei in Dropbox hochgeladen wird") */
	if (passive_at(c, r, i) && in_trigger_clause_at(c, r, i)) return true;
	/* "the status email sent through Gmail": no auxiliary between, or the passive is the request's action */
	/* ("I'd like an email sent to me", "have the rows copied": after a causative the participle is what is asked) */
	return (participle_after_thing(c, r, i) || participle_after_noun(c, r, i)) &&
		!(i > 0 && r->stop[i - 1] && has_role_word(c, r, i - 1, ROLE_AUX)) &&
		!after_causative(c, r, i) && !titled_participle(c, r, i);
}

/* Whether the person at word j is a preposition's object, no subject: a place marker or for/with before it, small
 * words between ("eine Nachricht an das Team schicken", "für die Kunden erstellen"). */
static bool person_governed(const struct catalog *c, const struct plan_resolution *r, int j)
{
	if (rs_role_before(c, r, j) != ROLE_NONE) return true;
	/* (one word describing the person between: "an die behandelnde Ärztin geschickt") */
	if (j > 1 && !r->stop[j - 1] && !r->intent_word[j - 1] && !r->app_word[j - 1] && !r->word_kinds[j - 1] && !r->quoted[j - 1] &&
	    rs_role_before(c, r, j - 1) != ROLE_NONE)
		return true;
	for (int k = j - 1; k >= 0 && k >= j - 3; k--) {
		if (rs_role_words(c, r, k, 1ull << ROLE_MADE_FOR | 1ull << ROLE_RECORD_WITH)) return true;
		if (!r->stop[k] || r->app_word[k]) break;
	}
	return false;
}

/* Whether the words before the pronoun at j, from its sentence's start, are a subject joined to it by "and": up to
 * four words, no verb or app among them ("My sister and I"). */
static bool joined_subject(const struct plan_resolution *r, int j)
{
	bool either;
	if (j < 2 || !joins(r, j - 1, &either) || either) return false;
	for (int k = j - 2; k >= 0 && k >= j - 6; k--) {
		if (r->intent_word[k] || r->app_word[k] || r->after_comma[k + 1]) return false;
		if (k == 0 || r->sentence_start[k]) return true;
	}
	return false;
}

static bool mail_at(const struct catalog *c, const struct plan_resolution *r, int i);

/* "my dentist, the hairdresser and the kids' swim school all send appointment confirmations to my gmail", "our
 * suppliers send invoices by mail": nouns opening the sentence, joined by "and" or one plural after a determiner, right
 * before a verb's base form (one small word of no role between, "all") whose clause names mail after a small word, are
 * the verb's subject: the mail came. */
static bool plural_subject_before(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool either, joined = false, mail = false;
	int j = i - 1;
	if (j > 0 && r->stop[j] && !rs_role_words(c, r, j, ~0ull)) j--;
	if (j < 1 || r->wordlen[i] < 3 || ends_in(r, i, "s") || ends_in(r, i, "ing") || r->stop[j] || r->intent_word[j] ||
	    r->app_word[j] || r->quoted[j] || r->word_kinds[j] || r->after_comma[i])
		return false;
	/* (the clause's mail last: most verbs have no plural subject before them) */
	for (int k = i + 1, last = rs_clause_last(r, i); k <= last && !mail; k++)
		mail = r->stop[k - 1] && (r->app_word[k] ? mail_at(c, r, k) : (r->word_kinds[k] >> AK_MAIL & 1));
	if (!mail) return false;
	/* (no place, source or other marker inside: "das Ergebnis auf dem Firmenlaufwerk ablegen" has none) */
	const uint64_t markers = 1ull << ROLE_SOURCE | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_MADE_FOR |
		1ull << ROLE_RECORD_WITH | 1ull << ROLE_PART | 1ull << ROLE_AS | 1ull << ROLE_CHANNEL | 1ull << ROLE_PRONOUN;
	for (int k = j - 1; k >= 0; k--) {
		if (r->intent_word[k] || r->app_word[k] || r->quoted[k] || r->word_kinds[k] || rs_role_words(c, r, k, markers)) return false;
		joined |= joins(r, k, &either) && !either;
		if (k == 0 || r->sentence_start[k])
			return joined || (k == j - 1 && has_role_word(c, r, k, ROLE_DETERMINER) && ends_in(r, j, "s"));
	}
	return false;
}

/* Whether a word for a person, the verb's subject, stands right before word i (an auxiliary between: "someone has
 * uploaded"). */
static bool person_before(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (r->after_comma[i]) return false;  /* "joins the team, share ...": the person is another clause's */
	int j = i - 1;
	if (j > 0 && has_role_word(c, r, j, ROLE_AUX)) j--;
	/* "I track my billable hours via my Google Calendar. Is there a way to ...": a sentence opening with a pronoun and
	 * its verb says what the person does, the context of the ask */
	/* (a subject joined to it by "and" opening the sentence too: "My sister and I share caregiving for our dad.") */
	if (j >= 0 && (j == 0 || r->sentence_start[j] || joined_subject(r, j)) && j + 1 < r->nwords && has_role_word(c, r, j, ROLE_PRONOUN) &&
	    sentence_of(r, r->nwords - 1) > 0)  /* (the request holds more than one sentence) */
		return true;
	/* (or an article and a noun before a verb's -s form, its subject: "every time the school sends something"; not
	 * the automation itself: "this template sends", "the workflow saves") */
	/* (a plain noun before that noun too, before a verb that only sends mail: "the office scanner emails every scan to
	 * my outlook inbox") */
	int d = j - 1;
	if (j == i - 1 && j >= 2 && !r->stop[j - 1] && !r->app_word[j - 1] && !r->word_kinds[j - 1] && !r->intent_word[j - 1] &&
	    !r->after_comma[j] && r->stop[j - 2]) {
		int v = r->said_kind[i] != AK_MAIL ? verb_of(c, r, i) : -1;
		if (r->said_kind[i] == AK_MAIL || (v >= 0 && caps_kinds(c, c->intents[v].caps) == 1u << AK_MAIL)) d = j - 2;
	}
	if (j == i - 1 && j >= 1 && r->wordlen[i] > 3 && r->words[i][r->wordlen[i] - 1] == 's' && !r->stop[j] && !r->app_word[j] &&
	    !r->word_kinds[j] && has_role_word(c, r, d, ROLE_DETERMINER) && strcmp(r->words[d], "this") != 0 &&
	    !rs_role_words(c, r, j, 1ull << ROLE_RUNTIME | 1ull << ROLE_FEATURE) && !person_governed(c, r, j))
		return true;
	/* (one small word between: "finance only accepts Excel"; no article: "jedem Teilnehmer eine Erinnerungsmail") */
	if (j >= 1 && r->stop[j] && !r->app_word[j] && r->wordlen[i] > 3 && r->words[i][r->wordlen[i] - 1] == 's' &&
	    !has_role_word(c, r, j, ROLE_DETERMINER) && !has_role_word(c, r, j, ROLE_ARTICLE) &&
	    exact_word(c, r, j - 1, SYN_STOP, STOP_PERSON) >= 0 && !person_governed(c, r, j - 1))
		return true;
	return (j >= 0 && exact_word(c, r, j, SYN_STOP, STOP_PERSON) >= 0 && !person_governed(c, r, j)) || plural_subject_before(c, r, i);
}

/* Whether a word for things follows word i in its clause, no app's name. */
static bool thing_after(const struct plan_resolution *r, int i)
{
	return i + 1 < r->nwords && r->word_kinds[i + 1] && !r->app_word[i + 1] && !r->after_comma[i + 1];
}

/* Whether word i is no small word, verb, app or quoted name. */
static bool plain_word(const struct plan_resolution *r, int i)
{
	return !r->stop[i] && !r->intent_word[i] && !r->app_word[i] && !r->quoted[i];
}

/* The article before word i with up to n words between, none a small word, verb, app or quoted, and no comma; or -1. */
static int determiner_before(const struct catalog *c, const struct plan_resolution *r, int i, int n)
{
	for (int j = i - 1; j >= 0 && j >= i - 1 - n; j--) {
		if (r->after_comma[j + 1]) return -1;
		if (has_role_word(c, r, j, ROLE_DETERMINER)) return j;
		if (!plain_word(r, j)) return -1;
	}
	return -1;
}

/* determiner_before for a noun ended by word i: the words between may also be roles' that are nouns too (repairs,
 * features: "every support email that") and small words of no role ("every repair request email that", "the
 * month-end close workbook"). */
static int noun_determiner_before(const struct catalog *c, const struct plan_resolution *r, int i, int n)
{
	for (int j = i - 1; j >= 0 && j >= i - 1 - n; j--) {
		if (r->after_comma[j + 1]) return -1;
		if (has_role_word(c, r, j, ROLE_DETERMINER)) return j;
		if (plain_word(r, j)) continue;
		if (r->intent_word[j] || r->app_word[j] || r->quoted[j]) return -1;
		uint64_t roles = rs_role_words(c, r, j, ~0ull);
		if (roles & ~(1ull << ROLE_REPAIR | 1ull << ROLE_FEATURE)) return -1;
		if (!roles && !r->stop[j]) return -1;
	}
	return -1;
}

/* Whether one to three plain words stand between word i and an article that opens its clause or follows a small word
 * ("for the broken screen-reader label"; "applies a 'Receipts' label" is an unknown verb's object). */
static bool modified_after_determiner(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = determiner_before(c, r, i, 3);
	return j >= 0 && j < i - 1 && (j == 0 || r->after_comma[j] || r->stop[j - 1]);
}

/* Whether word i is an -ing form after a pronoun and an auxiliary ("we are changing", "I am moving"). */
static bool progressive(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i >= 2 && ends_in(r, i, "ing") && has_role_word(c, r, i - 1, ROLE_AUX) && has_role_word(c, r, i - 2, ROLE_PRONOUN);
}

/* Whether a name stands right before word i, the second of a question: a word the vocabulary does not know after
 * its opening small word ("Did Anna email me the contract?"). */
static bool name_before(const struct plan_resolution *r, int i)
{
	return i == 2 && r->question && r->stop[0] && !r->nwm[1] && !r->app_word[1];
}

/* Whether word i, a past form (-ed or roles.participles), follows a name opening the request or a sentence (a word
 * the vocabulary does not know) and a later clause holds another verb: "Marek sent a crash report to my gmail this
 * morning - read it and open an issue" tells what came. */
static bool named_past(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i < 1 || (i > 1 && !r->sentence_start[i - 1]) || r->nwm[i - 1] || r->stop[i - 1] || r->app_word[i - 1] || r->question ||
	    !(ends_in(r, i, "ed") || has_role_word(c, r, i, ROLE_PARTICIPLE)))
		return false;
	for (int k = rs_clause_last(r, i) + 1; k < r->nwords; k++)
		if (verb_of(c, r, k) >= 0) return true;
	return false;
}

/* "Hat mir der Bauherr die Auftragsbestätigung schon per Outlook geschickt?", "Has the builder sent me the contract
 * yet?": a question whose verb is a participle, me or us (roles.addressees) in its sentence, asks what came. */
static bool sent_to_me(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!r->question || !participle_form(c, r, i) || !r->stop[0] || r->intent_word[0]) return false;
	int first = i, last = rs_clause_last(r, i);
	while (first > 0 && !r->sentence_start[first]) first--;
	for (int k = first; k <= last && k <= i + 1; k++)
		if (k != i && has_role_word(c, r, k, ROLE_ADDRESSEE)) return true;
	return false;
}

/* "get all our issues into a spreadsheet", "fetch GitHub issues into a spreadsheet": a reading verb whose clause
 * puts things into a place a word for a kind of app no app named has says (a target marker before it) moves them
 * there; which task moves them is read from the apps and kinds, as for a receive verb, not from the reading
 * ("Suche in Outlook nach Mails" searches: mail is Outlook's kind). */
static bool reads_into_kind(const struct catalog *c, const struct plan_resolution *r, int after)
{
	int last = after < r->nwords ? rs_clause_last(r, after) : -1;
	unsigned named = named_app_kinds(c, r);
	for (int k = after; k <= last; k++)
		if (r->word_kinds[k] && !(r->word_kinds[k] & named) && !r->app_word[k] && rs_role_before(c, r, k) == ROLE_TARGET)
			return true;
	return false;
}

/* A phrase of `words` words read across a gap of n words from i whose last word is no particle closing a separable
 * verb is no verb where it spans a source marker ("Gmail emails from clients" is mail and who sent it, no "email
 * clients"). */
static bool gap_is_no_verb(const struct catalog *c, const struct plan_resolution *r, int i, int n, int words, const char *ph)
{
	if (n <= words || has_role_word(c, r, i + n - 1, ROLE_PARTICLE)) return false;
	for (int k = i + 1; k < i + n - 1; k++) if (rs_role_words(c, r, k, 1ull << ROLE_SOURCE)) return true;
	/* "the emails Tom sent me": a verb of its own in the gap of an "X me" is the verb ("emails ... me" is not read
	 * over it) */
	for (int k = i + 1; ends_in_me(ph) && k < i + n - 1; k++) if (!r->stop[k] && verb_of(c, r, k) >= 0) return true;
	return false;
}

/* Whether a word for things stands at word i or among the three after it ("the 5 latest emails"). */
static bool things_near(const struct plan_resolution *r, int i)
{
	for (int k = i; k < r->nwords && k <= i + 3; k++) if (r->word_kinds[k]) return true;
	return false;
}

/* "Laborbefunde aus Outlook-Anhängen in der SharePoint-Dokumentbibliothek speichern", "Speichern von Office-365-Anhängen
 * in Dropbox": a German -en form right after an app's name, a place marker right after it, is a compound's noun (the
 * attachments), no infinitive: a German verb closes its clause ("eine Zeile in Excel anhängen"). */
static bool noun_after_app(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i < 1 || i + 1 >= r->nwords || !r->app_word[i - 1] || !ends_in(r, i, "en") || r->after_comma[i] || r->after_comma[i + 1])
		return false;
	return rs_role_words(c, r, i + 1, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET) != 0;
}

/* "create a Google Calendar reminder for each due date", "add an Outlook calendar notification": a word for a message
 * right after the word for a calendar, a verb making events before it in its clause, is the event's own reminder, no
 * mail sent ("Text patients an appointment reminder": an event's word is no calendar). */
static bool calendar_reminder(const struct catalog *c, const struct plan_resolution *r, int i, int intent)
{
	if (i < 2 || r->after_comma[i] || r->after_comma[i - 1] || r->said_kind[i - 1] != AK_CALENDAR ||
	    caps_kinds(c, c->intents[intent].caps) != 1u << AK_MAIL)
		return false;
	for (int j = i - 2; j >= 0 && j >= i - 6; j--) {
		if (r->intent_word[j]) {
			int k = intent_over(r, j);
			return k >= 0 && writes(c, r->intents[k].intent) && (caps_kinds(c, c->intents[r->intents[k].intent].caps) >> AK_CALENDAR & 1);
		}
		if (r->after_comma[j]) break;
	}
	return false;
}

/* "... over to Google Drive so the new treasurer can get at them", "damit der Posteingang übersichtlich bleibt": a verb
 * after a purpose's opener and its subject, a person or an article (roles.purposes: so I, so the, damit der), in one
 * clause, says why, no action asked ("so it can dig up the emails": the agent's work is the request). */
static bool purpose_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!r->purpose_from || r->purpose_from - 1 >= i) return false;  /* (most requests hold none) */
	/* (six words counted from the opener's last: "so that she can sort them by label" as "so she can ..."; back to
	 * the first word an opener may start at) */
	for (int j = i - 1; j >= 0 && j >= r->purpose_from - 1; j--) {
		/* (a reason never asks: "because the clients like to look at it there", roles.reasons) */
		if (j >= i - 6 && has_role_word(c, r, j, ROLE_REASON)) return true;
		/* (where a verb before it asks something: "expose getSchedule so I can check free/busy slots" asks the check) */
		int opener = role_phrase_words(c, r, j, ROLE_PURPOSE, PH_STRICT);
		if (opener && j + opener - 1 >= i - 6) {
			for (int k = 0; k < r->nintents; k++) if (r->intents[k].first < j && !r->intents[k].negated) return true;
			/* (so does a wish before it in its sentence: "I'd like an event in the Outlook calendar so people get
			 * reminders") */
			for (int k = j - 1; k >= 0 && sentence_of(r, k) == sentence_of(r, j); k--)
				if (has_role_word(c, r, k, ROLE_WISH)) return true;
			return false;
		}
		if (r->after_comma[j + 1] || r->sentence_start[j + 1] || r->intent_word[j] || r->app_word[j]) return false;
	}
	return false;
}

/* Whether word i follows "to" right after a thing an earlier verb makes new (see note_intent); not after a wish or a
 * causative ("i want gmail to send that person a welcome email": the app does it). */
static bool made_for_to(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (r->after_comma[i] || r->after_comma[i - 1] || !(r->word_kinds[i - 2] || r->app_word[i - 2]) ||
	    !r->stop[i - 1] || rs_role_words(c, r, i - 2, 1ull << ROLE_RUNTIME) || !has_role_word(c, r, i - 1, ROLE_TARGET) ||
	    (i > 2 && rs_role_words(c, r, i - 3, 1ull << ROLE_WISH | 1ull << ROLE_CAUSATIVE)))
		return false;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->first < i - 2 && !in->negated && (c->intents[in->intent].caps & c->new_caps)) return true;
	}
	return false;
}

/* Whether word i follows "to" after an earlier verb in its sentence that only reads calendars ("find a free hour in
 * google calendar next week to record a podcast episode": what the time is for, no second action). */
static bool time_for_to(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (r->after_comma[i] || !r->stop[i - 1] || !has_role_word(c, r, i - 1, ROLE_TARGET)) return false;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		/* (in its sentence: "... plans assessment days in an Excel sheet. ... Is it possible to read the rows" reads) */
		if (in->first < i - 1 && !in->negated && !writes(c, in->intent) && sentence_of(r, in->first) == sentence_of(r, i) &&
		    caps_kinds(c, c->intents[in->intent].caps) == 1u << AK_CALENDAR)
			return true;
	}
	return false;
}

/* Whether a word the vocabulary does not know at all, a noun, stands right before word i in its clause. */
static bool unknown_before(const struct plan_resolution *r, int i)
{
	return i > 0 && !r->after_comma[i] && !r->stop[i - 1] && !r->nwm[i - 1] && !r->app_word[i - 1] && !r->quoted[i - 1];
}

/* Whether word i heads a compound an article opens, a word the vocabulary does not know before it ("the updated
 * wholesale price list"; not a question's predicate: "is the dean free"). */
static bool compound_head(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = unknown_before(r, i) ? determiner_before(c, r, i, 3) : -1;
	return j >= 0 && !(j > 0 && has_role_word(c, r, j - 1, ROLE_AUX));
}

/* Whether word j is a plain noun: no small word, app, quoted name, arrow, verb, action or word for things ("the release
 * tarball", "our shift plan"). */
static bool plain_head(const struct catalog *c, const struct plan_resolution *r, int j)
{
	return j < r->nwords && !r->after_comma[j] && !r->stop[j] && !r->app_word[j] && !r->quoted[j] && !r->arrow[j] &&
		!r->word_kinds[j] && r->said_kind[j] == AK_COUNT && verb_of(c, r, j) < 0 && exact_word(c, r, j, SYN_ACTION, -1) < 0;
}

/* "upload packing list pdf to dropbox": a word between a plain word (no verb) and a word for things, in one clause, is
 * part of the thing's name. */
static bool between_noun_and_thing(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i > 0 && !r->after_comma[i] && thing_after(r, i) && plain_word(r, i - 1) && !r->word_kinds[i - 1] &&
		verb_of(c, r, i - 1) < 0;
}

/* "Our shift plan lives in an Excel workbook on SharePoint": a word right after a determiner (no relative pronoun),
 * before a word that is no small word, verb, action, app, number, role's word or word for things, is the first part of
 * a noun, no verb ("a draft email" and "the invite emails" stay what they make; not a trigger's "new": "the new
 * hires"). */
static bool first_part_of_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	/* (an app's name may stand between: "the Excel shift plan") */
	int d = i - 1;
	while (d > 0 && r->app_word[d] && !r->after_comma[d]) d--;
	return i > 0 && !r->after_comma[i] && !r->trigger[i] && has_role_word(c, r, d, ROLE_DETERMINER) &&
		!has_role_word(c, r, d, ROLE_RELATIVE) && plain_head(c, r, i + 1) && !word_has_digit(r, i + 1) &&
		!rs_role_words(c, r, i + 1, ~0ull);
}

/* Whether a noun at word i closes its phrase: it ends its clause or stands before a small word that is no app,
 * article, pronoun or person ("a copy of", "the latest draft to"). */
static bool noun_closes(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return rs_clause_last(r, i) == i || (r->stop[i + 1] && !r->app_word[i + 1] && !has_role_word(c, r, i + 1, ROLE_DETERMINER) &&
		!has_role_word(c, r, i + 1, ROLE_PRONOUN) && exact_word(c, r, i + 1, SYN_STOP, STOP_PERSON) < 0);
}

/* Whether word i is a noun an article opens: after the article, up to three plain words between, and closing its
 * phrase ("a copy of", "the paper copy"). */
static bool article_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!noun_closes(c, r, i)) return false;
	int j = determiner_before(c, r, i, 3);
	return j >= 0 && (rs_clause_last(r, i) == i || j >= i - 2);  /* ("the scanned copy of my passport") */
}

/* Whether the sentence opening at word f, before the last, states what happens: it opens with no verb, trigger, app,
 * opener or "before", its first verb has a subject before it (a pronoun opening it, a word that is no small word, or
 * an app: "Can you ..." has none), no modal or causative says what is wanted, no negation what fails ("... silently
 * does nothing") and no question mark ends it ("The packing-house supervisors upload photos of each pallet to Google
 * Drive.", "Die Mitglieder schicken ihre Spendenquittungen an unser Gmail-Postfach, und ..."). */
static bool note_intent(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx);

struct renote { int ids[PLAN_MAX_INTENTS], n; };

/* note_intent for the verbs a context sentence had (ctx: struct renote), which their later words repeated. */
static bool renote_dropped(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	const struct renote *x = ctx;
	for (int k = 0; k < x->n; k++) if (x->ids[k] == (int)sy->target) return note_intent(c, r, i, sy, NULL);
	return false;
}

static bool states_what_happens(const struct catalog *c, const struct plan_resolution *r, int f)
{
	/* (a period after a word of three letters or fewer may end an abbreviation, no sentence: "Is Dr. Alvarez free") */
	if ((f > 0 && r->wordlen[f - 1] <= 3) || r->intent_word[f] || r->trigger[f] || r->app_word[f] ||
	    rs_role_words(c, r, f, 1ull << ROLE_TRIGGER | 1ull << ROLE_OPENER | 1ull << ROLE_BEFORE))
		return false;
	bool subject = has_role_word(c, r, f, ROLE_PRONOUN), verb = false;  /* ("We book livestock pickups in Google Calendar.") */
	int i = f;
	for (; i < r->nwords && (i == f || !r->sentence_start[i]); i++) {
		if (rs_role_words(c, r, i, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE | 1ull << ROLE_TRIGGER | 1ull << ROLE_PURPOSE | 1ull << ROLE_REASON |
			1ull << ROLE_NEGATION))
			return false;
		if ((r->intent_word[i] || r->action_word[i]) && !verb) {  /* (an action's word too: "... only accepts Excel files.") */
			/* (nor a heading of a word or two before a colon or a comma: "Goal: log tomorrow's events ...") */
			if (!subject || (r->after_comma[i] && i - f <= 2)) return false;
			verb = true;
		}
		subject |= !r->stop[i] || r->app_word[i];
	}
	return verb && !(i < r->nwords && r->after_question[i]);  /* (a question asks: "Auto-forward certain Gmail messages ...?") */
}

/* "Our delivery notes get saved to a Dropbox folder by the drivers at each drop. Whenever a new file lands there I
 * want an email sent from our Gmail ...": the verbs of a sentence before the last that states what happens, where a
 * later sentence holds a verb, or a modal or causative after a pronoun (the ask: "I want"), are its context, no verb
 * of the request and no action asked. */
static void stated_context(const struct catalog *c, struct plan_resolution *r)
{
	if (!r->nintents || sentence_of(r, r->nwords - 1) == 0) return;  /* (one sentence: no context before it) */
	int ask = sentence_of(r, r->intents[r->nintents - 1].first);
	for (int i = r->nwords - 1; i > ask; i--)
		if (rs_role_words(c, r, i, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE) && has_role_word(c, r, i - 1, ROLE_PRONOUN)) {
			ask = sentence_of(r, i);
			break;
		}
	for (int f = 0; f < ask; f++) {
		if (f > 0 && !r->sentence_start[f]) continue;
		if (!states_what_happens(c, r, f)) continue;
		struct renote x = { .n = 0 };
		for (int k = 0; k < r->nintents; k++)
			if (sentence_of(r, r->intents[k].first) == f) {
				if (x.n < PLAN_MAX_INTENTS) x.ids[x.n++] = r->intents[k].intent;
				drop_intent(r, k--, false);
			}
		/* (the same verb in a later sentence is the ask's: it was noted once, in the context: "... landen alle im
		 * Gmail-Postfach. Bitte die Rechnungen raussuchen ... und in Dropbox ablegen.") */
		/* (where a verb stands, opening its clause or, German, closing it; no word for things, none an article opens:
		 * "turn those emails into events" names mail, "people keep missing shifts" no update) */
		for (int j = f + 1; x.n && j < r->nwords; j++)
			if (sentence_of(r, j) != f && !r->app_word[j] && !r->arrow[j] && !r->intent_word[j] && r->said_kind[j] == AK_COUNT &&
			    !after_determiner(c, r, j) && (r->sentence_start[j] || r->after_comma[j] || rs_clause_last(r, j) == j ||
			    has_role_word(c, r, j - 1, ROLE_OPENER)))
				each_phrase(c, r, j, 1u << SYN_INTENT, renote_dropped, &x);
		/* (an action no task performs there too: "... and the postdocs share protocols through Google Drive.") */
		for (int k = 0; k < r->nactions; k++)
			if (sentence_of(r, r->actions[k].first) == f) drop_action(r, k--);
		for (int i = f; i < r->nwords && (i == f || !r->sentence_start[i]); i++) r->context[i] = true;
	}
}

/* "I keep a Google Sheet with reading log scores for my Year 4 class, please add this week's results as new rows": a
 * clause a pronoun opens at a sentence's start, with no modal, causative, trigger, purpose or negation in it, before a
 * comma and an opener ("please", "then") that starts the ask, says what is: its verbs ask nothing. */
static void stated_clause(const struct catalog *c, struct plan_resolution *r)
{
	for (int f = 0; f < r->nwords; f++) {
		if ((f > 0 && !r->sentence_start[f]) || !has_role_word(c, r, f, ROLE_PRONOUN)) continue;
		int last = rs_clause_last(r, f), next = last + 1;
		if (next >= r->nwords || r->sentence_start[next] || !r->after_comma[next] || !has_role_word(c, r, next, ROLE_OPENER))
			continue;
		bool says = true;
		for (int i = f; i <= last && says; i++)
			says = !rs_role_words(c, r, i, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE | 1ull << ROLE_TRIGGER |
				1ull << ROLE_PURPOSE | 1ull << ROLE_REASON | 1ull << ROLE_NEGATION);
		/* (a verb must follow the opener: "..., then the rows" asks nothing after it) */
		bool asked = false;
		for (int k = 0; k < r->nintents && !asked; k++) asked = r->intents[k].first > next;
		if (!says || !asked) continue;
		for (int k = 0; k < r->nintents; k++)
			if (r->intents[k].first >= f && r->intents[k].first <= last) drop_intent(r, k--, false);
		for (int i = f; i <= last; i++) r->context[i] = true;
	}
}

/* Whether the auxiliary at word i makes a thing of a kind named after a modal (roles.modals), closing its clause right
 * after the thing's word ("soll daraus automatisch ein Kalendereintrag werden"; a passive has its participle there:
 * "soll ... erstellt werden"; "become" is a verb of copying: "... should become a row in Google Sheets"). */
static bool becomes(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (rs_clause_last(r, i) != i) return false;  /* (becoming() found the thing or its app right before it) */
	bool kind = false;  /* (the thing's place may close it: "Termine im Google Kalender werden") */
	for (int k = i - 1; k >= 0; k--) {
		kind |= r->word_kinds[k] && !r->app_word[k];
		if (has_role_word(c, r, k, ROLE_MODAL)) return kind;
		if (r->after_comma[k] || r->sentence_start[k] || r->intent_word[k]) return false;
	}
	return false;
}

/* "find last week's backup files in Dropbox": a verb's word right before a word for things, after a reading verb in
 * its clause with up to three words between and no "and", names the kind of things ("open new issue" opens one). */
static bool thing_of_verb(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool either;
	if (!thing_after(r, i) || has_role_word(c, r, i, ROLE_TRIGGER)) return false;
	for (int j = i - 1; j >= 0 && j >= i - 4; j--) {
		if (r->after_comma[j + 1] || r->sentence_start[j + 1] || joins(r, j, &either) || r->app_word[j] || r->arrow[j])
			return false;
		int k = r->intent_word[j] ? intent_over(r, j) : -1;
		if (k >= 0) return !r->intents[k].negated && !writes(c, r->intents[k].intent) && !r->trigger[j];
		/* (a verb named again is noted once: "search_v2 ... - find last week's backup files") */
		int v = r->stop[j] ? -1 : verb_of(c, r, j);
		if (v >= 0) return !writes(c, v) && !r->trigger[j];
	}
	return false;
}

/* Whether word i ends a phrase "for" and an article open, one to three plain words between, before the clause's end or
 * a small word that is no article or pronoun, after a verb that makes something new (see note_intent). */
static bool made_for_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int next = i + 1;
	if (next < r->nwords && !r->after_comma[next] && !r->sentence_start[next] && (!r->stop[next] || r->app_word[next] ||
	    rs_role_words(c, r, next, 1ull << ROLE_DETERMINER | 1ull << ROLE_PRONOUN | 1ull << ROLE_TARGET | 1ull << ROLE_SOURCE)))
		return false;
	int j = determiner_before(c, r, i, 3);
	if (j < 1 || j == i - 1 || !has_role_word(c, r, j - 1, ROLE_MADE_FOR)) return false;
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].first < j - 1 && !r->intents[k].negated && (c->intents[r->intents[k].intent].caps & c->new_caps))
			return true;
	return false;
}

/* Whether word i, a verb's word right after an article (or its -ing form one or two plain words after one: "the
 * lufthansa booking confirmation"; "the technicians keep asking" is a subject's verb), names what kind of thing the
 * plain noun after it is ("as a draft episode", "the draft contract"): the noun is a word the vocabulary does not
 * know, and ends its clause or stands before a small word. */
bool rs_noun_modifier(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int n = i + 1;
	if (i < 1 || n >= r->nwords || r->after_comma[n] || r->sentence_start[n] ||
	    (!has_role_word(c, r, i - 1, ROLE_DETERMINER) && (!ends_in(r, i, "ing") || determiner_before(c, r, i, 2) < 0)) ||
	    !plain_word(r, n) || (r->nwm[n] && !r->fuzzy[n]) || r->word_kinds[n] || r->said_kind[n] != AK_COUNT || r->action_word[n] ||
	    rs_role_words(c, r, n, ~0ull))
		return false;
	/* (any small word after it: "each new msg a row" names the message; a word known only as a misspelling is none the
	 * vocabulary knows: "the shift roster") */
	return rs_clause_last(r, n) == n || (r->stop[n + 1] && !r->app_word[n + 1]);
}

/* Whether word i is a noun an article opens right after a storing verb ("upload the latest draft to my cloud
 * storage"): the thing stored, no verb of its own. */
bool rs_stored_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = i - 1;  /* (small words of no role between: "the latest draft") */
	for (; j >= 1 && j >= i - 3 && !has_role_word(c, r, j, ROLE_DETERMINER); j--)
		if (r->after_comma[j + 1] || r->intent_word[j] || r->app_word[j] || r->quoted[j] ||
		    (r->stop[j] && rs_role_words(c, r, j, ~0ull)))
			return false;
	if (j < 1 || !has_role_word(c, r, j, ROLE_DETERMINER) || !noun_closes(c, r, i)) return false;
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].first + r->intents[k].nwords == j && !r->intents[k].negated &&
		    stores_files(c, c->intents[r->intents[k].intent].caps))
			return true;
	return false;
}

/* "move the meeting but keep the same attendees", "keep the formulas unchanged", "keep it short": a verb storing files
 * whose clause says what stays as it is (roles.unchanged, within eight words) and names no place stores nothing. */
static bool keeps_as_is(const struct catalog *c, const struct plan_resolution *r, int i, int intent)
{
	if (!stores_files(c, c->intents[intent].caps)) return false;
	bool as_is = false;
	/* (up to the comma or the sentence's end: "keep the attendees and the meet link as is") */
	for (int j = i + 1; j < r->nwords && !r->after_comma[j] && !r->sentence_start[j]; j++) {
		if ((r->app_word[j] && !r->product_word[j]) || rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_KEPT))
			return false;
		as_is |= j <= i + 8 && has_role_word(c, r, j, ROLE_UNCHANGED);
	}
	return as_is;
}

static bool done_by_me(const struct catalog *c, const struct plan_resolution *r, int i);

/* "Put a shift on Saturday in the Outlook calendar", "send an update to the team": whether word i stands right after a
 * verb and an indefinite article (roles.indefinite), one plain word between at most ("put a late shift"): that verb's
 * object, a noun (not after a light verb: "make a change" changes). */
static bool verbs_object(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int art = i - 1;
	if (art > 0 && !has_role_word(c, r, art, ROLE_INDEFINITE) && !r->stop[art] && !r->intent_word[art] && !r->app_word[art] &&
	    !r->after_comma[art])
		art--;
	return art >= 1 && has_role_word(c, r, art, ROLE_INDEFINITE) && r->intent_word[art - 1] && !r->after_comma[art] &&
		!has_role_word(c, r, art - 1, ROLE_LIGHT);
}

/* Whether an indefinite article (roles.indefinite) follows word i in its clause: a verb's object ("every mail with bug in
 * the subject become a GitHub issue"), no noun's. */
static bool indefinite_after(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i + 1 < r->nwords && !r->after_comma[i + 1] && has_role_word(c, r, i + 1, ROLE_INDEFINITE);
}

/* "Log every payment reminder that comes into the Outlook mailbox": a one-word verb's noun between "each" or "every"
 * (a determiner that is also a checked word, no relative) with up to two words of a noun before it and a relative
 * after it names the things; "send a reminder that rent is due" still sends. */
static bool each_noun_relative(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 1 >= r->nwords || r->after_comma[i + 1] || !r->stop[i + 1] || !has_role_word(c, r, i + 1, ROLE_RELATIVE)) return false;
	int det = noun_determiner_before(c, r, i, 2);
	return det >= 0 && has_role_word(c, r, det, ROLE_CHECKED) && !has_role_word(c, r, det, ROLE_RELATIVE);
}

/* Whether a catalog app's name follows a place marker (roles target, weak_target: in, im, auf), up to two small words
 * between ("in meinem Outlook-Kalender"), after word i before the next comma or the sentence's end. */
static bool app_placed_after(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int last = i;  /* (to the next comma or the sentence's end: "Welche Seminare und Kolloquien stehen ... in ...") */
	while (last + 1 < r->nwords && !r->after_comma[last + 1]) last++;
	for (int k = i + 1; k < last; k++) {
		if (!rs_role_words(c, r, k, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) continue;
		int a = k + 1;
		while (a <= last && a <= k + 2 && r->stop[a] && !r->app_word[a]) a++;
		if (a <= last && r->app_word[a] && !r->product_word[a]) return true;
	}
	return false;
}

/* Whether word i follows an -ing word no list knows that opens its clause, follows a small word or an article (one or
 * two plain words between: "the whole training schedule", "the floor plans and seating charts"): a noun that -ing
 * word says the use of. */
static bool ing_modified(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int m = i - 1;
	if (m < 0 || r->after_comma[i] || !ends_in(r, m, "ing") || (r->nwm[m] && !r->fuzzy[m]) || r->app_word[m]) return false;
	return m == 0 || r->after_comma[m] || r->stop[m - 1] || determiner_before(c, r, m, 2) >= 0;
}

/* "which files in the OneDrive folder were changed last week?", "Welche Dateien ... wurden letzte Woche geändert?": in a
 * question a question word opens before a word for things (or before the auxiliary), a participle (-ed, ge-...-t,
 * roles.participles) after a passive's auxiliary up to three words back says which things are listed, no change asked. */
static bool asked_which_were(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool german = r->wordlen[i] > 5 && strncmp(r->words[i], "ge", 2) == 0 && ends_in(r, i, "t");
	if (!r->question || !(participle_form(c, r, i) || german)) return false;
	bool aux = false;
	for (int k = i - 1; k >= 0 && k >= i - 3 && !r->after_comma[k + 1]; k--) aux |= r->stop[k] && has_role_word(c, r, k, ROLE_AUX);
	if (!aux) return false;
	for (int k = i - 1; k >= 1 && !r->sentence_start[k + 1]; k--) {
		if (!r->word_kinds[k]) continue;
		/* (one plain word may say what the things are: "what service appointments have I got booked tomorrow?") */
		int q = k - 1;
		if (q >= 1 && !r->word_kinds[q] && !r->app_word[q] && !r->intent_word[q] && !has_role_word(c, r, q, ROLE_QUESTION)) q--;
		if (has_role_word(c, r, q, ROLE_QUESTION)) return true;
	}
	/* (or the question word right before the auxiliary, no thing said: "what have I got booked in Google Calendar?") */
	int k = i - 1;
	while (k >= 0 && !r->sentence_start[k + 1] && (r->stop[k] || r->intent_word[k]) && !has_role_word(c, r, k, ROLE_QUESTION)) k--;
	return k >= 0 && k < i - 1 && has_role_word(c, r, k, ROLE_QUESTION);
}

static int after_marker(const struct catalog *c, const struct plan_resolution *r, int i);

/* Whether a place marker stands at word i and an app's name right after it, an article or a possessive between or
 * none ("... lands in my Outlook inbox"). */
static bool app_after_marker(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i + 1 < r->nwords && rs_role_words(c, r, i, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_TARGET) &&
		r->app_word[after_marker(c, r, i)];
}

/* "move Mrs Keller's mock driving test ... in my Outlook calendar": words two intents share ("move": copy, update) mean
 * the one the apps named can do, where the one noted first means nothing they can; true where intent replaced it. */
static bool other_sense(const struct catalog *c, struct plan_resolution *r, int i, int n, int intent)
{
	int k = intent_over(r, i);
	if (k < 0 || r->intents[k].first != i || r->intents[k].nwords != n || r->intents[k].intent == intent) return false;
	uint64_t named = 0;
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].app >= 0) named |= c->apps[r->mentions[m].app].caps;
	if (!named || (c->intents[r->intents[k].intent].caps & named) || !(c->intents[intent].caps & named)) return false;
	r->intents[k].intent = intent;
	return true;
}

/* "Every new claim notification in my Outlook inbox should become a line ...": a verb's word right after a trigger's
 * "new" (one plain word between at most), before a place marker and an app, is the new thing there, no verb. */
static bool new_thing_in_app(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int n = i - 1;
	if (n >= 1 && !r->stop[n] && !r->app_word[n] && !r->intent_word[n] && !r->word_kinds[n]) n--;
	return n >= 0 && r->trigger[n] && !r->after_comma[i] && has_role_word(c, r, n, ROLE_TRIGGER) && app_after_marker(c, r, i + 1);
}

static bool note_intent(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	/* ('the subject "Team invite"' invites no one; "the owner can't make it" makes nothing, roles.other_things) */
	if (r->kept[i] || r->named_subject[i] || r->other_thing[i]) return false;
	if (purpose_at(c, r, i)) return false;
	/* ("before I reschedule the offsite, find a free slot": what the person does first is no verb asked) */
	if (done_by_me(c, r, i)) {
		r->stop[i] = r->done_first[i] = true;  /* understood: what comes first */
		return false;
	}
	if (sy->words == 1 && (noun_after_app(c, r, i) || thing_of_verb(c, r, i) || calendar_reminder(c, r, i, (int)sy->target) ||
	    new_thing_in_app(c, r, i))) {
		r->describes[i] = true;
		return false;
	}
	if (sy->words == 2 && imperative_to_me(c, r, i, cat_s(c, sy->phrase))) return false;
	if (sy->words == 2 && particle_noun(c, r, i)) return false;  /* "in einer Excel-Liste auf SharePoint" lists nothing */
	/* "every email that hits our support address": a verb's phrase ending in its object's determiner or pronoun
	 * ("email that", "email them") right after a determiner is a noun and what follows it; so is one ending in a
	 * relative after a determiner and up to two words of a noun ("every support email that hits", "each complaint
	 * email that lands"; "the CEO emails my gmail" still sends, as "can the agent email each customer" does) */
	int det = sy->words != 2 ? -1 : has_role_word(c, r, i + 1, ROLE_RELATIVE) ?
		noun_determiner_before(c, r, i, 2) : i - 1;
	if (det >= 0 && has_role_word(c, r, det, ROLE_DETERMINER) && !has_role_word(c, r, det, ROLE_RELATIVE) &&
	    rs_role_words(c, r, i + 1, 1ull << ROLE_DETERMINER | 1ull << ROLE_RELATIVE | 1ull << ROLE_OBJECT_PRONOUN))
		return false;
	if (sy->words == 1 && each_noun_relative(c, r, i)) return false;
	/* "the whole training schedule": a verb's word after an -ing modifier is a noun (not closing its clause, where a
	 * German verb stands: "für das Onboarding anlegen") */
	if (sy->words == 1 && ing_modified(c, r, i) && rs_clause_last(r, i) != i) {
		r->describes[i] = true;
		return false;
	}
	if (sy->words == 1 && writes(c, (int)sy->target) && asked_which_were(c, r, i)) {
		r->matched[i] = true;  /* understood: it says which */
		return false;
	}
	/* "never send anything": one word right after a declined verb is its object, no verb declined too */
	int before = i > 0 && r->intent_word[i - 1] ? intent_over(r, i - 1) : -1;
	if (sy->words == 1 && before >= 0 && r->intents[before].negated) return false;
	/* a writing verb's "X me" is the imperative only ("Email me a summary"; "clients email me" is no send) */
	if (sy->words == 2 && ends_in_me(cat_s(c, sy->phrase)) && writes(c, (int)sy->target) && !opens_clause(c, r, i) &&
	    !(r->question && (person_before(c, r, i) || name_before(r, i))))  /* "did my boss email me ...?": below */
		return false;
	/* "Add support for sending mail", "add the ability to update rows": a verb before a feature noun
	 * (roles.feature_nouns) asks for the feature; what the feature does is said after it (a compound is the
	 * feature itself: "Anzeigemöglichkeit" asks to show) */
	int next = i + (int)sy->words;
	while (next < r->nwords && has_role_word(c, r, next, ROLE_DETERMINER)) next++;
	if (next < r->nwords && !r->compound[next - 1] && has_role_word(c, r, next, ROLE_FEATURE)) return false;
	/* "Getting 403 when uploading": a reading verb before a number no word for things follows gets a status, no count */
	if (!writes(c, (int)sy->target) && next < r->nwords && word_has_digit(r, next) && !things_near(r, next))
		return false;
	/* "Which permissions are required to append rows ...": a question word (roles.question_words) before a word the
	 * vocabulary does not know, or a framing word (no role's), asks about that, no listing ("which files did I
	 * upload", "welche Werte stehen in der Tabelle" list) */
	int asked = next; /* ("Which Dropbox scope ...": an app's name between) */
	while (asked < r->nwords && r->app_word[asked] && !r->product_word[asked]) asked++;
	/* (a word no list knows, where the clause puts the things in an app after a place marker, is what they are:
	 * "which seminars are in my Outlook calendar next week?", "Welche Seminare stehen ... in meinem Outlook-Kalender?") */
	if (sy->words == 1 && has_role_word(c, r, i, ROLE_QUESTION) && asked < r->nwords && !r->app_word[asked] &&
	    ((!r->nwm[asked] && !app_placed_after(c, r, asked)) ||
	     (r->stop[asked] && !r->word_kinds[asked] && !rs_role_words(c, r, asked, ~0ull)))) {
		r->stop[i] = true;
		return false;
	}
	/* "Did someone put a new contract in our Google Drive?": a writing verb right after a person (synonyms.json
	 * persons; an auxiliary between) is what someone else did: what came of it is found, as a listing asks
	 * (roles.format_means), not written; in a question whether it happened ("Did my boss send me ...?", a
	 * question mark ending the request) any verb after a person is ("the files people send me" still reads) */
	/* "... to the volunteer list": a reading verb after an article, ending its clause, is a noun */
	/* (a copy is one also after an article and plain words, "before I lose the paper copy", or before a small word
	 * that opens no object, "Put a copy of the signed NDA in ...") */
	/* (and one right after a word the vocabulary does not know, in a phrase an article opens: "Send the updated
	 * wholesale price list to our retail customer"; a writing verb's word too before a word for things: "From the
	 * catering shift sheet in Google Sheets create ...") */
	if (sy->words == 1 && ((!writes(c, (int)sy->target) && ((after_determiner(c, r, i) && rs_clause_last(r, i) == i) ||
	    (sy->target == c->meta->copy_intent && article_noun(c, r, i)))) ||
	    (compound_head(c, r, i) && (!writes(c, (int)sy->target) || thing_after(r, i)))) && !indefinite_after(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	if (sy->words == 1 && !writes(c, (int)sy->target) && between_noun_and_thing(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	/* ("each person on this week's shift": any verb's word right after a word written with a possessive's 's is a
	 * noun, and a writing verb's right after a possessive, roles.possessives: "each of them ... with their shift";
	 * "your free time" still asks when you are free, "my draft reply" is the draft) */
	if (sy->words == 1 && i > 0 && !r->after_comma[i] && ((r->possessive[i - 1] && after_determiner(c, r, i)) ||
	    (writes(c, (int)sy->target) && caps_kinds(c, c->intents[sy->target].caps) != 1u << AK_MAIL &&
	     has_role_word(c, r, i - 1, ROLE_POSSESSIVE)))) {
		r->describes[i] = true;
		return false;
	}
	/* (a mail's verb stays one: "my draft reply" is the draft) */
	if (sy->words == 1 && first_part_of_noun(c, r, i) && writes(c, (int)sy->target) &&
	    caps_kinds(c, c->intents[sy->target].caps) != 1u << AK_MAIL) {
		r->describes[i] = true;
		return false;
	}
	/* "put its link in the invite of my Outlook calendar": a writing verb's word after a place marker and an article
	 * is a noun, the place */
	if (sy->words == 1 && writes(c, (int)sy->target) && i >= 2 && has_role_word(c, r, i - 1, ROLE_DETERMINER) && !r->after_comma[i - 1] &&
	    rs_role_words(c, r, i - 2, 1ull << ROLE_SOURCE | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) {
		r->describes[i] = true;
		return false;
	}
	if (sy->words == 1 && sy->target == c->meta->joined_intent && verbs_object(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	if (sy->words == 1 && keeps_as_is(c, r, i, (int)sy->target)) {
		r->matched[i] = true;  /* understood: what stays as it is */
		return false;
	}
	if (sy->words == 1 && (rs_stored_noun(c, r, i) || rs_noun_modifier(c, r, i))) {
		r->describes[i] = r->matched[i] = true;  /* understood: the thing stored */
		return false;
	}
	/* ("we are changing the storage": what is going on, no verb asked) */
	if (sy->words == 1 && progressive(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	/* "emails from DHL with tracking numbers": an -ing form right after "with", before a word that is no small word,
	 * describes that thing */
	if (i > 0 && sy->words == 1 && ends_in(r, i, "ing") && has_role_word(c, r, i - 1, ROLE_RECORD_WITH) && i + 1 < r->nwords &&
	    !r->stop[i + 1] && !r->app_word[i + 1]) {
		r->describes[i] = r->matched[i] = true;  /* understood: it says which */
		return false;
	}
	/* "our clinic scheduling app": an -ing form inside a phrase an article opens, before a word that is no small
	 * word, verb, app or word for a kind of things, names what that thing is for ("a script uploading files" acts) */
	if (sy->words == 1 && ends_in(r, i, "ing") && i + 1 < r->nwords && !r->stop[i + 1] && !r->after_comma[i + 1] &&
	    !r->intent_word[i + 1] && !r->app_word[i + 1] && !r->word_kinds[i + 1] && r->nwm[i + 1] && verb_of(c, r, i + 1) < 0 &&
	    modified_after_determiner(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	/* "new google sheet for the pharmacy fridge temp log pls": a verb's word after "for", an article and one to three
	 * plain words, before the clause's end or a small word that opens nothing, after a verb that makes something new,
	 * names what the new thing is for */
	if (sy->words == 1 && made_for_noun(c, r, i)) {
		r->describes[i] = true;
		return false;
	}
	/* "create a new spreadsheet for tracking feedback": an -ing form after "for" that follows a writing verb says
	 * what the thing made is for, no second action (up to two plain words between: "New Google Sheet for podcast
	 * sponsor tracking") */
	int made_for = i - 1;
	while (made_for > i - 3 && made_for > 1 && plain_word(r, made_for) && !r->after_comma[made_for + 1]) made_for--;
	if (made_for > 0 && ends_in(r, i, "ing") && has_role_word(c, r, made_for, ROLE_MADE_FOR) &&
	    !has_role_word(c, r, made_for - 1, ROLE_FEATURE))
		for (int k = 0; k < r->nintents; k++)
			if (r->intents[k].first < i && !r->intents[k].negated && writes(c, r->intents[k].intent)) {
				r->stop[i] = true;  /* understood: the purpose */
				return false;
			}
	/* "start a new excel workbook to track my tuition payments": "to" and a verb right after a thing (a word for its
	 * kind or its app, no flow's word) an earlier verb makes new say what the thing is for */
	if (i > 1 && (made_for_to(c, r, i) || time_for_to(c, r, i))) {
		r->stop[i] = true;  /* understood: the purpose */
		return false;
	}
	int intent = (int)sy->target;
	/* (someone else does it: what came is read) */
	bool person = person_before(c, r, i), someone = person || named_past(c, r, i);
	/* "I'd like an email sent to me": after a causative, mail that comes to me is mail to send (roles.addressed_means) */
	if (!writes(c, intent) && ends_in_me(cat_s(c, sy->phrase)) && c->meta->addressed_intent != CAT_NONE && after_causative(c, r, i) &&
	    !person)
		intent = (int)c->meta->addressed_intent;
	/* (what someone sent me is of the kind the verb writes: "geschickt" says mail where Outlook names two kinds) */
	/* ("Has the builder sent me the contract yet?": the reading "sent me" too, a question asks which came) */
	if (c->meta->format_intent != CAT_NONE && (writes(c, intent) || ends_in_me(cat_s(c, sy->phrase))) &&
	    (name_before(r, i) || sent_to_me(c, r, i))) {
		r->kinds |= caps_kinds(c, c->intents[intent].caps) & ~(1u << AK_CALLER);
		intent = (int)c->meta->format_intent;
	} else if (c->meta->format_intent != CAT_NONE && someone && (writes(c, intent) || r->question))
		intent = (int)c->meta->format_intent;
	if (!writes(c, intent) && reads_into_kind(c, r, i + (int)sy->words)) return false;
	if (rs_says_which(c, r, i, cat_s(c, sy->phrase), writes(c, (int)sy->target))) {
		r->describes[i] = true;
		/* (a trigger's passive is its event, understood: "die in Dropbox abgelegt wird") */
		r->matched[i] |= passive_at(c, r, i) && in_trigger_clause_at(c, r, i);
		return false;
	}
	/* separable verbs keep their parts apart: "was steht heute im Kalender an" */
	/* a verb and its particle take their object between them ("lade den Bericht hoch"); a fixed
	 * expression of small words ("what's on") only lets small words in */
	const char *ph = cat_s(c, sy->phrase);
	int n = rs_phrase_at(c, r, i, ph, (sy->words == 1 || ends_in_object(ph) ? PH_STRICT : r->stop[i] ? PH_LOOSE : PH_GAP) | PH_PAST);
	const char *sp = strchr(ph, ' ');
	/* ("Speicher die Selbstauskunft in meiner Cloud ab": a separable verb whose stem is a small word too holds its
	 * object all the same, its particle, as written, closing the clause) */
	int last = n < 2 && sy->words == 2 && r->stop[i] ? rs_clause_last(r, i) : -1;
	if (last > i + 1 && rs_particle_at(c, r, last, sp + 1, strlen(sp + 1)))
		n = rs_phrase_at(c, r, i, ph, PH_GAP | PH_PAST) == last - i + 1 ? last - i + 1 : 0;
	if (n < (int)sy->words || gap_is_no_verb(c, r, i, n, (int)sy->words, ph)) return false;
	/* ("emails that come into Outlook": a noun's plural before a relative pronoun is no "email that") */
	if (n == 2 && sp && (size_t)(sp - ph) != r->wordlen[i] && has_role_word(c, r, i + 1, ROLE_RELATIVE) && ends_in(r, i, "s"))
		return false;
	/* (a gap opening with "of" holds the first word's object, no compound of the two: "a summary of all the complaint
	 * emails" is no "summary email") */
	if (n > (int)sy->words && has_role_word(c, r, i + 1, ROLE_PART)) return false;
	if (other_sense(c, r, i, n, (int)sy->target)) return false;
	for (int k = i; k < i + n; k++) if (r->intent_word[k]) return false;  /* inside a longer intent */
	if (!writes(c, (int)sy->target) && asks_for_a_way(c, r, i + n)) {
		for (int k = i; k < i + n; k++) r->stop[k] = true;
		return false;
	}
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].intent == intent) {
			/* named again under a negation ("send an email ... but don't send it"): what the user
			 * declined once is never planned (the same verb: "Save every attachment ... no archiving" saves) */
			/* (not under an exception after it: "send the weekly e-mail ..., unless ..., in which case ... don't send
			 * anything" sends) */
			const struct plan_intent *o = &r->intents[k];
			bool excepted = false;
			for (int w = o->first + o->nwords; w < i && !excepted; w++) excepted = has_role_word(c, r, w, ROLE_EXCEPTION);
			if (negated_at(c, r, i) && !excepted &&
			    rs_word_level(r->words[o->first], r->wordlen[o->first], r->words[i], r->wordlen[i], false) >= LV_STEM)
				r->intents[k].negated = true;
			return false;
		}
	if (r->nintents == PLAN_MAX_INTENTS) return true;
	r->intents[r->nintents++] = (struct plan_intent){ .first = i, .nwords = n, .intent = intent,
		.negated = negated_at(c, r, i), .by_person = someone || name_before(r, i) };
	/* the words of the phrase, not what a gap skipped */
	for (int k = i, w = 0; k < i + n && w < (int)sy->words; k++)
		if (rs_word_level(r->words[k], strlen(r->words[k]), phrase_word(cat_s(c, sy->phrase), w), phrase_word_len(cat_s(c, sy->phrase), w),
			r->fuzzy[k]) >= LV_TYPO) { r->intent_word[k] = true; w++; }
	return false;
}

/* Whether word i is a German infinitive closing its clause, a verb ("einen eigenen Kalender anlegen"). */
static bool closing_infinitive(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return verb_of(c, r, i) >= 0 && ends_in(r, i, "en") && rs_clause_last(r, i) == i;
}

/* "create a new calendar for the team" makes a calendar; "create calendar entries", "create an event in
 * Outlook Calendar" make events: a kind word ending an action's words (at the query positions pos[0..n)) is
 * what the action acts on only where no other kind word stands between and a small word, an app or nothing
 * follows. A kind word after a role word of the phrase is where something goes ("move to a folder"). */
static bool kind_is_object(const struct catalog *c, const struct plan_resolution *r, const int *pos, int n)
{
	int first = pos[0], last = pos[n - 1];
	/* under an app's name ("Outlook Calendar") the word is no kind of its own: the word alone says one; a phrase
	 * ending in no kind word keeps what stands between ("mark all emails in Gmail as read") */
	if (!r->word_kinds[last] && r->said_kind[last] == AK_COUNT) return true;
	/* a place marker of the request's own between them makes the kind word where something goes ("create a
	 * reminder in my Outlook calendar") */
	for (int k = first + 1, w = 1; k < last; k++) {
		if (w < n && pos[w] == k) { w++; continue; }
		if (rs_role_words(c, r, k, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) return false;
	}
	for (int w = 0; w < n - 1; w++)
		if (rs_role_words(c, r, pos[w], 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_SOURCE)) return true;
	/* (an app's name between is where: "create a new Google Calendar calendar") */
	for (int k = first + 1; k < last; k++) if (r->word_kinds[k] && !r->app_word[k]) return false;
	/* a word the vocabulary does not know right after the thing is its name ("einen neuen Kalender Urlaub") */
	return last + 1 == r->nwords || r->stop[last + 1] || r->app_word[last + 1] || !r->nwm[last + 1] ||
		closing_infinitive(c, r, last + 1);
}


/* "Archive old emails in Gmail": one app named, no product, family, other kind or target marked, so a verb that
 * is also an action ("archive") acts in that app rather than saving its items elsewhere. */
static bool in_place(const struct catalog *c, const struct plan_resolution *r)
{
	/* an app where a trigger's event happens is no place the action acts in ("Archive a Gmail message when a new
	 * row is appended in Google Sheets") */
	int other = -1, trig = -1;
	for (int k = 0; k < r->nmentions; k++)
		if (r->mentions[k].app >= 0 && r->mentions[k].triggered) trig = r->mentions[k].app;
		else if (r->mentions[k].app >= 0) other = r->mentions[k].app;
	if (trig >= 0 && other >= 0 && other != trig && r->napps == 2 && !r->nfamilies && !r->nproducts)
		return !(r->kinds & ~(1u << c->apps[other].kind) & ~(1u << c->apps[trig].kind));
	/* ("Office 365 Outlook emails": a family holding the app named is that app's name) */
	int families = r->nfamilies;
	for (int f = 0; r->napps == 1 && f < r->nfamilies; f++) families -= in_family(c, (uint32_t)r->families[f], r->apps[0]);
	/* ("Archive everything older than 90 days in the company mailbox": no app named, one kind said, no target) */
	if (!r->nproducts && !r->napps && !families && bits(r->kinds) == 1 && !(r->kinds >> AK_DRIVE & 1)) {
		for (int i = 0; i < r->nwords; i++) if (rs_role_words(c, r, i, 1ull << ROLE_TARGET)) return false;
		return true;
	}
	if (r->nproducts || r->napps + families != 1) return false;
	/* a family and a word for one kind of its apps ("E-Mails in Outlook archivieren") is that app */
	if (!r->napps) return bits(r->kinds) == 1 && c->families[r->families[0]].apps[__builtin_ctz(r->kinds)] != CAT_NONE;
	return !(r->app_role[0] == PR_TARGET && r->app_strong[0]) && !(r->kinds & ~(1u << c->apps[r->apps[0]].kind));
}

/* Whether the verb at word i is the person's own, after roles.before and a pronoun, up to three words between that
 * name no app or things ("before I accept", "so I can sort and prioritise them", "damit ich sie sortieren kann"). */
static bool done_by_me(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int j = i - 1; j > 0 && j >= i - 4; j--) {
		if (has_role_word(c, r, j, ROLE_PRONOUN)) return has_role_word(c, r, j - 1, ROLE_BEFORE);
		if (r->app_word[j] || r->word_kinds[j] || r->after_comma[j + 1]) return false;
	}
	return false;
}

/* Whether a word for a kind of things stands after word i in its clause. */
static bool thing_in_clause(const struct plan_resolution *r, int i)
{
	for (int k = i + 1, last = rs_clause_last(r, i); k <= last; k++) if (r->word_kinds[k]) return true;
	return false;
}

/* Whether word i is an item of a list that follows "with" (roles.record_with): items of one or two plain words
 * joined by commas (one at least), "and" or "or" back to it ("with title, body and labels"), the word followed by the list's
 * next item, its end or a marker of a place, a source, a trigger or a purpose ("with today's date and share them"
 * shares). */
static bool listed_with(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool either;
	if (i + 1 < r->nwords && !r->after_comma[i + 1] && !joins(r, i + 1, &either) &&
	    !rs_role_words(c, r, i + 1, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_SOURCE | 1ull << ROLE_TRIGGER |
		1ull << ROLE_RECORD_WITH | 1ull << ROLE_MADE_FOR))
		return false;
	/* a comma or a conjunction seen: the word is a list's item, not the one word after "with"; a comma: a list, no
	 * second verb ("mit einem Label versehen und archivieren") */
	bool joined = false, comma = false;
	for (int j = i - 1, run = 0; j >= 0 && j >= i - 8; j--) {
		if (has_role_word(c, r, j, ROLE_RECORD_WITH)) return joined && comma;
		if (r->after_comma[j + 1]) { joined = comma = true; run = 0; }
		if (r->intent_word[j] || r->app_word[j] || r->quoted[j]) return false;
		if (r->stop[j]) { joined |= joins(r, j, &either); run = 0; continue; }
		if (++run > 2) return false;
	}
	return false;
}

/* Whether word i is an item of a list of things, no verb: joined by a comma or a conjunction to a plain word before
 * it, and either plural with nothing after it in its clause but the list ("title + labels + assignee") or followed by
 * a plain last item ("title, label and assignee"); a verb has an object ("archive, label and forward the mails"). */
static bool list_item(const struct plan_resolution *r, int i)
{
	bool either;
	int prev = r->after_comma[i] ? i - 1 : i > 1 && r->stop[i - 1] && joins(r, i - 1, &either) && !r->after_comma[i - 1] ? i - 2 : -1;
	if (prev < 0 || !plain_word(r, prev) || r->action_word[prev]) return false;
	bool ends = i + 1 >= r->nwords || r->after_comma[i + 1] || r->sentence_start[i + 1];
	int next = i + 2 < r->nwords && (r->after_comma[i + 1] || joins(r, i + 1, &either)) ? i + 2 : -1;
	if (ends_in(r, i, "s") && (ends || next >= 0)) return true;
	return next >= 0 && plain_word(r, next) && !r->action_word[next] && !r->after_comma[next] &&
		(next + 1 >= r->nwords || r->after_comma[next + 1]);
}

/* "the broken screen-reader label on the page": a word after an article and up to three words that are no small
 * word, verb or app, before a small word in its clause, ends a noun phrase: a thing. */
static bool modified_noun(const struct catalog *c, const struct plan_resolution *r, int i)
{
	/* (or a word for things or documents ending the phrase before it: "from the month-end close workbook on SharePoint") */
	int end = i + 1 < r->nwords && !r->after_comma[i + 1] && !r->app_word[i + 1] &&
		(r->word_kinds[i + 1] || has_role_word(c, r, i + 1, ROLE_DOCUMENT)) ? i + 1 : i;
	/* (a small word follows that opens no object, or a comma: "Can the agent commit the export" commits) */
	if (end + 1 >= r->nwords || (!r->after_comma[end + 1] && (!r->stop[end + 1] || has_role_word(c, r, end + 1, ROLE_DETERMINER))))
		return false;
	if (end == i) return modified_after_determiner(c, r, i);
	int j = noun_determiner_before(c, r, i, 3);
	return j >= 0 && j < i - 1 && (j == 0 || r->after_comma[j] || r->stop[j - 1]);
}

/* Whether "with" (roles.record_with) stands right before word w, or one plain word before it, after word from. */
static bool with_before(const struct catalog *c, const struct plan_resolution *r, int w, int from)
{
	for (int j = w - 1; j > from && j >= w - 2; j--) {
		if (has_role_word(c, r, j, ROLE_RECORD_WITH)) return true;
		if (r->stop[j] || r->intent_word[j] || r->app_word[j] || r->after_comma[j + 1]) return false;
	}
	return false;
}

/* Whether word i starts a phrase of replying (roles.replies), by the vocabulary words' role masks alone: a cheap
 * test note_action makes at every small word. */
static bool starts_reply(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int m = 0; m < r->nwm[i]; m++)
		if (c->words[r->wm[i][m].word].roles >> ROLE_REPLY & 1) return true;
	return false;
}

/* An action no task performs ("label", "forward", "fasst ... zusammen"), unless the request declines it. */
/* Whether word i is an English past form right after its subject, outside a trigger's clause: a pronoun, a person
 * or a word no app or kind claims, no role's but a thing's ("the old tool deleted them"; "have them deleted" asks). */
static bool narrated_past(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i == 0 || r->wordlen[i] < 5 || !ends_in(r, i, "ed") || r->after_comma[i] || in_trigger_clause_at(c, r, i)) return false;
	int j = i - 1;
	return has_role_word(c, r, j, ROLE_PRONOUN) || exact_word(c, r, j, SYN_STOP, STOP_PERSON) >= 0 ||
		(!r->intent_word[j] && !r->app_word[j] && !r->quoted[j] && !r->word_kinds[j] &&
		 !rs_role_words(c, r, j, ~(1ull << ROLE_RUNTIME | 1ull << ROLE_FOLDER | 1ull << ROLE_DOCUMENT | 1ull << ROLE_JOINED)));
}

static bool note_action(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	/* "einen Tag vorher": a word an understood phrase holds (roles.dates) asks for nothing */
	if (r->kept[i] || (sy->words == 1 && r->stop[i])) return false;
	/* ("Schützenverein", "Löschteich": a compound's first part names what its head is, no action) */
	if (sy->words == 1 && r->compound[i]) return false;
	/* ("the tour group organiser Sandra Kowalski": a doer's noun after a plain word, before a name the vocabulary does
	 * not know, is a person's title, no action) */
	if (sy->words == 1 && i > 0 && i + 1 < r->nwords && (ends_in(r, i, "er") || ends_in(r, i, "or")) && !r->nwm[i + 1] &&
	    !r->stop[i + 1] && !r->app_word[i + 1] && !r->stop[i - 1] && !r->app_word[i - 1] && !r->word_kinds[i - 1])
		return false;
	/* (a word of the word lists is itself, no misspelt action, unless it shares the action's first five letters, an
	 * inflection: "Menge 1" merges nothing; "Outlook categories" still categorise) */
	if (sy->words == 1 && r->fuzzy[i] && strncmp(r->words[i], cat_s(c, sy->phrase), 5) != 0 &&
	    cat_ordinary_word(c, r->words[i], (size_t)r->wordlen[i]) == 1)
		return false;
	/* (a phrase opening with a small word is read as written: its next word first, a cheap test "in" needs often; a
	 * verb of replying is a role's word, no small word: "Answer every appointment request hitting Gmail automatically") */
	bool small = sy->words > 1 && r->stop[i];
	if (small) {
		const char *sp = strchr(cat_s(c, sy->phrase), ' ');
		if (i + 1 >= r->nwords || (!r->fuzzy[i + 1] && r->words[i + 1][0] != sp[1])) {
			if (!starts_reply(c, r, i)) return false;
			small = false;
		}
	}
	/* a verb keeps its object between its words ("forward the labeled messages", "fasst ... zusammen");
	 * a phrase that starts with a small word is read as written */
	if (sy->words == 1 && r->intent_word[i] && !((c->outside[sy->target].flags & OUT_IN_PLACE) && in_place(c, r))) return false;
	/* "have them translated", "lass sie übersetzen": after a causative (roles.causatives) and its object, the verb's
	 * -d form is the action asked, no state ("closed issues") */
	/* ("Can incoming Gmail messages be translated", "sollen übersetzt werden": a passive asked too) */
	unsigned past = sy->words == 1 && (after_causative(c, r, i) || (i > 0 && has_role_word(c, r, i - 1, ROLE_PASSIVE_ASK)) ||
		passive_asked(c, r, i)) ? PH_PAST : 0;
	int n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), (sy->words == 1 || small ? PH_STRICT : PH_GAP | PH_WIDE) | past);
	/* "Automatisch auf Kundenmails in Outlook antworten": a phrase of two words opening with a small word holds its
	 * object between them where its last word closes the clause, as a German verb does, and no verb stands between */
	if (small && sy->words == 2 && n < 2) {
		n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_GAP | past);
		for (int k = i + 1; n > 2 && k < i + n - 1; k++)
			if (r->intent_word[k] || r->after_comma[k]) n = 0;
		if (n > 2 && rs_clause_last(r, i) != i + n - 1) n = 0;
	}
	if (n < (int)sy->words || negated_at(c, r, i)) return false;
	/* "Mark wants to read it first": a gap ending in "to" before a verb is an infinitive's, no phrase's */
	if (n > (int)sy->words && has_role_word(c, r, i + n - 2, ROLE_TARGET) && verb_of(c, r, i + n - 1) >= 0) return false;
	/* "every new loading dock booking from the Outlook calendar": a gap after a trigger's word holding a source marker
	 * joins two phrases, the thing and where it comes from, no action's words ("new calendar") */
	for (int k = i + 1; n > (int)sy->words && r->trigger[i] && k < i + n - 1; k++)
		if (rs_role_words(c, r, k, 1ull << ROLE_SOURCE)) return false;
	/* "add a row to the Google Sheet 'Loaner laptops' with asset tag": a phrase read across a gap whose last word
	 * follows "with" (roles.record_with), one plain word between at most, ends in what a thing comes with */
	if (n > (int)sy->words && with_before(c, r, i + n - 1, i)) return false;
	/* "fetch its title, body and all comments": a word a capability's phrase names as written is that capability's
	 * thing, no inflected form of an action's verb */
	if (sy->words == 1 && exact_word(c, r, i, SYN_CAP, -1) >= 0 && strcmp(r->words[i], cat_s(c, sy->phrase)) != 0) return false;
	/* "Mails nach Absender filtern" is no "mail filter": read across a gap from a word for things to a catalog verb,
	 * the words are the verb and its object */
	/* (a verb asking something of that kind of things: "GitHub-Issue #214 dem Kollegen zuweisen" assigns it) */
	/* (small words only between are no object: "Ordner automatisch erstellen" creates a folder) */
	bool object_between = false;
	for (int k = i + 1; k < i + n - 1; k++)
		object_between |= !r->stop[k] || rs_role_words(c, r, k, 1ull << ROLE_SOURCE | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET |
			1ull << ROLE_MADE_FOR | 1ull << ROLE_RECORD_WITH);
	int closing = n > (int)sy->words && r->word_kinds[i] && object_between ? verb_of(c, r, i + n - 1) : -1;
	if (closing >= 0 && (caps_kinds(c, c->intents[closing].caps) & r->word_kinds[i])) return false;
	/* "the issues labelled bug", "emails tagged urgent", "files shared with me": a participle of a mark a search finds,
	 * right after a word for the things marked, says which ones are read */
	/* (and the word right after a quoted name: the "Rechnungen 2024" label names one, a search finds its items) */
	if ((c->outside[sy->target].flags & OUT_FINDABLE) && (participle_after_thing(c, r, i) || pronoun_after_thing(c, r, i, true) ||
	    (sy->words == 1 && mark_in_relative(c, r, i)) ||
	    (sy->words == 1 && i > 0 && r->quoted[i - 1] && !r->quoted[i] && !r->after_comma[i]))) {
		r->matched[i] = true;  /* understood: it says which */
		return false;
	}
	/* "when someone comments on a GitHub issue": what a person does to things of an app in a trigger's clause is the
	 * event watched ("when someone stars our GitHub repo" watches nothing the apps hold) */
	/* (so is a mark a search finds put on them in a passive, outside.json findable: "When a GitHub issue gets labelled
	 * critical"; "When a file is deleted" watches nothing the apps hold) */
	bool passive = i > 1 && (c->outside[sy->target].flags & OUT_FINDABLE) && ends_in(r, i, "ed") && rs_role_words(c, r, i - 1, 1ull << ROLE_AUX | 1ull << ROLE_RECEIVE) &&
		(r->word_kinds[i - 2] || r->app_word[i - 2]);
	if (in_trigger_clause_at(c, r, i) && ((person_before(c, r, i) && thing_in_clause(r, i)) || passive)) {
		r->matched[i] = true;  /* understood: the event */
		return false;
	}
	/* "finance only accepts Excel": an action's -s form after its subject, a person, is what someone does */
	/* (in a trigger's clause it is the event: "when someone stars our GitHub repo" is one no app holds) */
	if (r->wordlen[i] > 3 && r->words[i][r->wordlen[i] - 1] == 's' && person_before(c, r, i) && !in_trigger_clause_at(c, r, i))
		return false;
	/* "we are changing the storage of the company": an -ing form after a pronoun and an auxiliary is what is going
	 * on, no action asked */
	if (progressive(c, r, i)) return false;
	/* "last tool I tried cleaned out my inbox": an -ed form right after its subject, no causative before, tells what
	 * happened, no action asked */
	if (narrated_past(c, r, i) && !past) return false;
	/* "den Raum auf Saal 3 umstellen": a separable verb's stem right after a German article (roles.articles) is a noun
	 * and its particle a preposition, no "räum auf" */
	if (sy->words == 2 && particle_noun(c, r, i)) return false;
	/* "My sister and I share caregiving for our dad. Please add ...": an action right after the pronoun opening a
	 * sentence before the last, or a clause of it ("Hallo zusammen, ich übersetze freiberuflich ..."), is what the
	 * person does, the context */
	if (sy->words == 1 && i > 0 && has_role_word(c, r, i - 1, ROLE_PRONOUN) &&
	    (i == 1 || r->sentence_start[i - 1] || r->after_comma[i - 1] || joined_subject(r, i - 1)) &&
	    sentence_of(r, i) < sentence_of(r, r->nwords - 1))
		return false;
	/* "1 star, all I want is ...", "would be 5 stars": after a number standing alone the word is counted, no verb
	 * (not a name's: "GPT-4 zusammenfassen", "DEV-310 Commit ...", "the folder /analytics/q3 accessible to ...") */
	/* (or a number's word: "Three stars, the column mapping is clunky") */
	if (i > 0 && ((isdigit((unsigned char)r->words[i - 1][0]) && (i == 1 || (r->stop[i - 2] && !r->app_word[i - 2]) || r->after_comma[i - 1])) ||
	    has_role_word(c, r, i - 1, ROLE_NUMBER)))
		return false;
	/* "the shared IT Outlook calendar": an action's -ed form right after an article or a number describes the thing;
	 * so does one right before a word for things ("the last ten tagged releases", "find archived emails") */
	if (ends_in(r, i, "ed") && i > 0 && (has_role_word(c, r, i - 1, ROLE_DETERMINER) || has_role_word(c, r, i - 1, ROLE_NUMBER)))
		return false;
	if (sy->words == 1 && ends_in(r, i, "ed") && thing_after(r, i)) return false;
	/* (and before a plain word, a noun it describes: "bring labelled paper envelopes") */
	if (sy->words == 1 && ends_in(r, i, "ed") && i + 1 < r->nwords && !r->after_comma[i + 1] && plain_word(r, i + 1))
		return false;
	/* (so is an action's word between a word the vocabulary does not know and a word for things: "the return label
	 * attachments") */
	if (sy->words == 1 && unknown_before(r, i) && thing_after(r, i)) return false;
	/* (an -ing form between a plain word and a noun is a compound's part: "our freight forwarding office") */
	if (ends_in(r, i, "ing") && i > 0 && i + 1 < r->nwords && !r->after_comma[i] && !r->after_comma[i + 1] &&
	    plain_word(r, i - 1) && !r->stop[i + 1] && !r->intent_word[i + 1] && !r->quoted[i + 1])
		return false;
	/* "block my work calendar as Out of Office": after "as" (roles.as_what) the words say what a thing is made as */
	if (i > 0 && has_role_word(c, r, i - 1, ROLE_AS)) return false;
	/* "Before I accept a meeting, ...", "bevor ich ... freigebe", "so I can sort them": what the person does before or
	 * after (roles.before) says when or why, no action asked */
	if (done_by_me(c, r, i) || purpose_at(c, r, i)) return false;
	/* "create an issue with labels", "mit dem Label", "emails with a specific label": one word after "with"
	 * (roles.record_with), one small word or none between and words the vocabulary does not know, is what the
	 * thing comes with ("mit meinem Team teilen" shares: a known word, the team, stands between) */
	/* (and one word for a kind of things, the label's name: "opened with the bug label") */
	for (int j = i - 1, small = 0, named = 0; sy->words == 1 && j >= 0 && j >= i - 3; j--) {
		if (has_role_word(c, r, j, ROLE_RECORD_WITH)) return false;
		if (r->nwm[j] && (!r->stop[j] || ++small > 1) && (r->stop[j] || !r->word_kinds[j] || r->app_word[j] || ++named > 1)) break;
	}
	/* (or an item of a list after "with": "one row per issue with title, label and assignee") */
	if (sy->words == 1 && listed_with(c, r, i)) return false;
	/* (or of a list of things with no "with": "one row per issue, title + labels + assignee") */
	if (sy->words == 1 && list_item(r, i)) return false;
	/* "with a label filter": after an article the word is a noun, the thing, not the action (but "the sharing of our
	 * Google Drive folder" names the action done to it) */
	/* (nor "change the sharing on my OneDrive folder"; nor after a light verb: "make a Freigabelink") */
	if (sy->words == 1 && !(c->outside[sy->target].flags & OUT_THING) && (after_determiner(c, r, i) || modified_noun(c, r, i)) &&
	    !(ends_in(r, i, "ing") && i + 1 < r->nwords && rs_role_words(c, r, i + 1, 1ull << ROLE_PART | 1ull << ROLE_WEAK_TARGET)) &&
	    !(i > 1 && has_role_word(c, r, i - 1, ROLE_DETERMINER) && has_role_word(c, r, i - 2, ROLE_LIGHT)))
		return false;
	/* "the floor plans and seating charts": an action's word after an -ing modifier is a noun (a thing's action too:
	 * no spreadsheet chart) */
	if (sy->words == 1 && ing_modified(c, r, i)) return false;
	/* "new GitHub stars", "Gmail labels": right after an app's name, one word is that app's thing (not at the end of
	 * its clause, where German puts its verb: "E-Mails in Outlook archivieren", "... Google Sheet schützen, damit") */
	if (sy->words == 1 && !(c->outside[sy->target].flags & OUT_THING) && i > 0 && r->app_word[i - 1] && !r->after_comma[i] &&
	    rs_clause_last(r, i) != i && !past)
		return false;
	/* "to track translation project deadlines": an English noun in -tion right before another noun (no small word,
	 * verb, app or word for a kind of app) names that thing's kind, no action asked (German writes such compounds as
	 * one word: "Weiterleitung wichtiger Kundenanfragen" forwards) */
	if (sy->words == 1 && ends_in(r, i, "tion") && i + 1 < r->nwords && !r->stop[i + 1] &&
	    !r->intent_word[i + 1] && !r->app_word[i + 1] && !r->word_kinds[i + 1] && !r->after_comma[i + 1] &&
	    verb_of(c, r, i + 1) < 0)
		return false;
	/* "Copy new closing documents from Dropbox": an -ing form after an article, "new" or an -ed form, right before a word
	 * for things, describes them ("support renaming files" asks the renaming) */
	if (sy->words == 1 && ends_in(r, i, "ing") && i > 0 && i + 1 < r->nwords && r->word_kinds[i + 1] && !r->app_word[i + 1] &&
	    (has_role_word(c, r, i - 1, ROLE_DETERMINER) || has_role_word(c, r, i - 1, ROLE_TRIGGER) || participle_form(c, r, i - 1)))
		return false;
	/* "list every release tag with its publish date": so is one right after a word for a kind of things, no -ed form */
	if (sy->words == 1 && !(c->outside[sy->target].flags & OUT_THING) && i > 0 && r->word_kinds[i - 1] && !r->app_word[i - 1] &&
	    !r->after_comma[i] && rs_clause_last(r, i) != i && !past && !participle_form(c, r, i) && !r->intent_word[i - 1])
		return false;
	int pos[16], np = 0;
	for (int k = i; k < i + n && np < (int)sy->words && np < 16; k++)
		if (rs_word_level(r->words[k], r->wordlen[k], phrase_word(cat_s(c, sy->phrase), np), phrase_word_len(cat_s(c, sy->phrase), np),
			r->fuzzy[k]) >= LV_TYPO) pos[np++] = k;
	if (np > 1 && !kind_is_object(c, r, pos, np)) return false;
	/* "create a Google Calendar review event": a phrase's word inside an app's name that a word for things follows
	 * (one word between at most) is the name's, the things are made ("create a calendar" is no new calendar there;
	 * "create a separate Google Calendar for each project" is one) */
	for (int w = 1; w < np; w++) {
		int k = pos[w];
		if (k == 0 || !r->app_word[k] || !r->app_word[k - 1] || r->product_word[k]) continue;
		while (k + 1 < r->nwords && r->app_word[k + 1]) k++;
		for (int j = k + 1; j < r->nwords && j <= k + 2 && !r->after_comma[j]; j++)
			if (r->word_kinds[j]) return false;
	}
	/* "move attachments from Outlook into a Dropbox folder": an app named inside the phrase after its role word,
	 * beside another app, makes the phrase a transfer into that app, not the action ("create a Dropbox folder
	 * for each new Gmail attachment" stays one) */
	bool into = false;
	for (int k = pos[0]; np > 1 && r->nmentions > 1 && k < pos[np - 1]; k++) {
		into |= rs_role_words(c, r, k, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET) != 0;
		if (into && r->app_word[k] && !r->product_word[k]) return false;
	}
	/* "text the tenant by SMS through Twilio": a product of message_kinds named does what the action says, as its step */
	if (c->outside[sy->target].flags & OUT_BY_MESSENGER)
		for (int q = 0; q < r->nproducts; q++)
			if (c->outside[r->products[q].item].flags & OUT_MESSAGES) return false;
	for (int w = 0; w < np; w++) r->action_word[pos[w]] = true;
	for (int k = 0; k < r->nactions; k++) if (r->actions[k].item == (int)sy->target) return true;
	if (r->nactions < PLAN_MAX_OUTSIDE)
		r->actions[r->nactions++] = (struct plan_outside){ .first = i, .nwords = n, .item = (int)sy->target };
	return true;
}

/* Where a trigger word stands. A word that is a trigger and a verb ("new": roles.trigger and an intent
 * of creating) is the trigger when an app follows it and the request names another, unless the same verb
 * comes right before it: "send new Gmail emails to Slack" reads the new emails, "create a new Google
 * Calendar event" creates one. The verb it was not is dropped. */
/* "Getting 403 when uploading a file": a verb's -ing form right after "when" is what the user is doing, no event. */
static bool doing_at(const struct plan_resolution *r, int i)
{
	return i < r->nwords && r->intent_word[i] && r->wordlen[i] > 5 && strcmp(r->words[i] + r->wordlen[i] - 3, "ing") == 0;
}

/* The app named at word i (its mention's first word), or -1. */
static int app_at(const struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nmentions; k++)
		if (r->mentions[k].first == i) return r->mentions[k].app;
	return -1;
}

/* "neue Zeilen in Excel", "new files in Dropbox": a word for a kind of app, a place marker and an app of that kind,
 * or a word for that kind's place ("new email in inbox": mail no app names). */
/* The word after the place marker at i (an article or a possessive skipped: "new files in our SharePoint"). */
static int after_marker(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i + 2 < r->nwords && !r->app_word[i + 1] && rs_role_words(c, r, i + 1, 1ull << ROLE_DETERMINER | 1ull << ROLE_ARTICLE) ?
		i + 2 : i + 1;
}

static bool kind_in_app(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 2 >= r->nwords || !r->word_kinds[i] || !rs_role_words(c, r, i + 1, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_TARGET))
		return false;  /* (the bound first: i may be the word after the last) */
	int at = after_marker(c, r, i + 1), a = app_at(r, at);
	return a >= 0 ? (r->word_kinds[i] >> c->apps[a].kind & 1) : !r->app_word[at] && (r->word_kinds[i] & r->word_kinds[at]);
}

/* Whether word i is a plain word no vocabulary names: no small word, app, kind of app's thing or verb. */
static bool unnamed_thing(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return !r->stop[i] && !r->app_word[i] && !r->word_kinds[i] && !r->intent_word[i] && verb_of(c, r, i) < 0;
}

/* "new leads in Google Sheets", "neue Bestellungen in Excel": a word that is no verb and no word for a kind of app
 * (or two: "new inspection report in the SharePoint library"), a place marker and an app: things of that app no word
 * of the vocabulary names. */
static bool unknown_in_app(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 2 >= r->nwords || !unnamed_thing(c, r, i)) return false;
	/* (the second a verb's word read as the thing: "new claim notification in my Outlook inbox", new_thing_in_app) */
	if (i + 3 < r->nwords && !r->after_comma[i + 1] && (unnamed_thing(c, r, i + 1) || r->describes[i + 1])) i++;
	return rs_role_words(c, r, i + 1, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_TARGET) && app_at(r, after_marker(c, r, i + 1)) >= 0;
}

/* The app named at word i, a weak marker's target, is the source, as firmly as after "from": its mention and its
 * place in apps[]. */
static void source_of_trigger(struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nmentions; k++) {
		struct plan_mention *m = &r->mentions[k];
		if (m->first != i || m->app < 0 || m->role == PR_SOURCE || m->strong) continue;
		m->role = PR_SOURCE;
		m->strong = true;
		for (int q = 0; q < r->napps; q++)
			if (r->apps[q] == m->app && !r->app_strong[q]) { r->app_role[q] = PR_SOURCE; r->app_strong[q] = true; }
	}
}

/* "Dropbox new file -> ...": the first word of an app's mention that opens the request and ends right before word i,
 * where the word after i names a thing of its kind; else -1. */
static int app_opens_before(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		if (m->first + m->nwords == i && m->app >= 0 && i + 1 < r->nwords && (r->word_kinds[i + 1] >> c->apps[m->app].kind & 1) &&
		    (m->first == 0 || r->arrow[m->first - 1] || r->after_comma[m->first]))
			return m->first;
	}
	return -1;
}

/* "new email in inbox ..., then add row to Google Sheets": things in a place only a word for their kind names, where
 * an app of another kind is named: the other end of the trigger. */
static bool kind_place_elsewhere(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i + 2 >= r->nwords || r->app_word[i] || app_at(r, after_marker(c, r, i + 1)) >= 0 || !kind_in_app(c, r, i)) return false;
	for (int m = 0; m < r->napps; m++) if (!(r->word_kinds[i] >> c->apps[r->apps[m]].kind & 1)) return true;
	return false;
}

/* "email me new rows in Google Sheets", "Neue Zeilen in Google Sheets per E-Mail melden": with one app named,
 * a word for another kind of app than app a's is the other end of a trigger, as a second app would be. */
static bool other_kind_said(const struct catalog *c, const struct plan_resolution *r, int a)
{
	for (int j = 0; a >= 0 && j < r->nwords; j++)
		if (!r->app_word[j] && (r->word_kinds[j] & ~(1u << c->apps[a].kind))) return true;
	return false;
}

static bool longer_trigger(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	int n = sy->target == ROLE_TRIGGER && sy->words >= 2 ? rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) : 0;
	*(int *)ctx = n;
	return n > 0;
}

/* The words of a trigger's phrase of two words or more starting at word i, or 0. */
static int longer_trigger_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int n = 0;
	each_phrase(c, r, i, 1u << SYN_ROLE, longer_trigger, &n);
	return n;
}

/* Whether a trigger's word that is no verb ("for" of "for new", "when") stands right before word i ("watch for new
 * emails"; "when a new row is added" is a clause of its own). */
static bool watched(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i > 0 && (r->trigger[i - 1] || rs_role_words(c, r, i - 1, 1ull << ROLE_TRIGGER)) && verb_of(c, r, i - 1) < 0;
}

/* "each new escalation row should be announced by Gmail": things a word for a kind says after "new", in the clause a
 * modal (roles.modals) ends, are the subject the modal's verb acts on: the event. */
static bool modal_subject(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int last = rs_clause_last(r, i);
	if (last + 1 >= r->nwords || !r->after_comma[last + 1] || !has_role_word(c, r, last + 1, ROLE_MODAL)) return false;
	for (int k = i + 1; k <= last; k++) if (r->word_kinds[k]) return true;
	return false;
}

/* "Für die Kassenprüfung soll eine neue Excel-Arbeitsmappe erstellt ... werden": a trigger's "new" after a modal in
 * its clause, a verb later in it making something new, is what the passive asks to be made, no event. */
static bool made_by_modal(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool modal = false;
	for (int k = i - 1; k >= 0 && !modal; k--) {
		modal = has_role_word(c, r, k, ROLE_MODAL);
		if (r->after_comma[k] || r->sentence_start[k]) break;
	}
	for (int k = 0, last = rs_clause_last(r, i); modal && k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->first > i && in->first <= last && !in->negated && (c->intents[in->intent].caps & c->new_caps)) return true;
	}
	return false;
}

/* "Für jede neue Datei, die im Dropbox-Ordner abgelegt wird, ...": the first word of an app named in the relative
 * clause after the word for things at word k, which says where the new things are; or -1. */
static int app_in_relative(const struct catalog *c, const struct plan_resolution *r, int k)
{
	if (k + 2 >= r->nwords || !r->word_kinds[k] || r->app_word[k] || !r->after_comma[k + 1] || !relative_at(c, r, k + 1)) return -1;
	for (int j = k + 2, last = rs_clause_last(r, k + 1); j <= last; j++)
		if (r->app_word[j]) return j;
	return -1;
}

/* Whether an app's name starts at word k, no drive's (new Dropbox files are events), and a word for a whole document
 * (roles.documents) follows it, or ends it where no word for its things follows ("New Google Sheet for podcast
 * sponsor tracking", not "new Google Sheet rows"). */
static bool document_after(const struct catalog *c, const struct plan_resolution *r, int k)
{
	int a = k < r->nwords ? app_at(r, k) : -1;
	if (a < 0 || c->apps[a].kind == AK_DRIVE) return false;
	while (k < r->nwords && r->app_word[k]) k++;
	if (has_role_word(c, r, k - 1, ROLE_DOCUMENT) && (k == r->nwords || !r->word_kinds[k])) return true;
	return k < r->nwords && has_role_word(c, r, k, ROLE_DOCUMENT);
}

/* "Add new row in excel file on sharepoint": a trigger's word that is a verb too ("new"), right after a writing verb's
 * word and before a word for things of a kind that verb writes, describes what it makes, no event ("Log new emails in
 * Google Sheets" logs the new mail: rows are written, mail is not). */
static bool made_new_by(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i == 0 || i + 1 >= r->nwords || !r->intent_word[i - 1] || verb_of(c, r, i) < 0) return false;
	int k = intent_over(r, i - 1);
	/* (not things a source marker then says are read: "add new rows from Google Sheets as contacts in HubSpot") */
	return k >= 0 && !r->intents[k].negated && writing_intent(c, &r->intents[k]) &&
		(caps_kinds(c, c->intents[r->intents[k].intent].caps & c->write_caps) & r->word_kinds[i + 1] & ~(1u << AK_CALLER)) != 0 &&
		!(i + 2 < r->nwords && rs_role_words(c, r, i + 2, 1ull << ROLE_SOURCE));
}

static bool kept_after(const struct catalog *c, const struct plan_resolution *r, int w, int d);

/* The apps and, where an app is named, the families named, a drive or a family named as the place of a workbook named
 * before it counting for none ("a new row in the Excel workbook on OneDrive", "... auf SharePoint" name one end). */
static int ends_named(const struct catalog *c, const struct plan_resolution *r)
{
	int n = r->napps + (r->napps ? r->nfamilies : 0);
	for (int d = 0; d < r->napps; d++)
		for (int w = 0; c->apps[r->apps[d]].kind == AK_DRIVE && w < r->napps; w++)
			if (c->apps[r->apps[w]].kind == AK_SHEETS && kept_after(c, r, r->apps[w], r->apps[d])) { n--; break; }
	for (int f = 0; r->napps && f < r->nmentions; f++) {
		const struct plan_mention *m = &r->mentions[f];
		enum cat_role role = m->family >= 0 ? rs_role_before(c, r, m->first) : ROLE_NONE;
		for (int w = 0; (role == ROLE_WEAK_TARGET || role == ROLE_KEPT) && w < f; w++)
			if (r->mentions[w].app >= 0 && c->apps[r->mentions[w].app].kind == AK_SHEETS &&
			    m->first - (r->mentions[w].first + r->mentions[w].nwords) <= 4) { n--; break; }
	}
	return n;
}

static void find_triggers(const struct catalog *c, struct plan_resolution *r)
{
	r->triggers = 0;
	for (int i = 0; i < r->nwords; i++) {
		/* ("Outlook email → new row in Excel": right after an arrow, "new" is what the arrow makes) */
		r->trigger[i] = r->trigger[i] && !r->arrow[i] && !(i > 0 && r->arrow[i - 1]) && has_role_word(c, r, i, ROLE_TRIGGER) &&
			!doing_at(r, i + 1) && !made_new_by(c, r, i);
		/* "vor jedem Termin": a trigger of two words or more is one, whatever its first word means alone ("vor") */
		int longer = r->trigger[i] ? longer_trigger_at(c, r, i) : 0, k1 = longer ? intent_over(r, i) : -1;
		if (k1 >= 0 && r->intents[k1].first == i && r->intents[k1].nwords == 1) {
			drop_intent(r, k1, true);
			for (int w = i + 1; w < i + longer; w++) r->stop[w] = true;  /* understood: the trigger's words */
		}
		if (r->trigger[i] && !longer && (made_by_modal(c, r, i) || purpose_at(c, r, i))) {
			r->trigger[i] = false;
			continue;
		}
		int own = r->trigger[i] && !longer ? verb_of(c, r, i) : -1;
		if (own < 0) continue;
		int prev = i - 1;
		while (prev >= 0 && r->stop[prev] && !r->intent_word[prev]) prev--;
		int before = prev >= 0 && r->intent_word[prev] ? intent_over(r, prev) : -1;
		bool same_verb = before >= 0 && r->intents[before].intent == own;
		int next = i + 1;
		/* "new" before an app, or before its kind's word and the app ("neue Zeilen in Excel", not "add a new row in
		 * Excel": after an article it describes the object, unless the article opens the sentence or clause, the
		 * subject: "A new row in Excel Online should create a GitHub issue"; so it does after "as": "als neue Zeile in
		 * Google Sheets eintragen") */
		int opens = app_opens_before(c, r, i), relative = app_in_relative(c, r, next);
		if (opens < 0) opens = relative;
		bool subject = i == 1 || (i > 1 && (r->sentence_start[i - 1] || r->after_comma[i - 1]));
		bool marked = i > 1 && rs_role_words(c, r, i - 2, 1ull << ROLE_SOURCE | 1ull << ROLE_TRIGGER);  /* ("from a new", "for each new") */
		/* ("anything new in Dropbox": new, a weak place marker and the app are things new there) */
		/* ("I want a new Excel workbook in OneDrive", "Ich hätte gern eine neue Excel-Arbeitsmappe": after an article or
		 * another small word that marks no place or trigger, before an app's name and a word for a whole document,
		 * "new" is what is made) */
		/* (or "new" opening the request: "New Google Sheet for podcast sponsor tracking") */
		bool made = (i == 0 || (r->stop[i - 1] && !subject && !rs_role_words(c, r, i - 1, 1ull << ROLE_TRIGGER | 1ull << ROLE_SOURCE |
			1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET))) && !marked && document_after(c, r, next);
		/* (so is a new thing a verb has for its object, an indefinite article between: "should become a new GitHub
		 * issue", "open a new GitHub issue") */
		made |= i >= 2 && !subject && !marked && has_role_word(c, r, i - 1, ROLE_INDEFINITE) && !r->stop[i - 2] &&
			(r->intent_word[i - 2] || verb_of(c, r, i - 2) >= 0);
		bool place = !made && (r->app_word[next < r->nwords ? next : i] || opens >= 0 || modal_subject(c, r, i) ||
			(next + 1 < r->nwords && rs_role_words(c, r, next, 1ull << ROLE_WEAK_TARGET) && app_at(r, after_marker(c, r, next)) >= 0) ||
			((kind_in_app(c, r, next) || unknown_in_app(c, r, next)) && !(i > 0 &&
			 rs_role_words(c, r, i - 1, 1ull << ROLE_DETERMINER | 1ull << ROLE_AS) && !subject && !marked)));
		/* with one app, not after a verb writing into it ("add new rows to Excel for each email") */
		int one = r->napps == 1 && next < r->nwords ? app_at(r, r->app_word[next] ? next : relative >= 0 ? relative : next + 2) : -1;
		bool ends = ends_named(c, r) + r->nproducts >= 2 || (other_kind_said(c, r, one) &&
			!(before >= 0 && writes_in(c, r->intents[before].intent, one))) || kind_place_elsewhere(c, r, next);
		if (next < r->nwords && place && ends && !same_verb) {
			/* "Neue Zeilen in Excel an Slack melden": the app after "new", its things and a weak marker is where
			 * the event happens, read, whatever the bare marker would say */
			/* ("für jede neue Gmail-Nachricht": the app right after "new" too) */
			source_of_trigger(r, opens >= 0 ? opens : r->app_word[next] ? next : next + 2);
			int k = intent_over(r, i);
			if (k >= 0 && r->intents[k].first == i && r->intents[k].nwords == 1) {
				drop_intent(r, k, false);
				/* the same verb later is the action: it was noted once, here ("Für jede neue Outlook-Mail ein
				 * GitHub-Issue erstellen") */
				for (int j = i + 1; j < r->nwords; j++)
					if (!r->app_word[j] && !r->arrow[j]) each_phrase(c, r, j, 1u << SYN_INTENT, note_intent, NULL);
			}
		} else {
			r->trigger[i] = false;
			/* "find new files in Dropbox": "new" right after another verb describes its object, it asks nothing
			 * (not after "and": "availability & new events" asks for both) */
			bool joined = false, either;
			for (int j = prev + 1; j < i; j++) joined |= joins(r, j, &either);
			int k = before >= 0 && !same_verb && !joined ? intent_over(r, i) : -1;
			/* "move the event to a new time": after a target marker and an article, before a word that is no
			 * kind of app's thing, "new" says where it goes, not what is made, where another verb asks */
			bool where = i > 1 && r->nintents > 1 && has_role_word(c, r, i - 1, ROLE_DETERMINER) &&
				rs_role_words(c, r, i - 2, 1ull << ROLE_TARGET | 1ull << ROLE_MADE_FOR) && next < r->nwords && !r->word_kinds[next] &&
				!r->app_word[next];
			if (k < 0 && where) k = intent_over(r, i);
			/* "Watch for new emails in Gmail": right after a trigger's word that is no verb, "new" says which things */
			if (k < 0 && watched(c, r, i)) k = intent_over(r, i);
			if (k >= 0 && r->intents[k].first == i && r->intents[k].nwords == 1) {
				drop_intent(r, k, false);
				r->describes[i] = true;
				/* the same verb later is asked: it was noted once, here ("liest neue Zeilen ... und erstellt dafür
				 * Termine") */
				for (int j = i + 1; j < r->nwords; j++)
					if (!r->app_word[j] && !r->arrow[j]) each_phrase(c, r, j, 1u << SYN_INTENT, note_intent, NULL);
			}
		}
	}
	for (int i = 0; i < r->nwords; i++) r->triggers += r->trigger[i];
}

/* "Copy the Google Sheet for next month": a copying verb whose object is the one app named, with nothing
 * to copy it to (no marker, no other app, family or product) and nothing of it named after it but the
 * document itself ("die Excel-Tabelle", "a Google Sheet template"), duplicates
 * the app's document: an action no task performs (outside.json copy_in_place). */
static void copy_in_place(const struct catalog *c, struct plan_resolution *r)
{
	if (c->meta->copy_in_place == CAT_NONE || r->nmentions != 1 || r->mentions[0].app < 0 || r->mentions[0].role != PR_NONE ||
	    r->nactions == PLAN_MAX_OUTSIDE)
		return;
	/* "Move a Google Calendar event to a new time": an event moved in its calendar is updated, no copy */
	if (c->apps[r->mentions[0].app].kind == AK_CALENDAR) return;
	const struct plan_mention *m = &r->mentions[0];
	int j = m->first - 1, after = m->first + m->nwords;
	while (j >= 0 && r->stop[j] && !r->intent_word[j]) j--;
	int k = j >= 0 && r->intent_word[j] ? intent_over(r, j) : -1;
	if (k < 0 || r->intents[k].intent != (int)c->meta->copy_intent || r->intents[k].negated) return;
	/* the app's document may be named after it ("die Excel-Tabelle"), nothing else of it */
	unsigned own = 1u << c->apps[m->app].kind;
	if (after < r->nwords && r->word_kinds[after] == own) after++;
	/* "a Google Sheet template": a template (roles.runtime) is the document too */
	if (after < r->nwords && has_role_word(c, r, after, ROLE_RUNTIME)) after++;
	if (after < r->nwords && (!r->stop[after] || r->word_kinds[after])) return;
	for (int q = 0; q < r->nactions; q++) if (r->actions[q].item == (int)c->meta->copy_in_place) return;
	r->actions[r->nactions++] = (struct plan_outside){ .first = r->intents[k].first, .nwords = r->intents[k].nwords,
		.item = (int)c->meta->copy_in_place };
	for (int w = r->intents[k].first; w < r->intents[k].first + r->intents[k].nwords; w++) r->action_word[w] = true;
}

/* "Fix response of google sheets append queries", "GoogleSheets: Fix Append Rows Bug": a verb of repair
 * (roles.repairs) beside another verb says a defect of what that verb does is asked about, as a pull request's
 * title does: the other verb is the request, the repair no update of its own ("fix the typo in row 5" updates). */
static void repairs(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; r->nintents > 1 && k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->nwords == 1 && has_role_word(c, r, in->first, ROLE_REPAIR)) drop_intent(r, k--, true);
	}
}

/* Whether only small words ("for me") follow word i in its clause. */
static bool ends_clause(const struct plan_resolution *r, int i)
{
	for (int j = i + 1, last = rs_clause_last(r, i); j <= last; j++) if (!r->stop[j]) return false;
	return true;
}

/* "create a mail merge", "set up a backup", "erstelle einen Seriendruck": a light verb (`roles.light_verbs`) whose
 * object, after an article, is another verb's noun only says that one is wanted; it asks for nothing of its
 * own (its intent is dropped, its words understood). */
static void light_verbs(const struct catalog *c, struct plan_resolution *r)
{
	for (int m = 0; m < r->nintents; m++) {
		int det = r->intents[m].first - 1;
		/* (a title's "Create Draft Email" has no article: the light verb stands right before the other verb's noun) */
		int before = det >= 0 && r->intent_word[det] ? intent_over(r, det) : -1;
		bool bare = before >= 0 && before != m && r->intents[before].intent != r->intents[m].intent && !r->trigger[det + 1];
		if (bare) det++;
		/* (the noun may close the request: "Create Draft Email" at its last word has nothing after it) */
		if (det < 1 || (!bare && !has_role_word(c, r, det, ROLE_DETERMINER)) ||
		    (det + 1 < r->nwords && rs_role_words(c, r, det + 1, 1ull << ROLE_TRIGGER)))
			continue;
		/* (a noun before a word for another kind's things only says what they are for: "create a reminder event" makes
		 * the event; "create a draft email" drafts) */
		int after = r->intents[m].first + r->intents[m].nwords;
		if (!bare && after < r->nwords && !r->after_comma[after] && r->word_kinds[after] && !r->app_word[after] &&
		    !(caps_kinds(c, c->intents[r->intents[m].intent].caps) & r->word_kinds[after]))
			continue;
		/* the verb before the article: an intent ending there, or a word that is only a light verb ("run") */
		int own = -1, first = det - 1;
		for (int k = 0; k < r->nintents; k++)
			if (r->intents[k].first + r->intents[k].nwords == det) { own = k; first = r->intents[k].first; }
		if (!rs_role_words(c, r, first, 1ull << ROLE_LIGHT)) continue;
		if (own >= 0) {
			drop_intent(r, own, true);
			if (own < m) m--;
		} else {
			for (int w = first; w < det; w++) r->stop[w] = true;  /* "run": only a light verb, no intent noted */
		}
	}
	/* "Entwurf in Outlook erstellen": German puts the light verb after its object, closing the clause; another
	 * verb's noun before it in the clause, small words and app names between, is that object */
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *lv = &r->intents[k];
		int last = lv->first + lv->nwords - 1;
		if (!rs_role_words(c, r, lv->first, 1ull << ROLE_LIGHT) || rs_clause_last(r, lv->first) != last) continue;
		bool object = false;
		for (int m = 0; m < r->nintents && !object; m++) {
			if (m == k || r->intents[m].first >= lv->first || rs_clause_last(r, r->intents[m].first) != last) continue;
			object = true;
			for (int w = r->intents[m].first + r->intents[m].nwords; w < lv->first && object; w++)
				object = r->stop[w] || r->app_word[w];
		}
		if (object) drop_intent(r, k--, true);
	}
}

/* "Can you set that up?", "set it up for me": a light verb around an object pronoun alone, closing its clause, asks
 * for what the request describes, no thing made (roles.object_pronouns). Read once every verb is noted. */
static void whole_request_asked(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		int last = in->first + in->nwords - 1;
		if (in->nwords < 3 || !ends_clause(r, last)) continue;
		bool pronouns = true;
		for (int w = in->first + 1; w < last && pronouns; w++) pronouns = has_role_word(c, r, w, ROLE_OBJECT_PRONOUN);
		/* (a light verb's phrase, words between its own allowed, spanning the intent) */
		if (pronouns && role_phrase_words(c, r, in->first, ROLE_LIGHT, PH_GAP) == in->nwords) drop_intent(r, k--, true);
	}
}

/* Whether every capability of an intent writes. */
static bool only_writes(const struct catalog *c, int intent)
{
	return !(c->intents[intent].caps & ~c->write_caps);
}

/* "export the issues as CSV", "Github issue list into CSV file": a file format (`roles.file_formats`) is written
 * by the caller; where no app is named as the target, a verb that only writes asks what `roles.format_means`
 * asks (listing what the file holds), and no task writing into an app is the answer. */
static void caller_format(const struct catalog *c, struct plan_resolution *r)
{
	bool format = false;
	for (int i = 0; i < r->nwords; i++)
		if (r->format_at[i] && rs_role_words(c, r, i, 1ull << ROLE_FORMAT)) { rs_understood_role(c, r, i, ROLE_FORMAT); format = true; }
	for (int k = 0; format && k < r->nmentions; k++) if (r->mentions[k].role == PR_TARGET && r->mentions[k].strong) return;
	r->caller_file = format;
	for (int k = 0; format && k < r->nintents; k++)
		if (!r->intents[k].negated && only_writes(c, r->intents[k].intent) && c->meta->format_intent < c->nintents)
			r->intents[k].intent = (int)c->meta->format_intent;
}

/* "When I star an email in Gmail, save it to Google Drive": an action whose marks a search finds (`findable`),
 * between a trigger word that is no verb and the first app after it, is the event, not something asked. */
static void event_actions(const struct catalog *c, struct plan_resolution *r)
{
	int keep = 0;
	for (int k = 0; k < r->nactions; k++) {
		const struct plan_outside *a = &r->actions[k];
		bool event = false;
		/* (in the trigger's clause: "Whenever a new person joins the team, share our Google Drive folder" shares) */
		for (int i = a->first - 1; i >= 0 && !event && !r->app_word[i] && !r->after_comma[i + 1]; i--)
			event = r->trigger[i] && verb_of(c, r, i) < 0;
		bool app_after = false;
		for (int i = a->first + a->nwords; i < r->nwords && !app_after; i++) app_after = r->app_word[i];
		if (!(event && app_after && (c->outside[a->item].flags & OUT_FINDABLE))) { r->actions[keep++] = *a; continue; }
		for (int w = a->first; w < a->first + a->nwords; w++) r->action_word[w] = false;
	}
	r->nactions = keep;
}

/* "When files land in OneDrive, list them in a Google Sheet": a writing verb right after a word for the things it
 * moves, in a trigger's clause a comma closes, is what happens to them, the event, no verb of the request (a verb
 * after the comma, or in a clause no comma closes, "Für jede neue Zeile ... einen Termin erstellen", is one). */
static void event_verbs(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; r->triggers && k < r->nintents;) {
		const struct plan_intent *in = &r->intents[k];
		int last = rs_clause_last(r, in->first), thing = in->first - 1;
		/* (its quoted name between, and the participle naming it: 'an issue labelled "bug" shows up') */
		if (thing > 0 && r->quoted[thing]) {
			while (thing > 0 && r->quoted[thing]) thing--;
			if (thing > 0 && participle_form(c, r, thing)) thing--;
		}
		/* (or a plain noun, the verb's place an app after a marker: "Whenever a supplier invoice lands in my Outlook
		 * inbox, ...") */
		bool placed = thing >= 0 && !r->stop[thing] && !r->app_word[thing] && in->nwords == 1 && app_after_marker(c, r, in->first + 1);
		if (thing >= 0 && (r->word_kinds[thing] || placed) && !r->intent_word[thing] && !r->after_comma[in->first] &&
		    !r->after_comma[thing] && last + 1 < r->nwords && r->after_comma[last + 1] && writing_intent(c, in) &&
		    in_trigger_clause_at(c, r, in->first)) {
			drop_intent(r, k, true);
			/* the same verb after the comma is the action: it was noted once, here ("Wenn sich eine Zeile in der
			 * Excel-Tabelle ändert, muss der Termin ... aktualisiert werden") */
			for (int j = last + 1; j < r->nwords; j++)
				if (!r->app_word[j] && !r->arrow[j]) each_phrase(c, r, j, 1u << SYN_INTENT, note_intent, NULL);
		} else {
			k++;
		}
	}
}

/* Whether word i names whom a mail goes to: a person (synonyms.json persons) or roles.addressees ("mich", "me"). */
static bool addressee_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return exact_word(c, r, i, SYN_STOP, STOP_PERSON) >= 0 || has_role_word(c, r, i, ROLE_ADDRESSEE);
}

/* "when a new row shows up in the chores google sheet, gmail the person it's assigned to": a mail app's one-word name
 * opening its clause, or right after a schedule, before a person, an article between or none, is the imperative (not
 * before a name: "gmail deposit dispute" searches); the word index, or -1. */
static int mail_app_imperative(const struct catalog *c, const struct plan_resolution *r)
{
	for (int m = 0; m < r->nmentions; m++) {
		const struct plan_mention *x = &r->mentions[m];
		int i = x->first, j = i + 1;
		if (x->nwords != 1 || x->app < 0 || c->apps[x->app].kind != AK_MAIL || j >= r->nwords || r->app_word[j] || !r->stop[j] ||
		    !opens_clause(c, r, i))
			continue;
		if (j + 1 < r->nwords && has_role_word(c, r, j, ROLE_DETERMINER)) j++;
		if (addressee_at(c, r, j)) return i;
	}
	return -1;
}

/* "and then email Tom from Outlook": a word for mail opening its clause right before a person, or a name the
 * vocabulary does not know, is the imperative; so is a mail app's name (mail_app_imperative); the word index, or -1. */
static int mail_imperative(const struct catalog *c, const struct plan_resolution *r)
{
	for (int i = 0; i + 1 < r->nwords; i++) {
		int j = i + 1;
		/* (an app's name before it makes it the app's thing: "a Gmail message") */
		if (r->app_word[i] || r->intent_word[i] || !(r->word_kinds[i] >> AK_MAIL & 1) ||
		    !(i == 0 || r->after_comma[i] || has_role_word(c, r, i - 1, ROLE_OPENER)))
			continue;
		if (addressee_at(c, r, j) || (!r->nwm[j] && !r->app_word[j] && !r->stop[j] && !word_has_digit(r, j))) return i;
	}
	return r->napps ? mail_app_imperative(c, r) : -1;
}

/* Whether word i, a word for mail, is what someone is to receive: a verb of receiving (roles.receive) later in its
 * sentence, or up to three words before it, after a modal or causative in that sentence ("soll der Kunde automatisch
 * eine Mail über Gmail bekommen", "each donor should get a thank-you email"). */
static bool mail_to_receive(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int s = sentence_of(r, i), got = -1;
	for (int j = i - 1; j >= 0 && j >= i - 3 && got < 0 && sentence_of(r, j) == s; j--)
		if (rs_role_words(c, r, j, 1ull << ROLE_RECEIVE)) got = j;
	for (int j = i + 1; j < r->nwords && got < 0 && sentence_of(r, j) == s; j++)
		if (rs_role_words(c, r, j, 1ull << ROLE_RECEIVE)) got = j;
	/* (a passive's "get" receives nothing: "a github issue should get opened") */
	if (got >= 0 && got + 1 < r->nwords && participle_form(c, r, got + 1)) return false;
	for (int j = got - 1; j >= 0 && sentence_of(r, j) == s; j--)
		if (rs_role_words(c, r, j, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE)) return true;
	return false;
}

/* Where no verb writes, the first word for mail addressed to a person or to be received (see addressed_mail); -1. */
static int mail_to_someone(const struct catalog *c, const struct plan_resolution *r)
{
	/* (a verb in a trigger's clause is the event: "Sobald jemand eine Datei in Google Drive ablegt, ...") */
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && writing_intent(c, &r->intents[k]) && !in_trigger_clause_at(c, r, r->intents[k].first)) return -1;
	for (int i = 0; i < r->nwords; i++) {
		/* "eine Outlook-Mail an mich": the word for mail an app's name took in counts */
		bool mail = r->app_word[i] ? r->said_kind[i] == AK_MAIL : (r->word_kinds[i] >> AK_MAIL & 1);
		/* (mail declined asks nothing: "no replies to the customer") */
		if (!mail || r->intent_word[i] || (i > 0 && has_role_word(c, r, i - 1, ROLE_NEGATION))) continue;
		/* (mail someone is to receive is mail to send) */
		if (!r->app_word[i] && mail_to_receive(c, r, i)) return i;
		int j = i + 1;
		while (j < r->nwords && !rs_role_words(c, r, j, 1ull << ROLE_TARGET) && (r->stop[j] || r->app_word[j]) && !r->trigger[j]) j++;
		if (j >= r->nwords || !rs_role_words(c, r, j, 1ull << ROLE_TARGET)) continue;
		while (++j < r->nwords && r->stop[j] && !addressee_at(c, r, j) && !r->app_word[j]) {}
		if (j < r->nwords && addressee_at(c, r, j)) return i;
	}
	return -1;
}

/* "Sobald ein GitHub-Release erscheint, eine Mail über Outlook an das Team", "New release: email to the team via
 * Outlook": where no verb writes, a word for mail addressed to a person (a target marker, an article, a person of
 * synonyms.json persons or roles.addressees: "an mich"; apps and small words may stand before the marker) asks what
 * roles.addressed_means says; so does a word for mail opening its clause before a person or a name ("and then email
 * Tom"). */
static void addressed_mail(const struct catalog *c, struct plan_resolution *r)
{
	uint32_t means = c->meta->addressed_intent;
	if (means == CAT_NONE || r->nintents == PLAN_MAX_INTENTS) return;
	int at = mail_imperative(c, r);
	if (at < 0) at = mail_to_someone(c, r);
	if (at < 0) return;
	/* (mail addressed where sending is declined is no mail to send: "I need an email to the supplier in Outlook, don't
	 * send it yet") */
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].negated && (c->intents[r->intents[k].intent].caps & c->intents[means].caps & c->write_caps)) return;
	r->intents[r->nintents++] = (struct plan_intent){ .first = at, .nwords = 1, .intent = (int)means };
	r->intent_word[at] = true;
}

/* Whether an unknown word's ending says it describes rather than asks: English adjectives, adverbs and
 * participles ("daily", "personal", "automatic", "recurring", "automated") open titles; imperatives do not end so. */
static bool describing_ending(const char *w, size_t n)
{
	static const char *const END[] = { "ly", "al", "ic", "ed", "ing", "ous", "ful", "ive", "able", "ible", "less", "ary", "ent", "ant" };
	for (size_t k = 0; k < sizeof END / sizeof END[0]; k++) {
		size_t e = strlen(END[k]);
		if (n > e + 1 && memcmp(w + n - e, END[k], e) == 0) return true;
	}
	return false;
}

static bool sent_the_mail(const struct catalog *c, const struct plan_resolution *r, const struct plan_outside *pr);

/* "Pin important Gmail emails", "Restore deleted files in Dropbox": a request about one app that opens with a
 * word the vocabulary does not know at all (not even as a typo), where no verb was read and nothing is sent
 * anywhere (no target marker), asks for an action the catalog does not know: outside.json unknown_action, with
 * that word, unless its ending describes ("Daily Gmail digest"). A task of the app would answer something else. */
static void unknown_verb(const struct catalog *c, struct plan_resolution *r)
{
	/* a product that sent the mail is no product named ("Gmail-Mails von Amazon ... versehen") */
	int senders = 0;
	for (int q = 0; q < r->nproducts; q++) senders += sent_the_mail(c, r, &r->products[q]);
	/* a known action read is the verb ("Bulk-rename files": rename, "bulk" says how) */
	if (c->meta->unknown_action == CAT_NONE || r->nintents || r->nactions || r->nproducts > senders || r->nmentions - senders != 1)
		return;
	int i = 0;
	while (i < r->nwords && r->stop[i] && !r->app_word[i]) i++;
	/* German puts the verb last, as an infinitive ("Dateien in Google Drive mit einem Passwort schützen") */
	int last = r->nwords - 1;
	if (i < r->nwords && r->nwm[i] && last > i && !r->nwm[last] && r->wordlen[last] > 4 && ends_in(r, last, "en"))
		i = last;
	if (i == r->nwords || r->nwm[i] || r->app_word[i] || r->arrow[i] || r->word_kinds[i] ||
	    describing_ending(r->words[i], r->wordlen[i]))
		return;
	/* "Did Anna email me the contract?": right after the auxiliary opening a question stands its subject, a name */
	if (i == 1 && r->question && !has_role_word(c, r, 0, ROLE_OPENER)) return;
	/* "Before I promise one, check ...": a word after a pronoun is what its subject does, no imperative; one after an
	 * article is a noun ("Die Rohbauabnahme steht im Outlook-Kalender.": die, der, das are relatives' words too) */
	if (i > 0 && rs_role_words(c, r, i - 1, 1ull << ROLE_PRONOUN | 1ull << ROLE_DETERMINER | 1ull << ROLE_RELATIVE)) return;
	for (int j = 0; j < r->nwords; j++)
		if (rs_role_words(c, r, j, 1ull << ROLE_TARGET)) return;
	r->action_word[i] = true;
	r->actions[r->nactions++] = (struct plan_outside){ .first = i, .nwords = 1, .item = (int)c->meta->unknown_action };
}

/* The capability a one-word phrase of reading at word i names ("attachment"), through ctx. */
static bool read_thing(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	if (sy->words != 1 || c->caps[sy->target].write || rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) != 1)
		return false;
	*(int *)ctx = (int)sy->target;
	return true;
}

/* The thing read that is intent k's object: right after it where the verb opens its clause, past articles and kind
 * words ("and add a PDF attachment"), or right before it where the verb closes the clause ("einen Anhang
 * hinzufügen"); -1: none. */
static int object_thing(const struct catalog *c, struct plan_resolution *r, const struct plan_intent *in, int *at)
{
	int cap = -1, j = in->first + in->nwords;
	while (j < r->nwords && !r->app_word[j] && (has_role_word(c, r, j, ROLE_DETERMINER) || r->word_kinds[j])) j++;
	if (opens_clause(c, r, in->first) && j < r->nwords && !r->app_word[j] &&
	    each_phrase(c, r, j, 1u << SYN_CAP, read_thing, &cap)) {
		*at = j;
		return cap;
	}
	j = in->first - 1;
	if (j >= 0 && rs_clause_last(r, in->first) == in->first + in->nwords - 1 && !r->app_word[j] &&
	    each_phrase(c, r, j, 1u << SYN_CAP, read_thing, &cap)) {
		*at = j;
		return cap;
	}
	return -1;
}

/* "Draft an email in Outlook and add an attachment", "Entwurf erstellen und einen Anhang hinzufügen": a thing
 * read as the object of a writing verb that cannot read it, while another verb writes in the thing's kind, is
 * added to what that verb writes: the verb asks nothing of its own (it is no event or row added) and the thing
 * is not read (along[]). */
static void added_along(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps;
		int at = -1, cap = in->negated || !writing_intent(c, in) ? -1 : object_thing(c, r, in, &at);
		if (cap < 0 || (caps >> cap & 1)) continue;
		unsigned kinds = caps_kinds(c, 1ull << cap);
		bool other = false;
		for (int o = 0; o < r->nintents && !other; o++) {
			const struct plan_intent *v = &r->intents[o];
			other = o != k && !v->negated && (caps_kinds(c, c->intents[v->intent].caps & c->write_caps) & kinds);
		}
		if (!other) continue;
		r->along[at] = true;
		drop_intent(r, k--, true);
	}
}

/* Whether mention m stands after "from" right after the verb in, nothing but small words, a name or a thing it
 * sends between ("email Tom from Outlook", "send me the list from Outlook"). */
static bool sent_from(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in,
	const struct plan_mention *m)
{
	if (m->first <= in->first + in->nwords || !rs_role_words(c, r, m->first - 1, 1ull << ROLE_SOURCE)) return false;
	/* (a word for mail between is what is sent: "send the singer a confirmation email from gmail") */
	for (int w = in->first + in->nwords; w < m->first - 1; w++)
		if (r->app_word[w] || (r->word_kinds[w] & ~(1u << AK_MAIL)) || r->after_comma[w + 1] || r->intent_word[w]) return false;
	return true;
}

/* The first mention of app a, or NULL. */
static const struct plan_mention *mention_of(const struct plan_resolution *r, int a)
{
	for (int x = 0; x < r->nmentions; x++) if (r->mentions[x].app == a) return &r->mentions[x];
	return NULL;
}

/* "and then email Tom from Outlook": a mail app, or a family's, after "from" right after a verb that sends mail,
 * nothing but small words and a name between, is the account the mail goes out from, no source to read. */
static void sending_account(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->negated) continue;
		for (int q = 0; q < r->napps; q++) {
			const struct plan_mention *m = mention_of(r, r->apps[q]);
			if (m && c->apps[r->apps[q]].kind == AK_MAIL && r->app_role[q] == PR_SOURCE && writes_in(c, in->intent, r->apps[q]) &&
			    sent_from(c, r, in, m)) {
				r->app_role[q] = PR_NONE;
				r->app_strong[q] = false;
			}
		}
		/* a family there is its mail app ("... and send me the list from Outlook") */
		for (int x = 0; x < r->nmentions; x++) {
			const struct plan_mention *m = &r->mentions[x];
			uint32_t mail = m->family >= 0 ? c->families[m->family].apps[AK_MAIL] : CAT_NONE;
			if (mail == CAT_NONE || !writes_in(c, in->intent, (int)mail) || !sent_from(c, r, in, m)) continue;
			r->mentions[x].role = PR_NONE;
			r->mentions[x].strong = false;
			rs_family_is_app(r, x, (int)mail);
		}
	}
}

/* "Marek sent a crash report to my gmail this morning - read it and ...": a mail app a person's sending names as its
 * target, in that verb's clause, is where the mail arrived: read from there. */
static void received_in(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->negated || !in->by_person || !in->nwords) continue;
		/* (the verb as written writes: "Check whether my colleagues are free in Outlook" reads the calendar; -1 where no
		 * one word as written says it: "forwarded") */
		int said = verb_of(c, r, in->first);
		if (said >= 0 && !writes(c, said)) continue;
		int last = rs_clause_last(r, in->first);
		for (int q = 0; q < r->napps; q++) {
			const struct plan_mention *m = mention_of(r, r->apps[q]);
			if (m && c->apps[r->apps[q]].kind == AK_MAIL && r->app_role[q] == PR_TARGET && m->first > in->first && m->first <= last)
				r->app_role[q] = PR_SOURCE;
		}
		/* (a family a strong marker names there is its mail app: "Tomasz forwarded three bug reports to my Outlook") */
		for (int x = 0; x < r->nmentions; x++) {
			const struct plan_mention *m = &r->mentions[x];
			uint32_t mail = m->family >= 0 ? c->families[m->family].apps[AK_MAIL] : CAT_NONE;
			if (mail == CAT_NONE || (said >= 0 && !writes_in(c, said, (int)mail)) || m->first <= in->first || m->first > last ||
			    m->role != PR_TARGET || !m->strong)
				continue;
			r->mentions[x].role = PR_SOURCE;
			rs_family_is_app(r, x, (int)mail);
			for (int q = 0; q < r->napps; q++)
				if (r->apps[q] == (int)mail) r->app_role[q] = PR_SOURCE;
		}
	}
}

/* A listing asked at word i, no verb's word (meta.format_intent): which things there are. */
static void ask_listing(const struct catalog *c, struct plan_resolution *r, int i)
{
	if (r->nintents < PLAN_MAX_INTENTS)
		r->intents[r->nintents++] = (struct plan_intent){ .first = i, .nwords = 0, .intent = (int)c->meta->format_intent };
}

/* "neue issues github", "new emails gmail": typed into a search box, "new" (a verb that makes things, the only one)
 * opening the request, a plural word for things right after it and then only apps' names, lists the new things
 * (meta.format_intent); "new issue github" still makes one. */
static void new_things_listed(const struct catalog *c, struct plan_resolution *r)
{
	if (r->nwords < 3 || r->nwords > 5 || r->nintents != 1 || r->nactions || r->nproducts || !(r->napps + r->nfamilies) || r->intents[0].first != 0 ||
	    r->intents[0].nwords != 1 || r->intents[0].negated || !(c->intents[r->intents[0].intent].caps & c->new_caps) ||
	    c->meta->format_intent == CAT_NONE || !r->word_kinds[1] || r->app_word[1] || !ends_in(r, 1, "s"))
		return;
	for (int i = 2; i < r->nwords; i++) if (!r->app_word[i]) return;
	r->intents[0].intent = (int)c->meta->format_intent;
}

/* "gmail deposit dispute 42 harbour st", "dropbox lease maple court": a few words typed into a search box, an app whose
 * things are found by their words (mail, files) first and only words the vocabulary does not know after it, no verb,
 * action, product or word for another kind's things, look those words up in the app, as a listing does
 * (meta.format_intent). */
static void search_box(const struct catalog *c, struct plan_resolution *r)
{
	if (r->nwords > 8 || r->nintents || r->nactions || r->nproducts || r->nfamilies || r->napps != 1 || r->triggers ||
	    r->nmentions != 1 || r->mentions[0].first != 0 || c->meta->format_intent == CAT_NONE)
		return;
	uint32_t kind = c->apps[r->apps[0]].kind;
	if (kind != AK_MAIL && kind != AK_DRIVE) return;
	int first = -1;
	for (int i = r->mentions[0].nwords; i < r->nwords; i++) {
		/* (a word for the app's own things may stand among them: "gmail emails from denture lab last week") */
		if ((r->word_kinds[i] & ~(1u << kind)) || r->arrow[i] || r->quoted[i]) return;
		if (first < 0 && !r->stop[i]) first = i;
	}
	if (first < 0) return;
	ask_listing(c, r, first);
	for (int i = first; i < r->nwords; i++) r->matched[i] |= !r->stop[i];  /* understood: the words looked up */
}

/* "Please write a draft to Jana Weber confirming ...": one or two words the vocabulary does not know right after a
 * target marker that follows a word for mail's things (or a mail capability's word: "draft") are the recipient's
 * name, read as written (they count for no word of the request). */
static void recipient_names(const struct catalog *c, struct plan_resolution *r)
{
	for (int i = 1; i + 1 < r->nwords; i++) {
		/* (the cheap tests first: a word nothing matches after a small word) */
		if ((r->nwm[i + 1] && !r->fuzzy[i + 1]) || !r->stop[i] || r->after_comma[i] || !has_role_word(c, r, i, ROLE_TARGET)) continue;
		int thing = i - 1, cap = exact_word(c, r, thing, SYN_CAP, -1);
		bool mail = (r->word_kinds[thing] >> AK_MAIL & 1) ||
			(cap >= 0 && cap < 64 && (caps_kinds(c, 1ull << cap) >> AK_MAIL & 1));
		if (!mail) continue;
		for (int w = i + 1; w < r->nwords && w <= i + 2 && !r->after_comma[w]; w++) {
			if (r->nwm[w] && !r->fuzzy[w]) break;
			if (r->stop[w] || r->app_word[w] || r->quoted[w] || word_has_digit(r, w)) break;
			r->quoted[w] = true;
		}
	}
}

/* "what demos do i have tomorrow", "what viewings have I got tomorrow?": where no app, family or word of a kind but the
 * calendar's is named, a listing verb's phrase holding a pronoun (do i have, have i got, habe ich) in a sentence
 * naming a day by its word (synonyms.json days) asks what is on that day: the calendar's events, whatever other
 * sentences ask ("... keep double booking myself"; not a receiving verb's, roles.receive: "what
 * did I get today" asks no calendar). */
static void day_in_calendar(const struct catalog *c, struct plan_resolution *r)
{
	if (r->nmentions || r->nproducts) return;
	for (int i = 0; i < r->nwords; i++) if (r->word_kinds[i] & ~(1u << AK_CALENDAR)) return;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->negated || !(caps_kinds(c, c->intents[in->intent].caps) >> AK_CALENDAR & 1) || writes(c, in->intent)) continue;
		bool pronoun = false, received = false;
		for (int w = in->first; w < in->first + in->nwords; w++) {
			pronoun |= has_role_word(c, r, w, ROLE_PRONOUN);
			received |= has_role_word(c, r, w, ROLE_RECEIVE);
		}
		pronoun &= !received;
		for (int i = 0; pronoun && i < r->nwords; i++)
			if (sentence_of(r, i) == sentence_of(r, in->first) && exact_word(c, r, i, SYN_STOP, STOP_DAY) >= 0) {
				r->kinds |= 1u << AK_CALENDAR;
				r->word_kinds[i] |= 1u << AK_CALENDAR;
				r->stop[i] = false;  /* the day is what the calendar is asked about, a word for its things */
				return;
			}
	}
}

/* "any emails from the landlord in my Gmail this month?": a question with no verb, about things of a kind an app
 * named has, asks which there are, as a listing does (meta.format_intent); with no app named, of the one kind its
 * words say ("what's in my calendar tomorrow?": a listing in either calendar). */
static void verbless_question(const struct catalog *c, struct plan_resolution *r)
{
	if (!r->question || r->nintents || r->nactions || r->nproducts || c->meta->format_intent == CAT_NONE) return;
	unsigned named = r->napps || r->nfamilies ? named_app_kinds(c, r) : r->kinds & ~(1u << AK_CALLER);
	if (bits(named) == 0 || (!r->napps && !r->nfamilies && bits(named) != 1)) return;
	for (int i = 0; i < r->nwords; i++)
		if (r->word_kinds[i] && !r->app_word[i] && (named & r->word_kinds[i])) {
			ask_listing(c, r, i);
			return;
		}
}

/* "I track my billable hours via my Google Calendar. Is there a way to get each calendar event added as a row in a
 * Google Sheet ...?": a sentence whose verbs are only what people do, before a sentence with a verb of the request,
 * is context: an app named only there plays no role its markers give (it is read as the ask names it). */
static void context_sentences(const struct catalog *c, struct plan_resolution *r)
{
	int ask = -1; /* the first word of the last sentence holding a verb of the request */
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && !r->intents[k].by_person && sentence_of(r, r->intents[k].first) > ask)
			ask = sentence_of(r, r->intents[k].first);
	if (ask <= 0) return;
	/* (a sentence before the ask holding a verb of the request is no context) */
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && !r->intents[k].by_person && r->intents[k].first < ask) return;
	/* (where it says the things are kept, it stays their source where the ask names only targets: "all sessions are
	 * in my Outlook calendar. ... add them as rows in my Excel workbook") */
	bool targets = false;
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].first >= ask && r->mentions[m].app >= 0) {
			if (r->mentions[m].role != PR_TARGET) { targets = false; break; }
			targets = true;
		}
	for (int q = 0; q < r->napps; q++) {
		bool context = true, kept = false;
		for (int m = 0; m < r->nmentions; m++) {
			const struct plan_mention *x = &r->mentions[m];
			if (x->app != r->apps[q]) continue;
			context &= x->first < ask;
			kept |= targets && x->first > 0 && r->kept[x->first - 1] && x->role == PR_SOURCE;
		}
		/* (and says no word for its things as what is made or where it goes: "My timesheet lives in Google Sheets. ...
		 * add them as rows to the timesheet"; "die Termine in Google Sheets eintragen" moves them) */
		for (int i = ask + 1; context && kept && i < r->nwords; i++)
			kept = r->app_word[i] || !(r->word_kinds[i] >> c->apps[r->apps[q]].kind & 1) ||
				!rs_role_words(c, r, i - 1, 1ull << ROLE_AS | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET);
		if (context && !kept) { r->app_role[q] = PR_NONE; r->app_strong[q] = false; }
	}
}

/* Whether the folder word at w follows a target marker, small words and up to three plain words between ("into the
 * client's Archive folder"; "in den Unterordner": a compound's first part). */
static bool folder_is_target(const struct catalog *c, const struct plan_resolution *r, int w)
{
	for (int j = w - 1, plain = 0; j >= 0 && j >= w - 6; j--) {
		if (rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) return true;
		/* (a verb right before the folder word is its name: "the Archive folder") */
		if (r->after_comma[j + 1] || r->app_word[j] || (r->intent_word[j] && j < w - 1) || (!r->stop[j] && !r->compound[j] && ++plain > 3))
			return false;
	}
	return false;
}

/* "Move every email from the tax office in Outlook into a folder called 'Finanzamt'": a verb that can move files
 * (the capability of an action that sorts, outside.json sorts), its clause saying mail and, after a target marker,
 * a folder (roles.folders), where no drive is named, moves messages between the mailbox's own folders; "Move finished
 * deliverables in OneDrive into the client's Archive folder", "verschieb alle PDFs aus meinem Google Drive in den
 * Ordner Archiv" (the copying verb too), the one app named a drive, move files between its own folders: the
 * sorting action, no task's. */
static void into_own_folder(const struct catalog *c, struct plan_resolution *r)
{
	if (r->nactions == PLAN_MAX_OUTSIDE || r->nproducts) return;
	bool drive = r->napps == 1 && c->apps[r->apps[0]].kind == AK_DRIVE, mail_said = r->kinds >> AK_MAIL & 1;
	if (!drive && !mail_said) return;
	for (int m = 0; !drive && m < r->napps; m++) if (c->apps[r->apps[m]].kind == AK_DRIVE) return;
	int sorts = c->sort_action;
	if (sorts < 0 || c->outside[sorts].capability == CAT_NONE) return;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		bool moves = c->intents[in->intent].caps >> c->outside[sorts].capability & 1;
		if (in->negated || !(moves || in->intent == (int)c->meta->copy_intent)) continue;
		int first = in->first, last = rs_clause_last(r, first);
		while (first > 0 && !r->after_comma[first] && !r->sentence_start[first]) first--;
		bool mail = false, folder = false;
		for (int w = first; w <= last; w++) {
			mail |= r->word_kinds[w] >> AK_MAIL & 1;
			/* (so is a folder's path right after a strong target marker: "from /Applicants to /Rejected in Dropbox") */
			folder |= (has_role_word(c, r, w, ROLE_FOLDER) && folder_is_target(c, r, w)) ||
				(r->path[w] && w > 0 && !r->path[w - 1] && has_role_word(c, r, w - 1, ROLE_TARGET));
		}
		for (int m = 0; m < r->nmentions; m++)
			mail |= r->mentions[m].app >= 0 && r->mentions[m].first >= first && r->mentions[m].first <= last &&
				c->apps[r->mentions[m].app].kind == AK_MAIL;
		if (!(drive || mail) || !folder) continue;
		/* (files moved in a drive: the action the capability is linked to, as its phrase names it, "move the invoice
		 * to another folder") */
		int item = mail ? sorts : linked_action(c, c->outside[sorts].capability);
		for (int q = 0; q < r->nactions; q++)
			if (r->actions[q].item == item || r->actions[q].item == sorts) return;  /* (named already) */
		r->actions[r->nactions++] = (struct plan_outside){ .first = in->first, .nwords = in->nwords, .item = item };
		for (int w = in->first; w < in->first + in->nwords; w++) r->action_word[w] = true;
		return;
	}
}

/* "file the invoices from my inbox into the right folders", "ordnet sie nach Spediteur ein": sorting things into
 * places (outside.json sorts) is what a generic task does whose subject is named, which reads mail and writes files,
 * where the request speaks of mail: no action outside the catalog ("sort the receipts in my Dropbox into the right
 * folders" stays one). */
static void sorted_by_task(const struct catalog *c, struct plan_resolution *r)
{
	bool mail = r->kinds >> AK_MAIL & 1;
	for (int m = 0; m < r->napps; m++) mail |= c->apps[r->apps[m]].kind == AK_MAIL;
	bool task = false;
	for (uint64_t s = r->subjects; s && mail && !task; s &= s - 1) {
		const struct cat_ptask *p = &c->ptasks[__builtin_ctzll(s)];
		task = (p->kinds >> AK_MAIL & 1) && (p->written_kinds >> AK_DRIVE & 1);
	}
	if (!task) return;
	for (int q = 0; q < r->nactions; q++)
		if (c->outside[r->actions[q].item].flags & OUT_SORTS) drop_action(r, q--);
}

/* "Wenn Patienten ... einen Terminwunsch schicken, soll daraus ein Kalendereintrag werden": an auxiliary that makes a
 * thing (becomes) asks to make it, roles.become_means. */
static void becoming(const struct catalog *c, struct plan_resolution *r)
{
	if (c->meta->become_intent == CAT_NONE) return;
	for (int i = 0; i < r->nwords && r->nintents < PLAN_MAX_INTENTS; i++)
		if (r->stop[i] && !r->intent_word[i] && i > 0 && (r->word_kinds[i - 1] || r->app_word[i - 1]) &&
		    has_role_word(c, r, i, ROLE_AUX) && becomes(c, r, i)) {
			int k = r->nintents++;  /* (in the order of the words) */
			for (; k > 0 && r->intents[k - 1].first > i; k--) r->intents[k] = r->intents[k - 1];
			r->intents[k] = (struct plan_intent){ .first = i, .nwords = 1, .intent = (int)c->meta->become_intent };
			r->intent_word[i] = true;
		}
}

/* Whether word j is a word for things right after an app's name, the app's own ("a GitHub issue"). */
static bool app_thing(const struct plan_resolution *r, int j)
{
	return j > 0 && r->app_word[j - 1] && !r->app_word[j] && r->said_kind[j] != AK_COUNT;
}

/* The app whose name ends right before word j, or -1. */
static int app_ending_at(const struct plan_resolution *r, int j)
{
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].first + r->mentions[m].nwords == j) return r->mentions[m].app;
	return -1;
}

/* Where the thing an indefinite article opens at word i ends: its head, a word for a kind of things (an app's name and
 * up to two plain words before it: "an Outlook calendar event", "einen Termin"; or the word right after the app's
 * name: "a GitHub issue"), no document or folder, closing its noun; or -1. */
static int wished_head(const struct catalog *c, const struct plan_resolution *r, int i, unsigned *kinds)
{
	int j = i + 1, plain = 0, head = -1;
	/* (so is a word saying which one, roles.qualifiers: "a matching event", "einen passenden Termin") */
	while (j < r->nwords && !r->after_comma[j] && (r->app_word[j] || (!r->word_kinds[j] && !app_thing(r, j) &&
	       (plain_word(r, j) || has_role_word(c, r, j, ROLE_QUALIFIER)) && ++plain <= 2)))
		j++;
	for (; j < r->nwords && !r->after_comma[j] && (r->word_kinds[j] || app_thing(r, j)) && !r->app_word[j]; j++)
		head = j, *kinds = r->word_kinds[j] ? r->word_kinds[j] : 1u << r->said_kind[j];
	/* (a plain noun right after the word for things heads it, of that kind: "a calendar entry"; so it does right after
	 * an app's name, of the app's kind: "an Outlook calendar entry") */
	if (head >= 0 && plain_head(c, r, j)) head = j++;
	int app = head < 0 && j - 2 > i && r->app_word[j - 2] && plain_head(c, r, j - 1) ? app_ending_at(r, j - 1) : -1;
	if (app >= 0) head = j - 1, *kinds = 1u << c->apps[app].kind;
	if (head < 0 || rs_role_words(c, r, head, 1ull << ROLE_DOCUMENT | 1ull << ROLE_FOLDER)) return -1;
	/* (a participle after a wish or a causative closes it too: "I want a row added to my Google Sheet") */
	return j == r->nwords || r->after_comma[j] || r->stop[j] || r->trigger[j] || word_has_digit(r, j) ||
		(participle_form(c, r, j) && after_causative(c, r, j)) ? head : -1;
}

/* Whether a verb that writes stands after word i in its clause, where German closes it ("..., einen Termin im Google
 * Kalender anlegen"), before any purpose's words. */
static bool writing_verb_after(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int j = i + 1, last = rs_clause_last(r, i); j <= last; j++) {
		/* (a purpose's words end it: "an event in the Outlook calendar so people get reminders") */
		if (r->purpose_from && j >= r->purpose_from - 1 && has_role_word(c, r, j, ROLE_PURPOSE)) return false;
		/* (a verb's word read as a noun is none: "the Excel shift plan") */
		int v = r->describes[j] ? -1 : verb_of(c, r, j);
		if (v >= 0 && writes(c, v)) return true;
	}
	return false;
}

/* "I want an Outlook calendar event a week before it's due", "a Google Calendar event for every row in the Google
 * Sheet", "ich hätte gern einen Termin im Outlook-Kalender": where no verb writes, a thing an indefinite article
 * (roles.indefinite) opens, at a clause's start or after a wish (roles.wishes), is made, as roles.become_means says,
 * where that intent writes its kind; a record an app keeps is appended (roles.record_means: "one row per issue" makes
 * no spreadsheet). */
static void wished_thing(const struct catalog *c, struct plan_resolution *r)
{
	uint32_t means = c->meta->become_intent;
	if (means == CAT_NONE) return;
	/* (a trigger's "new" asks nothing: "... for every new row") */
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && writing_intent(c, &r->intents[k]) && !has_role_word(c, r, r->intents[k].first, ROLE_TRIGGER)) return;
	for (int i = 0; i + 1 < r->nwords && r->nintents < PLAN_MAX_INTENTS; i++) {
		/* (a wish of two words: "hätte gern einen Termin"; an opener that joins nouns opens none: "500 rows and a
		 * header row") */
		bool either;
		if (!has_role_word(c, r, i, ROLE_INDEFINITE) || r->intent_word[i] ||
		    !(i == 0 || r->after_comma[i] || r->sentence_start[i] || has_role_word(c, r, i - 1, ROLE_WISH) ||
		      (has_role_word(c, r, i - 1, ROLE_OPENER) && !joins(r, i - 1, &either)) ||
		      (i > 1 && r->stop[i - 1] && has_role_word(c, r, i - 2, ROLE_WISH))))
			continue;
		unsigned kinds = 0;
		int head = wished_head(c, r, i, &kinds);
		if (head < 0 || writing_verb_after(c, r, head)) continue;
		/* (one of the records an app keeps is appended: "a row per issue", roles.record_means) */
		int intent = -1;
		for (uint32_t a = 0; a < c->napps && intent < 0; a++)
			if ((kinds >> c->apps[a].kind & 1) && record_cap(c, (int)a) >= 0) intent = (int)c->meta->record_intent;
		if (intent < 0 && (caps_kinds(c, c->intents[means].caps & c->write_caps) & kinds)) intent = (int)means;
		if (intent < 0) continue;
		int k = r->nintents++;  /* (in the order of the words) */
		for (; k > 0 && r->intents[k - 1].first > i; k--) r->intents[k] = r->intents[k - 1];
		r->intents[k] = (struct plan_intent){ .first = i, .nwords = 1, .intent = intent };
		r->intent_word[i] = true;
		return;
	}
}

/* The kinds of the thing that exists and someone joins (roles.joined_things) at word j, or that an object pronoun at j
 * (roles.object_pronouns) stands for, named before the verb, or 0: "to every team meeting on friday", "... can you
 * add Lucía to it" (not "to my workshop guy": the word heads its noun). */
static unsigned joined_thing_at(const struct catalog *c, const struct plan_resolution *r, int j, int verb)
{
	if (has_role_word(c, r, j, ROLE_OBJECT_PRONOUN)) {
		for (int i = 0; i < verb; i++) if (has_role_word(c, r, i, ROLE_JOINED)) return r->word_kinds[i] ? r->word_kinds[i] : ~0u;
		return 0;
	}
	for (int n = 0; j < r->nwords && n < 4; j++, n += j < r->nwords && !r->quoted[j]) {  /* (a quoted name counts as no word) */
		/* (a word no kind's vocabulary holds, "the friday retro", is a thing of any kind the verb writes) */
		if (has_role_word(c, r, j, ROLE_JOINED))
			return j + 1 < r->nwords && !r->after_comma[j + 1] && !r->stop[j + 1] ? 0 : r->word_kinds[j] ? r->word_kinds[j] : ~0u;
		if (r->app_word[j] || r->intent_word[j] || r->after_comma[j] || r->arrow[j] || r->word_kinds[j]) return 0;
	}
	return 0;
}

/* The words of "as", an indefinite article maybe, and a word for a person at word j (as written or its singular: "as an
 * attendee", "as guests"), or 0. */
static int as_person(const struct catalog *c, const struct plan_resolution *r, int j)
{
	if (!has_role_word(c, r, j, ROLE_AS)) return 0;
	int p = j + 1 < r->nwords && has_role_word(c, r, j + 1, ROLE_INDEFINITE) ? j + 2 : j + 1;
	return p < r->nwords && word_at_level(c, r, p, SYN_STOP, STOP_PERSON, LV_STEM) >= 0 ? p - j + 1 : 0;
}

/* Whether the verb of intent in has, after its object (one to three words, no word for things nor an app; none in a
 * passive, whose subject is its object), a target marker and a thing of the kinds that exists. */
static bool joined_after(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, unsigned kinds)
{
	/* (a passive's subject is its object: "Could the new person be added to the existing meeting") */
	bool passive = in->first > 0 && rs_role_words(c, r, in->first - 1, 1ull << ROLE_PASSIVE_ASK | 1ull << ROLE_AUX);
	int j = in->first + in->nwords, object = 0;
	bool either;
	for (; j < r->nwords && object < 4 && !rs_role_words(c, r, j, 1ull << ROLE_TARGET); j++) {
		if (r->word_kinds[j] || r->app_word[j] || r->intent_word[j] || r->after_comma[j] || r->arrow[j] || r->quoted[j]) return false;
		/* (two people joined by "and", each a name of words no list knows, said as whom they join as, count as one:
		 * "Add Lena Fischer and Marco Bianchi as attendees to the event") */
		int as = as_person(c, r, j);
		bool name_goes_on = j > in->first + in->nwords && !r->nwm[j] && !r->nwm[j - 1] && !r->stop[j - 1];
		if (as) j += as - 1;
		else if (!(object && joins(r, j, &either)) && !name_goes_on) object++;
	}
	return (object > 0 || passive) && object < 4 && j + 1 < r->nwords && rs_role_words(c, r, j, 1ull << ROLE_TARGET) &&
		(joined_thing_at(c, r, j + 1, in->first) & kinds);
}

/* Whether the verb of intent in closes its clause (small words after it at most: "werden") with a target marker and a
 * thing of the kinds that exists before it, up to eight words back: "soll die Person zum Fortbildungstermin im
 * Outlook-Kalender hinzugefügt werden". */
static bool joined_before(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, unsigned kinds)
{
	for (int w = in->first + in->nwords; w <= rs_clause_last(r, in->first); w++)
		if (!r->stop[w]) return false;
	for (int t = in->first - 1; t >= 0 && t >= in->first - 8 && !r->after_comma[t + 1] && !r->intent_word[t]; t--)
		if (rs_role_words(c, r, t, 1ull << ROLE_TARGET) && (joined_thing_at(c, r, t + 1, t) & kinds)) return true;
	return false;
}

/* Whether the verb of intent in adds a person where a thing of the kinds that exists was named before the verb: after
 * its object (one to three words, no word for things nor an app; a name counts as one, a determiner as none), "as"
 * and a word for a person, an article between
 * ("the weekly standup ... needs to move to 9:45, also add Priya as an attendee"), or a name alone closing the clause
 * ("move tmrw's standup to 10:30 and add priya"); or where an app of those kinds was named before it. */
static bool joined_person(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, unsigned kinds)
{
	int o = in->first + in->nwords, j = o, object = 0;
	for (; j < r->nwords && object < 4 && !has_role_word(c, r, j, ROLE_AS); j++) {
		if (r->word_kinds[j] || r->app_word[j] || r->intent_word[j] || r->after_comma[j] || r->arrow[j]) return false;
		/* (a name of words no list knows counts as one word, a determiner as none: "add my colleague Sandra Lutz as an
		 * attendee") */
		object += !(j > o && !r->nwm[j] && !r->nwm[j - 1] && !r->stop[j - 1]) && !has_role_word(c, r, j, ROLE_DETERMINER);
	}
	if (!object || object >= 4) return false;
	bool named = object == 1 && !r->nwm[o] && !r->stop[o] && rs_clause_last(r, in->first) == o;
	if (!named && !(j < r->nwords && as_person(c, r, j))) return false;
	for (int i = 0; i < in->first; i++)
		if (has_role_word(c, r, i, ROLE_JOINED) && (!r->word_kinds[i] || (r->word_kinds[i] & kinds))) return true;
	/* (or an app of those kinds holding it: "push my 2pm "Budget review" in Outlook calendar to 4pm and add Priya as
	 * attendee") */
	for (int m = 0; m < r->nmentions && r->mentions[m].first < in->first; m++)
		if (r->mentions[m].app >= 0 && (kinds >> c->apps[r->mentions[m].app].kind & 1)) return true;
	return false;
}

/* Whether the words of intent in stand in the object of a verb of copying earlier in its clause (meta.copy_intent:
 * "turn booking requests into appointments": "booking" names the requests, it adds no one to anything). */
static bool in_copied_object(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].intent == (int)c->meta->copy_intent && r->intents[k].first < in->first &&
		    rs_clause_last(r, r->intents[k].first) >= in->first)
			return true;
	return false;
}

/* "add Lucía to the team meeting on friday", "invite Tom to the standup": a verb writing things of a kind that adds
 * someone to a thing of that kind that exists asks what roles.joined_means asks, an update. */
static void joining(const struct catalog *c, struct plan_resolution *r)
{
	if (c->meta->joined_intent == CAT_NONE) return;
	bool any = false;  /* (no word that may be such a thing, nor "as": nothing to read, the common case) */
	for (int i = 0; i < r->nwords && !any; i++) any = rs_role_words(c, r, i, 1ull << ROLE_JOINED | 1ull << ROLE_AS) != 0;
	if (!any) return;
	for (int k = 0; k < r->nintents; k++) {
		struct plan_intent *in = &r->intents[k];
		uint64_t writes = c->intents[in->intent].caps & c->write_caps;
		if (in->negated || !in->nwords || in->intent == (int)c->meta->joined_intent || !writes || in_copied_object(c, r, in)) continue;
		unsigned kinds = caps_kinds(c, writes);
		if (joined_after(c, r, in, kinds) || joined_before(c, r, in, kinds) || joined_person(c, r, in, kinds))
			in->intent = (int)c->meta->joined_intent;
	}
}

int rs_passive_subject(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	const uint64_t aux = 1ull << ROLE_AUX | 1ull << ROLE_MODAL | 1ull << ROLE_PASSIVE_ASK;
	int j = in->first - 1;
	while (j > 0 && !r->after_comma[j + 1] && r->stop[j] && rs_role_words(c, r, j, aux)) j--;
	/* (a modal after a trigger's words opens the main clause as a comma would: its subject stands before it) */
	if (in->negated || j == in->first - 1 || j < 0 || (r->after_comma[j + 1] && !has_role_word(c, r, j + 1, ROLE_MODAL)) ||
	    !r->word_kinds[j] || r->app_word[j])
		return -1;
	return j;
}

/* "can you get the files people send me in Gmail onto Google Drive": a receive verb (roles.receive) whose clause puts
 * its object, from an app named after the verb, into an app named after a strong target marker (an article between
 * allowed) copies it there. */
static void get_into(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++) {
		struct plan_intent *in = &r->intents[k];
		if (in->negated || in->by_person || !in->nwords || writes(c, in->intent) || !has_role_word(c, r, in->first, ROLE_RECEIVE))
			continue;
		int last = rs_clause_last(r, in->first);
		for (int j = in->first + in->nwords; j < last; j++) {
			if (!has_role_word(c, r, j, ROLE_TARGET)) continue;
			int a = j + 1 < last && has_role_word(c, r, j + 1, ROLE_DETERMINER) ? j + 2 : j + 1;
			bool from = false, into = false;  /* (from an app named before: "get this PDF into Dropbox" uploads) */
			for (int m = 0; m < r->nmentions; m++) {
				from |= r->mentions[m].first > in->first && r->mentions[m].first < j;
				into |= r->mentions[m].first == a && r->mentions[m].app >= 0;
			}
			if (from && into) in->intent = (int)c->meta->copy_intent;
			break;
		}
	}
}

/* "create a fresh Excel workbook", "Create the FY26 opex budget template as a new Excel workbook", "Lege in OneDrive
 * eine neue Excel-Arbeitsmappe an": the app named (no source) that a verb making something new has for its object,
 * where the app documents no way to make it and a word for a whole document (roles.documents) follows its name: the
 * verb's words hold the app's name, or only small, describing and unknown words (two at most)
 * stand between them, or the app is the verb's target in its clause with no verb, app, word for a kind or auxiliary
 * between ("Our project schedule is an Excel workbook" describes one); 1 + that app in r->new_thing. */
static void new_thing(const struct catalog *c, struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents && !r->new_thing; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->negated || in->by_person || !in->nwords || r->trigger[in->first]) continue;  /* ("Neue Einträge in ...") */
		/* ("a row should be created in the Excel sheet" makes the row; "a new workbook should be created" one) */
		int subject = rs_passive_subject(c, r, in);
		if (subject >= 0 && !has_role_word(c, r, subject, ROLE_DOCUMENT)) continue;
		uint64_t makes = c->intents[in->intent].caps & c->new_caps;
		for (int m = 0; makes && m < r->nmentions && !r->new_thing; m++) {
			const struct plan_mention *x = &r->mentions[m];
			if (x->app < 0 || x->first < in->first || x->role == PR_SOURCE) continue;
			int after = x->first + x->nwords, next = in->first + in->nwords;
			while (next < x->first && r->stop[next]) next++;
			/* ("Neue Einträge in einer Excel-Tabelle": "new" makes the word right after it) */
			if (has_role_word(c, r, in->first, ROLE_TRIGGER) && next != x->first) continue;
			bool inside = x->first < in->first + in->nwords, near = !inside, target = !inside && x->role == PR_TARGET;
			bool document = after < r->nwords && has_role_word(c, r, after, ROLE_DOCUMENT);
			for (int w = in->first + in->nwords, plain = 0; (near || target) && w < x->first; w++) {
				/* ("eine neue, leere Excel-Arbeitsmappe": a comma right after the verb's word joins adjectives) */
				bool clause = (!r->after_comma[w] || w == in->first + in->nwords) && !has_role_word(c, r, w, ROLE_AUX);
				bool plain_ok = !r->intent_word[w] && !r->app_word[w] && !r->word_kinds[w];
				near = near && clause && plain_ok && (r->stop[w] || r->describes[w] || r->trigger[w] || ++plain <= 2);
				target = target && clause && plain_ok;
			}
			if (!(inside || near || target) || !document) continue;
			/* (something another app of its kind makes: a spreadsheet, which Excel makes by an upload) */
			for (uint64_t w = makes & ~c->apps[x->app].caps; w && !r->new_thing; w &= w - 1)
				if (caps_kinds(c, w & -w) >> c->apps[x->app].kind & 1) r->new_thing = 1 + x->app;
		}
	}
}

/* "Send ticket confirmation emails from Outlook" is no code host's: a word for things right before another kind's word
 * for things, one plain word between at most, only says what the last is about, where no app of its own kind is named
 * (the last word is the head). */
static void heads_only(const struct catalog *c, struct plan_resolution *r)
{
	unsigned named = 0;
	for (int m = 0; m < r->napps; m++) named |= 1u << c->apps[r->apps[m]].kind;
	for (int i = 0; i + 1 < r->nwords; i++) {
		if (!r->word_kinds[i] || r->app_word[i] || (r->word_kinds[i] & named)) continue;
		for (int j = i + 1; j < r->nwords && j <= i + 2; j++) {
			if (r->after_comma[j] || r->app_word[j] || r->stop[j] || r->quoted[j]) break;
			if (!r->word_kinds[j]) continue;
			if (!(r->word_kinds[j] & r->word_kinds[i])) r->word_kinds[i] = 0, r->modifier[i] = true;
			break;
		}
		/* ("upload the release tarball to our cloud storage", "der Release-Kandidat": before a plain noun a code host's
		 * word only says what it is about; a mail's or a calendar's word is one itself: "email attachments") */
		if (r->word_kinds[i] == 1u << AK_CODEHOST && plain_head(c, r, i + 1)) r->word_kinds[i] = 0, r->modifier[i] = true;
	}
	r->kinds = 0;
	for (int i = 0; i < r->nwords; i++) r->kinds |= r->word_kinds[i];
}

void rs_find_kinds_and_intents(const struct catalog *c, struct plan_resolution *r)
{
	/* "Outlook-Mails" names an app and says mails: subjects are read under app names too; every kind is
	 * known before a verb is read ("create calendar entries": the kind word is no object) */
	for (int i = 0; i < r->nwords; i++)
		if (!r->arrow[i])
			each_phrase(c, r, i, r->app_word[i] ? 1u << SYN_SUBJECT : 1u << SYN_APP_KIND | 1u << SYN_SUBJECT, note_kind, NULL);
	heads_only(c, r);
	for (int i = 0; i < r->nwords; i++) {
		if (r->arrow[i]) continue;
		if (!r->app_word[i]) each_phrase(c, r, i, 1u << SYN_INTENT, note_intent, NULL);
		/* "create a folder": an action of several words may start with a catalog verb */
		if (!r->app_word[i] && !r->action_word[i]) each_phrase(c, r, i, 1u << SYN_ACTION, note_action, NULL);
	}
	becoming(c, r);
	wished_thing(c, r);
	stated_context(c, r);
	stated_clause(c, r);
	light_verbs(c, r);
	repairs(c, r);
	caller_format(c, r);
	find_triggers(c, r);
	event_verbs(c, r);
	addressed_mail(c, r);
	added_along(c, r);
	joining(c, r);
	get_into(c, r);
	event_actions(c, r);
	into_own_folder(c, r);
	sorted_by_task(c, r);
	copy_in_place(c, r);
	unknown_verb(c, r);
	day_in_calendar(c, r);
	recipient_names(c, r);
	verbless_question(c, r);
	search_box(c, r);
	new_things_listed(c, r);
	sending_account(c, r);
	received_in(c, r);
	context_sentences(c, r);
	new_thing(c, r);
	whole_request_asked(c, r);
	r->content = 0;
	/* (a quoted name, an address, asks nothing and counts for nothing; nor does a word in an aside in brackets that is
	 * no verb and matched nothing: "add the new dog patient Bella (owner Mr Tran, golden retriever, 4 yrs) to our
	 * spreadsheet") */
	for (int i = 0; i < r->nwords; i++)
		r->content += (!r->stop[i] || r->intent_word[i]) && !r->app_word[i] && !r->arrow[i] && !r->quoted[i] &&
			!(r->aside[i] && !r->intent_word[i] && !r->matched[i]);
}

/* Where the request's action happens when it names a product outside the catalog. The product is where
 * it goes when a strong marker says so ("to a Slack channel"), when a writing verb names it as its object
 * ("create Trello cards") and no catalog app is named as the target, or when the catalog apps named are
 * only sources ("a Google Doc from a Google Sheets row"). Then no task that writes into the catalog is
 * what the request asks: the catalog part is the reading. A product named as the source ("Record Jira
 * issues to Google Sheets") leaves the writing to the catalog. */
/* Whether a writing verb, at most two small words before app mention m ("schedule a Google Calendar
 * review", not "send new Gmail emails"), asks it for something it can do. Read from the words: a verb
 * named twice is one intent, noted where it first stands. */
static bool written_app(const struct catalog *c, const struct plan_resolution *r, const struct plan_mention *m)
{
	int j = m->first - 1;
	for (int skipped = 0; j >= 0 && skipped < 2 && r->stop[j] && !r->trigger[j] && !r->intent_word[j]; skipped++) j--;
	/* "for each new GitHub issue": a trigger word before the app is no verb writing into it */
	int verb = j >= 0 && !r->trigger[j] ? verb_of(c, r, j) : -1;
	if (verb < 0 || negated_at(c, r, j)) return false;
	return writes_in(c, verb, m->app);
}

/* Whether app mention starting at word i is a mail app's. */
static bool mail_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int a = i < r->nwords ? app_at(r, i) : -1;
	return a >= 0 && c->apps[a].kind == AK_MAIL;
}

/* Whether the things of product pr are the mail's, taken from mail app a: a catalog app is a target after it ("log
 * Stripe receipts from Gmail in Google Sheets"), or a verb at most two small words before it asks for something the
 * mail app does ("save PayPal receipts from Gmail"); else they are the product's own, made from the mail ("Create
 * Trello cards from Gmail messages", "ClickUp task from Gmail", "Asana-Aufgaben aus Outlook-Mails erstellen"). */
static bool takes_the_mails(const struct catalog *c, const struct plan_resolution *r, const struct plan_outside *pr, int a)
{
	for (int k = 0; k < r->nmentions; k++)
		if (r->mentions[k].first > pr->first && r->mentions[k].app >= 0 && r->mentions[k].role == PR_TARGET) return true;
	int j = pr->first - 1;
	for (int skipped = 0; j >= 0 && skipped < 2 && r->stop[j] && !r->intent_word[j]; skipped++) j--;
	int verb = j >= 0 ? verb_of(c, r, j) : -1;
	return verb >= 0 && !negated_at(c, r, j) && (c->intents[verb].caps & c->apps[a].caps);
}

/* Whether a causative closes product pr's clause after it: "die Mails von ChatGPT zusammenfassen lassen" names who
 * does the verb, no sender. */
static bool agent_of_causative(const struct catalog *c, const struct plan_resolution *r, const struct plan_outside *pr)
{
	int last = rs_clause_last(r, pr->first);
	for (int k = pr->first + pr->nwords; k <= last; k++)
		if (has_role_word(c, r, k, ROLE_CAUSATIVE)) return true;
	return false;
}

/* Whether product pr sent the mail a mail app holds: "an invoice from Stripe in Gmail" (after a source marker, a place
 * marker and a mail app right after it), "PayPal receipts from Gmail", "Stripe emails from Gmail" (up to two words
 * for its things, then "from" and a mail app, where the things are the mail's). */
static bool sent_the_mail(const struct catalog *c, const struct plan_resolution *r, const struct plan_outside *pr)
{
	/* "Gmail emails from PayPal", "Gmail-Mails von Amazon": right after a source marker right after a word for mail,
	 * unless it is a mail service itself ("emails from Zoho Mail" are its own) or a site named by its address
	 * ("Finanznachrichten von FT.com" are its news) */
	/* (a word for mail an app's name took counts: "Outlook emails from DHL") */
	/* (or a word for mail a few words back in the clause, small words or a verb's between: "check my inbox for
	 * anything from DHL") */
	int marker = pr->first - 1, said = marker - 1;
	bool mail = false;
	for (int k = said; k >= 0 && k >= said - 3 && !mail && !r->after_comma[k + 1]; k--) {
		mail = r->app_word[k] ? r->said_kind[k] == AK_MAIL : (r->word_kinds[k] >> AK_MAIL & 1);
		if (!mail && !r->stop[k] && !r->intent_word[k]) break;
	}
	/* (nor messages from a messenger, roles.messages: "tenant messages from WhatsApp" are its own; "emails from Slack"
	 * are mail it sent) */
	if (marker >= 1 && !pr->site && rs_role_words(c, r, marker, 1ull << ROLE_SOURCE) && mail &&
	    strcmp(cat_s(c, c->outside[pr->item].kind), VOCAB_APP_KINDS[AK_MAIL]) != 0 && !agent_of_causative(c, r, pr) &&
	    !((c->outside[pr->item].flags & OUT_MESSAGES) && has_role_word(c, r, said, ROLE_MESSAGE)))
		return true;
	int after = pr->first + pr->nwords;
	/* (one word for its things between: "aus DHL-Benachrichtigungen in Gmail") */
	if (after + 2 < r->nwords && !r->stop[after] && !r->app_word[after] && rs_role_words(c, r, after + 1, 1ull << ROLE_WEAK_TARGET))
		after++;
	if (rs_role_before(c, r, pr->first) == ROLE_SOURCE && after + 1 < r->nwords &&
	    rs_role_words(c, r, after, 1ull << ROLE_WEAK_TARGET) && mail_at(c, r, after + 1))
		return true;
	after = pr->first + pr->nwords;
	/* (words for its things only: "nutzt ChatGPT, um Rechnungen aus Gmail auszulesen" names what reads them; not its
	 * links, roles.links: "WeTransfer-Links aus Outlook-Mails runterladen" fetches the files from the product) */
	for (int j = after; j < after + 3 && j + 1 < r->nwords && !r->app_word[j]; j++) {
		if (has_role_word(c, r, j, ROLE_LINK)) return false;
		if (rs_role_words(c, r, j, 1ull << ROLE_SOURCE))
			return mail_at(c, r, j + 1) && takes_the_mails(c, r, pr, app_at(r, j + 1));
		if (r->stop[j]) break;
	}
	return false;
}

/* Whether an app named after word i is a target a strong marker names ("to Google Drive"). */
static bool strong_target_after(const struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nmentions; k++)
		if (r->mentions[k].first > i && r->mentions[k].app >= 0 && r->mentions[k].role == PR_TARGET && r->mentions[k].strong) return true;
	return false;
}

/* "odoo quote accepted → send the confirmation from gmail": a product before the first arrow, no app between, is the
 * arrow's source, whatever the side after it does. */
static bool before_arrow(const struct plan_resolution *r, const struct plan_outside *pr)
{
	for (int i = pr->first + pr->nwords; i < r->nwords; i++) {
		if (r->arrow[i]) return true;
		if (r->app_word[i] && !r->product_word[i]) return false;
	}
	return false;
}

void rs_find_product_role(const struct catalog *c, struct plan_resolution *r)
{
	/* "Save PayPal receipts from Gmail to Google Drive", "an invoice from Stripe in Gmail": a product that sent the mail
	 * a mail app holds is no product the plan reads: the plan reads the mail */
	int keep = 0;
	for (int q = 0; q < r->nproducts; q++)
		if (!sent_the_mail(c, r, &r->products[q])) r->products[keep++] = r->products[q];
	r->nproducts = keep;
	bool app_target = false, app_source = false, app_marked = false;
	/* a catalog app is the target after "to" or "in" outside a trigger's clause ("record Jira issues in
	 * Google Sheets"; not "when a row is added in Google Sheets", nor "when a file is added to Dropbox") */
	for (int k = 0, prev = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		if (m->app >= 0) {
			/* or the object of a writing verb it can do ("schedule a Google Calendar review") */
			bool marked = m->role == PR_TARGET && !triggered(c, r, m->first, prev);
			app_marked |= marked;
			app_target |= marked || written_app(c, r, m);
			app_source |= m->role == PR_SOURCE && (m->strong || m->triggered);
		}
		prev = m->first + m->nwords;
	}
	for (int q = 0; q < r->nproducts; q++) {
		struct plan_outside *pr = &r->products[q];
		/* "for every new Stripe payment": an event there, the source */
		int from = 0;
		for (int k = 0; k < r->nmentions && r->mentions[k].first < pr->first; k++) from = r->mentions[k].first + r->mentions[k].nwords;
		if (pr->role == PR_NONE && (triggered(c, r, pr->first, from) || before_arrow(r, pr))) pr->role = PR_SOURCE;
		bool object = false;
		for (int k = 0; k < r->nintents; k++) {
			const struct plan_intent *in = &r->intents[k];
			int gap = pr->first - (in->first + in->nwords);
			object |= !in->negated && gap >= 0 && gap <= 2 && writing_intent(c, in);
		}
		/* "orders in Squarespace to Google Sheets", "files received on Telegram to Google Drive": a product after a weak
		 * marker, before an app a strong marker makes the target, is where the things are */
		if (pr->role == PR_TARGET && rs_role_before(c, r, pr->first) == ROLE_WEAK_TARGET && strong_target_after(r, pr->first))
			pr->role = PR_SOURCE;
		/* a product a writing verb creates is a target beside an app another verb writes into ("create a
		 * Google Doc, schedule a Google Calendar review"), not beside an app a marker names */
		bool target = pr->role == PR_TARGET || (pr->role == PR_NONE && ((object && !app_marked) || (!app_target && app_source)));
		if (target) pr->role = PR_TARGET;
		else if (pr->role == PR_NONE && app_target) pr->role = PR_SOURCE;
		r->product_acts |= target && !app_target;
	}
}

/* "Read Excel files from SharePoint", "append rows to an Excel workbook on OneDrive": a spreadsheet app and
 * the drive of its family named (the only drive named), the drive not a target a marker names nor asked to
 * write, and a verb on rows: the drive is where the workbook is kept, not an app of the plan. */

/* Whether a verb asks app a for something it writes ("store attachments in Google Drive"). */
static bool asked_to_write(const struct catalog *c, const struct plan_resolution *r, int a)
{
	for (int k = 0; k < r->nintents; k++) {
		/* "as a new row": "new" between an article and a word for a kind describes the thing */
		int i = r->intents[k].first;
		if (has_role_word(c, r, i, ROLE_TRIGGER) && after_determiner(c, r, i) && i + 1 < r->nwords &&
		    r->said_kind[i + 1] < AK_COUNT)
			continue;
		if (r->intents[k].negated || !writes_in(c, r->intents[k].intent, a)) continue;
		/* (a verb whose sentence names another app it writes in, and not a, writes there: "Die Trainingszeiten sind in
		 * einer Excel-Tabelle auf SharePoint. Daraus sollen Termine im Outlook-Kalender angelegt werden.") */
		int s = sentence_of(r, i);
		bool here = false, other = false;
		for (int m = 0; m < r->nmentions; m++) {
			const struct plan_mention *x = &r->mentions[m];
			if (x->app < 0 || sentence_of(r, x->first) != s) continue;
			here |= x->app == a;
			/* (a storing verb writes what roles.store_means says in an app that keeps no files: "Jede Zeile soll als
			 * Termin im Outlook-Kalender landen") */
			other |= x->app != a && (writes_in(c, r->intents[k].intent, x->app) ||
				(stores_files(c, c->intents[r->intents[k].intent].caps) && store_cap(c, x->app) >= 0));
		}
		if (here || !other) return true;
	}
	return false;
}

/* Whether an intent asks spreadsheet app s for something inside a workbook that exists (an operation that
 * takes the workbook's identifier: reading or writing rows, not making a spreadsheet). */
static bool intent_on_rows(const struct catalog *c, int intent, int s)
{
	uint64_t caps = c->intents[intent].caps;
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++) {
		const struct cat_op *op = (caps >> cap & 1) ? cat_app_op(c, (uint32_t)s, cap) : NULL;
		if (op && c->opx[op - c->ops].input_count > 0) return true;
	}
	return false;
}

/* Whether words [from, to) right after an app's name are only small words and words for kinds of things, the
 * first of them maybe the thing's own word ("the Excel log on OneDrive", "an Excel workbook in OneDrive"), or two
 * words of its name that are no verb ("the Excel shift plan on SharePoint"). */
static bool only_things_between(const struct plan_resolution *r, int from, int to)
{
	int named = 0;
	for (int k = from; k < to; k++)
		if (!r->stop[k] && !r->quoted[k] && !r->word_kinds[k] && r->said_kind[k] == AK_COUNT &&
		    (r->app_word[k] || (k > from && (r->intent_word[k] || r->action_word[k] || r->after_comma[k])) || ++named > 2))
			return false;
	return true;
}

/* Whether drive app d is named after a mention of workbook app w, after a place-kept marker (roles.kept_in) or
 * right after it, a place marker between ("an Excel workbook in OneDrive": three words at most, the workbook's). */
static bool kept_after(const struct catalog *c, const struct plan_resolution *r, int w, int d)
{
	int wf = -1, we = -1;
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		if (m->app == w) { wf = m->first; we = m->first + m->nwords; }  /* the latest ("the Excel workbook Budget.xlsx") */
		if (m->app != d || wf < 0 || m->first <= wf) continue;
		enum cat_role role = rs_role_before(c, r, m->first);
		if (role == ROLE_KEPT) return true;
		/* (a quoted name counts for nothing: "the Excel workbook 'Bookings.xlsx' in OneDrive"; nor a number in a name:
		 * "die Excel-Tabelle Pipeline_2024 auf SharePoint") */
		int between = 0, with = -1;
		/* (nor what it holds, said after "with" in three words at most: "an Excel sheet with client birthdays on OneDrive") */
		for (int k = we; k < m->first; k++) {
			if (with < 0 && !r->quoted[k] && has_role_word(c, r, k, ROLE_RECORD_WITH)) with = k;
			between += !r->quoted[k] && !word_has_digit(r, k) && with < 0;
		}
		if (role == ROLE_WEAK_TARGET && between <= 3 && (with < 0 || m->first - with <= 4) && only_things_between(r, we, m->first))
			return true;
	}
	return false;
}

/* Whether a word for a drive's things stands elsewhere than right after a spreadsheet app's name ("Find files in Google
 * Drive and append their names to Google Sheets" reads the drive; "Read Excel files from SharePoint" reads a
 * workbook's file). */
static bool drive_things_said(const struct catalog *c, const struct plan_resolution *r)
{
	for (int i = 0; i < r->nwords; i++) {
		if (!(r->word_kinds[i] >> AK_DRIVE & 1) || r->app_word[i]) continue;
		int a = i > 0 && r->app_word[i - 1] ? app_at(r, i - 1) : -1;
		if (a < 0 || c->apps[a].kind != AK_SHEETS) return true;
	}
	return false;
}

/* Takes the app at r->apps[q] out of the plan's apps; its mentions stay, set aside. */
static void set_aside(struct plan_resolution *r, int q)
{
	for (int k = 0; k < r->nmentions; k++) r->mentions[k].aside |= r->mentions[k].app == r->apps[q];
	for (; q + 1 < r->napps; q++) {
		r->apps[q] = r->apps[q + 1]; r->app_role[q] = r->app_role[q + 1]; r->app_strong[q] = r->app_strong[q + 1];
	}
	r->napps--;
}

/* Whether a word for a spreadsheet's things stands up to three words before a mention of app (a workbook). */
static bool rows_named_before(const struct plan_resolution *r, int app)
{
	for (int k = 0; k < r->nmentions; k++) {
		if (r->mentions[k].app != app) continue;
		for (int j = r->mentions[k].first - 1; j >= 0 && j >= r->mentions[k].first - 3 && !r->after_comma[j + 1]; j--)
			if (r->word_kinds[j] >> AK_SHEETS & 1) return true;
	}
	return false;
}

void rs_workbook_location(const struct catalog *c, struct plan_resolution *r)
{
	/* an app named in a trigger's clause is where the event happens ("every time someone adds a file to Google
	 * Drive, log it in Google Sheets": the drive is watched, no workbook's location) */
	uint64_t event_places = triggered_apps(c, r);
	for (int s = 0; s < r->napps; s++) {
		if (c->apps[r->apps[s]].kind != AK_SHEETS) continue;
		int f = family_of(c, r->apps[s]);
		/* a verb on the workbook's rows, or its drive named right after it ("a row is added to the Excel workbook in
		 * OneDrive": the trigger's words are no verb) */
		bool verb_rows = false, rows;
		for (int k = 0; k < r->nintents; k++) verb_rows |= !r->intents[k].negated && intent_on_rows(c, r->intents[k].intent, r->apps[s]);
		/* (so do its rows named right before it: "one Outlook calendar entry per row of the Excel shift plan on
		 * SharePoint") */
		verb_rows |= rows_named_before(r, r->apps[s]);
		rows = verb_rows;
		for (int d = 0; f >= 0 && d < r->napps; d++)
			rows |= (uint32_t)r->apps[d] == c->families[f].apps[AK_DRIVE] && kept_after(c, r, r->apps[s], r->apps[d]);
		if (!rows) continue;
		/* a drive beside another drive is an end of a copy between them ("from Google Drive to Dropbox and ..."),
		 * unless a place-kept marker names it after the workbook ("an Excel workbook stored on OneDrive") */
		int drives = 0;
		for (int d = 0; d < r->napps; d++) drives += c->apps[r->apps[d]].kind == AK_DRIVE;
		/* (a drive named right after the workbook is its place, in a trigger's clause too: "After a row is added to
		 * the Excel workbook in OneDrive, ...") */
		for (int d = 0; f >= 0 && d < r->napps; d++) {
			bool kept = (uint32_t)r->apps[d] == c->families[f].apps[AK_DRIVE] && kept_after(c, r, r->apps[s], r->apps[d]);
			if ((uint32_t)r->apps[d] == c->families[f].apps[AK_DRIVE] && (drives == 1 || kept) && (kept || !drive_things_said(c, r)) &&
			    !(r->app_role[d] == PR_TARGET && r->app_strong[d]) &&
			    (!asked_to_write(c, r, r->apps[d]) || (kept && (verb_rows || (event_places >> r->apps[s] & 1)))) &&
			    (kept || !(event_places >> r->apps[d] & 1))) {
				set_aside(r, d);
				/* a drive given the opposite role only beside the location has none of its own */
				for (int q = 0; drives > 1 && q < r->napps; q++)
					if (c->apps[r->apps[q]].kind == AK_DRIVE && r->app_role[q] == PR_TARGET && !r->app_strong[q]) {
						r->app_role[q] = PR_NONE;
						for (int k = 0; k < r->nmentions; k++)
							if (r->mentions[k].app == r->apps[q] && !r->mentions[k].strong) r->mentions[k].role = PR_NONE;
					}
				return;
			}
		}
	}
}

/* Whether word i opens a clause of contrast: "but", "aber" (what was, then what is). */
static bool contrast_at(const struct plan_resolution *r, int i)
{
	return strcmp(r->words[i], "but") == 0 || strcmp(r->words[i], "aber") == 0;
}

/* Whether word i is in a clause of a sentence before the last that says what was (roles.former: "used", "had",
 * "were", "früher"): here a clause runs between commas, "but" and sentence ends ("in Dropbox and Google Drive" is
 * one place of the past). */
static bool in_former_clause(const struct catalog *c, const struct plan_resolution *r, int i, int last_sentence)
{
	if (sentence_of(r, i) >= last_sentence) return false;
	int f = i, l = i;
	while (f > 0 && !r->sentence_start[f] && !r->after_comma[f] && !contrast_at(r, f)) f--;
	while (l + 1 < r->nwords && !r->sentence_start[l + 1] && !r->after_comma[l + 1] && !contrast_at(r, l + 1)) l++;
	for (int k = f; k <= l; k++)
		if (has_role_word(c, r, k, ROLE_FORMER)) return true;
	return false;
}

void rs_former_apps(const struct catalog *c, struct plan_resolution *r)
{
	if (r->napps < 2) return;
	int last = 0;  /* the last sentence naming an app: the ask's */
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].product < 0 && sentence_of(r, r->mentions[m].first) > last) last = sentence_of(r, r->mentions[m].first);
	if (last == 0) return;  /* (one sentence: what was and what is asked are one) */
	uint64_t former = 0, current = 0;
	for (int m = 0; m < r->nmentions; m++) {
		const struct plan_mention *mn = &r->mentions[m];
		if (mn->product >= 0 || mn->aside) continue;
		/* (a family names each of its apps: "Outlook") */
		uint64_t named = 0;
		if (mn->app >= 0) named = 1ull << mn->app;
		else for (uint32_t kind = 1; kind < AK_COUNT; kind++)
			if (c->families[mn->family].apps[kind] != CAT_NONE) named |= 1ull << c->families[mn->family].apps[kind];
		if (in_former_clause(c, r, mn->first, last)) former |= named;
		else current |= named;
	}
	former &= ~current;
	if (!former || !current) return;
	for (int q = r->napps - 1; q >= 0; q--)
		if (former >> r->apps[q] & 1) set_aside(r, q);
}

/* "The scanner drops consent forms into Dropbox. Can those be copied over to the SharePoint library?": of two apps of
 * one kind, neither named as the source, one named as the firm target, the other, named only in a sentence before
 * (where things arrive, or are), is where the ask's copy reads from. */
void rs_context_source(const struct catalog *c, struct plan_resolution *r)
{
	if (r->napps != 2 || c->apps[r->apps[0]].kind != c->apps[r->apps[1]].kind) return;
	if (r->app_role[0] == PR_SOURCE || r->app_role[1] == PR_SOURCE) return;
	int last[2] = { -1, -1 };
	for (int m = 0; m < r->nmentions; m++)
		for (int q = 0; q < 2; q++)
			if (r->mentions[m].app == r->apps[q] && !r->mentions[m].aside && sentence_of(r, r->mentions[m].first) > last[q])
				last[q] = sentence_of(r, r->mentions[m].first);
	for (int q = 0; q < 2; q++) {
		if (last[q] < 0 || last[q] >= last[1 - q] || r->app_role[1 - q] != PR_TARGET || !r->app_strong[1 - q]) continue;
		r->app_role[q] = PR_SOURCE;
		for (int m = 0; m < r->nmentions; m++) if (r->mentions[m].app == r->apps[q]) r->mentions[m].role = PR_SOURCE;
		return;
	}
}
