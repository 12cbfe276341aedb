/* SPDX-License-Identifier: MIT */
/*
 * TEMP register reuse: a pass over the finished instruction text.
 *
 * The emitter hands out a fresh TEMP for every result and every scratch
 * value. This pass renumbers them so that registers whose live ranges do not
 * overlap share one. It works on the text rather than on the IR because the
 * text is where every read really happens: scratch registers, dynamic
 * indices read only at a later load, values aliased by extracts and
 * swizzles all show up as the TEMP[n] they finally touch.
 *
 * A register's range is [first access, last access] in line order. That is
 * its whole lifetime because every non-variable register is written before
 * it is read, on every path (IR values dominate their uses and the emitter
 * writes results unconditionally). Two exceptions are handled:
 *  - loops: a range that starts outside a loop and ends inside it (or the
 *    other way round) must hold across every iteration, so it is widened to
 *    cover the whole loop;
 *  - a register read before it is ever written (an undefined value) or one
 *    that carries state (variables, loop flags: pinned by the emitter) keeps
 *    a register of its own.
 * Ranges that merely touch (one ends on the line the other starts) are not
 * merged, so no instruction reads and writes two values in one register.
 *
 * Before that, copies between a variable's register and a value are removed
 * where the value can live in the variable's register instead (see
 * coalesce_store and forward_load): these are the MOVs that every IR load
 * and store of a local variable or output makes.
 */
#include <stdlib.h>
#include <string.h>

#include "vc_tgsi_private.h"

#define RA_NONE (-1)

struct ra_temp {
	int32_t start, end;  /* lines; start RA_NONE: never used */
	bool first_read;     /* first access reads it */
	bool own;            /* keeps a register of its own */
	int32_t phys;        /* the new number */
	int32_t alias;       /* lives in this (own) register instead, or RA_NONE */
	int32_t out;         /* is written straight to OUT[out] instead, or RA_NONE */
};

/* One instruction line of the code. */
struct ra_line {
	const char *op, *end;  /* opcode .. end of line (no newline) */
	const char *text;      /* start of the line, indentation included */
	int32_t dst;           /* TEMP written, or RA_NONE */
	uint8_t mask;          /* channels of dst written */
	bool ctrl;             /* control flow: no copy is moved across it */
	bool deleted;          /* a copy that coalescing removed */
};

struct ra_loop {
	int32_t begin, end;  /* BGNLOOP and ENDLOOP lines */
	int32_t parent;
};

struct ra {
	struct tg *t;
	struct ra_temp *temps;
	struct ra_loop *loops;
	int32_t nr_loops;
	int32_t *loop_of;     /* per line: innermost enclosing loop or RA_NONE */
	struct ra_line *lines;
	int32_t nr_lines;
	uint32_t nr_old;      /* TEMPs before renaming */
};

/* ---- scanning ------------------------------------------------------------------------ */

static bool is_word(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(end - p) >= n && !memcmp(p, w, n) && (p + n == end || p[n] == ' ');
}

/* Control-flow opcodes whose first operand is a source, not a destination. */
static bool first_operand_is_src(const char *op, const char *end)
{
	return is_word(op, end, "UIF") || is_word(op, end, "IF") || is_word(op, end, "KILL_IF");
}

static uint8_t parse_mask(const char *p, const char *end)
{
	uint8_t m = 0;

	if (p >= end || *p != '.')
		return 0xf;
	for (p++; p < end && *p >= 'w' && *p <= 'z'; p++)
		m |= (uint8_t)(1u << (*p == 'w' ? 3 : *p - 'x'));
	return m;
}

static void note_access(struct ra *ra, uint32_t index, int32_t line, bool write)
{
	struct ra_temp *r;

	if (index < ra->t->array_temps || index >= ra->t->nr_temps)
		return;
	r = &ra->temps[index];
	if (r->start == RA_NONE) {
		r->start = line;
		r->first_read = !write;
	} else if (r->start == line && !write) {
		r->first_read = true;  /* read and written by its first instruction */
	}
	r->end = line;
}

