/* SPDX-License-Identifier: MIT */
/* One-way-coupled friction (Vouga et al. 2017, section 6.3; Smith et al. 2012): with each contact's normal impulse
 * lambda_k fixed, choose tangential impulses beta_k with |beta_k| <= mu lambda_k minimising the kinetic energy
 * after they act (maximal dissipation). In 2D each cone is an interval (a box-bounded QP); in 3D a disc in the
 * tangent plane (the exact Coulomb cone, not a polyhedral one). Solved by block projected Gauss-Seidel, each block
 * solved exactly: the 2x2 disc-constrained subproblem by Newton's method on its multiplier. The problem is a
 * convex QP with separable constraints, for which block Gauss-Seidel converges, but only linearly and slowly when
 * the tangent rows are nearly dependent (the four corners of a box on a floor): the sweeps stop when one changes
 * the velocities by at most CONVERGED of their size in the energy norm (a test on the impulses, which drift along
 * the dependent directions without changing any velocity, may never pass), or after MAX_SWEEPS. Every sweep's
 * impulses lie in their cones and lower the energy, so an early stop (also on an interrupt) is still dissipative
 * Coulomb friction.
 * Debian's Siconos 4.4 ships no header for its convex-QP solver, so this small solver lives here. */
#include "impact/friction.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"

enum { MAX_SWEEPS = 10000, DISC_STEPS = 100 };
static const double CONVERGED = 1e-6, DISC_EXACT = 1e-15; /* relative: velocities, and |b| against r */

void rc_friction_free(rc_friction *friction)
{
    rc_system_free(&friction->tangent);
    free(friction->row_contact);
    free(friction->bound);
    free(friction->beta);
    free(friction->delassus);
    free(friction->start);
    memset(friction, 0, sizeof *friction);
}

/* Two unit tangents orthogonal to the unit normal n (3D), chosen deterministically from n. */
static void tangent_frame(const double *n, double *t1, double *t2)
{
    double e[3] = {0, 0, 0};
    int axis = fabs(n[0]) <= fabs(n[1]) ? (fabs(n[0]) <= fabs(n[2]) ? 0 : 2) : (fabs(n[1]) <= fabs(n[2]) ? 1 : 2);
    e[axis] = 1.0;
    t1[0] = n[1] * e[2] - n[2] * e[1];
    t1[1] = n[2] * e[0] - n[0] * e[2];
    t1[2] = n[0] * e[1] - n[1] * e[0];
    double len = sqrt(t1[0] * t1[0] + t1[1] * t1[1] + t1[2] * t1[2]);
    for (int i = 0; i < 3; i++) t1[i] /= len;
    t2[0] = n[1] * t1[2] - n[2] * t1[1];
    t2[1] = n[2] * t1[0] - n[0] * t1[2];
    t2[2] = n[0] * t1[1] - n[1] * t1[0];
}

static int add_row(rc_system *t, const rc_impact_problem *problem, const rc_contact *c, const double *direction,
                   int row)
{
    int at = t->ptr[row];
    at += rc_system_body_entries(problem, c->body_a, c->point, direction, 1.0, t->idx + at, t->grad + at);
    if (c->body_b >= 0)
        at += rc_system_body_entries(problem, c->body_b, c->point, direction, -1.0, t->idx + at, t->grad + at);
    t->ptr[row + 1] = at;
    /* the rows keep their physical scale: the Coulomb disc is round in physical impulses, and normalising the two
       rows of a rigid contact separately would stretch it into an ellipse */
    rc_system_weigh(t, row);
    return row + 1;
}

/* The 2 x 2 tangent Delassus block W = T^T M^-1 T of the block whose rows are first and first + 1 (w11, w12, w22).
 * The two rows list the same dofs in the same order (one contact's bodies, each dof once), so each entry is one
 * pass over the pair of rows: the same sums, term by term, as scattering M^-1 t_j over the dofs and reading it back
 * through row i, without the scatter. */
static void delassus_block(const rc_system *t, int first, double *w)
{
    int lo = t->ptr[first], width = t->ptr[first + 1] - lo;
    const double *g0 = t->grad + lo, *g1 = g0 + width, *w0 = t->wgrad + lo, *w1 = w0 + width;
    double w11 = 0, w12 = 0, w22 = 0;
    for (int p = 0; p < width; p++) w11 += g0[p] * w0[p], w12 += g1[p] * w0[p], w22 += g1[p] * w1[p];
    w[0] = w11, w[1] = w12, w[2] = w22;
}

