/* SPDX-License-Identifier: MIT */
/*
 * Loose uniforms (technique 3): glUniform* write the program's CPU copy of
 * the std140 default block and widen its dirty range; the draw path sends
 * it only when dirty, in the command stream (vgl_linked_upload_uniforms:
 * push constants, i.e. CONST[0], or the range into the binding-0 buffer of
 * a block too big for them). Bools are stored as uint 0/1. Sampler
 * uniforms hold texture units instead.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_range.h"
#include "vgl_context.h"
#include "vgl_limits.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_program_pipeline.h"
#include "vgl_texture.h"
#include "vgl_resource.h"

enum src_kind { SRC_FLOAT, SRC_INT, SRC_UINT };

/* Shape of a GL uniform type: component base, columns and rows. */
struct shape {
	enum src_kind base;
	bool is_bool, is_sampler;
	uint32_t cols, rows;
};

static struct shape shape_of(const struct vgl_uniform *u)
{
	struct shape s = { SRC_FLOAT, false, u->is_sampler, 1, 1 };

	switch (u->type) {
	case GL_FLOAT_VEC4: s.rows++; /* fall through */
	case GL_FLOAT_VEC3: s.rows++; /* fall through */
	case GL_FLOAT_VEC2: s.rows++; /* fall through */
	case GL_FLOAT: return s;
	case GL_INT_VEC4: s.rows++; /* fall through */
	case GL_INT_VEC3: s.rows++; /* fall through */
	case GL_INT_VEC2: s.rows++; /* fall through */
	case GL_INT: s.base = SRC_INT; return s;
	case GL_UNSIGNED_INT_VEC4: s.rows++; /* fall through */
	case GL_UNSIGNED_INT_VEC3: s.rows++; /* fall through */
	case GL_UNSIGNED_INT_VEC2: s.rows++; /* fall through */
	case GL_UNSIGNED_INT: s.base = SRC_UINT; return s;
	case GL_BOOL_VEC4: s.rows++; /* fall through */
	case GL_BOOL_VEC3: s.rows++; /* fall through */
	case GL_BOOL_VEC2: s.rows++; /* fall through */
	case GL_BOOL: s.is_bool = true; return s;
	case GL_FLOAT_MAT2: return (struct shape){ SRC_FLOAT, false, false, 2, 2 };
	case GL_FLOAT_MAT3: return (struct shape){ SRC_FLOAT, false, false, 3, 3 };
	case GL_FLOAT_MAT4: return (struct shape){ SRC_FLOAT, false, false, 4, 4 };
	case GL_FLOAT_MAT2x3: return (struct shape){ SRC_FLOAT, false, false, 2, 3 };
	case GL_FLOAT_MAT2x4: return (struct shape){ SRC_FLOAT, false, false, 2, 4 };
	case GL_FLOAT_MAT3x2: return (struct shape){ SRC_FLOAT, false, false, 3, 2 };
	case GL_FLOAT_MAT3x4: return (struct shape){ SRC_FLOAT, false, false, 3, 4 };
	case GL_FLOAT_MAT4x2: return (struct shape){ SRC_FLOAT, false, false, 4, 2 };
	case GL_FLOAT_MAT4x3: return (struct shape){ SRC_FLOAT, false, false, 4, 3 };
	}
	s.base = SRC_INT; /* samplers */
	return s;
}

/* ---- locations ------------------------------------------------------------------------------ */

bool vgl_parse_array_name(const char *name, size_t *len, uint32_t *element)
{
	const char *br = strrchr(name, '[');
	char *end;
	unsigned long e;

	*len = strlen(name);
	*element = 0;
	if (!br || !*len || name[*len - 1] != ']')
		return true;
	e = strtoul(br + 1, &end, 10);
	if (end == br + 1 || *end != ']' || e > UINT32_MAX)
		return false;
	*len = (size_t)(br - name);
	*element = (uint32_t)e;
	return true;
}

/* An array of arrays' entry "a[1]" (GL's "a[1][0]", ES 3.1 §7.3.1.1) is
 * found by that name as well as by "a[1][0]". */
static GLint whole_array_location(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		if (u->first_location >= 0 && u->array_size && !strcmp(u->name, name))
			return u->first_location;
	}
	return -1;
}