/* Records every TEMP[n] on one line; indirect ones (arrays) are never renamed. */
static void scan_operands(struct ra *ra, struct ra_line *l, int32_t line)
{
	const char *dst = memchr(l->op, ' ', (size_t)(l->end - l->op));
	bool has_dst = dst && !first_operand_is_src(l->op, l->end);

	for (const char *p = l->op; p + 5 < l->end; p++) {
		char *after;
		uint32_t i;

		if (p[0] != 'T' || memcmp(p, "TEMP[", 5) || p[5] < '0' || p[5] > '9')
			continue;
		i = (uint32_t)strtoul(p + 5, &after, 10);
		note_access(ra, i, line, has_dst && p == dst + 1);
		if (has_dst && p == dst + 1 && *after == ']') {
			l->dst = (int32_t)i;
			l->mask = parse_mask(after + 1, l->end);
		}
	}
}

static bool is_ctrl(const char *op, const char *end)
{
	static const char *const ops[] = {
		"BGNLOOP", "ENDLOOP", "UIF", "IF", "ELSE", "ENDIF", "BRK", "CONT", "RET",
		"KILL", "KILL_IF", "END",
	};

	if (!strchr("BEUIRKC", *op))  /* most lines: no string compares */
		return false;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (is_word(op, end, ops[i]))
			return true;
	return false;
}

static bool open_loop(struct ra *ra, int32_t *inner, int32_t line)
{
	struct ra_loop *l = realloc(ra->loops, (size_t)(ra->nr_loops + 1) * sizeof(*l));

	if (!l)
		return false;
	ra->loops = l;
	l[ra->nr_loops] = (struct ra_loop){ line, line, *inner };
	*inner = ra->nr_loops++;
	return true;
}

static int32_t count_lines(const char *s, size_t len)
{
	int32_t n = 0;

	for (const char *p = s; (p = memchr(p, '\n', len - (size_t)(p - s))); p++)
		n++;
	return n;
}

static bool scan(struct ra *ra, const char *s, size_t len)
{
	int32_t line = 0, inner = RA_NONE;

	for (const char *p = s, *end; p < s + len; p = end + 1, line++) {
		struct ra_line *l = &ra->lines[line];

		end = memchr(p, '\n', len - (size_t)(p - s));
		if (!end)
			end = s + len;
		*l = (struct ra_line){ .text = p, .end = end, .dst = RA_NONE };
		while (p < end && *p == ' ')
			p++;
		l->op = p;
		l->ctrl = is_ctrl(p, end);
		if (is_word(p, end, "BGNLOOP") && !open_loop(ra, &inner, line))
			return false;
		if (is_word(p, end, "ENDLOOP") && inner != RA_NONE) {
			ra->loops[inner].end = line;
			inner = ra->loops[inner].parent;
		}
		ra->loop_of[line] = inner;
		scan_operands(ra, l, line);
	}
	return true;
}

/* ---- copies ------------------------------------------------------------------------------ */

/* How far apart a copy and the other end of its value may be: keeps the
 * checks below linear in the size of the code. */
#define RA_WINDOW 64

/* Is the swizzle at p (or none) the identity on the channels of mask? */
static bool identity_on(const char *p, const char *end, uint8_t mask)
{
	if (p == end)
		return true;
	if (end - p != 5 || *p != '.')
		return false;
	for (unsigned c = 0; c < 4; c++)
		if ((mask & (1u << c)) && p[1 + c] != "xyzw"[c])
			return false;
	return true;
}

