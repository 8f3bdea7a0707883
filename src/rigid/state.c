/* SPDX-License-Identifier: MIT */
/* The time-stepped engine's state as bytes, for checkpoints (docs/formats.md, "checkpoint.rcp"): every body's position,
 * orientation, velocity and angular velocity, the clock, the counters, each body's sleep (its island's label or -1,
 * and its steps at rest: sleep.c) and the resting impulses kept for the next step's warm start (warm.c). A step depends on nothing else (contacts, islands and rotations are rebuilt from these
 * each step), so an engine built from the same definition that takes the state back steps on bit-identically. */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "core/range.h"
#include "core/status.h"
#include "rigid/engine.h"

#define STATE_MAGIC 0x3430455441545352ULL /* "RSTATE04" read as a little-endian number */
enum { BLOCKS = 11 };

typedef struct header {
    uint64_t magic;
    int32_t n, dimension, kept, unused; /* kept: warm-start entries */
} header;

/* The blocks of the state: (address, bytes) pairs. */
static int blocks(rc_rigid *e, void **where, size_t *size)
{
    size_t n = (size_t)e->n;
    int k = 0;
    where[k] = &e->time, size[k++] = sizeof e->time;
    where[k] = &e->stats, size[k++] = sizeof e->stats;
    where[k] = &e->initial_energy, size[k++] = sizeof e->initial_energy;
    where[k] = e->x, size[k++] = 3 * n * sizeof *e->x;
    where[k] = e->q, size[k++] = 4 * n * sizeof *e->q;
    where[k] = e->v, size[k++] = 3 * n * sizeof *e->v;
    where[k] = e->w, size[k++] = 3 * n * sizeof *e->w;
    where[k] = e->asleep, size[k++] = n * sizeof *e->asleep;
    where[k] = e->rest_steps, size[k++] = n * sizeof *e->rest_steps;
    where[k] = e->warm.key, size[k++] = (size_t)e->warm.count * sizeof *e->warm.key;
    where[k] = e->warm.impulse, size[k++] = (size_t)e->warm.count * sizeof *e->warm.impulse;
    return k;
}

size_t rc_rigid_state_size(const rc_rigid *e)
{
    void *where[BLOCKS];
    size_t size[BLOCKS], total = sizeof(header);
    int count = blocks((rc_rigid *)e, where, size);
    for (int k = 0; k < count; k++) total += size[k];
    return total;
}

rc_status rc_rigid_state_save(const rc_rigid *e, void *buffer, size_t bytes)
{
    if (!e || !buffer) return rc_fail(RC_INVALID_ARGUMENT, "rc_rigid_state_save: NULL argument");
    if (bytes < rc_rigid_state_size(e))
        return rc_fail(RC_INVALID_ARGUMENT, "rc_rigid_state_save: %zu bytes, the state needs %zu", bytes,
                       rc_rigid_state_size(e));
    header h = {STATE_MAGIC, e->n, e->d, e->warm.count, 0};
    unsigned char *at = buffer;
    memcpy(at, &h, sizeof h);
    at += sizeof h;
    void *where[BLOCKS];
    size_t size[BLOCKS];
    int count = blocks((rc_rigid *)e, where, size);
    for (int k = 0; k < count; k++) {
        if (size[k]) memcpy(at, where[k], size[k]);
        at += size[k];
    }
    return RC_OK;
}

/* True when the warm-start keys at `keys` (count of them) name bodies and static shapes of e, grouped by body a. */
static bool keys_valid(const rc_rigid *e, const unsigned char *keys, int count)
{
    int32_t key[3], last = 0;
    for (int t = 0; t < count; t++) {
        memcpy(key, keys + (size_t)t * sizeof key, sizeof key);
        if (key[0] < last || key[0] >= e->n || key[1] < -e->statics || key[1] >= e->n || key[2] < 0) return false;
        last = key[0];
    }
    return true;
}

/* A restored state must be one an engine could have reached: finite, positions within 2^40 (about 1e12) of the
 * origin and speeds below it, unit quaternions. A damaged or forged checkpoint fails here rather than
 * grinding the resolver. */
