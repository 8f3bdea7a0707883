/* SPDX-License-Identifier: MIT */
/* ricochet/run.h: the run driver, one loop for both engines (docs/architecture.md; docs/cli.md, "run").
 *
 * A run is a scene (event-driven or time-stepping: the scene's "dynamics" decides) and its engine, driven to the
 * scene's stop limit: output at time 0, at every output time and at the end (extended XYZ, CSV, H5MD), checkpoints,
 * progress through a callback, equilibration, and a summary. The command-line tool, the Python package and the
 * benchmarks all run scenes through it. The driver never prints and never exits: failures return an rc_status with
 * rc_error_get().
 *
 * Behaviour a caller can rely on:
 * - every run ends: when nothing can happen any more (no event pending, or none within 2^20 output intervals; every
 *   body at rest without gravity), the run stops with stopped_by "no_events", whatever limit is left; a stop limit that cannot be reached by construction
 *   (pair collisions of a single particle) is refused by rc_run_create;
 * - rc_run_interrupt (async-signal-safe) ends a run cleanly at the next chunk: the present state is written as a last
 *   frame, a checkpoint when checkpointing is on, every file is closed under its own name, stopped_by "interrupted";
 * - a resumed run goes on in the checkpoint's folder and appends after exactly what was written up to the checkpoint,
 *   so an interrupted and resumed run leaves the same frames and rows as an uninterrupted one;
 * - a run folder explains itself: DIRECTORY/scene.json and DIRECTORY/summary.json beside the trajectories. */
#ifndef RICOCHET_RUN_H
#define RICOCHET_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/edmd.h"
#include "ricochet/frame.h"
#include "ricochet/rigid.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rc_dynamics {
    RC_DYNAMICS_EVENT_DRIVEN, /* hard spheres and disks, ricochet/edmd.h */
    RC_DYNAMICS_TIME_STEPPING /* balls and rigid bodies on a fixed step, ricochet/rigid.h */
} rc_dynamics;

/* Absolute limits: the first one reached ends an advance. 0 means none for the counts, INFINITY for time. The
 * event-driven engine counts collisions and events, the time-stepped one steps. */
typedef struct rc_run_limits {
    double time;
    uint64_t collisions;
    uint64_t events;
    uint64_t steps;
} rc_run_limits;

/* What the progress callback is told, about once every options.progress_interval seconds. */
typedef struct rc_run_progress {
    double fraction;  /* of the stop limit done, in [0, 1] */
    double time;      /* simulation time */
    uint64_t done;    /* units done by this process since it started the run */
    const char *unit; /* "collisions" (event-driven) or "steps" (time-stepping) */
    double rate;      /* units per second of wall time */
    double eta;       /* seconds left at the present pace, or -1 when not known yet */
} rc_run_progress;

typedef void rc_run_progress_fn(const rc_run_progress *progress, void *user);

/* What the caller changes of the scene's own settings. Strings are copied by rc_run_create and rc_run_create_from_checkpoint. */
typedef struct rc_run_options {
    const char *directory; /* replaces output.directory; on resume, a new folder instead of the checkpoint's */
    const char *h5md_path; /* also writes H5MD there (NULL: DIRECTORY/trajectory.h5md when output.h5md) */
    bool stop_given;       /* stop replaces the scene's (on resume: the checkpoint's) "stop" */
    rc_run_limits stop;
    bool no_xyz;              /* no trajectory.xyz */
    bool no_files;            /* no files at all, not even summary.json (the Python default) */
    double checkpoint_every;  /* simulation time between checkpoints; 0: output.checkpoint_every of the scene, or
                                 * on resume the checkpoint's own cadence */
    const char *command_line; /* recorded in summary.json (NULL: none) */
    rc_run_progress_fn *progress;
    void *progress_user;
    double progress_interval; /* seconds between progress calls (default 0.25) */
    bool gsd;                 /* also DIRECTORY/trajectory.gsd, as output.gsd */
    bool lammps_dump;         /* also DIRECTORY/trajectory.lammpstrj, as output.lammps_dump */
    int32_t threads;          /* replaces the scene's "threads" (event-driven; docs/edmd.md, "Parallel"); 0: the
                                 * scene's; below 0 refused */
    const rc_ranks *ranks;    /* one event-driven system over these processes (docs/edmd.md, "Ranks"; rc_ranks_mpi);
                                 * NULL: this one. Every rank makes the same calls with the same options; only rank 0
                                 * writes files and calls progress, the others make the same calls on the engine.
                                 * Copied; what it points to must outlive the run. A rank whose create fails must
                                 * tell the others, which would wait for it at the first advance (ricochet run
                                 * agrees on it through the table's exchange before it runs). */
} rc_run_options;

