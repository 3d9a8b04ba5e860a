/* Row 5 rules: whether one connection of a directory entry works with a client, and which
 * connection "auto" picks. Pure functions of the client facts and the connection object. */
#ifndef AUTOPLAN_COMPAT_H
#define AUTOPLAN_COMPAT_H

#include "catalog/catalog.h"

#include <json-c/json.h>
#include <stdbool.h>

/* Per-connection verdict, best first (the order is the preference of "auto"). */
enum compat_status {
	CS_SUPPORTED = 0,        /* the client runs this connection from its file */
	CS_VIA_BRIDGE,           /* remote server through a local stdio proxy (npx -y mcp-remote <url>): the client
	                          * cannot reach it from its file, or does not document the transport */
	CS_LIMITED,              /* only some variants of the client support it */
	CS_NOT_SUPPORTED,        /* this client cannot use this connection */
	CS_STATUS_COUNT
};

extern const char *const COMPAT_STATUS_NAMES[]; /* "supported", "supported_via_bridge", "limited", "not_supported" */

struct compat {
	enum compat_status status;
	int transport;            /* enum cat_transport, -1 when unknown */
	int rank;                 /* lower is better; used by auto */
	char reason_en[300], reason_de[300];
};

/* Judges conn (one object of an entry's connections array) for client cl. */
void compat_judge(const struct catalog *cat, const struct cat_client *cl, struct json_object *conn, struct compat *out);

/* True when a verification report shows a passing execution_tested assertion for entry id (and, when
 * the assertion names a client, for client_id). The compiler derives the list per entry (exec_clients). */
bool compat_execution_tested(const struct catalog *cat, const char *entry_id, const char *client_id);

#endif
