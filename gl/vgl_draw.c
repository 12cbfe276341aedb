/* SPDX-License-Identifier: MIT */
/*
 * glDrawArrays / glDrawElements (+ instanced, range). A draw opens rendering
 * on the framebuffer's targets, sends dirty default uniforms, binds vertex
 * input, the cached pipeline, the program's descriptor set and the dirty
 * dynamic state, then draws. Only what changed since the last draw of the
 * command buffer is re-emitted (the dirty bits of vgl_state.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vgl_range.h"
#include "vgl_atomic_counter.h"
#include "vgl_blend.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_draw.h"
#include "vgl_extensions.h"
#include "vgl_framebuffer.h"
#include "vgl_pipeline.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_program_pipeline.h"
#include "vgl_viewport.h"
#include "vgl_xfb.h"

/* The adjacency modes come with EXT_geometry_shader, patches with
 * EXT_tessellation_shader. Inline in this file's entry points: every draw
 * asks. */
static inline bool topology(const struct vgl_context *ctx, GLenum mode, VkPrimitiveTopology *t,
			    bool *loop)
{
	static const VkPrimitiveTopology map[] = {
		[GL_POINTS] = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
		[GL_LINES] = VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
		[GL_LINE_LOOP] = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
		[GL_LINE_STRIP] = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
		[GL_TRIANGLES] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		[GL_TRIANGLE_STRIP] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
		[GL_TRIANGLE_FAN] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN,
		[GL_LINES_ADJACENCY_EXT] = VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
		[GL_LINE_STRIP_ADJACENCY_EXT] = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
		[GL_TRIANGLES_ADJACENCY_EXT] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
		[GL_TRIANGLE_STRIP_ADJACENCY_EXT] =
			VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
		[GL_PATCHES_EXT] = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
	};

	if (mode > GL_PATCHES_EXT ||
	    (mode == GL_PATCHES_EXT && !vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader)) ||
	    (mode > GL_TRIANGLE_FAN && mode < GL_PATCHES_EXT &&
	     !vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader)))
		return false;
	*t = map[mode];
	*loop = mode == GL_LINE_LOOP;
	return true;
}

bool vgl_draw_topology(const struct vgl_context *ctx, GLenum mode, VkPrimitiveTopology *t,
		       bool *loop)
{
	return topology(ctx, mode, t, loop);
}

/* ---- dynamic state ------------------------------------------------------------------------------ */

#define DIRTY(d) VGL_DIRTY_BIT(VGL_DIRTY_##d)
#define DYNAMIC_STATE (DIRTY(VIEWPORT) | DIRTY(SCISSOR) | DIRTY(BLEND_COLOR) | DIRTY(STENCIL_REF))

/* Slot i's scissor box inside the framebuffer (all of it without the test). */
static VkRect2D scissor_rect(const struct vgl_context *ctx, const struct vgl_fb *fb, uint32_t i)
{
	int64_t x0 = 0, y0 = 0, x1 = fb->width, y1 = fb->height;
	const GLint *s = ctx->st.scissor[i];

	if (ctx->st.scissor_test[i]) {
		x0 = s[0] > 0 ? s[0] : 0;
		y0 = s[1] > 0 ? s[1] : 0;
		x1 = (int64_t)s[0] + s[2] < x1 ? (int64_t)s[0] + s[2] : x1;
		y1 = (int64_t)s[1] + s[3] < y1 ? (int64_t)s[1] + s[3] : y1;
		x1 = x1 < x0 ? x0 : x1;
		y1 = y1 < y0 ? y0 : y1;
	}
	return (VkRect2D){ { (int32_t)x0, (int32_t)y0 }, { (uint32_t)(x1 - x0), (uint32_t)(y1 - y0) } };
}

/* glStencilFunc's ref is clamped to [0, 2^s - 1] when used (ES 3.0 §4.1.4),
 * not masked: every stencil format here has 8 bits. */
static uint32_t stencil_ref(GLint ref)
{
	return ref < 0 ? 0 : ref > 0xff ? 0xff : (uint32_t)ref;
}

/*
 * The viewports and scissors a draw's pipeline uses (`n`: every slot the
 * device has for a program with a geometry stage, vgl_pipeline.c, else
 * slot 0), in one call each. A program with a geometry stage marks them
 * dirty when it is bound (prepare): slots past 0 are sent for it only.
 */
