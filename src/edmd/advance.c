/* The event loop (Bannerman et al. 2014, section 2, with the stable rule of section 4): take the earliest pending
 * event, check it against the partner's collision counter, move only the particles it touches to its time (lazy
 * clocks), apply it and predict their next events. System events (the thermostat, reordering) interleave. */
#include <math.h>

#include "core/status.h"
#include "edmd/engine.h"

static void process_pair(rc_edmd *e, int32_t k, int32_t j, double t)
{
    if ((e->counter[j] & RC_COUNT_MASK) != (e->event_count[k] & RC_COUNT_MASK)) {
        rc_edmd_stream(e, k, e->now); /* stale: the partner moved on; predict afresh */
        rc_edmd_schedule(e, k, false);
        return;
    }
    bool stabilising = (e->event_count[k] & RC_STABILISING) != 0;
    rc_edmd_stream(e, k, t);
    rc_edmd_stream(e, j, t);
    rc_edmd_collide_pair(e, k, j, stabilising);
    if (t < e->now) { /* the naive rule's rewind: carry the pair back to the present */
        rc_edmd_stream(e, k, e->now);
        rc_edmd_stream(e, j, e->now);
    }
    rc_edmd_schedule(e, k, true);
    rc_edmd_schedule(e, j, true);
}

static rc_status process(rc_edmd *e, int32_t k)
{
    double t = e->event_time[k];
    int32_t partner = e->event_partner[k];
    if (t > e->now) e->now = t;
    e->events++;
    if (partner >= 0) {
        process_pair(e, k, partner, t);
        return RC_OK;
    }
    rc_edmd_stream(e, k, e->now);
    if (partner == RC_EVENT_SHELL) {
        rc_status s = rc_edmd_neighbours_rebuild(e, k);
        if (s != RC_OK) return s;
    } else if (partner <= RC_EVENT_WALL0) {
        rc_edmd_collide_wall(e, k, RC_EVENT_WALL0 - partner);
    }
    rc_edmd_schedule(e, k, false);
    return RC_OK;
}

static double next_thermostat_gap(rc_edmd *e)
{
    return -log1p(-rc_rng_uniform(&e->rng)) / (e->thermostat_rate * e->n);
}

rc_status rc_edmd_advance(rc_edmd *e, const rc_edmd_limits *limits)
{
    if (!e || !limits) return rc_fail(RC_INVALID_ARGUMENT, "rc_edmd_advance: NULL argument");
    if (isnan(limits->time)) return rc_fail(RC_INVALID_ARGUMENT, "limits.time: not a number");
    double limit = limits->time - e->time_origin; /* on the engine's clock */
    for (;;) {
        if (limits->collisions && e->collisions >= limits->collisions) break;
        if (limits->events && e->events >= limits->events) break;
        int32_t k = rc_calendar_top(&e->calendar);
        double t = k >= 0 ? e->event_time[k] : INFINITY;
        double t_system = e->next_thermostat;
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
            e->now = t_system;
            e->events++;
            rc_edmd_thermostat_kick(e);
            e->next_thermostat = e->now + next_thermostat_gap(e);
            continue;
        }
        rc_status s = process(e, k);
        if (s != RC_OK) return s;
        if (e->collisions >= e->next_reorder) {
            s = rc_edmd_reorder(e);
            if (s != RC_OK) return s;
            limit = limits->time - e->time_origin;
        }
    }
    rc_edmd_integrate_kinetic(e);
    return RC_OK;
}

void rc_edmd_start_thermostat(rc_edmd *e)
{
    e->next_thermostat = e->thermostat_rate > 0 && e->n > 0 ? e->now + next_thermostat_gap(e) : INFINITY;
}
