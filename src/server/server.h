/* The responder's process-wide state and the pieces of the server module: the options, serving one
 * request, the worker loop, the supervisor and the catalog watch. */
#ifndef AUTOPLAN_SERVER_H
#define AUTOPLAN_SERVER_H

#include "api/monitoring.h"
#include "catalog/catalog.h"
#include "http/request.h"
#include "http/router.h"
#include "mcp/mcp.h"
#include "server/gate.h"
#include "server/sandbox.h"
#include "util/dynlib.h"

#include <fcgiapp.h>
#include <stdbool.h>
#include <sys/types.h>

#define MAX_WORKERS 64

struct options {
	const char *listen;     /* NULL: inherited socket on fd 0, or CGI */
	const char *catalog;
	const char *pid_file;   /* NULL: none */
	const char *user;       /* the account to run as when started as root */
	int workers;            /* 0: the default (4 with --listen, else 1) */
	size_t max_body;
	int read_timeout;       /* seconds one request may take to arrive and be answered */
	int drain_timeout;      /* seconds SIGTERM waits for requests in progress */
	struct gate_limits gate;
	bool sandbox;           /* seccomp filter in serving processes (AUTOPLAN_SANDBOX=off disables) */
	const char *monitor_db; /* NULL: AUTOPLAN_MONITOR_DB or the default */
	struct mcp_config mcp;  /* the MCP endpoint's origin allow-list (AUTOPLAN_MCP_ORIGINS) and built tools/list */
};

/* Read-only after start-up except when the catalog is replaced. */
struct server {
	struct options opt;
	struct catalog cat;
	struct router router;
	struct monitoring mon;  /* the monitoring interface's settings; its store opens per serving process */
	bool one_request;       /* classic CGI: this process answers one request and exits */
};

/* Makes fresh the served catalog (the router rebuilt for it) and closes the previous one. Returns 0,
 * or -1 when the router cannot be built (fresh is closed and the previous catalog kept). */
int server_install(struct server *s, struct catalog *fresh);
void server_release(struct server *s);

/* Opens this process's monitoring store, when one is configured, before the seccomp filter is entered:
 * a store that cannot be opened now is tried again on the first monitoring request. */
void server_open_store(struct server *s);

/* libfcgi, loaded by fastcgi_load when the process serves FastCGI: a classic CGI start does not load it. */
#define FASTCGI_CALLS(X) X(FCGX_Init) X(FCGX_OpenSocket) X(FCGX_InitRequest) X(FCGX_Accept_r) X(FCGX_Finish_r) \
	X(FCGX_Free) X(FCGX_GetParam) X(FCGX_GetStr) X(FCGX_PutStr)
struct fastcgi_calls { FASTCGI_CALLS(DYNLIB_SLOT) };
extern struct fastcgi_calls fcgx;  /* filled once by fastcgi_load, read-only afterwards */

/* Loads libfcgi and initialises it (FCGX_Init). 0, or -1 with the reason in err. */
int fastcgi_load(char *err, size_t errlen);
/* Whether standard input is a listening socket (a FastCGI process manager started us), the test
 * libfcgi's FCGX_IsCGI makes, without loading libfcgi to make it. */
bool fastcgi_on_stdin(void);

/* The request io over a libfcgi request (kept, not owned). */
struct io fcgi_io(FCGX_Request *req);

/* Reads one request from io, answers it. */
void serve_one(struct server *s, const struct io *io);

/* Deciding when to re-read the catalog file. A change is acted on once the file looked the same at
 * two checks in a row (a file still being written is left alone); a refused file is read again only
 * when it changes, so each refusal is logged once, with its reason. */
struct catalog_watch {
	struct catalog_id pending, refused;
	bool has_pending, has_refused, missing;
};

/* Checks path against the served catalog; when it changed and settled (or force), loads it into a
 * sealed copy with the full checks. Returns 1 with *fresh ready to install, 0 otherwise. */
int catalog_watch_poll(struct catalog_watch *w, const struct catalog *cur, const char *path, bool force,
	struct catalog *fresh);

/* How a supervised worker hears of a new catalog: datagrams carrying a sealed copy, and a counter in
 * shared memory the supervisor bumps after sending (one load per request, no system call). */
struct worker_link {
	int fd;                                 /* -1 for a worker on its own */
	const volatile unsigned *generation;    /* NULL for a worker on its own */
	unsigned seen;
};

/* Serves requests from listen_fd until SIGTERM or SIGINT (finishing what it has accepted) or the death
 * of its supervisor. A worker on its own (link->fd < 0) watches the catalog file itself. */
int worker_run(struct server *s, int listen_fd, struct worker_link *link);

/* Runs n workers on listen_fd and keeps them running (see supervisor.c). Returns the exit status. */
int supervise(struct server *s, int listen_fd, int n);

/* How a serving process runs: a supervised worker, a worker on its own, or one classic CGI request. */
enum serving_mode { SERVE_SUPERVISED, SERVE_ALONE, SERVE_CGI };

/* What the seccomp filter of a serving process allows beyond answering from memory. The one place a
 * configured monitoring store adds its allowance (store_files for SQLite, store_socket for PostgreSQL). */
struct sandbox_needs server_sandbox_needs(const struct server *s, enum serving_mode mode);

/* Writes the pid file, if any. Returns 0 or -1. */
int pid_file_write(const char *path);

#endif
