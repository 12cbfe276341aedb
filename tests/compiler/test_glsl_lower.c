/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES -> IR (glsl_lower): goldens of small shaders (the IR as
 * vc_ir_print writes it, tests/compiler/glsl_lower/NAME.{vert,frag} ->
 * NAME.ir; VIRTGL_UPDATE_GOLDENS=1 rewrites them), the interface the GL
 * layer queries (default block offsets, bindings, locations), and the
 * real-shader corpus through the existing back end: every complete corpus
 * shader must lower and emit TGSI, except those on the known list
 * (glsl_lower_known.txt), so that regressions fail.
 *
 * Built with HOST_CHECK, the same corpus TGSI must also be accepted by a
 * private virgl_test_server (CREATE_OBJECT(SHADER), then a round trip).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "corpus.h"
#include "glsl_lower.h"
#include "glsl_parser.h"
#include "glsl_sema.h"
#include "vc_tgsi_emit.h"
#ifdef HOST_CHECK
#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "vtest_fixture.h"
#endif

struct compiled {
	struct glsl_arena arena;
	struct glsl_log log;
	struct glsl_lower_result res;
};

static enum glsl_stage stage_of(const char *name)
{
	return strstr(name, ".frag") ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX;
}

/* Preprocess, parse, analyse, lower: 0 on success, else c->log says why. */
static int compile(const char *src, enum glsl_stage stage, struct compiled *c)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };
	struct glsl_token_stream toks;
	struct glsl_ast *ast = NULL;
	struct glsl_sema_result *sr = NULL;
	int ret = -1;

	memset(c, 0, sizeof(*c));
	glsl_arena_init(&c->arena, 0, 0);
	glsl_log_init(&c->log, 0, 0);
	if (glsl_pp_run(&in, &toks, &c->log) == 0 && glsl_parse(&toks, &c->arena, &ast, &c->log) == 0 &&
	    glsl_sema(ast, stage, NULL, &c->arena, &c->log, &sr) == 0)
		ret = glsl_lower(ast, sr, &c->log, &c->res);
	glsl_token_stream_finish(&toks);
	return ret;
}

static void compiled_finish(struct compiled *c)
{
	glsl_lower_result_finish(&c->res);
	glsl_log_finish(&c->log);
	glsl_arena_finish(&c->arena);
}

static const char *log_of(const struct compiled *c)
{
	return glsl_log_text(&c->log) ? glsl_log_text(&c->log) : "";
}

#ifndef HOST_CHECK /* the host variant checks the corpus only */
/* ---- goldens ------------------------------------------------------------------------------ */

static const char *const goldens[] = {
	"basic.vert", "uniforms.frag", "control.frag", "functions.frag", "operators.vert",
	"ctors.vert", "switch.frag", "textures.frag", "es100.frag", "es100_ext.frag",
};

static char *ir_text(const struct vc_module *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	vc_ir_print(f, m);
	fclose(f);
	return buf;
}

START_TEST(golden)
{
	const char *name = goldens[_i];
	char path[1024];
	char *src, *want, *got;
	struct compiled c;

	snprintf(path, sizeof(path), "%s/%s", GOLDEN_DIR, name);
	src = corpus_read_file(path, NULL);
	ck_assert_msg(src, "cannot read %s", path);
	ck_assert_msg(compile(src, stage_of(name), &c) == 0, "%s: %s", name, log_of(&c));
	got = ir_text(c.res.module);
	snprintf(path, sizeof(path), "%s/%s.ir", GOLDEN_DIR, name);
	if (getenv("VIRTGL_UPDATE_GOLDENS")) {
		FILE *f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(got, f);
		fclose(f);
	}
	want = corpus_read_file(path, NULL);
	ck_assert_msg(want, "cannot read %s (VIRTGL_UPDATE_GOLDENS=1 writes it)", path);
	ck_assert_msg(!strcmp(want, got), "%s: the IR differs from %s:\n%s", name, path, got);
	free(want);
	free(got);
	free(src);
	compiled_finish(&c);
}
END_TEST

