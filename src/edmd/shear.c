/* SPDX-License-Identifier: MIT */
/* Lees-Edwards shear (Lees and Edwards 1972; the sliding-brick images of docs/edmd.md, "Shear"), with the stable
 * event rule of Bannerman et al. 2014 applied to the image's relative motion: the checks of a shear, the minimum
 * image across the sheared boundary, the fold of a particle that crosses it, the anchors' images the neighbour lists
 * use, and the books of the peculiar motion from which the temperature, the pressure and the shear stress
 * (-P_xy = -(sum m c_x c_y + sum r_y dp_x / t) / V, the kinetic and collisional parts) are measured. */
#include <math.h>
#include <stdio.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/shear.h"

rc_status rc_edmd_def_check_shear(const rc_edmd_def *d)
{
    const rc_edmd_shear *s = &d->shear;
    if (!s->on) return RC_STATUS_OK;
    if (!isfinite(s->rate))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shear.rate: %g is not a finite number", s->rate);
    if (s->flow < 0 || s->flow >= d->dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shear.flow: axis %d is not one of the %d axes (0 to %d)", s->flow,
                       d->dimension, d->dimension - 1);
    if (s->gradient < 0 || s->gradient >= d->dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shear.gradient: axis %d is not one of the %d axes (0 to %d)",
                       s->gradient, d->dimension, d->dimension - 1);
    if (s->flow == s->gradient)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "shear.gradient: %d is also the flow axis; the flow and gradient axes must differ", s->flow);
    if (!d->periodic[s->flow])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "shear.flow: axis %d is closed by walls; a sheared axis must be periodic", s->flow);
    if (!d->periodic[s->gradient])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "shear.gradient: axis %d is closed by walls; a sheared axis must be periodic", s->gradient);
    if (!(s->offset >= 0 && s->offset < d->box[s->flow]))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shear.offset: %g is not in [0, %g), the flow edge", s->offset,
                       d->box[s->flow]);
    if (d->gravity[0] != 0 || d->gravity[1] != 0 || d->gravity[2] != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "shear: gravity is not supported under shear (the sheared images would "
                       "fall with it); set gravity to zero");
    if (d->wall_count > 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "shear: walls are not supported under shear (only the box's own walls "
                       "on the axis that is neither flow nor gradient)");
    return RC_STATUS_OK;
}

void rc_edmd_def_add_shear_profile(const rc_edmd_def *d, double *velocities)
{
    if (!d->shear.on) return;
    int f = d->shear.flow, g = d->shear.gradient;
    for (int32_t k = 0; k < d->count; k++)
        velocities[3 * k + f] += d->shear.rate * (d->positions[3 * k + g] - 0.5 * d->box[g]);
}

/* x mod box in [0, box). */
static double modulo(double x, double box)
{
    double m = fmod(x, box);
    if (m < 0) m += box;
    return m < box ? m : 0;
}

double rc_edmd_shear_offset(const rc_edmd *e)
{
    return modulo(e->shear_origin + e->shear_speed * e->now, e->box[e->flow]);
}

/* Particle k's peculiar velocity c (k streamed to now, or x and v its state now). */
static void peculiar_velocity(const rc_edmd *e, const double x[3], const double v[3], double c[3])
{
    for (int a = 0; a < 3; a++) c[a] = v[a];
    c[e->flow] -= e->shear_rate * (x[e->gradient] - e->half_box[e->gradient]);
}

/* The books carried from shear_time to now: E, S and their integrals are polynomials in the time (G constant). */
typedef struct books {
    double peculiar, peculiar_integral, flux, flux_integral;
} books;

static books books_now(const rc_edmd *e)
{
    double t = e->now - e->shear_time, rate = e->shear_rate, g = e->gradient_motion;
    books b;
    b.peculiar = e->peculiar - rate * e->shear_flux * t + 0.5 * rate * rate * g * t * t;
    b.peculiar_integral = e->peculiar_integral +
                          2 * (e->peculiar * t - 0.5 * rate * e->shear_flux * t * t + rate * rate * g * t * t * t / 6);
    b.flux = e->shear_flux - rate * g * t;
    b.flux_integral = e->shear_flux_integral + e->shear_flux * t - 0.5 * rate * g * t * t;
    return b;
}

