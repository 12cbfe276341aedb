/* SPDX-License-Identifier: MIT */
/*
 * gl/: the OpenGL ES state tracker on vk/ (zink's role) — its face to the EGL
 * layer (gl/egl/), which is the only caller of what this header declares.
 * Everything else of gl/ is reached through GL entry points that
 * vgl_get_proc_address() hands to libglvnd.
 *
 *   vgl_device   one per process: vk/ instance + device + queue on drm/'s
 *                transport (VIRTGL_TRANSPORT), refcounted by EGL displays.
 *                Every context of the process submits on its one queue, so
 *                all of them share drm/'s one 64-bit timeline (technique 5).
 *   vgl_surface  a pbuffer: a colour image and, if asked, a depth/stencil
 *                image, owned by EGL, rendered to as GL's framebuffer 0.
 *   vgl_context  GL state + one command buffer being recorded. Current per
 *                thread (vgl_make_current); GL calls act on the current one.
 *   vgl_fence    a point on the timeline (glFenceSync, EGL syncs, sync files).
 *   vgl_egl_image  an EGL image: a reference on one level of a texture's or
 *                renderbuffer's image, or on an imported dma-buf. Any
 *                context of the process samples or renders it (one device).
 *
 * Errors: functions return 0 / VGL_* codes (negative); the EGL layer maps
 * them to EGL errors. Nothing here aborts.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan_core.h>

enum vgl_result {
	VGL_OK = 0,
	VGL_ERROR_NO_DEVICE = -1,      /* no render node / no server: decline the display */
	VGL_ERROR_OUT_OF_MEMORY = -2,
	VGL_ERROR_BAD_ATTRIBUTE = -3,  /* unsupported size, format, version */
	VGL_ERROR_DEVICE_LOST = -4,
	VGL_ERROR_TIMEOUT = -5,
	VGL_ERROR_BAD_ACCESS = -6,     /* e.g. context current in another thread */
	VGL_ERROR_BAD_PARAMETER = -7,  /* images: no such object, incomplete, bad fd */
	VGL_ERROR_BAD_MATCH = -8,      /* images: bad level, unsupported format */
};

struct vgl_device;
struct vgl_surface;
struct vgl_context;
struct vgl_fence;
struct vgl_egl_image;

/* ---- device ----------------------------------------------------------------- */

/* Cheap check, no connection: a virtio_gpu render node exists, or
 * VIRTGL_TRANSPORT=vtest asks for vtest. EGL declines displays otherwise. */
bool vgl_device_available(void);
/* The process's device, created on first use (may start virgl_test_server). */
int vgl_device_get(struct vgl_device **out);
void vgl_device_put(struct vgl_device *dev);
/* For eglQueryString(EGL_VENDOR/...) and glGetString(GL_RENDERER). */
const char *vgl_device_renderer(const struct vgl_device *dev);

/* ---- surfaces (pbuffers) ------------------------------------------------- */

struct vgl_window_buffer;

/* A window surface's source of colour buffers (the EGL platform's). */
struct vgl_window_ops {
	/* The next buffer to render into and its EGL_EXT_buffer_age (0: new
	 * or undefined contents); NULL when the window system has none free. */
	struct vgl_window_buffer *(*acquire)(void *data, int *age);
};

struct vgl_surface_info {
	uint32_t width, height;        /* 1..max_texture_2d_size */
	VkFormat color;                /* R8G8B8A8_UNORM, B8G8R8A8_UNORM, R5G6B5_UNORM_PACK16 */
	VkFormat depth_stencil;        /* UNDEFINED, D16_UNORM, X8_D24_UNORM_PACK32,
					* D24_UNORM_S8_UINT, D32_SFLOAT */
	uint32_t samples;              /* 0/1 */
	/* An 8888 colour buffer without alpha (EGL_ALPHA_SIZE 0): GL sees 0
	 * alpha bits and destination alpha 1. The image keeps alpha 1: filled
	 * so when new, draws do not write it, clears and blits write 1. */
	bool no_alpha;
	/* A window surface: its colour buffers are the window system's (no
	 * colour image of its own; `color` is unused), acquired when GL first
	 * needs one after each swap. NULL: a pbuffer. */
	const struct vgl_window_ops *window;
	void *window_data;
	/* A native pixmap's surface (X11 without shared buffers): glFinish
	 * and vgl_context_finish, once the context's work completed, call this
	 * with the context current on the surface as its draw surface, so that
	 * the pixmap is updated then (EGL 1.5 §3.8). Returns a VGL_ error. */
	int (*finished)(struct vgl_context *ctx, struct vgl_surface *surf, void *data);
	void *finished_data;
};

int vgl_surface_create(struct vgl_device *dev, const struct vgl_surface_info *info,
		       struct vgl_surface **out);
/* Whether the host renders surfaces of this colour or depth/stencil format
 * at `samples` (1: single-sampled): what EGL offers configs for. */
