/* SPDX-License-Identifier: MIT */
/*
 * Shader and program objects (one GL namespace), and a program's link
 * result. glCompileShader keeps the glsl_shader (tree + sema) alive for the
 * link; glLinkProgram turns glsl_shader_link's SPIR-V and resource lists
 * into a vgl_linked: shader modules, ONE descriptor set layout sized exactly
 * from what the program uses (technique 1), the default uniform block's CPU
 * data (technique 3: push constants, or a GPU buffer when too big for them),
 * the GL binding point of each uniform
 * block, and caches of descriptor sets and pipelines. A relink makes a new
 * vgl_linked; batches keep the old one alive until they are submitted.
 *
 * Bindings. The compiler numbers bindings per stage (default block 0, then
 * that stage's blocks, then its samplers), so one block can have different
 * numbers in the two stages. The link renumbers them program-wide in the
 * SPIR-V (vgl_spirv.c): default block 0, block i -> 1 + i, then the
 * samplers' elements, so one set layout serves both stages.
 */
#pragma once

#include <GLES3/gl3.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vgl_image_unit.h"
#include "vgl_descriptors.h"
#include "vgl_object.h"
#include "vgl_pipeline.h"
#include "vgl_program_pipeline.h"
#include "vc_ir.h"
#include "vvk.h"

struct glsl_shader;
struct vgl_context;
struct vgl_limits;
struct vgl_share;
struct vgl_storage;

enum vgl_pobj_kind { VGL_POBJ_SHADER = 1, VGL_POBJ_PROGRAM };

struct vgl_shader {
	enum vgl_pobj_kind kind;          /* first: the namespace holds both kinds */
	GLuint name;
	GLenum type;
	char *source;
	struct glsl_shader *compiled;     /* NULL until compiled */
	bool compile_status;
	bool version_refused;             /* compiled, but a later GLSL than the context's */
	bool delete_pending;
	int attached;                     /* programs it is attached to (share lock) */
};

struct vgl_uniform {
	char *name;                       /* without "[0]" */
	GLenum type;
	uint32_t array_size;              /* 0: not an array (nor unsized) */
	bool unsized;                     /* buffer variables: an unsized array */
	int32_t block;                    /* -1: default block; buffer variables: the ssbo */
	uint32_t offset, array_stride, matrix_stride;
	bool row_major, is_sampler;
	bool is_image;                    /* ES 3.1: its unit is image_unit (layout(binding)) on */
	GLuint image_unit;
	int32_t first_location;           /* -1: none (block members) */
	/* ES 3.1 layout(location): first_location is fixed to gl_location */
	bool explicit_location;
	uint32_t gl_location;
	int32_t binding;                  /* samplers: program-wide binding of element 0 */
	uint32_t first_unit;              /* samplers: index into linked->sampler_units */
	bool in_vs, in_fs;                /* default block, samplers: the stages that declare it */
	bool in_gs;                       /* ... and the geometry stage */
	bool in_tcs, in_tes;              /* ... and the tessellation stages */
	/* buffer variables: the block member's array length (0: unsized) and stride */
	uint32_t top_array_size, top_array_stride;
	/* atomic counters (ES 3.1): offset is in the buffer, no location; the
	 * index of its buffer among the program's atomic counter buffers */
	bool is_atomic;
	uint32_t atomic_buffer;
};

struct vgl_block {
	char *name;
	uint32_t size;
	uint32_t binding;                 /* program-wide descriptor binding */
	bool in_vs, in_fs, in_gs, in_tcs, in_tes;
	uint32_t first_uniform, nr_uniforms;
	GLuint gl_binding;                /* glUniformBlockBinding */
};

/* A buffer block (ES 3.1 shader storage; compute programs only). */
struct vgl_ssbo {
	char *name;
	uint32_t size;                    /* bytes before the unsized array, if any */
	uint32_t binding;                 /* descriptor binding (after the samplers) */
	GLuint gl_binding;                /* layout(binding): the GL_SHADER_STORAGE_BUFFER point */
	uint32_t data_size;               /* GL_BUFFER_DATA_SIZE: one element of an unsized array */
	uint32_t first_var, nr_vars;      /* its members in linked->buffer_vars */
	/* the buffer of one atomic counter binding (vgl_atomic_counter.c):
	 * gl_binding is a GL_ATOMIC_COUNTER_BUFFER point; these follow the
	 * buffer blocks in linked->ssbos, and first_var, nr_vars are their
	 * counters in linked->uniforms */
	bool atomic;
	uint32_t stages;                  /* graphics: the VkShaderStageFlags declaring it */
};

