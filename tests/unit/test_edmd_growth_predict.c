/* SPDX-License-Identifier: MIT */
/* Event detection for growing spheres (compression; docs/edmd.md, "Compression"): rc_edmd_predict_growing_pair, the
 * stable rule of Bannerman et al. 2014 (section 4.1) extended to f(t) = |r + v t|^2 - (sigma + sigma_dot t)^2 =
 * A t^2 + 2 B t + C, on adversarial cases.
 *
 * Oracles:
 * - The definition: the smallest t >= 0 with f(t) <= 0 and f'(t) < 0. So an overlapped pair closing in on the
 *   growth (B < 0) collides now (exactly 0); an overlapped pair parting (B >= 0, which needs |v| > sigma_dot, so
 *   A > 0) never; a pair slower than the growth (A < 0) always meets; no time is negative.
 * - Analytic roots: head-on pairs, t = gap / (u + sigma_dot) approaching at u and t = gap / (sigma_dot - u) receding
 *   at u < sigma_dot.
 * - Without growth (sigma_dot = 0) the rule is the stable rule of the paper: the same bits as rc_edmd_predict_pair.
 * - Around grazing (offsets of the impact parameter by a few ulps, A > 0, A = 0 exactly, A < 0): a finite time is a
 *   root of f recomputed in long double to the rounding of its coefficients, with f' <= 0 there; INFINITY only where
 *   the long-double discriminant says the pair misses or grazes (A >= 0). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "scenes.h"

static scene_rng rng;
static double uniform(void) { return scene_uniform(&rng, 0, 1); }

/* f and f' / 2 in long double for the double inputs. */
static void overlap(const double r[3], const double v[3], double sigma, double rate, long double t, long double *f,
                    long double *slope)
{
    long double x[3], s = (long double)sigma + (long double)rate * t, xv = 0, xx = 0;
    for (int a = 0; a < 3; a++) {
        x[a] = (long double)r[a] + (long double)v[a] * t;
        xx += x[a] * x[a];
        xv += x[a] * (long double)v[a];
    }
    *f = xx - s * s;
    *slope = xv - s * (long double)rate;
}

static void test_head_on(void)
{
    const double gaps[] = {1e-12, 1e-6, 1e-3, 0.1, 2.0}, speeds[] = {0.01, 0.3, 1.0, 7.0};
    const double rates[] = {0, 1e-4, 0.05, 3.0};
    for (size_t g = 0; g < 5; g++)
        for (size_t u = 0; u < 4; u++)
            for (size_t k = 0; k < 4; k++) {
                double sigma = 1.3, r[3] = {sigma + gaps[g], 0, 0}, in[3] = {-speeds[u], 0, 0};
                double out[3] = {speeds[u], 0, 0}, rate = rates[k];
                double t = rc_edmd_predict_growing_pair(r, in, sigma, rate), want = gaps[g] / (speeds[u] + rate);
                CHECK(fabs(t - want) <= 1e-12 * want + 4 * DBL_EPSILON * sigma / (speeds[u] + rate),
                      "approaching gap %g speed %g rate %g: %.17g, want %.17g", gaps[g], speeds[u], rate, t, want);
                t = rc_edmd_predict_growing_pair(r, out, sigma, rate);
                if (speeds[u] >= rate) {
                    CHECK(t == INFINITY, "receding faster (%g) than the growth (%g): %g", speeds[u], rate, t);
                } else {
                    want = gaps[g] / (rate - speeds[u]);
                    CHECK(fabs(t - want) <= 1e-9 * want + 64 * DBL_EPSILON * sigma / (rate - speeds[u]),
                          "receding at %g slower than the growth %g, gap %g: %.17g, want %.17g", speeds[u], rate,
                          gaps[g], t, want);
                }
            }
}

