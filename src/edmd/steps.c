/* SPDX-License-Identifier: MIT */
/* Stepped pair potentials (Bannerman et al. 2014, sections 4-6, extended as section 6 announces; docs/edmd.md,
 * "Stepped potentials"): the pair tables built from the definition's interactions and mixing rule, the scan that
 * predicts each neighbour's next step or core event from the pair's recorded ring (the stable rule with history),
 * and the step events: entering a step changes the kinetic energy by the step's energy along the normal; a pair
 * without the normal kinetic energy to climb a step bounces back off it. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/bonds.h"
#include "edmd/collide.h"
#include "edmd/predict.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/steps.h"

#define MAX_SPECIES 1024

static const char *const mixing_names[] = {"none", "hard", "lorentz_berthelot"};

rc_status rc_mixing_parse(const char *name, rc_mixing *mixing)
{
    for (int k = 0; k < 3; k++)
        if (name && strcmp(name, mixing_names[k]) == 0) {
            *mixing = (rc_mixing)k;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mixing: \"%s\" is not one of none, hard, lorentz_berthelot",
                   name ? name : "");
}

const char *rc_mixing_name(rc_mixing mixing) { return (unsigned)mixing < 3 ? mixing_names[mixing] : "?"; }

double rc_edmd_predict_exit(rc_event_detection rule, const double r[3], const double v[3], double radius)
{
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    double c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - radius * radius;
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    return rule == RC_EVENT_DETECTION_NAIVE ? rc_naive_exit_time(b, c, vv) : rc_stable_exit_time(b, c, vv);
}

/* ---- the tables ---- */

static rc_status check_entry(const rc_edmd_def *d, int32_t i, int32_t species_count)
{
    const rc_interaction *in = &d->interactions[i];
    for (int s = 0; s < 2; s++)
        if (in->species[s] < 0 || in->species[s] >= species_count)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].species: %d is out of range (species 0 to %d)",
                           (int)i, (int)in->species[s], (int)species_count - 1);
    if (in->step_count < 0 || (in->step_count > 0 && !in->steps))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].steps: %d steps without an array", (int)i,
                       (int)in->step_count);
    double previous = 1;
    for (int32_t k = 0; k < in->step_count; k++) {
        const rc_step *step = &in->steps[k];
        if (!isfinite(step->radius) || !(step->radius > previous))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].steps[%d].radius: %g is not beyond %s %g",
                           (int)i, (int)k, step->radius, k == 0 ? "the core at" : "the previous step's radius",
                           previous);
        if (!isfinite(step->energy))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].steps[%d].energy: %g is not finite", (int)i,
                           (int)k, step->energy);
        previous = step->radius;
    }
    for (int32_t j = 0; j < i; j++) {
        const rc_interaction *other = &d->interactions[j];
        bool same = (other->species[0] == in->species[0] && other->species[1] == in->species[1]) ||
                    (other->species[0] == in->species[1] && other->species[1] == in->species[0]);
        if (same)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "interactions[%d].species: the pair (%d, %d) is given twice (also "
                           "interactions[%d])",
                           (int)i, (int)in->species[0], (int)in->species[1], (int)j);
    }
    return RC_STATUS_OK;
}

/* The entry of species pair (a, b), or -1. */
static int32_t entry_of(const rc_edmd_def *d, int32_t a, int32_t b)
{
    for (int32_t i = 0; i < d->interaction_count; i++) {
        const int32_t *s = d->interactions[i].species;
        if ((s[0] == a && s[1] == b) || (s[0] == b && s[1] == a)) return i;
    }
    return -1;
}

