/* SPDX-License-Identifier: MIT */
/*
 * Clears the masks forbid the host's CLEAR: one triangle over the
 * framebuffer from an internal program (no vertex input: gl_VertexID),
 * with a pipeline whose colour write mask, depth (ALWAYS, write) and
 * stencil (ALWAYS, REPLACE with the clear value, the write mask) do the
 * clear, clipped to the scissor box. The program is compiled once per
 * context through the same GLSL path as the application's.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_shader.h"
#include "vgl_clear.h"
#include "vgl_context.h"
#include "vgl_draw.h"
#include "vgl_framebuffer.h"
#include "vgl_pipeline.h"
#include "vgl_program.h"

static const char clear_vs[] =
	"#version 300 es\n"
	"uniform float u_depth;\n"
	"void main() {\n"
	"  vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
	"  gl_Position = vec4(p, u_depth, 1.0);\n"
	"}\n";
/* every draw buffer gets the colour; the write masks pick those cleared */
static const char clear_fs[] =
	"#version 300 es\n"
	"precision highp float;\n"
	"uniform vec4 u_color;\n"
	"layout(location = 0) out vec4 o[4];\n"
	"void main() { o[0] = u_color; o[1] = u_color; o[2] = u_color; o[3] = u_color; }\n";
_Static_assert(VGL_MAX_DRAW_BUFFERS == 4, "the clear shader writes 4 draw buffers");

static struct glsl_shader *compile(const char *src, enum glsl_stage stage)
{
	size_t len = SIZE_MAX;
	const char *s = src;

	return glsl_shader_compile(&(struct glsl_compile_info){
		.strings = &s, .lengths = &len, .count = 1, .stage = stage });
}

static struct vgl_linked *build_program(struct vgl_context *ctx)
{
	struct vgl_shader vs = { .kind = VGL_POBJ_SHADER, .type = GL_VERTEX_SHADER };
	struct vgl_shader fs = { .kind = VGL_POBJ_SHADER, .type = GL_FRAGMENT_SHADER };
	struct vgl_program p = { .kind = VGL_POBJ_PROGRAM, .vs = &vs, .fs = &fs };
	struct vgl_linked *l = NULL;
	char *log = NULL;

	vs.compiled = compile(clear_vs, GLSL_STAGE_VERTEX);
	fs.compiled = compile(clear_fs, GLSL_STAGE_FRAGMENT);
	if (vs.compiled && fs.compiled)
		vgl_linked_create(ctx, &p, &l, &log);
	if (vs.compiled)
		glsl_shader_destroy(vs.compiled);
	if (fs.compiled)
		glsl_shader_destroy(fs.compiled);
	free(log);
	return l;
}

void vgl_clear_finish(struct vgl_context *ctx)
{
	vgl_linked_unref(ctx->clear_program);
	ctx->clear_program = NULL;
}

static void set_uniform(struct vgl_linked *l, const char *name, const void *v, uint32_t size)
{
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		if (strcmp(u->name, name) != 0)
			continue;
		memcpy(l->data + u->offset, v, size);
		l->dirty_lo = u->offset < l->dirty_lo ? u->offset : l->dirty_lo;
		l->dirty_hi = u->offset + size > l->dirty_hi ? u->offset + size : l->dirty_hi;
	}
}

static VkStencilOpState stencil_state(const struct vgl_clear_req *req)
{
	return (VkStencilOpState){ VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE,
				   VK_STENCIL_OP_REPLACE, VK_COMPARE_OP_ALWAYS, 0xff,
				   req->stencil_mask, 0 };
}

static void clear_key(const struct vgl_fb *fb, const struct vgl_clear_req *req,
		      struct vgl_pkey *key)
{
	memset(key, 0, sizeof(*key));
	key->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
	vgl_pkey_targets(key, fb);
	key->cull = VK_CULL_MODE_NONE;
	key->front = VK_FRONT_FACE_CLOCKWISE;
	key->line_width = 1.0f;
	key->flags |= VGL_PKEY_WINDOW_Z; /* clear_vs's z is the clear depth */
	if (req->depth) {
		key->flags |= VGL_PKEY_DEPTH_TEST | VGL_PKEY_DEPTH_WRITE;
		key->depth_op = VK_COMPARE_OP_ALWAYS;
	}
	if (req->stencil) {
		key->flags |= VGL_PKEY_STENCIL;
		key->stencil[0] = key->stencil[1] = stencil_state(req);
	}
	for (uint32_t i = 0; req->color && i < key->nr_colors; i++)
		if (req->color_buffers & (1u << i))
			key->color_masks |= req->color_masks & (0xfu << (4 * i));
}

/* Pipeline, uniforms and the default-block set, under the program's lock. */
static bool bind_program(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_fb *fb,
			 const struct vgl_clear_req *req, VkCommandBuffer cmd)
{
	/* a VGL_PKEY_WINDOW_Z pipeline: vk/'s clip space z is the window
	 * depth itself here */
	float depth = req->depth_value;
	struct vgl_pkey key;
	VkPipeline p;
	bool ok;

	clear_key(fb, req, &key);
	pthread_mutex_lock(&l->lock);
	set_uniform(l, "u_color", req->color_value.float32, 16);
	set_uniform(l, "u_depth", &depth, 4);
	vgl_linked_upload_uniforms(ctx, l);
	p = vgl_pipeline_get(ctx, l, &key);
	if (p != VK_NULL_HANDLE && p != ctx->bound_pipeline)
		vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	ctx->bound_pipeline = p;
	ok = p != VK_NULL_HANDLE && vgl_draw_descriptors(ctx, l, cmd);
	pthread_mutex_unlock(&l->lock);
	return ok;
}

void vgl_clear_draw(struct vgl_context *ctx, const struct vgl_fb *fb,
		    const struct vgl_clear_req *req, const VkRect2D *rect)
{
	VkCommandBuffer cmd = ctx->batch.cmd;

	if (!ctx->clear_program)
		ctx->clear_program = build_program(ctx);
	if (!ctx->clear_program) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_batch_use(ctx, &ctx->clear_program->obj);
	if (!bind_program(ctx, ctx->clear_program, fb, req, cmd))
		return;
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, (float)fb->width, (float)fb->height,
						     0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, rect);
	vvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, req->stencil_value & 0xff);
	vvk_CmdDraw(cmd, 3, 1, 0, 0);
	/* the application's dynamic state and descriptor set must be sent
	 * again (its pipeline is re-bound as ctx->bound_pipeline differs) */
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VIEWPORT) | VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR) |
		      VGL_DIRTY_BIT(VGL_DIRTY_STENCIL_REF) | VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}
