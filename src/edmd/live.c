/* SPDX-License-Identifier: MIT */
/* The event-driven engine changed between advances (src/edmd/live.h): new particles from arrays, and new parameters
 * at the present instant. Both first renew the engine as a checkpoint does (reorder.c: every particle streamed to now
 * under the old dynamics, the kinetic integral closed there), then change it, then rebuild the lists and every event
 * under the new values, so that predictions made under the old ones never fire. Everything is checked before
 * anything changes: a refused change leaves the engine as it was. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/range.h"
#include "core/status.h"
#include "edmd/advance.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/live.h"
#include "edmd/neighbours.h"
#include "edmd/observe.h"
#include "edmd/reorder.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/steps.h"

/* The walls of the closed box axes: the last ones of e->walls (engine.c, make_walls). */
static int32_t box_walls(const rc_edmd *e)
{
    int32_t count = 0;
    for (int a = 0; a < e->dimension; a++) count += e->periodic[a] ? 0 : 2;
    return count;
}

/* A renewal (reorder.c) that keeps the engine's own schedule of renewals: a change is not a renewal by count. A
 * compression's schedule (its windows) is the renewal's own, as after a checkpoint. */
static rc_status renew(rc_edmd *e)
{
    uint64_t next = e->next_reorder;
    rc_status s = rc_edmd_reorder(e);
    if (!e->growth) e->next_reorder = next;
    return s;
}

/* Every held particle (asleep or sliding) free again: it was streamed to now, its state is exact. Fixed obstacles
 * stay held asleep for good (fixed.c). */
static void wake_all(rc_edmd *e)
{
    if (!e->hold) return;
    for (int32_t k = 0; k < e->n; k++) e->hold[k] = rc_edmd_is_fixed(e, k) ? RC_ASLEEP : RC_FREE;
    e->held = e->sleeping = e->fixed ? e->fixed_count : 0;
}

rc_status rc_edmd_check_frame(const rc_edmd *e, const rc_frame *f, const double box[3])
{
    int32_t extra = e->wall_count - box_walls(e);
    rc_wall *walls = calloc(extra > 0 ? (size_t)extra : 1, sizeof *walls);
    if (!walls) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int32_t w = 0; w < extra; w++) {
        memcpy(walls[w].point, e->walls[w].point, sizeof walls[w].point);
        memcpy(walls[w].normal, e->walls[w].normal, sizeof walls[w].normal);
        walls[w].restitution = e->walls[w].restitution;
    }
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = e->dimension;
    for (int a = 0; a < 3; a++) d.box[a] = box[a], d.periodic[a] = e->periodic[a];
    d.walls = walls, d.wall_count = extra;
    if (e->shear_on) { /* minimum images across the sheared boundary, at the present offset */
        d.shear.on = true, d.shear.flow = e->flow, d.shear.gradient = e->gradient;
        d.shear.offset = rc_edmd_shear_offset(e);
    }
    d.count = f->count;
    d.positions = f->positions, d.velocities = f->velocities, d.radii = f->radii, d.masses = f->masses;
    d.species = f->species;
    rc_status s = rc_edmd_def_check(&d);
    free(walls);
    return s;
}

/* What the engine's arrays can take: masses that differ only where it keeps one per particle, species only where
 * it keeps them, radii within the largest the lists were sized for. */
static rc_status check_fit(const rc_edmd *e, const rc_frame *f)
{
    for (int32_t k = 0; k < f->count; k++) {
        if (!e->mass && f->masses[k] != e->uniform_mass)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "masses[%d]: %g, but this engine was built with one mass (%g) for "
                           "every particle: build it with different masses to set them one by one",
                           (int)k, f->masses[k], e->uniform_mass);
        int32_t species = f->species ? f->species[k] : 0;
        if (species < 0 || species > (e->species ? e->species_max : 0))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species[%d]: %d is not one of the engine's species 0 to %d",
                           (int)k, (int)species, (int)(e->species ? e->species_max : 0));
        if (f->radii[k] > 0.5 * e->max_diameter)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "radii[%d]: %g is larger than the largest radius the engine was built "
                           "with (%g)",
                           (int)k, f->radii[k], 0.5 * e->max_diameter);
    }
    return RC_STATUS_OK;
}

/* The energy the engine's balance starts from (engine.c): kinetic (peculiar under shear) plus potential. */
static double energy(const rc_edmd *e)
{
    return (e->shear_on ? e->peculiar : e->kinetic) + rc_edmd_potential_energy(e);
}

