/* SPDX-License-Identifier: MIT */
/* ricochet/sweep.h: parameter sweeps and ensembles (docs/formats.md, "Sweep files"; docs/cli.md, "sweep").
 *
 * A sweep is a base scene and what to vary in it: scene keys by their dotted paths, as a grid (every combination)
 * or zipped lists, each point run `replicas` times with derived seeds. Run k (point k / replicas, replica k %
 * replicas) goes through the run driver (ricochet/run.h) into its own folder DIRECTORY/NNNN (its scene.json,
 * summary.json and trajectories) and leaves DIRECTORY/NNNN/outcome.json when it has ended: its status ("ok",
 * "failed", "not_terminated") and message. The table DIRECTORY/sweep.csv has one row per run (the varied values, the
 * status, every number of the summary), the same as HDF5 in DIRECTORY/sweep.h5, and DIRECTORY/sweep_means.csv one
 * row per point (the mean and standard error over its replicas that ended ok).
 *
 * Behaviour a caller can rely on:
 * - a sweep file is checked whole before anything runs: every varied path names a key of the base scene, every value
 *   has that key's JSON type, lists are not empty, zipped lists have one length (RC_STATUS_INVALID_ARGUMENT naming the field);
 * - a run's result depends only on the sweep file and its index, never on which process ran it or when;
 * - running a run whose outcome.json exists does nothing; one with a checkpoint (DIRECTORY/NNNN/checkpoint.rcp) goes
 *   on from it; so a killed sweep started again finishes with the same bits as one never stopped.
 * The library runs runs in processes of its own (fork) in rc_sweep_execute; rc_sweep_execute_mpi (ricochet/mpi.h,
 * libricochet_mpi) hands run indices to MPI ranks that call rc_sweep_execute_run. */
#ifndef RICOCHET_SWEEP_H
#define RICOCHET_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/run.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most runs one sweep may have. */
#define RC_SWEEP_MAX_RUNS 1000000

typedef struct rc_sweep rc_sweep;

typedef enum rc_sweep_status {
    RC_SWEEP_STATUS_PENDING, /* not ended: never started, or stopped before its end (a checkpoint may be there) */
    RC_SWEEP_STATUS_OK,
    RC_SWEEP_STATUS_FAILED,        /* its scene was refused, or the run failed: the message says why */
    RC_SWEEP_STATUS_NOT_TERMINATED /* an impact ran out of its budget or the clock stalled (the summary is there) */
} rc_sweep_status;

/* "pending", "ok", "failed", "not_terminated" (NULL for another value). */
RC_API const char *rc_sweep_status_name(rc_sweep_status status);

/* Reads a sweep file (JSON text). A "scene" given as a path is read relative to base_directory (NULL: the working
 * directory). RC_STATUS_INVALID_ARGUMENT names the field; RC_STATUS_IO_ERROR the scene file that cannot be read. */
RC_API rc_status rc_sweep_create_from_text(const char *text, const char *base_directory, rc_sweep **sweep);
/* The same from a file; a relative scene path is read relative to the file's folder (from the working directory when
 * there is no such file there). */
RC_API rc_status rc_sweep_create_from_file(const char *path, rc_sweep **sweep);
RC_API void rc_sweep_destroy(rc_sweep *sweep);

/* Points (combinations of the varied values), replicas per point, runs (points x replicas). */
RC_API int64_t rc_sweep_points(const rc_sweep *sweep);
RC_API int64_t rc_sweep_replicas(const rc_sweep *sweep);
RC_API int64_t rc_sweep_run_count(const rc_sweep *sweep);
/* The run folder: the file's "directory" (default "sweep"), or the one set by rc_sweep_set_directory. */
RC_API const char *rc_sweep_directory(const rc_sweep *sweep);
RC_API rc_status rc_sweep_set_directory(rc_sweep *sweep, const char *directory);
/* Simulation time between the runs' checkpoints: the file's "checkpoint_every" (0: the scene's own), or this. */
RC_API void rc_sweep_set_checkpoint_every(rc_sweep *sweep, double every);

/* The seed of replica r of a point whose scene has seed `base`: base itself for r = 0, else the top 53 bits of
 * splitmix64(base + r) (exact as a JSON number); the same on every machine. */
RC_API uint64_t rc_seed_derive_replica(uint64_t base, int64_t replica);
/* The scene of run k as JSON text (free with rc_text_destroy): the base scene with the point's values and the replica's
 * seed set. NULL when k is out of range or out of memory. */
RC_API char *rc_sweep_scene(const rc_sweep *sweep, int64_t k);
/* The name of run k's folder inside the sweep folder: its index with at least four digits ("0007"). */
RC_API void rc_sweep_run_name(const rc_sweep *sweep, int64_t k, char name[32]);

/* The state of run k read from its folder, and its message (may be NULL; "" when none). */
RC_API rc_sweep_status rc_sweep_state(const rc_sweep *sweep, int64_t k, char *message, size_t message_size);

