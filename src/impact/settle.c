/* Resting contact for time-stepping engines (docs/rigid.md, "The step"; the inelastic answer of Vouga et al. 2017,
 * section 6.2, reached by projected Gauss-Seidel): sweeps over the contacts in velocity space, each update
 * lambda_k <- max(0, lambda_k - n_k . v - a_k) on the normalised system (unit diagonal), with a_k the approach contact
 * k may keep (a speculative contact: a gap that may close within the step, Catto's speculative contacts; 0 for
 * a touching one), started from given impulses (a warm start) and stopped when a sweep changes no relative normal
 * velocity by more than the tolerance. */
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/* The sweeps on rows of the ball form: the general sweeps below without the entry loops and without branches on
 * the data (a mispredicted branch costs as much as an update): the clamp is a max, and an update that changes
 * nothing writes the velocities back unchanged, which skipping it would have left (lambda too: it is never -0). */
#ifdef __SSE2__
static inline double max_zero(double x) { return _mm_cvtsd_f64(_mm_max_sd(_mm_setzero_pd(), _mm_set_sd(x))); }

/* g . v of two dofs, added to (sign 1) or taken from (sign -1) u in the order of the entries */
static inline double dot_pair(double u, const double *g, const double *v, bool add)
{
    __m128d p = _mm_mul_pd(_mm_loadu_pd(g), _mm_loadu_pd(v));
    double p0 = _mm_cvtsd_f64(p), p1 = _mm_cvtsd_f64(_mm_unpackhi_pd(p, p));
    return add ? u + p0 + p1 : u - p0 - p1;
}

/* v += change w on two dofs when moves */
static inline void move_pair(double *v, const double *w, double change)
{
    __m128d c = _mm_set1_pd(change), old = _mm_loadu_pd(v), moves = _mm_cmpneq_pd(c, _mm_setzero_pd());
    __m128d next = _mm_add_pd(old, _mm_mul_pd(c, _mm_loadu_pd(w)));
    _mm_storeu_pd(v, _mm_or_pd(_mm_and_pd(moves, next), _mm_andnot_pd(moves, old)));
}
#else
static inline double max_zero(double x) { return 0 > x ? 0 : x; }

static inline double dot_pair(double u, const double *g, const double *v, bool add)
{
    double p0 = g[0] * v[0], p1 = g[1] * v[1];
    return add ? u + p0 + p1 : u - p0 - p1;
}

static inline void move_pair(double *v, const double *w, double change)
{
    if (change == 0) return;
    v[0] += change * w[0];
    v[1] += change * w[1];
}
#endif

static int sweep_balls(const rc_ball_row *all, const int *rows, int count, const double *slack, double *lambda,
                       double *v, double tolerance, int max_sweeps)
{
    int sweeps = 0;
    for (double worst = INFINITY; worst > tolerance && sweeps < max_sweeps; sweeps++) {
        worst = 0;
        for (int t = 0; t < count; t++) {
            const rc_ball_row *r = &all[rows ? rows[t] : t];
            double u = dot_pair(slack[t], r->g, v + r->a, true);
            if (r->b >= 0) u = dot_pair(u, r->g, v + r->b, false);
            double next = max_zero(lambda[t] - u), change = next - lambda[t];
            if (change == 0) continue;
            move_pair(v + r->a, r->wa, change);
            if (r->b >= 0) move_pair(v + r->b, r->wb, change);
            lambda[t] = next;
            double moved = fabs(change) * r->scale;
            worst = moved > worst ? moved : worst;
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
    int sweeps = 0;
    if (s->ball_rows_valid) sweeps = sweep_balls(s->ball_rows, rows, count, slack, lambda, v, tolerance, max_sweeps);
    for (double worst = INFINITY; !s->ball_rows_valid && worst > tolerance && sweeps < max_sweeps; sweeps++) {
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
