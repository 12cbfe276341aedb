/* SPDX-License-Identifier: MIT */
/*
 * vk/: a thin Vulkan-style command layer on virgl commands (the role a Vulkan
 * driver plays under zink). A subset of Vulkan 1.3 with the Vulkan-Headers
 * types, under the project prefix vvk_ (never bare vk*: those are the loader's
 * and Mesa's symbols). The semantics are Vulkan's; what is not here is listed
 * at the end of this comment.
 *
 * Design (decided; docs/ARCHITECTURE.md, "The techniques", gives the why of
 * the timeline, the usage handles and the descriptor pools):
 *
 * Timeline. Every vvk_QueueSubmit2 batch gets ONE point of drm/'s device-wide
 * 64-bit timeline, assigned by vdrm_device_submit under drm/'s lock at the
 * moment it is handed to the host, never at record time. A timeline
 * semaphore keeps a short sorted list value -> point of the submits that
 * signal it; waiting for a value (CPU or GPU) waits for that point. The host
 * executes one context's submissions in order, so a GPU wait on a value that
 * an earlier submit signals needs nothing. A submit that waits for a value no
 * submit has signalled yet (wait-before-signal, e.g. vvk_SignalSemaphore
 * from the CPU later) is queued: it and every later submit stay pending,
 * in order, until the value is signalled, and are flushed from
 * vvk_SignalSemaphore or from the submit that signals it. Resources carry a
 * usage handle (vvk_usage.h: last read point, last write point) that only
 * its helpers interpret.
 *
 * Memory. Two memory types: 0 = DEVICE_LOCAL, 1 = DEVICE_LOCAL | HOST_VISIBLE
 * | HOST_CACHED (not coherent). A VkDeviceMemory owns ONE virgl buffer
 * resource (bind VERTEX_BUFFER: the host wants exactly one buffer bind, and
 * GL lets any buffer serve any target), created when a buffer is bound or
 * the memory is mapped. A VkBuffer is (memory, offset, size): every command
 * uses the memory's resource plus the offset. vvk_FlushMappedMemoryRanges
 * uploads the range; vvk_InvalidateMappedMemoryRanges waits for the last GPU
 * writer, then downloads it. Images own a virgl texture created at
 * vvk_CreateImage (OPTIMAL tiling only), report their backing layout size,
 * accept memory type 0 only, and binding just records.
 *
 * Objects. CREATE_OBJECT commands (pipeline state objects, shaders, sampler
 * states, sampler views, surfaces) and DESTROY_OBJECT go to a device-level
 * setup stream, flushed in front of the next submission; handles come from
 * one allocator per host context (never 0). The host runs everything in
 * order, so a destroy lands after every use already submitted.
 *
 * Conventions (Vulkan -> the host): rasterizer front_ccw = (frontFace ==
 * COUNTER_CLOCKWISE): the host's rasterizer state is gallium's, whose
 * winding is measured with y down like Vulkan's (virglrenderer converts for
 * GL; measured: a CCW quad under BACK culling is drawn only this way, and
 * the (frontFace == CLOCKWISE) rule first planned culls it); clip_halfz = 1
 * (depth range [0,1]) unless VK_EXT_depth_clip_control's negativeOneToOne
 * asks for GL's -w <= z <= w (what gl/ draws with: no z remap in its vertex
 * shaders); viewport scale = (w/2, h/2, maxDepth - minDepth), translate =
 * (x + w/2, y + h/2, minDepth), halved and centred for negativeOneToOne: a
 * positive y scale, so rows map 1:1 to memory.
 * Half-pixel centres. Vertex attribute location L is vertex element L.
 * Indexed draws fold firstIndex into SET_INDEX_BUFFER's offset: the host
 * ignores DRAW_VBO's start for them (measured; Mesa's virgl does the same).
 *
 * Descriptors. Each set layout binding gets virgl slots per kind (UBOs from
 * CONST[1] - CONST[0] holds push constants -, sampler views/states, SSBOs,
 * images), the same slot in every stage; a pipeline layout concatenates its
 * sets. Pools are sized exactly from their create info. Freed sets return to
 * the pool only once the last batch that used them completed. Binding sets
 * emits only what changed, per stage and kind; dynamic offsets go into
 * SET_UNIFORM_BUFFER / SET_SHADER_BUFFERS offsets. Separate samplers
 * (VK_DESCRIPTOR_TYPE_SAMPLER) take no slot: the host pairs sampler state i
 * with view i, so the compiler samples at the image's slot and reports each
 * (image, sampler) pair a stage combines; the pipeline keeps them and
 * descriptor emission binds the paired sampler's state in the image's slot,
 * per stage. An image sampled with two samplers in one shader is rejected.
 *
 * Shaders. A TGSI text that does not fit one command (65535 dwords) goes as
 * CREATE_SHADER_PART commands: a first part and continuations, back to back
 * in the setup stream. Shaders are shared by content like the other objects
 * (vvk_object_cache.h), keyed on all their commands, i.e. the whole text.
 *
 * Command buffers record straight into a virgl command stream with a sticky
 * error (returned by vvk_EndCommandBuffer), plus the resources they reference
 * (the DRM BO list) and how (read/write, for the usage handles).
 *
 * Multisampling. Images of 2 to max_samples samples (2D, one level, formats
 * in the caps' multisample mask) are multisample textures; a pipeline with
 * rasterizationSamples > 1 sets the rasterizer's multisample bit, sends its
 * sample mask (SET_SAMPLE_MASK) and min samples, and puts alpha-to-coverage
 * into the blend state. Colour resolves (rendering resolve attachments at
 * vvk_CmdEndRendering, vvk_CmdResolveImage) are same-size BLITs, which the
 * host runs as glBlitFramebuffer. Depth/stencil resolves are not offered.
 *
 * Texel buffers. A buffer view of a uniform texel buffer is a SAMPLER_VIEW
 * (element range) on the memory's buffer resource; a storage texel buffer is
 * bound with SET_SHADER_IMAGES' buffer layout (byte offset and size). The
 * memory's VERTEX_BUFFER-bound resource serves both: the host gives any GL
 * buffer a texture-buffer object on first use (measured:
 * tests/vk/test_vk_texel.c), so no memory needs another bind.
 *
 * Queries. Every query of a pool owns one host query object per value and
 * a 16-byte CUSTOM buffer resource per value, which the host writes the
 * result block into (vdrm_query.h). Reset and end also write a marker into
 * that block on the host's timeline (RESOURCE_INLINE_WRITE), so a block
 * tells "reset", "ended, result pending" and "done" apart without a guess.
 * A result is waited for through the query's usage handle: only the
 * submission that last ended (or reset) it. Occlusion queries have a second
 * host object, the any-samples one, used when VK_QUERY_CONTROL_PRECISE_BIT
 * is absent. Transform feedback queries (stream 0) count primitives written
 * and needed. vvk_CmdCopyQueryPoolResults and pipeline statistics are not
 * offered.
 *
 * Samplers take VK_EXT_custom_border_color's colours (without a format,
 * float and int alike, sent to the host as raw dwords) where the host is
 * not GLES (vvk_GetPhysicalDeviceFeatures2 says so).
 *
 * Not implemented (knowingly): render passes/framebuffers (dynamic rendering
 * only), depth/stencil resolves, secondary command buffers,
 * indirect draws, linear images, sparse, external memory,
 * multiple viewports, dynamic vertex strides, partial clears of array
 * layers other than the first.
 */
