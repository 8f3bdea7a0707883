/* SPDX-License-Identifier: MIT */
/* Stepped pair potentials in the event-driven engine (Bannerman et al. 2014, sections 4 and 6: the extension to
 * "softer stepped or terraced potentials" whose invalid states depend on the pair's history; docs/edmd.md, "Stepped
 * potentials"): the pair tables, the capture map (which step each pair is in, keyed by the particles' input indices
 * so that it survives the reordering of slots), the scan that predicts step events, and the events themselves.
 *
 * A pair of type t has steps 1..m at bound[1] < ... < bound[m] (multiples of its contact distance sigma) and the core
 * at bound[0] = 1. The pair is in ring L (0..m) when bound[L] sigma < |r| <= bound[L+1] sigma (bound[m+1] infinite),
 * with energy energy[L] (energy[m] = 0). The ring is recorded, never recomputed from |r|: the map holds the pairs with
 * L < m; a pair not in it is outside every step. */
#ifndef RC_EDMD_STEPS_H
#define RC_EDMD_STEPS_H

#include <math.h>
#include <stdint.h>

#include "edmd/engine.h"
#include "edmd/growth.h"

/* What a pair event found by the steps' scan is. */
enum { RC_STEP_CORE = 0, RC_STEP_IN = 1, RC_STEP_OUT = 2 };

typedef struct rc_capture {
    uint64_t key; /* lower input index << 32 | higher; RC_CAPTURE_EMPTY for a free slot */
    int32_t ring;
    int32_t steps; /* in a pending entry, the pair's step count (ring == steps: outside); 0 in the map */
} rc_capture;

#define RC_CAPTURE_EMPTY UINT64_MAX

struct rc_edmd_steps {
    int32_t species_count;
    int32_t *type;  /* species_count^2: the pair type of species (a, b) */
    int32_t stride; /* entries per type in bound and energy: the most steps, plus one */
    int32_t *count; /* steps per type */
    double *bound;  /* per type: 1 (the core), then the step radii as multiples of sigma */
    double *energy; /* per type: the energy of each ring, 0 outside the last step */
    /* the capture map: open addressing, linear probing, capacity a power of two, at most half full */
    rc_capture *map;
    uint64_t capacity, used;
    /* in a thread's copy (speculate.c): the rings its events set, kept here until their commit instead of in the map,
     * which every thread reads; the newest entry of a pair is its ring. NULL in the engine's */
    rc_capture *pending;
    int32_t pending_count;
    int32_t *slot_of; /* per input index: its slot (rebuilt at every renewal; for the checks) */
    uint8_t *kind;    /* per slot: the kind of its pending pair event */
    /* books */
    double potential; /* the energy of the recorded rings, summed */
    uint64_t events, bounces, invalid;
    /* bonds (bonds.c): types from bond_base on (INT32_MAX without bonds); the bonds by input index, and per slot its
     * partners' slots and types (bond_first: n + 1 offsets), or NULL without bonds */
    int32_t bond_base;
    int32_t bond_count;
    int32_t *bond_ends; /* 3 per bond: a, b (input indices) and its bond type (pair type bond_base + it) */
    int32_t *bond_first, *bond_partner, *bond_type;
};

/* The exit time of the stable rule: the first t >= 0 with g(t) = R^2 - |r + v t|^2 <= 0 and g'(t) < 0, for b = r.v,
 * c = |r|^2 - R^2, vv = |v|^2 (docs/edmd.md). */
static inline double rc_stable_exit_time(double b, double c, double vv)
{
    if (!(vv > 0)) return INFINITY;
    double d = b * b - vv * c;
    double t;
    if (d <= 0) t = -b / vv; /* recorded inside yet outside all along (c >= 0): leaves at the closest approach */
    else if (b > 0) t = -c / (b + sqrt(d));
    else t = (-b + sqrt(d)) / vv;
    return t > 0 ? t : 0;
}

/* The stable exit rule when the sphere's radius grows, R(t) = R + R' t (compression): with h(t) = a t^2 + 2 b t + c,
 * a = |v|^2 - R'^2, b = r.v - R R', c = |r|^2 - R^2 (h = -g), the first t >= 0 with h >= 0 and h' > 0. a > 0 is the
 * fixed sphere's rule with |v|^2 replaced by a; with a <= 0 the sphere outruns the pair unless it recedes (b > 0)
 * and reaches it, at -c / (b + sqrt(D)) (the smaller root, without cancellation). */
static inline double rc_growing_exit_time(double a, double b, double c)
{
    if (a > 0) return rc_stable_exit_time(b, c, a);
    double d = b * b - a * c;
    if (b <= 0 || d < 0) return INFINITY;
    double t = -c / (b + sqrt(d));
    return t > 0 ? t : 0;
}

/* The factor the radii in kin have grown by at now (compression: growth.c's epoch; 1 otherwise). */
static inline double rc_edmd_grown(const rc_edmd *e)
{
    return e->growing ? 1 + e->growth->speed * (e->now - e->growth->epoch) : 1;
}

