/* The fault suite's clients.
 *   load BASE_URL CONNECTIONS SECONDS   keep-alive HTTP load rotating over seven endpoints through nginx;
 *                                       prints counts, the catalog versions answered and any rollback.
 *                                       SECONDS is the most it runs: SIGUSR1 ends it sooner, and it
 *                                       creates the file LOAD_READY names once the first answer came.
 *                                       LOAD_KEY (a monitoring key) adds two monitoring GETs to the
 *                                       rotation. Failures are counted by status and by kind: GET and
 *                                       HEAD, POST (planning and directory), monitoring. SIGUSR2 sets the mark: failures of requests sent after
 *                                       it are counted apart (late), as are 503s with a JSON body (json503)
 *   load slow HOST PORT N SECONDS       N FastCGI clients on the responder's own socket, each sending its
 *                                       request a byte a second
 *   load huge HOST PORT MEGABYTES       one FastCGI request with a parameter of that size; prints the answer's
 *                                       status line
 * A rollback is an answer from an older catalog to a request sent after a newer one was answered:
 * the mixing of versions a catalog swap must never show. Behind several hosts the answering host is the
 * last address of nginx's X-Upstream header; a host rollback is one host answering from an older catalog
 * after it answered from a newer one, counted as host_reverts (during a roll-out hosts differ, but none
 * may go back). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum kind { PLAN, MON, KINDS }; /* planning and directory; monitoring */
static const struct { const char *path, *body; enum kind kind; bool head; } mix[] = {
	{ "/v2/capabilities?query=datei&limit=5", NULL, PLAN, false },
	{ "/v2/capability-gaps?app=mailB", NULL, PLAN, false },
	{ "/v2/tasks", NULL, PLAN, false },
	{ "/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}", PLAN, false },
	{ "/v2/connections/mcp/io-github-github-github-mcp-server", NULL, PLAN, false },
	{ "/v2/compatibility/check", "{\"id\":\"mcp/io-github-github-github-mcp-server\",\"client\":\"cursor\"}", PLAN, false },
	{ "/v2/apps", NULL, PLAN, true },
	{ "/v2/monitoring/status", NULL, MON, false },
	{ "/v2/monitoring/watches?limit=5", NULL, MON, false },
};
#define NMIX (sizeof mix / sizeof mix[0])
#define MAXV 8
#define MAXH 8

static const char *base, *ready_file;
static char auth[200];
static size_t nmix = NMIX - 2; /* the monitoring entries only with LOAD_KEY */
static double deadline;
static volatile sig_atomic_t stop_load;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total, ok, failed, transport, rollbacks, host_rollbacks, late, json503;
static long sent_by[2][KINDS], failed_by[2][KINDS]; /* [POST?][kind] */
static long status_count[600];
static double first_fail = -1, last_fail = -1, t0;
static volatile double mark = -1; /* set by SIGUSR2 (clock_gettime is async-signal-safe) */
static char version[MAXV][64];
static double version_seen[MAXV];
static long version_count[MAXV];
static int nversions;
static char host[MAXH][64];
static double host_seen[MAXH][MAXV]; /* when each host first answered each version; 0: not yet */
static long host_count[MAXH];
static int nhosts;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct body {
	char buf[1 << 16];
	size_t n;
	char host[64]; /* the answering host, from X-Upstream */
	bool json;     /* Content-Type application/json */
};

static size_t collect(char *d, size_t s, size_t n, void *u)
{
	struct body *b = u;
	size_t k = s * n, room = sizeof b->buf - 1 - b->n;
	memcpy(b->buf + b->n, d, k < room ? k : room);
	b->n += k < room ? k : room;
	b->buf[b->n] = '\0';
	return k;
}

/* X-Upstream: a, b : c lists every host tried; the last one answered. */
static size_t header(char *d, size_t s, size_t n, void *u)
{
	struct body *b = u;
	size_t k = s * n;
	char line[256];
	snprintf(line, sizeof line, "%.*s", (int)(k < sizeof line ? k : sizeof line - 1), d);
	line[strcspn(line, "\r\n")] = '\0';
	if (strncasecmp(line, "X-Upstream:", 11) == 0) {
		const char *last = line + 11;
		for (const char *p = last; *p; p++)
			if ((*p == ',' || *p == ':') && p[1] == ' ') last = p + 1;
		while (*last == ' ') last++;
		snprintf(b->host, sizeof b->host, "%.63s", last);
	}
	if (strncasecmp(line, "Content-Type: application/json", 30) == 0) b->json = true;
	return k;
}

static int index_of(char names[][64], int *count, int max, const char *name)
{
	int i = 0;
	while (i < *count && strcmp(names[i], name) != 0) i++;
	if (i == *count && *count < max) snprintf(names[(*count)++], 64, "%s", name);
	return i < *count ? i : -1;
}

