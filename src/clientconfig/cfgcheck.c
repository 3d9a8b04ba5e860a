#define _GNU_SOURCE /* strcasestr */
#include "clientconfig/cfgcheck.h"
#include "clientconfig/cfgsecret.h"
#include "formats/cfg_emit.h"
#include "formats/cfg_jsonc.h"
#include "formats/cfg_parse.h"
#include "util/jsonutil.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct cfg_code CFG_CODES[] = {
	{ "INVALID_JSON_SYNTAX", SEV_ERROR, "the text is not JSON (or JSONC) as this client reads it; line and column in the message" },
	{ "INVALID_TOML_SYNTAX", SEV_ERROR, "the text is not TOML, or uses TOML this validator does not accept; line and column in the message" },
	{ "INVALID_YAML_SYNTAX", SEV_ERROR, "the text is not YAML as supported here; line and column in the message" },
	{ "WRONG_FORMAT_FOR_CLIENT", SEV_ERROR, "JSON given to a TOML client (or the reverse)" },
	{ "SNIPPET_NOT_WRAPPED", SEV_ERROR, "a fragment (\"key\": {...}) without the enclosing braces" },
	{ "WRONG_ROOT_KEY", SEV_ERROR, "servers under another client's root key, or at the top level" },
	{ "WRONG_ROOT_SHAPE", SEV_ERROR, "the root or the server collection has the wrong type (object vs list)" },
	{ "INVALID_ENTRY", SEV_ERROR, "a server entry is not an object" },
	{ "REMOTE_IN_STDIO_ONLY_CLIENT", SEV_ERROR, "a remote (url) entry in a client whose file only runs local processes" },
	{ "TRANSPORT_NOT_SUPPORTED", SEV_ERROR, "the entry's transport is not supported by the client (e.g. SSE in Codex)" },
	{ "MISSING_TYPE_FOR_REMOTE", SEV_ERROR, "a remote entry without the type field the client needs" },
	{ "WRONG_TYPE_VALUE", SEV_ERROR, "a type value the client does not know (another client's spelling)" },
	{ "WRONG_URL_FIELD", SEV_ERROR, "the url is under a field name the client does not read" },
	{ "NESTED_TRANSPORT_OBJECT", SEV_ERROR, "type/url/headers nested in a \"transport\" object instead of the entry" },
	{ "ARGS_NOT_ARRAY", SEV_ERROR, "args is one string instead of an array of strings" },
	{ "COMMAND_WITH_ARGS", SEV_ERROR, "command holds the program and its arguments in one string" },
	{ "ENV_VALUE_NOT_STRING", SEV_ERROR, "an environment value is not a string" },
	{ "WRONG_FIELD_TYPE", SEV_ERROR, "a field has the wrong JSON type (e.g. headers not an object)" },
	{ "MISSING_REQUIRED_FIELD", SEV_ERROR, "a field the client requires is absent (command or url, type, tools, name, args, ...)" },
	{ "UNDECLARED_INPUT", SEV_ERROR, "a ${input:id} that no entry of \"inputs\" declares: the client cannot resolve it and the server does not start" },
	{ "ARGS_TOKENS_MERGED", SEV_WARNING, "one args element holds several argv tokens (\"-y pkg\", \"mcp serve\")" },
	{ "ENV_SYNTAX_MISMATCH", SEV_WARNING, "a placeholder in a syntax this client does not expand" },
	{ "HARDCODED_SECRET", SEV_WARNING, "a credential written into the file: in env, headers, arguments or a url (Basic or Bearer credentials, providers' token formats, passwords)" },
	{ "PLACEHOLDER_VALUE", SEV_WARNING, "a template value left in (YOUR_..., <token>, {secret}): the server starts with it and fails later" },
	{ "RELATIVE_OR_TILDE_PATH", SEV_WARNING, "a path starting with ~ (no shell expands it) or relative to a working directory the client does not document" },
	{ "MIXED_STDIO_AND_REMOTE_FIELDS", SEV_WARNING, "command and url in one entry: the client starts the command and ignores the remote fields" },
	{ "DUPLICATE_KEY", SEV_WARNING, "a key given twice in one object: the client keeps the later value and ignores the first" },
	{ "HTTP_URL_AS_SSE", SEV_WARNING, "a url the client reads as SSE that names a Streamable HTTP endpoint (/mcp); the client has its own field for those" },
	{ "WINDOWS_CMD_SHIM", SEV_WARNING, "a .cmd or .bat file as the command: clients start programs without a shell, and Windows runs batch files only through one" },
	{ "ARGS_ORDER", SEV_WARNING, "npx's -y after the package name: npx does not see it (it is passed to the server) and may stop to ask" },
	{ "DOCKER_FLAGS", SEV_WARNING, "docker run without -i, or with -t / -d, for a stdio server" },
	{ "UNKNOWN_FIELD_IGNORED", SEV_WARNING, "a field this client does not read (often another client's name for it)" },
	{ "LEGACY_FORMAT", SEV_WARNING, "an older shape the client still reads but no longer documents" },
	{ "TIMEOUT_UNITS", SEV_WARNING, "a timeout value implausible for the client's unit (seconds given where milliseconds are read, or the reverse)" },
	{ "SERVER_NAME_INVALID", SEV_WARNING, "a server name with spaces or special characters" },
	{ "TRANSPORT_UNDOCUMENTED", SEV_WARNING, "a transport the client does not document (may not work)" },
	{ "TRANSPORT_LIMITED", SEV_WARNING, "a transport only some variants of the client support" },
	{ "NO_SERVERS", SEV_WARNING, "the configuration defines no server" },
	{ "CORRECTION_NOT_CERTAIN", SEV_INFO, "why corrected_config is null: an error has no certain mechanical correction" },
	{ NULL, SEV_ERROR, NULL },
};

enum cfg_severity cfg_code_severity(const char *code)
{
	for (int i = 0; CFG_CODES[i].code; i++)
		if (!strcmp(CFG_CODES[i].code, code)) return CFG_CODES[i].severity;
	return SEV_ERROR;
}

const char *cfg_severity_name(enum cfg_severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "info";
}

/* The client's facts as plain C strings (NULL when absent). The optional facts are read from the record
 * itself (rec), which outlives every pointer into it. */
struct cv {
	const char *id, *name, *root_key, *type_field, *tv[TR_COUNT], *command, *args, *env, *url, *http_url,
		*headers, *known, *styles, *secret, *timeouts, *name_chars;
	char hdr_parent[64];          /* "requestOptions" when headers sit one object down, else "" */
	const char *hdr_child;        /* the headers' own key ("headers") */
	struct json_object *extra, *rec, *builtin, *legacy_roots, *legacy_fields, *also_reads;
	enum cfg_format fmt;
	bool root_list, cmd_array, cmd_split, trailing_commas, start_project, settings_only;
	uint32_t support[TR_COUNT], type_required;
};

struct ck {
	struct cv c;
	struct json_object *issues, *root;
	int uncertain_errors, corrections, errors, warnings;
	char first_uncertain[300];
	const char *text;             /* the file as given, when it was text: issues then name a line and column */
	size_t len;
	struct cfg_where where;
	bool placed, own_expansion, json_import;
};

static const char *opt(const struct catalog *cat, cat_str s) { return cat_has(s) ? cat_s(cat, s) : NULL; }

static void cv_load(struct cv *v, const struct catalog *cat, const struct cat_client *k)
{
	*v = (struct cv){ .id = cat_s(cat, k->id), .name = cat_s(cat, k->name), .root_key = cat_s(cat, k->root_key),
		.type_field = opt(cat, k->type_field), .command = cat_s(cat, k->command), .args = opt(cat, k->args),
		.env = opt(cat, k->env), .url = opt(cat, k->url), .http_url = opt(cat, k->http_url),
		.headers = opt(cat, k->headers), .known = cat_s(cat, k->known), .styles = cat_s(cat, k->styles), .timeouts = cat_s(cat, k->timeouts),
		.secret = opt(cat, k->secret), .extra = json_tokener_parse(cat_s(cat, k->extra)),
		.fmt = (enum cfg_format)k->format, .root_list = k->root_list, .cmd_array = k->command_array, .trailing_commas = k->trailing_commas,
		.type_required = k->type_required };
	for (int t = 0; t < TR_COUNT; t++) {
		v->tv[t] = opt(cat, k->type_values[t]);
		v->support[t] = k->support[t];
	}
	v->rec = json_tokener_parse(cat_s(cat, k->json));
	v->name_chars = jget_str(v->rec, "server_name_chars") ? jget_str(v->rec, "server_name_chars") : "_-.";
	v->cmd_split = jget_str(jget(v->rec, "fields"), "command_shape") && !strcmp(jget_str(jget(v->rec, "fields"), "command_shape"), "split");
	v->start_project = jget_str(v->rec, "start_dir") && !strcmp(jget_str(v->rec, "start_dir"), "project");
	v->settings_only = jget_bool(v->rec, "settings_only_entries", 0);
	v->builtin = jget(v->rec, "builtin_types");
	v->legacy_roots = jget(v->rec, "legacy_roots");
	v->legacy_fields = jget(v->rec, "legacy_fields");
	v->also_reads = jget(v->rec, "also_reads");
	const char *dot = v->headers ? strchr(v->headers, '.') : NULL;
	snprintf(v->hdr_parent, sizeof v->hdr_parent, "%.*s", dot ? (int)(dot - v->headers) : 0, dot ? v->headers : "");
	v->hdr_child = dot ? dot + 1 : v->headers;
}

