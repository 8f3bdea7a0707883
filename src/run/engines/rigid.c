/* SPDX-License-Identifier: MIT */
/* The time-stepped engine of balls and rigid bodies (impacts per Vouga et al. 2017; ricochet/rigid.h) behind the run
 * driver's engine interface (src/run/engine.h): its scene read (ricochet/rigid_scene.h) and engine built, advanced to
 * absolute limits of time and steps (a time limit becomes the step count that reaches it), its clock in steps
 * (outputs and checkpoints every so many steps), its observables by name (values now: no averages over an interval),
 * frames with orientations, the bodies' shapes for viewers, the summary's system keys and its state bytes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "rigid/live.h"
#include "run/engines/rigid_shapes.h"
#include "run/observables.h"
#include "run/run.h"
#include "scene/rigid_scene.h"

typedef struct adapter {
    rc_rigid_scene *scene;
    rc_rigid *rigid;
} adapter;

_Static_assert(sizeof(rc_rigid_observables) <= RUN_SNAPSHOT_BYTES, "the engine's record fits a run_snapshot");

/* a * k, or UINT64_MAX when it does not fit. */
static uint64_t times(uint64_t a, int64_t k)
{
    return k > 0 && a > UINT64_MAX / (uint64_t)k ? UINT64_MAX : a * (uint64_t)k;
}

static double time_step(const adapter *a) { return rc_rigid_scene_def(a->scene)->time_step; }

/* The step count the limits stop at (UINT64_MAX: none). */
static uint64_t step_limit(const adapter *a, const rc_run_limits *limits)
{
    /* the engine's count (src/rigid/live.c): ceil(time / h) until its time step is changed */
    int64_t by_time = isfinite(limits->time) ? rc_rigid_steps_at(a->rigid, limits->time) : INT64_MAX;
    uint64_t limit = by_time == INT64_MAX ? UINT64_MAX : (uint64_t)by_time;
    return limits->steps && limits->steps < limit ? limits->steps : limit;
}

/* The steps in a span of time (at least 1; UINT64_MAX when beyond reach). */
static uint64_t steps_per(const adapter *a, double time)
{
    double steps = floor(time / time_step(a) + 0.5);
    return !(steps < 0x1p62) ? UINT64_MAX : steps < 1 ? 1 : (uint64_t)steps;
}

static void destroy(void *engine)
{
    adapter *a = engine;
    if (!a) return;
    rc_rigid_destroy(a->rigid);
    rc_rigid_scene_destroy(a->scene);
    free(a);
}

static rc_status create(const cJSON *scene, void **engine)
{
    adapter *a = calloc(1, sizeof *a);
    *engine = a;
    if (!a) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    rc_status s = rc_rigid_scene_from_json(scene, &a->scene);
    return s ? s : rc_rigid_create(rc_rigid_scene_def(a->scene), &a->rigid);
}

static void settings(const void *engine, run_settings *out, const char **directory)
{
    const rc_rigid_run_settings *r = rc_rigid_scene_settings(((const adapter *)engine)->scene);
    memset(out, 0, sizeof *out);
    out->stop.time = r->stop_time;
    out->stop.steps = (uint64_t)r->stop_steps;
    out->equilibration.time = INFINITY;
    rc_run_output_settings(&r->output, out, directory);
}

static rc_status check_limits(const void *engine, const rc_run_limits *l, const char *prefix)
{
    (void)engine;
    if (l->collisions || l->events)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s%s: a time-stepping scene stops by time or steps", prefix,
                       l->collisions ? "collisions" : "events");
    return RC_STATUS_OK;
}

static rc_status check_settings(const void *engine, const run_settings *s)
{
    (void)engine, (void)s;
    return RC_STATUS_OK;
}

static rc_status advance(void *engine, const rc_run_limits *to)
{
    adapter *a = engine;
    uint64_t target = step_limit(a, to), now = (uint64_t)rc_rigid_steps(a->rigid);
    if (target <= now) return RC_STATUS_OK;
    return rc_rigid_step(a->rigid, (int64_t)(target - now));
}

static void counters(const void *engine, rc_run_limits *now)
{
    const adapter *a = engine;
    memset(now, 0, sizeof *now);
    now->time = rc_rigid_time(a->rigid);
    now->steps = (uint64_t)rc_rigid_steps(a->rigid);
}

static uint64_t steps(const rc_run_limits *now) { return now->steps; }

static const char *reached(const void *engine, const rc_run_limits *l, const rc_run_limits *now)
{
    uint64_t total = step_limit(engine, l);
    return now->steps < total ? NULL : l->steps == total ? "steps" : "time";
}

static double fraction(const void *engine, const rc_run_limits *l, const rc_run_limits *now)
{
    uint64_t total = step_limit(engine, l);
    return total == UINT64_MAX ? 0 : (double)now->steps / (double)total;
}

static void output_mark(const void *engine, const run_settings *s, int64_t k, rc_run_limits *mark)
{
    uint64_t per = isfinite(s->every) ? steps_per(engine, s->every) : UINT64_MAX;
    *mark = (rc_run_limits){INFINITY, 0, 0, times(per, k)};
}

