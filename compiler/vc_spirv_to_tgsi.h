/* SPDX-License-Identifier: MIT */
/*
 * compiler/'s public entry for vk/: SPIR-V (what GLSL ES 3.00/3.10-level
 * vertex, fragment and compute shaders compile to) → the compiler's IR →
 * TGSI text that virglrenderer 0.10.4 accepts.
 *
 * Descriptors are placed by the caller: the compiler asks `map` for the
 * virgl slot of every (set, binding) the shader uses, so the pipeline layout,
 * not the shader, decides where things live:
 *   uniform buffer          → CONST[slot][...]   (slot >= 1; 0 is push constants)
 *   push constant block     → CONST[0]
 *   combined image sampler  → SAMP[slot] / SVIEW[slot] (sampler view and state share a slot)
 *   sampled image + sampler → SAMP[image slot] / SVIEW[image slot]: `map` is
 *                             never asked for the sampler; the pair is
 *                             reported (vc_shader_info.sampler_pairs) and the
 *                             caller binds the sampler's state in the image's slot
 *   storage buffer          → BUFFER[slot]
 *   storage image           → IMAGE[slot]
 * An array of descriptors at one binding (descriptorCount > 1: sampler
 * arrays, `uniform B { ... } b[n];`, buffer block arrays) takes n
 * consecutive slots: element i lives at slot(set, binding) + i, and `map`
 * is asked for the binding once. The caller must keep those n slots free
 * (vk/'s set layouts place bindings so). Block arrays are indexed with
 * constants only (GLSL ES 3.00 requires it).
 * Vertex inputs at Location L read IN[L]; VS outputs / FS inputs at Location
 * L use GENERIC[L]; a geometry shader's per-vertex inputs are IN[vertex][n]
 * with the semantics the vertex shader's outputs have (POSITION, PSIZE,
 * GENERIC[L]), its outputs those a fragment shader reads; FS outputs at Location L write COLOR[L]; gl_Position
 * (and gl_FragDepth) is always OUT[0].
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* wire stage numbers (virgl/gallium) */
enum vc_stage {
	VC_STAGE_VERTEX = 0,
	VC_STAGE_FRAGMENT = 1,
	VC_STAGE_GEOMETRY = 2,
	VC_STAGE_TESS_CTRL = 3,
	VC_STAGE_TESS_EVAL = 4,
	VC_STAGE_COMPUTE = 5,
};

enum vc_descriptor_kind {
	VC_DESC_UNIFORM_BUFFER,
	VC_DESC_STORAGE_BUFFER,
	VC_DESC_SAMPLED_IMAGE,   /* combined image sampler, or a sampled image */
	VC_DESC_SAMPLER,         /* a separate sampler: shares the image's slot */
	VC_DESC_STORAGE_IMAGE,
	VC_DESC_UNIFORM_TEXEL_BUFFER,
	VC_DESC_STORAGE_TEXEL_BUFFER,
};

struct vc_slot_map {
	/* Returns the virgl slot for (set, binding) of that kind, or -1 when
	 * the pipeline layout has no such binding (then compilation fails
	 * with a message naming it). */
	int (*slot)(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind);
	void *ctx;
};

/*
 * Stream output (transform feedback) of a vertex shader, asked for by
 * interface location, as Vulkan's XfbBuffer/Offset decorations do, but per
 * location and component range: GL captures single array elements and
 * struct members, which decorations on whole variables cannot name.
 * Location VC_XFB_POSITION / VC_XFB_POINT_SIZE names gl_Position /
 * gl_PointSize. Offsets and strides are in dwords. An output the shader does
 * not declare captures nothing (its place in the buffer stays a hole).
 */
#define VC_MAX_SO_OUTPUTS 64 /* the host's PIPE_MAX_SO_OUTPUTS */
#define VC_MAX_SO_BUFFERS 4
#define VC_XFB_POSITION 0x100u
#define VC_XFB_POINT_SIZE 0x101u

struct vc_xfb_output {
	uint32_t location;   /* 0..31, or VC_XFB_POSITION / VC_XFB_POINT_SIZE */
	uint32_t component;  /* first component, 0..3 */
	uint32_t count;      /* components, 1..4 - component */
	uint32_t buffer;     /* < VC_MAX_SO_BUFFERS */
	uint32_t offset;     /* dwords into the buffer's vertex record */
};

struct vc_xfb {
	uint32_t strides[VC_MAX_SO_BUFFERS]; /* dwords per vertex record */
	uint32_t nr_outputs;
	struct vc_xfb_output outputs[VC_MAX_SO_OUTPUTS];
};

/* KHR_blend_equation_advanced's equations, in the extension's table order:
 * a fragment shader compiled with one blends its colour output 0 with the
 * framebuffer itself (vc_tgsi_blend.c), for a pipeline whose host blending
 * is off for render target 0. */
enum vc_advanced_blend {
	VC_BLEND_NONE,
	VC_BLEND_MULTIPLY,
	VC_BLEND_SCREEN,
	VC_BLEND_OVERLAY,
	VC_BLEND_DARKEN,
	VC_BLEND_LIGHTEN,
	VC_BLEND_COLORDODGE,
	VC_BLEND_COLORBURN,
	VC_BLEND_HARDLIGHT,
	VC_BLEND_SOFTLIGHT,
	VC_BLEND_DIFFERENCE,
	VC_BLEND_EXCLUSION,
	VC_BLEND_HSL_HUE,
	VC_BLEND_HSL_SATURATION,
	VC_BLEND_HSL_COLOR,
	VC_BLEND_HSL_LUMINOSITY,
};

