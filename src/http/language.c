/* Accept-Language (RFC 9110 12.5.4): which of the offered languages an answer should put first. */
#include "http/request.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* q as thousandths: "0.8" -> 800; -1 when malformed. */
static int qvalue(const char *s, size_t n)
{
	if (n == 0 || n > 5 || (s[0] != '0' && s[0] != '1')) return -1;
	int v = (s[0] - '0') * 1000, scale = 100;
	if (n > 1 && s[1] != '.') return -1;
	for (size_t i = 2; i < n; i++, scale /= 10) {
		if (!isdigit((unsigned char)s[i])) return -1;
		v += (s[i] - '0') * scale;
	}
	return v > 1000 ? -1 : v;
}

/* One "tag;q=x" item: fills the primary subtag (lower case) and q. Returns false when malformed. */
static bool item(const char *s, size_t n, char *tag, size_t cap, int *q)
{
	while (n && *s == ' ') { s++; n--; }
	size_t t = 0;
	while (t < n && s[t] != ';' && s[t] != ' ' && s[t] != '-') t++;
	if (t == 0 || t >= cap) return false;
	for (size_t i = 0; i < t; i++) tag[i] = (char)tolower((unsigned char)s[i]);
	tag[t] = '\0';
	*q = 1000;
	const char *semi = memchr(s, ';', n);
	if (!semi) return true;
	const char *p = semi + 1, *end = s + n;
	while (p < end && *p == ' ') p++;
	if (end - p < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=') return false;
	size_t ql = (size_t)(end - p - 2);
	while (ql && p[2 + ql - 1] == ' ') ql--;
	return (*q = qvalue(p + 2, ql)) >= 0;
}

int accept_language_order(const char *header, const char *const *offered, int noffered, int *order)
{
	int q[8], pos[8], star = -1, star_pos = 0, nitems = 0;
	for (int i = 0; i < noffered && i < 8; i++) { q[i] = -1; pos[i] = 0; }
	for (const char *p = header ? header : ""; *p;) {
		size_t n = strcspn(p, ",");
		char tag[16];
		int v;
		if (item(p, n, tag, sizeof tag, &v)) {
			nitems++;
			if (strcmp(tag, "*") == 0 && v > star) { star = v; star_pos = nitems; }
			for (int i = 0; i < noffered && i < 8; i++)
				if (strcmp(tag, offered[i]) == 0 && v > q[i]) { q[i] = v; pos[i] = nitems; }
		}
		p += n;
		if (*p == ',') p++;
	}
	int n = 0;
	for (int i = 0; i < noffered && i < 8; i++) {
		if (q[i] < 0 && star >= 0) { q[i] = star; pos[i] = star_pos; }
		if (nitems == 0) { q[i] = 1000; pos[i] = i; }
		if (q[i] > 0) order[n++] = i;
	}
	/* nothing offered is acceptable: answer in every language rather than refuse */
	if (n == 0) for (int i = 0; i < noffered; i++) { order[n++] = i; q[i] = 1; pos[i] = i; }
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && (q[order[j]] > q[order[j - 1]] ||
			(q[order[j]] == q[order[j - 1]] && pos[order[j]] < pos[order[j - 1]])); j--) {
			int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	return n;
}
