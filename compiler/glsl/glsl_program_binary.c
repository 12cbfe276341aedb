/* SPDX-License-Identifier: MIT */
/*
 * Program binaries (glsl_program_binary.h): the header, the payload's
 * records (one field table per record kind, read and written by the same
 * walk), and the checks a binary's contents must pass.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_build_id.h"
#include "glsl_program_binary.h"

#define SPIRV_MAGIC 0x07230203u
#define MAX_NAME 4096u            /* bytes of one name */
#define MAX_ARRAY 65536u          /* elements of one array */
#define MAX_VARS 64u              /* attributes, outputs, captured varyings */
#define MAX_UNIFORMS 4096u
#define MAX_DEFAULT_BLOCK 65536u  /* bytes; a link stays far below (480 vec4s) */
#define MAX_BINDING 256           /* per-stage bindings, as the GL layer maps them */
#define MAX_XFB_LOCATION 32u      /* the vertex shader's outputs (the compiler checks each exists) */

uint64_t glsl_program_binary_build_id(void)
{
	/* the format version is part of it: a layout change without a source
	 * hash change (impossible, but cheap to rule out) still tells apart */
	return GLSL_BUILD_ID ^ ((uint64_t)GLSL_PROGRAM_BINARY_VERSION << 56);
}

/* FNV-1a, 64 bits: catches a flipped byte or a torn copy; not a defence
 * against forgery, which the checks on the contents are. */
static uint64_t checksum(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* ---- the record tables --------------------------------------------------------------------- */

enum field_kind {
	F_U32,
	F_I32,
	F_BOOL,
	F_PREC,
	F_STR,   /* char *: u32 length, bytes */
	F_LEAF,  /* const glsl_type *, built-in: u32 id */
	F_DECL,  /* const glsl_type *, built-in or array of one: u32 id, u32 length */
};

struct field {
	enum field_kind kind;
	size_t at;
};

#define U(k, s, m) { k, offsetof(struct s, m) }

static const struct field program_fields[] = {
	U(F_U32, glsl_program, version), U(F_U32, glsl_program, default_block_size),
	U(F_BOOL, glsl_program, xfb_separate), U(F_U32, glsl_program, xfb_strides[0]),
	U(F_U32, glsl_program, xfb_strides[1]), U(F_U32, glsl_program, xfb_strides[2]),
	U(F_U32, glsl_program, xfb_strides[3]), U(F_U32, glsl_program, blend_support),
};

static const struct field uniform_fields[] = {
	U(F_STR, glsl_prog_uniform, name), U(F_LEAF, glsl_prog_uniform, type),
	U(F_PREC, glsl_prog_uniform, precision), U(F_U32, glsl_prog_uniform, array_size),
	U(F_I32, glsl_prog_uniform, block), U(F_U32, glsl_prog_uniform, offset),
	U(F_U32, glsl_prog_uniform, array_stride), U(F_U32, glsl_prog_uniform, matrix_stride),
	U(F_BOOL, glsl_prog_uniform, row_major), U(F_BOOL, glsl_prog_uniform, explicit_binding),
	U(F_U32, glsl_prog_uniform, gl_binding),
	U(F_I32, glsl_prog_uniform, stage.binding[GLSL_STAGE_VERTEX]),
	U(F_I32, glsl_prog_uniform, stage.binding[GLSL_STAGE_FRAGMENT]),
};

static const struct field block_fields[] = {
	U(F_STR, glsl_prog_block, name), U(F_U32, glsl_prog_block, size),
	U(F_I32, glsl_prog_block, stage.binding[GLSL_STAGE_VERTEX]),
	U(F_I32, glsl_prog_block, stage.binding[GLSL_STAGE_FRAGMENT]),
	U(F_U32, glsl_prog_block, first_uniform), U(F_U32, glsl_prog_block, nr_uniforms),
	U(F_BOOL, glsl_prog_block, explicit_binding), U(F_U32, glsl_prog_block, gl_binding),
};

static const struct field var_fields[] = {
	U(F_STR, glsl_prog_var, name), U(F_DECL, glsl_prog_var, type),
	U(F_PREC, glsl_prog_var, precision), U(F_I32, glsl_prog_var, location),
	U(F_U32, glsl_prog_var, slots), U(F_BOOL, glsl_prog_var, patch),
};

static const struct field xfb_fields[] = {
	U(F_STR, glsl_prog_xfb, name), U(F_LEAF, glsl_prog_xfb, type),
	U(F_U32, glsl_prog_xfb, size), U(F_U32, glsl_prog_xfb, location),
	U(F_U32, glsl_prog_xfb, slots), U(F_U32, glsl_prog_xfb, slot_components),
	U(F_U32, glsl_prog_xfb, buffer), U(F_U32, glsl_prog_xfb, offset),
};

/* The program's lists, in payload order: where the array and its count are. */
struct list {
	const struct field *fields;
	uint32_t nr_fields;
	size_t size, array_at, count_at;
	uint32_t max;
};

#define L(t, s, a, c, max) { t, sizeof(t) / sizeof(t[0]), sizeof(struct s), \
	offsetof(struct glsl_program, a), offsetof(struct glsl_program, c), max }

