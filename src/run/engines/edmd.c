/* SPDX-License-Identifier: MIT */
/* The event-driven engine of hard spheres (Bannerman et al. 2014; ricochet/edmd.h) behind the run driver's engine
 * interface (src/run/engine.h): its scene read (ricochet/scene.h) and engine built with the scene's particle arrays
 * dropped as soon as the engine holds them, advanced to absolute limits of time, collisions and events, its clock in
 * those terms (outputs by time or collisions, checkpoints by time), its observables by name with averages over an
 * interval, frames in parts, the separation histogram, the Helfand moments for the scene's measurements, the
 * summary's system keys, its state bytes, and replicas rebuilt from a configuration for replica exchange. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/live.h"
#include "io/cell.h"
#include "run/observables.h"
#include "run/run.h"
#include "run/summary.h"
#include "scene/run_scene.h"

typedef struct adapter {
    rc_edmd_scene *scene; /* its per-particle arrays freed once the engine holds them */
    rc_edmd *edmd;
    cJSON *species; /* the summary's "species", taken from the scene before its arrays are freed */
} adapter;

_Static_assert(sizeof(rc_edmd_observables) <= RUN_SNAPSHOT_BYTES, "the engine's record fits a run_snapshot");

/* The record's fields as checkpoints write them, one by one (src/run/checkpoint.c). */
#define OBSERVABLE(member) RC_TAGGED_FIELD(rc_edmd_observables, member)
static const rc_tagged_field record_fields[] = {OBSERVABLE(time),
                                                OBSERVABLE(events),
                                                OBSERVABLE(collisions),
                                                OBSERVABLE(wall_collisions),
                                                OBSERVABLE(stabilising_collisions),
                                                OBSERVABLE(negative_time_events),
                                                OBSERVABLE(three_body_events),
                                                OBSERVABLE(thermostat_events),
                                                OBSERVABLE(neighbour_rebuilds),
                                                OBSERVABLE(kinetic_energy),
                                                OBSERVABLE(potential_energy),
                                                OBSERVABLE(energy),
                                                OBSERVABLE(dissipated_energy),
                                                OBSERVABLE(thermostat_energy),
                                                OBSERVABLE(energy_drift),
                                                OBSERVABLE(max_overlap),
                                                OBSERVABLE(temperature),
                                                OBSERVABLE(virial),
                                                OBSERVABLE(kinetic_integral),
                                                OBSERVABLE(pressure),
                                                OBSERVABLE(compressibility),
                                                OBSERVABLE(collision_rate),
                                                OBSERVABLE(mean_free_time),
                                                OBSERVABLE(clusters),
                                                OBSERVABLE(largest_cluster),
                                                OBSERVABLE(impact_iterations),
                                                OBSERVABLE(lineality_detections),
                                                OBSERVABLE(impact_fallbacks),
                                                OBSERVABLE(collapses),
                                                OBSERVABLE(sleeping),
                                                OBSERVABLE(sleeps),
                                                OBSERVABLE(wakes),
                                                OBSERVABLE(kicks),
                                                OBSERVABLE(packing_fraction),
                                                OBSERVABLE(reduced_pressure),
                                                OBSERVABLE(shear_stress),
                                                OBSERVABLE(shear_viscosity),
                                                OBSERVABLE(shear_work),
                                                OBSERVABLE(shear_integral),
                                                OBSERVABLE(step_events),
                                                OBSERVABLE(step_bounces),
                                                OBSERVABLE(invalid_states),
                                                OBSERVABLE(volume),
                                                OBSERVABLE(volume_moves),
                                                OBSERVABLE(volume_acceptance),
                                                OBSERVABLE(max_log_volume_step),
                                                OBSERVABLE(translational_temperature),
                                                OBSERVABLE(rotational_temperature),
                                                OBSERVABLE(temperature_ratio),
                                                OBSERVABLE(rotational_energy),
                                                OBSERVABLE(wall_work),
                                                OBSERVABLE(wall_heat)};
/* a tripwire: a field added to the record needs its line above, or checkpoints would not keep it (8 bytes each) */
_Static_assert(sizeof(rc_edmd_observables) == sizeof record_fields / sizeof *record_fields * 8,
               "a field of rc_edmd_observables lacks its line in record_fields");

