/* Row 8: the configuration that adds one connection of a directory entry to a client, built from the
 * client facts (root key, field names, type values, placeholder syntax, required extras). */
#ifndef AUTOPLAN_CFGSNIPPET_H
#define AUTOPLAN_CFGSNIPPET_H

#include "catalog/catalog.h"

#include <json-c/json.h>
#include <stdbool.h>

/* A server name for a client file from the entry key ("io.github.x/foo-mcp" -> "foo-mcp"). */
void snippet_server_name(const char *key, char *out, size_t cap);

/* Returns the whole configuration tree (root key included) adding conn under server_name; bridge
 * wraps a remote connection in a local mcp-remote process. secrets (an array, owned by the caller)
 * receives {name, kind: env|header, required, secret, placeholder, description} for every value the
 * user must supply. Caller owns the result. */
struct json_object *snippet_build(const struct catalog *cat, const struct cat_client *cl, const char *server_name,
	struct json_object *conn, bool bridge, struct json_object *secrets);

#endif
