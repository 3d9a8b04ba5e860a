/* autoplan-verify: verify one MCP server over stdio and write a dated verification report.
 * See docs/evidence.md. */
#include "catalog/catalog.h"
#include "tools/verify/batch.h"
#include "tools/verify/mcpverify.h"
#include "tools/verify/npmcache.h"
#include "directory/toolchange.h"
#include "util/cli.h"
#include "util/jsonutil.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <limits.h>
#include <unistd.h>

static const char USAGE[] =
	"usage: autoplan-verify --id SLUG [--date YYYY-MM-DD] [--entry mcp/SLUG] [--connection ID]\n"
	"         [--package npm:NAME@VERSION] [--package-json FILE] [--runtime TEXT] [--plan FILE]\n"
	"         [--timeout MS] [--package-dir DIR] [--cwd DIR] [--out FILE] [--generated-by TEXT]\n"
	"         [--compare REPORT] [--pin VERSION] [--set NAME=VALUE]... [LIMITS]\n"
	"         (--catalog CATALOG_BIN | --connection-file FILE | -- COMMAND [ARG...])\n"
	"       autoplan-verify --directory --catalog CATALOG_BIN --reports DIR --cache DIR [--jobs N]\n"
	"         [--max-age DAYS] [--plans DIR] [--date YYYY-MM-DD] [--timeout MS] [LIMITS] [KEY...]\n"
	"       autoplan-verify --changes BEFORE_REPORT AFTER_REPORT\n"
	"       autoplan-verify --help | --version\n"
	"  LIMITS of the sandbox: [--wall S] [--cpu S] [--memory MIB] [--processes N] [--file-size MIB]\n"
	"  [--bwrap PROGRAM]. Every server runs in it: --package-dir is bound read-only at /pkg, --cwd is a\n"
	"  directory inside (default its private home); an npm connection runs the package's program from\n"
	"  --package-dir/node_modules.\n"
	"  --catalog: start the stdio connection --connection (default: the first stdio one) of directory\n"
	"  entry --entry from the compiled catalog; --pin adds @VERSION to the package argument, --set fills\n"
	"  an argument written <NAME>. See autoplan-verify(1).\n";

static int usage(void)
{
	fputs(USAGE, stderr);
	return 2;
}

/* A directory entry's connection object: stdio command and arguments, id and package. */
struct conn_args {
	const char *pin;            /* version appended to the package argument, or NULL */
	const char *sets[16];       /* "NAME=VALUE": an argument "<NAME>" becomes VALUE */
	int nsets;
};

static const char *fill(const struct conn_args *ca, const char *arg, const char *pkgname, char *buf, size_t n)
{
	size_t l = strlen(arg);
	if (ca->pin && pkgname && strcmp(arg, pkgname) == 0) { snprintf(buf, n, "%s@%s", arg, ca->pin); return buf; }
	for (int i = 0; l > 2 && arg[0] == '<' && arg[l - 1] == '>' && i < ca->nsets; i++) {
		const char *eq = strchr(ca->sets[i], '=');
		if (eq && (size_t)(eq - ca->sets[i]) == l - 2 && strncmp(ca->sets[i], arg + 1, l - 2) == 0) return eq + 1;
	}
	return arg;
}

