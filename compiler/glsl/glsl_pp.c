/* SPDX-License-Identifier: MIT */
/*
 * glsl_pp: set-up, the source token loop (directives and skipped groups),
 * and the checks on each token handed to the parser.
 */
#include "glsl_pp_private.h"
#include "glsl_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the compiler implements, so what the GL layer may advertise: each
 * one's built-ins are the ext: rows of builtins.def (test_glsl_sema checks
 * that every name here has some, or is one of glsl_sema_language_extensions). GL_OES_EGL_image_external (1.00) and
 * _essl3 (3.00) make samplerExternalOES a type (check_ident), a 2D sampler
 * to everything after the parser. Not offered, for want of an
 * implementation: GL_OES_texture_3D (sampler3D and texture3D* in 1.00). */
const char *const glsl_pp_default_extensions[] = {
	"GL_OES_standard_derivatives",
	"GL_EXT_shader_texture_lod",
	"GL_EXT_frag_depth",
	"GL_EXT_draw_instanced",
	"GL_EXT_draw_buffers",
	"GL_OES_EGL_image_external",
	"GL_OES_EGL_image_external_essl3",
	/* imageAtomic* on r32i/r32ui/r32f images (GLSL ES 3.10) */
	"GL_OES_shader_image_atomic",
	/* the cube map array types and their built-ins (GLSL ES 3.10) */
	"GL_EXT_texture_cube_map_array",
	/* the buffer samplers and images and their built-ins (GLSL ES 3.10);
	 * the OES name is the same extension (glsl_builtin_ext_bit) */
	"GL_EXT_texture_buffer",
	"GL_OES_texture_buffer",
	/* no built-ins: implicit conversions in GLSL ES 3.10 (glsl_sema_convert.c) */
	"GL_EXT_shader_implicit_conversions",
	/* gl_SampleID, gl_SamplePosition, gl_SampleMaskIn, gl_SampleMask (GLSL ES 3.10) */
	"GL_OES_sample_variables",
	/* geometry shaders (GLSL ES 3.10); the OES name is the same extension */
	"GL_EXT_geometry_shader",
	"GL_OES_geometry_shader",
	/* no built-ins: in and out blocks (GLSL ES 3.10, glsl_sema_ioblock.c) */
	"GL_EXT_shader_io_blocks",
	"GL_OES_shader_io_blocks",
	/* GLSL ES 3.10: implicit conversions, dynamically uniform indexing of
	 * sampler and block arrays, fma(), precise, gather offsets
	 * (glsl_sema_convert.c, glsl_sema_expr.c) */
	"GL_EXT_gpu_shader5",
	"GL_OES_gpu_shader5",   /* the same extension */
	/* tessellation shaders (GLSL ES 3.10); the OES name is the same extension */
	"GL_EXT_tessellation_shader",
	"GL_OES_tessellation_shader",
	/* gl_PointSize in gl_in[] and as an output of the geometry and
	 * tessellation stages (GLSL ES 3.10); the OES names are the same */
	"GL_EXT_geometry_point_size",
	"GL_OES_geometry_point_size",
	"GL_EXT_tessellation_point_size",
	"GL_OES_tessellation_point_size",
	/* layout(blend_support_...) out; in fragment shaders (GLSL ES 3.00) */
	"GL_KHR_blend_equation_advanced",
	/* gl_BoundingBoxEXT / gl_BoundingBoxOES in the tessellation control
	 * stage (GLSL ES 3.10), each name under its own extension */
	"GL_EXT_primitive_bounding_box",
	"GL_OES_primitive_bounding_box",
	/* the sample qualifier and interpolateAt* (GLSL ES 3.10) */
	"GL_OES_shader_multisample_interpolation",
	/* the multisample 2D array samplers and their built-ins (GLSL ES 3.10) */
	"GL_OES_texture_storage_multisample_2d_array",
	/* the image format qualifiers past ES 3.10's (GLSL ES 3.10) */
	"GL_NV_image_formats",
	/* gl_ViewportIndex (geometry output, fragment input) and
	 * gl_MaxViewports (GLSL ES 3.10) */
	"GL_OES_viewport_array",
	/* gl_ClipDistance and gl_CullDistance (vertex, geometry and tessellation
	 * evaluation outputs, fragment inputs) and their limits (GLSL ES 3.00) */
	"GL_EXT_clip_cull_distance",
	/* no built-ins of its own: #extension of it sets its parts' behaviour
	 * (glsl_pp_directive.c) */
	"GL_ANDROID_extension_pack_es31a",
	/* no built-ins: layout(location) on vertex outputs and fragment inputs
	 * in GLSL ES 3.00 (glsl_sema_decl.c); 1.00 takes the #extension only */
	"GL_EXT_separate_shader_objects",
};
const unsigned glsl_pp_num_default_extensions =
	sizeof(glsl_pp_default_extensions) / sizeof(glsl_pp_default_extensions[0]);

