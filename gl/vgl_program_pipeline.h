/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 program pipeline objects (per context, not shared): the separable
 * programs of each stage, the active program glUniform* writes to, and
 * for the draws one link of the stages of its programs (vertex, fragment,
 * and geometry and tessellation ones where bound).
 */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;
struct vgl_linked;
struct vgl_program;

enum { VGL_PPO_VS, VGL_PPO_FS, VGL_PPO_CS, VGL_PPO_GS, VGL_PPO_TCS, VGL_PPO_TES, VGL_PPO_STAGES };

struct vgl_ppo_map {
	uint8_t stage;                    /* VGL_PPO_*: the stage whose program it comes from */
	int32_t index;                    /* its uniform / block there; -1: none */
};

struct vgl_ppo {
	GLuint name;
	struct vgl_program *stage[VGL_PPO_STAGES];  /* referenced */
	struct vgl_program *active;                 /* referenced */
	char *info_log;
	bool validate_status;
	/* the draws' link and where its uniforms' and blocks' values come from;
	 * remade when a stage's program or executable changes (ids: the
	 * executables it was made of, 0 for an empty stage) */
	struct vgl_linked *linked;
	uint64_t ids[VGL_PPO_STAGES];
	bool link_failed;
	struct vgl_ppo_map *uniforms, *blocks;
};

/* What a draw without a current program runs: the bound pipeline's link
 * with the programs' uniform values; NULL with GL_INVALID_OPERATION for an
 * invalid pipeline, NULL without an error when none is bound. */
struct vgl_linked *vgl_ppo_draw_linked(struct vgl_context *ctx);
/* What glDispatchCompute without a current program runs: the bound
 * pipeline's compute program, or NULL. */
struct vgl_linked *vgl_ppo_compute_linked(struct vgl_context *ctx);
/* The link glUniform* writes to without a current program: the bound
 * pipeline's active program's; NULL if none. */
struct vgl_linked *vgl_ppo_uniform_linked(struct vgl_context *ctx);
/* Context teardown. */
void vgl_ppo_context_finish(struct vgl_context *ctx);
/* glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING) in 3.1 contexts; false for
 * other names. */
bool vgl_ppo_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
