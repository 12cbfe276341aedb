/* SPDX-License-Identifier: MIT */
/*
 * IR -> SPIR-V (vc_spirv_emit):
 *  - round trip: SPIR-V -> IR -> SPIR-V (spirv-val, Vulkan 1.0) -> IR ->
 *    TGSI must give the TGSI of the first IR, for every test shader and
 *    every shader of the real-shader corpus (converted by
 *    bench/corpus_to_spirv.py; a missing corpus fails the suite);
 *  - golden spirv-dis text for small IR programs built by hand;
 *  - malformed or unsupported IR fails with a message, never a crash.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "corpus.h"
#include "vc_spirv_emit.h"
#include "vc_spirv_parse.h"
#include "vc_tgsi_emit.h"

static char tmp_dir[256];

static enum vc_ir_stage ir_stage(enum vc_stage s)
{
	return s == VC_STAGE_VERTEX ? VC_IR_VERTEX :
	       s == VC_STAGE_FRAGMENT ? VC_IR_FRAGMENT : VC_IR_COMPUTE;
}

static int write_words(const char *path, const uint32_t *w, size_t n)
{
	FILE *f = fopen(path, "wb");
	size_t done;

	if (!f)
		return -1;
	done = fwrite(w, 4, n, f);
	return fclose(f) == 0 && done == n ? 0 : -1;
}

/* Runs `tool args path` and returns its exit status; output goes to `out` if given. */
static int run_tool(const char *tool, const char *args, const uint32_t *w, size_t n,
		    const char *out)
{
	char path[512], cmd[2048];
	int ret;

	snprintf(path, sizeof(path), "%s/emit-%d.spv", tmp_dir, (int)getpid());
	if (write_words(path, w, n))
		return -1;
	snprintf(cmd, sizeof(cmd), "'%s' %s '%s' %s%s%s", tool, args, path,
		 out ? "> '" : "2>&1", out ? out : "", out ? "'" : "");
	ret = system(cmd);
	unlink(path);
	return ret;
}

static char *tgsi_of(struct vc_module *m, enum vc_stage stage)
{
	struct vc_slot_map map = ctu_slot_map();
	struct vc_tgsi t = { 0 };
	char *log = NULL, *text;

	if (vc_tgsi_emit(m, stage, &map, &t, &log)) {
		fprintf(stderr, "TGSI: %s\n", log ? log : "?");
		free(log);
		vc_tgsi_finish(&t);
		return NULL;
	}
	free(log);
	text = t.text;
	t.text = NULL;
	vc_tgsi_finish(&t);
	return text;
}

/* ---- comparing TGSI by what it does ----------------------------------------------- */

/*
 * Two things may legitimately differ between the passes, and are
 * normalised before comparing:
 *  - immediates: SPIR-V has no scalar broadcast, so an IR scalar constant
 *    used with vectors comes back as a vector constant (IMM[1].xxxx becomes
 *    IMM[5]); every IMM reference is replaced by the values it reads;
 *  - unreachable code: the reader leaves statements after a jump (e.g. the
 *    BRK closing an inlined call after its return), SPIR-V cannot hold them.
 */
struct imm {
	char type[8];
	char v[4][16];
};

#define MAX_IMMS 512

static unsigned parse_imms(const char *t, struct imm *imms)
{
	unsigned n = 0;

	for (const char *l = t; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		struct imm *m = &imms[n];
		unsigned idx;

		if (n == MAX_IMMS || sscanf(l, "IMM[%u] %7s {%15[^,], %15[^,], %15[^,], %15[^}]}", &idx,
					    m->type, m->v[0], m->v[1], m->v[2], m->v[3]) != 6)
			continue;
		n++;
	}
	return n;
}

