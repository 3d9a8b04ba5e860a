/* autoplan-monitor: the evaluator and webhook sender of the monitoring interface. It maps the same
 * compiled catalog as the responders; when a new one is deployed (replaced by rename) it evaluates
 * every watch against it and records the alerts, then sends due webhook deliveries. Several may run
 * against one store (on several hosts with PostgreSQL): each watch moves once per catalog and each
 * delivery attempt is leased to one of them. The responder makes no outbound calls; this does. */
#include "api/monitoring.h"
#include "catalog/catalog.h"
#include "tools/monitor/deliver.h"
#include "tools/monitor/evaluate.h"

#include <curl/curl.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef AUTOPLAN_DEFAULT_CATALOG
#define AUTOPLAN_DEFAULT_CATALOG "catalog.bin"
#endif

static volatile sig_atomic_t stopping;
static void on_stop(int sig) { (void)sig; stopping = 1; }

struct options {
	const char *db, *catalog;
	long long interval;
	bool once;
	struct delivery_opts d;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: autoplan-monitor [--db CONN] [--catalog FILE] [--interval SECONDS] [--once]\n"
		"                        [--max-attempts N] [--retry-base SECONDS] [--timeout SECONDS]\n"
		"Evaluates every watch of the monitoring store against the deployed catalog whenever a new one\n"
		"is deployed, records the alerts, and sends them to the watches' webhooks (signed, retried).\n"
		"  --db CONN          the store: a SQLite path or a PostgreSQL URI (AUTOPLAN_MONITOR_DB)\n"
		"  --catalog FILE     the compiled catalog the responders serve (AUTOPLAN_CATALOG)\n"
		"  --interval S       seconds between passes (default 5)\n"
		"  --once             one pass, then exit (for cron or tests)\n"
		"  --max-attempts N   delivery attempts before a delivery fails (default 8)\n"
		"  --retry-base S     wait before the second attempt; each next wait is 4 times longer, at most\n"
		"                     6 hours (default 10)\n"
		"  --timeout S        seconds per delivery attempt (default 10)\n"
		"Webhook targets on loopback, private or link-local addresses are refused unless AUTOPLAN_WEBHOOK_ALLOW\n"
		"lists them (comma-separated CIDR ranges).\n");
}

static int number(const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi) return -1;
	*out = v;
	return 0;
}

static int parse(int argc, char **argv, struct options *o)
{
	o->db = NULL;
	o->catalog = getenv("AUTOPLAN_CATALOG");
	if (!o->catalog || !*o->catalog) o->catalog = AUTOPLAN_DEFAULT_CATALOG;
	o->interval = 5;
	o->d = (struct delivery_opts){ .max_attempts = 8, .retry_base = 10, .retry_cap = 6 * 3600, .timeout = 10 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long long n = 0;
		if (strcmp(a, "--help") == 0) { usage(stdout); exit(0); }
		if (strcmp(a, "--version") == 0) { printf("autoplan-monitor (autoplan) " PACKAGE_VERSION "\n"); exit(0); }
		if (strcmp(a, "--once") == 0) { o->once = true; continue; }
		if (!v) { usage(stderr); return -1; }
		if (strcmp(a, "--db") == 0) o->db = v;
		else if (strcmp(a, "--catalog") == 0) o->catalog = v;
		else if (strcmp(a, "--interval") == 0 && number(v, 1, 3600, &n) == 0) o->interval = n;
		else if (strcmp(a, "--max-attempts") == 0 && number(v, 1, 100, &n) == 0) o->d.max_attempts = (int)n;
		else if (strcmp(a, "--retry-base") == 0 && number(v, 1, 86400, &n) == 0) o->d.retry_base = n;
		else if (strcmp(a, "--timeout") == 0 && number(v, 1, 600, &n) == 0) o->d.timeout = (long)n;
		else { fprintf(stderr, "autoplan-monitor: bad option or value: %s %s\n", a, v); usage(stderr); return -1; }
		i++;
	}
	return 0;
}

static void sleep_interval(long long seconds)
{
	for (long long i = 0; i < seconds * 10 && !stopping; i++) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
}

/* One pass: register the catalog, evaluate, deliver, beat. Returns 0, or -1 on a store failure. */
static int pass(struct monitoring *m, struct store *st, const struct catalog *cat, const struct options *o,
	const char *worker_id)
{
	long long seq = 0, now = (long long)time(NULL);
	if (monitoring_catalog(m, st, cat, &seq) != DB_OK) return -1;
	struct eval_result er;
	if (evaluate_pass(st, cat, m->catalog_sha, seq, now, &er) < 0) return -1;
	if (er.evaluated || er.skipped)
		fprintf(stderr, "autoplan-monitor: catalog %s (#%lld): %d watches evaluated, %d alerts, %d left to another evaluator\n",
			cat_s(cat, cat->meta->catalog_version), seq, er.evaluated, er.alerts, er.skipped);
	struct deliver_result dr;
	if (deliver_pass(st, &o->d, (long long)time(NULL), &dr) < 0) return -1;
	return store_worker_beat(st, worker_id, m->catalog_sha, (long long)time(NULL)) == DB_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	if (parse(argc, argv, &o) < 0) return 2;
	struct monitoring m;
	char err[600];
	if (monitoring_init(&m, o.db, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan-monitor: %s\n", err);
		return 2;
	}
	if (!m.conn[0]) {
		fprintf(stderr, "autoplan-monitor: the monitoring store is switched off (AUTOPLAN_MONITOR_DB=off)\n");
		return 2;
	}
	if (store_run_as_owner(m.conn, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan-monitor: %s\n", err);
		return 2;
	}
	o.d.allow = &m.allow;
	struct catalog cat = { 0 };
	if (catalog_open(&cat, o.catalog, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan-monitor: %s\n", err);
		return 1;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0) return 1;
	struct sigaction sa = { 0 };
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	char host[128] = "localhost", worker_id[200];
	gethostname(host, sizeof host - 1);
	snprintf(worker_id, sizeof worker_id, "%s:%d", host, (int)getpid());
	fprintf(stderr, "autoplan-monitor: evaluating against catalog %s (%s), every %llds\n", o.catalog,
		cat_s(&cat, cat.meta->catalog_version), o.interval);
	int rc = 0;
	while (!stopping) {
		if (catalog_changed(&cat, o.catalog)) {
			struct catalog fresh;
			if (catalog_open(&fresh, o.catalog, err, sizeof err) == 0) {
				catalog_close(&cat);
				cat = fresh;
				fprintf(stderr, "autoplan-monitor: catalog re-mapped (%s)\n", cat_s(&cat, cat.meta->catalog_version));
			} else {
				fprintf(stderr, "autoplan-monitor: keeping the catalog mapped: %s\n", err);
			}
		}
		struct store *st = monitoring_store(&m);
		rc = st && pass(&m, st, &cat, &o, worker_id) == 0 ? 0 : 1;
		if (rc && st) {
			fprintf(stderr, "autoplan-monitor: store: %s\n", store_error(st));
			monitoring_free(&m); /* reconnect on the next pass */
		}
		if (o.once) break;
		sleep_interval(o.interval);
	}
	monitoring_free(&m);
	catalog_close(&cat);
	curl_global_cleanup();
	return rc;
}
