/* The one classification of changes to a provider operation (change.h), and the comparison of a
 * snapshot with the catalog that the change impact answers with. */
#include "planner/change.h"
#include "util/jsonutil.h"

#include <string.h>

const char *const CHANGE_CLASS_NAMES[CHANGE_CLASSES] = { "breaking", "compatible", "info", "minor" };

/* What each kind does to a caller that relied on the earlier state: breaking where the call as it was
 * written fails or means something else, compatible where it keeps working and more is possible, info
 * where nothing a caller sends changes, minor where only the document's wording of the same call does. */
static const struct { const char *name; enum change_class cls; } KINDS[CK_COUNT] = {
	[CK_HOST] = { "host_changed", CHANGE_BREAKING },
	[CK_PATH] = { "path_changed", CHANGE_BREAKING },
	[CK_PATH_SPLIT] = { "path_split_changed", CHANGE_MINOR },
	[CK_METHOD] = { "method_changed", CHANGE_BREAKING },
	[CK_HTTP_METHOD] = { "http_method_changed", CHANGE_BREAKING },
	[CK_SHAPE] = { "shape_changed", CHANGE_BREAKING },
	[CK_REQUEST_TYPE] = { "request_type_changed", CHANGE_BREAKING },
	[CK_RESPONSE_TYPE] = { "response_type_changed", CHANGE_BREAKING },
	[CK_MEDIA_UPLOAD] = { "media_upload_changed", CHANGE_INFO },
	[CK_FLAT_PATH] = { "flat_path_changed", CHANGE_MINOR },
	[CK_PARAMETER_ORDER] = { "parameter_order_changed", CHANGE_MINOR },
	[CK_METHOD_ADDED] = { "method_added", CHANGE_COMPATIBLE },
	[CK_METHOD_REMOVED] = { "method_removed", CHANGE_BREAKING },
	[CK_SCOPE_REMOVED] = { "scope_removed", CHANGE_BREAKING },
	[CK_SCOPE_ADDED] = { "scope_added", CHANGE_COMPATIBLE },
	[CK_SCOPES_NARROWED] = { "scopes_narrowed", CHANGE_BREAKING },
	[CK_SCOPES_WIDENED] = { "scopes_widened", CHANGE_COMPATIBLE },
	[CK_SCOPES_CHANGED] = { "scopes_changed", CHANGE_BREAKING },
	[CK_SCOPES_NOW_DOCUMENTED] = { "scopes_now_documented", CHANGE_INFO },
	[CK_SCOPES_NO_LONGER_DOCUMENTED] = { "scopes_no_longer_documented", CHANGE_INFO },
	[CK_DECLARED_SCOPE_REMOVED] = { "declared_scope_removed", CHANGE_BREAKING },
	[CK_DECLARED_SCOPE_ADDED] = { "declared_scope_added", CHANGE_INFO },
	[CK_PARAM_REMOVED] = { "parameter_removed", CHANGE_BREAKING },
	[CK_PARAM_ADDED] = { "parameter_added", CHANGE_COMPATIBLE },
	[CK_REQUIRED_PARAM_ADDED] = { "required_parameter_added", CHANGE_BREAKING },
	[CK_PARAM_BECAME_REQUIRED] = { "parameter_became_required", CHANGE_BREAKING },
	[CK_PARAM_BECAME_OPTIONAL] = { "parameter_became_optional", CHANGE_COMPATIBLE },
	[CK_PARAM_TYPE] = { "parameter_type_changed", CHANGE_BREAKING },
	[CK_PARAM_LOCATION] = { "parameter_location_changed", CHANGE_BREAKING },
	[CK_PARAM_REPEATED] = { "parameter_repeated_changed", CHANGE_BREAKING },
	[CK_PARAM_FORMAT] = { "parameter_format_changed", CHANGE_INFO },
	[CK_PARAM_PATTERN] = { "parameter_pattern_changed", CHANGE_BREAKING },
	[CK_PARAM_MINIMUM] = { "parameter_minimum_changed", CHANGE_BREAKING },
	[CK_PARAM_MAXIMUM] = { "parameter_maximum_changed", CHANGE_BREAKING },
	[CK_PARAM_DEFAULT] = { "parameter_default_changed", CHANGE_INFO },
	[CK_PARAM_DEPRECATED] = { "parameter_deprecated", CHANGE_INFO },
	[CK_PARAM_UNDEPRECATED] = { "parameter_undeprecated", CHANGE_INFO },
	[CK_PARAM_ENUM_ADDED] = { "parameter_enum_added", CHANGE_BREAKING },
	[CK_PARAM_ENUM_REMOVED] = { "parameter_enum_removed", CHANGE_COMPATIBLE },
	[CK_PARAM_ENUM_VALUE_ADDED] = { "parameter_enum_value_added", CHANGE_COMPATIBLE },
	[CK_PARAM_ENUM_VALUE_REMOVED] = { "parameter_enum_value_removed", CHANGE_BREAKING },
	[CK_REMOVED] = { "removed", CHANGE_BREAKING },
	[CK_CAPABILITY_REMAPPED] = { "capability_remapped", CHANGE_BREAKING },
	/* a new hash that a recorded change explains is told by those changes; one nothing explains is
	 * treated as breaking until someone looks */
	[CK_HASH_EXPLAINED] = { "source_hash_changed", CHANGE_INFO },
	[CK_HASH_UNEXPLAINED] = { "source_hash_changed", CHANGE_BREAKING },
	[CK_REVISION] = { "source_revision_changed", CHANGE_INFO },
	[CK_ROOT_URL] = { "root_url_changed", CHANGE_INFO },
	[CK_SERVICE_PATH] = { "service_path_changed", CHANGE_INFO },
	[CK_MTLS_ROOT_URL] = { "mtls_root_url_changed", CHANGE_INFO },
	[CK_CATALOG_VERSION] = { "catalog_version_moved", CHANGE_INFO },
	[CK_RULE_VERSION] = { "rule_version_moved", CHANGE_INFO },
	[CK_TOOL_ADDED] = { "tool_added", CHANGE_COMPATIBLE },
	[CK_TOOL_REMOVED] = { "tool_removed", CHANGE_BREAKING },
	/* any other difference in a tool input property's schema (nested properties, bounds, formats): treated
	 * as breaking until someone looks, like a hash nothing explains */
	[CK_PARAM_SCHEMA] = { "parameter_schema_changed", CHANGE_BREAKING },
};