/* The textbook exit root: none when D < 0, negative when found outside and receding. */
static inline double rc_naive_exit_time(double b, double c, double vv)
{
    double d = b * b - vv * c;
    if (!(vv > 0) || d < 0) return INFINITY;
    return (-b + sqrt(d)) / vv;
}

/* The pair type of slots i and j: their bond's when they are bonded, else their species'. */
static inline int32_t rc_steps_type(const rc_edmd *e, int32_t i, int32_t j)
{
    const rc_edmd_steps *st = e->steps;
    if (st->bond_first)
        for (int32_t m = st->bond_first[i]; m < st->bond_first[i + 1]; m++)
            if (st->bond_partner[m] == j) return st->bond_type[m];
    int32_t a = e->species ? e->species[i] : 0, b = e->species ? e->species[j] : 0;
    return st->type[(size_t)a * (size_t)st->species_count + (size_t)b];
}

/* The scan's result, as schedule.c's scan keeps it. */
typedef struct rc_step_scan {
    double time;
    int32_t partner;
    bool overlapped_start; /* a core collision of an overlapped pair */
    int32_t touching;      /* neighbours within the contact tolerance of the core (when contacts is set) */
} rc_step_scan;

/* steps.c */
/* The tables from the definition's interactions (messages name "interactions[i]..." and "particle i"), the reach of
 * the neighbour lists (e->reach_factor) and the per-slot arrays. Before the neighbour lists. */
rc_status rc_edmd_steps_create(rc_edmd *e, const rc_edmd_def *d);
/* The capture map from the particles' separations at the start, and the potential energy. After the lists. */
rc_status rc_edmd_steps_capture_all(rc_edmd *e);
/* The map emptied and captured again from the particles where they are now (new particles, live.c); the lists
 * built. */
rc_status rc_edmd_steps_capture_again(rc_edmd *e);
void rc_edmd_steps_destroy(rc_edmd *e);
/* The earliest pair event of particle k (at now) over its neighbours with their steps; records its kind. */
rc_step_scan rc_edmd_steps_scan(rc_edmd *e, int32_t k, double best, bool contacts);
/* The same while the diameters grow (compression, growth.c): every step radius lambda sigma(t) grows with the
 * pair's contact distance, the inner boundary by the growing-pair rule (predict.h), the outer by
 * rc_growing_exit_time. */
rc_step_scan rc_edmd_steps_scan_growing(rc_edmd *e, int32_t k, double best);
/* Processes k's pending step event with j (both streamed to time t); the pair's ring changes or the pair bounces,
 * and both are rescheduled (only k when rounding left nothing to do). RC_STATUS_NO_MEMORY when the map cannot grow. */
rc_status rc_edmd_step_event(rc_edmd *e, int32_t k, int32_t j, double t);
/* At a renewal (every particle at now, slots renumbered, lists rebuilt): the map's slots again, and every pair
 * checked against its recorded ring (invalid states counted). */
void rc_edmd_steps_renew(rc_edmd *e);
/* "interactions.depth" (live.c): the depth of the square wells, every pair type with steps having exactly one
 * (RC_STATUS_INVALID_ARGUMENT naming the key otherwise); put sets -depth as the energy inside every one; recount sums the
 * recorded rings' energies again (after a renewal, which numbers the slots). */
rc_status rc_edmd_steps_depth_get(const rc_edmd *e, double *depth);
rc_status rc_edmd_steps_depth_put(rc_edmd *e, double depth);
void rc_edmd_steps_recount(rc_edmd *e);
/* capture.c */
/* The map's first (empty) table. */
rc_status rc_capture_create(rc_edmd_steps *st);
/* Counts an invalid state when slots i and j (at now) are not in ring `ring` within rounding. */
void rc_edmd_steps_check_pair(rc_edmd *e, int32_t i, int32_t j, int32_t ring);
/* The recorded ring of the pair (input indices a, b) of type with m steps. */
int32_t rc_capture_ring(const rc_edmd_steps *st, int32_t a, int32_t b, int32_t m);
/* Records the ring (m: outside, removed from the map), or in a thread's copy appends it to the pending entries.
 * RC_STATUS_NO_MEMORY when the map cannot grow. */
rc_status rc_capture_set(rc_edmd_steps *st, int32_t a, int32_t b, int32_t ring, int32_t m);
/* A pending entry of a thread's copy recorded in the engine's map, at its event's commit. */
rc_status rc_capture_commit(rc_edmd_steps *st, const rc_capture *pending);
/* The map's entries in key order (used of them, into out) for a checkpoint. */
void rc_capture_sorted(const rc_edmd_steps *st, rc_capture *out);
/* Puts back entries read from a checkpoint (the map emptied first): RC_STATUS_INVALID_ARGUMENT when an entry names no pair
 * of this engine or a ring its pair does not have. */
rc_status rc_capture_restore(rc_edmd *e, const rc_capture *entries, uint64_t count);

#endif
