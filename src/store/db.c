#include "store/db.h"
#include "util/dynlib.h"

#include <errno.h>
#include <fcntl.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STMT_CACHE 48

/* Statements are cached by the address of their text: every statement is a string literal. */
struct cached {
	const char *sql;
	sqlite3_stmt *st;    /* SQLite */
	char *pg_sql;        /* PostgreSQL: the text with $n placeholders */
};

struct db {
	enum db_kind kind;
	sqlite3 *lite;
	PGconn *pg;
	struct cached cache[STMT_CACHE];
	int next_evict;
	long long changes;
	char err[512];
};

#ifndef SQLITE_SONAME
#define SQLITE_SONAME "libsqlite3.so.0"
#endif
#ifndef PQ_SONAME
#define PQ_SONAME "libpq.so.5"
#endif

/* The two client libraries are loaded when a store of their kind is first opened (util/dynlib.h):
 * libpq alone pulls in some twenty libraries that a classic CGI request should not load. */
#define SQLITE_CALLS(X) X(sqlite3_open_v2) X(sqlite3_close) X(sqlite3_errmsg) X(sqlite3_errstr) X(sqlite3_exec) \
	X(sqlite3_free) X(sqlite3_busy_timeout) X(sqlite3_extended_result_codes) X(sqlite3_get_autocommit) \
	X(sqlite3_changes64) X(sqlite3_prepare_v3) X(sqlite3_step) X(sqlite3_reset) X(sqlite3_finalize) \
	X(sqlite3_clear_bindings) X(sqlite3_bind_int64) X(sqlite3_bind_null) X(sqlite3_bind_text) \
	X(sqlite3_column_count) X(sqlite3_column_type) X(sqlite3_column_name) X(sqlite3_column_text) \
	X(sqlite3_column_bytes) X(sqlite3_column_int64) X(sqlite3_column_double)
#define PQ_CALLS(X) X(PQconnectdb) X(PQstatus) X(PQerrorMessage) X(PQfinish) X(PQreset) X(PQsetNoticeProcessor) \
	X(PQexec) X(PQexecParams) X(PQclear) X(PQresultStatus) X(PQresultErrorMessage) X(PQresultErrorField) \
	X(PQcmdStatus) X(PQcmdTuples) X(PQntuples) X(PQnfields) X(PQfname) X(PQftype) X(PQgetvalue) \
	X(PQgetlength) X(PQgetisnull) X(PQtransactionStatus)

/* Filled once by the loader and only read afterwards, like the dynamic linker's own tables. */
static struct { SQLITE_CALLS(DYNLIB_SLOT) } sq;
static struct { PQ_CALLS(DYNLIB_SLOT) } pq;
static bool sq_loaded, pq_loaded;

int db_load_library(enum db_kind kind, char *err, size_t errlen)
{
#define SQ_SYM(f) DYNLIB_SYM(sq, f)
#define PQ_SYM(f) DYNLIB_SYM(pq, f)
	static const struct dynlib_sym sq_syms[] = { SQLITE_CALLS(SQ_SYM) }, pq_syms[] = { PQ_CALLS(PQ_SYM) };
#undef SQ_SYM
#undef PQ_SYM
	bool pg = kind == DB_POSTGRES, *loaded = pg ? &pq_loaded : &sq_loaded;
	if (*loaded) return 0;
	int rc = pg ? dynlib_load(PQ_SONAME, pq_syms, sizeof pq_syms / sizeof *pq_syms, err, errlen)
		: dynlib_load(SQLITE_SONAME, sq_syms, sizeof sq_syms / sizeof *sq_syms, err, errlen);
	*loaded = rc == 0;
	return rc;
}

