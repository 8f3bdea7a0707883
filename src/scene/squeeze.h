/* SPDX-License-Identifier: MIT */
/* Random placement through compression (squeeze.c). */
#ifndef RC_SCENE_SQUEEZE_H
#define RC_SCENE_SQUEEZE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"

/* Random placement through compression: inserted at random at packing fraction `start`, shrunk, then
 * grown back to the radii by a fast compression; RC_STATUS_INVALID_ARGUMENT when it jams first. */
rc_status rc_place_compressed(int dimension, const double box[3], const bool periodic[3], int32_t count,
                              const double *radii, double start, uint64_t seed, double *positions);

#endif
