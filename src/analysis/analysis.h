/* SPDX-License-Identifier: MIT */
/* An analysis of frames (ricochet/analysis.h): its options, state and results, which hold one of each measure;
 * each measure has a header of its own (pairs.h, table.h, rdf.h, structure_factor.h, order.h, local_order.h,
 * correlator.h, mixture_diffusion.h), so that an include names the measure a file uses. The options, frames and files
 * are analysis.c's, the tables and summary report.c's, the checkpointed sums state.c's. */
#ifndef RC_ANALYSIS_ANALYSIS_H
#define RC_ANALYSIS_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "analysis/correlator.h"
#include "analysis/local_order.h"
#include "analysis/mixture_diffusion.h"
#include "analysis/order.h"
#include "analysis/pairs.h"
#include "analysis/rdf.h"
#include "analysis/structure_factor.h"
#include "analysis/table.h"
#include "core/bytes.h"
#include "ricochet/analysis.h"

/* ---- the analysis ---- */

enum { RC_ANALYSIS_TABLES = 7 };
enum { RC_COMPUTE_RDF = 1, RC_COMPUTE_SK = 2, RC_COMPUTE_MSD = 4, RC_COMPUTE_ORDER = 8, RC_COMPUTE_ALL = 15 };
/* The measures' names, measure k being the bit 1 << k: "rdf", "structure_factor", "msd", "order". */
extern const char *const rc_analysis_measure_names[4];

struct rc_analysis {
    /* options */
    int compute;                    /* RC_COMPUTE_* bits; 0: all the frames allow */
    int64_t first_frame, end_frame; /* end_frame < 0: to the end */
    bool frames_given;              /* else a run folder's frames start at the end of its equilibration */
    double rdf_range, contact_width, k_max, order_cutoff, fit_start, fit_end, viscosity;
    int rdf_bins, k_vectors, msd_points, groups;
    rc_local_order local; /* the order per particle, when order is asked for by name (its options are set here) */
    /* state */
    int active; /* what is being computed, fixed at the first frame */
    int failed; /* the active measures a frame stopped (reasons[k] says why for bit 1 << k); the others
                             * go on and are reported */
    char *reasons[4];
    bool finished;
    char *source;   /* the path read, or NULL */
    int64_t frames; /* frames added */
    int dimension;
    int32_t count;
    double box[3];
    bool periodic[3];
    double first_time, last_time, mean_diameter, kinetic_sum; /* kinetic_sum: sum over frames of sum m v^2 / (d N) */
    bool velocities;                                          /* the first frame carries velocities */
    double *unwrapped;                                        /* 3 per particle */
    double *previous; /* 3 per particle: the previous frame's positions as given (wrapped), for the check of
                             * frames without image counts */
    double run_compressibility, run_viscosity; /* from a run folder's summary.json, else NaN */
    double equilibrated;                       /* the time its averages start (averages_from.time), else -inf */
    int64_t first_used;                        /* the index in the file of the first frame added */
    rc_cells cells;
    rc_rdf rdf;
    rc_structure_factor sf;
    rc_order order;
    rc_correlator msd, vacf;
    int interdiffusion_pair[2]; /* the species asked for by "interdiffusion", else -1 -1 */
    rc_mixture mixture;         /* with the MSD: each species' D and the interdiffusion coefficient */
    /* results */
    rc_table tables[RC_ANALYSIS_TABLES]; /* rdf, structure_factor, msd, vacf, order_particles, g6, interdiffusion */
    double *contact, *contact_error;
    double diffusion, diffusion_error;
};

/* report.c: the Yeh-Hummer term xi kT / (6 pi eta L) of D in the analysis's box, NaN unless it is a cubic periodic 3D
 * box and eta > 0. */
double rc_analysis_yeh_hummer(const rc_analysis *a, double temperature, double eta);
/* Starts the sums from the first frame (analysis.c): what is computed, the defaults, the correlators. */
rc_status rc_analysis_begin(rc_analysis *a, const rc_frame *first);
/* state.c: walks an analysis fed frame by frame, not finished (a run's checkpoints): its sums, rings and clocks.
 * Reading into an analysis with the same options starts it from `first`, a frame of the same particles. */
rc_status rc_analysis_walk(rc_bytes *bytes, rc_analysis *a, const rc_frame *first);

/* The tables' names, in the order of struct rc_analysis's tables. */
extern const char *const rc_analysis_table_names[RC_ANALYSIS_TABLES];

#endif
