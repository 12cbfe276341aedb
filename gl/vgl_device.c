/* SPDX-License-Identifier: MIT */
#include "vgl_device.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vgl_usage.h"

struct vgl_deferred {
	struct vgl_deferred *next;
	uint64_t value;
	void (*fn)(struct vgl_device *, void *);
	void *arg;
};

/* The process's device and its references (EGL displays). */
static pthread_mutex_t device_lock = PTHREAD_MUTEX_INITIALIZER;
static struct vgl_device *the_device;

int vgl_result_from_vk(VkResult r)
{
	switch (r) {
	case VK_SUCCESS:
		return VGL_OK;
	case VK_TIMEOUT:
	case VK_NOT_READY:
		return VGL_ERROR_TIMEOUT;
	case VK_ERROR_OUT_OF_HOST_MEMORY:
	case VK_ERROR_OUT_OF_DEVICE_MEMORY:
		return VGL_ERROR_OUT_OF_MEMORY;
	case VK_ERROR_INITIALIZATION_FAILED:
	case VK_ERROR_INCOMPATIBLE_DRIVER:
		return VGL_ERROR_NO_DEVICE;
	case VK_ERROR_FORMAT_NOT_SUPPORTED:
		return VGL_ERROR_BAD_ATTRIBUTE;
	default:
		return VGL_ERROR_DEVICE_LOST;
	}
}

/* A render node whose driver is virtio_gpu (sysfs names the driver). */
static bool virtio_render_node(void)
{
	glob_t g;
	bool found = false;

	if (glob("/sys/class/drm/renderD*/device/driver", 0, NULL, &g))
		return false;
	for (size_t i = 0; i < g.gl_pathc && !found; i++) {
		char target[256];
		ssize_t n = readlink(g.gl_pathv[i], target, sizeof(target) - 1);

		if (n > 0) {
			target[n] = 0;
			found = strstr(target, "virtio") != NULL;
		}
	}
	globfree(&g);
	return found;
}

bool vgl_device_available(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");

	if (t && strcmp(t, "vtest") == 0)
		return true;
	return virtio_render_node();
}

/* A word of VIRTGL_DEBUG (comma-separated). */
static bool debug_option(const char *word)
{
	const char *d = getenv("VIRTGL_DEBUG");
	size_t n = strlen(word);

	for (const char *p = d ? strstr(d, word) : NULL; p; p = strstr(p + n, word))
		if ((p == d || p[-1] == ',') && (p[n] == ',' || p[n] == 0))
			return true;
	return false;
}

static VkResult create_vk(struct vgl_device *d)
{
	uint32_t n = 1;
	float prio = 1.0f;
	VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
				      .queueCount = 1, .pQueuePriorities = &prio };
	VkDeviceCreateInfo di = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
				  .queueCreateInfoCount = 1, .pQueueCreateInfos = &q };
	VkInstanceCreateInfo ii = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO };
	VkResult r = vvk_CreateInstance(&ii, NULL, &d->instance);

	if (r == VK_SUCCESS)
		r = vvk_EnumeratePhysicalDevices(d->instance, &n, &d->pdev);
	if (r == VK_SUCCESS && n == 0)
		r = VK_ERROR_INITIALIZATION_FAILED;
	if (r == VK_SUCCESS)
		r = vvk_CreateDevice(d->pdev, &di, NULL, &d->dev);
	return r;
}

static VkResult create_timeline(struct vgl_device *d)
{
	VkSemaphoreTypeCreateInfo ti = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
					 .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE };
	VkSemaphoreCreateInfo si = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
				     .pNext = &ti };

	return vvk_CreateSemaphore(d->dev, &si, NULL, &d->timeline);
}

static void destroy_vk(struct vgl_device *d)
{
	if (d->dev) {
		vvk_DeviceWaitIdle(d->dev);
		vgl_device_collect(d);
		vvk_DestroySemaphore(d->dev, d->timeline, NULL);
		vvk_DestroyDevice(d->dev, NULL);
	}
	if (d->instance)
		vvk_DestroyInstance(d->instance, NULL);
}

