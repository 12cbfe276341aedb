/* SPDX-License-Identifier: MIT */
/*
 * Shader objects: glCreateShader, glShaderSource, glCompileShader (through
 * glsl_shader_compile, which keeps the tree for glLinkProgram), the queries.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_pp.h"
#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_extensions.h"
#include "vgl_device.h"
#include "vgl_limits.h"
#include "vgl_procs.h"
#include "vgl_range.h"
#include "vgl_program.h"

void *vgl_pobj_find_locked(struct vgl_context *ctx, GLuint name, enum vgl_pobj_kind kind,
			   GLenum *error)
{
	enum vgl_pobj_kind *obj = vgl_names_get(&ctx->share->programs, name);

	*error = !obj ? GL_INVALID_VALUE : *obj != kind ? GL_INVALID_OPERATION : GL_NO_ERROR;
	return *error == GL_NO_ERROR ? obj : NULL;
}

void *vgl_pobj_lookup(struct vgl_context *ctx, GLuint name, enum vgl_pobj_kind kind)
{
	GLenum error;
	void *obj;

	pthread_mutex_lock(&ctx->share->lock);
	obj = vgl_pobj_find_locked(ctx, name, kind, &error);
	pthread_mutex_unlock(&ctx->share->lock);
	/* after the lock: the error's debug callback may call GL */
	if (!obj)
		vgl_error(ctx, error);
	return obj;
}

void *vgl_pobj_for_string(GLuint name, enum vgl_pobj_kind kind, GLsizei bufsize)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return NULL;
	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	return vgl_pobj_lookup(ctx, name, kind);
}

void *vgl_pobj_alloc(struct vgl_context *ctx, size_t size, enum vgl_pobj_kind kind)
{
	enum vgl_pobj_kind *obj = calloc(1, size);

	if (!obj) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	*obj = kind;
	return obj;
}

GLuint vgl_pobj_name(struct vgl_context *ctx, enum vgl_pobj_kind *obj)
{
	GLuint name;

	pthread_mutex_lock(&ctx->share->lock);
	name = vgl_names_gen(&ctx->share->programs, obj);
	pthread_mutex_unlock(&ctx->share->lock);
	if (!name) {
		free(obj);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	}
	return name;
}

void vgl_shader_free(struct vgl_shader *sh)
{
	if (sh->compiled)
		glsl_shader_destroy(sh->compiled);
	free(sh->source);
	free(sh);
}

/* A program let go of it: a shader flagged for deletion goes with its last
 * program, its name with it (ES 3.0 section 7.1: flagged, deleted when no
 * longer attached). */
void vgl_shader_detach_locked(struct vgl_share *s, struct vgl_shader *sh)
{
	if (--sh->attached > 0 || !sh->delete_pending)
		return;
	vgl_names_remove(&s->programs, sh->name);
	vgl_shader_free(sh);
}

/* The shader types of the context's version (compute: ES 3.1) and
 * extensions (geometry, tessellation). */
bool vgl_shader_type_ok(const struct vgl_context *ctx, GLenum type)
{
	return type == GL_VERTEX_SHADER || type == GL_FRAGMENT_SHADER ||
	       (type == GL_COMPUTE_SHADER && vgl_context_es31(ctx)) ||
	       (type == GL_GEOMETRY_SHADER_EXT && vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader)) ||
	       ((type == GL_TESS_CONTROL_SHADER_EXT || type == GL_TESS_EVALUATION_SHADER_EXT) &&
		vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader));
}

static GLuint GL_APIENTRY vgl_CreateShader(GLenum type)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader *sh;
	GLuint name;

	if (!ctx)
		return 0;
	if (!vgl_shader_type_ok(ctx, type)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return 0;
	}
	sh = vgl_pobj_alloc(ctx, sizeof(*sh), VGL_POBJ_SHADER);
	if (!sh)
		return 0;
	sh->type = type;
	/* out of names, sh is freed */
	name = vgl_pobj_name(ctx, &sh->kind);
	if (name)
		sh->name = name;
	return name;
}

