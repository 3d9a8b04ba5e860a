/* The planner: resolves what a request asks for (task id, or a free-text query read against the
 * catalog's compiled vocabulary: product names, families, roles, intents, task words), binds apps to
 * steps by kind and role, puts a finding step before a step that needs an identifier the caller does
 * not have, compares granted scopes with each operation's alternatives (and the broader scopes the
 * provider documents as including them) in the catalog's privilege order, and decides a status by the
 * rules of rule_version (docs/planner.md). Pure computation over the mapped catalog: no allocation, no
 * I/O; every string in the results points into the catalog or into the request object and lives as
 * long as both. */
#ifndef AUTOPLAN_PLAN_H
#define AUTOPLAN_PLAN_H

#include "catalog/catalog.h"

#include <json-c/json.h>
#include <stdbool.h>

#define PLAN_MAX_STEPS 24
#define PLAN_MAX_WORDS 96
#define PLAN_MAX_APPS 10
#define PLAN_MAX_SCOPES 50
#define PLAN_MAX_CAPS 16
#define PLAN_MAX_MENTIONS 12
#define PLAN_MAX_INTENTS 16
#define PLAN_MAX_CANDIDATES 8
#define PLAN_MAX_MATCHES 16
#define PLAN_MAX_OUTSIDE 8

enum plan_by { BY_NONE = 0, BY_TASK_ID, BY_QUERY_TASK, BY_QUERY_CAPABILITIES, BY_QUERY_AMBIGUOUS };

/* The role an app plays in a transfer, read from the sentence (from/to, von/nach, arrows, "X should
 * receive"), not from the order of mention. */
enum plan_role { PR_NONE = 0, PR_SOURCE, PR_TARGET };
extern const char *const PLAN_ROLES[];   /* NULL, "source", "target" */

/* An app, a product family or a product outside the catalog named in the query: words [first, first +
 * nwords). */
struct plan_mention {
	int first, nwords;
	int app, family, product;         /* exactly one is >= 0 (product: a CS_OUTSIDE index) */
	enum plan_role role;
	bool strong;                      /* the role comes from a strong marker (not a bare "in") */
	bool typo;                        /* one of its words matched with one typo */
	bool aside;                       /* no app of the plan: where a workbook named beside it is kept, or one used before */
	bool joined;                      /* a target by "and" after a target ("to Google Drive and Google Sheets") */
	bool triggered;                   /* first after a trigger word that is no verb: where the event happens */
};

/* An intent (verb or phrasing) found in the query: words [first, first + nwords). */
struct plan_intent {
	int first, nwords;
	int intent;                       /* CS_INTENTS index */
	bool negated;                     /* "don't send", "nicht senden" */
	bool by_person;                   /* a person before it does it ("our QA team finds bugs") */
};

/* A product outside the catalog, or an action no task performs, named in the query (CS_OUTSIDE). */
struct plan_outside {
	int first, nwords;
	int item;                         /* CS_OUTSIDE index */
	enum plan_role role;              /* a product's role in the request (source, target or none) */
	int site;                         /* 1 + index into plan_resolution.sites: a product named by its own words */
};

/* A vocabulary word a query word matches, and how well. */
struct plan_match {
	uint32_t word;                    /* CS_WORDS index */
	int level;                        /* 3 exact, 2 same stem, 1 one typo */
};

/* How a query was read. Word indices refer to words[] (the folded query as read: German spellings of
 * umlauts folded where the word is German, compounds split, arrows kept as "->"). */
