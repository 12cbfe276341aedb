/* SPDX-License-Identifier: MIT */
/* KHR_debug messages, filters, log and groups (vgl_debug.h). */
#include "vgl_debug.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_procs.h"

/*
 * A glDebugMessageControl call. The filter of a message is the last rule
 * that matches it (the spec's calls apply in order), else the default: on
 * unless of LOW severity. A rule with ids matches its (source, type) pair
 * and those ids at any severity.
 */
struct rule {
	GLenum source, type, severity;  /* GL_DONT_CARE: any */
	GLuint *ids;
	GLsizei nr_ids;                 /* 0: no id list */
	bool enabled;
};

struct group {
	GLenum source;
	GLuint id;
	char *message;
	struct rule *rules;  /* the group's own copy (pushed from the one below) */
	uint32_t nr_rules;
	uint32_t cap_rules;  /* room in rules: it doubles, so many calls cost O(1) each */
};

struct logged {
	GLenum source, type, severity;
	GLuint id;
	char *text;
};

struct vgl_debug {
	GLDEBUGPROCKHR callback;
	const void *user;
	struct group groups[VGL_MAX_DEBUG_GROUP_STACK_DEPTH];  /* [0]: the default group */
	uint32_t depth;                                        /* >= 1 */
	struct logged log[VGL_MAX_DEBUG_LOGGED_MESSAGES];      /* a ring */
	uint32_t log_first, log_nr;
};

void vgl_debug_init(struct vgl_context *ctx, bool debug_context)
{
	ctx->debug_context = debug_context;
	ctx->debug_output = debug_context;
}

static void free_rules(struct rule *r, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(r[i].ids);
	free(r);
}

static void free_group(struct group *g)
{
	free(g->message);
	free_rules(g->rules, g->nr_rules);
	memset(g, 0, sizeof(*g));
}

void vgl_debug_finish(struct vgl_context *ctx)
{
	struct vgl_debug *d = ctx->debug_state;

	if (!d)
		return;
	for (uint32_t i = 0; i < d->depth; i++)
		free_group(&d->groups[i]);
	for (uint32_t i = 0; i < d->log_nr; i++)
		free(d->log[(d->log_first + i) % VGL_MAX_DEBUG_LOGGED_MESSAGES].text);
	free(d);
	ctx->debug_state = NULL;
}

/* The state, made on first use; NULL when out of memory. */
static struct vgl_debug *state(struct vgl_context *ctx)
{
	if (!ctx->debug_state) {
		ctx->debug_state = calloc(1, sizeof(*ctx->debug_state));
		if (ctx->debug_state)
			ctx->debug_state->depth = 1;
	}
	return ctx->debug_state;
}

/* ---- filtering ------------------------------------------------------------------ */

static bool has_id(const struct rule *r, GLuint id)
{
	for (GLsizei i = 0; i < r->nr_ids; i++)
		if (r->ids[i] == id)
			return true;
	return false;
}

static bool either(GLenum want, GLenum got)
{
	return want == GL_DONT_CARE || want == got;
}

static bool rule_matches(const struct rule *r, GLenum source, GLenum type, GLuint id,
			 GLenum severity)
{
	if (r->nr_ids)
		return r->source == source && r->type == type && has_id(r, id);
	return either(r->source, source) && either(r->type, type) && either(r->severity, severity);
}

static bool passes(const struct vgl_debug *d, GLenum source, GLenum type, GLuint id,
		   GLenum severity)
{
	const struct group *g = &d->groups[d->depth - 1];

	for (uint32_t i = g->nr_rules; i-- > 0;)
		if (rule_matches(&g->rules[i], source, type, id, severity))
			return g->rules[i].enabled;
	return severity != GL_DEBUG_SEVERITY_LOW_KHR;
}

/* ---- delivery -------------------------------------------------------------------- */

static void log_message(struct vgl_debug *d, GLenum source, GLenum type, GLuint id,
			GLenum severity, const char *text, size_t len)
{
	struct logged *m;

	if (d->log_nr == VGL_MAX_DEBUG_LOGGED_MESSAGES)
		return;
	m = &d->log[(d->log_first + d->log_nr) % VGL_MAX_DEBUG_LOGGED_MESSAGES];
	m->text = strndup(text, len);
	if (!m->text)
		return;
	*m = (struct logged){ source, type, severity, id, m->text };
	d->log_nr++;
}

