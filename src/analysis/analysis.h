/* SPDX-License-Identifier: MIT */
/* The insides of an analysis of frames (ricochet/analysis.h), shared by the files of src/analysis: pairs through
 * cell lists (pairs.c), g(r) and its contact value (rdf.c), S(k) (structure_factor.c), Q6 / psi6 (order.c) and the
 * order per particle (local_order.h), the
 * multiple-tau correlator of the MSD and VACF and the fit of D (correlator.c), each species' D and the
 * interdiffusion coefficient of a mixture (mixture_diffusion.c), the tables, CSV files and summary
 * (report.c), and the options, frames and files (analysis.c). */
#ifndef RC_ANALYSIS_ANALYSIS_H
#define RC_ANALYSIS_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "analysis/local_order.h"
#include "core/bytes.h"
#include "ricochet/analysis.h"

/* ---- pairs within a cutoff (pairs.c) ---- */

/* Called once per unordered pair {i, j} nearer than the cutoff; d = x_j - x_i (minimum image along periodic axes). */
typedef void rc_pair_fn(void *context, int32_t i, int32_t j, const double d[3], double r2);

/* Scratch of the cell lists, kept between frames: the particles sorted by cell (their indices and positions) and
 * where each cell's run starts. */
typedef struct rc_cells {
    int32_t *start, *order, *cell_of;
    double *sorted;
    size_t start_capacity, order_capacity, cell_capacity, sorted_capacity;
} rc_cells;

/* Every pair of the frame nearer than cutoff, found through a grid of cells at least cutoff wide. */
rc_status rc_cells_pairs(rc_cells *cells, const rc_frame *frame, double cutoff, rc_pair_fn *fn, void *context);
void rc_cells_release(rc_cells *cells);
/* The volume (area in 2D) of the frame's box. */
double rc_frame_volume(const rc_frame *frame);

/* ---- a table of numbers ---- */

typedef struct rc_table {
    int rows, columns;
    char **names;   /* columns */
    double *values; /* rows x columns */
} rc_table;

rc_status rc_table_make(rc_table *table, int rows, int columns);
/* Writes the table as a CSV file (report.c). */
rc_status rc_table_write(const rc_table *table, const char *path);
void rc_table_release(rc_table *table);

/* ---- g(r) per species pair (rdf.c) ---- */

typedef struct rc_rdf {
    int species, pairs; /* pairs = species (species + 1) / 2, in the order (0,0), (0,1), ..., (1,1), ... */
    int bins;
    double range, width;
    int32_t *members;     /* particles per species */
    double *contact_at;   /* per pair: the contact distance, the mean radius of a plus that of b */
    double *sum;          /* pairs x bins: the frames' g summed */
    double *frame_counts; /* pairs x bins: this frame's pair counts */
    double *contacts;     /* frames x pairs: each frame's contact value (its fit is linear in g) */
    int contact_capacity;
    int frames;
    double contact_width; /* of the fit window, relative to the contact distance */
} rc_rdf;

rc_status rc_rdf_start(rc_rdf *rdf, const rc_frame *frame, double range, int bins, double contact_width);
rc_status rc_rdf_add(rc_rdf *rdf, rc_cells *cells, const rc_frame *frame);
/* The table r, g_A_B...; contact[p] and error[p] per pair (NaN when the window holds no bin). */
rc_status rc_rdf_finish(const rc_rdf *rdf, rc_table *table, double *contact, double *error);
void rc_rdf_release(rc_rdf *rdf);

/* ---- S(k) (structure_factor.c) ---- */

typedef struct rc_structure_factor {
    int shells;
    double shell_width, k_max;
    int per_shell;
    int vectors;         /* wave vectors in use */
    double *k;           /* 3 per vector */
    int *n;              /* 3 per vector: k = 2 pi n / L (under a tilt, structure_factor.c's wave_vector) */
    int top[3];          /* the largest |n| along each axis */
    int *shell_of;       /* per vector */
    double tilt;         /* the Lees-Edwards tilt the vectors were chosen for, in [-L_f / 2, L_f / 2] */
    int flow, gradient;  /* its axes */
    double *sum, *k_sum; /* per shell: S summed over frames and vectors, |k| likewise */
    double *samples;     /* per shell: the vectors summed over frames */
    int *used;           /* per shell: the wave vectors of the current cell below k_max */
    int frames;
    double box[3];
} rc_structure_factor;

rc_status rc_structure_factor_start(rc_structure_factor *sf, const rc_frame *frame, double k_max, int per_shell);
rc_status rc_structure_factor_add(rc_structure_factor *sf, const rc_frame *frame);
rc_status rc_structure_factor_finish(const rc_structure_factor *sf, rc_table *table);
void rc_structure_factor_release(rc_structure_factor *sf);

/* ---- Q6 / psi6 (order.c) ---- */

typedef struct rc_order {
    double cutoff;
    double *q;      /* per particle: 7 complex sums (Q6m, m = 0..6) in 3D, one (psi6) in 2D */
    int32_t *bonds; /* per particle */
    size_t capacity;
    int dimension;
    double global_sum, local_sum, bond_sum; /* over frames */
    int frames;
} rc_order;

rc_status rc_order_add(rc_order *order, rc_cells *cells, const rc_frame *frame);
/* Q6 (3D) or |psi6| (2D) of all bonds together, its mean per particle, and bonds per particle; frame means. */
void rc_order_result(const rc_order *order, double *global, double *local, double *bonds);
void rc_order_release(rc_order *order);

/* ---- the multiple-tau correlator of the MSD and VACF, and D (correlator.c) ---- */

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

/* ---- the transport of a mixture: each species' D and the interdiffusion coefficient (mixture_diffusion.c) ---- */

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
