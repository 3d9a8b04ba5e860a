#include "compiler/catalogc_dir.h"
#include "compiler/catalogc_error.h"
#include "compiler/catalogc_shapes.h"
#include "directory/directory.h"
#include "directory/observation.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "catalog/vocab.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dctx {
	char *err;
	size_t errlen;
	const struct json_object *reports;
	struct json_object *drafts; /* object: "type/slug" -> draft */
	int shadowed;
};

static int fail(struct dctx *d, const char *file, const char *ptr, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail(struct dctx *d, const char *file, const char *ptr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	catalogc_verror(d->err, d->errlen, file, ptr, fmt, ap);
	va_end(ap);
	return -1;
}

static struct json_object *jstr(const char *s) { return s ? json_object_new_string(s) : NULL; }

static const char *to_text(struct json_object *o)
{
	return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

static struct json_object *str_array(const struct json_object *src)
{
	struct json_object *a = json_object_new_array();
	for (size_t i = 0; src && i < json_object_array_length(src); i++)
		json_object_array_add(a, json_object_get(json_object_array_get_idx(src, i)));
	return a;
}

static void append_strs(struct json_object *a, const struct json_object *src)
{
	for (size_t i = 0; src && i < json_object_array_length(src); i++)
		json_object_array_add(a, json_object_get(json_object_array_get_idx(src, i)));
}

/* How a package is run: connection id, command, what must be installed, display names. */
struct runner {
	const char *registry, *id, *command, *requires, *what_en, *what_de, *needs_en, *needs_de;
};

static const struct runner RUNNERS[] = {
	{ "npm", "npx", "npx", "node", "npx downloads and starts the npm package", "npx lädt das npm-Paket",
		"Needs Node.js (with npx).", "Benötigt Node.js (mit npx)." },
	{ "pypi", "uvx", "uvx", "uv", "uvx downloads and starts the PyPI package", "uvx lädt das PyPI-Paket",
		"Needs uv.", "Benötigt uv." },
	{ "oci", "docker", "docker", "docker", "Docker pulls and starts the container image",
		"Docker lädt das Container-Image", "Needs Docker.", "Benötigt Docker." },
	{ "nuget", "dnx", "dnx", "dotnet", "dnx downloads and starts the NuGet package", "dnx lädt das NuGet-Paket",
		"Needs the .NET SDK 10 or newer (dnx).", "Benötigt das .NET SDK ab Version 10 (dnx)." },
	{ "mcpb", "mcpb", NULL, "mcpb-client", "the client installs the MCP bundle", "der Client installiert das MCP-Bundle",
		"Needs a client that installs MCP bundles; it must check the bundle's SHA-256 first.",
		"Benötigt einen Client, der MCP-Bundles installiert; er muss vorher die SHA-256-Prüfsumme prüfen." },
};

static const struct runner *runner_of(const char *registry)
{
	for (size_t i = 0; i < sizeof RUNNERS / sizeof *RUNNERS; i++)
		if (strcmp(RUNNERS[i].registry, registry) == 0) return &RUNNERS[i];
	return NULL;
}

static const char *transport_en(const char *t)
{
	return strcmp(t, "stdio") == 0 ? "stdio" : strcmp(t, "sse") == 0 ? "SSE" : "streamable HTTP";
}

/* "name@version" / "name==version" / "image:tag" as the runner expects it. */
static void package_ref(const char *registry, const char *name, const char *version, char *out, size_t cap)
{
	if (!version || strcmp(registry, "mcpb") == 0) snprintf(out, cap, "%s", name);
	else if (strcmp(registry, "pypi") == 0) snprintf(out, cap, "%s==%s", name, version);
	else if (strcmp(registry, "oci") == 0) {
		/* an image reference that already names a tag or digest is used as it is */
		const char *last = strrchr(name, '/') ? strrchr(name, '/') : name;
		if (strchr(last, ':') || strchr(name, '@')) snprintf(out, cap, "%s", name);
		else snprintf(out, cap, "%s:%s", name, version);
	}
	else snprintf(out, cap, "%s@%s", name, version);
}

static struct json_object *command_args(const struct runner *r, const struct json_object *src, const char *ref)
{
	struct json_object *args = json_object_new_array();
	if (strcmp(r->id, "npx") == 0) {
		json_object_array_add(args, json_object_new_string("-y"));
		append_strs(args, jget(src, "runtime_args"));
		json_object_array_add(args, json_object_new_string(ref));
	} else if (strcmp(r->id, "docker") == 0) {
		static const char *const head[] = { "run", "-i", "--rm" };
		for (int i = 0; i < 3; i++) json_object_array_add(args, json_object_new_string(head[i]));
		struct json_object *env = jget(src, "env");
		for (size_t i = 0; env && i < json_object_array_length(env); i++) {
			json_object_array_add(args, json_object_new_string("-e"));
			json_object_array_add(args, json_object_new_string(jget_str(json_object_array_get_idx(env, i), "name")));
		}
		append_strs(args, jget(src, "runtime_args"));
		json_object_array_add(args, json_object_new_string(ref));
	} else if (strcmp(r->id, "dnx") == 0) {
		json_object_array_add(args, json_object_new_string(ref));
		json_object_array_add(args, json_object_new_string("--yes"));
		append_strs(args, jget(src, "runtime_args"));
	} else {
		append_strs(args, jget(src, "runtime_args"));
		json_object_array_add(args, json_object_new_string(ref));
	}
	append_strs(args, jget(src, "package_args"));
	return args;
}

/* " Set FOO (secret), BAR." listing what the user must provide. */
static void inputs_text(struct printbuf *en, struct printbuf *de, const struct json_object *vars, const char *what_en,
	const char *what_de)
{
	size_t n = vars ? json_object_array_length(vars) : 0, req = 0;
	for (size_t i = 0; i < n; i++) req += jget_bool(json_object_array_get_idx(vars, i), "required", 0) ? 1 : 0;
	if (!n) return;
	sprintbuf(en, " %s:", what_en);
	sprintbuf(de, " %s:", what_de);
	for (size_t i = 0; i < n; i++) {
		struct json_object *v = json_object_array_get_idx(vars, i);
		bool sec = jget_bool(v, "secret", 0), rq = jget_bool(v, "required", 0);
		sprintbuf(en, "%s %s (%s%s)", i ? "," : "", jget_str(v, "name"), rq ? "required" : "optional",
			sec ? ", secret" : "");
		sprintbuf(de, "%s %s (%s%s)", i ? "," : "", jget_str(v, "name"), rq ? "Pflicht" : "optional",
			sec ? ", geheim" : "");
	}
	sprintbuf(en, ".");
	sprintbuf(de, ".");
	(void)req;
}

static struct json_object *one_connection(const struct json_object *src, const char *id)
{
	const char *transport = jget_str(src, "transport"), *url = jget_str(src, "url");
	struct json_object *pkg = jget(src, "package");
	struct json_object *c = json_object_new_object();
	struct printbuf *en = printbuf_new(), *de = printbuf_new();
	jadd(c, "id", json_object_new_string(id));
	jadd(c, "transport", json_object_new_string(transport));
	if (pkg) {
		const struct runner *r = runner_of(jget_str(pkg, "registry"));
		char ref[700];
		package_ref(r->registry, jget_str(pkg, "name"), jget_str(pkg, "version"), ref, sizeof ref);
		jadd(c, "runtime", json_object_new_string("local"));
		jadd(c, "command", jstr(r->command));
		jadd(c, "args", r->command ? command_args(r, src, ref) : NULL);
		jadd(c, "url", jstr(url));
		struct json_object *p = json_object_new_object();
		jadd(p, "registry", json_object_new_string(r->registry));
		jadd(p, "name", json_object_new_string(jget_str(pkg, "name")));
		jadd(p, "version", jstr(jget_str(pkg, "version")));
		if (jget_str(pkg, "sha256")) jadd(p, "sha256", jstr(jget_str(pkg, "sha256")));
		jadd(c, "package", p);
		struct json_object *req = json_object_new_array();
		json_object_array_add(req, json_object_new_string(r->requires));
		jadd(c, "requires", req);
		sprintbuf(en, "Runs locally over %s: %s %s.", transport_en(transport), r->what_en, ref);
		sprintbuf(de, "Läuft lokal über %s: %s %s%s.", transport_en(transport), r->what_de, ref,
			r->command ? " und startet es" : "");
		if (url) {
			sprintbuf(en, " The package serves %s on the local machine.", url);
			sprintbuf(de, " Das Paket stellt %s auf dem eigenen Rechner bereit.", url);
		}
		sprintbuf(en, " %s", r->needs_en);
		sprintbuf(de, " %s", r->needs_de);
	} else {
		jadd(c, "runtime", json_object_new_string("remote"));
		jadd(c, "command", NULL);
		jadd(c, "args", NULL);
		jadd(c, "url", jstr(url));
		jadd(c, "package", NULL);
		jadd(c, "requires", json_object_new_array());
		sprintbuf(en, "Connects to the hosted server at %s over %s; nothing to install.", url, transport_en(transport));
		sprintbuf(de, "Verbindet sich mit dem gehosteten Server unter %s über %s; keine Installation nötig.", url,
			transport_en(transport));
	}
	if (url && strchr(url, '{')) {
		sprintbuf(en, " The address holds placeholders in braces (such as a port) that the user fills in.");
		sprintbuf(de, " Die Adresse enthält Platzhalter in geschweiften Klammern (etwa einen Port), die der Nutzer ausfüllt.");
	}
	jadd(c, "env", str_array(jget(src, "env")));
	jadd(c, "headers", str_array(jget(src, "headers")));
	inputs_text(en, de, jget(src, "env"), "Environment variables", "Umgebungsvariablen");
	inputs_text(en, de, jget(src, "headers"), "HTTP headers", "HTTP-Header");
	struct json_object *t = json_object_new_object();
	jadd(t, "en", json_object_new_string(en->buf));
	jadd(t, "de", json_object_new_string(de->buf));
	jadd(c, "text", t);
	printbuf_free(en);
	printbuf_free(de);
	return c;
}

struct json_object *dirc_connections(const struct json_object *entry)
{
	struct json_object *out = json_object_new_array(), *src = jget(entry, "connections");
	for (size_t i = 0; src && i < json_object_array_length(src); i++) {
		struct json_object *s = json_object_array_get_idx(src, i);
		struct json_object *pkg = jget(s, "package");
		const char *base = pkg ? runner_of(jget_str(pkg, "registry"))->id
			: strcmp(jget_str(s, "transport"), "sse") == 0 ? "remote-sse" : "remote-http";
		int seen = 0;
		for (size_t k = 0; k < i; k++) {
			struct json_object *p = json_object_array_get_idx(src, k), *pp = jget(p, "package");
			const char *b = pp ? runner_of(jget_str(pp, "registry"))->id
				: strcmp(jget_str(p, "transport"), "sse") == 0 ? "remote-sse" : "remote-http";
			if (strcmp(b, base) == 0) seen++;
		}
		char id[40];
		if (seen) snprintf(id, sizeof id, "%s-%d", base, seen + 1);
		else snprintf(id, sizeof id, "%s", base);
		json_object_array_add(out, one_connection(s, id));
	}
	return out;
}

/* The connections with text reduced to one locale (row 3 serves these). */
static struct json_object *localised(const struct json_object *conns, const char *locale)
{
	struct json_object *out = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(conns); i++) {
		struct json_object *c = json_object_array_get_idx(conns, i), *o = json_object_new_object();
		json_object_object_foreach(c, k, v) {
			if (strcmp(k, "text") == 0) json_object_object_add(o, k, jstr(jget_str(v, locale)));
			else json_object_object_add(o, k, json_object_get(v));
		}
		json_object_array_add(out, o);
	}
	return out;
}

/* Verification levels from reports: per level the newest passing assertion's report and date. */
static void levels_of(const struct dctx *d, const char *entry_id, const char *conn_id, const char *listed_date,
	const char *dates[], const char *reports[])
{
	int n = vocab_count(VOCAB_VERIFICATION_LEVELS);
	for (int l = 0; l < n; l++) dates[l] = reports[l] = NULL;
	dates[0] = listed_date;
	for (size_t i = 0; d->reports && i < json_object_array_length(d->reports); i++) {
		struct json_object *r = json_object_array_get_idx(d->reports, i), *subj = jget(r, "subject");
		const char *e = jget_str(subj, "entry"), *sc = jget_str(subj, "connection");
		if (!e || strcmp(e, entry_id) != 0 || (conn_id && (!sc || strcmp(sc, conn_id) != 0))) continue;
		struct json_object *as = jget(r, "assertions");
		for (size_t k = 0; as && k < json_object_array_length(as); k++) {
			struct json_object *a = json_object_array_get_idx(as, k);
			const char *res = jget_str(a, "result");
			int l = vocab_index(VOCAB_VERIFICATION_LEVELS, jget_str(a, "level"));
			if (l <= 0 || !res || strcmp(res, "pass") != 0) continue;
			const char *date = jget_str(r, "date");
			if (!dates[l] || strcmp(date, dates[l]) > 0) {
				dates[l] = date;
				reports[l] = jget_str(r, "id");
			}
		}
	}
}

/* "|*|" when a report on the entry passed execution_tested without naming a client, otherwise the
 * "|client|" list of the clients such assertions name ("||": none). Row 5 reads it. */
static char *exec_clients_of(const struct dctx *d, const char *entry_id)
{
	struct printbuf *pb = printbuf_new();
	printbuf_strappend(pb, "|");
	for (size_t i = 0; d->reports && i < json_object_array_length(d->reports); i++) {
		struct json_object *r = json_object_array_get_idx(d->reports, i), *as = jget(r, "assertions");
		const char *e = jget_str(jget(r, "subject"), "entry");
		if (!e || strcmp(e, entry_id) != 0) continue;
		for (size_t k = 0; as && k < json_object_array_length(as); k++) {
			struct json_object *a = json_object_array_get_idx(as, k);
			const char *lvl = jget_str(a, "level"), *res = jget_str(a, "result"), *cl = jget_str(a, "client");
			if (!lvl || !res || strcmp(lvl, "execution_tested") != 0 || strcmp(res, "pass") != 0) continue;
			sprintbuf(pb, "%s|", cl ? cl : "*");
		}
	}
	char *out = strdup(pb->buf);
	printbuf_free(pb);
	return out;
}

static struct json_object *reached_names(const char *dates[])
{
	struct json_object *a = json_object_new_array();
	for (int l = 0; VOCAB_VERIFICATION_LEVELS[l]; l++)
		if (dates[l]) json_object_array_add(a, json_object_new_string(VOCAB_VERIFICATION_LEVELS[l]));
	return a;
}

static int add_verifications(struct dctx *d, struct json_object *draft, const char *entry_id,
	const struct json_object *conns, const char *listed_date)
{
	const char *dates[8], *reps[8];
	levels_of(d, entry_id, NULL, listed_date, dates, reps);
	struct json_object *details = json_object_new_array();
	int reached = 0, n = vocab_count(VOCAB_VERIFICATION_LEVELS);
	for (int l = 0; l < n; l++) {
		struct json_object *o = json_object_new_object();
		jadd(o, "level", json_object_new_string(VOCAB_VERIFICATION_LEVELS[l]));
		jadd(o, "reached", json_object_new_boolean(dates[l] != NULL));
		jadd(o, "date", jstr(dates[l]));
		jadd(o, "report", jstr(reps[l]));
		jadd(o, "basis", json_object_new_string(l == 0 ? "directory" : dates[l] ? "report" : "none"));
		json_object_array_add(details, o);
		if (dates[l]) reached = l;
	}
	struct json_object *levels = reached_names(dates), *vc = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(conns); i++) {
		const char *cid = jget_str(json_object_array_get_idx(conns, i), "id");
		const char *cd[8], *cr[8];
		levels_of(d, entry_id, cid, listed_date, cd, cr);
		struct json_object *o = json_object_new_object();
		jadd(o, "id", json_object_new_string(cid));
		jadd(o, "levels", reached_names(cd));
		json_object_array_add(vc, o);
	}
	char en[300], de[300];
	snprintf(en, sizeof en, "Highest level reached: %s. %s", VOCAB_VERIFICATION_LEVELS[reached],
		reached ? "Each reached level names its report." :
		"No verification report covers this entry yet: it is listed, nothing more is known.");
	snprintf(de, sizeof de, "Höchste erreichte Stufe: %s. %s", VOCAB_VERIFICATION_LEVELS[reached],
		reached ? "Jede erreichte Stufe nennt ihren Bericht." :
		"Noch kein Prüfbericht deckt diesen Eintrag ab: er ist gelistet, mehr ist nicht bekannt.");
	jadd(draft, "levels", json_object_new_string(to_text(levels)));
	jadd(draft, "verifications", json_object_new_string(to_text(details)));
	jadd(draft, "ver_connections", json_object_new_string(to_text(vc)));
	jadd(draft, "summary_en", json_object_new_string(en));
	jadd(draft, "summary_de", json_object_new_string(de));
	struct dir_observation obs;
	dir_observation(d->reports, entry_id, &obs);
	jadd(draft, "observation", json_object_new_string(to_text(obs.json)));
	jadd(draft, "observation_en", json_object_new_string(obs.note_en));
	jadd(draft, "observation_de", json_object_new_string(obs.note_de));
	json_object_put(obs.json);
	char *ec = exec_clients_of(d, entry_id);
	jadd(draft, "exec_clients", json_object_new_string(ec ? ec : "|"));
	free(ec);
	json_object_put(levels);
	json_object_put(details);
	json_object_put(vc);
	return 0;
}

