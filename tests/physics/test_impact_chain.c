/* SPDX-License-Identifier: MIT */
/* One-dimensional chains of touching balls (Vouga et al. 2017, section 3 "Termination in 1D", section 6.2, and
 * docs/design.md "Known answers").
 *
 * Oracles:
 * - Equal masses: a pairwise elastic reflection swaps the two velocities, so pairwise Gauss-Seidel is a sort by
 *   adjacent swaps (a bubble sort under the lexicographic order). Every adjacent swap of an out-of-order pair
 *   removes exactly one inversion, so whatever the order, the loop ends sorted ascending (left to right) after
 *   exactly as many reflections as the initial velocities have inversions.
 * - Newton's cradle (1,0,...,0): each operator application meets one violated contact (the moving ball and its
 *   resting neighbour), so GS and GR both pass the velocity down the line, ending at (0,...,0,1) after n-1 steps.
 * - Restitution 0 is the inelastic LCP, the M-projection of the velocity onto the feasible cone {v non-decreasing}:
 *   for the cradle, all balls move together with the momentum shared, 1/n each. Restitution c blends the two ends.
 * - One simultaneous elastic LCP over all contacts (w = A lambda + 2 N^T v) is a different operator: for the
 *   n-ball cradle it solves with every lambda > 0 and gives ((2-n)/n, 2/n, ..., 2/n), e.g. (-1/3, 2/3, 2/3). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "impact/lcp.h"
#include "scenes.h"

enum { MAX_BALLS = 16 };

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int64_t inversions(const double *v, int n)
{
    int64_t count = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) count += v[i] > v[j];
    return count;
}

static void bubble_sort_case(scene *s, uint64_t seed, double tolerance, int which)
{
    scene_rng rng;
    scene_seed(&rng, seed);
    int n = 2 + scene_below(&rng, MAX_BALLS - 1);
    double mass = scene_uniform(&rng, 0.25, 4.0), masses[MAX_BALLS], v[MAX_BALLS], sorted[MAX_BALLS];
    /* With the tolerance, ties (equal velocities, never swapped) are drawn too: small integers. Under the exact
     * rules a tie is within one ulp of rounding of a violation, so there the velocities are distinct. */
    bool ties = tolerance > 0 && seed % 2 == 0;
    for (int i = 0; i < n; i++) {
        masses[i] = mass;
        v[i] = sorted[i] = ties ? (double)(scene_below(&rng, 5) - 2) : scene_uniform(&rng, -2.0, 2.0);
    }
    qsort(sorted, (size_t)n, sizeof *sorted, compare_doubles);
    scene_clear(s);
    scene_chain(s, n, masses, v);
    rc_impact_options o = scene_operator(which);
    o.tolerance = tolerance;
    o.seed = seed;
    scene_outcome out;
    rc_status st = scene_resolve(s, &o, &out);
    CHECK(st == RC_STATUS_OK, "seed %llu %s tol %g: status %s", (unsigned long long)seed, scene_operator_name(which),
          tolerance, rc_status_name(st));
    CHECK(out.result.iterations == inversions(v, n), "seed %llu %s tol %g, %d balls: %lld reflections, %lld inversions",
          (unsigned long long)seed, scene_operator_name(which), tolerance, n, (long long)out.result.iterations,
          (long long)inversions(v, n));
    for (int i = 0; i < n; i++)
        CHECK(fabs(out.velocity[i] - sorted[i]) <= 1e-12, "seed %llu %s tol %g: ball %d has %.17g, sorted %.17g",
              (unsigned long long)seed, scene_operator_name(which), tolerance, i, out.velocity[i], sorted[i]);
}

static void test_bubble_sort(void)
{
    scene *s = scene_create();
    for (uint64_t seed = 1; seed <= 300; seed++)
        for (int which = 0; which < 4; which++) {
            bubble_sort_case(s, seed, 0.0, which);
            bubble_sort_case(s, seed, rc_impact_default_options().tolerance, which);
        }
    scene_destroy(s);
}

/* The cradle: n unit balls, the first moving at 1 into the others at rest. */
static void build_cradle(scene *s, int n)
{
    double masses[MAX_BALLS], v[MAX_BALLS];
    for (int i = 0; i < n; i++) masses[i] = 1.0, v[i] = i == 0 ? 1.0 : 0.0;
    scene_clear(s);
    scene_chain(s, n, masses, v);
}

