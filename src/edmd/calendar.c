/* SPDX-License-Identifier: MIT */
/* The event calendar (docs/design.md, "Queue"): a heap for the current bucket, buckets of entry blocks for the near future
 * and an overflow, recalibrated each time the buckets are used up. Entries are dropped lazily (calendar.h): filing
 * touches the bucket's newest block only, never the particle's old entry. */
#include <math.h>
#include <stdlib.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/calendar.h"

/* Target number of live events per bucket when it becomes current. */
#define EVENTS_PER_BUCKET 16.0
/* Particles below which a round of buckets spans the live events four times, and from which it spans them once,
 * instead of twice (rc_calendar_create). */
#define SMALL_CALENDAR 16384
#define LARGE_CALENDAR 131072
/* The heap's first capacity (entries); it doubles when full. */
#define HEAP_START 256

/* The blocks' pool, on small pages: blocks are taken from a watermark, so only the pages up to it are ever touched; on
 * huge pages the last one touched would be resident whole (2 MiB: 6 bytes per particle at N = 256,000). */
static rc_calendar_block *new_pool(size_t capacity) { return aligned_alloc(64, capacity * sizeof(rc_calendar_block)); }

rc_status rc_calendar_create(rc_calendar *c, int32_t n, const double *key, size_t stride)
{
    *c = (rc_calendar){
        .n = n, .key = (const char *)key, .stride = stride, .width = 1, .free_block = -1, .current_end = 1};
    /* a round of buckets spans twice the live events, and from LARGE_CALENDAR particles once: each bucket keeps a
     * partly filled block, so half the buckets hold 2.8 fewer bytes per particle (N = 256,000, packing fraction
     * 0.45); at N = 32,000 they cost 1.1 % more instructions and the same last-level misses, at N = 4,000 1.1 % more
     * instructions, where the memory does not count (bench/RESULTS.md); below SMALL_CALENDAR four times:
     * about half as many events wait in the overflow to be filed again at the next round, 0.5 % fewer instructions at
     * N = 4,000 for at most 150 kB more (bench/RESULTS.md, branch edcal) */
    double span = n >= LARGE_CALENDAR ? 1 : n >= SMALL_CALENDAR ? 2 : 4;
    int32_t buckets = 16;
    while (buckets < n / EVENTS_PER_BUCKET * span && buckets < (1 << 24)) buckets <<= 1;
    c->bucket_count = buckets;
    c->overflow_at = buckets;
    size_t m = n > 0 ? (size_t)n : 1;
    c->version = rc_alloc_large(m, sizeof *c->version);
    c->bucket = rc_alloc_large((size_t)buckets + 1, sizeof *c->bucket);
    c->heap_capacity = HEAP_START;
    c->heap = rc_alloc_temporary(HEAP_START, sizeof *c->heap);
    /* room for every particle's entry and as many dropped ones, and a partly filled block per bucket */
    c->block_capacity = (int32_t)(2 * m / RC_CALENDAR_BLOCK) + buckets + 1;
    c->block = new_pool((size_t)c->block_capacity);
    if (!c->version || !c->bucket || !c->heap || !c->block) {
        rc_calendar_destroy(c);
        return rc_fail(RC_STATUS_NO_MEMORY, "event calendar: out of memory for %d particles", (int)n);
    }
    for (size_t i = 0; i < m; i++) c->version[i] = 0;
    return RC_STATUS_OK;
}

void rc_calendar_destroy(rc_calendar *c)
{
    free(c->version);
    free(c->bucket);
    rc_free_temporary(c->heap, (size_t)c->heap_capacity, sizeof *c->heap);
    free(c->block);
    c->version = NULL;
    c->bucket = NULL;
    c->heap = NULL;
    c->block = NULL;
}

static inline double key(const rc_calendar *c, int32_t i) { return *(const double *)(c->key + (size_t)i * c->stride); }

/* ---- the heap of the current bucket ---- */

static inline bool earlier(const rc_calendar_entry *a, const rc_calendar_entry *b)
{
    return a->time < b->time || (a->time == b->time && a->particle < b->particle);
}

/* The heap moved to storage of capacity entries (at least heap_size), mapped from the system and given back to it:
 * grown by realloc in the allocator's heap, the heap of the first filing (every particle, 16 bytes each) left up to
 * 6 bytes per particle of freed chunks resident between the engine's arrays. False when out of memory. */
