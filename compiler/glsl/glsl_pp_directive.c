/* SPDX-License-Identifier: MIT */
/*
 * The directives, with the GLSL ES rules: what may be defined, where
 * #version and #extension may appear, which pragmas mean something.
 */
#include "glsl_pp_private.h"

#include <stdlib.h>
#include <string.h>

/* The rest of the directive line, unexpanded, into pp->line. */
static void read_line(struct pp *pp)
{
	struct glsl_token t;

	pp->line.n = 0;
	while (!glsl_lex_at_eol(&pp->lx)) {
		glsl_lex(&pp->lx, &t);
		if (!vec_push(pp, &pp->line, &t))
			return;
	}
}

static enum glsl_ppword ppword(struct pp *pp, const struct glsl_token *t)
{
	return t->kind == GLSL_TOK_IDENT ? pp_ident(pp, t)->ppword : PPW_NONE;
}

/* ---- #define / #undef ---------------------------------------------------- */

/* Names the shader may not #define or #undef; false after an error. */
static bool name_allowed(struct pp *pp, const struct glsl_token *t, const char *what)
{
	struct glsl_ident *id;

	if (t->kind != GLSL_TOK_IDENT) {
		pp_error(pp, t, "#%s needs a macro name", what);
		return false;
	}
	id = pp_ident(pp, t);
	if (!strncmp(id->name, "GL_", 3)) {
		pp_error(pp, t, "macro names beginning with 'GL_' are reserved ('%s')", id->name);
		return false;
	}
	if (pp_macro_of(pp, id) && id->macro->predefined) {
		pp_error(pp, t, "cannot %s the predefined macro '%s'", what, id->name);
		return false;
	}
	if (strstr(id->name, "__"))
		pp_warning(pp, t, "macro names containing '__' are reserved ('%s')", id->name);
	return true;
}

/* Parses "(a, b)" at line[1..]; returns the index of the first body token,
 * 0 after an error. */
static uint32_t parse_params(struct pp *pp, struct glsl_pp_macro *m, uint32_t *ids)
{
	const struct tok_vec *l = &pp->line;
	uint32_t i = 2;

	if (i < l->n && l->t[i].kind == GLSL_TOK_RPAREN)
		return i + 1;
	for (;; i += 2) {
		if (i >= l->n || l->t[i].kind != GLSL_TOK_IDENT) {
			pp_error(pp, i < l->n ? &l->t[i] : &l->t[0], "expected a parameter name in #define");
			return 0;
		}
		for (uint32_t j = 0; j < m->nparams; j++)
			if (ids[j] == l->t[i].value) {
				pp_error(pp, &l->t[i], "duplicate macro parameter '%s'", pp_name(pp, ids[j]));
				return 0;
			}
		ids[m->nparams++] = l->t[i].value;
		if (i + 1 < l->n && l->t[i + 1].kind == GLSL_TOK_RPAREN)
			return i + 2;
		if (i + 1 >= l->n || l->t[i + 1].kind != GLSL_TOK_COMMA) {
			pp_error(pp, &l->t[i], "expected ',' or ')' in macro parameters");
			return 0;
		}
	}
}

static int param_index(const struct glsl_pp_macro *m, uint32_t id)
{
	for (uint32_t j = 0; j < m->nparams; j++)
		if (m->params[j] == id)
			return (int)j;
	return -1;
}

/* Copies line[from..] into the body; parameters become GLSL_TOK_PP_PARAM. */
static bool build_body(struct pp *pp, struct glsl_pp_macro *m, uint32_t from)
{
	const struct tok_vec *l = &pp->line;

	m->nbody = l->n - from;
	m->body = glsl_arena_alloc(&pp->out->arena, (size_t)m->nbody * sizeof(*m->body) + 1);
	if (!m->body)
		return false;
	for (uint32_t i = 0; i < m->nbody; i++) {
		struct glsl_token *b = &m->body[i];
		int p;

		*b = l->t[from + i];
		b->flags &= GLSL_TF_SPACE | GLSL_TF_F_SUFFIX | GLSL_TF_U_SUFFIX;
		if (i == 0)
			b->flags &= ~GLSL_TF_SPACE;
		if (b->kind == GLSL_TOK_HASH_HASH)
			pp_error(pp, b, "token pasting (##) is not allowed in GLSL ES");
		if (b->kind == GLSL_TOK_IDENT && (p = param_index(m, b->value)) >= 0) {
			b->kind = GLSL_TOK_PP_PARAM;
			b->value = (uint32_t)p;
		}
	}
	return true;
}

