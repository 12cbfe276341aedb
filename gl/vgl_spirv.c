/* SPDX-License-Identifier: MIT */
#include "vgl_spirv.h"

#define SPIRV_MAGIC 0x07230203u
#define SPIRV_HEADER_WORDS 5
#define OP_DECORATE 71u
#define DECORATION_BINDING 33u

int vgl_spirv_remap_bindings(uint32_t *words, size_t nr_words, const int32_t *map,
			     uint32_t map_len)
{
	size_t i = SPIRV_HEADER_WORDS;

	if (nr_words < SPIRV_HEADER_WORDS || words[0] != SPIRV_MAGIC)
		return -1;
	while (i < nr_words) {
		uint32_t op = words[i] & 0xffffu, count = words[i] >> 16;

		if (count == 0 || i + count > nr_words)
			return -1;
		if (op == OP_DECORATE && count >= 4 && words[i + 2] == DECORATION_BINDING &&
		    words[i + 3] < map_len && map[words[i + 3]] >= 0)
			words[i + 3] = (uint32_t)map[words[i + 3]];
		i += count;
	}
	return 0;
}
