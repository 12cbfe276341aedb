/* SPDX-License-Identifier: MIT */
/*
 * The typed virgl encoders on the command mix a GLES draw needs between
 * draws (bind VS/FS, blend, DSA, rasterizer; 2 vertex buffers; 16 VS and 4 FS
 * constant dwords; a UBO; one sampler view and state; the viewport; the draw),
 * encoded N times per frame into a vdrm_cs that is reset every frame.
 *
 * Peers, in the same binary and on the same mix, writing identical dwords:
 *  - "checked": untyped dword pushes with a space check per dword;
 *  - "mesa": what Mesa's virgl_encode.c does: one space check per command
 *    (virgl_encoder_write_cmd_dword), then unchecked dword writes.
 * Both grow their buffer like vdrm_cs does.
 *
 * usage: bench_encoder [draws_per_frame [frames [samples]]]
 * Prints KEY=VALUE lines; ratios > 1 mean the typed encoders are faster.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "vdrm_cmds.h"

/* The inputs of one draw: what the GL layer would hand the encoders. */
struct mix {
	uint32_t vs, fs, blend, dsa, rast;
	struct vdrm_set_vertex_buffers_elem vbufs[2];
	uint32_t vs_consts[16];
	uint32_t fs_consts[4];
	uint32_t ubo_res, view, sampler;
	struct vdrm_set_viewport_state_elem viewport;
};

struct config {
	uint32_t draws_per_frame;
	uint32_t frames;
	uint32_t samples;
};

/* Defeats dead-store elimination of the encoded frames. */
static volatile uint32_t sink;

static void init_mix(struct mix *m)
{
	*m = (struct mix){
		.vs = 2, .fs = 3, .blend = 7, .dsa = 4, .rast = 8,
		.vbufs = { { 24, 0, 4 }, { 8, 0, 5 } },
		.ubo_res = 6, .view = 9, .sampler = 10,
		.viewport = { 32, 32, 0.5f, 32, 32, 0.5f },
	};
	for (unsigned i = 0; i < 16; i++)
		m->vs_consts[i] = vdrm_fui((float)i);
	for (unsigned i = 0; i < 4; i++)
		m->fs_consts[i] = vdrm_fui(1.0f);
}

/* --- the typed encoders -------------------------------------------------------- */

static void typed_bind_state(struct vdrm_cs *cs, const struct mix *m)
{
	vdrm_encode_bind_shader(cs, &(struct vdrm_cmd_bind_shader){ .handle = m->vs, .type = 0 });
	vdrm_encode_bind_shader(cs, &(struct vdrm_cmd_bind_shader){ .handle = m->fs, .type = 1 });
	vdrm_encode_bind_blend(cs, &(struct vdrm_cmd_bind_blend){ .handle = m->blend });
	vdrm_encode_bind_dsa(cs, &(struct vdrm_cmd_bind_dsa){ .handle = m->dsa });
	vdrm_encode_bind_rasterizer(cs, &(struct vdrm_cmd_bind_rasterizer){ .handle = m->rast });
	vdrm_encode_set_vertex_buffers(cs, &(struct vdrm_cmd_set_vertex_buffers){
		.elems = m->vbufs, .count = 2 });
}

static void typed_resources(struct vdrm_cs *cs, const struct mix *m)
{
	vdrm_encode_set_constant_buffer(cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 0, .elems = m->vs_consts, .count = 16 });
	vdrm_encode_set_constant_buffer(cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 1, .elems = m->fs_consts, .count = 4 });
	vdrm_encode_set_uniform_buffer(cs, &(struct vdrm_cmd_set_uniform_buffer){
		.stage = 1, .index = 1, .length = 32, .res = m->ubo_res });
	vdrm_encode_set_sampler_views(cs, &(struct vdrm_cmd_set_sampler_views){
		.stage = 1, .elems = &m->view, .count = 1 });
	vdrm_encode_bind_sampler_states(cs, &(struct vdrm_cmd_bind_sampler_states){
		.stage = 1, .elems = &m->sampler, .count = 1 });
}

