/* SPDX-License-Identifier: MIT */
/* Both engines behind one face for the run driver (src/run/run.h): the scene read by the reader its "dynamics" names
 * (ricochet/scene.h, ricochet/rigid_scene.h), the engine built, advanced to absolute limits (time, collisions and
 * events for the event-driven engine of Bannerman et al. 2014; time and steps for the time-stepped engine of Vouga et
 * al. 2017), its counters, whether anything can still happen, and its state for checkpoints. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/run_scene.h"
#include "run/run.h"

/* The time-stepped engine's step count at an absolute time: ceil(time / h), as many steps as reach it (rounding
 * that puts time / h a hair above a whole number does not add a step); INT64_MAX when out of reach. */
static int64_t steps_at(double time, double h)
{
    double steps = ceil(time / h - 1e-9);
    return steps < 0x1p62 ? (int64_t)fmax(steps, 0) : INT64_MAX;
}

uint64_t rc_run_engine_step_limit(const rc_run *run, const rc_run_limits *limits)
{
    double h = rc_rigid_scene_def(run->rigid_scene)->time_step;
    int64_t by_time = isfinite(limits->time) ? steps_at(limits->time, h) : INT64_MAX;
    uint64_t limit = by_time == INT64_MAX ? UINT64_MAX : (uint64_t)by_time;
    return limits->steps && limits->steps < limit ? limits->steps : limit;
}

uint64_t rc_run_engine_steps_per(const rc_run *run, double time)
{
    double steps = floor(time / rc_rigid_scene_def(run->rigid_scene)->time_step + 0.5);
    return !(steps < 0x1p62) ? UINT64_MAX : steps < 1 ? 1 : (uint64_t)steps;
}

static void limits_from_edmd(const rc_edmd_limits *in, rc_run_limits *out)
{
    out->time = in->time;
    out->collisions = in->collisions;
    out->events = in->events;
    out->steps = 0;
}

rc_status rc_run_engine_create(rc_run *run)
{
    if (rc_scene_is_time_stepping(run->scene_text)) {
        run->dynamics = RC_DYNAMICS_TIME_STEPPING;
        rc_status s = rc_rigid_scene_parse(run->scene_text, &run->rigid_scene);
        return s ? s : rc_rigid_create(rc_rigid_scene_def(run->rigid_scene), &run->rigid);
    }
    run->dynamics = RC_DYNAMICS_EVENT_DRIVEN;
    rc_status s = rc_run_scene_parse(run->scene_text, &run->edmd_scene);
    if (!s && !(run->species = rc_run_species_summary(rc_run_scene_def(run->edmd_scene))))
        s = rc_fail(RC_NO_MEMORY, "out of memory");
    /* the scene's particles (68 bytes each) are freed as soon as the engine has copied them */
    return s ? s : rc_run_scene_create_engine_dropping(run->edmd_scene, &run->edmd);
}

void rc_run_engine_destroy(rc_run *run)
{
    rc_edmd_destroy(run->edmd);
    rc_run_scene_destroy(run->edmd_scene);
    cJSON_Delete(run->species);
    rc_rigid_destroy(run->rigid);
    rc_rigid_scene_destroy(run->rigid_scene);
    run->edmd = NULL, run->edmd_scene = NULL, run->species = NULL, run->rigid = NULL, run->rigid_scene = NULL;
}

static void output_settings(const rc_run_output *o, run_settings *out, const char **directory)
{
    out->every = o->every;
    out->every_collisions = o->every_collisions;
    out->xyz = o->xyz, out->csv = o->csv, out->h5md = o->h5md;
    out->checkpoint_every = o->checkpoint_every;
    out->gsd = o->gsd, out->lammps_dump = o->lammps_dump;
    *directory = o->directory;
}

void rc_run_engine_settings(const rc_run *run, run_settings *out, const char **directory)
{
    memset(out, 0, sizeof *out);
    if (run->rigid_scene) {
        const rc_rigid_run_settings *r = rc_rigid_scene_settings(run->rigid_scene);
        out->stop.time = r->stop_time;
        out->stop.steps = (uint64_t)r->stop_steps;
        out->equilibration.time = INFINITY;
        output_settings(&r->output, out, directory);
        return;
    }
    const rc_run_settings *e = rc_run_scene_settings(run->edmd_scene);
    limits_from_edmd(&e->stop, &out->stop);
    out->equilibrate = e->equilibrate;
    limits_from_edmd(&e->equilibration, &out->equilibration);
    output_settings(&e->output, out, directory);
}

