/* SPDX-License-Identifier: MIT */
/* The pure event-detection rules of the event-driven engine on adversarial cases: rc_edmd_predict_pair and
 * rc_edmd_predict_plane under the stable rule (Bannerman et al. 2014, section 4.1 condition (10), Algorithms 1 and 2;
 * docs/design.md, "Overlap function and the stable rule") against the naive textbook rule, and the rule names.
 *
 * Oracles:
 * - The definition of the stable rule: collide at the smallest t >= 0 with f(t) <= 0 and f'(t) < 0, where f is the
 *   overlap function (pairs: f = |r + v t|^2 - sigma^2; plates: f = c + b t + a t^2 / 2). So an overlapped
 *   approaching pair collides now (exactly 0), an overlapped receding pair never (INFINITY), a grazing pair whose f
 *   only touches zero with f' = 0 never, and under gravity (a < 0) there is always an event, never a fall-through.
 * - Analytic roots: head-on pairs (t = gap / speed), a ball dropped from rest (t = sqrt(2 h / g)), the peak of a
 *   flight (t = -b / a), the plate without gravity (t = -c / b).
 * - Accuracy: for the same double coefficients (b, c, |v|^2), the root recomputed in long double; the stable form
 *   c / (-b + sqrt(D)) keeps every digit (relative error of a few ulps) where the textbook (-b - sqrt(D)) / |v|^2
 *   cancels catastrophically when |v|^2 c << b^2. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"

static const rc_event_detection STABLE = RC_EVENT_DETECTION_STABLE, NAIVE = RC_EVENT_DETECTION_NAIVE;

/* A small deterministic generator (splitmix64) for the sweeps. */
static uint64_t mix_state = 0x9e3779b97f4a7c15u;
static double uniform(void)
{
    uint64_t z = (mix_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1p-53;
}
static double log_uniform(double lo_exp, double hi_exp) { return pow(10.0, lo_exp + (hi_exp - lo_exp) * uniform()); }

/* The same coefficients rc_edmd_predict_pair computes (same expressions, no contraction: -ffp-contract=off). */
static void pair_coefficients(const double r[3], const double v[3], double sigma, double *b, double *c, double *vv)
{
    *b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    *c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
    *vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
}

/* ---- Pairs a rounding error from contact ---- */

/* Head-on pairs at |r| = sigma + k ulps, approaching at unit speed along several directions: when the computed c is
 * negative (numerically overlapped) the stable time is exactly 0 and the naive one negative; when c >= 0 the stable
 * time is >= 0 and tiny (a few ulps of sigma over the speed). */
static void test_pair_near_contact(void)
{
    const double sigmas[] = {1.0, 0.1, 3.0, 1e-3, 1e3};
    const double directions[][3] = {{1, 0, 0}, {0, 1, 0}, {0.6, 0.8, 0}, {1, 1, 1}, {-0.3, 0.5, 0.7}};
    int negative_naive = 0, overlapped = 0;
    for (size_t s = 0; s < sizeof sigmas / sizeof *sigmas; s++)
        for (size_t d = 0; d < sizeof directions / sizeof *directions; d++)
            for (int k = -8; k <= 8; k++) {
                double sigma = sigmas[s], distance = sigma;
                for (int step = 0; step < (k < 0 ? -k : k); step++)
                    distance = nextafter(distance, k < 0 ? 0.0 : INFINITY);
                const double *u = directions[d];
                double norm = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), r[3], v[3];
                for (int a = 0; a < 3; a++) r[a] = distance * u[a] / norm, v[a] = -u[a] / norm;
                double b, c, vv;
                pair_coefficients(r, v, sigma, &b, &c, &vv);
                double stable = rc_edmd_predict_pair(STABLE, r, v, sigma),
                       naive = rc_edmd_predict_pair(NAIVE, r, v, sigma);
                CHECK(stable >= 0 && stable <= 64 * DBL_EPSILON * sigma,
                      "sigma %g, dir %zu, %+d ulps: stable time %.17g (c = %g)", sigma, d, k, stable, c);
                if (c < 0) {
                    overlapped++;
                    CHECK(stable == 0 && !signbit(stable), "sigma %g, dir %zu, %+d ulps, c = %g: stable %.17g", sigma,
                          d, k, c, stable);
                    negative_naive += naive < 0;
                }
                CHECK(fabs(naive) <= 64 * DBL_EPSILON * sigma, "sigma %g, dir %zu, %+d ulps: naive %.17g", sigma, d, k,
                      naive);
            }
    /* The textbook root goes negative for numerically overlapped pairs: the rewind the stable rule prevents. */
    CHECK(overlapped > 0 && negative_naive > 0, "%d numerically overlapped cases, %d negative naive times", overlapped,
          negative_naive);
    fprintf(stderr, "near contact: %d of the pairs numerically overlapped, the naive time negative in %d\n", overlapped,
            negative_naive);
}

