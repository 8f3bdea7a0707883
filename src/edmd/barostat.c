/* SPDX-License-Identifier: MIT */
/* Constant pressure for hard spheres and disks (ricochet/edmd.h, rc_edmd_barostat; docs/edmd.md, "Barostat"): the
 * hybrid of event-driven dynamics, which samples the configurations of the present volume, and Monte Carlo volume
 * moves in ln V (Eppenga and Frenkel 1984; Frenkel and Smit, "Understanding Molecular Simulation", section 5.4):
 * the box and every position scaled by s = (V'/V)^(1/d), a move that makes two cores overlap rejected, the rest
 * accepted with min(1, exp(-beta P (V' - V) + (N + 1) ln(V'/V))). A rejected move changes nothing (every pending
 * event stays valid); an accepted one renews the engine as the periodic renewal does (reorder.c), with cells and
 * lists made for the new box. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/barostat.h"
#include "edmd/check.h"
#include "edmd/engine.h"
#include "edmd/neighbours.h"
#include "edmd/observe.h"
#include "edmd/reorder.h"

/* A move that leaves the shell less than this many diameters of room (a periodic edge below about 2.4 diameters) is
 * rejected: the ensemble's smallest box. */
#define SMALLEST_ROOM 0.1
/* Adaptation: every ADAPT_WINDOW moves the step grows or shrinks by ADAPT_FACTOR toward ADAPT_TARGET acceptance. */
#define ADAPT_WINDOW 50
#define ADAPT_FACTOR 1.2
#define ADAPT_TARGET 0.3