/* An attached shader keeps its name, flagged (GL_DELETE_STATUS true), until
 * its last program lets go of it; deleting it again changes nothing. */
static void GL_APIENTRY vgl_DeleteShader(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader *sh;
	bool free_now = false;
	GLenum error;

	if (!ctx || name == 0)
		return;
	pthread_mutex_lock(&ctx->share->lock);
	sh = vgl_pobj_find_locked(ctx, name, VGL_POBJ_SHADER, &error);
	if (sh && !sh->delete_pending) {
		sh->delete_pending = true;
		free_now = sh->attached == 0;
		if (free_now)
			vgl_names_remove(&ctx->share->programs, name);
	}
	pthread_mutex_unlock(&ctx->share->lock);
	if (error != GL_NO_ERROR)
		vgl_error(ctx, error);
	if (free_now)
		vgl_shader_free(sh);
}

static GLboolean GL_APIENTRY vgl_IsShader(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	enum vgl_pobj_kind *obj;

	if (!ctx)
		return GL_FALSE;
	pthread_mutex_lock(&ctx->share->lock);
	obj = vgl_names_get(&ctx->share->programs, name);
	pthread_mutex_unlock(&ctx->share->lock);
	return obj && *obj == VGL_POBJ_SHADER ? GL_TRUE : GL_FALSE;
}

/* The strings joined, as glShaderSource's lengths say (negative: NUL-terminated). */
char *vgl_join_sources(GLsizei count, const GLchar *const *strings, const GLint *lengths)
{
	size_t total = 1, at = 0;
	char *s;

	for (GLsizei i = 0; i < count; i++)
		total += lengths && lengths[i] >= 0 ? (size_t)lengths[i] : strlen(strings[i]);
	s = malloc(total);
	if (!s)
		return NULL;
	for (GLsizei i = 0; i < count; i++) {
		size_t n = lengths && lengths[i] >= 0 ? (size_t)lengths[i] : strlen(strings[i]);

		memcpy(s + at, strings[i], n);
		at += n;
	}
	s[at] = 0;
	return s;
}

/* Whether one of the strings is NULL (Mesa: GL_INVALID_OPERATION). */
static bool any_null(GLsizei count, const GLchar *const *strings)
{
	for (GLsizei i = 0; i < count; i++)
		if (!strings[i])
			return true;
	return false;
}

static void GL_APIENTRY vgl_ShaderSource(GLuint name, GLsizei count, const GLchar *const *strings,
					 const GLint *lengths)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader *sh;
	char *src;

	if (!ctx)
		return;
	/* NULL strings with count > 0: no source to read (Mesa: GL_INVALID_VALUE) */
	if (count < 0 || vgl_array_absent(count, strings)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	sh = vgl_pobj_lookup(ctx, name, VGL_POBJ_SHADER);
	if (!sh)
		return;
	if (any_null(count, strings)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	src = vgl_join_sources(count, strings, lengths);
	if (!src) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	free(sh->source);
	sh->source = src;
}

/*
 * Vertex shaders are compiled as they are: vk/ draws them with GL's clip
 * volume, -w <= z <= w (VK_EXT_depth_clip_control, vgl_pipeline.c). A
 * program that captures gl_Position (transform feedback) records it through
 * a copy, VGL_XFB_POSITION_NAME: its main() is renamed and wrapped by one
 * that makes it. The #line keeps the log's line numbers the application's.
 */
#define XFB_WRAPPER(out) \
	"\n#undef main\n" out " highp vec4 " VGL_XFB_POSITION_NAME ";\n" \
	"void main() { vgl_user_main(); " VGL_XFB_POSITION_NAME " = gl_Position; }\n"
static const char xfb_wrapper_300[] = XFB_WRAPPER("out");
static const char xfb_wrapper_100[] = XFB_WRAPPER("varying");

/*
 * Past white space and comments from p, counting new-lines into *line; in
 * a directive's line (in_line), stops at its new-line. A comment may come
 * before #version (GLSL ES 1.00 §3.4) and after it on its line.
 */
static const char *skip_blank(const char *p, unsigned *line, bool in_line)
{
	for (;;) {
		if (*p == '\n' && in_line)
			return p;
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f' || *p == '\n') {
			*line += *p++ == '\n';
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				*line += *p == '\n';
			p += *p ? 2 : 0;
		} else {
			return p;
		}
	}
}

