/* SPDX-License-Identifier: MIT */
/* The multiple-tau correlator of the mean squared displacement and the velocity autocorrelation over many decades of
 * lag with bounded memory (Frenkel and Smit, "Understanding Molecular Simulation", 2nd ed., section 4.4.2, the
 * order-n scheme; Ramirez, Sukumaran, Vorselaars and Likhtman, J. Chem. Phys. 133, 154103 (2010), with coarsening
 * factor 2). Level l keeps the last `points` samples taken every 2^l frames (samples, not block averages, so the MSD
 * has no smoothing bias); level 0 gives the lags 0 .. points-1 frames from every origin, level l >= 1 the lags
 * (points/2 .. points-1) 2^l from every 2^l-th frame. A level's ring and sums are made when the frames first reach
 * it (frame 2^l): memory points x 3 N values per level reached (about log2 of the frames), as in checkpoints. Every sum is kept per
 * particle group (particle i in group i mod groups), whose spread gives the error bars and the error of D; for the
 * Helfand moments of a run (src/run/measure.c) the groups are blocks of time instead (block averages, Flyvbjerg and
 * Petersen, J. Chem. Phys. 91, 461 (1989)), and the centred form subtracts each lag's mean drift. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/correlator.h"
#include "analysis/table.h"
#include "core/status.h"

rc_status rc_correlator_start(rc_correlator *c, bool product, int points, int groups, int32_t count)
{
    memset(c, 0, sizeof *c);
    c->product = product;
    c->points = points;
    c->groups = groups < count ? groups : count > 0 ? count : 1;
    c->count = count;
    return RC_STATUS_OK;
}

rc_status rc_correlator_start_blocks(rc_correlator *c, bool centred, int points, int groups, int64_t block_frames,
                                     int32_t count)
{
    rc_status s = rc_correlator_start(c, false, points, groups, count);
    c->groups = groups; /* blocks of time: as many groups as asked, whatever the count */
    c->centred = centred;
    c->block_frames = block_frames > 0 ? block_frames : 1;
    return s;
}

/* Grows *array of `per_level` items of `size` bytes a level from c->levels to c->levels + 1 levels, the new level's
 * items zero. */
static bool grow(const rc_correlator *c, void **array, size_t per_level, size_t size)
{
    size_t old = (size_t)c->levels * per_level * size, more = per_level * size;
    char *grown = realloc(*array, old + more);
    if (!grown) return false;
    memset(grown + old, 0, more);
    *array = grown;
    return true;
}

/* The lags' sums of one more level (made with its ring, so that a run and its checkpoints hold only the levels it
 * reached). */
static rc_status add_level_sums(rc_correlator *c)
{
    size_t slots = (size_t)c->points, cells = slots * (size_t)c->groups;
    bool ok = grow(c, (void **)&c->sums, cells, sizeof *c->sums) &&
              grow(c, (void **)&c->lag_sums, slots, sizeof *c->lag_sums) &&
              grow(c, (void **)&c->origins, slots, sizeof *c->origins) &&
              (!c->block_frames || grow(c, (void **)&c->group_origins, cells, sizeof *c->group_origins)) &&
              (!c->centred || grow(c, (void **)&c->firsts, cells * 3 * (size_t)c->count, sizeof *c->firsts));
    if (!ok) return rc_fail(RC_STATUS_NO_MEMORY, "correlator: out of memory");
    c->levels++;
    return RC_STATUS_OK;
}