static void close_books(rc_edmd *e)
{
    books b = books_now(e);
    e->peculiar = b.peculiar, e->peculiar_integral = b.peculiar_integral;
    e->shear_flux = b.flux, e->shear_flux_integral = b.flux_integral;
    e->shear_time = e->now;
}

/* Particle k (at now) changed its velocity from old to its present one. */
static void changed(rc_edmd *e, int32_t k, const double old[3])
{
    const rc_kin *p = &e->kin[k];
    double m = rc_edmd_mass(e, k), before[3], after[3];
    peculiar_velocity(e, p->x, old, before);
    peculiar_velocity(e, p->x, p->v, after);
    int f = e->flow, g = e->gradient;
    double dk = 0;
    for (int a = 0; a < 3; a++) dk += after[a] * after[a] - before[a] * before[a];
    e->peculiar += 0.5 * m * dk;
    e->shear_flux += m * (after[f] * after[g] - before[f] * before[g]);
    e->gradient_motion += m * (after[g] * after[g] - before[g] * before[g]);
}

/* The lists' flow reach grows by the slack across the boundary; reach + slack stays below half the flow edge, so that
 * one flow image of an anchor at most is within it. At rate 0 the images stand still: no slack, and the lists are the
 * plain engine's. A flow edge too short for the least slack is refused, the message naming `key` (NULL: the box's
 * edge, as a scene gives it). */
static rc_status set_slack(rc_edmd *e, const char *key)
{
    double reach = e->reach_factor * e->max_diameter + 2 * e->shell, room = 0.45 * e->box[e->flow] - reach;
    e->shear_slack = e->shear_rate != 0 ? fmin(4 * e->max_diameter, room) : 0;
    double least = RC_SHEAR_LEAST_SLACK * e->max_diameter;
    if (e->n > 0 && e->shear_rate != 0 && !(e->shear_slack >= least)) {
        /* reach + least <= 0.45 edge: the edge needed, rounded up to four digits */
        double needed = (reach + least) / 0.45, digit = pow(10, floor(log10(needed)) - 3);
        char field[32];
        if (key) snprintf(field, sizeof field, "%s", key);
        else snprintf(field, sizeof field, "box[%d]", e->flow);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: the flow edge %g is too short for shear: the neighbour reach %g (the largest diameter "
                       "times the outermost step with interactions plus the neighbour shell) and a slack of %g largest "
                       "diameters (%g) must fit in 0.45 of it, so it must be at least %g; enlarge the box or reduce "
                       "the shell",
                       field, e->box[e->flow], reach, RC_SHEAR_LEAST_SLACK, least, ceil(needed / digit) * digit);
    }
    return RC_STATUS_OK;
}

