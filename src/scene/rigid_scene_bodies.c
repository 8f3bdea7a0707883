/* SPDX-License-Identifier: MIT */
/* The "bodies" and "static" entries of a time-stepping scene (docs/formats.md, "Time-stepping scenes"): a shape
 * ("ball", "sphere" or "disk", "box", "hull" or "polygon", and for static shapes "plane") with its size, placement
 * (position; "orientation": a quaternion in 3D, an angle in 2D) and, for bodies, mass or density, velocities, species
 * and an optional "grid" of copies, in the keys problem files share (rigid_keys.c). Every failure names the entry:
 * "bodies[2].half_extents: ...". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "rigid/body.h"
#include "scene/rigid_keys.h"
#include "scene/rigid_scene.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const body_keys[] = {"shape",    "radius",           "half_extents", "half", "points",
                                        "position", "orientation",      "angle",        "mass", "density",
                                        "velocity", "angular_velocity", "species",      "grid", NULL};
static const char *const static_keys[] = {"shape",    "radius",      "half_extents", "half",   "points",
                                          "position", "orientation", "angle",        "normal", NULL};
static const char *const grid_keys[] = {"counts", "spacing", NULL};

static const struct {
    const char *name;
    rc_rigid_shape shape;
    bool ball;
} shapes[] = {{"ball", RC_RIGID_SHAPE_SPHERE, true},  {"sphere", RC_RIGID_SHAPE_SPHERE, false},
              {"disk", RC_RIGID_SHAPE_SPHERE, false}, {"box", RC_RIGID_SHAPE_BOX, false},
              {"hull", RC_RIGID_SHAPE_HULL, false},   {"polygon", RC_RIGID_SHAPE_HULL, false},
              {"plane", RC_RIGID_SHAPE_PLANE, false}};

/* The fields bodies and static shapes share. */
typedef struct shape_fields {
    rc_rigid_shape shape;
    bool ball;
    double radius, half[3], position[3], orientation[4];
    const double *points;
    int32_t point_count;
} shape_fields;

static rc_status read_points(const cJSON *item, const char *name, int d, rc_rigid_scene *scene, shape_fields *f)
{
    const cJSON *list;
    char field[RC_FIELD_NAME_SIZE];
    rc_status s = rc_json_list(item, name, "points", true, &list);
    if (s) return s;
    int n = cJSON_GetArraySize(list), capacity = scene->point_lists;
    double *points = malloc((size_t)(n > 0 ? n : 1) * (size_t)d * sizeof *points);
    if (!points || RC_GROW(scene->points, capacity, scene->point_lists + 1)) {
        free(points);
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading %s.points", name);
    }
    scene->points[scene->point_lists++] = points;
    int k = 0;
    for (const cJSON *p = list->child; p && !s; p = p->next, k++) {
        rc_field_name(field, name, "points");
        char entry[RC_FIELD_NAME_SIZE];
        rc_field_index(entry, field, k);
        s = rc_json_item_vector(p, entry, d, d == 2 ? "dimension is 2" : "dimension is 3", points + d * k);
    }
    f->points = points;
    f->point_count = n;
    return s;
}

static rc_status read_shape(const cJSON *item, const char *name, int d, bool fixed, rc_rigid_scene *scene,
                            shape_fields *f)
{
    const char *text;
    rc_status s = rc_json_string(item, name, "shape", true, &text);
    if (s) return s;
    size_t k = 0, count = sizeof shapes / sizeof *shapes - (fixed ? 0 : 1);
    while (k < count && strcmp(text, shapes[k].name) != 0) k++;
    if (k == count || (fixed && shapes[k].ball))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.shape: \"%s\" is not %s", name, text,
                       fixed ? "\"plane\", \"sphere\", \"box\" or \"hull\""
                             : "\"ball\", \"sphere\", \"box\" or \"hull\"");
    f->shape = shapes[k].shape;
    f->ball = shapes[k].ball;
    if (f->shape == RC_RIGID_SHAPE_SPHERE) s = rc_json_size(item, name, "radius", true, &f->radius);
    if (!s && f->shape == RC_RIGID_SHAPE_BOX) s = rc_json_half_extents(item, name, d, true, f->half);
    if (!s && f->shape == RC_RIGID_SHAPE_HULL) s = read_points(item, name, d, scene, f);
    if (!s) s = rc_run_vector(item, name, "position", d, f->shape != RC_RIGID_SHAPE_PLANE, f->position);
    f->orientation[0] = 1;
    double angle = 0;
    if (!s) s = rc_json_orientation(item, name, d, f->orientation, &angle);
    return s;
}

static rc_status read_static(const cJSON *item, const char *name, rc_rigid_scene *scene, rc_rigid_static_def *out)
{
    int d = scene->def.dimension;
    shape_fields f = {0};
    rc_status s = rc_json_expect_object(item, name);
    if (!s) s = rc_json_check_keys(item, name, static_keys, NULL);
    if (!s) s = read_shape(item, name, d, true, scene, &f);
    *out = rc_rigid_default_static_def();
    if (!s && f.shape == RC_RIGID_SHAPE_PLANE) s = rc_run_vector(item, name, "normal", d, true, out->normal);
    out->shape = f.shape, out->radius = f.radius, out->points = f.points, out->point_count = f.point_count;
    memcpy(out->half, f.half, sizeof f.half);
    memcpy(out->position, f.position, sizeof f.position);
    memcpy(out->orientation, f.orientation, sizeof f.orientation);
    return s;
}

