#include "api/openapi.h"
#include "util/jsonutil.h"
#include "api/handlers.h"
#include "api/routes.h"
#include "jsonw/jsonw.h"
#include "catalog/vocab.h"
#include "api/monitoring.h"

#include <stdio.h>
#include <string.h>

static const char *const type_names[] = { NULL, "string", "integer", "number", "boolean", "array", "object", NULL };

/* The licence of the service and of its interface descriptions (LICENSE). */
#define OPENAPI_LICENSE "{\"name\":\"ISC\",\"identifier\":\"ISC\"}"

static struct json_object *str(const char *s) { return json_object_new_string(s); }

struct json_object *openapi_schema(const struct schema *s)
{
	struct json_object *o = json_object_new_object();
	if (s->kind == SK_STRING_OR_OBJECT) {
		struct json_object *one = json_object_new_array(), *a = json_object_new_object(), *b = json_object_new_object();
		jadd(a, "type", str("string"));
		jadd(a, "maxLength", json_object_new_int64(s->max));
		jadd(b, "type", str("object"));
		json_object_array_add(one, a);
		json_object_array_add(one, b);
		jadd(o, "oneOf", one);
	} else if (s->kind != SK_ANY) {
		if (s->flags & SF_NULLABLE) {
			struct json_object *t = json_object_new_array();
			json_object_array_add(t, str(type_names[s->kind]));
			json_object_array_add(t, str("null"));
			jadd(o, "type", t);
		} else {
			jadd(o, "type", str(type_names[s->kind]));
		}
	}
	if (s->doc) jadd(o, "description", str(s->doc));
	if (s->enumv) {
		struct json_object *e = json_object_new_array();
		for (int i = 0; s->enumv[i]; i++) json_object_array_add(e, str(s->enumv[i]));
		jadd(o, "enum", e);
	}
	if (s->constant) jadd(o, "const", str(s->constant));
	if (s->pattern) jadd(o, "pattern", str(s->pattern));
	static const char *const bound_names[][2] = {
		[SK_STRING] = { "minLength", "maxLength" }, [SK_ARRAY] = { "minItems", "maxItems" },
		[SK_INTEGER] = { "minimum", "maximum" }, [SK_NUMBER] = { "minimum", "maximum" } };
	if (s->kind == SK_STRING || s->kind == SK_ARRAY || s->kind == SK_INTEGER || s->kind == SK_NUMBER) {
		if (s->min != SCHEMA_NO_BOUND && s->min > 0)
			json_object_object_add(o, bound_names[s->kind][0], json_object_new_int64(s->min));
		if (s->max != SCHEMA_NO_BOUND)
			json_object_object_add(o, bound_names[s->kind][1], json_object_new_int64(s->max));
	}
	if (s->items) jadd(o, "items", openapi_schema(s->items));
	if (s->kind == SK_OBJECT) {
		struct json_object *props = json_object_new_object(), *req = json_object_new_array();
		for (const struct schema_prop *p = s->props; p && p->name; p++) {
			json_object_object_add(props, p->name, openapi_schema(p->s));
			if (p->required) json_object_array_add(req, str(p->name));
		}
		jadd(o, "properties", props);
		if (json_object_array_length(req)) jadd(o, "required", req);
		else json_object_put(req);
		jadd(o, "additionalProperties", json_object_new_boolean(s->additional));
	}
	if (s->dflt) jadd(o, "default", json_tokener_parse(s->dflt));
	return o;
}

static void add_params(struct json_object *list, const struct schema *shape, const char *in)
{
	for (const struct schema_prop *p = shape ? shape->props : NULL; p && p->name; p++) {
		struct json_object *o = json_object_new_object();
		jadd(o, "name", str(p->name));
		jadd(o, "in", str(in));
		jadd(o, "required", json_object_new_boolean(p->required || strcmp(in, "path") == 0));
		if (p->s->kind == SK_ARRAY) {
			jadd(o, "style", str("form"));
			jadd(o, "explode", json_object_new_boolean(0));
		}
		jadd(o, "schema", openapi_schema(p->s));
		json_object_array_add(list, o);
	}
}