/* Runs run k in this process: nothing when it has ended; on from its checkpoint when one is there; else from its
 * scene. A refused scene or a failed run is recorded in its outcome.json (RC_SWEEP_STATUS_FAILED) and is not an error of the
 * sweep: the return value is an error only when the sweep folder cannot be written. *status: how it ended
 * (RC_SWEEP_STATUS_PENDING when interrupted). */
RC_API rc_status rc_sweep_execute_run(rc_sweep *sweep, int64_t k, rc_sweep_status *status);
/* Makes the sweep folder and takes its lock (DIRECTORY/.lock, docs/cli.md "The run folder"), held until the sweep
 * is destroyed (processes forked meanwhile share it): RC_STATUS_IO_ERROR naming the process that holds it when another
 * sweep writes the folder. Then claims the folder for this sweep's runs (DIRECTORY/sweep_identity.json: their count
 * and the hash of their scenes, written when missing): RC_STATUS_INVALID_ARGUMENT when it holds another sweep's runs. rc_sweep_execute and rc_sweep_execute_mpi (on rank 0) take it before any run; every run
 * also locks its own folder. */
RC_API rc_status rc_sweep_lock(rc_sweep *sweep);
/* Makes rc_sweep_execute start no more runs and end those it started at once (SIGKILL to their processes): they go on
 * from their last periodic checkpoints when the sweep is started again, and end with the same bits as never stopped.
 * A run rc_sweep_execute_run is running in this process is ended cleanly instead (rc_run_interrupt: its files closed, a
 * checkpoint written now; resumed from that checkpoint it has the frames and rows of a run never stopped, but their
 * numbers may differ in the last digits, since the checkpoint brings every particle's clock up to that moment).
 * Safe in a signal handler. */
RC_API void rc_sweep_interrupt(rc_sweep *sweep, int signal);
/* The signal given to rc_sweep_interrupt (0: none given), or -1 when not interrupted. */
RC_API int rc_sweep_interrupt_signal(const rc_sweep *sweep);

/* What the progress callback of rc_sweep_execute is told, whenever a run starts or ends. */
typedef struct rc_sweep_progress {
    int64_t runs; /* in the sweep */
    int64_t done; /* ended (ok, failed or not terminated), those that had ended before included */
    int64_t running;
    int64_t failed;  /* failed or not terminated */
    int64_t skipped; /* had ended before this call */
    double elapsed;  /* seconds of wall time since the call */
    double eta;      /* seconds left at the present pace, -1 while not known */
} rc_sweep_progress;

typedef void rc_sweep_progress_fn(const rc_sweep_progress *progress, void *user);

/* Runs every run that has not ended, `jobs` at a time (each in a process of its own; jobs <= 0: the number of online
 * processors), the next one handed to whichever process is free, then writes the tables. *counts (may be NULL) tells
 * how it went. Returns RC_STATUS_OK also when runs failed (counts->failed) or when interrupted (counts->done < runs). */
RC_API rc_status rc_sweep_execute(rc_sweep *sweep, int jobs, rc_sweep_progress_fn *progress, void *user,
                                  rc_sweep_progress *counts);

/* rc_sweep_execute with SIGINT and SIGTERM caught meanwhile, as rc_run_execute_guarded (ricochet/run.h): the first one
 * interrupts the sweep (rc_sweep_interrupt: the running runs end at once, to go on from their last checkpoints; the
 * tables are written), a second one ends the process; the handlers in place before are put back. What `ricochet sweep`
 * runs. */
RC_API rc_status rc_sweep_execute_guarded(rc_sweep *sweep, int jobs, rc_sweep_progress_fn *progress, void *user,
                                          rc_sweep_progress *counts);

/* Writes DIRECTORY/sweep.csv, DIRECTORY/sweep.h5 and DIRECTORY/sweep_means.csv from the run folders as they are. */
RC_API rc_status rc_sweep_write_tables(const rc_sweep *sweep);

/* The runs by state as the run folders are now: counts[status] for each rc_sweep_status (4 entries; all 0 for a NULL
 * sweep). */
RC_API void rc_sweep_count(const rc_sweep *sweep, int64_t counts[4]);
/* Whether every run ended ok, as the run folders are now: RC_STATUS_OK; RC_STATUS_INTERNAL when some have not ended (the sweep was
 * interrupted, or their processes were killed): "K runs did not end"; else RC_STATUS_NOT_TERMINATED when some failed or did
 * not terminate: "K of N runs failed or did not terminate (see DIRECTORY/sweep.csv)". What decides the exit code of
 * `ricochet sweep`. */
RC_API rc_status rc_sweep_check(const rc_sweep *sweep);
/* The report of the sweep as JSON text (what `ricochet sweep` prints; docs/cli.md, "sweep"): "runs", "points",
 * "replicas", the runs by state ("ok", "failed", "not_terminated", "pending", as rc_sweep_count), the "directory"
 * and "wall_seconds" as given (the caller's clock). Indented, or on one line when compact. Free it with
 * rc_text_destroy; NULL when out of memory or for a NULL sweep. */
RC_API char *rc_sweep_report_json(const rc_sweep *sweep, double wall_seconds, bool compact);

#ifdef __cplusplus
}
#endif
#endif
