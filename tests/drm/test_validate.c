/* SPDX-License-Identifier: MIT */
/*
 * vdrm_validate: hand-built streams, each breaking one rule, are rejected with
 * a message naming the command, its offset and the rule; good streams pass;
 * object handles follow a host context across streams, and a rejected
 * stream leaves them as they were.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_cs.h"
#include "vdrm_result.h"
#include "vdrm_validate.h"
#include "check_run.h"

#define RES_LISTED 1u   /* in every submission's list */
#define RES_UNLISTED 2u /* live, but in no list */
#define STAGE_VS 0u
#define STAGE_FS 1u
#define STAGE_TCS 3u
#define PRIM_TRIANGLES 4u

static const struct vdrm_caps test_caps = {
	.glsl_level = 330, /* no tessellation */
	.max_render_targets = 4,
	.max_texture_image_units = 16,
	.max_uniform_blocks = 13,
	.max_viewports = 1,
	.max_shader_buffer_frag_compute = 8,
	.capability_bits = VDRM_CAP_COMPUTE_SHADER,
};

static struct vdrm_validator *v;
static struct vdrm_cs cs;
static char msg[256];

static void setup(void)
{
	v = vdrm_validator_create(&test_caps);
	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(vdrm_validator_resource_created(v, RES_LISTED), 0);
	ck_assert_int_eq(vdrm_validator_resource_created(v, RES_UNLISTED), 0);
	vdrm_cs_init(&cs);
}

static void teardown(void)
{
	vdrm_cs_finish(&cs);
	vdrm_validator_destroy(v);
}

/* Validates cs as one submission carrying RES_LISTED, then empties it. */
static int submit(void)
{
	static const uint32_t list[] = { RES_LISTED };
	int ret;

	ck_assert(vdrm_cs_ok(&cs));
	ret = vdrm_validate_stream(v, cs.buf, cs.cdw, list, 1, msg, sizeof(msg));
	vdrm_cs_reset(&cs);
	return ret;
}

static void raw(uint32_t n, const uint32_t *dw)
{
	uint32_t *p = vdrm_cs_reserve(&cs, n);

	memcpy(p, dw, n * sizeof(*dw));
}

static void blend(uint32_t handle)
{
	vdrm_encode_create_blend(&cs, &(struct vdrm_cmd_create_blend){ .handle = handle });
}

static void bind_blend(uint32_t handle)
{
	vdrm_encode_bind_blend(&cs, &(struct vdrm_cmd_bind_blend){ .handle = handle });
}

static void shader(uint32_t handle, uint32_t stage)
{
	static const char text[] = "VERT\nEND\n";

	vdrm_encode_create_shader(&cs, &(struct vdrm_cmd_create_shader){
		.handle = handle, .type = stage, .data = text, .size_bytes = sizeof(text) - 1 });
}

static void draw(uint32_t mode)
{
	vdrm_encode_draw_vbo(&cs, &(struct vdrm_cmd_draw_vbo){
		.count = 3, .mode = mode, .instance_count = 1 });
}

/* ---- one broken rule per case ----------------------------------------------------- */

static void unknown_command(void)
{
	raw(2, (const uint32_t[]){ VDRM_CMD_HEADER(62, 0, 1), 0 });
}

static void truncated(void)
{
	raw(3, (const uint32_t[]){ VDRM_CMD_HEADER(VDRM_CCMD_CLEAR, 0, 8), 1, 2 });
}

static void length_out_of_bounds(void)
{
	raw(8, (const uint32_t[]){ VDRM_CMD_HEADER(VDRM_CCMD_CLEAR, 0, 7), 1, 0, 0, 0, 0, 0, 0 });
}

static void used_before_create(void)
{
	bind_blend(5);
}

static void wrong_type(void)
{
	vdrm_encode_create_dsa(&cs, &(struct vdrm_cmd_create_dsa){ .handle = 5 });
	bind_blend(5);
}

static void used_after_destroy(void)
{
	blend(7);
	vdrm_encode_destroy_object(&cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_BLEND, .handle = 7 });
	bind_blend(7);
}

static void created_twice(void)
{
	blend(7);
	blend(7);
}

static void resource_not_listed(void)
{
	vdrm_encode_set_index_buffer(&cs, &(struct vdrm_cmd_set_index_buffer){
		.res = RES_UNLISTED, .index_size = 2 });
}

static void view_of_dead_resource(void)
{
	vdrm_encode_create_sampler_view(&cs, &(struct vdrm_cmd_create_sampler_view){
		.handle = 3, .res = 99 });
}

static void sampler_slot_over_caps(void)
{
	vdrm_encode_set_sampler_views(&cs, &(struct vdrm_cmd_set_sampler_views){
		.stage = STAGE_FS, .start_slot = 15, .elems = (const uint32_t[]){ 0, 0 }, .count = 2 });
}

