/* Words and phrases: the query folded and split into words between arrows (addressees dropped, web
 * addresses, German compounds and zu-infinitives read), every word looked up once in the sorted word index
 * (exact, then by stem through a prefix range, then one typo through the deletion index), and whether a
 * phrase starts at a word (rs_phrase_at; each_phrase in resolve_int.h calls back for the phrases a word
 * starts). */

#include "planner/resolve_int.h"
#include "util/text.h"

#include <ctype.h>
#include <strings.h>

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
static inline __attribute__((always_inline)) int word_level(const char *q, size_t lq, const char *h, size_t lh, bool typo)
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

int rs_word_level(const char *q, size_t lq, const char *h, size_t lh, bool typo)
{
	return word_level(q, lq, h, lh, typo);
}

/* Whether q is an English form of the verb w: w + s/es (w of four letters or more: "news" is no form of
 * "new"), w + ing/ed, with a final e dropped (update/updating) or the last letter doubled (add/adding); with
 * past_d, w + d after a final e (update/updated: a verb's participle, where no action's state is read: "closed").
 * German endings are left out: "anhange" (attachments) is no form of "anhangen" (append). */
static bool verb_form(const char *q, size_t lq, const char *w, size_t lw, bool past_d)
{
	if (lw < 3 || lq <= lw) return false;
	size_t p = 0;
	while (p < lw && q[p] == w[p]) p++;
	const char *rest = q + p;
	bool ing_ed = strcmp(rest, "ing") == 0 || strcmp(rest, "ed") == 0;
	if (p == lw) {
		/* a noun in -tion has no verb forms ("mute notifications" is no notification asked) */
		if (lw > 5 && memcmp(w + lw - 4, "tion", 4) == 0) return false;
		if (lw >= 4 && (strcmp(rest, "s") == 0 || strcmp(rest, "es") == 0)) return true;
		if (ing_ed || (past_d && w[lw - 1] == 'e' && strcmp(rest, "d") == 0)) return true;  /* update/updated */
		return rest[0] == w[lw - 1] && (strcmp(rest + 1, "ing") == 0 || strcmp(rest + 1, "ed") == 0);
	}
	return p + 1 == lw && w[p] == 'e' && ing_ed;
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
	/* a verb of three letters, its last letter doubled, is under no prefix of four: "getting", "putting", "set" */
	size_t stem = lq == 7 && strcmp(q + 4, "ing") == 0 ? 3 : lq == 6 && strcmp(q + 4, "ed") == 0 ? 3 : 0;
	int short_verb = stem && q[2] == q[3] ? cat_word_find(c, q, stem) : -1;
	/* (a word for a kind of things is no verb: "called" is no form of "cal") */
	if (short_verb >= 0 && (c->words[short_verb].starts >> SYN_APP_KIND & 1)) short_verb = -1;
	if (short_verb >= 0 && verb_form(q, lq, cat_s(c, c->words[short_verb].word), c->words[short_verb].len, false))
		add_match(m, &n, (uint32_t)short_verb, LV_STEM);
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
			/* a typo keeps the first letter: "leads" is no "reads", "orders" no "borders" */
			if (cat_s(c, w->word)[0] != q[0]) continue;
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

/* Whether the n bytes at s are a known word that starts a word for a kind of app's things: "mail", "termin". */
static bool kind_word(const struct catalog *c, const char *s, size_t n)
{
	int e = cat_word_find(c, s, n);
	return e >= 0 && (c->words[e].starts >> SYN_APP_KIND & 1);
}

/* Whether word i alone is a word for the things of one of kinds (a bit per kind): "issue", "Zeile". */
static bool kind_word_of(const struct catalog *c, const struct plan_resolution *r, int i, unsigned kinds)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	for (uint32_t k = 0; e >= 0 && (c->words[e].starts & 1u << SYN_APP_KIND) && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_APP_KIND && sy->words == 1 && (kinds >> sy->target & 1)) return true;
	}
	return false;
}

/* Whether the n bytes at s are exactly a particle of a German separable verb (roles.particles: "hoch", "rüber"). */
static bool particle_word(const struct catalog *c, const char *s, size_t n)
{
	int e = cat_word_find(c, s, n);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_ROLE && sy->target == ROLE_PARTICLE && sy->words == 1) return true;
	}
	return false;
}

/* Whether the n bytes at s are known only as the first word of a product's name ("sprout" of "sprout social") or of a
 * thing no app holds (roles.other_things: "test" of "test drive"): no part of a compound ("buzzsprout" is a name,
 * "Testeinträge" no test). */
static bool name_word_only(const struct catalog *c, const char *s, size_t n)
{
	struct plan_match m[PLAN_MAX_MATCHES];
	int k = matches_of(c, s, n, m);
	for (int i = 0; i < k; i++) {
		const struct cat_word *cw = &c->words[m[i].word];
		if (!cw->starts || (cw->starts & ~(1u << SYN_PRODUCT | 1u << SYN_ROLE)) || (cw->roles & ~(1ull << ROLE_OTHER_THING)) ||
		    cw->tasks || cw->stop)
			return false;
	}
	return k > 0;
}

/* Where to split an unknown German compound into two known words ("rechnungsbetrage" -> "rechnung"
 * + "betrage", the joining s dropped): both parts of four letters or more and both known, or else the
 * last part known, six letters or more and no verb (the head noun: "kunden" + "bestellungen"), or a word for a
 * kind of things of four letters or more, a verb's too ("bestatigungs" + "mail"). Returns the length of the first
 * part (*skip: a joining s to drop), or 0. */
