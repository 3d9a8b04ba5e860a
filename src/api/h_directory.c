/* The directory: /v1 entry and listing page, row 3 (connections) and row 4 (verifications). Every
 * entry view is pre-serialised by the compiler; the listing only filters, ranks and pages. */
#include "directory/directory.h"
#include "api/handlers.h"
#include "util/jsonutil.h"
#include "util/text.h"
#include "catalog/vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entry named by the path, or NULL after replying 404 entry_not_found. */
static const struct cat_entry *entry_or_404(const struct hctx *hc, const char *type, const char *slug,
	struct reply *out)
{
	const struct cat_entry *e = cat_entry_find(hc->cat, type, slug);
	if (!e)
		reply_error(out, 404, "entry_not_found", "path", "/slug", "no directory entry %s/%.240s", type, slug);
	return e;
}

void h_v1_entry(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct cat_entry *e = entry_or_404(hc, jget_str(in, "art"), jget_str(in, "slug"), out);
	if (e) reply_ok(out, json_raw(cat_s(hc->cat, e->json)));
}

static struct json_object *entry_head(const struct catalog *c, const struct cat_entry *e)
{
	struct json_object *o = json_object_new_object();
	char id[300];
	snprintf(id, sizeof id, "%s/%s", cat_s(c, e->type), cat_s(c, e->slug));
	jadd(o, "id", json_object_new_string(id));
	jadd(o, "name", json_object_new_string(cat_s(c, e->name)));
	jadd(o, "status", json_object_new_string(cat_s(c, e->status)));
	return o;
}

void h_connections(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const struct cat_entry *e = entry_or_404(hc, jget_str(in, "type"), jget_str(in, "slug"), out);
	if (!e) return;
	bool de = strcmp(jget_str(in, "locale"), "de") == 0;
	struct json_object *o = entry_head(c, e);
	jadd(o, "locale", json_object_new_string(de ? "de" : "en"));
	const char *conns = cat_s(c, de ? e->connections_de : e->connections_en);
	jadd(o, "connections", json_raw(conns));
	jadd(o, "connection_rule_version", json_object_new_string(cat_s(c, c->meta->connection_rule_version)));
	const char *note = NULL;
	if (strcmp(conns, "[]") == 0)
		note = de ? "Für diesen Eintrag ist keine Verbindung bekannt: er ist eine Bibliothek oder nennt weder Paket noch Server-Adresse."
			: "No connection is known for this entry: it is a library, or it names neither a package nor a server address.";
	else if (e->discontinued)
		note = de ? "Der Eintrag ist eingestellt: die Verbindungen sind dokumentiert, werden aber nicht mehr gepflegt."
			: "This entry is discontinued: its connections are documented but no longer maintained.";
	jadd(o, "note", note ? json_object_new_string(note) : NULL);
	reply_ok(out, o);
}

void h_verifications(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const struct cat_entry *e = entry_or_404(hc, jget_str(in, "type"), jget_str(in, "slug"), out);
	if (!e) return;
	bool de = strcmp(jget_str(in, "locale"), "de") == 0;
	struct json_object *o = entry_head(c, e), *order = json_object_new_array();
	jadd(o, "locale", json_object_new_string(de ? "de" : "en"));
	jadd(o, "levels", json_raw(cat_s(c, e->levels)));
	for (int l = 0; VOCAB_VERIFICATION_LEVELS[l]; l++)
		json_object_array_add(order, json_object_new_string(VOCAB_VERIFICATION_LEVELS[l]));
	jadd(o, "level_order", order);
	jadd(o, "details", json_raw(cat_s(c, e->verifications)));
	jadd(o, "connections", json_raw(cat_s(c, e->ver_connections)));
	jadd(o, "summary", json_object_new_string(cat_s(c, de ? e->summary_de : e->summary_en)));
	reply_ok(out, o);
}

