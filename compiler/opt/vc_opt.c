/* SPDX-License-Identifier: MIT */
/*
 * The pass manager: the passes in the order that feeds each the most (dead
 * outputs first, so everything that only fed them dies in the same run;
 * forwarding makes constants, folding and identities make branches constant,
 * flow removes them, which makes more forwarding possible), repeated until a
 * round changes nothing or the round limit is reached.
 */
#include <stdlib.h>
#include <string.h>

#include "vc_opt_private.h"

#define MAX_ROUNDS 8

struct pass {
	const char *name;
	bool (*run)(struct opt *o);
};

static const struct pass passes[] = {
	{ "outputs", opt_dead_outputs },
	{ "vars", opt_vars },
	{ "fold", opt_fold },
	{ "algebra", opt_algebra },
	{ "cse", opt_cse },
	{ "products", opt_products },
	{ "flow", opt_flow },
	{ "unroll", opt_unroll },
	{ "dce", opt_dce },
};

/* VC_OPT_SKIP is a comma-separated list of pass names, or "all". */
static bool skipped(const char *skip, const char *name)
{
	size_t n = strlen(name);

	if (!skip)
		return false;
	if (!strcmp(skip, "all"))
		return true;
	for (const char *p = skip; (p = strstr(p, name)); p += n)
		if ((p == skip || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

static bool run_round(struct opt *o, const char *skip)
{
	for (size_t i = 0; i < sizeof(passes) / sizeof(passes[0]); i++) {
		if (skipped(skip, passes[i].name))
			continue;
		if (!passes[i].run(o))
			return false;
		opt_rewrite_module(o);
	}
	return !o->m->oom;
}

int vc_opt_run(struct vc_module *m, const struct vc_opt_options *opts)
{
	struct opt o = { .m = m, .o = opts };
	const char *skip = getenv("VC_OPT_SKIP");
	bool ok = true;

	if (m->oom)
		return -1;
	for (int round = 0; round < MAX_ROUNDS && ok; round++) {
		o.progress = false;
		ok = run_round(&o, skip);
		if (!o.progress)
			break;
	}
	free(o.repl);
	free(o.uses);
	return ok && !m->oom ? 0 : -1;
}
