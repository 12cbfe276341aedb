/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug: the extension string; GL errors, failed compiles and links,
 * and CPU waits (glReadPixels) as messages to the callback, with their
 * source, type, id and severity; filters by source, type, severity and id
 * lists; the log without a callback (counts, lengths, partial fetches, a
 * full log); glDebugMessageInsert; debug groups (their messages, their own
 * filters, overflow and underflow); object labels of every object type,
 * their round trip, truncation, removal and the label a deleted name drops;
 * and nothing at all while GL_DEBUG_OUTPUT is off (the default outside a
 * debug context).
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
/* the KHR_debug prototypes give F()'s types only: calls go through glt_proc */
#define GL_GLEXT_PROTOTYPES
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))
#define K(n) F(n##KHR)

#define MAX_SEEN 80

struct seen {
	GLenum source, type, severity;
	GLuint id;
	GLsizei length;
	char text[1024];
	const void *user;
};

static struct seen seen[MAX_SEEN];
static int nr_seen;
static int user_token;

static void GL_APIENTRY on_message(GLenum source, GLenum type, GLuint id, GLenum severity,
				   GLsizei length, const GLchar *message, const void *user)
{
	struct seen *s;

	if (nr_seen == MAX_SEEN)
		return;
	s = &seen[nr_seen++];
	*s = (struct seen){ source, type, severity, id, length, "", user };
	strncpy(s->text, message, sizeof(s->text) - 1);
}

/* debug output on, messages to on_message */
static void listen(void)
{
	nr_seen = 0;
	gl.Enable(GL_DEBUG_OUTPUT_KHR);
	K(DebugMessageCallback)(on_message, &user_token);
}

static void insert(GLenum source, GLenum type, GLuint id, GLenum severity, const char *text)
{
	K(DebugMessageInsert)(source, type, id, severity, -1, text);
}

static void insert_app(GLuint id, const char *text)
{
	insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, id,
	       GL_DEBUG_SEVERITY_NOTIFICATION_KHR, text);
}

static void assert_seen(int i, GLenum source, GLenum type, GLuint id, GLenum severity)
{
	ck_assert_int_gt(nr_seen, i);
	ck_assert_uint_eq(seen[i].source, source);
	ck_assert_uint_eq(seen[i].type, type);
	ck_assert_uint_eq(seen[i].id, id);
	ck_assert_uint_eq(seen[i].severity, severity);
	ck_assert_int_eq(seen[i].length, (GLsizei)strlen(seen[i].text));
	ck_assert_ptr_eq(seen[i].user, &user_token);
}

static bool has_extension(const char *name)
{
	GLint n = glt_geti(GL_NUM_EXTENSIONS);

	for (GLint i = 0; i < n; i++)
		if (strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i), name) == 0)
			return true;
	return false;
}

/* A context of that version (and debug flag), current instead of G.ctx. */
static struct vgl_context *other_context(uint32_t major, uint32_t minor, bool debug)
{
	struct vgl_context_info ci = { .major = major, .minor = minor, .debug = debug };
	struct vgl_context *c;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	return c;
}

static void back_to_main(struct vgl_context *c)
{
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}

static void control(GLenum source, GLenum type, GLenum severity, GLsizei n, const GLuint *ids,
		    GLboolean on)
{
	K(DebugMessageControl)(source, type, severity, n, ids, on);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* ---- the extension and its state ------------------------------------------------------- */

START_TEST(t_extension)
{
	struct vgl_context *es2;

	ck_assert(has_extension("GL_KHR_debug"));
	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS), "GL_KHR_debug"));
	es2 = other_context(2, 0, false);
	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS), "GL_KHR_debug"));
	back_to_main(es2);
}
END_TEST

