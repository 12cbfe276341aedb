/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES 3.10, compute path: each construct compiles with glsl_compile(),
 * its SPIR-V passes spirv-val (Vulkan 1.0, what vk/ consumes) and the TGSI
 * back end makes a shader with the declarations and instructions the
 * construct needs; the same constructs fail under 1.00 and 3.00 es, and the
 * 3.10 rules give line-numbered errors. The layouts (std430 and std140 in
 * buffer blocks) are checked on the resource table and the IR offsets.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "glsl_compile.h"
#include "glsl_shader.h"

#define CS GLSL_STAGE_COMPUTE
#define FS GLSL_STAGE_FRAGMENT
#define VS GLSL_STAGE_VERTEX
#define GS GLSL_STAGE_GEOMETRY
#define TCS GLSL_STAGE_TESS_CTRL
#define TES GLSL_STAGE_TESS_EVAL

#define HEAD "#version 310 es\n"
/* imageAtomic* need it in 3.10 */
#define IMAGE_ATOMIC "#extension GL_OES_shader_image_atomic : require\n"
#define LOCAL "layout(local_size_x = 4) in;\n"
#define NV_IMAGE "#extension GL_NV_image_formats : enable\n"
#define MS_INTERP "#extension GL_OES_shader_multisample_interpolation : require\n" \
	"precision highp float;\nout vec4 o;\n"
#define SAMPLE_VARS "#extension GL_OES_sample_variables : require\n" \
	"precision highp float;\nout vec4 o;\n"

struct good_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
	const char *tgsi[6];   /* lines the TGSI must contain */
};

