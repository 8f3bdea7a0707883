/* SPDX-License-Identifier: MIT */
/* Helpers of the event-driven engine's tests (edmd_check.h): engines made, advanced and checkpointed twice over. */
#include "edmd_check.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

rc_edmd *edmd_check_create(const rc_edmd_def *d)
{
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(d, &e) == RC_STATUS_OK, "create: %s", rc_error_get());
    return e;
}

rc_edmd_observables edmd_check_advance(rc_edmd *e, double time, uint64_t events)
{
    rc_edmd_limits limits = {time, 0, events};
    CHECK(rc_edmd_advance(e, &limits) == RC_STATUS_OK, "advance: %s", rc_error_get());
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    return o;
}

/* Positions and velocities of a and b equal to the bit. */
static bool same_state(rc_edmd *a, rc_edmd *b, int32_t count)
{
    rc_frame fa, fb;
    if (rc_frame_create(&fa, count, false) || rc_frame_create(&fb, count, false)) return false;
    rc_edmd_fill_frame(a, &fa);
    rc_edmd_fill_frame(b, &fb);
    size_t bytes = 3 * (size_t)count * sizeof(double);
    bool same = memcmp(fa.positions, fb.positions, bytes) == 0 && memcmp(fa.velocities, fb.velocities, bytes) == 0;
    rc_frame_destroy(&fa);
    rc_frame_destroy(&fb);
    return same;
}

edmd_twins edmd_check_twins(const rc_edmd_def *d, double first, double then)
{
    edmd_twins t = {0};
    t.a = edmd_check_create(d);
    t.b = edmd_check_create(d);
    if (!t.a || !t.b) {
        edmd_twins_destroy(&t);
        return t;
    }
    edmd_check_advance(t.a, first, 0);
    t.size = rc_edmd_state_size(t.a);
    t.state = malloc(t.size);
    CHECK(t.state && rc_edmd_state_save(t.a, t.state, t.size) == RC_STATUS_OK, "save: %s", rc_error_get());
    CHECK(t.state && rc_edmd_state_restore(t.b, t.state, t.size) == RC_STATUS_OK, "restore: %s", rc_error_get());
    t.oa = edmd_check_advance(t.a, then, 0);
    t.ob = edmd_check_advance(t.b, then, 0);
    t.same = same_state(t.a, t.b, d->count);
    return t;
}

void edmd_twins_destroy(edmd_twins *t)
{
    free(t->state);
    if (t->a) rc_edmd_destroy(t->a);
    if (t->b) rc_edmd_destroy(t->b);
    *t = (edmd_twins){0};
}
