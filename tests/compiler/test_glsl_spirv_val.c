/* SPDX-License-Identifier: MIT */
/*
 * glsl_compile() over the corpora, every module through spirv-val
 * (--target-env vulkan1.0, what vk/ consumes):
 *  - every shader of the real-shader corpus;
 *  - every shader of dEQP's pass-expected cases (pass, build_successful),
 *    expanded by deqp_cases.c as test_glsl_sema does.
 * A shader the front end rejects is test_glsl_sema's business (counted
 * here, not judged); one without main() compiles with no module (counted).
 * Everything else must give a module spirv-val accepts, unless its key is
 * on the known list (glsl_spirv_val_known.txt: "key  # reason" lines; keys
 * are the corpus file name, or the dEQP case name + "/vs" or "/fs"), so
 * regressions fail and fixes are announced. SPIRV_VAL_DUMP=FILE writes the
 * failures in the list's format.
 *
 * Identical modules (dEQP's generated counterpart shaders repeat a lot) are
 * validated once: spirv-val is a process per module.
 */
#include <check.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "corpus.h"
#include "deqp_cases.h"
#include "glsl_compile.h"

enum outcome {
	OUT_VALID,
	OUT_INVALID,    /* spirv-val rejects the module */
	OUT_INTERNAL,   /* accepted by the front end, lost in lowering or SPIR-V writing */
	OUT_REJECTED,   /* the front end says the shader is wrong */
	OUT_NO_MAIN,
	OUT_COUNT,
};

static const char *const outcome_names[OUT_COUNT] = {
	"valid", "invalid", "internal error", "rejected by the front end", "no main()",
};

struct tally {
	const char *name;
	unsigned n[OUT_COUNT];
	unsigned known, regressions, fixed;
};

/* Validated modules by hash: 0 free, else hash | 1 (bit 0 = valid). */
#define SEEN_SLOTS (1u << 15)

struct run {
	char *known;
	char dir[256];
	uint64_t *seen;
	char **seen_msg;     /* per slot: what spirv-val said of an invalid module */
	unsigned unique;
	FILE *dump;
};

