/* SPDX-License-Identifier: MIT */
/*
 * Texel buffers on a real host: buffer views as uniform texel buffers (a
 * SAMPLER_VIEW on the memory's buffer resource, read with texelFetch) and as
 * storage texel buffers (SET_SHADER_IMAGES on the buffer, imageStore), from
 * SPIR-V compute shaders; the bytes are read back and checked.
 */
#include <math.h>
#include <string.h>

#include "vk_test.h"

#define N 32     /* invocations: 4 workgroups of 8 */
#define GROUP 8
#define OFFSET 64 /* the views start inside their buffers */

static VkBufferView buffer_view(VkBuffer buf, VkFormat format, VkDeviceSize offset,
				VkDeviceSize range)
{
	VkBufferView v;

	ck_assert_int_eq(vvk_CreateBufferView(T.dev, &(VkBufferViewCreateInfo){
		.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO, .buffer = buf,
		.format = format, .offset = offset, .range = range }, NULL, &v), VK_SUCCESS);
	return v;
}

static void write_texel(VkDescriptorSet set, uint32_t b, VkDescriptorType type, VkBufferView v)
{
	vvk_UpdateDescriptorSets(T.dev, 1, &(VkWriteDescriptorSet){
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = b,
		.descriptorCount = 1, .descriptorType = type, .pTexelBufferView = &v }, 0, NULL);
}

START_TEST(test_format_features)
{
	VkPhysicalDeviceProperties props;
	VkFormatProperties p;

	vvk_GetPhysicalDeviceProperties(T.pdev, &props);
	ck_assert_uint_ge(props.limits.maxTexelBufferElements, 65536);
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_R8G8B8A8_UNORM, &p);
	ck_assert(p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
	ck_assert(p.bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT);
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_R32G32B32_SFLOAT, &p);
	ck_assert(p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
	ck_assert(!(p.bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT));
	/* GL has no sRGB texture buffers */
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_R8G8B8A8_SRGB, &p);
	ck_assert(!(p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT));
}
END_TEST

/* RGBA8 texels from byte OFFSET of the buffer: texel i = (i, 2i, 255 - i, 7) / 255. */
START_TEST(test_uniform_texel_buffer)
{
	VkDescriptorSetLayoutBinding b[2] = {
		vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER),
		vkt_compute_binding(1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER),
	};
	struct vkt_compute c = vkt_compute("texel_read.comp", b, 2);
	struct vkt_buffer src = vkt_buffer(OFFSET + N * 4, true,
					   VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT);
	struct vkt_buffer out = vkt_buffer(N * 16, true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	uint8_t *texels = (uint8_t *)src.map + OFFSET;
	const float *o = out.map;
	VkBufferView v;

	memset(src.map, 0xee, OFFSET);
	for (int i = 0; i < N; i++) {
		const uint8_t t[4] = { (uint8_t)i, (uint8_t)(2 * i), (uint8_t)(255 - i), 7 };

		memcpy(texels + 4 * i, t, 4);
	}
	vkt_flush(&src);
	v = buffer_view(src.buf, VK_FORMAT_R8G8B8A8_UNORM, OFFSET, N * 4);
	write_texel(c.set, 0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, v);
	vkt_write_buffer(c.set, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf, 0, VK_WHOLE_SIZE);
	vkt_dispatch(&c, N / GROUP, 1);
	vkt_invalidate(&out);
	for (int i = 0; i < N; i++) {
		const uint8_t *t = texels + 4 * i;

		/* unorm -> float may differ from C's division in the last bit */
		for (int k = 0; k < 4; k++)
			ck_assert_msg(fabsf(o[4 * i + k] - (float)t[k] / 255.0f) < 1e-6f,
				      "texel %d.%d = %f", i, k, (double)o[4 * i + k]);
	}
	vvk_DestroyBufferView(T.dev, v, NULL);
	vkt_buffer_free(&src);
	vkt_buffer_free(&out);
	vkt_compute_free(&c);
}
END_TEST

/* R32_UINT elements from byte OFFSET: element i = 3i + 1, the bytes around it kept. */
START_TEST(test_storage_texel_buffer)
{
	VkDescriptorSetLayoutBinding b = vkt_compute_binding(0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER);
	struct vkt_compute c = vkt_compute("texel_write.comp", &b, 1);
	uint32_t size = OFFSET + N * 4 + 16;
	struct vkt_buffer buf = vkt_buffer(size, true, VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT);
	const uint32_t *w = buf.map;
	VkBufferView v;

	memset(buf.map, 0xcd, size);
	vkt_flush(&buf);
	v = buffer_view(buf.buf, VK_FORMAT_R32_UINT, OFFSET, N * 4);
	write_texel(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, v);
	vkt_dispatch(&c, N / GROUP, 1);
	vkt_invalidate(&buf);
	for (uint32_t i = 0; i < size / 4; i++) {
		bool in = i >= OFFSET / 4 && i < OFFSET / 4 + N;
		uint32_t want = in ? (i - OFFSET / 4) * 3 + 1 : 0xcdcdcdcdu;

		ck_assert_msg(w[i] == want, "word %u = %#x, want %#x", i, w[i], want);
	}
	vvk_DestroyBufferView(T.dev, v, NULL);
	vkt_buffer_free(&buf);
	vkt_compute_free(&c);
}
END_TEST

/* A view must start on a whole element: RGB32 (12 bytes) at 16 cannot. */
START_TEST(test_view_offset_checked)
{
	struct vkt_buffer buf = vkt_buffer(256, true, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT);
	VkBufferView v;

	ck_assert_int_ne(vvk_CreateBufferView(T.dev, &(VkBufferViewCreateInfo){
		.sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO, .buffer = buf.buf,
		.format = VK_FORMAT_R32G32B32_SFLOAT, .offset = 16, .range = 48 }, NULL, &v),
		VK_SUCCESS);
	v = buffer_view(buf.buf, VK_FORMAT_R32G32B32_SFLOAT, 48, VK_WHOLE_SIZE);
	vvk_DestroyBufferView(T.dev, v, NULL);
	vkt_buffer_free(&buf);
}
END_TEST

static Suite *texel_suite(void)
{
	Suite *s = suite_create("vk_texel");
	TCase *tc = tcase_create("texel");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_format_features);
	tcase_add_test(tc, test_uniform_texel_buffer);
	tcase_add_test(tc, test_storage_texel_buffer);
	tcase_add_test(tc, test_view_offset_checked);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(texel_suite);
}
