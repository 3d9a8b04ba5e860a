#define _GNU_SOURCE /* asprintf */
/* The MCP endpoint in this process: the transport's rules, the JSON-RPC envelope, the methods, and the
 * tools answering as the HTTP routes they are generated from. */
#include "api/openapi.h"
#include "api/routes.h"
#include "catalog/catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "mcp/mcp.h"

#include <criterion/criterion.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct catalog cat;
static struct router rt;
static struct mcp_config cfg = { "https://agents.example.org, https://app.example.com:8443" };

static void setup(void)
{
	const char *p = getenv("AUTOPLAN_CATALOG");
	char err[512];
	cr_assert(p, "AUTOPLAN_CATALOG is not set");
	cr_assert_eq(catalog_open(&cat, p, err, sizeof err), 0, "%s", err);
	cr_assert_eq(router_init(&rt, &cat, ROUTES, NROUTES), 0);
	router_set_raw(&rt, mcp_serve, &cfg);
}

static void teardown(void)
{
	router_free(&rt);
	catalog_close(&cat);
}

/* The request's headers by CGI name: pairs of name and value, NULL-terminated. */
static const char *fake_getenv(void *ctx, const char *name)
{
	for (const char *const *h = ctx; h && h[0]; h += 2)
		if (strcmp(h[0], name) == 0) return h[1];
	return NULL;
}

struct answer {
	int status;
	char allow[64];
	char *text;              /* as sent; "" for no body */
	struct json_object *json; /* NULL when there is no body */
};

static void answer_free(struct answer *a)
{
	free(a->text);
	json_object_put(a->json);
}

/* method path with body (NULL: none) and headers through the router. */
static struct answer call(const char *method, const char *path, const char *query, const char *body,
	const char *const *headers)
{
	struct io io = { (void *)headers, NULL, NULL, fake_getenv };
	struct request req = { 0 };
	snprintf(req.method, sizeof req.method, "%s", method);
	req.path = strdup(path);
	req.query = strdup(query ? query : "");
	req.io = &io;
	const char *lang = fake_getenv((void *)headers, "HTTP_ACCEPT_LANGUAGE");
	req.accept_language = lang ? strdup(lang) : NULL;
	if (body) {
		req.body = strdup(body);
		req.body_len = strlen(body);
	}
	struct reply out = { 0 };
	router_dispatch(&rt, &req, &out);
	struct answer a = { .status = out.status };
	snprintf(a.allow, sizeof a.allow, "%s", out.allow);
	size_t len = 0;
	const char *t = out.out.len || out.body || out.raw ? reply_text(&out, &len) : "";
	a.text = strndup(t, len);
	a.json = len ? json_tokener_parse(a.text) : NULL;
	reply_free(&out);
	request_free(&req);
	return a;
}

static struct answer mcp(const char *body, const char *const *headers)
{
	return call("POST", "/mcp", NULL, body, headers);
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;
	cr_assert(json_object_object_get_ex(o, key, &v), "no %s in %s", key, json_object_to_json_string(o));
	return v;
}

static const char *str(struct json_object *o, const char *key) { return json_object_get_string(get(o, key)); }

/* Asserts a JSON-RPC error with this HTTP status and code. */
static void expect_rpc_error(const struct answer *a, int status, int code)
{
	cr_assert_eq(a->status, status, "%d: %s", a->status, a->text);
	cr_assert(a->json, "%s", a->text);
	cr_assert_str_eq(str(a->json, "jsonrpc"), "2.0");
	cr_assert(json_object_object_get_ex(a->json, "id", NULL));
	cr_assert_eq(json_object_get_int(get(get(a->json, "error"), "code")), code, "%s", a->text);
	cr_assert_gt(strlen(str(get(a->json, "error"), "message")), 10);
}

#define INIT(v) "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" v "\"," \
	"\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}"

TestSuite(mcp, .init = setup, .fini = teardown);

Test(mcp, initialize_negotiates_the_version)
{
	static const char *const asked[][2] = { { "2025-06-18", "2025-06-18" }, { "2025-11-25", "2025-11-25" },
		{ "2024-11-05", "2025-11-25" }, { "1.0", "2025-11-25" }, { "2026-07-28", "2025-11-25" } };
	for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
		char body[300];
		snprintf(body, sizeof body, INIT("%s"), asked[i][0]);
		struct answer a = mcp(body, NULL);
		cr_assert_eq(a.status, 200, "%s", a.text);
		cr_assert_eq(json_object_get_int(get(a.json, "id")), 1);
		struct json_object *r = get(a.json, "result");
		cr_assert_str_eq(str(r, "protocolVersion"), asked[i][1], "asked %s", asked[i][0]);
		cr_assert(json_object_is_type(get(get(r, "capabilities"), "tools"), json_type_object));
		cr_assert_str_eq(str(get(r, "serverInfo"), "name"), "autoplan");
		cr_assert(strstr(str(r, "instructions"), "plan_workflow"));
		answer_free(&a);
	}
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}", NULL);
	expect_rpc_error(&a, 200, -32602);
	answer_free(&a);
}