struct vc_compile_info {
	const uint32_t *words;   /* SPIR-V module */
	size_t nr_words;
	const char *entry_point; /* e.g. "main" */
	enum vc_stage stage;
	struct vc_slot_map map;
	const struct vc_xfb *xfb; /* vertex stage: stream output, or NULL */
	enum vc_advanced_blend advanced_blend; /* fragment stage; VC_BLEND_NONE: none */
	/* fragment stage, where the host blends by the equation instead
	 * (virglrenderer on a host without framebuffer fetch): the equations
	 * the shader declares (bit e: enum vc_advanced_blend e), said as
	 * PROPERTY FS_BLEND_EQUATION_ADVANCED; 0: none */
	uint32_t blend_equations;
	/* the last stage before rasterization: gl_ClipDistance[i] is written
	 * as 0 (never clips) for bit i, a clip plane GL has disabled */
	uint32_t clip_disabled;
};

/*
 * `texture(sampler2D(tex, smp), uv)`: an OpSampledImage of a separate sampled
 * image and sampler. virgl pairs sampler state i with sampler view i (SAMP[i]
 * is both), so the shader samples at the image's slot and the caller must
 * bind the state of (sampler_set, sampler_binding, sampler_index) there.
 * An image element sampled with two different samplers in one shader cannot
 * be expressed and fails to compile.
 */
struct vc_sampler_pair {
	uint32_t slot;           /* SAMP[slot]: the image's slot, array element included */
	uint32_t image_set, image_binding, image_index;
	uint32_t sampler_set, sampler_binding, sampler_index; /* index: array element */
};

#define VC_MAX_SAMPLER_PAIRS 32 /* one per SAMP slot at most */

/* What OUT[n] of a vertex shader carries: a location, or VC_XFB_POSITION /
 * VC_XFB_POINT_SIZE. */
#define VC_MAX_OUT_REGS 40

/* One stream-output entry as the host takes it: OUT register and components. */
struct vc_so_output {
	uint32_t reg, component, count, buffer, offset, stream;
};

/* What the pipeline needs to know of the result. */
struct vc_shader_info {
	uint32_t inputs_read;      /* VS: bit L = IN[L] (vertex attribute location) */
	uint32_t varyings_read;    /* FS: bit L = GENERIC[L] (a VS output location) */
	uint32_t outputs_written;  /* FS: bit L = COLOR[L] */
	uint32_t ubo_slots;        /* bit n = CONST[n] used (n >= 1; one per block array element) */
	bool uses_push_constants;  /* CONST[0] */
	uint32_t push_constant_size; /* bytes of the push constant block */
	uint32_t sampler_slots;    /* bit n = SAMP[n] */
	uint32_t nr_sampler_pairs; /* separate samplers combined with images */
	struct vc_sampler_pair sampler_pairs[VC_MAX_SAMPLER_PAIRS];
	uint32_t ssbo_slots;       /* bit n = BUFFER[n] */
	uint32_t image_slots;      /* bit n = IMAGE[n] */
	uint32_t local_size[3];    /* compute */
	uint32_t shared_size;      /* compute: bytes of shared memory */
	bool writes_depth;
	bool uses_discard;
	/* VS reads gl_InstanceIndex: TGSI's INSTANCEID does not count from
	 * firstInstance, so the shader adds the uint that the caller writes
	 * at dword base_instance_dword of CONST[0] (after the push constants,
	 * vec4-aligned) for every draw. */
	bool uses_base_instance;
	uint32_t base_instance_dword;
	/* the stage's gl_ClipDistance / gl_CullDistance lengths (outputs, or a
	 * fragment shader's inputs): the host clips with the first
	 * clip_distances of the rasterizer's clip plane enables */
	uint32_t clip_distances, cull_distances;
	uint32_t nr_out_regs;      /* VS: out_regs[n] = what OUT[n] carries */
	uint32_t out_regs[VC_MAX_OUT_REGS];
	/* stream output resolved from vc_compile_info.xfb (dwords) */
	uint32_t so_strides[VC_MAX_SO_BUFFERS];
	uint32_t nr_so_outputs;
	struct vc_so_output so_outputs[VC_MAX_SO_OUTPUTS];
};

struct vc_tgsi {
	char *text;          /* NUL-terminated TGSI (malloc'ed) */
	uint32_t num_tokens; /* what CREATE_OBJECT(SHADER) sends: a bound for the host's parser */
	struct vc_shader_info info;
	char *log;           /* errors/warnings, "" if none (malloc'ed) */
};

/*
 * 0 on success. On failure returns a negative code and out->log says what
 * (e.g. "SPIR-V: unsupported instruction OpImageSampleProjDrefImplicitLod at
 * word 123"); never crashes on bad input.
 */
int vc_spirv_to_tgsi(const struct vc_compile_info *info, struct vc_tgsi *out);
/*
 * The same, for a shader whose partner stage is known, as GL's linker does:
 *  - vertex shader: bit L of `varyings` says that the fragment shader reads
 *    location L (or stream output captures it); the other user outputs are
 *    removed together with the code that computes them;
 *  - fragment shader: bit L says that the vertex shader writes location L;
 *    the other inputs read as undefined values (and are not declared).
 */
int vc_spirv_to_tgsi_linked(const struct vc_compile_info *info, uint32_t varyings,
			    struct vc_tgsi *out);
/* The output locations a vertex shader writes (bit L: location L; after
 * optimisation, so a store of an undefined value or one that a constant
 * branch skips does not count), without emitting TGSI; 0 on success. */
int vc_spirv_output_locations(const struct vc_compile_info *info, uint32_t *mask);
void vc_tgsi_finish(struct vc_tgsi *t);
