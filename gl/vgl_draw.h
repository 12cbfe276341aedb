/* SPDX-License-Identifier: MIT */
/*
 * The draw path's steps (vgl_draw.c runs them in order): vertex input
 * (vgl_draw_vertex.c), descriptors (vgl_draw_descriptors.c), dynamic state.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

#include "vgl_pipeline.h"
#include "vvk.h"

struct vgl_context;
struct vgl_linked;
struct vgl_fb;

struct vgl_draw {
	GLenum mode;
	VkPrimitiveTopology topology;
	GLint first;
	GLsizei count, instances;
	bool indexed;
	GLenum index_type;
	const void *indices;       /* offset into the element buffer, or client memory */
	bool line_loop;            /* drawn as a strip through a closing index list */
	GLint base_vertex;         /* added to every index (OES_draw_elements_base_vertex) */
	/* ES 3.1 indirect draws made by the host: counts, first and instances
	 * are in this buffer at indirect_offset (vgl_draw_indirect.c), and
	 * count and instances above are 1 */
	struct vgl_buffer *indirect;
	GLintptr indirect_offset;
};

/* ES 3.1 section 10.5: the commands in the indirect buffer. */
struct vgl_arrays_indirect {
	uint32_t count, instances, first, reserved;
};
struct vgl_elements_indirect {
	uint32_t count, instances, first_index;
	int32_t base_vertex;
	uint32_t reserved;
};

/*
 * What the draw path last gave vk/ for the application's draws, so that a
 * draw re-does only what the dirty bits (vgl_state.h) say changed since:
 * a draw with nothing dirty binds nothing and only draws.
 */
struct vgl_drawn {
	struct vgl_linked *linked;  /* the program the rest is for */
	uint64_t linked_id;         /* its id: the address alone may be a freed one's */
	struct vgl_pkey key;        /* of `pipeline`; its vertex layout is the bound one */
	VkPipeline pipeline;
	bool streamed;              /* vertex input is streamed: re-bound every draw */
	uint64_t pushed;            /* push_serial of the default block pushed (vgl_linked.c) */
	VkDescriptorSet set;        /* the program's set bound last (vgl_draw_descriptors.c) */
	/* the program's last two pipelines with their keys (recent[newest] the
	 * last): a toggled state finds its pipeline here, without the lock */
	struct {
		struct vgl_pkey key;
		VkPipeline pipeline;
		uint64_t gen;       /* key_gen when it was the key */
	} recent[2];
	uint32_t nr_recent, newest;
	/* one more with every key built whole: a recent key of the same
	 * generation differs from `key` at most in its depth/stencil and
	 * blending parts (vgl_pkey_equal_ds_blend) */
	uint64_t key_gen;
	uint64_t targets_seen;      /* vgl_fb.kept whose targets `key` has */
	GLenum mode;                /* of the last draw recorded with `linked` */
	/* the last vertex and instance that the bound arrays were checked to
	 * hold (vgl_draw.c: bind_vertex); -1: no more than their start */
	int64_t vertex_hi, instance_hi;
};

/* GL's draw mode as vk/'s topology; false: no mode. Line loops are strips
 * closed by an index list (*loop). */
bool vgl_draw_topology(const struct vgl_context *ctx, GLenum mode, VkPrimitiveTopology *t,
		       bool *loop);
/* A draw whose arguments are checked (glDrawArrays/Elements* after their own
 * errors): the framebuffer, program and buffer checks, then the draw. */
void vgl_draw_checked(struct vgl_context *ctx, const struct vgl_draw *d);
/* Binds vertex buffers and fills the layout part of the pipeline key (from
 * zeroed memory); *streamed: some input was streamed (client memory,
 * GL_FIXED), so the next draw must bind again. false: the draw cannot be
 * made (a GL error may be set). */
bool vgl_draw_vertex(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_draw *d,
		     VkCommandBuffer cmd, struct vgl_vertex_layout *layout, bool *streamed);
/* Binds the index buffer (line loops: a closing index list) and returns
 * the index count to draw; 0: nothing to draw. */
uint32_t vgl_draw_indices(struct vgl_context *ctx, const struct vgl_draw *d, VkCommandBuffer cmd);
/* Finds or writes the program's descriptor set and binds it with the
 * dynamic offsets; false: a block or sampler has nothing usable bound. */
bool vgl_draw_descriptors(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd);
/* Only uniform buffer ranges moved since vgl_draw_descriptors (VGL_DIRTY_UBO_OFFSETS):
 * the bound set again with the new dynamic offsets. */
bool vgl_draw_ubo_offsets(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd);
/* The largest index a draw reads (client arrays need it); -1 if unknown. */
int64_t vgl_draw_max_index(struct vgl_context *ctx, const struct vgl_draw *d);
/* Whether the draw's indices are there to read: client memory not NULL, or
 * [offset, offset + count * size) inside the element buffer's storage. */
bool vgl_draw_indices_present(const struct vgl_context *ctx, const struct vgl_draw *d);
/* The draw's indices where the CPU reads them (read back from the GPU if it
 * wrote them); NULL if they cannot be had (out of the buffer, lost device). */
const uint8_t *vgl_draw_cpu_indices(struct vgl_context *ctx, const struct vgl_draw *d);
uint32_t vgl_draw_index_at(const uint8_t *p, GLenum type, uint32_t i);
