/* autoplan-catalogc SRCDIR OUTFILE [IMPORTED_DIR]: compile the catalog sources, plus imported
 * directory sources when IMPORTED_DIR is given; exit 1 with one message on error. */
#include "compiler/catalogc.h"
#include "util/cli.h"

#include <stdio.h>

static const char USAGE[] =
	"usage: autoplan-catalogc CATALOG_DIR OUTPUT_FILE [IMPORTED_DIRECTORY_DIR]\n"
	"       autoplan-catalogc --help | --version\n"
	"  Validates the catalog sources under CATALOG_DIR (and imported directory sources) and writes the\n"
	"  compiled catalog to OUTPUT_FILE through a temporary file and a rename. See autoplan-catalogc(1).\n";

int main(int argc, char **argv)
{
	int hv = cli_help_version(argc, argv, "autoplan-catalogc", USAGE);
	if (hv >= 0) return hv;
	if (argc != 3 && argc != 4) {
		fputs(USAGE, stderr);
		return 2;
	}
	char err[1024];
	if (catalogc_build_ex(argv[1], argc == 4 ? argv[3] : NULL, argv[2], err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	return 0;
}
