/* Renewal (DESIGN.md, "Queue"): now and then every particle is streamed to the present, the clock's origin moves to
 * the present (so that clocks, and with them the rounding of event times, stay as small as at the start of a run),
 * and the particles are renumbered along a Morton (Z-order) curve over a cell grid, so that neighbours in space sit
 * near each other in memory. Every list, anchor and event is then rebuilt from scratch. */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/engine.h"

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

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->slot < y->slot ? -1 : x->slot > y->slot;
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
}

rc_status rc_edmd_reorder(rc_edmd *e)
{
    int32_t n = e->n;
    if (n == 0) return rc_edmd_schedule_all(e);
    e->next_reorder = e->collisions + (uint64_t)(e->reorder_interval * n + 1);
    keyed *order = malloc((size_t)n * sizeof *order);
    uint8_t *scratch = malloc((size_t)n);
    if (!order || !scratch) {
        free(order);
        free(scratch);
        return rc_fail(RC_NO_MEMORY, "reordering: out of memory for %d particles", (int)n);
    }
    rebase_clock(e);
    for (int32_t k = 0; k < n; k++) {
        uint64_t key = 0;
        for (int a = 0; a < 3; a++) {
            double x = e->kin[k].x[a] / e->cell_size[a];
            uint64_t c = x < 0 ? 0 : (uint64_t)x;
            key |= spread3(c) << a;
        }
        order[k] = (keyed){key, k};
    }
    qsort(order, (size_t)n, sizeof *order, by_key);
    permute(e->kin, sizeof *e->kin, order, n, scratch);
    permute(e->mass, sizeof *e->mass, order, n, scratch);
    if (e->species) permute(e->species, sizeof *e->species, order, n, scratch);
    permute(e->id, sizeof *e->id, order, n, scratch);
    permute(e->image, 3 * sizeof *e->image, order, n, scratch);
    permute(e->counter, sizeof *e->counter, order, n, scratch);
    if (e->last_collision) permute(e->last_collision, sizeof *e->last_collision, order, n, scratch);
    if (e->hold) permute(e->hold, sizeof *e->hold, order, n, scratch);
    free(order);
    free(scratch);
    rc_status s = rc_edmd_neighbours_build_all(e);
    return s == RC_OK ? rc_edmd_schedule_all(e) : s;
}
