/* Apps, families and products the request names, and their roles: the mentions, longest name first
 * (rs_find_mentions), the role markers before them and the roles settled between two apps of one kind
 * (rs_find_roles), and the lists of apps, families and products named, a family's app included where the
 * request moves things between two of its kind (rs_list_mentions). */

#include "planner/resolve_int.h"

/* Whether a marker of place (source, target, weak target) stands right before word i. */
static bool place_before(const struct catalog *c, const struct plan_resolution *r, int i)
{
	enum cat_role role = rs_role_before(c, r, i);
	return role == ROLE_SOURCE || role == ROLE_TARGET || role == ROLE_WEAK_TARGET;
}

/* Whether the word before the letter that ends an app's name (SYNF_LETTER: "Mail A", "Sheets B") is written as the
 * name writes it: "40 supplier mails a day" names no Mail A. */
static bool letter_name_as_written(const struct catalog *c, const struct plan_resolution *r, int i, int n,
	const struct cat_syn *sy)
{
	const char *ph = cat_s(c, sy->phrase), *last = strrchr(ph, ' '), *prev = last;
	while (prev > ph && prev[-1] != ' ') prev--;
	size_t lp = (size_t)(last - prev);
	return r->wordlen[i + n - 2] == lp && memcmp(r->words[i + n - 2], prev, lp) == 0;
}

/* Whether word i opens a side of an arrow: right after one, or opening the request or a clause with an arrow within
 * three words after it. */
static bool arrow_side(const struct plan_resolution *r, int i)
{
	if (i > 0 && r->arrow[i - 1]) return true;
	if (i > 0 && !r->after_comma[i] && !r->sentence_start[i]) return false;
	for (int j = i + 1; j < r->nwords && j <= i + 3 && !r->after_comma[j]; j++)
		if (r->arrow[j]) return true;
	return false;
}

/* "type form", "share point": two words written apart that, joined, are an app's or a product's one-word name (no word
 * of the word lists: "work day" names no Workday, "sales force" no Salesforce), neither a small word ("linked in" names
 * no LinkedIn). */
static void claim_split_name(const struct catalog *c, struct plan_resolution *r, int i)
{
	if (i + 1 >= r->nwords || r->app_word[i + 1] || r->stop[i] || r->stop[i + 1] || r->after_comma[i + 1] || r->arrow[i + 1] ||
	    r->quoted[i] || r->quoted[i + 1] || r->wordlen[i] < 3 || r->wordlen[i + 1] < 3 || r->nmentions == PLAN_MAX_MENTIONS)
		return;
	char joined[64];
	size_t n = (size_t)r->wordlen[i] + (size_t)r->wordlen[i + 1];
	if (n >= sizeof joined) return;
	memcpy(joined, r->words[i], (size_t)r->wordlen[i]);
	memcpy(joined + r->wordlen[i], r->words[i + 1], (size_t)r->wordlen[i + 1]);
	joined[n] = '\0';
	int e = cat_word_find(c, joined, n);
	if (e < 0 || cat_ordinary_word(c, joined, n) == 1) return;
	for (uint32_t k = 0; k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->words != 1 || (sy->kind != SYN_PRODUCT && sy->kind != SYN_APP) || (sy->flags & SYNF_ID) ||
		    strcmp(cat_s(c, sy->phrase), joined) != 0)
			continue;
		struct plan_mention *m = &r->mentions[r->nmentions++];
		*m = (struct plan_mention){ .first = i, .nwords = 2, .app = sy->kind == SYN_APP ? (int)sy->target : -1, .family = -1,
			.product = sy->kind == SYN_PRODUCT ? (int)sy->target : -1 };
		for (int w = i; w < i + 2; w++) { r->app_word[w] = true; r->product_word[w] = m->product >= 0; }
		return;
	}
}

static bool claim_mention(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	/* a family's product by its short name only where its family is named (ctx: bit per family) */
	if (sy->kind == SYN_FAMILY_PRODUCT && !(*(const uint64_t *)ctx >> c->outside[sy->target].family & 1)) return false;
	/* and as a place, after a marker ("in Teams", "via Chat"), never as a word of a story ("chat with a PDF") */
	if (sy->kind == SYN_FAMILY_PRODUCT && !place_before(c, r, i)) return false;
	int n = rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT);
	if (n != (int)sy->words || r->nmentions == PLAN_MAX_MENTIONS) return false;
	/* (a product's name ends as written: "dropbox signed nda" names no Dropbox Sign; the phrase ends in its last word) */
	if (sy->kind == SYN_PRODUCT && n > 1 && ends_in(r, i + n - 1, "ed")) {
		size_t pl = cat_len(c, sy->phrase);
		if (pl < 2 || memcmp(cat_s(c, sy->phrase) + pl - 2, "ed", 2) != 0) return false;
	}
	if ((sy->flags & SYNF_LETTER) && sy->kind == SYN_APP && !letter_name_as_written(c, r, i, n, sy)) return false;
	/* (a product's one-word name of six letters or more may carry one typo where a marker of place stands before it:
	 * "in die whatsap gruppe"; "discard the draft" names no Discord, "as plain emails" no Plaid; an ordinary word is
	 * none: "auf einen Zettel" names no Zettle) */
	/* (or on a side of an arrow: "typform applicant form → Gmail thank-you reply") */
	/* (of five letters where it is no word of the word lists: "new github issue -> trelo card") */
	bool misspelt = sy->kind == SYN_PRODUCT && n == 1 && r->fuzzy[i] && r->wordlen[i] >= 5 && strlen(cat_s(c, sy->phrase)) >= 6 &&
		(r->wordlen[i] >= 6 ? cat_ordinary_word(c, r->words[i], (size_t)r->wordlen[i]) != 1 :
		 cat_ordinary_word(c, r->words[i], (size_t)r->wordlen[i]) == 0) &&
		(place_before(c, r, i) || arrow_side(r, i));
	/* (an app's neutral id is written as it is: "driver" is no misspelt "drivea") */
	bool id = sy->flags & SYNF_ID;
	for (int k = i; k < i + n; k++)
		if (r->app_word[k] || (r->fuzzy[k] && ((sy->kind != SYN_APP && sy->kind != SYN_FAMILY && !misspelt) || id))) return false;
	/* "n8n-Workflow", "Zapier zap": an automation platform before a word for one flow (roles.runtime) is where the
	 * flow runs, no product of it: its words are understood, like the flow's ("n8n Workflows" synced are n8n's) */
	if (sy->kind == SYN_PRODUCT && (c->outside[sy->target].flags & OUT_RUNTIME) && i + n < r->nwords &&
	    exact_word(c, r, i + n, SYN_ROLE, ROLE_RUNTIME) >= 0) { /* as written: "Workflow", not "Workflows" */
		for (int k = i; k <= i + n; k++) r->stop[k] = true;
		return true;
	}
	struct plan_mention *m = &r->mentions[r->nmentions++];
	*m = (struct plan_mention){ .first = i, .nwords = n, .app = -1, .family = -1, .product = -1 };
	if (sy->kind == SYN_APP) m->app = (int)sy->target;
	else if (sy->kind == SYN_FAMILY) m->family = (int)sy->target;
	else m->product = (int)sy->target;
	for (int k = i; k < i + n; k++) { r->app_word[k] = true; r->product_word[k] = m->product >= 0; m->typo |= r->fuzzy[k]; }
	return true;
}

