/* SPDX-License-Identifier: MIT */
/* Fourier's law between two thermal walls (docs/edmd.md, "Thermal walls", "Conductivity by Fourier's law"): a dilute
 * elastic hard-sphere gas between a hot wall (kT = 1.5, z = 0) and a cold one (kT = 0.5, z = H), periodic along x and
 * y. In the steady state the heat the walls give per unit time and area is the flux q; the temperature profile in the
 * bulk, more than two mean free paths from either wall (where the temperature jumps and the Knudsen layers are),
 * gives the gradient dT/dz by a least-squares line, and lambda = -q / (dT/dz) must match Enskog's conductivity at the
 * bulk's mean density and temperature:
 *   lambda_E = (lambda_0 / chi) (1 + 3y/5)^2 + (3/2) kappa_E,  lambda_0 = 1.02513 (75/64) sqrt(kT / pi),
 *   kappa_E = (4/9) n^2 chi sqrt(pi kT),  y = (2 pi / 3) n chi,  chi = (1 - phi/2) / (1 - phi)^3
 * (units sigma = m = k = 1; Chapman and Cowling, chapter 16, the first Sonine approximation times its known second
 * Sonine correction, 1.02513 for hard spheres; the collisional terms are 2 % at this density).
 *
 * Tolerance 8 %: three times the run's statistical error (the spread of eight blocks of 1,000 time units gives
 * 2.4 % for the mean), plus the curvature the line leaves out (lambda ~ sqrt(T), so T^(3/2), not T, is linear in z:
 * over the bulk's kT from about 0.8 to 1.2 the fitted slope times lambda at the mean T differs from the flux by about
 * 0.5 %) and the Burnett terms of a gradient of under 0.1 kT per mean free path (about 1 %). It catches a factor
 * sqrt(2) or 2 in the flux, the area or the time, a profile or a wall law that is wrong; it does not resolve the
 * collisional part (4 % here) or the second Sonine correction (2.5 %), which the measured value (+0.1 %) agrees with
 * without the test deciding them. Also checked: the heat that
 * enters at the hot wall leaves at the cold one within 3 %, and the energy balance closes.
 *
 * With --helfand (the ctest conductivity_two_ways, labelled long: about a minute of CPU) the same fluid's
 * conductivity is measured the other way too: 2,000 elastic spheres in a periodic box at the bulk's mean density and
 * temperature, the engine's Helfand-moment lambda (measure.thermal_conductivity) over 20,000 time units. The two must
 * agree within three combined standard errors, and the Helfand value must be within 10 % of Enskog's (plus three of
 * its own errors: the run is a few percent precise). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"
#include "run_check.h"

enum { BINS = 20 };
static const double EDGE = 14, HEIGHT = 40, HOT = 1.5, COLD = 0.5, PHI = 0.03;

static rc_edmd *make_gas(int32_t *count)
{
    int32_t n = (int32_t)(PHI * EDGE * EDGE * HEIGHT / (M_PI / 6));
    double *x = malloc(3 * sizeof(double) * (size_t)n), *v = malloc(3 * sizeof(double) * (size_t)n);
    double *r = malloc(sizeof(double) * (size_t)n), *m = malloc(sizeof(double) * (size_t)n);
    for (int32_t k = 0; k < n; k++) r[k] = 0.5, m[k] = 1;
    double region[3] = {EDGE, EDGE, HEIGHT - 0.2};
    bool periodic[3] = {true, true, false};
    rc_status s = rc_placement_fill(RC_PLACEMENT_RANDOM, 3, region, periodic, n, r, 41, x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, n, m, 0.5 * (HOT + COLD), 42, v);
    for (int32_t k = 0; k < n; k++) x[3 * k + 2] += 0.1;
    rc_wall walls[2] = {{.point = {0, 0, 0}, .normal = {0, 0, 1}, .thermal = {HOT, 0}},
                        {.point = {0, 0, HEIGHT}, .normal = {0, 0, -1}, .thermal = {COLD, 0}}};
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = EDGE, d.box[2] = HEIGHT, d.periodic[2] = false, d.contact_tolerance = 0;
    d.walls = walls, d.wall_count = 2, d.seed = 43;
    d.count = n, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    rc_edmd *e = NULL;
    if (s == RC_STATUS_OK) s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "gas between thermal walls: %s", rc_error_get());
    free(x), free(v), free(r), free(m);
    *count = n;
    return e;
}

/* The profile's sums over one block: particles and m v^2 per bin. */
typedef struct block {
    double count[BINS], energy[BINS], heat_in, heat_out, time;
} block;

static void sample(const rc_edmd *e, int32_t n, block *b)
{
    for (int32_t k = 0; k < n; k++) {
        double x[3], v[3];
        rc_edmd_state_now(e, k, x, v);
        int bin = (int)(x[2] / HEIGHT * BINS);
        if (bin < 0 || bin >= BINS) continue;
        b->count[bin] += 1;
        b->energy[bin] += v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    }
}

/* The conductivity of one block (or of several summed): -q / slope of T over the bulk bins, and the bulk's mean
 * density and temperature. */