/* Where the line after a leading #version directive starts (0: none), and its number. */
static size_t after_version(const char *src, unsigned *line)
{
	const char *p;

	*line = 1;
	p = skip_blank(src, line, false);
	if (strncmp(p, "#version", 8) != 0) {
		*line = 1;
		return 0;
	}
	/* the directive's tokens, then the comments that end its line */
	for (p += 8; *p && *p != '\n';) {
		const char *q = skip_blank(p, line, true);

		p = q != p ? q : p + 1;
	}
	if (!*p)
		return strlen(src);
	(*line)++;
	return (size_t)(p + 1 - src);
}

char *vgl_shader_source_prefixed(const char *src, const char *lines)
{
	unsigned line;
	size_t head = after_version(src, &line);
	size_t size = strlen(src) + strlen(lines) + 32;
	char *out = malloc(size);

	if (out)
		snprintf(out, size, "%.*s%s%s#line %u\n%s", (int)head, src,
			 head && src[head - 1] != '\n' ? "\n" : "", lines, line, src + head);
	return out;
}

/* Whether the identifier main occurs outside comments. */
static bool names_main(const char *src)
{
	unsigned line = 0;
	size_t n;

	for (const char *p = skip_blank(src, &line, false); *p; p = skip_blank(p, &line, false)) {
		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		for (n = 1; isalnum((unsigned char)p[n]) || p[n] == '_'; n++)
			;
		if (n == 4 && strncmp(p, "main", 4) == 0)
			return true;
		p += n;
	}
	return false;
}

static char *vertex_source(const char *src, const char *wrapper)
{
	unsigned line;
	size_t head = after_version(src, &line);
	size_t size = strlen(src) + strlen(wrapper) + 96;
	char *out = malloc(size);

	if (!out)
		return NULL;
	snprintf(out, size, "%.*s%s#define main vgl_user_main\n#line %u\n%s%s", (int)head, src,
		 head && src[head - 1] != '\n' ? "\n" : "", line, src + head, wrapper);
	return out;
}

/* The compiler's extensions a context may not list (the host lacks what
 * they need): the current context's row decides whether shaders see them. */
static const struct {
	const char *name;
	enum vgl_ext ext;
} gated_extensions[] = {
	{ "GL_EXT_clip_cull_distance", VGL_EXT_EXT_clip_cull_distance },
};

#define NR_GATED (sizeof(gated_extensions) / sizeof(gated_extensions[0]))
#define MAX_OFFERED 64

/* One list per set of gated extensions left out (bit g: row g), made once:
 * a compiled shader keeps pointing at its list. */
static struct {
	const char *names[MAX_OFFERED];
	unsigned n;
} offered[1u << NR_GATED];
static pthread_once_t offered_once = PTHREAD_ONCE_INIT;

static bool left_out(const char *name, uint32_t off)
{
	for (size_t g = 0; g < NR_GATED; g++)
		if ((off >> g & 1) && !strcmp(name, gated_extensions[g].name))
			return true;
	return false;
}

static void make_offered(void)
{
	for (uint32_t off = 0; off < (1u << NR_GATED); off++)
		for (unsigned i = 0; i < glsl_pp_num_default_extensions; i++)
			if (!left_out(glsl_pp_default_extensions[i], off) && offered[off].n < MAX_OFFERED)
				offered[off].names[offered[off].n++] = glsl_pp_default_extensions[i];
}

/* What #extension and the macros offer: the compiler's list (every one it
 * implements), less the gated ones the current context does not list. */