/* The connection object of a directory entry in the compiled catalog (by id, or the first stdio one). */
static struct json_object *entry_connection(const char *catalog_path, const char *entry, const char *conn)
{
	struct catalog cat;
	char err[512];
	if (!entry || strncmp(entry, "mcp/", 4) != 0) { fprintf(stderr, "autoplan-verify: --catalog needs --entry mcp/<slug>\n"); return NULL; }
	if (catalog_open(&cat, catalog_path, err, sizeof err) < 0) { fprintf(stderr, "autoplan-verify: %s\n", err); return NULL; }
	const struct cat_entry *e = cat_entry_find(&cat, "mcp", entry + 4);
	struct json_object *list = e ? json_tokener_parse(cat_s(&cat, e->connections)) : NULL, *found = NULL;
	for (size_t i = 0; list && !found && i < json_object_array_length(list); i++) {
		struct json_object *c = json_object_array_get_idx(list, i);
		const char *id = jget_str(c, "id"), *tr = jget_str(c, "transport");
		if (conn ? (id && strcmp(id, conn) == 0) : (tr && strcmp(tr, "stdio") == 0)) found = json_object_get(c);
	}
	if (!e) fprintf(stderr, "autoplan-verify: no directory entry %s in %s\n", entry, catalog_path);
	else if (!found) fprintf(stderr, "autoplan-verify: entry %s has no %s connection\n", entry, conn ? conn : "stdio");
	json_object_put(list);
	catalog_close(&cat);
	return found;
}

/* Takes the reference to c. */
static int load_connection(struct json_object *c, const char *what, const struct conn_args *ca, struct mcpverify_opts *o,
	char ***argv, char **conn_id, char *pkg, size_t pn, char *cmd, size_t cn)
{
	if (!c || !jget_str(c, "command") || (jget_str(c, "transport") && strcmp(jget_str(c, "transport"), "stdio") != 0)) {
		fprintf(stderr, "autoplan-verify: %s: not a stdio connection with a command\n", what);
		json_object_put(c);
		return -1;
	}
	const char *pkgname = jget_str(jget(c, "package"), "name");
	char buf[1024];
	struct json_object *args = jget(c, "args");
	size_t n = args ? json_object_array_length(args) : 0;
	char **v = calloc(n + 2, sizeof *v);
	if (!v) { json_object_put(c); return -1; }
	v[0] = strdup(jget_str(c, "command"));
	size_t off = (size_t)snprintf(cmd, cn, "%s", v[0]);
	for (size_t i = 0; i < n; i++) {
		v[i + 1] = strdup(fill(ca, json_object_get_string(json_object_array_get_idx(args, i)), pkgname, buf, sizeof buf));
		if (off < cn) off += (size_t)snprintf(cmd + off, cn - off, " %s", v[i + 1]);
	}
	*argv = v;
	if (!o->connection && jget_str(c, "id")) o->connection = *conn_id = strdup(jget_str(c, "id"));
	struct json_object *p = jget(c, "package");
	const char *ver = jget_str(p, "version") ? jget_str(p, "version") : ca->pin;
	if (!o->package && jget_str(p, "registry") && jget_str(p, "name") && ver) {
		snprintf(pkg, pn, "%s:%s@%s", jget_str(p, "registry"), jget_str(p, "name"), ver);
		o->package = pkg;
	}
	json_object_put(c);
	return 0;
}

/* An earlier report of the same server still holds: same subject, same assertions with the same
 * results, same observed tool input schemas. Differences are printed. */
static int same_outcome(const char *path, struct json_object *now)
{
	struct json_object *was = json_object_from_file(path);
	static const char *const keys[] = { "subject", "observed_tool_input_schemas", NULL };
	int same = was != NULL;
	for (int k = 0; same && keys[k]; k++)
		if (!json_object_equal(jget(was, keys[k]), jget(now, keys[k]))) {
			fprintf(stderr, "autoplan-verify: %s: %s differs from this run\n", path, keys[k]);
			same = 0;
		}
	struct json_object *a = jget(was, "assertions"), *b = jget(now, "assertions");
	size_t n = a ? json_object_array_length(a) : 0;
	if (same && n != json_object_array_length(b)) same = 0;
	for (size_t i = 0; same && i < n; i++) {
		struct json_object *x = json_object_array_get_idx(a, i), *y = json_object_array_get_idx(b, i);
		static const char *const ak[] = { "id", "level", "result", NULL };
		for (int k = 0; ak[k]; k++)
			if (!jget_str(x, ak[k]) || strcmp(jget_str(x, ak[k]), jget_str(y, ak[k])) != 0) {
				fprintf(stderr, "autoplan-verify: %s: assertion %zu differs (%s)\n", path, i, ak[k]);
				same = 0;
				break;
			}
	}
	if (!was) fprintf(stderr, "autoplan-verify: %s: no report to compare\n", path);
	json_object_put(was);
	return same;
}