GLint vgl_linked_uniform_location(const struct vgl_linked *l, const char *name)
{
	GLint whole = whole_array_location(l, name);
	uint32_t element;
	size_t len;

	if (whole >= 0)
		return whole;
	if (!vgl_parse_array_name(name, &len, &element))
		return -1;
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		if (u->first_location < 0 || strlen(u->name) != len || strncmp(u->name, name, len))
			continue;
		if (element >= (u->array_size ? u->array_size : 1) ||
		    (!u->array_size && len != strlen(name)))
			return -1;
		return u->first_location + (GLint)element;
	}
	return -1;
}

static GLint GL_APIENTRY vgl_GetUniformLocation(GLuint program, const GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!ctx)
		return -1;
	l = vgl_program_linked(ctx, program);
	return l ? vgl_linked_uniform_location(l, name) : -1;
}

/* ---- writes -------------------------------------------------------------------------------- */

struct src {
	enum src_kind kind;
	const void *data;
	uint32_t cols, rows;   /* matrices: cols x rows; vectors: 1 x n */
	bool transpose;
};

static uint32_t read_u32(const struct src *s, uint32_t i, bool to_bool, enum src_kind dst)
{
	float f;
	int32_t v;

	if (s->kind == SRC_FLOAT) {
		f = ((const float *)s->data)[i];
		if (to_bool)
			return f != 0.0f;
		if (dst == SRC_FLOAT)
			memcpy(&v, &f, 4);
		else
			v = (int32_t)f;
		return (uint32_t)v;
	}
	v = ((const int32_t *)s->data)[i];
	if (to_bool)
		return v != 0;
	if (dst == SRC_FLOAT) {
		f = (float)v;
		memcpy(&v, &f, 4);
	}
	return (uint32_t)v;
}

static void mark_dirty(struct vgl_linked *l, uint32_t lo, uint32_t hi)
{
	if (lo < l->dirty_lo)
		l->dirty_lo = lo;
	if (hi > l->dirty_hi)
		l->dirty_hi = hi;
}

/* One element: column c of a matrix at offset + c * matrix_stride. */
static void write_element(struct vgl_linked *l, const struct vgl_uniform *u,
			  const struct shape *sh, const struct src *s, uint32_t elem, uint32_t i)
{
	uint32_t base = u->offset + elem * u->array_stride, n = sh->cols * sh->rows;

	bool changed = false;

	/* same representation (compatible() made base == kind): columns as they are */
	if (!sh->is_bool && !s->transpose) {
		for (uint32_t c = 0; c < sh->cols; c++) {
			const uint8_t *src = (const uint8_t *)s->data + 4 * (i * n + c * sh->rows);
			uint8_t *dst = l->data + base + c * u->matrix_stride;

			if (memcmp(dst, src, 4 * sh->rows) != 0) {
				memcpy(dst, src, 4 * sh->rows);
				changed = true;
			}
		}
		if (changed)
			mark_dirty(l, base, base + (sh->cols - 1) * u->matrix_stride + sh->rows * 4);
		return;
	}
	for (uint32_t c = 0; c < sh->cols; c++) {
		for (uint32_t r = 0; r < sh->rows; r++) {
			uint32_t idx = s->transpose ? r * sh->cols + c : c * sh->rows + r;
			uint32_t v = read_u32(s, i * n + idx, sh->is_bool, sh->base);
			uint8_t *dst = l->data + base + c * u->matrix_stride + r * 4;

			changed |= memcmp(dst, &v, 4) != 0;
			memcpy(dst, &v, 4);
		}
	}
	/* setting the value it has sends nothing */
	if (changed)
		mark_dirty(l, base, base + (sh->cols - 1) * u->matrix_stride + sh->rows * 4);
}

/* The elements lie in the block exactly as the application gives them
 * (vec4 and mat4 arrays, single vec/mat columns of 4): one copy for all. */
static bool packed_as_given(const struct vgl_uniform *u, const struct shape *sh,
			    const struct src *s)
{
	uint32_t n = sh->cols * sh->rows * 4;

	return !sh->is_bool && !s->transpose && (sh->cols == 1 || u->matrix_stride == sh->rows * 4) &&
	       (!u->array_size || u->array_stride == n);
}

static void write_packed(struct vgl_linked *l, uint32_t offset, const void *data, uint32_t bytes)
{
	/* setting the values it has sends nothing */
	if (memcmp(l->data + offset, data, bytes) == 0)
		return;
	memcpy(l->data + offset, data, bytes);
	mark_dirty(l, offset, offset + bytes);
}

static bool compatible(const struct shape *sh, const struct src *s)
{
	if (sh->cols != s->cols || sh->rows != s->rows)
		return false;
	if (sh->is_sampler)
		return s->kind == SRC_INT && s->rows == 1;
	if (sh->is_bool)
		return sh->cols == 1;
	return sh->base == s->kind;
}

