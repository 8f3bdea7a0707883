/* SPDX-License-Identifier: MIT */
/* The radial distribution function g(r) of every species pair (Allen and Tildesley, "Computer Simulation of Liquids",
 * 2nd ed., section 8.2) and its contact value g(sigma+). Each frame's pair counts are normalised by that frame's
 * ideal-gas count, N_a (N_b - delta_ab) / V times the shell's volume (area in 2D), the normalisation of MDAnalysis'
 * InterRDF, and the frames' g are averaged. The contact value extrapolates a least-squares quadratic through the
 * bins above the contact distance sigma_ab (within contact_width sigma_ab) to r = sigma_ab; since that is linear in
 * g, each frame's own contact value is kept and their blocks give the error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "core/grow.h"
#include "core/memory.h"
#include "core/status.h"

enum { CONTACT_BLOCKS = 10 };

static int pair_of(const rc_rdf *rdf, int a, int b)
{
    if (a > b) {
        int t = a;
        a = b, b = t;
    }
    return a * rdf->species - a * (a - 1) / 2 + (b - a);
}

rc_status rc_rdf_start(rc_rdf *rdf, const rc_frame *f, double range, int bins, double contact_width)
{
    int species = 0;
    for (int32_t i = 0; i < f->count; i++)
        if (f->species[i] + 1 > species) species = f->species[i] + 1;
    if (species > 64) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rdf: species %d: at most 64 species", species - 1);
    rdf->species = species;
    rdf->pairs = species * (species + 1) / 2;
    rdf->bins = bins;
    rdf->range = range;
    rdf->width = range / bins;
    rdf->contact_width = contact_width;
    rdf->members = calloc((size_t)species, sizeof *rdf->members);
    double *radius = calloc((size_t)species, sizeof *radius);
    rdf->contact_at = calloc((size_t)rdf->pairs, sizeof *rdf->contact_at);
    rdf->sum = calloc((size_t)rdf->pairs * (size_t)bins, sizeof *rdf->sum);
    rdf->frame_counts = calloc((size_t)rdf->pairs * (size_t)bins, sizeof *rdf->frame_counts);
    if (!rdf->members || !radius || !rdf->contact_at || !rdf->sum || !rdf->frame_counts) {
        free(radius);
        return rc_fail(RC_STATUS_NO_MEMORY, "rdf: out of memory for %d bins", bins);
    }
    for (int32_t i = 0; i < f->count; i++) {
        if (f->species[i] < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rdf: species[%d] is negative", (int)i);
        rdf->members[f->species[i]]++;
        radius[f->species[i]] += f->radii[i];
    }
    for (int a = 0; a < species; a++)
        for (int b = a; b < species; b++)
            rdf->contact_at[pair_of(rdf, a, b)] = rdf->members[a] && rdf->members[b] > (a == b) /* a pair exists */
                                                      ? radius[a] / rdf->members[a] + radius[b] / rdf->members[b]
                                                      : NAN;
    free(radius);
    return RC_STATUS_OK;
}

typedef struct counting {
    rc_rdf *rdf;
    const int32_t *species;
} counting;

static void count_pair(void *context, int32_t i, int32_t j, const double d[3], double r2)
{
    (void)d;
    counting *c = context;
    int bin = (int)(sqrt(r2) / c->rdf->width);
    if (bin < c->rdf->bins) c->rdf->frame_counts[pair_of(c->rdf, c->species[i], c->species[j]) * c->rdf->bins + bin]++;
}

static double shell(int dimension, double r0, double r1)
{
    return dimension == 3 ? 4.0 / 3.0 * M_PI * (r1 * r1 * r1 - r0 * r0 * r0) : M_PI * (r1 * r1 - r0 * r0);
}

/* The contact value of g (bins values of one pair): the quadratic (fewer terms when fewer bins) through the bins
 * wholly above sigma whose centres lie within sigma (1 + width), at r = sigma. NaN without a bin. */
static double contact_of(const rc_rdf *rdf, const double *g, double sigma)
{
    if (!(sigma > 0)) return NAN;
    double m[3][4] = {{0}}, scale = rdf->contact_width * sigma;
    int used = 0;
    double first = ceil(sigma / rdf->width - 1e-9); /* beyond the bins for a radius of 4e16 (fuzz/trajectory.c) */
    for (int b = first < rdf->bins ? (int)first : rdf->bins; b < rdf->bins; b++) {
        double x = (b + 0.5) * rdf->width - sigma;
        if (x > scale) break;
        double u = x / scale, p[3] = {1, u, u * u}; /* u in (0, 1]: the normal equations stay well conditioned */
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) m[r][c] += p[r] * p[c];
            m[r][3] += p[r] * g[b];
        }
        used++;
    }
    int n = used < 3 ? used : 3;
    if (n == 0) return NAN;
    /* the normal equations (symmetric positive definite) by Gaussian elimination, the intercept at u = 0 */
    for (int c = 0; c < n; c++)
        for (int r = c + 1; r < n; r++) {
            double q = m[r][c] / m[c][c];
            for (int k = c; k < n; k++) m[r][k] -= q * m[c][k];
            m[r][3] -= q * m[c][3];
        }
    double x[3] = {0, 0, 0};
    for (int r = n - 1; r >= 0; r--) {
        double v = m[r][3];
        for (int k = r + 1; k < n; k++) v -= m[r][k] * x[k];
        x[r] = v / m[r][r];
    }
    return x[0];
}

