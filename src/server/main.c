/* autoplan: the responder. Runs as a FastCGI server (own pre-forked workers on --listen, or on an
 * inherited socket at fd 0 as spawn-fcgi and mod_fcgid provide), or as a classic CGI program when
 * started with a CGI environment and no socket. */
#include "server/server.h"
#include "server/log.h"
#include "server/sandbox.h"
#include "api/routes.h"
#include "http/response.h"
#include "util/cli.h"

#include <errno.h>
#include <fcgiapp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_MAX_BODY (1024u * 1024u)

/* A sanitizer build checks for leaks at exit with a traced helper thread, which the filter refuses:
 * there, processes that leave through main (classic CGI, a worker on its own) run unfiltered, while
 * supervised workers, which end with _exit, keep the filter. Release builds filter every one. */
#if defined(__SANITIZE_ADDRESS__)
#define FILTER_UNTIL_EXIT false
#else
#define FILTER_UNTIL_EXIT true
#endif

static const char USAGE[] =
	"usage: autoplan [--listen ADDR] [--workers N] [--catalog FILE] [--max-body BYTES] [--max-params BYTES]\n"
	"          [--read-timeout SECONDS] [--drain-timeout SECONDS] [--pid-file FILE] [--user NAME]\n"
	"          [--monitor-db CONN] [--check]\n"
	"       autoplan --help | --version\n"
	"  ADDR is :PORT, HOST:PORT or a unix socket path. Without --listen, a socket on fd 0 is served\n"
	"  (spawn-fcgi, mod_fcgid, systemd); otherwise one CGI request is answered from the environment.\n"
	"  --check validates the catalog and these settings, then exits (0 when both are sound).\n"
	"  Environment: AUTOPLAN_CATALOG, AUTOPLAN_WORKERS, AUTOPLAN_MAX_BODY, AUTOPLAN_MAX_PARAMS,\n"
	"  AUTOPLAN_READ_TIMEOUT, AUTOPLAN_LISTEN, AUTOPLAN_PID_FILE, AUTOPLAN_USER, AUTOPLAN_SANDBOX=off.\n"
	"  MCP endpoint (/mcp): AUTOPLAN_MCP_ORIGINS (browser origins allowed beyond loopback, comma-separated).\n"
	"  Monitoring: AUTOPLAN_MONITOR_DB (store path or PostgreSQL URI; off), AUTOPLAN_MAX_WATCHES,\n"
	"  AUTOPLAN_WEBHOOK_ALLOW (CIDR ranges webhooks may reach beyond public addresses).\n"
	"  See autoplan(8).\n";

static void usage(const char *argv0)
{
	(void)argv0;
	fputs(USAGE, stderr);
}

/* A setting and its bounds: a decimal number, nothing else; anything outside is refused at start. */
struct bound {
	const char *option, *env;
	long long min, max;
};

static const struct bound B_WORKERS = { "--workers", "AUTOPLAN_WORKERS", 1, MAX_WORKERS };
static const struct bound B_MAX_BODY = { "--max-body", "AUTOPLAN_MAX_BODY", 1, 256ll << 20 };
static const struct bound B_MAX_PARAMS = { "--max-params", "AUTOPLAN_MAX_PARAMS", 1024, 256 * 1024 };
static const struct bound B_READ_TIMEOUT = { "--read-timeout", "AUTOPLAN_READ_TIMEOUT", 1, 300 };
static const struct bound B_DRAIN_TIMEOUT = { "--drain-timeout", "AUTOPLAN_DRAIN_TIMEOUT", 0, 600 };

static int number(const struct bound *b, const char *text, bool from_env, long long *out)
{
	const char *p = text;
	long long v = 0;
	bool ok = *p != '\0';
	for (; *p && ok; p++) {
		ok = *p >= '0' && *p <= '9' && v <= b->max;
		v = v * 10 + (*p - '0');
	}
	if (!ok || v < b->min || v > b->max) {
		fprintf(stderr, "autoplan: %s %s=\"%.40s\" is not a whole number from %lld to %lld\n",
			from_env ? "environment" : "option", from_env ? b->env : b->option, text, b->min, b->max);
		return -1;
	}
	*out = v;
	return 0;
}

static int env_number(const struct bound *b, long long *out)
{
	const char *v = getenv(b->env);
	return v && *v ? number(b, v, true, out) : 0;
}

