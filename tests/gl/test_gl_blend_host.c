/* SPDX-License-Identifier: MIT */
/*
 * GL_KHR_blend_equation_advanced blended by the host (issue #16): on a host
 * with the equations (VIRGL_CAP_V2_BLEND_EQUATION) but no framebuffer fetch,
 * virglrenderer applies the equation itself. The host here (llvmpipe) has
 * fbfetch, so VIRTGL_DEBUG=hostblend forces vk/'s host path and these tests
 * assert what is sent: the blend object with the equation in render target
 * 0's alpha_src_factor (blending off, alpha_dst_factor 0), the fragment
 * shader's PROPERTY FS_BLEND_EQUATION_ADVANCED with the program's declared
 * equations and no FBFETCH epilogue, glBlendBarrierKHR as TEXTURE_BARRIER
 * with the framebuffer flag, and only the non-coherent extension listed.
 * The pixels are not checked: virglrenderer ignores the host path on a host
 * with fbfetch (they are dEQP's, on the NVIDIA host).
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h> /* after the GLES 3 header */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "vdrm_cmds.h"
#include "vgl_device.h"
#include "vvk_device.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* MULTIPLY (1), SCREEN (2) and HSL_LUMINOSITY (15) */
static const char *fs_three =
	"#version 300 es\n"
	"#extension GL_KHR_blend_equation_advanced : require\n"
	"precision mediump float;\n"
	"layout(blend_support_multiply, blend_support_screen) out;\n"
	"layout(blend_support_hsl_luminosity) out;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() { o = vec4(0.5, 0.25, 1.0, 1.0); }\n";
#define THREE_MASK ((1u << 1) | (1u << 2) | (1u << 15))

static const GLenum equations[15] = {
	GL_MULTIPLY_KHR, GL_SCREEN_KHR, GL_OVERLAY_KHR, GL_DARKEN_KHR, GL_LIGHTEN_KHR,
	GL_COLORDODGE_KHR, GL_COLORBURN_KHR, GL_HARDLIGHT_KHR, GL_SOFTLIGHT_KHR,
	GL_DIFFERENCE_KHR, GL_EXCLUSION_KHR, GL_HSL_HUE_KHR, GL_HSL_SATURATION_KHR,
	GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR,
};

static void draw(void)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

/* The device's shared objects (CREATE_OBJECT commands, handles zeroed). */
static const struct vvk_object_cache *objects(void)
{
	return &vvk_device_from_handle(G.dev->dev)->objects;
}

/* Whether a CREATE_OBJECT(BLEND) has render target 0's dword rt0. */
static bool has_blend_rt0(uint32_t rt0)
{
	const struct vvk_object_cache *c = objects();
	uint32_t hdr = VDRM_CMD_HEADER(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_BLEND,
				       VDRM_CREATE_BLEND_LEN);

	for (uint32_t i = 0; i < c->count; i++)
		if (c->objs[i].ndw > 4 && c->objs[i].key[0] == hdr && c->objs[i].key[4] == rt0)
			return true;
	return false;
}

/* How many fragment shaders' TGSI texts contain `s`. */
static int fragment_shaders_with(const char *s)
{
	const struct vvk_object_cache *c = objects();
	int n = 0;

	for (uint32_t i = 0; i < c->count; i++) {
		const struct vvk_cached_object *o = &c->objs[i];
		const char *text = (const char *)o->key;
		size_t len = (size_t)o->ndw * 4;

		if ((o->key[0] & 0xffff) != (VDRM_CCMD_CREATE_OBJECT | VDRM_OBJ_SHADER << 8) ||
		    !memmem(text, len, "FRAG\n", 5))
			continue;
		n += memmem(text, len, s, strlen(s)) != NULL;
	}
	return n;
}

START_TEST(t_listed_not_coherent)
{
	ck_assert(glt_has_extension("GL_KHR_blend_equation_advanced"));
	ck_assert(!glt_has_extension("GL_KHR_blend_equation_advanced_coherent"));
	gl.Enable(GL_BLEND_ADVANCED_COHERENT_KHR);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
}
END_TEST

