/* Small JSON views of catalog records, shared by the handlers. Every function returns a new object
 * the caller owns. */
#ifndef AUTOPLAN_VIEWS_H
#define AUTOPLAN_VIEWS_H

#include "catalog/catalog.h"
#include "jsonw/jsonw.h"

#include <json-c/json.h>

/* {app, operation, method, base_url, path, write, scope_alternatives}, pre-serialised by the compiler:
 * the result serialises verbatim and must not be modified. */
struct json_object *view_operation(const struct catalog *c, const struct cat_op *op);
/* A catalog string written as the pre-serialised JSON value it holds. */
static inline void view_raw(struct jw *w, const struct catalog *c, cat_str s) { jw_rawn(w, cat_s(c, s), cat_len(c, s)); }
/* A catalog string written as a JSON string. */
static inline void view_str(struct jw *w, const struct catalog *c, cat_str s) { jw_strn(w, cat_s(c, s), cat_len(c, s)); }
/* {"en": en, "de": de} */
struct json_object *view_text(const struct catalog *c, cat_str en, cat_str de);
/* Array of strings from a JSON array of strings in `in` (validated input), as a bit set over v. */
unsigned long long view_set(struct json_object *arr, const char *const *v);

#endif
