/* The route table: every path the responder serves, its shapes and its handler. The OpenAPI
 * document and the /v2/ index are generated from this table. */
#include "api/handlers.h"
#include "api/routes.h"
#include "api/shapes.h"
#include "catalog/vocab.h"

#define V R_VERSIONED
#define E R_SPEC_ERRORS
#define L R_LANGUAGE
#define C R_CACHE          /* GET answers fixed by the catalog: ETag, 304, cacheable (router.h) */
#define CR R_CACHE_RELEASE /* GET documents fixed by the release */
#define P R_PLANNER        /* reads the planner's free-text resolver tables (a CGI process maps them) */
#define T R_TOOL           /* offered as an MCP tool at /mcp, named after the operationId (docs/mcp.md) */
#define RS R_RESOURCE     /* offered as an MCP resource at /mcp (a URI template with path parameters) */
/* The MCP endpoint: answered whole by the mcp module; a tool call may plan or parse YAML */
#define MCP (R_RAW | R_PLANNER | R_YAML)

/* Response documentation of the planner rows (docs/planner.md has the full rules). Texts are objects
 * keyed en and de, ordered by Accept-Language. */
#define PLAN_DOC "status (first rule that holds, in order: unresolved, ambiguous, outside_catalog, read_only_conflict, " \
	"needs_apps, partial, needs_scopes, scopes_unknown, caller_side_steps, ready), status_text, rules (every rule that holds), task (id, title, " \
	"kind task|capability_chain|ambiguous|none, resolved_by task_id|query|none, confidence 0..1, apps_rebound, query: " \
	"folded words, matched words, apps_named {app, words, via name|family, family, role source|target, typo}, app kinds, " \
	"intents_named, capabilities named, candidates when ambiguous, equivalent_tasks, products_unknown {name, kind, words, " \
	"role} (products outside the catalog), actions_outside {action, title, words, capability} (actions no task performs: the request " \
	"is unresolved; action unknown: a verb the vocabulary lacks, named by words; capability: the one the catalog documents for the " \
	"action asked and no task plans, else null), nearest_tasks, also_asked {words, capability, app} (a further action the task does not do, planned " \
	"as a step after the task's; app null where no app in reach can do it; words: its verb, or the app's name where an app joined by " \
	"and to the target is written too), schedule {words, note} (a schedule the request names, every day, täglich: it changes no step, the " \
	"caller runs the steps on it; null when none)), steps (capability (null for a product outside the catalog, then product {name, " \
	"kind}), role, added find_before_act|null, app, app_source task|request|query|family, state satisfied|missing_scope|" \
	"scopes_unknown|caller_side|no_app|not_documented|outside_catalog, done_by provider_operation|caller, operation with request_url (the address as " \
	"the provider documents it) and parameters, inputs {name, what, supplied_by step|fixed_value|caller, from_step, " \
	"value, where}, scope_alternatives, granted_scope, granted_via {scope, includes, source} when a broader grant " \
	"includes an alternative, ask_for, ask_for_reason, least_privilege_note, permission_context, operation_notes, " \
	"transformations, evidence when asked), left_out (write steps removed by read_only), coverage (required = planned " \
	"steps, documented, practically_tested), minimal_scopes, apps (bound, not_used), runtime"
#define PERMISSIONS_DOC "status (unresolved, ambiguous, needs_apps, needs_scopes, scopes_unknown, granted, no_scopes_needed), " \
	"status_text, plan_status, task, steps (works_on_existing_data, alternatives least privileged first with " \
	"privilege_rank, reason, suggested, sees_existing_data, granted; granted_scope, granted_via, needed_scope, " \
	"least_privilege_note, permission_context, operation_notes), minimal_scopes, missing_scopes, broader_than_needed " \
	"(granted scope, the one that is enough, includes_source when the provider documents the inclusion), not_needed"
#define SNAPSHOT_DOC "status (the plan status), task, snapshot (" SNAPSHOT_FORMAT ": read_only, runtime, " \
	"catalog_version, rule_version, task_id, apps, operations with app, operation, capability, " \
	"scope_alternatives, source_revision, source_hash = the operation's semantic_sha256; null when unresolved)"
