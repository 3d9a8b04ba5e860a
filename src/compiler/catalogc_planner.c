/* The planner's sources: its vocabulary (synonyms.json) compiled into a word index and a typo index,
 * scope implications, operation inputs and request addresses, the texts it writes, and the history of
 * operations. Every table is validated here; a bad entry names its file and JSON pointer. */
#include "compiler/catalogc.h"
#include "compiler/catalogc_int.h"
#include "compiler/catalogc_shapes.h"
#include "catalog/catalog.h"
#include "catalog/vocab.h"
#include "util/jsonutil.h"
#include "util/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#define MAX_PHRASE 512

static const struct cat_syn *syn_at(const struct cc *c, uint32_t i)
{
	return (const struct cat_syn *)c->syns.p + i;
}

static const struct cat_op *op_rec(const struct cc *c, uint32_t i)
{
	return (const struct cat_op *)c->ops.p + i;
}

static enum cat_app_kind kind_of_app(const struct cc *c, uint32_t app)
{
	return (enum cat_app_kind)((const struct cat_app *)c->apps.p)[app].kind;
}

/* ---- synonyms ---- */

/* Adds one phrase, folded the planner's way (arrows are kept as written). Returns 0 or -1. */
static int syn_add(struct cc *c, const char *file, const char *ptr, const char *phrase, uint32_t kind, uint32_t target)
{
	char f[MAX_PHRASE];
	size_t n = text_fold_words(phrase, f, sizeof f);
	if (kind == SYN_ARROW) {
		if (n) return cc_fail(c, file, ptr, "arrow \"%s\" has letters or digits: it would be read as words", phrase);
		snprintf(f, sizeof f, "%s", phrase);
	} else if (n == 0) {
		return cc_fail(c, file, ptr, "phrase \"%s\" folds to nothing", phrase);
	}
	uint32_t words = 1;
	for (size_t i = 0; kind != SYN_ARROW && i < n; i++) if (f[i] == ' ') words++;
	if (kind == SYN_STOP && words > 1) return cc_fail(c, file, ptr, "stop word \"%s\" is more than one word", phrase);
	const char *last = strrchr(f, ' ');
	size_t ll = last ? strlen(++last) : 0;
	uint32_t flags = (last && strcmp(last, "0") == 0 ? SYNF_NUMBERED : 0) |
		(last && kind != SYN_ARROW && ll >= 4 && strcmp(last + ll - 2, "en") == 0 ? SYNF_CLOSING_VERB : 0) |
		(last && kind != SYN_ARROW && ll == 1 && isalpha((unsigned char)*last) ? SYNF_LETTER : 0) |
		(kind == SYN_APP && target < c->napps &&
		 strcasecmp(f, cc_pool(c, ((const struct cat_app *)c->apps.p)[target].id)) == 0 ? SYNF_ID : 0);
	struct cat_syn rec = { .phrase = cc_str(c, f), .kind = kind, .target = target, .words = words, .flags = flags };
	if (rec.phrase == CAT_NONE || buf_add(&c->syns, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
	c->nsyns++;
	return 0;
}

static int phrase_list(struct cc *c, const char *file, const char *base, struct json_object *list, uint32_t kind,
	uint32_t target)
{
	char ptr[160];
	for (size_t k = 0; k < json_object_array_length(list); k++) {
		snprintf(ptr, sizeof ptr, "%s/%zu", base, k);
		if (syn_add(c, file, ptr, json_object_get_string(json_object_array_get_idx(list, k)), kind, target) < 0)
			return -1;
	}
	return 0;
}

/* The word app a's name adds to a name of family fam (phrases first..end of the family's): "google drive" is
 * "google" and "drive"; CAT_NONE when no name of the app is one of the family's and one word more. */
static cat_str short_name(struct cc *c, uint32_t a, uint32_t first, uint32_t end)
{
	for (uint32_t i = 0; i < c->nsyns; i++) {
		const struct cat_syn *sy = syn_at(c, i);
		if (sy->kind != SYN_APP || sy->target != a) continue;
		const char *ph = cc_pool(c, sy->phrase), *sp = strrchr(ph, ' ');
		for (uint32_t k = first; sp && k < end; k++) {
			const char *fp = cc_pool(c, syn_at(c, k)->phrase);
			if (strlen(fp) != (size_t)(sp - ph) || strncmp(fp, ph, (size_t)(sp - ph)) != 0) continue;
			char w[MAX_PHRASE];
			snprintf(w, sizeof w, "%s", sp + 1); /* cc_str may move the pool sp points into */
			return cc_str(c, w);
		}
	}
	return CAT_NONE;
}

static int compile_families(struct cc *c, const char *file, struct json_object *list)
{
	char ptr[160];
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *f = json_object_array_get_idx(list, i), *apps = jget(f, "apps");
		struct cat_family rec = { .id = cc_str(c, jget_str(f, "family")) };
		for (int k = 0; k < AK_COUNT; k++) rec.apps[k] = CAT_NONE;
		for (size_t k = 0; k < json_object_array_length(apps); k++) {
			uint32_t a = (uint32_t)vocab_index(VOCAB_APPS, json_object_get_string(json_object_array_get_idx(apps, k)));
			enum cat_app_kind kind = kind_of_app(c, a);
			snprintf(ptr, sizeof ptr, "/families/%zu/apps/%zu", i, k);
			if (rec.apps[kind] != CAT_NONE)
				return cc_fail(c, file, ptr, "family \"%s\" has two %s apps: a family binds one app per kind",
					jget_str(f, "family"), VOCAB_APP_KINDS[kind]);
			rec.apps[kind] = a;
		}
		snprintf(ptr, sizeof ptr, "/families/%zu/phrases", i);
		uint32_t first = c->nsyns;
		if (phrase_list(c, file, ptr, jget(f, "phrases"), SYN_FAMILY, c->nfamilies) < 0) return -1;
		for (int k = 0; k < AK_COUNT; k++) rec.short_name[k] = rec.apps[k] == CAT_NONE ? CAT_NONE : short_name(c, rec.apps[k], first, c->nsyns);
		if (buf_add(&c->families, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
		c->nfamilies++;
	}
	return 0;
}

static int compile_intents(struct cc *c, const char *file, struct json_object *list)
{
	char ptr[160];
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		struct json_object *e = json_object_array_get_idx(list, i), *caps = jget(e, "capabilities");
		struct cat_intent rec = { 0 };
		for (size_t k = 0; k < json_object_array_length(caps); k++)
			rec.caps |= 1ull << vocab_index(VOCAB_CAPABILITIES, json_object_get_string(json_object_array_get_idx(caps, k)));
		snprintf(ptr, sizeof ptr, "/intents/%zu/phrases", i);
		if (phrase_list(c, file, ptr, jget(e, "phrases"), SYN_INTENT, c->nintents) < 0) return -1;
		if (buf_add(&c->intents, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
		c->nintents++;
	}
	return 0;
}

static int compile_roles(struct cc *c, const char *file, struct json_object *roles)
{
#define PHRASE_ROLE(key, role) { key, role },
	static const struct { const char *key; uint32_t role; } parts[] = { CATALOGC_PHRASE_ROLES(PHRASE_ROLE) };
#undef PHRASE_ROLE
	char ptr[64];
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
		snprintf(ptr, sizeof ptr, "/roles/%s", parts[i].key);
		if (phrase_list(c, file, ptr, jget(roles, parts[i].key), SYN_ROLE, parts[i].role) < 0) return -1;
	}
	return 0;
}

/* The intent whose phrases hold `means`, or -1. */
static int intent_of(struct cc *c, const char *means)
{
	char f[MAX_PHRASE];
	text_fold_words(means, f, sizeof f);
	for (uint32_t i = 0; i < c->nsyns; i++) {
		const struct cat_syn *sy = syn_at(c, i);
		if (sy->kind == SYN_INTENT && strcmp(cc_pool(c, sy->phrase), f) == 0) return (int)sy->target;
	}
	return -1;
}

/* roles.<key> names an intent by one of its phrases: what an event in a source app asks (trigger_means: "when a
 * new row is added in Google Sheets"), what a further verb whose object is an app asks once a task's items are in
 * hand (record_means: "and update Google Sheets with the email details"), what a verb writing a file format the
 * caller keeps asks (format_means: "export the issues as CSV"). */
static int means_intent(struct cc *c, const char *file, struct json_object *roles, const char *key, uint32_t *out)
{
	char ptr[64];
	const char *means = jget_str(roles, key);
	int i = intent_of(c, means);
	snprintf(ptr, sizeof ptr, "/roles/%s", key);
	if (i < 0) return cc_fail(c, file, ptr, "\"%s\" is no intent phrase", means);
	*out = (uint32_t)i;
	return 0;
}

/* An arrow stands for the intent that has the phrase arrow_means: arrows point at that intent. */
static int arrow_intent(struct cc *c, const char *file, const char *means)
{
	int i = intent_of(c, means);
	if (i < 0) return cc_fail(c, file, "/roles/arrow_means", "\"%s\" is no intent phrase", means);
	c->copy_intent = (uint32_t)i;
	for (uint32_t k = 0; k < c->nsyns && syn_at(c, k)->kind == SYN_ARROW; k++)
		((struct cat_syn *)c->syns.p)[k].target = (uint32_t)i;
	return 0;
}

/* Phrases that name one thing (an app, a family, a product outside the catalog): one phrase, one name. */
static bool names_apps(uint32_t kind)
{
	return kind == SYN_APP || kind == SYN_FAMILY || kind == SYN_PRODUCT || kind == SYN_FAMILY_PRODUCT;
}

static const char *named_as(uint32_t kind)
{
	return kind == SYN_FAMILY ? "a family" : kind == SYN_APP ? "an app" : kind == SYN_PRODUCT || kind == SYN_FAMILY_PRODUCT ? "a product outside the catalog"
		: "a generic word";
}

/* outside.json: products people automate with beside the ten apps, and actions no task performs. Their
 * phrases join the vocabulary (check_phrases refuses one that also names an app, a family or a kind). */
static int outside_add(struct cc *c, const char *file, const char *ptr, struct cat_outside rec, struct json_object *phrases,
	uint32_t kind)
{
	for (uint32_t i = 0; i < c->noutside; i++) {
		const struct cat_outside *o = (const struct cat_outside *)c->outside.p + i;
		if (o->action == rec.action && strcmp(cc_pool(c, o->name), cc_pool(c, rec.name)) == 0)
			return cc_fail(c, file, ptr, "\"%s\" is listed twice", cc_pool(c, rec.name));
	}
	if (rec.name == CAT_NONE || (phrases && phrase_list(c, file, ptr, phrases, kind, c->noutside) < 0)) return -1;
	if (buf_add(&c->outside, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
	c->noutside++;
	return 0;
}

/* A product's family and the short names it has where that family is named ("chat" for Google Chat):
 * SYN_FAMILY_PRODUCT phrases of the product about to be added. */
static int product_family(struct cc *c, const char *file, size_t i, struct json_object *e, struct cat_outside *rec)
{
	const char *fam = jget_str(e, "family");
	struct json_object *short_names = jget(e, "family_phrases");
	char ptr[160];
	snprintf(ptr, sizeof ptr, "/products/%zu/family", i);
	if (!fam) return short_names ? cc_fail(c, file, ptr, "family_phrases need the product's family") : 0;
	for (uint32_t f = 0; f < c->nfamilies && rec->family == CAT_NONE; f++)
		if (strcmp(cc_pool(c, ((const struct cat_family *)c->families.p)[f].id), fam) == 0) rec->family = f;
	if (rec->family == CAT_NONE) return cc_fail(c, file, ptr, "\"%s\" is no family of synonyms.json", fam);
	snprintf(ptr, sizeof ptr, "/products/%zu/family_phrases", i);
	return short_names ? phrase_list(c, file, ptr, short_names, SYN_FAMILY_PRODUCT, c->noutside) : 0;
}

/* The action outside.json's member key names, into *out: its index among the outside entries. */
static int action_named(struct cc *c, const char *file, struct json_object *src, const char *key, uint32_t *out)
{
	const char *name = jget_str(src, key);
	for (uint32_t k = 0; k < c->noutside; k++) {
		const struct cat_outside *o = (const struct cat_outside *)c->outside.p + k;
		if (o->action && strcmp(cc_pool(c, o->name), name) == 0) {
			*out = k;
			return 0;
		}
	}
	char ptr[40];
	snprintf(ptr, sizeof ptr, "/%s", key);
	return cc_fail(c, file, ptr, "\"%s\" is no action", name);
}

/* Whether a task has a step of capability cap. */
static bool task_plans(const struct cc *c, uint32_t cap)
{
	for (uint32_t k = 0; k < c->nsteps; k++)
		if (((const struct cat_step *)c->steps.p)[k].cap == cap) return true;
	return false;
}

/* An action's capability: one the catalog documents and no task plans ("delete a file" asks file.delete, which
 * no task has: the request asks an action no task performs, and the answer can say what is documented). */
static int action_capability(struct cc *c, const char *file, size_t i, struct json_object *e, uint32_t *out)
{
	const char *id = jget_str(e, "capability");
	if (!id) return 0;
	char ptr[48];
	snprintf(ptr, sizeof ptr, "/actions/%zu/capability", i);
	int cap = vocab_index(VOCAB_CAPABILITIES, id); /* one of them: the shape admits no other */
	if (task_plans(c, (uint32_t)cap)) return cc_fail(c, file, ptr, "a task plans %s: no action outside the catalog", id);
	*out = (uint32_t)cap;
	return 0;
}

/* Every capability that has phrases and no task is some action's, so that the planner can name what it asks. */
static int untested_caps_named(struct cc *c, const char *file)
{
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = (const struct cat_syn *)c->syns.p + s;
		if (sy->kind != SYN_CAP || task_plans(c, sy->target)) continue;
		bool named = false;
		for (uint32_t k = 0; k < c->noutside && !named; k++)
			named = ((const struct cat_outside *)c->outside.p)[k].capability == sy->target;
		if (!named)
			return cc_fail(c, file, "/actions", "no action names the capability %s, which no task plans and the "
				"vocabulary has phrases for", VOCAB_CAPABILITIES[sy->target]);
	}
	return 0;
}

static int compile_outside(struct cc *c)
{
	const char *file = "outside.json";
	struct json_object *src = cc_load(c, file, &SRC_OUTSIDE);
	if (!src) return -1;
	struct json_object *kinds = jget(src, "product_kinds"), *products = jget(src, "products"), *actions = jget(src, "actions");
	struct json_object *message_kinds = jget(src, "message_kinds");
	char ptr[160];
	int rc = 0;
	for (size_t i = 0; i < json_object_array_length(message_kinds) && rc == 0; i++) {
		snprintf(ptr, sizeof ptr, "/message_kinds/%zu", i);
		const char *kind = json_object_get_string(json_object_array_get_idx(message_kinds, i));
		if (!jarr_has_str(kinds, kind)) rc = cc_fail(c, file, ptr, "kind \"%s\" is not in product_kinds", kind);
	}
	for (size_t i = 0; i < json_object_array_length(products) && rc == 0; i++) {
		struct json_object *e = json_object_array_get_idx(products, i);
		const char *kind = jget_str(e, "kind");
		snprintf(ptr, sizeof ptr, "/products/%zu/kind", i);
		if (!jarr_has_str(kinds, kind)) { rc = cc_fail(c, file, ptr, "kind \"%s\" is not in product_kinds", kind); break; }
		snprintf(ptr, sizeof ptr, "/products/%zu/phrases", i);
		struct cat_outside rec = { .name = cc_str(c, jget_str(e, "name")), .kind = cc_str(c, kind), .title_en = CAT_NONE,
			.title_de = CAT_NONE, .title_text = CAT_NONE, .family = CAT_NONE, .capability = CAT_NONE,
			.flags = (jget(e, "runtime") && json_object_get_boolean(jget(e, "runtime")) ? OUT_RUNTIME : 0u) |
				(jget(e, "as_written") && json_object_get_boolean(jget(e, "as_written")) ? OUT_AS_WRITTEN : 0u) |
				(jarr_has_str(message_kinds, kind) ? OUT_MESSAGES : 0u) };
		rc = product_family(c, file, i, e, &rec);
		if (rc == 0) rc = outside_add(c, file, ptr, rec, jget(e, "phrases"), SYN_PRODUCT);
	}
	for (size_t i = 0; i < json_object_array_length(actions) && rc == 0; i++) {
		struct json_object *e = json_object_array_get_idx(actions, i), *t = jget(e, "title");
		snprintf(ptr, sizeof ptr, "/actions/%zu/phrases", i);
		bool unknown = strcmp(jget_str(e, "action"), jget_str(src, "unknown_action")) == 0;
		if (unknown == (jget(e, "phrases") != NULL)) {
			rc = cc_fail(c, file, ptr, unknown ? "the unknown_action has no phrases" : "an action needs phrases");
			break;
		}
		struct cat_outside rec = { .name = cc_str(c, jget_str(e, "action")), .kind = CAT_NONE, .action = 1, .family = CAT_NONE,
			.title_en = cc_str(c, jget_str(t, "en")), .title_de = cc_str(c, jget_str(t, "de")),
			.flags = (jget(e, "thing") && json_object_get_boolean(jget(e, "thing")) ? OUT_THING : 0u) |
				(jget(e, "in_place") && json_object_get_boolean(jget(e, "in_place")) ? OUT_IN_PLACE : 0u) |
				(jget(e, "findable") && json_object_get_boolean(jget(e, "findable")) ? OUT_FINDABLE : 0u) |
				(jget(e, "sorts") && json_object_get_boolean(jget(e, "sorts")) ? OUT_SORTS : 0u) |
				(jget(e, "messages") && json_object_get_boolean(jget(e, "messages")) ? OUT_BY_MESSENGER : 0u),
			.capability = CAT_NONE };
		rc = action_capability(c, file, i, e, &rec.capability);
		if (rc) break;
		rec.title_text = cc_langtext(c, rec.title_en, rec.title_de);
		rc = rec.title_text == CAT_NONE ? cc_fail(c, file, ptr, "out of memory")
			: outside_add(c, file, ptr, rec, jget(e, "phrases"), SYN_ACTION);
	}
	if (rc == 0) rc = untested_caps_named(c, file);
	/* copying the one app named, as the verb's object, is this action ("copy the Google Sheet"); a verb the
	 * vocabulary lacks, leading a request about one app, asks for the other (it has no phrases) */
	if (rc == 0) rc = action_named(c, file, src, "copy_in_place", &c->copy_in_place);
	if (rc == 0) rc = action_named(c, file, src, "unknown_action", &c->unknown_action);
	/* files copied into a code host are committed, which nothing plans ("back up my workflows to GitHub") */
	if (rc == 0) rc = action_named(c, file, src, "copy_into_codehost", &c->copy_into_codehost);
	json_object_put(src);
	return rc;
}

/* The outside.json entry ("/products/3/phrases") of one of its phrases: products are compiled first. */
static void outside_entry(const struct cc *c, const struct cat_syn *sy, char *buf, size_t n)
{
	uint32_t nproducts = 0;
	for (uint32_t k = 0; k < c->noutside; k++) nproducts += !((const struct cat_outside *)c->outside.p)[k].action;
	bool action = sy->kind == SYN_ACTION;
	snprintf(buf, n, "/%s/%u/%s", action ? "actions" : "products", action ? sy->target - nproducts : sy->target,
		sy->kind == SYN_FAMILY_PRODUCT ? "family_phrases" : "phrases");
}

/* The checks a data file of words needs: one phrase may not name two apps, an app name may not be a
 * generic word, and a one-word phrase that is a stop word would never match. syn_first: the first syn
 * index of this file; ptr_of gives a pointer for syn i. */
static int check_phrases(struct cc *c, uint32_t first, uint32_t outside_first)
{
	char where[64];
	for (uint32_t i = first; i < c->nsyns; i++) {
		const struct cat_syn *a = syn_at(c, i);
		if (a->kind == SYN_ARROW) continue;
		const char *pa = cc_pool(c, a->phrase);
		/* outside.json's phrases come last: a clash names the later phrase's entry */
		const char *file = i >= outside_first ? "outside.json" : "synonyms.json";
		if (i >= outside_first) outside_entry(c, a, where, sizeof where);
		for (uint32_t k = first; k < i; k++) {
			const struct cat_syn *b = syn_at(c, k);
			if (b->kind == SYN_ARROW || strcmp(pa, cc_pool(c, b->phrase)) != 0) continue;
			if (a->kind == SYN_STOP && b->kind == SYN_STOP)
				return cc_fail(c, file, "/stopwords", "stop word \"%s\" is listed twice", pa);
			bool apps = names_apps(a->kind) || names_apps(b->kind);
			if (apps && (a->kind != b->kind || a->target != b->target))
				return cc_fail(c, file, i >= outside_first ? where : "/apps", "\"%s\" names %s twice: once as %s, once as %s", pa,
					a->kind == SYN_APP_KIND || b->kind == SYN_APP_KIND ? "an app and a kind of app" :
					a->kind == SYN_PRODUCT && b->kind == SYN_PRODUCT ? "two products" : "two apps",
					named_as(b->kind), named_as(a->kind));
			/* an action outside the catalog that is also a catalog verb or capability would be read as both */
			bool action = a->kind == SYN_ACTION || b->kind == SYN_ACTION;
			const struct cat_syn *act = a->kind == SYN_ACTION ? a : b, *oth = act == a ? b : a;
			/* ... unless it acts in place and the other is a one-word verb: the planner decides per request */
			bool in_place = action && oth->kind == SYN_INTENT && act->words == 1 &&
				(((const struct cat_outside *)c->outside.p)[act->target].flags & OUT_IN_PLACE);
			if (action && !in_place && (oth->kind == SYN_INTENT || oth->kind == SYN_CAP || oth->kind == SYN_TASK || (oth->kind == SYN_ACTION && oth->target != act->target)))
				return cc_fail(c, file, i >= outside_first ? where : "/actions", "\"%s\" is an action outside the catalog and a phrase of the catalog's own", pa);
			bool stop = a->kind == SYN_STOP || b->kind == SYN_STOP;
			const struct cat_syn *other = a->kind == SYN_STOP ? b : a;
			if (stop && other->kind != SYN_ROLE && other->words == 1)
				return cc_fail(c, file, i >= outside_first ? where : "/stopwords", "\"%s\" is a stop word and a phrase: it would never match", pa);
		}
	}
	return 0;
}

/* A task's search text gains its synonym phrases and subject words, so their words count for it. */
static int append_task_words(struct cc *c, uint32_t t)
{
	struct cat_task *rec = (struct cat_task *)c->tasks.p + t;
	struct printbuf *pb = printbuf_new();
	if (!pb) return -1;
	sprintbuf(pb, "%s", cc_pool(c, rec->search));
	for (uint32_t s = 0; s < c->nsyns; s++) {
		const struct cat_syn *sy = syn_at(c, s);
		if ((sy->kind == SYN_TASK || sy->kind == SYN_SUBJECT) && sy->target == t)
			sprintbuf(pb, " %s", cc_pool(c, sy->phrase));
		if (sy->kind == SYN_SUBJECT && sy->target == t) rec->subject = 1;
	}
	rec->search = cc_str(c, pb->buf);
	printbuf_free(pb);
	return rec->search == CAT_NONE ? -1 : 0;
}

/* ---- the word index ---- */

struct occ {
	char *w;
	uint64_t tasks;
	uint32_t stop;
	int syn;              /* -1: the word occurs without starting a phrase */
	uint32_t syn_words;
};

struct occs {
	struct occ *v;
	size_t n, cap;
};

static int occ_add(struct occs *o, const char *w, size_t len, uint64_t tasks, uint32_t stop, int syn, uint32_t words)
{
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 1024;
		struct occ *v = realloc(o->v, cap * sizeof *v);
		if (!v) return -1;
		o->v = v;
		o->cap = cap;
	}
	char *s = strndup(w, len);
	if (!s) return -1;
	o->v[o->n++] = (struct occ){ .w = s, .tasks = tasks, .stop = stop, .syn = syn, .syn_words = words };
	return 0;
}

/* By word; for one word, phrases with more words first (the longest match is tried first), then in
 * source order. */
static int cmp_occ(const void *a, const void *b)
{
	const struct occ *x = a, *y = b;
	int r = strcmp(x->w, y->w);
	if (r) return r;
	if ((x->syn < 0) != (y->syn < 0)) return x->syn < 0 ? -1 : 1;
	if (x->syn_words != y->syn_words) return x->syn_words > y->syn_words ? -1 : 1;
	return x->syn < y->syn ? -1 : x->syn > y->syn;
}

static int collect_words(struct cc *c, struct occs *o)
{
	for (uint32_t t = 0; t < c->ntasks; t++) {
		const char *s = cc_pool(c, ((const struct cat_task *)c->tasks.p)[t].search);
		while (*s) {
			size_t n = strcspn(s, " ");
			if (n && occ_add(o, s, n, 1ull << t, 0, -1, 0) < 0) return -1;
			s += n;
			while (*s == ' ') s++;
		}
	}
	for (uint32_t i = 0; i < c->nsyns; i++) {
		const struct cat_syn *sy = syn_at(c, i);
		if (sy->kind == SYN_ARROW) continue;
		const char *s = cc_pool(c, sy->phrase);
		for (bool first = true; *s; first = false) {
			size_t n = strcspn(s, " ");
			if (occ_add(o, s, n, 0, sy->kind == SYN_STOP, first ? (int)i : -1, sy->words) < 0) return -1;
			s += n;
			while (*s == ' ') s++;
		}
	}
	return 0;
}

struct typo {
	uint64_t hash;
	uint32_t word;
};

static int cmp_typo(const void *a, const void *b)
{
	const struct typo *x = a, *y = b;
	if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
	return x->word < y->word ? -1 : x->word > y->word;
}

/* Every vocabulary word of five letters or more, and each of its one-letter deletions: a query word
 * one edit away shares one of these hashes with it (deleting from both sides finds substitutions and
 * swaps too). */
static int build_typos(struct cc *c)
{
	const struct cat_word *w = (const struct cat_word *)c->words.p;
	size_t n = 0, cap = 0;
	struct typo *v = NULL;
	for (uint32_t i = 0; i < c->nwords; i++) {
		if (w[i].len < 5 || w[i].stop) continue;
		const char *s = cc_pool(c, w[i].word);
		char tmp[MAX_PHRASE];
		for (uint32_t d = 0; d <= w[i].len; d++) {
			if (n == cap) {
				cap = cap ? cap * 2 : 4096;
				struct typo *nv = realloc(v, cap * sizeof *v);
				if (!nv) { free(v); return cc_fail(c, "synonyms.json", "", "out of memory"); }
				v = nv;
			}
			size_t len = 0;
			for (uint32_t k = 0; k < w[i].len; k++) if (k != d) tmp[len++] = s[k];
			v[n++] = (struct typo){ .hash = text_hash(tmp, len), .word = i };
		}
	}
	if (n) qsort(v, n, sizeof *v, cmp_typo);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (i && v[i].hash == v[i - 1].hash && v[i].word == v[i - 1].word) continue;
		struct cat_typo rec = { .hash = v[i].hash, .word = v[i].word };
		rc = buf_add(&c->typos, &rec, sizeof rec);
		if (rc == 0) c->ntypos++;
	}
	free(v);
	return rc < 0 ? cc_fail(c, "synonyms.json", "", "out of memory") : 0;
}

/* Puts a key (the word range [first, first + count), len bytes of its first word) into table t of n
 * slots: the first free slot from its hash on. */
static void wslot_put(const struct cc *c, struct cat_wslot *t, uint32_t n, uint32_t first, uint32_t count, size_t len)
{
	const struct cat_word *w = (const struct cat_word *)c->words.p + first;
	uint32_t i = (uint32_t)text_hash(cc_pool(c, w->word), len) & (n - 1);
	while (t[i].count) i = (i + 1) & (n - 1);
	t[i] = (struct cat_wslot){ .first = first, .count = count };
}

/* A table of at least twice as many slots as keys, a power of two. */
static struct cat_wslot *wtable_new(struct buf *b, uint32_t keys, uint32_t *n)
{
	*n = keys ? 2 : 0;
	while (*n && *n < 2 * keys) *n *= 2;
	struct cat_wslot none = { 0 };
	for (uint32_t i = 0; i < *n; i++) if (buf_add(b, &none, sizeof none) < 0) return NULL;
	return (struct cat_wslot *)b->p;
}

/* The word index hashed: every word by its bytes, and every range of words sharing their first
 * CAT_STEM letters by those, so that a query word costs one probe rather than a binary search. */
static int build_word_tables(struct cc *c)
{
	const struct cat_word *w = (const struct cat_word *)c->words.p;
	uint32_t stems = 0;
	for (uint32_t i = 0; i < c->nwords; i++)
		stems += w[i].len >= CAT_STEM && (!i || strncmp(cc_pool(c, w[i - 1].word), cc_pool(c, w[i].word), CAT_STEM) != 0);
	struct cat_wslot *wt = wtable_new(&c->wordhash, c->nwords, &c->nwordhash);
	struct cat_wslot *st = wtable_new(&c->stemhash, stems, &c->nstemhash);
	if ((c->nwords && !wt) || (stems && !st)) return cc_fail(c, "synonyms.json", "", "out of memory");
	for (uint32_t i = 0; i < c->nwords; i++) wslot_put(c, wt, c->nwordhash, i, 1, w[i].len);
	for (uint32_t i = 0; i < c->nwords;) {
		uint32_t j = i + 1;
		if (w[i].len < CAT_STEM) { i = j; continue; }
		while (j < c->nwords && strncmp(cc_pool(c, w[i].word), cc_pool(c, w[j].word), CAT_STEM) == 0) j++;
		wslot_put(c, st, c->nstemhash, i, j - i, CAT_STEM);
		i = j;
	}
	return 0;
}

/* Distinct words of every task text and phrase, sorted; each knows its tasks and the phrases it
 * starts. The planner looks every query word up here instead of comparing it with every phrase. */
static int build_words(struct cc *c)
{
	if (c->ntasks > 64) return cc_fail(c, "tasks.json", "/tasks", "more than 64 tasks do not fit the word index");
	struct occs o = { 0 };
	int rc = collect_words(c, &o);
	if (rc == 0 && o.n) qsort(o.v, o.n, sizeof *o.v, cmp_occ);
	for (size_t i = 0; rc == 0 && i < o.n;) {
		size_t j = i;
		struct cat_word rec = { .word = cc_str(c, o.v[i].w), .len = (uint32_t)strlen(o.v[i].w), .syn_first = c->nlists };
		for (; j < o.n && strcmp(o.v[j].w, o.v[i].w) == 0; j++) {
			rec.tasks |= o.v[j].tasks;
			rec.stop |= o.v[j].stop;
			if (o.v[j].syn >= 0 && (j == i || o.v[j].syn != o.v[j - 1].syn)) {
				if (cc_list_add(c, (uint32_t)o.v[j].syn) < 0) rc = -1;
				rec.syn_count++;
				const struct cat_syn *sy = &((const struct cat_syn *)c->syns.p)[o.v[j].syn];
				rec.starts |= 1u << sy->kind;
				if (sy->kind == SYN_ROLE && sy->target < 64) rec.roles |= 1ull << sy->target;
			}
		}
		if (rc == 0 && buf_add(&c->words, &rec, sizeof rec) < 0) rc = -1;
		if (rc == 0) c->nwords++;
		i = j;
	}
	for (size_t i = 0; i < o.n; i++) free(o.v[i].w);
	free(o.v);
	if (rc < 0) return cc_fail(c, "synonyms.json", "", "out of memory");
	return build_word_tables(c) < 0 ? -1 : build_typos(c);
}

int cc_compile_synonyms(struct cc *c)
{
	static const struct { const char *list, *key; const char *const *vocab; uint32_t kind; } groups[] = {
		{ "apps", "app", VOCAB_APPS, SYN_APP }, { "app_kinds", "kind", VOCAB_APP_KINDS, SYN_APP_KIND },
		{ "tasks", "task", VOCAB_TASKS, SYN_TASK }, { "capabilities", "capability", VOCAB_CAPABILITIES, SYN_CAP } };
	const char *file = "synonyms.json";
	struct json_object *src = cc_load(c, file, &SRC_SYNONYMS);
	if (!src) return -1;
	uint32_t first = c->nsyns;
	/* arrows first: the planner finds them by reading the phrase list from its start */
	int rc = first ? cc_fail(c, file, "", "phrases compiled twice")
		: phrase_list(c, file, "/roles/arrows", jget(jget(src, "roles"), "arrows"), SYN_ARROW, ROLE_NONE);
	char ptr[160];
	for (size_t g = 0; g < sizeof groups / sizeof *groups && rc == 0; g++) {
		struct json_object *list = jget(src, groups[g].list);
		for (size_t i = 0; i < json_object_array_length(list) && rc == 0; i++) {
			struct json_object *e = json_object_array_get_idx(list, i);
			uint32_t target = (uint32_t)vocab_index(groups[g].vocab, jget_str(e, groups[g].key));
			snprintf(ptr, sizeof ptr, "/%s/%zu/phrases", groups[g].list, i);
			rc = phrase_list(c, file, ptr, jget(e, "phrases"), groups[g].kind, target);
			if (rc == 0 && jget(e, "subject")) {
				snprintf(ptr, sizeof ptr, "/%s/%zu/subject", groups[g].list, i);
				if (!((const struct cat_task *)c->tasks.p)[target].generic)
					rc = cc_fail(c, file, ptr, "only a generic task has a subject: \"%s\" binds its apps itself",
						jget_str(e, groups[g].key));
				else
					rc = phrase_list(c, file, ptr, jget(e, "subject"), SYN_SUBJECT, target);
			}
		}
	}
	if (rc == 0) rc = compile_families(c, file, jget(src, "families"));
	if (rc == 0) rc = compile_intents(c, file, jget(src, "intents"));
	if (rc == 0) rc = compile_roles(c, file, jget(src, "roles"));
	if (rc == 0) rc = arrow_intent(c, file, jget_str(jget(src, "roles"), "arrow_means"));
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "trigger_means", &c->trigger_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "record_means", &c->record_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "format_means", &c->format_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "addressed_means", &c->addressed_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "store_means", &c->store_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "become_means", &c->become_intent);
	if (rc == 0) rc = means_intent(c, file, jget(src, "roles"), "joined_means", &c->joined_intent);
	if (rc == 0) rc = phrase_list(c, file, "/stopwords", jget(src, "stopwords"), SYN_STOP, 0);
	/* how a request is posed ("feature request", "via the API"): understood like a stop word */
	if (rc == 0) rc = phrase_list(c, file, "/framing", jget(src, "framing"), SYN_STOP, 0);
	/* the people a request names as sender or recipient ("my accountant", "die Kollegen"): no task's word */
	if (rc == 0) rc = phrase_list(c, file, "/persons", jget(src, "persons"), SYN_STOP, STOP_PERSON);
	/* the days a request names by a word ("tomorrow", "heute"): a stop word; where something is on them, the calendar */
	if (rc == 0) rc = phrase_list(c, file, "/days", jget(src, "days"), SYN_STOP, STOP_DAY);
	/* how a request is signed off ("Thanks, Marco", "danke"): a stop word closing the request's last clause */
	if (rc == 0) rc = phrase_list(c, file, "/signoffs", jget(src, "signoffs"), SYN_STOP, STOP_SIGNOFF);
	if (rc == 0) rc = cc_compile_dictionary(c, jget(src, "ordinary"));
	uint32_t outside_first = c->nsyns;
	if (rc == 0) rc = compile_outside(c);
	if (rc == 0) rc = check_phrases(c, first, outside_first);
	for (uint32_t t = 0; t < c->ntasks && rc == 0; t++)
		if (append_task_words(c, t) < 0) rc = cc_fail(c, file, "", "out of memory");
	if (rc == 0) rc = build_words(c);
	json_object_put(src);
	return rc;
}

/* ---- scope implications ---- */

static const struct cat_scope *ranked(const struct cc *c, uint32_t app, const char *scope)
{
	for (uint32_t i = 0; i < c->nscopes; i++) {
		const struct cat_scope *s = (const struct cat_scope *)c->scopes.p + i;
		if (s->app == app && strcmp(cc_pool(c, s->scope), scope) == 0) return s;
	}
	return NULL;
}

/* Calls fn for every entry of the array `list` of file (validated against shape); stops at an error. */
static int each_entry(struct cc *c, const char *file, const struct schema *shape, const char *list,
	int (*fn)(struct cc *c, const char *file, size_t i, struct json_object *e))
{
	struct json_object *src = cc_load(c, file, shape);
	if (!src) return -1;
	struct json_object *l = jget(src, list);
	int rc = 0;
	for (size_t i = 0; i < json_object_array_length(l) && rc == 0; i++) rc = fn(c, file, i, json_object_array_get_idx(l, i));
	json_object_put(src);
	return rc;
}

static int implication(struct cc *c, const char *file, size_t i, struct json_object *e)
{
	struct json_object *inc = jget(e, "includes"), *source = jget(e, "source"), *st = jget(source, "statement");
	uint32_t app = (uint32_t)vocab_index(VOCAB_APPS, jget_str(e, "app"));
	const char *broader = jget_str(e, "scope");
	char ptr[160];
	for (size_t k = 0; k < json_object_array_length(inc); k++) {
		const char *narrower = json_object_get_string(json_object_array_get_idx(inc, k));
		snprintf(ptr, sizeof ptr, "/implications/%zu/includes/%zu", i, k);
		if (strcmp(narrower, broader) == 0) return cc_fail(c, file, ptr, "a scope cannot include itself");
		if (!ranked(c, app, narrower))
			return cc_fail(c, file, ptr, "\"%s\" is not a scope of %s (scope_order.json)", narrower, VOCAB_APPS[app]);
		for (uint32_t q = 0; q < c->nimplied; q++) {
			const struct cat_implied *p = (const struct cat_implied *)c->implied.p + q;
			if (p->app == app && strcmp(cc_pool(c, p->broader), broader) == 0 && strcmp(cc_pool(c, p->narrower), narrower) == 0)
				return cc_fail(c, file, ptr, "%s including %s is stated twice", broader, narrower);
		}
		struct cat_implied rec = { .broader = cc_str(c, broader), .narrower = cc_str(c, narrower),
			.url = cc_str(c, jget_str(source, "url")), .statement_en = cc_str(c, jget_str(st, "en")),
			.statement_de = cc_str(c, jget_str(st, "de")), .app = app };
		rec.statement_text = cc_langtext(c, rec.statement_en, rec.statement_de);
		if (rec.statement_text == CAT_NONE || buf_add(&c->implied, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
		c->nimplied++;
	}
	return 0;
}

int cc_compile_implied(struct cc *c)
{
	return each_entry(c, "scope_implications.json", &SRC_IMPLIED, "implications", implication);
}

/* ---- operation inputs and request addresses ---- */

static int op_index(const struct cc *c, uint32_t app, const char *id)
{
	for (uint32_t k = c->app_ops[app][0]; k < c->app_ops[app][0] + c->app_ops[app][1]; k++)
		if (strcmp(cc_pool(c, op_rec(c, k)->id), id) == 0) return (int)k;
	return -1;
}

static int occurrences(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + strlen(needle), needle)) n++;
	return n;
}

static int compile_input(struct cc *c, const char *file, const char *ptr, uint32_t k, struct json_object *in)
{
	const struct cat_op *op = op_rec(c, k);
	const char *name = jget_str(in, "name"), *place = jget_str(in, "in"), *found = jget_str(in, "found_by");
	int occ = json_object_get_int(jget(in, "occurrence"));
	if (strcmp(place, "path") == 0 && occurrences(cc_pool(c, op->path), name) < occ)
		return cc_fail(c, file, ptr, "%s does not occur %d time(s) in the path of %s", name, occ, cc_pool(c, op->id));
	if (found && jget(in, "fixed"))
		return cc_fail(c, file, ptr, "an input is either found by an operation or fixed, not both");
	uint32_t cap = found ? (uint32_t)vocab_index(VOCAB_CAPABILITIES, found) : CAT_NONE;
	if (found && (cap == op->cap || !cc_app_documents(c, op->app, cap)))
		return cc_fail(c, file, ptr, "found_by \"%s\": %s documents no other operation for it", found,
			VOCAB_APPS[op->app]);
	struct json_object *what = jget(in, "what"), *where = jget(in, "where");
	struct cat_input rec = { .name = cc_str(c, name), .what_en = cc_str(c, jget_str(what, "en")),
		.what_de = cc_str(c, jget_str(what, "de")), .where_en = cc_str(c, jget_str(where, "en")),
		.where_de = cc_str(c, jget_str(where, "de")), .fixed = cc_str(c, jget_str(in, "fixed")),
		.found_by = cap, .occurrence = (uint32_t)occ };
	rec.what_text = cc_langtext(c, rec.what_en, rec.what_de);
	rec.where_text = cc_langtext(c, rec.where_en, rec.where_de);
	if (rec.what_text == CAT_NONE || rec.where_text == CAT_NONE || buf_add(&c->inputs, &rec, sizeof rec) < 0) return cc_fail(c, file, ptr, "out of memory");
	c->ninputs++;
	return 0;
}

/* Every {placeholder} of an operation's path is an input: a plan says where each value comes from. */
static int check_placeholders(struct cc *c, const char *file, uint32_t k)
{
	const struct cat_op *op = op_rec(c, k);
	const struct cat_opx *x = (const struct cat_opx *)c->opx.p + k;
	const char *path = cc_pool(c, op->path);
	for (const char *p = strchr(path, '{'); p; p = strchr(p + 1, '{')) {
		const char *end = strchr(p, '}');
		if (!end) break;
		size_t n = (size_t)(end - p + 1);
		int want = 0, have = 0;
		for (const char *q = strstr(path, "{"); q; q = strstr(q + 1, "{")) want += strncmp(q, p, n) == 0;
		for (uint32_t i = 0; i < x->input_count; i++) {
			const struct cat_input *in = (const struct cat_input *)c->inputs.p + x->input_first + i;
			const char *name = cc_pool(c, in->name);
			if (strlen(name) == n && strncmp(name, p, n) == 0) have++;
		}
		if (have < want)
			return cc_fail(c, file, "/operations", "%s %s: path placeholder %.*s has no input saying where it comes from",
				VOCAB_APPS[op->app], cc_pool(c, op->id), (int)n, p);
	}
	return 0;
}

static int op_inputs(struct cc *c, const char *file, size_t i, struct json_object *e)
{
	struct json_object *ins = jget(e, "inputs");
	uint32_t app = (uint32_t)vocab_index(VOCAB_APPS, jget_str(e, "app"));
	int k = op_index(c, app, jget_str(e, "operation"));
	char ptr[160];
	snprintf(ptr, sizeof ptr, "/operations/%zu/operation", i);
	if (k < 0) return cc_fail(c, file, ptr, "%s has no operation \"%s\"", VOCAB_APPS[app], jget_str(e, "operation"));
	struct cat_opx *x = (struct cat_opx *)c->opx.p + k;
	if (x->input_count) return cc_fail(c, file, ptr, "the inputs of %s are listed twice", jget_str(e, "operation"));
	x->input_first = c->ninputs;
	int rc = 0;
	for (size_t q = 0; q < json_object_array_length(ins) && rc == 0; q++) {
		snprintf(ptr, sizeof ptr, "/operations/%zu/inputs/%zu", i, q);
		rc = compile_input(c, file, ptr, (uint32_t)k, json_object_array_get_idx(ins, q));
	}
	x->input_count = c->ninputs - x->input_first;
	return rc;
}

int cc_compile_inputs(struct cc *c)
{
	const char *file = "operation_inputs.json";
	int rc = each_entry(c, file, &SRC_INPUTS, "operations", op_inputs);
	for (uint32_t k = 0; k < c->nops && rc == 0; k++) rc = check_placeholders(c, file, k);
	if (rc < 0) return -1;
	/* every operation's address and shape */
	for (uint32_t a = 0; a < c->napps; a++) {
		struct json_object *ops = jget(c->appsrc[a], "operations");
		for (uint32_t i = 0; i < c->app_ops[a][1]; i++) {
			uint32_t k = c->app_ops[a][0] + i;
			const struct cat_op *op = op_rec(c, k);
			char *url = cc_request_url(c, a, cc_pool(c, op->base_url), cc_pool(c, op->path)), shape[65];
			if (!url || catalogc_shape_hash(json_object_array_get_idx(ops, i), shape) < 0) {
				free(url);
				return cc_fail(c, "catalog", "", "out of memory");
			}
			struct cat_opx *x = (struct cat_opx *)c->opx.p + k;
			x->request_url = cc_str(c, url);
			x->shape_sha256 = cc_str(c, shape);
			free(url);
			/* each alternative's privilege record, so a request never searches the scope list */
			x->scope_rec_first = c->nlists;
			for (uint32_t s = 0; op->scope_count != CAT_NONE && s < op->scope_count; s++) {
				const char *sc = cc_pool(c, ((const uint32_t *)c->lists.p)[op->scope_first + s]);
				const struct cat_scope *rec = ranked(c, a, sc);
				x = (struct cat_opx *)c->opx.p + k;
				if (cc_list_add(c, rec ? (uint32_t)(rec - (const struct cat_scope *)c->scopes.p) : CAT_NONE) < 0)
					return cc_fail(c, "catalog", "", "out of memory");
			}
		}
	}
	return 0;
}

char *cc_request_url(struct cc *c, uint32_t app, const char *base, const char *path)
{
	if (!c->sources) {
		char file[4096];
		snprintf(file, sizeof file, "%s/sources.json", c->dir);
		c->sources = json_object_from_file(file);
	}
	struct json_object *nt = jget(jget(jget(c->sources, "apps"), VOCAB_APPS[app]), "path_neutralisation");
	return catalogc_request_url(base, path, jget_str(nt, "from"), jget_str(nt, "to"));
}

/* ---- texts ---- */

int cc_compile_texts(struct cc *c)
{
	const char *file = "planner_texts.json";
	struct json_object *src = cc_load(c, file, &SRC_TEXTS);
	if (!src) return -1;
	struct json_object *texts = jget(src, "texts");
	int rc = 0;
	char ptr[160];
	json_object_object_foreach(texts, key, val) {
		(void)val;
		if (vocab_index(VOCAB_PLAN_TEXTS, key) < 0) {
			snprintf(ptr, sizeof ptr, "/texts/%.100s", key);
			rc = cc_fail(c, file, ptr, "unknown text key \"%s\"", key);
			break;
		}
	}
	for (int k = 0; rc == 0 && VOCAB_PLAN_TEXTS[k]; k++) {
		snprintf(ptr, sizeof ptr, "/texts/%s", VOCAB_PLAN_TEXTS[k]);
		struct json_object *t = jget(texts, VOCAB_PLAN_TEXTS[k]);
		if (!t) { rc = cc_fail(c, file, ptr, "missing: every text exists in English and German"); break; }
		struct schema_error e;
		struct json_object *v = schema_validate(&SRC_TEXT, t, NULL, file, &e);
		if (!v) {
			char sub[sizeof ptr + sizeof e.pointer];
			snprintf(sub, sizeof sub, "%s%s", ptr, e.pointer);
			rc = cc_fail(c, file, sub, "%s", e.message);
			break;
		}
		struct cat_text rec = { .en = cc_str(c, jget_str(v, "en")), .de = cc_str(c, jget_str(v, "de")) };
		json_object_put(v);
		rec.text = cc_langtext(c, rec.en, rec.de);
		if (rec.text == CAT_NONE || buf_add(&c->texts, &rec, sizeof rec) < 0) rc = cc_fail(c, file, ptr, "out of memory");
		else c->ntexts++;
	}
	json_object_put(src);
	return rc;
}

/* ---- history ---- */

static int history_entry(struct cc *c, const char *file, size_t i, struct json_object *e)
{
	(void)i;
	struct cat_history rec = { .operation = cc_str(c, jget_str(e, "operation")),
		.semantic_sha256 = cc_str(c, jget_str(e, "semantic_sha256")), .revision = cc_str(c, jget_str(e, "revision")),
		.method = cc_str(c, jget_str(e, "method")), .request_url = cc_str(c, jget_str(e, "request_url")),
		.shape_sha256 = cc_str(c, jget_str(e, "shape_sha256")),
		.app = (uint32_t)vocab_index(VOCAB_APPS, jget_str(e, "app")) };
	if (buf_add(&c->history, &rec, sizeof rec) < 0) return cc_fail(c, file, "/entries", "out of memory");
	c->nhistory++;
	return 0;
}

int cc_compile_history(struct cc *c)
{
	return each_entry(c, "history.json", &SRC_HISTORY, "entries", history_entry);
}

/* ---- the tasks as the planner scores them ---- */

static bool pooled_target(const void *ctx, cat_str role)
{
	return strcmp(cc_pool(ctx, role), "target") == 0;
}

int cc_compile_ptasks(struct cc *c)
{
	const struct cat_task *tasks = (const struct cat_task *)c->tasks.p;
	for (uint32_t t = 0; t < c->ntasks; t++) {
		struct cat_ptask p;
		if (!cat_ptask_derive(&p, (const struct cat_step *)c->steps.p + tasks[t].step_first, tasks[t].step_count,
			(const struct cat_cap *)c->caps.p, pooled_target, c))
			return cc_fail(c, "tasks.json", "/tasks", "a capability or app index does not fit the planner's 64 bits");
		if (buf_add(&c->ptasks, &p, sizeof p) < 0) return cc_fail(c, "tasks.json", "/tasks", "out of memory");
	}
	return 0;
}
