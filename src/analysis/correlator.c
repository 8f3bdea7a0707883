/* The multiple-tau correlator of the mean squared displacement and the velocity autocorrelation over many decades of
 * lag with bounded memory (Frenkel and Smit, "Understanding Molecular Simulation", 2nd ed., section 4.4.2, the
 * order-n scheme; Ramirez, Sukumaran, Vorselaars and Likhtman, J. Chem. Phys. 133, 154103 (2010), with coarsening
 * factor 2). Level l keeps the last `points` samples taken every 2^l frames (samples, not block averages, so the MSD
 * has no smoothing bias); level 0 gives the lags 0 .. points-1 frames from every origin, level l >= 1 the lags
 * (points/2 .. points-1) 2^l from every 2^l-th frame. Memory: levels x points x 3 N values. Every sum is kept per
 * particle group (particle i in group i mod groups), whose spread gives the error bars and the error of D. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "core/status.h"

rc_status rc_correlator_start(rc_correlator *c, bool product, int points, int groups, int32_t count)
{
    memset(c, 0, sizeof *c);
    c->product = product;
    c->points = points;
    c->groups = groups < count ? groups : count > 0 ? count : 1;
    c->count = count;
    size_t lags = (size_t)RC_CORRELATOR_LEVELS * (size_t)points;
    c->sums = calloc(lags * (size_t)c->groups, sizeof *c->sums);
    c->lag_sums = calloc(lags, sizeof *c->lag_sums);
    c->origins = calloc(lags, sizeof *c->origins);
    return c->sums && c->lag_sums && c->origins ? RC_OK : rc_fail(RC_NO_MEMORY, "correlator: out of memory");
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
    for (int32_t i = 0; i < c->count; i++) {
        const double *x = a + 3 * i, *y = b + 3 * i;
        double v;
        if (c->product) v = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
        else {
            double d[3] = {y[0] - x[0], y[1] - x[1], y[2] - x[2]};
            v = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        }
        sums[i % c->groups] += v;
    }
    c->lag_sums[slot] += c->times[l][newest % p] - c->times[l][(newest - back) % p];
    c->origins[slot]++;
}

/* Level l's ring, allocated when first reached (at frame 2^l) and given the sample of frame 0, which the ring of
 * level l - 1 still holds in its first slot. */
static rc_status level(rc_correlator *c, int l)
{
    if (c->samples[l]) return RC_OK;
    size_t size = 3 * (size_t)c->count * sizeof(double);
    c->samples[l] = malloc((size_t)c->points * size + 1);
    c->times[l] = malloc((size_t)c->points * sizeof(double));
    if (!c->samples[l] || !c->times[l]) return rc_fail(RC_NO_MEMORY, "correlator: out of memory");
    if (l > 0) {
        memcpy(c->samples[l], c->samples[l - 1], size);
        c->times[l][0] = c->times[l - 1][0];
        c->pushed[l] = 1;
    }
    return RC_OK;
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
    return RC_OK;
}

/* Group g's particles. */
static int32_t group_size(const rc_correlator *c, int g)
{
    return c->count / c->groups + (g < c->count % c->groups);
}

rc_status rc_correlator_finish(const rc_correlator *c, const char *name, rc_table *t)
{
    int rows = 0, p = c->points;
    for (size_t slot = 0; slot < (size_t)RC_CORRELATOR_LEVELS * p; slot++) rows += c->origins[slot] > 0;
    rc_status s = rc_table_make(t, rows, 4);
    if (s) return s;
    char error_name[64];
    snprintf(error_name, sizeof error_name, "%s_error", name);
    const char *names[4] = {"time", name, error_name, "origins"};
    for (int k = 0; k < 4; k++)
        if (!(t->names[k] = strdup(names[k]))) return rc_fail(RC_NO_MEMORY, "correlator: out of memory");
    int r = 0;
    for (size_t slot = 0; slot < (size_t)RC_CORRELATOR_LEVELS * p; slot++) {
        if (!c->origins[slot]) continue;
        double *row = t->values + 4 * (size_t)r++, total = 0, squares = 0, n = (double)c->origins[slot];
        const double *sums = c->sums + slot * c->groups;
        for (int g = 0; g < c->groups; g++) total += sums[g];
        double mean = total / (n * c->count);
        for (int g = 0; g < c->groups; g++) {
            double m = sums[g] / (n * group_size(c, g)) - mean;
            squares += m * m;
        }
        row[0] = c->lag_sums[slot] / n;
        row[1] = mean;
        row[2] = c->groups > 1 ? sqrt(squares / (c->groups - 1) / c->groups) : NAN;
        row[3] = n;
    }
    return RC_OK;
}

/* The least-squares slope of y against x over the slots with t0 <= lag time <= t1: group g's y, or all (g < 0). */
static double slope(const rc_correlator *c, int g, double t0, double t1, int *used)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (size_t slot = 0; slot < (size_t)RC_CORRELATOR_LEVELS * c->points; slot++) {
        if (!c->origins[slot]) continue;
        double o = (double)c->origins[slot], x = c->lag_sums[slot] / o, y = 0;
        if (x < t0 || x > t1) continue;
        if (g >= 0) y = c->sums[slot * c->groups + g] / (o * group_size(c, g));
        else {
            for (int k = 0; k < c->groups; k++) y += c->sums[slot * c->groups + k];
            y /= o * c->count;
        }
        sx += x, sy += y, sxx += x * x, sxy += x * y;
        n++;
    }
    *used = n;
    double denominator = n * sxx - sx * sx;
    return n >= 2 && denominator > 0 ? (n * sxy - sx * sy) / denominator : NAN;
}

void rc_correlator_diffusion(const rc_correlator *c, int dimension, double t0, double t1, double *d, double *error)
{
    int used;
    *d = slope(c, -1, t0, t1, &used) / (2 * dimension);
    double squares = 0;
    for (int g = 0; g < c->groups; g++) {
        double m = slope(c, g, t0, t1, &used) / (2 * dimension) - *d;
        squares += m * m;
    }
    *error = c->groups > 1 && isfinite(*d) ? sqrt(squares / (c->groups - 1) / c->groups) : NAN;
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
    memset(c, 0, sizeof *c);
}
