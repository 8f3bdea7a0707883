/* SPDX-License-Identifier: MIT */
/* The lambda = 1.5 square-well fluid from the event-driven engine (src/edmd/steps.c) against
 * an independent oracle: a Metropolis Monte Carlo of the same fluid written here, sharing no code with the engine.
 *
 * No published table of this fluid's energy and pressure could be found with the project's search tools (the NIST
 * Standard Reference Simulation Website's square-well pages are known only by their index page there; Vega et al.
 * 1992, Largo and Solana, Alder, Young and Mark 1972 were not found as text), so the oracle is computed.
 *
 * The Monte Carlo (canonical, N = 500 spheres of diameter sigma = 1 in a periodic cube, well depth eps = 1, kT = T*):
 * single-particle displacements, rejected on any core overlap, accepted with min(1, exp(-dU/kT)) otherwise; cell
 * lists of edge >= lambda sigma. Its estimators:
 * - the energy per particle U/N = -eps (pairs closer than lambda sigma) / N;
 * - the compressibility factor from the contact values of the pair distribution (the virial theorem for a stepped
 *   potential: at each step of the potential the cavity function y = g exp(u/kT) is continuous),
 *     Z = 1 + (2 pi / 3) rho sigma^3 [g(sigma+) - lambda^3 (exp(eps/kT) - 1) g(lambda sigma+)],
 *   with g(sigma+) and g(lambda sigma+) from histograms of bin 0.01 sigma extrapolated to the contact by a
 *   least-squares quadratic over the 6 bins next to it (bin averages of the quadratic, not its values at centres).
 *   Halving the bins (12 of 0.005 sigma, same samples) moved Z by 0.002, 0.015 and 0.007 at the three state points,
 *   below its statistical error.
 * The engine: the same fluid, Andersen thermostat at T* (canonical), Z from its collisional and step virial,
 * U/N sampled 20 times per block. Blocks: 300 sweeps (the histograms every other sweep) and 15 time units (about
 * 1.5-4 * 10^5 events); 2 blocks' worth of equilibration each.
 *
 * Errors: both sides are split into 10 blocks after equilibration; the error of a mean is the standard deviation of
 * the block means over sqrt(10). The test requires |MD - MC| < 4.5 sigma_combined (with 10 blocks the t-distribution
 * makes 4.5 about a 1-in-1000 event) and, so that a loose error cannot hide a real difference, also within 3 % in
 * U and 0.04 + 3 % in Z. It fails a wrong step virial (Z off by the lambda^3 term, about 1 at rho = 0.5), a wrong
 * energy in a crossing (U/N off by the temperature shift) or a missed capture. At T* = 2, rho* = 0.5 these seeds
 * put Z 2-2.4 sigma apart (MC high); other seeds of both sides scatter either way, the contact fit's form moves Z by
 * less than its error, and the engine's g(r) contact values reproduce its own virial (docs/edmd.md, "Validation"):
 * statistics, with Monte Carlo blocks of 300 sweeps correlated enough to make its error bars up to twice too small. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

enum { N = 500, BLOCKS = 10, SAMPLES = 20, BINS = 6 };
static const double LAMBDA = 1.5, BIN = 0.01;

/* Under AddressSanitizer only the first state point runs (shorter runs would not be equilibrated from the lattice). */
#ifdef __SANITIZE_ADDRESS__
#define POINTS 1
#else
#define POINTS 3
#endif

typedef struct estimate {
    double mean, error;
} estimate;

static estimate block_estimate(const double *block, int count)
{
    double mean = 0, var = 0;
    for (int b = 0; b < count; b++) mean += block[b];
    mean /= count;
    for (int b = 0; b < count; b++) var += (block[b] - mean) * (block[b] - mean);
    var /= count - 1;
    return (estimate){mean, sqrt(var / count)};
}

/* ---- the Monte Carlo oracle ---- */

typedef struct mc {
    double edge, kT, step;
    double x[3 * N];
    int cells; /* per axis */
    int *head, next[N], cell_of[N];
    uint64_t rng;
    long pairs_in_well;
} mc;

