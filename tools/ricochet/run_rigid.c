/* ricochet run on a time-stepping scene (docs/cli.md, docs/formats.md "Time-stepping scenes"): build the engine, step
 * it to the stop (time or steps; --time replaces the file's), writing a frame with orientations and a CSV row at time 0,
 * every output time and the end, with the progress bar, then print the JSON summary. An impact that runs out of the
 * scene's max_iterations budget ends the run with exit 3 and says so. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

static const char *const columns[] = {"time", "steps", "impacts", "iterations", "max_iterations", "contacts",
                                      "kinetic_energy", "potential_energy", "energy", "max_penetration"};
enum { COLUMNS = sizeof columns / sizeof *columns };

typedef struct rigid_outputs {
    char *trajectory, *observables, *h5md_path;
    rc_xyz_writer *xyz;
    rc_csv_writer *csv;
    rc_h5md_writer *h5md;
    rc_frame frame;
    int64_t frames, rows, last_step;
} rigid_outputs;

/* Opens the files the settings ask for; h5md (--h5md), when not NULL, is where the H5MD file goes and asks for it. */
static int open_outputs(rigid_outputs *o, const rc_run_output *settings, const char *h5md, const rc_rigid *engine)
{
    memset(o, 0, sizeof *o);
    o->last_step = -1;
    if (rc_frame_init(&o->frame, rc_rigid_count(engine), true))
        return rc_cli_fail(RC_EXIT_INTERNAL, "%s", rc_last_error());
    if (!settings->xyz && !settings->csv && !settings->h5md && !h5md) return RC_RUN_GO_ON;
    int code = rc_cli_make_directory(settings->directory);
    if (code != RC_RUN_GO_ON) return code;
    if ((settings->xyz && !(o->trajectory = rc_cli_join(settings->directory, "trajectory.xyz"))) ||
        (settings->csv && !(o->observables = rc_cli_join(settings->directory, "observables.csv"))) ||
        (h5md && !(o->h5md_path = strdup(h5md))) ||
        (!h5md && settings->h5md && !(o->h5md_path = rc_cli_join(settings->directory, "trajectory.h5md"))))
        return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    rc_status s = o->trajectory ? rc_xyz_writer_open(o->trajectory, &o->xyz) : RC_OK;
    if (!s && o->observables) s = rc_csv_writer_open(o->observables, COLUMNS, columns, &o->csv);
    if (!s && o->h5md_path) s = rc_h5md_writer_open(o->h5md_path, getenv("USER"), &o->h5md);
    return s ? rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error()) : RC_RUN_GO_ON;
}

static int write_outputs(rigid_outputs *o, const rc_rigid *engine)
{
    rc_rigid_observables m;
    rc_rigid_measure(engine, &m);
    rc_status s = RC_OK;
    if (o->xyz || o->h5md) {
        s = rc_rigid_fill_frame(engine, &o->frame);
        if (!s && o->xyz) s = rc_xyz_writer_write(o->xyz, &o->frame);
        if (!s && o->h5md) s = rc_h5md_writer_write(o->h5md, &o->frame);
        o->frames += !s;
    }
    double row[COLUMNS] = {m.time, (double)m.steps, (double)m.impacts, (double)m.iterations,
                           (double)m.max_iterations, (double)m.contacts, m.kinetic_energy, m.potential_energy,
                           m.kinetic_energy + m.potential_energy, m.max_penetration};
    if (!s && o->csv) s = rc_csv_writer_row(o->csv, row);
    if (!s && o->h5md) s = rc_h5md_writer_observe(o->h5md, row[0], COLUMNS - 1, columns + 1, row + 1);
    if (!s && (o->csv || o->h5md)) o->rows++;
    o->last_step = m.steps;
    return s ? rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error()) : RC_RUN_GO_ON;
}

static int close_outputs(rigid_outputs *o, int code)
{
    rc_status s = o->xyz ? rc_xyz_writer_close(o->xyz) : RC_OK, t = o->csv ? rc_csv_writer_close(o->csv) : RC_OK;
    rc_status u = o->h5md ? rc_h5md_writer_close(o->h5md) : RC_OK;
    o->xyz = NULL, o->csv = NULL, o->h5md = NULL;
    if (code == RC_RUN_GO_ON && (s || t || u)) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    rc_frame_release(&o->frame);
    return code;
}