struct parsed {
	struct options opt;
	bool check;
};

static int parse_options(int argc, char **argv, struct parsed *p)
{
	struct options *o = &p->opt;
	long long workers = 0, max_body = DEFAULT_MAX_BODY, max_params = 64 * 1024, read_timeout = 10, drain = 10;
	o->listen = getenv("AUTOPLAN_LISTEN");
	o->catalog = getenv("AUTOPLAN_CATALOG");
	if (!o->catalog || !*o->catalog) o->catalog = AUTOPLAN_DEFAULT_CATALOG;
	o->pid_file = getenv("AUTOPLAN_PID_FILE");
	o->mcp.origins = getenv("AUTOPLAN_MCP_ORIGINS");
	o->user = getenv("AUTOPLAN_USER");
	if (!o->user || !*o->user) o->user = "nobody";
	const char *sb = getenv("AUTOPLAN_SANDBOX");
	o->sandbox = !(sb && strcmp(sb, "off") == 0);
	if (env_number(&B_WORKERS, &workers) < 0 || env_number(&B_MAX_BODY, &max_body) < 0 ||
	    env_number(&B_MAX_PARAMS, &max_params) < 0 || env_number(&B_READ_TIMEOUT, &read_timeout) < 0 ||
	    env_number(&B_DRAIN_TIMEOUT, &drain) < 0)
		return -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int rc = 0;
		if (strcmp(a, "--check") == 0) { p->check = true; continue; }
		if (!v) { usage(argv[0]); return -1; }
		i++;
		if (strcmp(a, "--listen") == 0) o->listen = v;
		else if (strcmp(a, "--catalog") == 0) o->catalog = v;
		else if (strcmp(a, "--pid-file") == 0) o->pid_file = v;
		else if (strcmp(a, "--user") == 0) o->user = v;
		else if (strcmp(a, "--monitor-db") == 0) o->monitor_db = v;
		else if (strcmp(a, "--workers") == 0) rc = number(&B_WORKERS, v, false, &workers);
		else if (strcmp(a, "--max-body") == 0) rc = number(&B_MAX_BODY, v, false, &max_body);
		else if (strcmp(a, "--max-params") == 0) rc = number(&B_MAX_PARAMS, v, false, &max_params);
		else if (strcmp(a, "--read-timeout") == 0) rc = number(&B_READ_TIMEOUT, v, false, &read_timeout);
		else if (strcmp(a, "--drain-timeout") == 0) rc = number(&B_DRAIN_TIMEOUT, v, false, &drain);
		else { usage(argv[0]); return -1; }
		if (rc < 0) return -1;
	}
	o->workers = (int)workers;
	o->max_body = (size_t)max_body;
	o->read_timeout = (int)read_timeout;
	o->drain_timeout = (int)drain;
	o->gate = (struct gate_limits){ .max_params = (size_t)max_params, .max_pairs = 512,
		.timeout_ms = (int)read_timeout * 1000 };
	if (o->listen && !*o->listen) o->listen = NULL;
	return 0;
}

/* :PORT, HOST:PORT or a unix socket path that fits a sockaddr_un. */
static int check_listen(const char *a, char *err, size_t errlen)
{
	const char *colon = strrchr(a, ':');
	if (a[0] == '/' || !colon) {
		if (strlen(a) >= 108) return snprintf(err, errlen, "the socket path %.60s... is too long", a), -1;
		return 0;
	}
	char *end;
	long port = strtol(colon + 1, &end, 10);
	if (*end || colon[1] == '\0' || port < 1 || port > 65535)
		return snprintf(err, errlen, "--listen %.80s: the port must be 1 to 65535", a), -1;
	return 0;
}