rc_status rc_run_engine_advance(rc_run *run, const rc_run_limits *to)
{
    if (run->edmd) {
        rc_edmd_limits limits = {to->time, to->collisions, to->events};
        return rc_edmd_advance(run->edmd, &limits);
    }
    uint64_t target = rc_run_engine_step_limit(run, to);
    rc_rigid_observables now;
    rc_rigid_measure(run->rigid, &now);
    if (target <= (uint64_t)now.steps) return RC_OK;
    return rc_rigid_step(run->rigid, (int64_t)(target - (uint64_t)now.steps));
}

void rc_run_engine_counters(const rc_run *run, rc_run_limits *now)
{
    memset(now, 0, sizeof *now); /* the counters only: the driver reads them after every chunk, at any N */
    if (run->edmd) {
        now->time = rc_edmd_time(run->edmd);
        rc_edmd_counts(run->edmd, &now->events, &now->collisions);
        return;
    }
    now->time = rc_rigid_time(run->rigid);
    now->steps = (uint64_t)rc_rigid_steps(run->rigid);
}

bool rc_run_engine_idle(rc_run *run)
{
    if (run->edmd) {
        /* nothing pending, or the next event so far ahead that the frames until it, a million or more output
         * intervals of a state that barely moves (a collapsed cluster keeps speeds of rounding, ~1e-19, and meets a
         * list's shell only at t ~ 1e4 .. 1e18), would fill the disk before anything happened */
        double next = rc_edmd_next_event(run->edmd), every = run->settings.every;
        return next == INFINITY || (isfinite(every) && !run->settings.every_collisions &&
                                    next - rc_edmd_time(run->edmd) > 0x1p20 * every);
    }
    const rc_rigid_def *def = rc_rigid_scene_def(run->rigid_scene);
    if (def->gravity[0] != 0 || def->gravity[1] != 0 || def->gravity[2] != 0) return false;
    rc_rigid_observables m;
    rc_rigid_measure(run->rigid, &m);
    return m.kinetic_energy == 0;
}

size_t rc_run_engine_state_size(const rc_run *run)
{
    return run->edmd ? rc_edmd_state_size(run->edmd) : rc_rigid_state_size(run->rigid);
}

rc_status rc_run_engine_state_save(rc_run *run, void *buffer, size_t size)
{
    return run->edmd ? rc_edmd_state_save(run->edmd, buffer, size) : rc_rigid_state_save(run->rigid, buffer, size);
}

rc_status rc_run_engine_state_restore(rc_run *run, const void *buffer, size_t size)
{
    return run->edmd ? rc_edmd_state_restore(run->edmd, buffer, size)
                     : rc_rigid_state_restore(run->rigid, buffer, size);
}

void rc_run_engine_measure(const rc_run *run, const rc_edmd_observables *since, rc_edmd_observables *out)
{
    if (since) rc_edmd_measure_since(run->edmd, since, out);
    else rc_edmd_measure(run->edmd, out);
}

const char *rc_run_engine_compressed(const rc_run *run)
{
    if (!run->edmd || !rc_run_scene_settings(run->edmd_scene)->compression_stops) return NULL;
    rc_edmd_compression_state state;
    rc_edmd_compression_state_of(run->edmd, &state);
    return rc_compression_end_name(state.end);
}

const char *rc_run_engine_unit(const rc_run *run) { return run->edmd ? "collisions" : "steps"; }

int32_t rc_run_count(const rc_run *run) { return run->edmd ? rc_edmd_count(run->edmd) : rc_rigid_count(run->rigid); }

bool rc_run_has_orientations(const rc_run *run) { return run->rigid != NULL; }

rc_status rc_run_fill_frame(const rc_run *run, rc_frame *frame)
{
    return run->edmd ? rc_edmd_fill_frame(run->edmd, frame) : rc_rigid_fill_frame(run->rigid, frame);
}

rc_dynamics rc_run_dynamics(const rc_run *run) { return run->dynamics; }

double rc_run_time(const rc_run *run)
{
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    return now.time;
}

rc_status rc_run_read_counts(const rc_run *run, rc_run_counts *counts)
{
    if (run == NULL) return rc_fail(RC_INVALID_ARGUMENT, "run: NULL");
    if (counts == NULL) return rc_fail(RC_INVALID_ARGUMENT, "counts: NULL");
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    *counts = (rc_run_counts){now.time, now.collisions, now.events, now.steps};
    return RC_OK;
}

const rc_edmd *rc_run_edmd(const rc_run *run) { return run->edmd; }

const rc_rigid *rc_run_rigid(const rc_run *run) { return run->rigid; }
