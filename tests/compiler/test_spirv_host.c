/* SPDX-License-Identifier: MIT */
/*
 * The real host accepts what the compiler emits: every test shader is
 * compiled and created as a SHADER object on a private virgl_test_server.
 * A TGSI syntax error makes the server fail CREATE_OBJECT and drop the
 * connection, which the following round trip sees as a lost device.
 *
 * The same for the real-shader corpus (CORPUS_DIR, GLSL ES from real
 * programs), turned into SPIR-V at test time by bench/corpus_to_spirv.py:
 * a missing corpus or a failing conversion fails the suite, never skips.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "check_run.h"
#include "compiler_test_util.h"
#include "corpus.h"
#include "vtest_fixture.h"

#define SEC 1000000000ll

static struct vtest_fixture server;
static struct vdrm_device *dev;

static void open_device(void)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST,
						.vtest_socket = server.socket };
	struct vdrm_error err = { 0 };

	ck_assert_msg(vdrm_device_create(&info, &dev, &err) == 0, "open: %s", err.message);
}

static void close_device(void)
{
	vdrm_device_destroy(dev);
	dev = NULL;
}

/* Submits and waits: fails if the host dropped us. */
static void round_trip(struct vdrm_cs *cs, const char *what)
{
	uint64_t point = 0;
	int ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 },
				     &point);

	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 30 * SEC);
	if (ret == 0) {
		/* a second, empty submission: the host processed the first one */
		vdrm_cs_reset(cs);
		*vdrm_cs_reserve(cs, 1) = 0;
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 },
					 &point);
		if (ret == 0)
			ret = vdrm_device_wait(dev, point, 30 * SEC);
	}
	if (ret || vdrm_device_is_lost(dev))
		vtest_fixture_print_log(&server);
	ck_assert_msg(ret == 0 && !vdrm_device_is_lost(dev), "%s: host rejected it (%s: %s)", what,
		      vdrm_result_name(ret), vdrm_device_error(dev));
	vdrm_cs_reset(cs);
}

static void create_shader(struct vdrm_cs *cs, uint32_t handle, const char *name,
			  const struct vc_tgsi *t)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = handle, .type = ctu_stage_of(name), .num_tokens = t->num_tokens,
		.local_mem_bytes = t->info.shared_size, .data = t->text,
		.size_bytes = (uint32_t)strlen(t->text) });
}

START_TEST(host_accepts_shader)
{
	const char *name = ctu_shaders[_i];
	struct vc_tgsi t;
	struct vdrm_cs cs;
	int ret = ctu_compile(name, &t);

	ck_assert_msg(ret == 0, "%s: %s", name, t.log ? t.log : "missing .spv");
	vdrm_cs_init(&cs);
	create_shader(&cs, 100 + (uint32_t)_i, name, &t);
	round_trip(&cs, name);
	vdrm_cs_finish(&cs);
	vc_tgsi_finish(&t);
}
END_TEST

/* ---- the real-shader corpus ----------------------------------------------------- */

#define CORPUS_MAX 1024

static char corpus_out[512];
static char *corpus_slots[CORPUS_MAX];
static struct corpus_names corpus = { corpus_slots, 0, CORPUS_MAX };