/* ---- Overlapped pairs ---- */

static void test_pair_overlapped(void)
{
    /* Approaching: stable exactly 0, naive negative (here exactly (0.9 - 1) / 1: b = -0.9, c = -0.19, D = 1). */
    double r[3] = {0.9, 0, 0}, v[3] = {-1, 0, 0};
    double stable = rc_edmd_predict_pair(STABLE, r, v, 1.0), naive = rc_edmd_predict_pair(NAIVE, r, v, 1.0);
    CHECK(stable == 0, "overlapped approaching: stable %.17g", stable);
    CHECK(naive < 0 && fabs(naive + 0.1) < 1e-15, "overlapped approaching: naive %.17g (expected -0.1)", naive);
    /* Deep overlap, oblique approach. */
    double r2[3] = {0.1, 0.2, -0.05}, v2[3] = {-0.3, -1, 0.4};
    CHECK(rc_edmd_predict_pair(STABLE, r2, v2, 1.0) == 0, "deep overlap: %.17g",
          rc_edmd_predict_pair(STABLE, r2, v2, 1.0));
    CHECK(rc_edmd_predict_pair(NAIVE, r2, v2, 1.0) < 0, "deep overlap naive: %.17g",
          rc_edmd_predict_pair(NAIVE, r2, v2, 1.0));
    /* Receding: no event (f' > 0: the overlap heals by itself). */
    double v3[3] = {1, 0, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r, v3, 1.0) == INFINITY, "overlapped receding: %.17g",
          rc_edmd_predict_pair(STABLE, r, v3, 1.0));
    /* Sliding sideways while overlapped: b = 0 exactly, f' = 0, not < 0: no event. */
    double v4[3] = {0, 1, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r, v4, 1.0) == INFINITY, "overlapped, b = 0: %.17g",
          rc_edmd_predict_pair(STABLE, r, v4, 1.0));
    /* Exactly touching (c = 0): approaching collides now, receding never. */
    double r5[3] = {0, 0, 2}, v5[3] = {0, 0, -3}, v6[3] = {0, 0, 3};
    CHECK(rc_edmd_predict_pair(STABLE, r5, v5, 2.0) == 0, "touching approaching: %.17g",
          rc_edmd_predict_pair(STABLE, r5, v5, 2.0));
    CHECK(rc_edmd_predict_pair(STABLE, r5, v6, 2.0) == INFINITY, "touching receding: %.17g",
          rc_edmd_predict_pair(STABLE, r5, v6, 2.0));
    /* At rest relative to each other, overlapped: nothing ever happens. */
    double v0[3] = {0, 0, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r, v0, 1.0) == INFINITY, "overlapped at rest: %.17g",
          rc_edmd_predict_pair(STABLE, r, v0, 1.0));

    /* A random sweep of overlapped pairs: approaching -> exactly 0, receding -> INFINITY, never negative. */
    int bad = 0;
    for (int n = 0; n < 100000; n++) {
        double sigma = log_uniform(-3, 3), rr[3], vv[3];
        double depth = uniform();
        for (int a = 0; a < 3; a++) rr[a] = (2 * uniform() - 1), vv[a] = (2 * uniform() - 1) * log_uniform(-6, 3);
        double norm = sqrt(rr[0] * rr[0] + rr[1] * rr[1] + rr[2] * rr[2]);
        for (int a = 0; a < 3; a++) rr[a] *= depth * sigma / norm;
        double b, c, q;
        pair_coefficients(rr, vv, sigma, &b, &c, &q);
        double t = rc_edmd_predict_pair(STABLE, rr, vv, sigma);
        bool ok = c < 0 ? (b < 0 ? t == 0 : t == INFINITY) : t >= 0;
        if (!ok && bad++ < 5) CHECK(ok, "overlapped sweep %d: b = %g, c = %g, t = %.17g", n, b, c, t);
    }
    CHECK(bad == 0, "%d overlapped pairs broke the stable rule", bad);
}

/* ---- Grazing and missing pairs ---- */