static size_t compound_split(const struct catalog *c, const char *w, size_t *skip)
{
	size_t n = strlen(w), head = 0;
	for (size_t k = 4; n >= 8 && k + 4 <= n; k++) {
		/* a framing word of six letters or more may end it ("Anzeigemöglichkeit", "Exportfunktion") */
		bool right = known(c, w + k, n - k), framed = !right && n - k >= 6 && known_as(c, w + k, n - k, true);
		if (!right && !framed) continue;
		/* (a first part known only as a product's word is no word of the compound: "Brightline" holds no "line") */
		if (known(c, w, k) && !name_word_only(c, w, k)) { *skip = 0; return k; }
		if (framed) continue;
		if (w[k - 1] == 's' && k > 4 && known(c, w, k - 1)) { *skip = 1; return k; }
		/* an unknown head before a verb is a prefix making another verb ("wiederherstellen" is no "erstellen") */
		if (!head && ((n - k >= 6 && !verb_word(c, w + k, n - k) && !name_word_only(c, w + k, n - k)) ||
		    kind_word(c, w + k, n - k)))
			head = k;
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
	/* "airtable2gsheets", "outlook2dropbox": one "2" between two known words is "to" (not between single letters: "B2B",
	 * "P2P" are abbreviations) */
	char *two = e < 0 ? strchr(w + 1, '2') : NULL;
	if (two && two - w >= 2 && two[1] && two[2] && isalpha((unsigned char)two[-1]) && isalpha((unsigned char)two[1]) &&
	    !strchr(two + 1, '2')) {
		size_t at = (size_t)(two - w);
		if (known_as(c, w, at, true) && known_as(c, two + 1, n - at - 1, true)) {
			push_word(r, used, w, at, false);
			push_word(r, used, "to", 2, false);
			push_word(r, used, two + 1, n - at - 1, false);
			return;
		}
	}
	/* a separable German verb's zu-infinitive is the verb: "hochzuladen" is "hochladen", "abzufragen"
	 * "abfragen" */
	char *zu = e < 0 && n >= 7 && n < sizeof alt ? strstr(w + 2, "zu") : NULL;
	if (zu && (size_t)(zu - w) + 4 <= n) {
		size_t at = (size_t)(zu - w);
		/* a particle the vocabulary has no joined verb for stands apart, as in the verb's other forms:
		 * "rüberzukopieren" is "rüber kopieren" ("kopiere alles rüber"); read before alt is rewritten */
		char part[sizeof alt];
		bool apart = particle_word(c, w, at) && verb_word(c, zu + 2, n - at - 2);
		memcpy(part, w, n + 1);
		memmove(alt, w, at);
		memmove(alt + at, zu + 2, n - at - 1); /* w may be alt itself */
		if (cat_word_find(c, alt, n - 2) >= 0) {
			push_word(r, used, alt, n - 2, false);
			return;
		}
		if (apart) {
			push_word(r, used, part, at, false);
			push_word(r, used, part + at + 2, n - at - 2, false);
			return;
		}
	}
	size_t skip = 0, k = e < 0 ? compound_split(c, w, &skip) : 0;
	if (k) {
		if (r->nwords < PLAN_MAX_WORDS) r->compound[r->nwords] = true;
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

/* Whether p starts a search operator: two to ten letters, a colon or "=" and, with no space, a letter, a digit or a quote
 * ("has:attachment", "is:unread", "label:work", "label=bug"; not "9:30", "https://", "Google Workflow: ..."). */
static bool search_operator(const char *p)
{
	size_t n = 0;
	while (n <= 10 && isalpha((unsigned char)p[n])) n++;
	return n >= 2 && n <= 10 && (p[n] == ':' || p[n] == '=') && (isalnum((unsigned char)p[n + 1]) || p[n + 1] == '"');
}

/* Whether p starts the name of a source file ("outlook.js", "gmail_client.py", "github.yml"): a program's file, no
 * app the request names. */
static bool code_file_at(const char *p)
{
	static const char *const exts[] = { "js", "mjs", "ts", "jsx", "tsx", "py", "rb", "go", "php", "java", "cs", "sh",
		"json", "yaml", "yml", "toml", "md", "html", "css", "vue", "swift", "kt", NULL };
	size_t n = 0;
	while (ascii_alnum(p[n]) || p[n] == '-' || p[n] == '_') n++;
	if (!n || p[n] != '.') return false;
	const char *e = p + n + 1;
	size_t el = 0;
	while (ascii_alnum(e[el])) el++;
	for (int k = 0; exts[k]; k++)
		if (strlen(exts[k]) == el && strncasecmp(e, exts[k], el) == 0) return true;
	return false;
}

/* The length of a document's file name at p ("Archive-log.xlsx", "Finance/Q3-plan.pdf"): letters, digits, hyphens,
 * underscores and slashes, a dot and an extension of a document people keep, then the word's end; else 0. Its words
 * are a name: "Archive-log.xlsx" archives and logs nothing. */
static size_t document_file_at(const char *p)
{
	static const char *const exts[] = { "xlsx", "xls", "xlsm", "csv", "docx", "doc", "pdf", "pptx", "txt", "ods", "odt", NULL };
	size_t n = 0;
	while (ascii_alnum(p[n]) || p[n] == '-' || p[n] == '_' || p[n] == '/') n++;
	if (!n || p[n] != '.' || !ascii_alnum(p[0])) return 0;
	const char *e = p + n + 1;
	size_t el = 0;
	while (ascii_alnum(e[el])) el++;
	if (e[el] && !strchr(" \n\t,;:!?)]'\".", e[el])) return 0;
	for (int k = 0; exts[k]; k++)
		if (strlen(exts[k]) == el && strncasecmp(e, exts[k], el) == 0) return n + 1 + el;
	return 0;
}

/* The length of the token at p (to a space or the end, trailing punctuation left out) where it holds a dot or a
 * slash between two letters or digits ("files.list", "/me/sendMail"), else 0. */
static size_t dotted_token(const char *p)
{
	size_t n = 0;
	bool inner = false;
	while (p[n] && p[n] != ' ' && p[n] != '\n' && p[n] != '\t') {
		inner |= (p[n] == '.' || p[n] == '/') && (n == 0 || ascii_alnum(p[n - 1]) || p[0] == '/') && ascii_alnum(p[n + 1]);
		n++;
	}
	while (n && strchr(".,;:?!)]\"'`", p[n - 1])) n--;
	return inner ? n : 0;
}

static const char *const HTTP_METHODS[] = { "GET", "POST", "PUT", "PATCH", "DELETE" };

/* The HTTP method written as the last word of seg[0..sl) ("POST /repos/..."), or NULL; *start: where that word starts. */
static const char *http_method(const char *seg, size_t sl, size_t *start)
{
	size_t end = sl;
	while (end && seg[end - 1] == ' ') end--;
	size_t word;
	*start = end;
	while (*start && seg[*start - 1] != ' ') (*start)--;
	for (word = *start; word < end && strchr("([`", seg[word]); word++) {}  /* "(GET /me/messages/{id})" */
	for (size_t k = 0; k < sizeof HTTP_METHODS / sizeof *HTTP_METHODS; k++)
		if (end - word == strlen(HTTP_METHODS[k]) && memcmp(seg + word, HTTP_METHODS[k], end - word) == 0) return HTTP_METHODS[k];
	return NULL;
}

/* "GET /me/messages/{id}": the HTTP method written before an operation's path is notation, no verb of the request
 * (a "get" there read an e-mail sent); the length of seg[0..sl) without it. */
static size_t drop_http_method(const char *seg, size_t sl)
{
	size_t start;
	return http_method(seg, sl, &start) ? start : sl;
}

/* Whether the path t[0..n), two segments or more, two of them written in the operation's path, is the end of an
 * operation's path op[0..lo), a placeholder ("{id}") standing for any one segment ("/workbook/tables/Tabelle1/rows/add",
 * "/repos/{owner}/{repo}/issues"). */
static bool path_tail(const char *op, size_t lo, const char *t, size_t n)
{
	size_t a = lo, b = n;
	int segs = 0, literal = 0;
	while (b > 0) {
		size_t be = b, ae = a;
		while (b > 0 && t[b - 1] != '/') b--;
		while (a > 0 && op[a - 1] != '/') a--;
		if (be == b) { if (b > 0) b--; continue; }  /* ("//" or the leading slash) */
		if (ae == a) return false;
		bool any = op[a] == '{';
		if (!any && (ae - a != be - b || memcmp(op + a, t + b, be - b) != 0)) return false;
		segs++;
		literal += !any;
		if (b > 0) b--;
		if (a > 0) a--;
	}
	return segs >= 2 && literal >= 2;  /* (a folder's "/Kunden/Meyer" is no "{owner}/{repo}") */
}

/* The operation a developer names by its id or the tail of it after a dot ("files.list" is drive.files.list,
 * "users.messages.send" Gmail's), or by its path where one operation alone has it ("/me/sendMail"); -1 if none. */
static int operation_named(const struct catalog *c, const char *t, size_t n, const char *method)
{
	/* by its path, else by the end of it ("/workbook/tables/Tabelle1/rows/add"); one path, several operations
	 * ("/me/messages": list and draft) is the one of the HTTP method written before it, else none */
	int found[2][2] = { { -1, -1 }, { -1, -1 } }, count[2][2] = { { 0 } };  /* [exact or tail][any or the method's] */
	for (uint32_t i = 0; i < c->nops; i++) {
		const char *id = cat_s(c, c->ops[i].id), *path = cat_s(c, c->ops[i].path);
		size_t li = cat_len(c, c->ops[i].id), lp = cat_len(c, c->ops[i].path);
		bool by_id = (li == n && strncasecmp(id, t, n) == 0) ||
			(li > n && memchr(t, '.', n) && id[li - n - 1] == '.' && strncasecmp(id + li - n, t, n) == 0);
		if (by_id) return (int)i;
		if (t[0] != '/') continue;
		int how = lp == n && strncmp(path, t, n) == 0 ? 0 : path_tail(path, lp, t, n) ? 1 : -1;
		if (how < 0) continue;
		count[how][0]++, found[how][0] = (int)i;
		if (method && strcmp(cat_s(c, c->ops[i].method), method) == 0) count[how][1]++, found[how][1] = (int)i;
	}
	for (int how = 0; how < 2; how++) {
		if (count[how][0] == 1) return found[how][0];
		if (count[how][1] == 1) return found[how][1];
		if (count[how][0]) return -1;
	}
	return -1;
}

/* Verbs people name the software they work in with ("we use Dentrix for ...", "our agency runs on Bullhorn"; "run on"
 * is "run" and "on"); "using" is left out: it names tools a thing is built with ("using Python"). */
static const char *const USED_IN[] = { "use", "uses", "run", "runs" };
/* Being on a product: "we're on Momence for class bookings". */
static const char *const ON_IT[] = { "we're", "i'm", "are", "am" };
/* Words for a piece of software: "a tool called floranext", "our Plunet system". */
static const char *const SOFTWARE[] = { "tool", "app", "program", "programme", "system", "software", "platform",
	"service", "portal" };
/* Words for software a business runs, not one it builds: "our Plunet system" (but "our pharmacy app" on GitHub). */
static const char *const RUNS_ON[] = { "system", "platform", "portal" };

#define COUNT(a) (sizeof (a) / sizeof *(a))

/* Whether w[0..n) is one of the k words of list, in any case. */
static bool one_of(const char *w, size_t n, const char *const *list, size_t k)
{
	/* (the first letter first: most words are passed without a call) */
	for (size_t i = 0; i < k; i++)
		if (n && (list[i][0] | 0x20) == (w[0] | 0x20) && strlen(list[i]) == n && strncasecmp(w, list[i], n) == 0) return true;
	return false;
}

/* The word that ends right before the space before p: its first byte and length (0 at the query's start). */
static size_t word_before(const char *query, const char *p, const char **at)
{
	const char *e = p - 1, *b = e;
	while (b > query && b[-1] != ' ') b--;
	*at = b;
	return (size_t)(e - b);
}

/* The word after the space at p (p[0] == ' '): its length, 0 if none. */
static size_t word_after(const char *p, const char **at)
{
	size_t n = 0;
	*at = p + 1;
	if (*p == ' ') while (isalnum((unsigned char)p[1 + n]) || p[1 + n] == '\'') n++;
	return n;
}

/* How the words around the name at p, n bytes, say it names software: 0 not, 1 a verb of using before it (USED_IN,
 * "on" after one or after being, ON_IT; "through"), or "our ... system" (RUNS_ON), 2 surely, in lower case too ("a
 * tool called ..."). A subject says no software ("Anna handles our bookings", "Reception is where the mail arrives"). */
static int names_software(const char *query, const char *p, size_t n)
{
	const char *w = query, *v = query, *a;
	size_t lw = p > query ? word_before(query, p, &w) : 0, lv = 0, la = word_after(p + n, &a);
	if (lw && w - query >= 2) lv = word_before(query, w, &v);
	if (one_of(w, lw, USED_IN, COUNT(USED_IN)) || (lw == 7 && strncasecmp(w, "through", 7) == 0)) return 1;
	if (lw == 2 && strncasecmp(w, "on", 2) == 0 && lv && (one_of(v, lv, USED_IN, COUNT(USED_IN)) || one_of(v, lv, ON_IT, COUNT(ON_IT))))
		return 1;
	if (lv && ((lw == 6 && strncasecmp(w, "called", 6) == 0) || (lw == 5 && strncasecmp(w, "named", 5) == 0)) &&
	    one_of(v, lv, SOFTWARE, COUNT(SOFTWARE)))
		return 2;
	/* (a capital tells a name from a kind of system: "our Plunet system", "our inventory system") */
	if (lw == 3 && strncasecmp(w, "our", 3) == 0 && one_of(a, la, RUNS_ON, COUNT(RUNS_ON))) return 1;
	return 0;
}

/* Words a thing is kept in before "in": "our HR is in factorial", "the bookings live in X". */
static const char *const KEPT_IN[] = { "is", "are", "lives", "live", "sits", "sit" };
/* Verbs a subject does a business's work with: "gingr handles our bookings", "shopmonkey manages all jobs". */
static const char *const HANDLES[] = { "handles", "manages", "holds", "keeps", "tracks", "runs" };
/* Words before the things a subject handles: "handles our bookings". */
static const char *const THEIR[] = { "our", "my", "all", "the" };

/* Whether a flow goes on after the name ending at q: an arrow, "to" or "into". */
static bool flow_after(const char *q)
{
	const char *a;
	if (strncmp(q, " \xE2\x86\x92 ", 5) == 0 || strncmp(q, " -> ", 4) == 0 || strncmp(q, " => ", 4) == 0) return true;
	size_t la = word_after(q, &a);
	return ((la == 2 && strncasecmp(a, "to", 2) == 0) || (la == 4 && strncasecmp(a, "into", 4) == 0)) && a[la] == ' ';
}

/* Whether a flow follows the name ending at q after up to two words, of letters alone and no article ("kintone records
 * -> ...", but "uplaod a file to"). */
static bool flow_soon_after(const char *q)
{
	const char *a;
	for (int k = 0; k < 3 && *q == ' '; k++) {
		if (flow_after(q)) return true;
		size_t la = word_after(q, &a);
		if (!la || (a[la] != ' ' && a[la] != '\0') || (la <= 3 && (strncasecmp(a, "a ", 2) == 0 || strncasecmp(a, "an ", 3) == 0 ||
		    strncasecmp(a, "the ", 4) == 0)))
			return false;
		q = a + la;
	}
	return false;
}

/* Whether the name ending at q is a sentence's subject doing a business's work: "gingr handles our bookings" (HANDLES,
 * THEIR), "ekos is where the inventory lives". */
static bool handles_after(const char *q)
{
	const char *a, *b;
	size_t la = word_after(q, &a);
	if (!la || a[la] != ' ') return false;
	size_t lb = word_after(a + la, &b);
	if (la == 2 && strncasecmp(a, "is", 2) == 0) return lb == 5 && strncasecmp(b, "where", 5) == 0;
	return one_of(a, la, HANDLES, COUNT(HANDLES)) && one_of(b, lb, THEIR, COUNT(THEIR));
}

/* Whether the word at p opens the request or a sentence of it. */
static bool sentence_start(const char *query, const char *p)
{
	return p == query || (p - query >= 2 && p[-1] == ' ' && strchr(".!?", p[-2]));
}

/* Copies the raw word at w, n bytes, into f (cap bytes) in lower case; false where it does not fit. */
static bool lower_word(const char *w, size_t n, char *f, size_t cap)
{
	if (n >= cap) return false;
	for (size_t k = 0; k < n; k++) f[k] = (char)tolower((unsigned char)w[k]);
	f[n] = '\0';
	return true;
}

/* Whether the raw word at w, n bytes, is a one-word verb that stores files ("uploaded", "save"). */
static bool storing_verb(const struct catalog *c, const char *w, size_t n)
{
	char f[24];
	if (!lower_word(w, n, f, sizeof f)) return false;
	struct plan_match m[PLAN_MAX_MATCHES];
	int k = matches_of(c, f, n, m);
	for (int i = 0; i < k; i++) {
		const struct cat_word *cw = &c->words[m[i].word];
		for (uint32_t j = 0; j < cw->syn_count; j++) {
			const struct cat_syn *sy = &c->syns[c->lists[cw->syn_first + j]];
			if (sy->kind == SYN_INTENT && sy->words == 1 && stores_files(c, c->intents[sy->target].caps)) return true;
		}
	}
	return false;
}

/* Whether "to" follows the name ending at q and, up to three words after it, a thing someone joins
 * (roles.joined_things): "add priya to the standup" names a person. */
static bool joins_thing_after(const struct catalog *c, const char *q)
{
	const char *a;
	size_t la = word_after(q, &a);
	if (la != 2 || strncasecmp(a, "to", 2) != 0) return false;
	q = a + la;
	for (int k = 0; k < 4 && (la = word_after(q, &a)) > 0 && la < 32; k++, q = a + la) {
		char f[32];
		if (!lower_word(a, la, f, sizeof f)) return false;
		int e = cat_word_find(c, f, la);
		if (e >= 0 && (c->words[e].roles >> ROLE_JOINED & 1)) return true;
	}
	return false;
}

/* Whether the word at p, n bytes, stands where a name stands, though the words around it do not say software: 1 "we
 * run everything on moneybird" (a verb of using or being up to three words before "on"; "running on"), "out of
 * tripletex", "our HR is in factorial" (KEPT_IN), "from doctoralia into Google Calendar" (a flow after it), a
 * sentence's subject doing the business's work ("gingr handles our bookings"), after a verb storing files and "to" or
 * "into" ("uploaded to buzzsprout"); 2 the request's first word, or its
 * second after a verb, before a flow ("kintone records -> Google Sheets", "sync cliniko appointments into Outlook");
 * else 0. Only a word the word lists do not know is read as a name there. */
static int name_place(const struct catalog *c, const char *query, const char *p, size_t n)
{
	const char *w = query;
	size_t lw = p > query ? word_before(query, p, &w) : 0;
	if (lw == 2 && strncasecmp(w, "of", 2) == 0 && w - query >= 4) {
		const char *o;
		return word_before(query, w, &o) == 3 && strncasecmp(o, "out", 3) == 0;
	}
	if (lw == 2 && strncasecmp(w, "in", 2) == 0 && w - query >= 3) {
		const char *o;
		size_t lo = word_before(query, w, &o);
		return one_of(o, lo, KEPT_IN, COUNT(KEPT_IN));
	}
	if (lw == 4 && strncasecmp(w, "from", 4) == 0) return flow_after(p + n);
	/* "Neue Tickets aus Casavi ... übernehmen": after German "aus" a capitalised word no list knows, no compound of two
	 * known words, names a product (German nouns are in the lists) */
	if (lw == 3 && strncasecmp(w, "aus", 3) == 0 && isupper((unsigned char)*p)) return 2;
	/* "uploaded to buzzsprout": where a verb storing files puts them, in lower case ("upload the report to Priya" names
	 * a person) */
	if ((lw == 2 && strncasecmp(w, "to", 2) == 0) || (lw == 4 && strncasecmp(w, "into", 4) == 0)) {
		/* (a word the vocabulary knows is no name: most words after "to" are passed before the verbs are looked up) */
		char f[32];
		if (!islower((unsigned char)*p) || !lower_word(p, n, f, sizeof f) || cat_word_find(c, f, n) >= 0) return 0;
		/* (the verb's object between, up to three words: "upload it to buzzsprout", "upload the final mp3 to podbean") */
		for (int k = 0; k < 4 && w - query >= 2; k++) {
			if (strchr(",.;:!?", w[-2])) return 0;
			size_t lv = word_before(query, w, &w);
			if (lv && storing_verb(c, w, lv)) return 1;
		}
		return 0;
	}
	if (lw == 2 && strncasecmp(w, "on", 2) == 0) {
		for (int k = 0; k < 3 && w - query >= 2; k++) {
			size_t l = word_before(query, w, &w);
			if (one_of(w, l, USED_IN, COUNT(USED_IN)) || one_of(w, l, ON_IT, COUNT(ON_IT)) ||
			    (l == 7 && strncasecmp(w, "running", 7) == 0))
				return 1;
		}
		return 0;
	}
	if (sentence_start(query, p) && handles_after(p + n)) return 1;
	/* (in lower case, or with a capital right before the flow: a German noun opening a request, "Schichtplan ->
	 * Outlook-Kalender", is an ordinary word or a compound, no name; "Shelterluv -> Excel: ..." is one) */
	if (!islower((unsigned char)*p)) return p == query && flow_after(p + n) ? 2 : 0;
	bool first = p == query;
	if (!first && lw && w == query && lw < 16) {  /* after a verb opening the request: "sync cliniko ..." */
		char f[16];
		first = lower_word(w, lw, f, sizeof f) && verb_word(c, f, lw);
	}
	return first && flow_soon_after(p + n) && !joins_thing_after(c, p + n) ? 2 : 0;
}

/* Whether the n folded bytes at f are an ordinary word, or one with an s after it, written without an apostrophe or
 * as a plural the word lists lack ("todays packing slips"); true when the catalog holds no word lists. */
static bool ordinary(const struct catalog *c, const char *f, size_t n)
{
	int o = cat_ordinary_word(c, f, n);
	return o != 0 || (f[n - 1] == 's' && cat_ordinary_word(c, f, n - 1) == 1);
}

/* Whether the n folded bytes at f join two ordinary words of four letters or more, the first maybe with a linking s
 * ("schichtplan", "rechnungsmails"): a compound, more likely German than a name. */
static bool ordinary_compound(const struct catalog *c, const char *f, size_t n)
{
	for (size_t k = 4; k + 4 <= n; k++)
		if (cat_ordinary_word(c, f + k, n - k) == 1 &&
		    (cat_ordinary_word(c, f, k) == 1 || (k >= 5 && f[k - 1] == 's' && cat_ordinary_word(c, f, k - 1) == 1)))
			return true;
	return false;
}

/* Whether the folded word q is an inflection or a misspelling of a word that opens the name of an app, a kind of app or
 * a product ("from gogle drive to ...", "trelo"), or, with verbs, a verb ("uplaod a file to ..."); a word merely near
 * some word of the vocabulary may still be a name ("all bookings are in fresha": no "fresh"). */
static bool misspelt_name_or_verb(const struct catalog *c, const char *q, bool verbs)
{
	const uint32_t kinds = 1u << SYN_APP | 1u << SYN_APP_KIND | 1u << SYN_FAMILY | 1u << SYN_PRODUCT | 1u << SYN_FAMILY_PRODUCT |
		(verbs ? 1u << SYN_INTENT : 0);
	struct plan_match m[PLAN_MAX_MATCHES];
	int k = exact_and_stems(c, q, m, NULL);
	k = typos(c, q, m, k);
	for (int i = 0; i < k; i++)
		if (c->words[m[i].word].starts & kinds) return true;
	return false;
}

/* Whether the byte b ends a word of the frames before a name (e, s, n, h, d, r, f, m or o, in either case). */
static bool frame_end(char b)
{
	switch (b | 0x20) {
	case 'e': case 's': case 'n': case 'h': case 'd': case 'r': case 'f': case 'm': case 'o': return true;
	default: return false;
	}
}

/* "Our district uses PowerSchool for attendance", "runs on Bullhorn as the ATS", "a tool called floranext": a name the
 * words around it say is software (names_software), written with a capital letter (not all in capitals of three
 * letters or fewer: "uses SAP" is listed, "runs IT" names none), that the vocabulary does not know, names software the
 * catalog does not list; its bytes, else 0. In lower case, or where a name stands without such words (name_place),
 * the word must be one the word lists do not know ("we use dentrix", "fortnox -> Google Sheets"). */
static size_t unlisted_at(const struct catalog *c, const char *query, const char *p)
{
	/* (every word of the frames before a name ends in e, s, n, h, d, r, f, m or o; else the name opens the request or a
	 * sentence, where no word before it frames it, or follows the request's first word in lower case: most words are
	 * passed at this first look) */
	if (!isalpha((unsigned char)*p)) return 0;
	bool framed = p - query >= 3 && frame_end(p[-2]);
	if (!framed && !sentence_start(query, p) &&
	    (!islower((unsigned char)*p) || p - query > 16 || memchr(query, ' ', (size_t)(p - 1 - query))))
		return 0;
	size_t n = 0, upper = 0, letters = 0;
	for (; n < 32 && ascii_alnum(p[n]); n++) {
		upper += p[n] >= 'A' && p[n] <= 'Z';
		letters += p[n] > '9';
	}
	if (n < 3 || n >= 32 || (upper == n && n <= 3) || (p[n] && !strchr(" ,.;:!?)\n", p[n]))) return 0;
	int how = framed ? names_software(query, p, n) : 0;
	/* (in lower case only where the frame is sure, or before "for" or "as", what it is used for: "we use dentrix
	 * for the schedule") */
	bool used_for = how == 1 && !upper && p[n] == ' ' &&
		(strncasecmp(p + n + 1, "for ", 4) == 0 || strncasecmp(p + n + 1, "as ", 3) == 0);
	bool sure = (how == 2 || (how == 1 && (upper || used_for))) && (upper || n >= 4);
	/* (else a word of letters alone, of four or more, the word lists do not know, no misspelt name or verb either) */
	int place = sure ? 0 : how == 1 ? 1 : letters == n && n >= 4 ? name_place(c, query, p, n) : 0;
	if (!sure && !place) return 0;
	char f[33];
	for (size_t k = 0; k < n; k++) f[k] = (char)tolower((unsigned char)p[k]);
	f[n] = '\0';
	if (cat_word_find(c, f, n) >= 0) return 0;
	if (sure) return n;
	if (letters < n || n < 4 || ordinary(c, f, n) || (place == 2 && ordinary_compound(c, f, n))) return 0;
	return misspelt_name_or_verb(c, f, place == 2) ? 0 : n;  /* (a verb opens a request, not a name's place) */
}

/* Keeps the n bytes at p, lower case, as the name of a product named by its own words (plan_resolution.sites), and
 * writes the phrase that stands for that product into the segment instead (the caller checked there is room). */
static void name_stand_in(struct plan_resolution *r, char *seg, size_t *sl, const char *p, size_t n, const char *phrase)
{
	if (n >= sizeof r->sites[0]) n = sizeof r->sites[0] - 1;
	for (size_t k = 0; k < n; k++) r->sites[r->nsites][k] = (char)tolower((unsigned char)p[k]);
	r->sites[r->nsites++][n] = '\0';
	size_t l = strlen(phrase);
	memcpy(seg + *sl, phrase, l);
	*sl += l;
}

/* Whether a segment of the path p[0..n) opens with a capital letter ("/Accounting/Incoming"; "/me/messages" has none). */
static bool capital_segment(const char *p, size_t n)
{
	for (size_t k = 0; k + 1 < n; k++)
		if (p[k] == '/' && isupper((unsigned char)p[k + 1])) return true;
	return false;
}

/* The bytes of an e-mail address at p ("billing@acme.com"), or 0. */
static size_t email_at(const char *p)
{
	size_t n = 0;
	while (ascii_alnum(p[n]) || p[n] == '.' || p[n] == '_' || p[n] == '-' || p[n] == '+') n++;
	if (!n || p[n] != '@') return 0;
	size_t m = n + 1, dot = 0;
	while (ascii_alnum(p[m]) || p[m] == '.' || p[m] == '-') dot += p[m++] == '.';
	while (m > n + 1 && p[m - 1] == '.') { m--; dot--; }  /* (a sentence's full stop after it) */
	return m > n + 3 && dot ? m : 0;
}

/* The bytes of the quotation mark at p (' " « » “ ” „ ‘ ’ ‚), or 0. */
static size_t quote_at(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	if (*u == '\'' || *u == '"') return 1;
	if (u[0] == 0xC2 && (u[1] == 0xAB || u[1] == 0xBB)) return 2;
	if (u[0] == 0xE2 && u[1] == 0x80 && u[2] >= 0x98 && u[2] <= 0x9E && u[2] != 0x9B) return 3;
	return 0;
}

/* A quoted name holds a few words (an issue's title too); a longer quotation is the request itself, read. */
#define QUOTED_WORDS 8

/* "this week's shift": the words read from words [from, nwords) of segment seg that were written with a possessive's
 * apostrophe and s (folding drops it), marked in r->possessive. */
static void mark_possessives(struct plan_resolution *r, const char *seg, int from)
{
	if (!strpbrk(seg, "'\xE2")) return;  /* (no apostrophe, nor a typographic one's first byte: the common case) */
	char base[64], f[128];
	for (const char *t = seg; *t;) {
		while (*t == ' ') t++;
		const char *e = t;
		while (*e && *e != ' ') e++;
		size_t n = (size_t)(e - t);
		size_t a = n >= 2 && t[n - 2] == '\'' ? 2 : n >= 4 && memcmp(t + n - 4, "\xE2\x80\x99", 3) == 0 ? 4 : 0;  /* (' or ’) */
		if (a && (t[n - 1] | 0x20) == 's' && n - a < sizeof base) {
			memcpy(base, t, n - a);
			base[n - a] = '\0';
			text_fold_words(base, f, sizeof f);
			for (int i = from; i < r->nwords; i++)
				if (strcmp(r->words[i], f) == 0) r->possessive[i] = true;
		}
		t = e;
	}
}

/* Folds segment seg[0..*sl) and reads its words. */
static void flush_words(const struct catalog *c, struct plan_resolution *r, size_t *used, char *seg, size_t *sl)
{
	char f[1024];
	int from = r->nwords;
	seg[*sl] = '\0';
	text_fold_words(seg, f, sizeof f);
	for (char *w = f; *w;) {
		char *end = strchr(w, ' ');
		if (end) *end = '\0';
		read_word(c, r, used, w);
		if (!end) break;
		w = end + 1;
	}
	mark_possessives(r, seg, from);
	*sl = 0;
}

/* Whether the n words at i are an app's, a family's or a product's name, exactly ("'Google Drive'"); n 0: whether one
 * such name starts at i. */
static bool names_app_at(const struct catalog *c, const struct plan_resolution *r, int i, int n)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	const unsigned kinds = 1u << SYN_APP | 1u << SYN_FAMILY | 1u << SYN_PRODUCT;
	for (uint32_t k = 0; e >= 0 && (c->words[e].starts & kinds) && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if ((kinds >> sy->kind & 1) && (n == 0 || (int)sy->words == n) && i + (int)sy->words <= r->nwords &&
		    rs_phrase_at(c, r, i, cat_s(c, sy->phrase), PH_STRICT) == (int)sy->words)
			return true;
	}
	return false;
}

/* Whether the n bytes at s are a verb's phrase of one word ("create"; "out" only starts "out of ..."). */
static bool one_word_verb(const struct catalog *c, const char *s, size_t n)
{
	int e = cat_word_find(c, s, n);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_INTENT && sy->words == 1) return true;
	}
	return false;
}

