/* Webhook delivery: each pending delivery that is due is leased (so several workers never send the
 * same attempt), its target checked against the guard (names resolved here and the connection pinned
 * to the checked address), POSTed with the Standard Webhooks headers by libcurl, and its outcome
 * recorded: delivered on 2xx, retried with backoff otherwise, failed after the last attempt, on 410
 * Gone or on a refused address. */
#ifndef AUTOPLAN_DELIVER_H
#define AUTOPLAN_DELIVER_H

#include "monitor/webhook.h"
#include "store/store.h"

struct delivery_opts {
	int max_attempts;            /* attempts before a delivery fails */
	long long retry_base;        /* seconds before the second attempt; each further wait is 4 times longer */
	long long retry_cap;         /* the longest wait */
	long timeout;                /* seconds per attempt */
	const struct net_allow *allow;
};

struct deliver_result {
	int delivered, retrying, failed;
};

/* The wait after attempt number attempts (1 = the first) failed. */
long long delivery_backoff(const struct delivery_opts *o, int attempts);

/* One pass over the due deliveries. Returns 0, or -1 on a store failure. */
int deliver_pass(struct store *st, const struct delivery_opts *o, long long now, struct deliver_result *res);

#endif
