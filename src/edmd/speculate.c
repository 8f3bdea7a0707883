/* SPDX-License-Identifier: MIT */
/* The event loop on several threads or ranks (docs/edmd.md, "Parallel", "Ranks"): batches of events run at once by
 * slab, committed in the serial order. On ranks every rank takes and merges every slab's events, runs its own
 * slab's, receives what the others' wrote (ranks.c) and commits the whole batch, as the main thread does here.
 *
 * The box is cut into T slabs along its first axis, one per thread, each with its own calendar (slabs.c). A batch
 * goes in four steps. (1) Every thread files the events its last batch's commits left it and takes the earliest
 * events of its calendar, at once. (2) The main thread merges them in key order into the batch, each event for the
 * thread of its particle's slab, or for the thread of the events near it when they are all of one thread, or, when
 * it is near events of two threads (its particle's anchor within SEPARATION neighbour reaches of theirs), or is a
 * shell event whose cells meet those of another thread's shell event, for the commit. (3) The threads run their
 * events at once, each in key order on its own copy of the engine, whose books start empty for every event and whose
 * filings wait; a shell event keeps what it changes in the lists and cells in its thread's journal (journal.c). A
 * thread stops early when an event needs a cluster or files a key before its next one. (4) The horizon is the earliest of the events not
 * run and of every filing: the events before it are committed in key order (their books and counts added by the
 * serial operations in the serial order; an event for the commit runs then, and a key it files before the events
 * left brings the horizon there), the others undone (their particles' records and their journals put back, the
 * events filed again).
 * The main thread starts (4) while the helpers still run (3), up to the horizon their progress allows so far. So
 * every event reads the bits it reads in the serial run and the books are added in the serial order: the trajectory,
 * the counts and the summary are the serial bits for any thread count. */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"
#include "core/status.h"
#include "edmd/advance.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/neighbours.h"
#include "edmd/slabs.h"
#include "edmd/speculate.h"
#include "edmd/speculation.h"
#include "edmd/steps.h"
#include "edmd/transport.h"

/* Events of different threads run at once only when their particles' anchors are more than this many neighbour
 * reaches apart: an event reads the records of the particles anchored within two reaches of its particle's anchor
 * and writes within one (a shell event within a reach and a shell: the shell is less than half a reach by half the
 * contact distance), so three and a half reaches keep the reads and writes of two events apart, with half a contact
 * distance to spare for the rounding of the lists' test. Shell events also move anchors between cells, which
 * shell_owner keeps apart. */
#define SEPARATION 3.5

/* Below this a batch costs more than it runs at once: STRETCH events run one at a time before batches are tried
 * again. */
#define MIN_BATCH 4
#define STRETCH 256

/* A thread's state, handed between the main thread and a helper (release and acquire). The main thread takes a task
 * back when its helper has not started it by the time the main thread's own is done (on a machine with fewer free
 * cores than threads, the main thread never waits for a helper that is not running). */
enum { IDLE, GO, RUNNING, DONE, TAKEN, QUIT };
/* A thread's tasks: file what it owes and take the earliest events of its calendar; run its events. */
enum { TAKE, RUN };

/* A short wait: the processor's pause while the other side is likely to answer soon, then the core given away (the
 * machine may have fewer free cores than threads). */
static void relax(unsigned *spins)
{
    if (++*spins < 65536) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        sched_yield();
    }
}

static int wait_while(rc_edmd_job *job, int state)
{
    unsigned spins = 0;
    int now;
    while ((now = atomic_load_explicit(&job->state, memory_order_acquire)) == state) relax(&spins);
    return now;
}

void rc_edmd_job_file(rc_edmd_job *job, int32_t k)
{
    rc_batch_entry *x = job->current;
    for (int f = 0; f < x->filed_count; f++)
        if (x->filed[f] == k) return;
    if (x->filed_count < 4) x->filed[x->filed_count++] = k;
    else x->aborted = true; /* never on the paths taken (they file k and its partner); undone if so */
}

rc_status rc_edmd_job_abort(rc_edmd *e)
{
    e->job->current->aborted = true;
    return RC_STATUS_OK;
}

/* Whether e is a thread's copy (the engine itself has a job only while it runs an event at the commit). */
static bool is_copy(const rc_edmd *e) { return e->job && e == &e->job->copy; }

void rc_edmd_job_bin(rc_edmd *e, int32_t bin)
{
    rc_batch_entry *x = e->job->current;     /* on the engine too: a cluster found later puts the event back */
    if (x->bin != NO_BIN) x->aborted = true; /* never on the paths taken (one separation per binary event) */
    x->bin = bin;
}

bool rc_edmd_job_kick(rc_edmd *e, int32_t k, const double old[3], const double d[3])
{
    if (!is_copy(e)) return false;
    rc_edmd_job *job = e->job; /* run_entry leaves room for an event's two kicks */
    rc_edmd_kick *q = &job->kicks[job->kick_count++];
    q->mass = rc_edmd_mass(e, k), q->has_d = d != NULL;
    for (int a = 0; a < 3; a++) q->v[a] = e->kin[k].v[a], q->old[a] = old[a], q->d[a] = d ? d[a] : 0;
    job->current->kick_count++;
    return true;
}

static bool before(double t, int32_t k, double u, int32_t j) { return t < u || (t == u && k < j); }

/* Puts back the records of the event's particles (every record it may write). */
static void restore(rc_edmd *e, const rc_batch_entry *x)
{
    for (int m = 1; m >= 0; m--) {
        int32_t p = m ? x->j : x->k;
        if (p < 0) continue;
        e->kin[p] = x->kin[m], e->counter[p] = x->counter[m], e->event[p] = x->event[m];
        if (e->last_hit) e->last_hit[p] = x->hit[m];
        if (e->last_collision) e->last_collision[p] = x->last[m];
        if (e->steps) e->steps->kind[p] = x->kind[m];
    }
}