static int set_err(struct db *db, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int set_err(struct db *db, int rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(db->err, sizeof db->err, fmt, ap);
	va_end(ap);
	size_t n = strlen(db->err);
	while (n && (db->err[n - 1] == '\n' || db->err[n - 1] == ' ')) db->err[--n] = '\0';
	return rc;
}

enum db_kind db_kind_of(const char *conn)
{
	if (strncmp(conn, "postgresql://", 13) == 0 || strncmp(conn, "postgres://", 11) == 0) return DB_POSTGRES;
	if (strncmp(conn, "sqlite:", 7) == 0) return DB_SQLITE;
	return strchr(conn, '=') ? DB_POSTGRES : DB_SQLITE;
}

enum db_kind db_kind(const struct db *db) { return db->kind; }
const char *db_error(const struct db *db) { return db->err; }
long long db_changes(const struct db *db) { return db->changes; }

static struct cached *cache_slot(struct db *db, const char *sql, bool *hit)
{
	for (int i = 0; i < STMT_CACHE; i++)
		if (db->cache[i].sql == sql) { *hit = true; return &db->cache[i]; }
	*hit = false;
	for (int i = 0; i < STMT_CACHE; i++)
		if (!db->cache[i].sql) return &db->cache[i];
	struct cached *c = &db->cache[db->next_evict];
	db->next_evict = (db->next_evict + 1) % STMT_CACHE;
	if (c->st) sq.sqlite3_finalize(c->st);
	free(c->pg_sql);
	memset(c, 0, sizeof *c);
	return c;
}

/* ---- SQLite ---- */

static int lite_rc(struct db *db, int rc)
{
	int prim = rc & 0xff;
	if (prim == SQLITE_CONSTRAINT) return set_err(db, DB_CONSTRAINT, "%s", sq.sqlite3_errmsg(db->lite));
	if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED)
		return set_err(db, DB_BUSY, "the store is busy: %s", sq.sqlite3_errmsg(db->lite));
	return set_err(db, DB_ERROR, "%s", sq.sqlite3_errmsg(db->lite));
}

static int lite_open(struct db *db, const char *path)
{
	/* Create the file ourselves so that it (and SQLite's -wal and -shm files, which copy its mode) is
	 * private: it holds key hashes and webhook secrets. */
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0) close(fd);
	else if (errno != EEXIST) return set_err(db, DB_ERROR, "cannot create %s: %s", path, strerror(errno));
	int rc = sq.sqlite3_open_v2(path, &db->lite, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK)
		return set_err(db, DB_ERROR, "cannot open %s: %s", path, db->lite ? sq.sqlite3_errmsg(db->lite) : sq.sqlite3_errstr(rc));
	sq.sqlite3_busy_timeout(db->lite, DB_BUSY_TIMEOUT_MS);
	sq.sqlite3_extended_result_codes(db->lite, 1);
	char *msg = NULL;
	/* Switching a new file to WAL takes an exclusive lock without the busy handler: processes opening a
	 * fresh store together retry it within the busy timeout. */
	for (int waited = 0;; waited += 10) {
		rc = sq.sqlite3_exec(db->lite, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
			NULL, NULL, &msg);
		if ((rc & 0xff) != SQLITE_BUSY || waited >= DB_BUSY_TIMEOUT_MS) break;
		sq.sqlite3_free(msg);
		msg = NULL;
		usleep(10000);
	}
	if (rc != SQLITE_OK) {
		set_err(db, DB_ERROR, "cannot set up %s: %s", path, msg ? msg : sq.sqlite3_errstr(rc));
		sq.sqlite3_free(msg);
		return DB_ERROR;
	}
	return DB_OK;
}

static struct json_object *lite_row(sqlite3_stmt *st)
{
	struct json_object *o = json_object_new_object();
	int n = sq.sqlite3_column_count(st);
	for (int i = 0; i < n; i++) {
		struct json_object *v = NULL;
		switch (sq.sqlite3_column_type(st, i)) {
		case SQLITE_INTEGER: v = json_object_new_int64(sq.sqlite3_column_int64(st, i)); break;
		case SQLITE_FLOAT: v = json_object_new_double(sq.sqlite3_column_double(st, i)); break;
		case SQLITE_NULL: break;
		default:
			v = json_object_new_string_len((const char *)sq.sqlite3_column_text(st, i), sq.sqlite3_column_bytes(st, i));
		}
		json_object_object_add(o, sq.sqlite3_column_name(st, i), v);
	}
	return o;
}

static int lite_exec(struct db *db, const char *sql, const struct db_arg *args, int nargs, struct json_object **rows)
{
	bool hit;
	struct cached *c = cache_slot(db, sql, &hit);
	if (!hit) {
		int rc = sq.sqlite3_prepare_v3(db->lite, sql, -1, SQLITE_PREPARE_PERSISTENT, &c->st, NULL);
		if (rc != SQLITE_OK) return lite_rc(db, rc);
		c->sql = sql;
	}
	sqlite3_stmt *st = c->st;
	for (int i = 0; i < nargs; i++) {
		int rc = args[i].t == DA_INT ? sq.sqlite3_bind_int64(st, i + 1, args[i].i)
			: args[i].t == DA_TEXT ? sq.sqlite3_bind_text(st, i + 1, args[i].s, -1, SQLITE_STATIC)
			: sq.sqlite3_bind_null(st, i + 1);
		if (rc != SQLITE_OK) { sq.sqlite3_reset(st); sq.sqlite3_clear_bindings(st); return lite_rc(db, rc); }
	}
	int rc;
	while ((rc = sq.sqlite3_step(st)) == SQLITE_ROW)
		if (rows) json_object_array_add(*rows, lite_row(st));
	sq.sqlite3_reset(st);
	sq.sqlite3_clear_bindings(st);
	if (rc != SQLITE_DONE) return lite_rc(db, rc);
	db->changes = sq.sqlite3_changes64(db->lite);
	return DB_OK;
}