Test(mcp, notifications_and_responses_are_accepted_without_a_body)
{
	static const char *const bodies[] = { "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
		"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":3}}",
		"{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}" };
	for (size_t i = 0; i < sizeof bodies / sizeof *bodies; i++) {
		struct answer a = mcp(bodies[i], NULL);
		cr_assert_eq(a.status, 202, "%s: %d %s", bodies[i], a.status, a.text);
		cr_assert_str_eq(a.text, "");
		answer_free(&a);
	}
}

Test(mcp, ping_and_unknown_methods)
{
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}", NULL);
	cr_assert_eq(a.status, 200);
	cr_assert_str_eq(str(a.json, "id"), "p");
	cr_assert_eq(json_object_object_length(get(a.json, "result")), 0);
	answer_free(&a);
	/* integer ids are echoed as sent, the largest and the negative ones too */
	static const char *const ids[] = { "18446744073709551615", "9223372036854775807", "-9223372036854775808", "-5", "0" };
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		char body[128], want[64];
		snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"method\":\"ping\"}", ids[i]);
		snprintf(want, sizeof want, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{}}", ids[i]);
		a = mcp(body, NULL);
		cr_assert_str_eq(a.text, want);
		answer_free(&a);
	}
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"completion/complete\"}", NULL);
	expect_rpc_error(&a, 200, -32601);
	cr_assert_eq(json_object_get_int(get(a.json, "id")), 2);
	answer_free(&a);
}

Test(mcp, the_envelope_is_checked)
{
	static const struct { const char *body; int status, code; } cases[] = {
		{ "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", 400, -32600 },  /* a batch */
		{ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"", 400, -32700 },     /* cut short */
		{ "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}", 400, -32700 }, /* duplicate name */
		{ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} x", 400, -32700 },  /* trailing data */
		{ "\"ping\"", 400, -32600 },
		{ "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", 400, -32600 },
		{ "{\"id\":1,\"method\":\"ping\"}", 400, -32600 },
		{ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}", 400, -32600 },
		{ "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", 400, -32600 },
		{ "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", 400, -32600 },
		{ "{\"jsonrpc\":\"2.0\",\"id\":1}", 400, -32600 },
		{ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":[1]}", 200, -32602 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct answer a = mcp(cases[i].body, NULL);
		cr_assert_eq(a.status, cases[i].status, "%s: %d %s", cases[i].body, a.status, a.text);
		expect_rpc_error(&a, cases[i].status, cases[i].code);
		answer_free(&a);
	}
	struct answer a = call("POST", "/mcp", NULL, NULL, NULL);
	expect_rpc_error(&a, 400, -32700);
	answer_free(&a);
}

Test(mcp, get_and_delete_are_405)
{
	static const char *const methods[] = { "GET", "DELETE" };
	for (int i = 0; i < 2; i++) {
		struct answer a = call(methods[i], "/mcp", NULL, NULL, NULL);
		expect_rpc_error(&a, 405, -32000);
		cr_assert_str_eq(a.allow, "POST");
		answer_free(&a);
	}
	struct answer a = call("PUT", "/mcp", NULL, "{}", NULL);
	cr_assert_eq(a.status, 405);
	answer_free(&a);
}

Test(mcp, protocol_version_header)
{
	const char *bad[] = { "HTTP_MCP_PROTOCOL_VERSION", "2024-11-05", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", bad);
	expect_rpc_error(&a, 400, -32022); /* the unsupported-version error, naming the versions served */
	struct json_object *data = get(get(a.json, "error"), "data"), *sup = get(data, "supported");
	cr_assert_eq(json_object_array_length(sup), 3);
	cr_assert_str_eq(str(data, "requested"), "2024-11-05");
	answer_free(&a);
	static const char *const good[] = { "2025-06-18", "2025-11-25" };
	for (int i = 0; i < 2; i++) {
		const char *h[] = { "HTTP_MCP_PROTOCOL_VERSION", good[i], NULL };
		a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
		cr_assert_eq(a.status, 200, "%s", a.text);
		answer_free(&a);
	}
}

Test(mcp, origin_allow_list)
{
	static const char *const refused[] = { "https://evil.example", "null", "http://localhost.evil.example",
		"http://127.0.0.1.evil.example:80", "https://agents.example.org.evil", "ftp://localhost",
		"https://app.example.com" };
	static const char *const allowed[] = { "http://localhost", "http://127.0.0.1:8080", "https://[::1]:3000",
		"HTTPS://AGENTS.example.org", "https://app.example.com:8443" };
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		const char *h[] = { "HTTP_ORIGIN", refused[i], NULL };
		struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
		expect_rpc_error(&a, 403, -32000);
		answer_free(&a);
		/* before anything else: GET from there is 403 too */
		a = call("GET", "/mcp", NULL, NULL, h);
		cr_assert_eq(a.status, 403, "%s", refused[i]);
		answer_free(&a);
	}
	for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) {
		const char *h[] = { "HTTP_ORIGIN", allowed[i], NULL };
		struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
		cr_assert_eq(a.status, 200, "%s: %s", allowed[i], a.text);
		answer_free(&a);
	}
	cr_assert_not(mcp_origin_allowed("https://agents.example.org", NULL));
	cr_assert_not(mcp_origin_allowed("https://agents.example.org", ""));
}

