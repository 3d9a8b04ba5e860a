/* The monitoring rules without store or network: keys, webhook signatures and addresses, change
 * fingerprints and the judgement of scope changes against granted scopes. */
#include "monitor/apikey.h"
#include "monitor/impact.h"
#include "monitor/webhook.h"
#include "util/jsonutil.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

Test(keys, generated_keys_parse_and_differ)
{
	char a[APIKEY_LEN + 1], b[APIKEY_LEN + 1], ida[APIKEY_ID_LEN + 1], idb[APIKEY_ID_LEN + 1], got[APIKEY_ID_LEN + 1];
	cr_assert_eq(apikey_generate(a, ida), 0);
	cr_assert_eq(apikey_generate(b, idb), 0);
	cr_assert_eq(strlen(a), APIKEY_LEN);
	cr_assert(strncmp(a, "apk_", 4) == 0 && a[APIKEY_ID_LEN] == '_', "%s", a);
	cr_assert_str_neq(a, b);
	cr_assert_str_neq(ida, idb);
	cr_assert_eq(apikey_parse(a, strlen(a), got), 0);
	cr_assert_str_eq(got, ida);
	cr_assert(strncmp(a, ida, APIKEY_ID_LEN) == 0, "the public id is the key's beginning");
	cr_assert(apikey_id_valid(ida));
}

Test(keys, checksum_catches_every_single_change)
{
	char key[APIKEY_LEN + 1], id[APIKEY_ID_LEN + 1], got[APIKEY_ID_LEN + 1];
	cr_assert_eq(apikey_generate(key, id), 0);
	int caught = 0, tried = 0;
	for (int i = APIKEY_ID_LEN + 1; i < APIKEY_LEN; i++) {
		char k[APIKEY_LEN + 1];
		memcpy(k, key, sizeof k);
		k[i] = k[i] == 'A' ? 'B' : 'A';
		tried++;
		caught += apikey_parse(k, APIKEY_LEN, got) < 0;
	}
	/* 32 checksum bits: a change slips through with probability 2^-32 */
	cr_assert_eq(caught, tried);
}

Test(keys, malformed_keys_are_refused)
{
	char key[APIKEY_LEN + 1], id[APIKEY_ID_LEN + 1], got[APIKEY_ID_LEN + 1];
	cr_assert_eq(apikey_generate(key, id), 0);
	cr_assert_lt(apikey_parse(key, APIKEY_LEN - 1, got), 0, "too short");
	char longer[APIKEY_LEN + 2];
	snprintf(longer, sizeof longer, "%sA", key);
	cr_assert_lt(apikey_parse(longer, strlen(longer), got), 0, "too long");
	char k[APIKEY_LEN + 1];
	memcpy(k, key, sizeof k);
	k[0] = 'x';
	cr_assert_lt(apikey_parse(k, APIKEY_LEN, got), 0, "prefix");
	memcpy(k, key, sizeof k);
	k[APIKEY_ID_LEN] = '-';
	cr_assert_lt(apikey_parse(k, APIKEY_LEN, got), 0, "separator");
	memcpy(k, key, sizeof k);
	k[APIKEY_ID_LEN + 3] = '%';
	cr_assert_lt(apikey_parse(k, APIKEY_LEN, got), 0, "alphabet");
	cr_assert_lt(apikey_parse("", 0, got), 0);
	cr_assert(!apikey_id_valid("apk_UPPERCASE12"));
	cr_assert(!apikey_id_valid("apk_abc"));
}

