/* SPDX-License-Identifier: MIT */
/* The summary of a run (docs/formats.md, "The summary"), one object whatever the engine where meanings are shared:
 * how it stopped, the measured keys of the table of observables (observables.c; event-driven averages from the end
 * of the equilibration), its speed in wall-clock time, the system and the files written. And the two files that make
 * a run folder explain itself: DIRECTORY/scene.json (the scene with the run's effective stop and output) and
 * DIRECTORY/summary.json (the summary with the version, the command line, the start and the end). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/status.h"
#include "io/json_document.h"
#include "run/run.h"

void rc_run_timestamp(char out[32])
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

cJSON *rc_run_json_numbers(const double *x, int n)
{
    cJSON *list = cJSON_CreateArray();
    for (int k = 0; list && k < n; k++) cJSON_AddItemToArray(list, cJSON_CreateNumber(x[k]));
    return list;
}

typedef struct labelled {
    int32_t species, index;
} labelled;

/* By species, then by index: a total order, so the sums below never depend on qsort. */
static int compare_labelled(const void *a, const void *b)
{
    const labelled *x = a, *y = b;
    if (x->species != y->species) return (x->species > y->species) - (x->species < y->species);
    return (x->index > y->index) - (x->index < y->index);
}

/* One entry per species present, in index order: its count, mean diameter and mass, and the polydispersity of its
 * diameters (0 for one size). */
cJSON *rc_run_species_summary(const rc_edmd_def *def)
{
    cJSON *list = cJSON_CreateArray();
    labelled *order = malloc((size_t)def->count * sizeof *order);
    if (!list || !order) {
        free(order);
        return list;
    }
    for (int32_t i = 0; i < def->count; i++) order[i] = (labelled){def->species ? def->species[i] : 0, i};
    qsort(order, (size_t)def->count, sizeof *order, compare_labelled);
    for (int32_t first = 0, end; first < def->count; first = end) {
        /* deviations from the first particle's, then from the mean: exact when the sizes and masses are equal */
        double d0 = 2 * def->radii[order[first].index], m0 = def->masses[order[first].index];
        double diameter = 0, squares = 0, mass = 0;
        for (end = first; end < def->count && order[end].species == order[first].species; end++) {
            diameter += 2 * def->radii[order[end].index] - d0;
            mass += def->masses[order[end].index] - m0;
        }
        double n = end - first, mean = d0 + diameter / n;
        for (int32_t k = first; k < end; k++) squares += pow(2 * def->radii[order[k].index] - mean, 2);
        cJSON *entry = cJSON_CreateObject();
        cJSON_AddNumberToObject(entry, "species", order[first].species);
        cJSON_AddNumberToObject(entry, "count", n);
        cJSON_AddNumberToObject(entry, "diameter", mean);
        cJSON_AddNumberToObject(entry, "polydispersity", sqrt(squares / n) / mean);
        cJSON_AddNumberToObject(entry, "mass", m0 + mass / n);
        cJSON_AddItemToArray(list, entry);
    }
    free(order);
    return list;
}

static void add_edmd_system(const rc_run *run, cJSON *summary)
{
    const rc_edmd_def *def = rc_run_scene_def(run->edmd_scene);
    cJSON_AddNumberToObject(summary, "particles", def->count);
    cJSON_AddNumberToObject(summary, "dimension", def->dimension);
    cJSON_AddItemToObject(summary, "species", cJSON_Duplicate(run->species, true));
    cJSON_AddItemToObject(summary, "box", rc_run_json_numbers(def->box, def->dimension));
    cJSON *periodic = cJSON_AddArrayToObject(summary, "periodic");
    for (int k = 0; k < def->dimension; k++) cJSON_AddItemToArray(periodic, cJSON_CreateBool(def->periodic[k]));
    cJSON_AddStringToObject(summary, "event_detection", rc_event_detection_name(def->detection));
    rc_edmd_compression_state compressed;
    rc_edmd_compression_state_of(run->edmd, &compressed);
    if (compressed.end != RC_COMPRESSION_NONE) {
        cJSON *c = cJSON_AddObjectToObject(summary, "compression");
        cJSON_AddNumberToObject(c, "rate", def->compression.rate);
        cJSON_AddNumberToObject(c, "scale", compressed.scale);
        cJSON_AddNumberToObject(c, "windows", (double)compressed.windows);
        const char *end = rc_compression_end_name(compressed.end);
        if (end) cJSON_AddStringToObject(c, "ended_at", end);
        else cJSON_AddNullToObject(c, "ended_at");
    }
    cJSON *from = cJSON_AddObjectToObject(summary, "averages_from");
    cJSON_AddNumberToObject(from, "time", run->at.start.time);
    cJSON_AddNumberToObject(from, "collisions", (double)run->at.start.collisions);
    cJSON_AddBoolToObject(from, "equilibrated", run->at.equilibrated);
}

