/* SPDX-License-Identifier: MIT */
/* The run driver's loop (ricochet/run.h; docs/architecture.md): create a run from a scene or resume one from a
 * checkpoint, then advance the engine in chunks sized to take about a tenth of a second of wall time (progress moves,
 * an interrupt is seen soon), stopping at every output time (a frame and a row), every checkpoint time, the end of the
 * equilibration and the stop limit, until a limit is reached, nothing can happen any more, or the caller interrupts;
 * then finish: the last frame, the files closed, summary.json. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core/clock.h"
#include "core/status.h"
#include "run/chains.h"
#include "run/checkpoint.h"
#include "run/files.h"
#include "run/live.h"
#include "run/measure.h"
#include "run/run.h"
#include "run/shapes.h"
#include "run/summary.h"

double rc_run_seconds(void) { return rc_clock_seconds(); }

rc_run_options rc_run_default_options(void)
{
    rc_run_options o;
    memset(&o, 0, sizeof o);
    o.stop.time = INFINITY;
    o.progress_interval = 0.25;
    return o;
}

/* The smaller of two count limits, where 0 means none. */
static uint64_t min_count(uint64_t a, uint64_t b) { return !a ? b : !b ? a : a < b ? a : b; }

/* Limits `to` lowered to those of `mark` (the first of the two of each kind). */
static void narrow(rc_run_limits *to, const rc_run_limits *mark)
{
    to->time = fmin(to->time, mark->time);
    to->collisions = min_count(to->collisions, mark->collisions);
    to->events = min_count(to->events, mark->events);
    to->steps = min_count(to->steps, mark->steps);
}

static char *copy(const char *text, bool *failed)
{
    char *c = text ? strdup(text) : NULL;
    if (text && !c) *failed = true;
    return c;
}

static rc_run *new_run(const rc_run_options *o, const char *scene_text)
{
    rc_run *run = calloc(1, sizeof *run);
    if (!run) return NULL;
    bool failed = false;
    run->scene_text = copy(scene_text, &failed);
    run->command_line = copy(o->command_line, &failed);
    run->threads = o->threads;
    if (o->ranks && o->ranks->count > 1) run->ranks = *o->ranks, run->muted = o->ranks->rank != 0;
    run->interrupt_signal = -1;
    run->progress = run->muted ? NULL : o->progress;
    run->progress_user = o->progress_user;
    run->progress_interval = o->progress_interval > 0 ? o->progress_interval : 0.25;
    if (failed) {
        rc_run_destroy(run);
        return NULL;
    }
    return run;
}

/* The caller's options over the settings; checkpoints: options first, else the scene's (or checkpoint's). */
static void apply_options(rc_run *run, const rc_run_options *o)
{
    if (o->stop_given) run->settings.stop = o->stop;
    if (o->no_xyz) run->settings.xyz = false;
    if (o->gsd) run->settings.gsd = true;
    if (o->lammps_dump) run->settings.lammps_dump = true;
    if (o->checkpoint_every > 0) run->settings.checkpoint_every = o->checkpoint_every;
}

static rc_status cadence_too_fine(const rc_run *run, double time)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "checkpoint_every: %g is finer than the clock can follow after time %.17g "
                   "(at least 2^-40 of the time is needed)",
                   run->settings.checkpoint_every, time);
}

/* Refuses limits the engine does not count and limits that cannot be reached by construction. */
static rc_status check_limits(const rc_run *run)
{
    const run_settings *s = &run->settings;
    const rc_run_limits *stop = &s->stop;
    if (isnan(stop->time) || stop->time <= 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop.time: %g is not positive", stop->time);
    if (!isfinite(stop->time) && !stop->collisions && !stop->events && !stop->steps)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "stop: no limit is set: give time, %s", run->ops->limit_words);
    rc_status refused = run->ops->check_limits(run->engine, stop, "stop.");
    if (!refused) refused = run->ops->check_settings(run->engine, s);
    if (refused) return refused;
    if (s->checkpoint_every > 0 && !run->directory && !run->muted)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint_every: a run that writes no files has no folder for its "
                                                   "checkpoints");
    rc_run_limits now, mark;
    rc_run_engine_counters(run, &now);
    if (!run->ops->checkpoint_mark(run->engine, s, &now, &mark)) return cadence_too_fine(run, now.time);
    return RC_STATUS_OK;
}

