/* SPDX-License-Identifier: MIT */
/* The event loop on several threads (docs/edmd.md, "Parallel"): speculative execution with in-order commit.
 *
 * The main thread takes the earliest event, as the serial loop does. Before it runs it, the helpers take the events
 * that follow it in the calendar, one each, as long as each is far from the earliest and from one another (its
 * particle's anchor more than SEPARATION neighbour reaches from theirs), is no shell event, and its helper was seen
 * running since the main thread's previous event (a job for a helper that is off its core would be taken back, at
 * the cost of its hand-over and undo; which events run ahead changes only the speed); each runs at once on a
 * copy of the engine whose clock is the serial clock at that event, whose books start empty and whose calendar filings
 * wait. An event run ahead is then either committed in its serial turn (when the calendar's earliest comes after it:
 * its books, counts and filings are added then, by the serial operations in the serial order), or undone (its
 * particles' records put back, the event filed again) when an event before it comes near it, when it or an event
 * before it needs a cluster, or when a renewal or a count limit comes first. So every event reads the bits it reads
 * in the serial run and the books are added in the serial order: the trajectory, the counts and the summary are the
 * serial bits for any thread count. */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/advance.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/speculate.h"

/* Events run ahead only when their particles' anchors are more than this many neighbour reaches apart: an event reads
 * the records of the particles anchored within two reaches of its particle's anchor and writes within one (a shell
 * event within a reach and a shell), so three reaches keep them apart; the fourth is a margin for the rounding of the
 * lists' test. */
#define SEPARATION 4.0

/* A job's state, handed between the main thread and its helper (release and acquire): the main thread hands it out
 * (GO) and takes it back if the helper has not started it when the main thread's own event is done (back to IDLE: on
 * a machine with fewer free cores than threads, the main thread never waits for a helper that is not running). */
enum { IDLE, GO, RUNNING, DONE, QUIT };

typedef struct rc_edmd_job {
    rc_edmd copy;  /* the engine as the helper sees it */
    int32_t k, j;  /* the event's particle and its partner particle (-1: a wall or none) */
    double time;   /* its key, with k */
    rc_kin kin[2]; /* k's and j's records before the event, for the undo */
    uint32_t counter[2];
    rc_event event[2];
    rc_last_hit hit[2];
    int32_t filed[4]; /* the filings the event asked for, made at the commit */
    int filed_count;
    bool aborted; /* it needs a cluster: undone, it runs in its turn */
    rc_status status;
    uint64_t generation; /* the speculation's generation when the copy was last made whole */
    atomic_int state;
    pthread_t thread;
    unsigned seen; /* the main thread's last reading of beat */
    /* Counted up by the helper every few pauses while it waits for a job, on a cache line of its own: when it has not
     * moved since the main thread's previous event, the helper is not running (the cores are busy elsewhere), and a
     * job handed to it would only be taken back, after the cost of its hand-over and its undo. */
    alignas(64) atomic_uint beat;
} rc_edmd_job;

typedef struct rc_edmd_speculation {
    rc_edmd_job *jobs; /* one per helper */
    int32_t helpers;
    rc_edmd_job **pending; /* the events run ahead and not yet committed, in key order */
    int32_t pending_count;
    double separation;   /* SEPARATION neighbour reaches, squared */
    uint64_t generation; /* moves on when the engine changes beyond what dispatch refreshes (a renewal) */
} rc_edmd_speculation;

/* A short wait: the processor's pause while the other side is likely to answer soon, then the core given away (the
 * machine may have fewer free cores than threads). */
