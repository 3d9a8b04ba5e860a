/* On-disk layout of the compiled catalog, shared by the compiler (writer) and catalog.c (reader).
 * All integers are little-endian host order; the file is only read on the machine class that built it.
 * Bump CAT_FORMAT whenever a struct below changes: readers refuse any other value. */
#ifndef AUTOPLAN_CATALOG_FORMAT_H
#define AUTOPLAN_CATALOG_FORMAT_H

#include <stdint.h>

#define CAT_MAGIC "APCATLG1"
#define CAT_FORMAT 39u

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
	CS_SYNONYMS,    /* struct cat_syn[]: folded phrases from synonyms.json, the SYN_ARROW ones first */
	CS_CLIENTS,     /* struct cat_client[]: MCP client facts, sorted by id */
	CS_ENTRIES,     /* struct cat_entry[]: directory entries, sorted by (type, slug) */
	CS_WORDS,       /* struct cat_word[]: the planner's vocabulary (task texts, every phrase), sorted */
	CS_TYPOS,       /* struct cat_typo[]: one-letter deletions of vocabulary words, sorted by hash */
	CS_FAMILIES,    /* struct cat_family[]: product families and their app per kind */
	CS_INTENTS,     /* struct cat_intent[]: what each intent (verb) asks for */
	CS_IMPLIED,     /* struct cat_implied[]: broader scopes a provider documents as including narrower ones */
	CS_INPUTS,      /* struct cat_input[]: identifiers an operation needs and how a plan gets them */
	CS_TEXTS,       /* struct cat_text[]: every text the planner writes, in enum ptext order */
	CS_HISTORY,     /* struct cat_history[]: earlier states of operations, from catalog refreshes */
	/* The directory's search index (struct cat_dword and below): */
	CS_DWORDS,      /* struct cat_dword[]: every distinct word of the entries' folded search fields, sorted */
	CS_DTEXT,       /* the bytes of those words, each NUL-terminated */
	CS_DPOSTS,      /* uint32_t[]: postings, entry << 3 | DF_* fields the word or pattern occurs in, by entry */
	CS_DSUFFIXES,   /* struct cat_dsuffix[]: every suffix of every word, sorted by its bytes */
	CS_DSHORT,      /* struct cat_dshort[]: postings of every 1- and 2-character pattern, sorted by pattern */
	CS_DFILTERS,    /* struct cat_dfilter[]: entries by usage area and status, for listings without words */
	CS_DLISTS,      /* uint32_t[]: the entry indices of those filters */
	CS_LANGTEXTS,   /* struct cat_langtext[]: the planner's texts pre-serialised in every language order */
	CS_PTASKS,      /* struct cat_ptask[], parallel to CS_TASKS: what the planner's scoring reads of the steps */
	CS_WORDHASH,    /* struct cat_wslot[]: CS_WORDS by the text_hash of the whole word (open addressing) */
	CS_STEMHASH,    /* struct cat_wslot[]: ranges of CS_WORDS by the text_hash of their first CAT_STEM letters */
	CS_OUTSIDE,     /* struct cat_outside[]: products beside the catalog's apps and actions no task performs */
	CS_DICTIONARY,  /* uint32_t[]: the low 32 bits of the text_hash of every ordinary folded word, sorted */
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
	uint64_t size;            /* whole file, trailer included */
	uint8_t sha256[32];       /* of every byte between the header and the trailer */
	uint64_t head_check;      /* FNV-1a 64 of this header with head_check zero: checked on every open */
	struct cat_section sections[CS_COUNT];
};

/* The last bytes of the file. A file cut short, or copied over in place and not yet complete, has a
 * trailer that does not repeat its header's checksum: a check of constant cost on every open. */
#define CAT_TRAILER_MAGIC "APCATEND"
struct cat_trailer {
	char magic[8];
	uint8_t sha256[32];       /* the header's, repeated */
};

