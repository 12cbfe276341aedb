/* SPDX-License-Identifier: MIT */
/*
 * Command pools and command buffers. A command buffer records straight into
 * a virgl command stream (reserve-then-emit; a failed reservation sticks and
 * vvk_EndCommandBuffer returns it) plus the list of what it references.
 *
 * Host state persists between submissions but a command buffer may not rely
 * on any: everything it needs is emitted in it, lazily at the first draw or
 * dispatch that needs it. What it has emitted is shadowed here so that
 * re-binding identical state emits nothing.
 */
#pragma once

#include "vdrm_cmds.h"
#include "vvk_private.h"
#include "vvk_reflist.h"

struct vvk_device;
struct vvk_pipeline;
struct vvk_pipeline_layout;
struct vvk_descriptor_set;
struct vvk_buffer;
struct vvk_image;
struct vvk_image_view;
struct vvk_memory;

enum vvk_cmd_state_kind {
	VVK_CMD_INITIAL,
	VVK_CMD_RECORDING,
	VVK_CMD_EXECUTABLE,
	VVK_CMD_INVALID,
};

/* State that must reach the host before the next draw/dispatch. */
enum vvk_dirty {
	VVK_DIRTY_GFX_PIPELINE,
	VVK_DIRTY_COMPUTE_PIPELINE,
	VVK_DIRTY_VIEWPORT,
	VVK_DIRTY_SCISSOR,
	VVK_DIRTY_BLEND_COLOR,
	VVK_DIRTY_STENCIL_REF,
	VVK_DIRTY_VERTEX_BUFFERS,
	VVK_DIRTY_INDEX_BUFFER,
	VVK_DIRTY_PUSH_CONSTANTS,
	VVK_DIRTY_COMPUTE_PUSH_CONSTANTS,
	VVK_DIRTY_GFX_DESCRIPTORS,
	VVK_DIRTY_GFX_DYNAMIC_OFFSETS, /* the same graphics sets, other dynamic offsets */
	VVK_DIRTY_COMPUTE_DESCRIPTORS,
	VVK_DIRTY_FRAMEBUFFER,
	VVK_DIRTY_MULTISAMPLE, /* the pipeline's sample mask and min samples */
	VVK_DIRTY_COUNT
};

#define VVK_DIRTY_BIT(d) (1u << (d))
#define VVK_DIRTY_ALL ((1u << VVK_DIRTY_COUNT) - 1)
#define VVK_UNKNOWN UINT32_MAX /* a shadowed handle the host may hold anything for */

enum vvk_bind_point {
	VVK_BIND_GFX,
	VVK_BIND_COMPUTE,
	VVK_BIND_COUNT
};

struct vvk_buffer_binding {
	uint32_t res, offset, size;
};

struct vvk_image_binding {
	uint32_t res, format, access, layers, level;
};

/* Per stage: what is bound in each slot space (also the emitted shadow). */
struct vvk_stage_bindings {
	struct vvk_buffer_binding ubo[VVK_MAX_UBO_SLOTS];
	uint32_t views[VVK_MAX_SAMPLER_SLOTS];
	uint32_t samplers[VVK_MAX_SAMPLER_SLOTS];
	struct vvk_buffer_binding ssbo[VVK_MAX_SSBO_SLOTS];
	struct vvk_image_binding images[VVK_MAX_IMAGE_SLOTS];
	uint32_t nr[4]; /* slots in use per enum vvk_slot_kind */
};

struct vvk_bound_sets {
	struct vvk_pipeline_layout *layout;
	struct vvk_descriptor_set *sets[VVK_MAX_SETS];
	uint32_t dynamic[VVK_MAX_SETS][VVK_MAX_UBO_SLOTS + VVK_MAX_SSBO_SLOTS];
};

struct vvk_vertex_binding {
	struct vvk_buffer *buffer;
	VkDeviceSize offset;
};

struct vvk_render_state {
	bool active;
	uint32_t nr_cbufs;
	uint32_t cbufs[VVK_MAX_COLOR_ATTACHMENTS];
	uint32_t zsurf;
	struct vvk_image_view *color[VVK_MAX_COLOR_ATTACHMENTS];
	struct vvk_image_view *resolve[VVK_MAX_COLOR_ATTACHMENTS]; /* at the end, or NULL */
	struct vvk_image_view *ds;
	VkRect2D area;
	uint32_t width, height;
	/* no attachments (SET_FRAMEBUFFER_STATE_NO_ATTACH): layers and samples;
	 * layers 0: there are attachments */
	uint32_t no_attach_layers, no_attach_samples;
};

/* What the host was last given by this command buffer. */
struct vvk_host_shadow {
	uint32_t blend, dsa, rasterizer, vertex_elements;
	/* the last values sent: a pipeline switch re-derives them from the
	 * pipeline or the dynamic state, and only a real change is sent */
	struct vdrm_set_viewport_state_elem viewports[VVK_MAX_VIEWPORTS];
	uint32_t viewport_gl_z; /* the pipeline's gl_z the viewports were sent for */
	struct vdrm_set_scissor_state_elem scissors[VVK_MAX_VIEWPORTS];
	float blend_color[4];
	uint32_t stencil_ref;
	/* 64 bits: invalidation (all ones) must differ from every real mask */
	uint64_t sample_mask;
	uint32_t min_samples;
	struct vdrm_set_vertex_buffers_elem vbs[VVK_MAX_VERTEX_BUFFERS];
	uint32_t nr_vbs;
	uint32_t shaders[VVK_STAGE_COUNT];
	uint32_t index_offset; /* SET_INDEX_BUFFER's, firstIndex folded in */
	uint32_t index_res; /* SET_INDEX_BUFFER's resource; all ones: unknown */
	struct vvk_stage_bindings stage[VVK_STAGE_COUNT];
};

