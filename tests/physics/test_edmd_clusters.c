/* SPDX-License-Identifier: MIT */
/* Simultaneous impacts and inelastic collapse inside the event-driven engine (docs/design.md, "Simultaneous contacts",
 * "Inelastic collapse"; Vouga et al. 2017 sections 3-6 through src/impact).
 *
 * Oracles:
 * - Newton's cradle as a free line of touching balls: under GR and pairwise Gauss-Seidel the velocity passes down the
 *   line and the last s balls break away at the strikers' speed while the others stop (test_impact_chain.c derives
 *   it); energy and momentum are kept at e = 1; Gauss-Seidel in lexicographic order gives the velocities of classic
 *   sequential processing (contact_tolerance = 0).
 * - The pool break is mirror-symmetric about the cue's line; GR is a symmetric operator, so the whole trajectory keeps
 *   the symmetry to rounding, while Gauss-Seidel's order breaks it. Energy is kept at e = 1.
 * - Three particles on a line at (0, 1, 2.3), v = (1, 0, -1): the exact count of binary collisions follows from 1D
 *   sequential collisions computed here in long double; above the collapse threshold 7 - 4 sqrt(3) the engine must
 *   give that count (and form no cluster); below it (e = 0.05) the collisions pile up in finite time, and the engine
 *   must go on past the collapse with the limit of that sequence: the three touching (within the contact tolerance)
 *   and moving with the common velocity to rounding (the total momentum is zero, so at rest). Bent in 2D (the middle
 *   disc off the line) the collapse ends with the middle squeezed out, the momentum kept.
 * - A ball at rest on a plate falls asleep while the clock of the rest of the system goes on; a ball dropped on a
 *   sleeping ball wakes it and (e = 1) bounces back to its height, the sleeper coming back to rest.
 * - A stalled clock (sleeping off) stops the run with RC_STATUS_NOT_TERMINATED naming the particle.
 * - A dense thermostatted gas at e = 0.2 collapses under classic processing (the watchdog stops it); clusters end each
 *   collapse and the run goes through.
 * - A freely cooling gas at e = 0.9 follows Haff's law until density clusters form, then cools slower than it, and
 *   the run goes on through the clustering.
 * - A granular pile: 100 spheres, and 2,000 as in examples/edmd/granular_pile.json (not under AddressSanitizer), at e = 0.8 dropped into a box
 *   under gravity all come to rest (asleep, sticking friction 0.5 at rest) and the clock goes on to the stop time;
 *   the final state is checked on its own: no pair closer than a diameter and no sphere below the floor (to 1e-9),
 *   zero kinetic energy, energy balance kept. A ball wedged between two sleepers is held by friction 0.5, not 0.2.
 *   A ball sliding in a groove between a wall and a lower sleeper passes it (sliding keeps the lift its contact
 *   gave it).
 * - The ball geyser (paper Fig. 1): with lineality detection off the first impact does not end within its budget;
 *   with it on the plug is pushed up the shaft; with slightly shrunken balls there is no implicit equality and both
 *   end. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

#define MAXP 32

typedef struct scene {
    rc_edmd_def def;
    int32_t n;
    double x[3 * MAXP], v[3 * MAXP], r[MAXP], m[MAXP];
} scene;

static void scene_init(scene *s, int dimension, double bx, double by, double bz, bool periodic)
{
    memset(s, 0, sizeof *s);
    s->def = rc_edmd_default_def();
    s->def.dimension = dimension;
    s->def.box[0] = bx, s->def.box[1] = by, s->def.box[2] = bz;
    for (int a = 0; a < 3; a++) s->def.periodic[a] = periodic;
}

static void add(scene *s, double x, double y, double z, double vx, double vy, double vz, double radius, double mass)
{
    int32_t k = s->n++;
    s->x[3 * k] = x, s->x[3 * k + 1] = y, s->x[3 * k + 2] = z;
    s->v[3 * k] = vx, s->v[3 * k + 1] = vy, s->v[3 * k + 2] = vz;
    s->r[k] = radius, s->m[k] = mass;
}

/* Builds the engine, runs it to `time` (and at most `events`), returns the status and fills the frame. */
static rc_status run(scene *s, double time, uint64_t events, rc_frame *frame, rc_edmd_observables *o)
{
    s->def.count = s->n;
    s->def.positions = s->x, s->def.velocities = s->v, s->def.radii = s->r, s->def.masses = s->m;
    rc_edmd *e = NULL;
    rc_status st = rc_edmd_create(&s->def, &e);
    CHECK(st == RC_STATUS_OK, "create: %s", rc_error_get());
    if (st != RC_STATUS_OK) return st;
    rc_edmd_limits limits = {time, 0, events};
    st = rc_edmd_advance(e, &limits);
    rc_frame_create(frame, s->n, false);
    rc_edmd_fill_frame(e, frame);
    rc_edmd_measure(e, o);
    rc_edmd_destroy(e);
    return st;
}

/* Runs a scene file's text to time `stop`; fills the frame (which the caller releases) and the observables when the
 * engine was made. Returns the status (the error is in rc_error_get). */