/* An image uniform of a compute program (ES 3.1): its descriptor bindings
 * (one per element) read the image units from its layout(binding) on. */
struct vgl_image_res {
	char *name;
	uint32_t binding;                 /* descriptor binding of element 0 */
	GLuint gl_binding;                /* layout(binding): the first image unit */
	uint32_t array_size;              /* 0: not an array */
	struct vgl_image_decl decl;
	uint32_t stages;                  /* graphics: the VkShaderStageFlags declaring it */
};

/* The elements of a resource of array_size (0: not an array). */
static inline uint32_t vgl_linked_elements(uint32_t array_size)
{
	return array_size ? array_size : 1;
}

struct vgl_attrib_info {
	char *name;
	GLenum type;
	GLint size;
	GLint location;
	uint32_t slots;                   /* locations it takes (all elements) */
	bool is_array;
	bool patch;                       /* GL_IS_PER_PATCH_EXT */
};

/* uniform VGL_NO_UNIFORM: a location between explicit ones that no
 * uniform takes (glUniform*: GL_INVALID_OPERATION) */
struct vgl_location {
	uint32_t uniform, element;
};

#define VGL_NO_UNIFORM UINT32_MAX

/* A captured varying as glGetTransformFeedbackVarying reports it. */
struct vgl_xfb_varying {
	char *name;
	GLenum type;
	GLint size;
};

/* The link's transform feedback (vgl_xfb_program.c): what the queries
 * report, and the pipeline's stream output (vvk.h). */
struct vgl_linked_xfb {
	struct vgl_xfb_varying *varyings;
	uint32_t nr_varyings;
	struct vvk_stream_output_entry *entries;
	uint32_t nr_entries;
	uint32_t strides[VVK_MAX_STREAM_OUTPUT_BUFFERS]; /* bytes per vertex */
	uint32_t nr_buffers;              /* binding points a capture writes */
	GLenum mode;                      /* GL_INTERLEAVED_ATTRIBS or GL_SEPARATE_ATTRIBS */
};

