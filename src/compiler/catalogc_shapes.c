/* Declared shapes of the catalog sources, checked by the same validator as requests. */
#include "compiler/catalogc_shapes.h"
#include "catalog/vocab.h"

#define NB SCHEMA_NO_BOUND

static const struct schema s_str = { .kind = SK_STRING, .min = 1, .max = 4000 };
static const struct schema s_str_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 0, .max = 4000 };
static const struct schema s_bool = { .kind = SK_BOOLEAN, .min = NB, .max = NB };
static const struct schema s_any = { .kind = SK_ANY, .min = NB, .max = NB };
static const struct schema s_app = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_APPS };
static const struct schema s_cap = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_CAPABILITIES };
static const struct schema s_task = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_TASKS };
static const struct schema s_timestamp = { .kind = SK_STRING, .min = NB, .max = NB,
	.pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$" };
static const struct schema s_version = { .kind = SK_STRING, .min = NB, .max = 80,
	.pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}\\.[0-9]+$" };
static const char *const http_methods[] = { "GET", "POST", "PUT", "PATCH", "DELETE", NULL };
static const struct schema s_method = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = http_methods };

static const struct schema_prop p_text[] = { { "en", &s_str, true }, { "de", &s_str, true }, { NULL, NULL, false } };
static const struct schema s_text = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_text };
static const struct schema s_text_list = { .kind = SK_ARRAY, .min = NB, .max = NB, .items = &s_text };
static const struct schema s_str_list = { .kind = SK_ARRAY, .min = NB, .max = NB, .items = &s_str };
static const struct schema s_str_list_null = { .kind = SK_ARRAY, .flags = SF_NULLABLE, .min = 1, .max = 50, .items = &s_str };

/* app_kinds.json: VOCAB_APP_KINDS without "caller", which no app is */
static const struct schema s_kind_of_app = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_APP_KINDS + 1 };
static const struct schema_prop p_app_kind[] = { { "app", &s_app, true }, { "kind", &s_kind_of_app, true }, { NULL, NULL, false } };
static const struct schema s_app_kind_rec = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_app_kind };
static const struct schema s_app_kind_list = { .kind = SK_ARRAY, .min = 1, .max = 64, .items = &s_app_kind_rec };
static const struct schema_prop p_app_kinds[] = { { "note", &s_str, false }, { "apps", &s_app_kind_list, true },
	{ NULL, NULL, false } };
const struct schema SRC_APP_KINDS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_app_kinds };

/* versions.json */
static const struct schema_prop p_versions[] = {
	{ "catalog_version", &s_version, true }, { "rule_version", &s_version, true },
	{ "connection_rule_version", &s_version, false }, { NULL, NULL, false } };
const struct schema SRC_VERSIONS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_versions };

/* Operation record and its evidence. */
static const char *const ev_methods[] = { "schema_read", "provider_documentation", NULL };
static const struct schema s_ev_method = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = ev_methods };
static const struct schema s_sha = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = NB, .max = NB,
	.pattern = "^[0-9a-f]{64}$" };
static const struct schema s_contradictions = { .kind = SK_ARRAY, .min = NB, .max = NB, .items = &s_any };
static const struct schema_prop p_evidence[] = {
	{ "url", &s_str, true }, { "first_seen", &s_timestamp, true }, { "last_confirmed", &s_timestamp, true },
	{ "method", &s_ev_method, true }, { "version", &s_str_null, true }, { "revision", &s_str_null, true },
	{ "sha256", &s_sha, true }, { "selector", &s_str, true }, { "contradictions", &s_contradictions, true },
	{ "semantic_sha256", &s_sha, false }, { "permission_source", &s_any, false },
	{ "retrieval_url", &s_str_null, false }, { "version_kind", &s_str_null, false },
	{ NULL, NULL, false } };
static const struct schema s_evidence = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_evidence };

static const char *const param_types[] = { "string", "boolean", "integer", NULL };
static const char *const param_locs[] = { "path", "query", NULL };
static const struct schema s_ptype = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = param_types };
static const struct schema s_ploc = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = param_locs };
static const struct schema s_true = { .kind = SK_BOOLEAN, .min = NB, .max = NB };
static const struct schema_prop p_param[] = {
	{ "type", &s_ptype, true }, { "location", &s_ploc, true }, { "required", &s_true, false },
	{ "value", &s_any, false }, { NULL, NULL, false } };
const struct schema SRC_PARAMETER = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_param };
static const struct schema s_params = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true };

static const struct schema_prop p_op[] = {
	{ "id", &s_str, true }, { "capability", &s_cap, true }, { "method", &s_method, true },
	{ "path", &s_str, true }, { "input", &s_str_null, true }, { "output", &s_str_null, true },
	{ "parameters", &s_params, true }, { "scope_alternatives", &s_str_list_null, true },
	{ "write", &s_bool, true }, { "permission_context", &s_str, false }, { "evidence", &s_evidence, true },
	{ "base_url", &s_str, false }, { "transformations", &s_text_list, false }, { NULL, NULL, false } };
