/* SPDX-License-Identifier: MIT */
/*
 * virgl-glslc: virtgl's GLSL ES 1.00 / 3.00 compiler on the command line,
 * in the manner of glslangValidator, for bring-up and tests.
 *
 *   virgl-glslc [-S vert|frag] [-o out.spv] [--tgsi] [-q] file...
 *   virgl-glslc -l [--reflect] [--tgsi] [-q] shader.vert shader.frag
 *
 * Each file is compiled on its own through glsl_compile() (the same call
 * the GL layer makes); the stage comes from the extension (.vert, .frag)
 * or -S, which applies to every file ("-" reads standard input and needs
 * -S). The info log is printed to stdout, under the file's name when it is
 * not empty. -o writes the SPIR-V (one input file only). --tgsi prints the
 * TGSI that vc_spirv_to_tgsi() makes of that SPIR-V, with the slot map the
 * GL layer's default would give: uniform block at binding b -> CONST[b + 1]
 * (the default uniform block, binding 0, is CONST[1]; CONST[0] is the back
 * end's push-constant buffer), sampler at binding b -> SAMP[b] / SVIEW[b].
 *
 * Exit status: 0 success; 1 a compile (or TGSI) failure, or -o / --tgsi
 * on a shader without main() (GL compiles it; it has no entry point);
 * 2 bad usage; 3 an input or output file could not be read or written;
 * 4 the link failed. When files fail differently, the I/O status wins over
 * the compile status.
 *
 * -l links a vertex and a fragment shader as glLinkProgram does
 * (glsl_shader.h, the GL layer's calls): each shader's log, then the link
 * log under "link:"; --reflect prints the program's resource lists (what
 * the GL queries report: uniforms with std140 offsets, blocks, attributes,
 * varyings, outputs); --tgsi prints both linked stages' TGSI.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_compile.h"
#include "glsl_shader.h"
#include "vc_spirv_to_tgsi.h"

enum glslc_exit {
	GLSLC_OK = 0,
	GLSLC_COMPILE = 1,
	GLSLC_USAGE = 2,
	GLSLC_IO = 3,
	GLSLC_LINK = 4,
};

struct glslc_opts {
	const char *output;      /* -o */
	int stage;               /* -S: enum glsl_stage, or -1 for "by extension" */
	bool tgsi;
	bool quiet;              /* -q: no info log on success */
	bool link;               /* -l: link a .vert and a .frag */
	bool reflect;            /* --reflect: the linked program's resources */
	char **files;
	int nr_files;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: virgl-glslc [options] file...\n"
		"Compiles GLSL ES 1.00 / 3.00 / 3.10 / 3.20 shaders to SPIR-V with virtgl's compiler.\n"
		"\n"
		"  -S vert|frag|comp|geom|tesc|tese  stage of every file (default: from the\n"
		"                file name's extension, the same words;\n"
		"                needed for -)\n"
		"  -o FILE       write the SPIR-V module (one input file only)\n"
		"  --tgsi        print the TGSI the back end makes of it (uniform block at\n"
		"                binding b -> CONST[b+1], sampler at binding b -> SAMP[b])\n"
		"  -q            print the info log only when a compile fails\n"
		"  -l            link a vertex and a fragment shader (as glLinkProgram)\n"
		"  --reflect     with -l: print the program's uniforms, blocks and variables\n"
		"  --blend=N     with --tgsi: fragment colour output 0 blends itself by\n"
		"                KHR_blend_equation_advanced's equation N (1..15)\n"
		"  -h, --help    this text\n"
		"\n"
		"Exit status: 0 success, 1 compile failure, 2 usage, 3 I/O error,\n"
		"4 link failure.\n");
}

static int parse_stage(const char *s)
{
	if (!strcmp(s, "vert"))
		return GLSL_STAGE_VERTEX;
	if (!strcmp(s, "frag"))
		return GLSL_STAGE_FRAGMENT;
	if (!strcmp(s, "comp"))
		return GLSL_STAGE_COMPUTE;
	if (!strcmp(s, "geom"))
		return GLSL_STAGE_GEOMETRY;
	if (!strcmp(s, "tesc"))
		return GLSL_STAGE_TESS_CTRL;
	if (!strcmp(s, "tese"))
		return GLSL_STAGE_TESS_EVAL;
	return -1;
}

/* The stage from the name's extension: the last one, as glslangValidator. */
static int stage_of_name(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot ? parse_stage(dot + 1) : -1;
}