/* True when name is in a "|a|b|" list. */
static bool in_list(const char *list, const char *name)
{
	if (!list || !name) return false;
	size_t n = strlen(name);
	for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
		if (p > list && p[-1] == '|' && p[n] == '|') return true;
	return false;
}

/* First entry of a "|a|b|" list into out. */
static const char *first_of(const char *list, char *out, size_t cap)
{
	if (!list) return NULL;
	const char *s = list + 1, *e = strchr(s, '|');
	snprintf(out, cap, "%.*s", (int)(e ? e - s : (long)strlen(s)), s);
	return out;
}

static void ptr_add(char *out, size_t cap, const char *base, const char *key)
{
	size_t n = (size_t)snprintf(out, cap, "%s/", base);
	for (const char *p = key; *p && n + 3 < cap; p++) {
		if (*p == '~') { out[n++] = '~'; out[n++] = '0'; }
		else if (*p == '/') { out[n++] = '~'; out[n++] = '1'; }
		else out[n++] = *p;
	}
	out[n < cap ? n : cap - 1] = '\0';
}

static void issue(struct ck *k, const char *code, const char *path, bool corrected, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void issue(struct ck *k, const char *code, const char *path, bool corrected, const char *fmt, ...)
{
	char msg[700];
	size_t n = 0;
	long off = k->placed && *path ? cfg_where_find(&k->where, path) : -1;
	if (off >= 0) { /* where the issue stands in the file as given */
		int line, col;
		cfg_line_col(k->text, k->len, (size_t)off, &line, &col);
		n = (size_t)snprintf(msg, sizeof msg, "line %d, column %d: ", line, col);
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg + n, sizeof msg - n, fmt, ap);
	va_end(ap);
	struct json_object *i = json_object_new_object();
	jadd(i, "code", json_object_new_string(code));
	jadd(i, "path", json_object_new_string(path));
	jadd(i, "message", json_object_new_string(msg));
	json_object_array_add(k->issues, i);
	enum cfg_severity s = cfg_code_severity(code);
	if (s == SEV_ERROR) k->errors++;
	if (s == SEV_WARNING) k->warnings++;
	if (corrected) k->corrections++;
	else if (s == SEV_ERROR) {
		if (!k->uncertain_errors) snprintf(k->first_uncertain, sizeof k->first_uncertain, "%s at %s", code, *path ? path : "/");
		k->uncertain_errors++;
	}
}

static bool is_str(struct json_object *o) { return o && json_object_is_type(o, json_type_string); }
static bool is_obj(struct json_object *o) { return o && json_object_is_type(o, json_type_object); }
static bool is_arr(struct json_object *o) { return o && json_object_is_type(o, json_type_array); }

/* Splits s on blanks into a new array; NULL when quoting or escapes make the split uncertain. */
static struct json_object *split_words(const char *s)
{
	if (strpbrk(s, "\"'\\`$")) return NULL;
	struct json_object *a = json_object_new_array();
	const char *p = s;
	while (*p) {
		while (*p == ' ' || *p == '\t') p++;
		const char *e = p;
		while (*e && *e != ' ' && *e != '\t') e++;
		if (e > p) json_object_array_add(a, json_object_new_string_len(p, (int)(e - p)));
		p = e;
	}
	return a;
}

static bool looks_like_path(const char *s)
{
	return s[0] == '/' || s[0] == '~' || s[0] == '.' || (isalpha((unsigned char)s[0]) && s[1] == ':') ||
		strchr(s, '\\') != NULL;
}

/* Several argv tokens in one element: "-y pkg", or two or three bare words; paths are left alone. */
static bool tokens_merged(const char *s)
{
	if (!strpbrk(s, " \t") || looks_like_path(s) || strpbrk(s, "\"'=")) return false;
	if (s[0] == '-') return true;
	int words = 0;
	for (const char *p = s; *p;) {
		while (*p == ' ') p++;
		if (!*p) break;
		words++;
		const char *w = p;
		while (*p && *p != ' ') p++;
		for (const char *q = w; q < p; q++)
			if (!isalnum((unsigned char)*q) && !strchr("@/._:-", *q)) return false;
		if (memchr(w, '/', (size_t)(p - w)) && w[0] != '@') return false;
	}
	return words >= 2 && words <= 3;
}

/* Generic transport of a type value in any client's spelling, or -1. */
static int type_synonym(const char *v)
{
	static const char *const st[] = { "stdio", "local", "command", NULL };
	static const char *const ht[] = { "http", "streamable-http", "streamable_http", "streamableHttp",
		"streamablehttp", "remote", "streamable", NULL };
	for (int i = 0; st[i]; i++) if (!strcasecmp(v, st[i])) return TR_STDIO;
	for (int i = 0; ht[i]; i++) if (!strcasecmp(v, ht[i])) return TR_HTTP;
	if (!strcasecmp(v, "sse")) return TR_SSE;
	return -1;
}

static int client_type(const struct cv *c, const char *v)
{
	for (int t = 0; t < TR_COUNT; t++) if (in_list(c->tv[t], v)) return t;
	return -1;
}

static const char *tr_name(int t) { return t == TR_STDIO ? "stdio" : t == TR_HTTP ? "Streamable HTTP" : "SSE"; }

static bool ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && !strcmp(s + a - b, suf);
}

/* Renames field from to to in e when to is absent. */
static bool rename_field(struct json_object *e, const char *from, const char *to)
{
	struct json_object *v;
	if (!json_object_object_get_ex(e, from, &v) || json_object_object_get_ex(e, to, NULL)) return false;
	json_object_object_add(e, to, json_object_get(v));
	json_object_object_del(e, from);
	return true;
}

struct entry { const char *name; struct json_object *e; char base[560]; };

static void check_nested(struct ck *k, struct entry *en)
{
	struct json_object *t;
	char p[600];
	if (in_list(k->c.known, "transport") || !json_object_object_get_ex(en->e, "transport", &t) || !is_obj(t)) return;
	ptr_add(p, sizeof p, en->base, "transport");
	bool clash = false;
	json_object_object_foreach(t, key, val) {
		(void)val;
		if (json_object_object_get_ex(en->e, key, NULL)) clash = true;
	}
	if (!clash) {
		json_object_object_foreach(t, key2, val2) json_object_object_add(en->e, key2, json_object_get(val2));
		json_object_object_del(en->e, "transport");
	}
	issue(k, "NESTED_TRANSPORT_OBJECT", p, !clash, "%s reads type, url and headers directly in the entry, not inside "
		"\"transport\"; move them up one level%s", k->c.name, clash ? " (some already exist there: not corrected)" : "");
}

/* Legacy nested command object {path, args, env} (older Zed). */
static void check_command_object(struct ck *k, struct entry *en)
{
	struct json_object *cmd, *pathv;
	char p[600];
	if (!json_object_object_get_ex(en->e, k->c.command, &cmd) || !is_obj(cmd)) return;
	ptr_add(p, sizeof p, en->base, k->c.command);
	bool ok = json_object_object_get_ex(cmd, "path", &pathv) && is_str(pathv) && k->c.args &&
		!json_object_object_get_ex(en->e, k->c.args, NULL) && !json_object_object_get_ex(en->e, k->c.env, NULL);
	if (ok) {
		struct json_object *c2 = json_object_get(cmd);
		json_object_object_add(en->e, k->c.command, json_object_get(pathv));
		struct json_object *a, *ev;
		if (json_object_object_get_ex(c2, "args", &a)) json_object_object_add(en->e, k->c.args, json_object_get(a));
		if (json_object_object_get_ex(c2, "env", &ev)) json_object_object_add(en->e, k->c.env, json_object_get(ev));
		json_object_put(c2);
	}
	issue(k, ok ? "LEGACY_FORMAT" : "WRONG_FIELD_TYPE", p, ok, "\"%s\" as an object {path, args, env} is an older "
		"shape; write the program as a string with \"%s\" and \"%s\" beside it", k->c.command,
		k->c.args ? k->c.args : "args", k->c.env);
}

/* Another client's name for a field this client spells differently: rename when certain. */
static void check_field_names(struct ck *k, struct entry *en)
{
	static const char *const cmd_names[] = { "command", "cmd", NULL };
	static const char *const env_names[] = { "env", "envs", "environment", NULL };
	static const char *const hdr_names[] = { "headers", "http_headers", NULL };
	static const char *const url_names[] = { "url", "uri", "serverUrl", "httpUrl", NULL };
	struct { const char *const *names; const char *want; const char *code; } roles[] = {
		{ cmd_names, k->c.command, "UNKNOWN_FIELD_IGNORED" }, { env_names, k->c.env, "UNKNOWN_FIELD_IGNORED" },
		{ hdr_names, k->c.hdr_parent[0] ? NULL : k->c.headers, "UNKNOWN_FIELD_IGNORED" },
		{ url_names, k->c.url ? k->c.url : k->c.http_url, "WRONG_URL_FIELD" } };
	char p[600];
	for (size_t r = 0; r < sizeof roles / sizeof *roles; r++) {
		if (!roles[r].want) continue;
		for (int i = 0; roles[r].names[i]; i++) {
			const char *n = roles[r].names[i];
			if (!strcmp(n, roles[r].want) || in_list(k->c.known, n) || !json_object_object_get_ex(en->e, n, NULL))
				continue;
			ptr_add(p, sizeof p, en->base, n);
			bool done = rename_field(en->e, n, roles[r].want);
			issue(k, roles[r].code, p, done, "%s does not read \"%s\"; it expects \"%s\"%s", k->c.name, n,
				roles[r].want, done ? "" : " (both present: not corrected)");
		}
	}
}

