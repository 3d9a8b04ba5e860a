/* Serving: one request from any transport, and the FastCGI worker loop. Connections come from the
 * gate (complete parameters, within their limits); libfcgi reads them from the descriptor it is given
 * (FCGX_Request.ipcFd with keepConnection set, so it neither accepts nor closes on its own). */
#define _GNU_SOURCE
#include "server/server.h"
#include "server/log.h"
#include "server/sandbox.h"
#include "api/routes.h"
#include "store/db.h"
#include "http/response.h"

#include <errno.h>
#include <fcgiapp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int server_install(struct server *s, struct catalog *fresh)
{
	struct router r;
	int rc = s->one_request ? router_init_one(&r, fresh, ROUTES, NROUTES) : router_init(&r, fresh, ROUTES, NROUTES);
	if (rc < 0) {
		router_free(&r);
		catalog_close(fresh);
		return -1;
	}
	if (s->cat.base) {
		router_free(&s->router);
		catalog_close(&s->cat);
	}
	s->cat = *fresh;
	s->router = r;
	s->router.cat = &s->cat;
	router_set_env(&s->router, &s->mon, monitoring_auth);
	memset(fresh, 0, sizeof *fresh);
	fresh->fd = -1;
	return 0;
}

void server_release(struct server *s)
{
	monitoring_free(&s->mon);
	if (!s->cat.base) return;
	router_free(&s->router);
	catalog_close(&s->cat);
}

void server_open_store(struct server *s)
{
	if (s->mon.conn[0]) monitoring_store(&s->mon);
}

struct sandbox_needs server_sandbox_needs(const struct server *s, enum serving_mode mode)
{
	struct sandbox_needs n = { .reload_file = mode == SERVE_ALONE, .one_request = mode == SERVE_CGI };
	if (s->mon.conn[0]) {
		bool pg = db_kind_of(s->mon.conn) == DB_POSTGRES;
		n.store_files = !pg;
		n.store_socket = pg;
	}
	return n;
}

void serve_one(struct server *s, const struct io *io)
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
#ifndef FCGI_SONAME
#define FCGI_SONAME "libfcgi.so.0"
#endif

struct fastcgi_calls fcgx;

int fastcgi_load(char *err, size_t errlen)
{
#define SYM(f) DYNLIB_SYM(fcgx, f)
	static const struct dynlib_sym syms[] = { FASTCGI_CALLS(SYM) };
#undef SYM
	if (fcgx.FCGX_Init) return 0;
	if (dynlib_load(FCGI_SONAME, syms, sizeof syms / sizeof *syms, err, errlen) < 0) return -1;
	if (fcgx.FCGX_Init() == 0) return 0;
	snprintf(err, errlen, "libfcgi cannot initialise");
	return -1;
}

bool fastcgi_on_stdin(void)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof sa;
	errno = 0;
	return getpeername(0, (struct sockaddr *)&sa, &len) != 0 && errno == ENOTCONN;
}

static ssize_t fcgi_read(void *ctx, char *buf, size_t n)
{
	return fcgx.FCGX_GetStr(buf, (int)n, ((FCGX_Request *)ctx)->in);
}
static int fcgi_write(void *ctx, const struct iovec *iov, int n)
{
	for (int i = 0; i < n; i++)
		if (fcgx.FCGX_PutStr(iov[i].iov_base, (int)iov[i].iov_len, ((FCGX_Request *)ctx)->out) != (int)iov[i].iov_len)
			return -1;
	return 0;
}
static const char *fcgi_getenv(void *ctx, const char *name)
{
	return fcgx.FCGX_GetParam(name, ((FCGX_Request *)ctx)->envp);
}

struct io fcgi_io(FCGX_Request *req)
{
	return (struct io){ req, fcgi_read, fcgi_write, fcgi_getenv };
}

static volatile sig_atomic_t stopping;
static volatile sig_atomic_t current_fd = -1;

/* SIGTERM/SIGINT: finish what was accepted, then leave. SA_RESTART keeps a request's reads and writes
 * going; epoll_wait is never restarted, so an idle worker leaves at once. */
static void on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

/* The request's time is up: every further read or write on its connection fails at once, so a client
 * sending or reading a byte a second costs this worker read_timeout seconds at most. */
static void on_deadline(int sig)
{
	(void)sig;
	if (current_fd >= 0) shutdown(current_fd, SHUT_RDWR);
}