static void ubo_index_over_caps(void)
{
	vdrm_encode_set_uniform_buffer(&cs, &(struct vdrm_cmd_set_uniform_buffer){
		.stage = STAGE_VS, .index = 13 });
}

static void ssbo_slot_over_caps(void)
{
	vdrm_encode_set_shader_buffers(&cs, &(struct vdrm_cmd_set_shader_buffers){
		.stage = STAGE_VS, .count = 1,
		.elems = (const struct vdrm_set_shader_buffers_elem[]){ { 0 } } });
}

static void too_many_colour_buffers(void)
{
	vdrm_encode_set_framebuffer_state(&cs, &(struct vdrm_cmd_set_framebuffer_state){
		.elems = (const uint32_t[]){ 0, 0, 0, 0, 0 }, .count = 5 });
}

static void unsupported_stage(void)
{
	shader(4, STAGE_TCS);
}

static void shader_bound_to_other_stage(void)
{
	shader(4, STAGE_VS);
	vdrm_encode_bind_shader(&cs, &(struct vdrm_cmd_bind_shader){ .handle = 4, .type = STAGE_FS });
}

static void shader_text_without_nul(void)
{
	raw(4, (const uint32_t[]){ VDRM_CMD_HEADER(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_SHADER, 6),
				   4, STAGE_VS, 4 });
	raw(3, (const uint32_t[]){ 0, 0, 0x41414141 });
}

static void missing_capability(void)
{
	vdrm_encode_memory_barrier(&cs, &(struct vdrm_cmd_memory_barrier){ .flags = 1 });
}

static void bad_draw_mode(void)
{
	draw(15);
}

/* a host with GL_NV_primitive_restart drops the client for it (NVIDIA) */
static void restart_flag(void)
{
	vdrm_encode_draw_vbo(&cs, &(struct vdrm_cmd_draw_vbo){
		.count = 3, .mode = 4, .indexed = 1, .instance_count = 1, .primitive_restart = 1,
		.restart_index = 0xffff, .max_index = UINT32_MAX });
}

static void bad_index_size(void)
{
	vdrm_encode_set_index_buffer(&cs, &(struct vdrm_cmd_set_index_buffer){
		.res = RES_LISTED, .index_size = 3 });
}

static void bad_clear_bits(void)
{
	vdrm_encode_clear(&cs, &(struct vdrm_cmd_clear){ .buffers = 0x800 });
}

static void clear_past_render_targets(void)
{
	vdrm_encode_clear(&cs, &(struct vdrm_cmd_clear){ .buffers = 4u << 4 });
}

static const struct bad_case {
	const char *name;
	void (*build)(void);
	const char *message; /* expected inside the validator's message */
} bad_cases[] = {
	{ "unknown command", unknown_command, "command at dword 0: unknown command (opcode 62" },
	{ "truncated", truncated, "CLEAR at dword 0: length 8 runs past the stream's end" },
	{ "length", length_out_of_bounds, "CLEAR at dword 0: length 7 is outside the table's bounds" },
	{ "before create", used_before_create, "BIND_OBJECT(BLEND) at dword 0: handle 5 is no live object" },
	{ "wrong type", wrong_type, "BIND_OBJECT(BLEND) at dword 6: handle 5 is a DSA, not a BLEND" },
	{ "after destroy", used_after_destroy, "BIND_OBJECT(BLEND) at dword 14: handle 7 is no live object" },
	{ "created twice", created_twice, "CREATE_OBJECT(BLEND) at dword 12: handle 7 is already a live BLEND" },
	{ "not listed", resource_not_listed, "SET_INDEX_BUFFER at dword 0: res 2 is not in the submission's resource list" },
	{ "dead resource", view_of_dead_resource, "CREATE_OBJECT(SAMPLER_VIEW) at dword 0: res 99 is no live resource" },
	{ "sampler slots", sampler_slot_over_caps, "SET_SAMPLER_VIEWS at dword 0: slots 15..16 exceed the host's 16" },
	{ "ubo index", ubo_index_over_caps, "SET_UNIFORM_BUFFER at dword 0: index 13 is not below the host's 13" },
	{ "ssbo slots", ssbo_slot_over_caps, "SET_SHADER_BUFFERS at dword 0: slots 0..0 exceed the host's 0" },
	{ "colour buffers", too_many_colour_buffers, "SET_FRAMEBUFFER_STATE at dword 0: 5 colour buffers exceed the host's 4" },
	{ "stage", unsupported_stage, "CREATE_OBJECT(SHADER) at dword 0: type 3 is no shader stage the host runs" },
	{ "bind stage", shader_bound_to_other_stage, "BIND_SHADER at dword 9: shader 4 is a stage 0 shader, bound as stage 1" },
	{ "shader NUL", shader_text_without_nul, "CREATE_OBJECT(SHADER) at dword 0: the shader text's last byte (offlen 4) is no NUL" },
	{ "capability", missing_capability, "MEMORY_BARRIER at dword 0: the host lacks capability bit 0x40" },
	{ "draw mode", bad_draw_mode, "DRAW_VBO at dword 0: mode 15 is no primitive type" },
	{ "restart flag", restart_flag, "DRAW_VBO at dword 0: primitive_restart is set" },
	{ "index size", bad_index_size, "SET_INDEX_BUFFER at dword 0: index_size 3 is not 1, 2 or 4 bytes" },
	{ "clear bits", bad_clear_bits, "CLEAR at dword 0: buffers 0x800 has unknown bits" },
	{ "clear targets", clear_past_render_targets, "CLEAR at dword 0: buffers 0x40 clears colour buffers past the host's 4" },
};

