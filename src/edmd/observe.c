/* SPDX-License-Identifier: MIT */
/* Observables of the event-driven engine (docs/design.md, "Observables"): energies and the energy balance, temperature,
 * the collisional-virial pressure P = (1 / (d V t)) (integral of 2K dt + sum of r_ij . dp_i), the compressibility
 * factor, the collision rate and mean free time, and the frame a writer reads. None of them changes the engine. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "edmd/barostat.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/observe.h"
#include "edmd/rough.h"
#include "edmd/shear.h"
#include "edmd/steps.h"

double rc_edmd_kinetic_energy(const rc_edmd *e)
{
    double sum = 0;
    for (int32_t k = 0; k < e->n; k++) {
        double x[3], v[3];
        rc_edmd_state_now(e, k, x, v);
        sum += 0.5 * rc_edmd_mass(e, k) * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }
    return sum;
}

/* The steps' energy, then -m g.x summed; positions unwrapped along periodic axes are fine as long as gravity has no
 * periodic component. */
double rc_edmd_potential_energy(const rc_edmd *e)
{
    double sum = e->steps ? e->steps->potential : 0;
    if (!e->has_gravity) return sum;
    for (int32_t k = 0; k < e->n; k++) {
        double x[3], v[3];
        rc_edmd_state_now(e, k, x, v);
        sum -= rc_edmd_mass(e, k) * (e->gravity[0] * x[0] + e->gravity[1] * x[1] + e->gravity[2] * x[2]);
    }
    return sum;
}

double rc_edmd_box_volume(const rc_edmd *e, const double box[3])
{
    double v = 1;
    for (int a = 0; a < e->dimension; a++) v *= box[a];
    return v;
}

static double volume(const rc_edmd *e) { return rc_edmd_box_volume(e, e->box); }

double rc_edmd_degrees_of_freedom(const rc_edmd *e)
{
    double n = (e->momentum_conserved && e->n > 1 ? e->n - 1 : e->n) - e->fixed_count; /* obstacles never move */
    return e->dimension * n;
}

void rc_edmd_measure_since(const rc_edmd *e, const rc_edmd_observables *since, rc_edmd_observables *o)
{
    memset(o, 0, sizeof *o);
    o->time = rc_edmd_time(e);
    o->events = e->events;
    o->collisions = e->collisions;
    o->wall_collisions = e->wall_collisions;
    o->stabilising_collisions = e->stabilising;
    o->negative_time_events = e->negative_time;
    o->three_body_events = e->three_body;
    o->thermostat_events = e->thermostat_events;
    o->neighbour_rebuilds = e->rebuilds;
    o->clusters = e->cluster_count;
    o->largest_cluster = e->largest_cluster;
    o->impact_iterations = e->impact_iterations;
    o->lineality_detections = e->lineality_detections;
    o->impact_fallbacks = e->impact_fallbacks;
    o->collapses = e->collapses;
    o->sleeping = e->sleeping - e->fixed_count; /* the fixed obstacles are held asleep, but not counted */
    o->sleeps = e->sleeps;
    o->wakes = e->wakes;
    o->kicks = e->kicks;
    o->packing_fraction = rc_edmd_packing_fraction(e);
    o->reduced_pressure = e->growth ? e->growth->pressure : NAN;
    o->volume = volume(e);
    rc_edmd_barostat_measure(e, o);
    if (e->steps) {
        o->step_events = e->steps->events;
        o->step_bounces = e->steps->bounces;
        o->invalid_states = e->steps->invalid;
    }
    o->kinetic_energy = rc_edmd_kinetic_energy(e);
    o->potential_energy = rc_edmd_potential_energy(e);
    o->rotational_energy = rc_edmd_rotational_energy(e);
    o->wall_work = rc_edmd_wall_work(e);
    o->wall_heat = 0;
    for (int32_t w = 0; w < rc_edmd_wall_count(e); w++)
        if (!isnan(rc_edmd_wall_heat(e, w))) o->wall_heat += rc_edmd_wall_heat(e, w);
    o->energy = o->kinetic_energy + o->rotational_energy + o->potential_energy;
    o->dissipated_energy = e->dissipated;
    o->thermostat_energy = e->thermostat_energy;
    double balance = o->energy + e->dissipated - e->thermostat_energy - rc_edmd_wall_work(e);
    o->energy_drift = e->initial_energy != 0 ? (balance - e->initial_energy) / fabs(e->initial_energy) : balance;
    o->max_overlap = e->max_overlap;
    double dof = rc_edmd_degrees_of_freedom(e);
    o->temperature = dof > 0 ? 2 * o->kinetic_energy / dof : 0;
    o->translational_temperature = o->temperature;
    double spins = e->spin ? (double)e->spin_stride * e->n : 0;
    o->rotational_temperature = spins > 0 ? 2 * o->rotational_energy / spins : 0;
    o->temperature_ratio = spins > 0 && o->temperature > 0 ? o->rotational_temperature / o->temperature : NAN;
    /* the kinetic integral up to now: the closed part and the open piece since the last change of K */
    o->kinetic_integral = e->kinetic_integral + 2 * e->kinetic * (e->now - e->kinetic_time);
    o->virial = e->virial;
    double t0 = since ? since->time : 0, k0 = since ? since->kinetic_integral : 0, w0 = since ? since->virial : 0;
    uint64_t c0 = since ? since->collisions : 0;
    double span = o->time - t0, kin = o->kinetic_integral - k0, vir = o->virial - w0;
    /* without gravity K is constant between velocity changes and its integral is exact; under gravity the bulk
     * pressure is not defined (it varies with height), so it is not reported */
    if (!(span > 0) || e->n == 0 || dof == 0 || e->has_gravity) {
        o->pressure = o->compressibility = o->collision_rate = o->mean_free_time = NAN;
        rc_edmd_shear_measure(e, since, o);
        return;
    }
    /* kT from the kinetic integral with the right degrees of freedom; P = (N kT + W / (d t)) / V, so that
     * P = n kT Z exactly */
    double d = e->dimension, kT = kin / (dof * span);
    o->pressure = (e->n * kT + vir / (d * span)) / volume(e);
    o->compressibility = kT > 0 ? 1 + vir / (d * e->n * kT * span) : NAN;
    o->collision_rate = 2.0 * (double)(o->collisions - c0) / ((double)e->n * span);
    o->mean_free_time = o->collision_rate > 0 ? 1 / o->collision_rate : INFINITY;
    rc_edmd_shear_measure(e, since, o);
}