/* (a hyphenated word is two: "E-Mails" says mail at its first, "e") */
static bool kind_of_word(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	if (sy->kind != SYN_APP_KIND || sy->words > 2 || rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) != (int)sy->words)
		return false;
	for (int k = i; k < i + (int)sy->words; k++) r->said_kind[k] = (unsigned char)sy->target;
	return true;
}

/* The kind of app each word says alone, read once for the rules that ask before the kinds are noted (a word
 * under an app's name too: "Outlook calendar", "Gmail calendar"). */
static void note_said_kinds(const struct catalog *c, struct plan_resolution *r)
{
	for (int i = 0; i < r->nwords; i++) {
		r->said_kind[i] = AK_COUNT;
		bool starts = false;
		for (int m = 0; m < r->nwm[i] && !starts; m++) starts = c->words[r->wm[i][m].word].starts >> SYN_APP_KIND & 1;
		if (starts) each_phrase(c, r, i, 1u << SYN_APP_KIND, kind_of_word, NULL);
	}
}

/* "our family Gmail calendar": a mail app's name right before a word for another kind of app names its
 * family's app of that kind (people call the whole account by its mail; not before a word for mail or a plain noun
 * after it, the head the word describes: "Gmail appointment emails", "Gmail appointment confirmations" are mail). So
 * does one after a weak place marker
 * after such a word, "a doctor appointment on Gmail", but for files, which mail holds as attachments ("Excel rows
 * to Gmail drafts": a target marker sends things into the mail itself). */
static void mail_names_family(const struct catalog *c, struct plan_resolution *r, struct plan_mention *m)
{
	int next = m->first + m->nwords, before = m->first - 2, f;
	if (m->app < 0 || c->apps[m->app].kind != AK_MAIL || (f = family_of(c, m->app)) < 0) return;
	if (before >= 0 && !r->app_word[before] && r->said_kind[before] != AK_COUNT && r->said_kind[before] != AK_MAIL &&
	    r->said_kind[before] != AK_DRIVE && c->families[f].apps[r->said_kind[before]] != CAT_NONE &&
	    rs_role_words(c, r, before + 1, 1ull << ROLE_WEAK_TARGET) && !rs_role_words(c, r, before + 1, 1ull << ROLE_TARGET) &&
	    !has_role_word(c, r, before + 1, ROLE_CHANNEL)) { /* "the agenda via Gmail": the mail is how it is sent */
		m->app = (int)c->families[f].apps[r->said_kind[before]];
		return;
	}
	/* ("the Outlook mail folder": a name ending in a word for mail says mail, the folder is the mail's) */
	if (next >= r->nwords || r->app_word[next] || r->said_kind[next - 1] == AK_MAIL) return;
	uint32_t kind = r->said_kind[next];
	if (kind == AK_COUNT || kind == AK_MAIL || c->families[f].apps[kind] == CAT_NONE) return;
	/* (nor where a word for mail or a plain noun follows it, the head it only describes: "Gmail appointment emails",
	 * "gmail appointment confirmations") */
	int head = next + 1;
	if (head < r->nwords && !r->after_comma[head] && !r->app_word[head] && !r->stop[head] && !r->arrow[head] &&
	    (r->said_kind[head] == AK_MAIL || (!r->word_kinds[head] && r->said_kind[head] == AK_COUNT)))
		return;
	m->app = (int)c->families[f].apps[kind];
	m->nwords++;
	r->app_word[next] = true;
}


struct one_kind_read { uint32_t kind; int words; };

/* A verb phrase at i, as written, that only reads, and in one kind of app (someone "sends me", "writes to me"). */
static bool reads_one_kind(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *v)
{
	uint64_t caps = c->intents[sy->target].caps;
	unsigned kinds = caps_kinds(c, caps);
	if ((caps & c->write_caps) || bits(kinds) != 1 || rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) != (int)sy->words)
		return false;
	((struct one_kind_read *)v)->kind = (uint32_t)__builtin_ctz(kinds);
	((struct one_kind_read *)v)->words = (int)sy->words;
	return true;
}

/* The kind of app a verb that reads one kind only names, ending right before a place marker (an article after it
 * allowed) that ends right before word first ("that arrive in Outlook", "people send me in Outlook"); else AK_COUNT. */
