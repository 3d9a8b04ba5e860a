#include "api/shapes.h"
#include "catalog/vocab.h"

#define NB SCHEMA_NO_BOUND

static const struct schema s_app = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_APPS,
	.doc = "App identifier" };
static const struct schema s_cap = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_CAPABILITIES,
	.doc = "Capability identifier" };
static const struct schema s_task = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_TASKS,
	.doc = "Task identifier" };
static const struct schema s_runtime = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_RUNTIMES,
	.dflt = "\"any\"", .doc = "Where provider operations should run" };
static const struct schema s_locale = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_LOCALES,
	.dflt = "\"en\"", .doc = "Language of texts" };
static const struct schema s_type = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_ENTRY_TYPES,
	.doc = "Directory entry type" };
static const struct schema s_slug = { .kind = SK_STRING, .min = 1, .max = 240, .pattern = "^[a-z0-9][a-z0-9-]*$",
	.doc = "Directory entry slug" };
static const struct schema s_query = { .kind = SK_STRING, .min = 0, .max = 500, .dflt = "\"\"",
	.doc = "Free text, English or German" };
static const struct schema s_caps = { .kind = SK_ARRAY, .min = 0, .max = 40, .items = &s_cap, .dflt = "[]",
	.doc = "Capabilities (comma-separated in a query string)" };
static const struct schema s_apps = { .kind = SK_ARRAY, .min = 0, .max = 10, .items = &s_app, .dflt = "[]",
	.doc = "Apps (comma-separated in a query string)" };
static const struct schema s_limit = { .kind = SK_INTEGER, .min = 1, .max = 100, .dflt = "20", .doc = "Page size" };
static const struct schema s_offset = { .kind = SK_INTEGER, .min = 0, .max = 100000, .dflt = "0",
	.doc = "Offset of the first item" };
static const struct schema s_false = { .kind = SK_BOOLEAN, .min = NB, .max = NB, .dflt = "false" };
static const struct schema s_scope = { .kind = SK_STRING, .min = 0, .max = 200 };
static const struct schema s_scopes = { .kind = SK_ARRAY, .min = 0, .max = 50, .items = &s_scope, .dflt = "[]",
	.doc = "OAuth scopes the caller holds" };

/* Row 1 */
static const struct schema_prop p_capabilities[] = {
	{ "query", &s_query, false }, { "capabilities", &s_caps, false }, { "apps", &s_apps, false },
	{ "limit", &s_limit, false }, { "offset", &s_offset, false }, { NULL, NULL, false } };
const struct schema Q_CAPABILITIES = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_capabilities };

/* Row 9 */
static const struct schema_prop p_gaps[] = {
	{ "app", &s_app, true }, { "capabilities", &s_caps, false }, { NULL, NULL, false } };
const struct schema Q_GAPS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_gaps };

/* Row 11 */
static const struct schema_prop p_repl[] = {
	{ "app", &s_app, true }, { "capabilities", &s_caps, false }, { "read_only", &s_false, false },
	{ NULL, NULL, false } };
const struct schema Q_REPLACEMENTS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_repl };

/* Rows 3 and 4 */
static const struct schema_prop p_locale[] = { { "locale", &s_locale, false }, { NULL, NULL, false } };
const struct schema Q_LOCALE = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_locale };
static const struct schema_prop p_entry_path[] = {
	{ "type", &s_type, true }, { "slug", &s_slug, true }, { NULL, NULL, false } };
const struct schema P_ENTRY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_entry_path };

/* /v1 directory: one entry, and the listing page (docs/directory.md) */
static const struct schema_prop p_v1_entry[] = {
	{ "art", &s_type, true }, { "slug", &s_slug, true }, { NULL, NULL, false } };
const struct schema P_V1_ENTRY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_v1_entry };
static const struct schema s_list_type = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_ENTRY_TYPES,
	.dflt = "\"mcp\"", .doc = "Entry type to list: mcp (MCP servers) or agenten (agents)" };
static const struct schema s_area = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_EINSATZGEBIETE,
	.doc = "Filter: usage area" };
static const struct schema s_entry_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_ENTRY_STATUS,
	.doc = "Filter: aktiv or eingestellt" };
static const struct schema s_suche = { .kind = SK_STRING, .min = 0, .max = 500,
	.doc = "Search words (all must occur), matched in name, key and provider text" };
static const char *const search_levels[] = { "alle", "name", "schluessel", "anbietertext", NULL };
static const struct schema s_suchebene = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = search_levels,
	.doc = "Where suche looks: alle (default), name, schluessel or anbietertext" };
static const struct schema s_grenze = { .kind = SK_INTEGER, .min = 1, .max = 100, .dflt = "20", .doc = "Page size" };
static const struct schema_prop p_v1_list[] = {
	{ "art", &s_list_type, false }, { "einsatzgebiet", &s_area, false }, { "status", &s_entry_status, false },
	{ "suche", &s_suche, false }, { "suchebene", &s_suchebene, false }, { "grenze", &s_grenze, false },
	{ "versatz", &s_offset, false }, { NULL, NULL, false } };
