/* SPDX-License-Identifier: MIT */
/* The time-stepped engine's state as tagged records (core/tagged.h; docs/formats.md, "checkpoint.rcp"), for
 * checkpoints: every body's position, orientation, velocity and angular velocity, the clock, the counters (the public
 * rc_rigid_observables field by field), the initial energy, each body's sleep (its island's label or -1, and its steps
 * at rest: sleep.c) and the resting impulses kept for the next step's warm start (warm.c). A step depends on nothing
 * else (contacts, islands and rotations are rebuilt from these each step), so an engine built from the same definition
 * that takes the state back steps on bit-identically. Read by name: a counter, the initial energy, the sleep or the
 * warm start that a state lacks keeps the freshly built engine's value, and a record this reader does not know is
 * skipped; the bodies' coordinates are required. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/range.h"
#include "core/status.h"
#include "core/tagged.h"
#include "rigid/engine.h"

static const char KIND[] = "time-stepping";

#define OBSERVABLE(member) RC_TAGGED_FIELD(rc_rigid_observables, member)
static const rc_tagged_field OBSERVABLES[] = {OBSERVABLE(time),
                                              OBSERVABLE(steps),
                                              OBSERVABLE(impacts),
                                              OBSERVABLE(iterations),
                                              OBSERVABLE(max_iterations),
                                              OBSERVABLE(contacts),
                                              OBSERVABLE(max_contacts),
                                              OBSERVABLE(largest_island),
                                              OBSERVABLE(kinetic_energy),
                                              OBSERVABLE(potential_energy),
                                              OBSERVABLE(energy),
                                              OBSERVABLE(dissipated_energy),
                                              OBSERVABLE(energy_drift),
                                              OBSERVABLE(linear_momentum),
                                              OBSERVABLE(angular_momentum),
                                              OBSERVABLE(max_penetration),
                                              OBSERVABLE(detection_seconds),
                                              OBSERVABLE(resolution_seconds),
                                              OBSERVABLE(sleeping),
                                              OBSERVABLE(sleeps),
                                              OBSERVABLE(wakes),
                                              OBSERVABLE(resting_resolves)};
enum { OBSERVABLE_COUNT = (int)(sizeof OBSERVABLES / sizeof *OBSERVABLES) };
/* A field added to rc_rigid_observables changes its size: it then needs its line above (8 bytes a field, a 32-bit
 * one padded to 8, the momenta 24 each). */
_Static_assert(sizeof(rc_rigid_observables) == (OBSERVABLE_COUNT + 4) * 8, "a field of rc_rigid_observables lacks "
                                                                           "its line");

/* The arrays of the state: name, type, place and bytes. */
typedef struct array {
    const char *name;
    rc_tagged_type type;
    void *data;
    size_t size;
    bool required;
} array;

static int arrays(rc_rigid *e, int kept, array *out)
{
    size_t n = (size_t)e->n, k = (size_t)kept;
    array list[] = {{"x", RC_TAGGED_F64, e->x, 3 * n * sizeof *e->x, true},
                    {"q", RC_TAGGED_F64, e->q, 4 * n * sizeof *e->q, true},
                    {"v", RC_TAGGED_F64, e->v, 3 * n * sizeof *e->v, true},
                    {"w", RC_TAGGED_F64, e->w, 3 * n * sizeof *e->w, true},
                    {"asleep", RC_TAGGED_BYTES, e->asleep, n * sizeof *e->asleep, false},
                    {"rest_steps", RC_TAGGED_BYTES, e->rest_steps, n * sizeof *e->rest_steps, false},
                    {"warm.key", RC_TAGGED_BYTES, e->warm.key, k * sizeof *e->warm.key, false},
                    {"warm.impulse", RC_TAGGED_F64, e->warm.impulse, k * sizeof *e->warm.impulse, false}};
    memcpy(out, list, sizeof list);
    return (int)(sizeof list / sizeof *list);
}