void vgl_debug_message(struct vgl_context *ctx, GLenum source, GLenum type, GLuint id,
		       GLenum severity, const char *text)
{
	struct vgl_debug *d;
	size_t len = strnlen(text, VGL_MAX_DEBUG_MESSAGE_LENGTH - 1);
	char cut[VGL_MAX_DEBUG_MESSAGE_LENGTH];

	if (!ctx->debug_output || !(d = state(ctx)) || !passes(d, source, type, id, severity))
		return;
	if (!d->callback) {
		log_message(d, source, type, id, severity, text, len);
		return;
	}
	/* the callback gets a NUL-terminated message of at most the longest length */
	memcpy(cut, text, len);
	cut[len] = 0;
	d->callback(source, type, id, severity, (GLsizei)len, cut, d->user);
}

static const char *error_name(GLenum error)
{
	switch (error) {
	case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
	case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
	case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
	case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
	case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
	case GL_STACK_OVERFLOW_KHR: return "GL_STACK_OVERFLOW";
	case GL_STACK_UNDERFLOW_KHR: return "GL_STACK_UNDERFLOW";
	case GL_CONTEXT_LOST_KHR: return "GL_CONTEXT_LOST";
	}
	return "GL error";
}

void vgl_debug_error(struct vgl_context *ctx, GLenum error)
{
	char text[64];

	snprintf(text, sizeof(text), "%s raised", error_name(error));
	vgl_debug_message(ctx, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, error,
			  GL_DEBUG_SEVERITY_HIGH_KHR, text);
}

void vgl_debug_access_wait(struct vgl_context *ctx, const char *what)
{
	char text[160];

	ctx->stats.access_waits++;
	if (!ctx->debug_output)
		return;
	snprintf(text, sizeof(text), "%s waited for the GPU to finish earlier work", what);
	vgl_debug_message(ctx, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR,
			  VGL_DEBUG_ID_ACCESS_WAIT, GL_DEBUG_SEVERITY_MEDIUM_KHR, text);
}

void vgl_debug_slow_path(struct vgl_context *ctx, GLuint id, const char *text)
{
	if (ctx->debug_output)
		vgl_debug_message(ctx, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR, id,
				  GL_DEBUG_SEVERITY_LOW_KHR, text);
}

void vgl_debug_shader_log(struct vgl_context *ctx, GLuint id, const char *log)
{
	if (ctx->debug_output)
		vgl_debug_message(ctx, GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, GL_DEBUG_TYPE_ERROR_KHR,
				  id, GL_DEBUG_SEVERITY_HIGH_KHR, log && *log ? log : "(no log)");
}

/* ---- enums and strings ---------------------------------------------------------------- */

static bool valid_source(GLenum s, bool dont_care)
{
	return (dont_care && s == GL_DONT_CARE) ||
	       (s >= GL_DEBUG_SOURCE_API_KHR && s <= GL_DEBUG_SOURCE_OTHER_KHR);
}

static bool valid_type(GLenum t, bool dont_care)
{
	return (dont_care && t == GL_DONT_CARE) ||
	       (t >= GL_DEBUG_TYPE_ERROR_KHR && t <= GL_DEBUG_TYPE_OTHER_KHR) ||
	       (t >= GL_DEBUG_TYPE_MARKER_KHR && t <= GL_DEBUG_TYPE_POP_GROUP_KHR);
}

static bool valid_severity(GLenum s, bool dont_care)
{
	return (dont_care && s == GL_DONT_CARE) ||
	       (s >= GL_DEBUG_SEVERITY_HIGH_KHR && s <= GL_DEBUG_SEVERITY_LOW_KHR) ||
	       s == GL_DEBUG_SEVERITY_NOTIFICATION_KHR;
}

