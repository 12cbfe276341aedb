/* SPDX-License-Identifier: MIT */
/*
 * Loose uniforms of every basic type, set through glUniform* and stored by
 * a shader as words compared bit for bit: the same cases for the compute
 * stage (test_gl_compute: words into a buffer block) and the vertex and
 * fragment stages (test_gl_uniform: words into an integer colour buffer).
 *
 * A case is a declaration of `u` and the statements of main() that store
 * it through put(i, float) and puti(i, int), which each stage defines: word
 * i holds the float's bits, or the int. Words past n keep their fill.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

#define UC_MAX_WORDS 16
#define UC_FILL 0xcdcdcdcdu

struct uniform_case {
	const char *name;
	const char *decl; /* GLSL: the uniform `u` */
	const char *body; /* GLSL: main()'s statements storing words 0..n-1 */
	void (*set)(GLint loc);
	uint32_t n;
	bool ints;        /* the words are want_i, not the floats uc_floats[0..n) */
	GLint want_i[4];
};

/* The floats the float cases set, in order. */
extern const GLfloat uc_floats[UC_MAX_WORDS];
extern const struct uniform_case uc_cases[];
extern const int uc_count;

/* Each of the first n words is the case's value, bit for bit; the one after
 * (when there is room) still holds UC_FILL. */
void uc_assert_words(const struct uniform_case *c, const uint32_t *w, uint32_t have);