/* "the Outlook folder 'Archive 2024'", "a sheet called \"Send list\"": words in quotation marks, a few, are a name:
 * none of them a verb, an app or a thing of the request; not an app's name alone ("'Google Drive'"), nor a request
 * quoted, a verb first and an app's name right after it or one word later ("Adding action 'Create Outlook Calendar
 * Event using Microsoft Graph'"; "Archive - delete later.xlsx" is a file's name, and so is any quotation ending in an
 * extension, file_name: "'Upload to OneDrive - final v3.docx'"). */
static void mark_quoted(const struct catalog *c, struct plan_resolution *r, int from, bool file_name)
{
	int n = r->nwords - from;
	if (n < 1 || n > QUOTED_WORDS || names_app_at(c, r, from, n)) return;
	bool app = false;
	for (int i = from + 1; i < r->nwords && i <= from + 2; i++) app |= names_app_at(c, r, i, 0);
	/* (right after a word for a kind of things it names one: "the Google Drive folder 'Upload to OneDrive'") */
	int e = from > 0 ? cat_word_find(c, r->words[from - 1], r->wordlen[from - 1]) : -1;
	bool named_thing = e >= 0 && (c->words[e].starts & 1u << SYN_APP_KIND);
	if (app && !named_thing && !file_name && one_word_verb(c, r->words[from], r->wordlen[from])) return;
	for (int i = from; i < r->nwords; i++) r->quoted[i] = true;
}

