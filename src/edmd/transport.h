/* SPDX-License-Identifier: MIT */
/* The Helfand moments of the stress and heat flux, for transport coefficients (transport.c). */
#ifndef RC_EDMD_TRANSPORT_H
#define RC_EDMD_TRANSPORT_H

#include "edmd/engine.h"

/* The checks of def.transport against the rest of the definition, and the sums of the present velocities. */
rc_status rc_edmd_transport_start(rc_edmd *e, const rc_edmd_def *d);
/* Particle k (at now) changed its velocity from old: the kinetic sums follow, and the moments gain the collisional
 * terms d_a dp_b and d_a de with d its position relative to the impulse's reference point (the partner of a pair,
 * any member of a cluster: the impulses sum to zero), NULL for d = 0. */
void rc_edmd_transport_kick(rc_edmd *e, int32_t k, const double old[3], const double d[3]);
/* A kick as a thread's copy keeps it for its event's commit (speculate.c): the particle's mass, its velocity after
 * and before, and d (has_d false for d = 0). */
typedef struct rc_edmd_kick {
    double mass, v[3], old[3], d[3];
    bool has_d;
} rc_edmd_kick;
/* The kick in the engine's books at now, as rc_edmd_transport_kick adds it. */
void rc_edmd_transport_replay(rc_edmd *e, const rc_edmd_kick *kick);
/* The clock's origin moves by shift (reorder.c). */
void rc_edmd_transport_rebase(rc_edmd *e, double shift);

#endif
