/* An entry's observed tools and their latest changes, from its verification reports; see observation.h. */
#include "directory/observation.h"
#include "directory/toolchange.h"
#include "util/jsonutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum obs_state { OBS_OBSERVED, OBS_NOT_OBSERVED, OBS_NEVER_OBSERVED };
const char *const DIR_OBSERVATION_STATES[] = { "observed", "not_observed", "never_observed", NULL };

static struct json_object *jstr(const char *s) { return s ? json_object_new_string(s) : NULL; }

static const char *subject(const struct json_object *r, const char *key)
{
	return jget_str(jget(r, "subject"), key);
}

/* Whether report r's tools/list passed: its observed schemas are what the server listed. */
static bool read_tools(const struct json_object *r)
{
	struct json_object *as = jget(r, "assertions");
	for (size_t k = 0; as && k < json_object_array_length(as); k++) {
		struct json_object *a = json_object_array_get_idx(as, k);
		const char *lvl = jget_str(a, "level"), *res = jget_str(a, "result");
		if (lvl && res && strcmp(lvl, "schema_read") == 0 && strcmp(res, "pass") == 0) return true;
	}
	return false;
}

/* Newer by date, then by id (two runs on one day). */
static bool newer(const struct json_object *a, const struct json_object *b)
{
	if (!b) return true;
	int c = strcmp(jget_str(a, "date"), jget_str(b, "date"));
	return c ? c > 0 : strcmp(jget_str(a, "id"), jget_str(b, "id")) > 0;
}

