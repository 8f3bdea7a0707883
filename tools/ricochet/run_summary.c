/* The JSON summary ricochet run prints at the end (docs/formats.md, "Outputs"): the library's summary of the run
 * (counters, the observables averaged from the end of the equilibration, the system; rc_run_summary_json) with what
 * only the tool knows: how the run stopped, its speed in wall-clock time, where the averages start and the paths of
 * the files written. */
#include <math.h>

#include "run.h"

/* A path, or null when the file was not written. */
static void add_path(cJSON *object, const char *key, const char *path)
{
    if (path) cJSON_AddStringToObject(object, key, path);
    else cJSON_AddNullToObject(object, key);
}

static void add_outputs(cJSON *summary, const rc_run_settings *settings, const run_outputs *o)
{
    cJSON *files = cJSON_AddObjectToObject(summary, "outputs");
    cJSON_AddStringToObject(files, "directory", settings->output.directory);
    add_path(files, "trajectory", o->trajectory);
    add_path(files, "observables", o->observables);
    add_path(files, "separation_histogram", o->histogram);
    add_path(files, "h5md", o->h5md_path);
    cJSON_AddNumberToObject(files, "frames", (double)o->frames);
    cJSON_AddNumberToObject(files, "rows", (double)o->rows);
}

cJSON *rc_run_summary(const rc_edmd *engine, const rc_run_scene *scene, const rc_run_settings *settings,
                      const run_outputs *outputs, const run_result *result)
{
    char *text = rc_run_summary_json(engine, scene, &result->start);
    cJSON *summary = text ? cJSON_Parse(text) : NULL;
    rc_text_free(text);
    if (!summary) return NULL;
    cJSON_AddStringToObject(summary, "stopped_by", result->stopped_by ? result->stopped_by : "?");
    double run_collisions = cJSON_GetNumberValue(cJSON_GetObjectItem(summary, "collisions")) -
                            (double)result->start_collisions;
    cJSON_AddNumberToObject(summary, "collisions_per_second",
                            result->wall_seconds > 0 ? run_collisions / result->wall_seconds : NAN);
    cJSON_AddNumberToObject(summary, "wall_seconds", result->wall_seconds);
    cJSON *from = cJSON_AddObjectToObject(summary, "averages_from");
    cJSON_AddNumberToObject(from, "time", result->start.time);
    cJSON_AddNumberToObject(from, "collisions", (double)result->start.collisions);
    cJSON_AddBoolToObject(from, "equilibrated", result->equilibrated);
    add_outputs(summary, settings, outputs);
    return summary;
}