#define IMPACT_DOC "status (unchanged, info_only, compatible, breaking), status_text, changes (app, operation, change " \
	"removed|capability_remapped|scopes_narrowed|scopes_widened|scopes_changed|scopes_now_documented|" \
	"scopes_no_longer_documented|host_changed|path_changed|method_changed|shape_changed|source_hash_changed|" \
	"source_revision_changed|catalog_version_moved|rule_version_moved, severity breaking|compatible|info, before, " \
	"after, detail), checked_operations, summary"

/* Row 4: the compiler derives everything from the reports (directory/observation.h, docs/directory.md). */
#define OBSERVATION_DOC "observation (what the reports say of the entry's tools: state observed|not_observed|" \
	"never_observed (never an empty list standing for unknown tools), report, date, connection, package, sandboxed " \
	"(false: the report records no sandbox), sandbox (kind, namespaces, network, read_only, writable, user, limits) or " \
	"null, tool_count, tools ({name, input_schema}; null unless observed), reason (why the latest report read no " \
	"tools), changes {state compared|first_observation|no_observation, previous_report, previous_date (the previous " \
	"observation of the same connection), status breaking|compatible|unchanged, counts {breaking, compatible, info, " \
	"minor}, changes ({tool, property, kind tool_added|tool_removed|parameter_*, class breaking|compatible, before, " \
	"after})}), observation_note (one line in the locale)"
#define VERIFICATIONS_DOC "id, levels (reached, in order listed < package_resolved < started < schema_read < " \
	"execution_tested), details (every level: reached, date, report, basis), connections (id, levels), summary, " \
	OBSERVATION_DOC "; 404 entry_not_found"

#define A (R_AUTH | R_PLANNER) /* watches carry snapshots and their impact: the planner's tables too */
#define MON_STATUS_DOC "project {id, name}, key {id, read_only, expires_at}, watches, watch_limit, alerts {total, " \
	"unacknowledged}, pending_evaluation (watches not yet evaluated with the catalog served), evaluator {state " \
	"running|running_other_catalog|not_running|never_ran, last_seen_at, catalog_version, dataset_version}"
#define WATCH_DOC "id, name, created_at, granted_scopes (or null), webhook ({url} or null), evaluated {at, status, " \
	"catalog_version, dataset_version, rule_version}, alerts {total, unacknowledged}"
#define ALERT_DOC "id, seq, watch {id, name}, created_at, status, before and after {status, catalog_version, " \
	"dataset_version, rule_version}, changes (as in impact, with fingerprint, new, acknowledged), resolved (changes " \
	"of the previous evaluation gone now), acknowledged, acknowledged_at, acknowledged_by (key <id> | carried_over), " \
	"delivery (null, or {url, state pending|delivered|failed, attempts, last_attempt_at, last_status, last_error, " \
	"next_attempt_at, delivered_at})"

