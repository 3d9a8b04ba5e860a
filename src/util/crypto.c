#include "util/crypto.h"
#include "util/dynlib.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <string.h>

#ifndef CRYPTO_SONAME
#define CRYPTO_SONAME "libcrypto.so.3"
#endif

#define CALLS(X) X(EVP_Digest) X(EVP_sha256) X(RAND_priv_bytes) X(EVP_EncodeBlock) X(EVP_DecodeBlock) \
	X(CRYPTO_memcmp) X(OPENSSL_cleanse) X(EVP_MAC_fetch) X(EVP_MAC_free) X(EVP_MAC_CTX_new) X(EVP_MAC_CTX_free) \
	X(EVP_MAC_init) X(EVP_MAC_update) X(EVP_MAC_final) X(OSSL_PARAM_construct_utf8_string) X(OSSL_PARAM_construct_end)

/* Filled once by the loader and only read afterwards, like the dynamic linker's own tables. */
static struct { CALLS(DYNLIB_SLOT) } lc;
static bool loaded;

int crypto_load(char *err, size_t errlen)
{
#define SYM(f) DYNLIB_SYM(lc, f)
	static const struct dynlib_sym syms[] = { CALLS(SYM) };
#undef SYM
	if (loaded) return 0;
	if (dynlib_load(CRYPTO_SONAME, syms, sizeof syms / sizeof *syms, err, errlen) < 0) return -1;
	loaded = true;
	return 0;
}

static bool ready(void)
{
	char err[256];
	return loaded || crypto_load(err, sizeof err) == 0;
}

int crypto_sha256(const void *data, size_t len, unsigned char md[32])
{
	unsigned char out[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	if (!ready() || lc.EVP_Digest(data, len, out, &n, lc.EVP_sha256(), NULL) != 1 || n != 32) return -1;
	memcpy(md, out, 32);
	return 0;
}

int crypto_hmac_sha256(const void *key, size_t klen, const void *a, size_t an, const void *b, size_t bn,
	unsigned char mac[32])
{
	if (!ready()) return -1;
	EVP_MAC *m = lc.EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = m ? lc.EVP_MAC_CTX_new(m) : NULL;
	OSSL_PARAM params[] = { lc.OSSL_PARAM_construct_utf8_string("digest", (char *)"SHA256", 0),
		lc.OSSL_PARAM_construct_end() };
	unsigned char out[EVP_MAX_MD_SIZE];
	size_t outl = 0;
	int ok = ctx && lc.EVP_MAC_init(ctx, key, klen, params) == 1 && lc.EVP_MAC_update(ctx, a, an) == 1 &&
		lc.EVP_MAC_update(ctx, b, bn) == 1 && lc.EVP_MAC_final(ctx, out, &outl, sizeof out) == 1 && outl == 32;
	lc.EVP_MAC_CTX_free(ctx);
	lc.EVP_MAC_free(m);
	if (ok) memcpy(mac, out, 32);
	lc.OPENSSL_cleanse(out, sizeof out);
	return ok ? 0 : -1;
}

int crypto_random(void *buf, size_t n)
{
	return ready() && lc.RAND_priv_bytes(buf, (int)n) == 1 ? 0 : -1;
}

int crypto_base64(char *out, const void *in, size_t n)
{
	return ready() && lc.EVP_EncodeBlock((unsigned char *)out, in, (int)n) >= 0 ? 0 : -1;
}

int crypto_unbase64(unsigned char *out, const char *in, size_t n)
{
	return ready() ? lc.EVP_DecodeBlock(out, (const unsigned char *)in, (int)n) : -1;
}

bool crypto_equal(const void *a, const void *b, size_t n)
{
	return ready() && lc.CRYPTO_memcmp(a, b, n) == 0;
}

void crypto_cleanse(void *p, size_t n)
{
	if (ready()) lc.OPENSSL_cleanse(p, n);
	else explicit_bzero(p, n);
}