Test(keys, hashes_compare_in_full)
{
	char h1[65], h2[65];
	cr_assert_eq(apikey_hash("a", 1, h1), 0);
	cr_assert_eq(apikey_hash("b", 1, h2), 0);
	cr_assert(apikey_hash_equal(h1, h1));
	cr_assert(!apikey_hash_equal(h1, h2));
	char h3[65];
	memcpy(h3, h1, sizeof h3);
	h3[63] = h3[63] == '0' ? '1' : '0';
	cr_assert(!apikey_hash_equal(h1, h3), "the last character counts");
	cr_assert(!apikey_hash_equal(h1, "short"));
	/* SHA-256("a") */
	cr_assert_str_eq(h1, "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
}

Test(keys, random_ids)
{
	char a[24], b[24];
	cr_assert_eq(random_id("wat_", 16, a, sizeof a), 0);
	cr_assert_eq(random_id("wat_", 16, b, sizeof b), 0);
	cr_assert_eq(strlen(a), 20);
	cr_assert_str_neq(a, b);
	cr_assert_lt(random_id("wat_", 16, a, 10), 0, "a buffer too small is refused");
}

/* The example of the Standard Webhooks specification, reproduced independently with Node's crypto. */
Test(webhook, signature_matches_the_specification_example)
{
	char sig[128];
	const char *body = "{\"test\": 2432232314}";
	cr_assert_eq(webhook_sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330,
		body, strlen(body), sig, sizeof sig), 0);
	cr_assert_str_eq(sig, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
	cr_assert_lt(webhook_sign("whsec_not base64!", "id", 1, body, strlen(body), sig, sizeof sig), 0);
}

Test(webhook, secrets_are_fresh_and_usable)
{
	char a[WEBHOOK_SECRET_MAX], b[WEBHOOK_SECRET_MAX], sig[128];
	cr_assert_eq(webhook_secret_new(a), 0);
	cr_assert_eq(webhook_secret_new(b), 0);
	cr_assert(strncmp(a, "whsec_", 6) == 0);
	cr_assert_str_neq(a, b);
	cr_assert_eq(webhook_sign(a, "alr_x", 1, "{}", 2, sig, sizeof sig), 0);
}

static void url_ok(const char *url, const char *host, int port, bool literal)
{
	struct webhook_url u;
	char why[200];
	cr_assert_eq(webhook_url_parse(url, &u, why, sizeof why), 0, "%s: %s", url, why);
	cr_assert_str_eq(u.host, host, "%s", url);
	cr_assert_eq(u.port, port, "%s", url);
	cr_assert_eq(u.literal, literal, "%s", url);
}

static void url_bad(const char *url)
{
	struct webhook_url u;
	char why[200] = "";
	cr_assert_lt(webhook_url_parse(url, &u, why, sizeof why), 0, "%s was accepted", url);
	cr_assert_gt(strlen(why), 0);
}

Test(webhook, addresses_are_parsed_strictly)
{
	url_ok("https://Hooks.Example.com/a/b?x=1", "hooks.example.com", 443, false);
	url_ok("http://example.com:8080", "example.com", 8080, false);
	url_ok("http://127.0.0.1:9/x", "127.0.0.1", 9, true);
	url_ok("https://[2001:db8::1]:8443/", "2001:db8::1", 8443, true);
	url_ok("https://example.com./", "example.com", 443, false);
	url_bad("ftp://example.com/");
	url_bad("https://user:pw@example.com/");
	url_bad("https://example.com/#frag");
	url_bad("https://exa mple.com/");
	url_bad("https://example.com\\@127.0.0.1/");
	url_bad("http://2130706433/");
	url_bad("http://0x7f.1/");
	url_bad("http://127.1/");
	url_bad("https://example.com:0/");
	url_bad("https://example.com:65536/");
	url_bad("https:///path");
	url_bad("https://[::1/");
	url_bad("https://exam_ple.com/");
	url_bad("https://b\xc3\xbc" "cher.example/");
}

/* An IPv4 or IPv6 address from its text. */
static struct sockaddr_storage addr_of(const char *text)
{
	struct sockaddr_storage ss = { 0 };
	if (strchr(text, ':')) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
		a->sin6_family = AF_INET6;
		cr_assert_eq(inet_pton(AF_INET6, text, &a->sin6_addr), 1, "%s", text);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&ss;
		a->sin_family = AF_INET;
		cr_assert_eq(inet_pton(AF_INET, text, &a->sin_addr), 1, "%s", text);
	}
	return ss;
}

static enum addr_class classify(const char *text)
{
	struct sockaddr_storage ss = addr_of(text);
	return addr_classify((struct sockaddr *)&ss);
}

Test(webhook, address_classes)
{
	cr_assert_eq(classify("127.0.0.1"), ADDR_LOOPBACK);
	cr_assert_eq(classify("127.255.1.2"), ADDR_LOOPBACK);
	cr_assert_eq(classify("::1"), ADDR_LOOPBACK);
	cr_assert_eq(classify("::ffff:127.0.0.1"), ADDR_LOOPBACK, "IPv4-mapped");
	cr_assert_eq(classify("10.1.2.3"), ADDR_PRIVATE);
	cr_assert_eq(classify("172.16.0.1"), ADDR_PRIVATE);
	cr_assert_eq(classify("172.31.255.255"), ADDR_PRIVATE);
	cr_assert_eq(classify("172.32.0.1"), ADDR_PUBLIC);
	cr_assert_eq(classify("192.168.1.1"), ADDR_PRIVATE);
	cr_assert_eq(classify("100.64.0.1"), ADDR_PRIVATE, "shared address space");
	cr_assert_eq(classify("fd00::1"), ADDR_PRIVATE);
	cr_assert_eq(classify("::ffff:10.0.0.1"), ADDR_PRIVATE);
	cr_assert_eq(classify("64:ff9b::10.0.0.1"), ADDR_PRIVATE, "NAT64");
	cr_assert_eq(classify("2002:0a00:0001::1"), ADDR_PRIVATE, "6to4 of 10.0.0.1");
	cr_assert_eq(classify("169.254.169.254"), ADDR_LINK_LOCAL, "cloud metadata");
	cr_assert_eq(classify("fe80::1"), ADDR_LINK_LOCAL);
	cr_assert_eq(classify("0.0.0.0"), ADDR_RESERVED);
	cr_assert_eq(classify("::"), ADDR_RESERVED);
	cr_assert_eq(classify("224.0.0.1"), ADDR_RESERVED);
	cr_assert_eq(classify("255.255.255.255"), ADDR_RESERVED);
	cr_assert_eq(classify("8.8.8.8"), ADDR_PUBLIC);
	cr_assert_eq(classify("2606:4700::1111"), ADDR_PUBLIC);
}

