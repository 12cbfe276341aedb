/* SPDX-License-Identifier: MIT */
/*
 * What virtgl needs of the Linux 6.1 virtio_gpu uAPI beyond Debian's libdrm
 * 2.4.114 <virtgpu_drm.h>, written from the documented facts
 * (docs/virtio-gpu-uapi-and-vtest.md §1.1, §1.4, §1.9).
 *
 * The old-size structs of libdrm's header still work on 6.1: the DRM core
 * dispatches on the ioctl number and zero-fills the fields it did not get,
 * so the 6.1-only fields (execbuffer ring_idx, transfer stride) read as 0,
 * which is exactly what a non-blob context without rings must send.
 */
#pragma once

#include <virtgpu_drm.h>

/* GETPARAM ids added after libdrm 2.4.114's copy (all answered by 6.1). */
#ifndef VIRTGPU_PARAM_RESOURCE_BLOB
#define VIRTGPU_PARAM_RESOURCE_BLOB 3
#endif
#ifndef VIRTGPU_PARAM_HOST_VISIBLE
#define VIRTGPU_PARAM_HOST_VISIBLE 4
#endif
#ifndef VIRTGPU_PARAM_CROSS_DEVICE
#define VIRTGPU_PARAM_CROSS_DEVICE 5
#endif
#ifndef VIRTGPU_PARAM_CONTEXT_INIT
#define VIRTGPU_PARAM_CONTEXT_INIT 6
#endif
#ifndef VIRTGPU_PARAM_SUPPORTED_CAPSET_IDs
#define VIRTGPU_PARAM_SUPPORTED_CAPSET_IDs 7
#endif

/* capset ids of GET_CAPS */
#define VDRM_CAPSET_VIRGL 1
#define VDRM_CAPSET_VIRGL2 2
