/* SPDX-License-Identifier: MIT */
/* What the bodies of a time-stepping run look like, for viewers (docs/formats.md, "shapes.json"): the document of
 * DIRECTORY/shapes.json lists every body's shape (ball, sphere, box with its half extents, hull with its vertices in
 * the body frame, about the centre of mass) in the order of the frames, and every static shape with its pose, from
 * what the engine keeps (ricochet/rigid.h, rc_rigid_body_shape); and the bodies' half extents for the XYZ writer's
 * aspherical_shape column, OVITO's Aspherical Shape. The time-stepped engine's adapter (rigid.c) hands both to the
 * run driver (src/run/shapes.c). */
#include <stdlib.h>

#include "run/engines/rigid_shapes.h"
#include "run/run.h"
#include "run/summary.h"

static const char *kind_name(const rc_rigid_shape_info *info)
{
    switch (info->shape) {
    case RC_RIGID_SHAPE_SPHERE: return info->ball ? "ball" : "sphere";
    case RC_RIGID_SHAPE_BOX: return "box";
    case RC_RIGID_SHAPE_HULL: return "hull";
    default: return "plane";
    }
}

/* {"shape": ..., and its size: "radius", "half_extents" or "points" (d coordinates each)}; NULL when out of memory. */
static cJSON *shape_object(int d, const rc_rigid_shape_info *info, const double *points)
{
    cJSON *object = cJSON_CreateObject();
    if (!object) return NULL;
    cJSON_AddStringToObject(object, "shape", kind_name(info));
    if (info->shape == RC_RIGID_SHAPE_SPHERE) cJSON_AddNumberToObject(object, "radius", info->radius);
    if (info->shape == RC_RIGID_SHAPE_BOX)
        cJSON_AddItemToObject(object, "half_extents", rc_run_json_numbers(info->half, d));
    cJSON *list = info->shape == RC_RIGID_SHAPE_HULL ? cJSON_AddArrayToObject(object, "points") : NULL;
    for (int32_t v = 0; list && v < info->point_count; v++)
        cJSON_AddItemToArray(list, rc_run_json_numbers(points + 3 * v, d));
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
        if (info.shape == RC_RIGID_SHAPE_PLANE)
            cJSON_AddItemToObject(object, "normal", rc_run_json_numbers(info.normal, d));
        else cJSON_AddItemToObject(object, "orientation", rc_run_json_numbers(info.orientation, 4));
        cJSON_AddItemToArray(statics, object);
    }
    return root;
}

cJSON *rc_run_rigid_shapes(const rc_rigid *engine)
{
    double *points = malloc(3 * (size_t)most_points(engine) * sizeof *points + sizeof *points);
    cJSON *root = points ? shapes_document(engine, points) : NULL;
    free(points);
    return root;
}

void rc_run_rigid_half_extents(const rc_rigid *engine, double *half)
{
    rc_rigid_shape_info info;
    for (int32_t i = 0; i < rc_rigid_count(engine); i++) {
        rc_rigid_body_shape(engine, i, &info, NULL);
        for (int k = 0; k < 3; k++) half[3 * i + k] = info.half[k];
    }
}
