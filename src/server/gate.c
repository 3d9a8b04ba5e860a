#define _GNU_SOURCE /* accept4 */
#include "server/gate.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* FastCGI record types and roles (the FastCGI 1.0 specification). */
enum { FT_BEGIN = 1, FT_ABORT = 2, FT_END = 3, FT_PARAMS = 4, FT_STDIN = 5, FT_STDOUT = 6, FT_GET_VALUES = 9 };
enum { ROLE_RESPONDER = 1 };
#define CLOSING_MS 2000

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

size_t gate_window(const struct gate_limits *lim)
{
	/* record headers and padding: a parameter stream of small records costs at most twice its size */
	return 2 * lim->max_params + 4096 + GATE_BODY_LOOKAHEAD;
}

/* One name or value length of a pair: 1 byte, or 4 with the high bit set. */
static int pair_len(const unsigned char *p, size_t left, size_t *len, size_t *used)
{
	if (left < 1) return -1;
	if (!(p[0] & 0x80)) {
		*len = p[0];
		*used = 1;
		return 0;
	}
	if (left < 4) return -1;
	*len = ((size_t)(p[0] & 0x7f) << 24) | ((size_t)p[1] << 16) | ((size_t)p[2] << 8) | p[3];
	*used = 4;
	return 0;
}

/* Every pair's declared lengths must lie inside the stream that arrived. */
static enum gate_verdict check_pairs(const unsigned char *s, size_t n, int max_pairs)
{
	int pairs = 0;
	for (size_t i = 0; i < n;) {
		size_t nl, vl, u1, u2;
		if (pair_len(s + i, n - i, &nl, &u1) < 0) return GATE_BAD;
		if (pair_len(s + i + u1, n - i - u1, &vl, &u2) < 0) return GATE_BAD;
		i += u1 + u2;
		if (nl > n - i || vl > n - i - nl || nl == 0) return GATE_BAD;
		i += nl + vl;
		if (++pairs > max_pairs) return GATE_TOO_LARGE;
	}
	return GATE_READY;
}

enum gate_verdict gate_inspect(const unsigned char *buf, size_t len, size_t window, const struct gate_limits *lim,
	unsigned char *scratch, int *request_id)
{
	enum { BEFORE_BEGIN, PARAMS, BODY } state = BEFORE_BEGIN;
	size_t off = 0, params = 0, body_from = 0;
	*request_id = -1;
	while (len - off >= 8) {
		const unsigned char *h = buf + off;
		unsigned type = h[1], id = (unsigned)h[2] << 8 | h[3];
		size_t clen = (size_t)h[4] << 8 | h[5], end = off + 8 + clen + h[6];
		if (h[0] != 1) return GATE_BAD;
		if (state == BEFORE_BEGIN) {
			if (type == FT_GET_VALUES && id == 0) {
				/* a management query libfcgi answers itself */
			} else if (type == FT_BEGIN && clen == 8 && id != 0) {
				if (len - off < 16) break;
				if (((unsigned)h[8] << 8 | h[9]) != ROLE_RESPONDER) return GATE_BAD;
				*request_id = (int)id;
				state = PARAMS;
			} else {
				return GATE_BAD;
			}
		} else if (state == PARAMS) {
			if (type != FT_PARAMS || (int)id != *request_id) return GATE_BAD;
			if (clen == 0) {
				enum gate_verdict v = check_pairs(scratch, params, lim->max_pairs);
				if (v != GATE_READY) return v;
				state = BODY;
				body_from = end;
			} else {
				if (clen > lim->max_params - params) return GATE_TOO_LARGE;
				if (len - off - 8 < clen) break;
				memcpy(scratch + params, h + 8, clen);
				params += clen;
			}
		} else {
			if (type == FT_STDIN && (int)id == *request_id && clen == 0) return GATE_READY;
			if (type != FT_STDIN) return GATE_READY; /* libfcgi judges whatever follows */
		}
		if (end > len) break;
		off = end;
	}
	if (state == BODY) /* complete parameters; the body is still arriving */
		return len >= body_from && len - body_from >= GATE_BODY_LOOKAHEAD ? GATE_READY : GATE_WAIT;
	if (len >= window) return state == PARAMS ? GATE_TOO_LARGE : GATE_BAD;
	return GATE_WAIT;
}

