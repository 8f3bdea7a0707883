/* SPDX-License-Identifier: MIT */
/* S(k) of frames (structure_factor.c). */
#ifndef RC_ANALYSIS_STRUCTURE_FACTOR_H
#define RC_ANALYSIS_STRUCTURE_FACTOR_H

#include "analysis/table.h"
#include "ricochet/analysis.h"

typedef struct rc_structure_factor {
    int shells;
    double shell_width, k_max;
    int per_shell;
    int vectors;         /* wave vectors in use */
    double *k;           /* 3 per vector */
    int *n;              /* 3 per vector: k = 2 pi n / L (under a tilt, structure_factor.c's wave_vector) */
    int top[3];          /* the largest |n| along each axis */
    int *shell_of;       /* per vector */
    double tilt;         /* the Lees-Edwards tilt the vectors were chosen for, in [-L_f / 2, L_f / 2] */
    int flow, gradient;  /* its axes */
    double *sum, *k_sum; /* per shell: S summed over frames and vectors, |k| likewise */
    double *samples;     /* per shell: the vectors summed over frames */
    int *used;           /* per shell: the wave vectors of the current cell below k_max */
    int frames;
    double box[3];
} rc_structure_factor;

rc_status rc_structure_factor_start(rc_structure_factor *sf, const rc_frame *frame, double k_max, int per_shell);
rc_status rc_structure_factor_add(rc_structure_factor *sf, const rc_frame *frame);
rc_status rc_structure_factor_finish(const rc_structure_factor *sf, rc_table *table);
void rc_structure_factor_release(rc_structure_factor *sf);

#endif