/* Builds the tangent rows; returns the number of blocks. */
static rc_status build_rows(rc_friction *f, const rc_impact_problem *problem, const rc_system *global,
                            const double *normal_impulse, double mu, int *blocks)
{
    int d = problem->dimension, per = d == 3 ? 2 : 1, count = 0;
    size_t nnz = 0;
    for (int k = 0; k < problem->contact_count; k++) {
        const rc_contact *c = &problem->contacts[k];
        if (c->body_a < 0 || !(normal_impulse[k] > 0)) continue;
        count++;
        nnz += (size_t)per * (size_t)(problem->bodies[c->body_a].dof_count +
                                      (c->body_b >= 0 ? problem->bodies[c->body_b].dof_count : 0));
    }
    rc_system *t = &f->tangent;
    rc_status s = rc_system_reserve(t, global->n, count * per, nnz, global->block_count);
    if (!s) s = RC_RESERVE(f->row_contact, f->cap_row_contact, (size_t)count + 1);
    if (!s) s = RC_RESERVE(f->bound, f->cap_bound, (size_t)count + 1);
    if (!s) s = RC_RESERVE(f->beta, f->cap_beta, (size_t)(count * per) + 1);
    if (!s) s = RC_RESERVE(f->delassus, f->cap_delassus, 3 * (size_t)count + 1);
    if (!s) s = RC_RESERVE(f->start, f->cap_start, (size_t)global->n + 1);
    if (s) return s;
    rc_system_copy_masses(t, global);
    int row = 0, block = 0;
    t->ptr[0] = 0;
    for (int k = 0; k < problem->contact_count; k++) {
        const rc_contact *c = &problem->contacts[k];
        if (c->body_a < 0 || !(normal_impulse[k] > 0)) continue;
        double t1[3] = {0, 0, 0}, t2[3] = {0, 0, 0};
        if (d == 2) {
            t1[0] = -c->normal[1];
            t1[1] = c->normal[0];
        } else {
            tangent_frame(c->normal, t1, t2);
        }
        f->row_contact[block] = k;
        row = add_row(t, problem, c, t1, row);
        f->bound[block] = mu * normal_impulse[k];
        if (d == 3) row = add_row(t, problem, c, t2, row);
        double *w = f->delassus + 3 * block;
        if (d == 3) {
            delassus_block(t, row - 2, w);
        } else {
            int lo = t->ptr[row - 1];
            w[0] = 0;
            for (int p = lo; p < t->ptr[row]; p++) w[0] += t->grad[p] * t->wgrad[p];
        }
        block++;
    }
    t->m = row;
    memset(f->beta, 0, (size_t)row * sizeof(double));
    *blocks = d == 1 ? 0 : block;
    return RC_STATUS_OK;
}

/* fmax and fmin for the numbers of a disc solve, which are never NaN: the library calls are not inlined and cost a
 * tenth of the solve. */
static inline double larger(double a, double b) { return a > b ? a : b; }

static inline double smaller(double a, double b) { return a < b ? a : b; }

/* Solves min 1/2 b^T W b + c^T b subject to |b| <= r for a 2x2 symmetric positive semidefinite W: unconstrained if
 * inside, otherwise b(mu) = -(W + mu I)^-1 c with |b(mu)| = r. Since |c| / (l_max + mu) <= |b(mu)| <= |c| / (l_min +
 * mu) for the eigenvalues l of W, the root mu lies in [|c| / r - l_max, |c| / r - l_min] (one point when W is a
 * multiple of I, as for a ball). It is found by Newton's method on 1/|b(mu)| - 1/r (More and Sorensen's form:
 * increasing and concave in mu, so from below Newton climbs monotonically to the root, quadratically near it), never
 * below that bracket's lower end, kept inside its upper end by bisection when a step would leave it or W + mu I is
 * singular. It stops when |b| is within DISC_EXACT of r, when rounding stops a step from climbing, or after
 * DISC_STEPS steps (about 3 a solve); b is then put on the disc. */
static void solve_disc(const double w[3], const double c[2], double r, double b[2])
{
    double reach = sqrt(c[0] * c[0] + c[1] * c[1]) / (r > 0 ? r : 1e-300);
    double half = 0.5 * (w[0] + w[2]), spread = sqrt(0.25 * (w[0] - w[2]) * (w[0] - w[2]) + w[1] * w[1]);
    double least = reach - (half + spread), lo = 0, hi = smaller(reach, larger(reach - (half - spread), 0)), mu = 0;
    for (int step = 0; step < DISC_STEPS; step++) {
        double a = w[0] + mu, d = w[2] + mu, off = w[1], det = a * d - off * off, next = 0.5 * (lo + hi);
        if (det > 0) {
            b[0] = -(d * c[0] - off * c[1]) / det;
            b[1] = -(a * c[1] - off * c[0]) / det;
            double len = sqrt(b[0] * b[0] + b[1] * b[1]);
            if (len <= r) {
                if (mu == 0) return; /* the unconstrained minimum lies in the disc */
                hi = mu;
                next = 0.5 * (lo + hi);
            } else {
                if (len - r <= DISC_EXACT * r) break;
                lo = mu;
                /* Newton on 1/|b| - 1/r: mu += (|b| / r - 1) |b|^2 / (b^T (W + mu I)^-1 b) */
                double q0 = (d * b[0] - off * b[1]) / det, q1 = (a * b[1] - off * b[0]) / det;
                double curve = b[0] * q0 + b[1] * q1, newton = mu + (len / r - 1) * len * len / curve;
                if (curve > 0 && newton <= mu && least <= mu) break; /* rounding: the climb has stopped */
                next = curve > 0 && newton < hi ? larger(newton, least) : larger(0.5 * (lo + hi), least);
            }
        } else {
            lo = mu; /* W + mu I is singular: the root lies above */
            next = larger(0.5 * (lo + hi), least);
        }
        if (next >= hi) { /* the bracket's upper end: the root up to rounding */
            mu = hi;
            break;
        }
        if (!(next > lo)) break; /* the bracket is down to rounding */
        mu = next;
    }
    double a = w[0] + mu, d = w[2] + mu, off = w[1], det = a * d - off * off;
    if (!(det > 0)) a = w[0] + hi, d = w[2] + hi, det = a * d - off * off;
    b[0] = -(d * c[0] - off * c[1]) / det;
    b[1] = -(a * c[1] - off * c[0]) / det;
    double len = sqrt(b[0] * b[0] + b[1] * b[1]);
    if (len > r && len > 0) b[0] *= r / len, b[1] *= r / len;
}