static void emit_viewports(struct vgl_context *ctx, const struct vgl_fb *fb, VkCommandBuffer cmd,
			   uint32_t n)
{
	const struct vgl_state *st = &ctx->st;
	VkViewport v[VGL_MAX_VIEWPORTS];

	for (uint32_t i = 0; i < n; i++)
		v[i] = (VkViewport){ st->viewport[i][0], vgl_fb_row(fb, st->viewport[i][1]),
				     st->viewport[i][2], vgl_fb_rows(fb, st->viewport[i][3]),
				     st->depth_range[i][0], st->depth_range[i][1] };
	vvk_CmdSetViewport(cmd, 0, n, v);
}

static void emit_scissors(struct vgl_context *ctx, const struct vgl_fb *fb, VkCommandBuffer cmd,
			  uint32_t n)
{
	VkRect2D r[VGL_MAX_VIEWPORTS];

	for (uint32_t i = 0; i < n; i++)
		r[i] = vgl_fb_rect(fb, scissor_rect(ctx, fb, i));
	vvk_CmdSetScissor(cmd, 0, n, r);
}

static void emit_dynamic(struct vgl_context *ctx, const struct vgl_linked *l,
			 const struct vgl_fb *fb, VkCommandBuffer cmd)
{
	const struct vgl_state *st = &ctx->st;
	uint32_t slots = l->gs ? vgl_viewport_device_count(ctx->dev) : 1;

	if (ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_VIEWPORT))
		emit_viewports(ctx, fb, cmd, slots);
	if (ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR))
		emit_scissors(ctx, fb, cmd, slots);
	if (ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_BLEND_COLOR))
		vvk_CmdSetBlendConstants(cmd, st->blend_color);
	if (ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_STENCIL_REF)) {
		vvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_BIT, stencil_ref(st->stencil[0].ref));
		vvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_BACK_BIT, stencil_ref(st->stencil[1].ref));
	}
	ctx->dirty &= ~DYNAMIC_STATE;
}

/* ---- the draw -------------------------------------------------------------------------------------- */

#define DRAW_STATE (DIRTY(PIPELINE) | DIRTY(VERTEX) | DIRTY(DESCRIPTORS))
/* any part of the pipeline key */
#define KEY_STATE (DIRTY(PIPELINE) | DIRTY(PIPELINE_DS) | DIRTY(PIPELINE_BLEND))

/* The last vertex and instance of the arrays a draw reads, as far as known
 * without its indices (-1: only the indices or the GPU know). */
static void draw_reach(const struct vgl_draw *d, int64_t *vertex, int64_t *instance)
{
	*vertex = d->indexed || d->indirect ? -1 : (int64_t)d->first + d->count - 1;
	*instance = d->indirect ? -1 : (int64_t)d->instances - 1;
}

/*
 * Vertex input, when it changed, is streamed or is read further than it was
 * checked to reach: arrays are bound only where the draw's vertices and
 * instances lie inside their buffers (vgl_draw_vertex), which holds for any
 * draw reaching less far, so a draw reaching further checks again. A new
 * layout is a new key.
 */
static bool bind_vertex(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_draw *d,
			VkCommandBuffer cmd)
{
	struct vgl_drawn *dn = &ctx->drawn;
	struct vgl_vertex_layout v;
	int64_t vertex, instance;

	draw_reach(d, &vertex, &instance);
	if (!(ctx->dirty & DIRTY(VERTEX)) && !dn->streamed && vertex <= dn->vertex_hi &&
	    instance <= dn->instance_hi)
		return true;
	memset(&v, 0, sizeof(v));
	if (!vgl_draw_vertex(ctx, l, d, cmd, &v, &dn->streamed))
		return false;
	dn->vertex_hi = vertex;
	dn->instance_hi = instance;
	if (memcmp(&v, &dn->key.vertex, sizeof(v)) != 0) {
		dn->key.vertex = v;
		ctx->dirty |= DIRTY(PIPELINE);
	}
	ctx->dirty &= ~DIRTY(VERTEX);
	return true;
}

/* A state call said which part of the key alone changed (glEnable(GL_DEPTH_TEST),
 * glBlendFunc...): the rest of it stands. */
static void build_key_parts(struct vgl_context *ctx, struct vgl_pkey *key)
{
	if (ctx->dirty & DIRTY(PIPELINE_DS))
		vgl_pkey_depth_stencil(ctx, key);
	if (ctx->dirty & DIRTY(PIPELINE_BLEND))
		vgl_pkey_blend(ctx, key);
}

