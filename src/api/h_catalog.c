/* Row 13 (verification reports), row 14 (public catalog views) and the provider catalog document.
 * The views are pre-serialised by the compiler and served verbatim. */
#include "api/handlers.h"
#include "api/routes.h"
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
	reply_ok(out, json_raw(doc));
}

void h_tasks(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_TASKS, out); }
void h_apps(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_APPS, out); }
void h_guides(const struct hctx *c, struct json_object *in, struct reply *out) { (void)in; serve_doc(c, DOC_GUIDES, out); }
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
	reply_ok(out, json_raw(cat_s(hc->cat, r->json)));
}

void h_reports(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)in;
	serve_doc(c, DOC_REPORTS, out);
}

void h_index(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	(void)hc;
	struct json_object *o = json_object_new_object(), *eps = json_object_new_array();
	jadd(o, "service", json_object_new_string(SERVICE_NAME));
	jadd(o, "api_version", json_object_new_string(API_VERSION));
	jadd(o, "description", json_object_new_string(
		"Evidence-backed automation planner: plans steps over documented provider operations, the scopes "
		"they need and what is unknown or untested; and a directory of MCP tool servers. It never calls "
		"providers itself."));
	for (int i = 0; i < NROUTES; i++) {
		const struct route *r = &ROUTES[i];
		if (r->flags & R_HIDDEN) continue;
		struct json_object *e = json_object_new_object();
		jadd(e, "method", json_object_new_string(r->method));
		jadd(e, "path", json_object_new_string(r->pattern));
		jadd(e, "summary", json_object_new_string(r->summary));
		jadd(e, "implemented", json_object_new_boolean(r->fn != h_not_implemented));
		json_object_array_add(eps, e);
	}
	jadd(o, "endpoints", eps);
	jadd(o, "openapi", json_object_new_string("/v2/openapi.json"));
	reply_ok(out, o);
}

void h_not_implemented(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	reply_error(out, 501, "not_implemented", NULL, NULL,
		"%s %s: the request is valid, but this endpoint is not implemented in this release; no result is "
		"made up", hc->route->method, hc->route->pattern);
}
