/* SPDX-License-Identifier: MIT */
/*
 * The decoder side of the virgl command table: walks a stream by its headers
 * and checks every length against the table's rows (vdrm_cmds_table.c, made by
 * gen_virgl.py), so a stream that decodes here has the framing the host expects.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_cs.h"
#include "vdrm_decode.h"
#include "vdrm_result.h"

/* A dump line shows this many elements and characters of text at most. */
#define DUMP_MAX_ELEMS 32u
#define DUMP_TEXT_CHARS 60u

/* Shader stage numbers on the wire (doc 1.6). */
#define STAGE_COMPUTE 5u

static uint32_t min_len(const struct vdrm_cmd_desc *desc)
{
	uint32_t len = desc->fixed_len + desc->tail_min;

	if (desc->min_elems)
		len += desc->elem_prefix_len + (uint32_t)desc->min_elems * desc->elem_len;
	return len;
}

static bool len_listed(const struct vdrm_cmd_desc *desc, uint32_t len)
{
	for (unsigned i = 0; i < desc->nr_lens; i++) {
		if (desc->lens[i] == len)
			return true;
	}
	return false;
}

/* Without a tail, whole elements fill the payload after the fixed fields. */
static bool elems_fit(const struct vdrm_cmd_desc *desc, uint32_t len)
{
	uint32_t rest = len - desc->fixed_len;

	if (rest % desc->elem_len)
		return false;
	return !desc->max_elems || rest / desc->elem_len <= desc->max_elems;
}

int vdrm_cmd_check_len(const struct vdrm_cmd_desc *desc, uint32_t len)
{
	bool ok;

	if (!desc || len > VDRM_CMD_MAX_PAYLOAD)
		return VDRM_ERROR_INVALID_ARGUMENT;
	if (desc->nr_lens)
		ok = len_listed(desc, len);
	else if (len < min_len(desc))
		ok = false;
	else if (desc->has_tail)
		ok = true; /* elements and tail share the rest: any length */
	else if (desc->elem_len)
		ok = elems_fit(desc, len);
	else
		ok = len == desc->fixed_len;
	return ok ? 0 : VDRM_ERROR_INVALID_ARGUMENT;
}

/* A count dword must match the elements the length holds: the host checks
 * it (SET_FRAMEBUFFER_STATE: len == 2 + nr_cbufs). */
static bool count_agrees(const struct vdrm_cmd_desc *desc, const uint32_t *payload, uint32_t len)
{
	if (desc->count_field < 0 || desc->has_tail)
		return true;
	return payload[desc->count_field] == (len - desc->fixed_len) / desc->elem_len;
}

int vdrm_decode_next(const uint32_t *buf, uint32_t ndw, uint32_t *pos, struct vdrm_decoded *out)
{
	uint32_t at = *pos;
	uint32_t hdr;

	if (at >= ndw)
		return 0;
	hdr = buf[at];
	*out = (struct vdrm_decoded){
		.opcode = hdr & 0xff,
		.objtype = (hdr >> 8) & 0xff,
		.len = hdr >> 16,
		.payload = buf + at + 1,
	};
	if (out->len > ndw - at - 1)
		return VDRM_ERROR_INVALID_ARGUMENT; /* runs past the end */
	out->desc = vdrm_cmd_lookup(out->opcode, out->objtype);
	if (vdrm_cmd_check_len(out->desc, out->len) ||
	    !count_agrees(out->desc, out->payload, out->len))
		return VDRM_ERROR_INVALID_ARGUMENT;
	*pos = at + 1 + out->len;
	return 1;
}

/* --- dump ------------------------------------------------------------------ */

/* Where the parts of one payload start (payload dword indices). */
struct layout {
	uint32_t nfixed;
	uint32_t nprefix;
	uint32_t elems_at;
	uint32_t nelems;
	uint32_t tail_at;
};

/* A compute shader's count dword is its shared memory size, not an SO count. */
static bool count_is_elems(const struct vdrm_decoded *d)
{
	return !(d->opcode == VDRM_CCMD_CREATE_OBJECT && d->objtype == VDRM_OBJ_SHADER &&
		 d->payload[1] == STAGE_COMPUTE);
}

/* Elements before a tail: only the count dword says how many there are. */
static void split_counted(const struct vdrm_decoded *d, struct layout *l)
{
	const struct vdrm_cmd_desc *desc = d->desc;
	uint64_t n = count_is_elems(d) ? d->payload[desc->count_field] : 0;

	if (n && l->nfixed + desc->elem_prefix_len + n * desc->elem_len > d->len)
		n = 0; /* inconsistent: show the rest as tail */
	l->nelems = (uint32_t)n;
	l->nprefix = n ? desc->elem_prefix_len : 0;
	l->elems_at = l->nfixed + l->nprefix;
	l->tail_at = l->elems_at + l->nelems * desc->elem_len;
}