static bool checkpoint_mark(const void *engine, const run_settings *s, const rc_run_limits *now, rc_run_limits *mark)
{
    uint64_t per = s->checkpoint_every > 0 ? steps_per(engine, s->checkpoint_every) : UINT64_MAX;
    *mark =
        (rc_run_limits){INFINITY, 0, 0, per == UINT64_MAX ? UINT64_MAX : times(per, (int64_t)(now->steps / per) + 1)};
    return true;
}

static void chunk_mark(const rc_run_limits *now, uint64_t chunk, rc_run_limits *mark)
{
    *mark = (rc_run_limits){INFINITY, 0, 0, now->steps + chunk};
}

/* At rest without gravity: nothing can move any more. */
static bool idle(const void *engine, const run_settings *s)
{
    const adapter *a = engine;
    (void)s;
    const rc_rigid_def *def = rc_rigid_scene_def(a->scene);
    if (def->gravity[0] != 0 || def->gravity[1] != 0 || def->gravity[2] != 0) return false;
    rc_rigid_observables m;
    rc_rigid_measure(a->rigid, &m);
    return m.kinetic_energy == 0;
}

static const char *ended(const void *engine)
{
    (void)engine;
    return NULL;
}

static void interrupt(void *engine) { rc_rigid_interrupt(((adapter *)engine)->rigid); }

#define FIELD(name, member, type)                                                                                      \
    {                                                                                                                  \
        name, RUN_FIELD_##type, offsetof(rc_rigid_observables, member)                                                 \
    }
static const run_field fields[] = {
    FIELD("time", time, F64),
    FIELD("steps", steps, I64),
    FIELD("impacts", impacts, I64),
    FIELD("impact_iterations", iterations, I64),
    FIELD("max_impact_iterations", max_iterations, I64),
    FIELD("resting_resolves", resting_resolves, I64),
    FIELD("largest_impact", largest_island, I32),
    FIELD("contacts", contacts, I64),
    FIELD("max_contacts", max_contacts, I64),
    FIELD("sleeping", sleeping, I32),
    FIELD("sleeps", sleeps, I64),
    FIELD("wakes", wakes, I64),
    FIELD("kinetic_energy", kinetic_energy, F64),
    FIELD("potential_energy", potential_energy, F64),
    FIELD("energy", energy, F64),
    FIELD("dissipated_energy", dissipated_energy, F64),
    FIELD("energy_drift", energy_drift, F64),
    FIELD("max_penetration", max_penetration, F64),
    FIELD("detection_seconds", detection_seconds, F64),
    FIELD("resolution_seconds", resolution_seconds, F64),
};
#undef FIELD

static bool field(const char *name, run_field *out)
{
    return rc_run_field_find(fields, sizeof fields / sizeof *fields, name, out);
}

static bool has(const void *engine, int feature)
{
    (void)engine, (void)feature;
    return false;
}

/* The values now: this engine keeps no averages over an interval, so `since` plays no part. */
static void measure(const void *engine, const run_snapshot *since, run_snapshot *out)
{
    (void)since;
    rc_rigid_measure(((const adapter *)engine)->rigid, (rc_rigid_observables *)out);
}

/* No averages start anywhere: the record is left as it is (zero in a new run, and so in its checkpoints). */
static void snapshot(const void *engine, run_snapshot *out) { (void)engine, (void)out; }

static bool passed(const void *engine, const run_snapshot *record)
{
    (void)engine, (void)record;
    return true;
}

static void summary(const void *engine, const run_snapshot *start, bool equilibrated, cJSON *summary)
{
    (void)start, (void)equilibrated;
    const rc_rigid_def *def = rc_rigid_scene_def(((const adapter *)engine)->scene);
    cJSON_AddNumberToObject(summary, "bodies", def->body_count);
    cJSON_AddNumberToObject(summary, "static", def->static_count);
    cJSON_AddNumberToObject(summary, "dimension", def->dimension);
    cJSON_AddNumberToObject(summary, "time_step", def->time_step);
    cJSON_AddStringToObject(summary, "operator", rc_impact_operator_name(def->impact.op));
    cJSON_AddNumberToObject(summary, "restitution", def->impact.restitution);
    cJSON_AddNumberToObject(summary, "friction", def->impact.friction);
    cJSON_AddBoolToObject(summary, "lineality", def->impact.lineality);
}

static int32_t count(const void *engine) { return rc_rigid_count(((const adapter *)engine)->rigid); }

static int dimension(const void *engine) { return rc_rigid_dimension(((const adapter *)engine)->rigid); }

static rc_status fill_frame(const void *engine, rc_frame *frame)
{
    return rc_rigid_fill_frame(((const adapter *)engine)->rigid, frame);
}

static cJSON *shapes(const void *engine) { return rc_run_rigid_shapes(((const adapter *)engine)->rigid); }

