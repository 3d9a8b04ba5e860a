/* The answers written at build time (api/prebuilt_answers.h) against the handlers that write them now. */
#include "api/prebuilt.h"
#include "api/prebuilt_answers.h"
#include "api/routes.h"
#include "catalog/catalog.h"
#include "http/request.h"
#include "http/response.h"

#include <criterion/criterion.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct catalog cat;
static struct router rt;

static void setup(void)
{
	const char *p = getenv("AUTOPLAN_CATALOG");
	char err[512];
	cr_assert(p, "AUTOPLAN_CATALOG is not set");
	cr_assert_eq(catalog_open(&cat, p, err, sizeof err), 0, "%s", err);
	cr_assert_eq(router_init(&rt, &cat, ROUTES, NROUTES), 0);
}

static void teardown(void)
{
	router_free(&rt);
	catalog_close(&cat);
}

/* GET path through the router: the status, and the body as sent (caller frees). */
static char *get(const char *path, const char *query, int *status)
{
	struct request req = { 0 };
	snprintf(req.method, sizeof req.method, "GET");
	req.path = strdup(path);
	req.query = strdup(query);
	struct reply out = { 0 };
	router_dispatch(&rt, &req, &out);
	*status = out.status;
	size_t len;
	const char *t = reply_text(&out, &len);
	char *s = strndup(t, len);
	reply_free(&out);
	request_free(&req);
	return s;
}

TestSuite(prebuilt, .init = setup, .fini = teardown);

Test(prebuilt, one_answer_for_each_route_fixed_by_the_release_and_none_for_the_others)
{
	cr_assert_eq(PREBUILT_ROUTES, NROUTES, "the header was written from another route table");
	int n = 0;
	for (int i = 0; i < NROUTES; i++) {
		bool fixed = ROUTES[i].flags & R_CACHE_RELEASE;
		cr_expect_eq(prebuilt_answers[i] != NULL, fixed, "%s %s", ROUTES[i].method, ROUTES[i].pattern);
		n += fixed;
	}
	cr_assert_geq(n, 2, "both OpenAPI documents are fixed by the release");
}

Test(prebuilt, each_is_what_its_handler_writes_today)
{
	for (int i = 0; i < NROUTES; i++) {
		if (!prebuilt_answers[i]) continue;
		char *fresh = prebuilt_answer(&ROUTES[i]);
		cr_assert_not_null(fresh, "%s", ROUTES[i].pattern);
		cr_expect_str_eq(prebuilt_answers[i], fresh, "%s: rebuild the header (make)", ROUTES[i].pattern);
		struct json_object *doc = json_tokener_parse(fresh);
		cr_expect_not_null(json_object_object_get(doc, "paths"), "%s is an OpenAPI document", ROUTES[i].pattern);
		json_object_put(doc);
		free(fresh);
	}
	for (int i = 0; i < NROUTES; i++)
		if (!(ROUTES[i].flags & R_CACHE_RELEASE))
			cr_expect_null(prebuilt_answer(&ROUTES[i]), "%s: not fixed by the release, no build-time answer", ROUTES[i].pattern);
}

Test(prebuilt, served_through_the_router_as_before_and_still_validated)
{
	int st_gen, st_pre;
	char *generated = get("/v2/openapi.json", "", &st_gen);
	router_set_prebuilt(&rt, prebuilt_answers, PREBUILT_ROUTES);
	char *served = get("/v2/openapi.json", "", &st_pre);
	cr_expect_eq(st_gen, 200);
	cr_expect_eq(st_pre, 200);
	cr_expect_str_eq(served, generated, "the prebuilt answer is byte for byte the generated one");
	free(served);
	free(generated);
	/* the input is still checked before the handler serves the text */
	char *bad = get("/v2/openapi.json", "x=1", &st_pre);
	cr_expect_eq(st_pre, 400, "%s", bad);
	cr_expect(strstr(bad, "unknown query parameter") != NULL, "%s", bad);
	free(bad);
	/* a table of another length is not taken for this one */
	router_set_prebuilt(&rt, prebuilt_answers, NROUTES - 1);
	cr_expect_null(rt.prebuilt);
}