static uint32_t receipt_before(const struct catalog *c, const struct plan_resolution *r, int first)
{
	int j = first - 1;
	if (j > 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	if (j < 1 || !rs_role_words(c, r, j, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_TARGET)) return AK_COUNT;
	for (int v = j - 1; v >= 0 && v >= j - 3 && !r->after_comma[v + 1]; v--) {
		struct one_kind_read k = { .kind = AK_COUNT };
		if (each_phrase(c, r, v, 1u << SYN_INTENT, reads_one_kind, &k) && v + k.words == j) return k.kind;
	}
	return AK_COUNT;
}

/* "Turn bug reports that arrive in Outlook into GitHub issues": a family named right after a verb that reads one kind
 * of app only and a place marker (an article between allowed) is its app of that kind, alone too, where no word says
 * another kind of app the family has. */
static void family_after_receipt(const struct catalog *c, struct plan_resolution *r, struct plan_mention *m)
{
	uint32_t kind = m->family >= 0 ? receipt_before(c, r, m->first) : AK_COUNT;
	/* (or a source marker of two words or more that says things come in, up to four words before, no product named:
	 * "bug reports that come into support@ in Outlook" is its mail; beside a product the tie of its apps is read) */
	bool product = false;
	for (int k = 0; k < r->nmentions; k++) product |= r->mentions[k].product >= 0;
	for (int v = m->first - 1; kind == AK_COUNT && !product && m->family >= 0 && v >= 0 && v >= m->first - 4 && !r->after_comma[v + 1]; v--)
		if (!r->app_word[v] && role_phrase_words(c, r, v, ROLE_SOURCE, PH_STRICT) >= 2) kind = AK_MAIL;
	if (kind == AK_COUNT || c->families[m->family].apps[kind] == CAT_NONE) return;
	/* (not where a word outside an app's name says another of its kinds: "invoices arriving in our M365 mailbox into
	 * the drive") */
	for (int i = 0; i < r->nwords; i++)
		if (r->said_kind[i] != AK_COUNT && !r->app_word[i] && r->said_kind[i] != kind &&
		    c->families[m->family].apps[r->said_kind[i]] != CAT_NONE)
			return;
	/* (nor where that app is named already: one mention of it says its role) */
	for (int k = 0; k < r->nmentions; k++) if (r->mentions[k].app == (int)c->families[m->family].apps[kind]) return;
	m->app = (int)c->families[m->family].apps[kind];
	m->family = -1;
}

/* "prepare a draft email in Outlook": a family named right after a word for one kind of things and a place marker
 * (an article between allowed) is its app of that kind, where the family has one ("my Outlook calendar and ... an
 * email in Outlook" names two of its apps). */
static void family_after_kind(const struct catalog *c, struct plan_resolution *r, struct plan_mention *m)
{
	if (m->family < 0 || m->first < 2) return;
	int j = m->first - 1;
	if (j > 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	if (!rs_role_words(c, r, j, 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_TARGET) || j < 1 || r->app_word[j - 1]) return;
	uint32_t kind = r->said_kind[j - 1];
	if (kind == AK_COUNT || c->families[m->family].apps[kind] == CAT_NONE) return;
	bool other = false; /* (only where another of its apps is named: alone, the family keeps all its apps) */
	for (int k = 0; k < r->nmentions; k++)
		other |= r->mentions[k].app >= 0 && in_family(c, (uint32_t)m->family, r->mentions[k].app) &&
			c->apps[r->mentions[k].app].kind != kind;
	if (!other) return;
	m->app = (int)c->families[m->family].apps[kind];
	m->family = -1;
}

/* "Attachments Gmail to drive": in the context of a family's apps, a kind word after a marker that is the
 * short name of the family's app of that kind ("drive", "sheets", "calendar") names that app, where no app of
 * the kind is named. */
static void short_names(const struct catalog *c, struct plan_resolution *r, uint64_t families)
{
	for (int i = 1; i < r->nwords && r->nmentions < PLAN_MAX_MENTIONS; i++) {
		uint32_t kind = r->said_kind[i];
		if (kind == AK_COUNT || r->app_word[i] || r->stop[i] ||
		    !rs_role_words(c, r, i - 1, 1ull << ROLE_SOURCE | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET))
			continue;
		bool named = false;
		for (int k = 0; k < r->nmentions; k++) named |= r->mentions[k].app >= 0 && c->apps[r->mentions[k].app].kind == kind;
		for (uint32_t f = 0; !named && f < c->nfamilies && f < 64; f++) {
			uint32_t a = c->families[f].apps[kind];
			cat_str sn = c->families[f].short_name[kind];
			if (!(families >> f & 1) || a == CAT_NONE || sn == CAT_NONE || strcmp(cat_s(c, sn), r->words[i]) != 0) continue;
			r->mentions[r->nmentions++] = (struct plan_mention){ .first = i, .nwords = 1, .app = (int)a, .family = -1, .product = -1 };
			r->app_word[i] = true;
			break;
		}
	}
}

/* Whether mentions x and y name the same app, or one names the family of the other's app. */
static bool names_same(const struct catalog *c, const struct plan_mention *x, const struct plan_mention *y)
{
	if (x->app >= 0 && y->app >= 0) return x->app == y->app;
	if (x->family >= 0 && y->family >= 0) return x->family == y->family;
	if (x->family >= 0 && y->app >= 0) return in_family(c, (uint32_t)x->family, y->app);
	return y->family >= 0 && x->app >= 0 && in_family(c, (uint32_t)y->family, x->app);
}

/* "Outlook + Excel: the valuation firms send their invoices to my Outlook inbox, ...": apps joined by "and" alone
 * before the first comma or colon, each named again after it, head the request: no mention, their words understood
 * (the request says each app's role where it names it again). */
static void drop_heading(const struct catalog *c, struct plan_resolution *r)
{
	bool either;
	int h = 0;
	for (; h < r->nwords && !(h > 0 && r->after_comma[h]); h++)
		if (!(r->app_word[h] && !r->product_word[h]) && !joins(r, h, &either)) return;
	if (h < 3 || h >= r->nwords) return;
	int heading = 0;
	for (int k = 0; k < r->nmentions && r->mentions[k].first < h; k++, heading++) {
		bool again = false;
		for (int q = k + 1; q < r->nmentions && !again; q++)
			again = r->mentions[q].first >= h && names_same(c, &r->mentions[k], &r->mentions[q]);
		if (!again) return;
	}
	if (heading < 2) return;
	memmove(r->mentions, r->mentions + heading, (size_t)(r->nmentions - heading) * sizeof *r->mentions);
	r->nmentions -= heading;
	for (int w = 0; w < h; w++) {
		r->app_word[w] = false;
		r->stop[w] = true;
		r->said_kind[w] = AK_COUNT;
	}
}

/* App, family and product names, longest first at each word, left to right: "Google Docs" is a product
 * outside the catalog, not the Google family. A product is named as written (no typo). Then the short
 * names of products of the families named, by a family's name or one of its apps ("Chat" beside Gmail). */
void rs_find_mentions(const struct catalog *c, struct plan_resolution *r)
{
	uint64_t none = 0, families = 0;
	note_said_kinds(c, r);
	for (int i = 0; i < r->nwords; i++)
		if (!r->app_word[i]) {
			each_phrase(c, r, i, 1u << SYN_APP | 1u << SYN_FAMILY | 1u << SYN_PRODUCT, claim_mention, &none);
			if (!r->app_word[i]) claim_split_name(c, r, i);
		}
	for (int k = 0; k < r->nmentions; k++) mail_names_family(c, r, &r->mentions[k]);
	for (int k = 0; k < r->nmentions; k++) family_after_kind(c, r, &r->mentions[k]);
	for (int k = 0; k < r->nmentions; k++) family_after_receipt(c, r, &r->mentions[k]);
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		for (uint32_t f = 0; f < c->nfamilies && f < 64; f++) {
			bool of = (int)f == m->family || (m->app >= 0 && in_family(c, f, m->app));
			/* a family's apps bring the other families they belong to ("Outlook" is Microsoft's: "Teams" beside it) */
			for (uint32_t kind = 1; !of && m->family >= 0 && kind < AK_COUNT; kind++) {
				uint32_t a = c->families[m->family].apps[kind];
				of = a != CAT_NONE && in_family(c, f, (int)a);
			}
			if (of) families |= 1ull << f;
		}
	}
	int before = r->nmentions;
	if (families) short_names(c, r, families);
	for (int i = 0; families && i < r->nwords; i++)
		if (!r->app_word[i]) each_phrase(c, r, i, 1u << SYN_FAMILY_PRODUCT, claim_mention, &families);
	/* mentions stay in the order of the words */
	for (int k = before; k < r->nmentions; k++)
		for (int j = k; j > 0 && r->mentions[j].first < r->mentions[j - 1].first; j--) {
			struct plan_mention t = r->mentions[j]; r->mentions[j] = r->mentions[j - 1]; r->mentions[j - 1] = t;
		}
	drop_heading(c, r);
}

/* Family mention m is its app a: the app is named, the family no longer where no other mention names it. */
void rs_family_is_app(struct plan_resolution *r, int m, int a)
{
	int f = r->mentions[m].family;
	r->mentions[m].family = -1;
	r->mentions[m].app = a;
	bool dup = false, still = false;
	for (int q = 0; q < r->napps; q++) dup |= r->apps[q] == a;
	if (!dup && r->napps < PLAN_MAX_APPS) {
		r->app_role[r->napps] = r->mentions[m].role;
		r->app_strong[r->napps] = false;
		r->apps[r->napps++] = a;
	}
	for (int q = 0; q < r->nmentions; q++) still |= r->mentions[q].family == f;
	for (int q = 0; !still && q < r->nfamilies; q++)
		if (r->families[q] == f) {
			memmove(&r->families[q], &r->families[q + 1], (size_t)(r->nfamilies - q - 1) * sizeof *r->families);
			r->nfamilies--;
			break;
		}
}

/* The roles rs_role_before reads: markers of place, and "as". */
#define PLACE_ROLES (1ull << ROLE_SOURCE | 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET | 1ull << ROLE_KEPT | 1ull << ROLE_PART | \
	1ull << ROLE_AS)