/* Closes the files of a run that failed with s and returns s, its message kept. After a write that failed (a full
 * disk, a quota, an I/O error: RC_STATUS_IO_ERROR) every file is closed under its own name as after an interrupt, the one
 * that failed cut back to its last whole frame or row, so that what was written stays readable and the last
 * checkpoint resumes (a file with no whole frame or row stays NAME.partial); after any other failure the files stay
 * NAME.partial, as nothing of such a run may look complete. */
static rc_status close_failed(rc_run *run, rc_status s)
{
    char why[1024];
    snprintf(why, sizeof why, "%s", rc_error_get());
    if (s == RC_STATUS_IO_ERROR) rc_run_files_keep(run);
    else rc_run_files_close(run, false);
    rc_run_files_unlock(run);
    return rc_fail(s, "%s", why);
}

/* Opens the files (reopens them after the checkpoint's marks when in_place), writes scene.json, shapes.json
 * (time-stepping) and, in a new folder, the first frame; starts the clocks. */
static rc_status begin(rc_run *run, const char *h5md_path, bool in_place, bool count_first)
{
    rc_status s = rc_run_files_open(run, h5md_path, in_place);
    if (!s) s = rc_run_write_scene(run);
    if (!s) s = rc_run_write_shapes(run);
    if (!s && !in_place) s = rc_run_files_write(run);
    if (!s && !in_place && count_first) run->at.outputs_done++;
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    run->start_done = run->ops->done(&now);
    run->wall_start = run->progress_drawn = rc_run_seconds();
    rc_run_timestamp(run->started_at);
    return s;
}

rc_status rc_run_create(const char *scene_text, const rc_run_options *options, rc_run **out)
{
    if (!out) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_create: NULL result");
    *out = NULL;
    if (!scene_text) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_create: NULL scene");
    rc_run_options defaults = rc_run_default_options();
    if (!options) options = &defaults;
    rc_run *run = new_run(options, scene_text);
    if (!run) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    const char *directory = NULL;
    rc_status s = rc_run_engine_create(run);
    if (!s) {
        rc_run_engine_settings(run, &run->settings, &directory);
        apply_options(run, options);
        if (options->directory) directory = options->directory;
        if (!options->no_files && !run->muted && !(run->directory = strdup(directory)))
            s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    }
    if (!s) s = check_limits(run);
    if (!s) {
        run->at.equilibrated = !run->settings.equilibrate;
        run->ops->snapshot(run->engine, &run->at.start);
        s = rc_run_measure_create(run, false);
    }
    if (!s) s = begin(run, options->h5md_path, false, true);
    if (!s) s = rc_run_measure_step(run); /* a measurement from time 0 takes its first sample now */
    if (s) {
        close_failed(run, s);
        rc_run_destroy(run);
        return s;
    }
    *out = run;
    return RC_STATUS_OK;
}