rc_status rc_edmd_particles_set(rc_edmd *e, const rc_frame *f)
{
    if (!e || !f) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_particles_set: NULL argument");
    if (f->count != e->n)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "positions: %d particles given, the engine has %d", (int)f->count,
                       (int)e->n);
    const char *why = e->growth ? "compresses: it grows every radius on its own clock and rescales the velocities "
                                  "at every window, so new radii and velocities would leave its schedule"
                      : e->transport_on ? "measures transport coefficients: its moments integrate every particle's "
                                          "path since the start, and a jump would count as motion"
                      : e->steps && e->steps->bond_count > 0 ? "has bonds: new positions are not checked against "
                                                               "the bonds' walls yet"
                                                             : NULL;
    if (why)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "positions: the particles of an engine that %s cannot be replaced",
                       why);
    rc_status s = check_fit(e, f);
    if (!s) s = rc_edmd_check_frame(e, f, e->box);
    if (!s) s = renew(e);
    if (s) return s;
    double before = energy(e);
    for (int32_t k = 0; k < e->n; k++) {
        int32_t i = e->id[k];
        rc_kin *p = &e->kin[k];
        for (int a = 0; a < 3; a++) p->x[a] = f->positions[3 * i + a], p->v[a] = f->velocities[3 * i + a];
        p->t = e->now;
        p->radius = f->radii[i];
        if (e->mass) e->mass[k] = f->masses[i];
        if (e->species) e->species[k] = f->species ? f->species[i] : 0;
    }
    wake_all(e);
    e->kinetic = rc_edmd_kinetic_energy(e);
    if (e->shear_on) rc_edmd_shear_rate_profile(e, e->shear_rate); /* the books of the peculiar motion, counted */
    s = rc_edmd_neighbours_build_all(e);
    if (!s && e->steps) s = rc_edmd_steps_capture_again(e); /* the pairs inside the wells, where they now are */
    e->initial_energy += energy(e) - before;                /* energy put in from outside: not a drift */
    return s ? s : rc_edmd_schedule_all(e);
}

/* ---- parameters ---- */

static const char *const KEYS[] = {"box",
                                   "restitution",
                                   "box.restitution",
                                   "walls.restitution",
                                   "gravity",
                                   "thermostat.temperature",
                                   "thermostat.rate",
                                   "box.shear.rate",
                                   "interactions.depth",
                                   "compression.rate",
                                   "compression.until.packing_fraction",
                                   NULL};

bool rc_edmd_parameter_known(const char *key)
{
    for (int k = 0; key && KEYS[k]; k++)
        if (strcmp(key, KEYS[k]) == 0) return true;
    return false;
}

/* The first wall the key names, and how many: box.restitution the box's, walls.restitution the others. */
static void walls_of(const rc_edmd *e, const char *key, int32_t *first, int32_t *count)
{
    int32_t box = box_walls(e);
    bool of_box = strcmp(key, "box.restitution") == 0;
    *first = of_box ? e->wall_count - box : 0;
    *count = of_box ? box : e->wall_count - box;
}

