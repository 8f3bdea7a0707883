/* SPDX-License-Identifier: MIT */
/* Renewal (docs/design.md, "Queue"): now and then every particle is streamed to the present, the clock's origin moves to
 * the present (so that clocks, and with them the rounding of event times, stay as small as at the start of a run),
 * and the particles are renumbered along a Morton (Z-order) curve over a cell grid, so that neighbours in space sit
 * near each other in memory. Every list, anchor and event is then rebuilt from scratch. */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/reorder.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/steps.h"
#include "edmd/transport.h"

/* Spreads the low 21 bits of x to every third bit. */
static uint64_t spread3(uint64_t x)
{
    x &= 0x1fffff;
    x = (x | x << 32) & 0x1f00000000ffffULL;
    x = (x | x << 16) & 0x1f0000ff0000ffULL;
    x = (x | x << 8) & 0x100f00f00f00f00fULL;
    x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
    x = (x | x << 2) & 0x1249249249249249ULL;
    return x;
}

typedef struct keyed {
    uint64_t key;
    int32_t slot;
} keyed;

/* Sorts by key, ties in slot order (the slots are in order on entry): a stable radix sort, RADIX_BITS a pass, through
 * tmp. (qsort allocated a buffer as large from the heap, which kept it resident after every renewal.) */
#define RADIX_BITS 11
static void sort_by_key(keyed *order, keyed *tmp, int32_t n)
{
    uint64_t top = 0, mask = (1u << RADIX_BITS) - 1;
    for (int32_t k = 0; k < n; k++) top |= order[k].key;
    for (int shift = 0; shift < 64 && top >> shift; shift += RADIX_BITS) {
        size_t start[(1 << RADIX_BITS) + 1] = {0};
        for (int32_t k = 0; k < n; k++) start[((order[k].key >> shift) & mask) + 1]++;
        for (size_t d = 0; d < mask + 1; d++) start[d + 1] += start[d];
        for (int32_t k = 0; k < n; k++) tmp[start[(order[k].key >> shift) & mask]++] = order[k];
        memcpy(order, tmp, (size_t)n * sizeof *order);
    }
}

/* Applies the permutation (new slot s holds old slot order[s].slot) in place to one array of `size`-byte elements,
 * following its cycles; `done` marks finished slots. No copy of the array is made. */
static void permute(void *array, size_t size, const keyed *order, int32_t n, uint8_t *done)
{
    char *a = array, held[64];
    if (n <= 0) return;
    memset(done, 0, (size_t)n);
    for (int32_t start = 0; start < n; start++) {
        if (done[start]) continue;
        memcpy(held, a + (size_t)start * size, size);
        int32_t s = start;
        for (;;) {
            done[s] = 1;
            int32_t from = order[s].slot;
            if (from == start) {
                memcpy(a + (size_t)s * size, held, size);
                break;
            }
            memcpy(a + (size_t)s * size, a + (size_t)from * size, size);
            s = from;
        }
    }
}

/* Streams every particle to now and makes now the origin of time. */
static void rebase_clock(rc_edmd *e)
{
    rc_edmd_integrate_kinetic(e);
    double shift = e->now;
    if (e->growth) rc_edmd_growth_rebase(e, shift);
    for (int32_t k = 0; k < e->n; k++) {
        rc_edmd_stream(e, k, shift);
        e->kin[k].t = 0;
    }
    for (int32_t k = 0; e->last_collision && k < e->n; k++) e->last_collision[k] -= shift;
    e->stall_clock -= shift;
    e->time_origin += shift;
    e->now = 0;
    e->kinetic_time = 0;
    e->next_thermostat -= shift;
    e->next_renewal -= shift;
    if (e->shear_on) rc_edmd_shear_rebase(e, shift);
    if (e->transport_on) rc_edmd_transport_rebase(e, shift);
}

/* The keys and the sort's buffer (2n keyed) live in the anchors and the marks of finished slots (n bytes) in the
 * neighbour rows: both are rebuilt from scratch after the renumbering (rc_edmd_neighbours_build_all), so a renewal
 * needs no memory of its own (a mapped temporary of 33 bytes per particle was the peak of a run). */
_Static_assert(2 * sizeof(keyed) == sizeof(rc_anchor), "two keys fill an anchor");

rc_status rc_edmd_reorder(rc_edmd *e)
{
    int32_t n = e->n;
    if (n == 0) return rc_edmd_schedule_all(e);
    e->next_reorder = e->collisions + (uint64_t)(e->reorder_interval * n + 1);
    rebase_clock(e);
    keyed *order = (keyed *)(void *)e->anchor;
    uint8_t *scratch = e->neighbours; /* at least one entry (3 bytes or more) per particle */
    for (int32_t k = 0; k < n; k++) {
        uint64_t key = 0;
        for (int a = 0; a < 3; a++) {
            double x = e->kin[k].x[a] / e->cell_size[a];
            uint64_t c = x < 0 ? 0 : (uint64_t)x;
            key |= spread3(c) << a;
        }
        order[k] = (keyed){key, k};
    }
    sort_by_key(order, order + n, n);
    permute(e->kin, sizeof *e->kin, order, n, scratch);
    if (e->mass) permute(e->mass, sizeof *e->mass, order, n, scratch);
    if (e->spin) permute(e->spin, (size_t)e->spin_stride * sizeof *e->spin, order, n, scratch);
    if (e->spin) permute(e->inertia, sizeof *e->inertia, order, n, scratch);
    if (e->fixed) permute(e->fixed, sizeof *e->fixed, order, n, scratch);
    if (e->species) permute(e->species, sizeof *e->species, order, n, scratch);
    permute(e->id, sizeof *e->id, order, n, scratch);
    permute(e->image, 3 * sizeof *e->image, order, n, scratch);
    permute(e->counter, sizeof *e->counter, order, n, scratch);
    if (e->last_collision) permute(e->last_collision, sizeof *e->last_collision, order, n, scratch);
    if (e->last_hit) permute(e->last_hit, sizeof *e->last_hit, order, n, scratch); /* partners by id: unchanged */
    if (e->hold) permute(e->hold, sizeof *e->hold, order, n, scratch);
    rc_status s = e->growth ? rc_edmd_growth_resize(e) : RC_STATUS_OK;
    if (s == RC_STATUS_OK) s = rc_edmd_neighbours_build_all(e);
    if (s == RC_STATUS_OK && e->steps) rc_edmd_steps_renew(e);
    return s == RC_STATUS_OK ? rc_edmd_schedule_all(e) : s;
}
