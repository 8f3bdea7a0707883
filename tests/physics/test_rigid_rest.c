/* SPDX-License-Identifier: MIT */
/* Resting contact in the time-stepped engine (docs/design.md, "The time-stepped engine": a stack rests without sinking,
 * creeping or jitter). Oracle: the invariant "at rest stays at rest": a tower of 10 unit boxes on a floor
 * and a 2D pyramid of 15 unit balls between two walls, under gravity and at c = 1 (the hardest case: every
 * collision elastic), keep every body within 1e-6 body lengths of where it started over 10,000 steps, and never
 * overlap by more than rounding. And the resting resolve itself (rc_impact_solver_settle): on a touching 2D pile of
 * balls falling at g h its velocities are the resolver's inelastic answer (restitution 0) to the tolerance asked,
 * and started from its own answer it stops after one sweep with the same impulses; a contact allowed to keep some
 * approach (a speculative contact) keeps exactly that, with momentum conserved (two balls, closed form). The
 * settle's shortcuts (compact rows of 2D balls, rows of a problem prepared once a step) give the general path's
 * bits. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "impact/problem.h"
#include "impact/settle.h"
#include "ricochet/rigid.h"

/* The largest distance any body moved from `start`, and the largest overlap seen, after `steps` steps. */
static void rest(const rc_rigid_def *def, int64_t steps, double length, const char *what)
{
    rc_rigid_def d_awake = *def, *d = &d_awake;
    d_awake.sleep =
        false; /* the settle must hold the stack itself; asleep it would not move at all (test_rigid_sleep) */
    rc_rigid *e;
    rc_status s = rc_rigid_create(d, &e);
    CHECK(s == RC_STATUS_OK, "%s: create: %s", what, rc_error_get());
    if (s) return;
    double start[64][3];
    for (int32_t i = 0; i < d->body_count; i++) rc_rigid_body_state(e, i, start[i], NULL, NULL, NULL);
    s = rc_rigid_step(e, steps);
    CHECK(s == RC_STATUS_OK, "%s: step: %s", what, rc_error_get());
    double drift = 0;
    for (int32_t i = 0; i < d->body_count; i++) {
        double x[3];
        rc_rigid_body_state(e, i, x, NULL, NULL, NULL);
        drift =
            fmax(drift, sqrt((x[0] - start[i][0]) * (x[0] - start[i][0]) + (x[1] - start[i][1]) * (x[1] - start[i][1]) +
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
        b[k] = rc_rigid_default_body_def();
        b[k].shape = RC_RIGID_SHAPE_BOX;
        b[k].half[0] = b[k].half[1] = b[k].half[2] = 0.5;
        b[k].position[2] = 0.5 + k;
    }
    rc_rigid_static_def floor = rc_rigid_default_static_def();
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
            b[n] = rc_rigid_default_body_def();
            b[n].ball = true;
            b[n].position[0] = 1 + row + 2 * k;
            b[n++].position[1] = 1 + row * sqrt(3.0);
        }
    rc_rigid_static_def walls[3];
    const double normals[3][2] = {{0, 1}, {1, 0}, {-1, 0}}, points[3][2] = {{0, 0}, {0, 0}, {10, 0}};
    for (int w = 0; w < 3; w++) {
        walls[w] = rc_rigid_default_static_def();
        walls[w].normal[0] = normals[w][0], walls[w].normal[1] = normals[w][1], walls[w].normal[2] = 0;
        walls[w].position[0] = points[w][0], walls[w].position[1] = points[w][1];
    }
    d.bodies = b, d.body_count = n, d.statics = walls, d.static_count = 3;
    rest(&d, 10000, 2, "15-ball pyramid");
}

/* A hexagonal pile of rows x 8 touching unit-mass 2D balls of radius 0.5 on a floor, every ball falling at 0.01. */
static rc_impact_problem *falling_pile(int rows)
{
    rc_impact_problem *p;
    rc_impact_problem_create(&p);
    for (int row = 0; row < rows; row++)
        for (int k = 0; k < 8; k++) {
            double x[2] = {k + 0.5 * (row % 2), 0.5 + row * sqrt(3.0) / 2}, v[2] = {0, -0.01}, n[2] = {0, 1};
            int me;
            rc_impact_problem_add_ball(p, 2, 1, x, v, &me);
            if (row == 0) rc_impact_problem_add_contact(p, me, -1, (double[2]){x[0], 0}, n, NULL);
            if (k > 0)
                rc_impact_problem_add_contact(p, me, me - 1, (double[2]){x[0] - 0.5, x[1]}, (double[2]){1, 0}, NULL);
            for (int side = 0; row > 0 && side < 2; side++) { /* the two balls below, when they exist */
                int below = k + (row % 2 ? side : side - 1);
                if (below < 0 || below > 7) continue;
                double dx = below + 0.5 * ((row - 1) % 2) - x[0], u[2] = {-dx, sqrt(3.0) / 2};
                rc_impact_problem_add_contact(p, me, (row - 1) * 8 + below,
                                              (double[2]){x[0] - u[0] / 2, x[1] - u[1] / 2}, u, NULL);
            }
        }
    return p;
}

static void settle(void)
{
    rc_impact_problem *p = falling_pile(6);
    int m = rc_impact_problem_contact_count(p), n = rc_impact_problem_dof_count(p);
    rc_impact_options options = rc_impact_default_options();
    options.restitution = 0;
    rc_impact_solver *exact, *settler;
    rc_impact_solver_create(&options, &exact);
    rc_impact_solver_create(&options, &settler);
    rc_impact_result r, q;
    CHECK(rc_impact_solver_resolve(exact, p, &r) == RC_STATUS_OK, "settle: resolver: %s", rc_error_get());
    double *impulse = calloc((size_t)m, sizeof *impulse), tolerance = 1e-10;
    CHECK(rc_impact_solver_settle(settler, p, impulse, NULL, tolerance, 100000, &q) == RC_STATUS_OK, "settle: %s",
          rc_error_get());
    double worst = 0;
    for (int i = 0; i < n; i++) worst = fmax(worst, fabs(q.velocity[i] - r.velocity[i]));
    int64_t cold = q.iterations;
    CHECK(rc_impact_solver_settle(settler, p, impulse, NULL, tolerance, 100000, &q) == RC_STATUS_OK, "settle: warm: %s",
          rc_error_get());
    printf("settle: %d contacts, %lld sweeps from 0, %lld from its answer; velocities off the resolver's by %.3g\n", m,
           (long long)cold, (long long)q.iterations, worst);
    CHECK(cold > 1 && q.iterations == 1, "settle: %lld sweeps warm", (long long)q.iterations);
    CHECK(worst < 1e3 * tolerance, "settle: velocities off the inelastic answer by %.17g", worst);
    CHECK(q.min_relative_velocity > -1e-6, "settle: a contact still approaches (%.17g)", q.min_relative_velocity);
    free(impulse);
    rc_impact_solver_destroy(exact);
    rc_impact_solver_destroy(settler);
    rc_impact_problem_destroy(p);
}

/* A speculative contact (rc_impact_solver_settle's allowance): ball a (mass 1) approaches ball b (mass 3, at rest)
 * at 1 along the normal. Allowed to keep an approach of 0.25, the settle leaves exactly that, with momentum kept:
 * v_a - v_b = -0.25 and v_a + 3 v_b = -1, so v_a = -0.4375, v_b = -0.1875, impulse 0.5625; allowed 2, nothing
 * changes (impulse 0); allowed nothing, the inelastic answer (both at -0.25). */
static void allowance(void)
{
    const double allowed[3] = {0.25, 2, 0}, want_a[3] = {-0.4375, -1, -0.25}, want_b[3] = {-0.1875, 0, -0.25};
    for (int c = 0; c < 3; c++) {
        rc_impact_problem *p;
        rc_impact_problem_create(&p);
        rc_impact_problem_add_ball(p, 2, 1, (double[2]){1, 0}, (double[2]){-1, 0}, NULL);
        rc_impact_problem_add_ball(p, 2, 3, (double[2]){0, 0}, (double[2]){0, 0}, NULL);
        rc_impact_problem_add_contact(p, 0, 1, (double[2]){0.5, 0}, (double[2]){1, 0}, NULL);
        rc_impact_solver *settler;
        rc_impact_solver_create(NULL, &settler);
        rc_impact_result q;
        double impulse = 0;
        CHECK(rc_impact_solver_settle(settler, p, &impulse, c < 2 ? &allowed[c] : NULL, 1e-14, 100, &q) == RC_STATUS_OK,
              "allowance: %s", rc_error_get());
        CHECK(fabs(q.velocity[0] - want_a[c]) < 1e-14 && fabs(q.velocity[2] - want_b[c]) < 1e-14 &&
                  fabs(q.velocity[1]) + fabs(q.velocity[3]) == 0,
              "allowance %g: velocities %.17g and %.17g, not %g and %g", allowed[c], q.velocity[0], q.velocity[2],
              want_a[c], want_b[c]);
        CHECK(fabs(impulse - 3 * (-want_b[c])) < 1e-14, "allowance %g: impulse %.17g", allowed[c], impulse);
        rc_impact_solver_destroy(settler);
        rc_impact_problem_destroy(p);
    }
}

/* The settle's shortcuts give the same bits as the general path (src/impact/settle.c): (1) the pile's rows of two
 * 2D balls swept in their compact form against the same pile with one more, separate bare dof and a one-entry
 * constraint (separating: it never moves), which sends every row through the general sparse sweeps; (2) some
 * contacts of a problem prepared once (rc_impact_solver_settle_rows) against a problem built of those contacts alone.
 * Seven sweeps from nothing, so the answer is an unconverged one, sensitive to any change of an operation or of the
 * order of two rows that share a ball: the compact rows' last three sweeps go in wave order, the general ones in
 * list order. Beside the pile, two balls at rest side by side with x velocity -0: their row never changes, and a
 * write-back of its zero change (v + 0 w, w > 0) would turn the right one's -0 into +0. */
static void same_bits(void)
{
    rc_impact_problem *p = falling_pile(6), *q = falling_pile(6), *part = falling_pile(0);
    for (int k = 0; k < 2; k++) { /* two balls at rest apart from the pile, touching side by side, x velocity -0 */
        rc_impact_problem *r = k ? q : p;
        int left, right;
        rc_impact_problem_add_ball(r, 2, 1, (double[2]){20, 5}, (double[2]){-0.0, 0}, &left);
        rc_impact_problem_add_ball(r, 2, 1, (double[2]){21, 5}, (double[2]){-0.0, 0}, &right);
        rc_impact_problem_add_contact(r, right, left, (double[2]){20.5, 5}, (double[2]){1, 0}, NULL);
    }
    int m = rc_impact_problem_contact_count(p), n = rc_impact_problem_dof_count(p), dof;
    rc_impact_problem_add_dofs(q, 1, (double[1]){2}, (double[1]){1}, &dof);
    rc_impact_problem_add_constraint(q, 1, &dof, (double[1]){1}, NULL);
    rc_impact_solver *a, *b;
    rc_impact_solver_create(NULL, &a);
    rc_impact_solver_create(NULL, &b);
    double *ia = calloc((size_t)m + 1, sizeof *ia), *ib = calloc((size_t)m + 1, sizeof *ib),
           *va = malloc((size_t)n * sizeof *va);
    rc_impact_result ra, rb;
    CHECK(rc_impact_solver_settle(a, p, ia, NULL, 1e-300, 7, &ra) == RC_STATUS_OK &&
              rc_impact_solver_settle(b, q, ib, NULL, 1e-300, 7, &rb) == RC_STATUS_OK,
          "same bits: %s", rc_error_get());
    CHECK(memcmp(ra.velocity, rb.velocity, (size_t)n * sizeof *va) == 0 &&
              memcmp(ia, ib, (size_t)m * sizeof *ia) == 0 && ib[m] == 0 && rb.velocity[n] == 1,
          "same bits: the ball rows' sweeps differ from the general sweeps");
    /* contacts 10 .. 29 of the pile, in list order, alone and as rows of the prepared pile */
    enum { FIRST = 10, COUNT = 20 };
    int rows[COUNT], map[64];
    for (int i = 0; i < 64; i++) map[i] = -1;
    for (int t = 0; t < COUNT; t++) {
        rows[t] = FIRST + t;
        const rc_contact *c = &p->contacts[rows[t]];
        int body[2] = {c->body_a, c->body_b};
        const double *point = c->point, *normal = c->normal;
        for (int side = 0; side < 2; side++)
            if (body[side] >= 0 && map[body[side]] < 0) {
                int first = rc_impact_problem_body_first_dof(p, body[side]);
                rc_impact_problem_add_ball(part, 2, 1, (double[2]){0, 0}, rc_impact_problem_velocity(p) + first,
                                           &map[body[side]]);
            }
        rc_impact_problem_add_contact(part, map[body[0]], body[1] >= 0 ? map[body[1]] : -1, point, normal, NULL);
    }
    for (int t = 0; t < COUNT; t++) ia[t] = ib[t] = 0;
    CHECK(rc_impact_solver_settle(a, part, ia, NULL, 1e-300, 7, &ra) == RC_STATUS_OK, "same bits: part: %s",
          rc_error_get());
    memcpy(va, rc_impact_problem_velocity(p), (size_t)n * sizeof *va);
    int sweeps;
    CHECK(rc_impact_solver_prepare(b, p) == RC_STATUS_OK &&
              rc_impact_solver_settle_rows(b, rows, COUNT, va, ib, NULL, 1e-300, 7, &sweeps) == RC_STATUS_OK &&
              sweeps == ra.iterations,
          "same bits: rows: %s", rc_error_get());
    bool same = memcmp(ia, ib, COUNT * sizeof *ia) == 0;
    for (int i = 0; i < 48; i++)
        if (map[i] >= 0)
            same &= memcmp(va + rc_impact_problem_body_first_dof(p, i),
                           ra.velocity + rc_impact_problem_body_first_dof(part, map[i]), 2 * sizeof *va) == 0;
    CHECK(same, "same bits: the rows of a prepared problem settle differently from a problem of them alone");
    free(ia);
    free(ib);
    free(va);
    rc_impact_solver_destroy(a);
    rc_impact_solver_destroy(b);
    rc_impact_problem_destroy(p);
    rc_impact_problem_destroy(q);
    rc_impact_problem_destroy(part);
}

int main(void)
{
    settle();
    same_bits();
    allowance();
    tower();
    pyramid();
    return check_finish();
}