#pragma once

#include <stdint.h>
#include <vulkan/vulkan_core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- project extensions ---------------------------------------------------- */

/*
 * Chained to VkShaderModuleCreateInfo: the module is TGSI text, not SPIR-V
 * (used for internal pipelines and hand-written test shaders). codeSize may
 * be 0 and pCode NULL then.
 */
#define VVK_STRUCTURE_TYPE_SHADER_MODULE_TGSI_INFO ((VkStructureType)0x76766b01)

struct vvk_shader_module_tgsi_info {
	VkStructureType sType;
	const void *pNext;
	const char *text;        /* NUL-terminated TGSI, copied */
	uint32_t num_tokens;     /* 0: derived from the text length */
	uint32_t local_size[3];  /* compute */
	uint32_t shared_size;    /* compute: bytes of shared memory */
};

/*
 * Chained to VkImageCreateInfo: an image shared as a dma-buf (DRM transport
 * only; vtest has none: VK_ERROR_FEATURE_NOT_PRESENT). fd >= 0 imports that
 * dma-buf of the same virtio-gpu (the fd stays the caller's; another
 * device's buffer or a closed fd is VK_ERROR_INVALID_EXTERNAL_HANDLE);
 * fd < 0 creates a new image that can be exported (bind SHARED, plus
 * SCANOUT with VVK_IMAGE_DMA_BUF_SCANOUT). drm_format is the buffer's
 * single-plane fourcc: its virgl format (vdrm_format_from_fourcc) is the
 * resource's, VkImageCreateInfo.format says how views read it (B8G8R8A8 for
 * XRGB8888: the host reads X as 1). Only 2D, one level, one layer, one
 * sample. The buffer's layout is the shared one: stride = width x bytes per
 * pixel, offset 0.
 */