struct cat_meta {
	cat_str dataset_version, catalog_version, rule_version;
	cat_str built_from;       /* short text naming the source set */
	cat_str connection_rule_version; /* rules deriving directory connections (row 3) */
	uint32_t imported_entries, shadowed_entries; /* directory entries from imported sources; imports hidden by a built-in */
	uint32_t trigger_intent;  /* CS_INTENTS: what an event in a source app asks of it (roles.trigger_means); CAT_NONE */
	uint32_t copy_intent;     /* CS_INTENTS: the intent an arrow stands for (roles.arrow_means: copying); CAT_NONE */
	uint32_t copy_in_place;   /* CS_OUTSIDE: the action copying the one app named is (outside.json copy_in_place); CAT_NONE */
	uint32_t unknown_action;  /* CS_OUTSIDE: the action a verb the vocabulary lacks asks for (outside.json unknown_action); CAT_NONE */
	uint32_t record_intent;   /* CS_INTENTS: what a further verb asks of an app that is its object (roles.record_means); CAT_NONE */
	uint32_t format_intent;   /* CS_INTENTS: what a verb writing a file format the caller keeps asks (roles.format_means); CAT_NONE */
	uint32_t copy_into_codehost; /* CS_OUTSIDE: the action files copied into a code host ask (outside.json copy_into_codehost); CAT_NONE */
	uint32_t addressed_intent; /* CS_INTENTS: what a word for mail addressed to a person asks where no verb writes (roles.addressed_means); CAT_NONE */
	uint32_t store_intent;    /* CS_INTENTS: what a storing verb asks of a target app that keeps no files (roles.store_means); CAT_NONE */
	uint32_t become_intent;   /* CS_INTENTS: what an auxiliary that makes a thing asks ("soll ... ein Termin werden"; roles.become_means); CAT_NONE */
	uint32_t joined_intent;   /* CS_INTENTS: what a verb adding someone to a thing that exists asks ("add Lucía to the meeting"; roles.joined_means); CAT_NONE */
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
	uint64_t caps;                /* bit per capability some operation of the app documents (the reader checks) */
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
	uint32_t existing;                    /* acts on data the user already has (not data the app creates) */
	uint32_t title_text;                  /* CS_LANGTEXTS: the title as the planner writes it */
	/* Row 1 item around its documented_by list: head is an object left open, tail closes it. */
	cat_str item_head, item_tail;
};

struct cat_task {
	cat_str id, title_en, title_de, desc_en, desc_de;
	cat_str search;                       /* folded id, titles, descriptions, keywords */
	cat_str json;                         /* task as served in /v2/tasks */
	uint32_t generic;
	uint32_t step_first, step_count;      /* into CS_STEPS */
	uint32_t subject;                     /* a free-text query must name the task's subject (SYN_SUBJECT) */
	uint32_t title_text;                  /* CS_LANGTEXTS: the title as the planner writes it */
};

struct cat_step {
	uint32_t cap;
	uint32_t app;                         /* CAT_NONE when bound at request time */
	uint32_t app_kind;                    /* enum cat_app_kind */
	cat_str role;
};

/* A task's steps as the planner scores them, derived once by the compiler (cat_ptask_derive; the reader
 * derives it again and refuses a file that disagrees). Bits: capability, app or enum cat_app_kind index. */
struct cat_ptask {
	uint64_t caps;                        /* every step's capability */
	uint64_t main_caps;                   /* its target steps', else its last step's: what it is for */
	uint64_t apps;                        /* apps its steps are bound to */
	uint64_t target_apps;                 /* apps whose first bound step is a target step */
	uint64_t write_apps;                  /* apps a writing target step is bound to */
	uint64_t kind_apps[AK_COUNT];         /* per kind, the apps its steps of that kind are bound to */
	uint32_t kinds;                       /* every step's app kind */
	uint32_t write_kinds;                 /* kinds of writing target steps bound at request time */
	uint32_t written_kinds;               /* kinds of every writing target step, bound or not */
	uint32_t pad;
};

