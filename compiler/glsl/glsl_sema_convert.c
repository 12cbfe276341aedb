/* SPDX-License-Identifier: MIT */
/*
 * Implicit conversions (GL_EXT_shader_implicit_conversions in GLSL ES 3.10;
 * the rules are GLSL 4.00 §4.1.10's): int -> uint, int -> float and
 * uint -> float, for scalars and for vectors of one size. ES without the
 * extension has none, so every operator states exactly which type pairs it
 * takes; with it, the callers here make the operand types match first.
 *
 * A conversion is a constructor the source never wrote: the operand's node
 * is wrapped in a CALL node typed as GLSL_SX_CTOR, so constant folding and
 * lowering treat it as `float(x)` would be.
 */
#include <string.h>

#include "glsl_sema_private.h"

/* The extension's name, as `#extension` enables it. */
#define IMPLICIT_CONVERSIONS_EXT "GL_EXT_shader_implicit_conversions"

/* with the in and out blocks' (glsl_sema_ioblock.c), the varyings'
 * locations of separate shader objects (glsl_sema_decl.c), the blend_support
 * layouts' (glsl_sema_decl.c), the image formats' (glsl_parse_decl.c) and
 * the Android pack, which enables others (glsl_pp_directive.c) */
const char *const glsl_sema_language_extensions[] = {
	IMPLICIT_CONVERSIONS_EXT, "GL_EXT_shader_io_blocks", "GL_OES_shader_io_blocks",
	"GL_KHR_blend_equation_advanced", "GL_NV_image_formats", "GL_ANDROID_extension_pack_es31a",
	"GL_EXT_separate_shader_objects",
};
const unsigned glsl_sema_num_language_extensions =
	sizeof(glsl_sema_language_extensions) / sizeof(glsl_sema_language_extensions[0]);

bool glsl_sema_ext_enabled(const struct glsl_token_stream *toks, const char *name)
{
	for (unsigned i = 0; i < toks->num_ext; i++)
		if (!strcmp(toks->ext_names[i], name))
			return toks->ext_behavior[i] != GLSL_EXT_DISABLE;
	return false;
}

/* GL_EXT_gpu_shader5 brings the same conversions to 3.10 (its §4.1.10).
 * GLSL ES 3.20 took gpu_shader5 into core without them (it has no implicit
 * conversions; dEQP's negative shader_function cases rely on it): there only
 * the conversions' own extension gives them. */
bool glsl_sema_implicit_enabled(const struct glsl_token_stream *toks, enum glsl_es_version v)
{
	if (v < GLSL_ES_310)
		return false;
	if (glsl_sema_ext_enabled(toks, IMPLICIT_CONVERSIONS_EXT))
		return true;
	return v < GLSL_ES_320 && (glsl_sema_ext_enabled(toks, GLSL_GPU_SHADER5_EXT) ||
				   glsl_sema_ext_enabled(toks, GLSL_GPU_SHADER5_OES));
}

static bool convertible_base(enum glsl_base from, enum glsl_base to)
{
	/* the order of enum glsl_base: int < uint < float, each converts upward */
	return from >= GLSL_BASE_INT && from < to && to <= GLSL_BASE_FLOAT;
}

bool glsl_sema_implicit_ok(const struct glsl_sema *s, const struct glsl_type *from,
			   const struct glsl_type *to)
{
	if (!s->implicit_conversions || from->kind != to->kind || from->rows != to->rows)
		return false;
	if (from->kind != GLSL_KIND_SCALAR && from->kind != GLSL_KIND_VECTOR)
		return false;
	return convertible_base(from->base, to->base);
}

/* The type of t's shape with base b (scalars and vectors). */
static const struct glsl_type *with_base(const struct glsl_type *t, enum glsl_base b)
{
	return glsl_type_vector(b, t->rows);
}

bool glsl_sema_convert(struct glsl_sema *s, struct glsl_ast_node **slot,
		       const struct glsl_type *to)
{
	struct glsl_ast_node *n = *slot, *c;
	struct glsl_sema_expr *x;

	if (glsl_type_equal(n->sema->type.type, to))
		return true;
	if (!glsl_sema_implicit_ok(s, n->sema->type.type, to))
		return false;
	c = glsl_sema_alloc(s, sizeof(*c));
	if (!c)
		return false;
	*c = (struct glsl_ast_node){ .kind = GLSL_AST_CALL, .loc = n->loc, .height = n->height + 1,
				     .next = n->next };
	c->u.call.args = n;
	c->u.call.nargs = 1;
	c->u.call.name = GLSL_AST_NO_NAME;
	n->next = NULL;
	x = glsl_sema_annot(s, c, to, n->sema->type.precision);
	if (!x)
		return false;
	x->what = GLSL_SX_CTOR;
	if (n->sema->value)
		x->value = glsl_fold_ctor(s, to, n);
	*slot = c;
	return !s->failed;
}

/* The base two numeric operands meet at, GLSL_BASE_NONE when neither
 * converts to the other's. */
static enum glsl_base common_base(const struct glsl_type *a, const struct glsl_type *b)
{
	if (a->base == b->base)
		return a->base;
	if (convertible_base(a->base, b->base))
		return b->base;
	return convertible_base(b->base, a->base) ? a->base : GLSL_BASE_NONE;
}

/* Converts one operand to base b where its shape has such a type (a float
 * matrix never needs one). */
static bool operand_to(struct glsl_sema *s, struct glsl_ast_node **slot, enum glsl_base b)
{
	const struct glsl_type *t = (*slot)->sema->type.type;

	if (t->base == b || (t->kind != GLSL_KIND_SCALAR && t->kind != GLSL_KIND_VECTOR))
		return true;
	return glsl_sema_convert(s, slot, with_base(t, b));
}

void glsl_sema_unify_operands(struct glsl_sema *s, struct glsl_ast_node **l,
			      struct glsl_ast_node **r)
{
	const struct glsl_type *a = (*l)->sema->type.type, *b = (*r)->sema->type.type;
	enum glsl_base base;

	if (!s->implicit_conversions || a->base == b->base)
		return;
	base = common_base(a, b);
	if (base == GLSL_BASE_NONE)
		return;
	/* a failure leaves the types apart: the operator's own check reports it */
	if (operand_to(s, l, base))
		operand_to(s, r, base);
}
