#include "monitor/webhook.h"
#include "util/crypto.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const ADDR_CLASS_NAMES[] = { [ADDR_PUBLIC] = "public", [ADDR_LOOPBACK] = "loopback",
	[ADDR_PRIVATE] = "private", [ADDR_LINK_LOCAL] = "link-local", [ADDR_RESERVED] = "reserved" };

#define SECRET_BYTES 32

int webhook_secret_new(char out[WEBHOOK_SECRET_MAX])
{
	unsigned char raw[SECRET_BYTES];
	if (crypto_random(raw, sizeof raw) < 0) return -1;
	memcpy(out, "whsec_", 6);
	int rc = crypto_base64(out + 6, raw, sizeof raw);
	crypto_cleanse(raw, sizeof raw);
	return rc;
}

/* Decodes standard base64 (with padding) into out; returns the byte count or -1. */
static int b64_decode(const char *in, unsigned char *out, size_t cap)
{
	size_t n = strlen(in);
	if (n == 0 || n % 4 != 0 || n / 4 * 3 > cap) return -1;
	int len = crypto_unbase64(out, in, n);
	if (len < 0) return -1;
	for (size_t i = n; i > 0 && in[i - 1] == '='; i--) len--;
	return len;
}

int webhook_sign(const char *secret, const char *msg_id, long long timestamp, const char *body, size_t len,
	char *out, size_t cap)
{
	unsigned char key[WEBHOOK_SECRET_MAX], mac[32];
	if (strncmp(secret, "whsec_", 6) == 0) secret += 6;
	int klen = b64_decode(secret, key, sizeof key);
	if (klen <= 0) return -1;
	char head[160];
	int hn = snprintf(head, sizeof head, "%s.%lld.", msg_id, timestamp);
	if (hn < 0 || (size_t)hn >= sizeof head) return -1;
	int rc = crypto_hmac_sha256(key, (size_t)klen, head, (size_t)hn, body, len, mac);
	crypto_cleanse(key, sizeof key);
	if (rc < 0 || cap < 3 + 4 * ((sizeof mac + 2) / 3) + 1) return -1;
	memcpy(out, "v1,", 3);
	return crypto_base64(out + 3, mac, sizeof mac);
}

static int fail(char *why, size_t n, const char *msg)
{
	snprintf(why, n, "%s", msg);
	return -1;
}

static bool ldh_name(const char *h)
{
	size_t label = 0;
	for (const char *p = h; *p; p++) {
		if (*p == '.') {
			if (label == 0) return false;
			label = 0;
		} else if (isalnum((unsigned char)*p) || *p == '-') {
			if (++label > 63) return false;
		} else {
			return false;
		}
	}
	return true;
}

/* The last label of a name, to spot numeric forms such as 2130706433 or 0x7f.1 that resolvers
 * and URL parsers read as addresses in different ways. */
static bool numeric_last_label(const char *h)
{
	const char *last = strrchr(h, '.');
	last = last && last[1] ? last + 1 : h;
	if (strncasecmp(last, "0x", 2) == 0) return true;
	for (const char *p = last; *p && *p != '.'; p++)
		if (!isdigit((unsigned char)*p)) return false;
	return true;
}

