/* SPDX-License-Identifier: MIT */
/* The run driver's insides (ricochet/run.h; docs/architecture.md): the run, its engine behind the engine interface
 * (engine.h, reached through engine.c), the table of observables (observables.c), the files (files.c), checkpoints
 * (checkpoint.c), the summary (summary.c) and the loop (driver.c). */
#ifndef RC_RUN_RUN_H
#define RC_RUN_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "ricochet/output.h"
#include "ricochet/run.h"
#include "ricochet/scene.h"
#include "run/engine.h"

/* Where the run's measurements are (measure.c), saved whole in checkpoints. */
typedef struct measure_position {
    bool started;
    double origin;                       /* the time of the first sample */
    double interval, structure_interval; /* effective: the scene's or the defaults */
    int64_t samples, structure_samples;  /* taken so far */
    int64_t block_frames;                /* samples per block of time */
    double estimated_free_time;          /* the Enskog mean free time of the initial state, for the defaults */
    run_snapshot start;                  /* the engine at the origin */
} measure_position;

/* Where the loop is, beyond the engine's state: saved in checkpoints so that a resumed run goes on the same way. */
typedef struct run_position {
    int64_t outputs_done; /* frames (and rows) written at output times, the one at time 0 included */
    int64_t frames, rows; /* written into the files, the last ones included */
    bool equilibrated;
    bool written;        /* a frame or row was written: `last` holds its state */
    run_snapshot start;  /* where the summary's averages start (an engine without averages leaves it zero) */
    run_snapshot last;   /* the state at the last row, where the next row's averages start (in a new folder
                                   * resumed from a checkpoint: the checkpoint's, see rc_run_create_from_checkpoint) */
    uint64_t last_count; /* the engine's position count (events, steps) at the last frame and row */
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
    rc_frame frame; /* the whole frame, or one part of it (in_parts) */
    bool in_parts;  /* the frames go to the XYZ file alone, in parts of `part` particles (files.c) */
    int32_t part;
    bool locked; /* the run holds the run folder's lock (lock.c) on descriptor `lock` */
    int lock;
} run_files;

typedef struct run_measure run_measure;
typedef struct run_chains run_chains;

struct rc_run {
    const run_engine_ops *ops; /* the engine's table (engine.h), chosen by the scene's "dynamics" */
    void *engine;              /* its adapter's state */
    run_field *fields;         /* where each observable of the table lies in the engine's record (observables.c) */
    char *scene_text;
    cJSON *scene;    /* the scene parsed, kept until scene.json is written, then NULL */
    int32_t threads; /* the caller's thread count over the scene's "threads" (0: the scene's) */
    run_settings settings;
    char *directory; /* NULL when the run writes no files */
    char *command_line;
    rc_run_progress_fn *progress;
    void *progress_user;
    double progress_interval;
    run_position at;
    run_files files;
    run_measure *measure;  /* NULL without "measure" */
    run_chains *chains;    /* bonded runs' observables (chains.c), NULL until the first frame with bonds */
    struct run_live *live; /* changes and triggers (live.h), NULL until the first */
    volatile sig_atomic_t interrupt_signal; /* -1 while not asked to stop; else the signal (0: none) */
    const char *stopped_by;
    bool finished;
    double wall_start, wall_seconds, progress_drawn;
    double start_fraction;      /* of the stop limit, when this process took the run over */
    uint64_t start_done;        /* collisions or steps when this process took the run over */
    rc_run_limits checkpointed; /* the counters at the run's own checkpoint (DIRECTORY/checkpoint.rcp), when it has
                                     one: the last periodic one, or the one it was resumed from */
    bool has_checkpoint;
    char started_at[32], ended_at[32];
};

/* ---- engine.c: the engine through its table (engine.h) ---- */
/* Parses the scene text once, picks the engine its "dynamics" names (engines/registry.c) and builds it. */
rc_status rc_run_engine_create(rc_run *run);
/* threads.c: the caller's thread count (run->threads, when not 0) into the parsed scene's "threads"; refused below 0
 * and for engines other than the event-driven one. */
rc_status rc_run_threads_apply(rc_run *run);
void rc_run_engine_destroy(rc_run *run);
/* The scene's settings, before the caller's options. */
void rc_run_engine_settings(const rc_run *run, run_settings *out, const char **directory);
/* The output settings every scene shares (rc_run_output) into the run's settings, for the adapters. */
void rc_run_output_settings(const rc_run_output *o, run_settings *out, const char **directory);
/* The present counters: time, collisions, events, steps (0 where the engine has none). */
void rc_run_engine_counters(const rc_run *run, rc_run_limits *now);
size_t rc_run_engine_state_size(const rc_run *run);
rc_status rc_run_engine_state_save(rc_run *run, void *buffer, size_t size);
rc_status rc_run_engine_state_restore(rc_run *run, const void *buffer, size_t size);
/* The value of the observable `name` in the engine's record now (averages since `since`, NULL: the start); NAN when
 * the engine has none of that name. */
