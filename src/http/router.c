#define _GNU_SOURCE /* dl_iterate_phdr */
#include "http/router.h"
#include "catalog/vocab.h"
#include "util/jsonutil.h"
#include "util/jsonstrict.h"
#include "util/text.h"

#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

const char *const LANG_CODES[] = { "en", "de", NULL };

#define CACHE_STR2(x) #x
#define CACHE_STR(x) CACHE_STR2(x)

/* FNV-1a, 64 bits: the ETag's hash. Not a defence against anyone: it only tells answers apart. */
#define FNV_INIT 0xcbf29ce484222325ull
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* The GNU build id of the program, so that a new build never revalidates an old build's answers. */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	uint64_t *h = data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE) continue;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
			const unsigned char *name = p + sizeof *n, *desc = name + ((n->n_namesz + 3) & ~3u);
			if (desc + n->n_descsz > end) break;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(name, "GNU", 4)) {
				*h = fnv(*h, desc, n->n_descsz);
				return 1;
			}
			p = desc + ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1; /* the first object is the program itself: look no further */
}

/* The first half of every ETag: the catalog file's checksum, this build, the interface version. */
static uint64_t answer_tag(const struct catalog *cat)
{
	uint64_t h = fnv(FNV_INIT, cat->h->sha256, sizeof cat->h->sha256);
#ifdef PACKAGE_VERSION
	h = fnv(h, PACKAGE_VERSION, sizeof PACKAGE_VERSION);
#endif
	h = fnv(h, API_VERSION, sizeof API_VERSION);
	dl_iterate_phdr(find_build_id, &h);
	return h;
}

static int init(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes, bool compile)
{
	memset(r, 0, sizeof *r);
	r->cat = cat;
	r->routes = routes;
	r->nroutes = nroutes;
	for (int i = 0; compile && i < nroutes; i++) {
		const struct route *rt = &routes[i];
		if (schema_patterns_add(&r->pats, rt->path) < 0 || schema_patterns_add(&r->pats, rt->query) < 0 ||
		    schema_patterns_add(&r->pats, rt->body) < 0)
			return -1;
	}
	const struct cat_meta *m = cat->meta;
	struct jw *w = &r->versions;
	jw_key(w, "dataset_version");
	jw_strn(w, cat_s(cat, m->dataset_version), cat_len(cat, m->dataset_version));
	jw_key(w, "catalog_version");
	jw_strn(w, cat_s(cat, m->catalog_version), cat_len(cat, m->catalog_version));
	jw_key(w, "rule_version");
	jw_strn(w, cat_s(cat, m->rule_version), cat_len(cat, m->rule_version));
	r->tag = answer_tag(cat);
	return jw_failed(w) ? -1 : 0;
}

int router_init(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes)
{
	return init(r, cat, routes, nroutes, true);
}

int router_init_one(struct router *r, const struct catalog *cat, const struct route *routes, int nroutes)
{
	return init(r, cat, routes, nroutes, false);
}

void router_free(struct router *r)
{
	schema_patterns_free(&r->pats);
	jw_free(&r->versions);
}

void router_set_prebuilt(struct router *r, const char *const *answers, int n)
{
	r->prebuilt = n == r->nroutes ? answers : NULL;
}