static const struct good_case good[] = {
	/* the host declares uvec3s: a whole read swizzles .xyzz, never .w */
	{ "uvec3 system values read whole", CS, HEAD
	  "layout(local_size_x = 1, local_size_y = 4, local_size_z = 2) in;\n"
	  "layout(std430) buffer B { uvec3 v; };\n"
	  "void main() { v = gl_NumWorkGroups * gl_WorkGroupSize; }\n",
	  { "DCL SV[0], GRID_SIZE", "SV[0].xyzz" } },
	/* ivec3 constants: the ES 3.1 minimums without the GL layer's limits */
	{ "gl_MaxComputeWorkGroupCount and Size", CS, HEAD LOCAL
	  "layout(std430) buffer B { ivec3 c; ivec3 s; };\n"
	  "void main() { c = gl_MaxComputeWorkGroupCount; s = gl_MaxComputeWorkGroupSize; }\n",
	  { "INT32 {65535, 65535, 65535, 0}", "INT32 {128, 128, 64, 0}" } },
	/* writeonly: stores, and .length() of its runtime array */
	{ "writes to a writeonly block", CS, HEAD LOCAL
	  "writeonly buffer B { float x; float v[]; };\n"
	  "void main() { x = 1.0; v[v.length() - 1] = 2.0; }\n", { "STORE" } },
	{ "gl_HelperInvocation", FS, HEAD "precision mediump float;\nout vec4 o;\n"
	  "void main() { o = gl_HelperInvocation ? vec4(1.0) : vec4(0.0); }\n",
	  { "SV[0], HELPER_INVOCATION", "USNE" } },
	/* OES_shader_multisample_interpolation: the sample qualifier on an
	 * input, and interpolateAt* as TGSI's INTERP_* on the IN register
	 * (an array element's own register, one component broadcast) */
	{ "sample-qualified input", FS, HEAD MS_INTERP "sample in vec4 v;\n"
	  "void main() { o = v; }\n", { "DCL IN[0], GENERIC[0], PERSPECTIVE, SAMPLE" } },
	{ "interpolateAtOffset", FS, HEAD MS_INTERP "in vec4 v;\n"
	  "uniform vec2 off;\nvoid main() { o = interpolateAtOffset(v, off); }\n",
	  { "DCL IN[0], GENERIC[0], PERSPECTIVE\n", "INTERP_OFFSET OUT[0], IN[0], CONST[1][0].xyyy" } },
	{ "interpolateAtSample", FS, HEAD MS_INTERP "in vec4 v;\nuniform int s;\n"
	  "void main() { o = interpolateAtSample(v, s); }\n", { "INTERP_SAMPLE OUT[0], IN[0], CONST[1][0].xxxx" } },
	{ "interpolateAtCentroid of an array element", FS, HEAD MS_INTERP
	  "in vec2 a[2];\nvoid main() { o = vec4(interpolateAtCentroid(a[1]), 0.0, 1.0); }\n",
	  { "DCL IN[1], GENERIC[1], PERSPECTIVE", "INTERP_CENTROID TEMP[0], IN[1]\n" } },
	{ "sample-qualified vertex output", VS, HEAD
	  "#extension GL_OES_shader_multisample_interpolation : require\n"
	  "sample out vec4 v;\nvoid main() { v = vec4(1.0); gl_Position = v; }\n",
	  { "DCL OUT[1], GENERIC[0]" } },
	{ "offset range constants", FS, HEAD MS_INTERP
	  "void main() { o = vec4(gl_MinFragmentInterpolationOffset,\n"
	  "  gl_MaxFragmentInterpolationOffset, float(gl_FragmentInterpolationOffsetBits), 0.0); }\n",
	  { "IMM[0] FLT32 {0xbf000000, 0x3ee00000, 0x40800000" } },
	/* OES_sample_variables: TGSI system values, the SAMPLEMASK output (its
	 * one word, .x) and gl_NumSamples in the default block */
	{ "sample id, position and mask in", FS, HEAD SAMPLE_VARS
	  "void main() { o = vec4(float(gl_SampleID), gl_SamplePosition,\n"
	  "  float(gl_SampleMaskIn[0])); }\n",
	  { "DCL SV[0], SAMPLEID", "SAMPLEMASK", "SAMPLEPOS", "I2F" } },
	{ "gl_SampleMask", FS, HEAD SAMPLE_VARS
	  "void main() { gl_SampleMask[0] = 5; o = vec4(1.0); }\n",
	  { "DCL OUT[1], SAMPLEMASK", "MOV OUT[1].x" } },
	{ "gl_NumSamples", FS, HEAD SAMPLE_VARS
	  "uniform vec4 u;\nvoid main() { o = u * float(gl_NumSamples); }\n",
	  { "DCL CONST[1][0..1]", "I2F TEMP[0].x, CONST[1][1].xxxx" } },
	/* a constant: sizes an array (4 without the GL layer's limits) */
	{ "gl_MaxSamples", FS, HEAD SAMPLE_VARS
	  "void main() { float a[gl_MaxSamples]; a[3] = 2.0; o = vec4(a[3], float(a.length()), 0, 1); }\n",
	  { "IMM[0] FLT32 {0x40000000, 0x40800000" } },
	{ "frexp and the 4x8 packings", CS, HEAD LOCAL
	  "uniform vec4 v; uniform highp uint p;\n"
	  "layout(std430) buffer B { uint u[2]; vec4 f[3]; ivec4 e; };\n"
	  "void main() { u[0] = packUnorm4x8(v); u[1] = packSnorm4x8(v);\n"
	  "  f[0] = unpackUnorm4x8(p); f[1] = unpackSnorm4x8(p); f[2] = frexp(v, e); }\n",
	  { "UBFE", "IBFE", "ROUND", "F2U", "F2I", "SHL" } },
	{ "local size and ids", CS, HEAD
	  "layout(local_size_x = 8, local_size_y = 2, local_size_z = 3) in;\n"
	  "layout(std430) buffer B { uvec4 v[]; };\n"
	  "void main() { v[gl_LocalInvocationIndex] = uvec4(gl_GlobalInvocationID.x,\n"
	  "  gl_WorkGroupID.y, gl_NumWorkGroups.z, gl_LocalInvocationID.x + gl_WorkGroupSize.z); }\n",
	  { "COMP", "PROPERTY CS_FIXED_BLOCK_WIDTH 8", "PROPERTY CS_FIXED_BLOCK_HEIGHT 2",
	    "PROPERTY CS_FIXED_BLOCK_DEPTH 3", "THREAD_ID", "BLOCK_ID" } },
	{ "gl_WorkGroupSize is constant", CS, HEAD
	  "layout(local_size_x = 16) in;\n"
	  "shared float tile[gl_WorkGroupSize.x];\n"
	  "buffer B { float f[]; };\n"
	  "void main() { tile[gl_LocalInvocationIndex] = f[0]; barrier(); f[1] = tile[3]; }\n",
	  { "DCL MEMORY[0], SHARED", "BARRIER", "DCL BUFFER[1]" } },
	{ "shared and barriers", CS, HEAD LOCAL
	  "shared uint counts[4];\n"
	  "buffer B { uint total; };\n"
	  "void main() { counts[gl_LocalInvocationIndex] = 1u; memoryBarrierShared(); barrier();\n"
	  "  groupMemoryBarrier(); memoryBarrier(); memoryBarrierBuffer(); memoryBarrierImage();\n"
	  "  memoryBarrierAtomicCounter(); total = counts[0] + counts[3]; }\n",
	  { "DCL MEMORY[0], SHARED", "BARRIER", "MEMBAR", "STORE MEMORY[0]", "LOAD" } },
	{ "std430 block, unsized array, length()", CS, HEAD LOCAL
	  "struct S { vec3 p; float w; bool live; };\n"
	  "layout(std430, binding = 3) buffer Data { int n; S items[]; } data;\n"
	  "void main() { data.n = data.items.length(); data.items[1].live = data.n > 2;\n"
	  "  data.items[2] = S(vec3(1.0), 2.0, true); data.items[0].p.zx = vec2(3.0); }\n",
	  { "DCL BUFFER[1]", "RESQ", "STORE BUFFER[1]" } },
	{ "std140 and readonly blocks", CS, HEAD LOCAL
	  "layout(std140) readonly buffer In { mat3 m; float a[4]; } src;\n"
	  "layout(std430) writeonly buffer Out { vec3 r; } dst;\n"
	  "void main() { dst.r = src.m * vec3(src.a[1], src.a[2], src.a[3]); }\n",
	  { "DCL BUFFER[1]", "DCL BUFFER[2]", "LOAD", "STORE BUFFER[2]" } },
	{ "cube map arrays", FS, HEAD "#extension GL_EXT_texture_cube_map_array : require\n"
	  "precision highp float;\n"
	  "uniform highp samplerCubeArray s; uniform highp samplerCubeArrayShadow sh;\n"
	  "uniform highp usamplerCubeArray su; in vec4 c; out vec4 o;\n"
	  "void main() { o = texture(s, c) + textureLod(s, c, 1.0) + vec4(texture(sh, c, 0.5))\n"
	  "  + vec4(texture(su, c)) + vec4(textureSize(s, 0), 1.0) + textureGather(sh, c, 0.25); }\n",
	  { "DCL SVIEW[1], CUBEARRAY, FLOAT", "DCL SVIEW[2], SHADOWCUBEARRAY, FLOAT",
	    "DCL SVIEW[3], CUBEARRAY, UINT", "TXL2", "TEX2", "TXQ" } },
	{ "cube map array images", CS, HEAD "#extension GL_EXT_texture_cube_map_array : enable\n"
	  LOCAL "layout(r32f, binding = 0) uniform highp imageCubeArray img;\n"
	  "buffer B { ivec3 size; };\n"
	  "void main() { imageStore(img, ivec3(1, 2, 7), imageLoad(img, ivec3(0)));\n"
	  "  size = imageSize(img); }\n",
	  { "CUBEARRAY, PIPE_FORMAT_R32_FLOAT, WR", "LOAD TEMP", "RESQ" } },
	/* buffer textures: fetched by index without a level, sized without one */
	{ "buffer samplers", FS, HEAD "#extension GL_EXT_texture_buffer : require\n"
	  "precision highp float;\n"
	  "uniform highp samplerBuffer s; uniform highp isamplerBuffer si;\n"
	  "uniform highp usamplerBuffer su; out vec4 o;\n"
	  "void main() { int i = int(gl_FragCoord.x);\n"
	  "  o = texelFetch(s, i) + vec4(texelFetch(si, i + 1)) + vec4(texelFetch(su, 2))\n"
	  "    + vec4(float(textureSize(s))); }\n",
	  { "DCL SVIEW[1], BUFFER, FLOAT", "DCL SVIEW[2], BUFFER, SINT",
	    "DCL SVIEW[3], BUFFER, UINT", "TXF", "TXQ" } },
	{ "buffer images", CS, HEAD "#extension GL_OES_texture_buffer : enable\n" IMAGE_ATOMIC
	  LOCAL "layout(r32f, binding = 0) uniform highp imageBuffer img;\n"
	  "layout(r32ui, binding = 1) uniform highp uimageBuffer ui;\n"
	  "buffer B { int size; uint old; };\n"
	  "void main() { imageStore(img, 3, imageLoad(img, 2));\n"
	  "  size = imageSize(img); old = imageAtomicAdd(ui, 1, 2u); }\n",
	  { "BUFFER, PIPE_FORMAT_R32_FLOAT, WR", "LOAD TEMP", "RESQ", "ATOMUADD" } },
	{ "memory qualifiers, default buffer layout", CS, HEAD LOCAL
	  "layout(std430) buffer;\n"
	  "coherent restrict buffer A { float x[]; };\n"
	  "volatile buffer C { float y[]; };\n"
	  "void main() { x[0] = y[1]; }\n",
	  { "DCL BUFFER[1]", "DCL BUFFER[2]" } },
	{ "atomic counters", CS, HEAD LOCAL
	  "layout(binding = 0, offset = 4) uniform atomic_uint a;\n"
	  "layout(binding = 0) uniform atomic_uint b[2];\n"
	  "buffer B { uint o; };\n"
	  "uint bump(atomic_uint k) { return atomicCounterIncrement(k); }\n"
	  "void main() { o = bump(a) + atomicCounterDecrement(b[1]) + atomicCounter(b[0]); }\n",
	  { "DCL BUFFER[1]", "DCL BUFFER[2]", "ATOMUADD TEMP[0].x, BUFFER[2], IMM[0]",
	    "STORE BUFFER[1]" } },
	/* ES 3.10 indexes atomic counter arrays with dynamically uniform
	 * expressions, no extension needed (piglit's glsl-es-3.10
	 * fs-atomic-counter-layout): the index scales by 4 bytes */
	{ "atomic counter array with a uniform index", CS, HEAD
	  "layout(local_size_x = 1) in;\n"
	  "layout(binding = 0) uniform atomic_uint c[4];\nuniform int i;\n"
	  "layout(std430, binding = 0) buffer B { uint r; };\n"
	  "void main() { r = atomicCounterIncrement(c[i]); }\n",
	  { "UMUL TEMP[0].x, CONST[1][0].xxxx, IMM[0].xxxx", "UINT32 {4, 0, 1, 0}",
	    "ATOMUADD TEMP[0].x, BUFFER[2], TEMP[1].xxxx, IMM[0].zzzz" } },
	{ "atomics on buffer and shared memory", CS, HEAD LOCAL
	  "shared int si; shared uint su;\n"
	  "buffer B { uint u; int i; uint arr[]; } b;\n"
	  "void main() { uint r = atomicAdd(b.u, 1u) + atomicMin(b.arr[2], 3u) +\n"
	  "  atomicMax(su, 4u) + atomicAnd(b.u, 5u) + atomicOr(b.u, 6u) + atomicXor(b.u, 7u) +\n"
	  "  atomicExchange(b.u, 8u) + atomicCompSwap(b.arr[0], 1u, 2u);\n"
	  "  int s = atomicAdd(si, -1) + atomicMin(b.i, -2) + atomicMax(b.i, 3) +\n"
	  "  atomicCompSwap(si, 0, 1);\n"
	  "  b.arr[1] = r + uint(s); }\n",
	  { "ATOMUADD", "ATOMUMIN", "ATOMIMIN", "ATOMCAS", "ATOMXCHG", "ATOMXOR" } },
	{ "new integer built-ins and mix(bool)", CS, HEAD LOCAL
	  "buffer B { ivec2 i; uvec3 u; vec2 f; bvec2 b; };\n"
	  "void main() { i = bitfieldExtract(i, 1, 3) + bitCount(u.xy) + findLSB(i) + findMSB(u.xz);\n"
	  "  u = bitfieldInsert(u, uvec3(1u), 2, 4) + bitfieldReverse(u);\n"
	  "  f = ldexp(f, i); i = mix(i, ivec2(3), b); b = mix(b, bvec2(true), b); }\n",
	  { "IBFE", "POPC", "LSB", "UMSB", "BFI", "BREV" } },
	/* §8.8's carries and extended products: an add or sub and an unsigned
	 * compare; UMUL next to UMUL_HI or IMUL_HI, as Mesa's virgl emits them */
	{ "umulExtended, imulExtended in a vertex shader", VS, HEAD
	  "in highp uvec2 a; in highp ivec2 b; flat out highp uvec4 o;\n"
	  "void main() { uvec2 hi, lo; ivec2 ih, il;\n"
	  "  umulExtended(a, a.yx, hi, lo); imulExtended(b, b.yx, ih, il);\n"
	  "  o = uvec4(hi.x + lo.y, uvec2(ih + il), 0u); gl_Position = vec4(0.0); }\n",
	  { "UMUL TEMP[0].xy, IN[0], IN[0].yxxx", "UMUL_HI TEMP[1].xy, IN[0], IN[0].yxxx",
	    "UMUL TEMP[2].xy, IN[1], IN[1].yxxx", "IMUL_HI TEMP[3].xy, IN[1], IN[1].yxxx" } },
	{ "uaddCarry, usubBorrow in a fragment shader", FS, HEAD "precision highp float;\n"
	  "flat in highp uvec4 a; out highp uvec4 o;\n"
	  "void main() { uvec4 c, b;\n"
	  "  o = uaddCarry(a, a.wzyx, c) + usubBorrow(a.x, a.y, b.x) + c; o.x += b.x; }\n",
	  { "UADD TEMP[1], IN[0], IN[0].wzyx", "USLT TEMP[2], TEMP[1], IN[0]",
	    "UCMP TEMP[3], TEMP[2], IMM[0], IMM[1]", "USLT TEMP[2].x, IN[0].xxxx, IN[0].yyyy" } },
	/* folded: 0xffffffff^2 = 0xfffffffe_00000001, 0x7fffffff * -2 = -1:2 */
	{ "carries and products of constants", CS, HEAD
	  "layout(local_size_x = 1) in;\n"
	  "buffer B { uint hi; uint lo; int ihi; int ilo; uint c; };\n"
	  "void main() { umulExtended(0xFFFFFFFFu, 0xFFFFFFFFu, hi, lo);\n"
	  "  imulExtended(0x7FFFFFFF, -2, ihi, ilo); lo += uaddCarry(0xFFFFFFFFu, 1u, c); }\n",
	  { "IMM[0] UINT32 {4294967294, 0, 1, 4}", "INT32 {-1, 2, 0, 0}",
	    "STORE BUFFER[1].x, IMM[2].zzzz, IMM[0].zzzz" } },
	{ "binding on samplers, location on uniforms", FS, HEAD
	  "precision mediump float;\n"
	  "layout(binding = 2) uniform sampler2D tex;\n"
	  "layout(location = 5) uniform vec4 tint;\n"
	  "layout(std140, binding = 1) uniform U { vec4 k; };\n"
	  "out vec4 color;\n"
	  "void main() { color = texture(tex, vec2(0.5)) * tint + k; }\n",
	  { "FRAG", "DCL SAMP", "DCL CONST[1]" } },
	{ "buffer blocks in a fragment shader", FS, HEAD
	  "precision highp float;\n"
	  "layout(std430, binding = 0) buffer Log { uint n; vec4 v[]; };\n"
	  "out vec4 color;\n"
	  "void main() { uint i = atomicAdd(n, 1u); v[i] = gl_FragCoord; color = vec4(1.0); }\n",
	  { "FRAG", "DCL BUFFER", "ATOMUADD" } },
	/* images (ES 3.10 §4.1.7.2, §8.12): IMAGE declarations with the format,
	 * WR where the shader may write; LOAD, STORE, RESQ and ATOM* on them */
	{ "imageStore, imageLoad, imageSize", CS, HEAD LOCAL
	  "layout(rgba8, binding = 0) uniform highp writeonly image2D dst;\n"
	  "layout(rgba32f, binding = 1) uniform highp readonly image2D src;\n"
	  "layout(std430) buffer B { ivec2 size; vec4 v; };\n"
	  "void main() { ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
	  "  imageStore(dst, p, vec4(0.5)); v = imageLoad(src, p); size = imageSize(src); }\n",
	  { "DCL IMAGE[2], 2D, PIPE_FORMAT_R8G8B8A8_UNORM, WR",
	    "DCL IMAGE[3], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT\n",
	    "STORE IMAGE[2]", "LOAD TEMP[1], IMAGE[3]", "RESQ TEMP[1].xy, IMAGE[3]" } },
	{ "integer images and their formats", CS, HEAD LOCAL
	  "layout(rgba16i) uniform highp readonly iimage2D a;\n"
	  "layout(rgba8ui) uniform highp writeonly uimage2D b;\n"
	  "layout(rgba8_snorm) uniform highp readonly image2D c;\n"
	  "layout(rgba16f) uniform highp writeonly image2D d;\n"
	  "void main() { imageStore(b, ivec2(0), uvec4(imageLoad(a, ivec2(1))));\n"
	  "  imageStore(d, ivec2(0), imageLoad(c, ivec2(1))); }\n",
	  { "PIPE_FORMAT_R16G16B16A16_SINT", "PIPE_FORMAT_R8G8B8A8_UINT, WR",
	    "PIPE_FORMAT_R8G8B8A8_SNORM", "PIPE_FORMAT_R16G16B16A16_FLOAT, WR" } },
	/* the Android pack's #extension enables its parts (cube map arrays,
	 * buffer textures, sample variables, interpolateAtSample) */
	{ "GL_ANDROID_extension_pack_es31a enables its parts", FS, HEAD
	  "#extension GL_ANDROID_extension_pack_es31a : require\n"
	  "precision highp float;\nuniform highp samplerCubeArray s;\n"
	  "uniform highp samplerBuffer b;\nin vec4 v;\nout vec4 o;\n"
	  "void main() { o = texture(s, vec4(0.0)) + texelFetch(b, 0) + vec4(gl_SampleID)\n"
	  "  + interpolateAtSample(v, 0); }\n",
	  { "SVIEW[1], CUBEARRAY, FLOAT", "SVIEW[2], BUFFER, FLOAT", "SAMPLEID", "INTERP_SAMPLE" } },
	/* NV_image_formats: the qualifiers past table 8.27, each its pipe format */
	{ "NV_image_formats float", CS, HEAD NV_IMAGE LOCAL
	  "layout(rg32f) uniform highp readonly image2D a;\n"
	  "layout(r11f_g11f_b10f) uniform highp writeonly image2D b;\n"
	  "layout(rg8_snorm) uniform highp readonly image2D c;\n"
	  "layout(rgba16) uniform highp writeonly image2D d;\n"
	  "layout(r16f) uniform highp writeonly image2D e;\n"
	  "void main() { imageStore(b, ivec2(0), imageLoad(a, ivec2(1)));\n"
	  "  imageStore(d, ivec2(0), imageLoad(c, ivec2(1))); imageStore(e, ivec2(0), vec4(1)); }\n",
	  { "2D, PIPE_FORMAT_R32G32_FLOAT\n", "PIPE_FORMAT_R11G11B10_FLOAT, WR",
	    "PIPE_FORMAT_R8G8_SNORM\n", "PIPE_FORMAT_R16G16B16A16_UNORM, WR",
	    "PIPE_FORMAT_R16_FLOAT, WR" } },
	{ "NV_image_formats integer", CS, HEAD NV_IMAGE LOCAL
	  "layout(rgb10_a2ui) uniform highp readonly uimage2D a;\n"
	  "layout(r8ui) uniform highp writeonly uimage2D b;\n"
	  "layout(rg16i) uniform highp readonly iimage2D c;\n"
	  "layout(r8i) uniform highp writeonly iimage2D d;\n"
	  "layout(r8) uniform highp writeonly image2D e;\n"
	  "void main() { imageStore(b, ivec2(0), imageLoad(a, ivec2(1)));\n"
	  "  imageStore(d, ivec2(0), imageLoad(c, ivec2(1))); imageStore(e, ivec2(0), vec4(1)); }\n",
	  { "PIPE_FORMAT_R10G10B10A2_UINT\n", "PIPE_FORMAT_R8_UINT, WR",
	    "PIPE_FORMAT_R16G16_SINT\n", "PIPE_FORMAT_R8_SINT, WR", "PIPE_FORMAT_R8_UNORM, WR" } },
	{ "image atomics", CS, HEAD IMAGE_ATOMIC LOCAL
	  "layout(r32ui, binding = 2) uniform highp uimage2D u;\n"
	  "layout(r32i) uniform highp iimage2D i;\n"
	  "layout(r32f) uniform highp image2D f;\n"
	  "void main() { ivec2 p = ivec2(0);\n"
	  "  uint x = imageAtomicAdd(u, p, 1u) + imageAtomicMin(u, p, 2u) + imageAtomicMax(u, p, 3u)\n"
	  "    + imageAtomicAnd(u, p, 4u) + imageAtomicOr(u, p, 5u) + imageAtomicXor(u, p, 6u)\n"
	  "    + imageAtomicExchange(u, p, 7u) + imageAtomicCompSwap(u, p, 8u, 9u);\n"
	  "  int y = imageAtomicMin(i, p, -1) + imageAtomicMax(i, p, -2);\n"
	  "  float z = imageAtomicExchange(f, p, 1.5);\n"
	  "  imageStore(u, p, uvec4(x + uint(y) + uint(z))); }\n",
	  { "ATOMUADD TEMP", "ATOMUMIN", "ATOMIMAX", "ATOMCAS", "ATOMXCHG", "ATOMOR" } },
	{ "image parameters and arrays", CS, HEAD IMAGE_ATOMIC LOCAL
	  "layout(r32ui, binding = 0) uniform highp uimage2D counters[2];\n"
	  "layout(rgba8) readonly uniform highp image2D src;\n"
	  "buffer B { vec4 v; uint n; };\n"
	  "vec4 fetch(readonly highp image2D i, ivec2 p) { return imageLoad(i, p); }\n"
	  "uint bump(highp uimage2D c) { return imageAtomicAdd(c, ivec2(0), 1u); }\n"
	  "void main() { v = fetch(src, ivec2(1)); n = bump(counters[1]) +\n"
	  "  imageLoad(counters[0], ivec2(0)).x; }\n",
	  { "DCL IMAGE[2], 2D, PIPE_FORMAT_R32_UINT, WR", "DCL IMAGE[3], 2D, PIPE_FORMAT_R32_UINT, WR",
	    "LOAD TEMP[0], IMAGE[4]", "ATOMUADD TEMP[0].x, IMAGE[3]", "LOAD TEMP[1], IMAGE[2]" } },
	{ "3D, cube and array images", CS, HEAD LOCAL
	  "layout(rgba32ui) uniform highp readonly uimage3D a;\n"
	  "layout(rgba32i) uniform highp readonly iimageCube b;\n"
	  "layout(r32f) uniform highp image2DArray c;\n"
	  "buffer B { ivec3 s[3]; };\n"
	  "void main() { s[0] = imageSize(a); s[1] = ivec3(imageSize(b), 0); s[2] = imageSize(c);\n"
	  "  imageStore(c, ivec3(1), vec4(float(imageLoad(a, ivec3(1)).x) + float(imageLoad(b, ivec3(2)).y))); }\n",
	  { "DCL IMAGE[2], 3D, PIPE_FORMAT_R32G32B32A32_UINT", "DCL IMAGE[3], CUBE", "RESQ TEMP[0].xyz",
	    "DCL IMAGE[4], 2D_ARRAY, PIPE_FORMAT_R32_FLOAT, WR", "LOAD", "STORE IMAGE[4]" } },
	/* multisample samplers: a sample by texelFetch, the size without a level */
	{ "texelFetch and textureSize of sampler2DMS", FS, HEAD "precision highp float;\n"
	  "uniform highp sampler2DMS s; uniform highp isampler2DMS si;\n"
	  "uniform highp usampler2DMS su;\nout vec4 color;\n"
	  "void main() { ivec2 p = ivec2(gl_FragCoord.xy); color = texelFetch(s, p, 1) +\n"
	  "  vec4(texelFetch(si, p, 2)) + vec4(texelFetch(su, p, 3)) +\n"
	  "  vec4(textureSize(s), textureSize(su)); }\n",
	  { "DCL SVIEW[1], 2D_MSAA, FLOAT", "DCL SVIEW[2], 2D_MSAA, SINT",
	    "DCL SVIEW[3], 2D_MSAA, UINT", "TXF TEMP[2], TEMP[1], SAMP[1], 2D_MSAA",
	    "TXQ TEMP[0], IMM[1].xxxx, SAMP[1], 2D_MSAA" } },
	/* multisample 2D arrays: (x, y, layer) and a sample; the size has the layers */
	{ "texelFetch and textureSize of sampler2DMSArray", FS, HEAD
	  "#extension GL_OES_texture_storage_multisample_2d_array : require\n"
	  "precision highp float;\n"
	  "uniform highp sampler2DMSArray s; uniform highp isampler2DMSArray si;\n"
	  "uniform highp usampler2DMSArray su;\nout vec4 color;\n"
	  "void main() { ivec3 p = ivec3(gl_FragCoord.xy, 1); color = texelFetch(s, p, 1) +\n"
	  "  vec4(texelFetch(si, p, 2)) + vec4(texelFetch(su, p, 3)) +\n"
	  "  vec4(textureSize(s) + textureSize(su), 1.0); }\n",
	  { "DCL SVIEW[1], 2D_ARRAY_MSAA, FLOAT", "DCL SVIEW[2], 2D_ARRAY_MSAA, SINT",
	    "DCL SVIEW[3], 2D_ARRAY_MSAA, UINT", "TXF TEMP[2], TEMP[1], SAMP[1], 2D_ARRAY_MSAA",
	    "TXQ TEMP[0], IMM[1].xxxx, SAMP[1], 2D_ARRAY_MSAA" } },
	{ "sampler2DMS in a vertex shader", VS, HEAD
	  "uniform highp sampler2DMS s;\n"
	  "void main() { gl_Position = texelFetch(s, ivec2(gl_VertexID), gl_VertexID); }\n",
	  { "VERT", "TXF" } },
	/* texture gather: the component, shadow references, offsets */
	{ "textureGather", FS, HEAD "precision highp float;\n"
	  "uniform sampler2D s; uniform highp isampler2DArray a; uniform highp usamplerCube c;\n"
	  "in vec3 uv;\nout vec4 color;\n"
	  "void main() { color = textureGather(s, uv.xy) + textureGather(s, uv.xy, 3) +\n"
	  "  vec4(textureGather(a, uv, 1)) + vec4(textureGather(c, uv, 2)); }\n",
	  { "TG4", "2D_ARRAY", "CUBE" } },
	{ "textureGather of shadow samplers", FS, HEAD "precision highp float;\n"
	  "uniform highp sampler2DShadow s; uniform highp sampler2DArrayShadow a;\n"
	  "uniform highp samplerCubeShadow c;\nin vec3 uv;\nout vec4 color;\n"
	  "void main() { color = textureGather(s, uv.xy, 0.5) + textureGather(a, uv, 0.25) +\n"
	  "  textureGather(c, uv, 0.75); }\n",
	  { "TG4", "SHADOW2D", "SHADOW2D_ARRAY", "SHADOWCUBE" } },
	{ "textureGatherOffset", FS, HEAD "precision highp float;\n"
	  "uniform sampler2D s; uniform highp sampler2DShadow d; uniform highp sampler2DArray a;\n"
	  "in vec3 uv;\nout vec4 color;\n"
	  "void main() { color = textureGatherOffset(s, uv.xy, ivec2(-1, 2), 1) +\n"
	  "  textureGatherOffset(d, uv.xy, 0.5, ivec2(1, 0)) +\n"
	  "  textureGatherOffset(a, uv, ivec2(0, -2)); }\n",
	  { "TG4", "IMM" } },
	/* storage outside compute shaders (issue #16): a fragment shader's
	 * buffer, counter and early tests; a vertex shader's buffer and image */
	{ "early_fragment_tests with a buffer and a counter", FS, HEAD
	  "precision highp float;\nlayout(early_fragment_tests) in;\n"
	  "layout(binding = 0) uniform atomic_uint c;\n"
	  "layout(std430, binding = 1) buffer B { uint v[]; };\nout vec4 o;\n"
	  "void main() { v[atomicCounterIncrement(c)] = 1u; o = vec4(1.0); }\n",
	  { "FRAG\nPROPERTY FS_EARLY_DEPTH_STENCIL 1", "DCL BUFFER[", "ATOMUADD", "STORE BUFFER[" } },
	{ "a vertex shader's buffer and image", VS, HEAD
	  "layout(std430, binding = 0) buffer B { vec4 p[]; };\n"
	  "layout(r32ui, binding = 0) uniform highp writeonly uimage2D img;\n"
	  "void main() { gl_Position = p[gl_VertexID];\n"
	  "  imageStore(img, ivec2(gl_VertexID, 0), uvec4(1u)); }\n",
	  { "VERT", "DCL BUFFER[", "2D, PIPE_FORMAT_R32_UINT, WR", "LOAD OUT[0], BUFFER[",
	    "STORE IMAGE[" } },
};