/* corpus_to_spirv.py CORPUS LIST OUT: fails when the corpus is missing. */
static int convert_corpus(void)
{
	const char *dir = getenv("VIRTGL_CORPUS_DIR") ? getenv("VIRTGL_CORPUS_DIR") : CORPUS_DIR;

	snprintf(corpus_out, sizeof(corpus_out), "%s/corpus", SPV_DIR);
	if (corpus_to_spirv(PYTHON, CORPUS_SCRIPT, dir, corpus_out, "") != 0 ||
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

#define CHUNK_BYTES (32u * 1024 * 4) /* well under a command's 65535-dword payload */

/*
 * CREATE_OBJECT(SHADER) in pieces, one submission each, as Mesa sends a
 * shader that does not fit one command: the first packet's offlen is the
 * whole length, the others' is bit 31 | their byte offset. A few corpus
 * shaders (piglit's const-pack* lists of literals) need it.
 */
static void create_shader_chunked(struct vdrm_cs *cs, uint32_t handle, enum vc_stage stage,
				  const struct vc_tgsi *t)
{
	uint32_t total = (uint32_t)strlen(t->text) + 1; /* with its NUL */

	for (uint32_t off = 0; off < total; off += CHUNK_BYTES) {
		uint32_t n = total - off < CHUNK_BYTES ? total - off : CHUNK_BYTES;
		uint32_t dw = (n + 3) / 4, *p = vdrm_cs_reserve(cs, 6 + dw);

		ck_assert_ptr_nonnull(p);
		p[0] = VDRM_CMD_HEADER(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_SHADER, 5 + dw);
		p[1] = handle;
		p[2] = stage;
		p[3] = off ? 0x80000000u | off : total;
		p[4] = t->num_tokens;
		p[5] = 0;
		p[5 + dw] = 0;
		memcpy(p + 6, t->text + off, n);
		round_trip(cs, "chunk");
	}
}

START_TEST(host_accepts_corpus_shader)
{
	const char *name = corpus.names[_i];
	enum vc_stage stage = strstr(name, ".frag.") ? VC_STAGE_FRAGMENT : VC_STAGE_VERTEX;
	char path[1024];
	struct vc_tgsi t;
	struct vdrm_cs cs;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", corpus_out, name);
	ret = ctu_compile_file(path, stage, &t);
	ck_assert_msg(ret == 0, "%s: %s", name, t.log ? t.log : "unreadable");
	vdrm_cs_init(&cs);
	create_shader_chunked(&cs, 1000 + (uint32_t)_i, stage, &t);
	/* a draw-free check that the host still serves us after the last piece */
	round_trip(&cs, name);
	vdrm_cs_finish(&cs);
	vc_tgsi_finish(&t);
}
END_TEST

/* The fixture itself must notice a bad shader, or the test above proves nothing. */
START_TEST(host_drops_client_on_bad_tgsi)
{
	struct vc_tgsi t = { .text = "FRAG\nDCL OUT[0], COLOR\n  MOV OUT[0], IN[0].xyz\n  END\n",
			     .num_tokens = 100 };
	struct vdrm_cs cs;
	uint64_t point = 0;
	int ret;

	vdrm_cs_init(&cs);
	create_shader(&cs, 99, "bad.frag", &t);
	ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 }, &point);
	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 10 * SEC);
	if (ret == 0) {
		vdrm_cs_reset(&cs);
		*vdrm_cs_reserve(&cs, 1) = 0;
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 },
					 &point);
		if (ret == 0)
			ret = vdrm_device_wait(dev, point, 10 * SEC);
	}
	ck_assert_msg(ret != 0 || vdrm_device_is_lost(dev), "a 3-letter swizzle was accepted");
	vdrm_cs_finish(&cs);
}
END_TEST

static Suite *host_suite(void)
{
	Suite *s = suite_create("spirv->tgsi on the host");
	TCase *tc = tcase_create("create shader");

	tcase_add_checked_fixture(tc, open_device, close_device);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, host_accepts_shader, 0, (int)ctu_nr_shaders);
	tcase_add_test(tc, host_drops_client_on_bad_tgsi);
	suite_add_tcase(s, tc);
	tc = tcase_create("real-shader corpus");
	tcase_add_checked_fixture(tc, open_device, close_device);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, host_accepts_corpus_shader, 0, (int)corpus.count);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int ret;

	if (convert_corpus())
		return 99; /* hard error: no corpus to check */
	if (vtest_fixture_start(&server)) {
		free_corpus();
		return 99; /* hard error: no server */
	}
	ret = check_run(host_suite(), CK_NORMAL);
	vtest_fixture_stop(&server);
	free_corpus();
	return ret;
}