/* Correlates the newest sample of level l with the one `back` samples before it, into lag slot (l, back). */
static void correlate(rc_correlator *c, int l, int back)
{
    int p = c->points;
    int64_t newest = c->pushed[l] - 1;
    const double *a = c->samples[l] + (size_t)((newest - back) % p) * 3 * c->count;
    const double *b = c->samples[l] + (size_t)(newest % p) * 3 * c->count;
    size_t slot = (size_t)l * p + (size_t)back;
    double *sums = c->sums + slot * c->groups;
    /* blocks of time: the group of the origin's frame */
    int block = c->block_frames ? (int)(((c->frames - ((int64_t)back << l)) / c->block_frames) % c->groups) : -1;
    double *firsts = c->firsts ? c->firsts + (slot * c->groups + (size_t)block) * 3 * c->count : NULL;
    int group = 0; /* i mod groups, counted (a division per particle cost as much as the rest) */
    for (int32_t i = 0; i < c->count; i++, group = group + 1 == c->groups ? 0 : group + 1) {
        const double *x = a + 3 * i, *y = b + 3 * i;
        double v;
        if (c->product) v = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
        else {
            double d[3] = {y[0] - x[0], y[1] - x[1], y[2] - x[2]};
            v = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            for (int k = 0; firsts && k < 3; k++) firsts[3 * i + k] += d[k];
        }
        sums[block >= 0 ? block : group] += v;
    }
    if (block >= 0) c->group_origins[slot * c->groups + (size_t)block]++;
    c->lag_sums[slot] += c->times[l][newest % p] - c->times[l][(newest - back) % p];
    c->origins[slot]++;
}

/* Level l's ring and lags' sums, made when first reached (at frame 2^l), the ring given the sample of frame 0, which
 * the ring of level l - 1 still holds in its first slot. */
static rc_status level(rc_correlator *c, int l)
{
    if (c->samples[l]) return RC_STATUS_OK;
    size_t size = 3 * (size_t)c->count * sizeof(double);
    c->samples[l] = malloc((size_t)c->points * size + 1);
    c->times[l] = malloc((size_t)c->points * sizeof(double));
    if (!c->samples[l] || !c->times[l]) return rc_fail(RC_STATUS_NO_MEMORY, "correlator: out of memory");
    rc_status s = add_level_sums(c);
    if (s) return s;
    if (l > 0) {
        memcpy(c->samples[l], c->samples[l - 1], size);
        c->times[l][0] = c->times[l - 1][0];
        c->pushed[l] = 1;
    }
    return RC_STATUS_OK;
}

rc_status rc_correlator_add(rc_correlator *c, double time, const double *values)
{
    int p = c->points;
    for (int l = 0; l < RC_CORRELATOR_LEVELS && c->frames % ((int64_t)1 << l) == 0 && (l == 0 || c->frames); l++) {
        rc_status s = level(c, l);
        if (s) return s;
        int64_t at = c->pushed[l] % p;
        memcpy(c->samples[l] + (size_t)at * 3 * c->count, values, 3 * (size_t)c->count * sizeof(double));
        c->times[l][at] = time;
        c->pushed[l]++;
        int top = c->pushed[l] < p ? (int)c->pushed[l] : p;
        for (int back = l == 0 ? 0 : p / 2; back < top; back++) correlate(c, l, back);
    }
    c->frames++;
    return RC_STATUS_OK;
}

/* Group g's particles. */
static int32_t group_size(const rc_correlator *c, int g) { return c->count / c->groups + (g < c->count % c->groups); }

/* The correlation at a lag slot: of group g, or of all (g < 0); NaN for a group with no origin there. */
static double value(const rc_correlator *c, size_t slot, int g)
{
    double total = 0, n = 0;
    if (g >= 0) {
        total = c->sums[slot * c->groups + g];
        n = c->block_frames ? (double)c->group_origins[slot * c->groups + g] : (double)c->origins[slot];
    } else {
        for (int k = 0; k < c->groups; k++) total += c->sums[slot * c->groups + k];
        n = (double)c->origins[slot];
    }
    if (!(n > 0)) return NAN;
    double mean = total / (n * (g >= 0 && !c->block_frames ? group_size(c, g) : c->count));
    if (!c->centred) return mean;
    double drift = 0;
    for (int32_t i = 0; i < 3 * c->count; i++) {
        double first = 0;
        for (int k = g >= 0 ? g : 0; k < (g >= 0 ? g + 1 : c->groups); k++)
            first += c->firsts[(slot * c->groups + k) * 3 * c->count + i];
        drift += (first / n) * (first / n);
    }
    return mean - drift / c->count;
}