START_TEST(t_state)
{
	struct vgl_context *dbg;
	GLboolean b = GL_TRUE;

	/* not a debug context: output off, no flag */
	ck_assert(!gl.IsEnabled(GL_DEBUG_OUTPUT_KHR));
	ck_assert(!gl.IsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR));
	gl.GetBooleanv(GL_DEBUG_OUTPUT_KHR, &b);
	ck_assert_int_eq(b, GL_FALSE);
	ck_assert_int_eq(glt_geti(0x821E /* GL_CONTEXT_FLAGS */), 0);
	/* the spec's minimums */
	ck_assert_int_ge(glt_geti(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR), 1);
	ck_assert_int_ge(glt_geti(GL_MAX_DEBUG_LOGGED_MESSAGES_KHR), 1);
	ck_assert_int_ge(glt_geti(GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR), 64);
	ck_assert_int_ge(glt_geti(GL_MAX_LABEL_LENGTH_KHR), 256);
	ck_assert_int_eq(glt_geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);
	ck_assert_int_eq(glt_geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 0);
	gl.Enable(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR);
	ck_assert(gl.IsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR));
	/* a debug context: on from the start, and it says so */
	dbg = other_context(3, 0, true);
	ck_assert(gl.IsEnabled(GL_DEBUG_OUTPUT_KHR));
	ck_assert_int_eq(glt_geti(0x821E), GL_CONTEXT_FLAG_DEBUG_BIT_KHR);
	back_to_main(dbg);
}
END_TEST

START_TEST(t_get_pointer)
{
	void *p = &p;

	K(GetPointerv)(GL_DEBUG_CALLBACK_FUNCTION_KHR, &p);
	ck_assert_ptr_null(p);
	listen();
	K(GetPointerv)(GL_DEBUG_CALLBACK_FUNCTION_KHR, &p);
	ck_assert_ptr_eq(p, (void *)on_message);
	K(GetPointerv)(GL_DEBUG_CALLBACK_USER_PARAM_KHR, &p);
	ck_assert_ptr_eq(p, &user_token);
}
END_TEST

/* ---- messages ------------------------------------------------------------------------------ */

START_TEST(t_error_message)
{
	listen();
	gl.BindBuffer(GL_TEXTURE_2D, 0);
	ck_assert_int_eq(nr_seen, 1);
	assert_seen(0, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, GL_INVALID_ENUM,
		    GL_DEBUG_SEVERITY_HIGH_KHR);
	ck_assert_ptr_nonnull(strstr(seen[0].text, "GL_INVALID_ENUM"));
	/* glGetError still has it */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.Viewport(0, 0, -1, 1);
	ck_assert_int_eq(nr_seen, 2);
	assert_seen(1, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, GL_INVALID_VALUE,
		    GL_DEBUG_SEVERITY_HIGH_KHR);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	/* a glGet of a bad pname is one message, not one per place it was looked for */
	glt_geti(GL_TEXTURE_2D);
	ck_assert_int_eq(nr_seen, 3);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
}
END_TEST

START_TEST(t_disabled)
{
	listen();
	gl.Disable(GL_DEBUG_OUTPUT_KHR);
	gl.BindBuffer(GL_TEXTURE_2D, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	insert_app(1, "nobody hears this");
	K(PushDebugGroup)(GL_DEBUG_SOURCE_APPLICATION_KHR, 1, -1, "g");
	K(PopDebugGroup)();
	ck_assert_int_eq(nr_seen, 0);
	/* nor the log */
	K(DebugMessageCallback)(NULL, NULL);
	insert_app(1, "nor this");
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);
}
END_TEST

START_TEST(t_shader_messages)
{
	GLint ok;
	GLuint p;

	listen();
	glt_compile(GL_FRAGMENT_SHADER, "void main() { undeclared = 1.0; }\n", &ok);
	ck_assert_int_eq(ok, 0);
	ck_assert_int_eq(nr_seen, 1);
	assert_seen(0, GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, GL_DEBUG_TYPE_ERROR_KHR, 1,
		    GL_DEBUG_SEVERITY_HIGH_KHR);
	ck_assert_ptr_nonnull(strstr(seen[0].text, "undeclared"));
	/* a program with no shaders does not link */
	p = gl.CreateProgram();
	gl.LinkProgram(p);
	ck_assert_int_eq(nr_seen, 2);
	assert_seen(1, GL_DEBUG_SOURCE_SHADER_COMPILER_KHR, GL_DEBUG_TYPE_ERROR_KHR, 2,
		    GL_DEBUG_SEVERITY_HIGH_KHR);
	gl.DeleteProgram(p);
}
END_TEST

