/* The MCP endpoint: the Streamable HTTP transport's rules, the JSON-RPC envelope and the methods. */
#include "mcp/mcp.h"
#include "catalog/vocab.h"
#include "util/jsonstrict.h"
#include "util/text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const MCP_VERSIONS[] = { MCP_MODERN, "2025-11-25", "2025-06-18", NULL };
/* What initialize answers a version it does not know: the newest version of the handshake. */
#define HANDSHAKE_LATEST "2025-11-25"

#define MCP_INSTRUCTIONS_DE "Plant Automationen über dokumentierte Anbieter-Operationen und antwortet aus einem " \
	"Verzeichnis von MCP-Servern. Rufen Sie plan_workflow mit einer freien Anfrage (Deutsch oder Englisch) oder einer " \
	"task_id auf: Sie erhalten die Schritte, die Anbieter-Operationen, die OAuth-Scopes jedes Schritts und was " \
	"unbekannt oder ungetestet ist, auf Wunsch mit Belegen. explain_permissions, snapshot_workflow und change_impact " \
	"arbeiten mit derselben Anfrage; find_capabilities, get_capability_gaps und find_replacements erkunden den " \
	"Katalog; list_entries_v1, get_connections, get_verifications, get_verification_report, check_compatibility, " \
	"configure und validate_config bedienen das Verzeichnis und Client-Konfigurationen. Jedes Werkzeug liest nur: " \
	"kein Anbieter wird aufgerufen. Die Antworten sind die der HTTP-Schnittstelle unter /v2 für dieselbe Eingabe. " \
	"Aufgaben, Apps, Anleitungen und Clients sind Ressourcen (autoplan:/v2/...), und der Prompt plan_request macht " \
	"aus der Anfrage eines Nutzers einen Planaufruf."
#define MCP_INSTRUCTIONS "Plans automations over documented provider operations and answers from a directory " \
	"of MCP servers. Call plan_workflow with a free-text query (English or German) or a task_id to get the " \
	"steps, the provider operations, the OAuth scopes each needs and what is unknown or untested, with " \
	"evidence when asked. explain_permissions, snapshot_workflow and change_impact work on the same request; " \
	"find_capabilities, get_capability_gaps and find_replacements explore the catalog; list_entries_v1, " \
	"get_connections, get_verifications, get_verification_report, check_compatibility, configure and " \
	"validate_config serve the directory and client configurations. Every tool only reads: nothing is " \
	"called at any provider. The answers are those of the HTTP interface under /v2 for the same input. " \
	"The tasks, apps, guides and clients are resources (autoplan:/v2/...), and the prompt plan_request turns a " \
	"user's request into a plan call."

static bool supported(const char *version)
{
	for (int i = 0; MCP_VERSIONS[i]; i++)
		if (strcmp(MCP_VERSIONS[i], version) == 0) return true;
	return false;
}

/* Room for version_data: the served versions and 40 bytes of the requested one, each escaped to at most 6. */
#define VERSION_DATA 512

/* {"supported":[...],"requested":version} into buf (VERSION_DATA bytes). */
static const char *version_data(char *buf, size_t cap, const char *requested)
{
	char clean[41];
	utf8_sanitize(requested, clean, sizeof clean);
	struct jw w = { 0 };
	jw_obj(&w);
	jw_key(&w, "supported");
	jw_arr(&w);
	for (int i = 0; MCP_VERSIONS[i]; i++) jw_str(&w, MCP_VERSIONS[i]);
	jw_arr_end(&w);
	jw_key(&w, "requested");
	jw_str(&w, clean);
	jw_obj_end(&w);
	snprintf(buf, cap, "%.*s", jw_failed(&w) ? 2 : (int)w.len, jw_failed(&w) ? "{}" : w.p);
	jw_free(&w);
	return buf;
}

/* Starts a response to id (NULL: null) in out; the caller writes "result" or "error" and closes. */
static struct jw *response(struct reply *out, struct json_object *id)
{
	struct jw *w = reply_object(out);
	jw_key(w, "jsonrpc");
	jw_str(w, "2.0");
	jw_key(w, "id");
	if (!id) jw_null(w);
	else if (json_object_is_type(id, json_type_int) && json_object_get_int64(id) < INT64_MAX)
		jw_int(w, json_object_get_int64(id)); /* cheaper than json-c's printer; a larger id (uint64) is json-c's */
	else jw_json(w, id);
	return w;
}

