/* SPDX-License-Identifier: MIT */
/*
 * VkSamplers cached by content, per context: GL's sampler state lives in
 * texture objects and changes with glTexParameter, but the distinct states
 * an application uses are few, so each is created once and kept until the
 * context goes. (Descriptor sets key on the handle; a handle freed and
 * reused by vk/ names a live sampler again, which is what the set reads.)
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vgl_object.h"
#include "vgl_texture.h"
#include "vvk.h"

struct vgl_device;
struct vgl_sampler_cache;

/* An ES 3.0 sampler object: sampler state that, bound to a unit, replaces
 * the texture's own (only the sampler fields of params are used). */
struct vgl_sampler_object {
	struct vgl_object obj;     /* references: the name, unit bindings */
	GLuint name;
	struct vgl_tex_params params;
	uint64_t change_id;        /* vgl_unique_id, new with every parameter set */
};

static inline void vgl_sampler_object_unref(struct vgl_sampler_object *s)
{
	if (s)
		vgl_object_unref(&s->obj);
}

struct vgl_sampler_key {
	VkFilter mag, min;
	VkSamplerMipmapMode mip;
	VkSamplerAddressMode wrap[3];
	float min_lod, max_lod;
	VkBool32 compare;
	VkCompareOp compare_op;
	float max_anisotropy;      /* > 1: anisotropic filtering */
	uint32_t border[4];        /* raw; zero unless a wrap mode clamps to the border */
};

struct vgl_sampler_cache *vgl_sampler_cache_create(void);
/* Destroys the samplers once everything submitted so far completed. */
void vgl_sampler_cache_destroy(struct vgl_device *dev, struct vgl_sampler_cache *c);
/* The sampler of a key (zero padding: build keys with memset first). */
VkSampler vgl_sampler_get(struct vgl_device *dev, struct vgl_sampler_cache *c,
			  const struct vgl_sampler_key *key);
