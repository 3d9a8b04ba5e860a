/* The directory search index of the catalog compiler: from the entries' folded search fields, the
 * sections CS_DWORDS to CS_DLISTS (catalog_format.h), so that a search costs what it returns. */
#ifndef AUTOPLAN_CATALOGC_SEARCH_H
#define AUTOPLAN_CATALOGC_SEARCH_H

#include "util/buf.h"

#include <stdint.h>

/* One entry, in catalog order: its folded fields (words separated by single spaces), its usage areas
 * (bits over VOCAB_EINSATZGEBIETE) and its status (index into VOCAB_ENTRY_STATUS). */
struct dsearch_entry {
	const char *name, *key, *text;
	uint32_t areas, status;
};

/* The sections' bytes and record counts; the caller frees with dsearch_free. */
struct dsearch_index {
	struct buf words, text, posts, suffixes, shorts, filters, lists;
	uint32_t nwords, ntext, nposts, nsuffixes, nshorts, nfilters, nlists;
};

/* Builds the index of n entries. Returns 0, or -1 when memory ran out. */
int dsearch_build(const struct dsearch_entry *e, uint32_t n, struct dsearch_index *out);
void dsearch_free(struct dsearch_index *x);

#endif
