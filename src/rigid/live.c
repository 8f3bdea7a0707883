/* SPDX-License-Identifier: MIT */
/* The time-stepped engine changed between steps (src/rigid/live.h): a new time step counts from the present time on
 * (time = origin_time + (steps - origin) h, which is steps h until a change: 0 + x is x to the bit), and gravity,
 * which every step reads afresh. Nothing is predicted across steps, so nothing needs rebuilding. */
#include <math.h>
#include <string.h>

#include "core/range.h"
#include "core/status.h"
#include "rigid/engine.h"
#include "rigid/live.h"

rc_status rc_rigid_parameter_get(const rc_rigid *e, const char *key, double value[3], int *length)
{
    if (key && strcmp(key, "time_step") == 0) {
        value[0] = e->h, *length = 1;
        return RC_STATUS_OK;
    }
    if (key && strcmp(key, "gravity") == 0) {
        memcpy(value, e->gravity, 3 * sizeof *value);
        *length = e->d;
        return RC_STATUS_OK;
    }
    if (key && strcmp(key, "box") == 0) /* what the frame shows as its box is only the bodies' bounds */
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "box: a time-stepping scene has no box to change: its bodies move in open "
                       "space, walled only by static bodies (a box shape among them is a body, placed by the scene)");
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s: the time-stepped engine cannot change it at run time (it can change "
                   "time_step and gravity)",
                   key ? key : "(null)");
}

rc_status rc_rigid_parameter_check(const rc_rigid *e, const char *key, const double *value, int length)
{
    double old[3];
    int want = 0;
    rc_status s = rc_rigid_parameter_get(e, key, old, &want);
    if (!s) s = rc_range_check_count(key, value, length, want);
    if (s) return s;
    if (strcmp(key, "time_step") == 0 && !(value[0] > 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "time_step: %g is not positive", value[0]);
    return RC_STATUS_OK;
}

rc_status rc_rigid_parameter_put(rc_rigid *e, const char *key, const double *value, int length, double origin_time,
                                 int64_t origin_steps)
{
    rc_status s = rc_rigid_parameter_check(e, key, value, length);
    if (s) return s;
    if (strcmp(key, "time_step") == 0) {
        e->h = value[0];
        e->step_origin_time = origin_time, e->step_origin = origin_steps;
    } else {
        for (int a = 0; a < 3; a++) e->gravity[a] = a < length ? value[a] : 0;
        for (int32_t i = 0; i < e->n; i++) rc_rigid_wake_body(e, i); /* a sleeper's rest was under the old pull */
    }
    return RC_STATUS_OK;
}

int64_t rc_rigid_steps_at(const rc_rigid *e, double time)
{
    double steps = ceil((time - e->step_origin_time) / e->h - 1e-9);
    if (!(steps < 0x1p62)) return INT64_MAX;
    return e->step_origin + (int64_t)fmax(steps, 0);
}

double rc_rigid_time_step(const rc_rigid *e) { return e->h; }
