/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "vdrm_cs.h"
#include "vdrm_result.h"

void vdrm_cs_init(struct vdrm_cs *cs)
{
	memset(cs, 0, sizeof(*cs));
}

void vdrm_cs_finish(struct vdrm_cs *cs)
{
	free(cs->buf);
	memset(cs, 0, sizeof(*cs));
}

void vdrm_cs_reset(struct vdrm_cs *cs)
{
	cs->cdw = 0;
	cs->error = 0;
}

void vdrm_cs_set_error(struct vdrm_cs *cs, int error)
{
	if (cs->error == 0)
		cs->error = error;
}

/* Doubling growth: a frame's stream settles at its size after a few submits. */
static bool cs_grow(struct vdrm_cs *cs, uint32_t need)
{
	uint64_t cap = cs->capacity ? cs->capacity : 1024;
	uint32_t *buf;

	while (cap < need)
		cap *= 2;
	if (cap > UINT32_MAX / sizeof(uint32_t))
		return false;
	buf = realloc(cs->buf, cap * sizeof(uint32_t));
	if (!buf)
		return false;
	cs->buf = buf;
	cs->capacity = (uint32_t)cap;
	return true;
}

uint32_t *vdrm_cs_reserve_slow(struct vdrm_cs *cs, uint32_t ndw)
{
	uint64_t need = (uint64_t)cs->cdw + ndw;
	uint32_t *p;

	if (cs->error)
		return NULL;
	if (cs->max_dw && need > cs->max_dw) {
		cs->error = VDRM_ERROR_INVALID_ARGUMENT;
		return NULL;
	}
	if (need > cs->capacity && (need > UINT32_MAX || !cs_grow(cs, (uint32_t)need))) {
		cs->error = VDRM_ERROR_OUT_OF_MEMORY;
		return NULL;
	}
	p = cs->buf + cs->cdw;
	cs->cdw = (uint32_t)need;
	return p;
}
