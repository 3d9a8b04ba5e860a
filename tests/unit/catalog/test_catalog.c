/* The reader's two levels of checks and the sealed copy: what each open refuses, what a quick open
 * still guarantees, and that a copy, once verified, no longer depends on the file on disk. */
#define _GNU_SOURCE
#include "catalog/catalog.h"

#include <criterion/criterion.h>
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static char path[300];
static unsigned char *orig;
static size_t orig_len;

/* A private copy of the built catalog for each test. */
static void setup(void)
{
	const char *built = getenv("AUTOPLAN_CATALOG");
	cr_assert_not_null(built, "AUTOPLAN_CATALOG is not set");
	FILE *f = fopen(built, "rb");
	cr_assert_not_null(f);
	fseek(f, 0, SEEK_END);
	orig_len = (size_t)ftell(f);
	fseek(f, 0, SEEK_SET);
	orig = malloc(orig_len);
	cr_assert_eq(fread(orig, 1, orig_len, f), orig_len);
	fclose(f);
	snprintf(path, sizeof path, "%s/autoplan-cat-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, orig, orig_len), (ssize_t)orig_len);
	close(fd);
}

static void teardown(void)
{
	unlink(path);
	free(orig);
}

TestSuite(catalog, .init = setup, .fini = teardown);

static void patch(size_t off, const void *bytes, size_t n)
{
	int fd = open(path, O_WRONLY);
	cr_assert_eq(pwrite(fd, bytes, n, (off_t)off), (ssize_t)n);
	close(fd);
}

static const struct cat_header *head(void) { return (const struct cat_header *)orig; }

Test(catalog, every_open_accepts_the_built_file)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, path, err, sizeof err), 0, "%s", err);
	catalog_close(&c);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	cr_assert_gt(c.nentries, 0);
	catalog_close(&c);
	cr_assert_eq(catalog_load(&c, path, err, sizeof err), 0, "%s", err);
	cr_assert_geq(c.fd, 0);
	catalog_close(&c);
}

/* A byte changed inside the string pool: only the sha256 sees it. The quick open accepts it, and it
 * is the one the FastCGI parent and --check run. */
/* From the middle of the string pool on, a letter between letters inside a text of some length with a space
 * in it: not a string's length or NUL, nor a word of the search tables, whose order the full checks compare
 * again (where the middle falls depends on what the catalog holds). */
static size_t letter_in_text(void)
{
	size_t start = head()->sections[CS_STRINGS].off, end = start + head()->sections[CS_STRINGS].size;
	for (size_t i = start + (end - start) / 2; i + 1 < end; i++) {
		if (!isalpha(orig[i - 1]) || !isalpha(orig[i]) || !isalpha(orig[i + 1])) continue;
		size_t s = i, e = i;
		while (s > start && orig[s - 1]) s--;
		while (e < end && orig[e]) e++;
		if (e - s >= 64 && memchr(orig + s, ' ', e - s)) return i;
		i = e;
	}
	cr_assert_fail("no text in the second half of the string pool");
	return 0;
}

Test(catalog, content_damage_is_refused_by_the_full_checks)
{
	patch(letter_in_text(), "\x01", 1);
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, path, err, sizeof err), -1);
	cr_assert(strstr(err, "checksum mismatch"), "%s", err);
	cr_assert_eq(catalog_load(&c, path, err, sizeof err), -1);
	cr_assert(strstr(err, "checksum mismatch"), "%s", err);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	catalog_close(&c);
}

/* A file copied over in place, not yet complete: new header, old tail. */
Test(catalog, partly_written_file_is_refused_by_every_open)
{
	unsigned char *h = malloc(sizeof(struct cat_header));
	memcpy(h, orig, sizeof(struct cat_header));
	((struct cat_header *)h)->sha256[0] ^= 0xff; /* another build's checksum ... */
	((struct cat_header *)h)->head_check = catalog_head_check((struct cat_header *)h); /* ... in a sound header */
	patch(0, h, sizeof(struct cat_header));
	free(h);
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), -1);
	cr_assert(strstr(err, "partly written"), "%s", err);
	cr_assert_eq(catalog_load(&c, path, err, sizeof err), -1);
}

