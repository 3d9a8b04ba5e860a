/* One small SQL interface over two backends: SQLite (embedded; a file path, or "sqlite:PATH") and
 * PostgreSQL through libpq (a "postgresql://" or "postgres://" URI, or a libpq "key=value" string).
 * Statements are written once with "?" placeholders and portable SQL; rows come back as JSON objects
 * keyed by column name (integers as integers, NULL as null, everything else as strings).
 * One connection per process: open it after fork, never share it across processes. */
#ifndef AUTOPLAN_DB_H
#define AUTOPLAN_DB_H

#include <json-c/json.h>
#include <stddef.h>

enum db_kind { DB_SQLITE = 0, DB_POSTGRES };

enum db_rc {
	DB_OK = 0,
	DB_ERROR = -1,      /* anything else; db_error() says what */
	DB_CONSTRAINT = -2, /* a unique, foreign-key or check constraint refused the write */
	DB_BUSY = -3,       /* another writer held the store longer than the busy timeout, or a serialisation failure */
};

struct db_arg {
	enum { DA_NULL = 0, DA_INT, DA_TEXT } t;
	long long i;
	const char *s;
};
#define DA_I(v) ((struct db_arg){ .t = DA_INT, .i = (v) })
#define DA_S(v) ((struct db_arg){ .t = (v) ? DA_TEXT : DA_NULL, .s = (v) })
#define DA_N ((struct db_arg){ .t = DA_NULL })
/* An argument list for db_exec: DB_ARGS(DA_S(id), DA_I(now)). */
#define DB_ARGS(...) (const struct db_arg[]){ __VA_ARGS__ }, \
	(int)(sizeof((const struct db_arg[]){ __VA_ARGS__ }) / sizeof(struct db_arg))
#define DB_NOARGS NULL, 0

struct db;

/* Busy timeout of SQLite writers, in milliseconds. */
#define DB_BUSY_TIMEOUT_MS 10000

/* Which backend a connection string selects. */
enum db_kind db_kind_of(const char *conn);

/* Loads the client library of a kind now (db_open does it when needed; a process about to install its
 * seccomp filter does it first). 0, or -1 with the reason in err. */
int db_load_library(enum db_kind kind, char *err, size_t errlen);

/* Opens conn. SQLite: creates the file (mode 0600) when absent, then WAL, busy timeout, foreign keys.
 * Returns 0, or -1 with a message in err (never the connection string's password). *out is freed with db_close. */
int db_open(struct db **out, const char *conn, char *err, size_t errlen);
void db_close(struct db *db);
enum db_kind db_kind(const struct db *db);

/* Runs one statement with args bound to its "?" placeholders. When rows is not NULL it receives a new
 * array of row objects (caller puts it, also on failure it is NULL). Returns an enum db_rc. */
int db_exec(struct db *db, const char *sql, const struct db_arg *args, int nargs, struct json_object **rows);

/* Rows changed by the last successful INSERT, UPDATE or DELETE. */
long long db_changes(const struct db *db);

/* Several statements without arguments (migrations). Returns an enum db_rc. */
int db_script(struct db *db, const char *sql);

/* A write transaction: SQLite takes the write lock at once (BEGIN IMMEDIATE), so a transaction never
 * fails half-way for want of it; PostgreSQL runs it at READ COMMITTED and relies on row locks. */
int db_begin(struct db *db);
int db_commit(struct db *db);
/* Never fails; a no-op outside a transaction. */
void db_rollback(struct db *db);

/* The message of the last failure. */
const char *db_error(const struct db *db);

#endif