static void add_folded(struct json_object *draft, const char *key, const char *text)
{
	size_t cap = strlen(text) * 2 + 1;
	char *f = malloc(cap);
	text_fold(text, f, cap);
	json_object_object_add(draft, key, json_object_new_string(f));
	free(f);
}

/* The /v1 entry object. */
static struct json_object *entry_json(const struct json_object *e, const char *type, const char *slug,
	const char *origin)
{
	struct json_object *o = json_object_new_object();
	char path[400];
	jadd(o, "art", json_object_new_string(dir_art_of_type(type)));
	jadd(o, "typ", json_object_new_string(type));
	static const char *const keys[] = { "schluessel", NULL };
	json_object_object_add(o, keys[0], json_object_get(jget(e, keys[0])));
	jadd(o, "slug", json_object_new_string(slug));
	static const char *const rest[] = { "name", "status", "homepage", "paket_koordinate", "indexierbar",
		"anbietertext", "einsatzgebiete", "version", "gelistet_seit", NULL };
	for (int i = 0; rest[i]; i++) json_object_object_add(o, rest[i], json_object_get(jget(e, rest[i])));
	jadd(o, "herkunft", json_object_new_string(origin));
	snprintf(path, sizeof path, "/v1/eintrag/%s/%s", type, slug);
	jadd(o, "adresse", json_object_new_string(path));
	snprintf(path, sizeof path, "/v2/connections/%s/%s", type, slug);
	jadd(o, "verbindungen", json_object_new_string(path));
	snprintf(path, sizeof path, "/v2/verifications/%s/%s", type, slug);
	jadd(o, "pruefungen", json_object_new_string(path));
	return o;
}

