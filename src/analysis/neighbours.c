/* SPDX-License-Identifier: MIT */
/* The neighbours of each particle for the order per particle (local_order.h): a list of unordered bonds, from pairs
 * nearer than a cutoff (through the cell lists of pairs.c) or from a tessellation (voronoi.c), sorted into one row
 * of bonds per particle (a counting sort), so that a particle's bonds lie together whatever found them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/local_order.h"
#include "analysis/pairs.h"
#include "core/grow.h"
#include "core/status.h"

rc_status rc_neighbours_add(rc_neighbours *n, int32_t i, int32_t j, const double d[3])
{
    if (n->bond_count + 1 > INT32_MAX || RC_GROW(n->bonds, n->bond_capacity, (int)n->bond_count + 1))
        return rc_fail(RC_STATUS_NO_MEMORY, "order: out of memory for the bonds");
    n->bonds[n->bond_count++] = (rc_bond){i, j, {d[0], d[1], d[2]}};
    return RC_STATUS_OK;
}

rc_status rc_neighbours_build(rc_neighbours *n, int32_t count)
{
    size_t bonds = 2 * n->bond_count;
    if (RC_RESERVE(n->start, n->start_capacity, (size_t)count + 2) || RC_RESERVE(n->to, n->to_capacity, bonds + 1) ||
        RC_RESERVE(n->d, n->d_capacity, 3 * bonds + 1))
        return RC_STATUS_NO_MEMORY;
    n->count = count;
    memset(n->start, 0, ((size_t)count + 2) * sizeof *n->start);
    for (size_t b = 0; b < n->bond_count; b++) n->start[n->bonds[b].i + 2]++, n->start[n->bonds[b].j + 2]++;
    for (int32_t i = 0; i < count; i++) n->start[i + 2] += n->start[i + 1];
    /* start[i + 1] is now where row i begins; filling moves it to where row i ends, which is where row i + 1 begins */
    for (size_t b = 0; b < n->bond_count; b++) {
        const rc_bond *e = &n->bonds[b];
        int32_t at = n->start[e->i + 1]++, back = n->start[e->j + 1]++;
        n->to[at] = e->j, n->to[back] = e->i;
        for (int k = 0; k < 3; k++) n->d[3 * at + k] = e->d[k], n->d[3 * back + k] = -e->d[k];
    }
    return RC_STATUS_OK;
}

void rc_neighbours_clear(rc_neighbours *n) { n->bond_count = 0; }

void rc_neighbours_release(rc_neighbours *n)
{
    free(n->bonds);
    free(n->start);
    free(n->to);
    free(n->d);
    memset(n, 0, sizeof *n);
}

typedef struct distance_context {
    rc_neighbours *n;
    rc_status status;
} distance_context;

static void add_pair(void *context, int32_t i, int32_t j, const double d[3], double r2)
{
    (void)r2;
    distance_context *c = context;
    if (!c->status) c->status = rc_neighbours_add(c->n, i, j, d);
}

rc_status rc_neighbours_by_distance(rc_neighbours *n, rc_cells *cells, const rc_frame *f, double cutoff)
{
    distance_context c = {n, RC_STATUS_OK};
    rc_neighbours_clear(n);
    rc_status s = rc_cells_pairs(cells, f, cutoff, add_pair, &c);
    if (!s) s = c.status;
    return s ? s : rc_neighbours_build(n, f->count);
}