static const struct schema s_op = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_op };
static const struct schema s_ops = { .kind = SK_ARRAY, .min = 0, .max = 200, .items = &s_op };

/* App record. */
static const char *const auth_status[] = { "required", "operation_dependent", NULL };
static const char *const auth_methods[] = { "oauth2", "pat", NULL };
static const struct schema s_auth_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = auth_status };
static const struct schema s_auth_method = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = auth_methods };
static const struct schema s_auth_methods = { .kind = SK_ARRAY, .min = 1, .max = 4, .items = &s_auth_method };
static const struct schema_prop p_auth[] = {
	{ "status", &s_auth_status, true }, { "methods", &s_auth_methods, true },
	{ "permission_context", &s_str, true }, { NULL, NULL, false } };
static const struct schema s_auth = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_auth };

static const char *const cost_status[] = { "conditional_provider_statement", "unknown", NULL };
static const struct schema s_cost_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cost_status };
static const struct schema s_null_any = { .kind = SK_ANY, .min = NB, .max = NB };
static const struct schema s_source = { .kind = SK_OBJECT, .flags = SF_NULLABLE, .min = NB, .max = NB, .additional = true };
static const struct schema_prop p_cost[] = {
	{ "status", &s_cost_status, true }, { "amount", &s_null_any, true }, { "summary", &s_text, false },
	{ "source", &s_source, true }, { NULL, NULL, false } };
static const struct schema s_cost = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cost };

static const char *const limits_status[] = { "provider_documentation", "unknown", NULL };
static const struct schema s_limits_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = limits_status };
static const struct schema_prop p_limits[] = {
	{ "status", &s_limits_status, true }, { "source", &s_source, false }, { "summary", &s_text, false },
	{ NULL, NULL, false } };
static const struct schema s_limits = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_limits };

static const char *const dp_status[] = { "unknown", NULL };
static const struct schema s_dp_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = dp_status };
static const struct schema_prop p_dp[] = { { "status", &s_dp_status, true }, { NULL, NULL, false } };
static const struct schema s_dp = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_dp };

static const char *const ci_status[] = { "not_collected", "schema_read", NULL };
static const struct schema s_ci_status = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = ci_status };
static const struct schema_prop p_ci[] = {
	{ "status", &s_ci_status, true }, { "complete", &s_bool, true }, { "tools", &s_str_list, true },
	{ "endpoint", &s_str, false }, { "version", &s_str_null, false }, { "last_confirmed", &s_timestamp, false },
	{ "scope", &s_str, false }, { NULL, NULL, false } };
static const struct schema s_ci = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_ci };

static const struct schema_prop p_app[] = {
	{ "id", &s_app, true }, { "name", &s_str, true }, { "provider", &s_str, true },
	{ "api_version", &s_str_null, true }, { "base_url", &s_str, true }, { "authentication", &s_auth, true },
	{ "operations", &s_ops, true }, { "cost", &s_cost, true }, { "limits", &s_limits, true },
	{ "data_processing", &s_dp, true }, { "connector_inventory", &s_ci, true },
	{ "schema_version", &s_str, false }, { NULL, NULL, false } };
const struct schema SRC_APP = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_app };

/* capabilities.json */
static const char *const cap_kinds[] = { "provider", "caller", NULL };
static const struct schema s_cap_kind = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cap_kinds };
/* acts_on: "existing" when the capability works on data the user already has (search, read, change,
 * append to it), "new" when it makes data of its own; the planner never proposes a scope that only
 * sees app-created data for an "existing" step. Required of provider capabilities (the compiler checks). */
static const char *const cap_acts_on[] = { "existing", "new", NULL };
static const struct schema s_cap_acts_on = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cap_acts_on };
static const struct schema_prop p_capability[] = {
	{ "id", &s_cap, true }, { "write", &s_bool, true }, { "title", &s_text, true },
	{ "description", &s_text, true }, { "kind", &s_cap_kind, true }, { "acts_on", &s_cap_acts_on, false },
	{ NULL, NULL, false } };
static const struct schema s_capability = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_capability };
static const struct schema s_capability_list = { .kind = SK_ARRAY, .min = 38, .max = 38, .items = &s_capability };
static const struct schema_prop p_caps_file[] = { { "capabilities", &s_capability_list, true }, { NULL, NULL, false } };
const struct schema SRC_CAPABILITIES = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_caps_file };

/* tasks.json */
static const struct schema s_app_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = NB, .max = NB, .enumv = VOCAB_APPS };
static const struct schema s_app_kind = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_APP_KINDS };
static const struct schema_prop p_step[] = {
	{ "capability", &s_cap, true }, { "app", &s_app_null, true }, { "app_kind", &s_app_kind, true },
	{ "role", &s_str, true }, { NULL, NULL, false } };
