/* Row 7: checking an MCP client configuration against the client's facts. Produces the issue list
 * ({code, path, message}, path a JSON Pointer into the configuration), the summary status and, when
 * every correction is certain, the corrected configuration in the client's format.
 * Issue codes carry their severity in a fixed table (CFG_CODES below, documented in docs/config.md). */
#ifndef AUTOPLAN_CFGCHECK_H
#define AUTOPLAN_CFGCHECK_H

#include "catalog/catalog.h"

#include <json-c/json.h>

enum cfg_severity { SEV_ERROR = 0, SEV_WARNING, SEV_INFO };

struct cfg_code {
	const char *code;
	enum cfg_severity severity;
	const char *meaning;
};

/* Every issue code the validator emits, NULL-terminated by a NULL code. */
extern const struct cfg_code CFG_CODES[];

/* Severity of a code; SEV_ERROR for unknown codes. */
enum cfg_severity cfg_code_severity(const char *code);
const char *cfg_severity_name(enum cfg_severity s);

/* Status vocabulary of a validation result. */
#define CFG_VALID "valid"
#define CFG_VALID_WARN "valid_with_warnings"
#define CFG_INVALID "invalid"
#define CFG_PARSE_ERROR "parse_error"
#define CFG_UNKNOWN_CLIENT "unknown_client"

/* Validates config (a json string holding the file text, or an object) for client cl. Returns a new
 * object {status, client, format, issues, corrected_config} the caller owns. */
struct json_object *cfg_validate(const struct catalog *cat, const struct cat_client *cl,
	struct json_object *config);

#endif
