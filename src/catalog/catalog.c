#define _GNU_SOURCE /* memfd_create, file seals */
#include "catalog/catalog.h"
#include "util/jsonutil.h"
#include "util/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int bad(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return -1;
}


bool cat_has(cat_str s) { return s != CAT_NONE; }

/* Section s as count records of rec bytes, bounds-checked. */
static const void *section(const struct catalog *c, int s, size_t rec, uint32_t *count)
{
	const struct cat_section *sec = &c->h->sections[s];
	if (sec->id != (uint32_t)s || sec->off > c->size || sec->size > c->size - sec->off ||
	    (rec && sec->size != (uint64_t)sec->count * rec) || sec->off % 8)
		return NULL;
	*count = sec->count;
	return c->base + sec->off;
}

static bool str_ok(const struct catalog *c, cat_str s)
{
	const struct cat_section *sec = &c->h->sections[CS_STRINGS];
	if (s == CAT_NONE) return true;
	if ((uint64_t)s + 5 > sec->size) return false;
	uint32_t len;
	memcpy(&len, c->base + sec->off + s, 4);
	return (uint64_t)s + 4 + len + 1 <= sec->size && c->base[sec->off + s + 4 + len] == '\0';
}

/* Order of entries: by type, then slug (bytewise). */
static int entry_cmp(const struct catalog *c, const struct cat_entry *e, const char *type, const char *slug)
{
	int r = strcmp(cat_s(c, e->type), type);
	return r ? r : strcmp(cat_s(c, e->slug), slug);
}

/* A reference to a string: inside the pool always; its length prefix and NUL read only when text is
 * asked for (the full checks), since reading them touches every page of the pool. A quick open stays
 * safe without them: cat_s and cat_len keep every read inside the pool. */
static bool ref_ok(const struct catalog *c, cat_str s, bool text)
{
	return text ? str_ok(c, s) : s == CAT_NONE || s < c->str_limit;
}

#define CHECK_STR(x) do { if (!ref_ok(c, (x), text)) return false; } while (0)

static bool planner_refs_ok(const struct catalog *c, bool text);
static const struct cat_wslot *wslot_find(const struct catalog *c, const struct cat_wslot *t, uint32_t n,
	const char *s, size_t len, bool whole);
static bool client_refs_ok(const struct catalog *c, bool text);

static bool refs_ok(const struct catalog *c, bool text)
{
	if (c->nreports && !c->reports) return false;
	CHECK_STR(c->meta->dataset_version); CHECK_STR(c->meta->catalog_version);
	CHECK_STR(c->meta->rule_version); CHECK_STR(c->meta->built_from);
	CHECK_STR(c->meta->connection_rule_version);
	for (uint32_t i = 0; i < c->napps; i++) {
		const struct cat_app *a = &c->apps[i];
		CHECK_STR(a->id); CHECK_STR(a->name); CHECK_STR(a->provider); CHECK_STR(a->base_url);
		CHECK_STR(a->json); CHECK_STR(a->connector_inventory); CHECK_STR(a->permission_context);
		if (a->op_first > c->nops || a->op_count > c->nops - a->op_first || a->kind >= AK_COUNT) return false;
		if (a->gap_first > c->nlists || c->ncaps > c->nlists - a->gap_first) return false;
		for (uint32_t k = 0; k < c->ncaps; k++) CHECK_STR(c->lists[a->gap_first + k]);
	}
	for (uint32_t i = 0; i < c->nops; i++) {
		const struct cat_op *o = &c->ops[i];
		CHECK_STR(o->id); CHECK_STR(o->method); CHECK_STR(o->path); CHECK_STR(o->base_url);
		CHECK_STR(o->json); CHECK_STR(o->evidence); CHECK_STR(o->semantic_sha256);
		CHECK_STR(o->revision); CHECK_STR(o->permission_context); CHECK_STR(o->view);
		if (o->app >= c->napps || o->cap >= c->ncaps) return false;
		if (o->scope_count != CAT_NONE) {
			if (o->scope_first > c->nlists || o->scope_count > c->nlists - o->scope_first) return false;
			for (uint32_t k = 0; k < o->scope_count; k++) CHECK_STR(c->lists[o->scope_first + k]);
		}
	}
	/* each app's capability mask (a bit per capability, at most 64: the compiler's list holds 38) is its operations' */
	if (c->ncaps > 64) return false;
	for (uint32_t i = 0; i < c->napps; i++) {
		uint64_t caps = 0;
		for (uint32_t k = c->apps[i].op_first; k < c->apps[i].op_first + c->apps[i].op_count; k++) caps |= 1ull << c->ops[k].cap;
		if (caps != c->apps[i].caps) return false;
	}
	for (uint32_t i = 0; i < c->ncaps; i++) {
		const struct cat_cap *p = &c->caps[i];
		CHECK_STR(p->id); CHECK_STR(p->title_en); CHECK_STR(p->title_de); CHECK_STR(p->desc_en);
		CHECK_STR(p->desc_de); CHECK_STR(p->search); CHECK_STR(p->item_head); CHECK_STR(p->item_tail);
		if (p->title_text >= c->nlangtexts) return false;
		if (p->op_first > c->nlists || p->op_count > c->nlists - p->op_first) return false;
		for (uint32_t k = 0; k < p->op_count; k++) if (c->lists[p->op_first + k] >= c->nops) return false;
	}
	for (uint32_t i = 0; i < c->ntasks; i++) {
		const struct cat_task *t = &c->tasks[i];
		CHECK_STR(t->id); CHECK_STR(t->title_en); CHECK_STR(t->title_de); CHECK_STR(t->desc_en);
		CHECK_STR(t->desc_de); CHECK_STR(t->search); CHECK_STR(t->json);
		if (t->title_text >= c->nlangtexts) return false;
		if (t->step_first > c->nsteps || t->step_count > c->nsteps - t->step_first) return false;
	}
	for (uint32_t i = 0; i < c->nsteps; i++) {
		const struct cat_step *s = &c->steps[i];
		CHECK_STR(s->role);
		if (s->cap >= c->ncaps || (s->app != CAT_NONE && s->app >= c->napps) || s->app_kind >= AK_COUNT)
			return false;
	}
	for (uint32_t i = 0; i < c->nreports; i++) {
		CHECK_STR(c->reports[i].id); CHECK_STR(c->reports[i].date); CHECK_STR(c->reports[i].json);
	}
	for (uint32_t i = 0; i < c->ndocs; i++) {
		CHECK_STR(c->docs[i].json);
		const struct cat_doc *d = &c->docs[i];
		uint32_t items = d->id == DOC_TASK ? c->ntasks : d->id == DOC_APP ? c->napps : 0;
		if (items ? d->item >= items : d->item != CAT_NONE) return false;
	}
	for (uint32_t i = 0; i < c->nops; i++) {
		const struct cat_opx *x = &c->opx[i];
		CHECK_STR(x->input); CHECK_STR(x->output); CHECK_STR(x->params); CHECK_STR(x->transformations);
		CHECK_STR(x->plan_view); CHECK_STR(x->scopes); CHECK_STR(x->notes); CHECK_STR(x->app_context);
		CHECK_STR(x->cap_title);
		if (x->plan_view == CAT_NONE || x->scopes == CAT_NONE || x->notes == CAT_NONE || x->app_context == CAT_NONE ||
		    x->cap_title == CAT_NONE) return false;
	}
	for (uint32_t i = 0; i < c->nscopes; i++) {
		CHECK_STR(c->scopes[i].scope); CHECK_STR(c->scopes[i].reason); CHECK_STR(c->scopes[i].reason_de);
		if (c->scopes[i].app >= c->napps || c->scopes[i].reason_text >= c->nlangtexts) return false;
	}
	return planner_refs_ok(c, text) && client_refs_ok(c, text);
}

