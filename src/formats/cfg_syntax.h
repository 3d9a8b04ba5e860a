/* The syntax-error record every configuration format reader fills, the helper that places an error at
 * a byte offset, and the record of where each key of a parsed text stands (for issues with a line and
 * column). The readers and the dispatcher (cfg_parse) use it; it uses only json-c. */
#ifndef AUTOPLAN_CFG_SYNTAX_H
#define AUTOPLAN_CFG_SYNTAX_H

#include <json-c/json.h>
#include <stddef.h>

/* Where and why a text failed to parse. line and column are 1-based; column counts characters. */
struct cfg_syntax {
	int line, column;
	char message[300];
};

/* Fills err with the line and column of byte offset off in text and the formatted message. */
void cfg_syntax_at(struct cfg_syntax *err, const char *text, size_t len, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Line and column (1-based, columns in characters) of byte offset off in text. */
void cfg_line_col(const char *text, size_t len, size_t off, int *line, int *column);

/* Where the keys of a parsed text stand. at: JSON Pointer -> byte offset of the key (or of an array
 * item); twice: pointer -> offset of a key given a second time in one object (the reader keeps the
 * later value, as the clients' JSON readers do). Both are new objects the caller frees. */
struct cfg_where {
	struct json_object *at, *twice;
};

void cfg_where_init(struct cfg_where *w);
void cfg_where_free(struct cfg_where *w);
/* Records ptr at off (first record wins); a NULL w records nothing. */
void cfg_where_note(struct cfg_where *w, const char *ptr, size_t off);
/* Offset recorded for ptr or its nearest recorded parent; -1 when none. */
long cfg_where_find(const struct cfg_where *w, const char *ptr);
/* Appends "/" and key (~ and / escaped as JSON Pointer wants) to the pointer in buf; returns the old length. */
size_t cfg_ptr_push(char *buf, size_t cap, const char *key);

#endif
