/* SPDX-License-Identifier: MIT */
/* The neighbour lists' storage (src/edmd/lists.c): rows of a fixed capacity, and the spill for longer lists (Bannerman
 * et al. 2014 use neighbour lists with a shell; the storage is ricochet's own). White-box (src/edmd/engine.h).
 *
 * Oracles:
 * - What a list holds: particle j is in k's list exactly when their anchors are closer than sigma_kj + 2 shell (the
 *   minimum image; brute force over all pairs), each once, and the lists are symmetric. Checked after the start from
 *   FCC, where a short shell (0.6 at packing fraction 0.30: rows of 11, 12 lattice neighbours) sends every list to the
 *   spill at once, and after thousands of rebuilds.
 * - Where a list is kept never changes what it holds or the trajectory: an engine whose rows hold 2 entries (every
 *   list spilled, the spill rows widened as lists grow past them) runs to the same bits as the same engine with its
 *   own rows (4-byte entries at this size), and so does one whose entries are 3 bytes wide (as from 131,072
 *   particles), and one of rows of 2 and 3-byte entries on 2 threads, where shell events rewrite lists on both
 *   threads at once, undo them (src/edmd/journal.c), take spill rows from each thread's stock and, when the rows
 *   must widen, run alone (docs/edmd.md, "Parallel").
 * - An entry reads back what was written, for slots across all three bytes (and four), beside its neighbours. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "edmd/neighbours.h"
#include "edmd/schedule.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

enum { COUNT = 2048 };

static rc_edmd *make_gas(double packing_fraction, double shell, int32_t threads, double *x, double *v, double *r,
                         double *m)
{
    rc_edmd_def d = rc_edmd_default_def();
    d.count = COUNT;
    d.shell = shell;
    d.threads = threads;
    for (int32_t i = 0; i < COUNT; i++) r[i] = 0.5, m[i] = 1;
    rc_status s = rc_box_scale_to_packing_fraction(3, COUNT, r, packing_fraction, d.box);
    if (s == RC_STATUS_OK) s = rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, COUNT, r, 1, x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, COUNT, m, 1.0, 1, v);
    d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    rc_edmd *e = NULL;
    if (s == RC_STATUS_OK) s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "gas at %g with shell %g: %s", packing_fraction, shell, rc_error_get());
    return e;
}

/* Every list against the brute-force pairs; returns how many lists are in the spill. */
static int32_t check_lists(const rc_edmd *e, const char *when)
{
    int32_t spilled = 0, wrong = 0;
    char *in = calloc(COUNT, 1);
    for (int32_t k = 0; k < COUNT && in; k++) {
        const uint8_t *list = rc_edmd_list(e, k);
        int32_t length = rc_edmd_list_length(e, k);
        spilled += length > e->neighbour_capacity;
        for (int32_t m = 0; m < length; m++) {
            int32_t j = rc_edmd_neighbour(e, list, m);
            wrong += j < 0 || j >= COUNT || j == k || in[j]; /* out of range, itself or twice */
            if (j >= 0 && j < COUNT) in[j] = 1;
        }
        for (int32_t j = 0; j < COUNT; j++) {
            if (j == k) continue;
            double d[3];
            for (int a = 0; a < 3; a++) d[a] = e->anchor[k].x[a] - e->anchor[j].x[a];
            rc_edmd_minimum_image(e, d);
            double reach = e->kin[k].radius + e->kin[j].radius + 2 * e->shell;
            bool near = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] < reach * reach;
            wrong += near != (in[j] != 0);
            in[j] = 0;
        }
    }
    free(in);
    CHECK(wrong == 0, "%s: %d list entries differ from the pairs within reach of the anchors", when, (int)wrong);
    return spilled;
}

static void test_contents(void)
{
    double *x = malloc(3 * COUNT * sizeof *x), *v = malloc(3 * COUNT * sizeof *v);
    double *r = malloc(COUNT * sizeof *r), *m = malloc(COUNT * sizeof *m);
    rc_edmd *e = make_gas(0.30, 0.6, 1, x, v, r, m);
    if (e) {
        int32_t spilled = check_lists(e, "from fcc");
        CHECK(spilled == COUNT, "from fcc with rows of %d: %d of %d lists spilled (12 lattice neighbours each)",
              (int)e->neighbour_capacity, (int)spilled, COUNT);
        rc_edmd_limits limits = {INFINITY, 20 * COUNT, 0};
        rc_edmd_advance(e, &limits);
        spilled = check_lists(e, "after 20 collisions per particle");
        CHECK(e->rebuilds > 10 * COUNT, "rebuilds: %llu", (unsigned long long)e->rebuilds);
        CHECK(spilled > 0 && spilled < COUNT / 2, "after the run: %d lists spilled (rows of %d)", (int)spilled,
              (int)e->neighbour_capacity);
        printf("lists: rows of %d, spill rows of %d (%d used of %d); %d lists in the spill after %llu rebuilds\n",
               (int)e->neighbour_capacity, (int)e->spill_capacity, (int)e->spill_fresh, (int)e->spill_rows,
               (int)spilled, (unsigned long long)e->rebuilds);
    }
    rc_edmd_destroy(e);
    free(x), free(v), free(r), free(m);
}

/* Rows of `capacity` (0: the engine's own) with entries `width` bytes wide (0: the engine's choice), the lists built
 * again at the engine's start. */