static struct json_object *error_response(const char *desc)
{
	struct json_object *r = json_object_new_object(), *content = json_object_new_object(),
		*media = json_object_new_object(), *ref = json_object_new_object();
	jadd(r, "description", str(desc));
	jadd(ref, "$ref", str("#/components/schemas/Error"));
	jadd(media, "schema", ref);
	jadd(content, "application/json", media);
	jadd(r, "content", content);
	return r;
}

/* The planner rows write every text in English and German: which comes first, or alone, follows the
 * request's Accept-Language (docs/planner.md). */
#define LANGUAGE_PARAM "{\"name\":\"Accept-Language\",\"in\":\"header\",\"required\":false,\"schema\":" \
	"{\"type\":\"string\",\"example\":\"de, en;q=0.5\"},\"description\":\"Languages of the texts in the answer " \
	"(status_text, notes, reasons, titles: objects keyed en and de). Primary tags with q-values: de and en are offered; " \
	"the more wanted comes first, a language at q=0 or not named (without *) is left out. Absent, or nothing " \
	"acceptable: both, en first. The request body is the same either way.\"}"
#define LANGUAGE_HEADERS "{\"Content-Language\":{\"description\":\"The first language of the texts.\"," \
	"\"schema\":{\"type\":\"string\",\"enum\":[\"en\",\"de\"]}},\"Vary\":{\"description\":" \
	"\"Accept-Language: the answer depends on it.\",\"schema\":{\"type\":\"string\"}}}"
/* GET answers fixed by the catalog and the release take If-None-Match ... */
static void cache_param(struct json_object *params)
{
	struct json_object *inm = json_object_new_object(), *schema = json_object_new_object();
	jadd(schema, "type", str("string"));
	jadd(inm, "name", str("If-None-Match"));
	jadd(inm, "in", str("header"));
	jadd(inm, "required", json_object_new_boolean(0));
	jadd(inm, "description", str("ETags of answers the client holds (or *): when one is this answer's, the "
		"answer is 304 without a body"));
	jadd(inm, "schema", schema);
	json_object_array_add(params, inm);
}

/* ... and carry ETag and Cache-Control, or answer 304. */
static void cache_responses(struct json_object *ok, struct json_object *resp, const struct route *rt)
{
	struct json_object *schema = json_object_new_object(), *headers = json_object_new_object(),
		*etag = json_object_new_object(), *cc = json_object_new_object();
	jadd(schema, "type", str("string"));
	jadd(etag, "description", str("Strong tag of this answer, derived from the compiled catalog, the release and "
		"the normalised request (defaults filled in, parameters in declared order)"));
	jadd(etag, "schema", json_object_get(schema));
	jadd(cc, "description", str(rt->flags & R_CACHE_RELEASE ? "public, max-age=86400: fixed by the release" :
		"public, max-age=300: fixed by the catalog, which may be replaced at any time; errors are no-store"));
	jadd(cc, "schema", schema);
	jadd(headers, "ETag", etag);
	jadd(headers, "Cache-Control", cc);
	jadd(ok, "headers", headers);
	struct json_object *nm = json_object_new_object();
	jadd(nm, "description", str("Not Modified: If-None-Match named this answer's ETag; ETag and Cache-Control "
		"as on 200, no body"));
	jadd(resp, "304", nm);
}

/* The errors every monitoring route can answer, by what the route takes. */
static void monitoring_responses(const struct route *rt, struct json_object *resp)
{
	if (rt->body || rt->query || rt->path)
		jadd(resp, "400", error_response(rt->body ? "invalid_json or invalid_request (a shape rule is broken)"
			: "invalid_request (a shape rule is broken)"));
	jadd(resp, "401", error_response("unauthorized: the Authorization header is missing or not Bearer, or the key is "
		"malformed, unknown, expired or revoked; with WWW-Authenticate: Bearer"));
	if (strcmp(rt->method, "GET") != 0)
		jadd(resp, "403", error_response("forbidden: the key is read-only (WWW-Authenticate: Bearer error=\"insufficient_scope\")"));
	if (rt->path)
		jadd(resp, "404", error_response("watch_not_found or alert_not_found: the project has no such resource "
			"(another project's resources answer the same)"));
	if (rt->flags & R_CREATED)
		jadd(resp, "409", error_response("watch_limit_reached: the project holds the most watches allowed"));
	if (rt->body) jadd(resp, "413", error_response("request_too_large: the body exceeds the size limit"));
	jadd(resp, "503", error_response("monitoring_unavailable: the interface is switched off, or its store does not answer"));
}

