/* MCP over stdio: start the server, initialize, list tools (paginated), optionally call one tool,
 * and write down what happened as a verification report. */
#define _GNU_SOURCE
#include "tools/verify/mcpverify.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINE (8u << 20)   /* one JSON-RPC message on stdout */
#define MAX_PAGES 50          /* pages of one list method followed */
#define ERR_TAIL 600          /* bytes of the server's stderr kept for failure details */

struct child {
	pid_t pid;
	int in, out, err;
	char *buf;
	size_t len, cap;
	char tail[ERR_TAIL + 1];
	size_t tail_len;
	int reaped, status;
	long long wall_end;         /* the sandbox's wall-clock limit: the session ends there */
	int wall_s, wall_hit;
};

enum rpc_rc { RPC_OK = 0, RPC_TIMEOUT = -1, RPC_EXITED = -2, RPC_GARBAGE = -3, RPC_IO = -4, RPC_WALL = -5 };

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* fork/exec of the sandbox with three pipes; the child gets its own process group so that bubblewrap and
 * everything it started can be killed. An exec or sandbox set-up failure comes back through a close-on-exec
 * pipe. Returns 0, or an errno value. */
static int child_start(struct child *c, char *const argv[], const struct sandbox *sb)
{
	const struct sandbox_limits *lim = &sb->lim;
	int pin[2], pout[2], perr[2], pexec[2];
	memset(c, 0, sizeof *c);
	c->pid = -1;
	c->in = c->out = c->err = -1;
	c->wall_end = now_ms() + (long long)lim->wall_s * 1000;
	c->wall_s = lim->wall_s;
	if (pipe2(pin, O_CLOEXEC) || pipe2(pout, O_CLOEXEC) || pipe2(perr, O_CLOEXEC) || pipe2(pexec, O_CLOEXEC)) return errno;
	pid_t pid = fork();
	if (pid < 0) return errno;
	if (pid == 0) {
		setpgid(0, 0);
		dup2(pin[0], 0);
		dup2(pout[1], 1);
		dup2(perr[1], 2);
		int e = sandbox_enter(sb);
		if (!e) { execvp(argv[0], argv); e = errno; }
		if (write(pexec[1], &e, sizeof e) < 0) _exit(127);
		_exit(127);
	}
	setpgid(pid, pid);
	close(pin[0]); close(pout[1]); close(perr[1]); close(pexec[1]);
	c->pid = pid;
	c->in = pin[1];
	c->out = pout[0];
	c->err = perr[0];
	int e = 0;
	ssize_t n;
	while ((n = read(pexec[0], &e, sizeof e)) < 0 && errno == EINTR) {}
	close(pexec[0]);
	fcntl(c->out, F_SETFL, O_NONBLOCK);
	fcntl(c->err, F_SETFL, O_NONBLOCK);
	return n == (ssize_t)sizeof e ? (e ? e : ENOEXEC) : 0;
}

static void drain_stderr(struct child *c)
{
	char tmp[4096];
	ssize_t n = -1;
	while (c->err >= 0 && (n = read(c->err, tmp, sizeof tmp)) != 0) {
		if (n < 0) {
			if (errno == EINTR) continue;
			if (errno != EAGAIN) { close(c->err); c->err = -1; }
			return;
		}
		/* Keep only the last ERR_TAIL bytes. */
		for (ssize_t i = 0; i < n; i++) {
			if (c->tail_len == ERR_TAIL) { memmove(c->tail, c->tail + 1, ERR_TAIL - 1); c->tail_len--; }
			c->tail[c->tail_len++] = tmp[i];
		}
		c->tail[c->tail_len] = 0;
	}
	if (c->err >= 0 && n == 0) { close(c->err); c->err = -1; }
}

static int try_reap(struct child *c, int wait_ms)
{
	long long end = now_ms() + wait_ms;
	while (!c->reaped && c->pid > 0) {
		pid_t r = waitpid(c->pid, &c->status, WNOHANG);
		if (r == c->pid) { c->reaped = 1; break; }
		if (r < 0 && errno != EINTR) { c->reaped = 1; c->status = 0; break; }
		if (now_ms() >= end) break;
		struct timespec ts = { 0, 20 * 1000000L };
		nanosleep(&ts, NULL);
	}
	return c->reaped;
}