/* Takes the newest sealed catalog the supervisor sent; older ones queued behind it are closed. */
static int adopt(struct server *s, struct worker_link *link)
{
	int newest = -1;
	unsigned gen = link->seen;
	for (;;) {
		unsigned g;
		char ctl[CMSG_SPACE(sizeof(int))];
		struct iovec iov = { &g, sizeof g };
		struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl };
		ssize_t n = recvmsg(link->fd, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
		if (n < 0 && errno == EINTR) continue;
		if (n != (ssize_t)sizeof g) break;
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		if (!c || c->cmsg_type != SCM_RIGHTS) continue;
		int fd;
		memcpy(&fd, CMSG_DATA(c), sizeof fd);
		if (newest >= 0) close(newest);
		newest = fd;
		gen = g;
	}
	if (newest < 0) return 0; /* nothing queued yet */
	struct catalog fresh;
	char err[600];
	if (catalog_adopt(&fresh, newest, err, sizeof err) < 0 || server_install(s, &fresh) < 0) {
		log_msg(LOG_ERR, "worker cannot map the catalog it was sent (%s); leaving so a fresh one replaces it", err);
		return -1;
	}
	link->seen = gen;
	return 0;
}

/* A worker on its own re-reads the catalog file itself, at most once a second, between requests. */
static void self_reload(struct server *s, struct catalog_watch *w, time_t *last)
{
	time_t now = time(NULL);
	if (now == *last) return;
	*last = now;
	struct catalog fresh;
	if (catalog_watch_poll(w, &s->cat, s->opt.catalog, false, &fresh) == 1 && server_install(s, &fresh) == 0)
		log_msg(LOG_INFO, "catalog re-mapped: version %s from %s", cat_s(&s->cat, s->cat.meta->catalog_version),
			s->opt.catalog);
}

static void report_refusals(struct gate *g, time_t *last)
{
	time_t now = time(NULL);
	if (now - *last < 60) return;
	*last = now;
	struct gate_counts c = gate_take_counts(g);
	if (c.timed_out + c.too_large + c.malformed + c.evicted)
		log_msg(LOG_WARN, "refused connections in the last minute: %lu too slow, %lu too large, %lu malformed, "
			"%lu dropped for slots", c.timed_out, c.too_large, c.malformed, c.evicted);
}

static void handlers(void)
{
	struct sigaction sa = { 0 };
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = on_deadline;
	sigaction(SIGALRM, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL); /* the supervisor handles it; a worker on its own re-reads anyway */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

int worker_run(struct server *s, int listen_fd, struct worker_link *link)
{
	handlers();
	struct gate g;
	if (gate_init(&g, listen_fd, &s->opt.gate) < 0) {
		log_msg(LOG_ERR, "worker cannot set up its connection gate: %s", strerror(errno));
		return 1;
	}
	FCGX_Request req;
	if (fcgx.FCGX_InitRequest(&req, -1, 0) != 0) return 1;
	struct io io = { &req, fcgi_read, fcgi_write, fcgi_getenv };
	struct catalog_watch w = { 0 };
	time_t last_check = time(NULL), last_report = time(NULL);
	int rc = 0;
	while (rc == 0) {
		int fd = gate_next(&g, &stopping);
		if (fd == -1) break;
		if (fd == -2) continue;
		if (fd == -3) {
			log_msg(LOG_ERR, "the listening socket failed: %s", strerror(errno));
			rc = 1;
			break;
		}
		if (link->generation && *link->generation != link->seen && adopt(s, link) < 0) {
			close(fd);
			rc = 1;
			break;
		}
		if (link->fd < 0) self_reload(s, &w, &last_check);
		alarm((unsigned)s->opt.read_timeout); /* first: an alarm left from the last request is replaced */
		current_fd = fd;
		req.ipcFd = fd;
		req.keepConnection = 1; /* so Accept_r's own Finish does not close what the gate handed over */
		if (fcgx.FCGX_Accept_r(&req) == 0) {
			/* libfcgi's close (shutdown, then waiting for the web server to close its end) stays: closing
			 * at once saves three system calls but lets the workers crowd the front server off the CPU,
			 * which doubled the p99 through nginx on two cores (make bench) */
			serve_one(s, &io);
			fcgx.FCGX_Finish_r(&req);
		}
		current_fd = -1; /* the alarm stays armed: when it rings between requests it finds nothing to cut */
		if (req.ipcFd >= 0) { /* FCGI_KEEP_CONN: the web server sends its next request here */
			gate_keep(&g, req.ipcFd);
			req.ipcFd = -1;
		}
		report_refusals(&g, &last_report);
	}
	fcgx.FCGX_Free(&req, 0);
	gate_free(&g);
	return rc;
}
