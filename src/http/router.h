/* The route table and dispatch: match method and path, validate path, query and body against the
 * route's declared shapes, call the handler with one normalised input object, stamp versions. */
#ifndef AUTOPLAN_ROUTER_H
#define AUTOPLAN_ROUTER_H

#include "catalog/catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "schema/schema.h"

#include <json-c/json.h>
#include <stdint.h>

#define MAX_QUERY_PARAMS 32
#define MAX_JSON_DEPTH 32

struct route;

/* Who a request authenticated as, on routes flagged R_AUTH. */
struct principal {
	char project_id[40];
	char project_name[128];
	char key_id[40];
	bool read_only;
	long long expires_at;         /* 0: never */
};

/* The auth step of R_AUTH routes: fills who and returns 0, or fills out (401, 403, 503) and returns -1.
 * write: the route changes something (any method but GET). */
typedef int (*auth_fn)(void *env, const struct request *req, bool write, struct principal *who, struct reply *out);

/* What a handler may read: the mapped catalog and the route table (for self-describing views); on
 * R_AUTH routes also the server's environment for them (router_set_env) and the principal. */
struct hctx {
	const struct catalog *cat;
	const struct route *route;
	int langs[2], nlangs;          /* LANG_EN/LANG_DE by Accept-Language, most wanted first */
	void *env;
	const struct principal *who;
	/* R_SELF routes: "scheme://host[:port]" the request came to, and where the host was read (request_origin);
	 * "" and NULL when it cannot be told */
	char origin[300];
	const char *origin_from;
};

enum { LANG_EN = 0, LANG_DE = 1 };
extern const char *const LANG_CODES[];  /* "en", "de" */

/* in holds the validated path parameters, query parameters and body fields in one object (names do
 * not collide in any route). The handler fills out via reply_object, reply_raw, reply_ok or reply_error; the router owns in. */
typedef void (*handler_fn)(const struct hctx *c, struct json_object *in, struct reply *out);

enum route_flags {
	R_VERSIONED = 1u << 0,   /* a planning-type result: carries the version triple */
	R_SPEC_ERRORS = 1u << 1, /* rows 1-12: documents 400, 404 and 413 */
	R_HIDDEN = 1u << 2,      /* not listed in /v2/openapi.json (e.g. /v1) */
	R_LANGUAGE = 1u << 3,    /* texts in English and German, ordered by Accept-Language (Content-Language, Vary) */
	/* A GET whose answer is fixed by the catalog and the normalised request: ETag, 304 to If-None-Match,
	 * Cache-Control public for CACHE_CATALOG_SECONDS. Errors and unflagged routes are never cached. */
	R_CACHE = 1u << 4,
	/* The same, for documents fixed by the release alone (the OpenAPI documents): CACHE_RELEASE_SECONDS. */
	R_CACHE_RELEASE = 1u << 5,
	R_AUTH = 1u << 6,        /* needs a project bearer key; described in /v2/monitoring/openapi.json */
	R_CREATED = 1u << 7,     /* success is 201 Created */
	R_NO_CONTENT = 1u << 8,  /* success is 204 No Content */
	R_YAML = 1u << 9,        /* may parse YAML: libyaml, loaded on first use, is loaded before a CGI sandbox */
	R_PLANNER = 1u << 10,    /* reads the planner's free-text resolver tables: a CGI process maps them (CAT_RESOLVER) */
	R_TOOL = 1u << 11,       /* offered as an MCP tool named after op_id (mcp/), called through router_call */
	/* Answered whole by the raw step the router was given (router_set_raw: the MCP endpoint), which reads the
	 * request itself; the route's shapes and handler are not used. */
	R_RAW = 1u << 12,
	/* offered as an MCP resource (mcp/): read through router_call; with path parameters, a URI template */
	R_RESOURCE = 1u << 13,
	/* may name this service's own address: the handler gets the request's scheme and host (hctx origin) */
	R_SELF = 1u << 14,
};

#define CACHE_CATALOG_SECONDS 300
#define CACHE_RELEASE_SECONDS 86400

