/* The syntax-error record every configuration format reader fills, and the helper that places an
 * error at a byte offset. The readers and the dispatcher (cfg_parse) both use it; it uses nothing. */
#ifndef AUTOPLAN_CFG_SYNTAX_H
#define AUTOPLAN_CFG_SYNTAX_H

#include <stddef.h>

/* Where and why a text failed to parse. line and column are 1-based; column counts characters. */
struct cfg_syntax {
	int line, column;
	char message[300];
};

/* Fills err with the line and column of byte offset off in text and the formatted message. */
void cfg_syntax_at(struct cfg_syntax *err, const char *text, size_t len, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