static void test_pair_grazing(void)
{
    /* Exactly tangent: r = (-10, 1, 0), v = (1, 0, 0), sigma = 1: b = -10, c = 100, |v|^2 = 1, D = 100 - 100 = 0
     * exactly. The path touches the contact sphere at t = 10 with f = 0 and f' = 0: no t has f' < 0, so by the
     * paper's condition (10) and section 4.1 ("no event will be scheduled and no impulse will be applied") the
     * stable rule must return INFINITY. */
    double r[3] = {-10, 1, 0}, v[3] = {1, 0, 0};
    double b, c, vv;
    pair_coefficients(r, v, 1.0, &b, &c, &vv);
    CHECK(b * b - vv * c == 0, "the tangent case has D = %g", b * b - vv * c);
    double tangent = rc_edmd_predict_pair(STABLE, r, v, 1.0);
    CHECK(tangent == INFINITY,
          "grazing pair with D = 0 exactly: stable rule schedules an event at t = %.17g "
          "(f = 0 and f' = 0 there; condition (10) needs f' < 0)",
          tangent);
    /* The same tangent geometry scaled and turned, still with D = 0 exactly in floating point. */
    double r2[3] = {0, -0.5, -4}, v2[3] = {0, 0, 0.25};
    pair_coefficients(r2, v2, 0.5, &b, &c, &vv);
    CHECK(b * b - vv * c == 0, "second tangent case has D = %g", b * b - vv * c);
    double tangent2 = rc_edmd_predict_pair(STABLE, r2, v2, 0.5);
    CHECK(tangent2 == INFINITY, "grazing pair (sigma 0.5) with D = 0: stable time %.17g", tangent2);

    /* Slightly outside the tangent (D < 0): no event under either rule. */
    double r3[3] = {-10, 1 + 1e-12, 0};
    pair_coefficients(r3, v, 1.0, &b, &c, &vv);
    CHECK(b * b - vv * c < 0, "near-tangent D = %g", b * b - vv * c);
    CHECK(rc_edmd_predict_pair(STABLE, r3, v, 1.0) == INFINITY, "near-tangent stable %.17g",
          rc_edmd_predict_pair(STABLE, r3, v, 1.0));
    CHECK(rc_edmd_predict_pair(NAIVE, r3, v, 1.0) == INFINITY, "near-tangent naive %.17g",
          rc_edmd_predict_pair(NAIVE, r3, v, 1.0));
    /* Slightly inside the tangent: a real (glancing) collision, just before t = 10. */
    double r4[3] = {-10, 1 - 1e-6, 0};
    double glancing = rc_edmd_predict_pair(STABLE, r4, v, 1.0);
    double expected = 10 - sqrt(1 - (1 - 1e-6) * (1 - 1e-6));
    CHECK(fabs(glancing - expected) <= 1e-12, "glancing pair: %.17g, expected %.17g", glancing, expected);

    /* A clear miss and a receding pair far apart. */
    double r5[3] = {-10, 2, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r5, v, 1.0) == INFINITY, "miss: %.17g",
          rc_edmd_predict_pair(STABLE, r5, v, 1.0));
    CHECK(rc_edmd_predict_pair(NAIVE, r5, v, 1.0) == INFINITY, "miss (naive): %.17g",
          rc_edmd_predict_pair(NAIVE, r5, v, 1.0));
    double v6[3] = {-1, 0, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r5, v6, 1.0) == INFINITY, "receding: %.17g",
          rc_edmd_predict_pair(STABLE, r5, v6, 1.0));

    /* A head-on hit: t = (distance - sigma) / speed. */
    double r7[3] = {3, 0, 0}, v7[3] = {-2, 0, 0};
    CHECK(rc_edmd_predict_pair(STABLE, r7, v7, 1.0) == 1.0, "head-on: %.17g",
          rc_edmd_predict_pair(STABLE, r7, v7, 1.0));
    CHECK(rc_edmd_predict_pair(NAIVE, r7, v7, 1.0) == 1.0, "head-on naive: %.17g",
          rc_edmd_predict_pair(NAIVE, r7, v7, 1.0));
}

/* ---- Cancellation ---- */

/* Pairs a hair from contact (c ~ 1e-10 sigma^2) approaching fast (|b| ~ sigma |v|): the root is c / (2|b|) to
 * first order. Against the long-double root of the same double coefficients, the stable form stays within a few
 * ulps; the textbook form loses about log10(b^2 / (|v|^2 c)) digits. */
