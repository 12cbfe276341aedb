/* SPDX-License-Identifier: MIT */
/*
 * Debian piglit's GLSL ES compiler tests (glslparsertest cases with
 * expect_result), judged as piglit judges them: the list is piglit's own
 * profile (piglit_glslparser_list.py), and a case runs only where
 * glslparsertest would run it on virtgl:
 *
 *  - its GLSL ES version is 1.00 or 3.00 (3.10 / 3.20 cases skip);
 *  - every required extension is one virtgl's compiler offers, and every
 *    "!EXT" one is not (glsl_pp_default_extensions);
 *  - its stage is vertex or fragment (.vert / .frag).
 *
 * A case passes when the compile status matches expect_result; with
 * --check-link (check_link: true) the shader is also linked, with the
 * trivial shader of the other stage that GLES requires, and the link status
 * counts. Every runnable case must agree, except those in
 * glsl_piglit_known.txt (each with its reason); a known case that agrees
 * again is reported so the list can shrink.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "corpus.h"
#include "glsl_shader.h"

#ifndef PIGLIT_LIST_SCRIPT
#error "PIGLIT_LIST_SCRIPT must name piglit_glslparser_list.py"
#endif
#ifndef PIGLIT_KNOWN
#error "PIGLIT_KNOWN must name glsl_piglit_known.txt"
#endif

enum skip_reason { SKIP_NONE, SKIP_VERSION, SKIP_EXTENSION, SKIP_STAGE, SKIP_COUNT };
static const char *const skip_names[SKIP_COUNT] = { "", "GLSL ES 3.10/3.20", "extensions",
						     "stage" };

struct piglit_case {
	char *path, *expect, *version, *exts;
	bool check_link;
};

struct tally {
	unsigned n[2][2], agree[2][2];     /* [ES 1.00 / 3.00][expect fail / pass] */
	unsigned skipped[SKIP_COUNT];
	unsigned regressions, fixed;
	char *known;
};

/* ---- skip rules --------------------------------------------------------- */

static bool extension_offered(const char *name, size_t len)
{
	for (unsigned i = 0; i < glsl_pp_num_default_extensions; i++)
		if (strlen(glsl_pp_default_extensions[i]) == len &&
		    !strncmp(glsl_pp_default_extensions[i], name, len))
			return true;
	return false;
}

/* "GL_A,!GL_B": all of the first kind offered, none of the second; "-" is
 * no extension. */
static bool extensions_runnable(const char *list)
{
	if (!strcmp(list, "-"))
		return true;
	for (const char *p = list; *p;) {
		bool negate = *p == '!';
		const char *name = p + negate;
		size_t len = strcspn(name, ",");

		if (extension_offered(name, len) == negate)
			return false;
		p = name + len + (name[len] == ',');
	}
	return true;
}

/* 0 for ES 1.00, 1 for 3.00, -1 for what virtgl does not offer. */
static int version_index(const char *v)
{
	if (!strncmp(v, "1.00", 4) || !strcmp(v, "1.0 es"))
		return 0;
	if (!strncmp(v, "3.00", 4) || !strcmp(v, "3.0 es"))
		return 1;
	return -1;
}

static int case_stage(const char *path)
{
	if (corpus_ends_with(path, ".vert"))
		return GLSL_STAGE_VERTEX;
	if (corpus_ends_with(path, ".frag"))
		return GLSL_STAGE_FRAGMENT;
	return -1;
}

static enum skip_reason skip_reason(const struct piglit_case *c)
{
	if (version_index(c->version) < 0)
		return SKIP_VERSION;
	if (!extensions_runnable(c->exts))
		return SKIP_EXTENSION;
	if (case_stage(c->path) < 0)
		return SKIP_STAGE;
	return SKIP_NONE;
}

/* ---- compile and link ---------------------------------------------------- */

static struct glsl_shader *compile(const char *src, enum glsl_stage stage)
{
	struct glsl_compile_info in = { .strings = &src, .count = 1, .stage = stage };
	struct glsl_shader *sh = glsl_shader_compile(&in);

	ck_assert_msg(sh, "out of memory");
	return sh;
}

/* What glslparsertest attaches beside the tested shader for a GLES link:
 * its dummy shaders, with the version the case asks for. */
static const char *complement_source(enum glsl_stage tested, unsigned version)
{
	if (tested == GLSL_STAGE_VERTEX)
		return version == 300 ? "#version 300 es\nvoid main() { }"
				      : "#version 100 \nvoid main() { }";
	return version == 300 ? "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }"
			      : "#version 100 \nvoid main() { gl_Position = vec4(0.0); }";
}

static bool links(struct glsl_shader *tested, enum glsl_stage stage)
{
	struct glsl_shader *shaders[GLSL_STAGE_COUNT];
	struct glsl_linked_program prog;
	bool ok;

	shaders[stage] = tested;
	shaders[!stage] = compile(complement_source(stage, glsl_shader_version(tested)), !stage);
	ok = glsl_shader_link(shaders, NULL, &prog) == 0;
	glsl_linked_program_finish(&prog);
	glsl_shader_destroy(shaders[!stage]);
	return ok;
}

