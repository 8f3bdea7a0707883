/* SPDX-License-Identifier: MIT */
/* Energy, momentum and the smallest relative normal velocity of a velocity vector. */
#ifndef RC_IMPACT_MEASURES_H
#define RC_IMPACT_MEASURES_H

#include "impact/system.h"

double rc_measure_energy(const rc_system *global, const double *v);
void rc_measure_momentum(const rc_impact_problem *problem, const double *v, double linear[3], double angular[3]);
double rc_measure_min_relative_velocity(const rc_system *global, const double *v);

#endif