/* The role marker (a SYN_ROLE phrase) ending right before word `before`, skipping up to two articles
 * or possessives; ROLE_NONE when a content word comes first. */
enum cat_role rs_role_before(const struct catalog *c, const struct plan_resolution *r, int before)
{
	for (int j = before - 1, skipped = 0; j >= 0 && skipped <= 2; j--, skipped++) {
		if (r->arrow[j]) return ROLE_TARGET;
		/* the longer phrase first: "stored on" before "on" */
		for (int start = j > 0 ? j - 1 : j; start <= j; start++)
			for (int m = 0; m < r->nwm[start]; m++) {
				const struct cat_word *w = &c->words[r->wm[start][m].word];
				for (uint32_t k = 0; (w->roles & PLACE_ROLES) && k < w->syn_count; k++) {
					const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
					/* markers of place only; "as" says what is made, so where ("post new releases as Outlook
					 * calendar events"): the target */
					if (sy->kind != SYN_ROLE || (int)sy->words != j - start + 1 || (sy->target != ROLE_SOURCE &&
					    sy->target != ROLE_TARGET && sy->target != ROLE_WEAK_TARGET && sy->target != ROLE_KEPT &&
					    sy->target != ROLE_PART && sy->target != ROLE_AS))
						continue;
					if (rs_phrase_at(c, r, start, cat_s(c, sy->phrase), PH_STRICT) == j - start + 1 &&
					    r->wm[start][m].level == LV_EXACT)
						return sy->target == ROLE_AS ? ROLE_TARGET : (enum cat_role)sy->target;
				}
			}
		/* small words and trigger words may stand between ("from each new Google Calendar event") */
		if ((!r->stop[j] && !r->trigger[j]) || r->app_word[j]) return ROLE_NONE;
	}
	return ROLE_NONE;
}


/* Whether a receive verb (roles.receive: get) stands in the clause before word i, up to eight words back, and a
 * source marker between: the things come from somewhere else ("get attachments from Outlook emails stored in
 * OneDrive"; "get the Excel file stored in OneDrive" reads it there). */
static bool after_receive(const struct catalog *c, const struct plan_resolution *r, int i)
{
	bool from = false;
	for (int k = i - 1; k >= 0 && k >= i - 9 && !r->after_comma[k + 1]; k--) {
		from |= rs_role_words(c, r, k, 1ull << ROLE_SOURCE) != 0;
		if (rs_role_words(c, r, k, 1ull << ROLE_RECEIVE)) return from;
	}
	return false;
}

/* The participle before the target marker (an article between) ending right before word `first`, itself right after
 * a word for a kind of things and no passive's, or -1; strong: the marker is a strong one (a weak one only in a
 * relative clause). */
static int participle_place(const struct catalog *c, const struct plan_resolution *r, int first, bool strong)
{
	int j = first - 1;
	while (j >= 0 && r->stop[j] && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	if (j < 2) return -1;
	int p = j - 1, t = p - 1;
	/* (or in a relative clause about the things: "files that are uploaded to Dropbox", "every file that lands in
	 * Dropbox"; the words before the verb first, marker lookups cost) */
	if (t > 0 && r->stop[t] && has_role_word(c, r, t, ROLE_AUX)) t--;
	bool relative = t >= 1 && r->said_kind[t - 1] != AK_COUNT && !r->after_comma[t] && r->stop[t] && has_role_word(c, r, t, ROLE_RELATIVE) &&
		(participle_form(c, r, p) || (ends_in(r, p, "s") && verb_of(c, r, p) >= 0));
	if (!relative && (!strong || !participle_form(c, r, p) || passive_at(c, r, p) || r->said_kind[p - 1] == AK_COUNT)) return -1;
	if (!rs_role_words(c, r, j, 1ull << ROLE_TARGET | 1ull << ROLE_WEAK_TARGET)) return -1;
	/* "Is there a way to get attachments from incoming Outlook emails saved into Dropbox?": after a receive verb
	 * (roles.receive: get) the participle is what is asked, no place; so it is after a causative ("I want the open
	 * GitHub issues copied to a Google Sheet") and in a title ("Excel Online table rows appended to a Google Sheet") */
	return after_receive(c, r, p - 1) || after_causative(c, r, p) || rs_title_verb(c, r, p) ? -1 : p;
}

/* The first word of the "kept" marker before word `before` (up to four words back), or -1. */
static int kept_marker(const struct catalog *c, const struct plan_resolution *r, int before)
{
	for (int j = before - 1; j >= 0 && j >= before - 4; j--)
		if (has_role_word(c, r, j, ROLE_KEPT)) return j;
	return -1;
}

/* The words of the "kept" marker before word `before`: no verb is read there. */
static void mark_kept(const struct catalog *c, struct plan_resolution *r, int before)
{
	for (int w = kept_marker(c, r, before); w >= 0 && w < before; w++) r->kept[w] = true;
}

/* "Rechnungen aus Gmail abgelegt in OneDrive", "Gmail invoices saved in OneDrive": a title with no verb, the marker's
 * participle bare after the things (no auxiliary, pronoun or relative before it, no copula in it) and an app of other
 * things (no workbook) named before it, asks the keeping. */
static bool titled_keeping(const struct catalog *c, const struct plan_resolution *r, int j, int before)
{
	if (rs_role_words(c, r, j - 1, 1ull << ROLE_AUX | 1ull << ROLE_PASSIVE_ASK | 1ull << ROLE_PRONOUN | 1ull << ROLE_RELATIVE) ||
	    has_role_word(c, r, j, ROLE_AUX) || r->question)
		return false;
	if (!no_verb_outside(c, r, j, before)) return false;
	int kept = -1;
	for (int m = 0; m < r->nmentions; m++) if (r->mentions[m].first == before) kept = r->mentions[m].app;
	for (int m = 0; kept >= 0 && m < r->nmentions && r->mentions[m].first < j; m++) {
		int a = r->mentions[m].app;
		/* (a family's name too: "Rechnungen aus Outlook abgelegt in Dropbox") */
		if ((a >= 0 && c->apps[a].kind != c->apps[kept].kind && c->apps[a].kind != AK_SHEETS) || (a < 0 && r->mentions[m].family >= 0))
			return true;
	}
	return false;
}

/* "Invoices should be saved in Google Drive": right after a passive's infinitive (roles.passive_asks: be) the words
 * of keeping are the action asked, no place where things are kept ("the files saved in OneDrive" are kept there). */
static bool kept_asked(const struct catalog *c, const struct plan_resolution *r, int before)
{
	int j = kept_marker(c, r, before);
	if (j <= 0) return false;
	if (has_role_word(c, r, j - 1, ROLE_PASSIVE_ASK) || titled_keeping(c, r, j, before)) return true;
	/* ("I need that the attachments are saved in Dropbox": an auxiliary after "that" and a causative or modal a pronoun
	 * opens, in the sentence, asks the keeping too) */
	if (!has_role_word(c, r, j - 1, ROLE_AUX)) return false;
	for (int k = j - 2; k > 0 && k >= j - 8 && !r->sentence_start[k + 1]; k--)
		if (rs_role_words(c, r, k, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE) && has_role_word(c, r, k - 1, ROLE_PRONOUN))
			return true;
	return false;
}

/* The roles among `wanted` (bits per enum cat_role) whose phrases start at word i (rs_role_words, inline, reads the
 * words' role masks before calling this). */
uint64_t rs_role_words_of(const struct catalog *c, const struct plan_resolution *r, int i, uint64_t wanted)
{
	uint64_t roles = 0;
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->roles & wanted & ~roles) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == SYN_ROLE && (wanted & ~roles) >> sy->target & 1 && rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT))
				roles |= 1ull << sy->target;
		}
	}
	return roles;
}