static rc_status run_scene_text(const char *text, double stop, rc_frame *frame, rc_edmd_observables *o)
{
    rc_edmd_scene *parsed = NULL;
    rc_edmd *e = NULL;
    rc_status st = rc_edmd_scene_create_from_text(text, &parsed);
    if (st == RC_STATUS_OK) st = rc_edmd_scene_create_engine(parsed, &e);
    if (st == RC_STATUS_OK) {
        rc_edmd_limits limits = {stop, 0, 0};
        st = rc_edmd_advance(e, &limits);
        rc_frame_create(frame, rc_edmd_count(e), false);
        rc_edmd_fill_frame(e, frame);
        rc_edmd_measure(e, o);
    }
    rc_edmd_destroy(e);
    rc_edmd_scene_destroy(parsed);
    return st;
}

static double momentum_x(const rc_frame *f, const double *m)
{
    double p = 0;
    for (int32_t i = 0; i < f->count; i++) p += m[i] * f->velocities[3 * i];
    return p;
}

/* ---- Newton's cradle ---- */

static void cradle(scene *s, int n, int strikers, rc_impact_operator op, double tolerance)
{
    scene_init(s, 3, 40, 10, 10, true);
    s->def.impact.op = op;
    s->def.contact_tolerance = tolerance;
    for (int i = 0; i < n; i++) {
        bool striker = i < strikers;
        add(s, striker ? 2 - (strikers - 1 - i) : 5 + (i - strikers), 5, 5, striker ? 1 : 0, 0, 0, 0.5, 1);
    }
}

static void test_cradle(void)
{
    for (int n = 3; n <= 5; n += 2)
        for (int strikers = 1; strikers <= 2; strikers++) {
            rc_frame classic = {0};
            rc_edmd_observables o;
            scene s;
            cradle(&s, n, strikers, RC_IMPACT_OPERATOR_GS, 0);
            run(&s, 20, 0, &classic, &o);
            for (int op = RC_IMPACT_OPERATOR_GR; op <= RC_IMPACT_OPERATOR_GS; op++) {
                rc_frame f = {0};
                cradle(&s, n, strikers, (rc_impact_operator)op, 1e-9);
                rc_status st = run(&s, 20, 0, &f, &o);
                const char *name = rc_impact_operator_name((rc_impact_operator)op);
                CHECK(st == RC_STATUS_OK && o.time == 20, "cradle %d/%d %s: %s", n, strikers, name, rc_error_get());
                CHECK(o.clusters >= 1 && o.largest_cluster == n, "cradle %d/%d %s: %llu clusters, largest %d", n,
                      strikers, name, (unsigned long long)o.clusters, (int)o.largest_cluster);
                double worst = 0, worst_classic = 0;
                for (int i = 0; i < n; i++) {
                    double expected = i >= n - strikers ? 1 : 0;
                    worst = fmax(worst, fabs(f.velocities[3 * i] - expected) + fabs(f.velocities[3 * i + 1]));
                    if (op == RC_IMPACT_OPERATOR_GS)
                        worst_classic = fmax(worst_classic, fabs(f.velocities[3 * i] - classic.velocities[3 * i]));
                }
                CHECK(worst <= 1e-12, "cradle %d/%d %s: velocities off the break-away by %g", n, strikers, name, worst);
                CHECK(worst_classic <= 1e-15, "cradle %d/%d GS vs classic processing: %g", n, strikers, worst_classic);
                CHECK(fabs(o.energy_drift) <= 1e-14, "cradle %d/%d %s: energy drift %g", n, strikers, name,
                      o.energy_drift);
                CHECK(fabs(momentum_x(&f, s.m) - strikers) <= 1e-14, "cradle %d/%d %s: momentum %.17g", n, strikers,
                      name, momentum_x(&f, s.m));
                printf("cradle %d balls, %d striker(s), %s: %llu clusters, %llu impact iterations, velocities within "
                       "%.1e of break-away, drift %.1e\n",
                       n, strikers, name, (unsigned long long)o.clusters, (unsigned long long)o.impact_iterations,
                       worst, o.energy_drift);
                rc_frame_destroy(&f);
            }
            rc_frame_destroy(&classic);
        }
}

/* ---- The pool break ---- */

/* A 15-ball rack in 2D, symmetric about y = 10, hit along y = 10 by the cue ball; a closed box. */
static void pool_break(scene *s, rc_impact_operator op)
{
    scene_init(s, 2, 40, 20, 1, false);
    s->def.impact.op = op;
    double h = sqrt(3.0) / 2;
    for (int row = 0; row < 5; row++)
        for (int j = 0; j <= row; j++) add(s, 20 + row * h, 10 + j - 0.5 * row, 0, 0, 0, 0, 0.5, 1);
    add(s, 10, 10, 0, 10, 0, 0, 0.5, 1);
}