/* The entry's headers object where the client reads it (one object down for Continue and Copilot in
 * JetBrains), and its pointer; NULL when absent. */
static struct json_object *headers_of(const struct ck *k, struct entry *en, char *p, size_t cap)
{
	const char *hf = k->c.headers ? k->c.headers : "headers";
	if (!k->c.hdr_parent[0]) {
		ptr_add(p, cap, en->base, hf);
		return jget(en->e, hf);
	}
	char mid[600];
	ptr_add(mid, sizeof mid, en->base, k->c.hdr_parent);
	ptr_add(p, cap, mid, k->c.hdr_child);
	return jget(jget(en->e, k->c.hdr_parent), k->c.hdr_child);
}

/* A top-level "headers" where the client reads them one object down: move them there when certain. */
static void check_headers_place(struct ck *k, struct entry *en)
{
	struct json_object *h, *parent;
	char p[600];
	if (!k->c.hdr_parent[0] || !json_object_object_get_ex(en->e, "headers", &h) || in_list(k->c.known, "headers")) return;
	ptr_add(p, sizeof p, en->base, "headers");
	parent = jget(en->e, k->c.hdr_parent);
	bool ok = !parent || (is_obj(parent) && !json_object_object_get_ex(parent, k->c.hdr_child, NULL));
	if (ok) {
		if (!parent) { parent = json_object_new_object(); json_object_object_add(en->e, k->c.hdr_parent, parent); }
		json_object_object_add(parent, k->c.hdr_child, json_object_get(h));
		json_object_object_del(en->e, "headers");
	}
	issue(k, "UNKNOWN_FIELD_IGNORED", p, ok, "%s does not read \"headers\" here; it reads them under \"%s\": {\"%s\": ...}%s",
		k->c.name, k->c.hdr_parent, k->c.hdr_child, ok ? "" : " (already present: not corrected)");
}

/* Fields several clients have under different names: the client's own member of each group. */
static const char *const NAME_GROUPS[][4] = {
	{ "autoApprove", "alwaysAllow", NULL, NULL },
	{ "disabledTools", "disabled_tools", "excludeTools", NULL },
	{ "disabled", "enabled", NULL, NULL }, /* opposite meanings: renamed with the value negated */
};

static const char *own_name(const struct ck *k, const char *const *group)
{
	for (int i = 0; group[i]; i++) if (in_list(k->c.known, group[i])) return group[i];
	return NULL;
}

/* Another client's name for a field this client reads under its own: rename when certain. */
static void check_other_names(struct ck *k, struct entry *en)
{
	char p[600];
	for (size_t g = 0; g < sizeof NAME_GROUPS / sizeof *NAME_GROUPS; g++) {
		const char *want = own_name(k, NAME_GROUPS[g]);
		for (int i = 0; want && NAME_GROUPS[g][i]; i++) {
			const char *n = NAME_GROUPS[g][i];
			struct json_object *v;
			if (!strcmp(n, want) || in_list(k->c.known, n) || !json_object_object_get_ex(en->e, n, &v)) continue;
			bool negate = !strcmp(n, "enabled") || !strcmp(n, "disabled");
			bool ok = !json_object_object_get_ex(en->e, want, NULL) &&
				(!negate || (v && json_object_is_type(v, json_type_boolean)));
			ptr_add(p, sizeof p, en->base, n);
			if (ok) {
				json_object_object_add(en->e, want, negate ? json_object_new_boolean(!json_object_get_boolean(v)) : json_object_get(v));
				json_object_object_del(en->e, n);
			}
			issue(k, "UNKNOWN_FIELD_IGNORED", p, ok, "\"%s\" is another client's field; %s ignores it and reads \"%s\"%s%s",
				n, k->c.name, want, negate ? " (with the opposite meaning)" : "", ok ? "" : " (not corrected)");
		}
	}
}

/* The url field the entry uses: the client's own names first, then any other client's. */
static const char *url_field_used(const struct ck *k, struct json_object *e)
{
	const char *cands[] = { k->c.http_url, k->c.url, "url", "serverUrl", "uri", "httpUrl" };
	for (size_t i = 0; i < sizeof cands / sizeof *cands; i++)
		if (cands[i] && json_object_object_get_ex(e, cands[i], NULL)) return cands[i];
	return NULL;
}

static int entry_transport(struct ck *k, struct entry *en, const char *urlf, bool has_cmd, bool *typed)
{
	struct json_object *tv;
	char p[600], pref[64];
	*typed = false;
	if (k->c.type_field && json_object_object_get_ex(en->e, k->c.type_field, &tv)) {
		ptr_add(p, sizeof p, en->base, k->c.type_field);
		const char *v = is_str(tv) ? json_object_get_string(tv) : "";
		int t = client_type(&k->c, v);
		if (t >= 0) { *typed = true; return t; }
		int s = type_synonym(v);
		if (s >= 0 && k->c.tv[s]) {
			first_of(k->c.tv[s], pref, sizeof pref);
			issue(k, "WRONG_TYPE_VALUE", p, true, "%s spells the %s type \"%s\", not \"%s\"", k->c.name, tr_name(s), pref, v);
			json_object_object_add(en->e, k->c.type_field, json_object_new_string(pref));
			*typed = true;
			return s;
		}
		if (s >= 0 && !k->c.tv[s] && !(k->c.type_required & (1u << s))) {
			issue(k, "WRONG_TYPE_VALUE", p, true, "%s has no type value for %s; leave \"%s\" out", k->c.name, tr_name(s), k->c.type_field);
			json_object_object_del(en->e, k->c.type_field);
			return s;
		}
		issue(k, "WRONG_TYPE_VALUE", p, false, "\"%s\" is not a type %s knows", v, k->c.name);
	}
	if (has_cmd) return TR_STDIO;
	if (!urlf) return -1;
	if (k->c.http_url && !strcmp(urlf, k->c.http_url)) return TR_HTTP;
	struct json_object *u = jget(en->e, urlf);
	const char *url = is_str(u) ? json_object_get_string(u) : "";
	if (k->c.http_url && !strstr(url, "sse") && !strstr(url, "SSE")) { /* SSE endpoints name themselves */
		char p[600];
		ptr_add(p, sizeof p, en->base, urlf);
		issue(k, "HTTP_URL_AS_SSE", p, false, "%s reads \"%s\" as an SSE endpoint; this one does not name SSE, and a "
			"Streamable HTTP endpoint belongs in \"%s\"", k->c.name, urlf, k->c.http_url);
	}
	if (k->c.http_url || ((k->c.type_required & (1u << TR_HTTP)) && !(k->c.type_required & (1u << TR_SSE))))
		return TR_SSE; /* these clients read a bare url as SSE */
	return ends_with(url, "/sse") || ends_with(url, "/sse/") ? TR_SSE : TR_HTTP;
}

static void check_type_present(struct ck *k, struct entry *en, int tr, const char *urlf, bool typed)
{
	char pref[64], p[600];
	if (!k->c.type_field || typed || json_object_object_get_ex(en->e, k->c.type_field, NULL) ||
	    !(k->c.type_required & (1u << tr)) || !k->c.tv[tr])
		return;
	first_of(k->c.tv[tr], pref, sizeof pref);
	ptr_add(p, sizeof p, en->base, k->c.type_field);
	if (tr == TR_STDIO) {
		json_object_object_add(en->e, k->c.type_field, json_object_new_string(pref));
		issue(k, "MISSING_REQUIRED_FIELD", p, true, "%s needs \"%s\": \"%s\" on a local entry", k->c.name, k->c.type_field, pref);
		return;
	}
	const char *url = urlf ? jget_str(en->e, urlf) : NULL;
	bool certain = url && (ends_with(url, "/sse") || ends_with(url, "/mcp") || ends_with(url, "/mcp/"));
	if (certain) json_object_object_add(en->e, k->c.type_field, json_object_new_string(pref));
	issue(k, "MISSING_TYPE_FOR_REMOTE", p, certain, "%s needs \"%s\" on a remote entry (\"%s\" for %s)%s", k->c.name,
		k->c.type_field, pref, tr_name(tr), certain ? "" : "; the url does not show which transport the server speaks");
}

static bool check_support(struct ck *k, struct entry *en, int tr)
{
	uint32_t s = k->c.support[tr];
	if (tr == TR_STDIO || s == SUP_YES) return true;
	if (s == SUP_BRIDGE || (s == SUP_NO && k->c.support[TR_HTTP] != SUP_YES && k->c.support[TR_SSE] != SUP_YES)) {
		issue(k, "REMOTE_IN_STDIO_ONLY_CLIENT", en->base, false, "%s only starts local processes from this file; "
			"connect the remote server through a local bridge (npx -y mcp-remote <url>) or the client's own "
			"remote-connector settings", k->c.name);
		return false;
	}
	if (s == SUP_NO) {
		issue(k, "TRANSPORT_NOT_SUPPORTED", en->base, false, "%s does not support %s servers", k->c.name, tr_name(tr));
		return false;
	}
	issue(k, s == SUP_PARTIAL ? "TRANSPORT_LIMITED" : "TRANSPORT_UNDOCUMENTED", en->base, false,
		s == SUP_PARTIAL ? "only some variants of %s support %s servers" : "%s does not document %s servers",
		k->c.name, tr_name(tr));
	return true;
}

