/* The fixed vocabularies of the service specification, in specification order. */
#ifndef AUTOPLAN_VOCAB_H
#define AUTOPLAN_VOCAB_H

#define SERVICE_NAME "autoplan"
#define SNAPSHOT_FORMAT SERVICE_NAME "-workflow/1"
/* Version of the /v2 interface description (info.version of /v2/openapi.json). */
#define API_VERSION "2026-11-22.2"

extern const char *const VOCAB_CAPABILITIES[]; /* 38, NULL-terminated */
extern const char *const VOCAB_APPS[];         /* 10 */
extern const char *const VOCAB_TASKS[];        /* 50 */
extern const char *const VOCAB_RUNTIMES[];
extern const char *const VOCAB_LOCALES[];
extern const char *const VOCAB_ENTRY_TYPES[];
extern const char *const VOCAB_ENTRY_STATUS[];        /* directory entry status */
extern const char *const VOCAB_EINSATZGEBIETE[];      /* directory usage areas (filter einsatzgebiet) */
extern const char *const VOCAB_VERIFICATION_LEVELS[]; /* in ascending order */
extern const char *const VOCAB_APP_KINDS[];    /* indexed by enum cat_app_kind */
extern const char *const VOCAB_PLAN_TEXTS[];   /* keys of planner_texts.json, indexed by enum ptext */

/* Index of s in the NULL-terminated list v, or -1. */
int vocab_index(const char *const *v, const char *s);
int vocab_count(const char *const *v);

#endif
