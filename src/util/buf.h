/* A growable byte buffer, and reading a whole file into memory. Used by the compiler (sections of the
 * compiled file) and by the tools (sources, dumps, provider documents). */
#ifndef AUTOPLAN_BUF_H
#define AUTOPLAN_BUF_H

#include <stddef.h>

/* Zero-initialise to start empty. The caller owns p and releases it with buf_free. */
struct buf {
	unsigned char *p;
	size_t len, cap;
};

/* Appends n bytes. Returns 0, or -1 when memory ran out (b unchanged). */
int buf_add(struct buf *b, const void *data, size_t n);

/* Releases the bytes and empties b. */
void buf_free(struct buf *b);

/* Reads a whole file, NUL-terminated; *len gets its size. Caller frees; NULL with errno set on failure. */
char *buf_read_file(const char *path, size_t *len);

#endif
