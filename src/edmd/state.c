/* SPDX-License-Identifier: MIT */
/* The engine's state as bytes, for checkpoints (docs/formats.md, "Checkpoints"): everything that decides the rest of
 * a trajectory. Saving first renews the engine (reorder.c: every particle streamed to now, the clock's origin moved
 * there, lists and events rebuilt), so that the state is the particles, the books and the random generator alone;
 * restoring puts those back into an engine built from the same definition and rebuilds the lists and events the
 * same way. A run with checkpoints and a run resumed from one of them then take the same steps, bit for bit. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/steps.h"

#define STATE_MAGIC 0x3330455441545345ULL /* "ESTATE03" read as a little-endian number */

/* Walks the fields (core/bytes.h): counts their bytes, writes them to the buffer or reads them back. */
static void field(rc_bytes *c, void *value, size_t size) { rc_bytes_field(c, value, size); }

#define FIELD(c, x) field((c), &(x), sizeof(x))

/* The books of stepped potentials and the capture map, as its entries in key order (the map's layout depends on
 * its history, its contents do not). Reading restores them into the map; a bad entry sets *status. */
static void capture_fields(rc_bytes *c, rc_edmd *e, rc_status *status)
{
    rc_edmd_steps *st = e->steps;
    FIELD(c, st->potential), FIELD(c, st->events), FIELD(c, st->bounces), FIELD(c, st->invalid);
    uint64_t count = st->used;
    FIELD(c, count);
    if (c->mode == RC_BYTES_COUNT || c->short_of_room) {
        c->used += count * sizeof(rc_capture);
        return;
    }
    if (count > c->left / sizeof(rc_capture)) {
        c->short_of_room = true;
        return;
    }
    rc_capture *entries = malloc((count > 0 ? count : 1) * sizeof *entries);
    if (!entries) {
        *status = rc_fail(RC_NO_MEMORY, "state: out of memory for %llu captured pairs", (unsigned long long)count);
        return;
    }
    if (c->mode == RC_BYTES_WRITE) rc_capture_sorted(st, entries);
    field(c, entries, count * sizeof *entries);
    if (c->mode == RC_BYTES_READ) *status = rc_capture_restore(e, entries, count);
    free(entries);
}

/* Every field, in one order for both directions. */
static void fields(rc_bytes *c, rc_edmd *e, rc_status *status)
{
    size_t n = (size_t)e->n;
    FIELD(c, e->time_origin), FIELD(c, e->now), FIELD(c, e->stopped_at);
    FIELD(c, e->events), FIELD(c, e->collisions), FIELD(c, e->wall_collisions), FIELD(c, e->stabilising);
    FIELD(c, e->negative_time), FIELD(c, e->three_body), FIELD(c, e->thermostat_events), FIELD(c, e->rebuilds);
    FIELD(c, e->kinetic), FIELD(c, e->kinetic_integral), FIELD(c, e->kinetic_time), FIELD(c, e->virial);
    FIELD(c, e->dissipated), FIELD(c, e->thermostat_energy), FIELD(c, e->initial_energy), FIELD(c, e->max_overlap);
    FIELD(c, e->next_thermostat), FIELD(c, e->rng), FIELD(c, e->next_reorder);
    FIELD(c, e->cluster_count), FIELD(c, e->impact_iterations), FIELD(c, e->lineality_detections);
    FIELD(c, e->impact_fallbacks), FIELD(c, e->largest_cluster);
    if (e->last_hit) FIELD(c, e->collapses);
    FIELD(c, e->held), FIELD(c, e->sleeping), FIELD(c, e->sleeps), FIELD(c, e->wakes), FIELD(c, e->kicks);
    FIELD(c, e->stall_window), FIELD(c, e->stall_clock), FIELD(c, e->last_pair), FIELD(c, e->group_sleep_clock);
    field(c, e->kin, n * sizeof *e->kin);
    if (e->mass) field(c, e->mass, n * sizeof *e->mass);
    field(c, e->id, n * sizeof *e->id);
    field(c, e->image, 3 * n * sizeof *e->image);
    field(c, e->counter, n * sizeof *e->counter);
    if (e->species) field(c, e->species, n * sizeof *e->species);
    if (e->hold) field(c, e->hold, n * sizeof *e->hold);
    if (e->last_collision) field(c, e->last_collision, n * sizeof *e->last_collision);
    if (e->last_hit) field(c, e->last_hit, n * sizeof *e->last_hit);
    if (e->histogram) field(c, e->histogram, (2 * RC_HISTOGRAM_RANGE + 1) * sizeof *e->histogram);
    if (e->growth) {
        field(c, e->growth, sizeof *e->growth);
        FIELD(c, e->max_diameter), FIELD(c, e->shell), FIELD(c, e->shell_exit), FIELD(c, e->growing);
    }
    if (e->shear_on) { /* the renewal that saving makes closes the books at now */
        FIELD(c, e->shear_origin), FIELD(c, e->shear_time), FIELD(c, e->peculiar), FIELD(c, e->peculiar_integral);
        FIELD(c, e->shear_flux), FIELD(c, e->shear_flux_integral), FIELD(c, e->gradient_motion);
        FIELD(c, e->shear_collisional);
    }
    if (e->transport_on) FIELD(c, e->flux);
    if (e->walls_move || e->walls_thermal) FIELD(c, e->wall_work);
    for (int32_t w = 0; e->walls_thermal && w < e->wall_count; w++)
        if (e->walls[w].temperature > 0) FIELD(c, e->walls[w].heat), FIELD(c, e->walls[w].rng);
    if (e->steps) capture_fields(c, e, status);
    if (e->barostat) { /* the box changes: it, the shell cut to it and the moves' books */
        rc_edmd_isobar *b = e->barostat;
        FIELD(c, e->box), FIELD(c, e->half_box), FIELD(c, e->shell), FIELD(c, e->shell_exit), FIELD(c, e->next_renewal);
        FIELD(c, b->step), FIELD(c, b->moves), FIELD(c, b->accepted), FIELD(c, b->window_moves);
        FIELD(c, b->window_accepted), FIELD(c, b->rng);
    }
}