/* Keeps the records x's event may write, for its undo. */
static void save(const rc_edmd *e, rc_batch_entry *x)
{
    x->j = x->partner >= 0 ? x->partner : -1;
    for (int m = 0; m < 2; m++) {
        int32_t p = m ? x->j : x->k;
        if (p < 0) continue;
        x->kin[m] = e->kin[p], x->counter[m] = e->counter[p], x->event[m] = e->event[p];
        if (e->last_hit) x->hit[m] = e->last_hit[p];
        if (e->last_collision) x->last[m] = e->last_collision[p];
        if (e->steps) x->kind[m] = e->steps->kind[p];
    }
    x->filed_count = 0;
    x->aborted = false;
    x->bin = NO_BIN;
    x->kick_count = x->capture_count = 0;
}

/* Runs x on the thread's copy, keeping what its undo and its commit need; false when the thread must stop. An event
 * whose particle an event before it moved on (the other copy of a pair's collision, mostly) no longer exists: it is
 * passed over, as the serial calendar drops it. */
static bool run_entry(rc_edmd_job *job, rc_batch_entry *x)
{
    rc_edmd *c = &job->copy;
    if (job->steps.pending_count == KICKS || job->kick_count > KICKS - 2) return false; /* full: the rest waits */
    if (c->event[x->k].time != x->time || c->event[x->k].partner != x->partner) {
        x->owner = -1;
        x->filing_time = INFINITY, x->filing_k = INT32_MAX;
        return true;
    }
    save(c, x);
    c->events = c->collisions = c->wall_collisions = c->stabilising = c->negative_time = c->three_body = 0;
    c->kinetic = c->dissipated = c->virial = c->kinetic_integral = c->thermostat_energy = 0;
    c->kicks = c->rebuilds = 0;
    x->journal_first = job->journal.used;
    x->kick_first = job->kick_count;
    x->capture_first = job->steps.pending_count;
    if (c->steps) {
        job->steps.potential = 0;
        job->steps.events = job->steps.bounces = job->steps.invalid = 0;
    }
    job->current = x;
    x->status = rc_edmd_process_event(c, x->k);
    x->capture_count = job->steps.pending_count - x->capture_first;
    x->journal_end = job->journal.used;
    if (job->journal.refused) x->aborted = true, job->journal.refused = false; /* it runs alone */
    if (x->aborted || x->status != RC_STATUS_OK) {
        rc_edmd_journal_undo(c, &job->journal, x->journal_first, x->journal_end);
        job->journal.used = x->journal_first;
        restore(c, x);
        job->kick_count = x->kick_first, job->steps.pending_count = x->capture_first;
        return false;
    }
    if (c->steps) {
        x->step_events = job->steps.events, x->bounces = job->steps.bounces, x->invalid = job->steps.invalid;
        x->potential = job->steps.potential, x->kinetic = c->kinetic;
    }
    x->events = c->events, x->collisions = c->collisions, x->wall_collisions = c->wall_collisions;
    x->stabilising = c->stabilising, x->negative_time = c->negative_time, x->three_body = c->three_body;
    x->loss = c->dissipated, x->virial = c->virial, x->max_overlap = c->max_overlap;
    x->kicks = c->kicks, x->gain = c->thermostat_energy, x->rebuilds = c->rebuilds;
    x->last_pair[0] = c->last_pair[0], x->last_pair[1] = c->last_pair[1];
    x->filing_time = INFINITY, x->filing_k = INT32_MAX;
    for (int f = 0; f < x->filed_count; f++) {
        int32_t p = x->filed[f];
        if (before(c->event[p].time, p, x->filing_time, x->filing_k))
            x->filing_time = c->event[p].time, x->filing_k = p;
    }
    /* a key filed at or before the event's own (at its time, of a lower particle; or in the past by the naive rule)
     * runs right after it in the serial run: the events after it wait, the event itself and those before it do not */
    if (!before(x->time, x->k, x->filing_time, x->filing_k)) x->filing_time = x->time, x->filing_k = x->k + 1;
    return true;
}

/* A thread's list in key order, until one must stop it: an event filed before the next (in the serial run it comes
 * first) stops it too. */
static void run_list(rc_edmd_job *job)
{
    atomic_store_explicit(&job->done, 0, memory_order_relaxed);
    double first_time = INFINITY;
    int32_t first_k = INT32_MAX;
    for (int32_t i = 0; i < job->count; i++) {
        rc_batch_entry *x = &job->batch[job->list[i]];
        if (before(first_time, first_k, x->time, x->k) || !run_entry(job, x)) return;
        atomic_store_explicit(&job->done, i + 1, memory_order_release); /* the commit may read x now */
        if (before(x->filing_time, x->filing_k, first_time, first_k))
            first_time = x->filing_time, first_k = x->filing_k;
    }
}

/* Files particle p from a thread: in its own calendar when the particle is there and stays there, else by the main
 * thread (a move between calendars touches two). */
static void owe_file(rc_edmd_job *job, const rc_edmd *c, int32_t p)
{
    if (rc_edmd_slab_home(c, p) == job->slab && rc_edmd_slab_of(c, p, NULL) == job->slab)
        rc_calendar_update(job->calendar, p);
    else job->mail[job->mail_count++] = p;
}

/* A thread's first step: it files what its commits owe and the events it took that the last batch did not use,
 * then takes the earliest events of its calendar, up to `wanted`, none after `limit`. */
static void take_events(rc_edmd_job *job)
{
    const rc_edmd *c = &job->copy; /* its arrays are the engine's */
    for (int32_t i = 0; i < job->owed_count; i++) owe_file(job, c, job->owed[i]);
    for (int32_t i = job->used; i < job->taken_count; i++) owe_file(job, c, job->taken[i].k);
    job->owed_count = job->taken_count = job->used = 0;
    while (job->taken_count < job->wanted) {
        int32_t k = rc_calendar_peek(job->calendar);
        if (k < 0 || !(c->event[k].time <= job->limit)) break;
        rc_calendar_top(job->calendar); /* counted as taken, for the calendar's calibration */
        rc_calendar_take(job->calendar, k);
        rc_batch_candidate *t = &job->taken[job->taken_count++];
        t->k = k, t->time = c->event[k].time, t->partner = c->event[k].partner;
        t->slab = rc_edmd_slab_of(c, k, &t->depth);
        for (int a = 0; a < 3; a++) t->x[a] = c->anchor[k].x[a];
    }
}

