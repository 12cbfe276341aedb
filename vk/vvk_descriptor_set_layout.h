/* SPDX-License-Identifier: MIT */
/*
 * A descriptor set layout places every binding in a virgl slot space of its
 * kind (UBO, sampler view + state, SSBO, image), in binding order, relative
 * to the set; the pipeline layout adds each set's base. Layouts are
 * refcounted: sets and pipeline layouts outlive vvk_DestroyDescriptorSetLayout.
 */
#pragma once

#include <stdatomic.h>

#include "vvk_private.h"

enum vvk_slot_kind {
	VVK_SLOT_UBO,
	VVK_SLOT_SAMPLER,
	VVK_SLOT_SSBO,
	VVK_SLOT_IMAGE,
	VVK_SLOT_KIND_COUNT
};

#define VVK_DESCRIPTOR_TYPES (VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT + 1)

struct vvk_sampler;

struct vvk_dsl_binding {
	uint32_t binding;
	VkDescriptorType type;
	uint32_t count;
	VkShaderStageFlags stages;
	enum vvk_slot_kind kind;
	uint32_t slot;       /* first slot of its kind, relative to the set */
	uint32_t desc_index; /* first descriptor in the set's array */
	uint32_t dyn_index;  /* first dynamic offset (dynamic buffers only) */
	struct vvk_sampler **immutable; /* count entries, or NULL */
};

struct vvk_descriptor_set_layout {
	_Atomic uint32_t refs;
	struct vvk_dsl_binding *bindings; /* sorted by binding number */
	uint32_t nr_bindings;
	uint32_t slots[VVK_SLOT_KIND_COUNT];
	uint32_t nr_descriptors;
	uint32_t nr_dynamic;
	uint32_t type_counts[VVK_DESCRIPTOR_TYPES];
};

VVK_HANDLE_CASTS(vvk_descriptor_set_layout, VkDescriptorSetLayout)

bool vvk_descriptor_type_is_dynamic(VkDescriptorType t);
enum vvk_slot_kind vvk_descriptor_type_kind(VkDescriptorType t);
const struct vvk_dsl_binding *vvk_dsl_find(const struct vvk_descriptor_set_layout *l,
					   uint32_t binding);
struct vvk_descriptor_set_layout *vvk_dsl_ref(struct vvk_descriptor_set_layout *l);
void vvk_dsl_unref(struct vvk_descriptor_set_layout *l);