/* Whether the text before end (a closing quotation mark) ends in a file name's extension: ".docx", ".xlsx". */
static bool extension_before(const char *query, const char *end)
{
	const char *e = end;
	while (e > query && isalnum((unsigned char)e[-1])) e--;
	return e < end && e - 1 > query && e[-1] == '.' && isalnum((unsigned char)e[-2]);
}

/* "append a row to 'Rent 2024.xlsx' on onedrive": a quoted file name's extension that names an app by itself (xlsx:
 * Excel) says what the file is, where no word before the name says it ("the file 'X.xlsx'"): that word is read, the
 * rest stays a name. end: the closing quotation mark. */
static void unquote_extension(const struct catalog *c, struct plan_resolution *r, int from, const char *query, const char *end)
{
	int last = r->nwords - 1, k = from > 0 ? cat_word_find(c, r->words[from - 1], r->wordlen[from - 1]) : -1;
	if (k >= 0 && (c->words[k].starts & 1u << SYN_APP_KIND)) return;
	if (!extension_before(query, end) || last <= from || !r->quoted[last]) return;
	r->quoted[last] = false;  /* (a quoted word matches no phrase) */
	r->quoted[last] = !names_app_at(c, r, last, 1);
}

/* Reads the words before p the segment holds, then text[0..n) as a quoted name (mark_quoted); returns the index of its
 * first word. */
static int read_name(const struct catalog *c, struct plan_resolution *r, size_t *used, char *seg, size_t *sl, const char *text,
	size_t n)
{
	flush_words(c, r, used, seg, sl);
	int from = r->nwords;
	memcpy(seg, text, n);
	*sl = n;
	flush_words(c, r, used, seg, sl);
	mark_quoted(c, r, from, false);
	return from;
}

/* Whether word i starts a phrase of role (read before the words are matched). */
static bool starts_role(const struct catalog *c, const struct plan_resolution *r, int i, enum cat_role role)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_ROLE && sy->target == (uint32_t)role) return true;
	}
	return false;
}

