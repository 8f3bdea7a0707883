/* SPDX-License-Identifier: MIT */
/* The event loop (Bannerman et al. 2014, section 2, with the stable rule of section 4): take the earliest pending
 * event, check it against the partner's collision counter, move only the particles it touches to its time (lazy
 * clocks), apply it and predict their next events. System events (the thermostat, reordering) interleave. */
#include <math.h>

#include "core/status.h"
#include "edmd/advance.h"
#include "edmd/barostat.h"
#include "edmd/cluster.h"
#include "edmd/collapse.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/reorder.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/slabs.h"
#include "edmd/speculate.h"
#include "edmd/steps.h"

/* The books a binary collision changes, kept so that a collision found to touch other bodies can be undone and
 * resolved as a cluster instead (counters are not restored: their increments only invalidate events). */
typedef struct undo {
    double v[2][3];
    double kinetic, kinetic_integral, kinetic_time, virial, dissipated;
    uint64_t collisions, wall_collisions, stabilising, three_body, negative_time;
    rc_edmd_flux flux;
} undo;

static void save(const rc_edmd *e, int32_t i, int32_t j, undo *u)
{
    for (int a = 0; a < 3; a++) u->v[0][a] = e->kin[i].v[a], u->v[1][a] = j >= 0 ? e->kin[j].v[a] : 0;
    u->kinetic = e->kinetic, u->kinetic_integral = e->kinetic_integral, u->kinetic_time = e->kinetic_time;
    u->virial = e->virial, u->dissipated = e->dissipated;
    u->collisions = e->collisions, u->wall_collisions = e->wall_collisions, u->stabilising = e->stabilising;
    u->three_body = e->three_body, u->negative_time = e->negative_time;
    if (e->transport_on) u->flux = e->flux;
}

static void restore(rc_edmd *e, int32_t i, int32_t j, const undo *u)
{
    for (int a = 0; a < 3; a++) {
        e->kin[i].v[a] = u->v[0][a];
        if (j >= 0) e->kin[j].v[a] = u->v[1][a];
    }
    e->kinetic = u->kinetic, e->kinetic_integral = u->kinetic_integral, e->kinetic_time = u->kinetic_time;
    e->virial = u->virial, e->dissipated = u->dissipated;
    e->collisions = u->collisions, e->wall_collisions = u->wall_collisions, e->stabilising = u->stabilising;
    e->three_body = u->three_body, e->negative_time = u->negative_time;
    if (e->transport_on) e->flux = u->flux;
}

/* The binary rule, or, when the pair (or particle and wall) touches other bodies, the cluster. */
static rc_status collide(rc_edmd *e, int32_t k, int32_t j, bool stabilising, double restitution)
{
    undo u;
    save(e, k, j, &u);
    uint32_t before = e->counter[k];
    int touching;
    if (j >= 0) {
        rc_edmd_collide_pair(e, k, j, stabilising, restitution);
        touching = rc_edmd_schedule(e, k, true) + rc_edmd_schedule(e, j, true) - 2;
    } else {
        rc_edmd_collide_wall(e, k, RC_EVENT_WALL0 - j, restitution);
        touching = rc_edmd_schedule(e, k, true) - 1;
    }
    if (touching > 0) {
        restore(e, k, j, &u);
        if (e->job) return rc_edmd_job_abort(e); /* a speculative event (speculate.c): clusters run in order, alone */
        return rc_edmd_resolve_cluster(e, k, j, restitution);
    }
    if (e->counter[k] == before && e->has_gravity) return rc_edmd_unstick(e, k, j); /* nothing approached */
    if (e->counter[k] != before) rc_edmd_remember_hit(e, k, j);
    rc_status s = RC_STATUS_OK;
    if (e->sleep_on) {
        s = rc_edmd_try_sleep(e, k);
        if (s == RC_STATUS_OK && j >= 0) s = rc_edmd_try_sleep(e, j);
    }
    return s;
}