bool cat_ptask_derive(struct cat_ptask *p, const struct cat_step *steps, uint32_t n, const struct cat_cap *caps,
	bool (*is_target)(const void *ctx, cat_str role), const void *ctx)
{
	memset(p, 0, sizeof *p);
	for (uint32_t k = 0; k < n; k++) {
		const struct cat_step *st = &steps[k];
		bool target = is_target(ctx, st->role), bound = st->app != CAT_NONE;
		if (st->cap >= 64 || (bound && st->app >= 64) || st->app_kind >= AK_COUNT) return false;
		uint64_t cap = 1ull << st->cap, app = bound ? 1ull << st->app : 0;
		p->caps |= cap;
		if (target) p->main_caps |= cap;
		/* the first step bound to an app gives the app its role */
		if (target && !(p->apps & app)) p->target_apps |= app;
		p->apps |= app;
		p->kind_apps[st->app_kind] |= app;
		p->kinds |= 1u << st->app_kind;
		if (target && caps[st->cap].write) {
			p->write_apps |= app;
			if (!bound) p->write_kinds |= 1u << st->app_kind;
			p->written_kinds |= 1u << st->app_kind;
		}
	}
	if (!p->main_caps && n) p->main_caps = 1ull << steps[n - 1].cap;
	return true;
}

static bool role_is_target(const void *ctx, cat_str role)
{
	return cat_equal(ctx, role, "target", 6);
}

/* Each task's scoring record is the one its steps give. */
static bool ptasks_ok(const struct catalog *c)
{
	for (uint32_t i = 0; i < c->ntasks; i++) {
		const struct cat_task *t = &c->tasks[i];
		struct cat_ptask p;
		if (!cat_ptask_derive(&p, &c->steps[t->step_first], t->step_count, c->caps, role_is_target, c) ||
		    memcmp(&p, &c->ptasks[i], sizeof p) != 0)
			return false;
	}
	return true;
}

/* A hash table of words as far as reading it safely needs: a power of two of slots, half of them free
 * at least (a miss ends at a free slot), every used one a range of words. */
static bool wtable_ranges_ok(const struct catalog *c, const struct cat_wslot *t, uint32_t n, bool whole)
{
	uint32_t used = 0;
	if (n & (n - 1)) return false;
	for (uint32_t i = 0; i < n; i++) {
		if (!t[i].count) continue;
		used++;
		if (t[i].first >= c->nwords || t[i].count > c->nwords - t[i].first || (whole && t[i].count != 1)) return false;
	}
	return used <= n / 2;
}

/* Every used slot where a lookup of its key looks (so no key twice), a stem range every word sharing
 * the stem and no other, and as many words in the tables as there are: every lookup finds its word. */
static bool wtable_ok(const struct catalog *c, const struct cat_wslot *t, uint32_t n, bool whole)
{
	uint32_t words = 0, want = 0;
	for (uint32_t i = 0; i < c->nwords; i++) want += whole || c->words[i].len >= CAT_STEM;
	for (uint32_t i = 0; i < n; i++) {
		const struct cat_wslot *sl = &t[i];
		if (!sl->count) continue;
		words += sl->count;
		const struct cat_word *w = &c->words[sl->first];
		const char *key = cat_s(c, w->word);
		size_t len = whole ? w->len : CAT_STEM;
		if (w->len < len || wslot_find(c, t, n, key, len, whole) != sl) return false;
		uint32_t end = sl->first + sl->count;
		for (uint32_t k = sl->first; !whole && k < end; k++)
			if (c->words[k].len < CAT_STEM || memcmp(cat_s(c, c->words[k].word), key, CAT_STEM) != 0) return false;
		if (!whole && ((sl->first && strncmp(cat_s(c, c->words[sl->first - 1].word), key, CAT_STEM) == 0) ||
		    (end < c->nwords && strncmp(cat_s(c, c->words[end].word), key, CAT_STEM) == 0)))
			return false;
	}
	return words == want;
}

