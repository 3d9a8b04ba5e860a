/* The sandbox autoplan-verify starts servers in (src/tools/verify/sandbox.c), tried for real with
 * bubblewrap: no network, no host file outside what is bound, no writing the system or the package, killed
 * at the wall-clock limit, and its resource limits in force. Without bwrap every case skips, naming it
 * (a failure under ./dev.sh test). */
#define _GNU_SOURCE
#include "tools/verify/sandbox.h"

#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static struct sandbox box(void)
{
	struct sandbox s = { .lim = sandbox_default_limits() };
	s.lim.wall_s = 60;
	return s;
}

static void need_bwrap(void)
{
	struct sandbox s = box();
	char err[600];
	if (sandbox_check(&s, err, sizeof err) < 0) cr_skip_test("%s", err);
}

/* Runs a shell command line in s; returns its output (static buffer) and the exit code in *code
 * (128+N for a signal). */
static const char *run(const struct sandbox *s, const char *line, int *code, int *timed_out)
{
	static char out[8192];
	char err[600];
	char *const cmd[] = { "/bin/sh", "-c", (char *)line, NULL };
	int st = 0, to = 0;
	cr_assert_eq(sandbox_run(s, cmd, &st, &to, out, sizeof out, err, sizeof err), 0, "%s", err);
	*code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (timed_out) *timed_out = to;
	return out;
}

/* A listening socket on the host's loopback; its port in *port. */
static int listener(int *port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t l = sizeof a;
	cr_assert(fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && listen(fd, 4) == 0);
	cr_assert_eq(getsockname(fd, (struct sockaddr *)&a, &l), 0);
	*port = ntohs(a.sin_port);
	return fd;
}

Test(verify_sandbox, no_network)
{
	need_bwrap();
	int port, fd = listener(&port), code;
	/* the listener is reachable from the host: the control */
	int c = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	cr_assert_eq(connect(c, (struct sockaddr *)&a, sizeof a), 0, "the host cannot reach its own listener");
	close(c);
	struct sandbox s = box();
	char line[300];
	snprintf(line, sizeof line, "bash -c 'exec 3<>/dev/tcp/127.0.0.1/%d' 2>/dev/null && echo CONNECTED; "
		"grep -c : /proc/net/dev; grep -v -e '|' -e ' lo:' /proc/net/dev", port);
	const char *out = run(&s, line, &code, NULL);
	cr_assert_null(strstr(out, "CONNECTED"), "the sandbox reached the host's listener: %s", out);
	cr_assert_eq(strcmp(out, "1\n"), 0, "the sandbox has an interface besides its loopback: %s", out);
	close(fd);
}

Test(verify_sandbox, host_files_hidden)
{
	need_bwrap();
	char tmpf[] = "/tmp/autoplan-sandbox-XXXXXX", here[4200], cwd[4096], line[9000];
	int fd = mkstemp(tmpf), code;
	cr_assert(fd >= 0 && write(fd, "secret\n", 7) == 7);
	close(fd);
	cr_assert_not_null(getcwd(cwd, sizeof cwd));
	snprintf(here, sizeof here, "%s/sandbox-visible-XXXXXX", cwd);
	fd = mkstemp(here);
	cr_assert(fd >= 0);
	close(fd);
	struct sandbox s = box();
	snprintf(line, sizeof line, "for f in %s %s /etc/passwd /etc/hostname /root /work; do test -e $f && echo SEEN $f; done; echo done",
		tmpf, here);
	const char *out = run(&s, line, &code, NULL);
	unlink(tmpf);
	unlink(here);
	cr_assert_eq(strcmp(out, "done\n"), 0, "host paths visible in the sandbox: %s", out);
}

Test(verify_sandbox, system_and_package_read_only)
{
	need_bwrap();
	char pkg[] = "/tmp/autoplan-pkg-XXXXXX", file[200];
	cr_assert_not_null(mkdtemp(pkg));
	chmod(pkg, 0755);
	snprintf(file, sizeof file, "%s/server.js", pkg);
	FILE *f = fopen(file, "w");
	cr_assert_not_null(f);
	fputs("package\n", f);
	fclose(f);
	chmod(file, 0644);
	struct sandbox s = box();
	s.pkgdir = pkg;
	int code;
	const char *out = run(&s, "cat /pkg/server.js; for p in /usr/autoplan-x /etc/autoplan-x /pkg/x /pkg/server.js "
		"/home/verify/x /tmp/x /x; do if (echo x >>$p) 2>/dev/null; then echo W $p; else echo R $p; fi; done", &code, NULL);
	cr_assert_eq(strcmp(out, "package\nR /usr/autoplan-x\nR /etc/autoplan-x\nR /pkg/x\nR /pkg/server.js\n"
		"W /home/verify/x\nW /tmp/x\nR /x\n"), 0, "writes: %s", out);
	f = fopen(file, "r");
	char back[32] = "";
	cr_assert(f && fgets(back, sizeof back, f));
	fclose(f);
	cr_assert_str_eq(back, "package\n");
	unlink(file);
	rmdir(pkg);
	cr_assert_eq(access("/usr/autoplan-x", F_OK), -1);
}

