/* SPDX-License-Identifier: MIT */
/* ricochet/exchange.h: replica exchange (parallel tempering) over temperatures for event-driven scenes with an
 * Andersen thermostat, or over pressures for scenes that also have a barostat (docs/scaling.md, "Replica exchange";
 * the canonical swap rule of Swendsen and Wang 1986, Geyer 1991, Hukushima and Nemoto 1996; over pressures Okabe
 * et al. 2001).
 *
 * M replicas of one scene run at the temperatures T_0 < ... < T_{M-1} (the thermostat's temperature), in this process,
 * each for `interval` of simulation time per round; after each round neighbours on the ladder try to swap their
 * configurations, even pairs (0-1, 2-3, ...) in even rounds and odd pairs in odd ones, each accepted with probability
 * min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]), U the potential energy (gravity; 0 for hard cores alone, where every swap
 * is accepted). An accepted swap exchanges the positions and scales the velocities by sqrt(T_new / T_old), which keeps
 * the kinetic part in detailed balance without entering the rule. Each round builds every replica's engine afresh
 * from its configuration (rc_edmd_create), its thermostat seeded by the round and the slot; the swap decisions draw
 * from a stream seeded by `seed`: the same scene, ladder and seed give the same bits, in one process or spread over
 * several (below; `mpirun -n K ricochet exchange`).
 *
 * Over pressures (options.ladder RC_EXCHANGE_LADDER_PRESSURES) the ladder is P_0 < ... < P_{M-1}, each replica's barostat
 * pressure, at the thermostat's temperature T of the scene; a swap of the configurations (positions and box) of slots
 * i and j is accepted with min(1, exp[(P_i - P_j)(V_i - V_j) / kT]), V the volume (area in 2D) of each box: the ratio
 * of exp(-P V / kT) with the configurations exchanged to it as they are (the V^N of the volume measure is the same
 * on both sides and cancels). Velocities are not scaled. */
#ifndef RICOCHET_EXCHANGE_H
#define RICOCHET_EXCHANGE_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most rungs a ladder may have. */
#define RC_EXCHANGE_MAX_SLOTS 1024

/* Called after every round, before the swaps, for every slot (temperature index): its configuration and potential
 * energy. */
typedef void rc_exchange_sample_fn(int64_t round, int slot, const rc_frame *frame, double potential_energy, void *user);

/* What the ladder holds. */
typedef enum rc_exchange_ladder {
    RC_EXCHANGE_LADDER_TEMPERATURES = 0, /* the thermostat's temperature */
    RC_EXCHANGE_LADDER_PRESSURES = 1     /* the barostat's pressure */
} rc_exchange_ladder;

typedef struct rc_exchange_options {
    double interval;               /* simulation time each replica runs between swap attempts (> 0) */
    int64_t rounds;                /* rounds of run-then-swap (> 0) */
    uint64_t seed;                 /* of the swap decisions and the thermostat streams */
    rc_exchange_sample_fn *sample; /* may be NULL */
    void *user;
    rc_exchange_ladder ladder; /* default (0) temperatures */
} rc_exchange_options;

/* Reads a ladder written as text, as `ricochet exchange --temperatures` and `--pressures` take it: numbers separated by
 * commas ("0.5,0.8,1.2"), at most `capacity` of them, into values and their number into *count (RC_EXCHANGE_MAX_SLOTS
 * is room for any ladder). Their order and sign are rc_exchange_create's to check. RC_STATUS_INVALID_ARGUMENT names the entry
 * by the ladder's name: 'temperatures[1]: "" is not a finite number' (or "pressures[k]"), or 'temperatures: more than
 * N values'; *count is then unchanged and values undefined. */
RC_API rc_status rc_exchange_ladder_parse(const char *text, rc_exchange_ladder ladder, double *values, int capacity,
                                          int *count);

/* Runs the replica exchange. scene_text: an event-driven scene whose "thermostat" is set (its temperature is
 * replaced by each slot's), and over pressures its "barostat" (whose pressure is replaced); ladder: `slots` positive
 * values, increasing (2 <= slots <= 1024), temperatures or pressures (options.ladder). attempts and accepted
 * (slots - 1 entries each, may be NULL): the swap attempts and acceptances of each neighbouring pair; mean_energy
 * (slots entries, may be NULL): the mean potential energy at each rung over the rounds' ends. RC_STATUS_INVALID_ARGUMENT
 * names the field. */
RC_API rc_status rc_exchange_run_scene(const char *scene_text, int slots, const double *ladder,
                                       const rc_exchange_options *options, int64_t *attempts, int64_t *accepted,
                                       double *mean_energy);

