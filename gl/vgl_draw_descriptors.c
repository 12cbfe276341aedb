/* SPDX-License-Identifier: MIT */
/*
 * A draw's descriptor set (technique 1) with the binding state resolved now
 * (technique 3: block index -> glUniformBlockBinding point -> buffer range)
 * and the ranges' offsets as dynamic offsets (technique 4). A compute
 * program's buffer blocks resolve the same way through the
 * GL_SHADER_STORAGE_BUFFER points, after its uniform blocks (dynamic
 * offsets go in binding order: blocks, then buffer blocks). Its images read
 * the image units their bindings name (vgl_image_unit.c), as storage images.
 */
#include <string.h>

#include "vgl_atomic_counter.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_draw.h"
#include "vgl_program.h"
#include "vgl_texture.h"

/* uniform blocks, then buffer blocks */
#define MAX_BUFS (VGL_MAX_UBO_BINDINGS + 8 + VGL_MAX_SSBO_BINDINGS)
/* two words per block, per sampler element and per image element */
#define MAX_KEY (2 * (MAX_BUFS + 64 + VGL_MAX_IMAGE_UNITS))

struct binding_state {
	uint64_t key[MAX_KEY];
	uint32_t offsets[MAX_BUFS];
	VkBuffer bufs[MAX_BUFS];
	VkDeviceSize ranges[MAX_BUFS];
	VkDescriptorImageInfo *images;
	VkDescriptorImageInfo storage[VGL_MAX_IMAGE_UNITS];  /* image elements, in order */
	/* buffer textures (vgl_texture_buffer.c): by sampler unit index, and
	 * by image element as storage[] */
	VkBufferView texels[64];
	VkBufferView storage_texels[VGL_MAX_IMAGE_UNITS];
};

/* Whether the range bound at block b's binding point holds the block. */
static bool range_fits(const struct vgl_ubo_binding *ub, const struct vgl_block *b)
{
	GLsizeiptr avail;

	if (!ub->buffer || !ub->buffer->storage)
		return false;
	avail = ub->size ? ub->size : ub->buffer->size - ub->offset;
	return avail >= (GLsizeiptr)b->size && ub->offset + (GLsizeiptr)b->size <= ub->buffer->size;
}

/* The buffer range behind block i; false if none is big enough. */
static bool block_state(struct vgl_context *ctx, const struct vgl_block *b, uint32_t i,
			struct binding_state *bs)
{
	const struct vgl_ubo_binding *ub;
	struct vgl_storage *s;

	/* the link refuses bindings past the points (vgl_linked_binding_refused) */
	if (b->gl_binding >= VGL_MAX_UBO_BINDINGS)
		return false;
	ub = &ctx->ubo[b->gl_binding];
	if (!range_fits(ub, b))
		return false;
	s = ub->buffer->storage;
	vgl_batch_use(ctx, &s->obj);
	bs->bufs[i] = s->buf;
	bs->ranges[i] = b->size ? b->size : 16;
	bs->offsets[i] = (uint32_t)ub->offset;
	bs->key[2 * i] = s->id;
	bs->key[2 * i + 1] = bs->ranges[i];
	return true;
}

/* The range at a GL_SHADER_STORAGE_BUFFER point, for a buffer block of
 * `size` fixed bytes: the whole rest of the buffer for glBindBufferBase
 * (an unsized array's length() counts from it); false when it cannot hold
 * the block (nothing unbacked reaches the host). */
static bool ssbo_range(const struct vgl_ubo_binding *sb, uint32_t size, VkDeviceSize *range)
{
	GLsizeiptr avail;

	if (!sb->buffer || !sb->buffer->storage || sb->offset > sb->buffer->size)
		return false;
	avail = sb->size ? sb->size : sb->buffer->size - sb->offset;
	if (avail <= 0 || avail < (GLsizeiptr)size || sb->offset + avail > sb->buffer->size)
		return false;
	*range = (VkDeviceSize)avail;
	return true;
}

/* A counter range the host cannot bind at its offset: its staging copy at 0
 * (vgl_atomic_counter.c; the dispatch copied it in and copies it back). */
static bool staged_state(struct vgl_context *ctx, const struct vgl_ssbo *b, uint32_t n,
			 struct binding_state *bs)
{
	struct vgl_storage *s = vgl_atomic_counter_staged(ctx, b);

	if (!s)
		return false;
	vgl_batch_use(ctx, &s->obj);
	bs->bufs[n] = s->buf;
	bs->ranges[n] = b->size;
	bs->offsets[n] = 0;
	bs->key[2 * n] = s->id;
	bs->key[2 * n + 1] = bs->ranges[n];
	return true;
}

/* Buffer block i (slot n = after the uniform blocks): its range, and the
 * range counts as written by the batch (usage tracking: a map waits). */
