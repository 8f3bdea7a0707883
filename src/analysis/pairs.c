/* SPDX-License-Identifier: MIT */
/* Pairs of a frame within a cutoff, through a grid of cells at least the cutoff wide (the cell method, Allen and
 * Tildesley, "Computer Simulation of Liquids", 2nd ed., section 5.3.2), with minimum images along periodic axes, so
 * that g(r) and the bond order of 100,000 particles cost a time proportional to N. A sheared frame's cell (its
 * Lees-Edwards tilt) is honoured: images across the gradient boundary are offset along the flow axis by the tilt, and
 * the cells paired across that boundary are all the flow cells. The particles are sorted by cell
 * (a counting sort) so that a cell's particles lie together in memory, and each pair of neighbouring cells is visited
 * once. Also the tables the analysis
 * hands out. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pairs.h"
#include "analysis/table.h"
#include "core/grow.h"
#include "core/status.h"

double rc_frame_volume(const rc_frame *frame)
{
    double v = 1;
    for (int k = 0; k < frame->dimension; k++) v *= frame->box[k];
    return v;
}

/* The cell index along an axis of n cells of width w, for coordinate x (wrapped when periodic, clamped else). */
static int cell_index(double x, double edge, double w, int n, bool periodic)
{
    if (periodic) x -= edge * floor(x / edge);
    int c = (int)floor(x / w);
    return c < 0 ? 0 : c >= n ? n - 1 : c;
}

/* The distinct neighbour cells of cell c along an axis of n cells: c-1, c, c+1 (wrapped or cut at the ends). */
static int neighbours_of(int c, int n, bool periodic, int out[3])
{
    int found = 0;
    for (int o = -1; o <= 1; o++) {
        int m = c + o;
        if (periodic) m = (m + n) % n;
        else if (m < 0 || m >= n) continue;
        bool seen = false;
        for (int k = 0; k < found; k++) seen |= out[k] == m;
        if (!seen) out[found++] = m;
    }
    return found;
}

/* The minimum image r of y - x and its square length: under a Lees-Edwards tilt first along the gradient axis, whose
 * images move along the flow axis by the tilt, then along every periodic axis. */
static double separation(const rc_frame *f, const double *x, const double *y, double r[3])
{
    for (int k = 0; k < f->dimension; k++) r[k] = y[k] - x[k];
    if (f->tilt != 0) {
        int g = f->tilt_gradient;
        double m = nearbyint(r[g] / f->box[g]);
        r[g] -= m * f->box[g], r[f->tilt_flow] -= m * f->tilt;
    }
    double r2 = 0;
    for (int k = 0; k < f->dimension; k++) {
        if (f->periodic[k]) r[k] -= f->box[k] * nearbyint(r[k] / f->box[k]);
        r2 += r[k] * r[k];
    }
    return r2;
}

/* The pairs between the particles of cells a and b (a itself when b == a, each pair once). */
static void cell_pairs(const rc_cells *cells, const rc_frame *f, size_t a, size_t b, double cut2, rc_pair_fn *fn,
                       void *context)
{
    for (int32_t p = cells->start[a]; p < cells->start[a + 1]; p++) {
        const double *x = cells->sorted + 3 * (size_t)p;
        for (int32_t q = a == b ? p + 1 : cells->start[b]; q < cells->start[b + 1]; q++) {
            const double *y = cells->sorted + 3 * (size_t)q;
            double r[3] = {0, 0, 0}, r2 = separation(f, x, y, r);
            if (r2 < cut2) fn(context, cells->order[p], cells->order[q], r, r2);
        }
    }
}

/* Whether cells at and b (neighbours along every axis) may pair across the sheared boundary: a tilted frame, and
 * along its gradient axis b one cell across the wrap (or the axis so short that any pair may be). */
static bool across_tilt(const rc_frame *f, const int n[3], const int at[3], const int b[3])
{
    if (f->tilt == 0) return false;
    int g = f->tilt_gradient;
    return n[g] <= 2 || (at[g] == 0 && b[g] == n[g] - 1) || (at[g] == n[g] - 1 && b[g] == 0);
}

