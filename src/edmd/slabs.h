/* SPDX-License-Identifier: MIT */
/* The event calendars of a run on several threads or ranks, one per slab of the box (slabs.c; docs/edmd.md, "Parallel"). */
#ifndef RC_EDMD_SLABS_H
#define RC_EDMD_SLABS_H

#include "edmd/engine.h"

/* How many slabs the engine's events are cut into: one per rank on ranks, else one per thread. */
int32_t rc_edmd_slab_count(const rc_edmd *e);
/* The engine's slabs, rc_edmd_slab_count of them: T calendars (the engine's own is slab 0's) and the calendar each
 * particle is filed in. Every particle is filed in exactly one calendar; at its next filing it moves to its slab's. */
rc_status rc_edmd_slabs_create(rc_edmd *e);
void rc_edmd_slabs_destroy(rc_edmd *e);
/* Slab s's calendar. */
rc_calendar *rc_edmd_slab_calendar(rc_edmd *e, int32_t s);
/* The slab of particle k's anchor along the first axis; *depth (when not NULL) its distance to the nearer face. */
int32_t rc_edmd_slab_of(const rc_edmd *e, int32_t k, double *depth);
/* The slabs' width along the first axis. */
double rc_edmd_slab_width(const rc_edmd *e);
/* The slab whose calendar holds particle k. */
int32_t rc_edmd_slab_home(const rc_edmd *e, int32_t k);
/* Empties every calendar for a scheduling of every particle (rc_calendar_hold), and rebuilds them after it. */
void rc_edmd_slabs_hold(rc_edmd *e);
void rc_edmd_slabs_rebuild(rc_edmd *e);
/* The particle with the earliest key over every calendar, or -1 (rc_calendar_peek). */
int32_t rc_edmd_slabs_peek(rc_edmd *e);
/* Whether a calendar ran out of memory. */
bool rc_edmd_slabs_failed(const rc_edmd *e);

#endif
