/* SPDX-License-Identifier: MIT */
/* g(r) per species pair and its contact value (rdf.c). */
#ifndef RC_ANALYSIS_RDF_H
#define RC_ANALYSIS_RDF_H

#include "analysis/pairs.h"
#include "analysis/table.h"

typedef struct rc_rdf {
    int species, pairs; /* pairs = species (species + 1) / 2, in the order (0,0), (0,1), ..., (1,1), ... */
    int bins;
    double range, width;
    int32_t *members;     /* particles per species */
    double *contact_at;   /* per pair: the contact distance, the mean radius of a plus that of b */
    double *sum;          /* pairs x bins: the frames' g summed */
    double *frame_counts; /* pairs x bins: this frame's pair counts */
    double *contacts;     /* frames x pairs: each frame's contact value (its fit is linear in g) */
    int contact_capacity;
    int frames;
    double contact_width; /* of the fit window, relative to the contact distance */
} rc_rdf;

rc_status rc_rdf_start(rc_rdf *rdf, const rc_frame *frame, double range, int bins, double contact_width);
rc_status rc_rdf_add(rc_rdf *rdf, rc_cells *cells, const rc_frame *frame);
/* The table r, g_A_B...; contact[p] and error[p] per pair (NaN when the window holds no bin). */
rc_status rc_rdf_finish(const rc_rdf *rdf, rc_table *table, double *contact, double *error);
void rc_rdf_release(rc_rdf *rdf);

#endif
