/* SPDX-License-Identifier: MIT */
/* The JSON keys of a rigid body that problem files ("rigid_bodies") and time-stepping scenes ("bodies", "static")
 * share (docs/formats.md): "half_extents", "orientation" (an angle in 2D, a quaternion in 3D) and "mass" or
 * "density", with the deprecated spellings "half" and "angle" accepted with a warning (rc_warnings_get). The values
 * are read here and judged by the engine (src/rigid/body.c). */
#ifndef RC_SCENE_RIGID_KEYS_H
#define RC_SCENE_RIGID_KEYS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "ricochet/core.h"

/* "half_extents" (or "half"): `dimension` numbers into half. */
rc_status rc_json_half_extents(const cJSON *item, const char *name, int dimension, bool required, double *half);
/* "orientation" (or "angle" in 2D), optional. 2D: *angle receives the angle in radians (it keeps its value when the
 * key is absent) and q its quaternion about z; 3D: q receives [w, x, y, z] as written. */
rc_status rc_json_orientation(const cJSON *item, const char *name, int dimension, double *q, double *angle);
/* "mass" or "density", at most one, both optional: *mass (> 0) or *density keeps its value when absent. */
rc_status rc_json_mass(const cJSON *item, const char *name, double *mass, double *density);

#endif