Test(mcp, accept_and_content_type)
{
	static const char *const ok[] = { "application/json, text/event-stream", "*/*", "application/*",
		"text/event-stream, application/json;q=0.5" };
	static const char *const refused[] = { "text/event-stream", "text/html", "application/json;q=0",
		"application/jsonx" };
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		const char *h[] = { "HTTP_ACCEPT", ok[i], "CONTENT_TYPE", "application/json; charset=utf-8", NULL };
		struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
		cr_assert_eq(a.status, 200, "%s: %s", ok[i], a.text);
		answer_free(&a);
	}
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
		const char *h[] = { "HTTP_ACCEPT", refused[i], NULL };
		struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
		expect_rpc_error(&a, 406, -32000);
		answer_free(&a);
	}
	const char *h[] = { "CONTENT_TYPE", "text/plain", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h);
	expect_rpc_error(&a, 415, -32000);
	answer_free(&a);
}

/* The tools are the routes flagged R_TOOL, each described from the route's shapes. */
Test(mcp, tools_list_comes_from_the_route_table)
{
	static const char *const names[] = { "find_capabilities", "plan_workflow", "get_connections",
		"get_verifications", "check_compatibility", "explain_permissions", "validate_config", "configure",
		"get_capability_gaps", "change_impact", "find_replacements", "snapshot_workflow",
		"get_verification_report", "list_entries_v1" };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}", NULL);
	cr_assert_eq(a.status, 200, "%s", a.text);
	struct json_object *tools = get(get(a.json, "result"), "tools");
	size_t n = sizeof names / sizeof *names;
	cr_assert_eq(json_object_array_length(tools), n);
	for (size_t i = 0; i < n; i++) {
		struct json_object *t = json_object_array_get_idx(tools, i);
		cr_assert_str_eq(str(t, "name"), names[i]);
		const struct route *r = mcp_tool_find(&rt, names[i]);
		cr_assert(r && (r->flags & R_TOOL));
		cr_assert_str_eq(str(t, "title"), r->summary);
		cr_assert(strstr(str(t, "description"), r->pattern));
		struct json_object *s = get(t, "inputSchema"), *ann = get(t, "annotations");
		cr_assert_str_eq(str(s, "type"), "object");
		cr_assert_not(json_object_get_boolean(get(s, "additionalProperties")));
		int declared = 0;
		const struct schema *parts[] = { r->path, r->query, r->body };
		for (int k = 0; k < 3; k++)
			for (const struct schema_prop *p = parts[k] ? parts[k]->props : NULL; p && p->name; p++, declared++)
				cr_assert(json_object_object_get_ex(get(s, "properties"), p->name, NULL), "%s: %s", names[i], p->name);
		cr_assert_eq(json_object_object_length(get(s, "properties")), declared, "%s", names[i]);
		cr_assert(json_object_get_boolean(get(ann, "readOnlyHint")));
		cr_assert(json_object_get_boolean(get(ann, "idempotentHint")));
		cr_assert_not(json_object_get_boolean(get(ann, "openWorldHint")));
		cr_assert_not(json_object_get_boolean(get(ann, "destructiveHint")));
	}
	/* path parameters are required, query parameters become plain properties */
	struct json_object *conn = json_object_array_get_idx(tools, 2), *req = get(get(conn, "inputSchema"), "required");
	cr_assert_eq(json_object_array_length(req), 2);
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(req, 0)), "type");
	cr_assert_str_eq(str(get(get(get(conn, "inputSchema"), "properties"), "locale"), "default"), "en");
	answer_free(&a);
}

/* tools/call of name with args; returns the answer (caller frees) and checks the envelope. */
static struct answer tool(const char *name, const char *args, const char *const *headers)
{
	char *body = NULL;
	cr_assert(asprintf(&body, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"%s\","
		"\"arguments\":%s}}", name, args) > 0);
	struct answer a = mcp(body, headers);
	free(body);
	cr_assert_eq(a.status, 200, "%s", a.text);
	return a;
}

/* The tool's structured answer equals the HTTP route's, and its text block holds the same JSON. */
static void expect_same(const struct answer *t, const struct answer *h, bool error)
{
	struct json_object *r = get(t->json, "result"), *sc = get(r, "structuredContent");
	cr_assert_eq(json_object_get_boolean(get(r, "isError")), error, "%s", t->text);
	cr_assert(json_object_equal(sc, h->json), "tool: %s\nhttp: %s", json_object_to_json_string(sc), h->text);
	struct json_object *block = json_object_array_get_idx(get(r, "content"), 0);
	cr_assert_str_eq(str(block, "type"), "text");
	cr_assert_str_eq(str(block, "text"), h->text);
}

