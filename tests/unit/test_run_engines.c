/* SPDX-License-Identifier: MIT */
/* Tests of the engine interface behind the run driver (src/run/engine.h, src/run/engines/): every entry of the
 * registry fills the slots every engine must, under a "dynamics" of its own that the registry finds it by; the table
 * of observables' engine flags are the adapters' answers by name, and every field an adapter names lies inside the
 * record the driver keeps; a run of each engine answers through its table (its dynamics, its counters, a value by
 * name, its accessor) and refuses by name what its table cannot do (state and parameters at run time, until an
 * engine fills those slots). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"
#include "run/run.h"

static const char *const edmd_scene =
    "{\"dimension\": 2, \"box\": {\"size\": [10, 10]}, \"particles\": {\"lattice\": \"square\", \"count\": 16,"
    " \"radius\": 0.5}, \"temperature\": 1, \"seed\": 3, \"stop\": {\"collisions\": 200}}";
static const char *const rigid_scene =
    "{\"dynamics\": \"time-stepping\", \"dimension\": 3, \"time_step\": 0.001, \"gravity\": [0, 0, -9.81],"
    " \"bodies\": [{\"shape\": \"sphere\", \"radius\": 0.5, \"position\": [0, 0, 1]}],"
    " \"static\": [{\"shape\": \"plane\", \"normal\": [0, 0, 1]}], \"stop\": {\"steps\": 50}}";

static void check_registry(void)
{
    int engines = 0;
    for (const run_engine_ops *e; (e = rc_run_engine_at(engines)); engines++) {
        const char *d = e->dynamics ? e->dynamics : "?";
        CHECK(e->dynamics && e->unit && e->limit_words, "%s: names", d);
        CHECK(e->create && e->destroy && e->settings && e->check_limits && e->check_settings && e->advance &&
                  e->counters && e->done && e->position && e->reached && e->fraction && e->output_mark &&
                  e->checkpoint_mark && e->chunk_mark && e->idle && e->ended && e->field && e->has && e->measure &&
                  e->snapshot && e->passed && e->summary && e->count && e->dimension && e->fill_frame &&
                  e->state_size && e->state_save && e->state_restore,
              "%s: a slot every engine fills is empty", d);
        CHECK(e->first_chunk >= e->least_chunk && e->least_chunk >= 1, "%s: chunks %llu, %llu", d,
              (unsigned long long)e->first_chunk, (unsigned long long)e->least_chunk);
        CHECK((e->rebuild == NULL) == (e->energy == NULL), "%s: replica exchange needs both energy and rebuild", d);
        char text[128];
        snprintf(text, sizeof text, "{\"dynamics\": \"%s\"}", d);
        cJSON *scene = cJSON_Parse(text);
        CHECK(rc_run_engine_find(scene) == e, "%s: the registry does not find it by its dynamics", d);
        cJSON_Delete(scene);
        for (int k = 0; k < engines; k++)
            CHECK(strcmp(rc_run_engine_at(k)->dynamics, d) != 0, "%s: two engines of one dynamics", d);
        /* every field it names lies inside the record the run keeps */
        for (int k = 0; k < rc_observable_count(); k++) {
            run_field f;
            if (e->field(rc_observable_get(k)->name, &f))
                CHECK(f.type != RUN_FIELD_NONE && f.offset + sizeof(double) <= RUN_SNAPSHOT_BYTES,
                      "%s: %s at offset %zu", d, f.name, f.offset);
        }
    }
    CHECK(engines == 2, "%d engines in the registry", engines);
    cJSON *none = cJSON_Parse("{}"), *other = cJSON_Parse("{\"dynamics\": \"quantum\"}");
    CHECK(rc_run_engine_find(none) == rc_run_engine_at(0), "a scene without dynamics is not the first engine's");
    CHECK(rc_run_engine_find(other) == rc_run_engine_at(0),
          "an unknown dynamics does not go to the first engine, whose reader names it");
    cJSON_Delete(none);
    cJSON_Delete(other);
}

/* The public flags of the table are the adapters' answers: collisions are event-driven only, steps time-stepped
 * only, time and energy both's; a name only an engine knows (the integral of 2K dt) is no row of the table. */