/* What an application may insert or push: its own sources only. */
static bool app_source(GLenum s)
{
	return s == GL_DEBUG_SOURCE_APPLICATION_KHR || s == GL_DEBUG_SOURCE_THIRD_PARTY_KHR;
}

/* The length of an application's message (length < 0: NUL-terminated), or
 * -1 with GL_INVALID_VALUE when it is too long (or NULL). */
static GLsizei message_length(struct vgl_context *ctx, GLsizei length, const GLchar *buf)
{
	size_t n = length < 0 && buf ? strnlen(buf, VGL_MAX_DEBUG_MESSAGE_LENGTH) : (size_t)length;

	if (!buf || n >= VGL_MAX_DEBUG_MESSAGE_LENGTH) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return -1;
	}
	return (GLsizei)n;
}

/* ---- glDebugMessageControl ------------------------------------------------------------- */

/* Whether the new rule n makes the earlier rule r dead: n matches all r does. */
static bool covers(const struct rule *n, const struct rule *r)
{
	return !n->nr_ids && either(n->source, r->source) && either(n->type, r->type) &&
	       (n->severity == GL_DONT_CARE || (!r->nr_ids && n->severity == r->severity));
}

/* Takes the new rule's ids out of an earlier id list of the same pair. */
static void drop_ids(struct rule *r, const struct rule *n)
{
	GLsizei k = 0;

	if (!n->nr_ids || !r->nr_ids || r->source != n->source || r->type != n->type)
		return;
	for (GLsizei i = 0; i < r->nr_ids; i++)
		if (!has_id(n, r->ids[i]))
			r->ids[k++] = r->ids[i];
	r->nr_ids = k;
	if (!k)
		r->severity = GL_DONT_CARE, r->source = r->type = GL_NONE;
}

/* Drops the rules a new one shadows, so repeated calls do not pile up. */
static void prune(struct group *g, const struct rule *n)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < g->nr_rules; i++) {
		drop_ids(&g->rules[i], n);
		if (covers(n, &g->rules[i]) || g->rules[i].source == GL_NONE)
			free(g->rules[i].ids);
		else
			g->rules[k++] = g->rules[i];
	}
	g->nr_rules = k;
}

static bool add_rule(struct group *g, const struct rule *n)
{
	struct rule *r;

	prune(g, n);
	if (g->nr_rules == g->cap_rules) {
		uint32_t cap = g->cap_rules ? g->cap_rules * 2 : 8;

		if (cap <= g->cap_rules || cap > UINT32_MAX / sizeof(*r))
			return false;
		r = realloc(g->rules, (size_t)cap * sizeof(*r));
		if (!r)
			return false;
		g->rules = r;
		g->cap_rules = cap;
	}
	r = g->rules;
	r[g->nr_rules] = *n;
	if (n->nr_ids) {
		r[g->nr_rules].ids = malloc((size_t)n->nr_ids * sizeof(GLuint));
		if (!r[g->nr_rules].ids)
			return false;
		memcpy(r[g->nr_rules].ids, n->ids, (size_t)n->nr_ids * sizeof(GLuint));
	}
	g->nr_rules++;
	return true;
}

