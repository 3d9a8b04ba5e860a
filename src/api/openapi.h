/* OpenAPI 3.1 generation from the route table and the declared shapes. */
#ifndef AUTOPLAN_OPENAPI_H
#define AUTOPLAN_OPENAPI_H

#include "schema/schema.h"

#include <json-c/json.h>

/* JSON Schema for s; the caller owns the result. */
struct json_object *openapi_schema(const struct schema *s);
/* The whole /v2 document; the caller owns the result. */
struct json_object *openapi_document(void);
/* The monitoring interface's document; the caller owns the result. */
struct json_object *openapi_monitoring_document(void);

#endif
