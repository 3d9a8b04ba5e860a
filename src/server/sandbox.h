/* Least privilege for the responder: leaving root, resource limits, and a seccomp filter (the rules are
 * in sandbox_rules.c) allowing only the system calls serving needs. Everything else fails with EPERM;
 * execve, ptrace and the process_vm calls end the process. */
#ifndef AUTOPLAN_SANDBOX_H
#define AUTOPLAN_SANDBOX_H

#include "server/sandbox_needs.h"

#include <stddef.h>


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

/* The classic CGI filter built ahead (autoplan-filtergen) and its length in instructions, 0 when the
 * build could not run the generator (cross-compiled): such a build makes the filter at run time. A CGI
 * request without the monitoring store installs it directly, the others build theirs through libseccomp,
 * loaded when first needed. Static storage, never freed. */
struct sock_filter;
const struct sock_filter *sandbox_cgi_filter(size_t *n);

#endif