/* Fills type t for the species pair (a, b): its entry, or the mixing rule. */
static rc_status fill_type(rc_edmd_steps *st, const rc_edmd_def *d, int32_t t, int32_t a, int32_t b)
{
    double *bound = st->bound + (size_t)t * (size_t)st->stride, *energy = st->energy + (size_t)t * (size_t)st->stride;
    int32_t i = entry_of(d, a, b), ia = entry_of(d, a, a), ib = entry_of(d, b, b);
    bound[0] = 1;
    if (i >= 0) {
        const rc_interaction *in = &d->interactions[i];
        st->count[t] = in->step_count;
        for (int32_t k = 0; k < in->step_count; k++)
            bound[k + 1] = in->steps[k].radius, energy[k] = in->steps[k].energy;
    } else if (d->mixing == RC_MIXING_HARD || d->interaction_count == 0) { /* bonds alone: hard spheres */
        st->count[t] = 0;
    } else if (d->mixing == RC_MIXING_BERTHELOT && a != b && ia >= 0 && ib >= 0 &&
               d->interactions[ia].step_count == d->interactions[ib].step_count) {
        const rc_interaction *x = &d->interactions[ia], *y = &d->interactions[ib];
        st->count[t] = x->step_count;
        for (int32_t k = 0; k < x->step_count; k++) {
            double ex = x->steps[k].energy, ey = y->steps[k].energy;
            if ((ex > 0 && ey < 0) || (ex < 0 && ey > 0))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "interactions: lorentz_berthelot cannot mix the species pair (%d, "
                               "%d): step %d of (%d, %d) and of (%d, %d) have energies of opposite signs; give the "
                               "pair an entry",
                               (int)a, (int)b, (int)k, (int)a, (int)a, (int)b, (int)b);
            bound[k + 1] = 0.5 * (x->steps[k].radius + y->steps[k].radius);
            energy[k] = (ex < 0 ? -1 : 1) * sqrt(ex * ey);
        }
    } else {
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "interactions: the species pair (%d, %d) has no entry and mixing %s cannot "
                       "give it one%s",
                       (int)a, (int)b, rc_mixing_name(d->mixing),
                       d->mixing == RC_MIXING_BERTHELOT ? " (it mixes two different species whose own pairs have "
                                                          "entries with as many steps)"
                                                        : "");
    }
    energy[st->count[t]] = 0;
    return RC_STATUS_OK;
}

static int32_t species_count_of(const rc_edmd_def *d)
{
    if (d->species_count > 0) return d->species_count;
    int32_t count = 1;
    for (int32_t k = 0; d->species && k < d->count; k++)
        if (d->species[k] >= count) count = d->species[k] + 1;
    return count;
}

rc_status rc_edmd_steps_create(rc_edmd *e, const rc_edmd_def *d)
{
    e->reach_factor = 1;
    if (d->interaction_count == 0 && d->bond_count == 0) return RC_STATUS_OK;
    rc_status s = rc_edmd_bonds_check(d);
    if (s != RC_STATUS_OK) return s;
    if (d->interaction_count < 0 || (d->interaction_count > 0 && !d->interactions))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions: %d entries without an array",
                       (int)d->interaction_count);
    if (d->species_count < 0 || d->species_count > MAX_SPECIES)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species count: %d is not in [0, %d]", (int)d->species_count,
                       MAX_SPECIES);
    int32_t species = species_count_of(d);
    if (species > MAX_SPECIES)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "species: %d kinds with interactions, at most %d", (int)species,
                       MAX_SPECIES);
    for (int32_t k = 0; d->species && k < d->count; k++)
        if (d->species[k] < 0 || d->species[k] >= species)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particle %d.species: %d is not in [0, %d)", (int)k,
                           (int)d->species[k], (int)species);
    int32_t most = 0;
    for (int32_t i = 0; i < d->interaction_count; i++) {
        if ((s = check_entry(d, i, species)) != RC_STATUS_OK) return s;
        if (d->interactions[i].step_count > most) most = d->interactions[i].step_count;
    }
    rc_edmd_steps *st = calloc(1, sizeof *st);
    if (!st) return rc_fail(RC_STATUS_NO_MEMORY, "interactions: out of memory");
    e->steps = st;
    size_t n = e->n > 0 ? (size_t)e->n : 1, base = (size_t)species * (size_t)(species + 1) / 2;
    size_t types = base + (size_t)(d->bond_count > 0 ? d->bond_type_count : 0);
    st->species_count = species;
    st->stride = most + 1 > rc_edmd_bonds_stride(d) ? most + 1 : rc_edmd_bonds_stride(d);
    st->bond_base = INT32_MAX;
    st->type = malloc((size_t)species * (size_t)species * sizeof *st->type);
    st->count = malloc(types * sizeof *st->count);
    st->bound = malloc(types * (size_t)st->stride * sizeof *st->bound);
    st->energy = malloc(types * (size_t)st->stride * sizeof *st->energy);
    st->slot_of = malloc(n * sizeof *st->slot_of);
    st->kind = calloc(n, sizeof *st->kind);
    if (!st->type || !st->count || !st->bound || !st->energy || !st->slot_of || !st->kind)
        return rc_fail(RC_STATUS_NO_MEMORY, "interactions: out of memory for %d species", (int)species);
    s = rc_capture_create(st);
    int32_t t = 0;
    for (int32_t a = 0; a < species && s == RC_STATUS_OK; a++)
        for (int32_t b = a; b < species && s == RC_STATUS_OK; b++, t++) {
            st->type[(size_t)a * species + b] = st->type[(size_t)b * species + a] = t;
            if ((s = fill_type(st, d, t, a, b)) != RC_STATUS_OK) break;
            double range = st->bound[(size_t)t * st->stride + st->count[t]];
            if (range > e->reach_factor) e->reach_factor = range;
        }
    if (s == RC_STATUS_OK && d->bond_count > 0) s = rc_edmd_bonds_create(e, st, d, (int32_t)base);
    return s;
}

