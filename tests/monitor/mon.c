#include "mon.h"
#include "compiler/catalogc.h"
#include "util/buf.h"
#include "util/jsonutil.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *env(const char *name)
{
	const char *v = getenv(name);
	cr_assert(v && *v, "%s is not set (run through tests/monitor/run.sh)", name);
	return v;
}

int admin(char *last, size_t n, ...)
{
	const char *argv[16];
	char exe[1024];
	snprintf(exe, sizeof exe, "%s/src/autoplan-admin", env("AUTOPLAN_BUILDDIR"));
	int k = 0;
	argv[k++] = exe;
	argv[k++] = "--db";
	argv[k++] = env("AUTOPLAN_MONITOR_DB");
	va_list ap;
	va_start(ap, n);
	for (const char *a; k < 15 && (a = va_arg(ap, const char *));) argv[k++] = a;
	va_end(ap);
	argv[k] = NULL;
	int p[2];
	cr_assert_eq(pipe(p), 0);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		execv(exe, (char *const *)argv);
		_exit(127);
	}
	close(p[1]);
	char buf[8192];
	size_t len = 0;
	ssize_t r;
	while ((r = read(p[0], buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)r;
	close(p[0]);
	buf[len] = '\0';
	while (len && buf[len - 1] == '\n') buf[--len] = '\0';
	char *nl = strrchr(buf, '\n');
	snprintf(last, n, "%s", nl ? nl + 1 : buf);
	int status;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

void new_project(char *id, size_t n, const char *name)
{
	char full[200];
	static int counter;
	snprintf(full, sizeof full, "%s %d-%d", name, (int)getpid(), counter++);
	cr_assert_eq(admin(id, n, "project", "create", full, NULL), 0, "%s", id);
	cr_assert(strncmp(id, "prj_", 4) == 0, "%s", id);
}

void new_key(char *key, size_t n, const char *project, const char *extra1, const char *extra2)
{
	cr_assert_eq(admin(key, n, "key", "create", project, extra1, extra2, NULL), 0, "%s", key);
	cr_assert(strncmp(key, "apk_", 4) == 0, "%s", key);
}

struct http_resp mreq(const char *key, const char *method, const char *path, const char *body)
{
	char h[200];
	snprintf(h, sizeof h, "Authorization: Bearer %s", key ? key : "");
	return http_req_header(method, path, body, 0, key ? h : NULL);
}

char *snapshot_of(const char *task_id)
{
	char body[200];
	snprintf(body, sizeof body, "{\"task_id\":\"%s\"}", task_id);
	struct http_resp r = http_post("/v2/workflows/snapshot", body);
	cr_assert_eq(r.status, 200, "%s", r.body);
	char *s = strdup(json_object_to_json_string_ext(jreq(r.json, "snapshot"),
		JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	http_free(&r);
	return s;
}

struct http_resp create_watch(const char *key, const char *name, const char *snapshot, const char *granted,
	const char *webhook_url)
{
	size_t n = strlen(snapshot) + strlen(name) + (granted ? strlen(granted) : 0) + 2200;
	char *body = malloc(n), hook[2100] = "";
	if (webhook_url) snprintf(hook, sizeof hook, ",\"webhook\":{\"url\":\"%s\"}", webhook_url);
	snprintf(body, n, "{\"name\":\"%s\",\"snapshot\":%s%s%s%s}", name, snapshot, granted ? ",\"granted_scopes\":" : "",
		granted ? granted : "", hook);
	struct http_resp r = mreq(key, "POST", "/v2/monitoring/watches", body);
	free(body);
	return r;
}

static void path_in(char *out, size_t n, const char *dir_env, const char *name)
{
	snprintf(out, n, "%s/%s", env(dir_env), name);
}

void receiver_url(char *out, size_t n, const char *path)
{
	char file[1024];
	path_in(file, sizeof file, "AUTOPLAN_RECEIVER_DIR", "port");
	size_t len = 0;
	char *port = buf_read_file(file, &len);
	cr_assert_not_null(port, "the receiver wrote no port");
	snprintf(out, n, "http://127.0.0.1:%d%s", atoi(port), path);
	free(port);
}

/* Updates member path of a JSON object file. */
static void set_member(const char *name, const char *path, struct json_object *v)
{
	char file[1024], tmp[1100];
	path_in(file, sizeof file, "AUTOPLAN_RECEIVER_DIR", name);
	struct json_object *o = json_object_from_file(file);
	if (!o) o = json_object_new_object();
	json_object_object_add(o, path, v);
	snprintf(tmp, sizeof tmp, "%s.tmp", file);
	cr_assert_eq(json_object_to_file(tmp, o), 0);
	cr_assert_eq(rename(tmp, file), 0);
	json_object_put(o);
}

void receiver_expect(const char *path, const char *secret, int failures)
{
	set_member("secrets.json", path, json_object_new_string(secret));
	set_member("fail.json", path, json_object_new_int(failures));
}

struct json_object *receiver_log(const char *path)
{
	char file[1024], line[1 << 16];
	path_in(file, sizeof file, "AUTOPLAN_RECEIVER_DIR", "log.jsonl");
	struct json_object *out = json_object_new_array();
	FILE *f = fopen(file, "r");
	while (f && fgets(line, sizeof line, f)) {
		struct json_object *e = json_tokener_parse(line);
		if (e && strcmp(jget_str(e, "path") ? jget_str(e, "path") : "", path) == 0) json_object_array_add(out, e);
		else json_object_put(e);
	}
	if (f) fclose(f);
	return out;
}

static void run(const char *cmd)
{
	int rc = system(cmd);
	cr_assert_eq(rc, 0, "%s", cmd);
}

void swap_catalog(const char *version, const char *const *drop)
{
	swap_catalog_with(version, drop, NULL, NULL);
}

void swap_catalog_with(const char *version, const char *const *drop, const char *report_id, struct json_object *report)
{
	char dir[1024], cmd[6000], file[1200], out[1200];
	snprintf(dir, sizeof dir, "%s/catalog-%s", env("AUTOPLAN_RUNDIR"), version);
	snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r '%s/catalog' '%s'", dir, env("AUTOPLAN_SRCDIR"), dir);
	run(cmd);
	for (int i = 0; drop && drop[i]; i++) {
		char app[64], op[200], scope[300];
		cr_assert_eq(sscanf(drop[i], "%63[^/]/%199[^/]/%299s", app, op, scope), 3, "%s", drop[i]);
		snprintf(file, sizeof file, "%s/apps/%s.json", dir, app);
		struct json_object *doc = json_object_from_file(file), *ops = jget(doc, "operations"), *hit = NULL;
		cr_assert_not_null(doc, "%s", file);
		for (size_t k = 0; k < json_object_array_length(ops); k++)
			if (strcmp(jget_str(json_object_array_get_idx(ops, k), "id"), op) == 0) hit = json_object_array_get_idx(ops, k);
		cr_assert_not_null(hit, "no operation %s in %s", op, app);
		struct json_object *scopes = jget(hit, "scope_alternatives"), *kept = json_object_new_array();
		for (size_t k = 0; k < json_object_array_length(scopes); k++)
			if (strcmp(json_object_get_string(json_object_array_get_idx(scopes, k)), scope) != 0)
				json_object_array_add(kept, json_object_get(json_object_array_get_idx(scopes, k)));
		cr_assert_lt(json_object_array_length(kept), json_object_array_length(scopes), "%s is not an alternative", scope);
		json_object_object_add(hit, "scope_alternatives", kept);
		char sem[65];
		const char *base = jget_str(hit, "base_url") ? jget_str(hit, "base_url") : jget_str(doc, "base_url");
		cr_assert_eq(catalogc_semantic_hash(app, hit, base, sem), 0);
		json_object_object_add(jget(hit, "evidence"), "semantic_sha256", json_object_new_string(sem));
		cr_assert_eq(json_object_to_file_ext(file, doc, JSON_C_TO_STRING_PRETTY), 0);
		json_object_put(doc);
	}
	if (report_id) {
		snprintf(file, sizeof file, "%s/reports/%s.json", dir, report_id);
		cr_assert_eq(json_object_to_file(file, report), 0, "%s", file);
	}
	snprintf(file, sizeof file, "%s/versions.json", dir);
	struct json_object *v = json_object_from_file(file);
	json_object_object_add(v, "catalog_version", json_object_new_string(version));
	cr_assert_eq(json_object_to_file(file, v), 0);
	json_object_put(v);
	snprintf(out, sizeof out, "%s.bin", dir);
	snprintf(cmd, sizeof cmd, "'%s/src/autoplan-catalogc' '%s' '%s' && mv '%s' '%s'", env("AUTOPLAN_BUILDDIR"), dir, out,
		out, env("AUTOPLAN_SERVED_CATALOG"));
	run(cmd);
}

bool wait_for(bool (*cond)(void *), void *arg, int seconds)
{
	for (int i = 0; i < seconds * 5; i++) {
		if (cond(arg)) return true;
		struct timespec ts = { 0, 200 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	return cond(arg);
}