/* What a switch between two graphics pipelines made dirty (vvk_cmd_draw.c),
 * by pipeline serial: pipelines are immutable, so the answer stays right. */
struct vvk_switch_memo {
	uint64_t from, to;
	uint32_t dirty;
};

/* A query begun in this command buffer: the host objects its end must end. */
#define VVK_MAX_ACTIVE_QUERIES 8

struct vvk_active_query {
	const void *pool;
	uint32_t query;
	uint32_t handle[2];
};

/* Transform feedback (vvk_cmd_xfb.c): the bound ranges, and the host's
 * target objects while a capture is active. */
struct vvk_xfb_binding {
	struct vvk_buffer *buffer; /* NULL: unbound */
	uint32_t res, offset, size; /* resource bytes */
};

struct vvk_xfb_state {
	struct vvk_xfb_binding bound[VVK_MAX_STREAM_OUTPUT_BUFFERS];
	uint32_t targets[VVK_MAX_STREAM_OUTPUT_BUFFERS];
	uint32_t nr_targets; /* bindings sent with SET_STREAMOUT_TARGETS; 0: inactive */
};

struct vvk_cmd_state {
	uint32_t dirty;
	struct vvk_xfb_state xfb;
	struct vvk_active_query active_queries[VVK_MAX_ACTIVE_QUERIES];
	uint32_t nr_active_queries;
	struct vvk_switch_memo switches[2]; /* the last two switches, newest first */
	struct vvk_pipeline *pipeline[VVK_BIND_COUNT];
	struct vvk_bound_sets bound[VVK_BIND_COUNT];
	struct vvk_vertex_binding vb[VVK_MAX_VERTEX_BUFFERS];
	uint32_t nr_vbs;
	struct vvk_buffer *index_buffer;
	VkDeviceSize index_offset;
	uint32_t index_size;
	VkViewport viewports[VVK_MAX_VIEWPORTS];
	VkRect2D scissors[VVK_MAX_VIEWPORTS];
	float blend_color[4];
	uint32_t stencil_ref;
	uint8_t push[VVK_MAX_PUSH_CONSTANTS];
	uint32_t base_instance; /* firstInstance of the last draw, for CONST[0] */
	struct vvk_render_state render;
	struct vvk_host_shadow host;
};

struct vvk_cmd_pool {
	struct vvk_cmd_buffer *buffers; /* every buffer allocated from it */
};

struct vvk_cmd_buffer {
	struct vvk_device *dev;
	struct vvk_cmd_pool *pool;
	struct vvk_cmd_buffer *prev, *next;
	enum vvk_cmd_state_kind state;
	VkResult error; /* sticky: the first failure while recording */
	/* reset and nothing recorded since: vkBeginCommandBuffer need not
	 * clear the ~17 KB of state again (GL resets, then begins) */
	bool clean;
	struct vdrm_cs cs;
	struct vvk_reflist refs;
	struct vvk_cmd_state st;
};

VVK_HANDLE_CASTS(vvk_cmd_pool, VkCommandPool)
VVK_HANDLE_CASTS(vvk_cmd_buffer, VkCommandBuffer)

/* Latches the first error of the recording. */
void vvk_cmd_set_error(struct vvk_cmd_buffer *cmd, VkResult r);
/* References for the BO list and the usage marks. */
void vvk_cmd_use_resource(struct vvk_cmd_buffer *cmd, struct vvk_usage *u,
			  struct vdrm_resource *res, bool write);
void vvk_cmd_use_memory(struct vvk_cmd_buffer *cmd, struct vvk_memory *mem, bool write);
void vvk_cmd_use_image(struct vvk_cmd_buffer *cmd, struct vvk_image *img, bool write);
void vvk_cmd_use_set(struct vvk_cmd_buffer *cmd, struct vvk_descriptor_set *set);
/* Forget what the host holds (after commands that change it behind the shadow). */
void vvk_cmd_invalidate_host_state(struct vvk_cmd_buffer *cmd);

/* vvk_cmd_descriptors.c */
void vvk_cmd_emit_descriptors(struct vvk_cmd_buffer *cmd, enum vvk_bind_point bp);
void vvk_cmd_emit_dynamic_offsets(struct vvk_cmd_buffer *cmd);
/* vvk_cmd_render.c */
void vvk_cmd_emit_framebuffer(struct vvk_cmd_buffer *cmd);
/* vvk_cmd_transfer.c: resolves `blit`'s boxes of src (multisample) into dst;
 * a format of 0 means the image's own. */
struct vdrm_cmd_blit;
void vvk_cmd_resolve(struct vvk_cmd_buffer *cmd, struct vvk_image *src, struct vvk_image *dst,
		     struct vdrm_cmd_blit *blit);
