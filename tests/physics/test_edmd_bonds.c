/* SPDX-License-Identifier: MIT */
/* Bonds in the event-driven engine (src/edmd/bonds.c; docs/edmd.md, "Bonds").
 *
 * Oracles:
 * - A free dimer with a fluctuating bond (core at sigma, outer wall at lambda sigma) at constant temperature: the
 *   bond length r is distributed as the free volume of the relative coordinate, r^(d-1) between the walls (r^2 in 3D,
 *   r in 2D), tested by Kolmogorov-Smirnov on samples far enough apart in time to be independent. The test must be
 *   able to fail: the same samples must reject the law of the other dimension.
 * - Invariants over long runs of tangent chains (outer 1.05): no bond ever found beyond its outer wall by more than
 *   rounding, no invalid state, no negative time, energy conserved; in 2D and 3D, periodic, with walls and gravity and
 *   a thermostat, under shear, and under compression (the walls grow with the contact distance).
 * - Checkpoints: a run that saves and goes on and an engine that takes the state back end bit-identical.
 * - Bad definitions name the bond or the bond type. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd_check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

enum { MAX_N = 2000 };
static double X[3 * MAX_N], V[3 * MAX_N], R[MAX_N], M[MAX_N];
static rc_edmd_bond B[MAX_N];

/* The bond lengths of the engine now, into lengths (d.bond_count of them); returns the largest over outer sigma.
 * During a compression a frame's radii are those of the last rescaling: sigma now follows from the packing fraction
 * the engine measures now (the radii grown by a common factor). */
static double bond_lengths(rc_edmd *e, const rc_edmd_def *d, double *lengths)
{
    rc_frame f;
    rc_frame_create(&f, d->count, false);
    rc_edmd_fill_frame(e, &f);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    double filled = 0;
    for (int32_t k = 0; k < d->count; k++)
        filled += d->dimension == 3 ? 4 * M_PI / 3 * pow(f.radii[k], 3) : M_PI * f.radii[k] * f.radii[k];
    double grown = pow(o.packing_fraction / (filled / (f.box[0] * f.box[1] * (d->dimension == 3 ? f.box[2] : 1))),
                       1.0 / d->dimension);
    for (int32_t k = 0; k < d->count; k++) f.radii[k] *= grown;
    double worst = 0;
    for (int32_t k = 0; k < d->bond_count; k++) {
        const double *a = f.positions + 3 * d->bonds[k].a, *b = f.positions + 3 * d->bonds[k].b;
        double r[3], rr = 0;
        for (int c = 0; c < 3; c++) r[c] = a[c] - b[c];
        if (f.tilt != 0) { /* across the sheared boundary the image is offset along the flow */
            double crossings = round(r[f.tilt_gradient] / f.box[f.tilt_gradient]);
            r[f.tilt_gradient] -= crossings * f.box[f.tilt_gradient];
            r[f.tilt_flow] -= crossings * f.tilt;
        }
        for (int c = 0; c < d->dimension; c++) {
            if (d->periodic[c]) r[c] -= f.box[c] * round(r[c] / f.box[c]);
            rr += r[c] * r[c];
        }
        double sigma = f.radii[d->bonds[k].a] + f.radii[d->bonds[k].b];
        if (lengths) lengths[k] = sqrt(rr) / sigma;
        double over = sqrt(rr) / (sigma * d->bond_types[d->bonds[k].type].outer);
        if (over > worst) worst = over;
    }
    rc_frame_destroy(&f);
    return worst;
}

/* Dimers of unit spheres on a square or cubic lattice of spacing `spacing`, each bond along a random direction at a
 * random length in (inner, outer) sigma; velocities at kT = 1. */
