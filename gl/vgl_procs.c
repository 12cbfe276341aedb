/* SPDX-License-Identifier: MIT */
#include "vgl_procs.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "vgl.h"

static const struct vgl_proc *const tables[] = {
	vgl_error_procs, vgl_get_procs, vgl_state_procs, vgl_blend_procs, vgl_clear_procs,
	vgl_read_procs, vgl_flush_procs, vgl_buffer_procs, vgl_vertex_procs, vgl_shader_procs,
	vgl_program_procs, vgl_uniform_procs, vgl_ubo_procs, vgl_draw_procs, vgl_sync_procs,
	vgl_map_procs, vgl_texture_procs, vgl_texture_image_procs, vgl_texture_compressed_procs,
	vgl_texture_param_procs, vgl_texture_level_procs, vgl_texture_buffer_procs, vgl_texture_ms_procs,
	vgl_texture_copy_procs, vgl_copy_image_procs, vgl_renderbuffer_procs, vgl_fbo_procs,
	vgl_fbo_status_procs,
	vgl_sampler_procs, vgl_egl_image_procs, vgl_query_procs,
	vgl_draw_buffers_procs, vgl_blit_procs, vgl_xfb_procs, vgl_xfb_program_procs,
	vgl_program_binary_procs, vgl_robustness_procs, vgl_compute_procs,
	vgl_draw_indirect_procs, vgl_vertex_binding_procs, vgl_multisample_procs,
	vgl_fbo_param_procs, vgl_image_unit_procs, vgl_program_interface_procs,
	vgl_program_pipeline_procs, vgl_separable_procs, vgl_debug_procs, vgl_debug_label_procs,
	vgl_tess_procs, vgl_bbox_procs,
};

/*
 * libglvnd asks for every GL name it knows (~3,350) at each MakeCurrent, so
 * the tables are merged once into one sorted index and searched by halves.
 * The index is fixed-size static storage: nothing to free, nothing to leak.
 */
#define MAX_PROCS 1024

static const struct vgl_proc *index_[MAX_PROCS];
static size_t nr_index;
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const struct vgl_proc *const *)a)->name,
		      (*(const struct vgl_proc *const *)b)->name);
}

static void build_index(void)
{
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct vgl_proc *p = tables[t]; p->name && nr_index < MAX_PROCS; p++)
			index_[nr_index++] = p;
	qsort(index_, nr_index, sizeof(index_[0]), by_name);
}

void *vgl_get_proc_address(const char *name)
{
	struct vgl_proc key = { name, NULL };
	const struct vgl_proc *kp = &key, *const *hit;

	if (!name || strncmp(name, "gl", 2) != 0)
		return NULL;
	pthread_once(&index_once, build_index);
	hit = bsearch(&kp, index_, nr_index, sizeof(index_[0]), by_name);
	return hit ? (*hit)->fn : NULL;
}

const char *vgl_proc_name(size_t i)
{
	pthread_once(&index_once, build_index);
	return i < nr_index ? index_[i]->name : NULL;
}