/* The spec's errors of glDebugMessageControl; true when the call may go on. */
static bool control_ok(struct vgl_context *ctx, GLenum source, GLenum type, GLenum severity,
		       GLsizei count)
{
	if (!valid_source(source, true) || !valid_type(type, true) ||
	    !valid_severity(severity, true)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	if (count < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	if (count > 0 &&
	    (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

static void GL_APIENTRY vgl_DebugMessageControlKHR(GLenum source, GLenum type, GLenum severity,
						   GLsizei count, const GLuint *ids,
						   GLboolean enabled)
{
	struct vgl_context *ctx = vgl_current_context();
	struct rule n = { source, type, severity, (GLuint *)ids, ids ? count : 0, enabled };
	struct vgl_debug *d;

	if (!ctx || !control_ok(ctx, source, type, severity, count))
		return;
	if (count > 0 && !ids)
		return;
	d = state(ctx);
	if (!d || !add_rule(&d->groups[d->depth - 1], &n))
		vgl_error(ctx, GL_OUT_OF_MEMORY);
}

/* ---- glDebugMessageInsert, glDebugMessageCallback, glGetDebugMessageLog ---------------- */

/* the message of an application, cut to its length */
static void app_message(struct vgl_context *ctx, GLenum source, GLenum type, GLuint id,
			GLenum severity, const GLchar *buf, GLsizei len)
{
	char text[VGL_MAX_DEBUG_MESSAGE_LENGTH];

	memcpy(text, buf, (size_t)len);
	text[len] = 0;
	vgl_debug_message(ctx, source, type, id, severity, text);
}

static void GL_APIENTRY vgl_DebugMessageInsertKHR(GLenum source, GLenum type, GLuint id,
						  GLenum severity, GLsizei length,
						  const GLchar *buf)
{
	struct vgl_context *ctx = vgl_current_context();
	GLsizei len;

	if (!ctx)
		return;
	if (!app_source(source) || !valid_type(type, false) || !valid_severity(severity, false)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	len = message_length(ctx, length, buf);
	if (len >= 0)
		app_message(ctx, source, type, id, severity, buf, len);
}

static void GL_APIENTRY vgl_DebugMessageCallbackKHR(GLDEBUGPROCKHR callback, const void *user)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_debug *d;

	if (!ctx)
		return;
	d = state(ctx);
	if (!d) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	d->callback = callback;
	d->user = user;
}

static void set_at(GLenum *array, GLuint i, GLenum v)
{
	if (array)
		array[i] = v;
}

/* Hands out the oldest message; false when it does not fit in *room. */
static bool fetch_one(struct vgl_debug *d, GLuint i, GLenum *sources, GLenum *types, GLuint *ids,
		      GLenum *severities, GLsizei *lengths, GLchar **log, GLsizei *room)
{
	struct logged *m = &d->log[d->log_first];
	GLsizei size = (GLsizei)strlen(m->text) + 1;

	if (*log) {
		if (size > *room)
			return false;
		memcpy(*log, m->text, (size_t)size);
		*log += size;
		*room -= size;
	}
	set_at(sources, i, m->source);
	set_at(types, i, m->type);
	set_at(severities, i, m->severity);
	if (ids)
		ids[i] = m->id;
	if (lengths)
		lengths[i] = size;
	free(m->text);
	d->log_first = (d->log_first + 1) % VGL_MAX_DEBUG_LOGGED_MESSAGES;
	d->log_nr--;
	return true;
}

static GLuint GL_APIENTRY vgl_GetDebugMessageLogKHR(GLuint count, GLsizei bufsize, GLenum *sources,
						   GLenum *types, GLuint *ids, GLenum *severities,
						   GLsizei *lengths, GLchar *log)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_debug *d;
	GLuint n = 0;

	if (!ctx)
		return 0;
	if (log && bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	d = ctx->debug_state;
	while (d && n < count && d->log_nr &&
	       fetch_one(d, n, sources, types, ids, severities, lengths, &log, &bufsize))
		n++;
	return n;
}

/* ---- debug groups ------------------------------------------------------------------------ */

static bool copy_rules(struct group *to, const struct group *from)
{
	to->rules = calloc(from->nr_rules ? from->nr_rules : 1, sizeof(*to->rules));
	if (!to->rules)
		return false;
	to->cap_rules = from->nr_rules ? from->nr_rules : 1;
	for (uint32_t i = 0; i < from->nr_rules; i++) {
		to->rules[i] = from->rules[i];
		to->rules[i].ids = NULL;
		to->nr_rules = i + 1;
		if (from->rules[i].nr_ids &&
		    !(to->rules[i].ids = malloc((size_t)from->rules[i].nr_ids * sizeof(GLuint))))
			return false;
		if (from->rules[i].nr_ids)
			memcpy(to->rules[i].ids, from->rules[i].ids,
			       (size_t)from->rules[i].nr_ids * sizeof(GLuint));
	}
	return true;
}

static bool push_group(struct vgl_debug *d, GLenum source, GLuint id, const GLchar *msg,
		       GLsizei len)
{
	struct group *g = &d->groups[d->depth];

	g->source = source;
	g->id = id;
	g->message = strndup(msg, (size_t)len);
	if (!g->message || !copy_rules(g, &d->groups[d->depth - 1])) {
		free_group(g);
		return false;
	}
	d->depth++;
	return true;
}

static void GL_APIENTRY vgl_PushDebugGroupKHR(GLenum source, GLuint id, GLsizei length,
					      const GLchar *message)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_debug *d;
	GLsizei len;

	if (!ctx)
		return;
	if (!app_source(source)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if ((len = message_length(ctx, length, message)) < 0)
		return;
	d = state(ctx);
	if (d && d->depth == VGL_MAX_DEBUG_GROUP_STACK_DEPTH) {
		vgl_error(ctx, GL_STACK_OVERFLOW_KHR);
		return;
	}
	if (!d || !push_group(d, source, id, message, len)) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	app_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP_KHR, id,
		    GL_DEBUG_SEVERITY_NOTIFICATION_KHR, message, len);
}

static void GL_APIENTRY vgl_PopDebugGroupKHR(void)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_debug *d;
	struct group g;

	if (!ctx)
		return;
	d = ctx->debug_state;
	if (!d || d->depth == 1) {
		vgl_error(ctx, GL_STACK_UNDERFLOW_KHR);
		return;
	}
	/* the message goes out under the filters of the group below */
	g = d->groups[--d->depth];
	memset(&d->groups[d->depth], 0, sizeof(g));
	vgl_debug_message(ctx, g.source, GL_DEBUG_TYPE_POP_GROUP_KHR, g.id,
			  GL_DEBUG_SEVERITY_NOTIFICATION_KHR, g.message);
	free_group(&g);
}

/* ---- glGetPointerv, glGet* --------------------------------------------------------------- */

static void GL_APIENTRY vgl_GetPointervKHR(GLenum pname, void **params)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_debug *d;

	if (!ctx)
		return;
	d = ctx->debug_state;
	if (pname == GL_DEBUG_CALLBACK_FUNCTION_KHR)
		*params = d ? (void *)d->callback : NULL;
	else if (pname == GL_DEBUG_CALLBACK_USER_PARAM_KHR)
		*params = d ? (void *)d->user : NULL;
	else
		vgl_error(ctx, GL_INVALID_ENUM);
}

static int64_t next_length(const struct vgl_debug *d)
{
	return d && d->log_nr ? (int64_t)strlen(d->log[d->log_first].text) + 1 : 0;
}

bool vgl_debug_get(const struct vgl_context *ctx, GLenum pname, int64_t *out)
{
	const struct vgl_debug *d = ctx->debug_state;

	switch (pname) {
	case GL_MAX_DEBUG_MESSAGE_LENGTH_KHR: *out = VGL_MAX_DEBUG_MESSAGE_LENGTH; return true;
	case GL_MAX_DEBUG_LOGGED_MESSAGES_KHR: *out = VGL_MAX_DEBUG_LOGGED_MESSAGES; return true;
	case GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR: *out = VGL_MAX_DEBUG_GROUP_STACK_DEPTH; return true;
	case GL_MAX_LABEL_LENGTH_KHR: *out = VGL_MAX_LABEL_LENGTH; return true;
	case GL_DEBUG_LOGGED_MESSAGES_KHR: *out = d ? d->log_nr : 0; return true;
	case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR: *out = next_length(d); return true;
	case GL_DEBUG_GROUP_STACK_DEPTH_KHR: *out = d ? d->depth : 1; return true;
	case GL_CONTEXT_FLAGS: *out = ctx->debug_context ? GL_CONTEXT_FLAG_DEBUG_BIT_KHR : 0; return true;
	}
	return false;
}

const struct vgl_proc vgl_debug_procs[] = {
	VGL_PROC(DebugMessageControlKHR), VGL_PROC(DebugMessageInsertKHR),
	VGL_PROC(DebugMessageCallbackKHR), VGL_PROC(GetDebugMessageLogKHR),
	VGL_PROC(PushDebugGroupKHR), VGL_PROC(PopDebugGroupKHR), VGL_PROC(GetPointervKHR),
	{ NULL, NULL },
};
