/* npm packages for verification, installed outside the sandbox into a content-addressed cache: one
 * directory per package and version, named by the SHA-256 of "npm:NAME@VERSION", filled by
 * `npm install --ignore-scripts` (no install script of the package or its dependencies runs) into a
 * temporary directory renamed into place, so that parallel installs of one package are safe and a
 * directory that exists is complete. The cache is world-readable: the sandbox binds it read-only as the
 * unprivileged user. Nothing here prints; errors come back as text. */
#ifndef AUTOPLAN_VERIFY_NPMCACHE_H
#define AUTOPLAN_VERIFY_NPMCACHE_H

#include <limits.h>
#include <stddef.h>

struct npm_installed {
	char version[128];        /* the version installed (resolved from the registry when none was named) */
	char dir[PATH_MAX];       /* the cache directory: bind it at SANDBOX_PKG */
	char bin[PATH_MAX];       /* the program to run, relative to dir (node_modules/NAME/...) */
	char manifest[PATH_MAX];  /* the installed package.json */
};

/* Installs name at version (NULL: the registry's latest) unless the cache holds it. Returns 0, or -1 with
 * err (the registry unreachable, no such package, no program in it). */
int npmcache_install(const char *cache, const char *name, const char *version, struct npm_installed *out,
	char *err, size_t errlen);

/* The program a package runs (its package.json "bin": the one named like the package, else the only or
 * first one), relative to the package directory. Returns 0, or -1 with err. */
int npmcache_bin(const char *manifest, const char *name, char *rel, size_t n, char *err, size_t errlen);

#endif