static void typed_draw(struct vdrm_cs *cs, const struct mix *m, uint32_t i)
{
	typed_bind_state(cs, m);
	typed_resources(cs, m);
	vdrm_encode_set_viewport_state(cs, &(struct vdrm_cmd_set_viewport_state){
		.elems = &m->viewport, .count = 1 });
	vdrm_encode_draw_vbo(cs, &(struct vdrm_cmd_draw_vbo){
		.start = i, .count = 6, .mode = 4, .instance_count = 1, .max_index = i + 5 });
}

/* --- the peers: untyped dword pushes ---------------------------------------------- */

struct peer_buf {
	uint32_t *buf;
	uint32_t cdw;
	uint32_t capacity;
};

/* Same doubling as vdrm_cs; a bench has nothing better to do on OOM. */
static void peer_grow(struct peer_buf *b, uint32_t need)
{
	uint32_t cap = b->capacity ? b->capacity : 1024;

	while (cap < need)
		cap *= 2;
	b->buf = realloc(b->buf, (size_t)cap * sizeof(uint32_t));
	if (!b->buf) {
		fprintf(stderr, "bench_encoder: out of memory\n");
		exit(1);
	}
	b->capacity = cap;
}

/* per_dword is a constant at every call site, so each peer is compiled
 * without the other's checks. */
static inline __attribute__((always_inline)) void
peer_dw(struct peer_buf *b, bool per_dword, uint32_t v)
{
	if (per_dword && b->cdw >= b->capacity)
		peer_grow(b, b->cdw + 1);
	b->buf[b->cdw++] = v;
}

static inline __attribute__((always_inline)) void
peer_cmd(struct peer_buf *b, bool per_dword, uint32_t op, uint32_t len)
{
	if (!per_dword && b->cdw + 1 + len > b->capacity)
		peer_grow(b, b->cdw + 1 + len);
	peer_dw(b, per_dword, VDRM_CMD_HEADER(op, 0, len));
}

static inline __attribute__((always_inline)) void
peer_bind(struct peer_buf *b, bool pd, uint32_t obj, uint32_t handle)
{
	if (!pd && b->cdw + 2 > b->capacity)
		peer_grow(b, b->cdw + 2);
	peer_dw(b, pd, VDRM_CMD_HEADER(VDRM_CCMD_BIND_OBJECT, obj, 1));
	peer_dw(b, pd, handle);
}

static inline __attribute__((always_inline)) void
peer_bind_state(struct peer_buf *b, bool pd, const struct mix *m)
{
	peer_cmd(b, pd, VDRM_CCMD_BIND_SHADER, 2);
	peer_dw(b, pd, m->vs);
	peer_dw(b, pd, 0);
	peer_cmd(b, pd, VDRM_CCMD_BIND_SHADER, 2);
	peer_dw(b, pd, m->fs);
	peer_dw(b, pd, 1);
	peer_bind(b, pd, VDRM_OBJ_BLEND, m->blend);
	peer_bind(b, pd, VDRM_OBJ_DSA, m->dsa);
	peer_bind(b, pd, VDRM_OBJ_RASTERIZER, m->rast);
	peer_cmd(b, pd, VDRM_CCMD_SET_VERTEX_BUFFERS, 6);
	for (unsigned i = 0; i < 2; i++) {
		peer_dw(b, pd, m->vbufs[i].stride);
		peer_dw(b, pd, m->vbufs[i].offset);
		peer_dw(b, pd, m->vbufs[i].res);
	}
}

