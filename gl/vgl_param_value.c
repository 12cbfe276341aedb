/* SPDX-License-Identifier: MIT */
/* Parameter values in their call forms (vgl_param_value.h). */
#include "vgl_param_value.h"

#include <math.h>
#include <string.h>

GLfloat vgl_param_first(const struct vgl_param_in *in)
{
	switch (in->kind) {
	case VGL_PARAM_FLOAT: return *(const GLfloat *)in->v;
	case VGL_PARAM_UINT_RAW: return (GLfloat)*(const GLuint *)in->v;
	default: return (GLfloat)*(const GLint *)in->v;
	}
}

GLenum vgl_param_enum(GLfloat f)
{
	/* converting a float outside int's range to int is undefined in C */
	if (!(f >= -2147483648.0f && f < 2147483648.0f))
		return 0xffffffffu; /* not an enum of any parameter */
	return (GLenum)(GLint)f;
}

void vgl_param_store(enum vgl_param_kind kind, GLfloat v, void *out)
{
	if (!out)
		return;
	switch (kind) {
	case VGL_PARAM_FLOAT: *(GLfloat *)out = v; return;
	case VGL_PARAM_UINT_RAW: *(GLuint *)out = (GLuint)lroundf(v); return;
	default: *(GLint *)out = (GLint)lroundf(v); return;
	}
}

/* ES 3.0 §2.1.6 (2.1): a signed normalized integer to float, -1 at the bottom */
static GLfloat snorm_to_float(GLint i)
{
	return fmaxf((GLfloat)((double)i / 2147483647.0), -1.0f);
}

/* and back (§2.1.6, 2.3), for GetTexParameteriv's colour */
static GLint float_to_snorm(GLfloat f)
{
	double c = f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : (double)f;

	return (GLint)lround(c * 2147483647.0);
}

void vgl_border_from(const struct vgl_param_in *in, union vgl_border *b)
{
	if (in->kind == VGL_PARAM_INT) {
		for (int c = 0; c < 4; c++)
			b->f[c] = snorm_to_float(((const GLint *)in->v)[c]);
		return;
	}
	memcpy(b, in->v, sizeof(*b)); /* floats, ints and uints alike: as given */
}

void vgl_border_store(const union vgl_border *b, enum vgl_param_kind kind, void *out)
{
	if (!out)
		return;
	if (kind == VGL_PARAM_INT) {
		for (int c = 0; c < 4; c++)
			((GLint *)out)[c] = float_to_snorm(b->f[c]);
		return;
	}
	memcpy(out, b, sizeof(*b));
}