/* Connection sources must be consistent: a package or a url as the transport needs. */
static int check_connections(struct dctx *d, const char *file, const char *ptr, const struct json_object *e)
{
	struct json_object *cs = jget(e, "connections");
	for (size_t i = 0; i < json_object_array_length(cs); i++) {
		struct json_object *c = json_object_array_get_idx(cs, i);
		char p[300];
		snprintf(p, sizeof p, "%s/connections/%zu", ptr, i);
		bool stdio = strcmp(jget_str(c, "transport"), "stdio") == 0;
		if (!jget(c, "package") && stdio) return fail(d, file, p, "a stdio connection needs a package");
		if (!stdio && !jget_str(c, "url")) return fail(d, file, p, "a %s connection needs a url", jget_str(c, "transport"));
		if (stdio && jget_str(c, "url")) return fail(d, file, p, "a stdio connection has no url");
		struct json_object *pkg = jget(c, "package");
		if (pkg && strcmp(jget_str(pkg, "registry"), "mcpb") == 0 && !jget_str(pkg, "sha256"))
			return fail(d, file, p, "an MCP bundle needs its sha256");
		if (!pkg && json_object_array_length(jget(c, "env")))
			return fail(d, file, p, "a remote connection takes headers, not environment variables");
	}
	return 0;
}

