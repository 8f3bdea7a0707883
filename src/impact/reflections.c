/* SPDX-License-Identifier: MIT */
/* Generalized Reflections (Smith et al. 2012) in the floating-point form of Vouga et al. 2017, Algorithm 4: with V
 * the contacts violated beyond the tolerance, solve the LCP
 *     lambda >= 0,  w = A lambda + 2 N_V^T v >= 0,  lambda^T w = 0,   A = N_V^T M^-1 N_V,
 * apply v <- v + M^-1 N_V lambda and rescale v to its initial M-norm. Complementarity keeps the energy; the rescale
 * removes the drift the LCP solver's rounding leaves. */
#include <math.h>

#include "core/status.h"
#include "impact/loop.h"

/* If no LCP method gives an answer, one pairwise reflection of the most violated contact is applied instead:
 * still an operator with all five properties (NORM, KIN, ONE, VIO, MOD), so termination is kept. */
static void reflect_most_violated(rc_loop *loop, const rc_system *sys, const int *violated, int count, double *v,
                                  double *impulse)
{
    int best = violated[0];
    for (int i = 1; i < count; i++)
        if (loop->r[violated[i]] < loop->r[best]) best = violated[i];
    double lambda = -2.0 * loop->r[best];
    rc_system_add_impulse(sys, best, lambda, v);
    impulse[best] += lambda;
}

rc_status rc_reflections_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options,
                             int64_t budget, double *impulse, int64_t *iterations)
{
    double epsilon = options->tolerance;
    double norm0 = sqrt(rc_system_energy_norm2(sys, v));
    int *violated = loop->vlist, *position = loop->vpos;
    for (int k = 0; k < sys->m; k++) position[k] = -1;
    int64_t done = 0;
    for (;;) {
        double norm = sqrt(rc_loop_refresh(loop, sys, v));
        double threshold = -epsilon * norm;
        int count = 0;
        for (int k = 0; k < sys->m; k++)
            if (loop->r[k] < threshold) violated[count++] = k;
        if (count == 0) break;
        if (rc_loop_must_end(loop, budget, done)) {
            *iterations += done;
            return RC_STATUS_NOT_TERMINATED;
        }
        rc_status s = rc_loop_solve_lcp(loop, sys, violated, count, 2.0, position, options->lcp);
        if (s == RC_STATUS_INTERNAL) {
            reflect_most_violated(loop, sys, violated, count, v, impulse);
        } else if (s) {
            return s;
        } else {
            for (int i = 0; i < count; i++) {
                double lambda = loop->lcp.z[i];
                if (lambda == 0.0) continue;
                rc_system_add_impulse(sys, violated[i], lambda, v);
                impulse[violated[i]] += lambda;
            }
        }
        if (epsilon > 0) {
            double after = sqrt(rc_system_energy_norm2(sys, v));
            if (after > 0)
                for (int i = 0; i < sys->n; i++) v[i] *= norm0 / after;
        }
        done++;
    }
    *iterations += done;
    return RC_STATUS_OK;
}
