/* Shared libraries loaded when first needed rather than at every start (libcrypto, SQLite, libpq):
 * a classic CGI request that needs none of them does not pay for loading them. */
#ifndef AUTOPLAN_DYNLIB_H
#define AUTOPLAN_DYNLIB_H

#include <stddef.h>

/* One function to resolve: its name and where its address goes. */
struct dynlib_sym {
	const char *name;
	void **slot;
};

/* Declares a slot of the right type for the function f, which a library header declares. */
#define DYNLIB_SLOT(f) __typeof__(f) *f;
/* A struct dynlib_sym for member f of the table t. */
#define DYNLIB_SYM(t, f) { #f, (void **)&(t).f },

/* Opens soname (RTLD_NOW, so a missing function fails here and not in the middle of a request) and
 * fills every slot. 0, or -1 with the reason in err and no slot changed. The library stays loaded for
 * the life of the process. Behind the seccomp filter this fails (no executable mappings): load first. */
int dynlib_load(const char *soname, const struct dynlib_sym *syms, size_t n, char *err, size_t errlen);

#endif