struct vgl_linked {
	struct vgl_object obj;
	uint64_t id;                      /* vgl_unique_id: tells a relink at a freed one's address apart */
	struct vgl_device *dev;
	struct vgl_uniform *uniforms;
	uint32_t nr_uniforms;
	struct vgl_block *blocks;
	uint32_t nr_blocks;
	struct vgl_attrib_info *attribs;
	uint32_t nr_attribs;
	struct vgl_attrib_info *outputs;
	uint32_t nr_outputs;
	struct vgl_attrib_info *varyings; /* separable programs of one stage: its interface */
	uint32_t nr_varyings;
	struct vgl_location *locations;
	uint32_t nr_locations;
	GLint *sampler_units;             /* per sampler element: texture unit */
	uint32_t nr_sampler_units;
	uint32_t vs_inputs;               /* mask of attribute locations the VS reads */
	VkShaderModule vs, fs;
	VkShaderModule fs_y_down;         /* for window buffers; often fs itself */
	/* EXT_geometry_shader: the stage between (VK_NULL_HANDLE: none) and
	 * its layout (GEOMETRY_LINKED_* queries, the draw's primitive check) */
	VkShaderModule gs;
	struct vc_geometry gs_info;
	/* EXT_tessellation_shader: the two stages (VK_NULL_HANDLE: none) and
	 * their layouts (TESS_* program queries) */
	VkShaderModule tcs, tes;
	struct vc_tess tess_info;
	/* ES 3.1 compute programs (vgl_linked_compute.c): one shader, one
	 * pipeline made at link, buffer blocks */
	bool compute;
	VkShaderStageFlags stages;        /* the stages its descriptors and push constants serve */
	uint32_t local_size[3];
	VkShaderModule cs;
	VkPipeline compute_pipeline;
	struct vgl_ssbo *ssbos;
	uint32_t nr_ssbos;               /* buffer blocks, then nr_atomic_buffers */
	uint32_t nr_atomic_buffers;
	struct vgl_image_res *images;
	uint32_t nr_images, nr_image_elems;
	struct vgl_uniform *buffer_vars;  /* the buffer blocks' members (block: index in ssbos) */
	uint32_t nr_buffer_vars;
	VkDescriptorSetLayout set_layout; /* VK_NULL_HANDLE: no descriptors at all */
	VkPipelineLayout layout;
	/* technique 3: loose uniforms, std140, binding 0 */
	uint8_t *data;
	uint32_t data_size;
	struct vgl_storage *ubo;          /* NULL when push: the block is CONST[0] */
	bool push;                        /* the block is the push constant block */
	uint64_t push_serial;             /* names the data last pushed (vgl_linked_upload_uniforms) */
	uint32_t dirty_lo, dirty_hi;      /* bytes of data not yet on the GPU */
	int32_t depth_range_at;           /* gl_DepthRange's offset in data; -1: unused */
	int32_t num_samples_at;           /* gl_NumSamples's offset in data; -1: unused */
	struct vgl_linked_xfb xfb;
	/* ES 3.1 separable programs (vgl_separable.c): the stages the program
	 * has (a program linked of one stage gets a stand-in for the other),
	 * and those stages compiled again, for the links of the program
	 * pipelines that use them (vgl_program_pipeline.c) */
	bool separable, has_vs, has_fs;
	/* the fragment shader's layout(blend_support_...) equations
	 * (KHR_blend_equation_advanced; bit e: vgl_blend_advanced's e) */
	uint32_t blend_support;
	/* its stages that are stand-ins (glsl_link_options.stand_ins): such a
	 * link is not drawn, nor are its stand-ins' queries answered */
	uint32_t sep_stand_ins;
	bool has_mid;                     /* a geometry or tessellation stage of its own */
	/* per VGL_PPO_* stage (compute: none), and their sources, compiled
	 * again with the names a pipeline renames */
	struct glsl_shader *sep[VGL_PPO_STAGES];
	char *sep_source[VGL_PPO_STAGES];
	/* glGetProgramBinary: the program as linked (glsl_program_binary.h);
	 * binary_size 0 when it has none */
	uint8_t *binary;
	size_t binary_size;
	pthread_mutex_t lock;             /* descriptor sets and pipelines */
	struct vgl_dcache sets;
	struct vgl_pcache pipelines;
};

struct vgl_attrib_binding {
	char *name;
	GLuint location;
};

/* The output a program capturing gl_Position captures instead: a copy of
 * it that the vertex shader's wrapper makes (vgl_shader.c). */
#define VGL_XFB_POSITION_NAME "vgl_xfb_Position"
/* The vertex shader compiled again with that output; NULL if it cannot be. */
struct glsl_shader *vgl_shader_compile_capturing_position(const struct vgl_limits *limits,
							  const struct vgl_shader *sh);
/* glShaderSource's strings as one (lengths NULL or < 0: up to the NUL);
 * NULL: out of memory. */
char *vgl_join_sources(GLsizei count, const GLchar *const *strings, const GLint *lengths);
/* src with `lines` (whole lines) after its #version directive, its own
 * lines keeping their numbers; NULL: out of memory. */
char *vgl_shader_source_prefixed(const char *src, const char *lines);
/* A shader of `type` compiled from src as glCompileShader compiles it (a
 * vertex shader wrapped for GL's depth); NULL: out of memory. */
/* Whether the context knows shaders of `type` (its version, extensions). */
bool vgl_shader_type_ok(const struct vgl_context *ctx, GLenum type);
struct glsl_shader *vgl_shader_compile_source(const struct vgl_limits *limits, GLenum type,
					      const char *src);

struct vgl_program {
	enum vgl_pobj_kind kind;
	struct vgl_object obj;            /* the name and glUseProgram hold references */
	GLuint name;
	struct vgl_shader *vs, *fs, *cs;
	struct vgl_shader *gs;            /* EXT_geometry_shader */
	struct vgl_shader *tcs, *tes;     /* EXT_tessellation_shader */
	bool delete_pending, link_status, validate_status;
	int uses;                         /* contexts it is current in (share lock) */
	char *info_log;
	struct vgl_attrib_binding *bindings;
	uint32_t nr_bindings;
	struct vgl_linked *linked;        /* last successful link; NULL if none */
	/* glTransformFeedbackVaryings, for the next link */
	char **xfb_names;
	uint32_t nr_xfb_names;
	GLenum xfb_mode;
	bool binary_retrievable_hint;     /* glProgramParameteri */
	bool separable;                   /* GL_PROGRAM_SEPARABLE (ES 3.1), for the next link */
};