const char *change_kind_name(enum change_kind k)
{
	return KINDS[k].name;
}

enum change_class change_kind_class(enum change_kind k)
{
	return KINDS[k].cls;
}

const char *change_impact_status(const int count[CHANGE_CLASSES])
{
	return count[CHANGE_BREAKING] ? "breaking" : count[CHANGE_COMPATIBLE] ? "compatible" : count[CHANGE_INFO] ? "info_only"
		: "unchanged";
}

size_t change_host_len(const char *url)
{
	const char *p = strstr(url, "://");
	p = p ? p + 3 : url;
	return (size_t)(p - url) + strcspn(p, "/");
}

struct change_address change_address(const char *a, const char *b)
{
	struct change_address d = { .host_a = change_host_len(a), .host_b = change_host_len(b) };
	d.host = d.host_a != d.host_b || strncmp(a, b, d.host_a) != 0;
	d.path = strcmp(a + d.host_a, b + d.host_b) != 0;
	return d;
}

enum change_kind change_scope_list(int removed, int added)
{
	if (removed && added) return CK_SCOPES_CHANGED;
	if (removed) return CK_SCOPES_NARROWED;
	if (added) return CK_SCOPES_WIDENED;
	return CK_COUNT;
}

/* ---- a snapshot against the catalog ---- */

static struct change_side text_side(const char *s)
{
	return (struct change_side){ .s = s, .n = s ? strlen(s) : 0 };
}

static struct change_side textn_side(const char *s, size_t n)
{
	return (struct change_side){ .s = s, .n = n };
}

static void add_change(struct changes *cs, const char *app, const char *op, enum change_kind k,
	struct change_side before, struct change_side after, enum ptext detail)
{
	if (cs->n < cs->cap) cs->v[cs->n++] = (struct change){ app, op, k, before, after, detail };
}

static bool in_scopes(const struct catalog *c, const struct cat_op *op, const char *s)
{
	for (uint32_t i = 0; i < op->scope_count; i++)
		if (strcmp(cat_s(c, c->lists[op->scope_first + i]), s) == 0) return true;
	return false;
}

/* Scope alternatives of the snapshot versus the catalog; returns the number of changes added. */
static int compare_scopes(const struct catalog *c, const struct cat_op *op, struct json_object *was,
	struct changes *cs, const char *app, const char *id)
{
	bool now = op->scope_count != CAT_NONE;
	struct change_side before = { .j = was }, after = { .scopes = now ? op : NULL };
	if (!was && !now) return 0;
	if (!was || !now) {
		add_change(cs, app, id, now ? CK_SCOPES_NOW_DOCUMENTED : CK_SCOPES_NO_LONGER_DOCUMENTED, before, after,
			now ? PT_CHANGE_SCOPES_NOW_DOCUMENTED : PT_CHANGE_SCOPES_NO_LONGER_DOCUMENTED);
		return 1;
	}
	int removed = 0, added = 0;
	for (size_t i = 0; i < json_object_array_length(was); i++)
		removed += !in_scopes(c, op, json_object_get_string(json_object_array_get_idx(was, i)));
	for (uint32_t i = 0; i < op->scope_count; i++)
		added += !jarr_has_str(was, cat_s(c, c->lists[op->scope_first + i]));
	enum change_kind k = change_scope_list(removed, added);
	if (k == CK_COUNT) return 0;
	add_change(cs, app, id, k, before, after, k == CK_SCOPES_CHANGED ? PT_CHANGE_SCOPES_CHANGED
		: k == CK_SCOPES_NARROWED ? PT_CHANGE_SCOPES_NARROWED : PT_CHANGE_SCOPES_WIDENED);
	return 1;
}

