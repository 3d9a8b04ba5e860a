/* Verification of an MCP server over stdio, the way a client would talk to it, ending in a dated
 * verification report (shape in docs/evidence.md). Every wait has a deadline; the child is always reaped. */
#ifndef AUTOPLAN_MCPVERIFY_H
#define AUTOPLAN_MCPVERIFY_H

#include "tools/verify/sandbox.h"

#include <json-c/json.h>

#define MCPVERIFY_VERSION "1.0"
#define MCPVERIFY_PROTOCOL "2025-06-18"

struct mcpverify_opts {
	char *const *argv;          /* command and arguments to start (execvp), NULL-terminated */
	const struct sandbox *sandbox; /* where it runs (required): package, working directory, environment,
	                            * limits; its wall-clock limit bounds the whole session */
	struct json_object *placeholders; /* names of required environment variables and "<argument>"s given
	                            * placeholder values (the report lists them), or NULL */
	int install_scripts_skipped; /* the package was installed with its install scripts disabled */
	const char *id;             /* report id (slug) */
	const char *date;           /* YYYY-MM-DD */
	const char *entry;          /* subject.entry, "mcp/<slug>", or NULL */
	const char *connection;     /* subject.connection id, or NULL */
	const char *package;        /* "npm:<name>@<version>", or NULL */
	const char *package_json;   /* installed package.json to check against package, or NULL */
	const char *runtime;        /* environment.runtime, e.g. "node v20.20.2", or NULL */
	const char *command_text;   /* the command as the report shows it (no local paths), or NULL */
	struct json_object *plan;   /* {"call": {"tool", "arguments", "expect_text"}} or NULL */
	int timeout_ms;             /* deadline of each request */
	const char *generated_by;   /* "autoplan-verify <version>" or "make check"; NULL: the former */
};

/* "NAME=autoplan-placeholder" for each required environment variable of a directory connection (its "env"
 * array of {name, required}), NULL-terminated; each name is appended to names. Caller frees the strings and
 * the array (mcpverify_free_env). NULL when out of memory. */
char **mcpverify_placeholder_env(struct json_object *conn, struct json_object *names);
void mcpverify_free_env(char **env);

/* Runs the server in the sandbox and builds the report. Never fails for anything the server does: such outcomes are
 * failed or skipped assertions. Returns the report (caller puts), or NULL with err for bad options. */
struct json_object *mcpverify_run(const struct mcpverify_opts *o, char *err, size_t errlen);

#endif