/* A JSON-RPC error answered with HTTP status; data is JSON text or NULL. */
static void rpc_error(struct reply *out, int status, struct json_object *id, int code, const char *data,
	const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void rpc_error(struct reply *out, int status, struct json_object *id, int code, const char *data,
	const char *fmt, ...)
{
	char msg[512], clean[sizeof msg + 256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	utf8_sanitize(msg, clean, sizeof clean); /* a quoted name cut short never splits a character */
	struct jw *w = response(out, id);
	jw_key(w, "error");
	jw_obj(w);
	jw_key(w, "code");
	jw_int(w, code);
	jw_key(w, "message");
	jw_str(w, clean);
	if (data) {
		jw_key(w, "data");
		jw_raw(w, data);
	}
	jw_obj_end(w);
	reply_close(out);
	out->status = status;
}

/* The request headers a page may send (a preflight's Access-Control-Allow-Headers): what this endpoint reads. */
#define CORS_HEADERS "Content-Type, Accept, Accept-Language, MCP-Protocol-Version, Mcp-Method, Mcp-Name"
/* The longest Origin echoed: scheme, a DNS name of at most 253 bytes and a port. */
enum { MAX_ORIGIN = 280 };

/* Origin: scheme://host[:port], compared without case. Loopback hosts always pass. */
static bool loopback(const char *origin)
{
	const char *h = strstr(origin, "://");
	if (!h || (strncasecmp(origin, "http://", 7) != 0 && strncasecmp(origin, "https://", 8) != 0)) return false;
	h += 3;
	static const char *const hosts[] = { "localhost", "127.0.0.1", "[::1]" };
	for (size_t i = 0; i < sizeof hosts / sizeof *hosts; i++) {
		size_t n = strlen(hosts[i]);
		if (strncasecmp(h, hosts[i], n) != 0) continue;
		const char *p = h + n;
		if (*p == '\0') return true;
		if (*p != ':' || !p[1]) return false;
		for (p++; *p; p++)
			if (*p < '0' || *p > '9') return false;
		return true;
	}
	return false;
}

bool mcp_origin_allowed(const char *origin, const char *allowed)
{
	if (loopback(origin)) return true;
	size_t n = strlen(origin);
	for (const char *p = allowed ? allowed : ""; *p;) {
		p += strspn(p, " \t,");
		size_t k = strcspn(p, ",");
		size_t e = k;
		while (e > 0 && (p[e - 1] == ' ' || p[e - 1] == '\t')) e--;
		if (e == n && e > 0 && strncasecmp(p, origin, n) == 0) return true;
		p += k;
	}
	return false;
}

/* Whether a media range's parameters (after its ';') set q to zero. */
static bool q_zero(const char *params, size_t n)
{
	for (const char *q = params; q + 2 < params + n; q++)
		if ((q[0] == 'q' || q[0] == 'Q') && q[1] == '=' && (q == params || q[-1] == ';' || q[-1] == ' '))
			return strtod(q + 2, NULL) == 0.0;
	return false;
}

/* Whether a comma-separated list of media ranges admits type ("application/json"): the type itself, its
 * major type with a star, or two stars, at a q above zero. */
static bool media_admits(const char *list, const char *type)
{
	size_t major = (size_t)(strchr(type, '/') - type);
	for (const char *p = list; *p;) {
		p += strspn(p, " \t,");
		size_t all = strcspn(p, ","), k = strcspn(p, ";,"), e = k;
		while (e > 0 && (p[e - 1] == ' ' || p[e - 1] == '\t')) e--;
		bool match = (e == strlen(type) && strncasecmp(p, type, e) == 0) || (e == 3 && strncmp(p, "*/*", 3) == 0) ||
			(e == major + 2 && strncasecmp(p, type, major + 1) == 0 && p[e - 1] == '*');
		if (match && !q_zero(p + k, all - k)) return true;
		p += all;
	}
	return false;
}

/* MCP-Protocol-Version names a version this server does not serve: 400 with the unsupported-version error. It
 * answers one request, so it carries that request's id when the body is a message with a valid one (JSON-RPC 2.0:
 * the id is null only when it cannot be read); the body is read for nothing else. */
static void version_error(const struct request *req, struct reply *out, const char *version)
{
	struct json_object *doc = NULL, *id = NULL;
	if (req->body && req->body_len > 0 && req->body_state == BODY_OK) {
		struct json_flaw flaw;
		doc = json_strict_parse(req->body, req->body_len, MAX_JSON_DEPTH, &flaw);
	}
	if (!doc || !json_object_is_type(doc, json_type_object) || !json_object_object_get_ex(doc, "id", &id) ||
	    (!json_object_is_type(id, json_type_string) && !json_object_is_type(id, json_type_int)))
		id = NULL;
	char data[VERSION_DATA];
	rpc_error(out, 400, id, RPC_UNSUPPORTED_VERSION, version_data(data, sizeof data, version),
		"unsupported protocol version in MCP-Protocol-Version: %.40s (supported: %s, %s, %s)", version,
		MCP_VERSIONS[0], MCP_VERSIONS[1], MCP_VERSIONS[2]);
	json_object_put(doc);
}

/* The transport's rules, before the body is read (but for the version's error, above): 0 with *version the
 * MCP-Protocol-Version header (a served one, or NULL), or -1 with out filled. */
static int transport_checks(const struct mcp_config *cfg, const struct request *req, struct reply *out,
	const char **version)
{
	const char *origin = request_header(req, "HTTP_ORIGIN");
	if (origin && !mcp_origin_allowed(origin, cfg ? cfg->origins : NULL)) {
		rpc_error(out, 403, NULL, RPC_SERVER_ERROR, NULL, "requests from the origin %.200s are not allowed", origin);
		return -1;
	}
	/* a page of an allowed origin reads the answer (CORS); an origin is a scheme, a host and a port: short */
	if (origin && strlen(origin) <= MAX_ORIGIN) out->cors_origin = origin;
	if (strcmp(req->method, "OPTIONS") == 0) { /* a browser's preflight before its POST, or a plain question */
		out->status = 204;
		snprintf(out->allow, sizeof out->allow, "POST, OPTIONS");
		if (out->cors_origin && request_header(req, "HTTP_ACCESS_CONTROL_REQUEST_METHOD")) out->cors_headers = CORS_HEADERS;
		return -1;
	}
	if (strcmp(req->method, "POST") != 0) {
		rpc_error(out, 405, NULL, RPC_SERVER_ERROR, NULL, "%s is not allowed on %s: this stateless endpoint takes "
			"POST only (no event stream, no session to end)", req->method, req->path);
		snprintf(out->allow, sizeof out->allow, "POST, OPTIONS");
		return -1;
	}
	*version = request_header(req, "HTTP_MCP_PROTOCOL_VERSION");
	if (*version && !supported(*version)) {
		version_error(req, out, *version);
		return -1;
	}
	const char *accept = request_header(req, "HTTP_ACCEPT");
	if (accept && !media_admits(accept, "application/json")) {
		rpc_error(out, 406, NULL, RPC_SERVER_ERROR, NULL, "the Accept header must admit application/json, "
			"the only answer this endpoint gives");
		return -1;
	}
	const char *type = request_header(req, "CONTENT_TYPE");
	if (type && !media_admits(type, "application/json")) {
		rpc_error(out, 415, NULL, RPC_SERVER_ERROR, NULL, "the body must be application/json");
		return -1;
	}
	if (req->body_state == BODY_TOO_LARGE) {
		rpc_error(out, 413, NULL, RPC_INVALID_REQUEST, NULL, "the request body is larger than this service accepts");
		return -1;
	}
	return 0;
}

/* The body as one strict JSON value (no duplicate names, strict UTF-8), or NULL with out filled. */
static struct json_object *parse_body(const struct request *req, struct reply *out)
{
	if (!req->body || req->body_len == 0 || req->body_state != BODY_OK) {
		rpc_error(out, 400, NULL, RPC_PARSE_ERROR, NULL, "a JSON-RPC message is required as the body");
		return NULL;
	}
	struct json_flaw flaw;
	struct json_object *doc = json_strict_parse(req->body, req->body_len, MAX_JSON_DEPTH, &flaw);
	if (!doc)
		rpc_error(out, 400, NULL, RPC_PARSE_ERROR, NULL, "the body is not valid JSON: %s at byte %zu", flaw.what,
			flaw.offset);
	return doc;
}

/* How one request is served: by the initialize handshake's rules, or by 2026-07-28's (modern). */
struct era {
	bool modern;
	const char *lang; /* the language preference (Accept-Language's grammar): the _meta's, else the header's */
	bool de;          /* texts in German: lang prefers it */
};

/* Starts a result object for id; end_result closes it, with resultType on a modern request. */
static struct jw *begin_result(struct reply *out, struct json_object *id)
{
	struct jw *w = response(out, id);
	jw_key(w, "result");
	jw_obj(w);
	return w;
}

static void end_result(struct reply *out, struct jw *w, const struct era *era)
{
	if (era->modern) {
		jw_key(w, "resultType");
		jw_str(w, "complete");
		/* 2026-07-28: servers identify themselves in every result's _meta (the body's serverInfo of
		 * server/discover stays for clients of the earlier drafts) */
		jw_key(w, "_meta");
		jw_raw(w, "{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"" SERVICE_NAME "\",\"version\":\"" API_VERSION "\"}}");
	}
	jw_obj_end(w);
	reply_close(out);
}

static void server_info(struct jw *w, const struct era *era)
{
	jw_key(w, "capabilities");
	jw_raw(w, "{\"tools\":{\"listChanged\":false},\"resources\":{\"listChanged\":false},"
		"\"prompts\":{\"listChanged\":false}}");
	jw_key(w, "serverInfo");
	jw_obj(w);
	jw_key(w, "name");
	jw_str(w, SERVICE_NAME);
	jw_key(w, "title");
	jw_str(w, "autoplan automation planner and MCP server directory");
	jw_key(w, "version");
	jw_str(w, API_VERSION);
	jw_obj_end(w);
	jw_key(w, "instructions");
	jw_str(w, era->de ? MCP_INSTRUCTIONS_DE : MCP_INSTRUCTIONS);
}

/* The handshake (2025-06-18, 2025-11-25): the client's version when it is one of the handshake's, else the
 * newest of them (2026-07-28 has no handshake). */
static void initialize(struct reply *out, struct json_object *id, struct json_object *params, const struct era *era)
{
	struct json_object *v = NULL;
	if (!json_object_object_get_ex(params, "protocolVersion", &v) || !json_object_is_type(v, json_type_string)) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "initialize needs params.protocolVersion, a string");
		return;
	}
	const char *asked = json_object_get_string(v);
	struct jw *w = begin_result(out, id);
	jw_key(w, "protocolVersion");
	jw_str(w, supported(asked) && strcmp(asked, MCP_MODERN) != 0 ? asked : HANDSHAKE_LATEST);
	server_info(w, era);
	end_result(out, w, era);
}

