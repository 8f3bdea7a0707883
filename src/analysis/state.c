/* SPDX-License-Identifier: MIT */
/* The state of an analysis fed frame by frame, as bytes: what a run's checkpoint keeps of its measurements
 * (src/run/measure.c) so that a resumed run ends with the same numbers, bit for bit: the clocks and kinetic sums, the
 * unwrapped positions, the sums of g(r), S(k) and Q6 / psi6, and the correlators' rings and sums. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "analysis/analysis.h"
#include "core/grow.h"
#include "core/status.h"

static rc_status walk_rdf(rc_bytes *b, rc_rdf *rdf)
{
    RC_BYTES_FIELD(b, rdf->frames);
    if (b->mode == RC_BYTES_READ && !b->short_of_room) {
        /* the contact values that follow must be in what is left (read from outside data) */
        if (rdf->frames < 0 || (size_t)rdf->frames > b->left / sizeof *rdf->contacts / (size_t)rdf->pairs)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a damaged g(r) in the checkpoint");
        if (RC_GROW(rdf->contacts, rdf->contact_capacity, rdf->frames * rdf->pairs)) return RC_STATUS_NO_MEMORY;
    }
    rc_bytes_field(b, rdf->sum, (size_t)rdf->pairs * (size_t)rdf->bins * sizeof *rdf->sum);
    rc_bytes_field(b, rdf->contacts, (size_t)rdf->frames * (size_t)rdf->pairs * sizeof *rdf->contacts);
    return RC_STATUS_OK;
}

static void walk_structure_factor(rc_bytes *b, rc_structure_factor *sf)
{
    RC_BYTES_FIELD(b, sf->frames);
    size_t shells = (size_t)sf->shells;
    rc_bytes_field(b, sf->sum, shells * sizeof *sf->sum);
    rc_bytes_field(b, sf->k_sum, shells * sizeof *sf->k_sum);
    rc_bytes_field(b, sf->samples, shells * sizeof *sf->samples); /* the vectors are chosen again by the next frame */
}

/* Whether n numbers are all finite. */
static bool finite_all(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i])) return false;
    return true;
}

/* Whether the sums read back are ones adding frames could have made: every clock, sum and position finite (a NaN
 * read from a checkpoint made every result after it NaN: a run resumed into nonsense). */
static bool read_back_valid(const rc_analysis *a)
{
    bool fine = isfinite(a->first_time) && isfinite(a->last_time) && a->first_time <= a->last_time &&
                isfinite(a->kinetic_sum) && a->kinetic_sum >= 0;
    if (fine && (a->active & RC_COMPUTE_RDF))
        fine = finite_all(a->rdf.sum, (size_t)a->rdf.pairs * (size_t)a->rdf.bins) &&
               finite_all(a->rdf.contacts, (size_t)a->rdf.frames * (size_t)a->rdf.pairs);
    if (fine && (a->active & RC_COMPUTE_SK))
        fine = finite_all(a->sf.sum, (size_t)a->sf.shells) && finite_all(a->sf.k_sum, (size_t)a->sf.shells);
    for (size_t i = 0; fine && (a->active & RC_COMPUTE_MSD) && i < 3 * (size_t)a->count; i++)
        fine = fabs(a->previous[i]) <= 0x1p400; /* beyond that a squared displacement overflows */
    return fine;
}

rc_status rc_analysis_walk(rc_bytes *b, rc_analysis *a, const rc_frame *first)
{
    int64_t frames = a->frames;
    RC_BYTES_FIELD(b, frames);
    if (b->short_of_room || frames == 0) return RC_STATUS_OK;
    if (b->mode == RC_BYTES_READ) {
        if (frames < 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a damaged checkpoint (%lld frames)",
                           (long long)frames);
        rc_status s = a->frames ? RC_STATUS_OK : rc_analysis_begin(a, first);
        if (s) return s;
        a->frames = frames;
    }
    RC_BYTES_FIELD(b, a->first_time), RC_BYTES_FIELD(b, a->last_time), RC_BYTES_FIELD(b, a->kinetic_sum);
    RC_BYTES_FIELD(b, a->first_used);
    rc_status s = RC_STATUS_OK;
    if (a->active & RC_COMPUTE_RDF) s = walk_rdf(b, &a->rdf);
    if (!s && (a->active & RC_COMPUTE_SK)) walk_structure_factor(b, &a->sf);
    if (!s && (a->active & RC_COMPUTE_ORDER)) {
        RC_BYTES_FIELD(b, a->order.global_sum), RC_BYTES_FIELD(b, a->order.local_sum);
        RC_BYTES_FIELD(b, a->order.bond_sum), RC_BYTES_FIELD(b, a->order.frames);
    }
    if (!s && (a->active & RC_COMPUTE_MSD)) {
        rc_bytes_field(b, a->previous, 3 * (size_t)a->count * sizeof *a->previous);
        s = rc_correlator_walk(b, &a->msd);
        if (!s && a->velocities) s = rc_correlator_walk(b, &a->vacf);
        if (!s) s = rc_mixture_walk(b, &a->mixture);
    }
    if (!s && b->mode == RC_BYTES_READ && !b->short_of_room && !read_back_valid(a))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "measure: damaged sums in the checkpoint (a clock, sum or position that is "
                    "not finite)");
    return s;
}
