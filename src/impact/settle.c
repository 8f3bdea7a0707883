/* Resting contact for time-stepping engines (docs/rigid.md, "The step"; the inelastic answer of Vouga et al. 2017,
 * section 6.2, reached by projected Gauss-Seidel): sweeps over the contacts in velocity space, each update
 * lambda_k <- max(0, lambda_k - n_k . v - a_k) on the normalised system (unit diagonal), with a_k the approach contact
 * k may keep (a speculative contact: a gap that may close within the step, Catto's speculative contacts; 0 for
 * a touching one), started from given impulses (a warm start) and stopped when a sweep changes no relative normal
 * velocity by more than the tolerance. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "impact/settle.h"
#include "impact/solver.h"

static rc_status check_settle(double tolerance, int max_sweeps)
{
    if (!(tolerance > 0) || max_sweeps < 1)
        return rc_fail(RC_INVALID_ARGUMENT, "settle: tolerance %g and max_sweeps %d must be positive", tolerance,
                       max_sweeps);
    return RC_OK;
}

rc_status rc_impact_solver_prepare(rc_impact_solver *s, const rc_impact_problem *problem)
{
    rc_status st = rc_system_build(&s->global, problem);
    if (!st) st = rc_solver_reserve(s, problem->dof_count, problem->contact_count);
    return st;
}

rc_status rc_impact_solver_settle_rows(rc_impact_solver *s, const int *rows, int count, double *v, double *impulse,
                                       const double *allowance, double tolerance, int max_sweeps, int *sweeps_done)
{
    rc_status st = check_settle(tolerance, max_sweeps);
    if (st) return st;
    const rc_system *g = &s->global;
    double *lambda = s->impulse, *slack = s->normal_impulse;
    for (int t = 0; t < count; t++) {
        int k = rows ? rows[t] : t;
        slack[t] = allowance && allowance[t] > 0 ? allowance[t] / g->scale[k] : 0.0;
        lambda[t] = impulse[t] > 0 ? impulse[t] * g->scale[k] : 0.0;
        if (lambda[t] != 0.0) rc_system_add_impulse(g, k, lambda[t], v);
    }
    int sweeps = 0;
    for (double worst = INFINITY; worst > tolerance && sweeps < max_sweeps; sweeps++) {
        worst = 0;
        for (int t = 0; t < count; t++) {
            int k = rows ? rows[t] : t, first = g->ptr[k], last = g->ptr[k + 1];
            double u = slack[t];
            for (int p = first; p < last; p++) u += g->grad[p] * v[g->idx[p]];
            double next = lambda[t] - u;
            if (next < 0) next = 0;
            double change = next - lambda[t];
            if (change == 0) continue;
            for (int p = first; p < last; p++) v[g->idx[p]] += change * g->wgrad[p];
            lambda[t] = next;
            double moved = fabs(change) * g->scale[k];
            if (moved > worst) worst = moved;
        }
    }
    for (int t = 0; t < count; t++) impulse[t] = lambda[t] / g->scale[rows ? rows[t] : t];
    *sweeps_done = sweeps;
    return RC_OK;
}

rc_status rc_impact_solver_settle(rc_impact_solver *s, const rc_impact_problem *problem, double *impulse,
                                  const double *allowance, double tolerance, int max_sweeps, rc_impact_result *result)
{
    memset(result, 0, sizeof *result);
    rc_clear_error();
    rc_status st = check_settle(tolerance, max_sweeps);
    if (!st) st = rc_impact_solver_prepare(s, problem);
    if (st) return st;
    int m = problem->contact_count, sweeps;
    memcpy(s->velocity, problem->velocity, (size_t)problem->dof_count * sizeof *s->velocity);
    if ((st = rc_impact_solver_settle_rows(s, NULL, m, s->velocity, impulse, allowance, tolerance, max_sweeps,
                                           &sweeps)))
        return st;
    memcpy(s->normal_impulse, impulse, (size_t)m * sizeof *impulse);
    rc_solver_report(s, problem, RC_OK, result);
    result->iterations = sweeps;
    result->islands = m > 0;
    result->largest_island = m;
    return RC_OK;
}
