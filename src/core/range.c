/* SPDX-License-Identifier: MIT */
/* The one bound on the numbers of the engines' definitions and states (range.h). */
#include "core/range.h"

#include <math.h>

#include "core/status.h"

static int first_out_of_range(const double *v, int n)
{
    for (int k = 0; k < n; k++)
        if (!(fabs(v[k]) <= RC_RANGE)) return k; /* NaN fails the comparison too */
    return -1;
}

bool rc_in_range(const double *v, int n) { return first_out_of_range(v, n) < 0; }

rc_status rc_range_check(const char *name, const double *v, int n)
{
    int k = first_out_of_range(v, n);
    if (k < 0) return RC_OK;
    return rc_fail(RC_INVALID_ARGUMENT, "%s: entry %d is %g, beyond 2^40 (about 1.1e12)", name, k, v[k]);
}
