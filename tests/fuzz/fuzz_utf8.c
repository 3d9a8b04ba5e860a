/* libFuzzer harness for the text checks at the edges. The UTF-8 validator must agree with a reference
 * decoder written from RFC 3629's definition (code point ranges, not byte tables); its sanitised copy
 * must be valid; and whatever the strict JSON check accepts, json-c must parse to the same members. */
#include "util/jsonstrict.h"
#include "util/text.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The first invalid offset by decoding: a sequence is valid when its length matches its lead byte, every
 * continuation is 10xxxxxx, and the value is in the range its length must encode, not a surrogate. */
static long reference(const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		uint8_t c = s[i];
		size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
		if (!len || len > n - i) return (long)i;
		uint32_t cp = len == 1 ? c : c & (0xff >> (len + 1));
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80) return (long)i;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
		if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return (long)i;
		i += len;
	}
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (utf8_invalid_at((const char *)data, size) != reference(data, size)) abort();
	char *z = malloc(size + 1);
	memcpy(z, data, size);
	z[size] = '\0';
	size_t cap = 3 * size + 1;
	char *clean = malloc(cap);
	size_t n = utf8_sanitize(z, clean, cap);
	if (n != strlen(clean) || utf8_invalid_at(clean, n) >= 0) abort();
	struct json_flaw f;
	if (json_strict_check((const char *)data, size, 32, &f) == 0) {
		struct json_tokener *tok = json_tokener_new_ex(33);
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
		/* the terminating NUL included: a bare number at the end is complete, not "more may follow" */
		struct json_object *o = json_tokener_parse_ex(tok, z, (int)size + 1);
		if (json_tokener_get_error(tok) != json_tokener_success) abort(); /* strict, yet json-c refuses it */
		json_object_put(o);
		json_tokener_free(tok);
	} else if (f.offset > size || !f.what[0] || utf8_invalid_at(f.pointer, strlen(f.pointer)) >= 0) {
		abort(); /* every refusal says where and what, in text an answer can carry */
	}
	free(clean);
	free(z);
	return 0;
}