/* a * k, or UINT64_MAX when it does not fit. */
static uint64_t times(uint64_t a, int64_t k)
{
    return k > 0 && a > UINT64_MAX / (uint64_t)k ? UINT64_MAX : a * (uint64_t)k;
}

typedef struct labelled {
    int32_t species, index;
} labelled;

/* By species, then by index: a total order, so the sums below never depend on qsort. */
static int compare_labelled(const void *a, const void *b)
{
    const labelled *x = a, *y = b;
    if (x->species != y->species) return (x->species > y->species) - (x->species < y->species);
    return (x->index > y->index) - (x->index < y->index);
}

/* The summary's "species": one entry per species present, in index order: its count, mean diameter and mass, and
 * the polydispersity of its diameters (0 for one size). */
static cJSON *species_summary(const rc_edmd_def *def)
{
    cJSON *list = cJSON_CreateArray();
    labelled *order = malloc((size_t)def->count * sizeof *order);
    if (!list || !order) {
        free(order);
        return list;
    }
    for (int32_t i = 0; i < def->count; i++) order[i] = (labelled){def->species ? def->species[i] : 0, i};
    qsort(order, (size_t)def->count, sizeof *order, compare_labelled);
    for (int32_t first = 0, end; first < def->count; first = end) {
        /* deviations from the first particle's, then from the mean: exact when the sizes and masses are equal */
        double d0 = 2 * def->radii[order[first].index], m0 = def->masses[order[first].index];
        double diameter = 0, squares = 0, mass = 0;
        for (end = first; end < def->count && order[end].species == order[first].species; end++) {
            diameter += 2 * def->radii[order[end].index] - d0;
            mass += def->masses[order[end].index] - m0;
        }
        double n = end - first, mean = d0 + diameter / n;
        for (int32_t k = first; k < end; k++) squares += pow(2 * def->radii[order[k].index] - mean, 2);
        cJSON *entry = cJSON_CreateObject();
        cJSON_AddNumberToObject(entry, "species", order[first].species);
        cJSON_AddNumberToObject(entry, "count", n);
        cJSON_AddNumberToObject(entry, "diameter", mean);
        cJSON_AddNumberToObject(entry, "polydispersity", sqrt(squares / n) / mean);
        cJSON_AddNumberToObject(entry, "mass", m0 + mass / n);
        cJSON_AddItemToArray(list, entry);
    }
    free(order);
    return list;
}

/* The steps of every pair of species that has an entry, as the engine takes them (a discretised potential's steps
 * included): [{"species": [a, b], "steps": [[radius, energy], ...]}, ...]. */
static cJSON *interactions_summary(const rc_edmd_def *def)
{
    cJSON *list = cJSON_CreateArray();
    for (int32_t k = 0; list && k < def->interaction_count; k++) {
        const rc_interaction *in = &def->interactions[k];
        cJSON *entry = cJSON_CreateObject(), *steps = cJSON_AddArrayToObject(entry, "steps");
        double species[2] = {in->species[0], in->species[1]};
        cJSON_AddItemToObject(entry, "species", rc_run_json_numbers(species, 2));
        for (int32_t j = 0; j < in->step_count; j++) {
            double step[2] = {in->steps[j].radius, in->steps[j].energy};
            cJSON_AddItemToArray(steps, rc_run_json_numbers(step, 2));
        }
        cJSON_AddItemToArray(list, entry);
    }
    return list;
}

static void destroy(void *engine)
{
    adapter *a = engine;
    if (!a) return;
    rc_edmd_destroy(a->edmd);
    rc_edmd_scene_destroy(a->scene);
    cJSON_Delete(a->species);
    free(a);
}

static void drop_particles(void *scene) { rc_run_scene_drop_particles(scene); }

static rc_status create(const cJSON *scene, void **engine)
{
    adapter *a = calloc(1, sizeof *a);
    *engine = a;
    if (!a) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    rc_status s = rc_run_scene_from_json(scene, &a->scene);
    if (!s && !(a->species = species_summary(rc_edmd_scene_def(a->scene))))
        s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    /* the scene's particles (68 bytes each) are dropped as soon as the engine has copied them, before it makes its
     * lists and calendar, so that a run's peak never holds them beside the whole engine */
    if (!s && (s = rc_edmd_create_releasing(rc_edmd_scene_def(a->scene), &a->edmd, drop_particles, a->scene)))
        s = rc_run_scene_failure(s);
    return s;
}