/* A version answered by a host: counts a rollback of the whole and of the host. */
static void record_version(double sent, double done, const char *v, const char *h)
{
	int prev = nversions, i = index_of(version, &nversions, MAXV, v);
	if (i < 0) return;
	if (i == prev) version_seen[i] = done;
	version_count[i]++;
	for (int k = i + 1; k < nversions; k++)
		if (sent > version_seen[k]) { rollbacks++; break; }
	int j = *h ? index_of(host, &nhosts, MAXH, h) : -1;
	if (j < 0) return;
	if (host_seen[j][i] == 0) host_seen[j][i] = done;
	for (int k = i + 1; k < nversions; k++)
		if (host_seen[j][k] > 0 && sent > host_seen[j][k]) { host_rollbacks++; break; }
}

/* Records one answer; sent is when its request left. */
static void record(double sent, double done, int code, bool post, enum kind kind, const struct body *b, const char *v)
{
	pthread_mutex_lock(&lock);
	total++;
	sent_by[post][kind]++;
	status_count[code >= 0 && code < 600 ? code : 0]++;
	if (code >= 200 && code < 300) {
		if (ok++ == 0 && ready_file) { /* the fault suite waits for this before it applies a fault */
			FILE *f = fopen(ready_file, "w");
			if (f) fclose(f);
		}
	} else {
		failed++;
		failed_by[post][kind]++;
		if (code == 0) transport++;
		if (code == 503 && b->json) json503++;
		if (mark >= 0 && sent > mark) late++;
		if (first_fail < 0) first_fail = done - t0;
		last_fail = done - t0;
	}
	int j = *b->host ? index_of(host, &nhosts, MAXH, b->host) : -1;
	if (j >= 0) host_count[j]++;
	if (v && *v) record_version(sent, done, v, b->host);
	pthread_mutex_unlock(&lock);
}

static void *run(void *arg)
{
	unsigned k = (unsigned)(size_t)arg;
	CURL *c = curl_easy_init();
	struct curl_slist *h = curl_slist_append(NULL, "Content-Type: application/json");
	h = curl_slist_append(h, "Expect:");
	if (*auth) h = curl_slist_append(h, auth);
	char url[512];
	static __thread struct body b;
	while (now_s() < deadline && !stop_load) {
		size_t i = k++ % nmix;
		snprintf(url, sizeof url, "%s%s", base, mix[i].path);
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
		curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
		curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, header);
		curl_easy_setopt(c, CURLOPT_HEADERDATA, &b);
		curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
		curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
		curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
		curl_easy_setopt(c, CURLOPT_NOBODY, mix[i].head ? 1L : 0L);
		if (mix[i].body) curl_easy_setopt(c, CURLOPT_POSTFIELDS, mix[i].body);
		else if (!mix[i].head) curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
		b.n = 0;
		b.buf[0] = b.host[0] = '\0';
		b.json = false;
		double sent = now_s();
		long code = 0;
		CURLcode rc = curl_easy_perform(c);
		if (rc == CURLE_OK) curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
		if (code < 200 || code >= 300) /* what failed, for the suite's log */
			fprintf(stderr, "load: %s %s at %.3f s: %s (HTTP %ld, host %s)\n",
				mix[i].body ? "POST" : mix[i].head ? "HEAD" : "GET", mix[i].path,
				sent - t0, rc == CURLE_OK ? "answered" : curl_easy_strerror(rc), code, *b.host ? b.host : "-");
		char v[64] = "";
		const char *p = strstr(b.buf, "\"catalog_version\":\"");
		if (p && code == 200 && mix[i].kind == PLAN) sscanf(p + 19, "%63[^\"]", v);
		record(sent, now_s(), (int)code, mix[i].body != NULL, mix[i].kind, &b, v);
	}
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	return NULL;
}

static void on_stop(int sig)
{
	if (sig == SIGUSR2) mark = now_s();
	else stop_load = 1;
}

static void print_counts(void)
{
	printf("requests=%ld ok=%ld failed=%ld transport=%ld rollbacks=%ld fail_span_ms=%.0f", total, ok, failed,
		transport, rollbacks, first_fail < 0 ? 0.0 : (last_fail - first_fail) * 1000);
	printf(" get_head=%ld/%ld post=%ld/%ld mon=%ld/%ld late=%ld json503=%ld host_reverts=%ld statuses=",
		failed_by[0][PLAN], sent_by[0][PLAN], failed_by[1][PLAN], sent_by[1][PLAN], failed_by[0][MON] + failed_by[1][MON],
		sent_by[0][MON] + sent_by[1][MON], late, json503, host_rollbacks);
	const char *sep = "";
	for (int c = 0; c < 600; c++)
		if (status_count[c] && (c < 200 || c >= 300)) { printf("%s%d:%ld", sep, c, status_count[c]); sep = ","; }
	if (!*sep) printf("none");
	printf(" hosts=");
	for (int j = 0; j < nhosts; j++) printf("%s%s:%ld", j ? "," : "", host[j], host_count[j]);
	if (!nhosts) printf("none");
	printf(" versions=");
	for (int i = 0; i < nversions; i++) printf("%s%s:%ld", i ? "," : "", version[i], version_count[i]);
	printf("\n");
}