static void set_units(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_uniform *u,
		      uint32_t elem, GLsizei count, const GLint *units)
{
	for (GLsizei i = 0; i < count; i++)
		if (units[i] < 0 || units[i] >= VGL_MAX_TEXTURE_UNITS) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return;
		}
	for (GLsizei i = 0; i < count; i++)
		l->sampler_units[u->first_unit + elem + (uint32_t)i] = units[i];
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* The program glUniform* (CURRENT) or glProgramUniform* (a name) writes to. */
#define CURRENT UINT64_MAX

/* Its link; NULL with GL's error. */
static struct vgl_linked *target_linked(struct vgl_context *ctx, uint64_t program)
{
	struct vgl_linked *l;

	if (program != CURRENT)
		return vgl_sso_call(ctx) ? vgl_program_linked(ctx, (GLuint)program) : NULL;
	/* ES 3.1: without a current program, the pipeline's active program */
	l = ctx->program ? ctx->program->linked : vgl_ppo_uniform_linked(ctx);
	if (!l)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return l;
}

bool vgl_uniform_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (!vgl_context_es31(ctx) || pname != GL_MAX_UNIFORM_LOCATIONS)
		return false;
	*out = VGL_MAX_UNIFORM_LOCATIONS;
	return true;
}

/* A location some uniform element takes (explicit ones leave gaps). */
static bool location_used(const struct vgl_linked *l, GLint location)
{
	return (uint32_t)location < l->nr_locations &&
	       l->locations[location].uniform != VGL_NO_UNIFORM;
}