struct cat_report {
	cat_str id, date, json;
};

enum cat_doc_id {
	DOC_PROVIDER_CATALOG = 0, /* the spec's provider catalog document */
	DOC_TASKS, DOC_APPS, DOC_GUIDES,
	DOC_REPORTS,              /* the verification report list */
	DOC_TASK, DOC_APP,        /* one task, one app (cat_doc.item: its index): the list's item after the versions */
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
	cat_str observation;                    /* row 4: JSON object, the observed tools and their latest changes
	                                         * (directory/observation.h) */
	cat_str observation_en, observation_de; /* one line saying the same */
	uint32_t einsatz;                       /* bit i set: einsatzgebiet VOCAB_EINSATZGEBIETE[i] */
	uint32_t discontinued;                  /* status eingestellt */
};

struct cat_doc {
	uint32_t id;
	cat_str json;
	uint32_t item;                        /* DOC_TASK, DOC_APP: the task's or app's index; else CAT_NONE */
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
	cat_str request_url;                  /* the address as the provider documents it (real path segment) */
	cat_str shape_sha256;                 /* catalogc_shape_hash: the call apart from its address */
	uint32_t input_first, input_count;    /* CS_INPUTS */
	uint32_t scope_rec_first;             /* CS_LISTS: per scope alternative its CS_SCOPES index (CAT_NONE: unranked) */
	uint32_t pad;
};

/* One scope of an app in privilege order: rank 0 is the least privileged. */
struct cat_scope {
	cat_str scope, reason, reason_de;
	uint32_t app, rank;
	uint32_t suggest;                     /* 0: only usable in a narrow context, never proposed */
	uint32_t app_created;                 /* sees only data the app created (or the user opened with it) */
	uint32_t reason_text;                 /* CS_LANGTEXTS: reason and reason_de as the planner writes them */
};

enum cat_syn_kind { SYN_STOP = 0, SYN_APP, SYN_APP_KIND, SYN_TASK, SYN_CAP, SYN_FAMILY, SYN_INTENT, SYN_ROLE,
	SYN_SUBJECT, SYN_ARROW, SYN_PRODUCT, SYN_ACTION, SYN_FAMILY_PRODUCT, SYN_KIND_COUNT };
/* Targets of SYN_ROLE phrases. */
enum cat_role { ROLE_NONE = 0, ROLE_SOURCE, ROLE_TARGET, ROLE_WEAK_TARGET, ROLE_RECEIVE, ROLE_NEGATION, ROLE_TRIGGER,
	ROLE_BOTH_WAYS, ROLE_RECORD_WITH, ROLE_KEPT, ROLE_DETERMINER, ROLE_OPENER, ROLE_LIGHT, ROLE_FORMAT, ROLE_PART, ROLE_PRONOUN,
	ROLE_FEATURE, ROLE_AUX, ROLE_AS, ROLE_PARTICLE, ROLE_BEFORE, ROLE_REPLY, ROLE_RUNTIME, ROLE_MADE_FOR, ROLE_CHANNEL, ROLE_SCHEDULE, ROLE_DATES, ROLE_REPAIR, ROLE_PARTICIPLE, ROLE_NAMING, ROLE_ADDRESSEE, ROLE_QUESTION, ROLE_CAUSATIVE, ROLE_PASSIVE_ASK, ROLE_MODAL, ROLE_CONSTRAINT, ROLE_RELATIVE, ROLE_BY_HAND, ROLE_FOLDER, ROLE_PURPOSE, ROLE_NUMBER, ROLE_EXCEPTION, ROLE_SAYS, ROLE_DOCUMENT, ROLE_FORMER, ROLE_REASON, ROLE_WATCHING, ROLE_CHECKED, ROLE_JOINED, ROLE_OBJECT_PRONOUN, ROLE_UNCHANGED, ROLE_INDEFINITE, ROLE_WISH, ROLE_ARTICLE, ROLE_LINK, ROLE_QUALIFIER, ROLE_MESSAGE, ROLE_POSSESSIVE, ROLE_OTHER_THING, ROLE_COUNT };