static void test_pair_cancellation(void)
{
    double worst_stable = 0, worst_naive = 0;
    for (int n = 0; n < 10000; n++) {
        double sigma = log_uniform(-2, 2), gap = log_uniform(-12, -8) * sigma, r[3], v[3];
        for (int a = 0; a < 3; a++) r[a] = 2 * uniform() - 1;
        double norm = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
        for (int a = 0; a < 3; a++) r[a] *= (sigma + gap) / norm;
        /* mostly head-on, a little oblique */
        double speed = log_uniform(-2, 2);
        for (int a = 0; a < 3; a++) v[a] = -speed * (r[a] / (sigma + gap) + 0.1 * (2 * uniform() - 1));
        double b, c, vv;
        pair_coefficients(r, v, sigma, &b, &c, &vv);
        if (!(b < 0) || !(c > 0)) continue;
        long double lb = b, lc = c, lv = vv;
        long double reference = lc / (-lb + sqrtl(lb * lb - lv * lc));
        double stable = rc_edmd_predict_pair(STABLE, r, v, sigma), naive = rc_edmd_predict_pair(NAIVE, r, v, sigma);
        double es = (double)fabsl((stable - reference) / reference);
        double en = (double)fabsl((naive - reference) / reference);
        if (es > worst_stable) worst_stable = es;
        if (en > worst_naive) worst_naive = en;
    }
    CHECK(worst_stable <= 2e-15, "stable root: worst relative error %.3g against long double", worst_stable);
    CHECK(worst_naive >= 1e-8, "textbook root: worst relative error only %.3g (expected cancellation)", worst_naive);
    fprintf(stderr, "cancellation: worst relative error stable %.3g, textbook %.3g\n", worst_stable, worst_naive);
}

/* ---- A sphere and a plane ---- */

