#include "tools/import/importer.h"
#include "compiler/catalogc_shapes.h"
#include "directory/directory.h"
#include "util/buf.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "catalog/vocab.h"

#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Bounds: the registry's own server.json limits where it has them, else the directory source's. */
#define MAX_NAME 200
#define MAX_TITLE 100
#define MAX_DESCRIPTION 100
#define MAX_VERSION 255
#define MAX_URL 500
#define MAX_INPUT_DESC 1000
#define MAX_ARG 500
#define MAX_CONNECTIONS 20
#define MAX_INPUTS 100

struct imp {
	FILE *report;
	struct import_stats *st;
	size_t rec;   /* current record index */
	size_t line;  /* its first line */
};

static void note(struct imp *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One more provider text in language code (dir_detect_language's: a few codes only). */
static void count_language(struct import_stats *st, const char *code)
{
	size_t k = 0;
	while (k < st->nlang && strcmp(st->lang[k].code, code) != 0) k++;
	if (k == st->nlang) {
		if (k == sizeof st->lang / sizeof *st->lang) return;
		snprintf(st->lang[k].code, sizeof st->lang[k].code, "%s", code);
		st->nlang++;
	}
	st->lang[k].n++;
}
static void note(struct imp *im, const char *fmt, ...)
{
	if (!im->report) return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(im->report, "record %zu (line %zu): ", im->rec, im->line);
	vfprintf(im->report, fmt, ap);
	fputc('\n', im->report);
	va_end(ap);
}

static size_t cps(const char *s) { return s ? utf8_length(s, strlen(s)) : 0; }

static bool matches(const char *re_src, const char *s)
{
	regex_t re;
	if (regcomp(&re, re_src, REG_EXTENDED | REG_NOSUB) != 0) return false;
	bool ok = regexec(&re, s, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

static bool url_ok(const char *u) { return u && cps(u) <= MAX_URL && matches("^https?://[^[:space:]]+$", u); }

/* End of the JSON value starting at p (string-aware bracket counting), or NULL when unterminated. */
static const char *value_end(const char *p, const char *end)
{
	int depth = 0;
	bool str = false;
	for (const char *q = p; q < end; q++) {
		char ch = *q;
		if (str) {
			if (ch == '\\') q++;
			else if (ch == '"') { str = false; if (depth == 0) return q + 1; }
			continue;
		}
		if (ch == '"') str = true;
		else if (ch == '{' || ch == '[') depth++;
		else if (ch == '}' || ch == ']') {
			if (depth == 0) return q; /* a scalar ended by the enclosing array's close */
			if (--depth == 0) return q + 1;
		} else if (ch == ',' && depth == 0) return q;
	}
	return NULL;
}

static const char *skip_ws(const char *p, const char *end, size_t *line)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
		if (*p == '\n') (*line)++;
		p++;
	}
	return p;
}

static size_t count_lines(const char *a, const char *b)
{
	size_t n = 0;
	for (; a < b; a++) n += *a == '\n';
	return n;
}

static struct json_object *input_list(struct imp *im, const struct json_object *src, const char *what, bool *dropped)
{
	struct json_object *out = json_object_new_array();
	size_t n = json_object_is_type(src, json_type_array) ? json_object_array_length(src) : 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *v = json_object_array_get_idx(src, i);
		const char *name = jget_str(v, "name");
		if (!name || !*name || cps(name) > 200 || strpbrk(name, " \t\n=")) {
			note(im, "%s %zu has no usable name; left out", what, i);
			im->st->dropped_parts++;
			*dropped = true;
			continue;
		}
		if (json_object_array_length(out) >= MAX_INPUTS) {
			note(im, "more than %d %ss; the rest left out", MAX_INPUTS, what);
			im->st->overlong++;
			break;
		}
		const char *desc = jget_str(v, "description");
		if (desc && cps(desc) > MAX_INPUT_DESC) {
			note(im, "%s %s: description longer than %d characters; description left out", what, name, MAX_INPUT_DESC);
			im->st->overlong++;
			desc = NULL;
		}
		struct json_object *o = json_object_new_object();
		jadd(o, "name", json_object_new_string(name));
		jadd(o, "required", json_object_new_boolean(jget_bool(v, "isRequired", 0)));
		jadd(o, "secret", json_object_new_boolean(jget_bool(v, "isSecret", 0)));
		jadd(o, "description", json_object_new_string(desc ? desc : ""));
		json_object_array_add(out, o);
	}
	return out;
}

static void add_arg(struct imp *im, struct json_object *out, const char *s)
{
	if (!s || !*s) return;
	if (cps(s) > MAX_ARG) {
		note(im, "argument longer than %d characters; left out", MAX_ARG);
		im->st->overlong++;
		return;
	}
	json_object_array_add(out, json_object_new_string(s));
}

/* Registry arguments as plain strings: fixed values as they are, required open values as
 * "<hint>" placeholders, optional open ones left out. */
static struct json_object *arg_list(struct imp *im, const struct json_object *src)
{
	struct json_object *out = json_object_new_array();
	size_t n = json_object_is_type(src, json_type_array) ? json_object_array_length(src) : 0;
	for (size_t i = 0; i < n && json_object_array_length(out) < 58; i++) {
		struct json_object *a = json_object_array_get_idx(src, i);
		const char *type = jget_str(a, "type"), *value = jget_str(a, "value"), *hint = jget_str(a, "valueHint");
		bool req = jget_bool(a, "isRequired", 0);
		char ph[300];
		snprintf(ph, sizeof ph, "<%.280s>", hint ? hint : jget_str(a, "name") ? jget_str(a, "name") : "value");
		if (type && strcmp(type, "named") == 0) {
			const char *name = jget_str(a, "name");
			if (!name) continue;
			if (value) { add_arg(im, out, name); add_arg(im, out, value); }
			else if (req) { add_arg(im, out, name); add_arg(im, out, ph); }
		} else if (value) add_arg(im, out, value);
		else if (req) add_arg(im, out, ph);
	}
	return out;
}

static struct json_object *package_conn(struct imp *im, const struct json_object *p, size_t i)
{
	static const char *const known[] = { "npm", "pypi", "oci", "mcpb", "nuget", NULL };
	const char *reg = jget_str(p, "registryType"), *ident = jget_str(p, "identifier");
	const char *version = jget_str(p, "version"), *sha = jget_str(p, "fileSha256");
	struct json_object *tr = jget(p, "transport");
	const char *ttype = jget_str(tr, "type"), *turl = jget_str(tr, "url");
	if (vocab_index(known, reg) < 0) {
		note(im, "package %zu: registry type \"%s\" is not supported; left out", i, reg ? reg : "(none)");
		goto drop;
	}
	if (!ident || !*ident || strpbrk(ident, " \t\n") || cps(ident) > MAX_URL) {
		note(im, "package %zu: identifier missing, with spaces or too long; left out", i);
		goto drop;
	}
	if (version && (!*version || cps(version) > MAX_VERSION)) version = NULL;
	if (!ttype || (strcmp(ttype, "stdio") != 0 && strcmp(ttype, "streamable-http") != 0 && strcmp(ttype, "sse") != 0)) {
		note(im, "package %zu: transport \"%s\" is not stdio, streamable-http or sse; left out", i, ttype ? ttype : "(none)");
		goto drop;
	}
	if (strcmp(ttype, "stdio") != 0 && !url_ok(turl)) {
		note(im, "package %zu: %s transport without a usable url; left out", i, ttype);
		goto drop;
	}
	if (strcmp(reg, "mcpb") == 0 && (!sha || !matches("^[0-9a-f]{64}$", sha))) {
		note(im, "package %zu: MCP bundle without a valid fileSha256; left out", i);
		goto drop;
	}
	struct json_object *c = json_object_new_object(), *pkg = json_object_new_object();
	bool dropped = false;
	jadd(c, "transport", json_object_new_string(ttype));
	if (strcmp(ttype, "stdio") != 0) jadd(c, "url", json_object_new_string(turl));
	jadd(pkg, "registry", json_object_new_string(reg));
	jadd(pkg, "name", json_object_new_string(ident));
	jadd(pkg, "version", version ? json_object_new_string(version) : NULL);
	const char *hint = jget_str(p, "runtimeHint");
	if (hint && *hint && cps(hint) <= 40) jadd(pkg, "runtime_hint", json_object_new_string(hint));
	if (strcmp(reg, "mcpb") == 0) jadd(pkg, "sha256", json_object_new_string(sha));
	jadd(c, "package", pkg);
	jadd(c, "runtime_args", arg_list(im, jget(p, "runtimeArguments")));
	jadd(c, "package_args", arg_list(im, jget(p, "packageArguments")));
	jadd(c, "env", input_list(im, jget(p, "environmentVariables"), "environment variable", &dropped));
	jadd(c, "headers", input_list(im, jget(tr, "headers"), "header", &dropped));
	return c;
drop:
	im->st->dropped_parts++;
	return NULL;
}

static struct json_object *remote_conn(struct imp *im, const struct json_object *r, size_t i)
{
	const char *type = jget_str(r, "type"), *url = jget_str(r, "url");
	if (!type || (strcmp(type, "streamable-http") != 0 && strcmp(type, "sse") != 0) || !url_ok(url)) {
		note(im, "remote %zu: type \"%s\" or its url is not usable; left out", i, type ? type : "(none)");
		im->st->dropped_parts++;
		return NULL;
	}
	struct json_object *c = json_object_new_object();
	bool dropped = false;
	jadd(c, "transport", json_object_new_string(type));
	jadd(c, "url", json_object_new_string(url));
	jadd(c, "headers", input_list(im, jget(r, "headers"), "header", &dropped));
	return c;
}

static const char *coordinate(const struct json_object *server, char *out, size_t cap, struct import_stats *st)
{
	struct json_object *pk = jget(server, "packages");
	size_t n = json_object_is_type(pk, json_type_array) ? json_object_array_length(pk) : 0;
	static const char *const prefixed[] = { "npm", "pypi", "mcpb", NULL };
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(pk, i);
		int k = vocab_index(prefixed, jget_str(p, "registryType"));
		const char *ident = jget_str(p, "identifier");
		if (k >= 0 && ident && *ident && !strpbrk(ident, " \t\n") && strlen(ident) < cap - 8) {
			snprintf(out, cap, "%s:%s", prefixed[k], ident);
			st->coord[k]++;
			return out;
		}
	}
	snprintf(out, cap, "name:%s", jget_str(server, "name"));
	st->coord[3]++;
	return out;
}

