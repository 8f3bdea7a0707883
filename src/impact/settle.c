/* SPDX-License-Identifier: MIT */
/* Resting contact for time-stepping engines (docs/rigid.md, "The step"; the inelastic answer of Vouga et al. 2017,
 * section 6.2, reached by projected Gauss-Seidel): sweeps over the contacts in velocity space, each update
 * lambda_k <- max(0, lambda_k - n_k . v - a_k) on the normalised system (unit diagonal), with a_k the approach contact
 * k may keep (a speculative contact: a gap that may close within the step, Catto's speculative contacts; 0 for
 * a touching one), started from given impulses (a warm start) and stopped when a sweep changes no relative normal
 * velocity by more than the tolerance. */
#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "impact/settle.h"
#include "impact/solver.h"

static rc_status check_settle(double tolerance, int max_sweeps)
{
    if (!(tolerance > 0) || max_sweeps < 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "settle: tolerance %g and max_sweeps %d must be positive", tolerance,
                       max_sweeps);
    return RC_STATUS_OK;
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
    if (!st && (size_t)problem->dof_count + 1 > s->cap_wave_of_dof) {
        st = RC_RESERVE(s->wave_of_dof, s->cap_wave_of_dof, (size_t)problem->dof_count + 1);
        if (!st) memset(s->wave_of_dof, 0, s->cap_wave_of_dof * sizeof *s->wave_of_dof);
    }
    if (st) return st;
    s->ball_rows_valid = s->ball_rows_equal = true;
    for (int k = 0; k < s->global.m && s->ball_rows_valid; k++) {
        const rc_ball_row *r = &s->ball_rows[k];
        s->ball_rows_valid = ball_row(&s->global, k, &s->ball_rows[k]);
        for (int i = 0; i < 2 && r->b >= 0; i++) {
            double minus = -r->wa[i];
            s->ball_rows_equal = s->ball_rows_equal && memcmp(&minus, &r->wb[i], sizeof minus) == 0;
        }
    }
    return RC_STATUS_OK;
}

/* max(0, next) in that operand order: 0 > next ? 0 : next, for every next (-0 and NaN stay), without a branch. */
static inline double clamp_free(double next)
{
#ifdef __SSE2__
    return _mm_cvtsd_f64(_mm_max_sd(_mm_setzero_pd(), _mm_set_sd(next)));
#else
    return 0 > next ? 0 : next;
#endif
}

/* One update of sweep() on a row of the ball form in list order: the same operations without the entry loops. The
 * clamp and a change of 0 are branches, which the next update, waiting for this one's velocities anyway, does not
 * pay for. */