/* 2026-07-28's cache hints, on its cacheable results: the lists are fixed by the release, as the HTTP answers
 * marked so (a day), a resource's contents by the catalog (CACHE_CATALOG_SECONDS); private, since their texts
 * follow the caller's language. */
static void cache_hints(struct jw *w, const struct era *era, long long seconds)
{
	if (!era->modern) return;
	jw_key(w, "ttlMs");
	jw_int(w, seconds * 1000LL);
	jw_key(w, "cacheScope");
	jw_str(w, "private");
}

/* 2026-07-28: the versions, capabilities and identity in one answer, before or instead of anything else. */
static void discover(struct reply *out, struct json_object *id, const struct era *era)
{
	struct jw *w = begin_result(out, id);
	jw_key(w, "supportedVersions");
	jw_arr(w);
	for (int i = 0; MCP_VERSIONS[i]; i++) jw_str(w, MCP_VERSIONS[i]);
	jw_arr_end(w);
	server_info(w, era);
	cache_hints(w, era, CACHE_RELEASE_SECONDS);
	end_result(out, w, era);
}

static void call_tool(const struct router *r, const struct request *req, struct reply *out, struct json_object *id,
	const char *name, struct json_object *args, const struct era *era);

static void tools_call(const struct router *r, const struct request *req, struct reply *out, struct json_object *id,
	struct json_object *params, const struct era *era)
{
	struct json_object *name = NULL, *args = NULL;
	if (!json_object_object_get_ex(params, "name", &name) || !json_object_is_type(name, json_type_string)) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "tools/call needs params.name, a string");
		return;
	}
	if (json_object_object_get_ex(params, "arguments", &args) && !json_object_is_type(args, json_type_object)) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "params.arguments must be an object");
		return;
	}
	call_tool(r, req, out, id, json_object_get_string(name), args, era);
}

