/* The catalog compiler: validates the JSON sources under a catalog directory and writes one compiled
 * file (see catalog_format.h) atomically (temporary file + rename). */
#ifndef AUTOPLAN_CATALOGC_H
#define AUTOPLAN_CATALOGC_H

#include <stddef.h>

/* Returns 0, or -1 with "file: /json/pointer: message" in err. Nothing is written on failure. */
int catalogc_build(const char *srcdir, const char *outpath, char *err, size_t errlen);

/* The same, also compiling the imported directory sources (*.json) under extra_dir when not NULL. */
int catalogc_build_ex(const char *srcdir, const char *extra_dir, const char *outpath, char *err, size_t errlen);

#endif