rc_status rc_edmd_parameter_get(const rc_edmd *e, const char *key, double value[3], int *length)
{
    if (!rc_edmd_parameter_known(key))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: the event-driven engine cannot change it at run time (it can "
                       "change box, restitution, box.restitution, walls.restitution, gravity, thermostat.temperature, "
                       "thermostat.rate, box.shear.rate, interactions.depth, compression.rate and "
                       "compression.until.packing_fraction)",
                       key ? key : "(null)");
    *length = 1;
    if (strcmp(key, "gravity") == 0) {
        *length = e->dimension;
        for (int a = 0; a < 3; a++) value[a] = e->gravity[a];
    } else if (strcmp(key, "restitution") == 0) value[0] = e->restitution;
    else if (strcmp(key, "thermostat.temperature") == 0) value[0] = e->thermostat_temperature;
    else if (strcmp(key, "box") == 0) {
        *length = e->dimension;
        for (int a = 0; a < 3; a++) value[a] = e->box[a];
    } else if (strcmp(key, "thermostat.rate") == 0) value[0] = e->thermostat_rate;
    else if (strcmp(key, "interactions.depth") == 0) return rc_edmd_steps_depth_get(e, value);
    else if (strncmp(key, "compression.", 12) == 0) return rc_edmd_growth_get(e, key, value);
    else if (strcmp(key, "box.shear.rate") == 0) {
        if (!e->shear_on)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.shear.rate: the scene has no shear (box.shear)");
        value[0] = e->shear_rate;
    } else {
        int32_t first, count;
        walls_of(e, key, &first, &count);
        if (count == 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the scene has no such walls", key);
        value[0] = e->walls[first].restitution;
    }
    return RC_STATUS_OK;
}

rc_status rc_edmd_parameter_check(const rc_edmd *e, const char *key, const double *value, int length)
{
    double old[3];
    int want;
    rc_status s = rc_edmd_parameter_get(e, key, old, &want);
    if (!s) s = rc_range_check_count(key, value, length, want);
    if (s) return s;
    if (strcmp(key, "box") == 0) return rc_edmd_box_check(e, value, length);
    bool gravity = strcmp(key, "gravity") == 0, restitution = strstr(key, "restitution") != NULL;
    bool thermostat = strncmp(key, "thermostat.", 11) == 0;
    if (restitution && !(value[0] >= 0 && value[0] <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is not in [0, 1]", key, value[0]);
    if (thermostat && value[0] < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %g is negative", key, value[0]);
    bool pulled = gravity && (value[0] != 0 || value[1] != 0 || (length == 3 && value[2] != 0));
    const char *conflict = NULL;
    if (e->barostat && restitution && value[0] != 1) conflict = "the barostat needs elastic collisions";
    else if (e->transport_on &&
             ((restitution && value[0] != 1) || pulled || (strcmp(key, "thermostat.rate") == 0 && value[0] > 0)))
        conflict = "transport coefficients need elastic collisions, no gravity and no thermostat";
    else if (pulled && (e->growth || e->shear_on || e->barostat))
        conflict = "a compression, a shear or a barostat runs without gravity";
    if (conflict) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s", key, conflict);
    return RC_STATUS_OK;
}

/* The list of last hits that tells a collapse from a simultaneous impact (collapse.c), made when restitution first
 * drops below 1 in an engine with clusters. */
static rc_status keep_last_hits(rc_edmd *e)
{
    if (e->last_hit || !e->clusters_on) return RC_STATUS_OK;
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    if (!(e->last_hit = malloc(n * sizeof *e->last_hit)))
        return rc_fail(RC_STATUS_NO_MEMORY, "restitution: out of memory");
    for (int32_t k = 0; k < e->n; k++) e->last_hit[k] = (rc_last_hit){RC_EVENT_NONE, 0};
    return RC_STATUS_OK;
}

rc_status rc_edmd_parameter_put(rc_edmd *e, const char *key, const double *value, int length)
{
    bool box = strcmp(key, "box") == 0; /* its particles are checked by set, restored after a replay */
    rc_status s = box ? rc_edmd_box_put(e, value, length) : rc_edmd_parameter_check(e, key, value, length);
    if (s || box) return s;
    if (strcmp(key, "gravity") == 0) {
        e->has_gravity = false;
        for (int a = 0; a < 3; a++) {
            e->gravity[a] = a < length ? value[a] : 0;
            e->has_gravity |= e->gravity[a] != 0;
        }
        double g = sqrt(e->gravity[0] * e->gravity[0] + e->gravity[1] * e->gravity[1] + e->gravity[2] * e->gravity[2]);
        e->hop = g > 0 ? e->rest_speed * e->rest_speed / (2 * g) : 0;
        e->group_sleep_interval = g > 0 ? 0.1 * e->sleep_speed / g : 0;
        e->sleep_on = e->sleep_on && e->has_gravity;
        wake_all(e);
    } else if (strcmp(key, "thermostat.temperature") == 0) {
        e->thermostat_temperature = value[0];
    } else if (strcmp(key, "thermostat.rate") == 0) {
        e->thermostat_rate = value[0];
        rc_edmd_start_thermostat(e);
    } else if (strcmp(key, "box.shear.rate") == 0) {
        if ((s = rc_edmd_shear_rate_put(e, value[0]))) return s;
    } else if (strcmp(key, "interactions.depth") == 0) {
        if ((s = rc_edmd_steps_depth_put(e, value[0]))) return s;
    } else if (strncmp(key, "compression.", 12) == 0) {
        if ((s = rc_edmd_growth_put(e, key, value[0]))) return s;
    } else if (strcmp(key, "restitution") == 0) {
        if (value[0] < 1 && (s = keep_last_hits(e))) return s;
        e->restitution = value[0];
    } else {
        int32_t first, count;
        walls_of(e, key, &first, &count);
        if (value[0] < 1 && (s = keep_last_hits(e))) return s;
        for (int32_t w = first; w < first + count; w++) e->walls[w].restitution = value[0];
    }
    e->momentum_conserved = e->wall_count == 0 && !e->has_gravity && e->thermostat_rate == 0;
    return RC_STATUS_OK;
}

rc_status rc_edmd_parameter_set(rc_edmd *e, const char *key, const double *value, int length)
{
    rc_status s = rc_edmd_parameter_check(e, key, value, length);
    if (!s) s = renew(e);
    double rate_was = e->shear_rate, before = s ? 0 : energy(e);
    if (!s) s = rc_edmd_parameter_put(e, key, value, length);
    if (s) return s;
    if (strcmp(key, "box.shear.rate") == 0) { /* the profile follows the rate; the lists take the new slack */
        rc_edmd_shear_rate_profile(e, rate_was);
        e->kinetic = rc_edmd_kinetic_energy(e);
        if ((s = rc_edmd_neighbours_build_all(e))) return s;
    }
    if (strcmp(key, "interactions.depth") == 0) rc_edmd_steps_recount(e);
    if (strcmp(key, "box") == 0) {
        wake_all(e); /* resting contacts were found against the old faces */
        if ((s = rc_edmd_neighbours_build_all(e))) return s;
    }
    /* a new pull of gravity, depth of the wells or streaming profile is energy put in from outside, not a drift */
    e->initial_energy += energy(e) - before;
    return rc_edmd_schedule_all(e);
}