/* ---- the interface ---------------------------------------------------------------------------- */

static const char iface_fs[] =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform float a;\n"
	"uniform vec3 b;\n"
	"uniform mat3 m;\n"
	"uniform bool c;\n"
	"uniform float arr[2];\n"
	"struct S { vec2 p; float q; };\n"
	"uniform S s;\n"
	"uniform sampler2D tex;\n"
	"uniform lowp sampler2D texs[2];\n"
	"layout(std140) uniform Blk { vec4 x; float y; };\n"
	"uniform Two { vec4 z; } two;\n"
	"in vec2 zeta;\n"
	"in vec2 alpha;\n"
	"layout(location = 1) out vec4 o1;\n"
	"layout(location = 0) out vec4 o0;\n"
	"void main() {\n"
	"  o0 = texture(tex, alpha) + texture(texs[1], zeta) + x + two.z;\n"
	"  o1 = vec4(m * b * a, c ? y : arr[1]) + vec4(s.p, s.q, 1.0);\n"
	"}\n";

static const struct glsl_lower_res *find(const struct compiled *c, enum glsl_lower_res_kind k,
					 const char *name)
{
	const struct glsl_lower_res *r = glsl_lower_find(&c->res, k, name);

	ck_assert_msg(r, "no resource %s", name);
	return r;
}

START_TEST(interface)
{
	struct compiled c;

	ck_assert_msg(compile(iface_fs, GLSL_STAGE_FRAGMENT, &c) == 0, "%s", log_of(&c));
	/* std140: a 0, b 16, m 32 (3 columns of 16), c 80, arr 96 (stride 16), s 128 */
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "a")->offset, 0);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "b")->offset, 16);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "m")->offset, 32);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "m")->matrix_stride, 16);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "c")->offset, 80);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "arr")->offset, 96);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "arr")->array_stride, 16);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "arr")->array_size, 2);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "s.p")->offset, 128);
	ck_assert_uint_eq(find(&c, GLSL_RES_UNIFORM, "s.q")->offset, 136);
	/* the struct's std140 size is padded to 16 */
	ck_assert_uint_eq(c.res.default_block_size, 144);
	/* blocks from binding 1 in order, then samplers (an array takes one per element) */
	ck_assert_uint_eq(find(&c, GLSL_RES_BLOCK, "Blk")->binding, 1);
	ck_assert_uint_eq(find(&c, GLSL_RES_BLOCK, "Blk")->size, 20);
	ck_assert_uint_eq(find(&c, GLSL_RES_BLOCK, "Two")->binding, 2);
	ck_assert_uint_eq(find(&c, GLSL_RES_SAMPLER, "tex")->binding, 3);
	ck_assert_uint_eq(find(&c, GLSL_RES_SAMPLER, "texs")->binding, 4);
	ck_assert_uint_eq(find(&c, GLSL_RES_SAMPLER, "texs")->array_size, 2);
	ck_assert_uint_eq(c.res.nr_bindings, 6);
	/* inputs by name; outputs where layout(location) puts them */
	ck_assert_int_eq(find(&c, GLSL_RES_INPUT, "alpha")->location, 0);
	ck_assert_int_eq(find(&c, GLSL_RES_INPUT, "zeta")->location, 1);
	ck_assert_int_eq(find(&c, GLSL_RES_OUTPUT, "o1")->location, 1);
	ck_assert_int_eq(find(&c, GLSL_RES_OUTPUT, "o0")->location, 0);
	compiled_finish(&c);
}
END_TEST

START_TEST(undefined_function_fails)
{
	static const char src[] = "#version 300 es\nfloat f(float x);\n"
				  "void main() { gl_Position = vec4(f(1.0)); }\n";
	struct compiled c;

	ck_assert_int_ne(compile(src, GLSL_STAGE_VERTEX, &c), 0);
	ck_assert_ptr_nonnull(strstr(log_of(&c), "never defined"));
	ck_assert_ptr_null(c.res.module);
	compiled_finish(&c);
}
END_TEST

