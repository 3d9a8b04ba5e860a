/* Rows 5, 7 and 8: compatibility of a directory entry with a client, validation of a client
 * configuration, and the configuration snippet for an entry and a client. */
#include "cfgcheck.h"
#include "handlers.h"
#include "jsonutil.h"

#include <string.h>

/* [{id, name}] of every client in the catalog. */
static struct json_object *supported_clients(const struct catalog *cat)
{
	struct json_object *a = json_object_new_array();
	for (uint32_t i = 0; i < cat->nclients; i++) {
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_string(cat_s(cat, cat->clients[i].id)));
		json_object_object_add(o, "name", json_object_new_string(cat_s(cat, cat->clients[i].name)));
		json_object_array_add(a, o);
	}
	return a;
}

/* {"status": "unknown_client", ...} with the supported clients, for rows 5, 7 and 8. */
static struct json_object *unknown_client(const struct catalog *cat, const char *client)
{
	struct json_object *o = json_object_new_object();
	json_object_object_add(o, "status", json_object_new_string(CFG_UNKNOWN_CLIENT));
	json_object_object_add(o, "client", json_object_new_string(client));
	json_object_object_add(o, "message", json_object_new_string("this client is not known; use one of supported_clients "
		"(an id, or its name such as \"Claude Desktop\")"));
	json_object_object_add(o, "supported_clients", supported_clients(cat));
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
		json_object_object_add(o, "issues", json_object_new_array());
		json_object_object_add(o, "corrected_config", NULL);
		reply_ok(out, o);
		return;
	}
	struct json_object *r = cfg_validate(hc->cat, cl, jget(in, "config"));
	json_object_object_add(r, "severities", severities(jget(r, "issues")));
	reply_ok(out, r);
}