/* The standard error of the mean of the groups' values about `mean` (the groups with a value). */
static double spread(const rc_correlator *c, size_t slot, double mean)
{
    double squares = 0;
    int used = 0;
    for (int g = 0; g < c->groups; g++) {
        double m = value(c, slot, g) - mean;
        if (isnan(m)) continue;
        squares += m * m;
        used++;
    }
    return used > 1 ? sqrt(squares / (used - 1) / used) : NAN;
}

rc_status rc_correlator_finish(const rc_correlator *c, const char *name, rc_table *t)
{
    int rows = 0, p = c->points;
    for (size_t slot = 0; slot < (size_t)c->levels * p; slot++) rows += c->origins[slot] > 0;
    rc_status s = rc_table_make(t, rows, 4);
    if (s) return s;
    char error_name[64];
    snprintf(error_name, sizeof error_name, "%s_error", name);
    const char *names[4] = {"time", name, error_name, "origins"};
    for (int k = 0; k < 4; k++)
        if (!(t->names[k] = strdup(names[k]))) return rc_fail(RC_STATUS_NO_MEMORY, "correlator: out of memory");
    int r = 0;
    for (size_t slot = 0; slot < (size_t)c->levels * p; slot++) {
        if (c->origins[slot] <= 0) continue;
        double *row = t->values + 4 * (size_t)r++, n = (double)c->origins[slot], mean = value(c, slot, -1);
        row[0] = c->lag_sums[slot] / n;
        row[1] = mean;
        row[2] = spread(c, slot, mean);
        row[3] = n;
    }
    return RC_STATUS_OK;
}

/* The least-squares slope of y against x over the slots with t0 <= lag time <= t1: group g's y, or all (g < 0). */
static double slope(const rc_correlator *c, int g, double t0, double t1, int *used)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (size_t slot = 0; slot < (size_t)c->levels * c->points; slot++) {
        if (c->origins[slot] <= 0) continue;
        double o = (double)c->origins[slot], x = c->lag_sums[slot] / o;
        if (x < t0 || x > t1) continue;
        double y = value(c, slot, g);
        if (isnan(y)) continue;
        sx += x, sy += y, sxx += x * x, sxy += x * y;
        n++;
    }
    *used = n;
    double denominator = n * sxx - sx * sx;
    return n >= 2 && denominator > 0 ? (n * sxy - sx * sy) / denominator : NAN;
}

void rc_correlator_slope(const rc_correlator *c, double t0, double t1, double *result, double *error, int *rows)
{
    int used;
    *result = slope(c, -1, t0, t1, rows);
    double squares = 0;
    int groups = 0;
    for (int g = 0; g < c->groups; g++) {
        double m = slope(c, g, t0, t1, &used) - *result;
        if (isnan(m)) continue;
        squares += m * m;
        groups++;
    }
    *error = groups > 1 && isfinite(*result) ? sqrt(squares / (groups - 1) / groups) : NAN;
}

void rc_correlator_diffusion(const rc_correlator *c, int dimension, double t0, double t1, double *d, double *error)
{
    int rows;
    rc_correlator_slope(c, t0, t1, d, error, &rows);
    *d /= 2 * dimension;
    *error /= 2 * dimension;
}

void rc_correlator_release(rc_correlator *c)
{
    for (int l = 0; l < RC_CORRELATOR_LEVELS; l++) {
        free(c->samples[l]);
        free(c->times[l]);
    }
    free(c->sums);
    free(c->lag_sums);
    free(c->origins);
    free(c->group_origins);
    free(c->firsts);
    memset(c, 0, sizeof *c);
}

/* Whether n numbers are all within ±bound (so finite). */
static bool within(const double *x, size_t n, double bound)
{
    for (size_t i = 0; i < n; i++)
        if (!(fabs(x[i]) <= bound)) return false;
    return true;
}

