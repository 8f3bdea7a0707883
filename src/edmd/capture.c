/* SPDX-License-Identifier: MIT */
/* The capture map of stepped potentials (Bannerman et al. 2014, section 6: the invalid states of a stepped potential
 * depend on the pair's history; docs/edmd.md, "Stepped potentials"): which ring each pair is in, keyed by the pair's
 * input indices so that the renumbering of slots (reorder.c) leaves it valid. Open addressing with linear probing and
 * deletion by backward shift (no tombstones), at most half full. Also the checks of recorded rings against the
 * separations at renewals, and the map's round trip through checkpoints. */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/bonds.h"
#include "edmd/steps.h"

static uint64_t key_of(int32_t a, int32_t b)
{
    uint32_t lo = (uint32_t)(a < b ? a : b), hi = (uint32_t)(a < b ? b : a);
    return (uint64_t)lo << 32 | hi;
}

static uint64_t home_of(const rc_edmd_steps *st, uint64_t key)
{
    return (key * 0x9e3779b97f4a7c15ULL >> 17) & (st->capacity - 1);
}

/* The slot holding key, or the empty slot where it would go. */
static uint64_t find(const rc_edmd_steps *st, uint64_t key)
{
    uint64_t at = home_of(st, key);
    while (st->map[at].key != key && st->map[at].key != RC_CAPTURE_EMPTY) at = (at + 1) & (st->capacity - 1);
    return at;
}

int32_t rc_capture_ring(const rc_edmd_steps *st, int32_t a, int32_t b, int32_t m)
{
    if (__builtin_expect(st->pending_count > 0, 0)) {
        uint64_t key = key_of(a, b);
        for (int32_t i = st->pending_count; i-- > 0;)
            if (st->pending[i].key == key) return st->pending[i].ring;
    }
    const rc_capture *c = &st->map[find(st, key_of(a, b))];
    return c->key == RC_CAPTURE_EMPTY ? m : c->ring;
}

static rc_status grow(rc_edmd_steps *st)
{
    rc_capture *old = st->map;
    uint64_t old_capacity = st->capacity;
    st->capacity = old ? 2 * old_capacity : 64;
    st->map = malloc(st->capacity * sizeof *st->map);
    if (!st->map) {
        st->map = old, st->capacity = old_capacity;
        return rc_fail(RC_STATUS_NO_MEMORY, "capture map: out of memory for %llu pairs", (unsigned long long)st->used);
    }
    for (uint64_t k = 0; k < st->capacity; k++) st->map[k].key = RC_CAPTURE_EMPTY;
    for (uint64_t k = 0; k < old_capacity; k++)
        if (old[k].key != RC_CAPTURE_EMPTY) st->map[find(st, old[k].key)] = old[k];
    free(old);
    return RC_STATUS_OK;
}

/* Empties slot at and moves later members of its probe run back into the hole (Knuth's algorithm R). */
static void erase(rc_edmd_steps *st, uint64_t at)
{
    uint64_t mask = st->capacity - 1, hole = at;
    for (uint64_t next = (hole + 1) & mask; st->map[next].key != RC_CAPTURE_EMPTY; next = (next + 1) & mask) {
        uint64_t home = home_of(st, st->map[next].key);
        /* the member at next may move to the hole when its home is not cyclically in (hole, next] */
        bool stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next);
        if (stays) continue;
        st->map[hole] = st->map[next];
        hole = next;
    }
    st->map[hole].key = RC_CAPTURE_EMPTY;
    st->used--;
}

rc_status rc_capture_create(rc_edmd_steps *st) { return grow(st); }

rc_status rc_capture_set(rc_edmd_steps *st, int32_t a, int32_t b, int32_t ring, int32_t m)
{
    if (st->pending) { /* a thread's copy: its caller (speculate.c) leaves room for every event's one entry */
        st->pending[st->pending_count++] = (rc_capture){key_of(a, b), ring, m};
        return RC_STATUS_OK;
    }
    uint64_t key = key_of(a, b), at = find(st, key);
    if (ring == m) {
        if (st->map[at].key == key) erase(st, at);
        return RC_STATUS_OK;
    }
    if (st->map[at].key == key) {
        st->map[at].ring = ring;
        return RC_STATUS_OK;
    }
    if (2 * (st->used + 1) > st->capacity) {
        rc_status s = grow(st);
        if (s != RC_STATUS_OK) return s;
        at = find(st, key);
    }
    st->map[at] = (rc_capture){key, ring, 0};
    st->used++;
    return RC_STATUS_OK;
}

rc_status rc_capture_commit(rc_edmd_steps *st, const rc_capture *pending)
{
    return rc_capture_set(st, (int32_t)(pending->key >> 32), (int32_t)(pending->key & UINT32_MAX), pending->ring,
                          pending->steps);
}