struct bad_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
	const char *log;   /* what the info log must contain */
};

static const struct bad_case bad[] = {
	{ "a part of the Android pack without its #extension", FS, HEAD
	  "precision highp float;\nuniform highp samplerBuffer b;\nout vec4 o;\n"
	  "void main() { o = texelFetch(b, 0); }\n", "'samplerBuffer' is a reserved word" },
	{ "the Android pack disabled again", FS, HEAD
	  "#extension GL_ANDROID_extension_pack_es31a : enable\n"
	  "#extension GL_ANDROID_extension_pack_es31a : disable\n"
	  "precision highp float;\nuniform highp samplerBuffer b;\nout vec4 o;\n"
	  "void main() { o = texelFetch(b, 0); }\n", "'samplerBuffer' is a reserved word" },
	{ "NV_image_formats' qualifier without its #extension", CS, HEAD LOCAL
	  "layout(rg32f) uniform highp readonly image2D a;\nvoid main() {}\n",
	  "unknown layout qualifier 'rg32f'" },
	{ "an unsigned format on a float image", CS, HEAD NV_IMAGE LOCAL
	  "layout(r8ui) uniform highp readonly image2D a;\nvoid main() {}\n",
	  "does not match its image type" },
	{ "r8 neither readonly nor writeonly", CS, HEAD NV_IMAGE LOCAL
	  "layout(r8) uniform highp image2D a;\nvoid main() {}\n",
	  "must be readonly or writeonly" },
	{ "early_fragment_tests in a vertex shader", VS, HEAD "layout(early_fragment_tests) in;\n"
	  "void main() { gl_Position = vec4(0.0); }\n",
	  "0:2(1): error: 'early_fragment_tests' applies only to fragment shaders" },
	{ "early_fragment_tests on out", FS, HEAD "layout(early_fragment_tests) out;\n"
	  "void main() {}\n", "error:" },
	{ "early_fragment_tests in 3.00", FS, "#version 300 es\nlayout(early_fragment_tests) in;\n"
	  "void main() {}\n", "unknown layout qualifier 'early_fragment_tests'" },
	/* in / out on a uniform or buffer block's member (dEQP uniform_block.es31.invalid) */
	{ "in member of a uniform block", FS, "#version 310 es\nprecision highp float;\n"
	  "uniform U { in vec4 m; } u;\nvoid main() {}\n",
	  "0:3(13): error: a block member's storage must be its block's" },
	{ "out member of a buffer block", FS, "#version 310 es\nprecision highp float;\n"
	  "buffer B { out vec4 m; } b;\nvoid main() {}\n",
	  "0:3(12): error: a block member's storage must be its block's" },
	/* ES 3.10 constructs under 1.00 and 3.00 es */
	{ "buffer in 3.00", FS, "#version 300 es\nprecision mediump float;\n"
	  "buffer B { float x; };\nvoid main() {}\n", "0:3(10): error: syntax error" },
	{ "shared in 3.00", FS, "#version 300 es\nshared float x;\nvoid main() {}\n",
	  "0:2(1): error:" },
	{ "binding in 3.00", FS, "#version 300 es\nprecision mediump float;\n"
	  "layout(binding = 1) uniform sampler2D s;\nvoid main() {}\n",
	  "0:3(8): error: unknown layout qualifier 'binding' (GLSL ES 3.10)" },
	{ "std430 in 3.00", FS, "#version 300 es\nlayout(std430) uniform U { float x; };\n"
	  "void main() {}\n", "0:2(8): error: unknown layout qualifier 'std430'" },
	{ "local size in 3.00", VS, "#version 300 es\nlayout(local_size_x = 2) in;\n"
	  "void main() {}\n", "0:2(8): error: unknown layout qualifier 'local_size_x'" },
	{ "readonly in 3.00", FS, "#version 300 es\nreadonly uniform float x;\n"
	  "void main() {}\n", "0:2(1): error: 'readonly' is a reserved word in GLSL ES 3.00" },
	{ "uaddCarry in 3.00", FS, "#version 300 es\nvoid main() { uint c; uaddCarry(1u, 2u, c); }\n",
	  "0:2(23): error: 'uaddCarry(uint, uint, uint)' is not available in GLSL ES 3.00" },
	{ "umulExtended into a constant", CS, HEAD LOCAL "void main() { uint h;\n"
	  "  umulExtended(1u, 2u, h, 3u); }\n",
	  "0:4(27): error: cannot pass as an out argument an expression that is not an l-value" },
	{ "atomicAdd in 3.00", VS, "#version 300 es\nvoid main() { int x = 0; atomicAdd(x, 1); }\n",
	  "0:2(26): error: 'atomicAdd(int, int)' is not available in GLSL ES 3.00" },
	{ "barrier in 1.00", VS, "#version 100\nvoid main() { barrier(); }\n", "0:2(15): error:" },
	{ "310 without es", CS, "#version 310\nvoid main() {}\n", "0:1(10): error: invalid version" },
	{ "compute in 3.00", CS, "#version 300 es\nvoid main() {}\n",
	  "error: compute shaders need GLSL ES 3.10" },
	{ "cube map array without #extension", FS, HEAD "uniform highp samplerCubeArray s;\n"
	  "void main() {}\n", "0:2(15): error: 'samplerCubeArray' is not a type" },
	{ "samplerBuffer without #extension", FS, HEAD "uniform highp samplerBuffer s;\n"
	  "void main() {}\n", "0:2(15): error: 'samplerBuffer' is a reserved word" },
	{ "sampler2DMSArray without #extension", FS, HEAD "uniform highp sampler2DMSArray s;\n"
	  "void main() {}\n", "0:2(15): error: 'sampler2DMSArray' is a reserved word" },
	{ "usampler2DMSArray in 3.00", FS, "#version 300 es\n"
	  "#extension GL_OES_texture_storage_multisample_2d_array : enable\n"
	  "uniform highp usampler2DMSArray s;\nvoid main() {}\n",
	  "0:3(15): error: 'usampler2DMSArray' is a reserved word in GLSL ES 3.00" },
	{ "texelFetch of sampler2DMSArray by ivec2", FS, HEAD
	  "#extension GL_OES_texture_storage_multisample_2d_array : require\n"
	  "precision mediump float;\nuniform highp sampler2DMSArray s;\nout vec4 c;\n"
	  "void main() { c = texelFetch(s, ivec2(0), 0); }\n", "error: no matching" },
	{ "imageBuffer in 3.00", FS, "#version 300 es\n#extension GL_EXT_texture_buffer : enable\n"
	  "uniform highp imageBuffer s;\nvoid main() {}\n",
	  "0:3(15): error: 'imageBuffer' is a reserved word in GLSL ES 3.00" },
	/* ES 3.10 rules */
	{ "barrier outside compute", FS, HEAD "void main() { barrier(); }\n",
	  "0:2(15): error: 'barrier()' is only available in compute shaders" },
	{ "shared outside compute", VS, HEAD "shared float x;\nvoid main() {}\n",
	  "0:2(1): error: 'shared' variables exist only in compute shaders" },
	{ "shared initialised", CS, HEAD LOCAL "shared float x = 1.0;\nvoid main() {}\n",
	  "0:3(14): error: only const, global and local variables can be initialized" },
	{ "in variable in compute", CS, HEAD LOCAL "in vec4 x;\nvoid main() {}\n",
	  "0:3(1): error: compute shaders have no 'in' or 'out' variables" },
	{ "local size in a vertex shader", VS, HEAD "layout(local_size_x = 2) in;\n"
	  "void main() {}\n", "0:2(1): error: 'local_size' applies only to compute shaders" },
	{ "local size too large", CS, HEAD "layout(local_size_x = 64, local_size_y = 4) in;\n"
	  "void main() {}\n", "0:2(1): error: a work group of more than 128 invocations" },
	{ "local size zero", CS, HEAD "layout(local_size_z = 0) in;\nvoid main() {}\n",
	  "0:2(1): error: local size out of range" },
	{ "local size changed", CS, HEAD LOCAL "layout(local_size_x = 2) in;\nvoid main() {}\n",
	  "0:3(1): error: the local size is declared again with other values" },
	{ "unsized member not last", CS, HEAD LOCAL
	  "buffer B { float a[]; float b; };\nvoid main() {}\n",
	  "0:3(18): error: only the last member of a buffer block can be an unsized array" },
	{ "unsized member of a uniform block", CS, HEAD LOCAL
	  "uniform U { float a[]; };\nvoid main() {}\n",
	  "0:3(19): error: only the last member of a buffer block can be an unsized array" },
	{ "write to readonly block", CS, HEAD LOCAL
	  "readonly buffer B { float a; } b;\nvoid main() { b.a = 1.0; }\n",
	  "0:4(16): error: cannot assign to read-only variable 'b'" },
	{ "write to readonly member", CS, HEAD LOCAL
	  "buffer B { readonly float a; float c; };\nvoid main() { c = 1.0; a = 2.0; }\n",
	  "0:4(24): error: cannot assign to" },
	{ "atomic on a local", CS, HEAD LOCAL "void main() { uint x = 0u; atomicAdd(x, 1u); }\n",
	  "0:3(38): error: 'atomicAdd' needs a buffer or shared variable" },
	{ "atomic on a float", CS, HEAD LOCAL "buffer B { float f; };\n"
	  "void main() { atomicAdd(f, 1.0); }\n", "0:4(15): error: no matching overload" },
	{ "std430 on a uniform block", CS, HEAD LOCAL
	  "layout(std430) uniform U { float a; };\nvoid main() {}\n",
	  "0:3(1): error: 'std430' applies only to buffer blocks" },
	{ "binding on a plain uniform", CS, HEAD LOCAL
	  "layout(binding = 1) uniform float u;\nvoid main() {}\n",
	  "0:3(1): error: 'binding' applies only to samplers, images, atomic counters, uniform and buffer blocks" },
	{ "memory qualifier on a plain variable", CS, HEAD LOCAL "coherent uniform float u;\n"
	  "void main() {}\n", "0:3(1): error: memory qualifiers apply only to buffer blocks" },
	/* images */
	{ "image2D in 3.00", FS, "#version 300 es\nuniform highp image2D i;\nvoid main() {}\n",
	  "0:2(15): error: 'image2D' is a reserved word in GLSL ES 3.00" },
	{ "image without a format", CS, HEAD LOCAL
	  "layout(binding = 0) uniform highp writeonly image2D i;\nvoid main() {}\n",
	  "0:3(1): error: image uniforms must have a format layout qualifier" },
	{ "format of another base type", CS, HEAD LOCAL "\n"
	  "layout(r32i) uniform highp writeonly uimage2D i;\nvoid main() {}\n",
	  "0:4(1): error: the format layout qualifier of 'i' does not match its image type" },
	{ "rgba8 image neither readonly nor writeonly", CS, HEAD LOCAL
	  "layout(rgba8) uniform highp image2D i;\nvoid main() {}\n",
	  "0:3(1): error: image 'i' must be readonly or writeonly unless its format is r32f" },
	{ "imageLoad of a readonly writeonly image", CS, HEAD LOCAL
	  "layout(r32f) readonly writeonly uniform highp image2D i;\n"
	  "void main() { imageLoad(i, ivec2(0)); }\n",
	  "0:4(25): error: 'imageLoad' cannot use image 'i': it is writeonly" },
	{ "imageStore to a readonly image", CS, HEAD LOCAL
	  "layout(rgba8) uniform highp readonly image2D i;\n"
	  "void main() {\n  imageStore(i, ivec2(0), vec4(1.0)); }\n",
	  "0:5(14): error: 'imageStore' cannot use image 'i': it is readonly" },
	{ "imageLoad of a writeonly image", CS, HEAD LOCAL
	  "layout(rgba8) uniform highp writeonly image2D i;\n"
	  "void main() { vec4 v = imageLoad(i, ivec2(0)); }\n",
	  "0:4(34): error: 'imageLoad' cannot use image 'i': it is writeonly" },
	{ "image atomic on a writeonly image", CS, HEAD IMAGE_ATOMIC LOCAL
	  "layout(r32ui) uniform highp writeonly uimage2D i;\n"
	  "void main() { imageAtomicAdd(i, ivec2(0), 1u); }\n",
	  "0:5(30): error: 'imageAtomicAdd' cannot use image 'i': it is writeonly" },
	{ "image atomic add on a float image", CS, HEAD IMAGE_ATOMIC LOCAL
	  "layout(r32f) uniform highp image2D i;\n"
	  "void main() { imageAtomicAdd(i, ivec2(0), 1.0); }\n",
	  "0:5(15): error: no matching overload" },
	{ "image atomic without #extension", CS, HEAD LOCAL
	  "layout(r32ui) uniform highp uimage2D i;\n"
	  "void main() { imageAtomicAdd(i, ivec2(0), 1u); }\n",
	  "0:4(15): error: 'imageAtomicAdd(uimage2D, ivec2, uint)' requires #extension "
	  "GL_OES_shader_image_atomic" },
	{ "image binding past gl_MaxImageUnits", CS, HEAD LOCAL
	  "layout(r32ui, binding = 2) uniform highp uimage2D i[2];\n"
	  "layout(r32ui, binding = 3) uniform highp uimage2D j[2];\nvoid main() {}\n",
	  "0:4(1): error: the binding of image 'j' is not below gl_MaxImageUnits (4)" },
	/* §4.4.5: samplers' bindings below gl_MaxCombinedTextureImageUnits (32 here) */
	{ "sampler binding past the units", FS, HEAD "precision mediump float;\n"
	  "layout(binding = 31) uniform sampler2D t[2];\nvoid main() {}\n",
	  "0:3(1): error: the binding of sampler 't' is not below gl_MaxCombinedTextureImageUnits "
	  "(32)" },
	{ "readonly image to a plain parameter", CS, HEAD LOCAL
	  "layout(rgba8) readonly uniform highp image2D src;\n"
	  "vec4 fetch(highp image2D i) { return vec4(imageSize(i), 0.0, 0.0); }\n"
	  "void main() { vec4 v = fetch(src); }\n",
	  "0:5(30): error: argument 'src' cannot drop its memory qualifiers in a call to 'fetch'" },
	{ "imageStore to a readonly parameter", CS, HEAD LOCAL
	  "void put(readonly highp image2D i) { imageStore(i, ivec2(0), vec4(0.0)); }\n"
	  "void main() {}\n",
	  "0:3(49): error: 'imageStore' cannot use image 'i': it is readonly" },
	{ "memory qualifier on a float parameter", CS, HEAD LOCAL
	  "void f(coherent float x) {}\nvoid main() {}\n",
	  "0:3(8): error: memory qualifiers apply only to buffer blocks, their members and images" },
	{ "image without precision", CS, HEAD LOCAL
	  "layout(rgba8) uniform writeonly image2D i;\nvoid main() {}\n",
	  "0:3(41): error: 'i' has no precision qualifier and image2D has no default precision" },
	{ "format on a float", CS, HEAD LOCAL "layout(rgba8) uniform float u;\nvoid main() {}\n",
	  "0:3(1): error: format layout qualifiers apply only to images" },
	{ "memory qualifier on a uniform float", CS, HEAD LOCAL "readonly uniform float u;\n"
	  "void main() {}\n", "0:3(1): error: memory qualifiers apply only to buffer blocks, their "
	  "members and images" },
	{ "image as a local variable", CS, HEAD LOCAL
	  "void main() { highp image2D i; }\n",
	  "0:3(29): error: samplers can only be uniforms or function parameters" },
	{ "buffer variable outside a block", CS, HEAD LOCAL "buffer float u;\nvoid main() {}\n",
	  "0:3(1): error: buffer variables must be declared in a buffer block" },
	{ "sampler2DMS in 3.00", FS, "#version 300 es\nuniform highp sampler2DMS s;\n"
	  "void main() {}\n", "0:2(15): error: 'sampler2DMS' is a reserved word in GLSL ES 3.00" },
	{ "textureGather in 3.00", FS, "#version 300 es\nprecision mediump float;\n"
	  "uniform sampler2D s;\nout vec4 c;\nvoid main() { c = textureGather(s, vec2(0.5)); }\n",
	  "0:5(19): error: 'textureGather(sampler2D, vec2)' is not available in GLSL ES 3.00" },
	{ "texelFetch of sampler2DMS without a sample", FS, HEAD "precision mediump float;\n"
	  "uniform highp sampler2DMS s;\nout vec4 c;\n"
	  "void main() { c = texelFetch(s, ivec2(0)); }\n", "0:5(19): error: no matching overload" },
	{ "textureSize of sampler2DMS with a level", FS, HEAD "precision mediump float;\n"
	  "uniform highp sampler2DMS s;\nout vec4 c;\n"
	  "void main() { c = vec4(textureSize(s, 0), 0.0, 0.0); }\n",
	  "0:5(24): error: no matching overload" },
	{ "texture() of sampler2DMS", FS, HEAD "precision mediump float;\n"
	  "uniform highp sampler2DMS s;\nout vec4 c;\n"
	  "void main() { c = texture(s, vec2(0.5)); }\n", "0:5(19): error: no matching overload" },
	{ "textureGather with a float component", FS, HEAD "precision mediump float;\n"
	  "uniform sampler2D s;\nout vec4 c;\n"
	  "void main() { c = textureGather(s, vec2(0.5), 1.0); }\n",
	  "0:5(19): error: no matching overload" },
	{ "textureGather with a variable component", FS, HEAD "precision mediump float;\n"
	  "uniform sampler2D s;\nuniform int k;\nout vec4 c;\n"
	  "void main() { c = textureGather(s, vec2(0.5), k); }\n",
	  "0:6(47): error: the component of 'textureGather' must be a constant 0, 1, 2 or 3" },
	{ "textureGatherOffset with component 4", FS, HEAD "precision mediump float;\n"
	  "uniform sampler2D s;\nout vec4 c;\n"
	  "void main() { c = textureGatherOffset(s, vec2(0.5), ivec2(1), 4); }\n",
	  "0:5(63): error: the component of 'textureGatherOffset' must be a constant 0, 1, 2 or 3" },
	{ "textureGatherOffset with a variable offset", FS, HEAD "precision mediump float;\n"
	  "uniform sampler2D s;\nuniform ivec2 o;\nout vec4 c;\n"
	  "void main() { c = textureGatherOffset(s, vec2(0.5), o); }\n",
	  "0:6(53): error: the offset of 'textureGatherOffset' must be a constant expression" },
	{ "textureOffset with a variable offset", FS, "#version 300 es\nprecision mediump float;\n"
	  "uniform sampler2D s;\nuniform ivec2 o;\nout vec4 c;\n"
	  "void main() { c = textureOffset(s, vec2(0.5), o + ivec2(1)); }\n",
	  "0:6(49): error: the offset of 'textureOffset' must be a constant expression" },
	/* atomic counters (ES 3.10 §4.1.7.3, §4.4.6) */
	{ "atomic_uint in 3.00", FS, "#version 300 es\nuniform highp atomic_uint c;\nvoid main() {}\n",
	  "0:2(15): error: 'atomic_uint' is a reserved word in GLSL ES 3.00" },
	{ "atomic counter as a local", CS, HEAD LOCAL "void main() { atomic_uint c; }\n",
	  "0:3(27): error: atomic counters can only be uniforms or function parameters" },
	{ "atomic counter offset not a multiple of 4", CS, HEAD LOCAL
	  "layout(binding = 0, offset = 2) uniform atomic_uint c;\nvoid main() {}\n",
	  "0:3(53): error: the offset of atomic counter 'c' is not a multiple of 4" },
	{ "atomic counters overlapping", CS, HEAD LOCAL
	  "layout(binding = 0, offset = 4) uniform atomic_uint a[2];\n"
	  "layout(binding = 0, offset = 8) uniform atomic_uint b;\nvoid main() {}\n",
	  "0:4(53): error: atomic counter 'b' overlaps another counter of binding 0" },
	{ "explicit offset over an implicit one", CS, HEAD LOCAL
	  "layout(binding = 0) uniform atomic_uint a;\n"
	  "layout(binding = 0, offset = 0) uniform atomic_uint b;\nvoid main() {}\n",
	  "0:4(53): error: atomic counter 'b' overlaps another counter of binding 0" },
	/* §4.4.6: no default binding (as Mesa) */
	{ "atomic counter without binding", CS, HEAD LOCAL "uniform atomic_uint c;\nvoid main() {}\n",
	  "0:3(21): error: atomic counter 'c' needs layout(binding)" },
	/* §4.10: writeonly buffer variables are written, never read */
	{ "read of a writeonly block", CS, HEAD LOCAL
	  "writeonly buffer B { float x; };\nvoid main() { float y = x; }\n",
	  "0:4(25): error: 'x' is writeonly and cannot be read" },
	{ "compound assignment of a writeonly member", CS, HEAD LOCAL
	  "buffer B { writeonly float x; } b;\nvoid main() { b.x += 1.0; }\n",
	  "0:4(16): error: 'x' is writeonly and cannot be read" },
	{ "writeonly member as an index", CS, HEAD LOCAL
	  "buffer B { writeonly int i; float v[4]; } b;\nvoid main() { b.v[b.i] = 1.0; }\n",
	  "error: 'i' is writeonly and cannot be read" },
	{ "atomic counter binding past the limit", CS, HEAD LOCAL
	  "layout(binding = 1) uniform atomic_uint c;\nvoid main() {}\n",
	  "0:3(41): error: the binding of atomic counter 'c' is not below "
	  "gl_MaxAtomicCounterBindings (1)" },
	{ "atomic counter past the buffer size", CS, HEAD LOCAL
	  "layout(binding = 0, offset = 32) uniform atomic_uint c;\nvoid main() {}\n",
	  "0:3(54): error: atomic counter 'c' ends past gl_MaxAtomicCounterBufferSize (32)" },
	{ "default offset not a multiple of 4", CS, HEAD LOCAL
	  "layout(binding = 0, offset = 6) uniform atomic_uint;\nvoid main() {}\n",
	  "0:3(1): error: the default offset of atomic counter binding 0 must be a multiple of 4" },
	{ "default offset of a binding past the limit", CS, HEAD LOCAL
	  "layout(binding = 1, offset = 4) uniform atomic_uint;\nvoid main() {}\n",
	  "0:3(1): error: atomic counter binding 1 is not below gl_MaxAtomicCounterBindings (1)" },
	{ "default offset without an offset", CS, HEAD LOCAL
	  "layout(binding = 0) uniform atomic_uint;\nvoid main() {}\n",
	  "0:3(1): error: a declaration of atomic_uint without a name takes only uniform, "
	  "binding and offset" },
	{ "offset on a float", CS, HEAD LOCAL
	  "layout(offset = 4) uniform highp float f;\nvoid main() {}\n",
	  "0:3(1): error: 'offset' applies only to atomic counters" },
	{ "atomic counter in a block", CS, HEAD LOCAL "buffer B { atomic_uint c; };\nvoid main() {}\n",
	  "0:3(12): error: atomic counters are not allowed in blocks" },
	{ "atomic counter in a struct", CS, HEAD LOCAL "struct S { atomic_uint c; };\nvoid main() {}\n",
	  "0:3(12): error: struct members cannot be atomic counters" },
	{ "atomic counter read as a uint", CS, HEAD LOCAL
	  "layout(binding = 0) uniform atomic_uint c;\nvoid main() { uint x = c; }\n",
	  "0:4(24): error: cannot initialize 'x' of type uint with atomic_uint" },
	{ "image array indexed by a uniform, no extension", CS, HEAD LOCAL
	  "layout(r32ui) readonly uniform highp uimage2D m[2];\nuniform int i;\n"
	  "buffer B { uint o; };\n"
	  "void main() { o = imageLoad(m[i], ivec2(0)).x; }\n",
	  "0:6(31): error: this array can only be indexed with a constant expression" },
	/* atomic counters have no location (ES 3.1 §7.6) */
	{ "location on an atomic counter", CS, HEAD LOCAL
	  "layout(binding = 0, location = 2) uniform atomic_uint c;\n"
	  "void main() { atomicCounterIncrement(c); }\n",
	  "0:3(1): error: atomic counters take no 'location'" },
	{ "location on a vertex output in 3.00", VS, "#version 300 es\n"
	  "layout(location = 1) out vec4 v;\nvoid main() { v = vec4(1.0); }\n",
	  "0:2(1): error: 'location' applies only to vertex inputs and fragment outputs" },
	/* OES_shader_multisample_interpolation: under its #extension, on inputs */
	{ "sample qualifier without the extension", FS, HEAD "precision highp float;\n"
	  "sample in vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n",
	  "0:3(1): error: 'sample' is a reserved word in GLSL ES 3.10" },
	{ "interpolateAtCentroid without the extension", FS, HEAD "precision highp float;\n"
	  "in vec4 v;\nout vec4 o;\nvoid main() { o = interpolateAtCentroid(v); }\n",
	  "interpolateAtCentroid" },
	{ "interpolateAtCentroid of a temporary", FS, HEAD MS_INTERP
	  "void main() { vec4 t = vec4(1.0); o = interpolateAtCentroid(t); }\n",
	  "error: 'interpolateAtCentroid' needs a fragment shader input" },
	{ "interpolateAtOffset of an expression", FS, HEAD MS_INTERP "in vec4 v;\n"
	  "void main() { o = interpolateAtOffset(v * 2.0, vec2(0.0)); }\n",
	  "error: 'interpolateAtOffset' needs a fragment shader input" },
	{ "interpolant swizzled", FS, HEAD MS_INTERP "in vec4 v;\n"
	  "void main() { o = vec4(interpolateAtSample(v.xy, 0), 0.0, 0.0); }\n",
	  "error: 'interpolateAtSample' needs a fragment shader input" },
	{ "interpolant a vector's component", FS, HEAD MS_INTERP "in vec4 v;\n"
	  "void main() { o = vec4(interpolateAtCentroid(v[1])); }\n",
	  "error: 'interpolateAtCentroid' needs a fragment shader input" },
	{ "interpolant a struct member", FS, HEAD MS_INTERP "struct S { vec4 a; };\nin S st;\n"
	  "void main() { o = interpolateAtCentroid(st.a); }\n",
	  "error: 'interpolateAtCentroid' needs a fragment shader input" },
	{ "centroid and sample together", FS, HEAD MS_INTERP "centroid sample in vec4 v;\n"
	  "void main() { o = v; }\n", "0:5(10): error: conflicting auxiliary qualifiers 'centroid' and 'sample'" },
	{ "interpolateAtSample in a vertex shader", VS, HEAD
	  "#extension GL_OES_shader_multisample_interpolation : require\n"
	  "in vec4 v;\nvoid main() { gl_Position = interpolateAtSample(v, 0); }\n",
	  "interpolateAtSample" },
	/* OES_sample_variables: under its #extension, in fragment shaders, inputs read-only */
	{ "gl_SampleID without the extension", FS, HEAD "precision highp float;\nout vec4 o;\n"
	  "void main() { o = vec4(float(gl_SampleID)); }\n", "0:4(30): error: 'gl_SampleID' undeclared" },
	{ "gl_SampleID in a vertex shader", VS, HEAD "#extension GL_OES_sample_variables : require\n"
	  "void main() { gl_Position = vec4(float(gl_SampleID)); }\n",
	  "0:3(40): error: 'gl_SampleID' undeclared" },
	{ "gl_SampleMaskIn written", FS, HEAD SAMPLE_VARS
	  "void main() { gl_SampleMaskIn[0] = 1; o = vec4(1.0); }\n",
	  "0:5(30): error: cannot assign to read-only variable 'gl_SampleMaskIn'" },
	{ "gl_NumSamples written", FS, HEAD SAMPLE_VARS
	  "void main() { gl_NumSamples = 2; o = vec4(1.0); }\n",
	  "0:5(15): error: cannot assign to read-only variable 'gl_NumSamples'" },
	{ "location on a uniform in 3.00", FS, "#version 300 es\nprecision mediump float;\n"
	  "layout(location = 1) uniform float u;\nvoid main() {}\n",
	  "0:3(1): error: 'location' applies only to vertex inputs and fragment outputs" },
};