/* "two-way", "every day": the words of a role phrase that says something about the whole request are understood,
 * never scored (stop words from here on). Returns the words of the longest such phrase at i. */
int rs_understood_role(const struct catalog *c, struct plan_resolution *r, int i, enum cat_role role)
{
	r->both_ways |= role == ROLE_BOTH_WAYS;
	int longest = role_phrase_words(c, r, i, role, PH_STRICT);
	for (int j = i; j < i + longest; j++) r->stop[j] = true, r->other_thing[j] |= role == ROLE_OTHER_THING;
	return longest;
}

static uint32_t mention_kind(const struct catalog *c, const struct plan_mention *m)
{
	return m->app >= 0 ? c->apps[m->app].kind : AK_CALLER;
}

/* Roles from markers, then settled between two apps of one kind: a strong marker on one gives the
 * other the opposite role; with no strong marker the first named is the source. */

/* "from new rows in Google Sheets", "attachments from emails in Gmail", "from the rows of a Google Sheet": a place
 * or part marker before an app, after a source marker and a word for the app's own kind (no other app between),
 * says where the things read come from; "from my emails in Google Drive" stores them there. */
/* (marker: ROLE_SOURCE; ROLE_TARGET for a part: "into the Backlog tab of our Google Sheet" writes there, no verb
 * between: "to copy the rows of our Google Sheets" reads them) */
static bool marker_before_place(const struct catalog *c, struct plan_resolution *r, const struct plan_mention *m, enum cat_role marker)
{
	if (m->app < 0) return false;
	bool own_kind = false;
	for (int k = m->first - 2, n = 0; k >= 0 && n < 5; k--, n++) {  /* ("from the catering shift sheet in Google Sheets") */
		if (r->app_word[k] || r->arrow[k] || (marker == ROLE_TARGET && verb_of(c, r, k) >= 0)) return false;
		if (rs_role_words(c, r, k, 1ull << marker)) return own_kind;
		own_kind |= r->said_kind[k] == c->apps[m->app].kind;
	}
	return false;
}

/* Whether mention k is the first after a trigger word that is no verb ("when", "sobald"): the app the event
 * happens in, whatever marker stands before it; not after a verb opening the next clause ("Watch a Dropbox folder
 * for new files and upload them to OneDrive": the trigger's app came before it). */
static bool in_trigger_clause(const struct catalog *c, const struct plan_resolution *r, int k)
{
	int from = k > 0 ? r->mentions[k - 1].first + r->mentions[k - 1].nwords : 0;
	bool trigger = false, each = false;
	int nouns = 0;
	for (int i = from; i < r->mentions[k].first; i++) {
		/* ("for each invoice add a row to Excel", "für jede Rechnung eine Zeile in die Excel-Tabelle schreiben": after
		 * "for each" and its thing, a verb or an article opens the main clause) */
		if (each) {
			bool verb = !r->stop[i] && !r->trigger[i] && verb_of(c, r, i) >= 0;
			bool noun = !verb && !r->stop[i] && !r->trigger[i] && !has_role_word(c, r, i, ROLE_DETERMINER);
			/* (right after the thing's words only: "for every new row in an Excel sheet", "for each brief our team
			 * writes") */
			if (nouns && !noun) {
				if (verb || has_role_word(c, r, i, ROLE_INDEFINITE)) trigger = false;
				each = false;
			}
			nouns += each && noun;
		}
		if (r->trigger[i] && rs_role_words(c, r, i, 1ull << ROLE_TRIGGER) && verb_of(c, r, i) < 0) {
			trigger = true;
			each = has_role_word(c, r, i, ROLE_MADE_FOR);
			nouns = 0;
		}
		else if (trigger && i > 0 && verb_of(c, r, i) >= 0 && (r->after_comma[i] || has_role_word(c, r, i - 1, ROLE_OPENER)))
			trigger = false;
		/* (a pronoun and a modal or causative before an article or a pronoun open the main clause: "When a new line is
		 * added there I want the event is created in the outlook calendar"; "every interview i have on google
		 * calendar" stays in it) */
		else if (trigger && i > 0 && i + 1 < r->nwords && has_role_word(c, r, i - 1, ROLE_PRONOUN) &&
			 rs_role_words(c, r, i, 1ull << ROLE_MODAL | 1ull << ROLE_CAUSATIVE) &&
			 rs_role_words(c, r, i + 1, 1ull << ROLE_DETERMINER | 1ull << ROLE_PRONOUN))
			trigger = false;
	}
	return trigger;
}

