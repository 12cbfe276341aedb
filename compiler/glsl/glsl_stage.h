/* SPDX-License-Identifier: MIT */
/* The shader stages the GLSL ES front end compiles (one definition for the
 * preprocessor, the types, and the passes after them). */
#pragma once

enum glsl_stage {
	GLSL_STAGE_VERTEX,
	GLSL_STAGE_FRAGMENT,
	GLSL_STAGE_COUNT,   /* the graphics stages: what a program links */
	/* ES 3.10 compute shaders compile on their own; a compute program is one
	 * shader, so the linker's per-stage arrays stay graphics-only. */
	GLSL_STAGE_COMPUTE = GLSL_STAGE_COUNT,
	/* EXT_geometry_shader: outside the per-stage arrays too; a program
	 * links it between the two (glsl_shader_link_geometry). */
	GLSL_STAGE_GEOMETRY,
	/* EXT_tessellation_shader: compile on their own (glsl_compile) */
	GLSL_STAGE_TESS_CTRL,
	GLSL_STAGE_TESS_EVAL,
};
