/* SPDX-License-Identifier: MIT */
/* What the time-stepped engine tells (ricochet/rigid.h): bodies' states, energies and momenta (translational plus
 * rotational, 1/2 w.I w and I w about the centre), the counters of the steps, and plain frames with orientations for
 * the writers (docs/design.md, "Files and tools"). */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "core/vec.h"
#include "rigid/engine.h"

int32_t rc_rigid_count(const rc_rigid *e) { return e->n; }

double rc_rigid_time(const rc_rigid *e) { return e->time; }
int64_t rc_rigid_steps(const rc_rigid *e) { return e->stats.steps; }
int rc_rigid_dimension(const rc_rigid *e) { return e->d; }
double rc_rigid_mass(const rc_rigid *e, int32_t i) { return e->mass[i]; }

void rc_rigid_body_state(const rc_rigid *e, int32_t i, double *position, double *orientation, double *velocity,
                         double *angular_velocity)
{
    if (position) memcpy(position, e->x + 3 * i, 3 * sizeof *position);
    if (orientation) memcpy(orientation, e->q + 4 * i, 4 * sizeof *orientation);
    if (velocity) memcpy(velocity, e->v + 3 * i, 3 * sizeof *velocity);
    if (angular_velocity) memcpy(angular_velocity, e->w + 3 * i, 3 * sizeof *angular_velocity);
}

void rc_rigid_set_velocity(rc_rigid *e, int32_t i, const double *velocity, const double *angular_velocity)
{
    rc_rigid_wake_body(e, i);
    for (int c = 0; c < e->d; c++) e->v[3 * i + c] = velocity[c];
    if (e->ball[i] || !angular_velocity) return;
    if (e->d == 3) memcpy(e->w + 3 * i, angular_velocity, 3 * sizeof *angular_velocity);
    else e->w[3 * i + 2] = angular_velocity[2];
}

/* I w of body i (world frame). */
static void spin(const rc_rigid *e, int32_t i, double *out)
{
    if (e->d == 3) {
        rc_m3_apply(e->inertia_world + 9 * i, e->w + 3 * i, out);
        return;
    }
    out[0] = out[1] = 0;
    out[2] = e->inertia_body[9 * i + 8] * e->w[3 * i + 2];
}

double rc_rigid_body_kinetic_energy(const rc_rigid *e, int32_t i)
{
    const double *v = e->v + 3 * i;
    double l[3];
    spin(e, i, l);
    return e->mass[i] * rc_v3_dot(v, v) / 2 + rc_v3_dot(l, e->w + 3 * i) / 2;
}

double rc_rigid_kinetic_energy(const rc_rigid *e)
{
    double kinetic = 0;
    for (int32_t i = 0; i < e->n; i++) kinetic += rc_rigid_body_kinetic_energy(e, i);
    return kinetic;
}

void rc_rigid_measure(const rc_rigid *e, rc_rigid_observables *out)
{
    *out = e->stats;
    out->time = e->time;
    out->potential_energy = 0;
    memset(out->linear_momentum, 0, sizeof out->linear_momentum);
    memset(out->angular_momentum, 0, sizeof out->angular_momentum);
    out->kinetic_energy = rc_rigid_kinetic_energy(e);
    for (int32_t i = 0; i < e->n; i++) {
        const double *x = e->x + 3 * i, *v = e->v + 3 * i;
        double m = e->mass[i], l[3], orbit[3];
        spin(e, i, l);
        out->potential_energy -= m * rc_v3_dot(e->gravity, x);
        rc_v3_cross(x, v, orbit);
        for (int c = 0; c < 3; c++) {
            out->linear_momentum[c] += m * v[c];
            out->angular_momentum[c] += m * orbit[c] + l[c];
        }
    }
    out->energy = out->kinetic_energy + out->potential_energy;
    double balance = out->energy + out->dissipated_energy - e->initial_energy;
    out->energy_drift = e->initial_energy != 0 ? balance / fabs(e->initial_energy) : balance;
}

rc_status rc_rigid_fill_frame(const rc_rigid *e, rc_frame *f)
{
    if (f->count != e->n || !f->orientations)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: made for %d particles%s, the engine has %d bodies",
                       (int)f->count, f->orientations ? "" : " without orientations", (int)e->n);
    f->dimension = e->d;
    f->time = e->time;
    f->collisions = (uint64_t)e->stats.impacts;
    double low[3] = {0, 0, 0}, high[3] = {0, 0, 0};
    for (int32_t i = 0; i < e->n; i++)
        for (int c = 0; c < 3; c++) {
            double r = c < e->d ? e->geometry[i].bound : 0;
            low[c] = i ? fmin(low[c], e->x[3 * i + c] - r) : e->x[3 * i + c] - r;
            high[c] = i ? fmax(high[c], e->x[3 * i + c] + r) : e->x[3 * i + c] + r;
        }
    for (int c = 0; c < 3; c++) f->box[c] = high[c] - low[c], f->periodic[c] = false;
    memcpy(f->positions, e->x, 3 * (size_t)e->n * sizeof *e->x);
    memcpy(f->velocities, e->v, 3 * (size_t)e->n * sizeof *e->v);
    memcpy(f->orientations, e->q, 4 * (size_t)e->n * sizeof *e->q);
    memcpy(f->masses, e->mass, (size_t)e->n * sizeof *e->mass);
    for (int32_t i = 0; i < e->n; i++) f->radii[i] = e->geometry[i].bound, f->species[i] = e->species[i];
    if (f->inertia && f->angular_momenta) { /* the body-frame tensor, and I w about the centre in the lab frame */
        memcpy(f->inertia, e->inertia_body, 9 * (size_t)e->n * sizeof *e->inertia_body);
        for (int32_t i = 0; i < e->n; i++)
            rc_m3_apply(e->inertia_world + 9 * i, e->w + 3 * i, f->angular_momenta + 3 * i);
    }
    return RC_STATUS_OK;
}
