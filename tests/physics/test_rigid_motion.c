/* SPDX-License-Identifier: MIT */
/* Longer motions of the time-stepped engine (docs/design.md, "The time-stepped engine"; Vouga et al. 2017, Fig. 1 and
 * section 6.3). Oracles:
 * - a die thrown spinning on a table with friction (mu = 0.5, c = 0.3) comes to rest (kinetic energy below 1e-9 of
 *   its start) lying on a face: one body axis along z to 1e-6 and the centre at the half height;
 * - the ball geyser (Fig. 1) as a time-stepped 2D scene: without lineality detection the first impact does not end
 *   within a budget of 10^4 iterations (RC_STATUS_NOT_TERMINATED); with it the step ends and the plug moves up;
 * - elastic balls bouncing in a closed 2D box under gravity keep kinetic plus potential energy to 1e-9 over 20,000
 *   steps (flight is the exact parabola, impacts are elastic), and never overlap beyond rounding;
 * - 96 balls falling into a funnel of two tilted static boxes (restitution 0.2) crowd through it for 1,500 steps
 *   without any overlap beyond rounding: no interpenetration appears, so none can grow;
 * - the range: a velocity, an angular velocity or a gravity beyond 2^40 is refused naming the field, and a box falling
 *   under gravity 2^39 with h = 1 stops (RC_STATUS_NOT_TERMINATED, naming the body) at the first step that takes it beyond
 *   2^40: after two it is 2^40 - 2 below the origin moving at 2^40, both in range; the third takes it 2.5 x 2^39
 *   further (the mean of the velocities before and after), and the state is still finite. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/rigid.h"

static void die(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.gravity[2] = -9.81;
    d.impact.friction = 0.5;
    d.impact.restitution = 0.3;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    b.shape = RC_RIGID_SHAPE_BOX;
    b.half[0] = b.half[1] = b.half[2] = 0.5;
    const double q[4] = {0.8, 0.3, -0.4, 0.33}, v[3] = {2, 0.5, 0}, w[3] = {3, -4, 6};
    memcpy(b.orientation, q, sizeof q);
    memcpy(b.velocity, v, sizeof v);
    memcpy(b.angular_velocity, w, sizeof w);
    b.position[2] = 1.5;
    rc_rigid_static_def table = rc_rigid_default_static_def();
    d.bodies = &b, d.body_count = 1, d.statics = &table, d.static_count = 1;
    rc_rigid *e;
    if (rc_rigid_create(&d, &e)) {
        CHECK(false, "die: %s", rc_error_get());
        return;
    }
    rc_rigid_observables start, end;
    rc_rigid_measure(e, &start);
    CHECK(rc_rigid_step(e, 6000) == RC_STATUS_OK, "die: %s", rc_error_get());
    rc_rigid_measure(e, &end);
    double clock = rc_rigid_time(e); /* the driver's cheap read of the same counters */
    int64_t steps = rc_rigid_steps(e);
    CHECK(steps == 6000 && end.steps == steps && end.time == clock, "clock: %lld steps at t = %g, measured %lld at %g",
          (long long)steps, clock, (long long)end.steps, end.time);
    double x[3], o[4];
    rc_rigid_body_state(e, 0, x, o, NULL, NULL);
    /* the z components of the body axes: the third row of the rotation */
    double zx = 2 * (o[1] * o[3] - o[0] * o[2]), zy = 2 * (o[2] * o[3] + o[0] * o[1]),
           zz = 1 - 2 * (o[1] * o[1] + o[2] * o[2]);
    double up = fmax(fabs(zx), fmax(fabs(zy), fabs(zz)));
    printf("die: kinetic energy %.3g (start %.3g), an axis along z to %.3g, centre height %.9f\n", end.kinetic_energy,
           start.kinetic_energy, 1 - up, x[2]);
    CHECK(end.kinetic_energy < 1e-9 * start.kinetic_energy, "die: still moving (%.17g)", end.kinetic_energy);
    CHECK(1 - up < 1e-6, "die: not on a face (axis off z by %.17g)", 1 - up);
    CHECK(fabs(x[2] - 0.5) < 1e-3, "die: centre at height %.17g, not 0.5", x[2]);
    rc_rigid_destroy(e);
}

