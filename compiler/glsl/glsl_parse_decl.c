/* SPDX-License-Identifier: MIT */
/*
 * Declarations: qualifiers (with the ES order and per-context rules),
 * type specifiers, structs, declarator lists, functions, precision
 * statements, `invariant` redeclarations and 3.00 uniform blocks and
 * default layouts.
 */
#include <string.h>

#include "glsl_parse_private.h"
#include "glsl_types.h"

enum qctx {
	QCTX_GLOBAL,
	QCTX_LOCAL,
	QCTX_PARAM,
	QCTX_MEMBER,        /* struct member */
	QCTX_BLOCK_MEMBER,  /* uniform block member */
};

/* ES 3.00 §4.7 / ES 1.00 grammar: layout, invariant, interpolation,
 * (centroid) storage, precision, each at most once and in this order
 * (ES 3.10 drops the order, not the once: qualifier_once);
 * `const in` is the one pair of storage words (parameters). The memory
 * qualifiers of ES 3.10 (§4.9) go anywhere (rank -1: not ordered). */
static int qual_rank(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_KW_COHERENT: case GLSL_TOK_KW_VOLATILE: case GLSL_TOK_KW_RESTRICT:
	case GLSL_TOK_KW_READONLY: case GLSL_TOK_KW_WRITEONLY: case GLSL_TOK_KW_PRECISE:
		return -1;
	case GLSL_TOK_KW_LAYOUT: return 0;
	case GLSL_TOK_KW_INVARIANT: return 1;
	case GLSL_TOK_KW_SMOOTH: case GLSL_TOK_KW_FLAT: return 2;
	case GLSL_TOK_KW_CENTROID: case GLSL_TOK_KW_PATCH: case GLSL_TOK_KW_SAMPLE: return 3;
	case GLSL_TOK_KW_CONST: return 4;
	case GLSL_TOK_KW_LOWP: case GLSL_TOK_KW_MEDIUMP: case GLSL_TOK_KW_HIGHP: return 6;
	default: return 5;
	}
}

static uint32_t qual_bit(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_KW_CONST: return GLSL_Q_CONST;
	case GLSL_TOK_KW_IN: return GLSL_Q_IN;
	case GLSL_TOK_KW_OUT: return GLSL_Q_OUT;
	case GLSL_TOK_KW_INOUT: return GLSL_Q_INOUT;
	case GLSL_TOK_KW_UNIFORM: return GLSL_Q_UNIFORM;
	case GLSL_TOK_KW_ATTRIBUTE: return GLSL_Q_ATTRIBUTE;
	case GLSL_TOK_KW_VARYING: return GLSL_Q_VARYING;
	case GLSL_TOK_KW_CENTROID: return GLSL_Q_CENTROID;
	case GLSL_TOK_KW_FLAT: return GLSL_Q_FLAT;
	case GLSL_TOK_KW_SMOOTH: return GLSL_Q_SMOOTH;
	case GLSL_TOK_KW_INVARIANT: return GLSL_Q_INVARIANT;
	case GLSL_TOK_KW_LAYOUT: return GLSL_Q_LAYOUT;
	case GLSL_TOK_KW_BUFFER: return GLSL_Q_BUFFER;
	case GLSL_TOK_KW_SHARED: return GLSL_Q_SHARED;
	case GLSL_TOK_KW_COHERENT: return GLSL_Q_COHERENT;
	case GLSL_TOK_KW_VOLATILE: return GLSL_Q_VOLATILE;
	case GLSL_TOK_KW_RESTRICT: return GLSL_Q_RESTRICT;
	case GLSL_TOK_KW_READONLY: return GLSL_Q_READONLY;
	case GLSL_TOK_KW_WRITEONLY: return GLSL_Q_WRITEONLY;
	case GLSL_TOK_KW_PRECISE: return GLSL_Q_PRECISE;
	case GLSL_TOK_KW_PATCH: return GLSL_Q_PATCH;
	case GLSL_TOK_KW_SAMPLE: return GLSL_Q_SAMPLE;
	default: return 0;
	}
}

/* The layout identifiers: the version they come in, and where the value of
 * those that take one (`= N`) goes (-1: none). */
enum layout_value { LV_NONE, LV_LOCATION, LV_BINDING, LV_OFFSET, LV_SIZE_X, LV_SIZE_Y, LV_SIZE_Z,
		    LV_MAX_VERTICES, LV_INVOCATIONS, LV_VERTICES };

static const struct {
	const char *name;
	uint32_t bit;
	uint16_t version;
	uint8_t value;   /* enum layout_value */
} layout_ids[] = {
	{ "location", GLSL_LAYOUT_LOCATION, 300, LV_LOCATION },
	{ "shared", GLSL_LAYOUT_SHARED, 300, LV_NONE },
	{ "packed", GLSL_LAYOUT_PACKED, 300, LV_NONE },
	{ "std140", GLSL_LAYOUT_STD140, 300, LV_NONE },
	{ "row_major", GLSL_LAYOUT_ROW_MAJOR, 300, LV_NONE },
	{ "column_major", GLSL_LAYOUT_COLUMN_MAJOR, 300, LV_NONE },
	{ "std430", GLSL_LAYOUT_STD430, 310, LV_NONE },
	{ "binding", GLSL_LAYOUT_BINDING, 310, LV_BINDING },
	{ "offset", GLSL_LAYOUT_OFFSET, 310, LV_OFFSET },
	{ "local_size_x", GLSL_LAYOUT_LOCAL_SIZE_X, 310, LV_SIZE_X },
	{ "local_size_y", GLSL_LAYOUT_LOCAL_SIZE_Y, 310, LV_SIZE_Y },
	{ "local_size_z", GLSL_LAYOUT_LOCAL_SIZE_Z, 310, LV_SIZE_Z },
	{ "max_vertices", GLSL_LAYOUT_MAX_VERTICES, 310, LV_MAX_VERTICES },
	{ "invocations", GLSL_LAYOUT_INVOCATIONS, 310, LV_INVOCATIONS },
	{ "vertices", GLSL_LAYOUT_VERTICES, 310, LV_VERTICES },
	{ "early_fragment_tests", GLSL_LAYOUT_EARLY_FRAGMENT_TESTS, 310, LV_NONE },
};

#define NR_LAYOUT_IDS (sizeof(layout_ids) / sizeof(layout_ids[0]))

