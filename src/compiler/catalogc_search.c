#include "compiler/catalogc_search.h"
#include "catalog/catalog_format.h"
#include "catalog/vocab.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A distinct word while building: its bytes and its postings (entry << 3 | fields), entries ascending. */
struct word {
	char *s;
	uint32_t len;
	uint32_t *post;
	uint32_t npost, cap;
	uint32_t id;          /* index in sorted order */
};

struct build {
	struct word *w;
	uint32_t nw, capw;
	uint32_t *slots;      /* open addressing: word index + 1, 0 empty */
	uint32_t nslots;
	bool oom;
};

static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

static bool grow_slots(struct build *b)
{
	uint32_t n = b->nslots ? b->nslots * 2 : 1024;
	uint32_t *s = calloc(n, sizeof *s);
	if (!s) return false;
	for (uint32_t i = 0; i < b->nw; i++) {
		uint64_t h = hash(b->w[i].s, b->w[i].len);
		uint32_t k = (uint32_t)(h & (n - 1));
		while (s[k]) k = (k + 1) & (n - 1);
		s[k] = i + 1;
	}
	free(b->slots);
	b->slots = s;
	b->nslots = n;
	return true;
}

/* The word s[0..n), added when new. NULL when memory ran out. */
static struct word *intern(struct build *b, const char *s, size_t n)
{
	if ((b->nw + 1) * 2 > b->nslots && !grow_slots(b)) return NULL;
	uint32_t k = (uint32_t)(hash(s, n) & (b->nslots - 1));
	for (; b->slots[k]; k = (k + 1) & (b->nslots - 1)) {
		struct word *w = &b->w[b->slots[k] - 1];
		if (w->len == n && memcmp(w->s, s, n) == 0) return w;
	}
	if (b->nw == b->capw) {
		uint32_t cap = b->capw ? b->capw * 2 : 1024;
		struct word *nw = realloc(b->w, cap * sizeof *nw);
		if (!nw) return NULL;
		b->w = nw;
		b->capw = cap;
	}
	struct word *w = &b->w[b->nw];
	*w = (struct word){ .s = strndup(s, n), .len = (uint32_t)n };
	if (!w->s) return NULL;
	b->slots[k] = ++b->nw;
	return w;
}

static bool post(struct word *w, uint32_t entry, uint32_t field)
{
	if (w->npost && (w->post[w->npost - 1] >> 3) == entry) {
		w->post[w->npost - 1] |= field;
		return true;
	}
	if (w->npost == w->cap) {
		uint32_t cap = w->cap ? w->cap * 2 : 4;
		uint32_t *p = realloc(w->post, cap * sizeof *p);
		if (!p) return false;
		w->post = p;
		w->cap = cap;
	}
	w->post[w->npost++] = entry << 3 | field;
	return true;
}

static bool add_field(struct build *b, const char *f, uint32_t entry, uint32_t field)
{
	while (*f) {
		size_t n = strcspn(f, " ");
		if (n) {
			struct word *w = intern(b, f, n);
			if (!w || !post(w, entry, field)) return false;
		}
		f += n;
		while (*f == ' ') f++;
	}
	return true;
}

static int cmp_words(const void *a, const void *b)
{
	const struct word *x = a, *y = b;
	return strcmp(x->s, y->s);
}

struct suffix {
	const char *s;
	uint32_t word, off;
};