struct plan_resolution {
	enum plan_by by;
	int task;                         /* task index, -1 when none */
	int runner_up;                    /* next best task, -1 when none */
	int score, runner_up_score;
	int confidence;                   /* percent, 0..100 */
	int settled_confidence;           /* a tie's, should its tasks plan the same steps (settle_tie) */
	int nwords;
	int nwm[PLAN_MAX_WORDS];
	bool stop[PLAN_MAX_WORDS], matched[PLAN_MAX_WORDS], app_word[PLAN_MAX_WORDS];
	bool intent_word[PLAN_MAX_WORDS], arrow[PLAN_MAX_WORDS], action_word[PLAN_MAX_WORDS];
	bool fuzzy[PLAN_MAX_WORDS];       /* no exact or stem match: one typo allowed */
	bool kept[PLAN_MAX_WORDS];        /* says where something is kept ("stored on"): no verb, no action */
	bool trigger[PLAN_MAX_WORDS];     /* a trigger word starts here ("when", "for each", "new" before an app) */
	int triggers;                     /* how many words are true in trigger[] */
	bool product_word[PLAN_MAX_WORDS];  /* part of a product's name (also an app_word) */
	int content;                      /* words that are neither stop words nor app names */
	struct plan_mention mentions[PLAN_MAX_MENTIONS];
	int nmentions;
	int apps[PLAN_MAX_APPS], napps;   /* apps named explicitly, in order of mention */
	enum plan_role app_role[PLAN_MAX_APPS];
	bool app_strong[PLAN_MAX_APPS];   /* the role comes from a strong marker */
	int families[PLAN_MAX_MENTIONS], nfamilies;  /* families named, in order of mention */
	unsigned kinds;                   /* bit per enum cat_app_kind named by a generic word */
	unsigned char word_kinds[PLAN_MAX_WORDS];  /* per word, the kinds a generic word there names */
	int caps[PLAN_MAX_CAPS], ncaps;   /* capabilities named by a phrase, in order of mention */
	int cap_first[PLAN_MAX_CAPS];     /* the word where each phrase starts */
	int cap_words[PLAN_MAX_CAPS];     /* and its words */
	int untested;                     /* a capability asked that no task plans ("delete a file"), -1: none */
	struct plan_intent intents[PLAN_MAX_INTENTS];
	int nintents;
	uint64_t subjects;                /* bit per generic task whose subject the query names */
	uint64_t task_phrases;            /* bit per task one of whose own phrases the query holds ("action items") */
	int new_thing;                    /* 1 + the app a verb makes a new document of that it documents no way to make, 0 */
	struct plan_outside products[PLAN_MAX_OUTSIDE], actions[PLAN_MAX_OUTSIDE];
	int nproducts, nactions;          /* products outside the catalog; actions no task performs */
	bool product_acts;                /* the request's action happens in a product outside the catalog */
	bool both_ways;                   /* a transfer asked in both directions ("two-way sync") */
	bool values_given;                /* a row's values follow a colon: the caller supplies what is written */
	bool caller_file;                 /* the target is a file format the caller writes ("as CSV"), no app */
	bool format_at[PLAN_MAX_WORDS];   /* the word starts a file format's phrase (roles.file_formats) */
	bool after_comma[PLAN_MAX_WORDS]; /* a comma or semicolon stood right before the word */
	bool sentence_start[PLAN_MAX_WORDS]; /* a sentence ended right before the word (". ", "? ", "! ") */
	bool after_question[PLAN_MAX_WORDS]; /* and it ended in a question mark */
	bool describes[PLAN_MAX_WORDS];   /* "new" describing a verb's object ("read every new row"): asks nothing */
	bool modifier[PLAN_MAX_WORDS];    /* a word for things before another kind's head ("the release checksums file") */
	bool done_first[PLAN_MAX_WORDS];  /* a verb the person does first ("before I reschedule the offsite"): asks nothing */
	bool along[PLAN_MAX_WORDS];       /* a thing added to what is written ("add an attachment"): nothing read */
	bool context[PLAN_MAX_WORDS];     /* in a sentence before the ask that states what happens: no phrase asks */
	int schedule_first, schedule_words;  /* the first schedule named ("every day", roles.schedule); words 0: none */
	int reply_from;                   /* 1 + the first word a reply's phrase may start at (roles.replies), 0: none */
	int negation_from;                /* 1 + the first word a negation's phrase may start at (roles.negation), 0: none */
	int purpose_from;                 /* 1 + the first word a purpose's phrase may start at (roles.purposes), 0: none */
	bool question;                    /* the request ends in a question mark */
	bool compound[PLAN_MAX_WORDS];    /* the word and the next were written as one ("Anzeigemöglichkeit") */
	bool quoted[PLAN_MAX_WORDS];      /* inside quotation marks, a name ("the folder 'Archive 2024'"): no word asks */
	bool path[PLAN_MAX_WORDS];        /* a folder's path ("/Accounting/Incoming"), read as a name: a folder */
	bool other_thing[PLAN_MAX_WORDS]; /* in a phrase naming a thing no app holds (roles.other_things: "test drive") */
	bool possessive[PLAN_MAX_WORDS];  /* written with a possessive's 's ("this week's shift"), which folding drops */
	bool aside[PLAN_MAX_WORDS];       /* inside brackets within a sentence ("... (don't change it) and ...") */
	bool named_subject[PLAN_MAX_WORDS]; /* quoted, a subject's words ("the label \"Rechnungen\""): read as things, no verb */
	bool no_subject[PLAN_MAX_WORDS];  /* quoted, yet saying no subject: an e-mail address ("billing@..."), a row's values */
	uint64_t numbered;                /* bit per capability a thing named by its number asks ("issue 42": issue.read) */
	int numbered_at;                  /* the word where the first such thing is named */
	bool digits;                      /* some word holds a digit */
	uint64_t later_apps;              /* bit per app only a further action's clause names ("... and log them in Excel") */
	unsigned char said_kind[PLAN_MAX_WORDS]; /* the kind of app the word alone says ("drive"), else AK_COUNT */
	int nearest[2], nnearest;         /* the nearest tasks, when an action outside the catalog left it unresolved */
	int also_intent, also_cap, also_app;  /* a further action the task does not do, planned after it (-1: none) */
	int also_mention;                 /* with no verb of its own (also_intent -1): the mention of the app it writes */
	char sites[2][64];                /* products named by their own words, lower case, as written: websites by their
	                                   * address ("FT.com"), software the catalog does not list by name */
	int nsites;
	int candidates[PLAN_MAX_CANDIDATES], ncandidates;  /* the tasks sharing the top score */
	bool equivalent;                  /* they all plan the same steps for the apps named: not a real tie */
	/* Buffers, written before they are read (words and matches up to nwords and nwm[i]): never cleared,
	 * so that an answer does not pay for clearing kilobytes it does not use. */
	char folded[1024];
	const char *words[PLAN_MAX_WORDS];
	size_t wordlen[PLAN_MAX_WORDS];
	char wordbuf[1536];
	struct plan_match wm[PLAN_MAX_WORDS][PLAN_MAX_MATCHES];
};