static const struct json_object *official(const struct json_object *item)
{
	return jget(jget(item, "_meta"), "io.modelcontextprotocol.registry/official");
}

/* Checks one record; returns false (after a note) when it must be skipped. */
static bool record_ok(struct imp *im, const struct json_object *item)
{
	struct json_object *server = jget(item, "server");
	const struct json_object *off = official(item);
	if (!json_object_is_type(item, json_type_object) || !json_object_is_type(server, json_type_object) || !off) {
		note(im, "not a {server, _meta} item with the registry's official block; skipped");
		im->st->malformed++;
		return false;
	}
	const char *name = jget_str(server, "name"), *version = jget_str(server, "version");
	const char *desc = jget_str(server, "description"), *status = jget_str(off, "status");
	if (!name || !version || !desc || !status) {
		note(im, "server.name, server.version, server.description or _meta status missing or not a string; skipped");
		im->st->malformed++;
		return false;
	}
	if (cps(name) > MAX_NAME || cps(version) > MAX_VERSION || cps(desc) > MAX_DESCRIPTION) {
		note(im, "%.80s: name, version or description longer than the registry allows (%d, %d, %d); skipped",
			name, MAX_NAME, MAX_VERSION, MAX_DESCRIPTION);
		im->st->overlong++;
		return false;
	}
	if (cps(name) < 3 || !matches("^[A-Za-z0-9.-]+/[A-Za-z0-9._-]+$", name) || !*desc || !*version) {
		note(im, "\"%.80s\": not a valid server name, or an empty description or version; skipped", name);
		im->st->malformed++;
		return false;
	}
	if (!dir_status_from_registry(status)) {
		note(im, "%s: unknown status \"%.40s\"; skipped", name, status);
		im->st->malformed++;
		return false;
	}
	return true;
}

