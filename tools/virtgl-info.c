/* SPDX-License-Identifier: MIT */
/*
 * virtgl-info: open the virtio-gpu 3D device through virtgl's drm/ layer and
 * print what the host offers. With --selftest, also clear a render target on
 * the host and read it back.
 *
 * Transport: VIRTGL_TRANSPORT=drm|vtest|auto (default auto: the virtio_gpu
 * render node if there is one, else vtest, starting a private
 * virgl_test_server when none answers on VIRTGL_VTEST_SOCKET).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "vdrm_format.h"

static void print_header(struct vdrm_device *dev)
{
	const struct vdrm_caps *c = vdrm_device_caps(dev);

	printf("transport:        %s (%s)\n", vdrm_device_transport_name(dev),
	       vdrm_device_transport_detail(dev));
	printf("capset:           %u (%s), version %u\n", c->capset_id,
	       c->capset_id == 2 ? "virgl2" : "virgl", c->max_version);
	printf("host renderer:    %s\n", c->renderer[0] ? c->renderer : "(not reported)");
	printf("glsl level:       %u\n", c->glsl_level);
	printf("feature version:  %u\n", c->host_feature_check_version);
	printf("capability bits:  0x%08x, v2 0x%08x\n", c->capability_bits,
	       c->capability_bits_v2);
}

static void print_limits(const struct vdrm_caps *c)
{
	printf("limits:\n");
	printf("  max texture 2d/3d/cube:   %u / %u / %u\n", c->max_texture_2d_size,
	       c->max_texture_3d_size, c->max_texture_cube_size);
	printf("  max array layers:         %u\n", c->max_texture_array_layers);
	printf("  max render targets:       %u\n", c->max_render_targets);
	printf("  max samples:              %u\n", c->max_samples);
	printf("  max vertex attribs:       %u\n", c->max_vertex_attribs);
	printf("  max vertex outputs:       %u\n", c->max_vertex_outputs);
	printf("  max uniform blocks:       %u (incl. CONST[0]), %u bytes each\n",
	       c->max_uniform_blocks, c->max_uniform_block_size);
	printf("  ubo offset alignment:     %u\n", c->uniform_buffer_offset_alignment);
	printf("  max texture image units:  %u\n", c->max_texture_image_units);
	printf("  texel offsets:            %d .. %d\n", c->min_texel_offset,
	       c->max_texel_offset);
	printf("  max anisotropy:           %.1f\n", c->max_anisotropy);
	printf("  line width / point size:  %.1f / %.1f\n", c->max_aliased_line_width,
	       c->max_aliased_point_size);
	printf("  primitive mask:           0x%x\n", c->prim_mask);
	printf("  compute invocations:      %u, shared %u bytes\n",
	       c->max_compute_work_group_invocations, c->max_compute_shared_memory_size);
}

static void print_formats(const struct vdrm_caps *c, uint32_t usage, const char *title)
{
	unsigned n = 0, col = 0;

	for (uint32_t f = 0; f < VDRM_FORMAT_MAX; f++)
		n += vdrm_format_describe(f) && vdrm_caps_format_supports(c, f, usage);
	printf("%s (%u):\n ", title, n);
	for (uint32_t f = 0; f < VDRM_FORMAT_MAX; f++) {
		const char *name = vdrm_format_name(f);

		if (!vdrm_format_describe(f) || !vdrm_caps_format_supports(c, f, usage))
			continue;
		if (col + strlen(name) > 76) {
			printf("\n ");
			col = 0;
		}
		col += printf(" %s", name);
	}
	printf("\n");
}

/* ---- --selftest: clear a 64x64 target on the host and read it back --------- */

#define ST_SIZE 64
#define ST_SURFACE 1

static uint32_t float_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static void encode_clear(struct vdrm_cs *cs, uint32_t res_handle, const float rgba[4])
{
	vdrm_encode_create_surface(cs, &(struct vdrm_cmd_create_surface){
		.handle = ST_SURFACE, .res = res_handle, .format = VDRM_FORMAT_R8G8B8A8_UNORM });
	vdrm_encode_set_framebuffer_state(cs, &(struct vdrm_cmd_set_framebuffer_state){
		.elems = (const uint32_t[]){ ST_SURFACE }, .count = 1 });
	vdrm_encode_clear(cs, &(struct vdrm_cmd_clear){
		.buffers = 4 /* COLOR0 */,
		.color = { float_bits(rgba[0]), float_bits(rgba[1]), float_bits(rgba[2]),
			   float_bits(rgba[3]) },
		.depth = 1.0 });
	vdrm_encode_destroy_object(cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_SURFACE, .handle = ST_SURFACE });
}