static void set_uniform(uint64_t program, GLint location, GLsizei count, const struct src *s)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	const struct vgl_uniform *u;
	struct shape sh;
	uint32_t elem, elems;

	if (!ctx || !(l = target_linked(ctx, program)))
		return;
	if (location < -1 || (location >= 0 && !location_used(l, location))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (count < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (location == -1)
		return;
	/* values to read that are not there: INVALID_VALUE, as a NULL
	 * glShaderSource string is (Mesa's glUniform*v would crash) */
	if (vgl_array_absent(count, s->data)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	u = &l->uniforms[l->locations[location].uniform];
	elem = l->locations[location].element;
	sh = shape_of(u);
	elems = u->array_size ? u->array_size : 1;
	/* ES 3.1 §7.6.1: an image's unit is its layout(binding), never loaded */
	if (u->is_image || !compatible(&sh, s) || (count > 1 && !u->array_size)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if ((uint32_t)count > elems - elem)
		count = (GLsizei)(elems - elem);
	if (sh.is_sampler) {
		set_units(ctx, l, u, elem, count, s->data);
		return;
	}
	if (packed_as_given(u, &sh, s)) {
		write_packed(l, u->offset + elem * u->array_stride, s->data,
			     (uint32_t)count * sh.cols * sh.rows * 4);
		return;
	}
	for (GLsizei i = 0; i < count; i++)
		write_element(l, u, &sh, s, elem + (uint32_t)i, (uint32_t)i);
}

#define UNIFORM_V(suffix, ctype, kind, n)                                                        \
	static void GL_APIENTRY vgl_Uniform##n##suffix##v(GLint loc, GLsizei count,             \
							  const ctype *v)                       \
	{                                                                                        \
		set_uniform(CURRENT, loc, count, &(struct src){ kind, v, 1, n, false });        \
	}                                                                                        \
	static void GL_APIENTRY vgl_ProgramUniform##n##suffix##v(GLuint p, GLint loc,           \
								 GLsizei count, const ctype *v) \
	{                                                                                        \
		set_uniform(p, loc, count, &(struct src){ kind, v, 1, n, false });              \
	}

UNIFORM_V(f, GLfloat, SRC_FLOAT, 1)
UNIFORM_V(f, GLfloat, SRC_FLOAT, 2)
UNIFORM_V(f, GLfloat, SRC_FLOAT, 3)
UNIFORM_V(f, GLfloat, SRC_FLOAT, 4)
UNIFORM_V(i, GLint, SRC_INT, 1)
UNIFORM_V(i, GLint, SRC_INT, 2)
UNIFORM_V(i, GLint, SRC_INT, 3)
UNIFORM_V(i, GLint, SRC_INT, 4)
UNIFORM_V(ui, GLuint, SRC_UINT, 1)
UNIFORM_V(ui, GLuint, SRC_UINT, 2)
UNIFORM_V(ui, GLuint, SRC_UINT, 3)
UNIFORM_V(ui, GLuint, SRC_UINT, 4)

static void GL_APIENTRY vgl_Uniform1f(GLint l, GLfloat x) { vgl_Uniform1fv(l, 1, (GLfloat[]){ x }); }
static void GL_APIENTRY vgl_Uniform2f(GLint l, GLfloat x, GLfloat y) { vgl_Uniform2fv(l, 1, (GLfloat[]){ x, y }); }
static void GL_APIENTRY vgl_Uniform3f(GLint l, GLfloat x, GLfloat y, GLfloat z) { vgl_Uniform3fv(l, 1, (GLfloat[]){ x, y, z }); }
static void GL_APIENTRY vgl_Uniform4f(GLint l, GLfloat x, GLfloat y, GLfloat z, GLfloat w) { vgl_Uniform4fv(l, 1, (GLfloat[]){ x, y, z, w }); }
static void GL_APIENTRY vgl_Uniform1i(GLint l, GLint x) { vgl_Uniform1iv(l, 1, (GLint[]){ x }); }
static void GL_APIENTRY vgl_Uniform2i(GLint l, GLint x, GLint y) { vgl_Uniform2iv(l, 1, (GLint[]){ x, y }); }
static void GL_APIENTRY vgl_Uniform3i(GLint l, GLint x, GLint y, GLint z) { vgl_Uniform3iv(l, 1, (GLint[]){ x, y, z }); }
static void GL_APIENTRY vgl_Uniform4i(GLint l, GLint x, GLint y, GLint z, GLint w) { vgl_Uniform4iv(l, 1, (GLint[]){ x, y, z, w }); }
static void GL_APIENTRY vgl_Uniform1ui(GLint l, GLuint x) { vgl_Uniform1uiv(l, 1, (GLuint[]){ x }); }
static void GL_APIENTRY vgl_Uniform2ui(GLint l, GLuint x, GLuint y) { vgl_Uniform2uiv(l, 1, (GLuint[]){ x, y }); }
static void GL_APIENTRY vgl_Uniform3ui(GLint l, GLuint x, GLuint y, GLuint z) { vgl_Uniform3uiv(l, 1, (GLuint[]){ x, y, z }); }
static void GL_APIENTRY vgl_Uniform4ui(GLint l, GLuint x, GLuint y, GLuint z, GLuint w) { vgl_Uniform4uiv(l, 1, (GLuint[]){ x, y, z, w }); }
static void GL_APIENTRY vgl_ProgramUniform1f(GLuint p, GLint l, GLfloat x) { vgl_ProgramUniform1fv(p, l, 1, (GLfloat[]){ x }); }
static void GL_APIENTRY vgl_ProgramUniform2f(GLuint p, GLint l, GLfloat x, GLfloat y) { vgl_ProgramUniform2fv(p, l, 1, (GLfloat[]){ x, y }); }
static void GL_APIENTRY vgl_ProgramUniform3f(GLuint p, GLint l, GLfloat x, GLfloat y, GLfloat z) { vgl_ProgramUniform3fv(p, l, 1, (GLfloat[]){ x, y, z }); }
static void GL_APIENTRY vgl_ProgramUniform4f(GLuint p, GLint l, GLfloat x, GLfloat y, GLfloat z, GLfloat w) { vgl_ProgramUniform4fv(p, l, 1, (GLfloat[]){ x, y, z, w }); }
static void GL_APIENTRY vgl_ProgramUniform1i(GLuint p, GLint l, GLint x) { vgl_ProgramUniform1iv(p, l, 1, (GLint[]){ x }); }
static void GL_APIENTRY vgl_ProgramUniform2i(GLuint p, GLint l, GLint x, GLint y) { vgl_ProgramUniform2iv(p, l, 1, (GLint[]){ x, y }); }
static void GL_APIENTRY vgl_ProgramUniform3i(GLuint p, GLint l, GLint x, GLint y, GLint z) { vgl_ProgramUniform3iv(p, l, 1, (GLint[]){ x, y, z }); }
static void GL_APIENTRY vgl_ProgramUniform4i(GLuint p, GLint l, GLint x, GLint y, GLint z, GLint w) { vgl_ProgramUniform4iv(p, l, 1, (GLint[]){ x, y, z, w }); }
static void GL_APIENTRY vgl_ProgramUniform1ui(GLuint p, GLint l, GLuint x) { vgl_ProgramUniform1uiv(p, l, 1, (GLuint[]){ x }); }
static void GL_APIENTRY vgl_ProgramUniform2ui(GLuint p, GLint l, GLuint x, GLuint y) { vgl_ProgramUniform2uiv(p, l, 1, (GLuint[]){ x, y }); }
static void GL_APIENTRY vgl_ProgramUniform3ui(GLuint p, GLint l, GLuint x, GLuint y, GLuint z) { vgl_ProgramUniform3uiv(p, l, 1, (GLuint[]){ x, y, z }); }
static void GL_APIENTRY vgl_ProgramUniform4ui(GLuint p, GLint l, GLuint x, GLuint y, GLuint z, GLuint w) { vgl_ProgramUniform4uiv(p, l, 1, (GLuint[]){ x, y, z, w }); }

static void matrix(uint64_t program, GLint loc, GLsizei count, GLboolean transpose,
		   const GLfloat *v, uint32_t cols, uint32_t rows)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (transpose && ctx->major < 3) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	set_uniform(program, loc, count,
		    &(struct src){ SRC_FLOAT, v, cols, rows, transpose != GL_FALSE });
}

