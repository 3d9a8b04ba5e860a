/* autoplan-verify --directory: see batch.h. One forked worker per entry verifies it and writes one line
 * back ("STATUS<TAB>detail"); the parent keeps up to jobs workers running and reaps each with wait4 for
 * its peak memory. */
#define _GNU_SOURCE
#include "tools/verify/batch.h"
#include "catalog/catalog.h"
#include "tools/verify/mcpverify.h"
#include "tools/verify/npmcache.h"
#include "directory/toolchange.h"
#include "util/jsonutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum outcome { OUT_PASS, OUT_FAIL, OUT_INSTALL, OUT_NOT_ATTEMPTED, OUT_RECENT, OUT_ERROR, OUT_N };
static const char *const outcome_name[OUT_N] = { "verified", "failed", "not installed", "not attempted",
	"skipped (recent report)", "error" };

struct job {
	const struct cat_entry *e;
	pid_t pid;
	int fd;
	long long start_ms;
	enum outcome out;
	double seconds;
	long peak_kib;
	char detail[600];
};

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* ---- choosing what to run ---- */

/* Why an entry's connections cannot be run here, or NULL with *conn set to the npm stdio one. */
static const char *runnable(struct json_object *conns, struct json_object **conn)
{
	const char *why = "the entry names no package and no endpoint";
	*conn = NULL;
	for (size_t i = 0; conns && i < json_object_array_length(conns); i++) {
		struct json_object *c = json_object_array_get_idx(conns, i);
		const char *reg = jget_str(jget(c, "package"), "registry"), *tr = jget_str(c, "transport");
		if (reg && strcmp(reg, "npm") == 0 && tr && strcmp(tr, "stdio") == 0) { *conn = c; return NULL; }
		if (!reg) why = "a remote endpoint is reached over the network, which this machine does not have";
		else if (strcmp(reg, "pypi") == 0) why = "PyPI packages need a Python runtime (uvx) in the sandbox, which this machine does not have";
		else if (strcmp(reg, "oci") == 0) why = "OCI images need a container runtime, which this machine does not have";
		else if (strcmp(reg, "npm") == 0) why = "the npm package serves HTTP, not stdio; only stdio servers are verified";
		else why = "packages of this registry (MCP bundles, NuGet) are not run here";
	}
	return why;
}

static int chosen(const struct batch_opts *o, const struct catalog *cat, const struct cat_entry *e)
{
	if (strcmp(cat_s(cat, e->type), "mcp") != 0) return 0;
	if (!o->nkeys) return 1;
	for (int i = 0; i < o->nkeys; i++)
		if (strcmp(o->keys[i], cat_s(cat, e->key)) == 0 || strcmp(o->keys[i], cat_s(cat, e->slug)) == 0) return 1;
	return 0;
}

static int unknown_key(const struct batch_opts *o, const struct catalog *cat, char *err, size_t errlen)
{
	for (int i = 0; i < o->nkeys; i++) {
		int found = 0;
		for (uint32_t k = 0; !found && k < cat->nentries; k++) {
			const struct cat_entry *e = &cat->entries[k];
			found = strcmp(cat_s(cat, e->type), "mcp") == 0 && (strcmp(o->keys[i], cat_s(cat, e->key)) == 0 ||
				strcmp(o->keys[i], cat_s(cat, e->slug)) == 0);
		}
		if (!found) { snprintf(err, errlen, "no MCP entry %s in %s", o->keys[i], o->catalog); return -1; }
	}
	return 0;
}

/* The report id for an entry's slug on a date: the slug cut to fit the 80 characters a report id has. */
static void report_id(const char *slug, const char *date, char *out, size_t n)
{
	int k = (int)strlen(slug);
	if (k > 68) k = 68;
	while (k > 1 && slug[k - 1] == '-') k--;
	snprintf(out, n, "%.*s-%s", k, slug, date);
}

static long days_of(const char *date)
{
	struct tm t = { 0 };
	if (!date || !strptime(date, "%Y-%m-%d", &t)) return -1;
	return (long)(timegm(&t) / 86400);
}

