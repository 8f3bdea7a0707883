/* SPDX-License-Identifier: MIT */
/* A run changed between advances (ricochet/live.h): its state read and replaced, its parameters changed. The
 * functions named rc_run_live_* are the one place where the operation is sent to the event-driven engine
 * (src/edmd/live.c) or the time-stepped one (src/rigid/live.c), one small function per operation, so that an
 * engine table can take them over. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/live.h"
#include "rigid/live.h"
#include "run/live.h"
#include "run/run.h"

run_live *rc_run_live_of(rc_run *run)
{
    if (!run->live && !(run->live = calloc(1, sizeof *run->live))) rc_fail(RC_NO_MEMORY, "out of memory");
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

/* ---- the engines, one function per operation ---- */

rc_status rc_run_live_parameter_get(const rc_run *run, const char *key, double value[3], int *length)
{
    value[0] = value[1] = value[2] = 0;
    return run->edmd ? rc_edmd_parameter_get(run->edmd, key, value, length)
                     : rc_rigid_parameter_get(run->rigid, key, value, length);
}

rc_status rc_run_live_parameter_check(const rc_run *run, const char *key, const double *value, int length)
{
    return run->edmd ? rc_edmd_parameter_check(run->edmd, key, value, length)
                     : rc_rigid_parameter_check(run->rigid, key, value, length);
}

rc_status rc_run_live_parameter_set(rc_run *run, const char *key, const double *value, int length)
{
    if (run->edmd) return rc_edmd_parameter_set(run->edmd, key, value, length);
    return rc_rigid_parameter_put(run->rigid, key, value, length, rc_rigid_time(run->rigid),
                                  rc_rigid_steps(run->rigid));
}

rc_status rc_run_live_parameter_put(rc_run *run, const run_change *c)
{
    if (run->edmd) return rc_edmd_parameter_put(run->edmd, c->key, c->value, c->length);
    return rc_rigid_parameter_put(run->rigid, c->key, c->value, c->length, c->time, (int64_t)c->steps);
}

static rc_status live_state_set(rc_run *run, const rc_frame *frame)
{
    if (run->edmd) return rc_edmd_particles_set(run->edmd, frame);
    /* the time-stepped engine takes velocities; its positions and orientations stay (checked unchanged) */
    rc_frame now;
    rc_status s = rc_frame_init(&now, frame->count, true);
    if (!s) s = rc_rigid_fill_frame(run->rigid, &now);
    for (int32_t i = 0; !s && i < frame->count; i++)
        for (int a = 0; a < 3 && !s; a++) {
            if (frame->positions[3 * i + a] != now.positions[3 * i + a])
                s = rc_fail(RC_INVALID_ARGUMENT, "positions: body %d moved; the time-stepped engine takes new "
                            "velocities and angular velocities only", (int)i);
            else if (!isfinite(frame->velocities[3 * i + a]) || fabs(frame->velocities[3 * i + a]) > 0x1p40)
                s = rc_fail(RC_INVALID_ARGUMENT, "velocities: body %d has %g, not a finite number within 2^40",
                            (int)i, frame->velocities[3 * i + a]);
            else if (a == 2 && rc_rigid_dimension(run->rigid) == 2 && frame->velocities[3 * i + a] != 0)
                s = rc_fail(RC_INVALID_ARGUMENT, "velocities: body %d has a z component in 2D", (int)i);
        }
    for (int32_t i = 0; !s && i < frame->count; i++)
        if (frame->orientations && memcmp(frame->orientations + 4 * i, now.orientations + 4 * i, 4 * sizeof(double)))
            s = rc_fail(RC_INVALID_ARGUMENT, "orientations: body %d turned; the time-stepped engine takes new "
                        "velocities and angular velocities only", (int)i);
    for (int32_t i = 0; !s && i < frame->count; i++) {
        double w[3];
        rc_rigid_body_state(run->rigid, i, NULL, NULL, NULL, w);
        rc_rigid_set_velocity(run->rigid, i, frame->velocities + 3 * i, w);
    }
    rc_frame_release(&now);
    return s;
}

/* ---- the public face ---- */

