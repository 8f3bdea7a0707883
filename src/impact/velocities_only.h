/* SPDX-License-Identifier: MIT */
/* A resolve for a caller that takes only the velocities and impulses of the result (the time-stepped engine, which
 * resolves tens of islands a step): the report's energies, momenta and smallest relative velocity, measured after
 * every resolve for the other callers, are left at 0. They never feed back into the answer, so the velocities keep
 * their bits; with friction they were a twentieth of the engine's resolve. */
#ifndef RC_IMPACT_VELOCITIES_ONLY_H
#define RC_IMPACT_VELOCITIES_ONLY_H

#include "ricochet/impact.h"

/* From now on the solver's resolves leave the result's kinetic energies, momenta and min_relative_velocity at 0. */
void rc_impact_solver_velocities_only(rc_impact_solver *solver);

#endif
