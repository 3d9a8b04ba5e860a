#include "formats/cfg_yaml.h"
#include "util/dynlib.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define YAML_MAX_DEPTH 64

#ifndef YAML_SONAME
#define YAML_SONAME "libyaml-0.so.2"
#endif

#define YAML_CALLS(X) X(yaml_parser_initialize) X(yaml_parser_set_input_string) X(yaml_parser_parse) \
	X(yaml_parser_delete) X(yaml_event_delete)
/* Filled once by the loader and only read afterwards, like the dynamic linker's own tables. */
static struct { YAML_CALLS(DYNLIB_SLOT) } ly;

int yaml_load(char *err, size_t errlen)
{
#define SYM(f) DYNLIB_SYM(ly, f)
	static const struct dynlib_sym syms[] = { YAML_CALLS(SYM) };
#undef SYM
	return ly.yaml_parser_parse ? 0 : dynlib_load(YAML_SONAME, syms, sizeof syms / sizeof *syms, err, errlen);
}

struct yp {
	yaml_parser_t p;
	const char *text;
	size_t len;
	struct cfg_syntax *err;
	struct cfg_where *w;  /* where each key stands, when asked */
	char ptr[1024];       /* JSON Pointer of the node being read */
};

static void fail_mark(struct yp *y, yaml_mark_t m, const char *msg)
{
	cfg_syntax_at(y->err, y->text, y->len, m.index, "%s", msg);
}

static bool next(struct yp *y, yaml_event_t *ev)
{
	if (ly.yaml_parser_parse(&y->p, ev)) return true;
	cfg_syntax_at(y->err, y->text, y->len, y->p.problem_mark.index, "%s%s%s",
		y->p.problem ? y->p.problem : "YAML syntax error", y->p.context ? " " : "",
		y->p.context ? y->p.context : "");
	return false;
}

static bool digits(const char **p)
{
	const char *s = *p;
	while (**p >= '0' && **p <= '9') (*p)++;
	return *p > s;
}

/* YAML 1.2 core schema numbers: [-+]?[0-9]+ and [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? */
static bool is_int(const char *s)
{
	if (*s == '-' || *s == '+') s++;
	return digits(&s) && !*s;
}

static bool is_float(const char *s)
{
	if (*s == '-' || *s == '+') s++;
	if (*s == '.') {
		s++;
		if (!digits(&s)) return false;
	} else {
		if (!digits(&s)) return false;
		if (*s == '.') { s++; digits(&s); }
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '-' || *s == '+') s++;
		if (!digits(&s)) return false;
	}
	return !*s;
}

/* Core-schema resolution of a plain scalar. */
static struct json_object *plain_scalar(const char *s)
{
	if (!*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL")) return NULL;
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) return json_object_new_boolean(1);
	if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) return json_object_new_boolean(0);
	if (is_int(s)) {
		errno = 0;
		long long v = strtoll(s, NULL, 10);
		if (errno == 0) return json_object_new_int64(v);
	}
	if (is_float(s)) {
		double d = strtod(s, NULL);
		if (isfinite(d)) return json_object_new_double(d); /* 1e999 stays text */
	}
	return json_object_new_string(s);
}

static int node(struct yp *y, yaml_event_t *ev, int depth, struct json_object **out);

static int mapping(struct yp *y, yaml_mark_t start, int depth, struct json_object **out)
{
	struct json_object *o = json_object_new_object();
	for (;;) {
		yaml_event_t k;
		if (!next(y, &k)) break;
		if (k.type == YAML_MAPPING_END_EVENT) {
			ly.yaml_event_delete(&k);
			*out = o;
			return 0;
		}
		if (k.type != YAML_SCALAR_EVENT) {
			fail_mark(y, k.start_mark, "only plain text keys are supported in a mapping");
			ly.yaml_event_delete(&k);
			break;
		}
		char *key = strdup((const char *)k.data.scalar.value);
		yaml_mark_t km = k.start_mark;
		ly.yaml_event_delete(&k);
		if (json_object_object_get_ex(o, key, NULL)) {
			fail_mark(y, km, "duplicate key in a mapping (the clients' YAML readers refuse it)");
			free(key);
			break;
		}
		yaml_event_t v;
		struct json_object *val = NULL;
		size_t old = cfg_ptr_push(y->ptr, sizeof y->ptr, key);
		cfg_where_note(y->w, y->ptr, km.index);
		int rc = next(y, &v) ? node(y, &v, depth + 1, &val) : -1;
		y->ptr[old] = '\0';
		if (rc < 0) { free(key); break; }
		json_object_object_add(o, key, val);
		free(key);
	}
	(void)start;
	json_object_put(o);
	return -1;
}

