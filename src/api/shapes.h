/* Request shapes of every endpoint, declared once (see the specification's Endpoints and Limits). */
#ifndef AUTOPLAN_SHAPES_H
#define AUTOPLAN_SHAPES_H

#include "schema/schema.h"

extern const struct schema Q_CAPABILITIES, Q_GAPS, Q_REPLACEMENTS, Q_LOCALE;
extern const struct schema P_ENTRY, P_REPORT, P_V1_ENTRY, Q_V1_LIST, P_TASK, P_APP;
extern const struct schema B_TASK, B_ENTRY, B_CONFIGURE, B_CONFIG_VALIDATE, B_IMPACT, SNAPSHOT;
/* The 200 answers of the routes offered as MCP tools (answer_shapes.c) */
extern const struct schema A_CAPABILITIES, A_PLAN, A_CONNECTIONS, A_VERIFICATIONS, A_COMPATIBILITY, A_PERMISSIONS,
	A_CONFIG_VALIDATE, A_CONFIGURE, A_GAPS, A_IMPACT, A_REPLACEMENTS, A_SNAPSHOT, A_REPORT, A_V1_LIST;
/* The monitoring interface (docs/monitoring.md) */
extern const struct schema B_WATCH, P_WATCH, Q_WATCHES, Q_ALERTS, P_ALERT;

#endif
