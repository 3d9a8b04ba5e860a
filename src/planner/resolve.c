/* Reading a free-text query against the compiled vocabulary. Every query word is looked up once in
 * the sorted word index (exact, then by stem through a prefix range, then one typo through the
 * deletion index); phrases are only tried where a word that starts them was found. */
#include "planner/plan.h"
#include "util/text.h"

#include <ctype.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

enum { LV_NONE = 0, LV_TYPO = 1, LV_STEM = 2, LV_EXACT = 3 };

/* Score weights: a task phrase counts per word, a capability phrase and an intent once per task that
 * has the capability; named apps move a task up or down (docs/planner.md has the table). */
enum { W_SUBJECT = 3, W_TASK_PHRASE = 4, W_CAP_PHRASE = 3, W_INTENT_MAIN = 10, W_INTENT_PART = 3, W_INTENT_NONE = -3, W_OWN_APP = 6, W_RIVAL_APP = -4, W_KIND_STEP = 2,
	W_UNRELATED_APP = -2, W_ROLE_AGREES = 2, W_ROLE_CONTRADICTS = -3, W_UNNAMED = -2, W_TARGET_WRITE = 4 };

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

/* Endings an inflection may add: plural, verb and participle forms in English and German. */
static bool inflection_ending(const char *e)
{
	/* s es e n en er ern ed d ing, each the whole rest of e, letter by letter */
	switch (e[0]) {
	case 's': case 'n': case 'd': return e[1] == '\0';
	case 'e':
		return e[1] == '\0' || ((e[1] == 's' || e[1] == 'n' || e[1] == 'd') && e[2] == '\0') ||
			(e[1] == 'r' && (e[2] == '\0' || (e[2] == 'n' && e[3] == '\0')));
	case 'i': return e[1] == 'n' && e[2] == 'g' && e[3] == '\0';
	default: return false;
	}
}

/* How well query word q matches vocabulary word h: the same, an inflection of it, or one typo. An
 * inflection is the shorter word (four letters or more) with an inflection ending, or with its final e
 * replaced by one (schedule/scheduling): email/emails, rechnung/rechnungen, find/finden. "outlok" is no
 * inflection of "outlook", nor "dropbx" of "drop". */
static int word_level(const char *q, size_t lq, const char *h, size_t lh, bool typo)
{
	if (lq == lh && memcmp(q, h, lq) == 0) return LV_EXACT;
	size_t p = 0, min = lq < lh ? lq : lh;
	while (p < min && q[p] == h[p]) p++;
	const char *shorter = lq < lh ? q : h, *longer = lq < lh ? h : q;
	bool inflection = lq != lh && p >= 4 &&
		((p == min && inflection_ending(longer + p)) ||
		 (p + 1 == min && shorter[p] == 'e' && inflection_ending(longer + p)));
	if (inflection) return LV_STEM;
	if (typo && lq >= 5 && lh >= 5 && near_distance(q, lq, h, lh) <= 1) return LV_TYPO;
	return LV_NONE;
}

/* Whether q is an English form of the verb w: w + s/es (w of four letters or more: "news" is no form of
 * "new"), w + ing/ed, with a final e dropped (update/updating) or the last letter doubled (add/adding).
 * German endings are left out: "anhange" (attachments) is no form of "anhangen" (append). */
static bool verb_form(const char *q, size_t lq, const char *w, size_t lw)
{
	if (lw < 3 || lq <= lw) return false;
	size_t p = 0;
	while (p < lw && q[p] == w[p]) p++;
	const char *rest = q + p;
	bool ing_ed = strcmp(rest, "ing") == 0 || strcmp(rest, "ed") == 0;
	if (p == lw) {
		if (lw >= 4 && (strcmp(rest, "s") == 0 || strcmp(rest, "es") == 0)) return true;
		if (ing_ed) return true;
		return rest[0] == w[lw - 1] && (strcmp(rest + 1, "ing") == 0 || strcmp(rest + 1, "ed") == 0);
	}
	return p + 1 == lw && w[p] == 'e' && ing_ed;
}

/* After an article or a possessive a verb form is a noun or an adjective: "the booking confirmation",
 * "a recording", "my scheduled posts". */
static bool has_role_word(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role);

/* Whether word k stands where a noun does: after an article, or after an article and one small word or
 * adverb-like word ("a weekly reporting", "the daily sending"). */
static bool after_determiner(const struct catalog *c, const struct plan_resolution *r, int k)
{
	if (r->after_comma[k]) return false; /* "Every Monday, email me the list": a comma ends the article's phrase */
	if (k > 0 && has_role_word(c, r, k - 1, ROLE_DETERMINER)) return true;
	if (k < 2 || !has_role_word(c, r, k - 2, ROLE_DETERMINER)) return false;
	size_t n = r->wordlen[k - 1];
	/* "a Gmail label": an app's name between the article and the word */
	return r->stop[k - 1] || r->app_word[k - 1] || (n > 3 && strcmp(r->words[k - 1] + n - 2, "ly") == 0);
}

/* ---- words ---- */

static void add_match(struct plan_match *m, int *n, uint32_t word, int level)
{
	for (int k = 0; k < *n; k++) if (m[k].word == word) return;
	if (*n < PLAN_MAX_MATCHES) m[(*n)++] = (struct plan_match){ .word = word, .level = level };
}

/* The vocabulary words q matches exactly or by stem (prefix range of its first four letters); *exact
 * (unless NULL): the word equal to q, or -1. */
static int exact_and_stems(const struct catalog *c, const char *q, struct plan_match *m, int *exact)
{
	size_t lq = strlen(q);
	int n = 0, e = cat_word_find(c, q, lq);
	if (exact) *exact = e;
	if (e >= 0) add_match(m, &n, (uint32_t)e, LV_EXACT);
	if (lq < 4) return n;
	uint32_t first, end;
	cat_word_prefix(c, q, 4, &first, &end);
	for (uint32_t k = first; k < end; k++)
		if ((int)k != e && word_level(q, lq, cat_s(c, c->words[k].word), c->words[k].len, false) == LV_STEM)
			add_match(m, &n, k, LV_STEM);
	return n;
}

/* Vocabulary words one edit from q, through the deletion index; for words of nine letters or more
 * any word sharing a deletion with q (two edits: "reschedual"); for four-letter words only two letters
 * swapped ("raed", "fiel"). */
static int typos(const struct catalog *c, const char *q, struct plan_match *m, int n)
{
	size_t lq = strlen(q);
	char tmp[48];
	if (lq == 4) {
		for (size_t k = 0; k + 1 < lq; k++) {
			memcpy(tmp, q, lq);
			tmp[k] = q[k + 1];
			tmp[k + 1] = q[k];
			int e = cat_word_find(c, tmp, lq);
			if (e >= 0 && !c->words[e].stop) add_match(m, &n, (uint32_t)e, LV_TYPO);
		}
		return n;
	}
	if (lq < 5 || lq > 40) return n;
	for (size_t d = 0; d <= lq; d++) {
		size_t len = 0;
		for (size_t k = 0; k < lq; k++) if (k != d) tmp[len++] = q[k];
		uint32_t first, end;
		cat_typo_range(c, text_hash(tmp, len), &first, &end);
		for (uint32_t k = first; k < end; k++) {
			const struct cat_word *w = &c->words[c->typos[k].word];
			bool long_words = lq >= 9 && w->len >= 9;
			if (long_words || near_distance(q, lq, cat_s(c, w->word), w->len) <= 1)
				add_match(m, &n, c->typos[k].word, LV_TYPO);
		}
	}
	return n;
}

/* The vocabulary's matches (exact or by stem) of the n bytes at s, into m; their count. */
static int matches_of(const struct catalog *c, const char *s, size_t n, struct plan_match *m)
{
	char w[128];
	if (n >= sizeof w) return 0;
	memcpy(w, s, n);
	w[n] = '\0';
	return exact_and_stems(c, w, m, NULL);
}

/* A known word of the vocabulary (exact or by stem), not a stop word unless stop. */
static bool known_as(const struct catalog *c, const char *s, size_t n, bool stop)
{
	struct plan_match m[PLAN_MAX_MATCHES];
	int k = matches_of(c, s, n, m);
	for (int i = 0; i < k; i++) if (stop || !c->words[m[i].word].stop) return true;
	return false;
}

static bool known(const struct catalog *c, const char *s, size_t n)
{
	return known_as(c, s, n, false);
}

/* Whether the n bytes at s are a known word that starts a verb's phrase (an intent): "erstellen", "laden". */
static bool verb_word(const struct catalog *c, const char *s, size_t n)
{
	struct plan_match m[PLAN_MAX_MATCHES];
	int k = matches_of(c, s, n, m);
	for (int i = 0; i < k; i++) if (c->words[m[i].word].starts >> SYN_INTENT & 1) return true;
	return false;
}

/* Where to split an unknown German compound into two known words ("rechnungsbetrage" -> "rechnung"
 * + "betrage", the joining s dropped): both parts of four letters or more and both known, or else the
 * last part known, six letters or more and no verb (the head noun: "kunden" + "bestellungen"). Returns the
 * length of the first part (*skip: a joining s to drop), or 0. */
static size_t compound_split(const struct catalog *c, const char *w, size_t *skip)
{
	size_t n = strlen(w), head = 0;
	for (size_t k = 4; n >= 8 && k + 4 <= n; k++) {
		/* a framing word of six letters or more may end it ("Anzeigemöglichkeit", "Exportfunktion") */
		bool right = known(c, w + k, n - k), framed = !right && n - k >= 6 && known_as(c, w + k, n - k, true);
		if (!right && !framed) continue;
		if (known(c, w, k)) { *skip = 0; return k; }
		if (framed) continue;
		if (w[k - 1] == 's' && k > 4 && known(c, w, k - 1)) { *skip = 1; return k; }
		/* an unknown head before a verb is a prefix making another verb ("wiederherstellen" is no "erstellen") */
		if (!head && n - k >= 6 && !verb_word(c, w + k, n - k)) head = k;
	}
	*skip = 0;
	return head;
}

/* Appends word w (len bytes) to r's words. */
static void push_word(struct plan_resolution *r, size_t *used, const char *w, size_t len, bool arrow)
{
	if (r->nwords >= PLAN_MAX_WORDS || *used + len + 1 > sizeof r->wordbuf) return;
	char *dst = r->wordbuf + *used;
	memcpy(dst, w, len);
	dst[len] = '\0';
	*used += len + 1;
	r->arrow[r->nwords] = arrow;
	r->wordlen[r->nwords] = len;
	r->words[r->nwords++] = dst;
}

/* One folded word as the planner reads it: as written when the vocabulary knows it; with ae/oe/ue
 * folded when only that form is known (German: "anhaenge", not "issues"); split when it is a compound
 * of known words. */
static void read_word(const struct catalog *c, struct plan_resolution *r, size_t *used, char *w)
{
	struct plan_match m[PLAN_MAX_MATCHES];
	char alt[128];
	size_t n = strlen(w);
	int e = cat_word_find(c, w, n);
	if (e < 0 && n < sizeof alt) {
		memcpy(alt, w, n + 1);
		if (text_fold_spelled_umlauts(alt)) {
			size_t na = strlen(alt);
			int ea = cat_word_find(c, alt, na);
			if (ea >= 0 || (exact_and_stems(c, w, m, NULL) == 0 && exact_and_stems(c, alt, m, NULL) > 0)) {
				w = alt;
				n = na;
				e = ea;
			}
		}
	}
	/* a separable German verb's zu-infinitive is the verb: "hochzuladen" is "hochladen", "abzufragen"
	 * "abfragen" */
	char *zu = e < 0 && n >= 7 && n < sizeof alt ? strstr(w + 2, "zu") : NULL;
	if (zu && (size_t)(zu - w) + 4 <= n) {
		size_t at = (size_t)(zu - w);
		memmove(alt, w, at);
		memmove(alt + at, zu + 2, n - at - 1); /* w may be alt itself */
		if (cat_word_find(c, alt, n - 2) >= 0) {
			push_word(r, used, alt, n - 2, false);
			return;
		}
	}
	size_t skip = 0, k = e < 0 ? compound_split(c, w, &skip) : 0;
	if (k) {
		push_word(r, used, w, k - skip, false);
		push_word(r, used, w + k, n - k, false);
		return;
	}
	push_word(r, used, w, n, false);
}

/* The arrow phrase starting at p (its length, *intent its target), or 0. first: a bit per byte that
 * starts an arrow, so that most bytes cost one test. */
static size_t arrow_at(const struct catalog *c, const uint64_t *first, const char *p, int *intent)
{
	unsigned char b = (unsigned char)*p;
	if (!((first[b / 64] >> (b % 64)) & 1)) return 0;
	/* arrows come first among the phrases (the compiler puts them there) */
	for (uint32_t s = 0; s < c->nsyns && c->syns[s].kind == SYN_ARROW; s++) {
		size_t n = cat_len(c, c->syns[s].phrase);
		if (n && strncmp(p, cat_s(c, c->syns[s].phrase), n) == 0) {
			*intent = (int)c->syns[s].target;
			return n;
		}
	}
	return 0;
}

