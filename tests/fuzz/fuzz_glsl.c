/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the whole GLSL ES front end: preprocessor, parser,
 * semantic analysis, lowering to the IR and the SPIR-V writer, and, for
 * program inputs, the linker over a vertex and a fragment shader.
 *
 * Input: one mode byte, then the source.
 *   'f'        a fragment shader
 *   'l'        a program: the vertex shader, then LINK_SEPARATOR, then the
 *              fragment shader; both are compiled and linked, and the
 *              linked modules written as SPIR-V
 *   otherwise  a vertex shader
 * Bit 0x80 of the mode byte turns on the ES 1.00 Appendix A checks, so the
 * fuzzer reaches both stances of sema.
 *
 * The source is handed to the preprocessor with an explicit length (never
 * NUL-terminated), as glShaderSource may hand it. Build: `make fuzz`.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_NO_LINK /* the first fuzzing rounds ran before the linker existed */
#include "glsl_link.h"
#endif
#include "glsl_lower.h"
#include "glsl_parser.h"
#include "glsl_sema.h"
#include "vc_spirv_emit.h"

#define LINK_SEPARATOR "\n//@FS\n"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fz_shader {
	struct glsl_token_stream toks;
	struct glsl_arena arena;
	struct glsl_log log;
	struct glsl_ast *ast;
	struct glsl_sema_result *sema;
};

/* Preprocess, parse, analyse: true when the shader compiles. */
static bool fz_compile(struct fz_shader *s, const char *src, size_t len, enum glsl_stage stage,
		       bool appendix_a)
{
	struct glsl_pp_info in = { .strings = &src, .lengths = &len, .count = 1, .stage = stage };
	struct glsl_sema_options opts = { .appendix_a = appendix_a };

	memset(s, 0, sizeof(*s));
	glsl_arena_init(&s->arena, 0, 0);
	glsl_log_init(&s->log, 0, 0);
	return glsl_pp_run(&in, &s->toks, &s->log) == 0 &&
	       glsl_parse(&s->toks, &s->arena, &s->ast, &s->log) == 0 &&
	       glsl_sema(s->ast, stage, &opts, &s->arena, &s->log, &s->sema) == 0;
}

static void fz_finish(struct fz_shader *s)
{
	glsl_token_stream_finish(&s->toks);
	glsl_arena_finish(&s->arena);
	glsl_log_finish(&s->log);
}

static void fz_emit(const struct vc_module *m)
{
	uint32_t *words = NULL;
	size_t nr = 0;
	char *log = NULL;

	vc_spirv_emit(m, &words, &nr, &log);
	free(words);
	free(log);
}

static void fz_single(const char *src, size_t len, enum glsl_stage stage, bool appendix_a)
{
	struct fz_shader s;
	struct glsl_lower_result res;

	if (fz_compile(&s, src, len, stage, appendix_a) &&
	    glsl_lower(s.ast, s.sema, &s.log, &res) == 0) {
		fz_emit(res.module);
		glsl_lower_result_finish(&res);
	}
	fz_finish(&s);
}

#ifndef FUZZ_NO_LINK
static void fz_program(const char *src, size_t len, bool appendix_a)
{
	const char *sep = memmem(src, len, LINK_SEPARATOR, strlen(LINK_SEPARATOR));
	const char *fs = sep ? sep + strlen(LINK_SEPARATOR) : src + len;
	struct fz_shader vs_s, fs_s;
	bool ok;

	ok = fz_compile(&vs_s, src, sep ? (size_t)(sep - src) : len, GLSL_STAGE_VERTEX, appendix_a);
	ok = fz_compile(&fs_s, fs, (size_t)(src + len - fs), GLSL_STAGE_FRAGMENT, appendix_a) && ok;
	if (ok) {
		struct glsl_link_shader sh[2] = { { vs_s.ast, vs_s.sema }, { fs_s.ast, fs_s.sema } };
		struct glsl_program prog;
		struct glsl_log log;

		glsl_log_init(&log, 0, 0);
		if (glsl_link(sh, NULL, &log, &prog) == 0) {
			fz_emit(prog.stages[GLSL_STAGE_VERTEX].module);
			fz_emit(prog.stages[GLSL_STAGE_FRAGMENT].module);
		}
		glsl_program_finish(&prog);
		glsl_log_finish(&log);
	}
	fz_finish(&vs_s);
	fz_finish(&fs_s);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *src = (const char *)data + 1;
	bool appendix_a;
	char mode;

	if (size < 1)
		return 0;
	mode = (char)(data[0] & 0x7f);
	appendix_a = data[0] & 0x80;
#ifndef FUZZ_NO_LINK
	if (mode == 'l')
		fz_program(src, size - 1, appendix_a);
	else
#endif
		fz_single(src, size - 1, mode == 'f' ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX,
			  appendix_a);
	return 0;
}
