/* On-disk layout of the compiled catalog, shared by the compiler (writer) and catalog.c (reader).
 * All integers are little-endian host order; the file is only read on the machine class that built it.
 * Bump CAT_FORMAT whenever a struct below changes: readers refuse any other value. */
#ifndef AUTOPLAN_CATALOG_FORMAT_H
#define AUTOPLAN_CATALOG_FORMAT_H

#include <stdint.h>

#define CAT_MAGIC "APCATLG1"
#define CAT_FORMAT 15u

/* A string is an offset into the string section: uint32 length, bytes, NUL. 0 means "absent". */
typedef uint32_t cat_str;
#define CAT_NONE 0xffffffffu

enum cat_section_id {
	CS_STRINGS = 0, /* string pool */
	CS_META,        /* one struct cat_meta */
	CS_APPS,        /* struct cat_app[] */
	CS_OPS,         /* struct cat_op[], grouped by app in source order */
	CS_CAPS,        /* struct cat_cap[], in vocabulary order */
	CS_TASKS,       /* struct cat_task[], in vocabulary order */
	CS_STEPS,       /* struct cat_step[] referenced by tasks */
	CS_LISTS,       /* uint32_t[]: index lists (scopes as cat_str, op indices, ...) */
	CS_REPORTS,     /* struct cat_report[], sorted by id */
	CS_DOCS,        /* struct cat_doc[]: pre-serialised documents served whole */
	CS_OPX,         /* struct cat_opx[], parallel to CS_OPS: what the planner shows of an operation */
	CS_SCOPES,      /* struct cat_scope[]: per app, least privileged first (scope_order.json) */
	CS_SYNONYMS,    /* struct cat_syn[]: folded phrases from synonyms.json */
	CS_CLIENTS,     /* struct cat_client[]: MCP client facts, sorted by id */
	CS_ENTRIES,     /* struct cat_entry[]: directory entries, sorted by (type, slug) */
	CS_WORDS,       /* struct cat_word[]: every word of the tasks' search texts, sorted, with its tasks */
	/* The directory's search index (struct cat_dword and below): */
	CS_DWORDS,      /* struct cat_dword[]: every distinct word of the entries' folded search fields, sorted */
	CS_DTEXT,       /* the bytes of those words, each NUL-terminated */
	CS_DPOSTS,      /* uint32_t[]: postings, entry << 3 | DF_* fields the word or pattern occurs in, by entry */
	CS_DSUFFIXES,   /* struct cat_dsuffix[]: every suffix of every word, sorted by its bytes */
	CS_DSHORT,      /* struct cat_dshort[]: postings of every 1- and 2-character pattern, sorted by pattern */
	CS_DFILTERS,    /* struct cat_dfilter[]: entries by usage area and status, for listings without words */
	CS_DLISTS,      /* uint32_t[]: the entry indices of those filters */
	CS_COUNT
};

struct cat_section {
	uint32_t id;
	uint32_t count;  /* number of records */
	uint64_t off;    /* from file start */
	uint64_t size;   /* bytes */
};

struct cat_header {
	char magic[8];
	uint32_t format;
	uint32_t nsections;
	uint64_t size;            /* whole file */
	uint8_t sha256[32];       /* of every byte after the header */
	struct cat_section sections[CS_COUNT];
};

struct cat_meta {
	cat_str dataset_version, catalog_version, rule_version;
	cat_str built_from;       /* short text naming the source set */
	cat_str connection_rule_version; /* rules deriving directory connections (row 3) */
	uint32_t imported_entries, shadowed_entries; /* directory entries from imported sources; imports hidden by a built-in */
};

enum cat_app_kind { AK_CALLER = 0, AK_MAIL, AK_DRIVE, AK_CALENDAR, AK_SHEETS, AK_CODEHOST, AK_COUNT };

