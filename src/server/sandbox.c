#define _GNU_SOURCE
#include "server/sandbox.h"
#include "formats/cfg_yaml.h"
#include "store/db.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <json-c/json.h>
#include <pwd.h>
#include <seccomp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return -1;
}

int sandbox_drop_privileges(const char *user, char *err, size_t errlen)
{
	if (geteuid() != 0) return 0;
	struct passwd *pw = getpwnam(user);
	if (!pw) return fail(err, errlen, "started as root, but the user \"%s\" to run as does not exist (--user)", user);
	if (pw->pw_uid == 0) return fail(err, errlen, "refusing to serve as root: --user names a root account");
	if (setgroups(1, &pw->pw_gid) < 0 || setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) < 0 ||
	    setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid) < 0)
		return fail(err, errlen, "cannot become user \"%s\": %s", user, strerror(errno));
	if (setuid(0) == 0 || seteuid(0) == 0) return fail(err, errlen, "root could be regained after dropping it");
	return 0;
}

void sandbox_limits(void)
{
	struct rlimit none = { 0, 0 }, files = { 256, 256 };
	setrlimit(RLIMIT_CORE, &none);
	struct rlimit cur;
	if (getrlimit(RLIMIT_NOFILE, &cur) == 0 && cur.rlim_max > files.rlim_max) setrlimit(RLIMIT_NOFILE, &files);
#if !defined(__SANITIZE_ADDRESS__)
	struct rlimit data = { 512ul << 20, 512ul << 20 };
	if (getrlimit(RLIMIT_DATA, &cur) == 0 && cur.rlim_max > data.rlim_max) setrlimit(RLIMIT_DATA, &data);
#endif
}

/* Calls answering one request needs: memory, signals, time, the standard streams. A classic CGI
 * process gets these alone: libseccomp's filter generation grows with the rules, and it runs once
 * per request there. Arguments are narrowed below where it matters. */
static const int request_calls[] = {
	SCMP_SYS(read), SCMP_SYS(write), SCMP_SYS(readv), SCMP_SYS(writev), SCMP_SYS(close), SCMP_SYS(fstat),
	SCMP_SYS(newfstatat), SCMP_SYS(lseek), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(madvise),
	SCMP_SYS(brk), SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn),
	SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(restart_syscall), SCMP_SYS(clock_gettime),
	SCMP_SYS(gettimeofday), SCMP_SYS(time), SCMP_SYS(getrandom), SCMP_SYS(futex), SCMP_SYS(getpid),
	SCMP_SYS(gettid),
};

/* A long-running FastCGI process besides: connections, waiting, timers, the catalog updates arriving
 * over the supervisor's socket. */
static const int serving_calls[] = {
	SCMP_SYS(sigaltstack), SCMP_SYS(alarm), SCMP_SYS(setitimer), SCMP_SYS(getitimer), SCMP_SYS(getppid),
	SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep), SCMP_SYS(sched_yield), SCMP_SYS(epoll_wait),
	SCMP_SYS(epoll_pwait), SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_create1), SCMP_SYS(poll), SCMP_SYS(ppoll),
	SCMP_SYS(select), SCMP_SYS(pselect6), SCMP_SYS(accept4), SCMP_SYS(accept), SCMP_SYS(recvfrom),
	SCMP_SYS(recvmsg), SCMP_SYS(sendto), SCMP_SYS(sendmsg), SCMP_SYS(shutdown), SCMP_SYS(getsockopt),
	SCMP_SYS(setsockopt), SCMP_SYS(getsockname), SCMP_SYS(getpeername), SCMP_SYS(fcntl), SCMP_SYS(getrlimit),
	SCMP_SYS(prlimit64), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
};

/* A worker on its own re-reads the catalog into a sealed memory file (read-only opens below). */
static const int reload_calls[] = {
	SCMP_SYS(stat), SCMP_SYS(statx), SCMP_SYS(pread64), SCMP_SYS(memfd_create), SCMP_SYS(ftruncate),
};

/* The monitoring store's allowance, the one place to widen the filter for it. SQLite opens its file
 * read-write (see the open rule below), locks it, syncs, and creates and removes its journal. */
