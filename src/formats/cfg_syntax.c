#include "formats/cfg_syntax.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cfg_line_col(const char *text, size_t len, size_t off, int *line, int *column)
{
	int l = 1, col = 1;
	for (size_t i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') { l++; col = 1; }
		else if (((unsigned char)text[i] & 0xc0) != 0x80) col++; /* count code points, not bytes */
	}
	*line = l;
	*column = col;
}

void cfg_syntax_at(struct cfg_syntax *err, const char *text, size_t len, size_t off, const char *fmt, ...)
{
	cfg_line_col(text, len, off, &err->line, &err->column);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
}

void cfg_where_init(struct cfg_where *w)
{
	w->at = json_object_new_object();
	w->twice = json_object_new_object();
}

void cfg_where_free(struct cfg_where *w)
{
	json_object_put(w->at);
	json_object_put(w->twice);
	w->at = w->twice = NULL;
}

void cfg_where_note(struct cfg_where *w, const char *ptr, size_t off)
{
	if (w && w->at && !json_object_object_get_ex(w->at, ptr, NULL))
		json_object_object_add(w->at, ptr, json_object_new_int64((int64_t)off));
}

long cfg_where_find(const struct cfg_where *w, const char *ptr)
{
	char p[1024];
	struct json_object *v;
	if (!w || !w->at) return -1;
	snprintf(p, sizeof p, "%s", ptr);
	for (;;) {
		if (json_object_object_get_ex(w->at, p, &v)) return (long)json_object_get_int64(v);
		char *slash = strrchr(p, '/');
		if (!slash) return -1;
		*slash = '\0';
	}
}

size_t cfg_ptr_push(char *buf, size_t cap, const char *key)
{
	size_t old = strlen(buf), n = old;
	if (n + 1 < cap) buf[n++] = '/';
	for (const char *p = key; *p && n + 3 < cap; p++) {
		if (*p == '~') { buf[n++] = '~'; buf[n++] = '0'; }
		else if (*p == '/') { buf[n++] = '~'; buf[n++] = '1'; }
		else buf[n++] = *p;
	}
	buf[n < cap ? n : cap - 1] = '\0';
	return old;
}
