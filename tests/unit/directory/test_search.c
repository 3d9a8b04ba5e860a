/* The directory search index against the listing's rules written out as a scan of every entry (the
 * reference below): for thousands of queries drawn from the entries' own words (substrings, one and two
 * characters, several words, every level and filter), both must give the same entries in the same order.
 * Run over a generated directory with every status, type and usage area, and over the shared registry
 * dump when it is next to the source tree. */
#include "catalog/catalog.h"
#include "catalog/vocab.h"
#include "compiler/catalogc.h"
#include "directory/search.h"
#include "tools/import/importer.h"
#include "util/jsonutil.h"
#include "util/text.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the reference: every entry scanned, ranked 3 name, 2 key, 1 text or spread, then sorted ---- */

static int ref_rank(const struct catalog *c, const struct cat_entry *e, const char *q, enum dir_level level)
{
	const char *name = cat_s(c, e->search_name), *key = cat_s(c, e->search_key), *text = cat_s(c, e->search_text);
	if (level == DL_NAME) return text_match_words(q, name, NULL) ? 3 : 0;
	if (level == DL_KEY) return text_match_words(q, key, NULL) ? 2 : 0;
	if (level == DL_TEXT) return text_match_words(q, text, NULL) ? 1 : 0;
	if (text_match_words(q, name, NULL)) return 3;
	if (text_match_words(q, key, NULL)) return 2;
	if (text_match_words(q, text, NULL)) return 1;
	size_t n = strlen(name) + strlen(key) + strlen(text) + 3;
	char *all = malloc(n);
	snprintf(all, n, "%s %s %s", name, key, text);
	bool hit = text_match_words(q, all, NULL);
	free(all);
	return hit ? 1 : 0;
}

struct hit { uint32_t idx; int rank; };