bool vgl_surface_format_renderable(struct vgl_device *dev, VkFormat format, uint32_t samples);
/* Deferred while the surface is current somewhere (EGL semantics). */
void vgl_surface_destroy(struct vgl_surface *surf);

/*
 * Pbuffer-style surfaces that a window system shows by copy (X11 without
 * DRI3: PutImage). vgl_surface_read copies the colour image into dst
 * through ctx: recorded after ctx's work, submitted, and waited for (the one
 * CPU wait of a present). Pixels keep the image's format (R8G8B8A8 /
 * B8G8R8A8: 4 bytes in that order; R5G6B5: 2); top_down puts the top row
 * first (X11), else GL's bottom row; stride is dst's bytes per row. A never
 * written image reads as zeros, with no GPU work.
 */
int vgl_surface_read(struct vgl_context *ctx, struct vgl_surface *surf, void *dst, size_t stride,
		     bool top_down);
/* The window changed size: new images of w x h (undefined contents). ctx's
 * unsubmitted work is flushed first; the old images go once all work
 * submitted so far completed. Width/height for the framebuffer follow. */
int vgl_surface_resize(struct vgl_context *ctx, struct vgl_surface *surf, uint32_t w, uint32_t h);

/* ---- window buffers (window systems) ------------------------------------- */

/*
 * A colour buffer a window system shares as a dma-buf (a GBM buffer handed
 * to KMS, later Wayland and X11 buffers) that a window surface is presented
 * into. Only the DRM transport has dma-bufs: elsewhere import fails with
 * VGL_ERROR_NO_DEVICE.
 */
struct vgl_window_buffer;

struct vgl_dma_buf; /* below, with the EGL images */

/* buf: fourcc XRGB8888, ARGB8888, XBGR8888, ABGR8888 or RGB565, the shared
 * layout only (stride = width x bytes per pixel, offset 0); fd stays the
 * caller's. */
int vgl_window_buffer_import(struct vgl_device *dev, const struct vgl_dma_buf *buf,
			     struct vgl_window_buffer **out);
/* A new buffer to share with a window system (Wayland): a host resource
 * of width x height and fourcc (as for import), exportable as a dma-buf of
 * the shared layout. VGL_ERROR_NO_DEVICE without dma-bufs. */
int vgl_window_buffer_create(struct vgl_device *dev, uint32_t width, uint32_t height,
			     uint32_t fourcc, struct vgl_window_buffer **out);
/* A new dma-buf fd of it (the caller closes it). */
int vgl_window_buffer_export_fd(const struct vgl_window_buffer *b, int *fd);
/* Goes once the GPU work submitted so far that uses it completed. */
void vgl_window_buffer_destroy(struct vgl_window_buffer *b);

/*
 * eglSwapBuffers of a window surface: flushes ctx (current on surf), whose
 * work went straight into the back buffer, and hands that buffer to the
 * caller to present (*presented; a back buffer is acquired first if the
 * frame drew nothing). The next frame acquires a new one. KMS and
 * compositors read it after this submission in the host's order.
 */
int vgl_surface_swap(struct vgl_context *ctx, struct vgl_surface *surf,
		     struct vgl_window_buffer **presented);
/* EGL_BUFFER_AGE_EXT: the back buffer's age (acquiring it); -1: none free. */
int vgl_surface_buffer_age(struct vgl_surface *surf);
/* EGL_SWAP_BEHAVIOR = EGL_BUFFER_PRESERVED: each new back buffer starts as
 * a copy of the last presented one (unless it already is that frame). */
void vgl_surface_set_preserved(struct vgl_surface *surf, bool preserved);

/* ---- contexts ------------------------------------------------------------ */

struct vgl_context_info {
	uint32_t major, minor;         /* 2.0 or 3.0 */
	struct vgl_context *share;     /* shares buffers, textures, programs, ...; may be NULL */
	bool debug, robust;
	/* GL_LOSE_CONTEXT_ON_RESET (KHR_robustness): after a device loss the
	 * context reports the reset and raises GL_CONTEXT_LOST */
	bool lose_on_reset;
};

int vgl_context_create(struct vgl_device *dev, const struct vgl_context_info *info,
		       struct vgl_context **out);
void vgl_context_destroy(struct vgl_context *ctx);
/* Binds ctx to this thread with draw/read surfaces (both NULL: surfaceless,
 * framebuffer 0 incomplete). ctx NULL releases the current one. Flushes the
 * context being released. On first bind, viewport and scissor become the
 * draw surface's size (GL's rule). */
int vgl_make_current(struct vgl_context *ctx, struct vgl_surface *draw, struct vgl_surface *read);
struct vgl_context *vgl_current_context(void);

/* GL entry point by name ("glDrawArrays"); NULL if not implemented. */
void *vgl_get_proc_address(const char *name);

/* glFlush / glFinish on a context that need not be current (eglSwapBuffers,
 * eglWaitClient). */