#endif

/* ---- the corpus ----------------------------------------------------------------------------------- */

#define CORPUS_MAX 512

static char *corpus_names[CORPUS_MAX];
static unsigned nr_corpus;
static char *known;

static const char *corpus_dir(void)
{
	return getenv("VIRTGL_CORPUS_DIR") ? getenv("VIRTGL_CORPUS_DIR") : CORPUS_DIR;
}

static int load_corpus(void)
{
	struct corpus_list list;
	const char *name;

	if (corpus_list_open(&list, corpus_dir()))
		return -1;
	while (nr_corpus < CORPUS_MAX && (name = corpus_list_next_name(&list)))
		corpus_names[nr_corpus++] = strdup(name);
	corpus_list_close(&list);
	known = corpus_read_file(KNOWN_FAILURES, NULL);
	return nr_corpus && known ? 0 : -1;
}

static void free_corpus(void)
{
	for (unsigned i = 0; i < nr_corpus; i++)
		free(corpus_names[i]);
	free(known);
}

/* GLSL -> IR -> TGSI; 0 or a message in err. */
static int to_tgsi(const char *name, struct vc_tgsi *t, char *err, size_t size)
{
	char path[1024], *src, *log = NULL;
	struct compiled c;
	struct vc_slot_map map = ctu_slot_map();
	enum vc_stage stage = stage_of(name) == GLSL_STAGE_FRAGMENT ? VC_STAGE_FRAGMENT :
								      VC_STAGE_VERTEX;
	int ret;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/%s", corpus_dir(), name);
	if (!(src = corpus_read_file(path, NULL))) {
		snprintf(err, size, "unreadable");
		return -1;
	}
	ret = compile(src, stage_of(name), &c);
	free(src);
	if (ret) {
		snprintf(err, size, "lower: %s", log_of(&c));
		compiled_finish(&c);
		return -1;
	}
	ret = vc_tgsi_emit(c.res.module, stage, &map, t, &log);
	if (ret)
		snprintf(err, size, "TGSI: %s", log ? log : "?");
	free(log);
	compiled_finish(&c);
	return ret;
}

#ifdef HOST_CHECK
#define SEC 1000000000ll
static struct vtest_fixture server;

/* Submits cs and an empty batch after it: false if the host dropped us. */
static bool round_trip(struct vdrm_device *dev, struct vdrm_cs *cs)
{
	uint64_t point = 0;
	int ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 }, &point);

	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 30 * SEC);
	vdrm_cs_reset(cs);
	*vdrm_cs_reserve(cs, 1) = 0;
	if (ret == 0)
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 },
					 &point);
	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 30 * SEC);
	vdrm_cs_reset(cs);
	return ret == 0 && !vdrm_device_is_lost(dev);
}

#define CHUNK_BYTES (32u * 1024 * 4) /* well under a command's 65535-dword payload */

/* CREATE_OBJECT(SHADER) in pieces as Mesa sends a long shader: the first
 * packet's offlen is the whole length, the others' bit 31 | their offset. */
static bool host_accepts(struct vdrm_device *dev, uint32_t handle, enum vc_stage stage,
			 const struct vc_tgsi *t)
{
	uint32_t total = (uint32_t)strlen(t->text) + 1; /* with its NUL */
	struct vdrm_cs cs;
	bool ok = true;

	vdrm_cs_init(&cs);
	for (uint32_t off = 0; ok && off < total; off += CHUNK_BYTES) {
		uint32_t n = total - off < CHUNK_BYTES ? total - off : CHUNK_BYTES;
		uint32_t dw = (n + 3) / 4, *p = vdrm_cs_reserve(&cs, 6 + dw);

		if (!p) {
			ok = false;
			break;
		}
		p[0] = VDRM_CMD_HEADER(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_SHADER, 5 + dw);
		p[1] = handle;
		p[2] = stage;
		p[3] = off ? 0x80000000u | off : total;
		p[4] = t->num_tokens;
		p[5] = 0;
		p[5 + dw] = 0;
		memcpy(p + 6, t->text + off, n);
		ok = round_trip(dev, &cs);
	}
	vdrm_cs_finish(&cs);
	return ok;
}

