/* SPDX-License-Identifier: MIT */
/* Tests of the sizes of initial states (src/scene/sizes.c, ricochet/scene.h "Initial states"): a mixture's counts are
 * the largest-remainder rounding of count * fraction worked out by hand, its labels carry their species' radius and
 * mass and are mixed along the index; the uniform, lognormal and gaussian distributions of 10,000 diameters have the
 * asked mean and polydispersity within four standard errors, stay inside their truncation, and are the same bits for
 * the same seed; out-of-range parameters are refused naming the parameter. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/ricochet.h"

enum { DRAWN = 10000 };

static void count_labels(const int32_t *labels, int32_t count, int32_t kinds, int32_t *counts)
{
    for (int32_t k = 0; k < kinds; k++) counts[k] = 0;
    for (int32_t i = 0; i < count; i++) counts[labels[i]]++;
}

static void test_mixture(void)
{
    /* 100 * 1/3 = 33.33 each: the leftover particle goes to the first of the tied remainders */
    const rc_species thirds[3] = {{0.5, 1, 1.0 / 3}, {0.7, 2, 1.0 / 3}, {0.9, 3, 1.0 / 3}};
    int32_t labels[100], again[100], counts[3];
    double radii[100], masses[100];
    CHECK(rc_species_fill(3, thirds, 100, 5, labels, radii, masses) == RC_STATUS_OK, "thirds: %s", rc_error_get());
    count_labels(labels, 100, 3, counts);
    CHECK(counts[0] == 34 && counts[1] == 33 && counts[2] == 33, "thirds: %d %d %d", (int)counts[0], (int)counts[1],
          (int)counts[2]);
    for (int32_t i = 0; i < 100; i++)
        CHECK(radii[i] == thirds[labels[i]].radius && masses[i] == thirds[labels[i]].mass, "particle %d", (int)i);
    /* 7 * (0.15, 0.25, 0.6) = 1.05, 1.75, 4.2: floors 1, 1, 4, the leftover to the remainder 0.75 */
    const rc_species uneven[3] = {{0.5, 1, 0.15}, {0.7, 1, 0.25}, {0.9, 1, 0.6}};
    CHECK(rc_species_fill(3, uneven, 7, 5, labels, radii, masses) == RC_STATUS_OK, "uneven: %s", rc_error_get());
    count_labels(labels, 7, 3, counts);
    CHECK(counts[0] == 1 && counts[1] == 2 && counts[2] == 4, "uneven: %d %d %d", (int)counts[0], (int)counts[1],
          (int)counts[2]);
    /* mixed along the index, the same for the same seed, another order for another */
    const rc_species binary[2] = {{0.5, 1, 0.5}, {0.7, 1, 0.5}};
    rc_species_fill(2, binary, 100, 9, labels, radii, masses);
    int32_t first_half = 0;
    for (int32_t i = 0; i < 50; i++) first_half += labels[i];
    CHECK(first_half > 10 && first_half < 40, "the first 50 labels hold %d of species 1: not shuffled",
          (int)first_half);
    rc_species_fill(2, binary, 100, 9, again, radii, masses);
    CHECK(memcmp(labels, again, sizeof labels) == 0, "same seed, same labels");
    rc_species_fill(2, binary, 100, 10, again, radii, masses);
    CHECK(memcmp(labels, again, sizeof labels) != 0, "another seed, other labels");
    /* refusals name the field */
    const rc_species short_sum[2] = {{0.5, 1, 0.5}, {0.7, 1, 0.4}}, bad_mass[1] = {{0.5, 0, 1}};
    CHECK(rc_species_fill(2, short_sum, 10, 1, labels, radii, masses) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "fractions sum to 0.9") != NULL,
          "fractions: %s", rc_error_get());
    CHECK(rc_species_fill(1, bad_mass, 10, 1, labels, radii, masses) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "species[0].mass") != NULL,
          "mass: %s", rc_error_get());
}

/* Mean and polydispersity of 2 * radii, the polydispersity's standard error from the sample's fourth moment. */
static void moments(const double *radii, int32_t n, double *mean, double *delta, double *delta_error)
{
    double sum = 0, m2 = 0, m4 = 0;
    for (int32_t i = 0; i < n; i++) sum += 2 * radii[i];
    *mean = sum / n;
    for (int32_t i = 0; i < n; i++) {
        double d = 2 * radii[i] - *mean;
        m2 += d * d / n, m4 += d * d * d * d / n;
    }
    *delta = sqrt(m2) / *mean;
    /* var(s) ~ (m4 - m2^2) / (4 n m2) */
    *delta_error = sqrt((m4 - m2 * m2) / (4.0 * n * m2)) / *mean;
}

