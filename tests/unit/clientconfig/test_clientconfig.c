/* Client configurations: the validator against the shared example files (verdicts from their INDEX.md,
 * per file), compatibility, snippets and the round trip: every configure snippet validated for its own client. */
#include "catalog/catalog.h"
#include "compiler/catalogc.h"
#include "tools/import/importer.h"
#include "formats/cfg_emit.h"
#include "formats/cfg_parse.h"
#include "clientconfig/cfgcheck.h"
#include "clientconfig/cfgsnippet.h"
#include "clientconfig/compat.h"
#include "util/jsonutil.h"
#include "util/buf.h"
#include "api/routes.h"
#include "http/router.h"

#include "inproc.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The whole file (NUL-terminated), or NULL; the caller frees. */
static char *slurp(const char *path, size_t *len)
{
	size_t n = 0;
	char *b = buf_read_file(path, &n);
	if (len) *len = b ? n : 0;
	return b;
}

static void shared_path(char *out, size_t cap, const char *rel)
{
	const char *src = getenv("AUTOPLAN_SRCDIR");
	snprintf(out, cap, "%s/../shared/clients/%s", src ? src : ".", rel);
}

static struct catalog CAT;

static void open_catalog(void)
{
	char err[300];
	const char *p = getenv("AUTOPLAN_CATALOG");
	cr_assert(p, "AUTOPLAN_CATALOG not set");
	cr_assert_eq(catalog_open(&CAT, p, err, sizeof err), 0, "%s", err);
}

static void close_catalog(void) { catalog_close(&CAT); }

/* ---- the shared examples, verdicts from INDEX.md ---- */

static const char *const EXAMPLES[] = {
	"claude-code-01.json", "claude-code-02.json", "claude-desktop-01.json", "claude-desktop-02.json",
	"claude-desktop-03.json", "claude-desktop-05.json", "claude-desktop-06.json", "cline-01.json", "cline-02.json",
	"codex-01.toml", "codex-03.toml", "continue-01.yaml", "copilot-cli-01.json", "copilot-cli-02.json",
	"cursor-01.json", "goose-01.yaml", "vscode-01.json", "vscode-02.json", "vscode-03.json", "zed-01.json",
};
#define NEXAMPLES (sizeof EXAMPLES / sizeof *EXAMPLES)

/* Codes that need the file's name or location, which the request does not carry. */
static bool needs_location(const char *code) { return !strcmp(code, "WRONG_FILE_LOCATION"); }

/* The INDEX.md row of file: verdict cell and notes cell. */
static bool index_row(const char *index, const char *file, char *verdict, size_t vcap, char *notes, size_t ncap)
{
	char key[120];
	snprintf(key, sizeof key, "| %s |", file);
	const char *row = strstr(index, key);
	if (!row) return false;
	const char *cells[8];
	int n = 0;
	for (const char *p = row; *p && *p != '\n' && n < 8; p++) if (*p == '|') cells[n++] = p + 1;
	if (n < 7) return false;
	snprintf(verdict, vcap, "%.*s", (int)(cells[5] - cells[4] - 1), cells[4]);
	snprintf(notes, ncap, "%.*s", (int)(cells[6] - cells[5] - 1), cells[5]);
	return true;
}

static bool has_code(struct json_object *issues, const char *code)
{
	for (size_t i = 0; i < json_object_array_length(issues); i++)
		if (!strcmp(jget_str(json_object_array_get_idx(issues, i), "code"), code)) return true;
	return false;
}

static bool known_code(const char *c)
{
	for (int i = 0; CFG_CODES[i].code; i++) if (!strcmp(CFG_CODES[i].code, c)) return true;
	return needs_location(c);
}

ParameterizedTestParameters(examples, verdict_matches_index)
{
	static size_t idx[NEXAMPLES];
	for (size_t i = 0; i < NEXAMPLES; i++) idx[i] = i;
	return cr_make_param_array(size_t, idx, NEXAMPLES);
}