/* What identifies the layout: the engine must be built from the same definition to take the state back. */
typedef struct header {
    uint64_t magic;
    int32_t n, dimension;
    uint8_t species, hold, last_collision, histogram; /* last_collision: bit 0 its times, bit 1 last_hit */
    uint32_t walls;
} header;

static header header_of(const rc_edmd *e)
{
    header h;
    memset(&h, 0, sizeof h);
    h.magic = STATE_MAGIC;
    h.n = e->n, h.dimension = e->dimension, h.walls = (uint32_t)e->wall_count;
    h.species = e->species != NULL, h.hold = e->hold != NULL;
    h.last_collision = (uint8_t)((e->last_collision != NULL) | (e->last_hit != NULL) << 1);
    /* bit 1: compression; bit 2: stepped potentials; bit 3: barostat */
    h.histogram = (uint8_t)((e->histogram != NULL) | (e->growth != NULL) << 1 | (e->steps != NULL) << 2 |
                            (e->barostat != NULL) << 3);
    return h;
}

size_t rc_edmd_state_size(const rc_edmd *e)
{
    rc_bytes c = {RC_BYTES_COUNT, NULL, 0, 0, false};
    rc_status unused = RC_OK;
    fields(&c, (rc_edmd *)e, &unused); /* counting reads and writes nothing */
    return sizeof(header) + c.used;
}

rc_status rc_edmd_state_save(rc_edmd *e, void *buffer, size_t size)
{
    if (!e || !buffer) return rc_fail(RC_INVALID_ARGUMENT, "rc_edmd_state_save: NULL argument");
    if (size < rc_edmd_state_size(e))
        return rc_fail(RC_INVALID_ARGUMENT, "rc_edmd_state_save: %zu bytes, the state needs %zu", size,
                       rc_edmd_state_size(e));
    rc_status s = rc_edmd_reorder(e);
    if (s != RC_OK) return s;
    header h = header_of(e);
    memcpy(buffer, &h, sizeof h);
    rc_bytes c = {RC_BYTES_WRITE, (unsigned char *)buffer + sizeof h, size - sizeof h, 0, false};
    fields(&c, e, &s);
    return s;
}

