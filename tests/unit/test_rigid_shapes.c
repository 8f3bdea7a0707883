/* SPDX-License-Identifier: MIT */
/* Shapes of the time-stepped engine (docs/design.md, "The time-stepped engine": sphere, box, convex hull; 2D disk, box,
 * convex polygon; Vouga et al. 2017, section 2: mass and inertia tensor). Oracles:
 * - the hull of a box's 8 corners, with extra points inside it and on its faces, has the box's mass, centre and
 *   inertia (m (b^2 + c^2) / 3, ...), wherever the points' origin is; the same for a 2D polygon and a rectangle;
 *   a disk has m r^2 / 2, a sphere 2 m r^2 / 5;
 * - two equal squares given as polygons, meeting face to face at c = 1 without gravity, swap their velocities and do
 *   not spin (two contact points, resolved together: the symmetric answer);
 * - a 3D hull shaped as a box and a 2D rectangle dropped flat on a floor come to rest flat at their half height;
 * - a disk, a triangle and a rectangle tumbling with friction (mu = 0.4, c = 0.3) onto a static triangle and a floor
 *   come to rest without ever overlapping beyond rounding (one-way coupled friction must not push them into each
 *   other). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rigid/engine.h"

static void box_like_hull(int d)
{
    const double half[3] = {0.5, 0.3, 0.2}, origin[3] = {3, -2, 1};
    double points[3 * 14];
    int n = 0;
    for (int v = 0; v < (1 << d); v++, n++)
        for (int i = 0; i < d; i++) points[d * n + i] = origin[i] + (v >> i & 1 ? half[i] : -half[i]);
    const double extra[4][3] = {{0, 0, 0}, {0.1, 0.1, 0.2}, {0.5, 0.1, -0.1}, {-0.2, 0.3, 0.05}}; /* in, face */
    for (int k = 0; k < 4; k++, n++)
        for (int i = 0; i < d; i++) points[d * n + i] = origin[i] + extra[k][i];
    rc_rigid_def def = rc_rigid_default_def();
    def.dimension = d;
    rc_rigid_body_def b[2] = {rc_rigid_default_body_def(), rc_rigid_default_body_def()};
    b[0].shape = RC_RIGID_SHAPE_HULL, b[0].points = points, b[0].point_count = n, b[0].density = 2;
    b[1].shape = RC_RIGID_SHAPE_BOX, b[1].density = 2, b[1].position[0] = 5;
    memcpy(b[1].half, half, sizeof half);
    def.bodies = b, def.body_count = 2;
    rc_rigid *e;
    rc_status s = rc_rigid_create(&def, &e);
    CHECK(s == RC_STATUS_OK, "%dD hull: %s", d, rc_error_get());
    if (s) return;
    double volume = d == 3 ? 8 * half[0] * half[1] * half[2] : 4 * half[0] * half[1];
    CHECK_CLOSE(rc_rigid_mass(e, 0), 2 * volume, 1e-14, "hull mass");
    CHECK_CLOSE(rc_rigid_mass(e, 1), 2 * volume, 1e-14, "box mass");
    for (int k = 0; k < 9; k++) {
        CHECK(fabs(e->inertia_body[k] - e->inertia_body[9 + k]) < 1e-14, "%dD hull inertia[%d] %.17g, box %.17g", d, k,
              e->inertia_body[k], e->inertia_body[9 + k]);
    }
    double m = 2 * volume, want = d == 3 ? m * (half[1] * half[1] + half[2] * half[2]) / 3
                                         : m * (half[0] * half[0] + half[1] * half[1]) / 3;
    CHECK_CLOSE(e->inertia_body[d == 3 ? 0 : 8], want, 1e-14, "box inertia");
    rc_rigid_destroy(e);
}

static void round_inertia(void)
{
    for (int d = 2; d <= 3; d++) {
        rc_rigid_def def = rc_rigid_default_def();
        def.dimension = d;
        rc_rigid_body_def b = rc_rigid_default_body_def();
        b.radius = 0.7;
        def.bodies = &b, def.body_count = 1;
        rc_rigid *e;
        if (rc_rigid_create(&def, &e)) continue;
        double m = rc_rigid_mass(e, 0), r2 = 0.49;
        CHECK_CLOSE(m, d == 3 ? 4 * M_PI / 3 * 0.343 : M_PI * r2, 1e-14, "round mass");
        CHECK_CLOSE(e->inertia_body[8], (d == 3 ? 0.4 : 0.5) * m * r2, 1e-14, "round inertia");
        rc_rigid_destroy(e);
    }
}

