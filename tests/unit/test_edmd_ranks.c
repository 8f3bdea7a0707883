/* SPDX-License-Identifier: MIT */
/* One engine over several ranks through the public API, without MPI (rc_edmd_set_ranks, rc_edmd_ranks, the table of
 * ricochet/ranks.h; docs/edmd.md, "Ranks"): the ranks are threads of this process, each with its own engine, and the
 * table's exchange a barrier and a copy. So the library's part runs under AddressSanitizer here (mpirun's part is
 * tests/cli/ranks_determinism.py).
 * - Refused, naming "ranks": a count above the domains (4,000 disks cut into 13, with the most it can use), a rank
 *   outside the count, a table without an exchange. 1 rank has no note, and rc_edmd_ranks says 1.
 * - Threads asked in the definition give way to the ranks, with the note saying so.
 * - Every rank's trajectory is the 1-process trajectory, to the bit, with the same counts and books: 4,000 disks on
 *   2 and 3 ranks after 20,000 collisions advanced in four chunks, and 4,000 spheres with a thermostat on 2 ranks
 *   (its kicks run between batches on every rank, drawn in the serial order). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "edmd_check.h"
#include "ricochet/ricochet.h"

enum { N = 4000, MOST = 4 };

/* Spheres (disks) at packing fraction 0.45, shell 0.5, on `threads` threads. */
static rc_edmd *make(int dimension, int32_t threads, double thermostat_rate)
{
    rc_edmd *e = edmd_check_lattice(dimension, N, threads, thermostat_rate);
    CHECK(e, "made: %s", rc_error_get());
    return e;
}

/* The ranks of this process: what each puts in, met at a barrier. A rank that waits 10 s breaks it (the ranks went
 * apart: one makes more exchanges than another), and every wait fails from then on, so that a broken exchange fails
 * the test rather than hanging it. */
typedef struct hub {
    pthread_mutex_t lock;
    pthread_cond_t moved;
    int32_t count, waiting;
    uint64_t round;
    bool broken;
    const void *mine[MOST];
    size_t size[MOST];
} hub;

typedef struct member {
    hub *hub;
    int32_t rank;
    rc_edmd *engine;
    rc_status status;
} member;