/* glReadPixels of a rendered surface waits for the GPU: a performance message */
START_TEST(t_performance_message)
{
	uint8_t px[4];

	listen();
	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(px[0], 255);
	ck_assert_int_ge(nr_seen, 1);
	assert_seen(0, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR, 3,
		    GL_DEBUG_SEVERITY_MEDIUM_KHR);
	ck_assert_ptr_nonnull(strstr(seen[0].text, "glReadPixels"));
}
END_TEST

/* an ES 3.1 line-loop indirect draw reads its command on the CPU: a LOW
 * performance message, heard once LOW messages are on */
START_TEST(t_cpu_indirect_message)
{
	static const char fs[] = "#version 300 es\n"
				 "out lowp vec4 c;\n"
				 "void main() { c = vec4(1.0); }\n";
	static const float tri[] = { -1, -1, 1, -1, -1, 1 };
	const GLuint cmd[] = { 3, 1, 0, 0 };
	struct vgl_context *c = other_context(3, 1, false);
	GLuint vao;

	gl.UseProgram(glt_program(glt_vs3_window, fs));
	F(GenVertexArrays)(1, &vao);
	F(BindVertexArray)(vao);
	glt_buffer(GL_ARRAY_BUFFER, tri, sizeof(tri));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	glt_buffer(GL_DRAW_INDIRECT_BUFFER, cmd, sizeof(cmd));
	listen();
	F(DrawArraysIndirect)(GL_LINE_LOOP, NULL);
	ck_assert_int_eq(nr_seen, 0);
	control(GL_DONT_CARE, GL_DEBUG_TYPE_PERFORMANCE_KHR, GL_DEBUG_SEVERITY_LOW_KHR, 0, NULL,
		GL_TRUE);
	F(DrawArraysIndirect)(GL_LINE_LOOP, NULL);
	ck_assert_int_ge(nr_seen, 1);
	assert_seen(nr_seen - 1, GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR, 4,
		    GL_DEBUG_SEVERITY_LOW_KHR);
	ck_assert_ptr_nonnull(strstr(seen[nr_seen - 1].text, "indirect"));
	back_to_main(c);
}
END_TEST

START_TEST(t_insert)
{
	listen();
	K(DebugMessageInsert)(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_PORTABILITY_KHR, 77,
			      GL_DEBUG_SEVERITY_MEDIUM_KHR, 5, "hello, world");
	ck_assert_int_eq(nr_seen, 1);
	assert_seen(0, GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_PORTABILITY_KHR, 77,
		    GL_DEBUG_SEVERITY_MEDIUM_KHR);
	ck_assert_str_eq(seen[0].text, "hello");
	/* LOW is off by default */
	insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1,
	       GL_DEBUG_SEVERITY_LOW_KHR, "low");
	ck_assert_int_eq(nr_seen, 1);
}
END_TEST

/* ---- filters ------------------------------------------------------------------------------- */

