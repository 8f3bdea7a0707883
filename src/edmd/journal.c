/* SPDX-License-Identifier: MIT */
/* The undo of a shell event run inside a batch of the parallel loop (docs/edmd.md, "Parallel", item 7 of the proof).
 * An event run on a thread is undone when it turns out to come after the batch's horizon; the records of its particle
 * are kept whole before it runs (speculate.c), but a shell event also moves its particle's anchor and cell and
 * rewrites its own list and its neighbours' (neighbours.c, lists.c). Each of those is kept here just before it
 * changes, as a record of the bytes it held, and the undo writes them back, the last first: a place written twice gets
 * back the bytes it held before the first write. Lists are put back by their entries rather than their bytes, since
 * the spill row a list sits in may differ after the undo (lists.c), which changes nothing but where it is kept. */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/journal.h"
#include "edmd/neighbours.h"

enum { ANCHOR, LINK, LIST };

/* A record's fixed part; an anchor's record is followed by the anchor and its box crossings, a list's by its entries,
 * and every record by its size in bytes (so that the undo walks them backwards). */
typedef struct record {
    int32_t kind, k, count, old;
    int32_t *at;
} record;

typedef struct anchor_kept {
    rc_anchor anchor;
    int32_t image[3];
} anchor_kept;

static size_t padded(size_t bytes) { return (bytes + 7) & ~(size_t)7; }

/* The bytes of a record whose payload is `payload` bytes. */
static size_t record_bytes(size_t payload) { return sizeof(record) + padded(payload) + sizeof(uint64_t); }

rc_status rc_edmd_journal_reserve(const rc_edmd *e, rc_edmd_journal *j, int32_t events)
{
    /* a shell event keeps its anchor, at most three links and its own list, then one list before each list change:
     * a leaver's removal, two additions per arrival and one new length; neither list is ever longer than a spill row
     * (a longer one would widen the rows, which a batch refuses) */
    size_t longest = (size_t)e->spill_capacity * (size_t)e->entry_width;
    size_t largest = record_bytes(longest > sizeof(anchor_kept) ? longest : sizeof(anchor_kept));
    size_t changes = (size_t)events * (size_t)(3 * e->spill_capacity + 8), need = changes * largest;
    if (need > j->capacity) {
        uint8_t *bytes = realloc(j->bytes, need);
        if (!bytes) return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the undo of a batch");
        j->bytes = bytes, j->capacity = need;
    }
    /* and room in the stock for every row the lists may give back */
    if (RC_JOURNAL_STOCK + changes > (size_t)j->stock_capacity) {
        int32_t *stock = realloc(j->stock, (RC_JOURNAL_STOCK + changes) * sizeof *stock);
        if (!stock) return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the undo of a batch");
        j->stock = stock, j->stock_capacity = (int32_t)(RC_JOURNAL_STOCK + changes);
    }
    j->used = 0;
    j->refused = false;
    return RC_STATUS_OK;
}

void rc_edmd_journal_destroy(rc_edmd_journal *j)
{
    free(j->bytes);
    free(j->stock);
    *j = (rc_edmd_journal){0};
}

/* Room for `more` bytes, grown on the thread when the reserve was too short (it is not, by the count above); false,
 * with the journal failed, when memory runs out. */
static bool room(rc_edmd_journal *j, size_t more)
{
    if (j->used + more <= j->capacity) return true;
    size_t capacity = 2 * j->capacity > j->used + more ? 2 * j->capacity : j->used + more;
    uint8_t *bytes = realloc(j->bytes, capacity);
    if (!bytes) return !(j->failed = true);
    j->bytes = bytes, j->capacity = capacity;
    return true;
}

/* Appends a record and returns where its payload goes, or NULL when memory ran out. */
static void *append(rc_edmd_journal *j, record r, size_t payload)
{
    uint64_t size = record_bytes(payload);
    if (!room(j, size)) return NULL;
    uint8_t *at = j->bytes + j->used;
    memcpy(at, &r, sizeof r);
    memcpy(at + size - sizeof size, &size, sizeof size);
    j->used += size;
    return at + sizeof r;
}

void rc_edmd_journal_anchor(rc_edmd *e, int32_t k)
{
    anchor_kept kept = {.anchor = e->anchor[k]};
    memcpy(kept.image, e->image + 3 * (size_t)k, sizeof kept.image);
    void *at = append(e->journal, (record){.kind = ANCHOR, .k = k}, sizeof kept);
    if (at) memcpy(at, &kept, sizeof kept);
}

void rc_edmd_journal_link(rc_edmd *e, int32_t *at)
{
    append(e->journal, (record){.kind = LINK, .at = at, .old = *at}, 0);
}

void rc_edmd_journal_list(rc_edmd *e, int32_t k)
{
    int32_t count = rc_edmd_list_length(e, k);
    size_t bytes = (size_t)count * (size_t)e->entry_width;
    void *at = append(e->journal, (record){.kind = LIST, .k = k, .count = count}, bytes);
    if (at) memcpy(at, rc_edmd_list(e, k), bytes);
}

void rc_edmd_journal_give(rc_edmd_journal *j, int32_t r)
{
    if (j->stocked == j->stock_capacity) {
        int32_t *stock = realloc(j->stock, 2 * (size_t)j->stock_capacity * sizeof *stock);
        if (!stock) {
            j->failed = true;
            return;
        }
        j->stock = stock, j->stock_capacity *= 2;
    }
    j->stock[j->stocked++] = r;
}

void rc_edmd_journal_undo(rc_edmd *e, rc_edmd_journal *j, size_t from, size_t to)
{
    while (to > from) {
        uint64_t size;
        memcpy(&size, j->bytes + to - sizeof size, sizeof size);
        to -= size;
        record r;
        memcpy(&r, j->bytes + to, sizeof r);
        const uint8_t *payload = j->bytes + to + sizeof r;
        if (r.kind == ANCHOR) {
            anchor_kept kept;
            memcpy(&kept, payload, sizeof kept);
            e->anchor[r.k] = kept.anchor;
            memcpy(e->image + 3 * (size_t)r.k, kept.image, sizeof kept.image);
        } else if (r.kind == LINK) {
            *r.at = r.old;
        } else {
            rc_edmd_list_put_back(e, j, r.k, r.count, payload);
        }
    }
}
