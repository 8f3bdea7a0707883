/* SPDX-License-Identifier: MIT */
/* The run's engine through its table (src/run/engine.h): the scene text parsed once, the engine its "dynamics" names
 * picked from the registry (engines/registry.c) and built, and the few calls the run driver's files make to it by
 * way of the run (counters, state bytes, a named value), with the public accessors of ricochet/run.h that read it.
 * What a run changed between advances asks of its engine goes through the same table, from src/run/live.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "run/observables.h"
#include "run/run.h"
#include "json/json_document.h"

rc_status rc_run_engine_create(rc_run *run)
{
    rc_status s = rc_json_parse(run->scene_text, &run->scene);
    if (s) return s;
    run->ops = rc_run_engine_find(run->scene);
    if ((s = rc_run_threads_apply(run)) != RC_STATUS_OK) return s;
    s = run->ops->create(run->scene, &run->engine);
    if (!s) s = rc_run_ranks_apply(run);
    return s ? s : rc_run_observables_bind(run);
}

void rc_run_engine_destroy(rc_run *run)
{
    if (run->ops) run->ops->destroy(run->engine);
    cJSON_Delete(run->scene);
    free(run->fields);
    run->engine = NULL, run->scene = NULL, run->fields = NULL;
}

void rc_run_output_settings(const rc_run_output *o, run_settings *out, const char **directory)
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
    run->ops->settings(run->engine, out, directory);
}

void rc_run_engine_counters(const rc_run *run, rc_run_limits *now) { run->ops->counters(run->engine, now); }

size_t rc_run_engine_state_size(const rc_run *run) { return run->ops->state_size(run->engine); }

rc_status rc_run_engine_state_save(rc_run *run, void *buffer, size_t size)
{
    return run->ops->state_save(run->engine, buffer, size);
}

rc_status rc_run_engine_state_restore(rc_run *run, const void *buffer, size_t size)
{
    return run->ops->state_restore(run->engine, buffer, size);
}

double rc_run_engine_value(const rc_run *run, const run_snapshot *since, const char *name)
{
    run_field f;
    if (!run->ops->field(name, &f)) return NAN;
    run_snapshot record;
    run->ops->measure(run->engine, since, &record);
    return rc_run_field_value(&record, f);
}

int32_t rc_run_count(const rc_run *run) { return run->ops->count(run->engine); }

bool rc_run_has_orientations(const rc_run *run) { return run->ops->orientations; }

rc_status rc_run_fill_frame(const rc_run *run, rc_frame *frame) { return run->ops->fill_frame(run->engine, frame); }

bool rc_run_has_spins(const rc_run *run) { return run->ops->has(run->engine, RC_OBSERVABLE_ROUGH); }

rc_dynamics rc_run_dynamics(const rc_run *run) { return run->ops->kind; }

double rc_run_time(const rc_run *run)
{
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    return now.time;
}

rc_status rc_run_read_counts(const rc_run *run, rc_run_counts *counts)
{
    if (run == NULL) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "run: NULL");
    if (counts == NULL) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "counts: NULL");
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    *counts = (rc_run_counts){now.time, now.collisions, now.events, now.steps};
    return RC_STATUS_OK;
}