/* Arrays of arrays (ES 3.10 §4.1.9): the three ways to write them, implicit
 * sizes, length() per level, parameters, block members and arrays of arrays
 * of blocks (one slot per block, in row order). */
static const struct good_case aoa_good[] = {
	{ "arrays of arrays: declarations, constructors, length()", FS, HEAD
	  "precision highp float;\n"
	  "uniform float u[2][3];\nuniform int k;\nout vec4 o;\n"
	  "float sum(float x[2][3]) { float s = 0.0; for (int i = 0; i < 2; i++)\n"
	  "  for (int j = 0; j < 3; j++) s += x[i][j]; return s; }\n"
	  "float[2][3] mk(float f) { return float[2][3](float[3](f, f, f), float[3](1.0, 2.0, f)); }\n"
	  "void main() { float a[2][3]; float[2] b[3];\n"
	  "  float[][2] c = float[][](float[](1.0, 2.0), float[](3.0, 4.0), float[](5.0, 6.0));\n"
	  "  a[0][1] = u[1][k]; a = mk(a[0][1]);\n"
	  "  b[2][1] = float(a.length() + a[0].length() + c.length() + c[1].length());\n"
	  "  o = vec4(sum(a), b[2][1], c[k][k], a == mk(1.0) ? 1.0 : 0.0); }\n",
	  /* u: 6 slots, k after it; 2 + 3 + 3 + 2 = 10.0 folded */
	  { "DCL CONST[1][0..6]", "CONST[1][ADDR[0].x+3]", "0x41200000" } },
	{ "unsized levels on the specifier and the name", FS, HEAD
	  "precision mediump float;\nout vec4 o;\n"
	  "void main() { bool[][] x[] = bool[][][](bool[][](bool[](true, false), bool[](true, true)));\n"
	  "  bool[] y[][] = x; float[] f[2] = float[2][](float[](1.0), float[](2.0));\n"
	  "  o = vec4(y[0][1][1] ? 1.0 : 0.0, float(y.length() + y[0].length() + y[0][0].length()),\n"
	  "    f[1][0], 0.0); }\n",
	  /* all constant: 1.0, 1 + 2 + 2 = 5.0, 2.0 */
	  { "IMM[0] FLT32 {0x3f800000, 0x40a00000, 0x40000000, 0x00000000}", "MOV OUT[0], IMM[0]" } },
	{ "struct and block members, arrays of arrays of blocks", VS, HEAD
	  "in vec4 p;\nstruct S { float f[2][2]; vec2 v; };\nuniform S s[2][2];\n"
	  "layout(std140) uniform B { float x[2][3]; vec4 y; } b[2][2];\n"
	  "void main() { gl_Position = p + vec4(s[1][0].f[1][1] + b[1][1].x[1][2]); }\n",
	  /* s[1][0] at slot 10, .f[1][1] 3 more; b[1][1] is the fourth block and
	   * x[1][2] its sixth slot */
	  { "DCL CONST[2][0..6]", "DCL CONST[5][0..6]", "CONST[1][13]", "CONST[5][5]" } },
	{ "arrays of arrays of samplers", FS, HEAD "precision mediump float;\n"
	  "uniform sampler2D t[2][3];\nout vec4 o;\n"
	  "vec4 pick(sampler2D x[3]) { return texture(x[1], vec2(0.5)); }\n"
	  "void main() { o = texture(t[1][2], vec2(0.5)) + pick(t[0]); }\n",
	  /* one flat array of six at bindings 1..6: t[1][2] the sixth, t[0][1] the second */
	  { "DCL SAMP[6]", "SAMP[6], 2D", "SAMP[2], 2D" } },
	{ "buffer member with an unsized outer level", CS, HEAD LOCAL
	  "layout(std430) buffer SB { int n; float z[][3]; } sb;\n"
	  "void main() { sb.n = sb.z.length() * 10 + sb.z[1].length();\n"
	  "  sb.z[gl_LocalInvocationIndex][2] = float[3](1.0, 2.0, 3.0)[1]; }\n",
	  { "DCL BUFFER[1]", "RESQ", "STORE BUFFER[1]" } },
};

