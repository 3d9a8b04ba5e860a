/* Directory rules shared by the importer, the compiler and the handlers: slugs, status mapping,
 * provider-text language detection and usage-area classification. Pure functions, no allocation. */
#ifndef AUTOPLAN_DIRECTORY_H
#define AUTOPLAN_DIRECTORY_H

#include <stddef.h>
#include <stdint.h>

/* The spec's slug rule: lower-case key, every run of non-alphanumerics replaced by one '-'.
 * Writes into out (cap bytes). Returns the length, or -1 when it does not fit or the result is
 * empty or does not start with [a-z0-9]. */
int dir_slug(const char *key, char *out, size_t cap);

/* Registry status -> entry status: active -> "aktiv", deprecated/deleted -> "eingestellt",
 * anything else -> NULL. */
const char *dir_status_from_registry(const char *status);

/* Best-effort language of a short provider text: "zh", "ja", "ko", "ru", "de", "fr", "es", "en",
 * or "und" when nothing decides. Script first (Han, Kana, Hangul, Cyrillic), then stop words. */
const char *dir_detect_language(const char *text);

/* Usage areas (bits over VOCAB_EINSATZGEBIETE) guessed from keywords in name and text; never 0
 * ("sonstiges" when nothing matches). */
uint32_t dir_classify(const char *name, const char *text);

/* "mcp" -> "mcp_server", "agenten" -> "agent": the entry's `art` field for a path type. */
const char *dir_art_of_type(const char *type);

#endif