static struct json_object *operation(const struct route *rt)
{
	struct json_object *op = json_object_new_object(), *params = json_object_new_array(),
		*resp = json_object_new_object(), *ok = json_object_new_object();
	jadd(op, "operationId", str(rt->op_id));
	jadd(op, "summary", str(rt->summary));
	if (!(rt->flags & R_AUTH)) /* public: no credential (the monitoring interface has one) */
		jadd(op, "security", json_object_new_array());
	if (rt->row) jadd(op, "x-spec-row", json_object_new_int(rt->row));
	if (rt->flags & R_TOOL) { /* the same operation as a tool of the MCP endpoint (docs/mcp.md) */
		char name[64];
		route_tool_name(rt, name, sizeof name);
		jadd(op, "x-mcp-tool", str(name));
	}
	if (rt->flags & R_RESOURCE) { /* readable as a resource (or a URI template) of the MCP endpoint */
		char uri[256];
		snprintf(uri, sizeof uri, "autoplan:%s", rt->pattern);
		jadd(op, "x-mcp-resource", str(uri));
	}
	jadd(op, "x-implemented", json_object_new_boolean(rt->fn != h_not_implemented));
	add_params(params, rt->path, "path");
	add_params(params, rt->query, "query");
	if (rt->flags & R_LANGUAGE) json_object_array_add(params, json_tokener_parse(LANGUAGE_PARAM));
	if (rt->flags & (R_CACHE | R_CACHE_RELEASE)) cache_param(params);
	if (json_object_array_length(params)) jadd(op, "parameters", params);
	else json_object_put(params);
	if (rt->body) {
		struct json_object *rb = json_object_new_object(), *content = json_object_new_object(),
			*media = json_object_new_object();
		jadd(media, "schema", openapi_schema(rt->body));
		jadd(content, "application/json", media);
		jadd(rb, "required", json_object_new_boolean(1));
		jadd(rb, "content", content);
		jadd(op, "requestBody", rb);
	}
	jadd(ok, "description", str(rt->response_doc));
	struct json_object *answer = openapi_answer_schema(rt);
	if (answer) {
		struct json_object *content = json_object_new_object(), *media = json_object_new_object();
		jadd(media, "schema", answer);
		jadd(content, "application/json", media);
		jadd(ok, "content", content);
	}
	if (rt->flags & R_LANGUAGE) jadd(ok, "headers", json_tokener_parse(LANGUAGE_HEADERS));
	if (rt->flags & (R_CACHE | R_CACHE_RELEASE)) cache_responses(ok, resp, rt);
	json_object_object_add(resp, rt->flags & R_CREATED ? "201" : rt->flags & R_NO_CONTENT ? "204" : "200", ok);
	if (rt->flags & R_AUTH) {
		monitoring_responses(rt, resp);
	} else if (rt->flags & R_SPEC_ERRORS) {
		jadd(resp, "400", error_response("invalid_json (body is not JSON) or invalid_request "
			"(an enumeration, bound, pattern, required-field or additional-property rule is broken)"));
		jadd(resp, "404", error_response("entry_not_found: the named app or directory entry does not exist"));
		jadd(resp, "413", error_response("request_too_large: the body exceeds the size limit"));
	} else if (rt->path || rt->query) {
		jadd(resp, "400", error_response("invalid_request"));
	}
	if (rt->row == 13)
		jadd(resp, "404", error_response("report_not_found: no report with this id"));
	if (rt->fn == h_task || rt->fn == h_app)
		jadd(resp, "404", error_response("entry_not_found: the catalog served has no such task or app"));
	if (rt->fn == h_not_implemented)
		jadd(resp, "501", error_response("not_implemented: valid input, endpoint not in this release"));
	jadd(resp, "405", error_response("method_not_allowed (with an Allow header)"));
	jadd(op, "responses", resp);
	return op;
}