static inline __attribute__((always_inline)) void
peer_resources(struct peer_buf *b, bool pd, const struct mix *m)
{
	peer_cmd(b, pd, VDRM_CCMD_SET_CONSTANT_BUFFER, 2 + 16);
	peer_dw(b, pd, 0);
	peer_dw(b, pd, 0);
	for (unsigned i = 0; i < 16; i++)
		peer_dw(b, pd, m->vs_consts[i]);
	peer_cmd(b, pd, VDRM_CCMD_SET_CONSTANT_BUFFER, 2 + 4);
	peer_dw(b, pd, 1);
	peer_dw(b, pd, 0);
	for (unsigned i = 0; i < 4; i++)
		peer_dw(b, pd, m->fs_consts[i]);
	peer_cmd(b, pd, VDRM_CCMD_SET_UNIFORM_BUFFER, 5);
	peer_dw(b, pd, 1);
	peer_dw(b, pd, 1);
	peer_dw(b, pd, 0);
	peer_dw(b, pd, 32);
	peer_dw(b, pd, m->ubo_res);
	peer_cmd(b, pd, VDRM_CCMD_SET_SAMPLER_VIEWS, 3);
	peer_dw(b, pd, 1);
	peer_dw(b, pd, 0);
	peer_dw(b, pd, m->view);
	peer_cmd(b, pd, VDRM_CCMD_BIND_SAMPLER_STATES, 3);
	peer_dw(b, pd, 1);
	peer_dw(b, pd, 0);
	peer_dw(b, pd, m->sampler);
}

static inline __attribute__((always_inline)) void
peer_viewport_draw(struct peer_buf *b, bool pd, const struct mix *m, uint32_t i)
{
	const struct vdrm_set_viewport_state_elem *v = &m->viewport;
	const uint32_t draw[12] = { i, 6, 4, 0, 1, 0, 0, 0, 0, 0, i + 5, 0 };

	peer_cmd(b, pd, VDRM_CCMD_SET_VIEWPORT_STATE, 7);
	peer_dw(b, pd, 0);
	peer_dw(b, pd, vdrm_fui(v->scale_x));
	peer_dw(b, pd, vdrm_fui(v->scale_y));
	peer_dw(b, pd, vdrm_fui(v->scale_z));
	peer_dw(b, pd, vdrm_fui(v->translate_x));
	peer_dw(b, pd, vdrm_fui(v->translate_y));
	peer_dw(b, pd, vdrm_fui(v->translate_z));
	peer_cmd(b, pd, VDRM_CCMD_DRAW_VBO, 12);
	for (unsigned k = 0; k < 12; k++)
		peer_dw(b, pd, draw[k]);
}

static void peer_draw_checked(struct peer_buf *b, const struct mix *m, uint32_t i)
{
	peer_bind_state(b, true, m);
	peer_resources(b, true, m);
	peer_viewport_draw(b, true, m, i);
}

static void peer_draw_mesa(struct peer_buf *b, const struct mix *m, uint32_t i)
{
	peer_bind_state(b, false, m);
	peer_resources(b, false, m);
	peer_viewport_draw(b, false, m, i);
}

/* --- timing ----------------------------------------------------------------------- */

/* Nanoseconds per draw over all frames of one sample. */
static double time_typed(const struct config *c, struct vdrm_cs *cs, const struct mix *m)
{
	uint64_t t0 = bench_now_ns();

	for (uint32_t f = 0; f < c->frames; f++) {
		vdrm_cs_reset(cs);
		for (uint32_t d = 0; d < c->draws_per_frame; d++)
			typed_draw(cs, m, d);
		sink ^= cs->buf[cs->cdw - 1];
	}
	return (double)(bench_now_ns() - t0) / ((double)c->frames * c->draws_per_frame);
}

static double time_peer(const struct config *c, struct peer_buf *b, const struct mix *m,
			void (*draw)(struct peer_buf *, const struct mix *, uint32_t))
{
	uint64_t t0 = bench_now_ns();

	for (uint32_t f = 0; f < c->frames; f++) {
		b->cdw = 0;
		for (uint32_t d = 0; d < c->draws_per_frame; d++)
			draw(b, m, d);
		sink ^= b->buf[b->cdw - 1];
	}
	return (double)(bench_now_ns() - t0) / ((double)c->frames * c->draws_per_frame);
}

/* The comparison is only fair if all three write the same dwords. */
static bool same_output(struct vdrm_cs *cs, struct peer_buf *checked, struct peer_buf *mesa,
			const struct mix *m)
{
	vdrm_cs_reset(cs);
	checked->cdw = mesa->cdw = 0;
	for (uint32_t d = 0; d < 3; d++) {
		typed_draw(cs, m, d);
		peer_draw_checked(checked, m, d);
		peer_draw_mesa(mesa, m, d);
	}
	return vdrm_cs_ok(cs) && cs->cdw == checked->cdw && cs->cdw == mesa->cdw &&
	       !memcmp(cs->buf, checked->buf, cs->cdw * 4) && !memcmp(cs->buf, mesa->buf, cs->cdw * 4);
}

