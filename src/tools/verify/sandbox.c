/* bubblewrap around every server autoplan-verify starts; see sandbox.h. */
#define _GNU_SOURCE
#include "tools/verify/sandbox.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Started as root, each sandbox runs as a user id of its own from this range (by its process id), owning no
 * file: the process limit counts per user, so a fork bomb in one sandbox cannot use up another's. */
#define UID_BASE 100000
#define UID_SPAN 900000
#define MAX_ARGS 200
/* Started as root, the child mounts the package directory on one of these (the first that exists) in a
 * mount namespace of its own before it gives up root, and bubblewrap binds it from there: the
 * unprivileged user need not be able to reach the package by its own path (a checkout under a 0700
 * directory). The host's mounts are not touched. */
static const char *const stages[] = { "/mnt", "/media", "/srv", "/opt", "/home", NULL };

/* Top-level system paths: bound read-only when a directory, recreated when a symlink (merged /usr). */
static const char *const sys_top[] = { "/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32", NULL };
/* The few files of /etc that programs need to load libraries and certificates; nothing else of /etc. */
static const char *const sys_etc[] = { "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
	"/etc/ssl/certs", "/etc/localtime", NULL };

struct sandbox_limits sandbox_default_limits(void)
{
	struct sandbox_limits l = { .cpu_s = 60, .mem_mb = 4096, .nproc = 256, .fsize_mb = 64, .nofile = 256, .wall_s = 120 };
	return l;
}

struct argv_b {
	char **v;
	int n, bad;
};

static void add(struct argv_b *a, const char *s)
{
	if (a->bad) return;
	if (a->n + 1 >= MAX_ARGS || !(a->v[a->n] = strdup(s))) { a->bad = 1; return; }
	a->n++;
}

static void add2(struct argv_b *a, const char *x, const char *y) { add(a, x); add(a, y); }
static void add3(struct argv_b *a, const char *x, const char *y, const char *z) { add(a, x); add(a, y); add(a, z); }

/* Where the package is staged when started as root. */
static const char *stage(void)
{
	struct stat st;
	for (int i = 0; stages[i]; i++)
		if (stat(stages[i], &st) == 0 && S_ISDIR(st.st_mode)) return stages[i];
	return "/mnt";
}

static void add_system(struct argv_b *a)
{
	char target[PATH_MAX];
	struct stat st;
	for (int i = 0; sys_top[i]; i++) {
		if (lstat(sys_top[i], &st) != 0) continue;
		ssize_t n = S_ISLNK(st.st_mode) ? readlink(sys_top[i], target, sizeof target - 1) : -1;
		if (n > 0) { target[n] = 0; add3(a, "--symlink", target, sys_top[i]); }
		else if (S_ISDIR(st.st_mode)) add3(a, "--ro-bind", sys_top[i], sys_top[i]);
	}
	for (int i = 0; sys_etc[i]; i++) add3(a, "--ro-bind-try", sys_etc[i], sys_etc[i]);
}

static void add_tmpfs(struct argv_b *a, const char *path, int mb)
{
	char size[32];
	snprintf(size, sizeof size, "%lld", (long long)mb << 20);
	add2(a, "--size", size);
	add2(a, "--tmpfs", path);
}

static int check_env(const char *const *env, char *err, size_t errlen)
{
	for (int i = 0; env && env[i]; i++) {
		const char *eq = strchr(env[i], '=');
		if (!eq || eq == env[i]) { snprintf(err, errlen, "environment entry \"%s\" is not NAME=VALUE", env[i]); return -1; }
	}
	return 0;
}

