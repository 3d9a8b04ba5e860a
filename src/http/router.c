#include "http/router.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <string.h>

int router_init(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes)
{
	memset(r, 0, sizeof *r);
	r->cat = cat;
	r->routes = routes;
	r->nroutes = nroutes;
	for (int i = 0; i < nroutes; i++) {
		const struct route *rt = &routes[i];
		if (schema_patterns_add(&r->pats, rt->path) < 0 || schema_patterns_add(&r->pats, rt->query) < 0 ||
		    schema_patterns_add(&r->pats, rt->body) < 0)
			return -1;
	}
	return 0;
}

void router_free(struct router *r)
{
	schema_patterns_free(&r->pats);
}

void router_set_env(struct router *r, void *env, auth_fn auth)
{
	r->env = env;
	r->auth = auth;
}

/* Authentication comes before any validation, so that nothing about a route's input is answered to
 * a caller without a key. */
static int authenticate(const struct router *r, const struct request *req, const struct route *rt,
	struct principal *who, struct reply *out)
{
	if (!r->auth) {
		reply_error(out, 503, "monitoring_unavailable", NULL, NULL, "this server does not serve the monitoring interface");
		return -1;
	}
	return r->auth(r->env, req, strcmp(rt->method, "GET") != 0, who, out);
}

void add_version_triple(const struct catalog *cat, struct json_object *o)
{
	if (!json_object_is_type(o, json_type_object)) return; /* a pre-serialised body carries its own */
	jadd(o, "dataset_version", json_object_new_string(cat_s(cat, cat->meta->dataset_version)));
	jadd(o, "catalog_version", json_object_new_string(cat_s(cat, cat->meta->catalog_version)));
	jadd(o, "rule_version", json_object_new_string(cat_s(cat, cat->meta->rule_version)));
}

/* Matches path against pattern segment by segment; captures {name} segments into params. */
static bool match(const char *pattern, const char *path, struct json_object *params)
{
	const char *p = pattern, *s = path;
	while (*p && *s) {
		if (*p == '{') {
			const char *pe = strchr(p, '}');
			size_t seglen = strcspn(s, "/");
			if (!pe || seglen == 0) return false;
			if (params) {
				char name[32];
				snprintf(name, sizeof name, "%.*s", (int)(pe - p - 1), p + 1);
				json_object_object_add(params, name, json_object_new_string_len(s, (int)seglen));
			}
			p = pe + 1;
			s += seglen;
			continue;
		}
		if (*p != *s) return false;
		p++;
		s++;
	}
	return *p == '\0' && *s == '\0';
}

static const struct route *find_route(const struct router *r, const struct request *req, struct reply *out)
{
	const struct route *any = NULL;
	size_t o = 0;
	for (int i = 0; i < r->nroutes; i++) {
		const struct route *rt = &r->routes[i];
		if (!match(rt->pattern, req->path, NULL)) continue;
		if (strcmp(rt->method, req->method) == 0) return rt;
		any = rt;
		if (!strstr(out->allow, rt->method))
			o += (size_t)snprintf(out->allow + o, sizeof out->allow - o, "%s%s", o ? ", " : "", rt->method);
	}
	if (any)
		reply_error(out, 405, "method_not_allowed", NULL, NULL, "%s is not allowed on %s; use %s", req->method,
			req->path, out->allow);
	else
		reply_error(out, 404, "not_found", "path", NULL, "no such resource: %s", req->path);
	return NULL;
}

/* Validates in against shape, replying 400 invalid_request on failure. Consumes nothing. */
static struct json_object *checked(const struct router *r, const struct schema *shape, struct json_object *in,
	const char *where, struct reply *out)
{
	struct schema_error e;
	struct json_object *v = schema_validate(shape, in, &r->pats, where, &e);
	if (!v) reply_error(out, 400, "invalid_request", e.where, e.pointer, "%s", e.message);
	return v;
}

