/* Endpoint handlers, one file per family. Each reads the validated input object and the mapped
 * catalog, and fills the reply; none sees raw request data. */
#ifndef AUTOPLAN_HANDLERS_H
#define AUTOPLAN_HANDLERS_H

#include "http/router.h"

/* h_capabilities.c: rows 1, 9, 11 */
void h_capabilities(const struct hctx *c, struct json_object *in, struct reply *out);
void h_capability_gaps(const struct hctx *c, struct json_object *in, struct reply *out);
void h_replacements(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_plan.c, h_permissions.c, h_snapshot.c, h_impact.c: rows 2, 6, 12, 10 */
void h_plan(const struct hctx *c, struct json_object *in, struct reply *out);
void h_permissions(const struct hctx *c, struct json_object *in, struct reply *out);
void h_snapshot(const struct hctx *c, struct json_object *in, struct reply *out);
void h_impact(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_catalog.c: row 13, row 14 and the provider catalog document */
void h_report(const struct hctx *c, struct json_object *in, struct reply *out);
void h_index(const struct hctx *c, struct json_object *in, struct reply *out);
void h_tasks(const struct hctx *c, struct json_object *in, struct reply *out);
void h_apps(const struct hctx *c, struct json_object *in, struct reply *out);
void h_task(const struct hctx *c, struct json_object *in, struct reply *out);
void h_app(const struct hctx *c, struct json_object *in, struct reply *out);
void h_guides(const struct hctx *c, struct json_object *in, struct reply *out);
void h_provider_catalog(const struct hctx *c, struct json_object *in, struct reply *out);
void h_reports(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_config.c: rows 5, 7, 8 */
void h_config_validate(const struct hctx *c, struct json_object *in, struct reply *out);
void h_compatibility(const struct hctx *c, struct json_object *in, struct reply *out);
void h_configure(const struct hctx *c, struct json_object *in, struct reply *out);
void h_clients(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_directory.c: /v1 entry and listing, rows 3 and 4 */
void h_v1_entry(const struct hctx *c, struct json_object *in, struct reply *out);
void h_v1_list(const struct hctx *c, struct json_object *in, struct reply *out);
void h_connections(const struct hctx *c, struct json_object *in, struct reply *out);
void h_verifications(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_openapi.c */
void h_openapi(const struct hctx *c, struct json_object *in, struct reply *out);
void h_monitoring_openapi(const struct hctx *c, struct json_object *in, struct reply *out);

/* h_monitor.c: the private monitoring interface (R_AUTH routes; env is struct monitoring) */
void h_mon_status(const struct hctx *c, struct json_object *in, struct reply *out);
void h_watch_create(const struct hctx *c, struct json_object *in, struct reply *out);
void h_watch_list(const struct hctx *c, struct json_object *in, struct reply *out);
void h_watch_get(const struct hctx *c, struct json_object *in, struct reply *out);
void h_watch_delete(const struct hctx *c, struct json_object *in, struct reply *out);
void h_alert_list(const struct hctx *c, struct json_object *in, struct reply *out);
void h_alert_ack(const struct hctx *c, struct json_object *in, struct reply *out);

/* Rows whose own issue has not landed yet: valid input answers 501 not_implemented. */
void h_not_implemented(const struct hctx *c, struct json_object *in, struct reply *out);

#endif
