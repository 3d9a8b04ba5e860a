#include "directory/search.h"
#include "catalog/vocab.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Query words are cut to this many bytes, as the listing has always matched them. */
#define WORD_MAX 127
#define MAX_WORDS 256

/* Entries [*lo, *hi) of type (they are sorted by type, then slug). */
static void type_range(const struct catalog *c, const char *type, uint32_t *lo, uint32_t *hi)
{
	uint32_t a = 0, b = c->nentries;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if (strcmp(cat_s(c, c->entries[m].type), type) < 0) a = m + 1;
		else b = m;
	}
	*lo = a;
	b = c->nentries;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if (strcmp(cat_s(c, c->entries[m].type), type) <= 0) a = m + 1;
		else b = m;
	}
	*hi = a;
}

/* The first index of the ascending list l[0..n) whose value is >= v. */
static uint32_t lower(const uint32_t *l, uint32_t n, uint32_t v)
{
	uint32_t a = 0, b = n;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if (l[m] < v) a = m + 1;
		else b = m;
	}
	return a;
}

static bool posts_ok(const struct catalog *c, uint32_t first, uint32_t count)
{
	return first <= c->ndposts && count <= c->ndposts - first;
}

/* Without words: the precompiled filter list, cut to the type's entries. */
static int list_filtered(const struct catalog *c, const struct dir_listing *q, uint32_t lo, uint32_t hi,
	uint32_t offset, uint32_t limit, struct dir_hits *out)
{
	uint32_t area = q->area < 0 ? CAT_NONE : (uint32_t)q->area, status = q->status < 0 ? CAT_NONE : (uint32_t)q->status;
	for (uint32_t i = 0; i < c->ndfilters; i++) {
		const struct cat_dfilter *f = &c->dfilters[i];
		if (f->area != area || f->status != status) continue;
		if (f->first > c->ndlists || f->count > c->ndlists - f->first) return 0;
		const uint32_t *l = c->dlists + f->first;
		uint32_t a = lower(l, f->count, lo), b = lower(l, f->count, hi);
		out->total = b - a;
		if (offset < out->total) {
			out->idx = l + a + offset;
			out->n = out->total - offset < limit ? out->total - offset : limit;
		}
		return 0;
	}
	return 0;
}

/* The NUL-terminated suffix i of the index, or "" when the file is damaged there. */
static const char *suffix(const struct catalog *c, uint32_t i)
{
	const struct cat_dsuffix *s = &c->dsuffixes[i];
	if (s->word >= c->ndwords) return "";
	const struct cat_dword *w = &c->dwords[s->word];
	if (w->text >= c->ndtext || w->len > c->ndtext - w->text - 1 || s->off >= w->len) return "";
	return c->dtext + w->text + s->off;
}

/* The suffixes that start with word: [*lo, *hi). */
static void suffix_range(const struct catalog *c, const char *word, size_t n, uint32_t *lo, uint32_t *hi)
{
	uint32_t a = 0, b = c->ndsuffixes;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if (strncmp(suffix(c, m), word, n) < 0) a = m + 1;
		else b = m;
	}
	*lo = a;
	b = c->ndsuffixes;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if (strncmp(suffix(c, m), word, n) <= 0) a = m + 1;
		else b = m;
	}
	*hi = a;
}

/* The entries holding a word, field by field, as bit sets over the entries: any field, name, key, text. */
struct bits {
	uint64_t *any, *f[3];
	uint32_t words;       /* uint64_t words per set */
};

static void set_postings(struct bits *b, const uint32_t *p, uint32_t n, uint32_t nentries)
{
	uint64_t *any = b->any, *name = b->f[0], *key = b->f[1], *text = b->f[2];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t e = p[i] >> 3, w = e >> 6;
		if (e >= nentries) continue;
		uint64_t bit = 1ull << (e & 63);
		any[w] |= bit;
		name[w] |= bit & (0 - (uint64_t)(p[i] & 1));        /* DF_NAME */
		key[w] |= bit & (0 - (uint64_t)((p[i] >> 1) & 1));  /* DF_KEY */
		text[w] |= bit & (0 - (uint64_t)((p[i] >> 2) & 1)); /* DF_TEXT */
	}
}