/* ---- Step by step, for a front end that spreads the replicas over processes (ricochet/mpi.h) ----------------------
 * Every process creates the same exchange; in each round every replica is advanced by one process
 * (rc_exchange_advance), each process gives the energies the others measured (rc_exchange_set_energy), and every
 * process ends the round with rc_exchange_swap, which makes the same decisions everywhere. Replicas never move between
 * processes: a swap trades their temperatures. rc_exchange_run_scene is this loop in one process. */
typedef struct rc_exchange rc_exchange;

RC_API rc_status rc_exchange_create(const char *scene_text, int slots, const double *ladder,
                                    const rc_exchange_options *options, rc_exchange **exchange);
RC_API void rc_exchange_destroy(rc_exchange *exchange);
/* Runs replica r (0 <= r < slots) for this round's interval at the temperature it holds now; the sample callback
 * sees it. */
RC_API rc_status rc_exchange_advance(rc_exchange *exchange, int replica);
/* Replica r's potential energy and volume (area in 2D) at the end of its last round, as measured here or given. */
RC_API double rc_exchange_energy(const rc_exchange *exchange, int replica);
RC_API void rc_exchange_set_energy(rc_exchange *exchange, int replica, double energy);
RC_API double rc_exchange_volume(const rc_exchange *exchange, int replica);
RC_API void rc_exchange_set_volume(rc_exchange *exchange, int replica, double volume);
/* Ends the round: the mean energies updated, this round's pairs tried, the walk's row written (when asked). */
RC_API rc_status rc_exchange_swap(rc_exchange *exchange);
/* Runs the rounds left with every replica in this process (rc_exchange_run_scene's loop), until rc_exchange_interrupt. */
RC_API rc_status rc_exchange_execute(rc_exchange *exchange);
/* Asks rc_exchange_execute to stop before the next replica's advance: the rounds ended so far are what the counts and
 * the report hold (rc_exchange_round says how many), and it returns RC_STATUS_OK. An interrupted exchange stays so: it runs no
 * further rounds. Safe in a signal handler; signal is the signal's number (0 when not from a signal), kept for
 * rc_exchange_interrupt_signal. (Under MPI every rank must stop at the same round: rc_exchange_execute_mpi does not look
 * at it, and mpirun ends every rank on Ctrl-C.) */
RC_API void rc_exchange_interrupt(rc_exchange *exchange, int signal);
/* The signal given to rc_exchange_interrupt (0: none given), or -1 when not interrupted. */
RC_API int rc_exchange_interrupt_signal(const rc_exchange *exchange);
/* rc_exchange_execute with SIGINT and SIGTERM caught meanwhile, as rc_run_execute_guarded (ricochet/run.h): the first
 * one interrupts the exchange (rc_exchange_interrupt), a second one ends the process; the handlers in place before are
 * put back. What `ricochet exchange` runs. */
RC_API rc_status rc_exchange_execute_guarded(rc_exchange *exchange);
/* Rounds ended so far; rounds to run in all (the options'); replicas (the ladder's length). */
RC_API int64_t rc_exchange_round(const rc_exchange *exchange);
RC_API int64_t rc_exchange_rounds(const rc_exchange *exchange);
RC_API int rc_exchange_slots(const rc_exchange *exchange);
/* What rc_exchange_run_scene reports, so far (each may be NULL). */
RC_API void rc_exchange_counts(const rc_exchange *exchange, int64_t *attempts, int64_t *accepted, double *mean_energy);
/* Writes the walk table to `path` (CSV, written as the rounds end; replaced if it exists): a header
 * `round,replica_0,...,replica_{M-1}`, then one row per swap attempt (round k = 0, 1, ...): the rung (temperature or
 * pressure, as given) each replica holds after the round's swaps. Before round 0 replica r holds rung r. Call it
 * before the rounds, in one process only (under MPI every rank makes the same decisions: rank 0 writes).
 * RC_STATUS_IO_ERROR names the path; a row that cannot be written ends the rounds with RC_STATUS_IO_ERROR. */
RC_API rc_status rc_exchange_write_walk(rc_exchange *exchange, const char *path);
/* The mean volume (area in 2D) at each rung over the rounds' ends so far (slots entries). */
RC_API void rc_exchange_mean_volumes(const rc_exchange *exchange, double *mean_volume);
/* The report of the exchange so far as JSON text (what `ricochet exchange` prints; docs/cli.md): the ladder under
 * "temperatures" or "pressures", "interval", "rounds", "seed", "pairs" (each neighbouring pair's two rungs,
 * "attempts", "accepted" and "acceptance", 0 before any attempt), "mean_potential_energy" per rung and, over
 * pressures, "mean_volume". Indented, or on one line when compact. Free it with rc_text_destroy; NULL when out of
 * memory or for a NULL exchange. */
RC_API char *rc_exchange_report_json(const rc_exchange *exchange, bool compact);

#ifdef __cplusplus
}
#endif
#endif
