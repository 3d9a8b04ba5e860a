#include "schema/schema.h"
#include "util/text.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(struct schema_error *e, const char *where, const char *ptr, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void fail(struct schema_error *e, const char *where, const char *ptr, const char *fmt, ...)
{
	va_list ap;
	snprintf(e->where, sizeof e->where, "%s", where);
	snprintf(e->pointer, sizeof e->pointer, "%s", ptr);
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
}

static const char *kind_name(enum schema_kind k)
{
	static const char *const names[] = { "any value", "a string", "an integer", "a number", "a boolean",
		"an array", "an object", "a string or an object" };
	return names[k];
}

/* Appends "/token" (escaped per RFC 6901) to a pointer buffer. */
static void ptr_push(char *dst, size_t cap, const char *base, const char *tok)
{
	size_t o = strlen(base);
	if (o + 2 > cap) o = cap - 2;
	memcpy(dst, base, o);
	dst[o++] = '/';
	for (const char *t = tok; *t && o + 3 < cap; t++) {
		if (*t == '~') { dst[o++] = '~'; dst[o++] = '0'; }
		else if (*t == '/') { dst[o++] = '~'; dst[o++] = '1'; }
		else dst[o++] = *t;
	}
	dst[o < cap ? o : cap - 1] = '\0';
}

/* i in decimal, as "%zu" writes it, without printf's cost per array item. */
static void decimal(size_t i, char out[24])
{
	char tmp[24];
	int n = 0;
	do tmp[n++] = (char)('0' + i % 10); while ((i /= 10) > 0);
	for (int k = 0; k < n; k++) out[k] = tmp[n - 1 - k];
	out[n] = '\0';
}

static void join_enum(const char *const *v, char *out, size_t cap)
{
	size_t o = 0;
	out[0] = '\0';
	for (int i = 0; v[i] && o + 4 < cap; i++)
		o += (size_t)snprintf(out + o, cap - o, "%s%s", i ? ", " : "", v[i]);
}

static const regex_t *find_re(const struct schema_patterns *p, const char *pat)
{
	for (int i = 0; p && i < p->n; i++)
		if (p->src[i] == pat || strcmp(p->src[i], pat) == 0)
			return &p->re[i];
	return NULL;
}

static bool pattern_ok(const struct schema_patterns *p, const char *pat, const char *s)
{
	const regex_t *re = find_re(p, pat);
	if (re)
		return regexec(re, s, 0, NULL, 0) == 0;
	regex_t tmp;
	if (regcomp(&tmp, pat, REG_EXTENDED | REG_NOSUB) != 0)
		return false;
	bool ok = regexec(&tmp, s, 0, NULL, 0) == 0;
	regfree(&tmp);
	return ok;
}

static struct json_object *check_string(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, const char *ptr, struct schema_error *e)
{
	const char *v = json_object_get_string((struct json_object *)in);
	size_t len = (size_t)json_object_get_string_len(in);
	if (memchr(v, '\0', len)) {
		fail(e, where, ptr, "%s must not contain NUL characters", ptr);
		return NULL;
	}
	size_t chars = utf8_length(v, len);
	if (s->max != SCHEMA_NO_BOUND && chars > (size_t)s->max) {
		fail(e, where, ptr, "%s is %zu characters long; at most %ld are allowed", ptr, chars, s->max);
		return NULL;
	}
	if (s->min != SCHEMA_NO_BOUND && chars < (size_t)s->min) {
		fail(e, where, ptr, "%s is %zu characters long; at least %ld are required", ptr, chars, s->min);
		return NULL;
	}
	if (s->constant && strcmp(v, s->constant) != 0) {
		fail(e, where, ptr, "%s must be \"%s\"", ptr, s->constant);
		return NULL;
	}
	if (s->enumv) {
		int i;
		for (i = 0; s->enumv[i]; i++)
			if (strcmp(s->enumv[i], v) == 0) break;
		if (!s->enumv[i]) {
			char list[400];
			if (i > 12)
				fail(e, where, ptr, "%s: \"%.80s\" is not one of the %d allowed values (see /v2/openapi.json)",
					ptr, v, i);
			else {
				join_enum(s->enumv, list, sizeof list);
				fail(e, where, ptr, "%s: \"%.80s\" is not one of: %s", ptr, v, list);
			}
			return NULL;
		}
	}
	if (s->pattern && !pattern_ok(p, s->pattern, v)) {
		fail(e, where, ptr, "%s: \"%.80s\" does not match the pattern %s", ptr, v, s->pattern);
		return NULL;
	}
	/* the input's own string, shared: a copy would cost an allocation and its freeing */
	return json_object_get((struct json_object *)in);
}

static struct json_object *validate(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, const char *ptr, struct schema_error *e);

/* A JSON null that validates comes back as NULL with no error. */
static bool null_ok(const struct schema *s, const struct json_object *in)
{
	return in == NULL && (s->kind == SK_ANY || (s->flags & SF_NULLABLE));
}