rc_status rc_run_state_get(const rc_run *run, rc_frame *frame)
{
    if (!run || !frame) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_state_get: NULL argument");
    return rc_run_fill_frame(run, frame);
}

rc_status rc_run_state_set(rc_run *run, const rc_frame *frame)
{
    if (!run || !frame) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_state_set: NULL argument");
    if (run->finished) return rc_fail(RC_INVALID_ARGUMENT, "state: the run is finished");
    if (frame->count != rc_run_count(run))
        return rc_fail(RC_INVALID_ARGUMENT, "positions: %d particles given, the run has %d", (int)frame->count,
                       (int)rc_run_count(run));
    if (frame->count > 0 && (!frame->positions || !frame->velocities || !frame->radii || !frame->masses))
        return rc_fail(RC_INVALID_ARGUMENT, "rc_run_state_set: the frame's arrays are missing");
    return live_state_set(run, frame);
}

rc_status rc_run_angular_velocities_get(const rc_run *run, double *w)
{
    if (!run || !w) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_angular_velocities_get: NULL argument");
    if (!run->rigid) return rc_fail(RC_INVALID_ARGUMENT, "angular_velocities: the event-driven engine has none");
    for (int32_t i = 0; i < rc_run_count(run); i++) rc_rigid_body_state(run->rigid, i, NULL, NULL, NULL, w + 3 * i);
    return RC_OK;
}

rc_status rc_run_angular_velocities_set(rc_run *run, const double *w)
{
    if (!run || !w) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_angular_velocities_set: NULL argument");
    if (!run->rigid) return rc_fail(RC_INVALID_ARGUMENT, "angular_velocities: the event-driven engine has none");
    if (run->finished) return rc_fail(RC_INVALID_ARGUMENT, "angular_velocities: the run is finished");
    int32_t n = rc_run_count(run);
    for (int32_t i = 0; i < 3 * n; i++)
        if (!isfinite(w[i]) || fabs(w[i]) > 0x1p40)
            return rc_fail(RC_INVALID_ARGUMENT, "angular_velocities: body %d has %g, not a finite number within 2^40",
                           (int)(i / 3), w[i]);
    for (int32_t i = 0; i < n; i++) {
        double v[3];
        rc_rigid_body_state(run->rigid, i, NULL, NULL, v, NULL);
        rc_rigid_set_velocity(run->rigid, i, v, w + 3 * i);
    }
    return RC_OK;
}

rc_status rc_run_parameter_get(const rc_run *run, const char *key, double value[3], int *length)
{
    if (!run || !key || !value || !length) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_parameter_get: NULL argument");
    return rc_run_live_parameter_get(run, key, value, length);
}

rc_status rc_run_parameter_set(rc_run *run, const char *key, const double *value, int length)
{
    if (!run || !key || !value) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_parameter_set: NULL argument");
    if (run->finished) return rc_fail(RC_INVALID_ARGUMENT, "%s: the run is finished", key);
    if (strlen(key) >= sizeof ((run_change *)0)->key) return rc_fail(RC_INVALID_ARGUMENT, "%s: no such key", key);
    double old[3];
    int want;
    rc_status s = rc_run_live_parameter_get(run, key, old, &want);
    if (!s && !rc_run_live_of(run)) s = RC_NO_MEMORY;
    if (!s) s = rc_run_live_parameter_set(run, key, value, length);
    return s ? s : rc_run_changes_add(run, key, old, value, length);
}

rc_status rc_run_parameter_check(const rc_run *run, const char *key, const double *value, int length)
{
    if (!run || !key || !value) return rc_fail(RC_INVALID_ARGUMENT, "rc_run_parameter_check: NULL argument");
    if (run->finished) return rc_fail(RC_INVALID_ARGUMENT, "%s: the run is finished", key);
    return rc_run_live_parameter_check(run, key, value, length);
}

int32_t rc_run_change_count(const rc_run *run) { return run && run->live ? run->live->change_count : 0; }

void rc_run_progress_set(rc_run *run, rc_run_progress_fn *fn, void *user, double interval)
{
    if (!run) return;
    run->progress = fn;
    run->progress_user = user;
    run->progress_interval = interval > 0 ? interval : 0.25;
}