/* Whether path is the run's own checkpoint, DIRECTORY/checkpoint.rcp (the same file, by any path). */
static bool own_checkpoint(const rc_run *run, const char *path)
{
    char *own = run->directory ? rc_run_join(run->directory, "checkpoint.rcp") : NULL;
    struct stat a, b;
    bool same = own && stat(own, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    free(own);
    return same;
}

/* The loop's timetable: the next checkpoint, in the engine's terms. */
typedef struct timetable {
    rc_run_limits next_checkpoint;
} timetable;
static rc_status plan(const rc_run *run, const rc_run_limits *now, timetable *t);
static bool output_due(const rc_run *run, const rc_run_limits *now, const timetable *t, int64_t k);

/* The settings a checkpoint restores, checked as strictly as the scene's own (a damaged or forged checkpoint fails
 * here with the block and field named, not in the loop): what no option changes (the output cadence, the files, the
 * equilibration) must be the scene's, the rest valid values. A forged cadence of 1e-9 wrote frames for minutes
 * (fuzz/checkpoint.c). The stop, which options may have changed, goes through check_limits as a scene's does. */
static rc_status restore_settings(const rc_run *run, const run_settings *got, const char *path)
{
    run_settings scene;
    const char *unused;
    rc_run_engine_settings(run, &scene, &unused);
    const char *field = NULL;
    if (!(got->every == scene.every) || got->every_collisions != scene.every_collisions) field = "every";
    else if (got->csv != scene.csv || got->h5md != scene.h5md || (got->xyz && !scene.xyz)) field = "output";
    else if (got->equilibrate != scene.equilibrate) field = "equilibrate";
    else if (scene.equilibrate && memcmp(&got->equilibration, &scene.equilibration, sizeof scene.equilibration) != 0)
        field = "equilibration";
    else if (!(got->checkpoint_every >= 0 && got->checkpoint_every < INFINITY)) field = "checkpoint_every";
    if (!field) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s is a damaged checkpoint: its block \"settings\" has a value of %s that "
                   "its scene cannot have (every %g, every_collisions %llu, checkpoint_every %g; "
                   "the scene's every %g, every_collisions %llu)",
                   path, field, got->every, (unsigned long long)got->every_collisions, got->checkpoint_every,
                   scene.every, (unsigned long long)scene.every_collisions);
}

/* The loop's position a checkpoint restores, checked against the restored engine: the outputs done are those due by
 * its clock (one far behind would write a frame at every chunk until it caught up, for ever), the files' counts
 * within them, the last row, the averages' start and the measurements' origin at or before now (a later collision
 * count at the origin left the transport coefficients null); a run without equilibration has ended it. */
static rc_status check_position(const rc_run *run, const char *path)
{
    const run_position *at = &run->at;
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    timetable t;
    const char *field = NULL;
    if (plan(run, &now, &t)) return cadence_too_fine(run, now.time);
    if (at->outputs_done < 1 || (at->outputs_done > 1 && !output_due(run, &now, &t, at->outputs_done - 1)) ||
        output_due(run, &now, &t, at->outputs_done))
        field = "outputs_done";
    else if (at->frames < 0 || at->rows < 0 || at->frames > at->outputs_done + 1 || at->rows > at->outputs_done + 1)
        field = "frames";
    else if (!run->settings.equilibrate && !at->equilibrated) field = "equilibrated";
    else if (at->written &&
             !(at->last_time <= now.time && at->last_time >= 0 && at->last_count <= run->ops->position(&now)))
        field = "last_time";
    else if (!run->ops->passed(run->engine, &at->start)) field = "start";
    else if (at->written && !run->ops->passed(run->engine, &at->last)) field = "last";
    else if (!run->ops->passed(run->engine, &at->measure.start)) field = "measure.start";
    if (!field) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s is a damaged checkpoint: its block \"position\" has a value of %s that "
                   "the run cannot have reached (outputs done %lld at time %.17g)",
                   path, field, (long long)at->outputs_done, now.time);
}

/* Whether directory is the folder that holds the file at path (the same folder, by any path). A checkpoint resumed
 * in place names its run folder in a block of its own: one that names another folder (damaged or forged) would have
 * the run reopen and write files there. */