static struct json_object *check_array(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, const char *ptr, struct schema_error *e)
{
	size_t n = json_object_array_length(in);
	if (s->max != SCHEMA_NO_BOUND && n > (size_t)s->max) {
		fail(e, where, ptr, "%s has %zu items; at most %ld are allowed", ptr, n, s->max);
		return NULL;
	}
	if (s->min != SCHEMA_NO_BOUND && n < (size_t)s->min) {
		fail(e, where, ptr, "%s has %zu items; at least %ld are required", ptr, n, s->min);
		return NULL;
	}
	struct json_object *out = json_object_new_array_ext((int)n);
	for (size_t i = 0; i < n; i++) {
		char sub[256], idx[24];
		decimal(i, idx);
		ptr_push(sub, sizeof sub, ptr, idx);
		struct json_object *item = json_object_array_get_idx(in, i);
		struct json_object *v = s->items ? validate(s->items, item, p, where, sub, e) : json_object_get(item);
		if (s->items && !v && !null_ok(s->items, item)) {
			json_object_put(out);
			return NULL;
		}
		json_object_array_add(out, v);
	}
	return out;
}

/* The declared default as a value. Simple defaults are built directly: parsing JSON text per request
 * would cost a tokener each time. */
static struct json_object *default_value(const struct schema *s)
{
	const char *d = s->dflt;
	size_t n = strlen(d);
	switch (s->kind) {
	case SK_BOOLEAN:
		return json_object_new_boolean(strcmp(d, "true") == 0);
	case SK_INTEGER:
		return json_object_new_int64(strtoll(d, NULL, 10));
	case SK_ARRAY:
		if (strcmp(d, "[]") == 0) return json_object_new_array();
		break;
	case SK_STRING:
		if (n >= 2 && d[0] == '"' && d[n - 1] == '"' && !memchr(d + 1, '\\', n - 2))
			return json_object_new_string_len(d + 1, (int)n - 2);
		break;
	default:
		break;
	}
	return json_tokener_parse(d);
}

/* Fields an object's schema may declare: check_object marks the members given in two 64-bit masks (the catalog's
 * role lists are past 64). */
#define SCHEMA_PROPS_MAX 128

static struct json_object *check_object(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, const char *ptr, struct schema_error *e)
{
	size_t nprops = 0;
	while (s->props && s->props[nprops].name) nprops++;
	if (nprops > SCHEMA_PROPS_MAX) {  /* (a table's defect, named as such) */
		fail(e, where, ptr, "%s: the schema declares %zu fields, more than the %d the validator reads",
			*ptr ? ptr : "the body", nprops, SCHEMA_PROPS_MAX);
		return NULL;
	}
	/* one pass over the members given (few: most of a request's are absent) finds each one's field, instead of a
	 * lookup in the object per field declared; a member given as null is present, its value NULL */
	struct json_object *given[SCHEMA_PROPS_MAX];
	uint64_t present[SCHEMA_PROPS_MAX / 64] = { 0 };
	bool extra = false;  /* a member no field declares, where the schema allows them */
	json_object_object_foreach((struct json_object *)in, k, v) {
		const struct schema_prop *pr = schema_prop_find(s, k);
		if (pr) {
			given[pr - s->props] = v;
			present[(pr - s->props) / 64] |= 1ull << ((pr - s->props) % 64);
		} else if (s->additional) {
			extra = true;
		} else {
			char sub[256];
			ptr_push(sub, sizeof sub, ptr, k);
			fail(e, where, sub, "%s: unknown field \"%.80s\"; no additional fields are allowed", sub, k);
			return NULL;
		}
	}
	struct json_object *out = json_object_new_object();
	/* (a member's name is a literal of a schema table, each once: json-c neither copies it nor looks for it first) */
	const unsigned literal = JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT;
	for (size_t i = 0; i < nprops; i++) {
		const struct schema_prop *pr = &s->props[i];
		char sub[256];
		bool here = present[i / 64] >> (i % 64) & 1;
		struct json_object *v = here ? given[i] : NULL;
		if (!here && !pr->required) {
			if (pr->s->dflt)
				json_object_object_add_ex(out, pr->name, default_value(pr->s), literal);
			continue;
		}
		/* the pointer only where it can be shown: most members of a request are absent */
		ptr_push(sub, sizeof sub, ptr, pr->name);
		if (!here) {
			fail(e, where, sub, "%s is required", sub);
			json_object_put(out);
			return NULL;
		}
		struct json_object *nv = validate(pr->s, v, p, where, sub, e);
		if (!nv && !null_ok(pr->s, v)) {
			json_object_put(out);
			return NULL;
		}
		json_object_object_add_ex(out, pr->name, nv, literal);
	}
	if (extra) {
		json_object_object_foreach((struct json_object *)in, k, v) {
			if (!schema_prop_find(s, k))
				json_object_object_add(out, k, json_object_get(v));
		}
	}
	return out;
}