static inline __attribute__((always_inline)) rc_status process_pair(rc_edmd *e, int32_t k, int32_t j, double t)
{
    if ((e->counter[j] & RC_COUNT_MASK) != (e->event[k].count & RC_COUNT_MASK)) {
        rc_edmd_stream(e, k, e->now); /* stale: the partner moved on; predict afresh */
        rc_edmd_schedule(e, k, false);
        return RC_STATUS_OK;
    }
    bool stabilising = (e->event[k].count & RC_STABILISING) != 0;
    rc_edmd_stream(e, k, t);
    rc_edmd_stream(e, j, t);
    if (e->steps && e->steps->kind[k] != RC_STEP_CORE) return rc_edmd_step_event(e, k, j, t);
    double restitution = e->collapse_rules ? rc_edmd_restitution(e, k, j) : e->restitution;
    /* resting contact with a sleeper or a fixed obstacle; riders of moving walls (wall_motion.c) take the binary
     * rule */
    if ((rc_edmd_is_held(e, k) || rc_edmd_is_held(e, j)) &&
        (e->sleep_on || rc_edmd_is_fixed(e, k) || rc_edmd_is_fixed(e, j)) &&
        rc_edmd_approach_speed(e, k, j) < e->rest_speed)
        return rc_edmd_rest(e, k, j, restitution);
    rc_edmd_release(e, k); /* a hit wakes a sleeper, and a sliding particle flies again */
    rc_edmd_release(e, j);
    if (e->clusters_on) return collide(e, k, j, stabilising, restitution);
    if (e->growing) rc_edmd_growth_collide_pair(e, k, j, stabilising, restitution);
    else if (e->shear_on) rc_edmd_shear_collide(e, k, j, stabilising, restitution);
    else rc_edmd_collide_pair(e, k, j, stabilising, restitution);
    if (t < e->now) { /* the naive rule's rewind: carry the pair back to the present */
        rc_edmd_stream(e, k, e->now);
        rc_edmd_stream(e, j, e->now);
    }
    rc_edmd_schedule(e, k, true);
    rc_edmd_schedule(e, j, true);
    return RC_STATUS_OK;
}

static inline __attribute__((always_inline)) rc_status process(rc_edmd *e, int32_t k)
{
    double t = e->event[k].time;
    int32_t partner = e->event[k].partner;
    if (t > e->now) e->now = t;
    e->events++;
    e->last_pair[0] = k, e->last_pair[1] = partner;
    if (partner >= 0) return process_pair(e, k, partner, t);
    rc_edmd_stream(e, k, e->now);
    if (partner == RC_EVENT_SHELL) {
        rc_status s = rc_edmd_neighbours_rebuild(e, k);
        if (s != RC_STATUS_OK) return s;
    } else if (partner <= RC_EVENT_WALL0) {
        rc_edmd_release(e, k);
        double restitution =
            e->collapse_rules ? rc_edmd_restitution(e, k, partner) : e->walls[RC_EVENT_WALL0 - partner].restitution;
        if (e->clusters_on) return collide(e, k, partner, false, restitution);
        (e->growing ? rc_edmd_growth_collide_wall : rc_edmd_collide_wall)(e, k, RC_EVENT_WALL0 - partner, restitution);
    }
    rc_edmd_schedule(e, k, false);
    return RC_STATUS_OK;
}

/* The serial loop keeps its own inlined copy of process (a call there cost 0.4 % more instructions). */
rc_status rc_edmd_process_event(rc_edmd *e, int32_t k) { return process(e, k); }

/* What follows an event in the serial order: the calendar's health, the stall check, and the renewal (or a
 * compression's step) when the collisions reach it; *renewed says that the clock's origin moved, *ended that a
 * compression ended (the caller returns at once). */
