/* SPDX-License-Identifier: MIT */
/* Replica exchange over temperatures or pressures (ricochet/exchange.h; docs/scaling.md, "Replica exchange"): M
 * replicas of one scene with a thermostat (and over pressures a barostat), each run for an interval per round from
 * an engine built afresh from its configuration and box through the engine interface (src/run/engine.h: any engine
 * that reports its energy and can be rebuilt from a configuration), then neighbouring rungs swap
 * configurations by the canonical Metropolis rule: over temperatures min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)])
 * (Swendsen and Wang 1986; Hukushima and Nemoto 1996), velocities scaled by sqrt(T_new / T_old); over pressures
 * min(1, exp[(P_i - P_j)(V_i - V_j) / kT]) (Okabe et al. 2001). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/number_text.h"
#include "core/rng.h"
#include "core/status.h"
#include "ricochet/exchange.h"
#include "run/engine.h"
#include "run/sweep.h"
#include "json/json_document.h"

/* One replica: its configuration between rounds (up to date in the process that advances it). */
typedef struct replica {
    double *positions, *velocities;
    double box[3];
    double potential_energy, volume;
} replica;

struct rc_exchange {
    const run_engine_ops *ops; /* the scene's engine */
    void *base;                /* the scene's engine at time 0, which each replica is rebuilt like */
    rc_frame start;            /* its configuration at time 0 (and the particles' radii, masses and species) */
    double scene_temperature, temperature; /* the scene's "temperature" and its thermostat's */
    run_field volume;                      /* where the engine's record keeps the box's volume */
    int slots;
    double *t; /* the ladder: temperatures or pressures */
    bool pressures;
    replica *replicas;
    int *order;   /* order[slot]: the replica at that temperature */
    int *slot_of; /* slot_of[replica] */
    rc_exchange_options options;
    int64_t round;
    rc_rng rng;                        /* the swap decisions */
    int64_t *attempts, *accepted;      /* per pair */
    double *mean_energy, *mean_volume; /* per slot */
    rc_frame frame;
    FILE *walk; /* the walk table, or NULL */
    char *walk_path;
    volatile sig_atomic_t interrupt_signal; /* -1 while not interrupted; else the signal (0: none) */
};

/* "temperatures" or "pressures": the ladder's name in messages. */
static const char *ladder_name(rc_exchange_ladder ladder)
{
    return ladder == RC_EXCHANGE_LADDER_PRESSURES ? "pressures" : "temperatures";
}

rc_status rc_exchange_ladder_parse(const char *text, rc_exchange_ladder ladder, double *values, int capacity,
                                   int *count)
{
    if (!text || !values || !count)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_ladder_parse: NULL argument");
    if ((unsigned)ladder > RC_EXCHANGE_LADDER_PRESSURES)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "ladder: %d is not temperatures (0) or pressures (1)", (int)ladder);
    const char *what = ladder_name(ladder);
    int n = 0;
    for (const char *p = text;; p++) {
        int length = (int)strcspn(p, ",");
        if (n >= capacity) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: more than %d values", what, capacity);
        char *end;
        errno = 0;
        double x = strtod(p, &end);
        if (end != p + length || length == 0 || errno || !isfinite(x))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s[%d]: \"%.*s\" is not a finite number", what, n, length, p);
        values[n++] = x;
        p += length;
        if (!*p) break;
    }
    *count = n;
    return RC_STATUS_OK;
}

/* A parameter of the scene's engine, failing as the engine does when it has none. */
static rc_status parameter(const rc_exchange *x, const char *key, double *value)
{
    return x->ops->parameter
               ? x->ops->parameter(x->base, key, value)
               : rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the %s engine has no such parameter", key, x->ops->dynamics);
}

/* The options checked, the scene parsed once and its engine built (it must report its energy and be rebuilt from a
 * configuration), with the thermostat (and over pressures the barostat) the exchange needs. */