static const struct bad_case aoa_bad[] = {
	{ "arrays of arrays in 3.00", FS, "#version 300 es\nprecision mediump float;\n"
	  "void main() { float a[2][3]; }\n",
	  "0:3(25): error: arrays of arrays are not allowed in GLSL ES 3.00" },
	{ "array type with an array name in 3.00", FS, "#version 300 es\n"
	  "precision mediump float;\nvoid main() { float[2] a[3]; }\n",
	  "error: arrays of arrays are not allowed in GLSL ES 3.00" },
	{ "vertex input array of arrays", VS, HEAD "in float a[2][2];\nvoid main() {}\n",
	  "0:2(10): error: shader inputs and outputs cannot be arrays of arrays" },
	{ "fragment output array of arrays", FS, HEAD "precision mediump float;\n"
	  "out vec4 o[1][1];\nvoid main() {}\n",
	  "error: shader inputs and outputs cannot be arrays of arrays" },
	{ "vertex output array of arrays", VS, HEAD "out float v[2][2];\nvoid main() {}\n",
	  "error: shader inputs and outputs cannot be arrays of arrays" },
	{ "unsized inner level of a buffer member", CS, HEAD LOCAL
	  "buffer B { float z[2][]; };\nvoid main() {}\n",
	  "error: only the outermost dimension of an array of arrays can be unsized" },
	{ "unsized array of arrays without an initializer", FS, HEAD
	  "precision mediump float;\nvoid main() { float a[][2]; }\n",
	  "error: unsized array 'a' needs an initializer" },
	{ "initializer of other inner size", FS, HEAD "precision mediump float;\n"
	  "void main() { float a[][2] = float[][](float[](1.0, 2.0, 3.0)); }\n",
	  "error: cannot initialize 'a'" },
	{ "constructor argument of other size", FS, HEAD "precision mediump float;\n"
	  "void main() { float a[2][2] = float[2][2](float[2](1.0, 2.0), float[3](1.0, 2.0, 3.0)); }\n",
	  "argument type does not match" },
	{ "arrays of arrays of images", CS, HEAD LOCAL
	  "layout(rgba8) readonly uniform highp image2D t[2][2];\nvoid main() {}\n",
	  "arrays of arrays of images and atomic counters are not supported yet" },
};

/* Geometry shaders (EXT_geometry_shader, OES_geometry_shader): the input
 * primitive sizes gl_in and the per-vertex inputs (IN[vertex][n]), the
 * output layout and invocations become TGSI properties, EmitVertex copies
 * the outputs and emits on stream 0. */
#define GS_HEAD HEAD "#extension GL_EXT_geometry_shader : require\n"

static const struct good_case gs_good[] = {
	{ "uaddCarry, imulExtended in a geometry shader", GS, GS_HEAD
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "flat in highp uvec2 v[];\nflat out highp uvec2 g;\n"
	  "void main() { uvec2 c; int h, l; g = uaddCarry(v[0], v[0].yx, c) + c;\n"
	  "  imulExtended(int(v[0].x), -2, h, l); g.x += uint(h + l); EmitVertex(); }\n",
	  { "GEOM", "UADD", "USLT", "UMUL", "IMUL_HI" } },
	{ "triangle passthrough", GS, GS_HEAD
	  "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
	  "in vec4 v_color[];\nout vec4 g_color;\n"
	  "void main() { for (int i = 0; i < gl_in.length(); i++) {\n"
	  "  gl_Position = gl_in[i].gl_Position; g_color = v_color[i]; EmitVertex(); }\n"
	  "  EndPrimitive(); }\n",
	  { "GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nPROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
	    "PROPERTY GS_MAX_OUTPUT_VERTICES 3\nPROPERTY GS_INVOCATIONS 1\n",
	    "DCL IN[][0], GENERIC[0]", "DCL IN[][1], POSITION", "IN[2][1]",
	    "EMIT IMM[", "ENDPRIM IMM[" } },
	{ "points to quads, two invocations (OES name)", GS, HEAD
	  "#extension GL_OES_geometry_shader : require\n"
	  "layout(points, invocations = 2) in;\nlayout(triangle_strip, max_vertices = 4) out;\n"
	  "void main() { vec4 p = gl_in[0].gl_Position + vec4(float(gl_InvocationID), 0, 0, 0);\n"
	  "  for (int i = 0; i < 4; i++) {\n"
	  "    gl_Position = p + vec4(float(i & 1), float(i >> 1), 0, 0) * 0.1; EmitVertex(); } }\n",
	  { "GS_INPUT_PRIMITIVE POINTS", "GS_MAX_OUTPUT_VERTICES 4", "GS_INVOCATIONS 2",
	    "INVOCATIONID", "DCL IN[][0], POSITION" } },
	{ "point size read and written (EXT_geometry_point_size)", GS, GS_HEAD
	  "#extension GL_EXT_geometry_point_size : require\n"
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position;\n"
	  "  gl_PointSize = gl_in[0].gl_PointSize * 4.0; EmitVertex(); }\n",
	  { "DCL IN[][0], POSITION", "DCL IN[][1], PSIZE", ", PSIZE" } },
	{ "primitive ids and layer", GS, GS_HEAD
	  "layout(lines) in;\nlayout(points, max_vertices = 2) out;\n"
	  "void main() { gl_PrimitiveID = gl_PrimitiveIDIn; gl_Layer = 1;\n"
	  "  gl_Position = gl_in[1].gl_Position; EmitVertex(); }\n",
	  { "GS_INPUT_PRIMITIVE LINES", "GS_OUTPUT_PRIMITIVE POINTS", "DCL IN[][0], PRIM_ID",
	    ".x, PRIM_ID", ".x, LAYER", "IN[1][1]" } },
	{ "viewport index written (OES_viewport_array)", GS, GS_HEAD
	  "#extension GL_OES_viewport_array : require\n"
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_ViewportIndex = gl_MaxViewports - 15;\n"
	  "  gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
	  { "DCL OUT[1].x, VIEWPORT_INDEX", "MOV OUT[1].x, " } },
	{ "viewport index read (OES_viewport_array)", FS, HEAD
	  "#extension GL_OES_viewport_array : require\nprecision highp float;\nout vec4 c;\n"
	  "void main() { c = vec4(float(gl_ViewportIndex)); }\n",
	  { "DCL IN[0].x, VIEWPORT_INDEX, CONSTANT", "I2F TEMP[0].x, IN[0]" } },
	{ "inputs indexed dynamically, flat outputs", GS, GS_HEAD
	  "layout(lines_adjacency) in;\nlayout(line_strip, max_vertices = 4) out;\n"
	  "uniform int k;\nin vec2 v[4];\nflat out int o;\n"
	  "void main() { gl_Position = vec4(v[k], gl_in[k].gl_Position.zw); o = k; EmitVertex(); }\n",
	  { "GS_INPUT_PRIMITIVE LINES_ADJACENCY", "GS_OUTPUT_PRIMITIVE LINE_STRIP", "ARRAY(",
	    "IN[3][0]", "IN[3][1]" } },
	{ "triangles_adjacency, the geometry constants", GS, GS_HEAD
	  "layout(triangles_adjacency) in;\n"
	  "layout(triangle_strip, max_vertices = 256) out;\n"
	  "void main() { gl_Position = gl_in[5].gl_Position * float(gl_MaxGeometryOutputVertices\n"
	  "  + gl_MaxGeometryShaderInvocations); EmitVertex(); }\n",
	  { "TRIANGLES_ADJACENCY", "GS_MAX_OUTPUT_VERTICES 256", "IN[5][0]", "0x43900000" } },
};

static const struct bad_case gs_bad[] = {
	{ "geometry shader without the extension", GS, HEAD "layout(points) in;\nvoid main() {}\n",
	  "error: geometry shaders need GLSL ES 3.10 and #extension GL_EXT_geometry_shader" },
	{ "viewport index without its extension", GS, GS_HEAD
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_ViewportIndex = 1; EmitVertex(); }\n",
	  "error: 'gl_ViewportIndex' undeclared" },
	{ "point size without its extension", GS, GS_HEAD
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_PointSize = 1.0; EmitVertex(); }\n", "error: 'gl_PointSize' undeclared" },
	{ "gl_in's point size without its extension", GS, GS_HEAD
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_Position = vec4(gl_in[0].gl_PointSize); EmitVertex(); }\n",
	  "gl_PointSize" },
	{ "geometry shader in 3.00", GS, "#version 300 es\nvoid main() {}\n",
	  "error: geometry shaders need GLSL ES 3.10" },
	{ "strip as the input", GS, GS_HEAD "layout(triangle_strip) in;\nvoid main() {}\n",
	  "0:3(1): error: a geometry shader's input primitive must be points, lines" },
	{ "triangles as the output", GS, GS_HEAD
	  "layout(triangles, max_vertices = 3) out;\nvoid main() {}\n",
	  "0:3(1): error: a geometry shader's output primitive must be points, line_strip or "
	  "triangle_strip" },
	{ "too many vertices", GS, GS_HEAD "layout(points, max_vertices = 257) out;\n"
	  "void main() {}\n", "0:3(1): error: 'max_vertices' exceeds gl_MaxGeometryOutputVertices" },
	{ "too many invocations", GS, GS_HEAD "layout(invocations = 33) in;\nvoid main() {}\n",
	  "0:3(1): error: 'invocations' out of range" },
	{ "no invocations", GS, GS_HEAD "layout(points, invocations = 0) in;\nvoid main() {}\n",
	  "0:3(1): error: 'invocations' out of range" },
	{ "max_vertices on in", GS, GS_HEAD "layout(points, max_vertices = 4) in;\n"
	  "void main() {}\n", "0:3(1): error: 'max_vertices' applies to 'out' only" },
	{ "input primitive changed", GS, GS_HEAD "layout(points) in;\nlayout(lines) in;\n"
	  "void main() {}\n", "0:4(1): error: the input primitive is declared again with another value" },
	{ "max_vertices changed", GS, GS_HEAD "layout(points, max_vertices = 2) out;\n"
	  "layout(max_vertices = 3) out;\nvoid main() {}\n",
	  "0:4(1): error: 'max_vertices' is declared again with another value" },
	{ "input size against the primitive", GS, GS_HEAD "layout(triangles) in;\n"
	  "in vec4 v[2];\nvoid main() {}\n",
	  "0:4(9): error: an input array's size does not match the input primitive" },
	{ "input sized before the primitive", GS, GS_HEAD "in vec4 v[2];\n"
	  "layout(triangles) in;\nvoid main() {}\n",
	  "0:3(9): error: an input array's size does not match the input primitive" },
	{ "input not an array", GS, GS_HEAD "layout(triangles) in;\nin vec4 v;\nvoid main() {}\n",
	  "0:4(9): error: geometry shader inputs must be arrays" },
	{ "unsized input before the primitive", GS, GS_HEAD "in vec4 v[];\n"
	  "layout(triangles) in;\nvoid main() {}\n",
	  "0:3(9): error: an unsized geometry shader input needs the input primitive declared" },
	{ "gl_in before the primitive", GS, GS_HEAD
	  "void f() { gl_Position = gl_in[0].gl_Position; }\nlayout(triangles) in;\nvoid main() {}\n",
	  "0:3(26): error: 'gl_in' is used before the input primitive is declared" },
	{ "writing an input", GS, GS_HEAD "layout(triangles) in;\n"
	  "layout(points, max_vertices = 1) out;\nin vec4 v[];\nvoid main() { v[0] = vec4(1.0); }\n",
	  "0:6(16): error: cannot assign to read-only variable 'v'" },
	{ "EmitVertex in a vertex shader", VS, HEAD "void main() { EmitVertex(); }\n",
	  "0:2(15): error:" },
	{ "gl_Layer in a vertex shader", VS, HEAD "void main() { gl_Layer = 1; }\n",
	  "0:2(15): error: 'gl_Layer' undeclared" },
	{ "input layout in a vertex shader", VS, HEAD "layout(triangles) in;\nvoid main() {}\n",
	  "0:2(1): error: primitive, 'max_vertices' and 'invocations' layouts apply only to "
	  "geometry shaders" },
	{ "output layout in a fragment shader", FS, HEAD
	  "layout(points, max_vertices = 1) out;\nvoid main() {}\n",
	  "0:2(1): error: primitive, 'max_vertices' and 'invocations' layouts apply only to "
	  "geometry shaders" },
	{ "unsized input in a vertex shader", VS, HEAD "in vec4 v[];\nvoid main() {}\n",
	  "0:2(9): error: an unsized array needs an array initializer" },
	{ "geometry layouts in 3.00", VS, "#version 300 es\nlayout(triangles) in;\n"
	  "void main() {}\n", "0:2(8): error: unknown layout qualifier 'triangles'" },
};

/* Tessellation shaders (EXT_tessellation_shader, OES_tessellation_shader):
 * the layouts become TGSI properties; per-vertex inputs are IN[vertex][n]
 * (gl_MaxPatchVertices of them); a control shader writes its own vertex's
 * outputs at OUT[n] and the per-patch ones (PATCH, TESSOUTER / TESSINNER a
 * channel each) where it stores them; the evaluation shader reads the
 * levels, gl_TessCoord and gl_PatchVerticesIn as system values. */
#define TS_HEAD HEAD "#extension GL_EXT_tessellation_shader : require\n"

