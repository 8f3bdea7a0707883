/* SPDX-License-Identifier: MIT */
/* What the bodies of a run look like, for viewers (docs/formats.md, "shapes.json"), when its engine describes them
 * (the time-stepped engine's bodies: engines/rigid_shapes.c): DIRECTORY/shapes.json, and the bodies' half extents
 * for the XYZ writer's aspherical_shape column, OVITO's Aspherical Shape. Runs of spheres and disks have neither. */
#include <stdlib.h>

#include "core/status.h"
#include "run/run.h"
#include "run/shapes.h"
#include "run/summary.h"

rc_status rc_run_write_shapes(const rc_run *run)
{
    if (!run->ops->shapes || !run->files.shapes) return RC_STATUS_OK;
    cJSON *root = run->ops->shapes(run->engine);
    rc_status s = root ? rc_run_write_json(run, "shapes.json", root)
                       : rc_fail(RC_STATUS_NO_MEMORY, "out of memory writing shapes.json");
    cJSON_Delete(root);
    return s;
}

rc_status rc_run_shapes_to_xyz(const rc_run *run)
{
    if (!run->ops->half_extents) return RC_STATUS_OK;
    int32_t n = rc_run_count(run);
    double *half = malloc(3 * (size_t)n * sizeof *half + sizeof *half);
    if (!half) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the bodies' shapes");
    rc_status s = run->ops->half_extents(run->engine, half);
    if (!s) s = rc_xyz_writer_set_shapes(run->files.xyz, n, half);
    free(half);
    return s;
}
