#include "clientconfig/cfgsnippet.h"
#include "util/jsonutil.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void snippet_server_name(const char *key, char *out, size_t cap)
{
	const char *s = strrchr(key, '/');
	s = s ? s + 1 : key;
	size_t n = 0;
	for (; *s && n + 1 < cap; s++) {
		char c = (char)tolower((unsigned char)*s);
		if (isalnum((unsigned char)c)) out[n++] = c;
		else if (n && out[n - 1] != '-') out[n++] = '-';
	}
	while (n && out[n - 1] == '-') n--;
	out[n] = '\0';
	if (!n) snprintf(out, cap, "server");
}

/* Length of an array, 0 for null or anything else (connection lists may be null). */
static size_t alen(struct json_object *a)
{
	return json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

static const char *opt(const struct catalog *cat, cat_str s) { return cat_has(s) ? cat_s(cat, s) : NULL; }

/* First value of a "|a|b|" list. */
static void first_of(const char *list, char *out, size_t cap)
{
	if (!*list) { /* an absent list: no first value */
		if (cap) out[0] = '\0';
		return;
	}
	const char *s = list + 1, *e = strchr(s, '|');
	snprintf(out, cap, "%.*s", (int)(e ? e - s : (long)strlen(s)), s);
}

/* NAME -> the client's placeholder for it ("${NAME}", "${env:NAME}", ...), or "<NAME>" to be filled in. */
static void placeholder(const struct catalog *cat, const struct cat_client *cl, const char *var, char *out, size_t cap)
{
	const char *t = opt(cat, cl->secret), *p = t ? strstr(t, "NAME") : NULL;
	if (!p) { snprintf(out, cap, "<%s>", var); return; }
	snprintf(out, cap, "%.*s%s%s", (int)(p - t), t, var, p + 4);
}

/* Environment-variable style name for a header ("Authorization" -> "AUTHORIZATION"). */
static void var_of(const char *header, char *out, size_t cap)
{
	size_t n = 0;
	for (const char *s = header; *s && n + 1 < cap; s++)
		out[n++] = isalnum((unsigned char)*s) ? (char)toupper((unsigned char)*s) : '_';
	out[n] = '\0';
}

static void note_secret(struct json_object *secrets, struct json_object *var, const char *kind, const char *ph)
{
	struct json_object *o = json_object_new_object();
	jadd(o, "name", json_object_new_string(jget_str(var, "name")));
	jadd(o, "kind", json_object_new_string(kind));
	jadd(o, "required", json_object_new_boolean(jget_bool(var, "required", 0)));
	jadd(o, "secret", json_object_new_boolean(jget_bool(var, "secret", 0)));
	jadd(o, "placeholder", json_object_new_string(ph));
	jadd(o, "description", json_object_new_string(jget_str(var, "description") ? jget_str(var, "description") : ""));
	json_object_array_add(secrets, o);
}

static bool is_client(const struct catalog *cat, const struct cat_client *cl, const char *id)
{
	return !strcmp(cat_s(cat, cl->id), id);
}

/* Clients whose variables are prompts declared in the file (VS Code, Visual Studio: ${input:id}). */
static bool prompts_inputs(const struct catalog *cat, const struct cat_client *cl)
{
	return cat_has(cl->secret) && strstr(cat_s(cat, cl->secret), "${input:") != NULL;
}

/* Declares the prompt for ${input:id} in the root's "inputs" list, once. */
static void declare_input(struct json_object *root, const char *id, const char *description)
{
	struct json_object *inputs = jget(root, "inputs"), *in = json_object_new_object();
	if (!inputs) { inputs = json_object_new_array(); jadd(root, "inputs", inputs); }
	for (size_t i = 0; i < json_object_array_length(inputs); i++)
		if (!strcmp(jget_str(json_object_array_get_idx(inputs, i), "id"), id)) { json_object_put(in); return; }
	jadd(in, "type", json_object_new_string("promptString"));
	jadd(in, "id", json_object_new_string(id));
	jadd(in, "description", json_object_new_string(description && *description ? description : id));
	jadd(in, "password", json_object_new_boolean(1));
	json_object_array_add(inputs, in);
}

/* env of a stdio connection in the client's way: values with placeholders, or names only where the
 * client forwards variables by name (Codex env_vars, Goose env_keys). */
static void add_env(const struct catalog *cat, const struct cat_client *cl, struct json_object *e,
	struct json_object *vars, struct json_object *secrets, struct json_object *root)
{
	struct json_object *env = json_object_new_object(), *names = json_object_new_array();
	bool by_name = is_client(cat, cl, "codex") || is_client(cat, cl, "goose");
	char ph[200];
	for (size_t i = 0; i < alen(vars); i++) {
		struct json_object *v = json_object_array_get_idx(vars, i);
		const char *name = jget_str(v, "name");
		bool secret = jget_bool(v, "secret", 0);
		if (secret && by_name) {
			json_object_array_add(names, json_object_new_string(name));
			note_secret(secrets, v, "env", name);
			continue;
		}
		if (secret) placeholder(cat, cl, name, ph, sizeof ph);
		else snprintf(ph, sizeof ph, "<%s>", name);
		json_object_object_add(env, name, json_object_new_string(ph));
		note_secret(secrets, v, "env", ph);
		if (secret && prompts_inputs(cat, cl)) declare_input(root, name, jget_str(v, "description"));
	}
	if (json_object_object_length(env)) json_object_object_add(e, cat_s(cat, cl->env), env);
	else json_object_put(env);
	if (json_object_array_length(names))
		json_object_object_add(e, is_client(cat, cl, "codex") ? "env_vars" : "env_keys", names);
	else json_object_put(names);
}

static void add_type(const struct catalog *cat, const struct cat_client *cl, struct json_object *e, int t)
{
	char v[64];
	if (!cat_has(cl->type_field) || !cat_has(cl->type_values[t])) return;
	first_of(cat_s(cat, cl->type_values[t]), v, sizeof v);
	json_object_object_add(e, cat_s(cat, cl->type_field), json_object_new_string(v));
}

static void add_command(const struct catalog *cat, const struct cat_client *cl, struct json_object *e,
	const char *command, struct json_object *args)
{
	if (cl->command_array) {
		struct json_object *a = json_object_new_array();
		json_object_array_add(a, json_object_new_string(command));
		for (size_t i = 0; i < alen(args); i++)
			json_object_array_add(a, json_object_get(json_object_array_get_idx(args, i)));
		json_object_object_add(e, cat_s(cat, cl->command), a);
		json_object_put(args);
		return;
	}
	json_object_object_add(e, cat_s(cat, cl->command), json_object_new_string(command));
	json_object_object_add(e, cat_s(cat, cl->args), args);
}

static struct json_object *copy_args(struct json_object *conn)
{
	struct json_object *a = json_object_new_array(), *src = jget(conn, "args");
	for (size_t i = 0; i < alen(src); i++)
		json_object_array_add(a, json_object_get(json_object_array_get_idx(src, i)));
	return a;
}

static void add_headers(const struct catalog *cat, const struct cat_client *cl, struct json_object *e,
	struct json_object *hdrs, struct json_object *secrets, struct json_object *root)
{
	if (!alen(hdrs)) return;
	struct json_object *h = json_object_new_object();
	bool codex = is_client(cat, cl, "codex");
	char var[120], ph[200];
	for (size_t i = 0; i < alen(hdrs); i++) {
		struct json_object *v = json_object_array_get_idx(hdrs, i);
		const char *name = jget_str(v, "name");
		var_of(name, var, sizeof var);
		if (codex) snprintf(ph, sizeof ph, "%s", var);
		else if (jget_bool(v, "secret", 0)) placeholder(cat, cl, var, ph, sizeof ph);
		else snprintf(ph, sizeof ph, "<%s>", var);
		json_object_object_add(h, name, json_object_new_string(ph));
		note_secret(secrets, v, "header", ph);
		if (!codex && jget_bool(v, "secret", 0) && prompts_inputs(cat, cl)) declare_input(root, var, jget_str(v, "description"));
	}
	const char *field = cat_has(cl->headers) ? cat_s(cat, cl->headers) : "headers", *dot = strchr(field, '.');
	if (codex) jadd(e, "env_http_headers", h);
	else if (dot) { /* one object down: requestOptions.headers (Continue), requestInit.headers (Copilot in JetBrains) */
		char parent[64];
		struct json_object *o = json_object_new_object();
		snprintf(parent, sizeof parent, "%.*s", (int)(dot - field), field);
		json_object_object_add(o, dot + 1, h);
		json_object_object_add(e, parent, o);
	} else json_object_object_add(e, field, h);
}

/* A remote connection run through a local mcp-remote process; headers go in as --header NAME:${VAR}
 * with VAR set in env (mcp-remote expands it itself). */
static void bridge_entry(const struct catalog *cat, const struct cat_client *cl, struct json_object *e,
	struct json_object *conn, struct json_object *secrets)
{
	struct json_object *args = json_object_new_array(), *env = json_object_new_object(), *hdrs = jget(conn, "headers");
	char var[120], buf[300];
	json_object_array_add(args, json_object_new_string("-y"));
	json_object_array_add(args, json_object_new_string("mcp-remote"));
	json_object_array_add(args, json_object_new_string(jget_str(conn, "url")));
	if (!strcmp(jget_str(conn, "transport"), "sse")) {
		json_object_array_add(args, json_object_new_string("--transport"));
		json_object_array_add(args, json_object_new_string("sse-only"));
	}
	for (size_t i = 0; i < alen(hdrs); i++) {
		struct json_object *v = json_object_array_get_idx(hdrs, i);
		var_of(jget_str(v, "name"), var, sizeof var);
		snprintf(buf, sizeof buf, "%s:${%s}", jget_str(v, "name"), var);
		json_object_array_add(args, json_object_new_string("--header"));
		json_object_array_add(args, json_object_new_string(buf));
		snprintf(buf, sizeof buf, "<%s>", var);
		json_object_object_add(env, var, json_object_new_string(buf));
		note_secret(secrets, v, "header", buf);
	}
	add_type(cat, cl, e, TR_STDIO);
	add_command(cat, cl, e, "npx", args);
	if (json_object_object_length(env)) json_object_object_add(e, cat_s(cat, cl->env), env);
	else json_object_put(env);
}

static void add_extra(const struct catalog *cat, const struct cat_client *cl, struct json_object *e,
	const char *server_name, bool stdio)
{
	struct json_object *x = json_tokener_parse(cat_s(cat, cl->extra));
	json_object_object_foreach(x, k, v) {
		if (json_object_object_get_ex(e, k, NULL)) continue;
		if (!stdio && cat_has(cl->args) && !strcmp(k, cat_s(cat, cl->args))) continue;
		bool named = json_object_is_type(v, json_type_string) && !strcmp(json_object_get_string(v), "<name>");
		json_object_object_add(e, k, named ? json_object_new_string(server_name) : json_object_get(v));
	}
	json_object_put(x);
}

/* Continue's workspace files are blocks with a name, version and schema around the list. */
static bool block_file(const struct catalog *cat, const struct cat_client *cl)
{
	struct json_object *rec = json_tokener_parse(cat_s(cat, cl->json));
	bool b = jget_bool(rec, "block_file", 0);
	json_object_put(rec);
	return b;
}

struct json_object *snippet_build(const struct catalog *cat, const struct cat_client *cl, const char *server_name,
	struct json_object *conn, bool bridge, struct json_object *secrets)
{
	struct json_object *root = json_object_new_object(), *e = json_object_new_object();
	const char *tr = jget_str(conn, "transport");
	bool stdio = tr && !strcmp(tr, "stdio");
	if (cl->root_list) jadd(e, "name", json_object_new_string(server_name));
	if (bridge) {
		bridge_entry(cat, cl, e, conn, secrets);
		stdio = true;
	} else if (stdio) {
		add_type(cat, cl, e, TR_STDIO);
		add_command(cat, cl, e, jget_str(conn, "command") ? jget_str(conn, "command") : "", copy_args(conn));
		add_env(cat, cl, e, jget(conn, "env"), secrets, root);
	} else {
		int t = !strcmp(tr, "sse") ? TR_SSE : TR_HTTP;
		add_type(cat, cl, e, t);
		const char *uf = t == TR_HTTP && cat_has(cl->http_url) ? cat_s(cat, cl->http_url) : cat_s(cat, cl->url);
		json_object_object_add(e, uf, json_object_new_string(jget_str(conn, "url")));
		add_headers(cat, cl, e, jget(conn, "headers"), secrets, root);
	}
	add_extra(cat, cl, e, server_name, stdio);
	const char *rk = cat_s(cat, cl->root_key);
	if (cl->root_list && !block_file(cat, cl)) {
		struct json_object *list = json_object_new_array();
		json_object_array_add(list, e);
		json_object_object_add(root, rk, list);
	} else if (cl->root_list) {
		/* a block file of its own, as the client's workspace folder expects */
		char title[200];
		snprintf(title, sizeof title, "%s", server_name);
		jadd(root, "name", json_object_new_string(title));
		jadd(root, "version", json_object_new_string("0.0.1"));
		jadd(root, "schema", json_object_new_string("v1"));
		struct json_object *list = json_object_new_array();
		json_object_array_add(list, e);
		json_object_object_add(root, rk, list);
	} else {
		struct json_object *map = json_object_new_object();
		json_object_object_add(map, server_name, e);
		json_object_object_add(root, rk, map);
	}
	return root;
}