static rc_status check_restored(const rc_rigid *e)
{
    double range = RC_RANGE;
    if (!isfinite(e->time) || e->time < 0) return rc_fail(RC_INVALID_ARGUMENT, "state: the time %g is not valid", e->time);
    if (!isfinite(e->initial_energy)) /* the drift divides by it */
        return rc_fail(RC_INVALID_ARGUMENT, "state: the initial energy %g is not finite", e->initial_energy);
    for (int32_t i = 0; i < e->n; i++) {
        const double *q = e->q + 4 * i;
        for (int c = 0; c < 3; c++)
            if (!(fabs(e->x[3 * i + c]) <= range) || !(fabs(e->v[3 * i + c]) <= range) ||
                !(fabs(e->w[3 * i + c]) <= range))
                return rc_fail(RC_INVALID_ARGUMENT, "state: body %d has a position or velocity beyond %g or not "
                                                    "finite (%g, %g)", (int)i, range, e->x[3 * i + c], e->v[3 * i + c]);
        if (e->asleep[i] < -1 || e->asleep[i] >= e->n || e->rest_steps[i] < 0 || e->rest_steps[i] > e->sleep_steps)
            return rc_fail(RC_INVALID_ARGUMENT, "state: body %d's sleep (%d, %d steps at rest) is not valid", (int)i,
                           (int)e->asleep[i], (int)e->rest_steps[i]);
        double norm = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        if (!(fabs(norm - 1) < 1e-9))
            return rc_fail(RC_INVALID_ARGUMENT, "state: body %d's orientation is not a unit quaternion", (int)i);
    }
    for (int t = 0; t < e->warm.count; t++) /* a resting impulse pushes apart: finite, not negative */
        if (!(e->warm.impulse[t] >= 0 && e->warm.impulse[t] <= range))
            return rc_fail(RC_INVALID_ARGUMENT, "state: warm-start impulse %d is %g, not in [0, %g]", t,
                           e->warm.impulse[t], range);
    return RC_OK;
}

rc_status rc_rigid_state_restore(rc_rigid *e, const void *buffer, size_t bytes)
{
    if (!e || !buffer) return rc_fail(RC_INVALID_ARGUMENT, "rc_rigid_state_restore: NULL argument");
    header h;
    if (bytes < sizeof h) return rc_fail(RC_INVALID_ARGUMENT, "state: %zu bytes is too short", bytes);
    memcpy(&h, buffer, sizeof h);
    if (h.magic != STATE_MAGIC) return rc_fail(RC_INVALID_ARGUMENT, "state: not a time-stepped engine state");
    if (h.n != e->n || h.dimension != e->d)
        return rc_fail(RC_INVALID_ARGUMENT,
                       "state: made by an engine of %d bodies in %dD, not by this definition (%d bodies in %dD)",
                       (int)h.n, (int)h.dimension, (int)e->n, e->d);
    size_t entry = sizeof *e->warm.key + sizeof *e->warm.impulse, fixed = rc_rigid_state_size(e) -
                                                                           (size_t)e->warm.count * entry;
    if (h.kept < 0 || bytes != fixed + (size_t)h.kept * entry)
        return rc_fail(RC_INVALID_ARGUMENT, "state: %zu bytes is not the size its header describes", bytes);
    const unsigned char *at = (const unsigned char *)buffer + sizeof h;
    if (!keys_valid(e, (const unsigned char *)buffer + fixed, h.kept))
        return rc_fail(RC_INVALID_ARGUMENT, "state: its warm-start entries name bodies this engine does not have");
    rc_status s = rc_rigid_warm_reserve(e, h.kept);
    if (s) return s;
    e->warm.count = h.kept;
    void *where[BLOCKS];
    size_t size[BLOCKS];
    int count = blocks(e, where, size);
    for (int k = 0; k < count; k++) {
        if (size[k]) memcpy(where[k], at, size[k]);
        at += size[k];
    }
    s = check_restored(e);
    if (s) return s;
    e->stats.sleeping = 0;
    for (int32_t i = 0; i < e->n; i++) e->stats.sleeping += e->asleep[i] >= 0;
    for (int32_t i = 0; i < e->n; i++) rc_rigid_orient(e, i);
    rc_rigid_warm_index(e);
    return RC_OK;
}
