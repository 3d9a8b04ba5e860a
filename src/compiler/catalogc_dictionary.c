/* The ordinary words (CS_DICTIONARY): every word of the system's word lists (wamerican, wbritish, wngerman) and of
 * the catalog's own list of everyday words those lack ("signup", "cron"), folded as the planner folds a query word
 * and kept as the low 32 bits of its text_hash. The planner reads a word no list and no phrase knows, where a name
 * stands, as the name of a product the catalog does not list. */
#include "compiler/catalogc_int.h"
#include "util/text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The folded form of word into out when it is one word of letters alone ("Müller's" -> "muller"), else 0. */
static size_t fold_word(const char *word, char *out, size_t cap)
{
	size_t n = text_fold_words(word, out, cap);
	for (size_t k = 0; k < n; k++)
		if (out[k] < 'a' || out[k] > 'z') return 0;
	return n;
}

/* Appends the hash of word's folded form to h (a word that folds to no single word of letters is passed). */
static int add_word(struct buf *h, const char *word)
{
	char f[128];
	size_t n = fold_word(word, f, sizeof f);
	if (!n) return 0;
	uint32_t x = (uint32_t)text_hash(f, n);
	return buf_add(h, &x, sizeof x);
}

/* Every line of the word list at path (one word a line). */
static int read_list(struct cc *c, struct buf *h, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) return cc_fail(c, path, "", "cannot read the word list: %s", strerror(errno));
	char line[256];
	int rc = 0;
	while (rc == 0 && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		rc = add_word(h, line);
	}
	bool bad = ferror(f) != 0;
	fclose(f);
	if (bad) return cc_fail(c, path, "", "cannot read the word list");
	return rc < 0 ? cc_fail(c, path, "", "out of memory") : 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

int cc_compile_dictionary(struct cc *c, struct json_object *ordinary)
{
	struct buf h = { 0 };
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < json_object_array_length(ordinary); i++) {
		const char *w = json_object_get_string(json_object_array_get_idx(ordinary, i));
		char f[128];
		if (!fold_word(w, f, sizeof f)) {
			char ptr[32];
			snprintf(ptr, sizeof ptr, "/ordinary/%zu", i);
			rc = cc_fail(c, "synonyms.json", ptr, "\"%s\" is not one word of letters", w);
		} else if (add_word(&h, w) < 0) {
			rc = cc_fail(c, "synonyms.json", "/ordinary", "out of memory");
		}
	}
	/* (the catalog's own list alone does not make a dictionary: without word lists every word would be a name) */
	size_t own = h.len;
	for (size_t k = 0; rc == 0 && c->wordlists && c->wordlists[k]; k++) rc = read_list(c, &h, c->wordlists[k]);
	uint32_t *v = (uint32_t *)h.p;
	size_t n = h.len / sizeof *v;
	if (rc == 0 && h.len > own) {
		qsort(v, n, sizeof *v, cmp_u32);
		for (size_t i = 0; rc == 0 && i < n; i++) {
			if (i && v[i] == v[i - 1]) continue;
			if (buf_add(&c->dictionary, &v[i], sizeof v[i]) < 0) rc = cc_fail(c, "synonyms.json", "/ordinary", "out of memory");
			else c->ndictionary++;
		}
	}
	buf_free(&h);
	return rc;
}