static int compile_entry(struct dctx *d, const char *file, const char *origin, size_t idx, struct json_object *raw)
{
	char ptr[64];
	snprintf(ptr, sizeof ptr, "/entries/%zu", idx);
	struct schema_error se;
	struct json_object *e = schema_validate(&SRC_DIR_ENTRY, raw, NULL, file, &se);
	if (!e) {
		char p[400];
		snprintf(p, sizeof p, "%s%s", ptr, se.pointer);
		return fail(d, file, p, "%s", se.message);
	}
	const char *type = jget_str(e, "art"), *key = jget_str(e, "schluessel");
	char slug[256], id[300];
	int rc = 0;
	if (dir_slug(key, slug, sizeof slug) < 0)
		rc = fail(d, file, ptr, "schluessel \"%s\" gives no valid slug", key);
	else if (jget_str(e, "slug") && strcmp(jget_str(e, "slug"), slug) != 0)
		rc = fail(d, file, ptr, "slug \"%s\" does not follow the rule: expected \"%s\"", jget_str(e, "slug"), slug);
	if (rc == 0) rc = check_connections(d, file, ptr, e);
	snprintf(id, sizeof id, "%s/%s", type, slug);
	struct json_object *prev = NULL;
	if (rc == 0 && json_object_object_get_ex(d->drafts, id, &prev)) {
		if (strcmp(jget_str(prev, "origin"), origin) == 0 || strcmp(origin, "builtin") == 0)
			rc = fail(d, file, ptr, "entry %s is defined twice (also in %s)", id, jget_str(prev, "file"));
		else d->shadowed++;
		if (rc == 0) { json_object_put(e); return 0; }
	}
	if (rc < 0) { json_object_put(e); return -1; }
	struct json_object *draft = json_object_new_object(), *conns = dirc_connections(e);
	struct json_object *ej = entry_json(e, type, slug, origin);
	jadd(draft, "origin", json_object_new_string(origin));
	jadd(draft, "file", json_object_new_string(file));
	jadd(draft, "type", json_object_new_string(type));
	jadd(draft, "slug", json_object_new_string(slug));
	jadd(draft, "key", json_object_new_string(key));
	jadd(draft, "name", json_object_new_string(jget_str(e, "name")));
	jadd(draft, "status", json_object_new_string(jget_str(e, "status")));
	jadd(draft, "json", json_object_new_string(to_text(ej)));
	jadd(draft, "connections", json_object_new_string(to_text(conns)));
	for (int l = 0; l < 2; l++) {
		struct json_object *lc = localised(conns, l ? "de" : "en");
		json_object_object_add(draft, l ? "connections_de" : "connections_en", json_object_new_string(to_text(lc)));
		json_object_put(lc);
	}
	add_verifications(d, draft, id, conns, jget_str(e, "gelistet_seit"));
	add_folded(draft, "search_name", jget_str(e, "name"));
	char keys[520];
	snprintf(keys, sizeof keys, "%s %s", key, slug);
	add_folded(draft, "search_key", keys);
	add_folded(draft, "search_text", jget_str(jget(e, "anbietertext"), "text"));
	uint32_t mask = 0;
	struct json_object *areas = jget(e, "einsatzgebiete");
	for (size_t i = 0; i < json_object_array_length(areas); i++)
		mask |= 1u << vocab_index(VOCAB_EINSATZGEBIETE, json_object_get_string(json_object_array_get_idx(areas, i)));
	jadd(draft, "einsatz", json_object_new_int64(mask));
	jadd(draft, "discontinued", json_object_new_boolean(strcmp(jget_str(e, "status"), "eingestellt") == 0));
	json_object_object_add(d->drafts, id, draft);
	json_object_put(ej);
	json_object_put(conns);
	json_object_put(e);
	return 0;
}

