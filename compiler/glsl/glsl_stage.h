/* SPDX-License-Identifier: MIT */
/* The shader stages the GLSL ES front end compiles (one definition for the
 * preprocessor, the types, and the passes after them). */
#pragma once

enum glsl_stage {
	GLSL_STAGE_VERTEX,
	GLSL_STAGE_FRAGMENT,
	GLSL_STAGE_COUNT,
};
