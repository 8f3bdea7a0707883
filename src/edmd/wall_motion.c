/* SPDX-License-Identifier: MIT */
/* Oscillating plane walls (docs/edmd.md, "Oscillating walls"): a plate moving along its normal n by
 * s(t) = A sin(omega t + phase). Three jobs:
 *
 * - Prediction. The gap of a free particle, f(t) = c + b t + a t^2 / 2 - (s(t) - s(0)), is transcendental. Its
 *   curvature f'' = a + A omega^2 sin(omega t + theta) changes sign only where the sine equals -a / (A omega^2), at
 *   times known in closed form; between two of them f' is monotone, so it has at most one root, which bisection finds,
 *   and between the roots of f' the gap is monotone. The first monotone piece that falls to f <= 0 holds the event
 *   (the stable rule of Bannerman et al. 2014, extended: the smallest t >= 0 with f <= 0 and f' < 0, never negative).
 *   No root can hide between samples: every piece is monotone. Envelopes of the parabola shifted by the plate's reach
 *   bound the search from below and above.
 * - Collision: the rule in the plate's frame, the plate's work booked (wall_work), and riding.
 * - Riding: a particle left at the plate's normal speed while the plate presses it (f'' < 0) would collide again at
 *   once, forever. It rides instead: its normal motion is the plate's, held in the sliding hold of the wall (sliding
 *   never happens where walls move: moving walls refuse clusters, hence sleeping), until the plate's acceleration
 *   falls to the normal part of gravity, the lift-off, computed in closed form. A rider's event is its lift-off, or a
 *   refresh every sixteenth of a period (its contacts with others are predicted with the plate's acceleration of the
 *   moment), or a conservative bound of its shell exit. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/predict.h"
#include "edmd/rough.h"

#define TWO_PI 6.283185307179586

/* The gap's pieces: f, f' and f'' of rc_edmd_predict_oscillating_plane's problem. sin(theta + w t) - sin(theta) is taken
 * as 2 cos(theta + w t / 2) sin(w t / 2), free of cancellation at small t, so a gap met at contact reads as contact. */
typedef struct curve {
    double c, b, a, amplitude, omega, theta;
} curve;

static double gap(const curve *q, double t)
{
    double moved = 2 * q->amplitude * cos(q->theta + 0.5 * q->omega * t) * sin(0.5 * q->omega * t);
    return q->c + q->b * t + 0.5 * q->a * t * t - moved;
}

static double gap_slope(const curve *q, double t)
{
    return q->b + q->a * t - q->amplitude * q->omega * cos(q->theta + q->omega * t);
}

/* A root of g in [lo, hi] where g(lo) and g(hi) differ in sign, by bisection; returns the end on g(hi)'s side. */
static double bisect(const curve *q, double (*g)(const curve *, double), double lo, double hi)
{
    bool rising = g(q, hi) > 0;
    for (int i = 0; i < 1100; i++) {
        double mid = 0.5 * (lo + hi);
        if (!(mid > lo && mid < hi)) break;
        if ((g(q, mid) > 0) == rising) hi = mid;
        else lo = mid;
    }
    return hi;
}

/* The first zero of f'' after time u (INFINITY when f'' keeps one sign). */
static double next_cut(const curve *q, double u)
{
    double w2 = q->amplitude * q->omega * q->omega, ratio = -q->a / w2;
    if (!(ratio > -1 && ratio < 1)) return INFINITY;
    double psi[2] = {asin(ratio), M_PI - asin(ratio)}, best = INFINITY, p = q->theta + q->omega * u;
    for (int i = 0; i < 2; i++) {
        double d = psi[i] - p;
        d -= TWO_PI * floor(d / TWO_PI);
        if (!(d > 0)) d = TWO_PI;
        double t = u + d / q->omega;
        if (!(t > u)) t = nextafter(u, INFINITY);
        if (t < best) best = t;
    }
    return best;
}

/* The stable rule on a piece [lo, hi] where f is monotone: the event time, or INFINITY. */
static double on_piece(const curve *q, double lo, double hi)
{
    double f_lo = gap(q, lo), f_hi = gap(q, hi);
    bool falling = f_hi < f_lo || (f_hi == f_lo && gap_slope(q, 0.5 * (lo + hi)) < 0);
    if (!falling) return INFINITY;
    if (f_lo <= 0) return lo;
    if (f_hi <= 0) return bisect(q, gap, lo, hi);
    return INFINITY;
}