static rc_status check(const char *scene_text, int slots, const double *t, const rc_exchange_options *o, rc_exchange *x)
{
    if (!scene_text || !t || !o) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_run_scene: NULL argument");
    bool pressures = o->ladder == RC_EXCHANGE_LADDER_PRESSURES;
    const char *what = ladder_name(o->ladder);
    if ((unsigned)o->ladder > RC_EXCHANGE_LADDER_PRESSURES)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "ladder: %d is not temperatures (0) or pressures (1)",
                       (int)o->ladder);
    if (slots < 2 || slots > RC_EXCHANGE_MAX_SLOTS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d of them; replica exchange needs 2 to %d", what, slots,
                       RC_EXCHANGE_MAX_SLOTS);
    for (int k = 0; k < slots; k++)
        if (!(t[k] > 0 && isfinite(t[k])) || (k > 0 && !(t[k] > t[k - 1])))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s[%d]: %g is not positive and above the one before", what, k,
                           t[k]);
    if (!(o->interval > 0 && isfinite(o->interval)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interval: %g is not a positive number", o->interval);
    if (o->rounds <= 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rounds: %lld is not positive", (long long)o->rounds);
    cJSON *scene;
    rc_status s = rc_json_parse(scene_text, &scene);
    if (s) return s;
    x->ops = rc_run_engine_find(scene);
    if (!x->ops->rebuild || !x->ops->energy)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "dynamics: replica exchange needs an engine that reports its energy and is "
                    "rebuilt from a configuration; the \"%s\" engine is not",
                    x->ops->dynamics);
    if (!s) s = x->ops->create(scene, &x->base);
    cJSON_Delete(scene);
    double rate = 0, pressure = 0;
    if (!s) s = parameter(x, "thermostat.rate", &rate);
    if (!s && !(rate > 0))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "thermostat: replica exchange needs the scene's thermostat (its temperature "
                    "is each replica's)");
    if (!s && pressures && !(s = parameter(x, "barostat.pressure", &pressure)) && !(pressure > 0))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "barostat: replica exchange over pressures needs the scene's barostat (its "
                    "pressure is each replica's)");
    if (!s) s = parameter(x, "temperature", &x->scene_temperature);
    if (!s) s = parameter(x, "thermostat.temperature", &x->temperature);
    if (!s) x->ops->field("volume", &x->volume);
    if (!s) s = rc_frame_create(&x->start, x->ops->count(x->base), false);
    if (!s) s = x->ops->fill_frame(x->base, &x->start);
    return s;
}

void rc_exchange_destroy(rc_exchange *x)
{
    if (!x) return;
    for (int k = 0; x->replicas && k < x->slots; k++) {
        free(x->replicas[k].positions);
        free(x->replicas[k].velocities);
    }
    free(x->replicas);
    free(x->order);
    free(x->slot_of);
    free(x->t);
    free(x->attempts);
    free(x->accepted);
    free(x->mean_energy);
    free(x->mean_volume);
    if (x->walk) fclose(x->walk);
    free(x->walk_path);
    rc_frame_destroy(&x->frame);
    rc_frame_destroy(&x->start);
    if (x->ops) x->ops->destroy(x->base);
    free(x);
}

/* Every replica at the scene's configuration and box, its velocities scaled from the scene's temperature to its own
 * (over temperatures). */
static rc_status start(rc_exchange *x)
{
    size_t n = 3 * (size_t)x->start.count;
    double scene_t = x->scene_temperature;
    for (int k = 0; k < x->slots; k++) {
        replica *r = &x->replicas[k];
        x->order[k] = x->slot_of[k] = k;
        r->positions = malloc(n * sizeof(double));
        r->velocities = malloc(n * sizeof(double));
        if (!r->positions || !r->velocities) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
        memcpy(r->positions, x->start.positions, n * sizeof(double));
        memcpy(r->box, x->start.box, sizeof r->box);
        double scale = scene_t > 0 && !x->pressures ? sqrt(x->t[k] / scene_t) : 1;
        for (size_t i = 0; i < n; i++) r->velocities[i] = x->start.velocities[i] * scale;
    }
    return RC_STATUS_OK;
}

rc_status rc_exchange_create(const char *scene_text, int slots, const double *t, const rc_exchange_options *o,
                             rc_exchange **out)
{
    if (!out) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_create: NULL result");
    *out = NULL;
    rc_exchange *x = calloc(1, sizeof *x);
    if (!x) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    rc_status s = check(scene_text, slots, t, o, x);
    if (!s) {
        x->interrupt_signal = -1;
        x->slots = slots;
        x->options = *o;
        x->pressures = o->ladder == RC_EXCHANGE_LADDER_PRESSURES;
        rc_rng_seed(&x->rng, o->seed);
        x->t = malloc((size_t)slots * sizeof *x->t);
        x->replicas = calloc((size_t)slots, sizeof *x->replicas);
        x->order = calloc((size_t)slots, sizeof *x->order);
        x->slot_of = calloc((size_t)slots, sizeof *x->slot_of);
        x->attempts = calloc((size_t)slots, sizeof *x->attempts);
        x->accepted = calloc((size_t)slots, sizeof *x->accepted);
        x->mean_energy = calloc((size_t)slots, sizeof *x->mean_energy);
        x->mean_volume = calloc((size_t)slots, sizeof *x->mean_volume);
        s = x->t && x->replicas && x->order && x->slot_of && x->attempts && x->accepted && x->mean_energy &&
                    x->mean_volume
                ? rc_frame_create(&x->frame, x->start.count, false)
                : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    }
    if (!s) {
        memcpy(x->t, t, (size_t)slots * sizeof *t);
        s = start(x);
    }
    if (s) {
        rc_exchange_destroy(x);
        return s;
    }
    *out = x;
    return RC_STATUS_OK;
}

