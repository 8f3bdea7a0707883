/* SPDX-License-Identifier: MIT */
/* The storage of the neighbour lists (neighbours.c decides what they hold): every particle has a row of
 * neighbour_capacity entries, its length in its anchor record. An entry is a particle slot in entry_width bytes: three
 * from RC_NARROW_LISTS to 2^24 particles (rc_edmd_entry), four in smaller and larger systems. The capacity is a little above the average length, so
 * that rows stay short (memory, and the lines a scan reads); the few lists that outgrow it move whole to a row of the
 * spill, a pool of longer rows, and move back when they shrink to the capacity. Their own row then holds the index of
 * the spill row (rc_edmd_list). The spill is mapped, not allocated: rows from spill_fresh on were never used and cost
 * nothing until a list takes them, and a grown pool gives the old one back to the system (grown in the heap, each
 * generation's freed copy stayed resident). A 3-byte entry is written as a 4-byte word (rc_edmd_entry_set), so rows of
 * 3-byte entries have one byte more: the last entry's write stays in its own row, which two threads may then write
 * at once. Inside a batch of the parallel loop (a journal set) every change is kept for its undo first, and spill rows
 * come from the journal's stock, never from the pool: the pool neither grows nor widens there (journal.c). */
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/journal.h"
#include "edmd/neighbours.h"

/* The bytes of a row of `capacity` entries. */
static int32_t row_bytes(const rc_edmd *e, int32_t capacity)
{
    return capacity * e->entry_width + (e->entry_width == 3);
}

rc_status rc_edmd_lists_create(rc_edmd *e, int32_t capacity, int32_t width)
{
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    e->neighbour_capacity = capacity > 0 ? capacity : 1;
    e->entry_width = width != 0 ? width : e->n >= RC_NARROW_LISTS && e->n < (1 << 24) ? 3 : 4;
    e->neighbours = NULL;
    e->spill = NULL;
    if (e->neighbour_capacity > INT32_MAX / 8)
        return rc_fail(RC_STATUS_NO_MEMORY, "neighbour lists: rows of %d entries", (int)e->neighbour_capacity);
    e->row_bytes = row_bytes(e, e->neighbour_capacity);
    e->neighbours = rc_alloc_large(n * (size_t)e->row_bytes + RC_LIST_PAD, 1);
    /* the longest lists measured are a quarter above the capacity plus a few (at packing fraction 0.30, 22 against
     * 17); a longer one widens every spill row (rc_edmd_list_add) */
    e->spill_capacity = e->neighbour_capacity + e->neighbour_capacity / 4 + 4;
    e->spill_row_bytes = row_bytes(e, e->spill_capacity);
    e->spill_rows = 0;
    e->spill_fresh = 0;
    e->spill_free = -1;
    if (!e->neighbours)
        return rc_fail(RC_STATUS_NO_MEMORY, "neighbour lists: out of memory for %d particles", (int)e->n);
    return RC_STATUS_OK;
}

/* The bytes of a spill of `rows` rows of `capacity` entries. */
static size_t spill_bytes(const rc_edmd *e, int32_t rows, int32_t capacity)
{
    return (size_t)rows * (size_t)row_bytes(e, capacity) + RC_LIST_PAD;
}

void rc_edmd_lists_destroy(rc_edmd *e)
{
    free(e->neighbours);
    rc_free_temporary(e->spill, spill_bytes(e, e->spill_rows, e->spill_capacity), 1);
}

static uint8_t *spill_row(const rc_edmd *e, int32_t r) { return e->spill + (size_t)r * (size_t)e->spill_row_bytes; }

/* Spill row r is free again (the free rows are chained through their first entry, which holds the next free row plus
 * one: 0 ends the chain; a list has at most one spill row, so rows in use stay below the particles, and the entry
 * below 2^24 with 3-byte entries). */
static void give_back(rc_edmd *e, int32_t r)
{
    if (e->journal) {
        rc_edmd_journal_give(e->journal, r);
        return;
    }
    rc_edmd_entry_set(spill_row(e, r), 0, e->spill_free + 1, e->entry_width);
    e->spill_free = r;
}

void rc_edmd_lists_clear(rc_edmd *e)
{
    for (int32_t k = 0; k < e->n; k++) e->anchor[k].count = 0;
    e->spill_free = -1;
    e->spill_fresh = 0;
}

/* Copies the used spill rows into a pool of `rows` rows of `capacity` entries (more of either). */
static rc_status resize_spill(rc_edmd *e, int32_t rows, int32_t capacity)
{
    if (e->journal) { /* inside a batch the other threads read and write lists in the pool: the event runs alone */
        e->journal->refused = true;
        return RC_STATUS_NO_MEMORY;
    }
    size_t stride = (size_t)row_bytes(e, capacity);
    uint8_t *spill = rc_alloc_temporary(spill_bytes(e, rows, capacity), 1);
    if (!spill) return rc_fail(RC_STATUS_NO_MEMORY, "neighbour lists: out of memory for %d long lists", (int)rows);
    for (int32_t r = 0; r < e->spill_fresh; r++)
        memcpy(spill + (size_t)r * stride, spill_row(e, r), (size_t)e->spill_capacity * (size_t)e->entry_width);
    rc_free_temporary(e->spill, spill_bytes(e, e->spill_rows, e->spill_capacity), 1);
    e->spill = spill;
    e->spill_capacity = capacity;
    e->spill_row_bytes = (int32_t)stride;
    e->spill_rows = rows;
    return RC_STATUS_OK;
}