enum step_state {
	SS_SATISFIED = 0,   /* a granted scope is one of the alternatives, or includes one */
	SS_MISSING_SCOPE,   /* none of the known alternatives is granted */
	SS_SCOPES_UNKNOWN,  /* the catalog records no scope list for the operation */
	SS_CALLER,          /* no provider operation documents the capability: done on the caller's side */
	SS_NO_APP,          /* a step of a generic task whose app kind no app was given for */
	SS_NOT_DOCUMENTED,  /* the bound app documents no operation for the capability */
};

enum app_source { AS_NONE = 0, AS_TASK, AS_REQUEST, AS_QUERY, AS_FAMILY };

struct plan_step {
	uint32_t cap, kind;
	int app;                          /* -1 when unbound */
	enum app_source app_source;
	const struct cat_op *op;          /* NULL unless documented by the bound app */
	const char *role;
	bool write, left_out;             /* left_out: a write step that read_only removed */
	bool added;                       /* put here to find an identifier a later step needs */
	bool existing;                    /* works on data the user already has */
	enum step_state state;
	int granted;                      /* op scope index of the alternative the grant authorises, -1 */
	const char *granted_via;          /* the granted scope when it authorises by including `granted` */
	int implied;                      /* CS_IMPLIED record behind granted_via, -1 */
	bool app_created_grant;           /* a granted alternative was not counted: it sees only app-created data */
	bool app_created_skipped;         /* a less privileged alternative was passed over for that reason */
	int ask_for;                      /* op scope index to ask for (from the minimal cover), -1 */
};

