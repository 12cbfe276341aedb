/* SPDX-License-Identifier: MIT */
/*
 * When a recording batch is submitted without being asked (issue #15). One
 * submission per glFinish leaves the host idle while the application records
 * and the application idle while the host renders; submitting the batch once
 * it is big enough (or holds enough draws, or has been open long enough) lets
 * the two run at once. Such a flush is never a wait: it is what glFlush does,
 * at a point between draws, and usage tracking (technique 2) still makes a
 * later CPU access wait for exactly the batch that wrote what it reads.
 *
 * Limits come from the environment at device creation (README "Pipelining"):
 *   VIRTGL_FLUSH_KB     recorded stream size, KiB (0: no size limit)
 *   VIRTGL_FLUSH_DRAWS  draws in the batch (0: no draw limit)
 *   VIRTGL_FLUSH_US     microseconds since the batch's first draw (0: none)
 * A limit of 0 everywhere is the old behaviour: submit only when asked.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

struct vgl_flush_limits {
	uint32_t dwords;     /* 0: no size limit */
	uint32_t draws;      /* 0: no draw-count limit */
	uint64_t ns;         /* 0: no time limit */
};

/* What a batch has gathered since it began. */
struct vgl_flush_count {
	uint32_t draws;
	uint64_t start_ns;   /* clock at its first draw */
};

/* The defaults, each overridden by its variable when that is a number. */
void vgl_flush_limits_from_env(struct vgl_flush_limits *l);
/* The time limit's part of vgl_flush_due (l->ns set). */
bool vgl_flush_time_due(const struct vgl_flush_limits *l, struct vgl_flush_count *c);

/* Counts a draw of a batch now holding `dwords`; true when it is due.
 * Inline: every draw asks, and with the defaults it is two compares. */
static inline bool vgl_flush_due(const struct vgl_flush_limits *l, struct vgl_flush_count *c,
				 uint32_t dwords)
{
	c->draws++;
	if (l->dwords && dwords >= l->dwords)
		return true;
	if (l->draws && c->draws >= l->draws)
		return true;
	return l->ns && vgl_flush_time_due(l, c);
}
