/* SPDX-License-Identifier: MIT */
/*
 * The rules live in two places: what each dword is (a resource id, a handle of
 * some type, a stage) comes from the generated table's roles (the @marks of
 * virgl_commands.def) and is checked once for every command here; what only
 * some commands need (slot ranges against the caps, draw modes, shader
 * stages matching their binding points) is one small function per opcode in
 * the `checks` table below.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_decode.h"
#include "vdrm_handles.h"
#include "vdrm_result.h"
#include "vdrm_validate.h"

/* Wire values (doc 1.6, p_defines.h) the rules need. */
enum {
	STAGE_VERTEX = 0,
	STAGE_FRAGMENT = 1,
	STAGE_GEOMETRY = 2,
	STAGE_TESS_CTRL = 3,
	STAGE_TESS_EVAL = 4,
	STAGE_COMPUTE = 5,
};
#define PRIM_PATCHES 14u
#define CLEAR_VALID_BITS 0x3ffu       /* DEPTH, STENCIL, COLOR0..7 */
#define CLEAR_COLOR0 4u
#define SHADER_OFFLEN_CONT 0x80000000u /* a later part of a long shader */
#define MAX_VERTEX_BUFFERS 32u         /* PIPE_MAX_ATTRIBS */
#define MAX_ATOMIC_BUFFERS 32u         /* PIPE_MAX_HW_ATOMIC_BUFFERS */
#define MAX_SAMPLER_VIEWS 128u         /* PIPE_MAX_SHADER_SAMPLER_VIEWS */

struct vdrm_validator {
	struct vdrm_caps caps;
	struct vdrm_handles handles;
	struct vdrm_handles live_res; /* resource id -> how often created (imports repeat) */
	uint32_t *res;      /* this submission's resource ids, sorted */
	uint32_t cap_res;
	uint32_t nr_res;
};

/* One command being checked. */
struct vcmd {
	struct vdrm_validator *v;
	struct vdrm_decoded *d;
	uint32_t at; /* dword offset of its header in the stream */
	char *msg;
	size_t msg_size;
};

struct vdrm_validator *vdrm_validator_create(const struct vdrm_caps *caps)
{
	struct vdrm_validator *v = calloc(1, sizeof(*v));

	if (!v)
		return NULL;
	v->caps = *caps;
	vdrm_handles_init(&v->handles);
	vdrm_handles_init(&v->live_res);
	return v;
}

void vdrm_validator_destroy(struct vdrm_validator *v)
{
	if (!v)
		return;
	vdrm_handles_finish(&v->handles);
	vdrm_handles_finish(&v->live_res);
	free(v->res);
	free(v);
}

/* ---- messages ------------------------------------------------------------------ */

static const char *const obj_names[VDRM_OBJ_COUNT] = {
	"NULL", "BLEND", "RASTERIZER", "DSA", "SHADER", "VERTEX_ELEMENTS", "SAMPLER_VIEW",
	"SAMPLER_STATE", "SURFACE", "QUERY", "STREAMOUT_TARGET", "MSAA_SURFACE",
};

static const char *obj_name(uint32_t type)
{
	return type < VDRM_OBJ_COUNT ? obj_names[type] : "?";
}

