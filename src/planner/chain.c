/* Requests no one task answers: a trigger in one app and an action in another (rs_trigger_chain,
 * rs_self_trigger), an action in a product outside the catalog (rs_product_chain), a chain that is a task's
 * own plan (rs_name_chain), and a further writing verb after the first (rs_second_action); with what a copy
 * writes (rs_copy_write) and the apps in reach (rs_apps_in_reach). */

#include "planner/resolve_int.h"

struct phrased { int a, cap; bool as_written; };

static bool phrased_cap(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *v)
{
	struct phrased *x = v;
	const char *ph = cat_s(c, sy->phrase);
	int n = c->caps[sy->target].write && app_can(c, x->a, sy->target) ? rs_phrase_at(c, r, i, ph, PH_LOOSE) : 0;
	if (!n) return false;
	const char *last = strrchr(ph, ' ');
	bool as_written = strcmp(last ? last + 1 : ph, r->words[i + n - 1]) == 0;
	if (x->cap < 0 || (as_written && !x->as_written)) { x->cap = (int)sy->target; x->as_written = as_written; }
	return as_written;
}

/* The writing capability of app a a capability's phrase names in the clause of verb in, a phrase whose last word
 * stands as written first ("in die Zeile" is "in Zeile", and "in Zeilen" only by its inflection), or -1. */
static int phrased_write(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, int a)
{
	struct phrased x = { .a = a, .cap = -1, .as_written = false };
	for (int i = in->first, last = rs_clause_last(r, in->first); i <= last && !x.as_written; i++)
		each_phrase(c, r, i, 1u << SYN_CAP, phrased_cap, &x);
	return x.cap;
}

/* ---- a trigger in one app, an action in another ---- */

/* The writing capability app a is asked for before word `before`: a capability phrase first, then a verb, in
 * order of mention;
 * among a verb's capabilities one that writes into what the user has comes first (an event elsewhere
 * becomes a row appended to the sheet, not a new spreadsheet). -1 when nothing asks it to write. */
static int asked_write(const struct catalog *c, const struct plan_resolution *r, int a, int before)
{
	for (int k = 0; k < r->ncaps; k++)
		if (r->cap_first[k] < before && c->caps[r->caps[k]].write && app_can(c, a, (uint32_t)r->caps[k])) return r->caps[k];
	int fresh = -1;
	for (int k = 0; k < r->nintents; k++) {
		if (r->intents[k].negated || r->intents[k].first >= before) continue;
		uint64_t caps = c->intents[r->intents[k].intent].caps;
		for (uint32_t cap = 0; cap < c->ncaps; cap++) {
			if (!((caps >> cap) & 1) || !c->caps[cap].write || !app_can(c, a, cap)) continue;
			if (c->caps[cap].existing) return (int)cap;
			if (fresh < 0) fresh = (int)cap;
		}
	}
	return fresh;
}

/* What a copy writes into app a when no verb says: its first capability that writes something new (a
 * drive's file; a mail app's message sent, which its file lists before the draft), else its first that writes at
 * all (a calendar's event, created in a calendar that exists). */
int rs_copy_write(const struct catalog *c, int a)
{
	const struct cat_app *app = &c->apps[a];
	int any = -1;
	for (uint32_t i = app->op_first; i < app->op_first + app->op_count; i++) {
		const struct cat_cap *cap = &c->caps[c->ops[i].cap];
		if (cap->write && !cap->existing) return (int)c->ops[i].cap;
		if (cap->write && any < 0) any = (int)c->ops[i].cap;
	}
	return any;
}

/* Whether app a's operation for cap needs an identifier another of its capabilities finds. */
static bool needs_finding(const struct catalog *c, int a, uint32_t cap)
{
	return rs_finder_of(c, a, cap) >= 0;
}

/* What an event in source app a is read with (roles.trigger_means: reading each new item; the step that
 * finds the items is added before it), or a capability phrase of a that reads (attachments). */
static int trigger_read(const struct catalog *c, const struct plan_resolution *r, int a)
{
	for (int k = 0; k < r->ncaps; k++)
		if (!c->caps[r->caps[k]].write && app_can(c, a, (uint32_t)r->caps[k])) return r->caps[k];
	if (c->meta->trigger_intent >= c->nintents) return -1;
	uint64_t caps = c->intents[c->meta->trigger_intent].caps;
	/* each new item is read by its identifier (the step that finds it comes first), else found */
	int found = -1;
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++) {
		if (!((caps >> cap) & 1) || !app_can(c, a, cap)) continue;
		if (needs_finding(c, a, cap)) return (int)cap;
		if (found < 0) found = (int)cap;
	}
	if (found >= 0) return found;
	/* an app that documents no single read finds its items (a calendar lists its events) */
	const struct cat_app *app = &c->apps[a];
	for (uint32_t i = app->op_first; i < app->op_first + app->op_count; i++)
		if (!c->caps[c->ops[i].cap].write && c->caps[c->ops[i].cap].existing) return (int)c->ops[i].cap;
	return -1;
}

/* "Create a Google Calendar event when a new row is added in Google Sheets": two apps of different kinds,
 * an event in one (the source: after "from" or a trigger word, or the one nothing asks to write) and an
 * action in the other. When the task found does not use both, the plan is the chain: the source read,
 * then the action; a trigger is never dropped. Returns whether it made the chain. */
/* One end of a trigger and its action: an app named, or the app a family named has of a kind a generic
 * word names ("a new event in Outlook": the family's calendar). */
struct chain_end {
	int app, first;           /* the app; the mention's first word */
	enum plan_role role;
	bool strong;
	bool unbound;             /* a kind no app is named for: app is the first of that kind, for its capabilities */
	bool joined;              /* a target by "and" after the other (plan_mention.joined) */
};

/* Whether the mention at word first names a family (not one of its apps). */
static bool one_family_named(const struct plan_resolution *r, int first)
{
	for (int q = 0; q < r->nmentions; q++) if (r->mentions[q].first == first) return r->mentions[q].family >= 0;
	return false;
}

/* Whether the verb at word j writes only in apps of kind own. */
static bool writes_only_in(const struct catalog *c, const struct plan_resolution *r, int j, uint32_t own)
{
	int k = intent_over(r, j);
	if (k < 0 || r->intents[k].negated) return false;
	return caps_kinds(c, c->intents[r->intents[k].intent].caps & c->write_caps) == 1u << own;
}

/* Whether only small words, no word for things, app or article-led noun, stand between word j and the verb before
 * it, and one at least: the verb's object is a pronoun ("put it in ...", "save them into ..."). */
static bool small_object_before(const struct plan_resolution *r, int j)
{
	int k = j - 1;
	for (; k >= 0 && !r->intent_word[k]; k--)
		if (!r->stop[k] || r->word_kinds[k] || r->app_word[k]) return false;
	return k >= 0 && k < j - 1;
}

/* Whether word i is the object of a verb that writes only in apps of kind own: the verb before it, small words
 * app names and describing words between ("Email this week's agenda", "email me my Outlook meetings", "Log new
 * emails"), or, German, the verb after
 * it closing the clause, small words, app names and words for kinds between ("eine Übersicht meiner
 * Outlook-Termine per E-Mail schicken"). */
static bool object_sent(const struct catalog *c, const struct plan_resolution *r, int i, uint32_t own)
{
	for (int j = i - 1, n = 0; j >= 0 && n < 5; j--, n++) {
		if (r->intent_word[j]) {
			if (writes_only_in(c, r, j, own)) return true;
			break;
		}
		/* ("Log new emails in Google Sheets": a word describing them between) */
		if (!r->stop[j] && !r->app_word[j] && !r->describes[j]) break;
		/* (after a small word the verb takes as its object, what follows a target marker is where that goes: "put it
		 * in my Google Calendar") */
		if (rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET) && small_object_before(r, j)) break;
	}
	int last = rs_clause_last(r, i);
	for (int j = i + 1; j <= last && j < i + 8; j++) {
		if (r->intent_word[j]) return writes_only_in(c, r, j, own);
		if (!r->stop[j] && !r->app_word[j] && !r->word_kinds[j]) return false;
	}
	return false;
}

/* The one app of kind in the catalog, or -1 where it has none or several. */
static int only_app_of(const struct catalog *c, uint32_t kind)
{
	uint64_t apps = c->kind_apps[kind];
	return apps && !(apps & (apps - 1)) ? __builtin_ctzll(apps) : -1;
}

/* Whether word i is the object of a reading verb right before it (up to two small words between). */
static bool read_verbs_object(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = i - 1;
	while (j >= 0 && j >= i - 3 && r->stop[j] && !r->intent_word[j] && !r->after_comma[j + 1]) j--;
	int k = j >= 0 && r->intent_word[j] && !r->after_comma[j + 1] ? intent_over(r, j) : -1;
	return k >= 0 && !r->intents[k].negated && !writes(c, r->intents[k].intent);
}