#define VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO ((VkStructureType)0x76766b02)

enum vvk_image_dma_buf_flags {
	VVK_IMAGE_DMA_BUF_SCANOUT = 1u << 0,
};

struct vvk_image_dma_buf_info {
	VkStructureType sType;
	const void *pNext;
	int fd;
	uint32_t drm_format;
	uint32_t flags;          /* enum vvk_image_dma_buf_flags */
};

/*
 * Chained to VkQueryPoolCreateInfo of an occlusion pool: the queries begun
 * without VK_QUERY_CONTROL_PRECISE_BIT may answer "some samples passed" even
 * when none did (GL's ANY_SAMPLES_PASSED_CONSERVATIVE); the host may then
 * skip work that an exact answer needs.
 */
#define VVK_STRUCTURE_TYPE_QUERY_POOL_OCCLUSION_INFO ((VkStructureType)0x76766b03)

struct vvk_query_pool_occlusion_info {
	VkStructureType sType;
	const void *pNext;
	VkBool32 conservative;
};

/*
 * Chained to VkGraphicsPipelineCreateInfo: the vertex stage's stream output
 * (transform feedback). VK_EXT_transform_feedback says this with SPIR-V
 * XfbBuffer/XfbStride/Offset decorations on whole output variables; GL
 * captures single array elements and struct members, which those cannot
 * name, so entries here go by interface Location and component range.
 * Location VVK_STREAM_OUTPUT_POSITION / _POINT_SIZE names the built-ins.
 * Offsets and strides are bytes, multiples of 4; at most 64 entries and 4
 * buffers. An entry the shader has no output for leaves its bytes alone.
 */
#define VVK_STRUCTURE_TYPE_PIPELINE_STREAM_OUTPUT_INFO ((VkStructureType)0x76766b04)
#define VVK_STREAM_OUTPUT_POSITION 0x100u
#define VVK_STREAM_OUTPUT_POINT_SIZE 0x101u
#define VVK_MAX_STREAM_OUTPUT_BUFFERS 4u
/* viewports and scissors: SET_VIEWPORT_STATE's most elements, and what
 * OES_viewport_array asks for at least */
#define VVK_MAX_VIEWPORTS 16u
#define VVK_MAX_STREAM_OUTPUT_ENTRIES 64u

struct vvk_stream_output_entry {
	uint32_t location;
	uint32_t component;      /* first component, 0..3 */
	uint32_t componentCount; /* 1..4 - component */
	uint32_t buffer;
	uint32_t offset;         /* bytes into the buffer's vertex record */
};

struct vvk_pipeline_stream_output_info {
	VkStructureType sType;
	const void *pNext;
	uint32_t strides[VVK_MAX_STREAM_OUTPUT_BUFFERS]; /* bytes per vertex record */
	uint32_t entryCount;
	const struct vvk_stream_output_entry *pEntries;
};

/*
 * Chained to VkGraphicsPipelineCreateInfo: the advanced blend equations
 * (KHR_blend_equation_advanced's layout(blend_support_...)) the fragment
 * shader declares, bit e for VK_BLEND_OP_MULTIPLY_EXT's run numbered from
 * 1 (MULTIPLY) to 15 (HSL_LUMINOSITY) as KHR's table. Where the host does
 * the blending it declares them to the host's compiler; without this
 * struct, attachment 0's op alone is declared.
 */
#define VVK_STRUCTURE_TYPE_PIPELINE_BLEND_SUPPORT_INFO ((VkStructureType)0x76766b05)

struct vvk_pipeline_blend_support_info {
	VkStructureType sType;
	const void *pNext;
	uint32_t equations;
};

/*
 * Chained to VkPipelineRasterizationStateCreateInfo: which clip distances
 * clip (bit i: ClipDistance[i]; GL's GL_CLIP_DISTANCEi enables). Without
 * it every one the last stage before rasterization writes does, as Vulkan
 * says. Cull distances always cull.
 */
#define VVK_STRUCTURE_TYPE_PIPELINE_CLIP_DISTANCE_INFO ((VkStructureType)0x76766b06)

struct vvk_pipeline_clip_distance_info {
	VkStructureType sType;
	const void *pNext;
	uint32_t enableMask;
};

/*
 * A query type of this layer: the GPU time, in ns, between vvk_CmdBeginQuery
 * and vvk_CmdEndQuery (the host's TIME_ELAPSED), one 64-bit value. Offered
 * where the queue family reports timestampValidBits.
 */
