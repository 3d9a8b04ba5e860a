#include "inproc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct json_object *inproc_post(const struct router *rt, const char *path, const char *body, int *status, char **text)
{
	return inproc_post_lang(rt, path, body, NULL, status, text);
}

struct json_object *inproc_post_lang(const struct router *rt, const char *path, const char *body, const char *lang,
	int *status, char **text)
{
	struct request req = { 0 };
	req.accept_language = lang ? strdup(lang) : NULL;
	snprintf(req.method, sizeof req.method, "POST");
	req.path = strdup(path);
	req.query = strdup("");
	req.body = strdup(body);
	req.body_len = strlen(body);
	struct reply out = { 0 };
	router_dispatch(rt, &req, &out);
	*status = out.status;
	const char *s = json_object_to_json_string_ext(out.body, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (text) *text = strdup(s);
	struct json_object *o = json_tokener_parse(s);
	reply_free(&out);
	request_free(&req);
	return o;
}
