/* The private monitoring interface (docs/monitoring.md): status, watches and alerts of the project
 * whose bearer key the router checked (monitoring_auth). Alerts are recorded by the evaluator,
 * autoplan-monitor, never here: the responder only reads, creates and deletes. */
#include "api/handlers.h"
#include "api/monitoring.h"
#include "api/watch_entries.h"
#include "monitor/apikey.h"
#include "util/jsonutil.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* An evaluator not seen for this long is reported as not running. */
#define EVALUATOR_STALE_SECONDS 120

static void store_failed(struct store *st, struct reply *out)
{
	fprintf(stderr, "autoplan[%d]: monitoring store: %s\n", (int)getpid(), st ? store_error(st) : "not open");
	reply_error(out, 503, "monitoring_unavailable", NULL, NULL,
		"the monitoring store did not answer (busy or unavailable); retry later");
}

static struct json_object *parsed(const struct json_object *row, const char *key)
{
	const char *s = jget_str(row, key);
	return s ? json_tokener_parse(s) : NULL;
}

/* The public view of a watch row (store_watch_get); full adds the snapshot. Never the webhook secret. */
static struct json_object *watch_view(const struct json_object *row, bool full)
{
	struct json_object *o = json_object_new_object(), *ev = json_object_new_object(), *al = json_object_new_object();
	jadd(o, "id", jcopy_str(row, "id"));
	jadd(o, "name", jcopy_str(row, "name"));
	jadd(o, "created_at", json_time(jget_int64(row, "created_at", 0)));
	jadd(o, "granted_scopes", parsed(row, "granted_scopes"));
	struct json_object *hook = NULL;
	if (jget_str(row, "webhook_url")) {
		hook = json_object_new_object();
		jadd(hook, "url", jcopy_str(row, "webhook_url"));
	}
	jadd(o, "webhook", hook);
	jadd(ev, "at", json_time(jget_int64(row, "eval_at", 0)));
	jadd(ev, "status", jcopy_str(row, "eval_status"));
	jadd(ev, "catalog_version", jcopy_str(row, "eval_catalog_version"));
	jadd(ev, "dataset_version", jcopy_str(row, "eval_dataset_version"));
	jadd(ev, "rule_version", jcopy_str(row, "eval_rule_version"));
	jadd(o, "evaluated", ev);
	jadd(al, "total", json_object_new_int64(jget_int64(row, "alerts_total", 0)));
	jadd(al, "unacknowledged", json_object_new_int64(jget_int64(row, "alerts_unacknowledged", 0)));
	jadd(o, "alerts", al);
	if (full) { /* the stored document: a workflow snapshot, or the entries followed with their baseline */
		struct json_object *doc = parsed(row, "snapshot");
		bool entries = watch_entries_is(doc);
		jadd(o, "snapshot", entries ? NULL : doc);
		jadd(o, "entries", entries ? json_object_get(jget(doc, "entries")) : NULL);
		if (entries) json_object_put(doc);
	}
	return o;
}

/* The watch with its impact on the catalog this responder serves, each change marked acknowledged or not. */
static int watch_full(const struct hctx *c, struct store *st, const struct json_object *row, struct json_object **out)
{
	struct json_object *acked = NULL;
	int rc = store_acks(st, jget_str(row, "id"), &acked);
	if (rc != DB_OK) return rc;
	struct json_object *o = watch_view(row, true), *granted = parsed(row, "granted_scopes");
	struct json_object *doc = parsed(row, "snapshot"), *impact = watch_impact(c->cat, doc, granted);
	json_object_put(doc);
	if (impact) mark_acknowledged(jget(impact, "changes"), acked);
	jadd(o, "impact", impact);
	json_object_put(granted);
	json_object_put(acked);
	*out = o;
	return DB_OK;
}

static void not_found(struct reply *out, const char *what, const char *id)
{
	reply_error(out, 404, strcmp(what, "watch") == 0 ? "watch_not_found" : "alert_not_found", "path", "/id",
		"this project has no %s with id \"%.40s\"", what, id);
}

