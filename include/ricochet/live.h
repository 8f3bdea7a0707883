/* SPDX-License-Identifier: MIT */
/* ricochet/live.h: a run changed between advances (docs/live.md): its state read and replaced from arrays, its
 * parameters changed at the present instant (recorded in DIRECTORY/changes.csv, the summary and checkpoints), and
 * callbacks called at exact counts of collisions, events, steps or units of time while it advances.
 *
 * Every setter checks first and changes nothing when it refuses: RC_STATUS_INVALID_ARGUMENT with rc_error_get() naming the
 * field and the particle ("positions: particle 12 ...", "restitution: 1.5 is not in [0, 1]"). */
#ifndef RICOCHET_LIVE_H
#define RICOCHET_LIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"
#include "ricochet/run.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- State ---- */
/* The present state into a frame made by rc_frame_create(frame, rc_run_count(run), rc_run_has_orientations(run)), in
 * id order (what rc_run_fill_frame gives). */
RC_API rc_status rc_run_state_get(const rc_run *run, rc_frame *frame);
/* Replaces the state with the frame's at the present time. Event-driven: positions, velocities, radii, masses and
 * species (species NULL: all 0), checked as a new engine's state is (finite, inside the box and on the free side of
 * every wall, no two overlapping; a radius no larger than the largest the run started with; different masses only
 * in a run built with different masses; a run that compresses or measures transport refuses, docs/live.md).
 * Time-stepping: the velocities only (positions and orientations must be
 * the present ones). The count must be the run's; the frame's box is not read (a new box is the parameter "box"). */
RC_API rc_status rc_run_state_set(rc_run *run, const rc_frame *frame);
/* Time-stepping: the bodies' angular velocities (3 per body; in 2D only the third is used). */
RC_API rc_status rc_run_angular_velocities_get(const rc_run *run, double *angular_velocities);
RC_API rc_status rc_run_angular_velocities_set(rc_run *run, const double *angular_velocities);

/* ---- Parameters ---- */
/* A parameter's value now, by its scene key (length numbers, at most 3): event-driven "box" (dimension edges: the
 * particles keep their positions and must fit the new box, docs/live.md "A new box"), "restitution",
 * "box.restitution", "walls.restitution", "gravity", "thermostat.temperature", "thermostat.rate", "box.shear.rate", "interactions.depth",
 * "compression.rate", "compression.until.packing_fraction";
 * time-stepping
 * "time_step", "gravity". Another key is refused naming it. */
RC_API rc_status rc_run_parameter_get(const rc_run *run, const char *key, double value[3], int *length);
/* Whether rc_run_parameter_set would take the value, without changing anything (the same message when not). */
RC_API rc_status rc_run_parameter_check(const rc_run *run, const char *key, const double *value, int length);
/* Changes a parameter at the present instant: the engine is brought to now under the old value and every prediction
 * is made again under the new one. The change is a row of DIRECTORY/changes.csv (time, collisions, steps, key, old,
 * new) and of the summary's "changes", and checkpoints keep it, so a resumed run goes on with it bit for bit. After a
 * new time step the time-stepped engine counts steps from the present time on. */
RC_API rc_status rc_run_parameter_set(rc_run *run, const char *key, const double *value, int length);
/* The changes made so far (in the run and, resumed, before its checkpoint). */
RC_API int32_t rc_run_change_count(const rc_run *run);

/* ---- Triggers ---- */
typedef enum rc_run_unit {
    RC_RUN_UNIT_COLLISIONS, /* pair collisions (event-driven) */
    RC_RUN_UNIT_EVENTS,     /* events (event-driven) */
    RC_RUN_UNIT_STEPS,      /* steps (time-stepping) */
    RC_RUN_UNIT_TIME        /* simulation time (both) */
} rc_run_unit;

/* Called by the driver every `interval` units, at exactly the multiples of it: the advance stops there, calls, and
 * goes on. Return 0 to go on, anything else to end the advance there (rc_run_stop_reason then says "trigger"). */
typedef int rc_run_trigger_fn(rc_run *run, const rc_run_counts *counts, void *user);

/* Adds a trigger called at every multiple of interval (a whole number > 0 for the counts, a finite time > 0) after
 * the present count: *id names it for rc_run_trigger_remove. A unit the engine does not count is refused. */
RC_API rc_status rc_run_trigger_add(rc_run *run, rc_run_unit unit, double interval, rc_run_trigger_fn *fn, void *user,
                                    int *id);
RC_API rc_status rc_run_trigger_remove(rc_run *run, int id);
/* Replaces the progress callback of rc_run_options (NULL: none); interval in seconds of wall time (<= 0: 0.25). */
RC_API void rc_run_set_progress(rc_run *run, rc_run_progress_fn *fn, void *user, double interval);

#ifdef __cplusplus
}
#endif
#endif
