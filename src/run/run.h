/* SPDX-License-Identifier: MIT */
/* The run driver's insides (ricochet/run.h; docs/architecture.md): the run, its engine behind a few functions that
 * hide which one it is (engine.c), the table of observables (observables.c), the files (files.c), checkpoints
 * (checkpoint.c), the summary (summary.c) and the loop (driver.c). */
#ifndef RC_RUN_RUN_H
#define RC_RUN_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "ricochet/output.h"
#include "ricochet/rigid_scene.h"
#include "ricochet/run.h"
#include "ricochet/scene.h"

/* The effective settings of a run: the scene's, with the caller's options over them. */
typedef struct run_settings {
    rc_run_limits stop;
    bool equilibrate;
    rc_run_limits equilibration;
    double every;                 /* simulation time between outputs (INFINITY: first and last only) */
    uint64_t every_collisions;    /* event-driven: collisions between outputs instead (0: by time) */
    bool xyz, csv, h5md;
    bool gsd, lammps_dump;        /* in the padding before checkpoint_every: checkpoints keep their layout */
    double checkpoint_every;      /* 0: none */
} run_settings;

/* Where the run's measurements are (measure.c), saved whole in checkpoints. */
typedef struct measure_position {
    bool started;
    double origin;                /* the time of the first sample */
    double interval, structure_interval; /* effective: the scene's or the defaults */
    int64_t samples, structure_samples;  /* taken so far */
    int64_t block_frames;         /* samples per block of time */
    double estimated_free_time;   /* the Enskog mean free time of the initial state, for the defaults */
    rc_edmd_observables start;    /* the engine at the origin */
} measure_position;

/* Where the loop is, beyond the engine's state: saved in checkpoints so that a resumed run goes on the same way. */
typedef struct run_position {
    int64_t outputs_done;         /* frames (and rows) written at output times, the one at time 0 included */
    int64_t frames, rows;         /* written into the files, the last ones included */
    bool equilibrated;
    bool written;                 /* a frame or row was written: `last` holds its state */
    rc_edmd_observables start;    /* event-driven: where the summary's averages start */
    rc_edmd_observables last;     /* event-driven: the state at the last row, where the next row's averages start
                                   * (in a new folder resumed from a checkpoint: the checkpoint's, see rc_run_resume) */
    uint64_t last_count;          /* events (event-driven) or steps at the last frame and row */
    double last_time;
    rc_output_mark xyz, csv, h5md; /* how far each file went at the checkpoint (GSD and the LAMMPS dump: `frames`) */
    measure_position measure;
} run_position;

/* The files of a run. */
typedef struct run_files {
    char *trajectory, *observables, *h5md_path, *histogram, *shapes; /* paths, NULL when not written */
    char *gsd_path, *lammps_path;
    rc_gsd_writer *gsd;
    rc_lammps_dump_writer *lammps;
    rc_xyz_writer *xyz;
    rc_csv_writer *csv;
    rc_h5md_writer *h5md;
    rc_frame frame;       /* the whole frame, or one part of it (in_parts) */
    bool in_parts;        /* the frames go to the XYZ file alone, in parts of `part` particles (files.c) */
    int32_t part;
    bool locked;          /* the run holds the run folder's lock (lock.c) on descriptor `lock` */
    int lock;
} run_files;

typedef struct run_measure run_measure;

struct rc_run {
    rc_dynamics dynamics;
    char *scene_text;
    rc_run_scene *edmd_scene;     /* its per-particle arrays freed once the engine holds them */
    rc_edmd *edmd;
    cJSON *species;               /* the summary's "species", taken from the scene before its arrays are freed */
    rc_rigid_scene *rigid_scene;
    rc_rigid *rigid;
    run_settings settings;
    char *directory;              /* NULL when the run writes no files */
    char *command_line;
    rc_run_progress_fn *progress;
    void *progress_user;
    double progress_interval;
    run_position at;
    run_files files;
    run_measure *measure;         /* NULL without "measure" */
    volatile sig_atomic_t interrupt_signal; /* -1 while not asked to stop; else the signal (0: none) */
    const char *stopped_by;
    bool finished;
    double wall_start, wall_seconds, progress_drawn;
    double start_fraction;        /* of the stop limit, when this process took the run over */
    uint64_t start_done;          /* collisions or steps when this process took the run over */
    rc_run_limits checkpointed;   /* the counters at the run's own checkpoint (DIRECTORY/checkpoint.rcp), when it has
                                     one: the last periodic one, or the one it was resumed from */
    bool has_checkpoint;
    char started_at[32], ended_at[32];
};

