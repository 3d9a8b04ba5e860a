#include "monitor/apikey.h"
#include "util/crypto.h"

#include <stdio.h>
#include <stdint.h>
#include <string.h>

static const char B32[] = "abcdefghijklmnopqrstuvwxyz234567";
static const char B62[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* n chars of alphabet (size m <= 64) from random bytes, by rejection so that every char is uniform. */
static int random_chars(char *out, int n, const char *alphabet, unsigned m)
{
	unsigned char pool[64];
	unsigned limit = 256 - 256 % m;
	int k = 0;
	while (k < n) {
		if (crypto_random(pool, sizeof pool) < 0) return -1;
		for (size_t i = 0; i < sizeof pool && k < n; i++)
			if (pool[i] < limit) out[k++] = alphabet[pool[i] % m];
	}
	crypto_cleanse(pool, sizeof pool);
	return 0;
}

int random_id(const char *prefix, int n, char *out, size_t cap)
{
	size_t p = strlen(prefix);
	if (n <= 0 || p + (size_t)n + 1 > cap) return -1;
	memcpy(out, prefix, p);
	if (random_chars(out + p, n, B32, 32) < 0) return -1;
	out[p + (size_t)n] = '\0';
	return 0;
}

/* The checksum of the first len chars: 32 bits of SHA-256 as 6 base62 chars, most significant first. */
static int checksum(const char *text, size_t len, char out[APIKEY_CHECK_LEN])
{
	unsigned char md[32];
	if (crypto_sha256(text, len, md) < 0) return -1;
	uint32_t v = (uint32_t)md[0] << 24 | (uint32_t)md[1] << 16 | (uint32_t)md[2] << 8 | md[3];
	for (int i = APIKEY_CHECK_LEN - 1; i >= 0; i--) {
		out[i] = B62[v % 62];
		v /= 62;
	}
	return 0;
}

int apikey_generate(char key[APIKEY_LEN + 1], char id[APIKEY_ID_LEN + 1])
{
	if (random_id(APIKEY_PREFIX, APIKEY_ID_LEN - 4, key, APIKEY_ID_LEN + 1) < 0) return -1;
	key[APIKEY_ID_LEN] = '_';
	if (random_chars(key + APIKEY_ID_LEN + 1, APIKEY_SECRET_LEN, B62, 62) < 0) return -1;
	if (checksum(key, APIKEY_LEN - APIKEY_CHECK_LEN, key + APIKEY_LEN - APIKEY_CHECK_LEN) < 0) return -1;
	key[APIKEY_LEN] = '\0';
	memcpy(id, key, APIKEY_ID_LEN);
	id[APIKEY_ID_LEN] = '\0';
	return 0;
}

static bool all_of(const char *s, size_t n, const char *alphabet)
{
	for (size_t i = 0; i < n; i++)
		if (!s[i] || !strchr(alphabet, s[i])) return false;
	return true;
}

bool apikey_id_valid(const char *text)
{
	return strlen(text) == APIKEY_ID_LEN && memcmp(text, APIKEY_PREFIX, 4) == 0 &&
		all_of(text + 4, APIKEY_ID_LEN - 4, B32);
}

int apikey_parse(const char *text, size_t len, char id[APIKEY_ID_LEN + 1])
{
	if (len != APIKEY_LEN || memcmp(text, APIKEY_PREFIX, 4) != 0 || text[APIKEY_ID_LEN] != '_') return -1;
	if (!all_of(text + 4, APIKEY_ID_LEN - 4, B32) || !all_of(text + APIKEY_ID_LEN + 1,
		APIKEY_SECRET_LEN + APIKEY_CHECK_LEN, B62))
		return -1;
	char want[APIKEY_CHECK_LEN];
	if (checksum(text, APIKEY_LEN - APIKEY_CHECK_LEN, want) < 0 ||
		memcmp(want, text + APIKEY_LEN - APIKEY_CHECK_LEN, APIKEY_CHECK_LEN) != 0)
		return -1;
	memcpy(id, text, APIKEY_ID_LEN);
	id[APIKEY_ID_LEN] = '\0';
	return 0;
}

int apikey_hash(const char *key, size_t len, char hex[65])
{
	unsigned char md[32];
	if (crypto_sha256(key, len, md) < 0) return -1;
	for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
	crypto_cleanse(md, sizeof md);
	return 0;
}

bool apikey_hash_equal(const char *a, const char *b)
{
	return strlen(a) == 64 && strlen(b) == 64 && crypto_equal(a, b, 64);
}
