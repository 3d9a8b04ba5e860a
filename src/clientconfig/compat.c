#include "clientconfig/compat.h"
#include "util/jsonutil.h"

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

bool compat_execution_tested(const struct catalog *cat, const char *entry_id, const char *client_id)
{
	const struct cat_entry *e = cat_entry_find_id(cat, entry_id);
	if (!e) return false;
	const char *list = cat_s(cat, e->exec_clients);
	char key[64];
	snprintf(key, sizeof key, "|%.60s|", client_id);
	return strstr(list, "|*|") || strstr(list, key);
}