START_TEST(t_filter_type_and_ids)
{
	GLuint value = GL_INVALID_VALUE;

	listen();
	control(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR_KHR, GL_DONT_CARE, 0, NULL, GL_FALSE);
	gl.BindBuffer(GL_TEXTURE_2D, 0);
	ck_assert_int_eq(nr_seen, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	/* one id back on: INVALID_VALUE is heard, INVALID_ENUM still not */
	control(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR, GL_DONT_CARE, 1, &value, GL_TRUE);
	gl.BindBuffer(GL_TEXTURE_2D, 0);
	gl.Viewport(0, 0, -1, 1);
	ck_assert_int_eq(nr_seen, 1);
	ck_assert_uint_eq(seen[0].id, GL_INVALID_VALUE);
	while (gl.GetError() != GL_NO_ERROR)
		;
	/* a later call over everything wins */
	control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
	gl.Viewport(0, 0, -1, 1);
	ck_assert_int_eq(nr_seen, 1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}
END_TEST

START_TEST(t_filter_source_and_severity)
{
	listen();
	control(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW_KHR, 0, NULL, GL_TRUE);
	insert(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1,
	       GL_DEBUG_SEVERITY_LOW_KHR, "low");
	ck_assert_int_eq(nr_seen, 1);
	control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
	insert_app(2, "muted");
	insert(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_OTHER_KHR, 3,
	       GL_DEBUG_SEVERITY_HIGH_KHR, "heard");
	ck_assert_int_eq(nr_seen, 2);
	ck_assert_uint_eq(seen[1].id, 3);
	/* many calls over the same ids do not pile up (nor fail) */
	for (GLuint i = 0; i < 10000; i++)
		control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_MARKER_KHR, GL_DONT_CARE, 1, &i,
			i & 1);
	insert_app(9999, "odd: on");
	insert_app(9998, "even: off");
	ck_assert_int_eq(nr_seen, 3);
	ck_assert_uint_eq(seen[2].id, 9999);
}
END_TEST

/* ---- the log --------------------------------------------------------------------------------- */

START_TEST(t_log)
{
	GLenum sources[4], types[4], severities[4];
	GLuint ids[4];
	GLsizei lengths[4];
	char buf[64];

	gl.Enable(GL_DEBUG_OUTPUT_KHR);
	insert_app(10, "first");
	insert_app(11, "second one");
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), 2);
	ck_assert_int_eq(glt_geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 6);
	/* the first message does not fit in 5 bytes: nothing is taken */
	ck_assert_uint_eq(K(GetDebugMessageLog)(4, 5, sources, types, ids, severities, lengths, buf),
			  0);
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), 2);
	/* room for the first only */
	ck_assert_uint_eq(K(GetDebugMessageLog)(4, 10, sources, types, ids, severities, lengths, buf),
			  1);
	ck_assert_str_eq(buf, "first");
	ck_assert_uint_eq(ids[0], 10);
	ck_assert_int_eq(lengths[0], 6);
	ck_assert_uint_eq(sources[0], GL_DEBUG_SOURCE_APPLICATION_KHR);
	ck_assert_uint_eq(types[0], GL_DEBUG_TYPE_MARKER_KHR);
	ck_assert_uint_eq(severities[0], GL_DEBUG_SEVERITY_NOTIFICATION_KHR);
	/* an error goes into the log as well */
	gl.BindBuffer(GL_TEXTURE_2D, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	ck_assert_uint_eq(K(GetDebugMessageLog)(4, sizeof(buf), sources, NULL, ids, NULL, lengths,
						buf),
			  2);
	ck_assert_str_eq(buf, "second one");
	ck_assert_ptr_nonnull(strstr(buf + lengths[0], "GL_INVALID_ENUM"));
	ck_assert_uint_eq(ids[1], GL_INVALID_ENUM);
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), 0);
	ck_assert_int_eq(glt_geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR), 0);
}
END_TEST

START_TEST(t_log_full)
{
	GLint max = glt_geti(GL_MAX_DEBUG_LOGGED_MESSAGES_KHR);
	GLuint ids[2];

	gl.Enable(GL_DEBUG_OUTPUT_KHR);
	for (GLint i = 0; i < max + 5; i++)
		insert_app((GLuint)i, "m");
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), max);
	/* a NULL log: count messages, no text; the oldest are kept */
	ck_assert_uint_eq(K(GetDebugMessageLog)(2, 0, NULL, NULL, ids, NULL, NULL, NULL), 2);
	ck_assert_uint_eq(ids[0], 0);
	ck_assert_uint_eq(ids[1], 1);
	ck_assert_int_eq(glt_geti(GL_DEBUG_LOGGED_MESSAGES_KHR), max - 2);
}
END_TEST

/* ---- groups ---------------------------------------------------------------------------------- */

START_TEST(t_groups)
{
	listen();
	K(PushDebugGroup)(GL_DEBUG_SOURCE_APPLICATION_KHR, 42, -1, "frame");
	ck_assert_int_eq(glt_geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 2);
	ck_assert_int_eq(nr_seen, 1);
	assert_seen(0, GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_PUSH_GROUP_KHR, 42,
		    GL_DEBUG_SEVERITY_NOTIFICATION_KHR);
	ck_assert_str_eq(seen[0].text, "frame");
	/* the group's own filters go with it */
	control(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
	insert_app(1, "muted in the group");
	ck_assert_int_eq(nr_seen, 1);
	K(PopDebugGroup)();
	ck_assert_int_eq(glt_geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR), 1);
	ck_assert_int_eq(nr_seen, 2);
	assert_seen(1, GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_POP_GROUP_KHR, 42,
		    GL_DEBUG_SEVERITY_NOTIFICATION_KHR);
	ck_assert_str_eq(seen[1].text, "frame");
	insert_app(2, "heard again");
	ck_assert_int_eq(nr_seen, 3);
}
END_TEST

