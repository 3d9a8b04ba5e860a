#include "server/log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "autoplan";
static bool journal;

void log_init(const char *name)
{
	prog = name;
	journal = getenv("JOURNAL_STREAM") != NULL;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	char msg[900], line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (char *p = msg; *p; p++) /* one event, one line */
		if (*p == '\n' || *p == '\r') *p = ' ';
	const char *word = level == LOG_ERR ? "error" : level == LOG_WARN ? "warning" : "info";
	int n;
	if (journal) {
		n = snprintf(line, sizeof line, "<%d>%s[%d]: %s: %s\n", (int)level, prog, (int)getpid(), word, msg);
	} else {
		struct tm tm;
		time_t now = time(NULL);
		char when[32];
		strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
		n = snprintf(line, sizeof line, "%s %s[%d]: %s: %s\n", when, prog, (int)getpid(), word, msg);
	}
	if (n > (int)sizeof line - 1) {
		n = (int)sizeof line - 1;
		line[n - 1] = '\n';
	}
	/* one write per line: lines of several processes never interleave */
	ssize_t w = write(STDERR_FILENO, line, (size_t)n);
	(void)w;
}