static void limits_from_edmd(const rc_edmd_limits *in, rc_run_limits *out)
{
    out->time = in->time;
    out->collisions = in->collisions;
    out->events = in->events;
    out->steps = 0;
}

static void settings(const void *engine, run_settings *out, const char **directory)
{
    const adapter *a = engine;
    const rc_edmd_run_settings *e = rc_edmd_scene_settings(a->scene);
    memset(out, 0, sizeof *out);
    limits_from_edmd(&e->stop, &out->stop);
    out->equilibrate = e->equilibrate;
    limits_from_edmd(&e->equilibration, &out->equilibration);
    rc_run_output_settings(&e->output, out, directory);
}

static rc_status check_limits(const void *engine, const rc_run_limits *l, const char *prefix)
{
    (void)engine;
    if (l->steps)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%ssteps: an event-driven scene stops by time, collisions or events",
                       prefix);
    return RC_STATUS_OK;
}

/* The first multiple of the checkpoint cadence after `time`, or after the engine's next event when more than 2^20
 * multiples lie before it (a million checkpoints of a state that only drifts, as idle() reasons for frames).
 * INFINITY without checkpoints or events; NAN when the cadence is finer than the clock can follow there (5e-45
 * before an event at 0.45, the fuzzer's, would have written checkpoints for ever). 0.03 / 0.01 rounds to
 * 2.9999999999999996, whose next multiple is 0.03 again: the count is raised until the multiple lies after `from`. */
static double checkpoint_after(const adapter *a, double every, double time)
{
    if (!(every > 0)) return INFINITY;
    double next = rc_edmd_next_event(a->edmd), from = next - time > 0x1p20 * every ? next : time;
    if (!isfinite(from)) return INFINITY;
    double k = floor(from / every) + 1;
    if (every * k <= from) k++;
    return every * k > from && every >= ldexp(fabs(from), -40) ? every * k : NAN;
}

static rc_status check_settings(const void *engine, const run_settings *s)
{
    const adapter *a = engine;
    int32_t count = rc_edmd_count(a->edmd);
    const char *pairs = s->stop.collisions                              ? "stop.collisions"
                        : s->equilibrate && s->equilibration.collisions ? "equilibration.collisions"
                                                                        : NULL;
    if (count < 2 && pairs)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: a scene of %d particle%s has no pair collisions; stop on time or "
                       "events",
                       pairs, (int)count, count == 1 ? "" : "s");
    /* a sheared box's tilt, where GSD's and LAMMPS's triclinic boxes can hold it (flow along a lower axis than the
     * gradient); refused before the run folder holds anything */
    const rc_edmd_shear *shear = &rc_edmd_scene_def(a->scene)->shear;
    if (shear->on && (s->gsd || s->lammps_dump))
        return rc_cell_check_axes(shear->flow, shear->gradient, s->gsd ? "gsd" : "lammps dump",
                                  s->gsd ? "trajectory.gsd" : "trajectory.lammpstrj");
    return RC_STATUS_OK;
}

static rc_status advance(void *engine, const rc_run_limits *to)
{
    adapter *a = engine;
    rc_edmd_limits limits = {to->time, to->collisions, to->events};
    return rc_edmd_advance(a->edmd, &limits);
}

static void counters(const void *engine, rc_run_limits *now)
{
    const adapter *a = engine;
    memset(now, 0, sizeof *now); /* the counters only: the driver reads them after every chunk, at any N */
    now->time = rc_edmd_time(a->edmd);
    rc_edmd_counts(a->edmd, &now->events, &now->collisions);
}

static uint64_t done(const rc_run_limits *now) { return now->collisions; }

static uint64_t position(const rc_run_limits *now) { return now->events; }

static const char *reached(const void *engine, const rc_run_limits *l, const rc_run_limits *now)
{
    (void)engine;
    if (now->time >= l->time) return "time";
    if (l->collisions && now->collisions >= l->collisions) return "collisions";
    if (l->events && now->events >= l->events) return "events";
    return NULL;
}

