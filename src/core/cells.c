/* SPDX-License-Identifier: MIT */
/* Pairs of points within a cutoff, through a grid of cells at least the cutoff wide (the cell method, Allen and
 * Tildesley, "Computer Simulation of Liquids", 2nd ed., section 5.3.2), with minimum images along periodic axes, so
 * that the pairs of N points cost a time proportional to N. A sheared box (a Lees-Edwards tilt) is honoured: images
 * across the gradient boundary are offset along the flow axis by the tilt, and the cells paired across that boundary
 * are all the flow cells. The points are sorted by cell (a counting sort) so that a cell's points lie together in
 * memory, and each pair of neighbouring cells is visited once. The analysis (pairs of a frame) and the overlap check
 * of an event-driven initial state use it; the event-driven engine keeps its own anchor cells on the hot path. */
#include "core/cells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/memory.h"
#include "core/status.h"

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
static double separation(const rc_cell_space *sp, const double *x, const double *y, double r[3])
{
    for (int k = 0; k < sp->dimension; k++) r[k] = y[k] - x[k];
    if (sp->tilt != 0) {
        int g = sp->gradient;
        double m = nearbyint(r[g] / sp->box[g]);
        r[g] -= m * sp->box[g], r[sp->flow] -= m * sp->tilt;
    }
    double r2 = 0;
    for (int k = 0; k < sp->dimension; k++) {
        if (sp->periodic[k]) r[k] -= sp->box[k] * nearbyint(r[k] / sp->box[k]);
        r2 += r[k] * r[k];
    }
    return r2;
}

/* The pairs between the points of cells a and b (a itself when b == a, each pair once). */
static void cell_pairs(const rc_cells *cells, const rc_cell_space *sp, size_t a, size_t b, double cut2, rc_pair_fn *fn,
                       void *context)
{
    for (int32_t p = cells->start[a]; p < cells->start[a + 1]; p++) {
        const double *x = cells->sorted + 3 * (size_t)p;
        for (int32_t q = a == b ? p + 1 : cells->start[b]; q < cells->start[b + 1]; q++) {
            const double *y = cells->sorted + 3 * (size_t)q;
            double r[3] = {0, 0, 0}, r2 = separation(sp, x, y, r);
            if (r2 < cut2) fn(context, cells->order[p], cells->order[q], r, r2);
        }
    }
}

/* Whether cells at and b (neighbours along every axis) may pair across the sheared boundary: a tilted box, and
 * along its gradient axis b one cell across the wrap (or the axis so short that any pair may be). */
static bool across_tilt(const rc_cell_space *sp, const int n[3], const int at[3], const int b[3])
{
    if (sp->tilt == 0) return false;
    int g = sp->gradient;
    return n[g] <= 2 || (at[g] == 0 && b[g] == n[g] - 1) || (at[g] == n[g] - 1 && b[g] == 0);
}

/* The pairs of cell a with cell b (at b_at), once per unordered pair of cells: when b >= a. */
static void visit(const rc_cells *cells, const rc_cell_space *sp, const int n[3], size_t a, const int b_at[3],
                  double cut2, rc_pair_fn *fn, void *context)
{
    size_t b = (size_t)b_at[0] + (size_t)n[0] * ((size_t)b_at[1] + (size_t)n[1] * (size_t)b_at[2]);
    if (b >= a) cell_pairs(cells, sp, a, b, cut2, fn, context);
}

/* The cell side that gives about one point a cell over the axes longer than it: an axis shorter than the side has one
 * cell, and the side is found again over the others, so the cells never outnumber the points (a box of 5 x 2e118
 * would otherwise make millions of cells along its long axis). An edge that is not finite makes the side infinite:
 * one cell, every pair tried. */
static double crowd_side(const rc_cell_space *sp, size_t count)
{
    bool one_cell[3] = {false, false, false};
    double side = 0;
    for (int round = 0; round < 3; round++) {
        double volume = 1;
        int axes = 0;
        for (int k = 0; k < sp->dimension; k++)
            if (!one_cell[k]) volume *= sp->box[k], axes++;
        if (axes == 0) break;
        side = pow(volume / ((double)count + 1.0), 1.0 / axes);
        for (int k = 0; k < sp->dimension; k++) one_cell[k] = one_cell[k] || sp->box[k] < side;
    }
    return side;
}

/* Room for need elements of size bytes in *array: grown in the heap, or mapped afresh when temporary. */
static bool reserve(const rc_cells *cells, void **array, size_t *capacity, size_t need, size_t size)
{
    if (!cells->temporary) return rc_reserve_quick(array, capacity, need, size) == RC_STATUS_OK;
    if (need <= *capacity) return true;
    if (*array) rc_free_temporary(*array, *capacity, size);
    *array = rc_alloc_temporary(need, size);
    *capacity = *array ? need : 0;
    return *array != NULL;
}