typedef struct rc_run rc_run;

RC_API rc_run_options rc_run_default_options(void);

/* Reads a scene (JSON text) and builds its engine, opens the run folder and writes DIRECTORY/scene.json. Nothing
 * is advanced yet. RC_STATUS_INVALID_ARGUMENT names the scene's field; RC_STATUS_IO_ERROR names the file that cannot be written. */
RC_API rc_status rc_run_create(const char *scene_text, const rc_run_options *options, rc_run **run);
/* Reads a checkpoint (rc_run_checkpoint_write) and goes on from it: in the checkpoint's run folder, appending to
 * its files after what they held at the checkpoint, or in options->directory, a new folder. A checkpoint of another
 * format version or byte order, or a damaged one, is refused with RC_STATUS_INVALID_ARGUMENT saying which. */
RC_API rc_status rc_run_create_from_checkpoint(const char *checkpoint_path, const rc_run_options *options,
                                               rc_run **run);
/* Closes what is still open (as an interrupted run would, without a summary) and frees the run. */
RC_API void rc_run_destroy(rc_run *run);

/* Runs to the stop limit (or until rc_run_interrupt, or until nothing can happen), then finishes (rc_run_finish).
 * Returns RC_STATUS_OK also when interrupted (rc_run_stop_reason says "interrupted"); RC_STATUS_NOT_TERMINATED when an impact or
 * the clock did not get on (the summary is written all the same, stopped_by "not_terminated"); other codes for
 * failures, the files then left as NAME.partial. */
RC_API rc_status rc_run_execute(rc_run *run);
/* Advances to the first of these absolute limits, the run's own stop limit aside, writing outputs and checkpoints on
 * the way; equilibration and averages go on as in rc_run_execute. A limit the engine does not count (steps for the
 * event-driven engine, collisions or events for the time-stepped one) is refused with RC_STATUS_INVALID_ARGUMENT naming it,
 * as is a call without any limit. */
RC_API rc_status rc_run_advance(rc_run *run, const rc_run_limits *until);
/* Writes the last frame and row (when the state moved since the last ones), closes every file under its own name and
 * writes DIRECTORY/summary.json. A finished run can still be measured; it cannot be advanced. */
RC_API rc_status rc_run_finish(rc_run *run);
/* Asks the run to end cleanly at the next chunk (about a tenth of a second). Safe in a signal handler; signal is the
 * signal's number (0 when not from a signal), kept for rc_run_interrupt_signal. */
RC_API void rc_run_interrupt(rc_run *run, int signal);
RC_API int rc_run_interrupt_signal(const rc_run *run);
/* rc_run_execute with SIGINT and SIGTERM caught meanwhile, what `ricochet run` does: the first one interrupts the run
 * (rc_run_interrupt with its number: a last frame, a checkpoint when checkpointing is on, every file closed, RC_STATUS_OK with
 * stopped_by "interrupted"; rc_run_interrupt_signal gives the signal), a second one ends the process at once (the
 * signal's default action: the files stay NAME.partial, the last checkpoint resumes). The library installs handlers
 * only here (and in rc_sweep_execute_guarded, rc_exchange_execute_guarded), and puts back the ones in place before
 * (a front end's, Python's) when it returns. Handlers belong to the process: while one guarded call runs, another one
 * (from another thread) is refused with RC_STATUS_INVALID_ARGUMENT. */
RC_API rc_status rc_run_execute_guarded(rc_run *run);
/* rc_run_advance with SIGINT and SIGTERM caught meanwhile, as rc_run_execute_guarded: the first one ends the advance
 * cleanly at the next chunk (RC_STATUS_OK, stopped_by "interrupted", rc_run_interrupt_signal the signal; nothing is finished or
 * closed), a second one ends the process. An interrupt left by an earlier guarded advance is cleared first, so the
 * next one goes on from where that one stopped. */
RC_API rc_status rc_run_advance_guarded(rc_run *run, const rc_run_limits *until);

/* Writes a checkpoint of the run now: the scene, the engine's state, the loop's position and how far each file
 * goes, atomically (PATH.partial, then renamed). NULL path: DIRECTORY/checkpoint.rcp. On a run split over ranks
 * (rc_run_options.ranks) every rank calls it at once and only rank 0 writes (saving the state may reorder the
 * engine's particles, which every rank must do alike). */