static double fraction(const void *engine, const rc_run_limits *l, const rc_run_limits *now)
{
    (void)engine;
    double f = isfinite(l->time) ? now->time / l->time : 0;
    if (l->collisions) f = fmax(f, (double)now->collisions / (double)l->collisions);
    if (l->events) f = fmax(f, (double)now->events / (double)l->events);
    return fmin(f, 1);
}

static void output_mark(const void *engine, const run_settings *s, int64_t k, rc_run_limits *mark)
{
    (void)engine;
    *mark = (rc_run_limits){INFINITY, 0, 0, 0};
    if (s->every_collisions) mark->collisions = times(s->every_collisions, k);
    else mark->time = s->every * (double)k;
}

static bool checkpoint_mark(const void *engine, const run_settings *s, const rc_run_limits *now, rc_run_limits *mark)
{
    *mark = (rc_run_limits){checkpoint_after(engine, s->checkpoint_every, now->time), 0, 0, 0};
    return !isnan(mark->time);
}

static void chunk_mark(const rc_run_limits *now, uint64_t chunk, rc_run_limits *mark)
{
    *mark = (rc_run_limits){INFINITY, 0, now->events + chunk, 0};
}

static bool idle(const void *engine, const run_settings *s)
{
    const adapter *a = engine;
    /* nothing pending, or the next event so far ahead that the frames until it, a million or more output intervals
     * of a state that barely moves (a collapsed cluster keeps speeds of rounding, ~1e-19, and meets a list's shell
     * only at t ~ 1e4 .. 1e18), would fill the disk before anything happened */
    double next = rc_edmd_next_event(a->edmd), every = s->every;
    return next == INFINITY ||
           (isfinite(every) && !s->every_collisions && next - rc_edmd_time(a->edmd) > 0x1p20 * every);
}

static const char *ended(const void *engine)
{
    const adapter *a = engine;
    if (!rc_edmd_scene_settings(a->scene)->compression_stops) return NULL;
    rc_edmd_compression_state state;
    rc_edmd_fill_compression_state(a->edmd, &state);
    return rc_compression_end_name(state.end);
}

#define FIELD(name, member, type)                                                                                      \
    {                                                                                                                  \
        name, RUN_FIELD_##type, offsetof(rc_edmd_observables, member)                                                  \
    }
static const run_field fields[] = {
    FIELD("time", time, F64),
    FIELD("translational_temperature", translational_temperature, F64),
    FIELD("rotational_temperature", rotational_temperature, F64),
    FIELD("temperature_ratio", temperature_ratio, F64),
    FIELD("rotational_energy", rotational_energy, F64),
    FIELD("wall_work", wall_work, F64),
    FIELD("wall_heat", wall_heat, F64),
    FIELD("events", events, U64),
    FIELD("collisions", collisions, U64),
    FIELD("wall_collisions", wall_collisions, U64),
    FIELD("impacts", clusters, U64),
    FIELD("impact_iterations", impact_iterations, U64),
    FIELD("largest_impact", largest_cluster, I32),
    FIELD("lineality_detections", lineality_detections, U64),
    FIELD("impact_fallbacks", impact_fallbacks, U64),
    FIELD("collapses", collapses, U64),
    FIELD("stabilising_collisions", stabilising_collisions, U64),
    FIELD("negative_time_events", negative_time_events, U64),
    FIELD("three_body_events", three_body_events, U64),
    FIELD("step_events", step_events, U64),
    FIELD("step_bounces", step_bounces, U64),
    FIELD("invalid_states", invalid_states, U64),
    FIELD("thermostat_events", thermostat_events, U64),
    FIELD("neighbour_rebuilds", neighbour_rebuilds, U64),
    FIELD("sleeping", sleeping, I32),
    FIELD("sleeps", sleeps, U64),
    FIELD("wakes", wakes, U64),
    FIELD("kicks", kicks, U64),
    FIELD("temperature", temperature, F64),
    FIELD("pressure", pressure, F64),
    FIELD("compressibility", compressibility, F64),
    FIELD("packing_fraction", packing_fraction, F64),
    FIELD("volume", volume, F64),
    FIELD("volume_moves", volume_moves, U64),
    FIELD("volume_acceptance", volume_acceptance, F64),
    FIELD("max_log_volume_step", max_log_volume_step, F64),
    FIELD("reduced_pressure", reduced_pressure, F64),
    FIELD("collision_rate", collision_rate, F64),
    FIELD("mean_free_time", mean_free_time, F64),
    FIELD("shear_stress", shear_stress, F64),
    FIELD("shear_viscosity", shear_viscosity, F64),
    FIELD("shear_work", shear_work, F64),
    FIELD("kinetic_energy", kinetic_energy, F64),
    FIELD("potential_energy", potential_energy, F64),
    FIELD("energy", energy, F64),
    FIELD("dissipated_energy", dissipated_energy, F64),
    FIELD("thermostat_energy", thermostat_energy, F64),
    FIELD("energy_drift", energy_drift, F64),
    FIELD("max_overlap", max_overlap, F64),
    /* beyond the table of observables: the integral of 2K dt, for the measurements' temperature */
    FIELD("kinetic_integral", kinetic_integral, F64),
};
#undef FIELD

