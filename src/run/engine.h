/* SPDX-License-Identifier: MIT */
/* The one interface every engine fills for the run driver (docs/architecture.md, "The engine interface"): a table of
 * functions, one adapter file per engine (src/run/engines/NAME.c) and one registry (src/run/engines/registry.c) that
 * picks the table by the scene's "dynamics". The driver, its measurements, files, summary, shapes and replica exchange
 * reach an engine only through this table; adding an engine is one adapter file and one line in the registry. */
#ifndef RC_RUN_ENGINE_H
#define RC_RUN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/tagged.h"
#include "ricochet/output.h"
#include "ricochet/ranks.h"
#include "ricochet/run.h"
#include "ricochet/scene.h"

/* An engine's record of observables at one instant, opaque to the driver: what averages "since" start from (the
 * summary's averages, a row's, a measurement's). Checkpoints write it field by field (record_fields below), so its
 * size is free; each adapter checks at compile time that its record fits. An engine without averages over an
 * interval leaves it as it was. */
enum { RUN_SNAPSHOT_BYTES = 512 };
typedef union run_snapshot {
    double align;
    unsigned char bytes[RUN_SNAPSHOT_BYTES];
} run_snapshot;

/* Where a named observable lies in an engine's record: its type and byte offset. */
enum { RUN_FIELD_NONE, RUN_FIELD_F64, RUN_FIELD_U64, RUN_FIELD_I64, RUN_FIELD_I32 };
typedef struct run_field {
    const char *name;
    int type;
    size_t offset;
} run_field;

/* The value of field f in a record (NAN for RUN_FIELD_NONE). */
double rc_run_field_value(const run_snapshot *record, run_field f);

/* The effective settings of a run: the scene's, with the caller's options over them. */
typedef struct run_settings {
    rc_run_limits stop;
    bool equilibrate;
    rc_run_limits equilibration;
    double every;              /* simulation time between outputs (INFINITY: first and last only) */
    uint64_t every_collisions; /* event-driven: collisions between outputs instead (0: by time) */
    bool xyz, csv, h5md;
    bool gsd, lammps_dump;
    double checkpoint_every; /* 0: none */
} run_settings;

/* A configuration to build a replica from (replica exchange): positions, velocities, the particles' radii, masses
 * and species, and box, with the thermostat's temperature or the barostat's pressure of its rung and its own seed. */
typedef struct run_configuration {
    const double *positions, *velocities;
    const double *radii, *masses;
    const int32_t *species;
    double box[3];
    bool pressure; /* the rung is a pressure (else a temperature) */
    double rung;
    uint64_t seed;
} run_configuration;

/* The table. Every function takes the adapter's own state (`engine`, from create). Slots marked "may be NULL" are
 * capabilities; the driver refuses, with a message, what an engine without them is asked for. */