double rc_run_engine_value(const rc_run *run, const run_snapshot *since, const char *name);

/* ---- observables.c ---- */
/* Every value of the table for the run's engine (NAN where the engine has none), the event-driven averages taken
 * since `since` (NULL: since the start). values has rc_observable_count() entries. */
void rc_run_observe(const rc_run *run, const run_snapshot *since, double *values);
/* Finds each observable of the table in the run's engine (run->fields); RC_STATUS_NO_MEMORY when out of memory. */
rc_status rc_run_observables_bind(rc_run *run);
/* Field `name` of an adapter's list of n (false when absent). */
bool rc_run_field_find(const run_field *list, size_t n, const char *name, run_field *out);
/* The names of the row's columns for the run's engine (and its shear), in table order, and their indices into the
 * table's values. */
int rc_run_row_columns(const rc_run *run, const char **names, int *indices);
/* Adds the summary's measured keys (null where a value is not defined). */
void rc_run_add_observables(const rc_run *run, const run_snapshot *since, cJSON *summary);

/* ---- chains.c: bonded runs' observables ---- */
/* Adds a whole frame with bonds, once equilibrated, to the bond-length histogram and the chains' samples. */
rc_status rc_run_chains_sample(rc_run *run, const rc_frame *frame);
/* end_to_end_distance, radius_of_gyration (with _error) and chain_frames, when frames were sampled. */
void rc_run_chains_summary(const rc_run *run, cJSON *summary);
/* DIRECTORY/bond_length_histogram.csv, when frames were sampled. */
rc_status rc_run_chains_write(rc_run *run);
void rc_run_chains_free(rc_run *run);

/* ---- files.c ---- */
/* mkdir -p. */
rc_status rc_run_make_directory(const char *path);
/* "directory/name", malloc'd; NULL when out of memory (rc_error_get says so). */
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
 * descriptor, held until rc_run_lock_release, which removes the file. RC_STATUS_IO_ERROR when another run holds it (the message names `what`, "run
 * folder" or "sweep folder", the directory and the holder's process id) or it cannot be taken. */
rc_status rc_run_lock_take(const char *directory, const char *what, int *lock);
/* Releases a lock taken on DIRECTORY, removing DIRECTORY/.lock (and sets *lock to -1); nothing for -1. */
void rc_run_lock_release(const char *directory, int *lock);

/* ---- summary.c ---- */
/* The summary object (ricochet/run.h, rc_run_summary_json); NULL when out of memory. */
cJSON *rc_run_summary(const rc_run *run);
/* DIRECTORY/scene.json: the scene as read with the run's effective stop and output; the parsed scene (run->scene)
 * is let go of, written or not. */
rc_status rc_run_write_scene(rc_run *run);
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
/* What a checkpoint holds, read back (or to be written by rc_run_checkpoint_save). */
typedef struct run_checkpoint {
    char *scene_text;
    char *directory;       /* "" when the run wrote no files */
    char *h5md_path;       /* "" when none */
    run_settings settings; /* filled by rc_run_checkpoint_fields */
    run_position position;
    void *state; /* the engine's state (read: inside `file`) */
    size_t state_size;
    void *measured; /* the measurements' sums (measure.c; read: inside `file`) */
    size_t measured_size;
    void *changes; /* the changes of parameters (changes.c; read: inside `file`) */
    size_t changes_size;
    void *file;             /* read: the whole file */
    const void *records[2]; /* read: the tagged records of the settings and the position */
    uint64_t records_size[2];
} run_checkpoint;

/* Reads the file: its header, records and checksum, the texts and the state's bytes. */
rc_status rc_run_checkpoint_read(const char *path, run_checkpoint *out);
/* The settings and position from their records, over the defaults (the scene's settings of the run built from the
 * checkpoint's scene, a position at the start with the restored engine's observables): a field the checkpoint lacks
 * keeps its default, one this program does not know is skipped. */
rc_status rc_run_checkpoint_fields(run_checkpoint *checkpoint, const rc_run *run, const char *path);
/* Writes a checkpoint of these contents to path, atomically. */
rc_status rc_run_checkpoint_save(const char *path, const run_checkpoint *checkpoint, const run_engine_ops *ops);
void rc_run_checkpoint_free(run_checkpoint *checkpoint);

/* Seconds on the monotonic clock. */
double rc_run_seconds(void);

#endif