static void check_observable_flags(void)
{
    const int both = RC_OBSERVABLE_EVENT_DRIVEN | RC_OBSERVABLE_TIME_STEPPING;
    for (int k = 0; k < rc_observable_count(); k++) {
        const rc_observable_info *o = rc_observable_get(k);
        int engines = 0;
        run_field f;
        for (int e = 0; rc_run_engine_at(e); e++)
            if (rc_run_engine_at(e)->field(o->name, &f)) engines |= rc_run_engine_at(e)->observable_flag;
        CHECK((o->flags & both) == engines && engines, "%s: flags %d, engines %d", o->name, o->flags & both, engines);
        if (strcmp(o->name, "collisions") == 0) CHECK((o->flags & both) == RC_OBSERVABLE_EVENT_DRIVEN, "collisions");
        if (strcmp(o->name, "steps") == 0) CHECK((o->flags & both) == RC_OBSERVABLE_TIME_STEPPING, "steps");
        if (strcmp(o->name, "energy") == 0) CHECK((o->flags & both) == both, "energy");
        CHECK(strcmp(o->name, "kinetic_integral") != 0, "kinetic_integral is a row of the table");
    }
}

static void check_engine_run(const char *text, rc_dynamics kind, const char *unit)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *run = NULL;
    rc_status s = rc_run_create(text, &o, &run);
    CHECK(s == RC_STATUS_OK, "%s: create: %s", unit, rc_error_get());
    if (s) return;
    CHECK(rc_run_dynamics(run) == kind && strcmp(run->ops->unit, unit) == 0, "%s: dynamics %d", unit,
          (int)rc_run_dynamics(run));
    CHECK((rc_run_edmd(run) != NULL) == (kind == RC_DYNAMICS_EVENT_DRIVEN) &&
              (rc_run_rigid(run) != NULL) == (kind == RC_DYNAMICS_TIME_STEPPING),
          "%s: the engine accessors", unit);
    CHECK(run->scene == NULL, "%s: the parsed scene is kept after scene.json", unit);
    s = rc_run_execute(run);
    CHECK(s == RC_STATUS_OK, "%s: execute: %s", unit, rc_error_get());
    rc_run_counts c;
    rc_run_read_counts(run, &c);
    uint64_t done = kind == RC_DYNAMICS_EVENT_DRIVEN ? c.collisions : c.steps;
    CHECK(done == (kind == RC_DYNAMICS_EVENT_DRIVEN ? 200u : 50u), "%s: %llu done", unit, (unsigned long long)done);
    CHECK(rc_run_engine_value(run, NULL, "time") == c.time, "%s: time by name %.17g vs %.17g", unit,
          rc_run_engine_value(run, NULL, "time"), c.time);
    CHECK(isnan(rc_run_engine_value(run, NULL, "no_such_observable")), "%s: an unknown name has a value", unit);
    /* both engines take run-time changes through their tables: a known key read, an unknown one refused by name */
    const run_engine_ops *ops = rc_run_engine_at(kind == RC_DYNAMICS_EVENT_DRIVEN ? 0 : 1);
    CHECK(ops->parameter_get && ops->parameter_check && ops->parameter_set && ops->parameter_replay && ops->state_set,
          "%s: a live slot is empty", unit);
    double g[3];
    int length = 0;
    s = rc_run_parameter_get(run, "gravity", g, &length);
    CHECK(s == RC_STATUS_OK && length >= 2, "%s: gravity read: %s (%d numbers)", unit, rc_error_get(), length);
    double nine = 0.9;
    s = rc_run_parameter_set(run, "no_such_key", &nine, 1);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "no_such_key"), "%s: unknown key: %s", unit,
          rc_error_get());
    rc_run_destroy(run);
}

int main(void)
{
    check_registry();
    check_observable_flags();
    check_engine_run(edmd_scene, RC_DYNAMICS_EVENT_DRIVEN, "collisions");
    check_engine_run(rigid_scene, RC_DYNAMICS_TIME_STEPPING, "steps");
    return check_finish();
}