/* Whether verb in is what someone is to get: a receive verb (roles.receive) right before it, an article between. */
static bool to_be_got(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	int j = in->first - 1;
	if (j > 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	return j >= 0 && j != in->first - 1 && has_role_word(c, r, j, ROLE_RECEIVE);
}

/* The first app of the one kind other than own that verb in writes only in, or -1. */
static int unnamed_written(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in, uint32_t own)
{
	for (uint32_t kind = 1; kind < AK_COUNT; kind++)
		if (kind != own && c->kind_apps[kind] && writes_only_in(c, r, in->first, kind)) return __builtin_ctzll(c->kind_apps[kind]);
	return -1;
}

/* "Outlook calendar events from a sheet": a generic word of another kind after "from" or "to" is the other
 * end, the app of that kind in the family of the one app named; in a trigger's clause ("log every incoming
 * email in Excel") it is an end of that kind no app is named for, and so is the action's kind before the
 * clause of a trigger in the app named. Returns 1 when it found one. */
static int kind_end(const struct catalog *c, const struct plan_resolution *r, const struct chain_end *one, struct chain_end *other)
{
	uint32_t own = c->apps[one->app].kind;
	int fam = family_of(c, one->app);
	for (int i = 0; i < r->nwords; i++) {
		unsigned kinds = r->word_kinds[i] & ~(1u << own);
		if (!kinds || r->app_word[i]) continue;
		uint32_t kind = (uint32_t)__builtin_ctz(kinds);
		/* "read issue #482 in acme/webapp and then email the reporter from my Gmail": things of a kind the catalog has
		 * one app of, a reading verb's object, are read from that app */
		int only = only_app_of(c, kind);
		if (only >= 0 && read_verbs_object(c, r, i)) {
			*other = (struct chain_end){ .app = only, .first = i, .role = PR_SOURCE, .strong = true };
			return 1;
		}
		enum cat_role role = rs_role_before(c, r, i);
		if ((role == ROLE_SOURCE || role == ROLE_TARGET) && fam >= 0 && c->families[fam].apps[kind] != CAT_NONE) {
			*other = (struct chain_end){ .app = (int)c->families[fam].apps[kind], .first = i,
				.role = role == ROLE_SOURCE ? PR_SOURCE : PR_TARGET, .strong = true };
			return 1;
		}
		/* "Email this week's agenda via Gmail", "email me my Outlook meetings": things of another kind as the object of
		 * a verb writing only in the named app's kind are what is sent, read first: from the family's app of their
		 * kind named right before them, else from an app of their kind no word names */
		if (!r->intent_word[i] && object_sent(c, r, i, own)) { /* ("file an issue": the verb's own word is none) */
			bool named = i > 0 && r->app_word[i - 1] && fam >= 0 && c->families[fam].apps[kind] != CAT_NONE;
			for (uint32_t a = 0; a < c->napps; a++)
				if (named ? a == c->families[fam].apps[kind] : c->apps[a].kind == kind) {
					*other = (struct chain_end){ .app = (int)a, .first = i, .role = PR_SOURCE, .strong = true,
						.unbound = !named };
					return 1;
				}
		}
		/* outside the clause of a trigger in the app named, the action's kind, before it ("E-Mail senden, wenn
		 * eine Datei in OneDrive erstellt wird") or after it ("Neue Zeilen in Google Sheets per E-Mail melden") */
		bool source = triggered(c, r, i, i < one->first ? 0 : one->first + 1);
		if (!source && !triggered(c, r, one->first, i < one->first ? i + 1 : 0)) continue;
		/* (not an action's kind where a product is named: "a message posted to a Slack channel" is Slack's) */
		if (!source && r->nproducts) continue;
		for (uint32_t a = 0; a < c->napps; a++)
			if (c->apps[a].kind == kind) {
				*other = (struct chain_end){ .app = (int)a, .first = i, .role = source ? PR_SOURCE : PR_TARGET,
					.strong = !source, .unbound = true };
				return 1;
			}
	}
	/* "Notify me when a file is uploaded to Dropbox": before the clause of a trigger in the app named, a verb that
	 * writes only in another kind is the action: an app of that kind no word names (not where a product outside
	 * the catalog is named: "Send a Slack message when ..." sends in Slack); so is, anywhere, what someone is to get
	 * ("Could each of them get a reminder email?": a receive verb before it, an article between) */
	bool before_trigger = !r->nproducts && triggered(c, r, one->first, 0);
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		if (in->negated || !((before_trigger && !triggered(c, r, in->first, 0)) || to_be_got(c, r, in))) continue;
		int a = unnamed_written(c, r, in, own);
		if (a >= 0) {
			*other = (struct chain_end){ .app = a, .first = in->first, .role = PR_TARGET, .strong = true, .unbound = true };
			return 1;
		}
	}
	/* "email me my Outlook meetings": the end named is itself the object of a verb writing only in another kind,
	 * the target: the family's app of that kind where a family named the end, else one no word names */
	for (uint32_t kind = 1; kind < AK_COUNT; kind++) {
		if (kind == own || !object_sent(c, r, one->first, kind)) continue;
		bool family = fam >= 0 && c->families[fam].apps[kind] != CAT_NONE && one_family_named(r, one->first);
		for (uint32_t a = 0; a < c->napps; a++)
			if (family ? a == c->families[fam].apps[kind] : c->apps[a].kind == kind) {
				*other = (struct chain_end){ .app = (int)a, .first = one->first - 1, .role = PR_TARGET, .strong = true,
					.unbound = !family };
				return 1;
			}
	}
	return 0;
}

/* "when a customer writes to me in Outlook about an appointment, ...": the one kind a verb reading only that kind
 * (someone writes, sends, a mail arrives) reads in the clause before word at, where no word there says a kind; or 0. */
static unsigned reads_before(const struct catalog *c, const struct plan_resolution *r, int at)
{
	/* (the verbs first; the clause is walked back to the earliest one only: joins() compares words) */
	int earliest = at;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps;
		if (!in->negated && in->first < earliest && !(caps & c->write_caps) && bits(caps_kinds(c, caps)) == 1) earliest = in->first;
	}
	if (earliest == at) return 0;
	int from = at;
	bool either;
	while (from > earliest && !r->after_comma[from] && !r->sentence_start[from] && !joins(r, from, &either)) from--;
	unsigned kinds = 0;
	for (int i = from; i < at; i++) if (r->word_kinds[i]) return 0;
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps;
		if (!in->negated && in->first >= from && in->first < at && !(caps & c->write_caps) && bits(caps_kinds(c, caps)) == 1)
			kinds |= caps_kinds(c, caps);
	}
	return bits(kinds) == 1 ? kinds : 0;
}

static int chain_ends(const struct catalog *c, const struct plan_resolution *r, struct chain_end e[2])
{
	int n = 0;
	/* the kinds capability phrases name (attachments: mail), and those a verb writing in one kind only writes in
	 * ("send": mail; "create" names four) */
	unsigned said = 0, writes = 0;
	for (int k = 0; k < r->ncaps; k++) said |= caps_kinds(c, 1ull << r->caps[k]);
	for (int k = 0; k < r->nintents; k++) {
		uint64_t w = c->intents[r->intents[k].intent].caps & c->write_caps;
		unsigned kinds = w ? caps_kinds(c, w) : 0;
		if (!r->intents[k].negated && bits(kinds) == 1) writes |= kinds;
	}
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		/* where a further action writes is no end of the chain (rs_second_action plans it after) */
		if (m->aside || (m->app >= 0 && (r->later_apps >> m->app & 1))) continue;
		struct chain_end x = { .app = m->app, .first = m->first, .role = m->role, .strong = m->strong, .joined = m->joined };
		/* a word for a kind right after a family's name says which of its apps ("Track Office 365 emails in an
		 * Excel Online spreadsheet": its mail, not the Excel named too) */
		int next = m->first + m->nwords;
		if (x.app < 0 && m->family >= 0 && next < r->nwords && r->said_kind[next] < AK_COUNT &&
		    c->families[m->family].apps[r->said_kind[next]] != CAT_NONE)
			x.app = (int)c->families[m->family].apps[r->said_kind[next]];
		for (int q = 0; q < r->napps; q++) {
			/* the app a family named in a transfer stands for (family_in_transfer) */
			bool of_family = m->family >= 0 && in_family(c, (uint32_t)m->family, r->apps[q]);
			if (of_family && x.app < 0) x.app = r->apps[q];
			if (r->apps[q] == x.app) { x.role = r->app_role[q]; x.strong = r->app_strong[q]; }
		}
		/* else the family's app of a kind a word says, else a capability phrase, else a verb writes in ("Anhänge
		 * aus Outlook": its mail; "... via Outlook" after "send": its mail) */
		const unsigned by[4] = { x.app < 0 && m->family >= 0 ? reads_before(c, r, m->first) : 0, r->kinds, said, writes };
		for (int pass = 0; pass < 4; pass++)
			for (uint32_t kind = 1; x.app < 0 && m->family >= 0 && kind < AK_COUNT; kind++) {
				uint32_t a = c->families[m->family].apps[kind];
				if (a != CAT_NONE && (by[pass] >> kind & 1) && !kind_named_explicitly(c, r, kind)) x.app = (int)a;
			}
		/* one app named twice ("GitHub ... in a GitHub repository") is one end; where a sentence of context named it
		 * first, the ask's mention says its role ("... sent to our Gmail inbox. ... Is it possible to have every
		 * attachment that lands in Gmail saved into Drive?": the inbox the context sends to is the ask's source) */
		if (x.app < 0) continue;
		int twice = n && e[0].app == x.app ? 0 : n == 2 && e[1].app == x.app ? 1 : -1;
		if (twice >= 0 && r->context[e[twice].first] && !r->context[m->first] && m->role != PR_NONE)
			e[twice] = (struct chain_end){ .app = x.app, .first = m->first, .role = m->role, .strong = m->strong, .joined = m->joined };
		if (twice >= 0) continue;
		if (n == 2) return 3;
		e[n++] = x;
	}
	if (n == 1 && kind_end(c, r, &e[0], &e[1])) {
		n = 2;
		if (e[1].first < e[0].first) { struct chain_end t = e[0]; e[0] = e[1]; e[1] = t; }
	}
	return n;
}