/* The free-text resolver's tables (CAT_RESOLVER): every index in range; with text, the word index in
 * order and every word as long as it says. */
static bool resolver_refs_ok(const struct catalog *c, bool text)
{
	for (uint32_t i = 0; i < c->nsyns; i++) {
		const struct cat_syn *s = &c->syns[i];
		CHECK_STR(s->phrase);
		uint32_t lim = s->kind == SYN_APP ? c->napps : s->kind == SYN_APP_KIND ? AK_COUNT
			: s->kind == SYN_TASK || s->kind == SYN_SUBJECT ? c->ntasks : s->kind == SYN_CAP ? c->ncaps
			: s->kind == SYN_FAMILY ? c->nfamilies : s->kind == SYN_INTENT || s->kind == SYN_ARROW ? c->nintents
			: s->kind == SYN_ROLE ? ROLE_COUNT : s->kind == SYN_PRODUCT || s->kind == SYN_ACTION || s->kind == SYN_FAMILY_PRODUCT ? c->noutside
			: s->kind == SYN_STOP ? STOP_COUNT : 1;
		if (s->kind >= SYN_KIND_COUNT || s->target >= lim || s->phrase == CAT_NONE || s->words == 0 ||
		    s->flags & ~(uint32_t)SYNF_ALL || ((s->flags & ~(uint32_t)SYNF_ID) && s->words < 2) ||
		    ((s->flags & SYNF_ID) && (s->kind != SYN_APP || s->words != 1)))
			return false;
	}
	for (uint32_t i = 0; i < c->nwords; i++) {
		const struct cat_word *w = &c->words[i];
		CHECK_STR(w->word);
		if (w->word == CAT_NONE || w->len >= c->str_limit - w->word) return false; /* inside the pool */
		if (text && (w->len != strlen(cat_s(c, w->word)) ||
		    (i && strcmp(cat_s(c, c->words[i - 1].word), cat_s(c, w->word)) >= 0)))
			return false;
		if (w->syn_first > c->nlists || w->syn_count > c->nlists - w->syn_first) return false;
		uint32_t starts = 0;
		for (uint32_t k = 0; k < w->syn_count; k++) {
			if (c->lists[w->syn_first + k] >= c->nsyns) return false;
			starts |= 1u << c->syns[c->lists[w->syn_first + k]].kind;
		}
		if (starts != w->starts) return false;
	}
	if (!wtable_ranges_ok(c, c->wordhash, c->nwordhash, true) || !wtable_ranges_ok(c, c->stemhash, c->nstemhash, false))
		return false;
	for (uint32_t i = 0; i < c->ntypos; i++)
		if (c->typos[i].word >= c->nwords || (i && c->typos[i - 1].hash > c->typos[i].hash)) return false;
	const struct cat_meta *m = c->meta;
	const uint32_t intents[] = { m->trigger_intent, m->copy_intent, m->record_intent, m->format_intent, m->addressed_intent, m->store_intent,
		m->become_intent, m->joined_intent },
		actions[] = { m->copy_in_place, m->unknown_action, m->copy_into_codehost };
	for (size_t k = 0; k < sizeof intents / sizeof *intents; k++)
		if (intents[k] != CAT_NONE && intents[k] >= c->nintents) return false;
	for (size_t k = 0; k < sizeof actions / sizeof *actions; k++)  /* an action, not a product */
		if (actions[k] != CAT_NONE && (actions[k] >= c->noutside || !c->outside[actions[k]].action)) return false;
	for (uint32_t i = 0; i < c->noutside; i++) {
		const struct cat_outside *o = &c->outside[i];
		CHECK_STR(o->name);
		CHECK_STR(o->kind);
		CHECK_STR(o->title_en);
		CHECK_STR(o->title_de);
		if (o->family != CAT_NONE && (o->action || o->family >= c->nfamilies)) return false;
		if (o->name == CAT_NONE || (o->action ? o->title_text >= c->nlangtexts || o->title_en == CAT_NONE || o->title_de == CAT_NONE
			: o->kind == CAT_NONE)) return false;
	}
	for (uint32_t i = 0; i < c->nfamilies; i++) {
		CHECK_STR(c->families[i].id);
		for (int k = 0; k < AK_COUNT; k++) {
			if (c->families[i].apps[k] != CAT_NONE && c->families[i].apps[k] >= c->napps) return false;
			CHECK_STR(c->families[i].short_name[k]);
		}
	}
	return true;
}

/* The rest of the planner's sections: every index in range. */
static bool planner_refs_ok(const struct catalog *c, bool text)
{
	for (uint32_t i = 0; i < c->nimplied; i++) {
		const struct cat_implied *m = &c->implied[i];
		CHECK_STR(m->broader); CHECK_STR(m->narrower); CHECK_STR(m->url); CHECK_STR(m->statement_en);
		CHECK_STR(m->statement_de);
		if (m->app >= c->napps || m->statement_text >= c->nlangtexts) return false;
	}
	for (uint32_t i = 0; i < c->ninputs; i++) {
		const struct cat_input *in = &c->inputs[i];
		CHECK_STR(in->name); CHECK_STR(in->what_en); CHECK_STR(in->what_de); CHECK_STR(in->where_en);
		CHECK_STR(in->where_de); CHECK_STR(in->fixed);
		if (in->found_by != CAT_NONE && in->found_by >= c->ncaps) return false;
		if (in->what_text >= c->nlangtexts || in->where_text >= c->nlangtexts) return false;
	}
	for (uint32_t i = 0; i < c->nops; i++) {
		const struct cat_opx *x = &c->opx[i];
		CHECK_STR(x->request_url); CHECK_STR(x->shape_sha256);
		if (x->input_first > c->ninputs || x->input_count > c->ninputs - x->input_first) return false;
		uint32_t ns = c->ops[i].scope_count == CAT_NONE ? 0 : c->ops[i].scope_count;
		if (x->scope_rec_first > c->nlists || ns > c->nlists - x->scope_rec_first) return false;
		for (uint32_t k = 0; k < ns; k++)
			if (c->lists[x->scope_rec_first + k] != CAT_NONE && c->lists[x->scope_rec_first + k] >= c->nscopes) return false;
	}
	if (c->ntexts != PT_COUNT) return false;
	for (uint32_t i = 0; i < c->ntexts; i++) {
		CHECK_STR(c->texts[i].en); CHECK_STR(c->texts[i].de);
		if (c->texts[i].text >= c->nlangtexts) return false;
	}
	/* every order present: the planner appends these without looking */
	for (uint32_t i = 0; i < c->nlangtexts; i++)
		for (int k = 0; k < LO_COUNT; k++) {
			CHECK_STR(c->langtexts[i].json[k]);
			if (c->langtexts[i].json[k] == CAT_NONE) return false;
		}
	for (uint32_t i = 0; i < c->nhistory; i++) {
		const struct cat_history *h = &c->history[i];
		CHECK_STR(h->operation); CHECK_STR(h->semantic_sha256); CHECK_STR(h->revision); CHECK_STR(h->method);
		CHECK_STR(h->request_url); CHECK_STR(h->shape_sha256);
		if (h->app >= c->napps) return false;
	}
	return true;
}

