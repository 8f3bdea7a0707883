/* SPDX-License-Identifier: MIT */
/* The event calendar (docs/design.md, "Queue"): one live entry per particle, keyed by its pending event time. A binary heap
 * holds the current bucket, unsorted buckets of entry blocks hold the near future, an overflow holds the far future.
 * Re-filing a particle never looks for its old entry: it bumps the particle's version and files a new entry, and an
 * entry whose version is not the particle's is dropped when its bucket is reached. Ties are broken by particle
 * index, so the order is deterministic. No allocation per event: the blocks' pool only grows to its high-water mark. */
#ifndef RC_EDMD_CALENDAR_H
#define RC_EDMD_CALENDAR_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"

/* Entries per block: a block is one 64-byte cache line. */
#define RC_CALENDAR_BLOCK 12

/* Entries of one bucket, the bucket's newest block first. */
typedef struct rc_calendar_block {
    int32_t particle[RC_CALENDAR_BLOCK];
    uint8_t version[RC_CALENDAR_BLOCK];
    int32_t next; /* the bucket's next (older, full) block, or -1; in the pool, the next free block */
} rc_calendar_block;

/* A bucket: its newest block and how many entries that block holds. */
typedef struct rc_calendar_bucket {
    int32_t block, fill;
} rc_calendar_bucket;

/* An entry of the current bucket's heap. */
typedef struct rc_calendar_entry {
    double time;
    int32_t particle;
    uint32_t version;
} rc_calendar_entry;

typedef struct rc_calendar {
    int32_t n;
    const char *key; /* the event time of particle i is the double at key + i * stride (owned by the engine) */
    size_t stride;
    uint8_t *version;           /* per particle: an entry is live when its version is the particle's */
    rc_calendar_bucket *bucket; /* bucket_count buckets, then the overflow */
    rc_calendar_block *block;   /* the pool: blocks from fresh on were never used (their pages never touched) */
    int32_t block_capacity, fresh, free_block;
    rc_calendar_entry *heap;
    int32_t heap_size, heap_capacity;
    int32_t bucket_count, current;
    double current_end, overflow_at; /* current + 1 and bucket_count as doubles, for filing by a key's bucket */
    double base, width, inverse_width;
    bool failed; /* the pool or the heap could not grow: entries were lost (rc_calendar_failed) */
    /* calibration of the width: events popped since the last round */
    uint64_t popped;
    double round_start;
} rc_calendar;

/* key points at particle 0's event time; the others follow every stride bytes. */
rc_status rc_calendar_create(rc_calendar *c, int32_t n, const double *key, size_t stride);
void rc_calendar_destroy(rc_calendar *c);
/* Rebuilds the calendar from every key, starting at time now, choosing the bucket width from the spread of keys. */
void rc_calendar_rebuild(rc_calendar *c, double now);
/* Empties the calendar for a scheduling of every particle that ends with rc_calendar_rebuild: until then every entry
 * goes to the overflow's blocks (5.3 bytes each, in the pool the rebuild reuses), where the first filing of a fresh
 * calendar put nearly all of them in its heap (16 bytes each, doubled by copies: 24 bytes per particle at the peak). */
void rc_calendar_hold(rc_calendar *c);
/* Re-files particle i after its key changed (or was set again: filing an unchanged key is harmless). */
void rc_calendar_update(rc_calendar *c, int32_t i);
/* The particle with the earliest key (ties: the lowest index), or -1 when every key is infinite. It stays filed until
 * it is re-filed. */
int32_t rc_calendar_top(rc_calendar *c);
/* Drops particle i's entry until i is re-filed, so that rc_calendar_peek shows the particle after it. */
static inline void rc_calendar_take(rc_calendar *c, int32_t i) { c->version[i]++; }
/* The same without counting it as taken (the width's calibration counts the events taken). */
int32_t rc_calendar_peek(rc_calendar *c);
/* Whether the calendar ran out of memory (it then no longer holds every particle). */
static inline bool rc_calendar_failed(const rc_calendar *c) { return c->failed; }

#endif