static bool resize_heap(rc_calendar *c, int32_t capacity)
{
    rc_calendar_entry *moved = rc_alloc_temporary((size_t)capacity, sizeof *moved);
    if (!moved) return false;
    for (int32_t k = 0; k < c->heap_size; k++) moved[k] = c->heap[k];
    rc_free_temporary(c->heap, (size_t)c->heap_capacity, sizeof *c->heap);
    c->heap = moved;
    c->heap_capacity = capacity;
    return true;
}

static void heap_push(rc_calendar *c, double time, int32_t i)
{
    if (c->heap_size == c->heap_capacity && !resize_heap(c, 2 * c->heap_capacity)) {
        c->failed = true;
        return;
    }
    rc_calendar_entry e = {time, i, c->version[i]};
    int32_t pos = c->heap_size++;
    while (pos > 0) {
        int32_t parent = (pos - 1) >> 1;
        if (!earlier(&e, &c->heap[parent])) break;
        c->heap[pos] = c->heap[parent];
        pos = parent;
    }
    c->heap[pos] = e;
}

static void heap_pop(rc_calendar *c)
{
    rc_calendar_entry last = c->heap[--c->heap_size];
    int32_t pos = 0, size = c->heap_size;
    for (;;) {
        int32_t child = 2 * pos + 1;
        if (child >= size) break;
        /* the earlier child as a select: which of the two is earlier is data that no predictor learns (the entry
         * past the end, read when the right child is missing, is memory of the heap and not taken) */
        const rc_calendar_entry *left = &c->heap[child], *right = left + 1;
        child += (child + 1 < size) &
                 ((right->time < left->time) | ((right->time == left->time) & (right->particle < left->particle)));
        if (!earlier(&c->heap[child], &last)) break;
        c->heap[pos] = c->heap[child];
        pos = child;
    }
    c->heap[pos] = last;
}

/* ---- buckets (the overflow is bucket bucket_count) and the pool of blocks ---- */

static void clear_buckets(rc_calendar *c)
{
    for (int32_t b = 0; b <= c->bucket_count; b++) c->bucket[b] = (rc_calendar_bucket){-1, RC_CALENDAR_BLOCK};
}

static void release_block(rc_calendar *c, int32_t b)
{
    c->block[b].next = c->free_block;
    c->free_block = b;
}

/* A free block: a freed one, else a fresh one, the pool grown by half when none is left; -1 when it cannot grow. */
static int32_t take_block(rc_calendar *c)
{
    if (c->free_block >= 0) {
        int32_t b = c->free_block;
        c->free_block = c->block[b].next;
        return b;
    }
    if (c->fresh == c->block_capacity) {
        int32_t capacity = c->block_capacity + c->block_capacity / 2 + 16;
        rc_calendar_block *grown = new_pool((size_t)capacity);
        if (!grown) return -1;
        for (int32_t b = 0; b < c->fresh; b++) grown[b] = c->block[b];
        free(c->block);
        c->block = grown;
        c->block_capacity = capacity;
    }
    return c->fresh++;
}

static void append(rc_calendar *c, int32_t bucket, int32_t i)
{
    rc_calendar_bucket *into = &c->bucket[bucket];
    if (into->fill == RC_CALENDAR_BLOCK) {
        int32_t b = take_block(c);
        if (b < 0) {
            c->failed = true;
            return;
        }
        c->block[b].next = into->block;
        *into = (rc_calendar_bucket){b, 0};
    }
    rc_calendar_block *block = &c->block[into->block];
    block->particle[into->fill] = i;
    block->version[into->fill++] = c->version[i];
}

/* Files particle i's live entry by its key. */
static void insert(rc_calendar *c, int32_t i)
{
    double t = key(c, i);
    if (t == INFINITY) return;
    double b = (t - c->base) * c->inverse_width;
    if (b < c->current_end) heap_push(c, t, i);
    else append(c, b < c->overflow_at ? (int32_t)b : c->bucket_count, i);
}

void rc_calendar_update(rc_calendar *c, int32_t i)
{
    c->version[i]++;
    insert(c, i);
}

/* Takes bucket b's chain of blocks out (the bucket left empty) and files each live entry again, by its key: into the
 * heap for the current bucket, or into the new round's buckets for the overflow. A stale entry whose version has
 * come round again (after 256 re-filings) is filed by the particle's key too: a duplicate of its live entry, dropped
 * with it at its next re-filing. The keys of a block are asked for together before they are read. */