static void restart_lists(rc_edmd *e, int32_t capacity, int32_t width)
{
    if (!e) return;
    int32_t own = e->neighbour_capacity;
    rc_edmd_lists_destroy(e);
    rc_status s = rc_edmd_lists_create(e, capacity > 0 ? capacity : own, width);
    if (s == RC_STATUS_OK) s = rc_edmd_neighbours_build_all(e);
    if (s == RC_STATUS_OK) s = rc_edmd_schedule_all(e);
    CHECK(s == RC_STATUS_OK, "lists in rows of %d: %s", (int)capacity, rc_error_get());
}

static void test_storage_keeps_bits(void)
{
    double *x = malloc(3 * COUNT * sizeof *x), *v = malloc(3 * COUNT * sizeof *v);
    double *r = malloc(COUNT * sizeof *r), *m = malloc(COUNT * sizeof *m);
    rc_edmd *own = make_gas(0.30, 0, 1, x, v, r, m), *tiny = make_gas(0.30, 0, 1, x, v, r, m);
    rc_edmd *narrow = make_gas(0.30, 0, 1, x, v, r, m), *threaded = make_gas(0.30, 0, 2, x, v, r, m);
    restart_lists(own, 0, 0);
    restart_lists(tiny, 2, 0);
    restart_lists(narrow, 0, 3);
    restart_lists(threaded, 2, 3);
    if (own && tiny && narrow && threaded) {
        int32_t first = tiny->spill_capacity;
        rc_edmd_limits limits = {INFINITY, 30 * COUNT, 0};
        rc_edmd_advance(own, &limits);
        rc_edmd_advance(tiny, &limits);
        rc_edmd_advance(narrow, &limits);
        rc_status s = rc_edmd_advance(threaded, &limits);
        CHECK(s == RC_STATUS_OK && rc_edmd_threads(threaded, NULL) == 2, "rows of 2 on 2 threads: %s, %d threads",
              s == RC_STATUS_OK ? "ran" : rc_error_get(), (int)rc_edmd_threads(threaded, NULL));
        CHECK(threaded->spill_capacity > 12, "rows of 2 on 2 threads: the spill rows were widened (%d entries)",
              (int)threaded->spill_capacity);
        check_lists(threaded, "rows of 2 on 2 threads");
        CHECK(memcmp(own->kin, threaded->kin, COUNT * sizeof *own->kin) == 0 && own->now == threaded->now &&
                  own->collisions == threaded->collisions && own->rebuilds == threaded->rebuilds &&
                  own->events == threaded->events,
              "rows of 2 on 2 threads: different trajectories after %llu collisions (%llu rebuilds, %llu there)",
              (unsigned long long)own->collisions, (unsigned long long)own->rebuilds,
              (unsigned long long)threaded->rebuilds);
        CHECK(own->entry_width == 4 && narrow->entry_width == 3, "entries of %d and %d bytes", (int)own->entry_width,
              (int)narrow->entry_width);
        check_lists(narrow, "entries of 3 bytes");
        CHECK(memcmp(own->kin, narrow->kin, COUNT * sizeof *own->kin) == 0 && own->now == narrow->now &&
                  own->collisions == narrow->collisions && own->rebuilds == narrow->rebuilds,
              "entries of 3 and 4 bytes: different trajectories after %llu collisions",
              (unsigned long long)own->collisions);
        CHECK(tiny->spill_capacity > first && tiny->spill_capacity > 12,
              "rows of 2: the spill rows were widened (%d entries, were %d)", (int)tiny->spill_capacity, (int)first);
        check_lists(tiny, "rows of 2");
        CHECK(memcmp(own->kin, tiny->kin, COUNT * sizeof *own->kin) == 0 && own->now == tiny->now &&
                  own->collisions == tiny->collisions && own->rebuilds == tiny->rebuilds,
              "rows of 2 and of %d: different trajectories after %llu collisions", (int)own->neighbour_capacity,
              (unsigned long long)own->collisions);
        printf("lists: rows of 2 (spill rows widened to %d) and of %d: the same bits after %llu collisions\n",
               (int)tiny->spill_capacity, (int)own->neighbour_capacity, (unsigned long long)own->collisions);
    }
    rc_edmd_destroy(own);
    rc_edmd_destroy(tiny);
    rc_edmd_destroy(narrow);
    rc_edmd_destroy(threaded);
    free(x), free(v), free(r), free(m);
}

/* Slots across every byte written as entries of 3 and 4 bytes, each between two others, read back unchanged. */
static void test_entries(void)
{
    const int32_t slots[] = {0, 1, 255, 256, 65535, 65536, 0x123456, (1 << 24) - 1, (1 << 24), 0x7fffffff};
    enum { SLOTS = sizeof slots / sizeof slots[0] };
    uint8_t row[4 * SLOTS + RC_LIST_PAD];
    int32_t wrong = 0;
    for (int32_t width = 3; width <= 4; width++) {
        memset(row, 0xa5, sizeof row);
        int32_t usable = width == 3 ? 8 : SLOTS; /* a 3-byte entry holds slots below 2^24 */
        for (int32_t m = 0; m < usable; m++) rc_edmd_entry_set(row, m, slots[m], width);
        for (int32_t m = usable - 1; m >= 0; m -= 2) rc_edmd_entry_set(row, m, slots[m], width); /* again, reversed */
        for (int32_t m = 0; m < usable; m++) wrong += rc_edmd_entry(row, m, width) != slots[m];
        wrong += row[usable * width] != 0xa5; /* nothing written past the last entry */
    }
    CHECK(wrong == 0, "entries: %d slots read back wrong", (int)wrong);
}

int main(void)
{
    test_entries();
    test_contents();
    test_storage_keeps_bits();
    return check_finish();
}
