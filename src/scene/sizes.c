/* SPDX-License-Identifier: MIT */
/* Sizes of the particles of an initial state (ricochet/edmd.h, "Initial states"; docs/design.md, "The event-driven
 * engine"): mixtures of species with number fractions (counts by largest remainders, labels shuffled with a seeded
 * generator) and continuous distributions of diameters (uniform, lognormal, gaussian), truncated and seeded, whose
 * drawn mean and polydispersity are the ones asked for.
 *
 * A normal cut at +/- t standard deviations keeps A0 = erf(t / sqrt 2) of its mass and has the variance
 * c(t)^2 = 1 - 2 t phi(t) / A0 of the uncut one (phi the standard normal density), so the gaussian's underlying
 * deviation is polydispersity * mean / c(t). For the lognormal d = exp(mu + s z), |z| <= t, the moments are
 * E[d^k] = exp(k mu + k^2 s^2 / 2) A_k / A0 with A_k = Phi(t - k s) - Phi(-t - k s), so the polydispersity,
 * sqrt(exp(s^2) A_2 A_0 / A_1^2 - 1), depends on s alone and grows with it: s is found by bisection, then mu from
 * the mean. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "ricochet/scene.h"

enum { SIZE_KINDS = 3 };

static const char *const kind_names[SIZE_KINDS] = {"uniform", "lognormal", "gaussian"};

rc_status rc_size_kind_parse(const char *name, rc_size_kind *kind)
{
    if (!name || !kind)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "size distribution: NULL %s", name ? "result" : "kind");
    for (int i = 0; i < SIZE_KINDS; i++)
        if (strcmp(name, kind_names[i]) == 0) {
            *kind = (rc_size_kind)i;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "size distribution \"%s\" is not uniform, lognormal or gaussian", name);
}

const char *rc_size_kind_name(rc_size_kind kind) { return (unsigned)kind < SIZE_KINDS ? kind_names[kind] : "unknown"; }

/* ---- Mixtures --------------------------------------------------------------------------------------------------- */

static rc_status check_species(int32_t kinds, const rc_species *species)
{
    if (kinds < 1 || !species)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species: %d kinds, at least 1 needed", (int)kinds);
    double sum = 0;
    for (int32_t s = 0; s < kinds; s++) {
        const rc_species *k = &species[s];
        if (!(k->radius > 0) || !isfinite(k->radius))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species[%d].radius: %g is not a finite positive number", (int)s,
                           k->radius);
        if (!(k->mass > 0) || !isfinite(k->mass))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species[%d].mass: %g is not a finite positive number", (int)s,
                           k->mass);
        if (!(k->fraction >= 0 && k->fraction <= 1))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species[%d].fraction: %g is not in [0, 1]", (int)s,
                           k->fraction);
        sum += k->fraction;
    }
    if (!(fabs(sum - 1) <= 1e-9))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species: the fractions sum to %.12g, not 1 (within 1e-9)", sum);
    return RC_STATUS_OK;
}

