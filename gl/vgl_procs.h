/* SPDX-License-Identifier: MIT */
/*
 * GL entry points by name. Each object file keeps ONE table of its entry
 * points (NULL-terminated); vgl_procs.c searches them all, so files never
 * edit a shared list.
 */
#pragma once

#include <stddef.h>

struct vgl_proc {
	const char *name;
	void *fn;
};

/* The i-th name of every table, sorted (for tests); NULL past the last. */
const char *vgl_proc_name(size_t i);
/* The extension function an ES 3.2 core name stands for (glBlendBarrier:
 * glBlendBarrierKHR), or NULL for any other name. */
const char *vgl_proc_es32_ext(const char *name);

/* { "glClear", vgl_Clear } */
#define VGL_PROC(n) { "gl" #n, (void *)vgl_##n }
/* an OES function under its EXT twin's name (EXT_texture_border_clamp) */
#define VGL_PROC_EXT(n) { "gl" #n "EXT", (void *)vgl_##n##OES }
/* a core function under its extension's EXT name, the same function
 * (EXT_separate_shader_objects: glUseProgramStagesEXT is glUseProgramStages) */
#define VGL_PROC_AS_EXT(n) { "gl" #n "EXT", (void *)vgl_##n }

extern const struct vgl_proc vgl_viewport_procs[];
extern const struct vgl_proc vgl_error_procs[], vgl_get_procs[], vgl_state_procs[], vgl_blend_procs[],
	vgl_clear_procs[], vgl_read_procs[], vgl_flush_procs[], vgl_buffer_procs[],
	vgl_vertex_procs[], vgl_shader_procs[], vgl_program_procs[], vgl_uniform_procs[],
	vgl_ubo_procs[], vgl_draw_procs[], vgl_sync_procs[], vgl_map_procs[], vgl_query_procs[],
	vgl_xfb_procs[], vgl_xfb_program_procs[], vgl_program_binary_procs[],
	vgl_robustness_procs[], vgl_compute_procs[], vgl_image_unit_procs[],
	vgl_draw_indirect_procs[], vgl_vertex_binding_procs[], vgl_multisample_procs[],
	vgl_fbo_param_procs[], vgl_program_interface_procs[],
	vgl_program_pipeline_procs[], vgl_separable_procs[];
/* EXT/OES_tessellation_shader's glPatchParameteri (vgl_linked_tess.c) */
extern const struct vgl_proc vgl_tess_procs[];
/* EXT/OES_primitive_bounding_box's glPrimitiveBoundingBox (vgl_bbox.c) */
extern const struct vgl_proc vgl_bbox_procs[];
/* KHR_debug (vgl_debug.c, vgl_debug_label.c) */
extern const struct vgl_proc vgl_debug_procs[], vgl_debug_label_procs[];
/* textures, renderbuffers, framebuffer objects (vgl_texture*.c, vgl_renderbuffer.c, vgl_fbo*.c) */
extern const struct vgl_proc vgl_texture_procs[], vgl_texture_image_procs[], vgl_texture_view_procs[], vgl_texture_compressed_procs[],
	vgl_texture_param_procs[], vgl_texture_level_procs[], vgl_texture_buffer_procs[], vgl_texture_ms_procs[], vgl_texture_copy_procs[], vgl_renderbuffer_procs[],
	vgl_fbo_procs[], vgl_fbo_status_procs[], vgl_sampler_procs[], vgl_egl_image_procs[],
	vgl_copy_image_procs[];
/* draw and read buffers, blits (vgl_draw_buffers.c, vgl_blit.c) */
extern const struct vgl_proc vgl_draw_buffers_procs[], vgl_blit_procs[];
