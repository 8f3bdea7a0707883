/* SPDX-License-Identifier: MIT */
/* The threads and ranks of an event-driven engine (docs/edmd.md, "Parallel", "Ranks"): the count asked for checked
 * against the domains the system cuts into (slabs of the box along its first axis at least RC_EDMD_DOMAIN_REACHES
 * neighbour reaches wide: events that far apart may run at once, one slab per thread or rank), and the sentence
 * saying why the engine runs on fewer than asked. The answer never changes a trajectory: every count gives the bits of
 * one thread (speculate.c), and a run that cannot be parallel runs on one thread with the note rather than
 * differently. */
#include <math.h>

#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/parallel.h"

/* The widest reach of a pair (the largest diameter times the longest potential's range, plus the shell both ways). */
static double neighbour_reach(const rc_edmd *e) { return e->reach_factor * e->max_diameter + 2 * e->shell; }

int32_t rc_edmd_domains(const rc_edmd *e)
{
    double slabs = floor(e->box[0] / (RC_EDMD_DOMAIN_REACHES * neighbour_reach(e)));
    return slabs < 1 ? 1 : slabs < 255 ? (int32_t)slabs : 255;
}

int32_t rc_edmd_threads(const rc_edmd *e, const char **note)
{
    if (note) *note = e->parallel_note;
    return e->threads;
}

/* Why a feature of e keeps it on one thread, or NULL: each of these changes what every later event sees in a way
 * that is not local to a domain (the box or the diameters, the images across the boundary), or draws random numbers
 * in the global order of events, or is not yet worked through for domains. */
static const char *serial_feature(const rc_edmd *e)
{
    if (e->growth) return "compression changes every diameter at once: it runs on one thread";
    if (e->shear_on) return "shear (Lees-Edwards) moves the periodic images of every border: it runs on one thread";
    if (e->barostat) return "the barostat's volume moves change the whole box: it runs on one thread";
    if (e->spin) return "rough particles run on one thread";
    return NULL;
}

/* A count of threads or ranks (`what`) against the domains the system cuts into, one slab each. */
static rc_status check_domains(const rc_edmd *e, const char *what, int32_t count)
{
    int32_t domains = rc_edmd_domains(e);
    if (count <= domains) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s: %d asked, but this system cuts into %d slab%s (at least %d neighbour reaches of %g wide along "
                   "its first axis): use at most %d",
                   what, (int)count, (int)domains, domains == 1 ? "" : "s", RC_EDMD_DOMAIN_REACHES, neighbour_reach(e),
                   (int)domains);
}

rc_status rc_edmd_parallel_plan(rc_edmd *e, const rc_edmd_def *d)
{
    if (d->threads < 1) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "threads: %d is below 1", (int)d->threads);
    e->threads = 1;
    e->parallel_note = NULL;
    if (d->threads == 1) return RC_STATUS_OK;
    const char *feature = serial_feature(e);
    if (feature) {
        e->parallel_note = feature;
        return RC_STATUS_OK;
    }
    rc_status s = check_domains(e, "threads", d->threads);
    if (s != RC_STATUS_OK) return s;
    e->threads = d->threads;
    return RC_STATUS_OK;
}

rc_status rc_edmd_set_ranks(rc_edmd *e, const rc_ranks *ranks)
{
    if (!e || !ranks) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_set_ranks: NULL argument");
    if (ranks->count < 1 || ranks->rank < 0 || ranks->rank >= ranks->count || !ranks->allgather)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "ranks: rank %d of %d, or no exchange given", (int)ranks->rank,
                       (int)ranks->count);
    if (e->slabs) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "ranks: set before the engine's first advance");
    e->ranks = (rc_ranks){0};
    if (ranks->count == 1) return RC_STATUS_OK;
    if (e->threads > 1) { /* one system runs on threads or on ranks, not both yet */
        e->threads = 1;
        e->parallel_note = "the ranks replace the threads asked: each rank runs on one thread";
    }
    const char *feature = serial_feature(e);
    if (feature) { /* every rank runs the whole system, as one process would */
        e->parallel_note = feature;
        return RC_STATUS_OK;
    }
    rc_status s = check_domains(e, "ranks", ranks->count);
    if (s != RC_STATUS_OK) return s;
    e->ranks = *ranks;
    return RC_STATUS_OK;
}

int32_t rc_edmd_ranks(const rc_edmd *e) { return e->ranks.count > 1 ? e->ranks.count : 1; }
