/* SPDX-License-Identifier: MIT */
/* dEQP .test reader and expander (see deqp_cases.h). */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "deqp_cases.h"

const char *const deqp_expect_names[DEQP_EXPECT_COUNT] = {
	"pass", "compile_fail", "link_fail", "build_successful", "compile_or_link_fail",
};

#define MAX_VALUES 32
#define MAX_GROUPS 8

struct value {
	char kind;          /* 'i'nput, 'o'utput, 'u'niform */
	char type[64], name[64];
};

struct raw_case {
	char name[192];
	unsigned version;
	enum deqp_expect expect;
	bool skipped;
	struct value values[MAX_VALUES];
	unsigned nr_values;
	const char *src[3];     /* both, vertex, fragment */
	size_t len[3];
};

struct reader {
	const char *p, *end;
};

/* ---- a growable string ---------------------------------------------------- */

struct buf {
	char *s;
	size_t n, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s) {
			b->n = b->cap = 0;
			return;
		}
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

/* ---- reading the .test format ---------------------------------------------- */

static void skip_ws(struct reader *r)
{
	while (r->p < r->end) {
		if (*r->p == '#') {
			while (r->p < r->end && *r->p != '\n')
				r->p++;
		} else if (isspace((unsigned char)*r->p)) {
			r->p++;
		} else {
			break;
		}
	}
}

static bool word(struct reader *r, char *out, size_t size)
{
	size_t n = 0;

	skip_ws(r);
	while (r->p < r->end && (isalnum((unsigned char)*r->p) || *r->p == '_' || *r->p == '.')) {
		if (n + 1 < size)
			out[n++] = *r->p;
		r->p++;
	}
	out[n] = '\0';
	return n > 0;
}

static void rest_of_line(struct reader *r, char *out, size_t size)
{
	size_t n = 0;

	while (r->p < r->end && *r->p != '\n') {
		if (n + 1 < size)
			out[n++] = *r->p;
		r->p++;
	}
	out[n] = '\0';
}

/* `"text"` or `""long text""`; returns the text's start and length. */
static const char *string(struct reader *r, size_t *len)
{
	const char *start, *e;
	bool is_long;

	skip_ws(r);
	if (r->p >= r->end || *r->p != '"')
		return NULL;
	is_long = r->p + 1 < r->end && r->p[1] == '"';
	start = r->p + (is_long ? 2 : 1);
	for (e = start; e < r->end; e++) {
		if (*e == '\\' && e + 1 < r->end) {
			e++;
			continue;
		}
		if (*e == '"' && (!is_long || (e + 1 < r->end && e[1] == '"')))
			break;
	}
	*len = (size_t)(e - start);
	r->p = e < r->end ? e + (is_long ? 2 : 1) : r->end;
	return start;
}

static void value_decl(struct raw_case *c, const char *s, size_t n)
{
	char words[6][64];
	unsigned nw = 0;
	struct value *v;

	for (size_t i = 0; i < n && nw < 6;) {
		size_t k = 0;

		while (i < n && isspace((unsigned char)s[i]))
			i++;
		if (i >= n || s[i] == '=')
			break;
		while (i < n && !isspace((unsigned char)s[i]) && s[i] != '=' && k < 63)
			words[nw][k++] = s[i++];
		words[nw++][k] = '\0';
	}
	/* `uniform float s.a`: a member of a struct the shader declares itself. */
	if (nw < 3 || c->nr_values >= MAX_VALUES || strchr(words[nw - 1], '.'))
		return;
	v = &c->values[c->nr_values++];
	v->kind = words[0][0];
	snprintf(v->type, sizeof(v->type), "%s", words[nw - 2]);
	snprintf(v->name, sizeof(v->name), "%s", words[nw - 1]);
}