static void do_task(rc_edmd_job *job)
{
    if (job->task == TAKE) take_events(job);
    else run_list(job);
}

static void *helper(void *arg)
{
    rc_edmd_job *job = arg;
    for (;;) {
        int now = wait_while(job, IDLE);
        if (now == QUIT) return NULL;
        int go = GO;
        if (!atomic_compare_exchange_strong_explicit(&job->state, &go, RUNNING, memory_order_acquire,
                                                     memory_order_relaxed)) {
            wait_while(job, TAKEN); /* the main thread does it */
            continue;
        }
        do_task(job);
        atomic_store_explicit(&job->state, DONE, memory_order_release);
        if (wait_while(job, DONE) == QUIT) return NULL;
    }
}

/* The thread's copy of the engine for a batch: made whole once per generation; between renewals a batch changes
 * only the clock, the largest overlap and, at a shell event, the lists' spill pool (refreshed here). */
static void refresh(const rc_edmd *e, const rc_edmd_speculation *sp, rc_edmd_job *job)
{
    rc_edmd *c = &job->copy;
    if (job->generation != sp->generation) {
        *c = *e;
        c->job = job;
        c->journal = &job->journal;
        job->generation = sp->generation;
    }
    if (e->steps) { /* the map may have grown at a commit */
        job->steps = *e->steps;
        job->steps.pending = job->pending;
        job->steps.pending_count = 0;
        c->steps = &job->steps;
    }
    job->kick_count = 0;
    c->now = e->now;
    c->spill = e->spill, c->spill_capacity = e->spill_capacity, c->spill_row_bytes = e->spill_row_bytes;
    c->max_overlap = e->max_overlap;
    c->held = e->held, c->sleeping = e->sleeping, c->group_sleep_clock = e->group_sleep_clock; /* an event run alone */
    job->count = 0;
    job->seen = 0;
    job->seen_time = INFINITY, job->seen_k = INT32_MAX;
    atomic_store_explicit(&job->done, 0, memory_order_relaxed);
}

/* Journal w: thread w's, or for w = threads the commit's. */
static rc_edmd_journal *journal_of(rc_edmd_speculation *sp, int32_t w)
{
    return w < sp->threads ? &sp->jobs[w].journal : &sp->journal;
}

/* Each journal emptied, with room for a batch and its stock of spill rows refilled (the pool may grow now, with no
 * thread running): the threads' and the commit's. After a renewal, which built every list anew, the stocks are
 * forgotten first: their rows are free in the new pool. */
static rc_status prepare_journals(rc_edmd *e, rc_edmd_speculation *sp, bool renewed)
{
    rc_status s = RC_STATUS_OK;
    for (int32_t w = 0; w <= sp->threads && s == RC_STATUS_OK; w++) {
        rc_edmd_journal *j = journal_of(sp, w);
        if (renewed) j->stocked = 0;
        s = rc_edmd_journal_reserve(e, j, BATCH);
        if (s == RC_STATUS_OK) s = rc_edmd_lists_stock(e, j);
    }
    return s;
}

/* Every thread files what it owes and takes its earliest events: the task handed to every helper, the main thread's
 * own done, and the helpers' waited for (or done by the main thread when not started). */
static void take_all(rc_edmd_speculation *sp)
{
    for (int32_t w = 0; w < sp->threads; w++) sp->jobs[w].task = TAKE;
    if (sp->ranks) { /* every rank takes for every slab: the calendars, and so the batch, stay the same on all */
        for (int32_t w = 0; w < sp->threads; w++) do_task(&sp->jobs[w]);
        return;
    }
    for (int32_t w = 1; w < sp->threads; w++) atomic_store_explicit(&sp->jobs[w].state, GO, memory_order_release);
    do_task(&sp->jobs[0]);
    for (int32_t w = 1; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        int go = GO;
        if (atomic_compare_exchange_strong_explicit(&job->state, &go, TAKEN, memory_order_acquire,
                                                    memory_order_relaxed))
            do_task(job);
        else wait_while(job, RUNNING);
        atomic_store_explicit(&job->state, IDLE, memory_order_release);
    }
}

/* Whether two anchors are within the separation (minimum image). */
static bool near(const rc_edmd *e, const rc_edmd_speculation *sp, const double *a, const double *b)
{
    double r[3];
    for (int x = 0; x < 3; x++) r[x] = a[x] - b[x];
    rc_edmd_minimum_image(e, r);
    return !(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] > sp->separation * sp->separation);
}

/* Whether an event of the batch in slab t (exposed ones only, or all) is near x with a thread other than `other`:
 * its thread, else -1; the thread count when two threads are. */
static int32_t near_owner(const rc_edmd *e, const rc_edmd_speculation *sp, const double *x, int32_t t, bool all,
                          int32_t other, int32_t owner)
{
    const int32_t *list = (all ? sp->slab_entries : sp->slab_exposed) + (size_t)t * BATCH;
    int32_t count = all ? sp->slab_count[t] : sp->exposed_count[t];
    for (int32_t m = 0; m < count; m++) {
        const rc_batch_entry *y = &sp->batch[list[m]];
        if (y->owner == other || y->owner == owner || !near(e, sp, x, y->x)) continue;
        if (owner >= 0) return sp->threads;
        owner = y->owner;
    }
    return owner;
}

/* The thread for an event anchored at x in slab s, at `depth` from its nearer face: its slab's thread when no event
 * of the batch is near it, the thread of the events near it when they are all of one thread (it runs after them, in
 * key order), else the commit (the thread count). Only the events anchored in its slab, or in the neighbouring slab
 * when it lies within the separation of that face, can be near (every slab is looked at when the slabs are thinner
 * than two separations); and only the exposed ones (within the separation of a face, or of another thread than their
 * slab's) can be of another thread, so those are looked at first. */