/* The words joined by spaces, as long as they fit. */
static void join_folded(struct plan_resolution *r)
{
	size_t o = 0;
	r->folded[0] = '\0';
	for (int i = 0; i < r->nwords; i++) {
		size_t n = strlen(r->words[i]);
		if (o + n + 2 >= sizeof r->folded) break;
		if (i) r->folded[o++] = ' ';
		memcpy(r->folded + o, r->words[i], n + 1);
		o += n;
	}
}

/* An ASCII letter or digit (an address is ASCII; no locale lookup per byte). */
static inline bool ascii_alnum(char ch)
{
	unsigned char b = (unsigned char)ch;
	return (unsigned char)((b | 32) - 'a') < 26 || (unsigned char)(b - '0') < 10;
}

/* Length of a web address starting at p ("FT.com", "news.ycombinator.com", "www.example.org/feed"): labels
 * joined by dots ending in a top-level domain people name sites by; 0 when there is none. File names
 * ("report.pdf", "Node.js") and mail addresses are no address. */
static size_t site_at(const char *query, const char *p)
{
	static const char *const tlds[] = { "com", "org", "net", "io", "co", "ai", "app", "dev", "de", "uk", "eu", "fr",
		"ch", "at", "nl", "info", "news", "tv", "us", "ca", "xyz", "site", "online", "tech", "cloud", NULL };
	if (!ascii_alnum(*p) || (p > query && (ascii_alnum(p[-1]) || strchr(".@-_/", p[-1])))) return 0;
	size_t n = 0;
	while (ascii_alnum(p[n]) || p[n] == '-') n++;
	if (p[n] != '.' || !ascii_alnum(p[n + 1])) return 0;  /* most words: no dot in them */
	while (ascii_alnum(p[n]) || p[n] == '-' || p[n] == '.') n++;
	while (n && (p[n - 1] == '.' || p[n - 1] == '-')) n--;
	if (p[n] == '@') return 0;
	const char *dot = NULL;
	for (size_t k = 0; k < n; k++) if (p[k] == '.') dot = p + k;
	if (!dot || dot == p || dot[-1] == '.') return 0;
	size_t tl = (size_t)(p + n - dot - 1);
	for (int k = 0; tlds[k]; k++)
		if (strlen(tlds[k]) == tl && strncasecmp(dot + 1, tlds[k], tl) == 0) {
			/* a path after the address belongs to it */
			if (p[n] == '/') n += strcspn(p + n, " \t\n,;)\"'");
			return n;
		}
	return 0;
}

/* Whether an address's first label names an app, a family or a product ("Outlook.com", "github.com/..."):
 * then it is that name, not a website of its own. */
static bool names_product(const struct catalog *c, const char *p)
{
	char label[64];
	size_t n = 0;
	while (n + 1 < sizeof label && (isalnum((unsigned char)p[n]) || p[n] == '-')) { label[n] = (char)tolower((unsigned char)p[n]); n++; }
	label[n] = '\0';
	int e = cat_word_find(c, label, n);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		uint32_t kind = c->syns[c->lists[c->words[e].syn_first + k]].kind;
		if (kind == SYN_APP || kind == SYN_FAMILY || kind == SYN_PRODUCT || kind == SYN_FAMILY_PRODUCT) return true;
	}
	return false;
}

/* Folds the query in segments between arrows ("Google Drive -> Dropbox"), which folding would erase. */
static void split_words(const struct catalog *c, struct plan_resolution *r, const char *query)
{
	char seg[1024], f[1024];
	size_t used = 0, sl = 0;
	uint64_t first[4] = { 0 };
	for (uint32_t s = 0; s < c->nsyns && c->syns[s].kind == SYN_ARROW; s++) {
		unsigned char b = (unsigned char)*cat_s(c, c->syns[s].phrase);
		if (b) first[b / 64] |= 1ull << (b % 64);
	}
	/* addressees, addresses and slashes are rare: most queries skip their checks altogether */
	bool marks = strpbrk(query, "@./&") != NULL;
	for (const char *p = query;; p++) {
		/* "@maria can we move ...": an addressee, not a word of the request */
		if (marks && *p == '@' && (p == query || *(p - 1) == ' ' || *(p - 1) == '\n' || *(p - 1) == '\t')) {
			while (p[1] && p[1] != ' ' && p[1] != '\n' && p[1] != '\t') p++;
			continue;
		}
		/* "FT.com": a website named by its address, read as the word that names a website, kept as written */
		/* only a word's first letter can start an address */
		size_t site = marks && ascii_alnum(*p) && (p == query || !ascii_alnum(p[-1])) ? site_at(query, p) : 0;
		if (site && r->nsites < 2 && sl + 14 < sizeof seg && !names_product(c, p)) {
			size_t n = site < sizeof r->sites[0] ? site : sizeof r->sites[0] - 1;
			for (size_t k = 0; k < n; k++) r->sites[r->nsites][k] = (char)tolower((unsigned char)p[k]);
			r->sites[r->nsites++][n] = '\0';
			memcpy(seg + sl, " web address ", 13);
			sl += 13;
			p += site - 1;
			continue;
		}
		/* "read/write", "OneDrive/SharePoint": a slash between two words offers either */
		if (marks && *p == '/' && p > query && isalpha((unsigned char)p[-1]) && isalpha((unsigned char)p[1]) && sl + 5 < sizeof seg) {
			memcpy(seg + sl, " or ", 4);
			sl += 4;
			continue;
		}
		/* "availability & events": an ampersand joins like "and" */
		if (marks && *p == '&' && sl + 6 < sizeof seg) {
			memcpy(seg + sl, " and ", 5);
			sl += 5;
			continue;
		}
		int intent = -1;
		size_t alen = *p ? arrow_at(c, first, p, &intent) : 0;
		/* "Every Monday, email me ...": a comma or semicolon ends a clause; the next word is marked */
		bool comma = *p == ',' || *p == ';';
		if (alen || comma || !*p || sl + 1 >= sizeof seg) {
			seg[sl] = '\0';
			text_fold_words(seg, f, sizeof f);
			for (char *w = f; *w;) {
				char *end = strchr(w, ' ');
				if (end) *end = '\0';
				read_word(c, r, &used, w);
				if (!end) break;
				w = end + 1;
			}
			sl = 0;
			if (comma) { if (r->nwords < PLAN_MAX_WORDS) r->after_comma[r->nwords] = true; continue; }
			if (alen && r->nwords < PLAN_MAX_WORDS) {
				/* an arrow between two apps asks for what its intent asks for (a copy) */
				if (r->nintents < PLAN_MAX_INTENTS)
					r->intents[r->nintents++] = (struct plan_intent){ .first = r->nwords, .nwords = 1, .intent = intent };
				r->intent_word[r->nwords] = true;
				push_word(r, &used, "->", 2, true);
			}
			if (!*p) break;
			if (alen) { p += alen - 1; continue; }
		}
		seg[sl++] = *p;
	}
	join_folded(r);
}

static void match_words(const struct catalog *c, struct plan_resolution *r)
{
	for (int i = 0; i < r->nwords; i++) {
		if (r->arrow[i]) continue;
		int e;
		r->nwm[i] = exact_and_stems(c, r->words[i], r->wm[i], &e);
		r->fuzzy[i] = r->nwm[i] == 0;
		if (r->fuzzy[i]) r->nwm[i] = typos(c, r->words[i], r->wm[i], 0);
		/* numbers, times and ids ("10am", "42") say which one, not what to do */
		r->stop[i] = (e >= 0 && c->words[e].stop) || strpbrk(r->words[i], "0123456789");
		/* a one-word role is structure, like a stop word, unless it is a verb too ("new"); a word that
		 * starts a trigger phrase is noted for find_triggers, which reads only those */
		bool role = false, verb = false, trigger = false;
		for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
			role |= sy->kind == SYN_ROLE && sy->words == 1;
			verb |= sy->kind == SYN_INTENT && sy->words == 1;
			trigger |= sy->kind == SYN_ROLE && sy->target == ROLE_TRIGGER;
			r->format_at[i] |= sy->kind == SYN_ROLE && sy->target == ROLE_FORMAT;
		}
		r->stop[i] |= role && !verb;
		r->trigger[i] = trigger;
	}
}

/* ---- phrases ---- */

enum { PH_STRICT = 0, PH_LOOSE = 1, PH_STEM = 2, PH_GAP = 4 };

/* How many words a PH_GAP phrase may skip between two of its words: the object of a separable verb
 * ("lade den Bericht nach Google Drive hoch", "put lunch with Anna on"). */
#define GAP_WORDS 5

/* LV_TYPO when the typo index paired query word k with vocabulary word w (two edits for long words,
 * a swap for short ones: more than word_level alone accepts). */
static int typo_of(const struct catalog *c, const struct plan_resolution *r, int k, const char *w, size_t lw)
{
	for (int m = 0; m < r->nwm[k]; m++) {
		const struct cat_word *v = &c->words[r->wm[k][m].word];
		if (r->wm[k][m].level == LV_TYPO && v->len == lw && memcmp(cat_s(c, v->word), w, lw) == 0) return LV_TYPO;
	}
	return LV_NONE;
}

/* Does phrase (folded, space-separated) start at word i? Returns the number of query words it spans,
 * or 0. PH_LOOSE: stop words and app names may sit between the phrase's words ("Datei in Drive C
 * loschen" holds "datei loschen"); PH_GAP: any words, up to GAP_WORDS of them. A word nothing matches
 * may carry one typo. A one-word phrase must match exactly (anhangen, append, is not anhange,
 * attachments) unless PH_STEM allows an inflection. */
static int phrase_at(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase, unsigned flags)
{
	if (i >= r->nwords || r->arrow[i]) return 0;
	int k = i;
	bool one_word = !strchr(phrase, ' ');
	for (const char *w = phrase; *w;) {
		const char *end = strchr(w, ' ');
		size_t lw = end ? (size_t)(end - w) : strlen(w);
		int gap_start = k;
		for (;;) {
			if (k >= r->nwords || r->arrow[k]) return 0;
			int lv = word_level(r->words[k], r->wordlen[k], w, lw, r->fuzzy[k]);
			if (lv == LV_NONE && r->fuzzy[k]) lv = typo_of(c, r, k, w, lw);
			int need = r->fuzzy[k] ? LV_TYPO : one_word && !(flags & PH_STEM) ? LV_EXACT : LV_STEM;
			if (lv < need && need == LV_EXACT && verb_form(r->words[k], r->wordlen[k], w, lw) && !after_determiner(c, r, k))
				lv = need;
			if (lv >= need) break;
			/* a catalog app's name may sit inside a phrase, a product's is content ("create a Google Doc
			 * from a Google Sheets row" holds no "create row") */
			bool skip = (flags & PH_GAP) ? k - gap_start < GAP_WORDS
				: (flags & PH_LOOSE) && (r->stop[k] || (r->app_word[k] && !r->product_word[k]));
			if (k == i || !skip) return 0;
			k++;
		}
		k++;
		w += lw;
		while (*w == ' ') w++;
	}
	return k - i;
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
			if (((kinds >> sy->kind) & 1) && fn(c, (struct plan_resolution *)r, i, sy, ctx)) return true;
		}
	}
	return false;
}

static enum cat_role role_before(const struct catalog *c, const struct plan_resolution *r, int before);

static bool claim_mention(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	/* a family's product by its short name only where its family is named (ctx: bit per family) */
	if (sy->kind == SYN_FAMILY_PRODUCT && !(*(const uint64_t *)ctx >> c->outside[sy->target].family & 1)) return false;
	/* and as a place, after a marker ("in Teams", "via Chat"), never as a word of a story ("chat with a PDF") */
	enum cat_role place = sy->kind == SYN_FAMILY_PRODUCT ? role_before(c, r, i) : ROLE_NONE;
	if (sy->kind == SYN_FAMILY_PRODUCT && place != ROLE_SOURCE && place != ROLE_TARGET && place != ROLE_WEAK_TARGET) return false;
	int n = phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT);
	if (n != (int)sy->words || r->nmentions == PLAN_MAX_MENTIONS) return false;
	for (int k = i; k < i + n; k++) if (r->app_word[k] || (sy->kind != SYN_APP && sy->kind != SYN_FAMILY && r->fuzzy[k])) return false;
	struct plan_mention *m = &r->mentions[r->nmentions++];
	*m = (struct plan_mention){ .first = i, .nwords = n, .app = -1, .family = -1, .product = -1 };
	if (sy->kind == SYN_APP) m->app = (int)sy->target;
	else if (sy->kind == SYN_FAMILY) m->family = (int)sy->target;
	else m->product = (int)sy->target;
	for (int k = i; k < i + n; k++) { r->app_word[k] = true; r->product_word[k] = m->product >= 0; m->typo |= r->fuzzy[k]; }
	return true;
}

/* App, family and product names, longest first at each word, left to right: "Google Docs" is a product
 * outside the catalog, not the Google family. A product is named as written (no typo). Then the short
 * names of products of the families named, by a family's name or one of its apps ("Chat" beside Gmail). */
static int family_of(const struct catalog *c, int a);

/* Whether app a is family f's app of its kind. */
static inline bool in_family(const struct catalog *c, uint32_t f, int a)
{
	return c->families[f].apps[c->apps[a].kind] == (uint32_t)a;
}

static bool kind_of_word(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	if (sy->kind != SYN_APP_KIND || sy->words != 1 || phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) != 1) return false;
	r->said_kind[i] = (unsigned char)sy->target;
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
 * family's app of that kind (people call the whole account by its mail). */