static bool field(const char *name, run_field *out)
{
    return rc_run_field_find(fields, sizeof fields / sizeof *fields, name, out);
}

static bool has(const void *engine, int feature)
{
    const adapter *a = engine;
    return feature == RC_OBSERVABLE_SHEAR      ? rc_edmd_is_sheared(a->edmd)
           : feature == RC_OBSERVABLE_BAROSTAT ? rc_edmd_is_isobaric(a->edmd)
           : feature == RC_OBSERVABLE_ROUGH    ? rc_edmd_is_rough(a->edmd)
           : feature == RC_OBSERVABLE_WALLS    ? rc_edmd_has_working_walls(a->edmd)
                                               : false;
}

static void measure(const void *engine, const run_snapshot *since, run_snapshot *out)
{
    const adapter *a = engine;
    if (since) rc_edmd_measure_since(a->edmd, (const rc_edmd_observables *)since, (rc_edmd_observables *)out);
    else rc_edmd_measure(a->edmd, (rc_edmd_observables *)out);
}

static void snapshot(const void *engine, run_snapshot *out)
{
    const adapter *a = engine;
    rc_edmd_measure(a->edmd, (rc_edmd_observables *)out);
}

/* Whether a saved copy of the observables is one the restored engine passed through: at or before its clock and
 * counts, every sum finite (a quantity the engine does not define is NAN, never infinite). */
static bool passed(const void *engine, const run_snapshot *record)
{
    const adapter *a = engine;
    const rc_edmd_observables *o = (const rc_edmd_observables *)record;
    rc_edmd_observables now;
    rc_edmd_measure(a->edmd, &now);
    if (!(o->time <= now.time && o->time >= 0) || o->events > now.events || o->collisions > now.collisions ||
        o->wall_collisions > now.wall_collisions)
        return false;
    const double sums[] = {o->kinetic_energy,    o->potential_energy,  o->energy,
                           o->dissipated_energy, o->thermostat_energy, o->virial,
                           o->kinetic_integral,  o->shear_work,        o->shear_integral};
    for (size_t i = 0; i < sizeof sums / sizeof *sums; i++)
        if (isinf(sums[i])) return false;
    return true;
}

/* A live parameter's value in force (src/edmd/live.c), or the scene's where the engine has none: the summary shows
 * what the run ends with, the changes that led there are its "changes". */
static const double *in_force(const rc_edmd *e, const char *key, const double *scene, double value[3])
{
    int length;
    return rc_edmd_parameter_get(e, key, value, &length) == RC_STATUS_OK ? value : scene;
}

