/* SPDX-License-Identifier: MIT */
/*
 * Bound descriptor sets -> per-stage slot tables -> only the slots that
 * differ from what this command buffer already gave the host, per stage and
 * kind. Dynamic offsets are added to the SET_UNIFORM_BUFFER /
 * SET_SHADER_BUFFERS offsets: shaders never see them.
 */
#include "vdrm_cmds.h"
#include "vvk_buffer.h"
#include "vvk_buffer_view.h"
#include "vvk_cmd_buffer.h"
#include "vvk_descriptor_set.h"
#include "vvk_device.h"
#include "vvk_image_view.h"
#include "vvk_pipeline.h"
#include "vvk_sampler.h"

struct fill_ctx {
	struct vvk_cmd_buffer *cmd;
	struct vvk_stage_bindings *want; /* per stage */
	const struct vvk_bound_sets *bound;
	enum vvk_bind_point bp;
};

static bool stage_in_bind_point(enum vvk_stage s, enum vvk_bind_point bp)
{
	return (s == VVK_STAGE_CS) == (bp == VVK_BIND_COMPUTE);
}

static bool has_storage(const struct vvk_buffer *b)
{
	return b && b->mem && b->mem->res;
}

static struct vvk_buffer_binding binding_at(const struct vvk_descriptor *d, uint32_t dyn)
{
	const struct vvk_buffer *b = d->buffer;

	if (!has_storage(b))
		return (struct vvk_buffer_binding){ 0 };
	return (struct vvk_buffer_binding){ b->mem->res->res_handle,
					    vvk_buffer_res_offset(b, d->offset) + dyn,
					    (uint32_t)d->range };
}

static struct vvk_buffer_binding buffer_binding(struct vvk_cmd_buffer *cmd,
						const struct vvk_descriptor *d, uint32_t dyn,
						bool write)
{
	if (has_storage(d->buffer))
		vvk_cmd_use_memory(cmd, d->buffer->mem, write);
	return binding_at(d, dyn);
}

/* A storage texel buffer: SET_SHADER_IMAGES' buffer layout, bytes not layers. */
static struct vvk_image_binding texel_buffer_binding(struct vvk_cmd_buffer *cmd,
						     const struct vvk_buffer_view *v)
{
	vvk_cmd_use_memory(cmd, v->buffer->mem, true);
	return (struct vvk_image_binding){
		.res = v->buffer->mem->res->res_handle, .format = v->virgl_format, .access = 3,
		.layers = v->offset, .level = v->size };
}

/* first | last << 16: a 3D view binds all slices of its level (the host
 * binds it layered), a slice view or a layer range those layers. */
static uint32_t image_layers(const struct vvk_image_view *v)
{
	if (v->type == VK_IMAGE_VIEW_TYPE_3D)
		return (v->extent.depth - 1) << 16;
	return v->base_layer | (v->base_layer + v->layers - 1) << 16;
}

static struct vvk_image_binding image_binding(struct vvk_cmd_buffer *cmd,
					      const struct vvk_descriptor *d)
{
	const struct vvk_image_view *v = d->view;

	if (d->buffer_view)
		return texel_buffer_binding(cmd, d->buffer_view);
	if (!v)
		return (struct vvk_image_binding){ 0 };
	vvk_cmd_use_image(cmd, v->image, true);
	return (struct vvk_image_binding){
		.res = v->image->res->res_handle, .format = v->virgl_format, .access = 3,
		.layers = image_layers(v), .level = v->base_level };
}

/* A sampled image and its sampler, or a uniform texel buffer (no sampler state). */
static void fill_sampler(struct vvk_cmd_buffer *cmd, struct vvk_stage_bindings *w, uint32_t slot,
			 const struct vvk_descriptor *d)
{
	const struct vvk_buffer_view *bv = d->buffer_view;

	if (bv) {
		w->views[slot] = bv->sampler_view;
		w->samplers[slot] = 0;
		vvk_cmd_use_memory(cmd, bv->buffer->mem, false);
		return;
	}
	w->views[slot] = d->view ? d->view->sampler_view : 0;
	w->samplers[slot] = d->sampler ? d->sampler->handle : 0;
	if (d->view)
		vvk_cmd_use_image(cmd, d->view->image, false);
}