static const struct schema s_step = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_step };
static const struct schema s_steps = { .kind = SK_ARRAY, .min = 1, .max = 20, .items = &s_step };
static const struct schema_prop p_kw[] = { { "en", &s_str_list, true }, { "de", &s_str_list, true }, { NULL, NULL, false } };
static const struct schema s_kw = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_kw };
static const struct schema_prop p_task[] = {
	{ "id", &s_task, true }, { "title", &s_text, true }, { "description", &s_text, true },
	{ "generic", &s_bool, true }, { "steps", &s_steps, true }, { "keywords", &s_kw, true }, { NULL, NULL, false } };
static const struct schema s_task_rec = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_task };
static const struct schema s_task_list = { .kind = SK_ARRAY, .min = 50, .max = 50, .items = &s_task_rec };
static const struct schema_prop p_tasks_file[] = { { "tasks", &s_task_list, true }, { NULL, NULL, false } };
const struct schema SRC_TASKS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_tasks_file };

/* guides.json */
static const struct schema s_slug = { .kind = SK_STRING, .min = 1, .max = 80, .pattern = "^[a-z0-9][a-z0-9-]*$" };
static const struct schema_prop p_guide[] = {
	{ "id", &s_slug, true }, { "title", &s_text, true }, { "body", &s_text, true }, { NULL, NULL, false } };
static const struct schema s_guide = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_guide };
static const struct schema s_guide_list = { .kind = SK_ARRAY, .min = 1, .max = 100, .items = &s_guide };
static const struct schema_prop p_guides_file[] = { { "guides", &s_guide_list, true }, { NULL, NULL, false } };
const struct schema SRC_GUIDES = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_guides_file };

/* reports/<id>.json: a dated verification report. */
static const struct schema s_date = { .kind = SK_STRING, .min = NB, .max = NB, .pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" };
static const struct schema s_obj = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true };
static const struct schema s_obj_list = { .kind = SK_ARRAY, .min = NB, .max = NB, .items = &s_obj };
static const struct schema_prop p_report[] = {
	{ "id", &s_slug, true }, { "date", &s_date, true }, { "title", &s_text, true }, { "subject", &s_obj, true },
	{ "environment", &s_obj, true }, { "assertions", &s_obj_list, true }, { "limitations", &s_text_list, true },
	{ "observed_tool_input_schemas", &s_obj_list, true }, { "generated_by", &s_str, false },
	{ "observed_resources", &s_obj_list, false }, { "observed_prompts", &s_obj_list, false },
	{ NULL, NULL, false } };
const struct schema SRC_REPORT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_report };


/* scope_order.json: per app, scopes from least to most privileged (null: scopes not collected). */
/* reach "app_created": the scope sees only data the app created or the user opened with it. */
static const char *const scope_reach[] = { "all", "app_created", NULL };
static const struct schema s_scope_reach = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = scope_reach,
	.dflt = "\"all\"" };
static const struct schema_prop p_scope_rank[] = {
	{ "scope", &s_str, true }, { "suggest", &s_bool, true }, { "reach", &s_scope_reach, false },
	{ "reason", &s_text, true }, { NULL, NULL, false } };
static const struct schema s_scope_rank = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_scope_rank };
static const struct schema s_scope_ranks = { .kind = SK_ARRAY, .flags = SF_NULLABLE, .min = 1, .max = 100,
	.items = &s_scope_rank };
static const struct schema_prop p_scope_apps[] = {
	{ "mailA", &s_scope_ranks, true }, { "driveA", &s_scope_ranks, true }, { "calendarA", &s_scope_ranks, true },
	{ "sheetsA", &s_scope_ranks, true }, { "mailB", &s_scope_ranks, true }, { "driveB", &s_scope_ranks, true },
	{ "calendarB", &s_scope_ranks, true }, { "sheetsB", &s_scope_ranks, true }, { "driveC", &s_scope_ranks, true },
	{ "codehost", &s_scope_ranks, true }, { NULL, NULL, false } };
static const struct schema s_scope_apps = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_scope_apps };
static const struct schema_prop p_scope_order[] = {
	{ "note", &s_str, false }, { "apps", &s_scope_apps, true }, { NULL, NULL, false } };
const struct schema SRC_SCOPE_ORDER = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_scope_order };

/* synonyms.json: phrases that point a free-text query at apps, families, app kinds, roles, intents,
 * tasks and capabilities. */