/* "Create Google Calendar events for GitHub issues", "Excel rows for Outlook emails": an app right after
 * "for"/"für" (roles.made_for; articles or "new" between) and followed by a word for its own kind's things names what each item is made
 * for: they are read, as firmly as after "from". */
static bool made_for(const struct catalog *c, const struct plan_resolution *r, const struct plan_mention *m)
{
	int j = m->first - 1, next = m->first + m->nwords;
	/* articles and a trigger's "new" ("for new Gmail messages") */
	while (j >= 0 && !has_role_word(c, r, j, ROLE_MADE_FOR) && (has_role_word(c, r, j, ROLE_DETERMINER) || r->trigger[j])) j--;
	return m->app >= 0 && j >= 0 && has_role_word(c, r, j, ROLE_MADE_FOR) && next < r->nwords &&
		r->said_kind[next] == c->apps[m->app].kind;
}

/* "a Google Drive folder named Invoices 2026", "mit dem Namen Budget 2027": the words of a name given after
 * roles.naming (up to three, to a small word that is no number, a verb, an app, a comma or an arrow) are
 * understood, read as nothing else: no subject, kind or vocabulary word. */
static void name_after(const struct catalog *c, struct plan_resolution *r, int from)
{
	for (int k = from; k < r->nwords && k < from + 3; k++) {
		if ((k > from && r->after_comma[k]) || r->arrow[k] || r->app_word[k] || verb_of(c, r, k) >= 0 ||
		    (r->stop[k] && !word_has_digit(r, k)))
			return;
		r->stop[k] = true;
		r->nwm[k] = 0;
	}
}

/* Roles whose phrases are understood words wherever they stand (rs_understood_role). */
/* ("read-only", roles.constraints: how the request may act, asking nothing itself) */
#define UNDERSTOOD_ROLES (1ull << ROLE_BOTH_WAYS | 1ull << ROLE_NEGATION | 1ull << ROLE_DATES | 1ull << ROLE_SCHEDULE | 1ull << ROLE_NAMING | \
	1ull << ROLE_CONSTRAINT | 1ull << ROLE_EXCEPTION | 1ull << ROLE_OTHER_THING)

/* Whether a word for people stands right before the weak place marker before word i, determiners between or none
 * ("each customer in our Google Sheet", "the members in the Excel sheet"): where they are listed (the caller asks this
 * of a spreadsheet only: "reply to the client in gmail" still writes there). */
static bool people_listed_in(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int j = i - 1;
	while (j > 0 && has_role_word(c, r, j, ROLE_DETERMINER)) j--;
	/* (people a determiner or an article opens: "Nachrichten von Kunden in Google Sheets speichern" stores there) */
	return j > 1 && !r->after_comma[j] && !r->after_comma[j + 1] && rs_role_words(c, r, j, 1ull << ROLE_WEAK_TARGET) &&
		exact_word(c, r, j - 1, SYN_STOP, STOP_PERSON) >= 0 && rs_role_words(c, r, j - 2, 1ull << ROLE_DETERMINER | 1ull << ROLE_ARTICLE);
}