/* Appends the values IMM[i].swizzle reads; returns the characters consumed. */
static size_t expand_imm(const char *p, const struct imm *imms, unsigned nr, char *out, size_t *o)
{
	char swz[5] = "xyzw";
	unsigned idx, k = 0;
	int used = 0;

	if (sscanf(p, "IMM[%u]%n", &idx, &used) != 1 || !used || idx >= nr)
		return 0;
	if (p[used] == '.') {
		used++;
		while (k < 4 && p[used] && strchr("xyzw", p[used]))
			swz[k++] = p[used++];
		swz[k] = 0;
	}
	*o += (size_t)sprintf(out + *o, "%s{", imms[idx].type);
	for (unsigned i = 0; swz[i]; i++)
		*o += (size_t)sprintf(out + *o, "%s%s", i ? "," : "",
				      imms[idx].v[strchr("xyzw", swz[i]) - "xyzw"]);
	out[(*o)++] = '}';
	return (size_t)used;
}

static bool is_jump(const char *l)
{
	while (*l == ' ')
		l++;
	return !strncmp(l, "BRK\n", 4) || !strncmp(l, "CONT\n", 5) || !strncmp(l, "RET\n", 4) ||
	       !strncmp(l, "KILL\n", 5);
}

static bool closes_block(const char *l)
{
	while (*l == ' ')
		l++;
	return !strncmp(l, "ENDLOOP", 7) || !strncmp(l, "ELSE", 4) || !strncmp(l, "ENDIF", 5) ||
	       !strncmp(l, "END\n", 4);
}

static char *normalise(const char *t)
{
	static struct imm imms[MAX_IMMS];
	unsigned nr = parse_imms(t, imms);
	char *out = malloc(strlen(t) * 8 + 1);
	bool dead = false;
	size_t o = 0;

	for (const char *l = t; *l;) {
		const char *end = strchr(l, '\n');
		size_t len = end ? (size_t)(end - l + 1) : strlen(l);

		if (closes_block(l))
			dead = false;
		if (!dead && strncmp(l, "IMM[", 4)) {
			for (size_t i = 0; i < len;) {
				size_t k = !strncmp(l + i, "IMM[", 4) ? expand_imm(l + i, imms, nr, out, &o) : 0;
				if (k)
					i += k;
				else
					out[o++] = l[i++];
			}
		}
		dead |= is_jump(l);
		l += len;
	}
	out[o] = 0;
	return out;
}

/* SPIR-V -> IR -> TGSI, and -> SPIR-V -> IR -> TGSI: the two must agree. */
static void round_trip(const char *name, const uint32_t *w, size_t n, enum vc_stage stage)
{
	struct vc_module *m1 = NULL, *m2 = NULL;
	uint32_t *w2 = NULL;
	size_t n2 = 0;
	char err[512], *log = NULL, *t1, *t2;

	ck_assert_msg(vc_spirv_parse(w, n, "main", ir_stage(stage), &m1, err, sizeof(err)) == 0,
		      "%s: %s", name, err);
	t1 = tgsi_of(m1, stage);
	ck_assert_msg(t1, "%s: first TGSI failed", name);
	ck_assert_msg(vc_spirv_emit(m1, &w2, &n2, &log) == 0, "%s: %s", name, log);
	ck_assert_ptr_null(log);
	ck_assert_msg(run_tool(SPIRV_VAL, "--target-env vulkan1.0", w2, n2, NULL) == 0,
		      "%s: spirv-val rejects the emitted module", name);
	ck_assert_msg(vc_spirv_parse(w2, n2, "main", ir_stage(stage), &m2, err, sizeof(err)) == 0,
		      "%s: re-read: %s", name, err);
	t2 = tgsi_of(m2, stage);
	if (t2) {
		char *a = normalise(t1), *b = normalise(t2);
		free(t1);
		free(t2);
		t1 = a;
		t2 = b;
	}
	/* check's messages are short: the texts go to stderr */
	if (!t2 || strcmp(t1, t2))
		fprintf(stderr, "%s:\n--- first\n%s--- second\n%s", name, t1, t2 ? t2 : "(none)\n");
	ck_assert_msg(t2 && !strcmp(t1, t2), "%s: TGSI differs", name);
	free(t1);
	free(t2);
	free(w2);
	vc_module_destroy(m1);
	vc_module_destroy(m2);
}

START_TEST(round_trip_test_shader)
{
	const char *name = ctu_shaders[_i];
	size_t n = 0;
	uint32_t *w = ctu_load_spv(name, &n);

	ck_assert_msg(w, "%s.spv missing", name);
	round_trip(name, w, n, ctu_stage_of(name));
	free(w);
}
END_TEST

