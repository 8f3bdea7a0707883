/* The loop of ricochet run: advance the engine to the next output time, the end of the equilibration or the stop
 * criterion, in chunks of events sized so that each takes about a tenth of a second of wall time (the progress bar
 * moves and a long run stays responsive); write a frame and a row at time 0, at every output time (or every
 * output.every_collisions collisions) and at the end. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "run.h"

/* The smaller of two count limits, where 0 means none. */
static uint64_t min_count(uint64_t a, uint64_t b) { return !a ? b : !b ? a : a < b ? a : b; }

/* The name of the first limit reached, or NULL. */
static const char *reached(const rc_edmd_limits *limits, const rc_edmd_observables *now)
{
    if (now->time >= limits->time) return "time";
    if (limits->collisions && now->collisions >= limits->collisions) return "collisions";
    if (limits->events && now->events >= limits->events) return "events";
    return NULL;
}

/* How far the run is towards its stop criterion, from 0 to 1. */
static double fraction(const rc_edmd_limits *stop, const rc_edmd_observables *now)
{
    double f = isfinite(stop->time) ? now->time / stop->time : 0;
    if (stop->collisions) f = fmax(f, (double)now->collisions / (double)stop->collisions);
    if (stop->events) f = fmax(f, (double)now->events / (double)stop->events);
    return f;
}

/* The limits of the next call to rc_edmd_advance: the next output by time or by collisions (0: none). */
static rc_edmd_limits next_limits(const rc_run_settings *settings, bool equilibrating, double next_output,
                                  uint64_t next_output_collisions, uint64_t events, uint64_t chunk)
{
    rc_edmd_limits to = settings->stop;
    to.time = fmin(to.time, next_output);
    to.collisions = min_count(to.collisions, next_output_collisions);
    if (equilibrating) {
        to.time = fmin(to.time, settings->equilibration.time);
        to.collisions = min_count(to.collisions, settings->equilibration.collisions);
        to.events = min_count(to.events, settings->equilibration.events);
    }
    to.events = min_count(to.events, events + chunk);
    return to;
}

/* The loop's position at the start: fresh, or where a checkpoint left it. */
static run_position starting_position(const rc_run_settings *settings, const run_checkpoint *checkpoints,
                                      const run_position *resume, const rc_edmd_observables *now)
{
    if (resume) return *resume;
    run_position at;
    at.next_output = settings->output.every;
    at.outputs_done = 1;
    at.next_checkpoint = checkpoints && checkpoints->every > 0 ? checkpoints->every : INFINITY;
    at.equilibrated = !settings->equilibrate;
    at.start = *now;
    return at;
}

int rc_run_loop(rc_edmd *engine, const rc_run_settings *settings, bool show_progress, run_outputs *outputs,
                const run_checkpoint *checkpoints, const run_position *resume, run_result *result)
{
    double every = settings->output.every;
    uint64_t every_collisions = settings->output.every_collisions, chunk = 1000;
    rc_edmd_observables now;
    progress bar;
    rc_progress_start(&bar, show_progress);
    rc_edmd_measure(engine, &now);
    run_position at = starting_position(settings, checkpoints, resume, &now);
    result->start_collisions = now.collisions; /* this process's first: the speed counts its own collisions */
    int code = rc_run_outputs_write(outputs, engine);
    while (code == RC_RUN_GO_ON && !(result->stopped_by = reached(&settings->stop, &now))) {
        uint64_t next_output_collisions = every_collisions * (uint64_t)at.outputs_done;
        rc_edmd_limits to = next_limits(settings, !at.equilibrated, fmin(at.next_output, at.next_checkpoint),
                                        next_output_collisions, now.events, chunk);
        rc_edmd_observables before = now;
        double started = rc_cli_seconds();
        rc_status s = rc_edmd_advance(engine, &to);
        if (s == RC_NOT_TERMINATED) { /* an impact or the clock did not get on: say so, keep what was done */
            fprintf(stderr, "ricochet: %s\n", rc_last_error());
            result->stopped_by = "not_terminated";
            rc_edmd_measure(engine, &now);
            break;
        }
        if (s) {
            code = rc_cli_fail(RC_EXIT_INTERNAL, "at time %.17g: %s", now.time, rc_last_error());
            break;
        }
        double took = rc_cli_seconds() - started;
        rc_edmd_measure(engine, &now);
        if (!at.equilibrated && reached(&settings->equilibration, &now)) {
            at.start = now;
            at.equilibrated = true;
        }
        if (now.time >= at.next_output || (every_collisions && now.collisions >= next_output_collisions)) {
            code = rc_run_outputs_write(outputs, engine);
            at.next_output = every * (double)++at.outputs_done;
        }
        if (code == RC_RUN_GO_ON && now.time >= at.next_checkpoint) {
            at.next_checkpoint = checkpoints->every * (floor(now.time / checkpoints->every) + 1);
            code = rc_run_checkpoint_edmd(checkpoints, engine, &at);
        }
        if (now.events == before.events && now.time == before.time) {
            result->stopped_by = "no_events"; /* nothing is left to happen before the stop criterion */
            break;
        }
        if (took < 0.05 && chunk < ((uint64_t)1 << 40)) chunk *= 2;
        else if (took > 0.2 && chunk > 64) chunk /= 2;
        rc_progress_update(&bar, fraction(&settings->stop, &now), now.collisions - result->start_collisions);
    }
    rc_progress_finish(&bar);
    result->start = at.start;
    result->equilibrated = at.equilibrated;
    result->wall_seconds = rc_cli_seconds() - bar.start;
    if (code == RC_RUN_GO_ON && now.events != outputs->last.events) code = rc_run_outputs_write(outputs, engine);
    return code;
}
