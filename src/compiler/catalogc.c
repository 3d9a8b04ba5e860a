#include "compiler/catalogc.h"
#include "catalog/catalog.h"
#include "compiler/catalogc_dir.h"
#include "directory/observation.h"
#include "compiler/catalogc_error.h"
#include "compiler/catalogc_int.h"
#include "compiler/catalogc_search.h"
#include "compiler/catalogc_shapes.h"
#include "jsonw/jsonw.h"
#include "util/buf.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "catalog/vocab.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every error of the compiler has one format (catalogc_error.h). */
#define fail cc_fail

static cat_str str_add(struct cc *c, const char *s)
{
	if (!s) return CAT_NONE;
	uint32_t len = (uint32_t)strlen(s);
	cat_str off = (cat_str)c->strings.len;
	if (buf_add(&c->strings, &len, 4) < 0 || buf_add(&c->strings, s, len + 1) < 0) return CAT_NONE;
	return off;
}

static cat_str json_add(struct cc *c, struct json_object *o)
{
	return str_add(c, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
}

/* s folded by fold, added to the pool. */
static cat_str fold_add(struct cc *c, const char *s, size_t (*fold)(const char *, char *, size_t))
{
	size_t cap = strlen(s) * 2 + 1;
	char *f = malloc(cap);
	if (!f) return CAT_NONE;
	fold(s, f, cap);
	cat_str r = str_add(c, f);
	free(f);
	return r;
}

static cat_str folded_add(struct cc *c, const char *s)
{
	return fold_add(c, s, text_fold);
}

int cc_fail(struct cc *c, const char *file, const char *ptr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	catalogc_verror(c->err, c->errlen, file, ptr, fmt, ap);
	va_end(ap);
	return -1;
}

cat_str cc_str(struct cc *c, const char *s) { return str_add(c, s); }
cat_str cc_json(struct cc *c, struct json_object *o) { return json_add(c, o); }

/* One member "lang":"text", escaped as the planner's writer escapes it. */
static void lang_member(struct jw *w, const char *lang, const char *s)
{
	char key[8];
	int n = snprintf(key, sizeof key, "\"%s\":", lang);
	jw_key_text(w, key, (size_t)n);
	jw_strn(w, s, strlen(s));
}

/* The object of the pair in one order: langs is a string of 'e' and 'd', most wanted first. */
static cat_str langtext_order(struct cc *c, const char *en, const char *de, const char *langs)
{
	struct jw w = { 0 };
	jw_obj(&w);
	for (const char *l = langs; *l; l++) lang_member(&w, *l == 'd' ? "de" : "en", *l == 'd' ? de : en);
	jw_obj_end(&w);
	jw_terminate(&w);
	cat_str r = jw_failed(&w) ? CAT_NONE : str_add(c, w.p);
	jw_free(&w);
	return r;
}

uint32_t cc_langtext(struct cc *c, cat_str en, cat_str de)
{
	static const char *const ORDERS[LO_COUNT] = { [LO_EN_DE] = "ed", [LO_DE_EN] = "de", [LO_EN] = "e", [LO_DE] = "d" };
	/* copies: adding to the pool may move it */
	char *e = strdup(en == CAT_NONE ? "" : cc_pool(c, en)), *d = strdup(de == CAT_NONE ? "" : cc_pool(c, de));
	struct cat_langtext rec;
	bool ok = e && d;
	for (int k = 0; k < LO_COUNT && ok; k++) ok = (rec.json[k] = langtext_order(c, e, d, ORDERS[k])) != CAT_NONE;
	free(e);
	free(d);
	if (!ok || buf_add(&c->langtexts, &rec, sizeof rec) < 0) return CAT_NONE;
	return c->nlangtexts++;
}

int cc_list_add(struct cc *c, uint32_t v)
{
	if (buf_add(&c->lists, &v, 4) < 0) return -1;
	c->nlists++;
	return 0;
}

/* The planner's folding (ae/oe/ue kept: only German words get them rewritten, at query time). */
static cat_str words_add(struct cc *c, const char *s)
{
	return fold_add(c, s, text_fold_words);
}

/* Reads dir/name and validates it against shape; the validated, normalised object is returned. */
static struct json_object *load(struct cc *c, const char *name, const struct schema *shape)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", c->dir, name);
	struct json_object *raw = json_object_from_file(path);
	if (!raw) {
		fail(c, name, "", "cannot read or parse: %s", json_util_get_last_err());
		return NULL;
	}
	struct schema_error e;
	struct json_object *v = schema_validate(shape, raw, NULL, name, &e);
	json_object_put(raw);
	if (!v) fail(c, name, e.pointer, "%s", e.message);
	return v;
}

/* Each app's kind from app_kinds.json into kind[] (indexed like VOCAB_APPS): one kind per app, none left out. */
static int app_kinds(struct cc *c, uint32_t kind[16])
{
	const char *file = "app_kinds.json";
	struct json_object *src = load(c, file, &SRC_APP_KINDS), *list = src ? jget(src, "apps") : NULL;
	if (!src) return -1;
	for (uint32_t a = 0; a < 16; a++) kind[a] = AK_COUNT;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < json_object_array_length(list); i++) {
		struct json_object *e = json_object_array_get_idx(list, i);
		int a = vocab_index(VOCAB_APPS, jget_str(e, "app"));
		char ptr[32];
		snprintf(ptr, sizeof ptr, "/apps/%zu", i);
		if (kind[a] != AK_COUNT) rc = fail(c, file, ptr, "app \"%s\" is given a kind twice", VOCAB_APPS[a]);
		kind[a] = (uint32_t)vocab_index(VOCAB_APP_KINDS, jget_str(e, "kind"));
	}
	for (uint32_t a = 0; rc == 0 && VOCAB_APPS[a]; a++)
		if (kind[a] == AK_COUNT) rc = fail(c, file, "/apps", "app \"%s\" has no kind", VOCAB_APPS[a]);
	json_object_put(src);
	return rc;
}

/* sha256 of the canonical form of sem with the keys of op added (takes sem). */
static int hash_with(struct json_object *sem, struct json_object *op, const char *const *keys, char out[65])
{
	for (int i = 0; keys[i]; i++)
		json_object_object_add(sem, keys[i], json_object_get(jget(op, keys[i])));
	char *canon = json_canonical(sem);
	json_object_put(sem);
	if (!canon) return -1;
	int rc = sha256_hex(canon, strlen(canon), out);
	free(canon);
	return rc;
}

int catalogc_semantic_hash(const char *app, struct json_object *op, const char *base_url, char out[65])
{
	static const char *const keys[] = { "id", "capability", "method", "path", "input", "output",
		"parameters", "scope_alternatives", "write", NULL };
	struct json_object *sem = json_object_new_object();
	jadd(sem, "app", json_object_new_string(app));
	jadd(sem, "base_url", json_object_new_string(base_url));
	return hash_with(sem, op, keys, out);
}

int catalogc_shape_hash(struct json_object *op, char out[65])
{
	static const char *const keys[] = { "id", "capability", "input", "output", "parameters", "write", NULL };
	return hash_with(json_object_new_object(), op, keys, out);
}

char *catalogc_request_url(const char *base, const char *path, const char *real_prefix, const char *neutral_prefix)
{
	char *rewritten = NULL;
	if (real_prefix && neutral_prefix && strncmp(path, neutral_prefix, strlen(neutral_prefix)) == 0) {
		size_t n = strlen(real_prefix) + strlen(path) + 1;
		if (!(rewritten = malloc(n))) return NULL;
		snprintf(rewritten, n, "%s%s", real_prefix, path + strlen(neutral_prefix));
		path = rewritten;
	}
	size_t bl = strlen(base), n = bl + strlen(path) + 2;
	bool base_slash = bl && base[bl - 1] == '/', path_slash = path[0] == '/';
	char *out = malloc(n);
	if (out && base_slash && path_slash) snprintf(out, n, "%.*s%s", (int)(bl - 1), base, path);
	else if (out) snprintf(out, n, "%s%s%s", base, base_slash || path_slash ? "" : "/", path);
	free(rewritten);
	return out;
}