/* The precompiled postings of a pattern of one or two characters, or NULL. */
static const struct cat_dshort *short_find(const struct catalog *c, const char *word, size_t n)
{
	char pat[4] = { 0 };
	memcpy(pat, word, n);
	uint32_t a = 0, z = c->ndshorts;
	while (a < z) {
		uint32_t m = a + (z - a) / 2;
		int r = strncmp(c->dshorts[m].pattern, pat, 4);
		if (r == 0) return &c->dshorts[m];
		if (r < 0) a = m + 1;
		else z = m;
	}
	return NULL;
}

/* One word's entries. Short patterns have their merged postings precompiled; longer words are one range
 * of the sorted suffixes, whose words' postings are or-ed together. Returns false when none. */
static bool word_bits(const struct catalog *c, const char *word, size_t n, struct bits *b)
{
	memset(b->any, 0, 4 * (size_t)b->words * sizeof *b->any);
	if (n <= 2) {
		const struct cat_dshort *sh = short_find(c, word, n);
		if (!sh || !posts_ok(c, sh->post_first, sh->post_count) || !sh->post_count) return false;
		set_postings(b, c->dposts + sh->post_first, sh->post_count, c->nentries);
		return true;
	}
	uint32_t lo, hi;
	suffix_range(c, word, n, &lo, &hi);
	for (uint32_t i = lo; i < hi; i++) {
		const struct cat_dsuffix *sf = &c->dsuffixes[i];
		if (sf->word >= c->ndwords) continue;
		const struct cat_dword *w = &c->dwords[sf->word];
		if (posts_ok(c, w->post_first, w->post_count)) set_postings(b, c->dposts + w->post_first, w->post_count, c->nentries);
	}
	return lo < hi;
}

static bool entry_passes(const struct catalog *c, const struct dir_listing *q, uint32_t e)
{
	const struct cat_entry *x = &c->entries[e];
	if (q->area >= 0 && !(x->einsatz & (1u << q->area))) return false;
	return q->status < 0 || strcmp(cat_s(c, x->status), VOCAB_ENTRY_STATUS[q->status]) == 0;
}

/* Bits set in v (no popcnt instruction is assumed). */
static inline uint32_t ones(uint64_t v)
{
	v = v - ((v >> 1) & 0x5555555555555555ull);
	v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (uint32_t)((v * 0x0101010101010101ull) >> 56);
}

/* The answer's groups as bit sets, word k: every word in the name, in the key, the rest. */
static void groups(const struct bits *acc, enum dir_level level, uint32_t k, uint64_t range, uint64_t g[3])
{
	if (level != DL_ALL) {
		g[0] = g[1] = 0;
		g[2] = acc->f[level - DL_NAME][k] & range;
		return;
	}
	g[0] = acc->f[0][k] & range;
	g[1] = acc->f[1][k] & ~acc->f[0][k] & range;
	g[2] = acc->any[k] & ~acc->f[0][k] & ~acc->f[1][k] & range;
}

/* Bits of word k that lie in [lo, hi). */
static uint64_t range_mask(uint32_t k, uint32_t lo, uint32_t hi)
{
	uint64_t m = ~0ull, base = (uint64_t)k * 64;
	if (lo > base) m &= lo - base >= 64 ? 0 : ~0ull << (lo - base);
	if (hi < base + 64) m &= hi <= base ? 0 : ~0ull >> (64 - (hi - base));
	return m;
}

/* From the matches in acc, the entries at [offset, offset + limit) of the answer and the total: counted
 * a word of bits at a time, so only the page is written out. */