void h_mon_status(const struct hctx *c, struct json_object *in, struct reply *out)
{
	(void)in;
	struct monitoring *m = c->env;
	struct store *st = monitoring_store(m);
	char sha[65];
	catalog_sha_hex(c->cat, sha);
	struct json_object *counts = NULL, *worker = NULL;
	if (!st || store_project_counts(st, c->who->project_id, sha, &counts) != DB_OK ||
		store_worker_latest(st, &worker) != DB_OK) {
		json_object_put(counts);
		store_failed(st, out);
		return;
	}
	struct json_object *o = json_object_new_object(), *p = json_object_new_object(), *k = json_object_new_object(),
		*al = json_object_new_object(), *ev = json_object_new_object();
	jadd(p, "id", json_object_new_string(c->who->project_id));
	jadd(p, "name", json_object_new_string(c->who->project_name));
	jadd(o, "project", p);
	jadd(k, "id", json_object_new_string(c->who->key_id));
	jadd(k, "read_only", json_object_new_boolean(c->who->read_only));
	jadd(k, "expires_at", json_time(c->who->expires_at));
	jadd(o, "key", k);
	jadd(o, "watches", json_object_new_int64(jget_int64(counts, "watches", 0)));
	jadd(o, "watch_limit", json_object_new_int64(m->max_watches));
	jadd(al, "total", json_object_new_int64(jget_int64(counts, "alerts", 0)));
	jadd(al, "unacknowledged", json_object_new_int64(jget_int64(counts, "unacknowledged", 0)));
	jadd(o, "alerts", al);
	jadd(o, "pending_evaluation", json_object_new_int64(jget_int64(counts, "pending_evaluation", 0)));
	long long seen = jget_int64(worker, "seen_at", 0), now = (long long)time(NULL);
	const char *wcat = jget_str(worker, "catalog");
	jadd(ev, "state", json_object_new_string(!worker ? "never_ran" : now - seen > EVALUATOR_STALE_SECONDS
		? "not_running" : wcat && strcmp(wcat, sha) == 0 ? "running" : "running_other_catalog"));
	jadd(ev, "last_seen_at", json_time(seen));
	jadd(ev, "catalog_version", jcopy_str(worker, "catalog_version"));
	jadd(ev, "dataset_version", jcopy_str(worker, "dataset_version"));
	jadd(o, "evaluator", ev);
	json_object_put(counts);
	json_object_put(worker);
	reply_ok(out, o);
}

/* Refuses a webhook address that is malformed or names a non-public address the operator did not
 * allow. Names are resolved and checked again at each delivery, where the answer can change. */
static bool webhook_target_ok(const struct monitoring *m, const char *url, struct reply *out)
{
	struct webhook_url u;
	char why[300];
	bool ok = webhook_url_parse(url, &u, why, sizeof why) == 0;
	if (ok && !u.literal && host_is_localhost(u.host)) {
		struct sockaddr_in *lo = (struct sockaddr_in *)&u.addr;
		lo->sin_family = AF_INET;
		lo->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		u.literal = true;
	}
	if (ok && u.literal) ok = net_allowed(&m->allow, (const struct sockaddr *)&u.addr, why, sizeof why);
	if (!ok) reply_error(out, 400, "invalid_request", "body", "/webhook/url", "webhook.url: %s", why);
	return ok;
}

static const char *text_of(struct json_object *o)
{
	return o ? json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
}

/* What the watch keeps: the snapshot, or the entries followed with their baseline in the catalog served;
 * NULL after replying 400. The caller puts it. */