static uint32_t xfb_buffers(VkPhysicalDevice pdev)
{
	VkPhysicalDeviceTransformFeedbackPropertiesEXT x = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT };
	VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
					  .pNext = &x };

	vvk_GetPhysicalDeviceProperties2(pdev, &p);
	return x.maxTransformFeedbackBuffers;
}

/* The vertex pipeline's storage slots (vk/'s project property). */
static void stage_storage(VkPhysicalDevice pdev,
			  struct vvk_physical_device_stage_storage_properties *s)
{
	VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
					  .pNext = s };

	*s = (struct vvk_physical_device_stage_storage_properties){
		.sType = VVK_STRUCTURE_TYPE_PHYSICAL_DEVICE_STAGE_STORAGE_PROPERTIES };
	vvk_GetPhysicalDeviceProperties2(pdev, &p);
}

static int device_create(struct vgl_device **out)
{
	struct vgl_device *d = calloc(1, sizeof(*d));
	struct vvk_physical_device_stage_storage_properties storage;
	VkResult r;

	if (!d)
		return VGL_ERROR_OUT_OF_MEMORY;
	pthread_mutex_init(&d->lock, NULL);
	r = create_vk(d);
	if (r == VK_SUCCESS)
		r = create_timeline(d);
	if (r != VK_SUCCESS) {
		destroy_vk(d);
		pthread_mutex_destroy(&d->lock);
		free(d);
		return r == VK_ERROR_OUT_OF_HOST_MEMORY ? VGL_ERROR_OUT_OF_MEMORY : VGL_ERROR_NO_DEVICE;
	}
	vvk_GetDeviceQueue(d->dev, 0, 0, &d->queue);
	vvk_GetPhysicalDeviceProperties(d->pdev, &d->props);
	d->max_xfb_buffers = xfb_buffers(d->pdev);
	stage_storage(d->pdev, &storage);
	vgl_limits_init(&d->limits, &d->props.limits, &storage);
	d->sync_reads = debug_option("syncreads");
	vgl_flush_limits_from_env(&d->flush);
	vgl_device_init_drm(d);
	snprintf(d->renderer, sizeof(d->renderer), "virtgl (%s)", d->props.deviceName);
	*out = d;
	return VGL_OK;
}

int vgl_device_get(struct vgl_device **out)
{
	int ret = VGL_OK;

	pthread_mutex_lock(&device_lock);
	if (!the_device)
		ret = device_create(&the_device);
	if (ret == VGL_OK) {
		the_device->refs++;
		*out = the_device;
	}
	pthread_mutex_unlock(&device_lock);
	return ret;
}

void vgl_device_put(struct vgl_device *dev)
{
	if (!dev)
		return;
	pthread_mutex_lock(&device_lock);
	if (--dev->refs == 0) {
		destroy_vk(dev);
		pthread_mutex_destroy(&dev->lock);
		free(dev);
		the_device = NULL;
	}
	pthread_mutex_unlock(&device_lock);
}

const char *vgl_device_renderer(const struct vgl_device *dev)
{
	return dev->renderer;
}

/* ---- submission and completion ------------------------------------------------ */

static VkResult queue_submit(struct vgl_device *dev, const struct vgl_submit_info *info,
			     uint64_t value)
{
	VkSemaphoreSubmitInfo waits[8], signal = {
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = dev->timeline,
		.value = value, .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT };
	VkCommandBufferSubmitInfo cb = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
					 .commandBuffer = info->cmd };
	uint32_t nr_waits = info->nr_waits < 8 ? info->nr_waits : 8;
	VkSubmitInfo2 si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
			     .waitSemaphoreInfoCount = nr_waits, .pWaitSemaphoreInfos = waits,
			     .commandBufferInfoCount = info->cmd ? 1 : 0,
			     .pCommandBufferInfos = &cb, .signalSemaphoreInfoCount = 1,
			     .pSignalSemaphoreInfos = &signal };

	for (uint32_t i = 0; i < nr_waits; i++)
		waits[i] = (VkSemaphoreSubmitInfo){
			.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, .semaphore = dev->timeline,
			.value = info->wait_values[i],
			.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT };
	return vvk_QueueSubmit2(dev->queue, 1, &si, VK_NULL_HANDLE);
}