static bool client_refs_ok(const struct catalog *c, bool text)
{
	for (uint32_t i = 0; i < c->nclients; i++) {
		const struct cat_client *k = &c->clients[i];
		CHECK_STR(k->id); CHECK_STR(k->name); CHECK_STR(k->keys); CHECK_STR(k->json); CHECK_STR(k->root_key);
		CHECK_STR(k->type_field); CHECK_STR(k->command); CHECK_STR(k->args); CHECK_STR(k->env);
		CHECK_STR(k->url); CHECK_STR(k->http_url); CHECK_STR(k->headers); CHECK_STR(k->known);
		CHECK_STR(k->secret); CHECK_STR(k->styles); CHECK_STR(k->timeouts); CHECK_STR(k->extra); CHECK_STR(k->files); CHECK_STR(k->steps_en);
		CHECK_STR(k->steps_de);
		for (int t = 0; t < TR_COUNT; t++) {
			CHECK_STR(k->type_values[t]);
			if (k->support[t] >= SUP_COUNT) return false;
		}
		if (k->format >= CF_COUNT || k->id == CAT_NONE || k->root_key == CAT_NONE || k->command == CAT_NONE)
			return false;
	}
	return true;
}

/* Every directory entry's strings and the order the binary search relies on: linear in the directory, so
 * only a full check runs it. A quick open stays safe without it: cat_s bounds every string offset. */
static bool entries_ok(const struct catalog *c)
{
	const bool text = true;
	for (uint32_t i = 0; i < c->nentries; i++) {
		const struct cat_entry *e = &c->entries[i];
		const cat_str all[] = { e->type, e->slug, e->key, e->name, e->status, e->json, e->connections,
			e->connections_en, e->connections_de, e->levels, e->verifications, e->ver_connections,
			e->summary_en, e->summary_de, e->search_name, e->search_key, e->search_text, e->exec_clients,
			e->observation, e->observation_en, e->observation_de };
		for (size_t k = 0; k < sizeof all / sizeof *all; k++) {
			CHECK_STR(all[k]);
			if (all[k] == CAT_NONE) return false;
		}
		/* the lookup below is a binary search: the order must hold */
		if (i && entry_cmp(c, &c->entries[i - 1], cat_s(c, e->type), cat_s(c, e->slug)) >= 0) return false;
	}
	return true;
}

/* The search index's sections: sizes here, indices where they are used (directory/search.c), so that
 * opening costs the same however large the directory is. */
static int search_sections(struct catalog *c)
{
	c->dwords = section(c, CS_DWORDS, sizeof *c->dwords, &c->ndwords);
	c->dtext = section(c, CS_DTEXT, 1, &c->ndtext);
	c->dposts = section(c, CS_DPOSTS, sizeof *c->dposts, &c->ndposts);
	c->dsuffixes = section(c, CS_DSUFFIXES, sizeof *c->dsuffixes, &c->ndsuffixes);
	c->dshorts = section(c, CS_DSHORT, sizeof *c->dshorts, &c->ndshorts);
	c->dfilters = section(c, CS_DFILTERS, sizeof *c->dfilters, &c->ndfilters);
	c->dlists = section(c, CS_DLISTS, sizeof *c->dlists, &c->ndlists);
	if (!c->dwords || !c->dtext || !c->dposts || !c->dsuffixes || !c->dshorts || !c->dfilters || !c->dlists) return -1;
	if (c->ndtext && c->dtext[c->ndtext - 1] != '\0') return -1;
	return c->ndfilters ? 0 : -1;
}

uint64_t catalog_head_check(const struct cat_header *h)
{
	struct cat_header copy = *h;
	copy.head_check = 0;
	const unsigned char *p = (const unsigned char *)&copy;
	uint64_t x = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < sizeof copy; i++) x = (x ^ p[i]) * 0x100000001b3ull;
	return x;
}

int catalog_seal(unsigned char *file, size_t size)
{
	if (size < sizeof(struct cat_header) + sizeof(struct cat_trailer)) return -1;
	struct cat_header *h = (struct cat_header *)file;
	struct cat_trailer *t = (struct cat_trailer *)(file + size - sizeof *t);
	char hex[65];
	if (sha256_hex(file + sizeof *h, size - sizeof *h - sizeof *t, hex) < 0) return -1;
	for (int i = 0; i < 32; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		h->sha256[i] = (uint8_t)v;
	}
	h->size = size;
	memcpy(t->magic, CAT_TRAILER_MAGIC, 8);
	memcpy(t->sha256, h->sha256, 32);
	h->head_check = catalog_head_check(h);
	return 0;
}