static const struct good_case ts_good[] = {
	{ "control shader: gl_out, levels, patch output", TCS, TS_HEAD
	  "layout(vertices = 4) out;\nin vec4 v[];\nout vec4 t[];\npatch out vec4 p;\n"
	  "uniform float lvl;\n"
	  "void main() {\n"
	  "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	  "  t[gl_InvocationID] = v[gl_InvocationID];\n"
	  "  if (gl_InvocationID == 0) {\n"
	  "    gl_TessLevelOuter[1] = lvl; gl_TessLevelInner[0] = float(gl_PatchVerticesIn);\n"
	  "    p = vec4(float(gl_PrimitiveID)); }\n"
	  "  barrier(); }\n",
	  { "TESS_CTRL\nPROPERTY TCS_VERTICES_OUT 4\n", "DCL OUT[0], POSITION", ", PATCH[",
	    ", TESSOUTER", "OUT[4].y, ", "\n  BARRIER\n" } },
	{ "control shader: constants, OES name, sized arrays", TCS, HEAD
	  "#extension GL_OES_tessellation_shader : require\n"
	  "layout(vertices = 3) out;\nin vec2 v[gl_MaxPatchVertices];\nout vec2 t[3];\n"
	  "void main() { t[gl_InvocationID] = v[0] * float(gl_MaxTessGenLevel + gl_MaxPatchVertices);\n"
	  "  gl_TessLevelOuter[0] = 1.0; }\n",
	  { "TCS_VERTICES_OUT 3", "DCL IN[][0], GENERIC[0]", "DCL OUT[0], GENERIC[0]",
	    "0x42c00000", "OUT[1].x, " } },
	{ "evaluation shader: quads", TES, TS_HEAD
	  "layout(quads, fractional_odd_spacing, cw) in;\nin vec4 t[];\npatch in vec4 p;\n"
	  "out vec4 c;\n"
	  "void main() {\n"
	  "  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
	  "  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
	  "  gl_Position = mix(a, b, gl_TessCoord.y);\n"
	  "  c = t[2] + p + vec4(gl_TessLevelOuter[1], gl_TessLevelInner[0], 0, 0); }\n",
	  { "TESS_EVAL\nPROPERTY TES_PRIM_MODE 7\nPROPERTY TES_SPACING 0\n"
	    "PROPERTY TES_VERTEX_ORDER_CW 1\nPROPERTY TES_POINT_MODE 0\n",
	    "DCL OUT[0], POSITION", ", PATCH[", "SV[0], TESSCOORD", "TESSOUTER", "TESSINNER" } },
	{ "evaluation shader: triangles, point mode", TES, TS_HEAD
	  "layout(triangles) in;\nlayout(point_mode, equal_spacing) in;\n"
	  "void main() { gl_Position = gl_TessCoord.x * gl_in[0].gl_Position\n"
	  "  + gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position\n"
	  "  + vec4(float(gl_PatchVerticesIn + gl_PrimitiveID)); }\n",
	  { "TES_PRIM_MODE 4\nPROPERTY TES_SPACING 2\nPROPERTY TES_VERTEX_ORDER_CW 0\n"
	    "PROPERTY TES_POINT_MODE 1", "VERTICESIN", "PRIM_ID", "IN[2][0]" } },
	{ "point size: control shader through gl_out", TCS, TS_HEAD
	  "#extension GL_EXT_tessellation_point_size : require\n"
	  "layout(vertices = 1) out;\n"
	  "void main() { gl_out[gl_InvocationID].gl_PointSize = gl_in[0].gl_PointSize * 2.0; }\n",
	  { "DCL IN[][1], PSIZE", "DCL OUT[1], PSIZE", "MUL OUT[1].x, IN[0][1]" } },
	/* EXT/OES_primitive_bounding_box: the box goes to a private temporary
	 * (no output is declared for it; the levels are OUT[0] and OUT[1]) */
	{ "bounding box (EXT)", TCS, TS_HEAD
	  "#extension GL_EXT_primitive_bounding_box : require\n"
	  "layout(vertices = 1) out;\n"
	  "void main() { gl_BoundingBoxEXT[0] = vec4(-1.0); gl_BoundingBoxEXT[1] = vec4(1.0);\n"
	  "  gl_TessLevelOuter[0] = 1.0; }\n", { "DCL OUT[0], TESSOUTER", "END" } },
	{ "bounding box (OES), written from an input", TCS, TS_HEAD
	  "#extension GL_OES_primitive_bounding_box : require\n"
	  "layout(vertices = 1) out;\n"
	  "void main() { gl_BoundingBoxOES[gl_InvocationID] = gl_in[0].gl_Position;\n"
	  "  gl_BoundingBoxOES[1] = gl_BoundingBoxOES[0] + 1.0; gl_TessLevelOuter[0] = 1.0; }\n",
	  { "DCL OUT[0], TESSOUTER", "END" } },
	{ "point size: evaluation shader, OES name", TES, TS_HEAD
	  "#extension GL_OES_tessellation_point_size : require\n"
	  "layout(isolines) in;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position; gl_PointSize = gl_in[1].gl_PointSize; }\n",
	  { "DCL IN[][1], PSIZE", ", PSIZE" } },
	/* barrier() writes the per-vertex shadows to OUT; another vertex's
	 * output is OUT[vertex][n] (ADDR[1] when dynamic), a patch output is
	 * read from OUT */
	{ "control shader: other invocations' outputs after barrier()", TCS, TS_HEAD
	  "layout(vertices = 4) out;\nin vec4 v[];\nout vec4 t[];\npatch out float q;\n"
	  "uniform int k;\n"
	  "void main() { t[gl_InvocationID] = v[gl_InvocationID]; q = 1.0;\n"
	  "  barrier();\n"
	  "  gl_TessLevelOuter[0] = t[k].x + t[2].y + q; }\n",
	  { "MOV OUT[0], TEMP[32]\n  BARRIER\n", "UARL ADDR[1].x, CONST[1][0].xxxx\n",
	    ", OUT[ADDR[1].x+0][0]\n", ", OUT[2][0]\n", ", OUT[1]\n" } },
	/* a patch input indexed dynamically is copied to a TEMP array */
	{ "evaluation shader: patch array at a dynamic index", TES, TS_HEAD
	  "layout(quads) in;\npatch in vec4 p[2];\nuniform int k;\n"
	  "void main() { gl_Position = p[k]; }\n",
	  { "DCL TEMP[0..1], ARRAY(1)", "MOV TEMP[0], IN[0]\n  MOV TEMP[1], IN[1]\n",
	    "MOV OUT[0], TEMP[ADDR[0].x+0](1)" } },
	{ "evaluation shader: isolines", TES, TS_HEAD
	  "layout(isolines, fractional_even_spacing, ccw) in;\n"
	  "void main() { gl_Position = gl_in[1].gl_Position * gl_TessCoord.x; }\n",
	  { "TES_PRIM_MODE 1\nPROPERTY TES_SPACING 1\nPROPERTY TES_VERTEX_ORDER_CW 0" } },
};

static const struct bad_case ts_bad[] = {
	{ "control shader without the extension", TCS, HEAD
	  "layout(vertices = 3) out;\nvoid main() {}\n",
	  "error: tessellation shaders need GLSL ES 3.10 and #extension "
	  "GL_EXT_tessellation_shader" },
	{ "evaluation shader in 3.00", TES, "#version 300 es\nvoid main() {}\n",
	  "error: tessellation shaders need GLSL ES 3.10" },
	/* barrier() in main(), outside control flow, before any return */
	{ "barrier in an if", TCS, TS_HEAD "layout(vertices = 3) out;\nuniform int k;\n"
	  "void main() { if (k == 1) barrier(); }\n",
	  "error: a tessellation control shader calls barrier() outside control flow only" },
	{ "barrier in a loop", TCS, TS_HEAD "layout(vertices = 3) out;\n"
	  "void main() { for (int i = 0; i < 2; i++) { barrier(); } }\n",
	  "error: a tessellation control shader calls barrier() outside control flow only" },
	{ "barrier in a function", TCS, TS_HEAD "layout(vertices = 3) out;\n"
	  "void f() { barrier(); }\nvoid main() { f(); }\n",
	  "error: a tessellation control shader calls barrier() in main() only" },
	{ "barrier after a return", TCS, TS_HEAD "layout(vertices = 3) out;\nuniform int k;\n"
	  "void main() { if (k == 1) return; barrier(); }\n",
	  "error: a tessellation control shader calls barrier() before a return only" },
	{ "per-vertex output written at another vertex", TCS, TS_HEAD
	  "layout(vertices = 3) out;\nout vec4 t[];\nvoid main() { t[1] = vec4(1.0); }\n",
	  "0:5(16): error: a tessellation control shader writes its per-vertex outputs at "
	  "[gl_InvocationID] only" },
	{ "gl_out written at a computed vertex", TCS, TS_HEAD
	  "layout(vertices = 3) out;\n"
	  "void main() { gl_out[gl_InvocationID + 0].gl_Position = vec4(1.0); }\n",
	  "error: gl_out[] is indexed by gl_InvocationID only" },
	{ "gl_out read at another vertex", TCS, TS_HEAD
	  "layout(vertices = 3) out;\n"
	  "void main() { gl_TessLevelOuter[0] = gl_out[1].gl_Position.x; }\n",
	  "error: gl_out[] is indexed by gl_InvocationID only (reading another invocation's "
	  "built-in outputs is not supported)" },
	{ "no vertices", TCS, TS_HEAD "layout(vertices = 0) out;\nvoid main() {}\n",
	  "0:3(1): error: 'vertices' out of range" },
	{ "too many vertices", TCS, TS_HEAD "layout(vertices = 33) out;\nvoid main() {}\n",
	  "0:3(1): error: 'vertices' out of range" },
	{ "vertices changed", TCS, TS_HEAD "layout(vertices = 3) out;\nlayout(vertices = 4) out;\n"
	  "void main() {}\n", "0:4(1): error: 'vertices' is declared again with another value" },
	{ "vertices in an evaluation shader", TES, TS_HEAD "layout(vertices = 3) out;\n"
	  "void main() {}\n", "0:3(1): error: a tessellation evaluation shader declares only" },
	{ "domain in a control shader", TCS, TS_HEAD "layout(quads) in;\nvoid main() {}\n",
	  "0:3(1): error: a tessellation control shader declares only" },
	{ "domain changed", TES, TS_HEAD "layout(quads) in;\nlayout(triangles) in;\n"
	  "void main() {}\n", "0:4(1): error: the tessellation domain is declared again" },
	{ "lines is no domain", TES, TS_HEAD "layout(lines) in;\nvoid main() {}\n",
	  "0:3(1): error: a tessellation evaluation shader's domain is triangles, quads or "
	  "isolines" },
	{ "output size against vertices", TCS, TS_HEAD "layout(vertices = 3) out;\n"
	  "out vec4 t[4];\nvoid main() {}\n",
	  "0:4(10): error: an output array's size does not match 'vertices'" },
	{ "output sized before vertices", TCS, TS_HEAD "out vec4 t[4];\n"
	  "layout(vertices = 3) out;\nvoid main() {}\n",
	  "0:4(1): error: an output array's size does not match 'vertices'" },
	{ "unsized output before vertices", TCS, TS_HEAD "out vec4 t[];\n"
	  "layout(vertices = 3) out;\nvoid main() {}\n",
	  "0:3(10): error: an unsized tessellation control shader output needs" },
	{ "input not an array", TES, TS_HEAD "layout(quads) in;\nin vec4 v;\nvoid main() {}\n",
	  "0:4(9): error: tessellation shader per-vertex inputs and control shader outputs must "
	  "be arrays" },
	{ "input of the wrong size", TCS, TS_HEAD "layout(vertices = 3) out;\nin vec4 v[3];\n"
	  "void main() {}\n", "0:4(9): error: a per-vertex input array's size is not "
	  "gl_MaxPatchVertices" },
	{ "patch input in a control shader", TCS, TS_HEAD "layout(vertices = 3) out;\n"
	  "patch in vec4 p;\nvoid main() {}\n", "0:4(15): error: 'patch' applies only to" },
	{ "patch in a vertex shader", VS, TS_HEAD "patch out vec4 p;\nvoid main() {}\n",
	  "0:3(16): error: 'patch' needs a tessellation shader" },
	{ "gl_out before vertices", TCS, TS_HEAD
	  "void f() { gl_out[0].gl_Position = vec4(1.0); }\nlayout(vertices = 3) out;\n"
	  "void main() {}\n", "0:3(12): error: 'gl_out' is used before 'layout(vertices = N) out;'" },
	{ "levels written by an evaluation shader", TES, TS_HEAD "layout(quads) in;\n"
	  "void main() { gl_TessLevelOuter[0] = 1.0; }\n",
	  "0:4(32): error: cannot assign to read-only variable 'gl_TessLevelOuter'" },
	{ "bounding box without its extension", TCS, TS_HEAD "layout(vertices = 1) out;\n"
	  "void main() { gl_BoundingBoxEXT[0] = vec4(0.0); }\n", "error: 'gl_BoundingBoxEXT' undeclared" },
	{ "OES bounding box under the EXT extension", TCS, TS_HEAD
	  "#extension GL_EXT_primitive_bounding_box : require\nlayout(vertices = 1) out;\n"
	  "void main() { gl_BoundingBoxOES[0] = vec4(0.0); }\n", "error: 'gl_BoundingBoxOES' undeclared" },
	{ "bounding box in an evaluation shader", TES, TS_HEAD
	  "#extension GL_EXT_primitive_bounding_box : require\nlayout(quads) in;\n"
	  "void main() { gl_BoundingBoxEXT[0] = vec4(0.0); }\n", "error: 'gl_BoundingBoxEXT' undeclared" },
	{ "point size without its extension", TES, TS_HEAD "layout(quads) in;\n"
	  "void main() { gl_PointSize = 1.0; }\n", "error: 'gl_PointSize' undeclared" },
	{ "gl_in's point size without its extension", TCS, TS_HEAD "layout(vertices = 1) out;\n"
	  "void main() { gl_out[gl_InvocationID].gl_Position = vec4(gl_in[0].gl_PointSize); }\n",
	  "gl_PointSize" },
	{ "gl_TessCoord in a control shader", TCS, TS_HEAD "layout(vertices = 3) out;\n"
	  "void main() { gl_out[gl_InvocationID].gl_Position = vec4(gl_TessCoord, 1.0); }\n",
	  "error: 'gl_TessCoord' undeclared" },
	{ "tessellation layout in a vertex shader", VS, HEAD "layout(quads) in;\nvoid main() {}\n",
	  "0:2(1): error: 'vertices', the tessellation domain, spacing, vertex order and "
	  "point_mode apply only to tessellation shaders" },
	{ "vertices in 3.00", VS, "#version 300 es\nlayout(vertices = 3) out;\nvoid main() {}\n",
	  "0:2(8): error: unknown layout qualifier 'vertices'" },
};

/* spirv-val --target-env vulkan1.0 on the module; its output on failure. */
static void check_spirv_val(const struct glsl_compiled *c, const char *name)
{
	char dir[] = "/tmp/test_glsl_es31.XXXXXX", spv[64], cmd[512];
	FILE *f;
	int ret;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(spv, sizeof(spv), "%s/m.spv", dir);
	f = fopen(spv, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(c->words, 4, c->nr_words, f), c->nr_words);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(cmd, sizeof(cmd), "'%s' --target-env vulkan1.0 '%s' 1>&2", SPIRV_VAL, spv);
	ret = system(cmd);
	unlink(spv);
	rmdir(dir);
	ck_assert_msg(ret == 0, "%s: spirv-val rejects the module", name);
}

static enum vc_stage tgsi_stage(enum glsl_stage st)
{
	return st == CS ? VC_STAGE_COMPUTE : st == FS ? VC_STAGE_FRAGMENT :
	       st == GS ? VC_STAGE_GEOMETRY : st == TCS ? VC_STAGE_TESS_CTRL :
	       st == TES ? VC_STAGE_TESS_EVAL : VC_STAGE_VERTEX;
}

