/* SPDX-License-Identifier: MIT */
/*
 * The object handles one host context holds, as the command-stream validator
 * sees them: handle -> object type (and a byte of detail, a shader's stage).
 * Every change is journaled until commit, so that a stream the validator
 * rejects leaves the table as it was (the host never saw that stream).
 */
#pragma once

#include <stdint.h>

struct vdrm_handle_slot;
struct vdrm_handle_change;

struct vdrm_handles {
	struct vdrm_handle_slot *slots; /* open addressing; handle 0 = empty slot */
	uint32_t cap;                   /* a power of two, or 0 */
	uint32_t used;                  /* slots holding a handle, dead ones included */
	struct vdrm_handle_change *journal;
	uint32_t nr_changes, cap_changes;
};

/* A live handle's value: its VDRM_OBJ_* type and a detail byte. 0 = not live. */
#define VDRM_HANDLE_VALUE(type, detail) ((uint16_t)((type) | ((detail) << 8)))
#define VDRM_HANDLE_TYPE(value) ((value) & 0xffu)
#define VDRM_HANDLE_DETAIL(value) ((value) >> 8)

void vdrm_handles_init(struct vdrm_handles *h);
void vdrm_handles_finish(struct vdrm_handles *h);
uint16_t vdrm_handles_get(const struct vdrm_handles *h, uint32_t handle);
/* Journaled; value 0 ends the handle. VDRM_ERROR_OUT_OF_MEMORY or 0. */
int vdrm_handles_set(struct vdrm_handles *h, uint32_t handle, uint16_t value);
/* Keeps every change since the last commit/rollback. */
void vdrm_handles_commit(struct vdrm_handles *h);
/* Undoes them, newest first. */
void vdrm_handles_rollback(struct vdrm_handles *h);