static void mail_names_family(const struct catalog *c, struct plan_resolution *r, struct plan_mention *m)
{
	int next = m->first + m->nwords, f;
	if (m->app < 0 || c->apps[m->app].kind != AK_MAIL || next >= r->nwords || r->app_word[next] || (f = family_of(c, m->app)) < 0)
		return;
	uint32_t kind = r->said_kind[next];
	if (kind == AK_COUNT || kind == AK_MAIL || c->families[f].apps[kind] == CAT_NONE) return;
	m->app = (int)c->families[f].apps[kind];
	m->nwords++;
	r->app_word[next] = true;
}

static unsigned role_words(const struct catalog *c, const struct plan_resolution *r, int i, unsigned wanted);

/* "Attachments Gmail to drive": in the context of a family's apps, a kind word after a marker that is the
 * short name of the family's app of that kind ("drive", "sheets", "calendar") names that app, where no app of
 * the kind is named. */
static void short_names(const struct catalog *c, struct plan_resolution *r, uint64_t families)
{
	for (int i = 1; i < r->nwords && r->nmentions < PLAN_MAX_MENTIONS; i++) {
		uint32_t kind = r->said_kind[i];
		if (kind == AK_COUNT || r->app_word[i] || r->stop[i] ||
		    !role_words(c, r, i - 1, 1u << ROLE_SOURCE | 1u << ROLE_TARGET | 1u << ROLE_WEAK_TARGET))
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

static void find_mentions(const struct catalog *c, struct plan_resolution *r)
{
	uint64_t none = 0, families = 0;
	note_said_kinds(c, r);
	for (int i = 0; i < r->nwords; i++)
		if (!r->app_word[i]) each_phrase(c, r, i, 1u << SYN_APP | 1u << SYN_FAMILY | 1u << SYN_PRODUCT, claim_mention, &none);
	for (int k = 0; k < r->nmentions; k++) mail_names_family(c, r, &r->mentions[k]);
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		for (uint32_t f = 0; f < c->nfamilies && f < 64; f++)
			if ((int)f == m->family || (m->app >= 0 && in_family(c, f, m->app)))
				families |= 1ull << f;
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
}

/* The role marker (a SYN_ROLE phrase) ending right before word `before`, skipping up to two articles
 * or possessives; ROLE_NONE when a content word comes first. */
static enum cat_role role_before(const struct catalog *c, const struct plan_resolution *r, int before)
{
	for (int j = before - 1, skipped = 0; j >= 0 && skipped <= 2; j--, skipped++) {
		if (r->arrow[j]) return ROLE_TARGET;
		/* the longer phrase first: "stored on" before "on" */
		for (int start = j > 0 ? j - 1 : j; start <= j; start++)
			for (int m = 0; m < r->nwm[start]; m++) {
				const struct cat_word *w = &c->words[r->wm[start][m].word];
				for (uint32_t k = 0; (w->starts >> SYN_ROLE & 1) && k < w->syn_count; k++) {
					const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
					/* markers of place only */
					if (sy->kind != SYN_ROLE || (int)sy->words != j - start + 1 || (sy->target != ROLE_SOURCE &&
					    sy->target != ROLE_TARGET && sy->target != ROLE_WEAK_TARGET && sy->target != ROLE_KEPT &&
					    sy->target != ROLE_PART))
						continue;
					if (phrase_at(c, r, start, cat_s(c, sy->phrase), PH_STRICT) == j - start + 1 &&
					    r->wm[start][m].level == LV_EXACT)
						return (enum cat_role)sy->target;
				}
			}
		if (!r->stop[j] || r->app_word[j]) return ROLE_NONE;
	}
	return ROLE_NONE;
}

static bool has_role_word(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role);

/* The words of the "kept" marker before word `before` (up to four words back): no verb is read there. */
static void mark_kept(const struct catalog *c, struct plan_resolution *r, int before)
{
	for (int j = before - 1; j >= 0 && j >= before - 4; j--)
		if (has_role_word(c, r, j, ROLE_KEPT)) {
			for (int w = j; w < before; w++) r->kept[w] = true;
			return;
		}
}

static bool has_role_word(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role)
{
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->starts >> SYN_ROLE & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == SYN_ROLE && sy->target == (uint32_t)role && phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT))
				return true;
		}
	}
	return false;
}

/* The roles among `wanted` (bits per enum cat_role) whose phrases start at word i. */
static unsigned role_words(const struct catalog *c, const struct plan_resolution *r, int i, unsigned wanted)
{
	unsigned roles = 0;
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->starts >> SYN_ROLE & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == SYN_ROLE && (wanted & ~roles) >> sy->target & 1 && phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT))
				roles |= 1u << sy->target;
		}
	}
	return roles;
}

/* "two-way": the words of a role phrase that says something about the whole request are understood, never
 * scored (stop words from here on). */
static void understood_role(const struct catalog *c, struct plan_resolution *r, int i, enum cat_role role)
{
	r->both_ways |= role == ROLE_BOTH_WAYS;
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; (w->starts >> SYN_ROLE & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			int n = sy->kind == SYN_ROLE && sy->target == (uint32_t)role ? phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) : 0;
			for (int j = i; j < i + n; j++) r->stop[j] = true;
		}
	}
}

static uint32_t mention_kind(const struct catalog *c, const struct plan_mention *m)
{
	return m->app >= 0 ? c->apps[m->app].kind : AK_CALLER;
}

/* Roles from markers, then settled between two apps of one kind: a strong marker on one gives the
 * other the opposite role; with no strong marker the first named is the source. */
static int verb_of(const struct catalog *c, const struct plan_resolution *r, int i);

/* "from new rows in Google Sheets", "attachments from emails in Gmail", "from the rows of a Google Sheet": a place
 * or part marker before an app, after a source marker and a word for the app's own kind (no other app between),
 * says where the things read come from; "from my emails in Google Drive" stores them there. */
static bool from_before_place(const struct catalog *c, struct plan_resolution *r, const struct plan_mention *m)
{
	if (m->app < 0) return false;
	bool own_kind = false;
	for (int k = m->first - 2, n = 0; k >= 0 && n < 4; k--, n++) {
		if (r->app_word[k] || r->arrow[k]) return false;
		if (role_words(c, r, k, 1u << ROLE_SOURCE)) return own_kind;
		own_kind |= r->said_kind[k] == c->apps[m->app].kind;
	}
	return false;
}

/* Whether mention k is the first after a trigger word that is no verb ("when", "sobald"): the app the event
 * happens in, whatever marker stands before it. */
static bool in_trigger_clause(const struct catalog *c, const struct plan_resolution *r, int k)
{
	int from = k > 0 ? r->mentions[k - 1].first + r->mentions[k - 1].nwords : 0;
	for (int i = from; i < r->mentions[k].first; i++)
		if (r->trigger[i] && role_words(c, r, i, 1u << ROLE_TRIGGER) && verb_of(c, r, i) < 0) return true;
	return false;
}