/* The largest asymmetry of the frame about y = 10: each ball against its mirror partner. */
static double asymmetry(const rc_frame *f)
{
    double worst = 0;
    int i = 0;
    for (int row = 0; row < 5; row++)
        for (int j = 0; j <= row; j++, i++) {
            int mirror = i - j + (row - j);
            const double *a = f->positions + 3 * i, *b = f->positions + 3 * mirror;
            const double *va = f->velocities + 3 * i, *vb = f->velocities + 3 * mirror;
            worst = fmax(worst, fabs(a[0] - b[0]) + fabs(a[1] + b[1] - 20));
            worst = fmax(worst, fabs(va[0] - vb[0]) + fabs(va[1] + vb[1]));
        }
    return worst;
}

static void test_pool_break(void)
{
    double found[2];
    for (int op = RC_IMPACT_OPERATOR_GR; op <= RC_IMPACT_OPERATOR_GS; op++) {
        scene s;
        rc_frame f = {0};
        rc_edmd_observables o;
        pool_break(&s, (rc_impact_operator)op);
        rc_status st = run(&s, 4, 0, &f, &o);
        const char *name = rc_impact_operator_name((rc_impact_operator)op);
        CHECK(st == RC_STATUS_OK, "pool break %s: %s", name, rc_error_get());
        found[op] = asymmetry(&f);
        CHECK(fabs(o.energy_drift) <= 1e-13, "pool break %s: energy drift %g", name, o.energy_drift);
        CHECK(o.largest_cluster == 16, "pool break %s: largest cluster %d", name, (int)o.largest_cluster);
        printf("pool break %s: %llu clusters (largest %d), %llu collisions, %llu wall hits by t = 4; asymmetry %.2e, "
               "energy drift %.1e\n",
               name, (unsigned long long)o.clusters, (int)o.largest_cluster, (unsigned long long)o.collisions,
               (unsigned long long)o.wall_collisions, found[op], o.energy_drift);
        rc_frame_destroy(&f);
    }
    CHECK(found[RC_IMPACT_OPERATOR_GR] <= 1e-9, "pool break GR: mirror asymmetry %g", found[RC_IMPACT_OPERATOR_GR]);
    CHECK(found[RC_IMPACT_OPERATOR_GS] >= 1e-3, "pool break GS: mirror asymmetry only %g",
          found[RC_IMPACT_OPERATOR_GS]);
}

/* ---- Three particles on a line ---- */

/* The number of binary collisions of unit balls at (0, 1, 2.3) with v = (1, 0, -1) and restitution e, processed
 * one at a time in long double until no pair approaches (at most `cap`). */
static long line_collisions(long double e, long cap)
{
    long double x[3] = {0, 1, 2.3L}, v[3] = {1, 0, -1};
    long count = 0;
    while (count < cap) {
        long double best = INFINITY;
        int pair = -1;
        for (int i = 0; i < 2; i++) {
            long double closing = v[i] - v[i + 1], gap = x[i + 1] - x[i] - 1;
            if (closing <= 0) continue;
            long double t = gap > 0 ? gap / closing : 0;
            if (t < best) best = t, pair = i;
        }
        if (pair < 0) break;
        for (int i = 0; i < 3; i++) x[i] += v[i] * best;
        long double a = v[pair], b = v[pair + 1];
        v[pair] = 0.5L * (a + b) - 0.5L * e * (a - b);
        v[pair + 1] = 0.5L * (a + b) + 0.5L * e * (a - b);
        count++;
    }
    return count;
}

static void three_on_a_line(scene *s, double e)
{
    scene_init(s, 3, 20, 10, 10, true);
    s->def.restitution = e;
    add(s, 5, 5, 5, 1, 0, 0, 0.5, 1);
    add(s, 6, 5, 5, 0, 0, 0, 0.5, 1);
    add(s, 7.3, 5, 5, -1, 0, 0, 0.5, 1);
}