static int page(const struct catalog *c, const struct dir_listing *q, uint32_t lo, uint32_t hi, struct bits *acc,
	uint32_t offset, uint32_t limit, struct dir_hits *out)
{
	uint32_t k0 = lo / 64, k1 = hi ? (hi - 1) / 64 + 1 : 0;
	if (q->area >= 0 || q->status >= 0)
		for (uint32_t k = k0; k < k1; k++)
			for (uint64_t m = acc->any[k] & range_mask(k, lo, hi); m; m &= m - 1) {
				uint32_t e = k * 64 + (uint32_t)__builtin_ctzll(m);
				if (!entry_passes(c, q, e)) {
					uint64_t off = ~(m & -m);
					acc->any[k] &= off;
					for (int f = 0; f < 3; f++) acc->f[f][k] &= off;
				}
			}
	uint32_t total = 0;
	for (uint32_t k = k0; k < k1; k++) {
		if (!acc->any[k]) continue;
		uint64_t g[3];
		groups(acc, q->level, k, range_mask(k, lo, hi), g);
		total += ones(g[0]) + ones(g[1]) + ones(g[2]);
	}
	out->total = total;
	uint32_t want = offset < total ? (total - offset < limit ? total - offset : limit) : 0;
	out->owned = malloc((want ? want : 1) * sizeof *out->owned);
	if (!out->owned) return -1;
	out->idx = out->owned;
	uint32_t skip = offset;
	for (int grp = 0; grp < 3 && out->n < want; grp++)
		for (uint32_t k = k0; k < k1 && out->n < want; k++) {
			if (!acc->any[k]) continue;
			uint64_t g[3];
			groups(acc, q->level, k, range_mask(k, lo, hi), g);
			uint64_t m = g[grp];
			uint32_t bits = ones(m);
			if (skip >= bits) {
				skip -= bits;
				continue;
			}
			for (; m && out->n < want; m &= m - 1) {
				if (skip) {
					skip--;
					continue;
				}
				out->owned[out->n++] = k * 64 + (uint32_t)__builtin_ctzll(m);
			}
		}
	return 0;
}

/* What reading a word's postings would cost, in postings: the precompiled count of a short pattern, or
 * the sum over the words of its suffix range (from the compiled running sums). 0 when it occurs nowhere. */
static uint64_t volume(const struct catalog *c, const char *word, size_t n)
{
	if (n <= 2) {
		const struct cat_dshort *sh = short_find(c, word, n);
		return sh ? sh->post_count : 0;
	}
	uint32_t lo, hi;
	suffix_range(c, word, n, &lo, &hi);
	if (lo == hi) return 0;
	const struct cat_dsuffix *last = &c->dsuffixes[hi - 1];
	uint64_t end = (uint64_t)last->before + (last->word < c->ndwords ? c->dwords[last->word].post_count : 0);
	return end > c->dsuffixes[lo].before ? end - c->dsuffixes[lo].before : 1;
}

/* Keeps of the candidates in acc those whose fields hold word, looking at each candidate's fields: cheaper
 * than reading a common word's postings once few candidates are left. Returns whether any is left. */
static bool narrow_by_text(const struct catalog *c, struct bits *acc, const char *word, size_t n)
{
	char w[WORD_MAX + 1];
	memcpy(w, word, n);
	w[n] = '\0';
	uint64_t left = 0;
	for (uint32_t k = 0; k < acc->words; k++) {
		for (uint64_t m = acc->any[k]; m; m &= m - 1) {
			uint32_t e = k * 64 + (uint32_t)__builtin_ctzll(m);
			const struct cat_entry *x = &c->entries[e];
			uint64_t bit = m & -m;
			bool in[3] = { strstr(cat_s(c, x->search_name), w) != NULL, strstr(cat_s(c, x->search_key), w) != NULL,
				strstr(cat_s(c, x->search_text), w) != NULL };
			for (int f = 0; f < 3; f++)
				if (!in[f]) acc->f[f][k] &= ~bit;
			if (!in[0] && !in[1] && !in[2]) acc->any[k] &= ~bit;
		}
		left |= acc->any[k];
	}
	return left != 0;
}