/* {"required":[names],"fixed":{name:value}}: what a caller must send, in source order. */
static cat_str op_params(struct cc *c, struct json_object *params)
{
	struct json_object *o = json_object_new_object(), *req = json_object_new_array(),
		*fixed = json_object_new_object();
	json_object_object_foreach(params, name, p) {
		if (jget_bool(p, "required", 0)) json_object_array_add(req, json_object_new_string(name));
		if (jget(p, "value")) json_object_object_add(fixed, name, json_object_get(jget(p, "value")));
	}
	jadd(o, "required", req);
	jadd(o, "fixed", fixed);
	cat_str r = json_add(c, o);
	json_object_put(o);
	return r;
}

static int compile_op(struct cc *c, const char *file, uint32_t app, const char *app_id, const char *app_base,
	struct json_object *op, size_t idx)
{
	char ptr[64];
	snprintf(ptr, sizeof ptr, "/operations/%zu", idx);
	const char *id = jget_str(op, "id");
	for (uint32_t i = c->app_ops[app][0]; i < c->nops; i++) {
		const struct cat_op *prev = (const struct cat_op *)c->ops.p + i;
		if (strcmp((const char *)c->strings.p + prev->id + 4, id) == 0)
			return fail(c, file, ptr, "duplicate operation id \"%s\"", id);
	}
	struct json_object *params = jget(op, "parameters");
	json_object_object_foreach(params, pname, pval) {
		struct schema_error e;
		struct json_object *v = schema_validate(&SRC_PARAMETER, pval, NULL, file, &e);
		if (!v) {
			char sub[600];
			snprintf(sub, sizeof sub, "%s/parameters/%.200s%s", ptr, pname, e.pointer);
			return fail(c, file, sub, "%s", e.message);
		}
		json_object_put(v);
	}
	const char *base = jget_str(op, "base_url") ? jget_str(op, "base_url") : app_base;
	char sem[65];
	if (catalogc_semantic_hash(app_id, op, base, sem) < 0) return fail(c, file, ptr, "cannot hash");
	struct json_object *ev = jget(op, "evidence");
	const char *have = jget_str(ev, "semantic_sha256");
	if (have && strcmp(have, sem) != 0)
		return fail(c, file, ptr, "evidence.semantic_sha256 is %s but the operation hashes to %s: refresh the source", have, sem);
	if (!have) jadd(ev, "semantic_sha256", json_object_new_string(sem));

	/* the operation as the handlers show it, serialised once here */
	struct json_object *view = json_object_new_object();
	jadd(view, "app", json_object_new_string(app_id));
	jadd(view, "operation", json_object_new_string(id));
	jadd(view, "method", json_object_get(jget(op, "method")));
	jadd(view, "base_url", json_object_new_string(base));
	jadd(view, "path", json_object_get(jget(op, "path")));
	jadd(view, "write", json_object_get(jget(op, "write")));
	jadd(view, "scope_alternatives", json_object_get(jget(op, "scope_alternatives")));
	struct cat_op rec = { 0 };
	rec.view = json_add(c, view);
	json_object_put(view);
	rec.id = str_add(c, id);
	rec.method = str_add(c, jget_str(op, "method"));
	rec.path = str_add(c, jget_str(op, "path"));
	rec.base_url = str_add(c, base);
	rec.json = json_add(c, op);
	rec.evidence = json_add(c, ev);
	rec.semantic_sha256 = str_add(c, sem);
	rec.revision = str_add(c, jget_str(ev, "revision"));
	rec.permission_context = str_add(c, jget_str(op, "permission_context"));
	rec.app = app;
	rec.cap = (uint32_t)vocab_index(VOCAB_CAPABILITIES, jget_str(op, "capability"));
	rec.write = (uint32_t)jget_bool(op, "write", 0);
	struct json_object *scopes = jget(op, "scope_alternatives");
	if (!scopes) {
		rec.scope_count = CAT_NONE;
	} else {
		rec.scope_first = c->nlists;
		rec.scope_count = (uint32_t)json_object_array_length(scopes);
		for (size_t k = 0; k < rec.scope_count; k++) {
			cat_str s = str_add(c, json_object_get_string(json_object_array_get_idx(scopes, k)));
			if (buf_add(&c->lists, &s, 4) < 0) return fail(c, file, ptr, "out of memory");
			c->nlists++;
		}
	}
	if (buf_add(&c->ops, &rec, sizeof rec) < 0) return fail(c, file, ptr, "out of memory");
	c->nops++;
	struct cat_opx x = { .input = str_add(c, jget_str(op, "input")), .output = str_add(c, jget_str(op, "output")),
		.params = op_params(c, params), .transformations = jget(op, "transformations")
			? json_add(c, jget(op, "transformations")) : CAT_NONE };
	if (buf_add(&c->opx, &x, sizeof x) < 0) return fail(c, file, ptr, "out of memory");
	return 0;
}

static int compile_apps(struct cc *c)
{
	uint32_t kind[16];
	if (app_kinds(c, kind) < 0) return -1;
	for (uint32_t a = 0; VOCAB_APPS[a]; a++) {
		char file[128];
		snprintf(file, sizeof file, "apps/%s.json", VOCAB_APPS[a]);
		struct json_object *app = load(c, file, &SRC_APP);
		if (!app) return -1;
		c->appsrc[a] = app;
		const char *id = jget_str(app, "id");
		if (strcmp(id, VOCAB_APPS[a]) != 0)
			return fail(c, file, "/id", "app id \"%s\" does not match the file name", id);
		if ((strcmp(id, "codehost") == 0) != (jget(app, "schema_version") != NULL))
			return fail(c, file, "/schema_version", "schema_version is present on codehost only");
		c->app_ops[a][0] = c->nops;
		struct json_object *ops = jget(app, "operations");
		const char *base = jget_str(app, "base_url");
		for (size_t i = 0; i < json_object_array_length(ops); i++)
			if (compile_op(c, file, a, id, base, json_object_array_get_idx(ops, i), i) < 0) return -1;
		c->app_ops[a][1] = c->nops - c->app_ops[a][0];
		uint64_t caps = 0;
		for (uint32_t i = c->app_ops[a][0]; i < c->nops; i++) caps |= 1ull << ((const struct cat_op *)c->ops.p)[i].cap;
		struct json_object *auth = jget(app, "authentication");
		struct cat_app rec = {
			.id = str_add(c, id), .name = str_add(c, jget_str(app, "name")),
			.provider = str_add(c, jget_str(app, "provider")), .base_url = str_add(c, base),
			.json = json_add(c, app), .connector_inventory = json_add(c, jget(app, "connector_inventory")),
			.permission_context = str_add(c, jget_str(auth, "permission_context")),
			.kind = kind[a], .op_first = c->app_ops[a][0], .op_count = c->app_ops[a][1], .caps = caps,
		};
		if (buf_add(&c->apps, &rec, sizeof rec) < 0) return fail(c, file, "", "out of memory");
		c->napps++;
	}
	return 0;
}

static const struct cat_op *op_at(const struct cc *c, uint32_t i)
{
	return (const struct cat_op *)c->ops.p + i;
}

bool cc_app_documents(const struct cc *c, uint32_t app, uint32_t cap)
{
	for (uint32_t i = c->app_ops[app][0]; i < c->app_ops[app][0] + c->app_ops[app][1]; i++)
		if (op_at(c, i)->cap == cap) return true;
	return false;
}

