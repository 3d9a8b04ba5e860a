/* The supervisor: n pre-forked workers on one listening socket, and a standby.
 *
 * - A worker that ends, whatever ended it, is replaced; its signal or status is logged. Workers that
 *   die young are restarted after a delay doubling from 100 ms to 10 s, so a crash loop costs little.
 * - The standby is an idle copy of the supervisor holding the listening socket. When the supervisor
 *   dies (even of SIGKILL), the standby becomes the supervisor: it starts fresh workers on the same
 *   socket, which never closes, so waiting connections are served, not refused. The orphaned
 *   workers finish the request in hand and leave (their parent-death signal is SIGTERM).
 * - The catalog file is watched once a second; a change that has settled (or SIGHUP) is read into a
 *   sealed memory file and fully verified here, once, then sent to every worker over its socket and
 *   announced by a counter in shared memory. Each worker adopts it before its next request, and the
 *   standby is renewed, so every process serves the same verified version. A refused file is logged
 *   once, and nothing changes.
 * - SIGTERM or SIGINT: workers finish the requests they have accepted (up to --drain-timeout), then
 *   everything stops. */
#define _GNU_SOURCE
#include "server/server.h"
#include "server/log.h"
#include "server/sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define YOUNG_MS 1000
#define BACKOFF_FIRST_MS 100
#define BACKOFF_MAX_MS 10000
#define WATCH_MS 1000

struct kid {
	pid_t pid;           /* 0: none */
	int link;            /* supervisor's end of the worker's socket; -1 for the standby */
	long long born, due; /* start time; earliest next start */
	int young_deaths;
	bool renewing;       /* told to go by the supervisor: replaced at once, nothing to report */
};

struct shared {
	volatile unsigned generation;
};

struct sup {
	struct server *s;
	int listen_fd, n, sfd;
	pid_t self;
	struct kid w[MAX_WORKERS], standby;
	struct shared *sh;
	struct catalog_watch watch;
	long long last_watch;
	bool stopping;
};

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int pid_file_write(const char *path)
{
	if (!path) return 0;
	/* rewritten in place: a standby taking over may no longer create files where root did */
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) return -1;
	char b[32];
	int n = snprintf(b, sizeof b, "%d\n", (int)getpid());
	int rc = write(fd, b, (size_t)n) == n ? 0 : -1;
	close(fd);
	return rc;
}

static const char *version(const struct sup *v)
{
	return cat_s(&v->s->cat, v->s->cat.meta->catalog_version);
}

/* In a new child: nothing of the supervisor's own state stays open or blocked. */
static void child_reset(struct sup *v)
{
	close(v->sfd);
	for (int i = 0; i < v->n; i++)
		if (v->w[i].link >= 0) close(v->w[i].link);
}

static void spawn_worker(struct sup *v, int i)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv) < 0) {
		log_msg(LOG_ERR, "cannot create a worker's socket: %s", strerror(errno));
		v->w[i].due = now_ms() + BACKOFF_FIRST_MS;
		return;
	}
	pid_t pid = fork();
	if (pid < 0) {
		log_msg(LOG_ERR, "cannot start a worker: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		v->w[i].due = now_ms() + BACKOFF_FIRST_MS;
		return;
	}
	if (pid == 0) {
		close(sv[0]);
		child_reset(v);
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != v->self) _exit(0); /* the supervisor died before the line above */
		prctl(PR_SET_NAME, "autoplan-worker"); /* what ps and pgrep show */
		sandbox_limits();
		char err[300];
		server_open_store(v->s);
		struct sandbox_needs needs = server_sandbox_needs(v->s, SERVE_SUPERVISED);
		if (v->s->opt.sandbox && sandbox_enter(&needs, err, sizeof err) < 0) {
			log_msg(LOG_ERR, "%s", err);
			_exit(3);
		}
		struct worker_link link = { sv[1], &v->sh->generation, v->sh->generation };
		int rc = worker_run(v->s, v->listen_fd, &link);
		_exit(rc);
	}
	close(sv[1]);
	v->w[i].pid = pid;
	v->w[i].link = sv[0];
	v->w[i].born = now_ms();
}

/* The standby waits for its parent's death (or to be told to go) with every signal still blocked. */
static bool standby_wait(pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGUSR1);
	if (getppid() != parent) return true;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	for (;;) {
		int sig = sigwaitinfo(&set, NULL);
		if (sig == SIGUSR1) return true;
		if (sig == SIGTERM || sig == SIGINT) return false;
	}
}