static void find_roles(const struct catalog *c, struct plan_resolution *r)
{
	/* a receive verb makes its subject the target, unless a target marker after it names the receiver
	 * ("use the GitHub API to get our issues into a spreadsheet") */
	/* ... but not one inside a trigger's clause ("get a Slack notification when a file is added to Dropbox") */
	bool receive = false, trigger = false;
	for (int i = 0; i < r->nwords; i++) {
		unsigned roles = role_words(c, r, i, 1u << ROLE_RECEIVE | 1u << ROLE_BOTH_WAYS | 1u << ROLE_TRIGGER |
			(unsigned)(receive && !trigger) << ROLE_TARGET);
		trigger |= receive && roles >> ROLE_TRIGGER & 1 && verb_of(c, r, i) < 0;  /* "when", not "new" */
		if (roles >> ROLE_RECEIVE & 1) receive = true;
		else if (receive && !trigger && roles >> ROLE_TARGET & 1) receive = false;
		if (roles >> ROLE_BOTH_WAYS & 1) understood_role(c, r, i, ROLE_BOTH_WAYS);
	}
	for (int k = 0; k < r->nmentions; k++) {
		struct plan_mention *m = &r->mentions[k];
		int after = m->first + m->nwords;
		enum cat_role role = role_before(c, r, m->first);
		/* the app before an arrow, or before a word for its own kind and an arrow ("GitHub Issues ->"), is read */
		if (after + 1 < r->nwords && r->arrow[after + 1] && !r->app_word[after] && m->app >= 0 &&
		    r->said_kind[after] == c->apps[m->app].kind)
			after++;
		if (after < r->nwords && r->arrow[after] && role == ROLE_NONE) role = ROLE_SOURCE;
		/* "the rows of": a part, no place, unless read from, and then as firmly as "from" itself */
		bool part = role == ROLE_PART, placed = (role == ROLE_WEAK_TARGET || part) && from_before_place(c, r, m);
		if (placed) role = ROLE_SOURCE;
		else if (part) role = ROLE_NONE;
		m->strong = (!placed || part) && (role == ROLE_SOURCE || role == ROLE_TARGET || role == ROLE_KEPT);
		/* "an Excel file stored on OneDrive": where it is kept, read from there; the words are no verb */
		if (role == ROLE_KEPT) mark_kept(c, r, m->first);
		m->role = role == ROLE_SOURCE || role == ROLE_KEPT ? PR_SOURCE
			: role == ROLE_TARGET || role == ROLE_WEAK_TARGET ? PR_TARGET : PR_NONE;
		/* "when a meeting is added to my Outlook calendar, put it in ...": where the event happens is read, where
		 * something else is named ("Getting 403 when uploading a file to Google Drive" is no trigger) */
		if (m->role == PR_TARGET && r->nmentions > 1 && in_trigger_clause(c, r, k)) m->role = PR_SOURCE;
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
			if (x->strong && !y->strong) y->role = x->role == PR_SOURCE ? PR_TARGET : PR_SOURCE;
			else if (y->strong && !x->strong) x->role = y->role == PR_SOURCE ? PR_TARGET : PR_SOURCE;
			else if (!x->strong && !y->strong) { x->role = PR_SOURCE; y->role = PR_TARGET; }
		}
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
	if (after < r->nwords && r->said_kind[after] != AK_COUNT && fam->apps[r->said_kind[after]] != CAT_NONE)
		return r->said_kind[after];
	for (int j = f->first - 1; j >= from; j--)
		if (r->said_kind[j] != AK_COUNT && fam->apps[r->said_kind[j]] != CAT_NONE) return r->said_kind[j];
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
	/* "Sync my Google Calendar with Outlook": with a verb of copying, a family beside the one app of a kind it
	 * also has is the other end: the target when named after the app, else the source */
	int pa = -1;
	for (int k = 0; k < r->nmentions && pa < 0; k++) if (r->mentions[k].app >= 0) pa = r->mentions[k].first;
	uint32_t other = r->napps == 1 ? c->families[f->family].apps[c->apps[r->apps[0]].kind] : CAT_NONE;
	if (role == PR_NONE && said == AK_COUNT && pa >= 0 && other != CAT_NONE && other != (uint32_t)r->apps[0]) {
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

static void list_mentions(const struct catalog *c, struct plan_resolution *r)
{
	int sites = 0;
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		if (m->app >= 0) {
			int dup = 0;
			for (int q = 0; q < r->napps; q++) dup |= r->apps[q] == m->app;
			if (!dup && r->napps < PLAN_MAX_APPS) {
				r->app_role[r->napps] = m->role;
				r->app_strong[r->napps] = m->strong;
				r->apps[r->napps++] = m->app;
			}
		} else if (m->product >= 0) {
			/* the word that names a website stands for the next address read, if there is one */
			int site = strcmp(cat_s(c, c->outside[m->product].name), "website") == 0 && sites < r->nsites ? ++sites : 0;
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

/* ---- kinds, intents, subjects ---- */

static bool note_kind(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	/* "a Slack message", "a Teams meeting": a kind word right after a product's name is the product's thing */
	if (sy->kind == SYN_APP_KIND && !(i > 0 && r->product_word[i - 1]) &&
	    phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) == (int)sy->words) {
		r->kinds |= 1u << sy->target;
		for (int k = i; k < i + (int)sy->words; k++) r->word_kinds[k] |= (unsigned char)(1u << sy->target);
	}
	if (sy->kind == SYN_SUBJECT && phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STEM) == (int)sy->words)
		r->subjects |= 1ull << sy->target;
	return false;
}

static bool negated_at(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int j = i - 1; j >= 0 && j >= i - 3; j--)
		if (has_role_word(c, r, j, ROLE_NEGATION)) return true;
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

/* Whether a phrase ends in an English article or object ("email the", "email them"): a verb and its
 * object read as written, never across a gap. ("an" is left out: it is the German particle of "steht an".) */
static bool ends_in_object(const char *phrase)
{
	static const char *const objects[] = { "the", "a", "my", "our", "your", "him", "her", "them", "everyone", NULL };
	const char *last = strrchr(phrase, ' ');
	for (int k = 0; last && objects[k]; k++) if (strcmp(last + 1, objects[k]) == 0) return true;
	return false;
}

/* "..., send me a Gmail notification": a verb and "me" opening a clause (the request's start, right after an
 * app's name, after please/then/and) is the imperative, the verb alone; "the files people send me" is mail
 * that arrives. */
static int verb_of(const struct catalog *c, const struct plan_resolution *r, int i);

static bool ends_in_me(const char *phrase)
{
	const char *sp = strchr(phrase, ' ');
	return sp && strcmp(sp + 1, "me") == 0;
}

/* Whether an intent asks for a capability that writes. */
static bool writes(const struct catalog *c, int intent)
{
	for (uint32_t cap = 0; intent >= 0 && cap < c->ncaps && cap < 64; cap++)
		if ((c->intents[intent].caps >> cap & 1) && c->caps[cap].write) return true;
	return false;
}

static bool app_can(const struct catalog *c, int a, uint32_t cap);

/* Whether an intent asks app a for a capability that writes and that a documents. */
static bool writes_in(const struct catalog *c, int intent, int a)
{
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++)
		if ((c->intents[intent].caps >> cap & 1) && c->caps[cap].write && app_can(c, a, cap)) return true;
	return false;
}

/* The first family app a belongs to (its app of a's kind), or -1. */
static int family_of(const struct catalog *c, int a)
{
	for (uint32_t f = 0; f < c->nfamilies; f++) if (in_family(c, f, a)) return (int)f;
	return -1;
}

/* Whether word i opens a clause: the request's start, right after an app's name, after please/then/and. */
static bool opens_clause(const struct catalog *c, const struct plan_resolution *r, int i)
{
	return i == 0 || r->after_comma[i] || r->app_word[i - 1] || has_role_word(c, r, i - 1, ROLE_OPENER);
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
	return r->stop[noun] && !r->app_word[noun] && !has_role_word(c, r, noun, ROLE_DETERMINER) &&
		noun + 1 < r->nwords && r->stop[noun + 1] && !r->app_word[noun + 1];
}

static bool note_intent(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	if (r->kept[i]) return false;
	if (sy->words == 2 && imperative_to_me(c, r, i, cat_s(c, sy->phrase))) return false;
	/* a writing verb's "X me" is the imperative only ("Email me a summary"; "clients email me" is no send) */
	if (sy->words == 2 && ends_in_me(cat_s(c, sy->phrase)) && writes(c, (int)sy->target) && !opens_clause(c, r, i)) return false;
	/* "every Gmail email I send": a verb after a pronoun after a thing says which things, it asks nothing */
	if (i >= 2 && (r->word_kinds[i - 2] || r->app_word[i - 2]) && r->stop[i - 1] && has_role_word(c, r, i - 1, ROLE_PRONOUN))
		return false;
	/* separable verbs keep their parts apart: "was steht heute im Kalender an" */
	/* a verb and its particle take their object between them ("lade den Bericht hoch"); a fixed
	 * expression of small words ("what's on") only lets small words in */
	const char *ph = cat_s(c, sy->phrase);
	int n = phrase_at(c, r, i, ph, sy->words == 1 || ends_in_object(ph) ? PH_STRICT : r->stop[i] ? PH_LOOSE : PH_GAP);
	if (n < (int)sy->words) return false;
	for (int k = i; k < i + n; k++) if (r->intent_word[k]) return false;  /* inside a longer intent */
	if (!writes(c, (int)sy->target) && asks_for_a_way(c, r, i + n)) {
		for (int k = i; k < i + n; k++) r->stop[k] = true;
		return false;
	}
	for (int k = 0; k < r->nintents; k++)
		if (r->intents[k].intent == (int)sy->target) {
			/* named again under a negation ("send an email ... but don't send it"): what the user
			 * declined once is never planned */
			if (negated_at(c, r, i)) r->intents[k].negated = true;
			return false;
		}
	if (r->nintents == PLAN_MAX_INTENTS) return true;
	r->intents[r->nintents++] = (struct plan_intent){ .first = i, .nwords = n, .intent = (int)sy->target,
		.negated = negated_at(c, r, i) };
	/* the words of the phrase, not what a gap skipped */
	for (int k = i, w = 0; k < i + n && w < (int)sy->words; k++)
		if (word_level(r->words[k], strlen(r->words[k]), phrase_word(cat_s(c, sy->phrase), w), phrase_word_len(cat_s(c, sy->phrase), w),
			r->fuzzy[k]) >= LV_TYPO) { r->intent_word[k] = true; w++; }
	return false;
}

/* An action no task performs ("label", "forward", "fasst ... zusammen"), unless the request declines it. */
/* "create a new calendar for the team" makes a calendar; "create calendar entries", "create an event in
 * Outlook Calendar" make events: a kind word ending an action's words (at the query positions pos[0..n)) is
 * what the action acts on only where no other kind word stands between and a small word, an app or nothing
 * follows. A kind word after a role word of the phrase is where something goes ("move to a folder"). */
static bool kind_is_object(const struct catalog *c, const struct plan_resolution *r, const int *pos, int n)
{
	int first = pos[0], last = pos[n - 1];
	/* a place marker of the request's own between them makes the kind word where something goes ("create a
	 * reminder in my Outlook calendar") */
	for (int k = first + 1, w = 1; k < last; k++) {
		if (w < n && pos[w] == k) { w++; continue; }
		if (role_words(c, r, k, 1u << ROLE_TARGET | 1u << ROLE_WEAK_TARGET)) return false;
	}
	/* under an app's name ("Outlook Calendar") the word is no kind of its own: the word alone says one */
	if (!r->word_kinds[last] && r->said_kind[last] == AK_COUNT) return true;
	for (int w = 0; w < n - 1; w++)
		if (role_words(c, r, pos[w], 1u << ROLE_TARGET | 1u << ROLE_WEAK_TARGET | 1u << ROLE_SOURCE)) return true;
	for (int k = first + 1; k < last; k++) if (r->word_kinds[k]) return false;
	return last + 1 == r->nwords || r->stop[last + 1] || r->app_word[last + 1];
}

static int bits(uint64_t v);

/* "Archive old emails in Gmail": one app named, no product, family, other kind or target marked, so a verb that
 * is also an action ("archive") acts in that app rather than saving its items elsewhere. */
static bool in_place(const struct catalog *c, const struct plan_resolution *r)
{
	if (r->nproducts || r->napps + r->nfamilies != 1) return false;
	/* a family and a word for one kind of its apps ("E-Mails in Outlook archivieren") is that app */
	if (r->nfamilies) return bits(r->kinds) == 1 && c->families[r->families[0]].apps[__builtin_ctz(r->kinds)] != CAT_NONE;
	return !(r->app_role[0] == PR_TARGET && r->app_strong[0]) && !(r->kinds & ~(1u << c->apps[r->apps[0]].kind));
}

static bool note_action(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *ctx)
{
	(void)ctx;
	if (r->kept[i]) return false;
	/* a verb keeps its object between its words ("forward the labeled messages", "fasst ... zusammen");
	 * a phrase that starts with a small word is read as written */
	if (sy->words == 1 && r->intent_word[i] && !((c->outside[sy->target].flags & OUT_IN_PLACE) && in_place(c, r))) return false;
	int n = phrase_at(c, r, i, cat_s(c, sy->phrase), sy->words == 1 || r->stop[i] ? PH_STRICT : PH_GAP);
	if (n < (int)sy->words || negated_at(c, r, i)) return false;
	/* "the issues labelled bug", "emails tagged urgent": a participle of a mark a search finds, right after a word for
	 * the things marked, says which ones are read */
	if (sy->words == 1 && (c->outside[sy->target].flags & OUT_FINDABLE) && i > 0 && r->word_kinds[i - 1] &&
	    r->wordlen[i] > 3 && strcmp(r->words[i] + r->wordlen[i] - 2, "ed") == 0)
		return false;
	/* "with a label filter": after an article the word is a noun, the thing, not the action */
	if (sy->words == 1 && !(c->outside[sy->target].flags & OUT_THING) && after_determiner(c, r, i)) return false;
	/* "new GitHub stars", "Gmail labels": right after an app's name, one word is that app's thing (not at the end,
	 * where German puts its verb: "E-Mails in Outlook archivieren") */
	if (sy->words == 1 && !(c->outside[sy->target].flags & OUT_THING) && i > 0 && r->app_word[i - 1] && i + 1 < r->nwords)
		return false;
	int pos[16], np = 0;
	for (int k = i; k < i + n && np < (int)sy->words && np < 16; k++)
		if (word_level(r->words[k], r->wordlen[k], phrase_word(cat_s(c, sy->phrase), np), phrase_word_len(cat_s(c, sy->phrase), np),
			r->fuzzy[k]) >= LV_TYPO) pos[np++] = k;
	if (np > 1 && !kind_is_object(c, r, pos, np)) return false;
	/* "move attachments from Outlook into a Dropbox folder": an app named inside the phrase after its role word,
	 * beside another app, makes the phrase a transfer into that app, not the action ("create a Dropbox folder
	 * for each new Gmail attachment" stays one) */
	bool into = false;
	for (int k = pos[0]; np > 1 && r->nmentions > 1 && k < pos[np - 1]; k++) {
		into |= role_words(c, r, k, 1u << ROLE_TARGET | 1u << ROLE_WEAK_TARGET) != 0;
		if (into && r->app_word[k] && !r->product_word[k]) return false;
	}
	for (int w = 0; w < np; w++) r->action_word[pos[w]] = true;
	for (int k = 0; k < r->nactions; k++) if (r->actions[k].item == (int)sy->target) return true;
	if (r->nactions < PLAN_MAX_OUTSIDE)
		r->actions[r->nactions++] = (struct plan_outside){ .first = i, .nwords = n, .item = (int)sy->target };
	return true;
}

/* The intent a one-word verb phrase at word i names, or -1. */
static int verb_of(const struct catalog *c, const struct plan_resolution *r, int i)
{
	for (int m = 0; m < r->nwm[i]; m++) {
		const struct cat_word *w = &c->words[r->wm[i][m].word];
		for (uint32_t k = 0; r->wm[i][m].level == LV_EXACT && (w->starts >> SYN_INTENT & 1) && k < w->syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[w->syn_first + k]];
			if (sy->kind == SYN_INTENT && sy->words == 1) return (int)sy->target;
		}
	}
	return -1;
}