static struct json_object *watch_document(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct json_object *snapshot = jget(in, "snapshot"), *entries = jget(in, "entries");
	if (!snapshot == !entries) {
		reply_error(out, 400, "invalid_request", "body", snapshot ? "/entries" : "/snapshot",
			"a watch follows a snapshot or directory entries: give exactly one of snapshot and entries");
		return NULL;
	}
	if (snapshot) return json_object_get(snapshot);
	if (jget(in, "granted_scopes")) {
		reply_error(out, 400, "invalid_request", "body", "/granted_scopes",
			"granted_scopes judges a snapshot's scope changes; a watch on directory entries has none");
		return NULL;
	}
	char err[600], ptr[40];
	int at = 0;
	struct json_object *doc = watch_entries_baseline(c->cat, entries, err, sizeof err, &at);
	snprintf(ptr, sizeof ptr, "/entries/%d", at);
	if (!doc) reply_error(out, 400, "invalid_request", "body", ptr, "%s", err);
	return doc;
}

void h_watch_create(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct monitoring *m = c->env;
	struct store *st = monitoring_store(m);
	struct json_object *granted = jget(in, "granted_scopes"), *hook = jget(in, "webhook");
	const char *url = hook ? jget_str(hook, "url") : NULL;
	if (url && !webhook_target_ok(m, url, out)) return;
	struct json_object *snapshot = watch_document(c, in, out);
	if (!snapshot) return;
	long long seq = 0, now = (long long)time(NULL);
	if (!st || monitoring_catalog(m, st, c->cat, &seq) != DB_OK) { json_object_put(snapshot); store_failed(st, out); return; }
	struct json_object *impact = watch_impact(c->cat, snapshot, granted);
	char id[24], secret[WEBHOOK_SECRET_MAX];
	if (!impact || random_id("wat_", 16, id, sizeof id) < 0 || (url && webhook_secret_new(secret) < 0)) {
		json_object_put(impact);
		json_object_put(snapshot);
		reply_error(out, 500, "internal_error", NULL, NULL, "cannot evaluate the snapshot or draw a random identifier");
		return;
	}
	char *snap_text = strdup(text_of(snapshot)), *granted_text = granted ? strdup(text_of(granted)) : NULL;
	struct store_watch_new w = { .id = id, .name = jget_str(in, "name"), .snapshot = snap_text,
		.granted_scopes = granted_text, .webhook_url = url, .webhook_secret = url ? secret : NULL,
		.catalog_sha = m->catalog_sha, .catalog_seq = seq, .status = jget_str(impact, "status"),
		.impact = text_of(impact) };
	int rc = store_watch_create(st, c->who->project_id, &w, m->max_watches, now);
	if (rc == DB_CONSTRAINT && random_id("wat_", 16, id, sizeof id) == 0) /* an identifier drawn twice */
		rc = store_watch_create(st, c->who->project_id, &w, m->max_watches, now);
	free(snap_text);
	free(granted_text);
	json_object_put(snapshot);
	struct json_object *row = NULL;
	if (rc == STORE_LIMIT)
		reply_error(out, 409, "watch_limit_reached", "body", NULL, "this project has %lld watches, the most this server "
			"allows (AUTOPLAN_MAX_WATCHES); delete one first", m->max_watches);
	else if (rc != DB_OK || store_watch_get(st, c->who->project_id, id, &row) != DB_OK || !row)
		store_failed(st, out);
	else {
		struct json_object *o = watch_view(row, true);
		mark_acknowledged(jget(impact, "changes"), NULL);
		jadd(o, "impact", json_object_get(impact));
		if (url) json_object_object_add(jget(o, "webhook"), "secret", json_object_new_string(secret));
		reply_status(out, 201, o);
	}
	json_object_put(row);
	json_object_put(impact);
}

void h_watch_list(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct store *st = monitoring_store(c->env);
	long long limit = jget_int64(in, "limit", 0), offset = jget_int64(in, "offset", 0), total = 0;
	struct json_object *rows = NULL;
	if (!st || store_watch_list(st, c->who->project_id, limit, offset, &rows, &total) != DB_OK) {
		store_failed(st, out);
		return;
	}
	struct json_object *o = json_object_new_object(), *list = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(rows); i++)
		json_object_array_add(list, watch_view(json_object_array_get_idx(rows, i), false));
	long long next = offset + (long long)json_object_array_length(rows);
	jadd(o, "watches", list);
	jadd(o, "total", json_object_new_int64(total));
	jadd(o, "offset", json_object_new_int64(offset));
	jadd(o, "next_offset", next < total ? json_object_new_int64(next) : NULL);
	json_object_put(rows);
	reply_ok(out, o);
}