static int by_key(const void *x, const void *y)
{
    uint64_t a = ((const rc_capture *)x)->key, b = ((const rc_capture *)y)->key;
    return (a > b) - (a < b);
}

void rc_capture_sorted(const rc_edmd_steps *st, rc_capture *out)
{
    uint64_t n = 0;
    for (uint64_t k = 0; k < st->capacity; k++)
        if (st->map[k].key != RC_CAPTURE_EMPTY) out[n++] = st->map[k];
    qsort(out, n, sizeof *out, by_key); /* keys are distinct: a total order */
}

/* The squared separation of slots i and j at now (minimum image). */
static double separation2(const rc_edmd *e, int32_t i, int32_t j)
{
    double xi[3], vi[3], xj[3], vj[3], r[3];
    rc_edmd_state_now(e, i, xi, vi);
    rc_edmd_state_now(e, j, xj, vj);
    for (int a = 0; a < 3; a++) r[a] = xi[a] - xj[a];
    rc_edmd_minimum_image(e, r);
    return r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
}

/* Whether squared separation rr lies in ring `ring` of a pair of type t and contact distance sigma, within a
 * relative 1e-9 of the square: the rounding the stable rule heals is some units in the last place. */
static bool in_ring(const rc_edmd_steps *st, int32_t t, int32_t ring, double rr, double sigma)
{
    const double *bound = st->bound + (size_t)t * (size_t)st->stride;
    double low = bound[ring] * sigma, tolerance = 1e-9;
    if (rr < low * low * (1 - tolerance)) return false;
    if (ring == st->count[t]) return true;
    double high = bound[ring + 1] * sigma;
    return rr <= high * high * (1 + tolerance);
}

void rc_edmd_steps_check_pair(rc_edmd *e, int32_t i, int32_t j, int32_t ring)
{
    rc_edmd_steps *st = e->steps;
    double sigma = (e->kin[i].radius + e->kin[j].radius) * rc_edmd_grown(e);
    if (!in_ring(st, rc_steps_type(e, i, j), ring, separation2(e, i, j), sigma)) st->invalid++;
}

void rc_edmd_steps_renew(rc_edmd *e)
{
    rc_edmd_steps *st = e->steps;
    for (int32_t k = 0; k < e->n; k++) st->slot_of[e->id[k]] = k;
    rc_edmd_bonds_index(e);
    for (uint64_t at = 0; at < st->capacity; at++) { /* the captured pairs, wherever they are now */
        uint64_t key = st->map[at].key;
        if (key != RC_CAPTURE_EMPTY)
            rc_edmd_steps_check_pair(e, st->slot_of[key >> 32], st->slot_of[key & 0xffffffffu], st->map[at].ring);
    }
    for (int32_t k = 0; k < e->n; k++) { /* the free pairs near enough to be inside a step */
        const uint8_t *list = rc_edmd_list(e, k);
        for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
            int32_t j = rc_edmd_neighbour(e, list, m), t = rc_steps_type(e, k, j), steps = st->count[t];
            if (j < k || steps == 0 || rc_capture_ring(st, e->id[k], e->id[j], steps) != steps) continue;
            rc_edmd_steps_check_pair(e, k, j, steps);
        }
    }
}

rc_status rc_capture_restore(rc_edmd *e, const rc_capture *entries, uint64_t count)
{
    rc_edmd_steps *st = e->steps;
    for (uint64_t k = 0; k < st->capacity; k++) st->map[k].key = RC_CAPTURE_EMPTY;
    st->used = 0;
    for (int32_t k = 0; k < e->n; k++) st->slot_of[k] = -1;
    for (int32_t k = 0; k < e->n; k++) { /* the ids are read but not checked yet */
        if (e->id[k] < 0 || e->id[k] >= e->n || st->slot_of[e->id[k]] >= 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the particles' ids are not a permutation");
        st->slot_of[e->id[k]] = k;
    }
    rc_edmd_bonds_index(e);
    for (uint64_t k = 0; k < count; k++) {
        uint64_t a = entries[k].key >> 32, b = entries[k].key & 0xffffffffu;
        if (a >= b || b >= (uint64_t)e->n)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: capture map entry %llu names no pair of particles",
                           (unsigned long long)k);
        int32_t i = st->slot_of[a], j = st->slot_of[b], steps = st->count[rc_steps_type(e, i, j)];
        if (entries[k].ring < 0 || entries[k].ring >= steps)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: capture map entry %llu: ring %d of a pair with %d steps",
                           (unsigned long long)k, (int)entries[k].ring, (int)steps);
        if (rc_capture_ring(st, (int32_t)a, (int32_t)b, steps) != steps)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: capture map entry %llu repeats a pair",
                           (unsigned long long)k);
        rc_status s = rc_capture_set(st, (int32_t)a, (int32_t)b, entries[k].ring, steps);
        if (s != RC_STATUS_OK) return s;
    }
    return RC_STATUS_OK;
}