/* Ends the server: close its stdin, give it a moment, then TERM and KILL its process group. */
static void child_stop(struct child *c)
{
	if (c->in >= 0) { close(c->in); c->in = -1; }
	if (c->pid > 0 && !try_reap(c, 1500)) {
		kill(-c->pid, SIGTERM);
		if (!try_reap(c, 1500)) { kill(-c->pid, SIGKILL); kill(c->pid, SIGKILL); try_reap(c, 5000); }
	}
	if (c->pid > 0) kill(-c->pid, SIGKILL); /* descendants left behind by the leader */
	if (c->out >= 0) close(c->out);
	if (c->err >= 0) { drain_stderr(c); if (c->err >= 0) close(c->err); }
	c->out = c->err = -1;
	free(c->buf);
	c->buf = NULL;
}

/* What a signal says about the sandbox's limits. */
static const char *limit_name(int sig)
{
	return sig == SIGXCPU ? " (the CPU-time limit)" : sig == SIGXFSZ ? " (the file-size limit)" : "";
}

static void exit_text(struct child *c, char *out, size_t n)
{
	try_reap(c, 300);
	if (!c->reaped) snprintf(out, n, "closed its output but had not exited");
	else if (WIFEXITED(c->status) && WEXITSTATUS(c->status) > 128) /* bubblewrap passes a signal on as 128+N */
		snprintf(out, n, "was killed by signal %d%s", WEXITSTATUS(c->status) - 128, limit_name(WEXITSTATUS(c->status) - 128));
	else if (WIFEXITED(c->status)) snprintf(out, n, "exited with status %d", WEXITSTATUS(c->status));
	else if (WIFSIGNALED(c->status)) snprintf(out, n, "was killed by signal %d", WTERMSIG(c->status));
	else snprintf(out, n, "ended");
}

/* One line from the server's stdout before the deadline. Returns RPC_OK with *line (caller frees). */
static int read_line(struct child *c, long long deadline, char **line, char *why, size_t wn)
{
	for (;;) {
		char *nl = c->buf ? memchr(c->buf, '\n', c->len) : NULL;
		if (nl) {
			size_t l = (size_t)(nl - c->buf);
			*line = strndup(c->buf, l);
			memmove(c->buf, nl + 1, c->len - l - 1);
			c->len -= l + 1;
			return *line ? RPC_OK : RPC_IO;
		}
		if (c->len > MAX_LINE) { snprintf(why, wn, "a line on stdout exceeded %u bytes", MAX_LINE); return RPC_GARBAGE; }
		long long left = (deadline < c->wall_end ? deadline : c->wall_end) - now_ms();
		if (left <= 0 && deadline >= c->wall_end) {
			c->wall_hit = 1;
			kill(-c->pid, SIGKILL);
			snprintf(why, wn, "the wall-clock limit of %d s was reached and the server was killed", c->wall_s);
			return RPC_WALL;
		}
		if (left <= 0) return RPC_TIMEOUT;
		struct pollfd p[2] = { { c->out, POLLIN, 0 }, { c->err, POLLIN, 0 } };
		int r = poll(p, c->err >= 0 ? 2 : 1, (int)(left > 1000 ? 1000 : left));
		if (r < 0 && errno != EINTR) return RPC_IO;
		if (c->err >= 0 && p[1].revents) drain_stderr(c);
		if (r <= 0 || !p[0].revents) continue;
		if (c->cap - c->len < 65536) {
			size_t cap = c->cap ? c->cap * 2 : 131072;
			char *b = realloc(c->buf, cap);
			if (!b) return RPC_IO;
			c->buf = b;
			c->cap = cap;
		}
		ssize_t n = read(c->out, c->buf + c->len, c->cap - c->len);
		if (n > 0) c->len += (size_t)n;
		else if (n == 0) {
			char how[80];
			exit_text(c, how, sizeof how);
			snprintf(why, wn, "the server %s", how);
			return RPC_EXITED;
		} else if (errno != EAGAIN && errno != EINTR) return RPC_IO;
	}
}