int gate_init(struct gate *g, int listen_fd, const struct gate_limits *lim)
{
	memset(g, 0, sizeof *g);
	g->listen_fd = listen_fd;
	g->lim = *lim;
	for (int i = 0; i < GATE_SLOTS; i++) g->slot[i].fd = -1;
	g->wincap = gate_window(lim);
	g->win = malloc(g->wincap);
	g->scratch = malloc(lim->max_params ? lim->max_params : 1);
	g->ep = epoll_create1(EPOLL_CLOEXEC);
	if (!g->win || !g->scratch || g->ep < 0) {
		gate_free(g);
		return -1;
	}
	/* several workers may be woken for one connection: the losers' accept must not wait for the next */
	int fl = fcntl(listen_fd, F_GETFL);
	if (fl < 0 || fcntl(listen_fd, F_SETFL, fl | O_NONBLOCK) < 0) {
		gate_free(g);
		return -1;
	}
	/* one idle worker is woken per connection, not all of them */
	struct epoll_event ev = { .events = EPOLLIN | EPOLLEXCLUSIVE, .data.fd = -1 };
	if (epoll_ctl(g->ep, EPOLL_CTL_ADD, listen_fd, &ev) < 0) {
		gate_free(g);
		return -1;
	}
	return 0;
}

static void slot_close(struct gate *g, int i)
{
	if (g->slot[i].fd < 0) return;
	close(g->slot[i].fd); /* which takes it out of the epoll set too */
	g->slot[i].fd = -1;
}

void gate_free(struct gate *g)
{
	for (int i = 0; i < GATE_SLOTS; i++) slot_close(g, i);
	for (int i = 0; i < g->nready; i++) close(g->ready[i]);
	g->nready = 0;
	if (g->ep >= 0) close(g->ep);
	g->ep = -1;
	free(g->win);
	free(g->scratch);
	g->win = g->scratch = NULL;
}

struct gate_counts gate_take_counts(struct gate *g)
{
	struct gate_counts c = g->counts;
	memset(&g->counts, 0, sizeof g->counts);
	return c;
}

static size_t record(unsigned char *o, unsigned type, int id, const char *content, size_t n)
{
	size_t pad = (8 - n % 8) % 8;
	o[0] = 1;
	o[1] = (unsigned char)type;
	o[2] = (unsigned char)(id >> 8);
	o[3] = (unsigned char)id;
	o[4] = (unsigned char)(n >> 8);
	o[5] = (unsigned char)n;
	o[6] = (unsigned char)pad;
	o[7] = 0;
	if (n) memcpy(o + 8, content, n);
	memset(o + 8 + n, 0, pad);
	return 8 + n + pad;
}

/* Answers a refused request in FastCGI records, then lets the slot drain the client's input before
 * closing: a close with unread input would reset the connection and lose the answer. */
static void answer(struct gate *g, int i, int id, int status, const char *reason, const char *name, const char *msg)
{
	int fd = g->slot[i].fd;
	if (id > 0) {
		char body[400], http[700];
		int bn = snprintf(body, sizeof body, "{\"error\":\"%s\",\"message\":\"%s\",\"status\":%d}\n", name, msg, status);
		int hn = snprintf(http, sizeof http,
			"Status: %d %s\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: %d\r\n"
			"Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n%s", status, reason, bn, body);
		unsigned char out[900];
		static const char end[8] = { 0 }; /* application status 0, FCGI_REQUEST_COMPLETE */
		size_t n = record(out, FT_STDOUT, id, http, (size_t)hn);
		n += record(out + n, FT_STDOUT, id, NULL, 0);
		n += record(out + n, FT_END, id, end, 8);
		ssize_t w = send(fd, out, n, MSG_NOSIGNAL | MSG_DONTWAIT);
		(void)w;
	}
	shutdown(fd, SHUT_WR);
	g->slot[i].closing = 1;
	g->slot[i].deadline = now_ms() + CLOSING_MS;
}

static void drain(struct gate *g, int i)
{
	char trash[4096];
	for (int k = 0; k < 64; k++) {
		ssize_t n = recv(g->slot[i].fd, trash, sizeof trash, MSG_DONTWAIT);
		if (n > 0) continue;
		if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
		break;
	}
	slot_close(g, i);
}