static const int store_file_calls[] = {
	SCMP_SYS(pread64), SCMP_SYS(pwrite64), SCMP_SYS(fsync), SCMP_SYS(fdatasync), SCMP_SYS(ftruncate),
	SCMP_SYS(fallocate), SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename), SCMP_SYS(renameat),
	SCMP_SYS(stat), SCMP_SYS(statx), SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(getcwd),
	SCMP_SYS(flock), SCMP_SYS(readlink), SCMP_SYS(fchown), SCMP_SYS(fchmod), SCMP_SYS(mkdir),
	SCMP_SYS(fcntl), SCMP_SYS(geteuid),
};
/* PostgreSQL over a Unix or TCP socket (the socket() families are narrowed below). */
static const int store_socket_calls[] = {
	SCMP_SYS(connect), SCMP_SYS(bind), SCMP_SYS(getsockname), SCMP_SYS(uname), SCMP_SYS(poll),
	SCMP_SYS(ppoll), SCMP_SYS(sendto), SCMP_SYS(recvfrom), SCMP_SYS(setsockopt), SCMP_SYS(getsockopt),
	SCMP_SYS(getpeername), SCMP_SYS(fcntl), SCMP_SYS(geteuid),
};

/* Calls no serving process has a reason to make: a process attempting one is taken over. */
static const int hostile_calls[] = {
	SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv),
	SCMP_SYS(process_vm_writev),
};

static int allow_all(scmp_filter_ctx ctx, const int *calls, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (calls[i] >= 0 && seccomp_rule_add(ctx, SCMP_ACT_ALLOW, calls[i], 0) < 0) return -1; /* < 0: not on this architecture */
	return 0;
}

#define ALLOW(ctx, calls) allow_all(ctx, calls, sizeof calls / sizeof calls[0])

/* Rules with arguments: no executable memory, signals to this process only, opens by need. */
static int narrowed(scmp_filter_ctx ctx, const struct sandbox_needs *needs)
{
	int pid = getpid(), rc = 0;
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)pid));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)pid));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, TCGETS));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, FIONREAD));
	if (needs->store_files) {
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 0);
		if (SCMP_SYS(open) >= 0) rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 0);
	} else if (needs->reload_file) {
		scmp_datum_t writes = O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND;
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, writes, O_RDONLY));
		if (SCMP_SYS(open) >= 0)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, writes, O_RDONLY));
	}
	if (needs->store_socket) {
		static const int families[] = { AF_UNIX, AF_INET, AF_INET6 };
		for (size_t i = 0; i < 3; i++)
			rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(socket), 1,
				SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)families[i]));
	}
	return rc ? -1 : 0;
}

/* Work libraries do on first use that would open files or ask for entropy behind the filter. */
static void warm_up(const struct sandbox_needs *needs)
{
	struct json_object *o = json_object_new_object(); /* json-c seeds its hash once */
	json_object_put(o);
	/* Libraries loaded on first use cannot be loaded behind the filter (no executable mappings). A
	 * classic CGI request needs libcrypto and a store client only when the monitoring store is set. */
	bool store = needs->store_files || needs->store_socket;
	char hex[65], why[256];
	if (!needs->one_request || store) sha256_hex("", 0, hex); /* loads libcrypto; it reads its configuration once */
	if (needs->store_files) db_load_library(DB_SQLITE, why, sizeof why);
	if (needs->store_socket) db_load_library(DB_POSTGRES, why, sizeof why);
	if (!needs->one_request || needs->yaml) yaml_load(why, sizeof why);
	prctl(PR_SET_DUMPABLE, 0);
}

int sandbox_enter(const struct sandbox_needs *needs, char *err, size_t errlen)
{
	warm_up(needs);
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	if (!ctx) return fail(err, errlen, "cannot create a seccomp filter");
	seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2); /* a binary tree: quicker to build and to run; older libseccomp lacks it */
	int rc = ALLOW(ctx, request_calls);
	if (rc == 0 && !needs->one_request) rc = ALLOW(ctx, serving_calls);
	if (rc == 0 && needs->reload_file) rc = ALLOW(ctx, reload_calls);
	if (rc == 0 && needs->store_files) rc = ALLOW(ctx, store_file_calls);
	if (rc == 0 && needs->store_socket) rc = ALLOW(ctx, store_socket_calls);
	if (rc == 0) rc = narrowed(ctx, needs);
	for (size_t i = 0; rc == 0 && i < sizeof hostile_calls / sizeof *hostile_calls; i++)
		if (hostile_calls[i] >= 0) rc = seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, hostile_calls[i], 0);
	if (rc == 0) rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc < 0) return fail(err, errlen, "cannot install the seccomp filter: %s", strerror(-rc));
	return 0;
}
