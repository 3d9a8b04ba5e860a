#include "jsonw/jsonw.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes; false (and failed set) when memory ran out. */
static bool room(struct jw *w, size_t n)
{
	if (w->failed) return false;
	if (w->len + n <= w->cap) return true;
	size_t cap = w->cap ? w->cap : 16384;
	while (cap < w->len + n) cap *= 2;
	char *p = realloc(w->p, cap);
	if (!p) {
		w->failed = true;
		w->cap = 0;
		return false;
	}
	w->p = p;
	w->cap = cap;
	return true;
}

bool jw_reserve(struct jw *w, size_t n)
{
	return room(w, n);
}

void jw_terminate(struct jw *w)
{
	if (room(w, 1)) w->p[w->len] = '\0';
}

static void put1(struct jw *w, char c)
{
	if (!room(w, 1)) return;
	w->p[w->len++] = c;
}

void jw_put_slow(struct jw *w, bool sep, const char *s, size_t n, bool comma_after)
{
	if (!room(w, n + 1)) return;
	if (sep && w->comma) w->p[w->len++] = ',';
	memcpy(w->p + w->len, s, n);
	w->len += n;
	w->comma = comma_after;
}

/* Before a value or a key: the comma that separates it from the one before. */
static void sep(struct jw *w)
{
	if (w->comma) put1(w, ',');
}

void jw_free(struct jw *w)
{
	free(w->p);
	memset(w, 0, sizeof *w);
}

void jw_reset(struct jw *w)
{
	if (w->failed) {
		free(w->p);
		w->p = NULL;
	}
	w->len = 0;
	w->comma = false;
	w->failed = false;
}

/* What json-c writes for each byte below 0x20 (2 bytes, or 6 for \u00XX), each in 7 bytes so that 6 can be copied. */
static const char ESC[32][7] = {
	"\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
	"\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f",
	"\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
	"\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
};

/* Whether any of the eight bytes of v is one json-c escapes: below 0x20, '"' or '\\' (word-wise tests
 * for a zero or a small byte; bytes from 0x80 up never count). */
static inline bool escapes64(uint64_t v)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t q = v ^ (ones * '"'), b = v ^ (ones * '\\');
	return (((v - ones * 0x20) & ~v) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high;
}

/* The same for the eight bytes at s. */
static inline bool word_escapes(const char *s)
{
	uint64_t v;
	memcpy(&v, s, sizeof v);
	return escapes64(v);
}

#if defined(__SSE2__)
#include <emmintrin.h>
/* Whether any of the sixteen bytes at s is one json-c escapes (unsigned: bytes from 0x80 up never count). */
static inline bool block_escapes(const char *s)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i low = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v);  /* 0xff where v >= 0x20 */
	__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
	return (_mm_movemask_epi8(bad) | (_mm_movemask_epi8(low) ^ 0xffff)) != 0;
}
#endif

/* Whether any byte of s[0..n) needs an escape: whole blocks, the last one overlapping the one before,
 * so that most strings are checked without a loop over single bytes. */
