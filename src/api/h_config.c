/* Rows 5, 7 and 8: compatibility of a directory entry with a client, validation of a client
 * configuration, and the configuration snippet for an entry and a client. */
#include "formats/cfg_emit.h"
#include "clientconfig/cfgcheck.h"
#include "clientconfig/cfgsnippet.h"
#include "clientconfig/compat.h"
#include "api/handlers.h"
#include "util/jsonutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [{id, name}] of every client in the catalog. */
static struct json_object *supported_clients(const struct catalog *cat)
{
	struct json_object *a = json_object_new_array();
	for (uint32_t i = 0; i < cat->nclients; i++) {
		struct json_object *o = json_object_new_object();
		jadd(o, "id", json_object_new_string(cat_s(cat, cat->clients[i].id)));
		jadd(o, "name", json_object_new_string(cat_s(cat, cat->clients[i].name)));
		json_object_array_add(a, o);
	}
	return a;
}

/* {"status": "unknown_client", ...} with the supported clients, for rows 5, 7 and 8. */
static struct json_object *unknown_client(const struct catalog *cat, const char *client)
{
	struct json_object *o = json_object_new_object();
	jadd(o, "status", json_object_new_string(CFG_UNKNOWN_CLIENT));
	jadd(o, "client", json_object_new_string(client));
	jadd(o, "message", json_object_new_string("this client is not known; use one of supported_clients "
		"(an id, or its name such as \"Claude Desktop\")"));
	jadd(o, "supported_clients", supported_clients(cat));
	return o;
}

/* {code: severity} for the codes present, so callers need not keep the table. */
static struct json_object *severities(struct json_object *issues)
{
	struct json_object *m = json_object_new_object();
	for (size_t i = 0; i < json_object_array_length(issues); i++) {
		const char *code = jget_str(json_object_array_get_idx(issues, i), "code");
		json_object_object_add(m, code, json_object_new_string(cfg_severity_name(cfg_code_severity(code))));
	}
	return m;
}

void h_config_validate(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const char *client = jget_str(in, "client");
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct json_object *o = unknown_client(hc->cat, client);
		jadd(o, "issues", json_object_new_array());
		jadd(o, "corrected_config", NULL);
		reply_ok(out, o);
		return;
	}
	struct json_object *r = cfg_validate(hc->cat, cl, jget(in, "config"));
	jadd(r, "severities", severities(jget(r, "issues")));
	reply_ok(out, r);
}

/* The entry named by the body's id ("mcp/<slug>"), or NULL after replying 404 entry_not_found. */
static const struct cat_entry *body_entry(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const char *id = jget_str(in, "id");
	const struct cat_entry *e = cat_entry_find_id(hc->cat, id);
	if (!e) reply_error(out, 404, "entry_not_found", "body", "/id", "no directory entry %.240s", id);
	return e;
}

static const char *loc(struct json_object *in) { return jget_str(in, "locale"); }

/* The entry's connection, text reduced to the request's locale. */
static struct json_object *conn_view(struct json_object *conn, const char *locale)
{
	struct json_object *v = NULL; /* deep_copy insists on a NULL destination */
	if (json_object_deep_copy(conn, &v, NULL) != 0) return NULL;
	const char *t = jget_str(jget(conn, "text"), locale);
	jadd(v, "text", t ? json_object_new_string(t) : NULL);
	return v;
}

/* Judges every connection; when want is not "auto", only that one (-2 when it does not exist).
 * Returns the index of the best connection or -1. */
static int judge_all(const struct hctx *hc, const struct cat_client *cl, struct json_object *conns, const char *want,
	struct compat *cs, int max)
{
	int best = -1, n = (int)json_object_array_length(conns);
	bool any = false;
	for (int i = 0; i < n && i < max; i++) {
		struct json_object *c = json_object_array_get_idx(conns, i);
		compat_judge(hc->cat, cl, c, &cs[i]);
		if (strcmp(want, "auto") && strcmp(want, jget_str(c, "id"))) continue;
		any = true;
		if (cs[i].status != CS_NOT_SUPPORTED && (best < 0 || cs[i].rank < cs[best].rank)) best = i;
	}
	return any || !strcmp(want, "auto") ? best : -2; /* auto over no connections is not a 404 */
}

static void connection_not_found(struct reply *out, struct json_object *conns, const char *want)
{
	char ids[400] = "";
	size_t n = 0;
	for (size_t i = 0; i < json_object_array_length(conns) && n + 50 < sizeof ids; i++)
		n += (size_t)snprintf(ids + n, sizeof ids - n, "%s%s", i ? ", " : "", jget_str(json_object_array_get_idx(conns, i), "id"));
	reply_error(out, 404, "connection_not_found", "body", "/connection",
		"the entry has no connection \"%.40s\"; it has: %s", want, n ? ids : "none");
}