rc_status rc_exchange_advance(rc_exchange *x, int k)
{
    if (!x || k < 0 || k >= x->slots)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_advance: no replica %d", k);
    replica *r = &x->replicas[k];
    int slot = x->slot_of[k];
    run_configuration c = {r->positions,
                           r->velocities,
                           x->start.radii,
                           x->start.masses,
                           x->start.species,
                           {r->box[0], r->box[1], r->box[2]},
                           x->pressures,
                           x->t[slot],
                           rc_seed_derive_replica(x->options.seed, 1 + x->round * RC_EXCHANGE_MAX_SLOTS + slot)};
    void *engine = NULL;
    rc_status s = x->ops->rebuild(x->base, &c, &engine);
    rc_run_limits until = {x->options.interval, 0, 0, 0};
    if (!s) s = x->ops->advance(engine, &until);
    if (!s) s = x->ops->fill_frame(engine, &x->frame);
    if (!s) {
        run_snapshot now;
        x->ops->measure(engine, NULL, &now);
        r->potential_energy = x->ops->energy(engine);
        r->volume = rc_run_field_value(&now, x->volume);
        memcpy(r->box, x->frame.box, sizeof r->box);
        size_t bytes = 3 * (size_t)x->frame.count * sizeof(double);
        memcpy(r->positions, x->frame.positions, bytes);
        memcpy(r->velocities, x->frame.velocities, bytes);
        if (x->options.sample) x->options.sample(x->round, slot, &x->frame, r->potential_energy, x->options.user);
    }
    x->ops->destroy(engine);
    return s;
}

double rc_exchange_energy(const rc_exchange *x, int k)
{
    return x && k >= 0 && k < x->slots ? x->replicas[k].potential_energy : NAN;
}

void rc_exchange_set_energy(rc_exchange *x, int k, double energy)
{
    if (x && k >= 0 && k < x->slots) x->replicas[k].potential_energy = energy;
}

double rc_exchange_volume(const rc_exchange *x, int k)
{
    return x && k >= 0 && k < x->slots ? x->replicas[k].volume : NAN;
}

void rc_exchange_set_volume(rc_exchange *x, int k, double volume)
{
    if (x && k >= 0 && k < x->slots) x->replicas[k].volume = volume;
}

/* The Metropolis test of slots a and a + 1; on success their replicas trade rungs (over temperatures with their
 * velocities scaled). */
static bool try_swap(rc_exchange *x, int a)
{
    replica *p = &x->replicas[x->order[a]], *q = &x->replicas[x->order[a + 1]];
    double exponent = x->pressures ? (x->t[a] - x->t[a + 1]) * (p->volume - q->volume) / x->temperature
                                   : (1 / x->t[a] - 1 / x->t[a + 1]) * (p->potential_energy - q->potential_energy);
    double u = rc_rng_uniform(&x->rng); /* drawn every time, so that the stream does not depend on the energies */
    if (!(exponent >= 0 || u < exp(exponent))) return false;
    double up = x->pressures ? 1 : sqrt(x->t[a + 1] / x->t[a]);
    for (size_t i = 0; up != 1 && i < 3 * (size_t)x->start.count; i++) p->velocities[i] *= up, q->velocities[i] /= up;
    int keep = x->order[a];
    x->order[a] = x->order[a + 1];
    x->order[a + 1] = keep;
    x->slot_of[x->order[a]] = a;
    x->slot_of[x->order[a + 1]] = a + 1;
    return true;
}