/* A spill row for a list: a freed one, else one never used, else the pool grows. -1 when out of memory. */
static int32_t take_spill_row(rc_edmd *e)
{
    if (e->journal) {
        if (e->journal->stocked > 0) return e->journal->stock[--e->journal->stocked];
        e->journal->refused = true; /* the stock ran out: the event runs alone, where the pool may grow */
        return -1;
    }
    if (e->spill_free >= 0) {
        int32_t r = e->spill_free;
        e->spill_free = rc_edmd_entry(spill_row(e, r), 0, e->entry_width) - 1;
        return r;
    }
    if (e->spill_fresh == e->spill_rows &&
        resize_spill(e, e->spill_rows + e->spill_rows / 2 + 16, e->spill_capacity) != RC_STATUS_OK)
        return -1;
    return e->spill_fresh++;
}

/* rc_edmd_list_add, rc_edmd_list_set_length and rc_edmd_list_remove for entries of `width` bytes, inlined for each
 * width: a constant stride costs no more than the int32_t rows did. */
static inline __attribute__((always_inline)) rc_status add(rc_edmd *e, int32_t k, int32_t j, int32_t width)
{
    int32_t count = e->anchor[k].count, capacity = e->neighbour_capacity;
    rc_status s = RC_STATUS_OK;
    if (count == capacity) { /* the list moves to a spill row */
        int32_t r = take_spill_row(e);
        uint8_t *row = e->neighbours + (size_t)k * (size_t)e->row_bytes;
        if (r < 0) return RC_STATUS_NO_MEMORY;
        memcpy(spill_row(e, r), row, (size_t)count * (size_t)width);
        rc_edmd_entry_set(row, 0, r, width);
    } else if (count == e->spill_capacity) { /* longer than any spill row: widen them all (very rare) */
        s = resize_spill(e, e->spill_rows, e->spill_capacity + e->spill_capacity / 2);
        if (s != RC_STATUS_OK) return s;
    }
    e->anchor[k].count = count + 1;
    rc_edmd_entry_set(rc_edmd_list_of(e, k, width), count, j, width);
    return RC_STATUS_OK;
}

static inline __attribute__((always_inline)) void set_length(rc_edmd *e, int32_t k, int32_t count, int32_t width)
{
    int32_t capacity = e->neighbour_capacity;
    if (e->anchor[k].count > capacity && count <= capacity) { /* back from its spill row */
        uint8_t *row = e->neighbours + (size_t)k * (size_t)e->row_bytes;
        int32_t r = rc_edmd_entry(row, 0, width);
        memcpy(row, spill_row(e, r), (size_t)count * (size_t)width);
        give_back(e, r);
    }
    e->anchor[k].count = count;
}

static inline __attribute__((always_inline)) void remove_entry(rc_edmd *e, int32_t k, int32_t j, int32_t width)
{
    uint8_t *list = rc_edmd_list_of(e, k, width);
    int32_t count = e->anchor[k].count, m = rc_edmd_list_find(list, 0, count, j, width);
    if (m < 0) return;
    rc_edmd_entry_set(list, m, rc_edmd_entry(list, count - 1, width), width);
    set_length(e, k, count - 1, width);
}

rc_status rc_edmd_list_add(rc_edmd *e, int32_t k, int32_t j)
{
    if (e->journal) rc_edmd_journal_list(e, k);
    return e->entry_width == 3 ? add(e, k, j, 3) : add(e, k, j, 4);
}

void rc_edmd_list_set_length(rc_edmd *e, int32_t k, int32_t count)
{
    if (e->journal) rc_edmd_journal_list(e, k);
    if (e->entry_width == 3) set_length(e, k, count, 3);
    else set_length(e, k, count, 4);
}

void rc_edmd_list_remove(rc_edmd *e, int32_t k, int32_t j)
{
    if (e->journal) rc_edmd_journal_list(e, k);
    if (e->entry_width == 3) remove_entry(e, k, j, 3);
    else remove_entry(e, k, j, 4);
}

void rc_edmd_list_put_back(rc_edmd *e, rc_edmd_journal *j, int32_t k, int32_t count, const uint8_t *entries)
{
    int32_t capacity = e->neighbour_capacity, width = e->entry_width;
    uint8_t *row = e->neighbours + (size_t)k * (size_t)e->row_bytes;
    bool spilt = e->anchor[k].count > capacity, spills = count > capacity;
    if (spilt && !spills) rc_edmd_journal_give(j, rc_edmd_entry(row, 0, width));
    if (spills && !spilt) rc_edmd_entry_set(row, 0, j->stock[--j->stocked], width);
    e->anchor[k].count = count;
    memcpy(rc_edmd_list_of(e, k, width), entries, (size_t)count * (size_t)width);
}

rc_status rc_edmd_lists_stock(rc_edmd *e, rc_edmd_journal *j)
{
    while (j->stocked > RC_JOURNAL_STOCK) give_back(e, j->stock[--j->stocked]);
    while (j->stocked < RC_JOURNAL_STOCK) {
        int32_t r = take_spill_row(e);
        if (r < 0) return rc_fail(RC_STATUS_NO_MEMORY, "neighbour lists: out of memory for the threads' spill rows");
        j->stock[j->stocked++] = r;
    }
    return RC_STATUS_OK;
}

void rc_edmd_lists_unstock(rc_edmd *e, rc_edmd_journal *j)
{
    while (j->stocked > 0) give_back(e, j->stock[--j->stocked]);
}
