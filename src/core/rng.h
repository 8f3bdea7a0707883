/* SPDX-License-Identifier: MIT */
/* Seeded pseudo-random numbers (xoshiro256** seeded through splitmix64): same seed, same sequence, on every machine. */
#ifndef RC_CORE_RNG_H
#define RC_CORE_RNG_H

#include <stdint.h>

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
