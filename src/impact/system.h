/* SPDX-License-Identifier: MIT */
/* The assembled impact system of one problem or one island: the block-diagonal mass matrix and the contact
 * gradients, normalised so that n_k^T M^-1 n_k = 1 (Vouga et al. 2017, section 2), stored sparse, together with
 * w_k = M^-1 n_k on the same pattern. Everything in src/impact works on this one structure. */
#ifndef RC_IMPACT_SYSTEM_H
#define RC_IMPACT_SYSTEM_H

#include <stddef.h>

#include "impact/problem.h"

typedef struct rc_system {
    int n;             /* degrees of freedom */
    int m;             /* contacts */
    double *m_diag;    /* n: diagonal mass of dofs outside 3x3 blocks */
    double *minv_diag; /* n */
    int *block_of;     /* n: the 3x3 inertia block a dof belongs to, or -1 */
    int block_count;
    int *block_first; /* first dof of each block */
    double *block_m;  /* 9 per block, row-major */
    double *block_minv;
    int *ptr;            /* m + 1: gradient k has entries ptr[k] .. ptr[k+1]-1 */
    int *idx;            /* dof of each entry */
    double *grad;        /* normalised n_k */
    double *wgrad;       /* M^-1 n_k */
    double *scale;       /* m: |raw n_k|_{M^-1}, the factor removed by normalisation */
    int *dof_global;     /* n: the dof in the whole problem (identity for the whole problem) */
    int *contact_global; /* m: the contact in the whole problem */
    size_t cap_n, cap_m, cap_nnz, cap_blocks;
} rc_system;

void rc_system_free(rc_system *sys);

/* Writes body's part of the gradient of a constraint along direction at point: sign * [direction, r x direction]
 * with r = point - centre (rotation only for rigid bodies). Returns the number of entries written. */
int rc_system_body_entries(const rc_impact_problem *problem, int body, const double *point, const double *direction,
                           double sign, int *idx, double *val);

/* Assembles the whole problem. */
rc_status rc_system_build(rc_system *sys, const rc_impact_problem *problem);

/* Copies the given contacts of src (in the given order) and the dofs they touch into dst, renumbered.
 * dof_map must hold src->n entries, all -1; it is returned all -1 again. */
rc_status rc_system_extract(rc_system *dst, const rc_system *src, const int *contacts, int count, int *dof_map);

/* Reserves room for n dofs, m contacts and nnz gradient entries (contents not kept). */
rc_status rc_system_reserve(rc_system *sys, int n, int m, size_t nnz, int blocks);

/* Copies the mass matrix and dof numbering of sys into out (reserved for sys->n dofs and its blocks). */
void rc_system_copy_masses(rc_system *out, const rc_system *sys);

/* Weighs gradient k (entries already in grad): wgrad = M^-1 grad, and scale[k] its norm sqrt(grad^T M^-1 grad),
 * which it returns; the gradient keeps its physical size. */
double rc_system_weigh(rc_system *sys, int k);
/* Weighs gradient k and divides it (and wgrad) by its norm, so that grad^T M^-1 grad = 1. Returns the raw norm. */
double rc_system_normalise(rc_system *sys, int k);

double rc_system_dot(const rc_system *sys, int k, const double *v);                /* n_k . v */
void rc_system_add_impulse(const rc_system *sys, int k, double lambda, double *v); /* v += lambda M^-1 n_k */
double rc_system_energy_norm2(const rc_system *sys, const double *v);              /* v^T M v */
void rc_system_apply_minv(const rc_system *sys, const double *in, double *out);
void rc_system_apply_m(const rc_system *sys, const double *in, double *out);

/* Labels contacts by connected component of the contact graph (contacts sharing a dof are joined).
 * label holds m entries; scratch holds 2n ints. Returns the number of components. */
int rc_system_islands(const rc_system *sys, int *label, int *scratch);

#endif

/* The kinetic-energy terms (v^T M v) of the dofs gradient k touches (whole 3x3 blocks included). */
double rc_system_contact_energy(const rc_system *sys, int k, const double *v);
