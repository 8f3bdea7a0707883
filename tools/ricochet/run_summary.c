/* The JSON summary ricochet run prints at the end (docs/formats.md, "Outputs"): counters, the observables averaged
 * from the end of the equilibration, the speed in wall-clock time, the system and the paths of the files written. */
#include <math.h>

#include "run.h"

static void add_count(cJSON *object, const char *key, uint64_t value)
{
    cJSON_AddNumberToObject(object, key, (double)value);
}

/* A path, or null when the file was not written. */
static void add_path(cJSON *object, const char *key, const char *path)
{
    if (path) cJSON_AddStringToObject(object, key, path);
    else cJSON_AddNullToObject(object, key);
}

static void add_counters(cJSON *summary, const rc_edmd_observables *m)
{
    cJSON_AddNumberToObject(summary, "time", m->time);
    add_count(summary, "collisions", m->collisions);
    add_count(summary, "events", m->events);
    add_count(summary, "wall_collisions", m->wall_collisions);
    add_count(summary, "stabilising_collisions", m->stabilising_collisions);
    add_count(summary, "negative_time_events", m->negative_time_events);
    add_count(summary, "three_body_events", m->three_body_events);
    add_count(summary, "thermostat_events", m->thermostat_events);
    add_count(summary, "neighbour_rebuilds", m->neighbour_rebuilds);
    add_count(summary, "clusters", m->clusters);
    cJSON_AddNumberToObject(summary, "largest_cluster", m->largest_cluster);
    add_count(summary, "impact_iterations", m->impact_iterations);
    add_count(summary, "lineality_detections", m->lineality_detections);
    cJSON_AddNumberToObject(summary, "sleeping", m->sleeping);
    add_count(summary, "sleeps", m->sleeps);
    add_count(summary, "wakes", m->wakes);
}

/* The averages over the interval from result->start, and the state at the end. */
static void add_observables(cJSON *summary, const rc_edmd_observables *m, const run_result *result)
{
    cJSON_AddNumberToObject(summary, "temperature", m->temperature);
    cJSON_AddNumberToObject(summary, "pressure", m->pressure);
    cJSON_AddNumberToObject(summary, "compressibility", m->compressibility);
    cJSON_AddNumberToObject(summary, "collision_rate", m->collision_rate);
    cJSON_AddNumberToObject(summary, "mean_free_time", m->mean_free_time);
    cJSON_AddNumberToObject(summary, "kinetic_energy", m->kinetic_energy);
    cJSON_AddNumberToObject(summary, "potential_energy", m->potential_energy);
    cJSON_AddNumberToObject(summary, "dissipated_energy", m->dissipated_energy);
    cJSON_AddNumberToObject(summary, "energy_drift", m->energy_drift);
    cJSON_AddNumberToObject(summary, "max_overlap", m->max_overlap);
    cJSON *from = cJSON_AddObjectToObject(summary, "averages_from");
    cJSON_AddNumberToObject(from, "time", result->start.time);
    add_count(from, "collisions", result->start.collisions);
    cJSON_AddBoolToObject(from, "equilibrated", result->equilibrated);
}

static void add_system(cJSON *summary, const rc_edmd_def *def, const rc_run_settings *settings)
{
    cJSON_AddNumberToObject(summary, "particles", def->count);
    cJSON_AddNumberToObject(summary, "dimension", def->dimension);
    cJSON_AddNumberToObject(summary, "packing_fraction", settings->packing_fraction);
    cJSON *box = cJSON_AddArrayToObject(summary, "box");
    cJSON *periodic = cJSON_AddArrayToObject(summary, "periodic");
    for (int k = 0; k < def->dimension; k++) {
        cJSON_AddItemToArray(box, cJSON_CreateNumber(def->box[k]));
        cJSON_AddItemToArray(periodic, cJSON_CreateBool(def->periodic[k]));
    }
    cJSON_AddStringToObject(summary, "event_detection", rc_event_detection_name(def->detection));
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
    rc_edmd_observables m;
    rc_edmd_measure_since(engine, &result->start, &m);
    cJSON *summary = cJSON_CreateObject();
    if (!summary) return NULL;
    cJSON_AddStringToObject(summary, "stopped_by", result->stopped_by ? result->stopped_by : "?");
    add_counters(summary, &m);
    double run_collisions = (double)(m.collisions - result->start_collisions);
    cJSON_AddNumberToObject(summary, "collisions_per_second",
                            result->wall_seconds > 0 ? run_collisions / result->wall_seconds : NAN);
    cJSON_AddNumberToObject(summary, "wall_seconds", result->wall_seconds);
    add_observables(summary, &m, result);
    add_system(summary, rc_run_scene_def(scene), settings);
    add_outputs(summary, settings, outputs);
    return summary;
}