/* Whether the words right before an end (small words skipped) are a verb that writes into its app. */
/* The writing verb whose object end e is (small words and a verb's second word skipped: "create a new
 * Excel workbook"), or -1. */
static int object_of(const struct catalog *c, const struct plan_resolution *r, const struct chain_end *e)
{
	int j = e->first - 1;
	while (j >= 0 && !r->intent_word[j] && (r->stop[j] || verb_of(c, r, j) >= 0) && !r->trigger[j]) j--;
	int k = j >= 0 && r->intent_word[j] ? intent_over(r, j) : -1;
	return k < 0 || r->intents[k].negated || triggered(c, r, e->first, 0) || !writing_intent(c, &r->intents[k]) ? -1 : k;
}

/* Whether an intent makes something new of an app kind (a spreadsheet, a file, a message). */
static bool makes_kind(const struct catalog *c, int intent, uint32_t kind)
{
	uint64_t caps = c->intents[intent].caps;
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++)
		if ((caps >> cap & 1) && c->caps[cap].write && !c->caps[cap].existing && (caps_kinds(c, 1ull << cap) >> kind & 1))
			return true;
	return false;
}

static bool written_object(const struct catalog *c, const struct plan_resolution *r, const struct chain_end *e)
{
	int k = object_of(c, r, e);
	return k >= 0 && writes_in(c, r->intents[k].intent, e->app);
}

/* The answer becomes the capability chain read, then write (no task, no tie). Returns true. */
static bool read_then_write(struct plan_resolution *r, int read, int write)
{
	r->caps[0] = read;
	r->caps[1] = write;
	r->ncaps = 2;
	r->by = BY_QUERY_CAPABILITIES;
	r->task = -1;
	r->ncandidates = 0;
	return true;
}

/* "add my Google Calendar events to a Google Sheet": the verb's object goes into the target its marker names
 * right after it (no other verb between), so it is read, not written. */
static bool moved_into(const struct plan_resolution *r, const struct chain_end *object, const struct chain_end *target)
{
	if (target->role != PR_TARGET || !target->strong || target->first < object->first) return false;
	for (int i = object->first; i < target->first; i++) if (r->intent_word[i]) return false;
	return true;
}

/* Whether "as"/"als" (roles.as_what) stands right before a word for kind ("Save new Excel rows as events in Google
 * Calendar": what the rows are made as, in the calendar). */
static bool made_as(const struct catalog *c, const struct plan_resolution *r, uint32_t kind)
{
	for (int i = 0; i + 1 < r->nwords; i++)
		if (r->said_kind[i + 1] == kind && has_role_word(c, r, i, ROLE_AS)) return true;
	return false;
}

/* "Wenn neues GitHub-Issue, dann Termin in Outlook": a clause opened by then/dann (roles.openers) after a comma,
 * no verb in it, holding word i, says where the trigger's items go, as an arrow does. */
static bool then_clause(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int last = rs_clause_last(r, i);
	for (int j = i; j <= last; j++) if (r->intent_word[j]) return false;
	for (int j = i - 1; j >= 0; j--) {
		if (r->intent_word[j]) return false;
		if (r->after_comma[j]) return has_role_word(c, r, j, ROLE_OPENER) && !has_role_word(c, r, j, ROLE_TRIGGER);
	}
	return false;
}

/* Whether cap finds an input of a capability of task t in an app named ("read the emails" finds the attachment ids
 * the download needs). */
static bool finder_of_task(const struct catalog *c, const struct plan_resolution *r, int t, int cap)
{
	for (int q = 0; q < r->napps; q++)
		for (uint64_t caps = c->ptasks[t].caps; caps; caps &= caps - 1) {
			const struct cat_op *op = cat_app_op(c, (uint32_t)r->apps[q], (uint32_t)__builtin_ctzll(caps));
			const struct cat_opx *x = op ? &c->opx[op - c->ops] : NULL;
			for (uint32_t k = 0; x && k < x->input_count; k++)
				if (c->inputs[x->input_first + k].found_by == (uint32_t)cap) return true;
		}
	return false;
}

/* "GitHub release -> Google Sheets row": a capability of reading the words name that task t lacks, where t reads
 * in that capability's kind: t reads other things than those named (issues, not releases); not the finding step of
 * one of its own ("go through the invoice emails in my Outlook inbox" reads what the invoice task reads). */
static bool reads_other_things(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	for (int k = 0; k < r->ncaps; k++) {
		int cap = r->caps[k];
		if (!c->caps[cap].write && !(p->caps >> cap & 1) && (p->kinds & caps_kinds(c, 1ull << cap)) && !finder_of_task(c, r, t, cap) &&
		    !(t == r->task && rs_files_in_mail(c, r, k)))
			return true;
	}
	return false;
}

/* Whether the first word for things of kind or other in a trigger's clause, before any app and any verb of the
 * clause, is of kind. */
static bool things_before_app(const struct catalog *c, const struct plan_resolution *r, uint32_t kind, uint32_t other)
{
	for (int i = 0; i < r->nwords; i++) {
		if (!r->trigger[i] || verb_of(c, r, i) >= 0) continue;
		for (int j = i + 1, last = rs_clause_last(r, i); j <= last && !r->app_word[j]; j++) {
			/* (a trigger's own words are none: "for each new row") */
			if (r->intent_word[j] && !r->stop[j] && !has_role_word(c, r, j, ROLE_TRIGGER)) break;
			if (r->word_kinds[j] >> other & 1) break;
			if (r->word_kinds[j] >> kind & 1) return true;
		}
	}
	return false;
}

/* Whether a trigger's clause that names no app names things of kind by a word before its first verb ("whenever a new
 * row is added"; not "when stock changes I want to update the row"). */
static bool kind_in_bare_trigger(const struct catalog *c, const struct plan_resolution *r, uint32_t kind)
{
	for (int i = 0; i < r->nwords; i++) {
		if (!r->trigger[i] || verb_of(c, r, i) >= 0) continue;
		bool app = false, said = false;
		for (int j = i, last = rs_clause_last(r, i), verb = 0; j <= last; j++) {
			app |= r->app_word[j];
			verb |= j > i && r->intent_word[j] && !r->stop[j] && !has_role_word(c, r, j, ROLE_TRIGGER);
			said |= !verb && (r->word_kinds[j] >> kind & 1);
		}
		if (said && !app) return true;
	}
	return false;
}

/* Whether chain end e is named in a sentence of context (r->context), and its app nowhere else (an end no word
 * named, first -1, is none). */
static bool only_in_context(const struct plan_resolution *r, const struct chain_end *e)
{
	if (e->first < 0 || !r->context[e->first]) return false;
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].app == e->app && !r->context[r->mentions[m].first]) return false;
	return true;
}

/* Whether end e is the object of a verb that only reads, no copy: inside its phrase ("take all my Outlook calendar
 * events from"), or right after it, articles between ("read the Excel file"). */
static bool read_object(const struct catalog *c, const struct plan_resolution *r, const struct chain_end *e)
{
	for (int q = 0; q < r->nmentions; q++) {
		int at = r->mentions[q].first;  /* (any mention of its app: context may have named it first) */
		if (r->mentions[q].app != e->app) continue;
		for (int k = 0; k < r->nintents; k++) {
			const struct plan_intent *in = &r->intents[k];
			/* (a copy moves things: "Excel rows become GitHub issues" reads no GitHub) */
			if (in->negated || writing_intent(c, in) || in->first > at || in->intent == (int)c->meta->copy_intent) continue;
			int j = in->first + in->nwords;
			if (at < j) return true;
			while (j < at && has_role_word(c, r, j, ROLE_DETERMINER) && !r->after_comma[j]) j++;
			if (j == at) return true;
		}
	}
	return false;
}

/* The end an arrow has right before it in its sentence, the other end right after it in that sentence (0 or 1), or
 * -1. */
static int arrow_side_of(const struct plan_resolution *r, const struct chain_end *e)
{
	for (int k = 0; k < r->nwords; k++) {
		if (!r->arrow[k] || r->sentence_start[k]) continue;
		int before = -1, after = -1;
		for (int q = 0; q < r->nmentions; q++) {
			const struct plan_mention *m = &r->mentions[q];
			if (m->app < 0 || sentence_of(r, m->first) != sentence_of(r, k)) continue;
			if (m->first < k) before = m->app;
			else if (after < 0) after = m->app;
		}
		if (before == e[0].app && after == e[1].app) return 0;
		if (before == e[1].app && after == e[0].app) return 1;
	}
	return -1;
}