/* xorshift64*: uniform in [0, 1). */
static double uniform(mc *m)
{
    m->rng ^= m->rng >> 12, m->rng ^= m->rng << 25, m->rng ^= m->rng >> 27;
    return (double)((m->rng * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
}

static int cell_index(const mc *m, const double *p)
{
    int c[3];
    for (int a = 0; a < 3; a++) {
        c[a] = (int)(p[a] / m->edge * m->cells);
        if (c[a] >= m->cells) c[a] = m->cells - 1;
    }
    return (c[0] * m->cells + c[1]) * m->cells + c[2];
}

static void cell_remove(mc *m, int i)
{
    int *link = &m->head[m->cell_of[i]];
    while (*link != i) link = &m->next[*link];
    *link = m->next[i];
}

static void cell_insert(mc *m, int i)
{
    int c = cell_index(m, &m->x[3 * i]);
    m->cell_of[i] = c, m->next[i] = m->head[c], m->head[c] = i;
}

static double distance2(const mc *m, const double *p, int j)
{
    double r2 = 0;
    for (int a = 0; a < 3; a++) {
        double d = p[a] - m->x[3 * j + a];
        d -= m->edge * nearbyint(d / m->edge);
        r2 += d * d;
    }
    return r2;
}

/* Visits the particles other than i in the 27 cells around p: calls visit(m, j, r2, data); stops at a non-zero
 * return, which it returns. */
static int around(const mc *m, const double *p, int i, int (*visit)(const mc *, int, double, void *), void *data)
{
    int c = cell_index(m, p), n = m->cells;
    int c0 = c / (n * n), c1 = c / n % n, c2 = c % n;
    for (int d0 = -1; d0 <= 1; d0++)
        for (int d1 = -1; d1 <= 1; d1++)
            for (int d2 = -1; d2 <= 1; d2++) {
                int k = (((c0 + d0 + n) % n) * n + (c1 + d1 + n) % n) * n + (c2 + d2 + n) % n;
                for (int j = m->head[k]; j >= 0; j = m->next[j]) {
                    if (j == i) continue;
                    int stop = visit(m, j, distance2(m, p, j), data);
                    if (stop) return stop;
                }
            }
    return 0;
}

/* Counts well neighbours; returns 1 on a core overlap. */
static int count_well(const mc *m, int j, double r2, void *data)
{
    (void)m, (void)j;
    if (r2 < 1) return 1;
    if (r2 < LAMBDA * LAMBDA) ++*(long *)data;
    return 0;
}

typedef struct histogram {
    double core[BINS], outer[BINS]; /* pairs in [1 + k h, 1 + (k+1) h) and [lambda + k h, lambda + (k+1) h) */
} histogram;

static int bin_pair(const mc *m, int j, double r2, void *data)
{
    (void)m, (void)j;
    histogram *h = data;
    double r = sqrt(r2);
    int k = (int)floor((r - 1) / BIN);
    if (k >= 0 && k < BINS) h->core[k] += 1;
    k = (int)floor((r - LAMBDA) / BIN);
    if (k >= 0 && k < BINS) h->outer[k] += 1;
    return 0;
}

static void mc_init(mc *m, double rho, double kT, uint64_t seed)
{
    memset(m, 0, sizeof *m);
    m->edge = cbrt(N / rho), m->kT = kT, m->rng = seed * 0x9E3779B97F4A7C15ULL + 1, m->step = 0.1;
    m->cells = (int)(m->edge / LAMBDA);
    m->head = malloc((size_t)m->cells * (size_t)m->cells * (size_t)m->cells * sizeof(int));
    for (int c = 0; c < m->cells * m->cells * m->cells; c++) m->head[c] = -1;
    /* a simple cubic lattice of 8^3 sites, the first N of them */
    int side = 8;
    double a = m->edge / side;
    for (int i = 0; i < N; i++) {
        m->x[3 * i] = (i % side + 0.5) * a;
        m->x[3 * i + 1] = (i / side % side + 0.5) * a;
        m->x[3 * i + 2] = (i / (side * side) + 0.5) * a;
        cell_insert(m, i);
    }
    for (int i = 0; i < N; i++) around(m, &m->x[3 * i], i, count_well, &m->pairs_in_well);
    m->pairs_in_well /= 2;
}

/* One sweep of N attempted moves; returns the accepted fraction. */
static double mc_sweep(mc *m)
{
    int accepted = 0;
    for (int t = 0; t < N; t++) {
        int i = (int)(uniform(m) * N);
        double trial[3];
        for (int a = 0; a < 3; a++) {
            trial[a] = m->x[3 * i + a] + (2 * uniform(m) - 1) * m->step;
            trial[a] -= m->edge * floor(trial[a] / m->edge);
        }
        long before = 0, after = 0;
        if (around(m, trial, i, count_well, &after)) continue;
        around(m, &m->x[3 * i], i, count_well, &before);
        double du = -(double)(after - before); /* eps = 1 */
        if (du > 0 && uniform(m) >= exp(-du / m->kT)) continue;
        cell_remove(m, i);
        memcpy(&m->x[3 * i], trial, sizeof trial);
        cell_insert(m, i);
        m->pairs_in_well += after - before;
        accepted++;
    }
    return (double)accepted / N;
}

/* The value at the contact x = 0 of the quadratic whose averages over the bins [k h, (k+1) h) fit the counts best;
 * the counts are of pairs per sample, turned into g by the shell volumes. */
static double contact_value(const double *counts, double r0, double rho, long samples)
{
    /* g_k = count_k / (samples * N/2 * rho * shell volume); fit g_k = c0 + c1 m1_k + c2 m2_k with m1, m2 the bin
     * means of x and x^2 */
    double a[3][4] = {{0}};
    for (int k = 0; k < BINS; k++) {
        double lo = r0 + k * BIN, hi = lo + BIN;
        double shell = 4 * M_PI / 3 * (hi * hi * hi - lo * lo * lo);
        double g = counts[k] / ((double)samples * N / 2.0 * rho * shell);
        double x0 = k * BIN, x1 = x0 + BIN;
        double f[3] = {1, (x0 + x1) / 2, (x1 * x1 * x1 - x0 * x0 * x0) / (3 * BIN)};
        for (int p = 0; p < 3; p++) {
            for (int q = 0; q < 3; q++) a[p][q] += f[p] * f[q];
            a[p][3] += f[p] * g;
        }
    }
    for (int p = 0; p < 3; p++) /* Gauss-Jordan on the 3x3 normal equations */
        for (int q = 0; q < 3; q++) {
            if (q == p) continue;
            double ratio = a[q][p] / a[p][p];
            for (int c = 0; c < 4; c++) a[q][c] -= ratio * a[p][c];
        }
    return a[0][3] / a[0][0];
}

typedef struct state_point {
    double kT, rho;
    long sweeps;       /* per block */
    double block_time; /* MD, per block */
} state_point;

static void monte_carlo(const state_point *sp, estimate *u, estimate *z)
{
    mc *m = malloc(sizeof *m);
    mc_init(m, sp->rho, sp->kT, 12345);
    for (long s = 0; s < sp->sweeps * 2; s++) { /* equilibration, with the step tuned to about 40 % */
        double rate = mc_sweep(m);
        m->step *= rate > 0.4 ? 1.05 : 0.95;
        if (m->step > m->edge / 4) m->step = m->edge / 4;
    }
    double ub[BLOCKS], zb[BLOCKS];
    double jump = exp(1 / sp->kT) - 1;
    for (int b = 0; b < BLOCKS; b++) {
        histogram h;
        memset(&h, 0, sizeof h);
        double well = 0;
        long sweeps = sp->sweeps, samples = sweeps / 2;
        for (long s = 0; s < sweeps; s++) {
            mc_sweep(m);
            well += (double)m->pairs_in_well;
            if (s % 2 == 0) continue; /* the pair distribution every other sweep */
            for (int i = 0; i < N; i++) around(m, &m->x[3 * i], i, bin_pair, &h);
        }
        for (int k = 0; k < BINS; k++) h.core[k] /= 2, h.outer[k] /= 2; /* each pair was seen twice */
        double g_core = contact_value(h.core, 1, sp->rho, samples);
        double g_outer = contact_value(h.outer, LAMBDA, sp->rho, samples);
        ub[b] = -well / (double)sweeps / N;
        zb[b] = 1 + 2 * M_PI / 3 * sp->rho * (g_core - LAMBDA * LAMBDA * LAMBDA * jump * g_outer);
    }
    *u = block_estimate(ub, BLOCKS), *z = block_estimate(zb, BLOCKS);
    free(m->head);
    free(m);
}

/* ---- the engine ---- */

static double X[3 * N], V[3 * N], R[N], M[N];
static int32_t S[N];
static rc_step WELL[1] = {{1.5, -1.0}};
static rc_interaction SQUARE_WELL = {{0, 0}, 1, WELL};

static bool molecular_dynamics(const state_point *sp, estimate *u, estimate *z)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = 3;
    for (int32_t k = 0; k < N; k++) R[k] = 0.5, M[k] = 1, S[k] = 0;
    rc_status s = rc_box_scale_to_packing_fraction(3, N, R, sp->rho * M_PI / 6, d.box);
    if (s == RC_STATUS_OK) s = rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, N, R, 21, X);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, N, M, sp->kT, 22, V);
    d.count = N, d.positions = X, d.velocities = V, d.radii = R, d.masses = M, d.species = S;
    d.interactions = &SQUARE_WELL, d.interaction_count = 1;
    d.thermostat_rate = 0.1, d.thermostat_temperature = sp->kT;
    rc_edmd *e = NULL;
    if (s == RC_STATUS_OK) s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "engine: %s", rc_error_get());
    if (s != RC_STATUS_OK) return false;
    double block = sp->block_time, t = 2 * block;
    rc_edmd_limits limits = {t, 0, 0};
    s = rc_edmd_advance(e, &limits);
    double ub[BLOCKS], zb[BLOCKS];
    rc_edmd_observables start, now, since;
    uint64_t invalid = 0;
    for (int b = 0; b < BLOCKS && s == RC_STATUS_OK; b++) {
        rc_edmd_measure(e, &start);
        double well = 0;
        for (int k = 1; k <= SAMPLES && s == RC_STATUS_OK; k++) {
            limits.time = t + block * k / SAMPLES;
            s = rc_edmd_advance(e, &limits);
            rc_edmd_measure(e, &now);
            well += now.potential_energy;
        }
        t += block;
        rc_edmd_measure_since(e, &start, &since);
        ub[b] = well / SAMPLES / N, zb[b] = since.compressibility;
        invalid = since.invalid_states;
    }
    CHECK(s == RC_STATUS_OK, "advance: %s", rc_error_get());
    CHECK(invalid == 0, "%llu invalid states", (unsigned long long)invalid);
    *u = block_estimate(ub, BLOCKS), *z = block_estimate(zb, BLOCKS);
    rc_edmd_destroy(e);
    return s == RC_STATUS_OK;
}