static bool holds(const char *directory, const char *path)
{
    char *parent = strdup(path);
    if (!parent) return false;
    char *slash = strrchr(parent, '/');
    if (slash) slash[slash == parent ? 1 : 0] = '\0';
    struct stat a, b;
    bool same =
        stat(directory, &a) == 0 && stat(slash ? parent : ".", &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    free(parent);
    return same;
}

rc_status rc_run_create_from_checkpoint(const char *path, const rc_run_options *options, rc_run **out)
{
    if (!out || !path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_create_from_checkpoint: NULL argument");
    *out = NULL;
    rc_run_options defaults = rc_run_default_options();
    if (!options) options = &defaults;
    run_checkpoint c;
    rc_status s = rc_run_checkpoint_read(path, &c);
    if (s) return s;
    rc_run *run = new_run(options, c.scene_text);
    s = run ? rc_run_engine_create(run) : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (!s) s = rc_run_changes_state_restore(run, c.changes, c.changes_size); /* before the state: its events */
    if (!s) s = rc_run_engine_state_restore(run, c.state, c.state_size);
    bool in_place = !options->directory && !options->no_files && !run->muted && c.directory[0];
    if (!s && in_place && !holds(c.directory, path))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s: its block \"directory\" names the run folder %s, not the folder it lies "
                    "in: resume it there, or into a new folder with --out",
                    path, c.directory);
    if (!s && in_place && (options->no_xyz || options->h5md_path))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "a run resumed in its own folder keeps its files: a different choice of "
                    "files (no XYZ, another H5MD path) needs a new folder");
    const char *directory = options->no_files || run->muted ? NULL
                            : options->directory            ? options->directory
                            : c.directory[0]                ? c.directory
                                                            : NULL;
    if (!s && directory && !(run->directory = strdup(directory))) s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (!s) s = rc_run_checkpoint_fields(&c, run, path);
    if (!s) {
        run->settings = c.settings;
        run->at = c.position;
        apply_options(run, options);
        s = check_limits(run);
    }
    if (!s) s = restore_settings(run, &c.settings, path);
    if (!s) s = check_position(run, path);
    if (!s) s = rc_run_measure_create(run, true);
    if (!s) s = rc_run_measure_state_restore(run, c.measured, c.measured_size);
    if (!s && !in_place) run->at.frames = run->at.rows = 0;
    const char *h5md = in_place ? (c.h5md_path[0] ? c.h5md_path : NULL) : options->h5md_path;
    /* a new folder's first row (at the checkpoint's time) leaves the next row's averages starting where the run's
     * last row left them, as in the run never stopped: measured again after the restore, the baseline would differ
     * in rounding under shear (the renewal at the checkpoint closed the peculiar books) */
    run_snapshot baseline = run ? run->at.last : (run_snapshot){0};
    bool had_row = run && run->at.written;
    if (!s) s = begin(run, h5md, in_place, false);
    if (!s) s = rc_run_changes_write(run);
    if (!s && had_row) run->at.last = baseline;
    /* resumed from its own checkpoint, the run has it: interrupted before anything advanced, it writes none again */
    if (!s && (run->has_checkpoint = own_checkpoint(run, path))) rc_run_engine_counters(run, &run->checkpointed);
    rc_run_checkpoint_free(&c);
    if (s) {
        if (run) close_failed(run, s);
        rc_run_destroy(run);
        return s;
    }
    *out = run;
    return RC_STATUS_OK;
}

void rc_run_destroy(rc_run *run)
{
    if (!run) return;
    if (!run->finished) rc_run_files_close(run, true);
    rc_run_files_free(run);
    rc_run_chains_free(run);
    rc_run_measure_destroy(run);
    rc_run_live_free(run);
    rc_run_engine_destroy(run);
    free(run->scene_text);
    free(run->directory);
    free(run->command_line);
    free(run->agreed);
    free(run);
}

/* The name of the first limit reached, or NULL. */
static const char *reached(const rc_run *run, const rc_run_limits *l, const rc_run_limits *now)
{
    return run->ops->reached(run->engine, l, now);
}

/* How far towards the limits, from 0 to 1. */
static double fraction(const rc_run *run, const rc_run_limits *l, const rc_run_limits *now)
{
    return run->ops->fraction(run->engine, l, now);
}

static rc_status plan(const rc_run *run, const rc_run_limits *now, timetable *t)
{
    if (!run->ops->checkpoint_mark(run->engine, &run->settings, now, &t->next_checkpoint))
        return cadence_too_fine(run, now->time);
    return RC_STATUS_OK;
}

/* The limits of the next call to the engine: the first of the caller's limits, the next output, checkpoint,
 * measurement and end of equilibration, and the chunk. */
