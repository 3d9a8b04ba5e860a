/* What a serving process needs of the system beyond answering requests from memory: read by the
 * sandbox (sandbox.c) and by the rules of its filter (sandbox_rules.c), which the build also runs. */
#ifndef AUTOPLAN_SANDBOX_NEEDS_H
#define AUTOPLAN_SANDBOX_NEEDS_H

#include <stdbool.h>

struct sandbox_needs {
	bool reload_file;   /* a worker on its own re-reads the catalog file: read-only opens, memory files */
	bool one_request;   /* classic CGI: libcrypto is not initialised ahead (5M instructions a start) */
	/* The monitoring store. Its calls are one table each in sandbox_rules.c (store_file_calls,
	 * store_socket_calls); server_sandbox_needs (serve.c) sets these when a store is configured. */
	bool store_files;   /* SQLite: read-write opens, locks, fsync, the journal's unlink and rename */
	bool store_socket;  /* PostgreSQL: a Unix or TCP socket, connect */
	bool yaml;          /* a classic CGI request that may parse YAML (a serving process always loads libyaml) */
};

#endif