static int signals_fd(void);

/* Returns in the standby only when it is to take over: it then runs the loop as the supervisor. */
static void spawn_standby(struct sup *v)
{
	pid_t pid = fork();
	if (pid < 0) {
		v->standby.due = now_ms() + BACKOFF_FIRST_MS;
		return;
	}
	if (pid > 0) {
		v->standby.pid = pid;
		v->standby.born = now_ms();
		return;
	}
	child_reset(v);
	prctl(PR_SET_NAME, "autoplan-standby");
	if (!standby_wait(v->self)) _exit(0);
	prctl(PR_SET_NAME, "autoplan");
	/* take over: the old workers are not ours; ours start at once on the socket that never closed */
	v->sfd = signals_fd();
	v->self = getpid();
	for (int i = 0; i < v->n; i++) v->w[i] = (struct kid){ .link = -1 };
	v->standby = (struct kid){ .link = -1 };
	pid_file_write(v->s->opt.pid_file);
	log_msg(LOG_WARN, "the supervisor ended; pid %d takes over with catalog version %s", (int)v->self, version(v));
}

static int signals_fd(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static void describe_end(int st, char *out, size_t cap)
{
	if (WIFSIGNALED(st))
		snprintf(out, cap, "killed by signal %d (%s)%s", WTERMSIG(st), strsignal(WTERMSIG(st)),
			WCOREDUMP(st) ? ", core dumped" : "");
	else
		snprintf(out, cap, "exited with status %d", WEXITSTATUS(st));
}

/* A child ended: schedule its replacement, later the younger it died. */
static void ended(struct sup *v, struct kid *k, const char *what, int st)
{
	long long now = now_ms(), lived = now - k->born;
	k->pid = 0;
	if (k->link >= 0) close(k->link);
	k->link = -1;
	k->due = now;
	if (k->renewing) {
		k->renewing = false;
		k->young_deaths = 0;
		return;
	}
	/* one early end is restarted at once; a second in a row starts the doubling delay */
	k->young_deaths = lived < YOUNG_MS ? k->young_deaths + 1 : 0;
	long long delay = 0;
	if (k->young_deaths > 1) {
		delay = BACKOFF_FIRST_MS << (k->young_deaths - 2 < 7 ? k->young_deaths - 2 : 7);
		if (delay > BACKOFF_MAX_MS) delay = BACKOFF_MAX_MS;
	}
	k->due = now + delay;
	bool clean = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	if (v->stopping) return;
	char how[96];
	describe_end(st, how, sizeof how);
	if (delay)
		log_msg(LOG_ERR, "%s %s after %lld ms; starting another in %lld ms (%d early ends in a row)", what, how,
			lived, delay, k->young_deaths);
	else
		log_msg(clean ? LOG_INFO : LOG_WARN, "%s %s; starting another", what, how);
}

static void reap(struct sup *v)
{
	int st;
	pid_t pid;
	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		char what[48];
		if (pid == v->standby.pid) {
			ended(v, &v->standby, "standby", st);
			continue;
		}
		for (int i = 0; i < v->n; i++)
			if (v->w[i].pid == pid) {
				snprintf(what, sizeof what, "worker %d", (int)pid);
				ended(v, &v->w[i], what, st);
			}
	}
}

/* Sends the served catalog's memory file to every worker, then bumps the counter they check. A worker
 * that cannot take it (its socket full) is replaced instead: it would start with this catalog. */
static void distribute(struct sup *v)
{
	unsigned gen = v->sh->generation + 1;
	int sent = 0;
	for (int i = 0; i < v->n; i++) {
		if (!v->w[i].pid) continue;
		char ctl[CMSG_SPACE(sizeof(int))] = { 0 };
		struct iovec iov = { &gen, sizeof gen };
		struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl };
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &v->s->cat.fd, sizeof(int));
		if (sendmsg(v->w[i].link, &m, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)sizeof gen) sent++;
		else {
			v->w[i].renewing = true;
			kill(v->w[i].pid, SIGTERM);
		}
	}
	__atomic_store_n(&v->sh->generation, gen, __ATOMIC_RELEASE);
	if (v->standby.pid) { /* renewed with this catalog */
		v->standby.renewing = true;
		kill(v->standby.pid, SIGTERM);
	}
	log_msg(LOG_INFO, "catalog re-mapped: version %s from %s, sent to %d worker%s", version(v), v->s->opt.catalog,
		sent, sent == 1 ? "" : "s");
}

