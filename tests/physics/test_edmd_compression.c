/* SPDX-License-Identifier: MIT */
/* Compression (Lubachevsky-Stillinger; docs/edmd.md, "Compression") against the literature and its invariants.
 *
 * Oracles:
 * - Monodisperse spheres compressed fast jam in the random-close-packing range: Skoge, Donev, Stillinger and
 *   Torquato, PRE 74, 041127 (2006), find phi_MRJ ~ 0.64 in 3D with the same algorithm, lower phi_J for faster
 *   growth; our rate 0.03 (in initial diameters per unit time at kT = m = 1) must land in [0.625, 0.655]. Slow
 *   growth crystallises: phi above 0.66 at Z = 1e4, beyond any amorphous jammed packing (the crystal's is 0.7405).
 *   At rate 0.001, 108 spheres (an fcc-commensurate box) crystallised for every seed tried (0.668-0.689, seeds
 *   1-3) while 256 stayed amorphous (0.650-0.652): nucleation needs time, which a small box shortens.
 * - The 50:50 mixture of disks of diameters 1 and 1.4 jams at phi_J ~ 0.84 (O'Hern, Silbert, Liu and Nagel, PRE 68,
 *   011306 (2003)): within [0.83, 0.85].
 * - Near jamming the free-volume law Z ~ d phi_J / (phi_J - phi): over the windows with Z in [1e3, 1e7] the ratio
 *   of the measured Z to the law, with phi_J the run's end, stays within [0.7, 1.3] on average (the law holds for
 *   the packing's cage sizes up to a factor near 1; a wrong virial or a lost growth term is off by 2 or more).
 * - Slow growth (rate 0.001) follows the equilibrium equation of state: in 3D Carnahan-Starling, in 2D Henderson's
 *   (1 + x^2 / 8) / (1 - x)^2 (within 0.5 % of the virial series up to x = 0.5), each window's Z averaged in bins of
 *   0.05 in x up to x = 0.45 (3D) and 0.5 (2D), within 2.5 %: a bin holds about 100 windows of N pair collisions,
 *   whose mean Z scatters by a few tenths of a per cent, and the compression lags equilibrium by about 1 % at this
 *   rate (measured: +0.2 to +1.3 % in 3D, -0.2 to +0.9 % in 2D); a pressure without the growth's virial, or at the
 *   wrong temperature, misses by far more.
 * - A reduced-pressure target ends growth at the first window with Z at or above it (Z = 50: within 20 % above),
 *   between the glassy fluid (phi 0.55) and jamming (0.64).
 * - Invariants: no negative-time event, the largest overlap at a collision below 1e-12 diameters, the temperature
 *   back at 1 at every window's end, the energy balance (added energy counted) to rounding, the packing fraction of
 *   a packing_fraction target to rounding.
 * Sizes: N = 500, 108 for the slow compression; under AddressSanitizer N = 256, one slow seed, and the equation of
 * state up to 0.35 (3D) and 0.4 (2D). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

#ifdef __SANITIZE_ADDRESS__
enum { COUNT = 256, SLOW_SEEDS = 1 };
static const double EOS_TOP[2] = {0.4, 0.35}; /* 2D, 3D */
#else
enum { COUNT = 500, SLOW_SEEDS = 2 };
static const double EOS_TOP[2] = {0.5, 0.45};
#endif

typedef struct window {
    double phi, z;
} window;

typedef struct result {
    double phi, z, temperature, drift, overlap;
    uint64_t negative, windows;
    rc_compression_end end;
    window *series;
    int count;
} result;

/* Places n particles at random at phi0 (the binary mixture when binary), compresses at rate until the target, and
 * records every window's (phi, Z). */
