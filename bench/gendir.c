/* The bench's large directory: from an imported registry source (the importer's output for the dump),
 * a directory source FACTOR times its size with the same shapes. Copy 0 is the source itself; every
 * further copy of an entry gets a new key and slug, and its name and provider text are rewritten word by
 * word, from the dump's own vocabulary and from new words made of pieces of it, so that the vocabulary
 * grows with the directory as a real registry's does. Deterministic; nothing of it is committed.
 *   gendir IMPORTED.json FACTOR OUT.json */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 88172645463325252ull;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static char **vocab;
static size_t nvocab, capvocab;

static void learn(const char *s)
{
	while (*s) {
		size_t n = strcspn(s, " ,.;:()/");
		if (n >= 3 && n < 40) {
			if (nvocab == capvocab) {
				capvocab = capvocab ? capvocab * 2 : 4096;
				vocab = realloc(vocab, capvocab * sizeof *vocab);
			}
			vocab[nvocab++] = strndup(s, n);
		}
		s += n;
		while (*s && strchr(" ,.;:()/", *s)) s++;
	}
}

/* A new word: the front of one known word and the back of another. */
static void invent(char *out, size_t cap)
{
	const char *a = vocab[rnd((unsigned)nvocab)], *b = vocab[rnd((unsigned)nvocab)];
	size_t la = strlen(a), lb = strlen(b), ha = 1 + rnd((unsigned)la), hb = rnd((unsigned)lb);
	snprintf(out, cap, "%.*s%s", (int)ha, a, b + hb);
}

/* s rewritten word by word into out: most words kept, some swapped for known ones, a few new. */
static void rewrite(const char *s, char *out, size_t cap)
{
	size_t o = 0;
	out[0] = '\0';
	while (*s && o + 64 < cap) {
		size_t n = strcspn(s, " ");
		char w[128];
		unsigned r = rnd(100);
		if (n >= 3 && r < 20) snprintf(w, sizeof w, "%s", vocab[rnd((unsigned)nvocab)]);
		else if (n >= 3 && r < 26) invent(w, sizeof w);
		else snprintf(w, sizeof w, "%.*s", (int)(n < 127 ? n : 127), s);
		o += (size_t)snprintf(out + o, cap - o, "%s%s", o ? " " : "", w);
		s += n;
		while (*s == ' ') s++;
	}
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s IMPORTED.json FACTOR OUT.json\n", argv[0]);
		return 2;
	}
	struct json_object *src = json_object_from_file(argv[1]), *es;
	int factor = atoi(argv[2]);
	if (!src || !json_object_object_get_ex(src, "entries", &es) || factor < 1) {
		fprintf(stderr, "gendir: %s is not an imported directory source\n", argv[1]);
		return 1;
	}
	size_t n = json_object_array_length(es);
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(es, i), *t, *x;
		if (json_object_object_get_ex(e, "name", &x)) learn(json_object_get_string(x));
		if (json_object_object_get_ex(e, "anbietertext", &t) && json_object_object_get_ex(t, "text", &x))
			learn(json_object_get_string(x));
	}
	if (!nvocab) return 1;
	for (int k = 1; k < factor; k++)
		for (size_t i = 0; i < n; i++) {
			struct json_object *e = NULL, *t, *x;
			if (json_object_deep_copy(json_object_array_get_idx(es, i), &e, NULL) != 0) return 1;
			char key[256], word[128], name[400], text[4200];
			invent(word, sizeof word);
			size_t wl = 0;
			for (size_t j = 0; word[j] && wl < 20; j++)
				if ((word[j] >= 'a' && word[j] <= 'z') || (word[j] >= '0' && word[j] <= '9')) word[wl++] = word[j];
			word[wl] = '\0';
			json_object_object_get_ex(e, "schluessel", &x);
			snprintf(key, sizeof key, "%.150s-%s%d", json_object_get_string(x), word, k);
			json_object_object_add(e, "schluessel", json_object_new_string(key));
			json_object_object_del(e, "slug");
			json_object_object_get_ex(e, "name", &x);
			rewrite(json_object_get_string(x), name, 190);
			json_object_object_add(e, "name", json_object_new_string(name[0] ? name : word));
			if (json_object_object_get_ex(e, "anbietertext", &t) && json_object_object_get_ex(t, "text", &x)) {
				rewrite(json_object_get_string(x), text, 1900);
				json_object_object_add(t, "text", json_object_new_string(text[0] ? text : word));
			}
			json_object_array_add(es, e);
		}
	if (json_object_to_file_ext(argv[3], src, JSON_C_TO_STRING_PLAIN) != 0) {
		fprintf(stderr, "gendir: cannot write %s\n", argv[3]);
		return 1;
	}
	fprintf(stderr, "gendir: %zu entries, %zu words learnt\n", json_object_array_length(es), nvocab);
	json_object_put(src);
	return 0;
}
