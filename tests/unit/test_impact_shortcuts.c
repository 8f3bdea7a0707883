/* SPDX-License-Identifier: MIT */
/* The resolver's shortcuts give the general path's answers:
 * - RC_LCP_METHOD_AUTO solves an LCP of one contact in closed form (z = -q / a when q < 0, else 0) instead of by
 *   Siconos' Lemke: the same bits as Lemke asked for by name, on random problems over 40 decades, z = 0 exactly
 *   when q >= 0, and a = 0 with q < 0 (no answer) is still refused;
 * - an island that is the whole problem with its dofs met in order is resolved on the problem's own system instead
 *   of a renumbered copy: a box resting on the floor on its four corners, with friction, gives the same velocities
 *   when a free ball listed before it (touching nothing) forces the copy, and the same again (up to the friction
 *   sweeps' tolerance, which is the whole problem's) when two such boxes (two islands: a copy for each) are
 *   resolved together. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact/lcp.h"
#include "scenes.h"

static void test_one_contact_lcp(void)
{
    scene_rng rng;
    scene_seed(&rng, 7);
    rc_lcp closed = {0}, lemke = {0};
    CHECK(rc_lcp_reserve(&closed, 1, true) == RC_STATUS_OK && rc_lcp_reserve(&lemke, 1, true) == RC_STATUS_OK,
          "reserving");
    for (int trial = 0; trial < 2000; trial++) {
        double a = exp(scene_uniform(&rng, -20, 20)), q = exp(scene_uniform(&rng, -20, 20));
        if (trial % 4 != 0) q = -q; /* mostly approaching: a positive answer */
        closed.a[0] = lemke.a[0] = a;
        closed.q[0] = lemke.q[0] = q;
        CHECK(rc_lcp_solve(&closed, 1, RC_LCP_METHOD_AUTO) == RC_STATUS_OK, "a %.17g q %.17g: %s", a, q,
              rc_error_get());
        CHECK(rc_lcp_solve(&lemke, 1, RC_LCP_METHOD_LEMKE) == RC_STATUS_OK, "a %.17g q %.17g (Lemke): %s", a, q,
              rc_error_get());
        if (q >= 0) {
            CHECK(closed.z[0] == 0, "a %.17g q %.17g: z %.17g, expected 0", a, q, closed.z[0]);
            continue;
        }
        double want = -q / a;
        CHECK(fabs(closed.z[0] - want) <= 1e-15 * want, "a %.17g q %.17g: z %.17g, expected %.17g", a, q, closed.z[0],
              want);
        CHECK(memcmp(&closed.z[0], &lemke.z[0], sizeof(double)) == 0, "a %.17g q %.17g: z %.17g, Lemke %.17g", a, q,
              closed.z[0], lemke.z[0]);
    }
    closed.a[0] = 0;
    closed.q[0] = -1;
    CHECK(rc_lcp_solve(&closed, 1, RC_LCP_METHOD_AUTO) != RC_STATUS_OK, "a = 0, q = -1 (no answer) was solved: z %.17g",
          closed.z[0]);
    rc_lcp_free(&closed);
    rc_lcp_free(&lemke);
}

/* A 3D box of half sizes (1, 0.5, 0.75), mass 2, axis-aligned at x, sliding at v and spinning at w on the floor
 * z = 0, touching it at its four bottom corners. */
static void add_resting_box(scene *s, const double *x, const double *v, const double *w)
{
    const double half[3] = {1, 0.5, 0.75}, identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, up[3] = {0, 0, 1};
    double inertia[9], centre[3] = {x[0], x[1], half[2]};
    scene_box3_inertia(2.0, half, identity, inertia);
    int box = scene_rigid(s, 3, 2.0, inertia, centre, v, w);
    for (int corner = 0; corner < 4; corner++) {
        double p[3] = {x[0] + (corner & 1 ? half[0] : -half[0]), x[1] + (corner & 2 ? half[1] : -half[1]), 0};
        scene_contact_add(s, box, -1, p, up);
    }
}

static void check_same(const double *got, const double *want, int count, double tolerance, const char *what)
{
    for (int i = 0; i < count; i++)
        CHECK(fabs(got[i] - want[i]) <= tolerance * (1 + fabs(want[i])), "%s: dof %d is %.17g, against %.17g", what, i,
              got[i], want[i]);
}

static void test_whole_island(void)
{
    scene *s = scene_create();
    const double x0[3] = {0, 0, 0}, x1[3] = {5, 0, 0}, still[3] = {0, 0, 0}, far[3] = {0, 0, 10};
    const double v[2][3] = {{1.5, -0.5, -2}, {-0.3, 0.8, -1}}, w[2][3] = {{0.2, -0.4, 3}, {-1, 0.5, -2}};
    const double mus[3] = {0.05, 0.4, 2.0};
    for (int j = 0; j < 3; j++) {
        rc_impact_options o = rc_impact_default_options();
        o.restitution = 0;
        o.friction = mus[j];
        scene_outcome whole, copied, pair, second;
        scene_clear(s); /* the box alone: its dofs are met in order */
        add_resting_box(s, x0, v[0], w[0]);
        CHECK(scene_resolve(s, &o, &whole) == RC_STATUS_OK, "the box alone: %s", rc_error_get());
        scene_clear(s); /* a free ball first: the box's dofs start at 3, and the island is copied */
        scene_ball(s, 3, 1.0, far, still);
        add_resting_box(s, x0, v[0], w[0]);
        CHECK(scene_resolve(s, &o, &copied) == RC_STATUS_OK, "the box after a free ball: %s", rc_error_get());
        char what[64];
        snprintf(what, sizeof what, "mu %g, the box alone against a copy", mus[j]);
        check_same(whole.velocity, copied.velocity + 3, 6, 1e-12, what);
        CHECK(memcmp(copied.velocity, still, sizeof still) == 0, "mu %g: the free ball moved", mus[j]);
        scene_clear(s);
        add_resting_box(s, x1, v[1], w[1]);
        CHECK(scene_resolve(s, &o, &second) == RC_STATUS_OK, "the second box alone: %s", rc_error_get());
        scene_clear(s); /* two boxes, two islands, each resolved on a copy */
        add_resting_box(s, x0, v[0], w[0]);
        add_resting_box(s, x1, v[1], w[1]);
        CHECK(scene_resolve(s, &o, &pair) == RC_STATUS_OK, "two boxes: %s", rc_error_get());
        /* the friction sweeps run over both islands at once and stop when the whole problem's velocities settle
           to 1e-6 of their size (a few times 1e-7 here): the same answer up to that tolerance, not to rounding */
        snprintf(what, sizeof what, "mu %g, the first of two boxes", mus[j]);
        check_same(pair.velocity, whole.velocity, 6, 1e-5, what);
        snprintf(what, sizeof what, "mu %g, the second of two boxes", mus[j]);
        check_same(pair.velocity + 6, second.velocity, 6, 1e-5, what);
        double slid = 0;
        for (int i = 0; i < 6; i++) slid += fabs(whole.velocity[i] - v[0][i % 3] * (i < 3) - w[0][i % 3] * (i >= 3));
        CHECK(slid > 0.1, "mu %g: the resolve changed nothing (%.3g)", mus[j], slid);
    }
    scene_destroy(s);
}

int main(void)
{
    test_one_contact_lcp();
    test_whole_island();
    return check_finish();
}
