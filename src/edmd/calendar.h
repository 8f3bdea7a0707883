/* The event calendar (DESIGN.md, "Queue"): one entry per particle, keyed by its pending event time. A binary heap holds
 * the current bucket, unsorted doubly linked buckets hold the near future, an overflow list holds the far future. All
 * arrays are allocated once: no allocation per event. Ties are broken by particle index, so the order is
 * deterministic. */
#ifndef RC_EDMD_CALENDAR_H
#define RC_EDMD_CALENDAR_H

#include <stdint.h>

#include "ricochet/core.h"

/* A particle's place, in one record: filing it or taking it out reads one cache line, not three. */
typedef struct rc_calendar_node {
    int32_t where;      /* bucket index >= 0, or one of RC_CALENDAR_HEAP, _OVERFLOW, _NONE */
    int32_t next, prev; /* bucket and overflow lists; in the heap, prev is the heap position */
} rc_calendar_node;

typedef struct rc_calendar {
    int32_t n;
    const char *key;    /* the event time of particle i is the double at key + i * stride (owned by the engine) */
    size_t stride;
    rc_calendar_node *node;
    int32_t *head;      /* bucket_count list heads, then the overflow head */
    int32_t *heap;
    int32_t heap_size;
    int32_t bucket_count, current;
    double base, width, inverse_width;
    /* calibration of the width: events popped since the last round */
    uint64_t popped;
    double round_start;
} rc_calendar;

enum { RC_CALENDAR_HEAP = -1, RC_CALENDAR_OVERFLOW = -2, RC_CALENDAR_NONE = -3 };

/* key points at particle 0's event time; the others follow every stride bytes. */
rc_status rc_calendar_create(rc_calendar *c, int32_t n, const double *key, size_t stride);
void rc_calendar_destroy(rc_calendar *c);
/* Rebuilds the calendar from every key, starting at time now, choosing the bucket width from the spread of keys. */
void rc_calendar_rebuild(rc_calendar *c, double now);
/* Re-files particle i after its key changed. */
void rc_calendar_update(rc_calendar *c, int32_t i);
/* The particle with the earliest key (ties: the lowest index), or -1 when every key is infinite. */
int32_t rc_calendar_top(rc_calendar *c);

#endif
