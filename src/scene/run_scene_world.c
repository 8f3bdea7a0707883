/* SPDX-License-Identifier: MIT */
/* The world of a scene file (docs/formats.md, "Scene files for ricochet run"): the dynamics, the dimension, the box,
 * gravity, walls, restitution, and the engine's settings (event detection, thermostat, neighbour shell, reordering,
 * diagnostics, seed), read into the engine's definition. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const box_keys[] = {"size", "periodic", "restitution", "shear", "tangential_restitution", NULL};
static const char *const shear_keys[] = {"rate", "flow", "gradient", NULL};
static const char *const wall_keys[] = {"point",       "normal",  "restitution", "tangential_restitution",
                                        "oscillation", "thermal", NULL};
static const char *const thermostat_keys[] = {"temperature", "rate", NULL};
static const char *const diagnostics_keys[] = {"separation_histogram", NULL};

static rc_status read_dynamics(const cJSON *root, rc_edmd_def *def)
{
    const char *dynamics = NULL;
    double dimension = 0;
    rc_status s = rc_json_string(root, "", "dynamics", false, &dynamics);
    if (s) return s;
    if (dynamics && strcmp(dynamics, "time-stepping") == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "dynamics: \"time-stepping\" scenes are read by rc_rigid_scene_create_from_file "
                       "(ricochet run chooses the reader by \"dynamics\")");
    if (dynamics && strcmp(dynamics, "event-driven") != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dynamics: \"%s\" is not \"event-driven\" or \"time-stepping\"",
                       dynamics);
    s = rc_json_number(root, "", "dimension", true, &dimension);
    if (!s && dimension != 2 && dimension != 3)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %g is not 2 or 3", dimension);
    if (!s) def->dimension = (int)dimension; /* cast only once checked: 3e84 does not fit an int */
    return s;
}

/* "periodic": one boolean for every axis, or a list of one per axis. */
static rc_status read_periodic(const cJSON *box, rc_edmd_def *def)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(box, "periodic");
    for (int k = 0; k < 3; k++) def->periodic[k] = !item || cJSON_IsTrue(item);
    if (!item || cJSON_IsBool(item)) return RC_STATUS_OK;
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != def->dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "box.periodic: not true, false or a list of %d of them (dimension is %d)", def->dimension,
                       def->dimension);
    int k = 0;
    for (const cJSON *axis = item->child; axis; axis = axis->next, k++) {
        if (!cJSON_IsBool(axis)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.periodic[%d]: not true or false", k);
        def->periodic[k] = cJSON_IsTrue(axis);
    }
    return RC_STATUS_OK;
}

/* "shear": {"rate": r, "flow": 0, "gradient": 1}, checked against the rest of the world by rc_edmd_def_check_shear once
 * the world is read. */
static rc_status read_shear(const cJSON *box, rc_edmd_def *def)
{
    const cJSON *shear;
    uint64_t flow = 0, gradient = 1;
    rc_status s = rc_json_section(box, "box", "shear", shear_keys, &shear);
    if (s || !shear) return s;
    def->shear.on = true;
    s = rc_json_number(shear, "box.shear", "rate", true, &def->shear.rate);
    if (!s) s = rc_json_count(shear, "box.shear", "flow", false, 2, &flow, NULL);
    if (!s) s = rc_json_count(shear, "box.shear", "gradient", false, 2, &gradient, NULL);
    def->shear.flow = (int)flow, def->shear.gradient = (int)gradient;
    return s;
}

static rc_status read_box(const cJSON *root, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    const cJSON *box;
    rc_status s = rc_json_section(root, "", "box", box_keys, &box);
    if (s) return s;
    for (int k = 0; k < 3; k++) def->box[k] = 1;
    scene->box_given = cJSON_HasObjectItem(box, "size");
    scene->periodic_given = cJSON_HasObjectItem(box, "periodic");
    s = rc_run_vector(box, "box", "size", def->dimension, false, def->box);
    for (int k = 0; k < def->dimension && !s; k++)
        if (!(def->box[k] > 0))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.size[%d]: %g is not positive", k, def->box[k]);
    if (def->dimension == 2) def->box[2] = 1;
    if (!s) s = read_periodic(box, def);
    if (!s) s = rc_json_range(box, "box", "restitution", false, 0, 1, &def->box_restitution);
    return s ? s : read_shear(box, def);
}