static bool same(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

/* The newest report on the entry (that read its tools when tools_only), older than before when given and of
 * connection conn when conn_only. */
static struct json_object *newest(const struct json_object *reports, const char *entry, bool tools_only,
	const struct json_object *before, bool conn_only, const char *conn)
{
	struct json_object *best = NULL;
	for (size_t i = 0; reports && i < json_object_array_length(reports); i++) {
		struct json_object *r = json_object_array_get_idx(reports, i);
		if (!same(subject(r, "entry"), entry) || (tools_only && !read_tools(r))) continue;
		if ((before && (r == before || !newer(before, r))) || (conn_only && !same(subject(r, "connection"), conn)))
			continue;
		if (newer(r, best)) best = r;
	}
	return best;
}

/* The detail of the first assertion of r that did not pass, or NULL. */
static const char *first_failure(const struct json_object *r)
{
	struct json_object *as = jget(r, "assertions");
	for (size_t k = 0; as && k < json_object_array_length(as); k++) {
		struct json_object *a = json_object_array_get_idx(as, k);
		const char *res = jget_str(a, "result");
		if (res && strcmp(res, "pass") != 0 && strcmp(res, "skip") != 0) return jget_str(a, "detail");
	}
	return NULL;
}

static struct json_object *tools_of(const struct json_object *r)
{
	struct json_object *out = json_object_new_array(), *list = jget(r, "observed_tool_input_schemas");
	for (size_t i = 0; list && i < json_object_array_length(list); i++) {
		struct json_object *t = json_object_array_get_idx(list, i), *o = json_object_new_object();
		jadd(o, "name", jstr(jget_str(t, "tool")));
		jadd(o, "input_schema", json_object_get(jget(t, "input_schema")));
		json_object_array_add(out, o);
	}
	return out;
}

/* {state, previous_report, previous_date, status, counts, changes}: state compared, first_observation or
 * no_observation; the rest null where there is nothing to compare. */
static struct json_object *changes_of(const struct json_object *prev, const struct json_object *last, int *breaking,
	int *compatible)
{
	struct json_object *c = json_object_new_object(), *d = prev ? toolchange_diff(prev, last) : NULL;
	jadd(c, "state", json_object_new_string(d ? "compared" : last ? "first_observation" : "no_observation"));
	jadd(c, "previous_report", jstr(prev ? jget_str(prev, "id") : NULL));
	jadd(c, "previous_date", jstr(prev ? jget_str(prev, "date") : NULL));
	jadd(c, "status", jstr(d ? jget_str(d, "status") : NULL));
	jadd(c, "counts", d ? json_object_get(jget(d, "counts")) : NULL);
	jadd(c, "changes", d ? json_object_get(jget(d, "changes")) : NULL);
	*breaking = d ? (int)jget_int64(jget(d, "counts"), "breaking", 0) : 0;
	*compatible = d ? (int)jget_int64(jget(d, "counts"), "compatible", 0) : 0;
	json_object_put(d);
	return c;
}

/* The two notes of an observed entry: what was read, where, and what changed. */
static void notes_observed(struct dir_observation *o, const struct json_object *last, const struct json_object *prev,
	size_t ntools, int br, int co)
{
	bool sb = jget(jget(last, "environment"), "sandbox") != NULL;
	const char *date = jget_str(last, "date"), *id = jget_str(last, "id");
	int n = snprintf(o->note_en, sizeof o->note_en, "%zu tools observed on %s (report %s) %s.", ntools, date, id,
		sb ? "in the sandbox" : "with no sandbox recorded: the server ran as an ordinary process");
	int m = snprintf(o->note_de, sizeof o->note_de, "%zu Werkzeuge beobachtet am %s (Bericht %s) %s.", ntools, date, id,
		sb ? "in der Sandbox" : "ohne verzeichnete Sandbox: der Server lief als gewöhnlicher Prozess");
	if (n < 0 || m < 0 || (size_t)n >= sizeof o->note_en || (size_t)m >= sizeof o->note_de) return;
	if (!prev) {
		snprintf(o->note_en + n, sizeof o->note_en - (size_t)n, " First observation: nothing to compare with yet.");
		snprintf(o->note_de + m, sizeof o->note_de - (size_t)m, " Erste Beobachtung: noch nichts zum Vergleichen.");
	} else if (!br && !co) {
		snprintf(o->note_en + n, sizeof o->note_en - (size_t)n, " Unchanged since the previous observation on %s.",
			jget_str(prev, "date"));
		snprintf(o->note_de + m, sizeof o->note_de - (size_t)m, " Unverändert seit der vorigen Beobachtung am %s.",
			jget_str(prev, "date"));
	} else {
		snprintf(o->note_en + n, sizeof o->note_en - (size_t)n, " Since the previous observation on %s: %d breaking, "
			"%d compatible changes.", jget_str(prev, "date"), br, co);
		snprintf(o->note_de + m, sizeof o->note_de - (size_t)m, " Seit der vorigen Beobachtung am %s: %d brechende, "
			"%d verträgliche Änderungen.", jget_str(prev, "date"), br, co);
	}
}

static void notes_unobserved(struct dir_observation *o, const struct json_object *latest)
{
	if (!latest) {
		snprintf(o->note_en, sizeof o->note_en, "Never observed: no verification report has read this entry's "
			"tools, so they are unknown.");
		snprintf(o->note_de, sizeof o->note_de, "Nie beobachtet: kein Prüfbericht hat die Werkzeuge dieses Eintrags "
			"gelesen; sie sind unbekannt.");
		return;
	}
	const char *why = first_failure(latest);
	snprintf(o->note_en, sizeof o->note_en, "Verified on %s (report %s), but its tools were not read%s%.300s; "
		"they are unknown.", jget_str(latest, "date"), jget_str(latest, "id"), why ? ": " : "", why ? why : "");
	snprintf(o->note_de, sizeof o->note_de, "Geprüft am %s (Bericht %s), aber die Werkzeuge wurden nicht gelesen%s"
		"%.300s; sie sind unbekannt.", jget_str(latest, "date"), jget_str(latest, "id"), why ? ": " : "", why ? why : "");
}

struct json_object *dir_report_changes(const struct json_object *reports, const struct json_object *r)
{
	const char *entry = subject(r, "entry"), *kind = subject(r, "kind");
	if (!entry || !kind || strcmp(kind, "mcp_server") != 0) return NULL;
	bool obs = read_tools(r);
	struct json_object *prev = obs ? newest(reports, entry, true, r, true, subject(r, "connection")) : NULL;
	int br, co;
	return changes_of(prev, obs ? r : NULL, &br, &co);
}

void dir_observation(const struct json_object *reports, const char *entry_id, struct dir_observation *out)
{
	struct json_object *last = newest(reports, entry_id, true, NULL, false, NULL);
	struct json_object *latest = last ? last : newest(reports, entry_id, false, NULL, false, NULL);
	struct json_object *prev = last ? newest(reports, entry_id, true, last, true, subject(last, "connection")) : NULL;
	enum obs_state st = last ? OBS_OBSERVED : latest ? OBS_NOT_OBSERVED : OBS_NEVER_OBSERVED;
	struct json_object *o = json_object_new_object(), *sandbox = jget(jget(latest, "environment"), "sandbox");
	struct json_object *tools = last ? tools_of(last) : NULL;
	size_t ntools = tools ? json_object_array_length(tools) : 0;
	int br, co;
	jadd(o, "state", json_object_new_string(DIR_OBSERVATION_STATES[st]));
	jadd(o, "report", jstr(latest ? jget_str(latest, "id") : NULL));
	jadd(o, "date", jstr(latest ? jget_str(latest, "date") : NULL));
	jadd(o, "connection", jstr(latest ? subject(latest, "connection") : NULL));
	jadd(o, "package", jstr(latest ? subject(latest, "package") : NULL));
	jadd(o, "sandboxed", latest ? json_object_new_boolean(sandbox != NULL) : NULL);
	jadd(o, "sandbox", sandbox ? json_object_get(sandbox) : NULL);
	jadd(o, "tool_count", tools ? json_object_new_int((int)ntools) : NULL);
	jadd(o, "tools", tools);
	jadd(o, "reason", jstr(st == OBS_NOT_OBSERVED ? first_failure(latest) : NULL));
	jadd(o, "changes", changes_of(prev, last, &br, &co));
	out->json = o;
	if (last) notes_observed(out, last, prev, ntools, br, co);
	else notes_unobserved(out, latest);
}
