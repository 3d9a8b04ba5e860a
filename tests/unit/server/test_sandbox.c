/* The seccomp filter refuses what serving does not need. Each case runs in a child that enters the
 * sandbox, makes one call and reports; the parent judges how the child ended. */
#define _GNU_SOURCE
#include "server/sandbox.h"
#include "server/sandbox_rules.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { ALLOWED = 10, REFUSED = 11, OTHER = 12 };

/* Runs call() in a sandboxed child; returns its wait status. */
static int in_sandbox(const struct sandbox_needs *needs, int (*call)(void))
{
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		char err[256];
		if (sandbox_enter(needs, err, sizeof err) < 0) {
			fprintf(stderr, "%s\n", err);
			_exit(2);
		}
		/* not _exit: a sanitizer build unpoisons stacks before a noreturn call, asking sigaltstack, which a
		 * classic CGI filter refuses (such a build runs classic CGI unfiltered, main.c) */
		syscall(SYS_exit_group, call());
	}
	int st;
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	return st;
}

static int verdict(long rc) { return rc >= 0 ? ALLOWED : errno == EPERM ? REFUSED : OTHER; }

static int open_for_writing(void)
{
	char path[256];
	snprintf(path, sizeof path, "%s/autoplan-sandbox-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
	int fd = open(path, O_WRONLY | O_CREAT, 0600);
	int v = verdict(fd);
	if (fd >= 0) { /* allowed (the store's allowance): leave nothing behind */
		close(fd);
		unlink(path);
	}
	return v;
}
static int open_for_reading(void) { return verdict(open("/etc/hostname", O_RDONLY)); }
static int inet_socket(void) { return verdict(socket(AF_INET, SOCK_STREAM, 0)); }
static int unix_socket(void) { return verdict(socket(AF_UNIX, SOCK_STREAM, 0)); }
static int start_process(void) { return verdict(fork()); }
static int signal_parent(void) { return verdict(kill(getppid(), 0)); }
static int signal_self(void) { return verdict(kill(getpid(), 0)); }
static int exec_memory(void)
{
	void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return m == MAP_FAILED ? verdict(-1) : ALLOWED;
}
static int run_program(void)
{
	char *argv[] = { "true", NULL }, *envp[] = { NULL };
	execve("/bin/true", argv, envp);
	return verdict(-1);
}
/* What serving does: memory, time, writing to an open descriptor. */
static int memory_and_time(void)
{
	char *b = malloc(8 << 20);
	memset(b, 1, 8 << 20);
	free(b);
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return write(STDERR_FILENO, "", 0) == 0 ? ALLOWED : OTHER;
}

/* Each runs its child once and judges that run (the status is read into a variable first). */
#define EXPECT_EXIT(run, code) do { \
	int st_ = (run); \
	cr_assert(WIFEXITED(st_) && WEXITSTATUS(st_) == (code), "status %d (signal %d)", \
		WIFEXITED(st_) ? WEXITSTATUS(st_) : -1, WIFSIGNALED(st_) ? WTERMSIG(st_) : 0); \
} while (0)
/* the process ended by the filter itself (SIGSYS), as a hostile call ends it */
#define EXPECT_KILLED(run) do { \
	int st_ = (run); \
	cr_assert(WIFSIGNALED(st_) && WTERMSIG(st_) == SIGSYS, "the call did not end the process (status %d)", st_); \
} while (0)

Test(sandbox, serving_calls_work)
{
	struct sandbox_needs none = { 0 };
	EXPECT_EXIT(in_sandbox(&none, memory_and_time), ALLOWED);
	EXPECT_EXIT(in_sandbox(&none, signal_self), ALLOWED);
}

Test(sandbox, forbidden_calls_are_refused)
{
	struct sandbox_needs none = { 0 };
	EXPECT_EXIT(in_sandbox(&none, open_for_writing), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, open_for_reading), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, inet_socket), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, unix_socket), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, start_process), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, signal_parent), REFUSED);
	EXPECT_EXIT(in_sandbox(&none, exec_memory), REFUSED);
}

Test(sandbox, running_a_program_ends_the_process)
{
	struct sandbox_needs none = { 0 };
	EXPECT_KILLED(in_sandbox(&none, run_program));
}

Test(sandbox, allowances_open_only_what_they_name)
{
	struct sandbox_needs reload = { .reload_file = true };
	EXPECT_EXIT(in_sandbox(&reload, open_for_reading), ALLOWED);
	EXPECT_EXIT(in_sandbox(&reload, open_for_writing), REFUSED);
	EXPECT_EXIT(in_sandbox(&reload, inet_socket), REFUSED);
	struct sandbox_needs store = { .store_files = true, .store_socket = true };
	EXPECT_EXIT(in_sandbox(&store, open_for_writing), ALLOWED);
	EXPECT_EXIT(in_sandbox(&store, unix_socket), ALLOWED);
	EXPECT_EXIT(in_sandbox(&store, start_process), REFUSED);
}

/* A classic CGI process: the filter built ahead, with no signals at all (its rules name no process). */
Test(sandbox, classic_cgi_answers_and_does_nothing_else)
{
	struct sandbox_needs cgi = { .one_request = true };
	EXPECT_EXIT(in_sandbox(&cgi, memory_and_time), ALLOWED);
	EXPECT_EXIT(in_sandbox(&cgi, signal_self), REFUSED);
	EXPECT_EXIT(in_sandbox(&cgi, signal_parent), REFUSED);
	EXPECT_EXIT(in_sandbox(&cgi, open_for_reading), REFUSED);
	EXPECT_EXIT(in_sandbox(&cgi, inet_socket), REFUSED);
	EXPECT_EXIT(in_sandbox(&cgi, exec_memory), REFUSED);
	EXPECT_KILLED(in_sandbox(&cgi, run_program));
	/* with the monitoring store the filter is built at run time, from the same rules */
	struct sandbox_needs store = { .one_request = true, .store_files = true };
	EXPECT_EXIT(in_sandbox(&store, open_for_writing), ALLOWED);
	EXPECT_EXIT(in_sandbox(&store, signal_self), REFUSED);
	EXPECT_EXIT(in_sandbox(&store, inet_socket), REFUSED);
}

/* The program built ahead is, instruction for instruction, the one libseccomp builds from today's rules. */
Test(sandbox, cgi_filter_built_ahead_is_the_rules)
{
	static const struct seccomp_calls sc = { SECCOMP_CALLS(SECCOMP_LINKED) };
	size_t n, len;
	const struct sock_filter *built = sandbox_cgi_filter(&n);
	cr_assert_gt(n, 0, "this build has no classic CGI filter built ahead");
	struct sandbox_needs cgi = { .one_request = true };
	char err[256];
	struct sock_filter *now = sandbox_rules_program(&sc, &cgi, &len, err, sizeof err);
	cr_assert_not_null(now, "%s", err);
	cr_assert_eq(len, n, "%zu instructions now, %zu built ahead", len, n);
	cr_assert_eq(memcmp(now, built, n * sizeof *built), 0);
	free(now);
}
