/* The MCP resources, generated from the route table: one per GET route flagged R_RESOURCE, its URI "autoplan:"
 * and the route's path; a route with path parameters is a URI template ({type}, {slug}, {id}). Reading one runs
 * the route through the router, as a tool call does, with the route's query parameters a "?" in the URI gives
 * (the next page of a paged list). */
#include "mcp/mcp.h"

#include <stdio.h>
#include <string.h>

#define SCHEME "autoplan:"

static bool templated(const struct route *rt)
{
	return strchr(rt->pattern, '{') != NULL;
}

/* One resource or template: uri or uriTemplate, name, title, description, mimeType. */
static void entry(struct jw *w, const struct route *rt, bool de)
{
	char name[64], uri[256], text[1024];
	route_tool_name(rt, name, sizeof name);
	snprintf(uri, sizeof uri, SCHEME "%s", rt->pattern);
	const char *title = de && rt->summary_de ? rt->summary_de : rt->summary;
	snprintf(text, sizeof text, de && rt->summary_de ? "%s (wie GET %s). Enthält: %s.%s" :
		"%s (the same as GET %s). It holds: %s.%s", title, rt->pattern, rt->response_doc, !rt->query ? "" :
		de && rt->summary_de ? " Die Abfrageparameter von GET dürfen der URI nach \"?\" folgen (die nächste Seite: "
		"?offset=next_offset)." : " GET's query parameters may follow \"?\" in the URI (the next page: ?offset=next_offset).");
	jw_obj(w);
	if (templated(rt)) jw_key(w, "uriTemplate");
	else jw_key(w, "uri");
	jw_str(w, uri);
	jw_key(w, "name");
	jw_str(w, name);
	jw_key(w, "title");
	jw_str(w, title);
	jw_key(w, "description");
	jw_str(w, text);
	jw_key(w, "mimeType");
	jw_str(w, "application/json");
	jw_obj_end(w);
}

static void list(const struct router *r, bool de, struct jw *w, bool templates)
{
	jw_arr(w);
	for (int i = 0; i < r->nroutes; i++) {
		const struct route *rt = &r->routes[i];
		if ((rt->flags & R_RESOURCE) && templated(rt) == templates) entry(w, rt, de);
	}
	jw_arr_end(w);
}

void mcp_resources_list(const struct router *r, bool de, struct jw *w)
{
	jw_key(w, "resources");
	list(r, de, w, false);
}

void mcp_resource_templates_list(const struct router *r, bool de, struct jw *w)
{
	jw_key(w, "resourceTemplates");
	list(r, de, w, true);
}

const struct route *mcp_resource_find(const struct router *r, const char *uri, struct json_object **args,
	const char **query)
{
	*args = NULL;
	*query = NULL;
	if (strncmp(uri, SCHEME, strlen(SCHEME)) != 0) return NULL;
	char path[512];
	size_t n = strcspn(uri + strlen(SCHEME), "?");
	if (n >= sizeof path) return NULL;
	memcpy(path, uri + strlen(SCHEME), n);
	path[n] = '\0';
	if (uri[strlen(SCHEME) + n] == '?') *query = uri + strlen(SCHEME) + n + 1;
	for (int i = 0; i < r->nroutes; i++) {
		const struct route *rt = &r->routes[i];
		if (!(rt->flags & R_RESOURCE)) continue;
		struct json_object *params = json_object_new_object();
		if (route_match(rt, path, params)) {
			*args = params;
			return rt;
		}
		json_object_put(params);
	}
	return NULL;
}
