/* SPDX-License-Identifier: MIT */
/* The multiple-tau correlator of the MSD and VACF and the fit of D (correlator.c). */
#ifndef RC_ANALYSIS_CORRELATOR_H
#define RC_ANALYSIS_CORRELATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/table.h"
#include "core/bytes.h"
#include "ricochet/frame.h"

enum { RC_CORRELATOR_LEVELS = 48 };

typedef struct rc_correlator {
    bool product;         /* a(t) . a(t + tau) (VACF); else |a(t + tau) - a(t)|^2 (MSD) */
    bool centred;         /* the variance |a(t + tau) - a(t)|^2 - |<a(t + tau) - a(t)>|^2 per value (a drift
                             * removed: the Helfand moments of the bulk viscosity and the heat flux) */
    int64_t block_frames; /* > 0: the groups are blocks of time, an origin in frame f counting for group
                             * (f / block_frames) mod groups; 0: particle i counts for group i mod groups */
    int points, groups;
    int32_t count;
    int64_t frames;
    double *samples[RC_CORRELATOR_LEVELS]; /* points x count x 3 each, a ring; NULL until the level is reached */
    double *times[RC_CORRELATOR_LEVELS];   /* points each */
    int64_t pushed[RC_CORRELATOR_LEVELS];
    int levels;             /* the levels reached: those with a ring, and in the arrays below */
    double *sums;           /* levels x points x groups */
    double *lag_sums;       /* levels x points: the lags' times summed */
    int64_t *origins;       /* levels x points */
    int64_t *group_origins; /* levels x points x groups, blocks of time only */
    double *firsts;         /* levels x points x groups x count x 3: the differences summed, centred only */
} rc_correlator;

rc_status rc_correlator_start(rc_correlator *c, bool product, int points, int groups, int32_t count);
/* The Helfand moments' form: |a(t + tau) - a(t)|^2 (centred or not) of a few values, the groups blocks of
 * block_frames frames. */
rc_status rc_correlator_start_blocks(rc_correlator *c, bool centred, int points, int groups, int64_t block_frames,
                                     int32_t count);
/* values: 3 per particle. */
rc_status rc_correlator_add(rc_correlator *c, double time, const double *values);
/* The table time, NAME, NAME_error, origins (rows with origins only). */
rc_status rc_correlator_finish(const rc_correlator *c, const char *name, rc_table *table);
/* D = slope / (2 d) of the least-squares line through the rows with t0 <= time <= t1, and its error from the spread
 * of the groups' own D; NaN when fewer than two rows lie in the window. */
void rc_correlator_diffusion(const rc_correlator *c, int dimension, double t0, double t1, double *d, double *error);
/* The least-squares slope of the mean over the rows with t0 <= time <= t1 and its error from the spread of the
 * groups' own slopes (NaN when fewer than two rows lie in the window); *rows: the rows used. */
void rc_correlator_slope(const rc_correlator *c, double t0, double t1, double *slope, double *error, int *rows);
void rc_correlator_release(rc_correlator *c);
/* Walks the correlator's sums and rings (the same start on both sides); RC_STATUS_NO_MEMORY when a ring cannot be made. */
rc_status rc_correlator_walk(rc_bytes *bytes, rc_correlator *c);

#endif
