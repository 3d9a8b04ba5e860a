/* The route table: every endpoint of /v1 and /v2 with its declared shapes and handler (routes.c).
 * The server hands it to the router; the index and the OpenAPI documents are generated from it. */
#ifndef AUTOPLAN_ROUTES_H
#define AUTOPLAN_ROUTES_H

#include "http/router.h"

extern const struct route ROUTES[];
extern const int NROUTES;

#endif
