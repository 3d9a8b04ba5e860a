/* Rows 5, 7 and 8 through nginx: configuration validation, compatibility and configure, with their
 * validation and 404 rules. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY "mcp/io-github-github-github-mcp-server"

static bool has_code(struct json_object *issues, const char *code)
{
	for (size_t i = 0; i < json_object_array_length(issues); i++)
		if (!strcmp(jstr(json_object_array_get_idx(issues, i), "code"), code)) return true;
	return false;
}

static struct http_resp validate(const char *client, const char *config_json)
{
	char body[4096];
	snprintf(body, sizeof body, "{\"client\":\"%s\",\"config\":%s}", client, config_json);
	return http_post("/v2/config/validate", body);
}

Test(config_validate, object_config_valid)
{
	struct http_resp r = validate("claude-desktop", "{\"mcpServers\":{\"fs\":{\"command\":\"npx\",\"args\":[\"-y\",\"pkg\"]}}}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_str_eq(jstr(r.json, "status"), "valid");
	cr_assert_eq(json_object_array_length(jreq(r.json, "issues")), 0);
	cr_assert_null(json_object_object_get_ex(r.json, "corrected_config", NULL) ? jreq(r.json, "corrected_config") : NULL);
	http_free(&r);
}

Test(config_validate, object_config_corrected_as_object)
{
	struct http_resp r = validate("vs-code", "{\"mcpServers\":{\"fs\":{\"type\":\"stdio\",\"command\":\"npx\"}}}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "client"), "vscode");
	cr_assert_str_eq(jstr(r.json, "status"), "invalid");
	cr_assert(has_code(jreq(r.json, "issues"), "WRONG_ROOT_KEY"));
	struct json_object *cc = jreq(r.json, "corrected_config");
	cr_assert(json_object_is_type(cc, json_type_object), "%s", r.body);
	cr_assert(json_object_object_get_ex(cc, "servers", NULL));
	cr_assert_str_eq(jstr(jreq(r.json, "severities"), "WRONG_ROOT_KEY"), "error");
	http_free(&r);
}

Test(config_validate, text_syntax_error_is_an_issue_not_a_400)
{
	struct http_resp r = validate("codex", "\"[mcp_servers.a]\\ncommand = npx\\n\"");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "parse_error");
	struct json_object *is = json_object_array_get_idx(jreq(r.json, "issues"), 0);
	cr_assert_str_eq(jstr(is, "code"), "INVALID_TOML_SYNTAX");
	cr_assert(strstr(jstr(is, "message"), "line 2, column 11"), "%s", r.body);
	cr_assert_eq(json_object_object_length(is), 3);
	http_free(&r);
}

Test(config_validate, toml_correction_is_toml_text)
{
	struct http_resp r = validate("codex", "\"{\\\"mcpServers\\\":{\\\"a\\\":{\\\"command\\\":\\\"npx\\\",\\\"args\\\":[\\\"-y\\\",\\\"p\\\"]}}}\"");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert(has_code(jreq(r.json, "issues"), "WRONG_FORMAT_FOR_CLIENT"), "%s", r.body);
	const char *cc = json_object_get_string(jreq(r.json, "corrected_config"));
	cr_assert(strstr(cc, "[mcp_servers.a]"), "%s", cc);
	http_free(&r);
}

Test(config_validate, yaml_and_jsonc_text)
{
	struct http_resp r = validate("goose", "\"extensions:\\n  gh:\\n    type: stdio\\n    cmd: npx\\n    args: [-y pkg]\\n    name: gh\\n    enabled: true\\n\"");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "valid_with_warnings", "%s", r.body);
	cr_assert(has_code(jreq(r.json, "issues"), "ARGS_TOKENS_MERGED"));
	http_free(&r);
	r = validate("zed", "\"{ // settings\\n \\\"context_servers\\\": {\\\"a\\\": {\\\"url\\\": \\\"https://x.example/mcp\\\"},},}\"");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "valid", "%s", r.body);
	http_free(&r);
	r = validate("cursor", "\"{ // no comments here\\n \\\"mcpServers\\\": {}}\"");
	cr_assert_str_eq(jstr(r.json, "status"), "parse_error", "%s", r.body);
	http_free(&r);
}

Test(config_validate, unknown_client_lists_supported)
{
	struct http_resp r = validate("notepad", "{}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "unknown_client");
	cr_assert_eq(json_object_array_length(jreq(r.json, "supported_clients")), 23);
	jreq(r.json, "issues");
	expect_versions(r.json);
	http_free(&r);
}

Test(config_validate, request_rules)
{
	const char *bad[] = {
		"{\"client\":\"cursor\"}", "{\"config\":{}}", "{\"config\":1,\"client\":\"cursor\"}",
		"{\"config\":{},\"client\":\"cursor\",\"extra\":true}", "{\"config\":{},\"client\":\"\"}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct http_resp r = http_post("/v2/config/validate", bad[i]);
		expect_error(&r, 400, "invalid_request");
		http_free(&r);
	}
}

Test(compatibility, entry_and_client)
{
	struct http_resp r = http_post("/v2/compatibility/check", "{\"id\":\"" ENTRY "\",\"client\":\"Claude Desktop\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	expect_versions(r.json);
	cr_assert_str_eq(jstr(r.json, "id"), ENTRY);
	cr_assert_str_eq(jstr(r.json, "client"), "claude-desktop");
	cr_assert_str_eq(jstr(r.json, "status"), "compatible");
	cr_assert_eq(json_object_get_boolean(jreq(r.json, "execution_tested")), 0);
	struct json_object *cs = jreq(r.json, "connections");
	bool bridged = false;
	for (size_t i = 0; i < json_object_array_length(cs); i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		if (!strcmp(jstr(c, "transport"), "streamable-http")) bridged = !strcmp(jstr(c, "status"), "supported_via_bridge");
	}
	cr_assert(bridged, "%s", r.body);
	http_free(&r);
	r = http_post("/v2/compatibility/check", "{\"id\":\"" ENTRY "\",\"client\":\"codex\",\"connection\":\"remote-http\"}");
	cr_assert_str_eq(jstr(r.json, "status"), "compatible", "%s", r.body);
	cr_assert_eq(json_object_array_length(jreq(r.json, "connections")), 1);
	http_free(&r);
}

Test(compatibility, errors_and_unknown_client)
{
	struct http_resp r = http_post("/v2/compatibility/check", "{\"id\":\"mcp/no-such-entry\",\"client\":\"cursor\"}");
	expect_error(&r, 404, "entry_not_found");
	http_free(&r);
	r = http_post("/v2/compatibility/check", "{\"id\":\"" ENTRY "\",\"client\":\"cursor\",\"connection\":\"uvx\"}");
	expect_error(&r, 404, "connection_not_found");
	http_free(&r);
	r = http_post("/v2/compatibility/check", "{\"id\":\"" ENTRY "\",\"client\":\"emacs\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "unknown_client");
	cr_assert_eq(json_object_get_boolean(jreq(r.json, "execution_tested")), 0);
	http_free(&r);
	r = http_post("/v2/compatibility/check", "{\"id\":\"" ENTRY "\",\"client\":\"cursor\",\"extra\":1}");
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
}

Test(configure, auto_snippet_validates_for_its_client)
{
	const char *clients[] = { "claude-desktop", "claude-code", "cursor", "vscode", "windsurf", "zed", "codex",
		"gemini-cli", "cline", "continue", "lm-studio", "goose", "copilot-cli", "roo-code", "opencode", "jetbrains" };
	for (size_t i = 0; i < sizeof clients / sizeof *clients; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"id\":\"" ENTRY "\",\"client\":\"%s\",\"locale\":\"de\"}", clients[i]);
		struct http_resp r = http_post("/v2/configure", body);
		cr_assert_eq(r.status, 200, "%s", r.body);
		expect_versions(r.json);
		const char *st = jstr(r.json, "status");
		cr_assert(!strcmp(st, "ok") || !strcmp(st, "ok_via_bridge") || !strcmp(st, "limited"), "%s: %s", clients[i], r.body);
		struct json_object *t = jreq(r.json, "template");
		jreq(t, "file_locations");
		cr_assert_gt(json_object_array_length(jreq(t, "steps")), 0);
		struct json_object *snip = json_object_new_object();
		json_object_object_add(snip, "client", json_object_new_string(clients[i]));
		json_object_object_add(snip, "config", json_object_new_string(jstr(t, "snippet")));
		struct http_resp v = http_post("/v2/config/validate", json_object_to_json_string(snip));
		cr_assert_eq(v.status, 200, "%s", v.body);
		cr_assert(!strcmp(jstr(v.json, "status"), "valid") || !strcmp(jstr(v.json, "status"), "valid_with_warnings"),
			"%s: %s\n%s", clients[i], jstr(t, "snippet"), v.body);
		json_object_put(snip);
		http_free(&v);
		http_free(&r);
	}
}

Test(configure, secrets_use_the_clients_placeholder)
{
	struct http_resp r = http_post("/v2/configure", "{\"id\":\"" ENTRY "\",\"client\":\"claude-code\",\"connection\":\"docker\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	const char *snip = jstr(jreq(r.json, "template"), "snippet");
	cr_assert(strstr(snip, "${GITHUB_PERSONAL_ACCESS_TOKEN}"), "%s", snip);
	cr_assert_str_eq(jstr(jreq(r.json, "connection"), "id"), "docker");
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"" ENTRY "\",\"client\":\"codex\",\"connection\":\"docker\"}");
	snip = jstr(jreq(r.json, "template"), "snippet");
	cr_assert(strstr(snip, "env_vars = [\"GITHUB_PERSONAL_ACCESS_TOKEN\"]"), "%s", snip);
	http_free(&r);
}

Test(configure, errors_and_unknown_client)
{
	struct http_resp r = http_post("/v2/configure", "{\"id\":\"agenten/no-such-entry\",\"client\":\"cursor\"}");
	expect_error(&r, 404, "entry_not_found");
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"" ENTRY "\",\"client\":\"cursor\",\"connection\":\"mcpb\"}");
	expect_error(&r, 404, "connection_not_found");
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"" ENTRY "\",\"client\":\"nano\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "unknown_client");
	cr_assert(json_object_is_type(jreq(r.json, "supported_clients"), json_type_array));
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"" ENTRY "\",\"client\":\"cursor\",\"locale\":\"fr\"}");
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
}

Test(clients, facts_and_issue_codes)
{
	struct http_resp r = http_get("/v2/clients");
	cr_assert_eq(r.status, 200, "%s", r.body);
	struct json_object *cl = jreq(r.json, "clients");
	cr_assert_eq(json_object_array_length(cl), 23);
	for (size_t i = 0; i < json_object_array_length(cl); i++) { /* every client: where its file is, and its sources */
		struct json_object *c = json_object_array_get_idx(cl, i);
		cr_assert_gt(json_object_array_length(jreq(c, "files")), 0, "%s", jstr(c, "id"));
		jreq(c, "steps");
		struct json_object *src = jreq(c, "sources");
		cr_assert_geq(json_object_array_length(src), 2, "%s", jstr(c, "id"));
		cr_assert(!strncmp(jstr(json_object_array_get_idx(src, 0), "url"), "https://", 8), "%s", jstr(c, "id"));
	}
	struct json_object *codes = jreq(r.json, "issue_codes");
	bool found = false;
	for (size_t i = 0; i < json_object_array_length(codes); i++) {
		struct json_object *c = json_object_array_get_idx(codes, i);
		if (!strcmp(jstr(c, "code"), "WRONG_ROOT_KEY")) found = !strcmp(jstr(c, "severity"), "error");
	}
	cr_assert(found, "%s", r.body);
	http_free(&r);
}