/* Scales v (dimension entries) to unit length; returns false for a zero vector. */
static bool normalise(double v[3], int dimension)
{
    double big = 0, length = 0;
    for (int k = 0; k < dimension; k++) big = fmax(big, fabs(v[k]));
    if (big == 0) return false;
    for (int k = 0; k < dimension; k++) length = hypot(length, v[k] / big);
    for (int k = 0; k < dimension; k++) v[k] = v[k] / big / length;
    return true;
}

static rc_status read_walls(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *list;
    rc_status s = rc_json_list(root, "", "walls", false, &list);
    int count = list ? cJSON_GetArraySize(list) : 0;
    if (s || count == 0) return s;
    scene->walls = calloc((size_t)count, sizeof *scene->walls);
    if (!scene->walls) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the scene's walls");
    int i = 0;
    char name[RC_FIELD_NAME_SIZE];
    for (const cJSON *item = list->child; item && !s; item = item->next, i++) {
        rc_wall *w = &scene->walls[i];
        rc_field_index(name, "walls", i);
        w->restitution = 1;
        s = rc_json_expect_object(item, name);
        if (!s) s = rc_json_check_keys(item, name, wall_keys, NULL);
        if (!s) s = rc_run_vector(item, name, "point", scene->def.dimension, true, w->point);
        if (!s) s = rc_run_vector(item, name, "normal", scene->def.dimension, true, w->normal);
        if (!s) s = rc_run_read_restitution(item, name, &w->restitution, &w->restitution_law);
        if (!s) s = rc_run_read_wall_motion(item, name, w);
        if (!s && !normalise(w->normal, scene->def.dimension))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.normal: zero vector", name);
    }
    scene->def.walls = scene->walls;
    scene->def.wall_count = count;
    return s;
}

static rc_status read_detection(const cJSON *root, rc_edmd_def *def)
{
    const char *name = NULL;
    rc_status s = rc_json_string(root, "", "event_detection", false, &name);
    if (!s && name && rc_event_detection_parse(name, &def->detection))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "event_detection: \"%s\" is not \"stable\" or \"naive\"", name);
    return s;
}

static rc_status read_engine_settings(const cJSON *root, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    const cJSON *thermostat, *diagnostics;
    rc_status s = read_detection(root, def);
    if (!s) s = rc_json_section(root, "", "thermostat", thermostat_keys, &thermostat);
    if (!s && thermostat)
        s = rc_json_positive(thermostat, "thermostat", "temperature", true, &def->thermostat_temperature);
    if (!s && thermostat) s = rc_json_positive(thermostat, "thermostat", "rate", true, &def->thermostat_rate);
    if (!s && cJSON_HasObjectItem(root, "neighbour_shell"))
        s = rc_json_positive(root, "", "neighbour_shell", true, &def->shell);
    if (!s) s = rc_json_range(root, "", "reorder_interval", false, 0, INFINITY, &def->reorder_interval);
    if (!s) s = rc_json_section(root, "", "diagnostics", diagnostics_keys, &diagnostics);
    if (!s && diagnostics)
        s = rc_json_flag(diagnostics, "diagnostics", "separation_histogram", &def->separation_histogram);
    if (!s) s = rc_json_count(root, "", "seed", false, UINT64_MAX, &scene->seed, NULL);
    def->seed = rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_THERMOSTAT);
    uint64_t threads = 1; /* the engine refuses more than the system's domains */
    const cJSON *asked = cJSON_GetObjectItemCaseSensitive(root, "threads");
    if (!s && cJSON_IsNumber(asked) && asked->valuedouble < 1)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "threads: %g is below 1", asked->valuedouble);
    if (!s) s = rc_json_count(root, "", "threads", false, INT32_MAX, &threads, NULL);
    def->threads = (int32_t)threads;
    return s;
}

rc_status rc_run_read_world(const cJSON *root, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    rc_status s = read_dynamics(root, def);
    if (!s) s = read_box(root, scene);
    if (!s) s = rc_run_vector(root, "", "gravity", def->dimension, false, def->gravity);
    if (!s) s = rc_run_read_restitution(root, "", &def->restitution, &def->restitution_law);
    if (!s) s = read_walls(root, scene);
    if (!s) s = read_engine_settings(root, scene);
    if (!s && (s = rc_edmd_def_check_shear(def)) != RC_STATUS_OK) s = rc_fail(s, "box.%s", rc_error_get());
    return s;
}