RC_API rc_status rc_run_checkpoint_write(rc_run *run, const char *path);

/* How the run stopped: "time", "collisions", "events", "steps", "no_events", "interrupted", "not_terminated", or
 * NULL while it has not. */
RC_API const char *rc_run_stop_reason(const rc_run *run);
RC_API rc_dynamics rc_run_dynamics(const rc_run *run);
RC_API double rc_run_time(const rc_run *run);
/* The run's counters now, what the summary reports as time, collisions, events and steps, read without building
 * the summary: the event-driven engine counts collisions and events (steps stays 0), the time-stepped one steps
 * (collisions and events stay 0). */
typedef struct rc_run_counts {
    double time;         /* simulation time */
    uint64_t collisions; /* pair collisions */
    uint64_t events;     /* events processed: collisions, wall hits, list rebuilds, ... */
    uint64_t steps;      /* time steps taken */
} rc_run_counts;
/* Fills *counts; RC_STATUS_INVALID_ARGUMENT naming the argument when run or counts is NULL. */
RC_API rc_status rc_run_read_counts(const rc_run *run, rc_run_counts *counts);
/* The engine, for measurements beyond the summary (NULL when the run is of the other kind). */
RC_API const rc_edmd *rc_run_edmd(const rc_run *run);
RC_API const rc_rigid *rc_run_rigid(const rc_run *run);
/* The bodies: count, and a frame (rc_frame_create(frame, count, rc_run_has_orientations(run))) of the present state. */
RC_API int32_t rc_run_count(const rc_run *run);
RC_API bool rc_run_has_orientations(const rc_run *run);
/* Whether the run's particles spin (rough particles, docs/edmd.md): then rc_frame_add_spins gives its frames room for
 * them. */
RC_API bool rc_run_has_spins(const rc_run *run);
RC_API rc_status rc_run_fill_frame(const rc_run *run, rc_frame *frame);
/* False while the run has an equilibration that has not ended (the summary's averages then cover the whole run). */
RC_API bool rc_run_is_equilibrated(const rc_run *run);
/* The run folder (NULL when the run writes no files). */
RC_API const char *rc_run_directory(const rc_run *run);

/* A command line as one text for rc_run_options.command_line: program and argv[0 .. argc-1] separated by spaces,
 * each word that holds more than letters, digits and _-./=:,+@% (or is empty) in single quotes for a POSIX shell
 * (a quote inside as '\''). Free it with rc_text_destroy; NULL when out of memory. */
RC_API char *rc_run_command_line(const char *program, int argc, const char *const *argv);

/* The summary (docs/formats.md, "The summary") as JSON text, indented or on one line: the same object whatever the
 * engine where meanings are shared. Free it with rc_text_destroy. NULL when out of memory. */
RC_API char *rc_run_summary_json(const rc_run *run, bool compact);

/* ---- The table of observables ----------------------------------------------------------------------------------
 * One table is the source of the CSV columns, the H5MD observables, the summary's measured keys and the table in
 * docs/formats.md (`ricochet help observables`). */
enum {
    RC_OBSERVABLE_EVENT_DRIVEN = 1, /* the engines that have it */
    RC_OBSERVABLE_TIME_STEPPING = 2,
    RC_OBSERVABLE_ROW = 4,       /* a column of observables.csv and an H5MD observable */
    RC_OBSERVABLE_SUMMARY = 8,   /* a key of the summary */
    RC_OBSERVABLE_SHEAR = 16,    /* only in runs with a sheared box (box.shear) */
    RC_OBSERVABLE_BAROSTAT = 32, /* only in runs at constant pressure (barostat) */
    RC_OBSERVABLE_ROUGH = 64,    /* only in runs of rough particles (tangential_restitution) */
    RC_OBSERVABLE_WALLS = 128    /* only in runs with moving or thermal walls */
};

typedef struct rc_observable_info {
    const char *name;
    const char *unit;    /* in the scene's units: "length", "time", "energy", ... or "1" for counts and ratios */
    const char *meaning; /* one sentence */
    int flags;           /* RC_OBSERVABLE_* */
} rc_observable_info;

RC_API int rc_observable_count(void);
/* Entry k of the table (NULL out of range). */
RC_API const rc_observable_info *rc_observable_get(int k);
/* The table as Markdown (name, unit, engines, in rows, meaning): `ricochet help observables` and docs/formats.md.
 * Free it with rc_text_destroy; NULL when out of memory. */
RC_API char *rc_observable_table_markdown(void);

#ifdef __cplusplus
}
#endif
#endif