Test(configure, entry_without_connections)
{
	struct http_resp r = http_post("/v2/configure", "{\"id\":\"agenten/com-openai-swarm\",\"client\":\"cursor\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "no_connections");
	cr_assert_str_eq(jstr(r.json, "entry_status"), "eingestellt");
	cr_assert(!json_object_get_boolean(jreq(r.json, "template")));
	cr_assert_eq(json_object_array_length(jreq(r.json, "alternatives")), 0);
	http_free(&r);
	r = http_post("/v2/compatibility/check", "{\"id\":\"agenten/com-openai-swarm\",\"client\":\"cursor\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(r.json, "status"), "no_connections");
	cr_assert(json_object_is_type(jreq(r.json, "recommended_connection"), json_type_null));
	http_free(&r);
}

/* The clients added for issue 22: each configures the entry, and the snippet it gets validates for it. */
Test(configure, new_clients_generate_and_validate)
{
	static const char *const ids[] = { "kiro", "qwen-code", "trae", "amazon-q", "visual-studio", "copilot-jetbrains",
		"mistral-vibe", NULL };
	for (int i = 0; ids[i]; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"id\":\"" ENTRY "\",\"client\":\"%s\"}", ids[i]);
		struct http_resp r = http_post("/v2/configure", body);
		cr_assert_eq(r.status, 200, "%s: %s", ids[i], r.body);
		cr_assert_str_eq(jstr(r.json, "status"), "ok", "%s: %s", ids[i], r.body);
		struct json_object *t = jreq(r.json, "template");
		struct json_object *req = json_object_new_object();
		json_object_object_add(req, "client", json_object_new_string(ids[i]));
		json_object_object_add(req, "config", json_object_new_string(jstr(t, "snippet")));
		struct http_resp v = http_post("/v2/config/validate", json_object_to_json_string(req));
		cr_assert_eq(v.status, 200, "%s: %s", ids[i], v.body);
		const char *st = jstr(v.json, "status");
		cr_assert(!strcmp(st, "valid") || !strcmp(st, "valid_with_warnings"), "%s: %s", ids[i], v.body);
		struct json_object *issues = jreq(v.json, "issues");
		for (size_t k = 0; k < json_object_array_length(issues); k++) /* only the values the user fills in */
			cr_assert_str_eq(jstr(json_object_array_get_idx(issues, k), "code"), "PLACEHOLDER_VALUE", "%s: %s", ids[i], v.body);
		json_object_put(req);
		http_free(&v);
		http_free(&r);
	}
}

/* id "self" through the front server: without url the endpoint is the address this request came to (the
 * Host header the front passes on), every client's snippet validates for it, and the address it names does
 * answer MCP. */
Test(configure, self_from_the_request_address_for_every_client)
{
	const char *base = getenv("AUTOPLAN_BASE_URL");
	cr_assert(base);
	char want[300];
	snprintf(want, sizeof want, "%s/mcp", base);
	struct http_resp c = http_get("/v2/clients");
	struct json_object *clients = jreq(c.json, "clients");
	cr_assert_eq(json_object_array_length(clients), 23);
	for (size_t i = 0; i < json_object_array_length(clients); i++) {
		const char *id = jstr(json_object_array_get_idx(clients, i), "id");
		char body[200];
		snprintf(body, sizeof body, "{\"id\":\"self\",\"client\":\"%s\"}", id);
		struct http_resp r = http_post("/v2/configure", body);
		cr_assert_eq(r.status, 200, "%s: %s", id, r.body);
		expect_versions(r.json);
		struct json_object *ep = jreq(r.json, "endpoint");
		cr_assert_str_eq(jstr(ep, "url"), want, "%s", r.body);
		cr_assert_str_eq(jstr(ep, "source"), "host_header");
		struct json_object *t = jreq(r.json, "template");
		struct json_object *req = json_object_new_object();
		json_object_object_add(req, "client", json_object_new_string(id));
		json_object_object_add(req, "config", json_object_new_string(jstr(t, "snippet")));
		struct http_resp v = http_post("/v2/config/validate", json_object_to_json_string(req));
		const char *st = jstr(v.json, "status");
		cr_assert(!strcmp(st, "valid") || (!strcmp(st, "valid_with_warnings") && !strcmp(jstr(r.json, "status"), "limited")),
			"%s: %s\n%s", id, jstr(t, "snippet"), v.body);
		json_object_put(req);
		http_free(&v);
		http_free(&r);
	}
	http_free(&c);
	const char *const headers[] = { "Accept: application/json, text/event-stream", NULL };
	struct http_resp m = http_req_headers("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", 0, headers);
	cr_assert_eq(m.status, 200, "%s", m.body);
	http_free(&m);
}

/* A Host header names the address; url given wins over it and says so. */
Test(configure, self_host_header_and_url)
{
	struct http_resp r = http_req_header("POST", "/v2/configure", "{\"id\":\"self\",\"client\":\"cursor\"}", 0,
		"Host: plan.example.org");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(jreq(r.json, "endpoint"), "url"), "http://plan.example.org/mcp");
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"https://plan.example.org/tools/\"}");
	cr_assert_eq(r.status, 200, "%s", r.body);
	cr_assert_str_eq(jstr(jreq(r.json, "endpoint"), "url"), "https://plan.example.org/tools/mcp");
	cr_assert_str_eq(jstr(jreq(r.json, "endpoint"), "source"), "url");
	http_free(&r);
	r = http_post("/v2/configure", "{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"javascript:alert(1)\"}");
	expect_error(&r, 400, "invalid_request");
	http_free(&r);
}