/* Looks at what slot i has sent so far and moves it on: to the ready list, to an answer, or nowhere. */
static void inspect(struct gate *g, int i)
{
	if (g->slot[i].closing) {
		drain(g, i);
		return;
	}
	int fd = g->slot[i].fd, id;
	ssize_t n = recv(fd, g->win, g->wincap, MSG_PEEK | MSG_DONTWAIT);
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) { /* gone before asking anything */
		slot_close(g, i);
		return;
	}
	if (n < 0) return;
	if ((size_t)n > g->slot[i].seen) {
		g->slot[i].seen = (size_t)n;
		g->slot[i].progress = now_ms();
	}
	switch (gate_inspect(g->win, (size_t)n, g->wincap, &g->lim, g->scratch, &id)) {
	case GATE_WAIT:
		return;
	case GATE_READY:
		if (g->nready == GATE_SLOTS) return; /* served first: its edge comes again with more data, or its deadline */
		if (g->slot[i].watched) epoll_ctl(g->ep, EPOLL_CTL_DEL, fd, NULL);
		g->ready[g->nready++] = fd;
		g->slot[i].fd = -1;
		return;
	case GATE_TOO_LARGE:
		g->counts.too_large++;
		answer(g, i, id, 431, "Request Header Fields Too Large", "headers_too_large",
			"the request parameters are larger than this service accepts");
		return;
	case GATE_BAD:
		g->counts.malformed++;
		answer(g, i, id, 400, "Bad Request", "bad_request", "not a FastCGI responder request");
		return;
	}
}

/* Whether slot a should make room before slot b: an answered one first, then the one that has sent
 * nothing new for longest. Not the oldest: slow clients that dial again after each refusal would
 * otherwise outlive a front server's connection whose request is still arriving. */
static bool evict_before(const struct gate_slot *a, const struct gate_slot *b)
{
	if (a->closing != b->closing) return a->closing;
	return a->closing ? a->deadline < b->deadline : a->progress < b->progress;
}

/* A connection younger than GATE_GRACE_MS is never evicted for a new one: a front server connects and
 * then writes, and may be descheduled in between; a burst of slow clients must not cost it its request. */
static bool evictable(const struct gate_slot *s, long long now)
{
	return s->closing || now - s->accepted >= GATE_GRACE_MS;
}

static int empty_slot(const struct gate *g)
{
	for (int i = 0; i < GATE_SLOTS; i++)
		if (g->slot[i].fd < 0) return i;
	return -1;
}

/* A free slot, or -1. When all are taken, every slot is looked at again first (a front server's request
 * may have arrived whole since, its event still waiting in this batch), then the stalest evictable one
 * (any one, with force) makes room. */
static int free_slot(struct gate *g, long long now, bool force)
{
	int i = empty_slot(g);
	if (i >= 0) return i;
	for (i = 0; i < GATE_SLOTS; i++)
		if (!g->slot[i].closing) inspect(g, i);
	if ((i = empty_slot(g)) >= 0) return i;
	int stale = -1;
	for (i = 0; i < GATE_SLOTS; i++)
		if ((force || evictable(&g->slot[i], now)) && (stale < 0 || evict_before(&g->slot[i], &g->slot[stale])))
			stale = i;
	if (stale < 0) return -1;
	if (!g->slot[stale].closing) g->counts.evicted++;
	slot_close(g, stale);
	return stale;
}

/* A request that arrived whole with its connection (the usual case behind a front server) is ready
 * at once; only the rest join the epoll set (slot i). Adding reports data that came in meanwhile. */
static void watch(struct gate *g, int i, int fd, long long now)
{
	g->slot[i] = (struct gate_slot){ .fd = fd, .deadline = now + g->lim.timeout_ms, .progress = now, .accepted = now };
	inspect(g, i);
	if (g->slot[i].fd != fd) return;
	struct epoll_event ev = { .events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = i };
	if (epoll_ctl(g->ep, EPOLL_CTL_ADD, fd, &ev) < 0) {
		slot_close(g, i);
		return;
	}
	g->slot[i].watched = 1;
}

void gate_keep(struct gate *g, int fd)
{
	long long now = now_ms();
	int i = free_slot(g, now, true);
	watch(g, i, fd, now);
	if (g->slot[i].fd == fd) g->slot[i].kept = 1; /* an idle kept connection is not a request arriving */
}

/* With every slot young and taken, new connections wait in the kernel's queue (their requests arrive
 * there meanwhile) until a slot frees or grows old enough to make room. */
static void listen_pause(struct gate *g, bool pause)
{
	if (g->paused == pause) return;
	struct epoll_event ev = { .events = EPOLLIN | EPOLLEXCLUSIVE, .data.fd = -1 };
	if (epoll_ctl(g->ep, pause ? EPOLL_CTL_DEL : EPOLL_CTL_ADD, g->listen_fd, pause ? NULL : &ev) == 0)
		g->paused = pause;
}