void rc_edmd_steps_destroy(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    if (!st) return;
    free(st->type);
    free(st->count);
    free(st->bound);
    free(st->energy);
    free(st->map);
    free(st->slot_of);
    free(st->kind);
    rc_edmd_bonds_destroy(st);
    free(st);
    e->steps = NULL;
}

/* The ring of squared separation rr for a pair of type t: the first whose outer bound lies beyond it. */
static int32_t ring_of(const rc_edmd_steps *st, int32_t t, double rr, double sigma)
{
    const double *bound = st->bound + (size_t)t * (size_t)st->stride;
    int32_t ring = 0;
    while (ring < st->count[t] && !(rr < bound[ring + 1] * sigma * bound[ring + 1] * sigma)) ring++;
    return ring;
}

rc_status rc_edmd_steps_capture_all(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    for (int32_t k = 0; k < e->n; k++) st->slot_of[e->id[k]] = k;
    rc_edmd_bonds_index(e);
    rc_status bonded = rc_edmd_bonds_capture(e);
    if (bonded != RC_STATUS_OK) return bonded;
    for (int32_t k = 0; k < e->n; k++) {
        const rc_kin *p = &e->kin[k];
        const uint8_t *list = rc_edmd_list(e, k);
        for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
            int32_t j = rc_edmd_neighbour(e, list, m), t = rc_steps_type(e, k, j);
            if (j < k || st->count[t] == 0 || t >= st->bond_base) continue; /* bonds: recorded above */
            double r[3] = {p->x[0] - e->kin[j].x[0], p->x[1] - e->kin[j].x[1], p->x[2] - e->kin[j].x[2]};
            rc_edmd_minimum_image(e, r);
            int32_t ring = ring_of(st, t, r[0] * r[0] + r[1] * r[1] + r[2] * r[2], p->radius + e->kin[j].radius);
            st->potential += st->energy[(size_t)t * st->stride + ring];
            rc_status s = rc_capture_set(st, e->id[k], e->id[j], ring, st->count[t]);
            if (s != RC_STATUS_OK) return s;
        }
    }
    return RC_STATUS_OK;
}

rc_status rc_edmd_steps_capture_again(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    for (uint64_t k = 0; k < st->capacity; k++) st->map[k].key = RC_CAPTURE_EMPTY;
    st->used = 0;
    st->potential = 0;
    return rc_edmd_steps_capture_all(e);
}

/* The well's depth of every pair type that has steps, which must be one step each (square wells): -energy of it. */
static rc_status single_steps(const rc_edmd *e, int32_t *first)
{
    const rc_edmd_steps *st = e->steps;
    *first = -1;
    int32_t types = st ? st->species_count * st->species_count : 0;
    for (int32_t t = 0; t < types; t++) {
        int32_t type = st->type[t];
        if (st->count[type] > 1)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "interactions.depth: a pair type has %d steps; only square wells (one "
                           "step) take a new depth",
                           (int)st->count[type]);
        if (st->count[type] == 1 && *first < 0) *first = type;
    }
    if (*first < 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions.depth: the scene has no square wells (interactions)");
    return RC_STATUS_OK;
}