/* ---- messages ------------------------------------------------------------ */

static void pp_vmessage(struct pp *pp, bool error, const struct glsl_token *at,
			const char *fmt, va_list ap)
{
	unsigned line = at ? at->line : pp->lx.line, col = at ? at->col : 0;

	glsl_log_vmessage(pp->log, error, at ? at->file : pp->lx.file, line, col, fmt, ap);
}

void pp_error(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pp_vmessage(pp, true, at, fmt, ap);
	va_end(ap);
}

void pp_warning(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pp_vmessage(pp, false, at, fmt, ap);
	va_end(ap);
}

/* An error after which nothing more is read (limits, out of memory). */
void pp_fatal(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
{
	va_list ap;

	if (pp->fatal)
		return;
	pp->fatal = true;
	va_start(ap, fmt);
	pp_vmessage(pp, true, at, fmt, ap);
	va_end(ap);
}

/* ---- small helpers ------------------------------------------------------- */

bool vec_push(struct pp *pp, struct tok_vec *v, const struct glsl_token *t)
{
	if (v->n == v->cap) {
		uint32_t cap = v->cap ? v->cap * 2 : 64;
		struct glsl_token *nt = realloc(v->t, (size_t)cap * sizeof(*nt));

		if (!nt) {
			pp_fatal(pp, t, "out of memory");
			return false;
		}
		v->t = nt;
		v->cap = cap;
	}
	v->t[v->n++] = *t;
	return true;
}

const char *pp_name(const struct pp *pp, uint32_t id)
{
	return pp->lx.idents->ids[id].name;
}

struct glsl_ident *pp_ident(struct pp *pp, const struct glsl_token *t)
{
	return &pp->lx.idents->ids[t->value];
}

static bool is_supported_ext(const struct pp *pp, const char *name)
{
	for (unsigned i = 0; i < pp->out->num_ext; i++)
		if (!strcmp(pp->out->ext_names[i], name))
			return true;
	return false;
}

static struct glsl_pp_macro *builtin_macro(struct pp *pp, enum pp_macro_kind kind)
{
	struct glsl_pp_macro *m = glsl_arena_alloc(&pp->out->arena, sizeof(*m));

	if (!m) {
		pp_fatal(pp, NULL, "out of memory");
		return NULL;
	}
	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->predefined = true;
	return m;
}

/* The predefined macros come into being when their name is first looked
 * at, so a run pays only for the ones the shader mentions. */
static struct glsl_pp_macro *predefined(struct pp *pp, struct glsl_ident *id)
{
	switch (id->ppword) {
	case PPW_LINE_MACRO:
		return builtin_macro(pp, PP_MACRO_LINE);
	case PPW_FILE_MACRO:
		return builtin_macro(pp, PP_MACRO_FILE);
	case PPW_VERSION_MACRO:
		return builtin_macro(pp, PP_MACRO_VERSION);
	case PPW_GL_ES:
		return pp->one_macro;
	case PPW_FRAG_HIGHP:
		/* 3.00 requires highp in fragment shaders; 1.00 leaves it optional */
		if (pp->in->stage == GLSL_STAGE_FRAGMENT &&
		    (pp->version >= 300 || !pp->in->no_fragment_highp))
			return pp->one_macro;
		return NULL;
	default:
		break;
	}
	if (!strncmp(id->name, "GL_", 3) && is_supported_ext(pp, id->name))
		return pp->one_macro;
	return NULL;
}

struct glsl_pp_macro *pp_macro_of(struct pp *pp, struct glsl_ident *id)
{
	if (!id->ext_checked) {
		id->ext_checked = true;
		if (!id->macro)
			id->macro = predefined(pp, id);
	}
	return id->macro;
}

/* ---- version ------------------------------------------------------------- */

/*
 * GLSL ES 3.20 has in core what these extensions brought to 3.10 (the 3.20
 * spec's list): a 3.20 shader starts with each one the compiler supports
 * enabled, so every feature the compiler gates on an extension is there by
 * version too. EXT and OES twins are both listed; names the compiler does not
 * support yet change nothing.
 */
static const char *const core_in_320[] = {
	"GL_EXT_geometry_shader", "GL_OES_geometry_shader",
	"GL_EXT_tessellation_shader", "GL_OES_tessellation_shader",
	"GL_EXT_shader_io_blocks", "GL_OES_shader_io_blocks",
	"GL_EXT_gpu_shader5", "GL_OES_gpu_shader5",
	"GL_OES_sample_variables", "GL_OES_shader_image_atomic",
	"GL_EXT_texture_buffer", "GL_OES_texture_buffer",
	"GL_EXT_texture_cube_map_array", "GL_OES_texture_cube_map_array",
	"GL_OES_texture_storage_multisample_2d_array",
	"GL_EXT_geometry_point_size", "GL_OES_geometry_point_size",
	"GL_EXT_tessellation_point_size", "GL_OES_tessellation_point_size",
	"GL_EXT_primitive_bounding_box", "GL_OES_primitive_bounding_box",
	"GL_OES_shader_multisample_interpolation",
	/* the blend_support layouts (ES 3.2 took KHR_blend_equation_advanced) */
	"GL_KHR_blend_equation_advanced",
};

static void enable_core_extensions(struct pp *pp)
{
	for (unsigned i = 0; i < pp->out->num_ext; i++)
		for (size_t k = 0; k < sizeof(core_in_320) / sizeof(core_in_320[0]); k++)
			if (!strcmp(pp->out->ext_names[i], core_in_320[k]))
				pp->out->ext_behavior[i] = GLSL_EXT_ENABLE;
}

void pp_set_version(struct pp *pp, unsigned version, const struct glsl_token *at)
{
	pp->version = version;
	pp->kwset = version >= 310 ? 2 : version == 300;
	if (version >= 320)
		enable_core_extensions(pp);
	pp->out->version = version;
	if (version == 100 && pp->lx.splice_line) {
		struct glsl_token t = { .line = pp->lx.splice_line, .col = (uint16_t)pp->lx.splice_col };

		pp_error(pp, &t, "line continuation is not allowed in GLSL ES 1.00");
	}
}

/* ---- the source token loop ---------------------------------------------- */

/* The next token of the source that is compiled: directives are run and
 * skipped groups dropped here. False at the end. */
bool pp_source_token(struct pp *pp, struct glsl_token *t)
{
	if (pp->has_pushback) {
		*t = pp->pushback;
		pp->has_pushback = false;
		pp->cur_line = t->line;
		return t->kind != GLSL_TOK_EOF;
	}
	for (;;) {
		glsl_lex(&pp->lx, t);
		if (pp->lx.oom)
			pp_fatal(pp, t, "out of memory");
		if (pp->fatal || t->kind == GLSL_TOK_EOF) {
			t->kind = GLSL_TOK_EOF;
			return false;
		}
		if (t->kind == GLSL_TOK_HASH && (t->flags & GLSL_TF_BOL)) {
			pp_directive(pp, t);
			continue;
		}
		if (pp->skipping) {
			glsl_lex_skip_line(&pp->lx);
			continue;
		}
		if (!pp->version)
			pp_set_version(pp, 100, t);
		pp->seen_token = pp->seen_code = true;
		pp->cur_line = t->line;
		return true;
	}
}

/* ---- checks on the parser's tokens --------------------------------------- */

void pp_check_number(struct pp *pp, const struct glsl_token *t)
{
	static const char *const why[] = {
		[GLSL_NUM_BAD_SUFFIX] = "invalid characters in number",
		[GLSL_NUM_BAD_OCTAL] = "invalid digit in octal number",
		[GLSL_NUM_NO_HEX_DIGITS] = "hexadecimal number without digits",
		[GLSL_NUM_TOO_LARGE] = "integer literal does not fit in 32 bits",
	};

	if (t->kind == GLSL_TOK_BAD_NUMBER)
		pp_error(pp, t, "%s", why[t->value < 5 && t->value ? t->value : 1]);
	else if (pp->version < 300 && (t->flags & GLSL_TF_U_SUFFIX))
		pp_error(pp, t, "unsigned integer literals ('u' suffix) require GLSL ES 3.00");
	else if (pp->version < 300 && (t->flags & GLSL_TF_F_SUFFIX))
		pp_error(pp, t, "the 'f' suffix on floating-point literals requires GLSL ES 3.00");
}

/* Whether the supported extension `name` is enabled (or required, warned). */
static bool ext_on(const struct pp *pp, const char *name)
{
	for (unsigned i = 0; i < pp->out->num_ext; i++)
		if (!strcmp(pp->out->ext_names[i], name))
			return pp->out->ext_behavior[i] != GLSL_EXT_DISABLE;
	return false;
}

/* samplerExternalOES is a type where the version's extension is on (1.00:
 * GL_OES_EGL_image_external, 3.00: its _essl3), else an identifier. */
static enum glsl_tok external_sampler_kind(const struct pp *pp)
{
	return ext_on(pp, pp->version >= 300 ? "GL_OES_EGL_image_external_essl3"
					      : "GL_OES_EGL_image_external")
		       ? GLSL_TOK_KW_SAMPLEREXTERNALOES : GLSL_TOK_IDENT;
}

/* The cube map array types are types in 3.10 where the extension is on. */
static bool cube_arrays_on(const struct pp *pp)
{
	return pp->version >= 310 && ext_on(pp, "GL_EXT_texture_cube_map_array");
}

/* The buffer samplers and images: keywords in 3.10 where GL_EXT_texture_buffer
 * or GL_OES_texture_buffer is on, reserved words elsewhere. */
static bool tex_buffers_on(const struct pp *pp)
{
	return ext_on(pp, "GL_EXT_texture_buffer") || ext_on(pp, "GL_OES_texture_buffer");
}

/* The multisample 2D array samplers: keywords in 3.10 where the extension is
 * on, reserved words elsewhere. */
static bool ms_arrays_on(const struct pp *pp)
{
	return ext_on(pp, "GL_OES_texture_storage_multisample_2d_array");
}

static void check_ident(struct pp *pp, struct glsl_token *t)
{
	struct glsl_ident *id = pp_ident(pp, t);

	t->kind = id->kind[pp->kwset];
	if (id->ppword == PPW_SAMPLER_EXTERNAL)
		t->kind = external_sampler_kind(pp);
	if (id->ppword == PPW_CUBE_ARRAY && !cube_arrays_on(pp))
		t->kind = GLSL_TOK_IDENT;
	if (id->ppword == PPW_TEX_BUFFER && t->kind != GLSL_TOK_IDENT && !tex_buffers_on(pp))
		t->kind = GLSL_TOK_RESERVED;
	if (id->ppword == PPW_PRECISE && pp->version >= 310 &&
	    (ext_on(pp, "GL_EXT_gpu_shader5") || ext_on(pp, "GL_OES_gpu_shader5")))
		t->kind = GLSL_TOK_KW_PRECISE;
	if (id->ppword == PPW_SAMPLE && pp->version >= 310 &&
	    ext_on(pp, "GL_OES_shader_multisample_interpolation"))
		t->kind = GLSL_TOK_KW_SAMPLE;
	if (id->ppword == PPW_MS_ARRAY && t->kind != GLSL_TOK_IDENT && !ms_arrays_on(pp))
		t->kind = GLSL_TOK_RESERVED;
	if (t->kind == GLSL_TOK_RESERVED)
		pp_error(pp, t, "'%s' is a reserved word in GLSL ES %s", id->name,
			 glsl_es_version_name(pp->version));
	/* ES 1.00 §4.5.4: highp is optional in the fragment language, and
	 * GL_FRAGMENT_PRECISION_HIGH says whether the implementation has it */
	if (t->kind == GLSL_TOK_KW_HIGHP && pp->version == 100 &&
	    pp->in->stage == GLSL_STAGE_FRAGMENT && pp->in->no_fragment_highp)
		pp_error(pp, t, "'highp' is not supported in fragment shaders here "
			 "(GL_FRAGMENT_PRECISION_HIGH is not defined)");
}

/* What the parser must never see is reported here, once, where it is
 * compiled (not in skipped groups or unused macro bodies). */
static void check_token(struct pp *pp, struct glsl_token *t)
{
	switch (t->kind) {
	case GLSL_TOK_IDENT:
		check_ident(pp, t);
		break;
	case GLSL_TOK_INTCONST: case GLSL_TOK_UINTCONST:
	case GLSL_TOK_FLOATCONST: case GLSL_TOK_BAD_NUMBER:
		pp_check_number(pp, t);
		break;
	case GLSL_TOK_INVALID:
		if (t->value == '\\')
			pp_error(pp, t, "'\\' is only allowed before a newline (line continuation)");
		else
			pp_error(pp, t, "invalid character 0x%02x", t->value);
		break;
	case GLSL_TOK_HASH:
		pp_error(pp, t, "'#' is only allowed at the start of a directive line");
		break;
	case GLSL_TOK_HASH_HASH:
		pp_error(pp, t, "token pasting (##) is not allowed in GLSL ES");
		break;
	default:
		if (pp->version == 100 && glsl_tok_reserved_in_es100(t->kind))
			pp_error(pp, t, "operator '%s' is reserved in GLSL ES 1.00",
				 glsl_tok_spelling(t->kind));
		break;
	}
}

static void emit(struct pp *pp, struct glsl_token *t)
{
	if (pp->tokens.n >= pp->lim.max_tokens) {
		pp_fatal(pp, t, "shader too large (more than %u tokens)", pp->lim.max_tokens);
		return;
	}
	t->flags &= GLSL_TF_BOL | GLSL_TF_SPACE | GLSL_TF_F_SUFFIX | GLSL_TF_U_SUFFIX |
		    GLSL_TF_FROM_MACRO;
	check_token(pp, t);
	vec_push(pp, &pp->tokens, t);
}

/* ---- set-up and the run -------------------------------------------------- */

static uint32_t pick(uint32_t v, uint32_t dflt)
{
	return v ? v : dflt;
}

static void set_limits(struct pp *pp, const struct glsl_pp_limits *l)
{
	pp->lim.max_source_bytes = l->max_source_bytes ? l->max_source_bytes : GLSL_PP_DEFAULT_MAX_SOURCE;
	pp->lim.max_tokens = pick(l->max_tokens, GLSL_PP_DEFAULT_MAX_TOKENS);
	pp->lim.max_if_depth = pick(l->max_if_depth, GLSL_PP_DEFAULT_MAX_IF_DEPTH);
	pp->lim.max_expand_depth = pick(l->max_expand_depth, GLSL_PP_DEFAULT_MAX_EXPAND_DEPTH);
	pp->lim.max_expanded_tokens = pick(l->max_expanded_tokens, GLSL_PP_DEFAULT_MAX_EXPANDED);
	pp->lim.max_expr_depth = pick(l->max_expr_depth, GLSL_PP_DEFAULT_MAX_EXPR_DEPTH);
}

static size_t string_len(const struct glsl_pp_info *in, unsigned i)
{
	if (!in->strings[i])
		return 0;
	if (!in->lengths || in->lengths[i] == SIZE_MAX)
		return strlen(in->strings[i]);
	return in->lengths[i];
}

/* GL concatenates the strings; one string is used in place. */
static const char *join_sources(struct pp *pp, size_t *len)
{
	const struct glsl_pp_info *in = pp->in;
	size_t total = 0, n = 0;

	for (unsigned i = 0; i < in->count; i++) {
		size_t l = string_len(in, i);

		if (l > pp->lim.max_source_bytes - total)
			return NULL;
		total += l;
	}
	*len = total;
	if (in->count == 1)
		return in->strings[0] ? in->strings[0] : "";
	pp->joined = malloc(total + 1);
	if (!pp->joined)
		return NULL;
	for (unsigned i = 0; i < in->count; i++) {
		size_t l = string_len(in, i);

		if (l)
			memcpy(pp->joined + n, in->strings[i], l);
		n += l;
	}
	return pp->joined;
}

static bool init_stream(struct pp *pp, struct glsl_token_stream *out)
{
	const struct glsl_pp_info *in = pp->in;

	memset(out, 0, sizeof(*out));
	glsl_arena_init(&out->arena, 16384, 0);
	out->ext_names = in->extensions ? in->extensions : glsl_pp_default_extensions;
	out->num_ext = in->extensions ? in->num_extensions : glsl_pp_num_default_extensions;
	out->ext_behavior = glsl_arena_alloc(&out->arena, (out->num_ext + 1) * sizeof(*out->ext_behavior));
	if (!out->ext_behavior || !glsl_idents_init(&out->idents, &out->arena))
		return false;
	memset(out->ext_behavior, 0, out->num_ext * sizeof(*out->ext_behavior));
	pp->one_macro = builtin_macro(pp, PP_MACRO_OBJECT);
	pp->one_macro->body = glsl_arena_alloc(&out->arena, sizeof(struct glsl_token));
	if (!pp->one_macro->body)
		return false;
	memset(pp->one_macro->body, 0, sizeof(struct glsl_token));
	pp->one_macro->body->kind = GLSL_TOK_INTCONST;
	pp->one_macro->body->value = 1;
	pp->one_macro->nbody = 1;
	return true;
}

static bool pp_init(struct pp *pp, const struct glsl_pp_info *in, struct glsl_token_stream *out,
		    struct glsl_log *log)
{
	const char *src;
	size_t len = 0;

	memset(pp, 0, sizeof(*pp));
	pp->in = in;
	pp->out = out;
	pp->log = log;
	set_limits(pp, &in->limits);
	glsl_arena_init(&pp->scratch, 8192, 0);
	if (!init_stream(pp, out))
		return false;
	src = join_sources(pp, &len);
	if (!src) {
		if (len == 0)
			pp_fatal(pp, NULL, "shader source too large (limit %zu bytes)",
				 pp->lim.max_source_bytes);
		return false;
	}
	return glsl_lexer_init(&pp->lx, src, len, &out->idents, &out->arena, log);
}

static void free_levels(struct pp *pp)
{
	for (uint32_t i = 0; i < pp->nlevels; i++) {
		free(pp->levels[i].raw.t);
		free(pp->levels[i].exp.t);
		free(pp->levels[i].start);
		free(pp->levels[i].xstart);
	}
	free(pp->levels);
}

static void pp_finish(struct pp *pp)
{
	glsl_lexer_finish(&pp->lx);
	glsl_arena_finish(&pp->scratch);
	free(pp->joined);
	free(pp->line.t);
	free(pp->ctx);
	free(pp->cond);
	free_levels(pp);
}

static void end_checks(struct pp *pp)
{
	if (pp->fatal)
		return;
	if (pp->ncond) {
		const struct pp_cond *c = &pp->cond[pp->ncond - 1];
		struct glsl_token at = { .line = c->line, .col = c->col, .file = c->file };

		pp_error(pp, &at, "unterminated #if");
	}
	if (!pp->version)
		pp_set_version(pp, 100, NULL);
}

static void run(struct pp *pp)
{
	struct glsl_token t;

	while (pp_next(pp, 0, &t) > 0 && !pp->fatal)
		emit(pp, &t);
	end_checks(pp);
}

int glsl_pp_run(const struct glsl_pp_info *in, struct glsl_token_stream *out, struct glsl_log *log)
{
	unsigned errors = log->errors;
	struct glsl_token eof = { .kind = GLSL_TOK_EOF };
	struct pp pp;

	if (pp_init(&pp, in, out, log)) {
		run(&pp);
	} else {
		pp_fatal(&pp, NULL, "out of memory");
	}
	eof.line = pp.lx.line;
	eof.file = pp.lx.file;
	vec_push(&pp, &pp.tokens, &eof);
	out->tokens = pp.tokens.t;
	out->count = pp.tokens.n ? pp.tokens.n - 1 : 0;
	if (!out->version)
		out->version = 100;
	pp_finish(&pp);
	return log->errors == errors && out->tokens ? 0 : -1;
}

void glsl_token_stream_finish(struct glsl_token_stream *s)
{
	free(s->tokens);
	glsl_idents_finish(&s->idents);
	glsl_arena_finish(&s->arena);
	memset(s, 0, sizeof(*s));
}

const char *glsl_token_stream_ident(const struct glsl_token_stream *s, uint32_t id)
{
	return id < s->idents.count ? s->idents.ids[id].name : "";
}

const char *glsl_token_text(const struct glsl_token_stream *s, const struct glsl_token *t,
			    char *buf, size_t size)
{
	const char *sp = glsl_tok_spelling(t->kind);

	if (t->kind == GLSL_TOK_IDENT || t->kind == GLSL_TOK_RESERVED)
		snprintf(buf, size, "%s", glsl_token_stream_ident(s, t->value));
	else if (t->kind == GLSL_TOK_INTCONST)
		snprintf(buf, size, "%d", (int32_t)t->value);
	else if (t->kind == GLSL_TOK_UINTCONST)
		snprintf(buf, size, "%uu", t->value);
	else if (t->kind == GLSL_TOK_FLOATCONST)
		snprintf(buf, size, "%g", (double)t->fval);
	else
		snprintf(buf, size, "%s", sp ? sp : glsl_tok_name(t->kind));
	return buf;
}
