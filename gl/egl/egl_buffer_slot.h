/* SPDX-License-Identifier: MIT */
/*
 * egl_buffer_slot: one slot of a window's ring of shared back buffers, for
 * the platforms that hand whole buffers to a server (X11 DRI3 + Present,
 * Wayland). A slot is empty, the surface's back buffer (drawing), held by
 * the server (presented and not given back yet) or free. Both platforms
 * pick, age and retire their buffers by these same rules; what they add
 * (a pixmap and its fence, a wl_buffer) lives beside the slot.
 */
#ifndef EGL_BUFFER_SLOT_H
#define EGL_BUFFER_SLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct vgl_window_buffer;

struct egl_buffer_slot {
	struct vgl_window_buffer *vgl;  /* NULL: an empty slot */
	uint32_t width, height;
	uint64_t presented;             /* the swap that presented it last; 0: none */
	bool held;                      /* presented: the server's until it gives it back */
	bool drawing;                   /* the surface's back buffer */
};

/* A buffer neither drawn into nor held, of another size than width x height
 * (left over from before a resize). */
bool egl_buffer_slot_stale(const struct egl_buffer_slot *s, uint32_t width, uint32_t height);

/* Of n slots, each the first member of an element stride bytes apart from
 * the last: the free buffer of width x height presented last (the lowest
 * age), else an empty slot; -1 when every slot is busy. */
int egl_buffer_slot_pick(const struct egl_buffer_slot *first, size_t stride, int n,
			 uint32_t width, uint32_t height);

/* s becomes the back buffer; its EGL_EXT_buffer_age (0: contents undefined)
 * after swaps swaps. */
int egl_buffer_slot_take(struct egl_buffer_slot *s, uint64_t swaps);

/* s goes to the server with swap ++*swaps. */
void egl_buffer_slot_present(struct egl_buffer_slot *s, uint64_t *swaps);

#endif
