/* Rows 5, 7 and 8: compatibility of a directory entry with a client, validation of a client
 * configuration, and the configuration snippet for an entry and a client. */
#include "formats/cfg_emit.h"
#include "clientconfig/cfgcheck.h"
#include "clientconfig/cfgsnippet.h"
#include "clientconfig/compat.h"
#include "api/handlers.h"
#include "jsonw/jsonw.h"
#include "api/views.h"
#include "util/jsonutil.h"
#include "catalog/vocab.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The members of a "status": "unknown_client" answer for rows 5, 7 and 8: the supported clients. */
static struct jw *unknown_client(struct reply *out, const struct catalog *cat, const char *client)
{
	struct jw *w = reply_object(out);
	jw_key(w, "status");
	jw_str(w, CFG_UNKNOWN_CLIENT);
	jw_key(w, "client");
	jw_str(w, client);
	jw_key(w, "message");
	jw_str(w, "this client is not known; use one of supported_clients (an id, or its name such as \"Claude Desktop\")");
	jw_key(w, "supported_clients");
	jw_arr(w);
	for (uint32_t i = 0; i < cat->nclients; i++) {
		jw_obj(w);
		jw_key(w, "id");
		view_str(w, cat, cat->clients[i].id);
		jw_key(w, "name");
		view_str(w, cat, cat->clients[i].name);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	return w;
}

/* {code: severity} for the codes present, in order of first appearance, so callers need not keep the table. */
static void severities(struct jw *w, struct json_object *issues)
{
	size_t n = json_object_array_length(issues);
	jw_obj(w);
	for (size_t i = 0; i < n; i++) {
		const char *code = jget_str(json_object_array_get_idx(issues, i), "code");
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++) seen = !strcmp(code, jget_str(json_object_array_get_idx(issues, k), "code"));
		if (seen) continue;
		jw_key_str(w, code);
		jw_str(w, cfg_severity_name(cfg_code_severity(code)));
	}
	jw_obj_end(w);
}

