/* SPDX-License-Identifier: MIT */
/* Stepped pair potentials in the event-driven engine (src/edmd/steps.c, capture.c; docs/edmd.md, "Stepped
 * potentials"): the stable exit rule with history (Bannerman et al. 2014, sections 4 and 6), the step events and the
 * capture map.
 *
 * Oracles:
 * - The definition of the stable exit rule: a pair recorded inside a sphere of radius R leaves it at the first t >= 0
 *   with g(t) = R^2 - |r + v t|^2 <= 0 and g'(t) < 0: never at a negative time, never missed (a moving pair inside a
 *   sphere always leaves it), now when it is found outside and receding; swept over offsets of a few ulps around an
 *   exactly grazing configuration, against the textbook root, which goes negative or misses.
 * - Invariants over long runs: invalid_states (pairs found beyond their recorded step by more than rounding) and
 *   negative_time_events stay 0; kinetic + potential energy (steps and gravity) is conserved to rounding, with elastic
 *   or inelastic cores (then E + dissipated); momentum is conserved in periodic boxes.
 * - An isolated pair in a square well with less normal kinetic energy than the depth orbits inside it forever: every
 *   step event is a bounce, the separation stays below lambda sigma; swept over starts a few ulps either side of the
 *   wall and tilts down to grazing.
 * - Clusters: two touching spheres in their well hit by a third: one cluster for the impact resolver, energy
 *   conserved.
 * - The second virial coefficient of the square well, B2 / b0 = 1 - (lambda^3 - 1)(exp(beta eps) - 1), b0 = 2 pi
 *   sigma^3 / 3, from the pressure of a dilute gas at fixed temperature (Andersen thermostat): Z - 1 = B2 rho + O(rho^2).
 * - The mixing rule: Lorentz (radii averaged) and Berthelot (depths' geometric mean) on two wells, read back as the
 *   potential energy of unlike pairs just inside and outside the mixed well.
 * - Checkpoints: a run that saves and goes on and an engine that takes the state back end bit-identical, capture map
 *   included. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd_check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

static const rc_event_detection STABLE = RC_EVENT_DETECTION_STABLE, NAIVE = RC_EVENT_DETECTION_NAIVE;

/* ---- the exit rule on its own ---- */

/* Pairs at |r| = R + k ulps moving at an angle `tilt` (radians, positive outward) to the sphere's tangent plane:
 * tilt 0 is exactly grazing. */