bool rs_trigger_chain(const struct catalog *c, struct plan_resolution *r)
{
	struct chain_end e[2];
	if (r->nactions || chain_ends(c, r, e) != 2) return false;
	/* two apps the context names, and no event in the ask: no chain between them ("Tenants email maintenance
	 * requests to our Outlook mailbox, and the handyman reads the open jobs from a Google Sheet every morning. Add a
	 * row to that sheet ...") */
	if (!r->triggers && only_in_context(r, &e[0]) && only_in_context(r, &e[1])) return false;
	/* two apps of one kind: a transfer from the source to the target, planned as a chain where no task
	 * copies between them ("Google Calendar to Outlook") */
	bool same = c->apps[e[0].app].kind == c->apps[e[1].app].kind;
	if (same && !transfer_named(c, r)) return false;
	bool found = r->task >= 0 && (r->by == BY_QUERY_TASK || r->by == BY_QUERY_AMBIGUOUS);
	if (found && same && two_or_more(c->ptasks[r->task].kind_apps[c->apps[e[0].app].kind])) return false;
	/* a task with steps of both kinds stays, unless the trigger is in the app it writes into: the reverse
	 * ("email me each new Google Calendar event" is no email-calendar) */
	bool both = found && !same && task_takes(c, r->task, e[0].app) && task_takes(c, r->task, e[1].app) &&
		!reads_other_things(c, r, r->task);
	int src = same ? (e[0].role == PR_SOURCE ? 0 : 1) : -1;
	/* an arrow between the ends says it first ("gmail attachments -> dropbox, every time one comes in") */
	for (int k = e[0].first + 1; src < 0 && !same && k < e[1].first; k++)
		if (r->arrow[k] && !r->sentence_start[k]) src = 0;
	/* (or between later names of the two in the arrow's sentence: "Die Urlaubsplanung liegt in einer Excel-Tabelle
	 * ... im Google Kalender ein. Geht das: neue Zeile in der Excel-Tabelle -> Termin im Google Kalender?") */
	if (src < 0 && !same) src = arrow_side_of(r, e);
	/* the app in the trigger's clause is the source, whatever marker it has there ("when a row is
	 * added to Google Sheets") */
	/* a word for one end's things in a trigger's clause before any app is named says where the event happens ("aus
	 * jeder Zeile automatisch einen Termin im Google Kalender erstellen": the rows of the Google Tabelle named before),
	 * unless a writing verb has that end as its object ("open a GitHub issue for every bug report that arrives") */
	for (int m = 0; src < 0 && !same && m < 2; m++)
		if (things_before_app(c, r, c->apps[e[m].app].kind, c->apps[e[1 - m].app].kind) && !written_object(c, r, &e[m])) src = m;
	for (int m = 0; src < 0 && m < 2; m++) {
		int from = m ? e[0].first + 1 : 0;
		if (triggered(c, r, e[m].first, from)) src = m;
	}
	/* or the app of the kind a trigger's clause naming no app says by a word ("We keep our shift plan in Google
	 * Sheets. Whenever a new row is added, ...") */
	for (int m = 0; src < 0 && !same && m < 2; m++)
		if (kind_in_bare_trigger(c, r, c->apps[e[m].app].kind) && !kind_in_bare_trigger(c, r, c->apps[e[1 - m].app].kind)) src = m;
	/* nor where the app it reads is where the request sends ("Google Calendar event reminder via Outlook email"
	 * is no email-calendar): a target marker on the end the task reads makes the other end the source */
	for (int m = 0; both && src < 0 && m < 2; m++)
		if (e[m].role == PR_TARGET && task_reads_kind(&c->ptasks[r->task], c->apps[e[m].app].kind) && e[1 - m].role != PR_TARGET)
			src = 1 - m;
	/* ... and what its verb asks of the target is the task's ("When a GitHub issue is closed, update the row in
	 * Google Sheets" updates rows, the export task appends them: a chain) */
	if (both && (src < 0 || !writes_into(c, &c->ptasks[r->task], (uint32_t)e[src].app))) {
		int asked = src >= 0 ? asked_write(c, r, e[1 - src].app, r->nwords) : -1;
		if (asked < 0 || (c->ptasks[r->task].caps >> asked & 1)) return false;
	}
	bool marked = src < 0;
	for (int m = 0; m < 2 && src < 0; m++)
		if (e[m].role == PR_SOURCE && e[m].strong) src = m;
		else if (e[m].role == PR_TARGET && e[m].strong && !e[1 - m].joined) src = 1 - m;
	/* "send emails from Gmail using a Google Sheets list": an app a source marker names is the sender where the
	 * writing asked is its own alone, the other end can be read and is marked no firm target ("Termine aus Excel in den
	 * Outlook-Kalender importieren" reads Excel) */
	if (marked && src >= 0 && !same && e[src].role == PR_SOURCE && !(e[1 - src].role == PR_TARGET && e[1 - src].strong) &&
	    asked_write(c, r, e[src].app, r->nwords) >= 0 && asked_write(c, r, e[1 - src].app, r->nwords) < 0 &&
	    trigger_read(c, r, e[1 - src].app) >= 0)
		src = 1 - src;
	/* the other end of a target is no source when a writing verb has it as its object ("save attachments to
	 * Google Drive, and update Google Sheets"): two actions */
	if (src >= 0 && !same && !(e[src].role == PR_SOURCE && e[src].strong) && written_object(c, r, &e[src]) &&
	    !moved_into(r, &e[src], &e[1 - src]))
		return false;
	/* nothing says which end is read: the one no verb asks to write; both asked to write is two actions
	 * ("save attachments to Google Drive, and update Google Sheets"), no trigger */
	/* two places something goes ("to Google Drive and Google Sheets"): neither is read */
	if (src < 0 && (e[0].joined || e[1].joined)) return false;
	/* the end a reading verb has as its object is read ("take all my Outlook calendar events from last week and add
	 * them as rows to the timesheet") */
	for (int m = 0; src < 0 && !same && m < 2; m++)
		if (read_object(c, r, &e[m]) && !read_object(c, r, &e[1 - m])) src = m;
	if (src < 0) {
		/* (an end only a sentence of context names is where things are, written by no verb of the ask: "... pflegt die
		 * Dispo die Abholtermine in einem Google Sheet. Diese Termine sollen ... im Outlook-Kalender eingetragen werden") */
		bool w0 = !only_in_context(r, &e[0]) && asked_write(c, r, e[0].app, r->nwords) >= 0,
			w1 = !only_in_context(r, &e[1]) && asked_write(c, r, e[1].app, r->nwords) >= 0;
		if (w0 && w1 && !same) return false;
		src = w0 && !w1 ? 1 : 0;
		/* what a writing verb makes is no source read ("create a new Excel workbook on OneDrive"; "log my
		 * Google Calendar events" logs what it reads) */
		int k = object_of(c, r, &e[src]);
		if (k >= 0 && makes_kind(c, r->intents[k].intent, c->apps[e[src].app].kind)) return false;
	}
	/* in a transfer between apps of one kind, what the target writes is said before it is named ("sync
	 * Outlook events to Google Calendar and update event details" creates the events, the update follows) */
	int read = trigger_read(c, r, e[src].app), write = asked_write(c, r, e[1 - src].app, same ? e[1 - src].first : r->nwords);
	if (write < 0 && same) write = rs_copy_write(c, e[1 - src].app);
	/* "GitHub Issues -> Google Calendar", "Google Sheets to Outlook Calendar sync": an arrow or a verb of copying
	 * into an app of another kind writes what it keeps records of, else what a copy writes there; so does a
	 * target the verb cannot write ("save new Gmail emails to a Google Sheets spreadsheet" keeps a record of
	 * each, roles.record_means; "import Excel rows into Google Calendar" creates events) */
	/* ("put my Outlook appointments in a Google Sheet": a weak marker will do where the source is the verb's object) */
	bool into = (e[1 - src].role == PR_TARGET && (e[1 - src].strong || object_of(c, r, &e[src]) >= 0 ||
		made_as(c, r, c->apps[e[1 - src].app].kind) || then_clause(c, r, e[1 - src].first))) ||
		/* "Create Excel table rows for new Gmail messages": the app a writing verb makes things in, its object */
		(e[src].role == PR_SOURCE && e[src].strong && object_of(c, r, &e[1 - src]) >= 0);
	if (write < 0 && (copy_asked(c, r) || into))
		write = moved_in_write(c, e[1 - src].app);
	/* "For each email in gmail put the sender and date in google sheet": a verb that stores files, into a target that
	 * keeps none, writes there what roles.store_means does (a row) */
	for (int k = 0; write < 0 && e[1 - src].role == PR_TARGET && k < r->nintents; k++)
		if (!r->intents[k].negated && stores_files(c, c->intents[r->intents[k].intent].caps))
			write = store_cap(c, e[1 - src].app);
	/* "Push new GitHub issues to Google Sheets": new things of the source, moved into an app that keeps records,
	 * are records it has not got yet: one each, not an update ("when an issue is closed, update its row" updates) */
	int fresh = e[src].first - 1;
	if (write >= 0 && c->caps[write].existing && into && record_cap(c, e[1 - src].app) >= 0 && fresh >= 0 &&
	    r->trigger[fresh] && verb_of(c, r, fresh) >= 0)
		write = record_cap(c, e[1 - src].app);
	if (read < 0 || write < 0) return false;
	/* an end a generic word named (kind_end) is an app the plan binds */
	for (int m = 0; m < 2; m++) {
		int dup = 0;
		for (int q = 0; q < r->napps; q++) dup |= r->apps[q] == e[m].app;
		if (dup || e[m].unbound || r->napps == PLAN_MAX_APPS) continue;
		r->app_role[r->napps] = m == src ? PR_SOURCE : PR_TARGET;
		r->app_strong[r->napps] = e[m].strong;
		r->apps[r->napps++] = e[m].app;
	}
	return read_then_write(r, read, write);
}

/* "but don't reply to them": a negation right before the reply, in its clause, declines it (one declined verb and
 * "or" between: "don't forward or reply to anything"). */
static bool reply_declined(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int j = i - 1; j >= 0 && j >= i - 4 && !r->after_comma[j + 1]; j--)
		if (has_role_word(c, r, j, ROLE_NEGATION)) return true;
	return false;
}

/* Whether the reply at word i is what others do: a person (synonyms.json persons) or a word that is no small word,
 * verb, app or adverb right before it, its subject ("candidates reply to my Outlook emails confirming interview
 * times"). */