/* The intent noted over word i, or -1. */
static int intent_over(const struct plan_resolution *r, int i)
{
	for (int k = 0; k < r->nintents; k++)
		if (i >= r->intents[k].first && i < r->intents[k].first + r->intents[k].nwords) return k;
	return -1;
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

/* "neue Zeilen in Excel", "new files in Dropbox": a word for a kind of app, a place marker and an app of that kind. */
static bool kind_in_app(const struct catalog *c, const struct plan_resolution *r, int i)
{
	if (!r->word_kinds[i] || i + 2 >= r->nwords || !role_words(c, r, i + 1, 1u << ROLE_WEAK_TARGET | 1u << ROLE_TARGET))
		return false;
	int a = app_at(r, i + 2);
	return a >= 0 && (r->word_kinds[i] >> c->apps[a].kind & 1);
}

/* Whether word i joins two things ("and", "or", in English and German); *either: it is "or". */
static bool joins(const struct plan_resolution *r, int i, bool *either)
{
	const char *join = r->words[i];
	*either = strcmp(join, "or") == 0 || strcmp(join, "oder") == 0;
	return *either || strcmp(join, "and") == 0 || strcmp(join, "und") == 0;
}

/* "email me new rows in Google Sheets", "Neue Zeilen in Google Sheets per E-Mail melden": with one app named,
 * a word for another kind of app than app a's is the other end of a trigger, as a second app would be. */
static bool other_kind_said(const struct catalog *c, const struct plan_resolution *r, int a)
{
	for (int j = 0; a >= 0 && j < r->nwords; j++)
		if (!r->app_word[j] && (r->word_kinds[j] & ~(1u << c->apps[a].kind))) return true;
	return false;
}

static void find_triggers(const struct catalog *c, struct plan_resolution *r)
{
	r->triggers = 0;
	for (int i = 0; i < r->nwords; i++) {
		r->trigger[i] = r->trigger[i] && !r->arrow[i] && has_role_word(c, r, i, ROLE_TRIGGER) && !doing_at(r, i + 1);
		int own = r->trigger[i] ? verb_of(c, r, i) : -1;
		if (own < 0) continue;
		int prev = i - 1;
		while (prev >= 0 && r->stop[prev] && !r->intent_word[prev]) prev--;
		int before = prev >= 0 && r->intent_word[prev] ? intent_over(r, prev) : -1;
		bool same_verb = before >= 0 && r->intents[before].intent == own;
		int next = i + 1;
		/* "new" before an app, or before its kind's word and the app ("neue Zeilen in Excel", not "a new row in
		 * Excel": after an article it describes the object) */
		bool place = r->app_word[next < r->nwords ? next : i] ||
			(kind_in_app(c, r, next) && !(i > 0 && has_role_word(c, r, i - 1, ROLE_DETERMINER) &&
			 !(i > 1 && role_words(c, r, i - 2, 1u << ROLE_SOURCE | 1u << ROLE_TRIGGER))));
		/* with one app, not after a verb writing into it ("add new rows to Excel for each email") */
		int one = r->napps == 1 && next < r->nwords ? app_at(r, r->app_word[next] ? next : next + 2) : -1;
		bool ends = r->napps + r->nproducts + (r->napps ? r->nfamilies : 0) >= 2 || (other_kind_said(c, r, one) &&
			!(before >= 0 && writes_in(c, r->intents[before].intent, one)));
		if (next < r->nwords && place && ends && !same_verb) {
			int k = intent_over(r, i);
			if (k >= 0 && r->intents[k].first == i && r->intents[k].nwords == 1) {
				r->intent_word[i] = false;
				r->intents[k] = r->intents[--r->nintents];
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
			if (k >= 0 && r->intents[k].first == i && r->intents[k].nwords == 1) {
				r->intent_word[i] = false;
				r->intents[k] = r->intents[--r->nintents];
			}
		}
	}
	for (int i = 0; i < r->nwords; i++) r->triggers += r->trigger[i];
}

/* "Copy the Google Sheet for next month": a copying verb whose object is the one app named, with nothing
 * to copy it to (no marker, no other app, family or product) and nothing of it named after it but the
 * document itself ("die Excel-Tabelle"), duplicates
 * the app's document: an action no task performs (outside.json copy_in_place). */
static void copy_in_place(const struct catalog *c, struct plan_resolution *r)
{
	if (c->meta->copy_in_place == CAT_NONE || r->nmentions != 1 || r->mentions[0].app < 0 || r->mentions[0].role != PR_NONE ||
	    r->nactions == PLAN_MAX_OUTSIDE)
		return;
	const struct plan_mention *m = &r->mentions[0];
	int j = m->first - 1, after = m->first + m->nwords;
	while (j >= 0 && r->stop[j] && !r->intent_word[j]) j--;
	int k = j >= 0 && r->intent_word[j] ? intent_over(r, j) : -1;
	if (k < 0 || r->intents[k].intent != (int)c->meta->copy_intent || r->intents[k].negated) return;
	/* the app's document may be named after it ("die Excel-Tabelle"), nothing else of it */
	unsigned own = 1u << c->apps[m->app].kind;
	if (after < r->nwords && r->word_kinds[after] == own) after++;
	if (after < r->nwords && (!r->stop[after] || r->word_kinds[after])) return;
	for (int q = 0; q < r->nactions; q++) if (r->actions[q].item == (int)c->meta->copy_in_place) return;
	r->actions[r->nactions++] = (struct plan_outside){ .first = r->intents[k].first, .nwords = r->intents[k].nwords,
		.item = (int)c->meta->copy_in_place };
	for (int w = r->intents[k].first; w < r->intents[k].first + r->intents[k].nwords; w++) r->action_word[w] = true;
}

/* "create a mail merge", "set up a backup", "erstelle einen Seriendruck": a light verb (`roles.light_verbs`) whose
 * object, after an article, is another verb's noun only says that one is wanted; it asks for nothing of its
 * own (its intent is dropped, its words understood). */
static void light_verbs(const struct catalog *c, struct plan_resolution *r)
{
	for (int m = 0; m < r->nintents; m++) {
		int det = r->intents[m].first - 1;
		if (det < 1 || !has_role_word(c, r, det, ROLE_DETERMINER) || role_words(c, r, det + 1, 1u << ROLE_TRIGGER)) continue;
		/* the verb before the article: an intent ending there, or a word that is only a light verb ("run") */
		int own = -1, first = det - 1;
		for (int k = 0; k < r->nintents; k++)
			if (r->intents[k].first + r->intents[k].nwords == det) { own = k; first = r->intents[k].first; }
		if (!role_words(c, r, first, 1u << ROLE_LIGHT)) continue;
		for (int w = first; w < det; w++) { r->intent_word[w] = false; r->stop[w] = true; }
		if (own < 0) continue;
		memmove(&r->intents[own], &r->intents[own + 1], (size_t)(r->nintents - own - 1) * sizeof *r->intents);
		r->nintents--;
		if (own < m) m--;
	}
}

/* Whether every capability of an intent writes. */
static bool only_writes(const struct catalog *c, int intent)
{
	uint64_t caps = c->intents[intent].caps;
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++) if ((caps >> cap & 1) && !c->caps[cap].write) return false;
	return true;
}

/* "export the issues as CSV", "Github issue list into CSV file": a file format (`roles.file_formats`) is written
 * by the caller; where no app is named as the target, a verb that only writes asks what `roles.format_means`
 * asks (listing what the file holds), and no task writing into an app is the answer. */
static void caller_format(const struct catalog *c, struct plan_resolution *r)
{
	bool format = false;
	for (int i = 0; i < r->nwords; i++)
		if (r->format_at[i] && role_words(c, r, i, 1u << ROLE_FORMAT)) { understood_role(c, r, i, ROLE_FORMAT); format = true; }
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
		for (int i = a->first - 1; i >= 0 && !event && !r->app_word[i]; i--) event = r->trigger[i] && verb_of(c, r, i) < 0;
		bool app_after = false;
		for (int i = a->first + a->nwords; i < r->nwords && !app_after; i++) app_after = r->app_word[i];
		if (!(event && app_after && (c->outside[a->item].flags & OUT_FINDABLE))) { r->actions[keep++] = *a; continue; }
		for (int w = a->first; w < a->first + a->nwords; w++) r->action_word[w] = false;
	}
	r->nactions = keep;
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

/* "Pin important Gmail emails", "Restore deleted files in Dropbox": a request about one app that opens with a
 * word the vocabulary does not know at all (not even as a typo), where no verb was read and nothing is sent
 * anywhere (no target marker), asks for an action the catalog does not know: outside.json unknown_action, with
 * that word, unless its ending describes ("Daily Gmail digest"). A task of the app would answer something else. */
static void unknown_verb(const struct catalog *c, struct plan_resolution *r)
{
	if (c->meta->unknown_action == CAT_NONE || r->nintents || r->nactions == PLAN_MAX_OUTSIDE || r->nproducts || r->nmentions != 1)
		return;
	int i = 0;
	while (i < r->nwords && r->stop[i] && !r->app_word[i]) i++;
	/* German puts the verb last, as an infinitive ("Dateien in Google Drive mit einem Passwort schützen") */
	int last = r->nwords - 1;
	if (i < r->nwords && r->nwm[i] && last > i && !r->nwm[last] && r->wordlen[last] > 4 &&
	    strcmp(r->words[last] + r->wordlen[last] - 2, "en") == 0)
		i = last;
	if (i == r->nwords || r->nwm[i] || r->app_word[i] || r->arrow[i] || r->word_kinds[i] ||
	    describing_ending(r->words[i], r->wordlen[i]))
		return;
	for (int j = 0; j < r->nwords; j++)
		if (role_words(c, r, j, 1u << ROLE_TARGET)) return;
	r->action_word[i] = true;
	r->actions[r->nactions++] = (struct plan_outside){ .first = i, .nwords = 1, .item = (int)c->meta->unknown_action };
}

static void find_kinds_and_intents(const struct catalog *c, struct plan_resolution *r)
{
	/* "Outlook-Mails" names an app and says mails: subjects are read under app names too; every kind is
	 * known before a verb is read ("create calendar entries": the kind word is no object) */
	for (int i = 0; i < r->nwords; i++)
		if (!r->arrow[i])
			each_phrase(c, r, i, r->app_word[i] ? 1u << SYN_SUBJECT : 1u << SYN_APP_KIND | 1u << SYN_SUBJECT, note_kind, NULL);
	for (int i = 0; i < r->nwords; i++) {
		if (r->arrow[i]) continue;
		if (!r->app_word[i]) each_phrase(c, r, i, 1u << SYN_INTENT, note_intent, NULL);
		/* "create a folder": an action of several words may start with a catalog verb */
		if (!r->app_word[i] && !r->action_word[i]) each_phrase(c, r, i, 1u << SYN_ACTION, note_action, NULL);
	}
	light_verbs(c, r);
	caller_format(c, r);
	find_triggers(c, r);
	event_actions(c, r);
	copy_in_place(c, r);
	unknown_verb(c, r);
	r->content = 0;
	for (int i = 0; i < r->nwords; i++) r->content += (!r->stop[i] || r->intent_word[i]) && !r->app_word[i] && !r->arrow[i];
}

static bool triggered(const struct catalog *c, const struct plan_resolution *r, int i, int from);

/* Whether an intent asks for a capability that writes ("create", "send", "post"). */
static bool writing_intent(const struct catalog *c, const struct plan_intent *in)
{
	return writes(c, in->intent);
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

static void find_product_role(const struct catalog *c, struct plan_resolution *r)
{
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
			app_source |= m->role == PR_SOURCE && m->strong;
		}
		prev = m->first + m->nwords;
	}
	for (int q = 0; q < r->nproducts; q++) {
		struct plan_outside *pr = &r->products[q];
		/* "for every new Stripe payment": an event there, the source */
		int from = 0;
		for (int k = 0; k < r->nmentions && r->mentions[k].first < pr->first; k++) from = r->mentions[k].first + r->mentions[k].nwords;
		if (pr->role == PR_NONE && triggered(c, r, pr->first, from)) pr->role = PR_SOURCE;
		bool object = false;
		for (int k = 0; k < r->nintents; k++) {
			const struct plan_intent *in = &r->intents[k];
			int gap = pr->first - (in->first + in->nwords);
			object |= !in->negated && gap >= 0 && gap <= 2 && writing_intent(c, in);
		}
		/* a product a writing verb creates is a target beside an app another verb writes into ("create a
		 * Google Doc, schedule a Google Calendar review"), not beside an app a marker names */
		bool target = pr->role == PR_TARGET || (pr->role == PR_NONE && ((object && !app_marked) || (!app_target && app_source)));
		if (target) pr->role = PR_TARGET;
		else if (pr->role == PR_NONE && app_target) pr->role = PR_SOURCE;
		r->product_acts |= target && !app_target;
	}
}

/* "Read Excel files from SharePoint", "append rows to an Excel workbook on OneDrive": a spreadsheet app and
 * the drive of its family named, the drive not a target a marker names nor asked to write, and a verb on
 * rows: the drive is where the workbook is kept, not an app of the plan. */
static unsigned caps_kinds(const struct catalog *c, uint64_t caps);

/* Whether a verb asks app a for something it writes ("store attachments in Google Drive"). */
static bool asked_to_write(const struct catalog *c, const struct plan_resolution *r, int a)
{
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && writes_in(c, r->intents[k].intent, a)) return true;
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

static void workbook_location(const struct catalog *c, struct plan_resolution *r)
{
	for (int s = 0; s < r->napps; s++) {
		if (c->apps[r->apps[s]].kind != AK_SHEETS) continue;
		bool rows = false;
		for (int k = 0; k < r->nintents; k++) rows |= !r->intents[k].negated && intent_on_rows(c, r->intents[k].intent, r->apps[s]);
		if (!rows) continue;
		int f = family_of(c, r->apps[s]);
		for (int d = 0; f >= 0 && d < r->napps; d++)
			if ((uint32_t)r->apps[d] == c->families[f].apps[AK_DRIVE] && !(r->app_role[d] == PR_TARGET && r->app_strong[d]) &&
			    !asked_to_write(c, r, r->apps[d])) {
				for (int k = 0; k < r->nmentions; k++) r->mentions[k].location |= r->mentions[k].app == r->apps[d];
				for (int q = d; q + 1 < r->napps; q++) {
					r->apps[q] = r->apps[q + 1]; r->app_role[q] = r->app_role[q + 1]; r->app_strong[q] = r->app_strong[q + 1];
				}
				r->napps--;
				return;
			}
	}
}

/* ---- scoring ---- */

/* Bits set in v: few here, so clearing them one by one beats the library's popcount call. */
static int bits(uint64_t v)
{
	int n = 0;
	for (; v; v &= v - 1) n++;
	return n;
}

static bool two_or_more(uint64_t v)
{
	return (v & (v - 1)) != 0;
}

static bool task_has_cap(const struct catalog *c, uint32_t t, uint32_t cap)
{
	return (c->ptasks[t].caps >> cap) & 1;
}

/* The role ("source"/"target") of the task's first step bound to app, or PR_NONE. */
/* Whether the task has steps of a kind of app and writes nothing there (generic steps included). */
static bool task_reads_kind(const struct cat_ptask *p, uint32_t kind)
{
	return (p->kinds >> kind & 1) && !(p->write_kinds >> kind & 1) && !(p->write_apps & p->kind_apps[kind]);
}

static enum plan_role task_app_role(const struct cat_ptask *p, uint32_t app)
{
	if (!((p->apps >> app) & 1)) return PR_NONE;
	return (p->target_apps >> app) & 1 ? PR_TARGET : PR_SOURCE;
}

/* Whether the task's target step writes into app (its own app, or a generic step of app's kind). */
static bool writes_into(const struct catalog *c, const struct cat_ptask *p, uint32_t a)
{
	return ((p->write_apps >> a) & 1) || ((p->write_kinds >> c->apps[a].kind) & 1);
}

/* How one named app fits the task; role counts when the query names two apps of the kind (a copy). */
static inline int app_mention_fit(const struct catalog *c, const struct cat_ptask *p, uint32_t a, enum plan_role role)
{
	uint32_t kind = c->apps[a].kind;
	bool own = (p->apps >> a) & 1, rival = p->kind_apps[kind] & ~(1ull << a), kind_step = (p->kinds >> kind) & 1;
	int fit = own ? W_OWN_APP : rival ? W_RIVAL_APP : kind_step ? W_KIND_STEP : W_UNRELATED_APP;
	/* two fixed apps of the kind: a copy between them */
	if (own && role != PR_NONE && two_or_more(p->kind_apps[kind]))
		fit += task_app_role(p, a) == role ? W_ROLE_AGREES : W_ROLE_CONTRADICTS;
	return fit;
}

