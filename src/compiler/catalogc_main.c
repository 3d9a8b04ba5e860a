/* autoplan-catalogc SRCDIR OUTFILE [IMPORTED_DIR]: compile the catalog sources, plus imported
 * directory sources when IMPORTED_DIR is given; exit 1 with one message on error. */
#include "compiler/catalogc.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: %s CATALOG_DIR OUTPUT_FILE [IMPORTED_DIRECTORY_DIR]\n", argv[0]);
		return 2;
	}
	char err[1024];
	if (catalogc_build_ex(argv[1], argc == 4 ? argv[3] : NULL, argv[2], err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	return 0;
}
