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
