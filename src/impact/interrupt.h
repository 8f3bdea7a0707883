/* SPDX-License-Identifier: MIT */
/* Interrupting a resolve from outside (a signal handler of the engine that calls it): the resolve ends at a safe
 * point instead of running its loop to the end (resolve.c, "interrupted"). */
#ifndef RC_IMPACT_INTERRUPT_H
#define RC_IMPACT_INTERRUPT_H

#include <signal.h>

#include "ricochet/impact.h"

/* From now on, while *flag is nonzero, the solver's resolves end early: an island's loop stops before its next
 * operator application and the island takes the inelastic answer (one LCP: no contact left approaching, no energy
 * added), and the friction sweeps stop after the one in progress. NULL: never. */
void rc_impact_solver_watch(rc_impact_solver *solver, const volatile sig_atomic_t *flag);

#endif