static bool replied_by_others(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (i == 0 || r->after_comma[i] || r->sentence_start[i] || r->app_word[i - 1] || r->quoted[i - 1]) return false;
	if (exact_word(c, r, i - 1, SYN_STOP, STOP_PERSON) >= 0) return true;
	return !r->stop[i - 1] && !r->intent_word[i - 1] && !r->action_word[i - 1] && !ends_in(r, i - 1, "ly");
}

/* Whether a reply's phrase starts at word i, as written, or with an app's name and small words inside it ending
 * in a target marker ("reply in Outlook to the mail from Tom"; not "reply on my Outlook mail that ..."). */
static bool reply_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (rs_role_words(c, r, i, 1ull << ROLE_REPLY)) return true;
	int n = role_phrase_words(c, r, i, ROLE_REPLY, PH_LOOSE);
	return n > 1 && rs_role_words(c, r, i + n - 1, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET);
}

/* "Kannst du in Outlook auf die Mail von Tom antworten?": a reply's two-word phrase (roles.replies: "antworten auf")
 * turned round by a German clause, its first word closing the clause and its second earlier in it. */
static bool reply_closes_clause(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool either;
	int from = i;
	/* (an infinitive, as German closes a clause with: "Do not reply" after "an email to" turns nothing round) */
	if (rs_clause_last(r, i) != i || r->quoted[i] || !ends_in(r, i, "en")) return false;
	while (from > 0 && !r->after_comma[from] && !r->sentence_start[from] && !joins(r, from, &either)) from--;
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->roles >> ROLE_REPLY & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			const char *ph = cat_s(c, sy->phrase), *second = strchr(ph, ' ');
			if (sy->kind != SYN_ROLE || sy->target != ROLE_REPLY || sy->words != 2 || r->wm[i][m].level != LV_EXACT ||
			    (size_t)(second - ph) != r->wordlen[i] || memcmp(ph, r->words[i], r->wordlen[i]) != 0)
				continue;
			for (int j = from; j < i; j++)
				if (rs_word_level(r->words[j], r->wordlen[j], second + 1, strlen(second + 1), false) == LV_EXACT) return true;
		}
	}
	return false;
}

/* "Reply automatically to every Gmail email from a new customer", "Antworte automatisch auf neue Gmail-Nachrichten":
 * a reply (roles.replies; not a noun after an article, "draft a reply to") answers messages that are read first,
 * in the one mail app named (else one no word names), then the send. Not where a draft is asked (the draft
 * answers) or where something outside the catalog is named. */
bool rs_reply_chain(const struct catalog *c, struct plan_resolution *r)
{
	if (!r->reply_from || r->nproducts || r->nactions) return false;
	int at = -1;
	for (int i = r->reply_from - 1; i < r->nwords && at < 0; i++) {
		/* (before a reply closing a German clause stands its object, no subject) */
		bool closing = reply_closes_clause(c, r, i);
		if ((closing || reply_at(c, r, i)) && !after_determiner(c, r, i) && !reply_declined(c, r, i) &&
		    (closing || !replied_by_others(c, r, i)))
			at = i;
	}
	if (at < 0) return false;
	/* (an app of another kind read before it is what the reply tells: "check when I'm free in my Outlook calendar,
	 * then reply to the recruiter via Gmail") */
	for (int m = 0; m < r->nmentions; m++)
		if (r->mentions[m].first < at && r->mentions[m].app >= 0 && c->apps[r->mentions[m].app].kind != AK_MAIL) return false;
	int mail = -1;
	for (int q = 0; q < r->napps; q++)
		if (c->apps[r->apps[q]].kind == AK_MAIL) {
			if (mail >= 0) return false; /* two mail apps: a transfer, not a reply */
			mail = r->apps[q];
		}
	for (uint32_t a = 0; mail < 0 && a < c->napps; a++) if (c->apps[a].kind == AK_MAIL) mail = (int)a;
	/* what a copy writes into a mail app is a message sent (rs_copy_write) */
	int read = mail >= 0 ? trigger_read(c, r, mail) : -1, send = mail >= 0 ? rs_copy_write(c, mail) : -1;
	if (read < 0 || send < 0) return false;
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && (c->intents[r->intents[k].intent].caps >> send & 1) == 0 && writing_intent(c, &r->intents[k]) &&
		    caps_kinds(c, c->intents[r->intents[k].intent].caps) == 1u << AK_MAIL)
			return false; /* "draft a reply": the draft answers */
	return read_then_write(r, read, send);
}

/* "Bei Eingang einer E-Mail in Outlook eine Antwort senden": a trigger in the one app a writing task works
 * in, its clause naming that app's kind: each new item read, then what the task does. */
bool rs_self_trigger(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_TASK || r->task < 0 || !r->triggers || r->nproducts || r->nactions) return false;
	const struct cat_ptask *p = &c->ptasks[r->task];
	if (bits(p->apps) != 1) return false;
	int a = __builtin_ctzll(p->apps);
	for (int m = 0; m < r->napps; m++) if (r->apps[m] != a) return false;
	/* a clause a trigger word opens ("bei Eingang", "when"; not "a new event", which is created), to its comma
	 * ("when someone fills in our form, create an appointment in Outlook": the form is the event's place) */
	/* (before a verb of another subject than its person's: "When stock changes I want to update the quantity in the
	 * right row" watches no row; "When I add a doctor appointment" watches the calendar) */
	bool clause = false, opened = false;
	for (int i = 0; i < r->nwords && !clause && !(opened && r->after_comma[i]); i++) {
		if (opened && r->intent_word[i] && !r->trigger[i] && !(i > 0 && has_role_word(c, r, i - 1, ROLE_PRONOUN))) break;
		clause = opened && (r->word_kinds[i] >> c->apps[a].kind & 1);
		opened |= r->trigger[i] && verb_of(c, r, i) < 0;
	}
	int read = clause ? trigger_read(c, r, a) : -1, write = -1;
	for (uint32_t cap = 0; read >= 0 && cap < c->ncaps && cap < 64 && write < 0; cap++)
		if ((p->main_caps >> cap & 1) && c->caps[cap].write) write = (int)cap;
	if (write < 0 || (p->caps >> read & 1)) return false;
	return read_then_write(r, read, write);
}

/* "Email me about events in my Outlook calendar", "Email a Google Sheet to the team": tasks tied on one writing
 * capability, each in another app of a kind nobody names (mailA-send, mailB-send), beside the one app named, of
 * another kind: that app is read, then the capability is planned in the kind unbound (the caller names the app). */
bool rs_read_for_tie(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_AMBIGUOUS || r->ncandidates < 2 || r->napps != 1 || r->nproducts || r->nactions) return false;
	int a = r->apps[0];
	uint32_t own = c->apps[a].kind, kind = AK_COUNT;
	uint64_t main = c->ptasks[r->candidates[0]].main_caps;
	for (int k = 0; k < r->ncandidates; k++) {
		const struct cat_ptask *p = &c->ptasks[r->candidates[k]];
		if (p->main_caps != main || bits(p->apps) != 1 || (p->apps >> a & 1)) return false;
		uint32_t pk = c->apps[__builtin_ctzll(p->apps)].kind;
		if (pk == own || (kind != AK_COUNT && pk != kind)) return false;
		kind = pk;
	}
	if (bits(main) != 1 || !c->caps[__builtin_ctzll(main)].write) return false;
	int read = trigger_read(c, r, a);
	if (read < 0) return false;
	r->app_role[0] = PR_SOURCE;
	return read_then_write(r, read, __builtin_ctzll(main));
}

/* Whether a verb the request does not negate writes in one of apps[0..n). */
static bool writes_in_named(const struct catalog *c, const struct plan_resolution *r, const int *apps, int n)
{
	for (int k = 0; k < r->nintents; k++)
		for (int m = 0; !r->intents[k].negated && m < n; m++)
			if (writes_in(c, r->intents[k].intent, apps[m])) return true;
	return false;
}

/* "Send new Gmail emails to a Slack channel": the action happens in a product outside the catalog and no
 * reading task fits, or a trigger names what is read; what the catalog does is read the apps named, in order of mention (the product's
 * step follows). */
bool rs_product_chain(const struct catalog *c, struct plan_resolution *r)
{
	/* the apps named, or else a family's apps of the kinds generic words name ("a new email in Outlook") */
	int apps[PLAN_MAX_APPS], na = 0;
	for (int m = 0; m < r->napps; m++) apps[na++] = r->apps[m];
	for (int f = 0; !r->napps && f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT && na < PLAN_MAX_APPS; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE && (r->kinds >> kind & 1))
				apps[na++] = (int)c->families[r->families[f]].apps[kind];
	if (!r->product_acts || r->nactions || !na) return false;
	/* a trigger says what the catalog part is: each new item read, whatever task the words fit; so does a tie where
	 * no verb writes in an app named ("create a Zendesk ticket from each mail that comes into Outlook": finding or
	 * reading, the product reads; "email the link from Gmail" sends) */
	if (r->by != BY_NONE && !(r->by == BY_QUERY_AMBIGUOUS && !writes_in_named(c, r, apps, na)) && !r->triggers) return false;
	/* read with the capabilities the words named still in view ("new GitHub releases" reads releases) */
	int reads[2], nreads = 0;
	for (int m = 0; m < na && nreads < 2; m++) {
		int read = trigger_read(c, r, apps[m]);
		if (read >= 0) reads[nreads++] = read;
	}
	if (!nreads) return false;
	r->ncaps = nreads;
	for (int k = 0; k < nreads; k++) r->caps[k] = reads[k];
	r->by = BY_QUERY_CAPABILITIES;
	return true;
}