static void test_plane(void)
{
    /* At rest on the plate under gravity: event now, never INFINITY. */
    CHECK(rc_edmd_predict_plane(STABLE, 0, 0, -9.81) == 0, "resting ball: %.17g",
          rc_edmd_predict_plane(STABLE, 0, 0, -9.81));
    CHECK(rc_edmd_predict_plane(STABLE, -0.0, -0.0, -1) == 0, "resting ball, negative zeros: %.17g",
          rc_edmd_predict_plane(STABLE, -0.0, -0.0, -1));
    /* Resting a hair below or above contact. */
    CHECK(rc_edmd_predict_plane(STABLE, -1e-17, 0, -9.81) == 0, "resting, overlapped: %.17g",
          rc_edmd_predict_plane(STABLE, -1e-17, 0, -9.81));
    double hair = rc_edmd_predict_plane(STABLE, 1e-17, 0, -9.81);
    CHECK(hair >= 0 && fabs(hair - sqrt(2e-17 / 9.81)) <= 1e-15 * sqrt(2e-17 / 9.81), "resting, 1e-17 above: %.17g",
          hair);

    /* Slightly overlapped, moving up, the peak below contact (the paper's section 5): b^2 - 2ac < 0. The stable
     * rule collides at the peak, t = -b / a; the naive rule finds no root: the ball falls through the plate. */
    double c = -1e-16, b = 1e-9, a = -1;
    CHECK(b * b - 2 * a * c < 0, "peak case discriminant %g", b * b - 2 * a * c);
    double peak = rc_edmd_predict_plane(STABLE, c, b, a);
    CHECK(peak == -b / a, "overlapped, rising, peak below contact: stable %.17g, peak at %.17g", peak, -b / a);
    CHECK(rc_edmd_predict_plane(NAIVE, c, b, a) == INFINITY, "naive falls through: %.17g",
          rc_edmd_predict_plane(NAIVE, c, b, a));
    /* The same with a real-world gravity and a slower rise. */
    double peak2 = rc_edmd_predict_plane(STABLE, -3e-15, 2e-8, -9.81);
    CHECK(peak2 == 2e-8 / 9.81, "peak 2: %.17g vs %.17g", peak2, 2e-8 / 9.81);
    CHECK(rc_edmd_predict_plane(NAIVE, -3e-15, 2e-8, -9.81) == INFINITY, "naive peak 2: %.17g",
          rc_edmd_predict_plane(NAIVE, -3e-15, 2e-8, -9.81));
    /* Overlapped and sinking: collide now (stable), a negative time (naive). */
    CHECK(rc_edmd_predict_plane(STABLE, -1e-3, -1, -9.81) == 0, "overlapped sinking: %.17g",
          rc_edmd_predict_plane(STABLE, -1e-3, -1, -9.81));
    CHECK(rc_edmd_predict_plane(NAIVE, -1e-3, -1, -9.81) < 0, "overlapped sinking naive: %.17g",
          rc_edmd_predict_plane(NAIVE, -1e-3, -1, -9.81));

    /* Dropped from rest at height h: t = sqrt(2 h / g). */
    const double heights[] = {1e-12, 1e-6, 0.5, 1, 7.25, 1e4};
    for (size_t k = 0; k < sizeof heights / sizeof *heights; k++) {
        double h = heights[k], g = 9.81, t = rc_edmd_predict_plane(STABLE, h, 0, -g), exact = sqrt(2 * h / g);
        CHECK(fabs(t - exact) <= 4 * DBL_EPSILON * exact, "drop from %g: %.17g vs %.17g", h, t, exact);
        CHECK(fabs(rc_edmd_predict_plane(NAIVE, h, 0, -g) - exact) <= 4 * DBL_EPSILON * exact, "naive drop from %g", h);
    }
    /* Thrown up from height h with speed u: the larger root of h + u t - g t^2 / 2 = 0. */
    double h = 2, u = 3, g = 10, t = rc_edmd_predict_plane(STABLE, h, u, -g), exact = (u + sqrt(u * u + 2 * g * h)) / g;
    CHECK(fabs(t - exact) <= 4 * DBL_EPSILON * exact, "thrown up: %.17g vs %.17g", t, exact);
    /* Thrown down. */
    t = rc_edmd_predict_plane(STABLE, h, -u, -g), exact = 2 * h / (u + sqrt(u * u + 2 * g * h));
    CHECK(fabs(t - exact) <= 4 * DBL_EPSILON * exact, "thrown down: %.17g vs %.17g", t, exact);

    /* No gravity (a = 0): -c / b when approaching, never when receding or at rest. */
    CHECK(rc_edmd_predict_plane(STABLE, 1, -2, 0) == 0.5, "a = 0: %.17g", rc_edmd_predict_plane(STABLE, 1, -2, 0));
    CHECK(rc_edmd_predict_plane(NAIVE, 1, -2, 0) == 0.5, "a = 0 naive: %.17g", rc_edmd_predict_plane(NAIVE, 1, -2, 0));
    CHECK(rc_edmd_predict_plane(STABLE, 1, 2, 0) == INFINITY, "a = 0 receding: %.17g",
          rc_edmd_predict_plane(STABLE, 1, 2, 0));
    CHECK(rc_edmd_predict_plane(STABLE, 1, 0, 0) == INFINITY, "a = 0 at rest: %.17g",
          rc_edmd_predict_plane(STABLE, 1, 0, 0));
    CHECK(rc_edmd_predict_plane(STABLE, -1e-16, -1, 0) == 0, "a = 0 overlapped approaching: %.17g",
          rc_edmd_predict_plane(STABLE, -1e-16, -1, 0));
    CHECK(rc_edmd_predict_plane(NAIVE, -1e-16, -1, 0) < 0, "a = 0 overlapped approaching naive: %.17g",
          rc_edmd_predict_plane(NAIVE, -1e-16, -1, 0));
    CHECK(rc_edmd_predict_plane(STABLE, -1e-16, 1, 0) == INFINITY, "a = 0 overlapped receding: %.17g",
          rc_edmd_predict_plane(STABLE, -1e-16, 1, 0));
    /* Pushed away (a > 0): reached when fast enough (t = 2 - sqrt 2 for c = 1, b = -2, a = 1), else never. */
    t = rc_edmd_predict_plane(STABLE, 1, -2, 1);
    CHECK(fabs(t - (2 - sqrt(2.0))) <= 4 * DBL_EPSILON, "a > 0 reached: %.17g", t);
    CHECK(rc_edmd_predict_plane(STABLE, 1, -1, 2) == INFINITY, "a > 0 turned back: %.17g",
          rc_edmd_predict_plane(STABLE, 1, -1, 2));
    CHECK(rc_edmd_predict_plane(STABLE, 1, 1, 2) == INFINITY, "a > 0 receding: %.17g",
          rc_edmd_predict_plane(STABLE, 1, 1, 2));
}

