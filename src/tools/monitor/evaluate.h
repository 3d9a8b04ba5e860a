/* Evaluation of watches against a deployed catalog: every watch evaluated with an older catalog is
 * evaluated again; when its impact changed (impact_differs), an alert is recorded with the move, in one
 * transaction that only one of several evaluators can win (store_watch_advance). */
#ifndef AUTOPLAN_EVALUATE_H
#define AUTOPLAN_EVALUATE_H

#include "api/monitoring.h"

struct eval_result {
	int evaluated;  /* watches this pass moved to the catalog */
	int alerts;     /* alerts recorded */
	int skipped;    /* watches another evaluator moved first, or gone */
};

/* One pass over the store for cat (registered with sequence seq). Returns 0, or -1 on a store failure
 * (what was done stays done). */
int evaluate_pass(struct store *st, const struct catalog *cat, const char *catalog_sha, long long seq, long long now,
	struct eval_result *res);

#endif