/* The row 1 item of a capability, split around "documented_by" (filled per request by app filter). */
static int cap_item_parts(struct cc *c, struct json_object *cap, struct cat_cap *rec)
{
	struct json_object *o = json_object_new_object();
	jadd(o, "id", json_object_get(jget(cap, "id")));
	jadd(o, "title", json_object_get(jget(cap, "title")));
	jadd(o, "description", json_object_get(jget(cap, "description")));
	jadd(o, "write", json_object_new_boolean((int)rec->write));
	jadd(o, "kind", json_object_new_string(rec->caller ? "caller" : "provider"));
	const char *head = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	char *open = strndup(head, strlen(head) - 1); /* drop the closing brace */
	json_object_put(o);
	if (!open) return -1;
	rec->item_head = str_add(c, open);
	free(open);
	struct json_object *note = json_object_new_string("No provider operation in the catalog documents this capability: "
		"it is done on the caller's side and nothing here has tested it.");
	struct printbuf *tail = printbuf_new();
	if (!tail) {
		json_object_put(note);
		return -1;
	}
	if (rec->caller)
		sprintbuf(tail, ",\"note\":%s", json_object_to_json_string_ext(note,
			JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	printbuf_strappend(tail, "}");
	json_object_put(note);
	rec->item_tail = str_add(c, tail->buf);
	printbuf_free(tail);
	return 0;
}

/* Sources list the specification's vocabularies in its order: item i of list must be vocab[i]. */
static int out_of_order(struct cc *c, const char *file, const char *list, uint32_t i, const char *id,
	const char *const *vocab)
{
	if (strcmp(id, vocab[i]) == 0) return 0;
	char ptr[64];
	snprintf(ptr, sizeof ptr, "/%s/%u/id", list, i);
	return fail(c, file, ptr, "expected \"%s\" here (specification order), found \"%s\"", vocab[i], id);
}

static int compile_caps(struct cc *c)
{
	const char *file = "capabilities.json";
	c->capfile = load(c, file, &SRC_CAPABILITIES);
	if (!c->capfile) return -1;
	struct json_object *list = jget(c->capfile, "capabilities");
	for (uint32_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *cap = json_object_array_get_idx(list, i);
		char ptr[64];
		const char *id = jget_str(cap, "id");
		if (out_of_order(c, file, "capabilities", i, id, VOCAB_CAPABILITIES) < 0) return -1;
		struct json_object *t = jget(cap, "title"), *d = jget(cap, "description");
		struct cat_cap rec = {
			.id = str_add(c, id), .title_en = str_add(c, jget_str(t, "en")), .title_de = str_add(c, jget_str(t, "de")),
			.desc_en = str_add(c, jget_str(d, "en")), .desc_de = str_add(c, jget_str(d, "de")),
			.write = (uint32_t)jget_bool(cap, "write", 0),
			.caller = strcmp(jget_str(cap, "kind"), "caller") == 0,
			.op_first = c->nlists,
			.existing = jget_str(cap, "acts_on") && strcmp(jget_str(cap, "acts_on"), "existing") == 0,
		};
		if (!rec.caller && !jget_str(cap, "acts_on")) {
			snprintf(ptr, sizeof ptr, "/capabilities/%u", i);
			return fail(c, file, ptr, "provider capability \"%s\" needs acts_on (existing or new)", id);
		}
		char hay[4096];
		snprintf(hay, sizeof hay, "%s %s %s %s %s", id, jget_str(t, "en"), jget_str(t, "de"),
			jget_str(d, "en"), jget_str(d, "de"));
		rec.search = folded_add(c, hay);
		rec.title_text = cc_langtext(c, rec.title_en, rec.title_de);
		if (rec.title_text == CAT_NONE || cap_item_parts(c, cap, &rec) < 0) return fail(c, file, ptr, "out of memory");
		for (uint32_t k = 0; k < c->nops; k++) {
			if (op_at(c, k)->cap != i) continue;
			if (op_at(c, k)->write != rec.write) {
				snprintf(ptr, sizeof ptr, "/capabilities/%u/write", i);
				return fail(c, file, ptr, "capability \"%s\" says write=%s but operation %s says otherwise", id,
					rec.write ? "true" : "false", (const char *)c->strings.p + op_at(c, k)->id + 4);
			}
			if (buf_add(&c->lists, &k, 4) < 0) return -1;
			c->nlists++;
			rec.op_count++;
		}
		if ((rec.op_count == 0) != rec.caller) {
			snprintf(ptr, sizeof ptr, "/capabilities/%u/kind", i);
			return fail(c, file, ptr, "capability \"%s\" is kind \"%s\" but %s operation documents it", id,
				jget_str(cap, "kind"), rec.op_count ? "an" : "no");
		}
		if (buf_add(&c->caps, &rec, sizeof rec) < 0) return -1;
		c->ncaps++;
	}
	return 0;
}

/* Row 9 answers per app and capability: documented (with the operation's view) or an explicit gap. */
static int compile_gaps(struct cc *c)
{
	for (uint32_t a = 0; a < c->napps; a++) {
		((struct cat_app *)c->apps.p)[a].gap_first = c->nlists;
		for (uint32_t i = 0; i < c->ncaps; i++) {
			const struct cat_cap *cap = (const struct cat_cap *)c->caps.p + i;
			const struct cat_op *op = NULL;
			for (uint32_t k = c->app_ops[a][0]; !op && k < c->app_ops[a][0] + c->app_ops[a][1]; k++)
				if (op_at(c, k)->cap == i) op = op_at(c, k);
			struct json_object *o = json_object_new_object();
			jadd(o, "capability", json_object_new_string(VOCAB_CAPABILITIES[i]));
			jadd(o, "documented", json_object_new_boolean(op != NULL));
			jadd(o, "operation", op ? json_tokener_parse((const char *)c->strings.p + op->view + 4) : NULL);
			jadd(o, "gap", op ? NULL : json_object_new_string(cap->caller
				? "caller_side: no provider operation documents this capability for any app"
				: "not_documented: this app documents no operation for it"));
			cat_str s = json_add(c, o);
			json_object_put(o);
			if (s == CAT_NONE || buf_add(&c->lists, &s, 4) < 0) return fail(c, "catalog", "", "out of memory");
			c->nlists++;
		}
	}
	return 0;
}

static int compile_step(struct cc *c, struct json_object *st, const char *ptr, struct json_object *out_steps,
	bool generic)
{
	const char *file = "tasks.json";
	const char *capid = jget_str(st, "capability"), *appid = jget_str(st, "app"), *kind = jget_str(st, "app_kind");
	struct cat_step rec = { .cap = (uint32_t)vocab_index(VOCAB_CAPABILITIES, capid),
		.app = appid ? (uint32_t)vocab_index(VOCAB_APPS, appid) : CAT_NONE,
		.app_kind = (uint32_t)vocab_index(VOCAB_APP_KINDS, kind), .role = str_add(c, jget_str(st, "role")) };
	const struct cat_cap *cap = (const struct cat_cap *)c->caps.p + rec.cap;
	if (cap->caller != (rec.app_kind == AK_CALLER))
		return fail(c, file, ptr, "step %s has app_kind \"%s\" but the capability is %s", capid, kind,
			cap->caller ? "done on the caller's side" : "documented by providers");
	if (appid && ((const struct cat_app *)c->apps.p)[rec.app].kind != rec.app_kind)
		return fail(c, file, ptr, "step app \"%s\" is not of kind \"%s\"", appid, kind);
	if (appid && !cc_app_documents(c, rec.app, rec.cap))
		return fail(c, file, ptr, "app \"%s\" documents no operation for \"%s\"", appid, capid);
	if (!appid && !generic && !cap->caller)
		return fail(c, file, ptr, "a task that is not generic must bind an app to \"%s\"", capid);
	struct json_object *o = json_object_new_object();
	jadd(o, "capability", json_object_new_string(capid));
	jadd(o, "app", appid ? json_object_new_string(appid) : NULL);
	jadd(o, "app_kind", json_object_new_string(kind));
	jadd(o, "role", json_object_new_string(jget_str(st, "role")));
	jadd(o, "write", json_object_new_boolean((int)cap->write));
	jadd(o, "documented", cap->caller ? json_object_new_boolean(0)
		: appid ? json_object_new_boolean(1) : NULL);
	json_object_array_add(out_steps, o);
	if (buf_add(&c->steps, &rec, sizeof rec) < 0) return -1;
	c->nsteps++;
	return 0;
}

static int compile_tasks(struct cc *c, struct json_object *served)
{
	const char *file = "tasks.json";
	c->taskfile = load(c, file, &SRC_TASKS);
	if (!c->taskfile) return -1;
	struct json_object *list = jget(c->taskfile, "tasks");
	for (uint32_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *t = json_object_array_get_idx(list, i);
		char ptr[64];
		const char *id = jget_str(t, "id");
		if (out_of_order(c, file, "tasks", i, id, VOCAB_TASKS) < 0) return -1;
		bool generic = jget_bool(t, "generic", 0);
		struct json_object *ti = jget(t, "title"), *de = jget(t, "description"), *steps = jget(t, "steps");
		struct json_object *out = json_object_new_object(), *out_steps = json_object_new_array();
		jadd(out, "id", json_object_new_string(id));
		jadd(out, "title", json_object_get(ti));
		jadd(out, "description", json_object_get(de));
		jadd(out, "generic", json_object_new_boolean(generic));
		struct cat_task rec = { .id = str_add(c, id), .title_en = str_add(c, jget_str(ti, "en")),
			.title_de = str_add(c, jget_str(ti, "de")), .desc_en = str_add(c, jget_str(de, "en")),
			.desc_de = str_add(c, jget_str(de, "de")), .generic = generic, .step_first = c->nsteps,
			.step_count = (uint32_t)json_object_array_length(steps) };
		rec.title_text = cc_langtext(c, rec.title_en, rec.title_de);
		for (size_t k = 0; k < rec.step_count; k++) {
			snprintf(ptr, sizeof ptr, "/tasks/%u/steps/%zu", i, k);
			if (compile_step(c, json_object_array_get_idx(steps, k), ptr, out_steps, generic) < 0) {
				json_object_put(out);
				json_object_put(out_steps);
				return -1;
			}
		}
		jadd(out, "steps", out_steps);
		jadd(out, "keywords", json_object_get(jget(t, "keywords")));
		rec.json = json_add(c, out);
		json_object_array_add(served, out);
		struct printbuf *pb = printbuf_new();
		sprintbuf(pb, "%s %s %s %s %s", id, jget_str(ti, "en"), jget_str(ti, "de"), jget_str(de, "en"), jget_str(de, "de"));
		struct json_object *kw = jget(t, "keywords");
		for (int l = 0; l < 2; l++) {
			struct json_object *words = jget(kw, l ? "de" : "en");
			for (size_t k = 0; k < json_object_array_length(words); k++)
				sprintbuf(pb, " %s", json_object_get_string(json_object_array_get_idx(words, k)));
		}
		rec.search = words_add(c, pb->buf);
		printbuf_free(pb);
		if (rec.title_text == CAT_NONE || buf_add(&c->tasks, &rec, sizeof rec) < 0) return -1;
		c->ntasks++;
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Flags every operation a passing assertion of report r names; an unknown operation is an error. */
static int mark_tested(struct cc *c, const char *file, struct json_object *r)
{
	struct json_object *as = jget(r, "assertions");
	for (size_t i = 0; i < json_object_array_length(as); i++) {
		struct json_object *a = json_object_array_get_idx(as, i), *op = jget(a, "operation");
		if (!op) continue;
		char ptr[64];
		snprintf(ptr, sizeof ptr, "/assertions/%zu/operation", i);
		int app = vocab_index(VOCAB_APPS, jget_str(op, "app") ? jget_str(op, "app") : "");
		const char *oid = jget_str(op, "operation");
		uint32_t k = app < 0 || !oid ? c->nops : c->app_ops[app][0];
		for (; app >= 0 && oid && k < c->app_ops[app][0] + c->app_ops[app][1]; k++)
			if (strcmp((const char *)c->strings.p + op_at(c, k)->id + 4, oid) == 0) break;
		if (app < 0 || !oid || k == c->app_ops[app][0] + c->app_ops[app][1])
			return fail(c, file, ptr, "names no operation of the catalog");
		const char *res = jget_str(a, "result");
		if (res && strcmp(res, "pass") == 0) ((struct cat_opx *)c->opx.p)[k].tested = 1;
	}
	return 0;
}

/* The report records: each report as served, with the tool changes since the previous observation of its
 * entry (directory/observation.h), compared once all reports are read. */
static int add_reports(struct cc *c)
{
	size_t n = json_object_array_length(c->reportsrc);
	struct json_object **changes = calloc(n ? n : 1, sizeof *changes);
	if (!changes) return fail(c, "reports", "", "out of memory");
	for (size_t i = 0; i < n; i++) changes[i] = dir_report_changes(c->reportsrc, json_object_array_get_idx(c->reportsrc, i));
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct json_object *r = json_object_array_get_idx(c->reportsrc, i);
		if (changes[i]) json_object_object_add(r, "tool_changes_since_previous", changes[i]);
		changes[i] = NULL;
		struct cat_report rec = { .id = str_add(c, jget_str(r, "id")), .date = str_add(c, jget_str(r, "date")),
			.json = json_add(c, r) };
		if (buf_add(&c->reports, &rec, sizeof rec) < 0) rc = -1;
		else c->nreports++;
	}
	for (size_t i = 0; i < n; i++) json_object_put(changes[i]);
	free(changes);
	return rc;
}

static int compile_reports(struct cc *c)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/reports", c->dir);
	DIR *d = opendir(path);
	if (!c->reportsrc) c->reportsrc = json_object_new_array();
	if (!d) return errno == ENOENT ? 0 : fail(c, "reports", "", "cannot list: %s", strerror(errno));
	char **names = NULL;
	int n = 0, cap = 0, rc = 0;
	struct dirent *de;
	while (rc == 0 && (de = readdir(d)) != NULL) { /* as many as a verified directory writes */
		size_t l = strlen(de->d_name);
		if (l <= 5 || strcmp(de->d_name + l - 5, ".json") != 0) continue;
		if (n == cap) {
			char **p = realloc(names, (size_t)(cap = cap ? cap * 2 : 64) * sizeof *p);
			if (!p) { rc = fail(c, "reports", "", "out of memory"); break; }
			names = p;
		}
		names[n++] = strdup(de->d_name);
	}
	closedir(d);
	if (n) qsort(names, (size_t)n, sizeof *names, cmp_names);
	for (int i = 0; i < n && rc == 0; i++) {
		char file[300];
		snprintf(file, sizeof file, "reports/%s", names[i]);
		struct json_object *r = load(c, file, &SRC_REPORT);
		if (!r) { rc = -1; break; }
		const char *id = jget_str(r, "id");
		if (strncmp(names[i], id, strlen(id)) != 0 || strcmp(names[i] + strlen(id), ".json") != 0)
			rc = fail(c, file, "/id", "report id \"%s\" does not match the file name", id);
		if (rc == 0) rc = mark_tested(c, file, r);
		json_object_array_add(c->reportsrc, r); /* kept: directory verification levels derive from it */
	}
	for (int i = 0; i < n; i++) free(names[i]);
	free(names);
	return rc == 0 ? add_reports(c) : rc;
}

static const char *pool(const struct cc *c, cat_str s)
{
	return (const char *)c->strings.p + s + 4;
}

const char *cc_pool(const struct cc *c, cat_str s) { return pool(c, s); }
struct json_object *cc_load(struct cc *c, const char *name, const struct schema *shape) { return load(c, name, shape); }

/* Rank of scope among app's ordered scopes, or -1. */
static int scope_rank(const struct cc *c, uint32_t app, const char *scope)
{
	for (uint32_t i = 0; i < c->nscopes; i++) {
		const struct cat_scope *s = (const struct cat_scope *)c->scopes.p + i;
		if (s->app == app && strcmp(pool(c, s->scope), scope) == 0) return (int)s->rank;
	}
	return -1;
}

/* Every scope an operation accepts must be ordered, and every ordered scope must be accepted somewhere. */
static int check_scope_coverage(struct cc *c, uint32_t a, bool ordered)
{
	char file[128], ptr[96];
	snprintf(file, sizeof file, "apps/%s.json", VOCAB_APPS[a]);
	for (uint32_t k = c->app_ops[a][0]; k < c->app_ops[a][0] + c->app_ops[a][1]; k++) {
		const struct cat_op *op = op_at(c, k);
		snprintf(ptr, sizeof ptr, "/operations/%u/scope_alternatives", k - c->app_ops[a][0]);
		if ((op->scope_count != CAT_NONE) != ordered)
			return fail(c, file, ptr, ordered ? "is null but scope_order.json orders scopes for this app"
				: "lists scopes but scope_order.json has null for this app");
		for (uint32_t i = 0; ordered && i < op->scope_count; i++) {
			const char *sc = pool(c, ((const uint32_t *)c->lists.p)[op->scope_first + i]);
			snprintf(ptr, sizeof ptr, "/operations/%u/scope_alternatives/%u", k - c->app_ops[a][0], i);
			if (scope_rank(c, a, sc) < 0)
				return fail(c, file, ptr, "scope \"%s\" is not ordered in scope_order.json /apps/%s", sc, VOCAB_APPS[a]);
		}
	}
	return 0;
}

static bool app_uses_scope(const struct cc *c, uint32_t a, const char *scope)
{
	for (uint32_t k = c->app_ops[a][0]; k < c->app_ops[a][0] + c->app_ops[a][1]; k++) {
		const struct cat_op *op = op_at(c, k);
		for (uint32_t i = 0; op->scope_count != CAT_NONE && i < op->scope_count; i++)
			if (strcmp(pool(c, ((const uint32_t *)c->lists.p)[op->scope_first + i]), scope) == 0) return true;
	}
	return false;
}

static int compile_scope_order(struct cc *c)
{
	const char *file = "scope_order.json";
	struct json_object *src = load(c, file, &SRC_SCOPE_ORDER);
	if (!src) return -1;
	int rc = 0;
	for (uint32_t a = 0; a < c->napps && rc == 0; a++) {
		struct json_object *list = jget(jget(src, "apps"), VOCAB_APPS[a]);
		for (uint32_t i = 0; list && i < json_object_array_length(list) && rc == 0; i++) {
			struct json_object *e = json_object_array_get_idx(list, i);
			const char *sc = jget_str(e, "scope");
			char ptr[96];
			snprintf(ptr, sizeof ptr, "/apps/%s/%u/scope", VOCAB_APPS[a], i);
			if (scope_rank(c, a, sc) >= 0) rc = fail(c, file, ptr, "scope \"%s\" is listed twice", sc);
			else if (!app_uses_scope(c, a, sc))
				rc = fail(c, file, ptr, "unknown scope \"%s\": no operation of %s accepts it", sc, VOCAB_APPS[a]);
			struct json_object *reason = jget(e, "reason");
			struct cat_scope rec = { .scope = str_add(c, sc), .reason = str_add(c, jget_str(reason, "en")),
				.reason_de = str_add(c, jget_str(reason, "de")), .app = a, .rank = i,
				.suggest = (uint32_t)jget_bool(e, "suggest", 0),
				.app_created = strcmp(jget_str(e, "reach"), "app_created") == 0 };
			rec.reason_text = cc_langtext(c, rec.reason, rec.reason_de);
			if (rc == 0 && rec.reason_text == CAT_NONE) rc = fail(c, file, ptr, "out of memory");
			if (rc == 0 && buf_add(&c->scopes, &rec, sizeof rec) < 0) rc = -1;
			if (rc == 0) c->nscopes++;
		}
		if (rc == 0) rc = check_scope_coverage(c, a, list != NULL);
	}
	json_object_put(src);
	return rc;
}

/* Pre-serialised pieces of a plan step per operation, built once reports have marked tested ones. */
static int build_plan_views(struct cc *c)
{
	for (uint32_t k = 0; k < c->nops; k++) {
		const struct cat_op *op = op_at(c, k);
		struct cat_opx *x = (struct cat_opx *)c->opx.p + k;
		const struct cat_app *app = (const struct cat_app *)c->apps.p + op->app;
		const struct cat_cap *cap = (const struct cat_cap *)c->caps.p + op->cap;
		struct json_object *v = json_object_new_object(), *sc = NULL, *notes = json_object_new_array(),
			*ctx = json_object_new_string(pool(c, app->permission_context)), *title = json_object_new_object();
		jadd(v, "id", json_object_new_string(pool(c, op->id)));
		jadd(v, "method", json_object_new_string(pool(c, op->method)));
		jadd(v, "base_url", json_object_new_string(pool(c, op->base_url)));
		jadd(v, "path", json_object_new_string(pool(c, op->path)));
		jadd(v, "request_url", json_object_new_string(pool(c, x->request_url)));
		jadd(v, "input", x->input != CAT_NONE ? json_object_new_string(pool(c, x->input)) : NULL);
		jadd(v, "output", x->output != CAT_NONE ? json_object_new_string(pool(c, x->output)) : NULL);
		jadd(v, "parameters", json_tokener_parse(pool(c, x->params)));
		jadd(v, "practically_tested", json_object_new_boolean((int)x->tested));
		if (op->scope_count != CAT_NONE) {
			sc = json_object_new_array();
			for (uint32_t i = 0; i < op->scope_count; i++)
				json_object_array_add(sc, json_object_new_string(pool(c, ((const uint32_t *)c->lists.p)[op->scope_first + i])));
		}
		if (op->permission_context != CAT_NONE)
			json_object_array_add(notes, json_object_new_string(pool(c, op->permission_context)));
		jadd(title, "en", json_object_new_string(pool(c, cap->title_en)));
		jadd(title, "de", json_object_new_string(pool(c, cap->title_de)));
		x->plan_view = json_add(c, v);
		x->scopes = sc ? json_add(c, sc) : str_add(c, "null");
		x->notes = json_add(c, notes);
		x->app_context = json_add(c, ctx);
		x->cap_title = json_add(c, title);
		json_object_put(v);
		if (sc) json_object_put(sc);
		json_object_put(notes);
		json_object_put(ctx);
		json_object_put(title);
		if (x->plan_view == CAT_NONE || x->cap_title == CAT_NONE) return fail(c, "catalog", "", "out of memory");
	}
	return 0;
}

/* "|a|b|" from a JSON array of strings, each folded when fold is set. */
static cat_str names_add(struct cc *c, struct json_object *arr, const char *more[], bool fold)
{
	struct printbuf *pb = printbuf_new();
	char f[256];
	printbuf_strappend(pb, "|");
	for (int i = 0; more && more[i]; i++) {
		text_fold(more[i], f, sizeof f);
		sprintbuf(pb, "%s|", fold ? f : more[i]);
	}
	for (size_t i = 0; arr && i < json_object_array_length(arr); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(arr, i));
		text_fold(s, f, sizeof f);
		sprintbuf(pb, "%s|", fold ? f : s);
	}
	cat_str r = str_add(c, pb->buf);
	printbuf_free(pb);
	return r;
}

static cat_str opt_add(struct cc *c, struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);
	return v && json_object_is_type(v, json_type_string) ? str_add(c, json_object_get_string(v)) : CAT_NONE;
}

