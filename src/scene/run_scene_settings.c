/* SPDX-License-Identifier: MIT */
/* The run settings of a scene file (docs/formats.md, "Scene files for ricochet run"): "stop" (collisions, time,
 * events: the first reached ends the run), "equilibration" (time or collisions before the summary's averages start)
 * and "output" (directory, the time between frames, which files: xyz, csv, h5md, gsd, lammps_dump, the time between checkpoints). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const limit_keys[] = {"collisions", "time", "events", NULL};
static const char *const equilibration_keys[] = {"collisions", "time", NULL};
static const char *const output_keys[] = {"directory",        "every", "every_collisions", "xyz", "csv", "h5md",
                                          "checkpoint_every", "gsd",   "lammps_dump",      NULL};

/* Reads the limits of the object `where`; counts are positive, the time positive and finite. *given counts them. */
static rc_status read_limits(const cJSON *object, const char *where, rc_edmd_limits *limits, int *given)
{
    bool has[3] = {false, false, false};
    limits->time = INFINITY;
    limits->collisions = limits->events = 0;
    rc_status s = rc_json_count(object, where, "collisions", false, UINT64_MAX, &limits->collisions, &has[0]);
    if (!s) s = rc_json_count(object, where, "events", false, UINT64_MAX, &limits->events, &has[1]);
    has[2] = cJSON_HasObjectItem(object, "time");
    if (!s && has[2]) s = rc_json_positive(object, where, "time", true, &limits->time);
    if (s) return s;
    const char *zero = has[0] && limits->collisions == 0 ? "collisions"
                       : has[1] && limits->events == 0   ? "events"
                                                         : NULL;
    if (zero) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.%s: 0 is not positive", where, zero);
    *given = has[0] + has[1] + has[2];
    return RC_STATUS_OK;
}

static rc_status read_stop(const cJSON *root, rc_edmd_run_settings *settings)
{
    const cJSON *stop;
    int given = 0;
    rc_status s = rc_json_section(root, "", "stop", limit_keys, &stop);
    if (s) return s;
    if (!stop)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop is missing: give {\"collisions\": N}, {\"time\": T} or "
                                                   "{\"events\": N}");
    s = read_limits(stop, "stop", &settings->stop, &given);
    if (!s && given == 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop: give at least one of \"collisions\", \"time\", \"events\"");
    return s;
}

static rc_status read_equilibration(const cJSON *root, rc_edmd_run_settings *settings)
{
    const cJSON *section;
    int given = 0;
    rc_status s = rc_json_section(root, "", "equilibration", equilibration_keys, &section);
    if (s || !section) return s;
    s = read_limits(section, "equilibration", &settings->equilibration, &given);
    if (s) return s;
    if (given == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "equilibration: give \"time\" or \"collisions\" (or leave it out)");
    const rc_edmd_limits *e = &settings->equilibration, *stop = &settings->stop;
    if (isfinite(e->time) && e->time >= stop->time)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "equilibration.time: %g is not before stop.time %g", e->time,
                       stop->time);
    if (e->collisions && stop->collisions && e->collisions >= stop->collisions)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "equilibration.collisions: %llu is not below stop.collisions %llu",
                       (unsigned long long)e->collisions, (unsigned long long)stop->collisions);
    settings->equilibrate = true;
    return RC_STATUS_OK;
}

rc_status rc_run_read_output(const cJSON *root, rc_run_output *out, char **directory_copy)
{
    const cJSON *section;
    const char *directory = NULL;
    out->every = INFINITY;
    out->every_collisions = 0;
    out->xyz = out->csv = true;
    rc_status s = rc_json_section(root, "", "output", output_keys, &section);
    if (!s && section) s = rc_json_string(section, "output", "directory", false, &directory);
    if (!s && directory && !directory[0])
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "output.directory: the name is empty");
    if (!s && section && cJSON_HasObjectItem(section, "every"))
        s = rc_json_positive(section, "output", "every", true, &out->every);
    bool by_collisions = false;
    if (!s && section)
        s = rc_json_count(section, "output", "every_collisions", false, UINT64_MAX, &out->every_collisions,
                          &by_collisions);
    if (!s && by_collisions && out->every_collisions == 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "output.every_collisions: 0 is not positive");
    if (!s && by_collisions && isfinite(out->every))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "output: give \"every\" (time) or \"every_collisions\", not both");
    out->checkpoint_every = 0;
    if (!s && section && cJSON_HasObjectItem(section, "checkpoint_every"))
        s = rc_json_positive(section, "output", "checkpoint_every", true, &out->checkpoint_every);
    if (!s && section) s = rc_json_flag(section, "output", "xyz", &out->xyz);
    if (!s && section) s = rc_json_flag(section, "output", "csv", &out->csv);
    if (!s && section) s = rc_json_flag(section, "output", "h5md", &out->h5md);
    if (!s && section) s = rc_json_flag(section, "output", "gsd", &out->gsd);
    if (!s && section) s = rc_json_flag(section, "output", "lammps_dump", &out->lammps_dump);
    if (s) return s;
    *directory_copy = strdup(directory ? directory : "out");
    if (!*directory_copy) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the scene");
    out->directory = *directory_copy;
    return RC_STATUS_OK;
}

rc_status rc_run_read_settings(const cJSON *root, rc_edmd_scene *scene)
{
    rc_status s = read_stop(root, &scene->settings);
    if (!s) s = read_equilibration(root, &scene->settings);
    if (!s) s = rc_run_read_output(root, &scene->settings.output, &scene->directory);
    return s;
}
