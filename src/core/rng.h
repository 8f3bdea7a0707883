/* SPDX-License-Identifier: MIT */
/* Seeded pseudo-random numbers (xoshiro256** seeded through splitmix64): same seed, same sequence, on every machine. */
#ifndef RC_CORE_RNG_H
#define RC_CORE_RNG_H

#include <stdint.h>

/* The named random streams of a run, each seeded from the scene's one "seed" by rc_rng_stream_seed, so that a new
 * use of randomness takes a name here rather than an offset of its own: the placement of particles (and of chains'
 * beads), the velocities drawn at a temperature, the thermostat's and thermal walls' draws, the species labels and
 * sizes of a placement. The values are the offsets from the seed that runs have always used, so every run keeps its
 * bits. */
typedef enum rc_rng_stream {
    RC_RNG_STREAM_PLACEMENT = 0,
    RC_RNG_STREAM_VELOCITIES = 1,
    RC_RNG_STREAM_THERMOSTAT = 2,
    RC_RNG_STREAM_SIZES = 3
} rc_rng_stream;

/* The seed of one named stream of a run seeded by seed. */
static inline uint64_t rc_rng_stream_seed(uint64_t seed, rc_rng_stream stream) { return seed + (uint64_t)stream; }

typedef struct rc_rng {
    uint64_t s[4];
} rc_rng;

void rc_rng_seed(rc_rng *rng, uint64_t seed);
uint64_t rc_rng_next(rc_rng *rng);
/* Uniform in [0, 1) with 53 random bits. */
double rc_rng_uniform(rc_rng *rng);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t rc_rng_below(rc_rng *rng, uint64_t n);
/* Standard normal deviate (Box-Muller, one value per call). */
double rc_rng_normal(rc_rng *rng);

#endif
