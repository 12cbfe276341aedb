/* SPDX-License-Identifier: MIT */
/*
 * Stream output (doc 2.4, 2.10, 3.6). A vertex shader's CREATE_OBJECT(SHADER)
 * carries its captured outputs, one packed dword each; STREAMOUT_TARGET
 * objects name a buffer range; SET_STREAMOUT_TARGETS binds a list of them.
 *
 * What the host (virglrenderer) does with them: it keeps one GL transform
 * feedback object per distinct list of target handles. Binding a list it
 * has seen before rebinds that object, which resumes appending where it
 * paused (it pauses after every draw): the append bitmask is ignored, so
 * "resume" means "the same handles", and "start over at the range's offset"
 * means new target objects. Destroying a target ends and deletes every
 * object holding it.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define VDRM_SO_MAX_BUFFERS 4   /* strides sent: one per buffer */
#define VDRM_SO_MAX_OUTPUTS 64  /* PIPE_MAX_SO_OUTPUTS */

/*
 * The output dword: bits 0-7 OUT register, 8-9 first component, 10-12
 * component count, 13-15 buffer, 16-31 offset in the buffer's vertex
 * record (dwords). False when a field does not fit or the components pass
 * the register's end.
 */
static inline bool vdrm_so_output(uint32_t reg, uint32_t component, uint32_t count,
				  uint32_t buffer, uint32_t offset, uint32_t *out)
{
	if (reg > 0xff || component > 3 || count < 1 || count > 4 - component ||
	    buffer >= VDRM_SO_MAX_BUFFERS || offset > 0xffff)
		return false;
	*out = reg | component << 8 | count << 10 | buffer << 13 | offset << 16;
	return true;
}
