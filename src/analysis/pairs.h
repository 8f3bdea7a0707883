/* SPDX-License-Identifier: MIT */
/* Pairs of a frame within a cutoff through the cell list of core/cells.h (pairs.c), and the volume of a frame's box. */
#ifndef RC_ANALYSIS_PAIRS_H
#define RC_ANALYSIS_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "core/cells.h"
#include "ricochet/analysis.h"

/* Every pair of the frame nearer than cutoff (core/cells.h), with the frame's periodic axes and tilt. */
rc_status rc_cells_pairs(rc_cells *cells, const rc_frame *frame, double cutoff, rc_pair_fn *fn, void *context);
/* The volume (area in 2D) of the frame's box. */
double rc_frame_volume(const rc_frame *frame);

#endif