static void summary(const void *engine, const run_snapshot *start, bool equilibrated, cJSON *summary)
{
    const adapter *a = engine;
    const rc_edmd_def *def = rc_edmd_scene_def(a->scene);
    const rc_edmd_observables *from = (const rc_edmd_observables *)start;
    cJSON_AddNumberToObject(summary, "particles", def->count);
    cJSON_AddNumberToObject(summary, "dimension", def->dimension);
    cJSON_AddItemToObject(summary, "species", cJSON_Duplicate(a->species, true));
    if (def->interaction_count > 0) cJSON_AddItemToObject(summary, "interactions", interactions_summary(def));
    double now[3];
    cJSON_AddItemToObject(summary, "box", rc_run_json_numbers(in_force(a->edmd, "box", def->box, now), def->dimension));
    cJSON *periodic = cJSON_AddArrayToObject(summary, "periodic");
    for (int k = 0; k < def->dimension; k++) cJSON_AddItemToArray(periodic, cJSON_CreateBool(def->periodic[k]));
    cJSON_AddStringToObject(summary, "event_detection", rc_event_detection_name(def->detection));
    const char *note;
    cJSON_AddNumberToObject(summary, "threads", rc_edmd_threads(a->edmd, &note));
    if (note) cJSON_AddStringToObject(summary, "parallel_note", note);
    cJSON_AddNumberToObject(summary, "ranks", rc_edmd_ranks(a->edmd));
    rc_edmd_compression_state compressed;
    rc_edmd_fill_compression_state(a->edmd, &compressed);
    if (compressed.end != RC_COMPRESSION_END_NONE) {
        cJSON *c = cJSON_AddObjectToObject(summary, "compression");
        cJSON_AddNumberToObject(c, "rate", *in_force(a->edmd, "compression.rate", &def->compression.rate, now));
        cJSON_AddNumberToObject(c, "scale", compressed.scale);
        cJSON_AddNumberToObject(c, "windows", (double)compressed.windows);
        const char *end = rc_compression_end_name(compressed.end);
        if (end) cJSON_AddStringToObject(c, "ended_at", end);
        else cJSON_AddNullToObject(c, "ended_at");
    }
    cJSON *averages = cJSON_AddObjectToObject(summary, "averages_from");
    cJSON_AddNumberToObject(averages, "time", from->time);
    cJSON_AddNumberToObject(averages, "collisions", (double)from->collisions);
    cJSON_AddBoolToObject(averages, "equilibrated", equilibrated);
    if (!rc_edmd_has_working_walls(a->edmd)) return;
    cJSON *heats = cJSON_AddArrayToObject(summary, "wall_heats"); /* the scene's walls, then the box's: null where
                                                                   * not thermal */
    for (int32_t w = 0; heats && w < rc_edmd_wall_count(a->edmd); w++)
        cJSON_AddItemToArray(heats, cJSON_CreateNumber(rc_edmd_wall_heat(a->edmd, w)));
}

static int32_t count(const void *engine) { return rc_edmd_count(((const adapter *)engine)->edmd); }

static int dimension(const void *engine) { return rc_edmd_dimension(((const adapter *)engine)->edmd); }

static rc_status fill_frame(const void *engine, rc_frame *frame)
{
    return rc_edmd_fill_frame(((const adapter *)engine)->edmd, frame);
}

static rc_status set_ranks(void *engine, const rc_ranks *ranks)
{
    return rc_edmd_set_ranks(((adapter *)engine)->edmd, ranks);
}

static rc_status fill_frame_part(const void *engine, rc_frame *frame, int32_t first)
{
    return rc_edmd_fill_frame_part(((const adapter *)engine)->edmd, frame, first);
}

static int histogram(const void *engine, int range, uint64_t *counts)
{
    return rc_edmd_separation_histogram(((const adapter *)engine)->edmd, range, counts);
}

static const rc_run_measure *measure_wanted(const void *engine)
{
    return &rc_edmd_scene_settings(((const adapter *)engine)->scene)->measure;
}

static rc_status transport_moments(const void *engine, double moments[9])
{
    return rc_edmd_transport_moments(((const adapter *)engine)->edmd, moments);
}

static size_t state_size(const void *engine) { return rc_edmd_state_size(((const adapter *)engine)->edmd); }

static rc_status state_save(void *engine, void *buffer, size_t size)
{
    return rc_edmd_state_save(((adapter *)engine)->edmd, buffer, size);
}

static rc_status state_restore(void *engine, const void *buffer, size_t size)
{
    return rc_edmd_state_restore(((adapter *)engine)->edmd, buffer, size);
}