Test(verify_sandbox, killed_at_wall_clock_limit)
{
	need_bwrap();
	struct sandbox s = box();
	s.lim.wall_s = 1;
	struct timespec t0, t1;
	int code, to;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run(&s, "sleep 30 & sleep 30", &code, &to);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	cr_assert(to, "the wall-clock limit was not reported");
	cr_assert_eq(code, 128 + 9, "ended with %d, not SIGKILL", code);
	cr_assert(took < 5, "took %.1f s for a 1 s limit", took);
}

Test(verify_sandbox, limits_in_force)
{
	need_bwrap();
	struct sandbox s = box();
	s.lim.cpu_s = 7, s.lim.mem_mb = 2048, s.lim.nproc = 40, s.lim.fsize_mb = 1, s.lim.nofile = 64;
	int code;
	const char *out = run(&s, "bash -c 'echo $(ulimit -t) $(ulimit -v) $(ulimit -u) $(ulimit -f) $(ulimit -n)'; id -u", &code, NULL);
	cr_assert_eq(strncmp(out, "7 2097152 40 1024 64\n", 21), 0, "limits: %s", out);
	if (geteuid() == 0) cr_assert(atoi(out + 21) >= 100000, "root in the sandbox is not its own user: %s", out);
	/* a file past the size limit is cut at it */
	out = run(&s, "head -c 3000000 /dev/zero > /tmp/big; echo status $?; wc -c < /tmp/big", &code, NULL);
	cr_assert_not_null(strstr(out, "1048576"), "file size limit: %s", out);
	/* processes past the limit cannot be forked */
	out = run(&s, "i=0; while [ $i -lt 100 ]; do sleep 5 & i=$((i+1)); done 2>&1 | head -c 200; echo; echo end", &code, NULL);
	cr_assert_not_null(strstr(out, "ork"), "100 processes were forked under a limit of 40: %s", out);
	/* memory past the address-space limit cannot be had */
	out = run(&s, "node -e 'const b=[]; try { for (;;) b.push(Buffer.allocUnsafe(64<<20)); } catch (e) { console.log(\"stopped at\", b.length * 64, \"MiB:\", e.message) }' 2>&1",
		&code, NULL);
	cr_assert_not_null(strstr(out, "stopped at"), "memory limit: %s", out);
	int mib = atoi(strstr(out, "stopped at") + 11);
	cr_assert(mib < 2048, "allocated %d MiB under a limit of 2048", mib);
}

Test(verify_sandbox, cpu_limit_kills)
{
	need_bwrap();
	struct sandbox s = box();
	s.lim.cpu_s = 1;
	int code;
	run(&s, "while :; do :; done", &code, NULL);
	cr_assert(code == 128 + 24 || code == 128 + 9, "a busy loop under a 1 s CPU limit ended with %d", code);
}

Test(verify_sandbox, bad_arguments)
{
	struct sandbox s = box();
	char err[300];
	char *const cmd[] = { "true", NULL }, *const none[] = { NULL };
	s.pkgdir = "relative/dir";
	cr_assert_null(sandbox_argv(&s, cmd, err, sizeof err));
	cr_assert_not_null(strstr(err, "absolute"));
	s.pkgdir = NULL;
	const char *env[] = { "NOEQUALS", NULL };
	s.env = env;
	cr_assert_null(sandbox_argv(&s, cmd, err, sizeof err));
	cr_assert_not_null(strstr(err, "NAME=VALUE"));
	s.env = NULL;
	cr_assert_null(sandbox_argv(&s, none, err, sizeof err));
}

/* A package under a directory the sandbox's user cannot enter (a checkout in a 0700 folder) is bound all
 * the same, and nothing of that folder's other content shows. */
Test(verify_sandbox, package_under_private_directory)
{
	need_bwrap();
	char top[] = "/tmp/autoplan-private-XXXXXX", pkg[200], file[240], other[240];
	cr_assert_not_null(mkdtemp(top));
	cr_assert_eq(chmod(top, 0700), 0);
	snprintf(pkg, sizeof pkg, "%s/pkg", top);
	snprintf(file, sizeof file, "%s/server.js", pkg);
	snprintf(other, sizeof other, "%s/other", top);
	cr_assert_eq(mkdir(pkg, 0755), 0);
	FILE *f = fopen(file, "w"), *g = fopen(other, "w");
	cr_assert(f && g);
	fputs("inside\n", f);
	fputs("outside\n", g);
	fclose(f);
	fclose(g);
	chmod(file, 0644);
	struct sandbox s = box();
	s.pkgdir = pkg;
	int code;
	char line[600];
	snprintf(line, sizeof line, "cat /pkg/server.js; ls /pkg; test -e %s && echo SEEN", other);
	const char *out = run(&s, line, &code, NULL);
	unlink(file);
	unlink(other);
	rmdir(pkg);
	rmdir(top);
	cr_assert_str_eq(out, "inside\nserver.js\n");
}
