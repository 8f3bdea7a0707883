/* SPDX-License-Identifier: MIT */
/* Pairwise Gauss-Seidel (Vouga et al. 2017, section 2, equation 1, and Algorithm 3): pick one violated contact k
 * in the chosen order and reflect, v <- v - 2 (n_k . v) M^-1 n_k. A contact counts as violated when
 * n_k . v < -epsilon |v|_M; with epsilon > 0 the velocity is rescaled to its initial M-norm (amortised: at once
 * for small islands, every m applications for large ones; the scale does not change which contacts are violated).
 * Only the contacts sharing a degree of freedom with k change, so each step costs the size of k's neighbourhood;
 * the final answer is always confirmed from freshly computed relative velocities. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "impact/loop.h"

/* Islands up to this many contacts are renormalised after every reflection, literally as in Algorithm 3. */
enum { RENORMALISE_EVERY_STEP_BELOW = 64 };

static void set_member(rc_loop *loop, int k, bool violated)
{
    if (loop->violated[k] == violated) return;
    loop->violated[k] = violated;
    if (violated) {
        loop->vpos[k] = loop->vcount;
        loop->vlist[loop->vcount++] = k;
        loop->bits[k >> 6] |= 1ULL << (k & 63);
    } else {
        int at = loop->vpos[k], last = loop->vlist[--loop->vcount];
        loop->vlist[at] = last;
        loop->vpos[last] = at;
        loop->bits[k >> 6] &= ~(1ULL << (k & 63));
    }
}

static void rebuild_set(rc_loop *loop, int m, double threshold)
{
    loop->vcount = 0;
    memset(loop->bits, 0, ((size_t)m / 64 + 1) * sizeof *loop->bits);
    memset(loop->violated, 0, (size_t)m);
    for (int k = 0; k < m; k++)
        if (loop->r[k] < threshold) set_member(loop, k, true);
}

/* The first violated contact at index >= from, or -1. */
static int next_violated(const rc_loop *loop, int m, int from)
{
    int words = (m + 63) / 64;
    for (int w = from >> 6; w < words; w++) {
        uint64_t bits = loop->bits[w];
        if (w == from >> 6) bits &= ~0ULL << (from & 63);
        if (bits) return w * 64 + __builtin_ctzll(bits);
    }
    return -1;
}

static int pick(rc_loop *loop, int m, rc_gauss_seidel_order order, int last)
{
    switch (order) {
    case RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC: return next_violated(loop, m, 0);
    case RC_GAUSS_SEIDEL_ORDER_SWEEP: {
        int k = last + 1 < m ? next_violated(loop, m, last + 1) : -1;
        return k >= 0 ? k : next_violated(loop, m, 0);
    }
    case RC_GAUSS_SEIDEL_ORDER_RANDOM: return loop->vlist[rc_rng_below(&loop->rng, (uint64_t)loop->vcount)];
    case RC_GAUSS_SEIDEL_ORDER_MOST_VIOLATED: {
        int best = loop->vlist[0];
        for (int i = 1; i < loop->vcount; i++) {
            int k = loop->vlist[i];
            if (loop->r[k] < loop->r[best] || (loop->r[k] == loop->r[best] && k < best)) best = k;
        }
        return best;
    }
    }
    return -1;
}

/* Recomputes n_j . v for every contact sharing a dof with contact k and updates their membership. */
static void update_neighbours(rc_loop *loop, const rc_system *sys, int k, const double *v, double threshold)
{
    int count = rc_loop_neighbours(loop, sys, k);
    for (int i = 0; i < count; i++) {
        int j = loop->neighbours[i];
        loop->r[j] = rc_system_dot(sys, j, v);
        set_member(loop, j, loop->r[j] < threshold);
    }
}

/* With epsilon > 0, rescales v to M-norm target (Algorithm 3); in every case refreshes each relative velocity from
 * scratch and rebuilds the violated set. Returns |v|_M^2 afterwards. */
static double renormalise(rc_loop *loop, const rc_system *sys, double *v, double target, double epsilon)
{
    if (epsilon > 0) {
        double norm = sqrt(rc_system_energy_norm2(sys, v));
        if (norm > 0 && target > 0)
            for (int i = 0; i < sys->n; i++) v[i] *= target / norm;
    }
    double norm2 = rc_loop_refresh(loop, sys, v);
    rebuild_set(loop, sys->m, -epsilon * sqrt(norm2));
    return norm2;
}

rc_status rc_gauss_seidel_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options,
                              int64_t budget, double *impulse, int64_t *iterations)
{
    double epsilon = options->tolerance;
    double norm2 = rc_loop_refresh(loop, sys, v), norm0 = sqrt(norm2);
    rc_rng_seed(&loop->rng, options->seed);
    rebuild_set(loop, sys->m, -epsilon * norm0);
    int64_t period = sys->m < RENORMALISE_EVERY_STEP_BELOW ? 1 : sys->m;
    int64_t since = 0, done = 0;
    int last = -1;
    for (;;) {
        if (loop->vcount == 0) {
            /* confirm from scratch; an exact renormalisation comes with it when epsilon > 0 */
            norm2 = renormalise(loop, sys, v, norm0, epsilon);
            if (loop->vcount == 0) break;
        }
        if (rc_loop_must_end(loop, budget, done)) {
            *iterations += done;
            return RC_STATUS_NOT_TERMINATED;
        }
        int k = pick(loop, sys->m, options->order, last);
        double lambda = -2.0 * loop->r[k];
        double before = rc_system_contact_energy(sys, k, v);
        rc_system_add_impulse(sys, k, lambda, v);
        norm2 += rc_system_contact_energy(sys, k, v) - before;
        impulse[k] += lambda;
        last = k;
        done++;
        if (epsilon > 0 && ++since >= period) {
            since = 0;
            norm2 = renormalise(loop, sys, v, norm0, epsilon);
        } else {
            update_neighbours(loop, sys, k, v, -epsilon * sqrt(fmax(norm2, 0.0)));
        }
    }
    *iterations += done;
    return RC_STATUS_OK;
}