START_TEST(t_group_stack)
{
	GLint max = glt_geti(GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR);

	K(PopDebugGroup)();
	ck_assert_int_eq(gl.GetError(), GL_STACK_UNDERFLOW_KHR);
	for (GLint i = 1; i < max; i++)
		K(PushDebugGroup)(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, (GLuint)i, 1, "gg");
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(glt_geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR), max);
	K(PushDebugGroup)(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, 0, 1, "g");
	ck_assert_int_eq(gl.GetError(), GL_STACK_OVERFLOW_KHR);
	ck_assert_int_eq(glt_geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR), max);
	for (GLint i = 1; i < max; i++)
		K(PopDebugGroup)();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	K(PopDebugGroup)();
	ck_assert_int_eq(gl.GetError(), GL_STACK_UNDERFLOW_KHR);
	/* a context destroyed with groups still pushed frees them */
	K(PushDebugGroup)(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, 0, 1, "g");
}
END_TEST

/* ---- labels ---------------------------------------------------------------------------------- */

static void assert_label(GLenum identifier, GLuint name, const char *want)
{
	char buf[300];
	GLsizei len = -1;

	K(GetObjectLabel)(identifier, name, sizeof(buf), &len, buf);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(len, (GLsizei)strlen(want));
}

/* The round trip of one object's label, and its errors. */
static void label_round_trip(GLenum identifier, GLuint name)
{
	char small[4];
	GLsizei len = -1;

	assert_label(identifier, name, "");
	K(ObjectLabel)(identifier, name, -1, "my object");
	assert_label(identifier, name, "my object");
	/* a label of `length` characters, NUL or not */
	K(ObjectLabel)(identifier, name, 2, "mythical");
	assert_label(identifier, name, "my");
	K(ObjectLabel)(identifier, name, -1, "a longer one");
	K(GetObjectLabel)(identifier, name, sizeof(small), &len, small);
	ck_assert_str_eq(small, "a l");
	ck_assert_int_eq(len, 3);
	K(GetObjectLabel)(identifier, name, 0, &len, NULL);
	ck_assert_int_eq(len, 12);
	/* too long: an error, the label stays */
	K(ObjectLabel)(identifier, name, 256, "x");
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	assert_label(identifier, name, "a longer one");
	/* NULL removes it */
	K(ObjectLabel)(identifier, name, 0, NULL);
	assert_label(identifier, name, "");
	K(ObjectLabel)(identifier, name, -1, "again");
}

static void assert_no_object(GLenum identifier, GLuint name)
{
	char buf[8];

	K(ObjectLabel)(identifier, name, -1, "x");
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	K(GetObjectLabel)(identifier, name, sizeof(buf), NULL, buf);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}

typedef void(GL_APIENTRY *gen_fn)(GLsizei, GLuint *);

/* gen: a name, labelled; deleted: no object; generated again: no label */
static void label_gen_delete(GLenum identifier, gen_fn gen, gen_fn del)
{
	GLuint name, again;

	gen(1, &name);
	label_round_trip(identifier, name);
	del(1, &name);
	assert_no_object(identifier, name);
	gen(1, &again);
	ck_assert_uint_eq(again, name);
	assert_label(identifier, again, "");
	del(1, &again);
}

START_TEST(t_labels_gen_types)
{
	label_gen_delete(GL_BUFFER_KHR, gl.GenBuffers, (gen_fn)gl.DeleteBuffers);
	label_gen_delete(GL_TEXTURE, F(GenTextures), (gen_fn)F(DeleteTextures));
	label_gen_delete(GL_RENDERBUFFER, F(GenRenderbuffers), (gen_fn)F(DeleteRenderbuffers));
	label_gen_delete(GL_FRAMEBUFFER, F(GenFramebuffers), (gen_fn)F(DeleteFramebuffers));
	label_gen_delete(GL_VERTEX_ARRAY_KHR, F(GenVertexArrays), (gen_fn)F(DeleteVertexArrays));
	label_gen_delete(GL_QUERY_KHR, F(GenQueries), (gen_fn)F(DeleteQueries));
	label_gen_delete(GL_SAMPLER_KHR, F(GenSamplers), (gen_fn)F(DeleteSamplers));
	label_gen_delete(GL_TRANSFORM_FEEDBACK, F(GenTransformFeedbacks),
			 (gen_fn)F(DeleteTransformFeedbacks));
	assert_no_object(GL_TEXTURE, 0);
}
END_TEST