/* Every record of the state into w (or their bytes counted). */
static void put_state(const rc_rigid *e, rc_tagged_writer *w)
{
    int64_t n = e->n, dimension = e->d;
    rc_tagged_put_text(w, "engine", KIND);
    rc_tagged_put(w, "bodies", RC_TAGGED_I64, &n, sizeof n);
    rc_tagged_put(w, "dimension", RC_TAGGED_I64, &dimension, sizeof dimension);
    rc_tagged_put(w, "time", RC_TAGGED_F64, &e->time, sizeof e->time);
    rc_tagged_put(w, "initial_energy", RC_TAGGED_F64, &e->initial_energy, sizeof e->initial_energy);
    rc_tagged_put_fields(w, "stats.", OBSERVABLES, OBSERVABLE_COUNT, &e->stats);
    array list[8];
    int count = arrays((rc_rigid *)e, e->warm.count, list);
    for (int k = 0; k < count; k++) rc_tagged_put(w, list[k].name, list[k].type, list[k].data, list[k].size);
}

size_t rc_rigid_state_size(const rc_rigid *e)
{
    rc_tagged_writer w = {.count_only = true};
    put_state(e, &w);
    return w.size;
}

rc_status rc_rigid_state_save(const rc_rigid *e, void *buffer, size_t bytes)
{
    if (!e || !buffer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_rigid_state_save: NULL argument");
    size_t size = rc_rigid_state_size(e);
    if (bytes < size)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_rigid_state_save: %zu bytes, the state needs %zu", bytes, size);
    rc_tagged_writer w = {0};
    put_state(e, &w);
    if (!w.failed) memcpy(buffer, w.data, w.size);
    rc_tagged_writer_free(&w);
    return w.failed ? rc_fail(RC_STATUS_NO_MEMORY, "out of memory for a state of %zu bytes", size) : RC_STATUS_OK;
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
    if (!isfinite(e->time) || e->time < 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the time %g is not valid", e->time);
    if (!isfinite(e->initial_energy)) /* the drift divides by it */
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: the initial energy %g is not finite", e->initial_energy);
    for (int32_t i = 0; i < e->n; i++) {
        const double *q = e->q + 4 * i;
        for (int c = 0; c < 3; c++)
            if (!(fabs(e->x[3 * i + c]) <= range) || !(fabs(e->v[3 * i + c]) <= range) ||
                !(fabs(e->w[3 * i + c]) <= range))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "state: body %d has a position or velocity beyond %g or not "
                               "finite (%g, %g)",
                               (int)i, range, e->x[3 * i + c], e->v[3 * i + c]);
        if (e->asleep[i] < -1 || e->asleep[i] >= e->n || e->rest_steps[i] < 0 || e->rest_steps[i] > e->sleep_steps)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: body %d's sleep (%d, %d steps at rest) is not valid",
                           (int)i, (int)e->asleep[i], (int)e->rest_steps[i]);
        double norm = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        if (!(fabs(norm - 1) < 1e-9))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: body %d's orientation is not a unit quaternion", (int)i);
    }
    for (int t = 0; t < e->warm.count; t++) /* a resting impulse pushes apart: finite, not negative */
        if (!(e->warm.impulse[t] >= 0 && e->warm.impulse[t] <= range))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: warm-start impulse %d is %g, not in [0, %g]", t,
                           e->warm.impulse[t], range);
    return RC_STATUS_OK;
}

/* An I64 record as an integer (false when absent or not one). */
static bool integer(const void *records, uint64_t size, const char *name, int64_t *out)
{
    rc_tagged r;
    if (!rc_tagged_find(records, size, name, &r) || r.type != RC_TAGGED_I64 || r.size != sizeof *out) return false;
    memcpy(out, r.value, sizeof *out);
    return true;
}

