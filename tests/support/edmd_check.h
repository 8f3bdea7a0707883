/* SPDX-License-Identifier: MIT */
/* Helpers of the event-driven engine's tests (tests/test_edmd_*.c): an engine made from a definition or on a lattice,
 * advanced to a time or an event count with its observables read, two engines compared to the bit, and a
 * checkpoint's twin: one engine saved part way, its state
 * restored into a second, both advanced to the same end and compared to the bit. Failures are recorded as checks. */
#ifndef RC_TESTS_EDMD_CHECK_H
#define RC_TESTS_EDMD_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet/ricochet.h"

/* The engine of d, or NULL (a failed check) when it is refused. */
rc_edmd *edmd_check_create(const rc_edmd_def *d);

/* count spheres (disks) of diameter 1 and mass 1 from fcc (a triangular lattice) at packing fraction 0.45 with the
 * shell 0.5, at kT = 1, on `threads` threads, with the thermostat's rate (0: none); NULL when refused (rc_error_get
 * says why; no check is recorded). */
rc_edmd *edmd_check_lattice(int dimension, int32_t count, int32_t threads, double thermostat_rate);

/* Whether two engines of one system hold the same bits: the clock, every position and velocity, the event,
 * collision, stabilising and rebuild counts, and the books (kinetic energy, virial, kinetic integral, pressure,
 * energy drift, largest overlap). */
bool edmd_check_same(const rc_edmd *a, const rc_edmd *b);

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