static void test_exit_sweep(void)
{
    const double radii[] = {1.5, 1.0, 0.3, 2.7, 1e3};
    const double tilts[] = {0, 1e-17, -1e-17, 1e-12, -1e-12, 1e-6, -1e-6, 0.5, -0.5};
    const double directions[][3] = {{1, 0, 0}, {0.6, 0.8, 0}, {1, 1, 1}, {-0.3, 0.5, 0.7}};
    int cases = 0, outside_receding = 0, naive_negative = 0, naive_missed = 0;
    for (size_t s = 0; s < sizeof radii / sizeof *radii; s++)
        for (size_t d = 0; d < sizeof directions / sizeof *directions; d++)
            for (size_t w = 0; w < sizeof tilts / sizeof *tilts; w++)
                for (int k = -8; k <= 8; k++) {
                    double radius = radii[s], distance = radius;
                    for (int step = 0; step < abs(k); step++) distance = nextafter(distance, k < 0 ? 0.0 : INFINITY);
                    const double *u = directions[d];
                    double norm = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), n[3], t[3], r[3], v[3];
                    for (int a = 0; a < 3; a++) n[a] = u[a] / norm;
                    /* a unit tangent: n x e, e the axis least along n */
                    double e[3] = {fabs(n[0]) < 0.5, fabs(n[0]) >= 0.5, 0};
                    t[0] = n[1] * e[2] - n[2] * e[1], t[1] = n[2] * e[0] - n[0] * e[2],
                    t[2] = n[0] * e[1] - n[1] * e[0];
                    double tn = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
                    for (int a = 0; a < 3; a++)
                        r[a] = distance * n[a], v[a] = cos(tilts[w]) * t[a] / tn + sin(tilts[w]) * n[a];
                    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
                    double c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - radius * radius;
                    double stable = rc_edmd_predict_exit(STABLE, r, v, radius),
                           naive = rc_edmd_predict_exit(NAIVE, r, v, radius);
                    cases++;
                    CHECK(stable >= 0 && !signbit(stable), "R %g dir %zu tilt %g %+d ulps: negative time %.17g", radius,
                          d, tilts[w], k, stable);
                    /* never missed, never later than the chord through the centre (2R at unit speed) plus rounding */
                    CHECK(stable <= 2 * radius * (1 + 1e-12), "R %g dir %zu tilt %g %+d ulps: exit at %.17g", radius, d,
                          tilts[w], k, stable);
                    if (c > 0 && b > 0) {
                        outside_receding++;
                        CHECK(stable == 0, "R %g, found outside and receding: exit at %.17g, not now", radius, stable);
                    }
                    if (c < 0 && tilts[w] > 0.1) /* well inside the rounding: the analytic root, -2 r.v when c = 0 */
                        CHECK(fabs(stable) <= 64 * DBL_EPSILON * radius, "R %g tilt %g: exit at %.17g", radius,
                              tilts[w], stable);
                    if (c < 0 && tilts[w] < -0.1)
                        CHECK(check_close(stable, 2 * radius * sin(-tilts[w]), 1e-12),
                              "R %g tilt %g: chord %.17g vs "
                              "%.17g",
                              radius, tilts[w], stable, 2 * radius * sin(-tilts[w]));
                    naive_negative += naive < 0;
                    naive_missed += naive == INFINITY;
                }
    printf("exit sweep: %d cases, %d found outside and receding (exit now); the textbook root is negative in %d and "
           "misses the exit in %d\n",
           cases, outside_receding, naive_negative, naive_missed);
    CHECK(outside_receding > 0 && naive_negative > 0 && naive_missed > 0,
          "the sweep must reach the cases the stable rule fixes (%d, %d, %d)", outside_receding, naive_negative,
          naive_missed);
    /* exactly grazing on the boundary: recorded inside, outside for every t > 0: leaves now */
    double r[3] = {1.5, 0, 0}, v[3] = {0, 1, 0};
    CHECK(rc_edmd_predict_exit(STABLE, r, v, 1.5) == 0, "grazing on the boundary: %g",
          rc_edmd_predict_exit(STABLE, r, v, 1.5));
    /* at rest: never */
    double still[3] = {0, 0, 0};
    CHECK(rc_edmd_predict_exit(STABLE, r, still, 2) == INFINITY, "a pair at rest left its sphere");
}

/* ---- engines ---- */

enum { MAX_N = 2000 };
static double X[3 * MAX_N], V[3 * MAX_N], R[MAX_N], M[MAX_N];
static int32_t S[MAX_N];

static rc_step WELL[1] = {{1.5, -1.0}};
static rc_interaction SQUARE_WELL = {{0, 0}, 1, WELL};

/* A square-well fluid of n unit spheres at number density rho from a lattice, at temperature kT. */
static rc_edmd_def fluid(int dimension, int32_t n, double rho, double kT, uint64_t seed)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = dimension;
    for (int32_t k = 0; k < n; k++) R[k] = 0.5, M[k] = 1, S[k] = 0;
    double fraction = dimension == 3 ? rho * M_PI / 6 : rho * M_PI / 4;
    rc_status s = rc_box_scale_to_packing_fraction(dimension, n, R, fraction, d.box);
    if (s == RC_STATUS_OK)
        s = rc_placement_fill(dimension == 3 ? RC_PLACEMENT_FCC : RC_PLACEMENT_HEXAGONAL, dimension, d.box, d.periodic,
                              n, R, seed, X);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(dimension, n, M, kT, seed + 1, V);
    CHECK(s == RC_STATUS_OK, "fluid: %s", rc_error_get());
    d.count = n, d.positions = X, d.velocities = V, d.radii = R, d.masses = M, d.species = S;
    d.interactions = &SQUARE_WELL, d.interaction_count = 1;
    return d;
}