/* (type, slug) bytewise, exactly as catalog.c's lookup compares. */
static int cmp_drafts(const void *pa, const void *pb)
{
	const struct json_object *a = *(struct json_object *const *)pa, *b = *(struct json_object *const *)pb;
	int c = strcmp(jget_str(a, "type"), jget_str(b, "type"));
	return c ? c : strcmp(jget_str(a, "slug"), jget_str(b, "slug"));
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every *.json in dir, sorted. Returns the count or -1; absent dir gives 0. */
static int list_json(const char *dir, char ***names)
{
	*names = NULL;
	DIR *dh = opendir(dir);
	if (!dh) return errno == ENOENT ? 0 : -1;
	int n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dh)) != NULL) {
		size_t l = strlen(de->d_name);
		if (l <= 5 || strcmp(de->d_name + l - 5, ".json") != 0 || de->d_name[0] == '.') continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			char **p = realloc(*names, (size_t)cap * sizeof *p);
			if (!p) break;
			*names = p;
		}
		(*names)[n++] = strdup(de->d_name);
	}
	closedir(dh);
	if (n) qsort(*names, (size_t)n, sizeof **names, cmp_names);
	return n;
}

static int compile_dir(struct dctx *d, const char *dir, const char *label, bool builtin)
{
	char **names;
	int n = list_json(dir, &names);
	if (n < 0) return fail(d, label, "", "cannot list: %s", strerror(errno));
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		char path[4200], file[600];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(file, sizeof file, "%s/%s", label, names[i]);
		struct json_object *raw = json_object_from_file(path);
		if (!raw) { rc = fail(d, file, "", "cannot read or parse: %s", json_util_get_last_err()); break; }
		struct schema_error se;
		struct json_object *v = schema_validate(&SRC_DIRECTORY, raw, NULL, file, &se);
		json_object_put(raw);
		if (!v) { rc = fail(d, file, se.pointer, "%s", se.message); break; }
		const char *origin = jget_str(jget(v, "source"), "origin");
		if (builtin != (strcmp(origin, "builtin") == 0))
			rc = fail(d, file, "/source/origin", "origin \"%s\" does not belong in %s", origin, label);
		struct json_object *es = jget(v, "entries");
		for (size_t k = 0; rc == 0 && k < json_object_array_length(es); k++)
			rc = compile_entry(d, file, origin, k, json_object_array_get_idx(es, k));
		json_object_put(v);
	}
	for (int i = 0; i < n; i++) free(names[i]);
	free(names);
	return rc;
}

int dirc_compile(const char *catdir, const char *extra, const struct json_object *reports,
	struct json_object **out, int *shadowed, char *err, size_t errlen)
{
	struct dctx d = { .err = err, .errlen = errlen, .reports = reports, .drafts = json_object_new_object() };
	char dir[4200];
	snprintf(dir, sizeof dir, "%s/directory", catdir);
	int rc = compile_dir(&d, dir, "directory", true);
	if (rc == 0 && extra) rc = compile_dir(&d, extra, extra, false);
	*out = NULL;
	if (rc == 0) {
		size_t n = (size_t)json_object_object_length(d.drafts), k = 0;
		struct json_object **v = malloc(sizeof *v * (n ? n : 1));
		json_object_object_foreach(d.drafts, key, val) { (void)key; v[k++] = val; }
		qsort(v, n, sizeof *v, cmp_drafts);
		*out = json_object_new_array();
		for (size_t i = 0; i < n; i++) json_object_array_add(*out, json_object_get(v[i]));
		free(v);
	}
	if (shadowed) *shadowed = d.shadowed;
	json_object_put(d.drafts);
	return rc;
}