char **sandbox_argv(const struct sandbox *s, char *const cmd[], char *err, size_t errlen)
{
	if (!cmd || !cmd[0]) { snprintf(err, errlen, "no command to run in the sandbox"); return NULL; }
	if (s->pkgdir && s->pkgdir[0] != '/') { snprintf(err, errlen, "the package directory must be an absolute path"); return NULL; }
	if (check_env(s->env, err, errlen) < 0) return NULL;
	struct argv_b a = { .v = calloc(MAX_ARGS, sizeof(char *)) };
	if (!a.v) { snprintf(err, errlen, "out of memory"); return NULL; }
	add(&a, s->bwrap ? s->bwrap : "bwrap");
	static const char *const ns[] = { "--unshare-user", "--unshare-net", "--unshare-pid", "--unshare-ipc",
		"--unshare-uts", "--unshare-cgroup-try", "--new-session", "--die-with-parent", NULL };
	for (int i = 0; ns[i]; i++) add(&a, ns[i]);
	add2(&a, "--hostname", "sandbox");
	add_system(&a);
	add2(&a, "--proc", "/proc");
	add2(&a, "--dev", "/dev");
	add_tmpfs(&a, "/tmp", s->lim.fsize_mb);
	add_tmpfs(&a, SANDBOX_HOME, s->lim.fsize_mb);
	if (s->pkgdir) add3(&a, "--ro-bind", geteuid() == 0 ? stage() : s->pkgdir, SANDBOX_PKG);
	add2(&a, "--remount-ro", "/"); /* the root bwrap builds (and /etc on it) is not writable either */
	add2(&a, "--chdir", s->cwd ? s->cwd : SANDBOX_HOME);
	add(&a, "--clearenv");
	add3(&a, "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin");
	add3(&a, "--setenv", "HOME", SANDBOX_HOME);
	add3(&a, "--setenv", "TMPDIR", "/tmp");
	for (int i = 0; s->env && s->env[i]; i++) {
		char name[256];
		size_t k = (size_t)(strchr(s->env[i], '=') - s->env[i]);
		snprintf(name, sizeof name, "%.*s", (int)(k < sizeof name ? k : sizeof name - 1), s->env[i]);
		add3(&a, "--setenv", name, s->env[i] + k + 1);
	}
	add(&a, "--");
	for (int i = 0; cmd[i]; i++) add(&a, cmd[i]);
	if (a.bad) {
		snprintf(err, errlen, "the sandbox command line is too long");
		sandbox_argv_free(a.v);
		return NULL;
	}
	return a.v;
}

void sandbox_argv_free(char **argv)
{
	for (int i = 0; argv && argv[i]; i++) free(argv[i]);
	free(argv);
}

static int limit(int resource, rlim_t v)
{
	struct rlimit r = { v, v };
	return setrlimit(resource, &r) == 0 ? 0 : errno;
}

/* The package directory mounted on stage() in a private mount namespace (as root). */
static int stage_pkg(const char *dir)
{
	if (unshare(CLONE_NEWNS) != 0) return errno;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return errno;
	if (mount(dir, stage(), NULL, MS_BIND | MS_REC, NULL) != 0) return errno;
	return 0;
}

int sandbox_enter(const struct sandbox *s)
{
	const struct sandbox_limits *l = &s->lim;
	int e;
	if (geteuid() == 0) {
		if (s->pkgdir && (e = stage_pkg(s->pkgdir))) return e;
		uid_t id = (uid_t)(UID_BASE + getpid() % UID_SPAN);
		if (setgroups(0, NULL) != 0 || setgid((gid_t)id) != 0 || setuid(id) != 0) return errno;
	}
	if ((e = limit(RLIMIT_CPU, (rlim_t)l->cpu_s))) return e;
	if ((e = limit(RLIMIT_AS, (rlim_t)l->mem_mb << 20))) return e;
	if ((e = limit(RLIMIT_NPROC, (rlim_t)l->nproc))) return e;
	if ((e = limit(RLIMIT_FSIZE, (rlim_t)l->fsize_mb << 20))) return e;
	if ((e = limit(RLIMIT_NOFILE, (rlim_t)l->nofile))) return e;
	return limit(RLIMIT_CORE, 0);
}

static struct json_object *jstrs(const char *const *v)
{
	struct json_object *a = json_object_new_array();
	for (int i = 0; v[i]; i++) json_object_array_add(a, json_object_new_string(v[i]));
	return a;
}

