#include "util/buf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int buf_add(struct buf *b, const void *data, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (cap < b->len + n) cap *= 2;
		unsigned char *p = realloc(b->p, cap);
		if (!p) return -1;
		b->p = p;
		b->cap = cap;
	}
	if (n) memcpy(b->p + b->len, data, n);
	b->len += n;
	return 0;
}

void buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

char *buf_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) return NULL;
	struct buf b = { 0 };
	char chunk[65536];
	size_t r;
	int rc = 0;
	while (rc == 0 && (r = fread(chunk, 1, sizeof chunk, f)) > 0) rc = buf_add(&b, chunk, r);
	int bad = ferror(f) || rc < 0;
	fclose(f);
	if (bad || buf_add(&b, "", 1) < 0) {
		buf_free(&b);
		errno = rc < 0 ? ENOMEM : EIO;
		return NULL;
	}
	*len = b.len - 1;
	return (char *)b.p;
}