/* Whether the books of the Helfand moments (transport.c) are ones the engine could have kept: their clock at or before
 * now, the moments finite, and the kinetic sums those of the particles' velocities within rounding (they are kept by
 * increments, so they differ from a fresh sum in the last bits; a damaged one made every viscosity NaN). */
static bool flux_valid(const rc_edmd *e)
{
    static const int first[6] = {0, 1, 2, 0, 0, 1}, second[6] = {0, 1, 2, 1, 2, 2};
    const rc_edmd_flux *f = &e->flux;
    double tensor[6] = {0}, heat[3] = {0}, scale = 0, heat_scale = 0;
    for (int32_t k = 0; k < e->n; k++) {
        const double *v = e->kin[k].v;
        double m = rc_edmd_mass(e, k), energy = 0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int c = 0; c < 6; c++) tensor[c] += m * v[first[c]] * v[second[c]];
        for (int a = 0; a < 3; a++) heat[a] += energy * v[a], heat_scale += energy * fabs(v[a]);
        scale += 2 * energy;
    }
    bool fine = f->time <= e->now && f->time >= -RC_EDMD_RANGE;
    for (int c = 0; c < 9; c++) fine = fine && isfinite(f->moments[c]);
    for (int c = 0; c < 6; c++) fine = fine && fabs(f->tensor[c] - tensor[c]) <= 1e-6 * scale + DBL_MIN;
    for (int a = 0; a < 3; a++) fine = fine && fabs(f->heat[a] - heat[a]) <= 1e-6 * heat_scale + DBL_MIN;
    return fine;
}

/* The restored books that index arrays or name particles must agree with the arrays they describe: the held and
 * sleeping counts with the hold array (fuzz/checkpoint.c found held > 0 without one), each hold a known state or
 * wall, each species one the definition had, each mass finite and positive, the last event's pair real. */
static rc_status check_books(const rc_edmd *e)
{
    int32_t held = 0, sleeping = 0;
    for (int32_t k = 0; e->hold && k < e->n; k++) {
        if (e->hold[k] >= RC_SLIDING0 + e->wall_count)
            return rc_fail(RC_INVALID_ARGUMENT, "state: particle %d is held by wall %d of %d", (int)k,
                           (int)e->hold[k] - RC_SLIDING0, (int)e->wall_count);
        held += e->hold[k] != RC_FREE, sleeping += e->hold[k] == RC_ASLEEP;
    }
    if (e->held != held || e->sleeping != sleeping)
        return rc_fail(RC_INVALID_ARGUMENT, "state: %d particles held and %d asleep, the particles say %d and %d",
                       (int)e->held, (int)e->sleeping, (int)held, (int)sleeping);
    for (int32_t k = 0; e->species && k < e->n; k++)
        if (e->species[k] < 0 || e->species[k] > e->species_max)
            return rc_fail(RC_INVALID_ARGUMENT, "state: particle %d has species %d, not one of 0 to %d", (int)k,
                           (int)e->species[k], (int)e->species_max);
    for (int32_t k = 0; e->mass && k < e->n; k++)
        if (!(e->mass[k] > 0 && e->mass[k] <= DBL_MAX))
            return rc_fail(RC_INVALID_ARGUMENT, "state: particle %d has mass %g", (int)k, e->mass[k]);
    /* the stall test measures the clock's advance since stall_clock, which is never ahead of it (a NaN or a later
     * one would report a stall at once) */
    if (!(e->stall_clock <= e->now && e->stall_clock >= -ldexp(1, 41)) || isnan(e->group_sleep_clock))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the stall clock %g (the clock reads %g) or the sleep clock %g is "
                                            "not valid", e->stall_clock, e->now, e->group_sleep_clock);
    if (e->shear_on) { /* the images' offset within the flow edge, the books of the peculiar motion finite */
        double books[] = {e->shear_time, e->peculiar, e->peculiar_integral, e->shear_flux, e->shear_flux_integral,
                          e->gradient_motion, e->shear_collisional};
        bool fine = e->shear_origin >= 0 && e->shear_origin < e->box[e->flow];
        for (size_t i = 0; i < sizeof books / sizeof *books; i++) fine = fine && isfinite(books[i]);
        if (!fine) return rc_fail(RC_INVALID_ARGUMENT, "state: the shear's offset %g or its books are not valid",
                                  e->shear_origin);
    }
    /* the energy books: finite (a NaN initial energy left energy_drift null at the end of a resumed run) */
    double energies[] = {e->kinetic, e->kinetic_integral, e->kinetic_time, e->virial, e->dissipated,
                         e->thermostat_energy, e->initial_energy, e->max_overlap};
    for (size_t i = 0; i < sizeof energies / sizeof *energies; i++)
        if (!isfinite(energies[i]) || e->max_overlap < 0)
            return rc_fail(RC_INVALID_ARGUMENT, "state: the energy books (kinetic, virial, dissipated, thermostat, "
                                                "initial, largest overlap) are not all finite");
    if (e->transport_on && !flux_valid(e))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the Helfand moments' books (transport) are not the particles' "
                                            "or not finite");
    bool pair = e->last_pair[0] >= 0 && e->last_pair[0] < e->n && e->last_pair[1] < e->n &&
                e->last_pair[1] > RC_EVENT_WALL0 - (int32_t)e->wall_count;
    if (!pair && e->n > 0)
        return rc_fail(RC_INVALID_ARGUMENT, "state: the last event's pair (%d, %d) is not valid", (int)e->last_pair[0],
                       (int)e->last_pair[1]);
    return RC_OK;
}