static __attribute__((format(printf, 2, 3))) int fail(struct vcmd *c, const char *fmt, ...)
{
	const char *name = c->d->desc ? c->d->desc->name : "command";
	int n = snprintf(c->msg, c->msg_size, "%s at dword %u: ", name, c->at);
	va_list ap;

	if (n >= 0 && (size_t)n < c->msg_size) {
		va_start(ap, fmt);
		vsnprintf(c->msg + n, c->msg_size - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return VDRM_ERROR_INVALID_ARGUMENT;
}

static const char *field(const struct vcmd *c, uint32_t i)
{
	const struct vdrm_cmd_desc *desc = c->d->desc;

	return i < desc->nr_fields ? desc->fields[i] : "?";
}

/* ---- framing --------------------------------------------------------------------- */

/* Says why vdrm_decode_next refused the command at c->at. */
static int framing_error(struct vcmd *c, uint32_t ndw)
{
	struct vdrm_decoded *d = c->d;
	const struct vdrm_cmd_desc *desc = d->desc;

	/* the decoder does not look a truncated command up; name it anyway */
	d->desc = vdrm_cmd_lookup(d->opcode, d->objtype);
	if (d->len > ndw - c->at - 1)
		return fail(c, "length %u runs past the stream's end (%u dwords left)", d->len,
			    ndw - c->at - 1);
	if (!desc)
		return fail(c, "unknown command (opcode %u, object type %u)", d->opcode, d->objtype);
	if (vdrm_cmd_check_len(desc, d->len))
		return fail(c, "length %u is outside the table's bounds", d->len);
	return fail(c, "%s %u disagrees with the length %u", field(c, (uint32_t)desc->count_field),
		    d->payload[desc->count_field], d->len);
}

/* ---- resources ------------------------------------------------------------------- */

int vdrm_validator_resource_created(struct vdrm_validator *v, uint32_t id)
{
	uint16_t n = vdrm_handles_get(&v->live_res, id);
	int ret = vdrm_handles_set(&v->live_res, id, n == UINT16_MAX ? n : n + 1);

	vdrm_handles_commit(&v->live_res);
	return ret;
}

void vdrm_validator_resource_destroyed(struct vdrm_validator *v, uint32_t id)
{
	uint16_t n = vdrm_handles_get(&v->live_res, id);

	if (n)
		vdrm_handles_set(&v->live_res, id, n - 1); /* no new slot: cannot fail */
	vdrm_handles_commit(&v->live_res);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int take_resources(struct vdrm_validator *v, const uint32_t *ids, uint32_t n)
{
	if (n > v->cap_res) {
		uint32_t *p = realloc(v->res, n * sizeof(*p));

		if (!p)
			return VDRM_ERROR_OUT_OF_MEMORY;
		v->res = p;
		v->cap_res = n;
	}
	v->nr_res = n;
	if (!n)
		return VDRM_OK;  /* v->res may be NULL: no qsort of it */
	memcpy(v->res, ids, n * sizeof(*ids));
	qsort(v->res, n, sizeof(*v->res), cmp_u32);
	return VDRM_OK;
}

static bool resource_listed(const struct vdrm_validator *v, uint32_t id)
{
	return v->nr_res && bsearch(&id, v->res, v->nr_res, sizeof(id), cmp_u32);
}

/* ---- the roles: what every dword of the table is ----------------------------------- */

static bool stage_supported(const struct vdrm_caps *caps, uint32_t stage)
{
	bool gles = caps->capability_bits & VDRM_CAP_HOST_IS_GLES;

	switch (stage) {
	case STAGE_VERTEX:
	case STAGE_FRAGMENT:
		return true;
	case STAGE_GEOMETRY:
		return caps->glsl_level >= 150;
	case STAGE_TESS_CTRL:
	case STAGE_TESS_EVAL:
		return caps->glsl_level >= 400 || (gles && caps->glsl_level >= 320);
	case STAGE_COMPUTE:
		return caps->capability_bits & VDRM_CAP_COMPUTE_SHADER;
	default:
		return false;
	}
}

static int check_resource(struct vcmd *c, uint32_t i, uint32_t id, uint8_t role)
{
	if (!id && role != VDRM_ROLE_RES)
		return fail(c, "%s is 0: a resource is required", field(c, i));
	if (!id)
		return VDRM_OK;
	if (role == VDRM_ROLE_RES_LIVE && !vdrm_handles_get(&c->v->live_res, id))
		return fail(c, "%s %u is no live resource of this device", field(c, i), id);
	if (role != VDRM_ROLE_RES_LIVE && !resource_listed(c->v, id))
		return fail(c, "%s %u is not in the submission's resource list", field(c, i), id);
	return VDRM_OK;
}

static int check_ref(struct vcmd *c, uint32_t i, uint32_t handle, uint32_t type)
{
	uint16_t live = vdrm_handles_get(&c->v->handles, handle);

	if (!handle)
		return VDRM_OK;
	if (!live)
		return fail(c, "%s %u is no live object (never created, or destroyed)",
			    field(c, i), handle);
	if (VDRM_HANDLE_TYPE(live) != type)
		return fail(c, "%s %u is a %s, not a %s", field(c, i), handle,
			    obj_name(VDRM_HANDLE_TYPE(live)), obj_name(type));
	return VDRM_OK;
}

static int create_handle(struct vcmd *c, uint32_t i, uint32_t handle, uint16_t value)
{
	uint16_t live = vdrm_handles_get(&c->v->handles, handle);

	if (!handle)
		return fail(c, "%s 0: object handles are non-zero", field(c, i));
	if (live)
		return fail(c, "%s %u is already a live %s", field(c, i), handle,
			    obj_name(VDRM_HANDLE_TYPE(live)));
	return vdrm_handles_set(&c->v->handles, handle, value);
}

/* The host ignores DESTROY_OBJECT's type, and NULL says "any" (vk's meta
 * objects go that way), but another type than the object's means the
 * guest's bookkeeping is off. */
static int destroy_handle(struct vcmd *c, uint32_t i, uint32_t handle)
{
	uint16_t live = vdrm_handles_get(&c->v->handles, handle);

	if (!live)
		return fail(c, "%s %u is no live object", field(c, i), handle);
	if (c->d->objtype != VDRM_OBJ_NULL && VDRM_HANDLE_TYPE(live) != c->d->objtype)
		return fail(c, "%s %u is a %s, the header says %s", field(c, i), handle,
			    obj_name(VDRM_HANDLE_TYPE(live)), obj_name(c->d->objtype));
	return vdrm_handles_set(&c->v->handles, handle, 0);
}

static int check_role(struct vcmd *c, uint32_t i, uint8_t role, uint32_t value)
{
	if (role >= VDRM_ROLE_NEW_BASE)
		return create_handle(c, i, value, VDRM_HANDLE_VALUE(role - VDRM_ROLE_NEW_BASE, 0));
	if (role >= VDRM_ROLE_REF_BASE)
		return check_ref(c, i, value, role - VDRM_ROLE_REF_BASE);
	switch (role) {
	case VDRM_ROLE_RES:
	case VDRM_ROLE_RES_REQUIRED:
	case VDRM_ROLE_RES_LIVE:
		return check_resource(c, i, value, role);
	case VDRM_ROLE_STAGE:
		if (!stage_supported(&c->v->caps, value))
			return fail(c, "%s %u is no shader stage the host runs", field(c, i), value);
		return VDRM_OK;
	case VDRM_ROLE_DESTROY:
		return destroy_handle(c, i, value);
	default:
		return VDRM_OK;
	}
}

/* Fixed dwords, then whole elements (a tail's elements carry no roles). */
static int check_roles(struct vcmd *c)
{
	const struct vdrm_cmd_desc *desc = c->d->desc;
	uint32_t nfixed = c->d->len < desc->fixed_len ? c->d->len : desc->fixed_len;
	uint32_t nelem = desc->has_tail ? 0 : c->d->len - nfixed;
	int ret = VDRM_OK;

	if (!desc->roles)
		return VDRM_OK;
	for (uint32_t i = 0; i < nfixed && !ret; i++)
		ret = check_role(c, i, desc->roles[i], c->d->payload[i]);
	for (uint32_t i = 0; i < nelem && !ret; i++) {
		uint32_t r = desc->fixed_len + i % desc->elem_len;

		ret = check_role(c, r, desc->roles[r], c->d->payload[nfixed + i]);
	}
	return ret;
}

/* ---- per-command rules ---------------------------------------------------------- */

static uint32_t or_default(uint32_t cap, uint32_t def)
{
	return cap ? cap : def;
}

static uint32_t nr_elems(const struct vcmd *c)
{
	const struct vdrm_cmd_desc *desc = c->d->desc;

	return desc->elem_len ? (c->d->len - desc->fixed_len) / desc->elem_len : 0;
}

/* start_slot (payload dword `at`) plus the elements must fit `limit` slots. */
static int check_slots(struct vcmd *c, uint32_t at, uint32_t limit)
{
	uint64_t end = (uint64_t)c->d->payload[at] + nr_elems(c);

	if (end > limit)
		return fail(c, "slots %u..%llu exceed the host's %u", c->d->payload[at],
			    (unsigned long long)end - 1, limit);
	return VDRM_OK;
}

static bool is_fragment_or_compute(uint32_t stage)
{
	return stage == STAGE_FRAGMENT || stage == STAGE_COMPUTE;
}

static int check_sampler_views(struct vcmd *c)
{
	return check_slots(c, 1, or_default(c->v->caps.max_texture_image_units, MAX_SAMPLER_VIEWS));
}

static int check_sampler_states(struct vcmd *c)
{
	return check_slots(c, 1, or_default(c->v->caps.max_texture_image_units, 16));
}

static int check_shader_buffers(struct vcmd *c)
{
	const struct vdrm_caps *caps = &c->v->caps;

	return check_slots(c, 1, is_fragment_or_compute(c->d->payload[0]) ?
				 caps->max_shader_buffer_frag_compute :
				 caps->max_shader_buffer_other_stages);
}

static int check_shader_images(struct vcmd *c)
{
	const struct vdrm_caps *caps = &c->v->caps;

	return check_slots(c, 1, is_fragment_or_compute(c->d->payload[0]) ?
				 caps->max_shader_image_frag_compute :
				 caps->max_shader_image_other_stages);
}

static int check_atomic_buffers(struct vcmd *c)
{
	return check_slots(c, 0, MAX_ATOMIC_BUFFERS);
}

static int check_viewports(struct vcmd *c)
{
	return check_slots(c, 0, or_default(c->v->caps.max_viewports, 1));
}

static int check_uniform_buffer(struct vcmd *c)
{
	uint32_t limit = or_default(c->v->caps.max_uniform_blocks, 1);

	if (c->d->payload[1] >= limit)
		return fail(c, "index %u is not below the host's %u uniform blocks",
			    c->d->payload[1], limit);
	return VDRM_OK;
}

static int check_count(struct vcmd *c, const char *what, uint32_t n, uint32_t limit)
{
	if (n > limit)
		return fail(c, "%u %s exceed the host's %u", n, what, limit);
	return VDRM_OK;
}

static int check_framebuffer(struct vcmd *c)
{
	return check_count(c, "colour buffers", c->d->payload[0],
			   or_default(c->v->caps.max_render_targets, 1));
}

static int check_streamout_targets(struct vcmd *c)
{
	return check_count(c, "stream-output targets", nr_elems(c),
			   or_default(c->v->caps.max_streamout_buffers, 4));
}

static int check_vertex_elements(struct vcmd *c)
{
	for (uint32_t i = 0; i < nr_elems(c); i++) {
		uint32_t vb = c->d->payload[1 + 4 * i + 2];

		if (vb >= MAX_VERTEX_BUFFERS)
			return fail(c, "element %u reads vertex buffer %u (of %u)", i, vb,
				    MAX_VERTEX_BUFFERS);
	}
	return check_count(c, "vertex elements", nr_elems(c),
			   or_default(c->v->caps.max_vertex_attribs, 16));
}

static int check_index_buffer(struct vcmd *c)
{
	uint32_t size = c->d->len >= 2 ? c->d->payload[1] : 0;

	if (c->d->len < 3 || !c->d->payload[0])
		return VDRM_OK;
	if (size != 1 && size != 2 && size != 4)
		return fail(c, "index_size %u is not 1, 2 or 4 bytes", size);
	return VDRM_OK;
}

static int check_draw_mode(struct vcmd *c, uint32_t mode)
{
	uint32_t mask = c->v->caps.prim_mask;

	if (mode > PRIM_PATCHES)
		return fail(c, "mode %u is no primitive type", mode);
	if (mask && !(mask & (1u << mode)))
		return fail(c, "mode %u is not in the host's primitive mask 0x%x", mode, mask);
	if (mode == PRIM_PATCHES && (c->d->len < 13 || !c->d->payload[12]))
		return fail(c, "patches without vertices_per_patch");
	return VDRM_OK;
}

static int check_draw(struct vcmd *c)
{
	const uint32_t *p = c->d->payload;
	bool indirect = c->d->len >= 15 && p[14];

	if (p[3] > 1)
		return fail(c, "indexed %u is not 0 or 1", p[3]);
	/* virglrenderer 0.10.4 serves it through GL_NV_primitive_restart's
	 * client state where the host has it: an error in a core context, for
	 * which NVIDIA's renderer drops the client */
	if (p[7])
		return fail(c, "primitive_restart is set: not every host survives it");
	if (!p[3] && !indirect && !p[11] && (uint64_t)p[0] + p[1] > UINT32_MAX)
		return fail(c, "start %u + count %u overflows", p[0], p[1]);
	return check_draw_mode(c, p[2]);
}

static int check_clear(struct vcmd *c)
{
	uint32_t buffers = c->d->payload[0];
	uint32_t rts = or_default(c->v->caps.max_render_targets, 1);

	if (buffers & ~CLEAR_VALID_BITS)
		return fail(c, "buffers 0x%x has unknown bits", buffers);
	if (buffers >= CLEAR_COLOR0 << rts)
		return fail(c, "buffers 0x%x clears colour buffers past the host's %u", buffers, rts);
	return VDRM_OK;
}

static int check_dims(struct vcmd *c, const char *what, const uint32_t *v, const uint32_t *max)
{
	for (int i = 0; i < 3; i++)
		if (max[i] && v[i] > max[i])
			return fail(c, "%s[%d] %u exceeds the host's %u", what, i, v[i], max[i]);
	return VDRM_OK;
}

static int check_launch_grid(struct vcmd *c)
{
	const struct vdrm_caps *caps = &c->v->caps;
	const uint32_t *p = c->d->payload;
	uint64_t inv = (uint64_t)p[0] * p[1] * p[2];
	int ret = check_dims(c, "block", p, caps->max_compute_block_size);

	if (!ret && !p[6])
		ret = check_dims(c, "grid", p + 3, caps->max_compute_grid_size);
	if (!ret && !inv)
		ret = fail(c, "an empty block");
	if (!ret && caps->max_compute_work_group_invocations &&
	    inv > caps->max_compute_work_group_invocations)
		ret = fail(c, "%llu invocations per block exceed the host's %u",
			   (unsigned long long)inv, caps->max_compute_work_group_invocations);
	return ret;
}

/* ---- shaders ----------------------------------------------------------------- */

static uint32_t shader_stage(const struct vcmd *c, uint32_t handle)
{
	return VDRM_HANDLE_DETAIL(vdrm_handles_get(&c->v->handles, handle));
}

/* A shader in one command: its text (offlen bytes, NUL included) must end
 * inside the command with a NUL. */
static int check_shader_text(struct vcmd *c, uint32_t tail_at)
{
	const uint32_t *p = c->d->payload;
	uint64_t bytes = (uint64_t)(c->d->len - tail_at) * 4;
	const char *text = (const char *)(p + tail_at);

	if (p[2] & SHADER_OFFLEN_CONT || p[2] > bytes)
		return VDRM_OK; /* a part of a long shader */
	if (!p[2] || text[p[2] - 1])
		return fail(c, "the shader text's last byte (offlen %u) is no NUL", p[2]);
	return VDRM_OK;
}

/* The first part creates the shader; later parts add to it. */
static int shader_handle(struct vcmd *c)
{
	const uint32_t *p = c->d->payload;

	if (!(p[2] & SHADER_OFFLEN_CONT))
		return create_handle(c, 0, p[0], VDRM_HANDLE_VALUE(VDRM_OBJ_SHADER, p[1]));
	if (check_ref(c, 0, p[0], VDRM_OBJ_SHADER))
		return VDRM_ERROR_INVALID_ARGUMENT;
	if (!p[0] || shader_stage(c, p[0]) != p[1])
		return fail(c, "a later part of shader %u with another stage (%u)", p[0], p[1]);
	return VDRM_OK;
}

static int check_create_shader(struct vcmd *c)
{
	const uint32_t *p = c->d->payload;
	uint32_t nso = p[1] == STAGE_COMPUTE ? 0 : p[4];
	uint64_t tail_at = 5 + (nso ? 4 + 2 * (uint64_t)nso : 0);
	uint32_t shared = c->v->caps.max_compute_shared_memory_size;

	if (tail_at > c->d->len)
		return fail(c, "%u stream outputs run past the command", nso);
	if (p[1] == STAGE_COMPUTE && shared && p[4] > shared)
		return fail(c, "%u bytes of shared memory exceed the host's %u", p[4], shared);
	if (check_shader_text(c, (uint32_t)tail_at))
		return VDRM_ERROR_INVALID_ARGUMENT;
	return shader_handle(c);
}

static int check_create_object(struct vcmd *c)
{
	switch (c->d->objtype) {
	case VDRM_OBJ_SHADER:
		return check_create_shader(c);
	case VDRM_OBJ_VERTEX_ELEMENTS:
		return check_vertex_elements(c);
	default:
		return VDRM_OK;
	}
}

static int check_bind_shader(struct vcmd *c)
{
	const uint32_t *p = c->d->payload;

	if (p[0] && shader_stage(c, p[0]) != p[1])
		return fail(c, "shader %u is a stage %u shader, bound as stage %u", p[0],
			    shader_stage(c, p[0]), p[1]);
	return VDRM_OK;
}

/* LINK_SHADER's dwords are in stage order. */
static int check_link_shader(struct vcmd *c)
{
	for (uint32_t s = 0; s < 6; s++) {
		uint32_t h = c->d->payload[s];

		if (h && shader_stage(c, h) != s)
			return fail(c, "%s %u is a stage %u shader", field(c, s), h,
				    shader_stage(c, h));
	}
	return VDRM_OK;
}

static int (*const checks[VDRM_CCMD_COUNT])(struct vcmd *c) = {
	[VDRM_CCMD_CREATE_OBJECT] = check_create_object,
	[VDRM_CCMD_BIND_SHADER] = check_bind_shader,
	[VDRM_CCMD_LINK_SHADER] = check_link_shader,
	[VDRM_CCMD_SET_FRAMEBUFFER_STATE] = check_framebuffer,
	[VDRM_CCMD_SET_VIEWPORT_STATE] = check_viewports,
	[VDRM_CCMD_SET_SCISSOR_STATE] = check_viewports,
	[VDRM_CCMD_SET_SAMPLER_VIEWS] = check_sampler_views,
	[VDRM_CCMD_BIND_SAMPLER_STATES] = check_sampler_states,
	[VDRM_CCMD_SET_UNIFORM_BUFFER] = check_uniform_buffer,
	[VDRM_CCMD_SET_SHADER_BUFFERS] = check_shader_buffers,
	[VDRM_CCMD_SET_SHADER_IMAGES] = check_shader_images,
	[VDRM_CCMD_SET_ATOMIC_BUFFERS] = check_atomic_buffers,
	[VDRM_CCMD_SET_STREAMOUT_TARGETS] = check_streamout_targets,
	[VDRM_CCMD_SET_INDEX_BUFFER] = check_index_buffer,
	[VDRM_CCMD_DRAW_VBO] = check_draw,
	[VDRM_CCMD_CLEAR] = check_clear,
	[VDRM_CCMD_LAUNCH_GRID] = check_launch_grid,
};

/* ---- the stream ---------------------------------------------------------------- */

static int check_command(struct vcmd *c)
{
	const struct vdrm_cmd_desc *desc = c->d->desc;
	uint32_t needs = desc->needs_cap;
	int ret;

	if (needs && (c->v->caps.capability_bits & needs) != needs)
		return fail(c, "the host lacks capability bit 0x%x", needs);
	ret = check_roles(c);
	if (!ret && checks[c->d->opcode])
		ret = checks[c->d->opcode](c);
	return ret;
}

static int check_stream(struct vdrm_validator *v, const uint32_t *buf, uint32_t ndw,
			char *msg, size_t msg_size)
{
	struct vdrm_decoded d;
	struct vcmd c = { .v = v, .d = &d, .msg = msg, .msg_size = msg_size };
	uint32_t pos = 0;
	int ret;

	for (;;) {
		c.at = pos;
		ret = vdrm_decode_next(buf, ndw, &pos, &d);
		if (ret == 0)
			return VDRM_OK;
		if (ret < 0)
			return framing_error(&c, ndw);
		ret = check_command(&c);
		if (ret)
			return ret;
	}
}

int vdrm_validate_stream(struct vdrm_validator *v, const uint32_t *buf, uint32_t ndw,
			 const uint32_t *res_ids, uint32_t nr_res, char *msg, size_t msg_size)
{
	int ret = take_resources(v, res_ids, nr_res);

	if (msg_size)
		msg[0] = '\0';
	if (!ret)
		ret = check_stream(v, buf, ndw, msg, msg_size);
	if (ret == VDRM_ERROR_OUT_OF_MEMORY && msg_size)
		snprintf(msg, msg_size, "out of memory while validating");
	if (ret)
		vdrm_handles_rollback(&v->handles);
	else
		vdrm_handles_commit(&v->handles);
	return ret;
}