/* Layout identifiers are case-sensitive in ES (unlike desktop GLSL). */
static int layout_index(const char *name, unsigned version)
{
	for (unsigned i = 0; i < NR_LAYOUT_IDS; i++)
		if (!strcmp(name, layout_ids[i].name) && version >= layout_ids[i].version)
			return (int)i;
	return -1;
}

static bool layout_value(struct glsl_parser *p, struct glsl_ast_qual *q, enum layout_value lv,
			 const char *name)
{
	uint32_t v;

	if (!glsl_parse_expect(p, GLSL_TOK_ASSIGN))
		return false;
	if (!at(p, GLSL_TOK_INTCONST) && !at(p, GLSL_TOK_UINTCONST)) {
		glsl_parse_error(p, p->tok, "'%s' needs an integer literal", name);
		return false;
	}
	v = glsl_parse_next(p)->value;
	if (lv == LV_LOCATION)
		q->location = (int32_t)v;
	else if (lv == LV_BINDING)
		q->binding = (int32_t)v;
	else if (lv == LV_OFFSET)
		q->offset = (int32_t)v;
	else if (lv == LV_MAX_VERTICES)
		q->max_vertices = v;
	else if (lv == LV_INVOCATIONS)
		q->invocations = v;
	else if (lv == LV_VERTICES)
		q->vertices = v;
	else
		q->local_size[lv - LV_SIZE_X] = v;
	return true;
}

/* The name of a layout identifier: `shared` is a keyword in ES 3.10. */
static const char *layout_name(struct glsl_parser *p)
{
	if (at(p, GLSL_TOK_KW_SHARED)) {
		glsl_parse_next(p);
		return "shared";
	}
	if (!at(p, GLSL_TOK_IDENT)) {
		glsl_parse_unexpected(p, "a layout qualifier name");
		return NULL;
	}
	return glsl_parse_name(p, glsl_parse_next(p)->value);
}

/* The image format qualifiers of ES 3.10 §4.4.7, by name; NV_image_formats'
 * (from rg32f on) under its #extension. */
static const struct {
	const char *name;
	enum vc_format format;
} image_formats[] = {
	{ "rgba32f", VC_FMT_RGBA32F }, { "rgba16f", VC_FMT_RGBA16F }, { "r32f", VC_FMT_R32F },
	{ "rgba8", VC_FMT_RGBA8 }, { "rgba8_snorm", VC_FMT_RGBA8_SNORM },
	{ "rgba32i", VC_FMT_RGBA32I }, { "rgba16i", VC_FMT_RGBA16I }, { "rgba8i", VC_FMT_RGBA8I },
	{ "r32i", VC_FMT_R32I }, { "rgba32ui", VC_FMT_RGBA32UI }, { "rgba16ui", VC_FMT_RGBA16UI },
	{ "rgba8ui", VC_FMT_RGBA8UI }, { "r32ui", VC_FMT_R32UI },
	{ "rg32f", VC_FMT_RG32F }, { "rg16f", VC_FMT_RG16F }, { "r16f", VC_FMT_R16F },
	{ "rg32i", VC_FMT_RG32I }, { "rg32ui", VC_FMT_RG32UI },
	{ "r11f_g11f_b10f", VC_FMT_R11F_G11F_B10F }, { "rgba16", VC_FMT_RGBA16 },
	{ "rgb10_a2", VC_FMT_RGB10_A2 }, { "rg16", VC_FMT_RG16 }, { "rg8", VC_FMT_RG8 },
	{ "r16", VC_FMT_R16 }, { "r8", VC_FMT_R8 }, { "rgba16_snorm", VC_FMT_RGBA16_SNORM },
	{ "rg16_snorm", VC_FMT_RG16_SNORM }, { "rg8_snorm", VC_FMT_RG8_SNORM },
	{ "r16_snorm", VC_FMT_R16_SNORM }, { "r8_snorm", VC_FMT_R8_SNORM },
	{ "rg16i", VC_FMT_RG16I }, { "rg8i", VC_FMT_RG8I }, { "r16i", VC_FMT_R16I },
	{ "r8i", VC_FMT_R8I }, { "rgb10_a2ui", VC_FMT_RGB10_A2UI }, { "rg16ui", VC_FMT_RG16UI },
	{ "rg8ui", VC_FMT_RG8UI }, { "r16ui", VC_FMT_R16UI }, { "r8ui", VC_FMT_R8UI },
};

/* Whether #extension enabled `name` (any behaviour but disable). */
static bool ext_enabled(const struct glsl_parser *p, const char *name)
{
	for (unsigned i = 0; i < p->toks->num_ext; i++)
		if (!strcmp(p->toks->ext_names[i], name))
			return p->toks->ext_behavior[i] != GLSL_EXT_DISABLE;
	return false;
}

static bool image_format_id(struct glsl_parser *p, const char *name, struct glsl_ast_qual *q)
{
	for (size_t i = 0; p->version >= 310 && i < sizeof(image_formats) / sizeof(image_formats[0]);
	     i++) {
		if (image_formats[i].format >= VC_FMT_RG32F &&
		    !ext_enabled(p, "GL_NV_image_formats"))
			break;
		if (!strcmp(name, image_formats[i].name)) {
			q->layout |= GLSL_LAYOUT_FORMAT;
			q->format = (uint8_t)image_formats[i].format;
			return true;
		}
	}
	return false;
}

/* The primitive names of a geometry shader's layout(...) in / out
 * (EXT_geometry_shader §4.4.1.2, 4.4.2.2); sema checks which side takes which. */
static const char *const prim_names[] = {
	[GLSL_PRIM_POINTS] = "points", [GLSL_PRIM_LINES] = "lines",
	[GLSL_PRIM_LINES_ADJACENCY] = "lines_adjacency", [GLSL_PRIM_TRIANGLES] = "triangles",
	[GLSL_PRIM_TRIANGLES_ADJACENCY] = "triangles_adjacency",
	[GLSL_PRIM_LINE_STRIP] = "line_strip", [GLSL_PRIM_TRIANGLE_STRIP] = "triangle_strip",
};

static bool primitive_id(struct glsl_parser *p, const char *name, struct glsl_ast_qual *q)
{
	for (unsigned i = GLSL_PRIM_POINTS; p->version >= 310 && i <= GLSL_PRIM_TRIANGLE_STRIP; i++) {
		if (!strcmp(name, prim_names[i])) {
			q->layout |= GLSL_LAYOUT_PRIMITIVE;
			q->prim = (uint8_t)i;
			return true;
		}
	}
	return false;
}

