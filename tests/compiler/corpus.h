/* SPDX-License-Identifier: MIT */
/*
 * Corpus access shared by the compiler suites and the GLSL benchmarks (which
 * compile corpus.c in): whole files, TIMING_LIST.txt, directories, and the
 * checked-in known-failure lists. No check.h here: callers assert.
 */
#pragma once

#include <stdbool.h>
#include <stdio.h>

/* The whole file, NUL-terminated; *len (when not NULL) gets its size. NULL
 * if it cannot be read. Free with free(). */
char *corpus_read_file(const char *path, size_t *len);

bool corpus_ends_with(const char *s, const char *suffix);

/* True when name starts a line of list (a known-failure file) and is
 * followed by a blank, a newline or the end. */
bool corpus_known(const char *list, const char *name);

/* DIR/TIMING_LIST.txt, one name at a time. */
struct corpus_list {
	FILE *f;
	const char *dir;
	char name[512];
	char path[1024];    /* the list's path after open, then the last file's */
};

/* 0, or -1 when the list cannot be opened (path says which). */
int corpus_list_open(struct corpus_list *l, const char *dir);
/* The next listed name; NULL at the end. */
const char *corpus_list_next_name(struct corpus_list *l);
/* The source of the next listed file that can be read (name and path say
 * which); NULL at the end. Free with free(). */
char *corpus_list_next(struct corpus_list *l);
void corpus_list_close(struct corpus_list *l);

typedef void (*corpus_entry_fn)(const char *dir, const char *name, void *data);

/* Calls fn for every entry of dir whose name ends with suffix, in directory
 * order; the number of calls, -1 if dir cannot be opened. */
int corpus_for_each(const char *dir, const char *suffix, corpus_entry_fn fn, void *data);

/* src is NULL when the file cannot be read. */
typedef void (*corpus_shader_fn)(const char *name, const char *src, bool fragment, void *data);

/* Reads every .vert and .frag file of dir and calls fn, in directory order;
 * 0, or -1 if dir cannot be opened. */
int corpus_for_each_shader(const char *dir, corpus_shader_fn fn, void *data);

/* File names, sorted. */
struct corpus_names {
	char **names;
	unsigned count, max;
};

/* Adds the entries of dir ending with suffix (up to max in all) and sorts
 * them; 0, or -1 when dir cannot be opened or there are none. */
int corpus_names_of_dir(struct corpus_names *n, const char *dir, const char *suffix);
void corpus_names_free(struct corpus_names *n);

/* PYTHON SCRIPT DIR DIR/TIMING_LIST.txt OUT (bench/corpus_to_spirv.py) after
 * removing OUT, with redirect (e.g. " >/dev/null") appended to the command;
 * system()'s result, non-zero also when DIR has no TIMING_LIST.txt. */
int corpus_to_spirv(const char *python, const char *script, const char *dir, const char *out,
		    const char *redirect);