const struct route ROUTES[] = {
	{ "GET", "/v2/capabilities", "findCapabilities", "Find capabilities and the apps that document them", 1,
		NULL, &Q_CAPABILITIES, NULL, h_capabilities, V | E | C | T | RS,
		"capabilities (each with the operations documenting it per app), total, offset, next_offset",
		"Fähigkeiten finden und die Apps, die sie dokumentieren", &A_CAPABILITIES },
	{ "POST", "/v2/workflows/plan", "planWorkflow", "Plan a workflow", 2,
		NULL, NULL, &B_TASK, h_plan, V | E | L | P | T, PLAN_DOC,
		"Einen Ablauf planen", &A_PLAN },
	{ "GET", "/v2/connections/{type}/{slug}", "getConnections", "Connection options of a directory entry", 3,
		&P_ENTRY, &Q_LOCALE, NULL, h_connections, V | E | C | T | RS,
		"id, name, status, locale, connections (id, transport stdio|streamable-http|sse, runtime local|remote, command, "
		"args, url, package {registry, name, version}, requires, env and headers {name, required, secret, description}, "
		"text in the locale), connection_rule_version; 404 entry_not_found",
		"Verbindungsarten eines Verzeichniseintrags", &A_CONNECTIONS },
	{ "GET", "/v2/verifications/{type}/{slug}", "getVerifications", "Verification levels of a directory entry", 4,
		&P_ENTRY, &Q_LOCALE, NULL, h_verifications, V | E | C | T | RS, VERIFICATIONS_DOC,
		"Prüfstufen eines Verzeichniseintrags", &A_VERIFICATIONS },
	{ "POST", "/v2/compatibility/check", "checkCompatibility", "Check an entry against a client", 5,
		NULL, NULL, &B_ENTRY, h_compatibility, V | E | T,
		"id, client, status (compatible, compatible_via_bridge, limited, incompatible, no_connections, "
		"unknown_client), execution_tested (true only when a verification report shows it), entry_status, "
		"recommended_connection, connections ({connection, transport, status: supported | supported_via_bridge | "
		"limited | not_supported, reason}); 404 entry_not_found, 404 connection_not_found",
		"Einen Eintrag gegen einen Client prüfen", &A_COMPATIBILITY },
	{ "POST", "/v2/permissions/explain", "explainPermissions", "Explain the permissions a task needs", 6,
		NULL, NULL, &B_TASK, h_permissions, V | E | L | P | T, PERMISSIONS_DOC,
		"Die Berechtigungen (Scopes) erklären, die eine Aufgabe braucht", &A_PERMISSIONS },
	{ "POST", "/v2/config/validate", "validateConfig", "Validate an MCP client configuration", 7,
		NULL, NULL, &B_CONFIG_VALIDATE, h_config_validate, V | E | R_YAML | T,
		"status (valid, valid_with_warnings, invalid, parse_error, unknown_client), client, format, issues "
		"({code, path, message}; the severity of each code is fixed: see severities and docs/config.md), "
		"corrected_config (null unless every correction is certain; text in the client's format when config was "
		"text), severities ({code: error|warning|info}); unknown_client adds supported_clients",
		"Eine MCP-Client-Konfiguration prüfen", &A_CONFIG_VALIDATE },
	{ "POST", "/v2/configure", "configure", "Configuration template for an entry, or this service, and a client", 8,
		NULL, NULL, &B_CONFIGURE, h_configure, V | E | T | R_SELF,
		"id, client, entry_status (an entry) or endpoint (id self: {url, source url|host_header|server_name, note}), "
		"status (ok, ok_via_bridge, limited, incompatible, no_connections, unknown_client), connection (the chosen "
		"connection, auto = best for the client), template ({format, root_key, server_name, snippet (text in the "
		"client's format), config, secrets, file_locations, steps, merge}), alternatives; 404 entry_not_found, "
		"404 connection_not_found; id self without url when the request names no address: 400",
		"Konfigurationsvorlage für einen Eintrag oder diesen Dienst und einen Client", &A_CONFIGURE },
	{ "GET", "/v2/capability-gaps", "getCapabilityGaps", "Which capabilities an app documents, and its gaps", 9,
		NULL, &Q_GAPS, NULL, h_capability_gaps, V | E | C | T, "app, capabilities, connector_inventory",
		"Welche Fähigkeiten eine App dokumentiert, und ihre Lücken", &A_GAPS },
	{ "POST", "/v2/changes/impact", "changeImpact", "Impact of catalog changes on a workflow snapshot", 10,
		NULL, NULL, &B_IMPACT, h_impact, V | E | L | P | T, IMPACT_DOC,
		"Auswirkung von Katalogänderungen auf eine Ablauf-Momentaufnahme", &A_IMPACT },
	{ "GET", "/v2/replacements", "findReplacements", "Apps that can replace an app for a capability set", 11,
		NULL, &Q_REPLACEMENTS, NULL, h_replacements, V | E | C | T, "source, required, alternatives",
		"Apps, die eine App für eine Menge von Fähigkeiten ersetzen können", &A_REPLACEMENTS },
	{ "POST", "/v2/workflows/snapshot", "snapshotWorkflow", "Workflow snapshot of a planned task", 12,
		NULL, NULL, &B_TASK, h_snapshot, V | E | L | P | T, SNAPSHOT_DOC,
		"Ablauf-Momentaufnahme einer geplanten Aufgabe", &A_SNAPSHOT },
	{ "GET", "/v2/verification-reports", "listVerificationReports", "List verification reports", 0,
		NULL, NULL, NULL, h_reports, V | C, "reports (id, date, title)", NULL, NULL },
	{ "GET", "/v2/verification-reports/{id}", "getVerificationReport", "A dated verification report", 13,
		&P_REPORT, NULL, NULL, h_report, C | T | RS, "the report: environment, assertions, limitations, observed tool "
		"input schemas; an MCP server's report adds tool_changes_since_previous {state compared|first_observation|"
		"no_observation, previous_report, previous_date, status, counts, changes} (as row 4's observation.changes, "
		"against the previous observation of its entry and connection)",
		"Ein datierter Prüfbericht", &A_REPORT },
	{ "GET", "/v1/eintrag/{art}/{slug}", "getEntryV1", "Directory entry (previous major version)", 0,
		&P_V1_ENTRY, NULL, NULL, h_v1_entry, R_HIDDEN | C,
		"the entry: art, schluessel, slug, name, status, homepage, paket_koordinate, indexierbar, anbietertext, "
		"adresse; 404 entry_not_found", NULL, NULL },
	{ "GET", "/v1/eintraege", "listEntriesV1", "Directory listing page (previous major version)", 0,
		NULL, &Q_V1_LIST, NULL, h_v1_list, R_HIDDEN | C | T,
		"art, filter {einsatzgebiet?, status?}, suche, startvorlage, suchebene, gesamt, grenze, versatz, "
		"naechster_versatz, eintraege",
		"Verzeichnis durchsuchen und auflisten (vorige Hauptversion)", &A_V1_LIST },
	{ "GET", "/v2/", "getIndex", "Service index: versions and every endpoint", 14,
		NULL, NULL, NULL, h_index, V | C, "service, api_version, version triple, endpoints", NULL, NULL },
	{ "GET", "/v2/tasks", "listTasks", "The task catalog with capability chains", 14,
		NULL, NULL, NULL, h_tasks, C | RS, "tasks", "Der Aufgabenkatalog mit Fähigkeitsketten", NULL },
	{ "GET", "/v2/apps", "listApps", "Apps with authentication, cost and limits statements", 14,
		NULL, NULL, NULL, h_apps, C | RS, "apps", "Apps mit Angaben zu Anmeldung, Kosten und Grenzen", NULL },
	{ "GET", "/v2/tasks/{task_id}", "getTask", "One task of the catalog with its capability chain", 14,
		&P_TASK, NULL, NULL, h_task, C | RS, "dataset_version, catalog_version, rule_version and the task as "
		"GET /v2/tasks lists it; 404 entry_not_found (a task this catalog lacks)",
		"Eine Aufgabe des Katalogs mit ihrer Fähigkeitskette", NULL },
	{ "GET", "/v2/apps/{app}", "getApp", "One app with its authentication, cost and limits statements", 14,
		&P_APP, NULL, NULL, h_app, C | RS, "dataset_version, catalog_version, rule_version and the app as "
		"GET /v2/apps lists it; 404 entry_not_found (an app this catalog lacks)",
		"Eine App mit Angaben zu Anmeldung, Kosten und Grenzen", NULL },
	{ "GET", "/v2/guides", "listGuides", "Short how-tos in English and German", 14,
		NULL, NULL, NULL, h_guides, C | RS, "guides", "Kurze Anleitungen auf Englisch und Deutsch", NULL },
	{ "GET", "/v2/clients", "listClients", "MCP clients: file formats, fields, locations, steps; the validator's issue codes", 0,
		NULL, NULL, NULL, h_clients, C | RS, "clients (one record per client, see docs/config.md), issue_codes ({code, severity, meaning})",
		"MCP-Clients: Dateiformate, Felder, Orte, Schritte; die Prüfcodes", NULL },
	{ "GET", "/v2/catalog", "getProviderCatalog", "The provider catalog document", 0,
		NULL, NULL, NULL, h_provider_catalog, C, "dataset_version, catalog_version, rule_version, apps", NULL, NULL },
	{ "GET", "/v2/openapi.json", "getOpenApi", "This OpenAPI document", 0,
		NULL, NULL, NULL, h_openapi, CR, "OpenAPI 3.1 document", NULL, NULL },
	{ "GET", "/v2/monitoring/openapi.json", "getMonitoringOpenApi", "Description of the private monitoring interface", 0,
		NULL, NULL, NULL, h_monitoring_openapi, CR, "OpenAPI 3.1 document", NULL, NULL },
	{ "POST", "/mcp", "mcp", "MCP endpoint (Streamable HTTP, JSON-RPC 2.0): the operations above as tools", 0,
		NULL, NULL, NULL, NULL, MCP, "a JSON-RPC response (docs/mcp.md)", NULL, NULL },
	{ "GET", "/mcp", "mcpStream", "MCP endpoint: no event stream (405)", 0,
		NULL, NULL, NULL, NULL, MCP | R_HIDDEN, "405", NULL, NULL },
	{ "DELETE", "/mcp", "mcpSession", "MCP endpoint: no session to end (405)", 0,
		NULL, NULL, NULL, NULL, MCP | R_HIDDEN, "405", NULL, NULL },
	{ "OPTIONS", "/mcp", "mcpPreflight", "MCP endpoint: a browser page's CORS preflight (204)", 0,
		NULL, NULL, NULL, NULL, MCP | R_HIDDEN, "204", NULL, NULL },
	/* The private monitoring interface: a project bearer key on every route (docs/monitoring.md). */
	{ "GET", "/v2/monitoring/status", "getMonitoringStatus", "The project, the versions served, counts and the evaluator", 0,
		NULL, NULL, NULL, h_mon_status, A | V, MON_STATUS_DOC, NULL, NULL },
	{ "POST", "/v2/monitoring/watches", "createWatch", "Watch a workflow snapshot, or directory entries' tools, for catalog changes", 0,
		NULL, NULL, &B_WATCH, h_watch_create, A | R_CREATED, WATCH_DOC "; snapshot or entries; impact; webhook.secret "
		"(this once only)", NULL, NULL },
	{ "GET", "/v2/monitoring/watches", "listWatches", "The project's watches, paged", 0,
		NULL, &Q_WATCHES, NULL, h_watch_list, A, "watches (" WATCH_DOC "), total, offset, next_offset (null on the last page)", NULL, NULL },
	{ "GET", "/v2/monitoring/watches/{id}", "getWatch", "A watch with its impact on the catalog served now", 0,
		&P_WATCH, NULL, NULL, h_watch_get, A, WATCH_DOC "; snapshot (null for a watch on entries); entries ({id, "
		"tools, baseline {state, id, date, observed_tool_input_schemas}}, or null); impact (" IMPACT_DOC "; judged against "
		"granted_scopes: scope changes carry judged {verdict relied_on_removed|still_authorised|not_held|"
		"now_authorised, granted_scope, detail}; a watch on entries has changes {entry, tool, property, change "
		"tool_added|tool_removed|parameter_*|entry_removed, severity, before, after, detail {en, de}} and checked_entries; "
		"every change has a fingerprint and acknowledged)", NULL, NULL },
	{ "DELETE", "/v2/monitoring/watches/{id}", "deleteWatch", "Delete a watch with its alerts", 0,
		&P_WATCH, NULL, NULL, h_watch_delete, A | R_NO_CONTENT, "no content", NULL, NULL },
	{ "GET", "/v2/monitoring/alerts", "listAlerts", "Alerts of the project, oldest first, after a sequence number", 0,
		NULL, &Q_ALERTS, NULL, h_alert_list, A, "alerts (" ALERT_DOC "), next_since (pass as since to read on), has_more", NULL, NULL },
	{ "POST", "/v2/monitoring/alerts/{id}/ack", "acknowledgeAlert", "Acknowledge an alert and the changes it lists", 0,
		&P_ALERT, NULL, NULL, h_alert_ack, A, "the alert (" ALERT_DOC ")", NULL, NULL },
};

const int NROUTES = (int)(sizeof ROUTES / sizeof ROUTES[0]);