static uint32_t offered_set(void)
{
	const struct vgl_context *ctx = vgl_current_context();
	uint32_t off = 0;

	pthread_once(&offered_once, make_offered);
	for (size_t g = 0; g < NR_GATED; g++)
		if (!ctx || !vgl_ext_on(ctx, gated_extensions[g].ext))
			off |= 1u << g;
	return off;
}

/* renamed: src wraps the application's main() as vgl_user_main, which is
 * still held to main's rules */
static struct glsl_shader *compile(const struct vgl_limits *limits, GLenum type, const char *src,
				   bool renamed)
{
	size_t len = SIZE_MAX;
	uint32_t set = offered_set();

	return glsl_shader_compile(&(struct glsl_compile_info){
		.strings = &src, .lengths = &len, .count = 1,
		.extensions = offered[set].names, .num_extensions = offered[set].n,
		.stage = type == GL_VERTEX_SHADER ? GLSL_STAGE_VERTEX
			 : type == GL_COMPUTE_SHADER ? GLSL_STAGE_COMPUTE
			 : type == GL_GEOMETRY_SHADER_EXT ? GLSL_STAGE_GEOMETRY
			 : type == GL_TESS_CONTROL_SHADER_EXT ? GLSL_STAGE_TESS_CTRL
			 : type == GL_TESS_EVALUATION_SHADER_EXT ? GLSL_STAGE_TESS_EVAL
			 : GLSL_STAGE_FRAGMENT,
		.sema = { .renamed_main = renamed ? "vgl_user_main" : NULL,
			  .limits = vgl_limits_builtins(limits) },
		});
}

struct glsl_shader *vgl_shader_compile_capturing_position(const struct vgl_limits *limits,
							  const struct vgl_shader *sh)
{
	bool es3 = sh->compiled && glsl_shader_version(sh->compiled) >= 300;
	char *src = sh->source && names_main(sh->source)
			    ? vertex_source(sh->source, es3 ? xfb_wrapper_300 : xfb_wrapper_100)
			    : NULL;
	struct glsl_shader *out = src ? compile(limits, GL_VERTEX_SHADER, src, true) : NULL;

	free(src);
	return out;
}

/* GLSL ES 3.10 needs an ES 3.1 context, 3.20 an ES 3.2 one. */
static bool version_ok(const struct vgl_context *ctx, const struct glsl_shader *compiled)
{
	unsigned v = glsl_shader_version(compiled);

	return v < 310 || (v < 320 ? vgl_context_es31(ctx) : vgl_context_es32(ctx));
}

struct glsl_shader *vgl_shader_compile_source(const struct vgl_limits *limits, GLenum type,
					      const char *src)
{
	return compile(limits, type, src, false);
}

static const char *shader_log(const struct vgl_shader *sh)
{
	/* the compiler knows GLSL ES 3.10 and 3.20; a context before ES 3.1 /
	 * 3.2 does not */
	if (sh->version_refused && glsl_shader_version(sh->compiled) >= 320)
		return "0:1(1): error: GLSL ES 3.20 is not supported by this context "
		       "(an OpenGL ES 3.2 context is needed)\n";
	if (sh->version_refused)
		return "0:1(1): error: GLSL ES 3.10 is not supported by this context "
		       "(an OpenGL ES 3.1 context is needed)\n";
	return sh->compiled ? glsl_shader_info_log(sh->compiled) : "";
}

static void GL_APIENTRY vgl_CompileShader(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader *sh;

	if (!ctx)
		return;
	sh = vgl_pobj_lookup(ctx, name, VGL_POBJ_SHADER);
	if (!sh)
		return;
	if (sh->compiled)
		glsl_shader_destroy(sh->compiled);
	sh->compiled = vgl_shader_compile_source(&ctx->dev->limits, sh->type,
						 sh->source ? sh->source : "");
	if (!sh->compiled)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	sh->compile_status = sh->compiled && glsl_shader_status(sh->compiled) == GLSL_COMPILE_OK;
	sh->version_refused = sh->compile_status && !version_ok(ctx, sh->compiled);
	if (sh->version_refused)
		sh->compile_status = false;
	if (!sh->compile_status && ctx->debug_output)
		vgl_debug_shader_log(ctx, VGL_DEBUG_ID_COMPILE, shader_log(sh));
}

