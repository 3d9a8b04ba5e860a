/* npm's content-addressed install cache for verification; see npmcache.h. */
#define _GNU_SOURCE
#include "tools/verify/npmcache.h"
#include "util/jsonutil.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs npm with argv (no shell), its stdout into out, stderr's last line kept in out when it fails.
 * Returns the exit status, or -1. */
static int npm(char *const argv[], char *out, size_t n)
{
	int p[2];
	out[0] = 0;
	if (pipe2(p, O_CLOEXEC) != 0) return -1;
	pid_t pid = fork();
	if (pid < 0) { close(p[0]); close(p[1]); return -1; }
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null < 0 || dup2(null, 0) < 0 || dup2(p[1], 1) < 0 || dup2(p[1], 2) < 0) _exit(126);
		execvp("npm", argv);
		_exit(127);
	}
	close(p[1]);
	size_t len = 0;
	ssize_t r;
	char tmp[4096];
	while ((r = read(p[0], tmp, sizeof tmp)) != 0) {
		if (r < 0) { if (errno == EINTR) continue; break; }
		/* keep the end: the error is last */
		if (len + (size_t)r >= n) { size_t drop = len + (size_t)r - (n - 1); if (drop > len) drop = len; memmove(out, out + drop, len - drop); len -= drop; }
		size_t k = (size_t)r < n - 1 - len ? (size_t)r : n - 1 - len;
		memcpy(out + len, tmp + (size_t)r - k, k);
		len += k;
		out[len] = 0;
	}
	close(p[0]);
	int st;
	while (waitpid(pid, &st, 0) < 0) if (errno != EINTR) return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st; (void)flag; (void)f;
	return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

static void rmtree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void last_line(const char *s, char *out, size_t n)
{
	size_t l = strlen(s);
	while (l && (s[l - 1] == '\n' || s[l - 1] == ' ')) l--;
	size_t b = l;
	while (b && s[b - 1] != '\n') b--;
	snprintf(out, n, "%.*s", (int)(l - b), s + b);
}

static int valid_name(const char *s)
{
	if (!s || !*s || strlen(s) > 214 || s[0] == '-' || s[0] == '.') return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || strchr("@/._-~", *s))) return 0;
	return 1;
}

static int valid_version(const char *s)
{
	if (!s || !*s || strlen(s) >= 128 || s[0] == '-') return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || strchr(".+-_", *s))) return 0;
	return 1;
}

static int resolve_latest(const char *name, char *version, size_t n, char *err, size_t errlen)
{
	char out[2048], line[512];
	char *const argv[] = { "npm", "view", (char *)name, "version", NULL };
	int rc = npm(argv, out, sizeof out);
	last_line(out, line, sizeof line);
	if (rc != 0 || !valid_version(line)) {
		snprintf(err, errlen, "npm view %s version failed: %s", name, line[0] ? line : "no answer");
		return -1;
	}
	if (snprintf(version, n, "%s", line) >= (int)n) { snprintf(err, errlen, "the version of %s is too long", name); return -1; }
	return 0;
}

int npmcache_bin(const char *manifest, const char *name, char *rel, size_t n, char *err, size_t errlen)
{
	struct json_object *pj = json_object_from_file(manifest), *bin = jget(pj, "bin");
	const char *unscoped = strrchr(name, '/') ? strrchr(name, '/') + 1 : name, *path = NULL;
	if (bin && json_object_is_type(bin, json_type_string)) path = json_object_get_string(bin);
	else if (bin && json_object_is_type(bin, json_type_object)) {
		path = jget_str(bin, unscoped);
		json_object_object_foreach(bin, k, v) {
			(void)k;
			if (!path && json_object_is_type(v, json_type_string)) path = json_object_get_string(v);
		}
	}
	int rc = -1;
	if (!pj) snprintf(err, errlen, "no readable package.json at %s", manifest);
	else if (!path || !*path || strstr(path, "..")) snprintf(err, errlen, "the package %s names no program to run (\"bin\")", name);
	else {
		while (path[0] == '.' && path[1] == '/') path += 2;
		snprintf(rel, n, "node_modules/%s/%s", name, path);
		rc = 0;
	}
	json_object_put(pj);
	return rc;
}

static int install_into(const char *dir, const char *spec, char *err, size_t errlen)
{
	char out[4096], line[512];
	char *const argv[] = { "npm", "install", "--prefix", (char *)dir, "--ignore-scripts", "--no-save",
		"--no-package-lock", "--no-audit", "--no-fund", "--omit=dev", (char *)spec, NULL };
	if (npm(argv, out, sizeof out) == 0) return 0;
	last_line(out, line, sizeof line);
	snprintf(err, errlen, "npm install %s failed: %s", spec, line[0] ? line : "no message");
	return -1;
}

int npmcache_install(const char *cache, const char *name, const char *version, struct npm_installed *out,
	char *err, size_t errlen)
{
	char key[400], hex[65], spec[400], tmp[PATH_MAX];
	if (!valid_name(name)) { snprintf(err, errlen, "\"%s\" is not an npm package name", name ? name : ""); return -1; }
	if (version && !valid_version(version)) { snprintf(err, errlen, "\"%s\" is not an npm version", version); return -1; }
	if (version) snprintf(out->version, sizeof out->version, "%s", version);
	else if (resolve_latest(name, out->version, sizeof out->version, err, errlen) < 0) return -1;
	snprintf(key, sizeof key, "npm:%s@%s", name, out->version);
	if (sha256_hex(key, strlen(key), hex) < 0) { snprintf(err, errlen, "sha256 is not available"); return -1; }
	snprintf(out->dir, sizeof out->dir, "%s/%.32s", cache, hex);
	if (snprintf(out->manifest, sizeof out->manifest, "%s/node_modules/%s/package.json", out->dir, name) >=
		(int)sizeof out->manifest) {
		snprintf(err, errlen, "the cache path is too long");
		return -1;
	}
	mkdir(cache, 0755);
	chmod(cache, 0755);
	if (access(out->manifest, R_OK) != 0) {
		snprintf(spec, sizeof spec, "%s@%s", name, out->version);
		snprintf(tmp, sizeof tmp, "%s/.tmp-%.32s-%ld", cache, hex, (long)getpid());
		if (mkdir(tmp, 0755) != 0) { snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno)); return -1; }
		if (install_into(tmp, spec, err, errlen) < 0) { rmtree(tmp); return -1; }
		/* another worker may have finished first: its complete copy stays */
		if (rename(tmp, out->dir) != 0) {
			int e = errno;
			rmtree(tmp);
			if (access(out->manifest, R_OK) != 0) {
				snprintf(err, errlen, "cannot move the install into %s: %s", out->dir, strerror(e));
				return -1;
			}
		}
	}
	return npmcache_bin(out->manifest, name, out->bin, sizeof out->bin, err, errlen);
}
