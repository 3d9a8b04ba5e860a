/* Watches on directory entries; see watch_entries.h. */
#include "api/watch_entries.h"
#include "directory/toolchange.h"
#include "util/jsonutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static struct json_object *jstr(const char *s) { return s ? json_object_new_string(s) : NULL; }

/* The entry's compiled observation (a new tree), or NULL when the entry is not in the catalog. */
static struct json_object *observation_of(const struct catalog *cat, const char *id)
{
	const struct cat_entry *e = cat_entry_find_id(cat, id);
	return e ? json_tokener_parse(cat_s(cat, e->observation)) : NULL;
}

static bool named(const struct json_object *tools, const char *name)
{
	return !tools || jarr_has_str(tools, name);
}

/* The observed tools of obs among those named (NULL: all), as a report lists them ({tool, input_schema});
 * NULL when the entry's tools are unknown. */
static struct json_object *tools_as_report(const struct json_object *obs, const struct json_object *names)
{
	struct json_object *tools = jget(obs, "tools");
	if (!json_object_is_type(tools, json_type_array)) return NULL;
	struct json_object *out = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(tools); i++) {
		struct json_object *t = json_object_array_get_idx(tools, i), *o;
		if (!named(names, jget_str(t, "name"))) continue;
		o = json_object_new_object();
		jadd(o, "tool", jstr(jget_str(t, "name")));
		jadd(o, "input_schema", json_object_get(jget(t, "input_schema")));
		json_object_array_add(out, o);
	}
	return out;
}

/* The first name of names the observation does not list, or NULL (also when its tools are unknown). */
static const char *unlisted(const struct json_object *obs, const struct json_object *names)
{
	struct json_object *tools = jget(obs, "tools");
	for (size_t i = 0; names && json_object_is_type(tools, json_type_array) && i < json_object_array_length(names); i++) {
		const char *n = json_object_get_string(json_object_array_get_idx(names, i));
		bool found = false;
		for (size_t k = 0; k < json_object_array_length(tools) && !found; k++)
			found = strcmp(jget_str(json_object_array_get_idx(tools, k), "name"), n) == 0;
		if (!found) return n;
	}
	return NULL;
}

/* {state, report, date, observed_tool_input_schemas}: one side of a comparison, read as a report. */
static struct json_object *side(const struct json_object *obs, const struct json_object *names)
{
	struct json_object *s = json_object_new_object();
	jadd(s, "state", json_object_get(jget(obs, "state")));
	jadd(s, "id", json_object_get(jget(obs, "report")));
	jadd(s, "date", json_object_get(jget(obs, "date")));
	jadd(s, "observed_tool_input_schemas", tools_as_report(obs, names));
	return s;
}

struct json_object *watch_entries_baseline(const struct catalog *cat, const struct json_object *entries, char *err,
	size_t errlen, int *at)
{
	struct json_object *list = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(entries); i++) {
		struct json_object *in = json_object_array_get_idx(entries, i), *names = jget(in, "tools");
		const char *id = jget_str(in, "id"), *missing = NULL;
		struct json_object *obs = observation_of(cat, id);
		bool twice = false;
		for (size_t k = 0; k < i && !twice; k++) twice = strcmp(jget_str(json_object_array_get_idx(entries, k), "id"), id) == 0;
		if (!obs || twice || (missing = unlisted(obs, names))) {
			if (!obs) snprintf(err, errlen, "no directory entry %.240s", id);
			else if (twice) snprintf(err, errlen, "entry %.240s is named twice", id);
			else snprintf(err, errlen, "entry %.240s was not observed with a tool named %.200s", id, missing);
			*at = (int)i;
			json_object_put(obs);
			json_object_put(list);
			return NULL;
		}
		struct json_object *o = json_object_new_object();
		jadd(o, "id", jstr(id));
		jadd(o, "tools", json_object_get(names));
		jadd(o, "baseline", side(obs, names));
		json_object_array_add(list, o);
		json_object_put(obs);
	}
	struct json_object *doc = json_object_new_object();
	jadd(doc, "entries", list);
	return doc;
}

int watch_entries_is(const struct json_object *doc)
{
	return json_object_is_type(jget(doc, "entries"), json_type_array);
}

