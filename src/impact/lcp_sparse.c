/* SPDX-License-Identifier: MIT */
/* Projected Gauss-Seidel for large sparse LCPs z >= 0, w = A z + q >= 0, z.w = 0 (A symmetric positive
 * semidefinite, the Delassus matrix of many contacts): one pass over a row's nonzeros per update, so a sweep costs
 * the number of couplings instead of n^2. Used above RC_LCP_DENSE_LIMIT, where Siconos's dense storage would need
 * n^2 doubles. It stops when every row satisfies complementarity to 1e-12 of the largest |q|, or after a sweep
 * budget; the caller (Generalized Reflections) only needs a non-negative impulse that reduces the violation,
 * and its loop continues until the velocity is feasible. */
#include <math.h>

#include "core/grow.h"
#include "core/status.h"
#include "impact/lcp.h"

enum { MAX_SWEEPS = 20000, CHECK_EVERY = 8 };
static const double ACCURACY = 1e-12;
/* The accuracy the dense path demands (lcp.c); an answer short of it after every sweep counts as a fallback. */
static const double SUFFICIENT = 1e-9;

rc_status rc_lcp_reserve_sparse(rc_lcp *lcp, int n, size_t nonzeros)
{
    rc_status s = RC_RESERVE(lcp->row_ptr, lcp->cap_row_ptr, (size_t)n + 1);
    if (!s) s = RC_RESERVE(lcp->col, lcp->cap_col, nonzeros + 1);
    if (!s) s = RC_RESERVE(lcp->val, lcp->cap_val, nonzeros + 1);
    return s;
}

/* w = A z + q for row i */
static double row_value(const rc_lcp *lcp, int i)
{
    double sum = lcp->q[i];
    for (int p = lcp->row_ptr[i]; p < lcp->row_ptr[i + 1]; p++) sum += lcp->val[p] * lcp->z[lcp->col[p]];
    return sum;
}

static double row_diagonal(const rc_lcp *lcp, int i)
{
    for (int p = lcp->row_ptr[i]; p < lcp->row_ptr[i + 1]; p++)
        if (lcp->col[p] == i) return lcp->val[p];
    return 0.0;
}

rc_status rc_lcp_sparse_start(rc_lcp *lcp, int n)
{
    for (int i = 0; i < n; i++) {
        if (!isfinite(lcp->q[i])) return rc_fail(RC_STATUS_INTERNAL, "LCP vector entry %d is not finite", i);
        lcp->z[i] = 0.0;
        lcp->w[i] = row_diagonal(lcp, i); /* w holds the diagonal during the sweeps */
        if (!(lcp->w[i] > 0)) return rc_fail(RC_STATUS_INTERNAL, "sparse LCP row %d has no positive diagonal", i);
    }
    return RC_STATUS_OK;
}

void rc_lcp_sparse_sweep(rc_lcp *lcp, int n)
{
    for (int i = 0; i < n; i++) {
        double next = lcp->z[i] - row_value(lcp, i) / lcp->w[i];
        lcp->z[i] = next > 0 ? next : 0.0;
    }
}

rc_status rc_lcp_solve_sparse(rc_lcp *lcp, int n)
{
    rc_status s = rc_lcp_sparse_start(lcp, n);
    if (s) return s;
    double scale = 0;
    for (int i = 0; i < n; i++) scale = fmax(scale, fabs(lcp->q[i]));
    lcp->solves++;
    double tolerance = ACCURACY * (scale > 0 ? scale : 1.0);
    for (int sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
        rc_lcp_sparse_sweep(lcp, n);
        if (sweep % CHECK_EVERY) continue;
        double worst = 0;
        for (int i = 0; i < n; i++) worst = fmax(worst, fabs(fmin(lcp->z[i], row_value(lcp, i))));
        if (worst <= tolerance) break;
        /* out of sweeps: the answer is still a valid non-negative impulse for GR, which keeps iterating until the
           velocity is feasible, but it is counted, as an inaccurate dense answer would be */
        if (sweep + CHECK_EVERY > MAX_SWEEPS && worst > SUFFICIENT * scale) lcp->fallbacks++;
    }
    for (int i = 0; i < n; i++) lcp->w[i] = row_value(lcp, i);
    return RC_STATUS_OK;
}