const struct schema Q_V1_LIST = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_v1_list };

/* Row 13 */
static const struct schema s_report_id = { .kind = SK_STRING, .min = 1, .max = 200, .doc = "Report identifier" };
static const struct schema_prop p_report[] = { { "id", &s_report_id, true }, { NULL, NULL, false } };
const struct schema P_REPORT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_report };

/* Row 14: one task, one app */
static const struct schema_prop p_task_path[] = { { "task_id", &s_task, true }, { NULL, NULL, false } };
const struct schema P_TASK = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_task_path };
static const struct schema_prop p_app_path[] = { { "app", &s_app, true }, { NULL, NULL, false } };
const struct schema P_APP = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_app_path };

/* Task request body: rows 2, 6, 12 */
static const struct schema_prop p_task_body[] = {
	{ "task_id", &s_task, false }, { "query", &s_query, false }, { "apps", &s_apps, false },
	{ "read_only", &s_false, false }, { "runtime", &s_runtime, false }, { "granted_scopes", &s_scopes, false },
	{ "evidence", &s_false, false }, { NULL, NULL, false } };
const struct schema B_TASK = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_task_body,
	.doc = "Task request" };

/* Entry request body: row 5; row 8 adds id self and url (B_CONFIGURE) */
static const struct schema s_entry_id = { .kind = SK_STRING, .min = NB, .max = 240,
	.pattern = "^(mcp|agenten)/[a-z0-9][a-z0-9-]*$", .doc = "Directory entry id, type/slug" };
static const struct schema s_client = { .kind = SK_STRING, .min = 1, .max = 40, .doc = "MCP client id" };
static const struct schema s_connection = { .kind = SK_STRING, .min = 1, .max = 40, .dflt = "\"auto\"",
	.doc = "Connection id, or auto" };
static const struct schema_prop p_entry_body[] = {
	{ "id", &s_entry_id, true }, { "client", &s_client, true }, { "connection", &s_connection, false },
	{ "locale", &s_locale, false }, { NULL, NULL, false } };
const struct schema B_ENTRY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_entry_body,
	.doc = "Entry request" };

/* Row 8 takes the entry request, plus the reserved id "self" (entry ids always carry their type, so it names
 * no entry) for this service's own MCP endpoint, with the address clients reach it at: the responder behind
 * a front server cannot know that address for certain (docs/mcp.md). */
static const struct schema s_configure_id = { .kind = SK_STRING, .min = NB, .max = 240,
	.pattern = "^((mcp|agenten)/[a-z0-9][a-z0-9-]*|self)$",
	.doc = "Directory entry id, type/slug; or self: this service's own MCP endpoint (POST /mcp)" };
static const struct schema s_self_url = { .kind = SK_STRING, .min = 1, .max = 400,
	.pattern = "^https?://[][A-Za-z0-9.:-]+(/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*)?$",
	.doc = "Only with id self: the public address clients reach this service at, http(s) without query or "
	"fragment: the MCP endpoint itself (ending in /mcp) or the base it is served under (/mcp is appended). "
	"Absent: the request's own scheme and host (the answer's endpoint says which was used)" };
static const struct schema_prop p_configure_body[] = {
	{ "id", &s_configure_id, true }, { "client", &s_client, true }, { "connection", &s_connection, false },
	{ "locale", &s_locale, false }, { "url", &s_self_url, false }, { NULL, NULL, false } };
const struct schema B_CONFIGURE = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_configure_body,
	.doc = "Configure request: a directory entry, or self" };

/* Row 7 */
static const struct schema s_config = { .kind = SK_STRING_OR_OBJECT, .min = 0, .max = 24000,
	.doc = "Client configuration: file text, or the parsed object" };
static const struct schema_prop p_validate[] = {
	{ "config", &s_config, true }, { "client", &s_client, true }, { NULL, NULL, false } };
const struct schema B_CONFIG_VALIDATE = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_validate,
	.doc = "Configuration to validate" };

/* Workflow snapshot: row 10 input, row 12 output */
static const struct schema s_format = { .kind = SK_STRING, .min = NB, .max = NB, .constant = SNAPSHOT_FORMAT };
static const struct schema s_bool = { .kind = SK_BOOLEAN, .min = NB, .max = NB };
static const struct schema s_runtime_nd = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_RUNTIMES };
static const struct schema s_s80 = { .kind = SK_STRING, .min = 0, .max = 80 };
static const struct schema s_s80_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 0, .max = 80 };
static const struct schema s_s100 = { .kind = SK_STRING, .min = 0, .max = 100 };
static const struct schema s_s100_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 0, .max = 100 };
static const struct schema s_s200 = { .kind = SK_STRING, .min = 0, .max = 200 };
static const struct schema s_snap_apps = { .kind = SK_ARRAY, .min = 0, .max = 10, .items = &s_s80 };
static const struct schema s_snap_scopes = { .kind = SK_ARRAY, .flags = SF_NULLABLE, .min = 0, .max = 50, .items = &s_s200 };
static const struct schema_prop p_snap_op[] = {
	{ "app", &s_s80, true }, { "operation", &s_s200, true }, { "capability", &s_s100, true },
	{ "scope_alternatives", &s_snap_scopes, true }, { "source_revision", &s_s100, false },
	{ "source_hash", &s_s100_null, true }, { NULL, NULL, false } };
