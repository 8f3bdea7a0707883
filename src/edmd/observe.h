/* SPDX-License-Identifier: MIT */
/* Energies, volumes and degrees of freedom of the engine's state (observe.c). */
#ifndef RC_EDMD_OBSERVE_H
#define RC_EDMD_OBSERVE_H

#include "edmd/engine.h"

double rc_edmd_kinetic_energy(const rc_edmd *e);
/* The volume (area in 2D) of a box of the engine's dimension; the degrees of freedom of the temperature, d N_f with
 * N_f = N - 1 when momentum is conserved, else N. */
double rc_edmd_box_volume(const rc_edmd *e, const double box[3]);
double rc_edmd_degrees_of_freedom(const rc_edmd *e);
double rc_edmd_potential_energy(const rc_edmd *e);

#endif
