/* SPDX-License-Identifier: MIT */
#include "vvk_meta.h"

#include "vdrm_cmds.h"
#include "vdrm_format.h"
#include "vvk_cmd_buffer.h"
#include "vvk_device.h"

/* IN[0] = corner of the unit square; CONST[0] = rect origin.xy, size.zw in
 * NDC; CONST[1].x = depth. */
static const char meta_vs[] =
	"VERT\n"
	"DCL IN[0]\n"
	"DCL OUT[0], POSITION\n"
	"DCL CONST[0..1]\n"
	"DCL TEMP[0]\n"
	"IMM[0] FLT32 {0.0, 1.0, 0.0, 0.0}\n"
	"MAD TEMP[0].xy, IN[0].xyyy, CONST[0].zwww, CONST[0].xyyy\n"
	"MOV TEMP[0].z, CONST[1].xxxx\n"
	"MOV TEMP[0].w, IMM[0].yyyy\n"
	"MOV OUT[0], TEMP[0]\n"
	"END\n";

static const char meta_fs[] =
	"FRAG\n"
	"PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
	"DCL OUT[0], COLOR\n"
	"DCL CONST[0]\n"
	"MOV OUT[0], CONST[0]\n"
	"END\n";

static uint32_t create_shader(struct vvk_device *dev, struct vdrm_cs *cs, const char *text,
			      uint32_t stage)
{
	uint32_t h = vvk_device_new_handle(dev);

	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = h, .type = stage, .num_tokens = 300, .data = text,
		.size_bytes = (uint32_t)strlen(text) });
	return h;
}

static void create_blends(struct vvk_device *dev, struct vdrm_cs *cs, struct vvk_meta *m)
{
	for (uint32_t i = 0; i <= VVK_MAX_COLOR_ATTACHMENTS; i++) {
		struct vdrm_cmd_create_blend b = { .handle = m->blend[i] = vvk_device_new_handle(dev),
						   .s0 = 1u /* independent */ };

		if (i < VVK_MAX_COLOR_ATTACHMENTS)
			b.rt[i] = 0xfu << 27;
		vdrm_encode_create_blend(cs, &b);
	}
}

static void create_dsas(struct vvk_device *dev, struct vdrm_cs *cs, struct vvk_meta *m)
{
	/* ALWAYS, and REPLACE with the reference for the stencil variants */
	const uint32_t stencil = 1u | 7u << 1 | 2u << 4 | 2u << 7 | 2u << 10 | 0xffu << 13 |
				 0xffu << 21;

	for (uint32_t i = 0; i < 4; i++) {
		struct vdrm_cmd_create_dsa d = { .handle = m->dsa[i] = vvk_device_new_handle(dev) };

		if (i & 1)
			d.s0 = 1u | 2u | 7u << 2;
		if (i & 2)
			d.stencil[0] = d.stencil[1] = stencil;
		vdrm_encode_create_dsa(cs, &d);
	}
}

static void create_objects(struct vvk_device *dev, struct vvk_meta *m)
{
	struct vdrm_cs *cs = vvk_device_setup_lock(dev);

	m->vs = create_shader(dev, cs, meta_vs, 0);
	m->fs = create_shader(dev, cs, meta_fs, 1);
	create_blends(dev, cs, m);
	create_dsas(dev, cs, m);
	m->rasterizer = vvk_device_new_handle(dev);
	/* multisample (bit 25, the host's GL_MULTISAMPLE): without it a
	 * drawn clear of a multisample target reached one sample a pixel */
	vdrm_encode_create_rasterizer(cs, &(struct vdrm_cmd_create_rasterizer){
		.handle = m->rasterizer, .s0 = 1u << 1 | 1u << 2 | 1u << 25 | 1u << 29,
		.point_size = 1.0f, .s3 = 0xffff, .line_width = 1.0f });
	m->vertex_elements = vvk_device_new_handle(dev);
	vdrm_encode_create_vertex_elements(cs, &(struct vdrm_cmd_create_vertex_elements){
		.handle = m->vertex_elements, .count = 1,
		.elems = &(struct vdrm_create_vertex_elements_elem){
			0, 0, 0, 29 /* R32G32_FLOAT */ } });
	vvk_device_setup_unlock(dev);
}

static VkResult create_quad(struct vvk_device *dev, struct vvk_meta *m)
{
	static const float corners[8] = { 0, 0, 1, 0, 0, 1, 1, 1 };
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
		.bind = VDRM_BIND_VERTEX_BUFFER, .width = sizeof(corners), .height = 1,
		.depth = 1, .array_size = 1,
	};
	struct vdrm_box box = { 0, 0, 0, sizeof(corners), 1, 1 };
	int ret = vdrm_resource_create(dev->vdrm, &info, &m->quad);

	if (!ret) {
		memcpy(m->quad->map, corners, sizeof(corners));
		ret = vdrm_resource_upload(dev->vdrm, m->quad, 0, &box);
	}
	if (!ret)
		ret = vdrm_resource_wait_idle(dev->vdrm, m->quad);
	return vvk_result_from_vdrm(ret);
}

