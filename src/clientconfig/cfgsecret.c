#define _GNU_SOURCE /* strcasestr */
#include "clientconfig/cfgsecret.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Token formats the providers publish: prefix, shortest whole token, what it is. */
static const struct { const char *prefix; size_t min; const char *what; } FORMATS[] = {
	{ "github_pat_", 40, "a GitHub token" }, { "ghp_", 36, "a GitHub token" }, { "gho_", 36, "a GitHub token" },
	{ "ghu_", 36, "a GitHub token" }, { "ghs_", 36, "a GitHub token" }, { "ghr_", 36, "a GitHub token" },
	{ "glpat-", 24, "a GitLab token" }, { "sk-ant-", 40, "an Anthropic key" }, { "sk-proj-", 40, "an OpenAI key" },
	{ "sk-", 24, "an API key (sk-)" }, { "sk_live_", 24, "a Stripe key" }, { "sk_test_", 24, "a Stripe key" },
	{ "rk_live_", 24, "a Stripe key" }, { "xoxb-", 24, "a Slack token" }, { "xoxp-", 24, "a Slack token" },
	{ "xapp-", 24, "a Slack token" }, { "AKIA", 20, "an AWS access key" }, { "AIza", 39, "a Google API key" },
	{ "sbp_", 40, "a Supabase token" }, { "ntn_", 40, "a Notion token" }, { "hf_", 30, "a Hugging Face token" },
	{ "npm_", 36, "an npm token" }, { "pypi-", 60, "a PyPI token" }, { "dop_v1_", 60, "a DigitalOcean token" },
	{ "shpat_", 38, "a Shopify token" }, { "lin_api_", 40, "a Linear key" }, { "ctx7sk-", 30, "a Context7 key" },
	{ "glsa_", 40, "a Grafana token" }, { NULL, 0, NULL },
};

static bool word_at(const char *s, const char *start) { return s == start || !isalpha((unsigned char)s[-1]); }

bool cred_placeholder(const char *v)
{
	static const char *const words[] = { "changeme", "change-me", "placeholder", "redacted", "xxxx", "token here",
		"key here", "_here", "-here", "replace_with", "replace-with", "insert_", NULL };
	for (const char *p = strcasestr(v, "your"); p; p = strcasestr(p + 1, "your"))
		if (word_at(p, v) && (p[4] == '_' || p[4] == '-' || p[4] == ' ' || p[4] == '.')) return true;
	for (int i = 0; words[i]; i++) if (strcasestr(v, words[i])) return true;
	const char *lt = strchr(v, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	if (lt && gt && gt - lt > 2 && isalpha((unsigned char)lt[1])) return true;
	for (const char *b = strchr(v, '{'); b; b = strchr(b + 1, '{')) { /* {secret}, {{NAME}}: a word in braces */
		if ((b > v && b[-1] == '$') || (b > v && b[-1] == '{')) continue;
		const char *w = b + 1 + (b[1] == '{');
		size_t n = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
		if (n >= 2 && isalpha((unsigned char)w[0]) && w[n] == '}') return true;
	}
	return false;
}

bool cred_variable(const char *v)
{
	return strstr(v, "${") || strstr(v, "{env:") || (v[0] == '$' && (isupper((unsigned char)v[1]) || v[1] == '_')) ||
		(v[0] == '%' && strchr(v + 1, '%'));
}

bool cred_name(const char *n)
{
	static const char *const w[] = { "token", "key", "secret", "password", "passwd", "pat", "auth", "credential",
		"apikey", NULL };
	char low[128];
	size_t i = 0;
	for (; n[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)n[i]);
	low[i] = '\0';
	for (int j = 0; w[j]; j++) if (strstr(low, w[j])) return true;
	return false;
}

/* A password-like name: any literal under it is a credential, however short. */
static bool password_name(const char *n)
{
	char low[128];
	size_t i = 0;
	for (; n[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)n[i]);
	low[i] = '\0';
	if (strstr(low, "file") || strstr(low, "path") || strstr(low, "url") || strstr(low, "env")) return false;
	if (strstr(low, "password") || strstr(low, "passwd")) return true;
	size_t n4 = strlen(low);
	return (n4 >= 5 && !strcmp(low + n4 - 5, "_pass")) || !strcmp(low, "pass");
}

/* Long, nothing but token characters, mixing digits or both letter cases: a generated secret, not words. */
static bool random_token(const char *v)
{
	size_t n = strlen(v);
	int digits = 0, upper = 0, lower = 0, other = 0;
	if (strchr("/~.\\", v[0]) || (isalpha((unsigned char)v[0]) && v[1] == ':')) return false; /* a path, not a token */
	for (const char *p = v; *p; p++) {
		if (isdigit((unsigned char)*p)) digits++;
		else if (isupper((unsigned char)*p)) upper++;
		else if (islower((unsigned char)*p)) lower++;
		else if (!strchr("-_.+/=", *p)) other++;
	}
	return n >= 20 && !other && upper + lower >= 6 && (digits >= 3 || (upper >= 3 && lower >= 3));
}

static const char *provider_token(const char *v)
{
	for (int i = 0; FORMATS[i].prefix; i++) {
		size_t pl = strlen(FORMATS[i].prefix);
		for (const char *p = strstr(v, FORMATS[i].prefix); p; p = strstr(p + 1, FORMATS[i].prefix)) {
			if (p > v && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) continue;
			size_t n = pl;
			while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '-') n++;
			if (n >= FORMATS[i].min) return FORMATS[i].what;
		}
	}
	const char *jwt = strstr(v, "eyJ");
	if (jwt && strstr(jwt, ".eyJ") && strlen(jwt) > 60) return "a JSON Web Token";
	return NULL;
}

/* scheme://user:password@host with a literal password. */
static bool url_password(const char *v)
{
	const char *s = strstr(v, "://"), *at = s ? strchr(s + 3, '@') : NULL, *colon = s ? strchr(s + 3, ':') : NULL;
	const char *slash = s ? strchr(s + 3, '/') : NULL;
	return at && colon && colon < at && (!slash || at < slash) && at - colon > 1 && colon[1] != '$' && colon[1] != '{';
}

const char *cred_kind(const char *name, const char *v)
{
	if (!*v || cred_placeholder(v)) return NULL;
	const char *what = provider_token(v);
	if (what) return what;
	if (url_password(v)) return "a password inside a URL";
	const char *scheme = !strncasecmp(v, "Basic ", 6) ? "Basic credentials" : !strncasecmp(v, "Bearer ", 7) ? "Bearer credentials" :
		!strncasecmp(v, "Token ", 6) ? "token credentials" : NULL;
	if (scheme) {
		const char *rest = strchr(v, ' ') + 1;
		while (*rest == ' ') rest++;
		return *rest && !cred_variable(rest) && strlen(rest) >= 8 ? scheme : NULL;
	}
	if (cred_variable(v)) return NULL;
	if (name && password_name(name)) return "a password";
	if (name && cred_name(name) && random_token(v)) return "a secret";
	return NULL;
}
