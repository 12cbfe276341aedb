/* SPDX-License-Identifier: MIT */
/*
 * ASTC's bit-level pieces (Khronos Data Format Specification, "ASTC
 * Compressed Texture Image Formats"): a block read as a 128-bit
 * little-endian number, the integer sequence encoding (ISE: values of a
 * range stored as plain bits, trits or quints) and the unquantization of
 * colour endpoint and weight values.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* A block's 128 bits, bit 0 the lowest of byte 0. */
struct vgl_astc_bits {
	uint64_t lo, hi;
};

/* The count of ISE ranges; ranges are numbered 0 (2 values) .. 20 (256). */
#define VGL_ASTC_RANGES 21

struct vgl_astc_bits vgl_astc_bits_load(const uint8_t block[16]);
/* n (<= 32) bits from bit `pos`; bits past 127 read as 0. */
uint32_t vgl_astc_bits_get(const struct vgl_astc_bits *b, unsigned pos, unsigned n);
/* The block's bits in reverse order (bit 127 becomes bit 0): weights are
 * stored downwards from the top. */
struct vgl_astc_bits vgl_astc_bits_reverse(const struct vgl_astc_bits *b);
/* Bits [pos, pos + n) moved down to 0, every other bit cleared. */
struct vgl_astc_bits vgl_astc_bits_slice(const struct vgl_astc_bits *b, unsigned pos, unsigned n);

/* The number of values of range r. */
unsigned vgl_astc_range_levels(unsigned r);
/* Bits `count` values of range r take. */
unsigned vgl_astc_ise_size(unsigned r, unsigned count);
/* Decodes `count` (<= 64) values of range r from bit 0 of `b` on. */
void vgl_astc_ise_decode(const struct vgl_astc_bits *b, unsigned r, unsigned count,
			 uint8_t *values);

/* A colour endpoint value of range r (>= 5, 6 levels) as 0..255. */
uint8_t vgl_astc_unquantize_color(unsigned r, unsigned v);
/* A weight of range r (<= 11, 32 levels) as 0..64. */
uint8_t vgl_astc_unquantize_weight(unsigned r, unsigned v);