int vgl_context_flush(struct vgl_context *ctx);
/* glFinish: waits for ctx's work, then updates a pixmap it draws to
 * (vgl_surface_info.finished). */
int vgl_context_finish(struct vgl_context *ctx);

/* ---- fences -------------------------------------------------------------- */

/* Flushes ctx and takes the point of its last submission (a context with
 * nothing submitted yet gets an already signalled fence). */
int vgl_fence_create(struct vgl_context *ctx, struct vgl_fence **out);
/* From a sync file / pollable fd (EGL_ANDROID_native_fence_sync import);
 * takes ownership of fd. */
int vgl_fence_import_fd(struct vgl_device *dev, int fd, struct vgl_fence **out);
void vgl_fence_destroy(struct vgl_fence *f);
bool vgl_fence_is_signaled(struct vgl_fence *f);
/* VGL_OK, VGL_ERROR_TIMEOUT or an error; timeout_ns UINT64_MAX = forever. */
int vgl_fence_wait(struct vgl_fence *f, uint64_t timeout_ns);
/* Makes ctx's later GPU work wait for f (glWaitSync / eglWaitSyncKHR). */
int vgl_fence_gpu_wait(struct vgl_context *ctx, struct vgl_fence *f);
/* A new fd that signals with f (sync file on DRM, pollable fd on vtest). */
int vgl_fence_export_fd(struct vgl_fence *f, int *fd);

/* ---- images (EGL_KHR_image_base and friends) ---------------------------- */

enum vgl_egl_image_source {
	VGL_EGL_IMAGE_TEXTURE_2D,      /* EGL_GL_TEXTURE_2D_KHR */
	VGL_EGL_IMAGE_RENDERBUFFER,    /* EGL_GL_RENDERBUFFER_KHR */
};

/*
 * An image of ctx's texture or renderbuffer `name` (level: textures only).
 * EGL_KHR_gl_texture_2D_image's errors: VGL_ERROR_BAD_PARAMETER (name 0, no
 * such object of that kind, incomplete texture with level != 0, no level 0
 * image), VGL_ERROR_BAD_MATCH (a level the texture does not have),
 * VGL_ERROR_BAD_ACCESS (the object is already an EGL image's sibling).
 */
int vgl_egl_image_from_gl(struct vgl_context *ctx, enum vgl_egl_image_source source, uint32_t name,
		      int64_t level, struct vgl_egl_image **out);
struct vgl_egl_image *vgl_egl_image_ref(struct vgl_egl_image *img);
void vgl_egl_image_put(struct vgl_egl_image *img);

/* One plane of a dma-buf (single-plane RGB formats, linear layout). */
struct vgl_dma_buf {
	int fd;                        /* import: stays the caller's; export: a new one */
	uint32_t fourcc;               /* DRM_FORMAT_* */
	uint32_t width, height;
	uint32_t stride, offset;       /* bytes */
	uint64_t modifier;             /* DRM_FORMAT_MOD_LINEAR only */
};

/* Whether the device shares images as dma-bufs (the DRM transport). */
bool vgl_device_has_dma_buf(struct vgl_device *dev);
/* The DRM fourccs an image can be imported as; returns the count (all of
 * them), fills up to max. */
uint32_t vgl_dma_buf_formats(uint32_t *fourccs, uint32_t max);
/* The paths of the device's primary and render nodes ("" when it has none:
 * vtest); false when it has neither. */
bool vgl_device_drm_nodes(struct vgl_device *dev, char card[64], char render[64]);
/*
 * EGL_EXT_image_dma_buf_import: VGL_ERROR_BAD_MATCH for a fourcc or
 * modifier not supported, VGL_ERROR_BAD_ACCESS for a stride or offset other
 * than the shared layout's (width x bytes per pixel, 0),
 * VGL_ERROR_BAD_PARAMETER for an fd that is no dma-buf of this device,
 * VGL_ERROR_BAD_ATTRIBUTE on a transport without dma-bufs.
 */
int vgl_egl_image_import_dma_buf(struct vgl_device *dev, const struct vgl_dma_buf *buf,
			     struct vgl_egl_image **out);
/* EGL_MESA_image_dma_buf_export: the description (with_fd: and a new fd).
 * VGL_ERROR_BAD_MATCH for an image no fourcc describes (a level other than
 * 0, depth formats), VGL_ERROR_BAD_ATTRIBUTE without dma-bufs. */
int vgl_egl_image_export_dma_buf(struct vgl_egl_image *img, bool with_fd, struct vgl_dma_buf *out);

/* How gl/ turns a GLeglImageOES into the image: EGL registers a function
 * that validates the handle and returns the image referenced (NULL: not a
 * valid image). */
typedef struct vgl_egl_image *(*vgl_egl_image_lookup_fn)(void *handle);
void vgl_set_egl_image_lookup(vgl_egl_image_lookup_fn fn);
