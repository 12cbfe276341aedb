/* SPDX-License-Identifier: MIT */
/* The extensions and limits ES 3.2 requires (vgl_es32.h). */
#include "vgl_es32.h"

#include <stddef.h>

#include "vgl_atomic_counter.h"
#include "vgl_compute.h"
#include "vgl_extensions.h"
#include "vgl_image_unit.h"

/*
 * The ES 3.2 spec's list of what it takes into core (ES 3.2 §1.3.1 and
 * appendix F), by the names virtgl's extension table uses: where an
 * extension has EXT and OES twins one name stands for both (the table turns
 * them on together). An extension not in virtgl's table at all counts as
 * missing, so the gate holds until the feature exists.
 */
static const char *const required[] = {
	"GL_KHR_blend_equation_advanced",
	"GL_KHR_debug",
	"GL_KHR_robustness",
	"GL_KHR_texture_compression_astc_ldr",
	"GL_OES_sample_shading",
	"GL_OES_sample_variables",
	"GL_OES_shader_image_atomic",
	"GL_OES_shader_multisample_interpolation",
	"GL_OES_texture_stencil8",
	"GL_OES_texture_storage_multisample_2d_array",
	"GL_EXT_color_buffer_float",
	"GL_EXT_copy_image",
	"GL_EXT_draw_buffers_indexed",
	"GL_EXT_geometry_shader",
	"GL_EXT_gpu_shader5",
	"GL_EXT_primitive_bounding_box",
	"GL_EXT_shader_io_blocks",
	"GL_EXT_tessellation_shader",
	"GL_EXT_texture_border_clamp",
	"GL_EXT_texture_buffer",
	"GL_EXT_texture_cube_map_array",
	"GL_OES_draw_elements_base_vertex",
};

const char *vgl_es32_first_missing(bool (*has)(const void *arg, const char *name),
				   const void *arg)
{
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!has(arg, required[i]))
			return required[i];
	return NULL;
}

/*
 * The implementation minimums ES 3.2 raised over ES 3.1 that a context with
 * all the extensions above may still miss (ES 3.2 tables 21.41-21.48): the
 * fragment stage's storage blocks, atomic counters and images, which virtgl
 * has only in compute shaders.
 */
static const struct {
	const char *name;
	GLenum pname;
	GLint64 min;
	bool (*get)(const struct vgl_context *ctx, GLenum pname, GLint64 *out);  /* glGet's source */
} minimums[] = {
	{ "GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS", GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, 1,
	  vgl_atomic_counter_get },
	{ "GL_MAX_FRAGMENT_ATOMIC_COUNTERS", GL_MAX_FRAGMENT_ATOMIC_COUNTERS, 8,
	  vgl_atomic_counter_get },
	{ "GL_MAX_FRAGMENT_IMAGE_UNIFORMS", GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 4, vgl_image_unit_get },
	{ "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS", GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 4,
	  vgl_compute_get },
};

static const char *short_limit(const struct vgl_context *ctx)
{
	GLint64 v;

	for (size_t i = 0; i < sizeof(minimums) / sizeof(minimums[0]); i++)
		if (!minimums[i].get(ctx, minimums[i].pname, &v) || v < minimums[i].min)
			return minimums[i].name;
	return NULL;
}

static bool context_has(const void *ctx, const char *name)
{
	return vgl_ext_on_name(ctx, name);
}

const char *vgl_es32_missing(const struct vgl_context *ctx)
{
	const char *ext = vgl_es32_first_missing(context_has, ctx);

	return ext ? ext : short_limit(ctx);
}
