/* SPDX-License-Identifier: MIT */
/* Fixed obstacles in the event-driven engine (docs/edmd.md, "Fixed obstacles").
 *
 * Oracles:
 * - A ball hitting a fixed ball head on comes back at -e times its speed, the fixed ball stays where it is with no
 *   velocity (infinite mass), and the energy lost is (1 - e^2) m v^2 / 2 (the wall rule along the centre line);
 *   an oblique hit reflects the normal part only.
 * - A Galton board (2D, gravity, a triangle of fixed pins, a few hundred inelastic disks, clusters, sleeping and an
 *   Andersen thermostat): after 2 10^5 events every pin is bit for bit where it started, at rest; no disk overlaps a
 *   pin beyond rounding; the energy balance holds; the count of sleepers excludes the pins.
 * - A fixed particle given a velocity, and one overlapping another, are refused naming it.
 * - A checkpoint of an engine with fixed particles resumes bit-identical. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"

static void head_on(double e, bool clusters)
{
    double x[6] = {5, 5, 0, 8, 5, 0}, v[6] = {1.5, 0, 0, 0, 0, 0}, r[2] = {0.5, 0.7}, m[2] = {2, 1};
    bool fixed[2] = {false, true};
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = 2;
    d.box[0] = d.box[1] = 20;
    d.count = 2, d.positions = x, d.velocities = v, d.radii = r, d.masses = m, d.fixed = fixed;
    d.restitution = e;
    d.contact_tolerance = clusters ? 1e-9 : 0;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(&d, &engine);
    CHECK(s == RC_STATUS_OK, "create: %s", rc_error_get());
    if (s != RC_STATUS_OK) return;
    rc_edmd_limits limits = {3, 0, 0};
    rc_edmd_advance(engine, &limits);
    rc_frame f;
    rc_frame_create(&f, 2, false);
    rc_edmd_fill_frame(engine, &f);
    rc_edmd_observables o;
    rc_edmd_measure(engine, &o);
    CHECK(f.positions[3] == 8 && f.positions[4] == 5 && f.velocities[3] == 0 && f.velocities[4] == 0,
          "the fixed ball moved: (%.17g, %.17g) at (%g, %g)", f.positions[3], f.positions[4], f.velocities[3],
          f.velocities[4]);
    CHECK(fabs(f.velocities[0] + e * 1.5) < 1e-14, "e %g: bounced at %.17g, not %.17g", e, f.velocities[0], -e * 1.5);
    CHECK(fabs(o.dissipated_energy - 0.5 * (1 - e * e) * 2 * 1.5 * 1.5) < 1e-14, "e %g: dissipated %.17g", e,
          o.dissipated_energy);
    CHECK(fabs(o.energy_drift) < 1e-14, "e %g: energy drift %g", e, o.energy_drift);
    rc_frame_destroy(&f);
    rc_edmd_destroy(engine);
}

/* Pins in a triangle, disks poured from above. */
typedef struct board {
    int32_t n, pins;
    double *x, *v, *r, *m;
    bool *fixed;
} board;

static board board_make(rc_edmd_def *d)
{
    board b = {0};
    int rows = 8;
    b.pins = rows * (rows + 1) / 2;
    int balls = 240;
    b.n = b.pins + balls;
    b.x = calloc(3 * (size_t)b.n, sizeof(double)), b.v = calloc(3 * (size_t)b.n, sizeof(double));
    b.r = calloc((size_t)b.n, sizeof(double)), b.m = calloc((size_t)b.n, sizeof(double));
    b.fixed = calloc((size_t)b.n, sizeof(bool));
    int32_t k = 0;
    for (int row = 0; row < rows; row++)
        for (int i = 0; i <= row; i++, k++) {
            b.x[3 * k] = 20 + (i - row / 2.0) * 2.4;
            b.x[3 * k + 1] = 40 - row * 2.1;
            b.r[k] = 0.4, b.m[k] = 1, b.fixed[k] = true;
        }
    for (int i = 0; i < balls; i++, k++) {
        b.x[3 * k] = 16.5 + (i % 12) * 0.65;
        b.x[3 * k + 1] = 44 + (i / 12) * 0.65;
        b.v[3 * k] = 0.05 * sin(i * 1.7);
        b.v[3 * k + 1] = 0.05 * cos(i * 2.3);
        b.r[k] = 0.3, b.m[k] = 1;
    }
    d->dimension = 2;
    d->box[0] = 40, d->box[1] = 60;
    d->periodic[0] = d->periodic[1] = false;
    d->gravity[1] = -1;
    d->restitution = 0.7;
    d->count = b.n, d->positions = b.x, d->velocities = b.v, d->radii = b.r, d->masses = b.m, d->fixed = b.fixed;
    return b;
}

static void board_free(board *b) { free(b->x), free(b->v), free(b->r), free(b->m), free(b->fixed); }