struct results {
	double typed[2], checked[2], mesa[2]; /* ns per draw: median, p90 */
};

/* Interleaves the three so that all see the same machine state. */
static bool run_samples(const struct config *c, const struct mix *m, struct results *r)
{
	double *t = calloc(3 * (size_t)c->samples, sizeof(double));
	struct peer_buf checked = { 0 }, mesa = { 0 };
	struct vdrm_cs cs;
	bool ok;

	vdrm_cs_init(&cs);
	ok = t && same_output(&cs, &checked, &mesa, m);
	for (uint32_t s = 0; ok && s < c->samples; s++) {
		t[s] = time_typed(c, &cs, m);
		t[c->samples + s] = time_peer(c, &checked, m, peer_draw_checked);
		t[2 * c->samples + s] = time_peer(c, &mesa, m, peer_draw_mesa);
	}
	ok = ok && vdrm_cs_ok(&cs);
	if (ok) {
		bench_stats(t, c->samples, &r->typed[0], &r->typed[1]);
		bench_stats(t + c->samples, c->samples, &r->checked[0], &r->checked[1]);
		bench_stats(t + 2 * c->samples, c->samples, &r->mesa[0], &r->mesa[1]);
	}
	vdrm_cs_finish(&cs);
	free(checked.buf);
	free(mesa.buf);
	free(t);
	return ok;
}

static uint32_t dwords_per_draw(const struct mix *m)
{
	struct vdrm_cs cs;
	uint32_t n;

	vdrm_cs_init(&cs);
	typed_draw(&cs, m, 0);
	n = cs.cdw;
	vdrm_cs_finish(&cs);
	return n;
}

static void print_variant(const char *name, const double *ns, uint32_t dw)
{
	printf("%s_ns_per_draw_median=%.2f\n", name, ns[0]);
	printf("%s_ns_per_draw_p90=%.2f\n", name, ns[1]);
	printf("%s_draws_per_s=%.0f\n", name, 1e9 / ns[0]);
	printf("%s_dwords_per_s=%.0f\n", name, 1e9 / ns[0] * dw);
}

static void print_results(const struct config *c, const struct results *r, uint32_t dw)
{
	printf("bench=encoder\n");
	printf("draws_per_frame=%u\nframes=%u\nsamples=%u\n", c->draws_per_frame, c->frames, c->samples);
	printf("dwords_per_draw=%u\nbytes_per_draw=%u\n", dw, dw * 4);
	print_variant("typed", r->typed, dw);
	print_variant("peer_checked", r->checked, dw);
	print_variant("peer_mesa", r->mesa, dw);
	printf("ratio_typed_vs_peer_checked=%.3f\n", r->checked[0] / r->typed[0]);
	printf("ratio_typed_vs_peer_mesa=%.3f\n", r->mesa[0] / r->typed[0]);
	printf("peak_rss_kb=%ld\n", bench_peak_rss_kb());
}

static uint32_t arg_or(int argc, char **argv, int i, uint32_t fallback)
{
	long v = i < argc ? strtol(argv[i], NULL, 0) : 0;

	return v > 0 && v < 100000000 ? (uint32_t)v : fallback;
}

int main(int argc, char **argv)
{
	struct config c = {
		.draws_per_frame = arg_or(argc, argv, 1, 1000),
		.frames = arg_or(argc, argv, 2, 200),
		.samples = arg_or(argc, argv, 3, 11),
	};
	struct results r;
	struct mix m;

	init_mix(&m);
	if (!run_samples(&c, &m, &r)) {
		fprintf(stderr, "bench_encoder: the encoders disagree or failed\n");
		return 1;
	}
	print_results(&c, &r, dwords_per_draw(&m));
	return 0;
}
