/* autoplan: the responder. Runs as a FastCGI server (own pre-forked workers on --listen, or on an
 * inherited socket at fd 0 as spawn-fcgi and mod_fcgid provide), or as a classic CGI program when
 * started with a CGI environment and no socket. */
#include "catalog/catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "api/routes.h"
#include "http/router.h"
#include "util/cli.h"

#include <errno.h>
#include <fcgiapp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_MAX_BODY (1024u * 1024u)
#define MAX_WORKERS 64

struct options {
	const char *listen;     /* NULL: inherited socket or CGI */
	const char *catalog;
	int workers;
	size_t max_body;
};

/* The process-wide state: read-only after start-up except when the catalog is re-mapped. */
struct server {
	struct options opt;
	struct catalog cat;
	struct router router;
	time_t last_check;
};

static const char USAGE[] =
	"usage: autoplan [--listen ADDR] [--workers N] [--catalog FILE] [--max-body BYTES]\n"
	"       autoplan --help | --version\n"
	"  ADDR is :PORT, HOST:PORT or a unix socket path. Without --listen, a socket on fd 0 is served\n"
	"  (spawn-fcgi, mod_fcgid, systemd); otherwise one CGI request is answered from the environment.\n"
	"  Environment: AUTOPLAN_CATALOG, AUTOPLAN_WORKERS, AUTOPLAN_MAX_BODY, AUTOPLAN_LISTEN.\n"
	"  See autoplan(8).\n";

static void usage(const char *argv0)
{
	(void)argv0;
	fputs(USAGE, stderr);
}

static long env_long(const char *name, long fallback)
{
	const char *v = getenv(name);
	char *end;
	if (!v || !*v) return fallback;
	long n = strtol(v, &end, 10);
	return *end ? fallback : n;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	o->listen = getenv("AUTOPLAN_LISTEN");
	o->catalog = getenv("AUTOPLAN_CATALOG");
	if (!o->catalog) o->catalog = AUTOPLAN_DEFAULT_CATALOG;
	o->workers = (int)env_long("AUTOPLAN_WORKERS", 0);
	o->max_body = (size_t)env_long("AUTOPLAN_MAX_BODY", DEFAULT_MAX_BODY);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--listen") == 0 && v) o->listen = argv[++i];
		else if (strcmp(a, "--catalog") == 0 && v) o->catalog = argv[++i];
		else if (strcmp(a, "--workers") == 0 && v) o->workers = atoi(argv[++i]);
		else if (strcmp(a, "--max-body") == 0 && v) o->max_body = (size_t)strtoul(argv[++i], NULL, 10);
		else { usage(argv[0]); return -1; }
	}
	if (o->workers < 0 || o->workers > MAX_WORKERS || o->max_body == 0) {
		fprintf(stderr, "autoplan: workers must be 0..%d and the body cap positive\n", MAX_WORKERS);
		return -1;
	}
	return 0;
}