/* Whether a correlator read back holds only what adding samples could have made: samples and times within 2^400 in
 * the slots its rings have filled (the others were never written; beyond that a product of two overflows), finite
 * sums and non-negative counts. A NaN, an infinity or a value of 1e300 read from a checkpoint made every result from
 * it NaN: a run resumed into nonsense. */
static bool read_back_valid(const rc_correlator *c)
{
    size_t values = 3 * (size_t)c->count, slots = (size_t)c->levels * (size_t)c->points,
           cells = slots * (size_t)c->groups;
    for (int l = 0; l < RC_CORRELATOR_LEVELS; l++) {
        if (!c->samples[l]) continue;
        size_t filled = c->pushed[l] < c->points ? (size_t)c->pushed[l] : (size_t)c->points;
        if (!within(c->samples[l], filled * values, 0x1p400) || !within(c->times[l], filled, 0x1p400)) return false;
    }
    if (!within(c->sums, cells, DBL_MAX) || !within(c->lag_sums, slots, DBL_MAX) ||
        (c->firsts && !within(c->firsts, cells * values, 0x1p400)))
        return false;
    for (size_t i = 0; i < slots; i++)
        if (c->origins[i] < 0) return false;
    return true;
}

rc_status rc_correlator_walk(rc_bytes *bytes, rc_correlator *c)
{
    RC_BYTES_FIELD(bytes, c->frames);
    rc_bytes_field(bytes, c->pushed, sizeof c->pushed);
    bool sane = c->frames >= 0; /* what the rings' indices rely on (read from outside data) */
    for (int l = 0; l < RC_CORRELATOR_LEVELS; l++) sane &= c->pushed[l] >= 0 && c->pushed[l] <= c->frames + 1;
    if (!sane) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a damaged correlator in the checkpoint");
    for (int l = 0; l < RC_CORRELATOR_LEVELS; l++) {
        uint8_t present = c->samples[l] != NULL; /* a byte, not a bool: read from outside data, then checked */
        RC_BYTES_FIELD(bytes, present);
        if (present > 1)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "measure: a damaged correlator in the checkpoint (level %d's flag is "
                           "%d, not 0 or 1)",
                           l, (int)present);
        if (!present) continue;
        if (bytes->mode == RC_BYTES_READ && !bytes->short_of_room) {
            if (l > 0 && !c->samples[l - 1])
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a damaged correlator in "
                                                           "the checkpoint");
            int64_t pushed = c->pushed[l];
            rc_status s = level(c, l);
            c->pushed[l] = pushed;
            if (s) return s;
        }
        rc_bytes_field(bytes, c->samples[l], (size_t)c->points * 3 * (size_t)c->count * sizeof(double));
        rc_bytes_field(bytes, c->times[l], (size_t)c->points * sizeof(double));
    }
    /* the levels present, whose rings the walk has just made when reading (none: no arrays yet) */
    if (!c->levels) return RC_STATUS_OK;
    size_t slots = (size_t)c->levels * (size_t)c->points, cells = slots * (size_t)c->groups;
    rc_bytes_field(bytes, c->sums, cells * sizeof *c->sums);
    rc_bytes_field(bytes, c->lag_sums, slots * sizeof *c->lag_sums);
    rc_bytes_field(bytes, c->origins, slots * sizeof *c->origins);
    if (c->group_origins) rc_bytes_field(bytes, c->group_origins, cells * sizeof *c->group_origins);
    if (c->firsts) rc_bytes_field(bytes, c->firsts, cells * 3 * (size_t)c->count * sizeof *c->firsts);
    if (bytes->mode == RC_BYTES_READ && !bytes->short_of_room && !read_back_valid(c))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "measure: a damaged correlator in the checkpoint (a sample or time beyond "
                       "2^400, a sum that is not finite, or a negative count)");
    return RC_STATUS_OK;
}
