/* SPDX-License-Identifier: MIT */
/* One cell list for the code outside the event-driven hot path (cells.c): every pair of points nearer than a cutoff
 * in a box that is periodic or closed along each axis, possibly sheared (a Lees-Edwards offset), given as plain
 * arrays so that any floor above core can use it. */
#ifndef RC_CORE_CELLS_H
#define RC_CORE_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ricochet/core.h"

/* The space the points live in: 2 or 3 axes of edge box[k] (an edge that is not finite and positive is one cell),
 * periodic or closed, and a Lees-Edwards tilt: the images across the periodic axis `gradient` move by `tilt` along
 * the axis `flow` (tilt 0: a rectangular box). */
typedef struct rc_cell_space {
    int dimension;
    double box[3];
    bool periodic[3];
    double tilt;
    int flow, gradient;
} rc_cell_space;

/* Called once per unordered pair {i, j} nearer than the cutoff; d = x_j - x_i (minimum image along periodic axes). */
typedef void rc_pair_fn(void *context, int32_t i, int32_t j, const double d[3], double r2);

/* Scratch of the cell lists, kept between calls: the points sorted by cell (their indices and positions) and where
 * each cell's run starts. Zero-initialise; set `temporary` to have the arrays mapped from the system and given back
 * by rc_cells_release (a one-off search of millions of points that must not stay resident in the heap). */
typedef struct rc_cells {
    int32_t *start, *order, *cell_of;
    double *sorted;
    size_t start_capacity, order_capacity, cell_capacity, sorted_capacity;
    bool temporary;
} rc_cells;

/* Every pair of the count points (3 coordinates each) nearer than cutoff, found through a grid of cells at least
 * cutoff wide; the pairs come in a fixed order for given points. RC_STATUS_NO_MEMORY only. */
rc_status rc_cells_pairs_within(rc_cells *cells, const rc_cell_space *space, const double *positions, size_t count,
                                double cutoff, rc_pair_fn *fn, void *context);
/* Frees the scratch and zeroes it (keeping `temporary`). */
void rc_cells_release(rc_cells *cells);

#endif