/* "MOV TEMP[d]<mask>, TEMP[s]<swizzle>": a copy that moves no channel. */
static bool parse_copy(struct ra *ra, const struct ra_line *l, int32_t *s)
{
	const char *p = l->op + 4;
	char *after;

	if (l->dst == RA_NONE || !is_word(l->op, l->end, "MOV"))
		return false;
	p = memchr(p, ',', (size_t)(l->end - p));
	if (!p || l->end - p < 8 || memcmp(p, ", TEMP[", 7) || p[7] < '0' || p[7] > '9')
		return false;
	*s = (int32_t)strtoul(p + 7, &after, 10);
	return *after == ']' && identity_on(after + 1, l->end, l->mask) &&
	       *s >= (int32_t)ra->t->array_temps && *s < (int32_t)ra->nr_old;
}

static int32_t resolve(const struct ra *ra, int32_t i)
{
	return ra->temps[i].alias != RA_NONE ? ra->temps[i].alias : i;
}

/* Does the line read TEMP[reg] (after aliases are applied)? */
static bool reads(const struct ra *ra, const struct ra_line *l, int32_t reg)
{
	const char *p = l->op;

	if (l->dst != RA_NONE)
		p = strchr(memchr(p, ' ', (size_t)(l->end - p)) + 1, ']');
	for (; p + 5 < l->end; p++) {
		long i;

		if (p[0] != 'T' || memcmp(p, "TEMP[", 5) || p[5] < '0' || p[5] > '9')
			continue;
		i = strtol(p + 5, NULL, 10);
		if (i >= (long)ra->t->array_temps && i < (long)ra->nr_old &&
		    resolve(ra, (int32_t)i) == reg)
			return true;
	}
	return false;
}

/* A value is a candidate if it is written before it is read and carries no state. */
static bool movable(const struct ra *ra, int32_t s)
{
	const struct ra_temp *r = &ra->temps[s];

	return !r->own && !r->first_read && r->alias == RA_NONE && r->start != RA_NONE;
}

/*
 * Store: "...writes of s...; MOV TEMP[d], TEMP[s]" where d is a variable and s
 * dies at the copy: s can be computed in d directly, provided nothing between
 * s's first write and the copy reads d or writes the copied channels of d
 * (so writing them early is invisible), no control flow intervenes, and s's
 * writes stay within the copied channels. Other channels of d may be
 * written meanwhile: that is how a vector is built up one channel at a time.
 * One exception: a single one-channel instruction may read d while it writes
 * it (`i = i + 1`), as the emitter's own read-modify-write sequences do.
 * d may also be a value's register (a vector built from a computed part and
 * another vector's channels, an INSERT's copy of the vector it changes):
 * its range then starts at s's first write.
 */
static bool coalesce_store(struct ra *ra, int32_t line, int32_t d, int32_t s)
{
	struct ra_temp *r = &ra->temps[s], *dr = &ra->temps[d];
	uint8_t mask = ra->lines[line].mask;

	if (!(dr->own || movable(ra, d)) || !movable(ra, s) || r->end != line ||
	    line - r->start > RA_WINDOW)
		return false;
	for (int32_t i = r->start; i < line; i++) {
		const struct ra_line *l = &ra->lines[i];
		bool single = i == line - 1 && i == r->start && l->dst == s &&
			      (l->mask & (l->mask - 1)) == 0;

		if (l->deleted)
			continue;
		if (l->ctrl || (!single && reads(ra, l, d)) || (l->dst == s && (l->mask & ~mask)) ||
		    (l->dst != RA_NONE && resolve(ra, l->dst) == d && (l->mask & mask)))
			return false;
	}
	r->alias = d;
	if (!dr->own && r->start < dr->start)
		dr->start = r->start;  /* a value register now lives from s's first write */
	return true;
}

/*
 * Load: "MOV TEMP[s], TEMP[v]; ...reads of s..." where v is a variable: the
 * reads can read v itself if v is not written until the last of them and
 * no control flow intervenes (the last read may be a branch condition, or
 * a one-channel instruction that writes v, as in coalesce_store).
 */