static void GL_APIENTRY vgl_GetShaderiv(GLuint name, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader *sh;

	if (!ctx)
		return;
	sh = vgl_pobj_lookup(ctx, name, VGL_POBJ_SHADER);
	if (!sh)
		return;
	switch (pname) {
	case GL_SHADER_TYPE: *params = (GLint)sh->type; break;
	case GL_DELETE_STATUS: *params = sh->delete_pending; break;
	case GL_COMPILE_STATUS: *params = sh->compile_status; break;
	case GL_INFO_LOG_LENGTH:
		*params = *shader_log(sh) ? (GLint)strlen(shader_log(sh)) + 1 : 0;
		break;
	case GL_SHADER_SOURCE_LENGTH:
		*params = sh->source ? (GLint)strlen(sh->source) + 1 : 0;
		break;
	default: vgl_error(ctx, GL_INVALID_ENUM);
	}
}

/* Copies s into a client buffer of bufsize bytes, GL-style. */
void vgl_copy_string(const char *s, GLsizei bufsize, GLsizei *length, GLchar *out)
{
	size_t n = strlen(s);

	if (bufsize <= 0 || !out) {
		if (length)
			*length = 0;
		return;
	}
	if (n > (size_t)bufsize - 1)
		n = (size_t)bufsize - 1;
	memcpy(out, s, n);
	out[n] = 0;
	if (length)
		*length = (GLsizei)n;
}

static void GL_APIENTRY vgl_GetShaderInfoLog(GLuint name, GLsizei bufsize, GLsizei *length,
					     GLchar *log)
{
	struct vgl_shader *sh = vgl_pobj_for_string(name, VGL_POBJ_SHADER, bufsize);

	if (sh)
		vgl_copy_string(shader_log(sh), bufsize, length, log);
}

static void GL_APIENTRY vgl_GetShaderSource(GLuint name, GLsizei bufsize, GLsizei *length,
					    GLchar *source)
{
	struct vgl_shader *sh = vgl_pobj_for_string(name, VGL_POBJ_SHADER, bufsize);

	if (sh)
		vgl_copy_string(sh->source ? sh->source : "", bufsize, length, source);
}

static void GL_APIENTRY vgl_GetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype,
						     GLint *range, GLint *precision)
{
	struct vgl_context *ctx = vgl_current_context();
	bool is_int = precisiontype >= GL_LOW_INT && precisiontype <= GL_HIGH_INT;

	if (!ctx)
		return;
	if ((shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) ||
	    precisiontype < GL_LOW_FLOAT || precisiontype > GL_HIGH_INT) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	/* the host computes everything in 32 bits */
	range[0] = is_int ? 31 : 127;
	range[1] = is_int ? 30 : 127;
	*precision = is_int ? 0 : 23;
}

static void GL_APIENTRY vgl_ReleaseShaderCompiler(void)
{
}

static void GL_APIENTRY vgl_ShaderBinary(GLsizei count, const GLuint *shaders, GLenum format,
					 const void *binary, GLsizei length)
{
	struct vgl_context *ctx = vgl_current_context();

	(void)count;
	(void)shaders;
	(void)binary;
	(void)length;
	(void)format;
	if (ctx)
		vgl_error(ctx, GL_INVALID_ENUM); /* no binary formats */
}

const struct vgl_proc vgl_shader_procs[] = {
	VGL_PROC(CreateShader), VGL_PROC(DeleteShader), VGL_PROC(IsShader), VGL_PROC(ShaderSource),
	VGL_PROC(CompileShader), VGL_PROC(GetShaderiv), VGL_PROC(GetShaderInfoLog),
	VGL_PROC(GetShaderSource), VGL_PROC(GetShaderPrecisionFormat),
	VGL_PROC(ReleaseShaderCompiler), VGL_PROC(ShaderBinary),
	{ NULL, NULL },
};
