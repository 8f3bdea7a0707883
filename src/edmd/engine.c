/* SPDX-License-Identifier: MIT */
/* Building and tearing down the event-driven engine: the definition's defaults, its checks (every message names the
 * particle or field), the walls closing non-periodic axes, and the first neighbour lists and events. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/advance.h"
#include "edmd/barostat.h"
#include "edmd/cluster.h"
#include "edmd/collapse.h"
#include "edmd/engine.h"
#include "edmd/fixed.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/observe.h"
#include "edmd/parallel.h"
#include "edmd/reorder.h"
#include "edmd/restitution_law.h"
#include "edmd/rough.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/slabs.h"
#include "edmd/steps.h"
#include "edmd/thermal_wall.h"
#include "edmd/transport.h"

rc_edmd_def rc_edmd_default_def(void)
{
    rc_edmd_def d;
    memset(&d, 0, sizeof d);
    d.dimension = 3;
    for (int a = 0; a < 3; a++) d.box[a] = 1, d.periodic[a] = true;
    d.box_restitution = 1;
    d.restitution = 1;
    d.tangential_restitution = d.box_tangential_restitution = -1;
    d.coulomb.tangential_restitution = 1;
    d.detection = RC_EVENT_DETECTION_STABLE;
    d.shell = 0; /* chosen from the density */
    d.thermostat_temperature = 1;
    d.seed = 1;
    d.reorder_interval = 50;
    d.contact_tolerance = 1e-9;
    d.impact = rc_impact_default_options();
    d.collapse.sleep = true;
    d.collapse.stall_events = 1000000;
    d.barostat.max_log_volume_step = 0.01;
    d.threads = 1;
    return d;
}

static bool finite3(const double *v) { return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]); }

static rc_status check_scalars(const rc_edmd_def *d)
{
    if (d->dimension != 2 && d->dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %d is not 2 or 3", d->dimension);
    if (d->count < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "count: %d is negative", (int)d->count);
    for (int a = 0; a < d->dimension; a++)
        if (!(d->box[a] > 0) || !(d->box[a] <= RC_EDMD_RANGE))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box[%d]: %g is not a positive number up to 2^40 (about 1.1e12)",
                           a, d->box[a]);
    if (!finite3(d->gravity)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gravity: not finite");
    if (d->dimension == 2 && d->gravity[2] != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gravity[2]: %g in 2D (must be 0)", d->gravity[2]);
    if (!(d->restitution >= 0 && d->restitution <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "restitution: %g is not in [0, 1]", d->restitution);
    if (!(d->box_restitution >= 0 && d->box_restitution <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box restitution: %g is not in [0, 1]", d->box_restitution);
    if (!(d->shell >= 0) || !isfinite(d->shell))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "shell: %g is not a number >= 0 (0: automatic)", d->shell);
    if (!(d->thermostat_rate >= 0) || !isfinite(d->thermostat_rate))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "thermostat rate: %g is not >= 0", d->thermostat_rate);
    if (d->thermostat_rate > 0 && !(d->thermostat_temperature >= 0 && isfinite(d->thermostat_temperature)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "thermostat temperature: %g is not >= 0", d->thermostat_temperature);
    if (!(d->reorder_interval >= 0) || !isfinite(d->reorder_interval))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "reorder interval: %g is not >= 0", d->reorder_interval);
    if ((unsigned)d->detection > RC_EVENT_DETECTION_NAIVE)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "event detection: %d is not a rule", (int)d->detection);
    if (d->count > 0 && (!d->positions || !d->velocities || !d->radii || !d->masses))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles: positions, velocities, radii and masses are required");
    if (d->contact_tolerance != 0 && !(d->contact_tolerance >= 1e-12 && d->contact_tolerance <= 0.1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact tolerance: %g is not 0 (no clusters) or in [1e-12, 0.1]",
                       d->contact_tolerance);
    rc_status s = rc_impact_options_validate(&d->impact);
    if (s != RC_STATUS_OK) return rc_fail(s, "impact.%s", rc_error_get());
    if (d->wall_count < 0 || (d->wall_count > 0 && !d->walls))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls: %d walls without an array", (int)d->wall_count);
    if (d->compression.rate != 0 && d->shear.on)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression: a sheared box (box.shear) cannot be compressed");
    s = rc_edmd_barostat_check(d);
    return s ? s : rc_edmd_def_check_shear(d);
}

/* The box walls of non-periodic axes, then the definition's walls, normalised. */
static rc_status make_walls(rc_edmd *e, const rc_edmd_def *d)
{
    int32_t count = d->wall_count;
    for (int a = 0; a < d->dimension; a++) count += d->periodic[a] ? 0 : 2;
    e->walls = calloc(count > 0 ? (size_t)count : 1, sizeof *e->walls);
    if (!e->walls) return rc_fail(RC_STATUS_NO_MEMORY, "walls: out of memory");
    for (int32_t w = 0; w < d->wall_count; w++) {
        const rc_wall *in = &d->walls[w];
        double norm =
            sqrt(in->normal[0] * in->normal[0] + in->normal[1] * in->normal[1] + in->normal[2] * in->normal[2]);
        if (!finite3(in->point) || !finite3(in->normal) || !(norm > 0))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d]: point and a nonzero normal must be finite", (int)w);
        if (d->dimension == 2 && in->normal[2] != 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].normal[2]: %g in 2D (must be 0)", (int)w,
                           in->normal[2]);
        if (!(in->restitution >= 0 && in->restitution <= 1))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].restitution: %g is not in [0, 1]", (int)w,
                           in->restitution);
        rc_plane *p = &e->walls[e->wall_count++];
        for (int a = 0; a < 3; a++) p->point[a] = in->point[a], p->normal[a] = in->normal[a] / norm;
        p->restitution = in->restitution;
        p->tangential_restitution = in->rough ? in->tangential_restitution : -1;
    }
    for (int a = 0; a < d->dimension; a++) {
        if (d->periodic[a]) continue;
        for (int side = 0; side < 2; side++) {
            rc_plane *p = &e->walls[e->wall_count++];
            p->point[a] = side ? d->box[a] : 0;
            p->normal[a] = side ? -1 : 1;
            p->restitution = d->box_restitution;
            p->tangential_restitution = d->box_tangential_restitution;
        }
    }
    return RC_STATUS_OK;
}