/* The geyser of Fig. 1 in 2D: shaft walls x = -1 and x = 1, a plug of three unit balls touching both walls, and a
 * ball of radius 1/2 fired up along the left wall touching the plug's bottom ball off centre. */
static rc_status geyser(bool lineality, double *plug_velocity)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.impact.lineality = lineality;
    d.impact.max_iterations = 10000;
    rc_rigid_body_def b[4];
    for (int k = 0; k < 4; k++) {
        b[k] = rc_rigid_default_body_def();
        b[k].ball = true;
        b[k].position[1] = 2 * k;
    }
    b[3].radius = 0.5;
    b[3].position[0] = -0.5, b[3].position[1] = -sqrt(2.0);
    b[3].velocity[1] = 1;
    rc_rigid_static_def walls[2] = {rc_rigid_default_static_def(), rc_rigid_default_static_def()};
    for (int w = 0; w < 2; w++) {
        walls[w].position[0] = w ? 1 : -1;
        walls[w].normal[0] = w ? -1 : 1, walls[w].normal[2] = 0;
    }
    d.bodies = b, d.body_count = 4, d.statics = walls, d.static_count = 2;
    rc_rigid *e;
    rc_status s = rc_rigid_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "geyser: %s", rc_error_get());
    if (s) return s;
    s = rc_rigid_step(e, 1);
    double v[3];
    rc_rigid_body_state(e, 2, NULL, NULL, v, NULL);
    *plug_velocity = v[1];
    rc_rigid_destroy(e);
    return s;
}

static void geysers(void)
{
    double up;
    rc_status s = geyser(false, &up);
    printf("geyser without lineality: %s\n", rc_status_name(s));
    CHECK(s == RC_STATUS_NOT_TERMINATED, "geyser without lineality: %s, expected not_terminated", rc_status_name(s));
    s = geyser(true, &up);
    printf("geyser with lineality: %s, top of the plug moves up at %.6f\n", rc_status_name(s), up);
    CHECK(s == RC_STATUS_OK, "geyser with lineality: %s (%s)", rc_status_name(s), rc_error_get());
    CHECK(up > 1e-3, "geyser with lineality: the plug does not move up (%.17g)", up);
}

static void bouncing(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.gravity[1] = -1;
    rc_rigid_body_def b[12];
    for (int k = 0; k < 12; k++) {
        b[k] = rc_rigid_default_body_def();
        b[k].ball = true;
        b[k].radius = 0.5;
        b[k].position[0] = 1 + 2.5 * (k % 4), b[k].position[1] = 2 + 3 * (k / 4);
        b[k].velocity[0] = cos(1.7 * k), b[k].velocity[1] = sin(2.3 * k);
    }
    rc_rigid_static_def walls[4];
    const double n[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}, p[4][2] = {{0, 0}, {0, 12}, {0, 0}, {10, 0}};
    for (int w = 0; w < 4; w++) {
        walls[w] = rc_rigid_default_static_def();
        walls[w].normal[0] = n[w][0], walls[w].normal[1] = n[w][1], walls[w].normal[2] = 0;
        walls[w].position[0] = p[w][0], walls[w].position[1] = p[w][1];
    }
    d.bodies = b, d.body_count = 12, d.statics = walls, d.static_count = 4;
    rc_rigid *e;
    if (rc_rigid_create(&d, &e)) {
        CHECK(false, "bouncing: %s", rc_error_get());
        return;
    }
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    double e0 = o.kinetic_energy + o.potential_energy, worst = 0;
    for (int k = 0; k < 200; k++) {
        CHECK(rc_rigid_step(e, 100) == RC_STATUS_OK, "bouncing: %s", rc_error_get());
        rc_rigid_measure(e, &o);
        worst = fmax(worst, fabs(o.kinetic_energy + o.potential_energy - e0) / e0);
    }
    printf("bouncing: %lld impacts, largest energy error %.3g, deepest overlap %.3g\n", (long long)o.impacts, worst,
           o.max_penetration);
    CHECK(o.impacts > 100, "bouncing: only %lld impacts", (long long)o.impacts);
    CHECK(worst < 1e-9, "bouncing: energy off by %.17g", worst);
    CHECK(o.max_penetration < 1e-9, "bouncing: overlap %.17g", o.max_penetration);
    rc_rigid_destroy(e);
}