static int32_t owner_of(const rc_edmd *e, const rc_edmd_speculation *sp, const double *x, int32_t s, double depth)
{
    for (int pass = 0; pass < 2; pass++) {
        int32_t owner = -1;
        for (int32_t t = 0; t < sp->threads && owner < sp->threads; t++) {
            int32_t d = t - s;
            if (d < 0) d += sp->threads;
            if (!sp->thin && d != 0 && (depth > sp->separation || (d != 1 && d != sp->threads - 1))) continue;
            owner = near_owner(e, sp, x, t, pass == 1, pass == 0 ? s : -1, owner);
        }
        if (pass == 1 || owner < 0) return owner >= 0 ? owner : s;
    }
    return sp->threads; /* not reached */
}

/* Whether a taken event runs at the commit whatever its neighbours: a thermal wall's (it draws from its stream in the
 * serial order) or a moving wall's (it books the plate's work, and may start a ride), an event of a held particle or
 * with one (a rider of a moving wall, a fixed obstacle: the ride's end and a resting contact write the holds and the
 * books), and on ranks a shell event (the exchange carries no lists). */
static bool for_commit(const rc_edmd *e, const rc_edmd_speculation *sp, const rc_batch_candidate *c)
{
    if (c->partner == RC_EVENT_SHELL && sp->ranks) return true;
    if (c->partner <= RC_EVENT_WALL0) {
        const rc_plane *w = &e->walls[RC_EVENT_WALL0 - c->partner];
        if (w->temperature > 0 || w->amplitude > 0) return true;
    }
    return e->held > 0 && (e->hold[c->k] != RC_FREE || (c->partner >= 0 && e->hold[c->partner] != RC_FREE));
}

/* Whether a taken event runs alone, with nothing else in flight: an event of a sleeping or sliding grain, or with
 * one, wakes it, and a waking sleeper wakes the sleepers it holds up, as far as the pile reaches. */
static bool runs_alone(const rc_edmd *e, int32_t k, int32_t partner)
{
    return e->sleep_on && e->held > 0 && (e->hold[k] != RC_FREE || (partner >= 0 && e->hold[partner] != RC_FREE));
}

/* A shell event's thread: it moves its anchor between cells and rewrites the lists around it, so it keeps `owner`
 * only when every shell event before it in the batch whose cells meet its own runs there too; else it runs at the
 * commit (where the later shell events whose cells meet its own then run too). */
static int32_t shell_owner(const rc_edmd *e, const rc_edmd_speculation *sp, const double x[3], int32_t owner)
{
    for (int32_t i = 0; i < sp->shell_count && owner < sp->threads; i++) {
        const rc_batch_entry *earlier = &sp->batch[sp->shells[i]];
        if (earlier->owner != owner && !rc_edmd_cells_apart(e, earlier->x, x)) owner = sp->threads;
    }
    return owner;
}

/* The main thread's step between the two: the filings the threads left it, then the events the threads took, and
 * those their calendars hold before them (filed just now), merged in key order into the batch, at most `most`,
 * none after `limit`. */
static void merge(rc_edmd *e, rc_edmd_speculation *sp, int32_t most, double limit)
{
    /* A calendar's earliest is looked at only when it may come first: when the main thread has just filed into it,
     * or when its thread's taken events have all gone into the batch and it took as many as it was asked for (else its
     * calendar had nothing more before the limit). A thread took its calendar's earliest events, so the rest come
     * after them; and looking into another thread's calendar moves its lines to this core. */
    int32_t top[256];
    bool looked[256] = {false};
    for (int32_t w = 0; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        for (int32_t i = 0; i < job->mail_count; i++) looked[rc_edmd_slabs_file(e, job->mail[i])] = true;
        job->mail_count = 0;
        sp->slab_count[w] = sp->exposed_count[w] = 0;
    }
    for (int32_t w = 0; w < sp->threads; w++) top[w] = looked[w] ? rc_calendar_peek(rc_edmd_slab_calendar(e, w)) : -1;
    sp->size = sp->shell_count = 0;
    while (sp->size < most) {
        int32_t from = -1;
        bool calendar = false;
        double t = INFINITY;
        int32_t k = INT32_MAX;
        for (int32_t w = 0; w < sp->threads; w++) {
            const rc_edmd_job *job = &sp->jobs[w];
            if (job->used < job->taken_count) {
                const rc_batch_candidate *c = &job->taken[job->used];
                if (before(c->time, c->k, t, k)) t = c->time, k = c->k, from = w, calendar = false;
            } else if (!looked[w] && job->taken_count == job->wanted) {
                top[w] = rc_calendar_peek(rc_edmd_slab_calendar(e, w));
                looked[w] = true;
            }
            if (top[w] >= 0 && before(e->event[top[w]].time, top[w], t, k))
                t = e->event[top[w]].time, k = top[w], from = w, calendar = true;
        }
        if (from < 0 || !(t <= limit)) break;
        const rc_edmd_job *source = &sp->jobs[from];
        bool lone = runs_alone(e, k, calendar ? e->event[k].partner : source->taken[source->used].partner);
        if (lone && sp->size > 0) break; /* the batch ends before it; it runs alone next (loop) */
        rc_batch_candidate c;
        if (calendar) {
            rc_calendar *cal = rc_edmd_slab_calendar(e, from);
            rc_calendar_top(cal);
            rc_calendar_take(cal, k);
            top[from] = rc_calendar_peek(cal);
            c = (rc_batch_candidate){.k = k, .partner = e->event[k].partner, .time = t};
            c.slab = rc_edmd_slab_of(e, k, &c.depth);
            for (int a = 0; a < 3; a++) c.x[a] = e->anchor[k].x[a];
        } else {
            c = sp->jobs[from].taken[sp->jobs[from].used++];
        }
        int32_t owner = sp->alone || for_commit(e, sp, &c) ? sp->threads : owner_of(e, sp, c.x, c.slab, c.depth);
        if (c.partner == RC_EVENT_SHELL) {
            owner = shell_owner(e, sp, c.x, owner);
            sp->shells[sp->shell_count++] = sp->size;
        }
        rc_batch_entry *x = &sp->batch[sp->size];
        /* the first line only: the thread that runs the event writes the rest (save, run_entry) */
        x->k = c.k, x->j = -1, x->time = c.time, x->owner = owner, x->partner = c.partner;
        for (int a = 0; a < 3; a++) x->x[a] = c.x[a];
        x->aborted = false, x->status = RC_STATUS_OK;
        sp->slab_entries[(size_t)c.slab * BATCH + sp->slab_count[c.slab]++] = sp->size;
        if (c.depth <= sp->separation || owner != c.slab)
            sp->slab_exposed[(size_t)c.slab * BATCH + sp->exposed_count[c.slab]++] = sp->size;
        if (owner < sp->threads) {
            rc_edmd_job *job = &sp->jobs[owner];
            job->list[job->count++] = sp->size;
        }
        sp->size++;
        if (lone) break; /* a batch of one: it runs on the engine itself (run_at_commit) */
    }
}

