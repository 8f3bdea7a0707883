/* SPDX-License-Identifier: MIT */
/* The observables of bonded runs (docs/formats.md, "bond_length_histogram.csv" and "The summary"): at every frame
 * written after the equilibration, the bond lengths (in units of each pair's contact distance) go into a histogram,
 * and the chains (the bonded clusters, unwrapped along their bonds by the minimum image) give the frame's mean
 * end-to-end distance (linear chains: the distance between the two beads with one bond) and radius of gyration. The
 * summary gives their means over the frames with errors from 10 blocks of consecutive frames (the standard error of
 * the block means), the usual estimate for correlated samples. Samples live in memory only: a resumed run averages
 * the frames it wrote itself. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "run/chains.h"
#include "run/files.h"
#include "run/run.h"

enum { BINS = 100, BLOCKS = 10 };

struct run_chains {
    double low, high; /* the histogram's range in contact distances: 1 to the longest bond seen at the first
                            * frame, times 1.5 */
    uint64_t counts[BINS];
    uint64_t below, above; /* bond lengths outside the range */
    double *samples;       /* 2 per frame: mean end-to-end distance (NAN without linear chains), mean Rg */
    int64_t frames, capacity;
    int32_t *up, *order; /* scratch: union-find, then the beads of each chain in order */
    double *unwrapped;   /* scratch: 3 per particle */
};

static int32_t root(int32_t *up, int32_t i)
{
    while (up[i] != i) i = up[i] = up[up[i]];
    return i;
}

/* r = x_b - x_a by the minimum image along the frame's periodic axes. */
static void bond_vector(const rc_frame *f, int32_t a, int32_t b, double r[3])
{
    for (int k = 0; k < 3; k++) {
        r[k] = f->positions[3 * b + k] - f->positions[3 * a + k];
        if (f->periodic[k]) r[k] -= f->box[k] * round(r[k] / f->box[k]);
    }
}

static rc_status prepare(rc_run *run, const rc_frame *f)
{
    run_chains *c = run->chains;
    if (c) return RC_STATUS_OK;
    c = run->chains = calloc(1, sizeof *c);
    if (!c || !(c->up = malloc(2 * (size_t)f->count * sizeof *c->up)) ||
        !(c->unwrapped = malloc(3 * (size_t)f->count * sizeof *c->unwrapped)))
        return rc_fail(RC_STATUS_NO_MEMORY, "chains: out of memory for %d particles", (int)f->count);
    c->order = c->up + f->count;
    double longest = 1;
    for (int32_t b = 0; b < f->bond_count; b++) {
        double r[3];
        bond_vector(f, f->bonds[3 * b], f->bonds[3 * b + 1], r);
        double sigma = f->radii[f->bonds[3 * b]] + f->radii[f->bonds[3 * b + 1]];
        double x = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) / sigma;
        if (x > longest) longest = x;
    }
    c->low = 1, c->high = 1 + 1.5 * (longest - 1) + 1e-3;
    return RC_STATUS_OK;
}

/* The frame's chains: unwraps each from its lowest bead along its bonds (breadth first) and adds its end-to-end
 * distance and radius of gyration to the sums. */
static void measure_chains(run_chains *c, const rc_frame *f, double *ree, int *ends, double *rg, int *chains)
{
    int32_t n = f->count, *up = c->up, *degree = c->order;
    for (int32_t i = 0; i < n; i++) up[i] = i, degree[i] = 0;
    for (int32_t b = 0; b < f->bond_count; b++) {
        int32_t x = root(up, f->bonds[3 * b]), y = root(up, f->bonds[3 * b + 1]);
        degree[f->bonds[3 * b]]++, degree[f->bonds[3 * b + 1]]++;
        if (x != y) up[x > y ? x : y] = x < y ? x : y;
    }
    /* unwrap: repeated passes over the bonds, each bead placed from a placed partner (chains are placed in a few
     * passes: a bead is placed once its neighbour is, and bonds come in chain order) */
    bool *placed = calloc((size_t)n, sizeof *placed);
    if (!placed) return;
    for (int32_t i = 0; i < n; i++)
        if (root(up, i) == i) {
            placed[i] = true;
            memcpy(c->unwrapped + 3 * i, f->positions + 3 * i, 3 * sizeof(double));
        }
    for (bool more = true; more;) {
        more = false;
        for (int32_t b = 0; b < f->bond_count; b++) {
            int32_t a = f->bonds[3 * b], d = f->bonds[3 * b + 1];
            if (placed[a] == placed[d]) continue;
            int32_t from = placed[a] ? a : d, to = placed[a] ? d : a;
            double r[3];
            bond_vector(f, from, to, r);
            for (int k = 0; k < 3; k++) c->unwrapped[3 * to + k] = c->unwrapped[3 * from + k] + r[k];
            placed[to] = more = true;
        }
    }
    free(placed);
    /* per chain (root with at least one bond): centre, Rg, ends */
    for (int32_t i = 0; i < n; i++) {
        if (root(up, i) != i || degree[i] == 0) continue;
        double centre[3] = {0, 0, 0}, members = 0, spread = 0, end[2][3];
        int found = 0;
        for (int32_t j = i; j < n; j++)
            if (root(up, j) == i) {
                for (int k = 0; k < 3; k++) centre[k] += c->unwrapped[3 * j + k];
                members++;
                if (degree[j] == 1 && found < 2) memcpy(end[found++], c->unwrapped + 3 * j, sizeof end[0]);
            }
        for (int k = 0; k < 3; k++) centre[k] /= members;
        for (int32_t j = i; j < n; j++)
            if (root(up, j) == i)
                for (int k = 0; k < 3; k++) spread += pow(c->unwrapped[3 * j + k] - centre[k], 2);
        *rg += sqrt(spread / members), (*chains)++;
        if (found == 2) {
            double e = 0;
            for (int k = 0; k < 3; k++) e += (end[0][k] - end[1][k]) * (end[0][k] - end[1][k]);
            *ree += sqrt(e), (*ends)++;
        }
    }
}