_Static_assert(ROLE_COUNT <= 64, "a word's roles are a 64-bit mask");
/* Roles whose one-word phrases leave the word a word of the request, where every other role's make it a small word:
 * a flow's word (runtime), a folder and a document are things; what a check reads and what someone joins are read as
 * they are. */
#define ROLES_AS_WORDS (1ull << ROLE_RUNTIME | 1ull << ROLE_FOLDER | 1ull << ROLE_DOCUMENT | 1ull << ROLE_CHECKED | \
	1ull << ROLE_JOINED | 1ull << ROLE_OBJECT_PRONOUN | 1ull << ROLE_LINK | 1ull << ROLE_MESSAGE)

/* A folded phrase and what it points at (app, enum cat_app_kind, task, capability, family, intent or
 * enum cat_role index). SYN_ARROW phrases are kept as written (folding would erase them) and point at
 * the intent an arrow stands for. */
struct cat_syn {
	cat_str phrase;
	uint32_t kind, target;
	uint32_t words;                       /* number of words in phrase */
	uint32_t flags;                       /* SYNF_*, derived from the phrase by the compiler */
};

/* What a phrase's own words say, read once by the compiler: its last word is "0", any number in its place ("issue
 * 0": "issue 42"); of two words or more, its last a German infinitive (in -en) that may close a clause ("ordner
 * verschieben": "in den Ordner Archiv verschieben"); of two words or more, its last a single letter, a neutral id's
 * ("mail a"), whose word before it the query must write as the phrase does ("mails a day" names no Mail A). */
/* SYNF_ID: an app's phrase that is its neutral id written as one word ("drivea"), never read through a typo. */
enum { SYNF_NUMBERED = 1, SYNF_CLOSING_VERB = 2, SYNF_LETTER = 4, SYNF_ID = 8, SYNF_ALL = 15 };

/* A distinct word of the planner's vocabulary: the tasks using it in their search texts (bit = task
 * index) and the phrases starting with it (CS_LISTS: syn indices, most words first). */
struct cat_word {
	cat_str word;
	uint32_t len;
	uint32_t stop;                        /* a stop word */
	uint32_t starts;                      /* bit per enum cat_syn_kind of the phrases starting with it */
	uint64_t tasks;
	uint32_t syn_first, syn_count;
	uint64_t roles;                       /* bit per enum cat_role of the role phrases starting with it */
};

/* A slot of a CS_WORDHASH or CS_STEMHASH table: a power of two of slots, at most half of them used, each
 * key in the first free slot from its hash (modulo the size) on. count 0: a free slot. CS_WORDHASH: one
 * word (count 1); CS_STEMHASH: the words [first, first + count) that share their first CAT_STEM bytes. */
struct cat_wslot {
	uint32_t first, count;
};
#define CAT_STEM 4u

/* text_hash of a vocabulary word of five letters or more, or of it with one letter deleted. */
struct cat_typo {
	uint64_t hash;
	uint32_t word;                        /* CS_WORDS index */
	uint32_t pad;
};

/* A product outside the catalog (SYN_PRODUCT phrases point here; SYN_FAMILY_PRODUCT ones name it only
 * where its family is named: "Chat" beside Gmail) or an action no task or capability performs
 * (SYN_ACTION): outside.json. */
