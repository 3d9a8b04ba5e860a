/* The edges where front servers differ, held to one error model behind every front (nginx, Apache with
 * mod_fcgid, Apache with mod_cgid): chunked bodies, bodies over the responder's cap and over the front's,
 * a process behind the front that never breaks on an unread body, JSON for the front's own 404. */
#include "http.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNKED "Transfer-Encoding: chunked"

static const char *base(void)
{
	const char *b = getenv("AUTOPLAN_BASE_URL");
	cr_assert_not_null(b, "AUTOPLAN_BASE_URL is not set (run through tests/integration/run.sh)");
	return b;
}

static const char *front(void)
{
	const char *f = getenv("AUTOPLAN_FRONT");
	return f && *f ? f : "nginx";
}

static char *spaces(size_t n)
{
	char *s = malloc(n + 1);
	cr_assert_not_null(s);
	memset(s, ' ', n);
	s[n] = '\0';
	return s;
}

/* The front's error log since the stack started, or "" when it has none. */
static char *front_error_log(void)
{
	const char *run = getenv("AUTOPLAN_RUNDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/error.log", run ? run : ".");
	FILE *f = fopen(path, "r");
	if (!f) return strdup("");
	char *text = NULL;
	size_t cap = 0;
	ssize_t n = getdelim(&text, &cap, '\0', f);
	fclose(f);
	if (n < 0) { free(text); return strdup(""); }
	return text;
}

Test(edges, chunked_body_answers_like_a_sized_one)
{
	const char *body = "{\"task_id\":\"mailA-attachments-driveA\",\"read_only\":true}";
	struct http_resp sized = http_req_at(base(), "POST", "/v2/workflows/plan", body, 0, NULL);
	struct http_resp chunked = http_req_at(base(), "POST", "/v2/workflows/plan", body, 0, CHUNKED);
	cr_assert_eq(sized.status, 200, "%s", sized.body);
	cr_assert_eq(chunked.status, 200, "chunked body under %s: %s", front(), chunked.body);
	cr_assert_eq(chunked.len, sized.len);
	cr_assert(memcmp(chunked.body, sized.body, sized.len) == 0, "chunked and sized answers differ under %s", front());
	http_free(&sized);
	http_free(&chunked);
}

Test(edges, chunked_bodies_over_either_cap_get_json_413)
{
	size_t sizes[] = { 1536 * 1024, 3 * 1024 * 1024 }; /* over the responder's 1 MiB; over the front's 2 MiB */
	for (size_t i = 0; i < 2; i++) {
		char *big = spaces(sizes[i]);
		struct http_resp r = http_req_at(base(), "POST", "/v2/workflows/plan", big, sizes[i], CHUNKED);
		expect_error(&r, 413, "request_too_large");
		http_free(&r);
		free(big);
	}
}

/* A body between the responder's cap and the front's is answered 413 and read to its end, so the front
 * never writes into a closed pipe: repeated, it never costs a reply, and the front logs no broken pipe. */
Test(edges, over_cap_bodies_never_break_the_process_behind)
{
	size_t n = 1536 * 1024;
	char *big = spaces(n);
	for (int i = 0; i < 4; i++) {
		struct http_resp r = http_req_at(base(), "POST", "/v2/workflows/plan", big, n, i % 2 ? CHUNKED : NULL);
		expect_error(&r, 413, "request_too_large");
		http_free(&r);
	}
	free(big);
	struct http_resp ok = http_get("/v2/tasks");
	cr_assert_eq(ok.status, 200, "%s", ok.body);
	http_free(&ok);
	char *log = front_error_log();
	/* (Apache logs AH01270 when its own limit cuts a chunked body: that one is expected.) */
	const char *bad[] = { "Broken pipe", "Connection reset by peer", "prematurely closed", "AH02651" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_null(strstr(log, bad[i]), "%s logged \"%s\":\n%s", front(), bad[i], log);
	free(log);
}

Test(edges, unknown_paths_get_json_404)
{
	struct http_resp api = http_get("/v2/no/such/thing");
	expect_error(&api, 404, "not_found");
	http_free(&api);
	/* a page that does not exist, and Apache's error bodies asked for directly */
	const char *paths[] = { "/no-such-page.html", "/.autoplan-errors/413.json" };
	for (size_t i = 0; i < 2; i++) {
		struct http_resp page = http_get(paths[i]);
		cr_assert_eq(page.status, 404, "%s: %ld", paths[i], page.status);
		char ct[128] = "";
		http_header(&page, "Content-Type", ct, sizeof ct);
		expect_error(&page, 404, "not_found");
		cr_assert(strstr(ct, "application/json"), "Content-Type %s", ct);
		http_free(&page);
	}
}