static rc_run_limits next_limits(const rc_run *run, const rc_run_limits *until, const rc_run_limits *now,
                                 const timetable *t, uint64_t chunk)
{
    const run_settings *s = &run->settings;
    int64_t k = run->at.outputs_done;
    rc_run_limits to = *until, mark;
    if (k > 0) {
        run->ops->output_mark(run->engine, s, k, &mark);
        narrow(&to, &mark);
    }
    narrow(&to, &t->next_checkpoint);
    to.time = fmin(to.time, rc_run_measure_next(run));
    if (!run->at.equilibrated) narrow(&to, &s->equilibration);
    run->ops->chunk_mark(now, chunk, &mark);
    narrow(&to, &mark);
    return to;
}

/* Whether output k (0: the first, at the start) is due by now. */
static bool output_due(const rc_run *run, const rc_run_limits *now, const timetable *t, int64_t k)
{
    (void)t;
    rc_run_limits mark;
    run->ops->output_mark(run->engine, &run->settings, k, &mark);
    return reached(run, &mark, now) != NULL;
}

static void report_progress(rc_run *run, const rc_run_limits *limits, const rc_run_limits *now)
{
    double wall = rc_run_seconds();
    if (!run->progress || wall - run->progress_drawn < run->progress_interval) return;
    run->progress_drawn = wall;
    double elapsed = wall - run->wall_start, f = fraction(run, limits, now);
    rc_run_progress p = {f, now->time, run->ops->done(now) - run->start_done, run->ops->unit, 0, -1};
    p.rate = elapsed > 0 ? (double)p.done / elapsed : 0;
    if (f > run->start_fraction && elapsed > 0) p.eta = elapsed * (1 - f) / (f - run->start_fraction);
    run->progress(&p, run->progress_user);
}

/* After a chunk: the end of the equilibration, a frame and row when due, a checkpoint when due. */
static rc_status after_chunk(rc_run *run, const rc_run_limits *now, timetable *t)
{
    rc_status s = RC_STATUS_OK;
    if (!run->at.equilibrated && reached(run, &run->settings.equilibration, now)) {
        run->ops->snapshot(run->engine, &run->at.start);
        run->at.equilibrated = true;
    }
    s = rc_run_measure_step(run);
    if (!s && output_due(run, now, t, run->at.outputs_done)) {
        s = rc_run_files_write(run);
        run->at.outputs_done++;
    }
    bool checkpoint = reached(run, &t->next_checkpoint, now) != NULL;
    if (!s && checkpoint) {
        s = rc_run_checkpoint_write(run, NULL);
        run->checkpointed = *now, run->has_checkpoint = true;
        if (!s) s = plan(run, now, t);
    }
    return s;
}

/* Advances until one of `until` is reached (naming it as the stop when is_stop), nothing can happen, or an
 * interrupt. */
static rc_status advance_to(rc_run *run, const rc_run_limits *until, bool is_stop)
{
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the run is finished: it cannot be advanced");
    rc_run_limits now, before;
    rc_run_engine_counters(run, &now);
    run->start_fraction = fraction(run, until, &now);
    timetable t;
    rc_status planned = plan(run, &now, &t);
    if (planned) return planned;
    uint64_t chunk = run->ops->first_chunk;
    bool quiet = false; /* the last chunk processed no event (or none has run yet) */
    for (bool first = true;; first = false) {
        int signal;
        rc_status agreed = rc_run_ranks_agree(run, &chunk, &signal);
        if (agreed) return agreed;
        if (signal >= 0) {
            run->interrupt_signal = signal;
            run->stopped_by = "interrupted";
            return RC_STATUS_OK;
        }
        const char *limit = reached(run, until, &now);
        if (!limit && is_stop) limit = run->ops->ended(run->engine);
        if (limit) {
            if (is_stop) run->stopped_by = limit;
            return RC_STATUS_OK;
        }
        if ((first || quiet || run->ops->idle_every_chunk) && run->ops->idle(run->engine, &run->settings)) {
            run->stopped_by = "no_events";
            return RC_STATUS_OK;
        }
        rc_run_limits bounded; /* the caller's limits and the next trigger */
        rc_run_triggers_bound(run, until, &bounded);
        rc_run_limits to = next_limits(run, &bounded, &now, &t, chunk);
        before = now;
        double started = rc_run_seconds();
        rc_status s = run->ops->advance(run->engine, &to);
        double took = rc_run_seconds() - started;
        rc_run_engine_counters(run, &now);
        if (s == RC_STATUS_NOT_TERMINATED) run->stopped_by = "not_terminated";
        if (s) return s;
        quiet = !run->ops->idle_every_chunk && run->ops->position(&now) == run->ops->position(&before);
        s = after_chunk(run, &now, &t);
        if (s) return s;
        if (run->live && rc_run_triggers_fire(run, &now)) {
            run->stopped_by = "trigger";
            return RC_STATUS_OK;
        }
        if (took < 0.05 && chunk < ((uint64_t)1 << 40)) chunk *= 2;
        else if (took > 0.2 && chunk > run->ops->least_chunk) chunk /= 2;
        report_progress(run, until, &now);
    }
}