/* Whether task t's steps are caps[0..n) in order, steps between that find what the next one needs (the plan
 * puts those in anyway) aside. */
static bool steps_are(const struct catalog *c, int t, const int *caps, int n)
{
	const struct cat_task *tk = &c->tasks[t];
	int k = 0;
	for (uint32_t s = 0; s < tk->step_count; s++) {
		const struct cat_step *st = &c->steps[tk->step_first + s];
		if (k < n && st->cap == (uint32_t)caps[k]) { k++; continue; }
		const struct cat_step *next = s + 1 < tk->step_count ? st + 1 : NULL;
		if (!next || next->app == CAT_NONE || rs_finder_of(c, (int)next->app, next->cap) != (int)st->cap) return false;
	}
	return k == n;
}

/* The one task whose steps are caps[0..n), no more, in the apps named, or -1 (none, or more than one). */
static int task_of_steps_from(const struct catalog *c, const int *caps, int n, uint64_t named, int from)
{
	int found = -1;
	for (int t = 0; t < (int)c->ntasks && t < 64; t++) {
		if (c->tasks[t].step_count != (uint32_t)n || c->ptasks[t].apps != named || !steps_are(c, t, caps, n)) continue;
		/* (two that differ by direction: the one whose first step is in the app read, where that is known) */
		if (from >= 0 && c->steps[c->tasks[t].step_first].app != (uint32_t)from) continue;
		if (found >= 0) return -1;
		found = t;
	}
	return found;
}

static int task_of_steps(const struct catalog *c, const int *caps, int n, uint64_t named)
{
	return task_of_steps_from(c, caps, n, named, -1);
}

/* Whether every word of an intent's phrase is a verb's, no object read across a gap. */
static bool only_verb_words(const struct plan_resolution *r, const struct plan_intent *in)
{
	for (int i = in->first; i < in->first + in->nwords; i++) if (!r->intent_word[i]) return false;
	return true;
}

/* Whether a storing verb asks what the chain writes into an app named that keeps no files ("save GitHub issues to
 * Excel" appends rows, roles.store_means). */
static bool stored_by_chain(const struct catalog *c, const struct plan_resolution *r, int intent, uint64_t chain)
{
	if (!stores_files(c, c->intents[intent].caps)) return false;
	for (int m = 0; m < r->napps; m++) {
		int st = store_cap(c, r->apps[m]);
		if (st >= 0 && (chain >> st & 1)) return true;
	}
	return false;
}

/* The first task in catalog order whose steps are the chain's, or `listed` (listed[0] < 0: none), in apps of the
 * kinds named, one app per kind as named: the chain is that task bound to the apps named ("Save Dropbox files to
 * OneDrive" is driveA-to-driveB from Dropbox to OneDrive, as "Copy files from Dropbox to OneDrive" is), or -1. */
static int task_rebound(const struct catalog *c, const struct plan_resolution *r, const int *listed)
{
	unsigned per_kind[AK_COUNT] = { 0 };
	for (int m = 0; m < r->napps; m++) per_kind[c->apps[r->apps[m]].kind]++;
	/* a verb writing what the chain does not ("..., create draft email, and save files") asks a further action */
	uint64_t chain = 0;
	for (int k = 0; k < r->ncaps; k++) chain |= 1ull << r->caps[k];
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && writes(c, r->intents[k].intent) && !(c->intents[r->intents[k].intent].caps & chain) &&
		    !stored_by_chain(c, r, r->intents[k].intent, chain))
			return -1;
	for (int t = 0; t < (int)c->ntasks && t < 64; t++) {
		const struct cat_ptask *p = &c->ptasks[t];
		bool kinds = !c->tasks[t].generic && bits(p->apps) == r->napps;
		for (uint32_t kind = 1; kinds && kind < AK_COUNT; kind++) kinds = bits(p->kind_apps[kind]) == (int)per_kind[kind];
		if (kinds && (steps_are(c, t, r->caps, r->ncaps) || (listed[0] >= 0 && steps_are(c, t, listed, 2)))) return t;
	}
	return -1;
}

/* Whether a subject of generic task t is a word for a kind of app among kinds ("mail" for email-calendar, where Gmail
 * is named: the app says the subject). */
static bool subject_is_kind(const struct catalog *c, int t, unsigned kinds)
{
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = &c->syns[s];
		if (sy->kind != SYN_SUBJECT || sy->target != (uint32_t)t || sy->words != 1) continue;
		int e = cat_word_find(c, cat_s(c, sy->phrase), cat_len(c, sy->phrase));
		for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
			const struct cat_syn *ky = &c->syns[c->lists[c->words[e].syn_first + k]];
			if (ky->kind == SYN_APP_KIND && ky->words == 1 && (kinds >> ky->target & 1)) return true;
		}
	}
	return false;
}

/* The first writing intent asking capability cap that the person asks (not declined, not someone's, no event, no
 * word after an article: "each new file"), or -1. */
static int writing_intent_for(const struct catalog *c, const struct plan_resolution *r, int cap)
{
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && !r->intents[k].by_person && !triggered(c, r, r->intents[k].first, 0) &&
		    !(r->intents[k].first > 0 && has_role_word(c, r, r->intents[k].first - 1, ROLE_DETERMINER)) &&
		    writing_intent(c, &r->intents[k]) &&
		    (c->intents[r->intents[k].intent].caps >> cap & 1))
			return k;
	return -1;
}

/* "Create a Google Sheet and email its link to the team from Gmail": two tasks tied, each of one app named and each
 * the writing a verb of its own asks, in two apps, are both asked: their writings are planned in the order the verbs
 * stand, no tie. */
bool rs_two_writes(const struct catalog *c, struct plan_resolution *r)
{
	/* (or the task and the next one: "... and send the link to attendees with Gmail" weighs the sending more) */
	int pair[2] = { r->candidates[0], r->candidates[1] };
	if (r->by == BY_QUERY_TASK && r->runner_up >= 0) pair[0] = r->task, pair[1] = r->runner_up;
	else if (r->by != BY_QUERY_AMBIGUOUS || r->ncandidates != 2) return false;
	if (r->nproducts || r->nactions) return false;
	int cap[2], at[2];
	uint64_t apps = 0;
	for (int q = 0; q < 2; q++) {
		const struct cat_ptask *p = &c->ptasks[pair[q]];
		uint64_t main = p->main_caps & c->write_caps;
		if (bits(p->apps) != 1 || bits(main) != 1 || (apps & p->apps)) return false;
		bool named = false;
		for (int m = 0; m < r->napps; m++) named |= (p->apps >> r->apps[m] & 1) != 0;
		if (!named) return false;
		apps |= p->apps;
		cap[q] = __builtin_ctzll(main);
		int k = writing_intent_for(c, r, cap[q]);
		if (k < 0) return false;
		at[q] = r->intents[k].first;
	}
	if (at[0] == at[1]) return false;
	int first = at[0] < at[1] ? 0 : 1;
	r->caps[0] = cap[first];
	r->caps[1] = cap[1 - first];
	r->ncaps = 2;
	r->by = BY_QUERY_CAPABILITIES;
	r->task = -1;
	r->ncandidates = 0;
	return true;
}

/* "Create Google Calendar events from Gmail", "Gmail -> Google Calendar": the generic task whose subject is named, or
 * said by an app of its kind, and whose steps with an app are the chain's, in order, no product beside, is the chain
 * with its caller-side steps (email-calendar reads the dates out of the mail), or -1. */
static int generic_of_chain(const struct catalog *c, const struct plan_resolution *r)
{
	unsigned kinds = 0;
	for (int m = 0; m < r->napps; m++) kinds |= 1u << c->apps[r->apps[m]].kind;
	for (int t = 0; !r->nproducts && t < (int)c->ntasks && t < 64; t++) {
		if (!c->tasks[t].generic || !(r->subjects >> t & 1 || subject_is_kind(c, t, kinds))) continue;
		const struct cat_task *tk = &c->tasks[t];
		int k = 0;
		bool same = true;
		for (uint32_t s = 0; s < tk->step_count && same; s++) {
			const struct cat_step *st = &c->steps[tk->step_first + s];
			if (st->app_kind == AK_CALLER) continue;
			if (k < r->ncaps && st->cap == (uint32_t)r->caps[k]) { k++; continue; }
			/* (a reading step that finds for the next of its kind, the plan adds it anyway: email.search) */
			const struct cat_step *next = s + 1 < tk->step_count ? st + 1 : NULL;
			same = next && !c->caps[st->cap].write && next->app_kind == st->app_kind;
		}
		if (same && k == r->ncaps) return t;
	}
	return -1;
}

/* The capability a one-word capability phrase at word i names, through ctx (the first one found). */
static bool cap_named(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	if (sy->words != 1 || rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) != 1) return false;
	*(int *)ctx = (int)sy->target;
	return true;
}

/* "Neue E-Mail mit Anhang (Outlook) → Datei hochladen (OneDrive)": a chain that reads in one app and writes in
 * another, where a word names a reading capability of the first app's kind that the chain skipped (the attachments
 * the mail comes with), is the task whose steps are the listing, that capability and the write, or -1. */