struct json_object *openapi_answer_schema(const struct route *rt)
{
	if (!rt->answer) return NULL;
	struct json_object *o = openapi_schema(rt->answer);
	if (!(rt->flags & R_VERSIONED)) return o;
	/* the triple the router adds to the answers of versioned routes (reply_version_triple) */
	static const char *const triple[] = { "dataset_version", "catalog_version", "rule_version" };
	struct json_object *props = NULL, *req = NULL;
	json_object_object_get_ex(o, "properties", &props);
	if (!json_object_object_get_ex(o, "required", &req)) {
		req = json_object_new_array();
		jadd(o, "required", req);
	}
	for (size_t i = 0; i < sizeof triple / sizeof *triple; i++) {
		struct json_object *t = json_object_new_object();
		jadd(t, "type", str("string"));
		json_object_object_add(props, triple[i], t);
		json_object_array_add(req, str(triple[i]));
	}
	return o;
}

struct json_object *openapi_error_schema(void)
{
	struct json_object *s = json_tokener_parse(
		"{\"type\":\"object\",\"required\":[\"error\",\"message\",\"status\"],\"properties\":{"
		"\"error\":{\"type\":\"string\",\"enum\":[\"invalid_json\",\"invalid_request\",\"entry_not_found\","
		"\"report_not_found\",\"request_too_large\",\"not_found\",\"method_not_allowed\",\"not_implemented\","
		"\"too_many_requests\",\"bad_gateway\",\"gateway_timeout\",\"internal_error\",\"catalog_incomplete\","
		"\"unauthorized\",\"forbidden\",\"watch_not_found\",\"alert_not_found\",\"watch_limit_reached\","
		"\"monitoring_unavailable\"]},"
		"\"message\":{\"type\":\"string\"},\"status\":{\"type\":\"integer\"},"
		"\"in\":{\"type\":\"string\",\"enum\":[\"body\",\"query\",\"path\",\"header\"]},"
		"\"pointer\":{\"type\":\"string\",\"description\":\"JSON Pointer to the faulty value\"}}}");
	return s;
}

/* Adds rt's operation under path p. */
static void add_path(struct json_object *paths, const char *p, const struct route *rt)
{
	struct json_object *item = NULL;
	if (!json_object_object_get_ex(paths, p, &item)) {
		item = json_object_new_object();
		json_object_object_add(paths, p, item);
	}
	char m[8];
	size_t k;
	for (k = 0; rt->method[k] && k < sizeof m - 1; k++) m[k] = (char)(rt->method[k] | 0x20);
	m[k] = '\0';
	json_object_object_add(item, m, operation(rt));
}

/* What sets one document apart from the other: its text, its server (which its routes' patterns start
 * with), which routes it describes, and its security scheme when it has one. */
struct document_spec {
	const char *title, *description, *server;
	unsigned exclude;        /* routes with any of these flags are left out */
	const char *security;    /* the document's security requirement and scheme (JSON), or NULL */
	const char *schemes;
};

