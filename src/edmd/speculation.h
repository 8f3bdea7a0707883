/* SPDX-License-Identifier: MIT */
/* The records of a batch of the parallel event loop (docs/edmd.md, "Parallel"), shared by the loop (speculate.c) and
 * the exchange of a batch's outcomes between ranks (ranks.c). */
#ifndef RC_EDMD_SPECULATION_H
#define RC_EDMD_SPECULATION_H

#include <pthread.h>
#include <stdatomic.h>

#include "edmd/engine.h"
#include "edmd/journal.h"
#include "edmd/steps.h"
#include "edmd/transport.h"
#include "ricochet/ranks.h"

/* The most events in one batch: long enough that a hand-over costs little per event, short enough that the events
 * of a batch seldom come near one another. */
#define BATCH 64

/* One event of a batch: what it needs to be undone, and what it adds to the books at its commit. The merge writes
 * the first cache line only (the thread that runs the event writes the rest), what the commit reads comes next, and
 * the records the undo alone reads last: a batch's entries pass between the threads' caches line by line. */
typedef struct rc_batch_entry {
    _Alignas(64) int32_t k, j; /* the event's particle and its partner particle (-1: a wall, the shell or none) */
    double time;               /* its key, with k */
    int32_t owner;   /* its thread; the thread count for an event run at the commit; -1 once settled or gone */
    int32_t partner; /* its partner when taken (a particle, a wall or the shell) */
    double x[3];     /* its particle's anchor */
    bool aborted;    /* it needs a cluster, or puts a grain to sleep or wakes one: undone, it runs alone in its turn */
    rc_status status;
    /* what the commit reads: the filings the event asked for, made after its commit */
    int32_t filed[4];
    int filed_count;
    double filing_time; /* the earliest key it filed, with filing_k */
    int32_t filing_k;
    /* the books: the event's own terms, which the copy's empty books hold exactly */
    uint64_t events, collisions, wall_collisions, stabilising, negative_time, three_body, kicks;
    double loss, virial, gain, max_overlap; /* gain: a kick's, under gravity (collapse.c) */
    int32_t last_pair[2];
    int32_t bin; /* the separation histogram's bin it counts, or NO_BIN */
    int32_t kick_first, kick_count, capture_first, capture_count; /* its transport kicks and rings, in its job's */
    /* a stepped potential's event: the copy's step books, and its kinetic energy's one change */
    uint64_t step_events, bounces, invalid;
    double potential, kinetic;
    uint64_t rebuilds;                 /* a shell event's list rebuild */
    size_t journal_first, journal_end; /* a shell event's changes of lists and cells, in its job's journal */
    /* what the undo reads: k's and j's records before the event */
    rc_kin kin[2];
    uint32_t counter[2];
    rc_event event[2];
    rc_last_hit hit[2];
    double last[2];  /* their last collisions' times (the TC model) */
    uint8_t kind[2]; /* the kinds of their step events (stepped potentials) */
} rc_batch_entry;

/* No bin (the histogram's run from -RC_HISTOGRAM_RANGE to RC_HISTOGRAM_RANGE). */
#define NO_BIN INT32_MIN

/* An event a thread took from its calendar. */
typedef struct rc_batch_candidate {
    int32_t k, partner, slab;
    double time, depth; /* its key, with k; its anchor's distance to its slab's nearer face */
    double x[3];        /* its particle's anchor */
} rc_batch_candidate;

typedef struct rc_edmd_job {
    rc_edmd copy;            /* the engine as this thread sees it */
    rc_batch_entry *current; /* the event it runs now */
    int32_t *list;           /* its events (indices into the batch), in key order */
    int32_t count;           /* how many it has */
    _Atomic int32_t done;    /* how many ran (the rest stay filed as they were): each published as it ends */
    int32_t seen;            /* the commit's reading of them: how many it has read, and their earliest filing */
    double seen_time;
    int32_t seen_k;
    rc_batch_entry *batch;     /* the batch's events */
    int32_t slab;              /* its slab, whose calendar it takes from and files in */
    rc_calendar *calendar;     /* that calendar */
    rc_batch_candidate *taken; /* the events it took, in key order; those from `used` on go back to its calendar */
    int32_t taken_count, used, wanted;
    double limit;       /* no event after this is taken */
    int32_t *owed;      /* particles whose events its commits filed: it files them at its next take */
    int32_t owed_count; /* and `mail`: those of another calendar's, which the main thread files */
    int32_t *mail;
    int32_t mail_count;
    /* the copy's stepped potentials: the engine's tables and map, its own books and pending rings */
    rc_edmd_steps steps;
    rc_capture *pending;
    rc_edmd_kick *kicks; /* the transport kicks of its events, with the moments on */
    int32_t kick_count;
    rc_edmd_journal journal; /* what its shell events change beyond their particles' records, and its spill rows */
    int task;
    uint64_t generation; /* the speculation's generation when the copy was last made whole */
    _Alignas(64) atomic_int state;
    pthread_t thread;
} rc_edmd_job;

typedef struct rc_edmd_speculation {
    rc_edmd_job *jobs; /* one per thread; jobs[0] is the main thread's */
    int32_t threads;
    rc_batch_entry batch[BATCH];
    int32_t size;
    int32_t *slab_entries; /* per slab, the batch's events whose particle is anchored there: BATCH each */
    int32_t *slab_count;
    int32_t *slab_exposed; /* the same, only those within the separation of a face or of another thread */
    int32_t shells[BATCH]; /* the batch's shell events */
    int32_t shell_count;
    rc_edmd_journal journal; /* the events run at the commit's (put back at once when one must run alone) */
    bool renewed;            /* a renewal built every list anew since the journals' stocks were filled */
    int32_t *exposed_count;
    double separation;   /* SEPARATION neighbour reaches */
    bool thin;           /* the slabs are thinner than two separations: an event may be near any slab */
    uint64_t generation; /* moves on when the engine changes beyond what a batch refreshes (a renewal) */
    bool alone;          /* the next event runs alone (one needed a cluster) */
    /* the batch's size now: halved when a batch undoes more than half its events, doubled when it undoes none */
    int32_t goal;
    int32_t committed, undone; /* how many events of the last batch were committed, and undone or not run */
    int32_t next;              /* the commit's place in the batch */
    int32_t cut;               /* the batch is undone from here (an event that runs alone, or a filing), or -1 */
    double ht;                 /* the earliest key the events run at the commit filed, with hk */
    int32_t hk;
    int32_t stretch; /* events left to run one at a time before batches are tried again */
    /* on ranks (ranks.c; NULL: threads): this rank's thread, and the buffers of the exchange */
    const rc_ranks *ranks;
    int32_t rank;
    void *send, *receive;
    size_t send_capacity, receive_capacity;
    size_t *sizes; /* per rank, the bytes it sent */
} rc_edmd_speculation;

/* What a thread owes its calendar (OWED) and the events it takes (TAKEN), at most per batch: an event files at most 4
 * particles, and the events taken that the batch did not use go back. */
#define OWED (4 * BATCH + BATCH)
/* The pending rings and transport kicks a thread keeps, at most per batch: one ring and two kicks per event. */
#define KICKS (2 * BATCH)

/* Every rank's outcome of a batch run on ranks (ranks.c): this rank's own thread's events' entries and the records
 * they wrote sent, the other ranks' received into the batch and the engine as a helper thread leaves them in memory
 * shared with the main thread. */
rc_status rc_edmd_ranks_share(rc_edmd *e, rc_edmd_speculation *sp);

#endif