/* Each equation: the blend object carries it, the shader declares the
 * program's three, and nothing blends in the shader. */
START_TEST(t_stream)
{
	unsigned e = (unsigned)_i + 1;
	GLuint p = glt_program(vs, THREE_MASK & (1u << e) ? fs_three :
				   "#version 300 es\n"
				   "#extension GL_KHR_blend_equation_advanced : require\n"
				   "precision mediump float;\n"
				   "layout(blend_support_all_equations) out;\n"
				   "layout(location = 0) out vec4 o;\n"
				   "void main() { o = vec4(0.5); }\n");
	char prop[64];

	gl.UseProgram(p);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(equations[_i]);
	draw();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* colormask RGBA (bits 27..30), the equation in alpha_src_factor
	 * (bits 17..21), blend_enable (bit 0) and the rest 0 */
	ck_assert_msg(has_blend_rt0(0xfu << 27 | e << 17), "equation %u: no such blend object", e);
	snprintf(prop, sizeof(prop), "PROPERTY FS_BLEND_EQUATION_ADVANCED %u\n",
		 THREE_MASK & (1u << e) ? THREE_MASK : 0xfffeu);
	ck_assert_int_eq(fragment_shaders_with(prop), 1);
	ck_assert_int_eq(fragment_shaders_with("FBFETCH"), 0);
	gl.DeleteProgram(p);
}
END_TEST

/* Draws with the basic equations keep the blend object's own fields and
 * send no property. */
START_TEST(t_basic_untouched)
{
	GLuint p = glt_program(vs, fs_three);

	gl.UseProgram(p);
	gl.Enable(GL_BLEND);
	gl.BlendFunc(GL_ONE, GL_ONE);
	draw();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* ADD (0), ONE (1) for all four factors, enabled */
	ck_assert(has_blend_rt0(0xfu << 27 | 1u << 22 | 1u << 17 | 1u << 9 | 1u << 4 | 1u));
	ck_assert_int_eq(fragment_shaders_with("FS_BLEND_EQUATION_ADVANCED"), 0);
	gl.DeleteProgram(p);
}
END_TEST

/* glBlendBarrierKHR: TEXTURE_BARRIER with PIPE_TEXTURE_BARRIER_FRAMEBUFFER. */
START_TEST(t_barrier)
{
	GLuint p = glt_program(vs, fs_three);
	uint32_t hdr = VDRM_CMD_HEADER(VDRM_CCMD_TEXTURE_BARRIER, 0, VDRM_TEXTURE_BARRIER_LEN);
	const uint32_t *dw;
	uint32_t before, n;
	int found = 0;

	gl.UseProgram(p);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	draw();
	before = vgl_context_recorded(G.ctx, &dw);
	((PFNGLBLENDBARRIERKHRPROC)glt_proc("glBlendBarrierKHR"))();
	draw();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	n = vgl_context_recorded(G.ctx, &dw);
	ck_assert_uint_gt(n, before);
	for (uint32_t i = before; i + 1 < n; i++)
		found += dw[i] == hdr && dw[i + 1] == 1u << 1;
	ck_assert_int_eq(found, 1);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_blend_host");
	TCase *tc = tcase_create("blend_host");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_listed_not_coherent);
	tcase_add_loop_test(tc, t_stream, 0, 15);
	tcase_add_test(tc, t_basic_untouched);
	tcase_add_test(tc, t_barrier);
	suite_add_tcase(s, tc);
	return s;
}

/* VIRTGL_DEBUG=hostblend added to what the environment says, before the
 * fixture opens the device. */
int main(void)
{
	const char *d = getenv("VIRTGL_DEBUG");
	char buf[256];

	snprintf(buf, sizeof(buf), "%s%shostblend", d ? d : "", d && *d ? "," : "");
	setenv("VIRTGL_DEBUG", buf, 1);
	return glt_main(suite);
}