static bool needs_escape(const char *s, size_t n)
{
	if (n < 8) {
		/* one word-wise test of the bytes padded with a letter ("id", "app": most keys are short) */
		char word[8] = { 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a' };
		memcpy(word, s, n);
		return word_escapes(word);
	}
	size_t i = 0;
#if defined(__SSE2__)
	for (; i + 16 <= n; i += 16) if (block_escapes(s + i)) return true;
#endif
	for (; i + 8 <= n; i += 8) if (word_escapes(s + i)) return true;
	return i < n && word_escapes(s + n - 8);
}

/* The length of each escape in ESC. */
static const unsigned char ESC_LEN[32] = {
	6, 6, 6, 6, 6, 6, 6, 6, 2, 2, 2, 6, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
};

/* Writes the escape of c (one that needs one) at o; returns the end. o has room for 6 bytes. */
static inline char *escape_byte(char *o, unsigned char c)
{
	if (c == '"' || c == '\\') {
		o[0] = '\\';
		o[1] = (char)c;
		return o + 2;
	}
	memcpy(o, ESC[c], 6); /* the shorter escapes are followed by bytes the next write covers */
	return o + ESC_LEN[c];
}

/* Input bytes escaped per step of quoted(): the output is grown once per step, to 6 times this. */
#define ESCAPE_STEP 4096

#if defined(__SSE2__)
/* A block of sixteen bytes at s, already stored at o, whose bytes to escape are the bits of m: each escape
 * written, the block's rest copied again after it (s may be read 32 bytes on). Returns the end. */
static char *escape_block(char *o, const char *s, unsigned m)
{
	unsigned done = 0; /* the bytes before done are written, those from done on stored at o */
	do {
		unsigned k = (unsigned)__builtin_ctz(m);
		o = escape_byte(o + (k - done), (unsigned char)s[k]);
		done = k + 1;
		_mm_storeu_si128((__m128i *)(void *)o, _mm_loadu_si128((const __m128i *)(const void *)(s + done)));
		m &= m - 1;
	} while (m);
	return o + (16 - done);
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ESCAPE_AVX2 1
/* The AVX2 paths' code: BMI1's tzcnt and blsr, and GCC told not to clear tzcnt's output before each (a tuning for
 * processors long gone that costs an instruction a quote). */
#if defined(__clang__)
#define AVX2_BMI __attribute__((target("avx2,bmi")))
#else
#define AVX2_BMI __attribute__((target("avx2,bmi,tune=znver2")))
#endif
/* Whether the processor has AVX2 and BMI1 (asked once). */
static bool have_avx2(void)
{
	static int known = -1;
	if (known < 0) {
		__builtin_cpu_init();
		known = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") ? 1 : 0;
	}
	return known;
}

/* A block of thirty-two bytes at s, already stored at o, whose quotes and backslashes are the bits of m: a
 * backslash put before each and the block's rest copied again after it (s may be read 32 bytes on). Returns
 * where byte 0 of the block now starts, the block ending 32 bytes on. */
AVX2_BMI static inline __attribute__((always_inline)) char *backslash_block(char *o,
	const char *s, uint64_t m)
{
	for (; m; m &= m - 1) {
		size_t k = (size_t)__builtin_ctzll(m);
		o[k] = '\\';
		o++;
		__asm__("" : "+r"(o)); /* o counted here: the compiler's o + popcount(m) afterwards costs more */
		_mm256_storeu_si256((__m256i *)(void *)(o + k), _mm256_loadu_si256((const __m256i *)(const void *)(s + k)));
	}
	return o;
}

/* escape_step_'s blocks thirty-two bytes at a time where the processor has AVX2: the whole blocks of *s[0..*n)
 * that can be read 64 bytes on before end; advances *o, *s, *n (and *raw, the verbatim copy, when copy). BMI1's
 * tzcnt and blsr make the loop run once per quote a few instructions (serialised JSON has a quote every eleven bytes). */
AVX2_BMI static inline __attribute__((always_inline)) void escape_avx2_(char **o_,
	char **raw_, const char **s_, size_t *n_, const char *end, bool copy)
{
	char *o = *o_, *raw = copy ? *raw_ : NULL;
	const char *s = *s_, *start = s;
	size_t n = *n_, avail = (size_t)(end - s);
	if (n < 32 || avail < 64) return;
	const char *stop = s + 1 + (n - 32 < avail - 64 ? n - 32 : avail - 64);
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\'), ctl = _mm256_set1_epi8(0x1f);
	while (s < stop) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)s);
		__m256i low = _mm256_cmpeq_epi8(_mm256_min_epu8(v, ctl), v);
		__m256i bad = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, bslash)), low);
		uint64_t m = (uint32_t)_mm256_movemask_epi8(bad);
		_mm256_storeu_si256((__m256i *)(void *)o, v);
		if (copy) {
			_mm256_storeu_si256((__m256i *)(void *)raw, v);
			raw += 32;
		}
		if (!m) {
			s += 32;
			o += 32;
			continue;
		}
		if (!_mm256_testz_si256(low, low)) {
			for (int j = 0; j < 32; j++) { /* a control character: rare, byte by byte */
				unsigned char c = (unsigned char)s[j];
				if (c >= 0x20 && c != '"' && c != '\\') *o++ = (char)c;
				else o = escape_byte(o, c);
			}
		} else {
			o = backslash_block(o, s, m) + 32;
		}
		s += 32;
	}
	*o_ = o;
	if (copy) *raw_ = raw;
	*s_ = s;
	*n_ = n - (size_t)(s - start);
}

/* The bits of a block's bytes equal to a or b, the low 32 bits of the mask. */
AVX2_BMI static inline __attribute__((always_inline)) uint64_t bytes_either(__m256i v,
	__m256i a, __m256i b)
{
	return (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(v, a), _mm256_cmpeq_epi8(v, b)));
}

