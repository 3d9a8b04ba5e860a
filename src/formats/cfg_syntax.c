#include "formats/cfg_syntax.h"

#include <stdarg.h>
#include <stdio.h>

void cfg_syntax_at(struct cfg_syntax *err, const char *text, size_t len, size_t off, const char *fmt, ...)
{
	int line = 1, col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') { line++; col = 1; }
		else if (((unsigned char)text[i] & 0xc0) != 0x80) col++; /* count code points, not bytes */
	}
	err->line = line;
	err->column = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}