static uint32_t enum_of(const char *const *v, const char *s)
{
	int i = vocab_index(v, s);
	return i < 0 ? 0 : (uint32_t)i;
}

static int compile_client(struct cc *c, struct json_object *cl, const char *ptr)
{
	static const char *const formats[] = { "json", "jsonc", "toml", "yaml", NULL };
	static const char *const support[] = { "yes", "no", "bridge", "partial", "undocumented", NULL };
	static const char *const tr[] = { "stdio", "streamable_http", "sse", NULL };
	struct json_object *fields = jget(cl, "fields"), *steps = jget(cl, "steps");
	const char *more[] = { jget_str(cl, "id"), jget_str(cl, "name"), NULL };
	struct cat_client rec = { .id = str_add(c, jget_str(cl, "id")), .name = str_add(c, jget_str(cl, "name")),
		.keys = names_add(c, jget(cl, "aliases"), more, true), .json = json_add(c, cl),
		.root_key = str_add(c, jget_str(cl, "root_key")), .type_field = opt_add(c, cl, "type_field"),
		.command = opt_add(c, fields, "command"), .args = opt_add(c, fields, "args"),
		.env = opt_add(c, fields, "env"), .url = opt_add(c, fields, "url"),
		.http_url = opt_add(c, fields, "http_url"), .headers = opt_add(c, fields, "headers"),
		.known = names_add(c, jget(cl, "known_fields"), NULL, false), .secret = opt_add(c, cl, "secret_syntax"),
		.styles = names_add(c, jget(cl, "placeholder_styles"), NULL, false),
		.timeouts = names_add(c, jget(cl, "timeouts"), NULL, false),
		.extra = json_add(c, jget(cl, "required_extra")), .files = json_add(c, jget(cl, "files")),
		.steps_en = json_add(c, jget(steps, "en")), .steps_de = json_add(c, jget(steps, "de")),
		.format = enum_of(formats, jget_str(cl, "format")),
		.root_list = strcmp(jget_str(cl, "root_shape"), "list") == 0,
		.command_array = strcmp(jget_str(fields, "command_shape"), "array") == 0,
		.comments = (uint32_t)jget_bool(cl, "comments", 0),
		.trailing_commas = (uint32_t)jget_bool(cl, "trailing_commas", 0) };
	for (int t = 0; t < TR_COUNT; t++) {
		rec.support[t] = enum_of(support, jget_str(jget(cl, "transports"), tr[t]));
		struct json_object *tv = jget(jget(cl, "type_values"), tr[t]);
		rec.type_values[t] = json_object_array_length(tv) ? names_add(c, tv, NULL, false) : CAT_NONE;
		if (jget_bool(jget(cl, "type_required"), tr[t], 0)) rec.type_required |= 1u << t;
		if (rec.type_values[t] == CAT_NONE && (rec.type_required & (1u << t)))
			return fail(c, "clients.json", ptr, "type required for %s but no type value given", tr[t]);
	}
	if (rec.type_field == CAT_NONE && (rec.type_values[0] != CAT_NONE || rec.type_values[1] != CAT_NONE))
		return fail(c, "clients.json", ptr, "type values without a type_field");
	if (rec.support[TR_HTTP] == SUP_YES && rec.url == CAT_NONE && rec.http_url == CAT_NONE)
		return fail(c, "clients.json", ptr, "remote transport supported but no url field");
	if (rec.trailing_commas && rec.format != CF_JSONC)
		return fail(c, "clients.json", ptr, "trailing commas only make sense for jsonc");
	if (rec.command_array && rec.args != CAT_NONE)
		return fail(c, "clients.json", ptr, "a command array leaves no separate args field");
	return buf_add(&c->clients, &rec, sizeof rec);
}