/* The tool named name runs with args (an object, or NULL for none; not taken). */
static void call_tool(const struct router *r, const struct request *req, struct reply *out, struct json_object *id,
	const char *name, struct json_object *args, const struct era *era)
{
	const struct route *rt = mcp_tool_find(r, name);
	if (!rt) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "unknown tool: %.80s (tools/list names them)", name);
		return;
	}
	struct json_object *none = args ? NULL : json_object_new_object();
	struct request asked = *req; /* the answer's texts ordered by the request's preference, as over HTTP */
	asked.accept_language = (char *)era->lang;
	struct jw *w = begin_result(out, id);
	mcp_tool_call(r, rt, args ? args : none, &asked, out);
	json_object_put(none);
	end_result(out, w, era);
}

/* A string member of params, or NULL. */
static const char *param_string(struct json_object *params, const char *key)
{
	struct json_object *v = NULL;
	return json_object_object_get_ex(params, key, &v) && json_object_is_type(v, json_type_string) ?
		json_object_get_string(v) : NULL;
}

/* resources/read: the route behind the URI answers, as a tool call's does; its error (an unknown entry) is the
 * resource-not-found error with the HTTP interface's error object as data. */
static void resources_read(const struct router *r, const struct request *req, struct reply *out,
	struct json_object *id, struct json_object *params, const struct era *era)
{
	const char *uri = param_string(params, "uri");
	if (!uri) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "resources/read needs params.uri, a string");
		return;
	}
	struct json_object *args = NULL;
	const char *query;
	const struct route *rt = mcp_resource_find(r, uri, &args, &query);
	if (!rt) {
		rpc_error(out, 200, id, RPC_RESOURCE_NOT_FOUND, NULL, "resource not found: %.200s (resources/list and "
			"resources/templates/list name them)", uri);
		return;
	}
	struct request asked = *req;
	asked.accept_language = (char *)era->lang;
	struct reply ans = { 0 };
	if (!query || router_query_args(rt, query, args, &ans) == 0) router_call(r, rt, args, &asked, &ans);
	json_object_put(args);
	size_t len;
	const char *text = reply_text(&ans, &len);
	if (ans.status >= 400) {
		char *data = strndup(text, len); /* the answer's text is not always NUL-terminated */
		rpc_error(out, 200, id, RPC_RESOURCE_NOT_FOUND, data, "resource not found: %.200s (data: the HTTP "
			"interface's error)", uri);
		free(data);
	} else {
		struct jw *w = begin_result(out, id);
		jw_key(w, "contents");
		jw_arr(w);
		jw_obj(w);
		jw_key(w, "uri");
		jw_str(w, uri);
		jw_key(w, "mimeType");
		jw_str(w, "application/json");
		jw_key(w, "text");
		jw_strn(w, text, len);
		jw_obj_end(w);
		jw_arr_end(w);
		cache_hints(w, era, CACHE_CATALOG_SECONDS);
		end_result(out, w, era);
	}
	reply_free(&ans);
}

