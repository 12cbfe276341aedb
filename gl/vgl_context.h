/* SPDX-License-Identifier: MIT */
/*
 * A GL context: GL state, bindings, the objects it shares with its share
 * group, and its batch (vgl_batch.h). GL entry points act on the thread's
 * current context (vgl_current_context) and silently do nothing without one.
 *
 * Where the GL core's techniques live:
 *  1 descriptor sets per program   vgl_linked.c (layout, exact pools),
 *                                  vgl_descriptors.c (key, reuse, recycling)
 *  2 usage tracking                vgl_usage.c (vk/'s handles), vgl_map.c,
 *                                  vgl_buffer.c (glBufferSubData), vgl_read.c
 *  3 default uniform block         vgl_uniform.c (CPU copy, dirty range),
 *                                  vgl_ubo.c + vgl_draw_descriptors.c (block
 *                                  index -> binding point at draw time)
 *  4 dynamic UBO offsets           vgl_draw_descriptors.c
 *  5 one timeline                  vgl_device.c (the one submit path)
 * The draw path: vgl_draw.c -> vgl_draw_vertex.c, vgl_pipeline.c,
 * vgl_draw_descriptors.c; counters in vgl_stats.h.
 */
#pragma once

#include <GLES3/gl3.h>
#include <GLES3/gl31.h>
#include <pthread.h>

#include "vgl.h"
#include "vgl_image_unit.h"
#include "vgl_batch.h"
#include "vgl_draw.h"
#include "vgl_extensions.h"
#include "vgl_names.h"
#include "vgl_state.h"
#include "vgl_stats.h"
#include "vgl_vertex.h"

/* GL_MAX_UNIFORM_BUFFER_BINDINGS: ES 3.2 asks for 72 (3.1: 36), and at least the
 * stages' blocks together (four stages of 12 with geometry shaders) */
#define VGL_MAX_UBO_BINDINGS 72
#define VGL_MAX_STAGE_UNIFORM_BLOCKS 12 /* ES 3.1's per stage; the bindings serve three */
#define VGL_MAX_SSBO_BINDINGS 16
#define VGL_MAX_ATOMIC_BINDINGS 8   /* GL_ATOMIC_COUNTER_BUFFER points (vgl_atomic_counter.c) */

struct vgl_buffer;
struct vgl_debug;
struct vgl_ppo;
struct vgl_program;
struct vgl_storage;

/* What contexts of one share group share: buffers, shaders and programs. */
struct vgl_share {
	int refs;                 /* under vgl_bind_lock */
	pthread_mutex_t lock;
	struct vgl_names buffers;
	struct vgl_names programs;  /* shaders and programs: one namespace */
	struct vgl_names syncs;     /* GLsync values are these names */
	struct vgl_names textures, renderbuffers, samplers;  /* vgl_texture_share_finish */
	/* buffers mapped now (atomic, vgl_buffer_set_mapped): at 0, as nearly
	 * always, a draw need not look for a mapped buffer among its arrays */
	uint32_t mapped_buffers;
};

struct vgl_ubo_binding {
	struct vgl_buffer *buffer;  /* referenced */
	GLintptr offset;
	GLsizeiptr size;            /* 0: the whole buffer (glBindBufferBase) */
};

