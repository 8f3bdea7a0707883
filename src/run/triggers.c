/* SPDX-License-Identifier: MIT */
/* Triggers (ricochet/live.h, rc_run_trigger_add): callbacks at every multiple of a count of collisions, events or
 * steps, or of a span of simulation time. The driver (driver.c) takes the next multiple as one more limit of the
 * engine's advance, so the engine stops exactly there, and calls the triggers the counters have reached before it
 * goes on: a trigger every 1000 collisions is called floor(C / 1000) times over C collisions, each time seeing a
 * multiple of 1000 (an event that counts several collisions at once, a cluster, passes a multiple: the trigger is
 * then called once for each multiple passed, seeing the count after it). */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "run/live.h"
#include "run/run.h"

/* The counter a unit counts. */
static double counter(const rc_run_limits *now, rc_run_unit unit)
{
    switch (unit) {
    case RC_RUN_UNIT_COLLISIONS: return (double)now->collisions;
    case RC_RUN_UNIT_EVENTS: return (double)now->events;
    case RC_RUN_UNIT_STEPS: return (double)now->steps;
    default: return now->time;
    }
}

/* The first multiple of interval after x. */
static double multiple_after(double x, double interval)
{
    double k = floor(x / interval) + 1;
    if (interval * k <= x) k++;
    return interval * k;
}

rc_status rc_run_trigger_add(rc_run *run, rc_run_unit unit, double interval, rc_run_trigger_fn *fn, void *user, int *id)
{
    if (!run || !fn) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_trigger_add: NULL argument");
    static const char *const names[] = {"collisions", "events", "steps", "time"};
    if ((int)unit < 0 || unit > RC_RUN_UNIT_TIME)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "every: unit %d is not known", unit);
    const char *name = names[unit];
    /* what the engine counts: its table refuses limits of the counters it lacks */
    rc_run_limits probe = {.time = INFINITY};
    if (unit == RC_RUN_UNIT_COLLISIONS) probe.collisions = 1;
    if (unit == RC_RUN_UNIT_EVENTS) probe.events = 1;
    if (unit == RC_RUN_UNIT_STEPS) probe.steps = 1;
    if (run->ops->check_limits(run->engine, &probe, "every.") != RC_STATUS_OK)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "every.%s: the %s engine does not count %s", name,
                       run->ops->dynamics, name);
    bool whole = unit == RC_RUN_UNIT_TIME || interval == floor(interval);
    if (!(interval > 0 && interval < 0x1p62) || !whole)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "every.%s: %g is not a %s", name, interval,
                       unit == RC_RUN_UNIT_TIME ? "positive finite time" : "whole number >= 1");
    run_live *live = rc_run_live_of(run);
    if (!live) return RC_STATUS_NO_MEMORY;
    if (live->trigger_count == live->trigger_capacity) {
        int32_t capacity = live->trigger_capacity ? 2 * live->trigger_capacity : 4;
        run_trigger *grown = realloc(live->triggers, (size_t)capacity * sizeof *grown);
        if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "every: out of memory");
        live->triggers = grown, live->trigger_capacity = capacity;
    }
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    run_trigger *t = &live->triggers[live->trigger_count++];
    *t = (run_trigger){++live->next_id, unit, interval, multiple_after(counter(&now, unit), interval), fn, user};
    if (id) *id = t->id;
    return RC_STATUS_OK;
}

rc_status rc_run_trigger_remove(rc_run *run, int id)
{
    run_live *live = run ? run->live : NULL;
    for (int32_t i = 0; live && i < live->trigger_count; i++)
        if (live->triggers[i].id == id) {
            live->triggers[i] = live->triggers[--live->trigger_count];
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_trigger_remove: no trigger %d", id);
}

/* The smaller of two count limits, where 0 means none. */
static uint64_t min_count(uint64_t a, uint64_t b) { return !a ? b : !b ? a : a < b ? a : b; }

void rc_run_triggers_next(const rc_run *run, rc_run_limits *next)
{
    *next = (rc_run_limits){INFINITY, 0, 0, 0};
    for (int32_t i = 0; run->live && i < run->live->trigger_count; i++) {
        const run_trigger *t = &run->live->triggers[i];
        uint64_t count = (uint64_t)t->next;
        if (t->unit == RC_RUN_UNIT_TIME) next->time = fmin(next->time, t->next);
        else if (t->unit == RC_RUN_UNIT_COLLISIONS) next->collisions = min_count(next->collisions, count);
        else if (t->unit == RC_RUN_UNIT_EVENTS) next->events = min_count(next->events, count);
        else next->steps = min_count(next->steps, count);
    }
}

void rc_run_triggers_bound(const rc_run *run, const rc_run_limits *until, rc_run_limits *out)
{
    *out = *until;
    if (!run->live || !run->live->trigger_count) return;
    rc_run_limits next;
    rc_run_triggers_next(run, &next);
    out->time = fmin(out->time, next.time);
    out->collisions = min_count(out->collisions, next.collisions);
    out->events = min_count(out->events, next.events);
    out->steps = min_count(out->steps, next.steps);
}

bool rc_run_triggers_fire(rc_run *run, const rc_run_limits *now)
{
    bool stop = false;
    rc_run_counts counts = {now->time, now->collisions, now->events, now->steps};
    /* by index, the entry fetched afresh after every call: a callback may add or remove triggers */
    for (int32_t i = 0; run->live && i < run->live->trigger_count && !stop; i++)
        while (!stop) {
            run_trigger *t = &run->live->triggers[i];
            if (counter(now, t->unit) < t->next) break;
            t->next = multiple_after(t->next, t->interval);
            int id = t->id;
            stop = t->fn(run, &counts, t->user) != 0;
            if (i >= run->live->trigger_count || run->live->triggers[i].id != id) break; /* removed by its call */
        }
    return stop;
}