/* ---- engine.c: both engines behind one face ---- */
/* Parses the scene text (the engine its "dynamics" names) and builds the engine. */
rc_status rc_run_engine_create(rc_run *run);
void rc_run_engine_destroy(rc_run *run);
/* The scene's settings, before the caller's options. */
void rc_run_engine_settings(const rc_run *run, run_settings *out, const char **directory);
/* Advances to the first of the limits (absolute). */
rc_status rc_run_engine_advance(rc_run *run, const rc_run_limits *to);
/* Time-stepping: the step count the limits stop at (UINT64_MAX: none), and the steps in a span of time (at least 1;
 * UINT64_MAX when beyond reach). */
uint64_t rc_run_engine_step_limit(const rc_run *run, const rc_run_limits *limits);
uint64_t rc_run_engine_steps_per(const rc_run *run, double time);
/* The present counters: time, collisions, events, steps (0 where the engine has none). */
void rc_run_engine_counters(const rc_run *run, rc_run_limits *now);
/* Nothing can happen any more: no event pending, or none within 2^20 output intervals (event-driven); at rest
 * without gravity (time-stepping). */
bool rc_run_engine_idle(rc_run *run);
size_t rc_run_engine_state_size(const rc_run *run);
rc_status rc_run_engine_state_save(rc_run *run, void *buffer, size_t size);
rc_status rc_run_engine_state_restore(rc_run *run, const void *buffer, size_t size);
/* Event-driven: the observables now, averaged since `since` (NULL: the start of the run). */
void rc_run_engine_measure(const rc_run *run, const rc_edmd_observables *since, rc_edmd_observables *out);
/* Event-driven: the target a compression reached ("packing_fraction", "reduced_pressure", "jammed") when the scene
 * ends the run there; else NULL. */
const char *rc_run_engine_compressed(const rc_run *run);
/* The unit of progress: "collisions" or "steps". */
const char *rc_run_engine_unit(const rc_run *run);

/* ---- observables.c ---- */
/* Every value of the table for the run's engine (NAN where the engine has none), the event-driven averages taken
 * since `since` (NULL: since the start). values has rc_observable_count() entries. */
void rc_run_observe(const rc_run *run, const rc_edmd_observables *since, double *values);
/* The names of the row's columns for the run's engine (and its shear), in table order, and their indices into the
 * table's values. */
int rc_run_row_columns(const rc_run *run, const char **names, int *indices);
/* Adds the summary's measured keys (null where a value is not defined). */
void rc_run_add_observables(const rc_run *run, const rc_edmd_observables *since, cJSON *summary);

/* ---- files.c ---- */
/* mkdir -p. */
rc_status rc_run_make_directory(const char *path);
/* "directory/name", malloc'd; NULL when out of memory (rc_last_error says so). */
char *rc_run_join(const char *directory, const char *name);
/* Opens the files fresh (resume false) or reopens them after the checkpoint's marks (resume true). */
rc_status rc_run_files_open(rc_run *run, const char *h5md_path, bool resume);
/* Writes the present state as a frame and a row. */
rc_status rc_run_files_write(rc_run *run);
/* Flushes the files and records how far each goes in run->at. */
rc_status rc_run_files_mark(rc_run *run);
/* Writes DIRECTORY/separation_histogram.csv when the event-driven engine collected the histogram. */
rc_status rc_run_files_histogram(rc_run *run);
/* Closes the files under their own names (complete; a writer whose write failed cut back to its last whole frame or
 * row) or leaves them NAME.partial (a run that failed otherwise). */
rc_status rc_run_files_close(rc_run *run, bool complete);
/* Closes the files of a run that failed on a write, as after an interrupt: what each holds whole stays under its own
 * name (the file that failed cut back to its last whole frame or row); one with no whole frame or row stays
 * NAME.partial. */
rc_status rc_run_files_keep(rc_run *run);
/* Lets go of the run folder's lock (lock.c): the run has written its last file (finished, or failed). */
void rc_run_files_unlock(rc_run *run);
void rc_run_files_free(rc_run *run);
/* Writes a file atomically: fill writes path.partial (never through a link), which is flushed to disk and renamed
 * over path; on failure the message names the errno's meaning, `what` and the path, the older file stays and nothing
 * else is left. */
