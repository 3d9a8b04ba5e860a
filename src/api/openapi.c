#include "api/openapi.h"
#include "util/jsonutil.h"
#include "api/handlers.h"
#include "api/routes.h"
#include "catalog/vocab.h"

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

static struct json_object *operation(const struct route *rt)
{
	struct json_object *op = json_object_new_object(), *params = json_object_new_array(),
		*resp = json_object_new_object(), *ok = json_object_new_object();
	jadd(op, "operationId", str(rt->op_id));
	jadd(op, "summary", str(rt->summary));
	jadd(op, "security", json_object_new_array()); /* public: no credential (the monitoring interface has one) */
	if (rt->row) jadd(op, "x-spec-row", json_object_new_int(rt->row));
	jadd(op, "x-implemented", json_object_new_boolean(rt->fn != h_not_implemented));
	add_params(params, rt->path, "path");
	add_params(params, rt->query, "query");
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
	jadd(resp, "200", ok);
	if (rt->flags & R_SPEC_ERRORS) {
		jadd(resp, "400", error_response("invalid_json (body is not JSON) or invalid_request "
			"(an enumeration, bound, pattern, required-field or additional-property rule is broken)"));
		jadd(resp, "404", error_response("entry_not_found: the named app or directory entry does not exist"));
		jadd(resp, "413", error_response("request_too_large: the body exceeds the size limit"));
	} else if (rt->path || rt->query) {
		jadd(resp, "400", error_response("invalid_request"));
	}
	if (rt->row == 13)
		jadd(resp, "404", error_response("report_not_found: no report with this id"));
	if (rt->fn == h_not_implemented)
		jadd(resp, "501", error_response("not_implemented: valid input, endpoint not in this release"));
	jadd(resp, "405", error_response("method_not_allowed (with an Allow header)"));
	jadd(op, "responses", resp);
	return op;
}

static struct json_object *error_schema(void)
{
	struct json_object *s = json_tokener_parse(
		"{\"type\":\"object\",\"required\":[\"error\",\"message\",\"status\"],\"properties\":{"
		"\"error\":{\"type\":\"string\",\"enum\":[\"invalid_json\",\"invalid_request\",\"entry_not_found\","
		"\"report_not_found\",\"request_too_large\",\"not_found\",\"method_not_allowed\",\"not_implemented\","
		"\"too_many_requests\",\"bad_gateway\",\"gateway_timeout\",\"internal_error\",\"catalog_incomplete\"]},"
		"\"message\":{\"type\":\"string\"},\"status\":{\"type\":\"integer\"},"
		"\"in\":{\"type\":\"string\",\"enum\":[\"body\",\"query\",\"path\"]},"
		"\"pointer\":{\"type\":\"string\",\"description\":\"JSON Pointer to the faulty value\"}}}");
	return s;
}

struct json_object *openapi_document(void)
{
	struct json_object *doc = json_object_new_object(), *info = json_object_new_object(),
		*paths = json_object_new_object(), *servers = json_tokener_parse("[{\"url\":\"/v2\"}]");
	jadd(doc, "openapi", str("3.1.0"));
	jadd(info, "title", str(SERVICE_NAME " automation planning service"));
	jadd(info, "version", str(API_VERSION));
	jadd(info, "license", json_tokener_parse(OPENAPI_LICENSE));
	jadd(info, "description", str(
		"Plans automations over documented provider operations and serves a directory of MCP tool servers. "
		"Every planning-type result carries dataset_version, catalog_version and rule_version. Errors are "
		"JSON objects {error, message, status, in?, pointer?}. Unknown query parameters, repeated query "
		"parameters and body fields outside the declared set are invalid_request. Array query parameters "
		"are comma-separated. The responder accepts bodies up to its configured cap (1 MiB by default); "
		"larger bodies get 413 request_too_large."));
	jadd(doc, "info", info);
	jadd(doc, "servers", servers);
	for (int i = 0; i < NROUTES; i++) {
		const struct route *rt = &ROUTES[i];
		if (rt->flags & R_HIDDEN || strncmp(rt->pattern, "/v2/", 4) != 0) continue;
		const char *p = rt->pattern + 3;
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
	jadd(doc, "paths", paths);
	struct json_object *comp = json_object_new_object(), *schemas = json_object_new_object();
	jadd(schemas, "Error", error_schema());
	jadd(comp, "schemas", schemas);
	jadd(doc, "components", comp);
	return doc;
}

struct json_object *openapi_monitoring_document(void)
{
	return json_tokener_parse(
		"{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"" SERVICE_NAME " private monitoring interface\","
		"\"version\":\"" API_VERSION "\",\"license\":" OPENAPI_LICENSE ",\"description\":\"Private monitoring for operators, authenticated with a "
		"project bearer key (Authorization: Bearer <API_KEY>). Status in this release: described, not served; "
		"the paths below answer 404 not_found until the monitoring interface ships. Issuance and lifetime of "
		"keys are not defined yet.\"},"
		"\"servers\":[{\"url\":\"/v2/monitoring\"}],"
		"\"components\":{\"securitySchemes\":{\"projectKey\":{\"type\":\"http\",\"scheme\":\"bearer\"}},"
		"\"schemas\":{\"Status\":{\"type\":\"object\",\"required\":[\"status\",\"dataset_version\",\"catalog_version\","
		"\"rule_version\"],\"properties\":{\"status\":{\"type\":\"string\",\"enum\":[\"ok\",\"degraded\"]},"
		"\"dataset_version\":{\"type\":\"string\"},\"catalog_version\":{\"type\":\"string\"},"
		"\"rule_version\":{\"type\":\"string\"},\"workers\":{\"type\":\"integer\"},"
		"\"catalog_loaded_at\":{\"type\":\"string\",\"format\":\"date-time\"}}}}},"
		"\"security\":[{\"projectKey\":[]}],"
		"\"paths\":{\"/status\":{\"get\":{\"operationId\":\"getMonitoringStatus\",\"summary\":\"Responder and catalog status\","
		"\"x-implemented\":false,"
		"\"responses\":{\"200\":{\"description\":\"status\",\"content\":{\"application/json\":{\"schema\":"
		"{\"$ref\":\"#/components/schemas/Status\"}}}},\"401\":{\"description\":\"missing or unknown key\"}}}}}}");
}

void h_openapi(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)c;
	(void)in;
	reply_ok(out, openapi_document());
}

void h_monitoring_openapi(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)c;
	(void)in;
	reply_ok(out, openapi_monitoring_document());
}
