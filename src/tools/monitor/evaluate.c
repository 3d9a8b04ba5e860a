#include "tools/monitor/evaluate.h"
#include "monitor/apikey.h"
#include "monitor/impact.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 50

/* Whether every change the alert reports (other than version moves) was acknowledged on this watch
 * before: then the acknowledgement carries over and the alert is recorded acknowledged. */
static bool carried_over(const struct json_object *changes, const struct json_object *resolved,
	const struct json_object *acks)
{
	int n = 0;
	const struct json_object *lists[] = { changes, resolved };
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < json_object_array_length(lists[l]); i++) {
			struct json_object *ch = json_object_array_get_idx(lists[l], i);
			if (change_is_version_move(ch)) continue;
			if (!fingerprint_acked(acks, jget_str(ch, "fingerprint"))) return false;
			n++;
		}
	return n > 0;
}

static const char *text(struct json_object *o)
{
	return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

/* The webhook body after the Standard Webhooks convention: type, timestamp, data (the alert as
 * GET /alerts shows it, without seq and delivery). */
static char *payload(const struct json_object *w, const struct catalog *cat, const char *id, const char *status,
	const char *changes, const char *resolved, long long now)
{
	struct json_object *row = json_object_new_object();
	json_object_object_add(row, "id", json_object_new_string(id));
	json_object_object_add(row, "watch_id", json_object_get(jget(w, "id")));
	json_object_object_add(row, "watch_name", json_object_get(jget(w, "name")));
	json_object_object_add(row, "created_at", json_object_new_int64(now));
	json_object_object_add(row, "status_before", json_object_get(jget(w, "eval_status")));
	json_object_object_add(row, "status_after", json_object_new_string(status));
	json_object_object_add(row, "changes", json_object_new_string(changes));
	json_object_object_add(row, "resolved", json_object_new_string(resolved));
	static const char *const v[] = { "catalog_version", "dataset_version", "rule_version" };
	const char *now_v[] = { cat_s(cat, cat->meta->catalog_version), cat_s(cat, cat->meta->dataset_version),
		cat_s(cat, cat->meta->rule_version) };
	for (int i = 0; i < 3; i++) {
		char k[64];
		snprintf(k, sizeof k, "before_%s", v[i]);
		json_object_object_add(row, k, json_object_get(jget(w, k)));
		snprintf(k, sizeof k, "after_%s", v[i]);
		json_object_object_add(row, k, json_object_new_string(now_v[i]));
	}
	struct json_object *body = json_object_new_object();
	jadd(body, "type", json_object_new_string("watch.alert"));
	jadd(body, "timestamp", json_time(now));
	jadd(body, "data", alert_view(row, NULL));
	char *out = strdup(text(body));
	json_object_put(body);
	json_object_put(row);
	return out;
}

/* Evaluates one watch row; returns an enum db_rc (STORE_NOT_FOUND: someone else moved it). */
static int evaluate_one(struct store *st, const struct catalog *cat, const char *sha, long long seq, long long now,
	const struct json_object *w, bool *alerted)
{
	*alerted = false;
	struct json_object *snapshot = json_tokener_parse(jget_str(w, "snapshot") ? jget_str(w, "snapshot") : ""),
		*granted = jget_str(w, "granted_scopes") ? json_tokener_parse(jget_str(w, "granted_scopes")) : NULL,
		*before = json_tokener_parse(jget_str(w, "eval_impact") ? jget_str(w, "eval_impact") : "{}");
	struct json_object *impact = snapshot ? watch_impact(cat, snapshot, granted) : NULL;
	json_object_put(snapshot);
	json_object_put(granted);
	if (!impact) {
		json_object_put(before);
		fprintf(stderr, "autoplan-monitor: watch %s: its stored snapshot does not have the declared shape; left as is\n",
			jget_str(w, "id"));
		return DB_OK;
	}
	struct store_alert_new alert = { 0 }, *a = NULL;
	struct json_object *changes = NULL, *resolved = NULL, *acks = NULL;
	char id[24], *pay = NULL;
	const char *status = jget_str(impact, "status");
	int rc = DB_OK;
	if (impact_differs(before, impact)) {
		impact_alert_changes(before, impact, &changes, &resolved);
		rc = store_acks(st, jget_str(w, "id"), &acks);
		if (rc == DB_OK && random_id("alr_", 16, id, sizeof id) < 0) rc = DB_ERROR;
		if (rc == DB_OK) {
			char *ct = strdup(text(changes)), *rt = strdup(text(resolved));
			alert = (struct store_alert_new){ .id = id, .status_before = jget_str(w, "eval_status"), .changes = ct,
				.resolved = rt, .born_acknowledged = carried_over(changes, resolved, acks),
				.webhook_url = jget_str(w, "webhook_url") };
			if (alert.webhook_url && !alert.born_acknowledged)
				alert.payload = pay = payload(w, cat, id, status, ct, rt, now);
			a = &alert;
		}
	}
	if (rc == DB_OK)
		rc = store_watch_advance(st, jget_str(w, "id"), json_object_get_int64(jget(w, "eval_seq")), sha, seq, status,
			text(impact), a, now);
	*alerted = rc == DB_OK && a;
	free((char *)alert.changes);
	free((char *)alert.resolved);
	free(pay);
	json_object_put(changes);
	json_object_put(resolved);
	json_object_put(acks);
	json_object_put(impact);
	json_object_put(before);
	return rc;
}

int evaluate_pass(struct store *st, const struct catalog *cat, const char *catalog_sha, long long seq, long long now,
	struct eval_result *res)
{
	memset(res, 0, sizeof *res);
	char after[40] = "";
	for (;;) {
		struct json_object *rows = NULL;
		if (store_watches_stale(st, seq, after, BATCH, &rows) != DB_OK) return -1;
		size_t n = json_object_array_length(rows);
		for (size_t i = 0; i < n; i++) {
			struct json_object *w = json_object_array_get_idx(rows, i);
			bool alerted;
			int rc = evaluate_one(st, cat, catalog_sha, seq, now, w, &alerted);
			snprintf(after, sizeof after, "%s", jget_str(w, "id"));
			if (rc == STORE_NOT_FOUND) { res->skipped++; continue; }
			if (rc != DB_OK) { json_object_put(rows); return -1; }
			res->evaluated++;
			res->alerts += alerted;
		}
		json_object_put(rows);
		if (n < BATCH) return 0;
	}
}