/* Status codes, in rule order: the first that holds is the status; all that hold are listed. */
enum plan_rule {
	PS_UNRESOLVED = 0, PS_AMBIGUOUS, PS_OUTSIDE_CATALOG, PS_READ_ONLY_CONFLICT, PS_NEEDS_APPS, PS_PARTIAL, PS_NEEDS_SCOPES,
	PS_SCOPES_UNKNOWN, PS_CALLER_SIDE_STEPS, PS_READY, PS_COUNT
};
extern const char *const PLAN_STATUS[];   /* names, indexed by enum plan_rule */

struct plan {
	const struct catalog *cat;
	int task;                         /* -1 for a capability chain or when unresolved */
	int nsteps;
	int nloaded;                      /* steps load_task or load_chain gave, before the further action's (add_also) */
	int apps[PLAN_MAX_APPS], napps;   /* requested apps, then apps named in the query, then family apps */
	enum app_source app_src[PLAN_MAX_APPS];
	enum plan_role app_role[PLAN_MAX_APPS];
	unsigned long long apps_used;     /* bit per app index bound to a planned step */
	bool rebound;                     /* a task's own app was replaced by one the request named */
	bool read_only, evidence;
	const char *runtime;
	int ngranted;
	int ncover;
	unsigned rules;                   /* bit per enum plan_rule that holds */
	enum plan_rule status;
	/* Below: cleared by parts (res) or filled before being read (up to nsteps, ngranted, ncover). */
	struct plan_resolution res;
	struct plan_step steps[PLAN_MAX_STEPS];
	const char *granted[PLAN_MAX_SCOPES];
	/* minimal cover: scope strings (pointing into the catalog) */
	const char *cover[PLAN_MAX_STEPS];
};

/* A product outside the catalog is a caller-side step of a plan that has steps: before the catalog's
 * steps when it is the source, after them otherwise, writing into the product; read_only leaves a
 * writing one out, like every write step. */
static inline bool plan_product_writes(const struct plan_outside *pr)
{
	return pr->role != PR_SOURCE;
}

/* Whether outside action item is the one linked to the capability the request asked that no task plans. */
static inline bool plan_action_untested(const struct catalog *c, const struct plan_resolution *r, int item)
{
	return r->untested >= 0 && c->outside[item].capability == (uint32_t)r->untested;
}

static inline bool plan_product_left_out(const struct plan *p, const struct plan_outside *pr)
{
	return p->read_only && plan_product_writes(pr);
}

/* Resolves a free-text query. Deterministic: same text, same result. A tie at the top leaves
 * BY_QUERY_AMBIGUOUS with the candidates; plan_build decides whether the tie is real. */
void plan_resolve_query(const struct catalog *c, const char *query, struct plan_resolution *r);

/* Marks as matched the words a built plan answers beyond its task's support: a verb asking capabilities among
 * `caps` (the steps'), or writing where `product_writes` (a product outside the catalog written on the caller's
 * side); a word for a kind of app among `kinds`; where the plan reads first, a trigger word and the vocabulary
 * words of a trigger's clause, which say the event read ("When a new row is added in Google Sheets, ..."). */
void plan_mark_answered(const struct catalog *c, struct plan_resolution *r, uint64_t caps, unsigned kinds,
	bool product_writes, bool reads_first);

/* An empty resolution (nothing read; task -1): clears what is read without being written first. */
void plan_resolution_init(struct plan_resolution *r);

/* Builds the plan for a validated task request `in` (see B_TASK). Never fails: an unresolvable
 * request yields status PS_UNRESOLVED with no steps. */
void plan_build(struct plan *p, const struct catalog *c, const struct json_object *in);

/* The privilege record of the op's i-th alternative, or NULL when unordered (precompiled: no search). */
const struct cat_scope *plan_scope_rec(const struct catalog *c, const struct cat_op *op, int i);

/* Privilege rank of the op's i-th alternative (0 = least), or a large number when unordered. */
int plan_scope_rank(const struct catalog *c, const struct cat_op *op, int i);

/* Index of the op alternative equal to scope, or -1. */
int plan_op_scope_index(const struct catalog *c, const struct cat_op *op, const char *scope);

/* The provider-documented implication that granting `broader` includes `narrower` for app, or NULL. */
const struct cat_implied *plan_implied(const struct catalog *c, uint32_t app, const char *broader, const char *narrower);


#endif