void router_set_raw(struct router *r, raw_fn fn, void *env)
{
	r->raw = fn;
	r->raw_env = env;
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

/* The version triple after the members of a planning-type answer; a pre-serialised body carries its own. */
static inline __attribute__((always_inline)) void reply_version_triple(const struct router *r, struct reply *out)
{
	if (out->open) jw_members(&out->out, r->versions.p, r->versions.len);
	else if (out->body) add_version_triple(r->cat, out->body);
}

static bool fits_segment(const char *p, const char *s);

/* Whether path s fits pattern p, each {name} one non-empty segment: a call without a frame, made for every route
 * of the table (find_route, router_path_flags). */
static bool fits(const char *p, const char *s)
{
	for (;; p++, s++) {
		if (*p == '{' && *s) return fits_segment(p, s);
		if (*p != *s) return false;
		if (!*p) return true;
	}
}

/* fits at a {name}: the path's segment, then the rest of both. */
static bool fits_segment(const char *p, const char *s)
{
	const char *pe = strchr(p, '}');
	size_t seglen = strcspn(s, "/");
	return pe && seglen && fits(pe + 1, s + seglen);
}

/* Whether path fits pattern, capturing its {name} segments into params (an object, or NULL). */
static bool match(const char *pattern, const char *path, struct json_object *params)
{
	if (!fits(pattern, path)) return false;
	for (const char *p = pattern, *s = path; params && *p;) {
		if (*p != '{') {
			p++, s++;
			continue;
		}
		const char *pe = strchr(p, '}');
		size_t seglen = strcspn(s, "/");
		char name[32];
		snprintf(name, sizeof name, "%.*s", (int)(pe - p - 1), p + 1);
		json_object_object_add(params, name, json_object_new_string_len(s, (int)seglen));
		p = pe + 1;
		s += seglen;
	}
	return true;
}

bool route_match(const struct route *rt, const char *path, struct json_object *params)
{
	return match(rt->pattern, path, params);
}

/* An operationId's letter as a tool name writes it: an upper-case letter lower-cased, after an underscore unless
 * it comes first. Returns the bytes written to o (two at most). */
static size_t tool_letter(char c, bool first, char *o)
{
	if (c < 'A' || c > 'Z') {
		o[0] = c;
		return 1;
	}
	size_t k = 0;
	if (!first) o[k++] = '_';
	o[k++] = (char)(c - 'A' + 'a');
	return k;
}

void route_tool_name(const struct route *rt, char *buf, size_t cap)
{
	size_t o = 0;
	for (const char *p = rt->op_id; *p && o + 2 < cap; p++) o += tool_letter(*p, o == 0, buf + o);
	buf[o] = '\0';
}

bool route_tool_named(const struct route *rt, const char *name)
{
	const char *p = rt->op_id;
	for (; *p; p++) {
		char t[2];
		size_t k = tool_letter(*p, p == rt->op_id, t);
		if (name[0] != t[0] || (k == 2 && name[1] != t[1])) return false; /* most routes end at the first letter */
		name += k;
	}
	return *name == '\0';
}

unsigned router_path_flags(const struct route *routes, int nroutes, const char *path)
{
	unsigned flags = 0;
	for (int i = 0; i < nroutes; i++)
		if (fits(routes[i].pattern, path)) flags |= routes[i].flags;
	return flags;
}

static const struct route *find_route(const struct router *r, const struct request *req, struct reply *out)
{
	const struct route *any = NULL;
	size_t o = 0;
	/* HEAD is GET without the body, wherever GET works */
	const char *method = strcmp(req->method, "HEAD") == 0 ? "GET" : req->method;
	for (int i = 0; i < r->nroutes; i++) {
		const struct route *rt = &r->routes[i];
		/* the byte after the first slash tells the version prefixes (/v1/, /v2/) and /mcp apart, without a call */
		if (req->path[0] == '/' && rt->pattern[1] != req->path[1] && rt->pattern[1] != '{') continue;
		if (!fits(rt->pattern, req->path)) continue;
		if (strcmp(rt->method, method) == 0) {
			out->allow[0] = '\0'; /* the methods of the rows passed over are no Allow header of this answer */
			return rt;
		}
		any = rt;
		if (!strstr(out->allow, rt->method))
			o += (size_t)snprintf(out->allow + o, sizeof out->allow - o, "%s%s%s", o ? ", " : "", rt->method,
				strcmp(rt->method, "GET") == 0 ? ", HEAD" : "");
	}
	if (any)
		reply_error(out, 405, "method_not_allowed", NULL, NULL, "%s is not allowed on %s; use %s", req->method,
			req->path, out->allow);
	else
		reply_error(out, 404, "not_found", "path", NULL, "no such resource: %s", req->path);
	return NULL;
}

/* Validates in against shape, replying 400 invalid_request on failure. Consumes nothing. */
static struct json_object *checked(const struct router *r, const struct schema *shape, const struct json_object *in,
	const char *where, struct reply *out)
{
	struct schema_error e;
	struct json_object *v = schema_validate(shape, in, &r->pats, where, &e);
	if (!v) reply_error(out, 400, "invalid_request", e.where, e.pointer, "%s", e.message);
	return v;
}

int router_query_args(const struct route *rt, const char *qs, struct json_object *args, struct reply *out)
{
	struct qparam *q;
	int nbad = 0, n = query_parse(qs, &q, MAX_QUERY_PARAMS, &nbad);
	if (n == -3) {
		const char *name = q[nbad - 1].name;
		bool name_ok = utf8_invalid_at(name, strlen(name)) < 0;
		char ptr[160];
		snprintf(ptr, sizeof ptr, "/%.150s", name_ok ? name : "");
		if (name_ok)
			reply_error(out, 400, "invalid_request", "query", ptr,
				"query parameter \"%.80s\" is not valid UTF-8 once %%-decoded", name);
		else
			reply_error(out, 400, "invalid_request", "query", NULL, "a query parameter name is not valid UTF-8 once %%-decoded");
		query_free(q, nbad);
		return -1;
	}
	if (n == -1) {
		reply_error(out, 400, "invalid_request", "query", NULL, "more than %d query parameters", MAX_QUERY_PARAMS);
		return -1;
	}
	if (n < 0) {
		reply_error(out, 400, "invalid_request", "query", NULL, "the query string has a malformed %%-escape");
		return -1;
	}
	int rc = -1;
	for (int i = 0; i < n; i++) {
		const struct schema_prop *pr = rt->query ? schema_prop_find(rt->query, q[i].name) : NULL;
		char ptr[160];
		snprintf(ptr, sizeof ptr, "/%.150s", q[i].name);
		if (!pr) {
			reply_error(out, 400, "invalid_request", "query", ptr, "unknown query parameter \"%.80s\"", q[i].name);
			goto done;
		}
		if (json_object_object_get_ex(args, q[i].name, NULL)) {
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
		json_object_object_add(args, q[i].name, val);
	}
	rc = 0;
done:
	query_free(q, n);
	return rc;
}

/* The query string read as route rt's query parameters and validated against their declared shape. */
static struct json_object *query_input(const struct router *r, const struct route *rt, const char *qs,
	struct reply *out)
{
	struct json_object *raw = json_object_new_object(), *v = NULL;
	if (router_query_args(rt, qs, raw, out) == 0)
		v = rt->query ? checked(r, rt->query, raw, "query", out) : json_object_new_object();
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
	struct json_flaw flaw;
	struct json_object *doc = json_strict_parse(req->body, req->body_len, MAX_JSON_DEPTH, &flaw);
	if (!doc) {
		reply_error(out, 400, "invalid_json", "body", *flaw.pointer ? flaw.pointer : NULL,
			"the body is not valid JSON: %s at byte %zu", flaw.what, flaw.offset);
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

/* Hashes a validated input: its members come in declared order, so equal requests hash equally however
 * their query string was written. Type tags keep "1" and 1, [] and {} apart. */
static uint64_t hash_json(uint64_t h, struct json_object *o)
{
	enum json_type t = json_object_get_type(o);
	unsigned char tag = (unsigned char)t;
	h = fnv(h, &tag, 1);
	switch (t) {
	case json_type_object: {
		json_object_object_foreach(o, k, v) {
			h = fnv(h, k, strlen(k) + 1);
			h = hash_json(h, v);
		}
		return fnv(h, "}", 1);
	}
	case json_type_array:
		for (size_t i = 0, n = json_object_array_length(o); i < n; i++) h = hash_json(h, json_object_array_get_idx(o, i));
		return fnv(h, "]", 1);
	case json_type_string:
		return fnv(h, json_object_get_string(o), (size_t)json_object_get_string_len(o) + 1);
	case json_type_int: {
		int64_t v = json_object_get_int64(o);
		return fnv(h, &v, sizeof v);
	}
	case json_type_boolean:
		tag = (unsigned char)json_object_get_boolean(o);
		return fnv(h, &tag, 1);
	case json_type_double: {
		double d = json_object_get_double(o);
		return fnv(h, &d, sizeof d);
	}
	case json_type_null:
		return h;
	}
	return h;
}

/* "<catalog and build><request>": strong, since an answer is byte-identical for both. */
static void make_etag(const struct router *r, const struct route *rt, struct json_object *in,
	const struct hctx *langs, char out[40])
{
	static const char hex[] = "0123456789abcdef";
	uint64_t h = fnv(r->tag, rt->method, strlen(rt->method) + 1);
	h = hash_json(fnv(h, rt->pattern, strlen(rt->pattern) + 1), in);
	/* an answer whose texts follow Accept-Language differs by it */
	if (langs) h = fnv(h, langs->langs, sizeof langs->langs[0] * (size_t)langs->nlangs);
	uint64_t parts[2] = { r->tag, h };
	char *o = out;
	*o++ = '"';
	for (int k = 0; k < 2; k++)
		for (int i = 60; i >= 0; i -= 4) *o++ = hex[(parts[k] >> i) & 15];
	*o++ = '"';
	*o = '\0';
}

/* If-None-Match against etag, by weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. "*" is not
 * handled here: it matches only an answer that exists, which the handler decides. */
static bool etag_listed(const char *header, const char *etag)
{
	size_t n = strlen(etag);
	for (const char *p = header; *p;) {
		while (*p == ' ' || *p == '\t' || *p == ',') p++;
		if (p[0] == 'W' && p[1] == '/') p += 2;
		if (*p != '"') {
			p += strcspn(p, ",");
			continue;
		}
		const char *q = strchr(p + 1, '"');
		if (!q) return false;
		if ((size_t)(q + 1 - p) == n && !memcmp(p, etag, n)) return true;
		p = q + 1;
	}
	return false;
}

static bool any_listed(const char *header)
{
	while (*header == ' ' || *header == '\t') header++;
	return header[0] == '*' && header[1 + strspn(header + 1, " \t")] == '\0';
}

static void set_cache(struct reply *out, const struct route *rt, const char *etag)
{
	memcpy(out->etag, etag, strlen(etag) + 1);
	out->cache = rt->flags & R_CACHE_RELEASE ? "public, max-age=" CACHE_STR(CACHE_RELEASE_SECONDS)
		: "public, max-age=" CACHE_STR(CACHE_CATALOG_SECONDS);
}

/* Moves every member of *from into *into, taking *from; an empty or absent *into is replaced instead of filled. */
static void merge(struct json_object **into, struct json_object *from)
{
	if (!*into || json_object_object_length(*into) == 0) {
		json_object_put(*into);
		*into = from;
		return;
	}
	json_object_object_foreach(from, k, v) json_object_object_add(*into, k, json_object_get(v));
	json_object_put(from);
}

/* Text the request model refused: answered before routing, naming the place. */
static bool refused_text(const struct request *req, struct reply *out)
{
	switch (req->flaw) {
	case REQ_OK: return false;
	case REQ_URI_TOO_LONG:
		reply_error(out, 414, "uri_too_long", "path", NULL, "the path or query string is longer than %d or %d bytes",
			REQUEST_MAX_PATH, REQUEST_MAX_QUERY);
		break;
	case REQ_PATH_ESCAPE:
		reply_error(out, 400, "invalid_request", "path", NULL, "the path has a malformed or NUL %%-escape");
		break;
	case REQ_PATH_NOT_UTF8:
		reply_error(out, 400, "invalid_request", "path", NULL, "the path is not valid UTF-8 (byte %zu once %%-decoded)",
			req->flaw_at);
		break;
	}
	return true;
}

void router_dispatch(const struct router *r, const struct request *req, struct reply *out)
{
	out->head = strcmp(req->method, "HEAD") == 0;
	if (refused_text(req, out)) return;
	const struct route *rt = find_route(r, req, out);
	if (!rt) return;
	if (rt->flags & R_RAW) {
		if (r->raw) r->raw(r->raw_env, r, req, out);
		else reply_error(out, 404, "not_found", "path", NULL, "no such resource: %s", req->path);
		return;
	}
	struct principal who = { 0 };
	if ((rt->flags & R_AUTH) && authenticate(r, req, rt, &who, out) < 0) return;
	if (req->body_state == BODY_TOO_LARGE) {
		reply_error(out, 413, "request_too_large", "body", NULL, "the request body is larger than this service accepts");
		return;
	}
	/* objects only for the parts a request has: each costs its making and its freeing */
	struct json_object *params = NULL, *in = NULL, *part = NULL;
	char etag[40] = "";
	if (rt->path) {
		params = json_object_new_object();
		match(rt->pattern, req->path, params);
		if (!(in = checked(r, rt->path, params, "path", out))) goto done;
	}
	if (*req->query || rt->query) {
		if (!(part = query_input(r, rt, req->query, out))) goto done;
		merge(&in, part);
	}
	if (rt->body) {
		if (!(part = body_input(r, rt, req, out))) goto done;
		merge(&in, part);
	}
	if (!in) in = json_object_new_object();
	struct hctx c = { .cat = r->cat, .route = rt, .env = r->env, .who = &who };
	c.nlangs = accept_language_order(req->accept_language, LANG_CODES, 2, c.langs);
	if (rt->flags & R_SELF) c.origin_from = request_origin(req, c.origin, sizeof c.origin);
	if ((rt->flags & (R_CACHE | R_CACHE_RELEASE)) && strcmp(rt->method, "GET") == 0) {
		make_etag(r, rt, in, (rt->flags & R_LANGUAGE) ? &c : NULL, etag);
		/* the client holds this very answer: nothing to compute */
		if (req->if_none_match && etag_listed(req->if_none_match, etag)) {
			out->status = 304;
			set_cache(out, rt, etag);
			goto done;
		}
	}
	/* an answer fixed by the release and written at build time stands for its handler */
	const char *prebuilt = r->prebuilt ? r->prebuilt[rt - r->routes] : NULL;
	if (prebuilt) reply_raw(out, prebuilt);
	else rt->fn(&c, in, out);
	if (out->status == 200 && (rt->flags & R_VERSIONED))
		reply_version_triple(r, out);
	if (out->status == 200 && etag[0]) {
		set_cache(out, rt, etag);
		if (req->if_none_match && any_listed(req->if_none_match)) out->status = 304;
	}
done:
	reply_close(out);
	json_object_put(params);
	if (in) json_object_put(in);
}

/* The part of rt declaring name: its path, its query or its body; NULL when none does. */
static const struct schema *part_of(const struct route *rt, const char *name)
{
	const struct schema *parts[] = { rt->path, rt->query, rt->body };
	for (int i = 0; i < 3; i++)
		if (parts[i] && schema_prop_find(parts[i], name)) return parts[i];
	return NULL;
}

/* Splits args into the route's parts, validates each; returns the merged input or NULL with out filled. A
 * member no part declares is the body's to refuse when the route takes one, else refused as an unknown query
 * parameter is: the same error the HTTP route gives. */
static struct json_object *call_input(const struct router *r, const struct route *rt, const struct json_object *args,
	struct reply *out)
{
	/* a route with a body only takes every member as the body's: args is that part as given, not copied */
	if (rt->body && !rt->path && !rt->query) return checked(r, rt->body, args, "body", out);
	const struct schema *shapes[] = { rt->path, rt->query, rt->body };
	static const char *const where[] = { "path", "query", "body" };
	struct json_object *given[3] = { NULL, NULL, NULL }, *in = NULL;
	json_object_object_foreach((struct json_object *)args, k, v) {
		const struct schema *p = part_of(rt, k);
		if (!p && rt->body) p = rt->body;
		if (!p) {
			char ptr[160];
			snprintf(ptr, sizeof ptr, "/%.150s", k);
			reply_error(out, 400, "invalid_request", "query", ptr, "unknown query parameter \"%.80s\"", k);
			goto fail;
		}
		int i = p == rt->path ? 0 : p == rt->query ? 1 : 2;
		if (!given[i]) given[i] = json_object_new_object();
		json_object_object_add(given[i], k, json_object_get(v));
	}
	for (int i = 0; i < 3; i++) {
		if (!shapes[i]) continue;
		if (!given[i]) given[i] = json_object_new_object();
		struct json_object *part = checked(r, shapes[i], given[i], where[i], out);
		if (!part) goto fail;
		merge(&in, part);
	}
	for (int i = 0; i < 3; i++) json_object_put(given[i]);
	return in ? in : json_object_new_object();
fail:
	for (int i = 0; i < 3; i++) json_object_put(given[i]);
	json_object_put(in);
	return NULL;
}

void router_call(const struct router *r, const struct route *rt, const struct json_object *args,
	const struct request *req, struct reply *out)
{
	if (rt->flags & (R_AUTH | R_RAW)) {
		reply_error(out, 403, "forbidden", NULL, NULL, "%s %s is not offered this way", rt->method, rt->pattern);
		return;
	}
	struct json_object *in = call_input(r, rt, args, out);
	if (!in) return;
	struct principal who = { 0 };
	struct hctx c = { .cat = r->cat, .route = rt, .env = r->env, .who = &who };
	c.nlangs = accept_language_order(req->accept_language, LANG_CODES, 2, c.langs);
	if (rt->flags & R_SELF) c.origin_from = request_origin(req, c.origin, sizeof c.origin);
	const char *prebuilt = r->prebuilt ? r->prebuilt[rt - r->routes] : NULL;
	if (prebuilt) reply_raw(out, prebuilt);
	else rt->fn(&c, in, out);
	if (out->status == 200 && (rt->flags & R_VERSIONED)) reply_version_triple(r, out);
	reply_close(out);
	json_object_put(in);
}
