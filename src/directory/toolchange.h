/* What changed between two observations of an MCP server: the observed tool input schemas of two
 * verification reports, compared tool by tool and top-level property by property, each change classified
 * by the one classification of planner/change.c (breaking: a tool or property removed, a required property
 * added or a property made required, a type changed, an enum narrowed or introduced, any other change of a
 * property's schema; compatible: a tool or an optional property added, a property made optional, an enum
 * widened or dropped). Nothing here prints. */
#ifndef AUTOPLAN_VERIFY_TOOLCHANGE_H
#define AUTOPLAN_VERIFY_TOOLCHANGE_H

#include <json-c/json.h>

/* {"from": id, "to": id, "status": "breaking"|"compatible"|"unchanged", "counts": {class: n},
 *  "changes": [{"tool", "property" (absent for a whole tool), "kind", "class", "before", "after"}]}
 * for reports before and after (caller puts). Tools and properties are compared in name order. */
struct json_object *toolchange_diff(const struct json_object *before, const struct json_object *after);

#endif
