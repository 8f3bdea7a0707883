/* SPDX-License-Identifier: MIT */
/* A batch of the parallel event loop over ranks (docs/edmd.md, "Ranks"): every rank holds the whole engine, takes
 * and merges every slab's events into the same batch (speculate.c), and runs the events of its own slab; then each
 * sends what they did and every rank writes the others' into its engine. After the exchange every rank's memory is
 * what the main thread finds in the shared memory of a run on threads once the helpers end: the events' entries (the
 * records they overwrote, their books, their filings), the records they wrote, and their pending rings and transport
 * kicks. The commit that follows is then the same on every rank, in the serial order, so that every rank holds the
 * serial bits. All ranks run the same program, so records travel as their bytes.
 *
 * A rank's message: a header (events run; events tried, one more when the thread stopped at an event; kicks; pending
 * rings), the entries tried, then per event run the records of the particles it wrote, then the kicks and the rings. */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "edmd/speculation.h"

typedef struct header {
    int32_t done, tried, kicks, rings;
} header;

/* A particle's records after its thread's events (every record restore() in speculate.c puts back). */
typedef struct record {
    int32_t p;
    uint32_t counter;
    rc_kin kin;
    rc_event event;
    rc_last_hit hit;
    double last;
    uint8_t kind;
} record;

/* The particles an event wrote: its own and its partner, and those it filed. */
static int particles_of(const rc_batch_entry *x, int32_t *p)
{
    int n = 0;
    p[n++] = x->k;
    if (x->j >= 0) p[n++] = x->j;
    for (int f = 0; f < x->filed_count; f++) p[n++] = x->filed[f];
    return n;
}

static rc_status reserve(void **buffer, size_t *capacity, size_t size)
{
    if (size <= *capacity) return RC_STATUS_OK;
    size_t grown = *capacity ? *capacity : 4096;
    while (grown < size) grown *= 2;
    void *more = realloc(*buffer, grown);
    if (!more) return rc_fail(RC_STATUS_NO_MEMORY, "ranks: out of memory for a batch's exchange (%zu bytes)", size);
    *buffer = more, *capacity = grown;
    return RC_STATUS_OK;
}

/* This rank's message for its thread `job`. */
static rc_status pack(const rc_edmd *e, rc_edmd_speculation *sp, const rc_edmd_job *job, size_t *size)
{
    header h = {.done = atomic_load_explicit(&job->done, memory_order_relaxed),
                .kicks = job->kick_count,
                .rings = job->steps.pending_count};
    h.tried = h.done < job->count ? h.done + 1 : h.done;
    int32_t records = 0, p[6];
    for (int32_t i = 0; i < h.done; i++) {
        const rc_batch_entry *x = &sp->batch[job->list[i]];
        if (x->owner >= 0) records += particles_of(x, p);
    }
    size_t need = sizeof h + (size_t)h.tried * sizeof(rc_batch_entry) + (size_t)records * sizeof(record) +
                  (size_t)h.kicks * sizeof(rc_edmd_kick) + (size_t)h.rings * sizeof(rc_capture);
    rc_status s = reserve(&sp->send, &sp->send_capacity, need);
    if (s != RC_STATUS_OK) return s;
    unsigned char *out = sp->send;
    memcpy(out, &h, sizeof h), out += sizeof h;
    for (int32_t i = 0; i < h.tried; i++)
        memcpy(out, &sp->batch[job->list[i]], sizeof(rc_batch_entry)), out += sizeof(rc_batch_entry);
    for (int32_t i = 0; i < h.done; i++) {
        const rc_batch_entry *x = &sp->batch[job->list[i]];
        for (int m = 0, n = x->owner >= 0 ? particles_of(x, p) : 0; m < n; m++) {
            record r = {.p = p[m], .counter = e->counter[p[m]], .kin = e->kin[p[m]], .event = e->event[p[m]]};
            if (e->last_hit) r.hit = e->last_hit[p[m]];
            if (e->last_collision) r.last = e->last_collision[p[m]];
            if (e->steps) r.kind = e->steps->kind[p[m]];
            memcpy(out, &r, sizeof r), out += sizeof r;
        }
    }
    if (h.kicks)
        memcpy(out, job->kicks, (size_t)h.kicks * sizeof(rc_edmd_kick)), out += (size_t)h.kicks * sizeof(rc_edmd_kick);
    if (h.rings)
        memcpy(out, job->pending, (size_t)h.rings * sizeof(rc_capture)), out += (size_t)h.rings * sizeof(rc_capture);
    *size = need;
    return RC_STATUS_OK;
}

