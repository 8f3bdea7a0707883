/* SPDX-License-Identifier: MIT */
/* The binary collision rules, pair and wall, and the thermostat's kick (collide.c). */
#ifndef RC_EDMD_COLLIDE_H
#define RC_EDMD_COLLIDE_H

#include "edmd/engine.h"

/* The binary rules with restitution e (chosen by rc_edmd_restitution). */
void rc_edmd_collide_pair(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution);
void rc_edmd_collide_wall(rc_edmd *e, int32_t k, int32_t w, double restitution);
/* Particle k against a static body with unit normal n (from the body to k), when it approaches (a wall collision). */
void rc_edmd_bounce(rc_edmd *e, int32_t k, const double n[3], double restitution);
/* Pushes vi (and vj; NULL for a static body) apart along r, per unit impulse wi and wj, until r.(vi - vj + lift) is
 * at least `least` in the engine's arithmetic (0; under growth the growth speed sigma sigma_dot). */
void rc_edmd_ensure_receding(double *vi, double *vj, const double r[3], double wi, double wj, const double lift[3],
                             double least);
/* No lift: a zero velocity (rc_edmd_ensure_receding against a static body or without shear). */
extern const double rc_edmd_still[3];
void rc_edmd_thermostat_kick(rc_edmd *e);
/* Adds 2K dt up to now to the kinetic integral. */
void rc_edmd_integrate_kinetic(rc_edmd *e);

#endif