struct cat_app {
	cat_str id, name, provider, base_url;
	cat_str json;                 /* the full app record as served */
	cat_str connector_inventory;  /* JSON text */
	cat_str permission_context;
	uint32_t kind;                /* enum cat_app_kind */
	uint32_t op_first, op_count;  /* into CS_OPS */
	uint32_t gap_first;           /* CS_LISTS: one cat_str per capability, the row 9 item for this app */
	uint32_t pad;
};

struct cat_op {
	cat_str id, method, path, base_url;   /* base_url resolved: operation override, else the app's */
	cat_str json;                         /* full operation record as served (evidence included) */
	cat_str evidence;                     /* evidence object JSON */
	cat_str semantic_sha256, revision, permission_context;
	cat_str view;                         /* {app, operation, method, base_url, path, write, scope_alternatives} */
	uint32_t app, cap;
	uint32_t scope_first, scope_count;    /* cat_str entries in CS_LISTS; count CAT_NONE when null */
	uint32_t write;
};

struct cat_cap {
	cat_str id, title_en, title_de, desc_en, desc_de;
	cat_str search;                       /* folded id + titles + descriptions, for matching */
	uint32_t write, caller;
	uint32_t op_first, op_count;          /* op indices in CS_LISTS */
	/* Row 1 item around its documented_by list: head is an object left open, tail closes it. */
	cat_str item_head, item_tail;
};

struct cat_task {
	cat_str id, title_en, title_de, desc_en, desc_de;
	cat_str search;                       /* folded id, titles, descriptions, keywords */
	cat_str json;                         /* task as served in /v2/tasks */
	uint32_t generic;
	uint32_t step_first, step_count;      /* into CS_STEPS */
};

struct cat_step {
	uint32_t cap;
	uint32_t app;                         /* CAT_NONE when bound at request time */
	uint32_t app_kind;                    /* enum cat_app_kind */
	cat_str role;
};

struct cat_report {
	cat_str id, date, json;
};

enum cat_doc_id {
	DOC_PROVIDER_CATALOG = 0, /* the spec's provider catalog document */
	DOC_TASKS, DOC_APPS, DOC_GUIDES,
	DOC_REPORTS,              /* the verification report list */
	DOC_COUNT
};

/* A directory entry (docs/directory.md). Every JSON text is pre-serialised by the compiler. */
struct cat_entry {
	cat_str type, slug, key, name, status;  /* type: "mcp" | "agenten" (path value); status aktiv|eingestellt */
	cat_str json;                           /* the /v1 entry object */
	cat_str connections;                    /* JSON array, text {en, de} (the agreed connection shape) */
	cat_str connections_en, connections_de; /* the same array with text as one string, for row 3 */
	cat_str levels;                         /* row 4: JSON array of reached level names */
	cat_str verifications;                  /* row 4: JSON array of {level, reached, date, report} */
	cat_str ver_connections;                /* row 4: JSON array of {id, levels} per connection */
	cat_str summary_en, summary_de;         /* one-line verification summary */
	cat_str search_name, search_key, search_text; /* folded, for the listing's search */
	cat_str exec_clients;                   /* row 5: "|*|" when a report passed execution_tested for any client,
	                                         * else "|client|..." for the clients named; "||" for none */
	uint32_t einsatz;                       /* bit i set: einsatzgebiet VOCAB_EINSATZGEBIETE[i] */
	uint32_t discontinued;                  /* status eingestellt */
};

struct cat_doc {
	uint32_t id;
	cat_str json;
};

/* Planner view of operation i (same index as CS_OPS). */
struct cat_opx {
	cat_str input, output;                /* type names; CAT_NONE when null */
	cat_str params;                       /* JSON {"required":[names],"fixed":{name:value}} */
	cat_str transformations;              /* JSON array of {en,de}; CAT_NONE when absent */
	cat_str plan_view;                    /* JSON: the plan step's "operation" object */
	cat_str scopes;                       /* JSON: scope_alternatives array, or null */
	cat_str notes;                        /* JSON: the step's operation_notes array */
	cat_str app_context;                  /* JSON: the app's permission context as a string */
	cat_str cap_title;                    /* JSON: the capability's {en, de} title */
	uint32_t tested;                      /* a passing report assertion names this operation */
};

