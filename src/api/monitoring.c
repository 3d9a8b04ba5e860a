#include "api/monitoring.h"
#include "api/handlers.h"
#include "api/shapes.h"
#include "api/watch_entries.h"
#include "monitor/apikey.h"
#include "monitor/impact.h"
#include "util/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

int monitoring_init(struct monitoring *m, const char *conn, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	conn = store_conn(conn);
	if (strlen(conn) >= sizeof m->conn) {
		snprintf(err, errlen, "the monitoring store's connection string is longer than %zu bytes", sizeof m->conn - 1);
		return -1;
	}
	if (strcmp(conn, "off") != 0) snprintf(m->conn, sizeof m->conn, "%s", conn);
	m->max_watches = MONITOR_DEFAULT_MAX_WATCHES;
	const char *mw = getenv("AUTOPLAN_MAX_WATCHES");
	if (mw && *mw) {
		char *end;
		long long v = strtoll(mw, &end, 10);
		if (*end || v < 1 || v > 100000) {
			snprintf(err, errlen, "AUTOPLAN_MAX_WATCHES must be a number from 1 to 100000");
			return -1;
		}
		m->max_watches = v;
	}
	char why[200];
	if (net_allow_parse(getenv("AUTOPLAN_WEBHOOK_ALLOW"), &m->allow, why, sizeof why) < 0) {
		snprintf(err, errlen, "AUTOPLAN_WEBHOOK_ALLOW: %s", why);
		return -1;
	}
	return 0;
}

void monitoring_free(struct monitoring *m)
{
	if (m->st && m->pid == getpid()) store_close(m->st);
	m->st = NULL;
}