static bool allowed(const struct net_allow *a, const char *ip)
{
	struct sockaddr_storage ss = addr_of(ip);
	char why[300];
	return net_allowed(a, (struct sockaddr *)&ss, why, sizeof why);
}

Test(webhook, allow_list)
{
	struct net_allow a;
	char why[200];
	cr_assert_eq(net_allow_parse(NULL, &a, why, sizeof why), 0);
	cr_assert(!allowed(&a, "127.0.0.1"));
	cr_assert(allowed(&a, "8.8.8.8"));
	cr_assert_eq(net_allow_parse("127.0.0.1/32, 10.0.0.0/8,fd00::/8", &a, why, sizeof why), 0, "%s", why);
	cr_assert_eq(a.n, 3);
	cr_assert(allowed(&a, "127.0.0.1"));
	cr_assert(!allowed(&a, "127.0.0.2"));
	cr_assert(allowed(&a, "::ffff:127.0.0.1"), "a mapped address is its IPv4 address");
	cr_assert(allowed(&a, "10.200.1.1"));
	cr_assert(allowed(&a, "fd12::1"));
	cr_assert(!allowed(&a, "169.254.169.254"));
	cr_assert_eq(net_allow_parse("::1", &a, why, sizeof why), 0);
	cr_assert(allowed(&a, "::1"));
	cr_assert_lt(net_allow_parse("localhost", &a, why, sizeof why), 0);
	cr_assert_lt(net_allow_parse("10.0.0.0/33", &a, why, sizeof why), 0);
	cr_assert_lt(net_allow_parse("10.0.0.0/", &a, why, sizeof why), 0);
	cr_assert(host_is_localhost("LocalHost"));
	cr_assert(host_is_localhost("app.localhost"));
	cr_assert(!host_is_localhost("localhost.example.com"));
}

/* An impact answer as row 10 gives it, with one scope narrowing on op. */
static struct json_object *narrowed(const char *op, const char *before, const char *after)
{
	char text[1024];
	snprintf(text, sizeof text, "{\"status\":\"breaking\",\"changes\":["
		"{\"app\":null,\"operation\":null,\"change\":\"catalog_version_moved\",\"severity\":\"info\",\"before\":\"1\",\"after\":\"2\"},"
		"{\"app\":\"mailA\",\"operation\":\"%s\",\"change\":\"scopes_narrowed\",\"severity\":\"breaking\","
		"\"before\":%s,\"after\":%s}],\"checked_operations\":1}", op, before, after);
	struct json_object *o = json_tokener_parse(text);
	cr_assert_not_null(o, "%s", text);
	return o;
}

static const char *change_field(struct json_object *impact, int i, const char *k)
{
	return jget_str(json_object_array_get_idx(jget(impact, "changes"), (size_t)i), k);
}

Test(impact, fingerprints_are_stable_and_order_insensitive)
{
	struct json_object *a = narrowed("list", "[\"x\",\"y\",\"z\"]", "[\"x\",\"y\"]"),
		*b = narrowed("list", "[\"z\",\"y\",\"x\"]", "[\"y\",\"x\"]"),
		*c = narrowed("get", "[\"x\",\"y\",\"z\"]", "[\"x\",\"y\"]");
	impact_judge(a, NULL);
	impact_judge(b, NULL);
	impact_judge(c, NULL);
	cr_assert_eq(strlen(change_field(a, 1, "fingerprint")), FINGERPRINT_LEN);
	cr_assert_str_eq(change_field(a, 1, "fingerprint"), change_field(b, 1, "fingerprint"));
	cr_assert_str_neq(change_field(a, 1, "fingerprint"), change_field(c, 1, "fingerprint"));
	/* a version move keeps its fingerprint whatever version it moved to */
	struct json_object *d = narrowed("list", "[\"x\",\"y\",\"z\"]", "[\"x\",\"y\"]");
	json_object_object_add(json_object_array_get_idx(jget(d, "changes"), 0), "after", json_object_new_string("3"));
	impact_judge(d, NULL);
	cr_assert_str_eq(change_field(a, 0, "fingerprint"), change_field(d, 0, "fingerprint"));
	cr_assert(!impact_differs(a, b), "the same changes");
	cr_assert(impact_differs(a, c), "another operation");
	json_object_put(a);
	json_object_put(b);
	json_object_put(c);
	json_object_put(d);
}