static void relax(unsigned *spins)
{
    if (++*spins < 512) {
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

/* The helper's wait for a job, with a beat every 16 pauses and after every yield of its core. */
static int wait_for_job(rc_edmd_job *job)
{
    unsigned spins = 0;
    int now;
    while ((now = atomic_load_explicit(&job->state, memory_order_acquire)) == IDLE) {
        relax(&spins);
        if ((spins & 15) == 0 || spins >= 512) /* after 512 waits each gives the core away: a beat each */
            atomic_store_explicit(&job->beat, atomic_load_explicit(&job->beat, memory_order_relaxed) + 1,
                                  memory_order_relaxed);
    }
    return now;
}

static void *helper(void *arg)
{
    rc_edmd_job *job = arg;
    for (;;) {
        if (wait_for_job(job) == QUIT) return NULL;
        int go = GO;
        if (!atomic_compare_exchange_strong_explicit(&job->state, &go, RUNNING, memory_order_acquire,
                                                     memory_order_relaxed))
            continue; /* taken back */
        job->status = rc_edmd_process_event(&job->copy, job->k);
        atomic_store_explicit(&job->state, DONE, memory_order_release);
        if (wait_while(job, DONE) == QUIT) return NULL;
    }
}

void rc_edmd_job_file(rc_edmd_job *job, int32_t k)
{
    for (int f = 0; f < job->filed_count; f++)
        if (job->filed[f] == k) return;
    if (job->filed_count < 4) job->filed[job->filed_count++] = k;
    else job->aborted = true; /* never on the paths a helper takes (they file k and its partner); undone if so */
}

rc_status rc_edmd_job_abort(rc_edmd *e)
{
    e->job->aborted = true;
    return RC_STATUS_OK;
}

/* Whether the anchors of particles a and b are within the separation (minimum image). */
static bool near(const rc_edmd *e, const rc_edmd_speculation *sp, int32_t a, int32_t b)
{
    double r[3];
    for (int x = 0; x < 3; x++) r[x] = e->anchor[a].x[x] - e->anchor[b].x[x];
    rc_edmd_minimum_image(e, r);
    return !(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] > sp->separation);
}

static bool near_pending(const rc_edmd *e, const rc_edmd_speculation *sp, int32_t k)
{
    for (int32_t m = 0; m < sp->pending_count; m++)
        if (near(e, sp, k, sp->pending[m]->k)) return true;
    return false;
}

/* The helper's copy of the engine at particle k's event, run ahead of the main thread's event. The copy is made
 * whole once per generation (1.5 kB); between renewals an event changes only the clock, the books and counts (set
 * here) and, at a shell event, the spill pool of the lists (refreshed here). */
static void dispatch(rc_edmd *e, const rc_edmd_speculation *sp, rc_edmd_job *job, int32_t k)
{
    job->k = k;
    job->time = e->event[k].time;
    job->j = e->event[k].partner >= 0 ? e->event[k].partner : -1;
    for (int m = 0; m < 2; m++) {
        int32_t p = m ? job->j : k;
        if (p < 0) continue;
        job->kin[m] = e->kin[p], job->counter[m] = e->counter[p], job->event[m] = e->event[p];
        if (e->last_hit) job->hit[m] = e->last_hit[p];
    }
    job->filed_count = 0;
    job->aborted = false;
    rc_edmd *c = &job->copy;
    if (job->generation != sp->generation) {
        *c = *e;
        c->job = job;
        c->speculation = NULL;
        job->generation = sp->generation;
    }
    c->now = e->now;
    c->spill = e->spill, c->spill_capacity = e->spill_capacity, c->spill_rows = e->spill_rows;
    c->spill_fresh = e->spill_fresh, c->spill_free = e->spill_free;
    c->max_overlap = e->max_overlap;
    c->events = c->collisions = c->wall_collisions = c->stabilising = c->negative_time = c->three_body = 0;
    c->kinetic = c->dissipated = c->virial = c->kinetic_integral = 0; /* so that they hold the event's own terms */
    atomic_store_explicit(&job->state, GO, memory_order_release);
}

/* Puts back the records of the job's particles and files their events again. */
static void undo(rc_edmd *e, rc_edmd_job *job)
{
    for (int m = 0; m < 2; m++) {
        int32_t p = m ? job->j : job->k;
        if (p < 0) continue;
        e->kin[p] = job->kin[m], e->counter[p] = job->counter[m], e->event[p] = job->event[m];
        if (e->last_hit) e->last_hit[p] = job->hit[m];
        rc_calendar_update(&e->calendar, p);
    }
}

/* The job's event in its serial turn: the clock, the counts and the books by the serial operations (collide.c: the
 * kinetic integral closed at the event, then the loss and the virial term, which the copy's empty books hold
 * exactly), and the filings. */
static void commit(rc_edmd *e, rc_edmd_job *job)
{
    const rc_edmd *c = &job->copy;
    if (job->time > e->now) e->now = job->time;
    e->events += c->events, e->collisions += c->collisions, e->wall_collisions += c->wall_collisions;
    e->stabilising += c->stabilising, e->negative_time += c->negative_time, e->three_body += c->three_body;
    e->last_pair[0] = c->last_pair[0], e->last_pair[1] = c->last_pair[1];
    if (c->collisions + c->wall_collisions > 0) {
        rc_edmd_integrate_kinetic(e);
        e->kinetic -= c->dissipated;
        e->dissipated += c->dissipated;
        e->virial += c->virial; /* the copy's 0 - term: adding it is subtracting the term */
    }
    if (c->max_overlap > e->max_overlap) e->max_overlap = c->max_overlap;
    for (int f = 0; f < job->filed_count; f++) rc_calendar_update(&e->calendar, job->filed[f]);
    rc_calendar_update(&e->calendar, job->k);
    if (job->j >= 0) rc_calendar_update(&e->calendar, job->j);
}

static void drop(rc_edmd_speculation *sp, int32_t m)
{
    for (int32_t i = m + 1; i < sp->pending_count; i++) sp->pending[i - 1] = sp->pending[i];
    sp->pending_count--;
}

/* Whether the job's event ran: taken back when its helper has not started it, else waited for. */
static bool finish(rc_edmd_job *job)
{
    int go = GO;
    if (atomic_compare_exchange_strong_explicit(&job->state, &go, IDLE, memory_order_acquire, memory_order_relaxed))
        return false;
    wait_while(job, RUNNING);
    atomic_store_explicit(&job->state, IDLE, memory_order_release);
    return true;
}

void rc_edmd_speculation_fold(rc_edmd *e)
{
    rc_edmd_speculation *sp = e->speculation;
    if (!sp) return;
    for (int32_t m = sp->pending_count; m-- > 0;) {
        finish(sp->pending[m]);
        undo(e, sp->pending[m]); /* also when it never ran: the records are the same, the events filed again */
    }
    sp->pending_count = 0;
}

/* Whether the job's helper has been waiting for work, and running, since the main thread last looked (see beat):
 * only then is a job handed to it. Which events run ahead never changes the bits, only the speed. */
static bool awake(rc_edmd_job *job)
{
    unsigned beat = atomic_load_explicit(&job->beat, memory_order_relaxed);
    bool moved = beat != job->seen;
    job->seen = beat;
    return moved;
}

/* Particle k's event on the main thread, with the events after it that may run ahead on the helpers. */
static rc_status run_ahead(rc_edmd *e, rc_edmd_speculation *sp, int32_t k, double limit)
{
    /* a shell event may move the lists' storage: it runs alone; so does every event while the first helper is not
     * running */
    if (e->event[k].partner != RC_EVENT_SHELL && awake(&sp->jobs[0])) {
        rc_calendar_take(&e->calendar, k);
        while (sp->pending_count < sp->helpers && (sp->pending_count == 0 || awake(&sp->jobs[sp->pending_count]))) {
            int32_t c = rc_calendar_peek(&e->calendar);
            if (c < 0 || !(e->event[c].time <= limit) || e->event[c].partner == RC_EVENT_SHELL || near(e, sp, c, k) ||
                near_pending(e, sp, c))
                break;
            rc_calendar_take(&e->calendar, c);
            rc_edmd_job *job = &sp->jobs[sp->pending_count];
            job->k = c;
            sp->pending[sp->pending_count++] = job;
        }
        rc_calendar_update(&e->calendar, k);
        /* handed out only now: a look into the calendar reads the keys of whatever it files again, and a helper
         * writes its particles' */
        for (int32_t m = 0; m < sp->pending_count; m++) dispatch(e, sp, sp->pending[m], sp->pending[m]->k);
    }
    rc_status s = rc_edmd_process_event(e, k);
    for (int32_t m = 0; m < sp->pending_count;) { /* a fold in k's event (a cluster) leaves none */
        rc_edmd_job *job = sp->pending[m];
        if (!finish(job) || job->aborted || job->status != RC_STATUS_OK) {
            undo(e, job);
            drop(sp, m);
        } else {
            m++;
        }
    }
    return s;
}

static bool before(double t, int32_t k, double u, int32_t j) { return t < u || (t == u && k < j); }

static bool owned(const rc_edmd_speculation *sp, int32_t k)
{
    for (int32_t m = 0; m < sp->pending_count; m++)
        if (sp->pending[m]->k == k || sp->pending[m]->j == k) return true;
    return false;
}

/* The serial loop's order (advance.c), with the events run ahead committed in their turn. The plan (parallel.c)
 * leaves no system events (thermostat, shear's and the barostat's renewals by time) to a run on several threads. */
static rc_status loop(rc_edmd *e, const rc_edmd_limits *limits, rc_edmd_speculation *sp)
{
    double limit = limits->time - e->time_origin;
    for (;;) {
        if ((limits->collisions && e->collisions >= limits->collisions) ||
            (limits->events && e->events >= limits->events))
            return RC_STATUS_OK; /* what ran ahead is undone by the caller */
        int32_t k = rc_calendar_top(&e->calendar);
        double t = k >= 0 ? e->event[k].time : INFINITY;
        rc_status s;
        if (k >= 0 && sp->pending_count > 0 && owned(sp, k)) {
            /* an entry filed by its key, which a helper has already moved on: in the serial run that event does not
             * exist before the commit, which files the particle again (as an undo does) */
            rc_calendar_take(&e->calendar, k);
            continue;
        }
        if (sp->pending_count > 0 && (k < 0 || !before(t, k, sp->pending[0]->time, sp->pending[0]->k))) {
            rc_edmd_job *first = sp->pending[0];
            drop(sp, 0);
            commit(e, first);
            s = RC_STATUS_OK;
        } else {
            if (t > limit) {
                if (limit > e->now) {
                    e->now = limit;
                    e->stopped_at = limits->time;
                }
                return RC_STATUS_OK;
            }
            if (k < 0) return RC_STATUS_OK; /* nothing will ever happen */
            e->stopped_at = NAN;
            if (sp->pending_count > 0) { /* an event before those run ahead: it runs alone, undoing those near it */
                for (int32_t m = 0; m < sp->pending_count;) {
                    if (near(e, sp, k, sp->pending[m]->k)) {
                        undo(e, sp->pending[m]);
                        drop(sp, m);
                    } else {
                        m++;
                    }
                }
                s = rc_edmd_process_event(e, k);
            } else {
                s = run_ahead(e, sp, k, limit);
            }
        }
        bool renewed = false, ended = false;
        s = rc_edmd_after_event(e, s, &renewed, &ended);
        if (s != RC_STATUS_OK || ended) return s;
        if (renewed) {
            limit = limits->time - e->time_origin;
            sp->generation++;
        }
    }
}

rc_status rc_edmd_advance_speculating(rc_edmd *e, const rc_edmd_limits *limits)
{
    rc_edmd_speculation sp = {0};
    sp.generation = 1;
    sp.helpers = e->threads - 1;
    double reach = SEPARATION * (e->reach_factor * e->max_diameter + 2 * e->shell);
    sp.separation = reach * reach;
    /* aligned for the beats' cache lines; sizeof *sp.jobs is a multiple of that alignment */
    sp.jobs = aligned_alloc(alignof(rc_edmd_job), (size_t)sp.helpers * sizeof *sp.jobs);
    if (sp.jobs) memset(sp.jobs, 0, (size_t)sp.helpers * sizeof *sp.jobs);
    sp.pending = calloc((size_t)sp.helpers, sizeof *sp.pending);
    if (!sp.jobs || !sp.pending) {
        free(sp.jobs);
        free(sp.pending);
        return rc_fail(RC_STATUS_NO_MEMORY, "threads: out of memory for %d helpers", (int)sp.helpers);
    }
    int32_t started = 0;
    for (; started < sp.helpers; started++) {
        atomic_init(&sp.jobs[started].state, IDLE);
        if (pthread_create(&sp.jobs[started].thread, NULL, helper, &sp.jobs[started]) != 0) break;
    }
    rc_status s = started < sp.helpers
                      ? rc_fail(RC_STATUS_NO_MEMORY, "threads: could not start %d helper threads", (int)sp.helpers)
                      : RC_STATUS_OK;
    if (s == RC_STATUS_OK) {
        e->speculation = &sp;
        s = loop(e, limits, &sp);
        rc_edmd_speculation_fold(e);
        e->speculation = NULL;
    }
    for (int32_t h = 0; h < started; h++) {
        atomic_store_explicit(&sp.jobs[h].state, QUIT, memory_order_release);
        pthread_join(sp.jobs[h].thread, NULL);
    }
    free(sp.jobs);
    free(sp.pending);
    return s;
}