static bool forward_load(struct ra *ra, int32_t line, int32_t s, int32_t v)
{
	const struct ra_temp *r = &ra->temps[s];

	if (!ra->temps[v].own || !movable(ra, s) || r->start != line || r->end - line > RA_WINDOW)
		return false;
	for (int32_t i = line + 1; i <= r->end; i++) {
		const struct ra_line *l = &ra->lines[i];

		if (l->deleted)
			continue;
		bool last = i == r->end;

		if ((l->ctrl && !last) || l->dst == s ||
		    (l->dst != RA_NONE && resolve(ra, l->dst) == v &&
		     !(last && (l->mask & (l->mask - 1)) == 0)))
			return false;
	}
	ra->temps[s].alias = v;
	return true;
}

/* Backwards, so that a vector built channel by channel and then stored is
 * already known to live in the variable when its channel copies are seen. */
static void remove_copies(struct ra *ra)
{
	for (int32_t line = ra->nr_lines; line-- > 0;) {
		struct ra_line *l = &ra->lines[line];
		int32_t s;

		if (!parse_copy(ra, l, &s) || l->dst < (int32_t)ra->t->array_temps)
			continue;
		l->deleted = coalesce_store(ra, line, resolve(ra, l->dst), s) ||
			     forward_load(ra, line, l->dst, s);
	}
}

/* ---- outputs ------------------------------------------------------------------------------ */

/* "MOV OUT[n], TEMP[s]" at the top level (the copies at the end of main). */
static bool parse_out_copy(const struct ra *ra, const struct ra_line *l, int32_t *out,
			   int32_t *s)
{
	const char *p = l->op + 4;
	char *after;

	if (l->deleted || l->op - l->text != 2 || !is_word(l->op, l->end, "MOV") ||
	    l->end - p < 8 || memcmp(p, "OUT[", 4) || p[4] < '0' || p[4] > '9')
		return false;
	*out = (int32_t)strtol(p + 4, &after, 10);
	if (memcmp(after, "], TEMP[", 8) || after[8] < '0' || after[8] > '9')
		return false;
	*s = (int32_t)strtol(after + 8, &after, 10);
	return after + 1 == l->end && *after == ']' && *s >= (int32_t)ra->t->array_temps &&
	       *s < (int32_t)ra->nr_old;
}

static int32_t count_reads(const struct ra *ra, int32_t reg)
{
	int32_t n = 0;

	for (int32_t i = 0; i < ra->nr_lines; i++)
		n += !ra->lines[i].deleted && reads(ra, &ra->lines[i], reg);
	return n;
}

/*
 * Outputs are computed in TEMP shadows and copied to OUT at the end. Where
 * that copy is the shadow's only read (no early return copies it too, no
 * instruction reads it back), its writes go to OUT itself and the copy goes.
 */
static void write_outputs_in_place(struct ra *ra)
{
	for (int32_t line = 0; line < ra->nr_lines; line++) {
		struct ra_line *l = &ra->lines[line];
		int32_t out, s;

		if (!parse_out_copy(ra, l, &out, &s))
			continue;
		s = resolve(ra, s);
		if (ra->temps[s].out != RA_NONE || count_reads(ra, s) != 1)
			continue;
		ra->temps[s].out = out;
		l->deleted = true;
	}
}

/* ---- live ranges ----------------------------------------------------------------------- */

/* A range leaving a loop it starts in (or entering one it ends in) covers all of it. */
static void widen_for_loops(struct ra *ra, struct ra_temp *r)
{
	int32_t first_end = r->end;

	for (int32_t l = ra->loop_of[r->start]; l != RA_NONE; l = ra->loops[l].parent)
		if (r->end > ra->loops[l].end)
			r->start = ra->loops[l].begin;
	for (int32_t l = ra->loop_of[first_end]; l != RA_NONE; l = ra->loops[l].parent)
		if (r->start < ra->loops[l].begin)
			r->end = ra->loops[l].end;
}

