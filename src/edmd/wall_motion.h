/* SPDX-License-Identifier: MIT */
/* Oscillating plane walls in the event-driven engine (wall_motion.c; docs/edmd.md, "Oscillating walls"): a plate
 * moves along its unit normal n by s(t) = A sin(omega t + phase), t the reported time. A free particle meets it at
 * the first root of a parabola against a sinusoid, found by bracketing on pieces where the overlap function's
 * curvature keeps one sign; a particle left on the plate at its speed while the plate presses it rides it (the
 * sliding hold of a static wall, RC_SLIDING0 + w, means riding on a moving one) until the plate's acceleration falls
 * below the normal part of gravity, when it lifts off. */
#ifndef RC_EDMD_WALL_MOTION_H
#define RC_EDMD_WALL_MOTION_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/edmd.h"

/* Checks the definition's oscillations (messages name "walls[i].oscillation.<key>" or the combination refused) and
 * sets the walls' motion; makes the hold array riders need. Called after the collapse control is made. */
rc_status rc_edmd_wall_motion_create(rc_edmd *e, const rc_edmd_def *d);
/* Wall w's phase omega t + phase at the engine's clock time t (reported time time_origin + t). */
double rc_edmd_wall_phase(const rc_edmd *e, int32_t w, double t);
/* Particle k (riding) at clock time t: its tangential motion free under gravity's tangential part from its record,
 * its normal position and velocity the plate's. x and v may be the record's own arrays. */
void rc_edmd_ride_state(const rc_edmd *e, int32_t k, double t, double x[3], double v[3]);
/* Moves a rider along its ride to clock time t. */
void rc_edmd_ride_stream(rc_edmd *e, int32_t k, double t);
/* A rider's acceleration now: gravity's tangential part plus the plate's acceleration along n. */
void rc_edmd_ride_acceleration(const rc_edmd *e, int32_t k, double acc[3]);
/* The event of particle k (at now) with moving wall w within horizon (INFINITY when none before it); for a rider of
 * w, its lift-off or the next refresh of its ride. *touching: k is within the contact tolerance of the plate. */
double rc_edmd_moving_wall_time(const rc_edmd *e, int32_t k, int32_t w, double horizon, bool *touching);
/* The collision of particle k (at now) with moving wall w: the rule in the plate's frame, the plate's work booked;
 * a particle left at the plate's speed and pressed by it starts riding. */
void rc_edmd_collide_moving_wall(rc_edmd *e, int32_t k, int32_t w, double restitution);
/* A rider leaves its plate at now (streamed, free, its ride's work booked). */
void rc_edmd_ride_end(rc_edmd *e, int32_t k);

#endif
