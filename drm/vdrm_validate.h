/* SPDX-License-Identifier: MIT */
/*
 * The command-stream validator (VIRTGL_DEBUG=validate, and on in the test
 * suites): before a stream goes to the host, every command is decoded with the
 * generated table (vdrm_decode.h) and checked against the protocol's rules and
 * the host's caps: framing, lengths, object handles created before use and not
 * used after destroy, resource ids in the submission's list, shader stages,
 * slot ranges and counts within the caps. A bad command can take down the host
 * renderer, so a stream that breaks a rule is not sent at all.
 *
 * The validator follows one host context: handles live across submissions.
 * A rejected stream changes nothing (the host never saw it).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "vdrm_caps.h"

struct vdrm_validator;

/* NULL when out of memory. caps is copied. */
struct vdrm_validator *vdrm_validator_create(const struct vdrm_caps *caps);
void vdrm_validator_destroy(struct vdrm_validator *v);

/* The device's resources come and go outside the streams; a view or a
 * surface may name any live one (the submission's list is for its users). */
int vdrm_validator_resource_created(struct vdrm_validator *v, uint32_t id);
void vdrm_validator_resource_destroyed(struct vdrm_validator *v, uint32_t id);

/*
 * Checks ndw dwords against the rules; res_ids lists the resource ids the
 * submission carries (any order). Returns 0 and takes the stream's creations
 * and destructions, or VDRM_ERROR_INVALID_ARGUMENT (or OUT_OF_MEMORY) with
 * msg naming the command, its dword offset and the rule.
 */
int vdrm_validate_stream(struct vdrm_validator *v, const uint32_t *buf, uint32_t ndw,
			 const uint32_t *res_ids, uint32_t nr_res, char *msg, size_t msg_size);