void rc_edmd_measure(const rc_edmd *e, rc_edmd_observables *o) { rc_edmd_measure_since(e, NULL, o); }

rc_status rc_edmd_fill_frame(const rc_edmd *e, rc_frame *f)
{
    if (e && f && f->count != e->n)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame: holds %d particles, the engine %d", (int)f->count,
                       (int)e->n);
    return rc_edmd_fill_frame_part(e, f, 0);
}

rc_status rc_edmd_fill_frame_part(const rc_edmd *e, rc_frame *f, int32_t first)
{
    if (!e || !f || !f->positions) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_fill_frame: NULL argument");
    if (first < 0 || f->count < 0 || f->count > e->n - first)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frame part: particles %d to %d of the engine's %d", (int)first,
                       (int)first + (int)f->count, (int)e->n);
    f->dimension = e->dimension;
    f->time = rc_edmd_time(e);
    f->collisions = e->collisions;
    for (int a = 0; a < 3; a++) {
        f->box[a] = e->box[a];
        f->periodic[a] = e->periodic[a] && !(a == 2 && e->dimension == 2);
    }
    f->tilt = e->shear_on ? rc_edmd_shear_offset(e) : 0;
    f->tilt_flow = e->flow, f->tilt_gradient = e->gradient;
    for (int32_t k = 0; k < e->n; k++) {
        int32_t id = e->id[k] - first;
        if ((uint32_t)id >= (uint32_t)f->count) continue; /* not in this part */
        double *x = f->positions + 3 * id, *v = f->velocities + 3 * id;
        rc_edmd_state_now(e, k, x, v);
        int32_t across = e->shear_on ? rc_edmd_shear_fold(e, x, v) : 0; /* into the box along the gradient */
        for (int a = 0; a < 3; a++) {
            double shift = e->periodic[a] ? floor(x[a] / e->box[a]) : 0;
            x[a] -= e->box[a] * shift;
            if (f->images) f->images[3 * id + a] = e->image[3 * k + a] + (int32_t)shift + (a == e->gradient) * across;
        }
        if (e->dimension == 2) x[2] = v[2] = 0;
        f->radii[id] = e->kin[k].radius;
        f->masses[id] = rc_edmd_mass(e, k);
        f->species[id] = e->species ? e->species[k] : 0;
    }
    if (f->angular_velocities) rc_edmd_spins_part(e, f->angular_velocities, first, f->count);
    if (f->inertia && f->angular_momenta) rc_edmd_inertia_part(e, f, first);
    bool whole = first == 0 && f->count == e->n; /* the bonds go with whole frames */
    f->bond_count = e->steps && whole ? e->steps->bond_count : 0;
    f->bonds = f->bond_count > 0 ? e->steps->bond_ends : NULL;
    return RC_STATUS_OK;
}

int32_t rc_edmd_separation_histogram(const rc_edmd *e, int32_t range, uint64_t *counts)
{
    if (!e || !e->histogram || range < 0 || !counts) return 0;
    if (range > RC_HISTOGRAM_RANGE) range = RC_HISTOGRAM_RANGE;
    for (int32_t b = -range; b <= range; b++) {
        uint64_t c = e->histogram[b + RC_HISTOGRAM_RANGE];
        if (b == -range)
            for (int32_t m = -RC_HISTOGRAM_RANGE; m < -range; m++) c += e->histogram[m + RC_HISTOGRAM_RANGE];
        if (b == range)
            for (int32_t m = range + 1; m <= RC_HISTOGRAM_RANGE; m++) c += e->histogram[m + RC_HISTOGRAM_RANGE];
        counts[b + range] = c;
    }
    return 2 * range + 1;
}