static bool check_one(const char *name, unsigned i, struct vc_tgsi *t, char *err, size_t size)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST,
						.vtest_socket = server.socket };
	struct vdrm_error e = { 0 };
	struct vdrm_device *dev;
	bool ok;

	if (to_tgsi(name, t, err, size))
		return false;
	if (vdrm_device_create(&info, &dev, &e)) {
		snprintf(err, size, "host: cannot connect: %s", e.message);
		return false;
	}
	ok = host_accepts(dev, 1000 + i, stage_of(name) == GLSL_STAGE_FRAGMENT ?
			  VC_STAGE_FRAGMENT : VC_STAGE_VERTEX, t);
	if (!ok)
		snprintf(err, size, "host rejected the TGSI:\n%s", t->text);
	vdrm_device_destroy(dev);
	return ok;
}
#else
static bool check_one(const char *name, unsigned i, struct vc_tgsi *t, char *err, size_t size)
{
	(void)i;
	return to_tgsi(name, t, err, size) == 0;
}
#endif

/* ---- a dynamically indexed array of samplers (ES 1.00) -------------------------------------- */

/* GLSL ES 1.00 (without Appendix A's limits) lets a loop counter, or any
 * int, index an array of samplers. virgl takes SAMP[ADDR[0].x+base] (its
 * host turns the sampler views declared side by side into a GLSL array), so
 * the back end loads ADDR[0] right before each texture instruction. */
static const char dyn_sampler_fs[] =
	"precision mediump float;\n"
	"uniform sampler2D t[4];\n"
	"uniform int n;\n"
	"varying vec2 uv;\n"
	"void main() {\n"
	"  vec4 c = vec4(0.0);\n"
	"  for (int i = 0; i < 4; i++)\n"
	"    c += texture2D(t[i], uv);\n"
	"  gl_FragColor = c + texture2D(t[n + 1], uv, 1.0);\n"
	"}\n";

/* The line after the first line from `from` on that contains needle; NULL if none. */
static const char *line_after(const char *from, const char *needle)
{
	const char *hit = strstr(from, needle);

	hit = hit ? strchr(hit, '\n') : NULL;
	return hit ? hit + 1 : NULL;
}

/* Whether the line at `line` contains needle. */
static bool line_has(const char *line, const char *needle)
{
	const char *hit = line ? strstr(line, needle) : NULL, *eol = line ? strchr(line, '\n') : NULL;

	return hit && (!eol || hit < eol);
}

START_TEST(dynamic_sampler_index)
{
	struct vc_slot_map map = ctu_slot_map();
	const struct glsl_lower_res *res;
	struct vc_tgsi t;
	struct compiled c;
	const char *at;
	char *log = NULL, want[64];
	unsigned base;

	ck_assert_msg(compile(dyn_sampler_fs, GLSL_STAGE_FRAGMENT, &c) == 0, "%s", log_of(&c));
	res = glsl_lower_find(&c.res, GLSL_RES_SAMPLER, "t");
	ck_assert_ptr_nonnull(res);
	base = res->binding;
	memset(&t, 0, sizeof(t));
	ck_assert_msg(vc_tgsi_emit(c.res.module, VC_STAGE_FRAGMENT, &map, &t, &log) == 0, "%s", log);
	/* every element has its view, at slots base .. base + 3 */
	for (unsigned i = 0; i < 4; i++) {
		snprintf(want, sizeof(want), "DCL SAMP[%u]\nDCL SVIEW[%u], 2D, FLOAT\n", base + i,
			 base + i);
		ck_assert_msg(strstr(t.text, want), "no %s in\n%s", want, t.text);
	}
	ck_assert_uint_eq(t.info.sampler_slots, 0xfu << base);
	ck_assert_ptr_nonnull(strstr(t.text, "DCL ADDR[0]\n"));
	snprintf(want, sizeof(want), ", SAMP[ADDR[0].x+%u], 2D\n", base);
	/* the loop: ADDR[0] from the counter, then TEX through it */
	at = line_after(t.text, "UARL ADDR[0].x, TEMP[");
	ck_assert_msg(line_has(at, "TEX TEMP[") && line_has(at, want), "%s", t.text);
	/* t[n + 1] with a bias: ADDR[0] loaded again, then TXB through it */
	at = line_after(at, "UARL ADDR[0].x, TEMP[");
	ck_assert_msg(line_has(at, "TXB TEMP[") && line_has(at, want), "%s", t.text);
#ifdef HOST_CHECK
	{
		struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST,
							.vtest_socket = server.socket };
		struct vdrm_error e = { 0 };
		struct vdrm_device *dev;

		ck_assert_msg(vdrm_device_create(&info, &dev, &e) == 0, "%s", e.message);
		ck_assert_msg(host_accepts(dev, 999, VC_STAGE_FRAGMENT, &t), "host rejected:\n%s",
			      t.text);
		vdrm_device_destroy(dev);
	}