/* v as a whole number from lo to hi; otherwise *bad is set. */
static int number(const char *v, long lo, long hi, int *bad)
{
	char *end;
	long n = strtol(v, &end, 10);
	if (*v == 0 || *end || n < lo || n > hi) { *bad = 1; return (int)lo; }
	return (int)n;
}

/* One of the sandbox's limit options; 1 when a was one (a bad value sets *bad), 0 when not. */
static int limit_opt(const char *a, const char *v, struct sandbox_limits *l, const char **bwrap, int *bad)
{
	static const char *const names[] = { "--wall", "--cpu", "--memory", "--processes", "--file-size", NULL };
	int *slots[] = { &l->wall_s, &l->cpu_s, &l->mem_mb, &l->nproc, &l->fsize_mb };
	if (strcmp(a, "--bwrap") == 0) { *bwrap = v; return 1; }
	for (int k = 0; names[k]; k++) {
		if (strcmp(a, names[k]) != 0) continue;
		*slots[k] = number(v, 1, 1000000, bad);
		return 1;
	}
	return 0;
}

static void today_utc(char out[11])
{
	time_t t = time(NULL);
	struct tm u;
	gmtime_r(&t, &u);
	strftime(out, 11, "%Y-%m-%d", &u);
}

/* autoplan-verify --directory ... [KEY...] */
static int directory_main(int argc, char **argv)
{
	char today[11], err[700];
	struct batch_opts b = { .jobs = 2, .max_age_days = -1, .timeout_ms = 20000, .lim = sandbox_default_limits(),
		.summary = stdout };
	int i, bad = 0;
	for (i = 2; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) return usage();
		i++;
		if (strcmp(a, "--catalog") == 0) b.catalog = v;
		else if (strcmp(a, "--reports") == 0) b.reports = v;
		else if (strcmp(a, "--cache") == 0) b.cache = v;
		else if (strcmp(a, "--plans") == 0) b.plans = v;
		else if (strcmp(a, "--jobs") == 0) b.jobs = number(v, 1, 32, &bad);
		else if (strcmp(a, "--max-age") == 0) b.max_age_days = number(v, 0, 100000, &bad);
		else if (strcmp(a, "--date") == 0) b.date = v;
		else if (strcmp(a, "--timeout") == 0) b.timeout_ms = number(v, 100, 600000, &bad);
		else if (!limit_opt(a, v, &b.lim, &b.bwrap, &bad)) return usage();
	}
	if (bad) return usage();
	if (!b.date) { today_utc(today); b.date = today; }
	b.keys = argv + i;
	b.nkeys = argc - i;
	b.progress = isatty(2) ? stderr : NULL;
	int rc = batch_run(&b, err, sizeof err);
	if (rc < 0) { fprintf(stderr, "autoplan-verify: %s\n", err); return 2; }
	return rc;
}

/* autoplan-verify --changes BEFORE AFTER: the classified tool changes between two reports, as JSON. */
static int changes_main(int argc, char **argv)
{
	if (argc != 4) return usage();
	struct json_object *a = json_object_from_file(argv[2]), *b = json_object_from_file(argv[3]);
	int rc = 0;
	if (!a || !b) {
		fprintf(stderr, "autoplan-verify: %s: not a JSON file\n", a ? argv[3] : argv[2]);
		rc = 2;
	} else if (!json_object_is_type(jget(a, "observed_tool_input_schemas"), json_type_array) ||
		!json_object_is_type(jget(b, "observed_tool_input_schemas"), json_type_array)) {
		fprintf(stderr, "autoplan-verify: a report without observed_tool_input_schemas\n");
		rc = 2;
	} else {
		struct json_object *d = toolchange_diff(a, b);
		char *text = json_pretty(d);
		if (!text || fputs(text, stdout) < 0) rc = 1;
		free(text);
		json_object_put(d);
	}
	json_object_put(a);
	json_object_put(b);
	return rc;
}

