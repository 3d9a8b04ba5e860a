/* The shapes of the 200 answers of the routes offered as MCP tools, declared once: the OpenAPI document gives
 * each as its answer's schema and the MCP endpoint as the tool's outputSchema. The top-level members are
 * declared with their types (what each holds is the route's response_doc); further members may be added by a
 * later release (additional members allowed). The version triple of R_VERSIONED routes is added where the
 * shape is written (openapi_answer_schema). */
#include "api/shapes.h"

#define NB SCHEMA_NO_BOUND
#define OF(k) { .kind = (k), .min = NB, .max = NB }
#define NULLABLE(k) { .kind = (k), .flags = SF_NULLABLE, .min = NB, .max = NB }
#define END { NULL, NULL, false }
#define ANSWER(name, members) const struct schema name = { .kind = SK_OBJECT, .min = NB, .max = NB, .props = (members), \
	.additional = true }

static const struct schema a_str = OF(SK_STRING), a_int = OF(SK_INTEGER), a_bool = OF(SK_BOOLEAN),
	a_arr = OF(SK_ARRAY), a_any = OF(SK_ANY);
static const struct schema a_str_null = NULLABLE(SK_STRING), a_int_null = NULLABLE(SK_INTEGER);
/* an object whose members the route's response_doc names */
static const struct schema a_obj = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true },
	a_obj_null = { .kind = SK_OBJECT, .flags = SF_NULLABLE, .min = NB, .max = NB, .additional = true };
static const struct schema a_texts = { .kind = SK_OBJECT, .min = NB, .max = NB, .additional = true,
	.doc = "The text in English and German (en, de), ordered by Accept-Language" };

static const struct schema_prop p_capabilities[] = {
	{ "capabilities", &a_arr, true }, { "total", &a_int, true }, { "offset", &a_int, true },
	{ "limit", &a_int, true }, { "next_offset", &a_int_null, true }, END };
ANSWER(A_CAPABILITIES, p_capabilities);

static const struct schema_prop p_plan[] = {
	{ "status", &a_str, true }, { "status_text", &a_texts, true }, { "rules", &a_arr, true },
	{ "task", &a_obj, true }, { "read_only", &a_bool, true }, { "steps", &a_arr, true },
	{ "left_out", &a_arr, true }, { "coverage", &a_obj, true }, { "minimal_scopes", &a_arr, true },
	{ "apps", &a_obj, true }, { "runtime", &a_obj, true }, END };
ANSWER(A_PLAN, p_plan);

static const struct schema_prop p_connections[] = {
	{ "id", &a_str, true }, { "name", &a_str, true }, { "status", &a_str, true }, { "locale", &a_str, true },
	{ "connections", &a_arr, true }, { "connection_rule_version", &a_str, true }, { "note", &a_str_null, false },
	END };
ANSWER(A_CONNECTIONS, p_connections);

static const struct schema_prop p_verifications[] = {
	{ "id", &a_str, true }, { "name", &a_str, true }, { "status", &a_str, true }, { "locale", &a_str, true },
	{ "levels", &a_arr, true }, { "level_order", &a_arr, true }, { "details", &a_arr, true },
	{ "connections", &a_arr, true }, { "summary", &a_str, true }, { "observation", &a_obj, true },
	{ "observation_note", &a_str, true }, END };
ANSWER(A_VERIFICATIONS, p_verifications);

/* unknown_client answers: what is said instead, and the clients there are */
#define UNKNOWN_CLIENT { "message", &a_str, false }, { "supported_clients", &a_arr, false }

static const struct schema_prop p_compatibility[] = {
	{ "id", &a_str, true }, { "client", &a_str, true }, { "status", &a_str, true },
	{ "execution_tested", &a_bool, true }, { "entry_status", &a_str, false },
	{ "recommended_connection", &a_str_null, false }, { "connections", &a_arr, false }, UNKNOWN_CLIENT, END };
ANSWER(A_COMPATIBILITY, p_compatibility);

static const struct schema_prop p_permissions[] = {
	{ "status", &a_str, true }, { "status_text", &a_texts, true }, { "plan_status", &a_str, true },
	{ "task", &a_obj, true }, { "read_only", &a_bool, true }, { "steps", &a_arr, true },
	{ "minimal_scopes", &a_arr, true }, { "missing_scopes", &a_arr, true },
	{ "broader_than_needed", &a_arr, true }, { "not_needed", &a_arr, true }, END };
ANSWER(A_PERMISSIONS, p_permissions);

static const struct schema a_corrected = { .kind = SK_ANY, .min = NB, .max = NB,
	.doc = "null, or the corrected configuration: text in the client's format when config was text, else an object" };
static const struct schema_prop p_config_validate[] = {
	{ "status", &a_str, true }, { "client", &a_str, true }, { "format", &a_str, false }, { "issues", &a_arr, true },
	{ "corrected_config", &a_corrected, true }, { "severities", &a_obj, false }, UNKNOWN_CLIENT, END };
ANSWER(A_CONFIG_VALIDATE, p_config_validate);

static const struct schema_prop p_configure[] = {
	{ "id", &a_str, false }, { "client", &a_str, true }, { "entry_status", &a_str, false },
	{ "endpoint", &a_obj, false }, { "status", &a_str, true }, { "reason", &a_str, false }, { "connection", &a_obj_null, true },
	{ "template", &a_obj_null, true }, { "alternatives", &a_arr, false }, UNKNOWN_CLIENT, END };
ANSWER(A_CONFIGURE, p_configure);

static const struct schema_prop p_gaps[] = {
	{ "app", &a_str, true }, { "capabilities", &a_arr, true }, { "summary", &a_obj, false },
	{ "connector_inventory", &a_obj, true }, END };
ANSWER(A_GAPS, p_gaps);

static const struct schema_prop p_impact[] = {
	{ "status", &a_str, true }, { "status_text", &a_texts, true }, { "changes", &a_arr, true },
	{ "checked_operations", &a_int, true }, { "summary", &a_obj, true }, { "task_id", &a_str_null, false }, END };
ANSWER(A_IMPACT, p_impact);

static const struct schema_prop p_replacements[] = {
	{ "source", &a_str, true }, { "required", &a_arr, true }, { "read_only", &a_bool, true },
	{ "left_out_as_write", &a_arr, false }, { "alternatives", &a_arr, true }, END };
ANSWER(A_REPLACEMENTS, p_replacements);

static const struct schema_prop p_snapshot[] = {
	{ "status", &a_str, true }, { "task", &a_obj, true }, { "snapshot", &a_obj_null, true }, END };
ANSWER(A_SNAPSHOT, p_snapshot);

static const struct schema_prop p_report[] = {
	{ "id", &a_str, true }, { "date", &a_str, true }, { "title", &a_texts, true }, { "subject", &a_obj, true },
	{ "environment", &a_obj, true }, { "assertions", &a_arr, true }, { "limitations", &a_arr, true },
	{ "observed_tool_input_schemas", &a_arr, true }, { "generated_by", &a_any, false },
	{ "tool_changes_since_previous", &a_obj, false }, END };
ANSWER(A_REPORT, p_report);

static const struct schema_prop p_v1_list[] = {
	{ "art", &a_str, true }, { "typ", &a_str, true }, { "filter", &a_obj, true }, { "suche", &a_str, true },
	{ "startvorlage", &a_bool, true }, { "suchebene", &a_str, true }, { "gesamt", &a_int, true },
	{ "grenze", &a_int, true }, { "versatz", &a_int, true }, { "naechster_versatz", &a_int_null, true },
	{ "eintraege", &a_arr, true }, END };
ANSWER(A_V1_LIST, p_v1_list);