rc_status rc_edmd_barostat_check(const rc_edmd_def *d)
{
    const rc_edmd_barostat *b = &d->barostat;
    if (b->pressure == 0) return RC_STATUS_OK;
    if (!(b->pressure > 0) || !isfinite(b->pressure))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat.pressure: %g is not a finite positive number",
                       b->pressure);
    if (!(b->interval > 0) || !isfinite(b->interval))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat.interval: %g is not a finite positive number",
                       b->interval);
    if (!(b->max_log_volume_step > 0 && b->max_log_volume_step <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat.max_log_volume_step: %g is not in (0, 1]",
                       b->max_log_volume_step);
    if (!(b->adapt_until >= 0) || !isfinite(b->adapt_until))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat.adapt_until: %g is not a finite time >= 0",
                       b->adapt_until);
    for (int a = 0; a < d->dimension; a++)
        if (!d->periodic[a])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "barostat: every axis of the box must be periodic (box.periodic[%d] "
                           "is false)",
                           a);
    if (d->wall_count > 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: not with walls");
    if (d->gravity[0] != 0 || d->gravity[1] != 0 || d->gravity[2] != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: not with gravity");
    if (d->shear.on) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: not with a sheared box (box.shear)");
    if (d->compression.rate != 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: not with compression");
    if (d->interaction_count > 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: not with stepped potentials (interactions) yet");
    if (d->restitution != 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "barostat: needs elastic collisions (restitution 1, not %g)",
                       d->restitution);
    return RC_STATUS_OK;
}

rc_status rc_edmd_barostat_create(rc_edmd *e, const rc_edmd_def *d)
{
    rc_edmd_isobar *b = calloc(1, sizeof *b);
    if (!b) return rc_fail(RC_STATUS_NO_MEMORY, "barostat: out of memory");
    e->barostat = b;
    b->pressure = d->barostat.pressure;
    b->interval = d->barostat.interval;
    b->step = d->barostat.max_log_volume_step;
    b->adapt_until = d->barostat.adapt_until;
    rc_rng_seed(&b->rng, d->seed ^ 0x6261726f73746174ULL); /* "barostat": a stream apart from the thermostat's */
    b->scratch = malloc(4 * (size_t)(e->n > 0 ? e->n : 1) * sizeof *b->scratch);
    if (!b->scratch) return rc_fail(RC_STATUS_NO_MEMORY, "barostat: out of memory for %d particles", (int)e->n);
    e->next_renewal = e->now + b->interval;
    return RC_STATUS_OK;
}

void rc_edmd_barostat_destroy(rc_edmd *e)
{
    if (!e->barostat) return;
    free(e->barostat->scratch);
    free(e->barostat);
    e->barostat = NULL;
}

/* kT: the thermostat's, or the kinetic temperature 2K / (d N_f) (conserved by elastic collisions). */
static double temperature(const rc_edmd *e)
{
    if (e->thermostat_rate > 0) return e->thermostat_temperature;
    double freedom = rc_edmd_degrees_of_freedom(e);
    return freedom > 0 ? 2 * e->kinetic / freedom : 0;
}

/* Whether the particles at now, scaled by s into `box`, would overlap. */
static rc_status overlaps_scaled(rc_edmd *e, double s, const double box[3], bool *overlaps)
{
    double *x = e->barostat->scratch, *radius = x + 3 * (size_t)e->n;
    for (int32_t k = 0; k < e->n; k++) {
        double v[3];
        rc_edmd_state_now(e, k, x + 3 * k, v);
        for (int a = 0; a < 3; a++) {
            double *c = &x[3 * k + a];
            if (a >= e->dimension) {
                *c = 0;
                continue;
            }
            *c -= e->box[a] * floor(*c / e->box[a]); /* into [0, L): the grid's cells */
            *c = *c * s < box[a] ? *c * s : 0;
        }
        radius[k] = e->kin[k].radius;
    }
    rc_edmd_def view = rc_edmd_default_def();
    view.dimension = e->dimension;
    for (int a = 0; a < 3; a++) view.box[a] = box[a], view.periodic[a] = true;
    view.count = e->n;
    view.positions = x;
    view.radii = radius;
    return rc_edmd_find_overlap(&view, overlaps);
}

static void adapt(rc_edmd *e)
{
    rc_edmd_isobar *b = e->barostat;
    if (!(e->time_origin + e->now < b->adapt_until) || b->window_moves < ADAPT_WINDOW) return;
    double rate = (double)b->window_accepted / (double)b->window_moves;
    b->step = rate > ADAPT_TARGET ? fmin(1, b->step * ADAPT_FACTOR) : b->step / ADAPT_FACTOR;
    b->window_moves = b->window_accepted = 0;
}

rc_status rc_edmd_barostat_move(rc_edmd *e)
{
    rc_edmd_isobar *b = e->barostat;
    double u = rc_rng_uniform(&b->rng), w = rc_rng_uniform(&b->rng); /* both drawn every time */
    double log_ratio = b->step * (2 * u - 1), s = exp(log_ratio / e->dimension), box[3];
    for (int a = 0; a < 3; a++) box[a] = a < e->dimension ? e->box[a] * s : e->box[a];
    double exponent = -b->pressure * (rc_edmd_box_volume(e, box) - rc_edmd_box_volume(e, e->box)) / temperature(e) +
                      (double)(e->n + 1) * log_ratio;
    bool accept = rc_edmd_shell_room(e, box) >= SMALLEST_ROOM * e->max_diameter && (exponent >= 0 || w < exp(exponent));
    if (accept && s < 1) {
        bool overlaps;
        rc_status st = overlaps_scaled(e, s, box, &overlaps);
        if (st != RC_STATUS_OK) return st;
        accept = !overlaps;
    }
    b->moves++, b->window_moves++;
    b->accepted += accept, b->window_accepted += accept;
    adapt(e);
    e->next_renewal = e->now + b->interval;
    if (!accept) return RC_STATUS_OK;
    for (int32_t k = 0; k < e->n; k++) {
        rc_edmd_stream(e, k, e->now);
        for (int a = 0; a < e->dimension; a++) e->kin[k].x[a] *= s;
    }
    for (int a = 0; a < e->dimension; a++) e->box[a] = box[a], e->half_box[a] = 0.5 * box[a];
    rc_status st = rc_edmd_neighbours_resize(e);
    return st != RC_STATUS_OK ? st : rc_edmd_reorder(e);
}

void rc_edmd_barostat_measure(const rc_edmd *e, rc_edmd_observables *o)
{
    const rc_edmd_isobar *b = e->barostat;
    o->volume_moves = b ? b->moves : 0;
    o->volume_acceptance = b && b->moves > 0 ? (double)b->accepted / (double)b->moves : NAN;
    o->max_log_volume_step = b ? b->step : NAN;
}