/* The next character of a definition that is not white space or a
 * comment; *space says whether any was skipped. */
static const char *next_sig(const char *p, const char *end, bool *space)
{
	*space = false;
	while (p < end) {
		if (*p == ' ' || *p == '\t' || *p == '\v' || *p == '\f' || *p == '\r' || *p == '\n') {
			p++;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			p = end;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			const char *e = p + 2;

			while (e + 1 < end && !(e[0] == '*' && e[1] == '/'))
				e++;
			p = e + 2 <= end ? e + 2 : end;
		} else {
			return p;
		}
		*space = true;
	}
	return p;
}

/* The definitions as written, ignoring white space and comments: catches
 * what the tokens do not show ("0x1" is not "1"). */
static bool same_text(const char *a, uint32_t alen, const char *b, uint32_t blen)
{
	const char *ae = a + alen, *be = b + blen;
	bool sp;

	a = next_sig(a, ae, &sp);
	b = next_sig(b, be, &sp);
	while (a < ae && b < be && *a == *b) {
		a = next_sig(a + 1, ae, &sp);
		b = next_sig(b + 1, be, &sp);
	}
	return a >= ae && b >= be;
}

/* Redefinition is allowed only with the same parameters and the same
 * replacement list, white-space separation included (C's rule). */
static bool same_macro(const struct glsl_pp_macro *a, const struct glsl_pp_macro *b)
{
	if (a->kind != b->kind || a->nparams != b->nparams || a->nbody != b->nbody)
		return false;
	if (a->nparams && memcmp(a->params, b->params, a->nparams * sizeof(*a->params)))
		return false;
	for (uint32_t i = 0; i < a->nbody; i++) {
		const struct glsl_token *x = &a->body[i], *y = &b->body[i];

		if (x->kind != y->kind || x->value != y->value ||
		    (x->flags & GLSL_TF_SPACE) != (y->flags & GLSL_TF_SPACE))
			return false;
	}
	return same_text(a->text, a->text_len, b->text, b->text_len);
}

static struct glsl_pp_macro *new_macro(struct pp *pp, uint32_t max_params)
{
	struct glsl_pp_macro *m = glsl_arena_alloc(&pp->out->arena, sizeof(*m));

	if (!m)
		return NULL;
	memset(m, 0, sizeof(*m));
	m->params = glsl_arena_alloc(&pp->out->arena, (size_t)max_params * sizeof(uint32_t) + 1);
	return m->params ? m : NULL;
}

/* Object- or function-like ('(' right after the name); returns the index
 * of the first body token, 0 after an error. */
static uint32_t define_shape(struct pp *pp, struct glsl_pp_macro *m)
{
	const struct tok_vec *l = &pp->line;

	if (l->n > 1 && l->t[1].kind == GLSL_TOK_LPAREN && !(l->t[1].flags & GLSL_TF_SPACE)) {
		m->kind = PP_MACRO_FUNCTION;
		return parse_params(pp, m, m->params);
	}
	return 1;
}