/* Whether word i is a word for a kind of things ("email", "Datei"; read before the words are matched). */
static bool names_kind(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	return e >= 0 && (c->words[e].starts & 1u << SYN_APP_KIND);
}

/* Whether word i is a word for a person (synonyms.json persons) or an addressee ("me", "uns"). */
static bool person_word(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if ((sy->kind == SYN_STOP && sy->target == STOP_PERSON) || (sy->kind == SYN_ROLE && sy->target == ROLE_ADDRESSEE)) return true;
	}
	return false;
}

/* Whether the n bytes at w start a verb's or a capability's phrase that writes in one of kinds (a bit per kind: a
 * message or an issue, mail and the code host), and no trigger's ("New GitHub release: ..." is an event). */
static bool writes_kind_at(const struct catalog *c, const char *w, size_t n, unsigned kinds)
{
	int e = cat_word_find(c, w, n);
	bool writes = false;
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_ROLE && sy->target == ROLE_TRIGGER) return false;
		uint64_t caps = sy->kind == SYN_INTENT ? c->intents[sy->target].caps : sy->kind == SYN_CAP ? 1ull << sy->target : 0;
		for (uint64_t m = caps & c->write_caps; m; m &= m - 1)
			writes |= (caps_kinds(c, 1ull << __builtin_ctzll(m)) & kinds) != 0;
	}
	return writes;
}

/* Whether word i is an opener (roles.openers: please, bitte). */
static bool opener_word(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	return e >= 0 && (c->words[e].roles >> ROLE_OPENER & 1);
}

/* Whether word i is the one-word name of a mail app, of the code host or of a family with a mail app. */
static bool message_app_word(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
		const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
		if (sy->kind == SYN_APP && sy->words == 1 && (c->apps[sy->target].kind == AK_MAIL || c->apps[sy->target].kind == AK_CODEHOST))
			return true;
		if (sy->kind == SYN_FAMILY && sy->words == 1 && c->families[sy->target].apps[AK_MAIL] != CAT_NONE) return true;
	}
	return false;
}

/* "File a ticket on GitHub: the CSV export drops the last row ...": a sentence opening with a verb or a capability's
 * phrase writing in one of kinds (writes_kind_at; openers before it: "Please open an issue: ...") and naming
 * its thing (a word for those kinds' things, or, for messages, a mail app's or the code host's name: "Entwurf in
 * Outlook anlegen: ...") before a colon; what follows to the sentence's end is the message's text (or, for rows,
 * the row's values: "Trag eine neue Zeile in meine Tabelle ein: 12.03., Fahrtkosten, 45 €"). */
static bool written_before(const struct catalog *c, const struct plan_resolution *r, unsigned kinds)
{
	int first = r->nwords - 1;
	while (first > 0 && !r->sentence_start[first]) first--;
	while (first + 1 < r->nwords && opener_word(c, r, first)) first++;
	/* (or closing it, a German infinitive: "GitHub-Issue anlegen: ...") */
	size_t ln = r->wordlen[r->nwords - 1];
	if (!writes_kind_at(c, r->words[first], r->wordlen[first], kinds) && !(ln > 4 && strcmp(r->words[r->nwords - 1] + ln - 2, "en") == 0 &&
	    writes_kind_at(c, r->words[r->nwords - 1], ln, kinds)))
		return false;
	for (int i = first + 1; i < r->nwords; i++) {
		if ((kinds >> AK_MAIL & 1) && message_app_word(c, r, i)) return true;
		if (kind_word_of(c, r, i, kinds)) return true;
	}
	return false;
}

/* Whether word i is a target marker (roles.target: to, into, in). */
static bool target_marker(const struct catalog *c, const struct plan_resolution *r, int i)
{
	int e = cat_word_find(c, r->words[i], r->wordlen[i]);
	return e >= 0 && (c->words[e].roles >> ROLE_TARGET & 1);
}

/* "add new tenant Priya Shah, flat 7, rent £950 to the rent spreadsheet": a request opening with a verb that writes
 * rows, its object a list of values (a comma inside, a number, no app's name) before a target marker and a word for
 * sheets (three words between at most): the values are the caller's, as after a colon. */
static void listed_values(const struct catalog *c, struct plan_resolution *r)
{
	int first = 0, comma = 0;
	for (int i = 1; i < r->nwords && !comma; i++) comma = r->after_comma[i] && !r->sentence_start[i];
	if (!comma) return;  /* (no list: the common case, no word looked up) */
	comma = 0;
	while (first + 1 < r->nwords && opener_word(c, r, first)) first++;
	if (!writes_kind_at(c, r->words[first], r->wordlen[first], 1u << AK_SHEETS)) return;
	for (int t = first + 2; t + 1 < r->nwords && !r->sentence_start[t]; t++) {
		comma += r->after_comma[t];
		if (!comma || !target_marker(c, r, t)) continue;
		bool sheet = false;
		for (int k = t + 1; k < r->nwords && k <= t + 4 && !r->after_comma[k]; k++) sheet |= kind_word_of(c, r, k, 1u << AK_SHEETS);
		if (!sheet) continue;
		bool digit = false;
		for (int i = first + 1; i < t; i++) {
			int e = cat_word_find(c, r->words[i], r->wordlen[i]);
			if (r->app_word[i] || (e >= 0 && (c->words[e].starts & (1u << SYN_APP | 1u << SYN_FAMILY)))) return;
			digit |= word_has_digit(r, i);
		}
		if (!digit) return;
		for (int i = first + 1; i < t; i++) r->quoted[i] = r->no_subject[i] = true;
		r->values_given = true;
		return;
	}
}

/* Whether words [from, nwords), a row's values after a colon, hold a number or a date and no app's or family's
 * name ("12.03., Fahrtkosten, 45 €"; "Add a row to the sheet: sender and subject of each Gmail mail" names no values). */
static bool row_values(const struct catalog *c, const struct plan_resolution *r, int from)
{
	bool digit = false;
	for (int i = from; i < r->nwords; i++) {
		int e = cat_word_find(c, r->words[i], r->wordlen[i]);
		if (e >= 0 && (c->words[e].starts & (1u << SYN_APP | 1u << SYN_FAMILY))) return false;
		digit |= word_has_digit(r, i);
	}
	return digit;
}

/* Whether the query holds a one-word name of a code host app ("GitHub"), in any case. */
static bool names_codehost(const struct catalog *c, const char *query)
{
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = &c->syns[s];
		if (sy->kind != SYN_APP || sy->words != 1 || c->apps[sy->target].kind != AK_CODEHOST) continue;
		const char *ph = cat_s(c, sy->phrase);
		size_t n = strlen(ph);
		for (const char *q = query; n >= 4 && *q; q++)
			if (strncasecmp(q, ph, n) == 0) return true;
	}
	return false;
}

/* Whether the slash at p joins an owner and a repository's name ("kubernetes/kops", "acme/api"): one slash in the token,
 * lower-case letters, digits, - _ . on both sides, and one side a word the vocabulary does not know; *left and *right:
 * their bytes. */
static bool repo_name_at(const struct catalog *c, const char *query, const char *p, size_t *left, size_t *right)
{
	const char *a = p, *b = p + 1;
	while (a > query && (islower((unsigned char)a[-1]) || isdigit((unsigned char)a[-1]) || strchr("-_.", a[-1]))) a--;
	while (*b && (islower((unsigned char)*b) || isdigit((unsigned char)*b) || (strchr("-_.", *b) && b[1] && b[1] != ' '))) b++;
	if (a == p || b == p + 1 || (a > query && !strchr(" \n\t(", a[-1])) || (*b && !strchr(" \n\t,;:.!?)", *b))) return false;
	*left = (size_t)(p - a);
	*right = (size_t)(b - p - 1);
	/* (or one name twice: "kubernetes/kubernetes"; or any, where the query names the code host: "the releases of
	 * facebook/react on GitHub") */
	return cat_word_find(c, a, *left) < 0 || cat_word_find(c, p + 1, *right) < 0 ||
		(*left == *right && memcmp(a, p + 1, *left) == 0) || names_codehost(c, query);
}

/* Whether p opens an aside that closes its sentence ("trag ... in die Tabelle ein (Name + Datum)."): it ends the
 * clause before it, as a comma would; an aside inside a clause ("aus Google Forms ('Anmeldung') in die ...") does not. */
static bool closing_aside(const char *query, const char *p)
{
	if (*p != '(' || p == query || p[-1] != ' ') return false;
	const char *e = strchr(p, ')');
	if (!e) return false;
	while (*++e == ' ') {}
	return !*e || strchr(".!?,;\n", *e);
}

/* Whether the n bytes at w are one of words[]. */
static bool word_in(const char *w, size_t n, const char *const *words, size_t count)
{
	for (size_t k = 0; k < count; k++)
		if (strlen(words[k]) == n && strncasecmp(w, words[k], n) == 0) return true;
	return false;
}

/* German words that follow a condition's verb standing first ("Ändert sich eine Zeile", "Wird eine Datei ..."). */
static const char *const V1_AFTER[] = { "sich", "ein", "eine", "einer", "einem", "der", "die", "das", "in", "im", "jemand",
	"man", "bei", "auf", "mir", "uns", "neue", "neuer", "neues" };
/* Words after the comma that make the first clause the main one ("Sendet eine Nachricht, sobald ..."). */
static const char *const V1_NOT_MAIN[] = { "sobald", "wenn", "falls", "nachdem", "dass", "ob", "um", "damit", "weil", "die",
	"der", "das", "welche", "welcher", "und", "oder", "aber" };

/* Whether the n bytes at w, folded, are a word the vocabulary knows as a verb or an auxiliary's. */
static bool known_verb(const struct catalog *c, const char *w, size_t n)
{
	char raw[64], f[64];
	if (n >= sizeof raw) return false;
	memcpy(raw, w, n);
	raw[n] = '\0';
	text_fold_words(raw, f, sizeof f);
	int e = cat_word_find(c, f, strlen(f));
	return e >= 0 && (c->words[e].starts & (1u << SYN_INTENT | 1u << SYN_ROLE));
}

/* "Ändert sich eine Zeile in Excel, muss der Termin ... aktualisiert werden": a German condition may open with its
 * verb instead of "wenn"; such a sentence (a verb in -t or "wird" first, a German word for its subject next, a comma
 * before the sentence ends) is read with "wenn" before it, as the clause means. Writes into out; false if none. */