Test(mcp, tools_call_runs_the_http_route)
{
	static const char *const de[] = { "HTTP_ACCEPT_LANGUAGE", "de", NULL };
	const char *plan = "{\"query\":\"save Gmail attachments to Google Drive\",\"evidence\":true}";
	struct answer t = tool("plan_workflow", plan, de), h = call("POST", "/v2/workflows/plan", NULL, plan, de);
	cr_assert_eq(h.status, 200);
	expect_same(&t, &h, false);
	answer_free(&t);
	answer_free(&h);

	t = tool("find_capabilities", "{\"apps\":[\"mailA\",\"driveA\"],\"limit\":2}", NULL);
	h = call("GET", "/v2/capabilities", "apps=mailA,driveA&limit=2", NULL, NULL);
	cr_assert_eq(h.status, 200, "%s", h.text);
	expect_same(&t, &h, false);
	answer_free(&t);
	answer_free(&h);

	t = tool("get_connections", "{\"type\":\"mcp\",\"slug\":\"io-github-github-github-mcp-server\",\"locale\":\"de\"}", NULL);
	h = call("GET", "/v2/connections/mcp/io-github-github-github-mcp-server", "locale=de", NULL, NULL);
	cr_assert_eq(h.status, 200, "%s", h.text);
	expect_same(&t, &h, false);
	answer_free(&t);
	answer_free(&h);
}

/* The answer of a valid call of the tool holds the shape its outputSchema declares (the route's answer shape,
 * checked by the validator the requests are checked with, and the version triple where the route carries it). */
static void expect_declared_shape(const char *name, const char *args)
{
	const struct route *r = mcp_tool_find(&rt, name);
	cr_assert(r && r->answer, "%s declares no answer shape", name);
	struct answer t = tool(name, args, NULL);
	struct json_object *res = get(t.json, "result"), *sc = get(res, "structuredContent");
	cr_assert_not(json_object_get_boolean(get(res, "isError")), "%s: %s", name, t.text);
	struct schema_error err;
	struct json_object *ok = schema_validate(r->answer, sc, NULL, "answer", &err);
	cr_assert(ok, "%s: %s %s", name, err.pointer, err.message);
	json_object_put(ok);
	if (r->flags & R_VERSIONED)
		cr_assert(json_object_is_type(get(sc, "rule_version"), json_type_string), "%s", name);
	answer_free(&t);
}

Test(mcp, tools_declare_their_answers)
{
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", NULL);
	struct json_object *tools = get(get(a.json, "result"), "tools");
	for (size_t i = 0; i < json_object_array_length(tools); i++) {
		struct json_object *t = json_object_array_get_idx(tools, i), *o = get(t, "outputSchema");
		cr_assert_str_eq(str(o, "type"), "object");
		/* the answer's shape as the OpenAPI document gives it, or the error object of an isError result */
		struct json_object *any = get(o, "anyOf"), *want = openapi_answer_schema(mcp_tool_find(&rt, str(t, "name")));
		cr_assert_eq(json_object_array_length(any), 2);
		cr_assert(json_object_equal(json_object_array_get_idx(any, 0), want), "%s", str(t, "name"));
		json_object_put(want);
		cr_assert(strstr(json_object_to_json_string(json_object_array_get_idx(any, 1)), "\"pointer\""));
	}
	answer_free(&a);
	const char *entry = "\"mcp/io-github-github-github-mcp-server\"", *plan = "{\"query\":\"save Gmail attachments to Google Drive\"}";
	expect_declared_shape("find_capabilities", "{\"query\":\"send email\",\"limit\":3}");
	expect_declared_shape("plan_workflow", plan);
	expect_declared_shape("plan_workflow", "{\"query\":\"zzzz qqqq\"}");
	expect_declared_shape("get_connections", "{\"type\":\"mcp\",\"slug\":\"io-github-github-github-mcp-server\"}");
	expect_declared_shape("get_verifications", "{\"type\":\"mcp\",\"slug\":\"io-github-github-github-mcp-server\"}");
	char args[200];
	snprintf(args, sizeof args, "{\"id\":%s,\"client\":\"claude-desktop\"}", entry);
	expect_declared_shape("check_compatibility", args);
	expect_declared_shape("configure", args);
	snprintf(args, sizeof args, "{\"id\":%s,\"client\":\"no-such-client\"}", entry);
	expect_declared_shape("check_compatibility", args);
	expect_declared_shape("configure", args);
	expect_declared_shape("explain_permissions", plan);
	expect_declared_shape("validate_config", "{\"client\":\"claude-desktop\",\"config\":\"{\\\"mcpServers\\\":{}}\"}");
	expect_declared_shape("validate_config", "{\"client\":\"claude-desktop\",\"config\":\"{{{\"}");
	expect_declared_shape("get_capability_gaps", "{\"app\":\"mailA\"}");
	expect_declared_shape("find_replacements", "{\"app\":\"driveA\",\"read_only\":true}");
	expect_declared_shape("snapshot_workflow", plan);
	expect_declared_shape("list_entries_v1", "{\"suche\":\"github\",\"grenze\":5}");
	/* a snapshot's impact, and a report the catalog holds */
	struct answer s = call("POST", "/v2/workflows/snapshot", NULL, plan, NULL);
	struct json_object *body = json_object_new_object();
	json_object_object_add(body, "snapshot", json_object_get(get(s.json, "snapshot")));
	expect_declared_shape("change_impact", json_object_to_json_string(body));
	json_object_put(body);
	answer_free(&s);
	struct answer reports = call("GET", "/v2/verification-reports", NULL, NULL, NULL);
	snprintf(args, sizeof args, "{\"id\":\"%s\"}", str(json_object_array_get_idx(get(reports.json, "reports"), 0), "id"));
	expect_declared_shape("get_verification_report", args);
	answer_free(&reports);
}

