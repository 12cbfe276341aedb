/* SPDX-License-Identifier: MIT */
/*
 * glsl_log: the GL info log of a compile.
 *
 * Messages look like Mesa's: "0:12(5): error: ...". The log is capped in
 * message count and bytes, so hostile input that makes one error per token
 * cannot make the driver allocate without bound; errors past the cap are
 * still counted.
 */
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct glsl_log {
	char *text;          /* NUL-terminated; NULL until the first message */
	size_t len, cap;
	unsigned errors, warnings;
	unsigned messages;   /* messages written to text */
	unsigned dropped;    /* messages not written because of the caps */
	unsigned max_messages;
	size_t max_bytes;
};

#define GLSL_LOG_DEFAULT_MESSAGES 64
#define GLSL_LOG_DEFAULT_BYTES 16384

/* 0 for either cap selects the default. */
void glsl_log_init(struct glsl_log *log, unsigned max_messages, size_t max_bytes);
void glsl_log_finish(struct glsl_log *log);
/* The log text, "" when empty. */
const char *glsl_log_text(const struct glsl_log *log);

/* src is the source string number, line and col are 1-based (0 = unknown). */
void glsl_log_error(struct glsl_log *log, unsigned src, unsigned line, unsigned col,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void glsl_log_warning(struct glsl_log *log, unsigned src, unsigned line, unsigned col,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void glsl_log_vmessage(struct glsl_log *log, bool error, unsigned src, unsigned line,
		       unsigned col, const char *fmt, va_list ap);
