/* SPDX-License-Identifier: MIT */
/* Settling chosen contacts of one prepared problem (settle.c): for a time-stepping engine that settles the islands
 * of one configuration several times within a step (collision rounds, then resting contact), so that the system is
 * assembled and normalised once per configuration instead of once per settle. */
#ifndef RC_IMPACT_SETTLE_H
#define RC_IMPACT_SETTLE_H

#include "ricochet/impact.h"

/* Assembles the system of every contact of problem into the solver, for rc_impact_solver_settle_rows. The problem's
 * velocities are not used; the problem must not change until the next prepare. */
rc_status rc_impact_solver_prepare(rc_impact_solver *solver, const rc_impact_problem *problem);

/* rc_impact_solver_settle of the contacts rows[0 .. count) of the prepared problem (ascending or not: they are swept
 * in this order), on the velocities v (one per degree of freedom of the problem, changed in place; only the dofs
 * of these contacts' bodies change). impulse[] (the start, then the answer; NULL: start from nothing, answer not
 * wanted) and allowance[] (NULL: none) hold one entry per listed contact, in list order. *sweeps receives the number
 * of sweeps. */
rc_status rc_impact_solver_settle_rows(rc_impact_solver *solver, const int *rows, int count, double *v, double *impulse,
                                       const double *allowance, double tolerance, int max_sweeps, int *sweeps);

#endif
