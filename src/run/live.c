/* SPDX-License-Identifier: MIT */
/* A run changed between advances (ricochet/live.h): its state read and replaced, its parameters changed, each
 * through the engine's table (src/run/engine.h: parameter_get ... spins_set; the engines' own work in src/edmd/live.c
 * and src/rigid/live.c), refused naming what was asked when the engine has no such slot. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "run/live.h"
#include "run/run.h"

run_live *rc_run_live_of(rc_run *run)
{
    if (!run->live && !(run->live = calloc(1, sizeof *run->live))) rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    return run->live;
}

void rc_run_live_free(rc_run *run)
{
    if (!run->live) return;
    free(run->live->changes);
    free(run->live->triggers);
    free(run->live);
    run->live = NULL;
}

/* ---- the engine's slots ---- */

/* A slot the engine's table leaves NULL: what was asked, refused by name. */
static rc_status cannot(const rc_run *run, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the %s engine cannot change this at run time", what,
                   run->ops->dynamics);
}

rc_status rc_run_live_parameter_get(const rc_run *run, const char *key, double value[3], int *length)
{
    value[0] = value[1] = value[2] = 0;
    return run->ops->parameter_get ? run->ops->parameter_get(run->engine, key, value, length) : cannot(run, key);
}

rc_status rc_run_live_parameter_check(const rc_run *run, const char *key, const double *value, int length)
{
    return run->ops->parameter_check ? run->ops->parameter_check(run->engine, key, value, length) : cannot(run, key);
}

rc_status rc_run_live_parameter_set(rc_run *run, const char *key, const double *value, int length)
{
    return run->ops->parameter_set ? run->ops->parameter_set(run->engine, key, value, length) : cannot(run, key);
}

rc_status rc_run_live_parameter_put(rc_run *run, const run_change *c)
{
    return run->ops->parameter_replay
               ? run->ops->parameter_replay(run->engine, c->key, c->value, c->length, c->time, (int64_t)c->steps)
               : cannot(run, c->key);
}

/* ---- the public face ---- */

rc_status rc_run_state_get(const rc_run *run, rc_frame *frame)
{
    if (!run || !frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_state_get: NULL argument");
    return rc_run_fill_frame(run, frame);
}

rc_status rc_run_state_set(rc_run *run, const rc_frame *frame)
{
    if (!run || !frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_state_set: NULL argument");
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the run is finished");
    if (frame->count != rc_run_count(run))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "positions: %d particles given, the run has %d", (int)frame->count,
                       (int)rc_run_count(run));
    if (frame->count > 0 && (!frame->positions || !frame->velocities || !frame->radii || !frame->masses))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_state_set: the frame's arrays are missing");
    return run->ops->state_set ? run->ops->state_set(run->engine, frame) : cannot(run, "positions");
}

rc_status rc_run_angular_velocities_get(const rc_run *run, double *w)
{
    if (!run || !w) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_angular_velocities_get: NULL argument");
    if (!run->ops->spins_get)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular_velocities: the %s engine has none", run->ops->dynamics);
    return run->ops->spins_get(run->engine, w);
}

rc_status rc_run_angular_velocities_set(rc_run *run, const double *w)
{
    if (!run || !w) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_angular_velocities_set: NULL argument");
    if (!run->ops->spins_set)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular_velocities: the %s engine has none", run->ops->dynamics);
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular_velocities: the run is finished");
    int32_t n = rc_run_count(run);
    for (int32_t i = 0; i < 3 * n; i++)
        if (!isfinite(w[i]) || fabs(w[i]) > 0x1p40)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "angular_velocities: body %d has %g, not a finite number within 2^40", (int)(i / 3), w[i]);
    return run->ops->spins_set(run->engine, w);
}

rc_status rc_run_parameter_get(const rc_run *run, const char *key, double value[3], int *length)
{
    if (!run || !key || !value || !length)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_parameter_get: NULL argument");
    return rc_run_live_parameter_get(run, key, value, length);
}

rc_status rc_run_parameter_set(rc_run *run, const char *key, const double *value, int length)
{
    if (!run || !key || !value) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_parameter_set: NULL argument");
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the run is finished", key);
    if (strlen(key) >= sizeof((run_change *)0)->key) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: no such key", key);
    double old[3];
    int want;
    rc_status s = rc_run_live_parameter_get(run, key, old, &want);
    if (!s && !rc_run_live_of(run)) s = RC_STATUS_NO_MEMORY;
    if (!s) s = rc_run_live_parameter_set(run, key, value, length);
    return s ? s : rc_run_changes_add(run, key, old, value, length);
}

rc_status rc_run_parameter_check(const rc_run *run, const char *key, const double *value, int length)
{
    if (!run || !key || !value) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_parameter_check: NULL argument");
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the run is finished", key);
    return rc_run_live_parameter_check(run, key, value, length);
}

int32_t rc_run_change_count(const rc_run *run) { return run && run->live ? run->live->change_count : 0; }

void rc_run_set_progress(rc_run *run, rc_run_progress_fn *fn, void *user, double interval)
{
    if (!run) return;
    run->progress = fn;
    run->progress_user = user;
    run->progress_interval = interval > 0 ? interval : 0.25;
}
