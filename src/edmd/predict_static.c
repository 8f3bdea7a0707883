/* SPDX-License-Identifier: MIT */
/* Event prediction against a sleeping (static) sphere under gravity, the one case where the relative motion is not
 * free flight: f(t) = |r + v t + a t^2 / 2|^2 - sigma^2 is a quartic. The stable rule of Bannerman et al. 2014
 * (section 4) still defines the event: the first t >= 0 with f(t) <= 0 and f decreasing. The quartic is cut into
 * pieces where it is monotone (the roots of f'' bound the pieces of f', whose roots bound the pieces of f), and the
 * first decreasing piece that reaches f <= 0 holds the event, found by bisection. A normal speed at the rounding
 * level of the speed counts as none. A pair too far apart to meet within the horizon is told at once. */
#include <math.h>

#include "edmd/predict.h"

typedef struct quartic {
    double c[5]; /* f(t) = c[4] t^4 + c[3] t^3 + c[2] t^2 + c[1] t + c[0] */
} quartic;

static double value(const quartic *q, double t)
{
    return (((q->c[4] * t + q->c[3]) * t + q->c[2]) * t + q->c[1]) * t + q->c[0];
}

static double slope(const quartic *q, double t)
{
    return ((4 * q->c[4] * t + 3 * q->c[3]) * t + 2 * q->c[2]) * t + q->c[1];
}

/* A root of g in [lo, hi] where g(lo) and g(hi) differ in sign, by bisection; returns the end on g(hi)'s side. */
static double bisect(const quartic *q, double (*g)(const quartic *, double), double lo, double hi)
{
    bool rising = g(q, hi) > 0;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (!(mid > lo && mid < hi)) break;
        if ((g(q, mid) > 0) == rising) hi = mid;
        else lo = mid;
    }
    return hi;
}

/* Sorted points of (0, horizon) where g changes sign, given the breakpoints between which g is monotone. */
static int sign_changes(const quartic *q, double (*g)(const quartic *, double), const double *cuts, int cut_count,
                        double *out)
{
    int count = 0;
    for (int i = 0; i + 1 < cut_count; i++) {
        double a = g(q, cuts[i]), b = g(q, cuts[i + 1]);
        if ((a > 0) != (b > 0)) out[count++] = bisect(q, g, cuts[i], cuts[i + 1]);
    }
    return count;
}

double rc_static_pair_time(const double r[3], const double v[3], const double acc[3], double sigma, double horizon)
{
    double rr = 0, rv = 0, vv = 0, ra = 0, va = 0, aa = 0;
    for (int k = 0; k < 3; k++) {
        rr += r[k] * r[k], rv += r[k] * v[k], vv += v[k] * v[k];
        ra += r[k] * acc[k], va += v[k] * acc[k], aa += acc[k] * acc[k];
    }
    /* a normal speed at the rounding level of the speed is none: the accelerations decide alone (a particle wedged
     * between sleepers never rattles on rounding) */
    if (rv * rv < 1e-24 * rr * vv) rv = 0;
    if (!(horizon > 0)) return INFINITY;
    if (!isfinite(horizon)) horizon = 1e300;
    /* farther apart than the motion can carry them within the horizon, |r(t)| >= |r| - |v| t - |a| t^2 / 2, with a
     * margin far above rounding: no event (most sleepers a mover in a bed sees, at no more than three roots) */
    double reach = (sqrt(vv) + 0.5 * sqrt(aa) * horizon) * horizon;
    if (sqrt(rr) - sigma > reach * (1 + 1e-6) + 1e-12 * sigma) return INFINITY;
    quartic q = {{rr - sigma * sigma, 2 * rv, vv + ra, va, 0.25 * aa}};
    /* pieces of f'' = 12 c4 t^2 + 6 c3 t + 2 c2 (a quadratic): its roots inside (0, horizon) */
    double cuts[8], a2 = 12 * q.c[4], b2 = 6 * q.c[3], c2 = 2 * q.c[2];
    int n = 0;
    cuts[n++] = 0;
    double d = b2 * b2 - 4 * a2 * c2;
    if (a2 > 0 && d > 0) {
        double s = sqrt(d), r1 = b2 > 0 ? (-b2 - s) / (2 * a2) : (2 * c2) / (-b2 + s);
        double r2 = b2 > 0 ? (2 * c2) / (-b2 - s) : (-b2 + s) / (2 * a2);
        if (r1 > r2) {
            double t = r1;
            r1 = r2;
            r2 = t;
        }
        if (r1 > 0 && r1 < horizon) cuts[n++] = r1;
        if (r2 > 0 && r2 < horizon && r2 > cuts[n - 1]) cuts[n++] = r2;
    } else if (a2 == 0 && b2 != 0 && -c2 / b2 > 0 && -c2 / b2 < horizon) {
        cuts[n++] = -c2 / b2;
    }
    cuts[n++] = horizon;
    /* the critical points of f split [0, horizon] into pieces where f is monotone */
    double pieces[8];
    int m = 0;
    pieces[m++] = 0;
    m += sign_changes(&q, slope, cuts, n, pieces + m);
    pieces[m++] = horizon;
    for (int i = 0; i + 1 < m; i++) {
        double lo = pieces[i], hi = pieces[i + 1], f_lo = value(&q, lo), f_hi = value(&q, hi);
        bool falling = f_hi < f_lo || (f_hi == f_lo && slope(&q, 0.5 * (lo + hi)) < 0);
        if (!falling) continue;
        if (f_lo <= 0) return lo;
        if (f_hi <= 0) return bisect(&q, value, lo, hi);
    }
    return INFINITY;
}