/* An npm connection run from an installed package directory: node, the package's program, then the
 * arguments after the package reference. Replaces *argv (freed here). */
static int npm_from_dir(const char *pkgdir, const char *name, char ***argv)
{
	char manifest[PATH_MAX], rel[PATH_MAX], err[600];
	snprintf(manifest, sizeof manifest, "%s/node_modules/%s/package.json", pkgdir, name);
	if (npmcache_bin(manifest, name, rel, sizeof rel, err, sizeof err) < 0) {
		fprintf(stderr, "autoplan-verify: %s\n", err);
		return -1;
	}
	char **v = *argv;
	size_t n = 0, at = 0, nl = strlen(name);
	while (v[n]) n++;
	for (size_t k = 0; k < n; k++)
		if (strncmp(v[k], name, nl) == 0 && (v[k][nl] == 0 || v[k][nl] == '@')) { at = k + 1; break; }
	char **w = calloc(n + 3, sizeof *w), path[PATH_MAX + 8];
	if (!w) return -1;
	snprintf(path, sizeof path, "%s/%s", SANDBOX_PKG, rel);
	w[0] = strdup("node");
	w[1] = strdup(path);
	for (size_t k = at, o = 2; at && k < n; k++) w[o++] = strdup(v[k]);
	for (size_t k = 0; k < n; k++) free(v[k]);
	free(v);
	*argv = w;
	return 0;
}

