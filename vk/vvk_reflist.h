/* SPDX-License-Identifier: MIT */
/*
 * What a command buffer references: each thing with a usage handle once
 * (memory, image, descriptor set), its host resource if it has one (the DRM
 * BO list), and whether any command writes it (for the usage marks).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vdrm_resource.h"
#include "vvk_usage.h"

struct vvk_ref {
	struct vvk_usage *usage;
	struct vdrm_resource *res; /* NULL: nothing for the BO list */
	bool write;
};

#define VVK_REFLIST_RECENT 8

struct vvk_reflist {
	struct vvk_ref *refs;
	uint32_t count, cap;
	uint32_t *index;  /* open addressing over usage pointers: refs index + 1 */
	uint32_t index_size;
	uint32_t recent[VVK_REFLIST_RECENT]; /* refs index + 1 of recent ones, by pointer bits */
};

void vvk_reflist_init(struct vvk_reflist *l);
void vvk_reflist_finish(struct vvk_reflist *l);
void vvk_reflist_reset(struct vvk_reflist *l);
/* false when out of memory */
bool vvk_reflist_add(struct vvk_reflist *l, struct vvk_usage *usage, struct vdrm_resource *res,
		     bool write);
