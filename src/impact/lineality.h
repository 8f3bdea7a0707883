/* SPDX-License-Identifier: MIT */
/* Implicit equality constraints (the lineality space of the contact cone) and their removal by projection in the
 * mass metric (Vouga et al. 2017, section 4 and Algorithm 2). */
#ifndef RC_IMPACT_LINEALITY_H
#define RC_IMPACT_LINEALITY_H

#include <stdbool.h>
#include <stddef.h>

#include "impact/system.h"

typedef struct rc_lineality {
    int *lp_row, *lp_col;
    double *lp_val;
    double *lambda;    /* m: the LP's lambda, positive on the implicit equalities, N lambda = 0 */
    bool *member;      /* m: contact is an implicit equality */
    double *basis;     /* dimension x n: an M-orthonormal basis of span(M^-1 N_I) */
    double *work;      /* 2n scratch */
    int *kept;         /* for each contact of the projected system, its contact in the unprojected one */
    double *kept_norm; /* and the M^-1-norm its gradient kept: an impulse l along the projected, renormalised
                            gradient is l / kept_norm along the original one plus a part along the equalities */
    double *small;     /* scratch for the impulse split among the implicit equalities */
    int dimension;
    size_t cap_lp_row, cap_lp_col, cap_lp_val, cap_lambda, cap_member, cap_basis, cap_work, cap_kept, cap_kept_norm,
        cap_small;
} rc_lineality;

void rc_lineality_free(rc_lineality *lin);

struct rc_loop;
/* Gordan's alternative, tried before the LP: sets *none when a velocity separating every contact by a clear
 * margin is found (then the island has no implicit equalities); *none false means only "not proven". */
rc_status rc_lineality_certify_none(struct rc_loop *loop, const rc_system *sys, bool *none);

/* Solves the detection LP for all contacts of sys; marks lin->member and sets *count. exact selects GLPK's
 * rational simplex. */
rc_status rc_lineality_detect(rc_lineality *lin, const rc_system *sys, bool exact, int *count);

/* With lin->member set: builds the M-orthonormal basis of the implicit-equality directions (lin->dimension),
 * projects velocity in place, and writes into out the projected, renormalised gradients of the contacts that do
 * not vanish (lin->kept maps them back). */
rc_status rc_lineality_project(rc_lineality *lin, const rc_system *sys, double *velocity, rc_system *out);

/* The implicit equalities take the impulse the projection and the projected gradients' components along them
 * applied. Given the island velocity before (v0) and after (v1) and the impulses of the other contacts (normalised
 * units), sets impulse[i] of every member i to a non-negative split of the remainder: the least-squares solution
 * shifted along the LP's positive null combination (any such shift applies no net impulse) until none is
 * negative. The split is the least one in that sense; statically indeterminate contacts have no unique one. */
rc_status rc_lineality_impulses(rc_lineality *lin, const rc_system *sys, const double *v0, const double *v1,
                                double *impulse);

#endif
