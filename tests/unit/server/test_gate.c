#define _GNU_SOURCE /* memmem */
/* The gate: which FastCGI input is served, waited for or refused, and that a slow or oversized client
 * costs its own connection only. */
#include "server/gate.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct gate_limits LIM = { .max_params = 4096, .max_pairs = 16, .timeout_ms = 300 };

struct stream {
	unsigned char b[200000];
	size_t n;
};

static void rec(struct stream *s, int type, int id, const void *content, size_t len, int version)
{
	unsigned char *o = s->b + s->n;
	o[0] = (unsigned char)version;
	o[1] = (unsigned char)type;
	o[2] = (unsigned char)(id >> 8);
	o[3] = (unsigned char)id;
	o[4] = (unsigned char)(len >> 8);
	o[5] = (unsigned char)len;
	o[6] = 0;
	o[7] = 0;
	memcpy(o + 8, content, len);
	s->n += 8 + len;
}

static void begin(struct stream *s, int role)
{
	unsigned char b[8] = { 0, (unsigned char)role, 0 };
	rec(s, 1, 1, b, 8, 1);
}

static size_t pair(unsigned char *o, const char *name, size_t vlen, char fill)
{
	size_t nl = strlen(name), k = 0;
	o[k++] = (unsigned char)nl;
	if (vlen < 128) {
		o[k++] = (unsigned char)vlen;
	} else {
		o[k++] = (unsigned char)(0x80 | vlen >> 24);
		o[k++] = (unsigned char)(vlen >> 16);
		o[k++] = (unsigned char)(vlen >> 8);
		o[k++] = (unsigned char)vlen;
	}
	memcpy(o + k, name, nl);
	memset(o + k + nl, fill, vlen);
	return k + nl + vlen;
}

/* A whole request: begin, the given parameter bytes, the end of parameters, body bytes, end of body. */
static void request(struct stream *s, const unsigned char *params, size_t plen, size_t body, bool body_end)
{
	begin(s, 1);
	for (size_t off = 0; off < plen; off += 1000) rec(s, 4, 1, params + off, plen - off < 1000 ? plen - off : 1000, 1);
	rec(s, 4, 1, "", 0, 1);
	static unsigned char zeros[60000];
	for (size_t off = 0; off < body; off += 60000) rec(s, 5, 1, zeros, body - off < 60000 ? body - off : 60000, 1);
	if (body_end) rec(s, 5, 1, "", 0, 1);
}

static enum gate_verdict judge(const struct stream *s, size_t len)
{
	static unsigned char scratch[4096];
	int id;
	return gate_inspect(s->b, len, gate_window(&LIM), &LIM, scratch, &id);
}

Test(gate, verdicts)
{
	unsigned char p[8192];
	size_t n = pair(p, "REQUEST_METHOD", 3, 'G');
	n += pair(p + n, "QUERY_STRING", 200, 'q');
	struct stream s = { .n = 0 };
	request(&s, p, n, 0, true);
	cr_assert_eq(judge(&s, s.n), GATE_READY);
	for (size_t cut = 0; cut < s.n; cut += 7) cr_assert_eq(judge(&s, cut), GATE_WAIT, "cut at %zu", cut);

	struct stream big = { .n = 0 };
	size_t bn = pair(p, "HTTP_X", 4100, 'x');
	request(&big, p, bn, 0, true);
	cr_assert_eq(judge(&big, big.n), GATE_TOO_LARGE);
	cr_assert_eq(judge(&big, 16 + 8 + 1000 + 8 + 1000 + 8 + 1000 + 8 + 1000 + 8 + 200), GATE_TOO_LARGE, "refused before it all arrived");

	struct stream many = { .n = 0 };
	size_t mn = 0;
	for (int i = 0; i < 17; i++) mn += pair(p + mn, "A", 1, 'a');
	request(&many, p, mn, 0, true);
	cr_assert_eq(judge(&many, many.n), GATE_TOO_LARGE);

	/* a pair declaring more than the stream holds: libfcgi would allocate the declared size */
	struct stream lie = { .n = 0 };
	unsigned char l[16] = { 4, 0x80 | 0x0b, 0xeb, 0xc2, 0x00, 'N', 'A', 'M', 'E' }; /* value of 200 MB */
	request(&lie, l, 9, 0, true);
	cr_assert_eq(judge(&lie, lie.n), GATE_BAD);

	struct stream role = { .n = 0 };
	begin(&role, 2);
	cr_assert_eq(judge(&role, role.n), GATE_BAD);
	struct stream ver = { .n = 0 };
	rec(&ver, 1, 1, "\0\1\0\0\0\0\0\0", 8, 2);
	cr_assert_eq(judge(&ver, ver.n), GATE_BAD);
	struct stream first = { .n = 0 };
	rec(&first, 4, 1, "", 0, 1);
	cr_assert_eq(judge(&first, first.n), GATE_BAD);
	struct stream other = { .n = 0 };
	begin(&other, 1);
	rec(&other, 4, 2, "", 0, 1); /* parameters of another request */
	cr_assert_eq(judge(&other, other.n), GATE_BAD);
}

