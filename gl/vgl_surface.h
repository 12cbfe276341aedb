/* SPDX-License-Identifier: MIT */
/*
 * A pbuffer: colour image and optional depth/stencil image, GL's
 * framebuffer 0 while bound. Images are stored GL-style: memory row 0 is
 * window y = 0, the BOTTOM row (see vgl_framebuffer.h for why that needs no
 * flip anywhere).
 */
#pragma once

#include <stdbool.h>

#include "vgl.h"
#include "vvk.h"

struct vgl_storage;
#include "vvk.h"

struct vgl_image {
	VkImage image;
	VkDeviceMemory mem;
	VkImageView view;
	VkFormat format;
	VkImageAspectFlags aspects;
};

struct vgl_surface {
	struct vgl_device *dev;
	struct vgl_surface_info info;
	struct vgl_image color, ds;      /* ds.image NULL: none; color: a pbuffer's */
	/* info.samples > 1: the multisample colour image draws go to (ds has
	 * its sample count), resolved into `color` before reads */
	struct vgl_image msaa;
	bool msaa_drawn;                 /* drawn since the last resolve */
	/* a window surface (info.window): the buffer rendered into now (NULL
	 * until GL needs one), its age, the last one presented */
	struct vgl_window_buffer *back, *front;
	int back_age;
	bool preserved;
	int bound;                       /* contexts it is current in (under the bind lock) */
	bool destroy_pending;
	/* a batch ever wrote the colour image: reads of a never written
	 * surface need no GPU work (technique 2) */
	bool color_written;
	/* info.no_alpha: the pbuffer's colour image is new, its alpha not yet 1
	 * (vgl_surface_fill_alpha on first use) */
	bool alpha_unfilled;
	/* vgl_surface_read's host buffer, kept from one present to the next
	 * (one allocation per window size, not per frame) */
	struct vgl_storage *readback;
	/* stamped anew (vgl_surface_changed) when its images, size or back
	 * buffer change: a draw description kept for it holds while it does */
	uint64_t stamp;
};

/* Every change of what a surface's framebuffer is goes through here; the
 * stamps of all surfaces come from one counter. */
void vgl_surface_changed(struct vgl_surface *s);

/* Creates an image of `format` w x h with a view; used by surfaces and
 * usable by the framebuffer-object module later. */
int vgl_image_create(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
		     struct vgl_image *out);
/* The same, shared as a dma-buf (vvk_image_dma_buf_info: import or export). */
int vgl_image_create_shared(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
			    const struct vvk_image_dma_buf_info *dmabuf, struct vgl_image *out);
/* Destroys it once everything submitted so far completed. */
void vgl_image_destroy_deferred(struct vgl_device *dev, struct vgl_image *img);
VkImageAspectFlags vgl_format_aspects(VkFormat f);

/* A window surface's back buffer, acquired on first need (and, when
 * preserved, filled with the last frame through ctx). NULL: none free. */
struct vgl_window_buffer *vgl_surface_back(struct vgl_context *ctx, struct vgl_surface *s);
/* A window surface takes its buffers' size (a resized window's new
 * buffers): a new depth/stencil image of w x h, the old one destroyed once
 * unused. Called where no render pass uses the surface (acquisition). */
int vgl_surface_window_resize(struct vgl_surface *s, uint32_t w, uint32_t h);
/* The image of a window buffer (vgl_window_buffer.c). */
const struct vgl_image *vgl_window_buffer_image(const struct vgl_window_buffer *b);

/* Records, in ctx, the clear of img to (0, 0, 0, 1): a new colour image of
 * an alpha-less surface (vgl_surface_info.no_alpha) gets its alpha. */
void vgl_surface_fill_alpha(struct vgl_context *ctx, const struct vgl_image *img);

/* A multisample surface drawn since its last resolve: the resolve into its
 * colour image, recorded in ctx. */
void vgl_surface_resolve(struct vgl_context *ctx, struct vgl_surface *s);

/* Called with the bind lock held by vgl_make_current. */
void vgl_surface_bind(struct vgl_surface *s);
void vgl_surface_unbind(struct vgl_surface *s);
extern pthread_mutex_t vgl_bind_lock;
