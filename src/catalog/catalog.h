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
#include <time.h>

/* What identifies the file a catalog was read from: a rename, a rewrite in place and a truncation each
 * change it. */
struct catalog_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime;
};

struct catalog {
	const unsigned char *base;
	size_t size;
	int fd;                 /* the sealed memory file holding this copy; -1 when the file itself is mapped */
	uint32_t str_limit;     /* string offsets at or past this read as "" (CAT_NONE included) */
	struct catalog_id id;   /* the file it was read from */
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
	const struct cat_word *words;    /* the planner's vocabulary, sorted */
	const struct cat_typo *typos;    /* sorted by hash */
	const uint32_t *dictionary;      /* the ordinary words' hashes, sorted (none: the catalog was built without word lists) */
	const struct cat_family *families;
	const struct cat_outside *outside; /* products and actions outside the catalog (resolver part) */
	const struct cat_intent *intents;
	const struct cat_implied *implied;
	const struct cat_input *inputs;
	const struct cat_text *texts;    /* PT_COUNT records, in enum ptext order */
	const struct cat_langtext *langtexts;
	const struct cat_ptask *ptasks;  /* parallel to tasks */
	uint64_t planned_caps;           /* bit per capability some task plans (the ptasks' caps, joined at open) */
	uint64_t write_caps;             /* bit per capability that writes (cat_cap.write, joined at open) */
	uint64_t new_caps;               /* bit per capability that writes something new (write, no existing data; at open) */
	int32_t sort_action;             /* the first outside action that sorts things into places (OUT_SORTS), -1 (at open) */
	int32_t cap_action[64];          /* per capability, the first outside action linked to it (its `capability`), -1 */
	uint64_t cap_tasks[64];          /* per capability, a bit per task (of the first 64) that plans it (joined at open) */
	/* per app and per kind, a bit per task (of the first 64), joined at open from the ptasks: a step bound to the
	 * app, a writing target step in it; a step of the kind, two apps or more of it, a writing target step of it */
	uint64_t app_tasks[64], write_app_tasks[64];
	uint64_t kind_tasks[AK_COUNT], copy_tasks[AK_COUNT], write_kind_tasks[AK_COUNT];
	/* a writing target step of the kind, bound or not; and the tasks with a subject, generic, writing anything */
	uint64_t written_kind_tasks[AK_COUNT], subject_tasks, generic_tasks, writing_tasks;
	uint64_t kind_apps[AK_COUNT];    /* per kind, a bit per app (of the first 64) of that kind (joined at open) */
	const struct cat_wslot *wordhash, *stemhash;
	uint32_t nwordhash, nstemhash;
	const struct cat_history *history;
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
	uint32_t ntypos, nfamilies, nintents, nimplied, ninputs, ntexts, nhistory, nlangtexts, noutside, ndictionary;
};

/* Two levels of checks. QUICK costs the same whatever the catalog holds: header and its checksum, the
 * trailer (a file cut short or still being copied over fails it), every section's bounds, and the
 * references of every section but the directory entries (catalog_parts). FULL adds the sha256 of the
 * whole file, every directory entry (their strings and the order the binary search needs), where the
 * planner's word tables put each word, and each task's scoring record derived again from its steps (a
 * damaged one can only mis-score: its bits are tested, never used as indices). Every open returns 0, or
 * -1 with the reason in err (damaged, wrong format, absent); the caller frees with catalog_close. */
enum catalog_check { CAT_QUICK, CAT_FULL };

/* Maps path with the FULL checks (the compiler's tests, the tools, --check). */
int catalog_open(struct catalog *c, const char *path, char *err, size_t errlen);
/* What a quick open maps and checks beyond the sections every request may read. The free-text
 * resolver's tables (synonyms, vocabulary, typos, word and stem hash tables, task scoring records,
 * product families, intents) are most of the pages the quick checks touch, and only the planning
 * routes read them (R_PLANNER in http/router.h): without CAT_RESOLVER their pointers are NULL and
 * their counts 0, so nothing unchecked is ever reachable. Every other open maps all of them. */
enum catalog_parts { CAT_RESOLVER = 1u << 0, CAT_ALL_PARTS = CAT_RESOLVER };

/* Maps path with the QUICK checks: a classic CGI start-up that does not grow with the catalog. Content
 * damaged in place between the trailer and the header is not seen here (the FastCGI parent and --check
 * see it); whatever the bytes, every string read stays inside the file. */
int catalog_open_quick(struct catalog *c, const char *path, unsigned parts, char *err, size_t errlen);
/* Reads path into a sealed memory file (nothing can change it afterwards, and a file truncated or
 * rewritten on disk meanwhile never reaches it), then runs the FULL checks on that copy. c->fd is the
 * memory file, for catalog_adopt in other processes. */
int catalog_load(struct catalog *c, const char *path, char *err, size_t errlen);
/* Maps a sealed memory file made by catalog_load (received from the process that verified it) with
 * the QUICK checks; the seals guarantee the content is the verified one. Takes ownership of mfd. */
int catalog_adopt(struct catalog *c, int mfd, char *err, size_t errlen);
void catalog_close(struct catalog *c);

