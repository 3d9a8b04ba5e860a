/* Changes to a provider operation, classified in one place for every comparison of two states: the change
 * impact (a snapshot against the catalog, POST /v2/workflows/impact), autoplan-refresh --diff (two
 * revisions of a provider document), the monitoring evaluator, which judges the impact's changes per
 * watch, and the tools of an MCP server between two verification reports (directory/toolchange). A kind's class says what it does to a caller that relied on the earlier state. */
#ifndef AUTOPLAN_PLANNER_CHANGE_H
#define AUTOPLAN_PLANNER_CHANGE_H

#include "catalog/catalog.h"
#include "catalog/vocab.h"

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

enum change_class { CHANGE_BREAKING, CHANGE_COMPATIBLE, CHANGE_INFO, CHANGE_MINOR, CHANGE_CLASSES };
extern const char *const CHANGE_CLASS_NAMES[CHANGE_CLASSES];

enum change_kind {
	/* the address and the call */
	CK_HOST, CK_PATH, CK_PATH_SPLIT, CK_METHOD, CK_HTTP_METHOD, CK_SHAPE, CK_REQUEST_TYPE, CK_RESPONSE_TYPE,
	CK_MEDIA_UPLOAD, CK_FLAT_PATH, CK_PARAMETER_ORDER, CK_METHOD_ADDED, CK_METHOD_REMOVED,
	/* scopes: one alternative, a list of alternatives, a document's declared scopes */
	CK_SCOPE_REMOVED, CK_SCOPE_ADDED, CK_SCOPES_NARROWED, CK_SCOPES_WIDENED, CK_SCOPES_CHANGED,
	CK_SCOPES_NOW_DOCUMENTED, CK_SCOPES_NO_LONGER_DOCUMENTED, CK_DECLARED_SCOPE_REMOVED, CK_DECLARED_SCOPE_ADDED,
	/* parameters */
	CK_PARAM_REMOVED, CK_PARAM_ADDED, CK_REQUIRED_PARAM_ADDED, CK_PARAM_BECAME_REQUIRED, CK_PARAM_BECAME_OPTIONAL,
	CK_PARAM_TYPE, CK_PARAM_LOCATION, CK_PARAM_REPEATED, CK_PARAM_FORMAT, CK_PARAM_PATTERN, CK_PARAM_MINIMUM,
	CK_PARAM_MAXIMUM, CK_PARAM_DEFAULT, CK_PARAM_DEPRECATED, CK_PARAM_UNDEPRECATED, CK_PARAM_ENUM_ADDED,
	CK_PARAM_ENUM_REMOVED, CK_PARAM_ENUM_VALUE_ADDED, CK_PARAM_ENUM_VALUE_REMOVED,
	/* the operation in the catalog, the document, the versions */
	CK_REMOVED, CK_CAPABILITY_REMAPPED, CK_HASH_EXPLAINED, CK_HASH_UNEXPLAINED, CK_REVISION, CK_ROOT_URL,
	CK_SERVICE_PATH, CK_MTLS_ROOT_URL, CK_CATALOG_VERSION, CK_RULE_VERSION,
	/* an MCP server's tools between two observations (the parameter kinds above serve their inputs) */
	CK_TOOL_ADDED, CK_TOOL_REMOVED, CK_PARAM_SCHEMA,
	CK_COUNT
};

/* The name a kind has in answers and reports, and its class. */
const char *change_kind_name(enum change_kind k);
enum change_class change_kind_class(enum change_kind k);

/* The status of an impact with count[class] changes of each class: "breaking" when any breaks, else
 * "compatible", "info_only", or "unchanged" (minor changes are the document's wording only). */
const char *change_impact_status(const int count[CHANGE_CLASSES]);

/* Length of "scheme://host[:port]" at the start of url. */
size_t change_host_len(const char *url);

/* Whether the host and whether the path (the address without its host) differ between two full
 * addresses; both break a caller (CK_HOST, CK_PATH). */
struct change_address {
	size_t host_a, host_b;  /* lengths of the two hosts */
	bool host, path;
};
struct change_address change_address(const char *a, const char *b);

/* A list of scope alternatives before and after, by how many were removed and added: narrowed (a holder
 * of a removed one loses the call), widened, changed (both), or CK_COUNT for no change. */
enum change_kind change_scope_list(int removed, int added);

/* ---- a snapshot against the catalog ---- */

/* One side of a change: the scope list of an operation, a value of the snapshot, n bytes of text, or
 * none. Pointers borrow from the catalog or the snapshot. */
struct change_side {
	const struct cat_op *scopes;
	struct json_object *j;
	const char *s;
	size_t n;
};

struct change {
	const char *app, *op;  /* NULL for a version move */
	enum change_kind kind;
	struct change_side before, after;
	enum ptext detail;
};

/* At most this many changes per operation: capability, scopes, four of history, hash, revision. */
#define CHANGES_PER_OP 8

/* The changes found, in the order found; v is the caller's (cap entries). */
struct changes {
	struct change *v;
	int n, cap;
};

/* Every change between snapshot snap (validated against the snapshot schema) and catalog c: the version
 * moves, then per operation removal, capability, scopes, and what moved since the recorded hash. */
void change_snapshot(const struct catalog *c, struct json_object *snap, struct changes *cs);

#endif