/* species only when some particle is not of species 0 (the array is for output only), masses only when they differ */
static rc_status allocate(rc_edmd *e, bool with_species, bool with_masses)
{
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    e->kin = rc_alloc_large(n, sizeof *e->kin);
    e->mass = with_masses ? rc_alloc_large(n, sizeof *e->mass) : NULL;
    e->species = with_species ? malloc(n * sizeof *e->species) : NULL;
    e->id = malloc(n * sizeof *e->id);
    e->image = calloc(3 * n, sizeof *e->image);
    e->counter = calloc(n, sizeof *e->counter);
    e->event = rc_alloc_large(n, sizeof *e->event);
    if (!e->kin || (with_masses && !e->mass) || (with_species && !e->species) || !e->id || !e->image || !e->counter ||
        !e->event)
        return rc_fail(RC_STATUS_NO_MEMORY, "engine: out of memory for %d particles", (int)e->n);
    return rc_calendar_create(&e->calendar, e->n, &e->event[0].time, sizeof *e->event);
}

static void copy_particles(rc_edmd *e, const rc_edmd_def *d)
{
    for (int32_t k = 0; k < e->n; k++) {
        rc_kin *p = &e->kin[k];
        for (int a = 0; a < 3; a++) p->x[a] = d->positions[3 * k + a], p->v[a] = d->velocities[3 * k + a];
        p->t = 0;
        p->radius = d->radii[k];
        if (e->mass) e->mass[k] = d->masses[k];
        if (e->species) e->species[k] = d->species[k];
        if (e->species && e->species[k] > e->species_max) e->species_max = e->species[k];
        e->id[k] = k;
        if (p->radius * 2 > e->max_diameter) e->max_diameter = p->radius * 2;
    }
}

static void set_geometry(rc_edmd *e, const rc_edmd_def *d)
{
    e->dimension = d->dimension;
    e->n = d->count;
    e->stopped_at = NAN;
    for (int a = 0; a < 3; a++) {
        bool flat = a == 2 && d->dimension == 2; /* 2D lives in the plane z = 0, periodic in z */
        e->box[a] = flat ? 1 : d->box[a];
        e->periodic[a] = flat ? true : d->periodic[a];
        e->half_box[a] = 0.5 * e->box[a];
        e->gravity[a] = d->gravity[a];
        if (d->gravity[a] != 0) e->has_gravity = true;
    }
    e->restitution = d->restitution;
    e->detection = d->detection;
    e->wide_scan = rc_edmd_wide_scan_available();
    e->thermostat_rate = d->thermostat_rate;
    e->thermostat_temperature = d->thermostat_temperature;
    e->reorder_interval = d->reorder_interval;
    rc_rng_seed(&e->rng, d->seed);
    /* clusters need the stable rule: the naive rule's negative times would resolve contacts in the past; the impact
     * resolver knows nothing of growth, so a compressing engine has none */
    e->clusters_on =
        d->contact_tolerance > 0 && d->detection == RC_EVENT_DETECTION_STABLE && !(d->compression.rate != 0);
    e->contact_tolerance = e->clusters_on ? d->contact_tolerance : 0;
    e->touch_factor = e->clusters_on ? (2 + d->contact_tolerance) * d->contact_tolerance : 0;
    e->impact = d->impact;
}