#define VVK_QUERY_TYPE_TIME_ELAPSED ((VkQueryType)0x76766b10)

/*
 * Chained to VkPhysicalDeviceProperties2: the storage buffers and images one
 * vertex, geometry or tessellation shader may use. Vulkan's per-stage limits
 * (maxPerStageDescriptorStorage*) are one number for all stages; virgl hosts
 * give the fragment and compute stages one (those limits) and the others
 * another, often lower or 0 (max_shader_buffer_other_stages,
 * max_shader_image_other_stages). A layout binding of those types naming
 * such a stage takes one of these slots there.
 */
#define VVK_STRUCTURE_TYPE_PHYSICAL_DEVICE_STAGE_STORAGE_PROPERTIES ((VkStructureType)0x76766b05)

struct vvk_physical_device_stage_storage_properties {
	VkStructureType sType;
	void *pNext;
	uint32_t maxVertexPipelineStorageBuffers;
	uint32_t maxVertexPipelineStorageImages;
	uint32_t maxCombinedStorageBuffers;   /* all stages of a pipeline together */
};

/* A new dma-buf fd of an image (the caller closes it): any image on the DRM
 * transport; VK_ERROR_FEATURE_NOT_PRESENT on vtest. */
VkResult vvk_GetImageDmaBufFd(VkDevice device, VkImage image, int *pFd);

/*
 * VK_SUCCESS, or VK_ERROR_DEVICE_LOST once the host is lost (for good). With
 * probe, first asks without blocking whether the host hung up (a system
 * call); without, reads a flag (cheap enough for every GL call).
 */
VkResult vvk_GetDeviceStatus(VkDevice device, VkBool32 probe);
/* Waits for a foreign pollable fd (POLLIN) as long as the device's host still
 * answers: VK_SUCCESS, VK_TIMEOUT, VK_ERROR_DEVICE_LOST (the host is lost
 * meanwhile), VK_ERROR_UNKNOWN (fd cannot be polled). UINT64_MAX: forever. */
VkResult vvk_WaitForeignFd(VkDevice device, int fd, uint64_t timeout_ns);

/* What a descriptor pool holds now (tests count recycling with it). */
struct vvk_descriptor_pool_stats {
	uint32_t max_sets;
	uint32_t sets_allocated; /* live sets */
	uint32_t sets_retired;   /* freed, waiting for their last batch */
	uint32_t free_descriptors[VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT + 1];
};

/*
 * A pollable fd (POLLIN once the semaphore reaches `value`): backed by
 * drm/'s exported fence of the point that signals it. VK_NOT_READY when no
 * submission signals the value yet (wait-before-signal cannot be an fd).
 */
VkResult vvk_GetSemaphoreFdForValue(VkDevice device, VkSemaphore semaphore, uint64_t value,
				    int *pFd);
void vvk_GetDescriptorPoolStats(VkDevice device, VkDescriptorPool pool,
				struct vvk_descriptor_pool_stats *stats);
/* The virgl dwords a command buffer has recorded so far (tests decode what
 * a sequence of calls emits); valid until the next command is recorded. */
uint32_t vvk_GetRecordedDwords(VkCommandBuffer commandBuffer, const uint32_t **pDwords);

/* ---- instance and physical device --------------------------------------------- */

VkResult vvk_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
			    const VkAllocationCallbacks *pAllocator, VkInstance *pInstance);
void vvk_DestroyInstance(VkInstance instance, const VkAllocationCallbacks *pAllocator);
VkResult vvk_EnumeratePhysicalDevices(VkInstance instance, uint32_t *pCount,
				      VkPhysicalDevice *pDevices);
void vvk_GetPhysicalDeviceProperties(VkPhysicalDevice pdev, VkPhysicalDeviceProperties *p);
void vvk_GetPhysicalDeviceProperties2(VkPhysicalDevice pdev, VkPhysicalDeviceProperties2 *p);
void vvk_GetPhysicalDeviceFeatures(VkPhysicalDevice pdev, VkPhysicalDeviceFeatures *f);
void vvk_GetPhysicalDeviceFeatures2(VkPhysicalDevice pdev, VkPhysicalDeviceFeatures2 *f);
void vvk_GetPhysicalDeviceFormatProperties(VkPhysicalDevice pdev, VkFormat format,
					   VkFormatProperties *p);
VkResult vvk_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice pdev, VkFormat format,
						    VkImageType type, VkImageTiling tiling,
						    VkImageUsageFlags usage,
						    VkImageCreateFlags flags,
						    VkImageFormatProperties *p);