static void compare(const state_point *sp)
{
    estimate mu, mz, du, dz;
    monte_carlo(sp, &mu, &mz);
    if (!molecular_dynamics(sp, &du, &dz)) return;
    double su = hypot(mu.error, du.error), sz = hypot(mz.error, dz.error);
    printf("T* = %.2f, rho* = %.2f: U/N  MD %.4f +- %.4f  MC %.4f +- %.4f  (%.1f sigma)\n"
           "                          Z    MD %.4f +- %.4f  MC %.4f +- %.4f  (%.1f sigma)\n",
           sp->kT, sp->rho, du.mean, du.error, mu.mean, mu.error, fabs(du.mean - mu.mean) / su, dz.mean, dz.error,
           mz.mean, mz.error, fabs(dz.mean - mz.mean) / sz);
    CHECK(fabs(du.mean - mu.mean) < 4.5 * su && fabs(du.mean - mu.mean) < 0.03 * fabs(mu.mean),
          "T* = %g, rho* = %g: U/N MD %.4f, MC %.4f", sp->kT, sp->rho, du.mean, mu.mean);
    CHECK(fabs(dz.mean - mz.mean) < 4.5 * sz && fabs(dz.mean - mz.mean) < 0.04 + 0.03 * fabs(mz.mean),
          "T* = %g, rho* = %g: Z MD %.4f, MC %.4f", sp->kT, sp->rho, dz.mean, mz.mean);
}

int main(void)
{
    /* supercritical (T_c about 1.22 for lambda = 1.5): a hot one, a dense liquid-like state, a moderate one */
    static const state_point points[POINTS] = {
        {2.0, 0.5, 300, 15},
#if POINTS > 1
        {1.5, 0.7, 300, 15},
        {1.5, 0.4, 300, 15},
#endif
    };
    for (size_t k = 0; k < POINTS; k++) compare(&points[k]);
    return check_finish();
}