/* The newest report of this entry dated before (or on, with on) the day of date, as a day number; its date
 * in found (11 bytes) when not NULL. -1 when none. */
static long newest(const struct batch_opts *o, const char *slug, long before, char *found)
{
	char prefix[120];
	report_id(slug, "", prefix, sizeof prefix); /* "<slug>-" */
	DIR *d = opendir(o->reports);
	long best = -1;
	struct dirent *de;
	while (d && (de = readdir(d))) {
		size_t pl = strlen(prefix), l = strlen(de->d_name);
		if (l != pl + 15 || strncmp(de->d_name, prefix, pl) != 0 || strcmp(de->d_name + l - 5, ".json") != 0) continue;
		char date[11];
		snprintf(date, sizeof date, "%.10s", de->d_name + pl);
		long d0 = days_of(date);
		if (d0 > best && d0 < before) { best = d0; if (found) snprintf(found, 11, "%s", date); }
	}
	if (d) closedir(d);
	return best;
}

/* Whether reports holds one of this entry dated within max_age days of date. */
static int recent(const struct batch_opts *o, const char *slug)
{
	if (o->max_age_days < 0) return 0;
	long today = days_of(o->date), best = newest(o, slug, today + 1, NULL);
	return best >= 0 && today - best < o->max_age_days;
}

/* " Since DATE: N breaking and M compatible tool changes." against the entry's previous report. */
static void changes_since(const struct batch_opts *o, const char *slug, struct json_object *now, char *out, size_t n)
{
	char date[11], id[100], path[PATH_MAX];
	out[0] = 0;
	if (newest(o, slug, days_of(o->date), date) < 0) return;
	report_id(slug, date, id, sizeof id);
	snprintf(path, sizeof path, "%s/%s.json", o->reports, id);
	struct json_object *was = json_object_from_file(path);
	if (!was) return;
	struct json_object *d = toolchange_diff(was, now), *c = jget(d, "counts");
	snprintf(out, n, "; since %s: %d breaking and %d compatible tool changes", date,
		json_object_get_int(jget(c, "breaking")), json_object_get_int(jget(c, "compatible")));
	json_object_put(d);
	json_object_put(was);
}

/* ---- one entry, in a worker ---- */

/* The package's arguments: what follows the package reference in the connection's npx arguments. */
static struct json_object *package_args(struct json_object *conn, const char *name)
{
	struct json_object *args = jget(conn, "args"), *out = json_object_new_array();
	size_t n = args ? json_object_array_length(args) : 0, i = 0;
	size_t nl = strlen(name);
	for (; i < n; i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(args, i));
		if (strncmp(a, name, nl) == 0 && (a[nl] == 0 || a[nl] == '@')) { i++; break; }
	}
	for (; i < n; i++) json_object_array_add(out, json_object_get(json_object_array_get_idx(args, i)));
	return out;
}

/* node, the package's program, its arguments (a "<name>" argument becomes the sandbox's home, named in
 * placeholders); env gets a placeholder for each required variable. Caller frees argv and env. */
static char **server_argv(struct json_object *conn, const struct npm_installed *ins, struct json_object *placeholders,
	char ***env)
{
	const char *name = jget_str(jget(conn, "package"), "name");
	struct json_object *pa = package_args(conn, name);
	size_t n = json_object_array_length(pa);
	char **argv = calloc(n + 3, sizeof *argv), path[PATH_MAX + 8];
	snprintf(path, sizeof path, "%s/%s", SANDBOX_PKG, ins->bin);
	argv[0] = strdup("node");
	argv[1] = strdup(path);
	for (size_t i = 0; i < n; i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(pa, i));
		int ph = a[0] == '<' && a[strlen(a) - 1] == '>';
		if (ph) json_object_array_add(placeholders, json_object_new_string(a));
		argv[i + 2] = strdup(ph ? SANDBOX_HOME : a);
	}
	json_object_put(pa);
	*env = mcpverify_placeholder_env(conn, placeholders);
	return argv;
}

static void free_strv(char **v)
{
	for (size_t i = 0; v && v[i]; i++) free(v[i]);
	free(v);
}