static int cmp_hits(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;
	if (x->rank != y->rank) return y->rank - x->rank;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static uint32_t ref_list(const struct catalog *c, const struct dir_listing *q, uint32_t *out)
{
	struct hit *hits = malloc(sizeof *hits * (c->nentries + 1));
	uint32_t n = 0;
	for (uint32_t i = 0; i < c->nentries; i++) {
		const struct cat_entry *e = &c->entries[i];
		if (strcmp(cat_s(c, e->type), q->type) != 0) continue;
		if (q->area >= 0 && !(e->einsatz & (1u << q->area))) continue;
		if (q->status >= 0 && strcmp(cat_s(c, e->status), VOCAB_ENTRY_STATUS[q->status]) != 0) continue;
		int rank = q->words[0] ? ref_rank(c, e, q->words, q->level) : 1;
		if (rank) hits[n++] = (struct hit){ i, rank };
	}
	if (q->words[0]) qsort(hits, n, sizeof *hits, cmp_hits);
	for (uint32_t i = 0; i < n; i++) out[i] = hits[i].idx;
	free(hits);
	return n;
}

/* ---- queries drawn from the catalog's own folded fields ---- */

/* A random word of a random entry's field, or NULL when it has none. */
static const char *some_word(const struct catalog *c, size_t *len)
{
	const struct cat_entry *e = &c->entries[(uint32_t)rand() % c->nentries];
	cat_str f[] = { e->search_name, e->search_key, e->search_text };
	const char *s = cat_s(c, f[rand() % 3]);
	size_t n = strlen(s);
	if (!n) return NULL;
	size_t at = (size_t)rand() % n;
	while (at > 0 && s[at - 1] != ' ') at--;
	*len = strcspn(s + at, " ");
	return s + at;
}

static void make_query(const struct catalog *c, char *q, size_t cap)
{
	static const char *const odd[] = { "zzqx", "q", "0", "x9", "aaaaaaa", "e", "mcp", "server" };
	size_t o = 0;
	int words = 1 + rand() % (rand() % 4 == 0 ? 4 : 2);
	q[0] = '\0';
	for (int k = 0; k < words; k++) {
		size_t n = 0;
		const char *w = some_word(c, &n);
		char part[200];
		if (!w || rand() % 12 == 0) {
			snprintf(part, sizeof part, "%s", odd[rand() % 8]);
		} else {
			size_t from = 0, len = n;
			switch (rand() % 5) {
			case 0: len = n < 1 ? n : 1 + (size_t)rand() % (n < 2 ? 1 : 2); break;       /* one or two characters */
			case 1: from = n > 1 ? (size_t)rand() % (n - 1) : 0; len = n - from; break;  /* a suffix */
			case 2: len = n > 3 ? 3 + (size_t)rand() % (n - 2) : n; break;               /* a prefix */
			case 3: from = n > 2 ? (size_t)rand() % (n - 2) : 0; len = n - from > 4 ? 4 : n - from; break;
			default: break;                                                              /* the word */
			}
			if (len > sizeof part - 1) len = sizeof part - 1;
			memcpy(part, w + from, len);
			part[len] = '\0';
		}
		if (o + strlen(part) + 2 >= cap) break;
		o += (size_t)snprintf(q + o, cap - o, "%s%s", o ? " " : "", part);
	}
}

static void compare(const struct catalog *c, int rounds, bool both_types)
{
	uint32_t *want = malloc(sizeof *want * (c->nentries + 1));
	int areas = 0;
	while (VOCAB_EINSATZGEBIETE[areas]) areas++;
	long matched = 0;
	for (int r = 0; r < rounds; r++) {
		char q[600];
		make_query(c, q, sizeof q);
		if (r % 10 == 0) q[0] = '\0'; /* a listing without words */
		struct dir_listing l = { .type = both_types && rand() % 4 == 0 ? "agenten" : "mcp",
			.area = rand() % 4 == 0 ? rand() % areas : -1, .status = rand() % 5 == 0 ? rand() % 2 : -1,
			.words = q, .level = (enum dir_level)(rand() % 6 < 3 ? DL_ALL : rand() % 4) };
		uint32_t n = ref_list(c, &l, want);
		struct dir_hits got, pg;
		cr_assert_eq(dir_list(c, &l, 0, UINT32_MAX, &got), 0);
		cr_assert_eq(got.total, n);
		cr_assert_eq(got.n, n, "\"%s\" (%s, area %d, status %d, level %d): %u entries, the scan finds %u", q, l.type,
			l.area, l.status, l.level, got.n, n);
		for (uint32_t i = 0; i < n; i++)
			cr_assert_eq(got.idx[i], want[i], "\"%s\": entry %u of the answer is %u, the scan says %u", q, i,
				got.idx[i], want[i]);
		/* a page of it: the same entries from the same place */
		uint32_t off = n ? (uint32_t)rand() % (n + 2) : (uint32_t)rand() % 3, lim = 1 + (uint32_t)rand() % 30;
		cr_assert_eq(dir_list(c, &l, off, lim, &pg), 0);
		cr_assert_eq(pg.total, n);
		cr_assert_eq(pg.n, off < n ? (n - off < lim ? n - off : lim) : 0, "\"%s\" page at %u", q, off);
		for (uint32_t i = 0; i < pg.n; i++) cr_assert_eq(pg.idx[i], want[off + i], "\"%s\" page at %u, item %u", q, off, i);
		dir_hits_free(&pg);
		matched += n > 0;
		dir_hits_free(&got);
	}
	cr_assert_gt(matched, rounds / 4, "the queries should find something often (%ld of %d did)", matched, rounds);
	free(want);
}

/* ---- directories ---- */

/* Compiles the built-in catalog with the directory source src (taken) in a temporary directory, and
 * compares the index with the scan over it. */
static void compile_and_compare(struct json_object *src, uint32_t min_entries, int rounds, bool both_types)
{
	char dir[1024], file[1100], bin[1100], cat[1024], err[1024];
	snprintf(dir, sizeof dir, "%s/apsearch.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	cr_assert_not_null(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/directory.json", dir);
	snprintf(bin, sizeof bin, "%s/catalog.bin", dir);
	cr_assert_eq(json_object_to_file(file, src), 0);
	json_object_put(src);
	snprintf(cat, sizeof cat, "%s/catalog", getenv("AUTOPLAN_SRCDIR"));
	cr_assert_eq(catalogc_build_ex(cat, dir, bin, err, sizeof err), 0, "%s", err);
	struct catalog c;
	cr_assert_eq(catalog_open(&c, bin, err, sizeof err), 0, "%s", err);
	cr_assert_gt(c.nentries, min_entries);
	compare(&c, rounds, both_types);
	catalog_close(&c);
	unlink(file);
	unlink(bin);
	rmdir(dir);
}

/* Words that share pieces (so substrings hit many words), with accents, long words and repeats. */
static void gen_text(char *out, size_t cap, int words)
{
	static const char *const syl[] = { "ka", "ri", "mo", "te", "sa", "lu", "git", "hub", "mcp", "ser", "ver",
		"dat", "ei", "ä", "ö", "ß", "x", "0", "42", "é", "qu", "an", "zo", "ne" };
	size_t o = 0;
	for (int k = 0; k < words && o + 20 < cap; k++) {
		int n = rand() % 7 == 0 ? 70 : 1 + rand() % 4; /* sometimes a word longer than 127 bytes */
		if (k) out[o++] = rand() % 9 ? ' ' : '-';
		for (int i = 0; i < n && o + 8 < cap; i++) o += (size_t)snprintf(out + o, cap - o, "%s", syl[rand() % 24]);
	}
	out[o] = '\0';
}

Test(search, index_answers_like_a_scan_over_a_generated_directory)
{
	srand(20261122);
	struct json_object *src = json_object_new_object(), *source = json_object_new_object(), *es = json_object_new_array();
	jadd(source, "origin", json_object_new_string("registry"));
	jadd(source, "description", json_object_new_string("generated for the search test"));
	jadd(src, "source", source);
	for (int i = 0; i < 600; i++) {
		char key[160], name[400], text[1800], coord[200];
		gen_text(name, 190, 1 + rand() % 3);
		gen_text(text, sizeof text, 2 + rand() % 25);
		snprintf(key, sizeof key, "io.test%d.%c/srv-%d", i % 37, 'a' + rand() % 26, i);
		snprintf(coord, sizeof coord, "name:%s", key);
		struct json_object *e = json_object_new_object(), *t = json_object_new_object(), *areas = json_object_new_array();
		jadd(e, "art", json_object_new_string(i % 5 == 0 ? "agenten" : "mcp"));
		jadd(e, "schluessel", json_object_new_string(key));
		jadd(e, "name", json_object_new_string(name));
		jadd(e, "status", json_object_new_string(i % 7 == 0 ? "eingestellt" : "aktiv"));
		jadd(e, "homepage", NULL);
		jadd(e, "paket_koordinate", json_object_new_string(coord));
		jadd(e, "indexierbar", json_object_new_boolean(1));
		jadd(t, "text", json_object_new_string(text));
		jadd(t, "sprache", json_object_new_string("en"));
		jadd(t, "uebersetzt", json_object_new_boolean(0));
		jadd(t, "geprueft", json_object_new_boolean(0));
		jadd(t, "quelle", json_object_new_string("Anbieter"));
		jadd(e, "anbietertext", t);
		json_object_array_add(areas, json_object_new_string(VOCAB_EINSATZGEBIETE[i % 11]));
		if (i % 3 == 0) json_object_array_add(areas, json_object_new_string(VOCAB_EINSATZGEBIETE[(i / 3) % 11]));
		jadd(e, "einsatzgebiete", areas);
		jadd(e, "version", NULL);
		jadd(e, "gelistet_seit", json_object_new_string("2026-01-01"));
		jadd(e, "connections", json_object_new_array());
		json_object_array_add(es, e);
	}
	jadd(src, "entries", es);
	compile_and_compare(src, 600, 4000, true);
}

Test(search, index_answers_like_a_scan_over_the_registry_dump)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/../shared/registry/official-registry-servers-2025-12-18.json", getenv("AUTOPLAN_SRCDIR"));
	if (access(path, R_OK) != 0) cr_skip_test("the shared registry dump is not next to the source tree");
	srand(1108);
	struct import_stats st;
	char err[256];
	struct json_object *out = registry_import_file(path, NULL, &st, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	compile_and_compare(out, 1100, 3000, false);
}

Test(search, the_built_in_directory)
{
	const char *bin = getenv("AUTOPLAN_CATALOG");
	cr_assert_not_null(bin);
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, bin, err, sizeof err), 0, "%s", err);
	srand(7);
	compare(&c, 1000, true);
	/* without words, the listing is a view of the compiled filter lists: nothing is copied */
	struct dir_listing l = { .type = "mcp", .area = -1, .status = -1, .words = "", .level = DL_ALL };
	struct dir_hits h;
	cr_assert_eq(dir_list(&c, &l, 0, 20, &h), 0);
	cr_assert_null(h.owned);
	cr_assert_gt(h.n, 0);
	dir_hits_free(&h);
	catalog_close(&c);
}
