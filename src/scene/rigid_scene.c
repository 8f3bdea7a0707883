/* SPDX-License-Identifier: MIT */
/* Time-stepping scene files (ricochet/rigid_scene.h, docs/formats.md, "Time-stepping scenes"): parse the JSON,
 * check the top-level keys, read the world ("dimension", "time_step", "gravity", "margin", the sleep keys,
 * "settle_sweeps", the resolver's options), the bodies and static shapes (rigid_scene_bodies.c), "stop" (time and/or steps) and "output", then check the
 * definition by building an engine once, with the engine's failures in the file's terms. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "scene/option_values.h"
#include "scene/rigid_scene.h"
#include "scene/run_scene.h"
#include "json/json_document.h"
#include "json/json_fields.h"

static const char *const top_keys[] = {"comment", "dynamics", "dimension",   "time_step",  "gravity",
                                       "margin",  "sleep",    "sleep_speed", "sleep_time", "settle_sweeps",
                                       "bodies",  "static",   "stop",        "output",     NULL};
static const char *const stop_keys[] = {"time", "steps", NULL};

bool rc_rigid_scene_is_time_stepping(const char *text)
{
    cJSON *root = cJSON_Parse(text);
    const cJSON *dynamics = cJSON_GetObjectItemCaseSensitive(root, "dynamics");
    bool yes = cJSON_IsString(dynamics) && strcmp(dynamics->valuestring, "time-stepping") == 0;
    cJSON_Delete(root);
    return yes;
}

static rc_status read_world(const cJSON *root, rc_rigid_scene *scene)
{
    rc_rigid_def *d = &scene->def;
    double dimension = 3;
    rc_status s = rc_json_number(root, "", "dimension", false, &dimension);
    if (!s && dimension != 2 && dimension != 3)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %g is not 2 or 3", dimension);
    if (!s) d->dimension = (int)dimension; /* cast only once checked: 3e84 does not fit an int */
    if (!s) s = rc_json_positive(root, "", "time_step", true, &d->time_step);
    if (!s) s = rc_run_vector(root, "", "gravity", d->dimension, false, d->gravity);
    if (!s && cJSON_HasObjectItem(root, "margin")) s = rc_json_range(root, "", "margin", true, 1e-12, 0.5, &d->margin);
    if (!s) s = rc_json_flag(root, "", "sleep", &d->sleep);
    if (!s) s = rc_json_range(root, "", "sleep_speed", false, 0, INFINITY, &d->sleep_speed);
    if (!s) s = rc_json_positive(root, "", "sleep_time", false, &d->sleep_time);
    uint64_t sweeps = 0;
    if (!s) s = rc_json_count(root, "", "settle_sweeps", false, RC_RIGID_SETTLE_SWEEPS_MAX, &sweeps, NULL);
    d->settle_sweeps = (int32_t)sweeps;
    if (!s) s = rc_json_impact_options(root, "", &d->impact);
    return s;
}

static rc_status read_stop(const cJSON *root, rc_rigid_run_settings *settings)
{
    const cJSON *stop;
    uint64_t steps = 0;
    bool has_steps = false;
    settings->stop_time = INFINITY;
    rc_status s = rc_json_section(root, "", "stop", stop_keys, &stop);
    if (!s && !stop) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop is missing: give {\"time\": T} or {\"steps\": N}");
    if (!s && cJSON_HasObjectItem(stop, "time")) s = rc_json_positive(stop, "stop", "time", true, &settings->stop_time);
    if (!s) s = rc_json_count(stop, "stop", "steps", false, INT64_MAX, &steps, &has_steps);
    if (!s && has_steps && steps == 0) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop.steps: 0 is not positive");
    if (!s && !has_steps && !isfinite(settings->stop_time))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop: give \"time\" or \"steps\"");
    settings->stop_steps = (int64_t)steps;
    return s;
}

/* Builds the engine once to check what only the engine checks (hulls with volume, orientations), then drops it. */
static rc_status check_engine(const rc_rigid_scene *scene)
{
    rc_rigid *engine;
    rc_status s = rc_rigid_create(&scene->def, &engine);
    rc_rigid_destroy(engine);
    return s;
}

static rc_status read_root(const cJSON *root, rc_rigid_scene *scene)
{
    if (!cJSON_IsObject(root))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the scene file must hold one JSON object {...}");
    const char *comment;
    rc_status s = rc_json_check_kind(root, RC_FILE_SCENE);
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(root, "box");
    if (!s && cJSON_IsObject(box) && cJSON_HasObjectItem(box, "shear")) /* the likeliest mistake of the two */
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.shear: Lees-Edwards shear is for \"event-driven\" dynamics; "
                                                "time-stepping scenes have no periodic box");
    if (!s) s = rc_json_check_keys(root, "", top_keys, rc_option_names);
    if (!s) s = rc_json_string(root, "", "comment", false, &comment);
    if (!s) s = read_world(root, scene);
    if (!s) s = rc_rigid_read_bodies(root, scene);
    if (!s) s = read_stop(root, &scene->settings);
    if (!s) s = rc_run_read_output(root, &scene->settings.output, &scene->directory);
    if (!s && scene->settings.output.every_collisions)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "output.every_collisions: a time-stepped scene has no collisions to count; "
                    "give output.every (time)");
    if (!s) s = check_engine(scene);
    return s;
}

static void *scene_create(void)
{
    rc_rigid_scene *scene = calloc(1, sizeof *scene);
    if (scene) scene->def = rc_rigid_default_def();
    return scene;
}

static rc_status scene_read_root(const cJSON *root, void *scene) { return read_root(root, scene); }
static void scene_destroy(void *scene) { rc_rigid_scene_destroy(scene); }
static const rc_json_reader scene_reader = {"the scene", scene_create, scene_read_root, scene_destroy};

rc_status rc_rigid_scene_create_from_text(const char *text, rc_rigid_scene **scene)
{
    return rc_json_reader_parse(&scene_reader, text, scene);
}

rc_status rc_rigid_scene_from_json(const cJSON *root, rc_rigid_scene **scene)
{
    return rc_json_reader_take(&scene_reader, root, scene);
}

rc_status rc_rigid_scene_create_from_file(const char *path, rc_rigid_scene **scene)
{
    return rc_json_reader_read(&scene_reader, path, scene);
}

void rc_rigid_scene_destroy(rc_rigid_scene *scene)
{
    if (!scene) return;
    for (int k = 0; k < scene->point_lists; k++) free(scene->points[k]);
    free(scene->points);
    free(scene->bodies);
    free(scene->statics);
    free(scene->directory);
    free(scene);
}

const rc_rigid_def *rc_rigid_scene_def(const rc_rigid_scene *scene) { return &scene->def; }
const rc_rigid_run_settings *rc_rigid_scene_settings(const rc_rigid_scene *scene) { return &scene->settings; }
