/* The MCP endpoint: POST /mcp over the Streamable HTTP transport, stateless (no session is issued or
 * needed), answering application/json. The router hands it every R_RAW route (router_set_raw). */
#ifndef AUTOPLAN_MCP_H
#define AUTOPLAN_MCP_H

#include "http/router.h"
#include "jsonw/jsonw.h"

#include <json-c/json.h>
#include <stdbool.h>

/* The protocol versions served, newest first, NULL-terminated: MCP_MODERN (2026-07-28: no handshake, the
 * version and the client's capabilities in every request's _meta, Mcp-Method and Mcp-Name headers, server/discover)
 * and the versions of the initialize handshake. */
extern const char *const MCP_VERSIONS[];
#define MCP_MODERN "2026-07-28"

/* JSON-RPC 2.0 error codes (the specification's standard ones). */
enum {
	RPC_PARSE_ERROR = -32700,
	RPC_INVALID_REQUEST = -32600,
	RPC_METHOD_NOT_FOUND = -32601,
	RPC_INVALID_PARAMS = -32602,
	RPC_INTERNAL_ERROR = -32603,
	RPC_SERVER_ERROR = -32000, /* the transport refused the request (origin, media type) */
	RPC_RESOURCE_NOT_FOUND = -32002,     /* resources/read of a URI no resource has; data {uri} */
	RPC_HEADER_MISMATCH = -32020,        /* 2026-07-28: Mcp-Method, Mcp-Name or the version header missing or not the body's */
	RPC_UNSUPPORTED_VERSION = -32022,    /* 2026-07-28: data {supported, requested} */
};

/* The endpoint's settings, read once at start. */
struct mcp_config {
	/* Origins a browser page may call from, comma-separated "scheme://host[:port]" (AUTOPLAN_MCP_ORIGINS), not
	 * owned; NULL or empty: none. Loopback origins (localhost, 127.0.0.1, [::1]) are always allowed, and a
	 * request without Origin (not from a browser) is. */
	const char *origins;
	/* The tools/list result's members written at build time (mcp/prebuilt_tools.h, autoplan-toolsgen), English
	 * then German, not owned; NULL: written at each request (mcp_tools_list). */
	const char *const *tools;
};

/* The raw step of the R_RAW routes (a raw_fn): env is a struct mcp_config. Fills out with the whole answer:
 * a JSON-RPC response (200, or the transport's status for a refused request) or 202 without a body. */
void mcp_serve(void *env, const struct router *r, const struct request *req, struct reply *out);

/* Whether origin (an Origin header's value) may call: loopback, or listed in allowed (comma-separated). */
bool mcp_origin_allowed(const char *origin, const char *allowed);

/* envelope.c: a tools/call read from the body without building the envelope's objects (most tool calls). */
struct mcp_call {
	struct json_object *id;   /* an integer or a string, owned */
	struct json_object *args; /* params.arguments, an object, owned; NULL when absent */
	struct json_object *meta; /* params._meta, an object, owned; NULL when absent */
	char name[128];           /* params.name */
};
/* 0 with *call filled (mcp_call_free releases it) when the len bytes of body are a strict JSON tools/call request
 * of the common shape: only the members jsonrpc "2.0", id (an integer of at most 18 digits or a string), method,
 * params (name, arguments and _meta objects), each once, names and strings printable ASCII without escapes;
 * exactly what the whole body's strict parse gives for it. -1 for any other text (nothing to release): the
 * caller parses the body whole. */
int mcp_call_read(const char *body, size_t len, struct mcp_call *call);
void mcp_call_free(struct mcp_call *call);

/* tools.c: the tools of r's route table. */
/* Writes the tools/list result's members into the open result object: "tools":[...] with name, title,
 * description, inputSchema, outputSchema (the answer's shape or the error object), annotations; titles and descriptions in German when de. */
void mcp_tools_list(const struct router *r, bool de, struct jw *w);
/* The route offered as the tool named name, or NULL. */
const struct route *mcp_tool_find(const struct router *r, const char *name);
/* Runs the tool rt with args (an object, not taken) through the router and writes the tools/call result's
 * members into out's open result object: "structuredContent":answer,"content":[{"type":"text","text":answer}],
 * "isError":bool (the answer written by its handler right after the head, then escaped once as text). */
void mcp_tool_call(const struct router *r, const struct route *rt, const struct json_object *args,
	const struct request *req, struct reply *out);

/* resources.c: the resources of r's route table (routes flagged R_RESOURCE), URIs "autoplan:" and the route's
 * path. Write the resources/list ("resources":[...], the routes without path parameters) and
 * resources/templates/list ("resourceTemplates":[...], those with) result members; German titles when de. */
void mcp_resources_list(const struct router *r, bool de, struct jw *w);
void mcp_resource_templates_list(const struct router *r, bool de, struct jw *w);
/* The route serving uri, with its path parameters in *args (a new object the caller puts), or NULL. A query
 * after "?" ("autoplan:/v2/capabilities?offset=20") is left in *query (inside uri; NULL without one): the
 * route's query parameters, read by router_query_args. */
const struct route *mcp_resource_find(const struct router *r, const char *uri, struct json_object **args,
	const char **query);

/* prompts.c: the prompts (a table). Writes the prompts/list result's members ("prompts":[...]). */
void mcp_prompts_list(bool de, struct jw *w);
/* The prompt named name (its name, static) with its one argument's name in *arg, or NULL. */
const char *mcp_prompt_find(const char *name, const char **arg);
/* Writes the prompts/get result's members (description, messages) of the prompt name (one mcp_prompt_find
 * knows) with its argument's value. */
void mcp_prompt_get(const char *name, const char *value, bool de, struct jw *w);

#endif
