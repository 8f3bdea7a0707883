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
    if (k < 0) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: entry %d is %g, beyond 2^40 (about 1.1e12)", name, k, v[k]);
}

rc_status rc_range_check_count(const char *name, const double *v, int n, int want)
{
    if (n != want)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d number%s given, it takes %d", name, n, n == 1 ? "" : "s",
                       want);
    for (int k = 0; k < n; k++)
        if (!rc_in_range(v + k, 1))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not a finite number within 2^40", name, v[k]);
    return RC_STATUS_OK;
}