static void check_tgsi(const struct glsl_compiled *c, const struct good_case *g)
{
	struct vc_compile_info ci = { .words = c->words, .nr_words = c->nr_words,
				      .entry_point = "main", .stage = tgsi_stage(g->stage),
				      .map = ctu_slot_map() };
	struct vc_tgsi t = { 0 };
	int ret = vc_spirv_to_tgsi(&ci, &t);

	ck_assert_msg(ret == 0, "%s: back end: %s", g->name, t.log ? t.log : "?");
	for (unsigned i = 0; i < 6 && g->tgsi[i]; i++)
		ck_assert_msg(strstr(t.text, g->tgsi[i]), "%s: no '%s' in\n%s", g->name, g->tgsi[i],
			      t.text);
	vc_tgsi_finish(&t);
}

static int compile(const char *src, enum glsl_stage stage, struct glsl_compiled *c)
{
	return glsl_compile(&(struct glsl_compile_info){ .strings = &src, .count = 1,
							 .stage = stage }, c);
}

static void compiles(const struct good_case *g)
{
	struct glsl_compiled c;
	int ret = compile(g->src, g->stage, &c);

	ck_assert_msg(ret == GLSL_COMPILE_OK, "%s: %s", g->name, c.info_log);
	ck_assert_uint_eq(c.version, 310);
	ck_assert_ptr_nonnull(c.words);
	check_spirv_val(&c, g->name);
	check_tgsi(&c, g);
	glsl_compiled_finish(&c);
}

static void fails(const struct bad_case *b)
{
	struct glsl_compiled c;
	int ret = compile(b->src, b->stage, &c);

	ck_assert_msg(ret == GLSL_COMPILE_ERROR, "%s: compiles (%d)", b->name, ret);
	ck_assert_msg(strstr(c.info_log, b->log), "%s: log\n%s\nlacks '%s'", b->name, c.info_log,
		      b->log);
	glsl_compiled_finish(&c);
}

/* GL_EXT_gpu_shader5: sampler arrays indexed with a uniform (ADDR-indexed
 * SAMP), gathers at computed offsets (a TEMP offset) and at four constant
 * ones (four TG4s), fma (MAD), implicit conversions and their overloads. */
#define GS5 HEAD "#extension GL_EXT_gpu_shader5 : require\nprecision highp float;\n" \
	"out vec4 o;\n"

static const struct good_case gs5_good[] = {
	{ "sampler array with a uniform index", FS, GS5
	  "uniform sampler2D s[3];\nuniform int i;\n"
	  "void main() { o = texture(s[i], vec2(0.5)); }\n",
	  { "DCL ADDR[0]", "UARL ADDR[0].x, CONST[1][0].xxxx", "SAMP[ADDR[0].x+1], 2D" } },
	{ "gather at a computed offset", FS, GS5
	  "uniform sampler2D s;\nuniform ivec2 d;\n"
	  "void main() { o = textureGatherOffset(s, vec2(0.5), d + ivec2(1)); }\n",
	  { "UADD TEMP[0].xy", ", SAMP[1], 2D, TEMP[0].xyy" } },
	{ "gather at four offsets", FS, GS5
	  "uniform sampler2D s;\nconst ivec2 d[4] = ivec2[](ivec2(0), ivec2(1, 0), "
	  "ivec2(0, -1), ivec2(-8, 7));\n"
	  "void main() { o = textureGatherOffsets(s, vec2(0.5), d, 1); }\n",
	  { "SAMP[1], 2D, IMM[1].xyy", "2D, IMM[1].wxx", "2D, IMM[3].xyy",
	    "MOV OUT[0].w, TEMP[3].wwww" } },
	/* a block array indexed through ADDR: virglrenderer's uboarr/ssboarr
	 * want every slot between declared, the CONST ones of one size, and
	 * ADDR[1] = slot - 1 (uboarr[k] is CONST[k + 1]) */
	{ "uniform block array with a uniform index", FS, GS5
	  "layout(std140, binding = 1) uniform B { vec4 v; vec4 w; } b[2];\n"
	  "uniform int i;\nvoid main() { o = b[i].w; }\n",
	  { "DCL CONST[1][0..1]\nDCL CONST[2][0..1]\nDCL CONST[3][0..1]", "DCL ADDR[0..1]",
	    "UMAD TEMP[0].x, CONST[1][0].xxxx, IMM[0].xxxx, IMM[0].xxxx",
	    "UARL ADDR[1].x, TEMP[0].xxxx", "MOV OUT[0].w, CONST[ADDR[1].x+1][1].wwww" } },
	{ "storage block array with a uniform index", FS, GS5
	  "layout(std430, binding = 0) buffer B0 { uint x; };\n"
	  "layout(std430, binding = 2) buffer S { vec4 w; } s[2];\n"
	  "uniform int i;\nvoid main() { o = s[i].w; x = 1u; }\n",
	  { "DCL BUFFER[1]\nDCL BUFFER[2]\nDCL BUFFER[3]", "DCL ADDR[0]\n",
	    "UMAD TEMP[0].x, CONST[1][0].xxxx, IMM[0].yyyy, IMM[0].xxxx",
	    "UARL ADDR[0].x, TEMP[0].xxxx", "LOAD OUT[0], BUFFER[ADDR[0].x+2], IMM[0].xxxx" } },
	/* counters are offsets into their buffer: the index scales by 4 */
	{ "atomic counter array with a uniform index", CS, HEAD
	  "#extension GL_EXT_gpu_shader5 : require\nlayout(local_size_x = 1) in;\n"
	  "layout(binding = 0) uniform atomic_uint c[4];\nuniform int i;\n"
	  "layout(std430, binding = 0) buffer B { uint r; };\n"
	  "void main() { r = atomicCounterIncrement(c[i]); }\n",
	  { "UMUL TEMP[0].x, CONST[1][0].xxxx, IMM[0].xxxx", "UINT32 {4, 0, 1, 0}",
	    "ATOMUADD TEMP[0].x, BUFFER[2], TEMP[1].xxxx, IMM[0].zzzz" } },
	/* a sampler the stage never samples is not declared (the unused
	 * isamplerCubeArray would need an extension virglrenderer does not ask
	 * for): the output's declaration is followed by the used one's */
	{ "unsampled sampler left out", FS, HEAD
	  "#extension GL_EXT_texture_cube_map_array : require\nprecision highp float;\n"
	  "uniform highp isamplerCubeArray unused;\nuniform sampler2D s;\nout vec4 o;\n"
	  "void main() { o = texture(s, vec2(0.5)); }\n",
	  { "DCL OUT[0], COLOR[0]\nDCL SAMP[2]\nDCL SVIEW[2], 2D, FLOAT\nIMM[0]" } },
	{ "fma", FS, GS5 "uniform vec4 a;\nvoid main() { o = fma(a, a, a); }\n",
	  { "MAD OUT[0], CONST[1][0], CONST[1][0], CONST[1][0]" } },
	{ "int and uint to float", FS, GS5 "uniform int i;\nuniform uint u;\n"
	  "void main() { float f = i + u; o = vec4(f); }\n", { "UADD", "U2F" } },
	/* built-ins too: sqrt(float) for an int, max(uint, uint) beats
	 * max(float, float) for (int, uint) */
	{ "built-ins reached by conversions", FS, GS5 "uniform int i;\nuniform uint u;\n"
	  "void main() { o = vec4(sqrt(i), float(max(i, u)), 0.0, 0.0); }\n",
	  { "I2F TEMP[0].x, CONST[1][0].xxxx", "SQRT OUT[0].x, TEMP[0].xxxx",
	    "UMAX TEMP[0].x, CONST[1][0].xxxx, CONST[1][0].yyyy" } },
	{ "precise", VS, HEAD "#extension GL_EXT_gpu_shader5 : require\n"
	  "precise out vec4 v;\nin vec4 a;\n"
	  "float f(precise in float x) { precise float y = x * x + 1.0; return y; }\n"
	  "void main() { v = a * f(a.x); gl_Position = a; }\n", { "MAD" } },
	{ "precise redeclarations", VS, HEAD "#extension GL_EXT_gpu_shader5 : require\n"
	  "in vec4 a;\nout vec4 v;\nprecise gl_Position, v;\n"
	  "void main() { gl_Position = a; v = a; }\n", { "MOV OUT[1], IN[0]" } },
	{ "precise is a name without the extension", FS, HEAD "precision highp float;\n"
	  "out vec4 o;\nvoid main() { float precise = 0.5; o = vec4(precise); }\n",
	  { "MOV OUT[0]" } },
	/* f(float, float) converts both arguments, f(int, float) one: the
	 * second is better (GLSL 4.00 §6.1) */
	{ "best conversion", FS, GS5 "uniform int i;\n"
	  "float f(float a, float b) { return 1.0; }\n"
	  "float f(int a, float b) { return float(a); }\n"
	  "void main() { o = vec4(f(i, i)); }\n", { "I2F" } },
};

static const struct bad_case gs5_bad[] = {
	{ "sampler array with a uniform index, no extension", FS, HEAD
	  "precision highp float;\nout vec4 o;\nuniform sampler2D s[3];\nuniform int i;\n"
	  "void main() { o = texture(s[i], vec2(0.5)); }\n",
	  "0:6(29): error: this array can only be indexed with a constant expression" },
	{ "image array with a uniform index", FS, GS5
	  "layout(rgba8) readonly uniform highp image2D m[2];\nuniform int i;\n"
	  "void main() { o = imageLoad(m[i], ivec2(0)); }\n",
	  "error: this array can only be indexed with a constant expression" },
	{ "gather offsets not constant", FS, GS5
	  "uniform sampler2D s;\nuniform ivec2 d[4];\n"
	  "void main() { o = textureGatherOffsets(s, vec2(0.5), d); }\n",
	  "error: the offsets of 'textureGatherOffsets' must be a constant expression" },
	{ "sample offset not constant", FS, GS5
	  "uniform sampler2D s;\nuniform ivec2 d;\n"
	  "void main() { o = textureOffset(s, vec2(0.5), d); }\n",
	  "error: the offset of 'textureOffset' must be a constant expression" },
	{ "precise as a name", FS, GS5 "void main() { float precise = 1.0; }\n",
	  "0:5(21): error: syntax error: unexpected 'precise'" },
	{ "precise redeclaration of nothing", FS, GS5 "precise nothere;\nvoid main() {}\n",
	  "0:5(9): error: 'nothere' undeclared" },
	{ "precise on a struct member", FS, GS5 "struct S { precise float x; };\n"
	  "void main() {}\n", "0:5(12): error:" },
	{ "built-in no conversion reaches", FS, GS5 "uniform bool b;\n"
	  "void main() { o = vec4(sqrt(b)); }\n",
	  "0:6(24): error: no matching overload for 'sqrt(bool)'" },
	/* each converts one argument and matches the other: neither is better */
	{ "ambiguous conversion", FS, GS5 "uniform int i;\n"
	  "float f(float a, int b) { return 1.0; }\n"
	  "float f(int a, float b) { return 2.0; }\n"
	  "void main() { o = vec4(f(i, i)); }\n",
	  "error: no single best function for call to 'f(int, int)'" },
};

/* EXT_clip_cull_distance (GLSL ES 3.10 here; test_gl_clip_cull compiles
 * 3.00 and the errors run under 3.00): both arrays packed into
 * CLIPDIST, clip distances first, their counts as properties; a fragment
 * shader reads the same packing; geometry and evaluation outputs too. */
#define CLIP3 "#version 300 es\n#extension GL_EXT_clip_cull_distance : require\n"
#define CLIP31 HEAD "#extension GL_EXT_clip_cull_distance : require\n"

static const struct good_case clip_good[] = {
	{ "clip and cull distances sized by their indices", VS, CLIP31
	  "in vec4 p;\nvoid main() { gl_Position = p;\n"
	  "  gl_ClipDistance[1] = p.x; gl_CullDistance[0] = p.y; }\n",
	  { "PROPERTY NUM_CLIPDIST_ENABLED 2", "PROPERTY NUM_CULLDIST_ENABLED 1",
	    "DCL OUT[1], CLIPDIST[0]", "MOV OUT[1].y, ", "MOV OUT[1].z, " } },
	{ "redeclared, indexed in a loop, two registers", VS, CLIP31
	  "in vec4 p;\nuniform int n;\nout float gl_ClipDistance[6];\n"
	  "void main() { gl_Position = p;\n"
	  "  for (int i = 0; i < n; i++) gl_ClipDistance[i] = p.x;\n"
	  "  gl_CullDistance[1] = p.z; }\n",
	  { "PROPERTY NUM_CLIPDIST_ENABLED 6", "PROPERTY NUM_CULLDIST_ENABLED 2",
	    "DCL OUT[2], CLIPDIST[1]", "ARRAY(1)", "MOV OUT[2].y, ", "MOV OUT[2].w, " } },
	{ "the limits", VS, CLIP31
	  "in vec4 p;\nvoid main() { gl_Position = p * float(gl_MaxClipDistances +\n"
	  "  gl_MaxCullDistances + gl_MaxCombinedClipAndCullDistances);\n"
	  "  gl_ClipDistance[0] = 1.0; }\n", { "FLT32 {0x41c00000" } },
	{ "read by a fragment shader", FS, CLIP31
	  "precision highp float;\nout vec4 o;\n"
	  "void main() { o = vec4(gl_ClipDistance[1], gl_CullDistance[0], 0.0, 1.0); }\n",
	  { "DCL IN[0], CLIPDIST[0], PERSPECTIVE", "IN[0].yyyy", "IN[0].zzzz" } },
	{ "written by a geometry shader", GS, CLIP31
	  "#extension GL_EXT_geometry_shader : require\n"
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position;\n"
	  "  gl_CullDistance[0] = 1.0; EmitVertex(); }\n",
	  { "PROPERTY NUM_CLIPDIST_ENABLED 0", "PROPERTY NUM_CULLDIST_ENABLED 1",
	    "CLIPDIST[0]" } },
	{ "written by an evaluation shader", TES, CLIP31
	  "#extension GL_EXT_tessellation_shader : require\n"
	  "layout(triangles) in;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position; gl_ClipDistance[2] = 1.0; }\n",
	  { "PROPERTY NUM_CLIPDIST_ENABLED 3", "CLIPDIST[0]", "MOV OUT[1].z, " } },
};