/* Steps to the stop, writing at every output time; *stopped_by names the limit reached. */
/* A checkpoint of the engine's state and the run's initial energy (the one part of the loop's position it keeps). */
static int checkpoint(const run_checkpoint *cp, const rc_rigid *engine, double energy0)
{
    size_t size = rc_rigid_state_size(engine);
    void *state = malloc(size);
    if (!state) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory for a checkpoint of %zu bytes", size);
    run_position position;
    memset(&position, 0, sizeof position);
    position.initial_energy = energy0;
    int code = rc_rigid_state_save(engine, state, size) == RC_OK
                   ? rc_run_checkpoint_write(cp, state, size, &position)
                   : rc_cli_fail(RC_EXIT_INTERNAL, "checkpoint: %s", rc_last_error());
    free(state);
    return code;
}

static int loop(rc_rigid *engine, const rc_rigid_def *def, const rc_rigid_run_settings *settings, bool show,
                rigid_outputs *o, const run_checkpoint *cp, double energy0, const char **stopped_by)
{
    double h = def->time_step, every = settings->output.every;
    int64_t total = (int64_t)ceil(settings->stop_time / h - 1e-9);
    if (!isfinite(settings->stop_time) || (settings->stop_steps && settings->stop_steps < total))
        total = settings->stop_steps;
    *stopped_by = settings->stop_steps == total ? "steps" : "time";
    int64_t per_output = isfinite(every) ? (int64_t)fmax(1, floor(every / h + 0.5)) : total;
    int64_t per_checkpoint = cp->every > 0 ? (int64_t)fmax(1, floor(cp->every / h + 0.5)) : INT64_MAX;
    progress bar;
    rc_progress_start(&bar, show);
    int code = write_outputs(o, engine);
    rc_rigid_observables first;
    rc_rigid_measure(engine, &first);
    for (int64_t done = first.steps; done < total && code == RC_RUN_GO_ON;) {
        int64_t chunk = per_output - done % per_output;
        if (chunk > per_checkpoint - done % per_checkpoint) chunk = per_checkpoint - done % per_checkpoint;
        if (chunk > total - done) chunk = total - done;
        if (chunk > 100) chunk = 100;
        rc_status s = rc_rigid_step(engine, chunk);
        rc_rigid_observables m;
        rc_rigid_measure(engine, &m);
        done = m.steps;
        if (s == RC_NOT_TERMINATED)
            code = rc_cli_fail(RC_EXIT_NOT_TERMINATED, "at time %.17g: the impact did not terminate within the budget "
                               "of max_iterations = %lld operator applications (lineality detection is %s)",
                               m.time, (long long)def->impact.max_iterations, def->impact.lineality ? "on" : "off");
        else if (s) code = rc_cli_fail(RC_EXIT_INTERNAL, "at time %.17g: %s", m.time, rc_last_error());
        else if (done % per_output == 0 || done == total) code = write_outputs(o, engine);
        if (code == RC_RUN_GO_ON && done % per_checkpoint == 0) code = checkpoint(cp, engine, energy0);
        rc_progress_update(&bar, (double)done / (double)total, (uint64_t)m.impacts);
    }
    rc_progress_finish(&bar);
    return code;
}

static void add_path(cJSON *object, const char *key, const char *path)
{
    if (path) cJSON_AddStringToObject(object, key, path);
    else cJSON_AddNullToObject(object, key);
}

