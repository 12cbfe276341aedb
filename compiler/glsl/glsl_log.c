/* SPDX-License-Identifier: MIT */
#include "glsl_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One message never takes more than this (long identifiers get cut). */
#define MAX_MESSAGE 512

void glsl_log_init(struct glsl_log *log, unsigned max_messages, size_t max_bytes)
{
	memset(log, 0, sizeof(*log));
	log->max_messages = max_messages ? max_messages : GLSL_LOG_DEFAULT_MESSAGES;
	log->max_bytes = max_bytes ? max_bytes : GLSL_LOG_DEFAULT_BYTES;
}

void glsl_log_finish(struct glsl_log *log)
{
	free(log->text);
	log->text = NULL;
	log->len = log->cap = 0;
}

const char *glsl_log_text(const struct glsl_log *log)
{
	return log->text ? log->text : "";
}

static bool reserve(struct glsl_log *log, size_t more)
{
	size_t cap = log->cap ? log->cap : 256;
	char *t;

	if (log->len + more + 1 <= log->cap)
		return true;
	while (cap < log->len + more + 1)
		cap *= 2;
	t = realloc(log->text, cap);
	if (!t)
		return false;
	log->text = t;
	log->cap = cap;
	return true;
}

static void append(struct glsl_log *log, const char *s, size_t n)
{
	if (!reserve(log, n))
		return;
	memcpy(log->text + log->len, s, n);
	log->len += n;
	log->text[log->len] = '\0';
}

/* The one line that says the log was cut, written when the cap is hit. */
static void note_dropped(struct glsl_log *log)
{
	static const char note[] = "0:0(0): error: too many messages; the rest are not shown\n";

	if (log->dropped++ == 0)
		append(log, note, sizeof(note) - 1);
}

void glsl_log_vmessage(struct glsl_log *log, bool error, unsigned src, unsigned line,
		       unsigned col, const char *fmt, va_list ap)
{
	char buf[MAX_MESSAGE + 2];
	int head, body;

	if (error)
		log->errors++;
	else
		log->warnings++;
	if (log->messages >= log->max_messages || log->len >= log->max_bytes) {
		note_dropped(log);
		return;
	}
	head = snprintf(buf, sizeof(buf), "%u:%u(%u): %s: ", src, line, col,
			error ? "error" : "warning");
	body = vsnprintf(buf + head, sizeof(buf) - 1 - (size_t)head, fmt, ap);
	if (body < 0)
		body = 0;
	if ((size_t)(head + body) > MAX_MESSAGE)
		body = MAX_MESSAGE - head;
	buf[head + body] = '\n';
	log->messages++;
	append(log, buf, (size_t)(head + body) + 1);
}

void glsl_log_error(struct glsl_log *log, unsigned src, unsigned line, unsigned col,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	glsl_log_vmessage(log, true, src, line, col, fmt, ap);
	va_end(ap);
}

void glsl_log_warning(struct glsl_log *log, unsigned src, unsigned line, unsigned col,
		      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	glsl_log_vmessage(log, false, src, line, col, fmt, ap);
	va_end(ap);
}