/* prompts/get: the prompt's message with its argument quoted. */
static void prompts_get(struct reply *out, struct json_object *id, struct json_object *params, const struct era *era)
{
	const char *name = param_string(params, "name"), *arg = NULL;
	if (!name) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "prompts/get needs params.name, a string");
		return;
	}
	if (!mcp_prompt_find(name, &arg)) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "unknown prompt: %.80s (prompts/list names them)", name);
		return;
	}
	struct json_object *args = NULL;
	json_object_object_get_ex(params, "arguments", &args);
	const char *value = param_string(args, arg);
	if (!value || !*value) {
		rpc_error(out, 200, id, RPC_INVALID_PARAMS, NULL, "the prompt %s needs the argument %s, a non-empty string",
			name, arg);
		return;
	}
	struct jw *w = begin_result(out, id);
	mcp_prompt_get(name, value, era->de, w);
	end_result(out, w, era);
}

/* tools/list's members: the text written at build time when the responder has it, else written now. */
static void tools_list(const struct mcp_config *cfg, const struct router *r, bool de, struct jw *w)
{
	const char *tools = cfg && cfg->tools ? cfg->tools[de] : NULL;
	if (tools) jw_members(w, tools, strlen(tools));
	else mcp_tools_list(r, de, w);
}

/* A request (it has an id): answered 200 with its result or its JSON-RPC error. */
static void request(const struct mcp_config *cfg, const struct router *r, const struct request *req,
	struct reply *out, const char *method, struct json_object *id, struct json_object *params, const struct era *era)
{
	if (era->modern && (strcmp(method, "initialize") == 0 || strcmp(method, "ping") == 0)) {
		/* 2026-07-28 removed the handshake and ping: not found, as any method it does not have */
		rpc_error(out, 404, id, RPC_METHOD_NOT_FOUND, NULL, "method not found: %s is not part of protocol version "
			"%s (server/discover replaces the handshake)", method, MCP_MODERN);
	} else if (strcmp(method, "initialize") == 0) {
		initialize(out, id, params, era);
	} else if (strcmp(method, "server/discover") == 0) {
		discover(out, id, era);
	} else if (strcmp(method, "ping") == 0) {
		end_result(out, begin_result(out, id), era);
	} else if (strcmp(method, "tools/list") == 0) {
		struct jw *w = begin_result(out, id);
		tools_list(cfg, r, era->de, w);
		cache_hints(w, era, CACHE_RELEASE_SECONDS);
		end_result(out, w, era);
	} else if (strcmp(method, "tools/call") == 0) {
		tools_call(r, req, out, id, params, era);
	} else if (strcmp(method, "resources/list") == 0 || strcmp(method, "resources/templates/list") == 0) {
		struct jw *w = begin_result(out, id);
		if (strcmp(method, "resources/list") == 0) mcp_resources_list(r, era->de, w);
		else mcp_resource_templates_list(r, era->de, w);
		cache_hints(w, era, CACHE_RELEASE_SECONDS);
		end_result(out, w, era);
	} else if (strcmp(method, "resources/read") == 0) {
		resources_read(r, req, out, id, params, era);
	} else if (strcmp(method, "prompts/list") == 0) {
		struct jw *w = begin_result(out, id);
		mcp_prompts_list(era->de, w);
		cache_hints(w, era, CACHE_RELEASE_SECONDS);
		end_result(out, w, era);
	} else if (strcmp(method, "prompts/get") == 0) {
		prompts_get(out, id, params, era);
	} else {
		/* 2026-07-28's transport answers a method the server does not have 404; the handshake's, 200 */
		rpc_error(out, era->modern ? 404 : 200, id, RPC_METHOD_NOT_FOUND, NULL, "method not found: %.80s", method);
	}
}