ParameterizedTest(size_t *i, examples, verdict_matches_index, .init = open_catalog, .fini = close_catalog)
{
	const char *file = EXAMPLES[*i];
	char path[4096], verdict[200], notes[1200], client[64];
	shared_path(path, sizeof path, "examples/INDEX.md");
	char *index = slurp(path, NULL);
	cr_assert(index, "cannot read %s", path);
	cr_assert(index_row(index, file, verdict, sizeof verdict, notes, sizeof notes), "%s not in INDEX.md", file);
	free(index);
	snprintf(client, sizeof client, "%s", file);
	*strrchr(client, '-') = '\0';
	const struct cat_client *cl = cat_client_find(&CAT, client);
	cr_assert(cl, "client %s", client);
	shared_path(path, sizeof path, "examples/");
	strcat(path, file);
	size_t len;
	char *text = slurp(path, &len);
	cr_assert(text);
	struct json_object *cfg = json_object_new_string_len(text, (int)len);
	struct json_object *r = cfg_validate(&CAT, cl, cfg);
	const char *status = jget_str(r, "status");
	struct json_object *issues = jget(r, "issues");
	const char *dump = json_object_to_json_string(r);
	bool semantic = strstr(verdict, "semantically wrong") != NULL;
	bool invalid = !semantic && strstr(verdict, "invalid") != NULL;
	if (invalid) {
		cr_assert(!strcmp(status, CFG_INVALID) || !strcmp(status, CFG_PARSE_ERROR), "%s: %s", file, dump);
	} else if (semantic) {
		cr_assert_str_eq(status, CFG_VALID_WARN, "%s: %s", file, dump);
	} else {
		cr_assert(strstr(verdict, "valid"), "%s: unexpected verdict %s", file, verdict);
		cr_assert(!strcmp(status, CFG_VALID) || !strcmp(status, CFG_VALID_WARN), "%s: %s", file, dump);
		for (size_t k = 0; k < json_object_array_length(issues); k++)
			cr_assert_neq(cfg_code_severity(jget_str(json_object_array_get_idx(issues, k), "code")), SEV_ERROR,
				"%s: %s", file, dump);
	}
	/* every code the notes name must be found; "A / B" names alternatives */
	if (invalid || semantic) {
		int groups = 0;
		for (char *p = notes; *p;) {
			char code[64];
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
			if (n < 6) { p += n ? n : 1; continue; }
			snprintf(code, sizeof code, "%.*s", (int)n, p);
			p += n;
			if (!known_code(code)) continue;
			bool found = needs_location(code) || has_code(issues, code);
			while (!strncmp(p, " / ", 3)) {
				size_t m = strspn(p + 3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
				char alt[64];
				snprintf(alt, sizeof alt, "%.*s", (int)m, p + 3);
				found = found || has_code(issues, alt);
				p += 3 + m;
			}
			cr_assert(found, "%s: %s expected in %s", file, code, dump);
			groups++;
		}
		cr_assert_gt(groups, 0, "%s: the INDEX notes name no code: %s", file, notes);
	}
	json_object_put(r);
	json_object_put(cfg);
	free(text);
}

Test(examples, every_file_and_index_row_is_covered)
{
	char path[4096];
	shared_path(path, sizeof path, "examples/INDEX.md");
	char *index = slurp(path, NULL);
	cr_assert(index);
	int rows = 0;
	for (char *p = strstr(index, "\n| "); p; p = strstr(p + 1, "\n| ")) {
		char file[120];
		if (sscanf(p + 3, "%119[^ |]", file) != 1 || !strchr(file, '.') || !strcmp(file, "File")) continue;
		bool listed = false;
		for (size_t i = 0; i < NEXAMPLES; i++) if (!strcmp(EXAMPLES[i], file)) listed = true;
		cr_assert(listed, "INDEX.md row %s has no test", file);
		rows++;
	}
	cr_assert_eq((size_t)rows, NEXAMPLES);
	free(index);
}

/* ---- behaviour beyond the examples ---- */

static struct json_object *validate(const char *client, const char *text)
{
	const struct cat_client *cl = cat_client_find(&CAT, client);
	cr_assert(cl, "%s", client);
	struct json_object *s = json_object_new_string(text), *r = cfg_validate(&CAT, cl, s);
	json_object_put(s);
	return r;
}

Test(validator, aliases_and_unknown)
{
	open_catalog();
	cr_assert(cat_client_find(&CAT, "Claude Desktop"));
	cr_assert_str_eq(cat_s(&CAT, cat_client_find(&CAT, "vs-code")->id), "vscode");
	cr_assert_str_eq(cat_s(&CAT, cat_client_find(&CAT, "VS Code")->id), "vscode");
	cr_assert_null(cat_client_find(&CAT, "notepad"));
	cr_assert_eq(CAT.nclients, 23);
	close_catalog();
}

Test(validator, corrections_are_certain_or_absent, .init = open_catalog, .fini = close_catalog)
{
	struct { const char *client, *text, *code; bool corrected; } c[] = {
		{ "vscode", "{\"mcpServers\":{\"a\":{\"type\":\"stdio\",\"command\":\"npx\",\"args\":[]}}}", "WRONG_ROOT_KEY", true },
		{ "claude-desktop", "{\"mcpServers\":{\"a\":{\"command\":\"npx -y pkg\"}}}", "COMMAND_WITH_ARGS", true },
		{ "claude-desktop", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"args\":\"-y pkg\"}}}", "ARGS_NOT_ARRAY", true },
		{ "claude-desktop", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"env\":{\"PORT\":8080}}}}", "ENV_VALUE_NOT_STRING", true },
		{ "claude-desktop", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"env\":{\"L\":[1]}}}}", "ENV_VALUE_NOT_STRING", false },
		{ "claude-code", "{\"mcpServers\":{\"a\":{\"url\":\"https://x.example/mcp\"}}}", "MISSING_TYPE_FOR_REMOTE", true },
		{ "claude-code", "{\"mcpServers\":{\"a\":{\"url\":\"https://x.example/api\"}}}", "MISSING_TYPE_FOR_REMOTE", false },
		{ "cline", "{\"mcpServers\":{\"a\":{\"type\":\"http\",\"url\":\"https://x.example/mcp\"}}}", "WRONG_TYPE_VALUE", true },
		{ "goose", "extensions:\n  a:\n    type: stdio\n    command: npx\n    name: a\n    enabled: true\n", "UNKNOWN_FIELD_IGNORED", true },
		{ "windsurf", "{\"mcpServers\":{\"a\":{\"uri\":\"https://x.example/mcp\"}}}", "WRONG_URL_FIELD", true },
		{ "codex", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"args\":[\"-y\",\"p\"]}}}", "WRONG_FORMAT_FOR_CLIENT", true },
		{ "codex", "[mcp_servers.a]\nurl = \"https://x.example/sse\"\n", "TRANSPORT_NOT_SUPPORTED", false },
		{ "codex", "[mcp_servers.a]\nurl = \"https://x.example/mcp\"\ntype = \"http\"\n", "UNKNOWN_FIELD_IGNORED", false },
		{ "claude-desktop", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"url\":\"https://x\"}}}", "MIXED_STDIO_AND_REMOTE_FIELDS", false },
		{ "zed", "{\"context_servers\":{\"a\":{\"command\":\"npx\"}}}", "MISSING_REQUIRED_FIELD", true },
		{ "continue", "mcpServers:\n  a:\n    command: npx\n", "WRONG_ROOT_SHAPE", true },
		{ "claude-desktop", "{\"a\":{\"command\":\"npx\"}}", "WRONG_ROOT_KEY", true },
		{ "cursor", "{\"mcpServers\":{\"a\":{\"url\":\"https://x\",\"headers\":{\"Authorization\":\"Bearer ${API_KEY}\"}}}}", "ENV_SYNTAX_MISMATCH", false },
		{ "cursor", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"env\":{\"GITHUB_TOKEN\":\"ghp_abcdefghijklmnop1234567890\"}}}}", "HARDCODED_SECRET", false },
		{ "cursor", "{\"mcpServers\":{\"a\":{\"command\":\"docker\",\"args\":[\"run\",\"-it\",\"img\"]}}}", "DOCKER_FLAGS", false },
		{ "cursor", "{\"mcpServers\":{\"a\":{\"command\":\"~/bin/srv\"}}}", "RELATIVE_OR_TILDE_PATH", false },
		{ "gemini-cli", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"timeout\":30}}}", "TIMEOUT_UNITS", false },
		{ "cline", "{\"mcpServers\":{\"a\":{\"command\":\"npx\",\"timeout\":60000}}}", "TIMEOUT_UNITS", false },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct json_object *r = validate(c[i].client, c[i].text);
		const char *dump = json_object_to_json_string(r);
		cr_assert(has_code(jget(r, "issues"), c[i].code), "%zu: %s", i, dump);
		struct json_object *cc = jget(r, "corrected_config");
		if (c[i].corrected) {
			cr_assert(cc, "%zu: no correction: %s", i, dump);
			struct json_object *again = validate(c[i].client, json_object_get_string(cc));
			cr_assert_neq(strcmp(jget_str(again, "status"), CFG_INVALID), 0, "%zu: corrected still invalid: %s",
				i, json_object_to_json_string(again));
			json_object_put(again);
		} else if (cfg_code_severity(c[i].code) == SEV_ERROR) {
			cr_assert_null(cc, "%zu: %s", i, dump);
		}
		struct json_object *issues = jget(r, "issues");
		for (size_t k = 0; k < json_object_array_length(issues); k++) {
			struct json_object *is = json_object_array_get_idx(issues, k);
			cr_assert_eq(json_object_object_length(is), 3, "%zu: issue has other fields", i);
			const char *p = jget_str(is, "path");
			cr_assert(!*p || *p == '/', "%zu: path %s is not a JSON Pointer", i, p);
		}
		json_object_put(r);
	}
}

Test(validator, parse_error_has_line_and_column, .init = open_catalog, .fini = close_catalog)
{
	struct json_object *g = validate("gemini-cli", "{ // ok\n \"mcpServers\": {\"a\": {\"command\": \"npx\",}}}");
	cr_assert_str_eq(jget_str(g, "status"), CFG_PARSE_ERROR, "%s", json_object_to_json_string(g));
	cr_assert(strstr(jget_str(json_object_array_get_idx(jget(g, "issues"), 0), "message"), "line 2, column 39"),
		"%s", json_object_to_json_string(g));
	json_object_put(g);
	g = validate("zed", "{ // ok\n \"context_servers\": {\"a\": {\"command\": \"npx\", \"args\": [],}}}");
	cr_assert_str_eq(jget_str(g, "status"), CFG_VALID, "%s", json_object_to_json_string(g));
	json_object_put(g);
	struct json_object *r = validate("codex", "[mcp_servers.a]\ncommand = npx\n");
	cr_assert_str_eq(jget_str(r, "status"), CFG_PARSE_ERROR);
	const char *msg = jget_str(json_object_array_get_idx(jget(r, "issues"), 0), "message");
	cr_assert(strstr(msg, "line 2, column 11"), "%s", msg);
	cr_assert_null(jget(r, "corrected_config"));
	json_object_put(r);
}

/* The issue with this code, or NULL. */
static struct json_object *issue_of(struct json_object *r, const char *code)
{
	struct json_object *issues = jget(r, "issues");
	for (size_t i = 0; i < json_object_array_length(issues); i++)
		if (!strcmp(jget_str(json_object_array_get_idx(issues, i), "code"), code)) return json_object_array_get_idx(issues, i);
	return NULL;
}

/* The mistakes people make, each with its code, the line and column it stands at, and the fix when certain. */
Test(validator, mistakes_with_code_line_and_column, .init = open_catalog, .fini = close_catalog)
{
	struct { const char *client, *text, *code, *at, *says; } c[] = {
		{ "vscode", "{\n \"servers\": {\n  \"a\": {\"type\": \"stdio\", \"command\": \"npx\",\n   \"env\": {\"K\": \"${input:api-key}\"}}}}",
		  "UNDECLARED_INPUT", "line 4, column 12:", "not declared" },
		{ "cursor", "{\"mcpServers\": {\"a\": {\"url\": \"https://x.example/mcp\",\n \"headers\": {\"Authorization\": \"Basic dXNlcjpwYXNzd29yZA==\"}}}}",
		  "HARDCODED_SECRET", "line 2, column 14:", "${env:AUTHORIZATION}" },
		{ "claude-code", "{\"mcpServers\": {\"a\": {\"type\": \"http\", \"url\": \"https://x.example/mcp\",\n \"headers\": {\"X\": \"Bearer abcdefghijklmnopqrstuvwx123\"}}}}",
		  "HARDCODED_SECRET", "line 2, column 14:", "Bearer credentials" },
		{ "cline", "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"args\": [\"-y\", \"pkg\", \"--api-key\",\n \"Zq8xR2mK9pL4vN7wT3yB6cD1\"]}}}",
		  "HARDCODED_SECRET", "line 2, column 2:", "process list" },
		{ "claude-desktop", "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"args\": [\"pkg\"], \"env\": {\"T\": \"ghp_0123456789abcdefghijABCDEFGHIJ012345\"}}}}",
		  "HARDCODED_SECRET", "line 1, column 66:", "GitHub token" },
		{ "kiro", "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"env\": {\"DB_PASSWORD\": \"hunter2\"}}}}",
		  "HARDCODED_SECRET", "column 47:", "${DB_PASSWORD}" },
		{ "codex", "[mcp_servers.a]\ncommand = \"npx\"\nenv = { API_KEY = \"sk-0123456789abcdefghijklmnopqrst\" }\n",
		  "HARDCODED_SECRET", "line 3, column 9:", "env_vars" },
		{ "lm-studio", "{\"mcpServers\": {\"a\": {\"url\": \"https://x.example/mcp\", \"headers\": {\"Authorization\": \"Bearer <YOUR_TOKEN>\"}}}}",
		  "PLACEHOLDER_VALUE", "line 1, column 67:", "template value" },
		{ "claude-code", "{\"mcpServers\": {\"a\": {\"command\": \"npx\"},\n \"a\": {\"command\": \"uvx\"}}}",
		  "DUPLICATE_KEY", "line 1, column 17:", "line 2, column 2" },
		{ "cline", "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"alwaysAllow\": [\"t\"]}}}",
		  "UNKNOWN_FIELD_IGNORED", "column 41:", "autoApprove" },
		{ "goose", "extensions:\n  a:\n    type: stdio\n    name: a\n    enabled: true\n    cmd: venv/bin/python\n",
		  "RELATIVE_OR_TILDE_PATH", "line 6, column 5:", "relative" },
		{ "qwen-code", "{\"mcpServers\": {\"a\": {\"url\": \"https://mcp.example.com/mcp\"}}}",
		  "HTTP_URL_AS_SSE", "column 23:", "httpUrl" },
		{ "mistral-vibe", "[[mcp_servers]]\nname = \"a\"\ntransport = \"stdio\"\ncommand = \"npx\"\nargs = [\"pkg\", \"-y\"]\n",
		  "ARGS_ORDER", "line 5, column 16:", "before the package" },
		{ "claude-code", "{\"mcpServers\": {\"a\": {\"command\": \"C:/tools/srv.cmd\"}}}",
		  "WINDOWS_CMD_SHIM", "column 23:", "cmd" },
		{ "amazon-q", "{\"mcpServers\": {\"a\": {\"type\": \"stdio\", \"command\": \"x\", \"url\": \"\"}}}",
		  "MIXED_STDIO_AND_REMOTE_FIELDS", "column 17:", "ignores the remote fields" },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct json_object *r = validate(c[i].client, c[i].text), *is = issue_of(r, c[i].code);
		const char *dump = json_object_to_json_string(r);
		cr_assert(is, "%zu: %s missing: %s", i, c[i].code, dump);
		const char *msg = jget_str(is, "message");
		cr_assert(strstr(msg, c[i].at), "%zu: %s not at %s: %s", i, c[i].code, c[i].at, msg);
		cr_assert(strstr(msg, c[i].says), "%zu: %s does not say %s: %s", i, c[i].code, c[i].says, msg);
		cr_assert_eq(json_object_object_length(is), 3, "%zu: an issue is {code, path, message}", i);
		json_object_put(r);
	}
}

/* Severity follows what the client does: shapes the clients write themselves are not errors. */
Test(validator, shapes_the_clients_write_are_not_errors, .init = open_catalog, .fini = close_catalog)
{
	struct { const char *client, *text, *status; } c[] = {
		{ "goose", "extensions:\n  developer:\n    enabled: true\n    type: builtin\n    name: developer\n    bundled: null\n"
		  "    available_tools: []\n", CFG_VALID },
		{ "zed", "{\"context_servers\": {\"mcp-server-x\": {\"settings\": {}}}}", CFG_VALID },
		{ "continue", "{\"mcpServers\": {\"a\": {\"command\": \"npx\", \"args\": [\"-y\", \"pkg\"]}, \"b\": {\"url\": \"https://x.example/mcp\"}}}", CFG_VALID },
		{ "mistral-vibe", "[[mcp_servers]]\nname = \"a\"\ntransport = \"stdio\"\ncommand = \"uvx some-mcp --flag\"\n", CFG_VALID },
		{ "cline", "{\"mcpServers\": {\"github.com/owner/repo\": {\"command\": \"npx\", \"args\": [\"-y\", \"pkg\"]}}}", CFG_VALID },
		{ "visual-studio", "{\"inputs\": [{\"type\": \"promptString\", \"id\": \"k\", \"password\": true}], \"servers\": {\"a\": "
		  "{\"url\": \"https://x.example/mcp\", \"headers\": {\"Authorization\": \"Bearer ${input:k}\"}}}}", CFG_VALID },
		{ "copilot-jetbrains", "{ // template\n \"servers\": {\"a\": {\"url\": \"https://x.example/mcp\", \"requestInit\": "
		  "{\"headers\": {\"Authorization\": \"Bearer <token>\"}}}}}", CFG_VALID_WARN },
		{ "vscode", "{\"servers\": {\"a\": {\"type\": \"stdio\", \"command\": \"node\", \"args\": [\"build/index.js\"], "
		  "\"cwd\": \"${workspaceFolder}\"}}}", CFG_VALID },
		{ "copilot-cli", "{\"mcpServers\": {\"a\": {\"type\": \"local\", \"command\": \"npx\", \"args\": [\"pkg\"]}}}", CFG_INVALID },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct json_object *r = validate(c[i].client, c[i].text);
		cr_assert_str_eq(jget_str(r, "status"), c[i].status, "%zu: %s", i, json_object_to_json_string(r));
		json_object_put(r);
	}
	struct json_object *r = validate("copilot-cli", c[8].text);
	cr_assert(strstr(jget_str(issue_of(r, "MISSING_REQUIRED_FIELD"), "message"), "January 2026"),
		"the answer says which releases refuse it: %s", json_object_to_json_string(r));
	json_object_put(r);
}

/* The certain fixes of the new checks: a prompt for an undeclared input, another client's field renamed. */
Test(validator, new_checks_fix_when_certain, .init = open_catalog, .fini = close_catalog)
{
	struct json_object *r = validate("vscode", "{\"servers\": {\"a\": {\"type\": \"http\", \"url\": \"https://x.example/mcp\", "
		"\"headers\": {\"Authorization\": \"Bearer ${input:gh-token}\"}}}}");
	struct json_object *fixed = json_tokener_parse(jget_str(r, "corrected_config"));
	cr_assert(fixed, "%s", json_object_to_json_string(r));
	struct json_object *in = json_object_array_get_idx(jget(fixed, "inputs"), 0);
	cr_assert_str_eq(jget_str(in, "id"), "gh-token");
	cr_assert(jget_bool(in, "password", 0));
	json_object_put(fixed);
	json_object_put(r);
	r = validate("codex", "[mcp_servers.a]\ncommand = \"npx\"\ndisabled = true\n");
	struct json_object *again = json_object_new_string(jget_str(r, "corrected_config"));
	cr_assert(strstr(json_object_get_string(again), "enabled = false"), "%s", json_object_to_json_string(r));
	json_object_put(again);
	json_object_put(r);
	r = validate("continue", "mcpServers:\n  - name: a\n    command: npx\n  - name: a\n    command: uvx\n");
	cr_assert_str_eq(jget_str(r, "status"), CFG_VALID);
	json_object_put(r);
	r = validate("continue", "mcpServers:\n  - name: a\n    command: npx\n    command: uvx\n");
	cr_assert_str_eq(jget_str(r, "status"), CFG_PARSE_ERROR, "YAML readers refuse a key given twice");
	cr_assert(strstr(jget_str(json_object_array_get_idx(jget(r, "issues"), 0), "message"), "line 4, column 5"),
		"%s", json_object_to_json_string(r));
	json_object_put(r);
}

/* ---- configure output, parsed back by the validator ---- */

/* What a snippet may still be told: the <NAME> values the user fills in, and the limits of a transport the
 * client supports only in some variants or does not document (the configure answer says so itself). */
static bool clean_issue(const char *code)
{
	return !strcmp(code, "PLACEHOLDER_VALUE") || !strcmp(code, "TRANSPORT_LIMITED") || !strcmp(code, "TRANSPORT_UNDOCUMENTED");
}

/* Every client x every entry x every usable connection of cat: the snippet validates clean (strict), or
 * without an error where the entries come from outside and their own arguments may draw a warning. */
static int roundtrip(struct catalog *cat, bool strict)
{
	int checked = 0;
	for (uint32_t k = 0; k < cat->nclients; k++) {
		const struct cat_client *cl = &cat->clients[k];
		for (uint32_t i = 0; i < cat->nentries; i++) {
			struct json_object *conns = json_tokener_parse(cat_s(cat, cat->entries[i].connections));
			for (size_t c = 0; c < json_object_array_length(conns); c++) {
				struct json_object *conn = json_object_array_get_idx(conns, c);
				struct compat v;
				compat_judge(cat, cl, conn, &v);
				if (v.status == CS_NOT_SUPPORTED || !strncmp(jget_str(conn, "id"), "mcpb", 4)) continue; /* bundles: no file entry */
				struct json_object *secrets = json_object_new_array();
				struct json_object *tree = snippet_build(cat, cl, "srv", conn, v.status == CS_VIA_BRIDGE, secrets);
				char *text = cfg_emit((enum cfg_format)cl->format, tree);
				cr_assert(text);
				struct json_object *s = json_object_new_string(text), *r = cfg_validate(cat, cl, s);
				struct json_object *issues = jget(r, "issues");
				for (size_t n = 0; n < json_object_array_length(issues); n++) /* clean: only the values the user fills in */
					cr_assert(strict ? clean_issue(jget_str(json_object_array_get_idx(issues, n), "code")) :
						cfg_code_severity(jget_str(json_object_array_get_idx(issues, n), "code")) != SEV_ERROR,
						"%s / %s / %s:\n%s\n%s", cat_s(cat, cl->id), cat_s(cat, cat->entries[i].slug),
						jget_str(conn, "id"), text, json_object_to_json_string(r));
				checked++;
				json_object_put(r);
				json_object_put(s);
				free(text);
				json_object_put(tree);
				json_object_put(secrets);
			}
			json_object_put(conns);
		}
	}
	return checked;
}

Test(roundtrip, every_client_every_entry_every_usable_connection, .init = open_catalog, .fini = close_catalog)
{
	cr_assert_gt(CAT.nentries, 0);
	cr_assert_gt(roundtrip(&CAT, true), (int)CAT.nclients);
}

/* Every client x every transport, with a secret in env or a header: each usable one gives a snippet that
 * validates clean, new clients included (Visual Studio's inputs, Copilot's requestInit, Vibe's [[mcp_servers]]). */
Test(roundtrip, every_client_every_transport_with_secrets, .init = open_catalog, .fini = close_catalog)
{
	static const char *const conns[] = {
		"{\"id\":\"npx\",\"transport\":\"stdio\",\"command\":\"npx\",\"args\":[\"-y\",\"some-mcp\"],"
		"\"env\":[{\"name\":\"API_TOKEN\",\"required\":true,\"secret\":true,\"description\":\"token\"}],\"headers\":null}",
		"{\"id\":\"remote-http\",\"transport\":\"streamable-http\",\"url\":\"https://x.example/mcp\",\"env\":[],"
		"\"headers\":[{\"name\":\"Authorization\",\"required\":true,\"secret\":true,\"description\":\"token\"}],\"args\":null}",
		"{\"id\":\"remote-sse\",\"transport\":\"sse\",\"url\":\"https://x.example/sse\",\"env\":[],"
		"\"headers\":[{\"name\":\"X-Api-Key\",\"required\":true,\"secret\":true,\"description\":\"key\"}],\"args\":null}",
	};
	int made = 0;
	for (uint32_t k = 0; k < CAT.nclients; k++) {
		const struct cat_client *cl = &CAT.clients[k];
		for (size_t c = 0; c < sizeof conns / sizeof *conns; c++) {
			struct json_object *conn = json_tokener_parse(conns[c]), *secrets = json_object_new_array();
			struct compat v;
			compat_judge(&CAT, cl, conn, &v);
			cr_assert_neq(v.status, CS_NOT_SUPPORTED, "%s cannot use %s at all", cat_s(&CAT, cl->id), jget_str(conn, "id"));
			struct json_object *tree = snippet_build(&CAT, cl, "srv", conn, v.status == CS_VIA_BRIDGE, secrets);
			char *text = cfg_emit((enum cfg_format)cl->format, tree);
			cr_assert(text);
			struct json_object *str = json_object_new_string(text), *r = cfg_validate(&CAT, cl, str);
			struct json_object *issues = jget(r, "issues");
			for (size_t n = 0; n < json_object_array_length(issues); n++)
				cr_assert(clean_issue(jget_str(json_object_array_get_idx(issues, n), "code")), "%s / %s:\n%s\n%s",
					cat_s(&CAT, cl->id), jget_str(conn, "id"), text, json_object_to_json_string(r));
			cr_assert_eq(json_object_array_length(secrets), 1, "%s / %s: the secret is not named", cat_s(&CAT, cl->id),
				jget_str(conn, "id"));
			made++;
			json_object_put(r);
			json_object_put(str);
			free(text);
			json_object_put(tree);
			json_object_put(secrets);
			json_object_put(conn);
		}
	}
	cr_assert_eq(made, (int)CAT.nclients * 3);
}

/* The same over the whole shared registry dump, imported and compiled in. */
Test(roundtrip, whole_imported_registry, .timeout = 120)
{
	char path[4096], err[1024];
	const char *src = getenv("AUTOPLAN_SRCDIR");
	cr_assert(src);
	snprintf(path, sizeof path, "%s/../shared/registry/official-registry-servers-2025-12-18.json", src);
	if (access(path, R_OK) != 0) cr_skip_test("the shared registry dump is not next to the source tree");
	struct import_stats st;
	struct json_object *out = registry_import_file(path, NULL, &st, err, sizeof err);
	cr_assert(out, "%s", err);
	char dir[] = "/tmp/apcfg.XXXXXX", file[128], bin[128], cat[4200];
	cr_assert(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/registry.json", dir);
	snprintf(bin, sizeof bin, "%s/catalog.bin", dir);
	snprintf(cat, sizeof cat, "%s/catalog", src);
	cr_assert_eq(json_object_to_file(file, out), 0);
	json_object_put(out);
	cr_assert_eq(catalogc_build_ex(cat, dir, bin, err, sizeof err), 0, "%s", err);
	struct catalog c;
	cr_assert_eq(catalog_open(&c, bin, err, sizeof err), 0, "%s", err);
	cr_assert_gt(c.nentries, 1000);
	int n = roundtrip(&c, false);
	cr_assert_gt(n, (int)c.nentries * (int)c.nclients / 2, "%d snippets", n);
	catalog_close(&c);
	unlink(file);
	unlink(bin);
	rmdir(dir);
}

/* ---- row 5 rules on synthetic connections ---- */

Test(compat, statuses_follow_the_client_facts, .init = open_catalog, .fini = close_catalog)
{
	struct { const char *client, *conn; enum compat_status want; } c[] = {
		{ "claude-desktop", "{\"id\":\"remote-http\",\"transport\":\"streamable-http\",\"url\":\"https://x/mcp\"}", CS_VIA_BRIDGE },
		{ "claude-desktop", "{\"id\":\"npx\",\"transport\":\"stdio\",\"command\":\"npx\",\"args\":[\"-y\",\"p\"]}", CS_SUPPORTED },
		{ "claude-desktop", "{\"id\":\"mcpb\",\"transport\":\"stdio\",\"command\":null,\"args\":null}", CS_SUPPORTED },
		{ "cursor", "{\"id\":\"mcpb\",\"transport\":\"stdio\",\"command\":null,\"args\":null}", CS_NOT_SUPPORTED },
		{ "codex", "{\"id\":\"remote-sse\",\"transport\":\"sse\",\"url\":\"https://x/sse\"}", CS_VIA_BRIDGE },
		{ "codex", "{\"id\":\"remote-http\",\"transport\":\"streamable-http\",\"url\":\"https://x/mcp\"}", CS_SUPPORTED },
		{ "zed", "{\"id\":\"remote-sse\",\"transport\":\"sse\",\"url\":\"https://x/sse\"}", CS_VIA_BRIDGE },
		{ "jetbrains", "{\"id\":\"remote-http\",\"transport\":\"streamable-http\",\"url\":\"https://x/mcp\"}", CS_LIMITED },
		{ "cursor", "{\"id\":\"x\",\"transport\":\"websocket\"}", CS_NOT_SUPPORTED },
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct json_object *conn = json_tokener_parse(c[i].conn);
		struct compat v;
		compat_judge(&CAT, cat_client_find(&CAT, c[i].client), conn, &v);
		cr_assert_eq(v.status, c[i].want, "%zu: %s got %s", i, c[i].client, COMPAT_STATUS_NAMES[v.status]);
		json_object_put(conn);
	}
	cr_assert(!compat_execution_tested(&CAT, "mcp/io-github-github-github-mcp-server", "cursor"));
}

Test(snippet, bridge_and_client_secret_syntax, .init = open_catalog, .fini = close_catalog)
{
	struct json_object *conn = json_tokener_parse("{\"id\":\"remote-http\",\"transport\":\"streamable-http\","
		"\"url\":\"https://x.example/mcp\",\"headers\":[{\"name\":\"Authorization\",\"required\":true,\"secret\":true,"
		"\"description\":\"token\"}],\"env\":[],\"args\":null}");
	struct json_object *secrets = json_object_new_array();
	struct json_object *t = snippet_build(&CAT, cat_client_find(&CAT, "claude-desktop"), "x", conn, true, secrets);
	struct json_object *e = jget(jget(t, "mcpServers"), "x");
	cr_assert_str_eq(jget_str(e, "command"), "npx");
	cr_assert_str_eq(json_object_get_string(json_object_array_get_idx(jget(e, "args"), 1)), "mcp-remote");
	cr_assert_eq(json_object_array_length(secrets), 1);
	json_object_put(t);
	json_object_put(secrets);
	secrets = json_object_new_array();
	t = snippet_build(&CAT, cat_client_find(&CAT, "windsurf"), "x", conn, false, secrets);
	e = jget(jget(t, "mcpServers"), "x");
	cr_assert_str_eq(jget_str(e, "serverUrl"), "https://x.example/mcp");
	cr_assert_str_eq(jget_str(jget(e, "headers"), "Authorization"), "${env:AUTHORIZATION}");
	json_object_put(t);
	json_object_put(secrets);
	json_object_put(conn);
}

/* ---- id "self": this service's own MCP endpoint, through the router as over HTTP ---- */

static struct router RT;

static void open_router(void)
{
	open_catalog();
	cr_assert_eq(router_init(&RT, &CAT, ROUTES, NROUTES), 0);
}

static void close_router(void)
{
	router_free(&RT);
	close_catalog();
}

/* POSTs body and expects want; the answer (caller puts). */
static struct json_object *post_expect(const char *path, const char *body, int want)
{
	int st;
	char *text;
	struct json_object *o = inproc_post(&RT, path, body, &st, &text);
	cr_assert_eq(st, want, "%s %s -> %d %s", path, body, st, text);
	free(text);
	return o;
}

/* Every client gets a snippet naming the endpoint under "autoplan" (directly, or through the bridge the client
 * needs), and the validation route (row 7) finds nothing in it: no secrets, no placeholders, the client's own
 * field names. */
Test(self, every_client_configures_and_validates, .init = open_router, .fini = close_router)
{
	cr_assert_eq(CAT.nclients, 23);
	for (uint32_t i = 0; i < CAT.nclients; i++) {
		const char *id = cat_s(&CAT, CAT.clients[i].id);
		char body[300];
		snprintf(body, sizeof body, "{\"id\":\"self\",\"client\":\"%s\",\"url\":\"https://plan.example.org/\"}", id);
		struct json_object *r = post_expect("/v2/configure", body, 200);
		const char *st = jget_str(r, "status");
		/* limited: only some variants of the client reach remote servers (its reason says which) */
		cr_assert(!strcmp(st, "ok") || !strcmp(st, "ok_via_bridge") || !strcmp(st, "limited"), "%s: %s", id,
			json_object_to_json_string(r));
		cr_assert_str_eq(jget_str(jget(r, "endpoint"), "url"), "https://plan.example.org/mcp");
		cr_assert_str_eq(jget_str(jget(r, "endpoint"), "source"), "url");
		struct json_object *t = jget(r, "template");
		cr_assert_str_eq(jget_str(t, "server_name"), "autoplan");
		const char *snippet = jget_str(t, "snippet");
		cr_assert(strstr(snippet, "autoplan") && strstr(snippet, "https://plan.example.org/mcp"), "%s: %s", id, snippet);
		cr_assert_eq(json_object_array_length(jget(t, "secrets")), 0, "%s", id);
		struct json_object *req = json_object_new_object();
		jadd(req, "client", json_object_new_string(id));
		jadd(req, "config", json_object_new_string(snippet));
		struct json_object *v = post_expect("/v2/config/validate", json_object_to_json_string(req), 200);
		/* a limited transport is the one warning, the validator's word for configure's limited */
		bool limited = !strcmp(st, "limited");
		struct json_object *issues = jget(v, "issues");
		cr_assert_str_eq(jget_str(v, "status"), limited ? "valid_with_warnings" : "valid", "%s: %s\n%s", id, snippet,
			json_object_to_json_string(v));
		cr_assert_eq(json_object_array_length(issues), limited ? 1 : 0, "%s", id);
		if (limited) cr_assert_str_eq(jget_str(json_object_array_get_idx(issues, 0), "code"), "TRANSPORT_LIMITED");
		json_object_put(v);
		json_object_put(req);
		json_object_put(r);
	}
}

/* The url member: an endpoint is kept, a base gets /mcp; anything else, or url beside an entry, is a 400. */
Test(self, url_rules, .init = open_router, .fini = close_router)
{
	static const char *const ok[][2] = { { "http://127.0.0.1:8080/mcp", "http://127.0.0.1:8080/mcp" },
		{ "https://x.example/autoplan", "https://x.example/autoplan/mcp" }, { "http://[::1]:8080", "http://[::1]:8080/mcp" } };
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		char body[300];
		snprintf(body, sizeof body, "{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"%s\"}", ok[i][0]);
		struct json_object *r = post_expect("/v2/configure", body, 200);
		cr_assert_str_eq(jget_str(jget(r, "endpoint"), "url"), ok[i][1]);
		json_object_put(r);
	}
	static const char *const bad[] = { "{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"ftp://x.example/mcp\"}",
		"{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"https://x.example/mcp?x=1\"}",
		"{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"https://:8080/mcp\"}",
		"{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"https://user@x.example/mcp\"}",
		"{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"\"}",
		"{\"id\":\"self\",\"client\":\"cursor\"}", /* no transport here: the request names no address */
		"{\"id\":\"mcp/io-github-github-github-mcp-server\",\"client\":\"cursor\",\"url\":\"https://x.example/mcp\"}",
		"{\"id\":\"selfish\",\"client\":\"cursor\"}", NULL };
	for (int i = 0; bad[i]; i++) {
		struct json_object *r = post_expect("/v2/configure", bad[i], 400);
		cr_assert_str_eq(jget_str(r, "error"), "invalid_request", "%s", bad[i]);
		json_object_put(r);
	}
	struct json_object *r = post_expect("/v2/configure",
		"{\"id\":\"self\",\"client\":\"cursor\",\"url\":\"https://x.example/mcp\",\"connection\":\"stdio\"}", 404);
	cr_assert_str_eq(jget_str(r, "error"), "connection_not_found");
	json_object_put(r);
	r = post_expect("/v2/compatibility/check", "{\"id\":\"self\",\"client\":\"cursor\"}", 400);
	json_object_put(r);
}