rc_status rc_edmd_steps_depth_get(const rc_edmd *e, double *depth)
{
    int32_t type;
    rc_status s = single_steps(e, &type);
    if (!s) *depth = -e->steps->energy[(size_t)type * e->steps->stride];
    return s;
}

rc_status rc_edmd_steps_depth_put(rc_edmd *e, double depth)
{
    int32_t unused;
    rc_status s = single_steps(e, &unused);
    rc_edmd_steps *st = e->steps;
    for (int32_t t = 0; !s && t < st->species_count * st->species_count; t++)
        if (st->count[st->type[t]] == 1) st->energy[(size_t)st->type[t] * st->stride] = -depth;
    return s;
}

void rc_edmd_steps_recount(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    st->potential = 0;
    for (uint64_t c = 0; c < st->capacity; c++) {
        const rc_capture *entry = &st->map[c];
        if (entry->key == RC_CAPTURE_EMPTY) continue;
        int32_t i = st->slot_of[entry->key >> 32], j = st->slot_of[entry->key & 0xffffffffu];
        st->potential += st->energy[(size_t)rc_steps_type(e, i, j) * st->stride + entry->ring];
    }
}

/* ---- the scan ---- */

typedef struct found {
    rc_step_scan scan;
    uint8_t kind;
} found;

static inline void keep(found *out, double t, int32_t j, bool overlapped, uint8_t kind)
{
    if (t < out->scan.time) out->scan = (rc_step_scan){t, j, overlapped, out->scan.touching}, out->kind = kind;
}

/* How far from a step a pair must be, relative to the squares, for its ring to be read off its separation instead of
 * the map: a thousand times the rounding rc_edmd_steps_check_pair forgives, so that the map is asked only where the
 * recorded ring can differ from the geometric one (within rounding of a step, where history decides). */
#define GEOMETRIC_MARGIN 1e-6

/* One neighbour j of the particle p (at now) for the scan: gravity, shear, contacts, naive and several pair types
 * are compile-time switches of the variants below. */
static inline __attribute__((always_inline)) void scan_pair(rc_edmd *e, int32_t k, const rc_kin *p, int32_t j,
                                                            const double box[3], const double half[3], found *out,
                                                            bool gravity, bool shear, bool contacts, bool naive,
                                                            bool types)
{
    const rc_edmd_steps *st = e->steps;
    const rc_kin *q = &e->kin[j];
    double dt = e->now - q->t, r[3], v[3];
    for (int a = 0; a < 3; a++) {
        if (gravity) {
            r[a] = p->x[a] - (q->x[a] + q->v[a] * dt + 0.5 * e->gravity[a] * dt * dt);
            v[a] = p->v[a] - (q->v[a] + e->gravity[a] * dt);
        } else {
            r[a] = p->x[a] - (q->x[a] + q->v[a] * dt);
            v[a] = p->v[a] - q->v[a];
        }
    }
    if (shear) {
        rc_edmd_pair_image(e, r, v);
    } else { /* rc_edmd_minimum_image with the half box infinite along closed axes */
        for (int a = 0; a < 3; a++) r[a] += r[a] > half[a] ? -box[a] : r[a] < -half[a] ? box[a] : 0;
    }
    double sigma = p->radius + q->radius, sigma2 = sigma * sigma, rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2], vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (contacts) out->scan.touching += rr - sigma2 < e->touch_factor * sigma2;
    int32_t t = types ? rc_steps_type(e, k, j) : 0, steps = st->count[t];
    const double *bound = st->bound + (size_t)t * (size_t)st->stride;
    /* no boundary within reach before the best so far, whatever the pair's ring: |(|r| - B)| > |v| best, tested as
     * (|r|^2 - B^2)^2 > 2 |v|^2 best^2 (|r|^2 + B^2) (since (|r| + B)^2 <= 2 (|r|^2 + B^2)); most pairs end here.
     * On the way, the geometric ring (the boundaries below rr) and whether rr is near enough a boundary for history
     * to decide it */
    double reach = 2 * vv * out->scan.time * out->scan.time;
    bool near = false, ambiguous = naive;
    int32_t below = 0;
    for (int32_t level = 0; level <= steps; level++) {
        double edge2 = bound[level] * bound[level] * sigma2, gap = rr - edge2;
        near |= !(gap * gap > reach * (rr + edge2));
        below += gap > 0;
        ambiguous |= fabs(gap) <= GEOMETRIC_MARGIN * edge2;
    }
    if (!near) return;
    int32_t ring = below > 0 ? below - 1 : 0;
    /* a bonded pair is never outside its outer wall: its recorded ring, wherever rounding puts it */
    if ((ambiguous || (ring == steps && t >= st->bond_base)) && steps > 0)
        ring = rc_capture_ring(st, e->id[k], e->id[j], steps);
    if (b < 0) { /* the step inward, or the core */
        double inner = bound[ring] * sigma, c = rr - inner * inner;
        double when = naive ? rc_naive_pair_time(b, c, vv) : rc_stable_pair_time(b, c, vv);
        keep(out, when, j, ring == 0 && c < 0, ring == 0 ? RC_STEP_CORE : RC_STEP_IN);
    }
    if (ring < steps) { /* the step outward */
        double outer = bound[ring + 1] * sigma, c = rr - outer * outer;
        keep(out, naive ? rc_naive_exit_time(b, c, vv) : rc_stable_exit_time(b, c, vv), j, false, RC_STEP_OUT);
    }
}

