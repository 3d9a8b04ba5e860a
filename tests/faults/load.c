/* The fault suite's clients.
 *   load BASE_URL CONNECTIONS SECONDS   keep-alive HTTP load rotating over six endpoints through nginx;
 *                                       prints counts, the catalog versions answered and any rollback.
 *                                       SECONDS is the most it runs: SIGUSR1 ends it sooner, and it
 *                                       creates the file LOAD_READY names once the first answer came
 *   load slow HOST PORT N SECONDS       N FastCGI clients on the responder's own socket, each sending its
 *                                       request a byte a second
 *   load huge HOST PORT MEGABYTES       one FastCGI request with a parameter of that size; prints the answer's
 *                                       status line
 * A rollback is an answer from an older catalog to a request sent after a newer one was answered:
 * the mixing of versions a catalog swap must never show. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static const struct { const char *path, *body; } mix[] = {
	{ "/v2/capabilities?query=datei&limit=5", NULL },
	{ "/v2/capability-gaps?app=mailB", NULL },
	{ "/v2/tasks", NULL },
	{ "/v2/workflows/plan", "{\"task_id\":\"mailA-attachments-driveA\"}" },
	{ "/v2/connections/mcp/io-github-github-github-mcp-server", NULL },
	{ "/v2/compatibility/check", "{\"id\":\"mcp/io-github-github-github-mcp-server\",\"client\":\"cursor\"}" },
};
#define NMIX (sizeof mix / sizeof mix[0])
#define MAXV 8

static const char *base, *ready_file;
static double deadline;
static volatile sig_atomic_t stop_load;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total, ok, failed, transport, rollbacks;
static double first_fail = -1, last_fail = -1, t0;
static char version[MAXV][64];
static double version_seen[MAXV];
static long version_count[MAXV];
static int nversions;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct body {
	char buf[1 << 16];
	size_t n;
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

/* Records one answer; sent is when its request left. */
static void record(double sent, double done, int code, const char *v)
{
	pthread_mutex_lock(&lock);
	total++;
	if (code >= 200 && code < 300) {
		if (ok++ == 0 && ready_file) { /* the fault suite waits for this before it applies a fault */
			FILE *f = fopen(ready_file, "w");
			if (f) fclose(f);
		}
	} else {
		failed++;
		if (code == 0) transport++;
		if (first_fail < 0) first_fail = done - t0;
		last_fail = done - t0;
	}
	if (v && *v) {
		int i = 0;
		while (i < nversions && strcmp(version[i], v) != 0) i++;
		if (i == nversions && nversions < MAXV) {
			snprintf(version[i], sizeof version[i], "%s", v);
			version_seen[i] = done;
			nversions++;
		}
		if (i < nversions) {
			version_count[i]++;
			for (int k = i + 1; k < nversions; k++)
				if (sent > version_seen[k]) { rollbacks++; break; }
		}
	}
	pthread_mutex_unlock(&lock);
}

static void *run(void *arg)
{
	unsigned k = (unsigned)(size_t)arg;
	CURL *c = curl_easy_init();
	struct curl_slist *h = curl_slist_append(NULL, "Content-Type: application/json");
	h = curl_slist_append(h, "Expect:");
	char url[512];
	struct body b;
	while (now_s() < deadline && !stop_load) {
		size_t i = k++ % NMIX;
		snprintf(url, sizeof url, "%s%s", base, mix[i].path);
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
		curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
		curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
		curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
		curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
		if (mix[i].body) curl_easy_setopt(c, CURLOPT_POSTFIELDS, mix[i].body);
		else curl_easy_setopt(c, CURLOPT_HTTPGET, 1L);
		b.n = 0;
		b.buf[0] = '\0';
		double sent = now_s();
		long code = 0;
		CURLcode rc = curl_easy_perform(c);
		if (rc == CURLE_OK) curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
		if (code < 200 || code >= 300) /* what failed, for the suite's log */
			fprintf(stderr, "load: %s %s at %.3f s: %s (HTTP %ld)\n", mix[i].body ? "POST" : "GET", mix[i].path,
				sent - t0, rc == CURLE_OK ? "answered" : curl_easy_strerror(rc), code);
		char v[64] = "";
		const char *p = strstr(b.buf, "\"catalog_version\":\"");
		if (p && code == 200) sscanf(p + 19, "%63[^\"]", v);
		record(sent, now_s(), (int)code, v);
	}
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	return NULL;
}

static void on_stop(int sig)
{
	(void)sig;
	stop_load = 1;
}

static int http_load(int argc, char **argv)
{
	if (argc != 4) return 2;
	base = argv[1];
	int n = atoi(argv[2]);
	double seconds = atof(argv[3]);
	ready_file = getenv("LOAD_READY");
	struct sigaction sa = { .sa_handler = on_stop };
	sigaction(SIGUSR1, &sa, NULL);
	curl_global_init(CURL_GLOBAL_ALL);
	t0 = now_s();
	deadline = t0 + seconds;
	pthread_t th[64];
	if (n < 1 || n > 64) return 2;
	/* SIGUSR1 reaches this thread alone: a request in flight is never interrupted by it */
	sigset_t usr1;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	for (int i = 0; i < n; i++) pthread_create(&th[i], NULL, run, (void *)(size_t)i);
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
	for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
	printf("requests=%ld ok=%ld failed=%ld transport=%ld rollbacks=%ld fail_span_ms=%.0f versions=", total, ok, failed,
		transport, rollbacks, first_fail < 0 ? 0.0 : (last_fail - first_fail) * 1000);
	for (int i = 0; i < nversions; i++) printf("%s%s:%ld", i ? "," : "", version[i], version_count[i]);
	printf("\n");
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
