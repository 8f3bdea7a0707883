/* SPDX-License-Identifier: MIT */
/* The run itself (ricochet/run.h; docs/architecture.md): its record, the position of its loop, and its engine behind
 * the engine interface (engine.h, reached through engine.c). Each part of the driver has a header of its own, so
 * that an include says who uses whom: observables.h, files.h (with the folder's lock), summary.h, measure.h,
 * chains.h, shapes.h, checkpoint.h, live.h, signals.h, sweep.h. */
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
    rc_ranks ranks;  /* the processes the run is split over (count 0: this one alone; threads.c) */
    bool muted;      /* a rank other than 0: it makes rank 0's calls on the engine but writes nothing */
    void *agreed;    /* the ranks' agreement on the next chunk (threads.c), and its capacity */
    size_t agreed_capacity;
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
/* The processes of the run (run->ranks) given to the engine after it is built; refused for an engine that runs in
 * one process. */
rc_status rc_run_ranks_apply(rc_run *run);
/* Every rank's next chunk and interrupt, agreed before each call to the engine (a collective): *chunk becomes rank
 * 0's, and *signal the first interrupted rank's signal (-1: none), so that every rank makes the same calls and stops
 * at the same point. One process: its own signal. */
rc_status rc_run_ranks_agree(rc_run *run, uint64_t *chunk, int *signal);
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

/* Seconds on the monotonic clock. */
double rc_run_seconds(void);

#endif
