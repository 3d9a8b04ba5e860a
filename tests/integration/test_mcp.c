/* The MCP endpoint through the front server (nginx, Apache with mod_fcgid, Apache running CGI): the transport's
 * status and header rules, and tools answering as the HTTP routes. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ACCEPT "Accept: application/json, text/event-stream"

static struct http_resp mcp_with(const char *body, const char *h1, const char *h2)
{
	const char *const headers[] = { ACCEPT, h1, h2, NULL };
	return http_req_headers("POST", "/mcp", body, 0, headers);
}

static struct http_resp mcp(const char *body) { return mcp_with(body, NULL, NULL); }

/* The origin this test reaches the service at ("http://127.0.0.1:port"), a loopback origin: always allowed. */
static void own_origin(char *out, size_t cap)
{
	const char *base = getenv("AUTOPLAN_BASE_URL");
	snprintf(out, cap, "%.*s", (int)strcspn(base + 7, "/") + 7, base);
}

static int rpc_code(const struct http_resp *r)
{
	cr_assert(r->json, "%ld: %s", r->status, r->body);
	cr_assert_str_eq(jstr(r->json, "jsonrpc"), "2.0");
	return json_object_get_int(jreq(jreq(r->json, "error"), "code"));
}

Test(mcp, initialize_is_stateless_json)
{
	struct http_resp r = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
		"\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	char v[128];
	cr_assert(http_header(&r, "Content-Type", v, sizeof v) == 0 && strncmp(v, "application/json", 16) == 0, "%s", v);
	cr_assert_neq(http_header(&r, "Mcp-Session-Id", v, sizeof v), 0, "no session is issued");
	struct json_object *res = jreq(r.json, "result");
	cr_assert_str_eq(jstr(res, "protocolVersion"), "2025-06-18");
	cr_assert_str_eq(jstr(jreq(res, "serverInfo"), "name"), "autoplan");
	jreq(jreq(res, "capabilities"), "tools");
	cr_assert_gt(strlen(jstr(res, "instructions")), 50);
	http_free(&r);
	r = mcp("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2099-01-01\"}}");
	cr_assert_str_eq(jstr(jreq(r.json, "result"), "protocolVersion"), "2025-11-25");
	http_free(&r);
}

Test(mcp, notification_is_202_without_body)
{
	struct http_resp r = mcp_with("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
		"MCP-Protocol-Version: 2025-11-25", NULL);
	cr_assert_eq(r.status, 202, "%s", r.body);
	cr_assert_eq(r.len, 0, "%s", r.body);
	http_free(&r);
}

Test(mcp, tools_list_and_the_planner_as_a_tool)
{
	struct http_resp r = mcp_with("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
		"MCP-Protocol-Version: 2025-06-18", NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_eq(json_object_array_length(jreq(jreq(r.json, "result"), "tools")), 14);
	http_free(&r);
	const char *plan = "{\"query\":\"save Gmail attachments to Google Drive\"}";
	char body[400];
	snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"tools/call\",\"params\":"
		"{\"name\":\"plan_workflow\",\"arguments\":%s}}", plan);
	struct http_resp t = mcp_with(body, "MCP-Protocol-Version: 2025-11-25", "Accept-Language: de");
	struct http_resp h = http_req_header("POST", "/v2/workflows/plan", plan, 0, "Accept-Language: de");
	cr_assert_eq(t.status, 200, "%s", t.body);
	cr_assert_eq(h.status, 200, "%s", h.body);
	struct json_object *res = jreq(t.json, "result");
	cr_assert_not(json_object_get_boolean(jreq(res, "isError")));
	cr_assert(json_object_equal(jreq(res, "structuredContent"), h.json), "tool and HTTP plans differ");
	const char *text = jstr(json_object_array_get_idx(jreq(res, "content"), 0), "text");
	cr_assert_eq(strlen(text) + 1, h.len, "the text block is the HTTP answer");
	cr_assert_eq(strncmp(text, h.body, strlen(text)), 0);
	http_free(&t);
	http_free(&h);
}

Test(mcp, batch_is_a_jsonrpc_error)
{
	struct http_resp r = mcp("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]");
	cr_assert_eq(r.status, 400, "%s", r.body);
	cr_assert_eq(rpc_code(&r), -32600);
	cr_assert(strstr(r.body, "batch"), "%s", r.body);
	http_free(&r);
}

