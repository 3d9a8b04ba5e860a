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
	size_t len;
	const char *t = reply_text(&out, &len);
	char *s = strndup(t, len);
	struct json_object *o = json_tokener_parse(s);
	if (text) *text = s;
	else free(s);
	reply_free(&out);
	request_free(&req);
	return o;
}