static rc_status parameter(const void *engine, const char *key, double *value)
{
    const adapter *a = engine;
    const rc_edmd_def *def = rc_edmd_scene_def(a->scene);
    if (strcmp(key, "temperature") == 0) *value = rc_edmd_scene_settings(a->scene)->temperature;
    else if (strcmp(key, "thermostat.temperature") == 0) *value = def->thermostat_temperature;
    else if (strcmp(key, "thermostat.rate") == 0) *value = def->thermostat_rate;
    else if (strcmp(key, "barostat.pressure") == 0) *value = def->barostat.pressure;
    else return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the event-driven engine has no such parameter", key);
    return RC_STATUS_OK;
}

static double energy(const void *engine)
{
    rc_edmd_observables now;
    rc_edmd_measure(((const adapter *)engine)->edmd, &now);
    return now.potential_energy;
}

/* A replica: the scene's definition with the configuration's particles and box, the rung's temperature or pressure
 * and the replica's seed; the barostat's step does not adapt (a step adapting in each round would break the
 * balance). The scene's own particle arrays, dropped once the engine held them, are not needed. */
static rc_status rebuild(const void *engine, const run_configuration *c, void **out)
{
    const adapter *a = engine;
    adapter *r = calloc(1, sizeof *r);
    *out = r;
    if (!r) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    rc_edmd_def def = *rc_edmd_scene_def(a->scene);
    def.positions = c->positions;
    def.velocities = c->velocities;
    def.radii = c->radii;
    def.masses = c->masses;
    def.species = c->species;
    memcpy(def.box, c->box, sizeof def.box);
    def.barostat.adapt_until = 0;
    if (c->pressure) def.barostat.pressure = c->rung;
    else def.thermostat_temperature = c->rung;
    def.seed = c->seed;
    return rc_edmd_create(&def, &r->edmd);
}

/* ---- a run changed between advances (src/edmd/live.c) ---- */

static rc_status parameter_get(const void *engine, const char *key, double value[3], int *length)
{
    return rc_edmd_parameter_get(((const adapter *)engine)->edmd, key, value, length);
}

static rc_status parameter_check(const void *engine, const char *key, const double *value, int length)
{
    return rc_edmd_parameter_check(((const adapter *)engine)->edmd, key, value, length);
}

static rc_status parameter_set(void *engine, const char *key, const double *value, int length)
{
    return rc_edmd_parameter_set(((adapter *)engine)->edmd, key, value, length);
}

static rc_status parameter_replay(void *engine, const char *key, const double *value, int length, double time,
                                  int64_t steps)
{
    (void)time, (void)steps; /* the engine's state bytes, restored next, carry the clock */
    return rc_edmd_parameter_put(((adapter *)engine)->edmd, key, value, length);
}

static rc_status state_set(void *engine, const rc_frame *frame)
{
    return rc_edmd_particles_set(((adapter *)engine)->edmd, frame);
}

const run_engine_ops rc_run_engine_edmd = {
    .dynamics = "event-driven",
    .kind = RC_DYNAMICS_EVENT_DRIVEN,
    .observable_flag = RC_OBSERVABLE_EVENT_DRIVEN,
    .unit = "collisions",
    .first_chunk = 1000,
    .least_chunk = 64,
    RUN_ENGINE_OPS,
    .seeded = true,
    .idle_every_chunk = false,
    .limit_words = "collisions or events",
    .done = done,
    .position = position,
    .orientations = false,
    .fill_frame_part = fill_frame_part,
    .histogram = histogram,
    .measure_wanted = measure_wanted,
    .transport_moments = transport_moments,
    .parameter = parameter,
    .record_fields = record_fields,
    .record_field_count = (int)(sizeof record_fields / sizeof *record_fields),
    .parameter_get = parameter_get,
    .parameter_check = parameter_check,
    .parameter_set = parameter_set,
    .parameter_replay = parameter_replay,
    .state_set = state_set,
    .set_ranks = set_ranks,
    .energy = energy,
    .rebuild = rebuild,
};

const rc_edmd *rc_run_edmd(const rc_run *run)
{
    return run && run->ops == &rc_run_engine_edmd ? ((const adapter *)run->engine)->edmd : NULL;
}
