/* SPDX-License-Identifier: MIT */
/* One-way-coupled Coulomb friction applied after the normal impact is resolved (Vouga et al. 2017, section 6.3). */
#ifndef RC_IMPACT_FRICTION_H
#define RC_IMPACT_FRICTION_H

#include <signal.h>

#include "impact/system.h"

typedef struct rc_friction {
    rc_system tangent; /* one row per tangent direction of each contact with a normal impulse */
    int *row_contact;  /* the contact of each row's block (first row of a block) */
    double *bound;     /* per block: mu * normal impulse */
    double *beta;      /* per row: the tangential impulse along its unit tangent */
    double *delassus;  /* per block: its rows' W = T^T M^-1 T, 3 entries (w11, w12, w22; in 2D only w11) */
    double *start;     /* n: the velocities at the start of a sweep */
    const volatile sig_atomic_t *stop; /* when set and nonzero, the sweeps end after the one in progress */
    size_t cap_row_contact, cap_bound, cap_beta, cap_delassus, cap_start;
} rc_friction;

void rc_friction_free(rc_friction *friction);

/* With the normal impulse of every contact fixed (normal_impulse, physical units along the unit normal), chooses
 * the tangential impulses inside the Coulomb cones |beta_k| <= mu lambda_k that dissipate the most and applies
 * them to velocity. global is the whole problem's system (for its masses). */
rc_status rc_friction_apply(rc_friction *friction, const rc_impact_problem *problem, const rc_system *global,
                            const double *normal_impulse, double mu, double *velocity);

#endif
