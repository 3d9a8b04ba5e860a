/* Catalog refresh from provider documents, and change detection between two revisions of a document.
 * Works on local files only (fetching is the job of `make refresh`). See docs/evidence.md. */
#ifndef AUTOPLAN_REFRESH_H
#define AUTOPLAN_REFRESH_H

#include <json-c/json.h>
#include <stddef.h>

struct refresh_opts {
	const char *catalog_dir;  /* refreshed in place: apps/<app>.json and sources.json */
	const char *docs_dir;     /* holds each source's "document" file name; NULL when every one is overridden */
	const char *facts_path;   /* provider facts (sources and operations); NULL: no facts */
	const char *const *docs;  /* "source-key=FILE" overrides of the document file, ndocs of them */
	size_t ndocs;
	const char *const *dates; /* "source-key=YYYY-MM-DDTHH:MM:SS(Z|+hh:mm)" for documents the facts do not describe */
	size_t ndates;
	int dry_run;              /* compute and report, write nothing */
};

/* Regenerates the documented fields of every app source (see docs/evidence.md) and writes the files that
 * changed (temporary file + rename). *summary (caller puts) gets {"files":[{"file","changed"}...],
 * "operations":[{"app","operation","changed":[field...]}...], "scopes_not_ranked":[{"app","scope"}...],
 * "ranked_scopes_unused":[{"app","scope"}...]} (the last two: the curated scope_order.json needs a look;
 * the compiler refuses unranked scopes). Returns 0, or -1 with a message in err. */
int refresh_run(const struct refresh_opts *o, struct json_object **summary, char *err, size_t errlen);

/* Differences between two revisions of one discovery document for the methods the catalog maps
 * (catalog_dir/sources.json and apps/), each classified breaking/compatible/info/minor. Returns a new
 * object (caller puts) or NULL with a message in err. */
struct json_object *refresh_diff(const char *catalog_dir, const char *old_path, const char *new_path,
	char *err, size_t errlen);

/* The human-readable form of a refresh_diff result. Caller frees. */
char *refresh_diff_text(struct json_object *diff);

#endif