/* The resolver's tables (CAT_RESOLVER), left unmapped (NULL, count 0) when a quick open is not asked for them. */
static int resolver_sections(struct catalog *c)
{
	uint32_t nptasks = 0;
	c->syns = section(c, CS_SYNONYMS, sizeof *c->syns, &c->nsyns);
	c->words = section(c, CS_WORDS, sizeof *c->words, &c->nwords);
	c->typos = section(c, CS_TYPOS, sizeof *c->typos, &c->ntypos);
	c->dictionary = section(c, CS_DICTIONARY, sizeof *c->dictionary, &c->ndictionary);
	c->families = section(c, CS_FAMILIES, sizeof *c->families, &c->nfamilies);
	c->outside = section(c, CS_OUTSIDE, sizeof *c->outside, &c->noutside);
	c->intents = section(c, CS_INTENTS, sizeof *c->intents, &c->nintents);
	c->ptasks = section(c, CS_PTASKS, sizeof *c->ptasks, &nptasks);
	c->wordhash = section(c, CS_WORDHASH, sizeof *c->wordhash, &c->nwordhash);
	c->stemhash = section(c, CS_STEMHASH, sizeof *c->stemhash, &c->nstemhash);
	c->planned_caps = c->write_caps = c->new_caps = 0;
	memset(c->cap_tasks, 0, sizeof c->cap_tasks);
	memset(c->app_tasks, 0, sizeof c->app_tasks);
	memset(c->write_app_tasks, 0, sizeof c->write_app_tasks);
	memset(c->kind_tasks, 0, sizeof c->kind_tasks);
	memset(c->copy_tasks, 0, sizeof c->copy_tasks);
	memset(c->write_kind_tasks, 0, sizeof c->write_kind_tasks);
	memset(c->written_kind_tasks, 0, sizeof c->written_kind_tasks);
	c->subject_tasks = c->generic_tasks = c->writing_tasks = 0;
	for (uint32_t t = 0; c->ptasks && t < nptasks; t++) {
		const struct cat_ptask *p = &c->ptasks[t];
		c->planned_caps |= p->caps;
		if (t >= 64) continue;
		uint64_t bit = 1ull << t;
		for (uint64_t k = p->caps; k; k &= k - 1) c->cap_tasks[__builtin_ctzll(k)] |= bit;
		for (uint64_t a = p->apps; a; a &= a - 1) c->app_tasks[__builtin_ctzll(a)] |= bit;
		for (uint64_t a = p->write_apps; a; a &= a - 1) c->write_app_tasks[__builtin_ctzll(a)] |= bit;
		if (t < c->ntasks && c->tasks[t].subject) c->subject_tasks |= bit;
		if (t < c->ntasks && c->tasks[t].generic) c->generic_tasks |= bit;
		if (p->write_apps || p->write_kinds) c->writing_tasks |= bit;
		for (uint32_t kind = 0; kind < AK_COUNT; kind++) {
			if (p->written_kinds >> kind & 1) c->written_kind_tasks[kind] |= bit;
			if (p->kinds >> kind & 1) c->kind_tasks[kind] |= bit;
			if (p->write_kinds >> kind & 1) c->write_kind_tasks[kind] |= bit;
			if (p->kind_apps[kind] & (p->kind_apps[kind] - 1)) c->copy_tasks[kind] |= bit;
		}
	}
	for (uint32_t i = 0; c->caps && i < c->ncaps && i < 64; i++) {
		if (c->caps[i].write) c->write_caps |= 1ull << i;
		if (c->caps[i].write && !c->caps[i].existing) c->new_caps |= 1ull << i;
	}
	memset(c->kind_apps, 0, sizeof c->kind_apps);
	for (uint32_t a = 0; c->apps && a < c->napps && a < 64; a++)
		if (c->apps[a].kind < AK_COUNT) c->kind_apps[c->apps[a].kind] |= 1ull << a;
	/* the planner's lookups of outside actions, once here rather than a scan of every product per request */
	c->sort_action = -1;
	for (uint32_t k = 0; k < 64; k++) c->cap_action[k] = -1;
	for (uint32_t o = 0; c->outside && o < c->noutside; o++) {
		const struct cat_outside *x = &c->outside[o];
		if (!x->action) continue;
		if ((x->flags & OUT_SORTS) && c->sort_action < 0) c->sort_action = (int32_t)o;
		if (x->capability < 64 && c->cap_action[x->capability] < 0) c->cap_action[x->capability] = (int32_t)o;
	}
	return (c->nsyns && !c->syns) || (c->nwords && !c->words) || (c->ntypos && !c->typos) || (c->ndictionary && !c->dictionary) ||
		(c->nfamilies && !c->families) || (c->noutside && !c->outside) || (c->nintents && !c->intents) || (c->ntasks && !c->ptasks) ||
		nptasks != c->ntasks || !c->wordhash || !c->stemhash ? -1 : 0;
}

/* The checks of constant cost: header, its own checksum, the trailer, every section's bounds, and the
 * references of every section but the directory entries (the resolver's only among parts); the
 * strings' own bytes only at the full level. */