static bool ssbo_state(struct vgl_context *ctx, const struct vgl_ssbo *b, uint32_t n,
		       struct binding_state *bs)
{
	uint32_t points = b->atomic ? VGL_MAX_ATOMIC_BINDINGS : VGL_MAX_SSBO_BINDINGS;
	const struct vgl_ubo_binding *sb;
	struct vgl_storage *s;

	if (b->gl_binding >= points)
		return false;
	sb = b->atomic ? &ctx->atomic[b->gl_binding] : &ctx->ssbo[b->gl_binding];
	if (b->atomic && (VkDeviceSize)sb->offset % ctx->dev->limits.ssbo_alignment)
		return staged_state(ctx, b, n, bs);
	if (!ssbo_range(sb, b->size, &bs->ranges[n]))
		return false;
	s = sb->buffer->storage;
	vgl_batch_use(ctx, &s->obj);
	vgl_storage_gpu_writes(s, (VkDeviceSize)sb->offset, bs->ranges[n]);
	bs->bufs[n] = s->buf;
	bs->offsets[n] = (uint32_t)sb->offset;
	bs->key[2 * n] = s->id;
	bs->key[2 * n + 1] = bs->ranges[n];
	return true;
}

static bool ssbos_state(struct vgl_context *ctx, const struct vgl_linked *l,
			struct binding_state *bs)
{
	for (uint32_t i = 0; i < l->nr_ssbos; i++)
		if (!ssbo_state(ctx, &l->ssbos[i], l->nr_blocks + i, bs))
			return false;
	return true;
}

static bool sampler_state(struct vgl_context *ctx, const struct vgl_linked *l,
			  struct binding_state *bs)
{
	uint32_t k = 2 * (l->nr_blocks + l->nr_ssbos);

	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		for (uint32_t e = 0; u->is_sampler && e < (u->array_size ? u->array_size : 1); e++) {
			VkDescriptorImageInfo *img = &bs->images[u->first_unit + e];
			GLint unit = l->sampler_units[u->first_unit + e];

			if (vgl_texture_buffer_type(u->type)) {
				bs->texels[u->first_unit + e] = vgl_texture_buffer_descriptor(ctx, unit);
				bs->key[k++] = (uint64_t)(uintptr_t)bs->texels[u->first_unit + e];
				bs->key[k++] = 0;
				continue;
			}
			if (!vgl_texture_descriptor(ctx, unit, u->type, img))
				return false;
			bs->key[k++] = (uint64_t)(uintptr_t)img->imageView;
			bs->key[k++] = (uint64_t)(uintptr_t)img->sampler;
		}
	}
	return true;
}

/* Each image element's view at its unit (a null view: the unit is invalid
 * for it, and the host gets no image). */
static bool image_state(struct vgl_context *ctx, const struct vgl_linked *l,
			struct binding_state *bs)
{
	uint32_t k = 2 * (l->nr_blocks + l->nr_ssbos + l->nr_sampler_units), n = 0;

	for (uint32_t i = 0; i < l->nr_images; i++) {
		const struct vgl_image_res *m = &l->images[i];

		for (uint32_t e = 0; e < vgl_linked_elements(m->array_size); e++) {
			if (n == VGL_MAX_IMAGE_UNITS)
				return false;
			if (vgl_texture_buffer_type(m->decl.type)) {
				bs->storage_texels[n] =
					vgl_image_unit_buffer_descriptor(ctx, m->gl_binding + e, &m->decl);
				bs->key[k++] = (uint64_t)(uintptr_t)bs->storage_texels[n++];
				bs->key[k++] = m->gl_binding + e;
				continue;
			}
			bs->storage[n] = vgl_image_unit_descriptor(ctx, m->gl_binding + e, &m->decl);
			bs->key[k++] = (uint64_t)(uintptr_t)bs->storage[n++].imageView;
			bs->key[k++] = m->gl_binding + e;
		}
	}
	return true;
}

/* One element's write: an image, or a buffer texture's texel-buffer view. */
static VkWriteDescriptorSet element_write(VkDescriptorSet set, uint32_t binding, bool texel,
					  VkDescriptorType image_type,
					  const VkDescriptorImageInfo *image, const VkBufferView *view)
{
	VkWriteDescriptorSet w = { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
				   .dstSet = set, .dstBinding = binding, .descriptorCount = 1 };

	if (texel) {
		w.descriptorType = image_type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
					   ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
					   : VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
		w.pTexelBufferView = view;
	} else {
		w.descriptorType = image_type;
		w.pImageInfo = image;
	}
	return w;
}

static uint32_t write_images(const struct vgl_linked *l, VkDescriptorSet set,
			     const struct binding_state *bs, VkWriteDescriptorSet *w)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < l->nr_images; i++)
		for (uint32_t e = 0; e < vgl_linked_elements(l->images[i].array_size); e++, n++)
			w[n] = element_write(set, l->images[i].binding + e,
					     vgl_texture_buffer_type(l->images[i].decl.type),
					     VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, &bs->storage[n],
					     &bs->storage_texels[n]);
	return n;
}