static void do_define(struct pp *pp)
{
	const struct tok_vec *l = &pp->line;
	struct glsl_pp_macro *m;
	struct glsl_ident *id;
	uint32_t from = 1;

	if (!l->n) {
		pp_error(pp, NULL, "#define needs a macro name");
		return;
	}
	if (!name_allowed(pp, &l->t[0], "define"))
		return;
	m = new_macro(pp, l->n);
	if (!m || !(from = define_shape(pp, m)) || !build_body(pp, m, from)) {
		if (!m || from)
			pp_fatal(pp, &l->t[0], "out of memory");
		return;
	}
	m->text = pp->define_text;
	m->text_len = (uint32_t)(pp->lx.p - pp->define_text);
	id = pp_ident(pp, &l->t[0]);
	if (id->macro && !same_macro(id->macro, m))
		pp_error(pp, &l->t[0], "macro '%s' redefined differently", id->name);
	else if (!id->macro)
		id->macro = m;
}

static void do_undef(struct pp *pp)
{
	const struct tok_vec *l = &pp->line;

	if (!l->n)
		pp_error(pp, NULL, "#undef needs a macro name");
	else if (l->n > 1)
		pp_error(pp, &l->t[1], "extra tokens after #undef");
	else if (name_allowed(pp, &l->t[0], "undef"))
		pp_ident(pp, &l->t[0])->macro = NULL;
}

/* ---- conditionals -------------------------------------------------------- */

static void update_skipping(struct pp *pp)
{
	pp->skipping = pp->ncond && pp->cond[pp->ncond - 1].state != COND_ACTIVE;
}

static void push_cond(struct pp *pp, const struct glsl_token *at, enum pp_cond_state state)
{
	struct pp_cond *c;

	if (pp->ncond >= pp->lim.max_if_depth) {
		pp_fatal(pp, at, "#if nested too deeply (limit %u)", pp->lim.max_if_depth);
		return;
	}
	if (!pp->cond) {
		pp->cond = malloc((size_t)pp->lim.max_if_depth * sizeof(*pp->cond));
		if (!pp->cond) {
			pp_fatal(pp, at, "out of memory");
			return;
		}
	}
	c = &pp->cond[pp->ncond++];
	c->state = (uint8_t)state;
	c->seen_else = false;
	c->line = at->line;
	c->col = at->col;
	c->file = at->file;
	update_skipping(pp);
}

static bool eval_line(struct pp *pp, const struct glsl_token *at)
{
	int32_t v = 0;

	read_line(pp);
	if (!pp->line.n) {
		pp_error(pp, at, "#%s without an expression", pp_name(pp, at->value));
		return false;
	}
	return pp_eval_if(pp, at, &v) && v != 0;
}

/* #ifdef NAME / #ifndef NAME: exactly one identifier, not expanded. */
static bool eval_defined(struct pp *pp, const struct glsl_token *at)
{
	read_line(pp);
	if (!pp->line.n || pp->line.t[0].kind != GLSL_TOK_IDENT) {
		pp_error(pp, at, "#%s needs a macro name", pp_name(pp, at->value));
		return false;
	}
	if (pp->line.n > 1)
		pp_error(pp, &pp->line.t[1], "extra tokens after #%s", pp_name(pp, at->value));
	return pp_macro_of(pp, pp_ident(pp, &pp->line.t[0])) != NULL;
}

static void do_if(struct pp *pp, const struct glsl_token *at, enum glsl_ppword w)
{
	bool v;

	if (pp->skipping) {
		push_cond(pp, at, COND_DEAD);
		return;
	}
	if (w == PPW_IF)
		v = eval_line(pp, at);
	else
		v = eval_defined(pp, at) == (w == PPW_IFDEF);
	push_cond(pp, at, v ? COND_ACTIVE : COND_SEEKING);
}

static struct pp_cond *top_cond(struct pp *pp, const struct glsl_token *at)
{
	if (!pp->ncond) {
		pp_error(pp, at, "#%s without #if", pp_name(pp, at->value));
		return NULL;
	}
	return &pp->cond[pp->ncond - 1];
}

static void no_more_tokens(struct pp *pp, const struct glsl_token *at)
{
	if (!glsl_lex_at_eol(&pp->lx)) {
		struct glsl_token t;

		glsl_lex(&pp->lx, &t);
		pp_error(pp, &t, "extra tokens after #%s", pp_name(pp, at->value));
	}
}

