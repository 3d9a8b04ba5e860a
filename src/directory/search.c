#include "directory/search.h"
#include "catalog/vocab.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Query words are cut to this many bytes, as the listing has always matched them. */
#define WORD_MAX 127
#define MAX_WORDS 256

/* A list of postings (entry << 3 | fields), entries ascending and unique. */
struct plist {
	const uint32_t *p;
	uint32_t n;
	uint32_t *owned;
};

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

/* The first index of the ascending list l[0..n) whose value (shifted right by shift) is >= v. */
static uint32_t lower(const uint32_t *l, uint32_t n, uint32_t v, int shift)
{
	uint32_t a = 0, b = n;
	while (a < b) {
		uint32_t m = a + (b - a) / 2;
		if ((l[m] >> shift) < v) a = m + 1;
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
	struct dir_hits *out)
{
	uint32_t area = q->area < 0 ? CAT_NONE : (uint32_t)q->area, status = q->status < 0 ? CAT_NONE : (uint32_t)q->status;
	for (uint32_t i = 0; i < c->ndfilters; i++) {
		const struct cat_dfilter *f = &c->dfilters[i];
		if (f->area != area || f->status != status) continue;
		if (f->first > c->ndlists || f->count > c->ndlists - f->first) return 0;
		const uint32_t *l = c->dlists + f->first;
		uint32_t a = lower(l, f->count, lo, 0), b = lower(l, f->count, hi, 0);
		out->idx = l + a;
		out->n = b - a;
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

/* Sorts v[0..n) ascending (least significant byte first), using tmp[0..n). */
static void radix_sort(uint32_t *v, uint32_t *tmp, uint32_t n)
{
	if (n < 64) {
		for (uint32_t i = 1; i < n; i++)
			for (uint32_t j = i; j > 0 && v[j] < v[j - 1]; j--) {
				uint32_t t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
			}
		return;
	}
	for (int shift = 0; shift < 32; shift += 8) {
		uint32_t count[257] = { 0 };
		for (uint32_t i = 0; i < n; i++) count[((v[i] >> shift) & 255) + 1]++;
		if (count[((v[0] >> shift) & 255) + 1] == n) continue; /* one digit everywhere: nothing to move */
		for (int k = 0; k < 256; k++) count[k + 1] += count[k];
		for (uint32_t i = 0; i < n; i++) tmp[count[(v[i] >> shift) & 255]++] = v[i];
		memcpy(v, tmp, n * sizeof *v);
	}
}

/* The postings of the entries holding word. Returns -1 when memory ran out. */
static int word_postings(const struct catalog *c, const char *word, size_t n, struct plist *out)
{
	*out = (struct plist){ 0 };
	if (n <= 2) {
		/* a short pattern's merged postings are precompiled */
		char pat[4] = { 0 };
		memcpy(pat, word, n);
		uint32_t a = 0, b = c->ndshorts;
		while (a < b) {
			uint32_t m = a + (b - a) / 2;
			int r = strncmp(c->dshorts[m].pattern, pat, 4);
			if (r == 0) {
				const struct cat_dshort *s = &c->dshorts[m];
				if (posts_ok(c, s->post_first, s->post_count)) *out = (struct plist){ c->dposts + s->post_first, s->post_count, NULL };
				return 0;
			}
			if (r < 0) a = m + 1;
			else b = m;
		}
		return 0;
	}
	uint32_t lo, hi;
	suffix_range(c, word, n, &lo, &hi);
	if (lo == hi) return 0;
	uint32_t total = 0, one = c->dsuffixes[lo].word;
	bool single = true;
	for (uint32_t i = lo; i < hi; i++) {
		const struct cat_dsuffix *s = &c->dsuffixes[i];
		if (s->word >= c->ndwords || !posts_ok(c, c->dwords[s->word].post_first, c->dwords[s->word].post_count)) continue;
		single = single && s->word == one;
		total += c->dwords[s->word].post_count;
	}
	if (single && one < c->ndwords) {
		const struct cat_dword *w = &c->dwords[one];
		if (posts_ok(c, w->post_first, w->post_count)) *out = (struct plist){ c->dposts + w->post_first, w->post_count, NULL };
		return 0;
	}
	uint32_t *v = malloc(((size_t)total * 2 + 1) * sizeof *v), k = 0;
	if (!v) return -1;
	for (uint32_t i = lo; i < hi; i++) {
		const struct cat_dsuffix *s = &c->dsuffixes[i];
		if (s->word >= c->ndwords || !posts_ok(c, c->dwords[s->word].post_first, c->dwords[s->word].post_count)) continue;
		const struct cat_dword *w = &c->dwords[s->word];
		memcpy(v + k, c->dposts + w->post_first, w->post_count * sizeof *v);
		k += w->post_count;
	}
	radix_sort(v, v + total, k);
	uint32_t m = 0;
	for (uint32_t i = 0; i < k; i++) {
		if (m && (v[m - 1] >> 3) == (v[i] >> 3)) v[m - 1] |= v[i] & 7;
		else v[m++] = v[i];
	}
	*out = (struct plist){ v, m, v };
	return 0;
}

/* Keeps the entries of *acc that l also holds, their fields and-ed: every word so far, field by field. */
static void intersect(struct plist *acc, const struct plist *l)
{
	uint32_t *o = acc->owned, i = 0, j = 0, m = 0;
	while (i < acc->n && j < l->n) {
		uint32_t a = acc->p[i] >> 3, b = l->p[j] >> 3;
		if (a < b) i++;
		else if (b < a) j++;
		else {
			o[m++] = a << 3 | (acc->p[i] & l->p[j] & 7);
			i++;
			j++;
		}
	}
	acc->p = o;
	acc->n = m;
}

static bool entry_passes(const struct catalog *c, const struct dir_listing *q, uint32_t e)
{
	const struct cat_entry *x = &c->entries[e];
	if (q->area >= 0 && !(x->einsatz & (1u << q->area))) return false;
	return q->status < 0 || strcmp(cat_s(c, x->status), VOCAB_ENTRY_STATUS[q->status]) == 0;
}

static int search(const struct catalog *c, const struct dir_listing *q, uint32_t lo, uint32_t hi, struct dir_hits *out)
{
	const char *w[MAX_WORDS];
	size_t wn[MAX_WORDS];
	int nw = 0;
	for (const char *p = q->words; *p && nw < MAX_WORDS;) {
		size_t n = strcspn(p, " ");
		w[nw] = p;
		wn[nw++] = n > WORD_MAX ? WORD_MAX : n;
		p += n;
		while (*p == ' ') p++;
	}
	struct plist acc = { 0 };
	int rc = 0;
	for (int i = 0; i < nw; i++) {
		struct plist l;
		if (word_postings(c, w[i], wn[i], &l) < 0) { rc = -1; break; }
		if (i == 0) {
			/* the accumulator is written over in place: it needs its own copy */
			acc.owned = l.owned ? l.owned : malloc((l.n ? l.n : 1) * sizeof *acc.owned);
			if (!acc.owned) { rc = -1; break; }
			if (!l.owned) memcpy(acc.owned, l.p, l.n * sizeof *acc.owned);
			acc.p = acc.owned;
			acc.n = l.n;
		} else {
			intersect(&acc, &l);
			free(l.owned);
		}
		if (acc.n == 0) break; /* no entry holds every word so far: no need to look up the rest */
	}
	if (rc < 0) {
		free(acc.owned);
		return -1;
	}
	/* groups by rank, catalog order within each: the accumulator is ascending already */
	static const unsigned need[] = { [DL_ALL] = 0, [DL_NAME] = DF_NAME, [DL_KEY] = DF_KEY, [DL_TEXT] = DF_TEXT };
	uint32_t n3 = 0, n2 = 0, n1 = 0;
	uint32_t *res = acc.owned;
	for (uint32_t i = 0; i < acc.n; i++) {
		uint32_t e = acc.p[i] >> 3, f = acc.p[i] & 7;
		if (e < lo || e >= hi || e >= c->nentries || (need[q->level] && !(f & need[q->level])) || !entry_passes(c, q, e))
			continue;
		res[n3 + n2 + n1] = acc.p[i];
		if (q->level == DL_ALL && (f & DF_NAME)) n3++;
		else if (q->level == DL_ALL && (f & DF_KEY)) n2++;
		else n1++;
	}
	uint32_t n = n3 + n2 + n1;
	uint32_t *sorted = malloc((n ? n : 1) * sizeof *sorted);
	if (!sorted) {
		free(res);
		return -1;
	}
	uint32_t k3 = 0, k2 = n3, k1 = n3 + n2;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t e = res[i] >> 3, f = res[i] & 7;
		if (q->level == DL_ALL && (f & DF_NAME)) sorted[k3++] = e;
		else if (q->level == DL_ALL && (f & DF_KEY)) sorted[k2++] = e;
		else sorted[k1++] = e;
	}
	free(res);
	*out = (struct dir_hits){ sorted, n, sorted };
	return 0;
}

int dir_list(const struct catalog *c, const struct dir_listing *q, struct dir_hits *out)
{
	*out = (struct dir_hits){ 0 };
	uint32_t lo, hi;
	type_range(c, q->type, &lo, &hi);
	if (!q->words[0]) return list_filtered(c, q, lo, hi, out);
	return search(c, q, lo, hi, out);
}

void dir_hits_free(struct dir_hits *h)
{
	free(h->owned);
	*h = (struct dir_hits){ 0 };
}