static void check_command(struct ck *k, struct entry *en)
{
	struct json_object *cmd = jget(en->e, k->c.command), *args = k->c.args ? jget(en->e, k->c.args) : NULL;
	char p[600];
	ptr_add(p, sizeof p, en->base, k->c.command);
	if (k->c.cmd_array) {
		if (is_str(cmd)) {
			struct json_object *w = split_words(json_object_get_string(cmd));
			if (w) json_object_object_add(en->e, k->c.command, w);
			issue(k, "WRONG_FIELD_TYPE", p, w != NULL, "%s wants \"%s\" as one array: the program and then each argument",
				k->c.name, k->c.command);
		} else if (!is_arr(cmd) || !json_object_array_length(cmd)) {
			issue(k, "WRONG_FIELD_TYPE", p, false, "\"%s\" must be a non-empty array of strings", k->c.command);
		}
		struct json_object *a = jget(en->e, "args");
		cmd = jget(en->e, k->c.command);
		if (is_arr(a) && is_arr(cmd)) {
			for (size_t i = 0; i < json_object_array_length(a); i++)
				json_object_array_add(cmd, json_object_get(json_object_array_get_idx(a, i)));
			ptr_add(p, sizeof p, en->base, "args");
			json_object_object_del(en->e, "args");
			issue(k, "UNKNOWN_FIELD_IGNORED", p, true, "%s has no \"args\"; the arguments belong in the \"%s\" array",
				k->c.name, k->c.command);
		}
		return;
	}
	if (k->c.cmd_split && (is_str(cmd) || is_arr(cmd))) return; /* the client splits the string with shell rules, or takes a list */
	if (is_arr(cmd) && json_object_array_length(cmd) && k->c.args && (!args || is_arr(args))) {
		struct json_object *na = json_object_new_array();
		for (size_t i = 1; i < json_object_array_length(cmd); i++)
			json_object_array_add(na, json_object_get(json_object_array_get_idx(cmd, i)));
		for (size_t i = 0; args && i < json_object_array_length(args); i++)
			json_object_array_add(na, json_object_get(json_object_array_get_idx(args, i)));
		json_object_object_add(en->e, k->c.command, json_object_get(json_object_array_get_idx(cmd, 0)));
		json_object_object_add(en->e, k->c.args, na);
		issue(k, "WRONG_FIELD_TYPE", p, true, "\"%s\" is the program only; its arguments go into \"%s\"", k->c.command, k->c.args);
		return;
	}
	if (!is_str(cmd)) {
		issue(k, "WRONG_FIELD_TYPE", p, false, "\"%s\" must be a string", k->c.command);
		return;
	}
	const char *s = json_object_get_string(cmd);
	if (!strpbrk(s, " \t") || looks_like_path(s) || !k->c.args) return;
	struct json_object *w = split_words(s);
	bool ok = w && json_object_array_length(w) > 1 && (!args || is_arr(args));
	if (ok) {
		for (size_t i = 0; args && i < json_object_array_length(args); i++)
			json_object_array_add(w, json_object_get(json_object_array_get_idx(args, i)));
		json_object_object_add(en->e, k->c.command, json_object_get(json_object_array_get_idx(w, 0)));
		json_object_array_del_idx(w, 0, 1);
		json_object_object_add(en->e, k->c.args, w);
	} else if (w) {
		json_object_put(w);
	}
	issue(k, "COMMAND_WITH_ARGS", p, ok, "\"%s\" holds the program and its arguments; clients start it without a shell, "
		"so put the program in \"%s\" and each argument in \"%s\"", k->c.command, k->c.command, k->c.args);
}

static void check_args(struct ck *k, struct entry *en)
{
	if (!k->c.args) return;
	struct json_object *a = jget(en->e, k->c.args);
	char p[600], pi[640];
	ptr_add(p, sizeof p, en->base, k->c.args);
	if (!a) return;
	if (is_str(a)) {
		struct json_object *w = split_words(json_object_get_string(a));
		if (w) json_object_object_add(en->e, k->c.args, w);
		issue(k, "ARGS_NOT_ARRAY", p, w != NULL, "\"%s\" must be an array with one element per argument%s", k->c.args,
			w ? "" : " (quotes in the string make the split uncertain)");
		return;
	}
	if (!is_arr(a)) {
		issue(k, "ARGS_NOT_ARRAY", p, false, "\"%s\" must be an array of strings", k->c.args);
		return;
	}
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		struct json_object *x = json_object_array_get_idx(a, i);
		snprintf(pi, sizeof pi, "%s/%zu", p, i);
		if (!is_str(x)) {
			bool scalar = x && !is_obj(x) && !is_arr(x);
			if (scalar) json_object_array_put_idx(a, i, json_object_new_string(json_object_to_json_string(x)));
			issue(k, "WRONG_FIELD_TYPE", pi, scalar, "each argument must be a string");
		} else if (tokens_merged(json_object_get_string(x))) {
			issue(k, "ARGS_TOKENS_MERGED", pi, false, "\"%s\" is passed as ONE argument; if these are separate "
				"arguments, give each its own element", json_object_get_string(x));
		}
	}
}

static void check_env(struct ck *k, struct entry *en)
{
	struct json_object *env = jget(en->e, k->c.env);
	char p[600], pv[800];
	if (!env) return;
	ptr_add(p, sizeof p, en->base, k->c.env);
	if (!is_obj(env)) {
		issue(k, "WRONG_FIELD_TYPE", p, false, "\"%s\" must be an object of NAME: \"value\" strings", k->c.env);
		return;
	}
	json_object_object_foreach(env, name, v) {
		if (is_str(v)) continue;
		ptr_add(pv, sizeof pv, p, name);
		bool scalar = v && !is_obj(v) && !is_arr(v);
		if (scalar) json_object_object_add(env, name, json_object_new_string(json_object_to_json_string(v)));
		issue(k, "ENV_VALUE_NOT_STRING", pv, scalar, "environment values must be strings%s",
			scalar ? " (write it in quotes)" : "; lists and objects cannot be passed");
	}
}

static void check_headers(struct ck *k, struct entry *en)
{
	char p[600];
	struct json_object *h = headers_of(k, en, p, sizeof p);
	if (!h) return;
	bool ok = is_obj(h);
	json_object_object_foreach(ok ? h : NULL, name, v) { (void)name; if (!is_str(v)) ok = false; }
	if (!ok) issue(k, "WRONG_FIELD_TYPE", p, false, "\"%s\" must be an object of header names to string values",
		k->c.headers ? k->c.headers : "headers");
}

/* Placeholder style of the text at s ("${...", "$NAME", "{env:"), or NULL when none starts there. */
static const char *style_at(const char *s)
{
	static const char *const editor[] = { "workspaceFolder}", "workspaceFolderBasename}", "userHome}", "pathSeparator}", "/}", NULL };
	if (!strncmp(s, "${{", 3)) return "double_brace";
	if (!strncmp(s, "${env:", 6)) return "env_colon";
	if (!strncmp(s, "${input:", 8)) return "input";
	if (!strncmp(s, "${", 2)) {
		for (int i = 0; editor[i]; i++) if (!strncmp(s + 2, editor[i], strlen(editor[i]))) return "editor_var";
		return isalpha((unsigned char)s[2]) || s[2] == '_' ? "dollar_brace" : NULL;
	}
	if (s[0] == '$' && (isupper((unsigned char)s[1]) || s[1] == '_')) return "dollar";
	if (!strncmp(s, "{env:", 5) || !strncmp(s, "{file:", 6)) return "brace_env";
	if (s[0] == '%' && isupper((unsigned char)s[1]) && strchr(s + 1, '%')) return "percent";
	return NULL;
}

static void secret_hint(const struct ck *k, char *out, size_t cap)
{
	if (k->c.secret) snprintf(out, cap, "; %s writes a variable as %s", k->c.name, k->c.secret);
	else snprintf(out, cap, "; %s passes values literally, so write the value itself (or use its own secret store)", k->c.name);
}

/* Placeholders in a syntax the client does not expand. */
static void check_placeholders_in(struct ck *k, const char *path, const char *s)
{
	char hint[200];
	if (k->own_expansion) return;
	for (const char *p = s; *p; p++) {
		if (p > s && p[-1] == '$' && *p == '{') continue;
		const char *st = style_at(p);
		if (!st || in_list(k->c.styles, st)) continue;
		secret_hint(k, hint, sizeof hint);
		issue(k, "ENV_SYNTAX_MISMATCH", path, false, "%s does not expand the placeholder in \"%s\"%s", k->c.name, s, hint);
		return;
	}
}

/* How the fix for a literal secret reads: the client's variable syntax for var, or its own mechanism. */
static void secret_fix(const struct ck *k, const char *var, char *out, size_t cap)
{
	char up[80];
	size_t n = 0;
	for (const char *s = var; *s && n + 1 < sizeof up; s++) up[n++] = isalnum((unsigned char)*s) ? (char)toupper((unsigned char)*s) : '_';
	up[n] = '\0';
	const char *t = k->c.secret, *at = t ? strstr(t, "NAME") : NULL;
	if (at) snprintf(out, cap, "; write %.*s%s%s instead and keep the value in the environment (or the client's secret store)",
		(int)(at - t), t, up, at + 4);
	else if (in_list(k->c.known, "env_vars") || in_list(k->c.known, "env_keys") || in_list(k->c.known, "api_key_env"))
		snprintf(out, cap, "; %s takes secrets by variable name (%s), so name %s there and keep the value in the environment",
			k->c.name, in_list(k->c.known, "env_vars") ? "env_vars, bearer_token_env_var, env_http_headers" :
			in_list(k->c.known, "env_keys") ? "env_keys, kept in the keyring" : "api_key_env", up);
	else snprintf(out, cap, "; %s passes values literally, so keep this file out of shared repositories", k->c.name);
}