/* The event in its serial turn: the clock, the counts and the books by the serial operations (collide.c: the kinetic
 * integral closed at the event, then the loss and the virial term); its thread files its particles at its next take. */
static rc_status commit(rc_edmd *e, rc_edmd_speculation *sp, const rc_batch_entry *x)
{
    rc_edmd_job *job = &sp->jobs[x->owner];
    if (x->time > e->now) e->now = x->time;
    e->events += x->events, e->collisions += x->collisions, e->wall_collisions += x->wall_collisions;
    e->stabilising += x->stabilising, e->negative_time += x->negative_time, e->three_body += x->three_body;
    e->rebuilds += x->rebuilds;
    e->last_pair[0] = x->last_pair[0], e->last_pair[1] = x->last_pair[1];
    if (x->collisions + x->wall_collisions > 0) {
        rc_edmd_integrate_kinetic(e);
        e->kinetic -= x->loss;
        e->dissipated += x->loss;
        e->virial += x->virial; /* the copy's 0 - term: adding it is subtracting the term */
    }
    if (x->kicks > 0) { /* a pair or a wall that nothing pushed apart, under gravity: kicked (collapse.c) */
        rc_edmd_integrate_kinetic(e);
        e->kinetic += x->gain;
        e->thermostat_energy += x->gain;
        e->kicks += x->kicks;
    }
    if (x->max_overlap > e->max_overlap) e->max_overlap = x->max_overlap;
    if (x->bin != NO_BIN) e->histogram[x->bin + RC_HISTOGRAM_RANGE]++;
    for (int32_t i = 0; i < x->kick_count; i++) rc_edmd_transport_replay(e, &job->kicks[x->kick_first + i]);
    rc_status s = RC_STATUS_OK;
    if (e->steps) { /* a step crossed: the kinetic energy's change, as step_event makes it (steps.c) */
        rc_edmd_steps *st = e->steps;
        if (x->step_events > 0) {
            rc_edmd_integrate_kinetic(e);
            e->kinetic += x->kinetic;
            st->potential += x->potential;
            e->virial += x->virial;
        }
        st->events += x->step_events, st->bounces += x->bounces, st->invalid += x->invalid;
        for (int32_t i = 0; i < x->capture_count && s == RC_STATUS_OK; i++)
            s = rc_capture_commit(st, &job->pending[x->capture_first + i]);
    }
    /* its filings, and its particle and partner (taken, or their keys changed) when it did not file them: each once,
     * since a calendar keeps every filing until its bucket comes round */
    bool k_filed = false, j_filed = x->j < 0;
    for (int f = 0; f < x->filed_count; f++) {
        int32_t p = x->filed[f];
        job->owed[job->owed_count++] = p;
        k_filed |= p == x->k, j_filed |= p == x->j;
    }
    if (!k_filed) job->owed[job->owed_count++] = x->k;
    if (!j_filed) job->owed[job->owed_count++] = x->j;
    return s;
}

/* Undoes the kept events from batch index `from` on, each thread's in reverse order (a particle two of them moved
 * gets back its record from before the first), and files them again. */
static void undo_from(rc_edmd *e, rc_edmd_speculation *sp, int32_t from)
{
    for (int32_t i = sp->size; i-- > from;) {
        rc_batch_entry *x = &sp->batch[i];
        if (x->owner < 0) continue;
        sp->undone++;
        if (x->owner < sp->threads) {
            rc_edmd_journal_undo(e, &sp->jobs[x->owner].journal, x->journal_first, x->journal_end);
            restore(e, x);
        }
        x->owner = -1;
        rc_edmd_slabs_file(e, x->k);
        if (x->j >= 0) rc_edmd_slabs_file(e, x->j);
    }
}

/* After the threads: the horizon (the earliest event not run, and the earliest filing), the events from it on undone
 * and filed again. */
static void settle(rc_edmd *e, rc_edmd_speculation *sp)
{
    double ht = INFINITY;
    int32_t hk = INT32_MAX;
    for (int32_t w = 0; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        int32_t done = atomic_load_explicit(&job->done, memory_order_relaxed); /* the thread has ended */
        for (int32_t i = 0; i < job->count; i++) {
            rc_batch_entry *x = &sp->batch[job->list[i]];
            if (i >= done) {
                if (i == done && before(x->time, x->k, ht, hk)) ht = x->time, hk = x->k;
                if (i == done && (x->aborted || x->status != RC_STATUS_OK)) sp->alone = true;
                x->owner = -1; /* not run: its particle is filed again, as it was */
                sp->undone++;
                rc_edmd_slabs_file(e, x->k);
                continue;
            }
            if (before(x->filing_time, x->filing_k, ht, hk)) ht = x->filing_time, hk = x->filing_k;
        }
    }
    int32_t from = 0;
    while (from < sp->size && before(sp->batch[from].time, sp->batch[from].k, ht, hk)) from++;
    undo_from(e, sp, from);
}

/* An event near two threads' events (or a shell event) in its turn, on the engine itself: its books are added as it
 * runs, its filings made after it and the horizon (ht, hk) brought to the earliest. False when it needs a cluster,
 * or puts a grain to sleep or wakes one: it is put back, the engine's books and counts with it. */