static void test_distribution(rc_size_kind kind, double mean, double delta, double truncate)
{
    static double radii[DRAWN], again[DRAWN];
    rc_size_distribution sizes = {kind, mean, delta, truncate};
    const char *name = rc_size_kind_name(kind);
    CHECK(rc_size_distribution_sample(&sizes, DRAWN, 42, radii) == RC_STATUS_OK, "%s: %s", name, rc_error_get());
    double m, d, d_error;
    moments(radii, DRAWN, &m, &d, &d_error);
    double m_error = delta * mean / sqrt(DRAWN);
    CHECK(fabs(m - mean) < 4 * m_error, "%s: mean %.6f, asked %g (standard error %.2g)", name, m, mean, m_error);
    CHECK(fabs(d - delta) < 4 * d_error, "%s: polydispersity %.6f, asked %g (standard error %.2g)", name, d, delta,
          d_error);
    /* a normal cut at +/- t has the deviation c(t) of the uncut one: the gaussian's underlying deviation is
     * delta * mean / c(t), the lognormal's that of ln d over c(t) */
    double c = sqrt(1 - 2 * truncate * exp(-0.5 * truncate * truncate) / sqrt(2 * M_PI) / erf(truncate / sqrt(2.0)));
    double lo = INFINITY, hi = 0, logs = 0, log_squares = 0;
    for (int32_t i = 0; i < DRAWN; i++) {
        lo = fmin(lo, 2 * radii[i]), hi = fmax(hi, 2 * radii[i]);
        logs += log(2 * radii[i]) / DRAWN, log_squares += pow(log(2 * radii[i]), 2) / DRAWN;
    }
    if (kind == RC_SIZE_KIND_UNIFORM)
        CHECK(lo >= mean * (1 - sqrt(3.0) * delta) && hi <= mean * (1 + sqrt(3.0) * delta), "%s: %g to %g", name, lo,
              hi);
    else if (kind == RC_SIZE_KIND_GAUSSIAN)
        CHECK(fmax(hi - mean, mean - lo) <= truncate * delta * mean / c * (1 + 1e-12), "%s: %g to %g", name, lo, hi);
    else /* the sample's deviation of ln d has a standard error of about 1 % */
        CHECK(log(hi / lo) <= 2 * truncate * sqrt(log_squares - logs * logs) / c * 1.04, "%s: %g to %g", name, lo, hi);
    CHECK(rc_size_distribution_sample(&sizes, DRAWN, 42, again) == RC_STATUS_OK &&
              memcmp(radii, again, sizeof radii) == 0,
          "%s: same seed, same bits", name);
    rc_size_distribution_sample(&sizes, DRAWN, 43, again);
    CHECK(memcmp(radii, again, sizeof radii) != 0, "%s: another seed, other radii", name);
}

static void test_refusals(void)
{
    double radii[4];
    const struct {
        rc_size_distribution sizes;
        const char *named;
    } bad[] = {
        {{RC_SIZE_KIND_UNIFORM, 1, -0.1, 3}, "polydispersity: -0.1"},
        {{RC_SIZE_KIND_LOGNORMAL, 1, 1.5, 3}, "polydispersity: 1.5"},
        {{RC_SIZE_KIND_UNIFORM, 1, 0.6, 3}, "1/sqrt(3)"},
        {{RC_SIZE_KIND_GAUSSIAN, 1, 0.34, 3}, "reaches diameter 0"},
        {{RC_SIZE_KIND_GAUSSIAN, 1, 0.1, 0.1}, "truncate: 0.1"},
        {{RC_SIZE_KIND_LOGNORMAL, -1, 0.1, 3}, "mean: -1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(rc_size_distribution_sample(&bad[i].sizes, 4, 1, radii) == RC_STATUS_INVALID_ARGUMENT &&
                  strstr(rc_error_get(), bad[i].named) != NULL,
              "case %zu: %s", i, rc_error_get());
    rc_size_kind kind;
    CHECK(rc_size_kind_parse("weibull", &kind) == RC_STATUS_INVALID_ARGUMENT, "an unknown kind");
    CHECK(rc_size_kind_parse("lognormal", &kind) == RC_STATUS_OK && kind == RC_SIZE_KIND_LOGNORMAL, "lognormal");
    /* polydispersity 0: every diameter the mean */
    rc_size_distribution one = {RC_SIZE_KIND_GAUSSIAN, 1.25, 0, 3};
    CHECK(rc_size_distribution_sample(&one, 4, 1, radii) == RC_STATUS_OK && radii[0] == 0.625 && radii[3] == 0.625,
          "monodisperse: %g", radii[0]);
}

int main(void)
{
    test_mixture();
    test_distribution(RC_SIZE_KIND_UNIFORM, 1, 0.1, 0);
    test_distribution(RC_SIZE_KIND_LOGNORMAL, 1, 0.1, 3);
    test_distribution(RC_SIZE_KIND_LOGNORMAL, 2, 0.3, 2);
    test_distribution(RC_SIZE_KIND_GAUSSIAN, 1, 0.15, 3);
    test_distribution(RC_SIZE_KIND_GAUSSIAN, 1, 0.3, 1);
    test_refusals();
    return check_finish();
}
