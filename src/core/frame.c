/* SPDX-License-Identifier: MIT */
/* Frames: plain snapshots that engines fill and writers read (docs/design.md, "Files and tools"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/frame.h"

rc_status rc_frame_create(rc_frame *frame, int32_t count, bool with_orientations)
{
    if (!frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: NULL");
    if (count < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame count: %d is negative", (int)count);
    memset(frame, 0, sizeof *frame);
    size_t n = count > 0 ? (size_t)count : 1;
    frame->count = count;
    frame->positions = calloc(3 * n, sizeof(double));
    frame->velocities = calloc(3 * n, sizeof(double));
    frame->radii = calloc(n, sizeof(double));
    frame->masses = calloc(n, sizeof(double));
    frame->species = calloc(n, sizeof(int32_t));
    frame->orientations = with_orientations ? calloc(4 * n, sizeof(double)) : NULL;
    frame->images = calloc(3 * n, sizeof(int32_t));
    if (!frame->positions || !frame->velocities || !frame->radii || !frame->masses || !frame->species ||
        !frame->images || (with_orientations && !frame->orientations)) {
        rc_frame_destroy(frame);
        return rc_fail(RC_STATUS_NO_MEMORY, "frame: out of memory for %d particles", (int)count);
    }
    return RC_STATUS_OK;
}

rc_status rc_frame_add_spins(rc_frame *frame)
{
    if (!frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: NULL");
    free(frame->angular_velocities);
    frame->angular_velocities = calloc(3 * (size_t)(frame->count > 0 ? frame->count : 1), sizeof(double));
    return frame->angular_velocities
               ? RC_STATUS_OK
               : rc_fail(RC_STATUS_NO_MEMORY, "frame: out of memory for %d spins", (int)frame->count);
}

rc_status rc_frame_add_inertia(rc_frame *frame)
{
    if (!frame) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: NULL");
    free(frame->inertia);
    free(frame->angular_momenta);
    size_t n = (size_t)(frame->count > 0 ? frame->count : 1);
    frame->inertia = calloc(9 * n, sizeof(double));
    frame->angular_momenta = calloc(3 * n, sizeof(double));
    return frame->inertia && frame->angular_momenta
               ? RC_STATUS_OK
               : rc_fail(RC_STATUS_NO_MEMORY, "frame: out of memory for %d inertia tensors", (int)frame->count);
}

rc_status rc_frame_check(const rc_frame *f)
{
    if (!f) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: NULL");
    if (f->dimension != 2 && f->dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame dimension: %d is not 2 or 3", f->dimension);
    if (f->count < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame count: %d is negative", (int)f->count);
    if (f->count > 0 && (!f->positions || !f->velocities || !f->radii || !f->masses || !f->species))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "frame: NULL positions, velocities, radii, masses or species for %d "
                       "particles",
                       (int)f->count);
    return RC_STATUS_OK;
}

double rc_frame_max_speed(const rc_frame *f)
{
    double top = 0;
    for (int32_t i = 0; f && i < f->count; i++) {
        const double *v = f->velocities + 3 * i;
        top = fmax(top, sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    }
    return top;
}

void rc_frame_destroy(rc_frame *frame)
{
    if (!frame) return;
    free(frame->positions);
    free(frame->velocities);
    free(frame->radii);
    free(frame->masses);
    free(frame->species);
    free(frame->orientations);
    free(frame->angular_velocities);
    free(frame->images);
    free(frame->inertia);
    free(frame->angular_momenta);
    memset(frame, 0, sizeof *frame);
}