/* Every ${input:id} in s must be declared in the root's "inputs"; declares it (a prompt) when missing. */
static void check_inputs_in(struct ck *k, const char *path, const char *s)
{
	if (!in_list(k->c.styles, "input")) return;
	for (const char *p = strstr(s, "${input:"); p; p = strstr(p + 1, "${input:")) {
		const char *e = strchr(p, '}');
		if (!e) return;
		char id[128];
		snprintf(id, sizeof id, "%.*s", (int)(e - p - 8), p + 8);
		struct json_object *inputs = jget(k->root, "inputs");
		bool found = false;
		for (size_t i = 0; is_arr(inputs) && i < json_object_array_length(inputs); i++) {
			const char *d = jget_str(json_object_array_get_idx(inputs, i), "id");
			if (d && !strcmp(d, id)) found = true;
		}
		if (found) continue;
		bool fixable = !inputs || is_arr(inputs);
		if (fixable) {
			if (!inputs) { inputs = json_object_new_array(); jadd(k->root, "inputs", inputs); }
			struct json_object *in = json_object_new_object();
			jadd(in, "type", json_object_new_string("promptString"));
			jadd(in, "id", json_object_new_string(id));
			jadd(in, "description", json_object_new_string(id));
			jadd(in, "password", json_object_new_boolean(cred_name(id)));
			json_object_array_add(inputs, in);
		}
		issue(k, "UNDECLARED_INPUT", path, fixable, "${input:%s} is not declared in \"inputs\", so %s cannot ask for it and "
			"the server does not start; add {\"type\": \"promptString\", \"id\": \"%s\", ...} to \"inputs\"", id, k->c.name, id);
	}
}

enum vrole { V_ENV, V_HEADER, V_ARG, V_URL };

/* A credential in a url's query (?api_key=...). */
static const char *query_secret(const char *url)
{
	const char *q = strchr(url, '?');
	char name[64], val[256];
	for (const char *p = q; p && *p; p = strchr(p + 1, '&')) {
		if (sscanf(p + 1, "%63[^=&]=%255[^&#]", name, val) == 2) {
			const char *kind = cred_kind(name, val);
			if (kind) return kind;
		}
	}
	return NULL;
}

/* One literal: its placeholders, template values, credentials and input references. name is the env or
 * header name, or for an argument the option it follows ("--api-key"), or NULL. */
static void check_string(struct ck *k, const char *path, enum vrole role, const char *name, const char *s)
{
	char fix[300];
	check_placeholders_in(k, path, s);
	check_inputs_in(k, path, s);
	if (cred_placeholder(s)) {
		issue(k, "PLACEHOLDER_VALUE", path, false, "\"%s\" is a template value; replace it with the real one (the server "
			"starts with this text and fails when it uses it)", s);
		return;
	}
	const char *kind = role == V_URL ? query_secret(s) : NULL;
	const char *glued = role == V_ARG && !name && s[0] == '-' && s[1] == 'p' && s[2] && s[2] != '-' ? s + 2 : NULL;
	const char *eq = role == V_ARG && !name && s[0] != '-' ? strchr(s, '=') : NULL;
	char key[64] = "";
	if (eq && eq - s < (long)sizeof key) snprintf(key, sizeof key, "%.*s", (int)(eq - s), s);
	if (!kind) kind = cred_kind(role == V_URL ? NULL : name, s);
	if (!kind && glued) kind = cred_kind("token", glued); /* -p<password>, as database clients take it */
	if (!kind && key[0] && cred_name(key)) {
		char v[256];
		snprintf(v, sizeof v, "%s", eq + 1 + (eq[1] == '"' || eq[1] == '\''));
		if (*v && strchr("\"'", v[strlen(v) - 1])) v[strlen(v) - 1] = '\0';
		kind = cred_kind(key, v);
	}
	if (!kind) return;
	secret_fix(k, key[0] ? key : name && name[0] != '-' ? name : name ? name + strspn(name, "-") : "SECRET", fix, sizeof fix);
	issue(k, "HARDCODED_SECRET", path, false, "%s is written into the file%s; anyone who can read the file (or the "
		"repository) can use it%s", kind, role == V_ARG ? " as a command-line argument, which other local users can also "
		"see in the process list" : "", fix);
}

/* A value that names a variable but is not written as one: the server receives the name itself. */
static void check_bare_name(struct ck *k, const char *path, const char *name, const char *s)
{
	if (strcmp(name, s) || strlen(s) < 4 || !cred_name(s)) return;
	for (const char *p = s; *p; p++) if (!isupper((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '_') return;
	char hint[200];
	secret_hint(k, hint, sizeof hint);
	issue(k, "ENV_SYNTAX_MISMATCH", path, false, "the value is the text \"%s\", not the variable of that name%s", s, hint);
}

static void check_values(struct ck *k, struct entry *en, const char *field, enum vrole role)
{
	if (!field) return;
	char p[600], pv[800];
	struct json_object *o;
	if (role == V_HEADER) o = headers_of(k, en, p, sizeof p);
	else { o = jget(en->e, field); ptr_add(p, sizeof p, en->base, field); }
	if (!o) return;
	if (is_str(o)) { check_string(k, p, role, NULL, json_object_get_string(o)); return; }
	if (is_arr(o)) {
		const char *prev = NULL;
		for (size_t i = 0; i < json_object_array_length(o); i++) {
			struct json_object *x = json_object_array_get_idx(o, i);
			snprintf(pv, sizeof pv, "%s/%zu", p, i);
			const char *xs = is_str(x) ? json_object_get_string(x) : NULL;
			if (xs) check_string(k, pv, role, prev && prev[0] == '-' && !strchr(prev, '=') && cred_name(prev) ? prev : NULL, xs);
			prev = xs;
		}
		return;
	}
	if (!is_obj(o)) return;
	json_object_object_foreach(o, name, v) {
		if (!is_str(v)) continue;
		ptr_add(pv, sizeof pv, p, name);
		check_string(k, pv, role, name, json_object_get_string(v));
		if (role == V_ENV) check_bare_name(k, pv, name, json_object_get_string(v));
	}
}

static bool absolute_path(const char *s)
{
	return s[0] == '/' || s[0] == '\\' || (isalpha((unsigned char)s[0]) && s[1] == ':') || s[0] == '$' || s[0] == '%' ||
		s[0] == '{';
}

/* A file path relative to the working directory: ./x, ../x, dir/file.ext, or a bare script name. */
static bool relative_file(const char *s)
{
	static const char *const ext[] = { ".js", ".mjs", ".cjs", ".ts", ".py", ".sh", ".rb", ".php", ".jar", ".lua", ".ps1", NULL };
	if (!strncmp(s, "./", 2) || !strncmp(s, "../", 3) || !strncmp(s, ".\\", 2) || !strncmp(s, "..\\", 3)) return true;
	if (!*s || absolute_path(s) || s[0] == '~' || s[0] == '-' || s[0] == '@' || strstr(s, "://") || strpbrk(s, " =:")) return false;
	for (int i = 0; ext[i]; i++) if (ends_with(s, ext[i])) return true;
	return false;
}

static bool tilde_path(const char *s) { return !strncmp(s, "~/", 2) || !strcmp(s, "~"); }

static void path_issue(struct ck *k, const char *p, const char *what, bool tilde)
{
	issue(k, "RELATIVE_OR_TILDE_PATH", p, false, tilde ? "\"%s\": no shell expands ~ here; write the absolute path" :
		"\"%s\" is relative, and %s does not document the directory it starts servers in; use an absolute path "
		"(or set the entry's working directory)", what, k->c.name);
}

/* Whether relative paths have a known base: an absolute working directory on the entry, or a client
 * that documents starting servers in the project. A relative working directory is itself reported. */
static bool anchored(struct ck *k, struct entry *en)
{
	const char *cwd = jget_str(en->e, "cwd");
	char p[600];
	if (!cwd || !in_list(k->c.known, "cwd")) return k->c.start_project;
	if (absolute_path(cwd)) return true;
	ptr_add(p, sizeof p, en->base, "cwd");
	if (tilde_path(cwd)) path_issue(k, p, cwd, true);
	else if (!k->c.start_project) path_issue(k, p, cwd, false);
	return k->c.start_project;
}

/* One argument, or the value of --flag=value. */
static void check_arg_path(struct ck *k, const char *p, const char *a, bool base)
{
	const char *eq = a[0] == '-' ? strchr(a, '=') : NULL;
	const char *v = eq ? eq + 1 : a;
	if (tilde_path(v)) path_issue(k, p, a, true);
	else if (!base && relative_file(v)) path_issue(k, p, a, false);
}

/* Relative tokens inside an environment value ("--require ./preload.cjs"). */
static void check_env_paths(struct ck *k, struct entry *en, bool base)
{
	struct json_object *env = jget(en->e, k->c.env);
	char p[600], pv[800];
	if (base || !is_obj(env)) return;
	ptr_add(p, sizeof p, en->base, k->c.env);
	json_object_object_foreach(env, name, v) {
		const char *s = is_str(v) ? json_object_get_string(v) : NULL;
		for (const char *t = s; t && *t; t++) {
			if ((t == s || t[-1] == ' ') && (!strncmp(t, "./", 2) || !strncmp(t, "../", 3))) {
				ptr_add(pv, sizeof pv, p, name);
				path_issue(k, pv, s, false);
				break;
			}
		}
	}
}

static const char *base_name(const char *s)
{
	const char *a = strrchr(s, '/'), *b = strrchr(s, '\\');
	return a > b ? a + 1 : b ? b + 1 : s;
}

static void check_docker(struct ck *k, struct entry *en, const char *cmd, struct json_object *args)
{
	char p[600];
	if (!cmd || strcmp(cmd, "docker") || !is_arr(args) || !json_object_array_length(args) ||
	    strcmp(json_object_get_string(json_object_array_get_idx(args, 0)), "run"))
		return;
	bool inter = false, bad = false;
	for (size_t i = 1; i < json_object_array_length(args); i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(args, i));
		if (!a || a[0] != '-') continue;
		if (!strcmp(a, "-i") || !strcmp(a, "--interactive") || (a[1] != '-' && strchr(a, 'i'))) inter = true;
		if (!strcmp(a, "-d") || !strcmp(a, "--detach") || !strcmp(a, "-t") || !strcmp(a, "--tty") ||
		    (a[1] != '-' && (strchr(a, 't') || strchr(a, 'd'))))
			bad = true;
	}
	if (!inter || bad) {
		ptr_add(p, sizeof p, en->base, k->c.args);
		issue(k, "DOCKER_FLAGS", p, false, "a stdio server in docker needs \"run\", \"-i\", \"--rm\" and no -t or -d, "
			"or the JSON-RPC stream over stdin/stdout breaks");
	}
}

/* npx -y after the package name reaches the server, not npx. args[first..] are the arguments, under field. */
static void check_args_order(struct ck *k, struct entry *en, const char *cmd, struct json_object *args, size_t first,
	const char *field)
{
	char p[600];
	if (!cmd || (strcmp(base_name(cmd), "npx") && strcmp(base_name(cmd), "npx.cmd")) || !is_arr(args)) return;
	size_t i = first, n = json_object_array_length(args);
	while (i < n && is_str(json_object_array_get_idx(args, i)) && json_object_get_string(json_object_array_get_idx(args, i))[0] == '-') i++;
	for (size_t j = i + 1; j < n; j++) {
		const char *a = json_object_get_string(json_object_array_get_idx(args, j));
		if (a && (!strcmp(a, "-y") || !strcmp(a, "--yes"))) {
			ptr_add(p, sizeof p, en->base, field);
			snprintf(p + strlen(p), sizeof p - strlen(p), "/%zu", j);
			issue(k, "ARGS_ORDER", p, false, "\"%s\" comes after the package name, so npx passes it to the server; "
				"put it before the package", a);
			return;
		}
	}
}

static void check_paths_and_docker(struct ck *k, struct entry *en)
{
	struct json_object *cv = jget(en->e, k->c.command);
	bool list = is_arr(cv) && json_object_array_length(cv); /* opencode, Vibe: the program and its arguments in one list */
	const char *cmd = list ? json_object_get_string(json_object_array_get_idx(cv, 0)) : jget_str(en->e, k->c.command);
	const char *field = list ? k->c.command : k->c.args;
	struct json_object *args = list ? cv : k->c.args ? jget(en->e, k->c.args) : NULL;
	size_t first = list ? 1 : 0;
	char p[600];
	bool base = anchored(k, en), docker = cmd && !strcmp(base_name(cmd), "docker");
	ptr_add(p, sizeof p, en->base, k->c.command);
	if (cmd && (tilde_path(cmd) || (!base && !absolute_path(cmd) && (strchr(cmd, '/') || strchr(cmd, '\\')))))
		path_issue(k, p, cmd, tilde_path(cmd));
	if (cmd && (ends_with(cmd, ".cmd") || ends_with(cmd, ".bat") || ends_with(cmd, ".CMD") || ends_with(cmd, ".BAT")))
		issue(k, "WINDOWS_CMD_SHIM", p, false, "\"%s\" is a batch file; the client starts it without a shell, which "
			"Windows refuses for .cmd and .bat files; use \"cmd\" with \"/c\" and the file as arguments", cmd);
	for (size_t i = first; field && is_arr(args) && i < json_object_array_length(args); i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(args, i));
		if (!a) continue;
		ptr_add(p, sizeof p, en->base, field);
		snprintf(p + strlen(p), sizeof p - strlen(p), "/%zu", i);
		check_arg_path(k, p, a, base || docker);
	}
	check_env_paths(k, en, base);
	if (!list) check_docker(k, en, cmd, args);
	check_args_order(k, en, cmd, args, first, field);
}

