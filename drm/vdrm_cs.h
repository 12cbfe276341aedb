/* SPDX-License-Identifier: MIT */
/*
 * A virgl command stream being built: a growable dword buffer written with
 * reserve-then-emit. Encoders (vdrm_cmds.h, generated) reserve exactly the
 * dwords of one command and then fill them; if a reservation fails (out of
 * memory, command too long) the error sticks and every later reserve returns
 * NULL, so encoders stay void and the error is checked once, at submit.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* virgl command header: opcode bits 0-7, object type 8-15, payload length 16-31. */
#define VDRM_CMD_HEADER(opcode, objtype, len) \
	((uint32_t)(opcode) | ((uint32_t)(objtype) << 8) | ((uint32_t)(len) << 16))
#define VDRM_CMD_MAX_PAYLOAD 0xffffu

struct vdrm_cs {
	uint32_t *buf;
	uint32_t cdw;      /* dwords written */
	uint32_t capacity; /* dwords allocated */
	uint32_t max_dw;   /* hard limit of one submission; 0 = no limit */
	int error;         /* sticky vdrm_result, 0 while fine */
};

void vdrm_cs_init(struct vdrm_cs *cs);
void vdrm_cs_finish(struct vdrm_cs *cs);
/* Empties the stream (keeps the allocation) and clears the error. */
void vdrm_cs_reset(struct vdrm_cs *cs);

/* vdrm_cs_reserve's way when the room is not simply there. */
uint32_t *vdrm_cs_reserve_slow(struct vdrm_cs *cs, uint32_t ndw);

/*
 * Returns room for `ndw` dwords and advances cdw past them, or NULL with the
 * sticky error set. The caller must fill all ndw dwords. Inline: every
 * command of every draw comes here, and the room is nearly always there.
 */
static inline uint32_t *vdrm_cs_reserve(struct vdrm_cs *cs, uint32_t ndw)
{
	uint32_t *p;

	if (cs->error || cs->max_dw || cs->capacity - cs->cdw < ndw)
		return vdrm_cs_reserve_slow(cs, ndw);
	p = cs->buf + cs->cdw;
	cs->cdw += ndw;
	return p;
}

/* Latch an error found by an encoder (e.g. an argument out of range). */
void vdrm_cs_set_error(struct vdrm_cs *cs, int error);

static inline bool vdrm_cs_ok(const struct vdrm_cs *cs)
{
	return cs->error == 0;
}
