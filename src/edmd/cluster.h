/* SPDX-License-Identifier: MIT */
/* Clusters of touching bodies handed to the impact resolver (cluster.c; Vouga et al. 2017 through src/impact). */
#ifndef RC_EDMD_CLUSTER_H
#define RC_EDMD_CLUSTER_H

#include "edmd/engine.h"

/* The cluster of bodies touching the colliding pair (i, j), j a particle or RC_EVENT_WALL0 - w, gathered
 * at now (both streamed to now), resolved by src/impact, every member rescheduled. RC_STATUS_NOT_TERMINATED when the impact
 * budget ran out. */
rc_status rc_edmd_resolve_cluster(rc_edmd *e, int32_t i, int32_t j, double restitution);
void rc_edmd_cluster_destroy(rc_edmd *e);
/* Gathers the slow particles within the support gap of slow particle k, transitively (breadth first, up to a
 * limit), with the static bodies within it, and puts to sleep the largest part of the group that those hold up: an
 * inelastic resolve of gravity against its contacts leaves nothing moving (members that move are dropped and the
 * rest tested again). For a particle that rests on others that are not asleep. */
rc_status rc_edmd_sleep_group(rc_edmd *e, int32_t k);
/* The gap between particle k (at now) and wall w, centre distance less radius. */
double rc_edmd_wall_gap(const rc_edmd *e, int32_t k, int32_t w);
/* r = x_a - x_b (minimum image, both at now) and its length; whether a and b touch (within the contact tolerance). */
bool rc_edmd_pair_touches(const rc_edmd *e, int32_t a, int32_t b, double r[3], double *distance);
/* Whether a gap (centre distance less contact distance) of a body of size `scale` (radius against a wall, sum of
 * radii against a particle) is near enough for a support to hold it up: within the contact tolerance or the hop. */
bool rc_edmd_supports(const rc_edmd *e, double gap, double scale);
/* The unit normals (from the support to k) of the static bodies that support particle k (rc_edmd_supports): walls
 * and sleepers; at most capacity of them. Returns their number. */
int rc_edmd_support_normals(const rc_edmd *e, int32_t k, double (*normals)[3], int capacity);

#endif