/* A tessellation evaluation shader's words (EXT_tessellation_shader
 * §4.4.1.1; `triangles` is primitive_id's); sema checks the stage. */
static bool tess_id(struct glsl_parser *p, const char *name, struct glsl_ast_qual *q)
{
	static const struct { const char *name; uint8_t bit; } words[] = {
		{ "quads", GLSL_TESS_QUADS }, { "isolines", GLSL_TESS_ISOLINES },
		{ "equal_spacing", GLSL_TESS_EQUAL },
		{ "fractional_even_spacing", GLSL_TESS_FRACTIONAL_EVEN },
		{ "fractional_odd_spacing", GLSL_TESS_FRACTIONAL_ODD },
		{ "cw", GLSL_TESS_CW }, { "ccw", GLSL_TESS_CCW }, { "point_mode", GLSL_TESS_POINT_MODE },
	};

	for (size_t i = 0; p->version >= 310 && i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcmp(name, words[i].name)) {
			q->layout |= GLSL_LAYOUT_TESS;
			q->tess |= words[i].bit;
			return true;
		}
	}
	return false;
}

/* KHR_blend_equation_advanced's `layout(blend_support_multiply, ...) out;`
 * (GLSL ES 3.00 and later; sema checks the stage and the #extension). The
 * bits are enum vc_advanced_blend's (1 << VC_BLEND_MULTIPLY...). */
static bool blend_support_id(struct glsl_parser *p, const char *name, struct glsl_ast_qual *q)
{
	static const char *const words[] = {
		"multiply", "screen", "overlay", "darken", "lighten", "colordodge", "colorburn",
		"hardlight", "softlight", "difference", "exclusion", "hsl_hue", "hsl_saturation",
		"hsl_color", "hsl_luminosity",
	};
	const char *w = name + strlen("blend_support_");

	if (p->version < 300 || strncmp(name, "blend_support_", strlen("blend_support_")))
		return false;
	q->layout |= GLSL_LAYOUT_BLEND_SUPPORT;
	if (!strcmp(w, "all_equations")) {
		q->blend_support |= GLSL_BLEND_SUPPORT_ALL;
		return true;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcmp(w, words[i])) {
			q->blend_support |= 2u << i;
			return true;
		}
	}
	return false;
}

/* Layout words that exclude each other: a later one overrides an earlier
 * one (ES 3.00 §4.3.8.3, and across repeated layout(...) in 3.10). */
static uint32_t layout_overridden(uint32_t bit)
{
	const uint32_t packing = GLSL_LAYOUT_SHARED | GLSL_LAYOUT_PACKED | GLSL_LAYOUT_STD140 |
				 GLSL_LAYOUT_STD430;
	const uint32_t matrix = GLSL_LAYOUT_ROW_MAJOR | GLSL_LAYOUT_COLUMN_MAJOR;

	return bit & packing ? packing : bit & matrix ? matrix : 0;
}

static bool layout_id(struct glsl_parser *p, struct glsl_ast_qual *q)
{
	const struct glsl_token *t = p->tok;
	const char *name = layout_name(p);
	int i = name ? layout_index(name, p->version) : -1;

	if (!name)
		return false;
	if (i < 0 && (image_format_id(p, name, q) || primitive_id(p, name, q) ||
		      tess_id(p, name, q) || blend_support_id(p, name, q)))
		return true;
	if (i < 0) {
		glsl_parse_error(p, t, "unknown layout qualifier '%s'%s", name,
				 layout_index(name, 310) >= 0 ? " (GLSL ES 3.10)" : "");
		return false;
	}
	q->layout = (q->layout & ~layout_overridden(layout_ids[i].bit)) | layout_ids[i].bit;
	if (layout_ids[i].value != LV_NONE)
		return layout_value(p, q, (enum layout_value)layout_ids[i].value, name);
	if (at(p, GLSL_TOK_ASSIGN)) {
		glsl_parse_error(p, p->tok, "layout qualifier '%s' takes no value", name);
		return false;
	}
	return true;
}

static bool layout_qualifier(struct glsl_parser *p, struct glsl_ast_qual *q)
{
	if (!glsl_parse_expect(p, GLSL_TOK_LPAREN))
		return false;
	do {
		if (!layout_id(p, q))
			return false;
	} while (glsl_parse_accept(p, GLSL_TOK_COMMA));
	return glsl_parse_expect(p, GLSL_TOK_RPAREN);
}

static bool qualifier_repeated(struct glsl_parser *p, const struct glsl_token *t,
			       const struct glsl_token *prev)
{
	int r = qual_rank(t->kind);

	if (r == 5 || (r == 3 && t->kind != prev->kind))
		glsl_parse_error(p, t, "conflicting %s qualifiers '%s' and '%s'",
				 r == 5 ? "storage" : "auxiliary",
				 glsl_tok_spelling(prev->kind), glsl_tok_spelling(t->kind));
	else
		glsl_parse_error(p, t, "duplicate %squalifier '%s'",
				 r == 6 ? "precision " : r == 2 ? "interpolation " : "",
				 glsl_tok_spelling(t->kind));
	return false;
}

/* ES 3.00 (and 1.00): each kind at most once, in qual_rank's order. */
static bool qualifier_order(struct glsl_parser *p, const struct glsl_token *t,
			    const struct glsl_token *prev)
{
	int r = qual_rank(t->kind), pr = prev ? qual_rank(prev->kind) : -1;

	if (r > pr || r < 0)
		return true;
	if (r == pr)
		return qualifier_repeated(p, t, prev);
	glsl_parse_error(p, t, "qualifier '%s' must come before '%s'",
			 glsl_tok_spelling(t->kind), glsl_tok_spelling(prev->kind));
	return false;
}

/* ES 3.10 §4.10: any order, but still each kind at most once; only
 * layout(...) may repeat (a later value overrides an earlier one). */
static bool qualifier_once(struct glsl_parser *p, const struct glsl_token *t,
			   const struct glsl_token *seen[7])
{
	int r = qual_rank(t->kind);

	if (r <= 0)
		return true;
	if (seen[r])
		return qualifier_repeated(p, t, seen[r]);
	seen[r] = t;
	return true;
}