rc_status rc_exchange_write_walk(rc_exchange *x, const char *path)
{
    if (!x || !path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_write_walk: NULL argument");
    if (x->walk) fclose(x->walk);
    free(x->walk_path);
    x->walk_path = malloc(strlen(path) + 1);
    if (!x->walk_path) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    strcpy(x->walk_path, path);
    x->walk = fopen(path, "w");
    if (!x->walk) return rc_fail(RC_STATUS_IO_ERROR, "walk table %s: cannot write (%s)", path, strerror(errno));
    fputs("round", x->walk);
    for (int k = 0; k < x->slots; k++) fprintf(x->walk, ",replica_%d", k);
    return fputs("\n", x->walk) < 0 ? rc_fail(RC_STATUS_IO_ERROR, "walk table %s: cannot write", path) : RC_STATUS_OK;
}

/* The walk's row of the round that just ended: the rung each replica holds now. */
static rc_status walk_row(rc_exchange *x)
{
    bool ok = fprintf(x->walk, "%lld", (long long)x->round) > 0;
    for (int k = 0; ok && k < x->slots; k++)
        ok = fputc(',', x->walk) != EOF && rc_number_write(x->walk, x->t[x->slot_of[k]]) > 0;
    ok = ok && fputs("\n", x->walk) >= 0 && fflush(x->walk) == 0;
    return ok ? RC_STATUS_OK
              : rc_fail(RC_STATUS_IO_ERROR, "walk table %s: cannot write (%s)", x->walk_path, strerror(errno));
}

rc_status rc_exchange_swap(rc_exchange *x)
{
    if (!x) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_swap: NULL exchange");
    for (int k = 0; k < x->slots; k++) {
        const replica *r = &x->replicas[x->order[k]];
        x->mean_energy[k] += (r->potential_energy - x->mean_energy[k]) / (double)(x->round + 1);
        x->mean_volume[k] += (r->volume - x->mean_volume[k]) / (double)(x->round + 1);
    }
    for (int a = (int)(x->round % 2); a + 1 < x->slots; a += 2) {
        x->attempts[a]++;
        x->accepted[a] += try_swap(x, a);
    }
    rc_status s = x->walk ? walk_row(x) : RC_STATUS_OK;
    x->round++;
    return s;
}

int64_t rc_exchange_round(const rc_exchange *x) { return x ? x->round : 0; }

int64_t rc_exchange_rounds(const rc_exchange *x) { return x ? x->options.rounds : 0; }

int rc_exchange_slots(const rc_exchange *x) { return x ? x->slots : 0; }

void rc_exchange_counts(const rc_exchange *x, int64_t *attempts, int64_t *accepted, double *mean_energy)
{
    for (int k = 0; x && k < x->slots; k++) {
        if (attempts && k + 1 < x->slots) attempts[k] = x->attempts[k];
        if (accepted && k + 1 < x->slots) accepted[k] = x->accepted[k];
        if (mean_energy) mean_energy[k] = x->mean_energy[k];
    }
}

void rc_exchange_mean_volumes(const rc_exchange *x, double *mean_volume)
{
    for (int k = 0; x && mean_volume && k < x->slots; k++) mean_volume[k] = x->mean_volume[k];
}

char *rc_exchange_report_json(const rc_exchange *x, bool compact)
{
    if (!x) return NULL;
    const char *rungs = x->pressures ? "pressures" : "temperatures";
    cJSON *r = cJSON_CreateObject();
    cJSON_AddItemToObject(r, rungs, cJSON_CreateDoubleArray(x->t, x->slots));
    cJSON_AddNumberToObject(r, "interval", x->options.interval);
    cJSON_AddNumberToObject(r, "rounds", (double)x->options.rounds);
    cJSON_AddNumberToObject(r, "seed", (double)x->options.seed);
    cJSON *pairs = cJSON_AddArrayToObject(r, "pairs");
    for (int k = 0; pairs && k + 1 < x->slots; k++) {
        cJSON *pair = cJSON_CreateObject();
        int64_t attempts = x->attempts[k], accepted = x->accepted[k];
        cJSON_AddItemToObject(pair, rungs, cJSON_CreateDoubleArray(x->t + k, 2));
        cJSON_AddNumberToObject(pair, "attempts", (double)attempts);
        cJSON_AddNumberToObject(pair, "accepted", (double)accepted);
        cJSON_AddNumberToObject(pair, "acceptance", attempts ? (double)accepted / (double)attempts : 0);
        cJSON_AddItemToArray(pairs, pair);
    }
    cJSON_AddItemToObject(r, "mean_potential_energy", cJSON_CreateDoubleArray(x->mean_energy, x->slots));
    if (x->pressures) cJSON_AddItemToObject(r, "mean_volume", cJSON_CreateDoubleArray(x->mean_volume, x->slots));
    return rc_json_text(r, compact);
}

rc_status rc_exchange_execute(rc_exchange *x)
{
    if (!x) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_execute: NULL exchange");
    rc_status s = RC_STATUS_OK;
    while (!s && x->round < x->options.rounds && x->interrupt_signal < 0) {
        for (int k = 0; !s && k < x->slots && x->interrupt_signal < 0; k++) s = rc_exchange_advance(x, k);
        if (!s && x->interrupt_signal < 0) s = rc_exchange_swap(x);
    }
    return s;
}

void rc_exchange_interrupt(rc_exchange *x, int signal)
{
    if (x) x->interrupt_signal = signal >= 0 ? signal : 0;
}

int rc_exchange_interrupt_signal(const rc_exchange *x) { return x ? x->interrupt_signal : -1; }

rc_status rc_exchange_run_scene(const char *scene_text, int slots, const double *t, const rc_exchange_options *o,
                                int64_t *attempts, int64_t *accepted, double *mean_energy)
{
    rc_exchange *x = NULL;
    rc_status s = rc_exchange_create(scene_text, slots, t, o, &x);
    if (!s) s = rc_exchange_execute(x);
    if (!s) rc_exchange_counts(x, attempts, accepted, mean_energy);
    rc_exchange_destroy(x);
    return s;
}
