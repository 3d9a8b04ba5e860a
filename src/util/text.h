/* Text helpers: UTF-8 length, search folding and word matching. No allocation unless stated. */
#ifndef AUTOPLAN_TEXT_H
#define AUTOPLAN_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Number of code points in a UTF-8 string of len bytes (invalid bytes count one each). */
size_t utf8_length(const char *s, size_t len);

/* Strict UTF-8 (RFC 3629): shortest form only, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF.
 * Returns the byte offset of the first invalid sequence, or -1 when all len bytes are valid. */
long utf8_invalid_at(const char *s, size_t len);

/* Length (1..4) of the one valid UTF-8 character at s, or 0 when the bytes there are not one. */
size_t utf8_char_len(const char *s, size_t len);

/* Copies s into out (at most cap-1 bytes plus NUL) with every invalid UTF-8 byte replaced by U+FFFD,
 * never splitting a character. For echoing input into an answer. Returns bytes written. */
size_t utf8_sanitize(const char *s, char *out, size_t cap);

/* Fold s for matching: lower case, accents dropped, ß -> ss, then ae/oe/ue -> a/o/u, a possessive 's (or ’s)
 * dropped from the word it ends, every run of non-alphanumerics -> one space, trimmed. Writes at most cap-1 bytes plus NUL; returns bytes written. */
size_t text_fold(const char *s, char *out, size_t cap);

/* The same without the ae/oe/ue step: "issues" stays "issues". The planner's vocabulary is folded this
 * way, and a query word is tried with text_fold_spelled_umlauts only when it is unknown as written. */
size_t text_fold_words(const char *s, char *out, size_t cap);

/* Rewrites the German spellings ae/oe/ue of a folded word as a/o/u in place ("anhaenge" -> "anhange");
 * returns true when something changed. */
bool text_fold_spelled_umlauts(char *word);

/* FNV-1a hash of n bytes: the key of the planner's typo index, the same in compiler and reader. */
uint64_t text_hash(const char *s, size_t n);

/* True when every word of the folded query occurs in the folded haystack. An empty query matches.
 * matched, when not NULL, receives the number of query words found (for ranking). */
bool text_match_words(const char *folded_query, const char *folded_haystack, unsigned *matched);

#endif