/* Builds one document from the route table: openapi, info, servers, paths, security and components. */
static struct json_object *document(const struct document_spec *d)
{
	struct json_object *doc = json_object_new_object(), *info = json_object_new_object(),
		*servers = json_object_new_array(), *s = json_object_new_object(), *paths = json_object_new_object(),
		*comp = json_object_new_object(), *schemas = json_object_new_object();
	jadd(doc, "openapi", str("3.1.0"));
	jadd(info, "title", str(d->title));
	jadd(info, "version", str(API_VERSION));
	jadd(info, "license", json_tokener_parse(OPENAPI_LICENSE));
	jadd(info, "description", str(d->description));
	jadd(doc, "info", info);
	jadd(s, "url", str(d->server));
	json_object_array_add(servers, s);
	jadd(doc, "servers", servers);
	size_t plen = strlen(d->server);
	for (int i = 0; i < NROUTES; i++) {
		const struct route *rt = &ROUTES[i];
		if (rt->flags & d->exclude || strncmp(rt->pattern, d->server, plen) != 0 || rt->pattern[plen] != '/') continue;
		add_path(paths, rt->pattern + plen, rt);
	}
	jadd(doc, "paths", paths);
	if (d->security) jadd(doc, "security", json_tokener_parse(d->security));
	jadd(schemas, "Error", openapi_error_schema());
	jadd(comp, "schemas", schemas);
	if (d->schemes) jadd(comp, "securitySchemes", json_tokener_parse(d->schemes));
	jadd(doc, "components", comp);
	return doc;
}

struct json_object *openapi_document(void)
{
	static const struct document_spec d = { SERVICE_NAME " automation planning service",
		"Plans automations over documented provider operations and serves a directory of MCP tool servers. "
		"Every planning-type result carries dataset_version, catalog_version and rule_version. Errors are "
		"JSON objects {error, message, status, in?, pointer?}. Unknown query parameters, repeated query "
		"parameters and body fields outside the declared set are invalid_request. Array query parameters "
		"are comma-separated. The responder accepts bodies up to its configured cap (1 MiB by default); "
		"larger bodies get 413 request_too_large. The same operations are offered to AI agents as tools of an MCP "
		"server (Model Context Protocol, Streamable HTTP, stateless, protocol versions 2025-06-18, 2025-11-25 and 2026-07-28) "
		"at POST /mcp on this host, outside /v2: each operation's x-mcp-tool names its tool, whose input schema is "
		"the operation's parameters and body in one object, and whose answer (and output schema) is this operation's; "
		"x-mcp-resource names the resource (or URI template) a document is read as.", "/v2", R_HIDDEN | R_AUTH, NULL, NULL };
	return document(&d);
}

struct json_object *openapi_monitoring_document(void)
{
	static const struct document_spec d = { SERVICE_NAME " private monitoring interface",
		"Watches saved workflow snapshots and alerts when a newly deployed catalog changes their impact. "
		"Every path but this document needs a project bearer key: Authorization: Bearer <API_KEY>. Keys are "
		"issued only by the operator's autoplan-admin tool (key create PROJECT [--expires-in DAYS] [--read-only]); "
		"a key reads apk_<12 id chars>_<40 random chars><6 checksum chars>, is shown once, and only a hash of it "
		"is stored. A missing, malformed, unknown, expired or revoked key answers 401 with WWW-Authenticate: "
		"Bearer; a read-only key that writes answers 403; another project's watch or alert answers 404. "
		"Alerts are recorded by the evaluator (autoplan-monitor) once per watch and deployed catalog, when that "
		"catalog changes the watch's impact; a watch with a webhook gets each alert as a POST signed after the "
		"Standard Webhooks convention (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "
		"id.timestamp.body>), retried with backoff. Errors are JSON objects {error, message, status, in?, pointer?}.",
		MONITORING_PREFIX, 0, "[{\"projectKey\":[]}]",
		"{\"projectKey\":{\"type\":\"http\",\"scheme\":\"bearer\",\"description\":\"A project key from autoplan-admin\"}}" };
	return document(&d);
}

/* The document's members written into the answer: the generator builds a tree, and the writer keeps one
 * output path for every answer. The responder's router sends the text this wrote at build time instead
 * (api/prebuilt.h). */
static void write_document(struct reply *out, struct json_object *doc)
{
	struct jw *w = reply_object(out);
	json_object_object_foreach(doc, k, v) {
		jw_key_str(w, k);
		jw_json(w, v);
	}
	json_object_put(doc);
}

void h_openapi(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)c;
	(void)in;
	write_document(out, openapi_document());
}

void h_monitoring_openapi(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)c;
	(void)in;
	write_document(out, openapi_monitoring_document());
}