struct store *monitoring_store(struct monitoring *m)
{
	if (!m->conn[0]) return NULL;
	if (m->st && m->pid == getpid()) return m->st;
	m->st = NULL; /* a connection from before a fork belongs to the parent: never use or close it here */
	m->catalog_seq = 0;
	char err[600];
	if (store_open(&m->st, m->conn, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan[%d]: error: monitoring store: %s\n", (int)getpid(), err);
		return NULL;
	}
	m->pid = getpid();
	return m->st;
}

/* ---- the bearer-key step ---- */

/* A digest no key hashes to, compared against when the key id is unknown so both paths do the same work. */
static const char NO_KEY[] = "0000000000000000000000000000000000000000000000000000000000000000";

static int refuse(struct reply *out, int status, const char *token_error, const char *fmt, const char *arg)
{
	reply_error(out, status, status == 401 ? "unauthorized" : status == 403 ? "forbidden" : "monitoring_unavailable",
		status == 503 ? NULL : "header", status == 503 ? NULL : "/Authorization", fmt, arg);
	if (status == 401 || status == 403)
		snprintf(out->www_authenticate, sizeof out->www_authenticate, "Bearer realm=\"" MONITOR_REALM "\"%s%s%s",
			token_error ? ", error=\"" : "", token_error ? token_error : "", token_error ? "\"" : "");
	return -1;
}

static void time_text(long long t, char *out, size_t n)
{
	time_t tt = (time_t)t;
	struct tm tm;
	gmtime_r(&tt, &tm);
	strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int monitoring_auth(void *env, const struct request *req, bool write, struct principal *who, struct reply *out)
{
	struct monitoring *m = env;
	const char *h = req->authorization;
	if (!h || !*h) return refuse(out, 401, NULL, "%s", "this interface needs Authorization: Bearer <API_KEY> (a project key from autoplan-admin)");
	if (strncasecmp(h, "Bearer", 6) != 0 || (h[6] != ' ' && h[6] != '\t'))
		return refuse(out, 401, "invalid_request", "%s", "the Authorization header must use the Bearer scheme");
	const char *tok = h + 6;
	while (*tok == ' ' || *tok == '\t') tok++;
	size_t len = strcspn(tok, " \t");
	const char *rest = tok + len;
	while (*rest == ' ' || *rest == '\t') rest++;
	char kid[APIKEY_ID_LEN + 1];
	if (*rest || apikey_parse(tok, len, kid) < 0)
		return refuse(out, 401, "invalid_token", "%s", "the bearer key is malformed: wrong length, characters or checksum");
	if (!m->conn[0]) return refuse(out, 503, NULL, "%s", "the monitoring interface is switched off on this server");
	struct store *st = monitoring_store(m);
	if (!st) return refuse(out, 503, NULL, "%s", "the monitoring store cannot be opened; the server's log says why");
	struct json_object *row = NULL;
	int rc = store_key_get(st, kid, &row);
	if (rc != DB_OK) return refuse(out, 503, NULL, "%s", "the monitoring store did not answer; retry later");
	char hash[65];
	bool match = apikey_hash(tok, len, hash) == 0 && apikey_hash_equal(hash, row ? jget_str(row, "key_hash") : NO_KEY);
	long long now = (long long)time(NULL), expires = row ? json_object_get_int64(jget(row, "expires_at")) : 0;
	char when[32];
	if (!row || !match) rc = refuse(out, 401, "invalid_token", "%s", "the bearer key is not known");
	else if (jget(row, "revoked_at")) rc = refuse(out, 401, "invalid_token", "%s", "the bearer key was revoked");
	else if (expires && expires <= now) {
		time_text(expires, when, sizeof when);
		rc = refuse(out, 401, "invalid_token", "the bearer key expired at %s", when);
	} else if (write && json_object_get_int(jget(row, "read_only")))
		rc = refuse(out, 403, "insufficient_scope", "%s", "this key is read-only: it may not change anything");
	if (rc == 0) {
		snprintf(who->project_id, sizeof who->project_id, "%s", jget_str(row, "project_id"));
		snprintf(who->project_name, sizeof who->project_name, "%s", jget_str(row, "project_name"));
		snprintf(who->key_id, sizeof who->key_id, "%s", kid);
		who->read_only = json_object_get_int(jget(row, "read_only")) != 0;
		who->expires_at = expires;
		/* use is recorded to the minute, so that reads do not each take the store's write lock; a
		 * failure to record it does not refuse the request */
		if (now - json_object_get_int64(jget(row, "last_used_at")) >= 60) store_key_touch(st, kid, now);
	}
	json_object_put(row);
	return rc;
}

/* ---- catalog identity and impact ---- */

void catalog_sha_hex(const struct catalog *cat, char out[65])
{
	for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", cat->h->sha256[i]);
}

int monitoring_catalog(struct monitoring *m, struct store *st, const struct catalog *cat, long long *seq)
{
	char sha[65];
	catalog_sha_hex(cat, sha);
	if (m->catalog_seq && strcmp(sha, m->catalog_sha) == 0) { *seq = m->catalog_seq; return DB_OK; }
	int rc = store_catalog_register(st, sha, cat_s(cat, cat->meta->catalog_version), cat_s(cat, cat->meta->dataset_version),
		cat_s(cat, cat->meta->rule_version), (long long)time(NULL), seq);
	if (rc == DB_OK) {
		memcpy(m->catalog_sha, sha, sizeof sha);
		m->catalog_seq = *seq;
	}
	return rc;
}

struct json_object *watch_impact(const struct catalog *cat, const struct json_object *snapshot,
	const struct json_object *granted)
{
	if (watch_entries_is(snapshot)) { /* a watch on directory entries: their tools, no scopes to judge */
		struct json_object *impact = watch_entries_impact(cat, snapshot);
		add_version_triple(cat, impact);
		impact_judge(impact, NULL);
		return impact;
	}
	struct schema_error e;
	struct json_object *snap = schema_validate(&SNAPSHOT, snapshot, NULL, "body", &e);
	if (!snap) return NULL;
	struct json_object *in = json_object_new_object();
	json_object_object_add(in, "snapshot", snap);
	/* a watch is read in both languages, as an answer without Accept-Language has them */
	struct hctx hc = { .cat = cat, .langs = { LANG_EN, LANG_DE }, .nlangs = 2 };
	struct reply r = { 0 };
	h_impact(&hc, in, &r);
	reply_close(&r);
	json_object_put(in);
	struct json_object *plain = NULL;
	size_t len = 0;
	if (r.status == 200)
		/* a plain tree: the answer may hold pre-serialised nodes, which cannot be read member by member */
		plain = json_tokener_parse(reply_text(&r, &len));
	reply_free(&r);
	if (!plain) return NULL;
	add_version_triple(cat, plain);
	impact_judge(plain, granted);
	return plain;
}

/* ---- views ---- */

struct json_object *json_time(long long t)
{
	if (t <= 0) return NULL;
	char buf[32];
	time_text(t, buf, sizeof buf);
	return json_object_new_string(buf);
}

bool fingerprint_acked(const struct json_object *acked, const char *fp)
{
	for (size_t i = 0; fp && acked && i < json_object_array_length(acked); i++) {
		const char *f = jget_str(json_object_array_get_idx(acked, i), "fingerprint");
		if (f && strcmp(f, fp) == 0) return true;
	}
	return false;
}

void mark_acknowledged(struct json_object *list, const struct json_object *acked)
{
	for (size_t i = 0; json_object_is_type(list, json_type_array) && i < json_object_array_length(list); i++) {
		struct json_object *ch = json_object_array_get_idx(list, i);
		json_object_object_add(ch, "acknowledged", json_object_new_boolean(fingerprint_acked(acked, jget_str(ch, "fingerprint"))));
	}
}

static struct json_object *side(const struct json_object *row, const char *status, const char *prefix)
{
	static const char *const keys[] = { "catalog_version", "dataset_version", "rule_version" };
	struct json_object *o = json_object_new_object();
	jadd(o, "status", jcopy_str(row, status));
	for (int i = 0; i < 3; i++) {
		char k[64];
		snprintf(k, sizeof k, "%s_%s", prefix, keys[i]);
		json_object_object_add(o, keys[i], jcopy_str(row, k));
	}
	return o;
}

static struct json_object *delivery_view(const struct json_object *row)
{
	if (!jget(row, "delivery_state")) return NULL;
	struct json_object *d = json_object_new_object();
	const char *state = jget_str(row, "delivery_state");
	jadd(d, "url", jcopy_str(row, "delivery_url"));
	jadd(d, "state", jcopy_str(row, "delivery_state"));
	jadd(d, "attempts", json_object_new_int64(jget_int64(row, "delivery_attempts", 0)));
	jadd(d, "last_attempt_at", json_time(jget_int64(row, "delivery_last_at", 0)));
	jadd(d, "last_status", jget(row, "delivery_last_status") ? json_object_new_int64(jget_int64(row, "delivery_last_status", 0)) : NULL);
	jadd(d, "last_error", jcopy_str(row, "delivery_last_error"));
	jadd(d, "next_attempt_at", state && strcmp(state, "pending") == 0 ? json_time(jget_int64(row, "delivery_next_at", 0)) : NULL);
	jadd(d, "delivered_at", json_time(jget_int64(row, "delivery_delivered_at", 0)));
	return d;
}

struct json_object *alert_view(const struct json_object *row, const struct json_object *acked)
{
	struct json_object *o = json_object_new_object(), *w = json_object_new_object();
	jadd(o, "id", jcopy_str(row, "id"));
	if (jget(row, "seq")) jadd(o, "seq", json_object_new_int64(jget_int64(row, "seq", 0)));
	jadd(w, "id", jcopy_str(row, "watch_id"));
	jadd(w, "name", jcopy_str(row, "watch_name"));
	jadd(o, "watch", w);
	jadd(o, "created_at", json_time(jget_int64(row, "created_at", 0)));
	jadd(o, "status", jcopy_str(row, "status_after"));
	jadd(o, "before", side(row, "status_before", "before"));
	jadd(o, "after", side(row, "status_after", "after"));
	struct json_object *changes = json_tokener_parse(jget_str(row, "changes") ? jget_str(row, "changes") : "[]"),
		*resolved = json_tokener_parse(jget_str(row, "resolved") ? jget_str(row, "resolved") : "[]");
	mark_acknowledged(changes, acked);
	mark_acknowledged(resolved, acked);
	jadd(o, "changes", changes);
	jadd(o, "resolved", resolved);
	jadd(o, "acknowledged", json_object_new_boolean(jget(row, "acknowledged_at") != NULL));
	jadd(o, "acknowledged_at", json_time(jget_int64(row, "acknowledged_at", 0)));
	jadd(o, "acknowledged_by", jcopy_str(row, "acknowledged_by"));
	if (json_object_object_get_ex(row, "delivery_state", NULL)) jadd(o, "delivery", delivery_view(row));
	return o;
}
