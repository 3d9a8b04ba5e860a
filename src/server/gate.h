/* Bounded FastCGI input. Connections are accepted here and handed to libfcgi only once their begin
 * record and every parameter have arrived, within a byte budget and a deadline, and (for the first
 * BODY_LOOKAHEAD bytes) their body too. A request that arrived whole with its connection is ready at
 * once; otherwise a connection is one pending slot watched with epoll, never a worker blocked in
 * read(). When all slots are taken the stalest one older than GATE_GRACE_MS makes room, and while
 * none is that old new connections wait in the kernel's queue; an expired one is answered 408, an
 * oversized one 431, both as JSON in FastCGI records. What libfcgi then reads is already in the
 * socket buffer, its declared lengths checked against what arrived. */
#ifndef AUTOPLAN_GATE_H
#define AUTOPLAN_GATE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

struct gate_limits {
	size_t max_params;   /* bytes of the whole parameter stream (every name and value) */
	int max_pairs;       /* number of parameters */
	int timeout_ms;      /* from accept to complete parameters */
	int arriving_ms;     /* how long a new silent connection holds the listener back (GATE_ARRIVING_MS) */
};

#define GATE_SLOTS 32
#define GATE_BODY_LOOKAHEAD (32u * 1024u)

enum gate_verdict {
	GATE_WAIT,       /* incomplete and within the limits: keep watching */
	GATE_READY,      /* parameters complete (and the body, or its first GATE_BODY_LOOKAHEAD bytes) */
	GATE_TOO_LARGE,  /* over max_params or max_pairs: answer 431 */
	GATE_BAD,        /* not a FastCGI responder request: close */
};

/* Counters of refused connections since the last gate_take_counts. */
struct gate_counts {
	unsigned long timed_out, too_large, malformed, evicted;
};

struct gate_slot {
	int fd;
	long long deadline;  /* CLOCK_MONOTONIC ms */
	int closing;         /* answered; draining its input until EOF or the deadline, then closed */
	int watched;         /* in the epoll set (a request that arrived whole never is) */
	size_t seen;         /* bytes arrived so far */
	long long progress;  /* CLOCK_MONOTONIC ms of the accept or of the last new bytes */
	long long accepted;  /* CLOCK_MONOTONIC ms of the accept */
	int kept;            /* taken back after a request (gate_keep), not newly accepted */
};

/* How long a pending connection is safe from eviction (see gate.c). */
#define GATE_GRACE_MS 250
/* How long a new connection that has sent nothing yet (a front server between its connect and its write)
 * keeps its worker from taking another, so that a worker killed loses one request, not two. */
#define GATE_ARRIVING_MS 50

struct gate {
	int listen_fd, ep;
	struct gate_limits lim;
	struct gate_slot slot[GATE_SLOTS];
	int ready[GATE_SLOTS], nready;
	unsigned char *win, *scratch;
	size_t wincap;
	struct gate_counts counts;
	bool paused;         /* the listening socket is out of the epoll set: every slot is young and taken,
	                      * or a new connection's request is still to come */
};

/* Prepares g for listen_fd (not owned). Returns 0, or -1 when memory or epoll ran out. */
int gate_init(struct gate *g, int listen_fd, const struct gate_limits *lim);
/* Closes every pending connection and the gate's own descriptors. */
void gate_free(struct gate *g);

/* The next connection ready to be served, in blocking mode, owned by the caller from now on. -1 when
 * *stop is set and nothing is ready, -2 when a signal interrupted the wait (check your flags and call
 * again), -3 when the listening socket failed. */
int gate_next(struct gate *g, volatile sig_atomic_t *stop);

/* Takes back a connection kept open by the web server (FCGI_KEEP_CONN) to wait for its next request. */
void gate_keep(struct gate *g, int fd);

/* Reads and resets the refusal counters. */
struct gate_counts gate_take_counts(struct gate *g);

/* Judges the first len bytes a connection sent, window being the most it will ever be shown (a full
 * window that is still incomplete is too large). scratch holds max_params bytes. *request_id gets the
 * FastCGI request id once the begin record was seen, else -1. Exposed for the unit tests. */
enum gate_verdict gate_inspect(const unsigned char *buf, size_t len, size_t window, const struct gate_limits *lim,
	unsigned char *scratch, int *request_id);

/* The window size for lim: parameters, record headers and padding, the body look-ahead. */
size_t gate_window(const struct gate_limits *lim);

#endif