static bool run_at_commit(rc_edmd *e, rc_edmd_speculation *sp, rc_batch_entry *x, double *ht, int32_t *hk)
{
    if (sp->size == 1) { /* alone: a cluster may reach any body, and files them all */
        x->status = rc_edmd_process_event(e, x->k);
        return true;
    }
    rc_edmd_job *job = &sp->jobs[0];
    save(e, x);
    /* what an event that finds it must run alone may have changed before it found it: the engine's books and
     * counts, and its wall's (a thermal wall's stream and heat) */
    rc_edmd kept = *e;
    int32_t w = x->partner <= RC_EVENT_WALL0 ? RC_EVENT_WALL0 - x->partner : -1;
    rc_rng stream = w >= 0 ? e->walls[w].rng : (rc_rng){0};
    double heat = w >= 0 ? e->walls[w].heat : 0;
    e->job = job;
    e->journal = &sp->journal;
    x->journal_first = sp->journal.used;
    job->current = x;
    x->status = rc_edmd_process_event(e, x->k);
    e->job = NULL;
    e->journal = NULL;
    if (sp->journal.refused) x->aborted = true, sp->journal.refused = false; /* it runs alone */
    if (x->aborted) {
        rc_edmd_journal_undo(e, &sp->journal, x->journal_first, sp->journal.used);
        sp->journal.used = x->journal_first;
        *e = kept;
        if (w >= 0) e->walls[w].rng = stream, e->walls[w].heat = heat; /* the rest, which threads read, is constant */
        restore(e, x);
        x->owner = -1;
        rc_edmd_slabs_file(e, x->k);
        if (x->j >= 0) rc_edmd_slabs_file(e, x->j);
        return false;
    }
    if (x->bin != NO_BIN) e->histogram[x->bin + RC_HISTOGRAM_RANGE]++;
    for (int f = 0; f < x->filed_count; f++) {
        int32_t p = x->filed[f];
        rc_edmd_slabs_file(e, p);
        if (before(e->event[p].time, p, *ht, *hk)) *ht = e->event[p].time, *hk = p;
    }
    return true;
}

/* The horizon the threads allow so far: the earliest of each thread's next event not run and of the keys its events
 * run so far filed. A thread's list is in key order and an event files no key before its own, so the horizon at the
 * threads' end is no earlier. */
static void horizon_so_far(rc_edmd_speculation *sp, double *ht, int32_t *hk)
{
    *ht = INFINITY, *hk = INT32_MAX;
    for (int32_t w = 0; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        int32_t done = atomic_load_explicit(&job->done, memory_order_acquire);
        for (; job->seen < done; job->seen++) {
            const rc_batch_entry *x = &sp->batch[job->list[job->seen]];
            if (before(x->filing_time, x->filing_k, job->seen_time, job->seen_k))
                job->seen_time = x->filing_time, job->seen_k = x->filing_k;
        }
        if (before(job->seen_time, job->seen_k, *ht, *hk)) *ht = job->seen_time, *hk = job->seen_k;
        const rc_batch_entry *next = done < job->count ? &sp->batch[job->list[done]] : NULL;
        if (next && before(next->time, next->k, *ht, *hk)) *ht = next->time, *hk = next->k;
    }
}

/* Whether every helper has ended its events. */
static bool helpers_ended(const rc_edmd_speculation *sp)
{
    for (int32_t w = 1; w < sp->threads; w++)
        if (atomic_load_explicit(&sp->jobs[w].state, memory_order_acquire) == RUNNING) return false;
    return true;
}

/* The batch's events from sp->next on, in key order: the books added, the events for the commit run (a key one of
 * them files brings the horizon there when it comes before the events left). `ahead`: while the helpers still run,
 * each event once it comes before the horizon they allow so far, up to the batch's last (which may renew the
 * engine or check the stall) and returning when they end. An event that must run alone, or comes after a key filed
 * at the commit, cuts the batch there: it is undone from there once the threads have ended. */
static rc_status commit_batch(rc_edmd *e, rc_edmd_speculation *sp, bool ahead, bool *renewed, bool *ended)
{
    rc_status s = RC_STATUS_OK;
    unsigned spins = 0;
    for (; sp->next < sp->size && s == RC_STATUS_OK && !*ended; sp->next++) {
        rc_batch_entry *x = &sp->batch[sp->next];
        if (ahead) {
            if (sp->next == sp->size - 1) return s;
            for (;;) {
                double ht;
                int32_t hk;
                horizon_so_far(sp, &ht, &hk);
                if (before(x->time, x->k, ht, hk)) break; /* its thread has run it, and every event before it */
                if (helpers_ended(sp)) return s;
                relax(&spins);
            }
        }
        if (x->owner < 0) continue;
        if (before(sp->ht, sp->hk, x->time, x->k)) {
            sp->cut = sp->next;
            break;
        }
        if (x->owner < sp->threads) {
            s = rc_edmd_after_event(e, commit(e, sp, x), renewed, ended);
        } else if (e->event[x->k].time == x->time && e->event[x->k].partner == x->partner) {
            if (!run_at_commit(e, sp, x, &sp->ht, &sp->hk)) {
                sp->cut = sp->next;
                sp->alone = true; /* it needs a cluster, which may reach the events after it: it runs alone */
                break;
            }
            s = rc_edmd_after_event(e, x->status, renewed, ended);
        } else {
            continue; /* an event before it moved its particle on (and filed it): it no longer exists */
        }
        sp->committed++;
    }
    return s;
}

/* The threads run their events while the main thread, its own done, commits what they allow (commit_batch, ahead;
 * not with stepped potentials, whose map the commit would change under the threads' reads), until they end. */