static int load_catalog(struct server *s)
{
	char err[512];
	struct catalog fresh;
	if (catalog_open(&fresh, s->opt.catalog, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan: %s\n", err);
		return -1;
	}
	if (s->cat.base) {
		router_free(&s->router);
		catalog_close(&s->cat);
	}
	s->cat = fresh;
	if (router_init(&s->router, &s->cat, ROUTES, NROUTES) < 0) {
		fprintf(stderr, "autoplan: cannot compile the request patterns\n");
		return -1;
	}
	return 0;
}

/* A catalog replaced by rename is picked up at most a second later, between requests. */
static void maybe_remap(struct server *s)
{
	time_t now = time(NULL);
	if (now == s->last_check) return;
	s->last_check = now;
	if (catalog_changed(&s->cat, s->opt.catalog) && load_catalog(s) == 0)
		fprintf(stderr, "autoplan[%d]: catalog re-mapped\n", (int)getpid());
}

static void serve_one(struct server *s, const struct io *io)
{
	struct request req;
	struct reply rep = { 0 };
	if (request_read(&req, io, s->opt.max_body) < 0)
		reply_error(&rep, 500, "internal_error", NULL, NULL, "out of memory");
	else
		router_dispatch(&s->router, &req, &rep);
	response_write(io, &rep);
	reply_free(&rep);
	request_free(&req);
}

/* FastCGI transport */
static ssize_t fcgi_read(void *ctx, char *buf, size_t n)
{
	return FCGX_GetStr(buf, (int)n, ((FCGX_Request *)ctx)->in);
}
static int fcgi_write(void *ctx, const char *buf, size_t n)
{
	return FCGX_PutStr(buf, (int)n, ((FCGX_Request *)ctx)->out) == (int)n ? 0 : -1;
}
static const char *fcgi_getenv(void *ctx, const char *name)
{
	return FCGX_GetParam(name, ((FCGX_Request *)ctx)->envp);
}

/* CGI transport */
static ssize_t cgi_read(void *ctx, char *buf, size_t n)
{
	(void)ctx;
	size_t got = fread(buf, 1, n, stdin);
	return got == 0 && ferror(stdin) ? -1 : (ssize_t)got;
}
static int cgi_write(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	return fwrite(buf, 1, n, stdout) == n ? 0 : -1;
}
static const char *cgi_getenv(void *ctx, const char *name)
{
	(void)ctx;
	return getenv(name);
}

/* SIGTERM lets a worker finish its request and leave the accept loop (no SA_RESTART: accept is
 * interrupted and libfcgi sees the pending shutdown). */
static void on_worker_stop(int sig)
{
	(void)sig;
	FCGX_ShutdownPending();
}

static int worker(struct server *s, int fd)
{
	FCGX_Request req;
	struct sigaction sa = { 0 };
	sa.sa_handler = on_worker_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	if (FCGX_InitRequest(&req, fd, FCGI_FAIL_ACCEPT_ON_INTR) != 0) return 1;
	struct io io = { &req, fcgi_read, fcgi_write, fcgi_getenv };
	while (FCGX_Accept_r(&req) >= 0) {
		maybe_remap(s);
		serve_one(s, &io);
		FCGX_Finish_r(&req);
	}
	FCGX_Free(&req, 1);
	return 0;
}

static volatile sig_atomic_t stopping;
static void on_stop(int sig) { (void)sig; stopping = 1; }

/* The master forks the workers and replaces any that die, until SIGTERM or SIGINT. */
static int prefork(struct server *s, int fd, int n)
{
	pid_t kids[MAX_WORKERS] = { 0 };
	struct sigaction sa = { 0 };
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (!stopping) {
		for (int i = 0; i < n && !stopping; i++) {
			if (kids[i] > 0) continue;
			pid_t pid = fork();
			if (pid == 0) {
				int rc = worker(s, fd);
				router_free(&s->router);
				catalog_close(&s->cat);
				_exit(rc);
			}
			if (pid < 0) {
				perror("autoplan: fork");
				sleep(1);
				continue;
			}
			kids[i] = pid;
		}
		int st;
		pid_t dead = waitpid(-1, &st, 0);
		if (dead < 0 && errno != EINTR) break;
		for (int i = 0; i < n; i++)
			if (kids[i] == dead) {
				kids[i] = 0;
				if (!stopping) fprintf(stderr, "autoplan: worker %d ended, starting another\n", (int)dead);
			}
	}
	for (int i = 0; i < n; i++) if (kids[i] > 0) kill(kids[i], SIGTERM);
	while (waitpid(-1, NULL, 0) > 0) {}
	return 0;
}

/* A request that cannot be served (no usable catalog) still gets a JSON answer, not the front's HTML
 * 500; its body is drained first so the front's pipe does not break. */
static void answer_unavailable(const struct io *io)
{
	struct request req;
	struct reply rep = { 0 };
	if (request_read(&req, io, 0) == 0)
		request_free(&req);
	reply_error(&rep, 503, "service_unavailable", NULL, NULL, "the service cannot answer: its catalog could not be loaded");
	response_write(io, &rep);
	reply_free(&rep);
}

/* Started without a usable catalog: a CGI request, or each request on an inherited FastCGI socket
 * (mod_fcgid, spawn-fcgi) until the catalog opens again, gets the JSON 503; then the process ends so
 * that its front starts a fresh one. */
static int serve_unavailable(struct server *s)
{
	if (FCGX_IsCGI()) {
		struct io io = { NULL, cgi_read, cgi_write, cgi_getenv };
		answer_unavailable(&io);
		fflush(stdout);
		return 1;
	}
	FCGX_Request req;
	if (FCGX_Init() != 0 || FCGX_InitRequest(&req, 0, 0) != 0) return 1;
	struct io io = { &req, fcgi_read, fcgi_write, fcgi_getenv };
	int loaded = 0;
	while (!loaded && FCGX_Accept_r(&req) >= 0) {
		answer_unavailable(&io);
		FCGX_Finish_r(&req);
		loaded = load_catalog(s) == 0;
	}
	FCGX_Free(&req, 1);
	if (loaded) {
		router_free(&s->router);
		catalog_close(&s->cat);
	}
	return 1;
}

int main(int argc, char **argv)
{
	struct server s = { 0 };
	int hv = cli_help_version(argc, argv, "autoplan", USAGE);
	if (hv >= 0) return hv;
	if (parse_options(argc, argv, &s.opt) < 0) return 2;
	if (load_catalog(&s) < 0) return s.opt.listen ? 1 : serve_unavailable(&s);
	if (FCGX_Init() != 0) return 1;
	int fd = 0;
	if (s.opt.listen) {
		fd = FCGX_OpenSocket(s.opt.listen, 128);
		if (fd < 0) {
			fprintf(stderr, "autoplan: cannot listen on %s\n", s.opt.listen);
			return 1;
		}
	} else if (FCGX_IsCGI()) {
		struct io io = { NULL, cgi_read, cgi_write, cgi_getenv };
		serve_one(&s, &io);
		fflush(stdout);
		router_free(&s.router);
		catalog_close(&s.cat);
		return 0;
	}
	int n = s.opt.workers ? s.opt.workers : (s.opt.listen ? 4 : 1);
	fprintf(stderr, "autoplan: serving %s with %d worker%s, catalog %s (%s)\n", s.opt.listen ? s.opt.listen : "fd 0",
		n, n == 1 ? "" : "s", s.opt.catalog, cat_s(&s.cat, s.cat.meta->catalog_version));
	/* one worker runs in this process (no supervisor); more are forked and supervised */
	int rc = n == 1 ? worker(&s, fd) : prefork(&s, fd, n);
	router_free(&s.router);
	catalog_close(&s.cat);
	return rc;
}
