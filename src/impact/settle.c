/* Resting contact for time-stepping engines (docs/rigid.md, "The step"; the inelastic answer of Vouga et al. 2017,
 * section 6.2, reached by projected Gauss-Seidel): sweeps over the contacts in velocity space, each update
 * lambda_k <- max(0, lambda_k - n_k . v - a_k) on the normalised system (unit diagonal), with a_k the approach contact
 * k may keep (a speculative contact: a gap that may close within the step, Catto's speculative contacts; 0 for
 * a touching one), started from given impulses (a warm start) and stopped when a sweep changes no relative normal
 * velocity by more than the tolerance. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "impact/solver.h"

rc_status rc_impact_solver_settle(rc_impact_solver *s, const rc_impact_problem *problem, double *impulse,
                                  const double *allowance, double tolerance, int max_sweeps, rc_impact_result *result)
{
    memset(result, 0, sizeof *result);
    rc_clear_error();
    if (!(tolerance > 0) || max_sweeps < 1)
        return rc_fail(RC_INVALID_ARGUMENT, "settle: tolerance %g and max_sweeps %d must be positive", tolerance,
                       max_sweeps);
    rc_status st = rc_system_build(&s->global, problem);
    if (!st) st = rc_solver_reserve(s, problem->dof_count, problem->contact_count);
    if (st) return st;
    const rc_system *g = &s->global;
    double *v = s->velocity, *lambda = s->impulse, *slack = s->normal_impulse;
    for (int k = 0; k < g->m; k++) slack[k] = allowance && allowance[k] > 0 ? allowance[k] / g->scale[k] : 0.0;
    memcpy(v, problem->velocity, (size_t)g->n * sizeof *v);
    for (int k = 0; k < g->m; k++) {
        lambda[k] = impulse[k] > 0 ? impulse[k] * g->scale[k] : 0.0;
        if (lambda[k] != 0.0) rc_system_add_impulse(g, k, lambda[k], v);
    }
    int sweeps = 0;
    for (double worst = INFINITY; worst > tolerance && sweeps < max_sweeps; sweeps++) {
        worst = 0;
        for (int k = 0; k < g->m; k++) {
            int first = g->ptr[k], last = g->ptr[k + 1];
            double u = slack[k];
            for (int p = first; p < last; p++) u += g->grad[p] * v[g->idx[p]];
            double next = lambda[k] - u;
            if (next < 0) next = 0;
            double change = next - lambda[k];
            if (change == 0) continue;
            for (int p = first; p < last; p++) v[g->idx[p]] += change * g->wgrad[p];
            lambda[k] = next;
            double moved = fabs(change) * g->scale[k];
            if (moved > worst) worst = moved;
        }
    }
    for (int k = 0; k < g->m; k++) impulse[k] = s->normal_impulse[k] = lambda[k] / g->scale[k];
    rc_solver_report(s, problem, RC_OK, result);
    result->iterations = sweeps;
    result->islands = g->m > 0;
    result->largest_island = g->m;
    return RC_OK;
}