Test(gate, body_look_ahead)
{
	unsigned char p[64];
	size_t n = pair(p, "CONTENT_LENGTH", 5, '9');
	struct stream s = { .n = 0 };
	request(&s, p, n, 1000, false);
	cr_assert_eq(judge(&s, s.n), GATE_WAIT, "a small body not yet complete is waited for");
	struct stream big = { .n = 0 };
	request(&big, p, n, GATE_BODY_LOOKAHEAD + 100, false);
	cr_assert_eq(judge(&big, big.n), GATE_READY, "a large body flowing in is handed over");
}

/* A live gate on a loopback socket. */
static int listener(int *port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	cr_assert_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
	cr_assert_eq(listen(fd, 64), 0);
	socklen_t al = sizeof a;
	getsockname(fd, (struct sockaddr *)&a, &al);
	*port = ntohs(a.sin_port);
	return fd;
}

static int client(int port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
	return fd;
}

static char *read_all(int fd, size_t *n)
{
	static char buf[4096];
	*n = 0;
	ssize_t k;
	while (*n < sizeof buf - 1 && (k = read(fd, buf + *n, sizeof buf - 1 - *n)) > 0) *n += (size_t)k;
	buf[*n] = '\0';
	return buf;
}

static bool contains(const char *b, size_t n, const char *needle)
{
	return memmem(b, n, needle, strlen(needle)) != NULL;
}

/* Waits (at most 10 s) until fd has something to read, or its peer closed it. */
static bool readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	return poll(&p, 1, 10000) == 1;
}

/* Waits (at most 10 s, polling each millisecond) until the gate has accepted all but n of the connections
 * queued on the listening socket lfd: Linux reports a listening socket's accept queue in tcpi_unacked. */
static bool accepted_all_but(int lfd, unsigned n)
{
	for (int ms = 0; ms < 10000; ms++) {
		struct tcp_info ti;
		socklen_t len = sizeof ti;
		if (getsockopt(lfd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0) return false;
		if (ti.tcpi_unacked <= n) return true;
		usleep(1000);
	}
	return false;
}

Test(gate, slow_and_huge_clients_cost_their_own_connection)
{
	int port, lfd = listener(&port);
	struct gate g;
	cr_assert_eq(gate_init(&g, lfd, &LIM), 0);
	volatile sig_atomic_t stop = 0;
	unsigned char p[8192];
	size_t n = pair(p, "REQUEST_METHOD", 3, 'G');
	struct stream good = { .n = 0 }, huge = { .n = 0 };
	request(&good, p, n, 0, true);
	request(&huge, p, pair(p, "HTTP_X", 6000, 'x'), 0, true);

	int slow = client(port);
	cr_assert_eq(write(slow, good.b, 20), 20); /* the begin record and a piece of a header, then nothing */
	int big = client(port);
	cr_assert_eq(write(big, huge.b, huge.n), (ssize_t)huge.n);
	int fast = client(port);
	cr_assert_eq(write(fast, good.b, good.n), (ssize_t)good.n);

	int served = gate_next(&g, &stop);
	cr_assert_geq(served, 0);
	unsigned char head[8];
	cr_assert_eq(read(served, head, 8), 8);
	cr_assert_eq(head[1], 1, "the served connection starts with its begin record");
	close(served);

	size_t len;
	char *answer = read_all(big, &len);
	cr_assert(contains(answer, len, "Status: 431"), "no 431 for oversized parameters");
	cr_assert(contains(answer, len, "\"error\":\"headers_too_large\""));

	/* the slow client times out while the gate waits; a request arriving after its 408 is served: the late
	 * client writes once the 408 is there, and stays until the gate has handed its connection on */
	pid_t late = fork();
	if (late == 0) {
		if (!readable(slow)) _exit(2);
		int c = client(port);
		ssize_t w = write(c, good.b, good.n);
		char x; /* closed by the test with the request unread: a reset rather than an end of file */
		_exit(w == (ssize_t)good.n && readable(c) && read(c, &x, 1) <= 0 ? 0 : 1);
	}
	served = gate_next(&g, &stop);
	cr_assert_geq(served, 0);
	close(served);
	answer = read_all(slow, &len);
	cr_assert(contains(answer, len, "Status: 408"), "slow client got: %zu bytes", len);
	cr_assert(contains(answer, len, "\"error\":\"request_timeout\""));
	int st;
	waitpid(late, &st, 0);
	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "late client: status %d", WEXITSTATUS(st));
	struct gate_counts c = gate_take_counts(&g);
	cr_assert_eq(c.too_large, 1);
	cr_assert_eq(c.timed_out, 1);
	close(slow);
	close(big);
	close(fast);
	gate_free(&g);
	close(lfd);
}

