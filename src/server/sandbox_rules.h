/* The seccomp rules of every serving process, written once for the two places that build them: the
 * responder at run time, through libseccomp loaded when first needed, and autoplan-filtergen at build
 * time, which turns the classic CGI rules into the BPF program a CGI start installs without libseccomp. */
#ifndef AUTOPLAN_SANDBOX_RULES_H
#define AUTOPLAN_SANDBOX_RULES_H

#include "server/sandbox_needs.h"
#include "util/dynlib.h"

#include <seccomp.h>

/* The libseccomp functions the rules and their users call. */
#define SECCOMP_CALLS(X) X(seccomp_init) X(seccomp_attr_set) X(seccomp_rule_add) X(seccomp_load) \
	X(seccomp_release) X(seccomp_export_bpf)
struct seccomp_calls {
	SECCOMP_CALLS(DYNLIB_SLOT)
};
/* The table of a program linked with libseccomp: { SECCOMP_CALLS(SECCOMP_LINKED) }. */
#define SECCOMP_LINKED(f) .f = f,

/* A new filter context holding the rules for needs, or NULL with the reason in err. The caller releases
 * it with sc->seccomp_release. A classic CGI process (needs->one_request) sends no signals at all, so
 * that its rules name nothing of the running process and can be built ahead. */
scmp_filter_ctx sandbox_rules(const struct seccomp_calls *sc, const struct sandbox_needs *needs, char *err,
	size_t errlen);

/* The BPF program libseccomp makes of the rules for needs, *n instructions, or NULL with the reason in
 * err: what autoplan-filtergen writes into cgi_filter.h, and what the tests compare it with. The
 * caller frees it. */
struct sock_filter;
struct sock_filter *sandbox_rules_program(const struct seccomp_calls *sc, const struct sandbox_needs *needs,
	size_t *n, char *err, size_t errlen);

#endif
