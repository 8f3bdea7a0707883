/* SPDX-License-Identifier: MIT */
/* Collapse control: restitution by approach speed, memory of last hits, resting and sleeping particles
 * (collapse.c), and the stall check (stall.c). */
#ifndef RC_EDMD_COLLAPSE_H
#define RC_EDMD_COLLAPSE_H

#include "edmd/engine.h"

/* The restitution of a collision of particle i with j (a particle, or RC_EVENT_WALL0 - w) whose normal approach
 * speed is computed here: elastic under the TC model or the elastic threshold, else the pair's or the wall's.
 * Records the collision time for the TC model. */
double rc_edmd_restitution(rc_edmd *e, int32_t i, int32_t j);
/* After a binary collision of particle k with j (a particle or RC_EVENT_WALL0 - w) that changed their velocities:
 * records it in last_hit (when kept). */
void rc_edmd_remember_hit(rc_edmd *e, int32_t k, int32_t j);
/* Whether particle k's velocity last changed in a binary collision with j (a particle or RC_EVENT_WALL0 - w) and
 * has not changed since; last_hit must be kept. */
bool rc_edmd_hit_last(const rc_edmd *e, int32_t k, int32_t j);
/* The normal approach speed of particle i towards j (a particle or RC_EVENT_WALL0 - w), both at now. */
double rc_edmd_approach_speed(const rc_edmd *e, int32_t i, int32_t j);
/* After an event of particle k at now: puts it to sleep when it is slow and held by static supports, or lets it
 * slide on a wall it rests on while moving along it. */
rc_status rc_edmd_try_sleep(rc_edmd *e, int32_t k);
/* A contact event of k with j (a particle or RC_EVENT_WALL0 - w) that found no approach: gravity presses a
 * resting contact the binary rule cannot lift. Puts either to sleep or sliding when it can; otherwise pushes the
 * pair apart at collapse.kick_speed, so that the clock gets on. */
rc_status rc_edmd_unstick(rc_edmd *e, int32_t k, int32_t j);
/* A contact of the moving particle k with j, one of them held (asleep or sliding), approaching slower than
 * the rest speed (the larger of the sleep and kick speeds): a resting contact under their different accelerations; a
 * faster one is a hit, which wakes a sleeper. k falls asleep when it is that slow
 * and held up by static supports; otherwise the contact is resolved as a cluster with everything k touches (whose
 * lack of progress rc_edmd_unstick answers). */
rc_status rc_edmd_rest(rc_edmd *e, int32_t k, int32_t j, double restitution);
/* Makes a sliding particle free (streamed to now); wakes a sleeping one (it was at rest: its state is exact) and,
 * transitively, the sleepers it holds up, which are rescheduled. */
void rc_edmd_release(rc_edmd *e, int32_t k);
/* RC_STATUS_NOT_TERMINATED, naming the last event's particles, when the
 * clock advanced by no more than a few units in the last place per event (an endless run of zero-time events), or
 * when the events came far faster per particle than a gas at the kinetic energy and density would collide. */
rc_status rc_edmd_check_stall(rc_edmd *e);
/* Freezes particle k where it is (its velocity dissipated); its supports were checked by the caller. */
void rc_edmd_put_to_sleep(rc_edmd *e, int32_t k);
rc_status rc_edmd_collapse_create(rc_edmd *e, const rc_edmd_def *d);
void rc_edmd_collapse_destroy(rc_edmd *e);

#endif