static bool one_qualifier(struct glsl_parser *p, struct glsl_ast_qual *q)
{
	const struct glsl_token *t = glsl_parse_next(p);

	if (glsl_parse_is_precision(t->kind)) {
		q->precision = t->kind;
		return true;
	}
	q->storage |= qual_bit(t->kind);
	if (t->kind == GLSL_TOK_KW_LAYOUT)
		return layout_qualifier(p, q);
	if (t->kind == GLSL_TOK_KW_CENTROID && p->version < 310 &&
	    !at(p, GLSL_TOK_KW_IN) && !at(p, GLSL_TOK_KW_OUT)) {
		glsl_parse_unexpected(p, "'in' or 'out' after 'centroid'");
		return false;
	}
	return true;
}

/* In 3.10 `centroid` may stand anywhere among the qualifiers, but still
 * qualifies only an in or out. */
static bool centroid_has_inout(struct glsl_parser *p, const struct glsl_ast_qual *q,
			       const struct glsl_token *centroid)
{
	if (!centroid || (q->storage & (GLSL_Q_IN | GLSL_Q_OUT)))
		return true;
	glsl_parse_error(p, centroid, "'centroid' qualifies only 'in' or 'out'");
	return false;
}

static bool next_qualifier(struct glsl_parser *p, struct glsl_ast_qual *q,
			   const struct glsl_token *seen[7], const struct glsl_token **prev)
{
	if (p->version >= 310 ? !qualifier_once(p, p->tok, seen) :
				!qualifier_order(p, p->tok, *prev))
		return false;
	if (qual_rank(p->tok->kind) >= 0)
		*prev = p->tok;
	return one_qualifier(p, q);
}

/* The qualifiers in front of a type; first/last give their tokens. */
static bool qualifiers(struct glsl_parser *p, struct glsl_ast_qual *q,
		       const struct glsl_token **first)
{
	const struct glsl_token *prev = NULL, *seen[7] = { NULL };
	bool any = false;

	*first = p->tok;
	q->loc = glsl_parse_loc(p->tok);
	while (glsl_parse_is_qualifier(pk(p))) {
		any = true;
		if (!next_qualifier(p, q, seen, &prev))
			return false;
	}
	if (!any)
		q->loc = (struct glsl_loc){ 0 };
	return centroid_has_inout(p, q, seen[3]);
}

static const uint32_t storage_mask = GLSL_Q_CONST | GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_INOUT |
	GLSL_Q_UNIFORM | GLSL_Q_ATTRIBUTE | GLSL_Q_VARYING | GLSL_Q_BUFFER | GLSL_Q_SHARED;

/* Which qualifiers each context may carry (ES 1.00 / 3.00 / 3.10 grammars;
 * the 3.10 words are keywords only there). */
static uint32_t allowed_quals(const struct glsl_parser *p, enum qctx ctx)
{
	switch (ctx) {
	case QCTX_GLOBAL:
		if (p->version < 300)
			return GLSL_Q_CONST | GLSL_Q_UNIFORM | GLSL_Q_ATTRIBUTE | GLSL_Q_VARYING |
			       GLSL_Q_INVARIANT;
		return ~(uint32_t)GLSL_Q_INOUT;
	case QCTX_LOCAL:
		return GLSL_Q_CONST | GLSL_Q_PRECISE;
	case QCTX_PARAM:
		/* memory qualifiers: image parameters (ES 3.10 §4.10) */
		return GLSL_Q_CONST | GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_INOUT | GLSL_Q_MEMORY |
		       GLSL_Q_PRECISE;
	case QCTX_MEMBER:
		return 0;
	case QCTX_BLOCK_MEMBER:
		/* in and out blocks (EXT_shader_io_blocks, 3.10): interpolation and
		 * invariant per member; sema matches them to the block's storage */
		return GLSL_Q_LAYOUT | GLSL_Q_UNIFORM | GLSL_Q_BUFFER | GLSL_Q_MEMORY |
		       (p->version >= 310 ? GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_FLAT | GLSL_Q_SMOOTH |
					    GLSL_Q_CENTROID | GLSL_Q_SAMPLE | GLSL_Q_INVARIANT : 0);
	}
	return 0;
}

static const char *const ctx_names[] = {
	[QCTX_GLOBAL] = "global variables", [QCTX_LOCAL] = "local variables",
	[QCTX_PARAM] = "function parameters", [QCTX_MEMBER] = "struct members",
	[QCTX_BLOCK_MEMBER] = "interface block members",
};

static const struct glsl_token *find_qualifier(const struct glsl_token *t, uint32_t bits)
{
	while (!(qual_bit(t->kind) & bits))
		t++;
	return t;
}

static bool check_combination(struct glsl_parser *p, const struct glsl_ast_qual *q,
			      const struct glsl_token *first, enum qctx ctx)
{
	uint32_t storage = q->storage & storage_mask;

	if (ctx == QCTX_PARAM && (storage & GLSL_Q_CONST) &&
	    (storage & (GLSL_Q_OUT | GLSL_Q_INOUT))) {
		glsl_parse_error(p, first, "'const' cannot be combined with 'out' or 'inout'");
		return false;
	}
	if (ctx != QCTX_PARAM && (storage & GLSL_Q_CONST) && (storage & ~GLSL_Q_CONST)) {
		glsl_parse_error(p, find_qualifier(first, storage & ~GLSL_Q_CONST),
				 "conflicting storage qualifiers ('const' and another)");
		return false;
	}
	if (p->version < 300 && (q->storage & GLSL_Q_INVARIANT) && !(q->storage & GLSL_Q_VARYING)) {
		glsl_parse_error(p, first, "'invariant' qualifies only varyings in GLSL ES 1.00");
		return false;
	}
	return true;
}

static bool check_qualifiers(struct glsl_parser *p, const struct glsl_ast_qual *q,
			     const struct glsl_token *first, enum qctx ctx)
{
	uint32_t bad = q->storage & ~allowed_quals(p, ctx);

	if (bad) {
		const struct glsl_token *t = find_qualifier(first, bad);

		if (ctx == QCTX_GLOBAL && p->version < 300 && (bad & (GLSL_Q_IN | GLSL_Q_OUT)))
			glsl_parse_error(p, t, "'%s' qualifies only function parameters in GLSL ES 1.00",
					 glsl_tok_spelling(t->kind));
		else
			glsl_parse_error(p, t, "qualifier '%s' is not allowed on %s",
					 glsl_tok_spelling(t->kind), ctx_names[ctx]);
		return false;
	}
	return check_combination(p, q, first, ctx);
}

