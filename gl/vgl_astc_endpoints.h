/* SPDX-License-Identifier: MIT */
/*
 * ASTC colour endpoints and partitions: the LDR colour endpoint modes turn
 * unquantized values (0..255) into two RGBA8 endpoints, and the partition
 * hash assigns a texel to one of a block's 2..4 partitions.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* The number of values colour endpoint mode `cem` (0..15) takes: 2..8. */
unsigned vgl_astc_endpoint_values(unsigned cem);
/* Endpoints e[0], e[1] of an LDR mode from its values; false for the HDR
 * modes (2, 3, 7, 11, 14, 15), which the LDR profile decodes as errors. */
bool vgl_astc_endpoints(unsigned cem, const uint8_t *v, uint8_t e[2][4]);
/* The partition (0..count-1) of texel (x, y) of a block whose partition
 * index is `seed`; small: a block of fewer than 31 texels. */
unsigned vgl_astc_partition(unsigned seed, unsigned x, unsigned y, unsigned count, bool small);
