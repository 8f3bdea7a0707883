/* SPDX-License-Identifier: MIT */
/* Bonds (docs/edmd.md, "Bonds"): the checks of the definition's bonds, the bond types' tables appended to the
 * stepped potentials' pair types (steps.h: bound[0] the core at inner, the steps, the outer wall last with an
 * infinite energy beyond it, so that a step event there always reflects), the per-slot lists of bonded partners
 * that rc_steps_type reads, and the bonds' rings recorded in the capture map at the start. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/bonds.h"
#include "edmd/steps.h"

static rc_status check_type(const rc_bond_type *type, int32_t t)
{
    if (!isfinite(type->inner) || !(type->inner >= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bond_types[%d].inner: %g is not at least 1 (the contact distance)",
                       (int)t, type->inner);
    if (!isfinite(type->outer) || !(type->outer > type->inner))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "bond_types[%d].outer: %g is not beyond inner %g (the wall would overlap "
                       "the core)",
                       (int)t, type->outer, type->inner);
    if (type->step_count < 0 || (type->step_count > 0 && !type->steps))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bond_types[%d].steps: %d steps without an array", (int)t,
                       (int)type->step_count);
    double previous = type->inner;
    for (int32_t k = 0; k < type->step_count; k++) {
        const rc_step *step = &type->steps[k];
        if (!isfinite(step->radius) || !(step->radius > previous) || !(step->radius < type->outer))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "bond_types[%d].steps[%d].radius: %g is not between %g and the outer "
                           "wall %g",
                           (int)t, (int)k, step->radius, previous, type->outer);
        if (!isfinite(step->energy))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bond_types[%d].steps[%d].energy: %g is not finite", (int)t,
                           (int)k, step->energy);
        previous = step->radius;
    }
    return RC_STATUS_OK;
}

static int by_pair(const void *x, const void *y)
{
    const uint64_t *a = x, *b = y;
    return *a < *b ? -1 : *a > *b;
}

rc_status rc_edmd_bonds_check(const rc_edmd_def *d)
{
    if (d->bond_count == 0) return RC_STATUS_OK;
    if (d->bond_count < 0 || !d->bonds)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds: %d bonds without an array", (int)d->bond_count);
    if (d->bond_type_count <= 0 || !d->bond_types)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bond_types: %d types for %d bonds", (int)d->bond_type_count,
                       (int)d->bond_count);
    bool fixed = false;
    for (int32_t k = 0; d->fixed && k < d->count; k++) fixed |= d->fixed[k];
    const char *other = d->barostat.pressure != 0         ? "barostat"
                        : fixed                           ? "fixed particles"
                        : d->transport                    ? "transport"
                        : d->tangential_restitution != -1 ? "rough particles"
                                                          : NULL;
    if (other) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds: bonds with %s are not built", other);
    for (int32_t t = 0; t < d->bond_type_count; t++) {
        rc_status s = check_type(&d->bond_types[t], t);
        if (s != RC_STATUS_OK) return s;
    }
    uint64_t *keys = malloc((size_t)d->bond_count * sizeof *keys);
    if (!keys) return rc_fail(RC_STATUS_NO_MEMORY, "bonds: out of memory for %d bonds", (int)d->bond_count);
    for (int32_t k = 0; k < d->bond_count; k++) {
        const rc_edmd_bond *bond = &d->bonds[k];
        rc_status s = RC_STATUS_OK;
        for (int side = 0; side < 2 && s == RC_STATUS_OK; side++) {
            int32_t p = side ? bond->b : bond->a;
            if (p < 0 || p >= d->count)
                s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds[%d]: particle %d does not exist (particles 0 to %d)",
                            (int)k, (int)p, (int)d->count - 1);
        }
        if (s == RC_STATUS_OK && bond->a == bond->b)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds[%d]: particle %d is bonded to itself", (int)k, (int)bond->a);
        if (s == RC_STATUS_OK && (bond->type < 0 || bond->type >= d->bond_type_count))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds[%d].type: %d is not a bond type (0 to %d)", (int)k,
                        (int)bond->type, (int)d->bond_type_count - 1);
        if (s != RC_STATUS_OK) {
            free(keys);
            return s;
        }
        uint32_t lo = (uint32_t)(bond->a < bond->b ? bond->a : bond->b);
        uint32_t hi = (uint32_t)(bond->a < bond->b ? bond->b : bond->a);
        keys[k] = (uint64_t)lo << 32 | hi;
    }
    qsort(keys, (size_t)d->bond_count, sizeof *keys, by_pair);
    rc_status s = RC_STATUS_OK;
    for (int32_t k = 1; k < d->bond_count && s == RC_STATUS_OK; k++)
        if (keys[k] == keys[k - 1])
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds: particles %d and %d are bonded twice", (int)(keys[k] >> 32),
                        (int)(keys[k] & 0xffffffffu));
    free(keys);
    return s;
}

int32_t rc_edmd_bonds_stride(const rc_edmd_def *d)
{
    int32_t most = 0;
    for (int32_t t = 0; d->bond_count > 0 && t < d->bond_type_count; t++)
        if (d->bond_types[t].step_count + 2 > most) most = d->bond_types[t].step_count + 2;
    return most;
}

rc_status rc_edmd_bonds_create(rc_edmd *e, rc_edmd_steps *st, const rc_edmd_def *d, int32_t base)
{
    for (int32_t t = 0; t < d->bond_type_count; t++) {
        const rc_bond_type *type = &d->bond_types[t];
        size_t at = (size_t)(base + t) * (size_t)st->stride;
        double *bound = st->bound + at, *energy = st->energy + at;
        int32_t m = type->step_count + 1; /* the steps, then the outer wall */
        st->count[base + t] = m;
        bound[0] = type->inner;
        for (int32_t k = 0; k < type->step_count; k++)
            bound[k + 1] = type->steps[k].radius, energy[k] = type->steps[k].energy;
        bound[m] = type->outer;
        energy[m - 1] = 0;
        energy[m] = INFINITY; /* leaving the outer wall: never enough energy, always a reflection */
        if (type->outer > e->reach_factor) e->reach_factor = type->outer;
    }
    size_t n = e->n > 0 ? (size_t)e->n : 1, ends = 2 * (size_t)d->bond_count;
    st->bond_base = base;
    st->bond_count = d->bond_count;
    st->bond_ends = malloc(3 * (size_t)d->bond_count * sizeof *st->bond_ends);
    st->bond_first = calloc(n + 1, sizeof *st->bond_first);
    st->bond_partner = malloc(ends * sizeof *st->bond_partner);
    st->bond_type = malloc(ends * sizeof *st->bond_type);
    if (!st->bond_ends || !st->bond_first || !st->bond_partner || !st->bond_type)
        return rc_fail(RC_STATUS_NO_MEMORY, "bonds: out of memory for %d bonds", (int)d->bond_count);
    for (int32_t k = 0; k < d->bond_count; k++) {
        st->bond_ends[3 * k] = d->bonds[k].a;
        st->bond_ends[3 * k + 1] = d->bonds[k].b;
        st->bond_ends[3 * k + 2] = d->bonds[k].type;
    }
    return RC_STATUS_OK;
}