/* The shell (as a fraction of the largest diameter) that measured fastest: 0.5 at packing fraction 0.45, about 0.8
 * at 0.30, 1-2 at 0.05, which follows 0.5 sqrt(lambda / lambda_0.45) with lambda the Enskog mean free path
 * 1 / (sqrt(2) pi n sigma^2 chi) (chi the Carnahan-Starling contact value; in 2D 1 / (2 sqrt(2) n sigma chi) with
 * Henderson's). Clamped to [0.3, 1.5] and to what the box allows. */
static double automatic_shell(const rc_edmd *e, const rc_edmd_def *d)
{
    double volume = 1, filled = 0, sigma = e->max_diameter;
    for (int a = 0; a < e->dimension; a++) volume *= e->box[a];
    for (int32_t k = 0; k < e->n; k++) { /* the copied radii, in input order: the caller's may be released */
        double r = e->kin[k].radius;
        filled += e->dimension == 3 ? 4.18879020478639 * r * r * r : 3.14159265358979 * r * r;
    }
    double phi = filled / volume, n = e->n / volume, path;
    if (!(phi < 0.95)) phi = 0.95;
    if (e->dimension == 3) {
        double chi = (1 - phi / 2) / ((1 - phi) * (1 - phi) * (1 - phi));
        path = 1 / (4.44288293815837 * n * sigma * sigma * chi) / sigma;
    } else {
        double chi = (1 - 7 * phi / 16) / ((1 - phi) * (1 - phi));
        path = 1 / (2.82842712474619 * n * sigma * chi) / sigma;
    }
    /* stepped potentials reaching lambda sigma: about lambda^3 as many boundaries to meet, so a shorter shell (at
     * lambda 1.5, rho sigma^3 0.5: 0.3 ran 1.7 times as fast as the hard-sphere choice) */
    double alpha = 0.5 * sqrt(path / 0.0562) / (e->reach_factor * e->reach_factor * e->reach_factor);
    if (!(alpha > 0.3)) alpha = 0.3;
    if (alpha > 1.5) alpha = 1.5;
    /* leave room for two reaches on periodic edges, and on a sheared flow edge for the least slack too (a hair more,
     * so that rounding does not refuse the edge the shell was fitted to) */
    for (int a = 0; a < e->dimension; a++) {
        bool sheared = d->shear.on && d->shear.rate != 0 && a == d->shear.flow;
        double slack = sheared ? RC_SHEAR_LEAST_SLACK * (1 + 1e-9) : 0;
        double room = e->periodic[a] ? 0.45 * e->box[a] / sigma - e->reach_factor - slack : alpha;
        if (room < alpha) alpha = room > 0.05 ? room : 0.05;
    }
    return alpha;
}

/* A periodic edge must hold two neighbour reaches, so that minimum images are unique. */
static rc_status check_box_reach(const rc_edmd *e)
{
    double reach = e->reach_factor * e->max_diameter + 2 * e->shell;
    for (int a = 0; a < e->dimension; a++)
        if (e->periodic[a] && e->box[a] < 2 * reach)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "box[%d]: periodic edge %g is shorter than twice the neighbour reach %g (largest diameter "
                           "%g plus shell%s); enlarge the box or reduce the shell",
                           a, e->box[a], 2 * reach, e->max_diameter,
                           e->steps ? ", times the longest interaction range" : "");
    return RC_STATUS_OK;
}