rc_status rc_species_fill(int32_t kinds, const rc_species *species, int32_t count, uint64_t seed, int32_t *labels,
                          double *radii, double *masses)
{
    rc_status s = check_species(kinds, species);
    if (s) return s;
    if (count < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mixture count: %d is negative", (int)count);
    if (count > 0 && (!labels || !radii || !masses))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mixture: NULL output for %d particles", (int)count);
    int32_t *counts = calloc((size_t)kinds, sizeof *counts);
    if (!counts) return rc_fail(RC_STATUS_NO_MEMORY, "mixture: out of memory for %d species", (int)kinds);
    int32_t given = 0;
    for (int32_t k = 0; k < kinds; k++) {
        counts[k] = (int32_t)fmin(floor(species[k].fraction * count), (double)count);
        given += counts[k];
    }
    for (; given < count; given++) { /* at most kinds left over: the largest remainder first, ties the lower index */
        int32_t best = 0;
        double best_rest = -1;
        for (int32_t k = 0; k < kinds; k++) {
            double rest = species[k].fraction * count - counts[k];
            if (rest > best_rest) best = k, best_rest = rest;
        }
        counts[best]++;
    }
    int32_t i = 0;
    for (int32_t k = 0; k < kinds; k++)
        for (int32_t n = 0; n < counts[k] && i < count; n++) labels[i++] = k;
    free(counts);
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    for (int32_t n = count - 1; n > 0; n--) { /* Fisher-Yates */
        int32_t j = (int32_t)rc_rng_below(&rng, (uint64_t)n + 1), swap = labels[n];
        labels[n] = labels[j];
        labels[j] = swap;
    }
    for (int32_t n = 0; n < count; n++) {
        radii[n] = species[labels[n]].radius;
        masses[n] = species[labels[n]].mass;
    }
    return RC_STATUS_OK;
}

/* ---- Continuous distributions ----------------------------------------------------------------------------------- */

/* Phi(hi) - Phi(lo) for lo <= hi, without cancellation in either tail. */
static double normal_mass(double lo, double hi)
{
    if (lo >= 0) return 0.5 * (erfc(lo / M_SQRT2) - erfc(hi / M_SQRT2));
    if (hi <= 0) return 0.5 * (erfc(-hi / M_SQRT2) - erfc(-lo / M_SQRT2));
    return 1 - 0.5 * (erfc(-lo / M_SQRT2) + erfc(hi / M_SQRT2));
}

/* The standard deviation of a standard normal cut at +/- t. */
static double cut_deviation(double t)
{
    return sqrt(1 - 2 * t * exp(-0.5 * t * t) / sqrt(2 * M_PI) / erf(t / M_SQRT2));
}

/* The polydispersity of exp(s z), z standard normal cut at +/- t. */
static double lognormal_polydispersity(double s, double t)
{
    double a0 = normal_mass(-t, t), a1 = normal_mass(-t - s, t - s), a2 = normal_mass(-t - 2 * s, t - 2 * s);
    return sqrt(fmax(exp(s * s) * a2 * a0 / (a1 * a1) - 1, 0));
}

/* The s of a cut lognormal with this polydispersity: bisection between the uncut one's s (cutting only narrows) and
 * a bracket doubled until it is wide enough. */
static double lognormal_width(double polydispersity, double t)
{
    double lo = sqrt(log1p(polydispersity * polydispersity)), hi = 2 * lo;
    while (lognormal_polydispersity(hi, t) < polydispersity) lo = hi, hi *= 2;
    for (int n = 0; n < 200; n++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (lognormal_polydispersity(mid, t) < polydispersity) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* A standard normal deviate within +/- t, by rejection. */
static double cut_normal(rc_rng *rng, double t)
{
    double z;
    do z = rc_rng_normal(rng);
    while (!(fabs(z) <= t));
    return z;
}

static rc_status check_sizes(const rc_size_distribution *d)
{
    if ((unsigned)d->kind >= SIZE_KINDS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "kind: %d is not a size distribution", (int)d->kind);
    if (!(d->mean > 0) || !isfinite(d->mean))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mean: %g is not a finite positive diameter", d->mean);
    if (!(d->polydispersity >= 0 && d->polydispersity <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "polydispersity: %g is not in [0, 1]", d->polydispersity);
    if (d->kind != RC_SIZE_KIND_UNIFORM && !(d->truncate >= 0.5 && d->truncate <= 10))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "truncate: %g is not in [0.5, 10] (standard deviations)",
                       d->truncate);
    if (d->kind == RC_SIZE_KIND_UNIFORM && !(d->polydispersity < 1 / sqrt(3.0)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "polydispersity: %g is not below 1/sqrt(3) = 0.577, above which a "
                       "uniform distribution reaches diameter 0",
                       d->polydispersity);
    double limit = cut_deviation(d->truncate) / d->truncate;
    if (d->kind == RC_SIZE_KIND_GAUSSIAN && !(d->polydispersity < limit))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "polydispersity: %g is not below %.4g, above which a gaussian cut at %g "
                       "standard deviations reaches diameter 0 (use lognormal, or a smaller "
                       "truncate)",
                       d->polydispersity, limit, d->truncate);
    return RC_STATUS_OK;
}

rc_status rc_size_distribution_sample(const rc_size_distribution *sizes, int32_t count, uint64_t seed, double *radii)
{
    if (!sizes) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "size distribution: NULL");
    rc_status s = check_sizes(sizes);
    if (s) return s;
    if (count < 0 || (count > 0 && !radii))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "size distribution: no room for %d radii", (int)count);
    double mean = sizes->mean, delta = sizes->polydispersity, t = sizes->truncate;
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    if (sizes->kind == RC_SIZE_KIND_UNIFORM) {
        double half_width = sqrt(3.0) * delta * mean;
        for (int32_t i = 0; i < count; i++) radii[i] = 0.5 * (mean + half_width * (2 * rc_rng_uniform(&rng) - 1));
    } else if (sizes->kind == RC_SIZE_KIND_GAUSSIAN) {
        double deviation = delta * mean / cut_deviation(t);
        for (int32_t i = 0; i < count; i++) radii[i] = 0.5 * (mean + deviation * cut_normal(&rng, t));
    } else {
        double width = delta > 0 ? lognormal_width(delta, t) : 0;
        double mu = log(mean) - 0.5 * width * width - log(normal_mass(-t - width, t - width) / normal_mass(-t, t));
        for (int32_t i = 0; i < count; i++) radii[i] = 0.5 * exp(mu + width * cut_normal(&rng, t));
    }
    return RC_STATUS_OK;
}
