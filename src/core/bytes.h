/* SPDX-License-Identifier: MIT */
/* A walk over plain fields that counts their bytes, writes them to a buffer or reads them back, in one order for
 * all three (the state of a run's measurements in checkpoints, src/run/measure.c and src/analysis/state.c); and the
 * FNV-1a hash of bytes (checkpoints' checksums, a sweep folder's identity). */
#ifndef RC_CORE_BYTES_H
#define RC_CORE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* FNV-1a's offset basis: the hash of no bytes. */
#define RC_FNV_START 0xcbf29ce484222325ULL

/* FNV-1a (64 bits) over bytes, continued from hash. It finds accidents, not forgeries. */
static inline uint64_t rc_fnv_add(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) hash = (hash ^ p[i]) * 0x100000001b3ULL;
    return hash;
}

typedef enum { RC_BYTES_COUNT, RC_BYTES_WRITE, RC_BYTES_READ } rc_bytes_mode;

typedef struct rc_bytes {
    rc_bytes_mode mode;
    unsigned char *at;
    size_t left, used;
    bool short_of_room; /* a write or read ran past the buffer: nothing more is moved */
} rc_bytes;

static inline void rc_bytes_field(rc_bytes *c, void *value, size_t size)
{
    c->used += size;
    /* an empty field may have no storage yet (NULL), which memcpy may not be given even for no bytes */
    if (size == 0 || c->mode == RC_BYTES_COUNT || c->short_of_room) return;
    if (c->left < size) {
        c->short_of_room = true;
        return;
    }
    if (c->mode == RC_BYTES_WRITE) memcpy(c->at, value, size);
    else memcpy(value, c->at, size);
    c->at += size;
    c->left -= size;
}

#define RC_BYTES_FIELD(c, x) rc_bytes_field((c), &(x), sizeof(x))

#endif