static bool german_v1(const struct catalog *c, const char *query, char *out, size_t cap)
{
	size_t o = 0;
	bool any = false;
	/* (most queries hold no comma: nothing to rewrite) */
	if (!strchr(query, ',')) return false;
	for (const char *p = query; *p;) {
		bool start = p == query || ((p[-1] == ' ') && p - query >= 2 && strchr(".!?:", p[-2]));
		const char *e = p;
		while (*e && *e != ' ' && *e != ',') e++;
		size_t n = (size_t)(e - p);
		bool verb = n >= 4 && (p[n - 1] == 't' || (n == 4 && strncasecmp(p, "wird", 4) == 0));
		if (start && verb && *e == ' ') {
			const char *w = e + 1, *we = w;
			while (*we && *we != ' ' && *we != ',') we++;
			const char *comma = w, *end = w;
			while (*end && !(strchr(".!?", *end) && (end[1] == ' ' || !end[1]))) end++;
			while (comma < end && *comma != ',') comma++;
			/* (the word after the comma; none where no comma stands before the sentence's end) */
			const char *m = comma < end ? comma + 1 : end, *me;
			while (*m == ' ') m++;
			for (me = m; *me && *me != ' ' && *me != ','; me++) {}
			if (comma < end && word_in(w, (size_t)(we - w), V1_AFTER, sizeof V1_AFTER / sizeof *V1_AFTER) &&
			    !word_in(m, (size_t)(me - m), V1_NOT_MAIN, sizeof V1_NOT_MAIN / sizeof *V1_NOT_MAIN) && known_verb(c, p, n)) {
				if (o + 5 >= cap) return false;
				memcpy(out + o, "wenn ", 5);
				o += 5;
				any = true;
			}
		}
		if (o + n + 1 >= cap) return false;
		memcpy(out + o, p, n);
		o += n;
		p = e;
		if (*p) out[o++] = *p++;
	}
	out[o] = '\0';
	return any;
}

/* Whether words [from, nwords), an aside, name an app, a product, the direction or (kinds) a kind of things ("(Outlook
 * → OneDrive)", "(both ways)", "(Create Draft Email)"): they say more than details. */
static bool aside_says(const struct catalog *c, const struct plan_resolution *r, int from, bool kinds)
{
	for (int i = from; i < r->nwords; i++)
		if (r->arrow[i] || names_app_at(c, r, i, 0) || starts_role(c, r, i, ROLE_BOTH_WAYS) || (kinds && names_kind(c, r, i)))
			return true;
	return false;
}

/* Whether words [from, nwords), an aside, are a list of two or more items of one or two words ("(tag, date)", "(name,
 * date, start, end)"): the names of columns or fields, no verbs. */
static bool listed_aside(const struct plan_resolution *r, int from)
{
	int items = 1, words = 0;
	for (int i = from; i < r->nwords; i++) {
		if (i > from && r->after_comma[i]) items++, words = 0;
		if (++words > 2) return false;
	}
	return items > 1;
}

/* "Ticket #4471 – Need a draft in my Outlook mailbox ...": a word for the code host's things and a number opening the
 * request, a colon or a dash after them, where no code host is named, are the label of the ticket the request is
 * written in, read as written: no issue to read; the clause ends there. */
static void ticket_label(const struct catalog *c, struct plan_resolution *r, const char *query)
{
	if (r->nwords < 4 || !r->words[1][0] || !isdigit((unsigned char)r->words[1][0])) return;
	for (const char *d = r->words[1]; *d; d++) if (!isdigit((unsigned char)*d)) return;
	const char *p = query;
	while (*p == ' ') p++;
	while (*p && *p != ' ' && !isdigit((unsigned char)*p) && *p != '#') p++;
	while (*p == ' ' || *p == '#') p++;
	while (isdigit((unsigned char)*p)) p++;
	while (*p == ' ') p++;
	bool dash = *p == '-' || *p == ':' || strncmp(p, "\xe2\x80\x93", 3) == 0 || strncmp(p, "\xe2\x80\x94", 3) == 0;
	if (!dash || names_codehost(c, query) || !kind_word_of(c, r, 0, 1u << AK_CODEHOST)) return;
	r->quoted[0] = r->quoted[1] = true;
	r->after_comma[2] = true;
}

