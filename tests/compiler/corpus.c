/* SPDX-License-Identifier: MIT */
/* Corpus access (see corpus.h). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"

char *corpus_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

bool corpus_ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

bool corpus_known(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == '\n') && strchr(" \t\n", p[n]))
			return true;
	return false;
}

int corpus_list_open(struct corpus_list *l, const char *dir)
{
	l->dir = dir;
	l->name[0] = '\0';
	snprintf(l->path, sizeof(l->path), "%s/TIMING_LIST.txt", dir);
	l->f = fopen(l->path, "r");
	return l->f ? 0 : -1;
}

const char *corpus_list_next_name(struct corpus_list *l)
{
	return fscanf(l->f, "%511s", l->name) == 1 ? l->name : NULL;
}

char *corpus_list_next(struct corpus_list *l)
{
	char *src = NULL;

	while (!src && corpus_list_next_name(l)) {
		snprintf(l->path, sizeof(l->path), "%s/%s", l->dir, l->name);
		src = corpus_read_file(l->path, NULL);
	}
	return src;
}

void corpus_list_close(struct corpus_list *l)
{
	fclose(l->f);
}

int corpus_for_each(const char *dir, const char *suffix, corpus_entry_fn fn, void *data)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (!corpus_ends_with(e->d_name, suffix))
			continue;
		fn(dir, e->d_name, data);
		n++;
	}
	closedir(d);
	return n;
}

struct shader_walk {
	corpus_shader_fn fn;
	void *data;
};

static void read_shader(const char *dir, const char *name, void *data)
{
	const struct shader_walk *w = data;
	char path[1024], *src;

	if (!corpus_ends_with(name, ".frag") && !corpus_ends_with(name, ".vert"))
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	src = corpus_read_file(path, NULL);
	w->fn(name, src, corpus_ends_with(name, ".frag"), w->data);
	free(src);
}

int corpus_for_each_shader(const char *dir, corpus_shader_fn fn, void *data)
{
	struct shader_walk w = { fn, data };

	return corpus_for_each(dir, "", read_shader, &w) < 0 ? -1 : 0;
}

static void add_name(const char *dir, const char *name, void *data)
{
	struct corpus_names *n = data;

	(void)dir;
	if (n->count < n->max)
		n->names[n->count++] = strdup(name);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int corpus_names_of_dir(struct corpus_names *n, const char *dir, const char *suffix)
{
	if (corpus_for_each(dir, suffix, add_name, n) < 0)
		return -1;
	qsort(n->names, n->count, sizeof(n->names[0]), cmp_names);
	return n->count ? 0 : -1;
}

void corpus_names_free(struct corpus_names *n)
{
	for (unsigned i = 0; i < n->count; i++)
		free(n->names[i]);
}

int corpus_to_spirv(const char *python, const char *script, const char *dir, const char *out,
		    const char *redirect)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), "test -f '%s/TIMING_LIST.txt' && rm -rf '%s' && "
		 "%s '%s' '%s' '%s/TIMING_LIST.txt' '%s'%s", dir, out, python, script, dir, dir,
		 out, redirect);
	return system(cmd);
}