struct cat_outside {
	cat_str name;                         /* the product as people call it, or the action's id */
	cat_str kind;                         /* a product's kind (chat, tasks, ai, ...); CAT_NONE for an action */
	cat_str title_en, title_de;           /* an action's title; CAT_NONE for a product */
	uint32_t action;                      /* 1: an action, 0: a product */
	uint32_t title_text;                  /* CS_LANGTEXTS: an action's title; CAT_NONE for a product */
	uint32_t family;                      /* the family a product belongs to (CS_FAMILIES), CAT_NONE */
	uint32_t flags;                       /* an action's OUT_THING, OUT_IN_PLACE, OUT_FINDABLE, OUT_SORTS, OUT_BY_MESSENGER; a product's OUT_RUNTIME, OUT_AS_WRITTEN, OUT_MESSAGES */
	uint32_t capability;                  /* an action's capability that no task plans (file.delete), CAT_NONE */
};

/* cat_outside.flags: the action's phrases name a thing no capability handles ("macros"), read after an article
 * too; its one-word phrases may be catalog verbs too, the action where the request acts in one app in place
 * ("archive old emails in Gmail", not "archive invoices from Gmail to Dropbox"); what it marks is found by a
 * search, so as the event of a trigger ("when I star an email") it is read, not asked; it sorts things into places,
 * which a generic task whose subject is named and which files what it reads from mail does ("file the invoices from
 * my inbox into the right folders"). */
/* A product's OUT_AS_WRITTEN: it stands for a name the request writes itself (a website's address, software the
 * catalog does not list), kept as written (plan_resolution.sites). A product's OUT_MESSAGES: its kind is one of
 * outside.json message_kinds (chat, messengers, SMS), whose own things are messages. An action's OUT_BY_MESSENGER
 * (its "messages" flag): such a product named in the request does it ("SMS via Twilio"), as its caller-side step. */
enum { OUT_THING = 1, OUT_IN_PLACE = 2, OUT_FINDABLE = 4, OUT_RUNTIME = 8, OUT_SORTS = 16, OUT_AS_WRITTEN = 32, OUT_MESSAGES = 64,
	OUT_BY_MESSENGER = 128 };
/* SYN_STOP targets: a stop word, a word for a person (synonyms.json persons: who sends or receives), a sign-off
 * or greeting (synonyms.json signoffs: it closes the clause before it, a name may follow), and a day named by a word
 * (synonyms.json days: "tomorrow", "heute"). */
enum { STOP_WORD = 0, STOP_PERSON = 1, STOP_SIGNOFF = 2, STOP_DAY = 3, STOP_COUNT };

/* A product family: for each enum cat_app_kind its app, CAT_NONE where it has none. */
struct cat_family {
	cat_str id;
	uint32_t apps[AK_COUNT];
	/* per kind, the one word an app's name adds to the family's ("google drive": "drive"), CAT_NONE */
	cat_str short_name[AK_COUNT];
	uint32_t pad;
};

/* An intent: the capabilities (bit = capability index) a verb or phrasing asks for. */
struct cat_intent {
	uint64_t caps;
};

/* The provider documents that granting `broader` for app includes `narrower`. */
struct cat_implied {
	cat_str broader, narrower;
	cat_str url, statement_en, statement_de;
	uint32_t app;
	uint32_t statement_text;              /* CS_LANGTEXTS: the statement as the planner writes it */
};

/* An input an operation needs: a placeholder of its path (or an argument in its body or header) that
 * names existing data. found_by: the capability whose answer holds it (CAT_NONE: the caller supplies it). */
struct cat_input {
	cat_str name;                         /* "{eventId}", or an argument name */
	cat_str what_en, what_de;             /* "the event id" */
	cat_str where_en, where_de;           /* where the finder's answer holds it, or what the caller gives */
	cat_str fixed;                        /* a value that always works ("me", "primary"), or CAT_NONE */
	uint32_t found_by;
	uint32_t occurrence;                  /* 1-based, for a placeholder written twice ("{id}") */
	uint32_t what_text, where_text;       /* CS_LANGTEXTS: what and where as the planner writes them */
};

/* Every text the planner writes, one record each in CS_TEXTS in this order (keys: VOCAB_PLAN_TEXTS). The
 * status texts come first, in enum plan_rule order. */