/* JSON text as a string's content, sixty-four bytes (two blocks) at a time while 96 can be read: in JSON text a
 * control character can only be whitespace between tokens (none in compact text), so only quotes and backslashes
 * are looked for, and the blocks' lowest byte is kept to tell afterwards whether one was there. Two blocks a turn
 * share the loop's counting, and o moves with each backslash: a block costs about a dozen instructions, a quote
 * seven. Where the text may be read 96 bytes past its last whole pair (readable, the bytes that may be read from
 * s), its last bytes are one more pair whose masks keep only the text's bits, so no byte is escaped one at a time.
 * Writes the escaped text to *o (room for twice the bytes and 64) and, with copy, the verbatim copy to raw (exactly
 * the bytes done); returns the bytes done, or (size_t)-1 when a control character was seen (nothing written then counts). */
AVX2_BMI static inline __attribute__((always_inline)) size_t json_text_avx2_(
	char **o_, char *raw, const char *s, size_t n, size_t readable, bool copy)
{
	if (readable < 96) return 0;
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\'), ctl = _mm256_set1_epi8(0x1f);
	__m256i lowest = _mm256_set1_epi8((char)0xff);
	char *o = *o_;
	const char *start = s;
	size_t pairs = n < 64 ? 0 : readable - 96 < n - 64 ? (readable - 96) / 64 + 1 : (n - 64) / 64 + 1;
	/* (raw moves only where it copies: no offset is ever added to the null pointer the plain scan passes) */
	for (const char *end = s + 64 * pairs; s < end; s += 64, raw = copy ? raw + 64 : raw) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(const void *)s);
		__m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + 32));
		uint64_t ma = bytes_either(a, quote, bslash), mb = bytes_either(b, quote, bslash);
		lowest = _mm256_min_epu8(lowest, _mm256_min_epu8(a, b));
		if (copy) {
			_mm256_storeu_si256((__m256i *)(void *)raw, a);
			_mm256_storeu_si256((__m256i *)(void *)(raw + 32), b);
		}
		_mm256_storeu_si256((__m256i *)(void *)o, a);
		o = backslash_block(o, s, ma) + 32;
		_mm256_storeu_si256((__m256i *)(void *)o, b);
		o = backslash_block(o, s + 32, mb) + 32;
	}
	if (!_mm256_testz_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(lowest, ctl), lowest), _mm256_set1_epi8((char)0xff)))
		return (size_t)-1;
	size_t r = n - (size_t)(s - start);
	if (r && r < 64 && (size_t)(s - start) + 96 <= readable) {
		/* the last pair: bytes past the text are read (and copied past its end) but no bit of theirs counts */
		__m256i a = _mm256_loadu_si256((const __m256i *)(const void *)s);
		__m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + 32));
		uint64_t keep = (1ull << r) - 1;
		uint64_t m = (bytes_either(a, quote, bslash) | bytes_either(b, quote, bslash) << 32) & keep;
		uint64_t low = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(a, ctl), a)) |
			(uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(b, ctl), b)) << 32;
		if (low & keep) return (size_t)-1;
		if (copy) memcpy(raw, s, r);
		_mm256_storeu_si256((__m256i *)(void *)o, a);
		o = backslash_block(o, s, (uint32_t)m);
		if (r > 32) {
			_mm256_storeu_si256((__m256i *)(void *)(o + 32), b);
			o = backslash_block(o + 32, s + 32, m >> 32) - 32;
		}
		o += r;
		s += r;
	}
	*o_ = o;
	return (size_t)(s - start);
}

AVX2_BMI static size_t json_text_avx2(char **o, const char *s, size_t n, size_t readable)
{
	return json_text_avx2_(o, NULL, s, n, readable, false);
}

AVX2_BMI static size_t json_text_avx2_copy(char **o, char *raw, const char *s, size_t n,
	size_t readable)
{
	return json_text_avx2_(o, raw, s, n, readable, true);
}

AVX2_BMI static void escape_avx2(char **o, const char **s, size_t *n, const char *end)
{
	escape_avx2_(o, NULL, s, n, end, false);
}

AVX2_BMI static void escape_avx2_copy(char **o, char **raw, const char **s, size_t *n,
	const char *end)
{
	escape_avx2_(o, raw, s, n, end, true);
}
#endif

/* Escapes s[0..n) (n at most ESCAPE_STEP) to o, which has room for 6n + 32 bytes; the input may be read up to
 * end (at least s + n). With copy, s[0..n) is also copied verbatim to raw (room for n). Returns the end of the
 * escaped output. */