/* ---- PostgreSQL ---- */

static void pg_quiet(void *arg, const char *message) { (void)arg; (void)message; }

static int pg_open(struct db *db, const char *conn)
{
	db->pg = pq.PQconnectdb(conn);
	if (!db->pg || pq.PQstatus(db->pg) != CONNECTION_OK)
		return set_err(db, DB_ERROR, "cannot connect to PostgreSQL: %s", db->pg ? pq.PQerrorMessage(db->pg) : "out of memory");
	pq.PQsetNoticeProcessor(db->pg, pg_quiet, NULL);
	PGresult *r = pq.PQexec(db->pg, "SET TIME ZONE 'UTC'");
	pq.PQclear(r);
	return DB_OK;
}

/* The statement with "?" turned into $1, $2, ... outside quoted text. */
static char *pg_placeholders(const char *sql)
{
	size_t n = strlen(sql), q = 0;
	for (size_t i = 0; i < n; i++) q += sql[i] == '?';
	char *out = malloc(n + q * 6 + 1), *o = out;
	if (!out) return NULL;
	int k = 0;
	bool quoted = false;
	for (const char *p = sql; *p; p++) {
		if (*p == '\'') quoted = !quoted;
		if (*p == '?' && !quoted) o += sprintf(o, "$%d", ++k);
		else *o++ = *p;
	}
	*o = '\0';
	return out;
}

static int pg_result_rc(struct db *db, PGresult *r)
{
	const char *state = pq.PQresultErrorField(r, PG_DIAG_SQLSTATE);
	int rc = DB_ERROR;
	if (state && strncmp(state, "23", 2) == 0) rc = DB_CONSTRAINT;
	else if (state && (strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0 || strcmp(state, "55P03") == 0))
		rc = DB_BUSY;
	set_err(db, rc, "%s", pq.PQresultErrorMessage(r));
	return rc;
}

static struct json_object *pg_value(PGresult *r, int row, int col)
{
	if (pq.PQgetisnull(r, row, col)) return NULL;
	const char *v = pq.PQgetvalue(r, row, col);
	switch (pq.PQftype(r, col)) {
	case 20: case 21: case 23: return json_object_new_int64(strtoll(v, NULL, 10)); /* int8, int2, int4 */
	case 16: return json_object_new_boolean(*v == 't');
	case 700: case 701: return json_object_new_double(strtod(v, NULL));
	default: return json_object_new_string_len(v, pq.PQgetlength(r, row, col));
	}
}

static int pg_exec(struct db *db, const char *sql, const struct db_arg *args, int nargs, struct json_object **rows)
{
	bool hit;
	struct cached *c = cache_slot(db, sql, &hit);
	if (!hit) {
		if (!(c->pg_sql = pg_placeholders(sql))) return set_err(db, DB_ERROR, "out of memory");
		c->sql = sql;
	}
	const char *vals[32];
	Oid types[32];
	char nums[32][24];
	if (nargs > 32) return set_err(db, DB_ERROR, "too many arguments");
	for (int i = 0; i < nargs; i++) {
		types[i] = args[i].t == DA_INT ? 20 : args[i].t == DA_TEXT ? 25 : 0;
		if (args[i].t == DA_INT) { snprintf(nums[i], sizeof nums[i], "%lld", args[i].i); vals[i] = nums[i]; }
		else vals[i] = args[i].t == DA_TEXT ? args[i].s : NULL;
	}
	PGresult *r = pq.PQexecParams(db->pg, c->pg_sql, nargs, types, vals, NULL, NULL, 0);
	if (!r || pq.PQstatus(db->pg) == CONNECTION_BAD) {
		/* A server restart: reconnect once and retry, unless a transaction was under way. */
		bool idle = pq.PQtransactionStatus(db->pg) != PQTRANS_INERROR;
		pq.PQclear(r);
		pq.PQreset(db->pg);
		if (pq.PQstatus(db->pg) != CONNECTION_OK || !idle)
			return set_err(db, DB_ERROR, "lost the PostgreSQL connection: %s", pq.PQerrorMessage(db->pg));
		pq.PQsetNoticeProcessor(db->pg, pg_quiet, NULL);
		r = pq.PQexecParams(db->pg, c->pg_sql, nargs, types, vals, NULL, NULL, 0);
	}
	ExecStatusType s = pq.PQresultStatus(r);
	int rc = DB_OK;
	if (s == PGRES_TUPLES_OK) {
		int nr = pq.PQntuples(r), nf = pq.PQnfields(r);
		for (int i = 0; rows && i < nr; i++) {
			struct json_object *o = json_object_new_object();
			for (int f = 0; f < nf; f++) json_object_object_add(o, pq.PQfname(r, f), pg_value(r, i, f));
			json_object_array_add(*rows, o);
		}
		db->changes = *pq.PQcmdTuples(r) ? strtoll(pq.PQcmdTuples(r), NULL, 10) : 0;
	} else if (s == PGRES_COMMAND_OK) {
		db->changes = *pq.PQcmdTuples(r) ? strtoll(pq.PQcmdTuples(r), NULL, 10) : 0;
	} else {
		rc = pg_result_rc(db, r);
	}
	pq.PQclear(r);
	return rc;
}

