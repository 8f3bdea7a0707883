/* SPDX-License-Identifier: MIT */
/* ricochet/analysis.h: structure and transport measured from frames (saved trajectories, or frames handed over one
 * by one): the radial distribution function g(r) of every species pair with its contact value, the structure factor
 * S(k), the bond-orientational order Q6 (3D) or psi6 (2D), the mean squared displacement with the diffusion
 * coefficient (raw and Yeh-Hummer corrected) and the velocity autocorrelation (docs/formats.md, "Analysis"; the
 * command `ricochet analyze`; Python's ricochet.analyze).
 *
 * An analysis is set by key and value (rc_analysis_set; the same keys as the command's options), fed frames
 * (rc_analysis_add_frame, or rc_analysis_read for a trajectory file or a run folder), finished, then read as tables
 * of numbers (rc_analysis_table), CSV files (rc_analysis_write) and a JSON summary (rc_analysis_summary_json). */
#ifndef RICOCHET_ANALYSIS_H
#define RICOCHET_ANALYSIS_H

#include <stdbool.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rc_analysis rc_analysis;

RC_API rc_status rc_analysis_create(rc_analysis **analysis);
RC_API void rc_analysis_destroy(rc_analysis *analysis);

/* Sets one option before the first frame; RC_STATUS_INVALID_ARGUMENT names the key and the value. Keys:
 *   compute         a comma list of rdf, structure_factor, msd, order (default: all that the frames allow)
 *   frames          A:B, the frames A (first, from 0) to B (excluded) of a file; either may be left out
 *   rdf_range       the largest r of g(r) (default: 5 mean diameters, at most half the smallest periodic edge)
 *   rdf_bins        bins of g(r) (default: 100 per mean diameter)
 *   contact_width   the fit window of g(sigma+) above contact, in units of the pair's contact distance (0.1)
 *   k_max           the largest |k| of S(k) (default: 20 / mean diameter)
 *   k_vectors       the most wave vectors averaged per |k| shell (default 64)
 *   order_cutoff    bonds of Q6 / psi6 are pairs nearer than this (default: 1.4 mean diameters)
 *   msd_points      lags per level of the multiple-tau correlator of the MSD and VACF (default 32)
 *   fit             T0:T1, the lag times of the fit MSD = a + 2 d D t (default: 0.1 to 0.5 of the frames' span)
 *   groups          particle groups whose spread gives the error bars (default 16)
 *   viscosity       shear viscosity for the Yeh-Hummer correction (default: the run's summary, else none)
 * and for the order per particle, computed when compute names order (docs/formats.md, "Order per particle"):
 *   neighbours      distance (pairs nearer than order_cutoff, default) or voronoi (qhull's tessellation)
 *   g6_range        the largest r of g6(r), 2D (default: 25 mean diameters, at most half the smallest periodic edge)
 *   solid_bond      ten Wolde-Frenkel: neighbours are connected when their q6 vectors' product exceeds this (0.7)
 *   solid_bonds     ten Wolde-Frenkel: a sphere with this many connections or more is solid-like (7) */
RC_API rc_status rc_analysis_set(rc_analysis *analysis, const char *key, const char *value);

/* Adds one frame (particles in the same order in every frame; the count may not change). */
RC_API rc_status rc_analysis_add_frame(rc_analysis *analysis, const rc_frame *frame);
/* Adds the frames of a trajectory file (extended XYZ or H5MD), or of a run folder (its trajectory.h5md, else
 * trajectory.xyz; its summary.json gives the run's compressibility and shear viscosity when it has them). */
RC_API rc_status rc_analysis_read(rc_analysis *analysis, const char *path);
/* Turns the sums into results; no frame may be added after. */
RC_API rc_status rc_analysis_finish(rc_analysis *analysis);

/* A finished table: "rdf", "structure_factor", "msd", "vacf", "order_particles", "g6" (rows x columns, row-major,
 * owned by the analysis).
 * RC_STATUS_INVALID_ARGUMENT when the table was not computed. */
RC_API rc_status rc_analysis_table(const rc_analysis *analysis, const char *name, int *rows, int *columns,
                                   const char *const **column_names, const double **values);
/* Writes every computed table as DIRECTORY/NAME.csv (made when missing) and DIRECTORY/analysis.json. */
RC_API rc_status rc_analysis_write(const rc_analysis *analysis, const char *directory);
/* The summary as JSON text (free with rc_text_destroy); NULL when out of memory. */
RC_API char *rc_analysis_summary_json(const rc_analysis *analysis, bool compact);

/* One value per particle of a frame (what `ricochet render --color` colours by; docs/cli.md): "x", "y", "z", "vx",
 * "vy", "vz", "speed", "kinetic_energy" (m v^2 / 2), "species", "radius", "mass", "height" (z in 3D, y in 2D), and,
 * computed on the fly from the pairs nearer than 1.4 mean diameters (or Voronoi neighbours with voronoi true; docs/
 * formats.md, "Order per particle"), "psi6" (|psi6|, 2D) and "q6" (3D). values has room for frame->count; *label
 * (label may be NULL) becomes the column's name with its unit, "speed (length/time)", "psi6 (1)", static text.
 * RC_STATUS_INVALID_ARGUMENT names an unknown column (listing the known ones) or psi6 of a 3D frame, q6 of a 2D one. */
RC_API rc_status rc_frame_column(const rc_frame *frame, const char *name, bool voronoi, double *values,
                                 const char **label);

#ifdef __cplusplus
}
#endif
#endif