static int cmp_client_ids(const void *a, const void *b)
{
	return strcmp(jget_str(*(struct json_object *const *)a, "id"), jget_str(*(struct json_object *const *)b, "id"));
}

/* clients.json is optional for old source trees; when present every record is checked. */
static int compile_clients(struct cc *c)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/clients.json", c->dir);
	if (access(path, F_OK) != 0) return 0;
	struct json_object *src = load(c, "clients.json", &SRC_CLIENTS);
	if (!src) return -1;
	struct json_object *arr = jget(src, "clients");
	size_t n = json_object_array_length(arr);
	struct json_object **v = calloc(n, sizeof *v);
	int rc = v ? 0 : -1;
	for (size_t i = 0; rc == 0 && i < n; i++) v[i] = json_object_array_get_idx(arr, i);
	if (rc == 0) qsort(v, n, sizeof *v, cmp_client_ids);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		char ptr[64];
		snprintf(ptr, sizeof ptr, "/clients/%zu", i);
		if (i > 0 && strcmp(jget_str(v[i], "id"), jget_str(v[i - 1], "id")) == 0)
			rc = fail(c, "clients.json", ptr, "duplicate client id %s", jget_str(v[i], "id"));
		if (rc == 0) rc = compile_client(c, v[i], ptr);
		if (rc == 0) c->nclients++;
	}
	free(v);
	json_object_put(src);
	return rc;
}