struct json_object *sandbox_describe(const struct sandbox *s)
{
	struct json_object *d = json_object_new_object(), *lim = json_object_new_object();
	static const char *const ns[] = { "user", "network", "pid", "ipc", "uts", NULL };
	static const char *const ro[] = { "/usr (with /bin, /lib, /sbin)", "/etc/ld.so.cache", "/etc/alternatives",
		"/etc/ssl/certs", "/etc/localtime", NULL };
	jadd(d, "kind", json_object_new_string("bubblewrap"));
	jadd(d, "namespaces", jstrs(ns));
	jadd(d, "network", json_object_new_string("none: a new network namespace with only its own loopback interface"));
	jadd(d, "read_only", jstrs(ro));
	if (s->pkgdir) jadd(d, "package", json_object_new_string(SANDBOX_PKG " (read-only)"));
	jadd(d, "writable", json_object_new_string("private tmpfs at " SANDBOX_HOME " (home) and /tmp"));
	jadd(d, "user", json_object_new_string("an unprivileged user of its own, no capabilities, a new session, killed with its parent"));
	jadd(lim, "cpu_seconds", json_object_new_int(s->lim.cpu_s));
	jadd(lim, "address_space_mib", json_object_new_int(s->lim.mem_mb));
	jadd(lim, "processes", json_object_new_int(s->lim.nproc));
	jadd(lim, "file_size_mib", json_object_new_int(s->lim.fsize_mb));
	jadd(lim, "open_files", json_object_new_int(s->lim.nofile));
	jadd(lim, "wall_clock_seconds", json_object_new_int(s->lim.wall_s));
	jadd(d, "limits", lim);
	return d;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* fork and exec argv in the sandbox's limits, in its own process group, stdout and stderr into pipe *fd. */
static pid_t spawn(const struct sandbox *s, char **argv, int *fd, char *err, size_t errlen)
{
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0) { snprintf(err, errlen, "pipe: %s", strerror(errno)); return -1; }
	pid_t pid = fork();
	if (pid < 0) { snprintf(err, errlen, "fork: %s", strerror(errno)); close(p[0]); close(p[1]); return -1; }
	if (pid == 0) {
		setpgid(0, 0);
		int null = open("/dev/null", O_RDONLY);
		if (null < 0 || dup2(null, 0) < 0 || dup2(p[1], 1) < 0 || dup2(p[1], 2) < 0) _exit(126);
		if (sandbox_enter(s) != 0) _exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	setpgid(pid, pid);
	close(p[1]);
	*fd = p[0];
	return pid;
}

/* Reads into out until end of file or the deadline; returns 1 when the deadline passed. */
static int collect(int fd, long long deadline, char *out, size_t outlen)
{
	size_t len = 0;
	char tmp[4096];
	for (;;) {
		long long left = deadline - now_ms();
		if (left <= 0) return 1;
		struct pollfd p = { fd, POLLIN, 0 };
		int r = poll(&p, 1, (int)left);
		if (r < 0 && errno != EINTR) return 0;
		if (r <= 0) continue;
		ssize_t n = read(fd, tmp, sizeof tmp);
		if (n < 0 && errno == EINTR) continue;
		if (n <= 0) return 0;
		size_t k = (size_t)n < outlen - 1 - len ? (size_t)n : outlen - 1 - len;
		memcpy(out + len, tmp, k);
		len += k;
		out[len] = 0;
	}
}

int sandbox_run(const struct sandbox *s, char *const cmd[], int *status, int *timed_out, char *out, size_t outlen,
	char *err, size_t errlen)
{
	if (!out || outlen == 0) { snprintf(err, errlen, "no output buffer"); return -1; }
	out[0] = 0;
	*timed_out = 0;
	char **argv = sandbox_argv(s, cmd, err, errlen);
	if (!argv) return -1;
	int fd;
	pid_t pid = spawn(s, argv, &fd, err, errlen);
	sandbox_argv_free(argv);
	if (pid < 0) return -1;
	*timed_out = collect(fd, now_ms() + (long long)s->lim.wall_s * 1000, out, outlen);
	close(fd);
	if (*timed_out) kill(-pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR) {}
	kill(-pid, SIGKILL); /* anything left in its group (the sandbox itself dies with bwrap) */
	return 0;
}

int sandbox_check(const struct sandbox *s, char *err, size_t errlen)
{
	struct sandbox t = *s;
	char *const cmd[] = { "true", NULL };
	char out[600];
	int st = 0, to = 0;
	t.lim.wall_s = 20;
	if (sandbox_run(&t, cmd, &st, &to, out, sizeof out, err, errlen) < 0) return -1;
	if (!to && WIFEXITED(st) && WEXITSTATUS(st) == 0) return 0;
	out[strcspn(out, "\n")] = 0;
	if (to) snprintf(err, errlen, "bubblewrap did not finish within 20 s");
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 127) snprintf(err, errlen, "bubblewrap (bwrap) is not installed");
	else snprintf(err, errlen, "bubblewrap cannot make a sandbox here: %s", out[0] ? out : "no message");
	return -1;
}
