/* SPDX-License-Identifier: MIT */
/* The broad phase of the time-stepped engine (docs/design.md, "The time-stepped engine": a broad phase that scales): a
 * uniform grid hashed into 2n buckets. Each body sits in the cell of its centre; cells are as wide as the largest
 * reach (bounding radius plus margin plus the distance it may travel in a step) doubled, so a body's partners are in
 * the 3^d cells around it. Bodies are counting-sorted by bucket; each body looks at the distinct buckets of its
 * neighbour cells and keeps the later bodies whose bounding spheres come within reach. Linear in the number of
 * bodies for piles of similar bodies; pairs come out in a fixed order (by first body, then bucket). Pairs of two
 * sleeping bodies are skipped (sleep.c): a sleeping body is paired only from the side of an awake one, and each pair
 * is given lower index first.
 *
 * This is not the cell list of core/cells.h: the bodies live in an unbounded space (hashed buckets, not a box of
 * cells), each pair is kept by its own reach (the sum of two bounding spheres, not one cutoff), sleeping pairs are
 * skipped before any distance, and the contact order that the solver and the golden hashes depend on follows this
 * order of pairs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/memory.h"
#include "rigid/engine.h"

static uint64_t bucket_of(const int64_t *cell, uint64_t mask)
{
    uint64_t h = (uint64_t)cell[0] * 73856093u ^ (uint64_t)cell[1] * 19349663u ^ (uint64_t)cell[2] * 83492791u;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9u;
    return (h ^ (h >> 32)) & mask;
}

static void cell_at(const double *x, double size, int d, int64_t *cell)
{
    for (int i = 0; i < 3; i++) {
        double c = i < d ? floor(x[i] / size) : 0;
        cell[i] = isfinite(c) && fabs(c) < 1e15 ? (int64_t)c : 0;
    }
}

static rc_status sort_by_bucket(rc_rigid *e, rc_rigid_broad *b, double size, uint64_t buckets)
{
    rc_status s = RC_RESERVE(b->cell_start, b->cell_capacity, buckets + 1);
    if (!s) s = RC_RESERVE(b->sorted, b->body_capacity, (size_t)e->n);
    if (!s) s = RC_RESERVE(b->cell_of, b->cell_of_capacity, (size_t)e->n);
    if (s) return s;
    memset(b->cell_start, 0, (buckets + 1) * sizeof *b->cell_start);
    for (int32_t i = 0; i < e->n; i++) {
        int64_t cell[3];
        cell_at(e->x + 3 * i, size, e->d, cell);
        b->cell_of[i] = (int32_t)bucket_of(cell, buckets - 1);
        b->cell_start[b->cell_of[i] + 1]++;
    }
    for (uint64_t k = 0; k < buckets; k++) b->cell_start[k + 1] += b->cell_start[k];
    for (int32_t i = 0; i < e->n; i++) b->sorted[b->cell_start[b->cell_of[i]]++] = i;
    for (uint64_t k = buckets; k > 0; k--) b->cell_start[k] = b->cell_start[k - 1];
    b->cell_start[0] = 0;
    return RC_STATUS_OK;
}

/* The distinct buckets of the cells around body i's cell, in a fixed order; returns their count. */
static int neighbour_buckets(const rc_rigid *e, int32_t i, double size, uint64_t mask, uint64_t *out)
{
    int64_t cell[3], around[3], count = 0;
    cell_at(e->x + 3 * i, size, e->d, cell);
    int span = e->d == 3 ? 1 : 0;
    for (int dz = -span; dz <= span; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                around[0] = cell[0] + dx, around[1] = cell[1] + dy, around[2] = cell[2] + dz;
                uint64_t k = bucket_of(around, mask);
                bool seen = false;
                for (int j = 0; j < count && !seen; j++) seen = out[j] == k;
                if (!seen) out[count++] = k;
            }
    return (int)count;
}

rc_status rc_rigid_broad_pairs(rc_rigid *e, const double *reach)
{
    rc_rigid_broad *b = &e->broad;
    b->pair_count = 0;
    if (e->n < 2) return RC_STATUS_OK;
    double most = 0;
    for (int32_t i = 0; i < e->n; i++) most = fmax(most, reach[i]);
    double size = 2 * most;
    uint64_t buckets = 1;
    while (buckets < 2 * (uint64_t)e->n) buckets <<= 1;
    rc_status s = sort_by_bucket(e, b, size, buckets);
    for (int32_t i = 0; i < e->n && !s; i++) {
        if (e->asleep[i] >= 0) continue; /* its pairs with awake bodies come from their side */
        uint64_t near[27];
        int count = neighbour_buckets(e, i, size, buckets - 1, near);
        for (int k = 0; k < count && !s; k++)
            for (int32_t t = b->cell_start[near[k]]; t < b->cell_start[near[k] + 1] && !s; t++) {
                int32_t j = b->sorted[t];
                if (j == i || (j < i && e->asleep[j] < 0)) continue;
                double r2 = 0, limit = reach[i] + reach[j];
                for (int c = 0; c < 3; c++)
                    r2 += (e->x[3 * i + c] - e->x[3 * j + c]) * (e->x[3 * i + c] - e->x[3 * j + c]);
                if (r2 > limit * limit) continue;
                if (!(s = RC_GROW(b->pairs, b->pair_capacity, b->pair_count + 1)))
                    b->pairs[b->pair_count][0] = i < j ? i : j, b->pairs[b->pair_count++][1] = i < j ? j : i;
            }
    }
    return s;
}

void rc_rigid_broad_free(rc_rigid_broad *b)
{
    RC_FREE_ALL(b->cell_start, b->sorted, b->cell_of, b->pairs);
    memset(b, 0, sizeof *b);
}