static int verify_quick(struct catalog *c, enum catalog_check level, unsigned parts, char *err, size_t errlen)
{
	if (c->size < sizeof *c->h + sizeof(struct cat_trailer))
		return bad(err, errlen, "catalog file is too short (%zu bytes)", c->size);
	c->h = (const struct cat_header *)c->base;
	if (memcmp(c->h->magic, CAT_MAGIC, 8) != 0) return bad(err, errlen, "not a compiled catalog (bad magic)");
	if (c->h->format != CAT_FORMAT)
		return bad(err, errlen, "compiled catalog has format %u; this build reads format %u: recompile it",
			c->h->format, CAT_FORMAT);
	if (c->h->size != c->size || c->h->nsections != CS_COUNT)
		return bad(err, errlen, "compiled catalog is truncated or damaged (size %zu, header says %llu)",
			c->size, (unsigned long long)c->h->size);
	if (catalog_head_check(c->h) != c->h->head_check)
		return bad(err, errlen, "compiled catalog has a damaged header (header checksum mismatch)");
	const struct cat_trailer *t = (const struct cat_trailer *)(c->base + c->size - sizeof *t);
	if (memcmp(t->magic, CAT_TRAILER_MAGIC, 8) != 0 || memcmp(t->sha256, c->h->sha256, 32) != 0)
		return bad(err, errlen, "compiled catalog is damaged or partly written (trailer checksum mismatch)");
	uint32_t nmeta = 0, nstr = 0;
	const unsigned char *strings = section(c, CS_STRINGS, 0, &nstr);
	uint64_t strsize = c->h->sections[CS_STRINGS].size;
	/* the pool ends in a NUL, so any offset inside it reads a terminated string */
	if (!strings || strsize < 5 || strsize > CAT_NONE || strings[strsize - 1] != '\0')
		return bad(err, errlen, "damaged string section");
	c->str_limit = (uint32_t)(strsize - 4);
	c->meta = section(c, CS_META, sizeof *c->meta, &nmeta);
	c->apps = section(c, CS_APPS, sizeof *c->apps, &c->napps);
	c->ops = section(c, CS_OPS, sizeof *c->ops, &c->nops);
	c->caps = section(c, CS_CAPS, sizeof *c->caps, &c->ncaps);
	c->tasks = section(c, CS_TASKS, sizeof *c->tasks, &c->ntasks);
	c->steps = section(c, CS_STEPS, sizeof *c->steps, &c->nsteps);
	c->lists = section(c, CS_LISTS, sizeof *c->lists, &c->nlists);
	c->reports = section(c, CS_REPORTS, sizeof *c->reports, &c->nreports);
	c->docs = section(c, CS_DOCS, sizeof *c->docs, &c->ndocs);
	uint32_t nopx = 0;
	c->opx = section(c, CS_OPX, sizeof *c->opx, &nopx);
	c->scopes = section(c, CS_SCOPES, sizeof *c->scopes, &c->nscopes);
	c->implied = section(c, CS_IMPLIED, sizeof *c->implied, &c->nimplied);
	c->inputs = section(c, CS_INPUTS, sizeof *c->inputs, &c->ninputs);
	c->texts = section(c, CS_TEXTS, sizeof *c->texts, &c->ntexts);
	c->history = section(c, CS_HISTORY, sizeof *c->history, &c->nhistory);
	c->langtexts = section(c, CS_LANGTEXTS, sizeof *c->langtexts, &c->nlangtexts);
	if ((c->nops && (!c->opx || nopx != c->nops)) || (c->nscopes && !c->scopes) || c->ntasks > 64 ||
	    (c->nimplied && !c->implied) || (c->ninputs && !c->inputs) || !c->texts || (c->nhistory && !c->history) ||
	    !c->langtexts || ((parts & CAT_RESOLVER) && resolver_sections(c) < 0))
		return bad(err, errlen, "compiled catalog has a damaged planner section");
	c->clients = section(c, CS_CLIENTS, sizeof *c->clients, &c->nclients);
	c->entries = section(c, CS_ENTRIES, sizeof *c->entries, &c->nentries);
	if (search_sections(c) < 0) return bad(err, errlen, "compiled catalog has a damaged search index");
	if (!c->meta || nmeta != 1 || !c->apps || !c->ops || !c->caps || !c->tasks || !c->steps || !c->lists ||
	    !c->docs || !c->entries || (c->nclients && !c->clients) || !refs_ok(c, level != CAT_QUICK) ||
	    ((parts & CAT_RESOLVER) && !resolver_refs_ok(c, level != CAT_QUICK)))
		return bad(err, errlen, "compiled catalog has a damaged section or reference");
	return 0;
}

/* The quick checks (with every referenced string's length and NUL), then the sha256 of the whole body
 * and every directory entry. */
static int verify(struct catalog *c, enum catalog_check level, unsigned parts, char *err, size_t errlen)
{
	if (verify_quick(c, level, level == CAT_FULL ? CAT_ALL_PARTS : parts, err, errlen) < 0) return -1;
	if (level == CAT_QUICK) return 0;
	char want[65], got[65];
	if (sha256_hex(c->base + sizeof *c->h, c->size - sizeof *c->h - sizeof(struct cat_trailer), got) < 0)
		return bad(err, errlen, "cannot hash the compiled catalog");
	for (int i = 0; i < 32; i++) snprintf(want + 2 * i, 3, "%02x", c->h->sha256[i]);
	if (strcmp(want, got) != 0) return bad(err, errlen, "compiled catalog is damaged (checksum mismatch)");
	/* where the word tables put each word: content, like the entries, checked with the checksum */
	if (!entries_ok(c) || !wtable_ok(c, c->wordhash, c->nwordhash, true) || !wtable_ok(c, c->stemhash, c->nstemhash, false) ||
	    !ptasks_ok(c))
		return bad(err, errlen, "compiled catalog has a damaged section or reference");
	return 0;
}

int catalog_file_id(const char *path, struct catalog_id *id)
{
	struct stat st;
	memset(id, 0, sizeof *id);
	if (stat(path, &st) < 0) return -1;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	id->size = st.st_size;
	id->mtime = st.st_mtim;
	id->ctime = st.st_ctim;
	return 0;
}

bool catalog_id_equal(const struct catalog_id *a, const struct catalog_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime.tv_sec == b->mtime.tv_sec &&
		a->mtime.tv_nsec == b->mtime.tv_nsec && a->ctime.tv_sec == b->ctime.tv_sec &&
		a->ctime.tv_nsec == b->ctime.tv_nsec;
}