static const struct list lists[] = {
	L(uniform_fields, glsl_prog_uniform, uniforms, nr_uniforms, MAX_UNIFORMS),
	L(block_fields, glsl_prog_block, blocks, nr_blocks, GLSL_LINK_DEFAULT_COMBINED_BLOCKS),
	L(var_fields, glsl_prog_var, attribs, nr_attribs, MAX_VARS),
	L(var_fields, glsl_prog_var, outputs, nr_outputs, MAX_VARS),
	L(xfb_fields, glsl_prog_xfb, xfb, nr_xfb, MAX_VARS),
};

#define NR(a) (uint32_t)(sizeof(a) / sizeof((a)[0]))

/* ---- writing ------------------------------------------------------------------------------- */

struct writer {
	uint8_t *buf;
	size_t len, cap;
	bool failed;
};

static void put(struct writer *w, const void *p, size_t n)
{
	if (w->failed)
		return;
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : 4096;
		uint8_t *b;

		while (cap < w->len + n)
			cap *= 2;
		b = realloc(w->buf, cap);
		if (!b) {
			w->failed = true;
			return;
		}
		w->buf = b;
		w->cap = cap;
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

static void put_u32(struct writer *w, uint32_t v)
{
	put(w, &v, 4);
}

static void put_u64(struct writer *w, uint64_t v)
{
	put(w, &v, 8);
}

/* A declared type: a built-in, or one array of one. */
static void put_decl(struct writer *w, const struct glsl_type *t)
{
	uint32_t length = 0;

	if (t->kind == GLSL_KIND_ARRAY) {
		length = t->length;
		t = t->elem;
	}
	if (t->id >= GLSL_TID_COUNT)
		w->failed = true;
	put_u32(w, t->id);
	put_u32(w, length);
}

static void put_field(struct writer *w, const struct field *f, const uint8_t *rec)
{
	const void *p = rec + f->at;

	switch (f->kind) {
	case F_U32: put_u32(w, *(const uint32_t *)p); return;
	case F_I32: put_u32(w, (uint32_t)*(const int32_t *)p); return;
	case F_BOOL: put_u32(w, *(const bool *)p); return;
	case F_PREC: put_u32(w, (uint32_t)*(const enum glsl_precision *)p); return;
	case F_LEAF: put_u32(w, (*(const struct glsl_type *const *)p)->id); return;
	case F_DECL: put_decl(w, *(const struct glsl_type *const *)p); return;
	case F_STR: {
		const char *s = *(const char *const *)p;

		put_u32(w, (uint32_t)strlen(s));
		put(w, s, strlen(s));
		return;
	}
	}
}

static void put_record(struct writer *w, const struct field *f, uint32_t n, const void *rec)
{
	for (uint32_t i = 0; i < n; i++)
		put_field(w, &f[i], rec);
}

static void put_list(struct writer *w, const struct list *l, const struct glsl_program *p)
{
	const uint8_t *array = *(uint8_t *const *)((const uint8_t *)p + l->array_at);
	uint32_t count = *(const uint32_t *)((const uint8_t *)p + l->count_at);

	put_u32(w, count);
	for (uint32_t i = 0; i < count; i++)
		put_record(w, l->fields, l->nr_fields, array + i * l->size);
}

static void put_payload(struct writer *w, const struct glsl_linked_program *lp)
{
	put_record(w, program_fields, NR(program_fields), &lp->prog);
	for (uint32_t i = 0; i < NR(lists); i++)
		put_list(w, &lists[i], &lp->prog);
	for (int st = 0; st < GLSL_STAGE_COUNT; st++) {
		put_u32(w, (uint32_t)lp->nr_words[st]);
		put(w, lp->words[st], lp->nr_words[st] * 4);
	}
}

int glsl_program_binary_write(const struct glsl_linked_program *lp, uint8_t **out,
			      size_t *size)
{
	struct writer w = { NULL, 0, 0, false };
	uint8_t header[GLSL_PROGRAM_BINARY_HEADER_SIZE] = { 0 };
	size_t payload;

	put(&w, header, sizeof(header));  /* filled in below */
	put_payload(&w, lp);
	payload = w.len - sizeof(header);
	if (w.failed || payload > UINT32_MAX) {
		free(w.buf);
		return -1;
	}
	w.len = 0;
	put_u32(&w, GLSL_PROGRAM_BINARY_MAGIC);
	put_u32(&w, GLSL_PROGRAM_BINARY_VERSION);
	put_u64(&w, glsl_program_binary_build_id());
	put_u32(&w, (uint32_t)payload);
	put_u32(&w, 0);
	put_u64(&w, checksum(w.buf + sizeof(header), payload));
	*out = w.buf;
	*size = sizeof(header) + payload;
	return 0;
}

/* ---- reading ------------------------------------------------------------------------------- */

struct reader {
	const uint8_t *p;
	size_t left;
	const char *error;            /* the first reason a read failed */
	struct glsl_linked_program *lp;
};

static bool fail(struct reader *r, const char *why)
{
	if (!r->error)
		r->error = why;
	return false;
}

static bool get(struct reader *r, void *out, size_t n)
{
	if (r->error || n > r->left)
		return fail(r, "truncated payload");
	memcpy(out, r->p, n);
	r->p += n;
	r->left -= n;
	return true;
}

static bool get_u32(struct reader *r, uint32_t *v)
{
	return get(r, v, 4);
}

static bool get_str(struct reader *r, char **out)
{
	uint32_t n;

	if (!get_u32(r, &n))
		return false;
	if (n > MAX_NAME || n > r->left)
		return fail(r, "a name's length is out of range");
	if (memchr(r->p, 0, n))
		return fail(r, "a name holds a NUL byte");
	*out = malloc(n + 1);
	if (!*out)
		return fail(r, "out of memory");
	get(r, *out, n);
	(*out)[n] = 0;
	return true;
}

static bool get_leaf(struct reader *r, const struct glsl_type **out)
{
	uint32_t id;

	if (!get_u32(r, &id))
		return false;
	if (id >= GLSL_TID_COUNT || id == GLSL_TID_VOID)
		return fail(r, "unknown type");
	*out = glsl_type_get((enum glsl_type_id)id);
	return true;
}

/* A built-in, or an array of one the program then owns. */
static bool get_decl(struct reader *r, const struct glsl_type **out)
{
	struct glsl_owned_type *t;
	uint32_t length;

	if (!get_leaf(r, out) || !get_u32(r, &length))
		return false;
	if (!length)
		return true;
	if (length > MAX_ARRAY)
		return fail(r, "an array's length is out of range");
	t = calloc(1, sizeof(*t));
	if (!t)
		return fail(r, "out of memory");
	t->type = (struct glsl_type){ .kind = GLSL_KIND_ARRAY, .id = GLSL_TID_NONE, .elem = *out,
				      .length = length };
	t->next = r->lp->owned_types;
	r->lp->owned_types = t;
	*out = &t->type;
	return true;
}

/* A u32 that must be 0 or 1 (bool), or a precision. */
static bool get_small(struct reader *r, uint32_t max, uint32_t *v)
{
	if (!get_u32(r, v))
		return false;
	return *v <= max || fail(r, "a flag or precision is out of range");
}

static bool get_field(struct reader *r, const struct field *f, uint8_t *rec)
{
	void *p = rec + f->at;
	uint32_t v;

	switch (f->kind) {
	case F_U32: return get_u32(r, p);
	case F_I32: return get(r, p, 4);
	case F_STR: return get_str(r, p);
	case F_LEAF: return get_leaf(r, p);
	case F_DECL: return get_decl(r, p);
	case F_BOOL:
		if (get_small(r, 1, &v))
			*(bool *)p = v;
		return !r->error;
	case F_PREC:
		if (get_small(r, GLSL_PREC_HIGH, &v))
			*(enum glsl_precision *)p = (enum glsl_precision)v;
		return !r->error;
	}
	return fail(r, "internal error");
}

static bool get_record(struct reader *r, const struct field *f, uint32_t n, void *rec)
{
	for (uint32_t i = 0; i < n; i++)
		if (!get_field(r, &f[i], rec))
			return false;
	return true;
}

static bool get_list(struct reader *r, const struct list *l, struct glsl_program *p)
{
	uint8_t **array = (uint8_t **)((uint8_t *)p + l->array_at);
	uint32_t *count = (uint32_t *)((uint8_t *)p + l->count_at), n;

	if (!get_u32(r, &n))
		return false;
	if (n > l->max)
		return fail(r, "too many resources");
	*array = calloc(n ? n : 1, l->size);
	if (!*array)
		return fail(r, "out of memory");
	*count = n;  /* zeroed records: glsl_program_finish frees what was read */
	for (uint32_t i = 0; i < n; i++)
		if (!get_record(r, l->fields, l->nr_fields, *array + i * l->size))
			return false;
	return true;
}

static bool get_words(struct reader *r, struct glsl_linked_program *lp, int st)
{
	uint32_t n;

	if (!get_u32(r, &n))
		return false;
	if (n < 5 || n > r->left / 4)
		return fail(r, "a stage's SPIR-V size is out of range");
	lp->words[st] = malloc((size_t)n * 4);
	if (!lp->words[st])
		return fail(r, "out of memory");
	lp->nr_words[st] = n;
	get(r, lp->words[st], (size_t)n * 4);
	return lp->words[st][0] == SPIRV_MAGIC || fail(r, "a stage is not SPIR-V");
}

static bool get_payload(struct reader *r, struct glsl_linked_program *lp)
{
	if (!get_record(r, program_fields, NR(program_fields), &lp->prog))
		return false;
	for (uint32_t i = 0; i < NR(lists); i++)
		if (!get_list(r, &lists[i], &lp->prog))
			return false;
	for (int st = 0; st < GLSL_STAGE_COUNT; st++)
		if (!get_words(r, lp, st))
			return false;
	return r->left == 0 || fail(r, "bytes after the payload");
}

/* ---- the checks a program read must pass ---------------------------------------------------- */

static bool binding_ok(const struct glsl_link_stage_binding *b)
{
	for (int st = 0; st < GLSL_STAGE_COUNT; st++)
		if (b->binding[st] < -1 || b->binding[st] >= MAX_BINDING)
			return false;
	return true;
}

/* The bytes one element of a default-block uniform reaches, from its offset. */
static uint64_t element_extent(const struct glsl_prog_uniform *u)
{
	const struct glsl_type *t = u->type;

	return (uint64_t)(t->cols - 1) * u->matrix_stride + (uint64_t)t->rows * 4;
}

/* What the GL layer indexes with a uniform: its block, its sampler
 * elements, its data in the default block. */
static const char *check_uniform(const struct glsl_program *p, const struct glsl_prog_uniform *u,
				 uint32_t *sampler_elems)
{
	uint32_t elems = u->array_size ? u->array_size : 1;

	if (u->array_size > MAX_ARRAY || u->block < -1 || u->block >= (int32_t)p->nr_blocks ||
	    !binding_ok(&u->stage))
		return "a uniform's block, binding or size is out of range";
	if (u->type->kind == GLSL_KIND_SAMPLER) {
		*sampler_elems += elems;
		return u->block < 0 ? NULL : "a sampler in a block";
	}
	if (u->block < 0 && (uint64_t)u->offset + (uint64_t)(elems - 1) * u->array_stride +
				    element_extent(u) > p->default_block_size)
		return "a uniform lies outside the default block";
	return NULL;
}

static const char *check_uniforms(const struct glsl_program *p)
{
	uint32_t sampler_elems = 0;

	if (p->version != GLSL_ES_100 && p->version != GLSL_ES_300)
		return "unknown GLSL version";
	if (p->default_block_size > MAX_DEFAULT_BLOCK)
		return "the default block is too big";
	for (uint32_t i = 0; i < p->nr_uniforms; i++) {
		const char *why = check_uniform(p, &p->uniforms[i], &sampler_elems);

		if (why)
			return why;
	}
	return sampler_elems <= GLSL_LINK_DEFAULT_COMBINED_UNITS ? NULL : "too many samplers";
}

static const char *check_blocks(const struct glsl_program *p)
{
	for (uint32_t i = 0; i < p->nr_blocks; i++) {
		const struct glsl_prog_block *b = &p->blocks[i];

		if (b->size > GLSL_LINK_DEFAULT_BLOCK_SIZE || !binding_ok(&b->stage) ||
		    (uint64_t)b->first_uniform + b->nr_uniforms > p->nr_uniforms)
			return "a uniform block's size, binding or members are out of range";
	}
	return NULL;
}

static bool vars_ok(const struct glsl_prog_var *v, uint32_t n, uint32_t max_location)
{
	for (uint32_t i = 0; i < n; i++)
		if (v[i].location < -1 || v[i].slots > max_location ||
		    (v[i].location >= 0 && (uint64_t)v[i].location + v[i].slots > max_location))
			return false;
	return true;
}

static bool xfb_ok(const struct glsl_program *p, const struct glsl_prog_xfb *v)
{
	bool builtin = v->location == GLSL_XFB_POSITION || v->location == GLSL_XFB_POINT_SIZE;

	if (v->buffer >= 4 || v->slot_components < 1 || v->slot_components > 4 ||
	    v->slots < 1 || v->slots > MAX_XFB_LOCATION ||
	    (!builtin && (uint64_t)v->location + v->slots > MAX_XFB_LOCATION) ||
	    v->size > MAX_ARRAY)
		return false;
	return (uint64_t)v->offset + (uint64_t)v->slots * v->slot_components <=
	       p->xfb_strides[v->buffer];
}

static const char *check_vars(const struct glsl_program *p)
{
	if (!vars_ok(p->attribs, p->nr_attribs, GLSL_LINK_DEFAULT_ATTRIBS) ||
	    !vars_ok(p->outputs, p->nr_outputs, GLSL_LINK_DEFAULT_DRAW_BUFFERS))
		return "an attribute's or output's location is out of range";
	for (uint32_t b = 0; b < 4; b++)
		if (p->xfb_strides[b] > GLSL_LINK_DEFAULT_XFB_INTERLEAVED)
			return "a transform feedback stride is out of range";
	for (uint32_t i = 0; i < p->nr_xfb; i++)
		if (!xfb_ok(p, &p->xfb[i]))
			return "a captured varying is out of range";
	return NULL;
}

static const char *check_program(const struct glsl_program *p)
{
	const char *why = check_uniforms(p);

	if (!why)
		why = check_blocks(p);
	return why ? why : check_vars(p);
}

/* ---- the header ----------------------------------------------------------------------------- */

struct header {
	uint32_t magic, version;
	uint64_t build_id;
	uint32_t payload_size, zero;
	uint64_t checksum;
};

static const char *check_header(const uint8_t *data, size_t size, struct header *h)
{
	if (size < GLSL_PROGRAM_BINARY_HEADER_SIZE)
		return "shorter than its header";
	memcpy(&h->magic, data, 4);
	memcpy(&h->version, data + 4, 4);
	memcpy(&h->build_id, data + 8, 8);
	memcpy(&h->payload_size, data + 16, 4);
	memcpy(&h->zero, data + 20, 4);
	memcpy(&h->checksum, data + 24, 8);
	if (h->magic != GLSL_PROGRAM_BINARY_MAGIC)
		return "not a virtgl program binary";
	if (h->version != GLSL_PROGRAM_BINARY_VERSION ||
	    h->build_id != glsl_program_binary_build_id() || h->zero)
		return "made by another build of virtgl";
	if (h->payload_size != size - GLSL_PROGRAM_BINARY_HEADER_SIZE)
		return "truncated (its length differs from the header's)";
	if (checksum(data + GLSL_PROGRAM_BINARY_HEADER_SIZE, h->payload_size) != h->checksum)
		return "corrupted (checksum mismatch)";
	return NULL;
}

static void set_log(struct glsl_linked_program *out, const char *why)
{
	static const char prefix[] = "error: program binary: ";
	size_t n = sizeof(prefix) + strlen(why) + 1;

	out->info_log = malloc(n);
	if (out->info_log)
		snprintf(out->info_log, n, "%s%s\n", prefix, why);
}

/* A binary holds no geometry stage (the GL layer writes none for such
 * programs): its resources have no binding there. */
static void no_geometry(struct glsl_program *p)
{
	for (unsigned st = GLSL_LINK_GEOMETRY; st < GLSL_LINK_STAGES; st++) {
		for (uint32_t i = 0; i < p->nr_uniforms; i++)
			p->uniforms[i].stage.binding[st] = -1;
		for (uint32_t i = 0; i < p->nr_blocks; i++)
			p->blocks[i].stage.binding[st] = -1;
	}
}

int glsl_program_binary_read(const void *data, size_t size, struct glsl_linked_program *out)
{
	struct reader r = { NULL, 0, NULL, out };
	struct header h;

	memset(out, 0, sizeof(*out));
	r.error = data ? check_header(data, size, &h) : "no data";
	if (!r.error) {
		r.p = (const uint8_t *)data + GLSL_PROGRAM_BINARY_HEADER_SIZE;
		r.left = h.payload_size;
		if (get_payload(&r, out))
			r.error = check_program(&out->prog);
		if (!r.error)
			no_geometry(&out->prog);
	}
	if (!r.error) {
		out->info_log = strdup("");
		return out->info_log ? 0 : -1;
	}
	glsl_linked_program_finish(out);
	set_log(out, r.error);
	return -1;
}
