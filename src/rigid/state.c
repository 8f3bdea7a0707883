/* The time-stepped engine's state as bytes, for checkpoints (docs/formats.md, "checkpoint.rcp"): every body's position,
 * orientation, velocity and angular velocity, the clock and the counters. A step depends on nothing else (contacts,
 * islands and rotations are rebuilt from these each step), so an engine built from the same definition that takes the
 * state back steps on bit-identically. */
#include <string.h>

#include "core/status.h"
#include "rigid/engine.h"

#define STATE_MAGIC 0x3130455441545352ULL /* "RSTATE01" read as a little-endian number */

typedef struct header {
    uint64_t magic;
    int32_t n, dimension;
} header;

/* The blocks of the state: (address, bytes) pairs. */
static int blocks(rc_rigid *e, void **where, size_t *size)
{
    size_t n = (size_t)e->n;
    int k = 0;
    where[k] = &e->time, size[k++] = sizeof e->time;
    where[k] = &e->stats, size[k++] = sizeof e->stats;
    where[k] = e->x, size[k++] = 3 * n * sizeof *e->x;
    where[k] = e->q, size[k++] = 4 * n * sizeof *e->q;
    where[k] = e->v, size[k++] = 3 * n * sizeof *e->v;
    where[k] = e->w, size[k++] = 3 * n * sizeof *e->w;
    return k;
}

size_t rc_rigid_state_size(const rc_rigid *e)
{
    void *where[8];
    size_t size[8], total = sizeof(header);
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
    header h = {STATE_MAGIC, e->n, e->d};
    unsigned char *at = buffer;
    memcpy(at, &h, sizeof h);
    at += sizeof h;
    void *where[8];
    size_t size[8];
    int count = blocks((rc_rigid *)e, where, size);
    for (int k = 0; k < count; k++) {
        memcpy(at, where[k], size[k]);
        at += size[k];
    }
    return RC_OK;
}

rc_status rc_rigid_state_restore(rc_rigid *e, const void *buffer, size_t bytes)
{
    if (!e || !buffer) return rc_fail(RC_INVALID_ARGUMENT, "rc_rigid_state_restore: NULL argument");
    header h;
    if (bytes < sizeof h) return rc_fail(RC_INVALID_ARGUMENT, "state: %zu bytes is too short", bytes);
    memcpy(&h, buffer, sizeof h);
    if (h.magic != STATE_MAGIC) return rc_fail(RC_INVALID_ARGUMENT, "state: not a time-stepped engine state");
    if (h.n != e->n || h.dimension != e->d || bytes != rc_rigid_state_size(e))
        return rc_fail(RC_INVALID_ARGUMENT,
                       "state: made by an engine of %d bodies in %dD, not by this definition (%d bodies in %dD)",
                       (int)h.n, (int)h.dimension, (int)e->n, e->d);
    const unsigned char *at = (const unsigned char *)buffer + sizeof h;
    void *where[8];
    size_t size[8];
    int count = blocks(e, where, size);
    for (int k = 0; k < count; k++) {
        memcpy(where[k], at, size[k]);
        at += size[k];
    }
    for (int32_t i = 0; i < e->n; i++) rc_rigid_orient(e, i);
    return RC_OK;
}