/* Options that take a value: returns the value or NULL (usage error). */
static const char *opt_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc) {
		fprintf(stderr, "virgl-glslc: %s needs a value\n", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

/* --blend=N: fragment shaders' TGSI blends colour output 0 by
 * KHR_blend_equation_advanced's equation N (1 MULTIPLY .. 15 HSL_LUMINOSITY) */
static enum vc_advanced_blend tgsi_blend;

/* One option at argv[*i]; GLSLC_OK, GLSLC_USAGE, or -1 for --help. */
static int parse_option(int argc, char **argv, int *i, struct glslc_opts *o)
{
	const char *a = argv[*i], *v;

	if (!strcmp(a, "-h") || !strcmp(a, "--help"))
		return -1;
	if (!strcmp(a, "--tgsi"))
		return o->tgsi = true, GLSLC_OK;
	if (!strcmp(a, "-q"))
		return o->quiet = true, GLSLC_OK;
	if (!strncmp(a, "--blend=", 8)) {
		unsigned long e = strtoul(a + 8, NULL, 10);

		if (e < VC_BLEND_MULTIPLY || e > VC_BLEND_HSL_LUMINOSITY)
			return GLSLC_USAGE;
		tgsi_blend = (enum vc_advanced_blend)e;
		return GLSLC_OK;
	}
	if (!strcmp(a, "-l"))
		return o->link = true, GLSLC_OK;
	if (!strcmp(a, "--reflect"))
		return o->reflect = true, GLSLC_OK;
	if (!strcmp(a, "-o") || !strcmp(a, "-S")) {
		if (!(v = opt_value(argc, argv, i)))
			return GLSLC_USAGE;
		if (a[1] == 'o') {
			o->output = v;
		} else if ((o->stage = parse_stage(v)) < 0) {
			fprintf(stderr, "virgl-glslc: unknown stage '%s' (vert, frag, comp, geom, tesc or tese)\n", v);
			return GLSLC_USAGE;
		}
		return GLSLC_OK;
	}
	fprintf(stderr, "virgl-glslc: unknown option '%s'\n", a);
	return GLSLC_USAGE;
}

/* Every file needs a stage before anything is compiled, so that a typo
 * in the command line never leaves half the outputs written. */
static int check_files(const struct glslc_opts *o)
{
	if (!o->nr_files) {
		fprintf(stderr, "virgl-glslc: no input files (try --help)\n");
		return GLSLC_USAGE;
	}
	if (o->output && o->nr_files > 1) {
		fprintf(stderr, "virgl-glslc: -o takes one input file\n");
		return GLSLC_USAGE;
	}
	if (o->link && (o->nr_files != 2 || o->output)) {
		fprintf(stderr, "virgl-glslc: -l takes one vertex and one fragment shader, no -o\n");
		return GLSLC_USAGE;
	}
	if (o->reflect && !o->link) {
		fprintf(stderr, "virgl-glslc: --reflect needs -l\n");
		return GLSLC_USAGE;
	}
	for (int i = 0; i < o->nr_files; i++) {
		if (o->stage < 0 && stage_of_name(o->files[i]) < 0) {
			fprintf(stderr, "virgl-glslc: %s: cannot tell the stage (.vert, .frag "
				"or -S)\n", o->files[i]);
			return GLSLC_USAGE;
		}
	}
	return GLSLC_OK;
}

/* GLSLC_OK, GLSLC_USAGE, or -1 when --help was asked for. */
static int parse_args(int argc, char **argv, struct glslc_opts *o)
{
	int ret;

	*o = (struct glslc_opts){ .stage = -1 };
	o->files = calloc((size_t)argc, sizeof(*o->files));
	if (!o->files)
		return GLSLC_IO;
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] != '\0') {
			if ((ret = parse_option(argc, argv, &i, o)) != GLSLC_OK)
				return ret;
		} else {
			o->files[o->nr_files++] = argv[i];
		}
	}
	return check_files(o);
}