void rc_edmd_bonds_destroy(rc_edmd_steps *st)
{
    free(st->bond_ends);
    free(st->bond_first);
    free(st->bond_partner);
    free(st->bond_type);
}

void rc_edmd_bonds_index(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    if (!st->bond_first) return;
    int32_t *first = st->bond_first;
    for (int32_t k = 0; k <= e->n; k++) first[k] = 0;
    for (int32_t k = 0; k < st->bond_count; k++) {
        first[st->slot_of[st->bond_ends[3 * k]] + 1]++;
        first[st->slot_of[st->bond_ends[3 * k + 1]] + 1]++;
    }
    for (int32_t k = 0; k < e->n; k++) first[k + 1] += first[k];
    /* filled from the back of each slot's range, first[] moved down to its start on the way */
    for (int32_t k = st->bond_count - 1; k >= 0; k--) {
        int32_t i = st->slot_of[st->bond_ends[3 * k]], j = st->slot_of[st->bond_ends[3 * k + 1]];
        int32_t t = st->bond_base + st->bond_ends[3 * k + 2];
        int32_t at = --first[i + 1];
        st->bond_partner[at] = j, st->bond_type[at] = t;
        at = --first[j + 1];
        st->bond_partner[at] = i, st->bond_type[at] = t;
    }
    /* first[k + 1] now holds slot k's start: shift back to offsets */
    for (int32_t k = 0; k < e->n; k++) first[k] = first[k + 1];
    first[e->n] = 2 * st->bond_count;
}

rc_status rc_edmd_bonds_capture(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    if (!st->bond_first) return RC_STATUS_OK;
    for (int32_t k = 0; k < st->bond_count; k++) {
        int32_t a = st->bond_ends[3 * k], b = st->bond_ends[3 * k + 1], t = st->bond_base + st->bond_ends[3 * k + 2];
        int32_t i = st->slot_of[a], j = st->slot_of[b], m = st->count[t];
        const double *bound = st->bound + (size_t)t * (size_t)st->stride;
        double r[3];
        for (int c = 0; c < 3; c++) r[c] = e->kin[i].x[c] - e->kin[j].x[c];
        rc_edmd_minimum_image(e, r);
        double sigma = e->kin[i].radius + e->kin[j].radius, distance = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
        double tolerance = 1 + RC_EDMD_OVERLAP_TOLERANCE;
        if (distance > bound[m] * sigma * tolerance)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "bonds[%d]: particles %d and %d start %g apart, outside their outer "
                           "wall at %g",
                           (int)k, (int)a, (int)b, distance, bound[m] * sigma);
        if (distance * tolerance < bound[0] * sigma)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "bonds[%d]: particles %d and %d start %g apart, inside their core at "
                           "%g",
                           (int)k, (int)a, (int)b, distance, bound[0] * sigma);
        int32_t ring = 0;
        while (ring < m - 1 && !(distance < bound[ring + 1] * sigma)) ring++;
        st->potential += st->energy[(size_t)t * st->stride + ring];
        rc_status s = rc_capture_set(st, a, b, ring, m);
        if (s != RC_STATUS_OK) return s;
    }
    return RC_STATUS_OK;
}
