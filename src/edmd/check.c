/* SPDX-License-Identifier: MIT */
/* The checks of an event-driven definition's initial state (rc_edmd_def_check; Bannerman et al. 2014, section 3:
 * the stable rule starts from a valid state): every particle finite (velocities within 2^40, as a checkpoint's), with
 * a positive radius and mass, no z in 2D, inside the box ([0, size) along periodic axes, a radius from the faces along
 * closed ones), on the free side of every wall, and no two particles overlapping beyond RC_EDMD_OVERLAP_TOLERANCE (a cell grid, so that large lists stay
 * fast). The engine and the scene reader run the same checks; messages name "particle i" and "wall w", which a reader
 * turns into its own terms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/check.h"
#include "edmd/engine.h"

static bool finite3(const double *v) { return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]); }

static rc_status check_particle(const rc_edmd_def *d, int32_t k)
{
    const double *x = d->positions + 3 * k, *v = d->velocities + 3 * k;
    double r = d->radii[k], m = d->masses[k];
    if (!finite3(x)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d.position: not finite", (int)k);
    if (!finite3(v)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d.velocity: not finite", (int)k);
    char name[48]; /* a checkpoint takes back no faster one (state.c); 1e308 gave NaN positions */
    snprintf(name, sizeof name, "particle %d.velocity", (int)k);
    rc_status s = rc_range_check(name, v, 3);
    if (s) return s;
    if (!(r > 0) || !isfinite(r))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d.radius: %g is not positive", (int)k, r);
    if (!(m > 0) || !isfinite(m))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d.mass: %g is not positive", (int)k, m);
    if (d->dimension == 2 && (x[2] != 0 || v[2] != 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d: nonzero z component in 2D", (int)k);
    return RC_STATUS_OK;
}

static rc_status check_box(const rc_edmd_def *def, int32_t i)
{
    const double *x = def->positions + 3 * i;
    double r = def->radii[i];
    for (int k = 0; k < def->dimension; k++) {
        double edge = def->box[k];
        if (def->periodic[k]) {
            if (!(x[k] >= 0 && x[k] < edge))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "particle %d.position: outside the box: entry %d is %g, not in "
                               "[0, %g) (a periodic axis; wrap the coordinate into the box)",
                               (int)i, k, x[k], edge);
        } else if (!(x[k] >= r && x[k] <= edge - r)) {
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "particle %d.position: outside the box: entry %d is %g, not in "
                           "[%g, %g] (radius %g from the closed faces at 0 and %g)",
                           (int)i, k, x[k], r, edge - r, r, edge);
        }
    }
    return RC_STATUS_OK;
}

static rc_status check_walls(const rc_edmd_def *def, int32_t i)
{
    const double *x = def->positions + 3 * i;
    for (int32_t w = 0; w < def->wall_count; w++) {
        const double *n = def->walls[w].normal;
        double norm = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), gap = 0;
        if (!(norm > 0) || !isfinite(norm)) continue; /* the engine refuses such a wall by itself */
        for (int k = 0; k < def->dimension; k++) gap += n[k] / norm * (x[k] - def->walls[w].point[k]);
        const rc_wall_oscillation *o = &def->walls[w].oscillation;
        gap -= def->radii[i] + o->amplitude * sin(o->phase); /* a moving wall where it stands at time 0 */
        if (gap < 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "particle %d overlaps wall %d or lies behind it: its surface is %g "
                           "from the wall's free side",
                           (int)i, (int)w, gap);
    }
    return RC_STATUS_OK;
}

/* A cell grid over the box with cells at least one largest diameter wide and about one particle each. */
typedef struct grid {
    int n[3];
    int32_t *head, *next;
} grid;

static int cell_of(const rc_edmd_def *def, const grid *g, const double *x, int k)
{
    int c = (int)(x[k] / def->box[k] * g->n[k]);
    return c < 0 ? 0 : c >= g->n[k] ? g->n[k] - 1 : c;
}

static rc_status grid_build(const rc_edmd_def *def, grid *g)
{
    double largest = 0, side = 0;
    for (int32_t i = 0; i < def->count; i++) largest = fmax(largest, 2 * def->radii[i]);
    /* the side that gives about one particle a cell over the axes longer than it: an axis shorter than the side has
     * one cell, and the side is found again over the others, so the cells never outnumber the particles (a box of
     * 5 x 2e118 made 3e58 cells along its long axis) */
    bool one_cell[3] = {false, false, false};
    for (int round = 0; round < 3; round++) {
        double volume = 1;
        int axes = 0;
        for (int k = 0; k < def->dimension; k++)
            if (!one_cell[k]) volume *= def->box[k], axes++;
        if (axes == 0) break;
        side = pow(volume / def->count, 1.0 / axes);
        for (int k = 0; k < def->dimension; k++) one_cell[k] = one_cell[k] || def->box[k] < side;
    }
    side = fmax(largest, side);
    size_t cells = 1;
    for (int k = 0; k < 3; k++) {
        double n = k < def->dimension ? floor(def->box[k] / side) : 1;
        g->n[k] = n < 1 ? 1 : (int)n;
        cells *= (size_t)g->n[k];
    }
    /* mapped, not allocated: freed into the heap, the 8 bytes per particle stayed resident under the engine's arrays */
    g->head = rc_alloc_temporary(cells, sizeof *g->head);
    g->next = rc_alloc_temporary((size_t)def->count, sizeof *g->next);
    if (!g->head || !g->next) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory checking the particles for overlaps");
    for (size_t c = 0; c < cells; c++) g->head[c] = -1;
    for (int32_t i = def->count - 1; i >= 0; i--) {
        const double *x = def->positions + 3 * i;
        size_t c = ((size_t)cell_of(def, g, x, 2) * g->n[1] + cell_of(def, g, x, 1)) * g->n[0] + cell_of(def, g, x, 0);
        g->next[i] = g->head[c];
        g->head[c] = i;
    }
    return RC_STATUS_OK;
}