void h_config_validate(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const char *client = jget_str(in, "client");
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct jw *w = unknown_client(out, hc->cat, client);
		jw_key(w, "issues");
		jw_raw(w, "[]");
		jw_key(w, "corrected_config");
		jw_null(w);
		return;
	}
	struct json_object *r = cfg_validate(hc->cat, cl, jget(in, "config"));
	struct jw *w = reply_object(out);
	json_object_object_foreach(r, k, v) {
		jw_key_str(w, k);
		jw_json(w, v);
	}
	jw_key(w, "severities");
	severities(w, jget(r, "issues"));
	json_object_put(r);
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
static void conn_view(struct jw *w, struct json_object *conn, const char *locale)
{
	const char *t = jget_str(jget(conn, "text"), locale);
	bool text = false;
	jw_obj(w);
	json_object_object_foreach(conn, k, v) {
		jw_key_str(w, k);
		if (strcmp(k, "text") == 0) {
			jw_str(w, t);
			text = true;
		} else {
			jw_json(w, v);
		}
	}
	if (!text) {
		jw_key(w, "text");
		jw_str(w, t);
	}
	jw_obj_end(w);
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

/* [{connection, transport, status, reason}] for every connection of the entry, or only the one named by
 * want (unless it is "auto"). */
static void alternatives(struct jw *w, struct json_object *conns, const struct compat *cs, const char *locale,
	const char *want)
{
	jw_arr(w);
	for (size_t i = 0; i < json_object_array_length(conns) && i < 32; i++) {
		struct json_object *c = json_object_array_get_idx(conns, i);
		const char *id = jget_str(c, "id");
		if (strcmp(want, "auto") && (!id || strcmp(want, id))) continue;
		jw_obj(w);
		jw_key(w, "connection");
		jw_str(w, id);
		jw_key(w, "transport");
		jw_str(w, jget_str(c, "transport"));
		jw_key(w, "status");
		jw_str(w, COMPAT_STATUS_NAMES[cs[i].status]);
		jw_key(w, "reason");
		jw_str(w, strcmp(locale, "de") ? cs[i].reason_en : cs[i].reason_de);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

/* conns (taken) judged for the client into cs[32] with the best in *best; NULL after a 404 reply when `want`
 * names none of them. */
static struct json_object *judge_conns(const struct hctx *hc, const struct cat_client *cl, struct json_object *conns,
	const char *want, struct compat *cs, int *best, struct reply *out)
{
	*best = judge_all(hc, cl, conns, want, cs, 32);
	if (*best == -2) {
		connection_not_found(out, conns, want);
		json_object_put(conns);
		return NULL;
	}
	return conns;
}

/* The entry's connections (caller puts them), judged for the client into cs[32] with the best in *best;
 * NULL after a 404 reply when `want` names no connection of the entry. */
static struct json_object *judge_entry(const struct hctx *hc, const struct cat_client *cl, const struct cat_entry *e,
	const char *want, struct compat *cs, int *best, struct reply *out)
{
	return judge_conns(hc, cl, json_tokener_parse(cat_s(hc->cat, e->connections)), want, cs, best, out);
}

void h_compatibility(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct cat_entry *e = body_entry(hc, in, out);
	if (!e) return;
	const char *client = jget_str(in, "client"), *want = jget_str(in, "connection"), *id = jget_str(in, "id");
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct jw *w = unknown_client(out, hc->cat, client);
		jw_key(w, "id");
		jw_str(w, id);
		jw_key(w, "execution_tested");
		jw_bool(w, false);
		return;
	}
	struct compat cs[32];
	int best;
	struct json_object *conns = judge_entry(hc, cl, e, want, cs, &best, out);
	if (!conns) return;
	const char *status = !json_object_array_length(conns) ? "no_connections" : best < 0 ? "incompatible" :
		cs[best].status == CS_SUPPORTED ? "compatible" : cs[best].status == CS_VIA_BRIDGE ? "compatible_via_bridge" : "limited";
	struct jw *w = reply_object(out);
	jw_key(w, "id");
	jw_str(w, id);
	jw_key(w, "client");
	view_str(w, hc->cat, cl->id);
	jw_key(w, "status");
	jw_str(w, status);
	jw_key(w, "execution_tested");
	jw_bool(w, compat_execution_tested(hc->cat, id, cat_s(hc->cat, cl->id)));
	jw_key(w, "entry_status");
	view_str(w, hc->cat, e->status);
	jw_key(w, "recommended_connection");
	jw_str(w, best >= 0 ? jget_str(json_object_array_get_idx(conns, best), "id") : NULL);
	jw_key(w, "connections");
	alternatives(w, conns, cs, loc(in), want);
	json_object_put(conns);
}

static const char *configure_status(const struct compat *c)
{
	return c->status == CS_SUPPORTED ? "ok" : c->status == CS_VIA_BRIDGE ? "ok_via_bridge" : "limited";
}

/* An MCP bundle is installed by the client, not written into its file: the template says how. */
static void bundle_template(struct jw *w, const struct hctx *hc, const struct cat_client *cl, struct json_object *conn,
	const char *locale)
{
	bool de = !strcmp(locale, "de");
	static const char *const en_steps[] = { "Download the bundle (.mcpb) from the address below and check its SHA-256 "
		"against the one the publisher lists.", "Open the file with the client (double-click, or drag it into its "
		"extensions settings) and confirm the installation.", "Fill in the settings the installer asks for.", NULL };
	static const char *const de_steps[] = { "Das Bundle (.mcpb) von der Adresse unten laden und seine SHA-256-Prüfsumme "
		"mit der vom Anbieter genannten vergleichen.", "Die Datei mit dem Client öffnen (Doppelklick oder in die "
		"Erweiterungs-Einstellungen ziehen) und die Installation bestätigen.", "Die Einstellungen ausfüllen, nach "
		"denen der Installer fragt.", NULL };
	struct json_object *env = jget(conn, "env");
	jw_obj(w);
	jw_key(w, "format");
	jw_str(w, "mcpb");
	jw_key(w, "bundle");
	jw_str(w, jget_str(jget(conn, "package"), "name"));
	jw_key(w, "snippet");
	jw_null(w);
	jw_key(w, "config");
	jw_null(w);
	jw_key(w, "secrets");
	jw_arr(w);
	for (size_t i = 0; json_object_is_type(env, json_type_array) && i < json_object_array_length(env); i++)
		jw_json(w, json_object_array_get_idx(env, i));
	jw_arr_end(w);
	jw_key(w, "file_locations");
	view_raw(w, hc->cat, cl->files);
	jw_key(w, "steps");
	jw_arr(w);
	for (int i = 0; en_steps[i]; i++) jw_str(w, de ? de_steps[i] : en_steps[i]);
	jw_arr_end(w);
	jw_obj_end(w);
}

static void build_template(struct jw *w, const struct hctx *hc, const struct cat_client *cl, const char *name,
	struct json_object *conn, const struct compat *c, const char *locale)
{
	const char *cid = jget_str(conn, "id");
	if (cid && !strncmp(cid, "mcpb", 4)) {
		bundle_template(w, hc, cl, conn, locale);
		return;
	}
	struct json_object *secrets = json_object_new_array();
	struct json_object *tree = snippet_build(hc->cat, cl, name, conn, c->status == CS_VIA_BRIDGE, secrets);
	enum cfg_format f = (enum cfg_format)cl->format;
	char *text = cfg_emit(f, tree);
	static const char *const fmts[] = { "json", "jsonc", "toml", "yaml" };
	jw_obj(w);
	jw_key(w, "format");
	jw_str(w, fmts[f]);
	jw_key(w, "root_key");
	view_str(w, hc->cat, cl->root_key);
	jw_key(w, "server_name");
	jw_str(w, name);
	jw_key(w, "snippet");
	jw_str(w, text);
	jw_key(w, "config");
	jw_json(w, tree);
	jw_key(w, "secrets");
	jw_json(w, secrets);
	jw_key(w, "file_locations");
	view_raw(w, hc->cat, cl->files);
	jw_key(w, "steps");
	view_raw(w, hc->cat, strcmp(locale, "de") ? cl->steps_en : cl->steps_de);
	jw_key(w, "merge");
	jw_str(w, strcmp(locale, "de") ? "merge the entry into the existing file; keep every other key" :
		"den Eintrag in die vorhandene Datei einfügen; alle anderen Schlüssel beibehalten");
	jw_obj_end(w);
	free(text);
	json_object_put(tree);
	json_object_put(secrets);
}

/* id "self": the one connection of this service's own MCP endpoint, shaped as a directory entry's remote
 * connection is, so the same judgement and the same snippet builder serve it. */
static struct json_object *self_connections(const char *url)
{
	struct json_object *c = json_object_new_object(), *text = json_object_new_object();
	jadd(c, "id", json_object_new_string("remote-http"));
	jadd(c, "transport", json_object_new_string("streamable-http"));
	jadd(c, "runtime", json_object_new_string("remote"));
	jadd(c, "command", NULL);
	jadd(c, "args", json_object_new_array());
	jadd(c, "url", json_object_new_string(url));
	jadd(c, "package", NULL);
	jadd(c, "requires", json_object_new_array());
	jadd(c, "env", json_object_new_array());
	jadd(c, "headers", json_object_new_array());
	jadd(text, "en", json_object_new_string("This service's own MCP endpoint over Streamable HTTP: stateless, no "
		"sign-in and no secrets; its tools are the planning and directory operations of /v2 (docs/mcp.md)."));
	jadd(text, "de", json_object_new_string("Der MCP-Endpunkt dieses Dienstes über Streamable HTTP: zustandslos, "
		"ohne Anmeldung und ohne Geheimnisse; seine Werkzeuge sind die Planungs- und Verzeichnisoperationen von /v2 "
		"(docs/mcp.md)."));
	jadd(c, "text", text);
	struct json_object *conns = json_object_new_array();
	json_object_array_add(conns, c);
	return conns;
}

/* The request's url member as the MCP endpoint: kept when it ends in /mcp, else the base it names with /mcp
 * appended. The schema's pattern has checked the characters; a host must still start with one. */
static bool endpoint_from_url(const char *given, char *url, size_t cap)
{
	const char *host = strstr(given, "://") + 3;
	if (*host == ':' || *host == '/' || *host == '.') return false;
	size_t n = strlen(given);
	if (n >= 4 && !strcmp(given + n - 4, "/mcp")) {
		snprintf(url, cap, "%s", given);
		return true;
	}
	while (n > (size_t)(host - given) && given[n - 1] == '/') n--;
	snprintf(url, cap, "%.*s/mcp", (int)n, given);
	return true;
}

/* The address of this service's MCP endpoint into url, and where it was taken from: "url" (the request said),
 * or the request's own origin (request_origin). NULL after a 400 when neither gives one. */
static const char *self_endpoint(const struct hctx *hc, struct json_object *in, char *url, size_t cap,
	struct reply *out)
{
	const char *given = jget_str(in, "url");
	if (given) {
		if (endpoint_from_url(given, url, cap)) return "url";
		reply_error(out, 400, "invalid_request", "body", "/url", "url \"%.80s\" names no host", given);
		return NULL;
	}
	if (hc->origin_from) {
		snprintf(url, cap, "%s/mcp", hc->origin);
		return hc->origin_from;
	}
	reply_error(out, 400, "invalid_request", "body", "/url", "this request does not say which address it came to "
		"(no usable Host header or SERVER_NAME); pass url, the public address clients reach this service at");
	return NULL;
}

/* {url, source, note}: which address the configuration names and why, so a caller behind a front server sees
 * when to pass url instead. */
static void endpoint_view(struct jw *w, const char *url, const char *from, const char *locale)
{
	bool de = !strcmp(locale, "de"), given = !strcmp(from, "url");
	jw_obj(w);
	jw_key(w, "url");
	jw_str(w, url);
	jw_key(w, "source");
	jw_str(w, from);
	jw_key(w, "note");
	if (given) jw_str(w, de ? "die Adresse aus url der Anfrage" : "the address the request's url gave");
	else jw_str(w, de ? "Schema und Host, unter denen diese Anfrage ankam (X-Forwarded-Proto wird nicht gelesen): "
		"richtig, wenn Clients den Dienst unter derselben Adresse erreichen; sonst url mitgeben" :
		"the scheme and host this request came to (X-Forwarded-Proto is not read): right when clients reach the "
		"service at the same address; otherwise pass url");
	jw_obj_end(w);
}

/* The part of row 8's answer after its subject: status, reason, connection, template, alternatives. */
static void configure_result(struct jw *w, const struct hctx *hc, const struct cat_client *cl, const char *name,
	struct json_object *conns, const struct compat *cs, int best, const char *locale)
{
	if (best < 0) {
		bool any = json_object_array_length(conns) > 0;
		jw_key(w, "status");
		jw_str(w, any ? "incompatible" : "no_connections");
		jw_key(w, "message");
		jw_str(w, any ? "this client cannot use the requested connection; see alternatives" : "the entry lists no way to run it");
		jw_key(w, "connection");
		jw_null(w);
		jw_key(w, "template");
		jw_null(w);
	} else {
		struct json_object *conn = json_object_array_get_idx(conns, best);
		jw_key(w, "status");
		jw_str(w, configure_status(&cs[best]));
		jw_key(w, "reason");
		jw_str(w, strcmp(locale, "de") ? cs[best].reason_en : cs[best].reason_de);
		jw_key(w, "connection");
		conn_view(w, conn, locale);
		jw_key(w, "template");
		build_template(w, hc, cl, name, conn, &cs[best], locale);
	}
	jw_key(w, "alternatives");
	alternatives(w, conns, cs, locale, "auto");
}

/* The subject of the request, checked: a directory entry (*e), or this service (url and *from filled). */
static bool configure_subject(const struct hctx *hc, struct json_object *in, const struct cat_entry **e, char *url,
	size_t cap, const char **from, struct reply *out)
{
	if (!strcmp(jget_str(in, "id"), "self")) return (*from = self_endpoint(hc, in, url, cap, out)) != NULL;
	if (jget(in, "url")) {
		reply_error(out, 400, "invalid_request", "body", "/url", "url is taken only with id \"self\" (this "
			"service's own endpoint); a directory entry's connections carry their own addresses");
		return false;
	}
	return (*e = body_entry(hc, in, out)) != NULL;
}

void h_configure(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct cat_entry *e = NULL;
	const char *from = NULL;
	char url[480];
	if (!configure_subject(hc, in, &e, url, sizeof url, &from, out)) return;
	const char *client = jget_str(in, "client"), *want = jget_str(in, "connection"), *locale = loc(in);
	const struct cat_client *cl = cat_client_find(hc->cat, client);
	if (!cl) {
		struct jw *w = unknown_client(out, hc->cat, client);
		jw_key(w, "connection");
		jw_null(w);
		jw_key(w, "template");
		jw_null(w);
		return;
	}
	struct compat cs[32];
	int best;
	struct json_object *conns = e ? judge_entry(hc, cl, e, want, cs, &best, out) :
		judge_conns(hc, cl, self_connections(url), want, cs, &best, out);
	if (!conns) return;
	char name[120] = SERVICE_NAME;
	if (e) snippet_server_name(cat_s(hc->cat, e->key), name, sizeof name);
	struct jw *w = reply_object(out);
	jw_key(w, "id");
	jw_str(w, jget_str(in, "id"));
	jw_key(w, "client");
	view_str(w, hc->cat, cl->id);
	if (e) {
		jw_key(w, "entry_status");
		view_str(w, hc->cat, e->status);
	} else {
		jw_key(w, "endpoint");
		endpoint_view(w, url, from, locale);
	}
	configure_result(w, hc, cl, name, conns, cs, best, locale);
	json_object_put(conns);
}

void h_clients(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	(void)in;
	struct jw *w = reply_object(out);
	jw_key(w, "clients");
	jw_arr(w);
	for (uint32_t i = 0; i < hc->cat->nclients; i++) view_raw(w, hc->cat, hc->cat->clients[i].json);
	jw_arr_end(w);
	jw_key(w, "issue_codes");
	jw_arr(w);
	for (int i = 0; CFG_CODES[i].code; i++) {
		jw_obj(w);
		jw_key(w, "code");
		jw_str(w, CFG_CODES[i].code);
		jw_key(w, "severity");
		jw_str(w, cfg_severity_name(CFG_CODES[i].severity));
		jw_key(w, "meaning");
		jw_str(w, CFG_CODES[i].meaning);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