static rc_edmd_def dimers(int dimension, int32_t pairs, double spacing, const rc_bond_type *type, uint64_t seed)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = dimension;
    int32_t side = (int32_t)ceil(pow(pairs, 1.0 / dimension));
    for (int a = 0; a < 3; a++) d.box[a] = side * spacing;
    srand((unsigned)seed);
    for (int32_t k = 0; k < pairs; k++) {
        int32_t cell[3] = {k % side, (k / side) % side, dimension == 3 ? k / (side * side) : 0};
        double u[3] = {0, 0, 0}, norm = 0;
        while (norm < 1e-3) {
            norm = 0;
            for (int a = 0; a < dimension; a++) u[a] = 2.0 * rand() / RAND_MAX - 1, norm += u[a] * u[a];
        }
        double length = type->inner + (type->outer - type->inner) * (0.1 + 0.8 * rand() / RAND_MAX);
        for (int a = 0; a < 3; a++) {
            X[6 * k + a] = a < dimension ? (cell[a] + 0.3) * spacing : 0;
            X[6 * k + 3 + a] = X[6 * k + a] + length * u[a] / sqrt(norm);
        }
        B[k] = (rc_edmd_bond){2 * k, 2 * k + 1, 0};
    }
    int32_t n = 2 * pairs;
    for (int32_t k = 0; k < n; k++) R[k] = 0.5, M[k] = 1;
    CHECK(rc_velocities_draw_maxwell_boltzmann(dimension, n, M, 1.0, seed + 1, V) == RC_STATUS_OK, "velocities: %s",
          rc_error_get());
    d.count = n, d.positions = X, d.velocities = V, d.radii = R, d.masses = M;
    d.bond_types = type, d.bond_type_count = 1, d.bonds = B, d.bond_count = pairs;
    return d;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The Kolmogorov-Smirnov distance of sorted samples in [a, b] from the law with density r^(power) there. */
static double ks_distance(const double *sorted, int64_t n, double a, double b, int power)
{
    double worst = 0, p = power + 1, low = pow(a, p), span = pow(b, p) - low;
    for (int64_t k = 0; k < n; k++) {
        double cdf = (pow(sorted[k], p) - low) / span;
        double above = (double)(k + 1) / n - cdf, below = cdf - (double)k / n;
        if (above > worst) worst = above;
        if (below > worst) worst = below;
    }
    return worst;
}

static void test_dimer_distribution(int dimension, int frames)
{
    static const rc_bond_type type = {1.0, 1.5, 0, NULL};
    const int32_t pairs = 125;
    rc_edmd_def d = dimers(dimension, pairs, 6.0, &type, 11 + dimension);
    d.thermostat_rate = 0.5, d.thermostat_temperature = 1.0, d.seed = 3;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    edmd_check_advance(e, 20, 0);
    int64_t n = (int64_t)frames * pairs;
    double *samples = malloc((size_t)n * sizeof *samples), worst = 0;
    /* two time units between frames: a bond crosses its half-sigma range several times at unit thermal speed and
     * the thermostat redraws every velocity once; the dimers are far apart (6 sigma) and rarely meet */
    for (int f = 0; f < frames; f++) {
        edmd_check_advance(e, 20 + 2.0 * (f + 1), 0);
        double over = bond_lengths(e, &d, samples + (int64_t)f * pairs);
        if (over > worst) worst = over;
    }
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    qsort(samples, (size_t)n, sizeof *samples, by_value);
    double right = ks_distance(samples, n, 1.0, 1.5, dimension - 1);
    double wrong = ks_distance(samples, n, 1.0, 1.5, dimension == 3 ? 1 : 2);
    /* 1.95 / sqrt(n): the Kolmogorov distribution's 0.1 % point; independent samples make a false alarm that rare */
    double limit = 1.95 / sqrt((double)n);
    printf("%dD free dimers, bond in [1, 1.5] sigma: %lld samples, KS distance %.4f from r^%d (limit %.4f), %.4f from "
           "r^%d; longest bond %.12f of the outer wall; %llu step events (%llu reflections), invalid %llu\n",
           dimension, (long long)n, right, dimension - 1, limit, wrong, dimension == 3 ? 1 : 2, worst,
           (unsigned long long)o.step_events, (unsigned long long)o.step_bounces, (unsigned long long)o.invalid_states);
    CHECK(right < limit, "%dD: the bond lengths are not distributed as r^%d (KS %.4f >= %.4f)", dimension,
          dimension - 1, right, limit);
    CHECK(wrong > limit, "%dD: the test cannot tell r^%d from r^%d (KS %.4f)", dimension, dimension - 1,
          dimension == 3 ? 1 : 2, wrong);
    CHECK(worst <= 1 + 1e-9 && o.invalid_states == 0, "%dD: a bond beyond its wall (%.15f) or invalid states (%llu)",
          dimension, worst, (unsigned long long)o.invalid_states);
    CHECK(o.step_bounces > 0, "%dD: no reflection at the outer wall", dimension);
    free(samples);
    rc_edmd_destroy(e);
}