int main(int argc, char **argv)
{
	struct mcpverify_opts o = { .timeout_ms = 20000 };
	const char *out = NULL, *plan_path = NULL, *conn_path = NULL, *compare = NULL, *catalog_path = NULL;
	struct conn_args ca = { 0 };
	char today[11], pkg[600], cmd[2048];
	int i;
	int hv = cli_help_version(argc, argv, "autoplan-verify", USAGE);
	if (hv >= 0) return hv;
	signal(SIGPIPE, SIG_IGN); /* a server that closes stdin must not kill the runner */
	if (argc > 1 && strcmp(argv[1], "--directory") == 0) return directory_main(argc, argv);
	if (argc > 1 && strcmp(argv[1], "--changes") == 0) return changes_main(argc, argv);
	struct sandbox sb = { .lim = sandbox_default_limits() };
	int bad = 0;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) return usage();
		i++;
		if (strcmp(a, "--id") == 0) o.id = v;
		else if (strcmp(a, "--date") == 0) o.date = v;
		else if (strcmp(a, "--entry") == 0) o.entry = v;
		else if (strcmp(a, "--connection") == 0) o.connection = v;
		else if (strcmp(a, "--package") == 0) o.package = v;
		else if (strcmp(a, "--package-json") == 0) o.package_json = v;
		else if (strcmp(a, "--runtime") == 0) o.runtime = v;
		else if (strcmp(a, "--plan") == 0) plan_path = v;
		else if (strcmp(a, "--timeout") == 0) o.timeout_ms = atoi(v);
		else if (strcmp(a, "--cwd") == 0) sb.cwd = v;
		else if (strcmp(a, "--package-dir") == 0) sb.pkgdir = v;
		else if (strcmp(a, "--out") == 0) out = v;
		else if (strcmp(a, "--generated-by") == 0) o.generated_by = v;
		else if (strcmp(a, "--connection-file") == 0) conn_path = v;
		else if (strcmp(a, "--compare") == 0) compare = v;
		else if (strcmp(a, "--catalog") == 0) catalog_path = v;
		else if (strcmp(a, "--pin") == 0) ca.pin = v;
		else if (strcmp(a, "--set") == 0 && ca.nsets < 16) ca.sets[ca.nsets++] = v;
		else if (!limit_opt(a, v, &sb.lim, &sb.bwrap, &bad)) return usage();
	}
	if (bad || o.timeout_ms < 100 || o.timeout_ms > 600000) return usage();
	o.sandbox = &sb;
	char **cargv = NULL, *conn_id = NULL, **env = NULL;
	struct json_object *placeholders = NULL;
	if (conn_path || catalog_path) {
		if (i < argc || (conn_path && catalog_path)) return usage();
		struct json_object *c = conn_path ? json_object_from_file(conn_path) :
			entry_connection(catalog_path, o.entry, o.connection);
		const char *npm = c && jget_str(jget(c, "package"), "registry") &&
			strcmp(jget_str(jget(c, "package"), "registry"), "npm") == 0 ? jget_str(jget(c, "package"), "name") : NULL;
		char npm_name[300] = "";
		if (npm) snprintf(npm_name, sizeof npm_name, "%s", npm);
		placeholders = json_object_new_array();
		env = c ? mcpverify_placeholder_env(c, placeholders) : NULL;
		sb.env = (const char *const *)env;
		if (json_object_array_length(placeholders)) o.placeholders = placeholders;
		if (load_connection(c, conn_path ? conn_path : o.entry, &ca, &o, &cargv, &conn_id, pkg, sizeof pkg, cmd, sizeof cmd) < 0)
			return 1;
		if (npm_name[0] && sb.pkgdir && npm_from_dir(sb.pkgdir, npm_name, &cargv) < 0) return 1;
		o.argv = cargv;
		o.command_text = cmd;
	} else {
		if (i >= argc - 1) return usage();
		o.argv = argv + i + 1;
		size_t off = 0;
		cmd[0] = 0;
		for (int k = i + 1; k < argc && off < sizeof cmd; k++)
			off += (size_t)snprintf(cmd + off, sizeof cmd - off, "%s%s", k > i + 1 ? " " : "", argv[k]);
		o.command_text = cmd;
	}
	if (!o.date) { today_utc(today); o.date = today; }
	if (plan_path && !(o.plan = json_object_from_file(plan_path))) {
		fprintf(stderr, "autoplan-verify: %s: not a JSON file\n", plan_path);
		return 1;
	}
	char err[512];
	struct json_object *r = mcpverify_run(&o, err, sizeof err);
	json_object_put(o.plan);
	if (!r) {
		fprintf(stderr, "autoplan-verify: %s\n", err);
		for (size_t k = 0; cargv && cargv[k]; k++) free(cargv[k]);
		free(cargv);
		free(conn_id);
		mcpverify_free_env(env);
		json_object_put(placeholders);
		return 2;
	}
	char *text = json_pretty(r);
	int rc = text ? 0 : 1;
	FILE *f = out ? fopen(out, "w") : stdout;
	if (!f || fputs(text ? text : "", f) < 0) rc = 1;
	if (f && f != stdout && fclose(f) != 0) rc = 1;
	if (rc) fprintf(stderr, "autoplan-verify: cannot write the report\n");
	/* Exit 0 only when no assertion failed, so scripts can tell. */
	struct json_object *as = jget(r, "assertions");
	for (size_t k = 0; rc == 0 && k < json_object_array_length(as); k++)
		if (strcmp(jget_str(json_object_array_get_idx(as, k), "result"), "fail") == 0) rc = 3;
	if (rc == 0 && compare && !same_outcome(compare, r)) rc = 4;
	free(text);
	json_object_put(r);
	for (size_t k = 0; cargv && cargv[k]; k++) free(cargv[k]);
	free(cargv);
	free(conn_id);
	mcpverify_free_env(env);
	json_object_put(placeholders);
	return rc;
}
