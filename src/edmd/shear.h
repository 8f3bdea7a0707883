/* SPDX-License-Identifier: MIT */
/* Lees-Edwards shear of the event-driven engine (shear.c; docs/edmd.md, "Shear"). */
#ifndef RC_EDMD_SHEAR_H
#define RC_EDMD_SHEAR_H

#include "edmd/engine.h"

/* Reads the definition's shear into the engine (after the shell is known): the slack, the books. */
rc_status rc_edmd_shear_start(rc_edmd *e, const rc_edmd_def *d);
/* A new shear rate (live.c): the images' speed and the lists' slack for it (the offset goes on from where it is);
 * RC_STATUS_INVALID_ARGUMENT naming box.shear.rate when the flow edge is too short for a slack, nothing changed then. */
rc_status rc_edmd_shear_rate_put(rc_edmd *e, double rate);
/* After rc_edmd_shear_rate_put at a renewal (every particle at now): the streaming profile moved from rate_was to
 * the new rate (the peculiar velocities kept), the books of the peculiar motion counted again. */
void rc_edmd_shear_rate_profile(rc_edmd *e, double rate_was);
/* delta at now, in [0, L_flow). */
double rc_edmd_shear_offset(const rc_edmd *e);
/* The difference d = a_k - a_j of two anchors as the lists see it: the image across the gradient boundary shifted by
 * shear_epoch, and then its flow component the nearest it comes while the image slides on by up to the slack (the
 * lists hold the pairs that can meet before the next renewal). */
void rc_edmd_shear_anchor_image(const rc_edmd *e, double d[3]);
/* Folds a position x (and its velocity v) at now into the box along the gradient axis, carrying it to the image it
 * lands in (flow position shifted by delta, flow velocity by the images' speed); returns the boxes crossed, as
 * anchor_here and rc_edmd_fill_frame count them (the other axes are wrapped by the caller). */
int32_t rc_edmd_shear_fold(const rc_edmd *e, double x[3], double v[3]);
/* The books of the peculiar motion and the stress after a pair impulse changed the velocities of i and j (at now)
 * from vi and vj (a collision, a step event). */
void rc_edmd_shear_impulse(rc_edmd *e, int32_t i, int32_t j, const double vi[3], const double vj[3]);
/* The binary rule under shear: rc_edmd_collide_pair with the books of the peculiar motion and the stress. */
void rc_edmd_shear_collide(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution);
/* The thermostat under shear: particle k's new velocity, drawn at rest (old: before), is made a peculiar velocity
 * about the streaming velocity where k is; returns the peculiar kinetic energy it gained. */
double rc_edmd_shear_redraw(rc_edmd *e, int32_t k, const double before[3]);
/* The clock's origin moves by shift (reorder.c). */
void rc_edmd_shear_rebase(rc_edmd *e, double shift);
/* Fills the shear observables (and replaces the kinetic ones by their peculiar forms) over the interval since. */
void rc_edmd_shear_measure(const rc_edmd *e, const rc_edmd_observables *since, rc_edmd_observables *o);

#endif