/* True when virtgl accepts the case the way the test checks it. */
static bool accepted(const struct piglit_case *c)
{
	enum glsl_stage stage = (enum glsl_stage)case_stage(c->path);
	char *src = corpus_read_file(c->path, NULL);
	struct glsl_shader *sh;
	bool ok;

	ck_assert_msg(src, "cannot read %s", c->path);
	sh = compile(src, stage);
	ok = glsl_shader_status(sh) == GLSL_COMPILE_OK;
	ck_assert_msg(glsl_shader_status(sh) != GLSL_COMPILE_INTERNAL, "%s: internal error: %s",
		      c->path, glsl_shader_info_log(sh));
	if (ok && c->check_link)
		ok = links(sh, stage);
	glsl_shader_destroy(sh);
	free(src);
	return ok;
}

/* ---- the run --------------------------------------------------------------- */

/* The name in reports and the known list: the path below piglit's root. */
static const char *case_name(const char *path)
{
	const char *spec = strstr(path, "/spec/");

	return spec ? spec + 1 : path;
}

static void judge(struct tally *t, const struct piglit_case *c)
{
	bool expect_pass = !strcmp(c->expect, "pass");
	int v = version_index(c->version);
	bool agree = accepted(c) == expect_pass;
	bool known = corpus_known(t->known, case_name(c->path));

	t->n[v][expect_pass]++;
	t->agree[v][expect_pass] += agree;
	if (!agree && !known) {
		printf("  REGRESSION: %s (expected %s)\n", case_name(c->path), c->expect);
		t->regressions++;
	} else if (agree && known) {
		printf("  fixed: %s agrees now (remove it from the known list)\n", case_name(c->path));
		t->fixed++;
	}
}

/* One line of the list, split in place; false at a malformed line. */
static bool parse_line(char *line, struct piglit_case *c)
{
	char *f[5];
	unsigned n = 0;

	line[strcspn(line, "\n")] = 0;
	for (char *p = line; n < 5 && p; n++) {
		f[n] = p;
		p = strchr(p, '\t');
		if (p)
			*p++ = 0;
	}
	if (n != 5)
		return false;
	*c = (struct piglit_case){ f[0], f[1], f[2], f[3], !strcmp(f[4], "1") };
	return true;
}

static unsigned run_list(struct tally *t, FILE *list)
{
	char line[4096];
	unsigned rows = 0;

	while (fgets(line, sizeof(line), list)) {
		struct piglit_case c;
		enum skip_reason why;

		ck_assert_msg(parse_line(line, &c), "malformed list line: %s", line);
		rows++;
		why = skip_reason(&c);
		if (why != SKIP_NONE)
			t->skipped[why]++;
		else
			judge(t, &c);
	}
	return rows;
}

static unsigned report(const struct tally *t)
{
	unsigned total = 0, agree = 0;

	for (unsigned v = 0; v < 2; v++)
		for (unsigned e = 0; e < 2; e++) {
			unsigned n = t->n[v][e], a = t->agree[v][e];

			printf("piglit GLSL ES %s expect %s: %u cases, %u agree (%.2f%%)\n",
			       v ? "3.00" : "1.00", e ? "pass" : "fail", n, a, n ? 100.0 * a / n : 0.0);
			total += n;
			agree += a;
		}
	printf("TOTAL: %u of %u runnable agree (%.2f%%); skipped:", agree, total,
	       total ? 100.0 * agree / total : 0.0);
	for (unsigned s = 1; s < SKIP_COUNT; s++)
		printf(" %u %s%s", t->skipped[s], skip_names[s], s + 1 < SKIP_COUNT ? "," : "\n");
	return total;
}

START_TEST(piglit_glslparser)
{
	struct tally t = { 0 };
	FILE *list = popen("python3 " PIGLIT_LIST_SCRIPT, "r");
	unsigned rows, runnable;

	ck_assert_msg(list, "cannot run " PIGLIT_LIST_SCRIPT);
	t.known = corpus_read_file(PIGLIT_KNOWN, NULL);
	ck_assert_msg(t.known, "cannot read " PIGLIT_KNOWN);
	rows = run_list(&t, list);
	ck_assert_msg(pclose(list) == 0 && rows > 0,
		      "piglit's list failed (is the Debian package piglit installed?)");
	runnable = report(&t);
	fflush(stdout);
	ck_assert_uint_gt(runnable, 200);   /* the profile's GLES 1.00/3.00 cases are here */
	ck_assert_msg(t.regressions == 0, "%u cases disagree that are not known", t.regressions);
	free(t.known);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("piglit glslparser");
	TCase *tc = tcase_create("GLSL ES 1.00 / 3.00");

	tcase_add_test(tc, piglit_glslparser);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return check_run(s, CK_NORMAL);
}