static bool kind_named_explicitly(const struct catalog *c, const struct plan_resolution *r, uint32_t kind)
{
	for (int m = 0; m < r->napps; m++) if (c->apps[r->apps[m]].kind == kind) return true;
	return false;
}

/* What the query names, the same for every task: read once, not once per task. */
/* Whether a verb of copying (roles.arrow_means, an arrow too) is asked and not declined. */
static bool copy_asked(const struct catalog *c, const struct plan_resolution *r)
{
	for (int k = 0; k < r->nintents; k++)
		if (!r->intents[k].negated && r->intents[k].intent == (int)c->meta->copy_intent) return true;
	return false;
}

struct named {
	enum plan_role role[PLAN_MAX_APPS];  /* an app's role where the query names two of its kind, else none */
	unsigned kinds_said;                 /* generic words and the kinds of apps named */
	uint64_t apps;                       /* bit per app named */
	uint64_t caps;                       /* bit per capability some app named documents */
	uint64_t triggered;                  /* bit per app named inside a trigger's clause */
	bool copy;                           /* a verb of copying is asked (roles.arrow_means) */
};

/* The kinds of app (bit per enum cat_app_kind) that document any of caps. */
static unsigned caps_kinds(const struct catalog *c, uint64_t caps)
{
	unsigned kinds = 0;
	for (uint32_t a = 0; a < c->napps; a++) if (c->apps[a].caps & caps) kinds |= 1u << c->apps[a].kind;
	return kinds;
}

static void read_named(const struct catalog *c, const struct plan_resolution *r, struct named *nm)
{
	nm->kinds_said = r->kinds;
	nm->apps = nm->caps = nm->triggered = 0;
	nm->copy = copy_asked(c, r);
	for (int k = 0, prev = 0; r->triggers && k < r->nmentions; k++) {
		if (r->mentions[k].app >= 0 && triggered(c, r, r->mentions[k].first, prev)) nm->triggered |= 1ull << r->mentions[k].app;
		prev = r->mentions[k].first + r->mentions[k].nwords;
	}
	/* a family with a generic word for a kind names its app of that kind ("an Outlook message") */
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT; kind++) {
			uint32_t a = c->families[r->families[f]].apps[kind];
			if (a != CAT_NONE && (r->kinds >> kind & 1)) nm->caps |= c->apps[a].caps;
		}
	for (int m = 0; m < r->napps; m++) {
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
static int app_fit(const struct catalog *c, uint32_t t, const struct plan_resolution *r, const struct named *nm)
{
	const struct cat_ptask *p = &c->ptasks[t];
	int fit = 0, last = -1, ordered = 1, fixed_seen = 0;
	bool roles = false;
	for (int m = 0; m < r->napps; m++) {
		uint32_t a = (uint32_t)r->apps[m];
		enum plan_role role = nm->role[m];
		fit += app_mention_fit(c, p, a, role);
		/* "get this PDF into Dropbox": an app named as the target is where the task should write */
		if (r->app_role[m] == PR_TARGET && r->app_strong[m] && writes_into(c, p, a)) fit += W_TARGET_WRITE;
		/* "upload files from Google Drive to GitHub", "when a file is uploaded to Google Drive, ...": a
		 * task that only writes into the app named as the source, or as the trigger's, does the opposite */
		if (((r->app_role[m] == PR_SOURCE && r->app_strong[m]) || (nm->triggered >> a & 1)) && writes_into(c, p, a) &&
		    task_app_role(p, a) == PR_TARGET && !two_or_more(p->kind_apps[c->apps[a].kind]))
			fit -= W_TARGET_WRITE;
		/* "copy my files out of Dropbox into another drive": a copy between two apps of the kind, asked by a verb
		 * of copying, reads the app named as the source */
		if (nm->copy && r->app_role[m] == PR_SOURCE && r->app_strong[m] && two_or_more(p->kind_apps[c->apps[a].kind]) &&
		    (p->apps >> a & 1) && task_app_role(p, a) == PR_SOURCE)
			fit += W_TARGET_WRITE;
		roles |= role != PR_NONE;
		if (!((p->apps >> a) & 1)) continue;
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
			if (fam->apps[kind] == CAT_NONE) continue;
			if (!((kinds_needed >> kind) & 1) || kind_named_explicitly(c, r, kind)) continue;
			covered++;
			named |= 1ull << fam->apps[kind];
			sum += app_mention_fit(c, p, fam->apps[kind], PR_NONE);
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

static bool score_phrase(const struct catalog *c, struct plan_resolution *r, int i, const struct cat_syn *sy, void *v)
{
	struct phrase_ctx *x = v;
	uint32_t id = (uint32_t)(sy - c->syns);
	if (id / 8 >= sizeof x->seen || (x->seen[id / 8] >> (id % 8)) & 1) return false;
	int n = phrase_at(c, r, i, cat_s(c, sy->phrase), PH_LOOSE);
	if (!n) return false;
	x->seen[id / 8] |= (unsigned char)(1u << (id % 8));
	if (sy->kind == SYN_TASK) {
		x->scores[sy->target] += W_TASK_PHRASE * (int)sy->words;
		return false;
	}
	/* "neue Zeilen in Excel als Termine ...": a phrase of writing that starts at a trigger word is the event */
	if (c->caps[sy->target].write && r->trigger[i]) return false;
	/* "from new rows in Google Sheets": a phrase of writing after a source marker names what is read */
	if (c->caps[sy->target].write && i > 0 && role_words(c, r, i - 1, 1u << ROLE_SOURCE)) return false;
	/* "send an email with an attachment": after a writing verb, a thing read that comes "with" it goes along */
	if (!c->caps[sy->target].write && goes_along(c, r, i)) return false;
	bool no = declined(c, r, sy->target); /* understood (its words match), never scored nor planned */
	for (int t = 0; t < x->nt && !no; t++) if (task_has_cap(c, (uint32_t)t, sy->target)) x->scores[t] += W_CAP_PHRASE;
	for (int k = 0; k < r->ncaps; k++) if (r->caps[k] == (int)sy->target) return false;
	if (!no && r->ncaps < PLAN_MAX_CAPS) { r->cap_first[r->ncaps] = i; r->caps[r->ncaps++] = (int)sy->target; }
	for (int w = i; w < i + n; w++) r->matched[w] |= !r->stop[w] && !r->app_word[w];
	return false;
}

/* The tasks tied at the top score. */
static uint64_t tied_top(const int *scores, int nt)
{
	int top = INT_MIN;
	uint64_t tied = 0;
	for (int t = 0; t < nt; t++) if (scores[t] > top) top = scores[t];
	for (int t = 0; t < nt; t++) if (scores[t] == top) tied |= 1ull << t;
	return tied;
}

/* Of the tasks tied at the top, those in ahead stay there, the others drop by one (a tie only among them). */
static void ahead_of_tie(int *scores, uint64_t tied, uint64_t ahead)
{
	if (!(ahead & tied) || !(tied & ~ahead)) return;
	for (uint64_t o = tied & ~ahead; o; o &= o - 1) scores[__builtin_ctzll(o)]--;
}

/* "write values at the last row of a google sheet": of tasks tied at the top, one working only in kinds of
 * app the query names (by an app or a family; a task's apps are rebound within a kind) fits better than
 * one needing a kind of app it never names. */
static void prefer_named(const struct catalog *c, const struct plan_resolution *r, const struct named *nm, int *scores, int nt)
{
	if (!r->napps && !r->nfamilies) return;
	unsigned kinds = 1u << AK_CALLER;
	for (uint64_t a = nm->apps; a; a &= a - 1) kinds |= 1u << c->apps[__builtin_ctzll(a)].kind;
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE) kinds |= 1u << kind;
	uint64_t tied = tied_top(scores, nt), all_named = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (!(c->ptasks[__builtin_ctzll(o)].kinds & ~kinds)) all_named |= 1ull << __builtin_ctzll(o);
	ahead_of_tie(scores, tied, all_named);
}

/* "Upload PDF invoices from Gmail to Dropbox": of tasks tied at the top, a generic task whose subject the query
 * names is the answer (it keeps the apps named), ahead of a task of those apps that saves everything. */
static void prefer_subject(const struct catalog *c, const struct plan_resolution *r, int *scores, int nt)
{
	uint64_t tied = tied_top(scores, nt), about = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (c->tasks[__builtin_ctzll(o)].subject && (r->subjects >> __builtin_ctzll(o) & 1)) about |= 1ull << __builtin_ctzll(o);
	ahead_of_tie(scores, tied, about);
}

/* "Anhänge aus Outlook in Dropbox speichern": of tasks tied at the top, those having every capability a phrase names
 * (attachments: attachment.download) go ahead of one lacking some (upload a file to Dropbox). */
static void prefer_caps(const struct catalog *c, const struct plan_resolution *r, int *scores, int nt)
{
	uint64_t named = 0;
	for (int k = 0; k < r->ncaps; k++) named |= 1ull << r->caps[k];
	if (!named) return;
	uint64_t tied = tied_top(scores, nt), all = 0;
	for (uint64_t o = tied; o; o &= o - 1)
		if (!(named & ~c->ptasks[__builtin_ctzll(o)].caps)) all |= 1ull << __builtin_ctzll(o);
	ahead_of_tie(scores, tied, all);
}

/* "download every file in a Dropbox folder": a task copying between two apps of one kind writes into one
 * nobody asked for where no verb writes or copies, no arrow stands and the query names one app of that kind. */
static bool copy_unasked(const struct catalog *c, const struct plan_resolution *r)
{
	if (r->nfamilies || r->nproducts || !r->nintents || copy_asked(c, r)) return false;
	for (int k = 0; k < r->nintents; k++) if (!r->intents[k].negated && writes(c, r->intents[k].intent)) return false;
	return true;
}

/* The kinds of app task t writes into, and the kinds the query names (generic words and the apps named). */
static unsigned written_kinds(const struct catalog *c, const struct cat_ptask *p)
{
	unsigned written = p->write_kinds;
	for (uint64_t a = p->write_apps; a; a &= a - 1) written |= 1u << c->apps[__builtin_ctzll(a)].kind;
	return written;
}

static unsigned named_kinds(const struct catalog *c, const struct plan_resolution *r)
{
	unsigned named = r->kinds;
	for (int m = 0; m < r->napps; m++) named |= 1u << c->apps[r->apps[m]].kind;
	return named;
}

/* Whether task t, where no verb writes or copies (copy_unasked), writes where nobody asked: into a kind of app
 * the query never names ("Download all attachments from a Gmail label" saves them in no drive), or copying
 * between two apps of a kind the query names one app of. */
static bool copies_unasked(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	if (written_kinds(c, p) & ~named_kinds(c, r) & ~(1u << AK_CALLER)) return true;
	uint32_t kind = AK_COUNT;
	for (uint32_t k = 1; k < AK_COUNT && kind == AK_COUNT; k++) if (two_or_more(p->kind_apps[k])) kind = k;
	if (kind == AK_COUNT) return false;
	int of_kind = 0;
	for (int m = 0; m < r->napps; m++) of_kind += c->apps[r->apps[m]].kind == kind;
	return of_kind == 1;
}

/* "Save Stripe invoices to Google Drive": where a product outside the catalog is the source, a task reading
 * from a kind of app nothing names (the invoices of its e-mail) reads the wrong thing. */
static bool reads_unnamed(const struct catalog *c, const struct plan_resolution *r, int t)
{
	const struct cat_ptask *p = &c->ptasks[t];
	return (p->kinds & ~written_kinds(c, p) & ~named_kinds(c, r) & ~(1u << AK_CALLER)) != 0;
}

static int record_cap(const struct catalog *c, int a);

/* "Neue Typeform-Antworten in Google Sheets speichern": what a writing verb asks where the apps named cannot
 * do it, the query speaks of no files and the one app named as the target keeps records (roles.record_means):
 * its record capability; else -1. */
static int target_record(const struct catalog *c, const struct plan_resolution *r, const struct plan_intent *in)
{
	if (!writing_intent(c, in) || (r->kinds >> AK_DRIVE & 1)) return -1;
	int found = -1;
	for (int m = 0; m < r->napps; m++) {
		if (r->app_role[m] != PR_TARGET) continue;
		if (found >= 0) return -1;
		found = record_cap(c, r->apps[m]);
		if (found < 0) return -1;
	}
	return found;
}

/* Scores every task; fills best and runner-up. */
static void score_tasks(const struct catalog *c, struct plan_resolution *r, int *scores, int *lvbuf)
{
	int nt = c->ntasks < 64 ? (int)c->ntasks : 64;
	for (int t = 0; t < nt; t++) scores[t] = 0;
	for (int i = 0; i < r->nwords; i++) {
		int *lv = lvbuf + i * 64;
		if (r->stop[i] || r->app_word[i] || r->arrow[i]) { for (int t = 0; t < nt; t++) lv[t] = 0; continue; }
		uint64_t tasks = word_levels(c, r, i, lv, nt);
		/* only the tasks the word matches gain: the others' level is none */
		int mult = idf_mult(bits(tasks));
		for (; tasks; tasks &= tasks - 1) scores[__builtin_ctzll(tasks)] += lv[__builtin_ctzll(tasks)] * mult;
	}
	struct named nm;
	read_named(c, r, &nm);
	struct phrase_ctx x = { .scores = scores, .nt = nt, .seen = { 0 } };
	for (int i = 0; i < r->nwords; i++)
		each_phrase(c, r, i, 1u << SYN_TASK | 1u << SYN_CAP, score_phrase, &x);
	for (int k = 0, record; k < r->nintents; k++) {
		uint64_t caps = c->intents[r->intents[k].intent].caps;
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
	for (int i = 0, seen = 0; r->triggers && i < r->nwords; i++) {
		if (seen && r->word_kinds[i]) trig_kinds |= r->word_kinds[i];
		seen |= r->trigger[i];
	}
	for (int t = 0; t < nt; t++) {
		scores[t] += W_UNRELATED_APP * bits(trig_kinds & ~c->ptasks[t].kinds);
		scores[t] += app_fit(c, (uint32_t)t, r, &nm);
		/* a generic task is about something: without its subject it is never the answer, and naming
		 * it (invoice attachments) says more than naming the apps of a task that saves them all */
		if (c->tasks[t].subject) scores[t] += (r->subjects >> t) & 1 ? W_SUBJECT : -1000;
		if (unasked && copies_unasked(c, r, t)) scores[t] -= 1000;
		if (r->caller_file && (c->ptasks[t].write_apps || c->ptasks[t].write_kinds)) scores[t] -= 1000;
		if (product_source && reads_unnamed(c, r, t)) scores[t] -= 1000;
		/* the action happens in a product outside the catalog: a task writing into the catalog is not it */
		if (r->product_acts && (c->ptasks[t].write_apps || c->ptasks[t].write_kinds)) scores[t] -= 1000;
	}
	prefer_named(c, r, &nm, scores, nt);
	prefer_subject(c, r, scores, nt);
	prefer_caps(c, r, scores, nt);
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
static void mark_support(const struct catalog *c, struct plan_resolution *r, const int *lvbuf, int t)
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

/* Whether app a documents capability cap (the planner's own lookup of an app's operation). */
static bool app_can(const struct catalog *c, int a, uint32_t cap)
{
	return cat_app_can(c, (uint32_t)a, cap);
}

/* Whether a capability named by a phrase could be meant: no app is named, or a named one documents it
 * ("read the Excel file" names file.read, which the workbook app has not: the file is the workbook). */
static bool named_app_can(const struct catalog *c, const struct plan_resolution *r, uint32_t cap)
{
	if (!r->napps) return true;
	for (int m = 0; m < r->napps; m++) if (app_can(c, r->apps[m], cap)) return true;
	return false;
}

/* Two apps of one kind named as source and target: a transfer between them ("move my Dropbox files
 * to OneDrive" moves across apps, whatever "move file" means inside one). */
static bool transfer_named(const struct catalog *c, const struct plan_resolution *r)
{
	for (int a = 0; a < r->napps; a++)
		for (int b = 0; b < r->napps; b++)
			if (c->apps[r->apps[a]].kind == c->apps[r->apps[b]].kind && r->app_role[a] == PR_SOURCE &&
			    r->app_role[b] == PR_TARGET)
				return true;
	return false;
}

/* "from Google Sheets into Excel": the query names both apps of a copy task, each in its role. */
static bool copy_named(const struct catalog *c, const struct plan_resolution *r, int t)
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
static void order_caps(struct plan_resolution *r)
{
	for (int i = 1; i < r->ncaps; i++)
		for (int j = i; j > 0 && (r->cap_first[j] < r->cap_first[j - 1] ||
			(r->cap_first[j] == r->cap_first[j - 1] && r->caps[j] < r->caps[j - 1])); j--) {
			int t = r->cap_first[j]; r->cap_first[j] = r->cap_first[j - 1]; r->cap_first[j - 1] = t;
			t = r->caps[j]; r->caps[j] = r->caps[j - 1]; r->caps[j - 1] = t;
		}
}

/* A resolution's confidence: the share of supporting words, less when the next task scores within 80%. */
static int lead_confidence(int coverage, int score, int next)
{
	int conf = coverage > 100 ? 100 : coverage;
	return next * 10 > score * 8 ? conf * 3 / 4 : conf;
}

/* ---- a trigger in one app, an action in another ---- */

/* Whether task t has a step app a can be bound to: one of a's kind (its own app, a generic step, or a
 * default the request's app replaces). */
static bool task_takes(const struct catalog *c, int t, int a)
{
	return c->ptasks[t].kinds >> c->apps[a].kind & 1;
}

/* Whether a trigger word ("when", "for each new", "sobald") stands in the clause before word i: after the
 * previous app named. */
static bool triggered(const struct catalog *c, const struct plan_resolution *r, int i, int from)
{
	(void)c;
	for (int j = i - 1; r->triggers && j >= 0 && j >= from; j--)
		if (r->trigger[j]) return true;
	return false;
}

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

/* The capability of roles.record_means that app a can do (a row appended), or -1. */
static int record_cap(const struct catalog *c, int a)
{
	if (c->meta->record_intent == CAT_NONE) return -1;
	uint64_t caps = c->intents[c->meta->record_intent].caps;
	for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++)
		if ((caps >> cap & 1) && app_can(c, a, cap)) return (int)cap;
	return -1;
}

/* What a copy writes into app a when no verb says: its first capability that writes something new (a
 * drive's file), else its first that writes at all (a calendar's event, created in a calendar that exists). */
static int copy_write(const struct catalog *c, int a)
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
	const struct cat_op *op = cat_app_op(c, (uint32_t)a, cap);
	if (!op) return false;
	const struct cat_opx *x = &c->opx[op - c->ops];
	for (uint32_t k = 0; k < x->input_count; k++)
		if (c->inputs[x->input_first + k].found_by != CAT_NONE) return true;
	return false;
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
};

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
		enum cat_role role = role_before(c, r, i);
		if ((role == ROLE_SOURCE || role == ROLE_TARGET) && fam >= 0 && c->families[fam].apps[kind] != CAT_NONE) {
			*other = (struct chain_end){ .app = (int)c->families[fam].apps[kind], .first = i,
				.role = role == ROLE_SOURCE ? PR_SOURCE : PR_TARGET, .strong = true };
			return 1;
		}
		/* outside the clause of a trigger in the app named, the action's kind, before it ("E-Mail senden, wenn
		 * eine Datei in OneDrive erstellt wird") or after it ("Neue Zeilen in Google Sheets per E-Mail melden") */
		bool source = triggered(c, r, i, i < one->first ? 0 : one->first + 1);
		if (!source && !triggered(c, r, one->first, i < one->first ? i + 1 : 0)) continue;
		for (uint32_t a = 0; a < c->napps; a++)
			if (c->apps[a].kind == kind) {
				*other = (struct chain_end){ .app = (int)a, .first = i, .role = source ? PR_SOURCE : PR_TARGET,
					.strong = !source, .unbound = true };
				return 1;
			}
	}
	return 0;
}

