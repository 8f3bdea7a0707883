/* The event calendar (DESIGN.md, "Queue"): a heap for the current bucket, linked buckets for the near future and an
 * overflow list, recalibrated each time the buckets are used up. */
#include <math.h>
#include <stdlib.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/calendar.h"

/* Target number of events per bucket when it becomes current. */
#define EVENTS_PER_BUCKET 2.0

rc_status rc_calendar_create(rc_calendar *c, int32_t n, const double *key, size_t stride)
{
    c->n = n;
    c->key = (const char *)key;
    c->stride = stride;
    int32_t buckets = 16;
    while (buckets < n && buckets < (1 << 26)) buckets <<= 1;
    c->bucket_count = buckets;
    size_t m = n > 0 ? (size_t)n : 1;
    c->node = rc_alloc_large(m, sizeof *c->node);
    c->heap = rc_alloc_large(m, sizeof *c->heap);
    c->head = rc_alloc_large((size_t)buckets + 1, sizeof *c->head);
    if (!c->node || !c->heap || !c->head) {
        rc_calendar_destroy(c);
        return rc_fail(RC_NO_MEMORY, "event calendar: out of memory for %d particles", (int)n);
    }
    c->width = 1;
    return RC_OK;
}

void rc_calendar_destroy(rc_calendar *c)
{
    free(c->node);
    free(c->heap);
    free(c->head);
    c->node = NULL;
    c->heap = c->head = NULL;
}

static inline double key(const rc_calendar *c, int32_t i)
{
    return *(const double *)(c->key + (size_t)i * c->stride);
}

/* ---- the heap of the current bucket ---- */

static inline int earlier(const rc_calendar *c, int32_t a, int32_t b)
{
    double ka = key(c, a), kb = key(c, b);
    return ka < kb || (ka == kb && a < b);
}

static inline void heap_place(rc_calendar *c, int32_t pos, int32_t i)
{
    c->heap[pos] = i;
    c->node[i].prev = pos;
}

static void sift_up(rc_calendar *c, int32_t pos)
{
    int32_t i = c->heap[pos];
    while (pos > 0) {
        int32_t parent = (pos - 1) >> 1;
        if (!earlier(c, i, c->heap[parent])) break;
        heap_place(c, pos, c->heap[parent]);
        pos = parent;
    }
    heap_place(c, pos, i);
}

static void sift_down(rc_calendar *c, int32_t pos)
{
    int32_t i = c->heap[pos], size = c->heap_size;
    for (;;) {
        int32_t child = 2 * pos + 1;
        if (child >= size) break;
        if (child + 1 < size && earlier(c, c->heap[child + 1], c->heap[child])) child++;
        if (!earlier(c, c->heap[child], i)) break;
        heap_place(c, pos, c->heap[child]);
        pos = child;
    }
    heap_place(c, pos, i);
}

static void heap_push(rc_calendar *c, int32_t i)
{
    c->node[i].where = RC_CALENDAR_HEAP;
    heap_place(c, c->heap_size++, i);
    sift_up(c, c->heap_size - 1);
}

static void heap_remove(rc_calendar *c, int32_t i)
{
    int32_t pos = c->node[i].prev;
    int32_t last = c->heap[--c->heap_size];
    if (last == i) return;
    heap_place(c, pos, last);
    sift_up(c, pos);
    sift_down(c, c->node[last].prev);
}

/* ---- buckets and the overflow list (list index bucket_count) ---- */

static void list_push(rc_calendar *c, int32_t list, int32_t i)
{
    c->node[i].where = list == c->bucket_count ? RC_CALENDAR_OVERFLOW : list;
    int32_t h = c->head[list];
    c->node[i].next = h;
    c->node[i].prev = -1;
    if (h >= 0) c->node[h].prev = i;
    c->head[list] = i;
}

static void list_remove(rc_calendar *c, int32_t list, int32_t i)
{
    int32_t p = c->node[i].prev, q = c->node[i].next;
    if (p >= 0) c->node[p].next = q;
    else c->head[list] = q;
    if (q >= 0) c->node[q].prev = p;
}

static void insert(rc_calendar *c, int32_t i)
{
    double t = key(c, i);
    if (t == INFINITY) {
        c->node[i].where = RC_CALENDAR_NONE;
        return;
    }
    double b = (t - c->base) * c->inverse_width;
    if (b < (double)c->current + 1) heap_push(c, i);
    else if (b < (double)c->bucket_count) list_push(c, (int32_t)b, i);
    else list_push(c, c->bucket_count, i);
}

static void remove_entry(rc_calendar *c, int32_t i)
{
    int32_t w = c->node[i].where;
    if (w == RC_CALENDAR_HEAP) heap_remove(c, i);
    else if (w == RC_CALENDAR_OVERFLOW) list_remove(c, c->bucket_count, i);
    else if (w >= 0) list_remove(c, w, i);
}

void rc_calendar_update(rc_calendar *c, int32_t i)
{
    if (c->node[i].where == RC_CALENDAR_HEAP) {
        double b = (key(c, i) - c->base) * c->inverse_width;
        if (b < (double)c->current + 1) { /* stays in the heap: re-sift in place */
            int32_t pos = c->node[i].prev;
            sift_up(c, pos);
            sift_down(c, c->node[i].prev);
            return;
        }
    }
    remove_entry(c, i);
    insert(c, i);
}

/* Starts a new round of buckets at base, filing the given list of particles (or every particle when all is set). */
static void start_round(rc_calendar *c, double base, int32_t first, int all)
{
    c->base = base;
    c->inverse_width = 1 / c->width;
    c->current = 0;
    for (int32_t b = 0; b <= c->bucket_count; b++) c->head[b] = -1;
    if (all) {
        c->heap_size = 0;
        for (int32_t i = 0; i < c->n; i++) insert(c, i);
        return;
    }
    while (first >= 0) {
        int32_t next = c->node[first].next;
        insert(c, first);
        first = next;
    }
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
    start_round(c, now, -1, 1);
}

/* The buckets are used up: recalibrate the width from the events popped in this round, then refile the overflow. */
static void next_round(rc_calendar *c)
{
    double end = c->base + c->bucket_count * c->width;
    double span = end - c->round_start;
    if (c->popped > 16 && span > 0) c->width = EVENTS_PER_BUCKET * span / (double)c->popped;
    c->popped = 0;
    c->round_start = end;
    int32_t first = c->head[c->bucket_count];
    /* skip empty stretches of time: start at the earliest overflow key when it lies beyond the next round */
    double earliest = INFINITY;
    for (int32_t i = first; i >= 0; i = c->node[i].next)
        if (key(c, i) < earliest) earliest = key(c, i);
    double base = end;
    if (earliest > end + c->bucket_count * c->width) base = earliest;
    start_round(c, base, first, 0);
}

int32_t rc_calendar_top(rc_calendar *c)
{
    while (c->heap_size == 0) {
        if (c->current + 1 >= c->bucket_count) {
            if (c->head[c->bucket_count] < 0) return -1;
            next_round(c);
        } else {
            c->current++;
        }
        int32_t i = c->head[c->current];
        c->head[c->current] = -1;
        while (i >= 0) {
            int32_t next = c->node[i].next;
            heap_push(c, i);
            i = next;
        }
    }
    c->popped++;
    return c->heap[0];
}