/* One `[N]` or `[]`, its `[` just taken. */
static struct glsl_ast_dim *one_dim(struct glsl_parser *p, const struct glsl_token *lb)
{
	struct glsl_ast_dim *d = glsl_parse_alloc(p, sizeof(*d));

	if (!d)
		return NULL;
	d->loc = glsl_parse_loc(lb);
	if (glsl_parse_accept(p, GLSL_TOK_RBRACKET))
		return d;
	d->size = glsl_parse_conditional(p);
	return d->size && glsl_parse_expect(p, GLSL_TOK_RBRACKET) ? d : NULL;
}

/* The brackets after a type or a name. A lone one is the array of 1.00 and
 * 3.00 (is_array, size); arrays of arrays (3.10: several brackets, or
 * brackets on a name whose type is an array already) keep every bracket of
 * this side in dims instead. */
static bool array_suffix(struct glsl_parser *p, bool *is_array, struct glsl_ast_node **size,
			 struct glsl_ast_dim **dims)
{
	struct glsl_ast_dim *head = NULL, **tail = &head;
	unsigned n = 0;

	for (const struct glsl_token *lb = p->tok; glsl_parse_accept(p, GLSL_TOK_LBRACKET);
	     lb = p->tok) {
		if ((n || *is_array) && p->version < 310) {
			glsl_parse_error(p, lb, "arrays of arrays are not allowed in GLSL ES %s",
					 glsl_es_version_name(p->version));
			return false;
		}
		*tail = one_dim(p, lb);
		if (!*tail)
			return false;
		tail = &(*tail)->next;
		n++;
	}
	if (n == 1 && !*is_array)
		*size = head->size;
	else if (n)
		*dims = head;
	*is_array |= n != 0;
	return true;
}

static struct glsl_ast_decl *member_list(struct glsl_parser *p, enum qctx ctx);

static bool struct_spec(struct glsl_parser *p, struct glsl_ast_type *t)
{
	struct glsl_ast_struct *s = glsl_parse_alloc(p, sizeof(*s));

	if (!s)
		return false;
	s->loc = glsl_parse_loc(glsl_parse_next(p));
	s->name = GLSL_AST_NO_NAME;
	if (at(p, GLSL_TOK_IDENT))
		s->name = glsl_parse_next(p)->value;
	t->def = s;
	s->members = member_list(p, QCTX_MEMBER);
	return s->members != NULL;
}

bool glsl_parse_type_spec(struct glsl_parser *p, struct glsl_ast_type *t)
{
	enum glsl_tok k = pk(p);

	t->loc = glsl_parse_loc(p->tok);
	t->tok = (uint16_t)k;
	if (k == GLSL_TOK_KW_STRUCT) {
		if (!struct_spec(p, t))
			return false;
	} else if (k == GLSL_TOK_IDENT) {
		t->name = glsl_parse_next(p)->value;
	} else if (glsl_parse_is_type_kw(k)) {
		glsl_parse_next(p);
	} else {
		glsl_parse_unexpected(p, "a type");
		return false;
	}
	/* ES 1.00's type_specifier_no_prec takes `[constant_expression]` too
	 * (chapter 9), so `float[2] x;` declares an array there as well; only
	 * the unsized `T[]` is 3.00's. */
	if (at(p, GLSL_TOK_LBRACKET) && pk_at(p, 1) == GLSL_TOK_RBRACKET && p->version < 300) {
		glsl_parse_error(p, p->tok, "unsized array types ('T[] name') require GLSL ES 3.00");
		return false;
	}
	return array_suffix(p, &t->is_array, &t->array_size, &t->dims);
}

/* `T[] a[2]` (3.10): sema takes the unsized `T[]` specifier as T, so the
 * name's dims get its level as their innermost. */
static bool take_unsized_spec(struct glsl_parser *p, const struct glsl_ast_type *t,
			      struct glsl_ast_declarator *d)
{
	struct glsl_ast_dim **tail = &d->dims;

	if (!d->dims || !t->is_array || t->array_size || t->dims)
		return true;
	while (*tail)
		tail = &(*tail)->next;
	*tail = glsl_parse_alloc(p, sizeof(**tail));
	if (!*tail)
		return false;
	(*tail)->loc = t->loc;
	return true;
}

/* One declarator after the type: `name`, `name[N]`, `name = init`. */
/* allow_init: a variable (may be initialised); else a member, which in a
 * block may be an unsized array (sema: only a buffer block's last). */
static struct glsl_ast_declarator *declarator(struct glsl_parser *p, const struct glsl_ast_type *t,
					      bool allow_init, bool allow_unsized)
{
	struct glsl_ast_declarator *d = glsl_parse_alloc(p, sizeof(*d));
	const struct glsl_token *name = p->tok;

	if (!d)
		return NULL;
	if (!at(p, GLSL_TOK_IDENT)) {
		glsl_parse_unexpected(p, "a name");
		return NULL;
	}
	d->loc = glsl_parse_loc(name);
	d->name = glsl_parse_next(p)->value;
	d->is_array = t->is_array;
	if (!array_suffix(p, &d->is_array, &d->array_size, &d->dims) || !take_unsized_spec(p, t, d))
		return NULL;
	if (!at(p, GLSL_TOK_ASSIGN)) {
		if (glsl_ast_unsized(t, d) && !allow_unsized) {
			glsl_parse_error(p, name, "unsized array '%s' needs an initializer",
					 glsl_parse_name(p, d->name));
			return NULL;
		}
		return d;
	}
	if (!allow_init) {
		glsl_parse_error(p, p->tok, "initializers are not allowed here");
		return NULL;
	}
	if (d->is_array && p->version < 300) {
		glsl_parse_error(p, p->tok, "arrays cannot be initialized in GLSL ES 1.00");
		return NULL;
	}
	glsl_parse_next(p);
	d->init = glsl_parse_assignment(p);
	return d->init ? d : NULL;
}

