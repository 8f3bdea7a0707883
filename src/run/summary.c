/* SPDX-License-Identifier: MIT */
/* The summary of a run (docs/formats.md, "The summary"), one object whatever the engine where meanings are shared:
 * how it stopped, the measured keys of the table of observables (observables.c; event-driven averages from the end
 * of the equilibration), its speed in wall-clock time, the system and the files written. And the two files that make
 * a run folder explain itself: DIRECTORY/scene.json (the scene with the run's effective stop and output) and
 * DIRECTORY/summary.json (the summary with the version, the command line, the start and the end). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/status.h"
#include "run/chains.h"
#include "run/checkpoint.h"
#include "run/files.h"
#include "run/live.h"
#include "run/measure.h"
#include "run/observables.h"
#include "run/run.h"
#include "run/summary.h"
#include "json/json_document.h"

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
    cJSON_AddStringToObject(summary, "dynamics", run->ops->dynamics);
    if (run->stopped_by) cJSON_AddStringToObject(summary, "stopped_by", run->stopped_by);
    else cJSON_AddNullToObject(summary, "stopped_by");
    rc_run_add_observables(run, &run->at.start, summary);
    rc_run_measure_summary(run, summary);
    rc_run_chains_summary(run, summary);
    rc_run_changes_summary(run, summary);
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    double wall = run->finished ? run->wall_seconds : rc_run_seconds() - run->wall_start;
    uint64_t done = run->ops->done(&now) - run->start_done;
    char rate[64];
    snprintf(rate, sizeof rate, "%s_per_second", run->ops->unit);
    cJSON_AddNumberToObject(summary, "wall_seconds", wall);
    cJSON_AddNumberToObject(summary, rate, wall > 0 ? (double)done / wall : NAN);
    run->ops->summary(run->engine, &run->at.start, run->at.equilibrated, summary);
    add_outputs(run, summary);
    return summary;
}

char *rc_run_summary_json(const rc_run *run, bool compact)
{
    return rc_json_text(run ? rc_run_summary(run) : NULL, compact);
}

rc_status rc_run_write_json(const rc_run *run, const char *name, const cJSON *object)
{
    char *text = rc_json_print(object, false), *path = rc_run_join(run->directory, name);
    rc_status s = !text || !path ? rc_fail(RC_STATUS_NO_MEMORY, "out of memory writing %s", name) : RC_STATUS_OK;
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

rc_status rc_run_write_scene(rc_run *run)
{
    cJSON *scene = run->scene; /* the scene as parsed once, let go of here */
    run->scene = NULL;
    if (!run->directory || !scene) {
        cJSON_Delete(scene);
        return RC_STATUS_OK;
    }
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
    if (!run->directory) return RC_STATUS_OK;
    cJSON *summary = rc_run_summary(run);
    if (!summary) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory writing summary.json");
    cJSON_AddStringToObject(summary, "ricochet_version", rc_version_get());
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