/* The key of the current state, in place: the bound vertex layout stays,
 * and so do the targets unless `retarget` (they are the framebuffer's
 * whenever targets_changed said no); the rest is zeroed and rebuilt
 * (PIPELINE stays dirty until a pipeline is found, so a failed draw
 * rebuilds it again). */
static void build_key(struct vgl_context *ctx, const struct vgl_fb *fb, const struct vgl_draw *d,
		      bool retarget)
{
	struct vgl_pkey *key = &ctx->drawn.key;
	size_t state = offsetof(struct vgl_pkey, cull), vertex = offsetof(struct vgl_pkey, vertex);

	key->topology = d->topology;
	if (!retarget && !(ctx->dirty & DIRTY(PIPELINE))) {
		build_key_parts(ctx, key);
		return;
	}
	ctx->drawn.key_gen++;
	if (retarget) {
		vgl_pkey_targets(key, fb);
		ctx->drawn.targets_seen = fb->kept;
	}
	memset((uint8_t *)key + state, 0, vertex - state);
	vgl_pkey_from_state(ctx, key);
	if (fb->y_down) {
		/* rows run against GL's y: so does the winding */
		key->flags |= VGL_PKEY_Y_DOWN;
		key->front = key->front == VK_FRONT_FACE_CLOCKWISE ? VK_FRONT_FACE_COUNTER_CLOCKWISE
								   : VK_FRONT_FACE_CLOCKWISE;
	}
}

/* The key's pipeline when it is one of the program's last two; the older
 * is tried first: a new key right after a draw is rarely the one it used. */
static bool recent_pipeline(struct vgl_context *ctx)
{
	struct vgl_drawn *dn = &ctx->drawn;

	for (uint32_t i = 0; i < dn->nr_recent; i++) {
		uint32_t k = dn->nr_recent == 2 ? (dn->newest + 1 + i) % 2 : 0;
		bool same = dn->recent[k].gen == dn->key_gen
			    ? vgl_pkey_equal_ds_blend(&dn->recent[k].key, &dn->key)
			    : vgl_pkey_equal(&dn->recent[k].key, &dn->key);

		if (!same)
			continue;
		dn->recent[k].gen = dn->key_gen; /* equal to `key` now: of its generation */
		dn->pipeline = dn->recent[k].pipeline;
		dn->newest = k;
		ctx->dirty &= ~KEY_STATE;
		return true;
	}
	return false;
}

/* The pipeline of the built key from the program's cache (its lock held). */
static bool choose_pipeline(struct vgl_context *ctx, struct vgl_linked *l)
{
	struct vgl_drawn *dn = &ctx->drawn;
	VkPipeline p = vgl_pipeline_get(ctx, l, &dn->key);

	if (p == VK_NULL_HANDLE) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return false;
	}
	dn->pipeline = p;
	dn->newest = dn->nr_recent ? 1 - dn->newest : 0;
	dn->recent[dn->newest].key = dn->key;
	dn->recent[dn->newest].pipeline = p;
	dn->recent[dn->newest].gen = dn->key_gen;
	dn->nr_recent += dn->nr_recent < 2;
	ctx->dirty &= ~KEY_STATE;
	return true;
}

/* Whether the key's parts that come with the draw, not with GL state, differ. */
static bool new_targets(const struct vgl_pkey *k, const struct vgl_fb *fb)
{
	struct vgl_pkey t;

	vgl_pkey_targets(&t, fb);
	return k->nr_colors != t.nr_colors ||
	       memcmp(k->color_formats, t.color_formats, sizeof(t.color_formats)) != 0 ||
	       k->ds_format != t.ds_format || k->ds_aspects != t.ds_aspects ||
	       k->samples != t.samples || k->keep_alpha != t.keep_alpha ||
	       !(k->flags & VGL_PKEY_Y_DOWN) != !fb->y_down;
}

/* Whether the pipeline's key must be built again for the draw's targets and
 * topology: a kept framebuffer description the last draw compared is known. */
static bool targets_changed(struct vgl_drawn *dn, const struct vgl_fb *fb,
			    const struct vgl_draw *d)
{
	if (dn->key.topology != d->topology)
		return true;
	if (fb->kept && fb->kept == dn->targets_seen)
		return false;
	dn->targets_seen = fb->kept;
	return new_targets(&dn->key, fb);
}

