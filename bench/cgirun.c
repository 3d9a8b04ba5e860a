/* The bench's classic CGI timer: runs programs the way a web server starts a CGI program (a fresh
 * process with the request in its environment, standard input and output redirected), alternating
 * them run by run so that a change of load on the machine falls on all of them alike, and prints the
 * median wall time of each in microseconds, one line a program, in the order given.
 *   cgirun RUNS USER PROGRAM [VAR=VALUE ...] -- PROGRAM [VAR=VALUE ...] -- ...
 * Each program runs with only the variables listed after it. USER ("-" for none) is the account the
 * programs run as when started as root: a web server runs CGI programs as its own, never as root. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROGRAMS 8

struct program {
	char *argv[2];
	char **env;
	double *us;
};

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* Becomes user (all ids, no supplementary groups) when running as root. */
static int become(const char *user)
{
	if (strcmp(user, "-") == 0 || geteuid() != 0) return 0;
	struct passwd *pw = getpwnam(user);
	if (!pw) return -1;
	return setgroups(0, NULL) == 0 && setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) == 0 &&
		setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: cgirun RUNS USER PROGRAM [VAR=VALUE ...] [-- PROGRAM [VAR=VALUE ...]] ...\n");
		return 2;
	}
	int runs = atoi(argv[1]), n = 0;
	if (runs < 1) return 2;
	struct program p[MAX_PROGRAMS];
	for (int i = 3; i < argc && n < MAX_PROGRAMS; n++) {
		p[n].argv[0] = argv[i];
		p[n].argv[1] = NULL;
		p[n].env = argv + i + 1;
		while (i < argc && strcmp(argv[i], "--") != 0) i++;
		if (i < argc) argv[i++] = NULL; /* ends this program's environment */
		p[n].us = calloc((size_t)runs, sizeof(double));
		if (!p[n].us) return 1;
	}
	if (become(argv[2]) < 0) {
		fprintf(stderr, "cgirun: cannot become %s\n", argv[2]);
		return 1;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	for (int r = 0; r < runs; r++)
		for (int k = 0; k < n; k++) {
			double t0 = now_us();
			pid_t pid;
			int st;
			if (posix_spawn(&pid, p[k].argv[0], &fa, NULL, p[k].argv, p[k].env) != 0 || waitpid(pid, &st, 0) != pid) {
				fprintf(stderr, "cgirun: cannot run %s\n", p[k].argv[0]);
				return 1;
			}
			if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
				fprintf(stderr, "cgirun: %s ended with status %d\n", p[k].argv[0], st);
				return 1;
			}
			p[k].us[r] = now_us() - t0;
		}
	for (int k = 0; k < n; k++) {
		qsort(p[k].us, (size_t)runs, sizeof(double), by_value);
		printf("%.0f\n", p[k].us[runs / 2]);
	}
	return 0;
}