/* Restitution c (c = 1 is the elastic cradle): the velocities (1 - c) (1/n, ..., 1/n) + c (0, ..., 0, 1) and the
 * impulses (1 - c) (n - 1 - k)/n + c at contact k (the momentum passed on to the balls beyond it), for every
 * operator. The elastic loop passes the velocity down the line in n - 1 applications, whatever c: it ends at once
 * even for pairwise GS at c = 0 (no inelastic collapse, paper Fig. 8: the dissipation is not inside the operator). */
static void test_cradle(void)
{
    scene *s = scene_create();
    const int sizes[] = {3, 5};
    const double cs[] = {0.0, 0.25, 0.5, 0.9, 1.0}, tolerances[] = {0.0, 1e-12};
    for (int z = 0; z < 2; z++)
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++)
            for (int j = 0; j < 5; j++)
                for (int t = 0; t < 2; t++) {
                    int n = sizes[z];
                    double c = cs[j];
                    build_cradle(s, n);
                    rc_impact_options o = scene_operator(which);
                    o.restitution = c;
                    o.tolerance = tolerances[t];
                    o.max_iterations = 1000;
                    scene_outcome out;
                    rc_status st = scene_resolve(s, &o, &out);
                    CHECK(st == RC_STATUS_OK, "cradle %d %s c %g tol %g: %s", n, scene_operator_name(which), c,
                          tolerances[t], rc_status_name(st));
                    for (int i = 0; i < n; i++) {
                        double expected = (1 - c) / n + (i == n - 1 ? c : 0.0);
                        CHECK(fabs(out.velocity[i] - expected) <= 1e-12,
                              "cradle %d %s c %g tol %g: ball %d at %.17g, expected %.17g", n,
                              scene_operator_name(which), c, tolerances[t], i, out.velocity[i], expected);
                    }
                    for (int k = 0; k + 1 < n; k++) {
                        double expected = (1 - c) * (n - 1 - k) / n + c;
                        CHECK(fabs(out.impulse[k] - expected) <= 1e-12,
                              "cradle %d %s c %g: contact %d impulse %.17g, expected %.17g", n,
                              scene_operator_name(which), c, k, out.impulse[k], expected);
                    }
                    /* At tolerance 0 the equal velocities of the resting balls are ties that one ulp of rounding
                     * in a swap can turn into a violation (docs/impact.md: the exact rules are for study), so the
                     * count is an oracle only with the tolerance. At c = 0 only the inelastic LCP is solved: no
                     * operator is applied. */
                    long long expected = c > 0 ? n - 1 : 0;
                    if (tolerances[t] > 0)
                        CHECK(out.result.iterations == expected, "cradle %d %s c %g: %lld applications, expected %lld",
                              n, scene_operator_name(which), c, (long long)out.result.iterations, expected);
                }
    scene_destroy(s);
}

/* The simultaneous elastic LCP over all n-1 contacts of the cradle, in the normalised form the library uses:
 * gradients (e_{k+1} - e_k)/sqrt(2), A = tridiag(-1/2, 1, -1/2), q = 2 N^T v. */
static void test_cradle_one_lcp(void)
{
    const rc_lcp_method methods[] = {RC_LCP_METHOD_AUTO, RC_LCP_METHOD_LEMKE, RC_LCP_METHOD_PGS};
    for (int n = 3; n <= 6; n++)
        for (int method = 0; method < 3; method++) {
            int m = n - 1;
            rc_lcp lcp = {0};
            CHECK(rc_lcp_reserve(&lcp, m, true) == RC_STATUS_OK, "reserving an LCP of size %d", m);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) lcp.a[i * m + j] = i == j ? 1.0 : abs(i - j) == 1 ? -0.5 : 0.0;
                lcp.q[i] = i == 0 ? 2.0 * (0.0 - 1.0) / sqrt(2.0) : 0.0;
            }
            rc_status st = rc_lcp_solve(&lcp, m, methods[method]);
            CHECK(st == RC_STATUS_OK, "cradle LCP n %d method %d: %s", n, method, rc_status_name(st));
            double v[MAX_BALLS] = {1.0};
            for (int k = 0; k < m; k++) {
                v[k] -= lcp.z[k] / sqrt(2.0);
                v[k + 1] += lcp.z[k] / sqrt(2.0);
            }
            for (int i = 0; i < n; i++) {
                double expected = i == 0 ? (2.0 - n) / n : 2.0 / n;
                CHECK(fabs(v[i] - expected) <= 1e-9, "one LCP, cradle %d, method %d: ball %d at %.17g, expected %.17g",
                      n, method, i, v[i], expected);
            }
            rc_lcp_free(&lcp);
        }
}

int main(void)
{
    test_bubble_sort();
    test_cradle();
    test_cradle_one_lcp();
    return check_finish();
}