static const struct schema s_phrase = { .kind = SK_STRING, .min = 1, .max = 120 };
static const struct schema s_phrases = { .kind = SK_ARRAY, .min = 1, .max = 200, .items = &s_phrase };
static const struct schema s_apps4 = { .kind = SK_ARRAY, .min = 2, .max = 5, .items = &s_app };
static const struct schema s_caps = { .kind = SK_ARRAY, .min = 1, .max = 38, .items = &s_cap };
static const struct schema s_family_id = { .kind = SK_STRING, .min = 1, .max = 40, .pattern = "^[a-z0-9][a-z0-9-]*$" };
static const struct schema_prop p_syn_app[] = { { "app", &s_app, true }, { "phrases", &s_phrases, true }, { NULL, NULL, false } };
static const struct schema_prop p_syn_family[] = { { "family", &s_family_id, true }, { "apps", &s_apps4, true },
	{ "phrases", &s_phrases, true }, { NULL, NULL, false } };
static const struct schema_prop p_syn_kind[] = { { "kind", &s_app_kind, true }, { "phrases", &s_phrases, true }, { NULL, NULL, false } };
static const struct schema_prop p_syn_task[] = { { "task", &s_task, true }, { "phrases", &s_phrases, true },
	{ "subject", &s_phrases, false }, { NULL, NULL, false } };
static const struct schema_prop p_syn_cap[] = { { "capability", &s_cap, true }, { "phrases", &s_phrases, true }, { NULL, NULL, false } };
static const struct schema_prop p_syn_intent[] = { { "capabilities", &s_caps, true }, { "phrases", &s_phrases, true }, { NULL, NULL, false } };
static const struct schema s_syn_app = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_app };
static const struct schema s_syn_family = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_family };
static const struct schema s_syn_kind = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_kind };
static const struct schema s_syn_task = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_task };
static const struct schema s_syn_cap = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_cap };
static const struct schema s_syn_intent = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_syn_intent };
static const struct schema s_syn_apps = { .kind = SK_ARRAY, .min = 0, .max = 100, .items = &s_syn_app };
static const struct schema s_syn_families = { .kind = SK_ARRAY, .min = 0, .max = 20, .items = &s_syn_family };
static const struct schema s_syn_kinds = { .kind = SK_ARRAY, .min = 0, .max = 100, .items = &s_syn_kind };
static const struct schema s_syn_tasks = { .kind = SK_ARRAY, .min = 0, .max = 500, .items = &s_syn_task };
static const struct schema s_syn_caps = { .kind = SK_ARRAY, .min = 0, .max = 500, .items = &s_syn_cap };
static const struct schema s_syn_intents = { .kind = SK_ARRAY, .min = 0, .max = 64, .items = &s_syn_intent };
static const struct schema s_stopwords = { .kind = SK_ARRAY, .min = 1, .max = 1000, .items = &s_phrase };
static const struct schema s_ordinary = { .kind = SK_ARRAY, .min = 0, .max = 2000, .items = &s_phrase };
#define PHRASE_ROLE_PROP(key, role) { key, &s_phrases, true },
static const struct schema_prop p_roles[] = {
	CATALOGC_PHRASE_ROLES(PHRASE_ROLE_PROP)
	{ "arrows", &s_phrases, true }, { "arrow_means", &s_phrase, true }, { "trigger_means", &s_phrase, true },
	{ "format_means", &s_phrase, true }, { "record_means", &s_phrase, true }, { "addressed_means", &s_phrase, true }, { "store_means", &s_phrase, true }, { "become_means", &s_phrase, true }, { "joined_means", &s_phrase, true },
	{ NULL, NULL, false } };
#undef PHRASE_ROLE_PROP
static const struct schema s_roles = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_roles };
static const struct schema_prop p_synonyms[] = {
	{ "note", &s_str, false }, { "stopwords", &s_stopwords, true }, { "framing", &s_stopwords, true }, { "signoffs", &s_stopwords, true },
	{ "persons", &s_stopwords, true }, { "days", &s_stopwords, true }, { "ordinary", &s_ordinary, true },
	{ "apps", &s_syn_apps, true },
	{ "families", &s_syn_families, true }, { "app_kinds", &s_syn_kinds, true }, { "roles", &s_roles, true },
	{ "intents", &s_syn_intents, true }, { "tasks", &s_syn_tasks, true }, { "capabilities", &s_syn_caps, true },
	{ NULL, NULL, false } };
const struct schema SRC_SYNONYMS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_synonyms };
/* outside.json: products beside the catalog's apps, with their kinds, and actions no task performs. */
static const struct schema s_out_id = { .kind = SK_STRING, .min = 1, .max = 60, .pattern = "^[a-z0-9][a-z0-9 ._-]*$" };
static const struct schema s_out_ids = { .kind = SK_ARRAY, .min = 1, .max = 60, .items = &s_out_id };
static const struct schema_prop p_out_product[] = { { "name", &s_out_id, true }, { "kind", &s_out_id, true },
	{ "phrases", &s_phrases, true }, { "family", &s_out_id, false }, { "family_phrases", &s_phrases, false },
	{ "runtime", &s_bool, false }, { "as_written", &s_bool, false }, { NULL, NULL, false } };