Test(impact, narrowing_is_judged_against_granted_scopes)
{
	const char *before = "[\"https://mail.google.com/\",\"gmail.modify\",\"gmail.readonly\"]",
		*after = "[\"https://mail.google.com/\",\"gmail.modify\"]";
	struct json_object *relied = narrowed("list", before, after), *still = narrowed("list", before, after),
		*none = narrowed("list", before, after), *plain = narrowed("list", before, after);
	struct json_object *g1 = json_tokener_parse("[\"gmail.readonly\"]"), *g2 = json_tokener_parse("[\"gmail.modify\"]"),
		*g3 = json_tokener_parse("[\"Files.Read\"]");
	impact_judge(relied, g1);
	impact_judge(still, g2);
	impact_judge(none, g3);
	impact_judge(plain, NULL);
	cr_assert_str_eq(change_field(relied, 1, "severity"), "breaking");
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(jget(relied, "changes"), 1), "judged"), "verdict"), "relied_on_removed");
	cr_assert_str_eq(jget_str(relied, "status"), "breaking");
	cr_assert_str_eq(change_field(still, 1, "severity"), "info");
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(jget(still, "changes"), 1), "judged"), "verdict"), "still_authorised");
	cr_assert_str_eq(jget_str(still, "status"), "info_only");
	cr_assert_str_eq(change_field(none, 1, "severity"), "info");
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(jget(none, "changes"), 1), "judged"), "verdict"), "not_held");
	cr_assert_str_eq(jget_str(plain, "status"), "breaking", "without granted scopes row 10's judgement stays");
	cr_assert(json_object_get_boolean(jget(relied, "judged_against_granted_scopes")));
	cr_assert(!json_object_get_boolean(jget(plain, "judged_against_granted_scopes")));
	cr_assert_str_eq(change_field(relied, 1, "fingerprint"), change_field(still, 1, "fingerprint"),
		"the judgement is not part of the change's identity");
	cr_assert(impact_differs(relied, still), "the same change with another severity is another impact");
	struct json_object *objs[] = { relied, still, none, plain, g1, g2, g3 };
	for (size_t i = 0; i < sizeof objs / sizeof objs[0]; i++) json_object_put(objs[i]);
}

Test(impact, widening_is_judged_against_granted_scopes)
{
	struct json_object *o = json_tokener_parse("{\"status\":\"compatible\",\"changes\":[{\"app\":\"mailA\",\"operation\":\"send\","
		"\"change\":\"scopes_widened\",\"severity\":\"compatible\",\"before\":[\"a\"],\"after\":[\"a\",\"b\"]}]}");
	struct json_object *g = json_tokener_parse("[\"b\"]");
	impact_judge(o, g);
	cr_assert_str_eq(jget_str(jget(json_object_array_get_idx(jget(o, "changes"), 0), "judged"), "verdict"), "now_authorised");
	cr_assert_str_eq(jget_str(o, "status"), "compatible");
	json_object_put(o);
	json_object_put(g);
}

Test(impact, version_moves_alone_are_no_reason_for_an_alert)
{
	struct json_object *a = json_tokener_parse("{\"status\":\"unchanged\",\"changes\":[]}"),
		*b = json_tokener_parse("{\"status\":\"info_only\",\"changes\":[{\"app\":null,\"operation\":null,"
			"\"change\":\"catalog_version_moved\",\"severity\":\"info\",\"before\":\"1\",\"after\":\"2\"}]}");
	impact_judge(a, NULL);
	impact_judge(b, NULL);
	cr_assert(!impact_differs(a, b));
	json_object_put(a);
	json_object_put(b);
}

Test(impact, alert_lists_new_and_resolved_changes)
{
	struct json_object *before = narrowed("list", "[\"x\",\"y\"]", "[\"x\"]"), *after = narrowed("get", "[\"x\",\"y\"]", "[\"x\"]");
	impact_judge(before, NULL);
	impact_judge(after, NULL);
	struct json_object *changes, *resolved;
	impact_alert_changes(before, after, &changes, &resolved);
	cr_assert_eq(json_object_array_length(changes), 2);
	cr_assert(!json_object_get_boolean(jget(json_object_array_get_idx(changes, 0), "new")), "a version move is never new");
	cr_assert(json_object_get_boolean(jget(json_object_array_get_idx(changes, 1), "new")));
	cr_assert_eq(json_object_array_length(resolved), 1);
	cr_assert_str_eq(jget_str(json_object_array_get_idx(resolved, 0), "operation"), "list");
	json_object_put(changes);
	json_object_put(resolved);
	json_object_put(before);
	json_object_put(after);
}