static int sequence(struct yp *y, int depth, struct json_object **out)
{
	struct json_object *a = json_object_new_array();
	for (;;) {
		yaml_event_t v;
		if (!next(y, &v)) break;
		if (v.type == YAML_SEQUENCE_END_EVENT) {
			ly.yaml_event_delete(&v);
			*out = a;
			return 0;
		}
		struct json_object *val = NULL;
		char idx[24];
		snprintf(idx, sizeof idx, "%zu", json_object_array_length(a));
		size_t old = cfg_ptr_push(y->ptr, sizeof y->ptr, idx);
		cfg_where_note(y->w, y->ptr, v.start_mark.index);
		int rc = node(y, &v, depth + 1, &val);
		y->ptr[old] = '\0';
		if (rc < 0) break;
		json_object_array_add(a, val);
	}
	json_object_put(a);
	return -1;
}

/* Builds the node that ev starts; consumes (deletes) ev. */
static int node(struct yp *y, yaml_event_t *ev, int depth, struct json_object **out)
{
	yaml_mark_t m = ev->start_mark;
	int rc = -1;
	if (depth > YAML_MAX_DEPTH) {
		fail_mark(y, m, "nesting is too deep");
	} else if (ev->type == YAML_ALIAS_EVENT ||
	    (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.anchor) ||
	    (ev->type == YAML_MAPPING_START_EVENT && ev->data.mapping_start.anchor) ||
	    (ev->type == YAML_SEQUENCE_START_EVENT && ev->data.sequence_start.anchor)) {
		fail_mark(y, m, "anchors and aliases (& and *) are not supported in client configurations");
	} else if ((ev->type == YAML_SCALAR_EVENT && ev->data.scalar.tag) ||
	    (ev->type == YAML_MAPPING_START_EVENT && ev->data.mapping_start.tag) ||
	    (ev->type == YAML_SEQUENCE_START_EVENT && ev->data.sequence_start.tag)) {
		fail_mark(y, m, "explicit tags (!!type) are not supported in client configurations");
	} else if (ev->type == YAML_SCALAR_EVENT) {
		const char *s = (const char *)ev->data.scalar.value;
		int n = (int)ev->data.scalar.length; /* quoted scalars may hold \0 */
		*out = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? plain_scalar(s) : json_object_new_string_len(s, n);
		rc = 0;
	} else if (ev->type == YAML_MAPPING_START_EVENT) {
		ly.yaml_event_delete(ev);
		return mapping(y, m, depth, out);
	} else if (ev->type == YAML_SEQUENCE_START_EVENT) {
		ly.yaml_event_delete(ev);
		return sequence(y, depth, out);
	} else {
		fail_mark(y, m, "unexpected YAML structure");
	}
	ly.yaml_event_delete(ev);
	return rc;
}

/* Expects the given event type; false (err filled) otherwise. */
static bool expect(struct yp *y, yaml_event_type_t t, yaml_event_t *ev)
{
	if (!next(y, ev)) return false;
	if (ev->type == t) return true;
	fail_mark(y, ev->start_mark, t == YAML_STREAM_END_EVENT ? "more than one YAML document" : "unexpected YAML structure");
	ly.yaml_event_delete(ev);
	return false;
}

struct json_object *yaml_parse_tree(const char *text, size_t len, struct cfg_syntax *err, struct cfg_where *w)
{
	struct yp y = { .text = text, .len = len, .err = err, .w = w };
	cfg_where_note(w, "", 0);
	char why[300];
	if (yaml_load(why, sizeof why) < 0) {
		cfg_syntax_at(err, text, len, 0, "YAML cannot be read here: %s", why);
		return NULL;
	}
	if (!ly.yaml_parser_initialize(&y.p)) return NULL;
	ly.yaml_parser_set_input_string(&y.p, (const unsigned char *)text, len);
	struct json_object *root = NULL;
	yaml_event_t ev;
	bool ok = expect(&y, YAML_STREAM_START_EVENT, &ev);
	if (ok) { ly.yaml_event_delete(&ev); ok = next(&y, &ev); }
	if (ok && ev.type == YAML_STREAM_END_EVENT) {
		ly.yaml_event_delete(&ev);
		cfg_syntax_at(err, text, len, len, "the text is empty");
		ok = false;
	} else if (ok && ev.type != YAML_DOCUMENT_START_EVENT) {
		ly.yaml_event_delete(&ev);
		cfg_syntax_at(err, text, len, 0, "unexpected YAML structure");
		ok = false;
	} else if (ok) {
		ly.yaml_event_delete(&ev);
		ok = next(&y, &ev) && node(&y, &ev, 0, &root) == 0;
	}
	if (ok) { ok = expect(&y, YAML_DOCUMENT_END_EVENT, &ev); if (ok) ly.yaml_event_delete(&ev); }
	if (ok) { ok = expect(&y, YAML_STREAM_END_EVENT, &ev); if (ok) ly.yaml_event_delete(&ev); }
	ly.yaml_parser_delete(&y.p);
	if (!ok && root) { json_object_put(root); root = NULL; }
	if (ok && !root) {
		cfg_syntax_at(err, text, len, 0, "the document holds no value");
		return NULL;
	}
	return root;
}