/* The engine's checks of one entry, named as the file names it (the engine numbers a grid's copies). */
static rc_status check_body(int d, const rc_rigid_body_def *b, const char *name)
{
    rc_rigid_pool pool = {0};
    rc_rigid_body_properties properties;
    rc_status s = rc_rigid_body_prepare(d, b, name, &pool, &properties);
    rc_rigid_pool_free(&pool);
    return s;
}

/* One entry of "bodies": its fields into *b, and the copies of its "grid" (1 when there is none) into *copies,
 * with the spacing. */
static rc_status read_body(const cJSON *item, const char *name, rc_rigid_scene *scene, rc_rigid_body_def *b,
                           int64_t counts[3], double spacing[3])
{
    int d = scene->def.dimension;
    shape_fields f = {0};
    rc_status s = rc_json_expect_object(item, name);
    if (!s) s = rc_json_check_keys(item, name, body_keys, NULL);
    if (!s) s = read_shape(item, name, d, false, scene, &f);
    if (s) return s;
    *b = rc_rigid_default_body_def();
    b->shape = f.shape, b->ball = f.ball, b->radius = f.radius, b->points = f.points, b->point_count = f.point_count;
    memcpy(b->half, f.half, sizeof f.half);
    memcpy(b->position, f.position, sizeof f.position);
    memcpy(b->orientation, f.orientation, sizeof f.orientation);
    s = rc_json_mass(item, name, &b->mass, &b->density);
    if (!s) s = rc_run_vector(item, name, "velocity", d, false, b->velocity);
    if (!s && d == 3) s = rc_run_vector(item, name, "angular_velocity", 3, false, b->angular_velocity);
    if (!s && d == 2) s = rc_json_number(item, name, "angular_velocity", false, &b->angular_velocity[2]);
    uint64_t species = 0;
    if (!s) s = rc_json_count(item, name, "species", false, INT32_MAX, &species, NULL);
    b->species = (int32_t)species;
    if (!s) s = check_body(d, b, name);
    const cJSON *grid;
    char where[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "grid");
    counts[0] = counts[1] = counts[2] = 1;
    if (!s) s = rc_json_section(item, name, "grid", grid_keys, &grid);
    if (s || !grid) return s;
    double c[3];
    s = rc_run_vector(grid, where, "counts", d, true, c);
    if (!s) s = rc_run_vector(grid, where, "spacing", d, true, spacing);
    for (int k = 0; k < d && !s; k++) {
        if (!(c[k] >= 1 && c[k] == floor(c[k]) && c[k] <= 1e6))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.counts[%d]: %g is not a whole number from 1 to 10^6", where, k,
                        c[k]);
        else counts[k] = (int64_t)c[k];
    }
    return s;
}

/* Appends the copies of b on its grid. */
static rc_status place_copies(rc_rigid_scene *scene, const rc_rigid_body_def *b, const int64_t counts[3],
                              const double spacing[3], int *capacity, const char *name)
{
    int64_t total = counts[0] * counts[1] * counts[2];
    if (scene->def.body_count + total > INT32_MAX / 2)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.grid: too many bodies", name);
    rc_status s = RC_GROW(scene->bodies, *capacity, scene->def.body_count + (int)total);
    if (s) return s;
    for (int64_t k = 0; k < counts[2]; k++)
        for (int64_t j = 0; j < counts[1]; j++)
            for (int64_t i = 0; i < counts[0]; i++) {
                rc_rigid_body_def *copy = &scene->bodies[scene->def.body_count++];
                *copy = *b;
                const int64_t at[3] = {i, j, k};
                for (int c = 0; c < 3; c++) copy->position[c] += (double)at[c] * spacing[c];
            }
    return RC_STATUS_OK;
}

rc_status rc_rigid_read_bodies(const cJSON *root, rc_rigid_scene *scene)
{
    rc_warnings_clear(); /* the scene's warnings are those of its bodies */
    const cJSON *list;
    char name[RC_FIELD_NAME_SIZE];
    int capacity = 0, k = 0;
    rc_status s = rc_json_list(root, "", "bodies", true, &list);
    for (const cJSON *item = list ? list->child : NULL; item && !s; item = item->next, k++) {
        rc_rigid_body_def b;
        int64_t counts[3];
        double spacing[3] = {0, 0, 0};
        rc_field_index(name, "bodies", k);
        s = read_body(item, name, scene, &b, counts, spacing);
        if (!s) s = place_copies(scene, &b, counts, spacing, &capacity, name);
    }
    if (!s) s = rc_json_list(root, "", "static", false, &list);
    int count = list && !s ? cJSON_GetArraySize(list) : 0;
    if (!s && count > 0 && !(scene->statics = calloc((size_t)count, sizeof *scene->statics)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading static");
    k = 0;
    for (const cJSON *item = count > 0 ? list->child : NULL; item && !s; item = item->next, k++) {
        rc_field_index(name, "static", k);
        s = read_static(item, name, scene, &scene->statics[k]);
        scene->def.static_count = k + 1;
    }
    scene->def.bodies = scene->bodies;
    scene->def.statics = scene->statics;
    return s;
}