double rc_edmd_predict_oscillating_plane(double c, double b, double a, double amplitude, double omega, double theta,
                                         double horizon)
{
    if (!(horizon > 0) || !(amplitude > 0) || !(omega > 0)) return INFINITY;
    curve q = {c, b, a, amplitude, omega, theta};
    /* the plate moves from s(0) by between -A (1 + sin theta) and A (1 - sin theta): the gap lies between the parabola
     * c + b t + a t^2 / 2 lowered by the second and raised by the first */
    double st = sin(theta), low = c - amplitude * (1 - st), high = c + amplitude * (1 + st), lo = 0;
    if (low > 0) {
        lo = rc_stable_plane_time(low, b, a);
        if (!(lo < horizon)) return INFINITY;
    }
    double hi = horizon;
    if (a < 0 && high > 0) hi = fmin(hi, (-b - sqrt(b * b - 2 * a * high)) / a); /* f <= 0 by then */
    if (hi == INFINITY) {
        /* pushed off the plate (a >= 0): past the parabola's lowest point f(t + period) > f(t), so one period
         * after it decides (pulled, a < 0, and below the plate's reach: f' < 0 from -b / a on) */
        double bottom = (a != 0 && -b / a > 0) ? -b / a : 0;
        hi = fmax(lo, bottom) + TWO_PI / omega;
        double t = rc_edmd_predict_oscillating_plane(c, b, a, amplitude, omega, theta, hi);
        return t <= hi ? t : INFINITY;
    }
    if (gap(&q, lo) <= 0 && gap_slope(&q, lo) < 0) return lo;
    for (double u = lo; u < hi;) {
        double v = fmin(next_cut(&q, u), hi);
        /* f' is monotone on [u, v]: at most one root, which splits it into two monotone pieces of f */
        double s_u = gap_slope(&q, u), s_v = gap_slope(&q, v), t;
        if ((s_u > 0) != (s_v > 0)) {
            double m = bisect(&q, gap_slope, u, v);
            if ((t = on_piece(&q, u, m)) < INFINITY || (t = on_piece(&q, m, v)) < INFINITY) return t;
        } else if ((t = on_piece(&q, u, v)) < INFINITY) {
            return t;
        }
        u = v;
    }
    return INFINITY;
}

double rc_edmd_wall_phase(const rc_edmd *e, int32_t w, double t)
{
    const rc_plane *p = &e->walls[w];
    return remainder(p->phase + p->omega * e->time_origin, TWO_PI) + p->omega * t;
}

/* Wall w's offset from its rest point along n, velocity and acceleration at clock time t. */
static void plate(const rc_edmd *e, int32_t w, double t, double *offset, double *velocity, double *acceleration)
{
    const rc_plane *p = &e->walls[w];
    double phase = rc_edmd_wall_phase(e, w, t), s = sin(phase);
    *offset = p->amplitude * s;
    *velocity = p->amplitude * p->omega * cos(phase);
    *acceleration = -p->amplitude * p->omega * p->omega * s;
}

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

void rc_edmd_ride_state(const rc_edmd *e, int32_t k, double t, double x[3], double v[3])
{
    const rc_kin *p = &e->kin[k];
    int32_t w = e->hold[k] - RC_SLIDING0;
    const double *n = e->walls[w].normal;
    double dt = t - p->t, gn = dot(e->gravity, n), x0[3], v0[3], offset, velocity, acceleration;
    for (int a = 0; a < 3; a++) x0[a] = p->x[a], v0[a] = p->v[a];
    plate(e, w, t, &offset, &velocity, &acceleration);
    for (int a = 0; a < 3; a++) {
        double g = e->gravity[a] - gn * n[a];
        x[a] = x0[a] + v0[a] * dt + 0.5 * g * dt * dt;
        v[a] = v0[a] + g * dt;
    }
    double height = dot(e->walls[w].point, n) + p->radius + offset - dot(x, n), speed = velocity - dot(v, n);
    for (int a = 0; a < 3; a++) x[a] += height * n[a], v[a] += speed * n[a];
}

void rc_edmd_ride_stream(rc_edmd *e, int32_t k, double t)
{
    rc_kin *p = &e->kin[k];
    rc_edmd_ride_state(e, k, t, p->x, p->v);
    p->t = t;
}

void rc_edmd_ride_acceleration(const rc_edmd *e, int32_t k, double acc[3])
{
    int32_t w = e->hold[k] - RC_SLIDING0;
    const double *n = e->walls[w].normal;
    double gn = dot(e->gravity, n), offset, velocity, acceleration;
    plate(e, w, e->now, &offset, &velocity, &acceleration);
    for (int a = 0; a < 3; a++) acc[a] = e->gravity[a] + (acceleration - gn) * n[a];
}

/* The ride's next event: the lift-off (the plate's acceleration reaches gravity's normal part, falling), the
 * refresh, or a bound of the shell exit with the largest acceleration the ride can have. */
