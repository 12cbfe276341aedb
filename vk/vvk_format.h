/* SPDX-License-Identifier: MIT */
/*
 * VkFormat -> virgl format (the wire number), and what a format is made of.
 * Formats outside the table are not supported at all; which of those in it
 * the host can sample, render or fetch comes from the caps (vvk_instance.c).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

/* 0 when the format has no virgl equivalent. */
uint32_t vvk_format_to_virgl(VkFormat format);
VkImageAspectFlags vvk_format_aspects(VkFormat format);
/* Bytes per block and block size in texels (0 for an unknown format). */
uint32_t vvk_format_block_bytes(VkFormat format);
uint32_t vvk_format_block_width(VkFormat format);
uint32_t vvk_format_block_height(VkFormat format);
/* A format GL can read as a texture buffer (storage: also write through an image unit). */
bool vvk_format_is_texel_buffer(VkFormat format, bool storage);