static rc_status half_extents(const void *engine, double *half)
{
    rc_run_rigid_half_extents(((const adapter *)engine)->rigid, half);
    return RC_STATUS_OK;
}

static size_t state_size(const void *engine) { return rc_rigid_state_size(((const adapter *)engine)->rigid); }

static rc_status state_save(void *engine, void *buffer, size_t size)
{
    return rc_rigid_state_save(((adapter *)engine)->rigid, buffer, size);
}

static rc_status state_restore(void *engine, const void *buffer, size_t size)
{
    return rc_rigid_state_restore(((adapter *)engine)->rigid, buffer, size);
}

/* ---- a run changed between advances (src/rigid/live.c) ---- */

static rc_status parameter_get(const void *engine, const char *key, double value[3], int *length)
{
    return rc_rigid_parameter_get(((const adapter *)engine)->rigid, key, value, length);
}

static rc_status parameter_check(const void *engine, const char *key, const double *value, int length)
{
    return rc_rigid_parameter_check(((const adapter *)engine)->rigid, key, value, length);
}

static rc_status parameter_replay(void *engine, const char *key, const double *value, int length, double time,
                                  int64_t steps)
{
    return rc_rigid_parameter_put(((adapter *)engine)->rigid, key, value, length, time, steps);
}

static rc_status parameter_set(void *engine, const char *key, const double *value, int length)
{
    const rc_rigid *e = ((adapter *)engine)->rigid;
    return parameter_replay(engine, key, value, length, rc_rigid_time(e), rc_rigid_steps(e));
}

/* The engine takes velocities; its positions and orientations stay (checked unchanged). */
static rc_status state_set(void *engine, const rc_frame *frame)
{
    rc_rigid *e = ((adapter *)engine)->rigid;
    rc_frame now;
    rc_status s = rc_frame_create(&now, frame->count, true);
    if (!s) s = rc_rigid_fill_frame(e, &now);
    for (int32_t i = 0; !s && i < frame->count; i++)
        for (int k = 0; k < 3 && !s; k++) {
            if (frame->positions[3 * i + k] != now.positions[3 * i + k])
                s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                            "positions: body %d moved; the time-stepped engine takes new "
                            "velocities and angular velocities only",
                            (int)i);
            else if (!isfinite(frame->velocities[3 * i + k]) || fabs(frame->velocities[3 * i + k]) > 0x1p40)
                s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "velocities: body %d has %g, not a finite number within 2^40",
                            (int)i, frame->velocities[3 * i + k]);
            else if (k == 2 && rc_rigid_dimension(e) == 2 && frame->velocities[3 * i + k] != 0)
                s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "velocities: body %d has a z component in 2D", (int)i);
        }
    for (int32_t i = 0; !s && i < frame->count; i++)
        if (frame->orientations && memcmp(frame->orientations + 4 * i, now.orientations + 4 * i, 4 * sizeof(double)))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "orientations: body %d turned; the time-stepped engine takes new "
                        "velocities and angular velocities only",
                        (int)i);
    for (int32_t i = 0; !s && i < frame->count; i++) {
        double w[3];
        rc_rigid_body_state(e, i, NULL, NULL, NULL, w);
        rc_rigid_set_velocity(e, i, frame->velocities + 3 * i, w);
    }
    rc_frame_destroy(&now);
    return s;
}

static rc_status spins_get(const void *engine, double *w)
{
    const rc_rigid *e = ((const adapter *)engine)->rigid;
    for (int32_t i = 0; i < rc_rigid_count(e); i++) rc_rigid_body_state(e, i, NULL, NULL, NULL, w + 3 * i);
    return RC_STATUS_OK;
}

static rc_status spins_set(void *engine, const double *w)
{
    rc_rigid *e = ((adapter *)engine)->rigid;
    for (int32_t i = 0; i < rc_rigid_count(e); i++) {
        double v[3];
        rc_rigid_body_state(e, i, NULL, NULL, v, NULL);
        rc_rigid_set_velocity(e, i, v, w + 3 * i);
    }
    return RC_STATUS_OK;
}

const run_engine_ops rc_run_engine_rigid = {
    .dynamics = "time-stepping",
    .kind = RC_DYNAMICS_TIME_STEPPING,
    .observable_flag = RC_OBSERVABLE_TIME_STEPPING,
    .unit = "steps",
    .first_chunk = 1,
    .least_chunk = 1,
    RUN_ENGINE_OPS,
    .seeded = false,
    .idle_every_chunk = true,
    .limit_words = "or steps",
    .done = steps,
    .position = steps,
    .interrupt = interrupt,
    .orientations = true,
    .shapes = shapes,
    .half_extents = half_extents,
    .parameter_get = parameter_get,
    .parameter_check = parameter_check,
    .parameter_set = parameter_set,
    .parameter_replay = parameter_replay,
    .state_set = state_set,
    .spins_get = spins_get,
    .spins_set = spins_set,
};

const rc_rigid *rc_run_rigid(const rc_run *run)
{
    return run && run->ops == &rc_run_engine_rigid ? ((const adapter *)run->engine)->rigid : NULL;
}
