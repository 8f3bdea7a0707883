/* SPDX-License-Identifier: MIT */
/* Impacts in the time-stepped engine (Vouga et al. 2017, sections 2 and 6; docs/design.md, "The time-stepped engine"). Oracles:
 * - conservation: two spinning boxes colliding in free space at c = 1 keep the total linear momentum and the angular
 *   momentum about the origin (orbital plus spin) to rounding, before, through and after the collision;
 * - the lever arm: a box dropped on one corner on a frictionless floor takes the impulse lambda n (n = z, lambda > 0)
 *   at the corner r, so its spin changes along I^-1 (r x n) and its horizontal velocity does not change;
 * - the resolver alone: Newton's cradle (3 balls, (1, 0, 0) -> (0, 0, 1): docs/design.md), Bernoulli's problem and the pool
 *   break (mirror symmetric under GR) give, after one step, the velocities rc_impact_solver_resolve gives for the
 *   same touching balls, and the step reports the resolver's iterations as its most;
 * - the counters: a ball moving into a floor it touches, at restitution 0 without friction, stops in one collision,
 *   settled (one impact, one impact-operator application), and is then held by one resting settle a step until it
 *   sleeps; the cradle is one impact resolved and no resting contact. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/rigid.h"

static rc_rigid *make(const rc_rigid_def *d, const char *what)
{
    rc_rigid *e = NULL;
    rc_status s = rc_rigid_create(d, &e);
    CHECK(s == RC_STATUS_OK, "%s: create: %s", what, rc_error_get());
    return e;
}

static void momenta(const rc_rigid *e, double *out)
{
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    memcpy(out, o.linear_momentum, 3 * sizeof *out);
    memcpy(out + 3, o.angular_momentum, 3 * sizeof *out);
}

static void spinning_boxes(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    rc_rigid_body_def b[2] = {rc_rigid_default_body_def(), rc_rigid_default_body_def()};
    const double x[2][3] = {{-1.3, 0.1, -0.05}, {1.3, -0.2, 0.15}}, v[2][3] = {{1, 0.05, 0}, {-1.2, 0, 0.02}},
                 w[2][3] = {{0.3, 0.5, 1.0}, {-0.2, 0.4, -0.7}}, q[2][4] = {{1, 0, 0, 0}, {0.9, 0.3, -0.2, 0.25}};
    for (int k = 0; k < 2; k++) {
        b[k].shape = RC_RIGID_SHAPE_BOX;
        b[k].half[0] = 0.5, b[k].half[1] = 0.4, b[k].half[2] = 0.3;
        b[k].density = k ? 2 : 1;
        memcpy(b[k].position, x[k], sizeof x[k]);
        memcpy(b[k].velocity, v[k], sizeof v[k]);
        memcpy(b[k].angular_velocity, w[k], sizeof w[k]);
        memcpy(b[k].orientation, q[k], sizeof q[k]);
    }
    d.bodies = b, d.body_count = 2;
    rc_rigid *e = make(&d, "spinning boxes");
    if (!e) return;
    double before[6], after[6], scale = 0;
    momenta(e, before);
    for (int i = 0; i < 6; i++) scale = fmax(scale, fabs(before[i]));
    rc_status s = rc_rigid_step(e, 2000);
    CHECK(s == RC_STATUS_OK, "spinning boxes: %s", rc_error_get());
    momenta(e, after);
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    CHECK(o.impacts > 0, "spinning boxes: they never collided");
    double v0[3];
    rc_rigid_body_state(e, 0, NULL, NULL, v0, NULL);
    CHECK(v0[0] < 0, "spinning boxes: box 0 still moves towards box 1 (%.17g)", v0[0]);
    for (int i = 0; i < 6; i++)
        CHECK(fabs(after[i] - before[i]) <= 1e-12 * scale, "spinning boxes: %s momentum %d %.17g -> %.17g",
              i < 3 ? "linear" : "angular", i % 3, before[i], after[i]);
    rc_rigid_destroy(e);
}

static void rotation_of(const double *q, double *m)
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                   2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                   2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    memcpy(m, r, sizeof r);
}

/* The spin angular momentum R I R^T w of a box with body inertia diag(inertia) per unit mass. */
static void spin(const double *q, const double *inertia, const double *w, double *out)
{
    double r[9], local[3];
    rotation_of(q, r);
    for (int i = 0; i < 3; i++) local[i] = inertia[i] * (r[i] * w[0] + r[3 + i] * w[1] + r[6 + i] * w[2]);
    for (int i = 0; i < 3; i++) out[i] = r[3 * i] * local[0] + r[3 * i + 1] * local[1] + r[3 * i + 2] * local[2];
}

