/* autoplan-catalogc SRCDIR OUTFILE: compile the catalog sources; exit 1 with one message on error. */
#include "catalogc.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s CATALOG_DIR OUTPUT_FILE\n", argv[0]);
		return 2;
	}
	char err[1024];
	if (catalogc_build(argv[1], argv[2], err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	return 0;
}
