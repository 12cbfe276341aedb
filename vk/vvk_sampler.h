/* SPDX-License-Identifier: MIT */
/* A sampler is one SAMPLER_STATE object, created through the setup stream. */
#pragma once

#include "vvk_private.h"

struct vvk_sampler {
	uint32_t handle;
};

VVK_HANDLE_CASTS(vvk_sampler, VkSampler)