/* autoplan --check: the catalog with every check, and the settings as serving would use them. */
static int check(const struct options *o)
{
	char err[600];
	struct catalog c;
	if (o->listen && check_listen(o->listen, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan: check failed: %s\n", err);
		return 2;
	}
	if (geteuid() == 0 && !getpwnam(o->user)) {
		fprintf(stderr, "autoplan: check failed: started as root, the user \"%s\" to run as does not exist\n", o->user);
		return 2;
	}
	if (catalog_open(&c, o->catalog, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan: check failed: %s\n", err);
		return 1;
	}
	printf("autoplan: ok: catalog %s (format %u, version %s, %u apps, %u operations, %u tasks, %u directory entries, "
		"%zu bytes, sha256 verified); listen %s, workers %d, body cap %zu bytes, parameters cap %zu bytes, "
		"read timeout %d s, run as %s, sandbox %s\n",
		o->catalog, c.h->format, cat_s(&c, c.meta->catalog_version), c.napps, c.nops, c.ntasks, c.nentries, c.size,
		o->listen ? o->listen : "fd 0 or CGI", o->workers ? o->workers : (o->listen ? 4 : 1), o->max_body,
		o->gate.max_params, o->read_timeout, geteuid() == 0 ? o->user : "the current user",
		o->sandbox ? "on" : "off");
	catalog_close(&c);
	return 0;
}

/* CGI transport */
static ssize_t cgi_read(void *ctx, char *buf, size_t n)
{
	(void)ctx;
	size_t got = fread(buf, 1, n, stdin);
	return got == 0 && ferror(stdin) ? -1 : (ssize_t)got;
}
/* Straight to the descriptor, the pieces in one writev: stdio would copy the answer into its buffer. */
static int cgi_write(void *ctx, const struct iovec *iov, int n)
{
	(void)ctx;
	struct iovec left[4];
	if (n > 4) return -1;
	memcpy(left, iov, (size_t)n * sizeof *iov);
	for (int i = 0; i < n;) {
		ssize_t k = writev(STDOUT_FILENO, left + i, n - i);
		if (k < 0 && errno == EINTR) continue;
		if (k < 0) return -1;
		for (; i < n && (size_t)k >= left[i].iov_len; i++) k -= (ssize_t)left[i].iov_len;
		if (i < n) {
			left[i].iov_base = (char *)left[i].iov_base + k;
			left[i].iov_len -= (size_t)k;
		}
	}
	return 0;
}
static const char *cgi_getenv(void *ctx, const char *name)
{
	(void)ctx;
	return getenv(name);
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

/* Started on an inherited FastCGI socket (mod_fcgid, spawn-fcgi) without a usable catalog: each request
 * gets the JSON 503 until the catalog opens again, then the process ends so that its front starts a
 * fresh one. */
static int serve_unavailable(struct server *s, int fd)
{
	FCGX_Request req;
	if (fcgx.FCGX_InitRequest(&req, fd, 0) != 0) return 1;
	struct io io = fcgi_io(&req);
	char err[600];
	bool loaded = false;
	while (!loaded && fcgx.FCGX_Accept_r(&req) >= 0) {
		answer_unavailable(&io);
		fcgx.FCGX_Finish_r(&req);
		struct catalog c;
		loaded = catalog_load(&c, s->opt.catalog, err, sizeof err) == 0;
		if (loaded) catalog_close(&c);
	}
	fcgx.FCGX_Free(&req, 1);
	if (loaded) log_msg(LOG_INFO, "the catalog opens again: ending so that a fresh process serves it");
	return 1;
}

/* One request, then exit. The quick checks keep start-up flat as the catalog grows. */
static int serve_cgi(struct server *s)
{
	char err[600];
	struct catalog c;
	s->one_request = true;
	signal(SIGPIPE, SIG_IGN); /* a front that went away makes writes fail, not the process die unlogged */
	struct io io = { NULL, cgi_read, cgi_write, cgi_getenv };
	char *path = request_peek_path(&io);
	unsigned flags = path ? router_path_flags(ROUTES, NROUTES, path) : 0;
	free(path);
	/* the planner's resolver tables are half the pages the checks touch: mapped for its routes alone */
	if (catalog_open_quick(&c, s->opt.catalog, flags & R_PLANNER ? CAT_RESOLVER : 0, err, sizeof err) < 0 ||
	    server_install(s, &c) < 0) {
		fprintf(stderr, "autoplan: %s\n", err);
		answer_unavailable(&io);
		fflush(stdout);
		return 1;
	}
	struct sandbox_needs needs = server_sandbox_needs(s, SERVE_CGI);
	if (!(flags & R_AUTH)) /* no store: neither its libraries nor its system calls */
		needs.store_files = needs.store_socket = false;
	needs.yaml = flags & R_YAML;
	if (sandbox_drop_privileges(s->opt.user, err, sizeof err) < 0 ||
	    (s->opt.sandbox && FILTER_UNTIL_EXIT && sandbox_enter(&needs, err, sizeof err) < 0)) {
		fprintf(stderr, "autoplan: %s\n", err);
		server_release(s);
		return 1;
	}
	serve_one(s, &io);
	fflush(stdout);
	server_release(s);
	return 0;
}

static int serve_fastcgi(struct server *s, int fd)
{
	char err[600];
	struct catalog c;
	if (catalog_load(&c, s->opt.catalog, err, sizeof err) < 0 || server_install(s, &c) < 0) {
		log_msg(LOG_ERR, "cannot start: %s", err);
		/* on a socket of its own the service fails loudly; on an inherited one requests still get JSON */
		return s->opt.listen ? 1 : serve_unavailable(s, fd);
	}
	int n = s->opt.workers ? s->opt.workers : (s->opt.listen ? 4 : 1);
	if (pid_file_write(s->opt.pid_file) < 0) {
		log_msg(LOG_ERR, "cannot write the pid file %s: %s", s->opt.pid_file, strerror(errno));
		server_release(s);
		return 1;
	}
	if (geteuid() == 0 && s->opt.pid_file) {
		/* a standby taking over rewrites it as the unprivileged user */
		struct passwd *pw = getpwnam(s->opt.user);
		if (pw && chown(s->opt.pid_file, pw->pw_uid, pw->pw_gid) < 0)
			log_msg(LOG_WARN, "cannot hand the pid file to %s: %s", s->opt.user, strerror(errno));
	}
	if (sandbox_drop_privileges(s->opt.user, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "cannot start: %s", err);
		server_release(s);
		return 1;
	}
	log_msg(LOG_INFO, "serving %s with %d worker%s, catalog %s (version %s), user %d, sandbox %s",
		s->opt.listen ? s->opt.listen : "fd 0", n, n == 1 ? "" : "s", s->opt.catalog,
		cat_s(&s->cat, s->cat.meta->catalog_version), (int)geteuid(), s->opt.sandbox ? "on" : "off");
	int rc;
	if (n == 1) { /* one worker in this process, watching the catalog itself (mod_fcgid, spawn-fcgi) */
		sandbox_limits();
		server_open_store(s);
		struct sandbox_needs needs = server_sandbox_needs(s, SERVE_ALONE);
		if (s->opt.sandbox && FILTER_UNTIL_EXIT && sandbox_enter(&needs, err, sizeof err) < 0) {
			log_msg(LOG_ERR, "cannot start: %s", err);
			server_release(s);
			return 1;
		}
		struct worker_link alone = { -1, NULL, 0 };
		rc = worker_run(s, fd, &alone);
		log_msg(LOG_INFO, "stopped");
	} else {
		rc = supervise(s, fd, n);
	}
	server_release(s);
	return rc;
}

int main(int argc, char **argv)
{
	struct parsed p = { 0 };
	struct server s = { 0 };
	int hv = cli_help_version(argc, argv, "autoplan", USAGE);
	if (hv >= 0) return hv;
	if (parse_options(argc, argv, &p) < 0) return 2;
	s.opt = p.opt;
	log_init("autoplan");
	char merr[300];
	if (monitoring_init(&s.mon, s.opt.monitor_db, merr, sizeof merr) < 0) {
		fprintf(stderr, "autoplan: %s\n", merr);
		return 2;
	}
	if (p.check) {
		int rc = check(&s.opt);
		monitoring_free(&s.mon);
		return rc;
	}
	if (!s.opt.listen && !fastcgi_on_stdin()) return serve_cgi(&s);
	char err[300];
	if (fastcgi_load(err, sizeof err) < 0) {
		fprintf(stderr, "autoplan: %s\n", err);
		return 1;
	}
	int fd = 0;
	if (s.opt.listen) {
		if (check_listen(s.opt.listen, err, sizeof err) < 0) {
			fprintf(stderr, "autoplan: %s\n", err);
			return 2;
		}
		fd = fcgx.FCGX_OpenSocket(s.opt.listen, 128);
		if (fd < 0) {
			log_msg(LOG_ERR, "cannot listen on %s: %s", s.opt.listen, strerror(errno));
			return 1;
		}
	}
	return serve_fastcgi(&s, fd);
}