static cJSON *summary(const rc_rigid *engine, const rc_rigid_def *def, const rc_run_output *output,
                      const rigid_outputs *o, const char *stopped_by, double energy0, double wall)
{
    rc_rigid_observables m;
    rc_rigid_measure(engine, &m);
    cJSON *j = cJSON_CreateObject();
    if (!j) return NULL;
    double energy = m.kinetic_energy + m.potential_energy;
    cJSON_AddStringToObject(j, "stopped_by", stopped_by);
    cJSON_AddStringToObject(j, "dynamics", "time-stepping");
    cJSON_AddNumberToObject(j, "time", m.time);
    cJSON_AddNumberToObject(j, "steps", (double)m.steps);
    cJSON_AddNumberToObject(j, "impacts", (double)m.impacts);
    cJSON_AddNumberToObject(j, "iterations", (double)m.iterations);
    cJSON_AddNumberToObject(j, "max_iterations", (double)m.max_iterations);
    cJSON_AddNumberToObject(j, "contacts", (double)m.contacts);
    cJSON_AddNumberToObject(j, "max_contacts", (double)m.max_contacts);
    cJSON_AddNumberToObject(j, "largest_island", m.largest_island);
    cJSON_AddNumberToObject(j, "kinetic_energy", m.kinetic_energy);
    cJSON_AddNumberToObject(j, "potential_energy", m.potential_energy);
    cJSON_AddNumberToObject(j, "energy", energy);
    cJSON_AddNumberToObject(j, "energy_drift", energy0 != 0 ? (energy - energy0) / fabs(energy0) : energy);
    cJSON_AddNumberToObject(j, "max_penetration", m.max_penetration);
    cJSON_AddNumberToObject(j, "steps_per_second", wall > 0 ? (double)m.steps / wall : NAN);
    cJSON_AddNumberToObject(j, "wall_seconds", wall);
    cJSON_AddNumberToObject(j, "detection_seconds", m.detection_seconds);
    cJSON_AddNumberToObject(j, "resolution_seconds", m.resolution_seconds);
    cJSON_AddNumberToObject(j, "bodies", def->body_count);
    cJSON_AddNumberToObject(j, "static", def->static_count);
    cJSON_AddNumberToObject(j, "dimension", def->dimension);
    cJSON_AddNumberToObject(j, "time_step", def->time_step);
    cJSON_AddStringToObject(j, "operator", rc_impact_operator_name(def->impact.op));
    cJSON_AddNumberToObject(j, "restitution", def->impact.restitution);
    cJSON_AddNumberToObject(j, "friction", def->impact.friction);
    cJSON_AddBoolToObject(j, "lineality", def->impact.lineality);
    cJSON *files = cJSON_AddObjectToObject(j, "outputs");
    cJSON_AddStringToObject(files, "directory", output->directory);
    add_path(files, "trajectory", o->trajectory);
    add_path(files, "observables", o->observables);
    cJSON_AddNumberToObject(files, "frames", (double)o->frames);
    cJSON_AddNumberToObject(files, "rows", (double)o->rows);
    return j;
}

int rc_cli_run_rigid(const run_arguments *a, const char *name, const char *text, const run_resumed *resumed)
{
    if (a->stop.collisions || a->stop.events)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: a time-stepping scene stops by time (--time), not by %s", name,
                           a->stop.collisions ? "--collisions" : "--events");
    rc_rigid_scene *scene;
    rc_status s = rc_rigid_scene_parse(text, &scene);
    if (s) return rc_cli_fail(s == RC_INVALID_ARGUMENT ? RC_EXIT_BAD_INPUT : RC_EXIT_INTERNAL, "%s: %s", name,
                              rc_last_error());
    const rc_rigid_def *def = rc_rigid_scene_def(scene);
    rc_rigid_run_settings settings = *rc_rigid_scene_settings(scene);
    if (a->stop_given) settings.stop_time = a->stop.time, settings.stop_steps = 0;
    if (a->directory) settings.output.directory = a->directory;
    if (a->no_xyz) settings.output.xyz = false;
    rc_rigid *engine = NULL;
    s = rc_rigid_create(def, &engine);
    int code = s ? rc_cli_fail(RC_EXIT_INTERNAL, "%s: %s", name, rc_last_error()) : RC_RUN_GO_ON;
    if (code == RC_RUN_GO_ON && resumed && rc_rigid_state_restore(engine, resumed->state, resumed->state_size))
        code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s: %s", name, rc_last_error());
    rigid_outputs o = {0};
    run_checkpoint cp = {NULL, text, a->checkpoint_every};
    const char *stopped_by = "?";
    double started = rc_cli_seconds(), energy0 = 0;
    if (code == RC_RUN_GO_ON) {
        rc_rigid_observables m;
        rc_rigid_measure(engine, &m);
        energy0 = resumed ? resumed->position.initial_energy : m.kinetic_energy + m.potential_energy;
        code = open_outputs(&o, &settings.output, a->h5md, engine);
    }
    if (code == RC_RUN_GO_ON && cp.every > 0 && !(cp.path = rc_cli_join(settings.output.directory, "checkpoint.rcp")))
        code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    if (code == RC_RUN_GO_ON)
        code = loop(engine, def, &settings, !a->quiet && isatty(STDERR_FILENO), &o, &cp, energy0, &stopped_by);
    code = close_outputs(&o, code);
    if (code == RC_RUN_GO_ON)
        code = rc_cli_print_json(summary(engine, def, &settings.output, &o, stopped_by, energy0,
                                         rc_cli_seconds() - started), a->compact, "summary");
    free(cp.path);
    free(o.trajectory);
    free(o.observables);
    free(o.h5md_path);
    rc_rigid_destroy(engine);
    rc_rigid_scene_destroy(scene);
    return code;
}