static int cmp_suffixes(const void *a, const void *b)
{
	const struct suffix *x = a, *y = b;
	return strcmp(x->s, y->s);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Appends the merged postings of every word of the suffixes in sa[lo..hi) to posts: unique entries,
 * ascending, fields or-ed. Returns the count, or -1 when memory ran out. */
static long merged_postings(const struct build *b, const struct suffix *sa, size_t lo, size_t hi, struct buf *posts)
{
	size_t total = 0;
	for (size_t i = lo; i < hi; i++) total += b->w[sa[i].word].npost;
	uint32_t *all = malloc((total ? total : 1) * sizeof *all);
	if (!all) return -1;
	size_t k = 0;
	for (size_t i = lo; i < hi; i++) {
		const struct word *w = &b->w[sa[i].word];
		memcpy(all + k, w->post, w->npost * sizeof *all);
		k += w->npost;
	}
	qsort(all, total, sizeof *all, cmp_u32);
	long n = 0;
	for (size_t i = 0; i < total; i++) {
		if (n && (all[n - 1] >> 3) == (all[i] >> 3)) all[n - 1] |= all[i] & 7;
		else all[n++] = all[i];
	}
	int rc = buf_add(posts, all, (size_t)n * sizeof *all);
	free(all);
	return rc < 0 ? -1 : n;
}

/* The 1- and 2-character patterns: each is the common prefix of one range of the sorted suffixes. */
static int build_shorts(const struct build *b, const struct suffix *sa, size_t ns, struct dsearch_index *x)
{
	for (size_t plen = 1; plen <= 2; plen++) {
		for (size_t lo = 0; lo < ns;) {
			if (strlen(sa[lo].s) < plen) { lo++; continue; }
			size_t hi = lo + 1;
			while (hi < ns && strncmp(sa[hi].s, sa[lo].s, plen) == 0) hi++;
			struct cat_dshort rec = { .post_first = x->nposts };
			memcpy(rec.pattern, sa[lo].s, plen);
			long n = merged_postings(b, sa, lo, hi, &x->posts);
			if (n < 0) return -1;
			rec.post_count = (uint32_t)n;
			x->nposts += (uint32_t)n;
			if (buf_add(&x->shorts, &rec, sizeof rec) < 0) return -1;
			x->nshorts++;
			lo = hi;
		}
	}
	/* the lookup is a binary search over the patterns as strings */
	struct cat_dshort *s = (struct cat_dshort *)x->shorts.p;
	for (uint32_t i = 1; i < x->nshorts; i++)
		for (uint32_t j = i; j > 0 && strncmp(s[j].pattern, s[j - 1].pattern, 4) < 0; j--) {
			struct cat_dshort t = s[j];
			s[j] = s[j - 1];
			s[j - 1] = t;
		}
	return 0;
}

static int build_filters(const struct dsearch_entry *e, uint32_t n, struct dsearch_index *x)
{
	uint32_t nareas = 0, nstatus = 0;
	while (VOCAB_EINSATZGEBIETE[nareas]) nareas++;
	while (VOCAB_ENTRY_STATUS[nstatus]) nstatus++;
	for (uint32_t a = 0; a <= nareas; a++)
		for (uint32_t s = 0; s <= nstatus; s++) {
			struct cat_dfilter f = { .area = a == nareas ? CAT_NONE : a, .status = s == nstatus ? CAT_NONE : s,
				.first = x->nlists };
			for (uint32_t i = 0; i < n; i++) {
				if (f.area != CAT_NONE && !(e[i].areas & (1u << a))) continue;
				if (f.status != CAT_NONE && e[i].status != s) continue;
				if (buf_add(&x->lists, &i, sizeof i) < 0) return -1;
				f.count++;
			}
			x->nlists += f.count;
			if (buf_add(&x->filters, &f, sizeof f) < 0) return -1;
			x->nfilters++;
		}
	return 0;
}

int dsearch_build(const struct dsearch_entry *e, uint32_t n, struct dsearch_index *x)
{
	memset(x, 0, sizeof *x);
	struct build b = { 0 };
	struct suffix *sa = NULL;
	size_t ns = 0;
	int rc = -1;
	for (uint32_t i = 0; i < n; i++)
		if (!add_field(&b, e[i].name, i, DF_NAME) || !add_field(&b, e[i].key, i, DF_KEY) ||
		    !add_field(&b, e[i].text, i, DF_TEXT))
			goto out;
	if (b.nw) qsort(b.w, b.nw, sizeof *b.w, cmp_words);
	size_t chars = 0;
	for (uint32_t i = 0; i < b.nw; i++) {
		struct word *w = &b.w[i];
		struct cat_dword rec = { .text = x->ntext, .len = w->len, .post_first = x->nposts, .post_count = w->npost };
		w->id = i;
		if (buf_add(&x->text, w->s, w->len + 1) < 0 || buf_add(&x->posts, w->post, w->npost * sizeof *w->post) < 0 ||
		    buf_add(&x->words, &rec, sizeof rec) < 0)
			goto out;
		x->ntext += w->len + 1;
		x->nposts += w->npost;
		chars += w->len;
	}
	x->nwords = b.nw;
	sa = malloc((chars ? chars : 1) * sizeof *sa);
	if (!sa) goto out;
	for (uint32_t i = 0; i < b.nw; i++)
		for (uint32_t o = 0; o < b.w[i].len; o++) sa[ns++] = (struct suffix){ b.w[i].s + o, i, o };
	qsort(sa, ns, sizeof *sa, cmp_suffixes);
	uint64_t before = 0;
	for (size_t i = 0; i < ns; i++) {
		struct cat_dsuffix rec = { sa[i].word, sa[i].off, before > UINT32_MAX ? UINT32_MAX : (uint32_t)before };
		if (buf_add(&x->suffixes, &rec, sizeof rec) < 0) goto out;
		before += b.w[sa[i].word].npost;
	}
	x->nsuffixes = (uint32_t)ns;
	if (build_shorts(&b, sa, ns, x) < 0 || build_filters(e, n, x) < 0) goto out;
	rc = 0;
out:
	for (uint32_t i = 0; i < b.nw; i++) {
		free(b.w[i].s);
		free(b.w[i].post);
	}
	free(b.w);
	free(b.slots);
	free(sa);
	if (rc < 0) dsearch_free(x);
	return rc;
}

void dsearch_free(struct dsearch_index *x)
{
	struct buf *bufs[] = { &x->words, &x->text, &x->posts, &x->suffixes, &x->shorts, &x->filters, &x->lists };
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++) buf_free(bufs[i]);
}