/* virtgl's one program binary format (GL_PROGRAM_BINARY_FORMATS): the
 * linked program as glsl_program_binary.h lays it out, read only by the
 * build that wrote it. The value ("VGB") lies above every range the Khronos
 * enum registry has handed out (all below 0x20000), so it names no other
 * implementation's format, and below 2^24, so glGetFloatv reports it
 * exactly. */
#define VGL_PROGRAM_BINARY_FORMAT 0x564742u

/* The object of a name in the shader/program namespace, of `kind`, with GL's
 * errors (INVALID_VALUE unknown name, INVALID_OPERATION wrong kind). */
void *vgl_pobj_lookup(struct vgl_context *ctx, GLuint name, enum vgl_pobj_kind kind);
/* The same with the share group's lock held by the caller, raising nothing:
 * NULL and *error to raise once the lock is dropped (a debug callback of the
 * error may call GL), else GL_NO_ERROR. */
void *vgl_pobj_find_locked(struct vgl_context *ctx, GLuint name, enum vgl_pobj_kind kind,
			   GLenum *error);
/* glGetShaderInfoLog, glGetShaderSource, glGetProgramInfoLog: the object
 * of a name in the current context; NULL without one, with GL_INVALID_VALUE
 * for a negative bufsize, or with vgl_pobj_lookup's error. */
void *vgl_pobj_for_string(GLuint name, enum vgl_pobj_kind kind, GLsizei bufsize);
/* A zeroed shader or program of `size` bytes (kind first) with its kind set;
 * NULL with GL_OUT_OF_MEMORY recorded. */
void *vgl_pobj_alloc(struct vgl_context *ctx, size_t size, enum vgl_pobj_kind kind);
/* Names a new object in the namespace; out of names, frees it and records
 * GL_OUT_OF_MEMORY, returning 0. */
GLuint vgl_pobj_name(struct vgl_context *ctx, enum vgl_pobj_kind *obj);
GLuint vgl_program_name(const struct vgl_program *p);
/* glCreateProgram's object, named; NULL with GL_OUT_OF_MEMORY recorded. */
struct vgl_program *vgl_program_create(struct vgl_context *ctx);
void vgl_program_unref(struct vgl_program *p);
/* ctx->program becomes p (the caller passes its reference on); the context's
 * reference to the one before goes, and with it that program's name if it was
 * deleted while current (ES 3.0 section 7.3). */
void vgl_program_make_current(struct vgl_context *ctx, struct vgl_program *p);
/* A program pipeline's stage or active program (*slot) becomes p (NULL:
 * none), a use like being current: a deleted program keeps its name while
 * a pipeline uses it (ES 3.1 section 7.3). */
void vgl_program_use(struct vgl_context *ctx, struct vgl_program **slot, struct vgl_program *p);
/* Share-group teardown, before the namespace is drained: every program lets
 * go of its shaders, so that the drain frees each object once. */
void vgl_program_share_finish(struct vgl_share *s);
/* Share-group teardown: frees a shader or program of the namespace. */
void vgl_program_object_delete(void *obj);
void vgl_shader_free(struct vgl_shader *sh);
/* A program lets go of sh (the share group's lock held). */
void vgl_shader_detach_locked(struct vgl_share *s, struct vgl_shader *sh);

/* The link result of a program name; NULL with GL's error if none. */
struct vgl_linked *vgl_program_linked(struct vgl_context *ctx, GLuint name);
/* Builds the link result of a program from its two compiled shaders, or
 * from its compute shader (a compute shader with any other is a link error). */
int vgl_linked_create(struct vgl_context *ctx, struct vgl_program *p, struct vgl_linked **out,
		      char **log);
/* The same from a program binary (glProgramBinary): VGL_ERROR_BAD_ATTRIBUTE
 * with the reason in *log when the binary is not one this build can load. */
int vgl_linked_create_from_binary(struct vgl_context *ctx, const void *data, size_t size,
				  struct vgl_linked **out, char **log);
