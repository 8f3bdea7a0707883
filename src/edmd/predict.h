/* SPDX-License-Identifier: MIT */
/* Event prediction: the stable rule of Bannerman et al. 2014 (sections 4.1-4.2 and 5, the two algorithm boxes as
 * stated in docs/design.md) and the textbook rule it replaces, as inline pure functions of the current state.
 *
 * Overlap function f(t): positive apart, zero touching, negative overlapped. The stable rule collides at the
 * smallest t >= 0 with f(t) <= 0 and f'(t) < 0, and computes roots only in forms free of cancellation. */
#ifndef RC_EDMD_PREDICT_H
#define RC_EDMD_PREDICT_H

#include <math.h>

#include "ricochet/edmd.h"

/* Two spheres with equal acceleration: b = r.v, c = |r|^2 - sigma^2, vv = |v|^2 (paper Algorithm 1). The positive
 * denominator makes the sign of t that of c, so an overlapped approaching pair collides now and no time is negative. */
static inline double rc_stable_pair_time(double b, double c, double vv)
{
    if (b >= 0) return INFINITY;
    double d = b * b - vv * c;
    if (d <= 0) return INFINITY; /* misses, or grazes: at the double root f = 0 and f' = 0, never f' < 0 */
    double t = c / (-b + sqrt(d));
    return t > 0 ? t : 0;
}

/* Two spheres whose contact distance grows: f(t) = a t^2 + 2 b t + c with a = |v|^2 - sigma_dot^2,
 * b = r.v - sigma sigma_dot, c = |r|^2 - sigma^2 (rc_edmd_predict_growing_pair). The stable rule of the paper extended:
 * the smallest t >= 0 with f <= 0 and f' < 0. Approaching (b < 0): now when overlapped, else the first root
 * c / (-b + sqrt(D)), D = b^2 - a c (no real root or a graze when a >= 0 and D <= 0: never; a < 0 makes D > b^2).
 * Receding (b >= 0): never when a >= 0; when a < 0 the growth wins in the end, at the larger root (b + sqrt(D)) / -a
 * (D > 0 since c > 0: an overlapped pair with b >= 0 has |v| > sigma_dot, so a > 0; should rounding say otherwise,
 * the event is where f' turns negative, b / -a). No root is taken in a form that cancels; no time is negative. */
static inline double rc_growing_pair_time(double a, double b, double c)
{
    if (b < 0) {
        if (c <= 0) return 0;
        double d = b * b - a * c;
        if (d <= 0) return INFINITY;
        return c / (-b + sqrt(d));
    }
    if (a >= 0) return INFINITY;
    double d = b * b - a * c;
    return d <= 0 ? b / -a : (b + sqrt(d)) / -a;
}

/* The textbook root (-b - sqrt(D)) / |v|^2 with no clamp: negative for an overlapped approaching pair. */
static inline double rc_naive_pair_time(double b, double c, double vv)
{
    if (b >= 0) return INFINITY;
    double d = b * b - vv * c;
    if (d < 0) return INFINITY;
    return (-b - sqrt(d)) / vv;
}

/* A sphere and a plane: f(t) = c + b t + a t^2 / 2 (paper section 5, Algorithm 2). With a < 0 (pulled towards the
 * plane) there is always an event, at the larger root, or at the top of the flight when f never reaches zero again;
 * with a >= 0 it is the sphere rule in one dimension. */
static inline double rc_stable_plane_time(double c, double b, double a)
{
    double d = b * b - 2 * a * c;
    double t;
    if (a < 0) {
        if (d <= 0) t = -b / a;
        else if (b > 0) t = (-b - sqrt(d)) / a;
        else t = 2 * c / (-b + sqrt(d));
    } else {
        if (b >= 0 || d < 0) return INFINITY;
        t = 2 * c / (-b + sqrt(d));
    }
    return t > 0 ? t : 0;
}

/* The textbook plane rule (the paper's Eq. 12 under gravity, -c/b without): no event when the discriminant is
 * negative, and negative times when overlapped. */
static inline double rc_naive_plane_time(double c, double b, double a)
{
    if (a == 0) return b < 0 ? -c / b : INFINITY;
    double d = b * b - 2 * a * c;
    if (d < 0) return INFINITY;
    if (a < 0) return -(b + sqrt(d)) / a;
    return b < 0 ? (-b - sqrt(d)) / a : INFINITY;
}

/* A sphere under acceleration acc against a static sphere (a sleeping particle): relative position r, velocity v,
 * contact distance sigma. The first t in [0, horizon] with f(t) <= 0 and f decreasing, or INFINITY
 * (predict_static.c). */
double rc_static_pair_time(const double r[3], const double v[3], const double acc[3], double sigma, double horizon);

#endif
