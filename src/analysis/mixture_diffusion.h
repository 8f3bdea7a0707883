/* SPDX-License-Identifier: MIT */
/* The transport of a mixture: each species' D and the interdiffusion coefficient (mixture_diffusion.c). */
#ifndef RC_ANALYSIS_MIXTURE_DIFFUSION_H
#define RC_ANALYSIS_MIXTURE_DIFFUSION_H

#include <cjson/cJSON.h>

#include "analysis/correlator.h"
#include "analysis/table.h"
#include "core/bytes.h"
#include "ricochet/frame.h"

typedef struct rc_mixture {
    int32_t count;
    int species;         /* labels 0 .. species - 1 in the first frame */
    int32_t *species_of; /* count: each particle's label in the first frame (later frames must keep it) */
    int32_t *members;    /* per species */
    rc_correlator *self; /* per species, the MSD of its particles; NULL for one species (the MSD of all is its) */
    double *gathered;    /* 3 x count scratch: one species' positions */
    int pair[2];         /* the species of the interdiffusion, -1 -1 for none */
    double *series;      /* 4 per frame: time, then the interdiffusion displacement scaled (mixture_diffusion.c) */
    int capacity;        /* of series, in doubles */
    int64_t frames;
    /* results */
    double *diffusion, *diffusion_error; /* per species, NaN for a label without particles */
    double interdiffusion, interdiffusion_error;
} rc_mixture;

/* "A,B": two different species labels, or the error naming key. */
rc_status rc_mixture_pair_parse(const char *key, const char *value, int pair[2]);
/* From the first frame: the species and their correlators, and the interdiffusion pair: asked (asked[0] >= 0; each
 * must have particles, else an error naming "interdiffusion"), else the two species of a binary mixture, else none. */
rc_status rc_mixture_start(rc_mixture *m, const rc_frame *first, int points, int groups, const int asked[2]);
/* A frame's unwrapped positions (3 per particle); its labels must be the first frame's. */
rc_status rc_mixture_add(rc_mixture *m, const rc_frame *frame, const double *unwrapped, int64_t index);
/* Each species' D (one species: the D of all given here, bit for bit) and D_ab with its curve in table (time,
 * msd_interdiffusion, msd_interdiffusion_error, origins), fitted over t0 <= lag <= t1. */
rc_status rc_mixture_finish(rc_mixture *m, int dimension, int points, int groups, double t0, double t1,
                            double diffusion, double error, rc_table *table);
void rc_mixture_release(rc_mixture *m);
/* Adds diffusion_coefficient_species and its _error (lists, one per species label), interdiffusion_coefficient and
 * its _error, and interdiffusion_species (the pair, or null) to a summary object. */
void rc_mixture_summary(const rc_mixture *m, cJSON *summary);
/* The correlators and the series, for a run's checkpoints (the same start on both sides). */
rc_status rc_mixture_walk(rc_bytes *bytes, rc_mixture *m);

#endif
