/* SPDX-License-Identifier: MIT */
/* The engine's state as bytes, for checkpoints (docs/formats.md, "Checkpoints"): everything that decides the rest of
 * a trajectory. Saving first renews the engine (reorder.c: every particle streamed to now, the clock's origin moved
 * there, lists and events rebuilt), so that the state is the particles, the books and the random generator alone;
 * restoring puts those back into an engine built from the same definition and rebuilds the lists and events the
 * same way. A run with checkpoints and a run resumed from one of them then take the same steps, bit for bit. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/status.h"
#include "core/tagged.h"
#include "edmd/barostat.h"
#include "edmd/engine.h"
#include "edmd/growth.h"
#include "edmd/neighbours.h"
#include "edmd/reorder.h"
#include "edmd/schedule.h"
#include "edmd/steps.h"

#define STATE_MAGIC 0x3430455441545345ULL  /* "ESTATE04" read as a little-endian number: tagged records */
#define LEGACY_MAGIC 0x3330455441545345ULL /* "ESTATE03": the fields one after another, still read */

/* A walk over the fields: counts their bytes, writes them or reads them back, as tagged records (ESTATE04, each
 * field a BYTES record of its name) or, reading a state of ESTATE03, as the fields one after another (core/bytes.h). */
typedef struct walk {
    rc_bytes raw; /* its mode is the walk's; `left` bounds what a count read may allocate */
    bool tagged;
    rc_tagged_writer *writer; /* tagged, counting or writing */
    const void *records;      /* tagged, reading */
    uint64_t size;
    const char *damaged; /* tagged, reading: the first field missing (required) or of another size */
} walk;

/* One field: a record of its name, or the next bytes. A tagged state that lacks a field leaves the engine's value
 * (built from the definition) unless the field is required. */
static void named(walk *c, const char *name, void *value, size_t size, bool required)
{
    if (!c->tagged) {
        rc_bytes_field(&c->raw, value, size);
        return;
    }
    if (c->raw.mode != RC_BYTES_READ) {
        rc_tagged_put(c->writer, name, RC_TAGGED_BYTES, value, size);
        return;
    }
    rc_tagged r;
    if (c->damaged || !rc_tagged_find(c->records, c->size, name, &r)) {
        if (required && !c->damaged) c->damaged = name;
        return;
    }
    if (r.type != RC_TAGGED_BYTES || r.size != size) c->damaged = name;
    else if (size) memcpy(value, r.value, size);
}

#define FIELD(c, name, x) named((c), (name), &(x), sizeof(x), false)
/* The clock and the random generator: required, as the particles are. */
#define NEED(c, name, x) named((c), (name), &(x), sizeof(x), true)

/* A field the state cannot do without (the particles, the books of a map): required in a tagged state. */
static void array(walk *c, const char *name, void *value, size_t size) { named(c, name, value, size, true); }

/* The books of stepped potentials and the capture map, as its entries in key order (the map's layout depends on
 * its history, its contents do not). Reading restores them into the map; a bad entry sets *status. */
static void capture_fields(walk *c, rc_edmd *e, rc_status *status)
{
    rc_edmd_steps *st = e->steps;
    FIELD(c, "steps.potential", st->potential), FIELD(c, "steps.events", st->events),
        FIELD(c, "steps.bounces", st->bounces), FIELD(c, "steps.invalid", st->invalid);
    uint64_t count = st->used;
    FIELD(c, "steps.captured", count);
    if (c->raw.mode == RC_BYTES_COUNT) {
        array(c, "steps.captures", NULL, count * sizeof(rc_capture));
        return;
    }
    if (c->raw.short_of_room || c->damaged) return;
    if (count > c->raw.left / sizeof(rc_capture)) {
        c->raw.short_of_room = true;
        return;
    }
    rc_capture *entries = malloc((count > 0 ? count : 1) * sizeof *entries);
    if (!entries) {
        *status =
            rc_fail(RC_STATUS_NO_MEMORY, "state: out of memory for %llu captured pairs", (unsigned long long)count);
        return;
    }
    if (c->raw.mode == RC_BYTES_WRITE) rc_capture_sorted(st, entries);
    array(c, "steps.captures", entries, count * sizeof *entries);
    if (c->raw.mode == RC_BYTES_READ && !c->damaged) *status = rc_capture_restore(e, entries, count);
    free(entries);
}