static int write_report(const struct batch_opts *o, struct json_object *r, const char *id, char *detail, size_t dn)
{
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/%s.json", o->reports, id);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	char *text = json_pretty(r);
	FILE *f = text ? fopen(tmp, "w") : NULL;
	int ok = f && fputs(text, f) >= 0;
	if (f && fclose(f) != 0) ok = 0;
	free(text);
	if (!ok || rename(tmp, path) != 0) { snprintf(detail, dn, "cannot write the report %.200s", id); unlink(tmp); return -1; }
	return 0;
}

/* The assertions' results, as "started pass, schema_read pass, ..."; returns whether one failed. */
static int results(struct json_object *r, char *out, size_t n)
{
	struct json_object *as = jget(r, "assertions");
	size_t off = 0;
	int failed = 0;
	out[0] = 0;
	for (size_t i = 0; i < json_object_array_length(as) && off < n; i++) {
		struct json_object *a = json_object_array_get_idx(as, i);
		const char *res = jget_str(a, "result");
		failed |= res && strcmp(res, "fail") == 0;
		off += (size_t)snprintf(out + off, n - off, "%s%s %s", i ? ", " : "", jget_str(a, "level"), res);
	}
	return failed;
}

static enum outcome verify_entry(const struct batch_opts *o, const struct catalog *cat, const struct cat_entry *e,
	const char *runtime, char *detail, size_t dn)
{
	struct json_object *conns = json_tokener_parse(cat_s(cat, e->connections)), *conn;
	const char *why = runnable(conns, &conn);
	if (why) { snprintf(detail, dn, "%s", why); json_object_put(conns); return OUT_NOT_ATTEMPTED; }
	struct json_object *pkg = jget(conn, "package");
	struct npm_installed ins;
	char err[600];
	if (npmcache_install(o->cache, jget_str(pkg, "name"), jget_str(pkg, "version"), &ins, err, sizeof err) < 0) {
		snprintf(detail, dn, "%s", err);
		json_object_put(conns);
		return OUT_INSTALL;
	}
	struct json_object *placeholders = json_object_new_array();
	char **env, **argv = server_argv(conn, &ins, placeholders, &env);
	struct sandbox sb = { .bwrap = o->bwrap, .pkgdir = ins.dir, .env = (const char *const *)env, .lim = o->lim };
	char id[100], entry[300], package[400], cmd[1200] = "";
	report_id(cat_s(cat, e->slug), o->date, id, sizeof id);
	snprintf(entry, sizeof entry, "mcp/%s", cat_s(cat, e->slug));
	snprintf(package, sizeof package, "npm:%s@%s", jget_str(pkg, "name"), ins.version);
	struct json_object *args = jget(conn, "args");
	size_t off = (size_t)snprintf(cmd, sizeof cmd, "%s", jget_str(conn, "command") ? jget_str(conn, "command") : "npx");
	for (size_t i = 0; args && i < json_object_array_length(args) && off < sizeof cmd; i++)
		off += (size_t)snprintf(cmd + off, sizeof cmd - off, " %s", json_object_get_string(json_object_array_get_idx(args, i)));
	struct mcpverify_opts mo = { .argv = argv, .sandbox = &sb, .id = id, .date = o->date, .entry = entry,
		.connection = jget_str(conn, "id"), .package = package, .package_json = ins.manifest, .runtime = runtime,
		.command_text = cmd, .timeout_ms = o->timeout_ms, .placeholders = placeholders, .install_scripts_skipped = 1 };
	char plan_path[PATH_MAX];
	snprintf(plan_path, sizeof plan_path, "%s/%s.json", o->plans ? o->plans : "", cat_s(cat, e->slug));
	if (o->plans && access(plan_path, R_OK) == 0 && !(mo.plan = json_object_from_file(plan_path)))
		snprintf(err, sizeof err, "the plan %.200s.json is not a JSON file", cat_s(cat, e->slug));
	struct json_object *r = o->plans && access(plan_path, R_OK) == 0 && !mo.plan ? NULL : mcpverify_run(&mo, err, sizeof err);
	json_object_put(mo.plan);
	enum outcome out = OUT_ERROR;
	if (!r) snprintf(detail, dn, "%s", err);
	else if (write_report(o, r, id, detail, dn) == 0) {
		out = results(r, detail, dn) ? OUT_FAIL : OUT_PASS;
		size_t used = strlen(detail);
		changes_since(o, cat_s(cat, e->slug), r, detail + used, dn - used);
	}
	json_object_put(r);
	json_object_put(placeholders);
	free_strv(argv);
	free_strv(env);
	json_object_put(conns);
	return out;
}

