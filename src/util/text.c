#include "util/text.h"

#include <ctype.h>
#include <string.h>

size_t utf8_length(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			n++;
	return n;
}

/* Length of the valid sequence at s (1..4), or 0 when the bytes there are not shortest-form UTF-8 of
 * a scalar value. The second-byte ranges exclude overlong forms, surrogates and values past U+10FFFF. */
static size_t utf8_seq(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	if (c < 0x80) return 1;
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;
	if (c >= 0xc2 && c <= 0xdf) n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0) lo = 0xa0;
		if (c == 0xed) hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0) lo = 0x90;
		if (c == 0xf4) hi = 0x8f;
	} else return 0;
	if (len < n || s[1] < lo || s[1] > hi) return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xc0) != 0x80) return 0;
	return n;
}

size_t utf8_char_len(const char *s, size_t len)
{
	return len ? utf8_seq((const unsigned char *)s, len) : 0;
}

long utf8_invalid_at(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		if (u[i] < 0x80) { i++; continue; }
		size_t n = utf8_seq(u + i, len - i);
		if (!n) return (long)i;
		i += n;
	}
	return -1;
}

size_t utf8_sanitize(const char *s, char *out, size_t cap)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = strlen(s), o = 0;
	if (cap == 0) return 0;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq(u + i, len - i);
		const char *src = n ? s + i : "\xef\xbf\xbd";
		size_t k = n ? n : 3;
		if (o + k >= cap) break;
		memcpy(out + o, src, k);
		o += k;
		i += n ? n : 1;
	}
	out[o] = '\0';
	return o;
}

/* Base letters for U+00C0..U+017F; '\0' where the code point is not a letter we fold. */
static const char latin1[] = "aaaaaaaceeeeiiiidnooooo\0ouuuuyts" "aaaaaaaceeeeiiiidnooooo\0ouuuuyty";
static const char latin_ext_a[] =
	"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/* Appends the folded form of one code point; returns bytes appended. */
static size_t fold_cp(unsigned cp, char *o)
{
	if (cp < 0x80) {
		if (cp >= 'A' && cp <= 'Z') cp += 32;
		bool alnum = (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9');
		o[0] = alnum ? (char)cp : ' ';
		return 1;
	}
	if (cp == 0xdf || cp == 0x1e9e) { o[0] = 's'; o[1] = 's'; return 2; }
	if (cp >= 0xc0 && cp <= 0xff && latin1[cp - 0xc0]) { o[0] = latin1[cp - 0xc0]; return 1; }
	if (cp >= 0x100 && cp <= 0x17f) { o[0] = latin_ext_a[cp - 0x100]; return 1; }
	o[0] = ' ';
	return 1;
}

static unsigned decode(const unsigned char *s, size_t len, size_t *used)
{
	unsigned c = s[0];
	size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
	if (n == 0 || n > len) { *used = 1; return 0xfffd; }
	unsigned cp = n == 1 ? c : c & (0x7f >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) { *used = 1; return 0xfffd; }
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	*used = n;
	return cp;
}

static size_t fold(const char *s, char *out, size_t cap, bool umlaut_spellings)
{
	size_t o = 0, len = strlen(s);
	char tmp[4];
	if (cap == 0) return 0;
	for (size_t i = 0; i < len;) {
		size_t used;
		unsigned cp = decode((const unsigned char *)s + i, len - i, &used);
		i += used;
		/* "this week's", "Gmail’s": a possessive (or "it's") is its word, not a word "s" of its own */
		if ((cp == '\'' || cp == 0x2019) && o > 0 && out[o - 1] != ' ' && i < len && (s[i] | 0x20) == 's' &&
			(i + 1 == len || !isalnum((unsigned char)s[i + 1]))) {
			i++;
			continue;
		}
		size_t n = fold_cp(cp, tmp);
		for (size_t k = 0; k < n; k++) {
			char c = tmp[k];
			if (c == ' ' && (o == 0 || out[o - 1] == ' ')) continue;
			/* ae/oe/ue -> a/o/u so "Anhaenge" and "Anhänge" fold alike */
			if (umlaut_spellings && c == 'e' && o > 0 && (out[o - 1] == 'a' || out[o - 1] == 'o' || out[o - 1] == 'u'))
				continue;
			if (o + 1 >= cap) goto done;
			out[o++] = c;
		}
	}
done:
	while (o > 0 && out[o - 1] == ' ') o--;
	out[o] = '\0';
	return o;
}

size_t text_fold(const char *s, char *out, size_t cap)
{
	return fold(s, out, cap, true);
}

size_t text_fold_words(const char *s, char *out, size_t cap)
{
	return fold(s, out, cap, false);
}

bool text_fold_spelled_umlauts(char *w)
{
	char *o = w;
	bool changed = false;
	for (const char *p = w; *p; p++) {
		if (*p == 'e' && o > w && (o[-1] == 'a' || o[-1] == 'o' || o[-1] == 'u')) { changed = true; continue; }
		*o++ = *p;
	}
	*o = '\0';
	return changed;
}

uint64_t text_hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ull;
	for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

bool text_match_words(const char *q, const char *hay, unsigned *matched)
{
	unsigned found = 0, words = 0;
	while (*q) {
		const char *end = strchr(q, ' ');
		size_t n = end ? (size_t)(end - q) : strlen(q);
		char word[128];
		if (n >= sizeof word) n = sizeof word - 1;
		memcpy(word, q, n);
		word[n] = '\0';
		words++;
		if (strstr(hay, word)) found++;
		q += n;
		while (*q == ' ') q++;
	}
	if (matched) *matched = found;
	return found == words;
}