int webhook_url_parse(const char *url, struct webhook_url *u, char *why, size_t whylen)
{
	memset(u, 0, sizeof *u);
	size_t n = strlen(url);
	if (n > WEBHOOK_URL_MAX) return fail(why, whylen, "the address is longer than 2000 characters");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)url[i];
		if (c <= 0x20 || c >= 0x7f || c == '\\')
			return fail(why, whylen, "the address must be printable ASCII without spaces or backslashes");
	}
	const char *p;
	if (strncasecmp(url, "https://", 8) == 0) { u->https = true; p = url + 8; u->port = 443; }
	else if (strncasecmp(url, "http://", 7) == 0) { p = url + 7; u->port = 80; }
	else return fail(why, whylen, "the address must start with https:// or http://");
	if (strchr(url, '#')) return fail(why, whylen, "the address must not carry a fragment (#)");
	size_t alen = strcspn(p, "/?");
	char auth[300];
	if (alen == 0 || alen >= sizeof auth) return fail(why, whylen, "the address has no host, or too long a host");
	memcpy(auth, p, alen);
	auth[alen] = '\0';
	if (strchr(auth, '@')) return fail(why, whylen, "the address must not carry user information (@)");
	char *host = auth, *port = NULL;
	if (auth[0] == '[') {
		char *close = strchr(auth, ']');
		if (!close) return fail(why, whylen, "an IPv6 host must be written in brackets");
		*close = '\0';
		host = auth + 1;
		if (close[1] == ':') port = close + 2;
		else if (close[1]) return fail(why, whylen, "unexpected text after the IPv6 host");
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&u->addr;
		if (inet_pton(AF_INET6, host, &a6->sin6_addr) != 1) return fail(why, whylen, "malformed IPv6 host");
		a6->sin6_family = AF_INET6;
		u->literal = true;
	} else {
		char *colon = strchr(auth, ':');
		if (colon) { *colon = '\0'; port = colon + 1; }
		size_t hl = strlen(host);
		if (hl && host[hl - 1] == '.') host[--hl] = '\0';
		if (hl == 0 || hl > 253 || !ldh_name(host)) return fail(why, whylen, "the host is not a valid DNS name or IP address");
		struct sockaddr_in *a4 = (struct sockaddr_in *)&u->addr;
		if (inet_pton(AF_INET, host, &a4->sin_addr) == 1) {
			a4->sin_family = AF_INET;
			u->literal = true;
		} else if (numeric_last_label(host)) {
			return fail(why, whylen, "a numeric host must be a dotted IPv4 address (a.b.c.d)");
		}
	}
	if (port) {
		char *end;
		long v = strtol(port, &end, 10);
		if (!*port || *end || v < 1 || v > 65535 || !isdigit((unsigned char)*port))
			return fail(why, whylen, "the port must be a number from 1 to 65535");
		u->port = (int)v;
	}
	size_t hl = strlen(host);
	if (hl >= sizeof u->host) return fail(why, whylen, "the host is too long");
	for (size_t i = 0; i <= hl; i++) u->host[i] = (char)tolower((unsigned char)host[i]);
	return 0;
}

bool host_is_localhost(const char *host)
{
	size_t n = strlen(host);
	return strcasecmp(host, "localhost") == 0 || (n > 10 && strcasecmp(host + n - 10, ".localhost") == 0);
}

static enum addr_class classify4(const unsigned char *a)
{
	if (a[0] == 127) return ADDR_LOOPBACK;
	if (a[0] == 10 || (a[0] == 172 && (a[1] & 0xf0) == 16) || (a[0] == 192 && a[1] == 168) ||
		(a[0] == 100 && (a[1] & 0xc0) == 64))
		return ADDR_PRIVATE;
	if (a[0] == 169 && a[1] == 254) return ADDR_LINK_LOCAL;
	if (a[0] == 0 || a[0] >= 224 || (a[0] == 192 && a[1] == 0 && (a[2] == 0 || a[2] == 2)) ||
		(a[0] == 198 && (a[1] & 0xfe) == 18) || (a[0] == 198 && a[1] == 51 && a[2] == 100) ||
		(a[0] == 203 && a[1] == 0 && a[2] == 113))
		return ADDR_RESERVED;
	return ADDR_PUBLIC;
}

/* The IPv4 address embedded in an IPv6 one (mapped, compatible, NAT64, 6to4), or NULL. */
static const unsigned char *embedded4(const unsigned char *a)
{
	static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
	static const unsigned char nat64[12] = { 0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0 };
	static const unsigned char zero[12] = { 0 };
	if (memcmp(a, mapped, 12) == 0 || memcmp(a, nat64, 12) == 0) return a + 12;
	if (memcmp(a, zero, 12) == 0 && (a[12] | a[13] | a[14] | (a[15] & 0xfe))) return a + 12;
	if (a[0] == 0x20 && a[1] == 0x02) return a + 2;
	return NULL;
}

