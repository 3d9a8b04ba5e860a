/* Project bearer keys and random identifiers. A key reads
 *     apk_<12 id chars>_<40 secret chars><6 checksum chars>
 * id chars are lower-case base32 and name the key in lists ("apk_<id>" is its public id); the secret is
 * base62 drawn from the operating system's randomness through libcrypto (about 238 bits); the checksum
 * is the first 32 bits of SHA-256 over everything before it, in base62, so scanners and people can tell
 * a key from a typo without asking the server. Only a SHA-256 of the whole key is ever stored. */
#ifndef AUTOPLAN_APIKEY_H
#define AUTOPLAN_APIKEY_H

#include <stdbool.h>
#include <stddef.h>

#define APIKEY_PREFIX "apk_"
#define APIKEY_ID_LEN 16            /* "apk_" and 12 id chars: the key's public id */
#define APIKEY_SECRET_LEN 40
#define APIKEY_CHECK_LEN 6
#define APIKEY_LEN (APIKEY_ID_LEN + 1 + APIKEY_SECRET_LEN + APIKEY_CHECK_LEN)

/* Writes a new key and its public id. Returns 0, or -1 when the random source failed. */
int apikey_generate(char key[APIKEY_LEN + 1], char id[APIKEY_ID_LEN + 1]);

/* Checks length, alphabet, separators and checksum of text (len bytes, not NUL-terminated) and copies
 * the public id. Returns 0, or -1 when text is not a well-formed key. */
int apikey_parse(const char *text, size_t len, char id[APIKEY_ID_LEN + 1]);

/* Whether text has the shape of a public key id ("apk_" and 12 id chars). */
bool apikey_id_valid(const char *text);

/* Lower-case hex SHA-256 of the key. Returns 0 or -1. */
int apikey_hash(const char *key, size_t len, char hex[65]);

/* Compares two 64-char hex digests in constant time. */
bool apikey_hash_equal(const char *a, const char *b);

/* A random identifier: prefix followed by n lower-case base32 chars (5 bits each). out must hold
 * strlen(prefix) + n + 1 bytes. Returns 0, or -1 when the random source failed. */
int random_id(const char *prefix, int n, char *out, size_t cap);

#endif
