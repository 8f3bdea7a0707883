/* SPDX-License-Identifier: MIT */
/* The time-stepped engine changed between steps (live.c): its time step and gravity, for the run driver's live runs
 * (src/run/live.c, src/run/changes.c). */
#ifndef RC_RIGID_LIVE_H
#define RC_RIGID_LIVE_H

#include <stdint.h>

#include "ricochet/rigid.h"

/* The parameters the engine changes at run time: "time_step" and "gravity" (3 numbers). Another key is refused with
 * RC_STATUS_INVALID_ARGUMENT naming it. */
rc_status rc_rigid_parameter_get(const rc_rigid *engine, const char *key, double value[3], int *length);
rc_status rc_rigid_parameter_check(const rc_rigid *engine, const char *key, const double *value, int length);
/* Sets a checked value. A time step counts from (origin_time, origin_steps) on: the time after step s is
 * origin_time + (s - origin_steps) h. A change now passes the present time and steps; a resumed run, the ones the
 * change was made at. */
rc_status rc_rigid_parameter_put(rc_rigid *engine, const char *key, const double *value, int length, double origin_time,
                                 int64_t origin_steps);
/* The steps at which the engine's clock reaches `time` (rounding up; INT64_MAX when beyond reach): ceil(time / h) for
 * a time step never changed, as the run driver always counted. */
int64_t rc_rigid_steps_at(const rc_rigid *engine, double time);
/* The step in simulation time now. */
double rc_rigid_time_step(const rc_rigid *engine);

#endif