static void test_three_on_a_line(void)
{
    const double exact[] = {0.1, 0.3};
    for (int k = 0; k < 2; k++) {
        scene s;
        rc_frame f = {0};
        rc_edmd_observables o;
        three_on_a_line(&s, exact[k]);
        rc_status st = run(&s, 50, 0, &f, &o);
        long expected = line_collisions(exact[k], 100000);
        CHECK(st == RC_STATUS_OK && o.collisions == (uint64_t)expected && o.clusters == 0,
              "three on a line, e = %g: %llu collisions (%llu clusters), exact %ld", exact[k],
              (unsigned long long)o.collisions, (unsigned long long)o.clusters, expected);
        printf("three on a line, e = %g: %llu collisions, exact count %ld\n", exact[k],
               (unsigned long long)o.collisions, expected);
        rc_frame_destroy(&f);
    }
    scene s;
    rc_frame f = {0};
    rc_edmd_observables o;
    three_on_a_line(&s, 0.05);
    rc_status st = run(&s, 10, 10000000, &f, &o);
    CHECK(st == RC_STATUS_OK && o.time == 10, "three on a line, e = 0.05: stopped at %g: %s", o.time, rc_error_get());
    /* one collapse; then the pair of the colliding contact, now touching and approaching at the rounding of the
     * velocities (1e-19), collides at once: a second cluster, no collapse */
    CHECK(o.clusters == 2 && o.collapses == 1, "three on a line, e = 0.05: %llu clusters, %llu collapses",
          (unsigned long long)o.clusters, (unsigned long long)o.collapses);
    double common = momentum_x(&f, s.m) / 3, spread = 0, gap = 0, closest = INFINITY, centre = 0;
    for (int i = 0; i < 3; i++) spread = fmax(spread, fabs(f.velocities[3 * i] - common));
    for (int i = 0; i < 3; i++) centre += f.positions[3 * i] / 3;
    for (int i = 0; i < 2; i++) {
        gap = fmax(gap, f.positions[3 * i + 3] - f.positions[3 * i] - 1);
        closest = fmin(closest, f.positions[3 * i + 3] - f.positions[3 * i] - 1);
    }
    /* the limit of the collisions: the common velocity (0: the momentum is zero) to rounding, touching to rounding
     * (docs/edmd.md: the gaps the contact tolerance left are closed), the centre of mass where it started */
    CHECK(fabs(common) <= 1e-16 && spread <= 1e-14,
          "three on a line, e = 0.05: momentum %g, velocities up to %g off "
          "the common one",
          3 * common, spread);
    CHECK(fabs(closest) <= 8 * DBL_EPSILON && fabs(gap) <= 8 * DBL_EPSILON,
          "three on a line, e = 0.05: gaps from %g to %g", closest, gap);
    CHECK(fabs(centre - (5 + 6 + 7.3) / 3) <= 1e-15, "three on a line, e = 0.05: centre of mass moved by %g",
          centre - (5 + 6 + 7.3) / 3);
    printf("three on a line, e = 0.05 (collapse): %llu collisions, %llu clusters (%llu collapse), t = %g reached; "
           "velocities within %.1e of the common one, gaps %.2e to %.2e, centre of mass moved by %.1e\n",
           (unsigned long long)o.collisions, (unsigned long long)o.clusters, (unsigned long long)o.collapses, o.time,
           spread, closest, gap, centre - (5 + 6 + 7.3) / 3);
    rc_frame_destroy(&f);

    /* bent in 2D: the middle disc 0.02 off the line; the collapse ends with it squeezed out sideways, both contacts
     * receding, the momentum kept */
    scene_init(&s, 2, 20, 10, 1, true);
    s.def.restitution = 0.05;
    add(&s, 5, 5, 0, 1, 0, 0, 0.5, 1);
    add(&s, 6, 5.02, 0, 0, 0, 0, 0.5, 1);
    add(&s, 7.3, 5, 0, -1, 0, 0, 0.5, 1);
    st = run(&s, 10, 10000000, &f, &o);
    double receding = INFINITY, px = 0, py = 0, cx = -(5 + 6 + 7.3) / 3, cy = -(5 + 5.02 + 5) / 3;
    for (int i = 0; i < 3; i++) px += f.velocities[3 * i], py += f.velocities[3 * i + 1];
    for (int i = 0; i < 3; i++) cx += f.positions[3 * i] / 3, cy += f.positions[3 * i + 1] / 3;
    for (int i = 1; i < 3; i++) { /* the two contacts: neighbours in the line */
        const double *x = f.positions + 3 * i, *v = f.velocities + 3 * i;
        receding = fmin(receding, (x[0] - x[-3]) * (v[0] - v[-3]) + (x[1] - x[-2]) * (v[1] - v[-2]));
    }
    CHECK(st == RC_STATUS_OK && o.time == 10 && o.collapses == 1 && o.clusters == 1,
          "bent line, e = 0.05: t = %g, %llu clusters, %llu collapses (%s)", o.time, (unsigned long long)o.clusters,
          (unsigned long long)o.collapses, rc_error_get());
    CHECK(fabs(px) <= 1e-15 && fabs(py) <= 1e-15 && receding > 0 && o.max_overlap <= 1e-15,
          "bent line, e = 0.05: momentum (%g, %g), least receding %g, overlap %g", px, py, receding, o.max_overlap);
    CHECK(fabs(cx) <= 1e-14 && fabs(cy) <= 1e-14, "bent line, e = 0.05: centre of mass moved by (%g, %g)", cx, cy);
    printf("bent line in 2D, e = 0.05 (collapse): %llu collisions, then squeezed out; momentum (%.1e, %.1e), centre "
           "of mass moved by (%.1e, %.1e), overlap %.1e\n",
           (unsigned long long)o.collisions, px, py, cx, cy, o.max_overlap);
    rc_frame_destroy(&f);
}

/* ---- Sleeping ---- */