/* ---- the real-shader corpus ------------------------------------------------------ */

#define CORPUS_MAX 1024

static char corpus_out[512];
static char *corpus_slots[CORPUS_MAX];
static struct corpus_names corpus = { corpus_slots, 0, CORPUS_MAX };

static int convert_corpus(void)
{
	const char *dir = getenv("VIRTGL_CORPUS_DIR") ? getenv("VIRTGL_CORPUS_DIR") : CORPUS_DIR;

	snprintf(corpus_out, sizeof(corpus_out), "%s/emit-corpus", SPV_DIR);
	if (corpus_to_spirv(PYTHON, CORPUS_SCRIPT, dir, corpus_out, " >/dev/null") != 0 ||
	    corpus_names_of_dir(&corpus, corpus_out, ".spv") != 0) {
		fprintf(stderr, "corpus: cannot convert %s (set VIRTGL_CORPUS_DIR?)\n", dir);
		return -1;
	}
	return 0;
}

static void free_corpus(void)
{
	corpus_names_free(&corpus);
}

START_TEST(round_trip_corpus_shader)
{
	const char *name = corpus.names[_i];
	enum vc_stage stage = strstr(name, ".frag.") ? VC_STAGE_FRAGMENT : VC_STAGE_VERTEX;
	char path[1024];
	size_t n = 0;
	uint32_t *w;

	snprintf(path, sizeof(path), "%s/%s", corpus_out, name);
	w = ctu_load_file(path, &n);
	ck_assert_msg(w, "%s unreadable", path);
	round_trip(name, w, n, stage);
	free(w);
}
END_TEST

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Not a pass/fail number (machines differ): printed for the record. */
START_TEST(corpus_emit_speed)
{
	static double t[CORPUS_MAX];
	unsigned nr = 0;

	for (unsigned i = 0; i < corpus.count; i++) {
		enum vc_stage stage = strstr(corpus.names[i], ".frag.") ? VC_STAGE_FRAGMENT
									 : VC_STAGE_VERTEX;
		struct vc_module *m = NULL;
		char path[1024], err[256];
		double best = 1e12;
		size_t n = 0;
		uint32_t *w;

		snprintf(path, sizeof(path), "%s/%s", corpus_out, corpus.names[i]);
		w = ctu_load_file(path, &n);
		if (!w || vc_spirv_parse(w, n, "main", ir_stage(stage), &m, err, sizeof(err))) {
			free(w);
			continue;
		}
		for (int k = 0; k < 5; k++) {
			uint32_t *o = NULL;
			size_t no;
			double t0 = now_us();
			ck_assert_int_eq(vc_spirv_emit(m, &o, &no, NULL), 0);
			t0 = now_us() - t0;
			best = t0 < best ? t0 : best;
			free(o);
		}
		t[nr++] = best;
		vc_module_destroy(m);
		free(w);
	}
	ck_assert_uint_gt(nr, 0);
	qsort(t, nr, sizeof(t[0]), cmp_double);
	fprintf(stderr, "spirv emit: %u corpus shaders, median %.1f us, p90 %.1f us, max %.1f us\n",
		nr, t[nr / 2], t[nr * 9 / 10], t[nr - 1]);
}
END_TEST

