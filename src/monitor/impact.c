#include "monitor/impact.h"
#include "planner/change.h"
#include "util/jsonutil.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(json_object_get_string(*(struct json_object *const *)a),
		json_object_get_string(*(struct json_object *const *)b));
}

/* A copy of v with a list of strings sorted, so reordered alternatives are the same change. */
static struct json_object *sorted_copy(struct json_object *v)
{
	if (!json_object_is_type(v, json_type_array)) return json_object_get(v);
	size_t n = json_object_array_length(v);
	struct json_object *a = json_object_new_array_ext((int)n);
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(v, i);
		if (!json_object_is_type(e, json_type_string)) { json_object_put(a); return json_object_get(v); }
		json_object_array_add(a, json_object_get(e));
	}
	json_object_array_sort(a, cmp_str);
	return a;
}

bool change_is_version_move(const struct json_object *change)
{
	const char *k = jget_str(change, "change");
	return k && (strcmp(k, "catalog_version_moved") == 0 || strcmp(k, "rule_version_moved") == 0);
}

int change_fingerprint(const struct json_object *change, char out[FINGERPRINT_LEN + 1])
{
	static const char *const keys[] = { "app", "operation", "change", "before", "after" };
	/* a directory entry's tool change: named so only where present, so that operation fingerprints stay */
	static const char *const tool_keys[] = { "entry", "tool", "property" };
	struct json_object *o = json_object_new_object();
	int nkeys = change_is_version_move(change) ? 4 : 5;
	for (int i = 0; i < nkeys; i++)
		json_object_object_add(o, keys[i], sorted_copy(jget(change, keys[i])));
	for (int i = 0; i < 3; i++)
		if (jget(change, tool_keys[i])) json_object_object_add(o, tool_keys[i], json_object_get(jget(change, tool_keys[i])));
	char *canon = json_canonical(o);
	json_object_put(o);
	char hex[65];
	int rc = canon ? sha256_hex(canon, strlen(canon), hex) : -1;
	free(canon);
	if (rc < 0) return -1;
	memcpy(out, hex, FINGERPRINT_LEN);
	out[FINGERPRINT_LEN] = '\0';
	return 0;
}

/* The first string of list that granted holds, or NULL. */
static const char *held(const struct json_object *list, const struct json_object *granted)
{
	for (size_t i = 0; json_object_is_type(list, json_type_array) && i < json_object_array_length(list); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(list, i));
		for (size_t g = 0; g < json_object_array_length(granted); g++)
			if (strcmp(s, json_object_get_string(json_object_array_get_idx(granted, g))) == 0) return s;
	}
	return NULL;
}

static void set_judgement(struct json_object *ch, const char *severity, const char *verdict, const char *scope,
	const char *detail)
{
	struct json_object *j = json_object_new_object();
	jadd(j, "verdict", json_object_new_string(verdict));
	jadd(j, "granted_scope", scope ? json_object_new_string(scope) : NULL);
	jadd(j, "detail", json_object_new_string(detail));
	json_object_object_add(ch, "severity", json_object_new_string(severity));
	jadd(ch, "judged", j);
}

/* A scope change seen from a holder of granted: who relied on a removed alternative breaks, a holder
 * still covered or never covered is only informed. */
static void judge_change(struct json_object *ch, const struct json_object *granted)
{
	const char *kind = jget_str(ch, "change");
	struct json_object *before = jget(ch, "before"), *after = jget(ch, "after");
	if (!kind) return;
	if (strcmp(kind, change_kind_name(CK_SCOPES_NARROWED)) == 0 || strcmp(kind, change_kind_name(CK_SCOPES_CHANGED)) == 0) {
		const char *still = held(after, granted), *had = held(before, granted);
		if (still)
			set_judgement(ch, CHANGE_CLASS_NAMES[CHANGE_INFO], "still_authorised", still,
				"a scope this watch holds is still one of the alternatives: the call stays authorised");
		else if (had)
			set_judgement(ch, CHANGE_CLASS_NAMES[CHANGE_BREAKING], "relied_on_removed", had,
				"the scope this watch holds was removed from the alternatives: the call is no longer authorised");
		else
			set_judgement(ch, CHANGE_CLASS_NAMES[CHANGE_INFO], "not_held", NULL,
				"none of the scopes this watch holds authorised the call before or after the change");
	} else if (strcmp(kind, change_kind_name(CK_SCOPES_WIDENED)) == 0) {
		const char *had = held(before, granted), *now = held(after, granted);
		if (!had && now)
			set_judgement(ch, CHANGE_CLASS_NAMES[CHANGE_COMPATIBLE], "now_authorised", now,
				"a scope this watch holds was added to the alternatives: the call is now authorised");
		else
			set_judgement(ch, CHANGE_CLASS_NAMES[CHANGE_INFO], had ? "still_authorised" : "not_held", had,
				had ? "the scope this watch holds was an alternative already" :
				"none of the scopes this watch holds authorises the call");
	}
}