struct route {
	const char *method;
	const char *pattern;        /* "/v2/connections/{type}/{slug}" */
	const char *op_id;          /* OpenAPI operationId */
	const char *summary;
	int row;                    /* row in the specification's operations table, 0 when none */
	const struct schema *path, *query, *body;
	handler_fn fn;
	unsigned flags;
	const char *response_doc;   /* what a 200 answer holds */
	const char *summary_de;     /* the summary in German: the MCP tool's or resource's title, else NULL */
	const struct schema *answer; /* the 200 answer's shape (R_TOOL routes: the tool's outputSchema), else NULL */
};

struct router;
/* The raw step of R_RAW routes: answers req into out from the request as it came (env: router_set_raw's). */
typedef void (*raw_fn)(void *env, const struct router *r, const struct request *req, struct reply *out);

struct router {
	const struct catalog *cat;
	const struct route *routes; /* the table (api/routes.h), not owned */
	int nroutes;
	struct schema_patterns pats;
	struct jw versions;         /* "dataset_version":...,"rule_version":... of cat, written once */
	uint64_t tag;               /* this catalog file and this build: the first half of every ETag */
	auth_fn auth;               /* NULL: R_AUTH routes answer 503 */
	void *env;
	const char *const *prebuilt; /* per route of the table: its answer built with the program, or NULL (not owned) */
	raw_fn raw;                 /* NULL: R_RAW routes answer 404 */
	void *raw_env;
};

/* Keeps the route table (the caller's, which must outlive r), compiles every pattern of it into
 * r->pats and writes the catalog's version triple once. Returns 0 or -1. */
int router_init(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes);
/* The same for a process answering one request (classic CGI): a pattern is compiled when the request
 * uses it, not every pattern of every route at each start. */
int router_init_one(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes);
void router_free(struct router *r);
/* Installs the auth step and the environment handed to handlers (both kept, not owned). */
void router_set_env(struct router *r, void *env, auth_fn auth);
/* Answers of routes fixed by the release alone (R_CACHE_RELEASE), one per route of the table (NULL where
 * none), built with the program (api/prebuilt_answers.h): the router sends such an answer, once the
 * request is validated, instead of calling the route's handler. A table of another length than the route
 * table is ignored. answers must outlive r. */
void router_set_prebuilt(struct router *r, const char *const *answers, int n);

/* Installs the step answering R_RAW routes (kept, not owned). */
void router_set_raw(struct router *r, raw_fn fn, void *env);

void router_dispatch(const struct router *r, const struct request *req, struct reply *out);

/* Runs route rt of r's table (not R_AUTH, not R_RAW) with args, one JSON object holding its path, query and
 * body members by name and already typed (an MCP tool's arguments, taken, not owned): each member goes to the
 * part that declares it, every part is validated against its declared shape as router_dispatch does, then
 * the route's handler (or its prebuilt answer) fills out, with the version triple on R_VERSIONED routes.
 * The texts' languages follow req's Accept-Language. A member no part declares, or a part's rule broken, is
 * the 400 invalid_request error the HTTP route answers. Caching (ETag, 304) does not apply. */
void router_call(const struct router *r, const struct route *rt, const struct json_object *args,
	const struct request *req, struct reply *out);

/* Adds the query string qs ("" for none) to args as route rt's query parameters, decoded and typed as
 * router_dispatch reads them (an unknown or repeated name, a value of the wrong type: the 400 invalid_request
 * error in out, -1); their shape is left to router_call, which validates every part. Returns 0. */
int router_query_args(const struct route *rt, const char *qs, struct json_object *args, struct reply *out);

/* The flags of every route of the table whose pattern matches path, whatever the method: what a classic
 * CGI process must prepare (the catalog's parts, libraries, its seccomp filter), from the path alone. */
unsigned router_path_flags(const struct route *routes, int nroutes, const char *path);

/* The MCP tool name of a route flagged R_TOOL: its op_id in snake case ("planWorkflow" -> "plan_workflow"),
 * into buf (cap bytes, at least 2). */
void route_tool_name(const struct route *rt, char *buf, size_t cap);
/* Whether name is rt's tool name (compared as it is made, with nothing written). */
bool route_tool_named(const struct route *rt, const char *name);
/* Whether path is one of rt's (its pattern with each {name} one non-empty segment); adds the segments to params
 * (an object, or NULL) as strings. */
bool route_match(const struct route *rt, const char *path, struct json_object *params);

/* Adds dataset_version, catalog_version and rule_version to o. */
void add_version_triple(const struct catalog *cat, struct json_object *o);

#endif