/* ---- hand-built IR: golden disassembly ------------------------------------------ */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = calloc(1, 65536);
	size_t n;

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	n = fread(buf, 1, 65535, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void check_golden(struct vc_module *m, const char *want)
{
	char out[512], *log = NULL, *got;
	uint32_t *w = NULL;
	size_t n = 0;

	ck_assert_msg(vc_spirv_emit(m, &w, &n, &log) == 0, "%s", log);
	ck_assert_int_eq(run_tool(SPIRV_VAL, "--target-env vulkan1.0", w, n, NULL), 0);
	snprintf(out, sizeof(out), "%s/emit-%d.txt", tmp_dir, (int)getpid());
	ck_assert_int_eq(run_tool(SPIRV_DIS, "--no-header --no-color", w, n, out), 0);
	got = read_text(out);
	unlink(out);
	ck_assert_ptr_nonnull(got);
	if (strcmp(got, want))
		fprintf(stderr, "--- got\n%s--- want\n%s", got, want);
	ck_assert_msg(!strcmp(got, want), "disassembly differs");
	free(got);
	free(w);
	vc_module_destroy(m);
}

static vc_var_id add_var(struct vc_module *m, vc_type_id type, enum vc_storage st, int loc,
			 const char *name)
{
	struct vc_var v = { .type = type, .storage = st, .location = loc, .name = strdup(name) };

	return vc_var_add(m, &v);
}

static vc_value_id load(struct vc_module *m, struct vc_block *b, vc_var_id v)
{
	vc_value_id p = vc_var_get(m, v)->ptr;

	return vc_build(m, b, VC_OP_LOAD, m->vars[v].type, &p, 1)->dest;
}

static void store(struct vc_module *m, struct vc_block *b, vc_var_id v, vc_value_id x)
{
	vc_value_id s[2] = { vc_var_get(m, v)->ptr, x };

	vc_build(m, b, VC_OP_STORE, 0, s, 2);
}

/* out = mediump in * 2.0 (a scalar broadcast), flat int passed through */
START_TEST(golden_fs_mediump)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);
	vc_type_id v4 = vc_type_vector(m, VC_BASE_FLOAT, 4);
	vc_var_id in = add_var(m, v4, VC_STORAGE_INPUT, 0, "color");
	vc_var_id out = add_var(m, v4, VC_STORAGE_OUTPUT, 0, "frag");
	vc_value_id s[2];

	m->vars[in].precision = VC_PREC_MEDIUM;
	m->vars[in].flags = VC_VAR_CENTROID;
	s[0] = load(m, &m->body, in);
	s[1] = vc_value_const_u32(m, VC_BASE_FLOAT, 0x40000000u);
	s[0] = vc_build(m, &m->body, VC_OP_FMUL, v4, s, 2)->dest;
	m->values[s[0]].precision = VC_PREC_MEDIUM;
	store(m, &m->body, out, s[0]);
	check_golden(m,
		"               OpCapability Shader\n"
		"          %1 = OpExtInstImport \"GLSL.std.450\"\n"
		"               OpMemoryModel Logical GLSL450\n"
		"               OpEntryPoint Fragment %main \"main\" %color %frag\n"
		"               OpExecutionMode %main OriginUpperLeft\n"
		"               OpName %main \"main\"\n"
		"               OpName %color \"color\"\n"
		"               OpName %frag \"frag\"\n"
		"               OpDecorate %color Location 0\n"
		"               OpDecorate %color Centroid\n"
		"               OpDecorate %color RelaxedPrecision\n"
		"               OpDecorate %frag Location 0\n"
		"               OpDecorate %12 RelaxedPrecision\n"
		"      %float = OpTypeFloat 32\n"
		"    %float_2 = OpConstant %float 2\n"
		"    %v4float = OpTypeVector %float 4\n"
		"%_ptr_Input_v4float = OpTypePointer Input %v4float\n"
		"      %color = OpVariable %_ptr_Input_v4float Input\n"
		"%_ptr_Output_v4float = OpTypePointer Output %v4float\n"
		"       %frag = OpVariable %_ptr_Output_v4float Output\n"
		"       %void = OpTypeVoid\n"
		"         %14 = OpTypeFunction %void\n"
		"       %main = OpFunction %void None %14\n"
		"          %3 = OpLabel\n"
		"         %11 = OpLoad %v4float %color\n"
		"         %12 = OpVectorTimesScalar %v4float %11 %float_2\n"
		"               OpStore %frag %12\n"
		"               OpReturn\n"
		"               OpFunctionEnd\n");
}
END_TEST

