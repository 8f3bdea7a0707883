/* SPDX-License-Identifier: MIT */
/* The checks of an event-driven definition's initial state (rc_edmd_def_check; Bannerman et al. 2014, section 3:
 * the stable rule starts from a valid state): every particle finite (velocities within 2^40, as a checkpoint's), with
 * a positive radius and mass, no z in 2D, inside the box ([0, size) along periodic axes, a radius from the faces along
 * closed ones), on the free side of every wall, and no two particles overlapping beyond RC_EDMD_OVERLAP_TOLERANCE
 * (the cell list of core/cells.h, so that large lists stay fast). The engine and the scene reader run the same
 * checks; messages name "particle i" and "wall w", which a reader turns into its own terms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/cells.h"
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

/* The first overlapping pair (i, j), i < j, in the order of i then j, among the candidates the cell list hands out. */
typedef struct first_pair {
    const rc_edmd_def *def;
    int32_t i, j;
} first_pair;

static void keep_first(void *context, int32_t a, int32_t b, const double d[3], double r2)
{
    (void)d, (void)r2;
    first_pair *f = context;
    int32_t i = a < b ? a : b, j = a < b ? b : a;
    if ((f->i < 0 || i < f->i || (i == f->i && j < f->j)) && overlap(f->def, i, j)) f->i = i, f->j = j;
}

/* The first pair (i, j), i < j, found overlapping (*i = -1: none): the candidates are the pairs nearer than the
 * largest diameter (core/cells.h, under the shear offset), each decided by overlap(); the cell list's arrays are
 * mapped, not allocated: freed into the heap, they stayed resident under the engine's arrays. */
static rc_status find_pair(const rc_edmd_def *def, int32_t *i, int32_t *j)
{
    double largest = 0;
    for (int32_t k = 0; k < def->count; k++) largest = fmax(largest, 2 * def->radii[k]);
    const rc_edmd_shear *shear = &def->shear;
    rc_cell_space space = {def->dimension,
                           {def->box[0], def->box[1], def->box[2]},
                           {def->periodic[0], def->periodic[1], def->periodic[2]},
                           shear->on ? shear->offset : 0,
                           shear->flow,
                           shear->gradient};
    rc_cells cells = {.temporary = true};
    first_pair first = {def, -1, -1};
    rc_status s =
        rc_cells_pairs_within(&cells, &space, def->positions, (size_t)def->count, largest, keep_first, &first);
    rc_cells_release(&cells);
    if (s) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory checking the particles for overlaps");
    *i = first.i, *j = first.j;
    return RC_STATUS_OK;
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