rc_status rc_run_write_file(const char *path, const char *what, bool (*fill)(FILE *file, const void *context),
                            const void *context);
/* The same for text. */
rc_status rc_run_write_text(const char *path, const char *text);

/* ---- lock.c ---- */
/* Takes the lock of DIRECTORY (DIRECTORY/.lock, which it creates and into which it writes the process id): *lock is its
 * descriptor, held until rc_run_lock_release, which removes the file. RC_IO_ERROR when another run holds it (the message names `what`, "run
 * folder" or "sweep folder", the directory and the holder's process id) or it cannot be taken. */
rc_status rc_run_lock_take(const char *directory, const char *what, int *lock);
/* Releases a lock taken on DIRECTORY, removing DIRECTORY/.lock (and sets *lock to -1); nothing for -1. */
void rc_run_lock_release(const char *directory, int *lock);

/* ---- summary.c ---- */
/* The summary object (ricochet/run.h, rc_run_summary_json); NULL when out of memory. */
cJSON *rc_run_summary(const rc_run *run);
/* The summary's "species": one entry per species present (count, mean diameter and mass, polydispersity). */
cJSON *rc_run_species_summary(const rc_edmd_def *def);
/* DIRECTORY/scene.json: the scene as read with the run's effective stop and output. */
rc_status rc_run_write_scene(const rc_run *run);
/* A JSON array of n numbers. */
cJSON *rc_run_json_numbers(const double *x, int n);
/* Writes object as indented JSON to DIRECTORY/name, atomically. */
rc_status rc_run_write_json(const rc_run *run, const char *name, const cJSON *object);
/* DIRECTORY/summary.json: the summary, the version, the command line, the start and end. */
rc_status rc_run_write_summary(const rc_run *run);
/* UTC now as 2026-11-25T13:07:00Z. */
void rc_run_timestamp(char out[32]);

/* ---- measure.c: on-the-fly transport and structure (the scene's "measure") ---- */
/* Makes the measurements the scene asks for (none: run->measure stays NULL); a new run (resume false) plans its
 * interval and blocks into run->at.measure. */
rc_status rc_run_measure_create(rc_run *run, bool resume);
void rc_run_measure_destroy(rc_run *run);
/* The next time the engine must stop at for a sample (INFINITY: none). */
double rc_run_measure_next(const rc_run *run);
/* Starts the measurement when due (equilibrated, at or after "from") and takes the samples due now. */
rc_status rc_run_measure_step(rc_run *run);
/* The results from the sums, and DIRECTORY's CSV files. */
rc_status rc_run_measure_finish(rc_run *run);
/* The summary's keys of the measurements. */
void rc_run_measure_summary(const rc_run *run, cJSON *summary);
/* The measurements' sums and rings as bytes for a checkpoint (NULL buffer: the size). */
size_t rc_run_measure_state_size(rc_run *run);
rc_status rc_run_measure_state_save(rc_run *run, void *buffer, size_t size);
rc_status rc_run_measure_state_restore(rc_run *run, const void *buffer, size_t size);

/* ---- shapes.c ---- */
/* Time-stepping runs with files: DIRECTORY/shapes.json, every body's shape and every static shape with its pose. */
rc_status rc_run_write_shapes(const rc_run *run);
/* Time-stepping runs: gives the XYZ writer the bodies' half extents (its aspherical_shape column). */
rc_status rc_run_shapes_to_xyz(const rc_run *run);

/* ---- checkpoint.c ---- */
/* What a checkpoint holds, read back. */
typedef struct run_checkpoint {
    char *scene_text;
    char *directory;              /* "" when the run wrote no files */
    char *h5md_path;              /* "" when none */
    run_settings settings;
    run_position position;
    void *state;
    size_t state_size;
    void *measured;               /* the measurements' sums (measure.c) */
    size_t measured_size;
} run_checkpoint;

rc_status rc_run_checkpoint_read(const char *path, run_checkpoint *out);
void rc_run_checkpoint_free(run_checkpoint *checkpoint);

/* Seconds on the monotonic clock. */
double rc_run_seconds(void);

#endif
