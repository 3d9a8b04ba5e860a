/* The one error format of every compiler module: "file: /json/pointer: message". Its own file so that
 * the compiler's parts (catalogc, catalogc_dir) use it without calling each other. */
#ifndef AUTOPLAN_CATALOGC_ERROR_H
#define AUTOPLAN_CATALOGC_ERROR_H

#include <stdarg.h>
#include <stddef.h>

/* Formats the error into err. Returns -1 so callers can return its result. */
int catalogc_verror(char *err, size_t errlen, const char *file, const char *ptr, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

#endif