/* Which releases a requirement holds for, where the client's releases differ. */
static const char *release_note(const struct ck *k, const char *field)
{
	struct json_object *notes = jget(k->c.rec, "release_notes");
	for (size_t i = 0; is_arr(notes) && i < json_object_array_length(notes); i++)
		if (!strcmp(jget_str(json_object_array_get_idx(notes, i), "field"), field))
			return jget_str(json_object_array_get_idx(notes, i), "note");
	return NULL;
}

static void check_extra(struct ck *k, struct entry *en, int tr)
{
	char p[600];
	json_object_object_foreach(k->c.extra, key, want) {
		if (json_object_object_get_ex(en->e, key, NULL)) continue;
		if (tr != TR_STDIO && k->c.args && !strcmp(key, k->c.args)) continue;
		ptr_add(p, sizeof p, en->base, key);
		bool named = is_str(want) && !strcmp(json_object_get_string(want), "<name>");
		const char *note = release_note(k, key);
		json_object_object_add(en->e, key, named ? json_object_new_string(en->name) : json_object_get(want));
		issue(k, "MISSING_REQUIRED_FIELD", p, true, "%s needs \"%s\" on every entry (e.g. %s)%s%s", k->c.name, key,
			named ? "the server's name" : json_object_to_json_string(want), note ? "; " : "", note ? note : "");
	}
}

/* The note on a field the client read in an older release, or NULL. */
static const char *legacy_note(const struct ck *k, const char *key)
{
	for (size_t i = 0; is_arr(k->c.legacy_fields) && i < json_object_array_length(k->c.legacy_fields); i++) {
		struct json_object *f = json_object_array_get_idx(k->c.legacy_fields, i);
		if (!strcmp(jget_str(f, "field"), key)) return jget_str(f, "note");
	}
	return NULL;
}

static void check_unknown(struct ck *k, struct entry *en)
{
	char p[600];
	json_object_object_foreach(en->e, key, v) {
		(void)v;
		if (in_list(k->c.known, key) || (k->c.type_field && !strcmp(key, k->c.type_field)) ||
		    json_object_object_get_ex(k->c.extra, key, NULL) || (k->c.root_list && !strcmp(key, "name")))
			continue;
		ptr_add(p, sizeof p, en->base, key);
		const char *note = legacy_note(k, key);
		if (note) issue(k, "LEGACY_FORMAT", p, false, "%s; %s no longer documents it", note, k->c.name);
		else issue(k, "UNKNOWN_FIELD_IGNORED", p, false, "%s does not read \"%s\"; it is ignored", k->c.name, key);
	}
}

/* An entry that runs inside the client (Goose builtin and platform extensions) or only carries settings
 * for a server an extension provides (Zed): no command or url to check. */
static bool in_process_entry(struct ck *k, struct entry *en, const char *urlf, bool has_cmd)
{
	const char *type = k->c.type_field ? jget_str(en->e, k->c.type_field) : NULL;
	for (size_t i = 0; type && is_arr(k->c.builtin) && i < json_object_array_length(k->c.builtin); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(k->c.builtin, i)), type)) return true;
	return k->c.settings_only && !has_cmd && !urlf;
}

/* Timeouts: milliseconds below 1000 look like seconds; seconds above 3600 look like milliseconds. */
static void check_timeouts(struct ck *k, struct entry *en)
{
	char field[64], p[600];
	for (const char *s = k->c.timeouts; s && *s && s[1];) {
		const char *e = strchr(s + 1, '|');
		if (!e) break;
		const char *colon = memchr(s + 1, ':', (size_t)(e - s - 1));
		if (colon) {
			snprintf(field, sizeof field, "%.*s", (int)(colon - s - 1), s + 1);
			bool ms = !strncmp(colon + 1, "ms", 2);
			struct json_object *v = jget(en->e, field);
			if (v && (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double))) {
				double d = json_object_get_double(v);
				ptr_add(p, sizeof p, en->base, field);
				if (ms && d > 0 && d < 1000)
					issue(k, "TIMEOUT_UNITS", p, false, "%s reads \"%s\" in milliseconds; %g ms is probably meant as seconds",
						k->c.name, field, d);
				else if (ms && d > 86400000)
					issue(k, "TIMEOUT_UNITS", p, false, "%s reads \"%s\" in milliseconds; %g ms is more than a day, "
						"probably a unit too small", k->c.name, field, d);
				else if (!ms && d > 3600)
					issue(k, "TIMEOUT_UNITS", p, false, "%s reads \"%s\" in seconds; %g s is probably meant as milliseconds",
						k->c.name, field, d);
			}
		}
		s = e;
	}
}

/* Letters, digits and the punctuation the client takes in a name (Cline's marketplace writes owner/repo;
 * Gemini CLI and Qwen Code split tool names at underscores). */