Test(gate, full_slots_drop_the_slowest)
{
	int port, lfd = listener(&port);
	struct gate_limits lim = LIM;
	lim.timeout_ms = 5000;
	struct gate g;
	cr_assert_eq(gate_init(&g, lfd, &lim), 0);
	volatile sig_atomic_t stop = 0;
	int slow[GATE_SLOTS + 4];
	for (int i = 0; i < GATE_SLOTS + 4; i++) {
		slow[i] = client(port);
		cr_assert_eq(write(slow[i], "\1", 1), 1);
	}
	unsigned char p[64];
	struct stream good = { .n = 0 };
	request(&good, p, pair(p, "REQUEST_METHOD", 3, 'G'), 0, true);
	int fast = client(port);
	cr_assert_eq(write(fast, good.b, good.n), (ssize_t)good.n);
	int served = gate_next(&g, &stop);
	cr_assert_geq(served, 0, "a complete request is served with every slot taken by slow clients");
	close(served);
	cr_assert_geq(gate_take_counts(&g).evicted, 4);
	for (int i = 0; i < GATE_SLOTS + 4; i++) close(slow[i]);
	close(fast);
	gate_free(&g);
	close(lfd);
}

/* The connection served is client's (it reads what the gate's caller writes back), and the child that wrote
 * client's request ended well. */
static void expect_served(int served, int client, pid_t child, const char *what)
{
	cr_assert_eq(write(served, "ok", 2), 2);
	char buf[2];
	cr_assert_eq(recv(client, buf, sizeof buf, MSG_WAITALL), 2, "%s", what);
	int status;
	waitpid(child, &status, 0);
	cr_assert_eq(status, 0);
}

/* A front server connects and writes a moment later (descheduled in between); a burst of slow clients
 * arriving meanwhile must not evict its connection: new connections wait in the kernel's queue while
 * every slot is younger than GATE_GRACE_MS. */
Test(gate, a_burst_does_not_evict_a_young_connection, .timeout = 20)
{
	int port, lfd = listener(&port);
	cr_assert_eq(listen(lfd, 256), 0);
	struct gate_limits lim = LIM;
	lim.timeout_ms = 5000;
	struct gate g;
	cr_assert_eq(gate_init(&g, lfd, &lim), 0);
	volatile sig_atomic_t stop = 0;
	enum { BEFORE = GATE_SLOTS, AFTER = GATE_SLOTS + 8 };
	int slow[BEFORE + AFTER];
	for (int i = 0; i < BEFORE; i++) {
		slow[i] = client(port);
		cr_assert_eq(write(slow[i], "\1", 1), 1);
	}
	int late = client(port);
	for (int i = BEFORE; i < BEFORE + AFTER; i++) {
		slow[i] = client(port);
		cr_assert_eq(write(slow[i], "\1", 1), 1);
	}
	unsigned char p[64];
	struct stream good = { .n = 0 };
	request(&good, p, pair(p, "REQUEST_METHOD", 3, 'G'), 0, true);
	/* the late connection writes once the gate has taken it in, while the burst still waits behind it */
	pid_t child = fork();
	if (child == 0) {
		if (!accepted_all_but(lfd, AFTER)) _exit(2);
		_exit(write(late, good.b, good.n) == (ssize_t)good.n ? 0 : 1);
	}
	int served = gate_next(&g, &stop);
	cr_assert_geq(served, 0);
	expect_served(served, late, child, "the late request is the one served, its connection kept");
	close(served);
	for (int i = 0; i < BEFORE + AFTER; i++) close(slow[i]);
	close(late);
	gate_free(&g);
	close(lfd);
}

/* A worker killed while serving loses what it holds: one request, not two. A new connection that has sent
 * nothing (a front server between its connect and its write) keeps the gate from taking the next one, which
 * stays in the kernel's queue for another worker; the request that arrives on it is the one served. */
Test(gate, a_silent_new_connection_holds_the_next_back, .timeout = 20)
{
	int port, lfd = listener(&port);
	struct gate_limits lim = LIM;
	lim.timeout_ms = 5000;
	lim.arriving_ms = 3000; /* longer than any pause of the writer below */
	struct gate g;
	cr_assert_eq(gate_init(&g, lfd, &lim), 0);
	volatile sig_atomic_t stop = 0;
	unsigned char p[64];
	struct stream good = { .n = 0 };
	request(&good, p, pair(p, "REQUEST_METHOD", 3, 'G'), 0, true);
	int first = client(port);
	int second = client(port);
	cr_assert_eq(write(second, good.b, good.n), (ssize_t)good.n);
	/* the first writes once the gate has taken it in, the second still queued behind it */
	pid_t child = fork();
	if (child == 0) {
		if (!accepted_all_but(lfd, 1)) _exit(2);
		_exit(write(first, good.b, good.n) == (ssize_t)good.n ? 0 : 1);
	}
	int served = gate_next(&g, &stop);
	cr_assert_geq(served, 0);
	struct tcp_info ti;
	socklen_t len = sizeof ti;
	cr_assert_eq(getsockopt(lfd, IPPROTO_TCP, TCP_INFO, &ti, &len), 0);
	cr_assert_eq(ti.tcpi_unacked, 1, "the second connection was taken while the first was still arriving");
	expect_served(served, first, child, "the first connection is the one served");
	close(served);
	served = gate_next(&g, &stop);
	cr_assert_geq(served, 0, "the second is served after");
	close(served);
	close(first);
	close(second);
	gate_free(&g);
	close(lfd);
}