Test(mcp, tools_call_errors_are_tool_results)
{
	/* a broken rule: the HTTP route's error object, as a tool result with isError */
	const char *bad = "{\"query\":5}";
	struct answer t = tool("plan_workflow", bad, NULL), h = call("POST", "/v2/workflows/plan", NULL, bad, NULL);
	cr_assert_eq(h.status, 400);
	expect_same(&t, &h, true);
	answer_free(&t);
	answer_free(&h);
	/* a handler's error */
	t = tool("get_connections", "{\"type\":\"mcp\",\"slug\":\"no-such-entry\"}", NULL);
	h = call("GET", "/v2/connections/mcp/no-such-entry", NULL, NULL, NULL);
	cr_assert_eq(h.status, 404);
	expect_same(&t, &h, true);
	answer_free(&t);
	answer_free(&h);
	/* an argument no part declares: refused as the HTTP route refuses an unknown query parameter or body member */
	t = tool("get_capability_gaps", "{\"app\":\"mailA\",\"colour\":\"red\"}", NULL);
	h = call("GET", "/v2/capability-gaps", "app=mailA&colour=red", NULL, NULL);
	expect_same(&t, &h, true);
	cr_assert_str_eq(str(h.json, "pointer"), "/colour");
	answer_free(&t);
	answer_free(&h);
	t = tool("plan_workflow", "{\"query\":\"x\",\"colour\":\"red\"}", NULL);
	h = call("POST", "/v2/workflows/plan", NULL, "{\"query\":\"x\",\"colour\":\"red\"}", NULL);
	cr_assert_eq(h.status, 400);
	expect_same(&t, &h, true);
	answer_free(&t);
	answer_free(&h);
	/* a missing required one */
	t = tool("get_connections", "{\"type\":\"mcp\"}", NULL);
	cr_assert_str_eq(str(get(get(t.json, "result"), "structuredContent"), "error"), "invalid_request");
	answer_free(&t);
	/* an unknown tool and malformed params are JSON-RPC errors */
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"rm_rf\"}}", NULL);
	expect_rpc_error(&a, 200, -32602);
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\","
		"\"arguments\":[]}}", NULL);
	expect_rpc_error(&a, 200, -32602);
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{}}", NULL);
	expect_rpc_error(&a, 200, -32602);
	answer_free(&a);
}

Test(mcp, body_over_the_cap_is_413)
{
	struct io io = { NULL, NULL, NULL, fake_getenv };
	struct request req = { 0 };
	snprintf(req.method, sizeof req.method, "POST");
	req.path = strdup("/mcp");
	req.query = strdup("");
	req.io = &io;
	req.body_state = BODY_TOO_LARGE;
	struct reply out = { 0 };
	router_dispatch(&rt, &req, &out);
	cr_assert_eq(out.status, 413);
	reply_free(&out);
	request_free(&req);
}

/* The served OpenAPI document names the endpoint and, per operation, the tool that runs it. */
Test(mcp, openapi_names_the_tools)
{
	struct answer a = call("GET", "/v2/openapi.json", NULL, NULL, NULL);
	cr_assert_eq(a.status, 200);
	cr_assert(strstr(str(get(a.json, "info"), "description"), "POST /mcp"));
	int tools = 0;
	json_object_object_foreach(get(a.json, "paths"), path, item) {
		json_object_object_foreach(item, method, op) {
			struct json_object *t = NULL;
			if (!json_object_object_get_ex(op, "x-mcp-tool", &t)) continue;
			tools++;
			cr_assert(mcp_tool_find(&rt, json_object_get_string(t)), "%s %s", method, path);
		}
	}
	cr_assert_eq(tools, 13, "every tool but the /v1 listing is a /v2 operation");
	cr_assert_str_eq(str(get(get(get(a.json, "paths"), "/workflows/plan"), "post"), "x-mcp-tool"), "plan_workflow");
	answer_free(&a);
}

/* 2026-07-28: no handshake; the version in every request's _meta, headers mirroring the body. */
#define META "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"," \
	"\"io.modelcontextprotocol/clientCapabilities\":{}}"