static void check_name(struct ck *k, struct entry *en)
{
	for (const char *p = en->name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr(k->c.name_chars, *p)) {
			issue(k, "SERVER_NAME_INVALID", en->base, false, "server name \"%s\" has a character %s does not take "
				"in a name (\"%c\"); use letters, digits and %s", en->name, k->c.name, *p, k->c.name_chars);
			return;
		}
}

static bool runs_mcp_remote(const struct ck *k, struct entry *en)
{
	struct json_object *a = jget(en->e, k->c.cmd_array ? k->c.command : k->c.args ? k->c.args : "args");
	for (size_t i = 0; is_arr(a) && i < json_object_array_length(a); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(a, i));
		if (s && (!strcmp(s, "mcp-remote") || !strncmp(s, "mcp-remote@", 11))) return true;
	}
	return false;
}

static void check_entry(struct ck *k, struct entry *en)
{
	if (!is_obj(en->e)) {
		issue(k, "INVALID_ENTRY", en->base, false, "a server entry must be an object");
		return;
	}
	if (!k->c.root_list) check_name(k, en);
	check_nested(k, en);
	check_command_object(k, en);
	check_field_names(k, en);
	check_headers_place(k, en);
	check_other_names(k, en);
	bool has_cmd = json_object_object_get_ex(en->e, k->c.command, NULL), typed;
	const char *urlf = url_field_used(k, en->e);
	if (in_process_entry(k, en, urlf, has_cmd)) {
		check_unknown(k, en);
		return;
	}
	if (has_cmd && urlf) {
		issue(k, "MIXED_STDIO_AND_REMOTE_FIELDS", en->base, false, "the entry has both \"%s\" and \"%s\"; %s starts the "
			"command and ignores the remote fields, so keep only the set for the transport you use", k->c.command, urlf, k->c.name);
	}
	int tr = entry_transport(k, en, urlf, has_cmd, &typed);
	if (tr < 0) {
		issue(k, "MISSING_REQUIRED_FIELD", en->base, false, "the entry needs \"%s\" (a local server) or %s%s%s (a remote one)",
			k->c.command, k->c.url || k->c.http_url ? "\"" : "a url", k->c.url ? k->c.url : k->c.http_url ? k->c.http_url : "",
			k->c.url || k->c.http_url ? "\"" : "");
		check_unknown(k, en);
		return;
	}
	check_type_present(k, en, tr, urlf, typed);
	if (!check_support(k, en, tr)) return; /* its fields belong to a transport the client cannot run */
	{
		if (tr == TR_STDIO) {
			check_command(k, en);
			check_args(k, en);
			check_env(k, en);
			check_paths_and_docker(k, en);
			if (!k->c.cmd_array) check_values(k, en, k->c.command, V_ARG);
			if (in_list(k->c.known, "cwd")) check_values(k, en, "cwd", V_ARG);
			check_values(k, en, k->c.env, V_ENV);
			k->own_expansion = runs_mcp_remote(k, en); /* mcp-remote expands ${VAR} in its own arguments */
			check_values(k, en, k->c.cmd_array ? k->c.command : k->c.args, V_ARG);
			k->own_expansion = false;
		} else {
			check_headers(k, en);
			check_values(k, en, k->c.headers ? k->c.headers : "headers", V_HEADER);
			if (urlf) check_values(k, en, urlf, V_URL);
		}
		check_extra(k, en, tr);
		check_timeouts(k, en);
	}
	check_unknown(k, en);
}

/* Does o look like one server entry (has a command or url of any client)? */
static bool looks_like_server(struct json_object *o)
{
	static const char *const keys[] = { "command", "cmd", "url", "uri", "serverUrl", "httpUrl", NULL };
	if (!is_obj(o)) return false;
	for (int i = 0; keys[i]; i++) if (json_object_object_get_ex(o, keys[i], NULL)) return true;
	return false;
}

static bool all_servers(struct json_object *o)
{
	if (!is_obj(o) || !json_object_object_length(o)) return false;
	json_object_object_foreach(o, k, v) { (void)k; if (!looks_like_server(v)) return false; }
	return true;
}

/* Servers where an older release of the client kept them (Continue's experimental.modelContextProtocolServers):
 * read, but no longer documented. */
static bool legacy_root(struct ck *k, struct json_object *root)
{
	for (size_t i = 0; is_arr(k->c.legacy_roots) && i < json_object_array_length(k->c.legacy_roots); i++) {
		const char *path = json_object_get_string(json_object_array_get_idx(k->c.legacy_roots, i));
		char part[80], ptr[300] = "";
		struct json_object *o = root;
		for (const char *p = path; o && *p;) {
			size_t n = strcspn(p, ".");
			snprintf(part, sizeof part, "%.*s", (int)n, p);
			o = jget(o, part);
			cfg_ptr_push(ptr, sizeof ptr, part);
			p += n + (p[n] == '.');
		}
		if (!o) continue;
		issue(k, "LEGACY_FORMAT", ptr, false, "servers under \"%s\" are the older configuration of %s; it still reads "
			"them there, but documents \"%s\" now", path, k->c.name, k->c.root_key);
		return true;
	}
	return false;
}

/* Finds the server collection, moving it under the client's root key when it sits elsewhere. */
static struct json_object *find_servers(struct ck *k, struct json_object *root, char *base, size_t cap)
{
	static const char *const aliases[] = { "mcpServers", "servers", "context_servers", "mcp_servers", "extensions", "mcp", NULL };
	struct json_object *s;
	snprintf(base, cap, "/%s", k->c.root_key);
	if (json_object_object_get_ex(root, k->c.root_key, &s)) {
		if (!strcmp(k->c.root_key, "mcp") && is_obj(s) && is_obj(jget(s, "servers")) && !looks_like_server(jget(s, "servers")))
			goto legacy; /* opencode's own key, but the nested-servers variant */
		return s;
	}
	for (int i = 0; aliases[i]; i++) {
		if (!json_object_object_get_ex(root, aliases[i], &s)) continue;
		struct json_object *inner = !strcmp(aliases[i], "mcp") ? jget(s, "servers") : NULL;
		const char *where = inner ? "/mcp/servers" : NULL;
		if (inner) s = inner;
		snprintf(base, cap, "%s", where ? where : "");
		if (!where) ptr_add(base, cap, "", aliases[i]);
		json_object_object_add(root, k->c.root_key, json_object_get(s));
		json_object_object_del(root, aliases[i]);
		issue(k, "WRONG_ROOT_KEY", base, true, "%s reads its servers from \"%s\", not from \"%s\"%s", k->c.name,
			k->c.root_key, where ? "mcp.servers" : aliases[i],
			where ? " (that nesting is the shape of the editor's settings.json, not of this file)" : "");
		return jget(root, k->c.root_key);
	}
	if (all_servers(root)) {
		struct json_object *copy = json_object_new_object();
		json_object_object_foreach(root, key, v) json_object_object_add(copy, key, json_object_get(v));
		json_object_object_foreach(copy, key2, v2) { (void)v2; json_object_object_del(root, key2); }
		json_object_object_add(root, k->c.root_key, copy);
		snprintf(base, cap, "%s", "");
		issue(k, "WRONG_ROOT_KEY", "", true, "the servers sit at the top level; %s expects them under \"%s\"",
			k->c.name, k->c.root_key);
		return copy;
	}
	if (looks_like_server(root)) {
		issue(k, "SNIPPET_NOT_WRAPPED", "", false, "this is a single server entry; it needs a name and the \"%s\" "
			"object around it", k->c.root_key);
		return NULL;
	}
	if (legacy_root(k, root)) return NULL;
	issue(k, "NO_SERVERS", "", false, "no \"%s\" found: the configuration defines no server", k->c.root_key);
	return NULL;
legacy:
	snprintf(base, cap, "/mcp/servers");
	s = json_object_get(jget(jget(root, "mcp"), "servers"));
	jadd(root, "mcp", s);
	issue(k, "LEGACY_FORMAT", "/mcp/servers", true, "\"mcp\": {\"servers\": ...} is a variant; the documented shape puts "
		"the servers directly under \"mcp\"");
	return s;
}

/* Map <-> list conversion when the collection has the other shape. */
static struct json_object *fix_shape(struct ck *k, struct json_object *root, struct json_object *s, const char *base)
{
	if (k->c.root_list && is_obj(s)) {
		struct json_object *list = json_object_new_array();
		json_object_object_foreach(s, name, v) {
			if (is_obj(v) && !json_object_object_get_ex(v, "name", NULL)) {
				struct json_object *item = json_object_new_object();
				jadd(item, "name", json_object_new_string(name));
				json_object_object_foreach(v, kk, vv) json_object_object_add(item, kk, json_object_get(vv));
				json_object_array_add(list, item);
			} else {
				json_object_array_add(list, json_object_get(v));
			}
		}
		json_object_object_add(root, k->c.root_key, list);
		issue(k, "WRONG_ROOT_SHAPE", base, true, "%s wants \"%s\" as a list of servers, each with its own \"name\"",
			k->c.name, k->c.root_key);
		return list;
	}
	if (!k->c.root_list && is_arr(s)) {
		struct json_object *map = json_object_new_object();
		bool ok = true;
		for (size_t i = 0; i < json_object_array_length(s) && ok; i++) {
			struct json_object *v = json_object_array_get_idx(s, i);
			const char *n = jget_str(v, "name");
			if (!is_obj(v) || !n || json_object_object_get_ex(map, n, NULL)) { ok = false; break; }
			struct json_object *item = json_object_new_object();
			json_object_object_foreach(v, kk, vv) if (strcmp(kk, "name")) json_object_object_add(item, kk, json_object_get(vv));
			json_object_object_add(map, n, item);
		}
		issue(k, "WRONG_ROOT_SHAPE", base, ok, "%s wants \"%s\" as an object keyed by server name%s", k->c.name,
			k->c.root_key, ok ? "" : " (items without a unique name: not corrected)");
		if (!ok) { json_object_put(map); return NULL; }
		json_object_object_add(root, k->c.root_key, map);
		return map;
	}
	if (!is_obj(s) && !is_arr(s)) {
		issue(k, "WRONG_ROOT_SHAPE", base, false, "\"%s\" must be %s", k->c.root_key, k->c.root_list ? "a list" : "an object");
		return NULL;
	}
	return s;
}

