/* What an entry's verification reports say of its tools, for the compiler to store per entry (row 4 serves
 * it as it is): the newest report that read the tools (tools/list passed), its date, connection and
 * sandbox, every tool with its input schema, and the classified changes since the previous such report of
 * the same connection (directory/toolchange). An entry whose reports never read its tools says so with a
 * state, never with an empty list. */
#ifndef AUTOPLAN_DIRECTORY_OBSERVATION_H
#define AUTOPLAN_DIRECTORY_OBSERVATION_H

#include <json-c/json.h>

/* The states of an observation: tools read; reports on the entry but none read them; no report at all. */
extern const char *const DIR_OBSERVATION_STATES[];

struct dir_observation {
	struct json_object *json; /* {state, report, date, connection, package, sandboxed, sandbox, tool_count,
	                           *  tools [{name, input_schema}], reason, changes {state, previous_report,
	                           *  previous_date, status, counts, changes}}; the caller puts it */
	char note_en[512], note_de[512]; /* one line saying the same, for people */
};

/* Fills out from reports (an array of report objects, as the compiler read them; borrowed) for entry
 * "type/slug". */
void dir_observation(const struct json_object *reports, const char *entry_id, struct dir_observation *out);

/* What row 13 adds to report r (one of reports): {state compared|first_observation|no_observation (r read
 * no tools), previous_report, previous_date, status, counts, changes} against the previous observation of
 * r's entry and connection; NULL when r's subject is not an MCP server entry. The caller puts it. */
struct json_object *dir_report_changes(const struct json_object *reports, const struct json_object *r);

#endif
