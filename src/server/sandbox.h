/* Least privilege for the responder: leaving root, resource limits, and a seccomp filter (libseccomp)
 * allowing only the system calls serving needs. Everything else fails with EPERM; execve, ptrace and
 * the process_vm calls end the process. */
#ifndef AUTOPLAN_SANDBOX_H
#define AUTOPLAN_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

/* What a serving process needs beyond answering requests from memory. */
struct sandbox_needs {
	bool reload_file;   /* a worker on its own re-reads the catalog file: read-only opens, memory files */
	bool one_request;   /* classic CGI: libcrypto is not initialised ahead (5M instructions a start) */
	/* The monitoring store. Its calls are one table each in sandbox.c (store_file_calls,
	 * store_socket_calls); server_sandbox_needs (serve.c) sets these when a store is configured. */
	bool store_files;   /* SQLite: read-write opens, locks, fsync, the journal's unlink and rename */
	bool store_socket;  /* PostgreSQL: a Unix or TCP socket, connect */
	bool yaml;          /* a classic CGI request that may parse YAML (a serving process always loads libyaml) */
};

/* When running as root: joins user's group only, takes its ids (real, effective, saved) and checks
 * that root cannot be regained. Does nothing for another user. 0, or -1 with the reason in err. */
int sandbox_drop_privileges(const char *user, char *err, size_t errlen);

/* Resource limits of a serving process: no core files (they would hold request data), a bound on
 * open files, and (without AddressSanitizer, which reserves terabytes) on private memory. */
void sandbox_limits(void);

/* Initialises what libraries would otherwise do lazily behind the filter (random seeds, libcrypto's
 * configuration), stops the process from being traced or dumped, and installs the filter. 0, or -1
 * with the reason in err. */
int sandbox_enter(const struct sandbox_needs *needs, char *err, size_t errlen);

#endif
