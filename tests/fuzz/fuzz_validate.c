/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the command-stream validator and the decoder under it
 * (drm/vdrm_validate.c, vdrm_decode.c): whatever the bytes, they must be
 * judged, never crash or read outside the stream.
 *
 * Input: 8 bytes of caps (capability bits, GLSL level, a few limits), then
 * the stream as little-endian dwords, cut in two submissions at the dword
 * the first caps byte names, so handles created by the first reach the
 * second. Resources 1..4 are in every list; 5 is live but unlisted.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_decode.h"
#include "vdrm_validate.h"

#define CAPS_BYTES 8

static void caps_from(const uint8_t *b, struct vdrm_caps *caps)
{
	memset(caps, 0, sizeof(*caps));
	memcpy(&caps->capability_bits, b, 4);
	caps->glsl_level = b[4] & 1 ? 450 : 140;
	caps->max_render_targets = b[5] & 15;
	caps->max_texture_image_units = b[6] & 31;
	caps->max_uniform_blocks = b[7] & 15;
	caps->max_viewports = b[7] >> 4;
	caps->max_shader_buffer_frag_compute = b[6] >> 5;
	caps->prim_mask = b[5] & 16 ? 0x7fff : 0;
}

static void validate_both(struct vdrm_validator *v, const uint32_t *dw, uint32_t ndw,
			  uint32_t cut)
{
	static const uint32_t list[] = { 4, 2, 1, 3 };
	char msg[256];

	vdrm_validate_stream(v, dw, cut, list, 4, msg, sizeof(msg));
	vdrm_validate_stream(v, dw + cut, ndw - cut, list, 4, msg, sizeof(msg));
	/* and once more with no room for a message */
	vdrm_validate_stream(v, dw, ndw, list, 0, msg, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null_out;
	struct vdrm_caps caps;
	struct vdrm_validator *v;
	uint32_t *dw, ndw;

	if (size < CAPS_BYTES)
		return 0;
	if (!null_out)
		null_out = fopen("/dev/null", "w");
	caps_from(data, &caps);
	ndw = (uint32_t)((size - CAPS_BYTES) / 4);
	dw = malloc(ndw ? ndw * 4 : 4); /* exactly the stream: ASan sees any overrun */
	if (!dw)
		return 0;
	memcpy(dw, data + CAPS_BYTES, (size_t)ndw * 4);
	v = vdrm_validator_create(&caps);
	if (v) {
		for (uint32_t id = 1; id <= 5; id++)
			vdrm_validator_resource_created(v, id);
		validate_both(v, dw, ndw, ndw ? data[0] % (ndw + 1) : 0);
		vdrm_validator_destroy(v);
	}
	if (null_out)
		vdrm_decode_dump(null_out, dw, ndw);
	free(dw);
	return 0;
}