static inline double update_ball(const rc_ball_row *r, double slack, double *lambda, double *v)
{
    double *va = v + r->a, *vb = r->b >= 0 ? v + r->b : NULL, u = slack + r->g[0] * va[0] + r->g[1] * va[1];
    if (vb) u = u - r->g[0] * vb[0] - r->g[1] * vb[1];
    double old = *lambda, next = old - u;
    if (next < 0) next = 0;
    double change = next - old;
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

/* One sweep of the rows in wave order, lambda[i] row i's impulse; wb: ball b's M^-1 n of each row (2 a row), or
 * NULL when it is exactly -w (v - c w is v + c (-w) to the bit). Returns the largest move. The rows around an update
 * do not wait for it, so a mispredicted branch would stall the rows in flight: the clamp is clamp_free and lambda and
 * the velocities are written even when the change is 0. That stores the same bits (lambda is never -0; a velocity
 * plus a zero is itself) but for a velocity of -0 plus a zero of change times a positive weight, which gives +0; so
 * the waves are not used while a velocity is -0 (negative_zero; a sum is -0 only when both terms are, so the sweeps
 * never make one). The row's numbers are read into locals before the velocities are written (they might alias),
 * and the largest move is kept in a local. */
static inline __attribute__((always_inline)) double sweep_wave_rows(const rc_wave_row *rows, const double *wb,
                                                                    int count, double *lambda, double *v)
{
    double worst = 0;
    for (int i = 0; i < count; i++) {
        const rc_wave_row *r = &rows[i];
        double g0 = r->g[0], g1 = r->g[1], w0 = r->w[0], w1 = r->w[1], scale = r->scale;
        double *va = v + r->a, *vb = r->b >= 0 ? v + r->b : NULL, u = r->slack + g0 * va[0] + g1 * va[1];
        if (vb) u = u - g0 * vb[0] - g1 * vb[1];
        double old = lambda[i], next = clamp_free(old - u), change = next - old;
        va[0] += change * w0;
        va[1] += change * w1;
        if (vb && wb) {
            vb[0] += change * wb[2 * i];
            vb[1] += change * wb[2 * i + 1];
        } else if (vb) {
            vb[0] -= change * w0;
            vb[1] -= change * w1;
        }
        lambda[i] = next;
        double moved = fabs(change) * scale;
        if (moved > worst) worst = moved;
    }
    return worst;
}

/* The sweeps of ball rows all[rows[t]] (all[t] when rows is NULL) in list order, from *worst (the largest move of
 * the sweep before, INFINITY at the start) until a sweep moves no relative normal velocity by more than tolerance or
 * max_sweeps are done; *worst receives the last sweep's. Returns the number of sweeps. */
static int sweep_balls(const rc_ball_row *all, const int *rows, int count, const double *slack, double *lambda,
                       double *v, double tolerance, int max_sweeps, double *worst)
{
    int sweeps = 0;
    for (; *worst > tolerance && sweeps < max_sweeps; sweeps++) {
        *worst = 0;
        for (int t = 0; t < count; t++) {
            double moved = update_ball(&all[rows ? rows[t] : t], slack[t], &lambda[t], v);
            if (moved > *worst) *worst = moved;
        }
    }
    return sweeps;
}

/* The sweeps of ball rows in wave order: the rows all[rows[t]] are placed in waves, a row's wave one after the
 * latest wave of an earlier row (in list order) that shares a ball with it, and swept wave after wave, in list
 * order inside a wave. Two rows that share no ball read and write different numbers, so exchanging them changes no
 * bit; the rows sharing a ball keep their order, so every update sees the numbers it saw in list order: the same
 * Gauss-Seidel sweeps to the bit. But the rows of one wave do not wait for each other, where consecutive rows of the
 * list usually share a ball (the broad phase lists a body's pairs together) and each update would wait for the last
 * one's velocities (docs/rigid.md, "The step"). lambda[] and slack[] are in list order. */
static int sweep_waves(rc_impact_solver *s, const int *rows, int count, const double *slack, double *lambda, double *v,
                       double tolerance, int max_sweeps, double *worst)
{
    const rc_ball_row *all = s->ball_rows;
    int *wave = s->wave_place, *place = s->wave_place + count, *start = s->wave_start, *last = s->wave_of_dof;
    int waves = 0;
    for (int t = 0; t < count; t++) {
        const rc_ball_row *r = &all[rows ? rows[t] : t];
        int w = last[r->a];
        if (r->b >= 0 && last[r->b] > w) w = last[r->b];
        wave[t] = last[r->a] = ++w;
        if (r->b >= 0) last[r->b] = w;
        if (w > waves) waves = w;
    }
    memset(start, 0, ((size_t)waves + 2) * sizeof *start);
    for (int t = 0; t < count; t++) start[wave[t] + 1]++;
    for (int w = 1; w <= waves + 1; w++) start[w] += start[w - 1];
    double *in_lambda = s->wave_lambda, *in_wb = s->ball_rows_equal ? NULL : s->wave_wb;
    for (int t = 0; t < count; t++) {
        const rc_ball_row *r = &all[rows ? rows[t] : t];
        int i = start[wave[t]]++;
        s->wave_rows[i] = (rc_wave_row){r->a, r->b, {r->g[0], r->g[1]}, {r->wa[0], r->wa[1]}, r->scale, slack[t]};
        if (in_wb) in_wb[2 * i] = r->wb[0], in_wb[2 * i + 1] = r->wb[1];
        place[i] = t;
        in_lambda[i] = lambda[t];
        last[r->a] = 0;
        if (r->b >= 0) last[r->b] = 0;
    }
    int sweeps = 0;
    for (; *worst > tolerance && sweeps < max_sweeps; sweeps++)
        *worst = in_wb ? sweep_wave_rows(s->wave_rows, in_wb, count, in_lambda, v)
                       : sweep_wave_rows(s->wave_rows, NULL, count, in_lambda, v);
    for (int i = 0; i < count; i++) lambda[place[i]] = in_lambda[i];
    return sweeps;
}

/* Whether a velocity of the balls of rows all[rows[t]] (all[t] when rows is NULL) is -0 (which the write-back of
 * sweep_wave_rows could turn +0). */
static bool negative_zero(const rc_ball_row *all, const int *rows, int count, const double *v)
{
    bool any = false;
    for (int t = 0; t < count; t++) {
        const rc_ball_row *r = &all[rows ? rows[t] : t];
        for (int i = 0; i < 4; i++) {
            double u = i < 2 ? v[r->a + i] : r->b >= 0 ? v[r->b + i - 2] : 1;
            any |= u == 0 && signbit(u);
        }
    }
    return any;
}

/* A settle of ball rows sweeps them in list order for its first LIST_SWEEPS sweeps and in wave order after that (the
 * same bits): placing the rows in waves costs about two sweeps' time, which a settle that ends within a few sweeps
 * (a later collision round, a converged stack) would not win back (bench/RESULTS.md, "The pile's settle in
 * waves"). */
enum { LIST_SWEEPS = 4 };

rc_status rc_impact_solver_settle_rows(rc_impact_solver *s, const int *rows, int count, double *v, double *impulse,
                                       const double *allowance, double tolerance, int max_sweeps, int *sweeps_done)
{
    rc_status st = check_settle(tolerance, max_sweeps);
    if (st) return st;
    const rc_system *g = &s->global;
    double *lambda = s->impulse, *slack = s->normal_impulse;
    if (!allowance) memset(slack, 0, (size_t)count * sizeof *slack);
    if (!impulse) memset(lambda, 0, (size_t)count * sizeof *lambda);
    for (int t = 0; t < count && (allowance || impulse); t++) {
        int k = rows ? rows[t] : t;
        if (allowance) slack[t] = allowance[t] > 0 ? allowance[t] / g->scale[k] : 0.0;
        if (impulse) lambda[t] = impulse[t] > 0 ? impulse[t] * g->scale[k] : 0.0;
        if (impulse && lambda[t] != 0.0) rc_system_add_impulse(g, k, lambda[t], v);
    }
    if (!s->ball_rows_valid) {
        *sweeps_done = sweep(g, rows, count, slack, lambda, v, tolerance, max_sweeps);
    } else {
        double worst = INFINITY;
        int listed = max_sweeps < LIST_SWEEPS ? max_sweeps : LIST_SWEEPS;
        *sweeps_done = sweep_balls(s->ball_rows, rows, count, slack, lambda, v, tolerance, listed, &worst);
        if (worst > tolerance && *sweeps_done < max_sweeps && negative_zero(s->ball_rows, rows, count, v))
            *sweeps_done +=
                sweep_balls(s->ball_rows, rows, count, slack, lambda, v, tolerance, max_sweeps - *sweeps_done, &worst);
        else if (worst > tolerance && *sweeps_done < max_sweeps) {
            size_t need = (size_t)count + 1;
            if ((st = RC_RESERVE(s->wave_rows, s->cap_wave_rows, need)) ||
                (st = RC_RESERVE(s->wave_place, s->cap_wave_place, 2 * need)) ||
                (st = RC_RESERVE(s->wave_start, s->cap_wave_start, need + 2)) ||
                (st = RC_RESERVE(s->wave_lambda, s->cap_wave_lambda, need)) ||
                (!s->ball_rows_equal && (st = RC_RESERVE(s->wave_wb, s->cap_wave_wb, 2 * need))))
                return st;
            *sweeps_done += sweep_waves(s, rows, count, slack, lambda, v, tolerance, max_sweeps - *sweeps_done, &worst);
        }
    }
    for (int t = 0; t < count && impulse; t++) impulse[t] = lambda[t] / g->scale[rows ? rows[t] : t];
    return RC_STATUS_OK;
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
    if ((st =
             rc_impact_solver_settle_rows(s, NULL, m, s->velocity, impulse, allowance, tolerance, max_sweeps, &sweeps)))
        return st;
    memcpy(s->normal_impulse, impulse, (size_t)m * sizeof *impulse);
    rc_solver_report(s, problem, RC_STATUS_OK, result);
    result->iterations = sweeps;
    result->islands = m > 0;
    result->largest_island = m;
    return RC_STATUS_OK;
}
