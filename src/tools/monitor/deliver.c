#include "tools/monitor/deliver.h"
#include "util/jsonutil.h"

#include <curl/curl.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define BATCH 20
#define MAX_ANSWER 65536

long long delivery_backoff(const struct delivery_opts *o, int attempts)
{
	long long wait = o->retry_base;
	for (int i = 1; i < attempts && wait < o->retry_cap; i++) wait *= 4;
	return wait < o->retry_cap ? wait : o->retry_cap;
}

/* Resolves the target and checks every address it has; fills addr with the first. A name with any
 * refused address is refused: which one a connection would take is not ours to choose. */
static int target_address(const struct webhook_url *u, const struct net_allow *allow, char *addr, size_t n,
	char *why, size_t whylen)
{
	if (u->literal) {
		if (!net_allowed(allow, (const struct sockaddr *)&u->addr, why, whylen)) return -1;
		const void *a = u->addr.ss_family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)&u->addr)->sin6_addr
			: (const void *)&((const struct sockaddr_in *)&u->addr)->sin_addr;
		inet_ntop(u->addr.ss_family, a, addr, (socklen_t)n);
		return 0;
	}
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res = NULL;
	int rc = getaddrinfo(u->host, NULL, &hints, &res);
	if (rc != 0) {
		snprintf(why, whylen, "cannot resolve %s: %s", u->host, gai_strerror(rc));
		return -2; /* may resolve later: retried */
	}
	int out = -2;
	for (struct addrinfo *p = res; p; p = p->ai_next) {
		if (!net_allowed(allow, p->ai_addr, why, whylen)) { out = -1; break; }
		if (out == -2) {
			const void *a = p->ai_family == AF_INET6 ? (const void *)&((struct sockaddr_in6 *)p->ai_addr)->sin6_addr
				: (const void *)&((struct sockaddr_in *)p->ai_addr)->sin_addr;
			inet_ntop(p->ai_family, a, addr, (socklen_t)n);
			out = 0;
		}
	}
	freeaddrinfo(res);
	return out;
}

static size_t discard(char *data, size_t size, size_t nmemb, void *ud)
{
	(void)data;
	size_t *seen = ud;
	*seen += size * nmemb;
	return *seen > MAX_ANSWER ? 0 : size * nmemb; /* a receiver's answer is not read beyond this */
}

/* Whether libcurl reads the address as we did: a parser disagreement is how guards are bypassed. */
static bool curl_agrees(const char *url, const struct webhook_url *u)
{
	CURLU *h = curl_url();
	char *host = NULL;
	bool same = h && curl_url_set(h, CURLUPART_URL, url, 0) == CURLUE_OK &&
		curl_url_get(h, CURLUPART_HOST, &host, 0) == CURLUE_OK;
	if (same) {
		size_t n = strlen(host);
		same = host[0] == '[' ? n >= 2 && strncasecmp(host + 1, u->host, n - 2) == 0 && strlen(u->host) == n - 2
			: strcasecmp(host, u->host) == 0;
	}
	curl_free(host);
	curl_url_cleanup(h);
	return same;
}

/* One attempt. Returns the HTTP status (> 0), 0 on a transport failure, -1 when the target is refused
 * for good; why says what went wrong. */