static result compress(int N, int dimension, bool binary, double phi0, double rate, rc_edmd_compression until,
                       uint64_t seed)
{
    result out = {0};
    double *x = calloc(3 * N, sizeof *x), *v = calloc(3 * N, sizeof *v), *r = calloc(N, sizeof *r);
    double *m = calloc(N, sizeof *m);
    out.series = calloc(1000000, sizeof *out.series);
    for (int i = 0; i < N; i++) r[i] = binary && i % 2 ? 0.7 : 0.5, m[i] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = dimension;
    CHECK(rc_box_scale_to_packing_fraction(dimension, N, r, phi0, d.box) == RC_STATUS_OK, "box: %s", rc_error_get());
    if (dimension == 2) d.box[2] = 1;
    CHECK(rc_placement_fill(RC_PLACEMENT_RANDOM, dimension, d.box, d.periodic, N, r, seed, x) == RC_STATUS_OK,
          "placement");
    rc_velocities_draw_maxwell_boltzmann(dimension, N, m, 1.0, seed + 1, v);
    d.count = N, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    d.compression = until;
    d.compression.rate = rate;
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(&d, &e) == RC_STATUS_OK, "create: %s", rc_error_get());
    if (!e) return out;
    rc_edmd_limits limits = {INFINITY, 0, 0};
    rc_edmd_compression_state state = {0};
    uint64_t seen = 0;
    for (int chunk = 0; chunk < 100000; chunk++) {
        limits.events += 2000;
        rc_status s = rc_edmd_advance(e, &limits);
        CHECK(s == RC_STATUS_OK, "advance: %s", rc_error_get());
        rc_edmd_fill_compression_state(e, &state);
        if (state.windows > seen && out.count < 1000000) {
            seen = state.windows;
            rc_edmd_observables o;
            rc_edmd_measure(e, &o);
            out.series[out.count++] = (window){state.packing_fraction, state.reduced_pressure};
            if (fabs(o.temperature - 1) > 0.3) out.temperature = o.temperature; /* far off: recorded */
        }
        if (s != RC_STATUS_OK || state.end != RC_COMPRESSION_END_GROWING) break;
    }
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    out.phi = state.packing_fraction, out.z = state.reduced_pressure, out.end = state.end;
    if (out.temperature == 0) out.temperature = o.temperature;
    out.drift = o.energy_drift, out.overlap = o.max_overlap, out.negative = o.negative_time_events;
    out.windows = state.windows;
    rc_edmd_destroy(e);
    free(x), free(v), free(r), free(m);
    return out;
}

static void check_invariants(const result *r, const char *what)
{
    CHECK(r->negative == 0, "%s: %llu negative-time events", what, (unsigned long long)r->negative);
    CHECK(r->overlap < 1e-12, "%s: max overlap %g", what, r->overlap);
    CHECK(fabs(r->temperature - 1) < 1e-9, "%s: temperature %.17g", what, r->temperature);
    CHECK(fabs(r->drift) < 1e-9, "%s: energy drift %g", what, r->drift);
}

/* The mean over windows with Z in [1e3, 1e7] of Z / (d phi_J / (phi_J - phi)). */
static double free_volume_ratio(const result *r, int dimension)
{
    double sum = 0;
    int count = 0;
    for (int k = 0; k < r->count; k++) {
        const window *w = &r->series[k];
        if (!(w->z >= 1e3 && w->z <= 1e7)) continue;
        sum += w->z / (dimension * r->phi / (r->phi - w->phi));
        count++;
    }
    CHECK(count >= 10, "only %d windows with Z in [1e3, 1e7]", count);
    return count ? sum / count : NAN;
}

/* A fast compression from random placement at phi0 to jamming: phi_J in [low, high] and the free-volume law. */
static void check_jamming(int dimension, bool binary, double phi0, double rate, uint64_t seed, double low, double high,
                          const char *what)
{
    rc_edmd_compression until = {.jammed = true, .jamming_pressure = 1e9};
    result r = compress(COUNT, dimension, binary, phi0, rate, until, seed);
    printf("%s, rate %g: phi_J %.17g (Z %.3g, %llu windows)\n", what, rate, r.phi, r.z, (unsigned long long)r.windows);
    CHECK(r.end == RC_COMPRESSION_END_JAMMED, "%s: end %d", what, (int)r.end);
    CHECK(r.phi >= low && r.phi <= high, "%s: phi_J %.6f outside [%g, %g]", what, r.phi, low, high);
    check_invariants(&r, what);
    double ratio = free_volume_ratio(&r, dimension);
    printf("  Z / (%d phi_J / (phi_J - phi)) near jamming: %.3f\n", dimension, ratio);
    CHECK(ratio >= 0.7 && ratio <= 1.3, "%s: free-volume law, ratio %.3f", what, ratio);
    free(r.series);
}