void impact_judge(struct json_object *impact, const struct json_object *granted)
{
	struct json_object *changes = jget(impact, "changes");
	int count[CHANGE_CLASSES] = { 0 };
	for (size_t i = 0; json_object_is_type(changes, json_type_array) && i < json_object_array_length(changes); i++) {
		struct json_object *ch = json_object_array_get_idx(changes, i);
		if (json_object_is_type((struct json_object *)granted, json_type_array)) judge_change(ch, granted);
		char fp[FINGERPRINT_LEN + 1];
		if (change_fingerprint(ch, fp) == 0) json_object_object_add(ch, "fingerprint", json_object_new_string(fp));
		const char *sev = jget_str(ch, "severity");
		for (int k = 0; sev && k < CHANGE_CLASSES; k++) count[k] += strcmp(sev, CHANGE_CLASS_NAMES[k]) == 0;
	}
	json_object_object_add(impact, "status", json_object_new_string(change_impact_status(count)));
	struct json_object *sum = json_object_new_object();
	for (int k = CHANGE_BREAKING; k <= CHANGE_INFO; k++) json_object_object_add_ex(sum, CHANGE_CLASS_NAMES[k], json_object_new_int(count[k]), JSON_C_OBJECT_ADD_CONSTANT_KEY);
	json_object_object_add(impact, "summary", sum);
	json_object_object_add(impact, "judged_against_granted_scopes",
		json_object_new_boolean(json_object_is_type((struct json_object *)granted, json_type_array)));
}

/* Whether list has a change with this fingerprint (and, when severity is given, this severity). */
static bool has_change(const struct json_object *list, const char *fp, const char *severity)
{
	struct json_object *changes = jget(list, "changes");
	for (size_t i = 0; json_object_is_type(changes, json_type_array) && i < json_object_array_length(changes); i++) {
		struct json_object *ch = json_object_array_get_idx(changes, i);
		const char *f = jget_str(ch, "fingerprint"), *s = jget_str(ch, "severity");
		if (f && strcmp(f, fp) == 0 && (!severity || (s && strcmp(s, severity) == 0))) return true;
	}
	return false;
}

/* Whether every significant change of a is in b with the same severity. */
static bool covered(const struct json_object *a, const struct json_object *b)
{
	struct json_object *changes = jget(a, "changes");
	for (size_t i = 0; json_object_is_type(changes, json_type_array) && i < json_object_array_length(changes); i++) {
		struct json_object *ch = json_object_array_get_idx(changes, i);
		const char *fp = jget_str(ch, "fingerprint"), *sev = jget_str(ch, "severity");
		if (change_is_version_move(ch)) continue;
		if (!fp || !has_change(b, fp, sev ? sev : "")) return false;
	}
	return true;
}

bool impact_differs(const struct json_object *before, const struct json_object *after)
{
	return !covered(before, after) || !covered(after, before);
}

void impact_alert_changes(const struct json_object *before, const struct json_object *after,
	struct json_object **changes, struct json_object **resolved)
{
	*changes = json_object_new_array();
	*resolved = json_object_new_array();
	struct json_object *now = jget(after, "changes"), *was = jget(before, "changes");
	for (size_t i = 0; json_object_is_type(now, json_type_array) && i < json_object_array_length(now); i++) {
		struct json_object *ch = NULL;
		json_object_deep_copy(json_object_array_get_idx(now, i), &ch, NULL);
		const char *fp = jget_str(ch, "fingerprint");
		jadd(ch, "new", json_object_new_boolean(!change_is_version_move(ch) && (!fp || !has_change(before, fp, NULL))));
		json_object_array_add(*changes, ch);
	}
	for (size_t i = 0; json_object_is_type(was, json_type_array) && i < json_object_array_length(was); i++) {
		struct json_object *ch = json_object_array_get_idx(was, i);
		const char *fp = jget_str(ch, "fingerprint");
		if (change_is_version_move(ch) || (fp && has_change(after, fp, NULL))) continue;
		struct json_object *copy = NULL;
		json_object_deep_copy(ch, &copy, NULL);
		json_object_array_add(*resolved, copy);
	}
}