void vvk_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice pdev,
					   VkPhysicalDeviceMemoryProperties *p);
void vvk_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice pdev, uint32_t *pCount,
						VkQueueFamilyProperties *p);

/* ---- device and queue ------------------------------------------------------------ */

VkResult vvk_CreateDevice(VkPhysicalDevice pdev, const VkDeviceCreateInfo *pCreateInfo,
			  const VkAllocationCallbacks *pAllocator, VkDevice *pDevice);
void vvk_DestroyDevice(VkDevice device, const VkAllocationCallbacks *pAllocator);
void vvk_GetDeviceQueue(VkDevice device, uint32_t family, uint32_t index, VkQueue *pQueue);
VkResult vvk_DeviceWaitIdle(VkDevice device);
VkResult vvk_QueueSubmit2(VkQueue queue, uint32_t count, const VkSubmitInfo2 *pSubmits,
			  VkFence fence);
VkResult vvk_QueueWaitIdle(VkQueue queue);

/* ---- synchronisation ---------------------------------------------------------- */

VkResult vvk_CreateFence(VkDevice device, const VkFenceCreateInfo *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkFence *pFence);
void vvk_DestroyFence(VkDevice device, VkFence fence, const VkAllocationCallbacks *pAllocator);
VkResult vvk_ResetFences(VkDevice device, uint32_t count, const VkFence *pFences);
VkResult vvk_GetFenceStatus(VkDevice device, VkFence fence);
VkResult vvk_WaitForFences(VkDevice device, uint32_t count, const VkFence *pFences,
			   VkBool32 waitAll, uint64_t timeout);
VkResult vvk_CreateSemaphore(VkDevice device, const VkSemaphoreCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkSemaphore *pSemaphore);
void vvk_DestroySemaphore(VkDevice device, VkSemaphore semaphore,
			  const VkAllocationCallbacks *pAllocator);
VkResult vvk_GetSemaphoreCounterValue(VkDevice device, VkSemaphore semaphore, uint64_t *pValue);
VkResult vvk_WaitSemaphores(VkDevice device, const VkSemaphoreWaitInfo *pWaitInfo,
			    uint64_t timeout);
VkResult vvk_SignalSemaphore(VkDevice device, const VkSemaphoreSignalInfo *pSignalInfo);

/* ---- memory, buffers, images ------------------------------------------------------ */

VkResult vvk_AllocateMemory(VkDevice device, const VkMemoryAllocateInfo *pAllocateInfo,
			    const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory);
void vvk_FreeMemory(VkDevice device, VkDeviceMemory memory, const VkAllocationCallbacks *pAllocator);
VkResult vvk_MapMemory(VkDevice device, VkDeviceMemory memory, VkDeviceSize offset,
		       VkDeviceSize size, VkMemoryMapFlags flags, void **ppData);
void vvk_UnmapMemory(VkDevice device, VkDeviceMemory memory);
VkResult vvk_FlushMappedMemoryRanges(VkDevice device, uint32_t count,
				     const VkMappedMemoryRange *pRanges);
VkResult vvk_InvalidateMappedMemoryRanges(VkDevice device, uint32_t count,
					  const VkMappedMemoryRange *pRanges);

VkResult vvk_CreateBuffer(VkDevice device, const VkBufferCreateInfo *pCreateInfo,
			  const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer);
void vvk_DestroyBuffer(VkDevice device, VkBuffer buffer, const VkAllocationCallbacks *pAllocator);
void vvk_GetBufferMemoryRequirements(VkDevice device, VkBuffer buffer,
				     VkMemoryRequirements *pRequirements);
VkResult vvk_BindBufferMemory(VkDevice device, VkBuffer buffer, VkDeviceMemory memory,
			      VkDeviceSize offset);

VkResult vvk_CreateBufferView(VkDevice device, const VkBufferViewCreateInfo *pCreateInfo,
			      const VkAllocationCallbacks *pAllocator, VkBufferView *pView);
void vvk_DestroyBufferView(VkDevice device, VkBufferView bufferView,
			   const VkAllocationCallbacks *pAllocator);

VkResult vvk_CreateImage(VkDevice device, const VkImageCreateInfo *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkImage *pImage);
void vvk_DestroyImage(VkDevice device, VkImage image, const VkAllocationCallbacks *pAllocator);
void vvk_GetImageMemoryRequirements(VkDevice device, VkImage image,
				    VkMemoryRequirements *pRequirements);
VkResult vvk_BindImageMemory(VkDevice device, VkImage image, VkDeviceMemory memory,
			     VkDeviceSize offset);

