/* Replica exchange over temperatures (ricochet/exchange.h; docs/scaling.md, "Replica exchange"): M replicas of one
 * event-driven scene with an Andersen thermostat, each run for an interval per round from an engine built afresh
 * from its configuration, then neighbouring temperatures swap configurations by the canonical Metropolis rule
 * min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]) (Swendsen and Wang 1986; Hukushima and Nemoto 1996), velocities scaled by
 * sqrt(T_new / T_old). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "ricochet/exchange.h"
#include "ricochet/scene.h"
#include "run/sweep.h"

enum { MOST_SLOTS = 1024 };

/* One replica: its configuration between rounds. */
typedef struct replica {
    double *positions, *velocities;
    double potential_energy;
} replica;

static rc_status check(const char *scene_text, int slots, const double *t, const rc_exchange_options *o,
                       rc_run_scene **scene)
{
    if (!scene_text || !t || !o) return rc_fail(RC_INVALID_ARGUMENT, "rc_exchange_run: NULL argument");
    if (slots < 2 || slots > MOST_SLOTS)
        return rc_fail(RC_INVALID_ARGUMENT, "temperatures: %d of them; replica exchange needs 2 to %d", slots, MOST_SLOTS);
    for (int k = 0; k < slots; k++)
        if (!(t[k] > 0 && isfinite(t[k])) || (k > 0 && !(t[k] > t[k - 1])))
            return rc_fail(RC_INVALID_ARGUMENT, "temperatures[%d]: %g is not positive and above the one before", k, t[k]);
    if (!(o->interval > 0 && isfinite(o->interval)))
        return rc_fail(RC_INVALID_ARGUMENT, "interval: %g is not a positive number", o->interval);
    if (o->rounds <= 0) return rc_fail(RC_INVALID_ARGUMENT, "rounds: %lld is not positive", (long long)o->rounds);
    if (rc_scene_is_time_stepping(scene_text))
        return rc_fail(RC_INVALID_ARGUMENT, "dynamics: replica exchange runs event-driven scenes");
    rc_status s = rc_run_scene_parse(scene_text, scene);
    if (!s && !(rc_run_scene_def(*scene)->thermostat_rate > 0))
        s = rc_fail(RC_INVALID_ARGUMENT, "thermostat: replica exchange needs the scene's thermostat (its temperature "
                                         "is each replica's)");
    return s;
}

/* Runs replica r at slot temperature t for one interval from its configuration, and keeps where it ended. */
static rc_status run_round(const rc_edmd_def *base, replica *r, double t, uint64_t seed, double interval, rc_frame *frame)
{
    rc_edmd_def def = *base;
    def.positions = r->positions;
    def.velocities = r->velocities;
    def.thermostat_temperature = t;
    def.seed = seed;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(&def, &engine);
    rc_edmd_limits until = {interval, 0, 0};
    if (!s) s = rc_edmd_advance(engine, &until);
    if (!s) s = rc_edmd_fill_frame(engine, frame);
    if (!s) {
        rc_edmd_observables now;
        rc_edmd_measure(engine, &now);
        r->potential_energy = now.potential_energy;
        size_t bytes = 3 * (size_t)def.count * sizeof(double);
        memcpy(r->positions, frame->positions, bytes);
        memcpy(r->velocities, frame->velocities, bytes);
    }
    rc_edmd_destroy(engine);
    return s;
}

/* The Metropolis test of slots a and b = a + 1 (holding replicas order[a], order[b]); swaps the order on success. */
static bool try_swap(replica *rs, int *order, int a, const double *t, rc_rng *rng, int32_t count)
{
    replica *x = &rs[order[a]], *y = &rs[order[a + 1]];
    double exponent = (1 / t[a] - 1 / t[a + 1]) * (x->potential_energy - y->potential_energy);
    double u = rc_rng_uniform(rng); /* drawn every time, so that the stream does not depend on the energies */
    if (!(exponent >= 0 || u < exp(exponent))) return false;
    double up = sqrt(t[a + 1] / t[a]);
    for (size_t i = 0; i < 3 * (size_t)count; i++) x->velocities[i] *= up, y->velocities[i] /= up;
    int keep = order[a];
    order[a] = order[a + 1];
    order[a + 1] = keep;
    return true;
}

rc_status rc_exchange_run(const char *scene_text, int slots, const double *t, const rc_exchange_options *o,
                          int64_t *attempts, int64_t *accepted, double *mean_energy)
{
    rc_run_scene *scene = NULL;
    rc_status s = check(scene_text, slots, t, o, &scene);
    if (s) {
        rc_run_scene_destroy(scene);
        return s;
    }
    const rc_edmd_def *base = rc_run_scene_def(scene);
    size_t n = 3 * (size_t)base->count;
    replica *rs = calloc((size_t)slots, sizeof *rs);
    int *order = calloc((size_t)slots, sizeof *order); /* order[slot]: the replica at that temperature */
    rc_frame frame;
    memset(&frame, 0, sizeof frame);
    s = rs && order ? rc_frame_init(&frame, base->count, false) : rc_fail(RC_NO_MEMORY, "out of memory");
    for (int k = 0; !s && k < slots; k++) {
        order[k] = k;
        rs[k].positions = malloc(n * sizeof(double));
        rs[k].velocities = malloc(n * sizeof(double));
        if (!rs[k].positions || !rs[k].velocities) s = rc_fail(RC_NO_MEMORY, "out of memory");
        else memcpy(rs[k].positions, base->positions, n * sizeof(double));
        /* the scene's velocities are at its temperature; each replica starts at its own */
        double scale = rc_run_scene_settings(scene)->temperature > 0
                           ? sqrt(t[k] / rc_run_scene_settings(scene)->temperature) : 1;
        for (size_t i = 0; !s && i < n; i++) rs[k].velocities[i] = base->velocities[i] * scale;
    }
    for (int k = 0; attempts && k < slots - 1; k++) attempts[k] = 0;
    for (int k = 0; accepted && k < slots - 1; k++) accepted[k] = 0;
    for (int k = 0; mean_energy && k < slots; k++) mean_energy[k] = 0;
    rc_rng rng;
    rc_rng_seed(&rng, o->seed);
    for (int64_t round = 0; !s && round < o->rounds; round++) {
        for (int k = 0; !s && k < slots; k++) {
            uint64_t stream = rc_sweep_seed(o->seed, 1 + round * MOST_SLOTS + k);
            s = run_round(base, &rs[order[k]], t[k], stream, o->interval, &frame);
            if (!s && o->sample) o->sample(round, k, &frame, rs[order[k]].potential_energy, o->user);
            if (!s && mean_energy) mean_energy[k] += (rs[order[k]].potential_energy - mean_energy[k]) / (double)(round + 1);
        }
        for (int a = (int)(round % 2); !s && a + 1 < slots; a += 2) {
            bool swapped = try_swap(rs, order, a, t, &rng, base->count);
            if (attempts) attempts[a]++;
            if (accepted) accepted[a] += swapped;
        }
    }
    for (int k = 0; rs && k < slots; k++) {
        free(rs[k].positions);
        free(rs[k].velocities);
    }
    free(rs);
    free(order);
    rc_frame_release(&frame);
    rc_run_scene_destroy(scene);
    return s;
}