Test(catalog, damaged_header_and_truncation_are_refused_quickly)
{
	struct catalog c;
	char err[512];
	uint64_t off = head()->sections[CS_ENTRIES].off + 8;
	patch(offsetof(struct cat_header, sections) + CS_ENTRIES * sizeof(struct cat_section) + 8, &off, 8);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), -1);
	cr_assert(strstr(err, "header checksum"), "%s", err);
	patch(0, orig, sizeof(struct cat_header));
	cr_assert_eq(truncate(path, (off_t)orig_len - 100), 0);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), -1);
	cr_assert(strstr(err, "truncated"), "%s", err);
}

/* The planner's per-task record disagreeing with the task's steps, in a file sealed again: the full
 * checks derive it again and refuse it; a quick open, where it can only mis-score, reads it as it is. */
Test(catalog, task_record_unlike_its_steps_is_refused_fully)
{
	uint64_t off = head()->sections[CS_PTASKS].off + offsetof(struct cat_ptask, main_caps), v;
	unsigned char *copy = malloc(orig_len);
	memcpy(copy, orig, orig_len);
	memcpy(&v, copy + off, sizeof v);
	v ^= 1;
	memcpy(copy + off, &v, sizeof v);
	cr_assert_eq(catalog_seal(copy, orig_len), 0);
	patch(0, copy, orig_len);
	free(copy);
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open(&c, path, err, sizeof err), -1);
	cr_assert(strstr(err, "reference"), "%s", err);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	catalog_close(&c);
}

/* The resolver's tables are mapped and checked by a quick open only when asked for: a typo naming a
 * word past the vocabulary is refused then, and out of reach (no table at all) otherwise. */
Test(catalog, quick_open_maps_the_resolver_tables_only_when_asked)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open_quick(&c, path, 0, err, sizeof err), 0, "%s", err);
	cr_assert(!c.syns && !c.words && !c.typos && !c.wordhash && !c.stemhash && !c.ptasks && !c.families && !c.intents);
	cr_assert(c.nsyns == 0 && c.nwords == 0 && c.ntypos == 0 && c.nwordhash == 0 && c.nfamilies == 0);
	cr_assert_gt(c.ncaps, 0);
	cr_assert_gt(c.ntasks, 0);
	catalog_close(&c);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_RESOLVER, err, sizeof err), 0, "%s", err);
	cr_assert(c.syns && c.words && c.typos && c.wordhash && c.stemhash && c.ptasks);
	cr_assert_gt(c.ntypos, 0);
	catalog_close(&c);
	uint32_t past = 0xfffffff0u;
	patch(head()->sections[CS_TYPOS].off + offsetof(struct cat_typo, word), &past, sizeof past);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_RESOLVER, err, sizeof err), -1);
	cr_assert(strstr(err, "reference"), "%s", err);
	cr_assert_eq(catalog_open_quick(&c, path, 0, err, sizeof err), 0, "%s", err);
	cr_assert(!c.typos && c.ntypos == 0);
	catalog_close(&c);
}

/* A hashed word slot naming another word, or a stem range one word too long, in a file sealed again:
 * the full checks see the tables disagree with the words; a slot out of range is refused quickly. */
Test(catalog, word_tables_unlike_the_words_are_refused)
{
	static const int tables[] = { CS_WORDHASH, CS_STEMHASH };
	unsigned char *copy = malloc(orig_len);
	for (int k = 0; k < 3; k++) {
		const struct cat_section *sec = &head()->sections[tables[k % 2]];
		memcpy(copy, orig, orig_len);
		struct cat_wslot *t = (struct cat_wslot *)(copy + sec->off);
		uint32_t i = 0;
		while (i < sec->count && !t[i].count) i++;
		cr_assert_lt(i, sec->count);
		if (k == 0) t[i].first = t[i].first ? t[i].first - 1 : t[i].first + 1;
		else if (k == 1) t[i].count++;
		else t[i].first = 0xfffffff0u;
		cr_assert_eq(catalog_seal(copy, orig_len), 0);
		patch(0, copy, orig_len);
		struct catalog c;
		char err[512];
		int quick = catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err);
		if (quick == 0) catalog_close(&c);
		cr_assert_eq(quick, k == 2 ? -1 : 0, "case %d: %s", k, err);
		cr_assert_eq(catalog_open(&c, path, err, sizeof err), -1, "case %d", k);
		cr_assert(strstr(err, "reference"), "%s", err);
	}
	free(copy);
}