/* Every field, in one order for both directions. */
static void fields(walk *c, rc_edmd *e, rc_status *status)
{
    size_t n = (size_t)e->n;
    NEED(c, "time_origin", e->time_origin), NEED(c, "now", e->now), FIELD(c, "stopped_at", e->stopped_at);
    FIELD(c, "events", e->events), FIELD(c, "collisions", e->collisions),
        FIELD(c, "wall_collisions", e->wall_collisions), FIELD(c, "stabilising", e->stabilising);
    FIELD(c, "negative_time", e->negative_time), FIELD(c, "three_body", e->three_body),
        FIELD(c, "thermostat_events", e->thermostat_events), FIELD(c, "rebuilds", e->rebuilds);
    FIELD(c, "kinetic", e->kinetic), FIELD(c, "kinetic_integral", e->kinetic_integral),
        FIELD(c, "kinetic_time", e->kinetic_time), FIELD(c, "virial", e->virial);
    FIELD(c, "dissipated", e->dissipated), FIELD(c, "thermostat_energy", e->thermostat_energy),
        FIELD(c, "initial_energy", e->initial_energy), FIELD(c, "max_overlap", e->max_overlap);
    FIELD(c, "next_thermostat", e->next_thermostat), NEED(c, "rng", e->rng), FIELD(c, "next_reorder", e->next_reorder);
    FIELD(c, "cluster_count", e->cluster_count), FIELD(c, "impact_iterations", e->impact_iterations),
        FIELD(c, "lineality_detections", e->lineality_detections);
    FIELD(c, "impact_fallbacks", e->impact_fallbacks), FIELD(c, "largest_cluster", e->largest_cluster);
    if (e->last_hit) FIELD(c, "collapses", e->collapses);
    FIELD(c, "held", e->held), FIELD(c, "sleeping", e->sleeping), FIELD(c, "sleeps", e->sleeps),
        FIELD(c, "wakes", e->wakes), FIELD(c, "kicks", e->kicks);
    FIELD(c, "stall_window", e->stall_window), FIELD(c, "stall_clock", e->stall_clock),
        FIELD(c, "last_pair", e->last_pair), FIELD(c, "group_sleep_clock", e->group_sleep_clock);
    array(c, "kin", e->kin, n * sizeof *e->kin);
    if (e->mass) array(c, "mass", e->mass, n * sizeof *e->mass);
    if (e->spin) {
        FIELD(c, "rotational", e->rotational);
        array(c, "spin", e->spin, n * (size_t)e->spin_stride * sizeof *e->spin);
        array(c, "inertia", e->inertia, n * sizeof *e->inertia);
    }
    array(c, "id", e->id, n * sizeof *e->id);
    array(c, "image", e->image, 3 * n * sizeof *e->image);
    array(c, "counter", e->counter, n * sizeof *e->counter);
    if (e->species) array(c, "species", e->species, n * sizeof *e->species);
    if (e->hold) array(c, "hold", e->hold, n * sizeof *e->hold);
    if (e->fixed) array(c, "fixed", e->fixed, n * sizeof *e->fixed);
    if (e->last_collision) array(c, "last_collision", e->last_collision, n * sizeof *e->last_collision);
    if (e->last_hit) array(c, "last_hit", e->last_hit, n * sizeof *e->last_hit);
    if (e->histogram) array(c, "histogram", e->histogram, (2 * RC_HISTOGRAM_RANGE + 1) * sizeof *e->histogram);
    if (e->growth) {
        array(c, "growth", e->growth, sizeof *e->growth);
        FIELD(c, "max_diameter", e->max_diameter), FIELD(c, "shell", e->shell), FIELD(c, "shell_exit", e->shell_exit),
            FIELD(c, "growing", e->growing);
    }
    if (e->shear_on) { /* the renewal that saving makes closes the books at now */
        FIELD(c, "shear_origin", e->shear_origin), FIELD(c, "shear_time", e->shear_time),
            FIELD(c, "peculiar", e->peculiar), FIELD(c, "peculiar_integral", e->peculiar_integral);
        FIELD(c, "shear_flux", e->shear_flux), FIELD(c, "shear_flux_integral", e->shear_flux_integral),
            FIELD(c, "gradient_motion", e->gradient_motion);
        FIELD(c, "shear_collisional", e->shear_collisional);
    }
    if (e->transport_on) FIELD(c, "flux", e->flux);
    if (e->walls_move || e->walls_thermal) FIELD(c, "wall_work", e->wall_work);
    for (int32_t w = 0; e->walls_thermal && w < e->wall_count; w++)
        if (e->walls[w].temperature > 0) {
            char heat[32], rng[32];
            snprintf(heat, sizeof heat, "wall_heat_%d", (int)w);
            snprintf(rng, sizeof rng, "wall_rng_%d", (int)w);
            FIELD(c, heat, e->walls[w].heat), FIELD(c, rng, e->walls[w].rng);
        }
    if (e->steps) capture_fields(c, e, status);
    if (e->barostat) { /* the box changes: it, the shell cut to it and the moves' books */
        rc_edmd_isobar *b = e->barostat;
        FIELD(c, "box", e->box), FIELD(c, "half_box", e->half_box), FIELD(c, "shell", e->shell),
            FIELD(c, "shell_exit", e->shell_exit), FIELD(c, "next_renewal", e->next_renewal);
        FIELD(c, "barostat.step", b->step), FIELD(c, "barostat.moves", b->moves),
            FIELD(c, "barostat.accepted", b->accepted), FIELD(c, "barostat.window_moves", b->window_moves);
        FIELD(c, "barostat.window_accepted", b->window_accepted), FIELD(c, "barostat.rng", b->rng);
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
    /* bit 1: compression; bit 2: stepped potentials; bit 3: barostat; bit 4: spins; bit 5: fixed particles */
    h.histogram = (uint8_t)((e->histogram != NULL) | (e->growth != NULL) << 1 | (e->steps != NULL) << 2 |
                            (e->barostat != NULL) << 3 | (e->spin != NULL) << 4 | (e->fixed != NULL) << 5);
    return h;
}

/* The records of the state into w (counted, or written): the layout, then every field. */
static void put_state(rc_edmd *e, rc_tagged_writer *w, rc_bytes_mode mode, rc_status *status)
{
    header h = header_of(e);
    rc_tagged_put(w, "layout", RC_TAGGED_BYTES, &h, sizeof h);
    walk c = {.raw = {mode, NULL, w->capacity, 0, false}, .tagged = true, .writer = w};
    fields(&c, e, status);
}

size_t rc_edmd_state_size(const rc_edmd *e)
{
    rc_tagged_writer w = {.count_only = true};
    rc_status unused = RC_STATUS_OK;
    put_state((rc_edmd *)e, &w, RC_BYTES_COUNT, &unused); /* counting reads and writes nothing */
    return w.size;
}

rc_status rc_edmd_state_save(rc_edmd *e, void *buffer, size_t size)
{
    if (!e || !buffer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_state_save: NULL argument");
    if (size < rc_edmd_state_size(e))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_state_save: %zu bytes, the state needs %zu", size,
                       rc_edmd_state_size(e));
    rc_status s = rc_edmd_reorder(e);
    if (s != RC_STATUS_OK) return s;
    rc_tagged_writer w = {.data = buffer, .capacity = size, .fixed = true};
    put_state(e, &w, RC_BYTES_WRITE, &s);
    if (!s && w.failed)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_state_save: the state outgrew its %zu bytes", size);
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
    int32_t held = 0, sleeping = 0, fixed = 0;
    for (int32_t k = 0; e->hold && k < e->n; k++) {
        if (e->hold[k] >= RC_SLIDING0 + e->wall_count)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: particle %d is held by wall %d of %d", (int)k,
                           (int)e->hold[k] - RC_SLIDING0, (int)e->wall_count);
        held += e->hold[k] != RC_FREE, sleeping += e->hold[k] == RC_ASLEEP;
        fixed += rc_edmd_is_fixed(e, k);
        if (rc_edmd_is_fixed(e, k) && e->hold[k] != RC_ASLEEP)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: particle %d is fixed but not held still", (int)k);
    }
    if (fixed != e->fixed_count)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: %d fixed particles, the definition has %d", (int)fixed,
                       (int)e->fixed_count);
    if (e->held != held || e->sleeping != sleeping)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: %d particles held and %d asleep, the particles say %d and %d", (int)e->held,
                       (int)e->sleeping, (int)held, (int)sleeping);
    for (int32_t k = 0; e->species && k < e->n; k++)
        if (e->species[k] < 0 || e->species[k] > e->species_max)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: particle %d has species %d, not one of 0 to %d", (int)k,
                           (int)e->species[k], (int)e->species_max);
    for (int32_t k = 0; e->mass && k < e->n; k++)
        if (!(e->mass[k] > 0 && e->mass[k] <= DBL_MAX))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: particle %d has mass %g", (int)k, e->mass[k]);
    for (int32_t k = 0; e->spin && k < e->n; k++) {
        bool fine = e->inertia[k] > 0 && e->inertia[k] <= (e->dimension == 3 ? 2.0 / 3 : 1);
        for (int a = 0; a < e->spin_stride; a++) fine = fine && fabs(e->spin[e->spin_stride * k + a]) <= RC_EDMD_RANGE;
        if (!fine)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: particle %d has a spin or inertia out of range", (int)k);
    }
    /* the stall test measures the clock's advance since stall_clock, which is never ahead of it (a NaN or a later
     * one would report a stall at once) */
    if (!(e->stall_clock <= e->now && e->stall_clock >= -ldexp(1, 41)) || isnan(e->group_sleep_clock))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: the stall clock %g (the clock reads %g) or the sleep clock %g is "
                       "not valid",
                       e->stall_clock, e->now, e->group_sleep_clock);
    if (e->shear_on) { /* the images' offset within the flow edge, the books of the peculiar motion finite */
        double books[] = {e->shear_time,          e->peculiar,        e->peculiar_integral, e->shear_flux,
                          e->shear_flux_integral, e->gradient_motion, e->shear_collisional};
        bool fine = e->shear_origin >= 0 && e->shear_origin < e->box[e->flow];
        for (size_t i = 0; i < sizeof books / sizeof *books; i++) fine = fine && isfinite(books[i]);
        if (!fine)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the shear's offset %g or its books are not valid",
                           e->shear_origin);
    }
    /* the energy books: finite (a NaN initial energy left energy_drift null at the end of a resumed run) */
    double energies[] = {e->kinetic,    e->kinetic_integral,  e->kinetic_time,   e->virial,
                         e->dissipated, e->thermostat_energy, e->initial_energy, e->max_overlap};
    for (size_t i = 0; i < sizeof energies / sizeof *energies; i++)
        if (!isfinite(energies[i]) || e->max_overlap < 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "state: the energy books (kinetic, virial, dissipated, thermostat, "
                           "initial, largest overlap) are not all finite");
    if (e->transport_on && !flux_valid(e))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: the Helfand moments' books (transport) are not the particles' "
                       "or not finite");
    bool pair = e->last_pair[0] >= 0 && e->last_pair[0] < e->n && e->last_pair[1] < e->n &&
                e->last_pair[1] > RC_EVENT_WALL0 - (int32_t)e->wall_count;
    if (!pair && e->n > 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the last event's pair (%d, %d) is not valid",
                       (int)e->last_pair[0], (int)e->last_pair[1]);
    return RC_STATUS_OK;
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
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the clock (%g, %g) is not valid", e->time_origin, e->now);
    /* stopped_at is NaN or the time the clock was brought to (origin + now within rounding): a stale one would put
     * every limit behind the clock and the run would wait forever (fuzz/checkpoint.c) */
    double clock = e->time_origin + e->now;
    if (!isnan(e->stopped_at) &&
        !(fabs(e->stopped_at - clock) <= 8 * DBL_EPSILON * (fabs(e->time_origin) + fabs(e->now) + fabs(clock))))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: stopped at %.17g while the clock reads %.17g", e->stopped_at,
                       clock);
    /* the system's next events lie ahead of the clock (one far behind it, -6e110 from the fuzzer, took the clock
     * back with it and every position out of range); a thermostat that is off has none */
    bool thermostat = e->thermostat_rate > 0 && e->n > 0;
    if (!(e->next_thermostat >= e->now) || (!thermostat && e->next_thermostat != INFINITY))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the next thermostat time %g is not one after the clock (%g)",
                       e->next_thermostat, e->now);
    if (e->barostat && !(e->next_renewal >= e->now && e->next_renewal <= e->now + 2 * e->barostat->interval))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: the next volume move at %g is not within two intervals after the "
                       "clock (%g)",
                       e->next_renewal, e->now);
    bool *seen = calloc((size_t)e->n + 1, sizeof *seen);
    if (!seen) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory checking a state of %d particles", (int)e->n);
    rc_status s = RC_STATUS_OK;
    for (int32_t i = 0; i < e->n && !s; i++) {
        const rc_kin *p = &e->kin[i];
        bool fine = fabs(p->t) <= range && p->radius > 0 && p->radius <= range;
        for (int a = 0; a < 3; a++) fine = fine && fabs(p->x[a]) <= range && fabs(p->v[a]) <= range;
        if (!fine)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "state: particle %d has a position, velocity, time or radius beyond %g "
                        "or not finite",
                        (int)i, range);
        else if (!near_box(e, p->x))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "state: particle %d lies more than a box away from the periodic box", (int)i);
        else if (e->id[i] < 0 || e->id[i] >= e->n || seen[e->id[i]])
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the particles' ids are not a permutation");
        else seen[e->id[i]] = true;
    }
    free(seen);
    return s == RC_STATUS_OK ? check_books(e) : s;
}