static void galton(void)
{
    rc_edmd_def d = rc_edmd_default_def();
    board b = board_make(&d);
    d.thermostat_rate = 0.01, d.thermostat_temperature = 0.01;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(&d, &engine);
    CHECK(s == RC_STATUS_OK, "create: %s", rc_error_get());
    if (s == RC_STATUS_OK) {
        rc_edmd_limits limits = {INFINITY, 0, 200000};
        s = rc_edmd_advance(engine, &limits);
        CHECK(s == RC_STATUS_OK, "advance: %s", rc_error_get());
        rc_frame f;
        rc_frame_create(&f, b.n, false);
        rc_edmd_fill_frame(engine, &f);
        rc_edmd_observables o;
        rc_edmd_measure(engine, &o);
        bool still = true;
        double worst = 0;
        for (int32_t k = 0; k < b.pins; k++) {
            still &= f.positions[3 * k] == b.x[3 * k] && f.positions[3 * k + 1] == b.x[3 * k + 1] &&
                     f.velocities[3 * k] == 0 && f.velocities[3 * k + 1] == 0;
            for (int32_t j = b.pins; j < b.n; j++) {
                double dx = f.positions[3 * j] - f.positions[3 * k],
                       dy = f.positions[3 * j + 1] - f.positions[3 * k + 1];
                worst = fmax(worst, 0.7 - sqrt(dx * dx + dy * dy));
            }
        }
        CHECK(still, "a pin moved");
        CHECK(worst < 1e-9, "a disk overlaps a pin by %g", worst);
        CHECK(fabs(o.energy_drift) < 1e-9, "energy drift %g", o.energy_drift);
        CHECK(o.wall_collisions > 1000 && o.thermostat_events > 0, "%llu wall and pin hits, %llu kicks",
              (unsigned long long)o.wall_collisions, (unsigned long long)o.thermostat_events);
        CHECK(o.sleeping >= 0 && o.sleeping <= b.n - b.pins, "sleeping %d", (int)o.sleeping);
        printf(
            "galton board: t %.3f, %llu events, %llu pair collisions, %llu wall and pin hits, %d asleep, overlap %g, "
            "drift %g\n",
            o.time, (unsigned long long)o.events, (unsigned long long)o.collisions,
            (unsigned long long)o.wall_collisions, (int)o.sleeping, worst, o.energy_drift);
        rc_frame_destroy(&f);
    }
    rc_edmd_destroy(engine);
    board_free(&b);
}

static void refusals(void)
{
    rc_edmd_def d = rc_edmd_default_def();
    board b = board_make(&d);
    b.v[3 * 2] = 1; /* pin 2 moving */
    rc_edmd *engine = NULL;
    CHECK(rc_edmd_create(&d, &engine) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "fixed: particle 2"),
          "a moving pin: %s", rc_error_get());
    rc_edmd_destroy(engine);
    b.v[3 * 2] = 0;
    b.x[3 * 1] = b.x[3 * 2] + 0.5, b.x[3 * 1 + 1] = b.x[3 * 2 + 1]; /* pin 1 on pin 2 */
    engine = NULL;
    CHECK(rc_edmd_create(&d, &engine) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "particle 1"),
          "overlapping pins: %s", rc_error_get());
    rc_edmd_destroy(engine);
    board_free(&b);
}

static void checkpoint(void)
{
    rc_edmd_def d = rc_edmd_default_def();
    board b = board_make(&d);
    rc_edmd *a = NULL, *c = NULL;
    if (rc_edmd_create(&d, &a) != RC_STATUS_OK || rc_edmd_create(&d, &c) != RC_STATUS_OK) {
        CHECK(false, "create: %s", rc_error_get());
    } else {
        rc_edmd_limits half = {INFINITY, 0, 30000}, all = {INFINITY, 0, 60000};
        rc_edmd_advance(a, &half);
        size_t size = rc_edmd_state_size(a);
        void *buffer = malloc(size);
        CHECK(rc_edmd_state_save(a, buffer, size) == RC_STATUS_OK &&
                  rc_edmd_state_restore(c, buffer, size) == RC_STATUS_OK,
              "save and restore: %s", rc_error_get());
        rc_edmd_advance(a, &all);
        rc_edmd_advance(c, &all);
        rc_frame fa, fc;
        rc_frame_create(&fa, b.n, false);
        rc_frame_create(&fc, b.n, false);
        rc_edmd_fill_frame(a, &fa);
        rc_edmd_fill_frame(c, &fc);
        CHECK(memcmp(fa.positions, fc.positions, 3 * (size_t)b.n * sizeof(double)) == 0 && fa.time == fc.time,
              "the resumed engine differs");
        rc_frame_destroy(&fa);
        rc_frame_destroy(&fc);
        free(buffer);
    }
    rc_edmd_destroy(a);
    rc_edmd_destroy(c);
    board_free(&b);
}

int main(void)
{
    head_on(1, true);
    head_on(0.6, true);
    head_on(0.6, false);
    galton();
    refusals();
    checkpoint();
    return check_finish();
}