#endif
	free(log);
	vc_tgsi_finish(&t);
	compiled_finish(&c);
}
END_TEST

/* ---- samplers held by struct uniforms ---------------------------------------------------------- */

/* The default block cannot hold samplers: each sampler member path is a
 * variable of its own (an array over the struct arrays it crosses), and its
 * elements are resources under GL's names. */
static const char held_sampler_fs[] =
	"precision mediump float;\n"
	"struct T { sampler2D t; float b; };\n"
	"struct S { float a; sampler2D t; samplerCube c; T inner[2]; };\n"
	"struct Q { sampler2D only; };\n"
	"uniform S s;\n"
	"uniform S arr[2];\n"
	"uniform Q q;\n"
	"uniform vec4 k;\n"
	"vec4 take(S p) { return texture2D(p.inner[1].t, vec2(0.5)) * p.a; }\n"
	"void main() {\n"
	"  vec4 r = texture2D(s.t, vec2(0.5)) * s.a + textureCube(arr[1].c, vec3(1.0));\n"
	"  for (int i = 0; i < 2; i++)\n"
	"    r += texture2D(arr[i].t, vec2(0.5)) + texture2D(arr[1].inner[i].t, vec2(0.2));\n"
	"  gl_FragColor = r + k + texture2D(q.only, vec2(0.0)) + take(arr[0]);\n"
	"}\n";

static uint32_t held_binding(const struct compiled *c, const char *name)
{
	const struct glsl_lower_res *r = glsl_lower_find(&c->res, GLSL_RES_SAMPLER, name);

	ck_assert_msg(r, "no sampler %s", name);
	ck_assert_uint_eq(r->array_size, 0);
	return r->binding;
}