static const struct schema s_out_product = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_out_product };
static const struct schema s_out_products = { .kind = SK_ARRAY, .min = 0, .max = 2000, .items = &s_out_product };
static const struct schema_prop p_out_action[] = { { "action", &s_out_id, true }, { "title", &s_text, true },
	{ "phrases", &s_phrases, false }, { "thing", &s_bool, false }, { "in_place", &s_bool, false }, { "findable", &s_bool, false }, { "sorts", &s_bool, false },
	{ "messages", &s_bool, false },
	{ "capability", &s_cap, false }, { NULL, NULL, false } };
static const struct schema s_out_action = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_out_action };
static const struct schema s_out_actions = { .kind = SK_ARRAY, .min = 0, .max = 200, .items = &s_out_action };
static const struct schema_prop p_outside[] = { { "note", &s_str, false }, { "product_kinds", &s_out_ids, true },
	{ "message_kinds", &s_out_ids, true }, { "copy_in_place", &s_out_id, true }, { "copy_into_codehost", &s_out_id, true }, { "unknown_action", &s_out_id, true },
	{ "products", &s_out_products, true }, { "actions", &s_out_actions, true }, { NULL, NULL, false } };
const struct schema SRC_OUTSIDE = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_outside };
/* clients.json: MCP client facts (format, root key, field names, transports, secrets, files, steps). */
static const char *const cl_formats[] = { "json", "jsonc", "toml", "yaml", NULL };
static const char *const cl_shapes[] = { "map", "list", NULL };
static const char *const cl_support[] = { "yes", "no", "bridge", "partial", "undocumented", NULL };
static const char *const cl_cmd_shapes[] = { "string", "array", "split", NULL };
static const struct schema s_cl_id = { .kind = SK_STRING, .min = 1, .max = 40, .pattern = "^[a-z0-9][a-z0-9-]*$" };
static const struct schema s_cl_format = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_formats };
static const struct schema s_cl_shape = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_shapes };
static const struct schema s_cl_support = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_support };
static const struct schema s_cl_cmd_shape = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_cmd_shapes };
static const struct schema s_cl_key = { .kind = SK_STRING, .min = 1, .max = 60, .pattern = "^[A-Za-z_][A-Za-z0-9_]*$" };
static const struct schema s_cl_key_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 1, .max = 60,
	.pattern = "^[A-Za-z_][A-Za-z0-9_]*$" };
static const struct schema s_cl_keys = { .kind = SK_ARRAY, .min = 1, .max = 40, .items = &s_cl_key };
static const struct schema s_cl_tvals = { .kind = SK_ARRAY, .min = 0, .max = 4, .items = &s_str };
static const struct schema s_cl_secret = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 4, .max = 60,
	.pattern = ".*NAME.*" };
static const struct schema_prop p_cl_transports[] = {
	{ "stdio", &s_cl_support, true }, { "streamable_http", &s_cl_support, true }, { "sse", &s_cl_support, true },
	{ NULL, NULL, false } };
static const struct schema s_cl_transports = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_transports };
static const struct schema_prop p_cl_tvalues[] = {
	{ "stdio", &s_cl_tvals, true }, { "streamable_http", &s_cl_tvals, true }, { "sse", &s_cl_tvals, true },
	{ NULL, NULL, false } };
static const struct schema s_cl_tvalues = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_tvalues };
static const struct schema_prop p_cl_treq[] = {
	{ "stdio", &s_bool, true }, { "streamable_http", &s_bool, true }, { "sse", &s_bool, true },
	{ NULL, NULL, false } };
static const struct schema s_cl_treq = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_treq };
/* headers may sit one object down (Continue requestOptions.headers, Copilot requestInit.headers) */
static const struct schema s_cl_keypath_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 1, .max = 60,
	.pattern = "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?$" };
static const struct schema_prop p_cl_fields[] = {
	{ "command", &s_cl_key, true }, { "command_shape", &s_cl_cmd_shape, true }, { "args", &s_cl_key_null, true },
	{ "env", &s_cl_key, true }, { "url", &s_cl_key_null, true }, { "http_url", &s_cl_key_null, true },
	{ "headers", &s_cl_keypath_null, true }, { NULL, NULL, false } };
static const struct schema s_cl_fields = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_fields };
static const struct schema s_cl_extra = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true };
static const struct schema s_cl_paths = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true };
static const struct schema_prop p_cl_file[] = {
	{ "scope", &s_str, true }, { "file_name", &s_str, true }, { "paths", &s_cl_paths, true }, { NULL, NULL, false } };
static const struct schema s_cl_file = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_file };
static const struct schema s_cl_files = { .kind = SK_ARRAY, .min = 1, .max = 10, .items = &s_cl_file };
static const struct schema s_cl_steps1 = { .kind = SK_ARRAY, .min = 1, .max = 10, .items = &s_str };
static const struct schema_prop p_cl_steps[] = {
	{ "en", &s_cl_steps1, true }, { "de", &s_cl_steps1, true }, { NULL, NULL, false } };
