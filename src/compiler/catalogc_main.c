/* autoplan-catalogc [--words LIST]... SRCDIR OUTFILE [IMPORTED_DIR]: compile the catalog sources, plus imported
 * directory sources when IMPORTED_DIR is given and the ordinary words of each word list; exit 1 with one message
 * on error. */
#include "compiler/catalogc.h"
#include "util/cli.h"

#include <stdio.h>
#include <string.h>

static const char USAGE[] =
	"usage: autoplan-catalogc [--words WORD_LIST]... CATALOG_DIR OUTPUT_FILE [IMPORTED_DIRECTORY_DIR]\n"
	"       autoplan-catalogc --help | --version\n"
	"  Validates the catalog sources under CATALOG_DIR (and imported directory sources) and writes the\n"
	"  compiled catalog to OUTPUT_FILE through a temporary file and a rename; each WORD_LIST (one word a line,\n"
	"  /usr/share/dict/american-english) adds its words to the ordinary words. See autoplan-catalogc(1).\n";

int main(int argc, char **argv)
{
	int hv = cli_help_version(argc, argv, "autoplan-catalogc", USAGE);
	if (hv >= 0) return hv;
	/* (--words options first: their values are gathered in place, NULL-terminated, over the options' slots) */
	const char *lists[16];
	int nlists = 0, a = 1;
	while (a + 1 < argc && strcmp(argv[a], "--words") == 0 && nlists + 1 < (int)(sizeof lists / sizeof *lists)) {
		lists[nlists++] = argv[a + 1];
		a += 2;
	}
	lists[nlists] = NULL;
	int rest = argc - a;
	if ((rest != 2 && rest != 3) || strncmp(argv[a], "--", 2) == 0) {
		fputs(USAGE, stderr);
		return 2;
	}
	char err[1024];
	if (catalogc_build_words(argv[a], rest == 3 ? argv[a + 2] : NULL, nlists ? lists : NULL, argv[a + 1], err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	return 0;
}