struct rec {
	struct json_object *item;
	size_t idx, line;
};

static int cmp_recs(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = strcmp(jget_str(jget(x->item, "server"), "name"), jget_str(jget(y->item, "server"), "name"));
	return c ? c : (x->idx < y->idx ? -1 : x->idx > y->idx);
}

/* Which of the versions [a, b) of one name is the latest: the one marked isLatest (newest
 * publishedAt among several), else the newest publishedAt. */
static size_t pick_latest(const struct rec *r, size_t a, size_t b)
{
	size_t best = a;
	bool best_latest = false;
	for (size_t i = a; i < b; i++) {
		const struct json_object *off = official(r[i].item);
		bool latest = jget_bool(off, "isLatest", 0);
		const char *pa = jget_str(off, "publishedAt"), *pb = jget_str(official(r[best].item), "publishedAt");
		bool newer = pa && (!pb || strcmp(pa, pb) > 0);
		if ((latest && !best_latest) || (latest == best_latest && newer)) { best = i; best_latest = latest; }
	}
	return best;
}

static struct json_object *area_names(uint32_t mask)
{
	struct json_object *a = json_object_new_array();
	for (int i = 0; VOCAB_EINSATZGEBIETE[i]; i++)
		if (mask & (1u << i)) json_object_array_add(a, json_object_new_string(VOCAB_EINSATZGEBIETE[i]));
	return a;
}