static const struct schema s_cl_steps = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_steps };
static const char *const cl_styles[] = { "dollar_brace", "dollar", "env_colon", "input", "editor_var",
	"double_brace", "brace_env", NULL };
static const struct schema s_cl_style = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_styles };
static const struct schema s_cl_styles = { .kind = SK_ARRAY, .min = 0, .max = 7, .items = &s_cl_style };
static const struct schema s_cl_timeout = { .kind = SK_STRING, .min = 3, .max = 60,
	.pattern = "^[A-Za-z_]+:(ms|s)$" };
static const struct schema s_cl_timeouts = { .kind = SK_ARRAY, .min = 0, .max = 4, .items = &s_cl_timeout };
static const struct schema s_cl_aliases = { .kind = SK_ARRAY, .min = 0, .max = 10, .items = &s_str };
/* Every fact with the public page it rests on and, where releases differ, the release it holds from. */
static const struct schema s_cl_url = { .kind = SK_STRING, .min = 12, .max = 400, .pattern = "^https://[^ ]+$" };
static const struct schema_prop p_cl_source[] = { { "fact", &s_str, true }, { "url", &s_cl_url, true },
	{ "since", &s_str, false }, { NULL, NULL, false } };
static const struct schema s_cl_source = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_source };
static const struct schema s_cl_sources = { .kind = SK_ARRAY, .min = 2, .max = 40, .items = &s_cl_source };
static const struct schema_prop p_cl_legacy[] = { { "field", &s_cl_key, true }, { "note", &s_str, true },
	{ NULL, NULL, false } };
static const struct schema s_cl_legacy = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_legacy };
static const struct schema s_cl_legacies = { .kind = SK_ARRAY, .min = 0, .max = 10, .items = &s_cl_legacy };
static const struct schema s_cl_dotted = { .kind = SK_STRING, .min = 1, .max = 80,
	.pattern = "^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$" };
static const struct schema s_cl_dotted_list = { .kind = SK_ARRAY, .min = 0, .max = 6, .items = &s_cl_dotted };
static const struct schema s_cl_words = { .kind = SK_ARRAY, .min = 0, .max = 10, .items = &s_cl_key };
static const struct schema s_cl_name_chars = { .kind = SK_STRING, .min = 0, .max = 20, .pattern = "^[^A-Za-z0-9 ]*$" };
static const char *const cl_cwd[] = { "project", "unspecified", NULL };
static const struct schema s_cl_cwd = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = cl_cwd };
static const struct schema_prop p_cl_import[] = { { "format", &s_cl_format, true }, { "root_key", &s_cl_key, true },
	{ "note", &s_str, true }, { NULL, NULL, false } };
static const struct schema s_cl_import = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_cl_import };
static const struct schema_prop p_client[] = {
	{ "id", &s_cl_id, true }, { "name", &s_str, true }, { "vendor", &s_str, true },
	{ "aliases", &s_cl_aliases, true }, { "format", &s_cl_format, true }, { "comments", &s_bool, true },
	{ "trailing_commas", &s_bool, true },
	{ "root_key", &s_cl_key, true }, { "root_shape", &s_cl_shape, true },
	{ "transports", &s_cl_transports, true }, { "type_field", &s_cl_key_null, true },
	{ "type_values", &s_cl_tvalues, true }, { "type_required", &s_cl_treq, true },
	{ "fields", &s_cl_fields, true }, { "known_fields", &s_cl_keys, true },
	{ "required_extra", &s_cl_extra, true }, { "secret_syntax", &s_cl_secret, true },
	{ "files", &s_cl_files, true }, { "steps", &s_cl_steps, true },
	{ "placeholder_styles", &s_cl_styles, true }, { "timeouts", &s_cl_timeouts, true },
	{ "sources", &s_cl_sources, true }, { "server_name_chars", &s_cl_name_chars, false },
	{ "start_dir", &s_cl_cwd, false }, { "builtin_types", &s_cl_words, false },
	{ "settings_only_entries", &s_bool, false }, { "legacy_roots", &s_cl_dotted_list, false },
	{ "legacy_fields", &s_cl_legacies, false }, { "block_file", &s_bool, false },
	{ "also_reads", &s_cl_import, false }, { "release_notes", &s_cl_legacies, false }, { NULL, NULL, false } };
static const struct schema s_client = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_client };
static const struct schema s_clients = { .kind = SK_ARRAY, .min = 1, .max = 64, .items = &s_client };
static const struct schema_prop p_clients[] = { { "clients", &s_clients, true }, { NULL, NULL, false } };
const struct schema SRC_CLIENTS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_clients };