static void do_elif(struct pp *pp, const struct glsl_token *at)
{
	struct pp_cond *c = top_cond(pp, at);

	if (!c)
		return;
	if (c->seen_else)
		pp_error(pp, at, "#elif after #else");
	if (c->state == COND_ACTIVE)
		c->state = COND_DONE;
	else if (c->state == COND_SEEKING && eval_line(pp, at))
		c->state = COND_ACTIVE;
	update_skipping(pp);
}

static void do_else(struct pp *pp, const struct glsl_token *at)
{
	struct pp_cond *c = top_cond(pp, at);

	if (!c)
		return;
	if (c->state != COND_DEAD)
		no_more_tokens(pp, at);
	if (c->seen_else)
		pp_error(pp, at, "#else after #else");
	c->seen_else = true;
	if (c->state == COND_ACTIVE)
		c->state = COND_DONE;
	else if (c->state == COND_SEEKING)
		c->state = COND_ACTIVE;
	update_skipping(pp);
}

static void do_endif(struct pp *pp, const struct glsl_token *at)
{
	struct pp_cond *c = top_cond(pp, at);

	if (!c)
		return;
	if (c->state != COND_DEAD)
		no_more_tokens(pp, at);
	pp->ncond--;
	update_skipping(pp);
}

/* ---- #version ------------------------------------------------------------ */

static unsigned parse_version(struct pp *pp, const struct glsl_token *at)
{
	const struct tok_vec *l = &pp->line;
	bool es = l->n > 1 && ppword(pp, &l->t[1]) == PPW_ES;

	if (!l->n || l->t[0].kind != GLSL_TOK_INTCONST) {
		pp_error(pp, at, "#version needs a version number");
		return 0;
	}
	if (l->n > 1u + es) {
		pp_error(pp, &l->t[1u + es], "extra tokens after #version");
		return 0;
	}
	if (l->t[0].value == 100 && !es)
		return 100;
	if ((l->t[0].value == 300 || l->t[0].value == 310 || l->t[0].value == 320) && es)
		return l->t[0].value;
	if (l->t[0].value == 300 || l->t[0].value == 310 || l->t[0].value == 320 ||
	    l->t[0].value == 100)
		pp_error(pp, &l->t[0], "invalid version: use '#version 100', '#version 300 es', "
			 "'#version 310 es' or '#version 320 es'");
	else
		pp_error(pp, &l->t[0], "GLSL %s%u is not supported (only ES 1.00, 3.00, 3.10 "
			 "and 3.20)", es ? "ES " : "", l->t[0].value);
	return 0;
}

/* #version may follow only blanks and comments (Mesa's rule: piglit puts a
 * comment header first). */
static void do_version(struct pp *pp, const struct glsl_token *at)
{
	unsigned v;

	if (pp->seen_token) {
		pp_error(pp, at, "#version must come before anything else in the shader");
		return;
	}
	pp->seen_token = true;
	read_line(pp);
	v = parse_version(pp, at);
	pp->out->version_explicit = true;
	pp_set_version(pp, v ? v : 100, at);
}

/* ---- #extension ---------------------------------------------------------- */

static int find_ext(const struct pp *pp, const char *name)
{
	for (unsigned i = 0; i < pp->out->num_ext; i++)
		if (!strcmp(pp->out->ext_names[i], name))
			return (int)i;
	return -1;
}

static enum glsl_ext_behavior behavior_of(enum glsl_ppword w)
{
	return w == PPW_REQUIRE ? GLSL_EXT_REQUIRE : w == PPW_ENABLE ? GLSL_EXT_ENABLE :
	       w == PPW_WARN ? GLSL_EXT_WARN : GLSL_EXT_DISABLE;
}

/* GL_ANDROID_extension_pack_es31a's parts that have GLSL (its §"Additions
 * to the OpenGL ES Shading Language"): #extension of the pack is #extension
 * of each. */