rc_status rc_run_chains_sample(rc_run *run, const rc_frame *f)
{
    if (f->bond_count <= 0 || !f->bonds || !run->at.equilibrated) return RC_STATUS_OK;
    rc_status s = prepare(run, f);
    if (s) return s;
    run_chains *c = run->chains;
    for (int32_t b = 0; b < f->bond_count; b++) {
        double r[3];
        bond_vector(f, f->bonds[3 * b], f->bonds[3 * b + 1], r);
        double sigma = f->radii[f->bonds[3 * b]] + f->radii[f->bonds[3 * b + 1]];
        double x = (sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) / sigma - c->low) / (c->high - c->low) * BINS;
        if (x < 0) c->below++;
        else if (x >= BINS) c->above++;
        else c->counts[(int)x]++;
    }
    if (c->frames == c->capacity) {
        int64_t capacity = c->capacity ? 2 * c->capacity : 64;
        double *grown = realloc(c->samples, 2 * (size_t)capacity * sizeof *grown);
        if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "chains: out of memory for %lld frames", (long long)capacity);
        c->samples = grown, c->capacity = capacity;
    }
    double ree = 0, rg = 0;
    int ends = 0, chains = 0;
    measure_chains(c, f, &ree, &ends, &rg, &chains);
    c->samples[2 * c->frames] = ends ? ree / ends : NAN;
    c->samples[2 * c->frames + 1] = chains ? rg / chains : NAN;
    c->frames++;
    return RC_STATUS_OK;
}

/* The mean of column `column` of the samples and its error from BLOCKS blocks (NAN with fewer frames than blocks). */
static void block_mean(const run_chains *c, int column, double *mean, double *error)
{
    double sum = 0, block_sums[BLOCKS] = {0};
    int64_t size = c->frames / BLOCKS;
    for (int64_t k = 0; k < c->frames; k++) sum += c->samples[2 * k + column];
    *mean = c->frames ? sum / (double)c->frames : NAN;
    *error = NAN;
    if (size == 0) return;
    double mean_blocks = 0, spread = 0;
    for (int b = 0; b < BLOCKS; b++) {
        for (int64_t k = b * size; k < (b + 1) * size; k++) block_sums[b] += c->samples[2 * k + column];
        block_sums[b] /= (double)size;
        mean_blocks += block_sums[b] / BLOCKS;
    }
    for (int b = 0; b < BLOCKS; b++) spread += (block_sums[b] - mean_blocks) * (block_sums[b] - mean_blocks);
    *error = sqrt(spread / (BLOCKS - 1) / BLOCKS);
}

static void add_number(cJSON *summary, const char *key, double x)
{
    if (isfinite(x)) cJSON_AddNumberToObject(summary, key, x);
    else cJSON_AddNullToObject(summary, key);
}

void rc_run_chains_summary(const rc_run *run, cJSON *summary)
{
    const run_chains *c = run->chains;
    if (!c) return;
    double mean, error;
    block_mean(c, 0, &mean, &error);
    add_number(summary, "end_to_end_distance", mean);
    add_number(summary, "end_to_end_distance_error", error);
    block_mean(c, 1, &mean, &error);
    add_number(summary, "radius_of_gyration", mean);
    add_number(summary, "radius_of_gyration_error", error);
    cJSON_AddNumberToObject(summary, "chain_frames", (double)c->frames);
}

rc_status rc_run_chains_write(rc_run *run)
{
    run_chains *c = run->chains;
    if (!c || !run->directory) return RC_STATUS_OK;
    static const char *const names[] = {"length", "density", "count"};
    char *path = rc_run_join(run->directory, "bond_length_histogram.csv");
    if (!path) return RC_STATUS_NO_MEMORY;
    uint64_t total = c->below + c->above;
    for (int b = 0; b < BINS; b++) total += c->counts[b];
    double width = (c->high - c->low) / BINS;
    rc_csv_writer *csv = NULL;
    rc_status s = rc_csv_writer_open(path, 3, names, &csv);
    for (int b = 0; b < BINS && !s; b++)
        s = rc_csv_writer_write(csv, (double[3]){c->low + (b + 0.5) * width,
                                                 total ? (double)c->counts[b] / ((double)total * width) : 0,
                                                 (double)c->counts[b]});
    if (csv) {
        rc_status closed = rc_csv_writer_close(csv);
        if (!s) s = closed;
    }
    free(path);
    return s;
}

void rc_run_chains_free(rc_run *run)
{
    run_chains *c = run->chains;
    if (!c) return;
    free(c->samples);
    free(c->up);
    free(c->unwrapped);
    free(c);
    run->chains = NULL;
}