static void funnel(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.time_step = 0.002;
    d.gravity[1] = -9.81;
    d.impact.restitution = 0.2;
    rc_rigid_body_def b[96];
    for (int k = 0; k < 96; k++) {
        b[k] = rc_rigid_default_body_def();
        b[k].ball = true;
        b[k].radius = 0.5;
        b[k].position[0] = -4.5 + 1.2 * (k % 8), b[k].position[1] = 3 + 1.2 * (k / 8);
    }
    rc_rigid_static_def s[3] = {rc_rigid_default_static_def(), rc_rigid_default_static_def(),
                                rc_rigid_default_static_def()};
    for (int w = 0; w < 2; w++) {
        s[w].shape = RC_RIGID_SHAPE_BOX;
        s[w].half[0] = 10, s[w].half[1] = 1;
        s[w].position[0] = w ? 8 : -8;
        s[w].orientation[0] = cos(0.3), s[w].orientation[3] = w ? sin(0.3) : -sin(0.3);
    }
    s[2].position[1] = -20, s[2].normal[1] = 1, s[2].normal[2] = 0;
    d.bodies = b, d.body_count = 96, d.statics = s, d.static_count = 3;
    rc_rigid *e;
    if (rc_rigid_create(&d, &e)) {
        CHECK(false, "funnel: %s", rc_error_get());
        return;
    }
    CHECK(rc_rigid_step(e, 1500) == RC_STATUS_OK, "funnel: %s", rc_error_get());
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    printf("funnel: %lld impacts, most contacts %lld, deepest overlap %.3g\n", (long long)o.impacts,
           (long long)o.max_contacts, o.max_penetration);
    CHECK(o.impacts > 100, "funnel: only %lld impacts", (long long)o.impacts);
    CHECK(o.max_penetration < 1e-9, "funnel: overlap %.17g", o.max_penetration);
    rc_rigid_destroy(e);
}

static void out_of_range(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    b.shape = RC_RIGID_SHAPE_BOX, b.half[0] = b.half[1] = 1;
    d.bodies = &b, d.body_count = 1;
    rc_rigid *e = NULL;
    b.velocity[0] = 1e200;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "bodies[0].velocity: entry 0"),
          "a velocity of 1e200: %s", rc_error_get());
    b.velocity[0] = 0, b.angular_velocity[2] = -1e200;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "bodies[0].angular_velocity"),
          "an angular velocity of -1e200: %s", rc_error_get());
    b.angular_velocity[2] = 0, d.gravity[1] = -1e300;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "gravity: entry 1"),
          "a gravity of 1e300: %s", rc_error_get());
    d.gravity[1] = -0x1p39, d.time_step = 1;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_OK, "gravity 2^39: %s", rc_error_get());
    if (!e) return;
    CHECK(rc_rigid_step(e, 2) == RC_STATUS_OK, "two steps under gravity 2^39: %s", rc_error_get());
    rc_status s = rc_rigid_step(e, 10);
    printf("out of range: %s\n", rc_error_get());
    CHECK(s == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "body 0's position reached 2.4739e+12") &&
              strstr(rc_error_get(), "(step 3)"),
          "the third step under gravity 2^39: %d, %s", (int)s, rc_error_get());
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    CHECK(o.steps == 3 && isfinite(o.energy), "stopped after %lld steps, energy %g", (long long)o.steps, o.energy);
    rc_rigid_destroy(e);
}

int main(void)
{
    out_of_range();
    die();
    geysers();
    bouncing();
    funnel();
    return check_finish();
}