static const char *const android_pack_parts[] = {
	"GL_KHR_blend_equation_advanced", "GL_OES_sample_variables",
	"GL_OES_shader_image_atomic", "GL_OES_shader_multisample_interpolation",
	"GL_OES_texture_storage_multisample_2d_array", "GL_EXT_geometry_shader",
	"GL_EXT_gpu_shader5", "GL_EXT_primitive_bounding_box", "GL_EXT_shader_io_blocks",
	"GL_EXT_tessellation_shader", "GL_EXT_texture_buffer", "GL_EXT_texture_cube_map_array",
};

static void set_pack_parts(struct pp *pp, const char *name, enum glsl_ext_behavior b)
{
	if (strcmp(name, "GL_ANDROID_extension_pack_es31a"))
		return;
	for (unsigned k = 0; k < sizeof(android_pack_parts) / sizeof(android_pack_parts[0]); k++) {
		int i = find_ext(pp, android_pack_parts[k]);

		if (i >= 0)
			pp->out->ext_behavior[i] = b;
	}
}

static void set_extension(struct pp *pp, const struct glsl_token *name, enum glsl_ppword w)
{
	const char *n = pp_name(pp, name->value);
	enum glsl_ext_behavior b = behavior_of(w);
	int i;

	if (ppword(pp, name) == PPW_ALL) {
		if (b == GLSL_EXT_REQUIRE || b == GLSL_EXT_ENABLE) {
			pp_error(pp, name, "'all' cannot be used with '%s'",
						b == GLSL_EXT_REQUIRE ? "require" : "enable");
			return;
		}
		for (unsigned j = 0; j < pp->out->num_ext; j++)
			pp->out->ext_behavior[j] = b;
		return;
	}
	i = find_ext(pp, n);
	if (i >= 0) {
		pp->out->ext_behavior[i] = b;
		set_pack_parts(pp, n, b);
	} else if (b == GLSL_EXT_REQUIRE)
		pp_error(pp, name, "extension '%s' is not supported", n);
	else
		pp_warning(pp, name, "extension '%s' is not supported", n);
}

/* #extension name : behavior, not macro-expanded (dEQP's macro_exp). */
static void do_extension(struct pp *pp, const struct glsl_token *at)
{
	const struct tok_vec *l = &pp->line;
	enum glsl_ppword w;

	read_line(pp);
	if (l->n != 3 || l->t[0].kind != GLSL_TOK_IDENT || l->t[1].kind != GLSL_TOK_COLON ||
	    ((w = ppword(pp, &l->t[2])) != PPW_REQUIRE && w != PPW_ENABLE && w != PPW_WARN &&
	     w != PPW_DISABLE)) {
		pp_error(pp, at, "#extension must be 'name : require|enable|warn|disable'");
		return;
	}
	if (pp->seen_code) {
		pp_error(pp, at, "#extension must come before any non-preprocessor token");
		return;
	}
	set_extension(pp, &l->t[0], w);
}

/* ---- #pragma ------------------------------------------------------------- */

/* line[i..] is exactly "word ( arg )": returns arg's ppword, else NONE. */
static enum glsl_ppword pragma_call(struct pp *pp, uint32_t i, enum glsl_ppword word)
{
	const struct tok_vec *l = &pp->line;

	if (l->n != i + 4 || ppword(pp, &l->t[i]) != word || l->t[i + 1].kind != GLSL_TOK_LPAREN ||
	    l->t[i + 3].kind != GLSL_TOK_RPAREN)
		return PPW_NONE;
	return ppword(pp, &l->t[i + 2]);
}

