/* The pieces of `ricochet run` (docs/cli.md): the output files (run_output.c), the loop that advances the engine
 * (run_loop.c), the progress bar (progress.c) and the JSON summary (run_summary.c). Functions that can fail print
 * their message with rc_cli_fail and return an exit code; -1 means "fine, go on". */
#ifndef RC_CLI_RUN_H
#define RC_CLI_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"

enum { RC_RUN_GO_ON = -1 };

/* The command line of ricochet run. */
typedef struct run_arguments {
    const char *path, *directory; /* directory: --out, or NULL */
    const char *h5md;             /* --h5md FILE, or NULL */
    const char *resume;           /* --resume CHECKPOINT, or NULL */
    double checkpoint_every;      /* --checkpoint-every T, or 0 */
    bool stop_given;              /* --collisions, --time or --events: they replace the file's "stop" */
    rc_edmd_limits stop;
    bool quiet, no_xyz, compact, help;
} run_arguments;

/* ricochet run on a time-stepping scene (run_rigid.c): the engine (from a checkpoint's state when resumed is not
 * NULL), its outputs, checkpoints and summary. name: the scene's file or the checkpoint, for messages. */
typedef struct run_resumed run_resumed;
int rc_cli_run_rigid(const run_arguments *a, const char *name, const char *text, const run_resumed *resumed);

/* The files of a run and the state of their writing. */
typedef struct run_outputs {
    char *trajectory, *observables, *histogram, *h5md_path; /* paths, NULL when not written */
    rc_xyz_writer *xyz;
    rc_csv_writer *csv;
    rc_h5md_writer *h5md;
    rc_frame frame;
    rc_edmd_observables last; /* the state at the last frame or row written: the start of the next interval */
    bool written;             /* at least one frame or row was written */
    int64_t frames, rows;
} run_outputs;

/* Creates the directory (with its parents) and opens the files the settings ask for; h5md_path (--h5md), when not
 * NULL, is where the H5MD file goes instead of DIRECTORY/trajectory.h5md, and asks for it. */
int rc_run_outputs_open(run_outputs *o, const rc_run_output *settings, const char *h5md_path, const rc_edmd *engine);
/* Writes the frame and the CSV row of the engine's present state. */
int rc_run_outputs_write(run_outputs *o, const rc_edmd *engine);
/* Writes DIRECTORY/separation_histogram.csv when the engine collected the histogram. */
int rc_run_outputs_histogram(run_outputs *o, const char *directory, const rc_edmd *engine);
/* Closes the files; a failed flush is reported. When code already says the run failed, abandons them instead (they
 * stay NAME.partial). Returns the exit code. */
int rc_run_outputs_close(run_outputs *o, int code);
/* Closes what is open and frees everything. */
void rc_run_outputs_free(run_outputs *o);

/* Where the loop is, beyond the engine's state: saved in checkpoints so that a resumed run goes on the same way. */
typedef struct run_position {
    double next_output;           /* the simulation time of the next frame and row */
    int64_t outputs_done;
    double next_checkpoint;
    bool equilibrated;
    rc_edmd_observables start;    /* where the summary's averages start */
    double initial_energy;        /* time-stepping: the energy at time 0, for the drift */
} run_position;

/* Checkpoints of a run: DIRECTORY/checkpoint.rcp every `every` units of simulation time (0: none). */
typedef struct run_checkpoint {
    char *path;
    const char *scene_text;       /* the scene file's text, stored in every checkpoint */
    double every;
} run_checkpoint;

/* Writes a checkpoint of an engine's state bytes and the loop's position, atomically. Returns an exit code or
 * RC_RUN_GO_ON. */
int rc_run_checkpoint_write(const run_checkpoint *cp, const void *state, size_t size, const run_position *position);
/* The same for the event-driven engine: saves its state (which renews it) first. */
int rc_run_checkpoint_edmd(const run_checkpoint *cp, rc_edmd *engine, const run_position *position);

/* A checkpoint read back for --resume. */
struct run_resumed {
    char *scene_text;
    size_t scene_size;
    void *state;
    size_t state_size;
    run_position position;
};

int rc_run_checkpoint_read(const char *path, run_resumed *resumed);
void rc_run_resumed_free(run_resumed *resumed);

/* The outcome of the loop, for the summary. */
typedef struct run_result {
    rc_edmd_observables start;    /* where the summary's averages start: the end of the equilibration, or time 0 */
    bool equilibrated;            /* the equilibration ended (or there was none) */
    const char *stopped_by;       /* "collisions", "time", "events", "no_events" when nothing was left to happen, or
                                   * "not_terminated" when an impact or the clock did not get on (exit 3) */
    uint64_t start_collisions;    /* at the start of the run */
    double wall_seconds;
} run_result;

/* Advances the engine to the stop criterion, writing outputs at every output time and at the end. */
int rc_run_loop(rc_edmd *engine, const rc_run_settings *settings, bool progress, run_outputs *outputs,
                const run_checkpoint *checkpoints, const run_position *resume, run_result *result);

/* The JSON summary printed at the end (docs/formats.md, "Outputs"); NULL when out of memory. */
cJSON *rc_run_summary(const rc_edmd *engine, const rc_run_scene *scene, const rc_run_settings *settings,
                      const run_outputs *outputs, const run_result *result);

/* Seconds on the monotonic clock. */
double rc_cli_seconds(void);

/* A progress bar on stderr, redrawn at most every quarter second. */
typedef struct progress {
    bool on;
    double start, drawn;
} progress;

void rc_progress_start(progress *p, bool on);
/* fraction in [0, 1] of the stop criterion; collisions since the start. */
void rc_progress_update(progress *p, double fraction, uint64_t collisions);
/* Clears the bar's line. */
void rc_progress_finish(progress *p);

#endif