static int task_of_skipped(const struct catalog *c, const struct plan_resolution *r, uint64_t named)
{
	if (r->ncaps != 2 || c->caps[r->caps[0]].write || !c->caps[r->caps[1]].write || r->napps != 2) return -1;
	int src = -1;
	for (int m = 0; m < r->napps; m++) if (c->apps[r->apps[m]].caps >> r->caps[0] & 1) src = r->apps[m];
	int list = src >= 0 ? rs_finder_of(c, src, (uint32_t)r->caps[0]) : -1;
	for (int i = 0; list >= 0 && i < r->nwords; i++) {
		int cap = -1;
		if (r->app_word[i] || !each_phrase(c, r, i, 1u << SYN_CAP, cap_named, &cap)) continue;
		if (cap == r->caps[0] || cap == r->caps[1] || c->caps[cap].write || !(c->apps[src].caps >> cap & 1)) continue;
		int steps[3] = { list, cap, r->caps[1] };
		return task_of_steps(c, steps, 3, named);
	}
	return -1;
}

/* A chain that is a task's own plan has that task's name: the capabilities in the task's order, and the
 * task's own apps exactly the apps named ("write the new totals into row 5 of Google Sheets" is
 * sheetsA-update). Two tasks that fit leave the chain as it is. */
void rs_name_chain(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_CAPABILITIES || !r->napps) return;
	uint64_t named = 0;
	int from = -1, sources = 0;
	for (int m = 0; m < r->napps; m++) {
		named |= 1ull << r->apps[m];
		if (r->app_role[m] == PR_SOURCE) from = r->apps[m], sources++;
	}
	int found = task_of_steps(c, r->caps, r->ncaps, named);
	/* "when a new row is added in Google Sheets, add a row in Excel": a copy one way, the source read first */
	if (found < 0 && sources == 1) found = task_of_steps_from(c, r->caps, r->ncaps, named, from);
	/* "GitHub to Google Sheets": a chain reading each item where the items are listed first, then writing, is the
	 * task that writes what the list holds (codehost-issues-sheetsA: the issues listed, a row each) */
	int listed[2] = { -1, r->ncaps == 2 ? r->caps[1] : -1 };
	if (r->ncaps == 2 && !c->caps[r->caps[0]].write && c->caps[r->caps[1]].write)
		for (int m = 0; m < r->napps && listed[0] < 0; m++) listed[0] = rs_finder_of(c, r->apps[m], (uint32_t)r->caps[0]);
	if (found < 0 && listed[0] >= 0 && r->napps == 2) found = task_of_steps(c, listed, 2, named);
	if (found < 0 && r->napps >= 2) found = task_rebound(c, r, listed);
	if (found < 0) found = task_of_skipped(c, r, named);
	if (found < 0) found = generic_of_chain(c, r);
	if (found < 0) return;
	r->task = found;
	r->by = BY_QUERY_TASK;
}

/* "All open GitHub issues in a Google Sheet": a task and the further action after it that are another task's own
 * steps, in the apps named, are that task (codehost-issues then a row each is codehost-issues-sheetsA). */
void rs_name_task_with_also(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_TASK || r->task < 0 || r->also_cap < 0 || r->also_app < 0) return;
	const struct cat_task *tk = &c->tasks[r->task];
	int caps[8], n = 0;
	for (uint32_t s = 0; s < tk->step_count && n < 7; s++) caps[n++] = (int)c->steps[tk->step_first + s].cap;
	if (n == 7) return;
	caps[n++] = r->also_cap;
	int found = task_of_steps(c, caps, n, c->ptasks[r->task].apps | 1ull << r->also_app);
	if (found < 0) return;
	r->task = found;
	r->also_intent = r->also_cap = r->also_app = r->also_mention = -1;
}

/* The apps named, then those of the families named; returns how many (at most cap). */
int rs_apps_in_reach(const struct catalog *c, const struct plan_resolution *r, int *out, int cap)
{
	int n = 0;
	for (int m = 0; m < r->napps && n < cap; m++) out[n++] = r->apps[m];
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT && n < cap; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE) out[n++] = (int)c->families[r->families[f]].apps[kind];
	return n;
}

/* Whether word i is in the phrase of a capability among `have` ("Make Google Sheets rows": the rows' phrase holds the
 * verb, which asks no spreadsheet of its own). */
static bool in_planned_phrase(const struct plan_resolution *r, int i, uint64_t have)
{
	for (int k = 0; k < r->ncaps; k++)
		if ((have >> r->caps[k] & 1) && i >= r->cap_first[k] && i < r->cap_first[k] + r->cap_words[k]) return true;
	return false;
}

/* "draft a reminder in Outlook": intent k is a noun an article opens right after a verb the plan does (bits have),
 * the thing that verb writes, no action of its own. */
bool rs_object_of_planned(const struct catalog *c, const struct plan_resolution *r, int k, uint64_t have)
{
	int i = r->intents[k].first;
	if (i < 2 || !after_determiner(c, r, i)) return false;
	bool either;  /* (a phrase reaching over "and" to a verb of its own is no noun: "an email in Gmail and send it") */
	for (int w = i + 1; w < i + r->intents[k].nwords; w++)
		if (r->after_comma[w] || joins(r, w, &either)) return false;
	int verb_end = has_role_word(c, r, i - 1, ROLE_DETERMINER) ? i - 2 : i - 3;
	for (int q = 0; q < r->nintents && verb_end >= 0; q++)
		if (q != k && !r->intents[q].negated && r->intents[q].first + r->intents[q].nwords - 1 == verb_end &&
		    (c->intents[r->intents[q].intent].caps & have))
			return true;
	return false;
}

/* "put the reminder into my Outlook drafts": a verb later in intent k's clause (no comma, no "and" between) asks what
 * the plan does (bits have): the storing verb is that verb's placing, no action of its own. */
static bool planned_later_in_clause(const struct catalog *c, const struct plan_resolution *r, int k, uint64_t have)
{
	bool either;
	int from = r->intents[k].first + r->intents[k].nwords, end = from;
	while (end < r->nwords && !r->after_comma[end] && !r->sentence_start[end] && !joins(r, end, &either)) end++;
	for (int q = 0; q < r->nintents; q++)
		if (q != k && !r->intents[q].negated && r->intents[q].first >= from && r->intents[q].first < end &&
		    (c->intents[r->intents[q].intent].caps & have))
			return true;
	return false;
}

/* Whether the words [from, to) are all small words (no verb, no trigger). */
static bool only_small_between(const struct plan_resolution *r, int from, int to)
{
	for (int w = from; w < to; w++) if (!r->stop[w] || r->intent_word[w] || r->trigger[w]) return false;
	return true;
}

/* A record per item in mention q's app, where it keeps records the task does not write already, as the further
 * action with no verb of its own (rs_second_action); false when it keeps none. */
static bool record_in(const struct catalog *c, struct plan_resolution *r, uint64_t have, int q)
{
	int record = record_cap(c, r->mentions[q].app);
	if (record < 0 || (have >> record & 1)) return false;
	r->also_intent = -1;
	r->also_mention = q;
	r->also_cap = record;
	r->also_app = r->mentions[q].app;
	return true;
}

/* "Save Gmail attachments to Google Drive and Google Sheets": an app joined by "and" to the target the task writes
 * into, with no marker or verb of its own, is written too, as the one verb asks: a record per item where the app
 * keeps records (roles.record_means), after the task's steps. "or" offers either: nothing more. */
static void joined_target(const struct catalog *c, struct plan_resolution *r, uint64_t have)
{
	const struct cat_ptask *p = &c->ptasks[r->task];
	for (int q = 1; q < r->nmentions; q++) {
		const struct plan_mention *x = &r->mentions[q - 1], *y = &r->mentions[q];
		/* y->joined: "and" right before it, after a target (rs_find_roles) */
		if (x->app < 0 || y->app < 0 || !y->joined || !(p->write_apps >> x->app & 1) || (p->apps >> y->app & 1)) continue;
		if (record_in(c, r, have, q)) return;
	}
}

/* "List all files from Dropbox in Google Sheets": a task that only reads, with an app of another kind named as
 * the target that it does not use, where that app keeps records (roles.record_means), keeps a record per item
 * read there, after its steps. */
static void read_into_target(const struct catalog *c, struct plan_resolution *r, uint64_t have)
{
	const struct cat_ptask *p = &c->ptasks[r->task];
	if (p->write_apps || p->write_kinds) return;
	for (int q = 0; q < r->nmentions; q++) {
		const struct plan_mention *m = &r->mentions[q];
		/* (not one a sentence of context names: "... and the foreman logs crew hours in an Excel workbook.") */
		if (m->app >= 0 && m->role == PR_TARGET && !m->aside && !r->context[m->first] && !(p->apps >> m->app & 1) &&
		    !(p->kinds >> c->apps[m->app].kind & 1) && record_in(c, r, have, q))
			return;
	}
}

/* The first capability app can do that another intent of the same words writes (ctx: struct other_sense). */
struct other_sense {
	int skip, cap, app;
};

static bool writing_sense(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	struct other_sense *s = ctx;
	(void)r;
	(void)i;
	if (sy->kind != SYN_INTENT || (int)sy->target == s->skip) return false;
	s->cap = first_cap_in(c, c->intents[sy->target].caps & c->write_caps, s->app);
	return s->cap >= 0;
}

/* "Print every new Google Drive document": a reading verb asking of the app a task only searches a reading the
 * task lacks (printing reads what is printed) reads each item found, after the task's steps. */