static struct glsl_ast_declarator *declarator_list(struct glsl_parser *p,
						   const struct glsl_ast_type *t, bool allow_init,
						   bool allow_unsized)
{
	struct glsl_ast_declarator *head = NULL, **tail = &head;

	do {
		struct glsl_ast_declarator *d = declarator(p, t, allow_init, allow_unsized);

		if (!d)
			return NULL;
		*tail = d;
		tail = &d->next;
	} while (glsl_parse_accept(p, GLSL_TOK_COMMA));
	return head;
}

static struct glsl_ast_decl *member(struct glsl_parser *p, enum qctx ctx)
{
	struct glsl_ast_decl *m = glsl_parse_alloc(p, sizeof(*m));
	const struct glsl_token *first;

	if (!m || !qualifiers(p, &m->type.qual, &first) ||
	    !check_qualifiers(p, &m->type.qual, first, ctx))
		return NULL;
	/* ES 1.00 and 3.00 §4.1.8: "Embedded structure definitions are not
	 * supported" (a member may name a struct defined before) */
	if (ctx == QCTX_MEMBER && at(p, GLSL_TOK_KW_STRUCT)) {
		glsl_parse_error(p, p->tok, "embedded struct definitions are not allowed");
		return NULL;
	}
	if (!glsl_parse_type_spec(p, &m->type.type))
		return NULL;
	m->vars = declarator_list(p, &m->type.type, false, ctx == QCTX_BLOCK_MEMBER);
	if (!m->vars || !glsl_parse_expect(p, GLSL_TOK_SEMICOLON))
		return NULL;
	return m;
}

/* `{ members }` of a struct or block; at least one member. */
static struct glsl_ast_decl *member_list(struct glsl_parser *p, enum qctx ctx)
{
	struct glsl_ast_decl *head = NULL, **tail = &head;

	if (!glsl_parse_expect(p, GLSL_TOK_LBRACE))
		return NULL;
	if (at(p, GLSL_TOK_RBRACE)) {
		glsl_parse_error(p, p->tok, "%s must have at least one member",
				 ctx == QCTX_MEMBER ? "a struct" : "an interface block");
		return NULL;
	}
	while (!at(p, GLSL_TOK_RBRACE) && !at(p, GLSL_TOK_EOF)) {
		*tail = member(p, ctx);
		if (!*tail)
			return NULL;
		tail = &(*tail)->next;
	}
	return glsl_parse_expect(p, GLSL_TOK_RBRACE) ? head : NULL;
}

static bool type_token_follows_name(const struct glsl_token *t, const struct glsl_token *end)
{
	while (t < end && t->kind == GLSL_TOK_LBRACKET) {   /* `T[2][3] name` */
		unsigned depth = 0;

		for (; t < end; t++) {
			depth += t->kind == GLSL_TOK_LBRACKET;
			depth -= t->kind == GLSL_TOK_RBRACKET;
			if (!depth)
				break;
		}
		t++;
	}
	return t < end && t->kind == GLSL_TOK_IDENT;
}

bool glsl_parse_starts_decl(const struct glsl_parser *p)
{
	enum glsl_tok k = pk(p);

	if (glsl_parse_is_qualifier(k) || k == GLSL_TOK_KW_STRUCT || k == GLSL_TOK_KW_PRECISION)
		return true;
	if (glsl_parse_is_type_kw(k))
		return pk_at(p, 1) == GLSL_TOK_SEMICOLON || type_token_follows_name(p->tok + 1, p->end);
	if (k == GLSL_TOK_IDENT)
		return type_token_follows_name(p->tok + 1, p->end);
	return false;
}

/* ---- parameters and functions ------------------------------------------- */

static struct glsl_ast_decl *parameter(struct glsl_parser *p)
{
	struct glsl_ast_decl *d = glsl_parse_alloc(p, sizeof(*d));
	const struct glsl_token *first;

	if (!d || !qualifiers(p, &d->type.qual, &first) ||
	    !check_qualifiers(p, &d->type.qual, first, QCTX_PARAM) ||
	    !glsl_parse_type_spec(p, &d->type.type))
		return NULL;
	if (!at(p, GLSL_TOK_IDENT))
		return d;
	d->vars = glsl_parse_alloc(p, sizeof(*d->vars));
	if (!d->vars)
		return NULL;
	d->vars->loc = glsl_parse_loc(p->tok);
	d->vars->name = glsl_parse_next(p)->value;
	d->vars->is_array = d->type.type.is_array;
	if (!array_suffix(p, &d->vars->is_array, &d->vars->array_size, &d->vars->dims) ||
	    !take_unsized_spec(p, &d->type.type, d->vars))
		return NULL;
	if (glsl_ast_unsized(&d->type.type, d->vars)) {
		glsl_parse_error(p, first, "parameter arrays must have a size");
		return NULL;
	}
	return d;
}

static bool parameters(struct glsl_parser *p, struct glsl_ast_function *f)
{
	struct glsl_ast_decl **tail = &f->params;

	if (glsl_parse_accept(p, GLSL_TOK_RPAREN))
		return true;
	if (at(p, GLSL_TOK_KW_VOID) && pk_at(p, 1) == GLSL_TOK_RPAREN) {
		glsl_parse_next(p);
		glsl_parse_next(p);
		return true;
	}
	do {
		*tail = parameter(p);
		if (!*tail)
			return false;
		tail = &(*tail)->next;
	} while (glsl_parse_accept(p, GLSL_TOK_COMMA));
	return glsl_parse_expect(p, GLSL_TOK_RPAREN);
}

static struct glsl_ast_node *function(struct glsl_parser *p, const struct glsl_ast_fulltype *ret,
				      const struct glsl_token *first)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_FUNCTION, first);
	struct glsl_ast_function *f = glsl_parse_alloc(p, sizeof(*f));

	if (!n || !f)
		return NULL;
	n->u.func = f;
	f->ret = *ret;
	if (ret->qual.storage) {
		glsl_parse_error(p, first, "a function's return type takes no qualifiers but precision");
		return NULL;
	}
	if (ret->type.is_array && p->version < 300) {
		glsl_parse_error(p, first, "functions cannot return arrays in GLSL ES 1.00");
		return NULL;
	}
	f->name_loc = glsl_parse_loc(p->tok);
	f->name = glsl_parse_next(p)->value;
	glsl_parse_next(p); /* ( */
	if (!parameters(p, f))
		return NULL;
	if (glsl_parse_accept(p, GLSL_TOK_SEMICOLON))
		return n;
	if (!at(p, GLSL_TOK_LBRACE)) {
		glsl_parse_unexpected(p, "';' or a function body");
		return NULL;
	}
	f->body = glsl_parse_compound(p);
	return f->body ? n : NULL;
}