/* directory/<name>.json (built-in) and imported directory sources: see docs/directory.md. */
static const struct schema s_dtype = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_ENTRY_TYPES };
static const struct schema s_dstatus = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_ENTRY_STATUS };
static const struct schema s_dkey = { .kind = SK_STRING, .min = 3, .max = 200,
	.pattern = "^[A-Za-z0-9][A-Za-z0-9.-]*/[A-Za-z0-9._-]+$" };
static const struct schema s_dname = { .kind = SK_STRING, .min = 1, .max = 200 };
static const struct schema s_durl_null = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 8, .max = 500,
	.pattern = "^https?://[^[:space:]]+$" };
static const struct schema s_dcoord = { .kind = SK_STRING, .min = 5, .max = 500,
	.pattern = "^(npm|pypi|name|mcpb):[^[:space:]]+$" };
static const struct schema s_lang = { .kind = SK_STRING, .min = 2, .max = 3, .pattern = "^[a-z]{2,3}$" };
static const struct schema s_dtext = { .kind = SK_STRING, .min = 1, .max = 2000 };
static const struct schema_prop p_anbietertext[] = {
	{ "text", &s_dtext, true }, { "sprache", &s_lang, true }, { "uebersetzt", &s_bool, true },
	{ "geprueft", &s_bool, true }, { "quelle", &s_dname, true }, { NULL, NULL, false } };
static const struct schema s_anbietertext = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_anbietertext };
static const struct schema s_area = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = VOCAB_EINSATZGEBIETE };
static const struct schema s_areas = { .kind = SK_ARRAY, .min = 1, .max = 11, .items = &s_area };
static const struct schema s_dversion = { .kind = SK_STRING, .flags = SF_NULLABLE, .min = 1, .max = 255 };

static const char *const transports[] = { "stdio", "streamable-http", "sse", NULL };
static const struct schema s_transport = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = transports };
static const char *const pkg_registries[] = { "npm", "pypi", "oci", "mcpb", "nuget", NULL };
static const struct schema s_pkg_registry = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = pkg_registries };
static const struct schema s_pkg_name = { .kind = SK_STRING, .min = 1, .max = 500, .pattern = "^[^[:space:]]+$" };
static const struct schema s_hint = { .kind = SK_STRING, .min = 1, .max = 40 };
static const struct schema s_sha_hex = { .kind = SK_STRING, .min = NB, .max = NB, .pattern = "^[0-9a-f]{64}$" };
static const struct schema_prop p_pkg[] = {
	{ "registry", &s_pkg_registry, true }, { "name", &s_pkg_name, true }, { "version", &s_dversion, true },
	{ "runtime_hint", &s_hint, false }, { "sha256", &s_sha_hex, false }, { NULL, NULL, false } };
static const struct schema s_pkg = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_pkg };
static const struct schema s_varname = { .kind = SK_STRING, .min = 1, .max = 200, .pattern = "^[^[:space:]=]+$" };
static const struct schema s_vardesc = { .kind = SK_STRING, .min = 0, .max = 1000 };
static const struct schema_prop p_var[] = {
	{ "name", &s_varname, true }, { "required", &s_bool, true }, { "secret", &s_bool, true },
	{ "description", &s_vardesc, true }, { NULL, NULL, false } };
static const struct schema s_var = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_var };
static const struct schema s_vars = { .kind = SK_ARRAY, .min = 0, .max = 100, .items = &s_var, .dflt = "[]" };
static const struct schema s_arg = { .kind = SK_STRING, .min = 1, .max = 500 };
static const struct schema s_args = { .kind = SK_ARRAY, .min = 0, .max = 60, .items = &s_arg, .dflt = "[]" };
static const struct schema s_curl = { .kind = SK_STRING, .min = 8, .max = 500, .pattern = "^https?://[^[:space:]]+$" };
static const struct schema_prop p_dconn[] = {
	{ "transport", &s_transport, true }, { "url", &s_curl, false }, { "package", &s_pkg, false },
	{ "runtime_args", &s_args, false }, { "package_args", &s_args, false }, { "env", &s_vars, false },
	{ "headers", &s_vars, false }, { NULL, NULL, false } };
static const struct schema s_dconn = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_dconn };
static const struct schema s_dconns = { .kind = SK_ARRAY, .min = 0, .max = 20, .items = &s_dconn };

static const struct schema_prop p_dentry[] = {
	{ "art", &s_dtype, true }, { "schluessel", &s_dkey, true }, { "slug", &s_slug, false },
	{ "name", &s_dname, true }, { "status", &s_dstatus, true }, { "homepage", &s_durl_null, true },
	{ "paket_koordinate", &s_dcoord, true }, { "indexierbar", &s_bool, true },
	{ "anbietertext", &s_anbietertext, true }, { "einsatzgebiete", &s_areas, true },
	{ "version", &s_dversion, true }, { "gelistet_seit", &s_date, true }, { "connections", &s_dconns, true },
	{ NULL, NULL, false } };