/* [{connection, transport, status, reason}] for every connection of the entry. */
static struct json_object *alternatives(struct json_object *conns, const struct compat *cs, const char *locale)
{
	struct json_object *a = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(conns) && i < 32; i++) {
		struct json_object *o = json_object_new_object(), *c = json_object_array_get_idx(conns, i);
		jadd(o, "connection", json_object_new_string(jget_str(c, "id")));
		jadd(o, "transport", json_object_new_string(jget_str(c, "transport")));
		jadd(o, "status", json_object_new_string(COMPAT_STATUS_NAMES[cs[i].status]));
		jadd(o, "reason", json_object_new_string(strcmp(locale, "de") ? cs[i].reason_en : cs[i].reason_de));
		json_object_array_add(a, o);
	}
	return a;
}

/* The entry's connections (caller puts them), judged for the client into cs[32] with the best in *best;
 * NULL after a 404 reply when `want` names no connection of the entry. */
static struct json_object *judge_entry(const struct hctx *hc, const struct cat_client *cl, const struct cat_entry *e,
	const char *want, struct compat *cs, int *best, struct reply *out)
{
	struct json_object *conns = json_tokener_parse(cat_s(hc->cat, e->connections));
	*best = judge_all(hc, cl, conns, want, cs, 32);
	if (*best == -2) {
		connection_not_found(out, conns, want);
		json_object_put(conns);
		return NULL;
	}
	return conns;
}

void h_compatibility(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct cat_entry *e = body_entry(hc, in, out);
	if (!e) return;
	const char *client = jget_str(in, "client"), *want = jget_str(in, "connection"), *id = jget_str(in, "id");
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct json_object *o = unknown_client(hc->cat, client);
		jadd(o, "id", json_object_new_string(id));
		jadd(o, "execution_tested", json_object_new_boolean(0));
		reply_ok(out, o);
		return;
	}
	struct compat cs[32];
	int best;
	struct json_object *conns = judge_entry(hc, cl, e, want, cs, &best, out);
	if (!conns) return;
	struct json_object *o = json_object_new_object();
	const char *status = !json_object_array_length(conns) ? "no_connections" : best < 0 ? "incompatible" :
		cs[best].status == CS_SUPPORTED ? "compatible" : cs[best].status == CS_VIA_BRIDGE ? "compatible_via_bridge" : "limited";
	jadd(o, "id", json_object_new_string(id));
	jadd(o, "client", json_object_new_string(cat_s(hc->cat, cl->id)));
	jadd(o, "status", json_object_new_string(status));
	jadd(o, "execution_tested", json_object_new_boolean(compat_execution_tested(hc->cat, id, cat_s(hc->cat, cl->id))));
	jadd(o, "entry_status", json_object_new_string(cat_s(hc->cat, e->status)));
	jadd(o, "recommended_connection", best >= 0 ? json_object_new_string(jget_str(json_object_array_get_idx(conns, best), "id")) : NULL);
	struct json_object *all = alternatives(conns, cs, loc(in)), *sel = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(all); i++) {
		struct json_object *x = json_object_array_get_idx(all, i);
		if (!strcmp(want, "auto") || !strcmp(want, jget_str(x, "connection"))) json_object_array_add(sel, json_object_get(x));
	}
	json_object_put(all);
	jadd(o, "connections", sel);
	json_object_put(conns);
	reply_ok(out, o);
}

static const char *configure_status(const struct compat *c)
{
	return c->status == CS_SUPPORTED ? "ok" : c->status == CS_VIA_BRIDGE ? "ok_via_bridge" : "limited";
}

/* An MCP bundle is installed by the client, not written into its file: the template says how. */
static struct json_object *bundle_template(const struct hctx *hc, const struct cat_client *cl, struct json_object *conn,
	const char *locale)
{
	bool de = !strcmp(locale, "de");
	const char *name = jget_str(jget(conn, "package"), "name");
	struct json_object *t = json_object_new_object(), *steps = json_object_new_array(), *secrets = json_object_new_array();
	static const char *const en_steps[] = { "Download the bundle (.mcpb) from the address below and check its SHA-256 "
		"against the one the publisher lists.", "Open the file with the client (double-click, or drag it into its "
		"extensions settings) and confirm the installation.", "Fill in the settings the installer asks for.", NULL };
	static const char *const de_steps[] = { "Das Bundle (.mcpb) von der Adresse unten laden und seine SHA-256-Prüfsumme "
		"mit der vom Anbieter genannten vergleichen.", "Die Datei mit dem Client öffnen (Doppelklick oder in die "
		"Erweiterungs-Einstellungen ziehen) und die Installation bestätigen.", "Die Einstellungen ausfüllen, nach "
		"denen der Installer fragt.", NULL };
	for (int i = 0; en_steps[i]; i++) json_object_array_add(steps, json_object_new_string(de ? de_steps[i] : en_steps[i]));
	struct json_object *env = jget(conn, "env");
	for (size_t i = 0; json_object_is_type(env, json_type_array) && i < json_object_array_length(env); i++) json_object_array_add(secrets, json_object_get(json_object_array_get_idx(env, i)));
	jadd(t, "format", json_object_new_string("mcpb"));
	jadd(t, "bundle", name ? json_object_new_string(name) : NULL);
	jadd(t, "snippet", NULL);
	jadd(t, "config", NULL);
	jadd(t, "secrets", secrets);
	jadd(t, "file_locations", json_raw(cat_s(hc->cat, cl->files)));
	jadd(t, "steps", steps);
	return t;
}