static void test_resting_ball(void)
{
    scene s;
    scene_init(&s, 3, 8, 8, 6, false);
    s.def.periodic[0] = s.def.periodic[1] = true;
    s.def.gravity[2] = -1;
    s.def.box_restitution = 0.5;
    add(&s, 1, 1, 0.5, 0, 0, 0, 0.5, 1);
    add(&s, 5, 5, 3, 0, 0, 0, 0.5, 1);
    rc_frame f = {0};
    rc_edmd_observables o;
    rc_status st = run(&s, 100, 1000000, &f, &o);
    CHECK(st == RC_STATUS_OK && o.time == 100, "resting ball: the clock stopped at %g (%s)", o.time, rc_error_get());
    CHECK(o.sleeping == 2, "resting ball: %d asleep at t = 100", (int)o.sleeping);
    CHECK(f.positions[2] == 0.5 && fabs(f.positions[5] - 0.5) <= 1e-15, "resting balls at z = %.17g, %.17g",
          f.positions[2], f.positions[5]);
    printf("resting ball and a bouncing one (e = 0.5): t = 100 after %llu events, %d asleep, %llu falls asleep\n",
           (unsigned long long)o.events, (int)o.sleeping, (unsigned long long)o.sleeps);
    rc_frame_destroy(&f);

    /* a ball dropped from height 3 onto a sleeping ball: wakes it, bounces back up (e = 1), the sleeper rests again */
    scene_init(&s, 3, 8, 8, 10, false);
    s.def.periodic[0] = s.def.periodic[1] = true;
    s.def.gravity[2] = -1;
    add(&s, 4, 4, 0.5, 0, 0, 0, 0.5, 1);
    add(&s, 4, 4, 4.5, 0, 0, 0, 0.5, 1);
    double fall = sqrt(2 * 3.0); /* lands at t = sqrt(6), back at the top at 2 sqrt(6) */
    st = run(&s, 2 * fall, 0, &f, &o);
    CHECK(st == RC_STATUS_OK, "drop on a sleeper: %s", rc_error_get());
    CHECK(o.wakes >= 1 && o.sleeping == 1 && f.positions[2] == 0.5, "drop on a sleeper: %llu wakes, %d asleep, z %g",
          (unsigned long long)o.wakes, (int)o.sleeping, f.positions[2]);
    CHECK(fabs(f.positions[5] - 4.5) <= 1e-12 && fabs(f.velocities[5]) <= 1e-12,
          "drop on a sleeper: back at z = %.17g with v = %g (expected 4.5, 0)", f.positions[5], f.velocities[5]);
    CHECK(fabs(o.energy_drift) <= 1e-14, "drop on a sleeper: energy drift %g", o.energy_drift);
    printf("ball dropped on a sleeping ball: %llu wakes, %llu clusters; back at z = %.15f, drift %.1e\n",
           (unsigned long long)o.wakes, (unsigned long long)o.clusters, f.positions[5], o.energy_drift);
    rc_frame_destroy(&f);
}

static void test_stall(void)
{
    scene s;
    scene_init(&s, 3, 8, 8, 6, false);
    s.def.periodic[0] = s.def.periodic[1] = true;
    s.def.gravity[2] = -1;
    s.def.box_restitution = 0.5;
    s.def.collapse.sleep = false;
    s.def.collapse.stall_events = 10000;
    /* rounding decides whether the bounces end in a clock that stalls or in a ball at rest that nothing approaches,
     * which the default kick lifts off the floor again (both happen, on trajectories that differ only by rounding):
     * a kick this small cannot keep the clock going, so the watchdog must fire either way */
    s.def.collapse.kick_speed = 1e-200;
    add(&s, 1, 1, 2, 0, 0, 0, 0.5, 1);
    rc_frame f = {0};
    rc_edmd_observables o;
    rc_status st = run(&s, 100, 10000000, &f, &o);
    CHECK(st == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "particle 0") && strstr(rc_error_get(), "stalled"),
          "a stalled clock: status %d, %s", (int)st, rc_error_get());
    CHECK(o.events < 200000, "a stalled clock took %llu events to notice", (unsigned long long)o.events);
    printf("stall without sleeping: stopped after %llu events: %s\n", (unsigned long long)o.events, rc_error_get());
    rc_frame_destroy(&f);
}

/* ---- Collapse in a dense inelastic gas ---- */

/* 500 spheres at packing fraction 0.47, e = 0.2, held at kT = 1 by an Andersen thermostat (5 redraws per particle
 * per unit time): classic processing (every collision binary) collapses, and the watchdog stops it naming a
 * particle; with clusters the same gas runs through 2e6 collisions. (At e = 0.3 the classic gas collapses within
 * 2e6 collisions on about half of the trajectories, seeds or rounding deciding which; at 0.2 it collapsed within
 * 3e5 on every one tried.) */
/* ---- Dense and cooling gases ---- */

enum { GAS_MAX = 4000 };
static double gas_x[3 * GAS_MAX], gas_v[3 * GAS_MAX], gas_r[GAS_MAX], gas_m[GAS_MAX];

/* n unit spheres on fcc at the packing fraction, kT = 1, restitution e, clusters at the given contact tolerance
 * (0: classic processing); NULL (after a failed check) when it cannot be built. */
static rc_edmd *gas(int32_t n, double packing_fraction, double e, double thermostat_rate, double tolerance)
{
    rc_edmd_def d = rc_edmd_default_def();
    for (int32_t k = 0; k < n; k++) gas_r[k] = 0.5, gas_m[k] = 1;
    rc_status st = rc_box_scale_to_packing_fraction(3, n, gas_r, packing_fraction, d.box);
    if (st == RC_STATUS_OK) st = rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, n, gas_r, 1, gas_x);
    if (st == RC_STATUS_OK) st = rc_velocities_draw_maxwell_boltzmann(3, n, gas_m, 1.0, 1, gas_v);
    d.restitution = e;
    d.thermostat_rate = thermostat_rate;
    d.seed = 3;
    d.contact_tolerance = tolerance;
    d.count = n, d.positions = gas_x, d.velocities = gas_v, d.radii = gas_r, d.masses = gas_m;
    rc_edmd *engine = NULL;
    if (st == RC_STATUS_OK) st = rc_edmd_create(&d, &engine);
    CHECK(st == RC_STATUS_OK, "gas of %d at %g: %s", (int)n, packing_fraction, rc_error_get());
    return st == RC_STATUS_OK ? engine : NULL;
}

