/* SPDX-License-Identifier: MIT */
/* The parallel event loop (speculate.c; docs/edmd.md, "Parallel"). */
#ifndef RC_EDMD_SPECULATE_H
#define RC_EDMD_SPECULATE_H

#include "edmd/engine.h"

/* The event loop on e->threads threads (docs/edmd.md, "Parallel"): batches of the earliest events, run at once by
 * slab when the threads' events are far apart, each committed in the serial order or undone, so that every event
 * computes the serial bits. */
rc_status rc_edmd_advance_speculating(rc_edmd *e, const rc_edmd_limits *limits);
/* While e runs an event of a batch: the event needs a cluster, or puts a grain to sleep or wakes one; it is undone,
 * and runs alone in its turn. */
rc_status rc_edmd_job_abort(rc_edmd *e);
/* While e runs an event of a batch (e->job set): keeps the histogram's bin for the event's commit. */
void rc_edmd_job_bin(rc_edmd *e, int32_t bin);
/* In a thread's copy: keeps a transport kick (particle k from velocity old, with d) for the event's commit and says
 * true; false on the engine itself, which adds it at once (collide.c puts the moments back if a cluster is found). */
bool rc_edmd_job_kick(rc_edmd *e, int32_t k, const double old[3], const double d[3]);

#endif