/* values { input T name = [...]; output ...; uniform ...; } */
static void values(struct reader *r, struct raw_case *c)
{
	skip_ws(r);
	if (r->p >= r->end || *r->p != '{')
		return;
	r->p++;
	for (;;) {
		const char *s;

		skip_ws(r);
		if (r->p >= r->end || *r->p == '}')
			break;
		s = r->p;
		while (r->p < r->end && *r->p != ';' && *r->p != '}')
			r->p++;
		value_decl(c, s, (size_t)(r->p - s));
		if (r->p < r->end && *r->p == ';')
			r->p++;
	}
	if (r->p < r->end)
		r->p++;
}

/* ---- specialisation ---------------------------------------------------- */

static bool is_float_type(const char *t)
{
	return !strncmp(t, "float", 5) || !strncmp(t, "vec", 3) || !strncmp(t, "mat", 3);
}

/* The float type with as many components, for bool/int inputs in 1.00. */
static const char *float_of(const char *t)
{
	static const char *const v[] = { "float", "float", "vec2", "vec3", "vec4" };
	size_t n = strlen(t);

	if (isdigit((unsigned char)t[n - 1]))
		return v[t[n - 1] - '0'];
	return "float";
}

struct spec {
	const struct raw_case *c;
	bool fs;
	struct buf decl, setup, output;
};

static void vs_input(struct spec *s, const struct value *v, bool es3)
{
	char line[384];

	if (is_float_type(v->type)) {
		snprintf(line, sizeof(line), "%s %s %s;\n", es3 ? "in" : "attribute", v->type, v->name);
		puts_(&s->decl, line);
		return;
	}
	snprintf(line, sizeof(line), "%s highp %s a_%s;\n", es3 ? "in" : "attribute",
		 float_of(v->type), v->name);
	puts_(&s->decl, line);
	snprintf(line, sizeof(line), "%s %s = %s(a_%s);\n", v->type, v->name, v->type, v->name);
	puts_(&s->setup, line);
}

/* Varyings: floats as they are, ints `flat` in 3.00, the rest through
 * a float varying converted at both ends. */
static void varying(struct spec *s, const struct value *v, bool es3, bool out)
{
	const char *q = es3 ? (out ? "out" : "in") : "varying";
	bool flat = es3 && (v->type[0] == 'i' || v->type[0] == 'u');
	char line[384];

	if (is_float_type(v->type) || flat) {
		snprintf(line, sizeof(line), "%s%s %s %s;\n", flat ? "flat " : "", q, v->type, v->name);
		puts_(&s->decl, line);
		return;
	}
	snprintf(line, sizeof(line), "%s %s v_%s;\n", q, float_of(v->type), v->name);
	puts_(&s->decl, line);
	if (out) {
		snprintf(line, sizeof(line), "%s %s;\n", v->type, v->name);
		puts_(&s->decl, line);
		snprintf(line, sizeof(line), "v_%s = %s(%s);\n", v->name, float_of(v->type), v->name);
		puts_(&s->output, line);
	} else {
		snprintf(line, sizeof(line), "%s %s = %s(v_%s);\n", v->type, v->name, v->type, v->name);
		puts_(&s->setup, line);
	}
}

static void specialize_values(struct spec *s)
{
	bool es3 = s->c->version == 300;
	char line[384];

	for (unsigned i = 0; i < s->c->nr_values; i++) {
		const struct value *v = &s->c->values[i];

		if (v->kind == 'u') {
			snprintf(line, sizeof(line), "uniform %s %s;\n", v->type, v->name);
			puts_(&s->decl, line);
		} else if (v->kind == 'i') {
			if (s->fs)
				varying(s, v, es3, false);
			else
				vs_input(s, v, es3);
		} else if (s->fs) {
			snprintf(line, sizeof(line), "%s %s;\n", v->type, v->name);
			puts_(&s->decl, line);
		} else {
			varying(s, v, es3, true);
		}
	}
}