/* The identity of the file at path now; -1 when it cannot be read. */
int catalog_file_id(const char *path, struct catalog_id *id);
bool catalog_id_equal(const struct catalog_id *a, const struct catalog_id *b);
/* True when path now names another file, or the same file changed, since c was read from it. */
bool catalog_changed(const struct catalog *c, const char *path);

/* Fills the sha256, trailer and header checksum of a compiled file of size bytes laid out in memory
 * (the compiler's last step). Returns 0, or -1 on a libcrypto failure or a size too small. */
int catalog_seal(unsigned char *file, size_t size);
uint64_t catalog_head_check(const struct cat_header *h);

/* String by offset; "" for CAT_NONE and for any offset outside the pool. Inline: handlers read
 * thousands of strings per request; the one comparison keeps a quick-checked file safe to read. */
static inline const char *cat_s(const struct catalog *c, cat_str s)
{
	if (s >= c->str_limit) return "";
	return (const char *)c->base + c->h->sections[CS_STRINGS].off + s + 4;
}
/* Length in bytes of a string (0 for CAT_NONE), from its length prefix in the pool; 0 for a prefix
 * reaching past the pool, which only the full checks refuse (a quick open does not read the pool). */
static inline size_t cat_len(const struct catalog *c, cat_str s)
{
	if (s >= c->str_limit) return 0;
	uint32_t n;
	memcpy(&n, c->base + c->h->sections[CS_STRINGS].off + s, sizeof n);
	return n < c->str_limit - s ? n : 0;
}
/* Whether string s is the n bytes at t: the stored length decides most pairs without reading text. */
static inline bool cat_equal(const struct catalog *c, cat_str s, const char *t, size_t n)
{
	return cat_len(c, s) == n && memcmp(cat_s(c, s), t, n) == 0;
}
bool cat_has(cat_str s);

int cat_app_find(const struct catalog *c, const char *id);
int cat_cap_find(const struct catalog *c, const char *id);
int cat_task_find(const struct catalog *c, const char *id);
int cat_op_find(const struct catalog *c, uint32_t app, const char *op_id);
/* The first operation of app that documents capability cap, or NULL: the one lookup every module uses
 * (inline: the planner asks it for every step and every app named). */
static inline const struct cat_op *cat_app_op(const struct catalog *c, uint32_t app, uint32_t cap)
{
	const struct cat_app *a = &c->apps[app];  /* app is an index the caller has checked */
	for (uint32_t i = a->op_first; i < a->op_first + a->op_count; i++)
		if (c->ops[i].cap == cap) return &c->ops[i];
	return NULL;
}
/* Whether app documents capability cap: its compiled mask (cat_app.caps), no walk over its operations. */
static inline bool cat_app_can(const struct catalog *c, uint32_t app, uint32_t cap)
{
	return cap < 64 && (c->apps[app].caps >> cap & 1);
}
const struct cat_report *cat_report_find(const struct catalog *c, const char *id);
const char *cat_doc(const struct catalog *c, enum cat_doc_id id);
/* Document id of one item (DOC_TASK, DOC_APP: the task's or app's index), or NULL. */
const char *cat_doc_item(const struct catalog *c, enum cat_doc_id id, uint32_t item);
/* A client by exact id, or by its id, name or an alias compared after folding (case, spaces and
 * punctuation ignored: "Claude Desktop", "vs-code"). NULL when unknown. */
const struct cat_client *cat_client_find(const struct catalog *c, const char *id_or_alias);

/* Directory entry by path type ("mcp" | "agenten") and slug; NULL when absent (binary search). */
const struct cat_entry *cat_entry_find(const struct catalog *c, const char *type, const char *slug);
/* The same by entry id "type/slug" (as in request bodies); NULL when absent or malformed. */
const struct cat_entry *cat_entry_find_id(const struct catalog *c, const char *id);

/* An op's scope alternatives: count, or -1 when null. */
int cat_op_scopes(const struct catalog *c, const struct cat_op *op, const char **out, int max);

/* The vocabulary word equal to the n bytes at s, or -1 (one probe of the word hash table). */
int cat_word_find(const struct catalog *c, const char *s, size_t n);
/* The range [*first, *end) of vocabulary words starting with the n bytes at s (hashed when n is CAT_STEM). */
void cat_word_prefix(const struct catalog *c, const char *s, size_t n, uint32_t *first, uint32_t *end);
/* The range [*first, *end) of typo index records with this hash. */
void cat_typo_range(const struct catalog *c, uint64_t hash, uint32_t *first, uint32_t *end);
/* Whether the n folded bytes at s are an ordinary word (a word of the word lists the catalog was built with, or of
 * its own list): 1 yes, 0 no, -1 the catalog holds no word lists, so nothing is known either way. */
int cat_ordinary_word(const struct catalog *c, const char *s, size_t n);

/* What the planner's scoring reads of a task's n steps; false when a capability or app index does not
 * fit its bits. is_target(ctx, role): the step's role is "target". */
bool cat_ptask_derive(struct cat_ptask *p, const struct cat_step *steps, uint32_t n, const struct cat_cap *caps,
	bool (*is_target)(const void *ctx, cat_str role), const void *ctx);

/* The privilege record of scope for app, or NULL when the catalog does not order it. */
const struct cat_scope *cat_scope_find(const struct catalog *c, uint32_t app, const char *scope);

#endif