#define UNIFORM_MATRIX(name, c, r)                                                               \
	static void GL_APIENTRY vgl_UniformMatrix##name##fv(GLint loc, GLsizei count,           \
							    GLboolean t, const GLfloat *v)      \
	{                                                                                        \
		matrix(CURRENT, loc, count, t, v, c, r);                                         \
	}                                                                                        \
	static void GL_APIENTRY vgl_ProgramUniformMatrix##name##fv(GLuint p, GLint loc,         \
								   GLsizei count, GLboolean t,  \
								   const GLfloat *v)            \
	{                                                                                        \
		matrix(p, loc, count, t, v, c, r);                                               \
	}

UNIFORM_MATRIX(2, 2, 2)
UNIFORM_MATRIX(3, 3, 3)
UNIFORM_MATRIX(4, 4, 4)
UNIFORM_MATRIX(2x3, 2, 3)
UNIFORM_MATRIX(2x4, 2, 4)
UNIFORM_MATRIX(3x2, 3, 2)
UNIFORM_MATRIX(3x4, 3, 4)
UNIFORM_MATRIX(4x2, 4, 2)
UNIFORM_MATRIX(4x3, 4, 3)

/* ---- pipelines ------------------------------------------------------------------------------ */

/* The bytes one element takes from its offset: columns at matrix_stride. */
static uint64_t element_bytes(const struct vgl_uniform *u)
{
	struct shape sh = shape_of(u);

	return (uint64_t)(sh.cols - 1) * u->matrix_stride + sh.rows * 4u;
}

static bool element_inside(const struct vgl_linked *l, const struct vgl_uniform *u, uint32_t e)
{
	return (uint64_t)u->offset + (uint64_t)e * u->array_stride + element_bytes(u) <=
	       l->data_size;
}

