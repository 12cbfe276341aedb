/* SPDX-License-Identifier: MIT */
/* Loop unrolling: not yet. */
#include "vc_opt_private.h"

bool opt_unroll(struct opt *o)
{
	(void)o;
	return true;
}
