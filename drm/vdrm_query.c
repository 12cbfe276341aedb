/* SPDX-License-Identifier: MIT */
#include "vdrm_query.h"

#include <stdatomic.h>
#include <stddef.h>

#include "vdrm_caps.h"

/* bset bits (doc 4.2) */
#define BSET_OCCLUSION_QUERY (1u << 11)
#define BSET_TIMER_QUERY (1u << 12)
/* from this host feature version on, the timer-query bit is meaningful */
#define TIMER_BIT_VERSION 15

bool vdrm_query_type_index(uint32_t type, uint32_t index, uint32_t *out)
{
	if (type > 0xffff || index > 0xffff)
		return false;
	*out = type | index << 16;
	return true;
}

uint32_t vdrm_query_read(const volatile void *map, uint64_t *result)
{
	const volatile struct vdrm_host_query_state *s = map;
	uint32_t state = s->query_state;

	atomic_thread_fence(memory_order_acquire);
	if (state == VDRM_QUERY_STATE_DONE)
		*result = s->result;
	return state;
}

bool vdrm_caps_has_timer_query(const struct vdrm_caps *caps)
{
	return caps->host_feature_check_version >= TIMER_BIT_VERSION &&
	       (caps->bset & BSET_TIMER_QUERY);
}

bool vdrm_caps_has_occlusion_query(const struct vdrm_caps *caps)
{
	return (caps->bset & BSET_OCCLUSION_QUERY) != 0;
}