VkResult vvk_CreateImageView(VkDevice device, const VkImageViewCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkImageView *pView);
void vvk_DestroyImageView(VkDevice device, VkImageView view,
			  const VkAllocationCallbacks *pAllocator);
VkResult vvk_CreateSampler(VkDevice device, const VkSamplerCreateInfo *pCreateInfo,
			   const VkAllocationCallbacks *pAllocator, VkSampler *pSampler);
void vvk_DestroySampler(VkDevice device, VkSampler sampler,
			const VkAllocationCallbacks *pAllocator);

/* ---- shaders, descriptors, pipelines ------------------------------------------------ */

VkResult vvk_CreateShaderModule(VkDevice device, const VkShaderModuleCreateInfo *pCreateInfo,
				const VkAllocationCallbacks *pAllocator, VkShaderModule *pModule);
void vvk_DestroyShaderModule(VkDevice device, VkShaderModule module,
			     const VkAllocationCallbacks *pAllocator);
VkResult vvk_CreateDescriptorSetLayout(VkDevice device,
				       const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
				       const VkAllocationCallbacks *pAllocator,
				       VkDescriptorSetLayout *pLayout);
void vvk_DestroyDescriptorSetLayout(VkDevice device, VkDescriptorSetLayout layout,
				    const VkAllocationCallbacks *pAllocator);
VkResult vvk_CreatePipelineLayout(VkDevice device, const VkPipelineLayoutCreateInfo *pCreateInfo,
				  const VkAllocationCallbacks *pAllocator,
				  VkPipelineLayout *pLayout);
void vvk_DestroyPipelineLayout(VkDevice device, VkPipelineLayout layout,
			       const VkAllocationCallbacks *pAllocator);
VkResult vvk_CreateDescriptorPool(VkDevice device, const VkDescriptorPoolCreateInfo *pCreateInfo,
				  const VkAllocationCallbacks *pAllocator,
				  VkDescriptorPool *pPool);
void vvk_DestroyDescriptorPool(VkDevice device, VkDescriptorPool pool,
			       const VkAllocationCallbacks *pAllocator);
VkResult vvk_ResetDescriptorPool(VkDevice device, VkDescriptorPool pool,
				 VkDescriptorPoolResetFlags flags);
VkResult vvk_AllocateDescriptorSets(VkDevice device, const VkDescriptorSetAllocateInfo *pInfo,
				    VkDescriptorSet *pSets);
VkResult vvk_FreeDescriptorSets(VkDevice device, VkDescriptorPool pool, uint32_t count,
				const VkDescriptorSet *pSets);
void vvk_UpdateDescriptorSets(VkDevice device, uint32_t writeCount,
			      const VkWriteDescriptorSet *pWrites, uint32_t copyCount,
			      const VkCopyDescriptorSet *pCopies);
VkResult vvk_CreateGraphicsPipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
				     const VkGraphicsPipelineCreateInfo *pCreateInfos,
				     const VkAllocationCallbacks *pAllocator,
				     VkPipeline *pPipelines);
VkResult vvk_CreateComputePipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
				    const VkComputePipelineCreateInfo *pCreateInfos,
				    const VkAllocationCallbacks *pAllocator,
				    VkPipeline *pPipelines);
void vvk_DestroyPipeline(VkDevice device, VkPipeline pipeline,
			 const VkAllocationCallbacks *pAllocator);

/* ---- command pools and buffers ------------------------------------------------------- */

VkResult vvk_CreateCommandPool(VkDevice device, const VkCommandPoolCreateInfo *pCreateInfo,
			       const VkAllocationCallbacks *pAllocator, VkCommandPool *pPool);
void vvk_DestroyCommandPool(VkDevice device, VkCommandPool pool,
			    const VkAllocationCallbacks *pAllocator);
VkResult vvk_ResetCommandPool(VkDevice device, VkCommandPool pool, VkCommandPoolResetFlags flags);
VkResult vvk_AllocateCommandBuffers(VkDevice device, const VkCommandBufferAllocateInfo *pInfo,
				    VkCommandBuffer *pCommandBuffers);
void vvk_FreeCommandBuffers(VkDevice device, VkCommandPool pool, uint32_t count,
			    const VkCommandBuffer *pCommandBuffers);
VkResult vvk_BeginCommandBuffer(VkCommandBuffer cmd, const VkCommandBufferBeginInfo *pInfo);
VkResult vvk_EndCommandBuffer(VkCommandBuffer cmd);
VkResult vvk_ResetCommandBuffer(VkCommandBuffer cmd, VkCommandBufferResetFlags flags);