static struct json_object *build_entry(struct imp *im, const struct json_object *item, const char *first_seen)
{
	struct json_object *server = jget(item, "server");
	const char *name = jget_str(server, "name"), *title = jget_str(server, "title");
	const char *desc = jget_str(server, "description");
	const char *status = dir_status_from_registry(jget_str(official(item), "status"));
	struct json_object *e = json_object_new_object();
	jadd(e, "art", json_object_new_string("mcp"));
	jadd(e, "schluessel", json_object_new_string(name));
	if (title && (cps(title) > MAX_TITLE || !*title)) {
		note(im, "%s: title empty or longer than %d characters; the name is used", name, MAX_TITLE);
		if (*title) im->st->overlong++;
		title = NULL;
	}
	jadd(e, "name", json_object_new_string(title ? title : strchr(name, '/') + 1));
	jadd(e, "status", json_object_new_string(status));
	const char *web = jget_str(server, "websiteUrl"), *repo = jget_str(jget(server, "repository"), "url");
	if (web && !url_ok(web)) { note(im, "%s: websiteUrl unusable or too long; left out", name); im->st->overlong++; web = NULL; }
	if (repo && !url_ok(repo)) { note(im, "%s: repository url unusable or too long; left out", name); im->st->overlong++; repo = NULL; }
	const char *home = web ? web : repo;
	jadd(e, "homepage", home ? json_object_new_string(home) : NULL);
	char coord[600];
	jadd(e, "paket_koordinate", json_object_new_string(coordinate(server, coord, sizeof coord, im->st)));
	jadd(e, "indexierbar", json_object_new_boolean(strcmp(status, "aktiv") == 0));
	struct json_object *t = json_object_new_object();
	const char *lang = dir_detect_language(desc);
	count_language(im->st, lang);
	jadd(t, "text", json_object_new_string(desc));
	jadd(t, "sprache", json_object_new_string(lang));
	jadd(t, "uebersetzt", json_object_new_boolean(0));
	jadd(t, "geprueft", json_object_new_boolean(0));
	jadd(t, "quelle", json_object_new_string("Anbieter"));
	jadd(e, "anbietertext", t);
	jadd(e, "einsatzgebiete", area_names(dir_classify(title ? title : name, desc)));
	jadd(e, "version", json_object_new_string(jget_str(server, "version")));
	char date[11] = "1970-01-01";
	if (first_seen && strlen(first_seen) >= 10 && matches("^[0-9]{4}-[0-9]{2}-[0-9]{2}", first_seen))
		snprintf(date, sizeof date, "%.10s", first_seen);
	jadd(e, "gelistet_seit", json_object_new_string(date));
	struct json_object *conns = json_object_new_array(), *pk = jget(server, "packages"), *rm = jget(server, "remotes");
	size_t np = json_object_is_type(pk, json_type_array) ? json_object_array_length(pk) : 0;
	size_t nr = json_object_is_type(rm, json_type_array) ? json_object_array_length(rm) : 0;
	for (size_t i = 0; i < np + nr; i++) {
		struct json_object *c = i < np ? package_conn(im, json_object_array_get_idx(pk, i), i)
			: remote_conn(im, json_object_array_get_idx(rm, i - np), i - np);
		if (!c) continue;
		if (json_object_array_length(conns) >= MAX_CONNECTIONS) {
			note(im, "%s: more than %d connections; the rest left out", name, MAX_CONNECTIONS);
			im->st->overlong++;
			json_object_put(c);
			break;
		}
		json_object_array_add(conns, c);
	}
	jadd(e, "connections", conns);
	return e;
}