Test(mcp, modern_discover_and_results)
{
	const char *h[] = { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "server/discover", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{" META "}}", h);
	cr_assert_eq(a.status, 200, "%s", a.text);
	struct json_object *r = get(a.json, "result");
	cr_assert_str_eq(str(r, "resultType"), "complete");
	cr_assert_eq(json_object_array_length(get(r, "supportedVersions")), 3);
	cr_assert_str_eq(str(get(r, "serverInfo"), "name"), "autoplan");
	get(get(r, "capabilities"), "tools");
	cr_assert_eq(json_object_get_int64(get(r, "ttlMs")), 86400000, "fixed by the release: a day");
	cr_assert_str_eq(str(r, "cacheScope"), "private");
	answer_free(&a);
	/* a tool call of that generation: the same answer as the handshake's, with resultType */
	const char *hc[] = { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "tools/call", "HTTP_MCP_NAME",
		"get_capability_gaps", NULL };
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"get_capability_gaps\","
		"\"arguments\":{\"app\":\"mailA\"}," META "}}", hc);
	cr_assert_eq(a.status, 200, "%s", a.text);
	struct answer h2 = call("GET", "/v2/capability-gaps", "app=mailA", NULL, NULL);
	expect_same(&a, &h2, false);
	cr_assert_str_eq(str(get(a.json, "result"), "resultType"), "complete");
	cr_assert_not(json_object_object_get_ex(get(a.json, "result"), "ttlMs", NULL), "a tool's result is not cacheable");
	answer_free(&a);
	answer_free(&h2);
	/* the tool list of that generation carries the cache hints */
	const char *hl[] = { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "tools/list", NULL };
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":{" META "}}", hl);
	cr_assert_eq(json_object_get_int64(get(get(a.json, "result"), "ttlMs")), 86400000, "%s", a.text);
	cr_assert_str_eq(str(get(a.json, "result"), "cacheScope"), "private");
	answer_free(&a);
	/* the handshake's requests carry no resultType and no cache hints */
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}", NULL);
	cr_assert_not(json_object_object_get_ex(get(a.json, "result"), "resultType", NULL));
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}", NULL);
	cr_assert_not(json_object_object_get_ex(get(a.json, "result"), "ttlMs", NULL));
	cr_assert_not(json_object_object_get_ex(get(a.json, "result"), "cacheScope", NULL));
	answer_free(&a);
}

Test(mcp, modern_headers_must_mirror_the_body)
{
	static const struct { const char *h[8]; const char *body; int code; } cases[] = {
		/* Mcp-Method missing, or another method */
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}", -32020 },
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "ping", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}", -32020 },
		/* the _meta alone makes a request modern */
		{ { NULL }, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}", -32020 },
		/* Mcp-Name missing, or another tool */
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "tools/call", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\"," META "}}", -32020 },
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "tools/call", "HTTP_MCP_NAME", "configure", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\"," META "}}", -32020 },
		/* the header and the _meta disagree */
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2025-11-25", "HTTP_MCP_METHOD", "tools/list", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}", -32020 },
		/* Mcp-Name mirrors a resource's URI and a prompt's name */
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "resources/read", "HTTP_MCP_NAME", "autoplan:/v2/apps", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"autoplan:/v2/tasks\"," META "}}", -32020 },
		{ { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "prompts/get", NULL },
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"plan_request\"," META "}}", -32020 },
		/* a version not served, named in _meta */
		{ { "HTTP_MCP_METHOD", "tools/list", NULL }, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":"
			"{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\"}}}", -32022 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct answer a = mcp(cases[i].body, cases[i].h[0] ? cases[i].h : NULL);
		expect_rpc_error(&a, 400, cases[i].code);
		cr_assert_eq(json_object_get_int(get(a.json, "id")), 1, "case %zu", i);
		if (cases[i].code == -32022)
			cr_assert_str_eq(str(get(get(a.json, "error"), "data"), "requested"), "2099-01-01");
		answer_free(&a);
	}
	/* with the headers right, the same requests are served */
	const char *ok[] = { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "tools/list", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}", ok);
	cr_assert_eq(a.status, 200, "%s", a.text);
	cr_assert_eq(json_object_array_length(get(get(a.json, "result"), "tools")), 14);
	answer_free(&a);
	/* a resource read of that generation: its contents fixed by the catalog, cacheable five minutes */
	const char *rd[] = { "HTTP_MCP_PROTOCOL_VERSION", "2026-07-28", "HTTP_MCP_METHOD", "resources/read", "HTTP_MCP_NAME",
		"autoplan:/v2/tasks", NULL };
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"autoplan:/v2/tasks\"," META "}}", rd);
	cr_assert_eq(a.status, 200, "%s", a.text);
	cr_assert_eq(json_object_get_int64(get(get(a.json, "result"), "ttlMs")), 300000);
	cr_assert_str_eq(str(get(a.json, "result"), "resultType"), "complete");
	answer_free(&a);
}