static void add_rigid_system(const rc_run *run, cJSON *summary)
{
    const rc_rigid_def *def = rc_rigid_scene_def(run->rigid_scene);
    cJSON_AddNumberToObject(summary, "bodies", def->body_count);
    cJSON_AddNumberToObject(summary, "static", def->static_count);
    cJSON_AddNumberToObject(summary, "dimension", def->dimension);
    cJSON_AddNumberToObject(summary, "time_step", def->time_step);
    cJSON_AddStringToObject(summary, "operator", rc_impact_operator_name(def->impact.op));
    cJSON_AddNumberToObject(summary, "restitution", def->impact.restitution);
    cJSON_AddNumberToObject(summary, "friction", def->impact.friction);
    cJSON_AddBoolToObject(summary, "lineality", def->impact.lineality);
}

/* A path, or null when the file was not written. */
static void add_path(cJSON *object, const char *key, const char *path)
{
    if (path) cJSON_AddStringToObject(object, key, path);
    else cJSON_AddNullToObject(object, key);
}

static void add_outputs(const rc_run *run, cJSON *summary)
{
    const run_files *f = &run->files;
    cJSON *files = cJSON_AddObjectToObject(summary, "outputs");
    add_path(files, "directory", run->directory);
    add_path(files, "trajectory", f->trajectory);
    add_path(files, "observables", f->observables);
    add_path(files, "h5md", f->h5md_path);
    add_path(files, "gsd", f->gsd_path);
    add_path(files, "lammps_dump", f->lammps_path);
    add_path(files, "separation_histogram", f->histogram);
    add_path(files, "shapes", f->shapes);
    cJSON_AddNumberToObject(files, "frames", (double)run->at.frames);
    cJSON_AddNumberToObject(files, "rows", (double)run->at.rows);
}

cJSON *rc_run_summary(const rc_run *run)
{
    cJSON *summary = cJSON_CreateObject();
    if (!summary) return NULL;
    bool event_driven = run->dynamics == RC_DYNAMICS_EVENT_DRIVEN;
    cJSON_AddStringToObject(summary, "dynamics", event_driven ? "event-driven" : "time-stepping");
    if (run->stopped_by) cJSON_AddStringToObject(summary, "stopped_by", run->stopped_by);
    else cJSON_AddNullToObject(summary, "stopped_by");
    rc_run_add_observables(run, event_driven ? &run->at.start : NULL, summary);
    rc_run_measure_summary(run, summary);
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    double wall = run->finished ? run->wall_seconds : rc_run_seconds() - run->wall_start;
    uint64_t done = (event_driven ? now.collisions : now.steps) - run->start_done;
    cJSON_AddNumberToObject(summary, "wall_seconds", wall);
    cJSON_AddNumberToObject(summary, event_driven ? "collisions_per_second" : "steps_per_second",
                            wall > 0 ? (double)done / wall : NAN);
    if (event_driven) add_edmd_system(run, summary);
    else add_rigid_system(run, summary);
    add_outputs(run, summary);
    return summary;
}

char *rc_run_summary_json(const rc_run *run, bool compact)
{
    return rc_json_text(run ? rc_run_summary(run) : NULL, compact);
}

void rc_text_free(char *text) { cJSON_free(text); }

rc_status rc_run_write_json(const rc_run *run, const char *name, const cJSON *object)
{
    char *text = cJSON_Print(object), *path = rc_run_join(run->directory, name);
    rc_status s = !text || !path ? rc_fail(RC_NO_MEMORY, "out of memory writing %s", name) : RC_OK;
    if (!s) {
        size_t length = strlen(text);
        char *line = realloc(text, length + 2);
        if (line) text = line, strcpy(text + length, "\n");
        s = rc_run_write_text(path, text);
    }
    cJSON_free(text);
    free(path);
    return s;
}