static void test_dense_collapse(void)
{
    for (int classic = 0; classic <= 1; classic++) {
        rc_edmd *e = gas(500, 0.4712, 0.2, 5, classic ? 0 : 1e-9);
        if (!e) return;
        /* the watchdog looks at whole windows of 1e6 events: room for a few after the collapse */
        rc_edmd_limits limits = {INFINITY, classic ? 5000000 : 2000000, 0};
        rc_status st = rc_edmd_advance(e, &limits);
        rc_edmd_observables o;
        rc_edmd_measure(e, &o);
        if (classic)
            CHECK(st == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "stalled"),
                  "dense gas, classic processing: expected the collapse to stop the clock (status %d, t = %g)", (int)st,
                  o.time);
        else
            CHECK(st == RC_STATUS_OK && o.collisions == 2000000 && o.clusters > 0,
                  "dense gas with clusters: status %d after %llu collisions (%s)", (int)st,
                  (unsigned long long)o.collisions, rc_error_get());
        printf("dense gas e = 0.2, %s: %llu collisions to t = %.4g, %llu clusters (largest %d, %llu ending a "
               "collapse), %llu three-body; %s\n",
               classic ? "classic processing" : "clusters", (unsigned long long)o.collisions, o.time,
               (unsigned long long)o.clusters, (int)o.largest_cluster, (unsigned long long)o.collapses,
               (unsigned long long)o.three_body_events, st == RC_STATUS_OK ? "ran through" : "stopped");
        rc_edmd_destroy(e);
    }
}

/* The homogeneous cooling state at e = 0.9 with clusters on (the default tolerance): Haff's law, self-similar from
 * t_s with the collision rate measured there (test_edmd_granular.c derives 1/t_s0 = (1 - e^2) Gamma_s / (2d)), holds
 * to 5 % while T falls by a factor 4; then density clusters form (the box is about 100 mean free paths, beyond the
 * shear instability's length), so the gas cools slower than Haff, and the run must go on through them to 500
 * collisions per particle with its invariants: energy balance, no event in the past, overlaps at rounding. */
static void test_cooling_through_clustering(void)
{
    enum { N = 4000 };
    const double e = 0.9, ts = 2, window = 0.2;
    rc_edmd *engine = gas(N, 0.3, e, 0, 1e-9);
    if (!engine) return;
    rc_edmd_observables a, b, o;
    rc_edmd_limits limits = {ts, 0, 0};
    rc_status st = rc_edmd_advance(engine, &limits);
    rc_edmd_measure(engine, &a);
    limits.time = ts + window;
    if (st == RC_STATUS_OK) st = rc_edmd_advance(engine, &limits);
    rc_edmd_measure(engine, &b);
    double rate = 2.0 * (double)(b.collisions - a.collisions) / (N * window), ts0 = 6 / ((1 - e * e) * rate);
    double worst = 0, ratio = 0;
    for (int k = 1; st == RC_STATUS_OK && k <= 40; k++) {
        limits = (rc_edmd_limits){INFINITY, (uint64_t)k * 50000, 0};
        st = rc_edmd_advance(engine, &limits);
        rc_edmd_measure(engine, &o);
        ratio = o.temperature / (a.temperature / pow(1 + (o.time - ts) / ts0, 2));
        if (o.temperature >= a.temperature / 4 && fabs(ratio - 1) > worst) worst = fabs(ratio - 1);
    }
    CHECK(st == RC_STATUS_OK && o.collisions == 2000000, "cooling gas: status %d after %llu collisions (%s)", (int)st,
          (unsigned long long)o.collisions, rc_error_get());
    CHECK(worst <= 0.05, "cooling gas: %.1f %% off Haff's law before clustering", 100 * worst);
    CHECK(ratio > 2, "cooling gas: T / T_Haff = %.3g after 500 collisions per particle, no sign of clustering", ratio);
    CHECK(fabs(o.energy_drift) < 1e-10 && o.negative_time_events == 0 && o.max_overlap < 1e-9,
          "cooling gas: drift %.3g, %llu negative-time events, overlap %.3g", o.energy_drift,
          (unsigned long long)o.negative_time_events, o.max_overlap);
    printf("cooling gas e = 0.9: Haff to %.2f %% while T fell 4x from %.4f; after %llu collisions T = %.3g at t = "
           "%.3g, %.3g times Haff's (clustering), %llu clusters, drift %.2g\n",
           100 * worst, a.temperature, (unsigned long long)o.collisions, o.temperature, o.time, ratio,
           (unsigned long long)o.clusters, o.energy_drift);
    rc_edmd_destroy(engine);
}

