/* A watch that follows directory entries instead of a workflow snapshot: on creation, the tools each entry
 * was observed with in the catalog served (all, or the ones named: those a workflow uses) are kept as its
 * baseline; each evaluation compares them with the entry's observation in the catalog evaluated
 * (directory/toolchange), so that a new report that changes them gives the watch an alert, as a changed
 * operation does for a snapshot watch. */
#ifndef AUTOPLAN_WATCH_ENTRIES_H
#define AUTOPLAN_WATCH_ENTRIES_H

#include "catalog/catalog.h"

#include <json-c/json.h>
#include <stddef.h>

/* The stored document of a watch on entries (an array of {id, tools?}, shape-checked by B_WATCH):
 * {"entries": [{id, tools (names, or null for all), baseline {state, report, date, tools [{tool,
 * input_schema}] or null}}]}. NULL with a message in err and the offending item's index in *at when an
 * entry is not in the catalog, is named twice, or names a tool its observation does not list. The
 * caller puts the result. */
struct json_object *watch_entries_baseline(const struct catalog *cat, const struct json_object *entries, char *err,
	size_t errlen, int *at);

/* Whether doc (a stored watch document) follows entries. */
int watch_entries_is(const struct json_object *doc);

/* The impact of catalog cat on a watch on entries: {changes [{entry, tool, property?, change, severity,
 * before, after, detail {en, de}}], checked_entries}, every change a tool change since the baseline (an entry
 * gone from the catalog: entry_removed, breaking). The caller judges it (impact_judge) and owns it. */
struct json_object *watch_entries_impact(const struct catalog *cat, const struct json_object *doc);

#endif