/* FNV-1a over the words, never 0 or 1 so that slots can tell. */
static uint64_t hash_words(const uint32_t *w, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	const unsigned char *p = (const unsigned char *)w;

	for (size_t i = 0; i < n * 4; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return (h & ~1ull) | 2;
}

/* The slot holding h, or the free slot where it goes. */
static uint32_t seen_slot(const struct run *r, uint64_t h)
{
	uint32_t i = (uint32_t)(h >> 17) & (SEEN_SLOTS - 1);

	while (r->seen[i] && (r->seen[i] & ~1ull) != h)
		i = (i + 1) & (SEEN_SLOTS - 1);
	return i;
}

/* spirv-val on the module; 0 when valid, else the first line of what it said. */
static int spirv_val(struct run *r, const struct glsl_compiled *c, char *msg, size_t size)
{
	char spv[320], txt[320], cmd[1024], *out;
	FILE *f;
	int ret = -1;

	snprintf(spv, sizeof(spv), "%s/m.spv", r->dir);
	snprintf(txt, sizeof(txt), "%s/m.txt", r->dir);
	f = fopen(spv, "wb");
	ck_assert_msg(f, "cannot write %s", spv);
	ck_assert_uint_eq(fwrite(c->words, 4, c->nr_words, f), c->nr_words);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(cmd, sizeof(cmd), "'%s' --target-env vulkan1.0 '%s' >'%s' 2>&1", SPIRV_VAL, spv,
		 txt);
	ret = system(cmd);
	if (ret != 0 && (out = corpus_read_file(txt, NULL))) {
		snprintf(msg, size, "%.*s", (int)strcspn(out, "\n"), out);
		free(out);
	}
	return ret;
}

/* Valid or not, from the cache when an identical module was seen. */
static bool module_valid(struct run *r, const struct glsl_compiled *c, char *msg, size_t size)
{
	uint64_t h = hash_words(c->words, c->nr_words);
	uint32_t i = seen_slot(r, h);

	if (!r->seen[i]) {
		ck_assert_msg(r->unique + 1 < SEEN_SLOTS / 2, "too many distinct modules");
		r->unique++;
		r->seen[i] = h | (spirv_val(r, c, msg, size) == 0);
		if (!(r->seen[i] & 1))
			r->seen_msg[i] = strdup(msg);
	} else if (r->seen_msg[i]) {
		snprintf(msg, size, "%s", r->seen_msg[i]);
	}
	return r->seen[i] & 1;
}

static enum outcome check_one(struct run *r, const char *src, enum glsl_stage stage,
			      char *msg, size_t size)
{
	struct glsl_compiled c;
	int ret = glsl_compile(&(struct glsl_compile_info){ .strings = &src, .count = 1,
							   .stage = stage }, &c);
	enum outcome o;

	ck_assert_msg(c.info_log, "no info log");
	snprintf(msg, size, "%.*s", (int)strcspn(c.info_log, "\n"), c.info_log);
	if (ret == GLSL_COMPILE_ERROR)
		o = OUT_REJECTED;
	else if (ret != GLSL_COMPILE_OK)
		o = OUT_INTERNAL;
	else if (!c.words)
		o = OUT_NO_MAIN;
	else
		o = module_valid(r, &c, msg, size) ? OUT_VALID : OUT_INVALID;
	glsl_compiled_finish(&c);
	return o;
}

/* Counts one shader and judges it against the known list. */
static void judge(struct run *r, struct tally *t, const char *key, enum outcome o,
		  const char *msg)
{
	bool bad = o == OUT_INVALID || o == OUT_INTERNAL, known = corpus_known(r->known, key);

	t->n[o]++;
	if (bad && r->dump)
		fprintf(r->dump, "%s  # %s: %s\n", key, outcome_names[o], msg);
	if (bad && known) {
		t->known++;
	} else if (bad) {
		printf("  REGRESSION: %s: %s: %s\n", key, outcome_names[o], msg);
		t->regressions++;
	} else if (known && o == OUT_VALID) {
		printf("  fixed: %s is valid now (remove it from the known list)\n", key);
		t->fixed++;
	}
}

static void report(const struct tally *t)
{
	unsigned all = 0;

	for (unsigned o = 0; o < OUT_COUNT; o++)
		all += t->n[o];
	printf("%s: %u shaders: %u valid, %u invalid, %u internal errors (%u of these known), "
	       "%u rejected by the front end, %u without main()\n", t->name, all, t->n[OUT_VALID],
	       t->n[OUT_INVALID], t->n[OUT_INTERNAL], t->known, t->n[OUT_REJECTED],
	       t->n[OUT_NO_MAIN]);
	fflush(stdout);
}

static void run_init(struct run *r)
{
	memset(r, 0, sizeof(*r));
	r->known = corpus_read_file(KNOWN_FAILURES, NULL);
	ck_assert_msg(r->known, "cannot read %s", KNOWN_FAILURES);
	snprintf(r->dir, sizeof(r->dir), "%s/glsl-spirv-val.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_msg(mkdtemp(r->dir), "mkdtemp");
	r->seen = calloc(SEEN_SLOTS, sizeof(*r->seen));
	r->seen_msg = calloc(SEEN_SLOTS, sizeof(*r->seen_msg));
	ck_assert(r->seen && r->seen_msg);
	if (getenv("SPIRV_VAL_DUMP"))
		r->dump = fopen(getenv("SPIRV_VAL_DUMP"), "a");
}

static void run_finish(struct run *r, const struct tally *t, unsigned nr)
{
	char path[320];
	unsigned regressions = 0;

	for (unsigned i = 0; i < nr; i++)
		regressions += t[i].regressions;
	printf("%u distinct modules went through spirv-val\n", r->unique);
	snprintf(path, sizeof(path), "%s/m.spv", r->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/m.txt", r->dir);
	unlink(path);
	rmdir(r->dir);
	if (r->dump)
		fclose(r->dump);
	for (uint32_t i = 0; i < SEEN_SLOTS; i++)
		free(r->seen_msg[i]);
	free(r->seen_msg);
	free(r->seen);
	free(r->known);
	ck_assert_msg(!regressions, "%u shaders fail validation that are not on the known list",
		      regressions);
}

/* ---- the real-shader corpus ---------------------------------------------------------- */

struct corpus_run {
	struct run r;
	struct tally t;
};

static void corpus_one(const char *name, const char *src, bool fs, void *data)
{
	struct corpus_run *c = data;
	char msg[512];

	ck_assert_msg(src, "cannot read %s/%s", CORPUS_DIR, name);
	judge(&c->r, &c->t, name,
	      check_one(&c->r, src, fs ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX, msg,
			sizeof(msg)), msg);
}

START_TEST(real_shaders)
{
	struct corpus_run c = { .t = { .name = "real-shaders" } };

	run_init(&c.r);
	ck_assert_msg(corpus_for_each_shader(CORPUS_DIR, corpus_one, &c) == 0, "no corpus at %s",
		      CORPUS_DIR);
	report(&c.t);
	ck_assert_uint_eq(c.t.n[OUT_VALID] + c.t.n[OUT_INVALID] + c.t.n[OUT_INTERNAL] +
			  c.t.n[OUT_REJECTED] + c.t.n[OUT_NO_MAIN], 217);
	run_finish(&c.r, &c.t, 1);
}
END_TEST

/* ---- dEQP's pass-expected cases ------------------------------------------------------- */

struct deqp_run {
	struct run r;
	struct tally t[2];   /* ES 1.00, ES 3.00 */
	unsigned cases;
};

static void deqp_one(const struct deqp_case *c, void *data)
{
	struct deqp_run *d = data;
	char key[300], msg[512];

	if (c->skipped || (c->expect != DEQP_PASS && c->expect != DEQP_BUILD_SUCCESSFUL))
		return;
	d->cases++;
	for (unsigned i = 0; i < c->nr_shaders; i++) {
		const struct deqp_shader *s = &c->shaders[i];
		enum outcome o = check_one(&d->r, s->source, s->fragment ? GLSL_STAGE_FRAGMENT :
									   GLSL_STAGE_VERTEX,
					   msg, sizeof(msg));

		snprintf(key, sizeof(key), "%s/%s", c->name, s->fragment ? "fs" : "vs");
		judge(&d->r, &d->t[c->version == 300], key, o, msg);
	}
}

START_TEST(deqp_pass_cases)
{
	struct deqp_run d = { .t = { { .name = "dEQP ES 1.00" }, { .name = "dEQP ES 3.00" } } };

	run_init(&d.r);
	deqp_run_library(DEQP_DIR, deqp_one, &d);
	printf("dEQP: %u pass-expected cases\n", d.cases);
	report(&d.t[0]);
	report(&d.t[1]);
	ck_assert_uint_gt(d.cases, 0);
	run_finish(&d.r, d.t, 2);
}
END_TEST

/* ---- ES 1.00 extension built-ins -------------------------------------------------------- */

static const char ext_fs[] =
	"#extension GL_OES_standard_derivatives : enable\n"
	"#extension GL_EXT_shader_texture_lod : enable\n"
	"#extension GL_EXT_frag_depth : enable\n"
	"precision mediump float;\n"
	"uniform sampler2D s; uniform samplerCube c; varying vec2 uv;\n"
	"void main() {\n"
	"  gl_FragDepthEXT = fwidth(uv.x);\n"
	"  gl_FragColor = texture2DGradEXT(s, uv, dFdx(uv), dFdy(uv))\n"
	"    + texture2DProjLodEXT(s, vec4(uv, 0.0, 2.0), 1.0)\n"
	"    + textureCubeGradEXT(c, uv.xyx, vec3(0.1), vec3(0.2));\n"
	"}\n";

/* How many instructions have opcode op, and of the explicit-LOD samples how
 * many carry image operands `operands` (the mask follows the coordinate). */
static unsigned count_ops(const struct glsl_compiled *c, SpvOp op, uint32_t operands)
{
	unsigned n = 0;

	for (size_t i = 5; i < c->nr_words; i += c->words[i] >> 16) {
		ck_assert_uint_gt(c->words[i] >> 16, 0);
		if ((c->words[i] & 0xffff) != op)
			continue;
		n += !operands || c->words[i + 5] == operands;
	}
	return n;
}

START_TEST(es100_extension_builtins)
{
	const char *src = ext_fs;
	struct glsl_compiled c;
	struct run r;
	char msg[512] = "";

	ck_assert_int_eq(glsl_compile(&(struct glsl_compile_info){ .strings = &src, .count = 1,
				      .stage = GLSL_STAGE_FRAGMENT }, &c), GLSL_COMPILE_OK);
	run_init(&r);
	ck_assert_msg(module_valid(&r, &c, msg, sizeof(msg)), "spirv-val: %s", msg);
	/* derivatives: two dFdx/dFdy (the gradients) and fwidth */
	ck_assert_uint_eq(count_ops(&c, SpvOpDPdx, 0), 1);
	ck_assert_uint_eq(count_ops(&c, SpvOpDPdy, 0), 1);
	ck_assert_uint_eq(count_ops(&c, SpvOpFwidth, 0), 1);
	/* explicit gradients (2D and cube), explicit LOD with projection */
	ck_assert_uint_eq(count_ops(&c, SpvOpImageSampleExplicitLod, SpvImageOperandsGradMask), 2);
	ck_assert_uint_eq(count_ops(&c, SpvOpImageSampleProjExplicitLod, SpvImageOperandsLodMask), 1);
	ck_assert_uint_eq(count_ops(&c, SpvOpImageSampleImplicitLod, 0), 0);
	/* gl_FragDepthEXT is FragDepth, with DepthReplacing */
	ck_assert_uint_eq(count_ops(&c, SpvOpExecutionMode, 0), 2);   /* origin, depth */
	ck_assert_ptr_nonnull(memmem(c.words, c.nr_words * 4,
				     (uint32_t[]){ SpvDecorationBuiltIn, SpvBuiltInFragDepth }, 8));
	ck_assert_ptr_nonnull(memmem(c.words, c.nr_words * 4,
				     (uint32_t[]){ SpvExecutionModeDepthReplacing }, 4));
	glsl_compiled_finish(&c);
	run_finish(&r, NULL, 0);
}
END_TEST

static Suite *spirv_val_suite(void)
{
	Suite *s = suite_create("glsl_spirv_val");
	TCase *tc = tcase_create("spirv_val");

	tcase_add_test(tc, es100_extension_builtins);
	tcase_add_test(tc, real_shaders);
	tcase_add_test(tc, deqp_pass_cases);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(spirv_val_suite(), CK_NORMAL);
}
