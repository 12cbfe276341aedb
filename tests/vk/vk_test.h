/* SPDX-License-Identifier: MIT */
/*
 * What every vk/ suite shares: a device on a real host (a private
 * virgl_test_server, or the kernel driver with VIRTGL_TRANSPORT=drm), and
 * small helpers for buffers, images, submissions and read-back.
 */
#pragma once

#include <check.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

struct vkt {
	VkInstance instance;
	VkPhysicalDevice pdev;
	VkDevice dev;
	VkQueue queue;
	VkCommandPool pool;
};

extern struct vkt T;

#define VKT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct vkt_buffer {
	VkBuffer buf;
	VkDeviceMemory mem;
	void *map; /* NULL for device-local memory */
	VkDeviceSize size;
};

struct vkt_image {
	VkImage img;
	VkDeviceMemory mem;
	VkImageView view;
	VkFormat format;
	uint32_t w, h, layers, levels;
};

/* check fixture: device up / down */
void vkt_setup(void);
void vkt_teardown(void);
/* Runs the suite against a host (starts and stops the vtest server). */
int vkt_main(Suite *(*make_suite)(void));

struct vkt_buffer vkt_buffer(VkDeviceSize size, bool host_visible, VkBufferUsageFlags usage);
void vkt_buffer_free(struct vkt_buffer *b);
void vkt_flush(const struct vkt_buffer *b);
void vkt_invalidate(const struct vkt_buffer *b);

struct vkt_image vkt_image(VkFormat format, uint32_t w, uint32_t h, VkImageUsageFlags usage);
struct vkt_image vkt_image_ex(const VkImageCreateInfo *ci, VkImageViewType view_type);
void vkt_image_free(struct vkt_image *img);

VkCommandBuffer vkt_begin(void);
/* Ends, submits with a fence, waits, frees the command buffer. */
void vkt_submit_wait(VkCommandBuffer cmd);
/* Reads one layer/level of a colour image into `out` (w*h*bpp bytes). */
void vkt_read_image(const struct vkt_image *img, uint32_t level, uint32_t layer, uint32_t bpp,
		    void *out);
/* Asserts every pixel of an RGBA8 read-back equals `want`. */
void vkt_assert_rgba8(const uint8_t *px, uint32_t n, const uint8_t want[4]);
uint32_t vkt_rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a);

/* A module from tests/vk/shaders/<name>.spv (compiled from GLSL at build time). */
VkShaderModule vkt_spirv_module(const char *name);
/* Descriptor helpers: one binding table drives the set layout and its pool. */
VkDescriptorSetLayout vkt_set_layout(const VkDescriptorSetLayoutBinding *b, uint32_t n);
VkDescriptorPool vkt_descriptor_pool(const VkDescriptorSetLayoutBinding *b, uint32_t n,
				     uint32_t max_sets);
VkDescriptorSet vkt_alloc_set(VkDescriptorPool pool, VkDescriptorSetLayout layout);
void vkt_write_buffer(VkDescriptorSet set, uint32_t binding, VkDescriptorType type, VkBuffer buf,
		      VkDeviceSize offset, VkDeviceSize range);
void vkt_write_image(VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
		     VkImageView view, VkSampler sampler);
VkPipelineLayout vkt_pipeline_layout(const VkDescriptorSetLayout *sets, uint32_t n,
				     const VkPushConstantRange *push);

/* A compute pipeline from one shader, with one descriptor set of bindings `b`. */
struct vkt_compute {
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkPipeline pipeline;
};

struct vkt_compute vkt_compute(const char *shader, const VkDescriptorSetLayoutBinding *b,
			       uint32_t n);
void vkt_compute_free(struct vkt_compute *c);
/* Binds the pipeline and its set, dispatches x*y*1 groups, submits and waits. */
void vkt_dispatch(const struct vkt_compute *c, uint32_t x, uint32_t y);
/* One descriptor of `type` at `binding`, seen by the compute stage. */
VkDescriptorSetLayoutBinding vkt_compute_binding(uint32_t binding, VkDescriptorType type);