/* A granular pile: `count` spheres at e = 0.8 dropped from random places into a closed box under gravity, sticking
 * friction 0.5 at rest, sleep speed 0.1: all must sleep by `stop`, touching at most to rounding, none through the
 * floor, the energy balance kept. */
static void granular_pile(int count, double side, double height, double stop)
{
    char text[512];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"size\": [%g, %g, %g], \"periodic\": false, \"restitution\": 0.8},"
             " \"particles\": {\"lattice\": \"random\", \"count\": %d, \"diameter\": 1, \"mass\": 1},"
             " \"temperature\": 1, \"seed\": 1, \"gravity\": [0, 0, -1], \"restitution\": 0.8,"
             " \"collapse\": {\"sleep_speed\": 0.1, \"sleep_friction\": 0.5}, \"stop\": {\"time\": %g}}",
             side, side, height, count, stop);
    rc_frame f = {0};
    rc_edmd_observables o = {0};
    rc_status st = run_scene_text(text, stop, &f, &o);
    double closest = INFINITY, lowest = INFINITY;
    for (int32_t i = 0; i < f.count; i++) {
        lowest = fmin(lowest, f.positions[3 * i + 2] - f.radii[i]);
        for (int32_t j = 0; j < i; j++) {
            double d2 = 0;
            for (int a = 0; a < 3; a++) d2 += pow(f.positions[3 * i + a] - f.positions[3 * j + a], 2);
            closest = fmin(closest, sqrt(d2) / (f.radii[i] + f.radii[j]));
        }
    }
    CHECK(st == RC_STATUS_OK && o.time == stop && o.sleeping == count && o.kinetic_energy == 0,
          "pile of %d: status %d at t = %g with %d asleep, K = %g (%s)", count, (int)st, o.time, o.sleeping,
          o.kinetic_energy, rc_error_get());
    CHECK(closest > 1 - 1e-9 && lowest > -1e-9 && o.max_overlap < 1e-9,
          "pile of %d: closest pair at %.12g diameters, lowest sphere %.3g below the floor, max overlap %.3g", count,
          closest, -lowest, o.max_overlap);
    CHECK(fabs(o.energy_drift) < 1e-10, "pile of %d: energy balance off by %.3g", count, o.energy_drift);
    printf("granular pile of %d at e = 0.8: all asleep, t = %g after %llu events (%llu sleeps, %llu wakes); closest "
           "pair %.15g diameters, drift %.2g\n",
           count, o.time, (unsigned long long)o.events, (unsigned long long)o.sleeps, (unsigned long long)o.wakes,
           closest, o.energy_drift);
    rc_frame_destroy(&f);
}

static void test_granular_pile(void)
{
    granular_pile(100, 4.5, 12, 30);
#ifdef __SANITIZE_ADDRESS__ /* half a minute in an optimised build, many under the sanitizers: the plain build runs it */
    printf("granular pile of 2000: skipped under AddressSanitizer (the plain build runs it)\n");
#else
    granular_pile(2000, 12.5, 40, 30); /* the pile of examples/edmd/granular_pile.json (all asleep by 24) */
#endif
}

/* A ball at rest on two balls at rest on the floor, touching both but 0.3 off the plane of their centres: its
 * supports' normals lean 38.8 deg from straight up. Sticking friction 0.5 (26.6 deg) holds it between the two; 0.2
 * (11.3 deg) does not, and it rolls off to the floor (where the three slide on, frictionless). Returns the final
 * height of its centre; `asleep` the number asleep at the end. */
static double wedged_ball(double friction, int *asleep)
{
    char text[640];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"size\": [4, 4, 4], \"periodic\": false, \"restitution\": 0.5},"
             " \"particles\": [{\"position\": [1.45, 2, 0.5], \"velocity\": [0, 0, 0], \"radius\": 0.5},"
             " {\"position\": [2.55, 2, 0.5], \"velocity\": [0, 0, 0], \"radius\": 0.5},"
             " {\"position\": [2, 2.3, 1.2794228635059948], \"velocity\": [0, 0, 0], \"radius\": 0.5}],"
             " \"gravity\": [0, 0, -1], \"restitution\": 0.5,"
             " \"collapse\": {\"sleep_speed\": 0.01, \"sleep_friction\": %g}, \"stop\": {\"time\": 10}}",
             friction);
    rc_frame f = {0};
    rc_edmd_observables o = {0};
    rc_status st = run_scene_text(text, 10, &f, &o);
    CHECK(st == RC_STATUS_OK, "wedged ball, friction %g: %s", friction, rc_error_get());
    double height = NAN;
    if (st == RC_STATUS_OK) {
        height = f.positions[8];
        *asleep = o.sleeping;
        CHECK(o.max_overlap < 1e-9, "wedged ball, friction %g: overlap %.3g", friction, o.max_overlap);
    }
    rc_frame_destroy(&f);
    return height;
}