/* A string's length prefix reaching past the pool, in a file sealed again: a quick open does not read
 * the pool and accepts it, and cat_len reads it as empty; the full checks refuse it. */
Test(catalog, string_length_past_the_pool_reads_empty_and_is_refused_fully)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	cat_str name = c.apps[0].name;
	cr_assert_gt(cat_len(&c, name), 0);
	catalog_close(&c);
	unsigned char *copy = malloc(orig_len);
	memcpy(copy, orig, orig_len);
	uint32_t huge = 0x7ffffff0u;
	memcpy(copy + head()->sections[CS_STRINGS].off + name, &huge, sizeof huge);
	cr_assert_eq(catalog_seal(copy, orig_len), 0);
	patch(0, copy, orig_len);
	free(copy);
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	cr_assert_eq(cat_len(&c, name), 0);
	cr_assert_eq(cat_equal(&c, name, "", 0), true);
	catalog_close(&c);
	cr_assert_eq(catalog_open(&c, path, err, sizeof err), -1);
	cr_assert(strstr(err, "reference"), "%s", err);
}

/* Whatever a damaged pool holds, a string read through cat_s stays inside the file. */
Test(catalog, string_offsets_outside_the_pool_read_empty)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_open_quick(&c, path, CAT_ALL_PARTS, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(cat_s(&c, CAT_NONE), "");
	cr_assert_str_eq(cat_s(&c, c.str_limit), "");
	cr_assert_str_eq(cat_s(&c, c.str_limit + 1000), "");
	const char *last = cat_s(&c, c.str_limit - 1);
	cr_assert_leq((const unsigned char *)last + strlen(last), c.base + c.size);
	catalog_close(&c);
}

/* The sealed copy is what is served: the file truncated, overwritten or removed afterwards changes
 * nothing in it, and nobody can write to it. */
Test(catalog, sealed_copy_outlives_the_file)
{
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_load(&c, path, err, sizeof err), 0, "%s", err);
	const char *v = cat_s(&c, c.meta->catalog_version);
	char version[128];
	snprintf(version, sizeof version, "%s", v);
	cr_assert_eq(truncate(path, 10), 0);
	unlink(path);
	cr_assert_str_eq(cat_s(&c, c.meta->catalog_version), version);
	cr_assert(mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, c.fd, 0) == MAP_FAILED, "writable mapping of a sealed copy");
	cr_assert_eq(ftruncate(c.fd, 10), -1);
	/* another process adopts the same copy with the quick checks only */
	struct catalog d;
	cr_assert_eq(catalog_adopt(&d, dup(c.fd), err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(cat_s(&d, d.meta->catalog_version), version);
	catalog_close(&d);
	catalog_close(&c);
}

Test(catalog, adopt_refuses_an_unsealed_file)
{
	int fd = memfd_create("x", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	cr_assert_eq(write(fd, orig, orig_len), (ssize_t)orig_len);
	struct catalog c;
	char err[512];
	cr_assert_eq(catalog_adopt(&c, fd, err, sizeof err), -1);
	cr_assert(strstr(err, "not sealed"), "%s", err);
}

Test(catalog, identity_sees_rewrites_in_place)
{
	struct catalog_id a, b;
	cr_assert_eq(catalog_file_id(path, &a), 0);
	cr_assert_eq(catalog_file_id(path, &b), 0);
	cr_assert(catalog_id_equal(&a, &b));
	struct timespec t[2] = { { 1, 0 }, { 1, 0 } };
	cr_assert_eq(utimensat(AT_FDCWD, path, t, 0), 0);
	cr_assert_eq(catalog_file_id(path, &b), 0);
	cr_assert(!catalog_id_equal(&a, &b));
}
