/* SPDX-License-Identifier: MIT */
/* Seeded pseudo-random numbers: xoshiro256** (Blackman and Vigna 2018) seeded with splitmix64. */
#include "core/rng.h"

#include <math.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void rc_rng_seed(rc_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rc_rng_next(rc_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double rc_rng_uniform(rc_rng *rng) { return (double)(rc_rng_next(rng) >> 11) * 0x1.0p-53; }

uint64_t rc_rng_below(rc_rng *rng, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = rc_rng_next(rng);
    while (x >= limit);
    return x % n;
}

double rc_rng_normal(rc_rng *rng)
{
    double u = 1.0 - rc_rng_uniform(rng); /* in (0, 1] */
    double v = rc_rng_uniform(rng);
    return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}