/* A request's _meta (an object or not), or NULL: looked up once for the version and the language. */
static struct json_object *meta_of(struct json_object *params)
{
	struct json_object *meta = NULL;
	return json_object_object_get_ex(params, "_meta", &meta) ? meta : NULL;
}

/* The language preference of a request: its _meta's "io.modelcontextprotocol/acceptLanguage" (Accept-Language's
 * grammar, as proposed for the protocol in SEP-2792; a client without HTTP headers can state it so), else the
 * Accept-Language header; a _meta value longer than the header's cap is not read. NULL when neither. */
static const char *language(const struct request *req, struct json_object *meta)
{
	const char *lang = param_string(meta, "io.modelcontextprotocol/acceptLanguage");
	return lang && strlen(lang) <= 256 ? lang : req->accept_language;
}

/* Header h must be present and equal value (a body member it mirrors); 0, or -1 with out filled. */
static int mirrored(const struct request *req, struct reply *out, struct json_object *id, const char *cgi_name,
	const char *header, const char *value)
{
	const char *h = request_header(req, cgi_name);
	if (!h) {
		rpc_error(out, 400, id, RPC_HEADER_MISMATCH, NULL, "the %s header is required (it mirrors the body's %.80s)",
			header, value);
		return -1;
	}
	if (strcmp(h, value) != 0) {
		rpc_error(out, 400, id, RPC_HEADER_MISMATCH, NULL, "the %s header (%.80s) is not the body's %.80s", header, h,
			value);
		return -1;
	}
	return 0;
}

