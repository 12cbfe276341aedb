/* SPDX-License-Identifier: MIT */
/*
 * In and out blocks across stages (EXT_shader_io_blocks §4.3.9, 7.4.1):
 * an input block needs the previous stage's output block of its name, with
 * the same members in the same order (names, types, and in a pipeline of
 * separable programs precisions) and the same array size (a geometry
 * shader's per-vertex array aside). Members are the stages' inputs and
 * outputs themselves ("Block.member", glsl_sema_ioblock.c), which the
 * varying checks match one by one after this.
 */
#include <string.h>

#include "glsl_link_private.h"

static const char *block_name(const struct glsl_symbol *b)
{
	return glsl_type_innermost(b->type.type)->name;
}

static const struct glsl_symbol *find_block(const struct glsl_sema_result *r, const char *name,
					    enum glsl_storage storage)
{
	for (uint32_t i = 0; i < r->nr_io_blocks; i++)
		if (r->io_blocks[i]->storage == storage && !strcmp(block_name(r->io_blocks[i]), name))
			return r->io_blocks[i];
	return NULL;
}

/* One input block against the producer's output of its name. */
static bool block_matches(struct lk *k, const struct glsl_sema_result *cons,
			  const struct glsl_symbol *in, const struct glsl_symbol *out)
{
	const struct glsl_type *t = in->type.type;
	bool prec = k->opts && k->opts->pipeline;

	if (cons->stage == GLSL_STAGE_GEOMETRY)
		t = t->elem;
	if (lk_blocks_match(out->type.type, t, prec))
		return true;
	lk_error(k, "block '%s' is declared differently in two stages (members, their order, "
		 "types%s or array size)", block_name(in), prec ? ", precisions" : "");
	return false;
}

/* The output blocks of prod against the input blocks of cons; without the
 * other side (a separable program's stand-in) there is nothing to match. */
static bool stage_pair(struct lk *k, const struct glsl_sema_result *prod,
		       const struct glsl_sema_result *cons)
{
	bool alone = k->opts && k->opts->separable && !k->opts->pipeline;

	for (uint32_t i = 0; i < cons->nr_io_blocks; i++) {
		const struct glsl_symbol *in = cons->io_blocks[i], *out;

		if (in->storage != GLSL_STORAGE_IN)
			continue;
		out = find_block(prod, block_name(in), GLSL_STORAGE_OUT);
		if (!out && alone)
			continue;
		if (!out) {
			lk_error(k, "input block '%s' has no output block of its name in the "
				 "previous stage", block_name(in));
			return false;
		}
		if (!block_matches(k, cons, in, out))
			return false;
	}
	return true;
}

/* Separable programs in a pipeline: an output block needs its input block
 * too (ES 3.1 §7.4.1; dEQP separate_shader io_blocks.missing_input). */
static bool outputs_read(struct lk *k, const struct glsl_sema_result *prod,
			 const struct glsl_sema_result *cons)
{
	for (uint32_t i = 0; i < prod->nr_io_blocks; i++) {
		const struct glsl_symbol *out = prod->io_blocks[i];

		if (out->storage == GLSL_STORAGE_OUT &&
		    !find_block(cons, block_name(out), GLSL_STORAGE_IN)) {
			lk_error(k, "output block '%s' has no input block of its name in the next "
				 "stage", block_name(out));
			return false;
		}
	}
	return true;
}

bool lk_io_blocks(struct lk *k)
{
	const struct glsl_sema_result *fs = k->sh[FS].sema;
	/* the stage before a geometry shader (or the fragment shader): the
	 * evaluation shader after tessellation, else the vertex shader */
	const struct glsl_sema_result *pre = k->tes ? lk_tess_last(k) : k->sh[VS].sema;
	const struct glsl_sema_result *last = k->gs ? k->gs->sema : pre;

	if (k->opts && k->opts->pipeline && !outputs_read(k, last, fs))
		return false;
	if (!k->gs)
		return stage_pair(k, last, fs);
	return stage_pair(k, pre, k->gs->sema) && stage_pair(k, k->gs->sema, fs);
}