/* Titles, descriptions and instructions follow Accept-Language: German when it is preferred. */
Test(mcp, german_texts_by_accept_language)
{
	for (int i = 0; i < NROUTES; i++)
		if (ROUTES[i].flags & R_TOOL) cr_assert(ROUTES[i].summary_de, "%s has no German title", ROUTES[i].op_id);
	const char *de[] = { "HTTP_ACCEPT_LANGUAGE", "de-DE, en;q=0.5", NULL };
	const char *en[] = { "HTTP_ACCEPT_LANGUAGE", "en, de;q=0.9", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", de);
	struct json_object *plan = json_object_array_get_idx(get(get(a.json, "result"), "tools"), 1);
	cr_assert_str_eq(str(plan, "name"), "plan_workflow");
	cr_assert_str_eq(str(plan, "title"), "Einen Ablauf planen");
	cr_assert_str_eq(str(get(plan, "annotations"), "title"), "Einen Ablauf planen");
	cr_assert(strstr(str(plan, "description"), "Die Antwort enthält"));
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", en);
	plan = json_object_array_get_idx(get(get(a.json, "result"), "tools"), 1);
	cr_assert_str_eq(str(plan, "title"), "Plan a workflow");
	answer_free(&a);
	a = mcp(INIT("2025-11-25"), de);
	cr_assert(strstr(str(get(a.json, "result"), "instructions"), "Plant Automationen"));
	answer_free(&a);
	a = mcp(INIT("2025-11-25"), NULL);
	cr_assert(strstr(str(get(a.json, "result"), "instructions"), "Plans automations"));
	answer_free(&a);
}

/* The language a request's _meta states (io.modelcontextprotocol/acceptLanguage) comes before the header. */
Test(mcp, language_from_meta)
{
	const char *en[] = { "HTTP_ACCEPT_LANGUAGE", "en", NULL };
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
		"{\"io.modelcontextprotocol/acceptLanguage\":\"de-AT, en;q=0.3\"}}}", en);
	struct json_object *plan = json_object_array_get_idx(get(get(a.json, "result"), "tools"), 1);
	cr_assert_str_eq(str(plan, "title"), "Einen Ablauf planen", "%s", a.text);
	answer_free(&a);
	const char *de[] = { "HTTP_ACCEPT_LANGUAGE", "de", NULL };
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
		"{\"io.modelcontextprotocol/acceptLanguage\":\"en\"}}}", de);
	plan = json_object_array_get_idx(get(get(a.json, "result"), "tools"), 1);
	cr_assert_str_eq(str(plan, "title"), "Plan a workflow");
	answer_free(&a);
	/* not a string: the header decides */
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
		"{\"io.modelcontextprotocol/acceptLanguage\":5}}}", de);
	plan = json_object_array_get_idx(get(get(a.json, "result"), "tools"), 1);
	cr_assert_str_eq(str(plan, "title"), "Einen Ablauf planen");
	answer_free(&a);
	/* a tool's answer orders its texts by it, as the HTTP route does by the header */
	const char *q = "{\"query\":\"save Gmail attachments to Google Drive\"}";
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"plan_workflow\","
		"\"arguments\":{\"query\":\"save Gmail attachments to Google Drive\"},"
		"\"_meta\":{\"io.modelcontextprotocol/acceptLanguage\":\"de\"}}}", en);
	struct answer h = call("POST", "/v2/workflows/plan", NULL, q, de), h_en = call("POST", "/v2/workflows/plan", NULL, q, en);
	cr_assert_str_neq(h.text, h_en.text, "the texts' order differs by language");
	expect_same(&a, &h, false);
	answer_free(&a);
	answer_free(&h);
	answer_free(&h_en);
}