static void split_payload(const struct vdrm_decoded *d, struct layout *l)
{
	const struct vdrm_cmd_desc *desc = d->desc;

	memset(l, 0, sizeof(*l));
	l->nfixed = d->len < desc->fixed_len ? d->len : desc->fixed_len;
	l->elems_at = l->tail_at = l->nfixed;
	if (!desc->elem_len)
		return;
	if (desc->has_tail) {
		split_counted(d, l);
		return;
	}
	l->nelems = (d->len - l->nfixed) / desc->elem_len;
	l->tail_at = d->len;
}

static const char *field_name(const struct vdrm_cmd_desc *desc, uint32_t i)
{
	return i < desc->nr_fields ? desc->fields[i] : "?";
}

static void dump_fixed(FILE *f, const struct vdrm_decoded *d, const struct layout *l)
{
	const struct vdrm_cmd_desc *desc = d->desc;

	if (desc->any_objtype)
		fprintf(f, " obj_type=0x%x", d->objtype);
	for (uint32_t i = 0; i < l->nfixed; i++)
		fprintf(f, " %s=0x%x", field_name(desc, i), d->payload[i]);
	for (uint32_t i = 0; i < l->nprefix; i++)
		fprintf(f, " %s=0x%x", field_name(desc, desc->fixed_len + i), d->payload[l->nfixed + i]);
}

static void dump_elem(FILE *f, const struct vdrm_cmd_desc *desc, uint32_t i, const uint32_t *e)
{
	uint32_t names = desc->fixed_len + desc->elem_prefix_len;

	if (desc->elem_len == 1) {
		fprintf(f, " %s[%u]=0x%x", desc->elem_name, i, e[0]);
		return;
	}
	for (uint32_t j = 0; j < desc->elem_len; j++)
		fprintf(f, " %s[%u].%s=0x%x", desc->elem_name, i, field_name(desc, names + j), e[j]);
}

static void dump_elems(FILE *f, const struct vdrm_decoded *d, const struct layout *l)
{
	const struct vdrm_cmd_desc *desc = d->desc;
	uint32_t shown = l->nelems < DUMP_MAX_ELEMS ? l->nelems : DUMP_MAX_ELEMS;

	for (uint32_t i = 0; i < shown; i++)
		dump_elem(f, desc, i, d->payload + l->elems_at + i * desc->elem_len);
	if (l->nelems > shown)
		fprintf(f, " %s=(+%u more)", desc->elem_name, l->nelems - shown);
}

static void print_char(FILE *f, char c)
{
	if (isprint((unsigned char)c) && c != '"' && c != '\\')
		fputc(c, f);
	else
		fprintf(f, "\\x%02x", (unsigned char)c);
}

/* The text up to its first newline, quoted: one command stays one line. */
static void print_first_line(FILE *f, const char *s, uint32_t size)
{
	uint32_t i;

	fputs(" \"", f);
	for (i = 0; i < size && i < DUMP_TEXT_CHARS && s[i] && s[i] != '\n'; i++)
		print_char(f, s[i]);
	fputs(i < size && s[i] ? "...\"" : "\"", f);
}

static void dump_tail(FILE *f, const struct vdrm_decoded *d, const struct layout *l)
{
	uint32_t ndw = d->len - l->tail_at;

	if (!d->desc->has_tail)
		return;
	fprintf(f, " %s=%u dwords", d->desc->tail_name, ndw);
	if (d->desc->tail_kind == VDRM_TAIL_STRING)
		print_first_line(f, (const char *)(d->payload + l->tail_at), ndw * 4);
}

static void dump_command(FILE *f, uint32_t at, const struct vdrm_decoded *d)
{
	struct layout l;

	split_payload(d, &l);
	fprintf(f, "[%u] %s", at, d->desc->name);
	dump_fixed(f, d, &l);
	dump_elems(f, d, &l);
	dump_tail(f, d, &l);
	fputc('\n', f);
}

int vdrm_decode_dump(FILE *f, const uint32_t *buf, uint32_t ndw)
{
	struct vdrm_decoded d;
	uint32_t pos = 0;
	int n = 0;

	for (;;) {
		uint32_t at = pos;
		int ret = vdrm_decode_next(buf, ndw, &pos, &d);

		if (ret == 0)
			return n;
		if (ret < 0) {
			fprintf(f, "[%u] malformed: header 0x%08x, %u dwords left\n", at, buf[at], ndw - at - 1);
			return ret;
		}
		dump_command(f, at, &d);
		n++;
	}
}
