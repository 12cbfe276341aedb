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
	vgl_map_procs, vgl_texture_procs, vgl_texture_image_procs, vgl_texture_view_procs, vgl_texture_compressed_procs,
	vgl_texture_param_procs, vgl_texture_level_procs, vgl_texture_buffer_procs, vgl_texture_ms_procs,
	vgl_texture_copy_procs, vgl_copy_image_procs, vgl_renderbuffer_procs, vgl_fbo_procs,
	vgl_fbo_status_procs,
	vgl_sampler_procs, vgl_egl_image_procs, vgl_query_procs,
	vgl_draw_buffers_procs, vgl_blit_procs, vgl_xfb_procs, vgl_xfb_program_procs,
	vgl_program_binary_procs, vgl_robustness_procs, vgl_compute_procs,
	vgl_draw_indirect_procs, vgl_vertex_binding_procs, vgl_multisample_procs,
	vgl_fbo_param_procs, vgl_image_unit_procs, vgl_program_interface_procs,
	vgl_program_pipeline_procs, vgl_separable_procs, vgl_debug_procs, vgl_debug_label_procs,
	vgl_tess_procs, vgl_bbox_procs, vgl_viewport_procs,
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

/*
 * ES 3.2's core names of entry points that extensions brought first: each
 * is the extension's function under the unsuffixed name (the same checks and
 * errors). A name whose extension function does not exist yet is not listed
 * by the index either (glBlendBarrier, glPrimitiveBoundingBox until theirs
 * arrive).
 */
static const struct { const char *name, *ext; } es32_names[] = {
	{ "glBlendBarrier", "glBlendBarrierKHR" },
	{ "glCopyImageSubData", "glCopyImageSubDataOES" },
	{ "glDebugMessageControl", "glDebugMessageControlKHR" },
	{ "glDebugMessageInsert", "glDebugMessageInsertKHR" },
	{ "glDebugMessageCallback", "glDebugMessageCallbackKHR" },
	{ "glGetDebugMessageLog", "glGetDebugMessageLogKHR" },
	{ "glPushDebugGroup", "glPushDebugGroupKHR" },
	{ "glPopDebugGroup", "glPopDebugGroupKHR" },
	{ "glObjectLabel", "glObjectLabelKHR" },
	{ "glObjectPtrLabel", "glObjectPtrLabelKHR" },
	{ "glGetObjectLabel", "glGetObjectLabelKHR" },
	{ "glGetObjectPtrLabel", "glGetObjectPtrLabelKHR" },
	{ "glGetPointerv", "glGetPointervKHR" },
	{ "glEnablei", "glEnableiOES" },
	{ "glDisablei", "glDisableiOES" },
	{ "glIsEnabledi", "glIsEnablediOES" },
	{ "glBlendEquationi", "glBlendEquationiOES" },
	{ "glBlendEquationSeparatei", "glBlendEquationSeparateiOES" },
	{ "glBlendFunci", "glBlendFunciOES" },
	{ "glBlendFuncSeparatei", "glBlendFuncSeparateiOES" },
	{ "glColorMaski", "glColorMaskiOES" },
	{ "glDrawElementsBaseVertex", "glDrawElementsBaseVertexOES" },
	{ "glDrawRangeElementsBaseVertex", "glDrawRangeElementsBaseVertexOES" },
	{ "glDrawElementsInstancedBaseVertex", "glDrawElementsInstancedBaseVertexOES" },
	{ "glFramebufferTexture", "glFramebufferTextureOES" },
	{ "glPrimitiveBoundingBox", "glPrimitiveBoundingBoxOES" },
	{ "glGetGraphicsResetStatus", "glGetGraphicsResetStatusKHR" },
	{ "glReadnPixels", "glReadnPixelsKHR" },
	{ "glGetnUniformfv", "glGetnUniformfvKHR" },
	{ "glGetnUniformiv", "glGetnUniformivKHR" },
	{ "glGetnUniformuiv", "glGetnUniformuivKHR" },
	{ "glMinSampleShading", "glMinSampleShadingOES" },
	{ "glPatchParameteri", "glPatchParameteriOES" },
	{ "glTexParameterIiv", "glTexParameterIivOES" },
	{ "glTexParameterIuiv", "glTexParameterIuivOES" },
	{ "glGetTexParameterIiv", "glGetTexParameterIivOES" },
	{ "glGetTexParameterIuiv", "glGetTexParameterIuivOES" },
	{ "glSamplerParameterIiv", "glSamplerParameterIivOES" },
	{ "glSamplerParameterIuiv", "glSamplerParameterIuivOES" },
	{ "glGetSamplerParameterIiv", "glGetSamplerParameterIivOES" },
	{ "glGetSamplerParameterIuiv", "glGetSamplerParameterIuivOES" },
	{ "glTexBuffer", "glTexBufferOES" },
	{ "glTexBufferRange", "glTexBufferRangeOES" },
	{ "glTexStorage3DMultisample", "glTexStorage3DMultisampleOES" },
};
#define NR_ES32 (sizeof(es32_names) / sizeof(es32_names[0]))

static struct vgl_proc es32_procs[NR_ES32];

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const struct vgl_proc *const *)a)->name,
		      (*(const struct vgl_proc *const *)b)->name);
}

static void *find(const char *name)
{
	struct vgl_proc key = { name, NULL };
	const struct vgl_proc *kp = &key, *const *hit;

	hit = bsearch(&kp, index_, nr_index, sizeof(index_[0]), by_name);
	return hit ? (*hit)->fn : NULL;
}

/* The ES 3.2 names whose extension function is there join the index. */
static void add_es32_names(void)
{
	size_t n = 0;

	for (size_t i = 0; i < NR_ES32; i++) {
		void *fn = find(es32_names[i].ext);

		if (fn && !find(es32_names[i].name))
			es32_procs[n++] = (struct vgl_proc){ es32_names[i].name, fn };
	}
	for (size_t i = 0; i < n && nr_index < MAX_PROCS; i++)
		index_[nr_index++] = &es32_procs[i];
	qsort(index_, nr_index, sizeof(index_[0]), by_name);
}

static void build_index(void)
{
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct vgl_proc *p = tables[t]; p->name && nr_index < MAX_PROCS; p++)
			index_[nr_index++] = p;
	qsort(index_, nr_index, sizeof(index_[0]), by_name);
	add_es32_names();
}

const char *vgl_proc_es32_ext(const char *name)
{
	for (size_t i = 0; i < NR_ES32; i++)
		if (strcmp(es32_names[i].name, name) == 0)
			return es32_names[i].ext;
	return NULL;
}

void *vgl_get_proc_address(const char *name)
{
	if (!name || strncmp(name, "gl", 2) != 0)
		return NULL;
	pthread_once(&index_once, build_index);
	return find(name);
}

const char *vgl_proc_name(size_t i)
{
	pthread_once(&index_once, build_index);
	return i < nr_index ? index_[i]->name : NULL;
}