/* loop { if (i >= 4) break; i = i + 1; } with a counter variable */
START_TEST(golden_vs_loop)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	vc_type_id it = vc_type_scalar(m, VC_BASE_INT), bt = vc_type_scalar(m, VC_BASE_BOOL);
	vc_var_id i = add_var(m, it, VC_STORAGE_FUNCTION, -1, "i");
	vc_var_id pos = add_var(m, vc_type_vector(m, VC_BASE_FLOAT, 4), VC_STORAGE_OUTPUT, -1, "pos");
	struct vc_node *loop, *br;
	vc_value_id s[2];

	m->vars[pos].builtin = VC_BUILTIN_POSITION;
	m->vars[i].init = vc_value_const_u32(m, VC_BASE_INT, 0);
	loop = vc_block_append(m, &m->body, VC_NODE_LOOP);
	s[0] = load(m, &loop->body, i);
	s[1] = vc_value_const_u32(m, VC_BASE_INT, 4);
	br = vc_block_append(m, &loop->body, VC_NODE_IF);
	br->cond = vc_build(m, &loop->body, VC_OP_IGE, bt, s, 2)->dest;
	/* the IF node was appended before its condition: move it after */
	loop->body.nodes[1] = loop->body.nodes[2];
	loop->body.nodes[2] = br;
	vc_block_append(m, &br->then_block, VC_NODE_BREAK);
	s[1] = vc_value_const_u32(m, VC_BASE_INT, 1);
	store(m, &loop->cont, i, vc_build(m, &loop->cont, VC_OP_IADD, it, s, 2)->dest);
	check_golden(m,
		"               OpCapability Shader\n"
		"          %1 = OpExtInstImport \"GLSL.std.450\"\n"
		"               OpMemoryModel Logical GLSL450\n"
		"               OpEntryPoint Vertex %main \"main\" %pos\n"
		"               OpName %main \"main\"\n"
		"               OpName %i \"i\"\n"
		"               OpName %pos \"pos\"\n"
		"               OpDecorate %pos BuiltIn Position\n"
		"        %int = OpTypeInt 32 1\n"
		"      %int_0 = OpConstant %int 0\n"
		"      %int_4 = OpConstant %int 4\n"
		"      %int_1 = OpConstant %int 1\n"
		"%_ptr_Function_int = OpTypePointer Function %int\n"
		"      %float = OpTypeFloat 32\n"
		"    %v4float = OpTypeVector %float 4\n"
		"%_ptr_Output_v4float = OpTypePointer Output %v4float\n"
		"        %pos = OpVariable %_ptr_Output_v4float Output\n"
		"       %bool = OpTypeBool\n"
		"       %void = OpTypeVoid\n"
		"         %24 = OpTypeFunction %void\n"
		"       %main = OpFunction %void None %24\n"
		"          %3 = OpLabel\n"
		"          %i = OpVariable %_ptr_Function_int Function %int_0\n"
		"               OpBranch %14\n"
		"         %14 = OpLabel\n"
		"               OpLoopMerge %17 %16 None\n"
		"               OpBranch %15\n"
		"         %15 = OpLabel\n"
		"         %18 = OpLoad %int %i\n"
		"         %20 = OpSGreaterThanEqual %bool %18 %int_4\n"
		"               OpBranchConditional %20 %17 %21\n"
		"         %21 = OpLabel\n"
		"               OpBranch %16\n"
		"         %16 = OpLabel\n"
		"         %22 = OpIAdd %int %18 %int_1\n"
		"               OpStore %i %22\n"
		"               OpBranch %14\n"
		"         %17 = OpLabel\n"
		"               OpReturn\n"
		"               OpFunctionEnd\n");
}
END_TEST

/* ---- malformed and unsupported IR ------------------------------------------------ */

static void expect_error(struct vc_module *m, const char *substr)
{
	uint32_t *w = (uint32_t *)1;
	size_t n = 1;
	char *log = NULL;

	ck_assert_int_lt(vc_spirv_emit(m, &w, &n, &log), 0);
	ck_assert_ptr_null(w);
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_nonnull(log);
	ck_assert_msg(strstr(log, substr), "log \"%s\" lacks \"%s\"", log, substr);
	free(log);
	vc_module_destroy(m);
}

START_TEST(error_no_module)
{
	expect_error(NULL, "no module");
}
END_TEST

START_TEST(error_bad_operand)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	vc_value_id s[2] = { 12345, 1 };

	vc_build(m, &m->body, VC_OP_FADD, vc_type_scalar(m, VC_BASE_FLOAT), s, 2);
	expect_error(m, "out of range");
}
END_TEST