void vvk_CmdBindPipeline(VkCommandBuffer cmd, VkPipelineBindPoint bindPoint, VkPipeline pipeline);
void vvk_CmdBindDescriptorSets(VkCommandBuffer cmd, VkPipelineBindPoint bindPoint,
			       VkPipelineLayout layout, uint32_t firstSet, uint32_t setCount,
			       const VkDescriptorSet *pSets, uint32_t dynamicOffsetCount,
			       const uint32_t *pDynamicOffsets);
void vvk_CmdBindVertexBuffers(VkCommandBuffer cmd, uint32_t firstBinding, uint32_t count,
			      const VkBuffer *pBuffers, const VkDeviceSize *pOffsets);
void vvk_CmdBindIndexBuffer(VkCommandBuffer cmd, VkBuffer buffer, VkDeviceSize offset,
			    VkIndexType indexType);
void vvk_CmdSetViewport(VkCommandBuffer cmd, uint32_t first, uint32_t count,
			const VkViewport *pViewports);
void vvk_CmdSetScissor(VkCommandBuffer cmd, uint32_t first, uint32_t count,
		       const VkRect2D *pScissors);
void vvk_CmdSetBlendConstants(VkCommandBuffer cmd, const float blendConstants[4]);
void vvk_CmdSetStencilReference(VkCommandBuffer cmd, VkStencilFaceFlags faceMask,
				uint32_t reference);
void vvk_CmdPushConstants(VkCommandBuffer cmd, VkPipelineLayout layout,
			  VkShaderStageFlags stages, uint32_t offset, uint32_t size,
			  const void *pValues);
void vvk_CmdDraw(VkCommandBuffer cmd, uint32_t vertexCount, uint32_t instanceCount,
		 uint32_t firstVertex, uint32_t firstInstance);
void vvk_CmdDrawIndexed(VkCommandBuffer cmd, uint32_t indexCount, uint32_t instanceCount,
			uint32_t firstIndex, int32_t vertexOffset, uint32_t firstInstance);
/*
 * One draw whose parameters (VkDrawIndirectCommand, or
 * VkDrawIndexedIndirectCommand with firstInstance 0) the host reads from
 * buffer at offset (a multiple of 4, the command inside the buffer) when it
 * draws; drawCount must be 1 and the host must have indirect draws
 * (maxDrawIndirectCount 1). The indexed form needs the index buffer bound at
 * its resource's offset 0: the host reads indices from the resource's start.
 */
void vvk_CmdDrawIndirect(VkCommandBuffer cmd, VkBuffer buffer, VkDeviceSize offset,
			 uint32_t drawCount, uint32_t stride);
void vvk_CmdDrawIndexedIndirect(VkCommandBuffer cmd, VkBuffer buffer, VkDeviceSize offset,
				uint32_t drawCount, uint32_t stride);
void vvk_CmdDispatch(VkCommandBuffer cmd, uint32_t x, uint32_t y, uint32_t z);
/* The group counts are three uint32 at offset (a multiple of 4, inside the
 * buffer), read by the host when the grid runs. */
void vvk_CmdDispatchIndirect(VkCommandBuffer cmd, VkBuffer buffer, VkDeviceSize offset);

/*
 * Transform feedback (VK_EXT_transform_feedback's commands, vvk_cmd_xfb.c).
 * Begin captures into the bound ranges from their start, or, for a binding
 * whose counter buffer is given, continues where the End that named that
 * counter buffer stopped (the binding must be the same range). The host
 * keeps the position itself: counter buffers are never read or written,
 * they only name the paused capture. An End without a counter buffer for a
 * binding finishes that capture. Begin and End may be outside rendering.
 * The bound buffers count as written by the submission.
 */
void vvk_CmdBindTransformFeedbackBuffersEXT(VkCommandBuffer cmd, uint32_t firstBinding,
					    uint32_t bindingCount, const VkBuffer *pBuffers,
					    const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes);
void vvk_CmdBeginTransformFeedbackEXT(VkCommandBuffer cmd, uint32_t firstCounterBuffer,
				      uint32_t counterBufferCount,
				      const VkBuffer *pCounterBuffers,
				      const VkDeviceSize *pCounterBufferOffsets);
void vvk_CmdEndTransformFeedbackEXT(VkCommandBuffer cmd, uint32_t firstCounterBuffer,
				    uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
				    const VkDeviceSize *pCounterBufferOffsets);

void vvk_CmdCopyBuffer(VkCommandBuffer cmd, VkBuffer src, VkBuffer dst, uint32_t count,
		       const VkBufferCopy *pRegions);