/* The whole of f, NUL-terminated; NULL on a read error or OOM. */
static char *read_stream(FILE *f)
{
	size_t len = 0, cap = 4096, n;
	char *buf = malloc(cap), *t;

	while (buf) {
		if (len + 1 == cap) {
			if (!(t = realloc(buf, cap * 2)))
				break;
			buf = t;
			cap *= 2;
		}
		if ((n = fread(buf + len, 1, cap - len - 1, f)) == 0)
			break;
		len += n;
	}
	if (!buf || len + 1 == cap || ferror(f)) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

static char *read_source(const char *name)
{
	FILE *f;
	char *src;

	if (!strcmp(name, "-"))
		return read_stream(stdin);
	if (!(f = fopen(name, "rb")))
		return NULL;
	src = read_stream(f);
	fclose(f);
	return src;
}

static int write_spirv(const char *path, const struct glsl_compiled *c)
{
	FILE *f = fopen(path, "wb");
	size_t done;

	if (!f) {
		fprintf(stderr, "virgl-glslc: %s: %s\n", path, strerror(errno));
		return GLSLC_IO;
	}
	done = fwrite(c->words, sizeof(uint32_t), c->nr_words, f);
	if (fclose(f) != 0 || done != c->nr_words) {
		fprintf(stderr, "virgl-glslc: %s: write failed\n", path);
		return GLSLC_IO;
	}
	return GLSLC_OK;
}

/* The GL layer's default placement (see the top of the file). */
static int default_slot(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind)
{
	(void)ctx;
	if (set != 0 || binding > 30)
		return -1;
	return kind == VC_DESC_UNIFORM_BUFFER ? (int)binding + 1 : (int)binding;
}

static int print_tgsi(const char *name, const uint32_t *words, size_t nr_words,
		      enum glsl_stage stage, bool header)
{
	struct vc_compile_info ci = {
		.words = words, .nr_words = nr_words, .entry_point = "main",
		.stage = stage == GLSL_STAGE_FRAGMENT ? VC_STAGE_FRAGMENT :
			 stage == GLSL_STAGE_COMPUTE ? VC_STAGE_COMPUTE :
			 stage == GLSL_STAGE_GEOMETRY ? VC_STAGE_GEOMETRY :
			 stage == GLSL_STAGE_TESS_CTRL ? VC_STAGE_TESS_CTRL :
			 stage == GLSL_STAGE_TESS_EVAL ? VC_STAGE_TESS_EVAL : VC_STAGE_VERTEX,
		.map = { .slot = default_slot }, .advanced_blend = tgsi_blend,
	};
	struct vc_tgsi t = { 0 };
	int ret = vc_spirv_to_tgsi(&ci, &t);

	if (ret)
		printf("%s: back end: %s\n", name, t.log ? t.log : "out of memory");
	else if (header)
		printf("// %s (num_tokens %u)\n%s", name, t.num_tokens, t.text);
	else
		fputs(t.text, stdout);
	vc_tgsi_finish(&t);
	return ret ? GLSLC_COMPILE : GLSLC_OK;
}

static void print_log(const char *name, const struct glsl_compiled *c, bool failed, bool quiet)
{
	const char *log = c->info_log ? c->info_log : "out of memory\n";

	if (!*log && failed)
		log = "compile failed\n";
	if (*log && (failed || !quiet))
		printf("%s:\n%s", name, log);
}

/* GL compiles a shader without main() (only linking fails), but there is
 * no entry point to write or translate. */
static int no_module(const char *name)
{
	fprintf(stderr, "virgl-glslc: %s: no main(), so no SPIR-V module\n", name);
	return GLSLC_COMPILE;
}

/* Compiles and reports one file; returns its exit status. */
static int compile_file(const struct glslc_opts *o, const char *name)
{
	struct glsl_compiled c;
	char *src = read_source(name);
	int stage = o->stage >= 0 ? o->stage : stage_of_name(name), ret;

	if (!src) {
		fprintf(stderr, "virgl-glslc: %s: cannot read: %s\n", name, strerror(errno));
		return GLSLC_IO;
	}
	ret = glsl_compile(&(struct glsl_compile_info){ .strings = (const char *const *)&src,
							.count = 1, .stage = stage }, &c);
	free(src);
	print_log(name, &c, ret != GLSL_COMPILE_OK, o->quiet);
	if (ret != GLSL_COMPILE_OK)
		ret = GLSLC_COMPILE;
	else if (!c.words && (o->output || o->tgsi))
		ret = no_module(name);
	else if (o->output)
		ret = write_spirv(o->output, &c);
	if (ret == GLSLC_OK && o->tgsi)
		ret = print_tgsi(name, c.words, c.nr_words, c.stage, o->nr_files > 1);
	glsl_compiled_finish(&c);
	return ret;
}

/* ---- -l: link as glLinkProgram ---------------------------------------- */

static const char *type_name(const struct glsl_type *t)
{
	return t ? t->name : "?";
}

static void print_resources(const struct glsl_program *p)
{
	for (uint32_t i = 0; i < p->nr_uniforms; i++) {
		const struct glsl_prog_uniform *u = &p->uniforms[i];

		printf("uniform %s %s", type_name(u->type), u->name);
		if (u->array_size)
			printf("[%u]", u->array_size);
		printf(" block %d offset %u\n", u->block, u->offset);
	}
	for (uint32_t i = 0; i < p->nr_blocks; i++)
		printf("block %s size %u vs binding %d fs binding %d\n", p->blocks[i].name,
		       p->blocks[i].size, p->blocks[i].stage.binding[GLSL_STAGE_VERTEX],
		       p->blocks[i].stage.binding[GLSL_STAGE_FRAGMENT]);
	for (uint32_t i = 0; i < p->nr_attribs; i++)
		printf("attribute %s location %d\n", p->attribs[i].name, p->attribs[i].location);
	for (uint32_t i = 0; i < p->nr_varyings; i++)
		printf("varying %s location %d\n", p->varyings[i].name, p->varyings[i].location);
	for (uint32_t i = 0; i < p->nr_outputs; i++)
		printf("output %s location %d\n", p->outputs[i].name, p->outputs[i].location);
	printf("default block size %u\n", p->default_block_size);
}

/* One shader of the pair, compiled and reported; NULL after an I/O error
 * (printed) or OOM. */
static struct glsl_shader *compile_for_link(const struct glslc_opts *o, const char *name,
					     int stage)
{
	char *src = read_source(name);
	struct glsl_shader *sh;
	const char *log;

	if (!src) {
		fprintf(stderr, "virgl-glslc: %s: cannot read: %s\n", name, strerror(errno));
		return NULL;
	}
	sh = glsl_shader_compile(&(struct glsl_compile_info){
		.strings = (const char *const *)&src, .count = 1, .stage = stage });
	free(src);
	if (!sh)
		return NULL;
	log = glsl_shader_info_log(sh);
	if (*log && (glsl_shader_status(sh) != GLSL_COMPILE_OK || !o->quiet))
		printf("%s:\n%s", name, log);
	return sh;
}

static int linked_outputs(const struct glslc_opts *o, const struct glsl_linked_program *p)
{
	int ret = GLSLC_OK;

	if (o->reflect)
		print_resources(&p->prog);
	for (unsigned st = 0; o->tgsi && st < GLSL_STAGE_COUNT && ret == GLSLC_OK; st++)
		ret = print_tgsi(o->files[st], p->words[st], p->nr_words[st], st, true);
	return ret;
}

/* The pair in either order: the stage of each from its name or -S. */
static int link_files(const struct glslc_opts *o)
{
	struct glsl_shader *sh[GLSL_STAGE_COUNT] = { NULL, NULL };
	struct glsl_linked_program prog;
	int ret = GLSLC_IO;

	for (int i = 0; i < 2; i++) {
		int st = stage_of_name(o->files[i]);

		if (st < 0 || sh[st]) {
			fprintf(stderr, "virgl-glslc: -l needs one .vert and one .frag\n");
			ret = GLSLC_USAGE;
			goto out;
		}
		if (!(sh[st] = compile_for_link(o, o->files[i], st)))
			goto out;
	}
	ret = GLSLC_COMPILE;
	if (glsl_shader_status(sh[0]) != GLSL_COMPILE_OK || glsl_shader_status(sh[1]) != GLSL_COMPILE_OK)
		goto out;
	ret = glsl_shader_link(sh, NULL, &prog) ? GLSLC_LINK : GLSLC_OK;
	if (prog.info_log && *prog.info_log && (ret || !o->quiet))
		printf("link:\n%s", prog.info_log);
	if (ret == GLSLC_OK)
		ret = linked_outputs(o, &prog);
	glsl_linked_program_finish(&prog);
out:
	glsl_shader_destroy(sh[0]);
	glsl_shader_destroy(sh[1]);
	return ret;
}

int main(int argc, char **argv)
{
	struct glslc_opts o;
	int ret = parse_args(argc, argv, &o), worst = GLSLC_OK;

	if (ret != GLSLC_OK) {
		usage(ret < 0 ? stdout : stderr);
		free(o.files);
		return ret < 0 ? GLSLC_OK : ret;
	}
	if (o.link) {
		worst = link_files(&o);
		free(o.files);
		return worst;
	}
	for (int i = 0; i < o.nr_files; i++) {
		ret = compile_file(&o, o.files[i]);
		if (ret == GLSLC_IO || worst == GLSLC_OK)
			worst = ret == GLSLC_OK ? worst : ret;
	}
	free(o.files);
	return worst;
}
