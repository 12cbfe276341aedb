/* SPDX-License-Identifier: MIT */
/*
 * Compute pipelines from SPIR-V (tests/vk/shaders/, .comp): results read back
 * from host-visible storage buffers through vvk_InvalidateMappedMemoryRanges,
 * and from a storage image through a copy to a buffer.
 */
#include <string.h>

#include "vk_test.h"

#define GROUP 64 /* local_size_x of ssbo_id.comp and reverse.comp */

/* Dispatch sizes in workgroups: one, and several (gl_WorkGroupID matters). */
static const uint32_t group_counts[] = { 1, 4 };

/* data[i] = 3i + 1 for every global invocation i; the word after stays. */
START_TEST(ssbo_written_by_global_id)
{
	uint32_t groups = group_counts[_i], n = groups * GROUP;
	VkDescriptorSetLayoutBinding b = vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
	struct vkt_compute c = vkt_compute("ssbo_id.comp", &b, 1);
	struct vkt_buffer buf = vkt_buffer((n + 1) * 4, true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	const uint32_t *out = buf.map;

	memset(buf.map, 0xcd, (n + 1) * 4);
	vkt_flush(&buf);
	vkt_write_buffer(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buf.buf, 0, n * 4);
	vkt_dispatch(&c, groups, 1);
	vkt_invalidate(&buf);
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(out[i] == 3 * i + 1, "data[%u] = %u, want %u", i, out[i], 3 * i + 1);
	ck_assert_uint_eq(out[n], 0xcdcdcdcd);
	vkt_buffer_free(&buf);
	vkt_compute_free(&c);
}
END_TEST

/* Shared memory + barrier(): each workgroup reverses its 64 elements. */
START_TEST(shared_memory_reverses_each_group)
{
	uint32_t groups = group_counts[_i], n = groups * GROUP;
	VkDescriptorSetLayoutBinding b[2] = {
		vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER),
		vkt_compute_binding(1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER),
	};
	struct vkt_compute c = vkt_compute("reverse.comp", b, 2);
	struct vkt_buffer src = vkt_buffer(n * 4, true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	struct vkt_buffer dst = vkt_buffer(n * 4, true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	const uint32_t *out = dst.map;

	for (uint32_t i = 0; i < n; i++)
		((uint32_t *)src.map)[i] = 1000 + i;
	vkt_flush(&src);
	vkt_write_buffer(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, src.buf, 0, n * 4);
	vkt_write_buffer(c.set, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, dst.buf, 0, n * 4);
	vkt_dispatch(&c, groups, 1);
	vkt_invalidate(&dst);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t want = 1000 + (i / GROUP) * GROUP + (GROUP - 1 - i % GROUP);

		ck_assert_msg(out[i] == want, "dst[%u] = %u, want %u", i, out[i], want);
	}
	vkt_buffer_free(&src);
	vkt_buffer_free(&dst);
	vkt_compute_free(&c);
}
END_TEST

/* image_store.comp writes (x/255, y/255, 0, 1) at (x, y): 2x2 groups of 4x4. */
START_TEST(storage_image_written_by_compute)
{
	VkDescriptorSetLayoutBinding b = vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE);
	struct vkt_compute c = vkt_compute("image_store.comp", &b, 1);
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8,
					 VK_IMAGE_USAGE_STORAGE_BIT);
	uint8_t px[8 * 8 * 4];

	vkt_write_image(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, img.view, VK_NULL_HANDLE);
	vkt_dispatch(&c, 2, 2);
	vkt_read_image(&img, 0, 0, 4, px);
	for (uint32_t y = 0; y < 8; y++)
		for (uint32_t x = 0; x < 8; x++)
			vkt_assert_rgba8(px + 4 * (y * 8 + x), 1,
					 (const uint8_t[]){ (uint8_t)x, (uint8_t)y, 0, 0xff });
	vkt_image_free(&img);
	vkt_compute_free(&c);
}
END_TEST

/* vkCmdDispatchIndirect: the group counts come from a buffer at an offset
 * (12: aligned to 4, not 16); the host reads them when the grid runs. */
START_TEST(dispatch_indirect_reads_counts_from_buffer)
{
	uint32_t groups = group_counts[_i], n = groups * GROUP;
	VkDescriptorSetLayoutBinding b = vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
	struct vkt_compute c = vkt_compute("ssbo_id.comp", &b, 1);
	struct vkt_buffer buf = vkt_buffer((n + 1) * 4, true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	struct vkt_buffer args = vkt_buffer(32, true, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
	const uint32_t counts[8] = { 99, 99, 99, groups, 1, 1, 99, 99 };
	const uint32_t *out = buf.map;
	VkCommandBuffer cmd;

	memset(buf.map, 0xcd, (n + 1) * 4);
	memcpy(args.map, counts, sizeof(counts));
	vkt_flush(&buf);
	vkt_flush(&args);
	vkt_write_buffer(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buf.buf, 0, n * 4);
	cmd = vkt_begin();
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.layout, 0, 1, &c.set,
				  0, NULL);
	vvk_CmdDispatchIndirect(cmd, args.buf, 12);
	vkt_submit_wait(cmd);
	vkt_invalidate(&buf);
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(out[i] == 3 * i + 1, "data[%u] = %u, want %u", i, out[i], 3 * i + 1);
	ck_assert_uint_eq(out[n], 0xcdcdcdcd);
	vkt_buffer_free(&args);
	vkt_buffer_free(&buf);
	vkt_compute_free(&c);
}
END_TEST

/* Offsets the host would read outside the buffer from (or misaligned) are
 * refused when recorded: the command buffer fails to end. */
static const VkDeviceSize bad_indirect_offsets[] = { 2, 24, 32, 36 };

START_TEST(dispatch_indirect_bad_offset_is_an_error)
{
	VkDescriptorSetLayoutBinding b = vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
	struct vkt_compute c = vkt_compute("ssbo_id.comp", &b, 1);
	struct vkt_buffer args = vkt_buffer(32, true, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
	VkCommandBuffer cmd = vkt_begin();

	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline);
	vvk_CmdDispatchIndirect(cmd, args.buf, bad_indirect_offsets[_i]);
	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_ERROR_VALIDATION_FAILED_EXT);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &cmd);
	vkt_buffer_free(&args);
	vkt_compute_free(&c);
}
END_TEST

static Suite *compute_suite(void)
{
	Suite *s = suite_create("vk compute");
	TCase *tc = tcase_create("spirv");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, ssbo_written_by_global_id, 0, VKT_ARRAY_SIZE(group_counts));
	tcase_add_loop_test(tc, shared_memory_reverses_each_group, 0,
			    VKT_ARRAY_SIZE(group_counts));
	tcase_add_test(tc, storage_image_written_by_compute);
	tcase_add_loop_test(tc, dispatch_indirect_reads_counts_from_buffer, 0,
			    VKT_ARRAY_SIZE(group_counts));
	tcase_add_loop_test(tc, dispatch_indirect_bad_offset_is_an_error, 0,
			    VKT_ARRAY_SIZE(bad_indirect_offsets));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(compute_suite);
}
