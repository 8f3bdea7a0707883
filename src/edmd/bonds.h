/* SPDX-License-Identifier: MIT */
/* Bonds in the event-driven engine (docs/edmd.md, "Bonds"): a bonded pair is a stepped pair of its own type whose
 * outermost step, the outer wall, costs an infinite energy to leave, so that the step event always reflects it (the
 * stable rule with history of the stepped potentials: a pair found beyond the wall by rounding is turned back by its
 * next event, never lost). Bond types are appended to the steps' pair types (steps.h); the bonds of each particle are
 * a short list of partner slots, rebuilt whenever slots are renumbered, and consulted only when the scene has
 * bonds: an engine without bonds carries no per-particle array for them. */
#ifndef RC_EDMD_BONDS_H
#define RC_EDMD_BONDS_H

#include <stdint.h>

#include "edmd/engine.h"

/* The checks of the definition's bonds and bond types (messages name "bonds[k]" and "bond_types[t]"): particles in
 * range, no self bond, no pair twice, types in range, 1 <= inner < steps < outer, finite step energies. */
rc_status rc_edmd_bonds_check(const rc_edmd_def *d);
/* The largest number of table entries a bond type needs (its steps, the outer wall, plus one), 0 without bonds. */
int32_t rc_edmd_bonds_stride(const rc_edmd_def *d);
/* Fills the bond types' tables from type `base` on (after the species' pair types), widens the neighbour reach to
 * the longest outer wall and copies the bonds. */
rc_status rc_edmd_bonds_create(rc_edmd *e, rc_edmd_steps *st, const rc_edmd_def *d, int32_t base);
void rc_edmd_bonds_destroy(rc_edmd_steps *st);
/* The per-slot lists of bonded partners from the bonds by input index (st->slot_of current). */
void rc_edmd_bonds_index(rc_edmd *e);
/* Records every bond's ring in the capture map at the start: RC_STATUS_INVALID_ARGUMENT naming the bond when its pair
 * starts outside its outer wall or inside its core (beyond rounding). */
rc_status rc_edmd_bonds_capture(rc_edmd *e);

#endif