/* Whether x is within one box of the box along every periodic axis: an engine keeps its particles within a shell of
 * it (wrapped at each renewal, which saving makes); far beyond, wrapping would count more crossings than an int holds
 * (fuzz/checkpoint.c). */
static bool near_box(const rc_edmd *e, const double x[3])
{
    for (int a = 0; a < e->dimension; a++)
        if (e->periodic[a] && !(x[a] >= -e->box[a] && x[a] <= 2 * e->box[a])) return false;
    return true;
}

/* A restored state must be one an engine could have reached: clocks, positions and velocities finite and within
 * 2^40 (about 1e12), ids a permutation of the particles. A damaged or forged checkpoint (fuzz/checkpoint.c found
 * -inf positions) fails here rather than in the neighbour lists. */
static rc_status check_restored(const rc_edmd *e)
{
    double range = RC_EDMD_RANGE;
    if (!(fabs(e->time_origin) <= range) || !(fabs(e->now) <= range))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the clock (%g, %g) is not valid", e->time_origin, e->now);
    /* stopped_at is NaN or the time the clock was brought to (origin + now within rounding): a stale one would put
     * every limit behind the clock and the run would wait forever (fuzz/checkpoint.c) */
    double clock = e->time_origin + e->now;
    if (!isnan(e->stopped_at) &&
        !(fabs(e->stopped_at - clock) <= 8 * DBL_EPSILON * (fabs(e->time_origin) + fabs(e->now) + fabs(clock))))
        return rc_fail(RC_INVALID_ARGUMENT, "state: stopped at %.17g while the clock reads %.17g", e->stopped_at,
                       clock);
    /* the system's next events lie ahead of the clock (one far behind it, -6e110 from the fuzzer, took the clock
     * back with it and every position out of range); a thermostat that is off has none */
    bool thermostat = e->thermostat_rate > 0 && e->n > 0;
    if (!(e->next_thermostat >= e->now) || (!thermostat && e->next_thermostat != INFINITY))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the next thermostat time %g is not one after the clock (%g)",
                       e->next_thermostat, e->now);
    if (e->barostat && !(e->next_renewal >= e->now && e->next_renewal <= e->now + 2 * e->barostat->interval))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the next volume move at %g is not within two intervals after the "
                       "clock (%g)", e->next_renewal, e->now);
    bool *seen = calloc((size_t)e->n + 1, sizeof *seen);
    if (!seen) return rc_fail(RC_NO_MEMORY, "out of memory checking a state of %d particles", (int)e->n);
    rc_status s = RC_OK;
    for (int32_t i = 0; i < e->n && !s; i++) {
        const rc_kin *p = &e->kin[i];
        bool fine = fabs(p->t) <= range && p->radius > 0 && p->radius <= range;
        for (int a = 0; a < 3; a++) fine = fine && fabs(p->x[a]) <= range && fabs(p->v[a]) <= range;
        if (!fine)
            s = rc_fail(RC_INVALID_ARGUMENT, "state: particle %d has a position, velocity, time or radius beyond %g "
                                             "or not finite", (int)i, range);
        else if (!near_box(e, p->x))
            s = rc_fail(RC_INVALID_ARGUMENT, "state: particle %d lies more than a box away from the periodic box",
                        (int)i);
        else if (e->id[i] < 0 || e->id[i] >= e->n || seen[e->id[i]])
            s = rc_fail(RC_INVALID_ARGUMENT, "state: the particles' ids are not a permutation");
        else seen[e->id[i]] = true;
    }
    free(seen);
    return s == RC_OK ? check_books(e) : s;
}