static void refile_bucket(rc_calendar *c, int32_t b)
{
    int32_t block = c->bucket[b].block, fill = c->bucket[b].fill;
    c->bucket[b] = (rc_calendar_bucket){-1, RC_CALENDAR_BLOCK};
    while (block >= 0) {
        const rc_calendar_block *from = &c->block[block];
        int32_t live[RC_CALENDAR_BLOCK], count = 0, next = from->next;
        for (int32_t m = 0; m < fill; m++) {
            int32_t i = from->particle[m];
            if (from->version[m] != c->version[i]) continue;
            __builtin_prefetch(c->key + (size_t)i * c->stride);
            live[count++] = i;
        }
        release_block(c, block); /* before filing, which may take it or move the pool */
        for (int32_t m = 0; m < count; m++) insert(c, live[m]);
        block = next;
        fill = RC_CALENDAR_BLOCK;
    }
}

/* Starts a new round of buckets at base. */
static void start_round(rc_calendar *c, double base)
{
    c->base = base;
    c->inverse_width = 1 / c->width;
    c->current = 0;
    c->current_end = 1;
}

void rc_calendar_rebuild(rc_calendar *c, double now)
{
    /* width: EVENTS_PER_BUCKET over the rate at which the earliest half of the keys arrive */
    double sum = 0;
    int32_t finite = 0;
    for (int32_t i = 0; i < c->n; i++)
        if (key(c, i) < INFINITY) {
            sum += key(c, i) > now ? key(c, i) - now : 0;
            finite++;
        }
    double mean = finite > 0 ? sum / finite : 1;
    c->width = mean > 0 ? EVENTS_PER_BUCKET * mean / (finite > 0 ? finite : 1) : 1;
    if (!(c->width > 0) || !isfinite(c->width)) c->width = 1;
    c->popped = 0;
    c->round_start = now;
    c->heap_size = 0;
    /* a calendar filed with no width yet held everything in its heap: give it back */
    if (c->heap_capacity > HEAP_START) (void)resize_heap(c, HEAP_START);
    c->free_block = -1;
    c->fresh = 0;
    clear_buckets(c);
    start_round(c, now);
    for (int32_t i = 0; i < c->n; i++) insert(c, i);
}

/* The earliest live key in bucket b, or INFINITY. */
static double earliest_key(const rc_calendar *c, int32_t b)
{
    double earliest = INFINITY;
    int32_t fill = c->bucket[b].fill;
    for (int32_t block = c->bucket[b].block; block >= 0; block = c->block[block].next, fill = RC_CALENDAR_BLOCK)
        for (int32_t m = 0; m < fill; m++) {
            int32_t i = c->block[block].particle[m];
            if (c->block[block].version[m] == c->version[i] && key(c, i) < earliest) earliest = key(c, i);
        }
    return earliest;
}

/* The buckets are used up: recalibrate the width from the events popped in this round, then refile the overflow. */
static void next_round(rc_calendar *c)
{
    double end = c->base + c->bucket_count * c->width;
    double span = end - c->round_start;
    if (c->popped > 16 && span > 0) c->width = EVENTS_PER_BUCKET * span / (double)c->popped;
    c->popped = 0;
    c->round_start = end;
    /* skip empty stretches of time: start at the earliest overflow key when it lies beyond the next round */
    double earliest = earliest_key(c, c->bucket_count);
    start_round(c, earliest > end + c->bucket_count * c->width ? earliest : end);
    refile_bucket(c, c->bucket_count);
}

int32_t rc_calendar_peek(rc_calendar *c)
{
    for (;;) {
        while (c->heap_size > 0) {
            const rc_calendar_entry *top = &c->heap[0];
            int32_t i = top->particle;
            /* live, and not a stale entry whose version came round again */
            if ((uint8_t)top->version == c->version[i] && key(c, i) == top->time) return i;
            heap_pop(c);
        }
        if (c->current + 1 >= c->bucket_count) {
            if (c->bucket[c->bucket_count].block < 0) return -1;
            next_round(c);
        } else {
            c->current_end = ++c->current + 1;
        }
        refile_bucket(c, c->current);
    }
}

int32_t rc_calendar_top(rc_calendar *c)
{
    int32_t i = rc_calendar_peek(c);
    c->popped += i >= 0;
    return i;
}

void rc_calendar_hold(rc_calendar *c)
{
    c->heap_size = 0;
    if (c->heap_capacity > HEAP_START) (void)resize_heap(c, HEAP_START);
    c->free_block = -1;
    c->fresh = 0;
    clear_buckets(c);
    start_round(c, -INFINITY); /* every finite key is then beyond the round: the overflow's blocks take it */
}
