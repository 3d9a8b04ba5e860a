/* The directory: /v1 entry and listing page, row 3 (connections) and row 4 (verifications). Every
 * entry view is pre-serialised by the compiler; the listing pages what the search index returns. */
#include "directory/directory.h"
#include "directory/search.h"
#include "api/handlers.h"
#include "jsonw/jsonw.h"
#include "api/views.h"
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
	if (e) reply_raw(out, cat_s(hc->cat, e->json));
}

/* The members every row 3 and 4 answer starts with. */
static struct jw *entry_head(struct reply *out, const struct catalog *c, const struct cat_entry *e, bool de)
{
	struct jw *w = reply_object(out);
	char id[300];
	int n = snprintf(id, sizeof id, "%s/%s", cat_s(c, e->type), cat_s(c, e->slug));
	jw_key(w, "id");
	jw_strn(w, id, n < (int)sizeof id ? (size_t)n : sizeof id - 1);
	jw_key(w, "name");
	view_str(w, c, e->name);
	jw_key(w, "status");
	view_str(w, c, e->status);
	jw_key(w, "locale");
	jw_str(w, de ? "de" : "en");
	return w;
}

void h_connections(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const struct cat_entry *e = entry_or_404(hc, jget_str(in, "type"), jget_str(in, "slug"), out);
	if (!e) return;
	bool de = strcmp(jget_str(in, "locale"), "de") == 0;
	struct jw *w = entry_head(out, c, e, de);
	const char *conns = cat_s(c, de ? e->connections_de : e->connections_en);
	jw_key(w, "connections");
	jw_raw(w, conns);
	jw_key(w, "connection_rule_version");
	view_str(w, c, c->meta->connection_rule_version);
	const char *note = NULL;
	if (strcmp(conns, "[]") == 0)
		note = de ? "Für diesen Eintrag ist keine Verbindung bekannt: er ist eine Bibliothek oder nennt weder Paket noch Server-Adresse."
			: "No connection is known for this entry: it is a library, or it names neither a package nor a server address.";
	else if (e->discontinued)
		note = de ? "Der Eintrag ist eingestellt: die Verbindungen sind dokumentiert, werden aber nicht mehr gepflegt."
			: "This entry is discontinued: its connections are documented but no longer maintained.";
	jw_key(w, "note");
	jw_str(w, note);
}

void h_verifications(const struct hctx *hc, struct json_object *in, struct reply *out)
{
	const struct catalog *c = hc->cat;
	const struct cat_entry *e = entry_or_404(hc, jget_str(in, "type"), jget_str(in, "slug"), out);
	if (!e) return;
	bool de = strcmp(jget_str(in, "locale"), "de") == 0;
	struct jw *w = entry_head(out, c, e, de);
	jw_key(w, "levels");
	view_raw(w, c, e->levels);
	jw_key(w, "level_order");
	jw_arr(w);
	for (int l = 0; VOCAB_VERIFICATION_LEVELS[l]; l++) jw_str(w, VOCAB_VERIFICATION_LEVELS[l]);
	jw_arr_end(w);
	jw_key(w, "details");
	view_raw(w, c, e->verifications);
	jw_key(w, "connections");
	view_raw(w, c, e->ver_connections);
	jw_key(w, "summary");
	view_str(w, c, de ? e->summary_de : e->summary_en);
	jw_key(w, "observation");
	view_raw(w, c, e->observation);
	jw_key(w, "observation_note");
	view_str(w, c, de ? e->observation_de : e->observation_en);
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
	static const char *const levels[] = { [DL_ALL] = "alle", [DL_NAME] = "name", [DL_KEY] = "schluessel",
		[DL_TEXT] = "anbietertext", NULL };
	int li = level ? vocab_index(levels, level) : DL_ALL;
	struct dir_listing query = { .type = type, .area = area ? vocab_index(VOCAB_EINSATZGEBIETE, area) : -1,
		.status = status ? vocab_index(VOCAB_ENTRY_STATUS, status) : -1, .words = q,
		.level = li < 0 ? DL_ALL : (enum dir_level)li };
	struct dir_hits hits;
	if (dir_list(c, &query, (uint32_t)versatz, (uint32_t)grenze, &hits) < 0) {
		reply_error(out, 500, "internal_error", NULL, NULL, "out of memory");
		return;
	}
	int64_t n = hits.total;
	struct jw *w = reply_object(out);
	jw_key(w, "art");
	jw_str(w, dir_art_of_type(type));
	jw_key(w, "typ");
	jw_str(w, type);
	jw_key(w, "filter");
	jw_obj(w);
	if (area) {
		jw_key(w, "einsatzgebiet");
		jw_str(w, area);
	}
	if (status) {
		jw_key(w, "status");
		jw_str(w, status);
	}
	jw_obj_end(w);
	jw_key(w, "suche");
	jw_str(w, searching ? suche : NULL);
	jw_key(w, "startvorlage");
	jw_bool(w, !searching && !area && !status && versatz == 0);
	jw_key(w, "suchebene");
	jw_str(w, searching ? (level ? level : "alle") : NULL);
	jw_key(w, "gesamt");
	jw_int(w, n);
	jw_key(w, "grenze");
	jw_int(w, grenze);
	jw_key(w, "versatz");
	jw_int(w, versatz);
	jw_key(w, "naechster_versatz");
	if (versatz + grenze < (int64_t)n) jw_int(w, versatz + grenze);
	else jw_null(w);
	jw_key(w, "eintraege");
	jw_arr(w);
	for (uint32_t k = 0; k < hits.n; k++)
		view_raw(w, c, c->entries[hits.idx[k]].json);
	jw_arr_end(w);
	dir_hits_free(&hits);
}