static void copy_units(struct vgl_context *ctx, struct vgl_linked *dst,
		       const struct vgl_uniform *d, const struct vgl_linked *src,
		       const struct vgl_uniform *s, uint32_t elems)
{
	GLint *to = &dst->sampler_units[d->first_unit];
	const GLint *from = &src->sampler_units[s->first_unit];

	if (memcmp(to, from, elems * sizeof(*to)) == 0)
		return;
	memcpy(to, from, elems * sizeof(*to));
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

void vgl_uniform_copy(struct vgl_context *ctx, struct vgl_linked *dst, uint32_t di,
		      const struct vgl_linked *src, uint32_t si)
{
	const struct vgl_uniform *d = &dst->uniforms[di], *s = &src->uniforms[si];
	uint32_t elems = d->array_size ? d->array_size : 1;

	if (d->type != s->type || d->array_size != s->array_size || d->block >= 0 ||
	    s->block >= 0 || d->is_sampler != s->is_sampler)
		return;
	if (d->is_sampler) {
		copy_units(ctx, dst, d, src, s, elems);
		return;
	}
	for (uint32_t e = 0; e < elems; e++) {
		uint32_t to = d->offset + e * d->array_stride, from = s->offset + e * s->array_stride;
		uint32_t n = (uint32_t)element_bytes(d);

		if (!element_inside(dst, d, e) || !element_inside(src, s, e) ||
		    memcmp(dst->data + to, src->data + from, n) == 0)
			continue;
		memcpy(dst->data + to, src->data + from, n);
		mark_dirty(dst, to, to + n);
	}
}

/* ---- reads ---------------------------------------------------------------------------------- */

/* A float as glGetUniformiv returns it; one outside int's range saturates
 * (converting it would be undefined in C), NaN reads 0. */
static GLint float_to_int(float f)
{
	if (!(f >= -2147483648.0f))
		return f < 0 ? INT32_MIN : 0;
	return f < 2147483648.0f ? (GLint)f : INT32_MAX;
}

/* One stored component converted to what glGetUniform{f,i,ui}v returns. */
static void store_component(const struct shape *sh, uint32_t raw, enum src_kind want, void *out,
			    uint32_t i)
{
	bool is_float = sh->base == SRC_FLOAT && !sh->is_bool;
	float f;

	memcpy(&f, &raw, 4);
	if (want == SRC_FLOAT)
		((GLfloat *)out)[i] = is_float ? f : sh->base == SRC_INT ? (GLfloat)(int32_t)raw
									: (GLfloat)raw;
	else
		((GLint *)out)[i] = is_float ? float_to_int(f) : (GLint)raw;
}

/* glGetUniform*v and glGetnUniform*v (KHR_robustness): bufsize bytes at
 * out, INT64_MAX for none; a value larger is GL_INVALID_OPERATION. */
static void get_uniform(GLuint program, GLint location, enum src_kind want, int64_t bufsize,
			void *out)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_uniform *u;
	struct vgl_linked *l;
	struct shape sh;
	uint32_t elem, base, raw;

	if (!ctx)
		return;
	l = vgl_program_linked(ctx, program);
	if (!l)
		return;
	if (location < 0 || !location_used(l, location)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	u = &l->uniforms[l->locations[location].uniform];
	elem = l->locations[location].element;
	sh = shape_of(u);
	if ((int64_t)(sh.is_sampler || u->is_image ? 1 : sh.cols * sh.rows) * 4 > bufsize) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (u->is_image) {
		store_component(&(struct shape){ SRC_INT, false, false, 1, 1 },
				u->image_unit + elem, want, out, 0);
		return;
	}
	if (sh.is_sampler) {
		*(GLint *)out = l->sampler_units[u->first_unit + elem];
		return;
	}
	base = u->offset + elem * u->array_stride;
	for (uint32_t c = 0; c < sh.cols; c++)
		for (uint32_t r = 0; r < sh.rows; r++) {
			memcpy(&raw, l->data + base + c * u->matrix_stride + r * 4, 4);
			store_component(&sh, raw, want, out, c * sh.rows + r);
		}
}

static void GL_APIENTRY vgl_GetUniformfv(GLuint p, GLint loc, GLfloat *v) { get_uniform(p, loc, SRC_FLOAT, INT64_MAX, v); }
static void GL_APIENTRY vgl_GetUniformiv(GLuint p, GLint loc, GLint *v) { get_uniform(p, loc, SRC_INT, INT64_MAX, v); }
static void GL_APIENTRY vgl_GetUniformuiv(GLuint p, GLint loc, GLuint *v) { get_uniform(p, loc, SRC_UINT, INT64_MAX, v); }
static void GL_APIENTRY vgl_GetnUniformfvKHR(GLuint p, GLint loc, GLsizei n, GLfloat *v) { get_uniform(p, loc, SRC_FLOAT, n, v); }
static void GL_APIENTRY vgl_GetnUniformivKHR(GLuint p, GLint loc, GLsizei n, GLint *v) { get_uniform(p, loc, SRC_INT, n, v); }
static void GL_APIENTRY vgl_GetnUniformuivKHR(GLuint p, GLint loc, GLsizei n, GLuint *v) { get_uniform(p, loc, SRC_UINT, n, v); }

/* ---- active uniforms ------------------------------------------------------------------------- */

static void GL_APIENTRY vgl_GetActiveUniform(GLuint program, GLuint index, GLsizei bufsize,
					     GLsizei *length, GLint *size, GLenum *type,
					     GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_uniform *u;
	struct vgl_program *p;
	char buf[512];

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (bufsize < 0 || !p->linked || index >= p->linked->nr_uniforms) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	u = &p->linked->uniforms[index];
	vgl_resource_name(p->linked, GL_UNIFORM, index, buf, sizeof(buf));
	vgl_copy_string(buf, bufsize, length, name);
	/* an output not asked for (NULL) is not written */
	if (size)
		*size = u->array_size ? (GLint)u->array_size : 1;
	if (type)
		*type = u->type;
}

static void GL_APIENTRY vgl_GetUniformIndices(GLuint program, GLsizei count,
					      const GLchar *const *names, GLuint *indices)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	uint32_t element;
	size_t len;

	if (!ctx)
		return;
	if (vgl_array_absent(count, names)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	l = vgl_program_linked(ctx, program);
	for (GLsizei i = 0; indices && i < count; i++) {
		indices[i] = GL_INVALID_INDEX;
		if (!l || !vgl_parse_array_name(names[i], &len, &element) || element != 0)
			continue;
		for (uint32_t j = 0; j < l->nr_uniforms; j++)
			if (strlen(l->uniforms[j].name) == len &&
			    strncmp(l->uniforms[j].name, names[i], len) == 0)
				indices[i] = j;
	}
}

/* The ES 3.0 names of the program interface's properties (vgl_resource.h). */
static const GLenum uniform_props[][2] = {
	{ GL_UNIFORM_TYPE, GL_TYPE }, { GL_UNIFORM_SIZE, GL_ARRAY_SIZE },
	{ GL_UNIFORM_NAME_LENGTH, GL_NAME_LENGTH }, { GL_UNIFORM_BLOCK_INDEX, GL_BLOCK_INDEX },
	{ GL_UNIFORM_OFFSET, GL_OFFSET }, { GL_UNIFORM_ARRAY_STRIDE, GL_ARRAY_STRIDE },
	{ GL_UNIFORM_MATRIX_STRIDE, GL_MATRIX_STRIDE }, { GL_UNIFORM_IS_ROW_MAJOR, GL_IS_ROW_MAJOR },
};

static bool uniform_param(const struct vgl_linked *l, GLuint index, GLenum pname, GLint *out)
{
	for (size_t i = 0; i < sizeof(uniform_props) / sizeof(uniform_props[0]); i++)
		if (uniform_props[i][0] == pname) {
			vgl_resource_prop(l, GL_UNIFORM, index, uniform_props[i][1], out, 1);
			return true;
		}
	return false;
}

static void GL_APIENTRY vgl_GetActiveUniformsiv(GLuint program, GLsizei count,
						const GLuint *indices, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!ctx)
		return;
	l = vgl_program_linked(ctx, program);
	if (!l)
		return;
	if (count < 0 || vgl_array_absent(count, indices)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	for (GLsizei i = 0; i < count; i++)
		if (indices[i] >= l->nr_uniforms) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return;
		}
	for (GLsizei i = 0; i < count; i++) {
		GLint v;

		if (!uniform_param(l, indices[i], pname, &v)) {
			vgl_error(ctx, GL_INVALID_ENUM);
			return;
		}
		if (params) /* nowhere to write: the query is still checked */
			params[i] = v;
	}
}