static void check_tree(struct ck *k, struct json_object *root)
{
	if (!is_obj(root)) {
		issue(k, "WRONG_ROOT_SHAPE", "", false, "the configuration must be an object");
		return;
	}
	char base[512];
	struct json_object *s = find_servers(k, root, base, sizeof base);
	if (!s) return;
	s = fix_shape(k, root, s, base);
	if (!s) return;
	if (is_arr(s)) {
		for (size_t i = 0; i < json_object_array_length(s); i++) {
			struct entry en = { .e = json_object_array_get_idx(s, i) };
			snprintf(en.base, sizeof en.base, "%s/%zu", base, i);
			en.name = jget_str(en.e, "name");
			if (!en.name) {
				char p[600];
				ptr_add(p, sizeof p, en.base, "name");
				issue(k, "MISSING_REQUIRED_FIELD", p, false, "every server in the list needs a \"name\"");
				en.name = "";
			}
			check_entry(k, &en);
		}
		if (!json_object_array_length(s)) issue(k, "NO_SERVERS", base, false, "the server list is empty");
		return;
	}
	json_object_object_foreach(s, name, v) {
		struct entry en = { .name = name, .e = v };
		ptr_add(en.base, sizeof en.base, base, name);
		check_entry(k, &en);
	}
	if (!json_object_object_length(s)) issue(k, "NO_SERVERS", base, false, "\"%s\" is empty", k->c.root_key);
}

static const char *syntax_code(enum cfg_format f)
{
	return f == CFG_TOML ? "INVALID_TOML_SYNTAX" : f == CFG_YAML ? "INVALID_YAML_SYNTAX" : "INVALID_JSON_SYNTAX";
}

static const char *format_name(enum cfg_format f)
{
	static const char *const n[] = { "json", "jsonc", "toml", "yaml" };
	return n[f];
}

/* A JSON file the client also reads beside its own format (Continue: Claude-style mcpServers maps in its
 * mcpServers folder): checked with the names and shapes that file uses. */
static void json_import_mode(struct ck *k)
{
	k->c.fmt = CFG_JSON;
	k->c.root_key = jget_str(k->c.also_reads, "root_key");
	k->c.root_list = false;
	k->c.type_required = 0;
	k->c.tv[TR_HTTP] = "|streamable-http|http|";
	k->c.known = "|type|command|args|env|cwd|url|headers|disabled|";
	k->c.headers = k->c.hdr_child = "headers";
	k->c.hdr_parent[0] = '\0';
	k->json_import = true;
}

/* Continue's own list shape written as JSON is its older config.json: still read, no longer documented. */
static void json_import_list(struct ck *k, struct json_object *o)
{
	if (!k->json_import || !is_arr(jget(o, k->c.root_key))) return;
	k->c.root_list = true;
	k->c.known = "|name|type|command|args|env|cwd|url|requestOptions|connectionTimeout|";
	k->c.headers = "requestOptions.headers";
	snprintf(k->c.hdr_parent, sizeof k->c.hdr_parent, "requestOptions");
	k->c.hdr_child = "headers";
	issue(k, "LEGACY_FORMAT", "", false, "a JSON configuration with a list of servers is the older config.json of %s; "
		"it still reads it, but documents config.yaml and block files", k->c.name);
}

/* Keys one JSON object gives twice: the client keeps the later value. */
static void report_twice(struct ck *k)
{
	json_object_object_foreach(k->where.twice, ptr, off) {
		int line, col;
		cfg_line_col(k->text, k->len, (size_t)json_object_get_int64(off), &line, &col);
		issue(k, "DUPLICATE_KEY", ptr, false, "this key is given again at line %d, column %d; %s keeps that later value "
			"and ignores this one, so remove one of them", line, col, k->c.name);
	}
}

/* Parses the text as the client reads it; recovers an unwrapped fragment and JSON given to a TOML client. */
static struct json_object *parse_text(struct ck *k, const char *text, size_t len)
{
	struct cfg_syntax e;
	size_t skip = 0;
	while (skip < len && strchr(" \t\r\n", text[skip])) skip++;
	bool jsonish = k->c.fmt == CFG_JSON || k->c.fmt == CFG_JSONC;
	if (k->c.fmt == CFG_TOML && skip < len && text[skip] == '{') {
		struct cfg_syntax e2;
		struct json_object *o = cfg_parse_where(CFG_JSONC, text, len, &e2, &k->where);
		if (o) {
			issue(k, "WRONG_FORMAT_FOR_CLIENT", "", true, "this is JSON, but %s reads TOML; the corrected configuration "
				"is written as TOML", k->c.name);
			return o;
		}
	}
	if (k->c.fmt == CFG_YAML && skip < len && text[skip] == '{' && k->c.also_reads) json_import_mode(k);
	struct json_object *o = cfg_parse_where(k->c.fmt, text, len, &e, &k->where);
	if (o) json_import_list(k, o);
	long tc = o && k->c.fmt == CFG_JSONC && !k->c.trailing_commas ? jsonc_trailing_comma(text, len) : -1;
	if (tc >= 0) { /* comments yes, trailing commas no (Gemini CLI) */
		json_object_put(o);
		o = NULL;
		cfg_syntax_at(&e, text, len, (size_t)tc, "a trailing comma is not allowed (%s reads JSON with comments, "
			"but not trailing commas)", k->c.name);
	}
	if (o) return o;
	if (jsonish && skip < len && text[skip] == '"') {
		size_t n = len + 4;
		char *w = malloc(n + 1);
		struct cfg_syntax e2;
		if (w) {
			snprintf(w, n + 1, "{\n%.*s\n}", (int)len, text);
			o = cfg_parse(k->c.fmt, w, len + 4, &e2);
			free(w);
		}
		if (o) {
			issue(k, "SNIPPET_NOT_WRAPPED", "", true, "the text is a fragment (\"key\": {...}); a file needs the "
				"enclosing { } around it");
			return o;
		}
	}
	issue(k, syntax_code(k->c.fmt), "", false, "line %d, column %d: %s (%s reads %s)", e.line, e.column, e.message,
		k->c.name, format_name(k->c.fmt));
	return NULL;
}

static bool has_code_issue(const struct ck *k, const char *code)
{
	for (size_t i = 0; i < json_object_array_length(k->issues); i++)
		if (!strcmp(jget_str(json_object_array_get_idx(k->issues, i), "code"), code)) return true;
	return false;
}

struct json_object *cfg_validate(const struct catalog *cat, const struct cat_client *cl, struct json_object *config)
{
	struct ck k = { .issues = json_object_new_array() };
	cv_load(&k.c, cat, cl);
	bool text = json_object_is_type(config, json_type_string);
	struct json_object *tree = NULL;
	bool parsed = true;
	cfg_where_init(&k.where);
	if (text) {
		k.text = json_object_get_string(config);
		k.len = (size_t)json_object_get_string_len(config);
		tree = parse_text(&k, k.text, k.len);
		parsed = tree != NULL;
		k.placed = parsed && !has_code_issue(&k, "SNIPPET_NOT_WRAPPED"); /* a wrapped fragment's offsets moved */
	} else {
		json_object_deep_copy(config, &tree, NULL);
	}
	if (k.placed) report_twice(&k);
	k.root = tree;
	if (tree) check_tree(&k, tree);
	struct json_object *corrected = NULL;
	if (tree && k.corrections && !k.uncertain_errors) {
		if (text || k.c.fmt == CFG_TOML || k.c.fmt == CFG_YAML) {
			char *s = cfg_emit(k.c.fmt, tree);
			if (s) corrected = json_object_new_string(s);
			else issue(&k, "CORRECTION_NOT_CERTAIN", "", false, "the corrected configuration cannot be written as %s "
				"(it holds null values or no object at the top)", format_name(k.c.fmt));
			free(s);
		} else {
			corrected = json_object_get(tree);
		}
	} else if (tree && k.corrections && k.uncertain_errors) {
		issue(&k, "CORRECTION_NOT_CERTAIN", "", false, "no corrected configuration: %d error(s) have no certain "
			"mechanical correction (first: %s)", k.uncertain_errors, k.first_uncertain);
	}
	struct json_object *out = json_object_new_object();
	const char *status = !parsed ? CFG_PARSE_ERROR : k.errors ? CFG_INVALID : k.warnings ? CFG_VALID_WARN : CFG_VALID;
	jadd(out, "status", json_object_new_string(status));
	jadd(out, "client", json_object_new_string(k.c.id));
	jadd(out, "format", json_object_new_string(format_name(k.c.fmt)));
	jadd(out, "issues", k.issues);
	jadd(out, "corrected_config", corrected);
	json_object_put(tree);
	json_object_put(k.c.extra);
	json_object_put(k.c.rec);
	cfg_where_free(&k.where);
	return out;
}
