/* Hashing, randomness and constant-time comparison, by OpenSSL's libcrypto, which is loaded on first
 * use (util/dynlib) so that a start which needs none of it does not load it. Every function loads it
 * when needed and fails (-1, or false) when it cannot be loaded. */
#ifndef AUTOPLAN_CRYPTO_H
#define AUTOPLAN_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>

/* Loads libcrypto now (before a seccomp filter, which forbids loading). 0, or -1 with the reason. */
int crypto_load(char *err, size_t errlen);

int crypto_sha256(const void *data, size_t len, unsigned char md[32]);
/* HMAC-SHA256 over a then b. */
int crypto_hmac_sha256(const void *key, size_t klen, const void *a, size_t an, const void *b, size_t bn,
	unsigned char mac[32]);
/* n bytes from the operating system's generator, for secrets. */
int crypto_random(void *buf, size_t n);
/* Standard base64 with padding and a terminating NUL; out holds 4 * ((n + 2) / 3) + 1 bytes. */
int crypto_base64(char *out, const void *in, size_t n);
/* Decodes n base64 characters (n a multiple of 4) into 3 * n / 4 bytes, padding counted: the length
 * before padding is removed, or -1. */
int crypto_unbase64(unsigned char *out, const char *in, size_t n);
/* Compares n bytes in a time that does not depend on where they differ. */
bool crypto_equal(const void *a, const void *b, size_t n);
/* Overwrites a secret in a way the compiler cannot leave out. */
void crypto_cleanse(void *p, size_t n);

#endif