static void id_from_stat(struct catalog_id *id, const struct stat *st)
{
	id->dev = st->st_dev;
	id->ino = st->st_ino;
	id->size = st->st_size;
	id->mtime = st->st_mtim;
	id->ctime = st->st_ctim;
}

/* Appends " (path)" to a refusal. */
static int refused(struct catalog *c, const char *path, char *err, size_t errlen)
{
	size_t n = strlen(err);
	snprintf(err + n, errlen - n, " (%s)", path);
	catalog_close(c);
	return -1;
}

static int map_file(struct catalog *c, const char *path, enum catalog_check level, unsigned parts, char *err,
	size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->fd = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) return bad(err, errlen, "cannot open catalog %s: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0 || st.st_size <= 0) {
		close(fd);
		return bad(err, errlen, "catalog %s is empty or unreadable", path);
	}
	void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (m == MAP_FAILED) return bad(err, errlen, "cannot map catalog %s: %s", path, strerror(errno));
	c->base = m;
	c->size = (size_t)st.st_size;
	id_from_stat(&c->id, &st);
	if (verify(c, level, parts, err, errlen) < 0) return refused(c, path, err, errlen);
	return 0;
}

int catalog_open(struct catalog *c, const char *path, char *err, size_t errlen)
{
	return map_file(c, path, CAT_FULL, CAT_ALL_PARTS, err, errlen);
}

int catalog_open_quick(struct catalog *c, const char *path, unsigned parts, char *err, size_t errlen)
{
	return map_file(c, path, CAT_QUICK, parts, err, errlen);
}

#define CAT_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL)

/* Copies the open file fd of size bytes into a new sealed memory file; its fd, or -1. read() rather than
 * a mapping of the file: a file truncated meanwhile gives a short read and a refusal, never SIGBUS. */
static int sealed_copy(int fd, size_t size, char *err, size_t errlen)
{
	int mfd = memfd_create("autoplan-catalog", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (mfd < 0) return bad(err, errlen, "cannot create a memory file: %s", strerror(errno));
	if (ftruncate(mfd, (off_t)size) < 0) {
		bad(err, errlen, "cannot size a memory file: %s", strerror(errno));
		close(mfd);
		return -1;
	}
	unsigned char *w = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	if (w == MAP_FAILED) {
		bad(err, errlen, "cannot map a memory file: %s", strerror(errno));
		close(mfd);
		return -1;
	}
	size_t got = 0;
	while (got < size) {
		ssize_t n = pread(fd, w + got, size - got, (off_t)got);
		if (n < 0 && errno == EINTR) continue;
		if (n <= 0) break;
		got += (size_t)n;
	}
	unsigned char extra;
	bool longer = got == size && pread(fd, &extra, 1, (off_t)size) == 1;
	munmap(w, size);
	if (got < size || longer) {
		bad(err, errlen, "catalog changed while it was read (%s)", got < size ? "now shorter" : "now longer");
		close(mfd);
		return -1;
	}
	if (fcntl(mfd, F_ADD_SEALS, CAT_SEALS) < 0) {
		bad(err, errlen, "cannot seal a memory file: %s", strerror(errno));
		close(mfd);
		return -1;
	}
	return mfd;
}

/* Maps a sealed memory file read-only and checks it at the given level. Takes mfd. */
static int map_sealed(struct catalog *c, int mfd, enum catalog_check level, char *err, size_t errlen)
{
	struct stat st;
	int seals = fcntl(mfd, F_GET_SEALS);
	if (seals < 0 || (seals & CAT_SEALS) != CAT_SEALS || fstat(mfd, &st) < 0 || st.st_size <= 0) {
		close(mfd);
		return bad(err, errlen, "the catalog memory file is not sealed");
	}
	void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, mfd, 0);
	if (m == MAP_FAILED) {
		close(mfd);
		return bad(err, errlen, "cannot map the catalog memory file: %s", strerror(errno));
	}
	c->base = m;
	c->size = (size_t)st.st_size;
	c->fd = mfd;
	return verify(c, level, CAT_ALL_PARTS, err, errlen);
}

int catalog_load(struct catalog *c, const char *path, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->fd = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) return bad(err, errlen, "cannot open catalog %s: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0 || st.st_size <= 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return bad(err, errlen, "catalog %s is empty, unreadable or not a file", path);
	}
	int mfd = sealed_copy(fd, (size_t)st.st_size, err, errlen);
	close(fd);
	if (mfd < 0) return refused(c, path, err, errlen);
	id_from_stat(&c->id, &st);
	if (map_sealed(c, mfd, CAT_FULL, err, errlen) < 0) return refused(c, path, err, errlen);
	return 0;
}

int catalog_adopt(struct catalog *c, int mfd, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->fd = -1;
	if (map_sealed(c, mfd, CAT_QUICK, err, errlen) < 0) {
		catalog_close(c);
		return -1;
	}
	return 0;
}

void catalog_close(struct catalog *c)
{
	if (c->base) {
		munmap((void *)c->base, c->size);
		if (c->fd >= 0) close(c->fd); /* a zeroed, never opened catalog owns no descriptor */
	}
	memset(c, 0, sizeof *c);
	c->fd = -1;
}

bool catalog_changed(const struct catalog *c, const char *path)
{
	struct catalog_id now;
	return catalog_file_id(path, &now) == 0 && !catalog_id_equal(&now, &c->id);
}

int cat_app_find(const struct catalog *c, const char *id)
{
	for (uint32_t i = 0; i < c->napps; i++)
		if (strcmp(cat_s(c, c->apps[i].id), id) == 0) return (int)i;
	return -1;
}

int cat_cap_find(const struct catalog *c, const char *id)
{
	for (uint32_t i = 0; i < c->ncaps; i++)
		if (strcmp(cat_s(c, c->caps[i].id), id) == 0) return (int)i;
	return -1;
}