/* ---- the parent: workers, progress, summary ---- */

static int start_job(const struct batch_opts *o, const struct catalog *cat, const char *runtime, struct job *j)
{
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0) return -1;
	j->start_ms = now_ms();
	j->pid = fork();
	if (j->pid < 0) { close(p[0]); close(p[1]); return -1; }
	if (j->pid == 0) {
		char detail[600] = "";
		close(p[0]);
		enum outcome out = verify_entry(o, cat, j->e, runtime, detail, sizeof detail);
		char line[700];
		int n = snprintf(line, sizeof line, "%d\t%s", (int)out, detail);
		if (write(p[1], line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1)) < 0) _exit(2);
		_exit(0);
	}
	close(p[1]);
	j->fd = p[0];
	return 0;
}

static void finish_job(struct job *j, int status, const struct rusage *ru)
{
	char line[700] = "";
	ssize_t n, len = 0;
	while ((n = read(j->fd, line + len, sizeof line - 1 - (size_t)len)) > 0) len += n;
	line[len] = 0;
	close(j->fd);
	char *tab = strchr(line, '\t');
	int out = atoi(line);
	j->out = tab && out >= 0 && out < OUT_N ? (enum outcome)out : OUT_ERROR;
	if (tab) snprintf(j->detail, sizeof j->detail, "%s", tab + 1);
	else snprintf(j->detail, sizeof j->detail, "the worker ended without an answer (wait status %d)", status);
	j->seconds = (double)(now_ms() - j->start_ms) / 1000.0;
	j->peak_kib = ru->ru_maxrss;
	j->pid = 0;
}

static void progress(const struct batch_opts *o, int done, int total, int running)
{
	if (!o->progress) return;
	fprintf(o->progress, "\rautoplan-verify: %d of %d entries done, %d running ", done, total, running);
	fflush(o->progress);
}

static void summary(const struct batch_opts *o, const struct catalog *cat, struct job *jobs, int n)
{
	int count[OUT_N] = { 0 };
	for (int i = 0; i < n; i++) {
		struct job *j = &jobs[i];
		count[j->out]++;
		if (j->out == OUT_PASS || j->out == OUT_FAIL || j->out == OUT_INSTALL || j->out == OUT_ERROR)
			fprintf(o->summary, "%s: %s in %.1f s, peak %ld MiB: %s\n", cat_s(cat, j->e->key), outcome_name[j->out],
				j->seconds, j->peak_kib / 1024, j->detail);
		else
			fprintf(o->summary, "%s: %s%s%s\n", cat_s(cat, j->e->key), outcome_name[j->out], j->detail[0] ? ": " : "", j->detail);
	}
	fprintf(o->summary, "autoplan-verify: %d entries: %d verified, %d failed, %d not installed, %d not attempted, %d skipped as recent, %d errors\n",
		n, count[OUT_PASS], count[OUT_FAIL], count[OUT_INSTALL], count[OUT_NOT_ATTEMPTED], count[OUT_RECENT], count[OUT_ERROR]);
}