/* The distinct cells next to cell c along axis k (itself included); returns how many. */
static int neighbours(const rc_edmd_def *def, const grid *g, int k, int c, int out[3])
{
    int m = 0;
    for (int offset = -1; offset <= 1; offset++) {
        int n = c + offset;
        if (def->periodic[k]) n = (n + g->n[k]) % g->n[k];
        else if (n < 0 || n >= g->n[k]) continue;
        bool seen = false;
        for (int j = 0; j < m; j++) seen = seen || out[j] == n;
        if (!seen) out[m++] = n;
    }
    return m;
}

/* Under a shear offset delta (box.shear.offset) the image across the gradient boundary is also moved by delta along
 * flow: the gradient axis's minimum image is taken first. */
static bool overlap(const rc_edmd_def *def, int32_t i, int32_t j)
{
    double sum = 0, sigma = def->radii[i] + def->radii[j], dx[3];
    for (int k = 0; k < def->dimension; k++) dx[k] = def->positions[3 * i + k] - def->positions[3 * j + k];
    const rc_edmd_shear *shear = &def->shear;
    if (shear->on && shear->offset != 0) {
        double m = round(dx[shear->gradient] / def->box[shear->gradient]);
        dx[shear->gradient] -= m * def->box[shear->gradient], dx[shear->flow] -= m * shear->offset;
    }
    for (int k = 0; k < def->dimension; k++) {
        if (def->periodic[k]) dx[k] -= def->box[k] * round(dx[k] / def->box[k]);
        sum += dx[k] * dx[k];
    }
    double allowed = sigma * (1 - RC_EDMD_OVERLAP_TOLERANCE);
    return sum < allowed * allowed;
}

/* The lowest j > i that overlaps particle i, or -1. */
static int32_t first_overlap(const rc_edmd_def *def, const grid *g, int32_t i)
{
    const double *x = def->positions + 3 * i;
    int near[3][3], m[3], at[3];
    for (int k = 0; k < 3; k++) m[k] = neighbours(def, g, k, at[k] = cell_of(def, g, x, k), near[k]);
    /* under a shear offset the cells across the gradient boundary are shifted along flow: from a cell on that
     * boundary, every flow cell */
    const rc_edmd_shear *shear = &def->shear;
    int every = shear->on && shear->offset != 0 &&
                        (at[shear->gradient] == 0 || at[shear->gradient] == g->n[shear->gradient] - 1)
                    ? shear->flow
                    : -1;
    if (every >= 0) m[every] = g->n[every];
    int32_t found = -1;
    for (int a = 0; a < m[2]; a++)
        for (int b = 0; b < m[1]; b++)
            for (int c = 0; c < m[0]; c++) {
                int z = every == 2 ? a : near[2][a], y = every == 1 ? b : near[1][b], w = every == 0 ? c : near[0][c];
                size_t cell = ((size_t)z * g->n[1] + y) * g->n[0] + w;
                for (int32_t j = g->head[cell]; j >= 0; j = g->next[j])
                    if (j > i && (found < 0 || j < found) && overlap(def, i, j)) found = j;
            }
    return found;
}

/* The first pair (i, j), i < j, found overlapping (*i = -1: none). */
static rc_status find_pair(const rc_edmd_def *def, int32_t *i, int32_t *j)
{
    grid g = {{1, 1, 1}, NULL, NULL};
    rc_status s = grid_build(def, &g);
    *i = -1;
    for (int32_t k = 0; k < def->count && !s && *i < 0; k++)
        if ((*j = first_overlap(def, &g, k)) >= 0) *i = k;
    rc_free_temporary(g.head, (size_t)g.n[0] * g.n[1] * g.n[2], sizeof *g.head);
    rc_free_temporary(g.next, (size_t)def->count, sizeof *g.next);
    return s;
}

rc_status rc_edmd_find_overlap(const rc_edmd_def *def, bool *overlaps)
{
    int32_t i, j;
    rc_status s = find_pair(def, &i, &j);
    *overlaps = i >= 0;
    return s;
}

static rc_status check_pairs(const rc_edmd_def *def)
{
    int32_t i, j;
    rc_status s = find_pair(def, &i, &j);
    if (!s && i >= 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "particle %d overlaps particle %d: the radii sum to %g, more than "
                    "the distance between the centres",
                    (int)i, (int)j, def->radii[i] + def->radii[j]);
    return s;
}

rc_status rc_edmd_def_check(const rc_edmd_def *def)
{
    if (!def || (def->count > 0 && (!def->positions || !def->velocities || !def->radii || !def->masses)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_def_check: NULL definition or arrays");
    if (def->dimension != 2 && def->dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %d is not 2 or 3", def->dimension);
    rc_status s = RC_STATUS_OK;
    for (int32_t i = 0; i < def->count && !s; i++) s = check_particle(def, i);
    for (int32_t i = 0; i < def->count && !s; i++) s = check_box(def, i);
    for (int32_t i = 0; i < def->count && !s; i++) s = check_walls(def, i);
    return s || def->count == 0 ? s : check_pairs(def);
}