static struct json_object *build_template(const struct hctx *hc, const struct cat_client *cl, const struct cat_entry *e,
	struct json_object *conn, const struct compat *c, const char *locale)
{
	const char *cid = jget_str(conn, "id");
	if (cid && !strncmp(cid, "mcpb", 4)) return bundle_template(hc, cl, conn, locale);
	char name[120];
	snippet_server_name(cat_s(hc->cat, e->key), name, sizeof name);
	struct json_object *secrets = json_object_new_array();
	struct json_object *tree = snippet_build(hc->cat, cl, name, conn, c->status == CS_VIA_BRIDGE, secrets);
	enum cfg_format f = (enum cfg_format)cl->format;
	char *text = cfg_emit(f, tree);
	static const char *const fmts[] = { "json", "jsonc", "toml", "yaml" };
	struct json_object *t = json_object_new_object();
	jadd(t, "format", json_object_new_string(fmts[f]));
	jadd(t, "root_key", json_object_new_string(cat_s(hc->cat, cl->root_key)));
	jadd(t, "server_name", json_object_new_string(name));
	jadd(t, "snippet", text ? json_object_new_string(text) : NULL);
	jadd(t, "config", tree);
	jadd(t, "secrets", secrets);
	jadd(t, "file_locations", json_raw(cat_s(hc->cat, cl->files)));
	jadd(t, "steps", json_raw(cat_s(hc->cat, strcmp(locale, "de") ? cl->steps_en : cl->steps_de)));
	jadd(t, "merge", json_object_new_string(strcmp(locale, "de") ?
		"merge the entry into the existing file; keep every other key" :
		"den Eintrag in die vorhandene Datei einfügen; alle anderen Schlüssel beibehalten"));
	free(text);
	return t;
}

void h_configure(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct cat_entry *e = body_entry(hc, in, out);
	if (!e) return;
	const char *client = jget_str(in, "client"), *want = jget_str(in, "connection"), *locale = loc(in);
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct json_object *o = unknown_client(hc->cat, client);
		jadd(o, "connection", NULL);
		jadd(o, "template", NULL);
		reply_ok(out, o);
		return;
	}
	struct compat cs[32];
	int best;
	struct json_object *conns = judge_entry(hc, cl, e, want, cs, &best, out);
	if (!conns) return;
	struct json_object *o = json_object_new_object();
	jadd(o, "id", json_object_new_string(jget_str(in, "id")));
	jadd(o, "client", json_object_new_string(cat_s(hc->cat, cl->id)));
	jadd(o, "entry_status", json_object_new_string(cat_s(hc->cat, e->status)));
	if (best < 0) {
		jadd(o, "status", json_object_new_string(json_object_array_length(conns) ? "incompatible" : "no_connections"));
		jadd(o, "message", json_object_new_string(json_object_array_length(conns) ?
			"this client cannot use the requested connection; see alternatives" : "the entry lists no way to run it"));
		jadd(o, "connection", NULL);
		jadd(o, "template", NULL);
	} else {
		struct json_object *conn = json_object_array_get_idx(conns, best);
		jadd(o, "status", json_object_new_string(configure_status(&cs[best])));
		jadd(o, "reason", json_object_new_string(strcmp(locale, "de") ? cs[best].reason_en : cs[best].reason_de));
		jadd(o, "connection", conn_view(conn, locale));
		jadd(o, "template", build_template(hc, cl, e, conn, &cs[best], locale));
	}
	jadd(o, "alternatives", alternatives(conns, cs, locale));
	json_object_put(conns);
	reply_ok(out, o);
}

void h_clients(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	struct json_object *o = json_object_new_object(), *cl = json_object_new_array(), *codes = json_object_new_array();
	for (uint32_t i = 0; i < hc->cat->nclients; i++) json_object_array_add(cl, json_raw(cat_s(hc->cat, hc->cat->clients[i].json)));
	for (int i = 0; CFG_CODES[i].code; i++) {
		struct json_object *c = json_object_new_object();
		jadd(c, "code", json_object_new_string(CFG_CODES[i].code));
		jadd(c, "severity", json_object_new_string(cfg_severity_name(CFG_CODES[i].severity)));
		jadd(c, "meaning", json_object_new_string(CFG_CODES[i].meaning));
		json_object_array_add(codes, c);
	}
	jadd(o, "clients", cl);
	jadd(o, "issue_codes", codes);
	reply_ok(out, o);
}