enum ptext {
	PT_STATUS_UNRESOLVED = 0, PT_STATUS_AMBIGUOUS, PT_STATUS_OUTSIDE_CATALOG, PT_STATUS_READ_ONLY_CONFLICT, PT_STATUS_NEEDS_APPS,
	PT_STATUS_PARTIAL, PT_STATUS_NEEDS_SCOPES, PT_STATUS_SCOPES_UNKNOWN, PT_STATUS_CALLER_SIDE_STEPS,
	PT_STATUS_READY, PT_PERM_UNRESOLVED, PT_PERM_AMBIGUOUS, PT_PERM_NEEDS_APPS, PT_PERM_NEEDS_SCOPES,
	PT_PERM_SCOPES_UNKNOWN, PT_PERM_GRANTED, PT_PERM_NO_SCOPES_NEEDED, PT_IMPACT_UNCHANGED, PT_IMPACT_INFO_ONLY,
	PT_IMPACT_COMPATIBLE, PT_IMPACT_BREAKING, PT_NOTE_CALLER_SIDE, PT_NOTE_NO_APP, PT_NOTE_NOT_DOCUMENTED,
	PT_NOTE_SCOPES_UNKNOWN, PT_NOTE_MISSING_SCOPE, PT_NOTE_IMPLIED, PT_NOTE_APP_CREATED_GRANT,
	PT_NOTE_ADDED_FIND, PT_REASON_EXISTING_DATA, PT_LEFT_OUT_READ_ONLY, PT_NOT_USED_NOTHING_PLANNED,
	PT_NOT_USED_NO_STEP, PT_RUNTIME_LOCAL, PT_RUNTIME_REMOTE, PT_RUNTIME_ANY, PT_INPUT_FIXED,
	PT_INPUT_FROM_STEP, PT_INPUT_CALLER, PT_QUERY_REBOUND, PT_QUERY_EQUIVALENT, PT_CHANGE_REMOVED_APP,
	PT_CHANGE_REMOVED_OPERATION, PT_CHANGE_CAPABILITY_REMAPPED, PT_CHANGE_SCOPES_NOW_DOCUMENTED,
	PT_CHANGE_SCOPES_NO_LONGER_DOCUMENTED, PT_CHANGE_SCOPES_CHANGED, PT_CHANGE_SCOPES_NARROWED,
	PT_CHANGE_SCOPES_WIDENED, PT_CHANGE_HASH_EXPLAINED, PT_CHANGE_HASH_UNEXPLAINED, PT_CHANGE_REVISION,
	PT_CHANGE_CATALOG_VERSION, PT_CHANGE_RULE_VERSION, PT_CHANGE_HOST, PT_CHANGE_PATH, PT_CHANGE_METHOD,
	PT_CHANGE_SHAPE, PT_STATUS_ACTION_OUTSIDE, PT_STATUS_UNRESOLVED_OUTSIDE, PT_STEP_PRODUCT_SOURCE,
	PT_STEP_PRODUCT_TARGET, PT_NOTE_PRODUCT, PT_STATUS_ACTION_UNTESTED, PT_QUERY_SCHEDULE, PT_COUNT
};

struct cat_text {
	cat_str en, de;
	uint32_t text;                        /* CS_LANGTEXTS: the pair as the planner writes it */
};

/* A text pair as the planner writes it: a JSON object ready to append for each order of languages an
 * answer can have ({"en":..,"de":..}, {"de":..,"en":..}, {"en":..}, {"de":..}), escaped as jsonw escapes. */
enum cat_lang_order { LO_EN_DE = 0, LO_DE_EN, LO_EN, LO_DE, LO_COUNT };
struct cat_langtext {
	cat_str json[LO_COUNT];
};

/* An earlier state of an operation, recorded by autoplan-refresh when the provider document changed it. */
struct cat_history {
	cat_str operation, semantic_sha256, revision, method, request_url, shape_sha256;
	uint32_t app;
	uint32_t pad;
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