static void fill_one(struct fill_ctx *c, struct vvk_stage_bindings *w, enum vvk_slot_kind kind,
		     uint32_t slot, const struct vvk_descriptor *d, uint32_t dyn)
{
	w->nr[kind] = VVK_MAX(w->nr[kind], slot + 1);
	switch (kind) {
	case VVK_SLOT_UBO:
		w->ubo[slot] = buffer_binding(c->cmd, d, dyn, false);
		break;
	case VVK_SLOT_SSBO:
		w->ssbo[slot] = buffer_binding(c->cmd, d, dyn, true);
		break;
	case VVK_SLOT_IMAGE:
		w->images[slot] = image_binding(c->cmd, d);
		break;
	default:
		fill_sampler(c->cmd, w, slot, d);
		break;
	}
}

static uint32_t slot_limit(enum vvk_slot_kind k)
{
	static const uint32_t limit[VVK_SLOT_KIND_COUNT] = {
		VVK_MAX_UBO_SLOTS, VVK_MAX_SAMPLER_SLOTS, VVK_MAX_SSBO_SLOTS, VVK_MAX_IMAGE_SLOTS,
	};

	return limit[k];
}

static void fill_binding(struct fill_ctx *c, const struct vvk_pipeline_layout *l, uint32_t s,
			 const struct vvk_descriptor_set *set, const struct vvk_dsl_binding *b)
{
	bool dynamic = vvk_descriptor_type_is_dynamic(b->type);

	if (b->type == VK_DESCRIPTOR_TYPE_SAMPLER)
		return; /* no slot of its own: fill_pairs() places it */
	for (int st = 0; st < VVK_STAGE_COUNT; st++) {
		if (!stage_in_bind_point(st, c->bp) || !(b->stages & vvk_stage_flag(st)))
			continue;
		for (uint32_t i = 0; i < b->count; i++) {
			uint32_t slot = l->base[s][b->kind] + b->slot + i;
			uint32_t dyn = dynamic ? c->bound->dynamic[s][b->dyn_index + i] : 0;

			if (slot < slot_limit(b->kind))
				fill_one(c, &c->want[st], b->kind, slot, &set->desc[b->desc_index + i],
					 dyn);
			else
				vvk_cmd_set_error(c->cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		}
	}
}

static void fill(struct fill_ctx *c, const struct vvk_pipeline_layout *l)
{
	for (uint32_t s = 0; s < l->nr_sets; s++) {
		const struct vvk_descriptor_set *set = c->bound->sets[s];

		if (!set)
			continue;
		vvk_cmd_use_set(c->cmd, (struct vvk_descriptor_set *)set);
		for (uint32_t b = 0; b < set->layout->nr_bindings; b++)
			fill_binding(c, l, s, set, &set->layout->bindings[b]);
	}
}

/* Separate samplers: each goes into the slot of the image a stage pairs it with. */
static void fill_pairs(struct fill_ctx *c, const struct vvk_pipeline *p)
{
	for (int st = 0; st < VVK_STAGE_COUNT; st++) {
		struct vvk_stage_bindings *w = &c->want[st];

		if (!stage_in_bind_point(st, c->bp))
			continue;
		for (uint32_t i = 0; i < p->nr_pairs[st]; i++) {
			const struct vvk_sampler_pair *sp = &p->pairs[st][i];
			const struct vvk_descriptor_set *set = c->bound->sets[sp->set];
			const struct vvk_sampler *smp;

			if (!set || sp->desc >= set->layout->nr_descriptors)
				continue; /* not bound (or not compatible): nothing to sample with */
			smp = set->desc[sp->desc].sampler;
			w->samplers[sp->slot] = smp ? smp->handle : 0;
			w->nr[VVK_SLOT_SAMPLER] = VVK_MAX(w->nr[VVK_SLOT_SAMPLER], sp->slot + 1);
		}
	}
}

/* ---- emission of what changed -------------------------------------------------- */

static bool changed_range(const void *want, const void *have, size_t elem, uint32_t n,
			  uint32_t *first, uint32_t *last)
{
	bool any = false;

	for (uint32_t i = 0; i < n; i++) {
		if (!memcmp((const char *)want + i * elem, (const char *)have + i * elem, elem))
			continue;
		if (!any)
			*first = i;
		*last = i;
		any = true;
	}
	return any;
}

static void emit_ubos(struct vdrm_cs *cs, uint32_t stage, const struct vvk_stage_bindings *w,
		      struct vvk_stage_bindings *h)
{
	for (uint32_t i = 1; i < w->nr[VVK_SLOT_UBO]; i++) {
		if (!memcmp(&w->ubo[i], &h->ubo[i], sizeof(w->ubo[i])))
			continue;
		vdrm_encode_set_uniform_buffer(cs, &(struct vdrm_cmd_set_uniform_buffer){
			.stage = stage, .index = i, .offset = w->ubo[i].offset,
			.length = w->ubo[i].size, .res = w->ubo[i].res });
		h->ubo[i] = w->ubo[i];
	}
}

static void emit_samplers(struct vdrm_cs *cs, uint32_t stage, const struct vvk_stage_bindings *w,
			  struct vvk_stage_bindings *h)
{
	uint32_t n = w->nr[VVK_SLOT_SAMPLER], first = 0, last = 0;

	if (changed_range(w->views, h->views, sizeof(w->views[0]), n, &first, &last)) {
		vdrm_encode_set_sampler_views(cs, &(struct vdrm_cmd_set_sampler_views){
			.stage = stage, .start_slot = first, .elems = &w->views[first],
			.count = last - first + 1 });
		memcpy(&h->views[first], &w->views[first], (last - first + 1) * sizeof(w->views[0]));
	}
	if (changed_range(w->samplers, h->samplers, sizeof(w->samplers[0]), n, &first, &last)) {
		vdrm_encode_bind_sampler_states(cs, &(struct vdrm_cmd_bind_sampler_states){
			.stage = stage, .start_slot = first, .elems = &w->samplers[first],
			.count = last - first + 1 });
		memcpy(&h->samplers[first], &w->samplers[first],
		       (last - first + 1) * sizeof(w->samplers[0]));
	}
}

/*
 * Shader buffers and images: the slots wanted, and past them empty ones up
 * to the last slot the host may still hold (h->nr). virglrenderer keeps a
 * bare pointer to each bound buffer and image (no reference) and binds every
 * one it holds at each dispatch or draw, used or not: a slot left bound
 * after its resource was destroyed binds a freed resource (a GL error that
 * drops the context: dEQP-GLES31's ssbo.layout cases in one process).
 */
static uint32_t wanted_span(struct vvk_device *dev, const struct vvk_stage_bindings *w,
			    struct vvk_stage_bindings *h, enum vvk_slot_kind k)
{
	_Atomic uint32_t *high = &dev->slots_high[k == VVK_SLOT_IMAGE];
	uint32_t seen = atomic_load_explicit(high, memory_order_relaxed);
	/* unknown (a fresh or invalidated shadow): whatever any bound */
	uint32_t held = h->nr[k] == VVK_UNKNOWN ? seen : h->nr[k];

	while (w->nr[k] > seen &&
	       !atomic_compare_exchange_weak_explicit(high, &seen, w->nr[k], memory_order_relaxed,
						      memory_order_relaxed))
		;
	h->nr[k] = w->nr[k];
	return VVK_MAX(w->nr[k], held);
}

static void emit_ssbos(struct vvk_cmd_buffer *cmd, uint32_t stage,
		       const struct vvk_stage_bindings *w, struct vvk_stage_bindings *h)
{
	struct vdrm_cs *cs = &cmd->cs;
	struct vdrm_set_shader_buffers_elem e[VVK_MAX_SSBO_SLOTS];
	struct vvk_buffer_binding want[VVK_MAX_SSBO_SLOTS] = { 0 };
	uint32_t first = 0, last = 0, n = wanted_span(cmd->dev, w, h, VVK_SLOT_SSBO);

	memcpy(want, w->ssbo, w->nr[VVK_SLOT_SSBO] * sizeof(want[0]));
	if (!changed_range(want, h->ssbo, sizeof(want[0]), n, &first, &last))
		return;
	for (uint32_t i = first; i <= last; i++)
		e[i - first] = (struct vdrm_set_shader_buffers_elem){
			want[i].offset, want[i].size, want[i].res };
	vdrm_encode_set_shader_buffers(cs, &(struct vdrm_cmd_set_shader_buffers){
		.stage = stage, .start_slot = first, .elems = e, .count = last - first + 1 });
	memcpy(&h->ssbo[first], &want[first], (last - first + 1) * sizeof(want[0]));
}

static void emit_images(struct vvk_cmd_buffer *cmd, uint32_t stage,
			const struct vvk_stage_bindings *w, struct vvk_stage_bindings *h)
{
	struct vdrm_cs *cs = &cmd->cs;
	struct vdrm_set_shader_images_elem e[VVK_MAX_IMAGE_SLOTS];
	struct vvk_image_binding want[VVK_MAX_IMAGE_SLOTS] = { 0 };
	uint32_t first = 0, last = 0, n = wanted_span(cmd->dev, w, h, VVK_SLOT_IMAGE);

	memcpy(want, w->images, w->nr[VVK_SLOT_IMAGE] * sizeof(want[0]));
	if (!changed_range(want, h->images, sizeof(want[0]), n, &first, &last))
		return;
	for (uint32_t i = first; i <= last; i++) {
		const struct vvk_image_binding *b = &want[i];

		e[i - first] = (struct vdrm_set_shader_images_elem){
			b->format, b->access, b->layers, b->level, b->res };
	}
	vdrm_encode_set_shader_images(cs, &(struct vdrm_cmd_set_shader_images){
		.stage = stage, .start_slot = first, .elems = e, .count = last - first + 1 });
	memcpy(&h->images[first], &want[first], (last - first + 1) * sizeof(want[0]));
}

/* The end of the slots fill() and fill_pairs() can write, per kind. */
static void slot_ends(const struct fill_ctx *c, const struct vvk_pipeline *p, uint32_t *end)
{
	const struct vvk_pipeline_layout *l = p->layout;

	for (int k = 0; k < VVK_SLOT_KIND_COUNT; k++)
		end[k] = l->slots[k];
	for (uint32_t s = 0; s < l->nr_sets; s++) {
		const struct vvk_descriptor_set *set = c->bound->sets[s];

		for (int k = 0; set && k < VVK_SLOT_KIND_COUNT; k++)
			end[k] = VVK_MAX(end[k], l->base[s][k] + set->layout->slots[k]);
	}
	for (int st = 0; st < VVK_STAGE_COUNT; st++)
		for (uint32_t i = 0; i < p->nr_pairs[st]; i++)
			end[VVK_SLOT_SAMPLER] = VVK_MAX(end[VVK_SLOT_SAMPLER], p->pairs[st][i].slot + 1);
	for (int k = 0; k < VVK_SLOT_KIND_COUNT; k++)
		end[k] = VVK_MIN(end[k], slot_limit(k));
}

/* Empties the slots of the stages of the bind point that can be written
 * (not all of struct vvk_stage_bindings: it is kilobytes). */
static void clear_want(const struct fill_ctx *c, const struct vvk_pipeline *p)
{
	uint32_t end[VVK_SLOT_KIND_COUNT];

	slot_ends(c, p, end);
	for (int st = 0; st < VVK_STAGE_COUNT; st++) {
		struct vvk_stage_bindings *w = &c->want[st];

		if (!stage_in_bind_point(st, c->bp))
			continue;
		memset(w->nr, 0, sizeof(w->nr));
		memset(w->ubo, 0, end[VVK_SLOT_UBO] * sizeof(w->ubo[0]));
		if (end[VVK_SLOT_SAMPLER]) {
			memset(w->views, 0, end[VVK_SLOT_SAMPLER] * sizeof(w->views[0]));
			memset(w->samplers, 0, end[VVK_SLOT_SAMPLER] * sizeof(w->samplers[0]));
		}
		if (end[VVK_SLOT_SSBO])
			memset(w->ssbo, 0, end[VVK_SLOT_SSBO] * sizeof(w->ssbo[0]));
		if (end[VVK_SLOT_IMAGE])
			memset(w->images, 0, end[VVK_SLOT_IMAGE] * sizeof(w->images[0]));
	}
}

void vvk_cmd_emit_descriptors(struct vvk_cmd_buffer *cmd, enum vvk_bind_point bp)
{
	struct vvk_stage_bindings want[VVK_STAGE_COUNT];
	const struct vvk_pipeline *p = cmd->st.pipeline[bp];
	struct fill_ctx c = { cmd, want, &cmd->st.bound[bp], bp };

	clear_want(&c, p);
	fill(&c, p->layout);
	fill_pairs(&c, p);
	for (int s = 0; s < VVK_STAGE_COUNT; s++) {
		struct vvk_stage_bindings *h = &cmd->st.host.stage[s];

		if (!stage_in_bind_point(s, bp) || !p->shaders[s])
			continue;
		emit_ubos(&cmd->cs, vvk_stage_wire(s), &want[s], h);
		emit_samplers(&cmd->cs, vvk_stage_wire(s), &want[s], h);
		emit_ssbos(cmd, vvk_stage_wire(s), &want[s], h);
		emit_images(cmd, vvk_stage_wire(s), &want[s], h);
	}
}

/* ---- only dynamic offsets changed ------------------------------------------------ */

static void send_ubo(struct vdrm_cs *cs, uint32_t stage, uint32_t slot,
		     const struct vvk_buffer_binding *w, struct vvk_stage_bindings *h)
{
	if (!memcmp(w, &h->ubo[slot], sizeof(*w)))
		return;
	vdrm_encode_set_uniform_buffer(cs, &(struct vdrm_cmd_set_uniform_buffer){
		.stage = stage, .index = slot, .offset = w->offset, .length = w->size,
		.res = w->res });
	h->ubo[slot] = *w;
}

/* One dynamic uniform buffer binding's slots, with the bound offsets. */
static void move_dynamic_ubo(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p,
			     uint32_t base, const struct vvk_descriptor_set *set,
			     const struct vvk_dsl_binding *b, const uint32_t *dyn)
{
	for (uint32_t i = 0; i < b->count && base + b->slot + i < VVK_MAX_UBO_SLOTS; i++) {
		struct vvk_buffer_binding w =
			binding_at(&set->desc[b->desc_index + i], dyn[b->dyn_index + i]);

		for (int st = 0; st < VVK_STAGE_COUNT; st++)
			if (stage_in_bind_point(st, VVK_BIND_GFX) && (b->stages & vvk_stage_flag(st)) &&
			    p->shaders[st])
				send_ubo(&cmd->cs, vvk_stage_wire(st), base + b->slot + i, &w,
					 &cmd->st.host.stage[st]);
	}
}

/*
 * The same sets re-bound with other dynamic offsets (glBindBufferRange
 * moving a range): only the dynamic uniform buffers' slots can differ, so
 * they alone are recomputed and compared with what the host has; the slot
 * tables are not rebuilt and the buffers are already referenced by the
 * emission that bound the sets.
 */
void vvk_cmd_emit_dynamic_offsets(struct vvk_cmd_buffer *cmd)
{
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_GFX];
	const struct vvk_pipeline_layout *l = p->layout;
	const struct vvk_bound_sets *bound = &cmd->st.bound[VVK_BIND_GFX];

	for (uint32_t s = 0; s < l->nr_sets; s++) {
		const struct vvk_descriptor_set *set = bound->sets[s];

		for (uint32_t b = 0; set && b < set->layout->nr_bindings; b++)
			if (set->layout->bindings[b].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC)
				move_dynamic_ubo(cmd, p, l->base[s][VVK_SLOT_UBO], set,
						 &set->layout->bindings[b], bound->dynamic[s]);
	}
}