static void test_overlapped(void)
{
    int closing = 0, parting = 0;
    for (int i = 0; i < 20000; i++) {
        double sigma = 0.5 + uniform(), depth = pow(10, -15 + 14 * uniform()) * sigma, r[3], v[3];
        double theta = 2 * M_PI * uniform(), z = 2 * uniform() - 1, s = sqrt(1 - z * z);
        double n[3] = {s * cos(theta), s * sin(theta), z};
        for (int a = 0; a < 3; a++) r[a] = (sigma - depth) * n[a], v[a] = 2 * uniform() - 1;
        double rate = uniform() < 0.2 ? 0 : pow(10, -4 + 5 * uniform());
        double t = rc_edmd_predict_growing_pair(r, v, sigma, rate);
        double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], c = rr - sigma * sigma;
        double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2] - sigma * rate;
        double aa = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - rate * rate;
        CHECK(t >= 0 && !signbit(t), "overlapped start %d: negative or NaN time %g", i, t);
        if (c > 0) continue; /* rounding put it outside: covered by the sweep */
        if (b < 0) {
            closing++;
            CHECK(t == 0, "overlapped and closing in (B = %g): %g, want 0", b, t);
        } else if (aa >= 0) { /* B >= 0 with |r| < sigma needs |v| > sigma_dot: A > 0 */
            parting++;
            CHECK(t == INFINITY, "overlapped, parting for good (A = %g, B = %g): %g", aa, b, t);
        }
    }
    CHECK(closing > 1000 && parting > 1000, "%d closing in, %d parting", closing, parting);
}

/* Pairs passing each other with impact parameter sigma (1 + k ulps-ish offsets), with growth rates around |v|. */
static void test_grazing(void)
{
    int events = 0, misses = 0, zero_a = 0;
    for (int i = 0; i < 40000; i++) {
        double sigma = 0.3 + 2 * uniform(), speed = 0.1 + 3 * uniform();
        double rate = i % 4 == 0   ? speed
                      : i % 4 == 1 ? speed * (1 - 1e-6 * uniform())
                      : i % 4 == 2 ? speed * (1 + 1e-6 * uniform())
                                   : 0.9 * speed * uniform();
        double offset = ldexp(2 * uniform() - 1, -(int)(10 + 40 * uniform()));
        double r[3] = {-(2 + 3 * uniform()) * sigma, sigma, 0}, v[3] = {speed, 0, 0};
        if (i % 4 == 3) { /* the impact parameter of the graze, D = B^2 - A C = 0 */
            double a0 = speed * speed - rate * rate, b0 = r[0] * speed - sigma * rate;
            r[1] = sqrt(b0 * b0 / a0 - r[0] * r[0] + sigma * sigma);
        }
        r[1] *= 1 + offset;
        double t = rc_edmd_predict_growing_pair(r, v, sigma, rate);
        double aa = v[0] * v[0] - rate * rate;
        zero_a += aa == 0;
        CHECK(t >= 0 && !isnan(t), "graze %d: time %g", i, t);
        long double la = (long double)speed * speed - (long double)rate * rate;
        long double lb = (long double)r[0] * speed - (long double)sigma * rate;
        long double lc = (long double)r[0] * r[0] + (long double)r[1] * r[1] - (long double)sigma * sigma;
        if (t == INFINITY) {
            misses++;
            CHECK(la >= 0 && (lb >= 0 || lb * lb - la * lc <= 1e-12L * lb * lb),
                  "graze %d: no event but A = %Lg, B = %Lg, C = %Lg", i, la, lb, lc);
            continue;
        }
        events++;
        long double f, slope, scale = (long double)sigma * sigma + lc;
        overlap(r, v, sigma, rate, t, &f, &slope);
        /* the root of a nearly double root is found to about sqrt(eps) of its place: f is small against its terms */
        CHECK(fabsl(f) <= 1e-9L * scale && slope <= 1e-7L * sqrtl(scale) * (speed + rate),
              "graze %d: f(%.17g) = %Lg, f'/2 = %Lg (A = %Lg)", i, t, f, slope, la);
    }
    CHECK(events > 1000 && misses > 1000 && zero_a > 1000, "%d events, %d misses, %d with A = 0", events, misses,
          zero_a);
}

static void test_without_growth(void)
{
    for (int i = 0; i < 20000; i++) {
        double r[3], v[3], sigma = 0.5 + uniform();
        for (int a = 0; a < 3; a++) r[a] = (4 * uniform() - 2) * sigma, v[a] = 2 * uniform() - 1;
        double a = rc_edmd_predict_growing_pair(r, v, sigma, 0),
               b = rc_edmd_predict_pair(RC_EVENT_DETECTION_STABLE, r, v, sigma);
        CHECK(a == b || (isnan(a) && isnan(b)), "sigma_dot = 0: %.17g, stable rule %.17g", a, b);
    }
}

int main(void)
{
    scene_seed(&rng, 20);
    test_head_on();
    test_overlapped();
    test_grazing();
    test_without_growth();
    return check_finish();
}