/* ---- the declaration forms ---------------------------------------------- */

static struct glsl_ast_node *precision_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_PRECISION, glsl_parse_next(p));
	struct glsl_ast_fulltype *ft = glsl_parse_alloc(p, sizeof(*ft));
	enum glsl_tok k;

	if (!n || !ft)
		return NULL;
	n->u.prec = ft;
	if (!glsl_parse_is_precision(pk(p))) {
		glsl_parse_unexpected(p, "'lowp', 'mediump' or 'highp'");
		return NULL;
	}
	ft->qual.precision = glsl_parse_next(p)->kind;
	k = pk(p);
	if (k != GLSL_TOK_KW_FLOAT && k != GLSL_TOK_KW_INT &&
	    !(k >= GLSL_TOK_FIRST_OPAQUE && k <= GLSL_TOK_LAST_OPAQUE)) {
		glsl_parse_error(p, p->tok, "default precision applies only to float, int and sampler types");
		return NULL;
	}
	ft->type.loc = glsl_parse_loc(p->tok);
	ft->type.tok = glsl_parse_next(p)->kind;
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON) ? n : NULL;
}

/* `invariant a, b;` or (GL_EXT_gpu_shader5) `precise a, b;`, op telling
 * which (the names were declared before). */
static struct glsl_ast_node *invariant_list(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_INVARIANT, p->tok);
	struct glsl_ast_idlist **tail;

	if (!n)
		return NULL;
	n->op = (uint8_t)glsl_parse_next(p)->kind;
	tail = &n->u.ids;
	do {
		if (!at(p, GLSL_TOK_IDENT)) {
			glsl_parse_unexpected(p, "a name");
			return NULL;
		}
		*tail = glsl_parse_alloc(p, sizeof(**tail));
		if (!*tail)
			return NULL;
		(*tail)->loc = glsl_parse_loc(p->tok);
		(*tail)->name = glsl_parse_next(p)->value;
		tail = &(*tail)->next;
	} while (glsl_parse_accept(p, GLSL_TOK_COMMA));
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON) ? n : NULL;
}

/* An input block's array may be unsized (a geometry shader's per-vertex
 * inputs: sema sizes it by the input primitive, or refuses it). */
static bool block_instance(struct glsl_parser *p, struct glsl_ast_block *b)
{
	if (glsl_parse_accept(p, GLSL_TOK_SEMICOLON))
		return true;
	if (!at(p, GLSL_TOK_IDENT)) {
		glsl_parse_unexpected(p, "an instance name or ';'");
		return false;
	}
	b->instance = glsl_parse_alloc(p, sizeof(*b->instance));
	if (!b->instance)
		return false;
	b->instance->loc = glsl_parse_loc(p->tok);
	b->instance->name = glsl_parse_next(p)->value;
	if (!array_suffix(p, &b->instance->is_array, &b->instance->array_size,
			  &b->instance->dims))
		return false;
	if (b->instance->is_array && !glsl_ast_dims_sized(b->instance) &&
	    !(b->qual.storage & GLSL_Q_IN)) {
		glsl_parse_error(p, p->tok, "a uniform block array must have a size");
		return false;
	}
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON);
}

static struct glsl_ast_node *interface_block(struct glsl_parser *p, const struct glsl_ast_qual *q,
					     const struct glsl_token *first)
{
	struct glsl_ast_node *n;
	struct glsl_ast_block *b;

	uint32_t kind = q->storage & storage_mask;

	if (p->version < 300) {
		glsl_parse_error(p, p->tok, "interface blocks require GLSL ES 3.00");
		return NULL;
	}
	if (p->version < 310 && (kind != GLSL_Q_UNIFORM || (q->storage & ~(storage_mask | GLSL_Q_LAYOUT)))) {
		glsl_parse_error(p, first, "only uniform interface blocks exist in GLSL ES 3.00");
		return NULL;
	}
	/* in and out blocks: EXT_shader_io_blocks, whose #extension sema checks */
	if (kind != GLSL_Q_UNIFORM && kind != GLSL_Q_BUFFER && kind != GLSL_Q_IN &&
	    kind != GLSL_Q_OUT) {
		glsl_parse_error(p, first, "only uniform, buffer, in and out interface blocks exist "
				 "in GLSL ES 3.10");
		return NULL;
	}
	/* `patch` blocks of the tessellation stages: sema checks where */
	if (q->storage & ~(storage_mask | GLSL_Q_LAYOUT | (kind == GLSL_Q_BUFFER ? GLSL_Q_MEMORY : 0) |
			   (kind == GLSL_Q_IN || kind == GLSL_Q_OUT ? GLSL_Q_PATCH : 0))) {
		glsl_parse_error(p, first, "an interface block takes only layout%s qualifiers",
				 kind == GLSL_Q_BUFFER ? " and memory" : "");
		return NULL;
	}
	n = glsl_parse_node(p, GLSL_AST_BLOCK, first);
	b = glsl_parse_alloc(p, sizeof(*b));
	if (!n || !b)
		return NULL;
	n->u.block = b;
	b->qual = *q;
	b->name = glsl_parse_next(p)->value;
	b->members = member_list(p, QCTX_BLOCK_MEMBER);
	if (!b->members || !block_instance(p, b))
		return NULL;
	return n;
}

/* `layout(std140) uniform;`, `layout(std430) buffer;` and the compute
 * shader's `layout(local_size_x = 8) in;` (ES 3.10) */