static VkWriteDescriptorSet buffer_write(VkDescriptorSet set, uint32_t binding,
					 VkDescriptorType type, const VkDescriptorBufferInfo *bi)
{
	return (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
		.dstSet = set, .dstBinding = binding, .descriptorCount = 1,
		.descriptorType = type, .pBufferInfo = bi };
}

static void write_set(struct vgl_context *ctx, const struct vgl_linked *l, VkDescriptorSet set,
		      const struct binding_state *bs)
{
	VkWriteDescriptorSet w[MAX_KEY];
	VkDescriptorBufferInfo bi[MAX_BUFS + 1];
	uint32_t n = 0;

	if (l->ubo) {
		bi[MAX_BUFS] = (VkDescriptorBufferInfo){ l->ubo->buf, 0, l->data_size };
		w[n++] = buffer_write(set, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, &bi[MAX_BUFS]);
	}
	for (uint32_t i = 0; i < l->nr_blocks + l->nr_ssbos; i++) {
		bool ubo = i < l->nr_blocks;

		bi[i] = (VkDescriptorBufferInfo){ bs->bufs[i], 0, bs->ranges[i] };
		w[n++] = buffer_write(set, ubo ? l->blocks[i].binding
					       : l->ssbos[i - l->nr_blocks].binding,
				      ubo ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
					  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, &bi[i]);
	}
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		for (uint32_t e = 0; u->is_sampler && e < (u->array_size ? u->array_size : 1); e++)
			w[n++] = element_write(set, (uint32_t)u->binding + e,
					       vgl_texture_buffer_type(u->type),
					       VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
					       &bs->images[u->first_unit + e],
					       &bs->texels[u->first_unit + e]);
	}
	n += write_images(l, set, bs, w + n);
	vvk_UpdateDescriptorSets(ctx->dev->dev, n, w, 0, NULL);
	ctx->stats.descriptor_writes++;
}

static void use_set(struct vgl_context *ctx, struct vgl_dset *s)
{
	struct vgl_batch *b = &ctx->batch;

	/* once per batch is enough for the recycling rule */
	if (b->nr_sets && b->sets[b->nr_sets - 1] == s)
		return;
	vgl_batch_use_set(ctx, s);
}

bool vgl_draw_descriptors(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd)
{
	VkDescriptorImageInfo images[64];
	struct binding_state bs; /* not zeroed: kilobytes, and only the key's words are read */
	struct vgl_dset *s;
	bool fresh;

	if (!l->set_layout)
		return true; /* nothing to bind: no descriptor work at all */
	if (l->nr_blocks > VGL_MAX_UBO_BINDINGS + 8 || l->nr_ssbos > VGL_MAX_SSBO_BINDINGS ||
	    l->nr_sampler_units > 64 || l->sets.key_words > MAX_KEY)
		return false;
	bs.images = images;
	memset(bs.key, 0, l->sets.key_words * sizeof(bs.key[0]));
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		if (!block_state(ctx, &l->blocks[i], i, &bs))
			return false;
	if (!ssbos_state(ctx, l, &bs) || !sampler_state(ctx, l, &bs) || !image_state(ctx, l, &bs))
		return false;
	s = vgl_dcache_get(ctx, &l->sets, bs.key, &fresh);
	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return false;
	}
	if (fresh)
		write_set(ctx, l, s->set, &bs);
	use_set(ctx, s);
	if (l->compute) {
		vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l->layout, 0, 1,
					  &s->set, l->nr_blocks + l->nr_ssbos, bs.offsets);
		return true;
	}
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, l->layout, 0, 1, &s->set,
				  l->nr_blocks, bs.offsets);
	ctx->drawn.set = s->set;
	ctx->stats.set_binds++;
	return true;
}

bool vgl_draw_ubo_offsets(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd)
{
	uint32_t offsets[VGL_MAX_UBO_BINDINGS + 8];

	if (!l->nr_blocks)
		return true;
	if (l->nr_blocks > VGL_MAX_UBO_BINDINGS + 8)
		return false;
	for (uint32_t i = 0; i < l->nr_blocks; i++) {
		const struct vgl_ubo_binding *ub;

		if (l->blocks[i].gl_binding >= VGL_MAX_UBO_BINDINGS)
			return false;
		ub = &ctx->ubo[l->blocks[i].gl_binding];
		if (!range_fits(ub, &l->blocks[i]))
			return false;
		offsets[i] = (uint32_t)ub->offset;
	}
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, l->layout, 0, 1,
				  &ctx->drawn.set, l->nr_blocks, offsets);
	ctx->stats.sets_reused++;
	ctx->stats.set_binds++;
	return true;
}