/* One block update: the block's impulses become the exact minimiser of the energy with the other blocks fixed. */
static void update_block(rc_friction *f, int block, int per, double *v)
{
    rc_system *t = &f->tangent;
    int row = block * per;
    const double *w = f->delassus + 3 * block;
    double r = f->bound[block];
    if (per == 1) {
        double g = rc_system_dot(t, row, v);
        double next = fmin(fmax(f->beta[row] - g / w[0], -r), r), delta = next - f->beta[row];
        rc_system_add_impulse(t, row, delta, v);
        f->beta[row] = next;
        return;
    }
    /* the block's two rows list the same dofs in the same order (one contact's bodies): one pass reads both */
    int lo = t->ptr[row], width = t->ptr[row + 1] - lo;
    const int *idx = t->idx + lo;
    const double *g0 = t->grad + lo, *g1 = g0 + width;
    double g[2] = {0, 0};
    for (int p = 0; p < width; p++) g[0] += g0[p] * v[idx[p]], g[1] += g1[p] * v[idx[p]];
    double *old = f->beta + row;
    /* the subproblem in the new impulse b: gradient W b + (g - W old) */
    double c[2] = {g[0] - (w[0] * old[0] + w[1] * old[1]), g[1] - (w[1] * old[0] + w[2] * old[1])};
    double b[2];
    solve_disc(w, c, r, b);
    double d0 = b[0] - old[0], d1 = b[1] - old[1];
    const double *w0 = t->wgrad + lo, *w1 = w0 + width;
    for (int p = 0; p < width; p++) v[idx[p]] += d0 * w0[p], v[idx[p]] += d1 * w1[p];
    old[0] = b[0], old[1] = b[1];
}

/* |after - before|^2 in the energy norm: rc_system_energy_norm2 of the difference, the same sums in the same order
 * (so the same bits), without storing the difference first. */
static double change_norm2(const rc_system *sys, const double *before, const double *after)
{
    double sum = 0;
    for (int i = 0; i < sys->n; i++)
        if (sys->block_of[i] < 0) {
            double d = after[i] - before[i];
            sum += sys->m_diag[i] * d * d;
        }
    for (int b = 0; b < sys->block_count; b++) {
        int f = sys->block_first[b];
        const double *a = sys->block_m + 9 * b;
        double d[3] = {after[f] - before[f], after[f + 1] - before[f + 1], after[f + 2] - before[f + 2]};
        for (int i = 0; i < 3; i++) sum += d[i] * (a[3 * i] * d[0] + a[3 * i + 1] * d[1] + a[3 * i + 2] * d[2]);
    }
    return sum;
}

rc_status rc_friction_apply(rc_friction *f, const rc_impact_problem *problem, const rc_system *global,
                            const double *normal_impulse, double mu, double *velocity)
{
    if (mu == 0 || problem->dimension < 2) return RC_STATUS_OK;
    int blocks;
    rc_status s = build_rows(f, problem, global, normal_impulse, mu, &blocks);
    if (s) return s;
    int per = problem->dimension == 3 ? 2 : 1, n = global->n;
    /* converged when a sweep changes the velocities by at most CONVERGED of their size, in the energy norm */
    double least = CONVERGED * CONVERGED * rc_system_energy_norm2(global, velocity);
    for (int sweep = 0; sweep < MAX_SWEEPS && blocks > 0; sweep++) {
        memcpy(f->start, velocity, (size_t)n * sizeof *velocity);
        for (int b = 0; b < blocks; b++) update_block(f, b, per, velocity);
        double change = change_norm2(global, f->start, velocity);
        /* one block is solved exactly by its first update: a second sweep would only confirm it */
        if (change <= least || blocks == 1 || (f->stop && *f->stop)) break;
    }
    return RC_STATUS_OK;
}