rc_status rc_rdf_add(rc_rdf *rdf, rc_cells *cells, const rc_frame *f)
{
    /* the first frame's members normalise every frame: a later frame with other species is refused */
    int32_t members[64] = {0};
    for (int32_t i = 0; i < f->count; i++) {
        if (f->species[i] < 0 || f->species[i] >= rdf->species)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "rdf: particle %d is species %d, the first frame has species 0 to %d", (int)i,
                           (int)f->species[i], rdf->species - 1);
        members[f->species[i]]++;
    }
    for (int a = 0; a < rdf->species; a++)
        if (members[a] != rdf->members[a])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rdf: species %d has %d particles, %d in the first frame", a,
                           (int)members[a], (int)rdf->members[a]);
    size_t cells_total = (size_t)rdf->pairs * (size_t)rdf->bins;
    memset(rdf->frame_counts, 0, cells_total * sizeof *rdf->frame_counts);
    counting c = {rdf, f->species};
    rc_status s = rc_cells_pairs(cells, f, rdf->range, count_pair, &c);
    if (s) return s;
    if (RC_GROW(rdf->contacts, rdf->contact_capacity, (rdf->frames + 1) * rdf->pairs)) return RC_STATUS_NO_MEMORY;
    double volume = rc_frame_volume(f);
    for (int a = 0; a < rdf->species; a++)
        for (int b = a; b < rdf->species; b++) {
            int p = pair_of(rdf, a, b);
            double pairs = (double)rdf->members[a] * (rdf->members[b] - (a == b)) / (a == b ? 2.0 : 1.0);
            double *counts = rdf->frame_counts + (size_t)p * rdf->bins;
            for (int bin = 0; bin < rdf->bins; bin++) {
                double ideal = pairs / volume * shell(f->dimension, bin * rdf->width, (bin + 1) * rdf->width);
                counts[bin] = ideal > 0 ? counts[bin] / ideal : 0; /* now this frame's g */
                rdf->sum[(size_t)p * rdf->bins + bin] += counts[bin];
            }
            rdf->contacts[rdf->frames * rdf->pairs + p] = contact_of(rdf, counts, rdf->contact_at[p]);
        }
    rdf->frames++;
    return RC_STATUS_OK;
}

/* The mean of the frames' contact values of pair p, and its standard error from CONTACT_BLOCKS blocks of
 * consecutive frames (NaN with fewer than two frames). */
static void contact_statistics(const rc_rdf *rdf, int p, double *mean, double *error)
{
    int blocks = rdf->frames < CONTACT_BLOCKS ? rdf->frames : CONTACT_BLOCKS;
    double total = 0, block_mean[CONTACT_BLOCKS] = {0};
    for (int k = 0; k < rdf->frames; k++) {
        double v = rdf->contacts[k * rdf->pairs + p];
        total += v;
        block_mean[(int64_t)k * blocks / rdf->frames] += v;
    }
    *mean = total / rdf->frames;
    double squares = 0;
    for (int b = 0; b < blocks; b++) {
        int64_t from = ((int64_t)b * rdf->frames + blocks - 1) / blocks,
                to = ((int64_t)(b + 1) * rdf->frames + blocks - 1) / blocks;
        double m = block_mean[b] / (double)(to - from) - *mean;
        squares += m * m;
    }
    *error = blocks > 1 ? sqrt(squares / (blocks - 1) / blocks) : NAN;
}

rc_status rc_rdf_finish(const rc_rdf *rdf, rc_table *t, double *contact, double *error)
{
    rc_status s = rc_table_make(t, rdf->bins, 1 + rdf->pairs);
    if (s) return s;
    t->names[0] = strdup("r");
    for (int a = 0; a < rdf->species; a++)
        for (int b = a; b < rdf->species; b++) {
            char name[32];
            snprintf(name, sizeof name, "g_%d_%d", a, b);
            t->names[1 + pair_of(rdf, a, b)] = strdup(name);
        }
    for (int c = 0; c < t->columns; c++)
        if (!t->names[c]) return rc_fail(RC_STATUS_NO_MEMORY, "rdf: out of memory");
    for (int bin = 0; bin < rdf->bins; bin++) {
        double *row = t->values + (size_t)bin * t->columns;
        row[0] = (bin + 0.5) * rdf->width;
        for (int p = 0; p < rdf->pairs; p++) row[1 + p] = rdf->sum[(size_t)p * rdf->bins + bin] / rdf->frames;
    }
    for (int p = 0; p < rdf->pairs; p++) contact_statistics(rdf, p, &contact[p], &error[p]);
    return RC_STATUS_OK;
}

void rc_rdf_release(rc_rdf *rdf)
{
    RC_FREE_ALL(rdf->members, rdf->contact_at, rdf->sum, rdf->frame_counts, rdf->contacts);
    memset(rdf, 0, sizeof *rdf);
}