/* ---- assignment -------------------------------------------------------------------------- */

/* Registers that keep their own number come first, in their old order. */
static uint32_t assign_own(struct ra *ra)
{
	uint32_t next = ra->t->array_temps;

	for (uint32_t i = ra->t->array_temps; i < ra->t->nr_temps; i++) {
		struct ra_temp *r = &ra->temps[i];

		r->own = r->own || r->first_read;
		if (r->start != RA_NONE && r->own && r->out == RA_NONE)
			r->phys = (int32_t)next++;
	}
	return next;
}

/* Chains the shared registers by start and by end line (bucket lists). */
static bool bucket(struct ra *ra, int32_t **by_start, int32_t **by_end, int32_t **next_s,
		   int32_t **next_e)
{
	size_t lines = (size_t)ra->nr_lines + 1, n = ra->t->nr_temps;

	*by_start = malloc(lines * sizeof(int32_t));
	*by_end = malloc(lines * sizeof(int32_t));
	*next_s = malloc(n * sizeof(int32_t));
	*next_e = malloc(n * sizeof(int32_t));
	if (!*by_start || !*by_end || !*next_s || !*next_e)
		return false;
	memset(*by_start, 0xff, lines * sizeof(int32_t));
	memset(*by_end, 0xff, lines * sizeof(int32_t));
	/* walked backwards so each list runs in register order */
	for (uint32_t i = ra->t->nr_temps; i-- > ra->t->array_temps;) {
		struct ra_temp *r = &ra->temps[i];

		if (r->start == RA_NONE || r->own || r->alias != RA_NONE || r->out != RA_NONE)
			continue;
		(*next_s)[i] = (*by_start)[r->start];
		(*by_start)[r->start] = (int32_t)i;
		(*next_e)[i] = (*by_end)[r->end];
		(*by_end)[r->end] = (int32_t)i;
	}
	return true;
}

/*
 * Linear scan: at each line, registers whose range ended on an earlier line
 * go back on a free stack, then ranges starting here take one from it (or
 * a new number).
 */
static uint32_t linear_scan(struct ra *ra, uint32_t next, const int32_t *by_start,
			    const int32_t *by_end, const int32_t *next_s, const int32_t *next_e,
			    int32_t *free_stack)
{
	uint32_t nr_free = 0;

	for (int32_t line = 0; line < ra->nr_lines; line++) {
		if (line > 0)
			for (int32_t i = by_end[line - 1]; i != RA_NONE; i = next_e[i])
				free_stack[nr_free++] = ra->temps[i].phys;
		for (int32_t i = by_start[line]; i != RA_NONE; i = next_s[i])
			ra->temps[i].phys = nr_free ? free_stack[--nr_free] : (int32_t)next++;
	}
	return next;
}

static bool assign(struct ra *ra)
{
	int32_t *by_start = NULL, *by_end = NULL, *next_s = NULL, *next_e = NULL, *stack;
	uint32_t next = assign_own(ra);
	bool ok = bucket(ra, &by_start, &by_end, &next_s, &next_e);

	stack = ok ? malloc(ra->t->nr_temps * sizeof(*stack)) : NULL;
	ok = stack != NULL;
	if (ok)
		ra->t->nr_temps = linear_scan(ra, next, by_start, by_end, next_s, next_e, stack);
	free(by_start);
	free(by_end);
	free(next_s);
	free(next_e);
	free(stack);
	return ok;
}

/* ---- rewriting --------------------------------------------------------------------------- */

/* Appends n bytes; the buffer is sized up front, this only grows it when
 * new numbers come out longer than old ones. */
static bool put(struct tg_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *p = realloc(b->s, cap);

		if (!p)
			return false;
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
	return true;
}

static bool put_index(struct tg_buf *b, uint32_t v)
{
	char digits[12];
	size_t n = sizeof(digits);

	do
		digits[--n] = (char)('0' + v % 10);
	while ((v /= 10));
	return put(b, digits + n, sizeof(digits) - n);
}

