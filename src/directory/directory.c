#include "directory/directory.h"
#include "util/text.h"
#include "catalog/vocab.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int dir_slug(const char *key, char *out, size_t cap)
{
	size_t o = 0;
	bool dash = false;
	/* a leading run would become a leading '-', which the slug pattern forbids */
	if (!isalnum((unsigned char)key[0]) || (unsigned char)key[0] >= 0x80) return -1;
	for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
		if (isalnum(*p) && *p < 0x80) {
			if (dash && o > 0) {
				if (o + 1 >= cap) return -1;
				out[o++] = '-';
			}
			dash = false;
			if (o + 1 >= cap) return -1;
			out[o++] = (char)tolower(*p);
		} else {
			dash = true;
		}
	}
	/* a trailing run becomes a trailing '-' (per the rule) */
	if (dash && o > 0) {
		if (o + 1 >= cap) return -1;
		out[o++] = '-';
	}
	if (o == 0 || cap == 0) return -1;
	out[o] = '\0';
	return (int)o;
}

const char *dir_status_from_registry(const char *status)
{
	if (!status) return NULL;
	if (strcmp(status, "active") == 0) return "aktiv";
	if (strcmp(status, "deprecated") == 0 || strcmp(status, "deleted") == 0) return "eingestellt";
	return NULL;
}

/* Decodes one UTF-8 code point at *p, advancing it; invalid bytes yield 0xFFFD. */
static uint32_t next_cp(const unsigned char **p)
{
	const unsigned char *s = *p;
	uint32_t cp;
	int n;
	if (s[0] < 0x80) { cp = s[0]; n = 1; }
	else if ((s[0] & 0xE0) == 0xC0) { cp = s[0] & 0x1F; n = 2; }
	else if ((s[0] & 0xF0) == 0xE0) { cp = s[0] & 0x0F; n = 3; }
	else if ((s[0] & 0xF8) == 0xF0) { cp = s[0] & 0x07; n = 4; }
	else { *p = s + 1; return 0xFFFD; }
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80) { *p = s + 1; return 0xFFFD; }
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	*p = s + n;
	return cp;
}

static int count_words(const char *folded, const char *const *words)
{
	int n = 0;
	size_t len = strlen(folded);
	for (int i = 0; words[i]; i++) {
		size_t wl = strlen(words[i]);
		for (const char *h = folded; (h = strstr(h, words[i])) != NULL; h += wl) {
			bool start = h == folded || h[-1] == ' ';
			bool end = (size_t)(h - folded) + wl == len || h[wl] == ' ';
			if (start && end) n++;
		}
	}
	return n;
}

const char *dir_detect_language(const char *text)
{
	unsigned han = 0, kana = 0, hangul = 0, cyr = 0, latin = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p;) {
		uint32_t cp = next_cp(&p);
		if ((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF)) han++;
		else if (cp >= 0x3040 && cp <= 0x30FF) kana++;
		else if ((cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0x1100 && cp <= 0x11FF)) hangul++;
		else if (cp >= 0x0400 && cp <= 0x04FF) cyr++;
		else if ((cp < 0x80 && isalpha((int)cp)) || (cp >= 0xC0 && cp <= 0x24F)) latin++;
	}
	if (kana) return "ja";
	if (hangul && hangul >= han) return "ko";
	if (han) return "zh";
	if (cyr > latin) return "ru";
	if (!latin) return "und";
	/* folded text: umlauts are already reduced (ü -> u), so stop words are listed folded */
	static const char *const en[] = { "the", "and", "for", "with", "your", "to", "of", "from", "that", "this",
		"using", "on", "an", "is", "it", "you", "are", "can", "into", NULL };
	static const char *const de[] = { "der", "die", "das", "und", "fur", "mit", "von", "zur", "zum", "ist",
		"ein", "eine", "auf", "den", "dem", "des", "sie", "ihre", "uber", "nicht", "oder", "werden", NULL };
	static const char *const fr[] = { "le", "la", "les", "et", "pour", "avec", "des", "une", "du", "dans",
		"vos", "votre", NULL };
	static const char *const es[] = { "el", "los", "las", "para", "con", "una", "del", "por",
		"sus", NULL };
	char folded[1200];
	text_fold(text, folded, sizeof folded);
	int e = count_words(folded, en), d = count_words(folded, de), f = count_words(folded, fr),
	    s = count_words(folded, es);
	/* German words like "die" and "des" also occur in English/French text: demand a clear lead */
	if ((d >= 2 && d > e) || (d >= 1 && e == 0 && f == 0 && s == 0)) return "de";
	if ((f >= 2 && f > e && f > s) || (f >= 1 && e == 0 && d == 0 && s == 0)) return "fr";
	if ((s >= 2 && s > e && s > f) || (s >= 1 && e == 0 && d == 0 && f == 0)) return "es";
	if (e >= 1 || latin) return "en";
	return "und";
}

/* Keywords per usage area, folded; order follows VOCAB_EINSATZGEBIETE. */
static const char *const AREA_WORDS[][16] = {
	/* entwicklung */ { "github", "gitlab", "git", "code", "coding", "developer", "repository", "debug", "ide",
		"npm", "api", "sdk", "test", "testing", "programming", NULL },
	/* daten */ { "database", "sql", "postgres", "postgresql", "mysql", "sqlite", "mongodb", "redis", "data",
		"analytics", "bigquery", "warehouse", "datenbank", "daten", NULL },
	/* dateien */ { "file", "files", "filesystem", "drive", "storage", "pdf", "document", "documents", "s3",
		"dateien", "datei", "dokumente", NULL },
	/* kommunikation */ { "email", "mail", "slack", "chat", "message", "messages", "sms", "phone", "discord",
		"telegram", "whatsapp", "teams", "calls", NULL },
	/* web */ { "web", "browser", "scrape", "scraping", "crawl", "fetch", "search", "url", "website", "seo",
		"playwright", "puppeteer", NULL },
	/* produktivitaet */ { "calendar", "notes", "todo", "tasks", "task", "notion", "jira", "project",
		"productivity", "meeting", "kalender", "aufgaben", NULL },
	/* wissen */ { "knowledge", "docs", "documentation", "wiki", "research", "memory", "rag", "papers",
		"wissen", NULL },
	/* finanzen */ { "finance", "financial", "payment", "payments", "stripe", "invoice", "crypto", "trading",
		"stock", "bank", "accounting", "blockchain", NULL },
	/* infrastruktur */ { "cloud", "kubernetes", "docker", "aws", "azure", "gcp", "deploy", "deployment",
		"monitoring", "devops", "terraform", "infrastructure", "logs", NULL },
	/* ki */ { "ai", "llm", "agent", "agents", "model", "models", "prompt", "openai", "gpt", "embedding",
		"embeddings", "ki", NULL },
};

uint32_t dir_classify(const char *name, const char *text)
{
	char hay[1600], folded[1600];
	snprintf(hay, sizeof hay, "%s %s", name ? name : "", text ? text : "");
	text_fold(hay, folded, sizeof folded);
	uint32_t mask = 0;
	for (size_t a = 0; a < sizeof AREA_WORDS / sizeof *AREA_WORDS; a++)
		if (count_words(folded, AREA_WORDS[a]) > 0) mask |= 1u << a;
	if (!mask) mask = 1u << vocab_index(VOCAB_EINSATZGEBIETE, "sonstiges");
	return mask;
}

const char *dir_art_of_type(const char *type)
{
	return strcmp(type, "agenten") == 0 ? "agent" : "mcp_server";
}