START_TEST(error_break_outside_loop)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);

	vc_block_append(m, &m->body, VC_NODE_BREAK);
	expect_error(m, "break outside a loop");
}
END_TEST

START_TEST(error_discard_in_vs)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);

	vc_block_append(m, &m->body, VC_NODE_DISCARD);
	expect_error(m, "discard outside a fragment shader");
}
END_TEST

START_TEST(error_if_not_bool)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);
	struct vc_node *n = vc_block_append(m, &m->body, VC_NODE_IF);

	n->cond = vc_value_const_u32(m, VC_BASE_FLOAT, 0);
	expect_error(m, "not a scalar bool");
}
END_TEST

START_TEST(error_use_before_def)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);
	vc_type_id f = vc_type_scalar(m, VC_BASE_FLOAT);
	vc_value_id c = vc_value_const_u32(m, VC_BASE_FLOAT, 0), s[2];
	struct vc_instr *a = vc_build(m, &m->body, VC_OP_FADD, f, (vc_value_id[]){ c, c }, 2);

	/* the first instruction uses the second's result */
	s[0] = c;
	s[1] = vc_build(m, &m->body, VC_OP_FADD, f, (vc_value_id[]){ c, c }, 2)->dest;
	a->srcs[1] = s[1];
	expect_error(m, "used before its definition");
}
END_TEST

START_TEST(error_dynamic_array_extract)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	vc_type_id f = vc_type_scalar(m, VC_BASE_FLOAT);
	struct vc_type at = { .kind = VC_TYPE_ARRAY, .elem = f, .length = 2 };
	vc_type_id a = vc_type_add(m, &at);
	vc_value_id s[2] = { vc_value_undef(m, a), vc_value_const_u32(m, VC_BASE_INT, 0) };

	vc_build(m, &m->body, VC_OP_EXTRACT_DYN, f, s, 2);
	expect_error(m, "non-vector is not supported");
}
END_TEST

START_TEST(error_cyclic_struct)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	struct vc_member *mb = calloc(1, sizeof(*mb));
	struct vc_type st = { .kind = VC_TYPE_STRUCT, .nr_members = 1, .members = mb };
	vc_type_id id;

	mb->type = m->nr_types; /* itself */
	id = vc_type_add(m, &st);
	ck_assert_uint_eq(id, mb->type);
	add_var(m, id, VC_STORAGE_PRIVATE, -1, "loop");
	expect_error(m, "nests too deeply");
}
END_TEST

START_TEST(error_bad_opcode)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	struct vc_instr *in = vc_build(m, &m->body, VC_OP_BARRIER, 0, NULL, 0);

	in->op = (enum vc_op)999;
	expect_error(m, "malformed instruction");
}
END_TEST

START_TEST(error_oom_module)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);

	m->oom = true;
	expect_error(m, "incomplete");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("spirv_emit");
	TCase *tc = tcase_create("hand-built IR");

	tcase_add_test(tc, golden_fs_mediump);
	tcase_add_test(tc, golden_vs_loop);
	tcase_add_test(tc, error_no_module);
	tcase_add_test(tc, error_bad_operand);
	tcase_add_test(tc, error_break_outside_loop);
	tcase_add_test(tc, error_discard_in_vs);
	tcase_add_test(tc, error_if_not_bool);
	tcase_add_test(tc, error_use_before_def);
	tcase_add_test(tc, error_dynamic_array_extract);
	tcase_add_test(tc, error_cyclic_struct);
	tcase_add_test(tc, error_bad_opcode);
	tcase_add_test(tc, error_oom_module);
	suite_add_tcase(s, tc);
	tc = tcase_create("test shaders");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, round_trip_test_shader, 0, (int)ctu_nr_shaders);
	suite_add_tcase(s, tc);
	tc = tcase_create("real-shader corpus");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, round_trip_corpus_shader, 0, (int)corpus.count);
	tcase_add_test(tc, corpus_emit_speed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	const char *t = getenv("TMPDIR");
	int ret;

	snprintf(tmp_dir, sizeof(tmp_dir), "%s", t && *t ? t : "/tmp");
	if (convert_corpus())
		return EXIT_FAILURE;
	ret = check_run(suite(), CK_NORMAL);
	free_corpus();
	return ret;
}