rc_status rc_run_advance(rc_run *run, const rc_run_limits *until)
{
    if (!run || !until) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_advance: NULL argument");
    if (isnan(until->time) || (!(until->time < INFINITY) && !until->collisions && !until->events && !until->steps))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_advance: no limit is set: give a time or a count");
    rc_status uncounted = run->ops->check_limits(run->engine, until, "rc_run_advance: ");
    return uncounted ? uncounted : advance_to(run, until, false);
}

rc_status rc_run_finish(rc_run *run)
{
    if (!run) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_finish: NULL run");
    if (run->finished) return RC_STATUS_OK;
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    uint64_t count = run->ops->position(&now);
    rc_status s = RC_STATUS_OK;
    if (!run->at.written || count != run->at.last_count || now.time != run->at.last_time) s = rc_run_files_write(run);
    if (!s) s = rc_run_files_histogram(run);
    if (!s) s = rc_run_chains_write(run);
    if (!s) s = rc_run_measure_finish(run);
    rc_status closed = s ? close_failed(run, s) : rc_run_files_close(run, true);
    if (!s) s = closed;
    run->wall_seconds = rc_run_seconds() - run->wall_start;
    rc_run_timestamp(run->ended_at);
    run->finished = true;
    if (!run->at.equilibrated)
        rc_warn("equilibration", "the run stopped before the equilibration ended; the averages cover the whole run");
    if (!s) s = rc_run_write_summary(run);
    rc_run_files_unlock(run); /* the folder is whole: another run may take it */
    return s;
}

rc_status rc_run_execute(rc_run *run)
{
    if (!run) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_execute: NULL run");
    rc_status s = advance_to(run, &run->settings.stop, true);
    if (s && s != RC_STATUS_NOT_TERMINATED) return close_failed(run, s);
    char why[512] = "";
    if (s) snprintf(why, sizeof why, "%s", rc_error_get());
    rc_status t = RC_STATUS_OK;
    /* the checkpoint comes before the last frame, so that a resumed run drops that frame and goes on as if never
     * interrupted; none when the loop has just written the periodic one at this very point: a second renewal of the
     * event-driven engine there would change the rounding of what follows (docs/cli.md, "Interrupts") */
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    bool fresh = run->has_checkpoint && run->checkpointed.events == now.events &&
                 run->checkpointed.steps == now.steps && run->checkpointed.time == now.time;
    if (run->interrupt_signal >= 0 && run->settings.checkpoint_every > 0 && !fresh)
        t = rc_run_checkpoint_write(run, NULL);
    rc_status f = rc_run_finish(run);
    if (!t) t = f;
    if (t) return t;
    return s ? rc_fail(s, "%s", why) : RC_STATUS_OK;
}

void rc_run_interrupt(rc_run *run, int signal)
{
    if (run) run->interrupt_signal = signal >= 0 ? signal : 0;
    if (run && run->ops && run->ops->interrupt) run->ops->interrupt(run->engine); /* a long step ends early too */
}

int rc_run_interrupt_signal(const rc_run *run) { return run ? run->interrupt_signal : -1; }

const char *rc_run_stop_reason(const rc_run *run) { return run ? run->stopped_by : NULL; }

const char *rc_run_directory(const rc_run *run) { return run ? run->directory : NULL; }

bool rc_run_is_equilibrated(const rc_run *run) { return !run || run->at.equilibrated; }