static inline __attribute__((always_inline)) found scan(rc_edmd *e, int32_t k, double best, bool gravity, bool shear,
                                                        bool contacts, bool naive, bool types)
{
    const rc_kin *p = &e->kin[k];
    const uint8_t *list = rc_edmd_list(e, k);
    int32_t count = rc_edmd_list_length(e, k);
    found out = {{best, -1, false, 0}, RC_STEP_CORE};
    double box[3], half[3];
    for (int a = 0; a < 3; a++)
        box[a] = e->periodic[a] ? e->box[a] : 0, half[a] = e->periodic[a] ? e->half_box[a] : INFINITY;
    /* every neighbour's line asked for first, as the hard-sphere scan does: most are cache misses */
    for (int32_t m = 0; m < count; m++) __builtin_prefetch(&e->kin[rc_edmd_neighbour(e, list, m)]);
    for (int32_t m = 0; m < count; m++)
        scan_pair(e, k, p, rc_edmd_neighbour(e, list, m), box, half, &out, gravity, shear, contacts, naive, types);
    return out;
}

/* The rarer cases (gravity, shear, the naive rule, mixtures) in one variant, tested at run time. */
static __attribute__((noinline)) found scan_general(rc_edmd *e, int32_t k, double best, bool contacts)
{
    return scan(e, k, best, e->has_gravity, e->shear_on, contacts, e->detection == RC_EVENT_DETECTION_NAIVE,
                e->steps->species_count > 1 || e->steps->bond_first);
}

rc_step_scan rc_edmd_steps_scan(rc_edmd *e, int32_t k, double best, bool contacts)
{
    found out;
    if (e->has_gravity || e->shear_on || e->detection == RC_EVENT_DETECTION_NAIVE || e->steps->species_count > 1 ||
        e->steps->bond_first)
        out = scan_general(e, k, best, contacts);
    else if (contacts) out = scan(e, k, best, false, false, true, false, false);
    else out = scan(e, k, best, false, false, false, false, false);
    if (out.scan.partner >= 0) e->steps->kind[k] = out.kind;
    return out.scan;
}

