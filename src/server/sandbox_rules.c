#define _GNU_SOURCE
#include "server/sandbox_rules.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

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

static int allow_all(const struct seccomp_calls *sc, scmp_filter_ctx ctx, const int *calls, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (calls[i] >= 0 && sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, calls[i], 0) < 0) return -1; /* < 0: not on this architecture */
	return 0;
}

#define ALLOW(calls) allow_all(sc, ctx, calls, sizeof calls / sizeof calls[0])

/* Rules with arguments: no executable memory, signals to this process only (none in classic CGI),
 * opens by need. */
static int narrowed(const struct seccomp_calls *sc, scmp_filter_ctx ctx, const struct sandbox_needs *needs)
{
	int rc = 0;
	rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
	rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
	if (!needs->one_request) {
		scmp_datum_t pid = (scmp_datum_t)getpid();
		rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, pid));
		rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, pid));
	}
	rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, TCGETS));
	rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_EQ, FIONREAD));
	if (needs->store_files) {
		rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 0);
		if (SCMP_SYS(open) >= 0) rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 0);
	} else if (needs->reload_file) {
		scmp_datum_t writes = O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND;
		rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, writes, O_RDONLY));
		if (SCMP_SYS(open) >= 0)
			rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, writes, O_RDONLY));
	}
	if (needs->store_socket) {
		static const int families[] = { AF_UNIX, AF_INET, AF_INET6 };
		for (size_t i = 0; i < 3; i++)
			rc |= sc->seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(socket), 1,
				SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)families[i]));
	}
	return rc ? -1 : 0;
}

scmp_filter_ctx sandbox_rules(const struct seccomp_calls *sc, const struct sandbox_needs *needs, char *err,
	size_t errlen)
{
	scmp_filter_ctx ctx = sc->seccomp_init(SCMP_ACT_ERRNO(EPERM));
	if (!ctx) {
		snprintf(err, errlen, "cannot create a seccomp filter");
		return NULL;
	}
	sc->seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2); /* a binary tree: quicker to build and to run; older libseccomp lacks it */
	int rc = ALLOW(request_calls);
	if (rc == 0 && !needs->one_request) rc = ALLOW(serving_calls);
	if (rc == 0 && needs->reload_file) rc = ALLOW(reload_calls);
	if (rc == 0 && needs->store_files) rc = ALLOW(store_file_calls);
	if (rc == 0 && needs->store_socket) rc = ALLOW(store_socket_calls);
	if (rc == 0) rc = narrowed(sc, ctx, needs);
	for (size_t i = 0; rc == 0 && i < sizeof hostile_calls / sizeof *hostile_calls; i++)
		if (hostile_calls[i] >= 0) rc = sc->seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, hostile_calls[i], 0);
	if (rc == 0) return ctx;
	sc->seccomp_release(ctx);
	snprintf(err, errlen, "cannot build the seccomp filter: %s", strerror(rc < 0 ? -rc : EINVAL));
	return NULL;
}

struct sock_filter *sandbox_rules_program(const struct seccomp_calls *sc, const struct sandbox_needs *needs,
	size_t *n, char *err, size_t errlen)
{
	*n = 0;
	scmp_filter_ctx ctx = sandbox_rules(sc, needs, err, errlen);
	if (!ctx) return NULL;
	int fd = memfd_create("filter", MFD_CLOEXEC); /* libseccomp exports to a descriptor only */
	off_t len = fd >= 0 && sc->seccomp_export_bpf(ctx, fd) == 0 ? lseek(fd, 0, SEEK_END) : -1;
	sc->seccomp_release(ctx);
	struct sock_filter *prog = len > 0 && len % (off_t)sizeof *prog == 0 ? malloc((size_t)len) : NULL;
	if (prog && pread(fd, prog, (size_t)len, 0) == len) *n = (size_t)len / sizeof *prog;
	if (fd >= 0) close(fd);
	if (*n) return prog;
	free(prog);
	snprintf(err, errlen, "cannot export the seccomp filter");
	return NULL;
}