static void make_spec(struct spec *s, const struct raw_case *c, bool fs)
{
	bool es3 = c->version == 300;

	memset(s, 0, sizeof(*s));
	s->c = c;
	s->fs = fs;
	puts_(&s->decl, "");
	puts_(&s->setup, "");
	puts_(&s->output, "");
	if (fs && es3)
		puts_(&s->decl, "layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
	if (!fs)
		puts_(&s->decl, es3 ? "in highp vec4 dEQP_Position;\n" : "attribute highp vec4 dEQP_Position;\n");
	specialize_values(s);
	if (fs)
		puts_(&s->output, es3 ? "dEQP_FragColor = vec4(1.0);\n" : "gl_FragColor = vec4(1.0);\n");
	else
		puts_(&s->output, "gl_Position = dEQP_Position;\n");
}

static void free_spec(struct spec *s)
{
	free(s->decl.s);
	free(s->setup.s);
	free(s->output.s);
}

static const char *frag_color(const struct spec *s)
{
	return s->c->version == 300 ? "dEQP_FragColor" : "gl_FragColor";
}

/* One ${NAME}: what it becomes in this shader ("" when unknown). */
static void substitute(struct buf *out, const struct spec *s, const char *name, size_t n)
{
#define IS(lit) (n == sizeof(lit) - 1 && !memcmp(name, lit, n))
	bool vs_only = IS("VERTEX_DECLARATIONS") || IS("VERTEX_SETUP") || IS("VERTEX_OUTPUT");
	bool fs_only = IS("FRAGMENT_DECLARATIONS") || IS("FRAGMENT_SETUP") || IS("FRAGMENT_OUTPUT");

	if ((vs_only && s->fs) || (fs_only && !s->fs))
		return;
	if (IS("DECLARATIONS") || IS("VERTEX_DECLARATIONS") || IS("FRAGMENT_DECLARATIONS"))
		puts_(out, s->decl.s);
	else if (IS("DECLARATIONS:single-line")) {
		for (const char *p = s->decl.s; *p; p++)
			put(out, *p == '\n' ? " " : p, 1);
	} else if (IS("SETUP") || IS("VERTEX_SETUP") || IS("FRAGMENT_SETUP"))
		puts_(out, s->setup.s);
	else if (IS("OUTPUT") || IS("VERTEX_OUTPUT") || IS("FRAGMENT_OUTPUT"))
		puts_(out, s->output.s);
	else if (IS("POSITION_FRAG_COLOR"))
		puts_(out, s->fs ? frag_color(s) : "gl_Position");
	else if (IS("FRAG_COLOR"))
		puts_(out, frag_color(s));
#undef IS
}

/* Like dEQP: leading blanks of each line go, escapes are undone, ${...}
 * is replaced. */
static char *expand(const char *src, size_t len, const struct spec *s)
{
	struct buf out = { 0 };
	bool bol = true;

	puts_(&out, "");
	for (size_t i = 0; i < len; i++) {
		const char *end;

		if (bol && (src[i] == ' ' || src[i] == '\t'))
			continue;
		bol = src[i] == '\n';
		if (src[i] == '\\' && i + 1 < len) {
			i++;
			put(&out, src[i] == 'n' ? "\n" : src + i, 1);
		} else if (src[i] == '$' && i + 1 < len && src[i + 1] == '{' &&
			   (end = memchr(src + i, '}', len - i))) {
			substitute(&out, s, src + i + 2, (size_t)(end - src - i - 2));
			i = (size_t)(end - src);
		} else {
			put(&out, src + i, 1);
		}
	}
	return out.s;
}

static void emit(const struct raw_case *rc, const char *suffix, const bool which[3],
		 const bool *both_fs, deqp_case_fn fn, void *data)
{
	struct deqp_case c = { .version = rc->version, .expect = rc->expect, .skipped = rc->skipped };

	snprintf(c.name, sizeof(c.name), "%s%s", rc->name, suffix);
	for (unsigned k = 0; k < 3; k++) {
		struct spec s;
		bool fs = k == 0 ? *both_fs : k == 2;

		if (!which[k])
			continue;
		make_spec(&s, rc, fs);
		c.shaders[c.nr_shaders].fragment = fs;
		c.shaders[c.nr_shaders++].source = expand(rc->src[k], rc->len[k], &s);
		free_spec(&s);
	}
	fn(&c, data);
	for (unsigned i = 0; i < c.nr_shaders; i++)
		free(c.shaders[i].source);
}

static int finish_case(const struct raw_case *rc, deqp_case_fn fn, void *data)
{
	bool f = false, t = true;

	if (rc->src[0]) {
		emit(rc, "_vertex", (bool[3]){ true, false, false }, &f, fn, data);
		emit(rc, "_fragment", (bool[3]){ true, false, false }, &t, fn, data);
		return 2;
	}
	emit(rc, "", (bool[3]){ false, rc->src[1] != NULL, rc->src[2] != NULL }, &f, fn, data);
	return 1;
}

static enum deqp_expect parse_expect(const char *w)
{
	for (unsigned i = 0; i < DEQP_EXPECT_COUNT; i++)
		if (!strcmp(w, deqp_expect_names[i]))
			return (enum deqp_expect)i;
	return DEQP_PASS;
}

struct file_state {
	char groups[MAX_GROUPS][64];
	unsigned depth;
	bool in_case;
	struct raw_case rc;
	const char *prefix;
};

static void start_case(struct file_state *st, struct reader *r)
{
	char w[64];
	size_t n;

	word(r, w, sizeof(w));
	memset(&st->rc, 0, sizeof(st->rc));
	st->rc.version = 100;
	n = (size_t)snprintf(st->rc.name, sizeof(st->rc.name), "%s", st->prefix);
	for (unsigned i = 0; i < st->depth && n < sizeof(st->rc.name); i++)
		n += (size_t)snprintf(st->rc.name + n, sizeof(st->rc.name) - n, ".%s", st->groups[i]);
	if (n < sizeof(st->rc.name))
		snprintf(st->rc.name + n, sizeof(st->rc.name) - n, ".%s", w);
	st->in_case = true;
}

static void case_item(struct file_state *st, struct reader *r, const char *w)
{
	char line[128];
	size_t n;

	if (!strcmp(w, "version")) {
		rest_of_line(r, line, sizeof(line));
		st->rc.version = strstr(line, "300") ? 300 : 100;
	} else if (!strcmp(w, "expect")) {
		word(r, line, sizeof(line));
		st->rc.expect = parse_expect(line);
	} else if (!strcmp(w, "require")) {
		rest_of_line(r, line, sizeof(line));
		st->rc.skipped |= strstr(line, "glsl_es_100_support") != NULL;
	} else if (!strcmp(w, "values")) {
		values(r, &st->rc);
	} else if (!strcmp(w, "both") || !strcmp(w, "vertex") || !strcmp(w, "fragment")) {
		unsigned k = w[0] == 'b' ? 0 : w[0] == 'v' ? 1 : 2;

		st->rc.src[k] = string(r, &n);
		st->rc.len[k] = n;
	} else {
		(void)string(r, &n); /* desc "..." */
		rest_of_line(r, line, sizeof(line));
	}
}

int deqp_for_each_case(const char *path, const char *prefix, deqp_case_fn fn, void *data)
{
	struct file_state st = { .prefix = prefix };
	FILE *f = fopen(path, "rb");
	struct reader r;
	char *text, w[64];
	long size;
	int count = 0;

	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	r = (struct reader){ text, text + size };
	while (word(&r, w, sizeof(w))) {
		size_t n;

		if (st.in_case && !strcmp(w, "end")) {
			count += finish_case(&st.rc, fn, data);
			st.in_case = false;
		} else if (st.in_case) {
			case_item(&st, &r, w);
		} else if (!strcmp(w, "case")) {
			start_case(&st, &r);
		} else if (!strcmp(w, "group")) {
			word(&r, st.groups[st.depth < MAX_GROUPS ? st.depth : MAX_GROUPS - 1], 64);
			st.depth += st.depth < MAX_GROUPS;
			(void)string(&r, &n);
		} else if (!strcmp(w, "end")) {
			st.depth -= st.depth > 0;
		} else {
			rest_of_line(&r, w, sizeof(w));
		}
	}
	free(text);
	return count;
}

/* ---- running the library ------------------------------------------------------ */

void deqp_tally_start(struct deqp_tally *t, const char *known_path, bool dump)
{
	memset(t, 0, sizeof(*t));
	t->known = corpus_read_file(known_path, NULL);
	ck_assert_msg(t->known, "cannot read %s", known_path);
	if (dump && getenv("DEQP_DUMP"))
		t->dump = fopen(getenv("DEQP_DUMP"), "w");
}

void deqp_tally_finish(struct deqp_tally *t)
{
	fflush(stdout);
	if (t->dump)
		fclose(t->dump);
	free(t->known);
}

bool deqp_is_known(const struct deqp_tally *t, const char *name)
{
	return corpus_known(t->known, name);
}

bool deqp_tally_skip(struct deqp_tally *t, const struct deqp_case *c)
{
	t->skipped += c->skipped;
	return c->skipped;
}

void deqp_tally_judge(struct deqp_tally *t, const struct deqp_case *c, bool agree)
{
	unsigned v = c->version == 300;

	t->n[v][c->expect]++;
	t->agree[v][c->expect] += agree;
	if (!agree && t->dump)
		fprintf(t->dump, "%s\n", c->name);
	if (!agree && !deqp_is_known(t, c->name)) {
		printf("  REGRESSION: %s (expect %s)\n", c->name, deqp_expect_names[c->expect]);
		t->regressions++;
	} else if (agree && deqp_is_known(t, c->name)) {
		printf("  fixed: %s agrees now (remove it from the known list)\n", c->name);
		t->fixed++;
	}
}

void deqp_tally_report(const struct deqp_tally *t, const char *label, const char *total,
		       const char *skip_note)
{
	unsigned all = 0, agree = 0;

	for (unsigned v = 0; v < 2; v++) {
		for (unsigned x = 0; x < DEQP_EXPECT_COUNT; x++) {
			unsigned n = t->n[v][x], ok = t->agree[v][x];

			if (!n)
				continue;
			printf("%s ES %s %-20s %5u cases: %5u agree (%.2f%%)\n", label,
			       v ? "3.00" : "1.00", deqp_expect_names[x], n, ok, 100.0 * ok / n);
			all += n;
			agree += ok;
		}
	}
	printf("%s: %u of %u agree (%.2f%%), %u skipped%s\n", total, agree, all,
	       100.0 * agree / all, t->skipped, skip_note);
}

struct library_walk {
	const char *sub;
	deqp_case_fn fn;
	void *data;
};

static void run_test_file(const char *dir, const char *name, void *data)
{
	const struct library_walk *w = data;
	char path[1024], prefix[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(prefix, sizeof(prefix), "%s.%.*s", w->sub, (int)(strlen(name) - 5), name);
	ck_assert_int_ge(deqp_for_each_case(path, prefix, w->fn, w->data), 0);
}

static void run_sub(const char *root, const char *sub, deqp_case_fn fn, void *data)
{
	struct library_walk w = { sub, fn, data };
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/%s/shaders", root, sub);
	ck_assert_msg(corpus_for_each(dir, ".test", run_test_file, &w) >= 0,
		      "no dEQP corpus at %s", dir);
}

void deqp_run_library(const char *root, deqp_case_fn fn, void *data)
{
	run_sub(root, "gles2", fn, data);
	run_sub(root, "gles3", fn, data);
}
