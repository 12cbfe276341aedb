/* SPDX-License-Identifier: MIT */
/*
 * ES 3.2 is ES 3.1 plus extensions folded into core (the ES 3.2 spec's
 * list): a 3.2 context is made only where its extension mask has every one
 * of them and meets the minimums ES 3.2 raised (vgl_context.c), so the
 * version never claims more than the features it is made of.
 */
#pragma once

#include <stdbool.h>

struct vgl_context;

/* The first required extension the context lacks, else the first ES 3.2
 * minimum its limits fall short of (the limit's name), or NULL when it has
 * all. */
const char *vgl_es32_missing(const struct vgl_context *ctx);

/* The same check over any predicate (has(arg, name)): the table alone, for tests. */
const char *vgl_es32_first_missing(bool (*has)(const void *arg, const char *name),
				   const void *arg);