/* Another rank's message for its thread `job`, written where that thread would have left it. */
static rc_status unpack(rc_edmd *e, rc_edmd_speculation *sp, rc_edmd_job *job, const unsigned char *in, size_t size)
{
    header h;
    if (size < sizeof h) return rc_fail(RC_STATUS_INTERNAL, "ranks: a batch's message of %zu bytes is cut", size);
    memcpy(&h, in, sizeof h), in += sizeof h;
    const unsigned char *end = in + (size - sizeof h);
    if (h.done < 0 || h.tried < h.done || h.tried > job->count || h.kicks < 0 || h.kicks > KICKS || h.rings < 0 ||
        h.rings > KICKS || (h.kicks && !job->kicks) || (h.rings && !job->pending))
        return rc_fail(RC_STATUS_INTERNAL, "ranks: a batch's message does not fit the batch (%d events of %d)",
                       (int)h.tried, (int)job->count);
    for (int32_t i = 0; i < h.tried; i++)
        memcpy(&sp->batch[job->list[i]], in, sizeof(rc_batch_entry)), in += sizeof(rc_batch_entry);
    int32_t p[6];
    for (int32_t i = 0; i < h.done; i++) {
        const rc_batch_entry *x = &sp->batch[job->list[i]];
        for (int m = 0, n = x->owner >= 0 ? particles_of(x, p) : 0; m < n; m++) {
            record r;
            if ((size_t)(end - in) < sizeof r) return rc_fail(RC_STATUS_INTERNAL, "ranks: a batch's message is cut");
            memcpy(&r, in, sizeof r), in += sizeof r;
            if (r.p != p[m])
                return rc_fail(RC_STATUS_INTERNAL, "ranks: a batch's message names particle %d for %d", (int)r.p,
                               (int)p[m]);
            e->counter[r.p] = r.counter, e->kin[r.p] = r.kin, e->event[r.p] = r.event;
            if (e->last_hit) e->last_hit[r.p] = r.hit;
            if (e->last_collision) e->last_collision[r.p] = r.last;
            if (e->steps) e->steps->kind[r.p] = r.kind;
        }
    }
    size_t tail = (size_t)h.kicks * sizeof(rc_edmd_kick) + (size_t)h.rings * sizeof(rc_capture);
    if ((size_t)(end - in) != tail) return rc_fail(RC_STATUS_INTERNAL, "ranks: a batch's message is cut");
    if (h.kicks)
        memcpy(job->kicks, in, (size_t)h.kicks * sizeof(rc_edmd_kick)), in += (size_t)h.kicks * sizeof(rc_edmd_kick);
    if (h.rings) memcpy(job->pending, in, (size_t)h.rings * sizeof(rc_capture));
    job->kick_count = h.kicks, job->steps.pending_count = h.rings;
    atomic_store_explicit(&job->done, h.done, memory_order_relaxed);
    return RC_STATUS_OK;
}

rc_status rc_edmd_ranks_share(rc_edmd *e, rc_edmd_speculation *sp)
{
    size_t size = 0;
    rc_status s = pack(e, sp, &sp->jobs[sp->rank], &size);
    if (s != RC_STATUS_OK) size = 0; /* the others see this rank's events as not run, and undo the batch */
    rc_status gathered =
        sp->ranks->allgather(sp->ranks->context, sp->send, size, &sp->receive, &sp->receive_capacity, sp->sizes);
    if (s != RC_STATUS_OK) return s;
    if (gathered != RC_STATUS_OK) return gathered;
    const unsigned char *in = sp->receive;
    for (int32_t r = 0; r < sp->threads && s == RC_STATUS_OK; r++) {
        if (r != sp->rank) s = unpack(e, sp, &sp->jobs[r], in, sp->sizes[r]);
        in += sp->sizes[r];
    }
    return s;
}
