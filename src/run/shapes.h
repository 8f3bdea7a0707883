/* SPDX-License-Identifier: MIT */
/* The bodies' shapes of time-stepping runs (shapes.c): shapes.json and the XYZ aspherical_shape column. */
#ifndef RC_RUN_SHAPES_H
#define RC_RUN_SHAPES_H

#include "run/run.h"

/* Time-stepping runs with files: DIRECTORY/shapes.json, every body's shape and every static shape with its pose. */
rc_status rc_run_write_shapes(const rc_run *run);
/* Time-stepping runs: gives the XYZ writer the bodies' half extents (its aspherical_shape column). */
rc_status rc_run_shapes_to_xyz(const rc_run *run);

#endif