static uint64_t count_bits(const uint64_t *b, uint32_t words)
{
	uint64_t n = 0;
	for (uint32_t k = 0; k < words; k++)
		if (b[k]) n += ones(b[k]);
	return n;
}

/* Every word must occur in some field: the sets of the words are and-ed, field by field, which also
 * gives the rank (every word in the name, or every word in the key). Words are taken rarest first; once
 * few candidates are left, the other words are looked for in the candidates' own fields. The cost follows
 * the postings read and the page returned, plus a word of bits per 64 entries. */
static int search(const struct catalog *c, const struct dir_listing *q, uint32_t lo, uint32_t hi, uint32_t offset,
	uint32_t limit, struct dir_hits *out)
{
	const char *w[MAX_WORDS];
	size_t wn[MAX_WORDS];
	uint64_t vol[MAX_WORDS];
	int nw = 0;
	for (const char *p = q->words; *p && nw < MAX_WORDS;) {
		size_t n = strcspn(p, " ");
		w[nw] = p;
		wn[nw] = n > WORD_MAX ? WORD_MAX : n;
		/* a word that occurs nowhere ends the search before anything is allocated */
		if (!(vol[nw] = volume(c, w[nw], wn[nw]))) return 0;
		nw++;
		p += n;
		while (*p == ' ') p++;
	}
	for (int i = 1; i < nw; i++) /* rarest first */
		for (int j = i; j > 0 && vol[j] < vol[j - 1]; j--) {
			const char *t = w[j]; w[j] = w[j - 1]; w[j - 1] = t;
			size_t tn = wn[j]; wn[j] = wn[j - 1]; wn[j - 1] = tn;
			uint64_t tv = vol[j]; vol[j] = vol[j - 1]; vol[j - 1] = tv;
		}
	uint32_t words = (c->nentries + 63) / 64;
	uint64_t *mem = malloc(8 * (size_t)(words ? words : 1) * sizeof *mem);
	if (!mem) return -1;
	struct bits acc = { mem, { mem + words, mem + 2 * words, mem + 3 * words }, words },
		cur = { mem + 4 * words, { mem + 5 * words, mem + 6 * words, mem + 7 * words }, words };
	bool any = true;
	for (int i = 0; i < nw && any; i++) {
		/* a candidate's three fields cost about as much to search as a few hundred postings to read */
		if (i > 0 && count_bits(acc.any, words) * 200 < vol[i]) {
			any = narrow_by_text(c, &acc, w[i], wn[i]);
			continue;
		}
		struct bits *b = i == 0 ? &acc : &cur;
		any = word_bits(c, w[i], wn[i], b);
		if (i == 0 || !any) continue;
		uint64_t left = 0;
		for (uint32_t k = 0; k < words; k++) {
			acc.any[k] &= cur.any[k];
			for (int f = 0; f < 3; f++) acc.f[f][k] &= cur.f[f][k];
			left |= acc.any[k];
		}
		any = left != 0;
	}
	int rc = any ? page(c, q, lo, hi, &acc, offset, limit, out) : 0;
	free(mem);
	if (rc < 0) dir_hits_free(out);
	return rc;
}

int dir_list(const struct catalog *c, const struct dir_listing *q, uint32_t offset, uint32_t limit, struct dir_hits *out)
{
	*out = (struct dir_hits){ 0 };
	uint32_t lo, hi;
	type_range(c, q->type, &lo, &hi);
	if (!q->words[0]) return list_filtered(c, q, lo, hi, offset, limit, out);
	return search(c, q, lo, hi, offset, limit, out);
}

void dir_hits_free(struct dir_hits *h)
{
	free(h->owned);
	*h = (struct dir_hits){ 0 };
}
