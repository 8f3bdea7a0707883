/* SPDX-License-Identifier: MIT */
/* A run changed between advances (ricochet/live.h): what the run keeps of it (run->live), the one place that tells
 * the engines apart for it (live.c), the changes of parameters (changes.c) and the triggers (triggers.c). */
#ifndef RC_RUN_LIVE_H
#define RC_RUN_LIVE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "ricochet/live.h"

/* One change of a parameter: where the run was, the key, the values before and after. Checkpoints keep these whole
 * (changes.c), in order, so that a resumed run applies them again before its engine's state is restored. */
typedef struct run_change {
    double time;
    uint64_t collisions, events, steps;
    char key[48];
    int32_t length;
    int32_t reserved; /* 0: the records hold no padding, whose bytes would be undefined in a file */
    double old[3], value[3];
} run_change;

typedef struct run_trigger {
    int id;
    rc_run_unit unit;
    double interval; /* a whole number for the counts */
    double next;     /* the next multiple at which it is called */
    rc_run_trigger_fn *fn;
    void *user;
} run_trigger;

typedef struct run_live {
    run_change *changes;
    int32_t change_count, change_capacity;
    run_trigger *triggers;
    int32_t trigger_count, trigger_capacity;
    int next_id;
} run_live;

/* ---- live.c: one small function per operation, event-driven or time-stepping ---- */
rc_status rc_run_live_parameter_get(const rc_run *run, const char *key, double value[3], int *length);
rc_status rc_run_live_parameter_check(const rc_run *run, const char *key, const double *value, int length);
/* Checks and sets the value at the present instant. */
rc_status rc_run_live_parameter_set(rc_run *run, const char *key, const double *value, int length);
/* Sets a change again in an engine just built from the scene, before its state is restored (resume). */
rc_status rc_run_live_parameter_put(rc_run *run, const run_change *change);
/* Frees run->live. */
void rc_run_live_free(rc_run *run);
/* run->live, made when first needed; NULL when out of memory (rc_error_get says so). */
run_live *rc_run_live_of(rc_run *run);

/* ---- changes.c ---- */
/* Records a change made now (key, old and new value) and rewrites DIRECTORY/changes.csv. */
rc_status rc_run_changes_add(rc_run *run, const char *key, const double *old, const double *value, int length);
/* The changes as checkpoint bytes (NULL buffer: the size), and back: restoring applies each again. */
size_t rc_run_changes_state_size(const rc_run *run);
void rc_run_changes_state_save(const rc_run *run, void *buffer);
rc_status rc_run_changes_state_restore(rc_run *run, const void *buffer, size_t size);
/* The summary's "changes": one object per change (absent when none). */
void rc_run_changes_summary(const rc_run *run, cJSON *summary);
/* Writes DIRECTORY/changes.csv (nothing without changes or a folder): a resumed run, once its folder is known. */
rc_status rc_run_changes_write(const rc_run *run);

/* ---- triggers.c ---- */
/* The limits of the next trigger (time INFINITY and counts 0 where none). */
void rc_run_triggers_next(const rc_run *run, rc_run_limits *next);
/* The limits of an advance to `until` that also stop at the next trigger (until itself without triggers). */
void rc_run_triggers_bound(const rc_run *run, const rc_run_limits *until, rc_run_limits *out);
/* Calls every trigger whose multiple the counters have reached (once per multiple). Returns true when one asked to
 * end the advance. */
bool rc_run_triggers_fire(rc_run *run, const rc_run_limits *now);

#endif