/* What Mcp-Name mirrors: a tool's or a prompt's name, a resource's URI; NULL for the other methods. */
static const char *named_of(const char *method, struct json_object *params)
{
	return strcmp(method, "tools/call") == 0 || strcmp(method, "prompts/get") == 0 ? param_string(params, "name") :
		strcmp(method, "resources/read") == 0 ? param_string(params, "uri") : NULL;
}

/* A 2026-07-28 request (its _meta or its MCP-Protocol-Version names that generation): the version must be
 * served, and the headers that mirror the body (MCP-Protocol-Version, Mcp-Method, Mcp-Name: named, from named_of)
 * must agree with it; header is the MCP-Protocol-Version header as transport_checks read it. Returns 1 for a
 * modern request, 0 for one of the handshake's, -1 with out filled. */
static int modern_checks(const struct request *req, struct reply *out, struct json_object *id, const char *header,
	const char *method, const char *named, struct json_object *meta_obj)
{
	const char *meta = param_string(meta_obj, "io.modelcontextprotocol/protocolVersion");
	if (!meta && !(header && strcmp(header, MCP_MODERN) == 0)) return 0;
	/* the handshake is the older generations': an initialize is theirs unless it names 2026-07-28 itself, which
	 * has no handshake (request() answers it as a method not found) */
	if (strcmp(method, "initialize") == 0 && !(meta && strcmp(meta, MCP_MODERN) == 0) &&
	    !(header && strcmp(header, MCP_MODERN) == 0))
		return 0;
	/* a header (served: transport_checks saw it) that the _meta contradicts is a mismatch first, whatever the
	 * _meta names */
	if (meta && header && strcmp(meta, header) != 0) {
		rpc_error(out, 400, id, RPC_HEADER_MISMATCH, NULL, "MCP-Protocol-Version (%.40s) is not the _meta's version "
			"(%.40s)", header, meta);
		return -1;
	}
	if (meta && !supported(meta)) {
		char data[VERSION_DATA];
		rpc_error(out, 400, id, RPC_UNSUPPORTED_VERSION, version_data(data, sizeof data, meta),
			"unsupported protocol version in _meta: %.40s", meta);
		return -1;
	}
	if (mirrored(req, out, id, "HTTP_MCP_METHOD", "Mcp-Method", method) < 0) return -1;
	if (named && mirrored(req, out, id, "HTTP_MCP_NAME", "Mcp-Name", named) < 0) return -1;
	return 1;
}

/* How a request that passed modern_checks (modern: its answer) is served, into *era: 0, or -1 with out filled
 * when it is a 2026-07-28 request whose _meta lacks what that version requires. */
static int era_of(const struct request *req, struct reply *out, struct json_object *id, int modern,
	struct json_object *meta, struct era *era)
{
	/* 2026-07-28: every request's _meta carries its version and the client's capabilities (an empty object
	 * when it has none); the client's info is optional */
	struct json_object *caps = NULL;
	if (modern == 1 && (!param_string(meta, "io.modelcontextprotocol/protocolVersion") ||
	    !json_object_object_get_ex(meta, "io.modelcontextprotocol/clientCapabilities", &caps) ||
	    !json_object_is_type(caps, json_type_object))) {
		rpc_error(out, 400, id, RPC_INVALID_PARAMS, NULL, "a request of protocol version %s needs params._meta with "
			"io.modelcontextprotocol/protocolVersion (a string) and io.modelcontextprotocol/clientCapabilities "
			"(an object)", MCP_MODERN);
		return -1;
	}
	int order[2];
	*era = (struct era){ .modern = modern == 1, .lang = language(req, meta) };
	era->de = accept_language_order(era->lang, LANG_CODES, 2, order) > 0 && order[0] == LANG_DE;
	return 0;
}

