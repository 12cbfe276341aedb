/* SPDX-License-Identifier: MIT */
/*
 * The dma-buf side of EGL images: EGL_EXT_image_dma_buf_import's attributes
 * and checks, EGL_EXT_image_dma_buf_import_modifiers' queries (LINEAR only),
 * and EGL_MESA_image_dma_buf_export. gl/ does the importing (vgl.h).
 */
#include <drm_fourcc.h>
#include <stdint.h>

#include "egl_display.h"
#include "egl_error.h"
#include "egl_image_private.h"
#include "vgl.h"

static const EGLint dma_names[A_COUNT] = {
	[A_WIDTH] = EGL_WIDTH, [A_HEIGHT] = EGL_HEIGHT, [A_FOURCC] = EGL_LINUX_DRM_FOURCC_EXT,
	[A_FD] = EGL_DMA_BUF_PLANE0_FD_EXT, [A_OFFSET] = EGL_DMA_BUF_PLANE0_OFFSET_EXT,
	[A_PITCH] = EGL_DMA_BUF_PLANE0_PITCH_EXT,
	[A_MOD_LO] = EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT,
	[A_MOD_HI] = EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT,
};

/* Attributes of planes 1 to 3: a single-plane format has none (EGL_BAD_ATTRIBUTE). */
static bool other_plane(EGLint name)
{
	return (name >= EGL_DMA_BUF_PLANE1_FD_EXT && name <= EGL_DMA_BUF_PLANE2_PITCH_EXT) ||
	       (name >= EGL_DMA_BUF_PLANE3_FD_EXT && name <= EGL_DMA_BUF_PLANE3_PITCH_EXT) ||
	       (name >= EGL_DMA_BUF_PLANE1_MODIFIER_LO_EXT &&
		name <= EGL_DMA_BUF_PLANE3_MODIFIER_HI_EXT);
}

/* The YUV hints: meaningless for RGB, but their values are still checked. */
static EGLint hint(EGLint name, EGLAttrib v)
{
	switch (name) {
	case EGL_YUV_COLOR_SPACE_HINT_EXT:
		return v == EGL_ITU_REC601_EXT || v == EGL_ITU_REC709_EXT || v == EGL_ITU_REC2020_EXT
			       ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
	case EGL_SAMPLE_RANGE_HINT_EXT:
		return v == EGL_YUV_FULL_RANGE_EXT || v == EGL_YUV_NARROW_RANGE_EXT
			       ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
	case EGL_YUV_CHROMA_HORIZONTAL_SITING_HINT_EXT:
	case EGL_YUV_CHROMA_VERTICAL_SITING_HINT_EXT:
		return v == EGL_YUV_CHROMA_SITING_0_EXT || v == EGL_YUV_CHROMA_SITING_0_5_EXT
			       ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
	}
	/* EGL_KHR_image_base: an attribute of no extension */
	return EGL_BAD_PARAMETER;
}

EGLint egl_image_dma_attrib(struct image_request *r, EGLint name, EGLAttrib value)
{
	for (int a = 0; a < A_COUNT; a++)
		if (dma_names[a] == name) {
			r->dma[a] = value;
			r->have |= 1u << a;
			return EGL_SUCCESS;
		}
	if (other_plane(name)) {
		r->other_plane = true;
		return EGL_SUCCESS;
	}
	return hint(name, value);
}

static bool has(const struct image_request *r, unsigned mask)
{
	return (r->have & mask) == mask;
}

#define BIT(a) (1u << (a))

/* The modifier the attributes name: LINEAR when absent; EGL_BAD_PARAMETER
 * when only one half is given. */
static EGLint modifier(const struct image_request *r, uint64_t *mod)
{
	bool lo = has(r, BIT(A_MOD_LO)), hi = has(r, BIT(A_MOD_HI));

	if (lo != hi)
		return EGL_BAD_PARAMETER;
	*mod = lo ? ((uint64_t)(uint32_t)r->dma[A_MOD_HI] << 32) | (uint32_t)r->dma[A_MOD_LO]
		  : DRM_FORMAT_MOD_LINEAR;
	return EGL_SUCCESS;
}

/* Whether v fits the unsigned 32-bit field it goes to. */
static bool u32(EGLAttrib v)
{
	return v >= 0 && (uint64_t)v <= UINT32_MAX;
}

static bool fourcc_supported(uint32_t fourcc)
{
	uint32_t all[16], n = vgl_dma_buf_formats(all, 16);

	for (uint32_t i = 0; i < n && i < 16; i++)
		if (all[i] == fourcc)
			return true;
	return false;
}