static inline __attribute__((always_inline)) rc_status after_event(rc_edmd *e, rc_status s, bool *renewed, bool *ended)
{
    if (s == RC_STATUS_OK && rc_calendar_failed(&e->calendar))
        s = rc_fail(RC_STATUS_NO_MEMORY, "event calendar: out of memory");
    if (s == RC_STATUS_OK && e->stall_limit && ++e->stall_window >= e->stall_limit) s = rc_edmd_check_stall(e);
    if (s != RC_STATUS_OK) return s;
    if (e->collisions >= e->next_reorder) { /* the renewal, or a compression's step (it renews in turn) */
        *renewed = true;
        return e->growing ? rc_edmd_growth_step(e, ended) : rc_edmd_reorder(e);
    }
    return RC_STATUS_OK;
}

rc_status rc_edmd_after_event(rc_edmd *e, rc_status s, bool *renewed, bool *ended)
{
    return after_event(e, s, renewed, ended);
}

static double next_thermostat_gap(rc_edmd *e) { return -log1p(-rc_rng_uniform(&e->rng)) / (e->thermostat_rate * e->n); }

void rc_edmd_thermostat_event(rc_edmd *e)
{
    e->now = e->next_thermostat;
    e->events++;
    rc_edmd_thermostat_kick(e);
    e->next_thermostat = e->now + next_thermostat_gap(e);
}

rc_status rc_edmd_advance(rc_edmd *e, const rc_edmd_limits *limits)
{
    if (!e || !limits) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_advance: NULL argument");
    if (isnan(limits->time)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "limits.time: not a number");
    if (rc_edmd_slab_count(e) > 1) return rc_edmd_advance_speculating(e, limits);
    double limit = limits->time - e->time_origin; /* on the engine's clock */
    for (;;) {
        if (limits->collisions && e->collisions >= limits->collisions) break;
        if (limits->events && e->events >= limits->events) break;
        int32_t k = rc_calendar_top(&e->calendar);
        double t = k >= 0 ? e->event[k].time : INFINITY;
        double t_system = e->next_thermostat < e->next_renewal ? e->next_thermostat : e->next_renewal;
        if ((t < t_system ? t : t_system) > limit) {
            if (limit > e->now) {
                e->now = limit;
                e->stopped_at = limits->time;
            }
            break;
        }
        if (k < 0 && t_system == INFINITY) break; /* nothing will ever happen */
        e->stopped_at = NAN;
        if (t_system < t) {
            if (t_system == e->next_renewal) { /* the barostat's volume move; or under shear the images slid by the
                                                 * slack: every list is built afresh */
                e->now = t_system;
                e->events++;
                rc_status s = e->barostat ? rc_edmd_barostat_move(e) : rc_edmd_reorder(e);
                if (s != RC_STATUS_OK) return s;
                limit = limits->time - e->time_origin;
                continue;
            }
            rc_edmd_thermostat_event(e);
            continue;
        }
        bool renewed = false, ended = false;
        rc_status s = after_event(e, process(e, k), &renewed, &ended);
        if (s != RC_STATUS_OK || ended) return s; /* the end of a compression: the caller sees it at once */
        if (renewed) limit = limits->time - e->time_origin;
    }
    /* the kinetic integral is not closed here: closing it at every return would add it up in pieces that depend on
     * where the caller stops (chunks of wall-clock time), and its rounding with them; rc_edmd_measure adds the open
     * piece without changing the engine */
    return RC_STATUS_OK;
}

double rc_edmd_next_event(rc_edmd *e)
{
    int32_t k = e->slabs ? rc_edmd_slabs_peek(e) : rc_calendar_peek(&e->calendar);
    double t = fmin(fmin(k >= 0 ? e->event[k].time : INFINITY, e->next_thermostat), e->next_renewal);
    return t < INFINITY ? t + e->time_origin : INFINITY;
}

void rc_edmd_start_thermostat(rc_edmd *e)
{
    e->next_thermostat = e->thermostat_rate > 0 && e->n > 0 ? e->now + next_thermostat_gap(e) : INFINITY;
}
