/* SPDX-License-Identifier: MIT */
/* Restitution by interpolation (Vouga et al. 2017, section 6.2; Smith et al. 2012): the inelastic answer solves
 * the LCP lambda >= 0, w = A lambda + N^T v >= 0, lambda^T w = 0 over every contact of the island, and the result
 * is (1 - c) v_inelastic + c v_elastic. Both ends are feasible, the feasible set is a convex cone, so the blend is
 * feasible too; for one isolated contact it is the textbook rule v_n -> -c v_n. */
#include "impact/restitution.h"

#include <string.h>

rc_status rc_restitution_inelastic(rc_loop *loop, const rc_system *sys, const double *v, double *v_inelastic,
                                   double *lambda, rc_lcp_method method)
{
    rc_status s = rc_loop_prepare(loop, sys);
    if (s) return s;
    rc_loop_refresh(loop, sys, v);
    int *subset = loop->vlist, *position = loop->vpos;
    for (int k = 0; k < sys->m; k++) {
        subset[k] = k;
        position[k] = -1;
    }
    if ((s = rc_loop_solve_lcp(loop, sys, subset, sys->m, 1.0, position, method))) return s;
    memcpy(v_inelastic, v, (size_t)sys->n * sizeof *v);
    for (int k = 0; k < sys->m; k++) {
        lambda[k] = loop->lcp.z[k];
        if (lambda[k] != 0.0) rc_system_add_impulse(sys, k, lambda[k], v_inelastic);
    }
    return RC_STATUS_OK;
}

void rc_restitution_blend(int count, double c, const double *inelastic, double *elastic)
{
    for (int i = 0; i < count; i++) elastic[i] = (1.0 - c) * inelastic[i] + c * elastic[i];
}
