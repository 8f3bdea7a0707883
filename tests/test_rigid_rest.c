/* Resting contact in the time-stepped engine (DESIGN.md, "The time-stepped engine": a stack rests without sinking,
 * creeping or jitter; issue 5). Oracle: the invariant "at rest stays at rest": a tower of 10 unit boxes on a floor
 * and a 2D pyramid of 15 unit balls between two walls, under gravity and at c = 1 (the hardest case: every
 * collision elastic), keep every body within 1e-6 body lengths of where it started over 10,000 steps, and never
 * overlap by more than rounding. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "ricochet/rigid.h"

/* The largest distance any body moved from `start`, and the largest overlap seen, after `steps` steps. */
static void rest(const rc_rigid_def *d, int64_t steps, double length, const char *what)
{
    rc_rigid *e;
    rc_status s = rc_rigid_create(d, &e);
    CHECK(s == RC_OK, "%s: create: %s", what, rc_last_error());
    if (s) return;
    double start[64][3];
    for (int32_t i = 0; i < d->body_count; i++) rc_rigid_body_state(e, i, start[i], NULL, NULL, NULL);
    s = rc_rigid_step(e, steps);
    CHECK(s == RC_OK, "%s: step: %s", what, rc_last_error());
    double drift = 0;
    for (int32_t i = 0; i < d->body_count; i++) {
        double x[3];
        rc_rigid_body_state(e, i, x, NULL, NULL, NULL);
        drift = fmax(drift, sqrt((x[0] - start[i][0]) * (x[0] - start[i][0]) + (x[1] - start[i][1]) * (x[1] - start[i][1]) +
                                 (x[2] - start[i][2]) * (x[2] - start[i][2])));
    }
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    printf("%s: drift %.3g body lengths, deepest overlap %.3g, %lld contacts\n", what, drift / length,
           o.max_penetration, (long long)o.contacts);
    CHECK(drift < 1e-6 * length, "%s: drifted %.17g body lengths", what, drift / length);
    CHECK(o.max_penetration < 1e-9 * length, "%s: overlap %.17g", what, o.max_penetration);
    rc_rigid_destroy(e);
}

static void tower(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.gravity[2] = -9.81;
    rc_rigid_body_def b[10];
    for (int k = 0; k < 10; k++) {
        b[k] = rc_rigid_default_body();
        b[k].shape = RC_RIGID_BOX;
        b[k].half[0] = b[k].half[1] = b[k].half[2] = 0.5;
        b[k].position[2] = 0.5 + k;
    }
    rc_rigid_static_def floor = rc_rigid_default_static();
    d.bodies = b, d.body_count = 10, d.statics = &floor, d.static_count = 1;
    rest(&d, 10000, 1, "10-box tower");
}

static void pyramid(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.gravity[1] = -9.81;
    rc_rigid_body_def b[15];
    int n = 0;
    for (int row = 0; row < 5; row++)
        for (int k = 0; k < 5 - row; k++) {
            b[n] = rc_rigid_default_body();
            b[n].ball = true;
            b[n].position[0] = 1 + row + 2 * k;
            b[n++].position[1] = 1 + row * sqrt(3.0);
        }
    rc_rigid_static_def walls[3];
    const double normals[3][2] = {{0, 1}, {1, 0}, {-1, 0}}, points[3][2] = {{0, 0}, {0, 0}, {10, 0}};
    for (int w = 0; w < 3; w++) {
        walls[w] = rc_rigid_default_static();
        walls[w].normal[0] = normals[w][0], walls[w].normal[1] = normals[w][1], walls[w].normal[2] = 0;
        walls[w].position[0] = points[w][0], walls[w].position[1] = points[w][1];
    }
    d.bodies = b, d.body_count = n, d.statics = walls, d.static_count = 3;
    rest(&d, 10000, 2, "15-ball pyramid");
}

int main(void)
{
    tower();
    pyramid();
    return check_finish();
}