rc_step_scan rc_edmd_steps_scan_growing(rc_edmd *e, int32_t k, double best)
{
    const rc_edmd_steps *st = e->steps;
    const rc_kin *p = &e->kin[k];
    const uint8_t *list = rc_edmd_list(e, k);
    double f = rc_edmd_grown(e), speed = e->growth->speed;
    found out = {{best, -1, false, 0}, RC_STEP_CORE};
    for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
        int32_t j = rc_edmd_neighbour(e, list, m);
        double r[3], v[3];
        const rc_kin *q = rc_edmd_relative_now(e, p, j, r, v);
        double sigma0 = p->radius + q->radius, sigma = sigma0 * f, rate = sigma0 * speed;
        double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2], vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        int32_t t = rc_steps_type(e, k, j), steps = st->count[t], below = 0;
        const double *bound = st->bound + (size_t)t * (size_t)st->stride;
        bool ambiguous = false;
        for (int32_t level = 0; level <= steps; level++) {
            double edge2 = bound[level] * bound[level] * sigma * sigma, gap = rr - edge2;
            below += gap > 0;
            ambiguous |= fabs(gap) <= GEOMETRIC_MARGIN * edge2;
        }
        int32_t ring = below > 0 ? below - 1 : 0;
        if ((ambiguous || (ring == steps && t >= st->bond_base)) && steps > 0)
            ring = rc_capture_ring(st, e->id[k], e->id[j], steps);
        /* the inner boundary (the core in ring 0) as a growing pair, the outer one as a growing sphere to leave */
        double radius = bound[ring] * sigma, growth = bound[ring] * rate;
        double aa = vv - growth * growth, bb = b - radius * growth, cc = rr - radius * radius;
        keep(&out, rc_growing_pair_time(aa, bb, cc), j, ring == 0 && cc < 0 && bb < 0,
             ring == 0 ? RC_STEP_CORE : RC_STEP_IN);
        if (ring < steps) {
            radius = bound[ring + 1] * sigma, growth = bound[ring + 1] * rate;
            aa = vv - growth * growth, bb = b - radius * growth, cc = rr - radius * radius;
            keep(&out, rc_growing_exit_time(aa, bb, cc), j, false, RC_STEP_OUT);
        }
    }
    if (out.scan.partner >= 0) e->steps->kind[k] = out.kind;
    return out.scan;
}

/* ---- the events ---- */

/* After a bounce the pair must move away from the step it hit in the engine's arithmetic, sign * r.v > least (sign
 * +1: receding, -1: approaching), or the event recurs at once: what rounding leaves is cancelled by a push along r
 * (wi, wj: the velocity changes per unit of it) of a few units in the last place, doubled until it shows. The
 * relative velocity is vi - vj + lift (lift: what the sheared image adds, else 0). */
static void turn_away(double *vi, double *vj, const double lift[3], const double r[3], double sign, double least,
                      double wi, double wj)
{
    double vv = 0, rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], u[3];
    for (int a = 0; a < 3; a++) u[a] = vi[a] - vj[a] + lift[a], vv += u[a] * u[a];
    double unit = 0x1p-52 * sqrt(rr * vv) + DBL_MIN;
    for (double push = 1; push < 0x1p64; push *= 2) {
        for (int a = 0; a < 3; a++) u[a] = vi[a] - vj[a] + lift[a];
        double b = r[0] * u[0] + r[1] * u[1] + r[2] * u[2];
        if (sign * b > least) return;
        double f = b - sign * (least + push * unit); /* the impulse that makes sign * r.v = least + push * unit */
        for (int a = 0; a < 3; a++) vi[a] -= f * wi * r[a], vj[a] += f * wj * r[a];
    }
}