/* Per-provider newest last_confirmed, plus counters: e.g. "Google-20251104T152329Z.ops-49". */
static void make_dataset_version(struct cc *c)
{
	char provs[16][64], dates[16][24];
	int np = 0;
	for (uint32_t a = 0; a < c->napps; a++) {
		const char *prov = jget_str(c->appsrc[a], "provider");
		struct json_object *ops = jget(c->appsrc[a], "operations");
		int k;
		for (k = 0; k < np; k++) if (strcmp(provs[k], prov) == 0) break;
		if (k == np) { snprintf(provs[np], 64, "%s", prov); dates[np][0] = '\0'; np++; }
		for (size_t i = 0; i < json_object_array_length(ops); i++) {
			const char *lc = jget_str(jget(json_object_array_get_idx(ops, i), "evidence"), "last_confirmed");
			char compact[24];
			size_t o = 0;
			for (const char *p = lc; *p && o + 1 < sizeof compact; p++)
				if (*p != '-' && *p != ':') compact[o++] = *p;
			compact[o] = '\0';
			if (strcmp(compact, dates[k]) > 0) snprintf(dates[k], 24, "%s", compact);
		}
	}
	size_t o = 0;
	for (int k = 0; k < np; k++) {
		char lower[64];
		size_t j = 0;
		for (const char *p = provs[k]; *p && j + 1 < sizeof lower; p++)
			if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')) lower[j++] = *p;
			else if (*p >= 'A' && *p <= 'Z') lower[j++] = (char)(*p + 32);
		lower[j] = '\0';
		o += (size_t)snprintf(c->dataset_version + o, sizeof c->dataset_version - o, "%s-%s.", lower, dates[k]);
	}
	snprintf(c->dataset_version + o, sizeof c->dataset_version - o, "ops-%u.tasks-%u.reports-%u.entries-%u",
		c->nops, c->ntasks, c->nreports, c->nentries);
}

static void add_versions(struct cc *c, struct json_object *o)
{
	jadd(o, "dataset_version", json_object_new_string(c->dataset_version));
	jadd(o, "catalog_version", json_object_get(jget(c->versions, "catalog_version")));
	jadd(o, "rule_version", json_object_get(jget(c->versions, "rule_version")));
}

static int add_item_doc(struct cc *c, enum cat_doc_id id, uint32_t item, struct json_object *o)
{
	struct cat_doc d = { .id = id, .json = json_add(c, o), .item = item };
	json_object_put(o);
	if (buf_add(&c->docs, &d, sizeof d) < 0) return -1;
	c->ndocs++;
	return 0;
}

