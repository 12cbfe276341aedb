/* SPDX-License-Identifier: MIT */
/* A fence: signalled from creation, or the point of the batch it was given to. */
#pragma once

#include "vvk_private.h"

struct vvk_fence {
	bool signaled; /* created signalled (until reset) */
	uint64_t point; /* 0: not handed to the host (yet) */
};

VVK_HANDLE_CASTS(vvk_fence, VkFence)