static int http_load(int argc, char **argv)
{
	if (argc != 4) return 2;
	base = argv[1];
	int n = atoi(argv[2]);
	double seconds = atof(argv[3]);
	ready_file = getenv("LOAD_READY");
	const char *key = getenv("LOAD_KEY");
	if (key && *key) {
		snprintf(auth, sizeof auth, "Authorization: Bearer %s", key);
		nmix = NMIX;
	}
	struct sigaction sa = { .sa_handler = on_stop };
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	curl_global_init(CURL_GLOBAL_ALL);
	t0 = now_s();
	deadline = t0 + seconds;
	pthread_t th[64];
	if (n < 1 || n > 64) return 2;
	/* SIGUSR1 and SIGUSR2 reach this thread alone: a request in flight is never interrupted by them */
	sigset_t usr;
	sigemptyset(&usr);
	sigaddset(&usr, SIGUSR1);
	sigaddset(&usr, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &usr, NULL);
	for (int i = 0; i < n; i++) pthread_create(&th[i], NULL, run, (void *)(size_t)i);
	pthread_sigmask(SIG_UNBLOCK, &usr, NULL);
	for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
	print_counts();
	curl_global_cleanup();
	return 0;
}

static int dial(const char *host, int port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	inet_pton(AF_INET, host, &a.sin_addr);
	if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A FastCGI begin record and the header of a parameter record of plen bytes. */
static size_t fcgi_head(unsigned char *o, size_t plen)
{
	static const unsigned char begin[16] = { 1, 1, 0, 1, 0, 8, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 };
	memcpy(o, begin, 16);
	unsigned char *h = o + 16;
	h[0] = 1; h[1] = 4; h[2] = 0; h[3] = 1;
	h[4] = (unsigned char)(plen >> 8); h[5] = (unsigned char)plen; h[6] = 0; h[7] = 0;
	return 24;
}

static int slow(int argc, char **argv)
{
	if (argc != 5) return 2;
	int n = atoi(argv[3]), seconds = atoi(argv[4]);
	int fds[256];
	unsigned char msg[64];
	size_t len = fcgi_head(msg, 20);
	memset(msg + len, 'a', 20);
	len += 20;
	for (int i = 0; i < n && i < 256; i++) fds[i] = dial(argv[1], atoi(argv[2]));
	int refused = 0;
	for (int s = 0; s < seconds; s++) {
		for (int i = 0; i < n && i < 256; i++) {
			if (fds[i] < 0) continue;
			if (send(fds[i], msg + (size_t)s % len, 1, MSG_NOSIGNAL) < 0) { /* answered and closed: dial again */
				close(fds[i]);
				refused++;
				fds[i] = dial(argv[1], atoi(argv[2]));
			}
		}
		sleep(1);
	}
	printf("slow clients: %d, connections the responder ended: %d\n", n, refused);
	return 0;
}

static int huge(int argc, char **argv)
{
	if (argc != 4) return 2;
	size_t mb = (size_t)atol(argv[3]), vlen = mb << 20;
	int fd = dial(argv[1], atoi(argv[2]));
	if (fd < 0) return 1;
	unsigned char head[64];
	size_t n = fcgi_head(head, 0);
	/* one pair: name "HTTP_X", a value of vlen bytes, spread over full records */
	unsigned char pair[16] = { 6, (unsigned char)(0x80 | vlen >> 24), (unsigned char)(vlen >> 16),
		(unsigned char)(vlen >> 8), (unsigned char)vlen, 'H', 'T', 'T', 'P', '_', 'X' };
	send(fd, head, 16, MSG_NOSIGNAL);
	static unsigned char rec[8 + 65535];
	size_t sent = 0, total = 11 + vlen;
	int rc = 0;
	while (sent < total && rc >= 0) {
		size_t chunk = total - sent < 65535 ? total - sent : 65535;
		rec[0] = 1; rec[1] = 4; rec[2] = 0; rec[3] = 1;
		rec[4] = (unsigned char)(chunk >> 8); rec[5] = (unsigned char)chunk; rec[6] = 0; rec[7] = 0;
		memset(rec + 8, 'x', chunk);
		if (sent == 0) memcpy(rec + 8, pair, 11);
		rc = (int)send(fd, rec, 8 + chunk, MSG_NOSIGNAL);
		sent += chunk;
	}
	(void)n;
	char answer[4096] = "";
	ssize_t got = recv(fd, answer, sizeof answer - 1, 0);
	if (got > 0) answer[got] = '\0';
	char *status = memmem(answer, got > 0 ? (size_t)got : 0, "Status: ", 8);
	printf("huge parameter of %zu MB: sent %zu bytes before the answer; answer: %.40s\n", mb, sent,
		status ? status : "(connection closed)");
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 2;
	if (argc > 1 && strcmp(argv[1], "slow") == 0) rc = slow(argc - 1, argv + 1);
	else if (argc > 1 && strcmp(argv[1], "huge") == 0) rc = huge(argc - 1, argv + 1);
	else rc = http_load(argc, argv);
	if (rc == 2) fprintf(stderr, "usage: load BASE_URL CONNECTIONS SECONDS | load slow HOST PORT N SECONDS | "
		"load huge HOST PORT MEGABYTES\n");
	return rc;
}
