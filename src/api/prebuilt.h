/* Answers fixed by the release alone (routes flagged R_CACHE_RELEASE: the OpenAPI documents). make writes
 * them once with the program, by autoplan-answergen, into api/prebuilt_answers.h; the responder hands that
 * table to its router (router_set_prebuilt), which sends them in place of their handlers, so that such a
 * request costs what a pre-serialised catalog document costs instead of building a document of thousands
 * of members. */
#ifndef AUTOPLAN_PREBUILT_H
#define AUTOPLAN_PREBUILT_H

#include "http/router.h"

/* The body rt's handler writes when no prebuilt answer is given, as the router sends it: malloc'd (the
 * caller frees it), or NULL when rt is not fixed by the release or its handler did not answer 200. */
char *prebuilt_answer(const struct route *rt);

#endif
