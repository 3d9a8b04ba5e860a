/* OpenAPI 3.1 generation from the route table and the declared shapes. */
#ifndef AUTOPLAN_OPENAPI_H
#define AUTOPLAN_OPENAPI_H

#include "schema/schema.h"

#include <json-c/json.h>

/* JSON Schema for s; the caller owns the result. */
struct json_object *openapi_schema(const struct schema *s);
struct route;
/* The JSON Schema of rt's 200 answer: its declared shape (rt->answer) with the version triple when the route
 * carries it; NULL when no shape is declared. The caller owns the result. */
struct json_object *openapi_answer_schema(const struct route *rt);
/* The JSON Schema of every error answer ({error, message, status, in, pointer}); the caller owns the result. */
struct json_object *openapi_error_schema(void);
/* The whole /v2 document; the caller owns the result. */
struct json_object *openapi_document(void);
/* The monitoring interface's document; the caller owns the result. */
struct json_object *openapi_monitoring_document(void);

#endif