/* One scope of an app in privilege order: rank 0 is the least privileged. */
struct cat_scope {
	cat_str scope, reason;
	uint32_t app, rank;
	uint32_t suggest;                     /* 0: only usable in a narrow context, never proposed */
	uint32_t pad;
};

enum cat_syn_kind { SYN_STOP = 0, SYN_APP, SYN_APP_KIND, SYN_TASK, SYN_CAP };

/* A folded phrase and what it points at (app, enum cat_app_kind, task or capability index). */
struct cat_syn {
	cat_str phrase;
	uint32_t kind, target;
	uint32_t words;                       /* number of words in phrase */
};

/* A distinct word of the tasks' search texts and the set of tasks (bit = task index) using it. */
struct cat_word {
	cat_str word;
	uint32_t len;
	uint32_t pad;
	uint64_t tasks;
};

/* The directory search index. A query word (folded, no spaces) occurs in an entry's folded field exactly
 * when it is a prefix of some suffix of one of the field's words: the suffixes starting with the query word
 * form one range of CS_DSUFFIXES, and their words' postings name the entries. Patterns of one or two
 * characters, whose ranges are long, have their merged postings precomputed in CS_DSHORT. */
enum cat_dfield { DF_NAME = 1, DF_KEY = 2, DF_TEXT = 4 };

struct cat_dword {
	uint32_t text, len;                   /* word bytes at CS_DTEXT + text */
	uint32_t post_first, post_count;      /* into CS_DPOSTS */
};

struct cat_dsuffix {
	uint32_t word, off;                   /* the suffix of word (a CS_DWORDS index) starting at byte off */
	uint32_t before;                      /* postings of the words of every suffix before this one, so a
	                                       * range's reading cost is known without walking it */
};

struct cat_dshort {
	char pattern[4];                      /* one or two characters, NUL-padded */
	uint32_t post_first, post_count;      /* into CS_DPOSTS, merged over every word containing the pattern */
};

/* The entries with usage area `area` (CAT_NONE: any) and status `status` (an index of VOCAB_ENTRY_STATUS;
 * CAT_NONE: any), ascending; every combination is present. */
struct cat_dfilter {
	uint32_t area, status;
	uint32_t first, count;                /* into CS_DLISTS */
};

enum cat_cfg_format { CF_JSON = 0, CF_JSONC, CF_TOML, CF_YAML, CF_COUNT };
/* How a client supports a transport in its configuration file. */
enum cat_support { SUP_YES = 0, SUP_NO, SUP_BRIDGE, SUP_PARTIAL, SUP_UNDOCUMENTED, SUP_COUNT };
enum cat_transport { TR_STDIO = 0, TR_HTTP, TR_SSE, TR_COUNT };

/* One MCP client. Strings are CAT_NONE when the client has no such field. Lists of names are
 * '|'-delimited with a leading and trailing '|' so "|name|" can be searched for. */
struct cat_client {
	cat_str id, name, keys;               /* keys: folded id, name and aliases */
	cat_str json;                         /* the client record as served */
	cat_str root_key, type_field;
	cat_str type_values[TR_COUNT];        /* accepted type values, preferred first; CAT_NONE: no type */
	cat_str command, args, env, url, http_url, headers;
	cat_str known;                        /* every server field the client reads */
	cat_str secret;                       /* placeholder template containing NAME, CAT_NONE: literal values */
	cat_str styles;                       /* placeholder styles the client expands (see clients.json) */
	cat_str timeouts;                     /* "|field:ms|field:s|": timeout fields and their unit */
	cat_str extra;                        /* JSON object: fields every entry must carry */
	cat_str files, steps_en, steps_de;    /* JSON texts */
	uint32_t format;                      /* enum cat_cfg_format */
	uint32_t root_list, command_array, comments, trailing_commas;
	uint32_t support[TR_COUNT];           /* enum cat_support */
	uint32_t type_required;               /* bit per enum cat_transport */
};

#endif
