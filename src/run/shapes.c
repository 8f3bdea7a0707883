/* SPDX-License-Identifier: MIT */
/* What the bodies of a time-stepping run look like, for viewers (docs/formats.md, "shapes.json"): DIRECTORY/shapes.json
 * lists every body's shape (ball, sphere, box with its half extents, hull with its vertices in the body frame, about
 * the centre of mass) in the order of the frames, and every static shape with its pose, from what the engine keeps
 * (ricochet/rigid.h, rc_rigid_body_shape); and the XYZ writer gets the bodies' half extents for its aspherical_shape
 * column, OVITO's Aspherical Shape. Event-driven runs (spheres and disks) have neither. */
#include <stdlib.h>

#include "core/status.h"
#include "run/run.h"

static const char *kind_name(const rc_rigid_shape_info *info)
{
    switch (info->shape) {
    case RC_RIGID_SPHERE: return info->ball ? "ball" : "sphere";
    case RC_RIGID_BOX: return "box";
    case RC_RIGID_HULL: return "hull";
    default: return "plane";
    }
}

/* {"shape": ..., and its size: "radius", "half_extents" or "points" (d coordinates each)}; NULL when out of memory. */
static cJSON *shape_object(int d, const rc_rigid_shape_info *info, const double *points)
{
    cJSON *object = cJSON_CreateObject();
    if (!object) return NULL;
    cJSON_AddStringToObject(object, "shape", kind_name(info));
    if (info->shape == RC_RIGID_SPHERE) cJSON_AddNumberToObject(object, "radius", info->radius);
    if (info->shape == RC_RIGID_BOX) cJSON_AddItemToObject(object, "half_extents", rc_run_json_numbers(info->half, d));
    cJSON *list = info->shape == RC_RIGID_HULL ? cJSON_AddArrayToObject(object, "points") : NULL;
    for (int32_t v = 0; list && v < info->point_count; v++) cJSON_AddItemToArray(list, rc_run_json_numbers(points + 3 * v, d));
    return object;
}

static int32_t most_points(const rc_rigid *e)
{
    int32_t most = 0;
    rc_rigid_shape_info info;
    for (int32_t i = 0; i < rc_rigid_count(e); i++) {
        rc_rigid_body_shape(e, i, &info, NULL);
        if (info.point_count > most) most = info.point_count;
    }
    for (int32_t s = 0; s < rc_rigid_static_count(e); s++) {
        rc_rigid_static_shape(e, s, &info, NULL);
        if (info.point_count > most) most = info.point_count;
    }
    return most;
}

static cJSON *shapes_document(const rc_rigid *e, double *points)
{
    int d = rc_rigid_dimension(e);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "dimension", d);
    cJSON *bodies = cJSON_AddArrayToObject(root, "bodies"), *statics = cJSON_AddArrayToObject(root, "static");
    rc_rigid_shape_info info;
    for (int32_t i = 0; bodies && i < rc_rigid_count(e); i++) {
        rc_rigid_body_shape(e, i, &info, points);
        cJSON_AddItemToArray(bodies, shape_object(d, &info, points));
    }
    for (int32_t s = 0; statics && s < rc_rigid_static_count(e); s++) {
        rc_rigid_static_shape(e, s, &info, points);
        cJSON *object = shape_object(d, &info, points);
        cJSON_AddItemToObject(object, "position", rc_run_json_numbers(info.position, d));
        if (info.shape == RC_RIGID_PLANE) cJSON_AddItemToObject(object, "normal", rc_run_json_numbers(info.normal, d));
        else cJSON_AddItemToObject(object, "orientation", rc_run_json_numbers(info.orientation, 4));
        cJSON_AddItemToArray(statics, object);
    }
    return root;
}

rc_status rc_run_write_shapes(const rc_run *run)
{
    if (!run->rigid || !run->files.shapes) return RC_OK;
    double *points = malloc(3 * (size_t)most_points(run->rigid) * sizeof *points + sizeof *points);
    cJSON *root = points ? shapes_document(run->rigid, points) : NULL;
    free(points);
    rc_status s = root ? rc_run_write_json(run, "shapes.json", root)
                       : rc_fail(RC_NO_MEMORY, "out of memory writing shapes.json");
    cJSON_Delete(root);
    return s;
}

rc_status rc_run_shapes_to_xyz(const rc_run *run)
{
    if (!run->rigid) return RC_OK;
    int32_t n = rc_rigid_count(run->rigid);
    double *half = malloc(3 * (size_t)n * sizeof *half + sizeof *half);
    if (!half) return rc_fail(RC_NO_MEMORY, "out of memory for the bodies' shapes");
    rc_rigid_shape_info info;
    for (int32_t i = 0; i < n; i++) {
        rc_rigid_body_shape(run->rigid, i, &info, NULL);
        for (int k = 0; k < 3; k++) half[3 * i + k] = info.half[k];
    }
    rc_status s = rc_xyz_writer_set_shapes(run->files.xyz, n, half);
    free(half);
    return s;
}