static inline __attribute__((always_inline)) char *escape_step_(char *o, char *raw, const char *s, size_t n,
	const char *end, bool copy)
{
#if defined(ESCAPE_AVX2)
	if (have_avx2() && copy) escape_avx2_copy(&o, &raw, &s, &n, end);
	else if (have_avx2()) escape_avx2(&o, &s, &n, end);
#endif
	const char *e = s + n;
#if defined(__SSE2__)
	/* Sixteen bytes are copied at once; each byte to escape in them is found by its bit in the block's mask,
	 * and the rest of the block is copied again after its escape (so JSON text, a quote every few bytes,
	 * costs a few instructions per quote). Every block copy reads 16 bytes past an escape: up to 32 past s. */
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\'), ctl = _mm_set1_epi8(0x1f);
	size_t avail = (size_t)(end - s);
	const char *stop = s; /* blocks start before stop: all of a block is s's, and 32 bytes from it can be read */
	if (n >= 16 && avail >= 32) stop = s + 1 + (n - 16 < avail - 32 ? n - 16 : avail - 32);
	while (s < stop) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i bad = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),
			_mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v));
		unsigned m = (unsigned)_mm_movemask_epi8(bad);
		_mm_storeu_si128((__m128i *)(void *)o, v);
		if (copy) {
			_mm_storeu_si128((__m128i *)(void *)raw, v);
			raw += 16;
		}
		if (!m) {
			s += 16;
			o += 16;
			continue;
		}
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v))) {
			o = escape_block(o, s, m); /* a control character: rare */
		} else {
			/* only quotes and backslashes: a backslash before each, the block's rest copied again after it */
			char *at = o; /* input byte j of the block goes to at + j */
			do {
				unsigned k = (unsigned)__builtin_ctz(m);
				at[k] = '\\';
				at++;
				_mm_storeu_si128((__m128i *)(void *)(at + k), _mm_loadu_si128((const __m128i *)(const void *)(s + k)));
				m &= m - 1;
			} while (m);
			o = at + 16;
		}
		s += 16;
	}
#else
	(void)end;
#endif
	for (; s < e; s++) {
		unsigned char c = (unsigned char)*s;
		if (copy) *raw++ = (char)c;
		if (c >= 0x20 && c != '"' && c != '\\') *o++ = (char)c;
		else o = escape_byte(o, c);
	}
	return o;
}

static char *escape_step(char *o, const char *s, size_t n, const char *end)
{
	return escape_step_(o, NULL, s, n, end, false);
}

/* The quoted, escaped text of s[0..n). */
static void quoted(struct jw *w, const char *s, size_t n)
{
	if (!room(w, n + 2)) return;
	char *o = w->p + w->len;
	*o++ = '"';
	if (!needs_escape(s, n)) {
		memcpy(o, s, n);
		o[n] = '"';
		w->len += n + 2;
		return;
	}
	w->len++;
	for (size_t at = 0; at < n;) {
		size_t k = n - at < ESCAPE_STEP ? n - at : ESCAPE_STEP;
		if (!room(w, 6 * k + 32 + 1)) return;
		o = escape_step(w->p + w->len, s + at, k, s + n);
		w->len = (size_t)(o - w->p);
		at += k;
	}
	w->p[w->len++] = '"'; /* room: the step's spare bytes */
}

void jw_key_str(struct jw *w, const char *key)
{
	sep(w);
	quoted(w, key, strlen(key));
	put1(w, ':');
	w->comma = false;
}

/* A string of at most 16 bytes written at o, quoted, when none of its bytes needs an escape: two loads that
 * may overlap cover every byte, so most values (ids, names, states) take neither a loop nor a copy call.
 * Returns the end, or NULL (nothing written) when a byte needs an escape. o has room for n + 2 bytes. */
static inline char *short_plain(char *o, const char *s, size_t n)
{
	uint64_t a, b;
	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		if (escapes64(a) || escapes64(b)) return NULL;
		memcpy(o + 1, &a, 8);
		memcpy(o + 1 + n - 8, &b, 8);
	} else if (n >= 4) {
		uint32_t x, y;
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		if (escapes64(x | (uint64_t)y << 32)) return NULL;
		memcpy(o + 1, &x, 4);
		memcpy(o + 1 + n - 4, &y, 4);
	} else if (n) {
		/* bytes 0, n/2 and n-1 cover all of one to three; the rest padded with a letter */
		unsigned char f = (unsigned char)s[0], m = (unsigned char)s[n / 2], l = (unsigned char)s[n - 1];
		if (escapes64(0x6161616161000000ull | f | (uint64_t)m << 8 | (uint64_t)l << 16)) return NULL;
		o[1] = (char)f;
		o[1 + n / 2] = (char)m;
		o[n] = (char)l;
	}
	o[0] = '"';
	o[n + 1] = '"';
	return o + n + 2;
}