static bool room_possible(const struct gate *g, long long now)
{
	for (int i = 0; i < GATE_SLOTS; i++)
		if (g->slot[i].fd < 0 || evictable(&g->slot[i], now)) return true;
	return false;
}

/* A connection just accepted that has sent nothing yet: almost always a front server that connected and
 * is about to write. Its worker leaves new connections to idle workers meanwhile, so that it never serves
 * one request while another it took waits behind it (both lost if it is killed). Bounded in time, so a
 * flood of silent connections is still taken in, one per arriving_ms per worker. */
static bool arriving(const struct gate *g, const struct gate_slot *s, long long now)
{
	return s->fd >= 0 && !s->kept && !s->closing && s->seen == 0 && now - s->accepted < g->lim.arriving_ms;
}

static bool listen_wanted(const struct gate *g, long long now)
{
	for (int i = 0; i < GATE_SLOTS; i++)
		if (arriving(g, &g->slot[i], now)) return false;
	return room_possible(g, now);
}

static void expire(struct gate *g, long long now)
{
	for (int i = 0; i < GATE_SLOTS; i++) {
		if (g->slot[i].fd < 0 || g->slot[i].deadline > now) continue;
		if (g->slot[i].closing) {
			slot_close(g, i);
			continue;
		}
		int id = -1;
		ssize_t n = recv(g->slot[i].fd, g->win, g->wincap, MSG_PEEK | MSG_DONTWAIT);
		if (n > 0) gate_inspect(g->win, (size_t)n, g->wincap, &g->lim, g->scratch, &id);
		g->counts.timed_out++;
		answer(g, i, id, 408, "Request Timeout", "request_timeout", "the request was not received in time");
	}
}

static int next_timeout(const struct gate *g, long long now)
{
	long long first = -1;
	for (int i = 0; i < GATE_SLOTS; i++) {
		const struct gate_slot *s = &g->slot[i];
		if (s->fd < 0) continue;
		long long t = s->deadline;
		if (g->paused && !s->closing) {
			/* when it stops holding the listener back, or may make room for a waiting connection */
			long long wake = s->accepted + (arriving(g, s, now) ? g->lim.arriving_ms : GATE_GRACE_MS);
			if (wake < t) t = wake;
		}
		if (first < 0 || t < first) first = t;
	}
	if (first < 0) return -1;
	return first <= now ? 0 : (int)(first - now);
}

static int take_ready(struct gate *g)
{
	int fd = g->ready[0];
	memmove(g->ready, g->ready + 1, (size_t)--g->nready * sizeof *g->ready);
	return fd;
}

/* With no connection pending, the next one is usually queued already when the service is busy: taking
 * it at once spares an epoll_wait. An empty queue, or any connection pending, leaves it to the wait. */
static bool accept_queued(struct gate *g)
{
	if (g->paused) return false;
	for (int i = 0; i < GATE_SLOTS; i++)
		if (g->slot[i].fd >= 0) return false;
	int fd = accept4(g->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0) return false;
	watch(g, 0, fd, now_ms());
	return true;
}

int gate_next(struct gate *g, volatile sig_atomic_t *stop)
{
	for (;;) {
		if (g->nready) return take_ready(g);
		if (*stop) return -1;
		if (accept_queued(g)) continue;
		listen_pause(g, !listen_wanted(g, now_ms()));
		struct epoll_event ev[16];
		int n = epoll_wait(g->ep, ev, 16, next_timeout(g, now_ms()));
		if (n < 0) return errno == EINTR ? -2 : -3;
		long long now = now_ms();
		for (int k = 0; k < n; k++) {
			if (ev[k].data.fd >= 0) {
				if (g->slot[ev[k].data.fd].fd >= 0) inspect(g, ev[k].data.fd);
				continue;
			}
			/* a connection ready to serve comes first: a new one is left to an idle worker (or to this one after),
			 * so a worker killed while serving loses that request, not others it took meanwhile */
			if (g->nready) continue;
			int i = g->paused ? -1 : free_slot(g, now, false);
			if (i < 0) {
				listen_pause(g, true);
				continue;
			}
			/* Blocking, as libfcgi wants it: the gate's own reads and writes say MSG_DONTWAIT. */
			int fd = accept4(g->listen_fd, NULL, NULL, SOCK_CLOEXEC);
			if (fd >= 0) watch(g, i, fd, now);
			else if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED && errno != EPROTO &&
				 errno != EMFILE && errno != ENFILE && errno != ENOBUFS && errno != ENOMEM)
				return -3;
		}
		expire(g, now);
	}
}