/* The pairs of cell a with cell b (at b_at), once per unordered pair of cells: when b >= a. */
static void visit(const rc_cells *cells, const rc_frame *f, const int n[3], size_t a, const int b_at[3], double cut2,
                  rc_pair_fn *fn, void *context)
{
    size_t b = (size_t)b_at[0] + (size_t)n[0] * ((size_t)b_at[1] + (size_t)n[1] * (size_t)b_at[2]);
    if (b >= a) cell_pairs(cells, f, a, b, cut2, fn, context);
}

rc_status rc_cells_pairs(rc_cells *cells, const rc_frame *f, double cutoff, rc_pair_fn *fn, void *context)
{
    int n[3] = {1, 1, 1}, d = f->dimension;
    double w[3] = {1, 1, 1};
    /* cells no narrower than the cutoff, and not many more of them than particles */
    double wide = fmax(cutoff, pow(rc_frame_volume(f) / (f->count + 1.0), 1.0 / d));
    size_t total = 1, count = (size_t)f->count;
    for (int k = 0; k < d; k++) {
        n[k] = f->box[k] > 0 && isfinite(f->box[k]) ? (int)fmax(1, fmin(1 << 20, floor(f->box[k] / wide))) : 1;
        w[k] = n[k] > 1 ? f->box[k] / n[k] : INFINITY;
        total *= (size_t)n[k];
    }
    if (RC_RESERVE(cells->start, cells->start_capacity, total + 1) ||
        RC_RESERVE(cells->order, cells->order_capacity, count + 1) ||
        RC_RESERVE(cells->cell_of, cells->cell_capacity, count + 1) ||
        RC_RESERVE(cells->sorted, cells->sorted_capacity, 3 * count + 1))
        return RC_STATUS_NO_MEMORY;
    /* a counting sort by cell, so that each cell's particles lie together in memory */
    memset(cells->start, 0, (total + 1) * sizeof *cells->start);
    for (size_t i = 0; i < count; i++) {
        size_t c = 0;
        for (int k = d - 1; k >= 0; k--)
            c = c * (size_t)n[k] + (size_t)cell_index(f->positions[3 * i + k], f->box[k], w[k], n[k], f->periodic[k]);
        cells->cell_of[i] = (int32_t)c;
        cells->start[c + 1]++;
    }
    for (size_t c = 0; c < total; c++) cells->start[c + 1] += cells->start[c];
    for (size_t i = 0; i < count; i++) {
        int32_t at = cells->start[cells->cell_of[i]]++;
        cells->order[at] = (int32_t)i;
        memcpy(cells->sorted + 3 * (size_t)at, f->positions + 3 * i, 3 * sizeof *cells->sorted);
    }
    for (size_t c = total; c > 0; c--) cells->start[c] = cells->start[c - 1];
    cells->start[0] = 0;
    /* each unordered pair of neighbouring cells once: b >= a */
    double cut2 = cutoff * cutoff;
    for (size_t a = 0; a < total; a++) {
        int at[3] = {0, 0, 0}, near[3][3] = {{0}, {0}, {0}}, found[3] = {1, 1, 1};
        for (int k = 0, c = (int)a; k < d; k++) at[k] = c % n[k], c /= n[k];
        for (int k = 0; k < d; k++) found[k] = neighbours_of(at[k], n[k], f->periodic[k], near[k]);
        for (int x = 0; x < found[0]; x++)
            for (int y = 0; y < found[1]; y++)
                for (int z = 0; z < found[2]; z++) {
                    int b_at[3] = {near[0][x], near[1][y], near[2][z]}, index[3] = {x, y, z}, fl = f->tilt_flow;
                    visit(cells, f, n, a, b_at, cut2, fn, context);
                    /* across the sheared boundary the flow neighbours are shifted by the tilt: the far flow cells
                     * too, once (with the first near one) */
                    if (index[fl] == 0 && across_tilt(f, n, at, b_at))
                        for (b_at[fl] = 0; b_at[fl] < n[fl]; b_at[fl]++)
                            if ((b_at[fl] - at[fl] + n[fl]) % n[fl] > 1 && (at[fl] - b_at[fl] + n[fl]) % n[fl] > 1)
                                visit(cells, f, n, a, b_at, cut2, fn, context);
                }
    }
    return RC_STATUS_OK;
}

void rc_cells_release(rc_cells *cells)
{
    free(cells->start);
    free(cells->order);
    free(cells->cell_of);
    free(cells->sorted);
    memset(cells, 0, sizeof *cells);
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
