/* SPDX-License-Identifier: MIT */
/* The parallel event loop (speculate.c; docs/edmd.md, "Parallel"). */
#ifndef RC_EDMD_SPECULATE_H
#define RC_EDMD_SPECULATE_H

#include "edmd/engine.h"

/* The event loop on e->threads threads (docs/edmd.md, "Parallel"): the helpers run the events after the
 * earliest ahead of their turn, when they are far from every event before them, and each is committed in the serial
 * order or undone, so that every event computes the serial bits. */
rc_status rc_edmd_advance_speculating(rc_edmd *e, const rc_edmd_limits *limits);
/* In a helper's copy: the event needs a cluster; it is undone, and runs in its turn. */
rc_status rc_edmd_job_abort(rc_edmd *e);
/* Waits for the helpers and undoes every event run ahead of its turn (before a cluster or a renewal). */
void rc_edmd_speculation_fold(rc_edmd *e);

#endif