/* Straight chains of `length` unit spheres along x, 1.02 apart, on a lattice of lines 1.6 apart. */
static rc_edmd_def chains(int dimension, int32_t count, int32_t length, const rc_bond_type *type)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = dimension;
    int32_t lines = count / length, side = dimension == 3 ? (int32_t)ceil(sqrt(lines)) : lines;
    d.box[0] = length * 1.02 + 0.6;
    d.box[1] = d.box[2] = side * 1.6;
    int32_t bonds = 0;
    for (int32_t k = 0; k < count; k++) {
        int32_t line = k / length, bead = k % length;
        X[3 * k] = 0.3 + 1.02 * bead;
        X[3 * k + 1] = 0.8 + 1.6 * (line % side);
        X[3 * k + 2] = dimension == 3 ? 0.8 + 1.6 * (line / side) : 0;
        R[k] = 0.5, M[k] = 1;
        if (bead > 0) B[bonds++] = (rc_edmd_bond){k - 1, k, 0};
    }
    CHECK(rc_velocities_draw_maxwell_boltzmann(dimension, count, M, 1.0, 5, V) == RC_STATUS_OK, "velocities: %s",
          rc_error_get());
    d.count = count, d.positions = X, d.velocities = V, d.radii = R, d.masses = M;
    d.bond_types = type, d.bond_type_count = 1, d.bonds = B, d.bond_count = bonds;
    return d;
}

enum { PLAIN, WALLS_GRAVITY, SHEAR, COMPRESSION, CASES };
static const char *const case_names[CASES] = {"periodic", "walls, gravity, thermostat", "shear", "compression"};

static void test_invariants(int dimension, int which, uint64_t events)
{
    static const rc_bond_type tangent = {1.0, 1.05, 0, NULL};
    rc_edmd_def d = chains(dimension, dimension == 3 ? 400 : 200, 10, &tangent);
    if (which == WALLS_GRAVITY) {
        d.periodic[1] = false;
        d.gravity[1] = -0.5;
        d.thermostat_rate = 0.1, d.thermostat_temperature = 1.0;
    } else if (which == SHEAR) {
        d.shear = (rc_edmd_shear){true, 0.2, 0, 1, 0};
        rc_edmd_def_add_shear_profile(&d, V);
    } else if (which == COMPRESSION) {
        d.compression.rate = 0.01, d.compression.packing_fraction = dimension == 3 ? 0.3 : 0.5;
    }
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    double worst = 0;
    rc_edmd_observables o;
    for (int part = 1; part <= 10; part++) {
        o = edmd_check_advance(e, INFINITY, events * (uint64_t)part / 10);
        double over = bond_lengths(e, &d, NULL);
        if (over > 1 + 1e-9) printf("  part %d: t = %g, bond %.12f of its wall\n", part, o.time, over);
        if (over > worst) worst = over;
    }
    printf("%dD tangent chains (%s): %llu events, %llu step events (%llu reflections), longest bond %.12f of its "
           "wall, invalid %llu, negative times %llu, drift %.2e\n",
           dimension, case_names[which], (unsigned long long)o.events, (unsigned long long)o.step_events,
           (unsigned long long)o.step_bounces, worst, (unsigned long long)o.invalid_states,
           (unsigned long long)o.negative_time_events, o.energy_drift);
    CHECK(worst <= 1 + 1e-9, "%dD %s: a bond %.15f of its outer wall", dimension, case_names[which], worst);
    CHECK(o.invalid_states == 0 && o.negative_time_events == 0, "%dD %s: %llu invalid states, %llu negative times",
          dimension, case_names[which], (unsigned long long)o.invalid_states,
          (unsigned long long)o.negative_time_events);
    CHECK(o.step_bounces > 0, "%dD %s: no reflection", dimension, case_names[which]);
    if (which == PLAIN) CHECK(fabs(o.energy_drift) < 1e-9, "%dD: energy drift %g", dimension, o.energy_drift);
    rc_edmd_destroy(e);
}