START_TEST(struct_held_samplers)
{
	struct vc_slot_map map = ctu_slot_map();
	struct vc_tgsi t;
	struct compiled c;
	char *log = NULL, want[64];
	uint32_t t0;

	ck_assert_msg(compile(held_sampler_fs, GLSL_STAGE_FRAGMENT, &c) == 0, "%s", log_of(&c));
	/* s.a, s.inner[0..1].b, arr[0..1]'s (48 bytes each), k: no space for samplers */
	ck_assert_uint_eq(c.res.default_block_size, 48 * 3 + 16);
	ck_assert_uint_eq(glsl_lower_find(&c.res, GLSL_RES_UNIFORM, "arr[1].inner[1].b")->offset,
			  48 + 48 + 32);
	ck_assert_ptr_null(glsl_lower_find(&c.res, GLSL_RES_UNIFORM, "s.t"));
	ck_assert_ptr_null(glsl_lower_find(&c.res, GLSL_RES_UNIFORM, "q"));
	/* one binding per element, array elements side by side */
	t0 = held_binding(&c, "arr[0].t");
	ck_assert_uint_eq(held_binding(&c, "arr[1].t"), t0 + 1);
	ck_assert_uint_eq(held_binding(&c, "arr[1].c"), held_binding(&c, "arr[0].c") + 1);
	ck_assert_uint_eq(held_binding(&c, "arr[1].inner[0].t"),
			  held_binding(&c, "arr[0].inner[0].t") + 2);
	ck_assert_uint_ne(held_binding(&c, "s.t"), held_binding(&c, "s.c"));
	held_binding(&c, "q.only");
	memset(&t, 0, sizeof(t));
	ck_assert_msg(vc_tgsi_emit(c.res.module, VC_STAGE_FRAGMENT, &map, &t, &log) == 0, "%s", log);
	/* arr[i].t in the loop: through ADDR[0] from arr[0].t's view on */
	snprintf(want, sizeof(want), ", SAMP[ADDR[0].x+%u], 2D\n", t0);
	ck_assert_msg(strstr(t.text, want), "no %s in\n%s", want, t.text);
	/* constant paths sample their own view: s.t, and take()'s argument */
	snprintf(want, sizeof(want), ", SAMP[%u], 2D\n", held_binding(&c, "s.t"));
	ck_assert_msg(strstr(t.text, want), "no %s in\n%s", want, t.text);
	snprintf(want, sizeof(want), ", SAMP[%u], 2D\n", held_binding(&c, "arr[0].inner[1].t"));
	ck_assert_msg(strstr(t.text, want), "no %s in\n%s", want, t.text);
	snprintf(want, sizeof(want), ", SAMP[%u], CUBE\n", held_binding(&c, "arr[1].c"));
	ck_assert_msg(strstr(t.text, want), "no %s in\n%s", want, t.text);
	free(log);
	vc_tgsi_finish(&t);
	compiled_finish(&c);
}
END_TEST

/* ---- dynamic indices into vectors and varying arrays ------------------------------------------ */

static char *tgsi_of(const char *src, enum glsl_stage stage)
{
	struct vc_slot_map map = ctu_slot_map();
	struct vc_tgsi t;
	struct compiled c;
	char *log = NULL, *text;

	ck_assert_msg(compile(src, stage, &c) == 0, "%s", log_of(&c));
	memset(&t, 0, sizeof(t));
	ck_assert_msg(vc_tgsi_emit(c.res.module, stage == GLSL_STAGE_FRAGMENT ? VC_STAGE_FRAGMENT :
				   VC_STAGE_VERTEX, &map, &t, &log) == 0, "%s", log);
	text = strdup(t.text);
	free(log);
	vc_tgsi_finish(&t);
	compiled_finish(&c);
	return text;
}

/* tmp[u] = x selects the component by u (a uniform, CONST[1]) and writes
 * x (an input): the operands of the insert were swapped once. */
START_TEST(dynamic_vector_write)
{
	char *text = tgsi_of("#version 300 es\nprecision mediump float;\n"
			     "uniform int u; in vec4 v; out vec4 o;\n"
			     "void main() { vec3 tmp = vec3(0.0); tmp[u] = v.x; o = vec4(tmp, 1.0); }\n",
			     GLSL_STAGE_FRAGMENT);
	unsigned compares = 0;

	for (const char *l = text; (l = strstr(l, "USEQ ")); l++, compares++)
		ck_assert_msg(line_has(l, "CONST[1][0].xxxx"), "compare without the index:\n%s", text);
	ck_assert_uint_eq(compares, 3);
	ck_assert_msg(!strstr(text, "UCMP") || strstr(text, "UCMP TEMP["), "%s", text);
	free(text);
}
END_TEST

/* Varying arrays indexed by a loop counter live in TEMP arrays: the VS
 * writes its array through ADDR and copies it to the OUTs at the end, the
 * FS copies the INs in at the start and reads through ADDR. */