/* Folds the query in segments between arrows ("Google Drive -> Dropbox"), which folding would erase. */
void rs_split_words(const struct catalog *c, struct plan_resolution *r, const char *query)
{
	char seg[1024], f[1024], v1[2048];
	if (german_v1(c, query, v1, sizeof v1)) query = v1;
	size_t used = 0, sl = 0;
	uint64_t first[4] = { 0 };
	for (uint32_t s = 0; s < c->nsyns && c->syns[s].kind == SYN_ARROW; s++) {
		unsigned char b = (unsigned char)*cat_s(c, c->syns[s].phrase);
		if (b) first[b / 64] |= 1ull << (b % 64);
	}
	/* addressees, addresses and slashes are rare: most queries skip their checks altogether */
	bool marks = strpbrk(query, "@./&:=+") != NULL, arrowed = false, quotes = strpbrk(query, "'\"\xC2\xE2") != NULL;
	bool parens = strchr(query, '(') != NULL;  /* (asides inside a sentence, read below) */
	int quote_from = -1, message = -1, aside = -1, inner = -1;
	bool long_message = false, values = false;
	for (const char *p = query;; p++) {
		size_t q = quotes ? quote_at(p) : 0;
		/* a quotation mark opens a name at a word's start and closes it at a word's end */
		if (q && quote_from < 0 && (p == query || strchr(" \n\t([", p[-1])) && (isalnum((unsigned char)p[q]) || (unsigned char)p[q] >= 0x80)) {
			flush_words(c, r, &used, seg, &sl);
			quote_from = r->nwords;
			p += q - 1;
			continue;
		}
		if (q && quote_from >= 0 && p > query && p[-1] != ' ' && (!p[q] || strchr(" \n\t.,;:!?)]", p[q]))) {
			flush_words(c, r, &used, seg, &sl);
			mark_quoted(c, r, quote_from, extension_before(query, p));
			unquote_extension(c, r, quote_from, query, p);
			quote_from = -1;
			p += q - 1;
			continue;
		}
		/* "(overwrite optional)": an aside closing its sentence says details, as a quoted name does */
		if (aside >= 0 && *p == ')') {
			flush_words(c, r, &used, seg, &sl);
			if (!aside_says(c, r, aside, true)) mark_quoted(c, r, aside, false);
			aside = -1;
			continue;
		}
		/* "@maria can we move ...": an addressee, not a word of the request; "has:attachment", "from:bob": a search
		 * operator says which items a search finds, no word of the request either; nor is a source file's name */
		if (marks && (p == query || *(p - 1) == ' ' || *(p - 1) == '\n' || *(p - 1) == '\t') &&
		    (*p == '@' || search_operator(p) || code_file_at(p))) {
			while (p[1] && p[1] != ' ' && p[1] != '\n' && p[1] != '\t') p++;
			continue;
		}
		/* "to stakeholders@ourteam.dev": an e-mail address says who sends or receives; its words are a name, as quoted */
		size_t mail = marks && (p == query || strchr(" \n\t(<", p[-1])) ? email_at(p) : 0;
		if (mail && mail < sizeof seg) {
			int from = read_name(c, r, &used, seg, &sl, p, mail);
			for (int i = from; i < r->nwords; i++) r->no_subject[i] = r->quoted[i];
			p += mail - 1;
			continue;
		}
		/* "Drive: files.list returns incomplete results": an operation named by its id or path is read as its app
		 * and what it does ("driveA Search files") */
		size_t dotted = marks && (p == query || p[-1] == ' ' || p[-1] == '[' || p[-1] == '(' || p[-1] == '`') ? dotted_token(p) : 0;
		size_t mstart;
		int op = dotted ? operation_named(c, p, dotted, http_method(seg, sl, &mstart)) : -1;
		if (op >= 0) {
			sl = drop_http_method(seg, sl);
			cat_str app_id = c->apps[c->ops[op].app].id, title = c->caps[c->ops[op].cap].title_en;
			const char *app = cat_s(c, app_id), *what = cat_s(c, title);
			size_t la = cat_len(c, app_id), lw = cat_len(c, title);
			if (sl + la + lw + 3 < sizeof seg) {
				seg[sl++] = ' ';
				memcpy(seg + sl, app, la);
				sl += la;
				seg[sl++] = ' ';
				memcpy(seg + sl, what, lw);
				sl += lw;
				seg[sl++] = ' ';
				p += dotted - 1;
				continue;
			}
		}
		/* "into the Dropbox folder /Accounting/Incoming": a folder's path (a capital after a slash, no operation's path)
		 * is a name, as quoted */
		if (dotted && *p == '/' && op < 0 && capital_segment(p, dotted) && dotted < sizeof seg) {
			int from = read_name(c, r, &used, seg, &sl, p, dotted);
			for (int i = from; i < r->nwords; i++) r->path[i] = true;
			p += dotted - 1;
			continue;
		}
		/* "(Documents/Archive-log.xlsx)": a document's file name is a name, as quoted, its extension saying what it is */
		size_t doc = marks && (p == query || strchr(" \n\t(/", p[-1])) ? document_file_at(p) : 0;
		if (doc && doc < sizeof seg) {
			flush_words(c, r, &used, seg, &sl);
			int from = r->nwords;
			memcpy(seg, p, doc);
			sl = doc;
			flush_words(c, r, &used, seg, &sl);
			mark_quoted(c, r, from, true);
			unquote_extension(c, r, from, query, p + doc);
			p += doc - 1;
			continue;
		}
		/* "FT.com": a website named by its address, read as the word that names a website, kept as written */
		/* only a word's first letter can start an address */
		size_t site = marks && ascii_alnum(*p) && (p == query || !ascii_alnum(p[-1])) ? site_at(query, p) : 0;
		if (site && r->nsites < 2 && sl + 14 < sizeof seg && !names_product(c, p)) {
			name_stand_in(r, seg, &sl, p, site, " web address ");
			p += site - 1;
			continue;
		}
		/* a product the catalog does not list, named after a verb of using: kept as written, read as the phrase that
		 * stands for one (outside.json "unlisted product") */
		size_t unlisted = (p == query || p[-1] == ' ') && r->nsites < 2 && sl + 19 < sizeof seg ? unlisted_at(c, query, p) : 0;
		if (unlisted) {
			name_stand_in(r, seg, &sl, p, unlisted, " unlisted product ");
			p += unlisted - 1;
			continue;
		}
		/* "the releases of kubernetes/kops": an owner and a name the vocabulary does not both know, a repository's,
		 * are a name, as quoted */
		size_t left = 0, right = 0;
		if (marks && *p == '/' && p > query && repo_name_at(c, query, p, &left, &right) && sl >= left) {
			sl -= left;
			flush_words(c, r, &used, seg, &sl);
			int from = r->nwords;
			memcpy(seg, p - left, left);
			seg[left] = ' ';
			memcpy(seg + left + 1, p + 1, right);
			sl = left + 1 + right;
			flush_words(c, r, &used, seg, &sl);
			mark_quoted(c, r, from, false);
			p += right;
			continue;
		}
		/* "w/ label p0", "w/o attachments": with and without, as people shorten them */
		if (marks && *p == '/' && p > query && (p[-1] | 0x20) == 'w' && (p - 1 == query || p[-2] == ' ') && sl >= 1 &&
		    sl + 8 < sizeof seg) {
			bool without = (p[1] | 0x20) == 'o' && (p[2] == ' ' || !p[2]);
			if (without || p[1] == ' ' || !p[1]) {
				memcpy(seg + sl - 1, without ? "without" : "with", without ? 7 : 4);
				sl += without ? 6 : 3;
				p += without;
				continue;
			}
		}
		/* "read/write", "OneDrive/SharePoint": a slash between two words offers either */
		if (marks && *p == '/' && p > query && isalpha((unsigned char)p[-1]) && isalpha((unsigned char)p[1]) && sl + 5 < sizeof seg) {
			memcpy(seg + sl, " or ", 4);
			sl += 4;
			continue;
		}
		/* "availability & events": an ampersand joins like "and"; so does a plus standing alone ("title + labels"),
		 * but not after an arrow, where it adds a target ("Calendly bookings => Google Calendar + Slack") */
		if (marks && (*p == '&' || (*p == '+' && !arrowed && p > query && p[-1] == ' ' && (p[1] == ' ' || !p[1]))) &&
		    sl + 6 < sizeof seg) {
			memcpy(seg + sl, " and ", 5);
			sl += 5;
			continue;
		}
		int intent = -1;
		/* (an aside inside a sentence: its words are known, read as a clause when they decline something) */
		if (parens && *p == '(' && aside < 0 && quote_from < 0 && p > query && p[-1] == ' ' && !closing_aside(query, p)) {
			flush_words(c, r, &used, seg, &sl);
			inner = r->nwords;
		} else if (parens && *p == ')' && inner >= 0) {
			flush_words(c, r, &used, seg, &sl);
			for (int i = inner; i < r->nwords; i++) r->aside[i] = true;
			/* (a kind's word there is a column's name: "(name, email, label)") */
			if (listed_aside(r, inner) && !aside_says(c, r, inner, false)) mark_quoted(c, r, inner, false);
			inner = -1;
		}
		size_t alen = *p ? arrow_at(c, first, p, &intent) : 0;
		/* "Every Monday, email me ...", "OneDrive: Share a folder": a comma, a semicolon or a colon before a space
		 * ends a clause; the next word is marked (not the colon of "https://" or "9:30") */
		/* ". ", "? ", "! " end a sentence, and with it a clause */
		/* (after a word, or a closing bracket or quotation mark after one: "... in SharePoint (Name, Datum). Jede ...") */
		/* (not an abbreviation's period before a number: "Goethestr. 12", "Nr. 5") */
		bool stop = (*p == '.' || *p == '?' || *p == '!') && p > query && (isalpha((unsigned char)p[-1]) ||
			((p[-1] == ')' || p[-1] == '"') && p - query > 1 && isalnum((unsigned char)p[-2]))) && (p[1] == ' ' || p[1] == '\n') &&
			!(*p == '.' && p[1] == ' ' && isdigit((unsigned char)p[2]));
		bool comma = *p == ',' || *p == ';' || (*p == ':' && (p[1] == ' ' || !p[1])) || stop || (*p == '(' && closing_aside(query, p));
		if (alen || comma || !*p || sl + 1 >= sizeof seg) {
			seg[sl] = '\0';
			int seg_from = r->nwords;
			text_fold_words(seg, f, sizeof f);
			for (char *w = f; *w;) {
				char *end = strchr(w, ' ');
				if (end) *end = '\0';
				read_word(c, r, &used, w);
				if (!end) break;
				w = end + 1;
			}
			mark_possessives(r, seg, seg_from);
			sl = 0;
			/* "eine Mail an das Team: Meeting fällt heute aus": after a person and a colon, the message's text */
			if (message >= 0 && (stop || !*p || *p == ';')) {
				/* (a message's text after a verb naming it is all its own, however long; so are a row's values) */
				bool row = values && row_values(c, r, message);
				r->values_given |= row;
				for (int i = message; (long_message || row) && i < r->nwords; i++) {
					r->quoted[i] = true;
					r->no_subject[i] |= row;
				}
				if (!long_message && !values) mark_quoted(c, r, message, false);
				message = -1;
			}
			if (*p == ':' && comma && r->nwords > 0) {
				bool person = person_word(c, r, r->nwords - 1);
				long_message = !person && written_before(c, r, 1u << AK_MAIL | 1u << AK_CODEHOST);
				values = !person && !long_message && written_before(c, r, 1u << AK_SHEETS | 1u << AK_CALENDAR);
				if (long_message || values || person) message = r->nwords;
			}
			if (*p == '(' && comma) aside = r->nwords;
			/* (inside a quoted name a comma or a period ends nothing: "einen Termin "Mandantengespräch Schulz GmbH, Az.
			 * 17 O 233/24" am ... an") */
			if (comma && quote_from >= 0) continue;
			if (comma) {
				if (r->nwords < PLAN_MAX_WORDS) r->after_comma[r->nwords] = true;
				if (stop && r->nwords < PLAN_MAX_WORDS) {
					r->sentence_start[r->nwords] = true;
					r->after_question[r->nwords] = *p == '?';
				}
				continue;
			}
			if (alen && r->nwords < PLAN_MAX_WORDS) {
				/* an arrow between two apps asks for what its intent asks for (a copy) */
				if (r->nintents < PLAN_MAX_INTENTS)
					r->intents[r->nintents++] = (struct plan_intent){ .first = r->nwords, .nwords = 1, .intent = intent };
				r->intent_word[r->nwords] = true;
				push_word(r, &used, "->", 2, true);
			}
			if (!*p) {
				/* the end is known here: a question mark ending the request, spaces after it */
				const char *e = p;
				while (e > query && (e[-1] == ' ' || e[-1] == '\n' || e[-1] == '\t')) e--;
				r->question = e > query && e[-1] == '?';
				break;
			}
			if (alen) { arrowed = true; p += alen - 1; continue; }
		}
		seg[sl++] = *p;
	}
	join_folded(r);
	ticket_label(c, r, query);
	listed_values(c, r);
}

/* Whether word i may be a person's name: no small word, app or word the vocabulary knows as written. */
static bool name_word(const struct plan_resolution *r, int i)
{
	return !r->stop[i] && !r->app_word[i] && !(r->nwm[i] && !r->fuzzy[i]);
}

/* Words [from, to) are a name, read as no word (no typo makes "Marco" the macros). */
static void as_name(struct plan_resolution *r, int from, int to)
{
	for (int w = from; w < to; w++) {
		r->nwm[w] = 0;
		r->fuzzy[w] = false;
		r->quoted[w] = true;
	}
}

/* "... seating plan? Thanks, Marco", "... in meinen google kalender ein danke": a sign-off ending the request
 * (signoffs) closes the clause before it, as a comma would, and one or two words after it that may be a name are
 * one (an aside after it too: "Thanks, Lisa (Vet Clinic Nord)"); so are one or two such words between a greeting
 * opening the request and a comma ("Hi Marco, please copy ..."). */
static void signed_off(const struct catalog *c, struct plan_resolution *r)
{
	int k = 1;
	while (k < r->nwords && k < 3 && name_word(r, k) && !r->after_comma[k]) k++;
	if (k > 1 && k < r->nwords && r->after_comma[k] && exact_word(c, r, 0, SYN_STOP, STOP_SIGNOFF) >= 0) as_name(r, 1, k);
	int names = r->nwords;
	while (names > 0 && r->quoted[names - 1] && !r->app_word[names - 1]) names--;  /* (an aside, read as a name) */
	for (int plain = 0; names > 0 && plain < 2 && name_word(r, names - 1); plain++) names--;
	int first = names;
	while (first > 1 && first > names - 3 && exact_word(c, r, first - 1, SYN_STOP, STOP_SIGNOFF) >= 0) first--;
	if (first == names) return;
	r->after_comma[first] = true;
	as_name(r, names, r->nwords);
}

/* "(don't change it) and create ...": an aside inside a sentence that declines something is a clause of its own, its
 * negation reaching no verb after it. */
static void declining_asides(const struct catalog *c, struct plan_resolution *r)
{
	for (int i = r->negation_from - 1; i < r->nwords; i++) {
		if (!r->aside[i] || !has_role_word(c, r, i, ROLE_NEGATION)) continue;
		int from = i, to = i;
		while (from > 0 && r->aside[from - 1] && !r->after_comma[from]) from--;
		while (to < r->nwords && r->aside[to]) to++;
		r->after_comma[from] = true;
		if (to < r->nwords) r->after_comma[to] = true;
		i = to;
	}
}

