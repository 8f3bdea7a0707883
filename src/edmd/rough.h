/* SPDX-License-Identifier: MIT */
/* Rough spheres and disks: spins, the tangential rules, their energy (rough.c; docs/edmd.md, "Rough spheres and
 * disks"). */
#ifndef RC_EDMD_ROUGH_H
#define RC_EDMD_ROUGH_H

#include "edmd/engine.h"

/* Rough spheres and disks (docs/edmd.md, "Rough spheres and disks"). Checks the definition's rough keys
 * against each other and the rest of the definition, allocates and fills the spins when some pair or wall is rough
 * (after the walls are made and the particles copied). */
rc_status rc_edmd_rough_create(rc_edmd *e, const rc_edmd_def *d);
void rc_edmd_rough_destroy(rc_edmd *e);
/* The tangential part of a pair collision whose normal part (impulse `normal_impulse` >= 0 on i along r) was just
 * applied: r = x_i - x_j (minimum image), rr = |r|^2. */
void rc_edmd_rough_pair(rc_edmd *e, int32_t i, int32_t j, const double r[3], double rr, double normal_impulse);
/* A wall collision of a rough engine: the normal rule (rc_edmd_bounce) and the tangential one. */
void rc_edmd_rough_wall(rc_edmd *e, int32_t k, int32_t w, double restitution);
/* The tangential part of particle k's hit on moving wall w, after the normal rule in the plate's frame. */
void rc_edmd_rough_moving_wall(rc_edmd *e, int32_t k, int32_t w);
/* A thermal wall's draw of particle k's spin: each component Gaussian of variance kT/I from the wall's stream.
 * Returns the change of the rotational energy (booked in e->rotational). */
double rc_edmd_rough_thermalise(rc_edmd *e, int32_t k, double temperature, rc_rng *rng);
/* After a cluster's normal resolution: the tangential rule at each contact that carried a normal impulse, once, in
 * the contacts' order. Returns whether some contact of the cluster then approaches. */
bool rc_edmd_rough_cluster(rc_edmd *e, const rc_edmd_cluster *ws, const double *normal_impulse);
/* The tangential part of particle k's hit on fixed particle f (unit normal n towards k, normal impulse given). */
void rc_edmd_rough_obstacle(rc_edmd *e, int32_t k, int32_t f, const double n[3], double normal_impulse);
/* A particle put to sleep: its spin stops too (its energy counted as dissipated). */
void rc_edmd_rough_stop(rc_edmd *e, int32_t k);
/* The spins of the particles with ids first .. first + count - 1, 3 each, in id order (zeros when smooth). */
void rc_edmd_spins_part(const rc_edmd *e, double *spins, int32_t first, int32_t count);
/* The inertia tensors (q m sigma^2 / 4 on the diagonal; in 2D only about z) and angular momenta I w of a frame's
 * particles first ... first + f->count - 1 (rc_frame.inertia; zero for smooth particles). */
void rc_edmd_inertia_part(const rc_edmd *e, rc_frame *f, int32_t first);
/* The rotational kinetic energy summed afresh. */
double rc_edmd_rotational_energy(const rc_edmd *e);

#endif
