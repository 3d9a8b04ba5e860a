/* The registry importer: turns a dump of the Official MCP Registry's list API (a JSON array of
 * {server, _meta} items, UTF-8 with or without a byte-order mark) into one directory source object
 * (see docs/directory.md) that the catalog compiler reads like the built-in directory. */
#ifndef AUTOPLAN_IMPORTER_H
#define AUTOPLAN_IMPORTER_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdio.h>

struct import_stats {
	size_t records;        /* array items seen (server versions), including skipped ones */
	size_t names;          /* distinct server names among well-formed records */
	size_t entries;        /* entries written */
	size_t aktiv, eingestellt;
	size_t malformed;      /* records skipped: not parseable or not a server item */
	size_t duplicates;     /* records skipped: same name and version again, or a slug taken */
	size_t overlong;       /* records or fields skipped for exceeding a bound */
	size_t dropped_parts;  /* packages/remotes/inputs left out (unsupported or inconsistent) */
	size_t coord[4];       /* paket_koordinate prefixes: npm, pypi, mcpb, name */
	struct { char code[4]; size_t n; } lang[12]; /* provider texts per detected language, in order of first sight */
	size_t nlang;
};

/* Imports the dump text (len bytes). Every skipped record or part is reported as one line on
 * report (may be NULL): "record N (line L): what; skipped". Returns a new source object (caller
 * puts), or NULL with a message in err when the input is not a JSON array at all. Never aborts on
 * bad records. retrieved (may be NULL) is recorded as the source's retrieval note. */
struct json_object *registry_import(const char *text, size_t len, const char *retrieved, FILE *report,
	struct import_stats *st, char *err, size_t errlen);

/* Reads path whole and imports it. */
struct json_object *registry_import_file(const char *path, FILE *report, struct import_stats *st,
	char *err, size_t errlen);

#endif
