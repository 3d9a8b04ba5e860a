/* Test helper: a request through the router in this process, without a transport. */
#ifndef AUTOPLAN_TEST_INPROC_H
#define AUTOPLAN_TEST_INPROC_H

#include "http/router.h"

/* POSTs body to path through rt. Returns the parsed answer (caller puts it); *status gets the status and,
 * when text is not NULL, *text the answer as sent (caller frees). */
struct json_object *inproc_post(const struct router *rt, const char *path, const char *body, int *status, char **text);
/* The same with an Accept-Language header (NULL: none). */
struct json_object *inproc_post_lang(const struct router *rt, const char *path, const char *body, const char *lang,
	int *status, char **text);

#endif
