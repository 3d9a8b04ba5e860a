/* The planner: resolves what a request asks for (task id, or a free-text query against the catalog's
 * titles, keywords and synonyms), binds apps to steps, compares granted scopes with each operation's
 * alternatives in the catalog's privilege order and decides a status by the rules of rule_version
 * (docs/planner.md). Pure computation over the mapped catalog: no allocation, no I/O; every string
 * in the results points into the catalog or into the request object and lives as long as both. */
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

enum plan_by { BY_NONE = 0, BY_TASK_ID, BY_QUERY_TASK, BY_QUERY_CAPABILITIES, BY_QUERY_AMBIGUOUS };

/* How a query was read. Word indices refer to words[] (the folded query split on spaces). */
struct plan_resolution {
	enum plan_by by;
	int task;                         /* task index, -1 when none */
	int runner_up;                    /* next best task, -1 when none */
	int score, runner_up_score;
	int confidence;                   /* percent, 0..100 */
	int nwords;
	char folded[1024];
	const char *words[PLAN_MAX_WORDS];   /* point into folded (NUL-separated copy) */
	char wordbuf[1024];
	bool stop[PLAN_MAX_WORDS], matched[PLAN_MAX_WORDS], app_word[PLAN_MAX_WORDS];
	bool fuzzy[PLAN_MAX_WORDS];       /* matched nothing exactly or by stem: typo matching allowed */
	int content;                      /* words that are neither stop words nor app names */
	int apps[PLAN_MAX_APPS], napps;   /* apps named in the query, in order of mention */
	unsigned kinds;                   /* bit per enum cat_app_kind named by a generic word */
	int caps[PLAN_MAX_CAPS], ncaps;   /* capabilities named by a phrase, in order of mention */
	int candidates[8], ncandidates;   /* BY_QUERY_AMBIGUOUS: the tasks sharing the top score */
};

enum step_state {
	SS_SATISFIED = 0,   /* a granted scope is one of the operation's alternatives */
	SS_MISSING_SCOPE,   /* none of the known alternatives is granted */
	SS_SCOPES_UNKNOWN,  /* the catalog records no scope list for the operation */
	SS_CALLER,          /* no provider operation documents the capability: done on the caller's side */
	SS_NO_APP,          /* a step of a generic task whose app kind no app was given for */
	SS_NOT_DOCUMENTED,  /* the bound app documents no operation for the capability */
};

enum app_source { AS_NONE = 0, AS_TASK, AS_REQUEST, AS_QUERY };

struct plan_step {
	uint32_t cap, kind;
	int app;                          /* -1 when unbound */
	enum app_source app_source;
	const struct cat_op *op;          /* NULL unless documented by the bound app */
	const char *role;
	bool write, left_out;             /* left_out: a write step that read_only removed */
	enum step_state state;
	int granted;                      /* op scope index of the least privileged granted alternative, -1 */
	int ask_for;                      /* op scope index to ask for (from the minimal cover), -1 */
};

/* Status codes, in rule order: the first that holds is the status; all that hold are listed. */
enum plan_rule {
	PS_UNRESOLVED = 0, PS_AMBIGUOUS, PS_READ_ONLY_CONFLICT, PS_NEEDS_APPS, PS_PARTIAL, PS_NEEDS_SCOPES,
	PS_SCOPES_UNKNOWN, PS_CALLER_SIDE_STEPS, PS_READY, PS_COUNT
};
extern const char *const PLAN_STATUS[];   /* names, indexed by enum plan_rule */

struct plan {
	const struct catalog *cat;
	struct plan_resolution res;
	int task;                         /* -1 for a capability chain or when unresolved */
	struct plan_step steps[PLAN_MAX_STEPS];
	int nsteps;
	int apps[PLAN_MAX_APPS], napps;   /* requested apps, then apps named in the query */
	unsigned long long apps_used;     /* bit per app index bound to a planned step */
	bool read_only, evidence;
	const char *runtime;
	const char *granted[PLAN_MAX_SCOPES];
	int ngranted;
	/* minimal cover: scope strings (pointing into the catalog) */
	const char *cover[PLAN_MAX_STEPS];
	int ncover;
	unsigned rules;                   /* bit per enum plan_rule that holds */
	enum plan_rule status;
};

/* Resolves a free-text query. Deterministic: same text, same result. */
void plan_resolve_query(const struct catalog *c, const char *query, struct plan_resolution *r);

/* Builds the plan for a validated task request `in` (see B_TASK). Never fails: an unresolvable
 * request yields status PS_UNRESOLVED with no steps. */
void plan_build(struct plan *p, const struct catalog *c, const struct json_object *in);

/* Privilege rank of the op's i-th alternative (0 = least), or a large number when unordered. */
int plan_scope_rank(const struct catalog *c, const struct cat_op *op, int i);

/* Index of the op alternative equal to scope, or -1. */
int plan_op_scope_index(const struct catalog *c, const struct cat_op *op, const char *scope);

#endif