void rs_find_roles(const struct catalog *c, struct plan_resolution *r)
{
	/* a receive verb makes its subject the target, unless a target marker after it names the receiver
	 * ("use the GitHub API to get our issues into a spreadsheet") */
	/* ... but not one inside a trigger's clause ("get a Slack notification when a file is added to Dropbox") */
	bool receive = false, trigger = false;
	for (int i = 0; i < r->nwords; i++) {
		uint64_t roles = rs_role_words(c, r, i, 1ull << ROLE_RECEIVE | 1ull << ROLE_TRIGGER | UNDERSTOOD_ROLES |
			(uint64_t)(receive && !trigger) << ROLE_TARGET);
		trigger |= receive && roles >> ROLE_TRIGGER & 1 && verb_of(c, r, i) < 0;  /* "when", not "new" */
		/* ("New Google Calendar events get mirrored as events in my Outlook calendar": "get" before a participle is a
		 * passive's auxiliary, nothing received) */
		/* (nor does one after a thing and a pronoun, a clause cut short: "log every gmail i get as a row" names what
		 * the person gets) */
		if ((roles >> ROLE_RECEIVE & 1) && !(i + 1 < r->nwords && participle_form(c, r, i + 1)) &&
		    !(i > 1 && has_role_word(c, r, i - 1, ROLE_PRONOUN) && (r->app_word[i - 2] || r->word_kinds[i - 2])))
			receive = true;
		else if (receive && !trigger && roles >> ROLE_TARGET & 1) receive = false;
		/* phrases saying something of the whole request: "two-way", "instead of", "einen Tag vorher" (a date, no
		 * "tag"), "every day" (when the steps run is the caller's; the first is named in the answer) */
		for (uint64_t u = roles & UNDERSTOOD_ROLES; u; u &= u - 1) {
			enum cat_role role = (enum cat_role)__builtin_ctzll(u);
			int n = rs_understood_role(c, r, i, role);
			if (role == ROLE_SCHEDULE && !r->schedule_words) { r->schedule_first = i; r->schedule_words = n; }
			/* (one right after it lengthens it: "every monday morning") */
			else if (role == ROLE_SCHEDULE && i == r->schedule_first + r->schedule_words) r->schedule_words += n;
			/* ("the last ten tagged releases": after an article or a number the word describes, names nothing) */
			if (role == ROLE_NAMING && !(i > 0 && rs_role_words(c, r, i - 1, 1ull << ROLE_DETERMINER | 1ull << ROLE_NUMBER)) &&
			    !(i > 0 && word_has_digit(r, i - 1)))
				name_after(c, r, i + n);
		}
	}
	/* (so does a time of day right after it, a small word maybe before it: "every monday at 8am", "jeden Montag um 8",
	 * "every weekday at 7:30") */
	if (r->schedule_words) {
		int at = r->schedule_first + r->schedule_words;
		if (at < r->nwords && !r->after_comma[at] && r->stop[at] && !word_has_digit(r, at)) at++;
		if (at < r->nwords && !r->after_comma[at] && word_has_digit(r, at)) {
			while (at < r->nwords && !r->after_comma[at] && word_has_digit(r, at)) at++;
			r->schedule_words = at - r->schedule_first;
		}
	}
	for (int k = 0; k < r->nmentions; k++) {
		struct plan_mention *m = &r->mentions[k];
		int after = m->first + m->nwords;
		enum cat_role role = rs_role_before(c, r, m->first);
		/* the app before an arrow, or before a word for its own kind and an arrow ("GitHub Issues ->"), is read */
		if (after + 1 < r->nwords && r->arrow[after + 1] && !r->app_word[after] && m->app >= 0 &&
		    r->said_kind[after] == c->apps[m->app].kind)
			after++;
		if (after < r->nwords && r->arrow[after] && role == ROLE_NONE) role = ROLE_SOURCE;
		/* "the list of files added to a Google Drive folder": a participle right after a word for things, before the
		 * target marker, says where the things are, read from there as after "stored in" (not a passive's: "files are
		 * uploaded to Dropbox" is the action) */
		int said_where = role == ROLE_TARGET || role == ROLE_WEAK_TARGET ? participle_place(c, r, m->first, role == ROLE_TARGET) : -1;
		if (said_where >= 0) {
			role = ROLE_KEPT;
			for (int w = said_where; w < m->first; w++) r->kept[w] = true;
			r->stop[said_where] = true;  /* understood: it says where */
		}
		/* "get attachments from incoming Outlook emails stored in OneDrive": after a receive verb (get) the words of
		 * keeping say where things go, no place they are kept */
		if (role == ROLE_KEPT && (after_receive(c, r, m->first) || kept_asked(c, r, m->first))) role = ROLE_TARGET;
		/* "Can the members in the Excel sheet get a reminder email?": the people listed there, read from it */
		if (role == ROLE_WEAK_TARGET && m->app >= 0 && c->apps[m->app].kind == AK_SHEETS && people_listed_in(c, r, m->first))
			role = ROLE_SOURCE;
		/* "the rows of": a part, no place, unless read from, and then as firmly as "from" itself */
		bool part = role == ROLE_PART, placed = (role == ROLE_WEAK_TARGET || part) && marker_before_place(c, r, m, ROLE_SOURCE);
		if (placed) role = ROLE_SOURCE;
		else if (part) role = marker_before_place(c, r, m, ROLE_TARGET) ? ROLE_TARGET : ROLE_NONE;
		m->strong = role == ROLE_SOURCE || role == ROLE_TARGET || role == ROLE_KEPT;
		/* "an Excel file stored on OneDrive": where it is kept, read from there; the words are no verb */
		if (role == ROLE_KEPT) mark_kept(c, r, m->first);
		m->role = role == ROLE_SOURCE || role == ROLE_KEPT ? PR_SOURCE
			: role == ROLE_TARGET || role == ROLE_WEAK_TARGET ? PR_TARGET : PR_NONE;
		if (role == ROLE_NONE && made_for(c, r, m)) {
			m->role = PR_SOURCE;
			m->strong = true;
		}
		/* "when a meeting is added to my Outlook calendar, put it in ...": where the event happens is read, where
		 * something else is named ("Getting 403 when uploading a file to Google Drive" is no trigger) */
		m->triggered = in_trigger_clause(c, r, k);
		if (m->role == PR_TARGET && r->nmentions > 1 && m->triggered) m->role = PR_SOURCE;
	}
	/* "to Google Drive and Google Sheets": an app joined by "and" to a target, with no marker of its own, is a target
	 * too (not firmly: of one kind, the pairing below still makes the two ends) */
	/* "into our Google Workspace Gmail accounts": a family's name right before an app of that family says which app;
	 * the marker before them is the app's */
	for (int k = 1; k < r->nmentions; k++) {
		struct plan_mention *x = &r->mentions[k - 1], *y = &r->mentions[k];
		if (x->app >= 0 || x->product >= 0 || x->family < 0 || y->app < 0 || y->role != PR_NONE ||
		    y->first != x->first + x->nwords || !in_family(c, (uint32_t)x->family, y->app))
			continue;
		y->role = x->role;
		y->strong = x->strong;
		x->role = PR_NONE;
		x->strong = false;
	}
	for (int k = 1; k < r->nmentions; k++) {
		struct plan_mention *x = &r->mentions[k - 1], *y = &r->mentions[k];
		if (x->role != PR_TARGET || y->role != PR_NONE || y->first - (x->first + x->nwords) != 1) continue;
		bool either;
		if (joins(r, y->first - 1, &either) && !either) {
			y->role = PR_TARGET;
			y->joined = true;
		}
	}
	/* "Dropbox should receive my Drive files": the first app named, without a marker, receives */
	for (int k = 0; receive && k < r->nmentions; k++)
		if (!r->mentions[k].strong) {
			r->mentions[k].role = PR_TARGET;
			r->mentions[k].strong = true;
			break;
		}
	for (int a = 0; a < r->nmentions; a++)
		for (int b = a + 1; b < r->nmentions; b++) {
			struct plan_mention *x = &r->mentions[a], *y = &r->mentions[b];
			if (x->app < 0 || y->app < 0 || mention_kind(c, x) != mention_kind(c, y)) continue;
			/* (two joined by "and" play one role: "free in both Google Calendar and Outlook calendar" reads both) */
			if (y->joined && b == a + 1) continue;
			if (x->strong && !y->strong) y->role = x->role == PR_SOURCE ? PR_TARGET : PR_SOURCE;
			else if (y->strong && !x->strong) x->role = y->role == PR_SOURCE ? PR_TARGET : PR_SOURCE;
			else if (!x->strong && !y->strong) { x->role = PR_SOURCE; y->role = PR_TARGET; }
		}
}

/* Whether "with" (roles.record_with) stands before word j, up to two small or plain words between. */
static bool comes_with(const struct catalog *c, const struct plan_resolution *r, int j)
{
	for (int k = j - 1; k >= 0 && k >= j - 3; k--) {
		if (has_role_word(c, r, k, ROLE_RECORD_WITH)) return true;
		if (r->app_word[k] || r->after_comma[k + 1] || r->said_kind[k] != AK_COUNT) return false;
	}
	return false;
}

/* "Google Calendar to Outlook": a family named with a role beside an app of a kind the family also has
 * names its app of that kind, the other end of a transfer. */
/* The kind of app a word in family mention f's own clause says, of a kind the family has: right after it, or
 * before it back to the mention before ("an event is created in Outlook": its calendar); AK_COUNT if none. */
static uint32_t family_kind_said(const struct catalog *c, const struct plan_resolution *r, const struct plan_mention *f)
{
	const struct cat_family *fam = &c->families[f->family];
	int after = f->first + f->nwords, from = 0;
	for (int k = 0; k < r->nmentions; k++)
		if (r->mentions[k].first < f->first) from = r->mentions[k].first + r->mentions[k].nwords;
	/* ("in Office 365 eine Mail": an article between) */
	if (after + 1 < r->nwords && r->said_kind[after] == AK_COUNT && r->stop[after] && !r->app_word[after + 1]) after++;
	if (after < r->nwords && r->said_kind[after] != AK_COUNT && fam->apps[r->said_kind[after]] != CAT_NONE)
		return r->said_kind[after];
	/* (not one a thing comes with: "a new email with a meeting date arrives in Outlook" is mail) */
	for (int j = f->first - 1; j >= from; j--)
		if (r->said_kind[j] != AK_COUNT && fam->apps[r->said_kind[j]] != CAT_NONE && !comes_with(c, r, j)) return r->said_kind[j];
	/* (nor one a verb of receiving says: "when a customer writes to me in Outlook about an appointment" is mail) */
	struct one_kind_read k = { .kind = AK_COUNT };
	for (int j = f->first - 1; j >= from && !r->after_comma[j + 1]; j--)
		if (each_phrase(c, r, j, 1u << SYN_INTENT, reads_one_kind, &k) && fam->apps[k.kind] != CAT_NONE) return k.kind;
	return AK_COUNT;
}