static bool meet(hub *h)
{
    pthread_mutex_lock(&h->lock);
    uint64_t round = h->round;
    if (++h->waiting == h->count) {
        h->waiting = 0, h->round++;
        pthread_cond_broadcast(&h->moved);
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 10;
    while (!h->broken && h->round == round)
        if (pthread_cond_timedwait(&h->moved, &h->lock, &until) != 0) h->broken = true;
    bool fine = !h->broken;
    pthread_cond_broadcast(&h->moved);
    pthread_mutex_unlock(&h->lock);
    return fine;
}

static rc_status gather(void *context, const void *mine, size_t size, void **all, size_t *capacity, size_t *sizes)
{
    member *me = context;
    hub *h = me->hub;
    h->mine[me->rank] = mine, h->size[me->rank] = size;
    if (!meet(h)) return RC_STATUS_INTERNAL; /* every rank's bytes are in, or the ranks went apart */
    size_t total = 0;
    for (int32_t q = 0; q < h->count; q++) sizes[q] = h->size[q], total += h->size[q];
    if (total > *capacity) {
        void *more = realloc(*all, total);
        if (!more) return RC_STATUS_NO_MEMORY;
        *all = more, *capacity = total;
    }
    unsigned char *out = *all;
    for (int32_t q = 0; q < h->count; q++) memcpy(out, h->mine[q], h->size[q]), out += h->size[q];
    return meet(h) ? RC_STATUS_OK : RC_STATUS_INTERNAL; /* every rank has read them: each may reuse its own */
}

static void *advance_rank(void *arg)
{
    member *me = arg;
    for (uint64_t collisions = 5000; collisions <= 20000 && !me->status; collisions += 5000) {
        rc_edmd_limits limits = {INFINITY, collisions, 0};
        me->status = rc_edmd_advance(me->engine, &limits);
    }
    if (!me->status && !meet(me->hub)) me->status = RC_STATUS_INTERNAL; /* no rank still waits for an exchange */
    return NULL;
}

static void same_bits(int dimension, int32_t count, double thermostat_rate)
{
    rc_edmd *one = make(dimension, 1, thermostat_rate);
    for (uint64_t collisions = 5000; collisions <= 20000; collisions += 5000) {
        rc_edmd_limits limits = {INFINITY, collisions, 0};
        CHECK(rc_edmd_advance(one, &limits) == RC_STATUS_OK, "one process to %d collisions", (int)collisions);
    }
    hub h = {.lock = PTHREAD_MUTEX_INITIALIZER, .moved = PTHREAD_COND_INITIALIZER, .count = count};
    member members[MOST];
    pthread_t threads[MOST];
    for (int32_t q = 0; q < count; q++) {
        members[q] = (member){.hub = &h, .rank = q, .engine = make(dimension, 1, thermostat_rate)};
        rc_ranks ranks = {.rank = q, .count = count, .context = &members[q], .allgather = gather};
        CHECK(rc_edmd_set_ranks(members[q].engine, &ranks) == RC_STATUS_OK, "rank %d of %d: %s", (int)q, (int)count,
              rc_error_get());
        CHECK(rc_edmd_ranks(members[q].engine) == count, "rc_edmd_ranks says %d", (int)count);
    }
    for (int32_t q = 0; q < count; q++) pthread_create(&threads[q], NULL, advance_rank, &members[q]);
    for (int32_t q = 0; q < count; q++) pthread_join(threads[q], NULL);
    for (int32_t q = 0; q < count; q++) {
        CHECK(members[q].status == RC_STATUS_OK, "rank %d advanced", (int)q);
        CHECK(edmd_check_same(one, members[q].engine), "%dD, rank %d of %d: the bits of one process", dimension, (int)q,
              (int)count);
        rc_edmd_destroy(members[q].engine);
    }
    rc_edmd_destroy(one);
}

static rc_status never(void *context, const void *mine, size_t size, void **all, size_t *capacity, size_t *sizes)
{
    (void)context, (void)mine, (void)size, (void)all, (void)capacity, (void)sizes;
    return RC_STATUS_INTERNAL;
}

static void refusals(void)
{
    rc_edmd *e = make(2, 1, 0);
    CHECK(rc_edmd_domains(e) == 13, "4,000 disks: 13 slabs");
    rc_ranks many = {0, 14, NULL, never};
    CHECK(rc_edmd_set_ranks(e, &many) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "use at most 13"),
          "14 ranks refused, naming the most: %s", rc_error_get());
    const struct {
        rc_ranks ranks;
        const char *message;
    } bad[] = {
        {{0, 14, NULL, never}, "ranks: 14 asked, but this system cuts into 13 slabs"},
        {{2, 2, NULL, never}, "ranks: rank 2 of 2"},
        {{-1, 2, NULL, never}, "ranks: rank -1 of 2"},
        {{0, 0, NULL, never}, "ranks: rank 0 of 0"},
        {{0, 2, NULL, NULL}, "or no exchange given"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        CHECK(rc_edmd_set_ranks(e, &bad[k].ranks) == RC_STATUS_INVALID_ARGUMENT &&
                  strstr(rc_error_get(), bad[k].message),
              "refused with \"%s\": %s", bad[k].message, rc_error_get());
    rc_ranks alone = {0, 1, NULL, never};
    const char *note = "unset";
    CHECK(rc_edmd_set_ranks(e, &alone) == RC_STATUS_OK && rc_edmd_ranks(e) == 1 && rc_edmd_threads(e, &note) == 1 &&
              note == NULL,
          "1 rank: no note");
    rc_edmd_destroy(e);
    e = make(2, 2, 0);
    rc_ranks two = {0, 2, NULL, never};
    CHECK(rc_edmd_set_ranks(e, &two) == RC_STATUS_OK && rc_edmd_ranks(e) == 2 && rc_edmd_threads(e, &note) == 1 &&
              note && strstr(note, "the ranks replace the threads asked"),
          "2 threads asked give way to 2 ranks: %s", note ? note : "(no note)");
    rc_edmd_destroy(e);
}

int main(void)
{
    refusals();
    same_bits(2, 2, 0);
    same_bits(2, 3, 0);
    same_bits(3, 2, 1.0);
    return check_finish();
}
