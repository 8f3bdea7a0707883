/* The physics of a run's summary as JSON (ricochet/scene.h, rc_run_summary_json; docs/formats.md, "The summary"):
 * the counters, the observables averaged over an interval, and the system. The tool adds what only it knows (how the
 * run stopped, wall-clock speed, the files written); the Python interface reads it as a dict. */
#include <stddef.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "io/run_scene.h"

/* The keys of the summary taken from the observables, in order, with the type of their field. */
enum { NUMBER, COUNT, INT32 }; /* double, uint64_t, int32_t */
#define FIELD(name, type) {#name, offsetof(rc_edmd_observables, name), type}
static const struct {
    const char *key;
    size_t offset;
    int type;
} fields[] = {
    FIELD(time, NUMBER), FIELD(collisions, COUNT), FIELD(events, COUNT), FIELD(wall_collisions, COUNT),
    FIELD(stabilising_collisions, COUNT), FIELD(negative_time_events, COUNT), FIELD(three_body_events, COUNT),
    FIELD(thermostat_events, COUNT), FIELD(neighbour_rebuilds, COUNT), FIELD(clusters, COUNT),
    FIELD(largest_cluster, INT32), FIELD(impact_iterations, COUNT), FIELD(lineality_detections, COUNT), FIELD(impact_fallbacks, COUNT),
    FIELD(sleeping, INT32), FIELD(sleeps, COUNT), FIELD(wakes, COUNT), FIELD(kicks, COUNT), FIELD(temperature, NUMBER),
    FIELD(pressure, NUMBER), FIELD(compressibility, NUMBER), FIELD(collision_rate, NUMBER),
    FIELD(mean_free_time, NUMBER), FIELD(kinetic_energy, NUMBER), FIELD(potential_energy, NUMBER),
    FIELD(dissipated_energy, NUMBER), FIELD(energy_drift, NUMBER), FIELD(max_overlap, NUMBER),
};

static double value_of(const rc_edmd_observables *m, size_t k)
{
    const char *field = (const char *)m + fields[k].offset;
    return fields[k].type == COUNT   ? (double)*(const uint64_t *)field
           : fields[k].type == INT32 ? (double)*(const int32_t *)field
                                     : *(const double *)field;
}

static void add_observables(cJSON *summary, const rc_edmd_observables *m)
{
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++)
        cJSON_AddNumberToObject(summary, fields[k].key, value_of(m, k));
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

char *rc_run_summary_json(const rc_edmd *engine, const rc_run_scene *scene, const rc_edmd_observables *since)
{
    if (!engine || !scene) return NULL;
    rc_edmd_observables m;
    if (since) rc_edmd_measure_since(engine, since, &m);
    else rc_edmd_measure(engine, &m);
    cJSON *summary = cJSON_CreateObject();
    if (!summary) return NULL;
    add_observables(summary, &m);
    add_system(summary, &scene->def, &scene->settings);
    char *text = cJSON_PrintUnformatted(summary);
    cJSON_Delete(summary);
    return text;
}

void rc_text_free(char *text) { cJSON_free(text); }
