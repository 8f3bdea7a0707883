/* SPDX-License-Identifier: MIT */
/* The undo of a shell event run inside a batch of the parallel loop (journal.c; docs/edmd.md, "Parallel"): what it
 * writes beyond its particle's records (its anchor, its box crossings, the cells' links and the neighbour lists it
 * rewrites), each kept before it changes and put back in reverse order; and the spill rows the batch's lists take and
 * give back, a stock of each thread's own, so that no two threads share the pool's free chain. */
#ifndef RC_EDMD_JOURNAL_H
#define RC_EDMD_JOURNAL_H

#include "edmd/engine.h"

/* The spill rows a thread holds at a batch's start. */
#define RC_JOURNAL_STOCK 32

typedef struct rc_edmd_journal {
    uint8_t *bytes; /* the records, each followed by its size */
    size_t used, capacity;
    int32_t *stock; /* spill rows of its own, RC_JOURNAL_STOCK taken from the pool before a batch (lists.c) */
    int32_t stocked, stock_capacity;
    bool refused; /* the event asked for what a batch cannot do (the spill pool to grow or its rows to widen) */
    bool failed;  /* memory ran out for a record or a row: the run ends (speculate.c) */
} rc_edmd_journal;

/* Room for `events` shell events' records and a full stock of spill rows, made before a batch (on no thread but the
 * caller's), so that a thread never allocates. */
rc_status rc_edmd_journal_reserve(const rc_edmd *e, rc_edmd_journal *j, int32_t events);
void rc_edmd_journal_destroy(rc_edmd_journal *j);
/* Keeps what is about to change, in e's journal: particle k's anchor and box crossings; the link at `at` (a cell's
 * head or an anchor's next); particle k's list. */
void rc_edmd_journal_anchor(rc_edmd *e, int32_t k);
void rc_edmd_journal_link(rc_edmd *e, int32_t *at);
void rc_edmd_journal_list(rc_edmd *e, int32_t k);
/* Spill row r into j's stock. */
void rc_edmd_journal_give(rc_edmd_journal *j, int32_t r);
/* Puts back what the records from `from` to `to` kept, the last first. */
void rc_edmd_journal_undo(rc_edmd *e, rc_edmd_journal *j, size_t from, size_t to);

#endif