void h_watch_get(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct store *st = monitoring_store(c->env);
	const char *id = jget_str(in, "id");
	struct json_object *row = NULL, *o = NULL;
	if (!st || store_watch_get(st, c->who->project_id, id, &row) != DB_OK) store_failed(st, out);
	else if (!row) not_found(out, "watch", id);
	else if (watch_full(c, st, row, &o) != DB_OK) store_failed(st, out);
	else reply_ok(out, o);
	json_object_put(row);
}

void h_watch_delete(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct store *st = monitoring_store(c->env);
	const char *id = jget_str(in, "id");
	int rc = st ? store_watch_delete(st, c->who->project_id, id) : DB_ERROR;
	if (rc == STORE_NOT_FOUND) not_found(out, "watch", id);
	else if (rc != DB_OK) store_failed(st, out);
	else reply_status(out, 204, NULL);
}

/* The acknowledged fingerprints of a watch, read once per answer (cache: watch id -> rows). */
static struct json_object *acks_of(struct store *st, struct json_object *cache, const char *watch_id, int *rc)
{
	struct json_object *rows = NULL;
	if (json_object_object_get_ex(cache, watch_id, &rows)) return rows;
	if ((*rc = store_acks(st, watch_id, &rows)) != DB_OK) return NULL;
	json_object_object_add(cache, watch_id, rows);
	return rows;
}

void h_alert_list(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct store *st = monitoring_store(c->env);
	long long since = jget_int64(in, "since", 0), limit = jget_int64(in, "limit", 0);
	struct json_object *rows = NULL;
	if (!st || store_alert_list(st, c->who->project_id, since, limit + 1, &rows) != DB_OK) {
		store_failed(st, out);
		return;
	}
	struct json_object *o = json_object_new_object(), *list = json_object_new_array(), *cache = json_object_new_object();
	size_t n = json_object_array_length(rows);
	long long next = since;
	int rc = DB_OK;
	for (size_t i = 0; i < n && (long long)i < limit && rc == DB_OK; i++) {
		struct json_object *row = json_object_array_get_idx(rows, i);
		struct json_object *acked = acks_of(st, cache, jget_str(row, "watch_id"), &rc);
		json_object_array_add(list, alert_view(row, acked));
		next = jget_int64(row, "seq", 0);
	}
	jadd(o, "alerts", list);
	jadd(o, "next_since", json_object_new_int64(next));
	jadd(o, "has_more", json_object_new_boolean((long long)n > limit));
	json_object_put(rows);
	json_object_put(cache);
	if (rc != DB_OK) { json_object_put(o); store_failed(st, out); return; }
	reply_ok(out, o);
}

void h_alert_ack(const struct hctx *c, struct json_object *in, struct reply *out)
{
	struct store *st = monitoring_store(c->env);
	const char *id = jget_str(in, "id");
	char by[64];
	snprintf(by, sizeof by, "key %s", c->who->key_id);
	int rc = st ? store_alert_ack(st, c->who->project_id, id, by, (long long)time(NULL)) : DB_ERROR;
	struct json_object *row = NULL, *acked = NULL;
	if (rc == STORE_NOT_FOUND || rc == DB_CONSTRAINT) not_found(out, "alert", id); /* constraint: its watch went meanwhile */
	else if (rc != DB_OK || store_alert_get(st, c->who->project_id, id, &row) != DB_OK) store_failed(st, out);
	else if (!row) not_found(out, "alert", id);
	else if (store_acks(st, jget_str(row, "watch_id"), &acked) != DB_OK) store_failed(st, out);
	else reply_ok(out, alert_view(row, acked));
	json_object_put(row);
	json_object_put(acked);
}
