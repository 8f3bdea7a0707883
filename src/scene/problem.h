/* SPDX-License-Identifier: MIT */
/* Reading the physical form of a problem file (docs/formats.md) into the instant the engine's vocabulary defines
 * (src/rigid/instant.h): balls, rigid bodies and walls. */
#ifndef RC_SCENE_PROBLEM_H
#define RC_SCENE_PROBLEM_H

#include <cjson/cJSON.h>

#include "rigid/instant.h"

/* Reads the physical form's bodies and walls (the top-level keys are checked by the caller). */
rc_status rc_instant_read(const cJSON *root, rc_instant *instant);

/* Reads an entry of "rigid_bodies" (an object named `name`) into `body`, whose kind and index are set. */
rc_status rc_instant_read_rigid(const cJSON *item, const char *name, rc_instant *instant, rc_instant_body *body);
/* A vector field of `dimension` entries ("balls[0].position has 3 entries, dimension is 2"). */
rc_status rc_instant_vector(const cJSON *object, const char *name, const char *key, const rc_instant *instant,
                            bool required, double *out);

#endif