/* A value for the sweep: zero, signed zeros, subnormals, or a signed magnitude spread over many decades. */
static double sweep_value(double lo_exp, double hi_exp, bool sign)
{
    double pick = uniform();
    if (pick < 0.05) return 0.0;
    if (pick < 0.07) return -0.0;
    if (pick < 0.09) return (sign && uniform() < 0.5 ? -1 : 1) * 4.9e-324 * (1 + floor(1000 * uniform()));
    return (sign && uniform() < 0.5 ? -1 : 1) * log_uniform(lo_exp, hi_exp);
}

/* 10^5 random plates under gravity: the stable rule always returns a finite time >= 0; when the ball starts clear
 * of the plate the event is at a root (f(t) = 0 to rounding) or, when it starts overlapped, where f' <= 0. */
static void test_plane_sweep(void)
{
    int failures = 0, naive_lost = 0, naive_negative = 0;
    double worst_root = 0;
    for (int n = 0; n < 100000; n++) {
        double c = sweep_value(-17, 2, true), b = sweep_value(-17, 2, true), a = -log_uniform(-3, 2);
        double t = rc_edmd_predict_plane(STABLE, c, b, a), naive = rc_edmd_predict_plane(NAIVE, c, b, a);
        naive_lost += naive == INFINITY;
        naive_negative += naive < 0;
        bool ok = isfinite(t) && t >= 0 && !signbit(t);
        if (ok && c > 1e-290) { /* (subnormal gaps give subnormal times with no digits left to check) */
            /* f(t) = 0: compare to the size of the terms that cancel */
            double f = c + b * t + 0.5 * a * t * t;
            double scale = fabs(c) + fabs(b * t) + fabs(0.5 * a * t * t);
            double rel = fabs(f) / scale;
            if (rel > worst_root) worst_root = rel;
            ok = rel <= 1e-14;
        }
        if (ok && c <= 0) /* at or after the peak, or sinking: f' <= 0 (slack for subnormal b) */
            ok = b + a * t <= fabs(b) * 1e-15 + 1e-300;
        if (!ok && failures++ < 5)
            CHECK(ok, "plane sweep %d: c = %.17g, b = %.17g, a = %.17g: t = %.17g", n, c, b, a, t);
    }
    CHECK(failures == 0, "%d of 100000 plates broke the stable rule (worst root residual %.3g)", failures, worst_root);
    fprintf(stderr,
            "plane sweep: stable always finite and >= 0 (worst root residual %.3g); naive: %d without an event, %d "
            "negative\n",
            worst_root, naive_lost, naive_negative);
}

static void test_names(void)
{
    rc_event_detection rule = RC_EVENT_DETECTION_NAIVE;
    CHECK(rc_event_detection_parse("stable", &rule) == RC_STATUS_OK && rule == RC_EVENT_DETECTION_STABLE,
          "parse stable");
    CHECK(rc_event_detection_parse("naive", &rule) == RC_STATUS_OK && rule == RC_EVENT_DETECTION_NAIVE, "parse naive");
    rule = RC_EVENT_DETECTION_STABLE;
    const char *bad[] = {"Stable", "", "stable ", "exact"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        rc_status s = rc_event_detection_parse(bad[k], &rule);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && rule == RC_EVENT_DETECTION_STABLE, "parse \"%s\": %s", bad[k],
              rc_status_name(s));
        CHECK(strstr(rc_error_get(), "event_detection") != NULL, "message for \"%s\": %s", bad[k], rc_error_get());
    }
    CHECK(rc_event_detection_parse(NULL, &rule) == RC_STATUS_INVALID_ARGUMENT, "parse NULL");
    CHECK(strcmp(rc_event_detection_name(RC_EVENT_DETECTION_STABLE), "stable") == 0, "name stable");
    CHECK(strcmp(rc_event_detection_name(RC_EVENT_DETECTION_NAIVE), "naive") == 0, "name naive");
    CHECK(strcmp(rc_event_detection_name((rc_event_detection)7), "?") == 0, "name of an unknown rule: %s",
          rc_event_detection_name((rc_event_detection)7));
    /* names round-trip */
    for (int k = 0; k < 2; k++) {
        CHECK(rc_event_detection_parse(rc_event_detection_name((rc_event_detection)k), &rule) == RC_STATUS_OK &&
                  rule == (rc_event_detection)k,
              "round trip %d", k);
    }
}

int main(void)
{
    test_pair_near_contact();
    test_pair_overlapped();
    test_pair_grazing();
    test_pair_cancellation();
    test_plane();
    test_plane_sweep();
    test_names();
    return check_finish();
}