#define RESERVE(cells, array, capacity, need) reserve(cells, (void **)&(array), &(capacity), need, sizeof *(array))

rc_status rc_cells_pairs_within(rc_cells *cells, const rc_cell_space *sp, const double *positions, size_t count,
                                double cutoff, rc_pair_fn *fn, void *context)
{
    int n[3] = {1, 1, 1}, d = sp->dimension;
    double w[3] = {1, 1, 1};
    /* cells no narrower than the cutoff, and not many more of them than points */
    double wide = fmax(cutoff, crowd_side(sp, count));
    size_t total = 1;
    for (int k = 0; k < d; k++) {
        n[k] = sp->box[k] > 0 && isfinite(sp->box[k]) ? (int)fmax(1, fmin(1 << 20, floor(sp->box[k] / wide))) : 1;
        w[k] = n[k] > 1 ? sp->box[k] / n[k] : INFINITY;
        total *= (size_t)n[k];
    }
    if (!RESERVE(cells, cells->start, cells->start_capacity, total + 1) ||
        !RESERVE(cells, cells->order, cells->order_capacity, count + 1) ||
        !RESERVE(cells, cells->cell_of, cells->cell_capacity, count + 1) ||
        !RESERVE(cells, cells->sorted, cells->sorted_capacity, 3 * count + 1))
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the cell lists of %zu points", count);
    /* a counting sort by cell, so that each cell's points lie together in memory */
    memset(cells->start, 0, (total + 1) * sizeof *cells->start);
    for (size_t i = 0; i < count; i++) {
        size_t c = 0;
        for (int k = d - 1; k >= 0; k--)
            c = c * (size_t)n[k] + (size_t)cell_index(positions[3 * i + k], sp->box[k], w[k], n[k], sp->periodic[k]);
        cells->cell_of[i] = (int32_t)c;
        cells->start[c + 1]++;
    }
    for (size_t c = 0; c < total; c++) cells->start[c + 1] += cells->start[c];
    for (size_t i = 0; i < count; i++) {
        int32_t at = cells->start[cells->cell_of[i]]++;
        cells->order[at] = (int32_t)i;
        memcpy(cells->sorted + 3 * (size_t)at, positions + 3 * i, 3 * sizeof *cells->sorted);
    }
    for (size_t c = total; c > 0; c--) cells->start[c] = cells->start[c - 1];
    cells->start[0] = 0;
    /* each unordered pair of neighbouring cells once: b >= a */
    double cut2 = cutoff * cutoff;
    for (size_t a = 0; a < total; a++) {
        int at[3] = {0, 0, 0}, near[3][3] = {{0}, {0}, {0}}, found[3] = {1, 1, 1};
        for (int k = 0, c = (int)a; k < d; k++) at[k] = c % n[k], c /= n[k];
        for (int k = 0; k < d; k++) found[k] = neighbours_of(at[k], n[k], sp->periodic[k], near[k]);
        for (int x = 0; x < found[0]; x++)
            for (int y = 0; y < found[1]; y++)
                for (int z = 0; z < found[2]; z++) {
                    int b_at[3] = {near[0][x], near[1][y], near[2][z]}, index[3] = {x, y, z}, fl = sp->flow;
                    visit(cells, sp, n, a, b_at, cut2, fn, context);
                    /* across the sheared boundary the flow neighbours are shifted by the tilt: the far flow cells
                     * too, once (with the first near one) */
                    if (index[fl] == 0 && across_tilt(sp, n, at, b_at))
                        for (b_at[fl] = 0; b_at[fl] < n[fl]; b_at[fl]++)
                            if ((b_at[fl] - at[fl] + n[fl]) % n[fl] > 1 && (at[fl] - b_at[fl] + n[fl]) % n[fl] > 1)
                                visit(cells, sp, n, a, b_at, cut2, fn, context);
                }
    }
    return RC_STATUS_OK;
}

/* Gives an array back: to the system when temporary, else to the heap. */
static void give_back(const rc_cells *cells, void *array, size_t capacity, size_t size)
{
    if (cells->temporary) rc_free_temporary(array, capacity, size);
    else free(array);
}

void rc_cells_release(rc_cells *cells)
{
    give_back(cells, cells->start, cells->start_capacity, sizeof *cells->start);
    give_back(cells, cells->order, cells->order_capacity, sizeof *cells->order);
    give_back(cells, cells->cell_of, cells->cell_capacity, sizeof *cells->cell_of);
    give_back(cells, cells->sorted, cells->sorted_capacity, sizeof *cells->sorted);
    bool temporary = cells->temporary;
    memset(cells, 0, sizeof *cells);
    cells->temporary = temporary;
}