static int post(const struct json_object *d, const struct delivery_opts *o, long long now, char *why, size_t whylen)
{
	const char *url = jget_str(d, "url"), *body = jget_str(d, "payload"), *id = jget_str(d, "alert_id");
	struct webhook_url u;
	char addr[INET6_ADDRSTRLEN], sig[128];
	if (webhook_url_parse(url, &u, why, whylen) < 0) return -1;
	if (!curl_agrees(url, &u)) { snprintf(why, whylen, "the address is read differently by the HTTP client"); return -1; }
	int t = target_address(&u, o->allow, addr, sizeof addr, why, whylen);
	if (t < 0) return t == -1 ? -1 : 0;
	if (webhook_sign(jget_str(d, "secret"), id, now, body, strlen(body), sig, sizeof sig) < 0) {
		snprintf(why, whylen, "the watch's webhook secret is unusable");
		return -1;
	}
	char h_id[96], h_ts[64], h_sig[160], pin[400];
	snprintf(h_id, sizeof h_id, "webhook-id: %s", id);
	snprintf(h_ts, sizeof h_ts, "webhook-timestamp: %lld", now);
	snprintf(h_sig, sizeof h_sig, "webhook-signature: %s", sig);
	snprintf(pin, sizeof pin, "%s:%d:%s%s%s", u.host, u.port, strchr(addr, ':') ? "[" : "", addr, strchr(addr, ':') ? "]" : "");
	struct curl_slist *hdrs = NULL, *resolve = curl_slist_append(NULL, pin);
	hdrs = curl_slist_append(hdrs, "Content-Type: application/json");
	hdrs = curl_slist_append(hdrs, h_id);
	hdrs = curl_slist_append(hdrs, h_ts);
	hdrs = curl_slist_append(hdrs, h_sig);
	hdrs = curl_slist_append(hdrs, "Expect:");
	CURL *c = curl_easy_init();
	size_t seen = 0;
	long status = 0;
	char errbuf[CURL_ERROR_SIZE] = "";
	if (c) {
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_RESOLVE, resolve);       /* connect to the address that was checked */
		curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
		curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);     /* a redirect could lead anywhere */
		curl_easy_setopt(c, CURLOPT_PROXY, "");              /* no proxy from the environment */
		curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
		curl_easy_setopt(c, CURLOPT_TIMEOUT, o->timeout);
		curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, o->timeout);
		curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdrs);
		curl_easy_setopt(c, CURLOPT_USERAGENT, "autoplan-monitor/" PACKAGE_VERSION);
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
		curl_easy_setopt(c, CURLOPT_WRITEDATA, &seen);
		curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
		CURLcode rc = curl_easy_perform(c);
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
		if (rc != CURLE_OK && !(rc == CURLE_WRITE_ERROR && status > 0))
			snprintf(why, whylen, "%s", errbuf[0] ? errbuf : curl_easy_strerror(rc));
		if (rc != CURLE_OK && !(rc == CURLE_WRITE_ERROR && status > 0)) status = 0;
		curl_easy_cleanup(c);
	} else {
		snprintf(why, whylen, "out of memory");
	}
	curl_slist_free_all(hdrs);
	curl_slist_free_all(resolve);
	if (status > 0 && (status < 200 || status > 299)) snprintf(why, whylen, "the receiver answered %ld", status);
	return (int)status;
}

int deliver_pass(struct store *st, const struct delivery_opts *o, long long now, struct deliver_result *res)
{
	memset(res, 0, sizeof *res);
	struct json_object *rows = NULL;
	if (store_deliveries_due(st, now, BATCH, &rows) != DB_OK) return -1;
	int rc = 0;
	for (size_t i = 0; i < json_object_array_length(rows); i++) {
		struct json_object *d = json_object_array_get_idx(rows, i);
		const char *id = jget_str(d, "alert_id");
		int claim = store_delivery_claim(st, id, now, o->timeout + 30);
		if (claim == STORE_NOT_FOUND) continue;
		if (claim != DB_OK) { rc = -1; break; }
		char why[400] = "";
		int status = post(d, o, now, why, sizeof why);
		int attempts = (int)json_object_get_int64(jget(d, "attempts")) + 1;
		const char *state = status >= 200 && status <= 299 ? "delivered"
			: status < 0 || status == 410 || attempts >= o->max_attempts ? "failed" : "pending";
		long long next = strcmp(state, "pending") == 0 ? now + delivery_backoff(o, attempts) : now;
		if (store_delivery_result(st, id, now, state, next, status > 0 ? status : 0, why[0] ? why : NULL) != DB_OK) {
			rc = -1;
			break;
		}
		res->delivered += state[0] == 'd';
		res->retrying += state[0] == 'p';
		res->failed += state[0] == 'f';
		fprintf(stderr, "autoplan-monitor: alert %s: delivery attempt %d %s%s%s\n", id, attempts, state,
			why[0] ? ": " : "", why);
	}
	json_object_put(rows);
	return rc;
}