void rs_match_words(const struct catalog *c, struct plan_resolution *r)
{
	bool trigger_open = false;
	for (int i = 0; i < r->nwords; i++) {
		if (r->arrow[i]) continue;
		int e;
		r->nwm[i] = exact_and_stems(c, r->words[i], r->wm[i], &e);
		r->fuzzy[i] = r->nwm[i] == 0;
		if (r->fuzzy[i]) r->nwm[i] = typos(c, r->words[i], r->wm[i], 0);
		bool digit = word_has_digit(r, i);
		r->digits |= digit;
		r->stop[i] = (e >= 0 && c->words[e].stop) || digit;
		/* a one-word role is structure, like a stop word, unless it is a verb too ("new"); a word that
		 * starts a trigger phrase is noted for find_triggers, which reads only those */
		bool role = false, verb = false, trigger = false, modal = false, causative = false;
		for (uint32_t k = 0; e >= 0 && k < c->words[e].syn_count; k++) {
			const struct cat_syn *sy = &c->syns[c->lists[c->words[e].syn_first + k]];
			/* (the roles of ROLES_AS_WORDS leave their words as they are) */
			role |= sy->kind == SYN_ROLE && sy->words == 1 &&
				!(ROLES_AS_WORDS >> sy->target & 1);
			verb |= sy->kind == SYN_INTENT && sy->words == 1;
			trigger |= sy->kind == SYN_ROLE && sy->target == ROLE_TRIGGER;
			modal |= sy->kind == SYN_ROLE && sy->target == ROLE_MODAL;
			causative |= sy->kind == SYN_ROLE && sy->target == ROLE_CAUSATIVE;
			r->format_at[i] |= sy->kind == SYN_ROLE && sy->target == ROLE_FORMAT;
			if (sy->kind == SYN_ROLE && sy->target == ROLE_REPLY && !r->reply_from) r->reply_from = i + 1;
			if (sy->kind == SYN_ROLE && sy->target == ROLE_NEGATION && !r->negation_from) r->negation_from = i + 1;
			if (sy->kind == SYN_ROLE && (sy->target == ROLE_PURPOSE || sy->target == ROLE_REASON) && !r->purpose_from)
				r->purpose_from = i + 1;
		}
		r->stop[i] |= role && !verb;
		r->trigger[i] = trigger;
		/* "Für jede Zeile in Excel soll eine Mail ... verschickt werden": a modal after a trigger's words opens the
		 * main clause, as a comma would */
		if (r->after_comma[i] || r->sentence_start[i]) trigger_open = false;
		if (modal && trigger_open) r->after_comma[i] = true;
		/* ("for each new pdf in dropbox i want a row added": so does a pronoun and a causative) */
		bool wants = causative && trigger_open && i > 0 && !r->after_comma[i - 1] && has_role_word(c, r, i - 1, ROLE_PRONOUN);
		if (wants) r->after_comma[i - 1] = true;
		trigger_open = (trigger_open && !modal && !wants) || trigger;
	}
	/* "finds invoices, checks each PDF and files it": a verb of watching (roles.watching) before what it checks
	 * (roles.checked: items, a pronoun, "whether") checks things, no place it watches for an event */
	for (int i = 0; i + 1 < r->nwords; i++)
		if (r->trigger[i] && has_role_word(c, r, i, ROLE_WATCHING) && has_role_word(c, r, i + 1, ROLE_CHECKED)) r->trigger[i] = false;
	if (r->negation_from) declining_asides(c, r);
	signed_off(c, r);
}

/* "send a quick note ... saying the third-floor printer is working again": the words after a phrase saying a
 * message's text (roles.says), to the sentence's end, are that text, a name: no word of the request. */
void rs_said_text(const struct catalog *c, struct plan_resolution *r)
{
	for (int i = 0; i + 1 < r->nwords; i++) {
		if (r->quoted[i] || r->fuzzy[i] || !has_role_word(c, r, i, ROLE_SAYS)) continue;  /* (as written: "saving" is none) */
		int n = rs_understood_role(c, r, i, ROLE_SAYS);  /* (its words understood) */
		for (int k = i + n; k < r->nwords && !r->sentence_start[k]; k++) r->quoted[k] = true;
		return;
	}
}

/* ---- phrases ---- */

/* How many words a PH_GAP phrase may skip between two of its words: the object of a separable verb
 * ("lade den Bericht nach Google Drive hoch", "put lunch with Anna on"). */
#define GAP_WORDS 6
#define GAP_ALL 10  /* a PH_WIDE gap, small words counted */

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

int rs_clause_last(const struct plan_resolution *r, int k)
{
	bool either;
	for (; k + 1 < r->nwords && !r->after_comma[k + 1] && !r->arrow[k + 1] && !joins(r, k + 1, &either); k++) {}
	return k;
}

/* Whether q[0..n) is a number. */
static bool all_digits(const char *q, size_t n)
{
	for (size_t k = 0; k < n; k++) if (q[k] < '0' || q[k] > '9') return false;
	return n > 0;
}

/* Whether word at is the particle w[0..lw) of a German separable verb, as written. */
bool rs_particle_at(const struct catalog *c, const struct plan_resolution *r, int at, const char *w, size_t lw)
{
	return has_role_word(c, r, at, ROLE_PARTICLE) && rs_word_level(r->words[at], r->wordlen[at], w, lw, false) == LV_EXACT;
}

/* The word closing word k's clause, else its sentence (where commas list the object: "trage Datum, Uhrzeit und
 * Mandant in die Excel-Arbeitsmappe ein"), where it is the particle w[0..lw); else -1. */
static int closing_particle(const struct catalog *c, const struct plan_resolution *r, int k, const char *w, size_t lw)
{
	int last = rs_clause_last(r, k), end = last;
	if (rs_particle_at(c, r, last, w, lw)) return last;
	while (end + 1 < r->nwords && !r->sentence_start[end + 1] && !r->arrow[end + 1]) end++;
	return end != last && rs_particle_at(c, r, end, w, lw) ? end : -1;
}

/* Does phrase (folded, space-separated) start at word i? Returns the number of query words it spans,
 * or 0. PH_LOOSE: stop words and app names may sit between the phrase's words ("Datei in Drive C
 * loschen" holds "datei loschen"); PH_GAP: any words, up to GAP_WORDS of them. A word nothing matches
 * may carry one typo. A one-word phrase must match exactly (anhangen, append, is not anhange,
 * attachments) unless PH_STEM allows an inflection. */
int rs_phrase_at(const struct catalog *c, const struct plan_resolution *r, int i, const char *phrase, unsigned flags)
{
	if (i >= r->nwords || r->arrow[i]) return 0;
	int k = i;
	bool one_word = false;
	for (const char *w = phrase; *w;) {
		const char *end = strchr(w, ' ');
		if (w == phrase) one_word = !end;  /* (the first word's end says it: no second scan of the phrase) */
		size_t lw = end ? (size_t)(end - w) : strlen(w);
		int gap_start = k, small = 0;
		bool past_app = false;
		for (;;) {
			/* a phrase never reaches past a comma ("my Excel sheet, a Google Calendar event" names no sheetsA) */
			if (k >= r->nwords || r->arrow[k] || (k > i && r->after_comma[k])) return 0;
			/* (a quoted name's words match no phrase but a subject's: label "Rechnung" says invoices) */
			int lv = r->quoted[k] && !(flags & PH_NAME) ? LV_NONE : word_level(r->words[k], r->wordlen[k], w, lw, r->fuzzy[k]);
			if (lv == LV_NONE && r->fuzzy[k] && !(r->quoted[k] && !(flags & PH_NAME))) lv = typo_of(c, r, k, w, lw);
			int need = r->fuzzy[k] ? LV_TYPO : one_word && !(flags & PH_STEM) ? LV_EXACT : LV_STEM;
			/* (a noun's phrase has no -ing form: "a mock driving test" names no drive) */
			if (lv < need && need == LV_EXACT && !(r->quoted[k] && !(flags & PH_NAME)) &&
			    verb_form(r->words[k], r->wordlen[k], w, lw, flags & PH_PAST) && !after_determiner(c, r, k) &&
			    !((flags & PH_NOUN) && ends_in(r, k, "ing")))
				lv = need;
			/* a phrase's "0" stands for any number ("issue 0": "issue 42", "issue #128"; not one in a quoted title) */
			if (lv < need && r->digits && lw == 1 && *w == '0' && k > i && !r->quoted[k] && all_digits(r->words[k], r->wordlen[k])) lv = need;
			/* "in Zeile 7" is one row: a word a number follows matches no other inflection ("in zeilen") */
			if (lv == LV_STEM && r->digits && k + 1 < r->nwords && all_digits(r->words[k + 1], r->wordlen[k + 1])) lv = LV_NONE;
			/* a word skipped to inside an app's name that names a thing after it is the name's ("a shared Google
			 * Drive folder" holds no "shared drive"; "a new Google Calendar calendar" says its calendar after it) */
			if (lv >= need && k > gap_start && r->app_word[k] && r->app_word[k - 1] && !r->product_word[k] &&
			    k + 1 < r->nwords && r->word_kinds[k + 1] && !r->app_word[k + 1])
				lv = LV_NONE;
			/* (nor has a word of its own inside an aside in brackets it did not open in: "emails sent to bugs@acme.com
			 * (it's a Gmail inbox)" holds no "email it"; a gap may hold a whole aside: "Trag ... (22.-26.7.) ... ein") */
			if (lv >= need && k > i && r->aside[k] && !r->aside[i]) return 0;
			/* (a separable verb's particle after a gap is as written: "Gibt es ... einen freien Slot" frees nothing) */
			if (lv >= need && (k == gap_start || end || lv != LV_STEM || lw > 4 || r->wordlen[k] < lw + 2)) break;
			/* a catalog app's name may sit inside a phrase, a product's is content ("create a Google Doc
			 * from a Google Sheets row" holds no "create row"); so may a quoted text right after a loose one's first word
			 * ('Reply "Thanks, received" to the last Gmail' replies; a quoted title later is the thing's) */
			bool skip = (flags & PH_GAP) ? k - gap_start - small < GAP_WORDS && k - gap_start < GAP_ALL
				: (flags & (PH_LOOSE | PH_SMALL)) && (r->stop[k] || (r->app_word[k] && !r->product_word[k]) ||
				  ((flags & PH_LOOSE) && r->quoted[k] && gap_start == i + 1 && r->quoted[gap_start])) &&
				  !((flags & PH_SMALL) && past_app && !r->app_word[k]);
			past_app |= r->app_word[k];
			small += (flags & PH_WIDE) && r->stop[k];
			/* a German separable verb's particle closes its clause, however long the object between ("Trage
			 * einen Termin am Freitag in meinen Outlook-Kalender ein") */
			int closing = (flags & PH_GAP) && !skip && k > i && !end ? closing_particle(c, r, k, w, lw) : -1;
			if (closing >= 0) {
				k = closing;
				break;
			}
			if (k == i || !skip) return 0;
			k++;
		}
		k++;
		w += lw;
		while (*w == ' ') w++;
	}
	return k - i;
}
