/* Webhooks after the Standard Webhooks convention (https://www.standardwebhooks.com): the secret
 * ("whsec_" and base64 of 32 random bytes), the signature header value, and the guard against
 * server-side request forgery: a strict parser of target addresses and the classification of IP
 * addresses (loopback, private, link-local and other non-public ranges are refused unless the
 * operator's allow-list names them). Nothing here does I/O beyond the random source. */
#ifndef AUTOPLAN_WEBHOOK_H
#define AUTOPLAN_WEBHOOK_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#define WEBHOOK_SECRET_MAX 64
#define WEBHOOK_URL_MAX 2000
#define NET_ALLOW_MAX 16

/* A new secret. Returns 0, or -1 when the random source failed. */
int webhook_secret_new(char out[WEBHOOK_SECRET_MAX]);

/* "v1,<base64 HMAC-SHA256>" over "<id>.<timestamp>.<body>" keyed with the secret's decoded bytes.
 * Returns 0, or -1 on a malformed secret or a full buffer. */
int webhook_sign(const char *secret, const char *msg_id, long long timestamp, const char *body, size_t len,
	char *out, size_t cap);

/* A parsed target: http or https, a host (a lower-cased DNS name or an IP literal without brackets),
 * a port (the scheme's default when absent). */
struct webhook_url {
	bool https;
	char host[256];
	int port;
	bool literal;                 /* host is an IP address */
	struct sockaddr_storage addr; /* the address when literal (port not set) */
};

/* Parses url strictly: http:// or https://, no user info, no fragment, printable ASCII only, a host
 * name of letter-digit-hyphen labels or an IP literal, numeric hosts only in dotted IPv4 form.
 * Returns 0, or -1 with the reason in why. */
int webhook_url_parse(const char *url, struct webhook_url *u, char *why, size_t whylen);

enum addr_class { ADDR_PUBLIC = 0, ADDR_LOOPBACK, ADDR_PRIVATE, ADDR_LINK_LOCAL, ADDR_RESERVED };
extern const char *const ADDR_CLASS_NAMES[];

/* Class of an IPv4 or IPv6 address; IPv4 embedded in IPv6 (mapped, NAT64, 6to4) counts as IPv4. */
enum addr_class addr_classify(const struct sockaddr *sa);

/* The operator's allow-list: CIDR ranges ("127.0.0.1/32,::1/128"); a bare address means /32 or /128. */
struct net_allow {
	int n;
	struct { int family; unsigned char net[16]; int bits; } r[NET_ALLOW_MAX];
};
/* Parses a comma-separated list (NULL or "" is empty). Returns 0, or -1 with the reason in why. */
int net_allow_parse(const char *spec, struct net_allow *out, char *why, size_t whylen);

/* Whether an address may be called: public, or inside an allowed range. On refusal, why says which
 * class the address is in. */
bool net_allowed(const struct net_allow *allow, const struct sockaddr *sa, char *why, size_t whylen);

/* Whether a host name is a name for this machine (localhost and *.localhost), which never reaches DNS. */
bool host_is_localhost(const char *host);

#endif