int vgl_device_submit(struct vgl_device *dev, const struct vgl_submit_info *info,
		      uint64_t *value, uint64_t *point)
{
	bool backlog;
	VkResult r;

	pthread_mutex_lock(&dev->lock);
	r = queue_submit(dev, info, dev->last_value + 1);
	if (r == VK_SUCCESS) {
		dev->last_value++;
		dev->last_point = vgl_usage_queue_last_point(dev->queue);
		*value = dev->last_value;
		if (point)
			*point = dev->last_point;
	}
	backlog = dev->nr_deferred >= VGL_DEFERRED_BACKLOG;
	pthread_mutex_unlock(&dev->lock);
	if (!info->unasked || backlog)
		vgl_device_collect(dev);
	return vgl_result_from_vk(r);
}

static void note_done(struct vgl_device *dev, uint64_t value)
{
	uint64_t k = atomic_load(&dev->known_done);

	while (value > k && !atomic_compare_exchange_weak(&dev->known_done, &k, value))
		;
}

bool vgl_device_known_done(struct vgl_device *dev, uint64_t value)
{
	return value <= atomic_load(&dev->known_done);
}

bool vgl_device_is_done(struct vgl_device *dev, uint64_t value)
{
	uint64_t v = 0;

	if (vgl_device_known_done(dev, value))
		return true;
	if (vvk_GetSemaphoreCounterValue(dev->dev, dev->timeline, &v) != VK_SUCCESS)
		return true; /* device lost: nothing will complete, nothing to wait for */
	note_done(dev, v);
	return v >= value;
}

int vgl_device_wait(struct vgl_device *dev, uint64_t value, uint64_t timeout_ns)
{
	VkSemaphoreWaitInfo wi = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
				   .semaphoreCount = 1, .pSemaphores = &dev->timeline,
				   .pValues = &value };
	VkResult r;

	if (vgl_device_known_done(dev, value))
		return VGL_OK;
	r = vvk_WaitSemaphores(dev->dev, &wi, timeout_ns);
	if (r == VK_SUCCESS)
		note_done(dev, value);
	return vgl_result_from_vk(r);
}

int vgl_device_defer(struct vgl_device *dev, void (*fn)(struct vgl_device *, void *), void *arg)
{
	struct vgl_deferred *d = calloc(1, sizeof(*d));

	if (!d) {
		/* cannot queue it: wait for the device instead of leaking */
		vvk_DeviceWaitIdle(dev->dev);
		fn(dev, arg);
		return VGL_ERROR_OUT_OF_MEMORY;
	}
	d->fn = fn;
	d->arg = arg;
	pthread_mutex_lock(&dev->lock);
	d->value = dev->last_value;
	if (dev->deferred_tail)
		dev->deferred_tail->next = d;
	else
		dev->deferred = d;
	dev->deferred_tail = d;
	dev->nr_deferred++;
	pthread_mutex_unlock(&dev->lock);
	return VGL_OK;
}

/* The oldest deferred item if its submission completed, unlinked. */
static struct vgl_deferred *pop_done(struct vgl_device *dev)
{
	struct vgl_deferred *d;

	pthread_mutex_lock(&dev->lock);
	d = dev->deferred;
	if (d && vgl_device_is_done(dev, d->value)) {
		dev->deferred = d->next;
		dev->nr_deferred--;
		if (!dev->deferred)
			dev->deferred_tail = NULL;
	} else {
		d = NULL;
	}
	pthread_mutex_unlock(&dev->lock);
	return d;
}

void vgl_device_collect(struct vgl_device *dev)
{
	struct vgl_deferred *d;

	while ((d = pop_done(dev))) {
		d->fn(dev, d->arg);
		free(d);
	}
}
