/* The MCP tools, generated from the route table: one per route flagged R_TOOL. */
#include "mcp/mcp.h"
#include "api/openapi.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <string.h>

const struct route *mcp_tool_find(const struct router *r, const char *name)
{
	for (int i = 0; i < r->nroutes; i++)
		if ((r->routes[i].flags & R_TOOL) && route_tool_named(&r->routes[i], name)) return &r->routes[i];
	return NULL;
}

/* The members of one part of the route's input, each as the router validates it; path members required. */
static void add_part(struct json_object *props, struct json_object *req, const struct schema *part, bool path)
{
	for (const struct schema_prop *p = part ? part->props : NULL; p && p->name; p++) {
		json_object_object_add(props, p->name, openapi_schema(p->s));
		if (p->required || path) json_object_array_add(req, json_object_new_string(p->name));
	}
}

/* The tool's input schema: one object of the route's path, query and body members. */
static struct json_object *input_schema(const struct route *rt)
{
	struct json_object *o = json_object_new_object(), *props = json_object_new_object(),
		*req = json_object_new_array();
	jadd(o, "type", json_object_new_string("object"));
	add_part(props, req, rt->path, true);
	add_part(props, req, rt->query, false);
	add_part(props, req, rt->body, false);
	jadd(o, "properties", props);
	if (json_object_array_length(req)) jadd(o, "required", req);
	else json_object_put(req);
	jadd(o, "additionalProperties", json_object_new_boolean(0));
	return o;
}

/* The tool's output schema: the answer's declared shape, or the error object an isError result holds (the
 * HTTP interface's error, one object shared by every tool of the list); NULL when the route declares no shape. */
static struct json_object *output_schema(const struct route *rt, struct json_object *error)
{
	struct json_object *answer = openapi_answer_schema(rt);
	if (!answer) return NULL;
	struct json_object *o = json_object_new_object(), *any = json_object_new_array();
	jadd(o, "type", json_object_new_string("object"));
	json_object_array_add(any, answer);
	json_object_array_add(any, json_object_get(error));
	jadd(o, "anyOf", any);
	return o;
}

/* The tool's title: the route's summary, in German when asked and declared. */
static const char *title(const struct route *rt, bool de)
{
	return de && rt->summary_de ? rt->summary_de : rt->summary;
}

/* What the tool does: its title, how it is reached over HTTP and what its answer holds (the answer's member
 * names are the interface's, in English either way). */
static void description(struct jw *w, const struct route *rt, bool de)
{
	char text[4096];
	de = de && rt->summary_de;
	snprintf(text, sizeof text, de ? "%s (wie %s %s). Die Antwort enthält: %s.%s" :
		"%s (the same as %s %s). The answer holds: %s.%s", title(rt, de), rt->method, rt->pattern,
		rt->response_doc, !(rt->flags & R_VERSIONED) ? "" : de ?
		" Sie trägt dataset_version, catalog_version und rule_version." :
		" It carries dataset_version, catalog_version and rule_version.");
	jw_str(w, text);
}

/* The routes offered as tools compute from the catalog and change nothing: read-only, idempotent, and
 * they reach nothing outside the service (closed world). */
static void annotations(struct jw *w, const struct route *rt, bool de)
{
	bool writes = rt->flags & (R_AUTH | R_CREATED | R_NO_CONTENT);
	jw_obj(w);
	jw_key(w, "title");
	jw_str(w, title(rt, de));
	jw_key(w, "readOnlyHint");
	jw_bool(w, !writes);
	jw_key(w, "destructiveHint");
	jw_bool(w, false);
	jw_key(w, "idempotentHint");
	jw_bool(w, true);
	jw_key(w, "openWorldHint");
	jw_bool(w, false);
	jw_obj_end(w);
}

void mcp_tools_list(const struct router *r, bool de, struct jw *w)
{
	char name[64];
	struct json_object *error = openapi_error_schema(); /* parsed once for the list, not once a tool */
	jw_key(w, "tools");
	jw_arr(w);
	for (int i = 0; i < r->nroutes; i++) {
		const struct route *rt = &r->routes[i];
		if (!(rt->flags & R_TOOL)) continue;
		route_tool_name(rt, name, sizeof name);
		jw_obj(w);
		jw_key(w, "name");
		jw_str(w, name);
		jw_key(w, "title");
		jw_str(w, title(rt, de));
		jw_key(w, "description");
		description(w, rt, de);
		jw_key(w, "inputSchema");
		struct json_object *schema = input_schema(rt);
		jw_json(w, schema);
		json_object_put(schema);
		struct json_object *output = output_schema(rt, error);
		if (output) {
			jw_key(w, "outputSchema");
			jw_json(w, output);
			json_object_put(output);
		}
		jw_key(w, "annotations");
		annotations(w, rt, de);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	json_object_put(error);
}

void mcp_tool_call(const struct router *r, const struct route *rt, const struct json_object *args,
	const struct request *req, struct reply *out)
{
	static const char between[] = ",\"content\":[{\"type\":\"text\",\"text\":";
	struct jw *w = &out->out;
	jw_key(w, "structuredContent");
	/* the answer is written after the result's head, in the envelope's own buffer (no second answer-sized buffer,
	 * no verbatim copy); an answer given another way (a prebuilt text, a json-c tree) is copied after it */
	struct reply ans = { .out = *w, .keep = w->len };
	memset(w, 0, sizeof *w);
	router_call(r, rt, args, req, &ans);
	size_t len;
	const char *text = reply_text(&ans, &len);
	bool in_place = ans.keep && text == ans.out.p + ans.keep;
	/* the buffer comes back; an answer given another way left it at the head (replies reset it to keep) */
	*w = ans.out;
	memset(&ans.out, 0, sizeof ans.out);
	if (in_place) jw_str_again(w, ans.keep, len, between);
	else jw_rawn_and_str(w, text, len, between);
	jw_raw_tail(w, "}]", 2);
	jw_key(w, "isError");
	jw_bool(w, ans.status >= 400);
	reply_free(&ans);
}