static void test_wedged_ball(void)
{
    int asleep = 0, slipped_asleep = 0;
    double held = wedged_ball(0.5, &asleep), slipped = wedged_ball(0.2, &slipped_asleep);
    CHECK(fabs(held - 1.2794228635059948) < 1e-6 && asleep == 3,
          "wedged ball: friction 0.5 let it move to height %.9g, %d of 3 asleep", held, asleep);
    CHECK(fabs(slipped - 0.5) < 1e-6, "wedged ball: friction 0.2 left it at height %.9g, not on the floor", slipped);
    printf("ball wedged between two sleepers, supports 38.8 deg from up: held at height %.10g by friction 0.5 (%d of "
           "3 asleep), on the floor (%.10g) with 0.2 (%d asleep)\n",
           held, asleep, slipped, slipped_asleep);
}

/* A ball sliding along the floor at 0.213 in the groove between a wall and a sleeper 0.00425 lower than it, touching
 * both, abreast of the sleeper (the state the 2,000-sphere pile reached on one trajectory). Each contact event lifts
 * it a little over the sleeper; sliding on the floor must not take that lift away again, or the same contact fires
 * at the same instant forever (the watchdog stopped that run at t = 3.6e-9). It passes, at its speed. */
static void test_groove(void)
{
    const char *text =
        "{\"dimension\": 3, \"box\": {\"size\": [6, 20, 6], \"periodic\": false, \"restitution\": 0.8},"
        " \"particles\": [{\"position\": [1.4999909612661642, 12, 0.5], \"velocity\": [0, 0, 0], \"radius\": 0.5},"
        " {\"position\": [0.50000000027759228, 11.99999651174417, 0.504251814788],"
        " \"velocity\": [2.9062752700092732e-07, 0.21295343817716281, 0], \"radius\": 0.5}],"
        " \"gravity\": [0, 0, -1], \"restitution\": 0.8,"
        " \"collapse\": {\"sleep_speed\": 0.1, \"sleep_friction\": 0.5, \"stall_events\": 100000},"
        " \"stop\": {\"time\": 20}}";
    rc_frame f = {0};
    rc_edmd_observables o = {0};
    rc_status st = run_scene_text(text, 20, &f, &o);
    CHECK(st == RC_STATUS_OK, "groove: %s", rc_error_get());
    if (st == RC_STATUS_OK) {
        double y = f.positions[4], speed = f.velocities[4];
        CHECK(o.time == 20 && y > 16 && fabs(speed - 0.21295) < 1e-4 && o.max_overlap < 1e-9,
              "groove: at t = %g the ball is at y = %.6g moving at %.6g (overlap %.3g)", o.time, y, speed,
              o.max_overlap);
        printf("ball sliding in a groove past a lower sleeper: t = %g after %llu events, at y = %.6g moving at %.6g\n",
               o.time, (unsigned long long)o.events, y, speed);
    }
    rc_frame_destroy(&f);
}

/* ---- The geyser ---- */

/* A shaft [0, 2] x [0, 30] under gravity; a plug of three balls of radius `plug` at x = 1 stacked from y = 10; a ball
 * of radius 1/2 fired up along the left wall at speed 6. */
static void geyser(scene *s, double plug, bool lineality)
{
    scene_init(s, 2, 2, 30, 1, false);
    s->def.gravity[1] = -1;
    s->def.impact.lineality = lineality;
    s->def.impact.max_iterations = 100000;
    for (int i = 0; i < 3; i++) add(s, 1, 10 + 2 * i * plug, 0, 0, 0, 0, plug, 1);
    add(s, 0.5, 6, 0, 0, 6, 0, 0.5, 0.25);
}

static void test_geyser(void)
{
    const double radii[] = {1, 0.999};
    for (int k = 0; k < 2; k++)
        for (int lineality = 0; lineality <= 1; lineality++) {
            scene s;
            rc_frame f = {0};
            rc_edmd_observables o;
            geyser(&s, radii[k], lineality);
            rc_status st = run(&s, 1.5, 0, &f, &o);
            bool ends = lineality || k == 1;
            CHECK(ends ? st == RC_STATUS_OK : st == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "did not end"),
                  "geyser, radius %g, lineality %d: status %d (%s)", radii[k], lineality, (int)st, rc_error_get());
            /* the top ball of the plug against its free fall (g t^2 / 2) */
            double rise = f.positions[7] - (10 + 4 * radii[k] - 0.5 * o.time * o.time);
            if (ends) CHECK(rise > 0.1, "geyser, radius %g: the plug rose by only %g", radii[k], rise);
            printf("geyser, plug radius %g, lineality %s: %s; %llu clusters, %llu iterations, %llu with implicit "
                   "equalities; plug %+.3f against free fall\n",
                   radii[k], lineality ? "on" : "off", st == RC_STATUS_OK ? "ends" : "budget ran out",
                   (unsigned long long)o.clusters, (unsigned long long)o.impact_iterations,
                   (unsigned long long)o.lineality_detections, rise);
            rc_frame_destroy(&f);
        }
}

int main(void)
{
    test_cradle();
    test_pool_break();
    test_three_on_a_line();
    test_resting_ball();
    test_stall();
    test_dense_collapse();
    test_cooling_through_clustering();
    test_granular_pile();
    test_wedged_ball();
    test_groove();
    test_geyser();
    return check_finish();
}