static const struct schema s_snap_op = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_snap_op };
static const struct schema s_snap_ops = { .kind = SK_ARRAY, .min = 0, .max = 200, .items = &s_snap_op };
static const struct schema_prop p_snapshot[] = {
	{ "format", &s_format, true }, { "read_only", &s_bool, false }, { "runtime", &s_runtime_nd, false },
	{ "catalog_version", &s_s80, true }, { "rule_version", &s_s80, true }, { "task_id", &s_s80_null, true },
	{ "apps", &s_snap_apps, true }, { "operations", &s_snap_ops, true }, { NULL, NULL, false } };
const struct schema SNAPSHOT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_snapshot,
	.doc = "Workflow snapshot" };
static const struct schema_prop p_impact[] = { { "snapshot", &SNAPSHOT, true }, { NULL, NULL, false } };
const struct schema B_IMPACT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_impact,
	.doc = "Change impact request" };

/* Monitoring: a watch, its id, the pages of watches and alerts, an alert id */
static const struct schema s_watch_name = { .kind = SK_STRING, .min = 1, .max = 100,
	.doc = "A name for the watch, to recognise it in alerts" };
static const struct schema s_granted_opt = { .kind = SK_ARRAY, .flags = SF_NULLABLE, .min = 0, .max = 50,
	.items = &s_scope, .doc = "The OAuth scopes the workflow's holder was granted: scope changes are judged against "
	"them (absent or null: judged as /v2/changes/impact does)" };
static const struct schema s_hook_url = { .kind = SK_STRING, .min = 1, .max = 2000,
	.doc = "https:// or http:// address that receives each alert as a signed POST (Standard Webhooks); "
	"loopback, private and link-local addresses only when the operator allows them" };
static const struct schema_prop p_webhook[] = { { "url", &s_hook_url, true }, { NULL, NULL, false } };
static const struct schema s_webhook = { .kind = SK_OBJECT, .flags = SF_NULLABLE, .min = NB, .max = NB,
	.props = p_webhook, .doc = "Optional webhook; its signing secret is answered once, on creation" };
static const struct schema s_tool_name = { .kind = SK_STRING, .min = 1, .max = 200 };
static const struct schema s_tool_names = { .kind = SK_ARRAY, .min = 1, .max = 100, .items = &s_tool_name,
	.doc = "The tools followed (those a workflow uses; each must be among the entry's observed tools); absent: all" };
static const struct schema_prop p_followed[] = {
	{ "id", &s_entry_id, true }, { "tools", &s_tool_names, false }, { NULL, NULL, false } };
static const struct schema s_followed = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_followed };
static const struct schema s_followed_list = { .kind = SK_ARRAY, .min = 1, .max = 20, .items = &s_followed,
	.doc = "Directory entries to follow instead of a snapshot: an alert when a new verification report changes "
	"their observed tools (docs/monitoring.md)" };
static const struct schema_prop p_watch[] = {
	{ "name", &s_watch_name, true }, { "snapshot", &SNAPSHOT, false }, { "entries", &s_followed_list, false },
	{ "granted_scopes", &s_granted_opt, false }, { "webhook", &s_webhook, false }, { NULL, NULL, false } };
const struct schema B_WATCH = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_watch,
	.doc = "A watch: a workflow snapshot, or directory entries, to evaluate against every deployed catalog "
	"(exactly one of snapshot and entries)" };
static const struct schema s_watch_id = { .kind = SK_STRING, .min = NB, .max = NB, .pattern = "^wat_[a-z2-7]{16}$",
	.doc = "Watch identifier" };
static const struct schema_prop p_watch_id[] = { { "id", &s_watch_id, true }, { NULL, NULL, false } };
const struct schema P_WATCH = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_watch_id };
static const struct schema_prop p_watch_page[] = {
	{ "limit", &s_limit, false }, { "offset", &s_offset, false }, { NULL, NULL, false } };
const struct schema Q_WATCHES = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_watch_page };
static const struct schema s_since = { .kind = SK_INTEGER, .min = 0, .max = 999999999999L, .dflt = "0",
	.doc = "Answer alerts with a seq greater than this (the next_since of the previous page; 0: from the first)" };
static const struct schema_prop p_alerts[] = {
	{ "since", &s_since, false }, { "limit", &s_limit, false }, { NULL, NULL, false } };
const struct schema Q_ALERTS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_alerts };
static const struct schema s_alert_id = { .kind = SK_STRING, .min = NB, .max = NB, .pattern = "^alr_[a-z2-7]{16}$",
	.doc = "Alert identifier" };
static const struct schema_prop p_alert_id[] = { { "id", &s_alert_id, true }, { NULL, NULL, false } };
const struct schema P_ALERT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_alert_id };
