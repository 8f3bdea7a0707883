/* SPDX-License-Identifier: MIT */
/* The event calendars of a run on several threads (docs/edmd.md, "Parallel"): one per slab of the box along its first
 * axis, so that each thread takes and files the events of its slab in its own calendar while the others do the same.
 * A particle is filed in exactly one calendar (home); a filing moves it to the calendar of its anchor's slab, taking
 * it out of the one it was in. Which calendar holds a particle changes only the speed: the keys, and so the order of
 * the events taken from all of them, are the serial run's. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/slabs.h"

typedef struct rc_edmd_slabs {
    int32_t count;
    double width;
    double inverse;     /* 1 / width */
    rc_calendar *extra; /* slabs 1 .. count - 1 */
    uint8_t *home;      /* per particle: the slab whose calendar holds it */
} rc_edmd_slabs;

rc_status rc_edmd_slabs_create(rc_edmd *e)
{
    int32_t count = rc_edmd_slab_count(e);
    if (count > 255) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "threads: %d slabs is above 255", (int)count);
    rc_edmd_slabs *s = calloc(1, sizeof *s);
    if (!s) return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the calendars of the slabs");
    s->count = count;
    s->width = e->box[0] / s->count;
    s->inverse = s->count / e->box[0];
    s->extra = calloc((size_t)s->count - 1, sizeof *s->extra);
    s->home = calloc((size_t)e->n > 0 ? (size_t)e->n : 1, 1); /* every particle in the engine's calendar */
    e->slabs = s;
    rc_status st =
        s->extra && s->home ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the calendars");
    for (int32_t c = 0; c + 1 < s->count && st == RC_STATUS_OK; c++) {
        st = rc_calendar_create(&s->extra[c], e->n, &e->event[0].time, sizeof *e->event);
        if (st == RC_STATUS_OK) rc_calendar_rebuild(&s->extra[c], e->now);
    }
    if (st == RC_STATUS_OK) { /* every particle in its slab's calendar from the start, not from its next filing */
        rc_edmd_slabs_hold(e);
        for (int32_t k = 0; k < e->n; k++) rc_edmd_slabs_file(e, k);
        rc_edmd_slabs_rebuild(e);
        if (rc_edmd_slabs_failed(e)) st = rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the calendars");
    }
    if (st != RC_STATUS_OK) rc_edmd_slabs_destroy(e);
    return st;
}

void rc_edmd_slabs_destroy(rc_edmd *e)
{
    rc_edmd_slabs *s = e->slabs;
    if (!s) return;
    for (int32_t c = 0; c + 1 < s->count && s->extra; c++) rc_calendar_destroy(&s->extra[c]);
    free(s->extra);
    free(s->home);
    free(s);
    e->slabs = NULL;
}

int32_t rc_edmd_slab_count(const rc_edmd *e) { return e->ranks.count > 1 ? e->ranks.count : e->threads; }

rc_calendar *rc_edmd_slab_calendar(rc_edmd *e, int32_t s) { return s == 0 ? &e->calendar : &e->slabs->extra[s - 1]; }

int32_t rc_edmd_slab_of(const rc_edmd *e, int32_t k, double *depth)
{
    const rc_edmd_slabs *s = e->slabs;
    double x = e->anchor[k].x[0];
    if (!(x >= 0 && x < e->box[0])) x -= e->box[0] * floor(x / e->box[0]); /* periodic anchors are in the box */
    int32_t slab = (int32_t)(x * s->inverse);
    slab = slab >= s->count ? s->count - 1 : slab < 0 ? 0 : slab;
    if (depth) {
        double from = x - slab * s->width;
        *depth = fmin(from, s->width - from);
    }
    return slab;
}

int32_t rc_edmd_slabs_file(rc_edmd *e, int32_t k)
{
    rc_edmd_slabs *s = e->slabs;
    int32_t to = rc_edmd_slab_of(e, k, NULL), from = s->home[k];
    if (to != from) {
        rc_calendar_take(rc_edmd_slab_calendar(e, from), k);
        s->home[k] = (uint8_t)to;
    }
    rc_calendar_update(rc_edmd_slab_calendar(e, to), k);
    return to;
}

double rc_edmd_slab_width(const rc_edmd *e) { return e->slabs->width; }

int32_t rc_edmd_slab_home(const rc_edmd *e, int32_t k) { return e->slabs->home[k]; }

void rc_edmd_slabs_hold(rc_edmd *e)
{
    rc_edmd_slabs *s = e->slabs;
    for (int32_t c = 0; c < s->count; c++) rc_calendar_hold(rc_edmd_slab_calendar(e, c));
    for (int32_t k = 0; k < e->n; k++) s->home[k] = 0; /* every calendar is empty: a filing takes from the first */
}

void rc_edmd_slabs_rebuild(rc_edmd *e)
{
    for (int32_t c = 0; c < e->slabs->count; c++) rc_calendar_rebuild(rc_edmd_slab_calendar(e, c), e->now);
}

int32_t rc_edmd_slabs_peek(rc_edmd *e)
{
    int32_t best = -1;
    for (int32_t c = 0; c < e->slabs->count; c++) {
        int32_t k = rc_calendar_peek(rc_edmd_slab_calendar(e, c));
        if (k >= 0 && (best < 0 || e->event[k].time < e->event[best].time ||
                       (e->event[k].time == e->event[best].time && k < best)))
            best = k;
    }
    return best;
}

bool rc_edmd_slabs_failed(const rc_edmd *e)
{
    bool failed = rc_calendar_failed(&e->calendar);
    for (int32_t c = 0; c + 1 < e->slabs->count; c++) failed |= rc_calendar_failed(&e->slabs->extra[c]);
    return failed;
}