static rc_status run_on_threads(rc_edmd *e, rc_edmd_speculation *sp, bool *renewed, bool *ended)
{
    for (int32_t w = 1; w < sp->threads; w++)
        if (sp->jobs[w].count > 0) atomic_store_explicit(&sp->jobs[w].state, GO, memory_order_release);
    do_task(&sp->jobs[0]);
    for (int32_t w = 1; w < sp->threads; w++) { /* a helper not started yet: the main thread runs its events */
        rc_edmd_job *job = &sp->jobs[w];
        int go = GO;
        if (job->count > 0 && atomic_compare_exchange_strong_explicit(&job->state, &go, TAKEN, memory_order_acquire,
                                                                      memory_order_relaxed)) {
            do_task(job);
            atomic_store_explicit(&job->state, IDLE, memory_order_release);
        }
    }
    rc_status s = e->steps ? RC_STATUS_OK : commit_batch(e, sp, true, renewed, ended);
    for (int32_t w = 1; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        if (job->count == 0) continue;
        wait_while(job, RUNNING);
        atomic_store_explicit(&job->state, IDLE, memory_order_release);
    }
    return s;
}

/* The batch's events run (on the threads, or this rank's on this rank and the others' received), then committed up
 * to the horizon and undone from there. */
static rc_status run_and_commit(rc_edmd *e, rc_edmd_speculation *sp, bool *renewed, bool *ended)
{
    sp->next = sp->committed = sp->undone = 0;
    sp->cut = -1;
    sp->ht = INFINITY, sp->hk = INT32_MAX;
    for (int32_t w = 0; w < sp->threads; w++) sp->jobs[w].task = RUN;
    rc_status s;
    if (sp->ranks) {
        do_task(&sp->jobs[sp->rank]);
        s = rc_edmd_ranks_share(e, sp); /* failed, the other ranks' events count as not run: all are undone */
    } else {
        s = run_on_threads(e, sp, renewed, ended);
    }
    for (int32_t w = 0; w <= sp->threads; w++) /* an undo that may not hold every change: the run cannot go on */
        if (journal_of(sp, w)->failed)
            return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the undo of a batch");
    settle(e, sp);
    if (s == RC_STATUS_OK && !*ended && sp->cut < 0) s = commit_batch(e, sp, false, renewed, ended);
    if (sp->cut >= 0) undo_from(e, sp, sp->cut);
    if (sp->committed == 0) sp->alone = true; /* the batch's first event runs alone: the loop goes on */
    return s;
}

/* Files every particle a thread still holds or owes, at the end of a run's stretch (the calendars then hold every
 * event); after a renewal, which filed every particle again, they are only forgotten. */
static void flush(rc_edmd *e, rc_edmd_speculation *sp, bool file)
{
    for (int32_t w = 0; w < sp->threads; w++) {
        rc_edmd_job *job = &sp->jobs[w];
        for (int32_t i = 0; file && i < job->owed_count; i++) rc_edmd_slabs_file(e, job->owed[i]);
        for (int32_t i = job->used; file && i < job->taken_count; i++) rc_edmd_slabs_file(e, job->taken[i].k);
        for (int32_t i = 0; file && i < job->mail_count; i++) rc_edmd_slabs_file(e, job->mail[i]);
        job->owed_count = job->taken_count = job->used = job->mail_count = 0;
    }
}

/* One event on the engine itself, as the serial loop runs it (advance.c), from every calendar, with the thermostat's
 * kick when it comes first; false when nothing comes before the limit (the clock is then at the limit). */
static bool one_event(rc_edmd *e, rc_edmd_speculation *sp, double limit, rc_status *s, bool *renewed, bool *ended)
{
    flush(e, sp, true);
    int32_t k = rc_edmd_slabs_peek(e);
    double t = k >= 0 ? e->event[k].time : INFINITY;
    if (!(t <= fmin(limit, e->next_thermostat))) {
        if (!(e->next_thermostat <= limit)) return false;
        e->stopped_at = NAN;
        rc_edmd_thermostat_event(e);
        return true;
    }
    e->stopped_at = NAN;
    rc_calendar_top(rc_edmd_slab_calendar(e, rc_edmd_slab_home(e, k))); /* counted as taken, for the calibration */
    *s = rc_edmd_after_event(e, rc_edmd_process_event(e, k), renewed, ended);
    return true;
}

/* The serial loop's order (advance.c), a batch at a time, with the thermostat's kicks between batches. A batch that
 * undoes more than half its events (events that follow one another at once, as in a collapse) halves the next;
 * below MIN_BATCH the events run one at a time for a while, as the serial loop runs them, and batches are tried again.
 * The plan (parallel.c) leaves shear's and the barostat's renewals by time to one thread. */
static rc_status loop(rc_edmd *e, const rc_edmd_limits *limits, rc_edmd_speculation *sp)
{
    double limit = limits->time - e->time_origin;
    for (;;) {
        /* a batch never passes a count limit, a renewal or a stall check, which then come after its last event */
        uint64_t most = (uint64_t)sp->goal;
        if (limits->collisions) {
            uint64_t left = e->collisions >= limits->collisions ? 0 : limits->collisions - e->collisions;
            if (left < most) most = left;
        }
        if (limits->events) {
            uint64_t left = e->events >= limits->events ? 0 : limits->events - e->events;
            if (left < most) most = left;
        }
        if (most == 0) return RC_STATUS_OK;
        if (e->next_reorder > e->collisions && e->next_reorder - e->collisions < most)
            most = e->next_reorder - e->collisions;
        if (e->stall_limit && e->stall_limit - e->stall_window < most) most = e->stall_limit - e->stall_window;
        if (rc_edmd_slabs_failed(e)) return rc_fail(RC_STATUS_NO_MEMORY, "event calendar: out of memory");
        bool renewed = false, ended = false;
        rc_status s = RC_STATUS_OK;
        if (sp->alone || sp->stretch > 0) {
            sp->alone = false;
            if (sp->stretch > 0 && --sp->stretch == 0) sp->goal = MIN_BATCH;
            if (!one_event(e, sp, limit, &s, &renewed, &ended)) {
                if (limit < INFINITY && limit > e->now) {
                    e->now = limit;
                    e->stopped_at = limits->time;
                }
                return RC_STATUS_OK;
            }
        } else {
            /* the events up to the thermostat's next kick (an event at its time comes first, as in the serial loop) */
            double bound = fmin(limit, e->next_thermostat);
            s = prepare_journals(e, sp, sp->renewed);
            sp->renewed = false;
            if (s != RC_STATUS_OK) return s;
            for (int32_t w = 0; w < sp->threads; w++) {
                rc_edmd_job *job = &sp->jobs[w];
                refresh(e, sp, job);
                job->wanted = (int32_t)(most / (uint64_t)sp->threads + most / 8 + 1);
                if (job->wanted > (int32_t)most) job->wanted = (int32_t)most;
                job->limit = bound;
            }
            take_all(sp);
            merge(e, sp, (int32_t)most, bound);
            if (sp->size == 0) { /* the kick, or the limit: one step on the engine does either */
                sp->alone = true;
                continue;
            }
            e->stopped_at = NAN;
            s = run_and_commit(e, sp, &renewed, &ended);
            if (2 * sp->undone > sp->size) sp->goal /= 2;
            else if (sp->undone == 0 && sp->goal < BATCH) sp->goal *= 2;
            if (sp->goal < MIN_BATCH) sp->stretch = STRETCH;
        }
        sp->renewed |= renewed;
        if (s != RC_STATUS_OK || ended) return s;
        if (renewed) {
            flush(e, sp, false);
            limit = limits->time - e->time_origin;
            sp->generation++;
        }
    }
}