static bool rewrite_line(struct ra *ra, struct tg_buf *out, const char *s, const char *end)
{
	const char *done = s;
	bool ok = true;

	for (const char *p = s; ok && p + 5 < end; p++) {
		char *after;
		unsigned long i;

		if (p[0] != 'T' || memcmp(p, "TEMP[", 5) || p[5] < '0' || p[5] > '9')
			continue;
		const struct ra_temp *r;

		i = strtoul(p + 5, &after, 10);
		if (i < ra->t->array_temps || i >= ra->nr_old)
			continue;
		r = &ra->temps[resolve(ra, (int32_t)i)];
		ok = put(out, done, (size_t)(p - done)) &&
		     (r->out != RA_NONE ? put(out, "OUT[", 4) && put_index(out, (uint32_t)r->out)
					: put(out, "TEMP[", 5) && put_index(out, (uint32_t)r->phys));
		done = after;
		p = after - 1;
	}
	return ok && put(out, done, (size_t)(end - done)) && put(out, "\n", 1);
}

static bool rewrite(struct ra *ra, struct tg_buf *out)
{
	bool ok = put(out, "", 0);

	for (int32_t i = 0; ok && i < ra->nr_lines; i++)
		if (!ra->lines[i].deleted)
			ok = rewrite_line(ra, out, ra->lines[i].text, ra->lines[i].end);
	return ok;
}

static bool init(struct ra *ra, struct tg *t)
{
	ra->t = t;
	ra->nr_old = t->nr_temps;
	ra->nr_lines = count_lines(t->code.s, t->code.len);
	ra->temps = malloc(t->nr_temps * sizeof(*ra->temps));
	ra->loop_of = malloc(((size_t)ra->nr_lines + 1) * sizeof(*ra->loop_of));
	ra->lines = malloc(((size_t)ra->nr_lines + 1) * sizeof(*ra->lines));
	if (!ra->temps || !ra->loop_of || !ra->lines)
		return false;
	for (uint32_t i = 0; i < t->nr_temps; i++)
		ra->temps[i] = (struct ra_temp){ RA_NONE, RA_NONE, false, false, RA_NONE, RA_NONE,
						 RA_NONE };
	for (uint32_t i = t->array_temps; i < t->var_temps && i < t->nr_temps; i++)
		ra->temps[i].own = true;
	for (uint32_t i = 0; i < t->nr_pinned; i++)
		if (t->pinned[i] < t->nr_temps)
			ra->temps[t->pinned[i]].own = true;
	return true;
}

static bool allocate(struct ra *ra, struct tg *t)
{
	struct tg_buf out = { 0 };

	if (!init(ra, t) || !scan(ra, t->code.s, t->code.len))
		return false;
	if (t->remove_copies) {
		remove_copies(ra);
		write_outputs_in_place(ra);
	}
	for (uint32_t i = t->array_temps; i < t->nr_temps; i++)
		if (ra->temps[i].start != RA_NONE && ra->temps[i].alias == RA_NONE)
			widen_for_loops(ra, &ra->temps[i]);
	if (!assign(ra))
		return false;
	/* sized for the old text: numbers rarely get longer */
	out.s = malloc(t->code.len + 1);
	out.cap = out.s ? t->code.len + 1 : 0;
	if (!out.s || !rewrite(ra, &out)) {
		free(out.s);
		return false;
	}
	free(t->code.s);
	t->code = out;
	return true;
}

void tg_regalloc(struct tg *t)
{
	struct ra ra = { 0 };

	if (t->failed || !t->code.len || t->nr_temps <= t->array_temps)
		return;
	if (!allocate(&ra, t))
		t->failed = true;
	free(ra.temps);
	free(ra.loops);
	free(ra.loop_of);
	free(ra.lines);
}
