/* SPDX-License-Identifier: MIT */
/*
 * The module's one export. libgbm (22.3) dlopens virtio_gpu_gbm.so for any
 * fd whose kernel driver is virtio_gpu, calls this, then create_device; a
 * NULL device makes it try the next backend (Mesa's own "dri").
 */
#include "vgbm_device.h"

static const struct gbm_backend backend = {
	.v0 = {
		.backend_version = VGBM_ABI_VERSION,
		.backend_name = VGBM_BACKEND_NAME,
		.create_device = vgbm_device_create,
	},
};

__attribute__((visibility("default")))
const struct gbm_backend *gbmint_get_backend(const struct gbm_core *core);

const struct gbm_backend *gbmint_get_backend(const struct gbm_core *core)
{
	vgbm_set_core(core);
	return &backend;
}