static enum addr_class classify6(const unsigned char *a)
{
	static const unsigned char zero[16] = { 0 }, one[16] = { [15] = 1 };
	if (memcmp(a, zero, 16) == 0) return ADDR_RESERVED;
	if (memcmp(a, one, 16) == 0) return ADDR_LOOPBACK;
	const unsigned char *v4 = embedded4(a);
	if (v4) return classify4(v4);
	if ((a[0] & 0xfe) == 0xfc || (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0)) return ADDR_PRIVATE;
	if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return ADDR_LINK_LOCAL;
	if (a[0] == 0xff || (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8)) return ADDR_RESERVED;
	return ADDR_PUBLIC;
}

enum addr_class addr_classify(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return classify4((const unsigned char *)&((const struct sockaddr_in *)sa)->sin_addr);
	if (sa->sa_family == AF_INET6)
		return classify6(((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr);
	return ADDR_RESERVED;
}

int net_allow_parse(const char *spec, struct net_allow *out, char *why, size_t whylen)
{
	memset(out, 0, sizeof *out);
	if (!spec) return 0;
	const char *p = spec;
	while (*p) {
		size_t len = strcspn(p, ", ");
		if (len == 0) { p++; continue; }
		char item[64];
		if (len >= sizeof item || out->n == NET_ALLOW_MAX) {
			snprintf(why, whylen, "allow-list: more than %d ranges, or an entry longer than 63 characters", NET_ALLOW_MAX);
			return -1;
		}
		memcpy(item, p, len);
		item[len] = '\0';
		p += len;
		char *slash = strchr(item, '/');
		if (slash) *slash = '\0';
		int fam = strchr(item, ':') ? AF_INET6 : AF_INET, max = fam == AF_INET6 ? 128 : 32, bits = max;
		if (inet_pton(fam, item, out->r[out->n].net) != 1) {
			snprintf(why, whylen, "allow-list: \"%s\" is not an IP address", item);
			return -1;
		}
		if (slash) {
			char *end;
			long b = strtol(slash + 1, &end, 10);
			if (!slash[1] || *end || b < 0 || b > max) {
				snprintf(why, whylen, "allow-list: bad prefix length after %s", item);
				return -1;
			}
			bits = (int)b;
		}
		out->r[out->n].family = fam;
		out->r[out->n].bits = bits;
		out->n++;
	}
	return 0;
}

static bool in_range(const unsigned char *net, int bits, const unsigned char *a)
{
	int whole = bits / 8, rest = bits % 8;
	if (memcmp(net, a, (size_t)whole) != 0) return false;
	if (!rest) return true;
	unsigned char mask = (unsigned char)(0xff << (8 - rest));
	return (net[whole] & mask) == (a[whole] & mask);
}

bool net_allowed(const struct net_allow *allow, const struct sockaddr *sa, char *why, size_t whylen)
{
	enum addr_class k = addr_classify(sa);
	if (k == ADDR_PUBLIC) return true;
	const unsigned char *a4 = NULL, *a6 = NULL;
	if (sa->sa_family == AF_INET) a4 = (const unsigned char *)&((const struct sockaddr_in *)sa)->sin_addr;
	else if (sa->sa_family == AF_INET6) {
		a6 = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
		a4 = embedded4(a6);
	}
	for (int i = 0; allow && i < allow->n; i++) {
		if (allow->r[i].family == AF_INET && a4 && in_range(allow->r[i].net, allow->r[i].bits, a4)) return true;
		if (allow->r[i].family == AF_INET6 && a6 && in_range(allow->r[i].net, allow->r[i].bits, a6)) return true;
	}
	char text[INET6_ADDRSTRLEN] = "?";
	inet_ntop(sa->sa_family, a6 ? (const void *)a6 : (const void *)a4, text, sizeof text);
	snprintf(why, whylen, "%s is a %s address, and the operator's allow-list (AUTOPLAN_WEBHOOK_ALLOW) does not "
		"include it", text, ADDR_CLASS_NAMES[k]);
	return false;
}
