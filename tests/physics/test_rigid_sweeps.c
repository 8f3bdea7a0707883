/* SPDX-License-Identifier: MIT */
/* The settle's sweeps as a user's accuracy knob (rc_rigid_def.settle_sweeps; docs/rigid.md, "The step").
 * Oracles: the default (0) is 50, to the bit (a 300-ball pile stepped with 0 and with 50 ends in the same state);
 * with a single sweep a settle still ends every step (the budget, Vouga et al. 2017's termination: every impact
 * ends) and the 1,000-ball pile of bench_rigid's kind, which slumps towards its open side, keeps its deepest overlap
 * bounded: measured 8.4e-4 of a radius 0.5 over 500 steps (7.3e-5 at the default), checked below 2e-3, four
 * contact margins and under the 5.7e-3 Box2D 2.4.1 lets the 10,000-ball pile reach (bench/RESULTS.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/rigid.h"

/* bench_rigid's 2D pile: rows of 100 balls of radius 0.5 in hexagonal packing on a floor between two walls. */
static rc_rigid *pile(int rows, int32_t settle_sweeps)
{
    static rc_rigid_body_def balls[1000];
    rc_rigid_static_def walls[3];
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.gravity[1] = -9.81;
    d.impact.restitution = 0;
    d.sleep = false;
    d.settle_sweeps = settle_sweeps;
    int n = 0;
    for (int row = 0; row < rows; row++)
        for (int k = 0; k < 100; k++, n++) {
            balls[n] = rc_rigid_default_body_def();
            balls[n].ball = true;
            balls[n].radius = 0.5;
            balls[n].position[0] = 0.5 + k + (row % 2) * 0.5;
            balls[n].position[1] = 0.5 + row * sqrt(3.0) / 2;
        }
    const double normal[3][2] = {{0, 1}, {1, 0}, {-1, 0}}, point[3] = {0, 0, 101};
    for (int w = 0; w < 3; w++) {
        walls[w] = rc_rigid_default_static_def();
        walls[w].normal[0] = normal[w][0], walls[w].normal[1] = normal[w][1], walls[w].normal[2] = 0;
        walls[w].position[0] = point[w];
    }
    d.bodies = balls, d.body_count = n, d.statics = walls, d.static_count = 3;
    rc_rigid *e = NULL;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_OK, "pile of %d rows, settle_sweeps %d: %s", rows, (int)settle_sweeps,
          rc_error_get());
    return e;
}

static void default_is_50(void)
{
    rc_rigid *a = pile(3, 0), *b = pile(3, 50);
    if (!a || !b) return;
    CHECK(rc_rigid_step(a, 150) == RC_STATUS_OK && rc_rigid_step(b, 150) == RC_STATUS_OK, "default: step: %s",
          rc_error_get());
    bool same = true;
    for (int32_t i = 0; i < rc_rigid_count(a); i++) {
        double xa[3], va[3], xb[3], vb[3];
        rc_rigid_body_state(a, i, xa, NULL, va, NULL);
        rc_rigid_body_state(b, i, xb, NULL, vb, NULL);
        same &= memcmp(xa, xb, sizeof xa) == 0 && memcmp(va, vb, sizeof va) == 0;
    }
    CHECK(same, "settle_sweeps 0 and 50 give different states after 150 steps");
    /* and the knob is read: one sweep leaves the same pile deeper in overlap than the default */
    rc_rigid *c = pile(3, 1);
    if (c) {
        CHECK(rc_rigid_step(c, 150) == RC_STATUS_OK, "settle_sweeps 1: step: %s", rc_error_get());
        rc_rigid_observables fine, coarse;
        rc_rigid_measure(a, &fine);
        rc_rigid_measure(c, &coarse);
        printf("300 balls, 150 steps: deepest overlap %.3g at the default, %.3g at one sweep\n", fine.max_penetration,
               coarse.max_penetration);
        CHECK(coarse.max_penetration > 2 * fine.max_penetration,
              "settle_sweeps 1: deepest overlap %.3g, not above twice the default's %.3g", coarse.max_penetration,
              fine.max_penetration);
        rc_rigid_destroy(c);
    }
    rc_rigid_destroy(a);
    rc_rigid_destroy(b);
}

static void one_sweep(void)
{
    rc_rigid *e = pile(10, 1);
    if (!e) return;
    rc_status s = RC_STATUS_OK;
    for (int step = 0; step < 500 && !s; step++) s = rc_rigid_step(e, 1);
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    printf("settle_sweeps 1, 1,000 balls, 500 steps: %s, deepest overlap %.3g, %lld contacts\n", rc_status_name(s),
           o.max_penetration, (long long)o.contacts);
    CHECK(s == RC_STATUS_OK && o.steps == 500, "settle_sweeps 1: step %lld: %s", (long long)o.steps, rc_error_get());
    CHECK(o.max_penetration < 2e-3, "settle_sweeps 1: deepest overlap %.3g, not below 2e-3", o.max_penetration);
    rc_rigid_destroy(e);
}

static void refused(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    rc_rigid *e = NULL;
    d.settle_sweeps = -1;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "settle_sweeps"),
          "settle_sweeps -1 accepted");
    d.settle_sweeps = RC_RIGID_SETTLE_SWEEPS_MAX + 1;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "settle_sweeps"),
          "settle_sweeps %d accepted", RC_RIGID_SETTLE_SWEEPS_MAX + 1);
}

int main(void)
{
    default_is_50();
    one_sweep();
    refused();
    return check_finish();
}
