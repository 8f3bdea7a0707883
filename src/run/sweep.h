/* SPDX-License-Identifier: MIT */
/* The insides of a sweep (ricochet/sweep.h), shared by the reader (sweep.c), the runner (sweep_run.c) and the tables
 * (sweep_table.c). */
#ifndef RC_RUN_SWEEP_H
#define RC_RUN_SWEEP_H

#include <signal.h>

#include <cjson/cJSON.h>

#include "ricochet/sweep.h"
#include "run/run.h"

/* One varied key: its dotted path and its list of values (both in the sweep's document). */
typedef struct sweep_key {
    const char *path;
    const cJSON *values;
    int count;
} sweep_key;

struct rc_sweep {
    cJSON *document; /* the sweep file */
    cJSON *scene;    /* the base scene */
    sweep_key *keys;
    int key_count;
    bool zip;
    const run_engine_ops *engine; /* the scene's engine (its "dynamics"): whether the scene has a seed */
    int64_t points, replicas, runs;
    char *directory;                        /* as given */
    char *root;                             /* the same made absolute, once it exists (NULL before) */
    double checkpoint_every;                /* 0: the scenes' own */
    volatile sig_atomic_t interrupt_signal; /* -1 while not interrupted */
    rc_run *volatile active;                /* the run rc_sweep_execute_run is running */
    bool locked;                            /* the sweep holds its folder's lock (rc_sweep_lock) on descriptor `lock` */
    int lock;
};

/* The value of key j at a point. */
const cJSON *rc_sweep_value(const rc_sweep *sweep, int64_t point, int key);
/* The seed run k runs with: its point's seed (varied, else the base scene's, else 1) derived for its replica; false
 * when the scene has none (time-stepping) or its seed is not a whole number the reader takes. */
bool rc_sweep_run_seed(const rc_sweep *sweep, int64_t k, uint64_t *seed);
/* The scene of run k as a cJSON object (delete it), or NULL. */
cJSON *rc_sweep_scene_object(const rc_sweep *sweep, int64_t k);
/* The sweep folder, made and turned absolute on first use (checkpoints record it); NULL with rc_error_get. */
const char *rc_sweep_root(rc_sweep *sweep);
/* DIRECTORY/NNNN/name for run k (malloc'd; the absolute folder once known), or NULL. */
char *rc_sweep_run_path(const rc_sweep *sweep, int64_t k, const char *name);

#endif