static int chain_ends(const struct catalog *c, const struct plan_resolution *r, struct chain_end e[2])
{
	int n = 0;
	/* the kinds capability phrases name (attachments: mail), and those a verb writing in one kind only writes in
	 * ("send": mail; "create" names four) */
	unsigned said = 0, writes = 0;
	for (int k = 0; k < r->ncaps; k++) said |= caps_kinds(c, 1ull << r->caps[k]);
	for (int k = 0; k < r->nintents; k++) {
		uint64_t w = 0, caps = c->intents[r->intents[k].intent].caps;
		for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++) if ((caps >> cap & 1) && c->caps[cap].write) w |= 1ull << cap;
		unsigned kinds = w ? caps_kinds(c, w) : 0;
		if (!r->intents[k].negated && bits(kinds) == 1) writes |= kinds;
	}
	for (int k = 0; k < r->nmentions; k++) {
		const struct plan_mention *m = &r->mentions[k];
		if (m->location) continue;
		struct chain_end x = { .app = m->app, .first = m->first, .role = m->role, .strong = m->strong };
		for (int q = 0; q < r->napps; q++) {
			/* the app a family named in a transfer stands for (family_in_transfer) */
			bool of_family = m->family >= 0 && in_family(c, (uint32_t)m->family, r->apps[q]);
			if (of_family && x.app < 0) x.app = r->apps[q];
			if (r->apps[q] == x.app) { x.role = r->app_role[q]; x.strong = r->app_strong[q]; }
		}
		/* else the family's app of a kind a word says, else a capability phrase, else a verb writes in ("Anhänge
		 * aus Outlook": its mail; "... via Outlook" after "send": its mail) */
		const unsigned by[3] = { r->kinds, said, writes };
		for (int pass = 0; pass < 3; pass++)
			for (uint32_t kind = 1; x.app < 0 && m->family >= 0 && kind < AK_COUNT; kind++) {
				uint32_t a = c->families[m->family].apps[kind];
				if (a != CAT_NONE && (by[pass] >> kind & 1) && !kind_named_explicitly(c, r, kind)) x.app = (int)a;
			}
		/* one app named twice ("GitHub ... in a GitHub repository") is one end */
		if (x.app < 0 || (n && e[0].app == x.app) || (n == 2 && e[1].app == x.app)) continue;
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

/* "add my Google Calendar events to a Google Sheet": the verb's object goes into the target its marker names
 * right after it (no other verb between), so it is read, not written. */
static bool moved_into(const struct plan_resolution *r, const struct chain_end *object, const struct chain_end *target)
{
	if (target->role != PR_TARGET || !target->strong || target->first < object->first) return false;
	for (int i = object->first; i < target->first; i++) if (r->intent_word[i]) return false;
	return true;
}

static bool trigger_chain(const struct catalog *c, struct plan_resolution *r)
{
	struct chain_end e[2];
	if (r->nactions || chain_ends(c, r, e) != 2) return false;
	/* two apps of one kind: a transfer from the source to the target, planned as a chain where no task
	 * copies between them ("Google Calendar to Outlook") */
	bool same = c->apps[e[0].app].kind == c->apps[e[1].app].kind;
	if (same && !transfer_named(c, r)) return false;
	bool found = r->task >= 0 && (r->by == BY_QUERY_TASK || r->by == BY_QUERY_AMBIGUOUS);
	if (found && same && two_or_more(c->ptasks[r->task].kind_apps[c->apps[e[0].app].kind])) return false;
	/* a task with steps of both kinds stays, unless the trigger is in the app it writes into: the reverse
	 * ("email me each new Google Calendar event" is no email-calendar) */
	bool both = found && !same && task_takes(c, r->task, e[0].app) && task_takes(c, r->task, e[1].app);
	int src = same ? (e[0].role == PR_SOURCE ? 0 : 1) : -1;
	/* the app in the trigger's clause is the source, whatever marker it has there ("when a row is
	 * added to Google Sheets") */
	for (int m = 0; src < 0 && m < 2; m++) {
		int from = m ? e[0].first + 1 : 0;
		if (triggered(c, r, e[m].first, from)) src = m;
	}
	/* nor where the app it reads is where the request sends ("Google Calendar event reminder via Outlook email"
	 * is no email-calendar): a target marker on the end the task reads makes the other end the source */
	for (int m = 0; both && src < 0 && m < 2; m++)
		if (e[m].role == PR_TARGET && task_reads_kind(&c->ptasks[r->task], c->apps[e[m].app].kind) && e[1 - m].role != PR_TARGET)
			src = 1 - m;
	if (both && (src < 0 || !writes_into(c, &c->ptasks[r->task], (uint32_t)e[src].app))) return false;
	bool marked = src < 0;
	for (int m = 0; m < 2 && src < 0; m++)
		if (e[m].role == PR_SOURCE && e[m].strong) src = m;
		else if (e[m].role == PR_TARGET && e[m].strong) src = 1 - m;
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
	if (src < 0) {
		bool w0 = asked_write(c, r, e[0].app, r->nwords) >= 0, w1 = asked_write(c, r, e[1].app, r->nwords) >= 0;
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
	if (write < 0 && same) write = copy_write(c, e[1 - src].app);
	/* "GitHub Issues -> Google Calendar", "Google Sheets to Outlook Calendar sync": an arrow or a verb of copying
	 * into an app of another kind writes what it keeps records of, else what a copy writes there; so does a
	 * target the verb cannot write ("save new Gmail emails to a Google Sheets spreadsheet" keeps a record of
	 * each, roles.record_means; "import Excel rows into Google Calendar" creates events) */
	/* ("put my Outlook appointments in a Google Sheet": a weak marker will do where the source is the verb's object) */
	bool into = e[1 - src].role == PR_TARGET && (e[1 - src].strong || object_of(c, r, &e[src]) >= 0);
	if (write < 0 && (copy_asked(c, r) || into))
		write = record_cap(c, e[1 - src].app) >= 0 ? record_cap(c, e[1 - src].app) : copy_write(c, e[1 - src].app);
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
	r->caps[0] = read;
	r->caps[1] = write;
	r->ncaps = 2;
	r->by = BY_QUERY_CAPABILITIES;
	r->task = -1;
	r->ncandidates = 0;
	return true;
}

/* "Bei Eingang einer E-Mail in Outlook eine Antwort senden": a trigger in the one app a writing task works
 * in, its clause naming that app's kind: each new item read, then what the task does. */
static bool self_trigger(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_TASK || r->task < 0 || !r->triggers || r->nproducts || r->nactions) return false;
	const struct cat_ptask *p = &c->ptasks[r->task];
	if (bits(p->apps) != 1) return false;
	int a = __builtin_ctzll(p->apps);
	for (int m = 0; m < r->napps; m++) if (r->apps[m] != a) return false;
	/* a clause a trigger word opens ("bei Eingang", "when"; not "a new event", which is created) */
	bool clause = false, opened = false;
	for (int i = 0; i < r->nwords && !clause; i++) {
		clause = opened && (r->word_kinds[i] >> c->apps[a].kind & 1);
		opened |= r->trigger[i] && verb_of(c, r, i) < 0;
	}
	int read = clause ? trigger_read(c, r, a) : -1, write = -1;
	for (uint32_t cap = 0; read >= 0 && cap < c->ncaps && cap < 64 && write < 0; cap++)
		if ((p->main_caps >> cap & 1) && c->caps[cap].write) write = (int)cap;
	if (write < 0 || (p->caps >> read & 1)) return false;
	r->caps[0] = read;
	r->caps[1] = write;
	r->ncaps = 2;
	r->by = BY_QUERY_CAPABILITIES;
	r->task = -1;
	return true;
}

/* "Send new Gmail emails to a Slack channel": the action happens in a product outside the catalog and no
 * reading task fits, or a trigger names what is read; what the catalog does is read the apps named, in order of mention (the product's
 * step follows). */
static bool product_chain(const struct catalog *c, struct plan_resolution *r)
{
	/* the apps named, or else a family's apps of the kinds generic words name ("a new email in Outlook") */
	int apps[PLAN_MAX_APPS], na = 0;
	for (int m = 0; m < r->napps; m++) apps[na++] = r->apps[m];
	for (int f = 0; !r->napps && f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT && na < PLAN_MAX_APPS; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE && (r->kinds >> kind & 1))
				apps[na++] = (int)c->families[r->families[f]].apps[kind];
	if (!r->product_acts || r->nactions || !na) return false;
	/* a trigger says what the catalog part is: each new item read, whatever task the words fit */
	if (r->by != BY_NONE && !r->triggers) return false;
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

/* A chain that is a task's own plan has that task's name: the capabilities in the task's order, and the
 * task's own apps exactly the apps named ("write the new totals into row 5 of Google Sheets" is
 * sheetsA-update). Two tasks that fit leave the chain as it is. */
static void name_chain(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_QUERY_CAPABILITIES || !r->napps) return;
	uint64_t named = 0;
	for (int m = 0; m < r->napps; m++) named |= 1ull << r->apps[m];
	int found = -1;
	for (int t = 0; t < (int)c->ntasks && t < 64; t++) {
		const struct cat_task *tk = &c->tasks[t];
		if (tk->step_count != (uint32_t)r->ncaps || c->ptasks[t].apps != named) continue;
		bool same = true;
		for (int k = 0; k < r->ncaps && same; k++) same = c->steps[tk->step_first + (uint32_t)k].cap == (uint32_t)r->caps[k];
		if (!same) continue;
		if (found >= 0) return;
		found = t;
	}
	if (found < 0) return;
	r->task = found;
	r->by = BY_QUERY_TASK;
}

/* The apps named, then those of the families named; returns how many (at most cap). */
static int apps_in_reach(const struct catalog *c, const struct plan_resolution *r, int *out, int cap)
{
	int n = 0;
	for (int m = 0; m < r->napps && n < cap; m++) out[n++] = r->apps[m];
	for (int f = 0; f < r->nfamilies; f++)
		for (uint32_t kind = 1; kind < AK_COUNT && n < cap; kind++)
			if (c->families[r->families[f]].apps[kind] != CAT_NONE) out[n++] = (int)c->families[r->families[f]].apps[kind];
	return n;
}

/* Whether the words [from, to) are all small words (no verb, no trigger). */
static bool only_small_between(const struct plan_resolution *r, int from, int to)
{
	for (int w = from; w < to; w++) if (!r->stop[w] || r->intent_word[w] || r->trigger[w]) return false;
	return true;
}

/* "Save Gmail attachments to Google Drive, and send a follow-up email": a further writing verb, after the
 * request's first, asking for what the task found does not do, in an app named that can do it. The task
 * stays; that step is planned after its steps, never dropped. */
static void second_action(const struct catalog *c, struct plan_resolution *r)
{
	int apps[PLAN_MAX_APPS + 16], na = apps_in_reach(c, r, apps, (int)(sizeof apps / sizeof *apps));
	bool chain = r->by == BY_QUERY_CAPABILITIES;
	if (!(r->by == BY_QUERY_TASK && r->task >= 0) && !chain) return;
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
		/* "new" describes what a trigger brings ("new incoming emails ... as a new row"), it asks nothing more */
		/* the request's first verb is what a chain writes (read there as the write its target can do); for a task
		 * it is a further action where the task does nothing of it ("email me a list of my Outlook meetings") */
		if (in->negated || (in->first == first && chain) || !writing_intent(c, in) || (caps & have) ||
		    has_role_word(c, r, in->first, ROLE_TRIGGER))
			continue;
		/* the task's own placing: "Store GitHub issues in Excel" writes where the task writes (its kind: a task
		 * of another app of that kind is bound to the one named later) */
		bool placed = false;
		for (int q = 0; !chain && q < r->napps; q++)
			placed |= r->app_role[q] == PR_TARGET && (written_kinds(c, &c->ptasks[r->task]) >> c->apps[r->apps[q]].kind & 1);
		if (placed && in->first == first) continue;
		/* the app named right after the verb is its object ("and update Google Sheets"), else the target
		 * named ("sync ... to Google Calendar and update them"), else any in reach */
		int after = -1, object = -1;
		for (int q = 0; q < r->nmentions && after < 0; q++)
			if (r->mentions[q].first > in->first && r->mentions[q].app >= 0) { after = r->mentions[q].app; object = q; }
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
		for (int m = -1; m < na; m++) {
			int a = m < 0 ? after : apps[m];
			for (uint32_t cap = 0; a >= 0 && cap < c->ncaps && cap < 64; cap++)
				if ((caps >> cap & 1) && c->caps[cap].write && app_can(c, a, cap)) {
					r->also_intent = k;
					r->also_cap = (int)cap;
					r->also_app = a;
					return;
				}
		}
		/* "find the budget file in OneDrive and email it": a verb writing in one kind of app no app in reach
		 * has is a step of that kind with no app bound (the caller names it) */
		uint64_t writes_caps = 0;
		for (uint32_t cap = 0; cap < c->ncaps && cap < 64; cap++) if ((caps >> cap & 1) && c->caps[cap].write) writes_caps |= 1ull << cap;
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
}

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
	int apps[PLAN_MAX_APPS + 16], na = apps_in_reach(c, r, apps, (int)(sizeof apps / sizeof *apps));
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

/* "Schichtplan -> Outlook-Kalender": an arrow from something the catalog does not hold into the one app
 * named puts it there: the target writes what a copy writes (the source is the caller's). */
static bool arrow_into(const struct catalog *c, struct plan_resolution *r)
{
	if (r->by != BY_NONE || r->napps != 1 || r->nproducts || r->nactions || r->app_role[0] != PR_TARGET) return false;
	int arrow = -1;
	for (int i = 0; i < r->nwords && arrow < 0; i++) if (r->arrow[i]) arrow = i;
	for (int k = 0; arrow >= 0 && k < r->nmentions; k++) if (r->mentions[k].first < arrow) return false;
	int write = arrow >= 0 ? copy_write(c, r->apps[0]) : -1;
	if (write < 0) return false;
	r->caps[0] = write;
	r->ncaps = 1;
	r->by = BY_QUERY_CAPABILITIES;
	return true;
}

/* An action the catalog performs after all ("delete a file" is file.delete) is no action outside it: its
 * words are those of a capability phrase (the only words marked matched before the support is). */
static void drop_covered_actions(struct plan_resolution *r)
{
	int keep = 0;
	for (int k = 0; k < r->nactions; k++) {
		const struct plan_outside *a = &r->actions[k];
		/* every word of the action a capability phrase's too ("upload to GitHub" is no upload) */
		bool covered = true;
		for (int w = a->first; w < a->first + a->nwords; w++) covered &= !r->action_word[w] || r->matched[w];
		if (!covered) r->actions[keep++] = *a;
		else for (int w = a->first; w < a->first + a->nwords; w++) r->action_word[w] = false;
	}
	r->nactions = keep;
}

/* Whether a verb asks an app the query names, and task t uses, for something it can do, reading where the
 * task reads that app and writing where it writes into it ("dass die Informationen aus dem Google Kalender
 * bezogen werden": reading the calendar). */
static bool verb_for_app(const struct catalog *c, const struct plan_resolution *r, int t)
{
	for (int k = 0; k < r->nintents; k++) {
		uint64_t caps = c->intents[r->intents[k].intent].caps;
		for (int m = 0; !r->intents[k].negated && m < r->napps; m++) {
			int a = r->apps[m];
			bool writes = writes_into(c, &c->ptasks[t], (uint32_t)a);
			for (uint32_t cap = 0; task_takes(c, t, a) && cap < c->ncaps && cap < 64; cap++)
				if ((caps >> cap & 1) && app_can(c, a, cap) && c->caps[cap].write == writes) return true;
		}
	}
	return false;
}

/* The decision: a task needs real support (some matched word, a score above what app names alone
 * give, a third of the words); a tie names the candidates; phrases of capabilities no chosen task has
 * make a capability chain. */
static void decide(const struct catalog *c, struct plan_resolution *r, const int *scores, const int *lvbuf)
{
	drop_covered_actions(r);
	if (r->task >= 0) mark_support(c, r, lvbuf, r->task);
	order_caps(r);
	int matched = 0;
	for (int i = 0; i < r->nwords; i++) matched += r->matched[i];
	int coverage = r->content ? matched * 100 / r->content : (r->nmentions ? 50 : 0), what = r->ncaps;
	for (int i = 0; r->task >= 0 && i < r->nwords; i++)
		what += r->matched[i] && (!r->intent_word[i] || lvbuf[i * 64 + r->task] > 0);
	/* an app the task works in is a word for it ("Import CSV to GoogleSheet": three words of noise around
	 * one app and one verb); the confidence stays the share of words */
	int apps_used = 0;
	for (int m = 0; r->task >= 0 && m < r->napps; m++) apps_used += task_takes(c, r->task, r->apps[m]);
	int support = (r->content + r->napps) ? (matched + apps_used) * 100 / (r->content + r->napps) : coverage;
	/* a verb alone is no task ("book a flight"): something must say what, or which app; a long story around
	 * an app named and a verb asking it for what the task is for needs no third of the words */
	bool task_ok = r->task >= 0 && (what > 0 || r->nmentions > 0) && (matched > 0 || copy_named(c, r, r->task)) &&
		r->score >= 6 && (support >= 30 || verb_for_app(c, r, r->task));
	/* a generic task with no app named needs two words of support, not one ("order a pizza") */
	if (task_ok && c->tasks[r->task].generic && !r->nmentions && matched < 2) task_ok = false;
	bool caps_outside = false, transfer = transfer_named(c, r);
	for (int k = 0; task_ok && k < r->ncaps; k++)
		if (!task_has_cap(c, (uint32_t)r->task, (uint32_t)r->caps[k]) && named_app_can(c, r, (uint32_t)r->caps[k]) && !transfer)
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
	/* an action no task performs is never replaced by a sibling that does something else: the nearest
	 * tasks are named, none is planned */
	if (r->nactions) {
		if (r->task >= 0 && r->score > 0) r->nearest[r->nnearest++] = r->task;
		if (r->runner_up >= 0 && r->runner_up_score > 0) r->nearest[r->nnearest++] = r->runner_up;
		task_ok = false;
	}
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
	} else if (r->ncaps > 0 && !r->nactions) {
		r->by = BY_QUERY_CAPABILITIES;
		r->task = -1;
		r->confidence = coverage / 2;
	} else {
		r->task = r->runner_up = -1;
		r->score = r->runner_up_score = 0;
		r->confidence = 0;
		for (int i = 0; i < r->nwords; i++) r->matched[i] = false;
	}
	if (trigger_chain(c, r) || self_trigger(c, r) || product_chain(c, r) || arrow_into(c, r)) r->confidence = coverage / 2;
	name_chain(c, r);
	alternatives(c, r, scores);
	both_ways(c, r);
	second_action(c, r);
}

void plan_resolution_init(struct plan_resolution *r)
{
	memset(r, 0, offsetof(struct plan_resolution, folded));
	r->task = r->runner_up = -1;
	r->also_intent = r->also_cap = r->also_app = -1;
	r->folded[0] = '\0';
}

void plan_resolve_query(const struct catalog *c, const char *query, struct plan_resolution *r)
{
	plan_resolution_init(r);
	split_words(c, r, query);
	if (r->nwords == 0) return;
	match_words(c, r);
	find_mentions(c, r);
	find_roles(c, r);
	list_mentions(c, r);
	find_kinds_and_intents(c, r);
	find_product_role(c, r);
	workbook_location(c, r);
	int scores[64], lvbuf[PLAN_MAX_WORDS * 64];
	score_tasks(c, r, scores, lvbuf);
	decide(c, r, scores, lvbuf);
}
