/* SPDX-License-Identifier: MIT */
/* The global bond order Q6 / psi6 of frames (order.c). */
#ifndef RC_ANALYSIS_ORDER_H
#define RC_ANALYSIS_ORDER_H

#include "analysis/pairs.h"
#include "analysis/table.h"

typedef struct rc_order {
    double cutoff;
    double *q;      /* per particle: 7 complex sums (Q6m, m = 0..6) in 3D, one (psi6) in 2D */
    int32_t *bonds; /* per particle */
    size_t capacity;
    int dimension;
    double global_sum, local_sum, bond_sum; /* over frames */
    int frames;
} rc_order;

rc_status rc_order_add(rc_order *order, rc_cells *cells, const rc_frame *frame);
/* Q6 (3D) or |psi6| (2D) of all bonds together, its mean per particle, and bonds per particle; frame means. */
void rc_order_result(const rc_order *order, double *global, double *local, double *bonds);
void rc_order_release(rc_order *order);

#endif
