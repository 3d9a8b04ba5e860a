/* Catalog refresh from provider documents and change detection between document revisions. */
#include "tools/refresh/refresh.h"
#include "compiler/catalogc.h"
#include "planner/change.h"
#include "util/buf.h"
#include "util/jsonutil.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* json_object_object_foreach that tolerates NULL and non-objects (no members then). No break inside. */
#define FOREACH_MEMBER(obj, key, val) \
	for (struct lh_entry *key##_e = json_object_is_type((obj), json_type_object) ? \
		json_object_get_object(obj)->head : NULL; key##_e; key##_e = key##_e->next) \
		for (const char *key = (const char *)lh_entry_k(key##_e), *key##_1 = key; key##_1; key##_1 = NULL) \
			for (struct json_object *val = (struct json_object *)lh_entry_v(key##_e); key##_1; key##_1 = NULL)

static int err_set(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int err_set(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static struct json_object *load_json(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = buf_read_file(path, &len);
	if (!text) { err_set(err, errlen, "%s: %s", path, strerror(errno)); return NULL; }
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o = tok ? json_tokener_parse_ex(tok, text, (int)len) : NULL;
	if (!o || json_tokener_get_error(tok) != json_tokener_success || tok->char_offset != (int)len) {
		json_object_put(o);
		o = NULL;
		err_set(err, errlen, "%s: not a JSON document", path);
	}
	if (tok) json_tokener_free(tok);
	free(text);
	return o;
}

static int write_if_changed(const char *path, const char *text, int dry_run, int *changed)
{
	size_t len;
	char *old = buf_read_file(path, &len);
	*changed = !old || len != strlen(text) || memcmp(old, text, len) != 0;
	free(old);
	if (!*changed || dry_run) return 0;
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	if (!f) return -1;
	int ok = fputs(text, f) >= 0;
	ok = (fclose(f) == 0) && ok;
	if (!ok || rename(tmp, path) != 0) { unlink(tmp); return -1; }
	return 0;
}

/* "2017-04-26T13:33:05-07:00" -> "2017-04-26T20:33:05Z". Returns 0, or -1 when not a timestamp. */
static int to_utc(const char *in, char out[21])
{
	struct tm tm = { 0 };
	int y, mo, d, h, mi, s, n = 0;
	if (!in || sscanf(in, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6) return -1;
	const char *z = in + n;
	long off = 0;
	if (*z == '.') while (*++z >= '0' && *z <= '9') {}
	if (*z == '+' || *z == '-') {
		int oh, om;
		if (sscanf(z + 1, "%2d:%2d", &oh, &om) != 2 || strlen(z) != 6) return -1;
		off = (*z == '+' ? 1 : -1) * (oh * 3600L + om * 60L);
	} else if (strcmp(z, "Z") != 0) return -1;
	tm.tm_year = y - 1900; tm.tm_mon = mo - 1; tm.tm_mday = d; tm.tm_hour = h; tm.tm_min = mi; tm.tm_sec = s;
	time_t t = timegm(&tm) - off;
	struct tm u;
	gmtime_r(&t, &u);
	strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &u);
	return 0;
}

/* ---- discovery documents ---- */

/* Every method of a discovery document by id: {"<id>": {"m": <method>, "sel": "<selector>"}}. */
static void index_methods(struct json_object *node, const char *prefix, struct json_object *idx)
{
	char sel[1024];
	FOREACH_MEMBER(jget(node, "methods"), mname, m) {
		const char *id = jget_str(m, "id");
		if (!id) continue;
		snprintf(sel, sizeof sel, "%smethods.%s (method id %s)", prefix, mname, id);
		struct json_object *e = json_object_new_object();
		jadd(e, "m", json_object_get(m));
		jadd(e, "sel", json_object_new_string(sel));
		json_object_object_add(idx, id, e);
	}
	FOREACH_MEMBER(jget(node, "resources"), rname, r) {
		snprintf(sel, sizeof sel, "%sresources.%s.", prefix, rname);
		index_methods(r, sel, idx);
	}
}

struct doc {
	struct json_object *json, *methods;
	char sha[65];
	size_t bytes;
};

static int doc_load(struct doc *d, const char *path, char *err, size_t errlen)
{
	memset(d, 0, sizeof *d);
	size_t len;
	char *text = buf_read_file(path, &len);
	if (!text) return err_set(err, errlen, "%s: %s", path, strerror(errno));
	sha256_hex(text, len, d->sha);
	d->bytes = len;
	free(text);
	d->json = load_json(path, err, errlen);
	if (!d->json) return -1;
	if (!jget_str(d->json, "revision") || !jget(d->json, "resources")) {
		json_object_put(d->json);
		return err_set(err, errlen, "%s: not a discovery document (no revision or resources)", path);
	}
	d->methods = json_object_new_object();
	index_methods(d->json, "", d->methods);
	return 0;
}

static void doc_free(struct doc *d)
{
	json_object_put(d->json);
	json_object_put(d->methods);
}

/* ---- refresh of one operation from a discovery method ---- */

static struct json_object *param_of(struct json_object *dp)
{
	struct json_object *p = json_object_new_object();
	jadd(p, "type", json_object_new_string(jget_str(dp, "type") ? jget_str(dp, "type") : "string"));
	jadd(p, "location", json_object_new_string(jget_str(dp, "location") ? jget_str(dp, "location") : "query"));
	if (jget_bool(dp, "required", 0)) jadd(p, "required", json_object_new_boolean(1));
	return p;
}

/* What the document says about a parameter, as a contradiction's "source": type, location, required, default. */
static struct json_object *param_source(struct json_object *dp)
{
	if (!dp) return NULL;
	struct json_object *p = param_of(dp);
	if (jget(dp, "default")) jadd(p, "default", json_object_get(jget(dp, "default")));
	return p;
}

static struct json_object *find_contradiction(struct json_object *list, const char *field)
{
	size_t n = json_object_array_length(list);
	for (size_t i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(list, i);
		if (jget_str(c, "field") && strcmp(jget_str(c, "field"), field) == 0) return c;
	}
	return NULL;
}

/* Appends a contradiction, keeping the curated note of an earlier one on the same field while the catalog
 * side is unchanged (the note explains the catalog's choice). */
static void add_contradiction(struct json_object *out, struct json_object *old, const char *field,
	struct json_object *catalog, struct json_object *source, const char *note)
{
	struct json_object *prev = find_contradiction(old, field);
	struct json_object *c = json_object_new_object();
	jadd(c, "field", json_object_new_string(field));
	jadd(c, "catalog", catalog);
	jadd(c, "source", source);
	if (prev && jget_str(prev, "note") && json_object_equal(jget(prev, "catalog"), catalog))
		note = jget_str(prev, "note");
	jadd(c, "note", json_object_new_string(note));
	json_object_array_add(out, c);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The same members in bytewise name order, so the written order never depends on earlier revisions.
 * Takes the reference to o. */
static struct json_object *sorted_members(struct json_object *o)
{
	size_t n = (size_t)json_object_object_length(o), k = 0;
	const char **names = calloc(n + 1, sizeof *names);
	if (!names) return o;
	FOREACH_MEMBER(o, name, v) { (void)v; names[k++] = name; }
	qsort(names, k, sizeof *names, cmp_str);
	struct json_object *out = json_object_new_object();
	for (size_t i = 0; i < k; i++) json_object_object_add(out, names[i], json_object_get(jget(o, names[i])));
	free(names);
	json_object_put(o);
	return out;
}

static struct json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

struct srcfacts {
	const char *url, *retrieval_url, *version_kind;
	char date[21];
	char retrieval_buf[1024];
};

/* Regenerates one operation from its discovery method. Curated fields are kept; see docs/evidence.md. */
static void refresh_google_op(struct json_object *op, struct json_object *entry, const struct doc *d,
	const struct srcfacts *sf, struct json_object *neutral, const char *dpath)
{
	struct json_object *m = jget(entry, "m"), *ev = jget(op, "evidence");
	struct json_object *oldc = json_object_get(jget(ev, "contradictions"));
	if (!oldc || !json_object_is_type(oldc, json_type_array)) { json_object_put(oldc); oldc = json_object_new_array(); }
	struct json_object *contra = json_object_new_array();

	jadd(op, "method", json_object_new_string(jget_str(m, "httpMethod")));
	/* Path: the document's (dpath, relative to the base address), with the neutral rewrite; an
	 * operation-level base_url marks a curated path. */
	char npath[2048];
	const char *from = jget_str(neutral, "from"), *to = jget_str(neutral, "to");
	if (from && to && strncmp(dpath, from, strlen(from)) == 0)
		snprintf(npath, sizeof npath, "%s%s", to, dpath + strlen(from));
	else
		snprintf(npath, sizeof npath, "%s", dpath);
	if (!jget(op, "base_url")) jadd(op, "path", json_object_new_string(npath));
	const char *cpath = jget_str(op, "path");
	if (strcmp(cpath, dpath) != 0)
		add_contradiction(contra, oldc, "path", json_object_new_string(cpath), json_object_new_string(dpath),
			strcmp(cpath, npath) == 0 ?
			"The catalog writes the neutral app name in place of the provider segment; the real request path starts with the provider segment shown here (see path_neutralisation in sources.json)." :
			"The catalog keeps its curated request path; the document's method path differs.");
	/* Request and response body types: curated names, checked against the document. */
	static const char *const bodies[][2] = { { "input", "request" }, { "output", "response" } };
	for (int i = 0; i < 2; i++) {
		const char *dref = jget_str(jget(m, bodies[i][1]), "$ref");
		const char *cval = jget_str(op, bodies[i][0]);
		if ((cval == NULL) != (dref == NULL) || (cval && strcmp(cval, dref) != 0))
			add_contradiction(contra, oldc, bodies[i][0], str_or_null(cval), str_or_null(dref),
				"The catalog names another body type than the document declares for this method.");
	}
	/* Parameters: the method's from the document, in the catalog's order, new ones appended by name;
	 * pinned values and parameters the catalog keeps on purpose (a recorded contradiction) stay. */
	struct json_object *dparams = jget(m, "parameters"), *cparams = jget(op, "parameters");
	struct json_object *np = json_object_new_object();
	FOREACH_MEMBER(cparams, cname, cval) {
		struct json_object *dp = jget(dparams, cname);
		char field[600];
		snprintf(field, sizeof field, "parameters.%s", cname);
		if (jget(cval, "value")) {
			json_object_object_add(np, cname, json_object_get(cval));
			struct json_object *src = dp ? param_source(dp) : param_source(jget(jget(d->json, "parameters"), cname));
			if (!json_object_equal(cval, src))
				add_contradiction(contra, oldc, field, json_object_get(cval), src,
					"The catalog pins this parameter to a fixed value; the document declares it as shown.");
			else json_object_put(src);
		} else if (dp) {
			json_object_object_add(np, cname, param_of(dp));
		} else if (find_contradiction(oldc, field)) {
			json_object_object_add(np, cname, json_object_get(cval));
			add_contradiction(contra, oldc, field, json_object_get(cval), NULL,
				"The catalog keeps this parameter although the document does not declare it for this method.");
		}
	}
	FOREACH_MEMBER(dparams, dname, dval)
		if (!json_object_object_get_ex(np, dname, NULL)) json_object_object_add(np, dname, param_of(dval));
	np = sorted_members(np);
	jadd(op, "parameters", np);
	/* Scope alternatives: the method's scopes array, in the document's order. */
	struct json_object *scopes = jget(m, "scopes");
	jadd(op, "scope_alternatives", scopes && json_object_array_length(scopes) ?
		json_object_get(scopes) : NULL);
	/* Contradictions on fields this tool does not regenerate stay as curated. */
	size_t no = json_object_array_length(oldc);
	for (size_t i = 0; i < no; i++) {
		struct json_object *c = json_object_array_get_idx(oldc, i);
		const char *f = jget_str(c, "field");
		if (f && (strcmp(f, "path") == 0 || strcmp(f, "input") == 0 || strcmp(f, "output") == 0 ||
			strncmp(f, "parameters.", 11) == 0 || strcmp(f, "operation") == 0))
			continue;
		json_object_array_add(contra, json_object_get(c));
	}
	json_object_put(oldc);

	/* Evidence, rebuilt in a fixed key order. */
	const char *fs = jget_str(ev, "first_seen");
	char first[21];
	snprintf(first, sizeof first, "%s", fs && strcmp(fs, sf->date) < 0 ? fs : sf->date);
	struct json_object *ne = json_object_new_object();
	jadd(ne, "url", json_object_new_string(sf->url));
	jadd(ne, "retrieval_url", str_or_null(sf->retrieval_url));
	jadd(ne, "first_seen", json_object_new_string(first));
	jadd(ne, "last_confirmed", json_object_new_string(sf->date));
	jadd(ne, "method", json_object_new_string("schema_read"));
	jadd(ne, "version", str_or_null(jget_str(d->json, "version")));
	jadd(ne, "revision", str_or_null(jget_str(d->json, "revision")));
	jadd(ne, "version_kind", json_object_new_string(sf->version_kind));
	jadd(ne, "sha256", json_object_new_string(d->sha));
	jadd(ne, "selector", json_object_new_string(jget_str(entry, "sel")));
	jadd(ne, "contradictions", contra);
	FOREACH_MEMBER(ev, ek, evv)
		if (!json_object_object_get_ex(ne, ek, NULL) && strcmp(ek, "semantic_sha256") != 0) json_object_object_add(ne, ek, json_object_get(evv));
	jadd(op, "evidence", ne);
}

/* An operation the document no longer has: kept, with the absence recorded. */
static void mark_missing(struct json_object *op, const char *method_id)
{
	struct json_object *contra = jget(jget(op, "evidence"), "contradictions");
	if (!contra || find_contradiction(contra, "operation")) return;
	struct json_object *c = json_object_new_object();
	jadd(c, "field", json_object_new_string("operation"));
	jadd(c, "catalog", json_object_new_string(method_id));
	jadd(c, "source", NULL);
	jadd(c, "note", json_object_new_string("The document has no method with this id."));
	json_object_array_add(contra, c);
}

/* ---- facts-based providers ---- */

static struct json_object *facts_op(struct json_object *facts, const char *app, const char *id)
{
	struct json_object *ops = jget(facts, "operations");
	size_t n = ops ? json_object_array_length(ops) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *f = json_object_array_get_idx(ops, i);
		if (jget_str(f, "app") && jget_str(f, "operation_id") && strcmp(jget_str(f, "app"), app) == 0 &&
			strcmp(jget_str(f, "operation_id"), id) == 0)
			return f;
	}
	return NULL;
}

/* Method and scope alternatives from the facts; a path the facts do not name becomes a contradiction.
 * Scope alternatives the catalog keeps null on purpose (a recorded contradiction) stay null. */
static void refresh_facts_op(struct json_object *op, struct json_object *f)
{
	struct json_object *contra = jget(jget(op, "evidence"), "contradictions");
	if (jget_str(f, "http_method")) jadd(op, "method", json_object_new_string(jget_str(f, "http_method")));
	struct json_object *scopes = jget(f, "scopes");
	int curated_null = !jget(op, "scope_alternatives") && find_contradiction(contra, "scope_alternatives");
	if (!curated_null && scopes && json_object_array_length(scopes))
		jadd(op, "scope_alternatives", json_object_get(scopes));
	const char *p = jget_str(op, "path"), *fp = jget_str(f, "path");
	if (contra && fp && strcmp(p, fp) != 0 && !jarr_has_str(jget(f, "all_paths_on_page"), p) &&
		!find_contradiction(contra, "path")) {
		struct json_object *c = json_object_new_object();
		jadd(c, "field", json_object_new_string("path"));
		jadd(c, "catalog", json_object_new_string(p));
		jadd(c, "source", json_object_new_string(fp));
		jadd(c, "note", json_object_new_string("The facts name another request path for this operation."));
		json_object_array_add(contra, c);
	}
}

/* ---- the run ---- */

static const char *kv_lookup(const char *const *kv, size_t n, const char *key)
{
	size_t kl = strlen(key);
	for (size_t i = 0; i < n; i++)
		if (strncmp(kv[i], key, kl) == 0 && kv[i][kl] == '=') return kv[i] + kl + 1;
	return NULL;
}

static struct json_object *source_by_key(struct json_object *sources, const char *key)
{
	struct json_object *list = jget(sources, "sources");
	size_t n = list ? json_object_array_length(list) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(list, i);
		if (jget_str(s, "key") && strcmp(jget_str(s, "key"), key) == 0) return s;
	}
	return NULL;
}

/* The source facts of a document: from the facts file when it describes these exact bytes, else the
 * date given on the command line (retrieval address and commit then unknown). */
static int source_facts(const struct refresh_opts *o, struct json_object *facts, struct json_object *src,
	const struct doc *d, struct srcfacts *sf, char *err, size_t errlen)
{
	const char *key = jget_str(src, "key");
	memset(sf, 0, sizeof *sf);
	sf->url = jget_str(src, "url");
	sf->version_kind = jget_str(src, "version_kind") ? jget_str(src, "version_kind") : "discovery_revision";
	struct json_object *fs = jget(jget(facts, "sources"), key);
	const char *given = kv_lookup(o->dates, o->ndates, key);
	if (fs && jget_str(fs, "sha256") && strcmp(jget_str(fs, "sha256"), d->sha) == 0 && !given) {
		if (to_utc(jget_str(fs, "commit_date"), sf->date) < 0)
			return err_set(err, errlen, "facts: source %s has no usable commit_date", key);
		if (jget_str(fs, "repository") && jget_str(fs, "commit") && jget_str(fs, "path")) {
			snprintf(sf->retrieval_buf, sizeof sf->retrieval_buf, "https://raw.githubusercontent.com/%s/%s/%s",
				jget_str(fs, "repository"), jget_str(fs, "commit"), jget_str(fs, "path"));
			sf->retrieval_url = sf->retrieval_buf;
		}
		return 0;
	}
	if (!given)
		return err_set(err, errlen, "no source facts describe the document of %s (sha256 %s): give --source-date %s=TIMESTAMP",
			key, d->sha, key);
	if (to_utc(given, sf->date) < 0) return err_set(err, errlen, "--source-date %s: not a timestamp: %s", key, given);
	return 0;
}

static void update_source_record(struct json_object *src, const struct doc *d, const struct srcfacts *sf,
	struct json_object *facts)
{
	struct json_object *fs = jget(jget(facts, "sources"), jget_str(src, "key"));
	int known = sf->retrieval_url != NULL;
	jadd(src, "retrieval_url", str_or_null(sf->retrieval_url));
	jadd(src, "commit", known ? str_or_null(jget_str(fs, "commit")) : NULL);
	jadd(src, "commit_date", known ? json_object_new_string(sf->date) : NULL);
	jadd(src, "sha256", json_object_new_string(d->sha));
	jadd(src, "bytes", json_object_new_int64((int64_t)d->bytes));
	jadd(src, "version", str_or_null(jget_str(d->json, "version")));
	jadd(src, "revision", str_or_null(jget_str(d->json, "revision")));
}

struct run {
	const struct refresh_opts *o;
	struct json_object *sources, *facts, *summary, *history;
	char *err;
	size_t errlen;
};

/* rootUrl + servicePath + path of method m in document doc. Caller frees. */
static char *full_url(struct json_object *doc, struct json_object *m)
{
	const char *root = jget_str(doc, "rootUrl") ? jget_str(doc, "rootUrl") : "",
		*svc = jget_str(doc, "servicePath") ? jget_str(doc, "servicePath") : "",
		*path = jget_str(m, "path") ? jget_str(m, "path") : "";
	size_t n = strlen(root) + strlen(svc) + strlen(path) + 1;
	char *u = malloc(n);
	if (u) snprintf(u, n, "%s%s%s", root, svc, path);
	return u;
}

/* The document's method id of a catalog operation: the neutral prefix replaced by the real one. */
static void method_id(const char *app, const char *id, const char *prefix, char *out, size_t cap)
{
	size_t al = strlen(app);
	if (prefix && strncmp(id, app, al) == 0 && id[al] == '.') snprintf(out, cap, "%s%s", prefix, id + al);
	else snprintf(out, cap, "%s", id);
}

/* ---- addresses: where the document puts the host and where the path ---- */

/* The path part of a base address ("https://www.googleapis.com/drive/v3/" -> "/drive/v3/"). */
static const char *base_path(const char *base)
{
	const char *p = base + change_host_len(base);
	return *p ? p : "/";
}

/* The app's base address after this document: the same path under the document's host when every
 * mapped method's address still starts with it (only the host moved, or nothing), else the document's
 * own root and service path. Fills out (an empty string when no method is mapped). */
static void new_base(struct json_object *app, const struct doc *d, const char *prefix, char *out, size_t cap)
{
	const char *app_id = jget_str(app, "id"), *old = jget_str(app, "base_url") ? jget_str(app, "base_url") : "";
	struct json_object *ops = jget(app, "operations");
	const char *keep = base_path(old);
	bool all = true, any = false;
	for (size_t i = 0; i < json_object_array_length(ops); i++) {
		struct json_object *op = json_object_array_get_idx(ops, i);
		char mid[512];
		method_id(app_id, jget_str(op, "id"), prefix, mid, sizeof mid);
		struct json_object *e = jget(d->methods, mid);
		if (!e || jget(op, "base_url")) continue;
		char *u = full_url(d->json, jget(e, "m"));
		any = true;
		all = all && u && strncmp(u + change_host_len(u), keep, strlen(keep)) == 0;
		free(u);
	}
	const char *root = jget_str(d->json, "rootUrl") ? jget_str(d->json, "rootUrl") : "";
	if (!any) snprintf(out, cap, "%s", old);
	else if (all) snprintf(out, cap, "%.*s%s", (int)change_host_len(root), root, keep);
	else snprintf(out, cap, "%s%s", root, jget_str(d->json, "servicePath") ? jget_str(d->json, "servicePath") : "");
}

/* The document's address of method m relative to base (full address minus base). */
static void rel_path(const struct doc *d, struct json_object *m, const char *base, char *out, size_t cap)
{
	char *u = full_url(d->json, m);
	const char *bp = base_path(base), *up = u ? u + change_host_len(u) : "";
	snprintf(out, cap, "%s", strncmp(up, bp, strlen(bp)) == 0 ? up + strlen(bp) : jget_str(m, "path"));
	free(u);
}

/* A curated operation-level base address follows the document's host. */
static void move_host(struct json_object *op, const char *root)
{
	const char *b = jget_str(op, "base_url");
	if (!b || !root) return;
	char nb[2048];
	snprintf(nb, sizeof nb, "%.*s%s", (int)change_host_len(root), root, b + change_host_len(b));
	if (strcmp(nb, b) != 0) jadd(op, "base_url", json_object_new_string(nb));
}

/* ---- history of operations ---- */

/* What change impact needs of an operation's state before a refresh changes it. */
struct before {
	char hash[65], shape[65], method[16], revision[64];
	char *url;
};

static void capture(struct before *b, const char *app_base, struct json_object *op, struct json_object *neutral)
{
	memset(b, 0, sizeof b[0]);
	struct json_object *ev = jget(op, "evidence");
	snprintf(b->hash, sizeof b->hash, "%s", jget_str(ev, "semantic_sha256") ? jget_str(ev, "semantic_sha256") : "");
	snprintf(b->revision, sizeof b->revision, "%s", jget_str(ev, "revision") ? jget_str(ev, "revision") : "");
	snprintf(b->method, sizeof b->method, "%s", jget_str(op, "method") ? jget_str(op, "method") : "");
	if (catalogc_shape_hash(op, b->shape) < 0) b->shape[0] = '\0';
	const char *base = jget_str(op, "base_url") ? jget_str(op, "base_url") : app_base ? app_base : "";
	b->url = catalogc_request_url(base, jget_str(op, "path") ? jget_str(op, "path") : "", jget_str(neutral, "from"),
		jget_str(neutral, "to"));
}

/* Records the earlier state of an operation whose semantic hash the refresh changed. */
static void record_history(struct json_object *history, const char *app, struct json_object *op, const struct before *b)
{
	const char *now = jget_str(jget(op, "evidence"), "semantic_sha256");
	if (!*b->hash || !*b->shape || !b->url || !now || strcmp(now, b->hash) == 0) return;
	struct json_object *list = jget(history, "entries");
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *e = json_object_array_get_idx(list, i);
		if (strcmp(jget_str(e, "app"), app) == 0 && strcmp(jget_str(e, "operation"), jget_str(op, "id")) == 0 &&
		    strcmp(jget_str(e, "semantic_sha256"), b->hash) == 0)
			return;
	}
	struct json_object *e = json_object_new_object();
	jadd(e, "app", json_object_new_string(app));
	jadd(e, "operation", json_object_new_string(jget_str(op, "id")));
	jadd(e, "semantic_sha256", json_object_new_string(b->hash));
	jadd(e, "revision", *b->revision ? json_object_new_string(b->revision) : NULL);
	jadd(e, "method", json_object_new_string(b->method));
	jadd(e, "request_url", json_object_new_string(b->url));
	jadd(e, "shape_sha256", json_object_new_string(b->shape));
	jadd(e, "superseded_by_revision", str_or_null(jget_str(jget(op, "evidence"), "revision")));
	json_object_array_add(list, e);
}

static int refresh_app(struct run *r, const char *file, struct json_object *app)
{
	const char *app_id = jget_str(app, "id");
	struct json_object *amap = jget(jget(r->sources, "apps"), app_id);
	if (!app_id || !amap) return err_set(r->err, r->errlen, "%s: app not described in sources.json", file);
	struct json_object *keys = jget(amap, "source_keys"), *docsrc = NULL;
	size_t nk = keys ? json_object_array_length(keys) : 0;
	for (size_t i = 0; i < nk && !docsrc; i++) {
		struct json_object *s = source_by_key(r->sources, json_object_get_string(json_object_array_get_idx(keys, i)));
		if (jget_str(s, "document")) docsrc = s;
	}
	struct doc d;
	struct srcfacts sf;
	int have_doc = 0;
	if (docsrc) {
		const char *key = jget_str(docsrc, "key"), *path = kv_lookup(r->o->docs, r->o->ndocs, key);
		char buf[4200];
		if (!path) {
			if (!r->o->docs_dir) return err_set(r->err, r->errlen, "no document for source %s: give --docs DIR or --doc %s=FILE", key, key);
			snprintf(buf, sizeof buf, "%s/%s", r->o->docs_dir, jget_str(docsrc, "document"));
			path = buf;
		}
		if (doc_load(&d, path, r->err, r->errlen) < 0) return -1;
		if (source_facts(r->o, r->facts, docsrc, &d, &sf, r->err, r->errlen) < 0) { doc_free(&d); return -1; }
		update_source_record(docsrc, &d, &sf, r->facts);
		have_doc = 1;
	}
	const char *prefix = jget_str(amap, "real_operation_prefix");
	struct json_object *ops = jget(app, "operations"), *neutral = jget(amap, "path_neutralisation");
	size_t n = ops ? json_object_array_length(ops) : 0;
	struct before *was = calloc(n + 1, sizeof *was);
	if (!was) { if (have_doc) doc_free(&d); return err_set(r->err, r->errlen, "out of memory"); }
	char old_base[2048];
	snprintf(old_base, sizeof old_base, "%s", jget_str(app, "base_url") ? jget_str(app, "base_url") : "");
	for (size_t i = 0; i < n; i++) capture(&was[i], old_base, json_object_array_get_idx(ops, i), neutral);
	if (have_doc) {
		char nb[2048];
		new_base(app, &d, prefix, nb, sizeof nb);
		if (strcmp(nb, old_base) != 0) jadd(app, "base_url", json_object_new_string(nb));
		if (change_host_len(nb) != change_host_len(old_base) || strncmp(nb, old_base, change_host_len(nb)) != 0)
			for (size_t i = 0; i < n; i++) move_host(json_object_array_get_idx(ops, i), jget_str(d.json, "rootUrl"));
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *op = json_object_array_get_idx(ops, i);
		const char *id = jget_str(op, "id");
		char *before = json_canonical(op), mid[512];
		method_id(app_id, id, prefix, mid, sizeof mid);
		if (have_doc) {
			struct json_object *e = jget(d.methods, mid);
			char rel[2048];
			if (e) rel_path(&d, jget(e, "m"), jget_str(app, "base_url"), rel, sizeof rel);
			if (e) refresh_google_op(op, e, &d, &sf, neutral, rel);
			else mark_missing(op, mid);
		} else {
			struct json_object *f = facts_op(r->facts, app_id, id);
			if (f) refresh_facts_op(op, f);
		}
		const char *base = jget_str(op, "base_url") ? jget_str(op, "base_url") : jget_str(app, "base_url");
		char sem[65];
		json_object_object_del(jget(op, "evidence"), "semantic_sha256");
		if (catalogc_semantic_hash(app_id, op, base ? base : "", sem) < 0) {
			free(before);
			for (size_t k = 0; k < n; k++) free(was[k].url);
			free(was);
			if (have_doc) doc_free(&d);
			return err_set(r->err, r->errlen, "%s: %s: cannot hash", file, id);
		}
		json_object_object_add(jget(op, "evidence"), "semantic_sha256", json_object_new_string(sem));
		record_history(r->history, app_id, op, &was[i]);
		/* Which top-level fields moved, for the summary. */
		struct json_object *was = before ? json_tokener_parse(before) : NULL, *chg = json_object_new_array();
		FOREACH_MEMBER(op, k, v)
			if (!json_object_equal(jget(was, k), v)) json_object_array_add(chg, json_object_new_string(k));
		json_object_put(was);
		free(before);
		struct json_object *rec = json_object_new_object();
		jadd(rec, "app", json_object_new_string(app_id));
		jadd(rec, "operation", json_object_new_string(id));
		jadd(rec, "changed", chg);
		json_object_array_add(jget(r->summary, "operations"), rec);
	}
	for (size_t i = 0; i < n; i++) free(was[i].url);
	free(was);
	if (have_doc) doc_free(&d);
	return 0;
}

static int ordered(struct json_object *order, const char *scope)
{
	for (size_t i = 0; order && json_object_is_type(order, json_type_array) && i < json_object_array_length(order); i++)
		if (jget_str(json_object_array_get_idx(order, i), "scope") &&
			strcmp(jget_str(json_object_array_get_idx(order, i), "scope"), scope) == 0) return 1;
	return 0;
}

static void scope_note(struct json_object *list, const char *app, const char *scope)
{
	struct json_object *e = json_object_new_object();
	jadd(e, "app", json_object_new_string(app));
	jadd(e, "scope", json_object_new_string(scope));
	json_object_array_add(list, e);
}

/* The curated privilege order (scope_order.json) is never rewritten; scopes a refresh brought in that it
 * does not rank, and ranked scopes no operation accepts any more, are reported for curation. */
static void check_scope_order(struct run *r, struct json_object **apps, size_t n)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/scope_order.json", r->o->catalog_dir);
	struct json_object *so = json_object_from_file(path), *unranked = json_object_new_array(), *stale = json_object_new_array();
	for (size_t i = 0; so && i < n; i++) {
		const char *app = jget_str(apps[i], "id");
		struct json_object *order = jget(jget(so, "apps"), app), *ops = jget(apps[i], "operations");
		if (!order) continue; /* null: the app ranks no scopes */
		for (size_t k = 0; k < json_object_array_length(ops); k++) {
			struct json_object *sc = jget(json_object_array_get_idx(ops, k), "scope_alternatives");
			for (size_t m = 0; sc && m < json_object_array_length(sc); m++) {
				const char *s = json_object_get_string(json_object_array_get_idx(sc, m));
				if (!ordered(order, s)) {
					int seen = 0;
					for (size_t q = 0; q < json_object_array_length(unranked); q++)
						if (strcmp(jget_str(json_object_array_get_idx(unranked, q), "scope"), s) == 0 &&
							strcmp(jget_str(json_object_array_get_idx(unranked, q), "app"), app) == 0) seen = 1;
					if (!seen) scope_note(unranked, app, s);
				}
			}
		}
		for (size_t k = 0; k < json_object_array_length(order); k++) {
			const char *s = jget_str(json_object_array_get_idx(order, k), "scope");
			int used = 0;
			for (size_t q = 0; s && !used && q < json_object_array_length(ops); q++)
				used = jarr_has_str(jget(json_object_array_get_idx(ops, q), "scope_alternatives"), s);
			if (s && !used) scope_note(stale, app, s);
		}
	}
	json_object_put(so);
	jadd(r->summary, "scopes_not_ranked", unranked);
	jadd(r->summary, "ranked_scopes_unused", stale);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int write_source(struct run *r, const char *path, const char *name, struct json_object *o)
{
	char *text = json_pretty(o);
	int changed = 0;
	int rc = text ? write_if_changed(path, text, r->o->dry_run, &changed) : -1;
	free(text);
	if (rc < 0) return err_set(r->err, r->errlen, "%s: cannot write: %s", path, strerror(errno));
	struct json_object *rec = json_object_new_object();
	jadd(rec, "file", json_object_new_string(name));
	jadd(rec, "changed", json_object_new_boolean(changed));
	json_object_array_add(jget(r->summary, "files"), rec);
	return 0;
}

int refresh_run(const struct refresh_opts *o, struct json_object **summary, char *err, size_t errlen)
{
	struct run r = { .o = o, .err = err, .errlen = errlen };
	char path[4200];
	*summary = NULL;
	snprintf(path, sizeof path, "%s/sources.json", o->catalog_dir);
	if (!(r.sources = load_json(path, err, errlen))) return -1;
	if (o->facts_path && !(r.facts = load_json(o->facts_path, err, errlen))) { json_object_put(r.sources); return -1; }
	snprintf(path, sizeof path, "%s/history.json", o->catalog_dir);
	r.history = access(path, F_OK) == 0 ? load_json(path, err, errlen) : json_object_new_object();
	if (!r.history) { json_object_put(r.sources); json_object_put(r.facts); return -1; }
	if (!jget(r.history, "entries")) jadd(r.history, "entries", json_object_new_array());
	r.summary = json_object_new_object();
	jadd(r.summary, "files", json_object_new_array());
	jadd(r.summary, "operations", json_object_new_array());

	snprintf(path, sizeof path, "%s/apps", o->catalog_dir);
	DIR *dir = opendir(path);
	char **names = NULL;
	size_t nn = 0;
	int rc = dir ? 0 : err_set(err, errlen, "%s: %s", path, strerror(errno));
	for (struct dirent *de; rc == 0 && (de = readdir(dir));) {
		size_t l = strlen(de->d_name);
		if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0 || de->d_name[0] == '.') continue;
		char **t = realloc(names, (nn + 1) * sizeof *t);
		if (!t || !(t[nn] = strdup(de->d_name))) { free(t ? t : names); names = NULL; rc = err_set(err, errlen, "out of memory"); break; }
		names = t;
		nn++;
	}
	if (dir) closedir(dir);
	if (names) qsort(names, nn, sizeof *names, cmp_names);
	struct json_object **apps = calloc(nn + 1, sizeof *apps);
	for (size_t i = 0; rc == 0 && i < nn; i++) {
		snprintf(path, sizeof path, "%s/apps/%s", o->catalog_dir, names[i]);
		if (!(apps[i] = load_json(path, err, errlen))) rc = -1;
		else rc = refresh_app(&r, names[i], apps[i]);
	}
	if (rc == 0) check_scope_order(&r, apps, nn);
	/* Nothing is written unless every app refreshed. */
	for (size_t i = 0; rc == 0 && i < nn; i++) {
		char name[600];
		snprintf(path, sizeof path, "%s/apps/%s", o->catalog_dir, names[i]);
		snprintf(name, sizeof name, "apps/%s", names[i]);
		rc = write_source(&r, path, name, apps[i]);
	}
	if (rc == 0) {
		snprintf(path, sizeof path, "%s/sources.json", o->catalog_dir);
		rc = write_source(&r, path, "sources.json", r.sources);
	}
	if (rc == 0) {
		snprintf(path, sizeof path, "%s/history.json", o->catalog_dir);
		rc = write_source(&r, path, "history.json", r.history);
	}
	for (size_t i = 0; i < nn; i++) { json_object_put(apps[i]); free(names[i]); }
	free(apps);
	free(names);
	json_object_put(r.sources);
	json_object_put(r.facts);
	json_object_put(r.history);
	if (rc < 0) { json_object_put(r.summary); return -1; }
	*summary = r.summary;
	return 0;
}

/* ---- change detection between two revisions of a discovery document ---- */

/* The changes of a diff; named doc_changes beside the snapshot's (planner/change.h), classified alike. */
struct doc_changes {
	struct json_object *list;
	int count[CHANGE_CLASSES];
};

static void change(struct doc_changes *ch, const char *app, const char *op, const char *method, enum change_kind k,
	const char *subject, struct json_object *from, struct json_object *to)
{
	enum change_class cls = change_kind_class(k);
	struct json_object *c = json_object_new_object();
	if (app) jadd(c, "app", json_object_new_string(app));
	if (op) jadd(c, "operation", json_object_new_string(op));
	if (method) jadd(c, "method", json_object_new_string(method));
	jadd(c, "kind", json_object_new_string(change_kind_name(k)));
	jadd(c, "class", json_object_new_string(CHANGE_CLASS_NAMES[cls]));
	if (subject) jadd(c, "subject", json_object_new_string(subject));
	jadd(c, "from", from);
	jadd(c, "to", to);
	json_object_array_add(ch->list, c);
	ch->count[cls]++;
}

/* Members of a (string) array a that b lacks, in a's order. */
static void set_minus(struct json_object *a, struct json_object *b, void (*each)(const char *, void *), void *ctx)
{
	size_t n = a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
	for (size_t i = 0; i < n; i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(a, i));
		if (!jarr_has_str(b, s)) each(s, ctx);
	}
}

struct mctx {
	struct doc_changes *ch;
	const char *app, *op, *method, *param;
	enum change_kind kind;
};

static void emit_scope(const char *s, void *v)
{
	struct mctx *m = v;
	change(m->ch, m->app, m->op, m->method, m->kind, s, NULL, NULL);
}

static void emit_enum(const char *s, void *v)
{
	struct mctx *m = v;
	change(m->ch, m->app, m->op, m->method, m->kind, m->param, NULL, json_object_new_string(s));
}

static struct json_object *dup_or_null(struct json_object *o)
{
	return o ? json_object_get(o) : NULL;
}

static void diff_param(struct mctx *m, const char *name, struct json_object *a, struct json_object *b)
{
	struct doc_changes *ch = m->ch;
	int ra = jget_bool(a, "required", 0), rb = jget_bool(b, "required", 0);
	if (ra != rb)
		change(ch, m->app, m->op, m->method, rb ? CK_PARAM_BECAME_REQUIRED : CK_PARAM_BECAME_OPTIONAL, name, json_object_new_boolean(ra), json_object_new_boolean(rb));
	static const struct { const char *key; enum change_kind kind; } attrs[] = {
		{ "type", CK_PARAM_TYPE }, { "location", CK_PARAM_LOCATION },
		{ "repeated", CK_PARAM_REPEATED }, { "format", CK_PARAM_FORMAT },
		{ "pattern", CK_PARAM_PATTERN }, { "minimum", CK_PARAM_MINIMUM },
		{ "maximum", CK_PARAM_MAXIMUM }, { "default", CK_PARAM_DEFAULT },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		struct json_object *x = jget(a, attrs[i].key), *y = jget(b, attrs[i].key);
		if (!json_object_equal(x, y))
			change(ch, m->app, m->op, m->method, attrs[i].kind, name, dup_or_null(x), dup_or_null(y));
	}
	int da = jget_bool(a, "deprecated", 0), db = jget_bool(b, "deprecated", 0);
	if (da != db)
		change(ch, m->app, m->op, m->method, db ? CK_PARAM_DEPRECATED : CK_PARAM_UNDEPRECATED, name,
			json_object_new_boolean(da), json_object_new_boolean(db));
	struct json_object *ea = jget(a, "enum"), *eb = jget(b, "enum");
	if (ea && eb) {
		struct mctx e = *m;
		e.param = name;
		e.kind = CK_PARAM_ENUM_VALUE_ADDED;
		set_minus(eb, ea, emit_enum, &e);
		e.kind = CK_PARAM_ENUM_VALUE_REMOVED;
		set_minus(ea, eb, emit_enum, &e);
	} else if (ea || eb) {
		change(ch, m->app, m->op, m->method, eb ? CK_PARAM_ENUM_ADDED : CK_PARAM_ENUM_REMOVED, name, dup_or_null(ea), dup_or_null(eb));
	}
}

/* A parameter as facts: the document's definition without its prose. */
static struct json_object *param_facts(struct json_object *p)
{
	struct json_object *o = json_object_new_object();
	FOREACH_MEMBER(p, k, v)
		if (strcmp(k, "description") != 0 && strcmp(k, "enumDescriptions") != 0)
			json_object_object_add(o, k, json_object_get(v));
	return o;
}

/* The method's address, resolved in full in both documents: a moved host is a host change, a moved
 * request path a path change, and a path only split differently between servicePath and path (the
 * same address) is no change to a caller. */
static void diff_address(struct doc_changes *ch, const struct mctx *m, struct json_object *da, struct json_object *db,
	struct json_object *ma, struct json_object *mb)
{
	char *ua = full_url(da, ma), *ub = full_url(db, mb);
	if (!ua || !ub) { free(ua); free(ub); return; }
	struct change_address d = change_address(ua, ub);
	if (d.host)
		change(ch, m->app, m->op, m->method, CK_HOST, NULL, json_object_new_string_len(ua, (int)d.host_a),
			json_object_new_string_len(ub, (int)d.host_b));
	if (d.path)
		change(ch, m->app, m->op, m->method, CK_PATH, NULL, json_object_new_string(ua + d.host_a),
			json_object_new_string(ub + d.host_b));
	else if (!json_object_equal(jget(ma, "path"), jget(mb, "path")))
		change(ch, m->app, m->op, m->method, CK_PATH_SPLIT, NULL, dup_or_null(jget(ma, "path")),
			dup_or_null(jget(mb, "path")));
	free(ua);
	free(ub);
}

static void diff_method(struct doc_changes *ch, const char *app, const char *op, const char *mid,
	struct json_object *a, struct json_object *b, struct json_object *da, struct json_object *db)
{
	struct mctx m = { .ch = ch, .app = app, .op = op, .method = mid };
	if (!a || !b) {
		change(ch, app, op, mid, b ? CK_METHOD_ADDED : CK_METHOD_REMOVED, NULL, NULL, NULL);
		return;
	}
	diff_address(ch, &m, da, db, jget(a, "m"), jget(b, "m"));
	static const struct { const char *key; enum change_kind kind; } attrs[] = {
		{ "httpMethod", CK_HTTP_METHOD },
		{ "mediaUpload", CK_MEDIA_UPLOAD }, { "request", CK_REQUEST_TYPE },
		{ "response", CK_RESPONSE_TYPE },
		{ "flatPath", CK_FLAT_PATH }, { "parameterOrder", CK_PARAMETER_ORDER },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		struct json_object *x = jget(jget(a, "m"), attrs[i].key), *y = jget(jget(b, "m"), attrs[i].key);
		if (!json_object_equal(x, y))
			change(ch, app, op, mid, attrs[i].kind, NULL, dup_or_null(x), dup_or_null(y));
	}
	struct json_object *sa = jget(jget(a, "m"), "scopes"), *sb = jget(jget(b, "m"), "scopes");
	m.kind = CK_SCOPE_REMOVED;
	set_minus(sa, sb, emit_scope, &m);
	m.kind = CK_SCOPE_ADDED;
	set_minus(sb, sa, emit_scope, &m);
	struct json_object *pa = jget(jget(a, "m"), "parameters"), *pb = jget(jget(b, "m"), "parameters");
	FOREACH_MEMBER(pa, an, av) {
		struct json_object *bv = jget(pb, an);
		if (!bv) change(ch, app, op, mid, CK_PARAM_REMOVED, an, param_facts(av), NULL);
		else diff_param(&m, an, av, bv);
	}
	FOREACH_MEMBER(pb, bn, bv) {
		if (jget(pa, bn)) continue;
		int req = jget_bool(bv, "required", 0);
		change(ch, app, op, mid, req ? CK_REQUIRED_PARAM_ADDED : CK_PARAM_ADDED, bn, NULL, param_facts(bv));
	}
}

static struct json_object *doc_scopes(struct json_object *doc)
{
	struct json_object *arr = json_object_new_array();
	FOREACH_MEMBER(jget(jget(jget(doc, "auth"), "oauth2"), "scopes"), k, v) {
		(void)v;
		json_object_array_add(arr, json_object_new_string(k));
	}
	return arr;
}

static void diff_document(struct doc_changes *ch, struct json_object *a, struct json_object *b)
{
	/* what a root or service path change does to a call is judged per method on its full address */
	static const struct { const char *key; enum change_kind kind; } attrs[] = {
		{ "rootUrl", CK_ROOT_URL }, { "servicePath", CK_SERVICE_PATH },
		{ "mtlsRootUrl", CK_MTLS_ROOT_URL },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		struct json_object *x = jget(a, attrs[i].key), *y = jget(b, attrs[i].key);
		if (!json_object_equal(x, y)) change(ch, NULL, NULL, NULL, attrs[i].kind, NULL, dup_or_null(x), dup_or_null(y));
	}
	struct json_object *sa = doc_scopes(a), *sb = doc_scopes(b);
	struct mctx m = { .ch = ch, .kind = CK_DECLARED_SCOPE_REMOVED };
	set_minus(sa, sb, emit_scope, &m);
	m.kind = CK_DECLARED_SCOPE_ADDED;
	set_minus(sb, sa, emit_scope, &m);
	json_object_put(sa);
	json_object_put(sb);
}

static struct json_object *rev_of(const struct doc *d, const char *path)
{
	struct json_object *r = json_object_new_object();
	jadd(r, "file", json_object_new_string(path));
	jadd(r, "revision", str_or_null(jget_str(d->json, "revision")));
	jadd(r, "sha256", json_object_new_string(d->sha));
	return r;
}

/* The source of the catalog whose document has this API name ("drive" -> source document google-drive-*). */
static struct json_object *source_for_doc(struct json_object *sources, struct json_object *doc)
{
	char want[300];
	snprintf(want, sizeof want, "google-%s-%s.", jget_str(doc, "name") ? jget_str(doc, "name") : "",
		jget_str(doc, "version") ? jget_str(doc, "version") : "");
	struct json_object *list = jget(sources, "sources");
	size_t n = list ? json_object_array_length(list) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = json_object_array_get_idx(list, i);
		const char *dn = jget_str(s, "document");
		if (dn && strncmp(dn, want, strlen(want)) == 0) return s;
	}
	return NULL;
}

static int diff_apps(struct doc_changes *ch, const char *catalog_dir, struct json_object *sources, struct json_object *src,
	const struct doc *a, const struct doc *b, char *err, size_t errlen)
{
	struct json_object *keys = jget(src, "apps");
	size_t na = keys ? json_object_array_length(keys) : 0;
	for (size_t i = 0; i < na; i++) {
		const char *app = json_object_get_string(json_object_array_get_idx(keys, i));
		char path[4200];
		snprintf(path, sizeof path, "%s/apps/%s.json", catalog_dir, app);
		struct json_object *aj = load_json(path, err, errlen);
		if (!aj) return -1;
		const char *prefix = jget_str(jget(jget(sources, "apps"), app), "real_operation_prefix");
		struct json_object *ops = jget(aj, "operations");
		size_t n = ops ? json_object_array_length(ops) : 0;
		for (size_t k = 0; k < n; k++) {
			const char *id = jget_str(json_object_array_get_idx(ops, k), "id");
			char mid[512];
			size_t al = strlen(app);
			if (prefix && strncmp(id, app, al) == 0 && id[al] == '.') snprintf(mid, sizeof mid, "%s%s", prefix, id + al);
			else snprintf(mid, sizeof mid, "%s", id);
			struct json_object *ea = jget(a->methods, mid), *eb = jget(b->methods, mid);
			if (ea || eb) diff_method(ch, app, id, mid, ea, eb, a->json, b->json);
		}
		json_object_put(aj);
	}
	return 0;
}

struct json_object *refresh_diff(const char *catalog_dir, const char *old_path, const char *new_path,
	char *err, size_t errlen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/sources.json", catalog_dir);
	struct json_object *sources = load_json(path, err, errlen);
	if (!sources) return NULL;
	struct doc a, b;
	if (doc_load(&a, old_path, err, errlen) < 0) { json_object_put(sources); return NULL; }
	if (doc_load(&b, new_path, err, errlen) < 0) { doc_free(&a); json_object_put(sources); return NULL; }
	struct json_object *out = NULL, *src = source_for_doc(sources, a.json);
	if (!src || src != source_for_doc(sources, b.json)) {
		err_set(err, errlen, "the two documents are not revisions of one document the catalog maps (%s, %s)",
			jget_str(a.json, "id") ? jget_str(a.json, "id") : "?", jget_str(b.json, "id") ? jget_str(b.json, "id") : "?");
		goto done;
	}
	struct doc_changes dc = { .list = json_object_new_array() }, mc = { .list = json_object_new_array() };
	diff_document(&dc, a.json, b.json);
	if (diff_apps(&mc, catalog_dir, sources, src, &a, &b, err, errlen) < 0) {
		json_object_put(dc.list);
		json_object_put(mc.list);
		goto done;
	}
	out = json_object_new_object();
	jadd(out, "document", str_or_null(jget_str(a.json, "id")));
	jadd(out, "source", json_object_new_string(jget_str(src, "key")));
	jadd(out, "from", rev_of(&a, old_path));
	jadd(out, "to", rev_of(&b, new_path));
	jadd(out, "document_changes", dc.list);
	jadd(out, "changes", mc.list);
	struct json_object *sum = json_object_new_object();
	for (int i = 0; i < CHANGE_CLASSES; i++) json_object_object_add(sum, CHANGE_CLASS_NAMES[i], json_object_new_int(mc.count[i]));
	jadd(out, "summary", sum);
done:
	doc_free(&a);
	doc_free(&b);
	json_object_put(sources);
	return out;
}

static void text_line(FILE *f, struct json_object *c)
{
	struct json_object *from = jget(c, "from"), *to = jget(c, "to");
	fprintf(f, "  %-10s %-32s %-36s %s", jget_str(c, "class"), jget_str(c, "kind"),
		jget_str(c, "operation") ? jget_str(c, "operation") : "(document)",
		jget_str(c, "subject") ? jget_str(c, "subject") : "");
	if (from || to)
		fprintf(f, " %s -> %s", from ? json_object_to_json_string_ext(from, JSON_C_TO_STRING_NOSLASHESCAPE) : "(none)",
			to ? json_object_to_json_string_ext(to, JSON_C_TO_STRING_NOSLASHESCAPE) : "(none)");
	fputc('\n', f);
}

char *refresh_diff_text(struct json_object *diff)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f) return NULL;
	struct json_object *from = jget(diff, "from"), *to = jget(diff, "to"), *sum = jget(diff, "summary");
	fprintf(f, "%s: revision %s -> %s\n", jget_str(diff, "document"), jget_str(from, "revision"), jget_str(to, "revision"));
	fprintf(f, "  from sha256 %s\n  to   sha256 %s\n", jget_str(from, "sha256"), jget_str(to, "sha256"));
	struct json_object *dc = jget(diff, "document_changes"), *mc = jget(diff, "changes");
	fprintf(f, "document-level changes: %zu\n", json_object_array_length(dc));
	for (size_t i = 0; i < json_object_array_length(dc); i++) text_line(f, json_object_array_get_idx(dc, i));
	fprintf(f, "changes to mapped methods: %zu (breaking %d, compatible %d, info %d, minor %d)\n",
		json_object_array_length(mc), json_object_get_int(jget(sum, "breaking")),
		json_object_get_int(jget(sum, "compatible")), json_object_get_int(jget(sum, "info")),
		json_object_get_int(jget(sum, "minor")));
	for (size_t i = 0; i < json_object_array_length(mc); i++) text_line(f, json_object_array_get_idx(mc, i));
	if (json_object_array_length(mc) == 0) fputs("  none\n", f);
	fclose(f);
	return buf;
}