/* A restored box (barostat) must leave the shell room, as every volume move does; half_box is half of it, and the
 * barostat's books are ones its moves could have written: the log-volume step in [0, 1] (it adapts within that; a NaN
 * step made every later position NaN: fuzz/checkpoint.c), acceptances at most the moves. */
static rc_status check_box(const rc_edmd *e)
{
    bool fine = e->shell > 0 && e->shell_exit > 0 && e->shell_exit <= e->shell;
    for (int a = 0; a < e->dimension; a++) fine = fine && e->box[a] > 0 && e->box[a] <= RC_EDMD_RANGE;
    if (!fine || !(rc_edmd_shell_room(e, e->box) >= e->shell))
        return rc_fail(RC_INVALID_ARGUMENT, "state: the box or the shell is not valid");
    for (int a = 0; a < e->dimension; a++)
        if (e->half_box[a] != 0.5 * e->box[a])
            return rc_fail(RC_INVALID_ARGUMENT, "state: half the box along axis %d is %g, the box %g", a,
                           e->half_box[a], e->box[a]);
    const rc_edmd_isobar *b = e->barostat;
    if (!(b->step >= 0 && b->step <= 1) || b->accepted > b->moves || b->window_moves > b->moves ||
        b->window_accepted > b->window_moves)
        return rc_fail(RC_INVALID_ARGUMENT, "state: the barostat's step %g or its counts of moves are not valid",
                       b->step);
    return RC_OK;
}

rc_status rc_edmd_state_restore(rc_edmd *e, const void *buffer, size_t size)
{
    if (!e || !buffer) return rc_fail(RC_INVALID_ARGUMENT, "rc_edmd_state_restore: NULL argument");
    header want = header_of(e), got;
    if (size < sizeof got) return rc_fail(RC_INVALID_ARGUMENT, "state: %zu bytes is too short", size);
    memcpy(&got, buffer, sizeof got);
    if (got.magic != STATE_MAGIC) return rc_fail(RC_INVALID_ARGUMENT, "state: not an event-driven engine state");
    /* with stepped potentials the size depends on the capture map: checked once it is read */
    if (memcmp(&got, &want, sizeof got) != 0 || (!e->steps && size != rc_edmd_state_size(e)))
        return rc_fail(RC_INVALID_ARGUMENT,
                       "state: made by an engine of %d particles in %dD with %u walls, not by this definition (%d "
                       "particles in %dD, %u walls) or not with its options",
                       (int)got.n, (int)got.dimension, got.walls, (int)want.n, (int)want.dimension, want.walls);
    rc_bytes c = {RC_BYTES_READ, (unsigned char *)buffer + sizeof got, size - sizeof got, 0, false};
    rc_status s = RC_OK;
    rc_edmd_growth fresh;
    if (e->growth) fresh = *e->growth;
    fields(&c, e, &s);
    if (c.short_of_room) return rc_fail(RC_INVALID_ARGUMENT, "state: truncated");
    if (c.left != 0) return rc_fail(RC_INVALID_ARGUMENT, "state: %zu bytes too many", c.left);
    if (s == RC_OK) s = check_restored(e);
    if (s == RC_OK && e->growth) s = rc_edmd_growth_check_restored(e, &fresh);
    if (s == RC_OK && e->growth) s = rc_edmd_growth_resize(e);
    if (s == RC_OK && e->barostat) s = check_box(e);
    if (s == RC_OK && e->barostat) s = rc_edmd_neighbours_resize(e);
    if (s == RC_OK) s = rc_edmd_neighbours_build_all(e);
    return s == RC_OK ? rc_edmd_schedule_all(e) : s;
}