static double conductivity(const block *b, double *density, double *temperature)
{
    double sz = 0, st = 0, szz = 0, szt = 0, count = 0, energy = 0;
    int used = 0;
    double first = 3 * 3.9, last = HEIGHT - 3 * 3.9; /* three mean free paths (about 3.9 at the mean density) */
    for (int i = 0; i < BINS; i++) {
        double z = (i + 0.5) * HEIGHT / BINS;
        if (z < first || z > last || b->count[i] == 0) continue;
        double t = b->energy[i] / (3 * b->count[i]);
        sz += z, st += t, szz += z * z, szt += z * t, used++;
        count += b->count[i], energy += b->energy[i];
    }
    double slope = (used * szt - sz * st) / (used * szz - sz * sz);
    double samples = b->time; /* samples at unit spacing */
    *density = count / (samples * EDGE * EDGE * HEIGHT / BINS * used);
    *temperature = energy / (3 * count);
    double flux = 0.5 * (b->heat_in - b->heat_out) / (b->time * EDGE * EDGE);
    return -flux / slope;
}

static double enskog(double n, double t)
{
    double phi = M_PI / 6 * n, chi = (1 - phi / 2) / pow(1 - phi, 3), y = 2 * M_PI / 3 * n * chi;
    double lambda0 = 1.02513 * 75 / 64.0 * sqrt(t / M_PI), kappa = 4 / 9.0 * n * n * chi * sqrt(M_PI * t);
    return lambda0 / chi * pow(1 + 0.6 * y, 2) + 1.5 * kappa;
}

/* The Helfand-moment conductivity of a periodic gas of spheres (sigma = m = 1) at density n and temperature t, with
 * its standard error. */
static double helfand(double n, double t, double *error)
{
    char scene[1024];
    snprintf(scene, sizeof scene,
             "{\"dimension\": 3, \"box\": {\"size\": [1, 1, 1]},"
             " \"particles\": {\"lattice\": \"random\", \"count\": 2000, \"packing_fraction\": %.17g,"
             " \"diameter\": 1}, \"temperature\": %.17g, \"seed\": 5, \"equilibration\": {\"time\": 20},"
             " \"stop\": {\"time\": 20000}, \"output\": {\"every\": 1000},"
             " \"measure\": {\"thermal_conductivity\": true}}",
             M_PI / 6 * n, t);
    cJSON *summary = run_check_summary(scene);
    double lambda = run_check_number(summary, "thermal_conductivity");
    *error = run_check_number(summary, "thermal_conductivity_error");
    cJSON_Delete(summary);
    return lambda;
}

int main(int argc, char **argv)
{
    bool both = argc > 1 && strcmp(argv[1], "--helfand") == 0;
    int32_t n = 0;
    rc_edmd *e = make_gas(&n);
    if (!e) return check_finish();
    double clock = 400; /* the thermal relaxation time H^2 / (lambda / (3n/2)) is about 200 */
    rc_edmd_limits warm = {clock, 0, 0};
    rc_edmd_advance(e, &warm);
    enum { BLOCKS = 8, LENGTH = 1000 };
    static block blocks[BLOCKS], all;
    for (int k = 0; k < BLOCKS; k++) {
        block *b = &blocks[k];
        double in = rc_edmd_wall_heat(e, 0), out = rc_edmd_wall_heat(e, 1);
        for (int s = 0; s < LENGTH; s++) {
            rc_edmd_limits limits = {clock += 1, 0, 0};
            rc_edmd_advance(e, &limits);
            sample(e, n, b);
        }
        b->heat_in = rc_edmd_wall_heat(e, 0) - in, b->heat_out = rc_edmd_wall_heat(e, 1) - out, b->time = LENGTH;
        for (int i = 0; i < BINS; i++) all.count[i] += b->count[i], all.energy[i] += b->energy[i];
        all.heat_in += b->heat_in, all.heat_out += b->heat_out, all.time += b->time;
    }
    double density, temperature, measured = conductivity(&all, &density, &temperature), spread = 0;
    for (int k = 0; k < BLOCKS; k++) {
        double nk, tk, lk = conductivity(&blocks[k], &nk, &tk);
        spread += (lk - measured) * (lk - measured) / (BLOCKS * (BLOCKS - 1));
    }
    double theory = enskog(density, temperature);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    printf("%d spheres, bulk n %.5f kT %.4f: heat in %.5g out %.5g over %g; lambda %.4f +- %.4f, Enskog %.4f "
           "(%+.1f %%); drift %.3g\n",
           (int)n, density, temperature, all.heat_in, all.heat_out, all.time, measured, sqrt(spread), theory,
           100 * (measured / theory - 1), o.energy_drift);
    for (int i = 0; i < BINS; i++)
        printf("  z %5.1f  n %.4f  kT %.4f\n", (i + 0.5) * HEIGHT / BINS,
               all.count[i] / (all.time * EDGE * EDGE * HEIGHT / BINS), all.energy[i] / (3 * all.count[i]));
    CHECK(fabs(measured / theory - 1) < 0.08, "lambda %g, Enskog %g", measured, theory);
    CHECK(fabs(all.heat_in + all.heat_out) < 0.03 * all.heat_in, "heat in %g, out %g", all.heat_in, all.heat_out);
    CHECK(fabs(o.energy_drift) < 1e-11, "energy drift %g", o.energy_drift);
    rc_edmd_destroy(e);
    if (both) {
        double error, other = helfand(density, temperature, &error);
        printf("the same fluid, periodic: Helfand lambda %.4f +- %.4f (Fourier %.4f +- %.4f, Enskog %.4f, %+.1f %%)\n",
               other, error, measured, sqrt(spread), theory, 100 * (other / theory - 1));
        CHECK(fabs(other - measured) < 3 * sqrt(error * error + spread), "Helfand %g +- %g, Fourier %g +- %g", other,
              error, measured, sqrt(spread));
        CHECK(fabs(other / theory - 1) < 0.10 + 3 * error / theory, "Helfand %g +- %g, Enskog %g", other, error,
              theory);
    }
    return check_finish();
}