/* A restored box (barostat) must leave the shell room, as every volume move does; half_box is half of it, and the
 * barostat's books are ones its moves could have written: the log-volume step in [0, 1] (it adapts within that; a NaN
 * step made every later position NaN: fuzz/checkpoint.c), acceptances at most the moves. */
static rc_status check_box(const rc_edmd *e)
{
    bool fine = e->shell > 0 && e->shell_exit > 0 && e->shell_exit <= e->shell;
    for (int a = 0; a < e->dimension; a++) fine = fine && e->box[a] > 0 && e->box[a] <= RC_EDMD_RANGE;
    if (!fine || !(rc_edmd_shell_room(e, e->box) >= e->shell))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the box or the shell is not valid");
    for (int a = 0; a < e->dimension; a++)
        if (e->half_box[a] != 0.5 * e->box[a])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: half the box along axis %d is %g, the box %g", a,
                           e->half_box[a], e->box[a]);
    const rc_edmd_isobar *b = e->barostat;
    if (!(b->step >= 0 && b->step <= 1) || b->accepted > b->moves || b->window_moves > b->moves ||
        b->window_accepted > b->window_moves)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the barostat's step %g or its counts of moves are not valid",
                       b->step);
    return RC_STATUS_OK;
}

/* The bytes of an ESTATE03 state of this engine: the raw header and the fields one after another. */
static size_t legacy_size(const rc_edmd *e)
{
    walk c = {.raw = {RC_BYTES_COUNT, NULL, 0, 0, false}};
    rc_status unused = RC_STATUS_OK;
    fields(&c, (rc_edmd *)e, &unused);
    return sizeof(header) + c.raw.used;
}