static void check_catalog(struct sup *v, bool force)
{
	struct catalog fresh;
	if (catalog_watch_poll(&v->watch, &v->s->cat, v->s->opt.catalog, force, &fresh) != 1) return;
	if (server_install(v->s, &fresh) < 0) {
		log_msg(LOG_ERR, "cannot build the routes for the new catalog; still serving version %s", version(v));
		return;
	}
	distribute(v);
}

static int next_wait(const struct sup *v, long long now)
{
	long long due = v->last_watch + WATCH_MS;
	for (int i = 0; i < v->n; i++)
		if (!v->w[i].pid && v->w[i].due < due) due = v->w[i].due;
	if (!v->standby.pid && v->standby.due < due) due = v->standby.due;
	return due <= now ? 0 : (int)(due - now);
}

static void read_signals(struct sup *v)
{
	struct signalfd_siginfo si;
	while (read(v->sfd, &si, sizeof si) == (ssize_t)sizeof si) {
		switch (si.ssi_signo) {
		case SIGCHLD: reap(v); break;
		case SIGHUP:
			log_msg(LOG_INFO, "SIGHUP: re-reading the catalog %s", v->s->opt.catalog);
			check_catalog(v, true);
			break;
		case SIGTERM:
		case SIGINT:
			v->stopping = true;
			break;
		default: break;
		}
	}
}

/* Stops everything: workers finish what they accepted; whatever is left at the deadline is killed. */
static void drain(struct sup *v)
{
	log_msg(LOG_INFO, "stopping: waiting up to %d s for requests in progress", v->s->opt.drain_timeout);
	if (v->standby.pid) kill(v->standby.pid, SIGTERM);
	for (int i = 0; i < v->n; i++) if (v->w[i].pid) kill(v->w[i].pid, SIGTERM);
	long long deadline = now_ms() + v->s->opt.drain_timeout * 1000ll;
	for (;;) {
		reap(v);
		int left = v->standby.pid != 0;
		for (int i = 0; i < v->n; i++) left += v->w[i].pid != 0;
		if (!left) break;
		long long now = now_ms();
		if (now >= deadline) {
			log_msg(LOG_WARN, "%d process%s still busy at the deadline; killing", left, left == 1 ? "" : "es");
			if (v->standby.pid) kill(v->standby.pid, SIGKILL);
			for (int i = 0; i < v->n; i++) if (v->w[i].pid) kill(v->w[i].pid, SIGKILL);
			while (waitpid(-1, NULL, 0) > 0) {}
			break;
		}
		struct pollfd p = { v->sfd, POLLIN, 0 };
		poll(&p, 1, (int)(deadline - now < 200 ? deadline - now : 200));
		struct signalfd_siginfo si;
		while (read(v->sfd, &si, sizeof si) == (ssize_t)sizeof si) {}
	}
	for (int i = 0; i < v->n; i++) if (v->w[i].link >= 0) close(v->w[i].link);
	log_msg(LOG_INFO, "stopped");
}

int supervise(struct server *s, int listen_fd, int n)
{
	struct sup v = { .s = s, .listen_fd = listen_fd, .n = n, .self = getpid() };
	v.sh = mmap(NULL, sizeof *v.sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	v.sfd = signals_fd();
	if (v.sh == MAP_FAILED || v.sfd < 0) {
		log_msg(LOG_ERR, "cannot set up supervision: %s", strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++) v.w[i].link = -1;
	v.standby.link = -1;
	v.last_watch = now_ms();
	while (!v.stopping) {
		long long now = now_ms();
		for (int i = 0; i < n && !v.stopping; i++)
			if (!v.w[i].pid && v.w[i].due <= now) spawn_worker(&v, i);
		if (!v.standby.pid && v.standby.due <= now) spawn_standby(&v);
		struct pollfd p = { v.sfd, POLLIN, 0 };
		if (poll(&p, 1, next_wait(&v, now_ms())) > 0) read_signals(&v);
		if (!v.stopping && now_ms() - v.last_watch >= WATCH_MS) {
			v.last_watch = now_ms();
			check_catalog(&v, false);
		}
	}
	drain(&v);
	close(v.sfd);
	munmap(v.sh, sizeof *v.sh);
	return 0;
}