START_TEST(t_labels_shaders_programs)
{
	GLuint sh = gl.CreateShader(GL_VERTEX_SHADER), p = gl.CreateProgram();

	label_round_trip(GL_SHADER_KHR, sh);
	label_round_trip(GL_PROGRAM_KHR, p);
	/* one namespace, two types */
	assert_no_object(GL_PROGRAM_KHR, sh);
	assert_no_object(GL_SHADER_KHR, p);
	gl.DeleteShader(sh);
	gl.DeleteProgram(p);
	assert_no_object(GL_SHADER_KHR, sh);
	assert_no_object(GL_PROGRAM_KHR, p);
}
END_TEST

START_TEST(t_labels_sync)
{
	GLsync s = F(FenceSync)(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	char buf[16];
	GLsizei len = -1;

	K(GetObjectPtrLabel)(s, sizeof(buf), &len, buf);
	ck_assert_str_eq(buf, "");
	K(ObjectPtrLabel)(s, -1, "fence");
	K(GetObjectPtrLabel)(s, sizeof(buf), &len, buf);
	ck_assert_str_eq(buf, "fence");
	ck_assert_int_eq(len, 5);
	F(DeleteSync)(s);
	K(ObjectPtrLabel)(s, -1, "gone");
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	K(GetObjectPtrLabel)(s, sizeof(buf), &len, buf);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}
END_TEST

/* program pipelines are ES 3.1's (a development context); ES 2.0 has no samplers */
START_TEST(t_labels_versions)
{
	struct vgl_context *c = other_context(3, 1, false);

	label_gen_delete(GL_PROGRAM_PIPELINE_KHR, F(GenProgramPipelines),
			 (gen_fn)F(DeleteProgramPipelines));
	back_to_main(c);
	c = other_context(2, 0, false);
	K(ObjectLabel)(GL_SAMPLER_KHR, 1, -1, "x");
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	label_gen_delete(GL_VERTEX_ARRAY_KHR, F(GenVertexArraysOES),
			 (gen_fn)F(DeleteVertexArraysOES));
	back_to_main(c);
}
END_TEST

/* a label is of the share group: another context of it reads it */
START_TEST(t_labels_shared)
{
	struct vgl_context_info ci = { .major = 3, .share = G.ctx };
	struct vgl_context *c;
	GLuint b;

	gl.GenBuffers(1, &b);
	K(ObjectLabel)(GL_BUFFER_KHR, b, -1, "shared");
	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	assert_label(GL_BUFFER_KHR, b, "shared");
	back_to_main(c);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_debug");
	TCase *tc = tcase_create("debug");

	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	/* check's 4 s: a CI run's AddressSanitizer build, beside the other
	 * suites, ran past it in 10,000 glDebugMessageControl calls */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, t_extension);
	tcase_add_test(tc, t_state);
	tcase_add_test(tc, t_get_pointer);
	tcase_add_test(tc, t_error_message);
	tcase_add_test(tc, t_disabled);
	tcase_add_test(tc, t_shader_messages);
	tcase_add_test(tc, t_performance_message);
	tcase_add_test(tc, t_cpu_indirect_message);
	tcase_add_test(tc, t_insert);
	tcase_add_test(tc, t_filter_type_and_ids);
	tcase_add_test(tc, t_filter_source_and_severity);
	tcase_add_test(tc, t_log);
	tcase_add_test(tc, t_log_full);
	tcase_add_test(tc, t_groups);
	tcase_add_test(tc, t_group_stack);
	tcase_add_test(tc, t_labels_gen_types);
	tcase_add_test(tc, t_labels_shaders_programs);
	tcase_add_test(tc, t_labels_sync);
	tcase_add_test(tc, t_labels_versions);
	tcase_add_test(tc, t_labels_shared);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
