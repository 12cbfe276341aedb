/* SPDX-License-Identifier: MIT */
#include "egl_buffer_slot.h"

static bool idle(const struct egl_buffer_slot *s)
{
	return s->vgl && !s->held && !s->drawing;
}

bool egl_buffer_slot_stale(const struct egl_buffer_slot *s, uint32_t width, uint32_t height)
{
	return idle(s) && (s->width != width || s->height != height);
}

static const struct egl_buffer_slot *slot_at(const struct egl_buffer_slot *first, size_t stride,
					     int i)
{
	return (const struct egl_buffer_slot *)((const char *)first + (size_t)i * stride);
}

int egl_buffer_slot_pick(const struct egl_buffer_slot *first, size_t stride, int n,
			 uint32_t width, uint32_t height)
{
	int best = -1, empty = -1;

	for (int i = 0; i < n; i++) {
		const struct egl_buffer_slot *s = slot_at(first, stride, i);

		if (!s->vgl && empty < 0)
			empty = i;
		else if (idle(s) && s->width == width && s->height == height &&
			 (best < 0 || s->presented > slot_at(first, stride, best)->presented))
			best = i;
	}
	return best >= 0 ? best : empty;
}

int egl_buffer_slot_take(struct egl_buffer_slot *s, uint64_t swaps)
{
	s->drawing = true;
	return s->presented ? (int)(swaps + 1 - s->presented) : 0;
}

void egl_buffer_slot_present(struct egl_buffer_slot *s, uint64_t *swaps)
{
	s->presented = ++*swaps;
	s->drawing = false;
	s->held = true;
}