/* Unknown pragmas are ignored, as the spec says; none is macro-expanded. */
static void do_pragma(struct pp *pp, const struct glsl_token *at)
{
	enum glsl_ppword a;

	read_line(pp);
	if (!pp->line.n)
		return;
	if (ppword(pp, &pp->line.t[0]) == PPW_STDGL) {
		if (pragma_call(pp, 1, PPW_INVARIANT) != PPW_ALL)
			return;
		if (pp->version >= 300 && pp->in->stage == GLSL_STAGE_FRAGMENT) {
			pp_error(pp, at, "#pragma STDGL invariant(all) is not allowed in a "
					       "GLSL ES 3.00 fragment shader");
			return;
		}
		pp->out->invariant_all = true;
		pp->out->invariant_all_at = pp->tokens.n;
	} else if ((a = pragma_call(pp, 0, PPW_OPTIMIZE)) == PPW_ON || a == PPW_OFF) {
		pp->out->optimize_off = a == PPW_OFF;
	} else if ((a = pragma_call(pp, 0, PPW_DEBUG)) == PPW_ON || a == PPW_OFF) {
		pp->out->debug_on = a == PPW_ON;
	}
}

/* ---- #line, #error ------------------------------------------------------- */

/* #line line [source]: macro-expanded; the next line gets number 'line'. */
static void do_line(struct pp *pp, const struct glsl_token *at)
{
	struct glsl_token v[3];
	uint32_t n = 0, base = pp->nctx, floor;

	read_line(pp);
	floor = pp_push_list(pp, pp->line.t, pp->line.n);
	if (!floor)
		return;
	while (n < 3 && pp_next(pp, floor, &v[n]) > 0)
		n++;
	pp_pop_to(pp, base);
	if (n < 1 || n > 2 || v[0].kind != GLSL_TOK_INTCONST || (n == 2 && v[1].kind != GLSL_TOK_INTCONST)) {
		pp_error(pp, at, "#line must be followed by one or two integers");
		return;
	}
	pp->lx.line = v[0].value - 1;
	if (n == 2)
		pp->lx.file = v[1].value > UINT16_MAX ? UINT16_MAX : (uint16_t)v[1].value;
}

static void do_error(struct pp *pp, const struct glsl_token *at)
{
	size_t len;
	const char *msg = glsl_lex_rest_of_line(&pp->lx, &len);

	pp_error(pp, at, "#error %.*s", (int)(len > 200 ? 200 : len), msg);
}

/* ---- dispatch ------------------------------------------------------------ */

static void run_directive(struct pp *pp, const struct glsl_token *name, enum glsl_ppword w)
{
	switch (w) {
	case PPW_DEFINE:
		pp->define_text = pp->lx.p;
		read_line(pp);
		do_define(pp);
		break;
	case PPW_UNDEF: read_line(pp); do_undef(pp); break;
	case PPW_VERSION: do_version(pp, name); break;
	case PPW_EXTENSION: do_extension(pp, name); break;
	case PPW_PRAGMA: do_pragma(pp, name); break;
	case PPW_LINE: do_line(pp, name); break;
	case PPW_ERROR: do_error(pp, name); break;
	default:
		pp_error(pp, name, "unknown directive #%s", pp_name(pp, name->value));
		break;
	}
}

static void note_not_version(struct pp *pp, const struct glsl_token *at)
{
	pp->seen_token = true;
	if (!pp->version)
		pp_set_version(pp, 100, at);
}

void pp_directive(struct pp *pp, const struct glsl_token *hash)
{
	struct glsl_token name;
	enum glsl_ppword w;

	if (glsl_lex_at_eol(&pp->lx)) {
		if (!pp->skipping)
			note_not_version(pp, hash);
		return;
	}
	glsl_lex(&pp->lx, &name);
	w = ppword(pp, &name);
	if (!pp->skipping && w != PPW_VERSION)
		note_not_version(pp, hash);
	switch (w) {
	case PPW_IF: case PPW_IFDEF: case PPW_IFNDEF: do_if(pp, &name, w); break;
	case PPW_ELIF: do_elif(pp, &name); break;
	case PPW_ELSE: do_else(pp, &name); break;
	case PPW_ENDIF: do_endif(pp, &name); break;
	default:
		if (!pp->skipping && name.kind != GLSL_TOK_IDENT)
			pp_error(pp, &name, "invalid directive");
		else if (!pp->skipping)
			run_directive(pp, &name, w);
		break;
	}
	glsl_lex_skip_line(&pp->lx);
}
