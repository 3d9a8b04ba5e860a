/* The catalog compiler: validates the JSON sources under a catalog directory and writes one compiled
 * file (see catalog_format.h) atomically (temporary file + rename). */
#ifndef AUTOPLAN_CATALOGC_H
#define AUTOPLAN_CATALOGC_H

#include <stddef.h>

/* Returns 0, or -1 with "file: /json/pointer: message" in err. Nothing is written on failure. */
int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen);

#endif
