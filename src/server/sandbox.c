#define _GNU_SOURCE
#include "server/sandbox.h"
#include "server/sandbox_rules.h"
#include "formats/cfg_yaml.h"
#include "store/db.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <json-c/json.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/cgi_filter.h" /* generated: make runs autoplan-filtergen */

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

#ifndef SECCOMP_SONAME
#define SECCOMP_SONAME "libseccomp.so.2"
#endif

/* libseccomp, loaded when a filter is built here: a classic CGI start installs the one built ahead. */
static int seccomp_library(struct seccomp_calls *sc, char *err, size_t errlen)
{
#define SYM(f) DYNLIB_SYM(*sc, f)
	const struct dynlib_sym syms[] = { SECCOMP_CALLS(SYM) };
#undef SYM
	return dynlib_load(SECCOMP_SONAME, syms, sizeof syms / sizeof *syms, err, errlen);
}

/* The classic CGI filter of the build (cgi_filter.h) fits: one request, no store, no catalog reload. */
static bool prebuilt_fits(const struct sandbox_needs *needs)
{
	return CGI_FILTER_BUILT && needs->one_request && !needs->store_files && !needs->store_socket && !needs->reload_file;
}

const struct sock_filter *sandbox_cgi_filter(size_t *n)
{
	*n = CGI_FILTER_BUILT ? sizeof cgi_filter / sizeof *cgi_filter : 0;
	return cgi_filter;
}

/* What seccomp_load does with its defaults: no new privileges, then the program. */
static int install(const struct sock_filter *prog, size_t n, char *err, size_t errlen)
{
	struct sock_fprog fp = { .len = (unsigned short)n, .filter = (struct sock_filter *)prog };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fp) < 0)
		return fail(err, errlen, "cannot install the seccomp filter: %s", strerror(errno));
	return 0;
}

int sandbox_enter(const struct sandbox_needs *needs, char *err, size_t errlen)
{
	warm_up(needs);
	if (prebuilt_fits(needs)) {
		size_t n;
		const struct sock_filter *prog = sandbox_cgi_filter(&n);
		return install(prog, n, err, errlen);
	}
	struct seccomp_calls sc;
	if (seccomp_library(&sc, err, errlen) < 0) return -1;
	scmp_filter_ctx ctx = sandbox_rules(&sc, needs, err, errlen);
	if (!ctx) return -1;
	int rc = sc.seccomp_load(ctx);
	sc.seccomp_release(ctx);
	if (rc < 0) return fail(err, errlen, "cannot install the seccomp filter: %s", strerror(-rc));
	return 0;
}
