/* SPDX-License-Identifier: MIT */
/*
 * A glTexParameter / glSamplerParameter value in the form the call gave it
 * (f, i, the OES_texture_border_clamp Iiv / Iuiv forms), and the border
 * colour that only the vector forms set. GL keeps the colour as four raw
 * dwords read as the sampled texture's type (float, int or unsigned int);
 * that is also what virgl's sampler state carries.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

enum vgl_param_kind {
	VGL_PARAM_FLOAT,     /* *f, *fv */
	VGL_PARAM_INT,       /* *i, *iv: a colour is signed normalized */
	VGL_PARAM_INT_RAW,   /* *IivOES: a colour is kept as given */
	VGL_PARAM_UINT_RAW,  /* *IuivOES */
};

struct vgl_param_in {
	enum vgl_param_kind kind;
	const void *v;
	bool vector;         /* the *v forms: the border colour is one of them */
};

union vgl_border {
	GLfloat f[4];
	GLint i[4];
	GLuint u[4];
};

/* The first value as a float (what every scalar parameter reads). */
GLfloat vgl_param_first(const struct vgl_param_in *in);
/* That value as an enum parameter: one no GLint holds (or NaN) is no enum. */
GLenum vgl_param_enum(GLfloat f);
/* Stores a scalar parameter's value in the query's form. */
void vgl_param_store(enum vgl_param_kind kind, GLfloat v, void *out);
/* The border colour a vector call gives. */
void vgl_border_from(const struct vgl_param_in *in, union vgl_border *b);
/* Writes the border colour in the query's form. */
void vgl_border_store(const union vgl_border *b, enum vgl_param_kind kind, void *out);