static double ride_time(const rc_edmd *e, int32_t k, int32_t w)
{
    const rc_plane *p = &e->walls[w];
    const rc_kin *q = &e->kin[k];
    double w2 = p->amplitude * p->omega * p->omega, ratio = -dot(e->gravity, p->normal) / w2;
    double lift = INFINITY;
    if (ratio < 1) { /* f'' = g_n + A w^2 sin(phase) turns positive where the sine rises through the ratio */
        double d = asin(fmax(ratio, -1)) - rc_edmd_wall_phase(e, w, e->now);
        d -= TWO_PI * floor(d / TWO_PI);
        lift = d / p->omega;
    }
    double s[3] = {q->x[0] - e->anchor[k].x[0], q->x[1] - e->anchor[k].x[1], q->x[2] - e->anchor[k].x[2]};
    double left = e->shell_exit - sqrt(dot(s, s)), speed = sqrt(dot(q->v, q->v));
    double reach = sqrt(dot(e->gravity, e->gravity)) + w2;
    double shell = left > 0 ? 2 * left / (speed + sqrt(speed * speed + 2 * reach * left)) : 0;
    return fmin(fmin(lift, shell), TWO_PI / p->omega / 16);
}

double rc_edmd_moving_wall_time(const rc_edmd *e, int32_t k, int32_t w, double horizon, bool *touching)
{
    const rc_plane *p = &e->walls[w];
    const rc_kin *q = &e->kin[k];
    if (rc_edmd_is_held(e, k) && e->hold[k] == RC_SLIDING0 + w) {
        *touching = true;
        return ride_time(e, k, w);
    }
    double acc[3], offset, velocity, acceleration;
    rc_edmd_acceleration(e, k, acc);
    plate(e, w, e->now, &offset, &velocity, &acceleration);
    double c = p->normal[0] * (q->x[0] - p->point[0]) + p->normal[1] * (q->x[1] - p->point[1]) +
               p->normal[2] * (q->x[2] - p->point[2]) - q->radius - offset;
    *touching = c < e->contact_tolerance * q->radius;
    return rc_edmd_predict_oscillating_plane(c, dot(p->normal, q->v), dot(p->normal, acc), p->amplitude, p->omega,
                                             rc_edmd_wall_phase(e, w, e->now), horizon);
}

/* The particle's mechanical energy, m v^2 / 2 - m g.x, at its record. */
static double energy(const rc_edmd *e, int32_t k)
{
    const rc_kin *p = &e->kin[k];
    return rc_edmd_mass(e, k) * (0.5 * dot(p->v, p->v) - dot(e->gravity, p->x));
}

/* Sets the kinetic books after k's velocity changed from speed^2 `before`, the change the plate's. */
static void book_kinetic(rc_edmd *e, int32_t k, double before)
{
    double change = 0.5 * rc_edmd_mass(e, k) * (dot(e->kin[k].v, e->kin[k].v) - before);
    rc_edmd_integrate_kinetic(e);
    e->kinetic += change;
}

/* k (at now, at the plate's normal speed) starts riding wall w: put on the plate exactly, its energy then taken off
 * the work book until the ride ends. */
static void ride(rc_edmd *e, int32_t k, int32_t w)
{
    rc_kin *p = &e->kin[k];
    const rc_plane *plane = &e->walls[w];
    double offset, velocity, acceleration, start = energy(e, k), before = dot(p->v, p->v);
    plate(e, w, e->now, &offset, &velocity, &acceleration);
    double height = dot(plane->point, plane->normal) + p->radius + offset - dot(p->x, plane->normal);
    double speed = velocity - dot(p->v, plane->normal);
    for (int a = 0; a < 3; a++) p->x[a] += height * plane->normal[a], p->v[a] += speed * plane->normal[a];
    book_kinetic(e, k, before);
    e->wall_work -= start; /* the nudge onto the plate is the plate's (rounding): start less its energy after it */
    e->hold[k] = (uint8_t)(RC_SLIDING0 + w);
    e->held++;
    e->counter[k]++;
}

void rc_edmd_ride_end(rc_edmd *e, int32_t k)
{
    double before = dot(e->kin[k].v, e->kin[k].v);
    rc_edmd_stream(e, k, e->now);
    book_kinetic(e, k, before);
    e->wall_work += energy(e, k);
    e->hold[k] = RC_FREE;
    e->held--;
    e->counter[k]++;
}

