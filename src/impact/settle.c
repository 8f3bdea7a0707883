/* Resting contact for time-stepping engines (docs/rigid.md, "The step"; the inelastic answer of Vouga et al. 2017,
 * section 6.2, reached by projected Gauss-Seidel): sweeps over the contacts in velocity space, each update
 * lambda_k <- max(0, lambda_k - n_k . v - a_k) on the normalised system (unit diagonal), with a_k the approach contact
 * k may keep (a speculative contact: a gap that may close within the step, Catto's speculative contacts; 0 for
 * a touching one), started from given impulses (a warm start) and stopped when a sweep changes no relative normal
 * velocity by more than the tolerance. */
#include <math.h>
#include <string.h>

#include "core/grow.h"
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

/* The sweeps: each row's update in turn (rows[t], or t when rows is NULL), until a sweep moves no relative normal
 * velocity by more than tolerance or max_sweeps are done. Returns the number of sweeps. */
static int sweep(const rc_system *g, const int *rows, int count, const double *slack, double *lambda, double *v,
                 double tolerance, int max_sweeps)
{
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
    return sweeps;
}

/* Row k of g in the form of a contact of two 2D balls (or of a 2D ball and a static shape), when it has that form:
 * entries at dofs d, d + 1 (and e, e + 1, all four distinct, with exactly the negated gradient). The sweeps then
 * do the same operations on the same numbers: u + (-g) v is u - g v. */
static bool ball_row(const rc_system *g, int k, rc_ball_row *row)
{
    int p = g->ptr[k], count = g->ptr[k + 1] - p;
    if ((count != 2 && count != 4) || g->idx[p + 1] != g->idx[p] + 1) return false;
    row->a = g->idx[p];
    row->b = -1;
    row->scale = g->scale[k];
    for (int i = 0; i < 2; i++) {
        row->g[i] = g->grad[p + i];
        row->wa[i] = g->wgrad[p + i];
        row->wb[i] = 0;
    }
    if (count == 2) return true;
    int b = g->idx[p + 2];
    if (g->idx[p + 3] != b + 1 || b == row->a || b == row->a + 1 || b + 1 == row->a) return false;
    for (int i = 0; i < 2; i++) {
        double minus = -g->grad[p + i];
        if (memcmp(&minus, &g->grad[p + 2 + i], sizeof minus) != 0) return false;
        row->wb[i] = g->wgrad[p + 2 + i];
    }
    row->b = b;
    return true;
}

rc_status rc_impact_solver_prepare(rc_impact_solver *s, const rc_impact_problem *problem)
{
    rc_status st = rc_system_build(&s->global, problem);
    if (!st) st = rc_solver_reserve(s, problem->dof_count, problem->contact_count);
    if (!st) st = RC_RESERVE(s->ball_rows, s->cap_ball_rows, (size_t)problem->contact_count + 1);
    if (st) return st;
    s->ball_rows_valid = true;
    for (int k = 0; k < s->global.m && s->ball_rows_valid; k++)
        s->ball_rows_valid = ball_row(&s->global, k, &s->ball_rows[k]);
    return RC_OK;
}

/* One update of sweep() on a row of the ball form: the same operations without the entry loops. */
static inline double update_ball(const rc_ball_row *r, double slack, double *lambda, double *v)
{
    double *va = v + r->a, *vb = r->b >= 0 ? v + r->b : NULL, u = slack + r->g[0] * va[0] + r->g[1] * va[1];
    if (vb) u = u - r->g[0] * vb[0] - r->g[1] * vb[1];
    double next = *lambda - u;
    if (next < 0) next = 0;
    double change = next - *lambda;
    if (change == 0) return 0;
    va[0] += change * r->wa[0];
    va[1] += change * r->wa[1];
    if (vb) {
        vb[0] += change * r->wb[0];
        vb[1] += change * r->wb[1];
    }
    *lambda = next;
    return fabs(change) * r->scale;
}

static int sweep_balls(const rc_ball_row *all, const int *rows, int count, const double *slack, double *lambda,
                       double *v, double tolerance, int max_sweeps)
{
    int sweeps = 0;
    for (double worst = INFINITY; worst > tolerance && sweeps < max_sweeps; sweeps++) {
        worst = 0;
        for (int t = 0; t < count; t++) {
            double moved = update_ball(&all[rows ? rows[t] : t], slack[t], &lambda[t], v);
            if (moved > worst) worst = moved;
        }
    }
    return sweeps;
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
    *sweeps_done = s->ball_rows_valid ? sweep_balls(s->ball_rows, rows, count, slack, lambda, v, tolerance, max_sweeps)
                                      : sweep(g, rows, count, slack, lambda, v, tolerance, max_sweeps);
    for (int t = 0; t < count; t++) impulse[t] = lambda[t] / g->scale[rows ? rows[t] : t];
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