START_TEST(dynamic_varying_arrays)
{
	char *vs = tgsi_of("#version 300 es\nuniform int n; in vec4 p; out vec2 var[3];\n"
			   "void main() { gl_Position = p;\n"
			   "  for (int i = 0; i < n; i++) var[i] = p.xy * float(i); }\n",
			   GLSL_STAGE_VERTEX);
	char *fs = tgsi_of("#version 300 es\nprecision mediump float;\n"
			   "uniform int n; in vec2 var[3]; out vec4 o;\n"
			   "void main() { vec2 r = vec2(0.0);\n"
			   "  for (int i = 0; i < n; i++) r += var[i]; o = vec4(r, 0.0, 1.0); }\n",
			   GLSL_STAGE_FRAGMENT);

	ck_assert_msg(strstr(vs, "DCL TEMP[0..2], ARRAY(1), LOCAL\n"), "%s", vs);
	ck_assert_msg(strstr(vs, "MOV TEMP[ADDR[0].x+0](1).xy, "), "%s", vs);
	for (unsigned i = 0; i < 3; i++) {
		char want[48];

		snprintf(want, sizeof(want), "MOV OUT[%u], TEMP[%u]\n", i + 1, i);
		ck_assert_msg(strstr(vs, want), "no %s in\n%s", want, vs);
		snprintf(want, sizeof(want), "MOV TEMP[%u], IN[%u]\n", i, i);
		ck_assert_msg(strstr(fs, want), "no %s in\n%s", want, fs);
	}
	ck_assert_msg(strstr(fs, "DCL TEMP[0..2], ARRAY(1), LOCAL\n"), "%s", fs);
	ck_assert_msg(strstr(fs, ", TEMP[ADDR[0].x+0](1)"), "%s", fs);
	free(vs);
	free(fs);
}
END_TEST

START_TEST(corpus)
{
	unsigned ok = 0, regressions = 0, fixed = 0;
	static char err[1 << 16];

	for (unsigned i = 0; i < nr_corpus; i++) {
		struct vc_tgsi t;
		bool pass = check_one(corpus_names[i], i, &t, err, sizeof(err));

		vc_tgsi_finish(&t);
		ok += pass;
		if (!pass && !corpus_known(known, corpus_names[i])) {
			regressions++;
			printf("  FAIL %s: %s\n", corpus_names[i], err);
		} else if (pass && corpus_known(known, corpus_names[i])) {
			fixed++;
			printf("  fixed: %s passes now (remove it from the known list)\n",
			       corpus_names[i]);
		}
	}
	printf("glsl_lower corpus%s: %u/%u lower and emit TGSI%s\n",
#ifdef HOST_CHECK
	       " (host)", ok, nr_corpus, " accepted by the host"
#else
	       "", ok, nr_corpus, ""
#endif
	);
	ck_assert_msg(!regressions, "%u corpus shaders fail that are not on the known list",
		      regressions);
	ck_assert_msg(!fixed, "%u known failures pass now: update %s", fixed, KNOWN_FAILURES);
}
END_TEST

static Suite *lower_suite(void)
{
	Suite *s = suite_create("glsl_lower");
	TCase *tc = tcase_create("lower");

	tcase_set_timeout(tc, 120);
#ifndef HOST_CHECK
	tcase_add_loop_test(tc, golden, 0, (int)(sizeof(goldens) / sizeof(goldens[0])));
	tcase_add_test(tc, interface);
	tcase_add_test(tc, undefined_function_fails);
#endif
	tcase_add_test(tc, dynamic_sampler_index);
	tcase_add_test(tc, struct_held_samplers);
	tcase_add_test(tc, dynamic_vector_write);
	tcase_add_test(tc, dynamic_varying_arrays);
	tcase_add_test(tc, corpus);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int ret;

	if (load_corpus()) {
		fprintf(stderr, "cannot read the corpus (%s) or %s\n", corpus_dir(), KNOWN_FAILURES);
		free_corpus();
		return 99; /* hard error: nothing to check */
	}
#ifdef HOST_CHECK
	if (vtest_fixture_start(&server)) {
		free_corpus();
		return 99;
	}
#endif
	ret = check_run(lower_suite(), CK_NORMAL);
#ifdef HOST_CHECK
	vtest_fixture_stop(&server);
#endif
	free_corpus();
	return ret;
}
