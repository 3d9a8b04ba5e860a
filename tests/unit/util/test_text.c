#include "util/text.h"

#include <criterion/criterion.h>
#include <string.h>

static const char *fold(const char *s)
{
	static char out[256];
	text_fold(s, out, sizeof out);
	return out;
}

Test(text, fold_case_accents_and_umlaut_spellings)
{
	cr_assert_str_eq(fold("Anhänge SPEICHERN"), fold("anhaenge speichern"));
	cr_assert_str_eq(fold("Straße"), "strasse");
	/* a possessive is dropped, other apostrophes separate as before */
	cr_assert_str_eq(fold("this week's meetings"), "this week meetings");
	cr_assert_str_eq(fold("Gmail\u2019s attachments"), "gmail attachments");
	cr_assert_str_eq(fold("it's"), "it");
	cr_assert_str_eq(fold("don't send"), "don t send");
	cr_assert_str_eq(fold("the 'sales' sheet"), "the sales sheet");
	cr_assert_str_eq(fold("Kunden's"), "kunden");
	cr_assert_str_eq(fold("Élan   Café!"), "elan cafe");
	cr_assert_str_eq(fold("  --Übersicht--  "), "ubersicht");
	cr_assert_str_eq(fold("Łódź"), "lodz");
}

Test(text, fold_truncates_safely)
{
	char out[4];
	cr_assert_eq(text_fold("abcdef", out, sizeof out), 3);
	cr_assert_str_eq(out, "abc");
	char none[1];
	cr_assert_eq(text_fold("abc", none, 1), 0);
	cr_assert_str_eq(none, "");
}

Test(text, invalid_utf8_becomes_separator)
{
	cr_assert_str_eq(fold("ab\xff" "cd"), "ab cd");
	cr_assert_str_eq(fold("\xc3"), "");
}

Test(text, utf8_length_counts_code_points)
{
	cr_assert_eq(utf8_length("abc", 3), 3);
	cr_assert_eq(utf8_length("\xc3\xa4\xc3\xb6", 4), 2);
	cr_assert_eq(utf8_length("\xe2\x82\xac", 3), 1);
}

Test(text, match_requires_every_word)
{
	unsigned m;
	cr_assert(text_match_words("mail send", "email send a message", &m));
	cr_assert_eq(m, 2);
	cr_assert_not(text_match_words("mail fly", "email send a message", &m));
	cr_assert_eq(m, 1);
	cr_assert(text_match_words("", "anything", &m));
	cr_assert_eq(m, 0);
}

/* Strict UTF-8: each row is bytes, length, the offset of the first invalid byte (-1: valid). */
Test(text, utf8_strict_validation)
{
	static const struct { const char *s; size_t len; long bad; } rows[] = {
		{ "plain ascii", 11, -1 },
		{ "\xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80", 9, -1 },   /* ä € 😀 */
		{ "\xf4\x8f\xbf\xbf", 4, -1 },                       /* U+10FFFF, the last scalar value */
		{ "\xed\x9f\xbf", 3, -1 },                           /* U+D7FF, just below the surrogates */
		{ "\xee\x80\x80", 3, -1 },                           /* U+E000, just above them */
		{ "a\xff", 2, 1 },
		{ "\xfe\xff", 2, 0 },
		{ "\xc0\xaf", 2, 0 },                                /* overlong '/' */
		{ "\xc1\xbf", 2, 0 },                                /* overlong U+007F */
		{ "\xe0\x80\xaf", 3, 0 },                            /* overlong, three bytes */
		{ "\xe0\x9f\xbf", 3, 0 },                            /* overlong U+07FF */
		{ "\xf0\x80\x80\xaf", 4, 0 },                        /* overlong, four bytes */
		{ "\xf0\x8f\xbf\xbf", 4, 0 },                        /* overlong U+FFFF */
		{ "ab\xed\xa0\x80", 5, 2 },                          /* U+D800 encoded */
		{ "\xed\xbf\xbf", 3, 0 },                            /* U+DFFF encoded */
		{ "\xf4\x90\x80\x80", 4, 0 },                        /* U+110000 */
		{ "\xf5\x80\x80\x80", 4, 0 },
		{ "\xc3", 1, 0 },                                    /* cut short */
		{ "\xe2\x82", 2, 0 },
		{ "\xc3\x28", 2, 0 },                                /* continuation missing */
		{ "\x80", 1, 0 },                                    /* lone continuation */
		{ "x\0y", 3, -1 },                                   /* NUL is valid UTF-8; callers refuse it */
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		cr_assert_eq(utf8_invalid_at(rows[i].s, rows[i].len), rows[i].bad, "row %zu", i);
}

Test(text, utf8_sanitize_replaces_and_never_splits)
{
	char out[64];
	utf8_sanitize("a\xff" "b\xc0\xaf" "c", out, sizeof out);
	cr_assert_str_eq(out, "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd" "c");
	cr_assert_eq(utf8_invalid_at(out, strlen(out)), -1);
	char small[4];
	cr_assert_eq(utf8_sanitize("a\xe2\x82\xac", small, sizeof small), 1); /* the euro sign does not fit whole */
	cr_assert_str_eq(small, "a");
}

Test(text, planner_folding_keeps_english_ue_and_folds_german_spellings_on_request)
{
	char out[64];
	text_fold_words("Issues, Queue & Values", out, sizeof out);
	cr_assert_str_eq(out, "issues queue values");
	text_fold_words("Anhänge übernehmen", out, sizeof out);
	cr_assert_str_eq(out, "anhange ubernehmen");
	char w[32] = "anhaenge";
	cr_assert(text_fold_spelled_umlauts(w));
	cr_assert_str_eq(w, "anhange");
	char v[32] = "uebernehmen";
	cr_assert(text_fold_spelled_umlauts(v));
	cr_assert_str_eq(v, "ubernehmen");
	char x[32] = "drive";
	cr_assert_not(text_fold_spelled_umlauts(x));
	cr_assert_str_eq(x, "drive");
}

Test(text, hash_is_stable)
{
	/* the compiler and the reader must agree: FNV-1a 64 of "gmail" */
	cr_assert_eq(text_hash("gmail", 5), 0x2c1abfdbf17e49d5ull);
	cr_assert_neq(text_hash("gmail", 5), text_hash("gmial", 5));
	cr_assert_eq(text_hash("", 0), 14695981039346656037ull);
}
