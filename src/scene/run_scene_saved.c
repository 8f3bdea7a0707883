/* SPDX-License-Identifier: MIT */
/* A scene's particles from a saved state (docs/formats.md, "particles: a saved state"): {"file": PATH, "frame": k}
 * reads frame k (negative: from the end; default -1, the last) of an extended XYZ or H5MD trajectory through the
 * library's reader (ricochet/trajectory.h), PATH relative to the current directory, and takes the positions,
 * velocities, radii, masses and species as they are, and the box and its periodicity unless the scene gives
 * box.size and box.periodic; a sheared frame's tilt (a leaning cell) becomes the images' offset of the scene's
 * box.shear, which must shear along the same axes. The run starts at time 0 with no collisions; the state is checked
 * like any other. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/trajectory.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const saved_keys[] = {"file", "frame", NULL};

/* Reads frames of path into frame until `wanted` have been read or the file ends; *read is how many were. */
static rc_status read_frames(const char *path, int64_t wanted, rc_frame *frame, int64_t *read)
{
    rc_trajectory_reader *reader;
    *read = 0;
    rc_status s = rc_trajectory_reader_open(path, &reader);
    for (bool got = true; !s && got && *read < wanted;) {
        s = rc_trajectory_reader_next(reader, frame, &got);
        if (!s && got) ++*read;
    }
    rc_trajectory_reader_close(reader);
    return s;
}

/* Frame `index` of path (negative: from the end) into frame: a first pass counts the frames when it must. */
static rc_status read_saved_frame(const char *path, int64_t index, rc_frame *frame)
{
    int64_t total = 0, read = 0;
    rc_status s = index < 0 ? read_frames(path, INT64_MAX, frame, &total) : RC_STATUS_OK;
    int64_t at = index < 0 ? total + index : index;
    if (!s && at >= 0) s = read_frames(path, at + 1, frame, &read);
    if (s) return rc_fail(s, "particles.file: %s", rc_error_get());
    if (at < 0 || read <= at)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.frame: %lld is a frame index past the end of %s (%lld "
                       "frames)",
                       (long long)index, path, (long long)(index < 0 ? total : read));
    return RC_STATUS_OK;
}

/* A sheared frame's tilt becomes the images' offset at clock 0, when the scene shears along the same axes; other
 * scenes are refused (their images would not be the frame's). */
static rc_status take_tilt(const rc_frame *frame, const char *path, rc_edmd_def *def)
{
    if (frame->tilt == 0) return RC_STATUS_OK;
    const rc_edmd_shear *s = &def->shear;
    if (!s->on || s->flow != frame->tilt_flow || s->gradient != frame->tilt_gradient)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.file: %s is a sheared frame (its cell leans by %g along axis %d "
                       "over axis %d); the scene needs box.shear with flow %d and gradient %d to take it over",
                       path, frame->tilt, frame->tilt_flow, frame->tilt_gradient, frame->tilt_flow,
                       frame->tilt_gradient);
    if (!(frame->tilt < def->box[s->flow]))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.file: %s: the frame's tilt %g does not fit the scene's flow "
                       "edge %g",
                       path, frame->tilt, def->box[s->flow]);
    def->shear.offset = frame->tilt;
    return RC_STATUS_OK;
}

static rc_status take_frame(const rc_frame *frame, const char *path, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    if (frame->dimension != def->dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.file: %s is a saved-state file of another dimension (%dD; "
                       "the scene's dimension is %d)",
                       path, frame->dimension, def->dimension);
    if (frame->count < 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.file: %s: the frame has no particles", path);
    /* the masses and radii a file gives are in the range of those a scene gives (rc_size_check), named by the file */
    char name[512];
    for (int32_t i = 0; i < frame->count; i++) {
        snprintf(name, sizeof name, "particles.file: %s: particle %d: mass", path, (int)i);
        rc_status s = frame->masses ? rc_size_check(name, frame->masses[i]) : RC_STATUS_OK;
        snprintf(name, sizeof name, "particles.file: %s: particle %d: radius", path, (int)i);
        if (!s && frame->radii) s = rc_size_check(name, frame->radii[i]);
        if (s) return s;
    }
    rc_status s = rc_run_allocate_particles(scene, frame->count);
    if (s) return s;
    size_t n = (size_t)frame->count;
    memcpy(scene->positions, frame->positions, 3 * n * sizeof *scene->positions);
    memcpy(scene->velocities, frame->velocities, 3 * n * sizeof *scene->velocities);
    memcpy(scene->radii, frame->radii, n * sizeof *scene->radii);
    memcpy(scene->masses, frame->masses, n * sizeof *scene->masses);
    memcpy(scene->species, frame->species, n * sizeof *scene->species);
    for (int k = 0; k < def->dimension; k++) {
        if (!scene->box_given) def->box[k] = frame->box[k];
        if (!scene->periodic_given) def->periodic[k] = frame->periodic[k];
    }
    return take_tilt(frame, path, def);
}

rc_status rc_run_read_saved(const cJSON *particles, rc_edmd_scene *scene)
{
    const char *path;
    double index = -1;
    rc_status s = rc_json_check_keys(particles, "particles", saved_keys, NULL);
    if (!s) s = rc_json_string(particles, "particles", "file", true, &path);
    if (!s) s = rc_json_number(particles, "particles", "frame", false, &index);
    if (!s && (index != floor(index) || fabs(index) > 0x1p53))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.frame: %.17g is not a whole number (negative: from the end)",
                    index);
    if (s) return s;
    rc_frame frame = {0};
    s = read_saved_frame(path, (int64_t)index, &frame);
    if (!s) s = take_frame(&frame, path, scene);
    rc_frame_destroy(&frame);
    return s;
}