/* The limits that are set, as a "stop" object. */
static cJSON *limits_object(const rc_run_limits *l)
{
    cJSON *object = cJSON_CreateObject();
    if (isfinite(l->time)) cJSON_AddNumberToObject(object, "time", l->time);
    if (l->collisions) cJSON_AddNumberToObject(object, "collisions", (double)l->collisions);
    if (l->events) cJSON_AddNumberToObject(object, "events", (double)l->events);
    if (l->steps) cJSON_AddNumberToObject(object, "steps", (double)l->steps);
    return object;
}

static cJSON *output_object(const rc_run *run)
{
    const run_settings *o = &run->settings;
    cJSON *object = cJSON_CreateObject();
    if (run->directory) cJSON_AddStringToObject(object, "directory", run->directory);
    if (o->every_collisions) cJSON_AddNumberToObject(object, "every_collisions", (double)o->every_collisions);
    else if (isfinite(o->every)) cJSON_AddNumberToObject(object, "every", o->every);
    cJSON_AddBoolToObject(object, "xyz", o->xyz);
    cJSON_AddBoolToObject(object, "csv", o->csv);
    cJSON_AddBoolToObject(object, "h5md", o->h5md || run->files.h5md_path);
    if (o->gsd) cJSON_AddBoolToObject(object, "gsd", true);
    if (o->lammps_dump) cJSON_AddBoolToObject(object, "lammps_dump", true);
    if (o->checkpoint_every > 0) cJSON_AddNumberToObject(object, "checkpoint_every", o->checkpoint_every);
    return object;
}

rc_status rc_run_write_scene(const rc_run *run)
{
    if (!run->directory) return RC_OK;
    cJSON *scene = cJSON_Parse(run->scene_text);
    if (!scene) return rc_fail(RC_NO_MEMORY, "out of memory writing scene.json");
    cJSON_DeleteItemFromObjectCaseSensitive(scene, "stop");
    cJSON_DeleteItemFromObjectCaseSensitive(scene, "output");
    cJSON_AddItemToObject(scene, "stop", limits_object(&run->settings.stop));
    cJSON_AddItemToObject(scene, "output", output_object(run));
    rc_status s = rc_run_write_json(run, "scene.json", scene);
    cJSON_Delete(scene);
    return s;
}

rc_status rc_run_write_summary(const rc_run *run)
{
    if (!run->directory) return RC_OK;
    cJSON *summary = rc_run_summary(run);
    if (!summary) return rc_fail(RC_NO_MEMORY, "out of memory writing summary.json");
    cJSON_AddStringToObject(summary, "ricochet_version", rc_version());
    if (run->command_line) cJSON_AddStringToObject(summary, "command_line", run->command_line);
    else cJSON_AddNullToObject(summary, "command_line");
    cJSON_AddStringToObject(summary, "started_at", run->started_at);
    cJSON_AddStringToObject(summary, "ended_at", run->ended_at);
    rc_status s = rc_run_write_json(run, "summary.json", summary);
    cJSON_Delete(summary);
    return s;
}

/* Word w appended at `at` as a POSIX shell reads it back; returns the end. */
static char *put_word(char *at, const char *w)
{
    if (w[0] && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") == strlen(w))
        return at + sprintf(at, "%s", w);
    *at++ = '\'';
    for (const char *p = w; *p; p++) at += *p == '\'' ? sprintf(at, "'\\''") : sprintf(at, "%c", *p);
    *at++ = '\'';
    *at = '\0';
    return at;
}

char *rc_run_command_line(const char *program, int argc, const char *const *argv)
{
    if (!program || argc < 0 || (argc > 0 && !argv)) return NULL;
    size_t size = 4 * strlen(program) + 3;
    for (int i = 0; i < argc; i++) size += 4 * strlen(argv[i]) + 3;
    char *line = malloc(size), *at = line;
    if (!line) return NULL;
    at = put_word(at, program);
    for (int i = 0; i < argc; i++) {
        *at++ = ' ';
        at = put_word(at, argv[i]);
    }
    return line;
}