/* Listing: 0 no match, else 3 name, 2 key, 1 provider text only (higher ranks first). */
static int search_rank(const struct catalog *c, const struct cat_entry *e, const char *q, const char *level)
{
	const char *name = cat_s(c, e->search_name), *key = cat_s(c, e->search_key), *text = cat_s(c, e->search_text);
	if (strcmp(level, "name") == 0) return text_match_words(q, name, NULL) ? 3 : 0;
	if (strcmp(level, "schluessel") == 0) return text_match_words(q, key, NULL) ? 2 : 0;
	if (strcmp(level, "anbietertext") == 0) return text_match_words(q, text, NULL) ? 1 : 0;
	if (text_match_words(q, name, NULL)) return 3;
	if (text_match_words(q, key, NULL)) return 2;
	if (text_match_words(q, text, NULL)) return 1;
	/* words spread over the fields still match, ranked lowest */
	size_t n = strlen(name) + strlen(key) + strlen(text) + 3;
	char *all = malloc(n);
	snprintf(all, n, "%s %s %s", name, key, text);
	bool hit = text_match_words(q, all, NULL);
	free(all);
	return hit ? 1 : 0;
}

struct hit { uint32_t idx; int rank; };

static int cmp_hits(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;
	if (x->rank != y->rank) return y->rank - x->rank;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void h_v1_list(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const char *type = jget_str(in, "art"), *area = jget_str(in, "einsatzgebiet"), *status = jget_str(in, "status");
	const char *suche = jget_str(in, "suche"), *level = jget_str(in, "suchebene");
	int64_t grenze = json_object_get_int64(jget(in, "grenze")), versatz = json_object_get_int64(jget(in, "versatz"));
	char q[1100] = "";
	if (suche) text_fold(suche, q, sizeof q);
	bool searching = q[0] != '\0';
	int ai = area ? vocab_index(VOCAB_EINSATZGEBIETE, area) : -1;
	struct hit *hits = malloc(sizeof *hits * (c->nentries ? c->nentries : 1));
	uint32_t n = 0;
	for (uint32_t i = 0; i < c->nentries; i++) {
		const struct cat_entry *e = &c->entries[i];
		if (strcmp(cat_s(c, e->type), type) != 0) continue;
		if (ai >= 0 && !(e->einsatz & (1u << ai))) continue;
		if (status && strcmp(cat_s(c, e->status), status) != 0) continue;
		int rank = searching ? search_rank(c, e, q, level ? level : "alle") : 1;
		if (rank) hits[n++] = (struct hit){ i, rank };
	}
	if (searching) qsort(hits, n, sizeof *hits, cmp_hits);
	struct json_object *o = json_object_new_object(), *filter = json_object_new_object(), *items = json_object_new_array();
	jadd(o, "art", json_object_new_string(dir_art_of_type(type)));
	jadd(o, "typ", json_object_new_string(type));
	if (area) jadd(filter, "einsatzgebiet", json_object_new_string(area));
	if (status) jadd(filter, "status", json_object_new_string(status));
	jadd(o, "filter", filter);
	jadd(o, "suche", searching ? json_object_new_string(suche) : NULL);
	jadd(o, "startvorlage", json_object_new_boolean(!searching && !area && !status && versatz == 0));
	jadd(o, "suchebene", searching ? json_object_new_string(level ? level : "alle") : NULL);
	jadd(o, "gesamt", json_object_new_int64(n));
	jadd(o, "grenze", json_object_new_int64(grenze));
	jadd(o, "versatz", json_object_new_int64(versatz));
	for (int64_t k = versatz; k < (int64_t)n && k < versatz + grenze; k++)
		json_object_array_add(items, json_raw(cat_s(c, c->entries[hits[k].idx].json)));
	jadd(o, "naechster_versatz", versatz + grenze < (int64_t)n ? json_object_new_int64(versatz + grenze) : NULL);
	jadd(o, "eintraege", items);
	free(hits);
	reply_ok(out, o);
}