START_TEST(bad_stream_is_rejected_with_its_rule)
{
	const struct bad_case *c = &bad_cases[_i];

	c->build();
	ck_assert_msg(submit() == VDRM_ERROR_INVALID_ARGUMENT, "%s: accepted", c->name);
	ck_assert_msg(strstr(msg, c->message), "%s: got \"%s\"", c->name, msg);
}
END_TEST

/* ---- good streams and state across streams ---------------------------------------- */

static void good_frame(void)
{
	vdrm_encode_create_surface(&cs, &(struct vdrm_cmd_create_surface){ .handle = 1, .res = RES_UNLISTED });
	blend(2);
	bind_blend(2);
	shader(3, STAGE_VS);
	shader(4, STAGE_FS);
	vdrm_encode_bind_shader(&cs, &(struct vdrm_cmd_bind_shader){ .handle = 3, .type = STAGE_VS });
	vdrm_encode_bind_shader(&cs, &(struct vdrm_cmd_bind_shader){ .handle = 4, .type = STAGE_FS });
	vdrm_encode_set_framebuffer_state(&cs, &(struct vdrm_cmd_set_framebuffer_state){
		.elems = (const uint32_t[]){ 1, 0 }, .count = 2 });
	vdrm_encode_set_index_buffer(&cs, &(struct vdrm_cmd_set_index_buffer){
		.res = RES_LISTED, .index_size = 2 });
	vdrm_encode_clear(&cs, &(struct vdrm_cmd_clear){ .buffers = 4 | 8 | 1 });
	draw(PRIM_TRIANGLES);
}

START_TEST(good_stream_is_accepted)
{
	good_frame();
	ck_assert_int_eq(submit(), 0);
	ck_assert_str_eq(msg, "");
	bind_blend(2); /* the handles stay live for the next stream */
	vdrm_encode_destroy_object(&cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_BLEND, .handle = 2 });
	ck_assert_int_eq(submit(), 0);
	bind_blend(2);
	ck_assert_int_eq(submit(), VDRM_ERROR_INVALID_ARGUMENT);
}
END_TEST

START_TEST(rejected_stream_changes_nothing)
{
	blend(10);
	vdrm_encode_destroy_object(&cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_NULL, .handle = 10 });
	blend(11);
	draw(99);
	ck_assert_int_eq(submit(), VDRM_ERROR_INVALID_ARGUMENT);
	bind_blend(11);
	ck_assert_int_eq(submit(), VDRM_ERROR_INVALID_ARGUMENT);
	blend(10);
	blend(11);
	ck_assert_int_eq(submit(), 0);
}
END_TEST

/* Enough handles to make the table grow while a stream is open, most of
 * them destroyed in the same stream, then the stream rejected. */
START_TEST(many_handles_roll_back)
{
	for (uint32_t h = 1; h <= 3000; h++) {
		blend(h);
		if (h % 3)
			vdrm_encode_destroy_object(&cs, &(struct vdrm_cmd_destroy_object){
				.obj_type = VDRM_OBJ_BLEND, .handle = h });
	}
	ck_assert_int_eq(submit(), 0);
	for (uint32_t h = 3001; h <= 9000; h++)
		blend(h);
	bind_blend(1);
	ck_assert_int_eq(submit(), VDRM_ERROR_INVALID_ARGUMENT);
	bind_blend(3000);
	blend(9000);
	ck_assert_int_eq(submit(), 0);
}
END_TEST

static Suite *validate_suite(void)
{
	Suite *s = suite_create("vdrm_validate");
	TCase *t = tcase_create("rules");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_loop_test(t, bad_stream_is_rejected_with_its_rule, 0,
			    sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_test(t, good_stream_is_accepted);
	tcase_add_test(t, rejected_stream_changes_nothing);
	tcase_add_test(t, many_handles_roll_back);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return check_run(validate_suite(), CK_NORMAL);
}