static void corner_drop(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.gravity[2] = -9.81;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    b.shape = RC_RIGID_SHAPE_BOX;
    const double half[3] = {0.5, 0.3, 0.2}, q0[4] = {0.93, 0.22, 0.28, 0.05}; /* one corner lowest, off centre */
    memcpy(b.half, half, sizeof half);
    memcpy(b.orientation, q0, sizeof q0);
    b.position[2] = 1;
    rc_rigid_static_def floor = rc_rigid_default_static_def();
    d.bodies = &b, d.body_count = 1, d.statics = &floor, d.static_count = 1;
    rc_rigid *e = make(&d, "corner drop");
    if (!e) return;
    const double inertia[3] = {(half[1] * half[1] + half[2] * half[2]) / 3, (half[0] * half[0] + half[2] * half[2]) / 3,
                               (half[0] * half[0] + half[1] * half[1]) / 3};
    for (int step = 0; step < 2000; step++) {
        double x[3], q[4], w0[3], v[3], w[3], q1[4], rot[9], r[3] = {0, 0, 0}, lowest = INFINITY;
        rc_rigid_body_state(e, 0, x, q, NULL, w0);
        rc_rigid_observables o;
        rc_rigid_step(e, 1);
        rc_rigid_measure(e, &o);
        if (o.impacts == 0) continue;
        rc_rigid_body_state(e, 0, NULL, q1, v, w);
        rotation_of(q, rot);
        for (int k = 0; k < 8; k++) { /* the lowest corner, from the centre, before the impact */
            double local[3] = {k & 1 ? half[0] : -half[0], k & 2 ? half[1] : -half[1], k & 4 ? half[2] : -half[2]},
                   p[3];
            for (int i = 0; i < 3; i++)
                p[i] = rot[3 * i] * local[0] + rot[3 * i + 1] * local[1] + rot[3 * i + 2] * local[2];
            if (p[2] < lowest) lowest = p[2], memcpy(r, p, sizeof p);
        }
        /* the spin angular momentum about the centre changes by r x (lambda z), lambda > 0 */
        double l0[3], l1[3], rz[3] = {r[1], -r[0], 0}, along = 0, n0 = 0, n1 = 0;
        spin(q, inertia, w0, l0);
        spin(q1, inertia, w, l1);
        for (int i = 0; i < 3; i++) {
            double dl = l1[i] - l0[i];
            along += dl * rz[i], n0 += dl * dl, n1 += rz[i] * rz[i];
        }
        double cosine = along / sqrt(n0 * n1),
               wr[3] = {w[1] * r[2] - w[2] * r[1], w[2] * r[0] - w[0] * r[2], w[0] * r[1] - w[1] * r[0]};
        printf("corner drop: impact at step %d, corner r = (%.3f %.3f %.3f), cos(dL, r x z) = %.15f, corner "
               "v_z after %.3g\n",
               step, r[0], r[1], r[2], cosine, v[2] + wr[2]);
        CHECK(cosine > 1 - 1e-12, "corner drop: the spin changed off r x z (cos %.17g)", cosine);
        CHECK(v[2] + wr[2] >= 0, "corner drop: the corner still approaches the floor (%.17g)", v[2] + wr[2]);
        CHECK(fabs(v[0]) < 1e-14 && fabs(v[1]) < 1e-14, "corner drop: horizontal velocity %.17g %.17g", v[0], v[1]);
        rc_rigid_destroy(e);
        return;
    }
    CHECK(false, "corner drop: the box never reached the floor");
    rc_rigid_destroy(e);
}