/* A link's or binary load's outcome: status, log (taken), and on success
 * the new executable (the current program's draws then use it). */
void vgl_program_set_link(struct vgl_context *ctx, struct vgl_program *p, int ret,
			  struct vgl_linked *l, char *log);
static inline void vgl_linked_unref(struct vgl_linked *l)
{
	if (l)
		vgl_object_unref(&l->obj);
}
/* vgl_xfb_program.c: the link's transform feedback from glsl's program
 * (false: out of memory); its release; glGetProgramiv's three
 * TRANSFORM_FEEDBACK_* names (false for others); the pending names' release. */
struct glsl_program;
bool vgl_linked_xfb_build(struct vgl_linked_xfb *x, const struct glsl_program *p);
void vgl_linked_xfb_free(struct vgl_linked_xfb *x);
bool vgl_program_xfb_param(const struct vgl_program *p, GLenum pname, GLint *out);
void vgl_program_xfb_names_free(struct vgl_program *p);
/* After a binary load: the recorded names and mode become the executable's
 * (what a relink would use). false: out of memory. */
bool vgl_program_xfb_names_from_linked(struct vgl_program *p);
/* What a link of p gets for its captured varyings: the names, gl_Position
 * as VGL_XFB_POSITION_NAME, and then the vertex shader compiled with that
 * output (else vs is NULL: the program's own). false: out of memory. */
struct vgl_xfb_link {
	const char **names;
	struct glsl_shader *vs;
};
bool vgl_xfb_link_prepare(const struct vgl_limits *limits, const struct vgl_program *p,
			  struct vgl_xfb_link *out);
void vgl_xfb_link_finish(struct vgl_xfb_link *l);
/* "name", "name[3]" -> base name length and element index (0 without
 * one); false if malformed. */
bool vgl_parse_array_name(const char *name, size_t *len, uint32_t *element);
/* glGetUniformLocation's answer for a linked program: -1 when none. */
GLint vgl_linked_uniform_location(const struct vgl_linked *l, const char *name);
/* ES 3.1 GL_MAX_UNIFORM_LOCATIONS. */
bool vgl_uniform_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* A pipeline's link takes a uniform's values (default block data or
 * sampler units) from the program it comes from: dst's uniform di from
 * src's si, when their types agree; changes mark what must be sent. */
void vgl_uniform_copy(struct vgl_context *ctx, struct vgl_linked *dst, uint32_t di,
		      const struct vgl_linked *src, uint32_t si);
/* GL type enum of a glsl type. */
GLenum vgl_gl_type(const void *glsl_type);
/* Copies s into a client buffer of bufsize bytes, GL-style. */
void vgl_copy_string(const char *s, GLsizei bufsize, GLsizei *length, GLchar *out);
/* Whether a draw of l must send default-block data: a dirty range, or (push
 * constants) a command buffer that does not hold l's latest data. */
/* Whether a draw of `mode` suits the program's geometry shader input
 * primitive (always without one). */
bool vgl_linked_takes_mode(const struct vgl_linked *l, GLenum mode);
bool vgl_linked_recorded_mode(const struct vgl_linked *l, GLenum *mode);
/* glGetProgramiv's GEOMETRY_* names (vgl_linked_geometry.c): false where
 * pname is none of them or the extension is off; INVALID_OPERATION without
 * a linked geometry stage. */
bool vgl_program_geometry_param(struct vgl_context *ctx, const struct vgl_program *p,
				GLenum pname, GLint *out);
/* glGetProgramiv's TESS_* names (vgl_linked_tess.c), as the geometry ones. */
bool vgl_program_tess_param(struct vgl_context *ctx, const struct vgl_program *p,
			    GLenum pname, GLint *out);
/* The GL_MAX_TESS_* / PATCH limits and GL_PATCH_VERTICES (glGet*). */
bool vgl_tess_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* The GL_MAX_GEOMETRY_* limits and LAYER_PROVOKING_VERTEX (glGet*). */
bool vgl_geometry_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
bool vgl_linked_uniforms_pending(const struct vgl_context *ctx, const struct vgl_linked *l);
/* Sends the dirty range of the default block (in the command stream), or
 * for a push block what the command buffer lacks (program's lock held). */
void vgl_linked_upload_uniforms(struct vgl_context *ctx, struct vgl_linked *l);
