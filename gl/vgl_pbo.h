/* SPDX-License-Identifier: MIT */
/*
 * Pixel buffer objects (ES 3.0 §3.7.1, §4.3.1). With a buffer bound to
 * GL_PIXEL_UNPACK_BUFFER, the data pointer of glTex(Sub)Image* and
 * glCompressedTex(Sub)Image* is an offset into it; with one bound to
 * GL_PIXEL_PACK_BUFFER, glReadPixels's is.
 *
 * Where the client layout is the image's (no conversion, rows a whole
 * number of texels apart), the GPU copies between buffer and image in the
 * context's batch (vgl_texture_storage.c, vgl_read.c): no flush, no wait.
 * The buffer's storage records the range such a copy writes, so mapping it
 * later waits for that copy only (technique 2, vgl_map.c). Other layouts
 * take the client-memory path on the buffer's CPU copy, made current first
 * as glMapBufferRange would (vgl_buffer_cpu_access): correct, not fast.
 *
 * Both copy directions rewrite the buffer's bytes the transfer covers (vk/
 * moves them between the backing and the host copy: vvk_cmd_transfer.c),
 * so both count as GPU writes of the buffer.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_buffer;
struct vgl_context;
struct vgl_state;

/* The pixel storage parameters of one direction (glPixelStorei). */
struct vgl_pixel_store {
	GLint alignment, row_length, image_height;
	GLint skip_pixels, skip_rows, skip_images;
};

/* A client image as the pixel storage parameters lay it out, in bytes. */
struct vgl_pixel_layout {
	uint64_t skip;          /* from the pointer (offset) to the first texel */
	uint64_t stride;        /* from one row to the next */
	uint64_t image_stride;  /* from one image (slice or layer) to the next */
	uint64_t span;          /* from the first texel to one past the last byte; 0: none */
};

/* The unpack parameters (three_d: the glTex*3D calls, which alone use
 * image height and skipped images) and the pack ones (ES 3.0 has no
 * pack image height). */
struct vgl_pixel_store vgl_unpack_store(const struct vgl_state *st, bool three_d);
struct vgl_pixel_store vgl_pack_store(const struct vgl_state *st);
/* The layout of w x h x d texels of bpp bytes; false when some value does
 * not fit 64 bits (no buffer holds it; out is then meaningless). An
 * empty image addresses nothing: span 0, true. */
bool vgl_pixel_layout(const struct vgl_pixel_store *ps, uint32_t bpp, uint32_t w, uint32_t h,
		      uint32_t d, struct vgl_pixel_layout *out);
/* Bytes of the GL data type of a pixel type (ES 3.0 table 3.2): a buffer
 * offset must be a multiple of it. */
uint32_t vgl_pixel_type_size(GLenum type);
/* ES 3.0's errors of a transfer between the bound buffer b and a client
 * image at `offset` (the data pointer): INVALID_OPERATION when b is mapped,
 * when the data would reach past b's end (layout_ok false: past any end),
 * or when offset is not a multiple of align. Sets the error; false then. */
bool vgl_pbo_access_ok(struct vgl_context *ctx, const struct vgl_buffer *b, uintptr_t offset,
		       bool layout_ok, const struct vgl_pixel_layout *l, uint32_t align);