/* Splits the array into records; parsed items are appended to recs. Returns 0, or -1 when the
 * text is not a JSON array at all. */
static int split_records(struct imp *im, const char *text, size_t len, struct rec **recs, size_t *nrec,
	char *err, size_t errlen)
{
	const char *p = text, *end = text + len;
	size_t line = 1, cap = 0;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
	p = skip_ws(p, end, &line);
	if (p >= end || *p != '[') {
		snprintf(err, errlen, "the dump is not a JSON array (line %zu)", line);
		return -1;
	}
	p = skip_ws(p + 1, end, &line);
	if (p < end && *p == ']') return 0;
	for (im->rec = 0;; im->rec++) {
		im->line = line;
		const char *ve = value_end(p, end);
		if (!ve || ve == p) {
			note(im, "unterminated or empty item; the import stops here");
			im->st->malformed++;
			im->st->records++;
			return 0;
		}
		im->st->records++;
		struct json_tokener *tok = json_tokener_new_ex(64);
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
		struct json_object *item = json_tokener_parse_ex(tok, p, (int)(ve - p));
		enum json_tokener_error jerr = json_tokener_get_error(tok);
		bool whole = jerr == json_tokener_success && json_tokener_get_parse_end(tok) == (size_t)(ve - p);
		if (jerr == json_tokener_continue) {
			/* a bare number only ends at its terminator: give it one */
			item = json_tokener_parse_ex(tok, "", 1);
			jerr = json_tokener_get_error(tok);
			whole = jerr == json_tokener_success;
		}
		json_tokener_free(tok);
		if (!whole) {
			note(im, "not valid JSON (%s); skipped",
				jerr == json_tokener_success ? "trailing data" : json_tokener_error_desc(jerr));
			im->st->malformed++;
			if (item) json_object_put(item);
		} else if (record_ok(im, item)) {
			if (*nrec == cap) {
				cap = cap ? cap * 2 : 1024;
				*recs = realloc(*recs, cap * sizeof **recs);
			}
			(*recs)[(*nrec)++] = (struct rec){ item, im->rec, line };
		} else {
			json_object_put(item);
		}
		line += count_lines(p, ve);
		p = skip_ws(ve, end, &line);
		if (p < end && *p == ',') { p = skip_ws(p + 1, end, &line); continue; }
		if (p < end && *p == ']') return 0;
		im->line = line;
		note(im, "expected ',' or ']' after item %zu; the import stops here", im->rec);
		im->st->malformed++;
		return 0;
	}
}