static rc_status build(rc_edmd *e, const rc_edmd_def *d, void (*release)(void *), void *context)
{
    set_geometry(e, d);
    rc_status s = make_walls(e, d);
    bool with_species = false;
    for (int32_t k = 0; d->species && k < d->count; k++) with_species |= d->species[k] != 0;
    bool with_masses = false;
    for (int32_t k = 1; k < d->count; k++) with_masses |= !(d->masses[k] == d->masses[0]);
    e->uniform_mass = d->count > 0 ? d->masses[0] : 1;
    if (s == RC_STATUS_OK) s = allocate(e, with_species, with_masses);
    if (s != RC_STATUS_OK) return s;
    if ((s = rc_edmd_def_check(d)) != RC_STATUS_OK) return s;
    copy_particles(e, d);
    if ((s = rc_edmd_rough_create(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_fixed_create(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_steps_create(e, d)) != RC_STATUS_OK) return s;
    /* nothing below reads the definition's particles: the caller may free them before the lists are made */
    if (release) release(context);
    if (e->n == 0) e->max_diameter = 1; /* an empty box still needs a cell size */
    e->shell = 0.5 * (d->shell > 0 ? d->shell : automatic_shell(e, d)) * e->max_diameter;
    e->shell_exit = e->shell * (1 - 1e-9);
    if (e->n > 0 && (s = check_box_reach(e)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_shear_start(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_transport_start(e, d)) != RC_STATUS_OK) return s;
    e->momentum_conserved = e->wall_count == 0 && !e->has_gravity && e->thermostat_rate == 0 && !e->fixed;
    rc_edmd_def collapse = *d;
    collapse.collapse.sleep &= !e->steps; /* a sleeper has no step events: pairs with steps never sleep */
    if ((s = rc_edmd_collapse_create(e, &collapse)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_wall_motion_create(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_thermal_walls_create(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_restitution_laws_create(e, d)) != RC_STATUS_OK) return s;
    if (d->separation_histogram && !(e->histogram = calloc(2 * RC_HISTOGRAM_RANGE + 1, sizeof *e->histogram)))
        return rc_fail(RC_STATUS_NO_MEMORY, "separation histogram: out of memory");
    if ((s = rc_edmd_neighbours_create(e)) != RC_STATUS_OK || (s = rc_edmd_neighbours_build_all(e)) != RC_STATUS_OK)
        return s;
    if (e->steps && (s = rc_edmd_steps_capture_all(e)) != RC_STATUS_OK) return s;
    e->kinetic = rc_edmd_kinetic_energy(e);
    e->initial_energy = (e->shear_on ? e->peculiar : e->kinetic) + e->rotational + rc_edmd_potential_energy(e);
    e->next_reorder = e->reorder_interval > 0 ? (uint64_t)ceil(e->reorder_interval * e->n) : UINT64_MAX;
    if (d->compression.rate != 0 && (s = rc_edmd_growth_create(e, d)) != RC_STATUS_OK) return s;
    if (d->barostat.pressure != 0 && (s = rc_edmd_barostat_create(e, d)) != RC_STATUS_OK) return s;
    if ((s = rc_edmd_parallel_plan(e, d)) != RC_STATUS_OK) return s;
    rc_edmd_start_thermostat(e);
    /* start in space-filling-curve order: input orders (lattice rows, files) scatter neighbours over memory */
    return e->reorder_interval > 0 ? rc_edmd_reorder(e) : rc_edmd_schedule_all(e);
}

rc_status rc_edmd_create(const rc_edmd_def *def, rc_edmd **engine)
{
    return rc_edmd_create_releasing(def, engine, NULL, NULL);
}

rc_status rc_edmd_create_releasing(const rc_edmd_def *def, rc_edmd **engine, void (*release)(void *), void *context)
{
    if (!def || !engine) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_create: NULL argument");
    *engine = NULL;
    rc_status s = check_scalars(def);
    if (s != RC_STATUS_OK) return s;
    rc_edmd *e = calloc(1, sizeof *e);
    if (!e) return rc_fail(RC_STATUS_NO_MEMORY, "engine: out of memory");
    s = build(e, def, release, context);
    if (s != RC_STATUS_OK) {
        rc_edmd_destroy(e);
        return s;
    }
    *engine = e;
    return RC_STATUS_OK;
}

void rc_edmd_destroy(rc_edmd *e)
{
    if (!e) return;
    rc_edmd_neighbours_destroy(e);
    rc_edmd_slabs_destroy(e);
    rc_calendar_destroy(&e->calendar);
    rc_edmd_cluster_destroy(e);
    rc_edmd_collapse_destroy(e);
    rc_edmd_growth_destroy(e);
    rc_edmd_barostat_destroy(e);
    rc_edmd_steps_destroy(e);
    rc_edmd_rough_destroy(e);
    rc_edmd_fixed_destroy(e);
    free(e->kin);
    free(e->mass);
    free(e->species);
    free(e->id);
    free(e->image);
    free(e->counter);
    free(e->event);
    free(e->walls);
    free(e->laws);
    free(e->histogram);
    free(e);
}

double rc_edmd_time(const rc_edmd *e) { return isnan(e->stopped_at) ? e->time_origin + e->now : e->stopped_at; }
int32_t rc_edmd_count(const rc_edmd *e) { return e->n; }

void rc_edmd_counts(const rc_edmd *e, uint64_t *events, uint64_t *collisions)
{
    *events = e->events;
    *collisions = e->collisions;
}
bool rc_edmd_is_sheared(const rc_edmd *e) { return e->shear_on; }
bool rc_edmd_is_isobaric(const rc_edmd *e) { return e->barostat != NULL; }
int rc_edmd_dimension(const rc_edmd *e) { return e->dimension; }
