/* SPDX-License-Identifier: MIT */
/* Invariants and exact solutions of the event-driven engine: energy and momentum conservation, determinism, the
 * observables at t = 0, restarting from a frame, a ball bouncing on a plate under gravity (Bannerman et al. 2014,
 * section 5) and a resting ball (docs/design.md, "The event-driven engine", "Inelastic collapse").
 *
 * Oracles:
 * - Conservation: at e = 1 the total energy (kinetic, plus m g h under gravity) is constant; the engine's
 *   energy_drift is its rounding error, bounded by 1e-10 relative over 10^6 collisions, also with polydisperse radii
 *   and masses and with gravity in a closed box. In a periodic box every impulse is equal and opposite, so the total
 *   momentum keeps its initial value to rounding: 1e-12 of sum m |v| over 10^6 collisions.
 * - Determinism (docs/design.md, "Numbers"): the same definition gives the same bits, thermostat included; another
 *   thermostat seed gives another trajectory.
 * - Maxwell-Boltzmann velocities are rescaled to the exact temperature, so T(0) = kT to rounding; the mean free time
 *   is the inverse collision rate by definition; a time limit stops the clock exactly there.
 * - A ball dropped from rest at height h onto a plate: with e = 1 it hits at t_k = sqrt(2h/g)(2k + 1) and is back
 *   at h at t = 2 sqrt(2h/g)(k + 1); with e the intervals between bounces shrink by e exactly, the impacts are at
 *   t_k = t_1 + 2 e v_1 (1 - e^(k-1)) / (g (1 - e)) and the ball comes to rest at t_1 + 2 e v_1 / (g (1 - e)),
 *   v_1 = g t_1; it never sinks below the plate by more than rounding. The naive rule falls through the plate for
 *   some plate positions (the paper's section 5), the stable rule never.
 * - A frame the engine writes is a state of the engine: building an engine from it must work (a restart).
 * - A ball at rest on the plate is a valid state (stable rule: an event now, with no impulse); it must not stop the
 *   clock of the rest of the system. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 4 };
#else
enum { SCALE = 1 };
#endif

typedef struct particles {
    int32_t count;
    double *x, *v, *r, *m;
} particles;

static particles particles_new(int32_t count)
{
    particles p = {count, calloc(3 * (size_t)count, sizeof(double)), calloc(3 * (size_t)count, sizeof(double)),
                   malloc((size_t)count * sizeof(double)), malloc((size_t)count * sizeof(double))};
    return p;
}

static void particles_free(particles *p)
{
    free(p->x);
    free(p->v);
    free(p->r);
    free(p->m);
}

static void attach(rc_edmd_def *def, const particles *p)
{
    def->count = p->count;
    def->positions = p->x;
    def->velocities = p->v;
    def->radii = p->r;
    def->masses = p->m;
}

static rc_edmd *create(const rc_edmd_def *def, const char *what)
{
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(def, &engine);
    CHECK(s == RC_STATUS_OK, "%s: %s", what, rc_error_get());
    return engine;
}

/* Places p (radii and masses set) at random in def's box and draws velocities at kT = 1. */
static bool fill(rc_edmd_def *def, particles *p, rc_placement placement, double packing_fraction)
{
    rc_status s = rc_box_scale_to_packing_fraction(def->dimension, p->count, p->r, packing_fraction, def->box);
    if (s == RC_STATUS_OK)
        s = rc_placement_fill(placement, def->dimension, def->box, def->periodic, p->count, p->r, 5, p->x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(def->dimension, p->count, p->m, 1.0, 3, p->v);
    CHECK(s == RC_STATUS_OK, "placement: %s", rc_error_get());
    attach(def, p);
    return s == RC_STATUS_OK;
}

static void momentum(const rc_frame *f, const double *masses, double total[3], double *scale)
{
    total[0] = total[1] = total[2] = *scale = 0;
    for (int32_t i = 0; i < f->count; i++)
        for (int a = 0; a < 3; a++) {
            total[a] += masses[i] * f->velocities[3 * i + a];
            *scale += masses[i] * fabs(f->velocities[3 * i + a]);
        }
}

static rc_edmd_observables advance_collisions(rc_edmd *engine, uint64_t collisions)
{
    rc_edmd_limits limits = {INFINITY, collisions, 20 * collisions};
    rc_edmd_advance(engine, &limits);
    rc_edmd_observables o;
    rc_edmd_measure(engine, &o);
    uint64_t events, pairs;
    rc_edmd_counts(engine, &events, &pairs); /* the driver's cheap read of the same counters */
    CHECK(events == o.events && pairs == o.collisions && rc_edmd_time(engine) == o.time,
          "counts %llu events, %llu collisions; measured %llu, %llu", (unsigned long long)events,
          (unsigned long long)pairs, (unsigned long long)o.events, (unsigned long long)o.collisions);
    return o;
}

/* ---- Conservation ---- */

/* Runs def for `collisions` at e = 1 and checks the energy balance, the momentum along the axes `free_axes` (those
 * no wall or gravity acts along), the stable rule's invariants and that no ball ends below z = 0 when z is closed. */
static void check_conservation(const char *what, const rc_edmd_def *def, const particles *p, uint64_t collisions,
                               int free_axes)
{
    rc_edmd *engine = create(def, what);
    if (!engine) return;
    rc_frame frame;
    rc_frame_create(&frame, p->count, false);
    rc_edmd_fill_frame(engine, &frame);
    double p0[3], p1[3], scale, change = 0;
    momentum(&frame, p->m, p0, &scale);
    rc_edmd_observables o = advance_collisions(engine, collisions);
    rc_edmd_fill_frame(engine, &frame);
    momentum(&frame, p->m, p1, &scale);
    CHECK(o.collisions == collisions, "%s: %llu collisions", what, (unsigned long long)o.collisions);
    CHECK(fabs(o.energy_drift) < 1e-10, "%s: energy drift %.3g (kinetic %.6g, potential %.6g)", what, o.energy_drift,
          o.kinetic_energy, o.potential_energy);
    for (int a = 0; a < free_axes; a++) {
        change = fmax(change, fabs(p1[a] - p0[a]) / scale);
        CHECK(fabs(p1[a] - p0[a]) <= 1e-12 * scale, "%s: momentum[%d] %.3g -> %.3g (sum m|v| %.4g)", what, a, p0[a],
              p1[a], scale);
    }
    double lowest = INFINITY;
    for (int32_t i = 0; i < p->count; i++) lowest = fmin(lowest, frame.positions[3 * i + 2] - p->r[i]);
    CHECK(def->periodic[2] || lowest >= -1e-12, "%s: a ball %.3g below the floor", what, lowest);
    CHECK(o.negative_time_events == 0 && o.max_overlap < 1e-9, "%s: %llu negative-time events, overlap %.3g", what,
          (unsigned long long)o.negative_time_events, o.max_overlap);
    fprintf(stderr,
            "%s, %llu collisions, %llu wall hits: energy drift %.2g, momentum change %.2g of sum m|v|, overlap %.2g\n",
            what, (unsigned long long)o.collisions, (unsigned long long)o.wall_collisions, o.energy_drift, change,
            o.max_overlap);
    rc_frame_destroy(&frame);
    rc_edmd_destroy(engine);
}

/* Polydisperse spheres in a periodic box (radii 0.35-0.65, masses not proportional to volume), then polydisperse
 * spheres under gravity along -z in a box closed along z (walls at 0 and L_z), periodic in x and y. */
static void test_conservation(void)
{
    particles p = particles_new(500);
    for (int32_t i = 0; i < p.count; i++) {
        p.r[i] = 0.35 + 0.3 * (double)((i * 37) % 101) / 100.0;
        p.m[i] = 8 * p.r[i] * p.r[i] * p.r[i] * (1 + i % 3);
    }
    rc_edmd_def def = rc_edmd_default_def();
    if (fill(&def, &p, RC_PLACEMENT_RANDOM, 0.3)) check_conservation("polydisperse", &def, &p, 1000000 / SCALE, 3);
    particles_free(&p);

    p = particles_new(300);
    for (int32_t i = 0; i < p.count; i++) {
        p.r[i] = 0.4 + 0.2 * (double)((i * 13) % 29) / 28.0;
        p.m[i] = 1 + (double)(i % 4);
    }
    def = rc_edmd_default_def();
    def.box[2] = 3; /* a tall box: the packing fraction sets the scale */
    def.periodic[2] = false;
    def.gravity[2] = -0.5;
    if (fill(&def, &p, RC_PLACEMENT_RANDOM, 0.2))
        check_conservation("gravity, closed box", &def, &p, 300000 / SCALE, 2);
    particles_free(&p);
}

/* ---- Determinism, observables at t = 0, time limits ---- */

/* Runs def for `collisions` and writes the final frame. */
static void final_frame(const rc_edmd_def *def, uint64_t collisions, rc_frame *frame)
{
    rc_edmd *engine = create(def, "determinism");
    if (!engine) return;
    advance_collisions(engine, collisions);
    rc_edmd_fill_frame(engine, frame);
    rc_edmd_destroy(engine);
}

static bool same_bits(const rc_frame *a, const rc_frame *b)
{
    size_t size = 3 * (size_t)a->count * sizeof(double);
    return memcmp(a->positions, b->positions, size) == 0 && memcmp(a->velocities, b->velocities, size) == 0 &&
           memcmp(&a->time, &b->time, sizeof a->time) == 0;
}

static void test_determinism(void)
{
    particles p = particles_new(500);
    for (int32_t i = 0; i < p.count; i++) p.r[i] = 0.5, p.m[i] = 1;
    rc_edmd_def def = rc_edmd_default_def();
    if (!fill(&def, &p, RC_PLACEMENT_FCC, 0.45)) return;
    rc_frame a, b;
    rc_frame_create(&a, p.count, false);
    rc_frame_create(&b, p.count, false);
    uint64_t collisions = 200000 / SCALE;
    final_frame(&def, collisions, &a);
    final_frame(&def, collisions, &b);
    CHECK(same_bits(&a, &b), "NVE: two runs of the same definition differ");
    def.thermostat_rate = 2;
    def.seed = 17;
    final_frame(&def, collisions, &a);
    final_frame(&def, collisions, &b);
    CHECK(same_bits(&a, &b), "thermostat: two runs of the same definition differ");
    def.seed = 18;
    final_frame(&def, collisions, &b);
    CHECK(!same_bits(&a, &b), "thermostat seeds 17 and 18 give the same trajectory");
    rc_frame_destroy(&a);
    rc_frame_destroy(&b);
    particles_free(&p);
}

static void test_observables(void)
{
    const double temperatures[] = {1.0, 0.37, 12.5};
    for (int dimension = 2; dimension <= 3; dimension++)
        for (size_t k = 0; k < 3; k++) {
            particles p = particles_new(200);
            for (int32_t i = 0; i < p.count; i++) p.r[i] = 0.5, p.m[i] = 1 + (double)(i % 5);
            rc_edmd_def def = rc_edmd_default_def();
            def.dimension = dimension;
            rc_status s = rc_box_scale_to_packing_fraction(dimension, p.count, p.r, 0.3, def.box);
            if (s == RC_STATUS_OK)
                s = rc_placement_fill(dimension == 3 ? RC_PLACEMENT_FCC : RC_PLACEMENT_HEXAGONAL, dimension, def.box,
                                      def.periodic, p.count, p.r, 1, p.x);
            if (s == RC_STATUS_OK)
                s = rc_velocities_draw_maxwell_boltzmann(dimension, p.count, p.m, temperatures[k], 9, p.v);
            CHECK(s == RC_STATUS_OK, "observables setup: %s", rc_error_get());
            attach(&def, &p);
            rc_edmd *engine = s == RC_STATUS_OK ? create(&def, "observables") : NULL;
            if (!engine) {
                particles_free(&p);
                continue;
            }
            rc_edmd_observables o;
            rc_edmd_measure(engine, &o);
            CHECK(fabs(o.temperature / temperatures[k] - 1) <= 1e-14, "%dD: T(0) = %.17g, Maxwell-Boltzmann at %g",
                  dimension, o.temperature, temperatures[k]);
            /* (the drift may differ from 0 by the rounding of summing the energy in another order) */
            CHECK(o.time == 0 && o.collisions == 0 && fabs(o.energy_drift) <= 1e-14,
                  "%dD: t = %g, %llu collisions, drift %g at start", dimension, o.time,
                  (unsigned long long)o.collisions, o.energy_drift);
            /* a time limit stops the clock exactly there */
            rc_edmd_limits limits = {1.25, 0, 0};
            rc_edmd_advance(engine, &limits);
            rc_edmd_measure(engine, &o);
            CHECK(o.time == 1.25 && rc_edmd_time(engine) == 1.25, "%dD: stopped at %.17g, not 1.25", dimension, o.time);
            CHECK(o.collisions > 0 && o.mean_free_time == 1 / o.collision_rate,
                  "%dD: mean free time %.17g vs 1 / rate %.17g", dimension, o.mean_free_time, 1 / o.collision_rate);
            CHECK(fabs(o.collision_rate - 2.0 * (double)o.collisions / (p.count * o.time)) <= 1e-15 * o.collision_rate,
                  "%dD: collision rate %.17g from %llu collisions", dimension, o.collision_rate,
                  (unsigned long long)o.collisions);
            CHECK(fabs(o.temperature / temperatures[k] - 1) <= 1e-12, "%dD: T = %.17g after 1.25 (e = 1)", dimension,
                  o.temperature);
            rc_edmd_destroy(engine);
            particles_free(&p);
        }
}

/* Stopping on a collision count leaves the last pair where it collided, at contact to rounding: its distance may
 * be sigma minus an ulp. That frame is the engine's own state, so an engine built from it must start. */
static void test_restart_from_frame(void)
{
    particles p = particles_new(500);
    for (int32_t i = 0; i < p.count; i++) p.r[i] = 0.5, p.m[i] = 1;
    rc_edmd_def def = rc_edmd_default_def();
    if (!fill(&def, &p, RC_PLACEMENT_FCC, 0.45)) return;
    rc_edmd *engine = create(&def, "restart");
    if (!engine) return;
    rc_frame frame;
    rc_frame_create(&frame, p.count, false);
    int refused = 0, tries = 20;
    char first[256] = "";
    for (int k = 1; k <= tries; k++) {
        advance_collisions(engine, (uint64_t)k * 1000);
        rc_edmd_fill_frame(engine, &frame);
        rc_edmd_def again = def;
        again.positions = frame.positions;
        again.velocities = frame.velocities;
        rc_edmd *restarted = NULL;
        if (rc_edmd_create(&again, &restarted) != RC_STATUS_OK && refused++ == 0)
            snprintf(first, sizeof first, "after %d collisions: %s", k * 1000, rc_error_get());
        rc_edmd_destroy(restarted);
    }
    CHECK(refused == 0, "%d of %d frames written at a collision limit were refused as a new start; first %s", refused,
          tries, first);
    rc_frame_destroy(&frame);
    rc_edmd_destroy(engine);
    particles_free(&p);
}

/* ---- A ball on a plate under gravity ---- */

typedef struct bounces {
    int count;
    double times[64];
    double lowest_gap; /* the lowest (z - radius - plate) seen after any event */
    double final_time;
} bounces;

/* A ball of radius 1/2 dropped from rest at height h above a plate at z = plate (an extra wall with restitution e;
 * the box is closed along z below it), under gravity g; processes `events` events one at a time and records the
 * times of the plate hits. */
static bounces drop(double plate, double h, double g, double e, rc_event_detection rule, int events)
{
    double radius = 0.5, mass = 1, x[3] = {2, 2, plate + radius + h}, v[3] = {0, 0, 0};
    rc_wall wall = {.point = {0, 0, plate}, .normal = {0, 0, 1}, .restitution = e};
    rc_edmd_def def = rc_edmd_default_def();
    def.box[0] = def.box[1] = 4;
    def.box[2] = plate + 2 * h + 2;
    def.periodic[2] = false;
    def.gravity[2] = -g;
    def.walls = &wall;
    def.wall_count = 1;
    def.box_restitution = e; /* the box floor lies at or below the plate */
    def.detection = rule;
    def.count = 1;
    def.positions = x;
    def.velocities = v;
    def.radii = &radius;
    def.masses = &mass;
    bounces b = {0, {0}, INFINITY, 0};
    rc_edmd *engine = create(&def, "drop");
    if (!engine) return b;
    rc_frame frame;
    rc_frame_create(&frame, 1, false);
    rc_edmd_observables o;
    rc_edmd_measure(engine, &o);
    uint64_t hits = 0;
    for (int k = 0; k < events; k++) {
        rc_edmd_limits limits = {INFINITY, 0, o.events + 1};
        rc_edmd_advance(engine, &limits);
        rc_edmd_measure(engine, &o);
        rc_edmd_fill_frame(engine, &frame);
        b.lowest_gap = fmin(b.lowest_gap, frame.positions[2] - radius - plate);
        if (o.wall_collisions > hits && b.count < 64) b.times[b.count++] = o.time;
        hits = o.wall_collisions;
    }
    b.final_time = o.time;
    rc_frame_destroy(&frame);
    rc_edmd_destroy(engine);
    return b;
}

static void test_ball_elastic(void)
{
    const double h = 1, g = 9.81, t1 = sqrt(2 * h / g);
    bounces b = drop(0, h, g, 1, RC_EVENT_DETECTION_STABLE, 600);
    CHECK(b.count >= 40, "elastic ball: %d bounces", b.count);
    for (int k = 0; k < b.count; k++)
        CHECK(fabs(b.times[k] / (t1 * (2 * k + 1)) - 1) <= 1e-12, "elastic bounce %d at %.17g, expected %.17g", k,
              b.times[k], t1 * (2 * k + 1));
    CHECK(b.lowest_gap >= -1e-12, "elastic ball %.3g below the plate", b.lowest_gap);

    /* back at the starting height at the top of every flight */
    double radius = 0.5, mass = 1, x[3] = {2, 2, 0.5 + h}, v[3] = {0, 0, 0};
    rc_edmd_def def = rc_edmd_default_def();
    def.box[0] = def.box[1] = 4;
    def.box[2] = 2 * h + 2;
    def.periodic[2] = false;
    def.gravity[2] = -g;
    def.count = 1;
    def.positions = x;
    def.velocities = v;
    def.radii = &radius;
    def.masses = &mass;
    rc_edmd *engine = create(&def, "apex");
    if (!engine) return;
    rc_frame frame;
    rc_frame_create(&frame, 1, false);
    double worst = 0;
    for (int k = 1; k <= 20; k++) {
        rc_edmd_limits limits = {2 * k * t1, 0, 100000};
        rc_edmd_advance(engine, &limits);
        rc_edmd_fill_frame(engine, &frame);
        double height = frame.positions[2] - radius;
        worst = fmax(worst, fabs(height / h - 1));
        CHECK(fabs(height / h - 1) <= 1e-12 && fabs(frame.velocities[2]) <= 1e-12 * g * t1,
              "apex %d: height %.17g, speed %.3g", k, height, frame.velocities[2]);
    }
    fprintf(stderr, "elastic ball: %d bounces on time to 1e-12, apex heights within %.2g of h\n", b.count, worst);
    rc_frame_destroy(&frame);
    rc_edmd_destroy(engine);
}

static void test_ball_inelastic(void)
{
    const double h = 1, g = 9.81, e = 0.5, t1 = sqrt(2 * h / g), v1 = g * t1;
    const double rest = t1 + 2 * e * v1 / (g * (1 - e));
    bounces b = drop(0, h, g, e, RC_EVENT_DETECTION_STABLE, 3000);
    CHECK(b.count >= 30, "inelastic ball: %d bounces", b.count);
    for (int k = 0; k < b.count && k < 30; k++) {
        double expected = t1 + 2 * e * v1 * (1 - pow(e, k)) / (g * (1 - e));
        CHECK(fabs(b.times[k] / expected - 1) <= 1e-12, "bounce %d at %.17g, expected %.17g", k, b.times[k], expected);
    }
    for (int k = 2; k <= 20 && k < b.count; k++) {
        double ratio = (b.times[k] - b.times[k - 1]) / (b.times[k - 1] - b.times[k - 2]);
        CHECK(fabs(ratio - e) <= 1e-8, "bounce %d: interval ratio %.12f, e = %g", k, ratio, e);
    }
    CHECK(b.lowest_gap >= -1e-12, "inelastic ball %.3g below the plate", b.lowest_gap);
    /* The clock ends at the time of rest: once the flights are below the resolution of the clock (or of the
     * height), the stable rule keeps colliding at zero time. */
    CHECK(fabs(b.final_time / rest - 1) <= 1e-12, "inelastic ball at rest at %.17g, analytic %.17g", b.final_time,
          rest);
}

/* The paper's section 5: the plate position swept over [0, 1), e = 0.5, g = 1, dropped from 1/2 above it. The
 * naive rule loses the ball through the plate for part of the positions; the stable rule never, and always ends at
 * the time of rest to within the flight time left when the hop height falls below the spacing of doubles at the
 * ball's height (2 v / (g (1 - e)) with v ~ sqrt(2 g ulp(z)): a few 1e-8). */
static void test_plate_sweep(void)
{
    const int plates = 200;
    const double e = 0.5, g = 1, h = 0.5, t1 = 1, rest = t1 + 2 * e * g * t1 / (g * (1 - e));
    int fell[2] = {0, 0};
    double worst_gap = 0, worst_rest = 0;
    for (int k = 0; k < plates; k++) {
        double plate = (k + 0.5) / plates;
        for (int rule = 0; rule < 2; rule++) {
            bounces b = drop(plate, h, g, e, (rc_event_detection)rule, 2000);
            fell[rule] += b.lowest_gap < -1e-9;
            if (rule == RC_EVENT_DETECTION_STABLE) {
                worst_gap = fmin(worst_gap, b.lowest_gap);
                worst_rest = fmax(worst_rest, fabs(b.final_time - rest));
            }
        }
    }
    CHECK(fell[RC_EVENT_DETECTION_STABLE] == 0 && worst_gap >= -1e-12,
          "stable: fell through %d of %d plates (lowest %.3g)", fell[RC_EVENT_DETECTION_STABLE], plates, worst_gap);
    CHECK(worst_rest <= 1e-7, "stable: time of rest off by %.3g", worst_rest);
    CHECK(fell[RC_EVENT_DETECTION_NAIVE] > 0, "naive: never fell through in %d plates", plates);
    fprintf(stderr,
            "plate sweep (%d positions, e = 0.5): naive fell through %d, stable %d (lowest gap %.2g, time of "
            "rest within %.2g)\n",
            plates, fell[RC_EVENT_DETECTION_NAIVE], fell[RC_EVENT_DETECTION_STABLE], worst_gap, worst_rest);
}

int main(void)
{
    test_conservation();
    test_determinism();
    test_observables();
    test_restart_from_frame();
    test_ball_elastic();
    test_ball_inelastic();
    test_plate_sweep();
    return check_finish();
}