void jw_strn(struct jw *w, const char *s, size_t n)
{
	if (n <= 16 && w->len + n + 3 <= w->cap) { /* a comma, the quotes; cap is 0 once memory ran out */
		char *o = w->p + w->len;
		char *e = short_plain(o + w->comma, s, n);
		if (e) {
			if (w->comma) *o = ',';
			w->len = (size_t)(e - w->p);
			w->comma = true;
			return;
		}
	}
	sep(w);
	quoted(w, s, n);
	w->comma = true;
}

/* JSON text n bytes long escaped as a string's content, appended to w (which has room for twice the bytes and 64):
 * json, or with json NULL w's own text from offset own; with copy, also copied verbatim to offset raw. readable:
 * the bytes that may be read from the text's start. */
static void json_text_escaped(struct jw *w, const char *json, size_t own, size_t n, size_t readable, bool copy,
	size_t raw)
{
	size_t at = 0;
#if defined(ESCAPE_AVX2)
	if (have_avx2()) {
		const char *s = json ? json : w->p + own;
		char *o = w->p + w->len;
		size_t done = copy ? json_text_avx2_copy(&o, w->p + raw, s, n, readable) : json_text_avx2(&o, s, n, readable);
		if (done != (size_t)-1) {
			w->len = (size_t)(o - w->p);
			at = done;
		}
	}
#else
	(void)readable;
#endif
	for (size_t k; at < n; at += k) {
		k = n - at < ESCAPE_STEP ? n - at : ESCAPE_STEP;
		if (!room(w, 6 * k + 32 + 1)) return;
		const char *s = json ? json : w->p + own; /* w's own text moves as w grows */
		char *o = copy ? escape_step_(w->p + w->len, w->p + raw + at, s + at, k, s + n, true) :
			escape_step(w->p + w->len, s + at, k, s + n);
		w->len = (size_t)(o - w->p);
	}
}

void jw_rawn_and_str(struct jw *w, const char *json, size_t n, const char *between)
{
	size_t blen = strlen(between);
	if (!room(w, 1 + n + blen + 1 + 2 * n + 64 + 1)) return;
	if (w->comma) w->p[w->len++] = ',';
	size_t raw = w->len; /* where the verbatim copy goes: an offset, since the text may move as it grows */
	w->len += n;
	memcpy(w->p + w->len, between, blen);
	w->len += blen;
	w->p[w->len++] = '"';
	json_text_escaped(w, json, 0, n, n, true, raw);
	if (w->failed) return;
	w->p[w->len++] = '"'; /* room: the escape's spare bytes */
	w->comma = true;
}

void jw_str_again(struct jw *w, size_t from, size_t n, const char *between)
{
	size_t blen = strlen(between);
	if (!room(w, blen + 1 + 2 * n + 64 + 1)) return;
	memcpy(w->p + w->len, between, blen);
	w->len += blen;
	w->p[w->len++] = '"';
	json_text_escaped(w, NULL, from, n, w->cap - from, false, 0);
	if (w->failed) return;
	w->p[w->len++] = '"';
	w->comma = true;
}

void jw_int(struct jw *w, long long v)
{
	char b[24], *e = b + sizeof b, *p = e;
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	do *--p = (char)('0' + u % 10); while (u /= 10);
	if (v < 0) *--p = '-';
	jw_put(w, true, p, (size_t)(e - p), true);
}

void jw_bool(struct jw *w, bool v)
{
	if (v) jw_put(w, true, "true", 4, true);
	else jw_put(w, true, "false", 5, true);
}


void jw_json(struct jw *w, struct json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		jw_null(w);
		return;
	case json_type_object:
		jw_obj(w);
		json_object_object_foreach(o, k, v) {
			jw_key_str(w, k);
			jw_json(w, v);
		}
		jw_obj_end(w);
		return;
	case json_type_array: {
		size_t n = json_object_array_length(o);
		jw_arr(w);
		for (size_t i = 0; i < n; i++) jw_json(w, json_object_array_get_idx(o, i));
		jw_arr_end(w);
		return;
	}
	case json_type_string:
		jw_strn(w, json_object_get_string(o), (size_t)json_object_get_string_len(o));
		return;
	default: {
		/* numbers and booleans as json-c formats them, custom serialisers (raw pieces) included */
		size_t n = 0;
		const char *t = json_object_to_json_string_length(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
		jw_rawn(w, t, n);
		return;
	}
	}
}