/* One JSON-RPC message: a request, a notification or a response. */
static void message(const struct mcp_config *cfg, const struct router *r, const struct request *req,
	struct reply *out, const char *version, struct json_object *msg)
{
	struct json_object *v = NULL, *id = NULL, *method = NULL, *params = NULL;
	bool has_id = json_object_object_get_ex(msg, "id", &id);
	if (has_id && !json_object_is_type(id, json_type_string) && !json_object_is_type(id, json_type_int)) {
		rpc_error(out, 400, NULL, RPC_INVALID_REQUEST, NULL, "id must be a string or an integer");
		return;
	}
	if (!json_object_object_get_ex(msg, "jsonrpc", &v) || !json_object_is_type(v, json_type_string) ||
	    strcmp(json_object_get_string(v), "2.0") != 0) {
		rpc_error(out, 400, id, RPC_INVALID_REQUEST, NULL, "jsonrpc must be \"2.0\"");
		return;
	}
	if (!json_object_object_get_ex(msg, "method", &method)) {
		if (has_id && (json_object_object_get_ex(msg, "result", NULL) || json_object_object_get_ex(msg, "error", NULL))) {
			out->status = 202; /* a response to a request this server never sends: accepted, nothing to do */
			return;
		}
		rpc_error(out, 400, id, RPC_INVALID_REQUEST, NULL, "a message needs a method (or a result or an error)");
		return;
	}
	if (!json_object_is_type(method, json_type_string)) {
		rpc_error(out, 400, id, RPC_INVALID_REQUEST, NULL, "method must be a string");
		return;
	}
	if (json_object_object_get_ex(msg, "params", &params) && !json_object_is_type(params, json_type_object)) {
		rpc_error(out, has_id ? 200 : 400, id, RPC_INVALID_PARAMS, NULL, "params must be an object");
		return;
	}
	const char *name = json_object_get_string(method);
	struct json_object *meta = meta_of(params);
	int modern = modern_checks(req, out, id, version, name, named_of(name, params), meta);
	if (modern < 0) return;
	if (!has_id) {
		out->status = 202; /* a notification: accepted, no body */
		return;
	}
	struct era era;
	if (era_of(req, out, id, modern, meta, &era) == 0) request(cfg, r, req, out, name, id, params, &era);
}

/* A tools/call read by mcp_call_read (a request: it has an id), checked as message() checks one. */
static void serve_call(const struct router *r, const struct request *req, struct reply *out, const char *version,
	const struct mcp_call *call)
{
	int modern = modern_checks(req, out, call->id, version, "tools/call", call->name, call->meta);
	struct era era;
	if (modern >= 0 && era_of(req, out, call->id, modern, call->meta, &era) == 0)
		call_tool(r, req, out, call->id, call->name, call->args, &era);
}

void mcp_serve(void *env, const struct router *r, const struct request *req, struct reply *out)
{
	const char *version;
	if (transport_checks(env, req, out, &version) < 0) return;
	struct mcp_call call;
	if (req->body && req->body_state == BODY_OK && mcp_call_read(req->body, req->body_len, &call) == 0) {
		serve_call(r, req, out, version, &call); /* the common tool call, its envelope read without building it */
		mcp_call_free(&call);
		return;
	}
	struct json_object *doc = parse_body(req, out);
	if (!doc) return;
	if (json_object_is_type(doc, json_type_array))
		rpc_error(out, 400, NULL, RPC_INVALID_REQUEST, NULL, "JSON-RPC batches are not accepted: send one message "
			"per request (protocol versions 2025-06-18 and later have no batches)");
	else if (!json_object_is_type(doc, json_type_object))
		rpc_error(out, 400, NULL, RPC_INVALID_REQUEST, NULL, "a JSON-RPC message is an object");
	else
		message(env, r, req, out, version, doc);
	json_object_put(doc);
}
