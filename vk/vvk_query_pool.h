/* SPDX-License-Identifier: MIT */
/*
 * Query pools (vvk.h, "Queries"). Each query has, per value it reports, a
 * host query object and the CUSTOM buffer resource the host writes that
 * object's result block into, plus the usage handle of that resource: its
 * write point is the submission that last reset or ended the query.
 */
#pragma once

#include "vdrm_resource.h"
#include "vvk_private.h"
#include "vvk_usage.h"

#define VVK_QUERY_MAX_VALUES 2

/* Markers this layer writes into a block's state word (the host writes only
 * VDRM_QUERY_STATE_DONE there). */
#define VVK_QUERY_MARK_RESET 0x76760000u /* reset, not ended since */
#define VVK_QUERY_MARK_ENDED 0x76760001u /* ended; the host has not written the result yet */

struct vvk_query_kind;

struct vvk_query {
	struct vdrm_resource *res[VVK_QUERY_MAX_VALUES];
	uint32_t handle[VVK_QUERY_MAX_VALUES];
	uint32_t any_handle; /* occlusion: the any-samples object, writing res[0] */
	struct vvk_usage use[VVK_QUERY_MAX_VALUES];
	/* the last submission that only asked the host for the result again */
	_Atomic uint64_t nudge_point[VVK_QUERY_MAX_VALUES];
};

struct vvk_query_pool {
	const struct vvk_query_kind *kind;
	uint32_t count;
	struct vvk_query *queries;
};

VVK_HANDLE_CASTS(vvk_query_pool, VkQueryPool)
