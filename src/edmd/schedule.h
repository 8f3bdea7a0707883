/* SPDX-License-Identifier: MIT */
/* The prediction of each particle's next event and the calendar filled (schedule.c). */
#ifndef RC_EDMD_SCHEDULE_H
#define RC_EDMD_SCHEDULE_H

#include "edmd/engine.h"

/* Predicts particle k's next event (k streamed to now) over its walls, neighbours and shell, stores it and updates
 * the calendar. When after_collision is set, counts a three-body event if k ends overlapped with two particles.
 * Returns how many bodies (particles and walls) touch k now, within the contact tolerance. */
int rc_edmd_schedule(rc_edmd *e, int32_t k, bool after_collision);
/* Whether this CPU runs the four-wide pair scan (AVX2); the engine's wide_scan starts from it. */
bool rc_edmd_wide_scan_available(void);
/* Predicts every particle's event and rebuilds the calendar. */
rc_status rc_edmd_schedule_all(rc_edmd *e);

#endif