static void test_spheres_slow(void)
{
    rc_edmd_compression until = {.jammed = true, .jamming_pressure = 1e4};
    for (uint64_t seed = 1; seed <= SLOW_SEEDS; seed++) {
        result r = compress(108, 3, false, 0.3, 0.001, until, seed);
        printf("108 spheres, rate 0.001, seed %llu: phi %.6f at Z %.3g\n", (unsigned long long)seed, r.phi, r.z);
        CHECK(r.phi > 0.66, "slow compression did not crystallise: phi %.6f", r.phi);
        check_invariants(&r, "spheres, slow");
        free(r.series);
    }
}

/* A reduced-pressure target: growth ends at the first window at or above it. Carnahan-Starling reaches Z = 50 only
 * at phi = 0.67, past the jamming of a fast compression: at rate 0.03 the fluid falls out of equilibrium above
 * phi ~ 0.55 and its pressure runs ahead of the equation of state, so Z = 50 comes on the way to phi_J ~ 0.64. */
static void test_pressure_target(void)
{
    rc_edmd_compression until = {.reduced_pressure = 50};
    result r = compress(COUNT, 3, false, 0.3, 0.03, until, 9);
    printf("spheres to Z = 50: Z %.4g at phi %.6f\n", r.z, r.phi);
    CHECK(r.end == RC_COMPRESSION_END_REDUCED_PRESSURE, "end %d", (int)r.end);
    CHECK(r.z >= 50 && r.z < 60, "the window that ended it: Z %g", r.z);
    CHECK(r.phi > 0.55 && r.phi < 0.64, "phi %.6f at Z = 50", r.phi);
    check_invariants(&r, "pressure target");
    free(r.series);
}

static double carnahan_starling(double x) { return (1 + x + x * x - x * x * x) / ((1 - x) * (1 - x) * (1 - x)); }
static double henderson(double x) { return (1 + x * x / 8) / ((1 - x) * (1 - x)); }

static void test_equation_of_state(int dimension, double top)
{
    rc_edmd_compression until = {.packing_fraction = top};
    result r = compress(COUNT, dimension, false, 0.15, 0.001, until, 21);
    CHECK(r.end == RC_COMPRESSION_END_PACKING_FRACTION, "end %d", (int)r.end);
    CHECK(fabs(r.phi - top) < 1e-12, "target %.17g reached as %.17g", top, r.phi);
    check_invariants(&r, "equation of state");
    for (double low = 0.15; low < top - 1e-9; low += 0.05) {
        double sum = 0, phi = 0;
        int count = 0;
        for (int k = 1; k < r.count; k++) { /* a window's mean phi: between its ends */
            double mid = 0.5 * (r.series[k - 1].phi + r.series[k].phi);
            if (mid < low || mid >= low + 0.05) continue;
            sum += r.series[k].z, phi += mid, count++;
        }
        if (count == 0) continue;
        double z = sum / count, x = phi / count, want = dimension == 3 ? carnahan_starling(x) : henderson(x);
        printf("  %dD phi %.3f: Z %.4f, equation of state %.4f (%d windows)\n", dimension, x, z, want, count);
        CHECK(fabs(z / want - 1) < 0.025, "%dD, phi %.3f: Z %.4f vs %.4f", dimension, x, z, want);
    }
    free(r.series);
}

int main(void)
{
    check_jamming(3, false, 0.2, 0.03, 11, 0.625, 0.655, "spheres");
    check_jamming(2, true, 0.3, 0.01, 3, 0.83, 0.85, "binary disks");
    test_pressure_target();
    test_equation_of_state(3, EOS_TOP[1]);
    test_equation_of_state(2, EOS_TOP[0]);
    test_spheres_slow();
    return check_finish();
}