static struct json_object *query_input(const struct router *r, const struct route *rt, const char *qs,
	struct reply *out)
{
	struct qparam *q;
	int n = query_parse(qs, &q, MAX_QUERY_PARAMS);
	if (n == -1) {
		reply_error(out, 400, "invalid_request", "query", NULL, "more than %d query parameters", MAX_QUERY_PARAMS);
		return NULL;
	}
	if (n < 0) {
		reply_error(out, 400, "invalid_request", "query", NULL, "the query string has a malformed %%-escape");
		return NULL;
	}
	struct json_object *raw = json_object_new_object(), *v = NULL;
	for (int i = 0; i < n; i++) {
		const struct schema_prop *pr = rt->query ? schema_prop_find(rt->query, q[i].name) : NULL;
		char ptr[160];
		snprintf(ptr, sizeof ptr, "/%.150s", q[i].name);
		if (!pr) {
			reply_error(out, 400, "invalid_request", "query", ptr, "unknown query parameter \"%.80s\"", q[i].name);
			goto done;
		}
		if (json_object_object_get_ex(raw, q[i].name, NULL)) {
			reply_error(out, 400, "invalid_request", "query", ptr, "query parameter \"%s\" is given more than once",
				q[i].name);
			goto done;
		}
		struct schema_error e;
		struct json_object *val = schema_from_text(pr->s, q[i].value, q[i].name, "query", &e);
		if (!val) {
			reply_error(out, 400, "invalid_request", "query", ptr, "%s", e.message);
			goto done;
		}
		json_object_object_add(raw, q[i].name, val);
	}
	if (rt->query)
		v = checked(r, rt->query, raw, "query", out);
	else
		v = json_object_new_object();
done:
	query_free(q, n);
	json_object_put(raw);
	return v;
}

static struct json_object *body_input(const struct router *r, const struct route *rt, const struct request *req,
	struct reply *out)
{
	if (req->body_state == BODY_SHORT || req->body_state == BODY_BAD_LENGTH) {
		reply_error(out, 400, "invalid_request", "body", NULL, "the body is shorter than its Content-Length");
		return NULL;
	}
	if (!req->body || req->body_len == 0) {
		reply_error(out, 400, "invalid_json", "body", NULL, "a JSON object body is required");
		return NULL;
	}
	struct json_tokener *tok = json_tokener_new_ex(MAX_JSON_DEPTH);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	struct json_object *doc = json_tokener_parse_ex(tok, req->body, (int)req->body_len);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	size_t used = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr != json_tokener_success || used != req->body_len) {
		if (doc) json_object_put(doc);
		reply_error(out, 400, "invalid_json", "body", NULL, "the body is not valid JSON: %s at byte %zu",
			jerr == json_tokener_success ? "trailing data" :
			jerr == json_tokener_continue ? "unexpected end of input" : json_tokener_error_desc(jerr), used);
		return NULL;
	}
	long bad = json_rfc_violation(req->body, req->body_len);
	if (bad >= 0) {
		json_object_put(doc);
		reply_error(out, 400, "invalid_json", "body", NULL, "the body is not valid JSON: unexpected character at byte %ld", bad);
		return NULL;
	}
	if (!json_object_is_type(doc, json_type_object)) {
		json_object_put(doc);
		reply_error(out, 400, "invalid_request", "body", NULL, "the body must be a JSON object");
		return NULL;
	}
	struct json_object *v = checked(r, rt->body, doc, "body", out);
	json_object_put(doc);
	return v;
}

/* Moves every member of from into into. */
static void merge(struct json_object *into, struct json_object *from)
{
	json_object_object_foreach(from, k, v) json_object_object_add(into, k, json_object_get(v));
}

void router_dispatch(const struct router *r, const struct request *req, struct reply *out)
{
	const struct route *rt = find_route(r, req, out);
	if (!rt) return;
	struct principal who = { 0 };
	if ((rt->flags & R_AUTH) && authenticate(r, req, rt, &who, out) < 0) return;
	if (req->body_state == BODY_TOO_LARGE) {
		reply_error(out, 413, "request_too_large", "body", NULL, "the request body is larger than this service accepts");
		return;
	}
	struct json_object *params = json_object_new_object(), *in = NULL, *part = NULL;
	match(rt->pattern, req->path, params);
	if (rt->path) {
		if (!(in = checked(r, rt->path, params, "path", out))) goto done;
	} else {
		in = json_object_new_object();
	}
	if (!(part = query_input(r, rt, req->query, out))) goto done;
	merge(in, part);
	json_object_put(part);
	if (rt->body) {
		if (!(part = body_input(r, rt, req, out))) goto done;
		merge(in, part);
		json_object_put(part);
	}
	struct hctx c = { .cat = r->cat, .route = rt, .env = r->env, .who = &who };
	rt->fn(&c, in, out);
	if (out->status == 200 && (rt->flags & R_VERSIONED) && out->body)
		add_version_triple(r->cat, out->body);
done:
	json_object_put(params);
	if (in) json_object_put(in);
}