VkResult vvk_meta_init(struct vvk_device *dev, struct vvk_meta *m)
{
	vvk_usage_init(&m->use);
	create_objects(dev, m);
	return create_quad(dev, m);
}

void vvk_meta_finish(struct vvk_device *dev, struct vvk_meta *m)
{
	uint32_t handles[] = { m->vs, m->fs, m->rasterizer, m->vertex_elements,
			       m->dsa[0], m->dsa[1], m->dsa[2], m->dsa[3] };

	for (size_t i = 0; i < VVK_ARRAY_SIZE(handles); i++)
		vvk_device_destroy_object(dev, VDRM_OBJ_NULL, handles[i]);
	for (size_t i = 0; i < VVK_ARRAY_SIZE(m->blend); i++)
		vvk_device_destroy_object(dev, VDRM_OBJ_BLEND, m->blend[i]);
	if (m->quad) {
		vvk_queue_flush_setup(&dev->queue);
		vvk_usage_wait_for_any(dev, &m->use);
		vdrm_resource_destroy(dev->vdrm, m->quad);
	}
}

static void bind_objects(struct vvk_cmd_buffer *cmd, const struct vvk_meta_clear *c)
{
	const struct vvk_meta *m = &cmd->dev->meta;
	uint32_t ds = ((c->ds_aspects & VK_IMAGE_ASPECT_DEPTH_BIT) ? 1 : 0) |
		      ((c->ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT) ? 2 : 0);
	uint32_t blend = c->color_index < 0 ? VVK_MAX_COLOR_ATTACHMENTS : (uint32_t)c->color_index;

	vdrm_encode_bind_blend(&cmd->cs, &(struct vdrm_cmd_bind_blend){ m->blend[blend] });
	vdrm_encode_bind_dsa(&cmd->cs, &(struct vdrm_cmd_bind_dsa){ m->dsa[ds] });
	vdrm_encode_bind_rasterizer(&cmd->cs, &(struct vdrm_cmd_bind_rasterizer){ m->rasterizer });
	vdrm_encode_bind_vertex_elements(&cmd->cs,
		&(struct vdrm_cmd_bind_vertex_elements){ m->vertex_elements });
	vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){ m->vs, 0 });
	vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){ m->fs, 1 });
	/* a geometry shader a draw left bound would shade the quad too */
	vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){ 0, 2 });
	/* and tessellation stages (sent only to a host that has them) */
	if (vvk_physical_device_has_tessellation(cmd->dev->pdev)) {
		vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){ 0, 3 });
		vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){ 0, 4 });
	}
	vdrm_encode_set_vertex_buffers(&cmd->cs, &(struct vdrm_cmd_set_vertex_buffers){
		.elems = &(struct vdrm_set_vertex_buffers_elem){ 8, 0, m->quad->res_handle },
		.count = 1 });
}

static void set_constants(struct vvk_cmd_buffer *cmd, const struct vvk_meta_clear *c)
{
	float w = (float)cmd->st.render.width, h = (float)cmd->st.render.height;
	float vs[8] = {
		2.0f * (float)c->rect.offset.x / w - 1.0f, 2.0f * (float)c->rect.offset.y / h - 1.0f,
		2.0f * (float)c->rect.extent.width / w, 2.0f * (float)c->rect.extent.height / h,
		c->ds.depth, 0, 0, 0,
	};
	uint32_t vsw[8], fsw[4];

	memcpy(vsw, vs, sizeof(vsw));
	memcpy(fsw, c->color.uint32, sizeof(fsw));
	vdrm_encode_set_constant_buffer(&cmd->cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 0, .elems = vsw, .count = 8 });
	vdrm_encode_set_constant_buffer(&cmd->cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 1, .elems = fsw, .count = 4 });
}

void vvk_meta_clear(struct vvk_cmd_buffer *cmd, const struct vvk_meta_clear *c)
{
	float w = (float)cmd->st.render.width, h = (float)cmd->st.render.height;

	bind_objects(cmd, c);
	set_constants(cmd, c);
	vdrm_encode_set_viewport_state(&cmd->cs, &(struct vdrm_cmd_set_viewport_state){
		.elems = &(struct vdrm_set_viewport_state_elem){ w / 2, h / 2, 1, w / 2, h / 2, 0 },
		.count = 1 });
	vdrm_encode_set_stencil_ref(&cmd->cs, &(struct vdrm_cmd_set_stencil_ref){
		.ref = (c->ds.stencil & 0xff) * 0x101u });
	/* clears write every sample, whatever mask a pipeline left */
	vdrm_encode_set_sample_mask(&cmd->cs, &(struct vdrm_cmd_set_sample_mask){ UINT32_MAX });
	vdrm_encode_draw_vbo(&cmd->cs, &(struct vdrm_cmd_draw_vbo){
		.count = 4, .mode = 5 /* TRIANGLE_STRIP */, .instance_count = 1, .max_index = 3 });
	vvk_cmd_use_resource(cmd, &cmd->dev->meta.use, cmd->dev->meta.quad, false);
	/* the shadow no longer says what the host holds */
	vvk_cmd_invalidate_host_state(cmd);
}