static void family_in_transfer(const struct catalog *c, struct plan_resolution *r, const struct plan_mention *f)
{
	if (f->family < 0) return;
	enum plan_role role = f->role;
	bool strong = f->strong;
	/* "copy my Outlook events to Google Calendar": a family without a marker, right before a word for the kind
	 * of an app named with a marker, names its app of that kind at the other end */
	uint32_t said = role == PR_NONE && f->first + f->nwords < r->nwords ? r->said_kind[f->first + f->nwords] : AK_COUNT;
	for (int m = 0; role == PR_NONE && said != AK_COUNT && m < r->napps; m++)
		if (c->apps[r->apps[m]].kind == said && r->app_role[m] != PR_NONE) {
			role = r->app_role[m] == PR_SOURCE ? PR_TARGET : PR_SOURCE;
			strong = true;
		}
	/* "Sync my Google Calendar with Outlook", "Sync Outlook events with Google Calendar": with a verb of copying,
	 * a family beside the one app of a kind it also has (a word for that kind after it or none) is the other end:
	 * the target when named after the app, else the source */
	int pa = -1;
	for (int k = 0; k < r->nmentions && pa < 0; k++) if (r->mentions[k].app >= 0) pa = r->mentions[k].first;
	uint32_t other = r->napps == 1 ? c->families[f->family].apps[c->apps[r->apps[0]].kind] : CAT_NONE;
	if (role == PR_NONE && (said == AK_COUNT || said == c->apps[r->apps[0]].kind) && pa >= 0 && other != CAT_NONE &&
	    other != (uint32_t)r->apps[0]) {
		bool copy = false;
		for (int i = 0; i < r->nwords && !copy; i++) copy = !r->app_word[i] && verb_of(c, r, i) == (int)c->meta->copy_intent;
		if (copy) role = f->first > pa ? PR_TARGET : PR_SOURCE;
	}
	if (role == PR_NONE) return;
	const struct cat_family *fam = &c->families[f->family];
	uint32_t own = family_kind_said(c, r, f);
	for (int m = 0, n = r->napps; m < n && r->napps < PLAN_MAX_APPS; m++) {
		uint32_t a = fam->apps[c->apps[r->apps[m]].kind];
		/* a family whose own clause says another of its kinds is no end of a transfer of app m's kind ("when an
		 * event is created in Outlook, send an email via Gmail") */
		if (own != AK_COUNT && own != c->apps[r->apps[m]].kind) continue;
		/* an app read where its things are placed ("from emails in Gmail") is no end of a transfer the family's
		 * weak marker would make ("calendar events in Outlook from appointment emails in Gmail") */
		if (a == CAT_NONE || (int)a == r->apps[m] || r->app_role[m] == role ||
		    (!strong && r->app_role[m] == PR_SOURCE && !r->app_strong[m]))
			continue;
		int dup = 0;
		for (int q = 0; q < r->napps; q++) dup |= r->apps[q] == (int)a;
		if (dup) continue;
		r->app_role[r->napps] = role;
		r->app_strong[r->napps] = strong;
		r->apps[r->napps++] = (int)a;
		if (r->app_role[m] == PR_NONE) r->app_role[m] = role == PR_SOURCE ? PR_TARGET : PR_SOURCE;
	}
}

/* Whether the person declines app mention m: a negation before it, small words between ("not Google Drive", "nicht in
 * Google Drive", "instead of Dropbox", "we don't use OneDrive"), or "... is not an option" after it. */
static bool declined_app(const struct catalog *c, const struct plan_resolution *r, const struct plan_mention *m)
{
	if (!r->negation_from || r->negation_from - 1 > m->first + m->nwords + 4) return false;
	for (int j = m->first - 1; j >= 0 && j >= m->first - 3 && !r->after_comma[j + 1]; j--) {
		if (has_role_word(c, r, j, ROLE_NEGATION)) return true;
		if (!r->stop[j]) break;
	}
	/* (the word "option" first: it is rare, the negation's lookup is not) */
	int after = m->first + m->nwords, option = -1;
	for (int j = after; j < r->nwords && j < after + 5 && !r->after_comma[j] && option < 0; j++)
		if (r->wordlen[j] >= 6 && memcmp(r->words[j], "option", 6) == 0) option = j;
	for (int j = after; j < option; j++)
		if (has_role_word(c, r, j, ROLE_NEGATION)) return true;
	return false;
}

void rs_list_mentions(const struct catalog *c, struct plan_resolution *r)
{
	int sites = 0;
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		/* an app declined is no app of the plan */
		if (m->app >= 0 && declined_app(c, r, m)) continue;
		if (m->app >= 0) {
			int dup = 0;
			for (int q = 0; q < r->napps; q++) {
				if (r->apps[q] != m->app) continue;
				dup = 1;
				/* named again with a firm role, after a context sentence ("... keeps their numbers in a Google
				 * Sheet ... Is it possible to copy the rows over from the Google Sheet into the Excel workbook?"):
				 * the request's ask comes last */
				if (m->strong && m->role != PR_NONE && !r->after_comma[m->first] && sentence_of(r, m->first) > 0) {
					r->app_role[q] = m->role;
					r->app_strong[q] = true;
				}
			}
			if (!dup && r->napps < PLAN_MAX_APPS) {
				r->app_role[r->napps] = m->role;
				r->app_strong[r->napps] = m->strong;
				r->apps[r->napps++] = m->app;
			}
		} else if (m->product >= 0) {
			/* a product named as written (OUT_AS_WRITTEN: a website's address, software the catalog does not list)
			 * stands for the next such name read, if there is one */
			int site = (c->outside[m->product].flags & OUT_AS_WRITTEN) && sites < r->nsites ? ++sites : 0;
			int dup = 0;
			for (int q = 0; q < r->nproducts && !site; q++) dup |= r->products[q].item == m->product;
			if (!dup && r->nproducts < PLAN_MAX_OUTSIDE)
				r->products[r->nproducts++] = (struct plan_outside){ .first = m->first, .nwords = m->nwords,
					.item = m->product, .role = m->role, .site = site };
		} else {
			int dup = 0;
			for (int q = 0; q < r->nfamilies; q++) dup |= r->families[q] == m->family;
			if (!dup) r->families[r->nfamilies++] = m->family;
		}
	}
	for (int k = 0; k < r->nmentions; k++) family_in_transfer(c, r, &r->mentions[k]);
}
