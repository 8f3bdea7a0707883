/* ricochet/exchange.h: replica exchange (parallel tempering) over temperatures for event-driven scenes with an
 * Andersen thermostat (docs/scaling.md, "Replica exchange"; the canonical swap rule of Swendsen and Wang 1986,
 * Geyer 1991, Hukushima and Nemoto 1996).
 *
 * M replicas of one scene run at the temperatures T_0 < ... < T_{M-1} (the thermostat's temperature), in this process,
 * each for `interval` of simulation time per round; after each round neighbours on the ladder try to swap their
 * configurations, even pairs (0-1, 2-3, ...) in even rounds and odd pairs in odd ones, each accepted with probability
 * min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]), U the potential energy (gravity; 0 for hard cores alone, where every swap
 * is accepted). An accepted swap exchanges the positions and scales the velocities by sqrt(T_new / T_old), which keeps
 * the kinetic part in detailed balance without entering the rule. Each round builds every replica's engine afresh
 * from its configuration (rc_edmd_create), its thermostat seeded by the round and the slot; the swap decisions draw
 * from a stream seeded by `seed`: the same scene, ladder and seed give the same bits. Not yet spread over MPI ranks. */
#ifndef RICOCHET_EXCHANGE_H
#define RICOCHET_EXCHANGE_H

#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Called after every round, before the swaps, for every slot (temperature index): its configuration and potential
 * energy. */
typedef void rc_exchange_sample_fn(int64_t round, int slot, const rc_frame *frame, double potential_energy,
                                   void *user);

typedef struct rc_exchange_options {
    double interval;               /* simulation time each replica runs between swap attempts (> 0) */
    int64_t rounds;                /* rounds of run-then-swap (> 0) */
    uint64_t seed;                 /* of the swap decisions and the thermostat streams */
    rc_exchange_sample_fn *sample; /* may be NULL */
    void *user;
} rc_exchange_options;

/* Runs the replica exchange. scene_text: an event-driven scene whose "thermostat" is set (its temperature is
 * replaced by each slot's); temperatures: `slots` positive values, increasing (2 <= slots <= 1024). attempts and
 * accepted (slots - 1 entries each, may be NULL): the swap attempts and acceptances of each neighbouring pair;
 * mean_energy (slots entries, may be NULL): the mean potential energy at each temperature over the rounds' ends.
 * RC_INVALID_ARGUMENT names the field. */
RC_API rc_status rc_exchange_run(const char *scene_text, int slots, const double *temperatures,
                                 const rc_exchange_options *options, int64_t *attempts, int64_t *accepted,
                                 double *mean_energy);

#ifdef __cplusplus
}
#endif
#endif
