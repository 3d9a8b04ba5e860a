/* The responder's log: one line per event on standard error, each with its level. Under systemd
 * (JOURNAL_STREAM set) a "<N>" prefix gives the journal the priority; elsewhere a UTC timestamp
 * leads. Lines never hold request bodies, keys or other personal data: callers pass what they know
 * about the process (pids, signals, files, versions), never what a client sent. */
#ifndef AUTOPLAN_LOG_H
#define AUTOPLAN_LOG_H

enum log_level { LOG_ERR = 3, LOG_WARN = 4, LOG_INFO = 6 };

/* Reads the environment once (call before any sandbox). */
void log_init(const char *name);

void log_msg(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
