/* What the compiler's parts share while one catalog is compiled: the compilation state and the few
 * helpers that add to it. Internal to src/compiler/; catalogc.h is the compiler's interface. */
#ifndef AUTOPLAN_CATALOGC_INT_H
#define AUTOPLAN_CATALOGC_INT_H

#include "catalog/catalog_format.h"
#include "compiler/catalogc_search.h"
#include "schema/schema.h"
#include "util/buf.h"

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

struct cc {
	char *err;
	size_t errlen;
	const char *dir, *extra_dir;
	struct buf strings, apps, ops, caps, tasks, steps, lists, reports, docs, opx, scopes, syns, words, clients, entries;
	struct buf typos, families, intents, implied, inputs, texts, history, langtexts, ptasks, wordhash, stemhash, outside;
	struct buf dictionary;         /* CS_DICTIONARY */
	const char *const *wordlists;  /* the word lists compiled into it, NULL-terminated (NULL: none) */
	struct json_object *versions, *capfile, *taskfile, *guidefile, *appsrc[16], *reportsrc;
	struct json_object *sources;  /* sources.json, read when an address needs the provider's path segment */
	uint32_t napps, nops, ncaps, ntasks, nsteps, nlists, nreports, ndocs, nscopes, nsyns, nwords, nclients, nentries, nimported, nshadowed;
	uint32_t nwordhash, nstemhash, trigger_intent;
	uint32_t copy_intent, copy_in_place;  /* cat_meta's: roles.arrow_means, outside.json copy_in_place */
	uint32_t unknown_action;              /* cat_meta's: outside.json unknown_action */
	uint32_t copy_into_codehost;          /* cat_meta's: outside.json copy_into_codehost */
	uint32_t record_intent;               /* cat_meta's: roles.record_means */
	uint32_t format_intent;               /* cat_meta's: roles.format_means */
	uint32_t addressed_intent;            /* cat_meta's: roles.addressed_means */
	uint32_t store_intent;                /* cat_meta's: roles.store_means */
	uint32_t become_intent;               /* cat_meta's: roles.become_means */
	uint32_t joined_intent;               /* cat_meta's: roles.joined_means */
	uint32_t ntypos, nfamilies, nintents, nimplied, ninputs, ntexts, nhistory, nlangtexts, noutside, ndictionary;
	uint32_t app_ops[16][2]; /* first, count */
	char dataset_version[512];
	struct dsearch_index dsx; /* the directory's search index */
};

/* "file: /pointer: message" into c->err; returns -1. */
int cc_fail(struct cc *c, const char *file, const char *ptr, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A string (or JSON text) added to the pool; CAT_NONE for NULL or when memory ran out. */
cat_str cc_str(struct cc *c, const char *s);
cat_str cc_json(struct cc *c, struct json_object *o);
/* A pooled string by offset. */
const char *cc_pool(const struct cc *c, cat_str s);
/* Whether app documents capability cap among the operations compiled so far. */
bool cc_app_documents(const struct cc *c, uint32_t app, uint32_t cap);
/* dir/name read and validated against shape (caller puts), or NULL with the error set. */
struct json_object *cc_load(struct cc *c, const char *name, const struct schema *shape);
/* A pooled text pair (either may be CAT_NONE: written as "") pre-serialised for the planner: its
 * CS_LANGTEXTS index, or CAT_NONE when memory ran out. */
uint32_t cc_langtext(struct cc *c, cat_str en, cat_str de);
/* Appends one index to CS_LISTS. Returns 0 or -1. */
int cc_list_add(struct cc *c, uint32_t v);

/* catalogc_planner.c: the planner's vocabulary, scope implications, operation inputs, texts, history
 * and request addresses. Each returns 0, or -1 with the error set. */
int cc_compile_synonyms(struct cc *c);
/* catalogc_dictionary.c: the ordinary words (CS_DICTIONARY) of the word lists and of the catalog's own list of
 * words those lack (synonyms.json "ordinary"). Returns 0, or -1 with the error set. */
int cc_compile_dictionary(struct cc *c, struct json_object *ordinary);
int cc_compile_implied(struct cc *c);
int cc_compile_inputs(struct cc *c);
int cc_compile_texts(struct cc *c);
int cc_compile_history(struct cc *c);
int cc_compile_ptasks(struct cc *c);
/* The operation's address as the provider documents it: base joined with path, the neutral segment of
 * the path (sources.json path_neutralisation) written back as the provider's. Caller frees. */
char *cc_request_url(struct cc *c, uint32_t app, const char *base, const char *path);

#endif