/* Balls of radius 1 in 2D at the given centres, with the given velocities: one engine step against the resolver. */
static void against_resolver(int n, const double (*x)[2], const double (*v)[2], const char *what,
                             const double (*expect)[2])
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    rc_rigid_body_def b[16];
    rc_impact_problem *p;
    rc_impact_problem_create(&p);
    for (int i = 0; i < n; i++) {
        b[i] = rc_rigid_default_body_def();
        b[i].ball = true;
        b[i].position[0] = x[i][0], b[i].position[1] = x[i][1];
        b[i].velocity[0] = v[i][0], b[i].velocity[1] = v[i][1];
        rc_impact_problem_add_ball(p, 2, M_PI, x[i], v[i], NULL);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double r[2] = {x[i][0] - x[j][0], x[i][1] - x[j][1]}, len = hypot(r[0], r[1]);
            if (len > 2 + 1e-12) continue;
            double nn[2] = {r[0] / len, r[1] / len}, point[2] = {x[j][0] + nn[0], x[j][1] + nn[1]};
            rc_impact_problem_add_contact(p, i, j, point, nn, NULL);
        }
    rc_impact_options options = rc_impact_default_options();
    rc_impact_solver *solver;
    rc_impact_solver_create(&options, &solver);
    rc_impact_result r;
    CHECK(rc_impact_solver_resolve(solver, p, &r) == RC_STATUS_OK, "%s: resolver: %s", what, rc_error_get());
    d.bodies = b, d.body_count = n;
    rc_rigid *e = make(&d, what);
    if (e) {
        CHECK(rc_rigid_step(e, 1) == RC_STATUS_OK, "%s: step: %s", what, rc_error_get());
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double u[3];
            rc_rigid_body_state(e, i, NULL, NULL, u, NULL);
            for (int c = 0; c < 2; c++) {
                worst = fmax(worst, fabs(u[c] - r.velocity[2 * i + c]));
                if (expect)
                    CHECK(fabs(u[c] - expect[i][c]) < 1e-12, "%s: ball %d v[%d] %.17g, expected %.17g", what, i, c,
                          u[c], expect[i][c]);
            }
            if (!expect && fabs(x[i][1]) > 1e-12) /* the mirror image of ball i about the x axis */
                for (int j = 0; j < n; j++) {
                    if (fabs(x[j][0] - x[i][0]) > 1e-12 || fabs(x[j][1] + x[i][1]) > 1e-12) continue;
                    double uj[3];
                    rc_rigid_body_state(e, j, NULL, NULL, uj, NULL);
                    CHECK(fabs(u[0] - uj[0]) < 1e-12 && fabs(u[1] + uj[1]) < 1e-12,
                          "%s: balls %d and %d are not mirror images", what, i, j);
                }
        }
        rc_rigid_observables o;
        rc_rigid_measure(e, &o);
        printf("%s: largest difference from the resolver %.3g; %lld iterations (resolver %lld)\n", what, worst,
               (long long)o.max_iterations, (long long)r.iterations);
        CHECK(worst < 1e-12, "%s: differs from the resolver by %.17g", what, worst);
        CHECK(o.max_iterations == r.iterations, "%s: step reports %lld iterations, the resolver needed %lld", what,
              (long long)o.max_iterations, (long long)r.iterations);
        CHECK(o.impacts == 1 && o.iterations == r.iterations && o.resting_resolves == 0,
              "%s: %lld impacts, %lld iterations, %lld resting resolves; expected 1, %lld, 0", what,
              (long long)o.impacts, (long long)o.iterations, (long long)o.resting_resolves, (long long)r.iterations);
        rc_rigid_destroy(e);
    }
    rc_impact_solver_destroy(solver);
    rc_impact_problem_destroy(p);
}

static void resolver_scenes(void)
{
    const double cx[3][2] = {{0, 0}, {2, 0}, {4, 0}}, cv[3][2] = {{1, 0}, {0, 0}, {0, 0}},
                 cradle_out[3][2] = {{0, 0}, {0, 0}, {1, 0}};
    against_resolver(3, cx, cv, "Newton's cradle", cradle_out);
    const double bx[3][2] = {{-sqrt(3.0), 0}, {0, 1}, {0, -1}}, bv[3][2] = {{1, 0}, {0, 0}, {0, 0}};
    against_resolver(3, bx, bv, "Bernoulli's problem", NULL);
    double px[16][2], pv[16][2] = {{1, 0}};
    px[0][0] = -2, px[0][1] = 0;
    int n = 1;
    for (int row = 0; row < 5; row++)
        for (int k = 0; k <= row; k++) {
            px[n][0] = row * sqrt(3.0), px[n][1] = 2 * k - row;
            pv[n][0] = pv[n][1] = 0;
            n++;
        }
    against_resolver(n, (const double(*)[2])px, (const double(*)[2])pv, "pool break", NULL);
}

/* A ball of radius 1 touching a floor moves into it at 1 (h = 1e-3, g = 10, restitution 0, no friction): the one
 * collision, far faster than g h, is settled in the first step; then each step's gravity is taken out by a resting
 * settle until the ball sleeps, 0.5 (500 steps) at rest. (A ball falling from above is stopped by its speculative
 * contact short of the floor and lands in a few more small collisions: not a count known in advance.) */
static void landed_ball(void)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.gravity[2] = -10;
    d.impact.restitution = 0;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    b.ball = true;
    b.position[2] = 1, b.velocity[2] = -1;
    rc_rigid_static_def floor = rc_rigid_default_static_def();
    d.bodies = &b, d.body_count = 1, d.statics = &floor, d.static_count = 1;
    rc_rigid *e = make(&d, "landed ball");
    if (!e) return;
    CHECK(rc_rigid_step(e, 1000) == RC_STATUS_OK, "landed ball: %s", rc_error_get());
    rc_rigid_observables o;
    rc_rigid_measure(e, &o);
    printf("landed ball: %lld impacts, %lld impact iterations, %lld resting resolves, %d asleep after %lld steps\n",
           (long long)o.impacts, (long long)o.iterations, (long long)o.resting_resolves, (int)o.sleeping,
           (long long)o.steps);
    CHECK(o.impacts == 1 && o.iterations == 1 && o.max_iterations == 1,
          "landed ball: %lld impacts, %lld iterations (most in a step %lld); expected one of each",
          (long long)o.impacts, (long long)o.iterations, (long long)o.max_iterations);
    CHECK(o.sleeping == 1 && o.resting_resolves >= 499 && o.resting_resolves <= 501,
          "landed ball: %lld resting resolves, %d asleep; expected about 500 and asleep", (long long)o.resting_resolves,
          (int)o.sleeping);
    rc_rigid_destroy(e);
}

int main(void)
{
    landed_ball();
    spinning_boxes();
    corner_drop();
    resolver_scenes();
    return check_finish();
}