static bool default_layout_ok(const struct glsl_parser *p, const struct glsl_ast_qual *q)
{
	const uint32_t block = GLSL_LAYOUT_SHARED | GLSL_LAYOUT_PACKED | GLSL_LAYOUT_STD140 |
			       GLSL_LAYOUT_ROW_MAJOR | GLSL_LAYOUT_COLUMN_MAJOR | GLSL_LAYOUT_STD430;

	if (q->precision)
		return false;
	if (q->storage == (GLSL_Q_LAYOUT | GLSL_Q_UNIFORM))
		return !(q->layout & ~block) && !(q->layout & GLSL_LAYOUT_STD430);
	if (p->version >= 310 && q->storage == (GLSL_Q_LAYOUT | GLSL_Q_BUFFER))
		return !(q->layout & ~block);
	if (p->version >= 310 && q->storage == (GLSL_Q_LAYOUT | GLSL_Q_IN))
		return !(q->layout & ~(GLSL_LAYOUT_LOCAL_SIZE | GLSL_LAYOUT_GEOMETRY |
				       GLSL_LAYOUT_TESS | GLSL_LAYOUT_EARLY_FRAGMENT_TESTS));
	/* a fragment shader's `layout(blend_support_multiply) out;` (3.00) */
	if (q->storage == (GLSL_Q_LAYOUT | GLSL_Q_OUT) && (q->layout & GLSL_LAYOUT_BLEND_SUPPORT))
		return !(q->layout & ~GLSL_LAYOUT_BLEND_SUPPORT);
	/* a geometry shader's `layout(triangle_strip, max_vertices = 3) out;` */
	if (p->version >= 310 && q->storage == (GLSL_Q_LAYOUT | GLSL_Q_OUT))
		return !(q->layout & ~(GLSL_LAYOUT_GEOMETRY | GLSL_LAYOUT_VERTICES));
	return false;
}

static struct glsl_ast_node *default_layout(struct glsl_parser *p, const struct glsl_ast_qual *q,
					    const struct glsl_token *first)
{
	struct glsl_ast_node *n;

	if (!default_layout_ok(p, q)) {
		glsl_parse_error(p, first, p->version >= 310 ?
				 "a default layout is 'layout(...) uniform;' or 'buffer;' with block "
				 "layout qualifiers, or 'layout(local_size_...) in;'" :
				 "a default layout is only 'layout(...) uniform;' "
				 "with block layout qualifiers");
		return NULL;
	}
	n = glsl_parse_node(p, GLSL_AST_DEFAULT_LAYOUT, first);
	if (!n || !(n->u.prec = glsl_parse_alloc(p, sizeof(*n->u.prec))))
		return NULL;
	n->u.prec->qual = *q;
	glsl_parse_next(p);
	return n;
}

static struct glsl_ast_node *variables(struct glsl_parser *p, const struct glsl_ast_fulltype *ft,
				       const struct glsl_token *first)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_DECL, first);
	struct glsl_ast_decl *d = glsl_parse_alloc(p, sizeof(*d));

	if (!n || !d)
		return NULL;
	n->u.decl = d;
	d->type = *ft;
	if (!at(p, GLSL_TOK_SEMICOLON)) {
		/* a geometry or tessellation shader's `in vec4 v[];` (and a control
		 * shader's `out vec4 v[];`, ES 3.10 + the extensions):
		 * sema sizes it by the input primitive, or rejects it elsewhere */
		d->vars = declarator_list(p, &ft->type, true,
					  p->version >= 310 && (ft->qual.storage & (GLSL_Q_IN | GLSL_Q_OUT)));
		if (!d->vars)
			return NULL;
	}
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON) ? n : NULL;
}

static bool is_invariant_list(const struct glsl_parser *p)
{
	return (at(p, GLSL_TOK_KW_INVARIANT) || at(p, GLSL_TOK_KW_PRECISE)) &&
	       pk_at(p, 1) == GLSL_TOK_IDENT &&
	       (pk_at(p, 2) == GLSL_TOK_SEMICOLON || pk_at(p, 2) == GLSL_TOK_COMMA);
}

/* Everything that starts with qualifiers or a type, in context ctx. */
static struct glsl_ast_node *declaration(struct glsl_parser *p, enum qctx ctx)
{
	struct glsl_ast_fulltype ft = { 0 };
	const struct glsl_token *first;

	if (!qualifiers(p, &ft.qual, &first))
		return NULL;
	if (ctx == QCTX_GLOBAL && ft.qual.storage && at(p, GLSL_TOK_IDENT) &&
	    pk_at(p, 1) == GLSL_TOK_LBRACE)
		return interface_block(p, &ft.qual, first);
	if (ctx == QCTX_GLOBAL && (ft.qual.storage & GLSL_Q_LAYOUT) && at(p, GLSL_TOK_SEMICOLON))
		return default_layout(p, &ft.qual, first);
	if (!check_qualifiers(p, &ft.qual, first, ctx) || !glsl_parse_type_spec(p, &ft.type))
		return NULL;
	if (at(p, GLSL_TOK_IDENT) && pk_at(p, 1) == GLSL_TOK_LPAREN) {
		if (ctx == QCTX_GLOBAL)
			return function(p, &ft, first);
		glsl_parse_error(p, p->tok, "functions can only be declared at global scope");
		return NULL;
	}
	return variables(p, &ft, first);
}

struct glsl_ast_node *glsl_parse_external(struct glsl_parser *p)
{
	if (at(p, GLSL_TOK_KW_PRECISION))
		return precision_stmt(p);
	if (is_invariant_list(p))
		return invariant_list(p);
	/* A stray ';' between declarations (`void f() {};`) is common and
	 * harmless; Mesa accepts it too. */
	if (glsl_parse_accept(p, GLSL_TOK_SEMICOLON))
		return NULL;
	if (!glsl_parse_starts_decl(p)) {
		glsl_parse_unexpected(p, "a declaration");
		return NULL;
	}
	return declaration(p, QCTX_GLOBAL);
}

struct glsl_ast_node *glsl_parse_local_decl(struct glsl_parser *p)
{
	if (at(p, GLSL_TOK_KW_PRECISION))
		return precision_stmt(p);
	return declaration(p, QCTX_LOCAL);
}

struct glsl_ast_node *glsl_parse_condition_decl(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_DECL, p->tok);
	struct glsl_ast_decl *d = glsl_parse_alloc(p, sizeof(*d));
	const struct glsl_token *first;

	if (!n || !d || !qualifiers(p, &d->type.qual, &first) ||
	    !check_qualifiers(p, &d->type.qual, first, QCTX_LOCAL) ||
	    !glsl_parse_type_spec(p, &d->type.type))
		return NULL;
	n->u.decl = d;
	d->vars = declarator(p, &d->type.type, true, false);
	if (!d->vars)
		return NULL;
	if (!d->vars->init || d->vars->is_array) {
		glsl_parse_error(p, first, "a condition declaration needs a non-array initialized variable");
		return NULL;
	}
	return n;
}
