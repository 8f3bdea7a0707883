/* SPDX-License-Identifier: MIT */
/* ricochet/rigid_scene.h: time-stepping scene files, the runs of balls and rigid bodies that `ricochet run` reads
 * when a scene says "dynamics": "time-stepping" (docs/formats.md, "Time-stepping scenes").
 *
 * The reader checks every field and names it on failure ("bodies[3].radius: -1 is not positive"), builds the
 * engine's definition (ricochet/rigid.h), whose arrays the scene owns, and the run settings. */
#ifndef RICOCHET_RIGID_SCENE_H
#define RICOCHET_RIGID_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/rigid.h"
#include "ricochet/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rc_rigid_run_settings {
    double stop_time;     /* "stop.time", or INFINITY */
    int64_t stop_steps;   /* "stop.steps", or 0; the first limit reached ends the run */
    rc_run_output output; /* "output", as for event-driven scenes */
} rc_rigid_run_settings;

typedef struct rc_rigid_scene rc_rigid_scene;

/* Whether JSON text is a scene with "dynamics": "time-stepping" (false for anything else, malformed text too). */
RC_API bool rc_rigid_scene_is_time_stepping(const char *text);

/* A time-stepping scene read and checked, from a file or from text (ricochet/core.h, "Definition files"). */
RC_API rc_status rc_rigid_scene_create_from_file(const char *path, rc_rigid_scene **scene);
RC_API rc_status rc_rigid_scene_create_from_text(const char *text, rc_rigid_scene **scene);
RC_API void rc_rigid_scene_destroy(rc_rigid_scene *scene);

RC_API const rc_rigid_def *rc_rigid_scene_def(const rc_rigid_scene *scene);
RC_API const rc_rigid_run_settings *rc_rigid_scene_settings(const rc_rigid_scene *scene);

#ifdef __cplusplus
}
#endif
#endif