/* Uniforms, pipeline and descriptor set, under the program's lock when any needs it. */
static bool bind_program(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
			 const struct vgl_draw *d, VkCommandBuffer cmd)
{
	bool ok = true, retarget = targets_changed(&ctx->drawn, fb, d);

	if (retarget)
		ctx->dirty |= DIRTY(PIPELINE);
	if (ctx->dirty & KEY_STATE) {
		build_key(ctx, fb, d, retarget);
		recent_pipeline(ctx);
	}
	if (!(ctx->dirty & (KEY_STATE | DIRTY(DESCRIPTORS) | DIRTY(UBO_OFFSETS))) &&
	    !vgl_linked_uniforms_pending(ctx, l))
		return true;
	pthread_mutex_lock(&l->lock);
	vgl_linked_upload_uniforms(ctx, l);
	if (ctx->dirty & KEY_STATE)
		ok = choose_pipeline(ctx, l);
	if (ok && (ctx->dirty & DIRTY(DESCRIPTORS)))
		ok = vgl_draw_descriptors(ctx, l, cmd);
	else if (ok && (ctx->dirty & DIRTY(UBO_OFFSETS)))
		ok = vgl_draw_ubo_offsets(ctx, l, cmd);
	if (ok)
		ctx->dirty &= ~(DIRTY(DESCRIPTORS) | DIRTY(UBO_OFFSETS));
	pthread_mutex_unlock(&l->lock);
	return ok;
}

/* The chosen pipeline, unless it is the one bound. */
static void bind_pipeline(struct vgl_context *ctx, VkCommandBuffer cmd)
{
	if (ctx->drawn.pipeline != ctx->bound_pipeline)
		vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ctx->drawn.pipeline);
	ctx->bound_pipeline = ctx->drawn.pipeline;
}

/* Everything a draw binds: only what changed since the last draw. */
static uint32_t prepare(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
			const struct vgl_draw *d, VkCommandBuffer cmd)
{
	struct vgl_drawn *dn = &ctx->drawn;

	if (dn->linked != l || dn->linked_id != l->id) {
		ctx->dirty |= DRAW_STATE;
		/* its pipeline uses every viewport slot: send them all (emit_dynamic) */
		if (l->gs)
			ctx->dirty |= DIRTY(VIEWPORT) | DIRTY(SCISSOR);
		dn->linked = l;
		dn->linked_id = l->id;
		dn->nr_recent = 0; /* the recent pipelines are the old program's */
	}
	if (!bind_vertex(ctx, l, d, cmd) || !bind_program(ctx, l, fb, d, cmd))
		return 0;
	/* the stages' image and buffer stores, for glMemoryBarrier (vgl_compute.c) */
	ctx->shader_stores = ctx->shader_stores || l->nr_images || l->nr_ssbos;
	bind_pipeline(ctx, cmd);
	return vgl_draw_indices(ctx, d, cmd);
}

/* ES 3.0 §2.9.3: drawing from a mapped buffer is an INVALID_OPERATION. */
static bool reads_mapped_buffer(const struct vgl_context *ctx, const struct vgl_linked *l,
				const struct vgl_draw *d)
{
	const struct vgl_vao *vao = ctx->vao;

	if (!__atomic_load_n(&ctx->share->mapped_buffers, __ATOMIC_RELAXED))
		return false;
	if (d->indexed && vao->elements && vao->elements->mapped)
		return true;
	for (uint32_t m = l->vs_inputs; m; m &= m - 1) {
		struct vgl_array a;

		vgl_vao_array(vao, (uint32_t)__builtin_ctz(m), &a);
		if (a.f->enabled && a.buffer && a.buffer->mapped)
			return true;
	}
	return false;
}

/* The host reads the draw's parameters from the indirect buffer. */
static void draw_indirect(struct vgl_context *ctx, const struct vgl_draw *d, VkCommandBuffer cmd)
{
	struct vgl_storage *s = d->indirect->storage;

	vgl_batch_use(ctx, &s->obj);
	ctx->stats.indirect_draws++;
	if (d->indexed)
		vvk_CmdDrawIndexedIndirect(cmd, s->buf, (VkDeviceSize)d->indirect_offset, 1,
					   sizeof(struct vgl_elements_indirect));
	else
		vvk_CmdDrawIndirect(cmd, s->buf, (VkDeviceSize)d->indirect_offset, 1,
				    sizeof(struct vgl_arrays_indirect));
}

/*
 * The link a draw runs: the current program's, else the bound pipeline's
 * (ES 3.1). false with INVALID_OPERATION for a program without both
 * stages (a compute program, a separable program of one stage) and an
 * invalid pipeline; true with NULL when there is neither.
 */