void rc_edmd_collide_moving_wall(rc_edmd *e, int32_t k, int32_t w, double restitution)
{
    rc_kin *p = &e->kin[k];
    const rc_plane *plane = &e->walls[w];
    const double *n = plane->normal;
    double offset, velocity, acceleration;
    plate(e, w, e->now, &offset, &velocity, &acceleration);
    double b = dot(n, p->v) - velocity, before = dot(p->v, p->v);
    if (b < 0) { /* approaching in the plate's frame: the static rule there */
        double f = (1 + restitution) * b, lift[3] = {-velocity * n[0], -velocity * n[1], -velocity * n[2]};
        for (int a = 0; a < 3; a++) p->v[a] -= f * n[a];
        rc_edmd_ensure_receding(p->v, NULL, n, 1, 0, lift, 0);
        double loss = 0.5 * (1 - restitution * restitution) * rc_edmd_mass(e, k) * b * b;
        double gain = 0.5 * rc_edmd_mass(e, k) * (dot(p->v, p->v) - before);
        book_kinetic(e, k, before);
        e->dissipated += loss;
        e->wall_work += gain + loss;
        e->counter[k]++;
        e->wall_collisions++;
        if (e->spin) rc_edmd_rough_moving_wall(e, k, w); /* J_t is normal to the plate's motion: no work */
    }
    /* left at the plate's speed while it presses (the gap's curvature negative beyond rounding): ride it */
    double curvature = dot(e->gravity, n) - acceleration, scale = fabs(dot(e->gravity, n)) + fabs(acceleration);
    double w2 = plane->amplitude * plane->omega * plane->omega;
    double relative = dot(n, p->v) - velocity;
    if (fabs(relative) <= e->ride_speed && curvature < -1e-9 * fmax(scale, w2)) {
        ride(e, k, w);
    } else if (!(b < 0) && relative < 1e-3 * e->ride_speed) {
        /* an event without approach, at the plate's speed: the lift-off instant, where rounding may still read the
         * plate as pressing. The particle leaves at a relative speed far below any other in the run but above the
         * rounding of its velocity, so that the same event cannot recur at once (the plate's work, booked) */
        before = dot(p->v, p->v);
        double push = 1e-3 * e->ride_speed - relative;
        for (int a = 0; a < 3; a++) p->v[a] += push * n[a];
        double gain = 0.5 * rc_edmd_mass(e, k) * (dot(p->v, p->v) - before);
        book_kinetic(e, k, before);
        e->wall_work += gain;
        e->counter[k]++;
    }
}

double rc_edmd_wall_work(const rc_edmd *e)
{
    double work = e->wall_work; /* less the open rides' starting energies: their energies now added */
    for (int32_t k = 0; e->walls_move && k < e->n; k++)
        if (rc_edmd_is_riding(e, k)) {
            double x[3], v[3];
            rc_edmd_state_now(e, k, x, v);
            work += rc_edmd_mass(e, k) * (0.5 * dot(v, v) - dot(e->gravity, x));
        }
    return work;
}

rc_status rc_edmd_wall_motion_create(rc_edmd *e, const rc_edmd_def *d)
{
    double fastest = 0;
    for (int32_t w = 0; w < d->wall_count; w++) {
        const rc_wall_oscillation *o = &d->walls[w].oscillation;
        if (o->amplitude == 0 && o->angular_frequency == 0 && o->phase == 0) continue;
        if (!(o->amplitude > 0) || !isfinite(o->amplitude))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].oscillation.amplitude: %g is not a positive number",
                           (int)w, o->amplitude);
        if (!(o->angular_frequency > 0) || !isfinite(o->angular_frequency))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "walls[%d].oscillation.angular_frequency: %g is not a positive number", (int)w,
                           o->angular_frequency);
        if (!isfinite(o->phase))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].oscillation.phase: %g is not finite", (int)w,
                           o->phase);
        if (w >= RC_MAX_SLIDING_WALLS)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].oscillation: only the first %d walls may move",
                           (int)w, RC_MAX_SLIDING_WALLS);
        rc_plane *p = &e->walls[w];
        p->amplitude = o->amplitude, p->omega = o->angular_frequency, p->phase = o->phase;
        e->walls_move = true;
        fastest = fmax(fastest, o->amplitude * o->angular_frequency);
    }
    if (!e->walls_move) return RC_STATUS_OK;
    /* what is not built with moving walls is refused, naming the combination */
    if (e->clusters_on)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls: moving walls need binary collisions (contact_tolerance 0): "
                                                   "simultaneous contacts with a moving wall are not built");
    if (!e->has_gravity)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls: moving walls need gravity (a grain riding a plate is built "
                                                   "under gravity only)");
    if (e->steps || d->compression.rate != 0 || d->shear.on || d->barostat.pressure != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls: moving walls do not combine with interactions, compression, "
                                                   "shear or a barostat");
    double g = sqrt(dot(e->gravity, e->gravity));
    e->ride_speed = 1e-9 * (fastest + sqrt(g * e->max_diameter));
    if (!e->hold && !(e->hold = calloc(e->n > 0 ? (size_t)e->n : 1, 1)))
        return rc_fail(RC_STATUS_NO_MEMORY, "walls: out of memory");
    return RC_STATUS_OK;
}
