/* SPDX-License-Identifier: MIT */
/* Constant pressure by Monte Carlo volume moves (barostat.c; docs/edmd.md, "Barostat"). */
#ifndef RC_EDMD_BAROSTAT_H
#define RC_EDMD_BAROSTAT_H

#include "edmd/engine.h"

/* The barostat's state (barostat.c): plain numbers, saved whole in checkpoints, and a scratch copy of the particles
 * for the overlap test (not saved). Its moves fall at next_renewal. */
typedef struct rc_edmd_isobar {
    double pressure, interval, step, adapt_until;
    uint64_t moves, accepted;
    uint64_t window_moves, window_accepted; /* since delta last adapted */
    rc_rng rng;
    double *scratch; /* 3 positions and a radius per particle */
} rc_edmd_isobar;

/* Constant pressure (docs/edmd.md, "Barostat"). The checks of def.barostat against the rest of the
 * definition (messages name "barostat.<key>"; RC_STATUS_OK when it is off). */
rc_status rc_edmd_barostat_check(const rc_edmd_def *d);
rc_status rc_edmd_barostat_create(rc_edmd *e, const rc_edmd_def *d);
void rc_edmd_barostat_destroy(rc_edmd *e);
/* The volume move at next_renewal (every particle's event still valid when it is rejected; every list and event
 * rebuilt when it is accepted), and the next one planned. */
rc_status rc_edmd_barostat_move(rc_edmd *e);
/* Fills the barostat's observables. */
void rc_edmd_barostat_measure(const rc_edmd *e, rc_edmd_observables *o);

#endif
