/* SPDX-License-Identifier: MIT */
/*
 * A context's batches: the command buffer being recorded, what it uses, and
 * its submission. Objects a batch uses are referenced until it is submitted
 * (vgl_object.h); descriptor sets it binds are stamped with its timeline
 * value at submission, which is when their program may recycle them
 * (technique 1). Rendering (vvk_CmdBeginRendering) stays open across draws
 * and clears until something needs it closed: a copy, a flush, other targets.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vgl_autoflush.h"
#include "vgl_framebuffer.h"
#include "vvk.h"

struct vgl_context;
struct vgl_object;
struct vgl_dset;

struct vgl_cmd_slot {
	VkCommandBuffer cmd;
	uint64_t value;       /* timeline value of its submission */
};

struct vgl_batch {
	VkCommandPool pool;
	VkCommandBuffer cmd;  /* being recorded; NULL when idle */
	uint64_t serial;      /* number of the recording (or next) batch */
	bool rendering;
	VkImageView rt_color[VGL_MAX_DRAW_BUFFERS], rt_ds;
	uint32_t rt_nr_color;
	uint32_t rt_width, rt_height, rt_layers;
	uint64_t rt_kept;     /* the kept description (vgl_fb.kept) rendering is on, 0: unknown */
	struct vgl_object **uses;
	uint32_t nr_uses, cap_uses;
	struct vgl_dset **sets;
	uint32_t nr_sets, cap_sets;
	uint64_t *waits;      /* timeline values the next submission waits for */
	uint32_t nr_waits, cap_waits;
	struct vgl_cmd_slot *done;   /* submitted command buffers, oldest first */
	uint32_t nr_done, cap_done;
	uint64_t last_value;  /* of this context's last submission; 0: none */
	uint64_t last_point;
	struct vgl_flush_limits limits;  /* from the device's, at creation */
	struct vgl_flush_count count;    /* of the recording batch */
};

int vgl_batch_init(struct vgl_context *ctx);
void vgl_batch_finish(struct vgl_context *ctx);
/* The command buffer to record into (begun on demand); NULL on failure
 * (GL_OUT_OF_MEMORY set). */
VkCommandBuffer vgl_batch_cmd(struct vgl_context *ctx);
/* References `o` until this batch is submitted (once per batch). */
void vgl_batch_use(struct vgl_context *ctx, struct vgl_object *o);
/* Whether the recording batch references `o` (unflushed use). */
bool vgl_batch_uses(const struct vgl_context *ctx, const struct vgl_object *o);
void vgl_batch_use_set(struct vgl_context *ctx, struct vgl_dset *set);
int vgl_batch_add_wait(struct vgl_context *ctx, uint64_t value);
/* Opens rendering on the framebuffer's draw buffers and depth/stencil
 * (closing other rendering first). */
VkCommandBuffer vgl_batch_render(struct vgl_context *ctx, const struct vgl_fb *fb);
void vgl_batch_end_rendering(struct vgl_context *ctx);
/* Submits the recording batch, if any. */
int vgl_batch_flush(struct vgl_context *ctx);
/* After a draw: submits the batch without waiting when it reached one of its
 * limits (vgl_autoflush.h) or holds VGL_BATCH_MAX_USES objects, so the host
 * renders while the application goes on recording. */
#define VGL_BATCH_MAX_USES 1024u
void vgl_batch_after_draw(struct vgl_context *ctx);
/* Flushes and waits for this context's last submission. */
int vgl_batch_finish_all(struct vgl_context *ctx);
/* Before a CPU read: with VIRTGL_DEBUG=syncreads, flushes and waits for all
 * work submitted on the device (counted as an access flush and wait);
 * otherwise nothing (usage tracking decides). */
int vgl_batch_sync_read(struct vgl_context *ctx);