EGLint egl_image_dma_buf_desc(const struct image_request *r, struct vgl_dma_buf *buf)
{
	EGLint err;

	if (!has(r, BIT(A_WIDTH) | BIT(A_HEIGHT) | BIT(A_FOURCC)))
		return EGL_BAD_PARAMETER;
	if (!u32(r->dma[A_FOURCC]) || !fourcc_supported((uint32_t)r->dma[A_FOURCC]))
		return EGL_BAD_MATCH;
	if (r->other_plane)
		return EGL_BAD_ATTRIBUTE;
	if (!has(r, BIT(A_FD) | BIT(A_OFFSET) | BIT(A_PITCH)))
		return EGL_BAD_PARAMETER;
	err = modifier(r, &buf->modifier);
	if (err != EGL_SUCCESS)
		return err;
	if (!u32(r->dma[A_WIDTH]) || !u32(r->dma[A_HEIGHT]) || r->dma[A_FD] < 0 ||
	    r->dma[A_FD] > INT32_MAX)
		return EGL_BAD_PARAMETER;
	if (!u32(r->dma[A_PITCH]) || !u32(r->dma[A_OFFSET]))
		return EGL_BAD_ACCESS;
	*buf = (struct vgl_dma_buf){
		.fd = (int)r->dma[A_FD], .fourcc = (uint32_t)r->dma[A_FOURCC],
		.width = (uint32_t)r->dma[A_WIDTH], .height = (uint32_t)r->dma[A_HEIGHT],
		.stride = (uint32_t)r->dma[A_PITCH], .offset = (uint32_t)r->dma[A_OFFSET],
		.modifier = buf->modifier };
	return EGL_SUCCESS;
}

bool egl_image_has_dma_buf(struct vgl_device *dev)
{
	return dev && vgl_device_has_dma_buf(dev);
}

/* ---- EGL_EXT_image_dma_buf_import_modifiers --------------------------------------------- */

struct egl_display *egl_image_dma_buf_display(EGLDisplay dpy)
{
	struct egl_display *d = egl_display_acquire(dpy, true);

	if (d && !egl_image_has_dma_buf(d->dev)) {
		egl_display_release(d);
		egl_error(EGL_BAD_DISPLAY);
		return NULL;
	}
	return d;
}

EGLBoolean EGLAPIENTRY vegl_QueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max_formats,
						  EGLint *formats, EGLint *num_formats)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);
	uint32_t all[16], n;

	if (!d)
		return EGL_FALSE;
	egl_display_release(d);
	if (max_formats < 0 || !num_formats || (max_formats > 0 && !formats))
		return egl_error(EGL_BAD_PARAMETER);
	n = vgl_dma_buf_formats(all, 16);
	for (uint32_t i = 0; i < n && i < 16 && i < (uint32_t)max_formats; i++)
		formats[i] = (EGLint)all[i];
	*num_formats = max_formats == 0 || (uint32_t)max_formats > n ? (EGLint)n : max_formats;
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_QueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format,
						    EGLint max_modifiers, EGLuint64KHR *modifiers,
						    EGLBoolean *external_only,
						    EGLint *num_modifiers)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);

	if (!d)
		return EGL_FALSE;
	egl_display_release(d);
	if (max_modifiers < 0 || !num_modifiers || (max_modifiers > 0 && !modifiers) ||
	    !fourcc_supported((uint32_t)format))
		return egl_error(EGL_BAD_PARAMETER);
	/* None listed: virtio_gpu buffers have one layout, the implicit one
	 * (linear), as Mesa's virgl says too. Listing LINEAR made weston
	 * advertise it as an explicit modifier, which Mesa's GBM on virgl
	 * cannot allocate with (gbm_bo_create_with_modifiers fails: an
	 * Xwayland on Mesa under virtgl's weston got no buffer for its
	 * windows). Imports with LINEAR or no modifier are taken. */
	(void)external_only;
	*num_modifiers = 0;
	return egl_success();
}

/* ---- EGL_MESA_image_dma_buf_export ------------------------------------------------------------ */

/* The image's dma-buf (with_fd: a new fd too), or the error. */
static EGLint export_image(EGLDisplay dpy, EGLImageKHR image, bool with_fd,
			   struct vgl_dma_buf *buf)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);
	struct egl_image *i;
	EGLint err = EGL_BAD_PARAMETER;

	if (!d)
		return EGL_FALSE; /* the error is recorded */
	i = egl_image_find(d, image);
	if (i)
		err = egl_error_from_vgl(vgl_egl_image_export_dma_buf(i->img, with_fd, buf));
	egl_display_release(d);
	return err;
}

EGLBoolean EGLAPIENTRY vegl_ExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image,
						       int *fourcc, int *num_planes,
						       EGLuint64KHR *modifiers)
{
	struct vgl_dma_buf buf;
	EGLint err = export_image(dpy, image, false, &buf);

	if (err != EGL_SUCCESS)
		return err == EGL_FALSE ? EGL_FALSE : egl_error(err);
	if (fourcc)
		*fourcc = (int)buf.fourcc;
	if (num_planes)
		*num_planes = 1;
	if (modifiers)
		modifiers[0] = buf.modifier;
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_ExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds,
						  EGLint *strides, EGLint *offsets)
{
	struct vgl_dma_buf buf;
	EGLint err = export_image(dpy, image, fds != NULL, &buf);

	if (err != EGL_SUCCESS)
		return err == EGL_FALSE ? EGL_FALSE : egl_error(err);
	if (fds)
		fds[0] = buf.fd;
	if (strides)
		strides[0] = (EGLint)buf.stride;
	if (offsets)
		offsets[0] = (EGLint)buf.offset;
	return egl_success();
}