static void test_resume(void)
{
    static const rc_bond_type type = {1.0, 1.2, 0, NULL};
    rc_edmd_def d = chains(3, 400, 10, &type);
    d.thermostat_rate = 0.2;
    d.reorder_interval = 5; /* slots renumbered several times: the partner lists follow */
    edmd_twins t = edmd_check_twins(&d, 3, 8);
    if (!t.a) return;
    printf("chains checkpoint: %zu bytes, resumed run %s, %llu / %llu step events\n", t.size,
           t.same ? "bit-identical" : "DIFFERENT", (unsigned long long)t.oa.step_events,
           (unsigned long long)t.ob.step_events);
    CHECK(t.same && t.oa.step_events == t.ob.step_events && t.oa.virial == t.ob.virial, "the resumed run differs");
    edmd_twins_destroy(&t);
}

static void expect_refused(const rc_edmd_def *d, const char *words)
{
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(d, &e);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), words),
          "expected a refusal with \"%s\", got %d: %s", words, (int)s, rc_error_get());
    if (e) rc_edmd_destroy(e);
}

static void test_bad_definitions(void)
{
    rc_bond_type type = {1.0, 1.2, 0, NULL};
    rc_edmd_def d = chains(3, 40, 10, &type);
    B[0] = (rc_edmd_bond){0, 40, 0};
    expect_refused(&d, "bonds[0]: particle 40 does not exist");
    B[0] = (rc_edmd_bond){3, 3, 0};
    expect_refused(&d, "bonds[0]: particle 3 is bonded to itself");
    B[0] = (rc_edmd_bond){1, 2, 0};
    expect_refused(&d, "bonded twice");
    B[0] = (rc_edmd_bond){0, 5, 0};
    expect_refused(&d, "bonds[0]: particles 0 and 5 start");
    B[0] = (rc_edmd_bond){0, 1, 1};
    expect_refused(&d, "bonds[0].type");
    B[0] = (rc_edmd_bond){0, 1, 0};
    type.outer = 1.0;
    expect_refused(&d, "bond_types[0].outer");
    type.outer = 1.2, type.inner = -1;
    expect_refused(&d, "bond_types[0].inner");
    type.inner = 1.0;
    rc_edmd *e = edmd_check_create(&d);
    if (e) rc_edmd_destroy(e);
}

int main(void)
{
#ifdef __SANITIZE_ADDRESS__
    const uint64_t events = 100000;
    const int frames = 40;
#else
    const uint64_t events = 1000000;
    const int frames = 200;
#endif
    test_bad_definitions();
    test_dimer_distribution(3, frames);
    test_dimer_distribution(2, frames);
    for (int dimension = 2; dimension <= 3; dimension++)
        for (int which = 0; which < CASES; which++) test_invariants(dimension, which, events);
    test_resume();
    return check_finish();
}
