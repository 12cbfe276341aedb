/* SPDX-License-Identifier: MIT */
/*
 * Debug counters of a context, for tests and perf logs: they make the
 * techniques visible (descriptor sets allocated vs reused, flushes and waits
 * a CPU access caused, pipelines created vs found).
 */
#pragma once

#include <stdint.h>

#include "vgl_autoflush.h"

struct vgl_context;

struct vgl_stats {
	/* technique 1: descriptor sets */
	uint64_t sets_allocated;   /* vvk_AllocateDescriptorSets calls */
	uint64_t sets_reused;      /* draws that found a set with their binding state */
	uint64_t sets_recycled;    /* completed sets rewritten for a new state */
	uint64_t set_binds;        /* vvk_CmdBindDescriptorSets calls */
	uint64_t descriptor_writes;/* vvk_UpdateDescriptorSets calls */
	/* technique 2: CPU access to GPU resources */
	uint64_t access_flushes;   /* submissions forced by a CPU access */
	uint64_t access_waits;     /* waits for an earlier batch forced by a CPU access */
	uint64_t readbacks;        /* image -> buffer copies for glReadPixels */
	uint64_t inline_updates;   /* glBufferSubData of a busy buffer done in the stream */
	uint64_t direct_uploads;   /* glBufferSubData of an idle buffer done at once */
	uint64_t texture_uploads;  /* glTex(Sub)Image copies recorded (never a flush or wait) */
	uint64_t texture_uploads_busy; /* of them: to storage the recording batch uses */
	/* technique 3: default uniform block */
	uint64_t uniform_uploads;  /* dirty default-block ranges sent */
	uint64_t uniform_bytes;
	/* pipelines */
	uint64_t pipelines_created;
	uint64_t pipeline_hits;
	/* technique 5: submissions */
	uint64_t submits;
	uint64_t auto_flushes;     /* of them: submitted unasked at a limit (vgl_autoflush.h) */
	uint64_t submitted_dwords; /* recorded stream of the submissions (setup not counted) */
	uint64_t last_point;       /* drm/ timeline point of the last submission */
	uint64_t points_non_monotonic; /* a submission got a point <= the previous one */
	uint64_t draws;
	uint64_t indirect_draws;    /* of them: parameters read by the host from a buffer */
	uint64_t draws_again;       /* of them: as the last draw left everything (vgl_draw.c) */
	uint64_t indirect_cpu_draws; /* indirect draws read by the CPU (vgl_draw_indirect.c) */
};

/* The counters of a context (live; read them from the context's thread). */
const struct vgl_stats *vgl_context_stats(const struct vgl_context *ctx);
void vgl_context_reset_stats(struct vgl_context *ctx);
/* The virgl dwords recorded so far in the context's open command buffer
 * (none after a flush), for tests that decode what GL calls emit. */
uint32_t vgl_context_recorded(const struct vgl_context *ctx, const uint32_t **dwords);
/* Replaces the context's auto-flush limits (tests; normally the environment's). */
void vgl_context_set_flush_limits(struct vgl_context *ctx, const struct vgl_flush_limits *l);