static void further_read(const struct catalog *c, struct plan_resolution *r)
{
	const struct cat_ptask *p = &c->ptasks[r->task];
	if (bits(p->apps) != 1 || p->write_apps || p->write_kinds) return;
	/* only a task that lists (roles.format_means' capabilities): "read free/busy times" reads what it asks */
	if (c->meta->format_intent != CAT_NONE && (p->caps & ~c->intents[c->meta->format_intent].caps)) return;
	int a = __builtin_ctzll(p->apps);
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps;
		/* "Search Google Drive for the report and move it": a copying verb with nowhere else named moves the thing
		 * in place, the writing its words also name (rs_second_action's untested action where no task plans it) */
		if (in->intent == (int)c->meta->copy_intent && !in->negated && r->napps == 1) {
			struct other_sense s = { .skip = in->intent, .cap = -1, .app = a };
			each_phrase(c, r, in->first, 1u << SYN_INTENT, writing_sense, &s);
			if (s.cap >= 0) {
				r->also_intent = k;
				r->also_cap = s.cap;
				r->also_app = a;
				return;
			}
		}
		int read = in->negated || writing_intent(c, in) || (caps & p->caps) ? -1 : first_cap_in(c, caps & ~c->write_caps, a);
		if (read >= 0) {
			r->also_intent = k;
			r->also_cap = read;
			r->also_app = a;
			return;
		}
	}
}

/* Whether a phrase of the task chosen (ctx: its index; each_phrase asks for its phrases or its subjects) starts at word
 * i, as written. */
static bool task_phrase_at(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	return (int)sy->target == *(const int *)ctx && rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) >= (int)sy->words;
}

/* "create the order in our ERP", "den Auftrag in unserem ERP anlegen", "Auftrag im System anlegen": a place marker in
 * intent k's clause before a phrase of the task chosen, or a subject of a task whose writing is all the caller's, names
 * where the task itself writes, no app's further action. */
static bool writes_into_task_place(const struct catalog *c, const struct plan_resolution *r, int k)
{
	bool either;
	int task = r->task, from = r->intents[k].first;
	const struct cat_ptask *p = &c->ptasks[task];
	bool caller_writes = !p->write_apps && !(p->write_kinds & ~(1u << AK_CALLER));
	/* (the clause's words before the verb too: a German verb closes it) */
	while (from > 0 && !r->after_comma[from] && !r->sentence_start[from] && !joins(r, from - 1, &either)) from--;
	for (int j = from; j + 1 < r->nwords && !r->after_comma[j + 1] && !r->sentence_start[j + 1] && !joins(r, j + 1, &either);
	     j++) {
		if (caller_writes && each_phrase(c, r, j, 1u << SYN_SUBJECT, task_phrase_at, &task)) return true;
		if (!rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) continue;
		int at = j + 1;
		while (at + 1 < r->nwords && r->stop[at] && !r->after_comma[at + 1]) at++;  /* (its article: "in unserem ERP") */
		if (each_phrase(c, r, at, 1u << SYN_TASK, task_phrase_at, &task)) return true;
	}
	return false;
}

/* "Save Gmail attachments to Google Drive, and send a follow-up email": a further writing verb, after the
 * request's first, asking for what the task found does not do, in an app named that can do it. The task
 * stays; that step is planned after its steps, never dropped. */
void rs_second_action(const struct catalog *c, struct plan_resolution *r)
{
	int apps[PLAN_MAX_APPS + 16], na = rs_apps_in_reach(c, r, apps, (int)(sizeof apps / sizeof *apps));
	bool chain = r->by == BY_QUERY_CAPABILITIES;
	/* a tie too: where its tasks plan the same steps it is settled as one answer (plan.c), which then has it */
	if (!((r->by == BY_QUERY_TASK || r->by == BY_QUERY_AMBIGUOUS) && r->task >= 0) && !chain) return;
	if (!na || r->nproducts) return;
	uint64_t have = 0;
	if (chain) for (int k = 0; k < r->ncaps; k++) have |= 1ull << r->caps[k];
	else have = c->ptasks[r->task].caps;
	int first = PLAN_MAX_WORDS, clause = PLAN_MAX_WORDS;
	for (int k = 0; k < r->nintents; k++) if (r->intents[k].first < first) first = r->intents[k].first;
	/* a trigger after the request's verb opens a clause to the end that says what happens, not what to do
	 * ("E-Mail senden, wenn eine Datei in OneDrive erstellt wird") */
	for (int i = first + 1; i < r->nwords && clause == PLAN_MAX_WORDS; i++)
		if (r->trigger[i] && verb_of(c, r, i) < 0) clause = i;  /* "when", not "new" */
	for (int k = 0; k < r->nintents; k++) {
		const struct plan_intent *in = &r->intents[k];
		uint64_t caps = c->intents[in->intent].caps;
		if (in->first > clause) continue;
		/* "Create, add an attachment, and send a draft": a verb that is its whole clause says no kind of its own */
		/* (not one holding its object: "mail the reporter a summary, don't close it") */
		if (in->first + in->nwords < r->nwords && r->after_comma[in->first + in->nwords] && only_verb_words(r, in)) continue;
		/* what the verb asks of the app named right after it ("and add them to Google Sheets": rows, though the
		 * task creates events, another of the verb's capabilities) */
		for (int q = 0; q < r->nmentions; q++)
			if (r->mentions[q].first > in->first && r->mentions[q].app >= 0 && !r->mentions[q].aside) {
				uint64_t own = caps & c->apps[r->mentions[q].app].caps;
				/* (a storing verb into an app that keeps no files asks what roles.store_means does: "put a slot in
				 * my Outlook calendar") */
				int st = !own && stores_files(c, caps) ? store_cap(c, r->mentions[q].app) : -1;
				if (own) caps = own;
				else if (st >= 0) caps = 1ull << st;
				break;
			}
		/* "new" describes what a trigger brings ("new incoming emails ... as a new row"), it asks nothing more */
		/* the request's first verb is what a chain writes (read there as the write its target can do); for a task
		 * it is a further action where the task does nothing of it ("email me a list of my Outlook meetings") */
		if (in->negated || (in->first == first && chain) || !writing_intent(c, in) || (caps & have) ||
		    has_role_word(c, r, in->first, ROLE_TRIGGER) || (!chain && in_planned_phrase(r, in->first, have)) ||
		    (stores_files(c, caps) && planned_later_in_clause(c, r, k, have)) || rs_object_of_planned(c, r, k, have) ||
		    (!chain && writes_into_task_place(c, r, k)))
			continue;
		/* the task's own placing: "Store GitHub issues in Excel" writes where the task writes (its kind: a task
		 * of another app of that kind is bound to the one named later) */
		bool placed = false;
		for (int q = 0; !chain && q < r->napps; q++)
			placed |= r->app_role[q] == PR_TARGET && (c->ptasks[r->task].written_kinds >> c->apps[r->apps[q]].kind & 1);
		if (placed && in->first == first) continue;
		/* the app named right after the verb is its object ("and update Google Sheets"), else the target
		 * named ("sync ... to Google Calendar and update them"), else any in reach */
		int after = -1, object = -1;
		for (int q = 0; q < r->nmentions && after < 0; q++)
			if (r->mentions[q].first > in->first && r->mentions[q].app >= 0 && !r->mentions[q].aside) { after = r->mentions[q].app; object = q; }
		/* the app itself is the object, given something to hold ("update Google Sheets with the details";
		 * roles.record_with): a record per item, where the app keeps records (roles.record_means) */
		int held = object >= 0 ? r->mentions[object].first + r->mentions[object].nwords : 0;
		int record = object >= 0 && only_small_between(r, in->first + in->nwords, r->mentions[object].first) &&
			held < r->nwords && has_role_word(c, r, held, ROLE_RECORD_WITH) ? record_cap(c, after) : -1;
		if (record >= 0 && !(have >> record & 1)) {
			r->also_intent = k;
			r->also_cap = record;
			r->also_app = after;
			return;
		}
		for (int q = 0; q < r->napps && after < 0; q++)
			if (r->app_role[q] == PR_TARGET && r->app_strong[q]) after = r->apps[q];
		/* of the apps in reach, those of a kind the request's words say first ("Microsoft Graph calendar events
		 * (list + create)" creates events, not files) */
		for (int m = -1; m < 2 * na; m++) {
			int a = m < 0 ? after : apps[m % na];
			if (m >= 0 && (m < na) != ((r->kinds >> c->apps[a].kind & 1) != 0)) continue;
			/* "... and write the issue number into the row": a capability's phrase in the verb's clause says which
			 * write the app does (the row updated, not appended) */
			int write = a >= 0 ? phrased_write(c, r, in, a) : -1;
			if (write < 0 || (have >> write & 1)) write = a >= 0 ? first_cap_in(c, caps & c->write_caps, a) : -1;
			if (write >= 0) {
				r->also_intent = k;
				r->also_cap = write;
				r->also_app = a;
				return;
			}
		}
		/* "find the budget file in OneDrive and email it": a verb writing in one kind of app no app in reach
		 * has is a step of that kind with no app bound (the caller names it) */
		uint64_t writes_caps = caps & c->write_caps;
		unsigned kinds = caps_kinds(c, writes_caps);
		/* a verb, not a noun after an article ("upload the report"); "X me" is a verb wherever it stands */
		bool to_me = in->nwords > 1 && strcmp(r->words[in->first + in->nwords - 1], "me") == 0;
		if (writes_caps && bits(kinds) == 1 && (to_me || !after_determiner(c, r, in->first))) {
			r->also_intent = k;
			r->also_cap = __builtin_ctzll(writes_caps);
			r->also_app = -1;
			return;
		}
	}
	if (!chain) joined_target(c, r, have);
	if (!chain && r->also_cap < 0) read_into_target(c, r, have);
	if (!chain && r->also_cap < 0) further_read(c, r);
}