/* The books of the peculiar motion added up from the particles (each streamed to now), at clock now. */
static void count_books(rc_edmd *e)
{
    for (int32_t k = 0; k < e->n; k++) {
        double c[3];
        peculiar_velocity(e, e->kin[k].x, e->kin[k].v, c);
        double m = rc_edmd_mass(e, k);
        e->peculiar += 0.5 * m * (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        e->shear_flux += m * c[e->flow] * c[e->gradient];
        e->gradient_motion += m * c[e->gradient] * c[e->gradient];
    }
    e->shear_time = e->now;
}

rc_status rc_edmd_shear_start(rc_edmd *e, const rc_edmd_def *d)
{
    e->next_renewal = INFINITY;
    if (!d->shear.on) return RC_STATUS_OK;
    e->shear_on = true;
    e->flow = d->shear.flow, e->gradient = d->shear.gradient;
    e->shear_rate = d->shear.rate;
    e->shear_speed = d->shear.rate * e->box[e->gradient];
    e->shear_origin = d->shear.offset;
    /* collisions are binary: the members of a cluster across the sheared boundary would need their velocities in
     * one image */
    e->clusters_on = false;
    e->contact_tolerance = e->touch_factor = 0;
    /* the lists' flow reach grows by the slack across the boundary; reach + slack stays below half the flow edge,
     * so that one flow image of an anchor at most is within it. At rate 0 the images stand still: no slack, and
     * the lists are the plain engine's */
    rc_status s = set_slack(e, NULL);
    if (s != RC_STATUS_OK) return s;
    count_books(e);
    return RC_STATUS_OK;
}

rc_status rc_edmd_shear_rate_put(rc_edmd *e, double rate)
{
    double rate_was = e->shear_rate, speed_was = e->shear_speed, slack_was = e->shear_slack;
    e->shear_rate = rate;
    e->shear_speed = rate * e->box[e->gradient];
    rc_status s = set_slack(e, "box.shear.rate");
    if (s) e->shear_rate = rate_was, e->shear_speed = speed_was, e->shear_slack = slack_was;
    return s;
}

void rc_edmd_shear_rate_profile(rc_edmd *e, double rate_was)
{
    double change = e->shear_rate - rate_was;
    for (int32_t k = 0; k < e->n; k++)
        e->kin[k].v[e->flow] += change * (e->kin[k].x[e->gradient] - e->half_box[e->gradient]);
    e->peculiar = e->shear_flux = e->gradient_motion = 0;
    count_books(e);
}

/* Adds -box, box or 0 to x as it lies above half or below -half: the step of every minimum image. */
static double nearest(double x, double half, double box) { return x > half ? -box : x < -half ? box : 0; }

/* The image across the gradient boundary (-1 below, 1 above, 0 none) of a difference r: r's gradient and flow
 * components moved to it with offset delta; then flow wrapped (twice: the shift can carry it a box further) and the
 * third axis. Exactly the arithmetic of schedule.c's vector form. */
static int image(const rc_edmd *e, double r[3], double delta)
{
    int f = e->flow, g = e->gradient, o = 3 - f - g;
    int side = r[g] > e->half_box[g] ? 1 : r[g] < -e->half_box[g] ? -1 : 0;
    r[g] += nearest(r[g], e->half_box[g], e->box[g]);
    r[f] += side > 0 ? -delta : side < 0 ? delta : 0;
    for (int twice = 0; twice < 2; twice++) r[f] += nearest(r[f], e->half_box[f], e->box[f]);
    if (e->periodic[o]) r[o] += nearest(r[o], e->half_box[o], e->box[o]);
    return side;
}

double rc_edmd_shear_image(const rc_edmd *e, double r[3], double v[3])
{
    int side = image(e, r, rc_edmd_shear_offset(e));
    double lift = side > 0 ? -e->shear_speed : side < 0 ? e->shear_speed : 0;
    if (v) v[e->flow] += lift;
    return lift;
}

void rc_edmd_shear_anchor_image(const rc_edmd *e, double d[3])
{
    int side = image(e, d, e->shear_epoch);
    if (side == 0) return;
    /* until the renewal the image slides on by s in [0, slack] the way of the rate, and d_f(t) = d_f - side s: the
     * nearest it comes is 0 on that side, d_f itself on the other */
    double along = (e->shear_speed > 0) == (side > 0) ? d[e->flow] : -d[e->flow];
    d[e->flow] = along < 0 ? -along : along > e->shear_slack ? along - e->shear_slack : 0;
}

int32_t rc_edmd_shear_fold(const rc_edmd *e, double x[3], double v[3])
{
    int f = e->flow, g = e->gradient;
    double crossed = floor(x[g] / e->box[g]);
    x[g] -= e->box[g] * crossed;
    if (x[g] >= e->box[g]) x[g] = 0, crossed += 1; /* -tiny wraps to box: keep [0, box), as anchor_here does */
    if (crossed == 0) return 0;
    x[f] -= crossed * rc_edmd_shear_offset(e);
    v[f] -= crossed * e->shear_speed;
    return (int32_t)crossed;
}

void rc_edmd_shear_impulse(rc_edmd *e, int32_t i, int32_t j, const double vi[3], const double vj[3])
{
    rc_kin *p = &e->kin[i], *q = &e->kin[j];
    if (p->v[0] == vi[0] && p->v[1] == vi[1] && p->v[2] == vi[2]) return; /* receding: no impulse */
    close_books(e);
    changed(e, i, vi);
    changed(e, j, vj);
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    rc_edmd_minimum_image(e, r);
    e->shear_collisional += r[e->gradient] * rc_edmd_mass(e, i) * (p->v[e->flow] - vi[e->flow]);
}

void rc_edmd_shear_collide(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution)
{
    rc_kin *p = &e->kin[i], *q = &e->kin[j];
    double vi[3] = {p->v[0], p->v[1], p->v[2]}, vj[3] = {q->v[0], q->v[1], q->v[2]};
    rc_edmd_collide_pair(e, i, j, stabilising, restitution);
    rc_edmd_shear_impulse(e, i, j, vi, vj);
}

double rc_edmd_shear_redraw(rc_edmd *e, int32_t k, const double before[3])
{
    rc_kin *p = &e->kin[k];
    p->v[e->flow] += e->shear_rate * (p->x[e->gradient] - e->half_box[e->gradient]);
    close_books(e);
    double was = e->peculiar;
    changed(e, k, before);
    return e->peculiar - was;
}

void rc_edmd_shear_rebase(rc_edmd *e, double shift)
{
    close_books(e);
    e->shear_time -= shift;
    e->shear_origin = modulo(e->shear_origin + e->shear_speed * shift, e->box[e->flow]);
}

void rc_edmd_shear_measure(const rc_edmd *e, const rc_edmd_observables *since, rc_edmd_observables *o)
{
    if (!e->shear_on) {
        o->shear_stress = o->shear_viscosity = o->shear_work = o->shear_integral = NAN;
        return;
    }
    books b = books_now(e);
    double kinetic = 0;
    for (int32_t k = 0; k < e->n; k++) {
        double x[3], v[3], c[3];
        rc_edmd_state_now(e, k, x, v);
        peculiar_velocity(e, x, v, c);
        kinetic += 0.5 * rc_edmd_mass(e, k) * (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    }
    o->shear_integral = b.flux_integral + e->shear_collisional;
    o->shear_work = 0 - e->shear_rate * o->shear_integral; /* 0 -: +0 at the start */
    /* the peculiar energy's balance (with the steps' potential energy): what the collisions dissipated and the
     * shear and the thermostat put in */
    o->kinetic_energy = kinetic;
    o->energy = kinetic + o->potential_energy;
    double balance = o->energy + e->dissipated - e->thermostat_energy - o->shear_work;
    o->energy_drift = e->initial_energy != 0 ? (balance - e->initial_energy) / fabs(e->initial_energy) : balance;
    double n = e->momentum_conserved && e->n > 1 ? e->n - 1 : e->n, dof = e->dimension * n;
    o->temperature = dof > 0 ? 2 * kinetic / dof : 0;
    o->kinetic_integral = b.peculiar_integral;
    double volume = 1;
    for (int a = 0; a < e->dimension; a++) volume *= e->box[a];
    double t0 = since ? since->time : 0, span = o->time - t0;
    double stress = since ? o->shear_integral - since->shear_integral : o->shear_integral;
    double kin = o->kinetic_integral - (since ? since->kinetic_integral : 0);
    o->shear_stress = span > 0 ? -stress / (volume * span) : NAN;
    o->shear_viscosity = e->shear_rate != 0 ? o->shear_stress / e->shear_rate : NAN;
    if (!(span > 0) || e->n == 0 || dof == 0) return;
    double d = e->dimension, kT = kin / (dof * span), vir = o->virial - (since ? since->virial : 0);
    o->pressure = (e->n * kT + vir / (d * span)) / volume;
    o->compressibility = kT > 0 ? 1 + vir / (d * e->n * kT * span) : NAN;
}