static int send_msg(struct child *c, struct json_object *msg)
{
	const char *s = json_object_to_json_string_ext(msg, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	size_t len = strlen(s), off = 0;
	while (off <= len) {
		const char *p = off < len ? s + off : "\n";
		size_t n = off < len ? len - off : 1;
		ssize_t w = write(c->in, p, n);
		if (w < 0) { if (errno == EINTR) continue; return -1; }
		off += (size_t)w + (off == len);
	}
	return 0;
}

static struct json_object *rpc_msg(int id, const char *method, struct json_object *params)
{
	struct json_object *m = json_object_new_object();
	jadd(m, "jsonrpc", json_object_new_string("2.0"));
	if (id > 0) jadd(m, "id", json_object_new_int(id));
	jadd(m, "method", json_object_new_string(method));
	if (params) jadd(m, "params", params);
	return m;
}

static void shorten(const char *s, char *out, size_t n)
{
	size_t k = 0;
	for (; *s && k + 4 < n && k < 120; s++) {
		char ch = (*s >= 32 && *s < 127) ? *s : (*s == '\n' || *s == '\t' || *s == '\r') ? ' ' : '?';
		if (ch == ' ' && k > 0 && out[k - 1] == ' ') continue; /* runs of white space as one */
		out[k++] = ch;
	}
	if (*s) { out[k++] = '.'; out[k++] = '.'; out[k++] = '.'; }
	out[k] = 0;
}

/* Sends a request and waits for the response with that id. Notifications are skipped; requests from the
 * server are answered "method not found" (this client offers no capabilities). */
static int rpc(struct child *c, int id, const char *method, struct json_object *params, int timeout_ms,
	struct json_object **result, struct json_object **error, char *why, size_t wn)
{
	*result = *error = NULL;
	struct json_object *m = rpc_msg(id, method, params);
	int sent = send_msg(c, m);
	json_object_put(m);
	if (sent < 0) {
		char how[80];
		exit_text(c, how, sizeof how);
		snprintf(why, wn, "the server closed its input before the %s request and %s", method, how);
		return RPC_EXITED;
	}
	long long deadline = now_ms() + timeout_ms;
	for (;;) {
		char *line = NULL;
		int rc = read_line(c, deadline, &line, why, wn);
		if (rc == RPC_TIMEOUT) snprintf(why, wn, "no answer to %s within %d ms", method, timeout_ms);
		if (rc != RPC_OK) return rc;
		if (line[0] == 0 || strspn(line, " \t\r") == strlen(line)) { free(line); continue; }
		struct json_object *msg = json_tokener_parse(line);
		if (!msg || !json_object_is_type(msg, json_type_object) || !jget_str(msg, "jsonrpc") ||
			strcmp(jget_str(msg, "jsonrpc"), "2.0") != 0) {
			char s[140];
			shorten(line, s, sizeof s);
			snprintf(why, wn, "the server wrote a line on stdout that is not a JSON-RPC 2.0 message: \"%s\"", s);
			json_object_put(msg);
			free(line);
			return RPC_GARBAGE;
		}
		free(line);
		struct json_object *mid = jget(msg, "id");
		if (mid && jget_str(msg, "method")) {
			struct json_object *r = json_object_new_object();
			jadd(r, "jsonrpc", json_object_new_string("2.0"));
			jadd(r, "id", json_object_get(mid));
			struct json_object *e = json_object_new_object();
			jadd(e, "code", json_object_new_int(-32601));
			jadd(e, "message", json_object_new_string("method not found"));
			jadd(r, "error", e);
			send_msg(c, r);
			json_object_put(r);
		} else if (mid && json_object_is_type(mid, json_type_int) && json_object_get_int(mid) == id) {
			*result = json_object_get(jget(msg, "result"));
			*error = json_object_get(jget(msg, "error"));
			json_object_put(msg);
			if (!*result && !*error) { snprintf(why, wn, "the answer to %s has neither result nor error", method); return RPC_GARBAGE; }
			return RPC_OK;
		}
		json_object_put(msg);
	}
}

/* ---- the report ---- */

static struct json_object *text2(const char *en, const char *de)
{
	struct json_object *t = json_object_new_object();
	jadd(t, "en", json_object_new_string(en));
	jadd(t, "de", json_object_new_string(de));
	return t;
}

static void assertion(struct json_object *list, const char *id, const char *level, const char *check,
	const char *result, const char *detail, const char *client)
{
	struct json_object *a = json_object_new_object();
	jadd(a, "id", json_object_new_string(id));
	jadd(a, "check", json_object_new_string(check));
	jadd(a, "result", json_object_new_string(result));
	jadd(a, "detail", json_object_new_string(detail));
	jadd(a, "level", json_object_new_string(level));
	if (client) jadd(a, "client", json_object_new_string(client));
	json_object_array_add(list, a);
}

/* package_resolved: the installed package.json names the package and version the subject cites. */
static void check_package(const struct mcpverify_opts *o, struct json_object *as)
{
	const char *check = "The installed package is the one the entry names, at that version.";
	if (!o->package || !o->package_json) {
		assertion(as, "package-resolved", "package_resolved", check, "skipped",
			"No package manifest was given to compare; the package was not checked.", NULL);
		return;
	}
	struct json_object *pj = json_object_from_file(o->package_json);
	char want[600], detail[900];
	snprintf(want, sizeof want, "npm:%s@%s", jget_str(pj, "name") ? jget_str(pj, "name") : "?",
		jget_str(pj, "version") ? jget_str(pj, "version") : "?");
	int ok = pj && strcmp(want, o->package) == 0;
	snprintf(detail, sizeof detail, ok ? "Installed from the npm registry: %s." :
		"The installed manifest says %s, not %s.", want, o->package);
	if (!pj) snprintf(detail, sizeof detail, "No readable package manifest was found for %s.", o->package);
	assertion(as, "package-resolved", "package_resolved", check, ok ? "pass" : "fail", detail, NULL);
	json_object_put(pj);
}

static void skip_rest(struct json_object *as, int from, const char *why)
{
	char d[700];
	snprintf(d, sizeof d, "Not reached: %s.", why);
	if (from <= 1) assertion(as, "initialize", "started", "The server starts over stdio and answers initialize with a protocol version and server information.", "skipped", d, NULL);
	if (from <= 2) assertion(as, "tools-list", "schema_read", "tools/list answers, following every nextCursor, and every tool has a name and an object input schema.", "skipped", d, NULL);
	if (from <= 3) assertion(as, "tool-call", "execution_tested", "The harmless call named by the plan succeeds and returns the expected text.", "skipped", d, NULL);
}

static void failure_detail(char *out, size_t n, const char *why, struct child *c)
{
	drain_stderr(c);
	if (c->tail_len) {
		char s[140];
		const char *t = c->tail;
		while (*t == '\n' || *t == ' ') t++;
		shorten(t, s, sizeof s);
		snprintf(out, n, "%s; its stderr ended: \"%s\"", why, s);
	} else
		snprintf(out, n, "%s", why);
}

/* Checks the tools/list answers; fills schemas with {tool, input_schema} in the order sent. */
static int check_tools(struct json_object *tools, struct json_object *schemas, char *bad, size_t bn)
{
	size_t n = json_object_array_length(tools);
	for (size_t i = 0; i < n; i++) {
		struct json_object *t = json_object_array_get_idx(tools, i), *is = jget(t, "inputSchema");
		if (!jget_str(t, "name")) { snprintf(bad, bn, "tool %zu has no name", i); return -1; }
		if (!is || !json_object_is_type(is, json_type_object)) {
			snprintf(bad, bn, "tool \"%s\" has no object inputSchema", jget_str(t, "name"));
			return -1;
		}
		struct json_object *s = json_object_new_object();
		jadd(s, "tool", json_object_new_string(jget_str(t, "name")));
		jadd(s, "input_schema", json_object_get(is));
		json_object_array_add(schemas, s);
	}
	return 0;
}

/* Every page of a list method ("tools/list": key "tools"), appended to items. */
static int list_all(struct child *c, const struct mcpverify_opts *o, int *next_id, const char *method, const char *key,
	struct json_object *items, char *why, size_t wn)
{
	char cursor[1024] = "";
	for (int page = 0; page < MAX_PAGES; page++) {
		struct json_object *params = NULL, *res, *err;
		if (cursor[0]) {
			params = json_object_new_object();
			jadd(params, "cursor", json_object_new_string(cursor));
		}
		int rc = rpc(c, (*next_id)++, method, params, o->timeout_ms, &res, &err, why, wn);
		if (rc != RPC_OK) return rc;
		if (err) {
			snprintf(why, wn, "%s answered with error %s", method, json_object_to_json_string(err));
			json_object_put(err);
			return RPC_GARBAGE;
		}
		struct json_object *list = jget(res, key);
		if (!list || !json_object_is_type(list, json_type_array)) {
			json_object_put(res);
			snprintf(why, wn, "the %s result has no %s array", method, key);
			return RPC_GARBAGE;
		}
		for (size_t i = 0; i < json_object_array_length(list); i++)
			json_object_array_add(items, json_object_get(json_object_array_get_idx(list, i)));
		const char *next = jget_str(res, "nextCursor");
		snprintf(cursor, sizeof cursor, "%s", next ? next : "");
		json_object_put(res);
		if (!cursor[0]) return RPC_OK;
	}
	snprintf(why, wn, "%s still had a nextCursor after %d pages", method, MAX_PAGES);
	return RPC_GARBAGE;
}

static const char *text_of_result(struct json_object *res)
{
	struct json_object *content = jget(res, "content");
	for (size_t i = 0; content && i < json_object_array_length(content); i++) {
		struct json_object *x = json_object_array_get_idx(content, i);
		if (jget_str(x, "type") && strcmp(jget_str(x, "type"), "text") == 0 && jget_str(x, "text")) return jget_str(x, "text");
	}
	return NULL;
}

static void call_tool(struct child *c, const struct mcpverify_opts *o, int *next_id, struct json_object *as)
{
	const char *check = "The harmless call named by the plan succeeds and returns the expected text.";
	struct json_object *call = jget(o->plan, "call");
	if (!call) {
		assertion(as, "tool-call", "execution_tested", check, "skipped",
			"The plan names no harmless call, so no tool was executed.", NULL);
		return;
	}
	const char *tool = jget_str(call, "tool"), *expect = jget_str(call, "expect_text");
	struct json_object *params = json_object_new_object(), *res, *err;
	jadd(params, "name", json_object_new_string(tool));
	struct json_object *args = jget(call, "arguments");
	jadd(params, "arguments", args ? json_object_get(args) : json_object_new_object());
	char why[900], detail[1400], check2[600];
	snprintf(check2, sizeof check2, "tools/call of \"%s\" with the plan's arguments succeeds%s%s%s.", tool,
		expect ? " and its text contains \"" : "", expect ? expect : "", expect ? "\"" : "");
	int rc = rpc(c, (*next_id)++, "tools/call", params, o->timeout_ms, &res, &err, why, sizeof why);
	(void)check;
	if (rc != RPC_OK) {
		failure_detail(detail, sizeof detail, why, c);
		assertion(as, "tool-call", "execution_tested", check2, "fail", detail, NULL);
		return;
	}
	const char *text = res ? text_of_result(res) : NULL;
	int is_error = jget_bool(res, "isError", 0);
	int ok = res && !err && !is_error && (!expect || (text && strstr(text, expect)));
	char s[140] = "";
	if (text) shorten(text, s, sizeof s);
	if (err) snprintf(detail, sizeof detail, "tools/call answered with a JSON-RPC error: %s", json_object_to_json_string(err));
	else if (is_error) snprintf(detail, sizeof detail, "The tool reported an error: \"%s\".", s);
	else if (!ok) snprintf(detail, sizeof detail, "The result text \"%s\" does not contain the expected text.", s);
	else snprintf(detail, sizeof detail, "The call returned: \"%s\".", s);
	assertion(as, "tool-call", "execution_tested", check2, ok ? "pass" : "fail", detail, NULL);
	json_object_put(res);
	json_object_put(err);
}

static struct json_object *environment(const struct mcpverify_opts *o, struct json_object *server_info,
	const char *negotiated)
{
	struct utsname u;
	char os[300] = "unknown", runner[64];
	if (uname(&u) == 0) snprintf(os, sizeof os, "%s %s %s", u.sysname, u.release, u.machine);
	snprintf(runner, sizeof runner, "autoplan-verify %s", MCPVERIFY_VERSION);
	struct json_object *e = json_object_new_object();
	jadd(e, "os", json_object_new_string(os));
	jadd(e, "runtime", json_object_new_string(o->runtime ? o->runtime : "unknown"));
	jadd(e, "runner", json_object_new_string(runner));
	jadd(e, "transport", json_object_new_string("stdio"));
	if (o->command_text) jadd(e, "command", json_object_new_string(o->command_text));
	jadd(e, "protocol_version_requested", json_object_new_string(MCPVERIFY_PROTOCOL));
	jadd(e, "protocol_version_negotiated", negotiated ? json_object_new_string(negotiated) : NULL);
	jadd(e, "server_info", server_info ? json_object_get(server_info) : NULL);
	jadd(e, "request_timeout_ms", json_object_new_int(o->timeout_ms));
	jadd(e, "sandbox", sandbox_describe(o->sandbox));
	if (o->placeholders) jadd(e, "placeholders", json_object_get(o->placeholders));
	if (o->install_scripts_skipped) jadd(e, "install_scripts", json_object_new_string("disabled"));
	return e;
}

/* What the sandbox took away from this run: placeholders, install scripts, the wall-clock limit. */
static void more_limitations(const struct mcpverify_opts *o, const struct child *c, struct json_object *lim)
{
	char en[900], de[900], names[600] = "";
	size_t n = o->placeholders ? json_object_array_length(o->placeholders) : 0, off = 0;
	for (size_t i = 0; i < n && off < sizeof names; i++)
		off += (size_t)snprintf(names + off, sizeof names - off, "%s%s", i ? ", " : "",
			json_object_get_string(json_object_array_get_idx(o->placeholders, i)));
	if (n) {
		snprintf(en, sizeof en, "What the entry asks the user for (required environment variables, arguments in angle brackets) had placeholder values, not real ones: %s.", names);
		snprintf(de, sizeof de, "Was der Eintrag vom Nutzer verlangt (Pflicht-Umgebungsvariablen, Argumente in spitzen Klammern), hatte Platzhalterwerte statt echter: %s.", names);
		json_object_array_add(lim, text2(en, de));
	}
	if (o->install_scripts_skipped)
		json_object_array_add(lim, text2("The package was installed with its install scripts disabled; a server that needs them may fail for that reason.",
			"Das Paket wurde ohne seine Installationsskripte installiert; ein Server, der sie braucht, kann daran scheitern."));
	if (c->wall_hit) {
		snprintf(en, sizeof en, "The session was cut at the sandbox's wall-clock limit of %d s.", c->wall_s);
		snprintf(de, sizeof de, "Die Sitzung wurde an der Zeitgrenze der Sandbox von %d s abgebrochen.", c->wall_s);
		json_object_array_add(lim, text2(en, de));
	}
}

static int valid_slug(const char *s)
{
	if (!s || !((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9'))) return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-')) return 0;
	return 1;
}

/* resources/list or prompts/list when the server offers them: what it lists goes into seen->key; a
 * failure becomes a limitation (they are observations, not a verification level). */
static void observe_list(struct child *c, const struct mcpverify_opts *o, int *next_id, struct json_object *caps,
	const char *what, struct json_object *seen, struct json_object *lim)
{
	char method[40], why[900], detail[1400], en[1500], de[1500];
	snprintf(method, sizeof method, "%s/list", what);
	if (!jget(caps, what)) return;
	struct json_object *items = json_object_new_array();
	int rc = list_all(c, o, next_id, method, what, items, why, sizeof why);
	if (rc == RPC_OK) { json_object_object_add(seen, what, items); return; }
	json_object_put(items);
	failure_detail(detail, sizeof detail, why, c);
	snprintf(de, sizeof de, "%s schlug fehl: %s", method, detail);
	snprintf(en, sizeof en, "%s failed: %s", method, detail);
	json_object_array_add(lim, text2(en, de));
}

/* The steps after a successful start: tools/list, resources/list and prompts/list when offered, then the
 * plan's call. */
static void session(struct child *c, const struct mcpverify_opts *o, struct json_object *as, struct json_object *schemas,
	struct json_object *caps, struct json_object *seen, struct json_object *lim)
{
	int next_id = 2;
	char why[900], detail[1400];
	struct json_object *note = rpc_msg(0, "notifications/initialized", NULL);
	int sent = send_msg(c, note);
	json_object_put(note);
	struct json_object *tools = json_object_new_array();
	int rc = sent < 0 ? RPC_EXITED : list_all(c, o, &next_id, "tools/list", "tools", tools, why, sizeof why);
	if (sent < 0) snprintf(why, sizeof why, "the server closed its input after initialize");
	char bad[300] = "";
	if (rc == RPC_OK && check_tools(tools, schemas, bad, sizeof bad) < 0) {
		snprintf(why, sizeof why, "%s", bad);
		rc = RPC_GARBAGE;
	}
	const char *check = "tools/list answers, following every nextCursor, and every tool has a name and an object input schema.";
	if (rc != RPC_OK) {
		failure_detail(detail, sizeof detail, why, c);
		assertion(as, "tools-list", "schema_read", check, "fail", detail, NULL);
		skip_rest(as, 3, "the tool list could not be read");
	} else {
		snprintf(detail, sizeof detail, "%zu tools listed; their input schemas are recorded below as sent.",
			json_object_array_length(tools));
		assertion(as, "tools-list", "schema_read", check, "pass", detail, NULL);
		observe_list(c, o, &next_id, caps, "resources", seen, lim);
		observe_list(c, o, &next_id, caps, "prompts", seen, lim);
		call_tool(c, o, &next_id, as);
	}
	json_object_put(tools);
}

char **mcpverify_placeholder_env(struct json_object *conn, struct json_object *names)
{
	struct json_object *vars = jget(conn, "env");
	size_t nv = vars && json_object_is_type(vars, json_type_array) ? json_object_array_length(vars) : 0, k = 0;
	char **ev = calloc(nv + 1, sizeof *ev);
	for (size_t i = 0; ev && i < nv; i++) {
		struct json_object *v = json_object_array_get_idx(vars, i);
		if (!jget_bool(v, "required", 0) || !jget_str(v, "name")) continue;
		json_object_array_add(names, json_object_new_string(jget_str(v, "name")));
		if (asprintf(&ev[k], "%s=autoplan-placeholder", jget_str(v, "name")) > 0) k++;
		else ev[k] = NULL;
	}
	return ev;
}

void mcpverify_free_env(char **env)
{
	for (size_t i = 0; env && env[i]; i++) free(env[i]);
	free(env);
}

struct json_object *mcpverify_run(const struct mcpverify_opts *o, char *err, size_t errlen)
{
	if (!valid_slug(o->id)) { snprintf(err, errlen, "report id must match ^[a-z0-9][a-z0-9-]*$"); return NULL; }
	if (!o->date || strlen(o->date) != 10) { snprintf(err, errlen, "date must be YYYY-MM-DD"); return NULL; }
	if (!o->argv || !o->argv[0]) { snprintf(err, errlen, "no command to start"); return NULL; }
	if (!o->sandbox) { snprintf(err, errlen, "no sandbox: servers are only started in one"); return NULL; }
	if (o->sandbox->lim.wall_s < 1 || o->sandbox->lim.cpu_s < 1 || o->sandbox->lim.mem_mb < 16 ||
		o->sandbox->lim.nproc < 1 || o->sandbox->lim.fsize_mb < 1 || o->sandbox->lim.nofile < 16) {
		snprintf(err, errlen, "a sandbox limit is out of range");
		return NULL;
	}
	char **sargv = sandbox_argv(o->sandbox, o->argv, err, errlen);
	if (!sargv) return NULL;
	if (o->plan && jget(o->plan, "call") && !jget_str(jget(o->plan, "call"), "tool")) {
		snprintf(err, errlen, "the plan's call names no tool");
		return NULL;
	}
	struct json_object *as = json_object_new_array(), *schemas = json_object_new_array(), *server_info = NULL;
	struct json_object *seen = json_object_new_object(), *lim = json_object_new_array();
	char negotiated[64] = "", why[900], detail[1400];
	check_package(o, as);
	struct child c;
	int e = child_start(&c, sargv, o->sandbox);
	sandbox_argv_free(sargv);
	const char *start_check = "The server starts over stdio and answers initialize with a protocol version and server information.";
	if (e) {
		snprintf(detail, sizeof detail, "The sandbox (bwrap) could not be started: %s.", strerror(e));
		assertion(as, "initialize", "started", start_check, "fail", detail, NULL);
		skip_rest(as, 2, "the server did not start");
	} else {
		struct json_object *params = json_object_new_object(), *caps = json_object_new_object(), *ci = json_object_new_object();
		jadd(params, "protocolVersion", json_object_new_string(MCPVERIFY_PROTOCOL));
		jadd(params, "capabilities", caps);
		jadd(ci, "name", json_object_new_string("autoplan-verify"));
		jadd(ci, "version", json_object_new_string(MCPVERIFY_VERSION));
		jadd(params, "clientInfo", ci);
		struct json_object *res, *rerr;
		int rc = rpc(&c, 1, "initialize", params, o->timeout_ms, &res, &rerr, why, sizeof why);
		if (rc == RPC_OK && (rerr || !jget_str(res, "protocolVersion") || !jget(res, "serverInfo"))) {
			snprintf(why, sizeof why, rerr ? "initialize answered with an error" : "the initialize result lacks protocolVersion or serverInfo");
			rc = RPC_GARBAGE;
		}
		if (rc != RPC_OK) {
			failure_detail(detail, sizeof detail, why, &c);
			assertion(as, "initialize", "started", start_check, "fail", detail, NULL);
			skip_rest(as, 2, "initialize did not succeed");
		} else {
			snprintf(negotiated, sizeof negotiated, "%s", jget_str(res, "protocolVersion"));
			server_info = json_object_get(jget(res, "serverInfo"));
			snprintf(detail, sizeof detail, "Answered initialize with protocol version %s as %s %s.", negotiated,
				jget_str(server_info, "name") ? jget_str(server_info, "name") : "(no name)",
				jget_str(server_info, "version") ? jget_str(server_info, "version") : "(no version)");
			assertion(as, "initialize", "started", start_check, "pass", detail, NULL);
			session(&c, o, as, schemas, jget(res, "capabilities"), seen, lim);
		}
		json_object_put(res);
		json_object_put(rerr);
	}
	child_stop(&c);

	struct json_object *r = json_object_new_object();
	char title_en[400], title_de[400], gen[64];
	snprintf(title_en, sizeof title_en, "Verification of the MCP server %s over stdio", o->entry ? o->entry : o->id);
	snprintf(title_de, sizeof title_de, "Prüfung des MCP-Servers %s über stdio", o->entry ? o->entry : o->id);
	snprintf(gen, sizeof gen, "autoplan-verify %s", MCPVERIFY_VERSION);
	jadd(r, "id", json_object_new_string(o->id));
	jadd(r, "date", json_object_new_string(o->date));
	jadd(r, "title", text2(title_en, title_de));
	struct json_object *subj = json_object_new_object();
	jadd(subj, "kind", json_object_new_string("mcp_server"));
	if (o->entry) jadd(subj, "entry", json_object_new_string(o->entry));
	if (o->connection) jadd(subj, "connection", json_object_new_string(o->connection));
	if (o->package) jadd(subj, "package", json_object_new_string(o->package));
	jadd(r, "subject", subj);
	jadd(r, "environment", environment(o, server_info, negotiated[0] ? negotiated : NULL));
	jadd(r, "assertions", as);
	struct json_object *fixed = json_object_new_array();
	json_object_array_add(fixed, text2("One run on one machine with one runtime; other operating systems, runtimes and clients were not exercised.",
		"Ein Lauf auf einem Rechner mit einer Laufzeit; andere Betriebssysteme, Laufzeiten und Clients wurden nicht geprüft."));
	json_object_array_add(fixed, text2("The server ran without credentials and without any provider account; no provider operation was called through it.",
		"Der Server lief ohne Zugangsdaten und ohne Anbieterkonto; keine Anbieteroperation wurde über ihn aufgerufen."));
	if (!jget(o->plan, "call"))
		json_object_array_add(fixed, text2("No tool was called: execution was not tested.", "Kein Werkzeug wurde aufgerufen: die Ausführung wurde nicht geprüft."));
	more_limitations(o, &c, lim);
	for (size_t i = 0; i < json_object_array_length(lim); i++)
		json_object_array_add(fixed, json_object_get(json_object_array_get_idx(lim, i)));
	json_object_put(lim);
	jadd(r, "limitations", fixed);
	jadd(r, "observed_tool_input_schemas", schemas);
	if (jget(seen, "resources")) jadd(r, "observed_resources", json_object_get(jget(seen, "resources")));
	if (jget(seen, "prompts")) jadd(r, "observed_prompts", json_object_get(jget(seen, "prompts")));
	json_object_put(seen);
	jadd(r, "generated_by", json_object_new_string(o->generated_by ? o->generated_by : gen));
	json_object_put(server_info);
	return r;
}
