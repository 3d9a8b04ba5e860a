/* Row 13 (verification reports), row 14 (public catalog views) and the provider catalog document.
 * The views are pre-serialised by the compiler and served verbatim. */
#include "api/handlers.h"
#include "api/routes.h"
#include "jsonw/jsonw.h"
#include "util/jsonutil.h"
#include "catalog/vocab.h"

#include <stdio.h>

static void serve_doc(const struct hctx *hc, enum cat_doc_id id, struct reply *out)
{
	const char *doc = cat_doc(hc->cat, id);
	if (!doc) {
		reply_error(out, 503, "catalog_incomplete", NULL, NULL, "the compiled catalog lacks this document");
		return;
	}
	reply_raw(out, doc);
}

void h_tasks(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_TASKS, out); }
void h_apps(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_APPS, out); }
void h_guides(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_GUIDES, out); }
/* One item of a list (GET /v2/tasks/{task_id}, /v2/apps/{app}), as the compiler wrote it: the list's item after
 * the versions; 404 entry_not_found when the catalog served has no such item (the path's enumeration is the
 * build's, the catalog may be another). */
static void serve_item(const struct hctx *hc, enum cat_doc_id doc_id, int item, const char *key, const char *what,
	struct json_object *in, struct reply *out)
{
	const char *doc = item >= 0 ? cat_doc_item(hc->cat, doc_id, (uint32_t)item) : NULL;
	if (doc) {
		reply_raw(out, doc);
		return;
	}
	char ptr[64];
	snprintf(ptr, sizeof ptr, "/%s", key);
	reply_error(out, 404, "entry_not_found", "path", ptr, "%s %.200s is not in the catalog", what, jget_str(in, key));
}

void h_task(const struct hctx *c, struct json_object *in, struct reply *out)
{
	serve_item(c, DOC_TASK, cat_task_find(c->cat, jget_str(in, "task_id")), "task_id", "task", in, out);
}

void h_app(const struct hctx *c, struct json_object *in, struct reply *out)
{
	serve_item(c, DOC_APP, cat_app_find(c->cat, jget_str(in, "app")), "app", "app", in, out);
}

void h_provider_catalog(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)in;
	serve_doc(c, DOC_PROVIDER_CATALOG, out);
}

void h_report(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const char *id = jget_str(in, "id");
	const struct cat_report *r = cat_report_find(hc->cat, id);
	if (!r) {
		reply_error(out, 404, "report_not_found", "path", "/id", "no verification report with id \"%.200s\"", id);
		return;
	}
	reply_raw(out, cat_s(hc->cat, r->json));
}

void h_reports(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)in;
	serve_doc(c, DOC_REPORTS, out);
}

/* The MCP endpoint beside the list: an agent reading the index finds where to connect and how to get the
 * configuration for its client without reading the route list. */
static void mcp_view(struct jw *w)
{
	jw_obj(w);
	jw_key(w, "endpoint");
	jw_str(w, "/mcp");
	jw_key(w, "transport");
	jw_str(w, "streamable-http");
	jw_key(w, "sessions");
	jw_bool(w, false);
	jw_key(w, "configure");
	jw_str(w, "POST /v2/configure with {\"id\": \"self\", \"client\": \"<client id>\"} gives the client's "
		"configuration for this endpoint (add \"url\" when clients reach this service at another address)");
	jw_key(w, "documentation");
	jw_str(w, "docs/mcp.md");
	jw_obj_end(w);
}

void h_index(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	(void)hc;
	struct jw *w = reply_object(out);
	jw_key(w, "service");
	jw_str(w, SERVICE_NAME);
	jw_key(w, "api_version");
	jw_str(w, API_VERSION);
	jw_key(w, "description");
	jw_str(w, "Evidence-backed automation planner: plans steps over documented provider operations, the scopes "
		"they need and what is unknown or untested; and a directory of MCP tool servers. It never calls "
		"providers itself.");
	jw_key(w, "endpoints");
	jw_arr(w);
	for (int i = 0; i < NROUTES; i++) {
		const struct route *r = &ROUTES[i];
		if (r->flags & R_HIDDEN) continue;
		jw_obj(w);
		jw_key(w, "method");
		jw_str(w, r->method);
		jw_key(w, "path");
		jw_str(w, r->pattern);
		jw_key(w, "summary");
		jw_str(w, r->summary);
		jw_key(w, "implemented");
		jw_bool(w, r->fn != h_not_implemented);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_key(w, "openapi");
	jw_str(w, "/v2/openapi.json");
	jw_key(w, "mcp");
	mcp_view(w);
}

void h_not_implemented(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	reply_error(out, 501, "not_implemented", NULL, NULL,
		"%s %s: the request is valid, but this endpoint is not implemented in this release; no result is "
		"made up", hc->route->method, hc->route->pattern);
}