/* The walk that reads a state: its tagged records after their layout (ESTATE04), or its fields one after another
 * after the raw header (ESTATE03); the layout must be this engine's. */
static rc_status reader(const rc_edmd *e, const void *buffer, size_t size, walk *c)
{
    header want = header_of(e), got;
    uint64_t magic = 0;
    if (size >= sizeof magic) memcpy(&magic, buffer, sizeof magic);
    rc_tagged layout = {0};
    if (magic == LEGACY_MAGIC && size >= sizeof got) {
        memcpy(&got, buffer, sizeof got);
        want.magic = LEGACY_MAGIC;
        *c = (walk){.raw = {RC_BYTES_READ, (unsigned char *)buffer + sizeof got, size - sizeof got, 0, false}};
    } else if (rc_tagged_check(buffer, size, NULL) && rc_tagged_find(buffer, size, "layout", &layout) &&
               layout.type == RC_TAGGED_BYTES && layout.size == sizeof got) {
        memcpy(&got, layout.value, sizeof got);
        *c = (walk){.raw = {RC_BYTES_READ, NULL, size, 0, false}, .tagged = true, .records = buffer, .size = size};
    } else {
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: not an event-driven engine state");
    }
    if (got.magic != want.magic) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: not an event-driven engine state");
    /* a raw state's size is fixed by its layout, but with stepped potentials by the capture map: checked once read */
    bool sized = c->tagged || e->steps || size == legacy_size(e);
    if (memcmp(&got, &want, sizeof got) != 0 || !sized)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: made by an engine of %d particles in %dD with %u walls, not by this definition (%d "
                       "particles in %dD, %u walls) or not with its options",
                       (int)got.n, (int)got.dimension, got.walls, (int)want.n, (int)want.dimension, want.walls);
    return RC_STATUS_OK;
}

rc_status rc_edmd_state_restore(rc_edmd *e, const void *buffer, size_t size)
{
    if (!e || !buffer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_state_restore: NULL argument");
    walk c;
    rc_status s = reader(e, buffer, size, &c);
    if (s) return s;
    s = RC_STATUS_OK;
    rc_edmd_growth fresh;
    if (e->growth) fresh = *e->growth;
    fields(&c, e, &s);
    if (c.damaged)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: its record %s is missing or not of its size", c.damaged);
    if (c.raw.short_of_room) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: truncated");
    if (!c.tagged && c.raw.left != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: %zu bytes too many", c.raw.left);
    if (s == RC_STATUS_OK) s = check_restored(e);
    if (s == RC_STATUS_OK && e->growth) s = rc_edmd_growth_check_restored(e, &fresh);
    if (s == RC_STATUS_OK && e->growth) s = rc_edmd_growth_resize(e);
    if (s == RC_STATUS_OK && e->barostat) s = check_box(e);
    if (s == RC_STATUS_OK && e->barostat) s = rc_edmd_neighbours_resize(e);
    if (s == RC_STATUS_OK) s = rc_edmd_neighbours_build_all(e);
    return s == RC_STATUS_OK ? rc_edmd_schedule_all(e) : s;
}