static int add_doc(struct cc *c, enum cat_doc_id id, struct json_object *o)
{
	return add_item_doc(c, id, CAT_NONE, o);
}

/* GET /v2/tasks/{task_id}, /v2/apps/{app}: each item of a list, after the versions, served as compiled. */
static int add_item_docs(struct cc *c, enum cat_doc_id id, struct json_object *list)
{
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *o = json_object_new_object();
		add_versions(c, o);
		json_object_object_foreach(json_object_array_get_idx(list, i), k, v) json_object_object_add(o, k, json_object_get(v));
		if (add_item_doc(c, id, (uint32_t)i, o) < 0) return -1;
	}
	return 0;
}

static int build_docs(struct cc *c, struct json_object *tasks)
{
	struct json_object *full = json_object_new_object(), *apps = json_object_new_array();
	add_versions(c, full);
	struct json_object *summary = json_object_new_object(), *sapps = json_object_new_array();
	add_versions(c, summary);
	for (uint32_t a = 0; a < c->napps; a++) {
		struct json_object *src = c->appsrc[a];
		json_object_array_add(apps, json_object_get(src));
		struct json_object *s = json_object_new_object(), *caps = json_object_new_array();
		static const char *const keys[] = { "id", "name", "provider", "api_version", "base_url", "authentication",
			"cost", "limits", "data_processing", "connector_inventory", NULL };
		for (int k = 0; keys[k]; k++) json_object_object_add(s, keys[k], json_object_get(jget(src, keys[k])));
		struct json_object *ops = jget(src, "operations");
		for (size_t i = 0; i < json_object_array_length(ops); i++)
			json_object_array_add(caps, json_object_get(jget(json_object_array_get_idx(ops, i), "capability")));
		jadd(s, "operation_count", json_object_new_int((int)json_object_array_length(ops)));
		jadd(s, "capabilities", caps);
		json_object_array_add(sapps, s);
	}
	jadd(full, "apps", apps);
	jadd(summary, "apps", sapps);
	struct json_object *tdoc = json_object_new_object();
	add_versions(c, tdoc);
	jadd(tdoc, "total", json_object_new_int((int)json_object_array_length(tasks)));
	jadd(tdoc, "tasks", json_object_get(tasks));
	struct json_object *gdoc = json_object_new_object();
	add_versions(c, gdoc);
	jadd(gdoc, "guides", json_object_get(jget(c->guidefile, "guides")));
	struct json_object *rdoc = json_object_new_object(), *rlist = json_object_new_array();
	for (size_t i = 0; c->reportsrc && i < json_object_array_length(c->reportsrc); i++) {
		struct json_object *r = json_object_array_get_idx(c->reportsrc, i), *e = json_object_new_object();
		char href[300];
		snprintf(href, sizeof href, "/v2/verification-reports/%s", jget_str(r, "id"));
		jadd(e, "id", json_object_get(jget(r, "id")));
		jadd(e, "date", json_object_get(jget(r, "date")));
		jadd(e, "title", json_object_get(jget(r, "title")));
		jadd(e, "href", json_object_new_string(href));
		json_object_array_add(rlist, e);
	}
	jadd(rdoc, "reports", rlist);
	add_versions(c, rdoc);
	/* the items first: the list documents are freed with their lists once added */
	if (add_item_docs(c, DOC_APP, sapps) < 0 || add_item_docs(c, DOC_TASK, tasks) < 0 ||
	    add_doc(c, DOC_PROVIDER_CATALOG, full) < 0 || add_doc(c, DOC_APPS, summary) < 0 ||
	    add_doc(c, DOC_TASKS, tdoc) < 0 || add_doc(c, DOC_GUIDES, gdoc) < 0 || add_doc(c, DOC_REPORTS, rdoc) < 0)
		return fail(c, "catalog", "", "out of memory");
	return 0;
}

static int write_out(struct cc *c, const char *outpath)
{
	struct cat_header h = { 0 };
	memcpy(h.magic, CAT_MAGIC, 8);
	h.format = CAT_FORMAT;
	h.nsections = CS_COUNT;
	struct cat_meta meta = { .dataset_version = str_add(c, c->dataset_version),
		.catalog_version = str_add(c, jget_str(c->versions, "catalog_version")),
		.rule_version = str_add(c, jget_str(c->versions, "rule_version")),
		.built_from = str_add(c, c->extra_dir ? "catalog sources and imported directory sources" : "catalog sources"),
		.connection_rule_version = str_add(c, jget_str(c->versions, "connection_rule_version") ?
			jget_str(c->versions, "connection_rule_version") : jget_str(c->versions, "rule_version")),
		.imported_entries = c->nimported, .shadowed_entries = c->nshadowed, .trigger_intent = c->trigger_intent,
		.copy_intent = c->copy_intent, .copy_in_place = c->copy_in_place, .unknown_action = c->unknown_action,
		.copy_into_codehost = c->copy_into_codehost,
		.record_intent = c->record_intent,
		.format_intent = c->format_intent, .addressed_intent = c->addressed_intent,
		.store_intent = c->store_intent, .become_intent = c->become_intent,
		.joined_intent = c->joined_intent };
	struct buf metab = { 0 };
	buf_add(&metab, &meta, sizeof meta);
	struct { struct buf *b; uint32_t count; } secs[CS_COUNT] = {
		[CS_STRINGS] = { &c->strings, 0 }, [CS_META] = { &metab, 1 }, [CS_APPS] = { &c->apps, c->napps },
		[CS_OPS] = { &c->ops, c->nops }, [CS_CAPS] = { &c->caps, c->ncaps }, [CS_TASKS] = { &c->tasks, c->ntasks },
		[CS_STEPS] = { &c->steps, c->nsteps }, [CS_LISTS] = { &c->lists, c->nlists },
		[CS_REPORTS] = { &c->reports, c->nreports }, [CS_DOCS] = { &c->docs, c->ndocs },
		[CS_OPX] = { &c->opx, c->nops }, [CS_SCOPES] = { &c->scopes, c->nscopes },
		[CS_SYNONYMS] = { &c->syns, c->nsyns }, [CS_WORDS] = { &c->words, c->nwords },
		[CS_CLIENTS] = { &c->clients, c->nclients },
		[CS_ENTRIES] = { &c->entries, c->nentries },
		[CS_TYPOS] = { &c->typos, c->ntypos }, [CS_FAMILIES] = { &c->families, c->nfamilies },
		[CS_INTENTS] = { &c->intents, c->nintents }, [CS_IMPLIED] = { &c->implied, c->nimplied },
		[CS_INPUTS] = { &c->inputs, c->ninputs }, [CS_TEXTS] = { &c->texts, c->ntexts },
		[CS_HISTORY] = { &c->history, c->nhistory },
		[CS_DWORDS] = { &c->dsx.words, c->dsx.nwords }, [CS_DTEXT] = { &c->dsx.text, c->dsx.ntext },
		[CS_DPOSTS] = { &c->dsx.posts, c->dsx.nposts }, [CS_DSUFFIXES] = { &c->dsx.suffixes, c->dsx.nsuffixes },
		[CS_DSHORT] = { &c->dsx.shorts, c->dsx.nshorts }, [CS_DFILTERS] = { &c->dsx.filters, c->dsx.nfilters },
		[CS_DLISTS] = { &c->dsx.lists, c->dsx.nlists }, [CS_LANGTEXTS] = { &c->langtexts, c->nlangtexts },
		[CS_PTASKS] = { &c->ptasks, c->ntasks }, [CS_WORDHASH] = { &c->wordhash, c->nwordhash },
		[CS_STEMHASH] = { &c->stemhash, c->nstemhash }, [CS_OUTSIDE] = { &c->outside, c->noutside },
		[CS_DICTIONARY] = { &c->dictionary, c->ndictionary },
	};
	struct buf body = { 0 };
	static const unsigned char pad[8];
	int rc = 0;
	for (int s = 0; s < CS_COUNT && rc == 0; s++) {
		size_t off = sizeof h + body.len;
		h.sections[s] = (struct cat_section){ .id = (uint32_t)s, .count = secs[s].count, .off = off,
			.size = secs[s].b->len };
		if (secs[s].b->len) rc = buf_add(&body, secs[s].b->p, secs[s].b->len);
		size_t rem = (sizeof h + body.len) % 8;
		if (rc == 0 && rem) rc = buf_add(&body, pad, 8 - rem);
	}
	free(metab.p);
	/* header, body and trailer in one buffer, sealed (checksums) by the reader's own routine */
	struct buf file = { 0 };
	static const struct cat_trailer no_trailer;
	if (rc == 0) rc = buf_add(&file, &h, sizeof h);
	if (rc == 0) rc = buf_add(&file, body.p, body.len);
	if (rc == 0) rc = buf_add(&file, &no_trailer, sizeof no_trailer);
	free(body.p);
	if (rc == 0) rc = catalog_seal(file.p, file.len);
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", outpath, (long)getpid());
	FILE *f = rc == 0 ? fopen(tmp, "wb") : NULL;
	if (!f) {
		free(file.p);
		return fail(c, outpath, "", "cannot write: %s", strerror(errno));
	}
	bool ok = fwrite(file.p, 1, file.len, f) == file.len;
	ok = (fclose(f) == 0) && ok;
	free(file.p);
	if (!ok || rename(tmp, outpath) != 0) {
		unlink(tmp);
		return fail(c, outpath, "", "cannot write: %s", strerror(errno));
	}
	return 0;
}