static struct json_object *validate(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, const char *ptr, struct schema_error *e)
{
	const char *shown = *ptr ? ptr : "the body";
	if (in == NULL) {
		if (s->flags & SF_NULLABLE || s->kind == SK_ANY)
			return NULL; /* JSON null stays null */
		fail(e, where, ptr, "%s must be %s, not null", shown, kind_name(s->kind));
		return NULL;
	}
	enum json_type t = json_object_get_type(in);
	switch (s->kind) {
	case SK_ANY:
		return json_object_get((struct json_object *)in);
	case SK_STRING:
		if (t != json_type_string) break;
		return check_string(s, in, p, where, shown, e);
	case SK_STRING_OR_OBJECT:
		if (t == json_type_string) return check_string(s, in, p, where, shown, e);
		if (t == json_type_object) return json_object_get((struct json_object *)in);
		break;
	case SK_BOOLEAN:
		if (t != json_type_boolean) break;
		return json_object_new_boolean(json_object_get_boolean(in));
	case SK_INTEGER:
	case SK_NUMBER: {
		if (t != json_type_int && !(s->kind == SK_NUMBER && t == json_type_double)) break;
		if (t == json_type_double)
			return json_object_new_double(json_object_get_double(in));
		errno = 0;
		int64_t v = json_object_get_int64(in);
		if (errno == EINVAL || (s->max != SCHEMA_NO_BOUND && v > s->max) ||
		    (s->min != SCHEMA_NO_BOUND && v < s->min) || json_object_get_uint64(in) > INT64_MAX) {
			fail(e, where, ptr, "%s must be an integer from %ld to %ld", shown, s->min, s->max);
			return NULL;
		}
		return json_object_new_int64(v);
	}
	case SK_ARRAY:
		if (t != json_type_array) break;
		return check_array(s, in, p, where, ptr, e);
	case SK_OBJECT:
		if (t != json_type_object) break;
		return check_object(s, in, p, where, ptr, e);
	}
	fail(e, where, ptr, "%s must be %s", shown, kind_name(s->kind));
	return NULL;
}

struct json_object *schema_validate(const struct schema *s, const struct json_object *in,
	const struct schema_patterns *p, const char *where, struct schema_error *err)
{
	memset(err, 0, sizeof *err);
	struct json_object *out = validate(s, in, p, where, "", err);
	if (!out && err->message[0] == '\0' && in != NULL)
		fail(err, where, "", "invalid value");
	return out;
}

const struct schema_prop *schema_prop_find(const struct schema *obj, const char *name)
{
	for (const struct schema_prop *pr = obj->props; pr && pr->name; pr++)
		if (strcmp(pr->name, name) == 0)
			return pr;
	return NULL;
}

static struct json_object *scalar_from_text(const struct schema *s, const char *text, const char *name,
	const char *where, struct schema_error *e)
{
	switch (s->kind) {
	case SK_INTEGER: {
		char *end;
		errno = 0;
		if (!*text || (!(text[0] >= '0' && text[0] <= '9') && text[0] != '-'))
			break;
		long long v = strtoll(text, &end, 10);
		if (*end || errno == ERANGE) break;
		return json_object_new_int64(v);
	}
	case SK_BOOLEAN:
		if (strcmp(text, "true") == 0) return json_object_new_boolean(1);
		if (strcmp(text, "false") == 0) return json_object_new_boolean(0);
		break;
	default:
		return json_object_new_string(text);
	}
	fail(e, where, name, "%s must be %s, got \"%.80s\"", name, kind_name(s->kind), text);
	return NULL;
}

struct json_object *schema_from_text(const struct schema *s, const char *text, const char *name,
	const char *where, struct schema_error *e)
{
	memset(e, 0, sizeof *e);
	if (s->kind != SK_ARRAY)
		return scalar_from_text(s, text, name, where, e);
	struct json_object *arr = json_object_new_array();
	if (*text == '\0')
		return arr; /* "apps=" is the empty list */
	const char *p = text;
	for (;;) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		char *item = strndup(p, n);
		struct json_object *v = item ? scalar_from_text(s->items, item, name, where, e) : NULL;
		free(item);
		if (!v) {
			json_object_put(arr);
			return NULL;
		}
		json_object_array_add(arr, v);
		if (!c) break;
		p = c + 1;
	}
	return arr;
}

static int add_one(struct schema_patterns *p, const char *pat)
{
	if (find_re(p, pat)) return 0;
	if (p->n >= (int)(sizeof p->re / sizeof p->re[0])) return -1;
	if (regcomp(&p->re[p->n], pat, REG_EXTENDED | REG_NOSUB) != 0) return -1;
	p->src[p->n++] = pat;
	return 0;
}

int schema_patterns_add(struct schema_patterns *p, const struct schema *s)
{
	if (!s) return 0;
	if (s->pattern && add_one(p, s->pattern) < 0) return -1;
	if (schema_patterns_add(p, s->items) < 0) return -1;
	for (const struct schema_prop *pr = s->props; pr && pr->name; pr++)
		if (schema_patterns_add(p, pr->s) < 0) return -1;
	return 0;
}

void schema_patterns_free(struct schema_patterns *p)
{
	for (int i = 0; i < p->n; i++)
		regfree(&p->re[i]);
	p->n = 0;
}
