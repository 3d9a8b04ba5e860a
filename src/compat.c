#include "compat.h"
#include "jsonutil.h"

#include <stdio.h>
#include <string.h>

const char *const COMPAT_STATUS_NAMES[] = { "supported", "supported_via_bridge", "limited", "not_supported", NULL };

static int transport_of(const char *t)
{
	if (!t) return -1;
	if (!strcmp(t, "stdio")) return TR_STDIO;
	if (!strcmp(t, "streamable-http")) return TR_HTTP;
	if (!strcmp(t, "sse")) return TR_SSE;
	return -1;
}

static void say(struct compat *o, enum compat_status s, int rank, const char *en, const char *de)
{
	o->status = s;
	o->rank = rank;
	snprintf(o->reason_en, sizeof o->reason_en, "%s", en);
	snprintf(o->reason_de, sizeof o->reason_de, "%s", de);
}

void compat_judge(const struct catalog *cat, const struct cat_client *cl, struct json_object *conn, struct compat *o)
{
	const char *id = jget_str(conn, "id");
	int t = transport_of(jget_str(conn, "transport"));
	bool mcpb = id && !strncmp(id, "mcpb", 4);
	bool docker = id && !strncmp(id, "docker", 6);
	o->transport = t;
	if (t < 0) {
		say(o, CS_NOT_SUPPORTED, 90, "the connection's transport is unknown", "der Transport der Verbindung ist unbekannt");
		return;
	}
	if (mcpb) {
		if (!strcmp(cat_s(cat, cl->id), "claude-desktop"))
			say(o, CS_SUPPORTED, 2, "MCP bundles install with one click in this client", "MCP-Bundles werden in diesem Client mit einem Klick installiert");
		else
			say(o, CS_NOT_SUPPORTED, 80, "this client cannot install MCP bundles (.mcpb)", "dieser Client kann keine MCP-Bundles (.mcpb) installieren");
		return;
	}
	uint32_t sup = cl->support[t];
	if (t == TR_STDIO) {
		say(o, CS_SUPPORTED, docker ? 2 : 1, "the client starts the server as a local process",
			"der Client startet den Server als lokalen Prozess");
		return;
	}
	bool http = t == TR_HTTP;
	if (sup == SUP_YES)
		say(o, CS_SUPPORTED, http ? 0 : 3, "the client connects to the remote server directly",
			"der Client verbindet sich direkt mit dem entfernten Server");
	else if (sup == SUP_PARTIAL)
		say(o, CS_LIMITED, http ? 6 : 7, "only some variants of the client connect to remote servers",
			"nur manche Varianten des Clients verbinden sich mit entfernten Servern");
	else if (sup == SUP_UNDOCUMENTED)
		say(o, CS_VIA_BRIDGE, http ? 4 : 5, "the client does not document this transport, so a local stdio proxy "
			"(npx -y mcp-remote <url>, needs Node.js) bridges to the remote server",
			"der Client dokumentiert diesen Transport nicht; deshalb verbindet ein lokaler stdio-Proxy "
			"(npx -y mcp-remote <url>, benötigt Node.js) mit dem entfernten Server");
	else
		say(o, CS_VIA_BRIDGE, http ? 4 : 5, "the client only starts local processes for this transport; a local "
			"stdio proxy (npx -y mcp-remote <url>, needs Node.js) bridges to the remote server",
			"der Client startet für diesen Transport nur lokale Prozesse; ein lokaler stdio-Proxy "
			"(npx -y mcp-remote <url>, benötigt Node.js) verbindet mit dem entfernten Server");
}

static bool report_shows(struct json_object *r, const char *entry_id, const char *client_id)
{
	const char *subj = jget_str(jget(r, "subject"), "entry");
	if (!subj || strcmp(subj, entry_id)) return false;
	struct json_object *as = jget(r, "assertions");
	for (size_t i = 0; i < json_object_array_length(as); i++) {
		struct json_object *a = json_object_array_get_idx(as, i);
		const char *lvl = jget_str(a, "level"), *res = jget_str(a, "result"), *cl = jget_str(a, "client");
		if (lvl && res && !strcmp(lvl, "execution_tested") && !strcmp(res, "pass") && (!cl || !strcmp(cl, client_id)))
			return true;
	}
	return false;
}

bool compat_execution_tested(const struct catalog *cat, const char *entry_id, const char *client_id)
{
	for (uint32_t i = 0; i < cat->nreports; i++) {
		const char *txt = cat_s(cat, cat->reports[i].json);
		if (!strstr(txt, "execution_tested")) continue; /* cheap filter before parsing */
		struct json_object *r = json_tokener_parse(txt);
		bool hit = r && report_shows(r, entry_id, client_id);
		json_object_put(r);
		if (hit) return true;
	}
	return false;
}
