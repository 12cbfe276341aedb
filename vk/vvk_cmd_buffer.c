/* SPDX-License-Identifier: MIT */
#include "vvk_cmd_buffer.h"

#include "vvk_descriptor_set.h"
#include "vvk_device.h"
#include "vvk_image.h"
#include "vvk_memory.h"

void vvk_cmd_set_error(struct vvk_cmd_buffer *cmd, VkResult r)
{
	if (cmd->error == VK_SUCCESS)
		cmd->error = r;
}

void vvk_cmd_use_resource(struct vvk_cmd_buffer *cmd, struct vvk_usage *u,
			  struct vdrm_resource *res, bool write)
{
	if (!vvk_reflist_add(&cmd->refs, u, res, write))
		vvk_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
}

void vvk_cmd_use_memory(struct vvk_cmd_buffer *cmd, struct vvk_memory *mem, bool write)
{
	vvk_cmd_use_resource(cmd, &mem->usage, mem->res, write);
}

void vvk_cmd_use_image(struct vvk_cmd_buffer *cmd, struct vvk_image *img, bool write)
{
	vvk_cmd_use_resource(cmd, &img->use, img->res, write);
}

void vvk_cmd_use_set(struct vvk_cmd_buffer *cmd, struct vvk_descriptor_set *set)
{
	vvk_cmd_use_resource(cmd, &set->use, NULL, false);
}

void vvk_cmd_invalidate_host_state(struct vvk_cmd_buffer *cmd)
{
	struct vvk_cmd_state *st = &cmd->st;

	memset(&st->host, 0xff, sizeof(st->host));
	st->dirty = VVK_DIRTY_ALL;
}

/* The state zeroed around the host shadow, which is all ones: each byte
 * of it is written once. */
static void reset_recording(struct vvk_cmd_buffer *cmd)
{
	struct vvk_cmd_state *st = &cmd->st;
	size_t host = offsetof(struct vvk_cmd_state, host), past = host + sizeof(st->host);

	vdrm_cs_reset(&cmd->cs);
	vvk_reflist_reset(&cmd->refs);
	memset(st, 0, host);
	memset((uint8_t *)st + past, 0, sizeof(*st) - past);
	vvk_cmd_invalidate_host_state(cmd);
	cmd->error = VK_SUCCESS;
	cmd->clean = true;
}

/* ---- pools ------------------------------------------------------------------ */

VkResult vvk_CreateCommandPool(VkDevice device, const VkCommandPoolCreateInfo *pCreateInfo,
			       const VkAllocationCallbacks *pAllocator, VkCommandPool *pPool)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_cmd_pool *pool = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*pool));

	(void)pCreateInfo;
	if (!pool)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	*pPool = vvk_cmd_pool_to_handle(pool);
	return VK_SUCCESS;
}

static void free_cmd(struct vvk_cmd_buffer *cmd)
{
	struct vvk_cmd_pool *pool = cmd->pool;

	if (cmd->prev)
		cmd->prev->next = cmd->next;
	else
		pool->buffers = cmd->next;
	if (cmd->next)
		cmd->next->prev = cmd->prev;
	vdrm_cs_finish(&cmd->cs);
	vvk_reflist_finish(&cmd->refs);
	free(cmd);
}

void vvk_DestroyCommandPool(VkDevice device, VkCommandPool commandPool,
			    const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_cmd_pool *pool = vvk_cmd_pool_from_handle(commandPool);

	if (!pool)
		return;
	while (pool->buffers)
		free_cmd(pool->buffers);
	vvk_free(vvk_device_alloc(dev, pAllocator), pool);
}

VkResult vvk_ResetCommandPool(VkDevice device, VkCommandPool commandPool,
			      VkCommandPoolResetFlags flags)
{
	struct vvk_cmd_pool *pool = vvk_cmd_pool_from_handle(commandPool);

	(void)device;
	(void)flags;
	for (struct vvk_cmd_buffer *c = pool->buffers; c; c = c->next) {
		reset_recording(c);
		c->state = VVK_CMD_INITIAL;
	}
	return VK_SUCCESS;
}

/* ---- command buffers ------------------------------------------------------------ */

static struct vvk_cmd_buffer *cmd_new(struct vvk_device *dev, struct vvk_cmd_pool *pool)
{
	struct vvk_cmd_buffer *cmd = calloc(1, sizeof(*cmd));

	if (!cmd)
		return NULL;
	cmd->dev = dev;
	cmd->pool = pool;
	vdrm_cs_init(&cmd->cs);
	vvk_reflist_init(&cmd->refs);
	cmd->next = pool->buffers;
	if (pool->buffers)
		pool->buffers->prev = cmd;
	pool->buffers = cmd;
	return cmd;
}

VkResult vvk_AllocateCommandBuffers(VkDevice device, const VkCommandBufferAllocateInfo *pInfo,
				    VkCommandBuffer *pCommandBuffers)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_cmd_pool *pool = vvk_cmd_pool_from_handle(pInfo->commandPool);

	if (pInfo->level != VK_COMMAND_BUFFER_LEVEL_PRIMARY)
		return VK_ERROR_FEATURE_NOT_PRESENT;
	for (uint32_t i = 0; i < pInfo->commandBufferCount; i++) {
		struct vvk_cmd_buffer *cmd = cmd_new(dev, pool);

		if (!cmd) {
			vvk_FreeCommandBuffers(device, pInfo->commandPool, i, pCommandBuffers);
			return VK_ERROR_OUT_OF_HOST_MEMORY;
		}
		pCommandBuffers[i] = vvk_cmd_buffer_to_handle(cmd);
	}
	return VK_SUCCESS;
}

void vvk_FreeCommandBuffers(VkDevice device, VkCommandPool commandPool, uint32_t count,
			    const VkCommandBuffer *pCommandBuffers)
{
	(void)device;
	(void)commandPool;
	for (uint32_t i = 0; i < count; i++)
		if (pCommandBuffers[i])
			free_cmd(vvk_cmd_buffer_from_handle(pCommandBuffers[i]));
}

VkResult vvk_BeginCommandBuffer(VkCommandBuffer commandBuffer, const VkCommandBufferBeginInfo *pInfo)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	(void)pInfo;
	if (!cmd->clean)
		reset_recording(cmd);
	cmd->clean = false;
	cmd->state = VVK_CMD_RECORDING;
	return VK_SUCCESS;
}

VkResult vvk_EndCommandBuffer(VkCommandBuffer commandBuffer)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	if (cmd->cs.error)
		vvk_cmd_set_error(cmd, cmd->cs.error == VDRM_ERROR_OUT_OF_MEMORY
					       ? VK_ERROR_OUT_OF_HOST_MEMORY
					       : VK_ERROR_OUT_OF_DEVICE_MEMORY);
	cmd->state = cmd->error == VK_SUCCESS ? VVK_CMD_EXECUTABLE : VVK_CMD_INVALID;
	return cmd->error;
}

VkResult vvk_ResetCommandBuffer(VkCommandBuffer commandBuffer, VkCommandBufferResetFlags flags)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	(void)flags;
	reset_recording(cmd);
	cmd->state = VVK_CMD_INITIAL;
	return VK_SUCCESS;
}

uint32_t vvk_GetRecordedDwords(VkCommandBuffer commandBuffer, const uint32_t **pDwords)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	*pDwords = cmd->cs.buf;
	return cmd->cs.cdw;
}