static int pg_simple(struct db *db, const char *sql)
{
	PGresult *r = pq.PQexec(db->pg, sql);
	ExecStatusType s = pq.PQresultStatus(r);
	int rc = s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK ? DB_OK : pg_result_rc(db, r);
	pq.PQclear(r);
	return rc;
}

/* ---- common ---- */

int db_open(struct db **out, const char *conn, char *err, size_t errlen)
{
	*out = NULL;
	struct db *db = calloc(1, sizeof *db);
	if (!db) { snprintf(err, errlen, "out of memory"); return -1; }
	db->kind = db_kind_of(conn);
	if (db_load_library(db->kind, err, errlen) < 0) {
		free(db);
		return -1;
	}
	int rc = db->kind == DB_POSTGRES ? pg_open(db, conn)
		: lite_open(db, strncmp(conn, "sqlite:", 7) == 0 ? conn + 7 : conn);
	if (rc != DB_OK) {
		snprintf(err, errlen, "%s", db->err);
		db_close(db);
		return -1;
	}
	*out = db;
	return 0;
}

void db_close(struct db *db)
{
	if (!db) return;
	for (int i = 0; i < STMT_CACHE; i++) {
		if (db->cache[i].st) sq.sqlite3_finalize(db->cache[i].st);
		free(db->cache[i].pg_sql);
	}
	if (db->lite) sq.sqlite3_close(db->lite);
	if (db->pg) pq.PQfinish(db->pg);
	free(db);
}

int db_exec(struct db *db, const char *sql, const struct db_arg *args, int nargs, struct json_object **rows)
{
	if (rows) *rows = json_object_new_array();
	int rc = db->kind == DB_POSTGRES ? pg_exec(db, sql, args, nargs, rows) : lite_exec(db, sql, args, nargs, rows);
	if (rc != DB_OK && rows) {
		json_object_put(*rows);
		*rows = NULL;
	}
	return rc;
}

int db_script(struct db *db, const char *sql)
{
	if (db->kind == DB_POSTGRES) return pg_simple(db, sql);
	char *msg = NULL;
	int rc = sq.sqlite3_exec(db->lite, sql, NULL, NULL, &msg);
	if (rc == SQLITE_OK) return DB_OK;
	sq.sqlite3_free(msg);
	return lite_rc(db, rc);
}

int db_begin(struct db *db)
{
	return db->kind == DB_POSTGRES ? pg_simple(db, "BEGIN") : db_script(db, "BEGIN IMMEDIATE");
}

int db_commit(struct db *db)
{
	int rc;
	if (db->kind == DB_POSTGRES) {
		/* COMMIT of a transaction that failed earlier answers "ROLLBACK", not an error. */
		PGresult *r = pq.PQexec(db->pg, "COMMIT");
		rc = pq.PQresultStatus(r) != PGRES_COMMAND_OK ? pg_result_rc(db, r)
			: strcmp(pq.PQcmdStatus(r), "ROLLBACK") == 0 ? set_err(db, DB_ERROR, "the transaction was rolled back") : DB_OK;
		pq.PQclear(r);
	} else {
		rc = db_script(db, "COMMIT");
	}
	if (rc != DB_OK) db_rollback(db);
	return rc;
}

void db_rollback(struct db *db)
{
	if (db->kind == DB_POSTGRES) {
		if (pq.PQtransactionStatus(db->pg) != PQTRANS_IDLE) pq.PQclear(pq.PQexec(db->pg, "ROLLBACK"));
	} else if (!sq.sqlite3_get_autocommit(db->lite)) {
		sq.sqlite3_exec(db->lite, "ROLLBACK", NULL, NULL, NULL);
	}
}