void vvk_CmdUpdateBuffer(VkCommandBuffer cmd, VkBuffer dst, VkDeviceSize offset,
			 VkDeviceSize size, const void *pData);
void vvk_CmdFillBuffer(VkCommandBuffer cmd, VkBuffer dst, VkDeviceSize offset, VkDeviceSize size,
		       uint32_t data);
void vvk_CmdCopyImage(VkCommandBuffer cmd, VkImage src, VkImageLayout srcLayout, VkImage dst,
		      VkImageLayout dstLayout, uint32_t count, const VkImageCopy *pRegions);
/* Whether vvk_CmdCopyImage copies bits between different formats of one
 * texel size, as Vulkan always can: only through the host's
 * glCopyImageSubData (VDRM_CAP_COPY_IMAGE); elsewhere such a copy records
 * VK_ERROR_FORMAT_NOT_SUPPORTED (the host would blit, converting values). */
VkBool32 vvk_physical_device_copies_between_formats(VkPhysicalDevice pdev);
/* Whether a sampled image view in another format of the image's texel
 * size reads the image's bits in that format (an sRGB image's UNORM view
 * skips the decode): only through the host's texture views
 * (VDRM_CAP_TEXTURE_VIEW); elsewhere the host samples the image's own. */
VkBool32 vvk_physical_device_views_other_formats(VkPhysicalDevice pdev);
void vvk_CmdCopyBufferToImage(VkCommandBuffer cmd, VkBuffer src, VkImage dst,
			      VkImageLayout dstLayout, uint32_t count,
			      const VkBufferImageCopy *pRegions);
void vvk_CmdCopyImageToBuffer(VkCommandBuffer cmd, VkImage src, VkImageLayout srcLayout,
			      VkBuffer dst, uint32_t count, const VkBufferImageCopy *pRegions);
void vvk_CmdResolveImage(VkCommandBuffer cmd, VkImage src, VkImageLayout srcLayout, VkImage dst,
			 VkImageLayout dstLayout, uint32_t count, const VkImageResolve *pRegions);
void vvk_CmdBlitImage(VkCommandBuffer cmd, VkImage src, VkImageLayout srcLayout, VkImage dst,
		      VkImageLayout dstLayout, uint32_t count, const VkImageBlit *pRegions,
		      VkFilter filter);
void vvk_CmdClearColorImage(VkCommandBuffer cmd, VkImage image, VkImageLayout layout,
			    const VkClearColorValue *pColor, uint32_t count,
			    const VkImageSubresourceRange *pRanges);
void vvk_CmdClearDepthStencilImage(VkCommandBuffer cmd, VkImage image, VkImageLayout layout,
				   const VkClearDepthStencilValue *pValue, uint32_t count,
				   const VkImageSubresourceRange *pRanges);
void vvk_CmdClearAttachments(VkCommandBuffer cmd, uint32_t attachmentCount,
			     const VkClearAttachment *pAttachments, uint32_t rectCount,
			     const VkClearRect *pRects);
void vvk_CmdBeginRendering(VkCommandBuffer cmd, const VkRenderingInfo *pInfo);
void vvk_CmdEndRendering(VkCommandBuffer cmd);
void vvk_CmdPipelineBarrier2(VkCommandBuffer cmd, const VkDependencyInfo *pInfo);

/* ---- queries (vvk_query_pool.c) ---------------------------------------------------------- */

VkResult vvk_CreateQueryPool(VkDevice device, const VkQueryPoolCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkQueryPool *pQueryPool);
void vvk_DestroyQueryPool(VkDevice device, VkQueryPool queryPool,
			  const VkAllocationCallbacks *pAllocator);
VkResult vvk_GetQueryPoolResults(VkDevice device, VkQueryPool queryPool, uint32_t firstQuery,
				 uint32_t queryCount, size_t dataSize, void *pData,
				 VkDeviceSize stride, VkQueryResultFlags flags);
void vvk_CmdResetQueryPool(VkCommandBuffer cmd, VkQueryPool queryPool, uint32_t firstQuery,
			   uint32_t queryCount);
void vvk_CmdBeginQuery(VkCommandBuffer cmd, VkQueryPool queryPool, uint32_t query,
		       VkQueryControlFlags flags);
void vvk_CmdEndQuery(VkCommandBuffer cmd, VkQueryPool queryPool, uint32_t query);
void vvk_CmdWriteTimestamp2(VkCommandBuffer cmd, VkPipelineStageFlags2 stage,
			    VkQueryPool queryPool, uint32_t query);

#ifdef __cplusplus
}
#endif
