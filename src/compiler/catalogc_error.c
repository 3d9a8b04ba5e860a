#include "compiler/catalogc_error.h"

#include <stdio.h>

int catalogc_verror(char *err, size_t errlen, const char *file, const char *ptr, const char *fmt, va_list ap)
{
	char msg[600];
	vsnprintf(msg, sizeof msg, fmt, ap);
	snprintf(err, errlen, "%s: %s: %s", file, *ptr ? ptr : "/", msg);
	return -1;
}
