/* libFuzzer harness for the whole request path after the transport: router, validator, handlers and
 * JSON writer, against the compiled catalog named by AUTOPLAN_CATALOG. Input: a method byte, then
 * path, query string and body separated by newlines. Every answer must be a JSON body with a known
 * status; nothing may crash or leak. */
#include "fuzz_catalog.h"
#include "http/request.h"
#include "http/response.h"
#include "api/routes.h"
#include "http/router.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *take(const uint8_t **p, const uint8_t *end)
{
	const uint8_t *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t n = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
	char *s = strndup((const char *)*p, n);
	*p += n + (nl ? 1 : 0);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const methods[] = { "GET", "POST", "PUT", "DELETE" };
	if (size < 1) return 0;
	const uint8_t *p = data + 1, *end = data + size;
	struct request req = { 0 };
	snprintf(req.method, sizeof req.method, "%s", methods[data[0] % 4]);
	req.path = take(&p, end);
	req.query = take(&p, end);
	req.body_len = (size_t)(end - p);
	req.body = malloc(req.body_len + 1);
	memcpy(req.body, p, req.body_len);
	req.body[req.body_len] = '\0';
	struct reply out = { 0 };
	router_dispatch(&rt, &req, &out);
	size_t len = 0;
	const char *text = reply_text(&out, &len);
	if (len < 2 || (text[0] != '{' && text[0] != '[') || (out.status != 200 && out.status != 400 && out.status != 404 && out.status != 405 &&
	    out.status != 501))
		abort();
	/* what the writer wrote must be one valid JSON document */
	struct json_tokener *tok = json_tokener_new();
	struct json_object *doc = json_tokener_parse_ex(tok, text, (int)len);
	if (!doc || json_tokener_get_parse_end(tok) != len) abort();
	json_object_put(doc);
	json_tokener_free(tok);
	reply_free(&out);
	request_free(&req);
	return 0;
}