rc_status rc_edmd_advance_speculating(rc_edmd *e, const rc_edmd_limits *limits)
{
    if (!e->slabs) {
        rc_status s = rc_edmd_slabs_create(e);
        if (s != RC_STATUS_OK) return s;
    }
    rc_edmd_speculation *sp = aligned_alloc(_Alignof(rc_edmd_speculation), sizeof *sp);
    if (!sp) return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for the batches");
    memset(sp, 0, sizeof *sp);
    sp->generation = 1;
    sp->goal = BATCH;
    sp->threads = rc_edmd_slab_count(e);
    if (e->ranks.count > 1) sp->ranks = &e->ranks, sp->rank = e->ranks.rank;
    sp->separation = SEPARATION * (e->reach_factor * e->max_diameter + 2 * e->shell);
    sp->thin = rc_edmd_slab_width(e) < 2 * sp->separation;
    sp->jobs = aligned_alloc(_Alignof(rc_edmd_job), (size_t)sp->threads * sizeof *sp->jobs);
    sp->slab_entries = malloc((size_t)sp->threads * BATCH * sizeof *sp->slab_entries);
    sp->slab_count = calloc((size_t)sp->threads, sizeof *sp->slab_count);
    sp->slab_exposed = malloc((size_t)sp->threads * BATCH * sizeof *sp->slab_exposed);
    sp->exposed_count = calloc((size_t)sp->threads, sizeof *sp->exposed_count);
    /* per thread: its list (BATCH), what it owes (OWED), its mail (OWED + BATCH) */
    int32_t *ints = malloc((size_t)sp->threads * (BATCH + 2 * OWED + BATCH) * sizeof *ints);
    rc_batch_candidate *taken = malloc((size_t)sp->threads * BATCH * sizeof *taken);
    rc_capture *pending = e->steps ? malloc((size_t)sp->threads * KICKS * sizeof *pending) : NULL;
    rc_edmd_kick *kicks = e->transport_on ? malloc((size_t)sp->threads * KICKS * sizeof *kicks) : NULL;
    sp->sizes = sp->ranks ? malloc((size_t)sp->threads * sizeof *sp->sizes) : NULL;
    rc_status s = RC_STATUS_OK;
    if (!sp->jobs || !sp->slab_entries || !sp->slab_count || !sp->slab_exposed || !sp->exposed_count || !ints ||
        !taken || (e->steps && !pending) || (e->transport_on && !kicks) || (sp->ranks && !sp->sizes))
        s = rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for %d threads", (int)sp->threads);
    int32_t started = 1;
    if (s == RC_STATUS_OK) {
        memset(sp->jobs, 0, (size_t)sp->threads * sizeof *sp->jobs);
        for (int32_t w = 0; w < sp->threads; w++) {
            rc_edmd_job *job = &sp->jobs[w];
            int32_t *mine = ints + (size_t)w * (BATCH + 2 * OWED + BATCH);
            job->list = mine, job->owed = mine + BATCH, job->mail = mine + BATCH + OWED;
            job->taken = taken + (size_t)w * BATCH;
            job->pending = pending ? pending + (size_t)w * KICKS : NULL;
            job->kicks = kicks ? kicks + (size_t)w * KICKS : NULL;
            job->batch = sp->batch;
            job->slab = w;
            job->calendar = rc_edmd_slab_calendar(e, w);
            atomic_init(&job->state, IDLE);
        }
        for (; !sp->ranks && started < sp->threads; started++)
            if (pthread_create(&sp->jobs[started].thread, NULL, helper, &sp->jobs[started]) != 0) break;
        if (!sp->ranks && started < sp->threads)
            s = rc_fail(RC_STATUS_NO_MEMORY, "threads: could not start %d helper threads", (int)sp->threads - 1);
    }
    if (s == RC_STATUS_OK) {
        s = loop(e, limits, sp);
        flush(e, sp, true);
    }
    for (int32_t h = 1; h < started; h++) {
        atomic_store_explicit(&sp->jobs[h].state, QUIT, memory_order_release);
        pthread_join(sp->jobs[h].thread, NULL);
    }
    for (int32_t w = 0; sp->jobs && w <= sp->threads; w++) { /* the spill rows back to the pool */
        if (!sp->renewed) rc_edmd_lists_unstock(e, journal_of(sp, w));
        rc_edmd_journal_destroy(journal_of(sp, w));
    }
    RC_FREE_ALL(ints, taken, pending, kicks, sp->jobs, sp->slab_entries, sp->slab_count, sp->slab_exposed,
                sp->exposed_count, sp->send, sp->receive, sp->sizes);
    free(sp);
    return s;
}
