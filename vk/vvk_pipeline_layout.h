/* SPDX-License-Identifier: MIT */
/*
 * A pipeline layout concatenates its sets' slot spaces: set s's bindings of
 * kind k start at base[s][k]. UBOs start at slot 1 because CONST[0] holds
 * the push constants. It is also the compiler's slot map.
 */
#pragma once

#include <stdatomic.h>

#include "vc_spirv_to_tgsi.h"
#include "vvk_descriptor_set_layout.h"

struct vvk_pipeline_layout {
	_Atomic uint32_t refs;
	uint32_t nr_sets;
	struct vvk_descriptor_set_layout *sets[VVK_MAX_SETS];
	uint32_t base[VVK_MAX_SETS][VVK_SLOT_KIND_COUNT];
	uint32_t dyn_base[VVK_MAX_SETS];
	uint32_t slots[VVK_SLOT_KIND_COUNT]; /* end of each kind's space */
	uint32_t push_size;                   /* bytes */
};

VVK_HANDLE_CASTS(vvk_pipeline_layout, VkPipelineLayout)

struct vvk_pipeline_layout *vvk_pipeline_layout_ref(struct vvk_pipeline_layout *l);
void vvk_pipeline_layout_unref(struct vvk_pipeline_layout *l);
/* virgl slot of (set, binding), or -1 */
int vvk_pipeline_layout_slot(const struct vvk_pipeline_layout *l, uint32_t set, uint32_t binding);
/* The slot map the compiler asks while compiling for this layout. */
struct vc_slot_map vvk_pipeline_layout_slot_map(struct vvk_pipeline_layout *l);
