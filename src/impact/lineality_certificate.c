/* SPDX-License-Identifier: MIT */
/* A cheap proof that an island has no implicit equalities, tried before the LP (Vouga et al. 2017, section 4).
 * By Gordan's theorem, either some lambda >= 0, lambda != 0 has N lambda = 0 (an implicit equality), or some
 * velocity v has n_k . v > 0 for every contact, never both. Such a v is sought as v = M^-1 N lambda with lambda from
 * projected Gauss-Seidel sweeps on the LCP  lambda >= 0, A lambda - 1 >= 0  (A = N^T M^-1 N), whose solutions give
 * N^T v >= 1. Every few sweeps the candidate is checked directly; a v that separates every contact by a clear
 * margin settles the question and the LP is skipped. When the sweeps find none (an implicit equality, or a
 * configuration near one) the LP decides, so the certificate changes only the cost, never the answer. */
#include "impact/lineality.h"

#include <math.h>
#include <string.h>

#include "impact/loop.h"

/* Sweeps allowed: information crosses a pile about one contact per sweep, so large islands get more. */
enum { BASE_SWEEPS = 64, CHECK_EVERY = 4 };
/* n_k . v / |v|_M must exceed this for every contact: well above the LP's own tolerances (1e-7). */
static const double MARGIN = 1e-5;

/* v = M^-1 N z (dense, n entries); true when every contact separates by the margin. */
static bool separates(rc_loop *loop, const rc_system *sys, double *v)
{
    memset(v, 0, (size_t)sys->n * sizeof *v);
    for (int k = 0; k < sys->m; k++)
        if (loop->lcp.z[k] != 0.0) rc_system_add_impulse(sys, k, loop->lcp.z[k], v);
    double norm = sqrt(rc_system_energy_norm2(sys, v));
    if (!(norm > 0)) return false;
    for (int k = 0; k < sys->m; k++)
        if (rc_system_dot(sys, k, v) <= MARGIN * norm) return false;
    return true;
}

rc_status rc_lineality_certify_none(rc_loop *loop, const rc_system *sys, bool *none)
{
    *none = false;
    rc_status s = rc_loop_prepare(loop, sys);
    if (s) return s;
    int *subset = loop->vlist, *position = loop->vpos;
    for (int k = 0; k < sys->m; k++) {
        subset[k] = k;
        position[k] = -1;
        loop->r[k] = -1.0;
    }
    if ((s = rc_loop_assemble(loop, sys, subset, sys->m, 1.0, position, false))) return s;
    if ((s = rc_lcp_sparse_start(&loop->lcp, sys->m))) return s;
    int sweeps = BASE_SWEEPS + sys->m / 8;
    for (int sweep = 1; sweep <= sweeps && !*none; sweep++) {
        rc_lcp_sparse_sweep(&loop->lcp, sys->m);
        if (sweep % CHECK_EVERY == 0) *none = separates(loop, sys, loop->dense);
    }
    memset(loop->dense, 0, (size_t)sys->n * sizeof *loop->dense);
    return RC_STATUS_OK;
}