static void cc_free(struct cc *c)
{
	struct buf *bufs[] = { &c->strings, &c->apps, &c->ops, &c->caps, &c->tasks, &c->steps, &c->lists,
		&c->reports, &c->docs, &c->opx, &c->scopes, &c->syns, &c->words, &c->clients, &c->entries,
		&c->typos, &c->families, &c->intents, &c->implied, &c->inputs, &c->texts, &c->history, &c->langtexts, &c->ptasks,
		&c->wordhash, &c->stemhash, &c->outside, &c->dictionary };
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++) free(bufs[i]->p);
	dsearch_free(&c->dsx);
	for (int a = 0; a < 16; a++) if (c->appsrc[a]) json_object_put(c->appsrc[a]);
	struct json_object *objs[] = { c->versions, c->capfile, c->taskfile, c->guidefile, c->reportsrc, c->sources };
	for (size_t i = 0; i < sizeof objs / sizeof *objs; i++) if (objs[i]) json_object_put(objs[i]);
}

/* Directory entries: drafts from catalogc_dir.c become cat_entry records. */
static int compile_entries(struct cc *c)
{
	struct json_object *drafts;
	int shadowed = 0;
	if (dirc_compile(c->dir, c->extra_dir, c->reportsrc, &drafts, &shadowed, c->err, c->errlen) < 0) return -1;
	c->nshadowed = (uint32_t)shadowed;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < json_object_array_length(drafts); i++) {
		struct json_object *d = json_object_array_get_idx(drafts, i);
#define S(f) .f = str_add(c, jget_str(d, #f))
		struct cat_entry rec = { S(type), S(slug), S(key), S(name), S(status), S(json), S(connections),
			S(connections_en), S(connections_de), S(levels), S(verifications), S(ver_connections),
			S(summary_en), S(summary_de), S(search_name), S(search_key), S(search_text), S(exec_clients),
			S(observation), S(observation_en), S(observation_de),
			.einsatz = (uint32_t)json_object_get_int64(jget(d, "einsatz")),
			.discontinued = (uint32_t)jget_bool(d, "discontinued", 0) };
#undef S
		rc = buf_add(&c->entries, &rec, sizeof rec);
		if (rc == 0) c->nentries++;
		if (strcmp(jget_str(d, "origin"), "registry") == 0) c->nimported++;
	}
	json_object_put(drafts);
	return rc < 0 ? fail(c, "directory", "", "out of memory") : 0;
}

/* The directory's search index over the entries' folded fields, in catalog order. */
static int compile_search(struct cc *c)
{
	const struct cat_entry *rec = (const struct cat_entry *)c->entries.p;
	struct dsearch_entry *e = calloc(c->nentries ? c->nentries : 1, sizeof *e);
	if (!e) return fail(c, "directory", "", "out of memory");
#define POOL(s) ((const char *)c->strings.p + (s) + 4)
	for (uint32_t i = 0; i < c->nentries; i++) {
		int st = vocab_index(VOCAB_ENTRY_STATUS, POOL(rec[i].status));
		e[i] = (struct dsearch_entry){ POOL(rec[i].search_name), POOL(rec[i].search_key), POOL(rec[i].search_text),
			rec[i].einsatz, st < 0 ? CAT_NONE : (uint32_t)st };
	}
#undef POOL
	int rc = dsearch_build(e, c->nentries, &c->dsx);
	free(e);
	return rc < 0 ? fail(c, "directory", "", "out of memory") : 0;
}

int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen)
{
	return catalogc_build_ex(srcdir, NULL, outpath, err, errlen);
}

int catalogc_build_ex(const char *srcdir, const char *extra_dir, const char *outpath, char *err, size_t errlen)
{
	return catalogc_build_words(srcdir, extra_dir, NULL, outpath, err, errlen);
}

int catalogc_build_words(const char *srcdir, const char *extra_dir, const char *const *wordlists, const char *outpath,
	char *err, size_t errlen)
{
	struct cc c = { .err = err, .errlen = errlen, .dir = srcdir, .extra_dir = extra_dir, .wordlists = wordlists, .copy_intent = CAT_NONE,
		.copy_in_place = CAT_NONE, .unknown_action = CAT_NONE, .copy_into_codehost = CAT_NONE, .record_intent = CAT_NONE,
		.format_intent = CAT_NONE, .addressed_intent = CAT_NONE, .store_intent = CAT_NONE,
		.become_intent = CAT_NONE, .joined_intent = CAT_NONE };
	err[0] = '\0';
	/* offset 0 of the pool stays unused so a zeroed cat_str is never a valid string by accident */
	uint32_t zero[2] = { 0, 0 };
	int rc = buf_add(&c.strings, zero, 8);
	struct json_object *tasks = json_object_new_array();
	if (rc == 0) rc = (c.versions = load(&c, "versions.json", &SRC_VERSIONS)) ? 0 : -1;
	if (rc == 0) rc = compile_apps(&c);
	if (rc == 0) rc = compile_caps(&c);
	if (rc == 0) rc = compile_gaps(&c);
	if (rc == 0) rc = compile_tasks(&c, tasks);
	if (rc == 0) rc = (c.guidefile = load(&c, "guides.json", &SRC_GUIDES)) ? 0 : -1;
	if (rc == 0) rc = compile_scope_order(&c);
	if (rc == 0) rc = cc_compile_synonyms(&c);
	if (rc == 0) rc = cc_compile_implied(&c);
	if (rc == 0) rc = cc_compile_inputs(&c);
	if (rc == 0) rc = cc_compile_texts(&c);
	if (rc == 0) rc = cc_compile_history(&c);
	if (rc == 0) rc = cc_compile_ptasks(&c);
	if (rc == 0) rc = compile_reports(&c);
	if (rc == 0) rc = build_plan_views(&c);
	if (rc == 0) rc = compile_clients(&c);
	if (rc == 0) rc = compile_entries(&c);
	if (rc == 0) rc = compile_search(&c);
	if (rc == 0) make_dataset_version(&c);
	if (rc == 0) rc = build_docs(&c, tasks);
	if (rc == 0) rc = write_out(&c, outpath);
	json_object_put(tasks);
	cc_free(&c);
	return rc;
}