struct vgl_context {
	struct vgl_device *dev;
	struct vgl_share *share;
	uint32_t major, minor;
	GLenum error;               /* sticky first error (glGetError) */
	GLenum reset_strategy;      /* vgl_robustness.h */
	/* KHR_debug (vgl_debug.h): GL_DEBUG_OUTPUT, its _SYNCHRONOUS, an
	 * EGL debug context; the rest made on first use */
	bool debug_output, debug_sync, debug_context;
	struct vgl_debug *debug_state;
	struct vgl_state st;
	uint32_t dirty;             /* VGL_DIRTY_BIT()s */
	struct vgl_batch batch;
	struct vgl_surface *draw, *read;
	bool ever_bound;
	bool current;               /* in some thread (under vgl_bind_lock) */
	/* bindings */
	struct vgl_buffer *array_buffer, *uniform_buffer;
	struct vgl_buffer *copy_read_buffer, *copy_write_buffer;
	struct vgl_buffer *pixel_pack_buffer, *pixel_unpack_buffer;  /* vgl_pbo.h */
	struct vgl_buffer *xfb_buffer;     /* GL_TRANSFORM_FEEDBACK_BUFFER's generic binding */
	struct vgl_ubo_binding ubo[VGL_MAX_UBO_BINDINGS];
	/* ES 3.1 (vgl_compute.c): GL_SHADER_STORAGE_BUFFER's points, the
	 * indirect dispatch buffer, and whether a shader may have stored to
	 * memory since the last glMemoryBarrier */
	struct vgl_buffer *ssbo_buffer, *dispatch_indirect_buffer;
	struct vgl_ubo_binding ssbo[VGL_MAX_SSBO_BINDINGS];
	/* GL_ATOMIC_COUNTER_BUFFER's generic binding and points (vgl_atomic_counter.c) */
	struct vgl_buffer *atomic_buffer;
	struct vgl_ubo_binding atomic[VGL_MAX_ATOMIC_BINDINGS];
	/* where a range the host cannot bind (misaligned) is staged, per point */
	struct vgl_storage *atomic_staging[VGL_MAX_ATOMIC_BINDINGS];
	bool shader_stores;
	struct vgl_image_units images;     /* vgl_image_unit.c */
	struct vgl_buffer *draw_indirect_buffer;  /* ES 3.1 (vgl_draw_indirect.c) */
	struct vgl_buffer *texture_buffer; /* GL_TEXTURE_BUFFER's binding (vgl_texture_buffer.c) */
	struct vgl_vao default_vao, *vao;
	struct vgl_names vaos;
	struct vgl_program *program;       /* referenced */
	struct vgl_names pipelines;        /* ES 3.1 (vgl_program_pipeline.h) */
	struct vgl_ppo *pipeline;
	struct vgl_linked *clear_program;  /* masked clears (vgl_clear_draw.c) */
	struct vgl_current_attribs attribs;
	struct vgl_stream stream;          /* client arrays and indices */
	/* what the command buffer has bound now */
	VkPipeline bound_pipeline;
	struct vgl_drawn drawn;            /* vgl_draw.c: valid while ctx->dirty says so */
	struct vgl_stats stats;
	char *extensions;                  /* glGetString(GL_EXTENSIONS) */
	vgl_ext_mask_t ext_mask;           /* vgl_ext_mask_compute, at creation */
	struct vgl_texture_state *tex;     /* vgl_texture.h; NULL until first used */
	struct vgl_query_state *queries;   /* vgl_query.c; NULL until first used */
	struct vgl_xfb_state *xfb;         /* vgl_xfb.c; NULL until first used */
};

/* The thread's context even after a reset: for the few entry points that
 * still work then (vgl_robustness.h); all others use vgl_current_context. */
struct vgl_context *vgl_context_bound(void);

/* An ES 3.1 context (development only, vgl_context.c). */
static inline bool vgl_context_es31(const struct vgl_context *ctx)
{
	return ctx->major > 3 || (ctx->major == 3 && ctx->minor >= 1);
}

/* An ES 3.2 context (development only, made where vgl_es32.h allows). */
static inline bool vgl_context_es32(const struct vgl_context *ctx)
{
	return ctx->major > 3 || (ctx->major == 3 && ctx->minor >= 2);
}

/* Whether an ES 3.1 entry point may run: a context (NULL: no), of 3.1;
 * called in an earlier context it is INVALID_OPERATION, not ignored. */
bool vgl_es31_call(struct vgl_context *ctx);

/* Program pipelines and separable programs: ES 3.1, or an ES 2.0/3.0
 * context with GL_EXT_separate_shader_objects (the same entry points under
 * EXT names, the same tokens). */
bool vgl_context_sso(const struct vgl_context *ctx);
/* Whether a pipeline entry point may run (vgl_es31_call's rule, with
 * vgl_context_sso for ES 3.1). */
bool vgl_sso_call(struct vgl_context *ctx);

void vgl_error(struct vgl_context *ctx, GLenum error);
/* GL_OUT_OF_MEMORY or GL_CONTEXT_LOST-ish: maps a VGL_ result to a GL error. */
void vgl_error_result(struct vgl_context *ctx, int result);
