/* The sandbox every MCP server started by autoplan-verify runs in (docs/evidence.md, "The sandbox").
 *
 * bubblewrap makes new user, network, PID, IPC and UTS namespaces: the network namespace has only its
 * own loopback interface, so nothing outside is reachable. The system (/usr and a few files of /etc) and
 * the package are bound read-only; home and /tmp are small private tmpfs; no other host path is visible.
 * The server runs in a new session and dies with its parent. Resource limits (setrlimit in the child
 * before exec) bound CPU time, address space, processes, file size and open files; the wall-clock limit
 * is the caller's to enforce by killing the process group it started (sandbox_run does so). Started as
 * root, the child first becomes an unprivileged user id of its own (100000 and up, by its process id,
 * owning no file), so that the process limit applies and counts this sandbox's processes alone.
 *
 * Nothing here prints; errors are returned as text. */
#ifndef AUTOPLAN_VERIFY_SANDBOX_H
#define AUTOPLAN_VERIFY_SANDBOX_H

#include <json-c/json.h>
#include <stddef.h>
#include <sys/types.h>

#define SANDBOX_PKG "/pkg"            /* where the package directory appears inside */
#define SANDBOX_HOME "/home/verify"   /* the private writable home, also the default working directory */

struct sandbox_limits {
	int cpu_s;      /* CPU seconds (RLIMIT_CPU) */
	int mem_mb;     /* address space in MiB (RLIMIT_AS); Node.js needs about 2 GiB to start */
	int nproc;      /* processes and threads of the sandbox's user (RLIMIT_NPROC) */
	int fsize_mb;   /* largest file it may write, MiB (RLIMIT_FSIZE), also the size of home and /tmp */
	int nofile;     /* open files (RLIMIT_NOFILE) */
	int wall_s;     /* wall-clock seconds before the caller kills it */
};

/* The defaults autoplan-verify uses (docs/evidence.md). */
struct sandbox_limits sandbox_default_limits(void);

struct sandbox {
	const char *bwrap;          /* the bubblewrap program; NULL: "bwrap" on PATH */
	const char *pkgdir;         /* host directory bound read-only at SANDBOX_PKG, or NULL */
	const char *cwd;            /* working directory inside; NULL: SANDBOX_HOME */
	const char *const *env;     /* "NAME=VALUE" set inside a cleared environment; NULL-terminated, or NULL */
	struct sandbox_limits lim;
};

/* The argument vector that runs cmd (NULL-terminated) in the sandbox: bwrap, its options, then cmd.
 * Returns NULL when out of memory or a value is unusable (err says which). Free with sandbox_argv_free. */
char **sandbox_argv(const struct sandbox *s, char *const cmd[], char *err, size_t errlen);
void sandbox_argv_free(char **argv);

/* In a forked child, before exec of sandbox_argv: when root, mounts the package directory where
 * sandbox_argv binds it from, in a mount namespace of its own, and becomes its own unprivileged user;
 * then applies the limits. Only async-signal-safe calls. Returns 0, or an errno value (then the child
 * should not exec). */
int sandbox_enter(const struct sandbox *s);

/* How the sandbox is set up, for a report's environment (caller puts). */
struct json_object *sandbox_describe(const struct sandbox *s);

/* Runs cmd in the sandbox to its end or the wall-clock limit, with stdin from /dev/null; up to outlen-1
 * bytes of its stdout and stderr go to out (NUL-terminated). *status is the wait status of bwrap;
 * *timed_out tells whether the wall-clock limit killed it. Returns 0, or -1 with err when it could not
 * be started at all. */
int sandbox_run(const struct sandbox *s, char *const cmd[], int *status, int *timed_out, char *out, size_t outlen,
	char *err, size_t errlen);

/* 0 when bubblewrap can make the sandbox here (runs `true` in it), else -1 with the reason in err. */
int sandbox_check(const struct sandbox *s, char *err, size_t errlen);

#endif