static int check_opts(const struct batch_opts *o, char *err, size_t errlen)
{
	if (o->jobs < 1 || o->jobs > 32) { snprintf(err, errlen, "--jobs must be 1 to 32"); return -1; }
	if (days_of(o->date) < 0) { snprintf(err, errlen, "date must be YYYY-MM-DD"); return -1; }
	if (!o->reports || !o->cache || !o->catalog) { snprintf(err, errlen, "a catalog, a reports directory and a cache are needed"); return -1; }
	struct stat st;
	if (stat(o->reports, &st) != 0 || !S_ISDIR(st.st_mode)) { snprintf(err, errlen, "%s is not a directory", o->reports); return -1; }
	if (o->cache[0] != '/') { snprintf(err, errlen, "the cache directory must be an absolute path"); return -1; }
	struct sandbox sb = { .bwrap = o->bwrap, .lim = o->lim };
	return sandbox_check(&sb, err, errlen);
}

/* "node vX.Y.Z" as the sandbox runs it, or "node (version unknown)". */
static void node_version(const struct batch_opts *o, char *out, size_t n)
{
	struct sandbox sb = { .bwrap = o->bwrap, .lim = o->lim };
	char *const cmd[] = { "node", "--version", NULL };
	char text[200], err[300];
	int st, to;
	sb.lim.wall_s = 30;
	if (sandbox_run(&sb, cmd, &st, &to, text, sizeof text, err, sizeof err) == 0 && !to && WIFEXITED(st) &&
		WEXITSTATUS(st) == 0 && text[0] == 'v') {
		text[strcspn(text, "\n")] = 0;
		snprintf(out, n, "node %.40s", text);
	} else
		snprintf(out, n, "node (version unknown)");
}

/* Runs the jobs, jobs at a time. */
static void run_all(const struct batch_opts *o, const struct catalog *cat, const char *runtime, struct job *jobs, int n)
{
	int next = 0, running = 0, done = 0;
	while (next < n || running) {
		while (next < n && running < o->jobs) {
			struct job *j = &jobs[next++];
			if (j->out == OUT_RECENT || j->out == OUT_NOT_ATTEMPTED) { done++; continue; }
			if (start_job(o, cat, runtime, j) < 0) { j->out = OUT_ERROR; snprintf(j->detail, sizeof j->detail, "cannot start a worker"); done++; }
			else running++;
		}
		progress(o, done, n, running);
		if (!running) continue;
		int status;
		struct rusage ru;
		pid_t pid = wait4(-1, &status, 0, &ru);
		if (pid < 0) { if (errno == EINTR) continue; break; }
		for (int i = 0; i < n; i++)
			if (jobs[i].pid == pid) { finish_job(&jobs[i], status, &ru); running--; done++; break; }
	}
	progress(o, done, n, 0);
	if (o->progress) fputc('\n', o->progress);
}

int batch_run(const struct batch_opts *o, char *err, size_t errlen)
{
	if (check_opts(o, err, errlen) < 0) return -1;
	struct catalog cat;
	if (catalog_open(&cat, o->catalog, err, errlen) < 0) return -1;
	if (unknown_key(o, &cat, err, errlen) < 0) { catalog_close(&cat); return -1; }
	struct job *jobs = calloc(cat.nentries + 1, sizeof *jobs);
	int n = 0;
	for (uint32_t k = 0; jobs && k < cat.nentries; k++) {
		const struct cat_entry *e = &cat.entries[k];
		if (!chosen(o, &cat, e)) continue;
		struct job *j = &jobs[n++];
		j->e = e;
		struct json_object *conns = json_tokener_parse(cat_s(&cat, e->connections)), *conn;
		const char *why = runnable(conns, &conn);
		if (why) { j->out = OUT_NOT_ATTEMPTED; snprintf(j->detail, sizeof j->detail, "%s", why); }
		else if (recent(o, cat_s(&cat, e->slug))) j->out = OUT_RECENT;
		json_object_put(conns);
	}
	if (!jobs) { snprintf(err, errlen, "out of memory"); catalog_close(&cat); return -1; }
	char runtime[80];
	node_version(o, runtime, sizeof runtime);
	run_all(o, &cat, runtime, jobs, n);
	summary(o, &cat, jobs, n);
	int rc = 0;
	for (int i = 0; i < n; i++)
		if (jobs[i].out == OUT_FAIL || jobs[i].out == OUT_INSTALL || jobs[i].out == OUT_ERROR) rc = 3;
	free(jobs);
	catalog_close(&cat);
	return rc;
}
