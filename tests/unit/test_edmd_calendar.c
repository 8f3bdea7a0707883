/* SPDX-License-Identifier: MIT */
/* The event calendar (src/edmd/calendar.c; docs/design.md, "Queue") against a brute-force oracle: after every change the
 * calendar's top must be the particle with the earliest key, ties to the lowest index, exactly as a linear search
 * over all keys finds it. The keys are driven the way the engine drives them, and harder:
 * - the top particle's key moves on by a random delay: often tiny, sometimes zero (events at the same instant),
 *   sometimes far beyond the buckets (the overflow), sometimes never (INFINITY);
 * - other particles are re-filed at random (stale events, partners), some with an unchanged key;
 * - one particle is re-filed 300 times in a row, so that its one-byte version comes round again while stale entries
 *   of it still wait in the buckets;
 * - every particle is re-filed 30 times without any event taken, which grows the pool of blocks well past its first
 *   size, and a burst files 3,000 keys into the current bucket, which grows its heap;
 * - the calendar is rebuilt from the keys now and then, as the engine does at a renewal;
 * - a new round files the overflow again while the pool is full (under AddressSanitizer, a block read after the pool
 *   moved would show).
 * Keys live in records of 24 bytes, so the stride is exercised too. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "edmd/calendar.h"

enum { N = 3000, STEPS = 200000 };

typedef struct record {
    double time;
    int64_t pad[2];
} record;

static record keys[N];
static uint64_t state = 88172645463325252ull;

static double uniform(void)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return (double)(state >> 11) * 0x1p-53;
}

static int32_t pick(void) { return (int32_t)(uniform() * N); }

/* A delay as the engine's events have them: mostly about 1/N, now and then 0, far or never. */
static double delay(void)
{
    double u = uniform();
    if (u < 0.05) return 0;
    if (u < 0.06) return 1e3 * uniform();
    if (u < 0.065) return INFINITY;
    return -log1p(-uniform()) * 2.0 / N;
}

static int32_t oracle(void)
{
    int32_t best = -1;
    for (int32_t i = 0; i < N; i++)
        if (keys[i].time < INFINITY && (best < 0 || keys[i].time < keys[best].time)) best = i;
    return best;
}

static int mismatches;

static void expect_top(rc_calendar *c, const char *when, long step)
{
    int32_t got = rc_calendar_top(c), want = oracle();
    if (got != want && mismatches++ < 5)
        CHECK(got == want, "%s, step %ld: top %d (key %.17g), the earliest is %d (key %.17g)", when, step, (int)got,
              got >= 0 ? keys[got].time : NAN, (int)want, want >= 0 ? keys[want].time : NAN);
}

/* A new round files the overflow again while the pool is full: the pool grows in the middle of the refiling. All
 * keys sit in the overflow, and the overflow's newest block holds live entries when the last free block is used. */
static void test_growth_while_refiling(void)
{
    enum { M = 64 };
    record few[M] = {{0}};
    rc_calendar c;
    CHECK(rc_calendar_create(&c, M, &few[0].time, sizeof few[0]) == RC_STATUS_OK, "create");
    rc_calendar_rebuild(&c, 0); /* every key 0: all in the heap, no block used, and buckets one time unit wide */
    double far = 1e3;
    int32_t i = 0;
    do {
        few[i].time = far += 1;
        rc_calendar_update(&c, i);
        i = (i + 1) % M;
    } while (!(c.free_block < 0 && c.fresh == c.block_capacity && c.bucket[c.bucket_count].fill == RC_CALENDAR_BLOCK));
    int32_t want = 0;
    for (int32_t j = 1; j < M; j++)
        if (few[j].time < few[want].time) want = j;
    int32_t full = c.block_capacity, got = rc_calendar_top(&c);
    CHECK(got == want, "after the refiling: top %d, the earliest is %d", (int)got, (int)want);
    CHECK(c.block_capacity > full, "the pool grew while refiling (%d blocks, was %d)", (int)c.block_capacity,
          (int)full);
    CHECK(!rc_calendar_failed(&c), "the calendar never ran out of memory");
    rc_calendar_destroy(&c);
}

int main(void)
{
    test_growth_while_refiling();
    rc_calendar c;
    CHECK(rc_calendar_create(&c, N, &keys[0].time, sizeof keys[0]) == RC_STATUS_OK, "create");
    for (int32_t i = 0; i < N; i++) keys[i].time = uniform() < 0.02 ? INFINITY : floor(uniform() * 100) / 100;
    rc_calendar_rebuild(&c, 0);
    double now = 0;
    long taken = 0;
    for (long step = 0; step < STEPS; step++) {
        expect_top(&c, "event", step);
        int32_t k = rc_calendar_top(&c);
        if (k < 0) break;
        CHECK(rc_calendar_top(&c) == k, "a top that is not re-filed stays the top");
        now = keys[k].time;
        taken++;
        keys[k].time = now + delay();
        rc_calendar_update(&c, k);
        for (int m = (int)(uniform() * 3); m > 0; m--) { /* partners, stale events, unchanged keys */
            int32_t j = pick();
            if (uniform() < 0.7) keys[j].time = now + delay();
            rc_calendar_update(&c, j);
        }
        if (step % 20011 == 0) { /* one particle re-filed 300 times: its version comes round */
            int32_t j = pick();
            double last = keys[j].time;
            for (int r = 0; r < 300; r++) {
                keys[j].time = now + delay();
                rc_calendar_update(&c, j);
            }
            keys[j].time = last < INFINITY ? last : now;
            rc_calendar_update(&c, j);
        }
        if (step == STEPS / 3) { /* 30 re-filings of everybody: the pool grows */
            for (int r = 0; r < 30; r++)
                for (int32_t i = 0; i < N; i++) {
                    keys[i].time = now + 10 * uniform();
                    rc_calendar_update(&c, i);
                }
        }
        if (step == STEPS / 2) { /* a burst into the current bucket: the heap grows */
            for (int32_t i = 0; i < N; i++) {
                keys[i].time = now + 1e-12 * (i % 7);
                rc_calendar_update(&c, i);
            }
        }
        if (step % 50021 == 50020) rc_calendar_rebuild(&c, now);
    }
    expect_top(&c, "end", STEPS);
    CHECK(taken > STEPS / 2, "events taken: %ld", taken);
    CHECK(!rc_calendar_failed(&c), "the calendar never ran out of memory");
    CHECK(c.block_capacity > (int32_t)(2 * N / RC_CALENDAR_BLOCK) + c.bucket_count + 1,
          "the pool grew (capacity %d blocks)", (int)c.block_capacity);
    CHECK(mismatches == 0, "%d tops differ from the oracle", mismatches);
    printf("calendar: %ld events taken, pool %d blocks, heap capacity %d\n", taken, (int)c.block_capacity,
           (int)c.heap_capacity);
    rc_calendar_destroy(&c);
    return check_finish();
}
