/* Read-only access to the compiled catalog, memory-mapped once per process. Every offset and index
 * is checked at open time, so the accessors below trust the file. Strings returned point into the
 * mapping and live until catalog_close. */
#ifndef AUTOPLAN_CATALOG_H
#define AUTOPLAN_CATALOG_H

#include "catalog/catalog_format.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

struct catalog {
	const unsigned char *base;
	size_t size;
	dev_t dev;
	ino_t ino;
	const struct cat_header *h;
	const struct cat_meta *meta;
	const struct cat_app *apps;
	const struct cat_op *ops;
	const struct cat_cap *caps;
	const struct cat_task *tasks;
	const struct cat_step *steps;
	const uint32_t *lists;
	const struct cat_report *reports;
	const struct cat_doc *docs;
	const struct cat_opx *opx;       /* parallel to ops */
	const struct cat_scope *scopes;  /* grouped by app, least privileged first */
	const struct cat_syn *syns;
	const struct cat_word *words;    /* task vocabulary for query matching */
	const struct cat_client *clients;
	const struct cat_entry *entries; /* sorted by (type, slug) */
	/* the directory search index (catalog_format.h); its indices are checked where they are used */
	const struct cat_dword *dwords;
	const char *dtext;
	const uint32_t *dposts, *dlists;
	const struct cat_dsuffix *dsuffixes;
	const struct cat_dshort *dshorts;
	const struct cat_dfilter *dfilters;
	uint32_t ndwords, ndtext, ndposts, ndlists, ndsuffixes, ndshorts, ndfilters;
	uint32_t napps, nops, ncaps, ntasks, nsteps, nlists, nreports, ndocs, nscopes, nsyns, nwords, nclients, nentries;
};

/* Maps and verifies path. Returns 0, or -1 with a message in err (damaged, wrong version, absent). */
int catalog_open(struct catalog *c, const char *path, char *err, size_t errlen);
void catalog_close(struct catalog *c);

/* True when path now names another file than the one mapped (replaced by rename). */
bool catalog_changed(const struct catalog *c, const char *path);

/* String by offset; "" for CAT_NONE. Inline: handlers read thousands of strings per request. */
static inline const char *cat_s(const struct catalog *c, cat_str s)
{
	if (s == CAT_NONE) return "";
	return (const char *)c->base + c->h->sections[CS_STRINGS].off + s + 4;
}
/* Length in bytes of a string (0 for CAT_NONE), from its length prefix in the pool. */
static inline size_t cat_len(const struct catalog *c, cat_str s)
{
	if (s == CAT_NONE) return 0;
	uint32_t n;
	memcpy(&n, c->base + c->h->sections[CS_STRINGS].off + s, sizeof n);
	return n;
}
bool cat_has(cat_str s);

int cat_app_find(const struct catalog *c, const char *id);
int cat_cap_find(const struct catalog *c, const char *id);
int cat_task_find(const struct catalog *c, const char *id);
int cat_op_find(const struct catalog *c, uint32_t app, const char *op_id);
const struct cat_report *cat_report_find(const struct catalog *c, const char *id);
const char *cat_doc(const struct catalog *c, enum cat_doc_id id);
/* A client by exact id, or by its id, name or an alias compared after folding (case, spaces and
 * punctuation ignored: "Claude Desktop", "vs-code"). NULL when unknown. */
const struct cat_client *cat_client_find(const struct catalog *c, const char *id_or_alias);

/* Directory entry by path type ("mcp" | "agenten") and slug; NULL when absent (binary search). */
const struct cat_entry *cat_entry_find(const struct catalog *c, const char *type, const char *slug);
/* The same by entry id "type/slug" (as in request bodies); NULL when absent or malformed. */
const struct cat_entry *cat_entry_find_id(const struct catalog *c, const char *id);

/* An op's scope alternatives: count, or -1 when null. */
int cat_op_scopes(const struct catalog *c, const struct cat_op *op, const char **out, int max);

/* The privilege record of scope for app, or NULL when the catalog does not order it. */
const struct cat_scope *cat_scope_find(const struct catalog *c, uint32_t app, const char *scope);

#endif