static bool draw_linked(struct vgl_context *ctx, struct vgl_linked **out)
{
	struct vgl_linked *l = ctx->program ? ctx->program->linked : NULL;

	*out = NULL;
	if (!ctx->program && ctx->pipeline) {
		*out = vgl_ppo_draw_linked(ctx);
		return *out != NULL;
	}
	if (l && (l->compute || (l->separable && l->sep_stand_ins))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	*out = l;
	return true;
}

static void record(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
		   const struct vgl_draw *d);

/* Counters bound at a range the host cannot bind (vgl_atomic_counter.c):
 * copied in before the draw and back after it, outside rendering. Rare (a
 * 4-byte aligned offset GL allows), and each one breaks the render pass. */
static void draw_staged(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
			const struct vgl_draw *d)
{
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	if (!vgl_atomic_counter_stage_in(ctx, l, cmd)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	record(ctx, l, fb, d);
	cmd = vgl_batch_cmd(ctx);
	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	vgl_atomic_counter_stage_out(ctx, l, cmd);
}

static void draw(struct vgl_context *ctx, const struct vgl_draw *d)
{
	const struct vgl_fb *fb;
	struct vgl_linked *l;
	struct vgl_fb scratch;

	/* no transform feedback object yet: nothing to check, the common case */
	if (ctx->xfb && !vgl_xfb_draw_ok(ctx, d->mode, d->indexed, d->count, d->instances))
		return;
	if (!(fb = vgl_framebuffer_for_draw(ctx, &scratch))) {
		vgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
		return;
	}
	if (!draw_linked(ctx, &l))
		return;
	if (l && !vgl_linked_takes_mode(l, d->mode)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (l && !vgl_blend_advanced_draw_ok(ctx, fb, l->blend_support))
		return;
	if (!l || d->count == 0 || d->instances == 0)
		return; /* no program: undefined results, no error in ES */
	if (reads_mapped_buffer(ctx, l, d)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	/* indices past the element buffer's end (or none) draw nothing: the host
	 * never reads outside a buffer (ES 3.0: undefined results, no error) */
	if (d->indexed && !vgl_draw_indices_present(ctx, d))
		return;
	if (l->nr_atomic_buffers && vgl_atomic_counter_misaligned(ctx, l))
		draw_staged(ctx, l, fb, d);
	else
		record(ctx, l, fb, d);
}

/* The draw's commands in the framebuffer's rendering. */
static void record(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
		   const struct vgl_draw *d)
{
	VkCommandBuffer cmd = vgl_batch_render(ctx, fb);
	uint32_t n;

	if (!cmd)
		return;
	vgl_batch_use(ctx, &l->obj);
	n = prepare(ctx, l, fb, d, cmd);
	if (!n)
		return;
	if (ctx->dirty & DYNAMIC_STATE)
		emit_dynamic(ctx, l, fb, cmd);
	vgl_xfb_before_draw(ctx, cmd);
	if (d->indirect)
		draw_indirect(ctx, d, cmd);
	else if (d->indexed || d->line_loop)
		vvk_CmdDrawIndexed(cmd, n, (uint32_t)d->instances, 0, d->base_vertex, 0);
	else
		vvk_CmdDraw(cmd, n, (uint32_t)d->instances, (uint32_t)d->first, 0);
	vgl_fb_mark_written(fb);
	ctx->stats.draws++;
	ctx->drawn.mode = d->mode;
	vgl_batch_after_draw(ctx);
}

/*
 * glDrawArrays* that finds everything as the last recorded draw left it
 * (issue #15: most draws of a frame, drawoverhead's `none` row): the same
 * mode and program link, no state dirty since, a kept framebuffer
 * description that is being rendered to with the targets of the bound
 * pipeline, nothing streamed, mapped, captured or staged, no uniform
 * pending. These are the conditions under which draw() and record() find
 * nothing to check or bind, so only DRAW_VBO is recorded; anything else
 * takes that path. What passed for the last draw passes again: the mode's
 * and the program's checks, advanced blending; their inputs are the program,
 * the framebuffer description and state that marks ctx->dirty.
 */
static bool same_as_last(struct vgl_context *ctx, const struct vgl_fb *fb)
{
	const struct vgl_drawn *dn = &ctx->drawn;
	const struct vgl_batch *b = &ctx->batch;
	struct vgl_linked *l = ctx->program ? ctx->program->linked : NULL;

	if (!l || l != dn->linked || l->id != dn->linked_id || dn->streamed ||
	    l->nr_atomic_buffers || dn->pipeline != ctx->bound_pipeline)
		return false;
	if (!fb->kept || fb->kept != dn->targets_seen || fb->kept != b->rt_kept || !b->rendering)
		return false;
	return vgl_batch_uses(ctx, &l->obj) &&
	       !__atomic_load_n(&ctx->share->mapped_buffers, __ATOMIC_RELAXED);
}

/* The state such a draw may still bring: dynamic state, the key's depth/stencil
 * or blending part alone (again_state), UBO ranges moved in their buffers and
 * push constants to send again (again_program; UNIFORMS stays set for a program
 * without them, which it does not concern). */
#define AGAIN_STATE (DYNAMIC_STATE | DIRTY(PIPELINE_DS) | DIRTY(PIPELINE_BLEND) | DIRTY(UBO_OFFSETS) | \
		     DIRTY(UNIFORMS))

/*
 * Dynamic state, and a key whose depth/stencil or blending part alone changed
 * to one of the program's two recent pipelines: what record() would send for
 * it, without its checks, which find what the last draw found (a frame
 * switching between two states, drawoverhead's fragment-state rows). false:
 * the whole path builds and finds the pipeline.
 */
static bool again_state(struct vgl_context *ctx, const struct vgl_fb *fb)
{
	struct vgl_drawn *dn = &ctx->drawn;
	VkCommandBuffer cmd = ctx->batch.cmd;

	if (!ctx->dirty)
		return true;
	if (ctx->dirty & KEY_STATE) {
		build_key_parts(ctx, &dn->key);
		if (!recent_pipeline(ctx))
			return false;
		bind_pipeline(ctx, cmd);
	}
	if (ctx->dirty & DYNAMIC_STATE)
		emit_dynamic(ctx, dn->linked, fb, cmd);
	return true;
}

/* Uniforms set since the last draw, when they are push constants: what
 * bind_program() records for them (a default block in a buffer is
 * streamed, which may end the rendering: the whole path). */
static bool again_uniforms(struct vgl_context *ctx, struct vgl_linked *l, bool *pending)
{
	*pending = vgl_linked_uniforms_pending(ctx, l);
	return !*pending || l->push;
}

/* Those uniforms and UBO ranges moved in their buffers: what bind_program()
 * records for them, under the program's lock. false: a range does not fit
 * its block, and nothing is drawn, as there. */
static bool again_program(struct vgl_context *ctx, struct vgl_linked *l, bool pending)
{
	bool ok = true;

	pthread_mutex_lock(&l->lock);
	if (pending)
		vgl_linked_upload_uniforms(ctx, l);
	if (ctx->dirty & DIRTY(UBO_OFFSETS)) {
		ok = vgl_draw_ubo_offsets(ctx, l, ctx->batch.cmd);
		if (ok)
			ctx->dirty &= ~DIRTY(UBO_OFFSETS);
	}
	pthread_mutex_unlock(&l->lock);
	return ok;
}

static bool arrays_again(struct vgl_context *ctx, GLenum mode, GLint first, GLsizei count,
			 GLsizei instances)
{
	struct vgl_linked *l = ctx->drawn.linked;
	const struct vgl_fb *fb;
	bool pending;

	if (mode != ctx->drawn.mode || mode == GL_LINE_LOOP || (ctx->dirty & ~AGAIN_STATE) ||
	    ctx->xfb || (first | count | instances) < 0 ||
	    (int64_t)first + count - 1 > ctx->drawn.vertex_hi ||
	    (int64_t)instances - 1 > ctx->drawn.instance_hi ||
	    !(fb = vgl_framebuffer_kept_for_draw(ctx)) || !same_as_last(ctx, fb) ||
	    !again_uniforms(ctx, l, &pending))
		return false;
	/* the one check of draw() whose input such state changes: its error, no draw */
	if ((ctx->dirty & DIRTY(PIPELINE_BLEND)) &&
	    !vgl_blend_advanced_draw_ok(ctx, fb, l->blend_support))
		return true;
	if (!count || !instances)
		return true;
	if (!again_state(ctx, fb))
		return false;
	if ((pending || (ctx->dirty & DIRTY(UBO_OFFSETS))) && !again_program(ctx, l, pending))
		return true;
	vvk_CmdDraw(ctx->batch.cmd, (uint32_t)count, (uint32_t)instances, (uint32_t)first, 0);
	vgl_fb_mark_written(fb);
	ctx->stats.draws++;
	ctx->stats.draws_again++;
	vgl_batch_after_draw(ctx);
	return true;
}

/*
 * ES 3.0's fixed-index primitive restart (2.8.1): an index of the type's
 * largest value ends the primitive and starts a new one. virgl's restart flag
 * is not used: virglrenderer 0.10.4 serves it on GL hosts that have
 * GL_NV_primitive_restart with glEnableClientState, an error in a core
 * context (NVIDIA's renderer reports GL_INVALID_OPERATION and drops the
 * client). The draw is split at the restart indices instead: one draw per
 * run of indices between them, exactly the primitives restart makes.
 */
static uint32_t restart_index(GLenum type)
{
	return type == GL_UNSIGNED_BYTE ? 0xffu : type == GL_UNSIGNED_SHORT ? 0xffffu : 0xffffffffu;
}

static void draw_run(struct vgl_context *ctx, const struct vgl_draw *d, GLsizei from, GLsizei to)
{
	struct vgl_draw run = *d;
	uint32_t size = d->index_type == GL_UNSIGNED_BYTE ? 1 : d->index_type == GL_UNSIGNED_SHORT ? 2 : 4;

	if (to == from)
		return;
	/* with an element buffer bound, indices is an offset, often from NULL:
	 * pointer arithmetic on it would be undefined, integer arithmetic is not */
	run.indices = (const void *)((uintptr_t)d->indices + (size_t)from * size);
	run.count = to - from;
	draw(ctx, &run);
}

static void draw_restarted(struct vgl_context *ctx, const struct vgl_draw *d)
{
	const uint8_t *p = vgl_draw_cpu_indices(ctx, d);
	uint32_t restart = restart_index(d->index_type);
	GLsizei from = 0;

	if (!p) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	for (GLsizei i = 0; i < d->count; i++) {
		if (vgl_draw_index_at(p, d->index_type, (uint32_t)i) == restart) {
			draw_run(ctx, d, from, i);
			from = i + 1;
		}
	}
	draw_run(ctx, d, from, d->count);
}

static void draw_indexed(struct vgl_context *ctx, const struct vgl_draw *d)
{
	if (ctx->st.primitive_restart_fixed && d->count > 0 && vgl_draw_indices_present(ctx, d))
		draw_restarted(ctx, d);
	else
		draw(ctx, d);
}

void vgl_draw_checked(struct vgl_context *ctx, const struct vgl_draw *d)
{
	if (d->indexed && !d->indirect)
		draw_indexed(ctx, d);
	else
		draw(ctx, d);
}

/* ---- entry points ------------------------------------------------------------------------------------ */

static void draw_arrays_checked(struct vgl_context *ctx, GLenum mode, GLint first,
				GLsizei count, GLsizei instances)
{
	struct vgl_draw d = { .mode = mode, .first = first, .count = count,
			      .instances = instances };

	if (!topology(ctx, mode, &d.topology, &d.line_loop)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (first < 0 || count < 0 || instances < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	draw(ctx, &d);
}

static void draw_arrays(GLenum mode, GLint first, GLsizei count, GLsizei instances)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && !arrays_again(ctx, mode, first, count, instances))
		draw_arrays_checked(ctx, mode, first, count, instances);
}

static void draw_elements(GLenum mode, GLsizei count, GLenum type, const void *indices,
			  GLsizei instances, GLint base_vertex)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_draw d = { .mode = mode, .count = count, .instances = instances, .indexed = true,
			      .index_type = type, .indices = indices, .base_vertex = base_vertex };

	if (!ctx)
		return;
	if (!topology(ctx, mode, &d.topology, &d.line_loop) ||
	    (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (count < 0 || instances < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	draw_indexed(ctx, &d);
}

static void GL_APIENTRY vgl_DrawArrays(GLenum mode, GLint first, GLsizei count)
{
	draw_arrays(mode, first, count, 1);
}

static void GL_APIENTRY vgl_DrawArraysInstanced(GLenum mode, GLint first, GLsizei count,
						GLsizei instances)
{
	draw_arrays(mode, first, count, instances);
}

static void GL_APIENTRY vgl_DrawElements(GLenum mode, GLsizei count, GLenum type,
					 const void *indices)
{
	draw_elements(mode, count, type, indices, 1, 0);
}

static void GL_APIENTRY vgl_DrawElementsInstanced(GLenum mode, GLsizei count, GLenum type,
						  const void *indices, GLsizei instances)
{
	draw_elements(mode, count, type, indices, instances, 0);
}

static void GL_APIENTRY vgl_DrawRangeElements(GLenum mode, GLuint start, GLuint end,
					      GLsizei count, GLenum type, const void *indices)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && end < start) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	draw_elements(mode, count, type, indices, 1, 0);
}

/* ---- extensions: OES_draw_elements_base_vertex, EXT_multi_draw_arrays ------------------------------- */

static void GL_APIENTRY vgl_DrawElementsBaseVertexOES(GLenum mode, GLsizei count, GLenum type,
						      const void *indices, GLint base_vertex)
{
	draw_elements(mode, count, type, indices, 1, base_vertex);
}

static void GL_APIENTRY vgl_DrawElementsInstancedBaseVertexOES(GLenum mode, GLsizei count,
							       GLenum type, const void *indices,
							       GLsizei instances, GLint base_vertex)
{
	draw_elements(mode, count, type, indices, instances, base_vertex);
}

static void GL_APIENTRY vgl_DrawRangeElementsBaseVertexOES(GLenum mode, GLuint start, GLuint end,
							   GLsizei count, GLenum type,
							   const void *indices, GLint base_vertex)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && end < start) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	draw_elements(mode, count, type, indices, 1, base_vertex);
}

/* The multi-draws are their draws in order (EXT_multi_draw_arrays); a
 * negative draw count is the one error of their own, and arrays that are
 * not there (NULL, n > 0) are INVALID_VALUE as a NULL glShaderSource
 * string is (Mesa's would crash). */
static bool multi_count_ok(GLsizei n, const void *a, const void *b, const void *c)
{
	struct vgl_context *ctx = vgl_current_context();
	bool ok = n >= 0 && !vgl_array_absent(n, a) && !vgl_array_absent(n, b) &&
		  !vgl_array_absent(n, c);

	if (ctx && !ok)
		vgl_error(ctx, GL_INVALID_VALUE);
	return ctx && ok;
}

static void GL_APIENTRY vgl_MultiDrawArraysEXT(GLenum mode, const GLint *first,
					       const GLsizei *count, GLsizei n)
{
	if (!multi_count_ok(n, first, count, count))
		return;
	for (GLsizei i = 0; i < n; i++)
		draw_arrays(mode, first[i], count[i], 1);
}

static void GL_APIENTRY vgl_MultiDrawElementsEXT(GLenum mode, const GLsizei *count, GLenum type,
						 const void *const *indices, GLsizei n)
{
	if (!multi_count_ok(n, count, indices, indices))
		return;
	for (GLsizei i = 0; i < n; i++)
		draw_elements(mode, count[i], type, indices[i], 1, 0);
}

static void GL_APIENTRY vgl_MultiDrawElementsBaseVertexEXT(GLenum mode, const GLsizei *count,
							   GLenum type,
							   const void *const *indices, GLsizei n,
							   const GLint *base_vertex)
{
	if (!multi_count_ok(n, count, indices, base_vertex))
		return;
	for (GLsizei i = 0; i < n; i++)
		draw_elements(mode, count[i], type, indices[i], 1, base_vertex[i]);
}

const struct vgl_proc vgl_draw_procs[] = {
	VGL_PROC(DrawArrays), VGL_PROC(DrawArraysInstanced), VGL_PROC(DrawElements),
	VGL_PROC(DrawElementsInstanced), VGL_PROC(DrawRangeElements),
	/* GL_EXT_draw_instanced: ES 3.0's functions */
	{ "glDrawArraysInstancedEXT", (void *)vgl_DrawArraysInstanced },
	{ "glDrawElementsInstancedEXT", (void *)vgl_DrawElementsInstanced },
	VGL_PROC(DrawElementsBaseVertexOES), VGL_PROC(DrawElementsInstancedBaseVertexOES),
	VGL_PROC(DrawRangeElementsBaseVertexOES), VGL_PROC(MultiDrawArraysEXT),
	VGL_PROC(MultiDrawElementsEXT), VGL_PROC(MultiDrawElementsBaseVertexEXT),
	/* GL_EXT_draw_elements_base_vertex: the OES functions */
	{ "glDrawElementsBaseVertexEXT", (void *)vgl_DrawElementsBaseVertexOES },
	{ "glDrawElementsInstancedBaseVertexEXT", (void *)vgl_DrawElementsInstancedBaseVertexOES },
	{ "glDrawRangeElementsBaseVertexEXT", (void *)vgl_DrawRangeElementsBaseVertexOES },
	{ NULL, NULL },
};
