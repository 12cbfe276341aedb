/* SPDX-License-Identifier: MIT */
/*
 * Parsing a virgl command stream back into commands, with the same generated
 * table the encoders come from (vdrm_cmds_table.c). Used by the tests (every
 * encoder's output decodes to what went in) and by VIRTGL_DEBUG=cmd.
 */
#pragma once

#include <stdint.h>
#include <stdio.h>

/* What follows the fixed fields and elements of a command. */
enum vdrm_tail_kind {
	VDRM_TAIL_NONE = 0,
	VDRM_TAIL_BYTES,  /* raw bytes, zero padded */
	VDRM_TAIL_STRING, /* NUL-terminated text, zero padded */
	VDRM_TAIL_PAD,    /* ignored dwords (NOP, END_TRANSFERS) */
};

/*
 * What a payload dword means to the validator (vdrm_validate.c), from the
 * .def's @role marks: one byte per entry of vdrm_cmd_desc.fields.
 */
enum vdrm_field_role {
	VDRM_ROLE_NONE = 0,
	VDRM_ROLE_RES,          /* a resource id, 0 = none */
	VDRM_ROLE_RES_REQUIRED, /* a resource id that must be there */
	VDRM_ROLE_RES_LIVE,     /* any live resource of the device (a view's) */
	VDRM_ROLE_STAGE,        /* a shader stage number (doc 1.6) */
	VDRM_ROLE_DESTROY,      /* the handle DESTROY_OBJECT ends */
	VDRM_ROLE_REF_BASE = 16, /* + VDRM_OBJ_*: a live handle of that type, 0 = none */
	VDRM_ROLE_NEW_BASE = 32, /* + VDRM_OBJ_*: the handle the command creates */
};
#define VDRM_ROLE_REF(obj) (VDRM_ROLE_REF_BASE + (obj))
#define VDRM_ROLE_NEW(obj) (VDRM_ROLE_NEW_BASE + (obj))

/* How a command's payload length is allowed to vary (one row of the table). */
struct vdrm_cmd_desc {
	const char *name;       /* "CLEAR", "CREATE_OBJECT(BLEND)" */
	uint8_t opcode;
	uint8_t objtype;        /* 0 unless CREATE/BIND/DESTROY_OBJECT */
	uint16_t fixed_len;     /* payload dwords before any repeated part */
	uint16_t elem_len;      /* dwords per repeated element, 0 = none */
	uint16_t max_elems;     /* 0 = unbounded (up to the 16-bit length) */
	uint8_t has_tail;       /* 1: free-form tail (strings/bytes) after fixed_len */
	uint8_t nr_fields;
	const char *const *fields; /* names of the fixed_len dwords, then of the
	                            * elem_prefix_len dwords, then of one element */
	uint16_t min_elems;
	uint8_t any_objtype;    /* DESTROY_OBJECT: the object type is informational */
	uint8_t tail_kind;      /* enum vdrm_tail_kind */
	uint16_t tail_min;      /* the host wants at least this many tail dwords */
	uint8_t nr_lens;        /* > 0: the length must be one of lens[] (DRAW_VBO 12/14/20) */
	const uint16_t *lens;
	int8_t count_field;     /* payload dword holding the element count, -1 = none */
	uint8_t elem_prefix_len; /* dwords sent before the elements only when there are
	                          * any (SHADER stream-output strides) */
	const char *elem_name;  /* the repeated element, e.g. "buffers" */
	const char *tail_name;  /* e.g. "text" */
	const uint8_t *roles;   /* enum vdrm_field_role per fields[] entry; NULL = none */
	uint32_t needs_cap;     /* capability_bits the host must grant, 0 = none */
};

struct vdrm_decoded {
	uint32_t opcode;
	uint32_t objtype;
	uint32_t len;              /* payload dwords */
	const uint32_t *payload;   /* points into the stream */
	const struct vdrm_cmd_desc *desc; /* NULL for an unknown command */
};

/* The table row for a command, NULL if the table lacks it. */
const struct vdrm_cmd_desc *vdrm_cmd_lookup(uint32_t opcode, uint32_t objtype);

/* 0 if len is a legal payload length for desc, else VDRM_ERROR_INVALID_ARGUMENT. */
int vdrm_cmd_check_len(const struct vdrm_cmd_desc *desc, uint32_t len);

/*
 * Decodes the command at *pos and advances *pos past it. Returns 1 for a
 * command, 0 at the end of the stream, VDRM_ERROR_INVALID_ARGUMENT for a
 * truncated command, an unknown opcode or a length the table forbids (*pos is
 * then left unchanged; *out still holds what the header says, desc NULL for
 * an unknown command).
 */
int vdrm_decode_next(const uint32_t *buf, uint32_t ndw, uint32_t *pos, struct vdrm_decoded *out);

/* Writes one line per command (name, named fields in hex). Returns the
 * number of commands, or a negative result at the first malformed one. */
int vdrm_decode_dump(FILE *f, const uint32_t *buf, uint32_t ndw);
