/* SPDX-License-Identifier: MIT */
/* The event-driven engine changed between advances (live.c): its particles replaced from arrays and its parameters
 * (restitution, gravity, thermostat) changed at the present instant, for the run driver's live runs (src/run/live.c,
 * src/run/changes.c). */
#ifndef RC_EDMD_LIVE_H
#define RC_EDMD_LIVE_H

#include <stdbool.h>

#include "ricochet/edmd.h"
#include "ricochet/frame.h"

/* Replaces every particle's position, velocity, radius, mass and species with the frame's (in id order, the order
 * rc_edmd_fill_frame gives) at the engine's present time. The state is checked first as a new engine's is (finite,
 * inside the box and on the free side of every wall, no overlaps), a radius may not exceed the largest one the
 * engine was built with (its neighbour lists are sized for that), masses may differ from one another only in an
 * engine built with different masses, species only in one built with species; on failure the message names the
 * particle and the field ("positions[12]: ...") and nothing changes. Square wells capture their pairs again and a
 * shear counts its books again; an engine that compresses or keeps transport moments refuses, saying why. */
rc_status rc_edmd_particles_set(rc_edmd *engine, const rc_frame *frame);
/* The checks a new engine makes (check.c) on a frame's particles, in `box` with the engine's periodic axes and walls:
 * finite, inside the box and on the free side of every wall, no two overlapping. */
rc_status rc_edmd_check_frame(const rc_edmd *engine, const rc_frame *frame, const double box[3]);

/* The parameters the engine changes at run time: "box" (live_box.c), "restitution", "box.restitution" (the walls of closed box axes),
 * "walls.restitution" (the scene's other walls), "gravity" (3 numbers), "thermostat.temperature",
 * "thermostat.rate", "box.shear.rate" (in a sheared box: the streaming profile follows, the peculiar velocities
 * stay), "interactions.depth" (square wells), "compression.rate" and "compression.until.packing_fraction" (while the
 * diameters grow). */
bool rc_edmd_parameter_known(const char *key);
/* The parameter's value now (length numbers, at most 3). RC_STATUS_INVALID_ARGUMENT names a key the engine cannot change. */
rc_status rc_edmd_parameter_get(const rc_edmd *engine, const char *key, double value[3], int *length);
/* Checks a new value (length numbers) against the engine: RC_STATUS_INVALID_ARGUMENT names the key and says why. */
rc_status rc_edmd_parameter_check(const rc_edmd *engine, const char *key, const double *value, int length);
/* Sets a checked value without renewing the engine: what a resumed run does before its state is restored (the
 * restore rebuilds every event with it). */
rc_status rc_edmd_parameter_put(rc_edmd *engine, const char *key, const double *value, int length);
/* Checks and sets a value at the present instant: every particle streamed to now under the old value, the value set,
 * the lists and every event rebuilt under the new one. */
rc_status rc_edmd_parameter_set(rc_edmd *engine, const char *key, const double *value, int length);

/* live_box.c: a new box ("box", dimension numbers). check_value checks the numbers and the engine (a barostat, shear,
 * compression, square wells, transport moments or an oscillating wall refuse, naming why; a periodic edge must hold
 * two neighbour reaches); check also the particles at now under the new box (inside it, no overlaps: the message
 * names the particle). put sets a value check_value takes: the particles wrapped into the old box, the box and the
 * closed axes' far walls set, the cells and lists made anew (not filled) — what a resumed run replays before its
 * state is restored. */
rc_status rc_edmd_box_check_value(const rc_edmd *engine, const double *value, int length);
rc_status rc_edmd_box_check(const rc_edmd *engine, const double *value, int length);
rc_status rc_edmd_box_put(rc_edmd *engine, const double *value, int length);

#endif
