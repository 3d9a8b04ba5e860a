/* What a watch adds to a change-impact result (row 10): a stable fingerprint per change, the judgement
 * of scope changes against the scopes the watch's holder was granted, and the comparison of two
 * evaluations that decides whether a newly deployed catalog deserves an alert. Pure JSON in, JSON out. */
#ifndef AUTOPLAN_IMPACT_H
#define AUTOPLAN_IMPACT_H

#include <json-c/json.h>
#include <stdbool.h>

#define FINGERPRINT_LEN 32

/* Fingerprint of one change: hex of the first 128 bits of SHA-256 over the canonical JSON of its app,
 * operation, kind, before and after (string lists sorted), and entry, tool and property where present
 * (a directory entry's tool change). The same change in a later catalog has the
 * same fingerprint. Version moves are fingerprinted without their after value. Returns 0 or -1. */
int change_fingerprint(const struct json_object *change, char out[FINGERPRINT_LEN + 1]);

/* catalog_version_moved and rule_version_moved: reported, but never a reason for an alert. */
bool change_is_version_move(const struct json_object *change);

/* Re-judges scope changes of impact against granted (an array of scopes; NULL keeps row 10's
 * judgement), adds "fingerprint" to every change and recomputes status and summary. In place. */
void impact_judge(struct json_object *impact, const struct json_object *granted);

/* Whether after differs from before in a way worth an alert: the set of (fingerprint, severity) of
 * the changes other than version moves. */
bool impact_differs(const struct json_object *before, const struct json_object *after);

/* The change lists of an alert: every change of after with "new" (not in before), and "resolved": the
 * changes of before (other than version moves) that after no longer has. The caller owns both. */
void impact_alert_changes(const struct json_object *before, const struct json_object *after,
	struct json_object **changes, struct json_object **resolved);

#endif
