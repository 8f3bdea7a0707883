/* SPDX-License-Identifier: MIT */
/* Helpers of the event-driven engine's tests (tests/test_edmd_*.c): an engine made from a definition, advanced to a
 * time or an event count with its observables read, and a checkpoint's twin: one engine saved part way, its state
 * restored into a second, both advanced to the same end and compared to the bit. Failures are recorded as checks. */
#ifndef RC_TESTS_EDMD_CHECK_H
#define RC_TESTS_EDMD_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet/ricochet.h"

/* The engine of d, or NULL (a failed check) when it is refused. */
rc_edmd *edmd_check_create(const rc_edmd_def *d);

/* Advances e to the absolute time (and the event count, 0: none) and returns its observables there. */
rc_edmd_observables edmd_check_advance(rc_edmd *e, double time, uint64_t events);

/* Two engines of one definition: a run to time `first`, its state saved and restored into b, then both run to
 * `then`. same: their positions and velocities are equal to the bit. */
typedef struct edmd_twins {
    rc_edmd *a, *b;
    void *state; /* a's state at `first`, size bytes */
    size_t size;
    rc_edmd_observables oa, ob; /* at `then` */
    bool same;
} edmd_twins;

/* The twins of d; a and b are NULL when d is refused (a failed check). */
edmd_twins edmd_check_twins(const rc_edmd_def *d, double first, double then);
void edmd_twins_destroy(edmd_twins *t);

#endif
