/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler_test_util.h"

uint32_t *ctu_load_spv(const char *name, size_t *nr_words)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s.spv", SPV_DIR, name);
	return ctu_load_file(path, nr_words);
}

uint32_t *ctu_load_file(const char *path, size_t *nr_words)
{
	FILE *f;
	long size;
	uint32_t *w;

	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	w = malloc(size > 0 ? (size_t)size : 4);
	if (w && fread(w, 1, (size_t)size, f) != (size_t)size) {
		free(w);
		w = NULL;
	}
	fclose(f);
	*nr_words = (size_t)size / 4;
	return w;
}

enum vc_stage ctu_stage_of(const char *name)
{
	const char *dot = strrchr(name, '.');

	if (dot && !strcmp(dot, ".frag"))
		return VC_STAGE_FRAGMENT;
	if (dot && !strcmp(dot, ".comp"))
		return VC_STAGE_COMPUTE;
	return VC_STAGE_VERTEX;
}

static int test_slot(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind)
{
	(void)ctx;
	if (set != 0 || binding > 30)
		return -1;
	return kind == VC_DESC_UNIFORM_BUFFER ? (int)binding + 1 : (int)binding;
}

struct vc_slot_map ctu_slot_map(void)
{
	struct vc_slot_map m = { .slot = test_slot };

	return m;
}

static int compile_loaded(uint32_t *w, size_t n, enum vc_stage stage, struct vc_tgsi *out)
{
	struct vc_compile_info info = {
		.words = w, .nr_words = n, .entry_point = "main", .stage = stage,
		.map = ctu_slot_map(),
	};
	int ret;

	if (!w) {
		memset(out, 0, sizeof(*out));
		return -100;
	}
	ret = vc_spirv_to_tgsi(&info, out);
	free(w);
	return ret;
}

int ctu_compile(const char *name, struct vc_tgsi *out)
{
	size_t n = 0;
	uint32_t *w = ctu_load_spv(name, &n);

	return compile_loaded(w, n, ctu_stage_of(name), out);
}

int ctu_compile_file(const char *path, enum vc_stage stage, struct vc_tgsi *out)
{
	size_t n = 0;
	uint32_t *w = ctu_load_file(path, &n);

	return compile_loaded(w, n, stage, out);
}

const char *const ctu_shaders[] = {
	"passthrough.vert", "ubo.vert", "textured.frag", "color.frag", "flow.frag",
	"intmath.vert", "textures.frag", "compute.comp", "builtins.frag", "packing.vert",
	"matrix.vert", "ubo_array.vert", "separate_samplers.frag",
};
const unsigned ctu_nr_shaders = sizeof(ctu_shaders) / sizeof(ctu_shaders[0]);