const struct vgl_proc vgl_uniform_procs[] = {
	VGL_PROC(GetUniformLocation),
	VGL_PROC(Uniform1f), VGL_PROC(Uniform2f), VGL_PROC(Uniform3f), VGL_PROC(Uniform4f),
	VGL_PROC(Uniform1i), VGL_PROC(Uniform2i), VGL_PROC(Uniform3i), VGL_PROC(Uniform4i),
	VGL_PROC(Uniform1ui), VGL_PROC(Uniform2ui), VGL_PROC(Uniform3ui), VGL_PROC(Uniform4ui),
	VGL_PROC(Uniform1fv), VGL_PROC(Uniform2fv), VGL_PROC(Uniform3fv), VGL_PROC(Uniform4fv),
	VGL_PROC(Uniform1iv), VGL_PROC(Uniform2iv), VGL_PROC(Uniform3iv), VGL_PROC(Uniform4iv),
	VGL_PROC(Uniform1uiv), VGL_PROC(Uniform2uiv), VGL_PROC(Uniform3uiv), VGL_PROC(Uniform4uiv),
	VGL_PROC(UniformMatrix2fv), VGL_PROC(UniformMatrix3fv), VGL_PROC(UniformMatrix4fv),
	VGL_PROC(UniformMatrix2x3fv), VGL_PROC(UniformMatrix2x4fv), VGL_PROC(UniformMatrix3x2fv),
	VGL_PROC(UniformMatrix3x4fv), VGL_PROC(UniformMatrix4x2fv), VGL_PROC(UniformMatrix4x3fv),
	VGL_PROC(GetUniformfv), VGL_PROC(GetUniformiv), VGL_PROC(GetUniformuiv),
	/* KHR_robustness; EXT_robustness has the float and int ones */
	VGL_PROC(GetnUniformfvKHR), VGL_PROC(GetnUniformivKHR), VGL_PROC(GetnUniformuivKHR),
	{ "glGetnUniformfvEXT", (void *)vgl_GetnUniformfvKHR },
	{ "glGetnUniformivEXT", (void *)vgl_GetnUniformivKHR },
	VGL_PROC(GetActiveUniform), VGL_PROC(GetUniformIndices), VGL_PROC(GetActiveUniformsiv),
	/* ES 3.1 */
	VGL_PROC(ProgramUniform1f), VGL_PROC(ProgramUniform2f), VGL_PROC(ProgramUniform3f),
	VGL_PROC(ProgramUniform4f), VGL_PROC(ProgramUniform1i), VGL_PROC(ProgramUniform2i),
	VGL_PROC(ProgramUniform3i), VGL_PROC(ProgramUniform4i), VGL_PROC(ProgramUniform1ui),
	VGL_PROC(ProgramUniform2ui), VGL_PROC(ProgramUniform3ui), VGL_PROC(ProgramUniform4ui),
	VGL_PROC(ProgramUniform1fv), VGL_PROC(ProgramUniform2fv), VGL_PROC(ProgramUniform3fv),
	VGL_PROC(ProgramUniform4fv), VGL_PROC(ProgramUniform1iv), VGL_PROC(ProgramUniform2iv),
	VGL_PROC(ProgramUniform3iv), VGL_PROC(ProgramUniform4iv), VGL_PROC(ProgramUniform1uiv),
	VGL_PROC(ProgramUniform2uiv), VGL_PROC(ProgramUniform3uiv), VGL_PROC(ProgramUniform4uiv),
	VGL_PROC(ProgramUniformMatrix2fv), VGL_PROC(ProgramUniformMatrix3fv),
	VGL_PROC(ProgramUniformMatrix4fv), VGL_PROC(ProgramUniformMatrix2x3fv),
	VGL_PROC(ProgramUniformMatrix2x4fv), VGL_PROC(ProgramUniformMatrix3x2fv),
	VGL_PROC(ProgramUniformMatrix3x4fv), VGL_PROC(ProgramUniformMatrix4x2fv),
	VGL_PROC(ProgramUniformMatrix4x3fv),
	/* EXT_separate_shader_objects */
	VGL_PROC_AS_EXT(ProgramUniform1f), VGL_PROC_AS_EXT(ProgramUniform2f),
	VGL_PROC_AS_EXT(ProgramUniform3f), VGL_PROC_AS_EXT(ProgramUniform4f),
	VGL_PROC_AS_EXT(ProgramUniform1i), VGL_PROC_AS_EXT(ProgramUniform2i),
	VGL_PROC_AS_EXT(ProgramUniform3i), VGL_PROC_AS_EXT(ProgramUniform4i),
	VGL_PROC_AS_EXT(ProgramUniform1ui), VGL_PROC_AS_EXT(ProgramUniform2ui),
	VGL_PROC_AS_EXT(ProgramUniform3ui), VGL_PROC_AS_EXT(ProgramUniform4ui),
	VGL_PROC_AS_EXT(ProgramUniform1fv), VGL_PROC_AS_EXT(ProgramUniform2fv),
	VGL_PROC_AS_EXT(ProgramUniform3fv), VGL_PROC_AS_EXT(ProgramUniform4fv),
	VGL_PROC_AS_EXT(ProgramUniform1iv), VGL_PROC_AS_EXT(ProgramUniform2iv),
	VGL_PROC_AS_EXT(ProgramUniform3iv), VGL_PROC_AS_EXT(ProgramUniform4iv),
	VGL_PROC_AS_EXT(ProgramUniform1uiv), VGL_PROC_AS_EXT(ProgramUniform2uiv),
	VGL_PROC_AS_EXT(ProgramUniform3uiv), VGL_PROC_AS_EXT(ProgramUniform4uiv),
	VGL_PROC_AS_EXT(ProgramUniformMatrix2fv), VGL_PROC_AS_EXT(ProgramUniformMatrix3fv),
	VGL_PROC_AS_EXT(ProgramUniformMatrix4fv), VGL_PROC_AS_EXT(ProgramUniformMatrix2x3fv),
	VGL_PROC_AS_EXT(ProgramUniformMatrix2x4fv), VGL_PROC_AS_EXT(ProgramUniformMatrix3x2fv),
	VGL_PROC_AS_EXT(ProgramUniformMatrix3x4fv), VGL_PROC_AS_EXT(ProgramUniformMatrix4x2fv),
	VGL_PROC_AS_EXT(ProgramUniformMatrix4x3fv),
	{ NULL, NULL },
};
