/* SPDX-License-Identifier: MIT */
/*
 * Host queries (doc 2.9, 3.6): the query types CREATE_OBJECT(QUERY) takes,
 * the block the host writes the result into, and whether the host has timer
 * queries. A query object names a buffer resource of bind CUSTOM (the host
 * refuses any other: it must live in host system memory); the host writes
 * struct vdrm_host_query_state at offset 0 of that resource's guest backing
 * (CREATE_QUERY's offset is ignored), so every query object needs a
 * resource of its own. The write happens when GET_QUERY_RESULT finds the
 * result ready, or later, when a fence retires after it became ready.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

struct vdrm_caps;

/* enum pipe_query_type, as CREATE_QUERY's type_index bits 0-15 carry it. */
enum vdrm_query_type {
	VDRM_QUERY_OCCLUSION_COUNTER = 0,
	VDRM_QUERY_OCCLUSION_PREDICATE = 1,
	VDRM_QUERY_TIMESTAMP = 2,
	VDRM_QUERY_TIMESTAMP_DISJOINT = 3,
	VDRM_QUERY_TIME_ELAPSED = 4,
	VDRM_QUERY_PRIMITIVES_GENERATED = 5,
	VDRM_QUERY_PRIMITIVES_EMITTED = 6,
	VDRM_QUERY_SO_STATISTICS = 7,
	VDRM_QUERY_SO_OVERFLOW_PREDICATE = 8,
	VDRM_QUERY_GPU_FINISHED = 9,
	VDRM_QUERY_PIPELINE_STATISTICS = 10,
	VDRM_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE = 11,
	VDRM_QUERY_SO_OVERFLOW_ANY_PREDICATE = 12,
};

/* GET_QUERY_RESULT_QBO's result_type */
enum vdrm_query_result_type {
	VDRM_QUERY_RESULT_I32 = 0,
	VDRM_QUERY_RESULT_U32 = 1,
	VDRM_QUERY_RESULT_I64 = 2,
	VDRM_QUERY_RESULT_U64 = 3,
};

/* query_state values; the host itself only ever writes DONE. */
enum vdrm_query_state {
	VDRM_QUERY_STATE_NEW = 0,
	VDRM_QUERY_STATE_DONE = 1,
	VDRM_QUERY_STATE_WAIT_HOST = 2,
};

/* What the host writes (struct virgl_host_query_state). */
struct vdrm_host_query_state {
	uint32_t query_state;
	uint32_t result_size; /* 8 for timer queries, else 4 (the result is 64-bit anyway) */
	uint64_t result;
};

_Static_assert(sizeof(struct vdrm_host_query_state) == 16, "host query block is 16 bytes");

/* Bytes of the CUSTOM buffer resource a query object writes into. */
#define VDRM_QUERY_RESULT_BYTES ((uint32_t)sizeof(struct vdrm_host_query_state))

/*
 * CREATE_QUERY's type_index: type | index << 16 (index: the vertex stream
 * of stream-output queries). false when either does not fit 16 bits.
 */
bool vdrm_query_type_index(uint32_t type, uint32_t index, uint32_t *out);

/*
 * Reads the block at `map` (the resource's backing, which the host writes
 * behind our back): its state word, and the result when the state is DONE.
 * The result is read after the state (acquire), so a DONE never comes with
 * an older result.
 */
uint32_t vdrm_query_read(const volatile void *map, uint64_t *result);

/* The host runs TIMESTAMP and TIME_ELAPSED queries (caps bset bit 12, which
 * hosts before feature version 15 did not fill in reliably). */
bool vdrm_caps_has_timer_query(const struct vdrm_caps *caps);
/* The host counts samples (GL_SAMPLES_PASSED), not only any-passed (bit 11). */
bool vdrm_caps_has_occlusion_query(const struct vdrm_caps *caps);
