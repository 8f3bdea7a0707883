/* SPDX-License-Identifier: MIT */
/* Pairs of a frame within a cutoff through cell lists (pairs.c), and the volume of a frame's box. */
#ifndef RC_ANALYSIS_PAIRS_H
#define RC_ANALYSIS_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "ricochet/analysis.h"

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

#endif