static int count_mismatches(const uint8_t *px, const uint8_t want[4])
{
	int bad = 0;

	for (int i = 0; i < ST_SIZE * ST_SIZE; i++)
		bad += memcmp(px + 4 * i, want, 4) != 0;
	return bad;
}

static int run_selftest(struct vdrm_device *dev)
{
	const struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM,
		.bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW,
		.width = ST_SIZE, .height = ST_SIZE, .depth = 1, .array_size = 1,
	};
	const float rgba[4] = { 1.0f, 0.2f, 0.6f, 1.0f };
	const uint8_t want[4] = { 0xff, 0x33, 0x99, 0xff };
	struct vdrm_box box = { 0, 0, 0, ST_SIZE, ST_SIZE, 1 };
	struct vdrm_resource *rt = NULL;
	struct vdrm_cs cs;
	uint64_t point = 0;
	int ret, bad = -1;

	vdrm_cs_init(&cs);
	ret = vdrm_resource_create(dev, &info, &rt);
	if (!ret) {
		encode_clear(&cs, rt->res_handle, rgba);
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){
			.cs = &cs, .resources = &rt, .nr_resources = 1, .in_fence_fd = -1 }, &point);
	}
	if (!ret)
		ret = vdrm_device_wait(dev, point, 10ll * 1000 * 1000 * 1000);
	if (!ret)
		ret = vdrm_resource_download(dev, rt, 0, &box);
	if (!ret)
		bad = count_mismatches(rt->map, want);
	if (ret)
		fprintf(stderr, "selftest: %s: %s\n", vdrm_result_name(ret), vdrm_device_error(dev));
	else
		printf("selftest: cleared %dx%d RGBA8 to %02x%02x%02x%02x at point %llu, "
		       "read back: %d of %d pixels differ -> %s\n", ST_SIZE, ST_SIZE, want[0],
		       want[1], want[2], want[3], (unsigned long long)point, bad,
		       ST_SIZE * ST_SIZE, bad ? "FAIL" : "PASS");
	vdrm_resource_destroy(dev, rt);
	vdrm_cs_finish(&cs);
	return ret ? ret : bad ? -1 : 0;
}

static void usage(void)
{
	printf("usage: virtgl-info [--selftest] [--no-formats]\n"
	       "  VIRTGL_TRANSPORT=drm|vtest|auto  VIRTGL_VTEST_SOCKET=PATH\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "selftest", no_argument, NULL, 's' },
		{ "no-formats", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct vdrm_device_create_info info = { .may_spawn_server = true };
	struct vdrm_error err = { 0 };
	struct vdrm_device *dev;
	bool selftest = false, formats = true;
	int c, ret;

	while ((c = getopt_long(argc, argv, "snh", opts, NULL)) != -1) {
		if (c == 's')
			selftest = true;
		else if (c == 'n')
			formats = false;
		else {
			usage();
			return c == 'h' ? 0 : 2;
		}
	}
	if (vdrm_device_create_info_from_env(&info, &err) ||
	    vdrm_device_create(&info, &dev, &err)) {
		fprintf(stderr, "virtgl-info: %s (%s)\n", err.message, vdrm_result_name(err.code));
		return 1;
	}
	print_header(dev);
	print_limits(vdrm_device_caps(dev));
	if (formats) {
		print_formats(vdrm_device_caps(dev), VDRM_FORMAT_SAMPLE, "sampler formats");
		print_formats(vdrm_device_caps(dev), VDRM_FORMAT_RENDER, "render formats");
		print_formats(vdrm_device_caps(dev), VDRM_FORMAT_DEPTH_STENCIL,
			      "depth/stencil formats");
	}
	ret = selftest ? run_selftest(dev) : 0;
	vdrm_device_destroy(dev);
	return ret ? 1 : 0;
}