static const struct bad_case clip_bad[] = {
	{ "clip distances without the extension", VS,
	  "#version 300 es\nvoid main() { gl_ClipDistance[0] = 1.0; }\n",
	  "error: 'gl_ClipDistance' undeclared" },
	{ "a constant index past gl_MaxClipDistances", VS, CLIP3
	  "void main() { gl_ClipDistance[8] = 1.0; }\n", "error: index 8 out of range [0, 8)" },
	{ "redeclared past gl_MaxCullDistances", VS, CLIP3
	  "out float gl_CullDistance[9];\nvoid main() { gl_CullDistance[0] = 1.0; }\n",
	  "0:3(11): error: gl_CullDistance size 9 is greater than gl_MaxCullDistances (8)" },
	{ "more than gl_MaxCombinedClipAndCullDistances together", VS, CLIP3
	  "void main() { gl_ClipDistance[5] = 1.0; gl_CullDistance[3] = 1.0; }\n",
	  "error: gl_ClipDistance (6) and gl_CullDistance (4) together are more than "
	  "gl_MaxCombinedClipAndCullDistances (8)" },
	{ "redeclared sizes over the combined limit", VS, CLIP3
	  "out float gl_ClipDistance[4];\nout float gl_CullDistance[5];\nvoid main() {}\n",
	  "gl_MaxCombinedClipAndCullDistances (8)" },
	{ "a non-constant index without a size", VS, CLIP3
	  "uniform int i;\nvoid main() { gl_ClipDistance[i] = 1.0; }\n",
	  "0:4(30): error: gl_ClipDistance is indexed with a non-constant expression" },
	{ "redeclared twice", VS, CLIP3 "out float gl_ClipDistance[2];\n"
	  "out float gl_ClipDistance[2];\nvoid main() {}\n",
	  "0:4(11): error: redeclaration of 'gl_ClipDistance'" },
	{ "redeclared smaller than an index used", VS, CLIP3
	  "void f() { gl_ClipDistance[3] = 1.0; }\nout float gl_ClipDistance[2];\n"
	  "void main() { f(); }\n",
	  "error: gl_ClipDistance redeclared with size 2 after index 3 was used" },
	{ "redeclared with the wrong storage", VS, CLIP3
	  "in float gl_ClipDistance[2];\nvoid main() {}\n",
	  "error: gl_ClipDistance can only be redeclared with 'out'" },
	{ "redeclared as no array", VS, CLIP3 "out float gl_ClipDistance;\nvoid main() {}\n",
	  "error: gl_ClipDistance must be redeclared as a sized float array" },
	{ "written by a fragment shader", FS, CLIP3
	  "void main() { gl_ClipDistance[0] = 1.0; }\n", "error:" },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The case tables, run as one loop each: the core rules, arrays of arrays,
 * geometry shaders. */
static const struct { const struct good_case *c; unsigned n; } good_sets[] = {
	{ good, N(good) }, { aoa_good, N(aoa_good) }, { gs_good, N(gs_good) },
	{ gs5_good, N(gs5_good) },
	{ ts_good, N(ts_good) }, { clip_good, N(clip_good) },
};
static const struct { const struct bad_case *c; unsigned n; } bad_sets[] = {
	{ bad, N(bad) }, { aoa_bad, N(aoa_bad) }, { gs_bad, N(gs_bad) }, { gs5_bad, N(gs5_bad) },
	{ ts_bad, N(ts_bad) }, { clip_bad, N(clip_bad) },
};

START_TEST(test_good)
{
	unsigned i = (unsigned)_i, k = 0;

	while (i >= good_sets[k].n)
		i -= good_sets[k++].n;
	compiles(&good_sets[k].c[i]);
}
END_TEST

START_TEST(test_bad)
{
	unsigned i = (unsigned)_i, k = 0;

	while (i >= bad_sets[k].n)
		i -= bad_sets[k++].n;
	fails(&bad_sets[k].c[i]);
}
END_TEST

/* A geometry shader without its input primitive, output primitive or
 * max_vertices compiles with no module: only the link fails. */
START_TEST(test_gs_no_layout)
{
	static const char *const srcs[] = {
		GS_HEAD "layout(triangle_strip, max_vertices = 3) out;\nvoid main() {}\n",
		GS_HEAD "layout(points) in;\nlayout(max_vertices = 3) out;\nvoid main() {}\n",
		GS_HEAD "layout(points) in;\nlayout(points) out;\nvoid main() {}\n",
	};
	struct glsl_compiled c;

	for (unsigned i = 0; i < 3; i++) {
		ck_assert_int_eq(compile(srcs[i], GS, &c), GLSL_COMPILE_OK);
		ck_assert_ptr_null(c.words);
		glsl_compiled_finish(&c);
	}
}
END_TEST

/* A control shader without `vertices` and an evaluation shader without its
 * domain compile with no module: only the link fails. */
START_TEST(test_ts_no_layout)
{
	static const char *const srcs[] = {
		TS_HEAD "void main() { gl_TessLevelOuter[0] = 1.0; }\n",
		TS_HEAD "layout(cw, point_mode) in;\nvoid main() {}\n",
	};
	struct glsl_compiled c;

	for (unsigned i = 0; i < 2; i++) {
		ck_assert_int_eq(compile(srcs[i], i ? TES : TCS, &c), GLSL_COMPILE_OK);
		ck_assert_ptr_null(c.words);
		glsl_compiled_finish(&c);
	}
}
END_TEST

/* A compute shader without a local size is like one without main(): it
 * compiles, with no module, and cannot link (ES 3.10 §4.4.1.1). */
START_TEST(test_no_local_size)
{
	struct glsl_compiled c;

	ck_assert_int_eq(compile(HEAD "void main() {}\n", CS, &c), GLSL_COMPILE_OK);
	ck_assert_ptr_null(c.words);
	glsl_compiled_finish(&c);
}
END_TEST

static const struct glsl_lower_res *res_of(const struct glsl_compiled *c, const char *name)
{
	const struct glsl_lower_res *r = glsl_lower_find(&c->res, GLSL_RES_BUFFER, name);

	ck_assert_msg(r, "no buffer resource %s", name);
	return r;
}

/* The member offsets of a buffer block's IR struct (what SPIR-V's Offset
 * decorations say). */
static const struct vc_type *block_struct(const struct glsl_compiled *c, const char *name)
{
	const struct vc_module *m = c->res.module;

	for (uint32_t i = 1; i < m->nr_types; i++)
		if (m->types[i].kind == VC_TYPE_STRUCT && m->types[i].name &&
		    !strcmp(m->types[i].name, name))
			return &m->types[i];
	ck_abort_msg("no struct %s", name);
	return NULL;
}

/* std430 packs arrays of scalars and vec2s tightly, std140 rounds them to
 * vec4s (the GL ES 3.1 spec's §7.6.2.2 examples). */
START_TEST(test_layouts)
{
	static const char src[] = HEAD LOCAL
		"layout(std430, binding = 4) buffer A { float f[3]; vec2 v; vec3 w; mat2 m; float t[]; };\n"
		"layout(std140) buffer C { float f[3]; vec2 v; vec3 w; mat2 m; float t[]; } c;\n"
		"void main() { t[0] = c.t[0]; }\n";
	static const uint32_t std430[] = { 0, 16, 32, 48, 64 }, std140[] = { 0, 48, 64, 80, 112 };
	struct glsl_compiled c;
	int ret = glsl_compile(&(struct glsl_compile_info){ .strings = (const char *[]){ src },
							    .count = 1, .stage = CS,
							    .keep_ir = true }, &c);
	const struct vc_type *a, *b;

	ck_assert_msg(ret == GLSL_COMPILE_OK, "%s", c.info_log);
	a = block_struct(&c, "A");
	b = block_struct(&c, "C");
	for (unsigned i = 0; i < 5; i++) {
		ck_assert_uint_eq(a->members[i].offset, std430[i]);
		ck_assert_uint_eq(b->members[i].offset, std140[i]);
	}
	ck_assert_uint_eq(vc_type_get(c.res.module, a->members[0].type)->stride, 4);
	ck_assert_uint_eq(vc_type_get(c.res.module, b->members[0].type)->stride, 16);
	ck_assert_uint_eq(a->members[3].matrix_stride, 8);
	ck_assert_uint_eq(b->members[3].matrix_stride, 16);
	ck_assert(res_of(&c, "A")->explicit_binding);
	ck_assert_uint_eq(res_of(&c, "A")->gl_binding, 4);
	ck_assert(!res_of(&c, "C")->explicit_binding);
	ck_assert_uint_ne(res_of(&c, "A")->binding, res_of(&c, "C")->binding);
	glsl_compiled_finish(&c);
}
END_TEST

/* layout(binding) and layout(location) reach the resource table. */
START_TEST(test_explicit_bindings)
{
	static const char src[] = HEAD "precision mediump float;\n"
		"layout(binding = 5) uniform sampler2D tex;\n"
		"layout(location = 7) uniform vec4 tint;\n"
		"uniform vec4 plain;\n"
		"layout(binding = 3) uniform U { vec4 k; };\n"
		"out vec4 color;\n"
		"void main() { color = texture(tex, vec2(0.5)) * tint + k + plain; }\n";
	struct glsl_compiled c;
	const struct glsl_lower_res *r;

	ck_assert_int_eq(compile(src, FS, &c), GLSL_COMPILE_OK);
	r = glsl_lower_find(&c.res, GLSL_RES_SAMPLER, "tex");
	ck_assert(r && r->explicit_binding && r->gl_binding == 5);
	r = glsl_lower_find(&c.res, GLSL_RES_BLOCK, "U");
	ck_assert(r && r->explicit_binding && r->gl_binding == 3);
	r = glsl_lower_find(&c.res, GLSL_RES_UNIFORM, "tint");
	ck_assert(r && r->explicit_location && r->location == 7);
	r = glsl_lower_find(&c.res, GLSL_RES_UNIFORM, "plain");
	ck_assert(r && !r->explicit_location);
	glsl_compiled_finish(&c);
}
END_TEST

/* Counters: one storage buffer per binding, sized to its last counter; the
 * counters' offsets, implicit ones after the previous counter of the binding. */
START_TEST(test_atomic_counter_resources)
{
	static const char src[] = HEAD LOCAL
		"layout(binding = 2, offset = 8) uniform atomic_uint a;\n"
		"layout(binding = 2) uniform atomic_uint b[3];\n"
		"layout(binding = 0) uniform atomic_uint c;\n"
		"layout(binding = 0, offset = 16) uniform atomic_uint;\n"
		"layout(binding = 0) uniform atomic_uint d;\n"
		"void main() { atomicCounterIncrement(b[2]); atomicCounter(c); atomicCounter(a); }\n";
	struct glsl_compiled c;
	const struct glsl_lower_res *r;
	struct glsl_compile_info in = { .strings = (const char *[]){ src }, .count = 1,
					.stage = CS };
	uint32_t buffers = 0;

	in.sema.limits.max_atomic_counter_bindings = 4;
	ck_assert_int_eq(glsl_compile(&in, &c), GLSL_COMPILE_OK);
	r = glsl_lower_find(&c.res, GLSL_RES_ATOMIC_COUNTER, "b");
	ck_assert(r && r->gl_binding == 2 && r->offset == 12 && r->array_size == 3 &&
		  r->array_stride == 4);
	r = glsl_lower_find(&c.res, GLSL_RES_ATOMIC_COUNTER, "c");
	ck_assert(r && r->gl_binding == 0 && r->offset == 0 && r->array_size == 0);
	r = glsl_lower_find(&c.res, GLSL_RES_ATOMIC_COUNTER, "d");
	ck_assert(r && r->gl_binding == 0 && r->offset == 16);
	for (uint32_t i = 0; i < c.res.nr_res; i++) {
		r = &c.res.res[i];
		if (r->kind != GLSL_RES_ATOMIC_BUFFER)
			continue;
		buffers++;
		ck_assert_uint_eq(r->size, r->gl_binding == 2 ? 24 : 20);
	}
	ck_assert_uint_eq(buffers, 2);
	glsl_compiled_finish(&c);
}
END_TEST

/* ---- KHR_blend_equation_advanced -------------------------------------------------------- */

static const char *blend_fs =
	"#version 310 es\n"
	"#extension GL_KHR_blend_equation_advanced : require\n"
	"precision mediump float;\n"
	"layout(blend_support_multiply, blend_support_hsl_hue) out;\n"
	"layout(blend_support_screen) out;\n"
	"uniform vec4 c;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() { o = c; }\n";

/* The layouts add up to the shader's set: bit e for equation e
 * (MULTIPLY 1, SCREEN 2, HSL_HUE 12); all_equations is bits 1..15. */
START_TEST(test_blend_support_set)
{
	const char *all = "#version 300 es\n"
			  "#extension GL_KHR_blend_equation_advanced : require\n"
			  "layout(blend_support_all_equations) out;\n"
			  "out lowp vec4 o;\n"
			  "void main() { o = vec4(1.0); }\n";
	struct glsl_compile_info in = { .strings = &blend_fs, .count = 1,
					.stage = GLSL_STAGE_FRAGMENT };
	struct glsl_shader *sh = glsl_shader_compile(&in);

	ck_assert_int_eq(glsl_shader_status(sh), GLSL_COMPILE_OK);
	ck_assert_uint_eq(glsl_shader_blend_support(sh), (1u << 1) | (1u << 2) | (1u << 12));
	glsl_shader_destroy(sh);
	in.strings = &all;
	sh = glsl_shader_compile(&in);
	ck_assert_int_eq(glsl_shader_status(sh), GLSL_COMPILE_OK);
	ck_assert_uint_eq(glsl_shader_blend_support(sh), 0xfffeu);
	glsl_shader_destroy(sh);
}
END_TEST

/* The TGSI of blend_fs blending by e itself, or declaring host_equations
 * to a host that blends. */
static char *blend_tgsi_host(enum vc_advanced_blend e, uint32_t host_equations)
{
	struct glsl_compiled c;
	struct vc_tgsi t = { 0 };
	char *text;

	ck_assert_int_eq(compile(blend_fs, FS, &c), GLSL_COMPILE_OK);
	ck_assert_int_eq(vc_spirv_to_tgsi(&(struct vc_compile_info){
		.words = c.words, .nr_words = c.nr_words, .entry_point = "main",
		.stage = VC_STAGE_FRAGMENT, .map = ctu_slot_map(), .advanced_blend = e,
		.blend_equations = host_equations }, &t), 0);
	text = strdup(t.text);
	vc_tgsi_finish(&t);
	glsl_compiled_finish(&c);
	return text;
}

static char *blend_tgsi(enum vc_advanced_blend e)
{
	return blend_tgsi_host(e, 0);
}

/* Where the host blends: the declared equations as the property virglrenderer
 * reads (FS_BLEND_EQUATION_ADVANCED, before the declarations), no epilogue. */
START_TEST(test_blend_host_property)
{
	char *host = blend_tgsi_host(VC_BLEND_NONE, (1u << 1) | (1u << 2) | (1u << 12));
	char *none = blend_tgsi(VC_BLEND_NONE);
	const char *prop = strstr(host, "PROPERTY FS_BLEND_EQUATION_ADVANCED 4102\n");

	ck_assert_msg(prop != NULL, "no property:\n%s", host);
	ck_assert_ptr_nonnull(strstr(host, "DCL "));
	ck_assert(prop < strstr(host, "DCL "));
	ck_assert_ptr_null(strstr(host, "FBFETCH"));
	ck_assert_ptr_null(strstr(none, "FS_BLEND_EQUATION_ADVANCED"));
	free(host);
	free(none);
}
END_TEST

/* The equation's epilogue: the framebuffer fetched from OUT[0] before any
 * write to it, the clamped source, the result written once at the end. */
START_TEST(test_blend_epilogue)
{
	char *none = blend_tgsi(VC_BLEND_NONE), *mul = blend_tgsi(VC_BLEND_MULTIPLY);
	char *hue = blend_tgsi(VC_BLEND_HSL_HUE);
	const char *fetch = strstr(mul, "FBFETCH TEMP[");

	ck_assert_ptr_null(strstr(none, "FBFETCH"));
	ck_assert_ptr_nonnull(fetch);
	ck_assert_ptr_nonnull(strstr(fetch, ", OUT[0]\n"));
	ck_assert_ptr_nonnull(strstr(mul, "MOV_SAT TEMP["));
	ck_assert_msg(!strstr(mul, "OUT[0].") && strstr(fetch, "MOV OUT[0], TEMP["),
		      "OUT[0] written before its last line:\n%s", mul);
	ck_assert_ptr_null(strstr(mul, "DP3"));
	ck_assert_ptr_nonnull(strstr(hue, "DP3 TEMP["));  /* the luminosity */
	free(none);
	free(mul);
	free(hue);
}
END_TEST

static Suite *es31_suite(void)
{
	Suite *s = suite_create("glsl_es31");
	TCase *tc = tcase_create("es31");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_good, 0,
			    N(good) + N(aoa_good) + N(gs_good) + N(gs5_good) + N(ts_good) +
			    N(clip_good));
	tcase_add_loop_test(tc, test_bad, 0,
			    N(bad) + N(aoa_bad) + N(gs_bad) + N(gs5_bad) + N(ts_bad) + N(clip_bad));
	tcase_add_test(tc, test_no_local_size);
	tcase_add_test(tc, test_gs_no_layout);
	tcase_add_test(tc, test_ts_no_layout);
	tcase_add_test(tc, test_layouts);
	tcase_add_test(tc, test_explicit_bindings);
	tcase_add_test(tc, test_atomic_counter_resources);
	tcase_add_test(tc, test_blend_support_set);
	tcase_add_test(tc, test_blend_epilogue);
	tcase_add_test(tc, test_blend_host_property);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(es31_suite(), CK_NORMAL);
}