/* Resources: the routes flagged R_RESOURCE, read through the router as their HTTP routes answer. */
Test(mcp, resources_come_from_the_route_table)
{
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
		"\"2025-11-25\"}}", NULL);
	get(get(get(a.json, "result"), "capabilities"), "resources");
	get(get(get(a.json, "result"), "capabilities"), "prompts");
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}", NULL);
	struct json_object *list = get(get(a.json, "result"), "resources");
	int listed = 0, templated = 0;
	for (int i = 0; i < NROUTES; i++)
		if (ROUTES[i].flags & R_RESOURCE) {
			if (strchr(ROUTES[i].pattern, '{')) templated++;
			else listed++;
			cr_assert(ROUTES[i].summary_de, "%s has no German title", ROUTES[i].op_id);
		}
	cr_assert_eq(json_object_array_length(list), (size_t)listed);
	cr_assert_geq(listed, 4, "tasks, apps, guides and clients");
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *res = json_object_array_get_idx(list, i);
		const char *uri = str(res, "uri");
		cr_assert(strncmp(uri, "autoplan:/v2/", 13) == 0, "%s", uri);
		cr_assert_str_eq(str(res, "mimeType"), "application/json");
		/* reading it gives the HTTP route's answer */
		char body[300];
		snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\"%s\"}}", uri);
		struct answer rd = mcp(body, NULL), h = call("GET", uri + 9, NULL, NULL, NULL);
		cr_assert_eq(rd.status, 200, "%s", rd.text);
		cr_assert_eq(h.status, 200);
		struct json_object *c = json_object_array_get_idx(get(get(rd.json, "result"), "contents"), 0);
		cr_assert_str_eq(str(c, "uri"), uri);
		cr_assert_str_eq(str(c, "text"), h.text, "%s", uri);
		answer_free(&rd);
		answer_free(&h);
	}
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/templates/list\"}", NULL);
	list = get(get(a.json, "result"), "resourceTemplates");
	cr_assert_eq(json_object_array_length(list), (size_t)templated);
	cr_assert_str_eq(str(json_object_array_get_idx(list, 0), "uriTemplate"), "autoplan:/v2/connections/{type}/{slug}");
	answer_free(&a);
	/* a template filled in: the entry's connections; an entry that does not exist: the HTTP error as data */
	const char *uri = "autoplan:/v2/connections/mcp/io-github-github-github-mcp-server";
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":"
		"\"autoplan:/v2/connections/mcp/io-github-github-github-mcp-server\"}}", NULL);
	struct answer h = call("GET", uri + 9, NULL, NULL, NULL);
	cr_assert_str_eq(str(json_object_array_get_idx(get(get(a.json, "result"), "contents"), 0), "text"), h.text);
	answer_free(&a);
	answer_free(&h);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":"
		"\"autoplan:/v2/connections/mcp/no-such-entry\"}}", NULL);
	expect_rpc_error(&a, 200, -32002);
	cr_assert_str_eq(str(get(get(a.json, "error"), "data"), "error"), "entry_not_found");
	answer_free(&a);
	/* URIs no resource has, and a route not offered as one */
	static const char *const bad[] = { "autoplan:/v2/nothing", "https://example.org/v2/tasks", "autoplan:/v2/openapi.json",
		"autoplan:/v2/connections/mcp" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\",\"params\":{\"uri\":\"%s\"}}", bad[i]);
		a = mcp(body, NULL);
		expect_rpc_error(&a, 200, -32002);
		answer_free(&a);
	}
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/read\",\"params\":{}}", NULL);
	expect_rpc_error(&a, 200, -32602);
	answer_free(&a);
}

/* Prompts: the plan prompt quotes the request and names the tool; its argument is required. */
Test(mcp, prompts)
{
	struct answer a = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/list\"}", NULL);
	struct json_object *p = json_object_array_get_idx(get(get(a.json, "result"), "prompts"), 0);
	cr_assert_str_eq(str(p, "name"), "plan_request");
	struct json_object *arg = json_object_array_get_idx(get(p, "arguments"), 0);
	cr_assert_str_eq(str(arg, "name"), "request");
	cr_assert(json_object_get_boolean(get(arg, "required")));
	answer_free(&a);
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\",\"params\":{\"name\":\"plan_request\","
		"\"arguments\":{\"request\":\"save Gmail attachments to Google Drive\"}}}", NULL);
	struct json_object *m = json_object_array_get_idx(get(get(a.json, "result"), "messages"), 0);
	cr_assert_str_eq(str(m, "role"), "user");
	const char *text = str(get(m, "content"), "text");
	cr_assert(strstr(text, "plan_workflow") && strstr(text, "save Gmail attachments to Google Drive"), "%s", text);
	answer_free(&a);
	const char *de[] = { "HTTP_ACCEPT_LANGUAGE", "de", NULL };
	a = mcp("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/get\",\"params\":{\"name\":\"plan_request\","
		"\"arguments\":{\"request\":\"Anhänge %s sichern\"}}}", de);
	text = str(get(json_object_array_get_idx(get(get(a.json, "result"), "messages"), 0), "content"), "text");
	cr_assert(strstr(text, "Rufe das Werkzeug plan_workflow") && strstr(text, "Anhänge %s sichern"), "%s", text);
	answer_free(&a);
	static const char *const bad[] = {
		"{\"name\":\"plan_request\"}", "{\"name\":\"plan_request\",\"arguments\":{\"request\":\"\"}}",
		"{\"name\":\"plan_request\",\"arguments\":{\"request\":5}}", "{\"name\":\"no_such\",\"arguments\":{}}", "{}" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/get\",\"params\":%s}", bad[i]);
		a = mcp(body, NULL);
		expect_rpc_error(&a, 200, -32602);
		answer_free(&a);
	}
}

/* A requested version full of characters to escape is quoted cut short, and the answer stays one JSON value. */
Test(mcp, unsupported_version_quoted_safely)
{
	char body[1200], esc[800] = "";
	for (int i = 0; i < 120; i++) strcat(esc, i % 3 ? "\\u0001" : "\\\"");
	snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"_meta\":"
		"{\"io.modelcontextprotocol/protocolVersion\":\"%s\"}}}", esc);
	const char *h[] = { "HTTP_MCP_METHOD", "ping", NULL };
	struct answer a = mcp(body, h);
	expect_rpc_error(&a, 400, -32022);
	cr_assert_eq(strlen(str(get(get(a.json, "error"), "data"), "requested")), 40);
	answer_free(&a);
}