rc_status rc_edmd_step_event(rc_edmd *e, int32_t k, int32_t j, double t)
{
    rc_edmd_steps *st = e->steps;
    rc_kin *p = &e->kin[k], *q = &e->kin[j];
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    double v[3] = {p->v[0] - q->v[0], p->v[1] - q->v[1], p->v[2] - q->v[2]};
    double vi[3] = {p->v[0], p->v[1], p->v[2]}, vj[3] = {q->v[0], q->v[1], q->v[2]};
    double lift[3] = {0, 0, 0};
    if (e->shear_on) lift[e->flow] = rc_edmd_pair_image(e, r, v); /* the image's velocity too */
    else rc_edmd_minimum_image(e, r);
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2], rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    int32_t type = rc_steps_type(e, k, j), steps = st->count[type];
    int32_t ring = rc_capture_ring(st, e->id[k], e->id[j], steps);
    bool out = st->kind[k] == RC_STEP_OUT;
    rc_edmd_steps_check_pair(e, k, j, ring);
    rc_status s = RC_STATUS_OK;
    /* crosses inward only approaching (the stable rule's condition at execution); outward when receding, or found
     * outside its step at all (an exit predicted at the closest approach of a pair that never gets back inside).
     * Under compression the step radius R grows at R' and approaching and receding are relative to it: r.v - R R' */
    const double *bound = st->bound + (size_t)type * (size_t)st->stride;
    double sigma0 = p->radius + q->radius, speed = e->growing ? e->growth->speed : 0;
    double sigma = sigma0 * rc_edmd_grown(e), outer = ring < steps ? bound[ring + 1] * sigma : INFINITY;
    double beyond = rr - outer * outer;
    double edge = out ? (ring < steps ? bound[ring + 1] : 0) : bound[ring],
           moving = edge * sigma * edge * sigma0 * speed;
    double bb = b - moving;
    bool acts = out ? ring < steps && (bb >= 0 || beyond > 0) : bb < 0 && ring > 0;
    if (acts) {
        int32_t next = out ? ring + 1 : ring - 1;
        const double *energy = st->energy + (size_t)type * (size_t)st->stride;
        double du = energy[next] - energy[ring];
        double mi = rc_edmd_mass(e, k), mj = rc_edmd_mass(e, j), total = mi + mj, reduced = mi * mj / total;
        double before =
            mi * (vi[0] * vi[0] + vi[1] * vi[1] + vi[2] * vi[2]) + mj * (vj[0] * vj[0] + vj[1] * vj[1] + vj[2] * vj[2]);
        /* the normal speed relative to the step, which moves at w = R R' / |r| (0 without compression) */
        double distance = sqrt(rr), un = b / distance, w = moving / distance, rel = un - w;
        double left = rel * rel - 2 * du / reduced;
        bool cross = left > 0;
        double after = w + (cross ? (out ? sqrt(left) : -sqrt(left)) : -rel), change = after - un;
        for (int a = 0; a < 3; a++) {
            double n = r[a] / distance;
            p->v[a] += mj / total * change * n;
            q->v[a] -= mi / total * change * n;
        }
        rc_edmd_integrate_kinetic(e);
        if (cross) {
            s = rc_capture_set(st, e->id[k], e->id[j], next, steps);
            if (!e->growing) e->kinetic -= du;
            st->potential += du;
        } else {
            /* back off an outer step so as to get inside it again: r.v below -sqrt(|v|^2 c) when found beyond it
             * by c (a grazing pair a rounding error outside; the push is of the order of that rounding, and the
             * kinetic energy it adds of its square); relative to a growing step, r.v - R R' */
            double vv = 0;
            for (int a = 0; a < 3; a++) vv += (p->v[a] - q->v[a] + lift[a]) * (p->v[a] - q->v[a] + lift[a]);
            double least = (out && beyond > 0 ? 2 * sqrt(vv * beyond) : 0) + (out ? -moving : moving);
            turn_away(p->v, q->v, lift, r, out ? -1 : 1, least, mj / (rr * total), mi / (rr * total));
            st->bounces++;
        }
        if (e->growing) { /* growth feeds energy in, as a thermostat does: what the step's energy does not explain */
            double gain = 0.5 * (mi * (p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2]) +
                                 mj * (q->v[0] * q->v[0] + q->v[1] * q->v[1] + q->v[2] * q->v[2]) - before);
            e->kinetic += gain;
            e->thermostat_energy += gain + (cross ? du : 0);
        }
        if (e->shear_on) rc_edmd_shear_impulse(e, k, j, vi, vj);
        e->virial += reduced * change * distance;
        e->counter[k]++;
        e->counter[j]++;
        st->events++;
    }
    if (t < e->now) { /* the naive rule's rewind: carry the pair back to the present */
        rc_edmd_stream(e, k, e->now);
        rc_edmd_stream(e, j, e->now);
    }
    rc_edmd_schedule(e, k, false);
    if (acts) rc_edmd_schedule(e, j, false);
    return s;
}