/* The recorded earlier state of (app, operation) with this semantic hash, or NULL. */
static const struct cat_history *history_find(const struct catalog *c, int app, const char *op, const char *hash)
{
	for (uint32_t i = 0; hash && i < c->nhistory; i++) {
		const struct cat_history *h = &c->history[i];
		if ((int)h->app == app && strcmp(cat_s(c, h->operation), op) == 0 && strcmp(cat_s(c, h->semantic_sha256), hash) == 0)
			return h;
	}
	return NULL;
}

/* What moved between a recorded earlier state and the operation now: the method, the host, the path,
 * the shape of the call. Returns the number of changes added. */
static int compare_history(const struct catalog *c, const struct cat_history *h, const struct cat_op *op,
	struct changes *cs, const char *app, const char *id)
{
	const struct cat_opx *x = &c->opx[op - c->ops];
	const char *was = cat_s(c, h->request_url), *now = cat_s(c, x->request_url);
	struct change_address d = change_address(was, now);
	int n0 = cs->n;
	if (strcmp(cat_s(c, h->method), cat_s(c, op->method)) != 0)
		add_change(cs, app, id, CK_METHOD, text_side(cat_s(c, h->method)), text_side(cat_s(c, op->method)), PT_CHANGE_METHOD);
	if (d.host)
		add_change(cs, app, id, CK_HOST, textn_side(was, d.host_a), textn_side(now, d.host_b), PT_CHANGE_HOST);
	if (d.path)
		add_change(cs, app, id, CK_PATH, text_side(was + d.host_a), text_side(now + d.host_b), PT_CHANGE_PATH);
	if (strcmp(cat_s(c, h->shape_sha256), cat_s(c, x->shape_sha256)) != 0)
		add_change(cs, app, id, CK_SHAPE, text_side(cat_s(c, h->shape_sha256)), text_side(cat_s(c, x->shape_sha256)),
			PT_CHANGE_SHAPE);
	return cs->n - n0;
}

static void compare_op(const struct catalog *c, struct json_object *e, struct changes *cs)
{
	const char *app = jget_str(e, "app"), *id = jget_str(e, "operation"), *capid = jget_str(e, "capability");
	int a = cat_app_find(c, app);
	int k = a >= 0 ? cat_op_find(c, (uint32_t)a, id) : -1;
	if (k < 0) {
		add_change(cs, app, id, CK_REMOVED, text_side(id), text_side(NULL),
			a < 0 ? PT_CHANGE_REMOVED_APP : PT_CHANGE_REMOVED_OPERATION);
		return;
	}
	const struct cat_op *op = &c->ops[k];
	int n = 0;
	const char *cap_now = cat_s(c, c->caps[op->cap].id);
	if (strcmp(cap_now, capid) != 0) {
		add_change(cs, app, id, CK_CAPABILITY_REMAPPED, text_side(capid), text_side(cap_now), PT_CHANGE_CAPABILITY_REMAPPED);
		n++;
	}
	n += compare_scopes(c, op, jget(e, "scope_alternatives"), cs, app, id);
	const char *hash = jget_str(e, "source_hash"), *hash_now = cat_s(c, op->semantic_sha256);
	if (!hash || strcmp(hash, hash_now) != 0) {
		const struct cat_history *h = history_find(c, a, id, hash);
		if (h) n += compare_history(c, h, op, cs, app, id);
		add_change(cs, app, id, n ? CK_HASH_EXPLAINED : CK_HASH_UNEXPLAINED, text_side(hash), text_side(hash_now),
			n ? PT_CHANGE_HASH_EXPLAINED : PT_CHANGE_HASH_UNEXPLAINED);
	}
	const char *rev = jget_str(e, "source_revision");
	const char *rev_now = cat_has(op->revision) ? cat_s(c, op->revision) : NULL;
	if ((rev || rev_now) && (!rev || !rev_now || strcmp(rev, rev_now) != 0))
		add_change(cs, app, id, CK_REVISION, text_side(rev), text_side(rev_now), PT_CHANGE_REVISION);
}

void change_snapshot(const struct catalog *c, struct json_object *snap, struct changes *cs)
{
	static const char *const vkeys[] = { "catalog_version", "rule_version" };
	const char *vnow[] = { cat_s(c, c->meta->catalog_version), cat_s(c, c->meta->rule_version) };
	for (int v = 0; v < 2; v++)
		if (strcmp(jget_str(snap, vkeys[v]), vnow[v]) != 0)
			add_change(cs, NULL, NULL, v ? CK_RULE_VERSION : CK_CATALOG_VERSION, text_side(jget_str(snap, vkeys[v])),
				text_side(vnow[v]), v ? PT_CHANGE_RULE_VERSION : PT_CHANGE_CATALOG_VERSION);
	struct json_object *ops = jget(snap, "operations");
	for (size_t i = 0; i < json_object_array_length(ops); i++) compare_op(c, json_object_array_get_idx(ops, i), cs);
}
