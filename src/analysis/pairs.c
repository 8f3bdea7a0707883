/* SPDX-License-Identifier: MIT */
/* Pairs of a frame within a cutoff: the frame's box, periodic axes and Lees-Edwards tilt handed to the cell list of
 * core/cells.c, so that g(r) and the bond order of 100,000 particles cost a time proportional to N. Also the volume
 * of a frame's box and the tables the analysis hands out. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pairs.h"
#include "analysis/table.h"
#include "core/status.h"

double rc_frame_volume(const rc_frame *frame)
{
    double v = 1;
    for (int k = 0; k < frame->dimension; k++) v *= frame->box[k];
    return v;
}

rc_status rc_cells_pairs(rc_cells *cells, const rc_frame *f, double cutoff, rc_pair_fn *fn, void *context)
{
    rc_cell_space space = {f->dimension,
                           {f->box[0], f->box[1], f->box[2]},
                           {f->periodic[0], f->periodic[1], f->periodic[2]},
                           f->tilt,
                           f->tilt_flow,
                           f->tilt_gradient};
    return rc_cells_pairs_within(cells, &space, f->positions, (size_t)f->count, cutoff, fn, context);
}

rc_status rc_table_make(rc_table *t, int rows, int columns)
{
    rc_table_release(t);
    t->names = calloc((size_t)columns, sizeof *t->names);
    t->values = calloc((size_t)rows * (size_t)columns + 1, sizeof *t->values);
    if (!t->names || !t->values) {
        rc_table_release(t);
        return rc_fail(RC_STATUS_NO_MEMORY, "analysis: out of memory for a table of %d rows", rows);
    }
    t->rows = rows;
    t->columns = columns;
    return RC_STATUS_OK;
}

void rc_table_release(rc_table *t)
{
    for (int c = 0; t->names && c < t->columns; c++) free(t->names[c]);
    free(t->names);
    free(t->values);
    memset(t, 0, sizeof *t);
}