static void squares_swap(void)
{
    const double square[8] = {-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5};
    rc_rigid_def def = rc_rigid_default_def();
    def.dimension = 2;
    rc_rigid_body_def b[2] = {rc_rigid_default_body_def(), rc_rigid_default_body_def()};
    for (int k = 0; k < 2; k++) {
        b[k].shape = RC_RIGID_SHAPE_HULL, b[k].points = square, b[k].point_count = 4;
        b[k].position[0] = k ? 1.0 : 0.0;
        b[k].velocity[0] = k ? -0.5 : 1.0;
    }
    def.bodies = b, def.body_count = 2;
    rc_rigid *e;
    if (rc_rigid_create(&def, &e)) {
        CHECK(false, "squares: %s", rc_error_get());
        return;
    }
    CHECK(rc_rigid_step(e, 10) == RC_STATUS_OK, "squares: %s", rc_error_get());
    double v0[3], v1[3], w0[3], w1[3];
    rc_rigid_body_state(e, 0, NULL, NULL, v0, w0);
    rc_rigid_body_state(e, 1, NULL, NULL, v1, w1);
    printf("squares: velocities %.17g %.17g, spins %.3g %.3g\n", v0[0], v1[0], w0[2], w1[2]);
    CHECK(fabs(v0[0] + 0.5) < 1e-12 && fabs(v1[0] - 1.0) < 1e-12, "squares: %.17g %.17g, expected -0.5 1", v0[0],
          v1[0]);
    CHECK(fabs(w0[2]) < 1e-12 && fabs(w1[2]) < 1e-12, "squares: spin %.17g %.17g", w0[2], w1[2]);
    rc_rigid_destroy(e);
}

static void settles_flat(int d)
{
    const double half[3] = {0.5, 0.3, 0.2};
    double points[24];
    for (int v = 0; v < (1 << d); v++)
        for (int i = 0; i < d; i++) points[d * v + i] = v >> i & 1 ? half[i] : -half[i];
    rc_rigid_def def = rc_rigid_default_def();
    def.dimension = d;
    def.gravity[d - 1] = -9.81;
    def.impact.restitution = 0.5;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    b.shape = RC_RIGID_SHAPE_HULL, b.points = points, b.point_count = 1 << d;
    b.position[d - 1] = 1;
    rc_rigid_static_def floor = rc_rigid_default_static_def();
    floor.normal[2] = d == 3, floor.normal[1] = d == 2;
    def.bodies = &b, def.body_count = 1, def.statics = &floor, def.static_count = 1;
    rc_rigid *e;
    if (rc_rigid_create(&def, &e)) {
        CHECK(false, "settles: %s", rc_error_get());
        return;
    }
    CHECK(rc_rigid_step(e, 3000) == RC_STATUS_OK, "settles: %s", rc_error_get());
    double x[3], q[4], v[3];
    rc_rigid_body_state(e, 0, x, q, v, NULL);
    printf("%dD hull on a floor: height %.9f, orientation %.3g %.3g %.3g %.3g, speed %.3g\n", d, x[d - 1], q[0], q[1],
           q[2], q[3], sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    CHECK(fabs(x[d - 1] - half[d - 1]) < 1e-3, "%dD hull rests at %.17g", d, x[d - 1]);
    CHECK(fabs(q[0] - 1) < 1e-12, "%dD hull turned: w = %.17g", d, q[0]);
    CHECK(sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) < 1e-12, "%dD hull still moves", d);
    rc_rigid_destroy(e);
}

static void tumble(void)
{
    const double triangle[6] = {0, 0, 1, 0, 0.5, 0.8}, wedge[6] = {-1, 0, 1, 0, 0, 1};
    rc_rigid_def def = rc_rigid_default_def();
    def.dimension = 2;
    def.gravity[1] = -9.81;
    def.impact.restitution = 0.3;
    def.impact.friction = 0.4;
    rc_rigid_body_def b[3] = {rc_rigid_default_body_def(), rc_rigid_default_body_def(), rc_rigid_default_body_def()};
    b[0].radius = 0.5, b[0].position[0] = 0.3, b[0].position[1] = 3;
    b[1].shape = RC_RIGID_SHAPE_HULL, b[1].points = triangle, b[1].point_count = 3;
    b[1].position[0] = 3, b[1].position[1] = 2, b[1].orientation[0] = cos(0.2), b[1].orientation[3] = sin(0.2);
    b[2].shape = RC_RIGID_SHAPE_BOX, b[2].half[0] = 0.4, b[2].half[1] = 0.2;
    b[2].position[0] = -3, b[2].position[1] = 2, b[2].orientation[0] = cos(0.15), b[2].orientation[3] = sin(0.15);
    rc_rigid_static_def s[2] = {rc_rigid_default_static_def(), rc_rigid_default_static_def()};
    s[0].shape = RC_RIGID_SHAPE_HULL, s[0].points = wedge, s[0].point_count = 3;
    s[1].position[1] = -1, s[1].normal[1] = 1, s[1].normal[2] = 0;
    def.bodies = b, def.body_count = 3, def.statics = s, def.static_count = 2;
    rc_rigid *e;
    if (rc_rigid_create(&def, &e)) {
        CHECK(false, "tumble: %s", rc_error_get());
        return;
    }
    CHECK(rc_rigid_step(e, 6000) == RC_STATUS_OK, "tumble: %s", rc_error_get());
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    printf("tumble: %lld impacts, kinetic energy %.3g, deepest overlap %.3g\n", (long long)o.impacts, o.kinetic_energy,
           o.max_penetration);
    CHECK(o.max_penetration < 1e-9, "tumble: overlap %.17g", o.max_penetration);
    CHECK(o.kinetic_energy < 1e-12, "tumble: still moving (%.17g)", o.kinetic_energy);
    rc_rigid_destroy(e);
}

int main(void)
{
    box_like_hull(3);
    box_like_hull(2);
    round_inertia();
    squares_swap();
    settles_flat(3);
    settles_flat(2);
    tumble();
    return check_finish();
}
