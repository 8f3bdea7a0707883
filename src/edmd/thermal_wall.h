/* SPDX-License-Identifier: MIT */
/* Thermal walls in the event-driven engine (thermal_wall.c; docs/edmd.md, "Thermal walls"): a static plane that
 * returns a particle with a velocity drawn from the wall-flux Maxwellian at its temperature, from its own seeded
 * stream, and keeps the heat it gives. */
#ifndef RC_EDMD_THERMAL_WALL_H
#define RC_EDMD_THERMAL_WALL_H

#include <stdint.h>

#include "ricochet/edmd.h"

/* Checks the definition's thermal walls (messages name "walls[i].thermal.<key>" or the combination refused) and seeds
 * their streams from def.seed. */
rc_status rc_edmd_thermal_walls_create(rc_edmd *e, const rc_edmd_def *d);
/* The collision of particle k (at now, approaching) with thermal wall w. */
void rc_edmd_collide_thermal_wall(rc_edmd *e, int32_t k, int32_t w);

#endif