const struct schema SRC_DIR_ENTRY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_dentry };
static const struct schema s_dentries = { .kind = SK_ARRAY, .min = 0, .max = 100000, .items = &s_any };
static const char *const dir_origins[] = { "builtin", "registry", NULL };
static const struct schema s_origin = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = dir_origins };
static const struct schema_prop p_dsource[] = {
	{ "origin", &s_origin, true }, { "description", &s_str, true }, { "retrieved", &s_str_null, false },
	{ NULL, NULL, false } };
static const struct schema s_dsource = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_dsource };
static const struct schema_prop p_dfile[] = {
	{ "source", &s_dsource, true }, { "entries", &s_dentries, true }, { NULL, NULL, false } };
const struct schema SRC_DIRECTORY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_dfile };

/* scope_implications.json: broader scopes a provider documents as including narrower ones. */
static const struct schema s_https = { .kind = SK_STRING, .min = 9, .max = 500, .pattern = "^https://[^[:space:]]+$" };
static const struct schema s_scope_list = { .kind = SK_ARRAY, .min = 1, .max = 20, .items = &s_str };
static const struct schema_prop p_impl_source[] = { { "url", &s_https, true }, { "statement", &s_text, true },
	{ NULL, NULL, false } };
static const struct schema s_impl_source = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_impl_source };
static const struct schema_prop p_impl[] = { { "app", &s_app, true }, { "scope", &s_str, true },
	{ "includes", &s_scope_list, true }, { "source", &s_impl_source, true }, { NULL, NULL, false } };
static const struct schema s_impl = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_impl };
static const struct schema s_impls = { .kind = SK_ARRAY, .min = 0, .max = 500, .items = &s_impl };
static const struct schema_prop p_impl_file[] = { { "note", &s_str, false }, { "implications", &s_impls, true },
	{ NULL, NULL, false } };
const struct schema SRC_IMPLIED = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_impl_file };

/* operation_inputs.json: the identifiers an operation needs, and where a plan gets each. */
static const char *const input_places[] = { "path", "argument", NULL };
static const struct schema s_input_place = { .kind = SK_STRING, .min = NB, .max = NB, .enumv = input_places,
	.dflt = "\"path\"" };
static const struct schema s_occurrence = { .kind = SK_INTEGER, .min = 1, .max = 4, .dflt = "1" };
static const struct schema s_fixed = { .kind = SK_STRING, .min = 1, .max = 80 };
static const struct schema_prop p_input[] = {
	{ "name", &s_str, true }, { "in", &s_input_place, false }, { "occurrence", &s_occurrence, false },
	{ "what", &s_text, true }, { "found_by", &s_cap, false }, { "fixed", &s_fixed, false }, { "where", &s_text, true },
	{ NULL, NULL, false } };
static const struct schema s_input = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_input };
static const struct schema s_inputs = { .kind = SK_ARRAY, .min = 1, .max = 8, .items = &s_input };
static const struct schema_prop p_op_inputs[] = { { "app", &s_app, true }, { "operation", &s_str, true },
	{ "inputs", &s_inputs, true }, { NULL, NULL, false } };
static const struct schema s_op_inputs = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_op_inputs };
static const struct schema s_op_inputs_list = { .kind = SK_ARRAY, .min = 0, .max = 200, .items = &s_op_inputs };
static const struct schema_prop p_inputs_file[] = { { "note", &s_str, false }, { "operations", &s_op_inputs_list, true },
	{ NULL, NULL, false } };
const struct schema SRC_INPUTS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_inputs_file };

/* planner_texts.json: every text the planner writes, keyed as in VOCAB_PLAN_TEXTS. */
static const struct schema s_texts = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true };
static const struct schema_prop p_texts_file[] = { { "note", &s_str, false }, { "texts", &s_texts, true },
	{ NULL, NULL, false } };
const struct schema SRC_TEXTS = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_texts_file };
const struct schema SRC_TEXT = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_text };

/* history.json: earlier states of operations, written by autoplan-refresh. */
static const struct schema s_sha_hex64 = { .kind = SK_STRING, .min = NB, .max = NB, .pattern = "^[0-9a-f]{64}$" };
static const struct schema_prop p_hist[] = {
	{ "app", &s_app, true }, { "operation", &s_str, true }, { "semantic_sha256", &s_sha_hex64, true },
	{ "revision", &s_str_null, true }, { "method", &s_method, true }, { "request_url", &s_str, true },
	{ "shape_sha256", &s_sha_hex64, true }, { "superseded_by_revision", &s_str_null, true }, { NULL, NULL, false } };
static const struct schema s_hist = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_hist };
static const struct schema s_hists = { .kind = SK_ARRAY, .min = 0, .max = 100000, .items = &s_hist };
static const struct schema_prop p_hist_file[] = { { "note", &s_str, false }, { "entries", &s_hists, true },
	{ NULL, NULL, false } };
const struct schema SRC_HISTORY = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = p_hist_file };