Test(mcp, unsupported_protocol_version_is_400)
{
	struct http_resp r = mcp_with("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "MCP-Protocol-Version: 2024-11-05", NULL);
	cr_assert_eq(r.status, 400, "%s", r.body);
	cr_assert_eq(rpc_code(&r), -32022);
	cr_assert(strstr(r.body, "2025-06-18") && strstr(r.body, "2025-11-25") && strstr(r.body, "2026-07-28"), "%s", r.body);
	http_free(&r);
}

Test(mcp, origin_outside_the_allow_list_is_403)
{
	struct http_resp r = mcp_with("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "Origin: https://attacker.example", NULL);
	cr_assert_eq(r.status, 403, "%s", r.body);
	cr_assert_eq(rpc_code(&r), -32000);
	http_free(&r);
	char own[200], origin[220];
	own_origin(own, sizeof own);
	snprintf(origin, sizeof origin, "Origin: %s", own);
	r = mcp_with("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", origin, NULL);
	cr_assert_eq(r.status, 200, "%s: %s", origin, r.body);
	http_free(&r);
}

Test(mcp, get_and_delete_are_405)
{
	static const char *const methods[] = { "GET", "DELETE" };
	for (int i = 0; i < 2; i++) {
		const char *const headers[] = { "Accept: text/event-stream", NULL };
		struct http_resp r = http_req_headers(methods[i], "/mcp", NULL, 0, headers);
		cr_assert_eq(r.status, 405, "%s: %s", methods[i], r.body);
		char allow[64];
		cr_assert_eq(http_header(&r, "Allow", allow, sizeof allow), 0);
		cr_assert_str_eq(allow, "POST, OPTIONS");
		cr_assert_eq(rpc_code(&r), -32000);
		http_free(&r);
	}
}

Test(mcp, a_page_of_an_allowed_origin_passes_the_preflight_and_reads_the_answer)
{
	char origin[200], h_origin[220], got[256];
	own_origin(origin, sizeof origin);
	snprintf(h_origin, sizeof h_origin, "Origin: %s", origin);
	/* the preflight a browser sends before a POST with MCP's headers */
	const char *const pre[] = { h_origin, "Access-Control-Request-Method: POST",
		"Access-Control-Request-Headers: content-type,mcp-protocol-version", NULL };
	struct http_resp r = http_req_headers("OPTIONS", "/mcp", NULL, 0, pre);
	cr_assert_eq(r.status, 204, "%s", r.body);
	cr_assert_eq(http_header(&r, "Access-Control-Allow-Origin", got, sizeof got), 0);
	cr_assert_str_eq(got, origin);
	cr_assert_eq(http_header(&r, "Access-Control-Allow-Methods", got, sizeof got), 0);
	cr_assert(strstr(got, "POST"), "%s", got);
	cr_assert_eq(http_header(&r, "Access-Control-Allow-Headers", got, sizeof got), 0);
	cr_assert(strstr(got, "MCP-Protocol-Version") && strstr(got, "Content-Type"), "%s", got);
	cr_assert_eq(http_header(&r, "Vary", got, sizeof got), 0);
	cr_assert(strstr(got, "Origin"), "%s", got);
	http_free(&r);
	/* the POST itself: the answer names the origin that may read it */
	r = mcp_with("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", h_origin, NULL);
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_eq(http_header(&r, "Access-Control-Allow-Origin", got, sizeof got), 0);
	cr_assert_str_eq(got, origin);
	cr_assert_neq(http_header(&r, "Allow", got, sizeof got), 0, "an answer that is no 405 has no Allow header");
	http_free(&r);
	/* no Origin (no browser page): no CORS header */
	r = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_neq(http_header(&r, "Access-Control-Allow-Origin", got, sizeof got), 0);
	http_free(&r);
}

Test(mcp, a_page_of_a_foreign_origin_fails_its_preflight)
{
	const char *const pre[] = { "Origin: https://attacker.example", "Access-Control-Request-Method: POST", NULL };
	struct http_resp r = http_req_headers("OPTIONS", "/mcp", NULL, 0, pre);
	cr_assert_eq(r.status, 403, "%s", r.body);
	cr_assert_eq(rpc_code(&r), -32000);
	char got[256];
	cr_assert_neq(http_header(&r, "Access-Control-Allow-Origin", got, sizeof got), 0, "a refused origin is named nowhere");
	cr_assert_neq(http_header(&r, "Allow", got, sizeof got), 0, "a 403 has no Allow header");
	http_free(&r);
}