/* Long runs: the invariants of the stable rule. */
static void test_long_run(int dimension, uint64_t events)
{
    rc_edmd_def d = fluid(dimension, dimension == 3 ? 500 : 400, dimension == 3 ? 0.5 : 0.4, 1.5, 7);
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_edmd_observables o = edmd_check_advance(e, INFINITY, events);
    rc_frame f;
    rc_frame_create(&f, d.count, false);
    rc_edmd_fill_frame(e, &f);
    double p[3] = {0, 0, 0};
    for (int32_t k = 0; k < d.count; k++)
        for (int a = 0; a < 3; a++) p[a] += f.masses[k] * f.velocities[3 * k + a];
    double momentum = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    printf("%dD square-well fluid, stable rule: %llu events, %llu collisions, %llu step events (%llu bounces), U/N = "
           "%.4f, T = %.4f, Z = %.4f, drift %.2e, invalid %llu, negative times %llu, |P| = %.2e\n",
           dimension, (unsigned long long)o.events, (unsigned long long)o.collisions, (unsigned long long)o.step_events,
           (unsigned long long)o.step_bounces, o.potential_energy / d.count, o.temperature, o.compressibility,
           o.energy_drift, (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events, momentum);
    CHECK(o.invalid_states == 0 && o.negative_time_events == 0, "%dD: %llu invalid states, %llu negative times",
          dimension, (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events);
    CHECK(fabs(o.energy_drift) < 1e-12, "%dD: energy drift %g", dimension, o.energy_drift);
    CHECK(momentum < 1e-10, "%dD: momentum %g", dimension, momentum);
    CHECK(o.step_events > o.events / 10 && o.step_bounces > 0, "%dD: %llu step events, %llu bounces", dimension,
          (unsigned long long)o.step_events, (unsigned long long)o.step_bounces);
    rc_frame_destroy(&f);
    rc_edmd_destroy(e);
}

/* Two particles alone in a large periodic box, a few ulps either side of the well's radius (recorded inside when the
 * separation rounds below it), their relative velocity tilted inward by `tilt` from the well's wall, down to 1e-9
 * (grazing: a recorded pair then sits a rounding error outside its well with r.v a billionth of |r||v|). Relative
 * speed 1: the normal kinetic energy, at most 0.25, is below the depth 1. A pair that starts inside orbits there
 * forever: every step event a bounce, the separation below lambda sigma; one that starts outside keeps its energy.
 * Returns how many starts broke that (an escape, an invalid state, a negative time, a change of energy). */
static int bound_pairs(void)
{
    const double tilts[] = {1e-9, 1e-3, 0.1, 0.7, 1.4};
    int broken = 0, inside = 0, starts = 0;
    for (size_t w = 0; w < sizeof tilts / sizeof *tilts; w++)
        for (int k = -6; k <= 3; k++) {
            rc_edmd_def d = rc_edmd_default_def();
            d.box[0] = d.box[1] = d.box[2] = 10;
            double distance = 1.5;
            for (int step = 0; step < abs(k); step++) distance = nextafter(distance, k < 0 ? 0.0 : INFINITY);
            double vt = cos(tilts[w]), vn = -sin(tilts[w]);
            double x[6] = {5, 5, 5, 5 + distance, 5, 5}, v[6] = {-0.5 * vn, -0.5 * vt, 0, 0.5 * vn, 0.5 * vt, 0};
            double r[2] = {0.5, 0.5}, m[2] = {1, 1};
            d.count = 2, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
            d.interactions = &SQUARE_WELL, d.interaction_count = 1;
            rc_edmd *e = edmd_check_create(&d);
            if (!e) return 1;
            rc_edmd_observables o;
            rc_edmd_measure(e, &o);
            bool captured = o.potential_energy == -1;
            o = edmd_check_advance(e, INFINITY, 20000);
            rc_frame f;
            rc_frame_create(&f, 2, false);
            rc_edmd_fill_frame(e, &f);
            double s[3];
            for (int a = 0; a < 3; a++) {
                s[a] = f.positions[3 + a] - f.positions[a];
                s[a] -= 10 * round(s[a] / 10);
            }
            double separation = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
            bool kept = captured ? separation <= 1.5 * (1 + 1e-12) && o.potential_energy == -1 &&
                                       o.step_events == o.step_bounces && o.step_events > 100
                                 : true; /* free: it meets its partner's periodic images again and again */
            bool fine = kept && o.invalid_states == 0 && o.negative_time_events == 0 && fabs(o.energy_drift) < 1e-13;
            inside += captured, starts++, broken += !fine;
            CHECK(fine,
                  "tilt %g, %+d ulps, %s: separation %.17g, U %g, %llu step events, %llu bounces, %llu "
                  "invalid, %llu negative times, drift %g",
                  tilts[w], k, captured ? "captured" : "free", separation, o.potential_energy,
                  (unsigned long long)o.step_events, (unsigned long long)o.step_bounces,
                  (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events, o.energy_drift);
            rc_frame_destroy(&f);
            rc_edmd_destroy(e);
        }
    printf("pairs at the wall of their well: %d starts (%d recorded inside), %d broken after 20000 events\n", starts,
           inside, broken);
    return broken;
}

static void test_bound_pair(void) { CHECK(bound_pairs() == 0, "pairs escaped from their wells"); }

/* Three spheres in a line: B and C touch inside their well, A (a hard sphere to them) hits B: a cluster of three for
 * the impact resolver, then the well acts on what comes out (C, with A's velocity, bounces back off it). */
static void test_cluster(void)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = 12;
    double x[9] = {2, 6, 6, 4, 6, 6, 5, 6, 6}, v[9] = {3, 0, 0, 0, 0, 0, 0, 0, 0}, r[3] = {0.5, 0.5, 0.5},
           m[3] = {1, 1, 1};
    int32_t species[3] = {1, 0, 0}; /* A is a hard sphere to the others (mixing "hard"): nothing pulls B off C */
    d.count = 3, d.positions = x, d.velocities = v, d.radii = r, d.masses = m, d.species = species;
    d.interactions = &SQUARE_WELL, d.interaction_count = 1, d.mixing = RC_MIXING_HARD;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_edmd_observables o = edmd_check_advance(e, 20, 0);
    printf("cradle in wells: %llu clusters, %llu step events, U %g, drift %.2e, invalid %llu\n",
           (unsigned long long)o.clusters, (unsigned long long)o.step_events, o.potential_energy, o.energy_drift,
           (unsigned long long)o.invalid_states);
    CHECK(o.clusters >= 1 && o.step_events >= 2 && o.invalid_states == 0 && fabs(o.energy_drift) < 1e-12,
          "%llu clusters, %llu step events, %llu invalid, drift %g", (unsigned long long)o.clusters,
          (unsigned long long)o.step_events, (unsigned long long)o.invalid_states, o.energy_drift);
    rc_edmd_destroy(e);
}

/* Disks with wells, shoulders and a hard third species in a closed box under gravity, inelastic cores with clusters:
 * E + dissipated conserved (wells and gravity in E), no invalid state. */
static void test_walls_gravity_inelastic(void)
{
    rc_edmd_def d = fluid(2, 300, 0.3, 1.0, 11);
    d.periodic[1] = false;
    d.gravity[1] = -0.2;
    d.restitution = 0.9;
    for (int32_t k = 0; k < d.count; k++) S[k] = k % 3;
    for (int32_t k = 0; k < d.count; k++) X[3 * k + 1] = fmax(X[3 * k + 1], 0.5);
    for (int32_t k = 0; k < d.count; k++) X[3 * k + 1] = fmin(X[3 * k + 1], d.box[1] - 0.5);
    static rc_step terrace[2] = {{1.2, 0.5}, {1.6, -0.8}}, shoulder[1] = {{1.3, 0.7}};
    rc_interaction pairs[3] = {{{0, 0}, 1, WELL}, {{0, 1}, 2, terrace}, {{1, 1}, 1, shoulder}};
    d.interactions = pairs, d.interaction_count = 3, d.mixing = RC_MIXING_HARD;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_edmd_observables o = edmd_check_advance(e, 40, 400000);
    printf("2D terraces under gravity, inelastic cores: %llu events, %llu step events, %llu clusters, E %.4f, "
           "dissipated %.4f, drift %.2e, invalid %llu\n",
           (unsigned long long)o.events, (unsigned long long)o.step_events, (unsigned long long)o.clusters, o.energy,
           o.dissipated_energy, o.energy_drift, (unsigned long long)o.invalid_states);
    CHECK(o.invalid_states == 0 && o.negative_time_events == 0, "%llu invalid states, %llu negative times",
          (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events);
    CHECK(fabs(o.energy_drift) < 1e-10 && o.dissipated_energy > 0 && o.step_events > 1000, "drift %g, dissipated %g",
          o.energy_drift, o.dissipated_energy);
    rc_edmd_destroy(e);
}

/* Z - 1 = B2 rho at low density, B2 = b0 (1 - (lambda^3 - 1)(exp(beta eps) - 1)). */
static void test_second_virial(double time)
{
    const double rho = 0.01, kT = 2.0, lambda = 1.5, b0 = 2 * M_PI / 3;
    rc_edmd_def d = fluid(3, 1372, rho, kT, 3);
    d.thermostat_rate = 0.05, d.thermostat_temperature = kT;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_edmd_observables start = edmd_check_advance(e, 50, 0), end;
    edmd_check_advance(e, 50 + time, 0);
    rc_edmd_measure_since(e, &start, &end);
    double b2 = b0 * (1 - (lambda * lambda * lambda - 1) * (exp(1 / kT) - 1)), expected = 1 + b2 * rho;
    /* the rho^2 term: B3 rho^2 of order b0^2 rho^2 = 4e-4; the statistics of this run about as much */
    printf("second virial coefficient: Z = %.5f, 1 + B2 rho = %.5f (B2 / b0 = %.4f), %llu step events\n",
           end.compressibility, expected, b2 / b0, (unsigned long long)(end.step_events - start.step_events));
    CHECK(fabs(end.compressibility - expected) < 0.15 * fabs(b2 * rho), "Z = %.5f, 1 + B2 rho = %.5f",
          end.compressibility, expected);
    rc_edmd_destroy(e);
}

/* The square-well energy of a frame by brute force: -depth for every pair closer than lambda sigma in its nearest
 * image, over the three rows of Lees-Edwards images along the gradient when the cell is tilted (the tilt 0 and the
 * gradient row 0 otherwise). Independent of the engine's capture map. */
static double well_energy(const rc_frame *f, double lambda, double depth)
{
    int flow = f->tilt != 0 ? f->tilt_flow : 0, gradient = f->tilt != 0 ? f->tilt_gradient : 1;
    int rows = f->tilt != 0 ? 1 : 0;
    double u = 0;
    for (int32_t i = 0; i < f->count; i++)
        for (int32_t j = i + 1; j < f->count; j++) {
            double reach = lambda * (f->radii[i] + f->radii[j]), nearest = INFINITY;
            for (int ng = -rows; ng <= rows; ng++) {
                double r[3], rr = 0;
                for (int a = 0; a < 3; a++) r[a] = f->positions[3 * i + a] - f->positions[3 * j + a];
                r[gradient] += ng * f->box[gradient];
                r[flow] += ng * f->tilt;
                for (int a = 0; a < f->dimension; a++) {
                    if (a != gradient || !rows) r[a] -= f->box[a] * round(r[a] / f->box[a]);
                    rr += r[a] * r[a];
                }
                if (rr < nearest) nearest = rr;
            }
            if (nearest < reach * reach) u -= depth;
        }
    return u;
}

/* Lees-Edwards shear of a square-well fluid: the sheared scan and step events keep the capture map valid (no invalid
 * state, no negative time; the potential energy equals the brute-force count of pairs in their wells over the
 * images), and the peculiar energy balance with the steps' potential holds to rounding (the steps' impulses enter
 * the stress, so the shear work accounts for the heating). */
static void test_shear(double span)
{
    rc_edmd_def d = fluid(3, 500, 0.5, 1.5, 11);
    d.shear.on = true, d.shear.rate = 0.5, d.shear.flow = 0, d.shear.gradient = 1;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_frame f;
    rc_frame_create(&f, d.count, false);
    double worst = 0;
    rc_edmd_observables o;
    for (int k = 1; k <= 8; k++) {
        o = edmd_check_advance(e, span * k / 8, 0); /* at times, not just after an event that left a pair on a step */
        rc_edmd_fill_frame(e, &f);
        double u = well_energy(&f, 1.5, 1.0);
        if (fabs(u - o.potential_energy) > worst) worst = fabs(u - o.potential_energy);
    }
    printf("sheared square-well fluid (rate 0.5): %llu events, %llu step events (%llu bounces), U/N = %.4f, "
           "stress %.4f, drift %.2e, invalid %llu, negative times %llu, |U - brute force| = %g\n",
           (unsigned long long)o.events, (unsigned long long)o.step_events, (unsigned long long)o.step_bounces,
           o.potential_energy / d.count, o.shear_stress, o.energy_drift, (unsigned long long)o.invalid_states,
           (unsigned long long)o.negative_time_events, worst);
    CHECK(o.invalid_states == 0 && o.negative_time_events == 0, "shear: %llu invalid states, %llu negative times",
          (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events);
    CHECK(worst == 0, "shear: the capture map's energy is %g away from the pairs in their wells", worst);
    CHECK(fabs(o.energy_drift) < 1e-9, "shear: energy balance off by %g", o.energy_drift);
    CHECK(o.step_events > o.events / 10 && o.shear_stress > 0, "shear: %llu step events, stress %g",
          (unsigned long long)o.step_events, o.shear_stress);
    rc_frame_destroy(&f);
    rc_edmd_destroy(e);
}

/* Compression of a square-well fluid (every step radius grows with the pair's contact distance, growth.c and
 * rc_edmd_steps_scan_growing): it reaches its target packing fraction with no invalid state and no negative time,
 * its potential energy equal to a brute-force count of the pairs in their (grown) wells along the way and at the
 * end, and the energy balance (what growth feeds in counted as added) closed to rounding. */
static void test_compression(void)
{
    rc_edmd_def d = fluid(3, 500, 0.2, 1.5, 13);
    d.compression.rate = 0.05, d.compression.packing_fraction = 0.35;
    rc_edmd *e = edmd_check_create(&d);
    if (!e) return;
    rc_frame f;
    rc_frame_create(&f, d.count, false);
    rc_edmd_compression_state state = {0};
    rc_edmd_observables o = edmd_check_advance(e, 0, 0);
    rc_edmd_fill_compression_state(e, &state);
    double worst = 0;
    for (int k = 1; k <= 40 && state.end == RC_COMPRESSION_END_GROWING; k++) {
        o = edmd_check_advance(e, 0.5 * k, 0);
        rc_edmd_fill_compression_state(e, &state);
        rc_edmd_fill_frame(e, &f);
        for (int32_t i = 0; i < d.count; i++) f.radii[i] = 0.5 * state.scale; /* the frame's radii are the epoch's */
        double u = well_energy(&f, 1.5, 1.0);
        if (fabs(u - o.potential_energy) > worst) worst = fabs(u - o.potential_energy);
    }
    printf("compressed square-well fluid: phi %.6f (%s), %llu events, %llu step events (%llu bounces), U/N = %.4f, "
           "drift %.2e, invalid %llu, negative times %llu, |U - brute force| = %g\n",
           state.packing_fraction, rc_compression_end_name(state.end), (unsigned long long)o.events,
           (unsigned long long)o.step_events, (unsigned long long)o.step_bounces, o.potential_energy / d.count,
           o.energy_drift, (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events, worst);
    CHECK(state.end == RC_COMPRESSION_END_PACKING_FRACTION && fabs(state.packing_fraction - 0.35) < 1e-9,
          "compression: ended %s at phi %.9f", rc_compression_end_name(state.end), state.packing_fraction);
    CHECK(o.invalid_states == 0 && o.negative_time_events == 0,
          "compression: %llu invalid states, %llu negative "
          "times",
          (unsigned long long)o.invalid_states, (unsigned long long)o.negative_time_events);
    CHECK(worst == 0, "compression: the capture map's energy is %g away from the pairs in their wells", worst);
    CHECK(fabs(o.energy_drift) < 1e-9 && o.step_events > 1000, "compression: drift %g, %llu step events",
          o.energy_drift, (unsigned long long)o.step_events);
    rc_frame_destroy(&f);
    rc_edmd_destroy(e);
}

/* A checkpoint taken mid-run and given back to a fresh engine: the same bits at the end. */
static void test_resume(void)
{
    rc_edmd_def d = fluid(3, 256, 0.5, 1.0, 5);
    d.thermostat_rate = 0.2, d.thermostat_temperature = 1.0;
    edmd_twins t = edmd_check_twins(&d, 3, 8);
    if (!t.a) return;
    rc_edmd_observables oa = t.oa, ob = t.ob;
    printf("square-well checkpoint: %zu bytes, resumed run %s, U = %g / %g, %llu / %llu step events\n", t.size,
           t.same ? "bit-identical" : "DIFFERENT", oa.potential_energy, ob.potential_energy,
           (unsigned long long)oa.step_events, (unsigned long long)ob.step_events);
    CHECK(t.same && oa.potential_energy == ob.potential_energy && oa.step_events == ob.step_events &&
              oa.energy_drift == ob.energy_drift && oa.virial == ob.virial,
          "the resumed run differs");
    /* a forged map entry is refused: the last entry's ring beyond its pair's steps */
    unsigned char *bytes = t.state;
    int32_t ring = 7;
    memcpy(bytes + t.size - 8, &ring, sizeof ring);
    CHECK(rc_edmd_state_restore(t.b, t.state, t.size) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "capture map"),
          "a forged ring was taken (%s)", rc_error_get());
    CHECK(rc_edmd_state_restore(t.b, t.state, t.size - 16) == RC_STATUS_INVALID_ARGUMENT,
          "a truncated state was taken");
    edmd_twins_destroy(&t);
}

/* The definition's checks name the field. */
static void test_bad_definitions(void)
{
    rc_edmd_def d = fluid(3, 32, 0.3, 1.0, 1);
    rc_step unordered[2] = {{1.5, -1}, {1.2, 1}}, inside[1] = {{0.9, -1}}, infinite[1] = {{1.5, INFINITY}};
    struct {
        rc_interaction entry;
        rc_mixing mixing;
        const char *field;
    } cases[] = {
        {{{0, 0}, 2, unordered}, RC_MIXING_NONE, "interactions[0].steps[1].radius"},
        {{{0, 0}, 1, inside}, RC_MIXING_NONE, "interactions[0].steps[0].radius"},
        {{{0, 0}, 1, infinite}, RC_MIXING_NONE, "interactions[0].steps[0].energy"},
        {{{0, 2}, 1, WELL}, RC_MIXING_NONE, "interactions[0].species"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        d.interactions = &cases[k].entry, d.interaction_count = 1, d.mixing = cases[k].mixing;
        rc_edmd *e = NULL;
        rc_status s = rc_edmd_create(&d, &e);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), cases[k].field), "case %zu: %s", k,
              rc_error_get());
        rc_edmd_destroy(e);
    }
    /* two species, one entry: no mixing is an error naming the pair; hard mixing makes it a hard core */
    for (int32_t k = 0; k < d.count; k++) S[k] = k % 2;
    d.interactions = &SQUARE_WELL, d.interaction_count = 1, d.mixing = RC_MIXING_NONE;
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(&d, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "(0, 1) has no entry"), "%s",
          rc_error_get());
    d.mixing = RC_MIXING_HARD;
    CHECK(rc_edmd_create(&d, &e) == RC_STATUS_OK, "hard mixing: %s", rc_error_get());
    rc_edmd_destroy(e);
}

/* Lorentz-Berthelot: wells (lambda 1.4, depth 1) and (1.6, 4) mix to (1.5, 2) for the unlike pair; pairs of unit
 * spheres at 1.45 and 1.55 apart (one of each kind, far from the others) are inside and outside it. */
static void test_mixing(void)
{
    static rc_step narrow[1] = {{1.4, -1}}, wide[1] = {{1.6, -4}};
    rc_interaction pairs[2] = {{{0, 0}, 1, narrow}, {{1, 1}, 1, wide}};
    const double separations[2] = {1.45, 1.55}, expected[2] = {-2, 0};
    for (int k = 0; k < 2; k++) {
        rc_edmd_def d = rc_edmd_default_def();
        d.box[0] = d.box[1] = d.box[2] = 10;
        double x[6] = {5, 5, 5, 5 + separations[k], 5, 5}, v[6] = {0}, r[2] = {0.5, 0.5}, m[2] = {1, 1};
        int32_t species[2] = {0, 1};
        d.count = 2, d.positions = x, d.velocities = v, d.radii = r, d.masses = m, d.species = species;
        d.interactions = pairs, d.interaction_count = 2, d.mixing = RC_MIXING_BERTHELOT;
        rc_edmd *e = edmd_check_create(&d);
        if (!e) return;
        rc_edmd_observables o;
        rc_edmd_measure(e, &o);
        CHECK(o.potential_energy == expected[k], "mixed pair at %g: U = %g, not %g", separations[k], o.potential_energy,
              expected[k]);
        rc_edmd_destroy(e);
    }
}

int main(void)
{
#ifdef __SANITIZE_ADDRESS__
    const uint64_t events = 200000;
    const double virial_time = 200;
#else
    const uint64_t events = 2000000;
    const double virial_time = 2000;
#endif
    test_exit_sweep();
    test_bad_definitions();
    test_mixing();
    test_bound_pair();
    test_cluster();
    test_long_run(3, events);
    test_long_run(2, events / 2);
    test_walls_gravity_inelastic();
    test_resume();
    test_shear(virial_time / 100);
    test_compression();
    test_second_virial(virial_time);
    return check_finish();
}