static void add_entries(struct imp *im, struct rec *recs, size_t n, struct json_object *entries)
{
	if (n) qsort(recs, n, sizeof *recs, cmp_recs);
	struct json_object *slugs = json_object_new_object();
	for (size_t a = 0; a < n;) {
		const char *name = jget_str(jget(recs[a].item, "server"), "name");
		size_t b = a + 1;
		while (b < n && strcmp(jget_str(jget(recs[b].item, "server"), "name"), name) == 0) b++;
		im->st->names++;
		/* duplicates (same version again) are dropped first, keeping the first seen */
		const char *first = NULL;
		for (size_t i = a; i < b; i++) {
			const char *v = jget_str(jget(recs[i].item, "server"), "version");
			for (size_t k = a; k < i; k++)
				if (recs[k].item && strcmp(jget_str(jget(recs[k].item, "server"), "version"), v) == 0) {
					im->rec = recs[i].idx;
					im->line = recs[i].line;
					note(im, "%s %s: duplicate of record %zu; skipped", name, v, recs[k].idx);
					im->st->duplicates++;
					json_object_put(recs[i].item);
					recs[i].item = NULL;
					break;
				}
			if (!recs[i].item) continue;
			const char *pub = jget_str(official(recs[i].item), "publishedAt");
			if (pub && (!first || strcmp(pub, first) < 0)) first = pub;
		}
		size_t w = a;
		for (size_t i = a; i < b; i++) if (recs[i].item) recs[w++] = recs[i];
		size_t li = pick_latest(recs, a, w);
		im->rec = recs[li].idx;
		im->line = recs[li].line;
		char slug[256];
		struct json_object *e = NULL;
		if (dir_slug(name, slug, sizeof slug) < 0) {
			note(im, "%s: gives no valid slug; skipped", name);
			im->st->malformed++;
		} else if (json_object_object_get_ex(slugs, slug, NULL)) {
			note(im, "%s: slug %s is taken by %s; skipped", name, slug, jget_str(slugs, slug));
			im->st->duplicates++;
		} else {
			e = build_entry(im, recs[li].item, first);
		}
		struct schema_error se;
		struct json_object *v = e ? schema_validate(&SRC_DIR_ENTRY, e, NULL, "import", &se) : NULL;
		if (e && !v) {
			note(im, "%s: the mapped entry is invalid at %s: %s; skipped", name, se.pointer, se.message);
			im->st->malformed++;
		}
		if (v) {
			json_object_put(v);
			json_object_object_add(slugs, slug, json_object_new_string(name));
			if (strcmp(jget_str(e, "status"), "aktiv") == 0) im->st->aktiv++;
			else im->st->eingestellt++;
			im->st->entries++;
			json_object_array_add(entries, e);
		} else if (e) {
			json_object_put(e);
		}
		for (size_t i = a; i < w; i++) json_object_put(recs[i].item);
		a = b;
	}
	json_object_put(slugs);
}

struct json_object *registry_import(const char *text, size_t len, const char *retrieved, FILE *report,
	struct import_stats *st, char *err, size_t errlen)
{
	memset(st, 0, sizeof *st);
	struct imp im = { .report = report, .st = st };
	struct rec *recs = NULL;
	size_t n = 0;
	if (split_records(&im, text, len, &recs, &n, err, errlen) < 0) {
		free(recs);
		return NULL;
	}
	struct json_object *entries = json_object_new_array();
	add_entries(&im, recs, n, entries);
	free(recs);
	struct json_object *out = json_object_new_object(), *src = json_object_new_object();
	jadd(src, "origin", json_object_new_string("registry"));
	jadd(src, "description", json_object_new_string(
		"Imported from the Official MCP Registry (list API dump; registry data dedicated to the public domain "
		"under CC0 1.0). Provider texts are the publishers' own; languages are detected, not declared."));
	jadd(src, "retrieved", retrieved ? json_object_new_string(retrieved) : NULL);
	jadd(out, "source", src);
	jadd(out, "entries", entries);
	return out;
}

struct json_object *registry_import_file(const char *path, FILE *report, struct import_stats *st,
	char *err, size_t errlen)
{
	size_t len;
	char *buf = buf_read_file(path, &len);
	if (!buf) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct json_object *o = registry_import(buf, len, base, report, st, err, errlen);
	free(buf);
	return o;
}