/* An F64 record of one number into *out; absent, *out keeps its value unless required. */
static rc_status get_number(const void *records, uint64_t size, const char *name, bool required, double *out)
{
    rc_tagged r;
    if (!rc_tagged_find(records, size, name, &r))
        return required ? rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: it has no record %s", name) : RC_STATUS_OK;
    if (r.type != RC_TAGGED_F64 || r.size != sizeof *out)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: its record %s is %s of %llu bytes, not one f64", name,
                       rc_tagged_type_name(r.type), (unsigned long long)r.size);
    memcpy(out, r.value, sizeof *out);
    return RC_STATUS_OK;
}

/* The arrays from their records: the required ones must be there, each of its body count's size. */
static rc_status get_arrays(rc_rigid *e, const void *records, uint64_t size, int kept)
{
    array list[8];
    int count = arrays(e, kept, list);
    for (int k = 0; k < count; k++) {
        rc_tagged r;
        if (!rc_tagged_find(records, size, list[k].name, &r)) {
            if (list[k].required)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: it has no record %s", list[k].name);
            continue;
        }
        if (r.type != list[k].type || r.size != list[k].size)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: its record %s is %s of %llu bytes, not %s of %zu",
                           list[k].name, rc_tagged_type_name(r.type), (unsigned long long)r.size,
                           rc_tagged_type_name(list[k].type), list[k].size);
        if (list[k].size) memcpy(list[k].data, r.value, list[k].size);
    }
    return RC_STATUS_OK;
}

rc_status rc_rigid_state_restore(rc_rigid *e, const void *buffer, size_t bytes)
{
    if (!e || !buffer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_rigid_state_restore: NULL argument");
    rc_tagged kind;
    if (!rc_tagged_check(buffer, bytes, NULL))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: its records are damaged (one breaks off)");
    if (!rc_tagged_find(buffer, bytes, "engine", &kind) || kind.type != RC_TAGGED_TEXT || kind.size != strlen(KIND) ||
        memcmp(kind.value, KIND, kind.size) != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: not a time-stepped engine state");
    int64_t n = -1, dimension = -1;
    if (!integer(buffer, bytes, "bodies", &n) || !integer(buffer, bytes, "dimension", &dimension) || n != e->n ||
        dimension != e->d)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: made by an engine of %lld bodies in %lldD, not by this definition (%d bodies in %dD)",
                       (long long)n, (long long)dimension, (int)e->n, e->d);
    rc_tagged keys;
    int64_t kept = 0;
    if (rc_tagged_find(buffer, bytes, "warm.key", &keys)) kept = (int64_t)(keys.size / sizeof *e->warm.key);
    if (kept > INT32_MAX || !keys_valid(e, kept ? keys.value : NULL, (int)kept))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "state: its warm-start entries name bodies this engine does not have");
    rc_status s = get_number(buffer, bytes, "time", true, &e->time);
    if (!s) s = get_number(buffer, bytes, "initial_energy", false, &e->initial_energy);
    if (!s) s = rc_tagged_get_fields(buffer, bytes, "state", "stats.", OBSERVABLES, OBSERVABLE_COUNT, &e->stats);
    if (!s) s = rc_rigid_warm_reserve(e, (int)kept);
    if (s) return s;
    int had = e->warm.count;
    e->warm.count = (int)kept;
    s = get_arrays(e, buffer, bytes, (int)kept);
    if (!s && kept && !rc_tagged_find(buffer, bytes, "warm.impulse", &keys))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "state: it has warm-start keys without their impulses");
    if (s) {
        e->warm.count = had;
        return s;
    }
    s = check_restored(e);
    if (s) return s;
    e->stats.sleeping = 0;
    for (int32_t i = 0; i < e->n; i++) e->stats.sleeping += e->asleep[i] >= 0;
    for (int32_t i = 0; i < e->n; i++) rc_rigid_orient(e, i);
    rc_rigid_warm_index(e);
    return RC_STATUS_OK;
}