int cat_task_find(const struct catalog *c, const char *id)
{
	for (uint32_t i = 0; i < c->ntasks; i++)
		if (strcmp(cat_s(c, c->tasks[i].id), id) == 0) return (int)i;
	return -1;
}

int cat_op_find(const struct catalog *c, uint32_t app, const char *op_id)
{
	if (app >= c->napps) return -1;
	const struct cat_app *a = &c->apps[app];
	for (uint32_t i = a->op_first; i < a->op_first + a->op_count; i++)
		if (strcmp(cat_s(c, c->ops[i].id), op_id) == 0) return (int)i;
	return -1;
}

const struct cat_report *cat_report_find(const struct catalog *c, const char *id)
{
	for (uint32_t i = 0; i < c->nreports; i++)
		if (strcmp(cat_s(c, c->reports[i].id), id) == 0) return &c->reports[i];
	return NULL;
}

const char *cat_doc(const struct catalog *c, enum cat_doc_id id)
{
	return cat_doc_item(c, id, CAT_NONE);
}

const char *cat_doc_item(const struct catalog *c, enum cat_doc_id id, uint32_t item)
{
	for (uint32_t i = 0; i < c->ndocs; i++)
		if (c->docs[i].id == (uint32_t)id && c->docs[i].item == item) return cat_s(c, c->docs[i].json);
	return NULL;
}

int cat_op_scopes(const struct catalog *c, const struct cat_op *op, const char **out, int max)
{
	if (op->scope_count == CAT_NONE) return -1;
	int n = (int)op->scope_count < max ? (int)op->scope_count : max;
	for (int i = 0; i < n; i++) out[i] = cat_s(c, c->lists[op->scope_first + i]);
	return (int)op->scope_count;
}

/* The slot of table t (n slots) whose words start with the len bytes at s (whole: are those bytes), or
 * NULL. Probes stop at a free slot, and after n slots whatever the file holds. */
static const struct cat_wslot *wslot_find(const struct catalog *c, const struct cat_wslot *t, uint32_t n,
	const char *s, size_t len, bool whole)
{
	uint32_t mask = n - 1, i = n ? (uint32_t)text_hash(s, len) & mask : 0;
	for (uint32_t k = 0; k < n && t[i].count; k++, i = (i + 1) & mask) {
		const struct cat_word *w = &c->words[t[i].first];
		if ((whole ? w->len == len : w->len >= len) && memcmp(cat_s(c, w->word), s, len) == 0) return &t[i];
	}
	return NULL;
}

int cat_word_find(const struct catalog *c, const char *s, size_t n)
{
	const struct cat_wslot *sl = wslot_find(c, c->wordhash, c->nwordhash, s, n, true);
	return sl ? (int)sl->first : -1;
}

void cat_word_prefix(const struct catalog *c, const char *s, size_t n, uint32_t *first, uint32_t *end)
{
	if (n == CAT_STEM && !memchr(s, 0, n)) {
		const struct cat_wslot *sl = wslot_find(c, c->stemhash, c->nstemhash, s, n, false);
		*first = sl ? sl->first : 0;
		*end = sl ? sl->first + sl->count : 0;
		return;
	}
	uint32_t lo = 0, hi = c->nwords;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (strncmp(cat_s(c, c->words[mid].word), s, n) < 0) lo = mid + 1;
		else hi = mid;
	}
	*first = lo;
	while (lo < c->nwords && strncmp(cat_s(c, c->words[lo].word), s, n) == 0) lo++;
	*end = lo;
}

void cat_typo_range(const struct catalog *c, uint64_t hash, uint32_t *first, uint32_t *end)
{
	uint32_t lo = 0, hi = c->ntypos;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (c->typos[mid].hash < hash) lo = mid + 1;
		else hi = mid;
	}
	*first = lo;
	while (lo < c->ntypos && c->typos[lo].hash == hash) lo++;
	*end = lo;
}

int cat_ordinary_word(const struct catalog *c, const char *s, size_t n)
{
	if (!c->ndictionary) return -1;
	uint32_t h = (uint32_t)text_hash(s, n), lo = 0, hi = c->ndictionary;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (c->dictionary[mid] < h) lo = mid + 1;
		else hi = mid;
	}
	return lo < c->ndictionary && c->dictionary[lo] == h;
}

const struct cat_scope *cat_scope_find(const struct catalog *c, uint32_t app, const char *scope)
{
	for (uint32_t i = 0; i < c->nscopes; i++)
		if (c->scopes[i].app == app && strcmp(cat_s(c, c->scopes[i].scope), scope) == 0) return &c->scopes[i];
	return NULL;
}

const struct cat_client *cat_client_find(const struct catalog *c, const char *id_or_alias)
{
	char f[128], key[132];
	if (strlen(id_or_alias) > 80) return NULL;
	text_fold(id_or_alias, f, sizeof f);
	for (uint32_t i = 0; i < c->nclients; i++)
		if (strcmp(cat_s(c, c->clients[i].id), id_or_alias) == 0) return &c->clients[i];
	snprintf(key, sizeof key, "|%s|", f);
	for (uint32_t i = 0; i < c->nclients; i++)
		if (strstr(cat_s(c, c->clients[i].keys), key)) return &c->clients[i];
	return NULL;
}

const struct cat_entry *cat_entry_find(const struct catalog *c, const char *type, const char *slug)
{
	uint32_t lo = 0, hi = c->nentries;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int r = entry_cmp(c, &c->entries[mid], type, slug);
		if (r == 0) return &c->entries[mid];
		if (r < 0) lo = mid + 1;
		else hi = mid;
	}
	return NULL;
}

const struct cat_entry *cat_entry_find_id(const struct catalog *c, const char *id)
{
	const char *slash = strchr(id, '/');
	char type[16];
	if (!slash || (size_t)(slash - id) >= sizeof type) return NULL;
	memcpy(type, id, (size_t)(slash - id));
	type[slash - id] = '\0';
	return cat_entry_find(c, type, slash + 1);
}