/* {en, de}: the texts of a change's detail, as operation changes have them. */
static struct json_object *texts(const char *en, const char *de)
{
	struct json_object *t = json_object_new_object();
	jadd(t, "en", jstr(en));
	jadd(t, "de", jstr(de));
	return t;
}

static void add_change(struct json_object *changes, const char *entry, struct json_object *tc, struct json_object *detail)
{
	struct json_object *c = json_object_new_object();
	jadd(c, "entry", jstr(entry));
	jadd(c, "tool", json_object_get(jget(tc, "tool")));
	if (jget(tc, "property")) jadd(c, "property", json_object_get(jget(tc, "property")));
	jadd(c, "change", json_object_get(jget(tc, "kind")));
	jadd(c, "severity", json_object_get(jget(tc, "class")));
	jadd(c, "before", json_object_get(jget(tc, "before")));
	jadd(c, "after", json_object_get(jget(tc, "after")));
	jadd(c, "detail", json_object_get(detail));
	json_object_array_add(changes, c);
}

/* The changes of one followed entry since its baseline. */
static void entry_changes(const struct catalog *cat, const struct json_object *w, struct json_object *changes)
{
	const char *id = jget_str(w, "id");
	struct json_object *base = jget(w, "baseline"), *obs = observation_of(cat, id);
	char en[1200], de[1200];
	struct json_object *detail;
	if (!obs) {
		struct json_object *gone = json_tokener_parse("{\"kind\":\"entry_removed\",\"class\":\"breaking\"}");
		detail = texts("the entry is no longer in the directory", "der Eintrag steht nicht mehr im Verzeichnis");
		add_change(changes, id, gone, detail);
		json_object_put(detail);
		json_object_put(gone);
		return;
	}
	struct json_object *now = side(obs, jget(w, "tools"));
	/* unknown tools on either side: nothing to compare, and nothing claimed */
	if (jget(base, "observed_tool_input_schemas") && jget(now, "observed_tool_input_schemas")) {
		struct json_object *d = toolchange_diff(base, now), *list = jget(d, "changes");
		snprintf(en, sizeof en, "observed on %.20s (report %.240s), against the watch's baseline of %.20s (report %.240s)",
			jget_str(now, "date"), jget_str(now, "id"), jget_str(base, "date"), jget_str(base, "id"));
		snprintf(de, sizeof de, "beobachtet am %.20s (Bericht %.240s), verglichen mit der Ausgangslage der Beobachtung "
			"vom %.20s (Bericht %.240s)", jget_str(now, "date"), jget_str(now, "id"), jget_str(base, "date"),
			jget_str(base, "id"));
		detail = texts(en, de);
		for (size_t i = 0; i < json_object_array_length(list); i++)
			add_change(changes, id, json_object_array_get_idx(list, i), detail);
		json_object_put(detail);
		json_object_put(d);
	} else if (jget(now, "observed_tool_input_schemas")) { /* first observed since the watch began */
		struct json_object *none = json_tokener_parse("{\"observed_tool_input_schemas\":[]}"),
			*d = toolchange_diff(none, now), *list = jget(d, "changes");
		snprintf(en, sizeof en, "first observed on %.20s (report %.240s); unknown when the watch began",
			jget_str(now, "date"), jget_str(now, "id"));
		snprintf(de, sizeof de, "erstmals beobachtet am %.20s (Bericht %.240s); beim Anlegen der Überwachung unbekannt",
			jget_str(now, "date"), jget_str(now, "id"));
		detail = texts(en, de);
		for (size_t i = 0; i < json_object_array_length(list); i++)
			add_change(changes, id, json_object_array_get_idx(list, i), detail);
		json_object_put(detail);
		json_object_put(d);
		json_object_put(none);
	}
	json_object_put(now);
	json_object_put(obs);
}

struct json_object *watch_entries_impact(const struct catalog *cat, const struct json_object *doc)
{
	struct json_object *entries = jget(doc, "entries"), *impact = json_object_new_object(),
		*changes = json_object_new_array();
	for (size_t i = 0; i < json_object_array_length(entries); i++)
		entry_changes(cat, json_object_array_get_idx(entries, i), changes);
	jadd(impact, "changes", changes);
	jadd(impact, "checked_entries", json_object_new_int((int)json_object_array_length(entries)));
	return impact;
}
