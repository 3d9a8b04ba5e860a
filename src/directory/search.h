/* The /v1 listing over the compiled search index: a listing or a search costs what it returns, not what
 * the directory holds. The rules (docs/directory.md): every word of the folded query must occur (as a
 * substring) in the entry's folded name, key or provider text; with a level, in that field. Without a
 * level the entries holding every word in their name come first, then those holding every word in their
 * key, then the rest; catalog order within each group. */
#ifndef AUTOPLAN_DIRECTORY_SEARCH_H
#define AUTOPLAN_DIRECTORY_SEARCH_H

#include "catalog/catalog.h"

#include <stdint.h>

enum dir_level { DL_ALL = 0, DL_NAME, DL_KEY, DL_TEXT };

struct dir_listing {
	const char *type;     /* "mcp" | "agenten" */
	int area, status;     /* indices into VOCAB_EINSATZGEBIETE and VOCAB_ENTRY_STATUS; -1 for any */
	const char *words;    /* the folded query (text_fold); "" lists without searching */
	enum dir_level level;
};

/* One page of the answer: idx[0..n) are entry indices in answer order, total counts every match. idx may
 * point into the mapped catalog; owned (if any) is freed by dir_hits_free. */
struct dir_hits {
	const uint32_t *idx;
	uint32_t n, total;
	uint32_t *owned;
};

/* The entries at positions [offset, offset + limit) of the answer. Returns 0, or -1 when memory ran out.
 * Costs what it returns: the postings of the query's words, the page, and a word of bits per 64 entries. */
int dir_list(const struct catalog *c, const struct dir_listing *q, uint32_t offset, uint32_t limit, struct dir_hits *out);
void dir_hits_free(struct dir_hits *h);

#endif