typedef struct run_engine_ops {
    const char *dynamics;              /* the scene's value of "dynamics" that picks this engine */
    rc_dynamics kind;                  /* the public value (ricochet/run.h) */
    int observable_flag;               /* its flag in rc_observable_info.flags (RC_OBSERVABLE_EVENT_DRIVEN, ...) */
    const char *unit;                  /* the unit of progress: "collisions", "steps" */
    uint64_t first_chunk, least_chunk; /* the driver's first chunk of work, and the smallest it halves to */
    bool idle_every_chunk; /* ask idle() after every chunk (else at the first and after a chunk of no event) */
    bool seeded;           /* its scenes have a "seed" (a sweep's replicas differ by it) */

    /* Building. create reads the parsed scene (its root object) and builds the engine; settings gives the scene's
     * run settings (stop, output, equilibration) and its output folder. */
    rc_status (*create)(const cJSON *scene, void **engine);
    void (*destroy)(void *engine);
    void (*settings)(const void *engine, run_settings *out, const char **directory);
    /* RC_STATUS_INVALID_ARGUMENT naming prefix + the limit when l sets a counter the engine does not count; and naming the
     * setting when the settings ask what the scene cannot do (collisions of fewer than two particles). */
    rc_status (*check_limits)(const void *engine, const rc_run_limits *l, const char *prefix);
    rc_status (*check_settings)(const void *engine, const run_settings *s);
    const char *limit_words; /* the limits it counts besides time, for a message: "collisions or events" */

    /* The clock. The driver's limits are absolute; a mark is a limit of one kind (an output, a checkpoint, a chunk),
     * met when reached() names it. */
    rc_status (*advance)(void *engine, const rc_run_limits *to);
    void (*counters)(const void *engine, rc_run_limits *now);
    uint64_t (*done)(const rc_run_limits *now);     /* the progress count: collisions, steps */
    uint64_t (*position)(const rc_run_limits *now); /* what moves at every event or step: events, steps */
    const char *(*reached)(const void *engine, const rc_run_limits *l, const rc_run_limits *now);
    double (*fraction)(const void *engine, const rc_run_limits *l, const rc_run_limits *now);
    void (*output_mark)(const void *engine, const run_settings *s, int64_t k, rc_run_limits *mark);
    /* The next checkpoint after now (a limit set to INFINITY or UINT64_MAX when none); false when the cadence is finer
     * than the clock can follow there. */
    bool (*checkpoint_mark)(const void *engine, const run_settings *s, const rc_run_limits *now, rc_run_limits *mark);
    void (*chunk_mark)(const rc_run_limits *now, uint64_t chunk, rc_run_limits *mark);
    bool (*idle)(const void *engine, const run_settings *s);
    const char *(*ended)(const void *engine); /* a stop the scene itself reached ("jammed"), or NULL */
    void (*interrupt)(void *engine);          /* async-signal-safe; may be NULL */
    /* Splits the engine over the processes of a run (rc_run_options.ranks) before its first advance; may be NULL
     * (the engine runs in one process). */
    rc_status (*set_ranks)(void *engine, const rc_ranks *ranks);

    /* Observables: where each is in the engine's record, by name (false: the engine has none of that name), whether
     * a feature is on (RC_OBSERVABLE_SHEAR, RC_OBSERVABLE_BAROSTAT), the record now (averages since `since`, NULL:
     * the start) and the start of averages (the record, or nothing for an engine without averages). */
    bool (*field)(const char *name, run_field *out);
    bool (*has)(const void *engine, int feature);
    void (*measure)(const void *engine, const run_snapshot *since, run_snapshot *out);
    void (*snapshot)(const void *engine, run_snapshot *out);
    /* Its record's fields for checkpoints, written one by one and read by name (a field the file lacks keeps the
     * restored engine's value); none for an engine without averages over an interval. */
    const rc_tagged_field *record_fields;
    int record_field_count;
    /* Whether a record read from a checkpoint is one the engine passed through (at or before its clock, its sums
     * finite). */
    bool (*passed)(const void *engine, const run_snapshot *record);
    /* The summary's keys of the system (count, box, ...; `start` where its averages start). */
    void (*summary)(const void *engine, const run_snapshot *start, bool equilibrated, cJSON *summary);

    /* Frames for the writers. */
    int32_t (*count)(const void *engine);
    int (*dimension)(const void *engine);
    bool orientations;
    rc_status (*fill_frame)(const void *engine, rc_frame *frame);
    rc_status (*fill_frame_part)(const void *engine, rc_frame *frame, int32_t first); /* may be NULL */
    cJSON *(*shapes)(const void *engine);                        /* shapes.json's document; may be NULL */
    rc_status (*half_extents)(const void *engine, double *half); /* the XYZ aspherical_shape column; may be NULL */
    int (*histogram)(const void *engine, int range, uint64_t *counts); /* bins filled; may be NULL */

    /* The scene's on-the-fly measurements (measure.c): what the scene asks for (NULL: none) and the Helfand moments
     * (may be NULL). */
    const rc_run_measure *(*measure_wanted)(const void *engine);
    rc_status (*transport_moments)(const void *engine, double moments[9]);

    /* State bytes for checkpoints. */
    size_t (*state_size)(const void *engine);
    rc_status (*state_save)(void *engine, void *buffer, size_t size);
    rc_status (*state_restore)(void *engine, const void *buffer, size_t size);

    /* A run changed between advances (src/run/live.c, ricochet/live.h); each may be NULL, and the run then refuses
     * what is asked, naming the key or the array. parameter_get reads a scene key's present value (1 to 3 numbers),
     * parameter_check says whether a value would be taken, parameter_set makes the change at the present instant,
     * parameter_replay applies a change recorded at (time, steps) to an engine being resumed, before its state bytes
     * are restored. state_set takes the particles' state from a frame, checked first (nothing changes when it is
     * refused); spins_get and spins_set read and set the angular velocities, 3 a body. */
    rc_status (*parameter_get)(const void *engine, const char *key, double value[3], int *length);
    rc_status (*parameter_check)(const void *engine, const char *key, const double *value, int length);
    rc_status (*parameter_set)(void *engine, const char *key, const double *value, int length);
    rc_status (*parameter_replay)(void *engine, const char *key, const double *value, int length, double time,
                                  int64_t steps);
    rc_status (*state_set)(void *engine, const rc_frame *frame);
    rc_status (*spins_get)(const void *engine, double *w);
    rc_status (*spins_set)(void *engine, const double *w);
    /* A parameter's present value by its scene key (RC_STATUS_INVALID_ARGUMENT naming it when the engine has none). */
    rc_status (*parameter)(const void *engine, const char *key, double *value);

    /* Replica exchange: the energy its swap rule compares, and a new engine like this one built from a
     * configuration (may be NULL: the engine cannot take part). */
    double (*energy)(const void *engine);
    rc_status (*rebuild)(const void *engine, const run_configuration *c, void **out);
} run_engine_ops;

/* The slots every adapter fills, each with its own static function of the slot's name. */
#define RUN_ENGINE_OPS                                                                                                 \
    .create = create, .destroy = destroy, .settings = settings, .check_limits = check_limits,                          \
    .check_settings = check_settings, .advance = advance, .counters = counters, .reached = reached,                    \
    .fraction = fraction, .output_mark = output_mark, .checkpoint_mark = checkpoint_mark, .chunk_mark = chunk_mark,    \
    .idle = idle, .ended = ended, .field = field, .has = has, .measure = measure, .snapshot = snapshot,                \
    .passed = passed, .summary = summary, .count = count, .dimension = dimension, .fill_frame = fill_frame,            \
    .state_size = state_size, .state_save = state_save, .state_restore = state_restore

/* ---- engines/registry.c ---- */
/* The engine the scene's "dynamics" names (absent, or no engine's: the first entry, whose reader names the value). */
const run_engine_ops *rc_run_engine_find(const cJSON *scene);
/* Entry k of the registry, NULL past the last. */
const run_engine_ops *rc_run_engine_at(int k);

#endif
