/* SPDX-License-Identifier: MIT */
/* The shapes of a time-stepping run's bodies for viewers (rigid_shapes.c): shapes.json's document and the XYZ
 * writer's half extents. */
#ifndef RC_RUN_ENGINES_RIGID_SHAPES_H
#define RC_RUN_ENGINES_RIGID_SHAPES_H

#include <cjson/cJSON.h>

#include "ricochet/rigid.h"

/* shapes.json's document: every body's shape, every static shape with its pose; NULL when out of memory. */
cJSON *rc_run_rigid_shapes(const rc_rigid *engine);
/* The bodies' half extents, 3 numbers a body, into half. */
void rc_run_rigid_half_extents(const rc_rigid *engine, double *half);

#endif
